/* action-probe.c — LD_PRELOAD into any GTK 4 program: for each key pressed, the time and main-thread CPU from its arrival to the end of the frame that shows its result.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 43's measure of what a person feels: bench/run.py (the "action" bench) presses keys
 * through the X server (XTest, by xdotool) — Ctrl+Z and Ctrl+Shift+Z in Melee GM, a letter in
 * GNOME Text Editor, a digit in GNOME Calculator — and this probe, preloaded in each, prints
 *
 *     window XID                      once its first toplevel is mapped (for the focus)
 *     action WALL_US CPU_US           per key pressed (modifiers alone are not actions)
 *
 * WALL_US runs from the key's arrival at the window (the emission of its GdkSurface::event, seen
 * by an emission hook, before any handler) to the end of the next frame painted (the frame
 * clock's "after-paint"), CPU_US is the main thread's CPU time (CLOCK_THREAD_CPUTIME_ID) over
 * the same span: the program's own work for that key, however loaded the machine. Nothing of
 * the program is changed; as bench/first-frame-probe.c, it waits on a timeout for a toplevel. */
#define _GNU_SOURCE
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

static gint64 arrival;       /* monotonic µs of the key press waiting for its frame; 0: none */
static gint64 arrival_cpu;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
surface_event (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  GdkEvent *event = n_values > 1 ? g_value_peek_pointer (&values[1]) : NULL;

  if (event != NULL && gdk_event_get_event_type (event) == GDK_KEY_PRESS
      && !gdk_key_event_is_modifier (event) && arrival == 0)
    {
      arrival = g_get_monotonic_time ();
      arrival_cpu = thread_cpu_us ();
    }
  return TRUE;   /* stay */
}

static void
after_paint (GdkFrameClock *clock, gpointer data)
{
  if (arrival == 0)
    return;
  printf ("action %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
          g_get_monotonic_time () - arrival, thread_cpu_us () - arrival_cpu);
  fflush (stdout);
  arrival = 0;
}

static gboolean
watch (gpointer data)
{
  GListModel *windows;

  if (!gtk_is_initialized ())
    return G_SOURCE_CONTINUE;
  windows = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (windows, i);
      GdkFrameClock *clock = gtk_widget_get_mapped (window) ? gtk_widget_get_frame_clock (window) : NULL;

      if (clock == NULL)
        continue;
      g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
      g_signal_add_emission_hook (g_signal_lookup ("event", GDK_TYPE_SURFACE), 0, surface_event, NULL, NULL);
#ifdef GDK_WINDOWING_X11
      {
        GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

        if (GDK_IS_X11_SURFACE (surface))
          printf ("window %lu\n", (unsigned long) gdk_x11_surface_get_xid (surface));
      }
#endif
      fflush (stdout);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

__attribute__((constructor)) static void
probe_init (void)
{
  unsetenv ("LD_PRELOAD");   /* the program only, not what it spawns */
  g_timeout_add_full (G_PRIORITY_HIGH, 10, watch, NULL, NULL);
}

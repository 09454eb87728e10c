/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-first-frame.h — how the baseline programs of bench (a) report their first frame, the
 * same way the app does under MELEE_GM_BENCH_FIRST_FRAME=1: "first-frame" on stdout once the
 * window's first frame is painted, then quit. */
#pragma once

#include <gtk/gtk.h>

#include "mg-icon-theme-load.h"

static void
bench_after_paint (GdkFrameClock *clock, gpointer app)
{
  g_signal_handlers_disconnect_by_func (clock, bench_after_paint, app);
  g_print ("first-frame\n");
  g_application_quit (G_APPLICATION (app));
}

static void
bench_on_map (GtkWidget *window, gpointer app)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint), app);
}

/* Call before presenting the window. */
static inline void
bench_watch_first_frame (GtkWidget *window, GApplication *app)
{
  g_signal_connect (window, "map", G_CALLBACK (bench_on_map), app);
}

/* The baselines start as the app does (mg-icon-theme-load.h), so the app's ratios to them measure
 * its pages, not this. Connect to "startup" (it runs after the application's own startup). */
static void
bench_startup (GApplication *app)
{
  mg_icon_theme_load_in_thread ();
}

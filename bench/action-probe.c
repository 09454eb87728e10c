/* action-probe.c — LD_PRELOAD into any GTK 4 program: for each key pressed, the time and main-thread CPU from its arrival to the end of the frame that shows its result.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 43's measure of what a person feels: bench/run.py (the "action" bench) presses keys
 * through the X server (XTest, by xdotool) — Ctrl+Z and Ctrl+Shift+Z in Melee GM, a letter in
 * GNOME Text Editor, a digit in GNOME Calculator — and this probe, preloaded in each, prints
 *
 *     window XID                      once its first toplevel is mapped (for the focus)
 *     action WALL_US CPU_US HANDLED_US per key pressed (modifiers alone are not actions)
 *
 * WALL_US runs from the key's arrival at the window (the emission of its GdkSurface::event, seen
 * by an emission hook, before any handler) to the end of the next frame painted (the frame
 * clock's "after-paint"), CPU_US is the main thread's CPU time (CLOCK_THREAD_CPUTIME_ID) over
 * the same span: the program's own work for that key, however loaded the machine; HANDLED_US
 * the part of it before the frame started (its "before-paint"): the key's handlers and idles,
 * the rest being GTK's frame (layout, snapshot, drawing). Nothing of
 * the program is changed (but for the floor below); as bench/first-frame-probe.c, it waits on a
 * timeout for a toplevel.
 *
 * The floor (MG_BENCH_FLOOR=1, Melee GM only): GTK's own cost of the same visual change. During
 * the second undo (Ctrl+Z) and the second redo (Ctrl+Shift+Z) (MG_BENCH_FLOOR_AT=n: the n-th;
 * bench/run.py asks for one the window has made before, not a first visit that builds widgets
 * once), from the key's arrival to its
 * painted frame, the probe records every property GTK or libadwaita declares that is set on a
 * widget in the window (GObject's dispatch_properties_changed, which every notification passes:
 * the widget, the property, its new value) and every gtk_widget_queue_draw / queue_resize the
 * program's own code asks of a widget (its custom widgets: a board, a chart) and every
 * gtk_string_list_splice it makes (a combo row's choices changed in place), in order; each
 * record is then reduced to its net change (a property's last value, once). F12, pressed
 * through the same X server path, replays one of the two records with g_object_set and those
 * queue calls only — no store, no engine, no page code (every handler of the widget is blocked
 * around its set, a set skipped when GTK already made it as the consequence of another, the
 * blocking and that comparison's CPU subtracted) — the opposite change of the last
 * one shown, so two F12s after an undo show the redo's change then the undo's, leaving the
 * window as the campaign is. Its frame is GTK's floor for that change: the same widgets, the
 * same window, the same values. What the records leave out is the program's own above it:
 * widgets made again (a property set on a widget not yet in the window is not recorded), and
 * properties its own classes declare (their effect on GTK is the queue calls, recorded). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

static gint64 arrival;       /* monotonic µs of the key press waiting for its frame; 0: none */
static gint64 arrival_cpu;
static gint64 handled_cpu;    /* main-thread CPU µs at the frame's start (before-paint): the key's handlers */
static gint64 floor_overhead;  /* CPU µs the replay spent blocking handlers, not GTK's work */

/* ----------------------------------------------------------------- the floor (MG_BENCH_FLOOR) */

enum { STEP_SET, STEP_DRAW, STEP_RESIZE, STEP_SPLICE };
typedef struct {
  int kind;
  GWeakRef widget;
  GParamSpec *pspec;   /* STEP_SET */
  GValue value;
  guint position, n_removals;   /* STEP_SPLICE: on a GtkStringList, `widget` */
  char **additions;
} Step;

static gboolean floor_on;
static const char *floor_dump;   /* MG_BENCH_FLOOR_DUMP: a file the records are written to */
static GPtrArray *records[2];    /* [0] the undo's steps, [1] the redo's */
static int seen[2];              /* undo / redo keys seen */
static int record_at = 2;        /* MG_BENCH_FLOOR_AT: the undo and the redo recorded (1-based) */
static guint raw_steps[2];       /* steps recorded, before collapse () */
static int recording = -1;       /* the direction being recorded, -1: none */
static int shown = -1;           /* the direction of the last change the window shows */
static gboolean recorded;      /* both records made: F12 replays */
static guint skipped_own, skipped_unrooted, skipped_readonly;
static GHashTable *unrooted_types;   /* type name → sets on widgets of that type not in the window */

static void
step_free (gpointer data)
{
  Step *step = data;

  g_weak_ref_clear (&step->widget);
  g_strfreev (step->additions);
  if (G_IS_VALUE (&step->value))
    g_value_unset (&step->value);
  g_free (step);
}

static Step *
step_add (int kind, gpointer widget)
{
  Step *step = g_new0 (Step, 1);

  step->kind = kind;
  g_weak_ref_init (&step->widget, widget);
  g_ptr_array_add (records[recording], step);
  return step;
}

static gboolean
gtk_owned (GType type)
{
  const char *name = g_type_name (type);

  return g_str_has_prefix (name, "Gtk") || g_str_has_prefix (name, "Adw");
}

static void (*dispatch_real) (GObject *, guint, GParamSpec **);

static void
notified (GObject *object, GParamSpec *pspec)
{
  Step *step;

  if (!(pspec->flags & G_PARAM_WRITABLE) || (pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    skipped_readonly++;
  else if (!gtk_owned (pspec->owner_type))
    skipped_own++;
  else if (gtk_widget_get_root (GTK_WIDGET (object)) == NULL)
    {
      skipped_unrooted++;
      g_hash_table_insert (unrooted_types, (gpointer) G_OBJECT_TYPE_NAME (object),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (unrooted_types, G_OBJECT_TYPE_NAME (object))) + 1));
    }
  else
    {
      step = step_add (STEP_SET, object);
      step->pspec = pspec;
      g_value_init (&step->value, pspec->value_type);
      g_object_get_property (object, pspec->name, &step->value);
    }
}

/* GObjectClass.dispatch_properties_changed, which every class inherits ("notify" takes no
 * emission hook): every notification of a property, queued or not, passes here. */
static void
dispatch (GObject *object, guint n_pspecs, GParamSpec **pspecs)
{
  if (recording >= 0 && GTK_IS_WIDGET (object))
    for (guint i = 0; i < n_pspecs; i++)
      notified (object, pspecs[i]);
  dispatch_real (object, n_pspecs, pspecs);
}

/* The program's own queue calls (its custom widgets'), not GTK's or libadwaita's inside themselves. */
static gboolean
called_by_program (void *caller)
{
  Dl_info info;

  return dladdr (caller, &info) && info.dli_fname != NULL
         && strstr (info.dli_fname, "libgtk-4") == NULL && strstr (info.dli_fname, "libadwaita") == NULL;
}

static GHashTable *drawn[2];

static void
node_unref (gpointer node)
{
  if (node != NULL)
    gsk_render_node_unref (node);
}

static void
forget_drawing (gpointer data, GObject *gone)
{
  for (int d = 0; d < 2; d++)
    g_hash_table_remove (drawn[d], gone);
}

/* A custom widget's drawing: the render node its own snapshot made during the recorded undo and
 * redo, handed to GTK again as is by the floor's replay. GTK renders the same nodes, so the frame
 * has the same damage and the same drawing; the program's code that made them is its own. */
static GHashTable *class_snapshot;   /* GtkWidgetClass * → its snapshot before snapshot_wrap */
/* drawn[d]: GtkWidget * → the GskRenderNode it drew, per direction */
static int floor_shows = -1;         /* the direction the floor's replay shows; -1: the program draws */

static void
snapshot_wrap (GtkWidget *widget, GtkSnapshot *snapshot)
{
  void (*real) (GtkWidget *, GtkSnapshot *) = NULL;
  GskRenderNode *node;
  GtkSnapshot *own;

  for (GType type = G_OBJECT_TYPE (widget); real == NULL && type != 0; type = g_type_parent (type))
    real = g_hash_table_lookup (class_snapshot, g_type_class_peek (type));
  if (floor_shows >= 0 && (node = g_hash_table_lookup (drawn[floor_shows], widget)) != NULL)
    {
      gtk_snapshot_append_node (snapshot, node);
      return;
    }
  if (recording < 0 || !g_hash_table_contains (drawn[recording], widget))
    {
      real (widget, snapshot);
      return;
    }
  own = gtk_snapshot_new ();
  real (widget, own);
  node = gtk_snapshot_free_to_node (own);
  g_hash_table_insert (drawn[recording], widget, node);   /* NULL: it drew nothing */
  if (node != NULL)
    gtk_snapshot_append_node (snapshot, node);
}

/* The widget's next snapshot is kept for the floor (its class's snapshot wrapped once). */
static void
capture_drawing (GtkWidget *widget)
{
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (widget);

  if (klass->snapshot != snapshot_wrap)
    {
      g_hash_table_insert (class_snapshot, klass, klass->snapshot);
      klass->snapshot = snapshot_wrap;
    }
  if (!g_hash_table_contains (drawn[recording], widget))
    {
      g_hash_table_insert (drawn[recording], widget, NULL);
      g_object_weak_ref (G_OBJECT (widget), (GWeakNotify) forget_drawing, NULL);
    }
}

static void
queued (int kind, GtkWidget *widget, void *caller)
{
  if (recording >= 0 && gtk_widget_get_root (widget) != NULL && called_by_program (caller))
    {
      step_add (kind, widget);
      capture_drawing (widget);
    }
}

void
gtk_widget_queue_draw (GtkWidget *widget)
{
  static void (*real) (GtkWidget *);

  if (real == NULL)
    real = (void (*) (GtkWidget *)) dlsym (RTLD_NEXT, "gtk_widget_queue_draw");
  queued (STEP_DRAW, widget, __builtin_return_address (0));
  real (widget);
}

void
gtk_widget_queue_resize (GtkWidget *widget)
{
  static void (*real) (GtkWidget *);

  if (real == NULL)
    real = (void (*) (GtkWidget *)) dlsym (RTLD_NEXT, "gtk_widget_queue_resize");
  queued (STEP_RESIZE, widget, __builtin_return_address (0));
  real (widget);
}

/* A string list the program splices in place (a combo row's choices): GTK makes its list items
 * again, part of the change; the same splice is replayed from the same state. */
void
gtk_string_list_splice (GtkStringList *list, guint position, guint n_removals, const char * const *additions)
{
  static void (*real) (GtkStringList *, guint, guint, const char * const *);

  if (real == NULL)
    real = (void (*) (GtkStringList *, guint, guint, const char * const *)) dlsym (RTLD_NEXT, "gtk_string_list_splice");
  if (recording >= 0 && called_by_program (__builtin_return_address (0)))
    {
      Step *step = step_add (STEP_SPLICE, list);

      step->position = position;
      step->n_removals = n_removals;
      step->additions = g_strdupv ((char **) additions);
    }
  real (list, position, n_removals, additions);
}

static gint64 thread_cpu_us (void);

/* Blocks (or unblocks) every handler connected to object for the signals type declares. */
static void
handlers_block_for (GObject *object, GType type, gboolean block)
{
  guint n;
  g_autofree guint *ids = g_signal_list_ids (type, &n);

  for (guint i = 0; i < n; i++)
    if (block)
      g_signal_handlers_block_matched (object, G_SIGNAL_MATCH_ID, ids[i], 0, NULL, NULL, NULL);
    else
      g_signal_handlers_unblock_matched (object, G_SIGNAL_MATCH_ID, ids[i], 0, NULL, NULL, NULL);
}

/* Every handler connected to object: the program's reactions to a set, which the floor leaves out. */
static void
handlers_block (GObject *object, gboolean block)
{
  g_autofree GType *ifaces = g_type_interfaces (G_OBJECT_TYPE (object), NULL);

  for (GType type = G_OBJECT_TYPE (object); type != 0; type = g_type_parent (type))
    handlers_block_for (object, type, block);
  for (guint k = 0; ifaces[k] != 0; k++)
    handlers_block_for (object, ifaces[k], block);
}

/* The record's net change: each widget's property (or queue call) once, at its last place, with
 * its last value; the app's sets undone within the same action (a label shown then hidden) are
 * its own work, not the change's. */
static void
collapse (int direction)
{
  GPtrArray *steps = records[direction];
  GPtrArray *net = g_ptr_array_new_with_free_func (step_free);
  g_autoptr(GHashTable) seen_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  raw_steps[direction] = steps->len;
  for (guint i = steps->len; i-- > 0;)
    {
      Step *step = g_ptr_array_index (steps, i);
      g_autoptr(GObject) widget = g_weak_ref_get (&step->widget);
      char *key = step->kind == STEP_SPLICE ? g_strdup_printf ("splice %u", i)
                  : g_strdup_printf ("%p %d %p", (void *) widget, step->kind, (void *) step->pspec);

      if (widget == NULL || !g_hash_table_add (seen_keys, key))
        continue;
      g_ptr_array_insert (net, 0, g_ptr_array_steal_index (steps, i));
    }
  g_ptr_array_unref (steps);
  records[direction] = net;
}

/* One set, the widget's handlers blocked around it and skipped when the value is already
 * there (a property GTK set itself as the consequence of an earlier one): that check and the
 * blocking are the probe's work, their CPU kept out of the figure. */
static void
replay_set (GObject *widget, Step *step)
{
  GValue now = G_VALUE_INIT;
  gint64 t0 = thread_cpu_us ();
  gboolean same;

  g_value_init (&now, step->pspec->value_type);
  g_object_get_property (widget, step->pspec->name, &now);
  /* A boxed value (css-classes' string array) compares by its pointer, never equal to the one
   * recorded: compared as strings, else the replay sets a widget's classes to the list it has,
   * which GTK takes as a change and styles the widget's whole subtree again (Meeple's page: the
   * notification is GTK's own, from an allocation, with no class changed). */
  if (step->pspec->value_type == G_TYPE_STRV)
    same = g_strv_equal (g_value_get_boxed (&now) != NULL ? g_value_get_boxed (&now) : (char *[]) { NULL },
                         g_value_get_boxed (&step->value) != NULL ? g_value_get_boxed (&step->value) : (char *[]) { NULL });
  else
    same = g_param_values_cmp (step->pspec, &now, &step->value) == 0;
  g_value_unset (&now);
  if (!same)
    handlers_block (widget, TRUE);
  floor_overhead += thread_cpu_us () - t0;
  if (same)
    return;
  g_object_set_property (widget, step->pspec->name, &step->value);
  t0 = thread_cpu_us ();
  handlers_block (widget, FALSE);
  floor_overhead += thread_cpu_us () - t0;
}

static void
replay (int direction)
{
  GPtrArray *steps = records[direction];

  for (guint i = 0; i < steps->len; i++)
    {
      Step *step = g_ptr_array_index (steps, i);
      g_autoptr(GObject) widget = g_weak_ref_get (&step->widget);

      if (widget == NULL)
        continue;
      if (step->kind == STEP_DRAW)
        gtk_widget_queue_draw (GTK_WIDGET (widget));
      else if (step->kind == STEP_RESIZE)
        gtk_widget_queue_resize (GTK_WIDGET (widget));
      else if (step->kind == STEP_SPLICE)
        gtk_string_list_splice (GTK_STRING_LIST (widget), step->position, step->n_removals,
                                (const char * const *) step->additions);
      else
        replay_set (widget, step);
    }
  shown = direction;
  floor_shows = direction;
}

static void
dump_records (void)
{
  FILE *out = fopen (floor_dump, "w");

  if (out == NULL)
    return;
  fprintf (out, "undo: %u steps, %u net; redo: %u steps, %u net; left out: %u sets of the program's own "
           "properties, %u on widgets not in the window, %u read-only\n", raw_steps[0], records[0]->len,
           raw_steps[1], records[1]->len, skipped_own, skipped_unrooted, skipped_readonly);
  {
    GHashTableIter iter;
    gpointer name, count;

    g_hash_table_iter_init (&iter, unrooted_types);
    while (g_hash_table_iter_next (&iter, &name, &count))
      fprintf (out, "made again: %u sets on %s widgets not in the window\n", GPOINTER_TO_UINT (count), (char *) name);
  }
  for (int d = 0; d < 2; d++)
    for (guint i = 0; i < records[d]->len; i++)
      {
        Step *step = g_ptr_array_index (records[d], i);
        g_autoptr(GObject) widget = g_weak_ref_get (&step->widget);
        g_autofree char *value = step->kind == STEP_SET ? g_strdup_value_contents (&step->value) : NULL;

        fprintf (out, "%s %s %p %s %s\n", d ? "redo" : "undo",
                 widget ? G_OBJECT_TYPE_NAME (widget) : "(gone)", (void *) widget,
                 step->kind == STEP_SET ? step->pspec->name : step->kind == STEP_DRAW ? "queue_draw"
                 : step->kind == STEP_RESIZE ? "queue_resize" : "splice",
                 value ? value : "");
      }
  fclose (out);
}

/* A key on its arrival: an undo or redo recorded (the record_at-th of each), F12 replayed. */
static void
floor_key (GdkEvent *event)
{
  guint keyval = gdk_key_event_get_keyval (event);
  GdkModifierType mods = gdk_event_get_modifier_state (event);
  int direction;

  if ((keyval == GDK_KEY_z || keyval == GDK_KEY_Z) && (mods & GDK_CONTROL_MASK))
    {
      direction = (mods & GDK_SHIFT_MASK) ? 1 : 0;
      if (++seen[direction] == record_at)
        {
          g_ptr_array_set_size (records[direction], 0);
          recording = direction;
        }
      shown = direction;
      floor_shows = -1;
    }
  else if (keyval == GDK_KEY_F12 && recorded && shown >= 0)
    replay (1 - shown);
}

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

  /* Pause is the bench's settling key (bench/run.py FOCUS): the first key after a focus change
   * restyles the window whole, and Pause takes that frame, unmeasured, for the key after it. */
  if (event != NULL && gdk_event_get_event_type (event) == GDK_KEY_PRESS
      && !gdk_key_event_is_modifier (event) && gdk_key_event_get_keyval (event) != GDK_KEY_Pause
      && arrival == 0)
    {
      arrival = g_get_monotonic_time ();
      arrival_cpu = thread_cpu_us ();
      floor_overhead = 0;
      if (floor_on)
        floor_key (event);
    }
  return TRUE;   /* stay */
}

static void
before_paint (GdkFrameClock *clock, gpointer data)
{
  if (arrival != 0 && handled_cpu == 0)
    handled_cpu = thread_cpu_us ();
}

static void
after_paint (GdkFrameClock *clock, gpointer data)
{
  if (arrival == 0)
    return;
  printf ("action %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
          g_get_monotonic_time () - arrival - floor_overhead, thread_cpu_us () - arrival_cpu - floor_overhead,
          handled_cpu - arrival_cpu - floor_overhead);
  fflush (stdout);
  arrival = 0;
  handled_cpu = 0;
  if (recording >= 0)
    {
      collapse (recording);
      recording = -1;
      if (seen[0] >= record_at && seen[1] >= record_at && !recorded)
        {
          recorded = TRUE;
          if (floor_dump != NULL)
            dump_records ();
        }
    }
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
      g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint), NULL);
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
  floor_on = g_strcmp0 (g_getenv ("MG_BENCH_FLOOR"), "1") == 0;
  floor_dump = g_getenv ("MG_BENCH_FLOOR_DUMP");
  if (g_getenv ("MG_BENCH_FLOOR_AT") != NULL)
    record_at = MAX (atoi (g_getenv ("MG_BENCH_FLOOR_AT")), 1);
  records[0] = g_ptr_array_new_with_free_func (step_free);
  records[1] = g_ptr_array_new_with_free_func (step_free);
  class_snapshot = g_hash_table_new (NULL, NULL);
  unrooted_types = g_hash_table_new (g_str_hash, g_str_equal);
  for (int d = 0; d < 2; d++)
    drawn[d] = g_hash_table_new_full (NULL, NULL, NULL, node_unref);
  if (floor_on)
    {
      GObjectClass *object_class = g_type_class_ref (G_TYPE_OBJECT);

      dispatch_real = object_class->dispatch_properties_changed;
      object_class->dispatch_properties_changed = dispatch;
    }
  g_timeout_add_full (G_PRIORITY_HIGH, 10, watch, NULL, NULL);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* first-frame-probe.c — LD_PRELOAD=mg-bench-first-frame-probe.so PROGRAM: for any GTK 4
 * program, prints "first-frame" on stdout once its first window has painted its first frame,
 * then ends the process there (exit status 0), so bench (a)/(b) time Melee GM and its peers
 * (GNOME Calculator, GNOME Text Editor, the bare windows) the same way.
 *
 * Nothing of the program is changed: a 1 ms timeout on the default main context (which every
 * GApplication runs) waits for GTK to be initialized and a toplevel to be mapped, then hooks
 * that window's frame clock.  GTK is looked up at run time, so the probe links only GLib; a
 * program run through a wrapper (`timeout 60 PROGRAM`, `perf stat PROGRAM`) is probed too.
 *
 * With MG_BENCH_FRAME_NODE=FILE it first writes that window's render node to FILE
 * (gsk_render_node_write_to_file), for mg-bench-frame-replay to draw the same frame alone. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>
#include <gio/gio.h>

typedef gboolean   (*IsInitializedFunc) (void);
typedef GListModel *(*ToplevelsFunc)    (void);
typedef gboolean   (*GetMappedFunc)     (gpointer widget);
typedef gpointer   (*GetFrameClockFunc) (gpointer widget);

typedef gpointer   (*PaintableNewFunc)  (gpointer widget);
typedef int        (*IntrinsicFunc)     (gpointer paintable);
typedef gpointer   (*SnapshotNewFunc)   (void);
typedef void       (*PaintableSnapshotFunc) (gpointer paintable, gpointer snapshot, double width, double height);
typedef gpointer   (*FreeToNodeFunc)    (gpointer snapshot);
typedef gboolean   (*WriteToFileFunc)   (gpointer node, const char *filename, GError **error);
typedef void       (*NodeUnrefFunc)     (gpointer node);

static IsInitializedFunc is_initialized;
static ToplevelsFunc     toplevels;
static GetMappedFunc     get_mapped;
static GetFrameClockFunc get_frame_clock;
static gpointer          watched;

/* The window drawn at its own size, as its frame was (the paintable's intrinsic size takes in
 * the client-side decoration's margins, so nothing is scaled). */
static void
write_frame_node (gpointer window, const char *path)
{
  PaintableNewFunc paintable_new = (PaintableNewFunc) dlsym (RTLD_DEFAULT, "gtk_widget_paintable_new");
  IntrinsicFunc width = (IntrinsicFunc) dlsym (RTLD_DEFAULT, "gdk_paintable_get_intrinsic_width");
  IntrinsicFunc height = (IntrinsicFunc) dlsym (RTLD_DEFAULT, "gdk_paintable_get_intrinsic_height");
  SnapshotNewFunc snapshot_new = (SnapshotNewFunc) dlsym (RTLD_DEFAULT, "gtk_snapshot_new");
  PaintableSnapshotFunc paintable_snapshot = (PaintableSnapshotFunc) dlsym (RTLD_DEFAULT, "gdk_paintable_snapshot");
  FreeToNodeFunc free_to_node = (FreeToNodeFunc) dlsym (RTLD_DEFAULT, "gtk_snapshot_free_to_node");
  WriteToFileFunc write_to_file = (WriteToFileFunc) dlsym (RTLD_DEFAULT, "gsk_render_node_write_to_file");
  NodeUnrefFunc node_unref = (NodeUnrefFunc) dlsym (RTLD_DEFAULT, "gsk_render_node_unref");
  gpointer paintable, snapshot, node;

  if (!paintable_new || !width || !height || !snapshot_new || !paintable_snapshot || !free_to_node
      || !write_to_file || !node_unref)
    return;
  paintable = paintable_new (window);
  snapshot = snapshot_new ();
  paintable_snapshot (paintable, snapshot, width (paintable), height (paintable));
  node = free_to_node (snapshot);
  if (node != NULL)
    {
      write_to_file (node, path, NULL);
      node_unref (node);
    }
  g_object_unref (paintable);
}

static void
after_paint (gpointer clock, gpointer data)
{
  const char *node_path = g_getenv ("MG_BENCH_FRAME_NODE");

  if (node_path != NULL && watched != NULL)
    write_frame_node (watched, node_path);
  fputs ("first-frame\n", stdout);
  fflush (stdout);
  _exit (0);
}

static gboolean
watch (gpointer data)
{
  GListModel *windows;

  if (is_initialized == NULL)
    {
      is_initialized = (IsInitializedFunc) dlsym (RTLD_DEFAULT, "gtk_is_initialized");
      toplevels = (ToplevelsFunc) dlsym (RTLD_DEFAULT, "gtk_window_get_toplevels");
      get_mapped = (GetMappedFunc) dlsym (RTLD_DEFAULT, "gtk_widget_get_mapped");
      get_frame_clock = (GetFrameClockFunc) dlsym (RTLD_DEFAULT, "gtk_widget_get_frame_clock");
      if (is_initialized == NULL || toplevels == NULL)
        return G_SOURCE_CONTINUE;
    }
  if (!is_initialized ())
    return G_SOURCE_CONTINUE;
  windows = toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (windows); i++)
    {
      gpointer window = g_list_model_get_item (windows, i);
      gpointer clock = get_mapped (window) ? get_frame_clock (window) : NULL;

      g_object_unref (window);
      if (clock != NULL)
        {
          watched = window;   /* a toplevel: GTK keeps it while it is mapped */
          g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), NULL);
          return G_SOURCE_REMOVE;
        }
    }
  return G_SOURCE_CONTINUE;
}

__attribute__((constructor)) static void
probe_init (void)
{
  /* A program without GTK 4 is a wrapper (env, timeout, perf, strace, valgrind's launcher):
   * LD_PRELOAD is left for the GTK program it runs, which would otherwise start unprobed and
   * never print. In the GTK program, only the program itself, not what it spawns. */
  if (dlsym (RTLD_DEFAULT, "gtk_window_get_toplevels") == NULL)
    return;
  unsetenv ("LD_PRELOAD");
  g_timeout_add_full (G_PRIORITY_HIGH, 1, watch, NULL, NULL);
}

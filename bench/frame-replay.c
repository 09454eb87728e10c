/* SPDX-License-Identifier: GPL-3.0-or-later */
/* frame-replay.c — mg-bench-frame-replay FILE.node: a baseline for bench (a), the physical limit
 * of one first frame.  A bare AdwApplicationWindow, started as bare-window.c is, whose only
 * content draws a saved render node (a game's first frame, written by the first-frame probe with
 * MG_BENCH_FRAME_NODE), then prints "first-frame" and quits.  It builds, styles and lays out no
 * widget of that frame: what it costs over the header-bar window is what drawing the frame costs
 * the renderer, and the game's first frame over it is what Melee GM spends on everything else. */
#include <stdlib.h>

#include <adwaita.h>

#include "bench-first-frame.h"

static GBytes        *frame_text;
static GskRenderNode *frame;
static gboolean       not_a_node;

#define MG_TYPE_BENCH_FRAME (mg_bench_frame_get_type ())
G_DECLARE_FINAL_TYPE (MgBenchFrame, mg_bench_frame, MG, BENCH_FRAME, GtkWidget)

struct _MgBenchFrame
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (MgBenchFrame, mg_bench_frame, GTK_TYPE_WIDGET)

static void
mg_bench_frame_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  gtk_snapshot_append_node (snapshot, frame);
}

static void
mg_bench_frame_class_init (MgBenchFrameClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = mg_bench_frame_snapshot;
}

static void
mg_bench_frame_init (MgBenchFrame *self)
{
}

static void
parse_error (const GskParseLocation *start, const GskParseLocation *end, const GError *error, gpointer data)
{
  g_printerr ("mg-bench-frame-replay: line %zu: %s\n", start->lines + 1, error->message);
  not_a_node = TRUE;
}

static void
activate (GApplication *app)
{
  GtkWidget *window;
  g_autoptr(GtkCssProvider) css = NULL;

  /* Render node types exist once GTK is initialized. */
  frame = gsk_render_node_deserialize (frame_text, parse_error, NULL);
  /* The probe's paintable moves the window by its decoration's margin; the window itself draws
   * at its own origin, as this one does: the saved translation is dropped. */
  if (frame != NULL && gsk_render_node_get_node_type (frame) == GSK_TRANSFORM_NODE)
    {
      GskRenderNode *child = gsk_render_node_ref (gsk_transform_node_get_child (frame));

      gsk_render_node_unref (frame);
      frame = child;
    }
  if (frame == NULL || not_a_node)
    {
      g_printerr ("mg-bench-frame-replay: not a render node the frame can be drawn from\n");
      not_a_node = TRUE;
      g_application_quit (app);
      return;
    }
  window = adw_application_window_new (GTK_APPLICATION (app));
  css = gtk_css_provider_new ();

  /* The saved frame has the window's own background and borders: the window draws none. */
  gtk_css_provider_load_from_data (css, "window.mg-bench-frame { background: none; box-shadow: none; border: none; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_widget_add_css_class (window, "mg-bench-frame");
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), g_object_new (MG_TYPE_BENCH_FRAME, NULL));
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);  /* as bare-window.c */
  bench_watch_first_frame (window, app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (AdwApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length;
  int status;

  if (argc != 2)
    {
      g_printerr ("usage: mg-bench-frame-replay FILE.node\n");
      return 2;
    }
  /* Reading and parsing the node is in the time measured (from the spawn), as any program's own
   * start is. */
  if (!g_file_get_contents (argv[1], &text, &length, &error))
    {
      g_printerr ("mg-bench-frame-replay: %s\n", error->message);
      return 1;
    }
  frame_text = g_bytes_new_take (g_steal_pointer (&text), length);
  app = adw_application_new ("io.github.meleegm.BenchFrame", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "startup", G_CALLBACK (bench_startup), NULL);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  status = g_application_run (G_APPLICATION (app), 1, argv);
  g_clear_pointer (&frame, gsk_render_node_unref);
  g_bytes_unref (frame_text);
  return not_a_node ? 1 : status;
}

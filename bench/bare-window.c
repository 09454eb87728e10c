/* bare-window.c — the baseline for bench (a) and (b): a bare AdwApplicationWindow that prints
 * "first-frame" when its first frame is painted, then quits. */
#include <adwaita.h>

#include "bench-first-frame.h"

static void
activate (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);  /* the campaign window's default (gschema) */
  bench_watch_first_frame (window, app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (AdwApplication) app =
    adw_application_new ("io.github.meleegm.BenchBare", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}

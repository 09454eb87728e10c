/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bare-window.c — the baseline for bench (a) and (b): a bare AdwApplicationWindow that prints
 * "first-frame" when its first frame is painted, then quits.
 * mg-bench-bare-window [WIDTH HEIGHT]: the window's size, 1100 x 760 (the campaign window's
 * default, gschema) unless given. */
#include <stdlib.h>

#include <adwaita.h>

#include "bench-first-frame.h"

static int width = 1100, height = 760;

static void
activate (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  bench_watch_first_frame (window, app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (AdwApplication) app =
    adw_application_new ("io.github.meleegm.BenchBare", G_APPLICATION_NON_UNIQUE);
  if (argc == 3)
    {
      width = atoi (argv[1]);
      height = atoi (argv[2]);
    }
  g_signal_connect (app, "startup", G_CALLBACK (bench_startup), NULL);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), 1, argv);
}

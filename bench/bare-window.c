/* bare-window.c — the baseline for bench (a) and (b): a bare AdwApplicationWindow that prints
 * "first-frame" when its first frame is painted, then quits. */
#include <adwaita.h>

static void
after_paint (GdkFrameClock *clock, gpointer app)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint, app);
  g_print ("first-frame\n");
  g_application_quit (G_APPLICATION (app));
}

static void
on_map (GtkWidget *window, gpointer app)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), app);
}

static void
activate (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);  /* the campaign window's default (gschema) */
  g_signal_connect (window, "map", G_CALLBACK (on_map), app);
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

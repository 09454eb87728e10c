/* mg-table-app-host.c — the app itself serving a campaign to the browser test, its players' display on (Xvfb). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 *   mg-table-app-host DIR GAME [https]
 *
 * Creates the campaign (mg_server_test_campaign), opens it in the app's window, switches the
 * table server on in the Players' Phones dialog (on MG_TABLE_SERVER_ADDRESS, 127.0.0.1 here; over
 * HTTPS with its switch) and opens the players' display; prints
 * {"port":N,"scheme":…,"public":"/t/…/"}: no seat's link, phones join from the table's page.
 * Then each JSON line on stdin is answered with one line (mg_server_test_host_stdin), and
 * {"display": NAME} with what the players' display shows now:
 * {"ok":true, "text": every text shown on it, "png": the SHA-256 of its drawing as PNG}, the
 * PNG saved as NAME.png in $MG_SCREENSHOT_DIR when set.  The app's language is the
 * environment's (LANGUAGE=fr: the referee's app in French, and so the engine's sentences). */
#include "config.h"

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-phones-dialog.h"
#include "mg-server-test-util.h"
#include "mg-table-server.h"
#include "ui-test-util.h"

typedef struct {
  MgCampaignWindow *window;
} AppHost;

static json_object *
display_now (json_object *line, gpointer data)
{
  AppHost *host = data;
  json_object *name = NULL, *answer;
  GtkWindow *display = mg_campaign_window_get_players_display (host->window);
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GBytes) png = NULL;
  g_autofree char *sum = NULL;
  const char *dir = g_getenv ("MG_SCREENSHOT_DIR");

  if (!json_object_object_get_ex (line, "display", &name))
    return NULL;
  answer = json_object_new_object ();
  json_object_object_add (answer, "ok", json_object_new_boolean (display != NULL));
  if (display == NULL)
    return answer;
  wait_ms (150);   /* what the last change made drawn */
  ui_test_collect_shown_texts (GTK_WIDGET (display), texts);
  png = ui_test_png_bytes (GTK_WIDGET (display));
  sum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, png);
  json_object_object_add (answer, "text", json_object_new_string (texts->str));
  json_object_object_add (answer, "png", json_object_new_string (sum));
  if (dir != NULL && *dir != '\0')
    {
      g_autofree char *file = g_strconcat (json_object_get_string (name), ".png", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_file_set_contents (path, g_bytes_get_data (png, NULL), g_bytes_get_size (png), NULL);
    }
  return answer;
}

static gboolean
time_up (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* The referee's evening: the campaign opened, the phones' server switched on, the display on. */
static MgTableServer *
open_table (MgApplication *app, const char *dir, const char *game, gboolean https, AppHost *host)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) made = mg_server_test_campaign (dir, game, &error);
  g_autofree char *path = NULL;
  MgPhonesDialog *dialog;

  if (made == NULL)
    {
      g_printerr ("mg-table-app-host: %s\n", error->message);
      return NULL;
    }
  path = g_strdup (mg_campaign_get_path (made));
  g_clear_object (&made);
  host->window = MG_CAMPAIGN_WINDOW (mg_application_open_path (app, path, NULL));
  gtk_window_set_default_size (GTK_WINDOW (host->window), 1100, 760);
  /* The dialog the window's Players' Phones opens (asked again, the same one comes back). */
  dialog = mg_phones_dialog_new (GTK_WINDOW (host->window), mg_campaign_window_get_campaign (host->window));
  gtk_window_present (GTK_WINDOW (dialog));
  wait_ms (100);
  gtk_switch_set_active (mg_phones_dialog_get_switch (dialog), TRUE);
  wait_ms (100);
  if (https)
    {
      gtk_switch_set_active (mg_phones_dialog_get_tls_switch (dialog), TRUE);
      wait_ms (100);
    }
  gtk_widget_activate_action (GTK_WIDGET (host->window), "win.players-display", NULL);
  wait_ms (200);
  return mg_table_server_for_campaign (mg_campaign_window_get_campaign (host->window));
}

int
main (int argc, char **argv)
{
  g_autofree char *tmpdir = NULL;
  MgApplication *app;
  MgTableServer *server;
  GMainLoop *loop;
  json_object *out;
  gboolean https = argc == 4 && g_strcmp0 (argv[3], "https") == 0;
  AppHost host = { 0 };

  if (argc != 3 && !https)
    {
      g_printerr ("usage: mg-table-app-host DIR lamame|lamame-attack [https]\n");
      return 2;
    }
  g_setenv ("MG_TABLE_SERVER_ADDRESS", "127.0.0.1", TRUE);
  ui_test_use_catalogue ();
  /* gtk_init, not gtk_test_init (ui_test_init): stdout carries the answers only. */
  gtk_init ();
  tmpdir = g_dir_make_tmp ("mg-table-app-host-XXXXXX", NULL);
  app = mg_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  if (tmpdir == NULL || !g_application_register (G_APPLICATION (app), NULL, NULL))
    return 1;
  g_application_hold (G_APPLICATION (app));
  server = open_table (app, argv[1], argv[2], https, &host);
  if (server == NULL || !mg_table_server_is_running (server))
    {
      g_printerr ("mg-table-app-host: the table server did not start\n");
      return 1;
    }
  out = json_object_new_object ();
  json_object_object_add (out, "port", json_object_new_int ((int) mg_table_server_get_port (server)));
  json_object_object_add (out, "scheme", json_object_new_string (mg_table_server_get_tls (server) ? "https" : "http"));
  json_object_object_add (out, "seats", json_object_new_object ());
  json_object_object_add (out, "public", json_object_new_string (mg_table_server_seat_path (server, MG_SEAT_PUBLIC, NULL)));
  printf ("%s\n", json_object_to_json_string_ext (out, JSON_C_TO_STRING_PLAIN));
  fflush (stdout);
  json_object_put (out);

  loop = g_main_loop_new (NULL, FALSE);
  mg_server_test_host_stdin (mg_campaign_window_get_campaign (host.window), display_now, &host, loop);
  g_timeout_add_seconds (600, time_up, loop);
  g_main_loop_run (loop);
  g_main_loop_unref (loop);
  close_campaign_windows (app);
  ui_test_finish (app, g_steal_pointer (&tmpdir));
  return 0;
}

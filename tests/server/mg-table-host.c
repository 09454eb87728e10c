/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-host.c — a campaign served on 127.0.0.1 for the browser test (no GTK).
 *
 *   mg-table-host DIR GAME     creates a campaign (mg_server_test_campaign: La Mame at spring's
 *                              bids, La Mame at an attack round, Meeple, or a new TFT), serves
 *                              it, prints {"port":N,"seats":{"Red":"/t/…/",…},"public":"/t/…/"};
 *                              then each JSON line on stdin is a referee's action, answered with
 *                              one JSON line (mg_server_test_host_stdin); ends at end of input or
 *                              after 600 s.
 *   mg-table-host DIR GAME https   the same over HTTPS, with the campaign's self-signed certificate.
 *   mg-table-host DIR GAME join    no seat's link is issued ("seats" is empty): phones join from the
 *                              public page, and the stdin line {"let_in": SEAT} does what the
 *                              referee's Let In does. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <libintl.h>
#include <locale.h>

#include "mg-server-test-util.h"
#include "mg-table-server.h"
#include "mg-table-tls.h"
#include "mg-table-tokens.h"

static gboolean
time_up (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(MgTableServer) server = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  GMainLoop *loop;
  json_object *out, *seats;
  const char * const *players;

  gboolean https = argc == 4 && strcmp (argv[3], "https") == 0;
  gboolean join = argc == 4 && strcmp (argv[3], "join") == 0;

  if (argc != 3 && !https && !join)
    {
      fprintf (stderr, "usage: mg-table-host DIR lamame|lamame-attack|meeple|tft [https|join]\n");
      return 2;
    }
  /* The app's language from the environment (LANGUAGE=fr: the referee's app runs in French, so
   * do the engine's sentences a phone receives); the phone's words come from the catalogue built
   * in the tree (MG_LOCALEDIR), as the app's. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR") != NULL ? g_getenv ("MG_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  campaign = mg_server_test_campaign (argv[1], argv[2], &error);
  if (campaign == NULL)
    {
      fprintf (stderr, "mg-table-host: %s\n", error->message);
      return 1;
    }
  server = mg_table_server_new (campaign);
  if (https)
    {
      GTlsCertificate *tls = mg_table_tls_for_campaign (campaign, &error);
      if (tls == NULL)
        {
          fprintf (stderr, "mg-table-host: %s\n", error->message);
          return 1;
        }
      mg_table_server_set_tls (server, tls);
    }
  if (!mg_table_server_start (server, lo, 0, &error))
    {
      fprintf (stderr, "mg-table-host: %s\n", error->message);
      return 1;
    }
  out = json_object_new_object ();
  seats = json_object_new_object ();
  json_object_object_add (out, "port", json_object_new_int ((int) mg_table_server_get_port (server)));
  json_object_object_add (out, "scheme", json_object_new_string (https ? "https" : "http"));
  players = mg_campaign_get_players (campaign);
  for (guint i = 0; players[i] != NULL && !join; i++)
    json_object_object_add (seats, players[i], json_object_new_string (mg_table_server_seat_path (server, players[i], NULL)));
  json_object_object_add (out, "seats", seats);
  json_object_object_add (out, "public", json_object_new_string (mg_table_server_seat_path (server, MG_SEAT_PUBLIC, NULL)));
  printf ("%s\n", json_object_to_json_string_ext (out, JSON_C_TO_STRING_PLAIN));
  fflush (stdout);
  json_object_put (out);

  loop = g_main_loop_new (NULL, FALSE);
  mg_server_test_host_stdin (campaign, NULL, NULL, loop);
  g_timeout_add_seconds (600, time_up, loop);
  g_main_loop_run (loop);
  mg_table_server_stop (server);
  g_main_loop_unref (loop);
  g_clear_object (&server);
  return 0;
}

/* mg-table-host.c — a campaign served on 127.0.0.1 for the browser test (no GTK).
 *
 *   mg-table-host DIR GAME     creates a campaign (mg_server_test_campaign: La Mame at spring's
 *                              bids, La Mame at an attack round, or Meeple), serves
 *                              it, prints {"port":N,"seats":{"Red":"/t/…/",…},"public":"/t/…/"};
 *                              then each JSON line on stdin is a referee's action, answered with
 *                              one JSON line; ends at end of input or after 600 s.
 *   mg-table-host DIR GAME https   the same over HTTPS, with the campaign's self-signed certificate. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <gio/gunixinputstream.h>

#include "mg-server-test-util.h"
#include "mg-table-server.h"
#include "mg-table-tls.h"

typedef struct {
  MgCampaign       *campaign;
  GDataInputStream *in;
  GMainLoop        *loop;
} Host;

static void read_line (Host *host);

static void
got_line (GObject *source, GAsyncResult *result, gpointer data)
{
  Host *host = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish (host->in, result, NULL, &error);
  json_object *action, *answer;
  MgJournalEntry *entry;

  if (line == NULL)
    {
      g_main_loop_quit (host->loop);
      return;
    }
  action = json_tokener_parse (line);
  entry = action != NULL ? mg_campaign_act (host->campaign, action, &error) : NULL;
  answer = json_object_new_object ();
  json_object_object_add (answer, "ok", json_object_new_boolean (entry != NULL));
  if (entry == NULL)
    json_object_object_add (answer, "error", json_object_new_string (error ? error->message : "not JSON"));
  printf ("%s\n", json_object_to_json_string_ext (answer, JSON_C_TO_STRING_PLAIN));
  fflush (stdout);
  json_object_put (answer);
  json_object_put (action);
  g_clear_pointer (&entry, mg_journal_entry_free);
  read_line (host);
}

static void
read_line (Host *host)
{
  g_data_input_stream_read_line_async (host->in, G_PRIORITY_DEFAULT, NULL, got_line, host);
}

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
  g_autoptr(GInputStream) stdin_stream = NULL;
  json_object *out, *seats;
  const char * const *players;
  Host host = { 0 };

  if (argc != 3 && !(argc == 4 && strcmp (argv[3], "https") == 0))
    {
      fprintf (stderr, "usage: mg-table-host DIR lamame|lamame-attack|meeple [https]\n");
      return 2;
    }
  host.campaign = mg_server_test_campaign (argv[1], argv[2], &error);
  if (host.campaign == NULL)
    {
      fprintf (stderr, "mg-table-host: %s\n", error->message);
      return 1;
    }
  server = mg_table_server_new (host.campaign);
  if (argc == 4)
    {
      GTlsCertificate *tls = mg_table_tls_for_campaign (host.campaign, &error);
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
  json_object_object_add (out, "scheme", json_object_new_string (argc == 4 ? "https" : "http"));
  players = mg_campaign_get_players (host.campaign);
  for (guint i = 0; players[i] != NULL; i++)
    json_object_object_add (seats, players[i], json_object_new_string (mg_table_server_seat_path (server, players[i], NULL)));
  json_object_object_add (out, "seats", seats);
  json_object_object_add (out, "public", json_object_new_string (mg_table_server_seat_path (server, MG_SEAT_PUBLIC, NULL)));
  printf ("%s\n", json_object_to_json_string_ext (out, JSON_C_TO_STRING_PLAIN));
  fflush (stdout);
  json_object_put (out);

  host.loop = g_main_loop_new (NULL, FALSE);
  stdin_stream = g_unix_input_stream_new (0, FALSE);
  host.in = g_data_input_stream_new (stdin_stream);
  read_line (&host);
  g_timeout_add_seconds (600, time_up, host.loop);
  g_main_loop_run (host.loop);
  mg_table_server_stop (server);
  g_object_unref (host.in);
  g_main_loop_unref (host.loop);
  g_clear_object (&server);
  g_clear_object (&host.campaign);
  return 0;
}

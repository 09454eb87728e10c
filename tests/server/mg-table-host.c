/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-host.c — a campaign served on 127.0.0.1 for the browser test (no GTK).
 *
 *   mg-table-host DIR GAME     creates a campaign (mg_server_test_campaign: La Mame at spring's
 *                              bids, La Mame at an attack round, Meeple, or a new TFT), serves
 *                              it, prints {"port":N,"seats":{"Red":"/t/…/",…},"public":"/t/…/"};
 *                              then each JSON line on stdin is a referee's action, answered with
 *                              one JSON line; ends at end of input or after 600 s.
 *   mg-table-host DIR GAME https   the same over HTTPS, with the campaign's self-signed certificate.
 *   mg-table-host DIR GAME join    no seat's link is issued ("seats" is empty): phones join from the
 *                              public page, and the stdin line {"let_in": SEAT} does what the
 *                              referee's Let In does, answered {"ok":…, "code": the code the
 *                              referee's window showed for that request}. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <libintl.h>
#include <gio/gunixinputstream.h>

#include "mg-server-test-util.h"
#include "mg-table-server.h"
#include "mg-table-tls.h"
#include "mg-table-tokens.h"

typedef struct {
  MgCampaign       *campaign;
  GDataInputStream *in;
  GMainLoop        *loop;
} Host;

static void read_line (Host *host);

/* The referee's Let In for the phone asking for `seat` (the oldest such request). */
static json_object *
let_in (Host *host, const char *seat)
{
  MgTableTokens *tokens = mg_table_tokens_for_campaign (host->campaign);
  GPtrArray *claims = mg_table_tokens_get_claims (tokens);
  json_object *answer = json_object_new_object ();

  for (guint i = 0; i < claims->len; i++)
    {
      const MgTableClaim *claim = claims->pdata[i];
      if (g_strcmp0 (claim->seat, seat) != 0)
        continue;
      json_object_object_add (answer, "code", json_object_new_string (claim->code));
      json_object_object_add (answer, "ok", json_object_new_boolean (mg_table_tokens_confirm (tokens, claim->token)));
      return answer;
    }
  json_object_object_add (answer, "ok", json_object_new_boolean (FALSE));
  json_object_object_add (answer, "error", json_object_new_string ("no phone asks for that seat"));
  return answer;
}

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
  if (action != NULL && json_object_object_get_ex (action, "let_in", NULL))
    {
      answer = let_in (host, json_object_get_string (json_object_object_get (action, "let_in")));
      printf ("%s\n", json_object_to_json_string_ext (answer, JSON_C_TO_STRING_PLAIN));
      fflush (stdout);
      json_object_put (answer);
      json_object_put (action);
      read_line (host);
      return;
    }
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

  gboolean https = argc == 4 && strcmp (argv[3], "https") == 0;
  gboolean join = argc == 4 && strcmp (argv[3], "join") == 0;

  if (argc != 3 && !https && !join)
    {
      fprintf (stderr, "usage: mg-table-host DIR lamame|lamame-attack|meeple|tft [https|join]\n");
      return 2;
    }
  /* The phone's words come from the catalogue built in the tree (MG_LOCALEDIR), as the app's. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR") != NULL ? g_getenv ("MG_LOCALEDIR") : LOCALEDIR);
  host.campaign = mg_server_test_campaign (argv[1], argv[2], &error);
  if (host.campaign == NULL)
    {
      fprintf (stderr, "mg-table-host: %s\n", error->message);
      return 1;
    }
  server = mg_table_server_new (host.campaign);
  if (https)
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
  json_object_object_add (out, "scheme", json_object_new_string (https ? "https" : "http"));
  players = mg_campaign_get_players (host.campaign);
  for (guint i = 0; players[i] != NULL && !join; i++)
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

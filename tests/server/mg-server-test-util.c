/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-server-test-util.c — helpers of the table server's tests. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gio/gunixinputstream.h>

#include "mg-server-test-util.h"
#include "mg-table-tokens.h"

gboolean
mg_server_test_play (MgCampaign *campaign, const char * const *lines, GError **error)
{
  for (guint i = 0; lines[i] != NULL; i++)
    {
      json_object *action = json_tokener_parse (lines[i]);
      MgJournalEntry *entry = mg_campaign_act (campaign, action, error);
      json_object_put (action);
      if (entry == NULL)
        return FALSE;
      mg_journal_entry_free (entry);
    }
  return TRUE;
}

/* La Mame's sample year (data/samples/lamame-sample.jsonl, Red, Blue, Green) up to Red's attack on
 * Bluewater: the attack round's secrets (Red's gold, Blue's guess) are next. */
static MgCampaign *
lamame_attack (const char *path, GError **error)
{
  static const char * const players[] = { "Red", "Blue", "Green", NULL };
  g_autofree char *sample = g_build_filename (g_getenv ("MG_SOURCE_ROOT") ? g_getenv ("MG_SOURCE_ROOT") : ".",
                                              "data", "samples", "lamame-sample.jsonl", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  MgCampaign *campaign;

  if (!g_file_get_contents (sample, &text, NULL, error))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], "\"attack_gold\"") != NULL)
      {
        g_free (lines[i]);
        lines[i] = NULL;   /* the phones take it from here */
        for (guint j = i + 1; lines[j] != NULL; j++)
          g_clear_pointer (&lines[j], g_free);
        break;
      }
  campaign = mg_campaign_create (path, "lamame", "Table test", players, NULL, 1234, error);
  if (campaign != NULL && !mg_server_test_play (campaign, (const char * const *) lines, error))
    g_clear_object (&campaign);
  return campaign;
}

MgCampaign *
mg_server_test_campaign (const char *dir, const char *game, GError **error)
{
  static const char * const players[] = { "Red", "Blue", NULL };
  static const char * const lamame[] = {
    "{\"type\":\"start\",\"start_player\":\"Red\",\"initial_build\":\"introductory\"}",
    "{\"type\":\"pass\",\"player\":\"Red\"}",
    "{\"type\":\"pass\",\"player\":\"Blue\"}",
    NULL,
  };
  g_autofree char *file = g_strdup_printf ("%s.db", game);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  MgCampaign *campaign;

  g_mkdir_with_parents (dir, 0700);
  if (g_strcmp0 (game, "lamame-attack") == 0)
    return lamame_attack (path, error);
  campaign = mg_campaign_create (path, game, "Table test", players, NULL, 1234, error);
  if (campaign != NULL && g_strcmp0 (game, "lamame") == 0 && !mg_server_test_play (campaign, lamame, error))
    g_clear_object (&campaign);
  return campaign;
}

typedef struct {
  guint       port;
  const char *request;
  gsize       len;
  guint       delay_ms;
  guint       timeout_ms;
  GString    *answer;
  gint64      elapsed_us;
  gint        done;
} Raw;

static gpointer
raw_thread (gpointer data)
{
  Raw *raw = data;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GSocket) sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (lo, raw->port);
  char buf[4096];

  if (sock != NULL)
    g_socket_set_timeout (sock, (raw->timeout_ms + 999) / 1000);
  if (sock != NULL && g_socket_connect (sock, where, NULL, NULL))
    {
      gsize sent = 0;
      while (sent < raw->len)
        {
          gsize chunk = raw->delay_ms ? 1 : raw->len - sent;
          gssize n = g_socket_send (sock, raw->request + sent, chunk, NULL, NULL);
          if (n <= 0)
            break;
          sent += (gsize) n;
          if (raw->delay_ms)
            g_usleep (raw->delay_ms * 1000);
          if (g_get_monotonic_time () - start > (gint64) raw->timeout_ms * 1000)
            break;
        }
      while (g_get_monotonic_time () - start < (gint64) raw->timeout_ms * 1000)
        {
          gssize n = g_socket_receive (sock, buf, sizeof buf, NULL, NULL);
          if (n <= 0)
            break;
          g_string_append_len (raw->answer, buf, n);
        }
    }
  raw->elapsed_us = g_get_monotonic_time () - start;
  g_atomic_int_set (&raw->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

char *
mg_server_test_raw (guint port, const char *request, gsize len, guint delay_ms, guint timeout_ms,
                    guint *status, guint *elapsed_ms)
{
  Raw raw = { port, request, len, delay_ms, timeout_ms, g_string_new (NULL), 0, 0 };
  GThread *thread = g_thread_new ("raw-client", raw_thread, &raw);
  gint64 limit = g_get_monotonic_time () + (gint64) (timeout_ms + 2000) * 1000;

  /* Bounded: the client's own timeout ends it; this limit only guards the loop. */
  while (!g_atomic_int_get (&raw.done) && g_get_monotonic_time () < limit)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (500), TRUE);
  g_thread_join (thread);
  if (status != NULL)
    {
      *status = 0;
      if (g_str_has_prefix (raw.answer->str, "HTTP/1.") && raw.answer->len > 12)
        *status = (guint) g_ascii_strtoull (raw.answer->str + 9, NULL, 10);
    }
  if (elapsed_ms != NULL)
    *elapsed_ms = (guint) (raw.elapsed_us / 1000);
  return g_string_free (raw.answer, FALSE);
}

char *
mg_server_test_http (guint port, const char *method, const char *path, const char *body, guint *status)
{
  g_autofree char *length = body ? g_strdup_printf ("Content-Length: %zu\r\n", strlen (body)) : g_strdup ("");
  g_autofree char *request = g_strdup_printf ("%s %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\n"
                                              "Connection: close\r\n%s%s\r\n%s",
                                              method, path, port,
                                              body ? "Content-Type: application/json\r\n" : "",
                                              length, body ? body : "");
  return mg_server_test_raw (port, request, strlen (request), 0, 5000, status, NULL);
}

char *
mg_server_test_request (guint port, const char *method, const char *path, const char *headers,
                        const char *body, guint *status)
{
  g_autofree char *length = body ? g_strdup_printf ("Content-Length: %zu\r\n", strlen (body)) : g_strdup ("");
  g_autofree char *request = g_strdup_printf ("%s %s HTTP/1.1\r\n%sConnection: close\r\n%s\r\n%s",
                                              method, path, headers, length, body ? body : "");

  return mg_server_test_raw (port, request, strlen (request), 0, 5000, status, NULL);
}

const char *
mg_server_test_body (const char *answer)
{
  const char *end = strstr (answer, "\r\n\r\n");

  return end != NULL ? end + 4 : "";
}

char *
mg_server_test_file_sum (const char *path)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  const char *paths[] = { path, wal };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *data = NULL;
      gsize len = 0;
      if (g_file_get_contents (paths[i], &data, &len, NULL))
        g_checksum_update (sum, (const guchar *) data, len);
    }
  return g_strdup (g_checksum_get_string (sum));
}

void
mg_server_test_remove (const char *path, const char *dir)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);

  g_remove (wal);
  g_remove (shm);
  g_remove (path);
  g_rmdir (dir);
}

typedef struct {
  MgCampaign          *campaign;
  MgServerTestCommand  extra;
  gpointer             data;
  GMainLoop           *loop;
  GDataInputStream    *in;
} HostLoop;

static void host_read_line (HostLoop *host);

/* The referee's Let In for the phone asking for `seat` (the oldest such request). */
static json_object *
host_let_in (MgCampaign *campaign, const char *seat)
{
  MgTableTokens *tokens = mg_table_tokens_for_campaign (campaign);
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

/* A referee's action or Undo: {"ok"} or {"ok": false, "error"}. */
static json_object *
host_act (MgCampaign *campaign, json_object *line)
{
  g_autoptr(GError) error = NULL;
  json_object *answer = json_object_new_object (), *undo = NULL;
  gboolean ok;

  if (line != NULL && json_object_object_get_ex (line, "undo", &undo))
    ok = mg_campaign_undo (campaign, (guint) json_object_get_int (undo), NULL, &error);
  else
    {
      MgJournalEntry *entry = line != NULL ? mg_campaign_act (campaign, line, &error) : NULL;
      ok = entry != NULL;
      g_clear_pointer (&entry, mg_journal_entry_free);
    }
  json_object_object_add (answer, "ok", json_object_new_boolean (ok));
  if (!ok)
    json_object_object_add (answer, "error", json_object_new_string (error ? error->message : "not JSON"));
  return answer;
}

static void
host_got_line (GObject *source, GAsyncResult *result, gpointer data)
{
  HostLoop *host = data;
  g_autofree char *line = g_data_input_stream_read_line_finish (host->in, result, NULL, NULL);
  json_object *parsed, *answer = NULL, *seat = NULL;

  if (line == NULL)
    {
      g_main_loop_quit (host->loop);
      g_object_unref (host->in);
      g_free (host);
      return;
    }
  parsed = json_tokener_parse (line);
  if (parsed != NULL && json_object_object_get_ex (parsed, "let_in", &seat))
    answer = host_let_in (host->campaign, json_object_get_string (seat));
  else if (parsed != NULL && host->extra != NULL)
    answer = host->extra (parsed, host->data);
  if (answer == NULL)
    answer = host_act (host->campaign, parsed);
  printf ("%s\n", json_object_to_json_string_ext (answer, JSON_C_TO_STRING_PLAIN));
  fflush (stdout);
  json_object_put (answer);
  json_object_put (parsed);
  host_read_line (host);
}

static void
host_read_line (HostLoop *host)
{
  g_data_input_stream_read_line_async (host->in, G_PRIORITY_DEFAULT, NULL, host_got_line, host);
}

void
mg_server_test_host_stdin (MgCampaign *campaign, MgServerTestCommand extra, gpointer data, GMainLoop *loop)
{
  HostLoop *host = g_new0 (HostLoop, 1);
  g_autoptr(GInputStream) in = g_unix_input_stream_new (0, FALSE);

  host->campaign = campaign;
  host->extra = extra;
  host->data = data;
  host->loop = loop;
  host->in = g_data_input_stream_new (in);
  host_read_line (host);
}

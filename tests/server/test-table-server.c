/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-server.c — the table server over HTTP on 127.0.0.1: each seat reads and acts as
 * itself only; every trick refused with the campaign unchanged (issue 37). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include <libintl.h>

#include "mg-actions.h"
#include "mg-catalogue.h"
#include "mg-game.h"
#include "mg-ruleset.h"
#include "mg-server-test-util.h"
#include "mg-table-server.h"
#include "mg-table-tls.h"
#include "mg-table-tokens.h"

typedef struct {
  char          *dir;
  MgCampaign    *campaign;
  MgTableServer *server;
  guint          port;
  char          *red;      /* "/t/TOKEN/" */
  char          *blue;
  char          *pub;
  gint64         count0;
  char          *sum0;
  char          *state0;
} Fx;

static char *
state_text (MgCampaign *c)
{
  json_object *s = mg_state_to_json (mg_campaign_get_state (c));
  char *text = g_strdup (json_object_to_json_string (s));

  json_object_put (s);
  return text;
}

static void
fx_snapshot (Fx *fx)
{
  g_free (fx->sum0);
  g_free (fx->state0);
  fx->count0 = mg_campaign_journal_count (fx->campaign);
  fx->sum0 = mg_server_test_file_sum (mg_campaign_get_path (fx->campaign));
  fx->state0 = state_text (fx->campaign);
}

static void
fx_assert_unchanged (Fx *fx)
{
  g_autofree char *sum = mg_server_test_file_sum (mg_campaign_get_path (fx->campaign));
  g_autofree char *state = state_text (fx->campaign);

  g_assert_cmpint (mg_campaign_journal_count (fx->campaign), ==, fx->count0);
  g_assert_cmpstr (sum, ==, fx->sum0);
  g_assert_cmpstr (state, ==, fx->state0);
}

static void
fx_setup (Fx *fx, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  MgTableServerLimits limits;

  fx->dir = g_dir_make_tmp ("mg-server-XXXXXX", &error);
  g_assert_no_error (error);
  fx->campaign = mg_server_test_campaign (fx->dir, "lamame", &error);
  g_assert_no_error (error);
  fx->server = mg_table_server_new (fx->campaign);
  mg_table_server_limits_default (&limits);
  limits.header_timeout_ms = 1000;   /* short, yet long enough for a loaded CI machine */
  limits.idle_timeout_ms = 2000;
  mg_table_server_set_limits (fx->server, &limits);
  g_assert_true (mg_table_server_start (fx->server, lo, 0, &error));
  g_assert_no_error (error);
  fx->port = mg_table_server_get_port (fx->server);
  g_assert_cmpuint (fx->port, >, 0);
  fx->red = mg_table_server_seat_path (fx->server, "Red", &error);
  fx->blue = mg_table_server_seat_path (fx->server, "Blue", &error);
  fx->pub = mg_table_server_seat_path (fx->server, MG_SEAT_PUBLIC, &error);
  g_assert_no_error (error);
  fx_snapshot (fx);
}

static void
fx_teardown (Fx *fx, gconstpointer data)
{
  g_autofree char *path = g_strdup (mg_campaign_get_path (fx->campaign));

  g_clear_object (&fx->server);
  g_clear_object (&fx->campaign);
  mg_server_test_remove (path, fx->dir);
  g_free (fx->dir);
  g_free (fx->red);
  g_free (fx->blue);
  g_free (fx->pub);
  g_free (fx->sum0);
  g_free (fx->state0);
}

/* One request; returns the parsed JSON body (NULL when not JSON) and the status. */
static json_object *
get_json (Fx *fx, const char *method, const char *path, const char *body, guint *status)
{
  g_autofree char *answer = mg_server_test_http (fx->port, method, path, body, status);

  return json_tokener_parse (mg_server_test_body (answer));
}

static json_object *
seat_player (json_object *state, const char *name)
{
  json_object *view = json_object_object_get (state, "view");
  json_object *players = json_object_object_get (view, "players");

  for (size_t i = 0; i < json_object_array_length (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (p, "name")), name) == 0)
        return p;
    }
  return NULL;
}

/* A refusal: the status, a JSON {"error": text}, no view. */
static void
assert_refused (Fx *fx, const char *method, const char *path, const char *body, guint want)
{
  guint status = 0;
  g_autofree char *answer = mg_server_test_http (fx->port, method, path, body, &status);
  json_object *o = json_tokener_parse (mg_server_test_body (answer));

  if (want != 0)
    g_assert_cmpuint (status, ==, want);
  else
    g_assert_true (status >= 400 && status < 500);
  g_assert_nonnull (o);
  g_assert_true (json_object_is_type (json_object_object_get (o, "error"), json_type_string));
  g_assert_null (strstr (answer, "\"view\""));
  json_object_put (o);
}

static void
test_reads_own_view (Fx *fx, gconstpointer data)
{
  g_autofree char *path = g_strconcat (fx->red, "state", NULL);
  g_autofree char *pub = g_strconcat (fx->pub, "state", NULL);
  guint status = 0;
  json_object *red = get_json (fx, "GET", path, NULL, &status);
  json_object *steps = json_object_object_get (red, "steps");
  json_object *pubs;

  g_assert_cmpuint (status, ==, 200);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (red, "seat")), ==, "Red");
  /* Spring's only secret step for Red: a start bid, as Red. */
  g_assert_cmpuint (json_object_array_length (steps), >=, 1);
  for (size_t i = 0; i < json_object_array_length (steps); i++)
    {
      json_object *a = json_object_array_get_idx (steps, i);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (a, "type")), ==, "start_bid");
      g_assert_cmpstr (json_object_get_string (json_object_object_get (a, "player")), ==, "Red");
    }
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_object_get (red, "pending"), "phase")), ==, "start_bid");
  json_object_put (red);
  pubs = get_json (fx, "GET", pub, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_cmpuint (json_object_array_length (json_object_object_get (pubs, "steps")), ==, 0);
  json_object_put (pubs);
  /* The page and its files are served under the link only. */
  g_free (mg_server_test_http (fx->port, "GET", fx->red, NULL, &status));
  g_assert_cmpuint (status, ==, 200);
  fx_assert_unchanged (fx);
}

static void
test_acts_as_own_seat (Fx *fx, gconstpointer data)
{
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *blue_state = g_strconcat (fx->blue, "state", NULL);
  g_autofree char *red_state = g_strconcat (fx->red, "state", NULL);
  g_autoptr(MgJournalEntry) last = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0;
  json_object *o;
  g_autofree char *blue_text = NULL;
  g_autofree char *blue_answer = NULL;

  o = get_json (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":4,\"template\":true}", &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_true (json_object_get_boolean (json_object_object_get (o, "ok")));
  json_object_put (o);
  /* Through the journal, as the app acts: one row, Red's, without the form's "template". */
  g_assert_cmpint (mg_campaign_journal_count (fx->campaign), ==, fx->count0 + 1);
  last = mg_campaign_journal_get (fx->campaign, fx->count0 + 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (last->actor, ==, "Red");
  g_assert_null (strstr (last->action, "template"));
  /* Red sees the bid; Blue sees that Red bid, never how much. */
  o = get_json (fx, "GET", red_state, NULL, &status);
  g_assert_cmpint (json_object_get_int (json_object_object_get (seat_player (o, "Red"), "start_bid")), ==, 4);
  json_object_put (o);
  blue_answer = mg_server_test_http (fx->port, "GET", blue_state, NULL, &status);
  blue_text = g_strdup (mg_server_test_body (blue_answer));
  o = json_tokener_parse (blue_text);
  /* The engine's view says "entered" (true) for another seat's bid, never the amount. */
  g_assert_true (json_object_is_type (json_object_object_get (seat_player (o, "Red"), "start_bid"), json_type_boolean));
  g_assert_null (strstr (blue_text, "\"gold\":4"));
  json_object_put (o);
  /* Undo works on it as on any action. */
  g_assert_true (mg_campaign_can_undo (fx->campaign));
  g_assert_true (mg_campaign_undo (fx->campaign, 1, NULL, &error));
  g_assert_no_error (error);
  o = get_json (fx, "GET", red_state, NULL, &status);
  g_assert_true (json_object_is_type (json_object_object_get (seat_player (o, "Red"), "start_bid"), json_type_null));
  json_object_put (o);
}

/* A refused action a player can read on the phone: the engine's sentence, or for a field the
 * word the phone's form gives it, never a JSON path; the campaign unchanged. */
static void
test_refusal_in_words (Fx *fx, gconstpointer data)
{
  static const struct { const char *body, *said; } cases[] = {
    { "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":99}", "Red has only 15 gold to bid" },
    { "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":-1}", "Gold must be an integer from 0 to 100000, not -1." },
    { "{\"type\":\"start_bid\",\"player\":\"Red\"}", "Gold is missing: give an integer from 0 to 100000." },
  };
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint status = 0;
      json_object *o = get_json (fx, "POST", act, cases[i].body, &status);

      g_assert_cmpuint (status, ==, 422);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (o, "error")), ==, cases[i].said);
      json_object_put (o);
    }
  fx_assert_unchanged (fx);
}

static void
test_other_seat_refused (Fx *fx, gconstpointer data)
{
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *pub_act = g_strconcat (fx->pub, "act", NULL);

  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":2}", 403);
  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"gold\":2}", 403);
  /* The referee's step (every bid typed at once) is not a phone's. */
  assert_refused (fx, "POST", act, "{\"type\":\"start_bids\",\"bids\":{\"Red\":1,\"Blue\":0}}", 403);
  assert_refused (fx, "POST", act, "{\"type\":\"adjust\",\"player\":\"Red\",\"gold\":50}", 422);
  assert_refused (fx, "POST", act, "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}", 422);
  /* A phone never types its own dice. */
  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2,\"dice\":[6]}", 400);
  assert_refused (fx, "POST", pub_act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2}", 403);
  fx_assert_unchanged (fx);
}

static void
test_no_or_guessed_token (Fx *fx, gconstpointer data)
{
  const char *paths[] = { "/", "/t/", "/t", "/state", "/act", "/ws", "/t//state", "/t/state",
                          "/index.html", "/app.js", "/style.css", "/favicon.ico" };
  char token[MG_TABLE_TOKEN_LEN + 1];
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    assert_refused (fx, "GET", paths[i], NULL, 403);
  /* Guesses: random tokens, and the real one with its last character changed or its case. */
  for (guint n = 0; n < 12; n++)
    {
      g_autofree char *path = NULL;
      for (guint i = 0; i < MG_TABLE_TOKEN_LEN; i++)
        token[i] = alphabet[g_random_int_range (0, 64)];
      token[MG_TABLE_TOKEN_LEN] = '\0';
      path = g_strdup_printf ("/t/%s/state", token);
      assert_refused (fx, "GET", path, NULL, 403);
    }
  {
    g_autofree char *near = g_strconcat (fx->red, "state", NULL);
    g_autofree char *upper = g_ascii_strup (fx->red, -1);
    g_autofree char *up_state = NULL;
    near[3 + MG_TABLE_TOKEN_LEN - 1] = near[3 + MG_TABLE_TOKEN_LEN - 1] == 'A' ? 'B' : 'A';
    assert_refused (fx, "GET", near, NULL, 403);
    upper[1] = 't';
    up_state = g_strconcat (upper, "state", NULL);
    if (strcmp (upper, fx->red) != 0)
      assert_refused (fx, "GET", up_state, NULL, 403);
  }
  fx_assert_unchanged (fx);
}

static void
test_revoked_token (Fx *fx, gconstpointer data)
{
  g_autofree char *old_state = g_strconcat (fx->red, "state", NULL);
  g_autofree char *old_act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *fresh = NULL;
  g_autofree char *fresh_state = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0;

  g_assert_nonnull (mg_table_tokens_reissue (mg_table_tokens_for_campaign (fx->campaign), "Red", &error));
  g_assert_no_error (error);
  assert_refused (fx, "GET", old_state, NULL, 403);
  assert_refused (fx, "POST", old_act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}", 403);
  assert_refused (fx, "GET", fx->red, NULL, 403);
  fresh = mg_table_server_seat_path (fx->server, "Red", &error);
  g_assert_cmpstr (fresh, !=, fx->red);
  fresh_state = g_strconcat (fresh, "state", NULL);
  g_free (mg_server_test_http (fx->port, "GET", fresh_state, NULL, &status));
  g_assert_cmpuint (status, ==, 200);
  fx_assert_unchanged (fx);
}

static void
test_path_tricks (Fx *fx, gconstpointer data)
{
  g_autofree char *tok = g_strndup (fx->red + 3, MG_TABLE_TOKEN_LEN);
  const char *forms[] = {
    "/t/%s/../state", "/t/%s/%%2e%%2e/state", "/t/%s/state%%00",
    "/t/%s//state", "/t/%s/../../../etc/passwd", "/t/%s/state/",
    "/t/%s/%%2E%%2E/%%2E%%2E/etc/passwd", "/t/%s/..%%2fstate",
    "/t/%s/state%%2f", "/t/%s%%2fstate", "//t/%s/state", "/t/%s/STATE",
    "/t/%s/seat.html", "/t/%s/mg-web.gresource.xml"
  };

  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *path = g_strdup_printf (forms[i], tok);
      guint status = 0;
      g_autofree char *answer = mg_server_test_http (fx->port, "GET", path, NULL, &status);
      if (status == 200)
        g_error ("%s was served", forms[i]);
      g_assert_cmpuint (status, >=, 400);
      g_assert_null (strstr (answer, "\"view\""));
    }
  {
    /* Dot segments are resolved as RFC 3986 says before the gate sees the path: these name Red's
     * own resources, so they answer as Red and nothing else. */
    const char *same[] = { "/t/%s/./state", "/t/%s/app.js/../state", "/t/%s/x/../state",
                           "/t/./%s/state", "/t/%s/%%73tate" };
    for (guint i = 0; i < G_N_ELEMENTS (same); i++)
      {
        g_autofree char *path = g_strdup_printf (same[i], tok);
        guint status = 0;
        g_autofree char *answer = mg_server_test_http (fx->port, "GET", path, NULL, &status);
        g_assert_cmpuint (status, ==, 200);
        g_assert_true (g_str_has_prefix (mg_server_test_body (answer), "{\"seat\":\"Red\""));
      }
  }
  {
    /* A NUL byte inside the request line, and the token percent-encoded. */
    g_autofree char *nul = g_strdup_printf ("GET /t/%s/state", tok);
    GString *req = g_string_new (nul);
    guint status = 0;
    g_autofree char *answer = NULL;
    g_autofree char *enc = g_strdup_printf ("/t/%%%02X%s/state", (guint) tok[0], tok + 1);
    g_string_append_c (req, '\0');
    g_string_append (req, "x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    answer = mg_server_test_raw (fx->port, req->str, req->len, 0, 3000, &status, NULL);
    g_assert_cmpuint (status, !=, 200);
    g_assert_null (strstr (answer, "\"view\""));
    g_string_free (req, TRUE);
    /* The token percent-encoded is still Red's token, read as Red. */
    g_free (answer);
    answer = mg_server_test_http (fx->port, "GET", enc, NULL, &status);
    g_assert_true (status == 200 || status == 403);
    g_assert_true (status == 403 || g_str_has_prefix (mg_server_test_body (answer), "{\"seat\":\"Red\""));
  }
  fx_assert_unchanged (fx);
}

static void
test_oversized (Fx *fx, gconstpointer data)
{
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *state = g_strconcat (fx->red, "state", NULL);
  g_autofree char *pad = g_strnfill (20000, ' ');
  g_autofree char *body = g_strdup_printf ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1%s}", pad);
  g_autofree char *huge_header = g_strnfill (70000, 'a');
  guint status = 0;
  g_autofree char *answer = NULL;
  g_autofree char *chunked = NULL;
  g_autofree char *lying = NULL;
  g_autofree char *headers = NULL;

  assert_refused (fx, "POST", act, body, 413);
  /* A length announced far past the limit: refused before a byte of it is read. */
  lying = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n{", act);
  answer = mg_server_test_raw (fx->port, lying, strlen (lying), 0, 3000, &status, NULL);
  g_assert_cmpuint (status, ==, 413);
  g_clear_pointer (&answer, g_free);
  chunked = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                             "5\r\n{\"a\":\r\n0\r\n\r\n", act);
  answer = mg_server_test_raw (fx->port, chunked, strlen (chunked), 0, 3000, &status, NULL);
  g_assert_cmpuint (status, ==, 411);
  g_clear_pointer (&answer, g_free);
  assert_refused (fx, "GET", state, "{\"x\":1}", 400);
  headers = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\nConnection: close\r\n\r\n", state, huge_header);
  answer = mg_server_test_raw (fx->port, headers, strlen (headers), 0, 3000, &status, NULL);
  g_assert_cmpuint (status, !=, 200);
  g_assert_null (strstr (answer, "\"view\""));
  fx_assert_unchanged (fx);
}

static void
test_malformed (Fx *fx, gconstpointer data)
{
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *deep = g_strnfill (200, '[');
  const char *bodies[] = {
    "{", "[1,2]", "null", "42", "\"start_bid\"", "{\"type\":1}", "{\"player\":\"Red\"}",
    "\xff\xfe{}", "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2} trailing",
    "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2}{\"type\":\"start_bid\"}",
    "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2,}", deep,
  };

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_test_message ("malformed body %u", i);
      assert_refused (fx, "POST", act, bodies[i], 400);
    }
  /* Well-formed but wrong: the engine's own words. */
  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":\"lots\"}", 422);
  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":99}", 422);
  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":-1}", 422);
  /* Methods. */
  assert_refused (fx, "GET", act, NULL, 405);
  {
    g_autofree char *state = g_strconcat (fx->red, "state", NULL);
    assert_refused (fx, "POST", state, "{}", 405);
    assert_refused (fx, "DELETE", state, NULL, 405);
  }
  fx_assert_unchanged (fx);
}

/* One request with its own headers: refused with `want`, no view, the campaign's bytes as they were. */
static void
assert_attack_refused (Fx *fx, const char *method, const char *path, const char *headers,
                       const char *body, guint want)
{
  guint status = 0;
  g_autofree char *answer = mg_server_test_request (fx->port, method, path, headers, body, &status);

  g_test_message ("%s %s: %u", method, path, status);
  g_assert_cmpuint (status, ==, want);
  g_assert_null (strstr (answer, "\"view\""));
  fx_assert_unchanged (fx);
}

/* Issue 41's attacks on a seat's link, each refused with the campaign file unchanged. */
static void
test_attacks (Fx *fx, gconstpointer data)
{
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *state = g_strconcat (fx->red, "state", NULL);
  g_autofree char *ws = g_strconcat (fx->red, "ws", NULL);
  g_autofree char *own = g_strdup_printf ("Host: 127.0.0.1:%u\r\n", fx->port);
  g_autofree char *json = g_strconcat (own, "Content-Type: application/json\r\n", NULL);
  g_autofree char *pad = g_strnfill (4000, 'x');
  g_autofree char *padded = g_strdup_printf ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":3,\"note\":\"%s\"}", pad);
  const char *bid = "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":3}";
  const char *nuls[] = {
    "{\"type\":\"start_bid\\u0000x\",\"player\":\"Red\",\"gold\":3}",
    "{\"type\":\"start_bid\",\"player\":\"Red\\u0000\",\"gold\":3}",
    "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":3,\"note\":\"\\u0000\\u0000\\u0000\"}",
    "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\\u0000x\":3}",
  };
  const char *forms[] = { "text/plain", "application/x-www-form-urlencoded",
                          "multipart/form-data; boundary=x", "text/plain; charset=utf-8" };
  const char *foreign_hosts[] = { "Host: evil.example\r\n", "Host: 127.0.0.1\r\n", "Host: localhost:1\r\n" };
  g_autofree char *rebound = g_strdup_printf ("Host: rebind.evil.example:%u\r\n", fx->port);
  guint accepted = 0, told_to_wait = 0;

  /* U+0000 in a type, a value, a padding member, a key. */
  for (guint i = 0; i < G_N_ELEMENTS (nuls); i++)
    assert_attack_refused (fx, "POST", act, json, nuls[i], 400);
  /* A page of another site: its Origin, on an action and on the live socket. */
  {
    g_autofree char *h = g_strconcat (json, "Origin: http://evil.example\r\n", NULL);
    g_autofree char *h2 = g_strconcat (json, "Origin: null\r\n", NULL);
    g_autofree char *upgrade = g_strconcat (own, "Origin: http://evil.example\r\nUpgrade: websocket\r\n"
                                            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                            "Sec-WebSocket-Version: 13\r\n", NULL);
    assert_attack_refused (fx, "POST", act, h, bid, 403);
    assert_attack_refused (fx, "POST", act, h2, bid, 403);
    assert_attack_refused (fx, "GET", ws, upgrade, NULL, 403);
  }
  /* A plain HTML form (or a fetch without a preflight) posting the same JSON. */
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *h = g_strdup_printf ("%sContent-Type: %s\r\n", own, forms[i]);
      assert_attack_refused (fx, "POST", act, h, bid, 415);
    }
  assert_attack_refused (fx, "POST", act, own, bid, 415);
  /* Another name for this machine (DNS rebinding), a missing port, none at all: nothing served. */
  for (guint i = 0; i < G_N_ELEMENTS (foreign_hosts); i++)
    {
      assert_attack_refused (fx, "GET", state, foreign_hosts[i], NULL, 421);
      assert_attack_refused (fx, "GET", fx->red, foreign_hosts[i], NULL, 421);
    }
  assert_attack_refused (fx, "GET", state, "", NULL, 400);   /* no Host: libsoup's own refusal */
  {
    g_autofree char *h = g_strconcat (rebound, "Content-Type: application/json\r\n", NULL);
    assert_attack_refused (fx, "POST", act, h, bid, 421);
  }
  /* A re-entry padded out: past the size of a secret. */
  assert_attack_refused (fx, "POST", act, json, padded, 413);
  /* A flood of re-entries: a burst goes through (each a journal row), then the seat waits, and
   * the refused ones write nothing. */
  for (guint i = 0; i < 30; i++)
    {
      guint status = 0;
      g_autofree char *body = g_strdup_printf ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":%u}", i % 5);
      g_free (mg_server_test_request (fx->port, "POST", act, json, body, &status));
      accepted += status == 200;
      told_to_wait += status == 429;
      if (status == 429 && told_to_wait == 1)
        fx_snapshot (fx);
    }
  g_test_message ("30 re-entries at once: %u entered, %u told to wait", accepted, told_to_wait);
  g_assert_cmpuint (accepted, >=, 1);
  g_assert_cmpuint (accepted, <=, 12);   /* the burst (10) and what 0.5 a second refills */
  g_assert_cmpuint (accepted + told_to_wait, ==, 30);
  fx_assert_unchanged (fx);
  /* The seat's own page still works as before, once its link's reading rate (20 a second, the
   * flood above spent its burst of 40 in a few milliseconds on a quiet machine) lets it in. */
  g_usleep (200 * 1000);
  {
    guint status = 0;
    g_free (mg_server_test_request (fx->port, "GET", state, own, NULL, &status));
    g_assert_cmpuint (status, ==, 200);
  }
}

/* The phone's words: from po/ in the phone's language whatever the app's, the game's own words
 * for every step a phone is offered, and nothing read from a path a header names. */
static void
test_words (Fx *fx, gconstpointer data)
{
  g_autofree char *words = g_strconcat (fx->red, "words", NULL);
  g_autofree char *state = g_strconcat (fx->red, "state", NULL);
  g_autofree char *own = g_strdup_printf ("Host: 127.0.0.1:%u\r\n", fx->port);
  const char *tricks[] = { "../../../../etc/passwd", "fr/../../x", "xx-YY", "", ";q=1,,,", "zz" };
  guint n_games = 0;
  const MgRules **games = mg_rules_all (&n_games);
  json_object *o, *w, *steps;
  guint status = 0;

  {
    g_autofree char *h = g_strconcat (own, "Accept-Language: fr-CH, fr;q=0.9, en;q=0.8\r\n", NULL);
    g_autofree char *answer = mg_server_test_request (fx->port, "GET", words, h, NULL, &status);
    g_assert_cmpuint (status, ==, 200);
    o = json_tokener_parse (mg_server_test_body (answer));
    g_assert_cmpstr (json_object_get_string (json_object_object_get (o, "lang")), ==, "fr");
    w = json_object_object_get (o, "words");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "you_play")), ==, "Vous jouez %s");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "start_bid")), ==,
                     "Votre enchère pour le premier joueur");
    json_object_put (o);
  }
  for (guint i = 0; i < G_N_ELEMENTS (tricks); i++)
    {
      g_autofree char *h = g_strdup_printf ("%sAccept-Language: %s\r\n", own, tricks[i]);
      g_autofree char *answer = mg_server_test_request (fx->port, "GET", words, h, NULL, &status);
      g_assert_cmpuint (status, ==, 200);
      o = json_tokener_parse (mg_server_test_body (answer));
      g_assert_cmpstr (json_object_get_string (json_object_object_get (o, "lang")), ==, "en");
      g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_object_get (o, "words"), "you_play")),
                       ==, "You play %s");
      json_object_put (o);
    }
  /* Every step Red's phone is offered now has the game's word. */
  o = get_json (fx, "GET", state, NULL, &status);
  steps = json_object_object_get (o, "steps");
  g_assert_cmpuint (json_object_array_length (steps), >, 0);
  for (size_t i = 0; i < json_object_array_length (steps); i++)
    {
      const char *type = json_object_get_string (json_object_object_get (json_object_array_get_idx (steps, i), "type"));
      gboolean found = FALSE;
      for (const MgWord *word = mg_campaign_get_rules (fx->campaign)->phone_words; word && word->key; word++)
        found |= g_strcmp0 (word->key, type) == 0;
      g_assert_true (found);
    }
  json_object_put (o);
  /* And every action a game declares secret (a phone's step) has its word. */
  for (guint g = 0; g < n_games; g++)
    for (guint a = 0; games[g]->actions != NULL && a < games[g]->actions->n_actions; a++)
      {
        const MgAction *action = &games[g]->actions->actions[a];
        gboolean found = FALSE;
        if (!(action->flags & MG_ACTION_SECRET))
          continue;
        for (const MgWord *word = games[g]->phone_words; word && word->key; word++)
          found |= g_strcmp0 (word->key, action->type) == 0;
        if (!found)
          g_error ("%s: the secret action \"%s\" has no phone word. Fix: add { \"%s\", N_(\"…\") } to the "
                   "engine's phone_words (MgRules) and translate it in po/ (docs/adding-a-game.md, \"Phone words\")",
                   games[g]->id, action->type, action->type);
      }
}

/* Joining: a phone asks from the table's page, waits with its own token (reading its request
 * only, acting never), is let in or refused by the referee; requests are bounded per address. */
static void
test_join (Fx *fx, gconstpointer data)
{
  MgTableTokens *tokens = mg_table_tokens_for_campaign (fx->campaign);
  g_autofree char *claim = g_strconcat (fx->pub, "claim", NULL);
  g_autofree char *red_claim = g_strconcat (fx->red, "claim", NULL);
  g_autofree char *link = NULL, *state = NULL, *act = NULL, *answer = NULL, *pub_state = NULL;
  g_autofree char *old_red = g_strdup (fx->red);
  json_object *o;
  guint status = 0;

  /* The table's page lists the seats and whether a phone has each, never a link. */
  pub_state = g_strconcat (fx->pub, "state", NULL);
  answer = mg_server_test_http (fx->port, "GET", pub_state, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_nonnull (strstr (answer, "\"seats\":[{\"name\":\"Red\",\"held\":true}"));
  g_assert_null (strstr (answer, fx->red + 3));
  /* Asked from a seat's page, for no seat, for a stranger: refused. */
  assert_refused (fx, "POST", red_claim, "{\"seat\":\"Red\"}", 403);
  assert_refused (fx, "POST", claim, "{\"seat\":\"Mallory\"}", 400);
  assert_refused (fx, "POST", claim, "{}", 400);
  o = get_json (fx, "POST", claim, "{\"seat\":\"Red\"}", &status);
  g_assert_cmpuint (status, ==, 200);
  link = g_strdup (json_object_get_string (json_object_object_get (o, "link")));
  g_assert_cmpuint (strlen (json_object_get_string (json_object_object_get (o, "code"))), ==, 4);
  json_object_put (o);
  /* Waiting: its request only, no view, no step, no act, no live socket. */
  state = g_strconcat (link, "state", NULL);
  act = g_strconcat (link, "act", NULL);
  g_free (answer);
  answer = mg_server_test_http (fx->port, "GET", state, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_nonnull (strstr (answer, "\"waiting\""));
  g_assert_null (strstr (answer, "\"view\""));
  g_assert_null (strstr (answer, "\"steps\""));
  assert_refused (fx, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}", 403);
  /* Two requests at most from one address; the third is told to wait. */
  g_free (mg_server_test_http (fx->port, "POST", claim, "{\"seat\":\"Blue\"}", &status));
  g_assert_cmpuint (status, ==, 200);
  assert_refused (fx, "POST", claim, "{\"seat\":\"Blue\"}", 429);
  /* Told in the phone's language, whatever the app's (issue 41). */
  {
    g_autofree char *h = g_strdup_printf ("Host: 127.0.0.1:%u\r\nContent-Type: application/json\r\n"
                                          "Accept-Language: fr\r\n", fx->port);
    g_autofree char *fr = mg_server_test_request (fx->port, "POST", claim, h, "{\"seat\":\"Blue\"}", &status);
    json_object *o = json_tokener_parse (mg_server_test_body (fr));
    const char *busy = "Too many phones are waiting for the referee: ask the referee, then try again.";
    const char *said = json_object_get_string (json_object_object_get (o, "error"));
    g_assert_cmpuint (status, ==, 429);
    g_assert_cmpstr (said, ==, mg_catalogue_gettext (mg_catalogue_get ("fr"), busy));
    g_assert_true (g_str_has_prefix (said, "Trop de téléphones"));
    json_object_put (o);
  }
  g_assert_cmpuint (mg_table_tokens_get_claims (tokens)->len, ==, 2);
  fx_assert_unchanged (fx);
  /* The referee lets the Red request in: its token is Red's, the old phone's is refused. */
  {
    g_autofree char *token = g_strndup (link + 3, MG_TABLE_TOKEN_LEN);   /* "/t/TOKEN/" */
    g_assert_true (mg_table_tokens_confirm (tokens, token));
  }
  g_free (answer);
  answer = mg_server_test_http (fx->port, "GET", state, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_true (g_str_has_prefix (mg_server_test_body (answer), "{\"seat\":\"Red\""));
  g_free (answer);
  answer = mg_server_test_http (fx->port, "GET", old_red, NULL, &status);
  g_assert_cmpuint (status, ==, 403);
  /* Blue's request refused: that phone reads nothing more. */
  mg_table_tokens_refuse (tokens, ((MgTableClaim *) mg_table_tokens_get_claims (tokens)->pdata[0])->token);
  g_assert_cmpuint (mg_table_tokens_get_claims (tokens)->len, ==, 0);
  fx_assert_unchanged (fx);
}

static void
test_slow_client (Fx *fx, gconstpointer data)
{
  g_autofree char *req = g_strdup_printf ("GET %sstate HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n"
                                          "Accept: */*\r\nConnection: close\r\n\r\n", fx->red);
  guint status = 0, elapsed = 0;
  g_autofree char *answer = NULL;
  MgTableServerStats stats;

  /* ~100 bytes at 30 ms each would take 3 s; the server's deadline (1 s here) ends it. */
  answer = mg_server_test_raw (fx->port, req, strlen (req), 30, 6000, &status, &elapsed);
  g_test_message ("slow client: cut after %u ms, status %u", elapsed, status);
  g_assert_cmpuint (status, !=, 200);
  g_assert_cmpuint (elapsed, <, 2500);
  mg_table_server_get_stats (fx->server, &stats);
  g_assert_cmpuint (stats.closed_slow, >=, 1);
  /* A connection that sends nothing at all is cut as well. */
  g_free (answer);
  answer = mg_server_test_raw (fx->port, "", 0, 0, 3000, &status, &elapsed);
  g_assert_cmpuint (elapsed, <, 2500);
  fx_assert_unchanged (fx);
}

static void
test_rate_limited (Fx *fx, gconstpointer data)
{
  g_autofree char *state = g_strconcat (fx->red, "state", NULL);
  guint n429 = 0, n200 = 0;
  MgTableServerLimits limits;

  /* A slow link (1 a second, bursts of 10), so a loaded machine's slowness cannot refill it. */
  mg_table_server_limits_default (&limits);
  limits.token_rate = 1;
  limits.token_burst = 10;
  mg_table_server_set_limits (fx->server, &limits);
  for (guint i = 0; i < 80; i++)
    {
      guint status = 0;
      g_free (mg_server_test_http (fx->port, "GET", state, NULL, &status));
      n429 += status == 429;
      n200 += status == 200;
    }
  g_test_message ("80 requests at once with one link: %u answered, %u told to wait", n200, n429);
  g_assert_cmpuint (n200, >=, 10);
  g_assert_cmpuint (n429, >=, 1);
  g_assert_cmpuint (n200 + n429, ==, 80);
  fx_assert_unchanged (fx);
}

static void
test_tokens (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *dir = g_dir_make_tmp ("mg-tokens-XXXXXX", &error);
  g_autoptr(MgCampaign) campaign = mg_server_test_campaign (dir, "lamame", &error);
  MgTableTokens *tokens = mg_table_tokens_for_campaign (campaign);

  g_assert_no_error (error);
  for (guint i = 0; i < 500; i++)
    {
      const char *t = mg_table_tokens_reissue (tokens, i % 2 ? "Red" : "Blue", &error);
      g_assert_no_error (error);
      g_assert_cmpuint (strlen (t), ==, MG_TABLE_TOKEN_LEN);
      for (const char *c = t; *c; c++)
        g_assert_true (g_ascii_isalnum (*c) || *c == '-' || *c == '_');
      g_assert_false (g_hash_table_contains (seen, t));
      g_hash_table_add (seen, g_strdup (t));
      g_assert_cmpstr (mg_table_tokens_lookup (tokens, t), ==, i % 2 ? "Red" : "Blue");
    }
  /* Only the latest of each seat still works. */
  {
    GHashTableIter it;
    gpointer key;
    guint live = 0;
    g_hash_table_iter_init (&it, seen);
    while (g_hash_table_iter_next (&it, &key, NULL))
      live += mg_table_tokens_lookup (tokens, key) != NULL;
    g_assert_cmpuint (live, ==, 2);
  }
  g_assert_true (mg_table_token_equal ("abc", "abc"));
  g_assert_false (mg_table_token_equal ("abc", "abd"));
  g_assert_false (mg_table_token_equal ("ab", "abc"));
  g_assert_false (mg_table_token_equal ("", "abc"));
  g_assert_null (mg_table_tokens_lookup (tokens, ""));
  g_assert_null (mg_table_tokens_lookup (tokens, NULL));
  {
    g_autofree char *path = g_strdup (mg_campaign_get_path (campaign));
    g_clear_object (&campaign);
    mg_server_test_remove (path, dir);
  }
}

/* The tokens are nowhere in the file: not in the journal, the tables, or any byte of it. */
static void
test_tokens_not_stored (Fx *fx, gconstpointer data)
{
  g_autofree char *act = g_strconcat (fx->red, "act", NULL);
  g_autofree char *bact = g_strconcat (fx->blue, "act", NULL);
  const char *files[] = { "", "-wal" };
  guint status = 0;

  g_free (mg_server_test_http (fx->port, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":3}", &status));
  g_assert_cmpuint (status, ==, 200);
  g_free (mg_server_test_http (fx->port, "POST", bact, "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":1}", &status));
  g_assert_cmpuint (status, ==, 200);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_strconcat (mg_campaign_get_path (fx->campaign), files[i], NULL);
      g_autofree char *data = NULL;
      gsize len = 0;
      if (!g_file_get_contents (path, &data, &len, NULL))
        continue;
      g_assert_null (g_strstr_len (data, len, fx->red + 3));
      g_assert_null (g_strstr_len (data, len, fx->blue + 3));
      g_assert_null (g_strstr_len (data, len, fx->pub + 3));
    }
}

static void
test_stop_closes_port (Fx *fx, gconstpointer data)
{
  g_autofree char *state = g_strconcat (fx->red, "state", NULL);
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  guint status = 0, elapsed = 0;
  g_autofree char *answer = NULL;

  mg_table_server_stop (fx->server);
  g_assert_false (mg_table_server_is_running (fx->server));
  answer = mg_server_test_raw (fx->port, "GET / HTTP/1.1\r\n\r\n", 18, 0, 2000, &status, &elapsed);
  g_assert_cmpuint (status, ==, 0);
  g_assert_cmpstr (answer, ==, "");
  g_assert_cmpuint (elapsed, <, 1000);
  /* On again: the same links work (the tokens live as long as the campaign). */
  g_assert_true (mg_table_server_start (fx->server, lo, 0, &error));
  g_assert_no_error (error);
  fx->port = mg_table_server_get_port (fx->server);
  g_free (mg_server_test_http (fx->port, "GET", state, NULL, &status));
  g_assert_cmpuint (status, ==, 200);
}

/* ---------------------------------------------------------------- live updates */

typedef struct {
  SoupWebsocketConnection *ws;
  GError                  *error;
  GPtrArray               *messages;
  gboolean                 closed;
  gboolean                 done;
} Live;

static void
ws_message (SoupWebsocketConnection *ws, gint type, GBytes *bytes, Live *live)
{
  g_ptr_array_add (live->messages, g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)));
}

static void
ws_closed (SoupWebsocketConnection *ws, Live *live)
{
  live->closed = TRUE;
}

static void
ws_connected (GObject *source, GAsyncResult *result, gpointer data)
{
  Live *live = data;

  live->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &live->error);
  if (live->ws != NULL)
    {
      g_signal_connect (live->ws, "message", G_CALLBACK (ws_message), live);
      g_signal_connect (live->ws, "closed", G_CALLBACK (ws_closed), live);
    }
  live->done = TRUE;
}

/* Iterates the main context until `*flag` or 5 s. */
static void
wait_for (gboolean *flag, guint *count, guint want)
{
  gint64 limit = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while ((flag ? !*flag : *count < want) && g_get_monotonic_time () < limit)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
}

static void
ws_open (Fx *fx, SoupSession *session, const char *path, Live *live)
{
  g_autofree char *url = g_strdup_printf ("ws://127.0.0.1:%u%sws", fx->port, path);
  SoupMessage *msg = soup_message_new ("GET", url);

  live->messages = g_ptr_array_new_with_free_func (g_free);
  soup_session_websocket_connect_async (session, msg, NULL, NULL, G_PRIORITY_DEFAULT, NULL, ws_connected, live);
  g_object_unref (msg);
  wait_for (&live->done, NULL, 0);
}

static void
test_live_updates (Fx *fx, gconstpointer data)
{
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autofree char *bact = g_strconcat (fx->blue, "act", NULL);
  g_autoptr(GError) error = NULL;
  Live red = { 0 }, bad = { 0 };
  g_autofree char *bad_path = g_strdup ("/t/AAAAAAAAAAAAAAAAAAAAAA/");
  guint status = 0;

  ws_open (fx, session, fx->red, &red);
  g_assert_no_error (red.error);
  g_assert_nonnull (red.ws);
  wait_for (NULL, &red.messages->len, 1);
  g_assert_cmpuint (red.messages->len, ==, 1);
  g_assert_nonnull (strstr (red.messages->pdata[0], "\"seat\":\"Red\""));
  /* Blue bids from Blue's phone: Red's page hears that Blue bid, never the amount. */
  g_free (mg_server_test_http (fx->port, "POST", bact, "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":9}", &status));
  g_assert_cmpuint (status, ==, 200);
  wait_for (NULL, &red.messages->len, 2);
  g_assert_cmpuint (red.messages->len, >=, 2);
  {
    json_object *o = json_tokener_parse (red.messages->pdata[red.messages->len - 1]);
    g_assert_true (json_object_is_type (json_object_object_get (seat_player (o, "Blue"), "start_bid"), json_type_boolean));
    g_assert_null (strstr (red.messages->pdata[red.messages->len - 1], "\"gold\":9"));
    json_object_put (o);
  }
  /* A new link for Red: the old one's socket is closed. */
  mg_table_tokens_reissue (mg_table_tokens_for_campaign (fx->campaign), "Red", &error);
  g_assert_no_error (error);
  wait_for (&red.closed, NULL, 0);
  g_assert_true (red.closed);
  /* A socket without a valid token never opens. */
  ws_open (fx, session, bad_path, &bad);
  g_assert_null (bad.ws);
  g_assert_nonnull (bad.error);
  g_clear_object (&red.ws);
  g_ptr_array_unref (red.messages);
  g_ptr_array_unref (bad.messages);
  g_clear_error (&bad.error);
}

/* Cricchio's Mine Field: a mine is placed from its owner's phone and no one else's page holds it. */
static void
test_cricchio_mines (void)
{
  static const char * const players[] = { "Black", "White", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mg-mines-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "mines.db", NULL);
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  json_object *ruleset = mg_ruleset_load_default ("cricchio", &error);
  MgCampaign *campaign;
  MgTableServer *server;
  g_autofree char *black = NULL, *white = NULL, *act = NULL, *black_state = NULL, *white_state = NULL;
  g_autofree char *answer = NULL, *body = NULL, *square = NULL;
  json_object *state, *steps;
  guint status = 0, port;

  g_assert_no_error (error);
  json_object_object_add (ruleset, "variant", json_object_new_string ("minefield"));
  campaign = mg_campaign_create (path, "cricchio", "Mines", players, ruleset, 7, &error);
  json_object_put (ruleset);
  g_assert_no_error (error);
  server = mg_table_server_new (campaign);
  g_assert_true (mg_table_server_start (server, lo, 0, &error));
  port = mg_table_server_get_port (server);
  black = mg_table_server_seat_path (server, "Black", NULL);
  white = mg_table_server_seat_path (server, "White", NULL);
  black_state = g_strconcat (black, "state", NULL);
  white_state = g_strconcat (white, "state", NULL);
  act = g_strconcat (black, "act", NULL);

  answer = mg_server_test_http (port, "GET", black_state, NULL, &status);
  state = json_tokener_parse (mg_server_test_body (answer));
  steps = json_object_object_get (state, "steps");
  g_assert_cmpuint (json_object_array_length (steps), >, 0);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (json_object_array_get_idx (steps, 0), "type")), ==, "place_mine");
  square = g_strdup (json_object_get_string (json_object_object_get (json_object_array_get_idx (steps, 0), "square")));
  json_object_put (state);
  body = g_strdup_printf ("{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"%s\"}", square);
  g_free (answer);
  answer = mg_server_test_http (port, "POST", act, body, &status);
  g_assert_cmpuint (status, ==, 200);
  /* Black's view holds the mine; White's holds no mine at all. */
  g_free (answer);
  answer = mg_server_test_http (port, "GET", black_state, NULL, &status);
  state = json_tokener_parse (mg_server_test_body (answer));
  g_assert_cmpuint (json_object_array_length (json_object_object_get (json_object_object_get (state, "view"), "mines")), ==, 1);
  json_object_put (state);
  g_free (answer);
  answer = mg_server_test_http (port, "GET", white_state, NULL, &status);
  state = json_tokener_parse (mg_server_test_body (answer));
  g_assert_cmpuint (json_object_array_length (json_object_object_get (json_object_object_get (state, "view"), "mines")), ==, 0);
  json_object_put (state);

  g_object_unref (server);
  g_object_unref (campaign);
  mg_server_test_remove (path, dir);
}

/* ---------------------------------------------------------------- HTTPS */

typedef struct {
  GBytes  *body;
  GError  *error;
  guint    status;
  gboolean done;
} Fetch;

static void
fetched (GObject *source, GAsyncResult *result, gpointer data)
{
  Fetch *f = data;

  f->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &f->error);
  f->status = soup_message_get_status (soup_session_get_async_result_message (SOUP_SESSION (source), result));
  f->done = TRUE;
}

/* The phone's side of pinning: the certificate shown must be the one the dialog names. */
static gboolean
accept_pinned (SoupMessage *msg, GTlsCertificate *peer, GTlsCertificateFlags errors, const char *expected)
{
  g_autofree char *fingerprint = mg_table_tls_fingerprint (peer);

  return g_strcmp0 (fingerprint, expected) == 0;
}

static void
fetch (SoupSession *session, const char *method, const char *url, const char *body, const char *pin, Fetch *f)
{
  SoupMessage *msg = soup_message_new (method, url);

  if (body != NULL)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (body, strlen (body));
      soup_message_set_request_body_from_bytes (msg, "application/json", bytes);
    }
  g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_pinned), (gpointer) pin);
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, fetched, f);
  g_object_unref (msg);
  wait_for (&f->done, NULL, 0);
  g_assert_true (f->done);
}

static void
test_https (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mg-tls-XXXXXX", &error);
  MgCampaign *campaign = mg_server_test_campaign (dir, "lamame", &error);
  g_autofree char *path = g_strdup (mg_campaign_get_path (campaign));
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(SoupSession) session = soup_session_new ();
  GTlsCertificate *cert = mg_table_tls_for_campaign (campaign, &error);
  MgTableServer *server = mg_table_server_new (campaign);
  g_autofree char *fingerprint = NULL;
  g_autofree char *url = NULL, *state = NULL, *act = NULL, *plain = NULL, *pad = g_strnfill (20000, ' ');
  g_autofree char *big = g_strdup_printf ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1%s}", pad);
  gint64 count0 = mg_campaign_journal_count (campaign);
  Fetch ok = { 0 }, wrong = { 0 }, acted = { 0 }, large = { 0 };
  MgTableServerLimits limits;
  guint status = 0, elapsed = 0;

  g_assert_no_error (error);
  g_assert_nonnull (cert);
  g_assert_true (mg_table_tls_for_campaign (campaign, NULL) == cert);   /* one per campaign */
  fingerprint = mg_table_tls_fingerprint (cert);
  g_assert_cmpuint (strlen (fingerprint), ==, 32 * 3 - 1);
  mg_table_server_limits_default (&limits);
  limits.header_timeout_ms = 1500;   /* the handshake included */
  mg_table_server_set_limits (server, &limits);
  mg_table_server_set_tls (server, cert);
  g_assert_true (mg_table_server_start (server, lo, 0, &error));
  g_assert_no_error (error);
  url = mg_table_server_seat_url (server, NULL, "Red", &error);
  g_assert_true (g_str_has_prefix (url, "https://127.0.0.1:"));
  state = g_strconcat (url, "state", NULL);
  act = g_strconcat (url, "act", NULL);

  /* The pinned certificate: the state, and an action, over TLS. */
  fetch (session, "GET", state, NULL, fingerprint, &ok);
  g_assert_no_error (ok.error);
  g_assert_cmpuint (ok.status, ==, 200);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (ok.body, NULL), "{\"seat\":\"Red\""));
  fetch (session, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":2}", fingerprint, &acted);
  g_assert_cmpuint (acted.status, ==, 200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, count0 + 1);
  /* Another certificate than the one the dialog names: the phone refuses to talk. */
  {
    g_autoptr(SoupSession) fresh = soup_session_new ();   /* a new connection, a new handshake */
    fetch (fresh, "GET", state, NULL, "00:11", &wrong);
  }
  g_assert_nonnull (wrong.error);
  g_assert_null (wrong.body);
  /* Plain HTTP to the HTTPS port gets no answer. */
  plain = mg_server_test_http (mg_table_server_get_port (server), "GET", strstr (url, "/t/"), NULL, &status);
  g_assert_cmpuint (status, !=, 200);
  g_assert_null (strstr (plain, "\"view\""));
  /* A client that never begins its handshake is cut by the same deadline as a slow one. */
  g_free (mg_server_test_raw (mg_table_server_get_port (server), "", 0, 0, 5000, &status, &elapsed));
  g_assert_cmpuint (elapsed, <, 4000);
  /* A body past the limit: the connection is cut (no plain text inside TLS), nothing written. */
  fetch (session, "POST", act, big, fingerprint, &large);
  g_assert_cmpuint (large.status, !=, 200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, count0 + 1);

  g_clear_pointer (&ok.body, g_bytes_unref);
  g_clear_pointer (&acted.body, g_bytes_unref);
  g_clear_pointer (&large.body, g_bytes_unref);
  g_clear_error (&wrong.error);
  g_clear_error (&large.error);
  g_object_unref (server);
  g_object_unref (campaign);
  mg_server_test_remove (path, dir);
}

/* Issue 47: the phone page is every game's: no file of it (data/web/) names a game, by its id or its
 * name; a game's words and board come from its descriptor (phone_words, board_svg). */
static void
test_page_names_no_game (void)
{
  static const char prefix[] = "/io/github/meleegm/MeleeGM/web/";
  g_auto(GStrv) files = g_resources_enumerate_children (prefix, 0, NULL);
  guint n_games = 0;
  const MgGame **games = mg_games_all (&n_games);

  g_assert_nonnull (files);
  g_assert_cmpuint (g_strv_length (files), >=, 3);
  for (guint f = 0; files[f] != NULL; f++)
    {
      g_autofree char *path = g_strconcat (prefix, files[f], NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
      g_autofree char *text = g_ascii_strdown (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      for (guint g = 0; g < n_games; g++)
        {
          g_autofree char *id = g_ascii_strdown (games[g]->rules->id, -1);
          g_autofree char *name = g_ascii_strdown (games[g]->rules->name, -1);
          if (strstr (text, id) != NULL || strstr (text, name) != NULL)
            g_error ("data/web/%s names the game %s: a game's phone words go in its descriptor's phone_words, "
                     "its board in board_svg (docs/adding-a-game.md)", files[f], games[g]->rules->id);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The catalogue built in the tree, as the app binds its installed one. */
  bindtextdomain (GETTEXT_PACKAGE, MG_TEST_LOCALEDIR);
#define FX_TEST(name, fn) g_test_add (name, Fx, NULL, fx_setup, fn, fx_teardown)
  FX_TEST ("/table-server/reads-own-view", test_reads_own_view);
  FX_TEST ("/table-server/acts-as-own-seat", test_acts_as_own_seat);
  FX_TEST ("/table-server/refusal-in-words", test_refusal_in_words);
  FX_TEST ("/table-server/other-seat-refused", test_other_seat_refused);
  FX_TEST ("/table-server/no-or-guessed-token", test_no_or_guessed_token);
  FX_TEST ("/table-server/revoked-token", test_revoked_token);
  FX_TEST ("/table-server/path-tricks", test_path_tricks);
  FX_TEST ("/table-server/oversized", test_oversized);
  FX_TEST ("/table-server/malformed", test_malformed);
  FX_TEST ("/table-server/slow-client", test_slow_client);
  FX_TEST ("/table-server/attacks", test_attacks);
  FX_TEST ("/table-server/words", test_words);
  FX_TEST ("/table-server/join", test_join);
  FX_TEST ("/table-server/rate-limited", test_rate_limited);
  FX_TEST ("/table-server/tokens-not-stored", test_tokens_not_stored);
  FX_TEST ("/table-server/stop-closes-port", test_stop_closes_port);
  FX_TEST ("/table-server/live-updates", test_live_updates);
  g_test_add_func ("/table-server/tokens", test_tokens);
  g_test_add_func ("/table-server/cricchio-mines", test_cricchio_mines);
  g_test_add_func ("/table-server/https", test_https);
  g_test_add_func ("/table-server/page-names-no-game", test_page_names_no_game);
  return g_test_run ();
}

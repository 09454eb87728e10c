/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-server.c — libsoup 3 server of seat pages, state, actions and live updates. */
#include "config.h"

#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "mg-table-seat.h"
#include "mg-table-server.h"
#include "mg-table-tokens.h"
#include "mg-table-words.h"
#include "mg-catalogue.h"
#include "mg-narrate.h"

#define MG_STATUS_TOO_MANY_REQUESTS 429
#define RESOURCE_PREFIX "/io/github/meleegm/MeleeGM/web/"
/* Buckets not touched for this long are forgotten when the table grows. */
#define BUCKET_TTL_US (10 * G_USEC_PER_SEC)
#define MAX_BUCKETS 4096
#define MAX_JSON_DEPTH 16

typedef struct {
  double level;
  gint64 last;
} Bucket;

/* One TCP connection, found again by its GSocket (soup_server_message_get_socket). */
typedef struct {
  MgTableServer *server;
  GSocket       *socket;    /* weak */
  char          *host;
  guint          deadline;
  gboolean       upgraded;  /* a WebSocket: no deadline */
} Conn;

/* One live-update WebSocket. */
typedef struct {
  MgTableServer           *server;
  SoupWebsocketConnection *ws;
  char                    *seat;
  char                    *token;
} Live;

typedef enum {
  RES_PAGE, RES_SCRIPT, RES_STYLE, RES_STATE, RES_ACT, RES_WS, RES_CLAIM, RES_WORDS, N_RES
} Resource;

static const struct {
  const char *name;
  const char *file;
  const char *type;
} resources[N_RES] = {
  [RES_PAGE]   = { "",          "seat.html", "text/html; charset=utf-8" },
  [RES_SCRIPT] = { "app.js",    "app.js",    "text/javascript; charset=utf-8" },
  [RES_STYLE]  = { "style.css", "style.css", "text/css; charset=utf-8" },
  [RES_STATE]  = { "state",     NULL,        NULL },
  [RES_ACT]    = { "act",       NULL,        NULL },
  [RES_WS]     = { "ws",        NULL,        NULL },
  [RES_CLAIM]  = { "claim",     NULL,        NULL },
  [RES_WORDS]  = { "words",     NULL,        NULL },
};

struct _MgTableServer
{
  GObject              parent_instance;
  MgCampaign          *campaign;
  MgTableTokens       *tokens;
  MgTableServerLimits  limits;
  SoupServer          *soup;
  guint                port;
  char                *host;      /* the address listened on, NULL for every interface */
  GTlsCertificate     *tls;       /* HTTPS with it; NULL: plain HTTP */
  GHashTable          *conns;     /* GSocket* → Conn* */
  GHashTable          *per_host;  /* host → count (GUINT_TO_POINTER) */
  GHashTable          *buckets;   /* "t:TOKEN" or "h:HOST" → Bucket* */
  GPtrArray           *lives;     /* Live* */
  GHashTable          *hosts;     /* the Host values this server answers to ("192.168.1.20:41234") */
  gint64               hosts_read;
  gulong               changed_id;
  gulong               reissued_id;
  guint                push_idle;
  MgTableServerStats   stats;
};

G_DEFINE_FINAL_TYPE (MgTableServer, mg_table_server, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
emit_changed (MgTableServer *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}


void
mg_table_server_limits_default (MgTableServerLimits *limits)
{
  *limits = (MgTableServerLimits) {
    .header_timeout_ms = 10000,
    .idle_timeout_ms = 30000,
    .max_connections = 256,
    .max_per_host = 32,
    .max_body = 16 * 1024,
    .token_rate = 20,
    .token_burst = 40,
    .refused_rate = 10,
    .refused_burst = 30,
    .act_rate = 0.5,
    .act_burst = 10,
    .max_action = 1024,
  };
}

/* ---------------------------------------------------------------- connections */

static void conn_gone (gpointer data, GObject *where_the_socket_was);

static void
conn_free (Conn *conn)
{
  MgTableServer *self = conn->server;
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_host, conn->host));

  g_clear_handle_id (&conn->deadline, g_source_remove);
  if (n <= 1)
    g_hash_table_remove (self->per_host, conn->host);
  else
    g_hash_table_insert (self->per_host, g_strdup (conn->host), GUINT_TO_POINTER (n - 1));
  g_free (conn->host);
  g_free (conn);
}

static void
conn_gone (gpointer data, GObject *where_the_socket_was)
{
  Conn *conn = data;

  g_hash_table_steal (conn->server->conns, where_the_socket_was);
  conn_free (conn);
}

static void
conn_forget (MgTableServer *self, Conn *conn)
{
  g_object_weak_unref (G_OBJECT (conn->socket), conn_gone, conn);
  g_hash_table_steal (self->conns, conn->socket);
  conn_free (conn);
}

/* Ends a connection from our side: the peer and libsoup both read end-of-stream. */
static void
conn_cut (Conn *conn)
{
  g_socket_shutdown (conn->socket, TRUE, TRUE, NULL);
}

static gboolean
deadline_passed (gpointer data)
{
  Conn *conn = data;

  conn->deadline = 0;
  conn->server->stats.closed_slow++;
  conn_cut (conn);
  return G_SOURCE_REMOVE;
}

static void
conn_arm (Conn *conn, guint ms)
{
  g_clear_handle_id (&conn->deadline, g_source_remove);
  if (ms > 0 && !conn->upgraded)
    conn->deadline = g_timeout_add (ms, deadline_passed, conn);
}

/* Forgets connections libsoup has closed but whose socket is not yet finalized. */
static void
conns_sweep (MgTableServer *self)
{
  GHashTableIter it;
  gpointer value;
  GPtrArray *closed = g_ptr_array_new ();

  g_hash_table_iter_init (&it, self->conns);
  while (g_hash_table_iter_next (&it, NULL, &value))
    if (g_socket_is_closed (((Conn *) value)->socket))
      g_ptr_array_add (closed, value);
  for (guint i = 0; i < closed->len; i++)
    conn_forget (self, closed->pdata[i]);
  g_ptr_array_unref (closed);
}

static Conn *
conn_for_msg (MgTableServer *self, SoupServerMessage *msg)
{
  GSocket *socket = soup_server_message_get_socket (msg);

  return socket != NULL ? g_hash_table_lookup (self->conns, socket) : NULL;
}

static void
request_started (SoupServer *soup, SoupServerMessage *msg, MgTableServer *self)
{
  GSocket *socket = soup_server_message_get_socket (msg);
  Conn *conn;
  guint n_host;

  if (socket == NULL)
    return;
  conn = g_hash_table_lookup (self->conns, socket);
  if (conn == NULL)
    {
      const char *host = soup_server_message_get_remote_host (msg);
      conn = g_new0 (Conn, 1);
      conn->server = self;
      conn->socket = socket;
      conn->host = g_strdup (host != NULL ? host : "");
      n_host = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_host, conn->host)) + 1;
      g_hash_table_insert (self->per_host, g_strdup (conn->host), GUINT_TO_POINTER (n_host));
      g_hash_table_insert (self->conns, socket, conn);
      g_object_weak_ref (G_OBJECT (socket), conn_gone, conn);
      /* A connection libsoup has closed frees its slot now, not when GLib finalizes its socket. */
      conns_sweep (self);
      n_host = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_host, conn->host));
      if (g_hash_table_size (self->conns) > self->limits.max_connections
          || n_host > self->limits.max_per_host)
        {
          self->stats.closed_full++;
          conn_cut (conn);
          return;
        }
    }
  conn_arm (conn, self->limits.header_timeout_ms);
}

static void
request_read (SoupServer *soup, SoupServerMessage *msg, MgTableServer *self)
{
  Conn *conn = conn_for_msg (self, msg);

  if (conn != NULL)
    g_clear_handle_id (&conn->deadline, g_source_remove);
}

static void
request_done (SoupServer *soup, SoupServerMessage *msg, MgTableServer *self)
{
  Conn *conn = conn_for_msg (self, msg);

  if (conn != NULL)
    conn_arm (conn, self->limits.idle_timeout_ms);
}

/* ---------------------------------------------------------------- who is asking */

static void
add_host (GHashTable *hosts, GInetAddress *address, guint port)
{
  g_autofree char *text = g_inet_address_to_string (address);

  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6)
    g_hash_table_add (hosts, g_strdup_printf ("[%s]:%u", text, port));
  else
    g_hash_table_add (hosts, g_strdup_printf ("%s:%u", text, port));
}

/* The addresses a phone may name in Host: the one listened on, or, listening on every interface,
 * this machine's addresses now (a laptop's may change during an evening) and the loopback. */
static void
hosts_read (MgTableServer *self)
{
  struct ifaddrs *list = NULL;

  g_hash_table_remove_all (self->hosts);
  self->hosts_read = g_get_monotonic_time ();
  if (self->host != NULL)
    {
      g_autoptr(GInetAddress) address = g_inet_address_new_from_string (self->host);
      if (address != NULL)
        add_host (self->hosts, address, self->port);
      return;
    }
  g_hash_table_add (self->hosts, g_strdup_printf ("localhost:%u", self->port));
  if (getifaddrs (&list) != 0)
    return;
  for (struct ifaddrs *ifa = list; ifa != NULL; ifa = ifa->ifa_next)
    {
      g_autoptr(GSocketAddress) sa = NULL;
      int family = ifa->ifa_addr != NULL ? ifa->ifa_addr->sa_family : AF_UNSPEC;
      if (family != AF_INET && family != AF_INET6)
        continue;
      sa = g_socket_address_new_from_native (ifa->ifa_addr, family == AF_INET ? sizeof (struct sockaddr_in)
                                                                             : sizeof (struct sockaddr_in6));
      if (sa != NULL)
        add_host (self->hosts, g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (sa)), self->port);
    }
  freeifaddrs (list);
}

/* Is the request's Host one of this server's addresses?  A page from another site that renamed
 * itself to this machine's address (DNS rebinding) names its own host, and is refused. */
static gboolean
host_allowed (MgTableServer *self, SoupServerMessage *msg)
{
  const char *host = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Host");

  if (host == NULL)
    return FALSE;
  if (g_hash_table_contains (self->hosts, host))
    return TRUE;
  /* Read the interfaces again at most every 5 s: a refused name costs no more than that. */
  if (self->host == NULL && g_get_monotonic_time () - self->hosts_read > 5 * G_USEC_PER_SEC)
    hosts_read (self);
  return g_hash_table_contains (self->hosts, host);
}

/* A browser names the page that sends a POST or opens a WebSocket: it must be this server's own
 * (same scheme and Host).  Clients that are not browsers send none; they cannot ride a player's
 * page either. */
static gboolean
origin_allowed (MgTableServer *self, SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);
  const char *origin = soup_message_headers_get_one (h, "Origin");
  const char *host = soup_message_headers_get_one (h, "Host");
  g_autofree char *own = NULL;

  if (origin == NULL)
    return TRUE;
  own = g_strconcat (self->tls != NULL ? "https://" : "http://", host != NULL ? host : "", NULL);
  return strcmp (origin, own) == 0;
}

/* Does a JSON text hold U+0000 (raw, or escaped as \u0000) anywhere, in a key or a value?  json-c
 * keeps it inside a string, where C code reads the string as ending there
 * ("start_bid\u0000x" read as "start_bid"). */
static gboolean
json_has_nul (const char *data, gsize len)
{
  if (memchr (data, '\0', len) != NULL)
    return TRUE;
  for (gsize i = 0; i + 1 < len; i++)
    if (data[i] == '\\')
      {
        if (data[i + 1] == 'u' && i + 5 < len && memcmp (data + i + 2, "0000", 4) == 0)
          return TRUE;
        i++;   /* the escaped character is not an escape itself */
      }
  return FALSE;
}

/* ---------------------------------------------------------------- answers */

/* Leaky buckets: `rate` a second on average, bursts of `burst`. */
static gboolean
bucket_take (MgTableServer *self, const char *key, double rate, double burst)
{
  gint64 now = g_get_monotonic_time ();
  Bucket *b = g_hash_table_lookup (self->buckets, key);

  if (b == NULL)
    {
      if (g_hash_table_size (self->buckets) >= MAX_BUCKETS)
        {
          GHashTableIter it;
          gpointer value;
          g_hash_table_iter_init (&it, self->buckets);
          while (g_hash_table_iter_next (&it, NULL, &value))
            if (now - ((Bucket *) value)->last > BUCKET_TTL_US)
              g_hash_table_iter_remove (&it);
          if (g_hash_table_size (self->buckets) >= MAX_BUCKETS)
            return FALSE;
        }
      b = g_new (Bucket, 1);
      b->level = burst;
      b->last = now;
      g_hash_table_insert (self->buckets, g_strdup (key), b);
    }
  b->level = MIN (burst, b->level + rate * (double) (now - b->last) / G_USEC_PER_SEC);
  b->last = now;
  if (b->level < 1.0)
    return FALSE;
  b->level -= 1.0;
  return TRUE;
}

/* Every answer ends its connection.  libsoup 3.2 never frees a kept-alive connection that its
 * peer closes while idle (the next request's reader has no completion to call on end-of-stream),
 * so each phone that slept or reloaded kept a descriptor and a slot until the server stopped.
 * A phone's page makes four requests when it loads, then lives on its WebSocket: one connection
 * each costs a phone on the same network little. */
/* A refused action costs its seat nothing. */
static void
bucket_give_back (MgTableServer *self, const char *key)
{
  Bucket *b = g_hash_table_lookup (self->buckets, key);

  if (b != NULL)
    b->level += 1.0;
}

static void
add_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (h, "Connection", "close");

  soup_message_headers_replace (h, "Cache-Control", "no-store");
  soup_message_headers_replace (h, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (h, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (h, "X-Frame-Options", "DENY");
  soup_message_headers_replace (h, "Content-Security-Policy",
                                "default-src 'none'; script-src 'self'; style-src 'self'; "
                                "connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
                                "form-action 'none'; frame-ancestors 'none'");
}

static void
answer_json (SoupServerMessage *msg, guint status, json_object *body)
{
  const char *text = json_object_to_json_string_ext (body, JSON_C_TO_STRING_PLAIN);

  add_headers (msg);
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json; charset=utf-8", SOUP_MEMORY_COPY,
                                    text, strlen (text));
}

/* The catalogue of the phone's language (its Accept-Language), as its page's words are chosen. */
static const MgCatalogue *
phone_catalogue (SoupServerMessage *msg)
{
  return mg_catalogue_for_accept_language (
    soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Accept-Language"));
}

/* A refusal: {"error": message}, already in the phone's words; nothing is done.  Abuse statuses
 * also end the connection, so a body left unread is never taken for the next request. */
static void
refuse_said (MgTableServer *self, SoupServerMessage *msg, guint status, const char *message)
{
  json_object *body = json_object_new_object ();

  json_object_object_add (body, "error", json_object_new_string (message));
  answer_json (msg, status, body);
  json_object_put (body);
  if (status == SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE || status == SOUP_STATUS_LENGTH_REQUIRED
      || status == MG_STATUS_TOO_MANY_REQUESTS || status == SOUP_STATUS_BAD_REQUEST)
    soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
  self->stats.refused++;
}

/* A refusal of the server's own: `msgid` (marked N_()) in the phone's language. */
static void
refuse (MgTableServer *self, SoupServerMessage *msg, guint status, const char *msgid)
{
  refuse_said (self, msg, status, mg_catalogue_gettext (phone_catalogue (msg), msgid));
}

static gboolean
is_token_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_';
}

/* "/t/TOKEN/RESOURCE" → token and resource; FALSE for anything else (no decoding is done, so
 * "%2e%2e", "%00" and "/../" never match). */
static gboolean
parse_path (const char *path, char token[MG_TABLE_TOKEN_LEN + 1], Resource *res)
{
  const char *rest;

  if (path == NULL || strncmp (path, "/t/", 3) != 0)
    return FALSE;
  for (guint i = 0; i < MG_TABLE_TOKEN_LEN; i++)
    if (!is_token_char (path[3 + i]))
      return FALSE;
  if (path[3 + MG_TABLE_TOKEN_LEN] != '/')
    return FALSE;
  memcpy (token, path + 3, MG_TABLE_TOKEN_LEN);
  token[MG_TABLE_TOKEN_LEN] = '\0';
  rest = path + 3 + MG_TABLE_TOKEN_LEN + 1;
  for (guint r = 0; r < N_RES; r++)
    if (strcmp (rest, resources[r].name) == 0)
      {
        *res = r;
        return TRUE;
      }
  return FALSE;
}

static gboolean
refused_allowed (MgTableServer *self, const char *host)
{
  g_autofree char *key = g_strconcat ("h:", host, NULL);

  return bucket_take (self, key, self->limits.refused_rate, self->limits.refused_burst);
}

/* Answers and ends the connection before libsoup reads the body: libsoup 3.2 reads a request's
 * whole body into memory even when an early handler refused it, so a body past the limit (or
 * of no stated length) must never be read at all. */
static void
refuse_and_cut (MgTableServer *self, SoupServerMessage *msg, guint status, const char *msgid)
{
  GSocket *socket = soup_server_message_get_socket (msg);
  json_object *body = json_object_new_object ();
  const char *text;
  g_autofree char *answer = NULL;

  json_object_object_add (body, "error", json_object_new_string (mg_catalogue_gettext (phone_catalogue (msg), msgid)));
  text = json_object_to_json_string_ext (body, JSON_C_TO_STRING_PLAIN);
  answer = g_strdup_printf ("HTTP/1.1 %u %s\r\nContent-Type: application/json; charset=utf-8\r\n"
                            "Content-Length: %zu\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n%s",
                            status, soup_status_get_phrase (status), strlen (text), text);
  json_object_put (body);
  soup_server_message_set_status (msg, status, NULL);
  self->stats.refused++;
  if (socket != NULL)
    {
      /* Over HTTPS the socket carries TLS records: the connection is only cut. */
      if (self->tls == NULL)
        g_socket_send (socket, answer, strlen (answer), NULL, NULL);
      g_socket_shutdown (socket, TRUE, TRUE, NULL);
    }
}

/* Checks the limits of a request body before it is read (Content-Length only; no chunks). */
static gboolean
gate_body (MgTableServer *self, SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);
  SoupEncoding enc = soup_message_headers_get_encoding (h);
  goffset length = enc == SOUP_ENCODING_CONTENT_LENGTH ? soup_message_headers_get_content_length (h) : 0;

  if (enc != SOUP_ENCODING_CONTENT_LENGTH && enc != SOUP_ENCODING_NONE)
    refuse_and_cut (self, msg, SOUP_STATUS_LENGTH_REQUIRED, N_("Send the request with a Content-Length."));
  else if (length > (goffset) self->limits.max_body)
    refuse_and_cut (self, msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, N_("The request is too large."));
  else
    return TRUE;
  return FALSE;
}

/* What a known link may ask: the method, who may act or join, from which page, in which format.
 * `seat` is NULL for a phone still waiting for the referee (`waiting`). */
static gboolean
gate_request (MgTableServer *self, SoupServerMessage *msg, const char *seat, gboolean waiting, Resource res)
{
  const char *method = soup_server_message_get_method (msg);
  gboolean post = res == RES_ACT || res == RES_CLAIM;
  gboolean public = seat != NULL && strcmp (seat, MG_SEAT_PUBLIC) == 0;

  if (post ? strcmp (method, "POST") != 0 : strcmp (method, "GET") != 0 && strcmp (method, "HEAD") != 0)
    refuse (self, msg, SOUP_STATUS_METHOD_NOT_ALLOWED, N_("This request is not allowed here."));
  else if (res == RES_ACT && public)
    refuse (self, msg, SOUP_STATUS_FORBIDDEN, N_("The public page cannot act."));
  else if (res == RES_CLAIM && !public)
    refuse (self, msg, SOUP_STATUS_FORBIDDEN, N_("A seat is asked for from the table's page."));
  else if (waiting && (res == RES_ACT || res == RES_WS))
    refuse (self, msg, SOUP_STATUS_FORBIDDEN, N_("The referee has not let this phone in yet."));
  else if ((post || res == RES_WS) && !origin_allowed (self, msg))
    refuse (self, msg, SOUP_STATUS_FORBIDDEN, N_("Another site’s page cannot act for a seat."));
  else if (post && g_strcmp0 (soup_message_headers_get_content_type (soup_server_message_get_request_headers (msg), NULL),
                              "application/json") != 0)
    refuse (self, msg, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE, N_("An action is sent as application/json."));
  else if (!post && soup_message_headers_get_content_length (soup_server_message_get_request_headers (msg)) > 0)
    refuse (self, msg, SOUP_STATUS_BAD_REQUEST, N_("This request takes no body."));
  else
    return TRUE;
  return FALSE;
}

/* Every request passes here once its headers are read, before its body: path, token, rate,
 * method and size.  A refusal sets the status, so libsoup reads no body and calls no handler. */
static void
gate (SoupServer *soup, SoupServerMessage *msg, const char *path, GHashTable *query, gpointer data)
{
  MgTableServer *self = data;
  const char *host = soup_server_message_get_remote_host (msg);
  char token[MG_TABLE_TOKEN_LEN + 1];
  g_autofree char *key = NULL;
  const MgTableClaim *claim;
  const char *seat;
  Resource res;

  if (!gate_body (self, msg))
    return;
  if (!host_allowed (self, msg))
    {
      if (!refused_allowed (self, host != NULL ? host : ""))
        refuse (self, msg, MG_STATUS_TOO_MANY_REQUESTS, N_("Too many requests."));
      else
        refuse (self, msg, SOUP_STATUS_MISDIRECTED_REQUEST,
                N_("This page was reached by another name than the table's address: open the address the referee shows."));
      return;
    }
  if (!parse_path (path, token, &res))
    {
      if (!refused_allowed (self, host != NULL ? host : ""))
        refuse (self, msg, MG_STATUS_TOO_MANY_REQUESTS, N_("Too many requests."));
      else
        refuse (self, msg, SOUP_STATUS_FORBIDDEN, N_("This address needs a seat's link."));
      return;
    }
  seat = mg_table_tokens_lookup (self->tokens, token);
  claim = seat == NULL ? mg_table_tokens_lookup_claim (self->tokens, token) : NULL;
  if (seat == NULL && claim == NULL)
    {
      if (!refused_allowed (self, host != NULL ? host : ""))
        refuse (self, msg, MG_STATUS_TOO_MANY_REQUESTS, N_("Too many requests."));
      else
        refuse (self, msg, SOUP_STATUS_FORBIDDEN,
                N_("This link does not open a seat (any more): open the table's page again to join."));
      return;
    }
  /* The public page is every phone's: its rate is counted per address, a seat's per link. */
  key = seat != NULL && strcmp (seat, MG_SEAT_PUBLIC) == 0 ? g_strconcat ("p:", host, NULL)
                                                            : g_strconcat ("t:", token, NULL);
  if (!bucket_take (self, key, self->limits.token_rate, self->limits.token_burst))
    {
      refuse (self, msg, MG_STATUS_TOO_MANY_REQUESTS, N_("Too many requests: wait a moment."));
      return;
    }
  if (!gate_request (self, msg, seat, claim != NULL, res))
    return;
  g_object_set_data_full (G_OBJECT (msg), "mg-seat", g_strdup (seat != NULL ? seat : claim->seat), g_free);
  g_object_set_data (G_OBJECT (msg), "mg-waiting", GINT_TO_POINTER (claim != NULL));
  g_object_set_data_full (G_OBJECT (msg), "mg-token", g_strdup (token), g_free);
  g_object_set_data (G_OBJECT (msg), "mg-resource", GUINT_TO_POINTER (res + 1));
}

/* ---------------------------------------------------------------- the seat's state */

/* Kept by the campaign's table object with its views, until the campaign changes (mg-table.h). */
static json_object *
seat_steps (MgTableServer *self, const char *seat)
{
  return mg_table_get_seat_derived (mg_table_for_campaign (self->campaign), mg_table_seat_steps, seat);
}

/* The public page's join list: each seat and whether a phone holds it (never its link). */
static json_object *
seats_held (MgTableServer *self)
{
  const char * const *players = mg_campaign_get_players (self->campaign);
  json_object *seats = json_object_new_array ();

  for (guint i = 0; players[i] != NULL; i++)
    {
      json_object *o = json_object_new_object ();
      json_object_object_add (o, "name", json_object_new_string (players[i]));
      json_object_object_add (o, "held", json_object_new_boolean (mg_table_tokens_peek (self->tokens, players[i]) != NULL));
      json_object_array_add (seats, o);
    }
  return seats;
}

static char *
seat_state_text (MgTableServer *self, const char *seat)
{
  json_object *state = mg_table_seat_state (self->campaign, seat, seat_steps (self, seat));
  char *text;

  if (strcmp (seat, MG_SEAT_PUBLIC) == 0)
    json_object_object_add (state, "seats", seats_held (self));
  text = g_strdup (json_object_to_json_string_ext (state, JSON_C_TO_STRING_PLAIN));
  json_object_put (state);
  return text;
}

/* A phone waiting for the referee sees its request only: the seat asked for and the code. */
static void
serve_waiting (MgTableServer *self, SoupServerMessage *msg, const char *token)
{
  const MgTableClaim *claim = mg_table_tokens_lookup_claim (self->tokens, token);
  json_object *body = json_object_new_object ();
  json_object *waiting = json_object_new_object ();

  json_object_object_add (waiting, "seat", json_object_new_string (claim != NULL ? claim->seat : ""));
  json_object_object_add (waiting, "code", json_object_new_string (claim != NULL ? claim->code : ""));
  json_object_object_add (body, "campaign", json_object_new_string (mg_campaign_get_name (self->campaign)));
  json_object_object_add (body, "waiting", waiting);
  answer_json (msg, SOUP_STATUS_OK, body);
  json_object_put (body);
}

/* The page's words in the phone's language (its Accept-Language), from the app's catalogue. */
static void
serve_words (MgTableServer *self, SoupServerMessage *msg)
{
  const char *accept = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Accept-Language");
  json_object *words = mg_table_words (self->campaign, accept);

  answer_json (msg, SOUP_STATUS_OK, words);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Vary", "Accept-Language");
  json_object_put (words);
}

/* Parses a body as exactly one JSON value (UTF-8, bounded depth, nothing after it). */
static json_object *
parse_body (SoupServerMessage *msg)
{
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = soup_message_body_flatten (body);
  gsize len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  json_tokener *tok;
  json_object *value;
  size_t end;

  if (data == NULL || len == 0 || !g_utf8_validate_len (data, len, NULL) || json_has_nul (data, len))
    return NULL;
  tok = json_tokener_new_ex (MAX_JSON_DEPTH);
  json_tokener_set_flags (tok, JSON_TOKENER_STRICT);
  value = json_tokener_parse_ex (tok, data, (int) len);
  end = json_tokener_get_parse_end (tok);
  if (json_tokener_get_error (tok) != json_tokener_success)
    g_clear_pointer (&value, json_object_put);
  json_tokener_free (tok);
  while (value != NULL && end < len)
    if (!g_ascii_isspace (data[end++]))
      g_clear_pointer (&value, json_object_put);
  return value;
}

static void
serve_act (MgTableServer *self, SoupServerMessage *msg, const char *seat)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;
  json_object *action = parse_body (msg);
  g_autofree char *act_key = g_strconcat ("a:", seat, NULL);
  json_object *clean;
  json_object *answer;

  if (action == NULL)
    {
      refuse (self, msg, SOUP_STATUS_BAD_REQUEST, N_("The request is not one JSON value."));
      return;
    }
  clean = mg_table_seat_check (seat, seat_steps (self, seat), action, &error);
  json_object_put (action);
  if (clean != NULL && strlen (json_object_to_json_string_ext (clean, JSON_C_TO_STRING_PLAIN)) > self->limits.max_action)
    {
      json_object_put (clean);
      refuse (self, msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, N_("This entry is too long for a secret."));
      return;
    }
  /* Each accepted entry is a journal row: a seat re-entering its secret in a loop is held to
   * act_rate (refusals write nothing and fall under the link's own rate). */
  if (clean != NULL && !bucket_take (self, act_key, self->limits.act_rate, self->limits.act_burst))
    {
      json_object_put (clean);
      refuse (self, msg, MG_STATUS_TOO_MANY_REQUESTS,
              N_("Too many entries from this seat: wait a few seconds before entering again."));
      return;
    }
  if (clean != NULL)
    entry = mg_campaign_act (self->campaign, clean, &error);   /* journal, undo, fsync: as the app */
  if (clean != NULL && entry == NULL)
    bucket_give_back (self, act_key);
  json_object_put (clean);
  if (entry == NULL)
    {
      guint status = SOUP_STATUS_UNPROCESSABLE_ENTITY;   /* the engine's or the store's refusal */
      if (error != NULL && error->domain == MG_TABLE_SEAT_ERROR)
        status = error->code == MG_TABLE_SEAT_ERROR_MALFORMED ? SOUP_STATUS_BAD_REQUEST
               : error->code == MG_TABLE_SEAT_ERROR_NOT_YOURS ? SOUP_STATUS_FORBIDDEN
               : SOUP_STATUS_UNPROCESSABLE_ENTITY;
      /* In the phone's language, as its page's words (mg-table-words.c), whatever the app's. */
      g_autofree char *said = mg_table_seat_refusal (mg_campaign_get_rules (self->campaign), error,
                                                     phone_catalogue (msg));
      refuse_said (self, msg, status, said);
      return;
    }
  self->stats.acted++;
  self->stats.served++;
  answer = json_object_new_object ();
  json_object_object_add (answer, "ok", json_object_new_boolean (TRUE));
  {
    /* Its sentences in the phone's language when the engine said them as messages. */
    MgMessageLanguage language = mg_catalogue_language_of (phone_catalogue (msg));
    g_autofree char *said = mg_narrate_said (entry->said, &language);

    json_object_object_add (answer, "summary",
                            json_object_new_string (said ? said : entry->summary ? entry->summary : ""));
  }
  answer_json (msg, SOUP_STATUS_OK, answer);
  json_object_put (answer);
}

/* A phone on the table's page asks for a seat: {"seat": name} → its own link, waiting for the
 * referee, and the code it shows. */
static void
serve_claim (MgTableServer *self, SoupServerMessage *msg)
{
  const char * const *players = mg_campaign_get_players (self->campaign);
  const char *host = soup_server_message_get_remote_host (msg);
  json_object *body = parse_body (msg);
  json_object *seat_o = NULL;
  const char *seat = NULL;
  const MgTableClaim *claim = NULL;
  g_autoptr(GError) error = NULL;
  json_object *answer;

  if (body != NULL && json_object_is_type (body, json_type_object)
      && json_object_object_get_ex (body, "seat", &seat_o) && json_object_is_type (seat_o, json_type_string))
    for (guint i = 0; players[i] != NULL && seat == NULL; i++)
      if (strcmp (players[i], json_object_get_string (seat_o)) == 0)
        seat = players[i];
  if (seat == NULL)
    {
      json_object_put (body);
      refuse (self, msg, SOUP_STATUS_BAD_REQUEST, N_("Ask for one of the table's seats."));
      return;
    }
  claim = mg_table_tokens_claim (self->tokens, seat, host != NULL ? host : "", &error);
  json_object_put (body);
  if (claim == NULL)
    {
      if (g_error_matches (error, MG_TABLE_TOKENS_ERROR, MG_TABLE_TOKENS_ERROR_BUSY))
        refuse (self, msg, MG_STATUS_TOO_MANY_REQUESTS, mg_table_tokens_busy_msgid ());
      else
        refuse_said (self, msg, MG_STATUS_TOO_MANY_REQUESTS, error->message);
      return;
    }
  answer = json_object_new_object ();
  json_object_object_add (answer, "seat", json_object_new_string (claim->seat));
  json_object_object_add (answer, "code", json_object_new_string (claim->code));
  {
    g_autofree char *link = g_strdup_printf ("/t/%s/", claim->token);
    json_object_object_add (answer, "link", json_object_new_string (link));
  }
  answer_json (msg, SOUP_STATUS_OK, answer);
  json_object_put (answer);
  self->stats.served++;
}

static void
serve (SoupServer *soup, SoupServerMessage *msg, const char *path, GHashTable *query, gpointer data)
{
  MgTableServer *self = data;
  const char *seat = g_object_get_data (G_OBJECT (msg), "mg-seat");
  guint res1 = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (msg), "mg-resource"));
  Resource res = res1 - 1;

  if (seat == NULL || res1 == 0)
    {
      refuse (self, msg, SOUP_STATUS_FORBIDDEN, N_("This address needs a seat's link."));
      return;
    }
  if (res == RES_WS)
    return;   /* the WebSocket handshake follows */
  if (res == RES_ACT)
    {
      serve_act (self, msg, seat);
      return;
    }
  if (res == RES_CLAIM)
    {
      serve_claim (self, msg);
      return;
    }
  add_headers (msg);
  if (res == RES_WORDS)
    serve_words (self, msg);
  else if (res == RES_STATE && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (msg), "mg-waiting")))
    serve_waiting (self, msg, g_object_get_data (G_OBJECT (msg), "mg-token"));
  else if (res == RES_STATE)
    {
      char *text = seat_state_text (self, seat);
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (msg, "application/json; charset=utf-8", SOUP_MEMORY_TAKE,
                                        text, strlen (text));
    }
  else
    {
      g_autofree char *where = g_strconcat (RESOURCE_PREFIX, resources[res].file, NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (where, 0, NULL);
      gsize len = 0;
      const char *text = bytes ? g_bytes_get_data (bytes, &len) : "";
      soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
      soup_server_message_set_response (msg, resources[res].type, SOUP_MEMORY_COPY, text, len);
    }
  self->stats.served++;
}

/* ---------------------------------------------------------------- live updates */

static void
live_free (Live *live)
{
  g_signal_handlers_disconnect_by_data (live->ws, live);
  g_object_unref (live->ws);
  g_free (live->seat);
  memset (live->token, 0, strlen (live->token));
  g_free (live->token);
  g_free (live);
}

static void
live_closed (SoupWebsocketConnection *ws, Live *live)
{
  MgTableServer *self = live->server;

  g_ptr_array_remove_fast (self->lives, live);
  self->stats.websockets = self->lives->len;
}

static void
live_message (SoupWebsocketConnection *ws, gint type, GBytes *message, Live *live)
{
  /* A phone sends nothing on this socket: it acts with POST act, so anything here is noise. */
  soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, NULL);
}

static void
live_opened (SoupServer *soup, SoupServerMessage *msg, const char *path,
             SoupWebsocketConnection *ws, gpointer data)
{
  MgTableServer *self = data;
  const char *seat = g_object_get_data (G_OBJECT (msg), "mg-seat");
  const char *token = g_object_get_data (G_OBJECT (msg), "mg-token");
  Conn *conn = conn_for_msg (self, msg);
  g_autofree char *text = NULL;
  Live *live;

  if (seat == NULL || token == NULL)
    {
      soup_websocket_connection_close (ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, NULL);
      return;
    }
  if (conn != NULL)
    {
      conn->upgraded = TRUE;
      g_clear_handle_id (&conn->deadline, g_source_remove);
    }
  live = g_new0 (Live, 1);
  live->server = self;
  live->ws = g_object_ref (ws);
  live->seat = g_strdup (seat);
  live->token = g_strdup (token);
  soup_websocket_connection_set_max_incoming_payload_size (ws, 1024);
  soup_websocket_connection_set_keepalive_interval (ws, 20);
  g_signal_connect (ws, "closed", G_CALLBACK (live_closed), live);
  g_signal_connect (ws, "message", G_CALLBACK (live_message), live);
  g_ptr_array_add (self->lives, live);
  self->stats.websockets = self->lives->len;
  text = seat_state_text (self, seat);
  soup_websocket_connection_send_text (ws, text);
}

/* Sends each live socket its seat's state; a socket whose token was reissued is closed. */
static gboolean
push_all (gpointer data)
{
  MgTableServer *self = data;
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GPtrArray) lives = g_ptr_array_new ();

  self->push_idle = 0;
  /* Closing may emit "closed", which edits self->lives: walk a copy. */
  for (guint i = 0; i < self->lives->len; i++)
    g_ptr_array_add (lives, self->lives->pdata[i]);
  for (guint i = 0; i < lives->len; i++)
    {
      Live *live = lives->pdata[i];
      const char *text;

      if (soup_websocket_connection_get_state (live->ws) != SOUP_WEBSOCKET_STATE_OPEN)
        continue;
      if (g_strcmp0 (mg_table_tokens_lookup (self->tokens, live->token), live->seat) != 0)
        {
          soup_websocket_connection_close (live->ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, NULL);
          continue;
        }
      text = g_hash_table_lookup (texts, live->seat);
      if (text == NULL)
        {
          text = seat_state_text (self, live->seat);
          g_hash_table_insert (texts, live->seat, (char *) text);
        }
      soup_websocket_connection_send_text (live->ws, text);
    }
  return G_SOURCE_REMOVE;
}

/* The push waits for the change's other handlers (the window's), coalescing a burst of changes,
 * but not behind the loop's other work: at the default priority, not the idle one (measured with
 * bench/table-latency.c). */
static void
push_soon (MgTableServer *self)
{
  if (self->push_idle == 0 && self->soup != NULL)
    self->push_idle = g_idle_add_full (G_PRIORITY_DEFAULT, push_all, self, NULL);
}

static void
campaign_changed (MgTableServer *self)
{
  push_soon (self);
}

static void
token_reissued (MgTableServer *self, const char *seat)
{
  push_soon (self);
  emit_changed (self);
}

/* ---------------------------------------------------------------- life */

/* The campaign is going away (its window closed): the port closes with it. */
static void
campaign_gone (gpointer data, GObject *where_the_campaign_was)
{
  MgTableServer *self = data;

  self->campaign = NULL;
  self->changed_id = 0;   /* its handlers go with it */
  mg_table_server_stop (self);
}

static void
mg_table_server_dispose (GObject *object)
{
  MgTableServer *self = MG_TABLE_SERVER (object);

  mg_table_server_stop (self);
  if (self->campaign != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->campaign);
      g_object_weak_unref (G_OBJECT (self->campaign), campaign_gone, self);
      self->campaign = NULL;
    }
  g_clear_signal_handler (&self->reissued_id, self->tokens);
  g_clear_object (&self->tokens);
  G_OBJECT_CLASS (mg_table_server_parent_class)->dispose (object);
}

static void
mg_table_server_finalize (GObject *object)
{
  MgTableServer *self = MG_TABLE_SERVER (object);

  g_free (self->host);
  g_clear_object (&self->tls);
  g_hash_table_unref (self->conns);
  g_hash_table_unref (self->per_host);
  g_hash_table_unref (self->buckets);
  g_hash_table_unref (self->hosts);
  g_ptr_array_unref (self->lives);
  G_OBJECT_CLASS (mg_table_server_parent_class)->finalize (object);
}

static void
mg_table_server_class_init (MgTableServerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mg_table_server_dispose;
  G_OBJECT_CLASS (klass)->finalize = mg_table_server_finalize;
  /* "changed": started, stopped, or a seat's link was reissued: links and QR codes to redraw. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mg_table_server_init (MgTableServer *self)
{
  mg_table_server_limits_default (&self->limits);
  self->conns = g_hash_table_new (NULL, NULL);
  self->per_host = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->buckets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hosts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->lives = g_ptr_array_new_with_free_func ((GDestroyNotify) live_free);
}

MgTableServer *
mg_table_server_new (MgCampaign *campaign)
{
  MgTableServer *self;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  self = g_object_new (MG_TYPE_TABLE_SERVER, NULL);
  self->campaign = campaign;
  g_object_weak_ref (G_OBJECT (campaign), campaign_gone, self);
  self->tokens = g_object_ref (mg_table_tokens_for_campaign (campaign));
  self->changed_id = g_signal_connect_swapped (campaign, "changed", G_CALLBACK (campaign_changed), self);
  self->reissued_id = g_signal_connect_swapped (self->tokens, "reissued", G_CALLBACK (token_reissued), self);
  return self;
}

MgTableServer *
mg_table_server_for_campaign (MgCampaign *campaign)
{
  MgTableServer *self;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  self = (MgTableServer *) mg_table_get_server (mg_table_for_campaign (campaign));
  if (self == NULL)
    {
      self = mg_table_server_new (campaign);
      mg_table_set_server (mg_table_for_campaign (campaign), G_OBJECT (self));   /* the table keeps it */
      g_object_unref (self);
    }
  return self;
}

MgCampaign *
mg_table_server_get_campaign (MgTableServer *self)
{
  g_return_val_if_fail (MG_IS_TABLE_SERVER (self), NULL);
  return self->campaign;
}

void
mg_table_server_set_limits (MgTableServer *self, const MgTableServerLimits *limits)
{
  g_return_if_fail (MG_IS_TABLE_SERVER (self) && limits != NULL);
  self->limits = *limits;
}

/* The listening socket is ours so that its queue holds a table's phones connecting at once: GIO's
 * default backlog of 10 drops the SYNs of the 11th, which then waits a second to try again. */
#define LISTEN_BACKLOG 256

static gboolean
listen_on (MgTableServer *self, GSocketAddress *where, GError **error)
{
  g_autoptr(GSocket) socket = g_socket_new (g_socket_address_get_family (where), G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, error);

  if (socket == NULL || !g_socket_bind (socket, where, TRUE, error))
    return FALSE;
  g_socket_set_listen_backlog (socket, LISTEN_BACKLOG);
  return g_socket_listen (socket, error)
         && soup_server_listen_socket (self->soup, socket, self->tls != NULL ? SOUP_SERVER_LISTEN_HTTPS : 0, error);
}

gboolean
mg_table_server_start (MgTableServer *self, GInetAddress *address, guint port, GError **error)
{
  g_autoptr(GInetAddress) any = NULL;
  g_autoptr(GSocketAddress) where = NULL;
  GSList *uris;

  g_return_val_if_fail (MG_IS_TABLE_SERVER (self) && self->campaign != NULL, FALSE);
  if (self->soup != NULL)
    return TRUE;
  if (address == NULL)
    address = any = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  where = g_inet_socket_address_new (address, port);
  g_free (self->host);
  self->host = any == NULL ? g_inet_address_to_string (address) : NULL;
  /* raw-paths: the gate sees the path as sent and matches it exactly; nothing is decoded. */
  self->soup = soup_server_new ("raw-paths", TRUE, "server-header", NULL, NULL);
  soup_server_add_early_handler (self->soup, NULL, gate, self, NULL);
  soup_server_add_early_handler (self->soup, "/t", gate, self, NULL);
  soup_server_add_handler (self->soup, NULL, serve, self, NULL);
  soup_server_add_handler (self->soup, "/t", serve, self, NULL);
  soup_server_add_websocket_handler (self->soup, "/t", NULL, NULL, live_opened, self, NULL);
  soup_server_remove_websocket_extension (self->soup, SOUP_TYPE_WEBSOCKET_EXTENSION_DEFLATE);
  g_signal_connect (self->soup, "request-started", G_CALLBACK (request_started), self);
  g_signal_connect (self->soup, "request-read", G_CALLBACK (request_read), self);
  g_signal_connect (self->soup, "request-finished", G_CALLBACK (request_done), self);
  g_signal_connect (self->soup, "request-aborted", G_CALLBACK (request_done), self);
  if (self->tls != NULL)
    soup_server_set_tls_certificate (self->soup, self->tls);
  if (!listen_on (self, where, error))
    {
      g_clear_object (&self->soup);
      return FALSE;
    }
  uris = soup_server_get_uris (self->soup);
  self->port = uris != NULL ? (guint) g_uri_get_port (uris->data) : port;
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  hosts_read (self);
  emit_changed (self);
  return TRUE;
}

void
mg_table_server_stop (MgTableServer *self)
{
  GHashTableIter it;
  gpointer value;
  g_autoptr(GPtrArray) conns = g_ptr_array_new ();

  g_return_if_fail (MG_IS_TABLE_SERVER (self));
  if (self->soup == NULL)
    return;
  g_clear_handle_id (&self->push_idle, g_source_remove);
  for (guint i = 0; i < self->lives->len; i++)
    soup_websocket_connection_close (((Live *) self->lives->pdata[i])->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  g_ptr_array_set_size (self->lives, 0);
  self->stats.websockets = 0;
  /* Every connection ends now, WebSockets included, then the listening socket closes. */
  g_hash_table_iter_init (&it, self->conns);
  while (g_hash_table_iter_next (&it, NULL, &value))
    g_ptr_array_add (conns, value);
  for (guint i = 0; i < conns->len; i++)
    {
      conn_cut (conns->pdata[i]);
      conn_forget (self, conns->pdata[i]);
    }
  g_signal_handlers_disconnect_by_data (self->soup, self);
  soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  g_hash_table_remove_all (self->buckets);
  self->port = 0;
  emit_changed (self);
}

gboolean
mg_table_server_is_running (MgTableServer *self)
{
  g_return_val_if_fail (MG_IS_TABLE_SERVER (self), FALSE);
  return self->soup != NULL;
}

guint
mg_table_server_get_port (MgTableServer *self)
{
  g_return_val_if_fail (MG_IS_TABLE_SERVER (self), 0);
  return self->port;
}

char *
mg_table_server_seat_path (MgTableServer *self, const char *seat, GError **error)
{
  const char *token;

  g_return_val_if_fail (MG_IS_TABLE_SERVER (self) && seat != NULL, NULL);
  token = mg_table_tokens_get (self->tokens, seat, error);
  return token != NULL ? g_strconcat ("/t/", token, "/", NULL) : NULL;
}

char *
mg_table_server_lan_host (void)
{
  struct ifaddrs *list = NULL;
  char *found = NULL;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *ifa = list; ifa != NULL && found == NULL; ifa = ifa->ifa_next)
        {
          g_autoptr(GSocketAddress) sa = NULL;
          if (ifa->ifa_addr == NULL || ifa->ifa_addr->sa_family != AF_INET
              || (ifa->ifa_flags & IFF_LOOPBACK) || !(ifa->ifa_flags & IFF_UP))
            continue;
          sa = g_socket_address_new_from_native (ifa->ifa_addr, sizeof (struct sockaddr_in));
          if (sa != NULL)
            found = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (sa)));
        }
      freeifaddrs (list);
    }
  return found != NULL ? found : g_strdup ("127.0.0.1");
}

char *
mg_table_server_seat_url (MgTableServer *self, const char *host, const char *seat, GError **error)
{
  g_autofree char *path = mg_table_server_seat_path (self, seat, error);
  g_autofree char *lan = host == NULL && self->host == NULL ? mg_table_server_lan_host () : NULL;

  if (path == NULL)
    return NULL;
  return g_strdup_printf ("%s://%s:%u%s", self->tls != NULL ? "https" : "http",
                          host != NULL ? host : self->host != NULL ? self->host : lan, self->port, path);
}

void
mg_table_server_set_tls (MgTableServer *self, GTlsCertificate *certificate)
{
  gboolean running;

  g_return_if_fail (MG_IS_TABLE_SERVER (self));
  if (certificate == self->tls)
    return;
  /* The port changes hands at once: a running server starts again, with the same links. */
  running = self->soup != NULL;
  mg_table_server_stop (self);
  g_set_object (&self->tls, certificate);
  if (running)
    {
      g_autoptr(GInetAddress) address = self->host != NULL ? g_inet_address_new_from_string (self->host) : NULL;
      g_autoptr(GError) error = NULL;
      if (!mg_table_server_start (self, address, 0, &error))
        g_warning ("The table server did not start again: %s", error->message);
    }
  else
    emit_changed (self);
}

GTlsCertificate *
mg_table_server_get_tls (MgTableServer *self)
{
  g_return_val_if_fail (MG_IS_TABLE_SERVER (self), NULL);
  return self->tls;
}

void
mg_table_server_get_stats (MgTableServer *self, MgTableServerStats *stats)
{
  g_return_if_fail (MG_IS_TABLE_SERVER (self) && stats != NULL);
  conns_sweep (self);
  *stats = self->stats;
  stats->open = g_hash_table_size (self->conns);
}

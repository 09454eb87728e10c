/* test-table-evening.c — an evening of 50 phones, compressed: descriptors and slots back to baseline. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 50 phones (each its own 127.0.0.x address) that reload, sleep, wake and reconnect 2,000 times
 * in all, kept-alive and not, over HTTP and the WebSocket; afterwards the server holds as many
 * descriptors as before, no slot, and answers every phone.  Loopback only, bounded in count and
 * time. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "mg-server-test-util.h"
#include "mg-table-server.h"

#define N_PHONES 50
#define N_CYCLES 2000
#define IDLE_MS 250

typedef struct {
  guint   port;
  char   *host_header;
  char   *paths[2];
  gint    next_cycle;
  gint    ok;
  gint    failed;
  gint    cut_by_server;
  gint    kinds[5];
  gint    warmed;
} Evening;

typedef struct {
  Evening *ev;
  guint    index;
  GSocket *asleep;   /* a connection left open while the phone sleeps, until it wakes */
  guint    kind;     /* the warm-up's */
} Phone;

static GSocket *
dial_from (guint port, guint index)
{
  g_autofree char *mine = g_strdup_printf ("127.0.0.%u", 10 + index);
  g_autoptr(GInetAddress) from = g_inet_address_new_from_string (mine);
  g_autoptr(GSocketAddress) local = g_inet_socket_address_new (from, 0);
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (lo, port);
  GSocket *sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);

  if (sock == NULL)
    return NULL;
  g_socket_set_timeout (sock, 3);
  if (!g_socket_bind (sock, local, FALSE, NULL) || !g_socket_connect (sock, where, NULL, NULL))
    g_clear_object (&sock);
  return sock;
}

/* Reads one HTTP answer (headers, then Content-Length bytes); its status, or -1. */
static int
read_answer (GSocket *sock)
{
  GString *got = g_string_new (NULL);
  const char *end = NULL;
  int status = -1;
  gsize need = 0;
  char buf[8192];

  while ((end = strstr (got->str, "\r\n\r\n")) == NULL || got->len < (gsize) (end - got->str) + 4 + need)
    {
      gssize n;
      if (end != NULL && need == 0)
        {
          const char *cl = g_strstr_len (got->str, end - got->str, "Content-Length: ");
          need = cl != NULL ? g_ascii_strtoull (cl + 16, NULL, 10) : 0;
          if (got->len >= (gsize) (end - got->str) + 4 + need)
            break;
        }
      n = g_socket_receive (sock, buf, sizeof buf, NULL, NULL);
      if (n <= 0)
        break;
      g_string_append_len (got, buf, n);
    }
  if (g_str_has_prefix (got->str, "HTTP/1.1 ") && got->len > 12)
    status = atoi (got->str + 9);
  g_string_free (got, TRUE);
  return status;
}

static gboolean
get (Evening *ev, GSocket *sock, const char *path, const char *extra)
{
  g_autofree char *req = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\n%s\r\n", path, ev->host_header, extra);

  return g_socket_send (sock, req, strlen (req), NULL, NULL) == (gssize) strlen (req)
         && read_answer (sock) == 200;
}

/* Waits for the server to end the connection (the idle deadline): TRUE when it did. */
static gboolean
server_ends (GSocket *sock)
{
  char buf[256];
  gint64 limit = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < limit)
    {
      gssize n = g_socket_receive (sock, buf, sizeof buf, NULL, NULL);
      if (n == 0)
        return TRUE;
      if (n < 0)
        return FALSE;
    }
  return FALSE;
}

/* One of a phone's moments; TRUE when it was served as a phone expects. */
static gboolean
cycle (Evening *ev, Phone *phone, guint kind)
{
  guint index = phone->index;
  g_autoptr(GSocket) sock = dial_from (ev->port, index);
  g_autofree char *page = NULL, *script = NULL, *state = NULL, *ws = NULL;
  const char *seat = ev->paths[index % 2];
  gboolean ok;

  if (sock == NULL)
    return FALSE;
  page = g_strdup (seat);
  script = g_strconcat (seat, "app.js", NULL);
  state = g_strconcat (seat, "state", NULL);
  ws = g_strconcat (seat, "ws", NULL);
  switch (kind)
    {
    case 0:   /* a reload: the page, its script and its state, each answer ending its connection
               * as the server says (a browser opens the next one) */
      {
        const char *paths[] = { page, script, state };
        for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
          {
            if (i > 0)
              {
                g_clear_object (&sock);
                if ((sock = dial_from (ev->port, index)) == NULL)
                  return FALSE;
              }
            if (!get (ev, sock, paths[i], ""))
              return FALSE;
          }
        return TRUE;
      }
    case 1:   /* one request, not kept alive */
      return get (ev, sock, state, "Connection: close\r\n");
    case 2:   /* the phone sleeps with its connection open: the idle deadline ends it */
      ok = get (ev, sock, state, "");
      if (ok && server_ends (sock))
        g_atomic_int_inc (&ev->cut_by_server);
      return ok;
    case 3:   /* the live socket opens, its first message comes, then the phone is gone */
      {
        g_autofree char *req = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
                                                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                                "Sec-WebSocket-Version: 13\r\n\r\n", ws, ev->host_header);
        char buf[4096];
        gssize n;
        if (g_socket_send (sock, req, strlen (req), NULL, NULL) != (gssize) strlen (req))
          return FALSE;
        n = g_socket_receive (sock, buf, sizeof buf - 1, NULL, NULL);
        if (n <= 12)
          return FALSE;
        buf[n] = '\0';
        return g_str_has_prefix (buf, "HTTP/1.1 101");
      }
    default:  /* half a request, or none, then the phone sleeps for good */
      {
        g_autofree char *req = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\n", state, ev->host_header);
        if (index % 2 == 0 && g_socket_send (sock, req, strlen (req), NULL, NULL) <= 0)
          return FALSE;
        g_clear_object (&phone->asleep);
        phone->asleep = g_steal_pointer (&sock);
        return TRUE;
      }
    }
}

static gpointer
phone_thread (gpointer data)
{
  Phone *phone = data;
  Evening *ev = phone->ev;
  gint c;

  while ((c = g_atomic_int_add (&ev->next_cycle, 1)) < N_CYCLES)
    {
      guint kind = (guint) (c + phone->index) % 5;
      gboolean ok;
      g_atomic_int_inc (&ev->kinds[kind]);
      ok = cycle (ev, phone, kind);
      if (kind != 4 && g_random_int_range (0, 4) == 0)
        g_clear_object (&phone->asleep);   /* the phone wakes: its old connection is gone */
      g_atomic_int_inc (ok ? &ev->ok : &ev->failed);
    }
  g_clear_object (&phone->asleep);
  return NULL;
}

static gpointer
warm_up_thread (gpointer data)
{
  Phone *phone = data;

  cycle (phone->ev, phone, phone->kind);
  g_clear_object (&phone->asleep);
  g_atomic_int_set (&phone->ev->warmed, 1);
  return NULL;
}

static guint
count_fds (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
pump_until (MgTableServer *server, guint open, gint64 ms)
{
  gint64 limit = g_get_monotonic_time () + ms * 1000;
  MgTableServerStats stats;

  do
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (1000);
      mg_table_server_get_stats (server, &stats);
    }
  while (stats.open > open && g_get_monotonic_time () < limit);
}

static void
test_evening (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mg-evening-XXXXXX", &error);
  g_autoptr(MgCampaign) campaign = mg_server_test_campaign (dir, "lamame", &error);
  g_autoptr(MgTableServer) server = NULL;
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autofree char *path = NULL;
  MgTableServerLimits limits;
  MgTableServerStats stats;
  GThread *threads[N_PHONES];
  Phone phones[N_PHONES];
  Evening ev = { 0 };
  guint fds0, fds1, fds_peak = 0, served_after = 0;
  gint64 limit;

  g_assert_no_error (error);
  path = g_strdup (mg_campaign_get_path (campaign));
  server = mg_table_server_new (campaign);
  mg_table_server_limits_default (&limits);
  /* The app's limits, with the deadlines compressed (an evening in seconds) and the per-link rate
   * opened (two seats' links shared by 50 phones here). */
  limits.idle_timeout_ms = IDLE_MS;
  limits.header_timeout_ms = IDLE_MS;
  limits.token_rate = 100000;
  limits.token_burst = 100000;
  mg_table_server_set_limits (server, &limits);
  g_assert_true (mg_table_server_start (server, lo, 0, &error));
  ev.port = mg_table_server_get_port (server);
  ev.host_header = g_strdup_printf ("127.0.0.1:%u", ev.port);
  ev.paths[0] = mg_table_server_seat_path (server, "Red", NULL);
  ev.paths[1] = mg_table_server_seat_path (server, "Blue", NULL);
  /* One phone of each kind first, so that what GLib opens once (its threads' wakeups) is counted
   * in the baseline. */
  for (guint kind = 0; kind < 5; kind++)
    {
      phones[0] = (Phone) { &ev, 0, NULL, kind };
      threads[0] = g_thread_new ("warm-up", warm_up_thread, &phones[0]);
      while (!g_atomic_int_get (&ev.warmed))
        g_main_context_iteration (NULL, FALSE) || (g_usleep (200), TRUE);
      g_thread_join (threads[0]);
      g_atomic_int_set (&ev.warmed, 0);
    }
  pump_until (server, 0, 4 * IDLE_MS + 2000);
  fds0 = count_fds ();
  ev.cut_by_server = 0;
  ev.kinds[2] = 0;

  for (guint i = 0; i < N_PHONES; i++)
    {
      phones[i] = (Phone) { &ev, i, NULL, 0 };
      threads[i] = g_thread_new ("phone", phone_thread, &phones[i]);
    }
  /* Bounded: every cycle ends within its sockets' 3 s timeout. */
  limit = g_get_monotonic_time () + 90 * G_USEC_PER_SEC;
  while (g_atomic_int_get (&ev.ok) + g_atomic_int_get (&ev.failed) < N_CYCLES
         && g_get_monotonic_time () < limit)
    {
      g_main_context_iteration (NULL, FALSE) || (g_usleep (200), TRUE);
      fds_peak = MAX (fds_peak, (ev.ok % 64 == 0) ? count_fds () : 0);
    }
  for (guint i = 0; i < N_PHONES; i++)
    g_thread_join (threads[i]);
  /* Every connection the phones left (slept, half-sent) ends by its deadline; one more left
   * half-sent here, so the deadline's path is taken whatever the phones' last steps were. */
  {
    g_autoptr(GSocket) lingering = dial_from (ev.port, 0);
    const char half[] = "GET / HTTP/1.1\r\n";

    g_assert_nonnull (lingering);
    g_assert_cmpint (g_socket_send (lingering, half, strlen (half), NULL, NULL), ==, (gssize) strlen (half));
    pump_until (server, 0, 4 * IDLE_MS + 2000);
  }
  fds1 = count_fds ();
  mg_table_server_get_stats (server, &stats);
  g_test_message ("evening: %d cycles served as expected, %d not (kinds %d/%d/%d/%d/%d); "
                  "%d sleeping connections ended by the server; descriptors %u before, peak %u, %u after; "
                  "open %u, websockets %u, cut by deadline %" G_GUINT64_FORMAT ", cut full %" G_GUINT64_FORMAT,
                  ev.ok, ev.failed, ev.kinds[0], ev.kinds[1], ev.kinds[2], ev.kinds[3], ev.kinds[4],
                  ev.cut_by_server, fds0, fds_peak, fds1, stats.open, stats.websockets,
                  stats.closed_slow, stats.closed_full);
  g_assert_cmpint (ev.ok + ev.failed, ==, N_CYCLES);
  g_assert_cmpint (ev.failed, ==, 0);
  g_assert_cmpint (ev.cut_by_server, ==, ev.kinds[2]);
  g_assert_cmpuint (stats.open, ==, 0);
  g_assert_cmpuint (stats.websockets, ==, 0);
  g_assert_cmpuint (stats.closed_full, ==, 0);
  g_assert_cmpuint (stats.closed_slow, >, 0);   /* some sleeping phones were ended by the deadline */
  g_assert_cmpuint (fds1, ==, fds0);

  /* And every phone is still served, from its own address. */
  for (guint i = 0; i < N_PHONES; i++)
    {
      g_autoptr(GSocket) sock = dial_from (ev.port, i);
      g_autofree char *state = g_strconcat (ev.paths[i % 2], "state", NULL);
      /* The server answers on this thread's main loop: the socket does not block it. */
      if (sock == NULL)
        continue;
      {
        g_autofree char *req = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n",
                                                state, ev.host_header);
        gint64 until = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
        char buf[16];
        gssize n = -1;
        g_socket_send (sock, req, strlen (req), NULL, NULL);
        g_socket_set_blocking (sock, FALSE);
        while (g_get_monotonic_time () < until
               && (n = g_socket_receive (sock, buf, sizeof buf - 1, NULL, NULL)) < 0)
          g_main_context_iteration (NULL, FALSE) || (g_usleep (200), TRUE);
        if (n > 12 && strncmp (buf, "HTTP/1.1 200", 12) == 0)
          served_after++;
      }
    }
  g_assert_cmpuint (served_after, ==, N_PHONES);

  mg_table_server_stop (server);
  for (guint i = 0; i < 2; i++)
    g_free (ev.paths[i]);
  g_free (ev.host_header);
  g_clear_object (&server);
  g_clear_object (&campaign);
  mg_server_test_remove (path, dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table-server/evening", test_evening);
  return g_test_run ();
}

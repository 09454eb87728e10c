/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-load.c — 50 phones connecting and reconnecting and ~1,000 garbage requests a second
 * for a bounded time (MG_LOAD_SECONDS, 3 by default), all on 127.0.0.1, while a 10 ms timer on
 * the server's main loop measures how late it fires: the app must stay responsive (a frame is
 * 33 ms) and the campaign intact. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "mg-server-test-util.h"
#include "mg-table-server.h"

#define N_PHONES 50
#define N_GARBAGE_THREADS 4
#define GARBAGE_PER_THREAD_PER_S 250
#define TICK_MS 10

typedef struct {
  guint   port;
  char   *paths[3];
  gint    stop;
  gint    phone_ok;
  gint    phone_other;
  gint    garbage_sent;
  gint    garbage_answered;
} Load;

static GSocket *
dial (guint port)
{
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (lo, port);
  GSocket *sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);

  if (sock == NULL)
    return NULL;
  g_socket_set_timeout (sock, 2);
  if (!g_socket_connect (sock, where, NULL, NULL))
    g_clear_object (&sock);
  return sock;
}

/* Sends `req` and reads the answer's first bytes (or nothing when `wait` is FALSE). */
static int
exchange (guint port, const char *req, gsize len, gboolean wait)
{
  g_autoptr(GSocket) sock = dial (port);
  char buf[16384];
  int status = -1;
  gsize got = 0;

  if (sock == NULL)
    return -1;
  if (g_socket_send (sock, req, len, NULL, NULL) < 0)
    return -1;
  while (wait && got < sizeof buf - 1)
    {
      gssize n = g_socket_receive (sock, buf + got, sizeof buf - 1 - got, NULL, NULL);
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  buf[got] = '\0';
  if (got > 12 && g_str_has_prefix (buf, "HTTP/1."))
    status = atoi (buf + 9);
  return wait ? status : 0;
}

static gpointer
phone_thread (gpointer data)
{
  Load *load = data;
  guint i = GPOINTER_TO_UINT (g_thread_self ()) % 3;

  while (!g_atomic_int_get (&load->stop))
    {
      g_autofree char *req = g_strdup_printf ("GET %sstate HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: close\r\n\r\n",
                                              load->paths[i++ % 3], load->port);
      int status = exchange (load->port, req, strlen (req), TRUE);
      g_atomic_int_inc (status == 200 ? &load->phone_ok : &load->phone_other);
      g_usleep (50 * 1000);   /* then reconnect, as a phone's page does */
    }
  return NULL;
}

static gpointer
garbage_thread (gpointer data)
{
  Load *load = data;
  GRand *rand = g_rand_new ();
  gint64 start = g_get_monotonic_time ();
  guint n = 0;

  while (!g_atomic_int_get (&load->stop))
    {
      char junk[512];
      gsize len;
      gboolean wait = TRUE;
      switch (n % 5)
        {
        case 0:   /* random bytes */
          len = g_rand_int_range (rand, 1, sizeof junk);
          for (gsize i = 0; i < len; i++)
            junk[i] = (char) g_rand_int_range (rand, 0, 256);
          wait = FALSE;
          break;
        case 1:   /* a guessed token */
          len = g_snprintf (junk, sizeof junk, "GET /t/%022u/state HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", g_rand_int (rand));
          break;
        case 2:   /* a path trick, not waiting for the answer */
          len = g_snprintf (junk, sizeof junk, "GET /t/../../etc/passwd%%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
          wait = FALSE;
          break;
        case 3:   /* an oversized body announced, not waiting either */
          len = g_snprintf (junk, sizeof junk, "POST /t/AAAAAAAAAAAAAAAAAAAAAA/act HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n{");
          wait = FALSE;
          break;
        default:  /* half a request, then gone */
          len = g_snprintf (junk, sizeof junk, "GET /t/AAAA");
          wait = FALSE;
          break;
        }
      exchange (load->port, junk, len, wait);
      g_atomic_int_inc (&load->garbage_sent);
      n++;
      /* Paced to GARBAGE_PER_THREAD_PER_S. */
      {
        gint64 due = start + (gint64) n * G_USEC_PER_SEC / GARBAGE_PER_THREAD_PER_S;
        gint64 now = g_get_monotonic_time ();
        if (due > now)
          g_usleep (due - now);
      }
    }
  g_rand_free (rand);
  return NULL;
}

typedef struct {
  gint64  last;
  GArray *late_us;
} Ticker;

static gboolean
tick (gpointer data)
{
  Ticker *t = data;
  gint64 now = g_get_monotonic_time ();
  gint64 late = now - t->last - TICK_MS * 1000;

  g_array_append_val (t->late_us, late);
  t->last = now;
  return G_SOURCE_CONTINUE;
}

static int
cmp_i64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

static void
test_load (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mg-load-XXXXXX", &error);
  g_autoptr(MgCampaign) campaign = mg_server_test_campaign (dir, "lamame", &error);
  g_autoptr(MgTableServer) server = NULL;
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  const char *env = g_getenv ("MG_LOAD_SECONDS");
  double seconds = env ? g_ascii_strtod (env, NULL) : 3.0;
  MgTableServerLimits limits;
  MgTableServerStats stats;
  GThread *threads[N_PHONES + N_GARBAGE_THREADS];
  Load load = { 0 };
  Ticker ticker = { 0 };
  gint64 count0, end;
  g_autofree char *sum0 = NULL;
  g_autofree char *sum1 = NULL;
  gint64 p50, p99, max;
  guint n;

  g_assert_no_error (error);
  seconds = CLAMP (seconds, 0.5, 30.0);
  server = mg_table_server_new (campaign);
  mg_table_server_limits_default (&limits);
  /* 50 phones share 127.0.0.1 here; on a real network each has its own address. */
  limits.max_per_host = 400;
  limits.max_connections = 400;
  limits.token_rate = 100000;
  limits.token_burst = 100000;
  limits.header_timeout_ms = 1000;
  mg_table_server_set_limits (server, &limits);
  g_assert_true (mg_table_server_start (server, lo, 0, &error));
  load.port = mg_table_server_get_port (server);
  load.paths[0] = mg_table_server_seat_path (server, "Red", NULL);
  load.paths[1] = mg_table_server_seat_path (server, "Blue", NULL);
  load.paths[2] = mg_table_server_seat_path (server, MG_SEAT_PUBLIC, NULL);
  count0 = mg_campaign_journal_count (campaign);
  sum0 = mg_server_test_file_sum (mg_campaign_get_path (campaign));

  ticker.late_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  ticker.last = g_get_monotonic_time ();
  n = g_timeout_add (TICK_MS, tick, &ticker);
  for (guint i = 0; i < N_PHONES; i++)
    threads[i] = g_thread_new ("phone", phone_thread, &load);
  for (guint i = 0; i < N_GARBAGE_THREADS; i++)
    threads[N_PHONES + i] = g_thread_new ("garbage", garbage_thread, &load);
  end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_atomic_int_set (&load.stop, 1);
  /* The threads end within their socket timeout (2 s); the loop runs so the server answers. */
  {
    gint64 limit = g_get_monotonic_time () + 8 * G_USEC_PER_SEC;
    while (g_get_monotonic_time () < limit)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
        if (g_get_monotonic_time () > end + 3 * G_USEC_PER_SEC)
          break;
      }
  }
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_source_remove (n);

  g_array_sort (ticker.late_us, cmp_i64);
  p50 = g_array_index (ticker.late_us, gint64, ticker.late_us->len / 2);
  p99 = g_array_index (ticker.late_us, gint64, ticker.late_us->len * 99 / 100);
  max = g_array_index (ticker.late_us, gint64, ticker.late_us->len - 1);
  mg_table_server_get_stats (server, &stats);
  g_test_message ("load for %.1f s: phones %d answered 200, %d other; garbage %d sent (%.0f/s); "
                  "server served %" G_GUINT64_FORMAT ", refused %" G_GUINT64_FORMAT ", cut slow %" G_GUINT64_FORMAT
                  ", cut full %" G_GUINT64_FORMAT,
                  seconds, load.phone_ok, load.phone_other, load.garbage_sent, load.garbage_sent / seconds,
                  stats.served, stats.refused, stats.closed_slow, stats.closed_full);
  g_test_message ("main loop 10 ms timer lateness over %u ticks: median %.1f ms, p99 %.1f ms, max %.1f ms",
                  ticker.late_us->len, p50 / 1000.0, p99 / 1000.0, max / 1000.0);

  g_assert_cmpint (load.phone_ok, >, N_PHONES);
  g_assert_cmpint (p99, <, 33000);
  /* The campaign is as it was: no row, no byte changed, and it checks. */
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, count0);
  sum1 = mg_server_test_file_sum (mg_campaign_get_path (campaign));
  g_assert_cmpstr (sum1, ==, sum0);
  g_assert_true (mg_campaign_check (campaign, &error));
  g_assert_no_error (error);

  mg_table_server_stop (server);
  for (guint i = 0; i < 3; i++)
    g_free (load.paths[i]);
  g_array_unref (ticker.late_us);
  {
    g_autofree char *path = g_strdup (mg_campaign_get_path (campaign));
    g_clear_object (&server);
    g_clear_object (&campaign);
    mg_server_test_remove (path, dir);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table-server/load", test_load);
  return g_test_run ();
}

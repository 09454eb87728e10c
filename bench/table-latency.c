/* table-latency.c — issue 41's bench: a secret from one of 50 phones to every phone, and the loop's lateness. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 50 phones on live sockets, one enters a secret: how long until every phone and the referee's
 * side (the campaign's "changed", which the referee's window draws from) have it, and how late a
 * 10 ms timer on the main loop fires meanwhile; against the physical limit of the same broadcast
 * by a bare libsoup server (no campaign, no journal, no fsync), runs interleaved.  Loopback only.
 * Not a test. */
#include "config.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "mg-campaign.h"
#include "mg-table-server.h"

#define N_PHONES 50
#define TICK_MS 10

typedef struct {
  guint     port;
  char     *act_path;
  char     *act_body[5];
  char     *ws_paths[N_PHONES];
  guint     trials;
  guint     gap_ms;
  gint      ready;
  gint      done;
  gint      trial;           /* the trial under way, for the main loop's "changed" */
  gint64   *t0;              /* per trial: the POST sent */
  gint64   *changed;         /* per trial: the campaign's "changed" on the main loop */
  GArray   *last_us;         /* per trial: the last phone's latency */
  GArray   *all_us;          /* every phone's latency */
  GArray   *answer_us;       /* the POST's answer (commit included) */
  guint     lost;
} Bench;

typedef struct {
  gint64  last;
  gboolean on;
  GArray *late_us;
} Ticker;

/* ---------------------------------------------------------------- the phones (one thread) */

static int
dial (guint port)
{
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (lo, port);
  GSocket *sock = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  int fd;

  g_socket_set_timeout (sock, 3);
  if (!g_socket_connect (sock, where, NULL, NULL))
    {
      g_object_unref (sock);
      return -1;
    }
  g_socket_set_option (sock, IPPROTO_TCP, TCP_NODELAY, TRUE, NULL);
  fd = dup (g_socket_get_fd (sock));
  g_object_unref (sock);
  /* GSocket made it non-blocking; the phones wait in poll() and read whole handshakes. */
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

/* Reads what is there; counts the complete server frames in `buf` (unmasked), keeping the rest. */
static guint
frames_read (int fd, GByteArray *buf)
{
  guint8 chunk[65536];
  ssize_t n = read (fd, chunk, sizeof chunk);
  guint frames = 0;

  if (n > 0)
    g_byte_array_append (buf, chunk, (guint) n);
  for (;;)
    {
      guint64 len, head = 2;
      if (buf->len < 2)
        break;
      len = buf->data[1] & 0x7f;
      if (len == 126)
        {
          if (buf->len < 4)
            break;
          len = ((guint64) buf->data[2] << 8) | buf->data[3];
          head = 4;
        }
      else if (len == 127)
        {
          if (buf->len < 10)
            break;
          len = 0;
          for (int i = 0; i < 8; i++)
            len = (len << 8) | buf->data[2 + i];
          head = 10;
        }
      if (buf->len < head + len)
        break;
      g_byte_array_remove_range (buf, 0, (guint) (head + len));
      frames++;
    }
  return frames;
}

static int
ws_open (Bench *b, const char *path, GByteArray *buf)
{
  int fd = dial (b->port);
  g_autofree char *req = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nUpgrade: websocket\r\n"
                                          "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                          "Sec-WebSocket-Version: 13\r\n\r\n", path, b->port);
  char head[4096];
  gsize got = 0;

  if (fd < 0 || write (fd, req, strlen (req)) != (ssize_t) strlen (req))
    return -1;
  /* The handshake's answer, byte by byte up to its blank line; frames after it are kept. */
  while (got < sizeof head - 1 && read (fd, head + got, 1) == 1)
    if (++got >= 4 && memcmp (head + got - 4, "\r\n\r\n", 4) == 0)
      break;
  head[got] = '\0';
  if (!g_str_has_prefix (head, "HTTP/1.1 101"))
    {
      close (fd);
      return -1;
    }
  g_byte_array_set_size (buf, 0);
  return fd;
}

static int
post (Bench *b, const char *body)
{
  int fd = dial (b->port);
  g_autofree char *req = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nContent-Type: application/json\r\n"
                                          "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                                          b->act_path, b->port, strlen (body), body);

  if (fd >= 0 && write (fd, req, strlen (req)) != (ssize_t) strlen (req))
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* One trial: the secret sent, then every phone's next frame and the answer, within 2 s. */
static void
trial (Bench *b, guint t, int *fds, GByteArray **bufs)
{
  struct pollfd pfd[N_PHONES + 1];
  gboolean got[N_PHONES] = { FALSE };
  guint missing = N_PHONES;
  gint64 t0, last = 0, limit;
  int pfdn;

  g_atomic_int_set (&b->trial, (gint) t);
  t0 = g_get_monotonic_time ();
  b->t0[t] = t0;
  pfdn = post (b, b->act_body[t % 5]);
  limit = t0 + 2 * G_USEC_PER_SEC;
  while ((missing > 0 || pfdn >= 0) && g_get_monotonic_time () < limit)
    {
      for (guint i = 0; i < N_PHONES; i++)
        pfd[i] = (struct pollfd) { fds[i], POLLIN, 0 };
      pfd[N_PHONES] = (struct pollfd) { pfdn, POLLIN, 0 };
      if (poll (pfd, N_PHONES + 1, 100) <= 0)
        continue;
      for (guint i = 0; i < N_PHONES; i++)
        if ((pfd[i].revents & POLLIN) && frames_read (fds[i], bufs[i]) > 0 && !got[i])
          {
            gint64 us = g_get_monotonic_time () - t0;
            got[i] = TRUE;
            missing--;
            last = MAX (last, us);
            g_array_append_val (b->all_us, us);
          }
      if (pfdn >= 0 && (pfd[N_PHONES].revents & (POLLIN | POLLHUP)))
        {
          char buf[4096];
          if (read (pfdn, buf, sizeof buf) <= 0)
            {
              gint64 us = g_get_monotonic_time () - t0;
              g_array_append_val (b->answer_us, us);
              close (pfdn);
              pfdn = -1;
            }
        }
    }
  if (pfdn >= 0)
    close (pfdn);
  if (missing > 0)
    b->lost += missing;
  else
    g_array_append_val (b->last_us, last);
}

static gpointer
phones_thread (gpointer data)
{
  Bench *b = data;
  int fds[N_PHONES];
  GByteArray *bufs[N_PHONES];

  for (guint i = 0; i < N_PHONES; i++)
    {
      bufs[i] = g_byte_array_new ();
      fds[i] = ws_open (b, b->ws_paths[i], bufs[i]);
      if (fds[i] < 0)
        g_error ("phone %u could not open its live socket", i);
    }
  /* The first state every socket gets on opening, then quiet. */
  g_usleep (300 * 1000);
  for (guint i = 0; i < N_PHONES; i++)
    {
      struct pollfd p = { fds[i], POLLIN, 0 };
      while (poll (&p, 1, 0) > 0 && frames_read (fds[i], bufs[i]) > 0)
        ;
      g_byte_array_set_size (bufs[i], 0);
    }
  g_atomic_int_set (&b->ready, 1);
  for (guint t = 0; t < b->trials; t++)
    {
      trial (b, t, fds, bufs);
      g_usleep (b->gap_ms * 1000);
    }
  for (guint i = 0; i < N_PHONES; i++)
    {
      close (fds[i]);
      g_byte_array_unref (bufs[i]);
    }
  g_atomic_int_set (&b->done, 1);
  return NULL;
}

/* ---------------------------------------------------------------- the server's side */

static gboolean
tick (gpointer data)
{
  Ticker *t = data;
  gint64 now = g_get_monotonic_time ();

  if (t->on)
    {
      gint64 late = now - t->last - TICK_MS * 1000;
      g_array_append_val (t->late_us, late);
    }
  t->last = now;
  return G_SOURCE_CONTINUE;
}

static void
campaign_changed (Bench *b)
{
  gint t = g_atomic_int_get (&b->trial);

  if (t >= 0 && (guint) t < b->trials && b->changed[t] == 0)
    b->changed[t] = g_get_monotonic_time ();
}

/* Runs the phones against the server on this thread's main loop until they are done. */
static void
drive (Bench *b, Ticker *ticker)
{
  GThread *phones = g_thread_new ("phones", phones_thread, b);
  guint id = g_timeout_add (TICK_MS, tick, ticker);
  gint64 limit = g_get_monotonic_time () + (gint64) (b->trials * (b->gap_ms + 2100) + 10000) * 1000;

  ticker->last = g_get_monotonic_time ();
  while (!g_atomic_int_get (&b->done) && g_get_monotonic_time () < limit)
    {
      ticker->on = g_atomic_int_get (&b->ready);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (id);
  g_thread_join (phones);
}

static gint64
percentile (GArray *values, double q)
{
  g_autoptr(GArray) sorted = g_array_copy (values);
  gint64 *v;
  guint n = sorted->len;

  if (n == 0)
    return -1;
  v = (gint64 *) sorted->data;
  for (guint i = 1; i < n; i++)   /* insertion sort: a few thousand values */
    for (guint j = i; j > 0 && v[j - 1] > v[j]; j--)
      {
        gint64 x = v[j];
        v[j] = v[j - 1];
        v[j - 1] = x;
      }
  return v[MIN (n - 1, (guint) (q * (n - 1) + 0.5))];
}

typedef struct {
  double last50, last99, all99, referee50, referee99, answer50, answer99, late50, late99, late_max;
  guint  lost;
} Result;

static void
bench_init (Bench *b, guint trials)
{
  memset (b, 0, sizeof *b);
  b->trials = trials;
  b->gap_ms = 30;   /* phones acting ~30 times a second */
  b->trial = -1;
  b->t0 = g_new0 (gint64, trials);
  b->changed = g_new0 (gint64, trials);
  b->last_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  b->all_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  b->answer_us = g_array_new (FALSE, FALSE, sizeof (gint64));
}

static Result
bench_result (Bench *b, Ticker *ticker)
{
  g_autoptr(GArray) referee = g_array_new (FALSE, FALSE, sizeof (gint64));
  Result r;

  for (guint t = 0; t < b->trials; t++)
    if (b->changed[t] > 0 && b->t0[t] > 0)
      {
        gint64 us = b->changed[t] - b->t0[t];
        g_array_append_val (referee, us);
      }
  r.last50 = percentile (b->last_us, 0.5) / 1000.0;
  r.last99 = percentile (b->last_us, 0.99) / 1000.0;
  r.all99 = percentile (b->all_us, 0.99) / 1000.0;
  r.referee50 = percentile (referee, 0.5) / 1000.0;
  r.referee99 = percentile (referee, 0.99) / 1000.0;
  r.answer50 = percentile (b->answer_us, 0.5) / 1000.0;
  r.answer99 = percentile (b->answer_us, 0.99) / 1000.0;
  r.late50 = percentile (ticker->late_us, 0.5) / 1000.0;
  r.late99 = percentile (ticker->late_us, 0.99) / 1000.0;
  r.late_max = percentile (ticker->late_us, 1.0) / 1000.0;
  r.lost = b->lost;
  g_free (b->t0);
  g_free (b->changed);
  g_array_unref (b->last_us);
  g_array_unref (b->all_us);
  g_array_unref (b->answer_us);
  for (guint i = 0; i < 5; i++)
    g_free (b->act_body[i]);
  for (guint i = 0; i < N_PHONES; i++)
    g_free (b->ws_paths[i]);
  g_free (b->act_path);
  return r;
}

/* The table server: La Mame's spring bids, Red re-entering its bid; 50 sockets on Red's, Blue's
 * and the public page's links. */
static Result
run_table (guint trials, GArray *act_us)
{
  static const char * const players[] = { "Red", "Blue", NULL };
  static const char * const lines[] = {
    "{\"type\":\"start\",\"start_player\":\"Red\",\"initial_build\":\"introductory\"}",
    "{\"type\":\"pass\",\"player\":\"Red\"}",
    "{\"type\":\"pass\",\"player\":\"Blue\"}",
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mg-bench-table-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "bench.db", NULL);
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  MgCampaign *campaign = mg_campaign_create (path, "lamame", "Bench", players, NULL, 1234, &error);
  MgTableServer *server;
  MgTableServerLimits limits;
  Ticker ticker = { 0, FALSE, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  const char *seats[] = { "Red", "Blue", MG_SEAT_PUBLIC };
  Bench b;
  Result r;

  if (campaign == NULL)
    g_error ("%s", error->message);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      json_object *a = json_tokener_parse (lines[i]);
      MgJournalEntry *e = mg_campaign_act (campaign, a, &error);
      json_object_put (a);
      if (e == NULL)
        g_error ("%s", error->message);
      mg_journal_entry_free (e);
    }
  /* What one entry costs the main loop by itself (validate, apply, journal row, fsync), on the
   * same file: the floor of the phones' latency and of the loop's lateness while they act. */
  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":%u}", i % 5);
      json_object *a = json_tokener_parse (text);
      gint64 t0 = g_get_monotonic_time (), us;
      MgJournalEntry *e = mg_campaign_act (campaign, a, &error);
      us = g_get_monotonic_time () - t0;
      json_object_put (a);
      if (e == NULL)
        g_error ("%s", error->message);
      mg_journal_entry_free (e);
      g_array_append_val (act_us, us);
    }
  server = mg_table_server_new (campaign);
  mg_table_server_limits_default (&limits);
  /* Capacity, not abuse: every phone from 127.0.0.1, Red entering ~30 times a second. */
  limits.max_per_host = limits.max_connections = 400;
  limits.token_rate = limits.token_burst = limits.act_rate = limits.act_burst = 1e6;
  mg_table_server_set_limits (server, &limits);
  if (!mg_table_server_start (server, lo, 0, &error))
    g_error ("%s", error->message);
  bench_init (&b, trials);
  b.port = mg_table_server_get_port (server);
  {
    g_autofree char *red = mg_table_server_seat_path (server, "Red", NULL);
    b.act_path = g_strconcat (red, "act", NULL);
  }
  for (guint i = 0; i < 5; i++)
    b.act_body[i] = g_strdup_printf ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":%u}", i + 1);
  for (guint i = 0; i < N_PHONES; i++)
    {
      g_autofree char *seat = mg_table_server_seat_path (server, seats[i % 3], NULL);
      b.ws_paths[i] = g_strconcat (seat, "ws", NULL);
    }
  g_signal_connect_swapped (campaign, "changed", G_CALLBACK (campaign_changed), &b);
  drive (&b, &ticker);
  r = bench_result (&b, &ticker);
  mg_table_server_stop (server);
  g_object_unref (server);
  g_object_unref (campaign);
  g_array_unref (ticker.late_us);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_remove (wal);
    g_remove (shm);
    g_remove (path);
    g_rmdir (dir);
  }
  return r;
}

/* ---------------------------------------------------------------- the physical limit */

typedef struct {
  GPtrArray *sockets;
  Bench     *b;
  char      *text;
} Bare;

static void
bare_closed (SoupWebsocketConnection *ws, Bare *bare)
{
  g_ptr_array_remove (bare->sockets, ws);
}

static void
bare_ws (SoupServer *s, SoupServerMessage *msg, const char *path, SoupWebsocketConnection *ws, gpointer data)
{
  Bare *bare = data;

  g_ptr_array_add (bare->sockets, g_object_ref (ws));
  g_signal_connect (ws, "closed", G_CALLBACK (bare_closed), bare);
  soup_websocket_connection_send_text (ws, bare->text);
}

/* A POST answered at once and the same text sent to every socket: no campaign, no fsync. */
static void
bare_act (SoupServer *s, SoupServerMessage *msg, const char *path, GHashTable *q, gpointer data)
{
  Bare *bare = data;

  if (strcmp (path, "/act") != 0)
    return;
  campaign_changed (bare->b);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection", "close");
  soup_server_message_set_status (msg, 200, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_STATIC, "{\"ok\":true}", 11);
  for (guint i = 0; i < bare->sockets->len; i++)
    soup_websocket_connection_send_text (bare->sockets->pdata[i], bare->text);
}

static Result
run_bare (guint trials, gsize text_len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (lo, 0);
  SoupServer *soup = soup_server_new ("server-header", NULL, NULL);
  Ticker ticker = { 0, FALSE, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  Bare bare = { g_ptr_array_new_with_free_func (g_object_unref), NULL, NULL };
  GSList *uris;
  Bench b;
  Result r;

  bench_init (&b, trials);
  bare.b = &b;
  bare.text = g_strnfill (text_len, 'x');
  soup_server_add_handler (soup, NULL, bare_act, &bare, NULL);
  soup_server_add_websocket_handler (soup, "/ws", NULL, NULL, bare_ws, &bare, NULL);
  if (!soup_server_listen (soup, where, 0, &error))
    g_error ("%s", error->message);
  uris = soup_server_get_uris (soup);
  b.port = (guint) g_uri_get_port (uris->data);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  b.act_path = g_strdup ("/act");
  for (guint i = 0; i < 5; i++)
    b.act_body[i] = g_strdup ("{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}");
  for (guint i = 0; i < N_PHONES; i++)
    b.ws_paths[i] = g_strdup ("/ws");
  drive (&b, &ticker);
  r = bench_result (&b, &ticker);
  for (guint i = 0; i < bare.sockets->len; i++)
    g_signal_handlers_disconnect_by_data (bare.sockets->pdata[i], &bare);
  soup_server_disconnect (soup);
  g_object_unref (soup);
  g_ptr_array_unref (bare.sockets);
  g_free (bare.text);
  g_array_unref (ticker.late_us);
  return r;
}

/* ---------------------------------------------------------------- the figures */

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The median of `n` values with their interquartile range. */
static void
spread (const double *values, guint n, double *q1, double *med, double *q3)
{
  double *v = g_memdup2 (values, n * sizeof (double));

  qsort (v, n, sizeof (double), cmp_double);
  *q1 = v[(n - 1) / 4];
  *med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  *q3 = v[(3 * (n - 1) + 3) / 4];
  g_free (v);
}

static void
line (const char *what, const double *values, guint n, const char *unit, double target)
{
  double q1, med, q3;

  spread (values, n, &q1, &med, &q3);
  printf ("%-58s median %7.2f%s  IQR %.2f–%.2f%s", what, med, unit, q1, q3, unit);
  if (target > 0)
    printf ("  (target <= %.0f%s: %s)", target, unit, q3 <= target ? "met" : med <= target ? "met at the median" : "NOT met");
  printf ("\n");
}

int
main (int argc, char **argv)
{
  const char *env = g_getenv ("MELEE_GM_BENCH_RUNS");
  guint runs = CLAMP (env ? (guint) atoi (env) : 5, 1, 31);
  guint trials = 100;
  double *t_last99 = g_new0 (double, runs), *t_last50 = g_new0 (double, runs), *t_ref99 = g_new0 (double, runs);
  double *t_late99 = g_new0 (double, runs), *t_late_max = g_new0 (double, runs), *t_ans99 = g_new0 (double, runs);
  double *b_last99 = g_new0 (double, runs), *b_late99 = g_new0 (double, runs), *ratio = g_new0 (double, runs);
  guint lost = 0;
  double load[3] = { 0 };
  g_autoptr(GArray) act_us = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (getloadavg (load, 3) < 0)
    load[0] = -1;
  printf ("50 phones on live sockets, %u secrets entered a run (one every ~30 ms), %u interleaved pairs; load %.1f\n",
          trials, runs, load[0]);
  for (guint r = 0; r < runs; r++)
    {
      Result t = run_table (trials, act_us);
      Result b = run_bare (trials, 4096);
      t_last99[r] = t.last99;
      t_last50[r] = t.last50;
      t_ref99[r] = t.referee99;
      t_late99[r] = t.late99;
      t_late_max[r] = t.late_max;
      t_ans99[r] = t.answer99;
      b_last99[r] = b.last99;
      b_late99[r] = b.late99;
      ratio[r] = t.last99 / MAX (b.last99, 0.001);
      lost += t.lost + b.lost;
      printf ("  run %u: table: last phone p50 %.2f p99 %.2f ms, every phone p99 %.2f, referee's side p50 %.2f p99 %.2f, "
              "answer p50 %.2f p99 %.2f, loop late p50 %.2f p99 %.2f max %.2f; bare: last phone p50 %.2f p99 %.2f, "
              "loop late p99 %.2f\n",
              r + 1, t.last50, t.last99, t.all99, t.referee50, t.referee99, t.answer50, t.answer99, t.late50, t.late99,
              t.late_max, b.last50, b.last99, b.late99);
    }
  line ("secret → last of 50 phones, p50 (ms)", t_last50, runs, " ms", 0);
  line ("secret → last of 50 phones, p99 (ms)", t_last99, runs, " ms", 20);
  line ("secret → referee's side (campaign \"changed\"), p99 (ms)", t_ref99, runs, " ms", 20);
  line ("POST answered (journal row committed), p99 (ms)", t_ans99, runs, " ms", 0);
  line ("main loop lateness while phones act, p99 (ms)", t_late99, runs, " ms", 8);
  line ("main loop lateness, max (ms)", t_late_max, runs, " ms", 0);
  line ("bare libsoup broadcast → last phone, p99 (ms)", b_last99, runs, " ms", 0);
  line ("bare libsoup main loop lateness, p99 (ms)", b_late99, runs, " ms", 0);
  line ("table server / bare broadcast, last phone p99 (ratio)", ratio, runs, "x", 0);
  printf ("one entry by the referee's own mg_campaign_act (journal row, fsync), alone: p50 %.2f ms, p99 %.2f ms\n",
          percentile (act_us, 0.5) / 1000.0, percentile (act_us, 0.99) / 1000.0);
  printf ("frames lost: %u\n", lost);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* journal-steps.c — `mg-bench-journal-steps STALE.db CURRENT.db [STEPS]`: a Journal step (the
 * state after a row, mg_campaign_state_at, as the Journal page shows it) on a campaign of an
 * earlier revision of its rules opened read-only (not renewed: no snapshot of the file stands),
 * against the same journal whose snapshots stand (CURRENT.db, the baseline: what a step costs
 * with the file's own snapshots). Both are opened read-only; the same STEPS rows (40), spread at
 * random over the journal, are asked of each in turn, interleaved. Prints the open's time and
 * resident memory of each, then each side's median step with its quartiles and the median of
 * the pairs' ratios. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "mg-campaign.h"
#include "mg-campaign-private.h"

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

/* VmRSS in MB. */
static double
rss_mb (void)
{
  g_autofree char *status = NULL;
  const char *at;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (at = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtod (at + 6, NULL) / 1024.0;
}

static MgCampaign *
open_ro (const char *path, double *ms, double *mb)
{
  g_autoptr(GError) error = NULL;
  double t = now_ms (), m = rss_mb ();
  MgCampaign *c = mg_campaign_open_read_only (path, &error);

  if (c == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      exit (1);
    }
  *ms = now_ms () - t;
  *mb = rss_mb () - m;
  return c;
}

static double
step (MgCampaign *c, gint64 seq)
{
  g_autoptr(GError) error = NULL;
  double t = now_ms ();
  MgState *state = mg_campaign_state_at (c, seq, &error);

  if (state == NULL)
    {
      fprintf (stderr, "row %lld: %s\n", (long long) seq, error->message);
      exit (1);
    }
  mg_state_free (state);
  return now_ms () - t;
}

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
quartiles (GArray *values, double q[3])
{
  g_array_sort (values, cmp_double);
  for (int i = 0; i < 3; i++)
    q[i] = g_array_index (values, double, (values->len - 1) * (i + 1) / 4);
}

int
main (int argc, char *argv[])
{
  g_autoptr(MgCampaign) stale = NULL;
  g_autoptr(MgCampaign) current = NULL;
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) ratio = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GRand) rand = g_rand_new_with_seed (43);
  double open_ms[2], open_mb[2], qa[3], qb[3], qr[3];
  guint steps = argc > 3 ? (guint) atoi (argv[3]) : 40;
  gint64 rows;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s STALE.db CURRENT.db [STEPS]\n", argv[0]);
      return 2;
    }
  current = open_ro (argv[2], &open_ms[1], &open_mb[1]);
  stale = open_ro (argv[1], &open_ms[0], &open_mb[0]);
  rows = mg_campaign_journal_count (stale);
  if (rows != mg_campaign_journal_count (current) || rows < 2)
    {
      fprintf (stderr, "the two files must hold the same journal\n");
      return 2;
    }
  for (guint i = 0; i < steps; i++)
    {
      /* Not the last row: that one is the state in memory, no replay. */
      gint64 seq = g_rand_int_range (rand, 1, (gint32) MIN (rows, G_MAXINT32 - 1));
      double x, y;

      if (i % 2 == 0)
        x = step (stale, seq), y = step (current, seq);
      else
        y = step (current, seq), x = step (stale, seq);
      g_array_append_val (a, x);
      g_array_append_val (b, y);
      x /= y;
      g_array_append_val (ratio, x);
    }
  quartiles (a, qa);
  quartiles (b, qb);
  quartiles (ratio, qr);
  printf ("rows %lld\n", (long long) rows);
  printf ("open   stale %.0f ms (+%.1f MB resident), current %.0f ms (+%.1f MB)\n",
          open_ms[0], open_mb[0], open_ms[1], open_mb[1]);
  printf ("step   stale %.2f ms (IQR %.2f-%.2f), current %.2f ms (IQR %.2f-%.2f)\n",
          qa[1], qa[0], qa[2], qb[1], qb[0], qb[2]);
  printf ("ratio  %.2f (IQR %.2f-%.2f), %u steps\n", qr[1], qr[0], qr[2], steps);
  return 0;
}

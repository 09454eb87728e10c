/* chronicle.c — bench for issue 48: `mg-bench-chronicle SMALL.db BIG.db [ROUNDS]`: the Chronicle's first paint and per-row update, two campaigns side by side (1k and 1M rows), interleaved; medians, spread and the ratio big / small.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * First paint: reading the page's window of rows (mg_chronicle_window_read, indexed queries) and
 * drawing every chart the game declares with cairo at the page's size (mg_chronicle_draw), as the
 * Chronicle page's first frame does, minus GTK's own layout of the page around it.
 * Per-row update: one action acted (not timed: the store's commit is its own bench), then the
 * window brought up to date (mg_chronicle_window_update: only the new row's points read) and the
 * charts drawn again; then the same for its undo. Also the engine-side cost each action now pays
 * (mg_chronicle_row_new: the public view, the game's values(), the changes), timed alone.
 *
 * bench/gen's campaigns are written without the store, so they have no points: the first run
 * fills them once (one replay of the journal, reported, not part of the figures). */
#include <cairo.h>
#include <stdio.h>
#include <glib.h>

#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-chronicle.h"
#include "mg-chronicle-draw.h"

#define WIDTH  876
#define HEIGHT 180

typedef struct {
  MgCampaign *campaign;
  GArray     *paint, *update, *undo, *values;   /* ms */
} Side;

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static void
draw_window (MgChronicleWindow *window)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  for (guint c = 0; c < window->charts->len; c++)
    mg_chronicle_draw (cr, g_ptr_array_index (window->charts, c), window, WIDTH, HEIGHT, FALSE, -1, -1);
  cairo_surface_flush (surface);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static MgCampaign *
open_filled (const char *path)
{
  g_autoptr(GError) error = NULL;
  MgCampaign *campaign = mg_campaign_open (path, &error);
  gint64 points = 0;
  double t;

  if (campaign == NULL)
    g_error ("%s: %s", path, error->message);
  if (!mg_store_query_int (mg_campaign_get_store (campaign), "SELECT count (*) FROM chronicle_series", &points, &error))
    g_error ("%s", error->message);
  if (points == 0)
    {
      t = now_ms ();
      if (!mg_chronicle_fill (campaign, TRUE, &error))
        g_error ("%s", error->message);
      fprintf (stderr, "%s: filled once by a replay of %lld rows in %.1f s\n", path,
               (long long) mg_campaign_journal_count (campaign), (now_ms () - t) / 1000);
    }
  return campaign;
}

/* An action the table may take now (the first listed that is not a template). */
static json_object *
some_action (MgCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  json_object *legal = mg_state_legal_actions (mg_campaign_get_state (campaign), MG_SEAT_ALL);
  json_object *pick = NULL;

  for (size_t i = 0; legal != NULL && i < json_object_array_length (legal) && pick == NULL; i++)
    {
      json_object *a = json_object_array_get_idx (legal, i);

      if (!json_object_object_get_ex (a, "template", NULL) && mg_campaign_validate (campaign, a, NULL))
        pick = json_object_get (a);
    }
  json_object_put (legal);
  if (pick == NULL)
    g_error ("no action to take at the end of the campaign");
  return pick;
}

static void
round_of (Side *side)
{
  g_autoptr(GError) error = NULL;
  MgChronicleWindow *window;
  MgChronicleCache *cache = NULL;
  json_object *action;
  MgJournalEntry *entry;
  gboolean changed;
  guint done;
  double t;

  t = now_ms ();
  window = mg_chronicle_window_read (side->campaign, 0, MG_CHRONICLE_ROWS, TRUE, &error);
  draw_window (window);
  t = now_ms () - t;
  g_array_append_val (side->paint, t);

  action = some_action (side->campaign);
  entry = mg_campaign_act (side->campaign, action, &error);
  if (entry == NULL)
    g_error ("%s", error->message);
  t = now_ms ();
  if (!mg_chronicle_window_update (window, MG_CHRONICLE_APPENDED, &changed, &error))
    g_error ("%s", error->message);
  draw_window (window);
  t = now_ms () - t;
  g_array_append_val (side->update, t);

  t = now_ms ();
  mg_chronicle_row_free (mg_chronicle_row_new (&cache, mg_game_lookup (mg_campaign_get_game_id (side->campaign)),
                                               mg_campaign_get_ruleset (side->campaign),
                                               mg_campaign_get_state (side->campaign), -1, entry->seq, entry->turn));
  t = now_ms () - t;
  g_array_append_val (side->values, t);
  mg_chronicle_cache_free (cache);

  if (!mg_campaign_undo (side->campaign, 1, &done, &error))
    g_error ("%s", error->message);
  t = now_ms ();
  if (!mg_chronicle_window_update (window, MG_CHRONICLE_UNDONE, &changed, &error))
    g_error ("%s", error->message);
  draw_window (window);
  t = now_ms () - t;
  g_array_append_val (side->undo, t);

  mg_journal_entry_free (entry);
  json_object_put (action);
  mg_chronicle_window_free (window);
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
quantile (GArray *values, double q)
{
  g_array_sort (values, compare_double);
  return g_array_index (values, double, (guint) (q * (values->len - 1) + 0.5));
}

static void
report (const char *what, GArray *small, GArray *big)
{
  double ms = quantile (small, 0.5), mb = quantile (big, 0.5);

  printf ("%-28s %8.3f ms [%.3f–%.3f]   %8.3f ms [%.3f–%.3f]   ratio %.2f\n", what,
          ms, quantile (small, 0.1), quantile (small, 0.9), mb, quantile (big, 0.1), quantile (big, 0.9), mb / ms);
}

int
main (int argc, char **argv)
{
  Side sides[2];
  guint rounds = argc > 3 ? (guint) g_ascii_strtoull (argv[3], NULL, 10) : 30;

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s SMALL.db BIG.db [ROUNDS]\n", argv[0]);
      return 2;
    }
  for (guint s = 0; s < 2; s++)
    {
      sides[s].campaign = open_filled (argv[1 + s]);
      sides[s].paint = g_array_new (FALSE, FALSE, sizeof (double));
      sides[s].update = g_array_new (FALSE, FALSE, sizeof (double));
      sides[s].undo = g_array_new (FALSE, FALSE, sizeof (double));
      sides[s].values = g_array_new (FALSE, FALSE, sizeof (double));
      round_of (&sides[s]);   /* warm: the first write checks the file (ensure_sound) */
      g_array_set_size (sides[s].paint, 0);
      g_array_set_size (sides[s].update, 0);
      g_array_set_size (sides[s].undo, 0);
      g_array_set_size (sides[s].values, 0);
    }
  /* Interleaved, each round in the other order from the last, so drift on the machine falls on
   * both sides alike. */
  for (guint r = 0; r < rounds; r++)
    for (guint k = 0; k < 2; k++)
      round_of (&sides[(r + k) & 1]);
  printf ("%s (%lld rows) vs %s (%lld rows), %u rounds: median [p10–p90]\n", argv[1],
          (long long) mg_campaign_journal_count (sides[0].campaign), argv[2],
          (long long) mg_campaign_journal_count (sides[1].campaign), rounds);
  report ("first paint (read + draw)", sides[0].paint, sides[1].paint);
  report ("row appended: update + draw", sides[0].update, sides[1].update);
  report ("row undone: update + draw", sides[0].undo, sides[1].undo);
  report ("values per action (engine)", sides[0].values, sides[1].values);
  return 0;
}

/* test-chronicle.c — each game's Chronicle against values the test reads itself from the journal; undone rows left out; a secret moves nothing. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <cairo.h>
#include <string.h>

#include "mg-campaign.h"
#include "mg-chronicle.h"
#include "mg-chronicle-draw.h"
#include "mg-core-test-util.h"
#include "mg-data.h"
#include "mg-export.h"
#include "mg-export-async.h"
#include "mg-game.h"
#include "mg-ruleset.h"

typedef json_object Json;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Json, json_object_put)

/* A new campaign of the game's first sample with its first `limit` actions played (all: -1). */
static MgCampaign *
play_sample (const char *game_id, const char *file, gint limit)
{
  const MgGame *game = mg_game_lookup (game_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = mg_data_lookup (game->samples[0].resource, &error);
  g_autofree char *path = mg_test_tmpfile (file);
  g_auto(GStrv) lines = NULL;
  MgCampaign *campaign;

  g_assert_no_error (error);
  campaign = mg_campaign_create (path, game_id, "Chronicle", game->samples[0].players, NULL, 7, &error);
  g_assert_no_error (error);
  lines = g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1);
  for (guint i = 0; lines[i] != NULL && (limit < 0 || (gint) i < limit); i++)
    {
      json_object *action;
      g_autoptr(MgJournalEntry) entry = NULL;

      if (lines[i][0] == '\0')
        continue;
      action = json_tokener_parse (lines[i]);
      entry = mg_campaign_act (campaign, action, &error);
      g_assert_no_error (error);
      json_object_put (action);
    }
  return campaign;
}

/* What the test reads of a public view itself: seat `name`'s member `key` in array `list`. */
static gboolean
view_member (json_object *view, const char *list, const char *name_key, const char *name,
             const char *key, double *out)
{
  json_object *array = json_object_object_get (view, list);

  for (size_t i = 0; i < json_object_array_length (array); i++)
    {
      json_object *o = json_object_array_get_idx (array, i);

      if (g_strcmp0 (json_object_get_string (json_object_object_get (o, name_key)), name) == 0)
        {
          *out = json_object_get_double (json_object_object_get (o, key));
          return TRUE;
        }
    }
  return FALSE;
}

typedef struct {
  const char *game, *file, *list, *name_key, *member, *chart, *seat;
} Case;

/* At every row of the sample, the chart's value is the public view's after that row, as the
 * journal replays it (mg_campaign_state_at): the store's points were written as the rows were
 * played, from a cache of the values before; the replay knows nothing of them. */
static void
test_series_match_the_journal (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(MgCampaign) campaign = play_sample (c->game, c->file, -1);
  g_autoptr(GError) error = NULL;
  gint64 n = mg_campaign_journal_count (campaign);
  guint changes = 0;
  double previous = -1;

  g_assert_cmpint (n, >, 10);
  for (gint64 seq = 1; seq <= n; seq++)
    {
      g_autoptr(MgState) state = mg_campaign_state_at (campaign, seq, &error);
      g_autoptr(Json) view = NULL;
      double expected, got = -1;

      g_assert_no_error (error);
      view = mg_state_view (state, "public");
      /* A figure not yet named has no series yet. */
      if (!view_member (view, c->list, c->name_key, c->seat, c->member, &expected))
        {
          g_assert_false (mg_chronicle_value_at (campaign, c->chart, c->seat, seq, &got, &error));
          continue;
        }
      g_assert_true (mg_chronicle_value_at (campaign, c->chart, c->seat, seq, &got, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (got, ==, expected);
      changes += expected != previous;
      previous = expected;
    }
  /* A sample in which the series never moves would prove little. */
  g_assert_cmpuint (changes, >=, 2);
}

/* Cricchio's material: the test counts the pieces of Black's side on the public board itself. */
static void
test_cricchio_material (void)
{
  g_autoptr(MgCampaign) campaign = play_sample ("cricchio", "cricchio.db", -1);
  g_autoptr(GError) error = NULL;
  gint64 n = mg_campaign_journal_count (campaign);
  gint first = -1, last = -1;

  for (gint64 seq = 1; seq <= n; seq++)
    {
      g_autoptr(MgState) state = mg_campaign_state_at (campaign, seq, &error);
      g_autoptr(Json) view = mg_state_view (state, "public");
      json_object *pieces = json_object_object_get (view, "pieces");
      const char *side = NULL;
      double got;
      gint count = 0;

      for (size_t i = 0; i < json_object_array_length (json_object_object_get (view, "players")); i++)
        {
          json_object *p = json_object_array_get_idx (json_object_object_get (view, "players"), i);

          if (g_str_equal (json_object_get_string (json_object_object_get (p, "name")), "Black"))
            side = json_object_get_string (json_object_object_get (p, "side"));
        }
      for (size_t i = 0; i < json_object_array_length (pieces); i++)
        count += g_strcmp0 (json_object_get_string (json_object_object_get (json_object_array_get_idx (pieces, i), "owner")), side) == 0;
      g_assert_true (mg_chronicle_value_at (campaign, "material", "Black", seq, &got, &error));
      g_assert_cmpint ((gint) got, ==, count);
      if (first < 0)
        first = count;
      last = count;
    }
  /* Black loses pieces in the sample: the series moves. */
  g_assert_cmpint (last, <, first);
}

/* Meeple's casualty track, from the battle events of the journal's rows in force. */
static void
test_meeple_casualties_from_events (void)
{
  g_autoptr(MgCampaign) campaign = play_sample ("meeple", "meeple-events.db", -1);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  guint battles = 0;

  rows = mg_campaign_journal_range (campaign, 0, 1000, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < rows->len; i++)
    {
      MgJournalEntry *e = g_ptr_array_index (rows, i);
      g_autoptr(Json) events = json_tokener_parse (e->events);

      for (size_t k = 0; k < json_object_array_length (events); k++)
        {
          json_object *ev = json_object_array_get_idx (events, k);
          json_object *cas;
          double got;

          if (g_strcmp0 (json_object_get_string (json_object_object_get (ev, "type")), "battle") != 0)
            continue;
          cas = json_object_object_get (ev, "casualties");
          battles++;
          json_object_object_foreach (cas, seat, count)
            {
              g_assert_true (mg_chronicle_value_at (campaign, "casualties", seat, e->seq, &got, NULL));
              g_assert_cmpint ((gint) got, ==, json_object_get_int (count));
            }
          /* The battle's winner has a mark at the battle's number. */
          if (json_object_object_get (ev, "winner") != NULL)
            {
              g_assert_true (mg_chronicle_value_at (campaign, "won",
                                                    json_object_get_string (json_object_object_get (ev, "winner")),
                                                    e->seq, &got, NULL));
              g_assert_cmpint ((gint) got, ==, json_object_get_int (json_object_object_get (ev, "battle")));
            }
        }
    }
  g_assert_cmpuint (battles, >=, 3);
}

static void
json_unref (gpointer data)
{
  json_object_put (data);
}

/* The events of the rows in force, each with its row: (seq, event) pairs of `type`. */
static GPtrArray *
events_of_type (MgCampaign *campaign, const char *type, GArray *seqs)
{
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *found = g_ptr_array_new_with_free_func (json_unref);

  rows = mg_campaign_journal_range (campaign, 0, 100000, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < rows->len; i++)
    {
      MgJournalEntry *e = g_ptr_array_index (rows, i);
      g_autoptr(Json) events = json_tokener_parse (e->events);

      if (e->undone)
        continue;
      for (size_t k = 0; k < json_object_array_length (events); k++)
        {
          json_object *ev = json_object_array_get_idx (events, k);

          if (g_strcmp0 (json_object_get_string (json_object_object_get (ev, "type")), type) == 0)
            {
              g_ptr_array_add (found, json_object_get (ev));
              g_array_append_val (seqs, e->seq);
            }
        }
    }
  return found;
}

/* The point of `series` of `chart` written at row seq exactly (its note too), or FALSE. */
static gboolean
point_at_row (MgCampaign *campaign, const char *chart, const char *series, gint64 seq, double *value, char **note)
{
  g_autoptr(GError) error = NULL;
  MgChronicleWindow *window = mg_chronicle_window_read (campaign, seq, 1, FALSE, &error);
  gboolean found = FALSE;

  g_assert_no_error (error);
  for (guint c = 0; c < window->charts->len && !found; c++)
    {
      MgChronicleData *d = g_ptr_array_index (window->charts, c);

      for (guint s = 0; s < d->series->len && g_str_equal (d->chart->key, chart); s++)
        {
          MgChronicleSeries *ser = g_ptr_array_index (d->series, s);

          for (guint p = 0; p < ser->points->len && g_str_equal (ser->name, series); p++)
            if (g_array_index (ser->points, MgChroniclePoint, p).seq == seq)
              {
                *value = g_array_index (ser->points, MgChroniclePoint, p).value;
                *note = g_strdup (g_array_index (ser->points, MgChroniclePoint, p).note);
                found = TRUE;
              }
        }
    }
  mg_chronicle_window_free (window);
  return found;
}

/* La Mame's attack rounds in the played sample: each has a mark at its row in the attacker's
 * series, at the gold spent, telling who won the round by the rulebook's rule (the gold among
 * the defender's guesses: the attacker is lost; else the defender's unit), and the attacker's
 * gold falls by that gold at that row whoever won (the gold is spent either way). */
static void
test_lamame_attack_results (void)
{
  g_autoptr(MgCampaign) campaign = play_sample ("lamame", "lamame-attacks.db", -1);
  g_autoptr(GArray) seqs = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) rounds = events_of_type (campaign, "attack_round", seqs);
  guint guessed = 0;

  g_assert_cmpuint (rounds->len, >=, 3);
  for (guint i = 0; i < rounds->len; i++)
    {
      json_object *ev = g_ptr_array_index (rounds, i);
      gint64 seq = g_array_index (seqs, gint64, i);
      const char *attacker = json_object_get_string (json_object_object_get (ev, "attacker"));
      gint gold = json_object_get_int (json_object_object_get (ev, "gold"));
      json_object *guesses = json_object_object_get (ev, "guesses");
      gboolean hit = FALSE;
      g_autofree char *note = NULL;
      double value = -1, before = -1, after = -1;

      for (size_t k = 0; k < json_object_array_length (guesses); k++)
        hit = hit || json_object_get_int (json_object_array_get_idx (guesses, k)) == gold;
      guessed += hit;
      g_assert_true (point_at_row (campaign, "attacks", attacker, seq, &value, &note));
      g_assert_cmpfloat (value, ==, gold);
      g_test_message ("row %lld: %s, %d gold: %s", (long long) seq, attacker, gold, note);
      g_assert_true ((strstr (note, "guessed the gold") != NULL) == hit);
      g_assert_true (mg_chronicle_value_at (campaign, "gold", attacker, seq - 1, &before, NULL));
      g_assert_true (mg_chronicle_value_at (campaign, "gold", attacker, seq, &after, NULL));
      g_assert_cmpfloat (before - after, ==, gold);
    }
  /* The sample has rounds of both outcomes: the test sees each. */
  g_assert_cmpuint (guessed, >, 0);
  g_assert_cmpuint (guessed, <, rounds->len);
}

/* TFT's fights won: the combat example of the rulebook, played in the sample, is Flavius's win
 * (Wulf dies): his count goes from 0 to 1 at the row that ends the fight, Wulf's stays 0. The
 * test counts the wins itself from the fights' records in the journal. */
static void
test_tft_wins (void)
{
  g_autoptr(MgCampaign) campaign = play_sample ("tft", "tft-wins.db", -1);
  g_autoptr(GArray) seqs = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) ends = events_of_type (campaign, "fight_ended", seqs);
  const char * const names[] = { "Flavius", "Wulf" };
  gint expected[2] = { 0, 0 };
  double value = -1;

  g_assert_cmpuint (ends->len, >=, 1);
  for (guint i = 0; i < ends->len; i++)
    {
      json_object *figures = json_object_object_get (g_ptr_array_index (ends, i), "figures");
      gint64 seq = g_array_index (seqs, gint64, i);

      for (guint n = 0; n < 2; n++)
        {
          g_assert_true (mg_chronicle_value_at (campaign, "wins", names[n], seq - 1, &value, NULL));
          g_assert_cmpfloat (value, ==, expected[n]);
          for (size_t k = 0; k < json_object_array_length (figures); k++)
            {
              json_object *r = json_object_array_get_idx (figures, k);

              expected[n] += g_str_equal (json_object_get_string (json_object_object_get (r, "figure")), names[n]) &&
                             g_strcmp0 (json_object_get_string (json_object_object_get (r, "result")), "won") == 0;
            }
          g_assert_true (mg_chronicle_value_at (campaign, "wins", names[n], seq, &value, NULL));
          g_assert_cmpfloat (value, ==, expected[n]);
        }
    }
  /* The rulebook's example: Flavius wins it. */
  g_assert_cmpint (expected[0], ==, 1);
  g_assert_cmpint (expected[1], ==, 0);
}

/* Cricchio's Mine Field, played: Black mines a9, b9 and c9, Red a5, b5 and c5 (secret: the
 * chart does not move); Red's Marine steps twice to a11, then onto the wall at a10, one square
 * from Black's mine on a9, which detonates (rule 3: an opponent's piece landing within one
 * square); its blast takes the Marine, so b9 never goes off. Black's count goes 0 → 1 at that
 * row, as the test counts the row's public events itself; Red's stays 0. */
static void
test_cricchio_mines (void)
{
  static const char * const players[] = { "Black", "Red", NULL };
  static const char * const actions[] = {
    "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"a9\"}",
    "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"b9\"}",
    "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c9\"}",
    "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"a5\"}",
    "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"b5\"}",
    "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"c5\"}",
    "{\"type\":\"move\",\"player\":\"Black\",\"from\":\"n2\",\"to\":\"n3\"}",
    "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"a13\",\"to\":\"a11\"}",
    "{\"type\":\"move\",\"player\":\"Black\",\"from\":\"n3\",\"to\":\"n4\"}",
    "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"a11\",\"to\":\"a10\"}",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(Json) ruleset = mg_ruleset_load_default ("cricchio", &error);
  g_autofree char *path = mg_test_tmpfile ("cricchio-mines.db");
  g_autoptr(MgCampaign) campaign = NULL;
  gint expected[2] = { 0, 0 };

  g_assert_no_error (error);
  json_object_object_add (ruleset, "variant", json_object_new_string ("minefield"));
  campaign = mg_campaign_create (path, "cricchio", "Mines", players, ruleset, 7, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(Json) action = json_tokener_parse (actions[i]);
      g_autoptr(MgJournalEntry) e = mg_campaign_act (campaign, action, &error);
      g_autoptr(Json) events = NULL;

      g_assert_no_error (error);
      events = json_tokener_parse (e->events);
      for (size_t k = 0; k < json_object_array_length (events); k++)
        {
          json_object *ev = json_object_array_get_idx (events, k);

          if (g_strcmp0 (json_object_get_string (json_object_object_get (ev, "type")), "mine") == 0 &&
              g_strcmp0 (json_object_get_string (json_object_object_get (ev, "result")), "detonated") == 0 &&
              !json_object_object_get_ex (ev, "seat", NULL))
            expected[g_str_equal (json_object_get_string (json_object_object_get (ev, "owner")), "Red")]++;
        }
      for (guint n = 0; n < 2; n++)
        {
          double value = -1;

          g_assert_true (mg_chronicle_value_at (campaign, "mines", players[n], e->seq, &value, &error));
          g_assert_cmpfloat (value, ==, expected[n]);
        }
    }
  g_assert_cmpint (expected[0], ==, 1);
  g_assert_cmpint (expected[1], ==, 0);
}

static gint64
points_after (MgChronicleWindow *window, gint64 seq)
{
  gint64 n = 0;

  for (guint c = 0; c < window->charts->len; c++)
    {
      MgChronicleData *d = g_ptr_array_index (window->charts, c);

      for (guint s = 0; s < d->series->len; s++)
        {
          MgChronicleSeries *series = g_ptr_array_index (d->series, s);

          for (guint p = 0; p < series->points->len; p++)
            n += g_array_index (series->points, MgChroniclePoint, p).seq > seq;
        }
    }
  return n;
}

/* Undo takes the tail of the chart away; the window follows it without reading from the start,
 * and a window read again says the same. A new action after the undo is on the chart; the rows
 * it dropped for good are not. */
static void
test_undone_rows_left_out (void)
{
  g_autoptr(MgCampaign) campaign = play_sample ("meeple", "meeple-undo.db", -1);
  g_autoptr(GError) error = NULL;
  MgChronicleWindow *window = mg_chronicle_window_read (campaign, 0, 500, TRUE, &error);
  MgChronicleWindow *again;
  gint64 n = mg_campaign_journal_count (campaign);
  gboolean changed;
  guint done;
  double value;

  g_assert_no_error (error);
  g_assert_cmpint (window->last_seq, ==, n);
  g_assert_cmpint (points_after (window, n - 4), >, 0);
  g_assert_true (mg_campaign_undo (campaign, 4, &done, &error));
  g_assert_cmpuint (done, ==, 4);
  g_assert_true (mg_chronicle_window_update (window, MG_CHRONICLE_UNDONE, &changed, &error));
  g_assert_true (changed);
  g_assert_cmpint (window->last_seq, ==, n - 4);
  g_assert_cmpint (points_after (window, n - 4), ==, 0);
  /* The value at the last row is the one before the undone battle, for every seat. */
  for (const char * const *seat = mg_campaign_get_players (campaign); *seat; seat++)
    {
      g_autoptr(MgState) state = mg_campaign_state_at (campaign, n - 4, &error);
      g_autoptr(Json) view = mg_state_view (state, "public");
      double expected;

      g_assert_true (view_member (view, "players", "name", *seat, "casualties", &expected));
      g_assert_true (mg_chronicle_value_at (campaign, "casualties", *seat, n, &value, &error));
      g_assert_cmpfloat (value, ==, expected);
    }
  g_assert_true (mg_campaign_redo (campaign, 2, &done, &error));
  g_assert_true (mg_chronicle_window_update (window, MG_CHRONICLE_REDONE, &changed, &error));
  g_assert_cmpint (window->last_seq, ==, n - 2);
  again = mg_chronicle_window_read (campaign, 0, 500, TRUE, &error);
  g_assert_cmpint (points_after (again, 0), ==, points_after (window, 0));
  mg_chronicle_window_free (again);
  mg_chronicle_window_free (window);
}

/* The charts drawn as pixels. */
static GBytes *
draw_all (MgCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  MgChronicleWindow *window = mg_chronicle_window_read (campaign, 0, 240, TRUE, &error);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 200 * window->charts->len);
  cairo_t *cr = cairo_create (surface);
  GBytes *bytes;

  g_assert_no_error (error);
  for (guint c = 0; c < window->charts->len; c++)
    {
      cairo_save (cr);
      cairo_translate (cr, 0, 200 * c);
      mg_chronicle_draw (cr, g_ptr_array_index (window->charts, c), window, 400, 200, FALSE, -1, -1);
      cairo_restore (cr);
    }
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       cairo_image_surface_get_stride (surface) * cairo_image_surface_get_height (surface));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  mg_chronicle_window_free (window);
  return bytes;
}

/* La Mame's spring bids are hidden until all are in: two campaigns that differ only in Red's
 * hidden bid draw the same pixels while it is hidden. */
static void
test_secret_moves_nothing (void)
{
  g_autoptr(MgCampaign) a = play_sample ("lamame", "secret-a.db", 10);
  g_autoptr(MgCampaign) b = play_sample ("lamame", "secret-b.db", 10);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pa = NULL, pb = NULL;
  const char *bid_a = "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":0}";
  const char *bid_b = "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":3}";
  json_object *action;
  g_autoptr(MgJournalEntry) ea = NULL, eb = NULL;

  action = json_tokener_parse (bid_a);
  ea = mg_campaign_act (a, action, &error);
  json_object_put (action);
  g_assert_no_error (error);
  action = json_tokener_parse (bid_b);
  eb = mg_campaign_act (b, action, &error);
  json_object_put (action);
  g_assert_no_error (error);
  /* The bid is a secret now: the referee's view and the public one differ. */
  g_assert_true (mg_state_hides_something (mg_campaign_get_state (a)));
  pa = draw_all (a);
  pb = draw_all (b);
  g_assert_true (g_bytes_equal (pa, pb));

  /* Once the last bid is in, the bids are revealed to all: then the charts differ (so the test
   * above could have failed). */
  for (guint i = 0; i < 2; i++)
    {
      const char *text = i == 0 ? "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":1}"
                                : "{\"type\":\"start_bid\",\"player\":\"Green\",\"gold\":0}";
      MgCampaign *campaigns[] = { a, b };

      for (guint k = 0; k < 2; k++)
        {
          g_autoptr(MgJournalEntry) e = NULL;

          action = json_tokener_parse (text);
          e = mg_campaign_act (campaigns[k], action, &error);
          json_object_put (action);
          g_assert_no_error (error);
        }
    }
  g_clear_pointer (&pa, g_bytes_unref);
  g_clear_pointer (&pb, g_bytes_unref);
  pa = draw_all (a);
  pb = draw_all (b);
  g_assert_false (g_bytes_equal (pa, pb));
}

/* The pages of the PDF layout as pixels, one image after another. */
static GBytes *
pdf_pixels (MgCampaign *campaign, guint *red_pixels)
{
  g_autoptr(GError) error = NULL;
  MgExportScope scope = { 0 };
  g_autoptr(GPtrArray) pages = mg_export_pages (campaign, scope, NULL, &error);
  GByteArray *all = g_byte_array_new ();

  g_assert_no_error (error);
  *red_pixels = 0;
  for (guint i = 0; i < pages->len; i++)
    {
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 595, 842);
      cairo_t *cr = cairo_create (image);
      const guint8 *data;
      int stride;

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_set_source_surface (cr, g_ptr_array_index (pages, i), 0, 0);
      cairo_paint (cr);
      cairo_surface_flush (image);
      data = cairo_image_surface_get_data (image);
      stride = cairo_image_surface_get_stride (image);
      g_byte_array_append (all, data, stride * 842);
      /* La Mame's red, #c01c28, as the Chronicle draws Red's series (the rest is black text). */
      for (int y = 0; y < 842; y++)
        for (int x = 0; x < 595; x++)
          {
            guint32 px = ((const guint32 *) (data + y * stride))[x] & 0xffffff;

            *red_pixels += px == 0xc01c28;
          }
      cairo_destroy (cr);
      cairo_surface_destroy (image);
    }
  return g_byte_array_free_to_bytes (all);
}

/* The first array under `key` anywhere in `json`, or NULL. */
static json_object *
find_array (json_object *json, const char *key)
{
  json_object *found = NULL;

  if (json_object_is_type (json, json_type_object))
    {
      json_object_object_foreach (json, k, v)
        {
          if (found == NULL && g_str_equal (k, key) && json_object_is_type (v, json_type_array))
            found = v;
          if (found == NULL)
            found = find_array (v, key);
        }
    }
  for (size_t i = 0; found == NULL && json_object_is_type (json, json_type_array) && i < json_object_array_length (json); i++)
    found = find_array (json_object_array_get_idx (json, i), key);
  return found;
}

/* The exports hold the charts: SVG elements in HTML, with a title and a description each; the
 * PDF's pages draw them in the seats' colours; a plain table in Markdown. And the PDF pages of
 * two campaigns that differ only in a hidden bid are the same pixels. */
static void
test_exports (void)
{
  g_autoptr(MgCampaign) campaign = play_sample ("lamame", "export.db", -1);
  g_autoptr(MgCampaign) a = play_sample ("lamame", "export-a.db", 10);
  g_autoptr(MgCampaign) b = play_sample ("lamame", "export-b.db", 10);
  g_autoptr(GError) error = NULL;
  g_autofree char *html_path = mg_test_tmpfile ("chronicle.html");
  g_autofree char *md_path = mg_test_tmpfile ("chronicle.md");
  g_autofree char *html = NULL, *md = NULL;
  g_autoptr(GBytes) pa = NULL, pb = NULL, pall = NULL;
  MgExportScope scope = { 0 };
  guint svgs = 0, red, red_a, red_b;
  const char *at;

  g_assert_true (mg_export_write (campaign, MG_EXPORT_HTML, scope, html_path, &error));
  g_assert_true (g_file_get_contents (html_path, &html, NULL, &error));
  for (at = html; (at = strstr (at, "<svg class=\"chronicle\"")) != NULL; at++)
    svgs++;
  /* La Mame declares four charts: gold, areas, bids, attacks. */
  g_assert_cmpuint (svgs, ==, 4);
  g_assert_nonnull (strstr (html, "<title>Gold</title>"));
  g_assert_nonnull (strstr (html, "<desc>Each player"));
  g_assert_nonnull (strstr (html, "<polyline"));
  g_assert_true (mg_export_write (campaign, MG_EXPORT_MARKDOWN, scope, md_path, &error));
  g_assert_true (g_file_get_contents (md_path, &md, NULL, &error));
  g_assert_nonnull (strstr (md, "## Chronicle: Gold"));
  g_assert_nonnull (strstr (md, "| Row | Red | Blue | Green |"));
  /* JSON: the same table, its last row Blue's gold as the public view shows it at the end. */
  {
    g_autofree char *json_path = mg_test_tmpfile ("chronicle.json");
    g_autoptr(Json) json = NULL, view = mg_state_view (mg_campaign_get_state (campaign), "public");
    json_object *table;
    double blue = -1;

    g_assert_true (mg_export_write (campaign, MG_EXPORT_JSON, scope, json_path, &error));
    json = json_object_from_file (json_path);
    table = find_array (json, "Gold");
    g_assert_nonnull (table);
    g_assert_true (view_member (view, "players", "name", "Blue", "gold", &blue));
    g_assert_cmpfloat (json_object_get_double (json_object_object_get (
        json_object_array_get_idx (table, json_object_array_length (table) - 1), "Blue")), ==, blue);
  }

  pall = pdf_pixels (campaign, &red);
  g_assert_cmpuint (red, >, 200);
  for (guint k = 0; k < 2; k++)
    {
      json_object *action = json_tokener_parse (k == 0 ? "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":0}"
                                                       : "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":3}");
      g_autoptr(MgJournalEntry) e = mg_campaign_act (k == 0 ? a : b, action, &error);

      json_object_put (action);
      g_assert_no_error (error);
    }
  pa = pdf_pixels (a, &red_a);
  pb = pdf_pixels (b, &red_b);
  g_assert_cmpuint (red_a, >, 0);
  g_assert_true (g_bytes_equal (pa, pb));
}

/* Colours pass WCAG's 3:1 for graphics on the light and the dark view, seat colours kept when
 * they do (Red is La Mame's #c01c28 on light). */
static void
test_colours_contrast (void)
{
  static const char * const names[] = { "Red", "Blue", "Green", "Yellow", "Black", "White", "Wulf", "Flavius" };
  const double white[3] = { 1, 1, 1 }, dark[3] = { 0x1e / 255.0, 0x1e / 255.0, 0x1e / 255.0 };
  double rgb[3];

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      mg_chronicle_colour (NULL, names[i], i, FALSE, rgb);
      g_assert_cmpfloat (mg_chronicle_contrast (rgb, white), >=, 3.0);
      mg_chronicle_colour (NULL, names[i], i, TRUE, rgb);
      g_assert_cmpfloat (mg_chronicle_contrast (rgb, dark), >=, 3.0);
    }
  mg_chronicle_colour (NULL, "Red", 0, FALSE, rgb);
  g_assert_cmpint ((int) (rgb[0] * 255 + 0.5), ==, 0xc0);
  g_assert_cmpint ((int) (rgb[1] * 255 + 0.5), ==, 0x1c);
}

static const Case cases[] = {
  { "meeple", "meeple.db", "players", "name", "casualties", "casualties", "Red" },
  { "lamame", "lamame.db", "players", "name", "gold", "gold", "Blue" },
  { "mecaknights", "meca.db", "leaders", "name", "wood", "wood", "Red" },
  { "tft", "tft.db", "roster", "name", "ep", "ep", "Flavius" },
};

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/chronicle/series/%s", cases[i].game);

      g_test_add_data_func (name, &cases[i], test_series_match_the_journal);
    }
  g_test_add_func ("/chronicle/series/cricchio", test_cricchio_material);
  g_test_add_func ("/chronicle/meeple-events", test_meeple_casualties_from_events);
  g_test_add_func ("/chronicle/lamame-attacks", test_lamame_attack_results);
  g_test_add_func ("/chronicle/tft-wins", test_tft_wins);
  g_test_add_func ("/chronicle/cricchio-mines", test_cricchio_mines);
  g_test_add_func ("/chronicle/undone", test_undone_rows_left_out);
  g_test_add_func ("/chronicle/secret", test_secret_moves_nothing);
  g_test_add_func ("/chronicle/colours", test_colours_contrast);
  g_test_add_func ("/chronicle/exports", test_exports);
  return g_test_run ();
}

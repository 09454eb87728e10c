/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-meeple-odds.c — exact battle odds, checked against counts worked out by hand. */
#include "config.h"

#include "meeple-test-helpers.h"

static const guint weights[3] = { 3, 2, 1 };   /* Sweep 1/2, Kick 1/3, Punch 1/6 */
static const guint leads[3] = { 3, 2, 1 };

static GArray *
odds (guint s, guint k, guint p, guint reveal, guint opp_reveal)
{
  const guint held[3] = { s, k, p };
  g_autoptr(GError) error = NULL;
  GArray *a = mg_meeple_odds_compute (3, weights, leads, held, reveal, opp_reveal, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

static void
assert_entry (GArray *a, guint i, guint s, guint k, guint p, guint64 win, guint64 draw, guint64 loss, guint64 den)
{
  const MgMeepleOdds *o = &g_array_index (a, MgMeepleOdds, i);

  g_assert_cmpuint (i, <, a->len);
  g_assert_cmpuint (o->pick[0], ==, s);
  g_assert_cmpuint (o->pick[1], ==, k);
  g_assert_cmpuint (o->pick[2], ==, p);
  g_assert_cmpuint (o->win, ==, win);
  g_assert_cmpuint (o->draw, ==, draw);
  g_assert_cmpuint (o->loss, ==, loss);
  g_assert_cmpuint (o->denominator, ==, den);
}

typedef struct {
  const char *name;
  guint held[3];          /* Sweep, Kick, Punch; the whole hand is revealed */
  guint64 win, draw, loss, denominator;
} Hand;

static const Hand hands[] = {
  /* Reveal 1, holding a Punch, against one rolled meeple:
   *   Sweep (3/6): Sweep 0 vs 1, no lead of 3; Kick 0 vs 0; Punch 1 vs 0, lead 1 → win
   *   Kick  (2/6): Kick 0 vs 1, no lead of 2; Punch 1 vs 0 → win
   *   Punch (1/6): equal everywhere → draw
   * win 5/6, draw 1/6, loss 0. */
  { "one-punch", { 0, 0, 1 }, 5, 1, 0, 6 },
  /* Reveal 1, holding a Sweep: opponent Sweep (3) draw; Kick (2): leads of 1 only → draw;
   * Punch (1): opponent 1 Punch ahead → loss. */
  { "one-sweep", { 1, 0, 0 }, 0, 5, 1, 6 },
  /* Reveal 2 with 2 Punch, over 6² = 36 weighted ways (SS 9, SK 12, KK 4, SP 6, KP 4, PP 1):
   *   SS: the opponent's Sweep lead 2 < 3; Punch 2 ahead → win (9)
   *   SK: Kick 1 behind; Punch 2 ahead → win (12)
   *   KK: opponent 2 Kick ahead, checked before Punch → loss (4)
   *   SP, KP: Punch 1 ahead → win (6 + 4)
   *   PP: draw (1)                                     win 31, draw 1, loss 4. */
  { "two-punch", { 0, 0, 2 }, 31, 1, 4, 36 },
  /* Reveal 2 with 1 Sweep + 1 Kick: SS (9) Sweep 1 behind, Kick 1 ahead → draw; SK (12) equal →
   * draw; KK (4) Sweep 1 ahead, Kick 1 behind → draw; SP (6), KP (4), PP (1): Punch behind → loss.
   * win 0, draw 25, loss 11. */
  { "sweep-kick", { 1, 1, 0 }, 0, 25, 11, 36 },
  /* Reveal 3 with 3 Kick, over 6³ = 216. Opponent counts (S,K,P) and weighted ways
   * (multinomial × 3^S 2^K 1^P):
   *   (3,0,0) 27: Sweep 3 behind → loss      (2,1,0) 54: Kick 2 ahead → win
   *   (2,0,1) 27: Kick 3 ahead → win         (1,2,0) 36: Kick 1 ahead, Punch equal → draw
   *   (1,1,1) 36: Kick 2 ahead → win         (1,0,2)  9: Kick 3 ahead → win
   *   (0,3,0)  8: draw                       (0,2,1) 12: Kick 1 ahead, Punch 1 behind → loss
   *   (0,1,2)  6: Kick 2 ahead → win         (0,0,3)  1: Kick 3 ahead → win
   * win 54+27+36+9+6+1 = 133, draw 36+8 = 44, loss 27+12 = 39. */
  { "three-kick", { 0, 3, 0 }, 133, 44, 39, 216 },
};

static void
test_hand (gconstpointer data)
{
  const Hand *h = data;
  guint n = h->held[0] + h->held[1] + h->held[2];
  g_autoptr(GArray) a = odds (h->held[0], h->held[1], h->held[2], n, n);

  g_assert_cmpuint (a->len, ==, 1);
  assert_entry (a, 0, h->held[0], h->held[1], h->held[2], h->win, h->draw, h->loss, h->denominator);
}

/* Every pick within the faces held is listed, first face's count descending first. */
static void
test_listing (void)
{
  g_autoptr(GArray) a = odds (2, 1, 1, 2, 2);

  g_assert_cmpuint (a->len, ==, 4);
  assert_entry (a, 0, 2, 0, 0, g_array_index (a, MgMeepleOdds, 0).win, g_array_index (a, MgMeepleOdds, 0).draw,
                g_array_index (a, MgMeepleOdds, 0).loss, 36);
  g_assert_cmpuint (g_array_index (a, MgMeepleOdds, 1).pick[1], ==, 1);
  g_assert_cmpuint (g_array_index (a, MgMeepleOdds, 1).pick[0], ==, 1);
  g_assert_cmpuint (g_array_index (a, MgMeepleOdds, 2).pick[2], ==, 1);
  g_assert_cmpuint (g_array_index (a, MgMeepleOdds, 2).pick[0], ==, 1);
  g_assert_cmpuint (g_array_index (a, MgMeepleOdds, 3).pick[1], ==, 1);
  g_assert_cmpuint (g_array_index (a, MgMeepleOdds, 3).pick[2], ==, 1);
  /* (1,1,0) is the Sweep + Kick hand worked out above. */
  assert_entry (a, 1, 1, 1, 0, 0, 25, 11, 36);

  /* A hand smaller than the reveal has no pick. */
  g_autoptr(GArray) none = odds (1, 0, 0, 2, 2);
  g_assert_cmpuint (none->len, ==, 0);
}

/* For the full opening hand (6 of 8 revealed) every entry's counts add up to 6^6. */
static void
test_totals (void)
{
  g_autoptr(GArray) a = odds (4, 3, 1, 6, 6);

  /* Picks of 6 from 4 S, 3 K, 1 P: (4,2,0) (4,1,1) (3,3,0) (3,2,1) (2,3,1). */
  g_assert_cmpuint (a->len, ==, 5);
  assert_entry (a, 4, 2, 3, 1, g_array_index (a, MgMeepleOdds, 4).win, g_array_index (a, MgMeepleOdds, 4).draw,
                g_array_index (a, MgMeepleOdds, 4).loss, 46656);
  for (guint i = 0; i < a->len; i++)
    {
      const MgMeepleOdds *o = &g_array_index (a, MgMeepleOdds, i);
      g_assert_cmpuint (o->denominator, ==, 46656);
      g_assert_cmpuint (o->win + o->draw + o->loss, ==, 46656);
    }
}

/* Fair three-sided meeples (weights 1:1:1): a Punch beats a rolled Sweep or Kick (2 of 3) and
 * draws a Punch (1 of 3): the weights, not the faces' order, set the counts. */
static void
test_uniform_weights (void)
{
  const guint flat[3] = { 1, 1, 1 };
  const guint held[3] = { 0, 0, 1 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) a = mg_meeple_odds_compute (3, flat, leads, held, 1, 1, &error);

  assert_entry (a, 0, 0, 0, 1, 2, 1, 0, 3);
}

static void
test_too_big (void)
{
  const guint heavy[3] = { 1000, 1000, 1000 };
  const guint held[3] = { 8, 8, 0 };
  g_autoptr(GError) error = NULL;

  g_assert_null (mg_meeple_odds_compute (3, heavy, leads, held, 8, 8, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (mg_meeple_odds_compute (0, heavy, leads, held, 1, 1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (mg_meeple_odds_compute (3, heavy, leads, held, 1, 17, &error));
  g_assert_nonnull (error);
}

/* The state function: Red at 5 casualties with 2 in the neutral zone holds one Punch; both reveal 1. */
static void
test_from_state (void)
{
  g_autoptr(MgState) state = mt_from_json (NULL,
    "{\"game\":\"meeple\",\"match\":1,\"battle\":9,\"turn\":9,\"score\":{\"Red\":0,\"Blue\":0},"
    "\"players\":[{\"name\":\"Red\",\"casualties\":5,\"neutral\":2,\"actions_used\":0,\"rolled\":true,"
    "\"faces\":[\"punch\"],\"picked\":false,\"pick\":null},"
    "{\"name\":\"Blue\",\"casualties\":1,\"neutral\":2,\"actions_used\":0,\"rolled\":false,"
    "\"faces\":null,\"picked\":false,\"pick\":null}],\"last\":null,\"winner\":null}");
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) list = mg_meeple_odds (state, "Red", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (json_object_to_json_string_ext (list, JSON_C_TO_STRING_PLAIN), ==,
                   "[{\"sweep\":0,\"kick\":0,\"punch\":1,\"win\":5,\"draw\":1,\"loss\":0,\"denominator\":6}]");

  g_assert_null (mg_meeple_odds (state, "Blue", &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "Blue has not rolled yet this battle.");
  g_clear_error (&error);
  g_assert_null (mg_meeple_odds (state, "Green", &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_null (mg_meeple_odds (state, NULL, &error));
  g_assert_nonnull (error);
}

/* The opening hand of the sample battle's blue player after its actions: 3 Punch, 2 Kick, 1 Sweep,
 * reveal 5 against 5 rolled: the entry for 3 Punch 2 Kick is present and sums to 6^5. */
static void
test_sample_hand (void)
{
  g_autoptr(MgState) state = mt_new_game (NULL);
  g_autoptr(GError) error = NULL;

  json_object_put (mt_ok (state, "{\"type\":\"roll\",\"player\":\"Blue\"}", "[3,3,3,2,2,1,1,1]", NULL));
  g_autoptr(json_object) list = mg_meeple_odds (state, "Blue", &error);
  g_assert_no_error (error);
  /* 6 of 3 S, 2 K, 3 P: (3,2,1) (3,1,2) (3,0,3) (2,2,2) (2,1,3) (1,2,3) — s descending, then k. */
  g_assert_cmpuint (json_object_array_length (list), ==, 6);
  g_assert_cmpint (mt_get_int (list, "0/sweep"), ==, 3);
  g_assert_cmpint (mt_get_int (list, "0/kick"), ==, 2);
  g_assert_cmpint (mt_get_int (list, "5/sweep"), ==, 1);
  g_assert_cmpint (mt_get_int (list, "5/punch"), ==, 3);
  for (guint i = 0; i < 6; i++)
    {
      json_object *e = json_object_array_get_idx (list, i);
      g_assert_cmpint (mt_get_int (e, "denominator"), ==, 46656);
      g_assert_cmpint (mt_get_int (e, "win") + mt_get_int (e, "draw") + mt_get_int (e, "loss"), ==, 46656);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (hands); i++)
    {
      g_autofree char *path = g_strdup_printf ("/meeple-odds/by-hand/%s", hands[i].name);
      g_test_add_data_func (path, &hands[i], test_hand);
    }
  g_test_add_func ("/meeple-odds/listing", test_listing);
  g_test_add_func ("/meeple-odds/totals", test_totals);
  g_test_add_func ("/meeple-odds/uniform-weights", test_uniform_weights);
  g_test_add_func ("/meeple-odds/too-big", test_too_big);
  g_test_add_func ("/meeple-odds/from-state", test_from_state);
  g_test_add_func ("/meeple-odds/sample-hand", test_sample_hand);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dice.c — typed and seeded dice sources, and the record the journal keeps. */
#include "config.h"

#include <string.h>

#include "mg-dice.h"
#include "mg-json.h"

static MgDice *
from_text (const char *text, GError **error)
{
  g_autoptr(json_object) json = json_tokener_parse (text);
  return mg_dice_new_from_json (json, error);
}

static void
test_typed_in_order (void)
{
  const guint values[] = { 3, 1, 2, 6 };
  g_autoptr(MgDice) dice = mg_dice_new_typed (values, G_N_ELEMENTS (values));
  g_autoptr(GError) error = NULL;
  guint out[3] = { 0 };

  g_assert_true (mg_dice_is_typed (dice));
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 4);
  g_assert_true (mg_dice_roll (dice, 3, 3, NULL, out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out[0], ==, 3);
  g_assert_cmpuint (out[1], ==, 1);
  g_assert_cmpuint (out[2], ==, 2);
  g_assert_cmpuint (mg_dice_count (dice), ==, 3);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 1);
  g_assert_true (mg_dice_roll (dice, 1, 6, NULL, out, &error));
  g_assert_cmpuint (out[0], ==, 6);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 0);

  g_autoptr(json_object) record = mg_dice_to_json (dice);
  g_assert_cmpstr (json_object_to_json_string_ext (record, JSON_C_TO_STRING_PLAIN), ==,
                   "[{\"sides\":3,\"value\":3},{\"sides\":3,\"value\":1},{\"sides\":3,\"value\":2},"
                   "{\"sides\":6,\"value\":6}]");
}

/* A value out of range anywhere in the request refuses the whole request. */
static void
test_typed_all_or_nothing (void)
{
  const guint values[] = { 1, 2, 4, 1 };
  g_autoptr(MgDice) dice = mg_dice_new_typed (values, G_N_ELEMENTS (values));
  g_autoptr(GError) error = NULL;
  guint out[4] = { 9, 9, 9, 9 };

  g_assert_false (mg_dice_roll (dice, 3, 3, NULL, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE);
  g_assert_cmpstr (error->message, ==, "Die 3 shows 4, but a 3-sided die shows 1 to 3");
  g_assert_cmpuint (mg_dice_count (dice), ==, 0);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 4);
  g_assert_cmpuint (out[0], ==, 9);
  g_clear_error (&error);

  /* Too few left: nothing is used either. */
  g_assert_false (mg_dice_roll (dice, 5, 6, NULL, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_NOT_ENOUGH);
  g_assert_cmpstr (error->message, ==, "5 dice are needed but 4 values are left");
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 4);
  g_clear_error (&error);

  /* The same values fit a 6-sided die. */
  g_assert_true (mg_dice_roll (dice, 4, 6, NULL, out, &error));
  g_assert_cmpuint (out[2], ==, 4);
}

static void
test_typed_zero (void)
{
  const guint values[] = { 0 };
  g_autoptr(MgDice) dice = mg_dice_new_typed (values, 1);
  g_autoptr(GError) error = NULL;
  guint out[1];

  g_assert_false (mg_dice_roll (dice, 1, 6, NULL, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 1);
}

static void
test_from_json_forms (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgDice) dice = from_text ("[2, {\"sides\":3,\"value\":3}, 1]", &error);
  guint out[3];

  g_assert_no_error (error);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 3);
  g_assert_true (mg_dice_roll (dice, 3, 3, NULL, out, &error));
  g_assert_cmpuint (out[0], ==, 2);
  g_assert_cmpuint (out[1], ==, 3);
  g_assert_cmpuint (out[2], ==, 1);

  /* A recorded die keeps its sides: replaying it as another die is refused. */
  g_autoptr(MgDice) d6 = from_text ("[{\"sides\":6,\"value\":3}]", &error);
  g_assert_false (mg_dice_roll (d6, 1, 3, NULL, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE);
  g_assert_cmpstr (error->message, ==, "Die 1 was recorded with 6 sides, but a 3-sided die is needed");
  g_assert_cmpuint (mg_dice_remaining (d6), ==, 1);

  g_clear_error (&error);
  g_autoptr(MgDice) empty = from_text ("[]", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (mg_dice_remaining (empty), ==, 0);
  g_assert_true (mg_dice_roll (empty, 0, 3, NULL, out, &error));
}

static void
test_from_json_errors (void)
{
  static const struct { const char *text; const char *message; } bad[] = {
    { "{\"value\":1}", "\"dice\" must be a list, got an object" },
    { "\"12\"", "\"dice\" must be a list, got \"12\"" },
    { "[1, \"x\"]", "dice[1]: expected a die value (a whole number of at least 1) or {\"sides\": S, \"value\": V}, got \"x\"" },
    { "[1, 2.5]", "dice[1]: expected a die value (a whole number of at least 1) or {\"sides\": S, \"value\": V}, got 2.5" },
    { "[0]", "dice[0]: expected a die value (a whole number of at least 1) or {\"sides\": S, \"value\": V}, got 0" },
    { "[-3]", "dice[0]: expected a die value (a whole number of at least 1) or {\"sides\": S, \"value\": V}, got -3" },
    { "[{\"sides\":3}]", "\"dice[0].value\" is missing: it must be an integer from 1 to 3" },
    { "[{\"sides\":3,\"value\":4}]", "\"dice[0].value\" must be an integer from 1 to 3, got 4" },
    { "[{\"sides\":0,\"value\":1}]", "\"dice[0].sides\" must be an integer from 1 to 2147483647, got 0" },
    { "[{\"sides\":3,\"value\":1,\"colour\":\"red\"}]", "\"dice[0]\" has an unknown field \"colour\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MgDice) dice = from_text (bad[i].text, &error);
      g_assert_null (dice);
      g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_BAD_JSON);
      g_assert_cmpstr (error->message, ==, bad[i].message);
    }

  g_autoptr(GError) error = NULL;
  g_assert_null (mg_dice_new_from_json (NULL, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_BAD_JSON);
}

/* A seeded source is a GRand with that seed: a weighted die takes one g_rand_int_range draw over
 * the weight sum (0..5 for 3:2:1) and maps 0–2 to 1, 3–4 to 2, 5 to 3. */
static void
test_seeded_weights_exact (void)
{
  const guint weights[3] = { 3, 2, 1 };
  g_autoptr(MgDice) dice = mg_dice_new_seeded (42);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GError) error = NULL;
  guint out[600];
  guint seen[4] = { 0 };

  g_assert_false (mg_dice_is_typed (dice));
  g_assert_true (mg_dice_roll (dice, 600, 3, weights, out, &error));
  for (guint i = 0; i < 600; i++)
    {
      gint r = g_rand_int_range (rand, 0, 6);
      guint want = r < 3 ? 1 : r < 5 ? 2 : 3;
      g_assert_cmpuint (out[i], ==, want);
      seen[out[i]]++;
    }
  g_assert_cmpuint (seen[1] + seen[2] + seen[3], ==, 600);
  g_assert_cmpuint (mg_dice_count (dice), ==, 600);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 0);
}

/* Frequencies over many rolls approach 1/2, 1/3, 1/6 (seeded, so the test is deterministic). */
static void
test_seeded_frequencies (void)
{
  const guint weights[3] = { 3, 2, 1 };
  g_autoptr(MgDice) dice = mg_dice_new_seeded (7);
  g_autofree guint *out = g_new (guint, 60000);
  guint seen[4] = { 0 };

  g_assert_true (mg_dice_roll (dice, 60000, 3, weights, out, NULL));
  for (guint i = 0; i < 60000; i++)
    seen[out[i]]++;
  g_assert_cmpuint (seen[1], >, 29400);
  g_assert_cmpuint (seen[1], <, 30600);
  g_assert_cmpuint (seen[2], >, 19500);
  g_assert_cmpuint (seen[2], <, 20500);
  g_assert_cmpuint (seen[3], >, 9600);
  g_assert_cmpuint (seen[3], <, 10400);
}

static void
test_seeded_uniform_and_errors (void)
{
  const guint zero[2] = { 0, 0 };
  g_autoptr(MgDice) dice = mg_dice_new_seeded (1);
  g_autoptr(GError) error = NULL;
  guint out[1000];
  gboolean seen[7] = { FALSE };

  g_assert_true (mg_dice_roll (dice, 1000, 6, NULL, out, &error));
  for (guint i = 0; i < 1000; i++)
    {
      g_assert_cmpuint (out[i], >=, 1);
      g_assert_cmpuint (out[i], <=, 6);
      seen[out[i]] = TRUE;
    }
  for (guint v = 1; v <= 6; v++)
    g_assert_true (seen[v]);

  g_assert_false (mg_dice_roll (dice, 1, 2, zero, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_false (mg_dice_roll (dice, 1, 0, NULL, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE);
  g_assert_cmpuint (mg_dice_count (dice), ==, 1000);
}

/* The record of a seeded source replays exactly through a typed source. */
static void
test_record_replays (void)
{
  const guint weights[3] = { 3, 2, 1 };
  g_autoptr(MgDice) seeded = mg_dice_new_seeded (2024);
  g_autoptr(GError) error = NULL;
  guint a[20], b[5], c[20], d[5];

  g_assert_true (mg_dice_roll (seeded, 20, 3, weights, a, &error));
  g_assert_true (mg_dice_roll (seeded, 5, 6, NULL, b, &error));
  g_autoptr(json_object) record = mg_dice_to_json (seeded);
  g_autofree char *text = g_strdup (json_object_to_json_string (record));
  g_autoptr(json_object) reparsed = json_tokener_parse (text);
  g_autoptr(MgDice) typed = mg_dice_new_from_json (reparsed, &error);
  g_assert_no_error (error);
  g_assert_true (mg_dice_roll (typed, 20, 3, weights, c, &error));
  g_assert_true (mg_dice_roll (typed, 5, 6, NULL, d, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (a, sizeof a, c, sizeof c);
  g_assert_cmpmem (b, sizeof b, d, sizeof d);
  g_assert_cmpuint (mg_dice_remaining (typed), ==, 0);
  g_autoptr(json_object) again = mg_dice_to_json (typed);
  g_assert_cmpstr (json_object_to_json_string (again), ==, text);

  /* Same seed, same dice. */
  g_autoptr(MgDice) twin = mg_dice_new_seeded (2024);
  g_assert_true (mg_dice_roll (twin, 20, 3, weights, c, &error));
  g_assert_cmpmem (a, sizeof a, c, sizeof c);
}

/* Validation's source: n dice that all show 1, recorded as any typed die, then no more. */
static void
test_ones (void)
{
  g_autoptr(MgDice) dice = mg_dice_new_ones (3);
  g_autoptr(GError) error = NULL;
  guint out[3] = { 0, 0, 0 };

  g_assert_true (mg_dice_is_typed (dice));
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 3);
  g_assert_true (mg_dice_roll (dice, 2, 6, NULL, out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out[0], ==, 1);
  g_assert_cmpuint (out[1], ==, 1);
  g_assert_cmpuint (mg_dice_count (dice), ==, 2);
  g_assert_cmpuint (mg_dice_remaining (dice), ==, 1);
  g_assert_false (mg_dice_roll (dice, 2, 6, NULL, out, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_NOT_ENOUGH);
  g_assert_cmpuint (mg_dice_count (dice), ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dice/typed/in-order", test_typed_in_order);
  g_test_add_func ("/dice/typed/all-or-nothing", test_typed_all_or_nothing);
  g_test_add_func ("/dice/typed/zero", test_typed_zero);
  g_test_add_func ("/dice/json/forms", test_from_json_forms);
  g_test_add_func ("/dice/json/errors", test_from_json_errors);
  g_test_add_func ("/dice/seeded/weights-exact", test_seeded_weights_exact);
  g_test_add_func ("/dice/seeded/frequencies", test_seeded_frequencies);
  g_test_add_func ("/dice/seeded/uniform-and-errors", test_seeded_uniform_and_errors);
  g_test_add_func ("/dice/record-replays", test_record_replays);
  g_test_add_func ("/dice/ones", test_ones);
  return g_test_run ();
}

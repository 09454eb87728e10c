/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-@ID@.c — @TITLE@'s engine against its rules (docs/rules/@ID@.md): rock beats scissors,
 * scissors beat paper, paper beats rock, the same pick draws the round; the first to the
 * ruleset's wins takes the duel; a pick stays its seat's secret until the reveal; refusals name
 * the reason and change nothing. */
#include "config.h"

#include <string.h>

#include "mg-actions.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-@ID@.h"

static const char * const players[] = { "Ann", "Bob", NULL };

static MgState *
new_duel (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) ruleset = json_tokener_parse ("{\"game\": \"@ID@\", \"name\": \"T\", \"wins\": 2}");
  MgState *state = mg_@ID@_rules ()->new_state (ruleset, players, &error);

  g_assert_no_error (error);
  return state;
}

/* Plays `json`; returns its sentence (g_free) or NULL with `error` set. */
static char *
play (MgState *state, const char *json, GError **error)
{
  g_autoptr(json_object) action = json_tokener_parse (json);
  g_autoptr(MgDice) dice = mg_dice_new_seeded (1);
  g_autoptr(json_object) events = NULL;
  char *summary = NULL;

  g_assert_nonnull (action);
  events = mg_state_apply (state, action, dice, &summary, error);
  return events != NULL ? summary : NULL;
}

/* A round: Ann's and Bob's picks, then the reveal's sentence (g_free). */
static char *
round_of (MgState *state, const char *ann, const char *bob)
{
  g_autofree char *a = g_strdup_printf ("{\"type\": \"pick\", \"player\": \"Ann\", \"choice\": \"%s\"}", ann);
  g_autofree char *b = g_strdup_printf ("{\"type\": \"pick\", \"player\": \"Bob\", \"choice\": \"%s\"}", bob);
  g_autoptr(GError) error = NULL;
  g_autofree char *picked_a = play (state, a, &error), *picked_b = NULL;
  char *shown;

  g_assert_no_error (error);
  picked_b = play (state, b, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (picked_a, ==, "Ann has picked.");
  shown = play (state, "{\"type\": \"reveal\"}", &error);
  g_assert_no_error (error);
  return shown;
}

static gint
score (MgState *state, guint seat)
{
  g_autoptr(json_object) view = mg_state_view (state, MG_SEAT_PUBLIC);
  json_object *p = json_object_array_get_idx (mg_json_member (view, "players"), seat);

  return json_object_get_int (mg_json_member (p, "score"));
}

/* Each pick beats one and loses to one; the same pick draws: the rulebook's three rules, both
 * ways round, and the scores they give. */
static void
test_what_beats_what (void)
{
  static const struct { const char *ann, *bob, *sentence; gint ann_score, bob_score; } rounds[] = {
    { "rock", "scissors", "Ann shows rock, Bob shows scissors: Ann wins the round.", 1, 0 },
    { "scissors", "paper", "Ann shows scissors, Bob shows paper: Ann wins the round.", 1, 0 },
    { "paper", "rock", "Ann shows paper, Bob shows rock: Ann wins the round.", 1, 0 },
    { "scissors", "rock", "Ann shows scissors, Bob shows rock: Bob wins the round.", 0, 1 },
    { "paper", "scissors", "Ann shows paper, Bob shows scissors: Bob wins the round.", 0, 1 },
    { "rock", "paper", "Ann shows rock, Bob shows paper: Bob wins the round.", 0, 1 },
    { "rock", "rock", "Ann shows rock, Bob shows rock: a drawn round.", 0, 0 },
    { "paper", "paper", "Ann shows paper, Bob shows paper: a drawn round.", 0, 0 },
    { "scissors", "scissors", "Ann shows scissors, Bob shows scissors: a drawn round.", 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rounds); i++)
    {
      g_autoptr(MgState) state = new_duel ();
      g_autofree char *shown = round_of (state, rounds[i].ann, rounds[i].bob);

      g_assert_cmpstr (shown, ==, rounds[i].sentence);
      g_assert_cmpint (score (state, 0), ==, rounds[i].ann_score);
      g_assert_cmpint (score (state, 1), ==, rounds[i].bob_score);
    }
}

/* The first to two wins (the shipped ruleset's "wins"): a drawn round counts for no one; then
 * every action is refused as the game being over. */
static void
test_first_to_wins (void)
{
  g_autoptr(MgState) state = new_duel ();
  g_autoptr(GError) error = NULL;
  g_autofree char *r1 = round_of (state, "rock", "scissors"), *r2 = round_of (state, "paper", "paper");
  g_autofree char *r3 = round_of (state, "rock", "paper"), *r4 = round_of (state, "rock", "scissors");
  g_autofree char *late = play (state, "{\"type\": \"pick\", \"player\": \"Bob\", \"choice\": \"rock\"}", &error);
  g_autoptr(json_object) pending = mg_state_pending (state);

  g_assert_cmpstr (r4, ==, "Ann shows rock, Bob shows scissors: Ann wins the round and the duel.");
  g_assert_true (json_object_get_boolean (mg_json_member (pending, "over")));
  g_assert_cmpstr (json_object_get_string (mg_json_member (pending, "text")), ==, "Ann has won the duel.");
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER);
}

/* Ann's pick is in Ann's view and the referee's, in no other seat's and not the public one, and
 * is shown to all at the reveal; the table waits for Bob alone, secretly. */
static void
test_pick_is_secret (void)
{
  g_autoptr(MgState) state = new_duel ();
  g_autoptr(GError) error = NULL;
  g_autofree char *picked = play (state, "{\"type\": \"pick\", \"player\": \"Ann\", \"choice\": \"paper\"}", &error);
  const char *seats[] = { "Ann", MG_SEAT_ALL, "Bob", MG_SEAT_PUBLIC };
  g_autoptr(json_object) pending = mg_state_pending (state);
  json_object *waiting = mg_json_member (pending, "waiting");

  g_assert_no_error (error);
  g_assert_cmpstr (picked, ==, "Ann has picked.");
  for (guint i = 0; i < G_N_ELEMENTS (seats); i++)
    {
      g_autoptr(json_object) view = mg_state_view (state, seats[i]);
      const char *text = json_object_to_json_string (view);

      g_assert_true ((strstr (text, "paper") != NULL) == (i < 2));
    }
  g_assert_true (mg_rules_action_is_secret (mg_@ID@_rules (), "pick"));
  g_assert_false (mg_rules_action_is_secret (mg_@ID@_rules (), "reveal"));
  g_assert_cmpuint (json_object_array_length (waiting), ==, 1);
  g_assert_cmpstr (json_object_get_string (mg_json_member (json_object_array_get_idx (waiting, 0), "seat")), ==, "Bob");
  g_assert_true (json_object_get_boolean (mg_json_member (json_object_array_get_idx (waiting, 0), "secret")));
}

/* Refused, in the referee's words, and nothing changed: a reveal before both picks, a second
 * pick, a stranger's pick, a pick that is no choice, a score adjusted past the duel's end. */
static void
test_refusals_change_nothing (void)
{
  static const struct { const char *json; gint code; } refused[] = {
    { "{\"type\": \"reveal\"}", MG_RULES_ERROR_ILLEGAL },
    { "{\"type\": \"pick\", \"player\": \"Ann\", \"choice\": \"rock\"}", MG_RULES_ERROR_ILLEGAL },
    { "{\"type\": \"pick\", \"player\": \"Eve\", \"choice\": \"rock\"}", MG_RULES_ERROR_ILLEGAL },
    { "{\"type\": \"pick\", \"player\": \"Bob\", \"choice\": \"well\"}", MG_RULES_ERROR_BAD_ACTION },
    { "{\"type\": \"adjust\", \"seat\": \"Bob\", \"points\": 2, \"reason\": \"late\"}", MG_RULES_ERROR_ILLEGAL },
    { "{\"type\": \"adjust\", \"seat\": \"Bob\", \"points\": 1, \"reason\": \"\"}", MG_RULES_ERROR_ILLEGAL },
  };
  g_autoptr(MgState) state = new_duel ();
  g_autoptr(GError) error = NULL;
  g_autofree char *picked = play (state, "{\"type\": \"pick\", \"player\": \"Ann\", \"choice\": \"paper\"}", &error);
  g_autoptr(json_object) before = mg_state_to_json (state);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) e = NULL;
      g_autofree char *none = play (state, refused[i].json, &e);
      g_autoptr(json_object) after = mg_state_to_json (state);

      g_assert_null (none);
      g_assert_error (e, MG_RULES_ERROR, refused[i].code);
      g_assert_true (json_object_equal (before, after));
    }
  {
    g_autoptr(GError) e = NULL;
    g_autofree char *none = play (state, refused[0].json, &e);
    g_assert_cmpstr (e->message, ==, "Both players pick before the reveal");
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/@ID@/what-beats-what", test_what_beats_what);
  g_test_add_func ("/@ID@/first-to-wins", test_first_to_wins);
  g_test_add_func ("/@ID@/pick-is-secret", test_pick_is_secret);
  g_test_add_func ("/@ID@/refusals-change-nothing", test_refusals_change_nothing);
  return g_test_run ();
}

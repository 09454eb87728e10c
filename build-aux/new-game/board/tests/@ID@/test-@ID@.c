/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-@ID@.c — @TITLE@'s engine against its rules (docs/rules/@ID@.md): a full row wins, a
 * full board without one is a draw, and refusals name the reason and change nothing. */
#include "config.h"

#include "mg-game.h"
#include "mg-json.h"
#include "mg-@ID@.h"

static const char * const players[] = { "Cross", "Nought", NULL };

static MgState *
new_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) ruleset = json_tokener_parse ("{\"game\": \"@ID@\", \"name\": \"T\", \"size\": 3}");
  MgState *state = mg_@ID@_rules ()->new_state (ruleset, players, &error);

  g_assert_no_error (error);
  return state;
}

/* Places on `square` for `player`; returns the summary (g_free) or NULL with `error` set. */
static char *
place (MgState *state, const char *player, guint square, GError **error)
{
  g_autoptr(json_object) action = json_object_new_object ();
  g_autoptr(MgDice) dice = mg_dice_new_seeded (1);
  g_autoptr(json_object) events = NULL;
  char *summary = NULL;

  json_object_object_add (action, "type", json_object_new_string ("place"));
  json_object_object_add (action, "player", json_object_new_string (player));
  json_object_object_add (action, "square", json_object_new_int ((gint) square));
  events = mg_state_apply (state, action, dice, &summary, error);
  return events != NULL ? summary : NULL;
}

static gboolean
is_over (MgState *state)
{
  g_autoptr(json_object) p = mg_state_pending (state);

  return json_object_get_boolean (mg_json_member (p, "over"));
}

static void
test_row_wins (void)
{
  g_autoptr(MgState) state = new_game ();
  const guint moves[] = { 1, 5, 2, 9, 3 };
  g_autofree char *last = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (is_over (state));
      g_free (last);
      last = place (state, players[i % 2], moves[i], &error);
      g_assert_no_error (error);
    }
  g_assert_cmpstr (last, ==, "Cross places a mark on square 3 and wins.");
  g_assert_true (is_over (state));
}

static void
test_full_board_draws (void)
{
  g_autoptr(MgState) state = new_game ();
  /* X O X / X O O / O X X: no line of three. */
  const guint moves[] = { 1, 2, 3, 5, 4, 6, 8, 7, 9 };
  g_autofree char *last = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr(GError) error = NULL;

      g_free (last);
      last = place (state, players[i % 2], moves[i], &error);
      g_assert_no_error (error);
    }
  g_assert_cmpstr (last, ==, "Cross places a mark on square 9: the board is full, a draw.");
  g_assert_true (is_over (state));
}

static void
test_refusals_change_nothing (void)
{
  g_autoptr(MgState) state = new_game ();
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) before = NULL, after = NULL;
  g_autofree char *ok = place (state, "Cross", 5, &error);
  g_autofree char *taken = NULL, *wrong_turn = NULL, *off_board = NULL;

  g_assert_no_error (error);
  before = mg_state_to_json (state);
  taken = place (state, "Nought", 5, &error);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  wrong_turn = place (state, "Cross", 1, &error);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  off_board = place (state, "Nought", 10, &error);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
  after = mg_state_to_json (state);
  g_assert_true (json_object_equal (before, after));
}

static void
test_over_is_game_over (void)
{
  g_autoptr(MgState) state = new_game ();
  const guint moves[] = { 1, 5, 2, 9, 3 };
  g_autoptr(GError) error = NULL;
  g_autofree char *late = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_free (place (state, players[i % 2], moves[i], NULL));
  late = place (state, "Nought", 4, &error);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/@ID@/row-wins", test_row_wins);
  g_test_add_func ("/@ID@/full-board-draws", test_full_board_draws);
  g_test_add_func ("/@ID@/refusals-change-nothing", test_refusals_change_nothing);
  g_test_add_func ("/@ID@/over-is-game-over", test_over_is_game_over);
  return g_test_run ();
}

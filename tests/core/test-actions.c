/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-actions.c — the one shape of validate() and apply() (src/rules/mg-actions.c), and the
 * players' check every engine shares (mg_rules_check_players), on the fake engine. */
#include "mg-fake-engine.h"
#include "mg-actions.h"
#include "mg-json.h"

#include <string.h>

static MgState *
fake_state (void)
{
  g_autoptr(json_object) rs = json_tokener_parse ("{\"sides\": 6, \"per_turn\": 4}");
  const char *players[] = { "Ann", NULL };
  g_autoptr(GError) error = NULL;
  MgState *st = mg_fake_rules ()->new_state (rs, players, &error);

  g_assert_no_error (error);
  return st;
}

static char *
state_text (const MgState *st)
{
  g_autoptr(json_object) j = mg_state_to_json (st);

  return g_strdup (json_object_to_json_string (j));
}

/* A refusal half-way (the dice run out after the action was read) leaves the state as it was;
 * a success changes it; validate never does. */
static void
test_all_or_nothing (void)
{
  g_autoptr(MgState) st = fake_state ();
  g_autofree char *before = state_text (st);
  g_autoptr(json_object) roll = json_tokener_parse ("{\"type\": \"roll\", \"n\": 3}");
  g_autoptr(json_object) add = json_tokener_parse ("{\"type\": \"add\", \"value\": 5}");
  guint two[] = { 4, 2 }, three[] = { 4, 2, 6 };
  g_autoptr(MgDice) short_dice = mg_dice_new_typed (two, 2);
  g_autoptr(MgDice) dice = mg_dice_new_typed (three, 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *after = NULL;
  json_object *events;

  g_assert_true (mg_state_validate (st, roll, &error));   /* no dice needed to validate */
  g_assert_no_error (error);
  g_assert_true (mg_state_validate (st, add, &error));
  after = state_text (st);
  g_assert_cmpstr (after, ==, before);

  g_assert_null (mg_state_apply (st, roll, short_dice, NULL, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_NOT_ENOUGH);
  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  after = state_text (st);
  g_assert_cmpstr (after, ==, before);

  events = mg_state_apply (st, roll, dice, &summary, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (json_object_array_length (events), ==, 1);
  g_assert_cmpstr (summary, ==, "Rolled 3 dice.");
  json_object_put (events);
  {
    g_autoptr(json_object) json = mg_state_to_json (st);

    /* The three dice typed, 4 + 2 + 6, and nothing of the refused roll. */
    g_assert_cmpint (json_object_get_int (json_object_object_get (json, "total")), ==, 12);
  }
}

static void
test_refusals (void)
{
  g_autoptr(MgState) st = fake_state ();
  g_autofree char *before = state_text (st);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) bad = json_tokener_parse ("[1, 2]");
  g_autoptr(json_object) unknown = json_tokener_parse ("{\"type\": \"fly\"}");
  g_autoptr(json_object) down = json_tokener_parse ("{\"type\": \"add\", \"value\": -1}");

  g_assert_false (mg_state_validate (st, bad, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
  g_clear_error (&error);
  g_assert_null (mg_state_apply (st, unknown, NULL, NULL, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
  /* The message names the unknown type and every known one. */
  g_assert_nonnull (strstr (error->message, "\"fly\""));
  g_assert_nonnull (strstr (error->message, "roll, add"));
  g_clear_error (&error);
  g_assert_null (mg_state_apply (st, down, NULL, NULL, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  after = state_text (st);
  g_assert_cmpstr (after, ==, before);
}

static void
check_players (const char * const *players, gint code)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = mg_rules_check_players (mg_fake_rules (), players, &error);

  if (code < 0)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
      return;
    }
  g_assert_false (ok);
  g_assert_error (error, MG_RULES_ERROR, code);
}

/* The fake takes 1 to 4 players; the reserved names are the same for every game, as written. */
static void
test_players (void)
{
  const char *none[] = { NULL };
  const char *one[] = { "Ann", NULL };
  const char *four[] = { "Ann", "Bo", "Cy", "Di", NULL };
  const char *five[] = { "Ann", "Bo", "Cy", "Di", "Ed", NULL };
  const char *twice[] = { "Ann", "Ann", NULL };
  const char *empty[] = { "Ann", "", NULL };
  const char *gm[] = { "GM", NULL };
  const char *referee[] = { "referee", NULL };
  const char *capital[] = { "Referee", "gm", NULL };
  const char *pub[] = { "public", NULL };
  const char *all[] = { "*", NULL };
  const char *line[] = { "An\nn", NULL };

  check_players (one, -1);
  check_players (capital, -1);
  check_players (four, -1);
  check_players (none, MG_RULES_ERROR_BAD_ACTION);
  check_players (five, MG_RULES_ERROR_BAD_ACTION);
  check_players (twice, MG_RULES_ERROR_BAD_ACTION);
  check_players (empty, MG_RULES_ERROR_BAD_ACTION);
  check_players (gm, MG_RULES_ERROR_BAD_ACTION);
  check_players (referee, MG_RULES_ERROR_BAD_ACTION);
  check_players (pub, MG_RULES_ERROR_BAD_ACTION);
  check_players (all, MG_RULES_ERROR_BAD_ACTION);
  check_players (line, MG_RULES_ERROR_BAD_ACTION);
  /* A campaign begun before a name was reserved still opens when replayed. */
  mg_rules_replaying (TRUE);
  check_players (gm, -1);
  check_players (twice, MG_RULES_ERROR_BAD_ACTION);
  mg_rules_replaying (FALSE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/actions/all-or-nothing", test_all_or_nothing);
  g_test_add_func ("/actions/refusals", test_refusals);
  g_test_add_func ("/actions/players", test_players);
  return g_test_run ();
}

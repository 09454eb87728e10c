/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ruleset.c — loading rulesets: shipped defaults, text and files, errors that say where. */
#include "mg-campaign.h"
#include "mg-ruleset.h"
#include "mg-fake-engine.h"
#include "mg-core-test-util.h"

#include <string.h>

static void
test_default (void)
{
  g_autoptr(GError) error = NULL;
  json_object *r = mg_ruleset_load_default ("meeple", &error);
  const MgRules *meeple = mg_rules_lookup ("meeple");

  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (r, "game")), ==, "meeple");
  /* The rulebook's numbers: 8 meeples a side, defeat at 6 casualties. */
  g_assert_cmpint (json_object_get_int (json_object_object_get (r, "meeples")), ==, 8);
  g_assert_cmpint (json_object_get_int (json_object_object_get (r, "defeat_casualties")), ==, 6);
  g_assert_true (meeple->check_ruleset (r, &error));
  json_object_put (r);

  r = mg_ruleset_load_default ("nosuchgame", &error);
  g_assert_null (r);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_UNKNOWN_GAME);
  g_clear_error (&error);

  /* A game registered without a shipped ruleset. */
  r = mg_ruleset_load_default ("fake", &error);
  g_assert_null (r);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

static void
assert_parse_error (const char *text, const char *expected_prefix)
{
  g_autoptr(GError) error = NULL;
  json_object *r = mg_ruleset_parse (mg_fake_rules (), text, &error);

  g_assert_null (r);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  g_test_message ("%s", error->message);
  if (!g_str_has_prefix (error->message, expected_prefix))
    g_error ("“%s” does not start with “%s”", error->message, expected_prefix);
}

static void
test_parse (void)
{
  g_autoptr(GError) error = NULL;
  json_object *r = mg_ruleset_parse (mg_fake_rules (), "{ \"sides\": 6, \"per_turn\": 2 }\n", &error);

  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int (json_object_object_get (r, "sides")), ==, 6);
  json_object_put (r);

  /* Syntax: the position where parsing stopped, as line and column. */
  assert_parse_error ("{\n  \"sides\": 6,\n  per_turn: 2\n}", "Line 3, column 3:");
  assert_parse_error ("{\"sides\": 6,", "Line 1, column 13: the JSON ends too early");
  assert_parse_error ("", "Line 1, column 1: the JSON ends too early");
  assert_parse_error ("{\"sides\": 6, \"per_turn\": 2} {}", "Line 1, column 29: unexpected text");
  assert_parse_error ("[6, 2]", "$:");
  /* Content: the engine's check names the JSON path. */
  assert_parse_error ("{\"sides\": 99, \"per_turn\": 2}", "$.sides:");
  assert_parse_error ("{\"sides\": 6}", "$.per_turn:");
}

static void
test_file (void)
{
  g_autofree char *path = mg_test_tmpfile ("house.json");
  g_autofree char *missing = mg_test_tmpfile ("none.json");
  g_autoptr(GError) error = NULL;
  json_object *r;

  g_assert_true (g_file_set_contents (path, "{\"sides\": 8, \"per_turn\": 3}", -1, NULL));
  r = mg_ruleset_load_file (mg_fake_rules (), path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int (json_object_object_get (r, "sides")), ==, 8);
  json_object_put (r);

  g_assert_true (g_file_set_contents (path, "{\"sides\": 8, \"per_turn\": 0}", -1, NULL));
  r = mg_ruleset_load_file (mg_fake_rules (), path, &error);
  g_assert_null (r);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  /* Which file, then which field. */
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, ": $.per_turn:"));
  g_clear_error (&error);

  r = mg_ruleset_load_file (mg_fake_rules (), missing, &error);
  g_assert_null (r);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mg_game_register (mg_fake_game (2));

  g_test_add_func ("/ruleset/default", test_default);
  g_test_add_func ("/ruleset/parse", test_parse);
  g_test_add_func ("/ruleset/file", test_file);
  return g_test_run ();
}

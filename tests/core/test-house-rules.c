/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-house-rules.c — a change of house rules is one journal row, undone and redone like any
 * action, through the core and through melee-gm-cli (issue 34).  Cricchio's
 * marine_double_step_over_wall: the Marine's first move f2–d4 passes over e3, the front end of
 * Black's wall; the rulebook's default refuses it, the house rule plays it. */
#include <glib/gstdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "mg-campaign.h"
#include "mg-campaign-rules.h"
#include "mg-core-test-util.h"
#include "mg-game.h"
#include "mg-ruleset.h"

#define KEY "marine_double_step_over_wall"
#define MOVE "{\"type\":\"move\",\"from\":\"f2\",\"to\":\"d4\"}"

static json_object *
ruleset_with (json_object *base, gboolean on)
{
  json_object *copy = NULL, *hr;

  json_object_deep_copy (base, &copy, NULL);
  g_assert_true (json_object_object_get_ex (copy, "house_rules", &hr));
  json_object_object_add (hr, KEY, json_object_new_boolean (on));
  return copy;
}

static MgCampaign *
new_cricchio (const char *path)
{
  const char *players[] = { "Black", "Red", NULL };
  g_autoptr(GError) error = NULL;
  json_object *rs = mg_ruleset_load_default ("cricchio", &error);
  MgCampaign *c;

  g_assert_no_error (error);
  json_object_object_add (rs, "variant", json_object_new_string ("basic"));
  c = mg_campaign_create (path, "cricchio", "House", players, rs, 7, &error);
  g_assert_no_error (error);
  json_object_put (rs);
  return c;
}

static gboolean
move_valid (MgCampaign *c)
{
  json_object *move = json_tokener_parse (MOVE);
  gboolean ok = mg_campaign_validate (c, move, NULL);

  json_object_put (move);
  return ok;
}

static gboolean
house_on (MgCampaign *c)
{
  return mg_house_rule (mg_campaign_get_ruleset (c), KEY, FALSE);
}

static void
check_ok (MgCampaign *c)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
}

/* The expected sentence, from the game's descriptor. */
static char *
expected_summary (gboolean on)
{
  const MgGame *game = mg_game_lookup ("cricchio");

  for (guint i = 0; i < game->n_house_rules; i++)
    if (g_str_equal (game->house_rules[i].key, KEY))
      return g_strdup_printf ("House rule: %s — %s", game->house_rules[i].title,
                              on ? game->house_rules[i].when_on : game->house_rules[i].when_off);
  g_assert_not_reached ();
}

static void
test_row_undo_redo (void)
{
  g_autofree char *path = mg_test_tmpfile ("h.mgc");
  g_autofree char *summary = expected_summary (TRUE);
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_cricchio (path);
  json_object *on = ruleset_with (mg_campaign_get_ruleset (c), TRUE);
  json_object *off = ruleset_with (mg_campaign_get_ruleset (c), FALSE);
  json_object *move = json_tokener_parse (MOVE);
  g_autoptr(MgJournalEntry) row = NULL, moved = NULL, undone = NULL;
  json_object *action;
  guint done = 0;

  g_assert_false (move_valid (c));
  g_assert_true (mg_campaign_set_ruleset (c, on, &error));
  g_assert_no_error (error);
  /* One row: the referee's, the switch before and after, the sentence now in force. */
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);
  row = mg_campaign_journal_get (c, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (row->actor, ==, "GM");
  g_assert_cmpstr (row->summary, ==, summary);
  g_assert_cmpstr (row->dice, ==, "[]");
  action = json_tokener_parse (row->action);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (action, "type")), ==, "_ruleset");
  g_assert_true (mg_house_rule (json_object_object_get (action, "ruleset"), KEY, FALSE));
  g_assert_false (mg_house_rule (json_object_object_get (action, "previous"), KEY, TRUE));
  json_object_put (action);
  g_assert_nonnull (strstr (row->events, "\"house_rules_changed\""));
  g_assert_true (house_on (c));
  g_assert_true (move_valid (c));
  /* Such a row is not an action anyone can play: the campaign refuses it. */
  {
    json_object *fake = json_tokener_parse ("{\"type\":\"_ruleset\",\"ruleset\":{},\"previous\":{}}");

    g_assert_null (mg_campaign_act (c, fake, &error));
    g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
    g_clear_error (&error);
    json_object_put (fake);
  }
  /* Setting the same ruleset again changes nothing and writes nothing. */
  g_assert_true (mg_campaign_set_ruleset (c, on, &error));
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);

  moved = mg_campaign_act (c, move, &error);
  g_assert_no_error (error);
  g_assert_cmpint (moved->seq, ==, 2);
  /* Switching back while the move stands: the journal does not replay, nothing is written. */
  g_assert_false (mg_campaign_set_ruleset (c, off, &error));
  g_assert_nonnull (strstr (error->message, "does not replay"));
  g_clear_error (&error);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 2);
  g_assert_true (house_on (c));

  /* Undo the move, then the house rule, as Ctrl+Z does: the rulebook's reading is back. */
  g_assert_true (mg_campaign_undo (c, 1, &done, &error));
  g_assert_cmpuint (done, ==, 1);
  undone = mg_campaign_undo_entry (c, &error);
  g_assert_no_error (error);
  g_assert_cmpint (undone->seq, ==, 1);
  g_assert_true (undone->undone);
  g_assert_false (house_on (c));
  g_assert_false (move_valid (c));
  g_assert_false (mg_campaign_can_undo (c));
  g_assert_true (mg_campaign_can_redo (c));
  check_ok (c);
  c = (g_object_unref (c), mg_campaign_open (path, &error));
  g_assert_false (house_on (c));
  g_assert_false (move_valid (c));

  /* Redo re-applies the rule, then the move, in one call of two steps. */
  g_assert_true (mg_campaign_redo (c, 2, &done, &error));
  g_assert_cmpuint (done, ==, 2);
  g_assert_true (house_on (c));
  g_assert_false (mg_campaign_can_redo (c));
  g_assert_false (move_valid (c));   /* played: the Marine stands on d4 */
  check_ok (c);
  /* Undo both in one call: the rule is off again and the Marine back on f2. */
  g_assert_true (mg_campaign_undo (c, 2, &done, &error));
  g_assert_cmpuint (done, ==, 2);
  g_assert_false (house_on (c));
  g_assert_false (move_valid (c));
  check_ok (c);
  /* A new change after an undo drops what redo could restore, as a new action does. */
  g_assert_true (mg_campaign_set_ruleset (c, on, &error));
  g_assert_false (mg_campaign_can_redo (c));
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 3);
  g_assert_true (move_valid (c));
  check_ok (c);

  json_object_put (move);
  json_object_put (on);
  json_object_put (off);
  g_object_unref (c);
}

/* The file, opened afresh, has the house rule `on` in force, and the engine plays by it. */
static void
assert_file_rule (const char *path, gboolean on)
{
  g_autoptr(GError) error = NULL;
  MgCampaign *c = mg_campaign_open (path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (house_on (c), ==, on);
  g_assert_cmpint (move_valid (c), ==, on);
  g_object_unref (c);
}

/* melee-gm-cli undo/redo and log take the row as any other. */
static void
test_cli (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "h.db", NULL);
  g_autofree char *summary = expected_summary (TRUE);
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_cricchio (path);
  json_object *on = ruleset_with (mg_campaign_get_ruleset (c), TRUE);
  g_autoptr(CliResult) undo = NULL, log = NULL, redo = NULL, check = NULL, md = NULL;
  g_autofree char *md_path = g_build_filename (dir, "h.md", NULL);
  g_autofree char *text = NULL;

  g_assert_true (mg_campaign_set_ruleset (c, on, &error));
  g_object_unref (c);

  log = cli_run (dir, NULL, "log", "h.db", NULL);
  g_assert_cmpint (log->status, ==, 0);
  g_assert_nonnull (strstr (log->out, summary));
  /* The players' export says which house rule was in force from when. */
  md = cli_run (dir, NULL, "export", "h.db", "--format", "md", "-o", "h.md", NULL);
  g_assert_cmpint (md->status, ==, 0);
  g_assert_true (g_file_get_contents (md_path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, summary));
  undo = cli_run (dir, NULL, "undo", "h.db", NULL);
  g_assert_cmpint (undo->status, ==, 0);
  assert_file_rule (path, FALSE);
  redo = cli_run (dir, NULL, "redo", "h.db", NULL);
  g_assert_cmpint (redo->status, ==, 0);
  check = cli_run (dir, NULL, "check", "h.db", NULL);
  g_assert_cmpint (check->status, ==, 0);
  assert_file_rule (path, TRUE);
  json_object_put (on);
  test_remove_dir (dir);
}

/* The row's sentence is made again from its events, in the language asked for. */
static void
test_describe (void)
{
  g_autofree char *off = expected_summary (FALSE);
  g_autofree char *text = mg_campaign_rules_describe ("cricchio",
      "[{\"type\":\"house_rules_changed\",\"rules\":[{\"key\":\"" KEY "\",\"on\":false}]},"
      "{\"type\":\"ruleset_changed\",\"members\":[\"points\"]}]");
  g_autofree char *expected = g_strdup_printf ("%s The referee changed the ruleset: points.", off);

  g_assert_cmpstr (text, ==, expected);
  g_assert_null (mg_campaign_rules_describe ("cricchio", "[{\"type\":\"move\"}]"));
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/house-rules/row-undo-redo", test_row_undo_redo);
  g_test_add_func ("/house-rules/cli", test_cli);
  g_test_add_func ("/house-rules/describe", test_describe);
  return g_test_run ();
}

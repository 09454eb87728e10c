/* test-chess-cli.c — Cricchio's Mêlée through melee-gm-cli: the sample game, turn summaries, exports without mines. */
#include <string.h>

#include "cli-test-util.h"

/* The sample (data/samples/cricchio-sample.jsonl) plays through `act`, one result a line, and its
 * summaries read in the notation: "Black Admiral i1–h2 takes White Air Force" (turn 3). */
static void
test_sample (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *db = g_build_filename (dir, "c.db", NULL);
  g_autofree char *md = g_build_filename (dir, "c.md", NULL);
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "cricchio-sample.jsonl", NULL);
  g_autofree char *sample = NULL, *text = NULL;
  g_autoptr(CliResult) r = NULL;

  g_assert_true (g_file_get_contents (path, &sample, NULL, NULL));
  r = cli_run (NULL, NULL, "new", db, "--game", "cricchio", "--name", "Melee", "--player", "Black", "--player", "Blue",
               "--player", "Red", "--player", "White", NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, sample, "act", db, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_cmpuint (count_lines (r->out), ==, count_lines (sample));
  g_assert_null (strstr (r->out, "\"ok\":false"));
  g_assert_nonnull (strstr (r->out, "Black Admiral i1–h2 takes White Air Force."));
  g_assert_nonnull (strstr (r->out, "Mêlée on White's President."));
  g_clear_pointer (&r, cli_result_free);
  /* An illegal move is refused with the reason, and nothing is written. */
  r = cli_run (NULL, "{\"type\":\"move\",\"from\":\"n14\",\"to\":\"n10\"}\n", "act", db, NULL);
  g_assert_nonnull (strstr (r->out, "\"ok\":false"));
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, NULL, "export", db, "--format", "md", "-o", md, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_true (g_file_get_contents (md, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Black Admiral i1–h2 takes White Air Force."));
  test_remove_dir (dir);
}

/* Mine Field: the mines' squares never reach the summaries or an export. */
static void
test_mines_secret (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *db = g_build_filename (dir, "m.db", NULL);
  g_autofree char *rs = g_build_filename (dir, "minefield.json", NULL);
  g_autofree char *root = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "cricchio.json", NULL);
  g_autofree char *ruleset = NULL, *text = NULL;
  g_autofree char *md = g_build_filename (dir, "m.md", NULL);
  g_autofree char *js = g_build_filename (dir, "m.json", NULL);
  g_autoptr(GString) edited = NULL;
  g_autoptr(CliResult) r = NULL;
  const char *mines =
    "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c8\"}\n"
    "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"h5\"}\n"
    "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"k7\"}\n"
    "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"b6\"}\n"
    "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"d10\"}\n"
    "{\"type\":\"place_mine\",\"player\":\"Red\",\"square\":\"m10\"}\n"
    "{\"type\":\"move\",\"from\":\"j2\",\"to\":\"j4\"}\n";

  g_assert_true (g_file_get_contents (root, &ruleset, NULL, NULL));
  edited = g_string_new (ruleset);
  g_string_replace (edited, "\"variant\": \"basic\"", "\"variant\": \"minefield\"", 1);
  g_assert_true (g_file_set_contents (rs, edited->str, -1, NULL));
  r = cli_run (NULL, NULL, "new", db, "--game", "cricchio", "--name", "Mines", "--player", "Black", "--player", "Red",
               "--ruleset", rs, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, mines, "act", db, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_null (strstr (r->out, "\"ok\":false"));
  g_assert_nonnull (strstr (r->out, "Black placed a mine (1 of 3)."));
  g_clear_pointer (&r, cli_result_free);
  for (guint f = 0; f < 2; f++)
    {
      const char *out = f == 0 ? md : js;
      r = cli_run (NULL, NULL, "export", db, "--format", f == 0 ? "md" : "json", "-o", out, NULL);
      g_assert_cmpint (r->status, ==, 0);
      g_clear_pointer (&r, cli_result_free);
      g_clear_pointer (&text, g_free);
      g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "Black placed a mine"));
      for (guint i = 0; i < 6; i++)
        {
          const char *sq[] = { "c8", "h5", "k7", "b6", "d10", "m10" };
          g_autofree char *quoted = g_strdup_printf ("\"%s\"", sq[i]);
          g_autofree char *spaced = g_strdup_printf (" %s", sq[i]);
          g_assert_null (strstr (text, quoted));
          g_assert_null (strstr (text, spaced));
        }
    }
  test_remove_dir (dir);
}

/* `new --variant`: one of the rulebook's seven ways to play, written into the campaign's ruleset
 * (Mine Field starts by placing mines); the player count is the variant's ("2 Player Mine Field
 * Mêlée"); an unknown variant, or one for a game of one, is a usage error naming what is known. */
static void
test_new_variant (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *db = g_build_filename (dir, "v.db", NULL);
  g_autofree char *db3 = g_build_filename (dir, "v3.db", NULL);
  g_autofree char *meeple = g_build_filename (dir, "m.db", NULL);
  g_autoptr(CliResult) r = NULL;

  r = cli_run (NULL, NULL, "new", db, "--game", "cricchio", "--name", "Mines", "--player", "Black", "--player", "Red",
               "--variant", "minefield", NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, NULL, "state", db, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "\"variant\": \"minefield\""));
  g_assert_nonnull (strstr (r->out, "\"phase\": \"mines\""));
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, "{\"type\":\"place_mine\",\"player\":\"Black\",\"square\":\"c8\"}\n", "act", db, NULL);
  g_assert_cmpint (r->status, ==, 0);
  g_assert_nonnull (strstr (r->out, "Black placed a mine (1 of 3)."));
  g_clear_pointer (&r, cli_result_free);

  r = cli_run (NULL, NULL, "new", db3, "--game", "cricchio", "--name", "Mines", "--player", "Black", "--player", "Red",
               "--player", "Blue", "--variant", "minefield", NULL);
  g_assert_cmpint (r->status, !=, 0);
  g_assert_nonnull (strstr (r->err, "The minefield variant is for 2 players, not 3."));
  g_assert_false (g_file_test (db3, G_FILE_TEST_EXISTS));
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, NULL, "new", db3, "--game", "cricchio", "--name", "Mines", "--player", "Black", "--player", "Red",
               "--variant", "mines", NULL);
  g_assert_cmpint (r->status, !=, 0);
  g_assert_nonnull (strstr (r->err, "Unknown variant 'mines'"));
  g_assert_nonnull (strstr (r->err, "basic, rogue, minefield, ak, points, solitaire, team"));
  g_assert_false (g_file_test (db3, G_FILE_TEST_EXISTS));
  g_clear_pointer (&r, cli_result_free);
  r = cli_run (NULL, NULL, "new", meeple, "--game", "meeple", "--name", "M", "--player", "Red", "--player", "Blue",
               "--variant", "basic", NULL);
  g_assert_cmpint (r->status, !=, 0);
  g_assert_nonnull (strstr (r->err, "has no variants"));
  g_assert_false (g_file_test (meeple, G_FILE_TEST_EXISTS));
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cricchio-cli/sample", test_sample);
  g_test_add_func ("/cricchio-cli/mines-secret", test_mines_secret);
  g_test_add_func ("/cricchio-cli/new-variant", test_new_variant);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cricchio.cli.c — Cricchio's Mêlée through melee-gm-cli: the sample game, turn summaries, exports without mines. */
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

/* ---------------------------------------------------------------- house rules (issue 34) */

#define MOVE(f, t) "{\"type\":\"move\",\"from\":\"" f "\",\"to\":\"" t "\"}\n"
#define SAID       "{\"type\":\"melee\",\"said\":true}\n"

typedef struct {
  char        *out;     /* act's output, one result a line */
  json_object *state;   /* the campaign's state after the script */
} HouseGame;

static void
house_game_clear (HouseGame *g)
{
  g_free (g->out);
  json_object_put (g->state);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HouseGame, house_game_clear)

/* Black against Red, through melee-gm-cli: `new --ruleset` with the shipped ruleset, `variant`,
 * and house rule `key` set to `on`; then `script` through `act`. */
static void
house_game (HouseGame *g, const char *key, gboolean on, const char *variant, const char *script)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *src = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "cricchio.json", NULL);
  g_autofree char *path = g_build_filename (dir, "house.json", NULL);
  g_autoptr(TestJson) rs = json_object_from_file (src);
  g_autoptr(CliResult) made = NULL, played = NULL, st = NULL;
  json_object *hr = NULL;

  g_assert_true (json_object_object_get_ex (rs, "house_rules", &hr));
  g_assert_nonnull (json_object_object_get (hr, key));
  json_object_object_add (hr, key, json_object_new_boolean (on));
  json_object_object_add (rs, "variant", json_object_new_string (variant));
  g_assert_cmpint (json_object_to_file (path, rs), ==, 0);
  made = cli_run (dir, NULL, "new", "h.db", "--game", "cricchio", "--name", "House", "--player", "Black",
                  "--player", "Red", "--ruleset", "house.json", NULL);
  g_assert_cmpint (made->status, ==, 0);
  played = cli_run (dir, script, "act", "h.db", NULL);
  g_assert_cmpint (played->status, ==, 0);
  g_assert_cmpuint (count_lines (played->out), ==, count_lines (script));
  st = cli_run (dir, NULL, "state", "h.db", "--compact", NULL);
  g_assert_cmpint (st->status, ==, 0);
  g->out = g_strdup (played->out);
  g->state = json_tokener_parse (st->out);
  g_assert_nonnull (g->state);
  test_remove_dir (dir);
}

static const char *
phase_of (const HouseGame *g)
{
  return json_object_get_string (json_object_object_get (g->state, "phase"));
}

/* Rule 12. Black opens i2 (i3); Red's Air Force g14–b9 puts Black's President j1 in Mêlée down
 * the cleared diagonal and says so; every square of that President is its own or in Mêlée.
 * Shipped: taken as Black's turn begins, Red wins. victim_moves_first: Black plays (here a
 * Marine n2–n3, not a block on h3), then Red takes the President with a move and wins. */
static void
test_house_victim_moves_first (void)
{
  const char *script = MOVE ("i2", "i3") MOVE ("g14", "b9") SAID MOVE ("n2", "n3") MOVE ("b9", "j1");

  for (guint on = 0; on < 2; on++)
    {
      g_auto(HouseGame) g = { 0 };
      g_auto(GStrv) lines = NULL;
      house_game (&g, "victim_moves_first", on, "basic", script);
      lines = g_strsplit (g.out, "\n", -1);
      g_assert_nonnull (strstr (lines[2], on ? "Mêlée on Black's President." : "Black's President on j1 has no move but into Mêlée and is taken by Red"));
      g_assert_nonnull (strstr (lines[3], on ? "\"ok\":true" : "The game is over"));
      g_assert_nonnull (strstr (lines[4], on ? "Red Air Force b9–j1 takes Black President" : "The game is over"));
      g_assert_cmpstr (phase_of (&g), ==, "over");
    }
}

/* Red uncovers its own President: Marine f13–f12 opens the diagonal from Black's Air Force on m6
 * to e14. Shipped: nobody had to say "Mêlée", Black takes it at once and wins.
 * uncovered_threat_needs_melee: refused; Black moves on (h2–h3), the threat stands and "Mêlée"
 * is said; as Red's turn begins its President (every square its own or in Mêlée) is taken. */
static void
test_house_uncovered_threat (void)
{
  const char *script = MOVE ("h1", "m6") MOVE ("f13", "f12") MOVE ("m6", "e14") MOVE ("h2", "h3") SAID;

  for (guint on = 0; on < 2; on++)
    {
      g_auto(HouseGame) g = { 0 };
      g_auto(GStrv) lines = NULL;
      house_game (&g, "uncovered_threat_needs_melee", on, "basic", script);
      lines = g_strsplit (g.out, "\n", -1);
      if (on)
        {
          g_assert_nonnull (strstr (lines[2], "Black did not say “Mêlée”: the President on e14 cannot be taken on this move."));
          g_assert_nonnull (strstr (lines[4], "Mêlée on Red's President; Victory!"));
        }
      else
        {
          g_assert_nonnull (strstr (lines[2], "Black Air Force m6–e14 takes Red President"));
          g_assert_nonnull (strstr (lines[3], "The game is over"));
        }
      g_assert_cmpstr (phase_of (&g), ==, "over");
    }
}

/* On-wall rule 4. Black's Marine f2–e3 stands on the front end of its wall; Red's Air Force comes
 * to f3 beside it (c14–j7–f3). Shipped: the Marine takes it sideways; off: only forward. */
static void
test_house_front_end_sideways (void)
{
  const char *script = MOVE ("f2", "e3") MOVE ("c14", "j7") MOVE ("n2", "n3") MOVE ("j7", "f3") MOVE ("e3", "f3");

  for (guint on = 0; on < 2; on++)
    {
      g_auto(HouseGame) g = { 0 };
      g_auto(GStrv) lines = NULL;
      house_game (&g, "marine_front_end_captures_sideways", on, "basic", script);
      lines = g_strsplit (g.out, "\n", -1);
      g_assert_nonnull (strstr (lines[4], on ? "Black Marine e3–f3 takes Red Air Force."
                                             : "A Marine captures only forward and diagonally forward, never sideways."));
    }
}

/* The Marine's two-square first move f2–d4 passes over e3, the front end of Black's wall.
 * Shipped: refused (it would stop on the wall); marine_double_step_over_wall: played. */
static void
test_house_double_step_over_wall (void)
{
  for (guint on = 0; on < 2; on++)
    {
      g_auto(HouseGame) g = { 0 };
      house_game (&g, "marine_double_step_over_wall", on, "basic", MOVE ("f2", "d4"));
      g_assert_nonnull (strstr (g.out, on ? "Black Marine f2–d4." : "The Marine stops on the wall at e3."));
    }
}

/* Points. Black's Marine walks up the f-file (over the water), takes the Marine g13 (1 point; its
 * threat on the Admiral is announced) and the Air Force g14 (6) on Red's home side, and explodes:
 * President -10, Admiral 9, Navy h14 5, Army i14 4, Marines e13 f13 h13 i13 4 = 12 more.
 * Shipped: 1 + 6 + 12 = 19. explosion_kills_score off: 7. Red moves its Navy to and fro. */
static void
test_house_explosion_scores (void)
{
  const char *script =
    MOVE ("f2", "f4") MOVE ("b14", "c12") MOVE ("f4", "f5") MOVE ("c12", "b14") MOVE ("f5", "f6") MOVE ("b14", "c12")
    MOVE ("f6", "f7") MOVE ("c12", "b14") MOVE ("f7", "f8") MOVE ("b14", "c12") MOVE ("f8", "f9") MOVE ("c12", "b14")
    MOVE ("f9", "f10") MOVE ("b14", "c12") MOVE ("f10", "f11") MOVE ("c12", "b14") MOVE ("f11", "f12") MOVE ("b14", "c12")
    MOVE ("f12", "g13") SAID MOVE ("c12", "b14") MOVE ("g13", "g14");

  for (guint on = 0; on < 2; on++)
    {
      g_auto(HouseGame) g = { 0 };
      house_game (&g, "explosion_kills_score", on, "points", script);
      g_assert_null (strstr (g.out, "\"ok\":false"));
      g_assert_nonnull (strstr (g.out, "the Marine explodes on g14, killing 8 pieces"));
      g_assert_cmpint (json_object_get_int (json_object_array_get_idx (json_object_object_get (g.state, "scores"), 0)), ==,
                       on ? 19 : 7);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cricchio-cli/sample", test_sample);
  g_test_add_func ("/cricchio-cli/mines-secret", test_mines_secret);
  g_test_add_func ("/cricchio-cli/new-variant", test_new_variant);
  g_test_add_func ("/cricchio-cli/house-rules/victim-moves-first", test_house_victim_moves_first);
  g_test_add_func ("/cricchio-cli/house-rules/uncovered-threat", test_house_uncovered_threat);
  g_test_add_func ("/cricchio-cli/house-rules/front-end-sideways", test_house_front_end_sideways);
  g_test_add_func ("/cricchio-cli/house-rules/double-step-over-wall", test_house_double_step_over_wall);
  g_test_add_func ("/cricchio-cli/house-rules/explosion-scores", test_house_explosion_scores);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-lamame-cli.c — a whole La Mame's Melee year (data/samples/lamame-sample.jsonl) through
 * melee-gm-cli act, every treasury checked against a count by hand after each season; and the
 * secrets (start bid, action card, attack gold) absent from exports and the public state before
 * their reveal. */
#include <string.h>

#include "cli-test-util.h"

/* Hand counts (rulebook numbers: 15 gold; knight 6, catapult 6, soldier 2, camp 2 (NOTES.md);
 * Tax +3; income 1 a camp, 1 an occupied (+1) area; only the start-bid winner pays).
 *
 * Initial build (introductory), Red starts. Red: knight on Oak Hill 15-6 = 9, camp on Red Ford
 *   -2 = 7. Blue: soldier on Bluewater -2 = 13, camp on Blue Meadow -2 = 11. Green: catapult on
 *   Green Vale -6 = 9, soldier on Stonebridge -2 = 7.                      Red 7, Blue 11, Green 7.
 * Spring: secret bids Red 2, Blue 1, Green 0: Red pays 2 (5), names Blue. Secret cards.
 *   Blue Tax +3 = 14. Green builds a soldier on Green Vale -2 = 5. Red: knight to North Pass,
 *   attacks Blue's soldier on Bluewater with 2 (secret) against Blue's guess 1: wrong, the soldier
 *   falls, Red takes Bluewater: 5-2 = 3. Income: Red camp 1 = 4; Blue camp 1 = 15; Green 0 = 5.
 *                                                                          Red 4, Blue 15, Green 5.
 * Summer: bids typed after the table's reveal, Red 0, Blue 3, Green 1: Blue pays 3 (12), starts.
 *   Cards face down at the table, revealed in turn. Blue Move/Attack: the castle soldier attacks
 *   Red's knight on Bluewater with 4 against the guess 4: right, Blue's soldier is lost, 12-4 = 8.
 *   Green Build: camp on Stonebridge -2 = 3. Red Tax +3 = 7. Income: Red 1 = 8, Blue 1 = 9,
 *   Green camp 1 = 4.                                                      Red 8, Blue 9, Green 4.
 * Fall: secret bids Blue 0, Green 0, Red 1: Red pays 1 (7), starts. Red's knight attacks the
 *   empty Bluekeep: the garrison, 2 guesses (3, 1) against 3: right, the knight is lost, 7-3 = 4;
 *   Red's castle soldier to Oak Hill. Blue builds soldiers on Bluekeep and Bluewater 9-4 = 5.
 *   Green: soldiers to Eastwood (+1) and Westmarsh (+1). Income: Red 1 = 5; Blue 1 = 6;
 *   Green camp 1 + Eastwood 1 + Westmarsh 1 = 7.                           Red 5, Blue 6, Green 7.
 * Winter (two cards each): bids typed Red 0, Blue 0, Green 2: Green pays 2 (5), starts.
 *   Green Tax +3 = 8, then attacks Red's camp on Red Ford from Westmarsh with 2 against the guess
 *   1: wrong, the camp becomes Green's, 8-2 = 6. Red Build: camp on Oak Hill 5-2 = 3, then Tax
 *   +3 = 6. Blue (last; with Tax and Move/Attack its two soldiers could step into two new areas,
 *   level with Green's 4, and its gold could top Green's, so it plays) Tax 6+3 = 9,
 *   soldier Bluewater to North Pass (+1). Income: Red camp 1 = 7; Blue camp 1 + North Pass 1 = 11;
 *   Green camps 2 + Eastwood 1 = 9.                                        Red 7, Blue 11, Green 9.
 * Areas held (castles excluded): Green 4 (Green Vale, Stonebridge, Eastwood, Red Ford), Blue 2
 * (Blue Meadow, North Pass), Red 1 (Oak Hill): Green is crowned. */
typedef struct { guint line; const char *gold; const char *areas; const char *phase; } Check;
static const Check checks[] = {
  { 10, "Red 7;Blue 11;Green 7", "Red 2;Blue 2;Green 2", "start_bid" },
  { 25, "Red 4;Blue 15;Green 5", "Red 2;Blue 1;Green 2", "start_bid" },
  { 37, "Red 8;Blue 9;Green 4", "Red 2;Blue 1;Green 2", "start_bid" },
  { 55, "Red 5;Blue 6;Green 7", "Red 2;Blue 2;Green 4", "start_bid" },
  { 71, "Red 7;Blue 11;Green 9", "Red 1;Blue 2;Green 4", "over" },
};

static char **
sample_lines (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "lamame-sample.jsonl", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_strchomp (text);
  return g_strsplit (text, "\n", -1);
}

static char *
lines_between (char **lines, guint from, guint to)   /* 1-based, inclusive */
{
  GString *s = g_string_new (NULL);
  for (guint i = from; i <= to && lines[i - 1]; i++)
    g_string_append_printf (s, "%s\n", lines[i - 1]);
  return g_string_free (s, FALSE);
}

static json_object *
state_of (const char *dir, const char *file, const char *seat)
{
  g_autoptr(CliResult) r = seat ? cli_run (dir, NULL, "state", file, "--compact", "--seat", seat, NULL)
                                : cli_run (dir, NULL, "state", file, "--compact", NULL);
  json_object *o;

  g_assert_cmpint (r->status, ==, 0);
  o = json_tokener_parse (r->out);
  g_assert_nonnull (o);
  return o;
}

static void
new_campaign (const char *dir, const char *file)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "new", file, "--game", "lamame", "--name", "Year",
                                    "--player", "Red", "--player", "Blue", "--player", "Green", NULL);
  g_assert_cmpint (r->status, ==, 0);
}

static void
act_ok (const char *dir, const char *file, const char *input, guint n)
{
  g_autoptr(CliResult) r = cli_run (dir, input, "act", file, NULL);
  g_auto(GStrv) out = NULL;

  g_assert_cmpint (r->status, ==, 0);
  out = g_strsplit (r->out, "\n", -1);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TestJson) res = json_tokener_parse (out[i]);
      g_assert_nonnull (res);
      if (!json_object_get_boolean (json_object_object_get (res, "ok")))
        g_error ("refused: %s", out[i]);
    }
  g_assert_cmpuint (count_lines (r->out), ==, n);
}

static void
test_whole_year (void)
{
  g_autofree char *dir = test_make_dir ();
  g_auto(GStrv) lines = sample_lines ();
  guint done = 0;

  new_campaign (dir, "year.db");
  for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
    {
      g_autofree char *input = lines_between (lines, done + 1, checks[c].line);
      g_autoptr(TestJson) st = NULL;
      g_autoptr(GString) gold = g_string_new (NULL), areas = g_string_new (NULL);
      json_object *players;

      act_ok (dir, "year.db", input, checks[c].line - done);
      done = checks[c].line;
      st = state_of (dir, "year.db", NULL);
      players = json_object_object_get (st, "players");
      for (guint i = 0; i < json_object_array_length (players); i++)
        {
          json_object *p = json_object_array_get_idx (players, i);
          const char *name = json_object_get_string (json_object_object_get (p, "name"));
          g_string_append_printf (gold, "%s%s %d", i ? ";" : "", name, json_object_get_int (json_object_object_get (p, "gold")));
          g_string_append_printf (areas, "%s%s %d", i ? ";" : "", name, json_object_get_int (json_object_object_get (p, "areas")));
        }
      g_assert_cmpstr (gold->str, ==, checks[c].gold);
      g_assert_cmpstr (areas->str, ==, checks[c].areas);
      g_assert_cmpstr (json_object_get_string (json_object_object_get (st, "phase")), ==, checks[c].phase);
    }
  g_assert_null (lines[done]);
  {
    g_autoptr(TestJson) st = state_of (dir, "year.db", NULL);
    json_object *result = json_object_object_get (st, "result");
    g_autoptr(CliResult) chk = cli_run (dir, NULL, "check", "year.db", NULL);
    g_autoptr(CliResult) md = cli_run (dir, NULL, "export", "year.db", "--format", "md", "-o", "year.md", NULL);
    g_autofree char *text = NULL, *path = g_build_filename (dir, "year.md", NULL);

    g_assert_cmpstr (json_object_get_string (json_object_object_get (result, "winner")), ==, "Green");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (result, "reason")), ==, "winter");
    g_assert_cmpint (chk->status, ==, 0);
    g_assert_cmpint (md->status, ==, 0);
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    /* The summaries tell the season: bids revealed, attacks with gold and guesses, income. */
    g_assert_nonnull (strstr (text, "Spring bids revealed: Red 2, Blue 1, Green 0."));
    g_assert_nonnull (strstr (text, "Red spends 2 gold against the soldier on Bluewater; Blue guesses 1 — wrong."));
    g_assert_nonnull (strstr (text, "Income: Red +1 (7), Blue +2 (11), Green +3 (9)."));
    g_assert_nonnull (strstr (text, "Green 4/9, Blue 2/11, Red 1/7"));
  }
  test_remove_dir (dir);
}

/* Everything a player may see is the same whatever the secret's value: two campaigns that differ
 * only in one hidden value give identical exports and public/other seats' states until the reveal. */
static void
secret_invisible (guint upto, guint line, const char *from, const char *to, const char *other_seat)
{
  g_autofree char *dir = test_make_dir ();
  g_auto(GStrv) lines = sample_lines ();
  g_autofree char *a = lines_between (lines, 1, upto);
  g_autofree char *b = NULL;
  static const char * const formats[] = { "md", "html", "json" };
  g_auto(GStrv) blines = g_strdupv (lines);

  g_assert_nonnull (strstr (blines[line - 1], from));
  {
    g_auto(GStrv) parts = g_strsplit (blines[line - 1], from, 2);
    g_free (blines[line - 1]);
    blines[line - 1] = g_strjoin (to, parts[0], parts[1], NULL);
  }
  b = lines_between (blines, 1, upto);
  new_campaign (dir, "a.db");
  new_campaign (dir, "b.db");
  act_ok (dir, "a.db", a, upto);
  act_ok (dir, "b.db", b, upto);
  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      g_autofree char *oa = g_strdup_printf ("a.%s", formats[f]), *ob = g_strdup_printf ("b.%s", formats[f]);
      g_autofree char *pa = g_build_filename (dir, oa, NULL), *pb = g_build_filename (dir, ob, NULL);
      g_autofree char *ta = NULL, *tb = NULL;
      g_autoptr(CliResult) ra = cli_run (dir, NULL, "export", "a.db", "--format", formats[f], "-o", oa, NULL);
      g_autoptr(CliResult) rb = cli_run (dir, NULL, "export", "b.db", "--format", formats[f], "-o", ob, NULL);

      g_assert_cmpint (ra->status, ==, 0);
      g_assert_cmpint (rb->status, ==, 0);
      g_assert_true (g_file_get_contents (pa, &ta, NULL, NULL));
      g_assert_true (g_file_get_contents (pb, &tb, NULL, NULL));
      g_assert_cmpstr (ta, ==, tb);
    }
  {
    const char *seats[] = { "public", other_seat };
    for (guint s = 0; s < G_N_ELEMENTS (seats); s++)
      {
        g_autoptr(TestJson) va = state_of (dir, "a.db", seats[s]);
        g_autoptr(TestJson) vb = state_of (dir, "b.db", seats[s]);
        g_assert_cmpstr (json_object_to_json_string (va), ==, json_object_to_json_string (vb));
      }
    /* The referee's full view does differ: the engine holds the secret. */
    {
      g_autoptr(TestJson) va = state_of (dir, "a.db", NULL);
      g_autoptr(TestJson) vb = state_of (dir, "b.db", NULL);
      g_assert_cmpstr (json_object_to_json_string (va), !=, json_object_to_json_string (vb));
    }
  }
  {
    /* The journal shows summaries only: the same text in both. */
    g_autoptr(CliResult) la = cli_run (dir, NULL, "log", "a.db", NULL);
    g_autoptr(CliResult) lb = cli_run (dir, NULL, "log", "b.db", NULL);
    g_assert_cmpint (la->status, ==, 0);
    g_assert_cmpstr (la->out, ==, lb->out);
  }
  test_remove_dir (dir);
}

static void
test_secret_start_bid (void)
{
  /* Line 11: Red's hidden bid 2 (changed to 5); Blue and Green have not bid yet. */
  secret_invisible (11, 11, "\"gold\":2", "\"gold\":5", "Blue");
}

static void
test_secret_card (void)
{
  /* Line 15: Red's hidden card (move, changed to build); Blue has chosen, Green not yet. */
  secret_invisible (16, 15, "[\"move\"]", "[\"build\"]", "Green");
}

static void
test_secret_attack_gold (void)
{
  /* Line 23: Red's attack gold 2 (changed to 3), before Blue's guess. */
  secret_invisible (23, 23, "\"gold\":2", "\"gold\":3", "Blue");
}

static void
test_refusals_change_nothing (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(CliResult) r = NULL;
  g_autoptr(TestJson) before = NULL, after = NULL;

  new_campaign (dir, "r.db");
  act_ok (dir, "r.db", "{\"type\":\"start\",\"start_player\":\"Red\"}\n", 1);
  before = state_of (dir, "r.db", NULL);
  r = cli_run (dir, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"camp\",\"area\":\"Redkeep\"}\n"
                    "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"}\n"
                    "not json\n", "act", "r.db", NULL);
  g_assert_nonnull (strstr (r->out, "A camp cannot be placed inside a castle (Redkeep)"));
  g_assert_nonnull (strstr (r->out, "It is Red's turn, not Blue's"));
  g_assert_cmpuint (count_lines (r->out), ==, 3);
  after = state_of (dir, "r.db", NULL);
  g_assert_cmpstr (json_object_to_json_string (before), ==, json_object_to_json_string (after));
  test_remove_dir (dir);
}

/* ---------------------------------------------------------------- house rules (issue 34) */

/* A valley for two: Ford lies between Redkeep, the mountain Hill and Meadow; Hill and Meadow
 * touch Bluekeep. */
#define VALLEY "{\"name\":\"Valley\",\"players\":2,\"castles\":[\"Redkeep\",\"Bluekeep\"],\"areas\":[" \
  "{\"name\":\"Redkeep\",\"x\":0,\"y\":0,\"adjacent\":[\"Ford\"]}," \
  "{\"name\":\"Ford\",\"x\":100,\"y\":0,\"adjacent\":[\"Redkeep\",\"Hill\",\"Meadow\"]}," \
  "{\"name\":\"Hill\",\"x\":200,\"y\":0,\"mountain\":true,\"adjacent\":[\"Ford\",\"Bluekeep\"]}," \
  "{\"name\":\"Meadow\",\"x\":200,\"y\":100,\"adjacent\":[\"Ford\",\"Bluekeep\"]}," \
  "{\"name\":\"Bluekeep\",\"x\":300,\"y\":0,\"adjacent\":[\"Hill\",\"Meadow\"]}]}"

/* The shipped ruleset with every house rule flipped, written to dir/house.json. */
static void
write_flipped_ruleset (const char *dir)
{
  g_autofree char *src = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "lamame.json", NULL);
  g_autofree char *dst = g_build_filename (dir, "house.json", NULL);
  g_autoptr(TestJson) rs = json_object_from_file (src);
  json_object *hr = json_object_object_get (rs, "house_rules");

  json_object_object_foreach (hr, key, value)
    json_object_object_add (hr, key, json_object_new_boolean (!json_object_get_boolean (value)));
  g_assert_cmpint (json_object_to_file (dst, rs), ==, 0);
}

static gint
supply_of (json_object *st, const char *player, const char *kind)
{
  json_object *players = json_object_object_get (st, "players");
  for (gsize i = 0; i < json_object_array_length (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (p, "name")), player) == 0)
        return json_object_get_int (json_object_object_get (json_object_object_get (p, "supply"), kind));
    }
  g_assert_not_reached ();
}

/* One spring and the summer's bids in the valley, under the shipped house rules or all flipped:
 *  - Red's catapult on Ford fires at Meadow: out of the game (shipped; Red's supply stays 1 of
 *    2 after building one) or back in the supply (flipped: 2);
 *  - Red's soldier attacks Hill: Blue's soldier, then Blue's camp in mountains with 2 guesses
 *    (shipped: "2 … if defending a castle or mountain") or 1 (flipped: only soldiers get 2);
 *  - summer's bids tie at 0: Blue holds the start player card (it won spring's bid and named
 *    itself), Red was the year's first: Blue wins (shipped) or Red (flipped). */
static void
house_rules_year (gboolean flipped)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(TestJson) st = NULL;
  g_autoptr(CliResult) made = NULL;

  if (flipped)
    {
      write_flipped_ruleset (dir);
      made = cli_run (dir, NULL, "new", "h.db", "--game", "lamame", "--name", "Valley", "--player", "Red",
                      "--player", "Blue", "--ruleset", "house.json", NULL);
    }
  else
    made = cli_run (dir, NULL, "new", "h.db", "--game", "lamame", "--name", "Valley", "--player", "Red",
                    "--player", "Blue", NULL);
  g_assert_cmpint (made->status, ==, 0);
  act_ok (dir, "h.db",
          "{\"type\":\"start\",\"start_player\":\"Red\",\"map\":" VALLEY "}\n"
          "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"soldier\",\"area\":\"Ford\"}\n"
          "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"catapult\",\"area\":\"Ford\"}\n"
          "{\"type\":\"pass\",\"player\":\"Red\"}\n"
          "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Hill\"}\n"
          "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"camp\",\"area\":\"Hill\"}\n"
          "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Meadow\"}\n"
          "{\"type\":\"pass\",\"player\":\"Blue\"}\n"
          "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":1}}\n"
          "{\"type\":\"choose_start\",\"player\":\"Blue\",\"start\":\"Blue\"}\n"
          "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}\n"
          "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}\n"
          "{\"type\":\"tax\",\"player\":\"Blue\"}\n"
          "{\"type\":\"fire\",\"player\":\"Red\",\"from\":\"Ford\",\"to\":\"Meadow\"}\n", 14);
  st = state_of (dir, "h.db", NULL);
  g_assert_cmpint (supply_of (st, "Red", "catapult"), ==, flipped ? 2 : 1);
  g_assert_cmpint (supply_of (st, "Blue", "soldier"), ==, 1);   /* the destroyed one is back */
  g_clear_pointer (&st, json_object_put);
  act_ok (dir, "h.db",
          "{\"type\":\"attack\",\"player\":\"Red\",\"from\":\"Ford\",\"unit\":\"soldier\",\"to\":\"Hill\"}\n"
          "{\"type\":\"reveal_attack\",\"gold\":3,\"guesses\":[1,2]}\n", 2);
  st = state_of (dir, "h.db", NULL);
  {
    json_object *attack = json_object_object_get (st, "attack");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (attack, "target")), ==, "camp");
    g_assert_cmpint (json_object_get_int (json_object_object_get (attack, "guesses_allowed")), ==, flipped ? 1 : 2);
  }
  g_clear_pointer (&st, json_object_put);
  act_ok (dir, "h.db",
          "{\"type\":\"withdraw\",\"player\":\"Red\"}\n"
          "{\"type\":\"end_action\",\"player\":\"Red\"}\n"
          "{\"type\":\"start_bids\",\"bids\":{\"Red\":0,\"Blue\":0}}\n", 3);
  st = state_of (dir, "h.db", NULL);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (st, "bid_winner")), ==, flipped ? "Red" : "Blue");
  test_remove_dir (dir);
}

static void
test_house_rules_shipped (void)
{
  house_rules_year (FALSE);
}

static void
test_house_rules_flipped (void)
{
  house_rules_year (TRUE);
}

/* A house rule the game does not have, or not true/false, is refused by `new`, naming the field. */
static void
test_house_rules_refused (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "bad.json", NULL);
  g_autofree char *src = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "lamame.json", NULL);
  g_autoptr(TestJson) rs = json_object_from_file (src);
  json_object *hr = json_object_object_get (rs, "house_rules");
  g_autoptr(CliResult) r = NULL, r2 = NULL;

  json_object_object_add (hr, "knights_fly", json_object_new_boolean (TRUE));
  g_assert_cmpint (json_object_to_file (path, rs), ==, 0);
  r = cli_run (dir, NULL, "new", "b.db", "--game", "lamame", "--name", "B", "--player", "Red", "--player", "Blue",
               "--ruleset", "bad.json", NULL);
  g_assert_cmpint (r->status, !=, 0);
  g_assert_nonnull (strstr (r->err, "$.house_rules: unknown field \"knights_fly\""));
  json_object_object_del (hr, "knights_fly");
  json_object_object_add (hr, "fired_catapult_gone", json_object_new_string ("yes"));
  g_assert_cmpint (json_object_to_file (path, rs), ==, 0);
  r2 = cli_run (dir, NULL, "new", "b.db", "--game", "lamame", "--name", "B", "--player", "Red", "--player", "Blue",
                "--ruleset", "bad.json", NULL);
  g_assert_cmpint (r2->status, !=, 0);
  g_assert_nonnull (strstr (r2->err, "$.house_rules.fired_catapult_gone"));
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lamame-cli/whole-year", test_whole_year);
  g_test_add_func ("/lamame-cli/secret/start-bid", test_secret_start_bid);
  g_test_add_func ("/lamame-cli/secret/card", test_secret_card);
  g_test_add_func ("/lamame-cli/secret/attack-gold", test_secret_attack_gold);
  g_test_add_func ("/lamame-cli/refusals", test_refusals_change_nothing);
  g_test_add_func ("/lamame-cli/house-rules/shipped", test_house_rules_shipped);
  g_test_add_func ("/lamame-cli/house-rules/flipped", test_house_rules_flipped);
  g_test_add_func ("/lamame-cli/house-rules/refused", test_house_rules_refused);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tft-cli.c — the rulebook's combat example (p. 20) through melee-gm-cli, turn by turn, and a
 * figure's record surviving a restart between fights. */
#include "config.h"

#include <string.h>

#include "cli-test-util.h"
#include "mg-campaign.h"
#include "mg-tft.h"

/* After each TURN of the example: Flavius' and Wulf's hits, and their adjusted DX for the next turn,
 * as the book gives them. */
static const struct { gint f_hits, w_hits, f_dx, w_dx; } book[] = {
  { 2, 0, 8, 10 },   /* 1: the arrow, 7 less 5 */
  { 2, 0, 8, 10 },   /* 2: 16 on four dice misses */
  { 2, 0, 8, 10 },   /* 3: 4 hits, the armor stops it */
  { 2, 0, 8, 10 },   /* 4: Flavius rolls 16 */
  { 2, 6, 8, 8 },    /* 5: 6 hits on Wulf, who is -2 next turn: "his adjDX is 8" */
  { 7, 6, 6, 10 },   /* 6: double damage, 10 less 5; Flavius "is only 6 this turn" */
  { 7, 6, 8, 10 },   /* 7: Flavius defends, Wulf misses on four dice */
  { 7, 12, 8, 5 },   /* 8: 12 hits; "Wulf's injured DX is only 5" */
};

static json_object *
figure (json_object *state, const char *name)
{
  json_object *figs = json_object_object_get (json_object_object_get (state, "fight"), "figures");
  for (guint i = 0; i < json_object_array_length (figs); i++)
    if (strcmp (json_object_get_string (json_object_object_get (json_object_array_get_idx (figs, i), "name")), name) == 0)
      return json_object_array_get_idx (figs, i);
  g_error ("%s is not fighting", name);
  return NULL;
}

static json_object *
roster (json_object *state, const char *name)
{
  json_object *figs = json_object_object_get (state, "roster");
  for (guint i = 0; i < json_object_array_length (figs); i++)
    if (strcmp (json_object_get_string (json_object_object_get (json_object_array_get_idx (figs, i), "name")), name) == 0)
      return json_object_array_get_idx (figs, i);
  g_error ("%s is not on the roster", name);
  return NULL;
}

static gint
iget (json_object *o, const char *key)
{
  return json_object_get_int (json_object_object_get (o, key));
}

static json_object *
state_of (const char *dir)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "state", "c.db", NULL);
  g_assert_cmpint (r->status, ==, 0);
  return json_tokener_parse (r->out);
}

/* Every line of `input` must be accepted. */
static void
act_ok (const char *dir, const char *input)
{
  g_autoptr(CliResult) r = cli_run (dir, input, "act", "c.db", NULL);
  g_auto(GStrv) lines = g_strsplit (r->out, "\n", -1);

  for (guint i = 0; lines[i] && *lines[i]; i++)
    if (!strstr (lines[i], "\"ok\":true") && !strstr (lines[i], "\"ok\": true"))
      g_error ("refused: %s\nfor input:\n%s", lines[i], input);
  g_assert_cmpint (r->status, ==, 0);
}

static void
test_combat_example (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) chunk = g_string_new (NULL);
  guint turn = 0;

  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "Melee", "--player", "Ann", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }
  g_assert_true (g_file_get_contents (MG_TFT_SAMPLE, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] && *lines[i]; i++)
    {
      g_string_append_printf (chunk, "%s\n", lines[i]);
      if (strstr (lines[i], "\"end_fight\""))
        break;   /* the sample's second fight is the engine test's (/tft/fight/sample-second-fight) */
      if (!strstr (lines[i], "\"end_turn\""))
        continue;
      act_ok (dir, chunk->str);   /* one process per turn: the campaign file carries the fight */
      g_string_truncate (chunk, 0);
      {
        g_autoptr(TestJson) st = state_of (dir);
        json_object *f = figure (st, "Flavius"), *w = figure (st, "Wulf");
        if (turn < G_N_ELEMENTS (book))
          {
            g_assert_cmpint (iget (f, "hits"), ==, book[turn].f_hits);
            g_assert_cmpint (iget (w, "hits"), ==, book[turn].w_hits);
            g_assert_cmpint (iget (f, "adj_dx"), ==, book[turn].f_dx);
            g_assert_cmpint (iget (w, "adj_dx"), ==, book[turn].w_dx);
            g_assert_cmpint (iget (f, "st"), ==, 12 - book[turn].f_hits);
            g_assert_cmpint (iget (w, "st"), ==, 14 - book[turn].w_hits);
          }
        if (turn == 3)   /* turn 4: Wulf dropped the bow and readied the two-handed sword */
          g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "ready")), ==, "two_handed_sword");
        if (turn == 4 || turn == 7)
          {
            json_object *c = json_object_object_get (w, "conditions");
            g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (c, 0)), ==, "wounded");
          }
        if (turn == 7)
          g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (json_object_object_get (w, "conditions"), 1)), ==, "weak");
        if (turn == 7)   /* on the arena: "Flavius retreats him one hex and follows" (p. 20) */
          {
            g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "hex")), ==, "M6");
            g_assert_cmpstr (json_object_get_string (json_object_object_get (f, "hex")), ==, "N5");
          }
        if (turn == 8)   /* turn 9: "since his sword will do at least 1 damage, Wulf is a goner" */
          g_assert_cmpint (iget (w, "st"), <=, 1);
      }
      turn++;
    }
  g_assert_cmpuint (turn, ==, 9);
  act_ok (dir, chunk->str);   /* end_fight */

  /* A new process reads the campaign: both figures, Flavius with his 50 EP and the fight. */
  {
    g_autoptr(TestJson) st = state_of (dir);
    json_object *f = roster (st, "Flavius"), *w = roster (st, "Wulf");
    json_object *h = json_object_object_get (f, "history");
    json_object *last = json_object_array_get_idx (h, json_object_array_length (h) - 1);
    g_assert_null (json_object_object_get (st, "fight"));
    g_assert_cmpint (iget (f, "ep"), ==, 50);
    g_assert_cmpint (iget (f, "fights"), ==, 1);
    g_assert_cmpint (iget (f, "kills"), ==, 1);
    g_assert_true (json_object_get_boolean (json_object_object_get (f, "alive")));
    g_assert_false (json_object_get_boolean (json_object_object_get (w, "alive")));
    g_assert_cmpstr (json_object_get_string (json_object_object_get (last, "result")), ==, "won");
    g_assert_cmpint (iget (last, "hits"), ==, 7);
    g_assert_cmpint (iget (roster (st, "Ragnar"), "ep"), ==, 50);
  }
  /* The next fight starts from the roster: Flavius unhurt; the dead cannot fight. */
  act_ok (dir, "{\"type\":\"start_fight\",\"kind\":\"arena\",\"sides\":{\"Romans\":[\"Flavius\"],\"Vikings\":[\"Ragnar\"]}}\n");
  {
    g_autoptr(TestJson) st = state_of (dir);
    g_assert_cmpint (iget (figure (st, "Flavius"), "hits"), ==, 0);
    g_assert_cmpint (iget (figure (st, "Flavius"), "adj_dx"), ==, 8);
    g_assert_cmpint (iget (figure (st, "Ragnar"), "adj_dx"), ==, 11);   /* the spear slings the shield */
  }
  {
    g_autoptr(CliResult) r = cli_run (dir, "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"A\":[\"Wulf\"],\"B\":[\"Flavius\"]}}\n"
                                           "{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"q\"}\n"
                                           "not json\n", "act", "c.db", NULL);
    g_auto(GStrv) out = g_strsplit (r->out, "\n", -1);
    g_assert_true (strstr (out[0], "\"ok\":false") || strstr (out[0], "\"ok\": false"));
    g_assert_nonnull (strstr (out[0], "still in progress"));
    g_assert_nonnull (strstr (out[1], "may choose a to g"));
    g_assert_nonnull (strstr (out[2], "bad_json"));
  }
  test_remove_dir (dir);
}

/* Hand-to-hand and the line of fire through melee-gm-cli with dice typed from the table (p. 15-16). */
/* The journal names who declared each action: a figure's owner for its own actions, the referee
 * (GM) for an unowned figure's and for the fight's steps. */
static void
test_actor (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autoptr(CliResult) r = NULL;
  g_auto(GStrv) rows = NULL;
  /* Creating a figure is the referee's (it has no owner yet); then A's record by its owner Ann,
   * B's by the referee. */
  const char *want[] = { "GM", "GM", "Ann", "GM" };

  {
    g_autoptr(CliResult) n = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "Pit", "--player", "Ann", NULL);
    g_assert_cmpint (n->status, ==, 0);
  }
  act_ok (dir,
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"owner\":\"Ann\"}\n"
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12}\n"
    "{\"type\":\"edit_figure\",\"figure\":\"A\",\"name\":\"A2\"}\n"
    "{\"type\":\"edit_figure\",\"figure\":\"B\",\"name\":\"B2\"}\n");
  r = cli_run (dir, NULL, "log", "c.db", "--json", NULL);
  g_assert_cmpint (r->status, ==, 0);
  rows = g_strsplit (g_strstrip (r->out), "\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      g_autoptr(TestJson) row = json_tokener_parse (rows[i]);

      g_assert_cmpstr (json_object_get_string (json_object_object_get (row, "actor")), ==, want[i]);
    }
}

static void
test_hth_and_line (void)
{
  g_autofree char *dir = test_make_dir ();

  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "Pit", "--player", "Ann", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }
  act_ok (dir,
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"small_ax\"]}\n"
    "{\"type\":\"create_figure\",\"figure\":\"F\",\"kind\":\"human\",\"st\":12,\"dx\":12}\n"
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\",\"dagger\"]}\n"
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\",\"F\"],\"Y\":[\"B\"]}}\n"
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"b\"}\n"
    "{\"type\":\"option\",\"figure\":\"F\",\"option\":\"none\"}\n"
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"none\"}\n"
    "{\"type\":\"attacks\"}\n"
    /* roll to miss F at DX 13-2: 12 hits him; the small ax (1+2) does 6 and lands by F */
    "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\",\"throw\":true,\"hexes\":3,"
    "\"in_the_way\":[{\"figure\":\"F\",\"hexes\":2}],\"dice\":[6,5,1,4]}\n"
    "{\"type\":\"end_turn\"}\n");
  {
    g_autoptr(TestJson) st = state_of (dir);
    g_assert_cmpint (iget (figure (st, "F"), "hits"), ==, 6);
    g_assert_cmpint (iget (figure (st, "B"), "hits"), ==, 0);
    g_assert_cmpuint (json_object_array_length (json_object_object_get (figure (st, "A"), "carried")), ==, 0);
  }
  /* F enters B's hex (B agrees); B rolls 3: drops the broadsword, readies the dagger; both go down.
   * F strikes bare-handed at 12 + 4: 1 - 3 against the same ST, a 6 does 3. */
  act_ok (dir,
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"none\"}\n"
    "{\"type\":\"option\",\"figure\":\"F\",\"option\":\"m\",\"engaged_with\":[\"B\"]}\n"
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"none\",\"engaged_with\":[\"F\"]}\n"
    "{\"type\":\"attacks\"}\n"
    "{\"type\":\"attack\",\"figure\":\"F\",\"target\":\"B\",\"hth_because\":\"agreed\",\"dice\":[3,4,4,4,6]}\n"
    "{\"type\":\"end_turn\"}\n");
  {
    g_autoptr(TestJson) st = state_of (dir);
    json_object *b = figure (st, "B");
    g_assert_cmpint (iget (b, "hits"), ==, 3);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (b, "ready")), ==, "dagger");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (b, "posture")), ==, "hth");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (figure (st, "F"), "posture")), ==, "hth");
  }
  /* In HTH only p, q, r; B's dagger does 1 + 2. F (DX 12, one foe of equal DX) needs a 1 to get free. */
  {
    g_autoptr(CliResult) r = cli_run (dir, "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\"}\n", "act", "c.db", NULL);
    g_assert_nonnull (strstr (r->out, "p, q or r"));
  }
  act_ok (dir,
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"none\"}\n"
    "{\"type\":\"option\",\"figure\":\"F\",\"option\":\"r\"}\n"
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"p\"}\n"
    "{\"type\":\"attacks\",\"dice\":[2,5]}\n"
    "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"F\",\"dice\":[3,3,3,1]}\n"
    "{\"type\":\"disengage\",\"figure\":\"F\",\"dice\":[2]}\n"
    "{\"type\":\"end_turn\"}\n");
  {
    g_autoptr(TestJson) st = state_of (dir);
    g_assert_cmpint (iget (figure (st, "F"), "hits"), ==, 9);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (figure (st, "F"), "posture")), ==, "hth");
  }
  test_remove_dir (dir);
}

/* Ways to roll each total on three dice (3..18) and on four (4..24): the counts behind "roll your
 * adjusted DX or less" (p. 6) — 216 and 1,296 outcomes. */
static const gint ways3[19] = { 0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1 };
static const gint ways4[25] = { 0, 0, 0, 0, 1, 4, 10, 20, 35, 56, 80, 104, 125, 140, 146, 140, 125, 104, 80,
                                56, 35, 20, 10, 4, 1 };

static json_object *
odds_of (const char *dir, const char *question)
{
  g_autoptr(CliResult) r = cli_run (dir, NULL, "odds", "c.db", question, "--compact", NULL);
  if (r->status != 0)
    g_error ("odds %s: %s", question, r->err);
  return json_tokener_parse (r->out);
}

static void
assert_fraction (json_object *f, gint64 num, gint64 den)
{
  g_assert_cmpint (json_object_get_int64 (json_object_object_get (f, "num")), ==, num);
  g_assert_cmpint (json_object_get_int64 (json_object_object_get (f, "den")), ==, den);
}

/* The exact hits after armor: the count of ways out of 6^(to-hit dice + damage dice). */
static gint64
hits_ways (json_object *odds, gint hits)
{
  json_object *spread = json_object_object_get (odds, "hits");
  for (guint i = 0; i < json_object_array_length (spread); i++)
    if (iget (json_object_array_get_idx (spread, i), "hits") == hits)
      return json_object_get_int64 (json_object_object_get (json_object_array_get_idx (spread, i), "num"));
  return 0;
}

/* `melee-gm-cli odds`: A (DX 12, no armor, broadsword 2 dice) strikes B in leather (stops 2) on 3
 * dice and C in leather, defending (option i), on 4 (p. 18). The same duel gives what the app's
 * duel dialog computes (mg_tft_duel_names with the campaign's seed). */
static void
test_odds (void)
{
  g_autofree char *dir = test_make_dir ();
  gint64 le12 = 0, le12_4 = 0;

  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "Pit", "--player", "Ann",
                                      "--seed", "7", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }
  act_ok (dir,
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}\n"
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"],\"armor\":\"leather\"}\n"
    "{\"type\":\"create_figure\",\"figure\":\"C\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"],\"armor\":\"leather\"}\n"
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\",\"C\"]}}\n"
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"h\",\"engaged_with\":[\"B\",\"C\"]}\n"
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"h\",\"engaged_with\":[\"A\"]}\n"
    "{\"type\":\"option\",\"figure\":\"C\",\"option\":\"i\",\"engaged_with\":[\"A\"]}\n"
    "{\"type\":\"attacks\"}\n");
  for (gint t = 3; t <= 12; t++)
    le12 += ways3[t];
  for (gint t = 4; t <= 12; t++)
    le12_4 += ways4[t];
  {
    g_autoptr(TestJson) o = odds_of (dir, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"B\"}");
    g_assert_cmpint (iget (o, "adj_dx"), ==, 12);
    g_assert_cmpint (iget (o, "dice"), ==, 3);
    assert_fraction (json_object_object_get (o, "hit"), le12, 216);                 /* 160/216 */
    assert_fraction (json_object_object_get (o, "triple"), ways3[3], 216);          /* a 3: triple */
    assert_fraction (json_object_object_get (o, "double"), ways3[4], 216);          /* a 4: double */
    assert_fraction (json_object_object_get (o, "drop"), ways3[17], 216);           /* 17 drops */
    assert_fraction (json_object_object_get (o, "break"), ways3[18], 216);          /* 18 breaks */
    assert_fraction (json_object_object_get (o, "miss"), 216 - le12 - 4, 216);
    /* 2 dice less 2 for the leather, out of 216 × 36: 0 hits on any miss or a 2 on a plain hit;
     * 10 hits on a plain hit's 12 (5..12: 156 ways), a double's 6 (2 × 6 − 2: 3 × 5 ways) or a
     * triple's 4 (3 × 4 − 2: 1 × 3 ways). */
    g_assert_cmpint (hits_ways (o, 0), ==, (216 - le12) * 36 + (le12 - 4) * 1);
    g_assert_cmpint (hits_ways (o, 10), ==, (le12 - 4) * 1 + 3 * 5 + 1 * 3);
    g_assert_cmpint (json_object_get_int64 (json_object_object_get (json_object_array_get_idx (
                       json_object_object_get (o, "hits"), 0), "den")), ==, 216 * 36);
  }
  {
    g_autoptr(TestJson) o = odds_of (dir, "{\"type\":\"attack\",\"figure\":\"A\",\"target\":\"C\"}");
    g_assert_cmpint (iget (o, "dice"), ==, 4);
    assert_fraction (json_object_object_get (o, "hit"), le12_4, 1296);              /* 435/1296 */
    assert_fraction (json_object_object_get (o, "triple"), 0, 1296);                /* no automatic hits */
    assert_fraction (json_object_object_get (o, "drop"), 0, 1296);
  }
  /* Refusals: one line, status 1; a question that is not JSON is a usage error. */
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "odds", "c.db", "{\"type\":\"attack\",\"figure\":\"B\",\"target\":\"A\"}", NULL);
    g_assert_cmpint (r->status, ==, 1);
    g_assert_cmpstr (r->out, ==, "");
  }
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "odds", "c.db", "not json", NULL);
    g_assert_cmpint (r->status, ==, 2);
  }
  {
    g_autoptr(CliResult) r = cli_run (dir, NULL, "odds", "c.db", "{\"type\":\"duel\",\"figures\":[\"A\",\"A\"]}", NULL);
    g_assert_cmpint (r->status, ==, 1);
  }
  /* The duel: the numbers the app shows for the same figures and fights. */
  {
    g_autoptr(TestJson) o = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *path = g_build_filename (dir, "c.db", NULL);
    g_autoptr(CliResult) r = cli_run (dir, "{\"type\":\"duel\",\"figures\":[\"A\",\"B\"],\"fights\":2000}", "odds", "c.db",
                                      "-", "--compact", NULL);
    MgCampaign *campaign;
    MgTftDuelResult want = { 0 };
    json_object *wins;

    g_assert_cmpint (r->status, ==, 0);
    o = json_tokener_parse (r->out);
    campaign = mg_campaign_open (path, &error);
    g_assert_no_error (error);
    g_assert_true (mg_tft_duel_names (mg_campaign_get_state (campaign), "A", "B", 2000, mg_campaign_get_seed (campaign),
                                      NULL, NULL, NULL, &want, &error));
    g_object_unref (campaign);
    wins = json_object_object_get (o, "wins");
    g_assert_cmpint (iget (o, "fights"), ==, 2000);
    g_assert_cmpint (iget (wins, "A"), ==, want.wins_a);
    g_assert_cmpint (iget (wins, "B"), ==, want.wins_b);
    g_assert_cmpint (iget (o, "draws"), ==, want.draws);
    g_assert_cmpint (want.wins_a + want.wins_b + want.draws, ==, 2000);
  }
  test_remove_dir (dir);
}

/* House rule flier_out_of_reach through the CLI, both ways: the shipped ruleset (on) refuses a
 * spear against a gargoyle aloft; a campaign made with it off lets the spear strike. */
static void
test_house_flier (void)
{
  for (guint on = 0; on < 2; on++)
    {
      g_autofree char *dir = test_make_dir ();
      g_autofree char *text = NULL;
      g_autofree char *rs_path = g_build_filename (dir, "rules.json", NULL);
      g_autoptr(TestJson) rs = NULL;
      g_autoptr(CliResult) r = NULL;
      g_autoptr(CliResult) a = NULL;

      g_assert_true (g_file_get_contents (MG_TFT_RULESET, &text, NULL, NULL));
      rs = json_tokener_parse (text);
      json_object_object_add (json_object_object_get (rs, "house_rules"), "flier_out_of_reach", json_object_new_boolean (on));
      g_assert_true (g_file_set_contents (rs_path, json_object_to_json_string (rs), -1, NULL));
      r = cli_run (dir, NULL, "new", "c.db", "--game", "tft", "--name", "Pit", "--player", "Ann", "--ruleset", "rules.json", NULL);
      g_assert_cmpint (r->status, ==, 0);
      act_ok (dir,
        "{\"type\":\"create_figure\",\"figure\":\"G\",\"kind\":\"gargoyle\"}\n"
        "{\"type\":\"create_figure\",\"figure\":\"H\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"spear\"]}\n"
        "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"Stone\":[\"G\"],\"Men\":[\"H\"]}}\n"
        "{\"type\":\"option\",\"figure\":\"G\",\"option\":\"a\",\"moved\":16,\"flying\":true}\n"
        "{\"type\":\"option\",\"figure\":\"H\",\"option\":\"b\",\"moved\":2}\n"
        "{\"type\":\"attacks\"}\n");
      a = cli_run (dir, "{\"type\":\"attack\",\"figure\":\"H\",\"target\":\"G\",\"dice\":[6,6,6]}\n", "act", "c.db", NULL);
      if (on)
        g_assert_nonnull (strstr (a->out, "only missile and thrown weapons"));
      else
        g_assert_nonnull (strstr (a->out, "\"ok\":true"));
      test_remove_dir (dir);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tft/cli/combat-example", test_combat_example);
  g_test_add_func ("/tft/cli/actor", test_actor);
  g_test_add_func ("/tft/cli/hth-and-line", test_hth_and_line);
  g_test_add_func ("/tft/cli/odds", test_odds);
  g_test_add_func ("/tft/cli/house-flier", test_house_flier);
  return g_test_run ();
}

/* test-tft-cli.c — the rulebook's combat example (p. 20) through melee-gm-cli, turn by turn, and a
 * figure's record surviving a restart between fights. */
#include "config.h"

#include <string.h>

#include "cli-test-util.h"

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tft/cli/combat-example", test_combat_example);
  g_test_add_func ("/tft/cli/actor", test_actor);
  g_test_add_func ("/tft/cli/hth-and-line", test_hth_and_line);
  return g_test_run ();
}

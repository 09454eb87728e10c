/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mecaknights-cli.c — a whole MecaKnights year played through melee-gm-cli; after every turn every treasury, land and army is checked against a count by hand, in the state and the SQLite tables. */
#include <string.h>
#include <stdlib.h>
#include <sqlite3.h>

#include "cli-test-util.h"

/* Hand counts after each turn of data/samples/mecaknights-sample.jsonl (a whole year, 12 turns):
 * treasuries as gp/wood/stone/food/iron in seat order; every land with a flag, a city or a camp
 * (by name: owner/city/wall/camp; any other land is neutral and empty); every army (by id:
 * land infantry/heavy/archer/catapult/cavalry). Start (ruleset "start"): 10/6/4/6/2 and 2
 * infantry on the capital, a village there; capitals yield nothing.
 *  T1 (winter, 1 move) Red: infantry into Red 1 (-2 GP -1 food), model bonus (+2 GP) = 10/6/4/5/2;
 *     each leader's army plants a flag (Oakvale, Stonecross, Willowmere).
 *  T2 Red: hamlet on Oakvale (-1 GP -4 wood -1 stone), plunders Fenmoor (+2 food) = 9/2/3/7/2.
 *     Blue: camp on Stonecross (-2 GP -1 wood -2 food) = 8/5/4/4/2. Green 1 flags Thornfield.
 *  T3 Red: Oakvale hamlet +1 GP +1 wood = 10/3/3/7/2. Blue: archer at the Stonecross camp, a new
 *     army Blue 2 (-3 GP -3 wood -1 food) = 5/2/4/3/2; Blue 1 flags Ironpeak.
 *     Green: hamlet on Willowmere (-1 GP -4 wood -1 stone) = 9/2/3/6/2.
 *  T4 (spring, 2) Red +1/+1 wood = 11/4/3/7/2. Blue 1 flags Highmarch. Green: Willowmere +1 GP
 *     +1 food = 10/2/3/7/2.
 *  T5 Red +1/+1 wood = 12/5/3/7/2; Red 1 (3 inf) attacks Blue 1 (2 inf) on Highmarch: 3 > 2,
 *     Blue 1 removed, Red 1 loses one. Blue: nothing to collect; infantry into Blue 2 (-2 GP
 *     -1 food) = 3/2/4/2/2. Green +1 GP +1 food, camp on Thornfield (-2 GP -1 wood -2 food) = 9/1/3/6/2.
 *  T6 The GM's tribute to each: +12 GP +14 wood +8 stone +6 food +4 iron (adjust).
 *     Red 24/19/11/13/6, +1 GP +1 wood (Oakvale), village on Oakvale (-2 GP -3 wood -2 stone),
 *     2 cavalry = Red 2 (-10 GP -6 food), 2 infantry = Red 3 (-4 GP -2 food), archer into Red 3
 *     (-3 GP -3 wood -1 food), model bonus +2 = 8/14/9/4/6. Red 1 takes control of Highmarch at
 *     war: Blue's flag removed, Red's claim. Red 2 (all cavalry) rides Ashford, Fenmoor: flag.
 *     Blue 15/16/12/8/6, collects nothing, wood wall on Bluecrest (-3 GP -3 wood), hamlet on
 *     Ironpeak (-1 GP -4 wood -1 stone), heavy infantry = Blue 3 (-3 GP -1 food -3 iron),
 *     Blue 2 plunders Oakvale at war (+2 wood) = 8/11/11/7/3; Blue 3 to Stonecross.
 *     Green 21/15/11/12/6, +1 GP +1 food, village on Willowmere (-2 GP -3 wood -2 stone), bridge
 *     Willowmere-Ashford (-1 GP -4 wood -2 food), catapult = Green 2 at the Thornfield camp (-5 GP
 *     -3 wood -1 stone), infantry into it (-2 GP -1 food) = 12/5/8/10/6; Green 1 crosses to Ashford: flag.
 *  T7 (summer, 3) Red: Highmarch's claim settles (Red 1 still there): Red's. Oakvale village
 *     +2 GP +2 wood, stone wall on Redhold (-5 GP -5 stone) = 5/16/4/4/6. Red 3 (2 inf + archer)
 *     attacks Blue 2 (inf + archer) on Oakvale; Blue reinforces with Blue 3 (heavy, -1 food).
 *     Archers: Blue loses its infantry, Red its archer (each leader's choice); 2 inf vs 1 heavy:
 *     Red wins, Blue 2 and Blue 3 removed, Red 3 loses one infantry.
 *     Blue 8/11/11/6/3, Ironpeak hamlet +1 GP +1 iron, 2 infantry = Blue 4 (-4 GP -2 food) = 5/11/11/4/4.
 *     Green +2 GP +2 food, infantry = Green 3 at Greenmoor (-2 GP -1 food), boat at Greenmoor
 *     (-2 GP -4 wood -2 food -2 iron) = 10/1/8/9/4. Green 1 meets Red 2 on Fenmoor at peace; Green 2's
 *     catapult fires at Red 1 (2 inf -> 1); Green 3 sails to South Wave.
 *  T8 Red +2 GP +2 wood, town on Oakvale (-3 GP -2 wood -3 stone), upgrade in Red 1 (-3 iron),
 *     Red 3's forced walk Stonecross, Ironpeak (-1 food, 1 unit) plunders Ironpeak (+2 iron),
 *     model bonus +2 = 6/16/1/3/5; Red 2 to Highmarch. Blue +1 GP +1 iron = 6/11/11/4/5; Blue 4 (2 inf)
 *     attacks Red 3 (1 inf) on Ironpeak: 2 > 1, Red 3 removed, Blue 4 loses one. Green +2 GP
 *     +2 food = 12/1/8/11/4; Green 3 lands on Thornfield.
 *  T9 Red +3 GP +3 wood (Oakvale town), infantry = Red 4 (-2 GP -1 food) = 7/19/1/2/5; Red 4 stays
 *     on Green's Ashford at peace. Blue +1 GP +1 iron, hamlet on Stonecross (-1 GP -4 wood -1 stone)
 *     = 6/7/10/4/6. Green +2 GP +2 food = 14/1/8/13/4; Green 2 and Green 3 reorganized into Green 2
 *     (2 inf + catapult); Green 1 back to Willowmere.
 *  T10 (autumn, 2) Red +3/+3 wood = 10/22/1/2/5. Blue +1 GP +1 iron (Ironpeak) +1 GP +1 stone
 *     (Stonecross) = 8/7/11/4/7. Green +2 GP +2 food, cavalry = Green 4 (-5 GP -3 food) = 11/1/8/12/4.
 *  T11 Red +3/+3 wood, model bonus +2 = 15/25/1/2/5. Blue +2 GP +1 iron +1 stone = 10/7/12/4/8.
 *     Green +2 GP +2 food = 13/1/8/14/4.
 *  T12 Red 18/28/1/2/5. Blue 12/7/13/4/9. Green 15/1/8/16/4. Turn 13 is winter of year 2. */
typedef struct { const char *purses, *lands, *armies; } Count;
static const Count expected[] = {
  { "Red 10/6/4/5/2;Blue 10/6/4/6/2;Green 10/6/4/6/2",
    "Bluecrest Blue/village/-/0;Greenmoor Green/village/-/0;Oakvale Red/-/-/0;Redhold Red/village/-/0;Stonecross Blue/-/-/0;Willowmere Green/-/-/0",
    "Blue 1@Stonecross 2/0/0/0/0;Green 1@Willowmere 2/0/0/0/0;Red 1@Oakvale 3/0/0/0/0" },
  { "Red 9/2/3/7/2;Blue 8/5/4/4/2;Green 10/6/4/6/2",
    "Bluecrest Blue/village/-/0;Greenmoor Green/village/-/0;Oakvale Red/hamlet/-/0;Redhold Red/village/-/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/0;Willowmere Green/-/-/0",
    "Blue 1@Stonecross 2/0/0/0/0;Green 1@Thornfield 2/0/0/0/0;Red 1@Fenmoor 3/0/0/0/0" },
  { "Red 10/3/3/7/2;Blue 5/2/4/3/2;Green 9/2/3/6/2",
    "Bluecrest Blue/village/-/0;Greenmoor Green/village/-/0;Ironpeak Blue/-/-/0;Oakvale Red/hamlet/-/0;Redhold Red/village/-/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/0;Willowmere Green/hamlet/-/0",
    "Blue 1@Ironpeak 2/0/0/0/0;Blue 2@Stonecross 0/0/1/0/0;Green 1@Thornfield 2/0/0/0/0;Red 1@Fenmoor 3/0/0/0/0" },
  { "Red 11/4/3/7/2;Blue 5/2/4/3/2;Green 10/2/3/7/2",
    "Bluecrest Blue/village/-/0;Greenmoor Green/village/-/0;Highmarch Blue/-/-/0;Ironpeak Blue/-/-/0;Oakvale Red/hamlet/-/0;Redhold Red/village/-/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/0;Willowmere Green/hamlet/-/0",
    "Blue 1@Highmarch 2/0/0/0/0;Blue 2@Stonecross 0/0/1/0/0;Green 1@Thornfield 2/0/0/0/0;Red 1@Fenmoor 3/0/0/0/0" },
  { "Red 12/5/3/7/2;Blue 3/2/4/2/2;Green 9/1/3/6/2",
    "Bluecrest Blue/village/-/0;Greenmoor Green/village/-/0;Highmarch Blue/-/-/0;Ironpeak Blue/-/-/0;Oakvale Red/hamlet/-/0;Redhold Red/village/-/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/1;Willowmere Green/hamlet/-/0",
    "Blue 2@Stonecross 1/0/1/0/0;Green 1@Willowmere 2/0/0/0/0;Red 1@Highmarch 2/0/0/0/0" },
  { "Red 8/14/9/4/6;Blue 8/11/11/7/3;Green 12/5/8/10/6",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/village/-/0;Redhold Red/village/-/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 2@Oakvale 1/0/1/0/0;Blue 3@Stonecross 0/1/0/0/0;Green 1@Ashford 2/0/0/0/0;Green 2@Thornfield 1/0/0/1/0;Red 1@Highmarch 2/0/0/0/0;Red 2@Fenmoor 0/0/0/0/2;Red 3@Redhold 2/0/1/0/0" },
  { "Red 5/16/4/4/6;Blue 5/11/11/4/4;Green 10/1/8/9/4",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Highmarch Red/-/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/village/-/0;Redhold Red/village/stone/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 4@Bluecrest 2/0/0/0/0;Green 1@Fenmoor 2/0/0/0/0;Green 2@Thornfield 1/0/0/1/0;Green 3@South Wave 1/0/0/0/0;Red 1@Highmarch 1/0/0/0/0;Red 2@Fenmoor 0/0/0/0/2;Red 3@Oakvale 1/0/0/0/0" },
  { "Red 6/16/1/3/5;Blue 6/11/11/4/5;Green 12/1/8/11/4",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Highmarch Red/-/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/town/-/0;Redhold Red/village/stone/0;Stonecross Blue/-/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 4@Ironpeak 1/0/0/0/0;Green 1@Fenmoor 2/0/0/0/0;Green 2@Thornfield 1/0/0/1/0;Green 3@Thornfield 1/0/0/0/0;Red 1@Highmarch 0/1/0/0/0;Red 2@Highmarch 0/0/0/0/2" },
  { "Red 7/19/1/2/5;Blue 6/7/10/4/6;Green 14/1/8/13/4",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Highmarch Red/-/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/town/-/0;Redhold Red/village/stone/0;Stonecross Blue/hamlet/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 4@Ironpeak 1/0/0/0/0;Green 1@Willowmere 2/0/0/0/0;Green 2@Thornfield 2/0/0/1/0;Red 1@Highmarch 0/1/0/0/0;Red 2@Highmarch 0/0/0/0/2;Red 4@Ashford 1/0/0/0/0" },
  { "Red 10/22/1/2/5;Blue 8/7/11/4/7;Green 11/1/8/12/4",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Highmarch Red/-/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/town/-/0;Redhold Red/village/stone/0;Stonecross Blue/hamlet/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 4@Ironpeak 1/0/0/0/0;Green 1@Willowmere 2/0/0/0/0;Green 2@Thornfield 2/0/0/1/0;Green 4@Greenmoor 0/0/0/0/1;Red 1@Highmarch 0/1/0/0/0;Red 2@Highmarch 0/0/0/0/2;Red 4@Ashford 1/0/0/0/0" },
  { "Red 15/25/1/2/5;Blue 10/7/12/4/8;Green 13/1/8/14/4",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Highmarch Red/-/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/town/-/0;Redhold Red/village/stone/0;Stonecross Blue/hamlet/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 4@Ironpeak 1/0/0/0/0;Green 1@Willowmere 2/0/0/0/0;Green 2@Thornfield 2/0/0/1/0;Green 4@Greenmoor 0/0/0/0/1;Red 1@Highmarch 0/1/0/0/0;Red 2@Highmarch 0/0/0/0/2;Red 4@Ashford 1/0/0/0/0" },
  { "Red 18/28/1/2/5;Blue 12/7/13/4/9;Green 15/1/8/16/4",
    "Ashford Green/-/-/0;Bluecrest Blue/village/wood/0;Fenmoor Red/-/-/0;Greenmoor Green/village/-/0;Highmarch Red/-/-/0;Ironpeak Blue/hamlet/-/0;Oakvale Red/town/-/0;Redhold Red/village/stone/0;Stonecross Blue/hamlet/-/1;Thornfield Green/-/-/1;Willowmere Green/village/-/0",
    "Blue 4@Ironpeak 1/0/0/0/0;Green 1@Willowmere 2/0/0/0/0;Green 2@Thornfield 2/0/0/1/0;Green 4@Greenmoor 0/0/0/0/1;Red 1@Highmarch 0/1/0/0/0;Red 2@Highmarch 0/0/0/0/2;Red 4@Ashford 1/0/0/0/0" },
};
static const char *unit_keys[] = { "infantry", "heavy_infantry", "archer", "catapult", "cavalry" };

static json_object *
state_of (const char *file, gboolean pending)
{
  g_autoptr(CliResult) r = pending ? cli_run (NULL, NULL, "state", file, "--compact", "--pending", NULL)
                                   : cli_run (NULL, NULL, "state", file, "--compact", NULL);
  json_object *o;

  g_assert_cmpint (r->status, ==, 0);
  o = json_tokener_parse (r->out);
  g_assert_nonnull (o);
  return o;
}

static const char *
str_or_dash (json_object *o, const char *key)
{
  json_object *v = json_object_object_get (o, key);
  return v ? json_object_get_string (v) : "-";
}

static gint
by_string (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

static char *
joined (GPtrArray *rows)
{
  g_ptr_array_sort (rows, by_string);
  g_ptr_array_add (rows, NULL);
  return g_strjoinv (";", (char **) rows->pdata);
}

/* The state's count in the table's format (see `expected`). */
static void
count_state (json_object *st, Count *out)
{
  json_object *ls = json_object_object_get (st, "leaders");
  json_object *lands = json_object_object_get (json_object_object_get (st, "map"), "lands");
  json_object *armies = json_object_object_get (st, "armies");
  g_autoptr(GString) purses = g_string_new (NULL);
  g_autoptr(GPtrArray) l_rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) a_rows = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < json_object_array_length (ls); i++)
    {
      json_object *l = json_object_array_get_idx (ls, i);
      g_string_append_printf (purses, "%s%s %d/%d/%d/%d/%d", i ? ";" : "", str_or_dash (l, "name"),
                              json_object_get_int (json_object_object_get (l, "gp")),
                              json_object_get_int (json_object_object_get (l, "wood")),
                              json_object_get_int (json_object_object_get (l, "stone")),
                              json_object_get_int (json_object_object_get (l, "food")),
                              json_object_get_int (json_object_object_get (l, "iron")));
    }
  for (guint i = 0; i < json_object_array_length (lands); i++)
    {
      json_object *l = json_object_array_get_idx (lands, i);
      gboolean camp = json_object_get_boolean (json_object_object_get (l, "camp"));
      if (json_object_object_get (l, "owner") || json_object_object_get (l, "city") || camp)
        g_ptr_array_add (l_rows, g_strdup_printf ("%s %s/%s/%s/%d", str_or_dash (l, "name"), str_or_dash (l, "owner"),
                                                  str_or_dash (l, "city"), str_or_dash (l, "wall"), camp));
    }
  for (guint i = 0; i < json_object_array_length (armies); i++)
    {
      json_object *a = json_object_array_get_idx (armies, i), *u = json_object_object_get (a, "units");
      g_ptr_array_add (a_rows, g_strdup_printf ("%s@%s %d/%d/%d/%d/%d", str_or_dash (a, "id"), str_or_dash (a, "land"),
                                                json_object_get_int (json_object_object_get (u, unit_keys[0])),
                                                json_object_get_int (json_object_object_get (u, unit_keys[1])),
                                                json_object_get_int (json_object_object_get (u, unit_keys[2])),
                                                json_object_get_int (json_object_object_get (u, unit_keys[3])),
                                                json_object_get_int (json_object_object_get (u, unit_keys[4]))));
    }
  out->purses = g_string_free (g_steal_pointer (&purses), FALSE);
  out->lands = joined (l_rows);
  out->armies = joined (a_rows);
}

/* The same count read from the campaign file's leader, land and army tables with SQLite. */
static void
count_tables (const char *file, Count *out)
{
  static const char * const sql[] = {
    "SELECT name || ' ' || gp || '/' || wood || '/' || stone || '/' || food || '/' || iron FROM leader",
    "SELECT name || ' ' || coalesce (owner, '-') || '/' || coalesce (city, '-') || '/' || coalesce (wall, '-') || '/' || camp "
    "FROM land WHERE owner IS NOT NULL OR city IS NOT NULL OR camp",
    "SELECT id || '@' || land || ' ' || infantry || '/' || heavy_infantry || '/' || archer || '/' || catapult || '/' || cavalry FROM army" };
  char **slots[] = { (char **) &out->purses, (char **) &out->lands, (char **) &out->armies };
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (file, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  for (guint k = 0; k < G_N_ELEMENTS (sql); k++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
      sqlite3_stmt *q = NULL;
      g_assert_cmpint (sqlite3_prepare_v2 (db, sql[k], -1, &q, NULL), ==, SQLITE_OK);
      while (sqlite3_step (q) == SQLITE_ROW)
        g_ptr_array_add (rows, g_strdup ((const char *) sqlite3_column_text (q, 0)));
      sqlite3_finalize (q);
      *slots[k] = joined (rows);
    }
  sqlite3_close (db);
}

static void
count_clear (Count *c)
{
  g_free ((char *) c->purses);
  g_free ((char *) c->lands);
  g_free ((char *) c->armies);
}

/* The leader table is sorted by name by count_tables; the expected purses are in seat order. */
static char *
sorted_purses (const char *purses)
{
  g_auto(GStrv) parts = g_strsplit (purses, ";", -1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  for (char **p = parts; *p; p++)
    g_ptr_array_add (rows, g_strdup (*p));
  return joined (rows);
}

static void
assert_count (const char *file, guint turn)
{
  g_autoptr(TestJson) st = state_of (file, FALSE);
  Count got = { 0 }, table = { 0 };
  g_autofree char *want_sorted = sorted_purses (expected[turn].purses);

  count_state (st, &got);
  g_test_message ("turn %u: %s | %s | %s", turn + 1, got.purses, got.lands, got.armies);
  g_assert_cmpstr (got.purses, ==, expected[turn].purses);
  g_assert_cmpstr (got.lands, ==, expected[turn].lands);
  g_assert_cmpstr (got.armies, ==, expected[turn].armies);
  count_tables (file, &table);
  g_assert_cmpstr (table.purses, ==, want_sorted);
  g_assert_cmpstr (table.lands, ==, expected[turn].lands);
  g_assert_cmpstr (table.armies, ==, expected[turn].armies);
  count_clear (&got);
  count_clear (&table);
}

/* Runs `lines` through act; every result must be ok. */
static void
act_ok (const char *file, const char *lines)
{
  g_autoptr(CliResult) r = cli_run (NULL, lines, "act", file, NULL);
  g_auto(GStrv) results = g_strsplit (r->out, "\n", -1);

  g_assert_cmpint (r->status, ==, 0);
  for (char **l = results; *l && **l; l++)
    {
      g_autoptr(TestJson) o = json_tokener_parse (*l);
      g_assert_nonnull (o);
      if (!json_object_get_boolean (json_object_object_get (o, "ok")))
        g_error ("refused: %s", *l);
    }
  g_assert_cmpuint (count_lines (r->out), ==, count_lines (lines));
}

static void
test_campaign (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *file = g_build_filename (dir, "year.db", NULL);
  g_autofree char *sample_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples",
                                                   "mecaknights-sample.jsonl", NULL);
  g_autofree char *sample = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) chunk = g_string_new (NULL);
  guint turn = 0;

  g_assert_true (g_file_get_contents (sample_path, &sample, NULL, NULL));
  {
    g_autoptr(CliResult) r = cli_run (NULL, NULL, "new", file, "--game", "mecaknights", "--name", "A year",
                                      "--player", "Red", "--player", "Blue", "--player", "Green", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }
  /* One act process per turn (it ends at Green's end_turn), the count read back by a new
   * process and from the tables each time. */
  lines = g_strsplit (sample, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      if (**l == '\0')
        continue;
      g_string_append_printf (chunk, "%s\n", *l);
      if (strstr (*l, "\"end_turn\",\"player\":\"Green\"") != NULL)
        {
          g_assert_cmpuint (turn, <, G_N_ELEMENTS (expected));
          act_ok (file, chunk->str);
          g_string_truncate (chunk, 0);
          assert_count (file, turn);
          turn++;
        }
    }
  g_assert_cmpuint (chunk->len, ==, 0);
  g_assert_cmpuint (turn, ==, 12);

  /* A year later: turn 13 is winter again (1 army move), Red collects first. */
  {
    g_autoptr(TestJson) st = state_of (file, FALSE);
    g_assert_cmpint (json_object_get_int (json_object_object_get (st, "turn")), ==, 13);
    g_assert_cmpint (json_object_get_int (json_object_object_get (st, "year")), ==, 2);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (st, "season")), ==, "winter");
    g_assert_cmpint (json_object_get_int (json_object_object_get (st, "moves_allowed")), ==, 1);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (st, "current")), ==, "Red");
  }

  /* Reopened by new processes: the same count, the same state, and a full replay agrees. */
  {
    g_autoptr(TestJson) a = state_of (file, FALSE);
    g_autoptr(TestJson) b = state_of (file, FALSE);
    g_autoptr(CliResult) check = cli_run (NULL, NULL, "check", file, NULL);
    assert_count (file, 11);
    g_assert_cmpstr (json_object_to_json_string (a), ==, json_object_to_json_string (b));
    g_assert_cmpint (check->status, ==, 0);
  }

  /* Bad input: refused with a reason, nothing changed. */
  {
    g_autoptr(TestJson) before = state_of (file, FALSE);
    g_autoptr(TestJson) after = NULL;
    g_autoptr(CliResult) r = cli_run (NULL,
        "{\"type\":\"collect\",\"player\":\n"
        "{\"type\":\"build\",\"player\":\"Red\",\"land\":\"Oakvale\",\"what\":\"camp\"}\n"
        "{\"type\":\"collect\",\"player\":\"Blue\"}\n"
        "{\"type\":\"teleport\",\"player\":\"Red\"}\n",
        "act", file, NULL);
    g_auto(GStrv) results = g_strsplit (r->out, "\n", -1);
    g_assert_cmpint (r->status, ==, 0);
    g_assert_nonnull (strstr (results[0], "\"code\":\"bad_json\""));
    g_assert_nonnull (strstr (results[1], "Red collects taxes and resources first."));
    g_assert_nonnull (strstr (results[2], "It is Red's turn, not Blue's."));
    g_assert_nonnull (strstr (results[3], "\"code\":\"bad_action\""));
    after = state_of (file, FALSE);
    g_assert_cmpstr (json_object_to_json_string (before), ==, json_object_to_json_string (after));
  }

  /* pending names whose phase it is. */
  {
    g_autoptr(TestJson) p = state_of (file, TRUE);
    json_object *w = json_object_array_get_idx (json_object_object_get (p, "waiting"), 0);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "seat")), ==, "Red");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (p, "phase")), ==, "collect");
  }
  test_remove_dir (dir);
}

/* Issue 12: a house ruleset whose map.rivers[1] is -1 gets one line naming the field (a
 * GLib-CRITICAL made it two), exit status 1, and no campaign file. */
static void
test_bad_ruleset (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *file = g_build_filename (dir, "bad.db", NULL);
  g_autofree char *rs_path = g_build_filename (dir, "house.json", NULL);
  g_autofree char *shipped = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "mecaknights.json", NULL);
  g_autoptr(TestJson) rs = json_object_from_file (shipped);
  g_autoptr(CliResult) r = NULL;

  g_autofree char *map_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "mecaknights-map.json", NULL);

  json_object_object_add (rs, "map", json_object_from_file (map_path));
  json_object_array_put_idx (json_object_object_get (json_object_object_get (rs, "map"), "rivers"), 1,
                             json_object_new_int (-1));
  g_assert_cmpint (json_object_to_file (rs_path, rs), ==, 0);
  r = cli_run (NULL, NULL, "new", file, "--game", "mecaknights", "--name", "House", "--player", "Red",
               "--player", "Blue", "--ruleset", rs_path, NULL);
  g_assert_cmpint (r->status, ==, 1);
  g_assert_cmpuint (count_lines (r->err), ==, 1);
  g_assert_nonnull (strstr (r->err, "$.map.rivers[1]: expected an object, got -1"));
  g_assert_null (strstr (r->err, "CRITICAL"));
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  test_remove_dir (dir);
}

/* A new campaign starts from an empty map; the GM imports a map file as it is (many lines,
 * the sample's layout) with act --member, and the map's three capitals go to the leaders. */
static void
test_import_map_file (void)
{
  g_autofree char *dir = test_make_dir ();
  g_autofree char *file = g_build_filename (dir, "k.db", NULL);
  g_autofree char *map_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "mecaknights-map.json", NULL);
  g_autofree char *member = g_strdup_printf ("map=%s", map_path);

  {
    g_autoptr(CliResult) r = cli_run (NULL, NULL, "new", file, "--game", "mecaknights", "--name", "Kingdoms",
                                      "--player", "Red", "--player", "Blue", "--player", "Green", NULL);
    g_assert_cmpint (r->status, ==, 0);
  }
  {
    g_autoptr(TestJson) st = state_of (file, FALSE);
    g_assert_cmpuint (json_object_array_length (json_object_object_get (json_object_object_get (st, "map"), "lands")), ==, 0);
  }
  {
    g_autoptr(CliResult) r = cli_run (NULL, "{\"type\":\"import_map\"}\n{\"type\":\"start\"}\n", "act", file,
                                      "--member", member, NULL);
    g_assert_cmpint (r->status, ==, 0);
    g_assert_nonnull (strstr (r->out, "\"summary\":\"The GM imports a map of 12 lands.\""));
  }
  {
    /* start takes no member: refused as an unknown field, and nothing changes. */
    g_autoptr(TestJson) st = state_of (file, FALSE);
    g_assert_false (json_object_get_boolean (json_object_object_get (st, "started")));
  }
  {
    g_autoptr(CliResult) r = cli_run (NULL, "{\"type\":\"start\"}\n", "act", file, NULL);
    g_autoptr(TestJson) st = state_of (file, FALSE);
    g_assert_nonnull (strstr (r->out, "Red in Redhold, Blue in Bluecrest, Green in Greenmoor"));
    g_assert_true (json_object_get_boolean (json_object_object_get (st, "started")));
  }
  {
    g_autoptr(CliResult) r = cli_run (NULL, "", "act", file, "--member", "map", NULL);
    g_assert_cmpint (r->status, ==, 2);
  }
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mk-cli/year", test_campaign);
  g_test_add_func ("/mk-cli/bad-ruleset", test_bad_ruleset);
  g_test_add_func ("/mk-cli/import-map-file", test_import_map_file);
  return g_test_run ();
}

/* test-mk-cli.c — a MecaKnights campaign played through melee-gm-cli, each leader's treasury checked by hand after every turn. */
#include <string.h>
#include <stdlib.h>
#include <sqlite3.h>

#include "cli-test-util.h"

/* Hand counts after each turn of data/samples/mecaknights-sample.jsonl, as gp/wood/stone/food/iron.
 * Everyone starts (ruleset "start") with 10/6/4/6/2; capitals yield nothing.
 *  Turn 1  Red: infantry (-2 GP -1 food), model bonus (+2 GP).           Blue, Green: nothing spent.
 *  Turn 2  Red: hamlet on Oakvale (-1 GP -4 wood -1 stone), plunders Fenmoor (+2 food).
 *          Blue: camp on Stonecross (-2 GP -1 wood -2 food).
 *  Turn 3  Red: collects Oakvale hamlet (+1 GP +1 wood).  Blue: archer (-3 GP -3 wood -1 food).
 *          Green: hamlet on Willowmere (-1 GP -4 wood -1 stone).
 *  Turn 4  Red: +1 GP +1 wood.  Green: collects Willowmere hamlet (+1 GP +1 food).
 *  Turn 5  Red: +1 GP +1 wood, wins the battle on Highmarch (Blue 1 removed). */
static const char *expected[][3] = {
  { "10/6/4/5/2", "10/6/4/6/2", "10/6/4/6/2" },
  { "9/2/3/7/2", "8/5/4/4/2", "10/6/4/6/2" },
  { "10/3/3/7/2", "5/2/4/3/2", "9/2/3/6/2" },
  { "11/4/3/7/2", "5/2/4/3/2", "10/2/3/7/2" },
  { "12/5/3/7/2", NULL, NULL },
};
static const char *leaders[] = { "Red", "Blue", "Green" };

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

static char *
purse (json_object *state, const char *leader)
{
  json_object *ls = json_object_object_get (state, "leaders");
  for (guint i = 0; i < json_object_array_length (ls); i++)
    {
      json_object *l = json_object_array_get_idx (ls, i);
      if (strcmp (json_object_get_string (json_object_object_get (l, "name")), leader) == 0)
        return g_strdup_printf ("%d/%d/%d/%d/%d", json_object_get_int (json_object_object_get (l, "gp")),
                                json_object_get_int (json_object_object_get (l, "wood")),
                                json_object_get_int (json_object_object_get (l, "stone")),
                                json_object_get_int (json_object_object_get (l, "food")),
                                json_object_get_int (json_object_object_get (l, "iron")));
    }
  g_assert_not_reached ();
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
  /* One act process per turn (it ends at Green's end_turn), the treasuries read back by a new
   * process each time. */
  lines = g_strsplit (sample, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      if (**l == '\0')
        continue;
      g_string_append_printf (chunk, "%s\n", *l);
      if (strstr (*l, "\"end_turn\",\"player\":\"Green\"") != NULL || l[1] == NULL || *l[1] == '\0')
        {
          g_autoptr(TestJson) st = NULL;
          act_ok (file, chunk->str);
          g_string_truncate (chunk, 0);
          st = state_of (file, FALSE);
          for (guint p = 0; p < 3; p++)
            {
              const char *want = expected[turn][p];
              g_autofree char *got = purse (st, leaders[p]);
              if (want == NULL)
                continue;
              g_test_message ("turn %u %s: %s", turn + 1, leaders[p], got);
              g_assert_cmpstr (got, ==, want);
            }
          turn++;
        }
    }
  g_assert_cmpuint (turn, ==, G_N_ELEMENTS (expected));

  /* The end of the sample: Red won on Highmarch, Blue 1 is gone, Red 1 lost one of 3 infantry. */
  {
    g_autoptr(TestJson) st = state_of (file, FALSE);
    json_object *armies = json_object_object_get (st, "armies");
    gboolean blue1 = FALSE;
    for (guint i = 0; i < json_object_array_length (armies); i++)
      {
        json_object *a = json_object_array_get_idx (armies, i);
        const char *id = json_object_get_string (json_object_object_get (a, "id"));
        blue1 |= strcmp (id, "Blue 1") == 0;
        if (strcmp (id, "Red 1") == 0)
          {
            g_assert_cmpstr (json_object_get_string (json_object_object_get (a, "land")), ==, "Highmarch");
            g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_object_get (a, "units"), "infantry")), ==, 2);
          }
      }
    g_assert_false (blue1);
    g_assert_cmpint (json_object_get_int (json_object_object_get (st, "turn")), ==, 5);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (st, "current")), ==, "Blue");
  }

  /* The campaign file's tracking table answers sqlite3 (schema/0002-entities.sql). */
  {
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    g_autoptr(GString) rows = g_string_new (NULL);
    g_assert_cmpint (sqlite3_open_v2 (file, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT name, gp, wood, stone, food, iron FROM leader ORDER BY name",
                                         -1, &q, NULL), ==, SQLITE_OK);
    while (sqlite3_step (q) == SQLITE_ROW)
      g_string_append_printf (rows, "%s %d/%d/%d/%d/%d;", sqlite3_column_text (q, 0), sqlite3_column_int (q, 1),
                              sqlite3_column_int (q, 2), sqlite3_column_int (q, 3), sqlite3_column_int (q, 4),
                              sqlite3_column_int (q, 5));
    sqlite3_finalize (q);
    g_assert_cmpstr (rows->str, ==, "Blue 5/2/4/3/2;Green 10/2/3/7/2;Red 12/5/3/7/2;");
    g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT land, infantry FROM army WHERE id = 'Red 1'", -1, &q, NULL), ==,
                     SQLITE_OK);
    g_assert_cmpint (sqlite3_step (q), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (q, 0), ==, "Highmarch");
    g_assert_cmpint (sqlite3_column_int (q, 1), ==, 2);
    sqlite3_finalize (q);
    sqlite3_close (db);
  }

  /* Reopened by new processes: the same state, and a full replay agrees. */
  {
    g_autoptr(TestJson) a = state_of (file, FALSE);
    g_autoptr(TestJson) b = state_of (file, FALSE);
    g_autoptr(CliResult) check = cli_run (NULL, NULL, "check", file, NULL);
    g_assert_cmpstr (json_object_to_json_string (a), ==, json_object_to_json_string (b));
    g_assert_cmpint (check->status, ==, 0);
  }

  /* Bad input: refused with a reason, nothing changed. */
  {
    g_autoptr(TestJson) before = state_of (file, FALSE);
    g_autoptr(TestJson) after = NULL;
    g_autoptr(CliResult) r = cli_run (NULL,
        "{\"type\":\"collect\",\"player\":\n"
        "{\"type\":\"build\",\"player\":\"Blue\",\"land\":\"Stonecross\",\"what\":\"camp\"}\n"
        "{\"type\":\"collect\",\"player\":\"Red\"}\n"
        "{\"type\":\"teleport\",\"player\":\"Blue\"}\n",
        "act", file, NULL);
    g_auto(GStrv) results = g_strsplit (r->out, "\n", -1);
    g_assert_cmpint (r->status, ==, 0);
    g_assert_nonnull (strstr (results[0], "\"code\":\"bad_json\""));
    g_assert_nonnull (strstr (results[1], "Blue collects taxes and resources first."));
    g_assert_nonnull (strstr (results[2], "It is Blue's turn, not Red's."));
    g_assert_nonnull (strstr (results[3], "\"code\":\"bad_action\""));
    after = state_of (file, FALSE);
    g_assert_cmpstr (json_object_to_json_string (before), ==, json_object_to_json_string (after));
  }

  /* pending names whose phase it is. */
  {
    g_autoptr(TestJson) p = state_of (file, TRUE);
    json_object *w = json_object_array_get_idx (json_object_object_get (p, "waiting"), 0);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (w, "seat")), ==, "Blue");
    g_assert_cmpstr (json_object_get_string (json_object_object_get (p, "phase")), ==, "collect");
  }
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/mk-cli/campaign", test_campaign);
  return g_test_run ();
}

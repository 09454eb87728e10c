/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables.c — the entity tables a referee browses with sqlite3 are written row by row (only
 * the rows that changed), and must hold exactly what rewriting them whole would: checked after
 * every step of each shipped sample and of random play (actions, undo, redo, reopen, a second
 * writer) for every game whose engine has tables. */
#include "mg-campaign.h"
#include "mg-data.h"
#include "mg-game.h"
#include "mg-core-test-util.h"

#include <string.h>

/* ---- the oracle: the tables rewritten whole, in memory, by plain SQLite -------------------- */

static void
bind_value (sqlite3_stmt *stmt, int i, json_object *value)
{
  switch (json_object_get_type (value))
    {
    case json_type_null:    sqlite3_bind_null (stmt, i); break;
    case json_type_boolean: sqlite3_bind_int (stmt, i, json_object_get_boolean (value)); break;
    case json_type_int:     sqlite3_bind_int64 (stmt, i, json_object_get_int64 (value)); break;
    case json_type_double:  sqlite3_bind_double (stmt, i, json_object_get_double (value)); break;
    case json_type_string:  sqlite3_bind_text (stmt, i, json_object_get_string (value), -1, SQLITE_TRANSIENT); break;
    default:
      sqlite3_bind_text (stmt, i, json_object_to_json_string_ext (value, JSON_C_TO_STRING_PLAIN |
                                                                  JSON_C_TO_STRING_NOSLASHESCAPE),
                         -1, SQLITE_TRANSIENT);
    }
}

/* A database with the game's tables as its migrations make them, filled from the engine's
 * `tables` of state: each table emptied, then every row inserted in the engine's order. */
static sqlite3 *
oracle (const MgGame *game, const MgState *state)
{
  g_autoptr(MgRows) rows = mg_rows_new ();
  json_object *tables;
  sqlite3 *db = NULL;

  state->rules->tables (state, rows);
  g_assert_null (mg_rows_broken (rows));
  tables = mg_rows_to_json (rows);

  g_assert_cmpint (sqlite3_open (":memory:", &db), ==, SQLITE_OK);
  for (guint m = 0; game->table_migrations[m]; m++)
    {
      g_autoptr(GBytes) sql = mg_data_lookup (game->table_migrations[m], NULL);
      g_autofree char *text = g_strndup (g_bytes_get_data (sql, NULL), g_bytes_get_size (sql));

      g_assert_cmpint (sqlite3_exec (db, text, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  for (guint t = 0; game->table_names[t]; t++)
    {
      json_object *rows = NULL;

      if (!json_object_object_get_ex (tables, game->table_names[t], &rows))
        continue;
      for (size_t r = 0; r < json_object_array_length (rows); r++)
        {
          json_object *row = json_object_array_get_idx (rows, r);
          g_autoptr(GString) sql = g_string_new (NULL);
          g_autoptr(GString) params = g_string_new (NULL);
          sqlite3_stmt *stmt;
          int n = 0;

          g_string_printf (sql, "INSERT INTO %s (", game->table_names[t]);
          json_object_object_foreach (row, key, value)
            {
              (void) value;
              g_string_append_printf (sql, "%s%s", n ? ", " : "", key);
              g_string_append_printf (params, "%s?", n++ ? ", " : "");
            }
          g_string_append_printf (sql, ") VALUES (%s)", params->str);
          g_assert_cmpint (sqlite3_prepare_v2 (db, sql->str, -1, &stmt, NULL), ==, SQLITE_OK);
          n = 0;
          json_object_object_foreach (row, key2, value2)
            {
              (void) key2;
              bind_value (stmt, ++n, value2);
            }
          g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
          sqlite3_finalize (stmt);
        }
    }
  json_object_put (tables);
  return db;
}

/* Every row of a table with its rowid, each value quoted with its type (1 and '1' differ). */
static char *
dump (sqlite3 *db, const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT rowid, * FROM %s ORDER BY rowid", table);
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        g_string_append_printf (out, "%s%d:%s", c ? "|" : "", sqlite3_column_type (stmt, c),
                                sqlite3_column_type (stmt, c) == SQLITE_NULL ? "NULL"
                                : (const char *) sqlite3_column_text (stmt, c));
      g_string_append_c (out, '\n');
    }
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

/* The file's entity tables equal the whole rewrite of `c`'s state, rowids included. */
static void
assert_tables (const char *path, MgCampaign *c, const char *step)
{
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (c));
  sqlite3 *want = oracle (game, mg_campaign_get_state (c));
  sqlite3 *got = mg_test_sqlite_open (path);

  for (guint t = 0; game->table_names[t]; t++)
    {
      g_autofree char *a = dump (got, game->table_names[t]);
      g_autofree char *b = dump (want, game->table_names[t]);

      if (g_strcmp0 (a, b) != 0)
        g_error ("%s, table %s after %s:\nfile:\n%s\nwhole rewrite:\n%s", game->rules->id,
                 game->table_names[t], step, a, b);
    }
  sqlite3_close (got);
  sqlite3_close (want);
}

/* ---- playing ------------------------------------------------------------------------------ */

static gboolean
act_text (MgCampaign *c, const char *text)
{
  json_object *action = json_tokener_parse (text);
  g_autoptr(GError) error = NULL;
  MgJournalEntry *e;

  g_assert_nonnull (action);
  e = mg_campaign_act (c, action, &error);
  json_object_put (action);
  /* A refusal (an illegal random pick) writes nothing; any other failure is the store's. */
  if (e == NULL)
    g_assert_true (error->domain == MG_RULES_ERROR || error->domain == MG_DICE_ERROR);
  mg_journal_entry_free (e);
  return e != NULL;
}

/* One of the actions the engine lists as legal now, picked with rand; FALSE if none is. */
static gboolean
act_random (MgCampaign *c, GRand *rand)
{
  json_object *legal = mg_state_legal_actions (mg_campaign_get_state (c), MG_SEAT_ALL);
  size_t n = legal ? json_object_array_length (legal) : 0;
  gboolean done = FALSE;

  for (guint tries = 0; tries < 4 && n > 0 && !done; tries++)
    done = act_text (c, json_object_to_json_string (json_object_array_get_idx (legal,
                                                    g_rand_int_range (rand, 0, (gint32) n))));
  json_object_put (legal);
  return done;
}

static MgCampaign *
reopen (MgCampaign *c, const char *path)
{
  g_autoptr(GError) error = NULL;

  g_object_unref (c);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  return c;
}

static void
play (gconstpointer data)
{
  const char *game_id = data;
  const MgGame *game = mg_game_lookup (game_id);
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) script = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  g_auto(GStrv) lines = NULL;
  MgCampaign *c;
  guint acted = 0, undone = 0, redone = 0, others = 0;

  g_assert_nonnull (game);
  g_assert_nonnull (game->rules->tables);
  c = mg_campaign_create (path, game_id, "Tables", game->samples[0].players, NULL, 7, &error);
  g_assert_no_error (error);
  assert_tables (path, c, "create");

  /* The shipped sample: builds, armies, fights, as a referee plays them. */
  script = mg_data_lookup (game->samples[0].resource, &error);
  g_assert_no_error (error);
  lines = g_strsplit (g_bytes_get_data (script, NULL), "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (*g_strstrip (lines[i]) && act_text (c, lines[i]))
      {
        g_autofree char *step = g_strdup_printf ("sample line %u", i + 1);
        assert_tables (path, c, step);
      }

  /* Random play from there, with every path that writes the tables. */
  for (guint i = 0; i < 120; i++)
    {
      g_autofree char *step = NULL;
      guint done = 0, pick = g_rand_int_range (rand, 0, 100);

      if (pick < 65)
        {
          acted += act_random (c, rand);
          step = g_strdup_printf ("random step %u (act)", i);
        }
      else if (pick < 77)
        {
          g_assert_true (mg_campaign_undo (c, g_rand_int_range (rand, 1, 4), &done, &error) ||
                         error->code == MG_CAMPAIGN_ERROR_NOTHING);
          g_clear_error (&error);
          undone += done;
          step = g_strdup_printf ("random step %u (undo %u)", i, done);
        }
      else if (pick < 87)
        {
          g_assert_true (mg_campaign_redo (c, g_rand_int_range (rand, 1, 3), &done, &error) ||
                         error->code == MG_CAMPAIGN_ERROR_NOTHING);
          g_clear_error (&error);
          redone += done;
          step = g_strdup_printf ("random step %u (redo %u)", i, done);
        }
      else if (pick < 92)
        {
          c = reopen (c, path);
          step = g_strdup_printf ("random step %u (reopen)", i);
        }
      else
        {
          /* Another writer (the CLI beside the app) changes the tables behind c's back; c's
           * next write must not trust what it remembers. */
          MgCampaign *other = mg_campaign_open (path, &error);

          g_assert_no_error (error);
          if (act_random (other, rand))
            {
              others++;
              assert_tables (path, other, "another writer's action");
            }
          g_object_unref (other);
          acted += act_random (c, rand);
          step = g_strdup_printf ("random step %u (act after another writer)", i);
        }
      assert_tables (path, c, step);
    }
  g_test_message ("%s: %u random actions, %u undone, %u redone, %u by another writer",
                  game_id, acted, undone, redone, others);
  g_assert_cmpuint (acted, >, 10);
  g_assert_cmpuint (undone, >, 0);
  g_assert_cmpuint (redone, >, 0);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_object_unref (c);
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Each place the triggers saw written, with how often: "army:1 3\n…", in the order of places. */
static char *
touched_counts (sqlite3 *db)
{
  return mg_test_sql_text (db, "SELECT coalesce (group_concat (place || ' ' || n, char (10)), '') "
                               "FROM (SELECT place, n FROM touched ORDER BY place)");
}

/* The places written since touched_counts gave `before`, one a line, in the order of places. */
static char *
touched_since (sqlite3 *db, const char *before)
{
  g_autofree char *now = touched_counts (db);
  g_auto(GStrv) a = g_strsplit (before, "\n", -1);
  g_auto(GStrv) b = g_strsplit (now, "\n", -1);
  g_autoptr(GHashTable) old = g_hash_table_new (g_str_hash, g_str_equal);
  GString *out = g_string_new (NULL);

  for (guint i = 0; a[i]; i++)
    if (*a[i])
      g_hash_table_add (old, a[i]);
  for (guint i = 0; b[i]; i++)
    if (*b[i] && !g_hash_table_contains (old, b[i]))
      g_string_append_printf (out, "%.*s\n", (int) strcspn (b[i], " "), b[i]);
  return g_string_free (out, FALSE);
}

/* Places (rowids) whose row differs between two dumps of `table`, as "table:rowid", into `places`. */
static void
changed_places (const char *table, const char *before, const char *after, GPtrArray *places)
{
  g_auto(GStrv) a = g_strsplit (before, "\n", -1);
  g_auto(GStrv) b = g_strsplit (after, "\n", -1);
  guint na = g_strv_length (a) - 1, nb = g_strv_length (b) - 1;   /* each dump ends with \n */

  for (guint i = 0; i < MAX (na, nb); i++)
    if (i >= na || i >= nb || strcmp (a[i], b[i]) != 0)
      g_ptr_array_add (places, g_strdup_printf ("%s:%u", table, i + 1));
}

/* Only the rows that changed are written: MecaKnights' sample played on, and for each action
 * the places written (deleted, inserted or updated, seen by triggers in the file) are exactly
 * those whose row changed, where rewriting whole deleted and inserted every row; and rows whose
 * name stays are updated in place, which leaves the name's unique index alone. */
static void
test_only_changed_rows (void)
{
  const MgGame *game = mg_game_lookup ("mecaknights");
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) script = NULL;
  g_auto(GStrv) lines = NULL;
  gint64 rows = 0, whole = 0, diffed = 0, updated = 0;
  guint i, acted = 0;
  MgCampaign *c;
  sqlite3 *db;

  c = mg_campaign_create (path, "mecaknights", "Tables", game->samples[0].players, NULL, 7, &error);
  g_assert_no_error (error);
  script = mg_data_lookup (game->samples[0].resource, &error);
  g_assert_no_error (error);
  lines = g_strsplit (g_bytes_get_data (script, NULL), "\n", -1);
  for (i = 0; lines[i] && i < 30; i++)
    if (*g_strstrip (lines[i]))
      act_text (c, lines[i]);

  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "CREATE TABLE writes (n INTEGER NOT NULL, updates INTEGER NOT NULL);"
                        "INSERT INTO writes VALUES (0, 0);"
                        "CREATE TABLE touched (place TEXT PRIMARY KEY, n INTEGER NOT NULL)");
  for (guint t = 0; game->table_names[t]; t++)
    {
      g_autofree char *sql = g_strdup_printf (
          "CREATE TRIGGER count_ins_%1$s AFTER INSERT ON %1$s BEGIN UPDATE writes SET n = n + 1;"
          "  INSERT INTO touched VALUES ('%1$s:' || NEW.rowid, 1) ON CONFLICT DO UPDATE SET n = n + 1; END;"
          "CREATE TRIGGER count_del_%1$s AFTER DELETE ON %1$s BEGIN UPDATE writes SET n = n + 1;"
          "  INSERT INTO touched VALUES ('%1$s:' || OLD.rowid, 1) ON CONFLICT DO UPDATE SET n = n + 1; END;"
          "CREATE TRIGGER count_upd_%1$s AFTER UPDATE ON %1$s BEGIN"
          "  UPDATE writes SET n = n + 1, updates = updates + 1;"
          "  INSERT INTO touched VALUES ('%1$s:' || NEW.rowid, 1) ON CONFLICT DO UPDATE SET n = n + 1; END;",
          game->table_names[t]);
      g_autofree char *count = g_strdup_printf ("SELECT count (*) FROM %s", game->table_names[t]);

      mg_test_sql_exec (db, sql);
      rows += mg_test_sql_int (db, count);
    }
  g_assert_cmpint (rows, >, 10);

  for (; lines[i] && acted < 40; i++)
    {
      g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) places = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autofree char *seen = NULL;
      gint64 n0, u0;
      gboolean first = acted == 0;

      if (!*g_strstrip (lines[i]))
        continue;
      for (guint t = 0; game->table_names[t]; t++)
        g_ptr_array_add (before, dump (db, game->table_names[t]));
      n0 = mg_test_sql_int (db, "SELECT n FROM writes");
      u0 = mg_test_sql_int (db, "SELECT updates FROM writes");
      /* Read, not cleared: a write from this connection would be another writer's. */
      g_autofree char *touched0 = touched_counts (db);
      if (!act_text (c, lines[i]))
        continue;
      acted++;
      for (guint t = 0; game->table_names[t]; t++)
        {
          g_autofree char *after = dump (db, game->table_names[t]);
          changed_places (game->table_names[t], before->pdata[t], after, places);
        }
      g_ptr_array_sort (places, compare_strings);
      for (guint k = 0; k < places->len; k++)
        g_string_append_printf (expected, "%s\n", (char *) places->pdata[k]);
      seen = touched_since (db, touched0);   /* the places whose count went up */
      /* The first write after another connection (the triggers') rewrites whole. */
      if (first)
        whole = mg_test_sql_int (db, "SELECT n FROM writes") - n0;
      else
        {
          g_assert_cmpstr (seen, ==, expected->str);
          diffed += mg_test_sql_int (db, "SELECT n FROM writes") - n0;
          updated += mg_test_sql_int (db, "SELECT updates FROM writes") - u0;
        }
    }
  g_assert_cmpuint (acted, ==, 40);
  /* Leaders' purses and lands' resources change in place: most changes are updates. */
  g_test_message ("39 diffed writes: %" G_GINT64_FORMAT " rows written, %" G_GINT64_FORMAT " of them updated in place",
                  diffed, updated);
  g_assert_cmpint (updated, >, diffed / 2);
  g_assert_cmpint (whole, >=, 2 * rows);
  /* 39 actions wrote fewer rows than a handful of whole rewrites would have. */
  g_test_message ("a whole rewrite: %" G_GINT64_FORMAT " rows; 39 diffed writes: %" G_GINT64_FORMAT,
                  whole, diffed);
  g_assert_cmpint (diffed, <, 39 * whole / 4);
  sqlite3_close (db);
  assert_tables (path, c, "the sample's first 70 lines");
  g_object_unref (c);
}

int
main (int argc, char *argv[])
{
  guint n = 0;
  const MgGame **games;

  g_test_init (&argc, &argv, NULL);
  games = mg_games_all (&n);
  for (guint i = 0; i < n; i++)
    if (games[i]->rules->tables != NULL && games[i]->table_names != NULL && games[i]->n_samples > 0)
      {
        g_autofree char *name = g_strdup_printf ("/tables/%s", games[i]->rules->id);
        g_test_add_data_func (name, games[i]->rules->id, play);
      }
  g_test_add_func ("/tables/only-changed-rows", test_only_changed_rows);
  return g_test_run ();
}

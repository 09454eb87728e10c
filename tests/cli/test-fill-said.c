/* test-fill-said.c — `melee-gm-cli check --fill-said`: a file written before schema 9 gets each row's said by a replay, no hash changed. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each game's sample is played by the CLI (the said each row was given kept aside), then the
 * file is made one written before schema 9 (no journal.said, user_version 8). `check
 * --fill-said` must migrate it and give back exactly the said the play gave — none for an engine
 * that writes text only, every one for a converted engine — and say how many; no hash of either
 * chain changes, and `check` passes after. */
#include "config.h"

#include <glib.h>
#include <sqlite3.h>
#include <string.h>

#include "cli-test-util.h"

/* The first column of the first row, as text ("" for NULL). */
static char *
sql_text (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char *text;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  text = g_strdup (sqlite3_column_text (stmt, 0) != NULL ? (const char *) sqlite3_column_text (stmt, 0) : "");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return text;
}

static void
sql_exec (const char *path, const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

#define SAID_SQL "SELECT group_concat (seq || ':' || said, ';') FROM (SELECT * FROM journal WHERE said IS NOT NULL ORDER BY seq)"
#define HASH_SQL "SELECT group_concat (hex (hash) || hex (public_hash), ',') FROM (SELECT * FROM journal ORDER BY seq)"

static void
test_fill (gconstpointer data)
{
  const TestGame *g = data;
  g_autofree char *dir = test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "c.db", NULL);
  g_autofree char *sample = NULL, *played = NULL, *n_played = NULL, *hashes = NULL, *want = NULL;
  g_autofree char *filled = NULL, *hashes_after = NULL;
  g_autoptr(CliResult) fill = NULL;
  g_autoptr(CliResult) check = NULL;

  cli_play_sample (dir, g->game, g->players, "Sample", &sample);
  played = sql_text (path, SAID_SQL);
  n_played = sql_text (path, "SELECT count (*) FROM journal WHERE said IS NOT NULL");
  hashes = sql_text (path, HASH_SQL);
  g_test_message ("%s: %s rows said as messages when played", g->game, n_played);

  sql_exec (path, "ALTER TABLE journal DROP COLUMN said; ALTER TABLE campaign DROP COLUMN engine_revision; PRAGMA user_version = 8");
  fill = cli_run (dir, NULL, "check", "c.db", "--fill-said", NULL);
  g_assert_cmpint (fill->status, ==, 0);
  /* Its count, in words: "c.db: the sentences of 12 journal rows kept as messages". */
  want = g_strdup_printf ("c.db: the sentences of %s journal row%s kept as messages\n", n_played,
                          g_str_equal (n_played, "1") ? "" : "s");
  g_assert_nonnull (strstr (fill->out, "c.db: ok\n"));
  g_assert_nonnull (strstr (fill->out, want));
  {
    g_autofree char *version = sql_text (path, "PRAGMA user_version");
    g_assert_cmpstr (version, ==, "10");
  }
  filled = sql_text (path, SAID_SQL);
  g_assert_cmpstr (filled, ==, played);
  hashes_after = sql_text (path, HASH_SQL);
  g_assert_cmpstr (hashes_after, ==, hashes);
  check = cli_run (dir, NULL, "check", "c.db", NULL);
  g_assert_cmpint (check->status, ==, 0);
  g_assert_cmpstr (check->out, ==, "c.db: ok\n");
  test_remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli_set_language (NULL, NULL);
  for (guint i = 0; i < TEST_N_GAMES; i++)
    {
      g_autofree char *path = g_strdup_printf ("/fill-said/%s", cli_games[i].game);

      g_test_add_data_func (path, &cli_games[i], test_fill);
    }
  return g_test_run ();
}

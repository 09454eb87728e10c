/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-refusal.c — files that are not campaigns, or not for this version, are refused untouched. */
#include "mg-campaign.h"
#include "mg-store.h"
#include "mg-fake-engine.h"
#include "mg-core-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *players[] = { "Ann", "Bob", NULL };

/* A real campaign with `rows` actions, closed cleanly (WAL checkpointed into the file). */
static char *
make_campaign (const char *name, int rows)
{
  g_autoptr(GError) error = NULL;
  char *path = mg_test_tmpfile (name);
  json_object *ruleset = json_tokener_parse ("{\"sides\":6,\"per_turn\":3}");
  MgCampaign *c = mg_campaign_create (path, "fake", "Refusals", players, ruleset, 3, &error);

  g_assert_no_error (error);
  for (int i = 0; i < rows; i++)
    {
      /* Long-ish rows so the file spans many pages. */
      json_object *action = json_tokener_parse ("{\"type\":\"roll\",\"player\":\"Ann\",\"n\":10,"
                                                "\"note\":\"a note that makes every row a little longer\"}");
      MgJournalEntry *e = mg_campaign_act (c, action, &error);

      g_assert_no_error (error);
      mg_journal_entry_free (e);
      json_object_put (action);
    }
  g_object_unref (c);
  json_object_put (ruleset);
  return path;
}

static void
assert_no_side_files (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);

  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (shm, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* Opens path expecting a refusal with `code`; the file must be byte-for-byte as before and
 * no -wal, -shm or -journal may appear next to it.  Returns the message. */
static char *
assert_refused (const char *path, int code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = mg_test_checksum (path);
  g_autofree char *after = NULL;
  MgCampaign *c = mg_campaign_open (path, &error);

  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, code);
  g_assert_nonnull (error->message);
  g_assert_cmpstr (error->message, !=, "");
  after = mg_test_checksum (path);
  g_assert_cmpstr (before, ==, after);
  assert_no_side_files (path);
  g_test_message ("refused: %s", error->message);
  return g_strdup (error->message);
}

static void
write_file (const char *path, const void *data, gsize len)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
}

static void
test_missing (void)
{
  g_autofree char *path = mg_test_tmpfile ("nothing.mgc");
  g_autoptr(GError) error = NULL;

  g_assert_null (mg_campaign_open (path, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND);
  /* Opening never creates. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_no_side_files (path);
}

static void
test_empty (void)
{
  g_autofree char *path = mg_test_tmpfile ("empty.mgc");
  g_autofree char *msg = NULL;
  GStatBuf st;

  write_file (path, "", 0);
  msg = assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN);
  g_assert_nonnull (strstr (msg, "empty"));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 0);
}

static void
test_directory (void)
{
  g_autofree char *dir = mg_test_tmpdir ();
  g_autoptr(GError) error = NULL;

  g_assert_null (mg_campaign_open (dir, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN);
}

static void
test_random_bytes (void)
{
  g_autofree char *path = mg_test_tmpfile ("random.mgc");
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  guint8 data[8192];
  g_autofree char *msg = NULL;

  for (gsize i = 0; i < sizeof data; i++)
    data[i] = (guint8) g_rand_int_range (rand, 0, 256);
  write_file (path, data, sizeof data);
  msg = assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN);

  /* Random bytes behind a valid SQLite magic string: not a campaign either, and no crash. */
  memcpy (data, "SQLite format 3", 16);
  write_file (path, data, sizeof data);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN));

  /* A short text file. */
  write_file (path, "hello\n", 6);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN));
}

static void
test_unrelated_sqlite (void)
{
  g_autofree char *path = mg_test_tmpfile ("other.db");
  g_autofree char *msg = NULL;
  sqlite3 *db = mg_test_sqlite_open (path);

  mg_test_sql_exec (db, "CREATE TABLE recipe (name TEXT, minutes INTEGER);"
                        "INSERT INTO recipe VALUES ('soup', 30);");
  sqlite3_close (db);
  msg = assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN);
  g_assert_nonnull (strstr (msg, "SQLite"));

  /* The same in WAL mode (closed cleanly, so the WAL is gone): still refused untouched. */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "PRAGMA journal_mode = WAL; INSERT INTO recipe VALUES ('stew', 90);");
  sqlite3_close (db);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN));

  /* Even one with a table named like ours. */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "CREATE TABLE campaign (name TEXT); CREATE TABLE journal (seq INTEGER);");
  sqlite3_close (db);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN));
}

static void
test_our_id_no_tables (void)
{
  g_autofree char *path = mg_test_tmpfile ("half.mgc");
  g_autofree char *pragma = g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = 1;"
                                             "CREATE TABLE campaign (x);", MG_STORE_APPLICATION_ID);
  sqlite3 *db = mg_test_sqlite_open (path);

  mg_test_sql_exec (db, pragma);
  sqlite3_close (db);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_CORRUPT));
}

static void
test_too_new (void)
{
  g_autofree char *path = make_campaign ("new.mgc", 5);
  g_autofree char *msg = NULL;
  g_autofree char *want = NULL;
  sqlite3 *db = mg_test_sqlite_open (path);

  mg_test_sql_exec (db, "PRAGMA user_version = 99");
  sqlite3_close (db);
  assert_no_side_files (path);
  msg = assert_refused (path, MG_CAMPAIGN_ERROR_TOO_NEW);
  want = g_strdup_printf ("This campaign was written by a newer Melee GM (schema 99; this version "
                          "reads up to %d). Open it with a newer version.", MG_CAMPAIGN_SCHEMA_VERSION);
  g_assert_cmpstr (msg, ==, want);

  /* Refused again, still untouched: nothing was migrated or switched. */
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_TOO_NEW));
}

/* A newer file whose header change still sits in the WAL (the app that wrote it crashed):
 * the read-only connection sees it, and nothing in the main file changes. */
static void
test_too_new_in_wal (void)
{
  g_autofree char *path = make_campaign ("walnew.mgc", 2);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *copy = g_strconcat (path, "-copy", NULL);
  g_autofree char *wal_copy = g_strconcat (copy, "-wal", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *wal_data = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize len, wal_len;
  sqlite3 *db = mg_test_sqlite_open (path);
  MgCampaign *c;

  /* Keep the WAL: copy both files while the writer still holds them open. */
  mg_test_sql_exec (db, "PRAGMA wal_autocheckpoint = 0; PRAGMA user_version = 99;");
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_file_get_contents (wal, &wal_data, &wal_len, NULL));
  sqlite3_close (db);
  g_assert_cmpuint (wal_len, >, 0);
  write_file (copy, data, len);
  write_file (wal_copy, wal_data, wal_len);

  before = mg_test_checksum (copy);
  c = mg_campaign_open (copy, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "schema 99"));
  after = mg_test_checksum (copy);
  g_assert_cmpstr (before, ==, after);
}

static void
test_truncated (void)
{
  g_autofree char *path = make_campaign ("cut.mgc", 300);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 8 * 4096);

  write_file (path, data, len / 2);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_CORRUPT));
  write_file (path, data, len - 1);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_CORRUPT));
  write_file (path, data, 4096);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_CORRUPT));
  write_file (path, data, 50);
  g_free (assert_refused (path, MG_CAMPAIGN_ERROR_CORRUPT));

  /* The whole file still opens. */
  write_file (path, data, len);
  {
    g_autoptr(GError) error = NULL;
    MgCampaign *c = mg_campaign_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (mg_campaign_journal_count (c), ==, 300);
    g_object_unref (c);
  }
}

/* Damage inside the file: open may refuse (CORRUPT), or open from a snapshot and let check find
 * it; never a crash, never a clean bill of health. */
static void
test_damaged_pages (void)
{
  g_autofree char *path = make_campaign ("damaged.mgc", 300);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  for (gsize page = 1; page < len / 4096; page += 3)
    {
      g_autofree char *copy = g_memdup2 (data, len);
      g_autoptr(GError) error = NULL;
      MgCampaign *c;

      memset (copy + page * 4096, 0x5a, 4096);
      write_file (path, copy, len);
      c = mg_campaign_open (path, &error);
      if (c)
        {
          g_assert_false (mg_campaign_check (c, &error));
          g_object_unref (c);
        }
      g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT);
      g_test_message ("page %" G_GSIZE_FORMAT ": %s (%s %d)", page, error->message,
                      g_quark_to_string (error->domain), error->code);
    }
}

static void
test_unknown_game (void)
{
  g_autofree char *path = make_campaign ("game.mgc", 1);
  g_autoptr(GError) error = NULL;
  sqlite3 *db = mg_test_sqlite_open (path);

  mg_test_sql_exec (db, "UPDATE campaign SET game = 'chess960'");
  sqlite3_close (db);
  g_assert_null (mg_campaign_open (path, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_UNKNOWN_GAME);
  g_assert_nonnull (strstr (error->message, "chess960"));
}

/* ---- each game's entity tables (issue 9, item 2) ------------------------------------------ */

/* Game tables written by a newer Melee GM: refused untouched like a newer file. */
static void
test_game_tables_too_new (void)
{
  g_autofree char *path = make_campaign ("gt.mgc", 2);
  g_autofree char *msg = NULL;
  sqlite3 *db = mg_test_sqlite_open (path);

  g_assert_cmpint (mg_test_sql_int (db, "SELECT version FROM game_schema WHERE game = 'fake'"), ==, 2);
  mg_test_sql_exec (db, "UPDATE game_schema SET version = 3 WHERE game = 'fake'");
  sqlite3_close (db);
  msg = assert_refused (path, MG_CAMPAIGN_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (msg, "Fake tables"));
  g_assert_nonnull (strstr (msg, "version 3; this version reads up to 2"));
}

static char *
column_names (sqlite3 *db, const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT group_concat (name, ',') FROM pragma_table_info ('%s')", table);

  return mg_test_sql_text (db, sql);
}

/* A game's tables move from version 1 to 2 on open, the rows filled again; the store's schema
 * and the other games' tables are not touched. */
static void
test_game_tables_migrate (void)
{
  g_autofree char *path = NULL;
  g_autofree char *cols = NULL;
  g_autoptr(GError) error = NULL;
  MgCampaign *c;
  sqlite3 *db;

  mg_game_register (mg_fake_game (1));
  path = make_campaign ("gm.mgc", 3);
  db = mg_test_sqlite_open (path);
  g_assert_cmpint (mg_test_sql_int (db, "SELECT version FROM game_schema WHERE game = 'fake'"), ==, 1);
  cols = column_names (db, "leader");
  g_assert_cmpstr (cols, ==, "name,capital,gp,food");
  /* Only its own game's tables: none of TFT's or MecaKnights'. */
  g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM sqlite_master WHERE name IN "
                                        "('figure', 'land', 'army')"), ==, 0);
  sqlite3_close (db);

  mg_game_register (mg_fake_game (2));
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_object_unref (c);
  db = mg_test_sqlite_open (path);
  g_assert_cmpint (mg_test_sql_int (db, "SELECT version FROM game_schema WHERE game = 'fake'"), ==, 2);
  g_assert_cmpint (mg_test_sql_int (db, "PRAGMA user_version"), ==, MG_CAMPAIGN_SCHEMA_VERSION);
  g_free (cols);
  cols = column_names (db, "leader");
  g_assert_cmpstr (cols, ==, "name,capital,gp,food,note");
  g_assert_cmpint (mg_test_sql_int (db, "SELECT food FROM leader WHERE name = 'Total'"), ==, 3);
  sqlite3_close (db);
}

/* A file written at schema 2 (every game's tables in it, no game_schema; kept in
 * tests/core/fixtures) opens: the store migrates to the latest schema and TFT's tables to their
 * version 2, whose gear columns hold the ruleset's ids where the file held English names. */
static void
test_schema2_file (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "core", "fixtures", "schema2-tft.mgc", NULL);
  g_autofree char *path = mg_test_tmpfile ("old.mgc");
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  char *text;
  gsize len;
  MgCampaign *c;
  sqlite3 *db;

  g_assert_true (g_file_get_contents (fixture, &data, &len, NULL));
  write_file (path, data, len);
  db = mg_test_sqlite_open (path);
  g_assert_cmpint (mg_test_sql_int (db, "PRAGMA user_version"), ==, 2);
  sqlite3_close (db);

  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mg_campaign_get_game_id (c), ==, "tft");
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 3);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_object_unref (c);

  db = mg_test_sqlite_open (path);
  g_assert_cmpint (mg_test_sql_int (db, "PRAGMA user_version"), ==, MG_CAMPAIGN_SCHEMA_VERSION);
  g_assert_cmpint (mg_test_sql_int (db, "SELECT version FROM game_schema WHERE game = 'tft'"), ==, 2);
  /* The roster the referee queried before is still there: Wulf, ST 14, DX 10. */
  g_assert_cmpint (mg_test_sql_int (db, "SELECT st * 100 + dx FROM figure WHERE name = 'Wulf'"), ==, 1410);
  /* The fixture held "Longbow, 2-handed sword, Dagger" and "Leather armor", "Large shield". */
  text = mg_test_sql_text (db, "SELECT weapons FROM figure WHERE name = 'Wulf'");
  g_assert_cmpstr (text, ==, "longbow, two_handed_sword, dagger");
  g_free (text);
  text = mg_test_sql_text (db, "SELECT armor || ' ' || shield FROM figure WHERE name = 'Ragnar'");
  g_assert_cmpstr (text, ==, "leather large_shield");
  g_free (text);
  sqlite3_close (db);
}

/* ---- the journal's length and the actor index (schema 0004, 0005; issue 15) --------------- */

/* The seqs of the journal as mg_campaign_journal_range gives them from `offset`, joined. */
static char *
range_seqs (MgCampaign *c, gint64 offset, gint64 limit)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = mg_campaign_journal_range (c, offset, limit, &error);
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < rows->len; i++)
    g_string_append_printf (out, "%s%" G_GINT64_FORMAT, i ? "," : "",
                            ((MgJournalEntry *) rows->pdata[i])->seq);
  return g_string_free (out, FALSE);
}

static MgCampaign *
open_ok (const char *path)
{
  g_autoptr(GError) error = NULL;
  MgCampaign *c = mg_campaign_open (path, &error);

  g_assert_no_error (error);
  return c;
}

/* Opening reads the journal's length as max (seq), unless a hand edit left gaps: then it counts,
 * and the Journal's pages (journal_range) still list every row once, in order. */
static void
test_journal_count_edited (void)
{
  static const struct { const char *edit; gint64 count; const char *seqs; const char *page; } edits[] = {
    /* A row deleted in the middle (its snapshot first: snapshot.seq references it). */
    { "DELETE FROM snapshot WHERE seq = 3; DELETE FROM journal WHERE seq = 3", 5, "1,2,4,5,6", "4,5" },
    /* The last row given another seq. */
    { "UPDATE journal SET seq = 10 WHERE seq = 6", 6, "1,2,3,4,5,10", "3,4" },
    /* A row inserted past the end, leaving a gap. */
    { "INSERT INTO journal (seq, session, turn, actor, action, dice, time) "
      "SELECT 9, session, turn, actor, action, dice, time FROM journal WHERE seq = 6", 7, "1,2,3,4,5,6,9", "3,4" },
    /* A row inserted before the first. */
    { "INSERT INTO journal (seq, session, turn, actor, action, dice, time) "
      "SELECT 0, session, turn, actor, action, dice, time FROM journal WHERE seq = 1", 7, "0,1,2,3,4,5,6", "2,3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *path = make_campaign ("count.mgc", 6);
      g_autofree char *seqs = NULL;
      g_autofree char *page = NULL;
      MgCampaign *c = open_ok (path);
      sqlite3 *db;

      /* Written by Melee GM alone: 6 rows, seqs 1 to 6, nothing noted. */
      g_assert_cmpint (mg_campaign_journal_count (c), ==, 6);
      g_object_unref (c);
      db = mg_test_sqlite_open (path);
      g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM journal_edited"), ==, 0);
      mg_test_sql_exec (db, edits[i].edit);
      g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM journal_edited"), ==, 1);
      sqlite3_close (db);

      c = open_ok (path);
      g_assert_cmpint (mg_campaign_journal_count (c), ==, edits[i].count);
      seqs = range_seqs (c, 0, -1);
      page = range_seqs (c, 2, 2);
      g_assert_cmpstr (seqs, ==, edits[i].seqs);
      g_assert_cmpstr (page, ==, edits[i].page);
      g_object_unref (c);
    }
}

/* SQLite's plan for a query, its steps joined with "; ". */
static char *
query_plan (sqlite3 *db, const char *sql)
{
  g_autofree char *explain = g_strconcat ("EXPLAIN QUERY PLAN ", sql, NULL);
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt;

  g_assert_cmpint (sqlite3_prepare_v2 (db, explain, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s%s", out->len ? "; " : "", sqlite3_column_text (stmt, 3));
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

/* Makes `path` what Melee GM wrote at schema 3: no actor index, no journal_edited, no triggers. */
static void
make_schema3 (const char *path, const char *edit)
{
  sqlite3 *db = mg_test_sqlite_open (path);

  mg_test_sql_exec (db, "DROP INDEX journal_actor; DROP TRIGGER journal_edited_delete; "
                        "DROP TRIGGER journal_edited_renumber; DROP TRIGGER journal_edited_insert; "
                        "DROP TABLE journal_edited; DROP INDEX journal_mark_seq; DROP TABLE journal_mark; "
                        "ALTER TABLE journal DROP COLUMN hash; ALTER TABLE journal DROP COLUMN public_hash; DROP TABLE chronicle; DROP TABLE chronicle_series; "
                        "DROP TABLE chronicle_pending; ALTER TABLE journal DROP COLUMN said; ALTER TABLE campaign DROP COLUMN engine_revision; "
                        "PRAGMA user_version = 3");
  if (edit != NULL)
    mg_test_sql_exec (db, edit);
  sqlite3_close (db);
}

/* A file written at schema 3 opens: migrated to 5, one player's rows are read through the new
 * index, and a gap it already had is noted (its length counted), one it had not is not. */
static void
test_schema3_file (void)
{
  for (guint gap = 0; gap < 2; gap++)
    {
      g_autofree char *path = make_campaign ("s3.mgc", 6);
      g_autofree char *plan = NULL;
      g_autoptr(GError) error = NULL;
      MgCampaign *c;
      sqlite3 *db;

      make_schema3 (path, gap ? "DELETE FROM snapshot WHERE seq = 2; DELETE FROM journal WHERE seq = 2" : NULL);
      c = open_ok (path);
      g_assert_cmpint (mg_campaign_journal_count (c), ==, gap ? 5 : 6);
      g_assert_true (mg_campaign_check (c, &error) || gap);
      g_clear_error (&error);
      g_object_unref (c);

      db = mg_test_sqlite_open (path);
      g_assert_cmpint (mg_test_sql_int (db, "PRAGMA user_version"), ==, MG_CAMPAIGN_SCHEMA_VERSION);
      g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM journal_edited"), ==, gap);
      /* The export's query for one player (mg-campaign.c read_sql) seeks the actor index. */
      plan = query_plan (db, "SELECT seq, summary FROM journal WHERE undone = 0 AND seq BETWEEN 1 "
                             "AND 9223372036854775807 AND actor = 'Ann' ORDER BY seq");
      g_test_message ("plan: %s", plan);
      g_assert_nonnull (strstr (plan, "USING INDEX journal_actor (actor=?"));
      sqlite3_close (db);

      /* And appends after the migration keep the count without counting. */
      c = open_ok (path);
      {
        json_object *action = json_tokener_parse ("{\"type\":\"roll\",\"player\":\"Ann\",\"n\":2}");
        MgJournalEntry *e = mg_campaign_act (c, action, &error);

        g_assert_no_error (error);
        g_assert_cmpint (e->seq, ==, 7);
        mg_journal_entry_free (e);
        json_object_put (action);
      }
      g_assert_cmpint (mg_campaign_journal_count (c), ==, gap ? 6 : 7);
      g_object_unref (c);
      c = open_ok (path);
      g_assert_cmpint (mg_campaign_journal_count (c), ==, gap ? 6 : 7);
      g_object_unref (c);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mg_game_register (mg_fake_game (2));

  g_test_add_func ("/refusal/missing", test_missing);
  g_test_add_func ("/refusal/empty", test_empty);
  g_test_add_func ("/refusal/directory", test_directory);
  g_test_add_func ("/refusal/random-bytes", test_random_bytes);
  g_test_add_func ("/refusal/unrelated-sqlite", test_unrelated_sqlite);
  g_test_add_func ("/refusal/our-id-no-tables", test_our_id_no_tables);
  g_test_add_func ("/refusal/too-new", test_too_new);
  g_test_add_func ("/refusal/too-new-in-wal", test_too_new_in_wal);
  g_test_add_func ("/refusal/truncated", test_truncated);
  g_test_add_func ("/refusal/damaged-pages", test_damaged_pages);
  g_test_add_func ("/refusal/unknown-game", test_unknown_game);
  g_test_add_func ("/refusal/game-tables-too-new", test_game_tables_too_new);
  g_test_add_func ("/migrate/game-tables", test_game_tables_migrate);
  g_test_add_func ("/migrate/schema2-file", test_schema2_file);
  g_test_add_func ("/migrate/schema3-file", test_schema3_file);
  g_test_add_func ("/journal-count/edited", test_journal_count_edited);
  return g_test_run ();
}

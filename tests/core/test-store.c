/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-store.c — the SQLite wrapper: pragmas, migrations, statement cache, errors, transactions. */
#include "mg-store.h"
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-core-test-util.h"

#include <string.h>

#define SCHEMA_DIR MG_CAMPAIGN_SCHEMA_DIR
extern const MgDataFile test_store_data[];   /* test-store.gresource.xml */

static MgStore *
open_new (char **path_out)
{
  g_autoptr(GError) error = NULL;
  char *path = mg_test_tmpfile ("s.db");
  MgStore *store = mg_store_open (path, MG_STORE_CREATE, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
  *path_out = path;
  return store;
}

static gint64
query_int (MgStore *store, const char *sql)
{
  g_autoptr(GError) error = NULL;
  gint64 v = -1;

  g_assert_true (mg_store_query_int (store, sql, &v, &error));
  g_assert_no_error (error);
  return v;
}

static void
exec_ok (MgStore *store, const char *sql)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_store_exec (store, sql, &error));
  g_assert_no_error (error);
}

static void
exec_fails (MgStore *store, const char *sql, int code, const char *message_part)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (mg_store_exec (store, sql, &error));
  g_assert_error (error, MG_STORE_ERROR, code);
  g_assert_nonnull (strstr (error->message, message_part));
}

static char *
column_names (MgStore *store, const char *table)
{
  g_autofree char *sql = g_strdup_printf ("SELECT name FROM pragma_table_info ('%s') ORDER BY cid", table);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, sql, &error);
  GString *names = g_string_new (NULL);

  g_assert_no_error (error);
  while (mg_store_step (store, stmt, &error) == SQLITE_ROW)
    g_string_append_printf (names, names->len ? ",%s" : "%s", sqlite3_column_text (stmt, 0));
  g_assert_no_error (error);
  return g_string_free (names, FALSE);
}

static void
test_pragmas (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, "PRAGMA journal_mode", &error);

  g_assert_no_error (error);
  g_assert_cmpint (mg_store_step (store, stmt, &error), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "wal");
  g_assert_cmpint (query_int (store, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (query_int (store, "PRAGMA synchronous"), ==, 2);   /* FULL: power-safe commits */
  g_assert_cmpint (query_int (store, "PRAGMA busy_timeout"), >=, 1000);
}

static void
test_schema (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(GError) error = NULL;
  const MgDataFile *res = mg_core_data;
  struct { const char *table, *columns; } expected[] = {
    { "campaign", "id,name,game,seed,ruleset,created,app_version,engine_revision" },
    { "player",   "seat,name" },
    { "session",  "id,name,started" },
    { "journal",  "seq,session,turn,actor,action,dice,events,summary,time,undone,hash,public_hash,said" },
    { "journal_mark", "id,seq,undone,hash" },
    { "snapshot", "seq,turn,state" },
    { "turn",     "turn,session,first_seq,last_seq,actions,started,summary" },
  };

  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, 0);
  g_assert_cmpint (mg_store_latest_migration (res, SCHEMA_DIR), ==, MG_CAMPAIGN_SCHEMA_VERSION);
  g_assert_true (mg_store_migrate (store, res, SCHEMA_DIR, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, MG_CAMPAIGN_SCHEMA_VERSION);
  g_assert_cmpint (query_int (store, "PRAGMA application_id"), ==, MG_STORE_APPLICATION_ID);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *cols = column_names (store, expected[i].table);
      g_assert_cmpstr (cols, ==, expected[i].columns);
    }

  /* Migrating again changes nothing and does not fail. */
  g_assert_true (mg_store_migrate (store, res, SCHEMA_DIR, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, MG_CAMPAIGN_SCHEMA_VERSION);

  /* The turn view groups rows in force by session and turn, in journal order. */
  exec_ok (store, "INSERT INTO session VALUES (1, 'S1', 0), (2, 'S2', 0)");
  exec_ok (store, "INSERT INTO journal (seq, session, turn, actor, action, summary, time, undone) VALUES "
                  "(1, 1, 1, 'A', '{}', 'One.', 10, 0), (2, 1, 1, 'B', '{}', 'Two.', 11, 0),"
                  "(3, 1, 2, 'A', '{}', 'Gone.', 12, 1), (4, 1, 2, 'A', '{}', 'Three.', 13, 0),"
                  "(5, 2, 2, 'B', '{}', 'Four.', 14, 0), (6, 2, 3, 'B', '{}', 'Five.', 15, 2)");
  {
    g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store,
        "SELECT turn || '/' || session || '/' || first_seq || '-' || last_seq || '/' || actions || '/' || summary FROM turn", &error);
    const char *rows[] = { "1/1/1-2/2/One. Two.", "2/1/4-4/1/Three.", "2/2/5-5/1/Four." };
    guint n = 0;

    g_assert_no_error (error);
    while (mg_store_step (store, stmt, &error) == SQLITE_ROW)
      {
        g_assert_cmpuint (n, <, G_N_ELEMENTS (rows));
        g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, rows[n]);
        n++;
      }
    g_assert_cmpuint (n, ==, G_N_ELEMENTS (rows));
  }

  /* Constraints a referee's hand edit would meet. */
  exec_fails (store, "INSERT INTO journal (seq, session, turn, actor, action, time) VALUES (9, 99, 1, 'A', '{}', 0)",
              SQLITE_CONSTRAINT, "FOREIGN KEY");
  exec_fails (store, "UPDATE journal SET undone = 5 WHERE seq = 1", SQLITE_CONSTRAINT, "CHECK");
  exec_fails (store, "INSERT INTO player VALUES (0, 'Ann'), (1, 'Ann')", SQLITE_CONSTRAINT, "UNIQUE constraint failed: player.name");
  exec_fails (store, "INSERT INTO campaign VALUES (2, 'x', 'fake', 1, '{}', 0, '0', 1)", SQLITE_CONSTRAINT, "CHECK");
}

static void
test_migration_order (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(GError) error = NULL;
  const MgDataFile *res = test_store_data;

  g_assert_cmpint (mg_store_latest_migration (res, "/test/migrations/good/"), ==, 10);
  g_assert_true (mg_store_migrate (store, res, "/test/migrations/good/", &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, 10);
  /* 10-c.sql counted the rows of b: it ran after 2-b.sql created it. */
  g_assert_cmpint (query_int (store, "SELECT z FROM c"), ==, 0);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM sqlite_master WHERE type = 'table'"), ==, 3);
}

static void
test_migration_rollback (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(GError) error = NULL;
  const MgDataFile *res = test_store_data;

  g_assert_false (mg_store_migrate (store, res, "/test/migrations/bad/", &error));
  g_assert_error (error, MG_STORE_ERROR, SQLITE_ERROR);
  g_assert_nonnull (strstr (error->message, "0002-bad.sql"));
  g_assert_nonnull (strstr (error->message, "syntax error"));
  /* 0001 stayed applied; 0002 left nothing behind, not even its first statement. */
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, 1);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM sqlite_master WHERE name = 'a'"), ==, 1);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM sqlite_master WHERE name = 'b'"), ==, 0);
}

static void
test_errors (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(GError) error = NULL;
  MgStoreStmt *stmt = mg_store_prepare (store, "SELECT * FROM nosuch", &error);

  g_assert_null (stmt);
  g_assert_error (error, MG_STORE_ERROR, SQLITE_ERROR);
  g_assert_cmpstr (error->message, ==, "no such table: nosuch");
  g_clear_error (&error);

  exec_ok (store, "CREATE TABLE t (x INTEGER PRIMARY KEY)");
  exec_ok (store, "INSERT INTO t VALUES (1)");
  exec_fails (store, "INSERT INTO t VALUES (1)", SQLITE_CONSTRAINT, "UNIQUE constraint failed: t.x");
}

static void
test_statement_cache (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(GError) error = NULL;
  MgStoreStmt *first, *second;

  exec_ok (store, "CREATE TABLE t (x)");
  exec_ok (store, "INSERT INTO t VALUES (1), (2), (3)");
  first = mg_store_prepare (store, "SELECT x FROM t ORDER BY x", &error);
  g_assert_cmpint (mg_store_step (store, first, &error), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (first, 0), ==, 1);
  /* Prepared once: the same statement comes back, reset to its first row. */
  second = mg_store_prepare (store, "SELECT x FROM t ORDER BY x", &error);
  g_assert_true (first == second);
  g_assert_cmpint (mg_store_step (store, second, &error), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (second, 0), ==, 1);
  mg_store_stmt_release (second);
  g_assert_no_error (error);
}

static void
test_transactions (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MgStore) store = open_new (&path);
  g_autoptr(MgStore) other = NULL;
  g_autoptr(GError) error = NULL;

  exec_ok (store, "CREATE TABLE t (x)");
  g_assert_true (mg_store_begin (store, &error));
  exec_ok (store, "INSERT INTO t VALUES (1)");
  mg_store_rollback (store);
  g_assert_cmpint (query_int (store, "SELECT count (*) FROM t"), ==, 0);
  mg_store_rollback (store);   /* outside a transaction: nothing happens */

  g_assert_true (mg_store_begin (store, &error));
  exec_ok (store, "INSERT INTO t VALUES (1)");
  g_assert_true (mg_store_commit (store, &error));
  g_assert_no_error (error);

  /* BEGIN IMMEDIATE takes the write lock at once: a second writer waits, then gets BUSY. */
  other = mg_store_open (path, MG_STORE_READ_WRITE, &error);
  g_assert_no_error (error);
  exec_ok (other, "PRAGMA busy_timeout = 50");
  g_assert_true (mg_store_begin (store, &error));
  g_assert_false (mg_store_begin (other, &error));
  g_assert_error (error, MG_STORE_ERROR, SQLITE_BUSY);
  g_assert_nonnull (strstr (error->message, "locked"));
  mg_store_rollback (store);
}

static void
test_read_only (void)
{
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  MgStore *store = open_new (&path);
  MgStore *ro;

  exec_ok (store, "PRAGMA journal_mode = DELETE");
  exec_ok (store, "CREATE TABLE t (x)");
  mg_store_free (store);
  before = mg_test_checksum (path);

  ro = mg_store_open (path, MG_STORE_READ_ONLY, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (ro, "SELECT count (*) FROM t"), ==, 0);
  exec_fails (ro, "INSERT INTO t VALUES (1)", SQLITE_READONLY, "readonly");
  mg_store_free (ro);
  after = mg_test_checksum (path);
  g_assert_cmpstr (before, ==, after);
}

static void
test_open_missing (void)
{
  g_autofree char *path = mg_test_tmpfile ("missing.db");
  g_autoptr(GError) error = NULL;
  MgStore *store = mg_store_open (path, MG_STORE_READ_WRITE, &error);

  g_assert_null (store);
  g_assert_error (error, MG_STORE_ERROR, SQLITE_CANTOPEN);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/pragmas", test_pragmas);
  g_test_add_func ("/store/schema", test_schema);
  g_test_add_func ("/store/migration-order", test_migration_order);
  g_test_add_func ("/store/migration-rollback", test_migration_rollback);
  g_test_add_func ("/store/errors", test_errors);
  g_test_add_func ("/store/statement-cache", test_statement_cache);
  g_test_add_func ("/store/transactions", test_transactions);
  g_test_add_func ("/store/read-only", test_read_only);
  g_test_add_func ("/store/open-missing", test_open_missing);
  return g_test_run ();
}

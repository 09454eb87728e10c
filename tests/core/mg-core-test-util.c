/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-core-test-util.c — helpers shared by the core tests: temporary files, checksums, raw SQL. */
#include "mg-core-test-util.h"

#include <glib/gstdio.h>
#include <gio/gio.h>

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

static void
remove_tree_cb (gpointer dir)
{
  remove_tree (dir);
  g_free (dir);
}

char *
mg_test_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("mg-core-test-XXXXXX", &error);

  g_assert_no_error (error);
  g_test_queue_destroy (remove_tree_cb, g_strdup (dir));
  return dir;
}

char *
mg_test_tmpfile (const char *name)
{
  g_autofree char *dir = mg_test_tmpdir ();

  return g_build_filename (dir, name, NULL);
}

char *
mg_test_checksum (const char *path)
{
  g_autofree char *data = NULL;
  gsize len;

  if (!g_file_get_contents (path, &data, &len, NULL))
    return g_strdup ("absent");
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
}

char *
mg_test_checksum_all (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *a = mg_test_checksum (path);
  g_autofree char *b = mg_test_checksum (wal);

  return g_strjoin (" ", a, b, NULL);
}

sqlite3 *
mg_test_sqlite_open (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL), ==, SQLITE_OK);
  return db;
}

static sqlite3_stmt *
prepare_one_row (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    g_error ("%s: %s", sql, sqlite3_errmsg (db));
  return stmt;
}

char *
mg_test_sql_text (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = prepare_one_row (db, sql);
  char *out = NULL;

  if (sqlite3_data_count (stmt) > 0)
    out = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return out;
}

gint64
mg_test_sql_int (sqlite3 *db, const char *sql)
{
  sqlite3_stmt *stmt = prepare_one_row (db, sql);
  gint64 out = sqlite3_data_count (stmt) > 0 ? sqlite3_column_int64 (stmt, 0) : -1;

  sqlite3_finalize (stmt);
  return out;
}

void
mg_test_sql_exec (sqlite3 *db, const char *sql)
{
  char *msg = NULL;

  if (sqlite3_exec (db, sql, NULL, NULL, &msg) != SQLITE_OK)
    g_error ("%s: %s", sql, msg);
}

void
mg_test_act (MgCampaign *campaign, const char *text)
{
  g_autoptr(GError) error = NULL;
  json_object *action = json_tokener_parse (text);
  g_autoptr(MgJournalEntry) e = NULL;

  g_assert_nonnull (action);
  e = mg_campaign_act (campaign, action, &error);
  json_object_put (action);
  g_assert_no_error (error);
  g_assert_nonnull (e);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* append-limit.c — bench (c)'s baseline, the physical limit of a journal append:
 * `mg-bench-append-limit FROM.db TO.db SEQ [CHANGES.db]` copies the rows FROM.db's journal (and
 * snapshot table) hold from SEQ on into TO.db, a copy of the campaign FROM.db was before they
 * were appended: prepared statements, one transaction per row (with its snapshot, if the
 * campaign took one there), WAL, and synchronous = FULL as Melee GM opens a campaign
 * (src/core/mg-store.c: the WAL is synced at every commit; a limit with NORMAL would skip the one
 * fsync per row that the app owes its users).  Prints the rows copied.  Nothing is parsed,
 * checked or replayed: what is left is SQLite's own cost.
 *
 * With CHANGES.db (made by bench/run.py: the same rows appended with triggers that logged every
 * other row the app wrote, keyed by journal seq), each transaction also makes those writes — the
 * entity tables' deletes, inserts and updates of only the columns that changed — so that the
 * limit writes the same rows, pages and WAL frames the app does.  A table WITHOUT ROWID (the
 * Chronicle's points) is written by its primary key, read from the logged values; an insert is
 * an INSERT OR REPLACE, as the app's writes of them are. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

static void
check (sqlite3 *db, int rc, const char *what)
{
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    {
      fprintf (stderr, "mg-bench-append-limit: %s: %s\n", what, sqlite3_errmsg (db));
      exit (1);
    }
}

/* Prepared statements for the logged writes, one per (op, table, columns): a few per table.
 * Found by comparing those three, so a write costs no SQL text once its statement exists. */
typedef struct Cached { char op; char *tbl, *cols; sqlite3_stmt *stmt; struct Cached *next; } Cached;

/* For a table WITHOUT ROWID, its primary key's columns as "a, b" (NULL for a rowid table). */
static char *
primary_key (sqlite3 *db, const char *tbl)
{
  sqlite3_stmt *st;
  char *key = NULL;
  int without = 0;

  check (db, sqlite3_prepare_v2 (db, "SELECT sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE name = ?1",
                                 -1, &st, NULL), "sqlite_master");
  sqlite3_bind_text (st, 1, tbl, -1, SQLITE_STATIC);
  without = sqlite3_step (st) == SQLITE_ROW && sqlite3_column_int (st, 0);
  sqlite3_finalize (st);
  if (!without)
    return NULL;
  check (db, sqlite3_prepare_v2 (db, "SELECT group_concat ('\"' || name || '\"', ', ') FROM "
                                     "(SELECT name FROM pragma_table_info (?1) WHERE pk > 0 ORDER BY pk)",
                                 -1, &st, NULL), "table_info");
  sqlite3_bind_text (st, 1, tbl, -1, SQLITE_STATIC);
  if (sqlite3_step (st) == SQLITE_ROW && sqlite3_column_text (st, 0))
    key = strdup ((const char *) sqlite3_column_text (st, 0));
  sqlite3_finalize (st);
  return key;
}

static sqlite3_stmt *
cached (sqlite3 *db, Cached **cache, char op, const char *tbl, const char *cols)
{
  char sql[4096];
  size_t len = strlen (cols);

  for (Cached *c = *cache; c; c = c->next)
    if (c->op == op && strcmp (c->tbl, tbl) == 0 && strcmp (c->cols, cols) == 0)
      {
        sqlite3_reset (c->stmt);
        return c->stmt;
      }
  char *key = primary_key (db, tbl);
  if (key != NULL)
    {
      /* The logged values (the old row's for a delete) name the row. */
      if (op == 'D')
        snprintf (sql, sizeof sql, "DELETE FROM \"%s\" WHERE (%s) = (SELECT %s FROM log.\"bench_log_vals_%s\" "
                  "WHERE cid = ?2)", tbl, key, key, tbl);
      else if (op == 'I')
        snprintf (sql, sizeof sql, "INSERT OR REPLACE INTO \"%s\" (%.*s) SELECT %.*s FROM log.\"bench_log_vals_%s\" "
                  "WHERE cid = ?2", tbl, (int) len - 1, cols, (int) len - 1, cols, tbl);
      else
        snprintf (sql, sizeof sql, "UPDATE \"%s\" SET (%.*s) = (SELECT %.*s FROM log.\"bench_log_vals_%s\" "
                  "WHERE cid = ?2) WHERE (%s) = (SELECT %s FROM log.\"bench_log_vals_%s\" WHERE cid = ?2)",
                  tbl, (int) len - 1, cols, (int) len - 1, cols, tbl, key, key, tbl);
      free (key);
    }
  else if (op == 'D')
    snprintf (sql, sizeof sql, "DELETE FROM \"%s\" WHERE rowid = ?1", tbl);
  else if (op == 'I')
    snprintf (sql, sizeof sql, "INSERT OR REPLACE INTO \"%s\" (rowid, %.*s) SELECT ?1, %.*s FROM log.\"bench_log_vals_%s\" "
              "WHERE cid = ?2", tbl, (int) len - 1, cols, (int) len - 1, cols, tbl);
  else
    snprintf (sql, sizeof sql, "UPDATE \"%s\" SET (%.*s) = (SELECT %.*s FROM log.\"bench_log_vals_%s\" "
              "WHERE cid = ?2) WHERE rowid = ?1", tbl, (int) len - 1, cols, (int) len - 1, cols, tbl);
  Cached *c = calloc (1, sizeof *c);
  c->op = op;
  c->tbl = strdup (tbl);
  c->cols = strdup (cols);
  check (db, sqlite3_prepare_v2 (db, sql, -1, &c->stmt, NULL), sql);
  c->next = *cache;
  *cache = c;
  return c->stmt;
}

/* Makes in `to` the writes logged for one journal row: `changes` is stepped over the log's rows
 * for it (op, tbl, rid, cid, cols): D deletes rowid rid; I inserts the logged row (every column,
 * read from the attached log); U sets the columns listed in `cols` ("a,b,") from it. */
static void
replay_changes (sqlite3 *to, sqlite3_stmt *changes, Cached **cache)
{
  while (sqlite3_step (changes) == SQLITE_ROW)
    {
      char op = ((const char *) sqlite3_column_text (changes, 0))[0];
      const char *tbl = (const char *) sqlite3_column_text (changes, 1);
      const char *cols = (const char *) sqlite3_column_text (changes, 4);
      sqlite3_stmt *st;

      if (op != 'D' && (cols == NULL || *cols == '\0'))
        continue;   /* an update that changed nothing */
      st = cached (to, cache, op, tbl, op == 'D' ? "" : cols);
      /* A statement without ?1 or ?2 ignores its binding (SQLITE_RANGE). */
      sqlite3_bind_int64 (st, 1, sqlite3_column_int64 (changes, 2));
      sqlite3_bind_int64 (st, 2, sqlite3_column_int64 (changes, 3));
      check (to, sqlite3_step (st), tbl);
    }
}

int
main (int argc, char **argv)
{
  sqlite3 *from, *to;
  sqlite3_stmt *rows, *snap, *insert, *insert_snap, *begin, *commit, *changes = NULL;
  Cached *cache = NULL;
  long long seq, n = 0;

  if (argc != 4 && argc != 5)
    {
      fprintf (stderr, "usage: mg-bench-append-limit FROM.db TO.db SEQ [CHANGES.db]\n");
      return 2;
    }
  seq = atoll (argv[3]);
  check (NULL, sqlite3_open_v2 (argv[1], &from, SQLITE_OPEN_READONLY, NULL), argv[1]);
  check (NULL, sqlite3_open (argv[2], &to), argv[2]);
  check (to, sqlite3_exec (to, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                               "PRAGMA foreign_keys = ON", NULL, NULL, NULL), "pragmas");
  if (argc == 5)
    {
      char *attach = sqlite3_mprintf ("ATTACH 'file:%q?mode=ro' AS log", argv[4]);
      check (to, sqlite3_exec (to, attach, NULL, NULL, NULL), argv[4]);
      sqlite3_free (attach);
      check (to, sqlite3_prepare_v2 (to, "SELECT op, tbl, rid, cid, cols FROM log.bench_log_change WHERE seq = ?1 "
                                         "ORDER BY cid", -1, &changes, NULL), "changes");
    }
  /* Every column the app writes, the chains' hashes and the said included. */
  check (from, sqlite3_prepare_v2 (from, "SELECT seq, session, turn, actor, action, dice, events, summary, "
                                         "time, undone, hash, public_hash, said FROM journal WHERE seq >= ?1 "
                                         "ORDER BY seq", -1, &rows, NULL), "select");
  check (from, sqlite3_prepare_v2 (from, "SELECT turn, state FROM snapshot WHERE seq = ?1", -1, &snap, NULL), "select");
  check (to, sqlite3_prepare_v2 (to, "INSERT INTO journal (seq, session, turn, actor, action, dice, events, "
                                     "summary, time, undone, hash, public_hash, said) "
                                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                                 -1, &insert, NULL), "insert");
  check (to, sqlite3_prepare_v2 (to, "INSERT INTO snapshot (seq, turn, state) VALUES (?1, ?2, ?3)", -1,
                                 &insert_snap, NULL), "insert");
  check (to, sqlite3_prepare_v2 (to, "BEGIN IMMEDIATE", -1, &begin, NULL), "begin");
  check (to, sqlite3_prepare_v2 (to, "COMMIT", -1, &commit, NULL), "commit");
  sqlite3_bind_int64 (rows, 1, seq);
  while (sqlite3_step (rows) == SQLITE_ROW)
    {
      sqlite3_reset (begin);
      check (to, sqlite3_step (begin), "begin");
      sqlite3_reset (insert);
      for (int c = 0; c < 13; c++)
        sqlite3_bind_value (insert, c + 1, sqlite3_column_value (rows, c));
      check (to, sqlite3_step (insert), "insert");
      sqlite3_reset (snap);
      sqlite3_bind_int64 (snap, 1, sqlite3_column_int64 (rows, 0));
      if (sqlite3_step (snap) == SQLITE_ROW)
        {
          sqlite3_reset (insert_snap);
          sqlite3_bind_int64 (insert_snap, 1, sqlite3_column_int64 (rows, 0));
          sqlite3_bind_value (insert_snap, 2, sqlite3_column_value (snap, 0));
          sqlite3_bind_value (insert_snap, 3, sqlite3_column_value (snap, 1));
          check (to, sqlite3_step (insert_snap), "snapshot");
        }
      if (changes)
        {
          sqlite3_reset (changes);
          sqlite3_bind_int64 (changes, 1, sqlite3_column_int64 (rows, 0));
          replay_changes (to, changes, &cache);
        }
      sqlite3_reset (commit);
      check (to, sqlite3_step (commit), "commit");
      n++;
    }
  sqlite3_finalize (rows);
  sqlite3_finalize (snap);
  sqlite3_finalize (insert);
  sqlite3_finalize (insert_snap);
  sqlite3_finalize (begin);
  sqlite3_finalize (commit);
  sqlite3_finalize (changes);
  for (Cached *c = cache, *next; c; c = next)
    {
      next = c->next;
      sqlite3_finalize (c->stmt);
      free (c->tbl);
      free (c->cols);
      free (c);
    }
  sqlite3_close (from);
  sqlite3_close (to);
  printf ("%lld\n", n);
  return 0;
}

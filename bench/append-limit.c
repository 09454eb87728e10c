/* append-limit.c — bench (c)'s baseline, the physical limit of a journal append:
 * `mg-bench-append-limit FROM.db TO.db SEQ` copies the rows FROM.db's journal (and snapshot
 * table) hold from SEQ on into TO.db, a copy of the campaign FROM.db was before they were
 * appended: prepared statements, one transaction per row (with its snapshot, if the campaign
 * took one there), WAL, and synchronous = FULL as Melee GM opens a campaign (src/core/mg-store.c:
 * the WAL is synced at every commit; a limit with NORMAL would skip the one fsync per row that
 * the app owes its users).  Prints the rows copied.  Nothing is parsed, checked or replayed:
 * what is left is SQLite's own cost. */
#include <stdio.h>
#include <stdlib.h>
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

int
main (int argc, char **argv)
{
  sqlite3 *from, *to;
  sqlite3_stmt *rows, *snap, *insert, *insert_snap, *begin, *commit;
  long long seq, n = 0;

  if (argc != 4)
    {
      fprintf (stderr, "usage: mg-bench-append-limit FROM.db TO.db SEQ\n");
      return 2;
    }
  seq = atoll (argv[3]);
  check (NULL, sqlite3_open_v2 (argv[1], &from, SQLITE_OPEN_READONLY, NULL), argv[1]);
  check (NULL, sqlite3_open (argv[2], &to), argv[2]);
  check (to, sqlite3_exec (to, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                               "PRAGMA foreign_keys = ON", NULL, NULL, NULL), "pragmas");
  check (from, sqlite3_prepare_v2 (from, "SELECT seq, session, turn, actor, action, dice, events, summary, "
                                         "time, undone FROM journal WHERE seq >= ?1 ORDER BY seq", -1, &rows, NULL), "select");
  check (from, sqlite3_prepare_v2 (from, "SELECT turn, state FROM snapshot WHERE seq = ?1", -1, &snap, NULL), "select");
  check (to, sqlite3_prepare_v2 (to, "INSERT INTO journal (seq, session, turn, actor, action, dice, events, "
                                     "summary, time, undone) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
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
      for (int c = 0; c < 10; c++)
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
  sqlite3_close (from);
  sqlite3_close (to);
  printf ("%lld\n", n);
  return 0;
}

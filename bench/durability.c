/* SPDX-License-Identifier: GPL-3.0-or-later */
/* durability.c — the cost of power-safe commits: journal rows committed per second with
 * PRAGMA synchronous = NORMAL (a commit survives a killed process; the WAL is synced only at
 * checkpoints) against FULL (the WAL is synced at each commit, so it also survives a power
 * cut; what mg-store sets). Each row is one transaction, as `act` commits one action.
 * Usage: mg-bench-durability [ROWS] [DIR]   (DIR on the disk to measure; default: current dir) */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static const char *schema =
  "PRAGMA journal_mode = WAL;"
  "CREATE TABLE journal (seq INTEGER PRIMARY KEY, session INTEGER NOT NULL, turn INTEGER NOT NULL,"
  " actor TEXT NOT NULL, action TEXT NOT NULL, dice TEXT NOT NULL, events TEXT NOT NULL,"
  " summary TEXT NOT NULL, time INTEGER NOT NULL, undone INTEGER NOT NULL DEFAULT 0);";

static double
rows_per_second (const char *dir, const char *mode, int rows)
{
  g_autofree char *path = g_build_filename (dir, "mg-bench-durability.db", NULL);
  g_autofree char *pragma = g_strdup_printf ("PRAGMA synchronous = %s", mode);
  static const char *suffixes[] = { "", "-wal", "-shm" };
  sqlite3 *db = NULL;
  sqlite3_stmt *insert = NULL;
  gint64 t0;

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *f = g_strconcat (path, suffixes[i], NULL);
      g_unlink (f);
    }
  if (sqlite3_open (path, &db) != SQLITE_OK ||
      sqlite3_exec (db, schema, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec (db, pragma, NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (db, "INSERT INTO journal (session, turn, actor, action, dice, events, summary, time) "
                              "VALUES (1, ?1, 'Red', '{\"type\":\"roll\",\"player\":\"Red\"}', "
                              "'[{\"sides\":3,\"value\":1},{\"sides\":3,\"value\":2}]', "
                              "'[{\"type\":\"rolled\",\"player\":\"Red\",\"count\":8}]', "
                              "'Red rolled 8 meeples.', ?2)", -1, &insert, NULL) != SQLITE_OK)
    {
      fprintf (stderr, "mg-bench-durability: %s\n", sqlite3_errmsg (db));
      exit (1);
    }
  t0 = g_get_monotonic_time ();
  for (int i = 0; i < rows; i++)
    {
      sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
      sqlite3_bind_int (insert, 1, i / 4 + 1);
      sqlite3_bind_int64 (insert, 2, g_get_real_time ());
      if (sqlite3_step (insert) != SQLITE_DONE)
        {
          fprintf (stderr, "mg-bench-durability: %s\n", sqlite3_errmsg (db));
          exit (1);
        }
      sqlite3_reset (insert);
      sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
    }
  {
    double s = (g_get_monotonic_time () - t0) / 1e6;

    sqlite3_finalize (insert);
    sqlite3_close (db);
    g_unlink (path);
    return rows / s;
  }
}

int
main (int argc, char *argv[])
{
  int rows = argc > 1 ? atoi (argv[1]) : 2000;
  const char *dir = argc > 2 ? argv[2] : ".";
  double normal, full;

  if (rows <= 0)
    rows = 2000;
  normal = rows_per_second (dir, "NORMAL", rows);
  full = rows_per_second (dir, "FULL", rows);
  printf ("synchronous=NORMAL (baseline): %.0f actions/s\n", normal);
  printf ("synchronous=FULL (power-safe): %.0f actions/s (%.2f of the baseline)\n", full, full / normal);
  return 0;
}

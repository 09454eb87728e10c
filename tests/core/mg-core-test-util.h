/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-core-test-util.h — helpers shared by the core tests: temporary files, checksums, raw SQL. */
#pragma once

#include <glib.h>
#include <sqlite3.h>
#include "mg-campaign.h"

/* A fresh temporary directory, removed with everything in it at the end of the test. */
char    *mg_test_tmpdir         (void);
/* A path inside a fresh temporary directory. */
char    *mg_test_tmpfile        (const char *name);
/* SHA-256 of the file's bytes, or "absent". */
char    *mg_test_checksum       (const char *path);
/* Checksums of the files that hold data, path and path-wal, joined (-shm is only an index
 * of the WAL that SQLite updates even for reads). */
char    *mg_test_checksum_all   (const char *path);
/* Opens the file with plain SQLite (no Melee GM code), for looking at what was written. */
sqlite3 *mg_test_sqlite_open    (const char *path);
/* First column of the first row, as text (g_free) / integer; asserts the query runs. */
char    *mg_test_sql_text       (sqlite3 *db, const char *sql);
gint64   mg_test_sql_int        (sqlite3 *db, const char *sql);
void     mg_test_sql_exec       (sqlite3 *db, const char *sql);

/* Plays the action `text` (JSON) on the campaign; asserts it is accepted. */
void     mg_test_act            (MgCampaign *campaign, const char *text);

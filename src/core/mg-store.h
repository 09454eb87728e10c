/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-store.h — a thin SQLite connection: pragmas, cached prepared statements, GErrors, migrations. */
#pragma once

#include <glib.h>
#include <sqlite3.h>

#include "mg-data.h"

G_BEGIN_DECLS

/* Errors carry SQLite's message; the code is SQLite's primary result code (SQLITE_CORRUPT, …). */
#define MG_STORE_ERROR (mg_store_error_quark ())
GQuark mg_store_error_quark (void);

/* Not an SQLite code: a write found the files changed by another program since this store last
 * checked them or committed (the caller checks the file before writing: issue 42). */
#define MG_STORE_ERROR_CHANGED 1000

/* "MGM1": PRAGMA application_id of every campaign (schema/0001-initial.sql sets it). */
#define MG_STORE_APPLICATION_ID 0x4D474D31

typedef enum {
  MG_STORE_READ_WRITE = 0,      /* existing file; WAL, foreign keys, busy timeout, synchronous=FULL */
  MG_STORE_CREATE     = 1 << 0, /* may create the file */
  MG_STORE_READ_ONLY  = 1 << 1, /* inspect only: no pragma that writes, nothing written; no
                                 * -wal/-shm left behind (immutable when no WAL is waiting) */
} MgStoreFlags;

typedef struct _MgStore MgStore;
/* A statement from mg_store_prepare; g_autoptr resets it (and clears its bindings) on scope exit. */
typedef sqlite3_stmt MgStoreStmt;

MgStore     *mg_store_open        (const char *path, MgStoreFlags flags, GError **error);
void         mg_store_free        (MgStore *store);
/* Whether another connection (this process's or another's) has the file open. */
gboolean     mg_store_others_attached (const char *path);
/* Whether a connection of this process has the file open. Then nothing here may open and close
 * a descriptor of it outside SQLite: POSIX drops every lock the process holds on a file when any
 * of its descriptors is closed, and another program's sqlite3 could then take the file whole and
 * delete the -wal this process still writes to. */
gboolean     mg_store_attached_here (const char *path);
/* For a file the user chose to read or write as something else (a map, a ruleset, an export):
 * FALSE, with an error (domain, code) the user can act on, when it is a campaign this process
 * has open. Reading it would drop the campaign's locks (above); writing it would replace it. */
gboolean     mg_store_refuse_if_attached (const char *path, GQuark domain, int code, GError **error);
/* A WAL with frames but no connection: the last writer was killed or lost power (a clean
 * close checkpoints and deletes the WAL). The cue for a full check before any write. */
gboolean     mg_store_closed_uncleanly (const char *path);
/* The seal (issue 36): whether the file and its WAL are as this user's Melee GM last left them
 * after a full check or its own writes (their size and times, kept in the user's cache). */
gboolean     mg_store_is_sealed   (const char *path);
/* The file was just found sound: seal it now, and again on close when this store's own commit
 * was the last write. */
void         mg_store_seal        (MgStore *store);
void         mg_store_unseal      (const char *path);
/* Whether the files changed since this store's last check or commit by anything but its own
 * commits and the commits another Melee GM sealed: its next write checks the file first. */
gboolean     mg_store_changed_outside (MgStore *store);
/* The seal's second line (the campaign's identity and its chain's head as this user's Melee GM
 * last wrote them: mg_store_chain_line), or NULL. */
char        *mg_store_sealed_chain (const char *path);
/* "CREATED:SEED SEQ HASH MARK HASH" of the file now (NULL: no chain). */
char        *mg_store_chain_line  (MgStore *store);
/* The file has the chain: the seal keeps its head. */
void         mg_store_set_chained (MgStore *store, gboolean chained);
/* Drops the pages SQLite caches, before a check of a file changed beside SQLite. */
void         mg_store_forget_cache (MgStore *store);
/* The SQLite VFS every store opens with (mg-store-vfs.c): the unix one, with the -shm's blocks
 * allocated before SQLite maps them, so a full disk is an error (SQLITE_FULL), never SIGBUS. */
const char  *mg_store_vfs_name    (void);
#define MG_STORE_VFS (mg_store_vfs_name ())
/* Closing will not checkpoint the WAL into the file (a damaged file is left as it was). */
void         mg_store_keep_wal    (MgStore *store);

/* Prepares once per SQL text (cached for the life of the store); returned reset and unbound. */
MgStoreStmt *mg_store_prepare     (MgStore *store, const char *sql, GError **error);
void         mg_store_stmt_release (MgStoreStmt *stmt);
/* SQLITE_ROW, SQLITE_DONE, or -1 with error set. */
int          mg_store_step        (MgStore *store, MgStoreStmt *stmt, GError **error);
/* Runs a statement that returns no rows (or ignores them). */
gboolean     mg_store_exec        (MgStore *store, const char *sql, GError **error);
/* Runs a query that returns one integer (PRAGMA user_version, count(*), …); *out = 0 if no row. */
gboolean     mg_store_query_int   (MgStore *store, const char *sql, gint64 *out, GError **error);

gboolean     mg_store_begin       (MgStore *store, GError **error);  /* BEGIN IMMEDIATE */
gboolean     mg_store_commit      (MgStore *store, GError **error);
void         mg_store_rollback    (MgStore *store);                  /* no-op outside a transaction */
gboolean     mg_store_in_transaction (MgStore *store);

gint64       mg_store_last_insert_rowid (MgStore *store);

/* Applies the migrations NNNN-*.sql of `files` in the folder `dir` whose number is above
 * PRAGMA user_version, in order, each in one transaction that also sets user_version = NNNN. */
gboolean     mg_store_migrate     (MgStore *store, const MgDataFile *files, const char *dir, GError **error);
/* The highest migration number in `dir`, or 0. */
gint         mg_store_latest_migration (const MgDataFile *files, const char *dir);

/* Runs every statement of an SQL script (no transaction of its own); `name` prefixes errors. */
gboolean     mg_store_exec_script (MgStore *store, const char *script, const char *name, GError **error);

/* Sets error from the connection's last error (SQLite's message, prefixed by `what` if given). */
void         mg_store_set_error   (MgStore *store, GError **error, const char *what);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgStore, mg_store_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgStoreStmt, mg_store_stmt_release)

G_END_DECLS

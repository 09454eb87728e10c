/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-private.h — the campaign's snapshot policy and schema, shared with its tests. */
#pragma once

#include "mg-data.h"
#include "mg-rules.h"

/* The campaign file's schema: its migrations, NNNN-*.sql in SCHEMA_DIR (generated from
 * mg-core.gresource.xml by build-aux/embed-data.py). */
extern const MgDataFile mg_core_data[];
#define MG_CAMPAIGN_SCHEMA_DIR "/io/github/meleegm/MeleeGM/core/schema/"

/* Snapshots are caches of the state, taken at turn boundaries, but not at every one:
 * writing a state costs about as much as writing its journal row, and a Meeple turn is four
 * rows.  A snapshot is taken at the first turn boundary once MIN rows in force were applied
 * since the last one, and after MAX rows even inside a turn; so open and undo replay at
 * most MAX rows, however long a turn lasts.  MAX was 1,000: a turn that never ends (La Mame's
 * winter with a knight riding on) made every open of a long campaign replay ~970 rows, and a
 * one-turn export cost 2.3x the indexed sqlite3 query (issue 34); at 2 x MIN a game whose
 * turns are shorter than MIN rows still snapshots only at turn boundaries. */
#define MG_CAMPAIGN_SNAPSHOT_MIN_ROWS 32
#define MG_CAMPAIGN_SNAPSHOT_MAX_ROWS 64

/* Applies one journal row (its action and recorded dice, as stored) to state; every recorded die
 * must be used.  On success the engine's summary, said (NULL for an engine that writes text
 * only) and events are handed back where asked for (any may be NULL): mg-narrate.c tells rows
 * without a stored said again with them, `check` compares the said; *before (NULL or set to
 * NULL by the caller) the state as it was before the row.  On failure the error names the row,
 * and the state is untouched unless the engine left recorded dice unused. */
gboolean mg_campaign_replay_row (MgState *state, gint64 seq, const char *action_text,
                                 const char *dice_text, char **summary, MgSaid **said,
                                 json_object **events, MgState **before, GError **error);

/* ---- a change of the ruleset is a journal row (issue 34): mg-campaign-rules.c ------------ */

#include "mg-campaign.h"
#include "mg-store.h"
#include "mg-table.h"

/* The campaign's connection. */
MgStore *mg_campaign_get_store (MgCampaign *self);
/* Takes the write lock, memory checked against the file. */
gboolean mg_campaign_begin     (MgCampaign *self, GError **error);
/* Inside the write transaction: `ruleset` (checked) becomes the campaign's: every row in force
 * replays under it from the start (snapshots rebuilt), the ruleset and the entity tables are
 * written.  The state in memory follows at mg_campaign_finish. */
gboolean mg_campaign_rebuild   (MgCampaign *self, json_object *ruleset, GError **error);
/* Commits (ok) and reloads memory from the file; or (!ok: `error` holds why, or the commit
 * failed) rolls back, reloads and makes `error` a campaign error.  "changed" is the caller's. */
gboolean mg_campaign_finish    (MgCampaign *self, gboolean ok, GError **error);

/* Is `action` a journal row of a ruleset change ({"type": "_ruleset", …}), which replay skips? */
gboolean mg_campaign_rules_is_row (json_object *action);

typedef enum {
  MG_CAMPAIGN_RULES_STEP_NONE,    /* no ruleset change among the rows: undo/redo as usual */
  MG_CAMPAIGN_RULES_STEP_DONE,    /* marked, replayed under the ruleset they leave, committed */
  MG_CAMPAIGN_RULES_STEP_FAILED,  /* error set; nothing written, memory equals the file */
} MgCampaignRulesStep;

/* Inside undo's (undo TRUE) or redo's write transaction, the rows `seqs` it takes: when one is
 * a ruleset change, marks them all, puts back the ruleset they leave in force and replays the
 * journal under it, in one commit. */
MgCampaignRulesStep mg_campaign_rules_step (MgCampaign *self, GArray *seqs, gboolean undo,
                                            GError **error);

/* ---- shared between the mg-campaign*.c files (one campaign split by responsibility) ---- */

#include "mg-game.h"

#include <sqlite3.h>

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

/* What one "changed" did to the journal, for the table object's change details (mg-table.c). */
typedef struct {
  MgTableRows  kind;        /* MG_TABLE_ROWS_OTHER: anything (a reload, a ruleset, a session) */
  gint64       first_seq;   /* the rows appended, undone or redone: first_seq..last_seq */
  gint64       last_seq;
  guint        n_rows;
  const char  *events;      /* one row appended: its events' JSON text (borrowed), else NULL */
} MgCampaignRows;

struct _MgCampaign {
  GObject        parent_instance;

  char          *path;
  MgStore       *store;
  const MgRules *rules;
  const MgGame  *game;         /* its descriptor: the entity tables it declares */
  char          *name;
  char          *game_id;
  GStrv          players;
  guint32        seed;
  json_object   *ruleset;
  MgState       *state;
  /* The state before the row last in force, `undo_seq`, kept from the act or redo that applied
   * it (the engine plays an action on a copy, so the state before is at hand): undoing that one
   * row comes back to it without replaying from a snapshot. NULL when not known; whatever else
   * changes the state drops it (mg_campaign_set_state). `undo_since_snap`: since_snap then. */
  MgState       *undo_state;
  gint64         undo_seq;
  guint          undo_since_snap;

  gint           turn;         /* mg_state_turn (state) */
  gint64         count;        /* journal rows */
  gint64         last_seq;     /* highest seq, 0 if none */
  gint64         last_active;  /* highest seq in force, 0 if none */
  gboolean       can_redo;     /* rows with undone = 1 exist (all after last_active) */
  gint64         session;      /* current session: the newest */
  guint          since_snap;   /* rows in force applied after the last snapshot (or the start) */
  gint64         data_version; /* PRAGMA data_version when memory last matched the file */
  MgRows        *table_rows;   /* the engine's entity rows as last committed (each declared
                                * table's row i at rowid i + 1); NULL when not known */
  MgRows        *spare_rows;   /* the rows of the commit before, reused to build the next */
  GHashTable    *unique_cols;  /* entity table -> the set of its columns in a unique index */
  gboolean       read_only;    /* the file or its folder is not writable: nothing is written */
  gboolean       has_said;     /* the file has journal.said (schema 9) */
  gint64         engine_revision; /* the revision of the game's engine that made the file's
                                   * snapshots and tables (schema 10; 1 before it) */
  gboolean       stale_snapshots;  /* it is earlier than this build's engine: a replay starts from
                                    * the journal's start, and a check does not compare them */
  gboolean       renewing;     /* the check writes the snapshots rather than comparing them */
  gboolean       defer_state;  /* an open that may write: a load of a stale campaign leaves the
                                * state NULL for the renewal's replay to give (one replay, not two) */
  /* A stale campaign that is not renewed (read-only) replays from the journal's start: its
   * replays keep states in memory instead (mg-campaign-replay.c), valid while the journal is as
   * it was when they were made (`mem_key`). */
  GArray        *mem_marks;    /* of MgMemMark, by seq */
  gint64         mem_key[3];   /* PRAGMA data_version, last_seq, last_active */
  gint64         said_differ;  /* rows whose kept said the last check's replay says otherwise */
  gint64         stepped;      /* the row the last undo or redo marked last */
  gboolean       sound;        /* checked before this process's first write (ensure_sound) */
  GError        *unsound;      /* why it is not: every write is refused with it */
  struct _MgChronicleCache *chronicle; /* the public series values after the row last acted (mg-chronicle.h) */
  MgCampaignRows change;       /* what the "changed" being emitted did to the journal */
  MgTable       *table;        /* the one table object (mg-table.h), made when first asked */
  gboolean       checking;     /* a check runs in a thread (mg_campaign_check_path) */
  double         check_fraction;
  MgCheckProgress check_progress;   /* mg_campaign_check's progress, on the checking campaign */
  gpointer       check_progress_data;
};

/* A journal row's columns, its said last: ENTRY_COLUMNS_NO_SAID selects NULL in its place for a
 * file without the column (before schema 9, opened read-only: self->has_said). */
#define ENTRY_COLUMNS_BASE "seq, session, turn, actor, action, dice, events, summary, time, undone"
#define ENTRY_COLUMNS ENTRY_COLUMNS_BASE ", said"
#define ENTRY_COLUMNS_NO_SAID ENTRY_COLUMNS_BASE ", NULL"

/* Called after each replayed row, for callers that write or verify snapshots. `kept_said` is
 * the row's stored said (JSON text; NULL: none), `said` the one its replay gives, made only when
 * the caller asked for it (ReplayInfo.with_said) and the row keeps one: else NULL. */
typedef gboolean (*RowFunc) (MgCampaign *self, gint64 seq, MgState *state, gint turn_before,
                             const char *kept_said, const MgSaid *said, gpointer data, GError **error);

/* A state kept in memory after journal row `seq` (MgCampaign.mem_marks). */
typedef struct {
  gint64   seq;
  MgState *state;
} MgMemMark;

/* At most this many kept for a campaign, however long: a step replays at most count / this
 * rows (1M rows: ~980, 2-5 ms), memory stays bounded (2-11 MB at 1M: docs/performance.md). */
#define MG_CAMPAIGN_MEM_MARKS_MAX 1024

typedef struct {
  gboolean with_said;  /* in: make each row's said for the RowFunc (check compares them) */
  guint since_snap;    /* out: rows replayed after the snapshot started from (or from the start) */
} ReplayInfo;

typedef struct {
  gint64   last_active;
  gboolean can_redo;
} UndoMarks;

/* mg-campaign.c */
/* A store error becomes a campaign error: damage → CORRUPT, the rest → SQLITE. */
void mg_campaign_convert_error (GError **error);
/* Sets MG_CAMPAIGN_ERROR_NOTHING with `message`; returns FALSE. */
gboolean mg_campaign_fail_nothing (GError **error, const char *message);
/* The compact JSON text of obj (JSON_FLAGS), owned by obj. */
const char *mg_campaign_json_text (json_object *obj);
/* Parses stored JSON text (NULL for NULL text). */
json_object *mg_campaign_json_parse_text (const char *text);
/* A copy of a text column of the current row. */
char *mg_campaign_column_dup (sqlite3_stmt *stmt, int col);
/* The seed of the dice rolled in the app for journal row seq (campaign seed and seq mixed). */
guint32 mg_campaign_row_seed (guint32 seed, gint64 seq);
/* The action without its "dice" member (new reference); the dice handed back. */
json_object *mg_campaign_strip_dice (json_object *action, json_object **dice);
/* Who declared the action: its "player", else whom the engine names, else the referee. */
const char *mg_campaign_action_actor (const MgState *state, json_object *action);
/* Refuses what is not an action object, or a ruleset change made as an action. */
gboolean mg_campaign_check_action_object (json_object *action, GError **error);
/* The said's stored text (mg_said_to_json), or NULL for none or no piece (g_free). */
char *mg_campaign_said_text (const MgSaid *said);
/* Sets row seq's said (its JSON text): for a row written without one (redo, check --fill-said). */
gboolean mg_campaign_insert_said (MgCampaign *self, gint64 seq, const char *said, GError **error);
/* Sets self->has_said from the file. */
gboolean mg_campaign_query_has_said (MgCampaign *self, GError **error);
/* A journal entry from a row selected with ENTRY_COLUMNS (or ENTRY_COLUMNS_NO_SAID). */
MgJournalEntry *mg_campaign_entry_from_row (sqlite3_stmt *stmt);
/* Makes state (taken) the state in memory, and its turn the campaign's turn. */
void mg_campaign_set_state (MgCampaign *self, MgState *state);
/* Keeps `before` (taken) as the state that undoing row `seq`, now last in force, comes back
 * to, with since_snap as it was then (see undo_state). */
void mg_campaign_keep_undo_state (MgCampaign *self, MgState *before, gint64 seq, guint since_snap);
/* The kept state if undoing `seq` comes back to it (taken, with its since_snap), else NULL. */
MgState *mg_campaign_take_undo_state (MgCampaign *self, gint64 seq, guint *since_snap);
/* last_active and can_redo, as the file (or the open transaction) has them. */
gboolean mg_campaign_query_undo_marks (MgCampaign *self, UndoMarks *marks, GError **error);
/* Copies marks into memory. */
void mg_campaign_set_undo_marks (MgCampaign *self, const UndoMarks *marks);
/* Sets MG_CAMPAIGN_ERROR_CORRUPT naming the file and what is damaged; returns FALSE. */
gboolean mg_campaign_corrupt (MgCampaign *self, GError **error, const char *what);
/* An engine failure on a row the file holds: not the file's fault; returns FALSE. */
gboolean mg_campaign_engine_fault (MgCampaign *self, GError **error, const char *what);
/* Reloads memory from the file, in one read transaction. */
gboolean mg_campaign_load_all (MgCampaign *self, GError **error);
/* The state, if a load left it to a renewal (defer_state): replayed now, for a step before. */
gboolean mg_campaign_ensure_state (MgCampaign *self, GError **error);
/* Refuses the open of a campaign whose journal this revision of the engine no longer replays
 * (`local`, the engine's reason, is taken); a store or campaign error passes as it is. */
gboolean mg_campaign_stale_refused (MgCampaign *self, GError *local, GError **error);
/* Reloads memory if another connection changed the file since it last matched. */
gboolean mg_campaign_sync_if_stale (MgCampaign *self, gboolean *reloaded, GError **error);
/* After a failure that may have left memory different from the file: reloads it. */
void mg_campaign_resync (MgCampaign *self);
/* Takes the write lock (refused when read-only or unsound), memory checked against the file. */
gboolean mg_campaign_begin_locked (MgCampaign *self, GError **error);
/* Emits "changed". */
void mg_campaign_emit_changed (MgCampaign *self);
/* mg-campaign-open.c: the same file opened read-only (for a check in another thread). */
MgCampaign *mg_campaign_open_read_only (const char *path, GError **error);
/* mg-table.c: the table's "checking" and "check-fraction" changed. */
void mg_table_notify_checking (MgTable *self);
/* The same, telling which journal rows moved (kind, seqs, the one appended row's events). */
void mg_campaign_emit_rows_changed (MgCampaign *self, MgTableRows kind, gint64 first_seq,
                                    gint64 last_seq, guint n_rows, const char *events);

/* mg-campaign-replay.c */
/* The state after the rows in force up to upto, from a snapshot or the start, under ruleset. */
MgState *mg_campaign_replay (MgCampaign *self, json_object *ruleset, gboolean use_snapshots,
                             gint64 upto, RowFunc func, gpointer data, ReplayInfo *info,
                             GError **error);
/* Drops the states kept in memory (a stale campaign's, MgCampaign.mem_marks). */
void mg_campaign_forget_mem_marks (MgCampaign *self);
/* Is a snapshot due after a row that took the turn from turn_before to turn_after? */
gboolean mg_campaign_snapshot_due (MgCampaign *self, gint turn_before, gint turn_after);
/* Writes the snapshot text of the state after row seq. */
gboolean mg_campaign_insert_snapshot (MgCampaign *self, gint64 seq, gint turn, const char *text,
                                      GError **error);
/* RowFunc: after a row in force, snapshots the state if the turn changed (or it is time). */
gboolean mg_campaign_after_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before,
                                const char *kept_said, const MgSaid *said, gpointer data, GError **error);
/* Runs a statement that takes one seq (?1) and returns no row. */
gboolean mg_campaign_exec_seq (MgCampaign *self, const char *sql, gint64 seq, GError **error);
/* Deletes the snapshots at or after seq. */
gboolean mg_campaign_drop_snapshots_from (MgCampaign *self, gint64 seq, GError **error);

/* mg-campaign-tables.c */
/* The engine's entity rows for state (NULL when the game declares none). */
gboolean mg_campaign_build_tables (MgCampaign *self, const MgState *state, MgRows **out,
                                   GError **error);
/* Writes what mg_campaign_build_tables gave, inside the caller's transaction. */
gboolean mg_campaign_write_rows (MgCampaign *self, const MgRows *rows, GError **error);
/* Brings the entity tables to state, inside the caller's transaction. */
gboolean mg_campaign_write_tables (MgCampaign *self, const MgState *state, MgRows **written,
                                   GError **error);
/* After a commit that wrote the tables: rows (taken) are what the file holds. */
void mg_campaign_tables_written (MgCampaign *self, MgRows *rows);
/* The file's entity tables may no longer be what this object last wrote. */
void mg_campaign_tables_unknown (MgCampaign *self);

/* mg-campaign-open.c */
/* Refuses (CORRUPT) rows whose JSON was damaged on disk, naming them. */
gboolean mg_campaign_check_json_rows (MgStore *store, GError **error);
/* A campaign's or a session's name follows the rules of player names (MG_CAMPAIGN_ERROR_INVALID). */
gboolean mg_campaign_check_name (const char *name, GError **error);
/* Turns a damage error into one saying what is damaged and how to recover. */
void mg_campaign_explain_damage (GError **error, const char *path);

/* mg-campaign-journal.c */
/* A damaged campaign is never written: checked once before the first write. */
gboolean mg_campaign_ensure_sound (MgCampaign *self, GError **error);
/* Refuses a write to a read-only or unsound campaign. */
gboolean mg_campaign_check_writable (MgCampaign *self, GError **error);

/* mg-campaign-undo.c */
/* Up to n seqs from a query taking (?1 = bound, ?2 = limit). */
GArray *mg_campaign_collect_seqs (MgCampaign *self, const char *sql, gint64 bound, guint n,
                                  GError **error);

/* mg-campaign-check.c */
/* Runs a PRAGMA check; any row but ok_text is damage, named after what. */
gboolean mg_campaign_check_pragma_rows (MgStore *store, const char *sql, const char *ok_text,
                                        const char *what, GError **error);

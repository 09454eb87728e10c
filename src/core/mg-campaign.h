/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign.h — one campaign = one SQLite file: journal, snapshots, undo/redo, replay. */
#pragma once

#include <glib-object.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

#define MG_CAMPAIGN_ERROR (mg_campaign_error_quark ())
typedef enum {
  MG_CAMPAIGN_ERROR_NOT_FOUND,    /* no such file */
  MG_CAMPAIGN_ERROR_EXISTS,       /* create: the file already exists */
  MG_CAMPAIGN_ERROR_NOT_CAMPAIGN, /* random bytes, empty file, unrelated SQLite database */
  MG_CAMPAIGN_ERROR_CORRUPT,      /* a campaign, but damaged or truncated */
  MG_CAMPAIGN_ERROR_TOO_NEW,      /* written by a newer Melee GM: refused, left untouched */
  MG_CAMPAIGN_ERROR_UNKNOWN_GAME, /* game id not built into this version */
  MG_CAMPAIGN_ERROR_SQLITE,       /* any other SQLite failure: the message carries SQLite's */
  MG_CAMPAIGN_ERROR_NOTHING,      /* undo with nothing to undo, redo with nothing to redo */
  MG_CAMPAIGN_ERROR_READ_ONLY,    /* a change asked of a campaign opened read-only */
  MG_CAMPAIGN_ERROR_INVALID,      /* create: no name, or players the game does not take */
  MG_CAMPAIGN_ERROR_ENGINE,       /* the game's engine gave what cannot be stored: a fault of
                                   * Melee GM, not of the file (nothing was written) */
  MG_CAMPAIGN_ERROR_LOST,         /* the file lacks rows or marks that Melee GM acknowledged on
                                   * this computer (a lost tail of the WAL, an older copy) */
  MG_CAMPAIGN_ERROR_CHECKING,     /* a change asked while the file's check runs: try when done */
  MG_CAMPAIGN_ERROR_REPLAY,       /* played under an earlier revision of the game's engine, whose
                                   * rows this one no longer replays: refused, left untouched */
} MgCampaignError;

GQuark mg_campaign_error_quark (void);

/* The schema version this build writes (PRAGMA user_version). */
#define MG_CAMPAIGN_SCHEMA_VERSION 10

typedef struct {
  gint64   seq;       /* journal id, strictly increasing */
  gint64   session;   /* session id */
  gint     turn;      /* turn the action was taken in (pending()["turn"] before it) */
  char    *actor;     /* action's "player" member, else "GM" */
  char    *action;    /* JSON text of the action (without "dice") */
  char    *dice;      /* JSON text: [{"sides":S,"value":V}, ...] */
  char    *events;    /* JSON text: array of events */
  char    *summary;   /* one sentence, public, in the language it was played in */
  char    *said;      /* JSON text of the same sentences as messages (MgSaid, mg-message.h),
                       * rendered in the viewer's language (mg-narrate.h); NULL when the row has
                       * none (its engine writes text only, a ruleset change, a row written before
                       * schema 9 and not yet filled: `melee-gm-cli check --fill-said`) */
  gint64   time;      /* unix time, microseconds (g_get_real_time) */
  gboolean undone;
} MgJournalEntry;

void mg_journal_entry_free (MgJournalEntry *entry);
/* Does the entry's events array hold an event meant for one seat only ("seat": NAME)? */
gboolean mg_journal_entry_has_secret (const MgJournalEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgJournalEntry, mg_journal_entry_free)

typedef struct {
  gint64  id;
  char   *name;
  gint64  started;   /* unix time, microseconds */
} MgSession;

void mg_session_free (MgSession *session);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgSession, mg_session_free)

#define MG_TYPE_CAMPAIGN (mg_campaign_get_type ())
G_DECLARE_FINAL_TYPE (MgCampaign, mg_campaign, MG, CAMPAIGN, GObject)

/* Creates PATH (must not exist). ruleset NULL = the game's shipped default (copied in).
 * players: NULL-terminated, rules->min_players..max_players distinct names (else
 * MG_CAMPAIGN_ERROR_INVALID, as for an empty name).  seed: for dice rolled in the app. */
MgCampaign  *mg_campaign_create       (const char         *path,
                                       const char         *game_id,
                                       const char         *name,
                                       const char * const *players,
                                       json_object        *ruleset,
                                       guint32             seed,
                                       GError            **error);
/* Opens an existing campaign; refuses newer/foreign/corrupt files without writing to them. */
MgCampaign  *mg_campaign_open         (const char *path, GError **error);

const char  *mg_campaign_get_path     (MgCampaign *self);
const char  *mg_campaign_get_name     (MgCampaign *self);
const char  *mg_campaign_get_game_id  (MgCampaign *self);
const MgRules *mg_campaign_get_rules  (MgCampaign *self);
const char * const *mg_campaign_get_players (MgCampaign *self);  /* owned by self */
guint32      mg_campaign_get_seed     (MgCampaign *self);

/* The campaign's own copy of the ruleset (owned by self; do not modify). */
json_object *mg_campaign_get_ruleset  (MgCampaign *self);
/* Checks the ruleset, then that every active journal action still replays under it;
 * on refusal nothing changes and the message says which check failed.  A change is one journal
 * row of the referee's ("GM", action {"type":"_ruleset"}: mg-campaign-rules.h) in the same
 * commit, which undo and redo take back and make again; the same ruleset again writes nothing. */
gboolean     mg_campaign_set_ruleset  (MgCampaign *self, json_object *ruleset, GError **error);

/* The current state (owned by self, valid until the next act/undo/redo). */
const MgState *mg_campaign_get_state  (MgCampaign *self);

/* Applies one action.  If action has a "dice" array, those are the dice typed from the
 * table (all must be used); otherwise dice are rolled with the campaign's seed.
 * The journal row (and, at a turn boundary, a snapshot when the policy in
 * mg-campaign-private.h calls for one) is committed in one transaction before this returns.
 * Returns the new journal entry (free it); on refusal NULL, error set, nothing written. */
MgJournalEntry *mg_campaign_act       (MgCampaign *self, json_object *action, GError **error);
/* A stream of actions, as a script gives them (melee-gm-cli act): mg_campaign_act on each,
 * one after another, with the same results and the same commit per action; but each action's
 * engine work runs while the action before it is being committed, by a thread of the stream's
 * own.  `next` gives the next action (a new reference) and MG_ACT_NEXT_ACTION; when `wait` is
 * FALSE it may answer MG_ACT_NEXT_LATER rather than wait for one (the stream then tells the
 * action in flight first, so a script that waits for each answer is answered); MG_ACT_NEXT_END
 * ends the stream.  `done` is called on the calling thread for each action, in order, once its
 * row is committed (entry) or it is refused (error); FALSE from it ends the stream.  Memory
 * equals the file when this returns.  "changed" is emitted once, at the end, when rows were
 * written (a handler may read the campaign, which the writer thread is using until then). */
/* How many actions a stream's engine may run ahead of its writer: enough that the writer finds
 * the next one waiting when it has committed one (no thread wakes up on the way), few enough
 * that a failed write makes little to do again.  So when a stream is killed, up to this many
 * actions may be committed whose `done` was not called yet. */
#define MG_CAMPAIGN_ACT_AHEAD 4
typedef enum {
  MG_ACT_NEXT_ACTION,
  MG_ACT_NEXT_LATER,
  MG_ACT_NEXT_END,
} MgActNext;
typedef MgActNext (*MgCampaignActSource) (gboolean wait, json_object **action, gpointer data);
typedef gboolean  (*MgCampaignActDone)   (json_object *action, const MgJournalEntry *entry,
                                          const GError *error, gpointer data);
void         mg_campaign_act_stream   (MgCampaign *self, MgCampaignActSource next,
                                       MgCampaignActDone done, gpointer data);
/* Same, but only checks (no dice, no write). */
gboolean     mg_campaign_validate     (MgCampaign *self, json_object *action, GError **error);

/* Undo/redo up to `steps` actions; *done says how many were.  Undone rows stay in the
 * journal, marked; redo only restores rows undone after the last active action. */
gboolean     mg_campaign_undo         (MgCampaign *self, guint steps, guint *done, GError **error);
gboolean     mg_campaign_redo         (MgCampaign *self, guint steps, guint *done, GError **error);
/* The same for one step, returning the row undone / redone as the file now has it (free it);
 * NULL with MG_CAMPAIGN_ERROR_NOTHING when there is none.  Messages name this row: another
 * process may have added rows since the caller last looked. */
MgJournalEntry *mg_campaign_undo_entry (MgCampaign *self, GError **error);
MgJournalEntry *mg_campaign_redo_entry (MgCampaign *self, GError **error);
gboolean     mg_campaign_can_undo     (MgCampaign *self);
gboolean     mg_campaign_can_redo     (MgCampaign *self);

/* The journal: count and a page of rows, oldest first, undone rows included. */
gint64       mg_campaign_journal_count (MgCampaign *self);
GPtrArray   *mg_campaign_journal_range (MgCampaign *self, gint64 offset, gint64 limit, GError **error); /* of MgJournalEntry* */
MgJournalEntry *mg_campaign_journal_get (MgCampaign *self, gint64 seq, GError **error);
/* Reading the journal without copying it: the rows in force that match a filter, oldest
 * first, each handed to `func` with borrowed text (valid during the call only).  A turn is read
 * through the journal's turn index, a seq range (a session, see mg_campaign_session_span) through
 * the primary key; only the columns asked for are read.  Exports use it. */
typedef enum {
  MG_JOURNAL_READ_DICE   = 1 << 0,
  MG_JOURNAL_READ_EVENTS = 1 << 1,
  MG_JOURNAL_READ_SAID   = 1 << 2,
} MgJournalReadFields;

typedef struct {
  gint64              first_seq; /* > 0: only rows with seq >= first_seq */
  gint64              last_seq;  /* > 0: only rows with seq <= last_seq */
  gint64              session;   /* > 0: only this session */
  gint                turn;      /* > 0: only this turn */
  const char         *actor;     /* non-NULL: only this actor */
  MgJournalReadFields fields;    /* the optional columns wanted */
} MgJournalFilter;

typedef struct {
  gint64      seq;
  gint64      session;
  gint        turn;
  const char *actor;
  const char *summary;
  const char *dice;     /* NULL unless MG_JOURNAL_READ_DICE */
  const char *events;   /* NULL unless MG_JOURNAL_READ_EVENTS */
  const char *said;     /* NULL unless MG_JOURNAL_READ_SAID and the row has one (MgJournalEntry) */
  gboolean    secret;   /* one of its events is for one seat only ("seat"): told only once revealed */
} MgJournalRead;

/* Return FALSE (and set error) to stop the read with that error. */
typedef gboolean (*MgJournalReadFunc) (const MgJournalRead *row, gpointer data, GError **error);

gboolean     mg_campaign_journal_read (MgCampaign *self, const MgJournalFilter *filter,
                                       MgJournalReadFunc func, gpointer data, GError **error);
/* Is there a row in force matching filter?  (The fields are ignored.) */
gboolean     mg_campaign_journal_any  (MgCampaign *self, const MgJournalFilter *filter,
                                       gboolean *found, GError **error);
/* The seqs of the first and last rows of a session (0, 0 if it has none), found by a binary
 * search on the primary key: a session's rows are one run of seqs, as sessions only begin. */
gboolean     mg_campaign_session_span (MgCampaign *self, gint64 session, gint64 *first,
                                       gint64 *last, GError **error);
/* The state after journal row `seq` (undone rows skipped), for step-by-step replay. Free with mg_state_free. */
MgState     *mg_campaign_state_at     (MgCampaign *self, gint64 seq, GError **error);

/* Sessions: create starts a new one and makes it current. */
GPtrArray   *mg_campaign_list_sessions (MgCampaign *self, GError **error);  /* of MgSession* */
gint64       mg_campaign_get_session   (MgCampaign *self);
gint64       mg_campaign_new_session   (MgCampaign *self, const char *name, GError **error);

/* PRAGMA integrity_check, foreign keys, and a full replay equal to the cached state. */
gboolean     mg_campaign_check        (MgCampaign *self, GError **error);
/* How many rows' kept sentences (schema 9) the last check's replay says otherwise: worded anew
 * by this version, or edited outside Melee GM. Not damage; `check --fill-said` tells them again. */
gint64       mg_campaign_get_said_differ (MgCampaign *self);

/* Is a check of the file due before this process's first write (a copied, restored or
 * uncleanly closed file: not sealed, not yet checked, writable)? Then the first write would run
 * the whole `check` (seconds at 100k rows): the app runs it in a thread first. */
gboolean     mg_campaign_needs_check  (MgCampaign *self);
/* That check, safe to run in another thread: the file opened read-only on a connection and a
 * campaign of its own, no open MgCampaign touched. `progress` (may be NULL) is called from that
 * thread now and then with the fraction done (0..1). */
typedef void (*MgCheckProgress) (double fraction, gpointer data);
gboolean     mg_campaign_check_path   (const char *path, MgCheckProgress progress, gpointer data,
                                       GError **error);
/* mg_campaign_check, telling `progress` (from the calling thread) the fraction done now and then. */
gboolean     mg_campaign_check_with_progress (MgCampaign *self, MgCheckProgress progress, gpointer data,
                                              GError **error);
/* mg_campaign_open, telling `progress` (from the calling thread) how far its long steps are,
 * when it has any: the check before a migration of an older file that was not left sealed, and
 * the replay from the start of a campaign played under an earlier revision of the game's rules
 * with the renewal of its snapshots. An open of a sealed campaign of this version calls it never. */
MgCampaign  *mg_campaign_open_with_progress (const char *path, MgCheckProgress progress, gpointer data,
                                             GError **error);
/* While such a check runs for self (on the main thread): every change is refused with
 * MG_CAMPAIGN_ERROR_CHECKING, in plain words; the table's "checking" and "check-fraction"
 * follow. mg_campaign_checked () ends it with the check's result: sound (writes need not ask
 * again), or the reason every write is refused from then on. */
void         mg_campaign_set_checking (MgCampaign *self, double fraction);
void         mg_campaign_checked      (MgCampaign *self, const GError *error);

/* Another process (the CLI, a second window) may write the file.  This asks SQLite whether
 * anyone else committed since memory last matched the file (PRAGMA data_version: no I/O, a
 * few microseconds, meant for a timer); if so it reloads and emits "changed".  *changed (if
 * given) says whether it did. */
gboolean     mg_campaign_refresh      (MgCampaign *self, gboolean *changed, GError **error);

/* Opened read-only because the file or its folder cannot be written: every change is refused
 * (MG_CAMPAIGN_ERROR_READ_ONLY), reading works, and no -wal or -shm is left beside it. */
gboolean     mg_campaign_is_read_only (MgCampaign *self);

/* Signal "changed": emitted after act/undo/redo/set_ruleset/new_session, and after a refresh
 * that found another process's changes. */

/* The journal's fingerprint: 12 hex digits ("1a2b-3c4d-5e6f") of a hash of the head of its
 * chain (its last row and its last undo mark), which players compare with their own copy's
 * (docs/cli.md).  NULL for a file without the chain (read-only, before schema 6). For the
 * referee (`melee-gm-cli check`): it covers every secret ever entered. */
char        *mg_campaign_dup_fingerprint (MgCampaign *self);
/* The same for what the whole table sees (exports, the Journal page): NULL for a game that
 * declares secret actions, whose chain covers values that may stay hidden for good (Meeple's
 * meeples never picked, an undone bid) and that a value of few possibilities (a bid of 0 to 20)
 * would give away to anyone trying each. */
char        *mg_campaign_dup_shared_fingerprint (MgCampaign *self);
/* Whether another program changed the file since this object checked it or last wrote (its
 * size and times, a few stat calls): its next write checks the whole file first.  The app asks
 * each second and runs that check off the main thread (mg_campaign_check on a connection of its
 * own seals the file when sound, so the write then need not). */
gboolean     mg_campaign_changed_outside (MgCampaign *self);
/* Forgets what this computer's Melee GM acknowledged for the file at path, so that a file
 * that lost its tail (MG_CAMPAIGN_ERROR_LOST) can be checked and written again as it is. */
void         mg_campaign_accept_lost     (const char *path);

G_END_DECLS

/* The campaign's one table object: what pages show, and what each change touched. */
#include "mg-table.h"

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign.c — one campaign = one SQLite file: journal, snapshots, undo/redo, replay.
 *
 * The journal is the truth: the state in memory is always the last valid snapshot plus a
 * replay of the rows in force after it, and every change is committed before it is reported.
 * journal.undone: 0 = in force, 1 = undone (redo can restore it), 2 = undone for good.
 * Rows with undone = 1 always lie after the last row in force; redo restores them in order.
 * Here: errors, small helpers, journal entries, loading, the GObject and its getters; the rest
 * in mg-campaign-{open,replay,tables,journal,undo,check}.c (shared: mg-campaign-private.h). */
#include "config.h"
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-chronicle.h"
#include "mg-ruleset.h"
#include "mg-store.h"
#include "mg-game.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MgCampaign, mg_campaign, G_TYPE_OBJECT)
G_DEFINE_QUARK (mg-campaign-error-quark, mg_campaign_error)

/* ---- errors ---------------------------------------------------------------------------- */

/* Store errors leave the public API as campaign errors: damage → CORRUPT, the rest → SQLITE;
 * the message stays SQLite's. */
void
mg_campaign_convert_error (GError **error)
{
  GError *e = error ? *error : NULL;

  if (!e || e->domain != MG_STORE_ERROR)
    return;
  if (e->code == SQLITE_FULL)
    {
      /* SQLite's "database or disk is full": say what to do; its commits are all kept. */
      g_free (e->message);
      e->message = g_strdup (_("The disk is full: free some space and try again (every action "
                               "acknowledged is kept)"));
    }
  else if (e->code == SQLITE_BUSY)
    {
      /* SQLite's "database is locked", once the busy timeout (30 s) is out: another program
       * holds the file's lock that long. Say who it may be and what to do. */
      g_free (e->message);
      e->message = g_strdup (_("Another program keeps the campaign locked (the sqlite3 shell in a "
                               "transaction, or Melee GM on another computer sharing the folder): "
                               "close it, then try again; nothing was changed"));
    }
  e->code = (e->code == SQLITE_CORRUPT || e->code == SQLITE_NOTADB)
            ? MG_CAMPAIGN_ERROR_CORRUPT : MG_CAMPAIGN_ERROR_SQLITE;
  e->domain = MG_CAMPAIGN_ERROR;
}

gboolean
mg_campaign_fail_nothing (GError **error, const char *message)
{
  g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOTHING, message);
  return FALSE;
}

/* ---- small helpers --------------------------------------------------------------------- */

const char *
mg_campaign_json_text (json_object *obj)
{
  return json_object_to_json_string_ext (obj, JSON_FLAGS);
}

json_object *
mg_campaign_json_parse_text (const char *text)
{
  return text ? json_tokener_parse (text) : NULL;
}

char *
mg_campaign_column_dup (sqlite3_stmt *stmt, int col)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, col));
}

/* The seed of the dice rolled in the app for journal row seq: the campaign seed and seq
 * mixed (splitmix64), so a row's roll depends on nothing but the two. */
guint32
mg_campaign_row_seed (guint32 seed, gint64 seq)
{
  guint64 z = (((guint64) seed << 32) ^ (guint64) seq) + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return (guint32) (z ^ (z >> 31));
}

/* The action without its "dice" member (new reference); *dice is that member (borrowed) or NULL. */
json_object *
mg_campaign_strip_dice (json_object *action, json_object **dice)
{
  json_object *clean;

  *dice = NULL;
  if (!json_object_object_get_ex (action, "dice", dice))
    return json_object_get (action);

  clean = json_object_new_object ();
  json_object_object_foreach (action, key, val)
    if (strcmp (key, "dice") != 0)
      json_object_object_add (clean, key, json_object_get (val));
  if (json_object_is_type (*dice, json_type_null))
    *dice = NULL;
  return clean;
}

/* Who declared the action: its "player", else whom the engine names (a figure's owner), else
 * the referee. */
const char *
mg_campaign_action_actor (const MgState *state, json_object *action)
{
  const char *actor = mg_state_actor (state, action);

  return actor != NULL ? actor : "GM";
}

gboolean
mg_campaign_check_action_object (json_object *action, GError **error)
{
  if (!json_object_is_type (action, json_type_object))
    g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                         _("An action is a JSON object"));
  /* Replay skips it: only mg_campaign_set_ruleset writes one. */
  else if (mg_campaign_rules_is_row (action))
    g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                         _("A change of the ruleset is made on the Rules page, not as an action"));
  else
    return TRUE;
  return FALSE;
}

/* ---- journal entries, sessions --------------------------------------------------------- */

gboolean
mg_journal_entry_has_secret (const MgJournalEntry *entry)
{
  json_object *events = entry->events != NULL ? json_tokener_parse (entry->events) : NULL;
  gboolean secret = FALSE;

  if (json_object_is_type (events, json_type_array))
    for (size_t i = 0; i < json_object_array_length (events) && !secret; i++)
      secret = json_object_object_get_ex (json_object_array_get_idx (events, i), "seat", NULL);
  json_object_put (events);
  return secret;
}

void
mg_journal_entry_free (MgJournalEntry *entry)
{
  if (!entry)
    return;
  g_free (entry->actor);
  g_free (entry->action);
  g_free (entry->dice);
  g_free (entry->events);
  g_free (entry->summary);
  g_free (entry->said);
  g_free (entry);
}

void
mg_session_free (MgSession *session)
{
  if (!session)
    return;
  g_free (session->name);
  g_free (session);
}

MgJournalEntry *
mg_campaign_entry_from_row (sqlite3_stmt *stmt)
{
  MgJournalEntry *e = g_new0 (MgJournalEntry, 1);

  e->seq = sqlite3_column_int64 (stmt, 0);
  e->session = sqlite3_column_int64 (stmt, 1);
  e->turn = sqlite3_column_int (stmt, 2);
  e->actor = mg_campaign_column_dup (stmt, 3);
  e->action = mg_campaign_column_dup (stmt, 4);
  e->dice = mg_campaign_column_dup (stmt, 5);
  e->events = mg_campaign_column_dup (stmt, 6);
  e->summary = mg_campaign_column_dup (stmt, 7);
  e->time = sqlite3_column_int64 (stmt, 8);
  e->undone = sqlite3_column_int (stmt, 9) != 0;
  e->said = mg_campaign_column_dup (stmt, 10);
  return e;
}

/* ---- loading --------------------------------------------------------------------------- */

void
mg_campaign_set_state (MgCampaign *self, MgState *state)
{
  g_clear_pointer (&self->undo_state, mg_state_free);
  g_clear_pointer (&self->state, mg_state_free);
  self->state = state;
  self->turn = mg_state_turn (state);
}

void
mg_campaign_keep_undo_state (MgCampaign *self, MgState *before, gint64 seq, guint since_snap)
{
  g_clear_pointer (&self->undo_state, mg_state_free);
  self->undo_state = before;
  self->undo_seq = seq;
  self->undo_since_snap = since_snap;
}

MgState *
mg_campaign_take_undo_state (MgCampaign *self, gint64 seq, guint *since_snap)
{
  if (self->undo_state == NULL || self->undo_seq != seq || seq != self->last_active)
    return NULL;
  *since_snap = self->undo_since_snap;
  return g_steal_pointer (&self->undo_state);
}

static gboolean
query_seq_int (MgCampaign *self, const char *sql, gint64 arg, gint64 *out, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store, sql, error);
  int rc;

  *out = 0;
  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, arg);
  if ((rc = mg_store_step (self->store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW)
    *out = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* last_active and can_redo, as the file (or the open transaction) has them. */
gboolean
mg_campaign_query_undo_marks (MgCampaign *self, UndoMarks *marks, GError **error)
{
  gint64 redo;

  if (!query_seq_int (self, "SELECT seq FROM journal WHERE undone = 0 AND seq <= ?1 "
                            "ORDER BY seq DESC LIMIT 1", G_MAXINT64, &marks->last_active, error) ||
      !query_seq_int (self, "SELECT EXISTS (SELECT 1 FROM journal WHERE seq > ?1 AND undone = 1)",
                      marks->last_active, &redo, error))
    return FALSE;
  marks->can_redo = redo != 0;
  return TRUE;
}

void
mg_campaign_set_undo_marks (MgCampaign *self, const UndoMarks *marks)
{
  self->last_active = marks->last_active;
  self->can_redo = marks->can_redo;
}

gboolean
mg_campaign_corrupt (MgCampaign *self, GError **error, const char *what)
{
  g_autofree char *display = g_filename_display_name (self->path);

  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
               _("“%s” is a damaged campaign: %s"), display, what);
  return FALSE;
}

/* Not the file's fault: telling the referee to restore a backup would be wrong. */
gboolean
mg_campaign_engine_fault (MgCampaign *self, GError **error, const char *what)
{
  g_autofree char *display = g_filename_display_name (self->path);

  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_ENGINE,
               _("Melee GM could not record this in “%s”: %s. This is a fault of Melee GM, not of "
                 "the campaign, which was left as it was; please report it."), display, what);
  return FALSE;
}

/* Which revision of the game's engine made the file's snapshots (schema 10; revision 1 in a
 * file before it). An earlier one than this build's: its snapshots are not read (a replay starts
 * from the journal's start) until mg-campaign-open.c makes them again; a later one: refused. */
static gboolean
load_engine_revision (MgCampaign *self, GError **error)
{
  guint ours = mg_game_engine_revision (self->game);
  gint64 has_column;

  self->engine_revision = 1;
  if (!mg_store_query_int (self->store,
                           "SELECT count (*) FROM pragma_table_info ('campaign') WHERE name = 'engine_revision'",
                           &has_column, error) ||
      (has_column &&
       !mg_store_query_int (self->store, "SELECT engine_revision FROM campaign WHERE id = 1",
                            &self->engine_revision, error)))
    return FALSE;
  if (self->engine_revision > ours)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_TOO_NEW,
                   /* Translators: %s is a game's name; revisions are numbers of its rules engine. */
                   _("This campaign was last played by a newer Melee GM, whose %s rules are at revision "
                     "%lld (this version’s are at %u). Open it with a newer version."),
                   _(self->rules->name), (long long) self->engine_revision, ours);
      return FALSE;
    }
  self->stale_snapshots = self->engine_revision < ours;
  return TRUE;
}

static gboolean
load_campaign_row (MgCampaign *self, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      "SELECT name, game, seed, ruleset FROM campaign WHERE id = 1", error);
  json_object *ruleset;
  int rc;

  if (!stmt || (rc = mg_store_step (self->store, stmt, error)) < 0)
    return FALSE;
  if (rc != SQLITE_ROW)
    return mg_campaign_corrupt (self, error, _("it has no campaign row"));

  g_free (self->name);
  g_free (self->game_id);
  self->name = mg_campaign_column_dup (stmt, 0);
  self->game_id = mg_campaign_column_dup (stmt, 1);
  self->seed = (guint32) sqlite3_column_int64 (stmt, 2);
  self->game = mg_game_lookup (self->game_id);
  self->rules = self->game ? self->game->rules : NULL;
  if (!self->rules)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_UNKNOWN_GAME,
                   _("This campaign plays “%s”, a game this version of Melee GM does not know"),
                   self->game_id ? self->game_id : "");
      return FALSE;
    }
  ruleset = mg_campaign_json_parse_text ((const char *) sqlite3_column_text (stmt, 3));
  if (!json_object_is_type (ruleset, json_type_object))
    {
      json_object_put (ruleset);
      return mg_campaign_corrupt (self, error, _("its ruleset is not a JSON object"));
    }
  json_object_put (self->ruleset);
  self->ruleset = ruleset;
  return load_engine_revision (self, error);
}

static gboolean
load_players (MgCampaign *self, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      "SELECT name FROM player ORDER BY seat", error);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  int rc;

  if (!stmt)
    return FALSE;
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    g_strv_builder_add (builder, (const char *) sqlite3_column_text (stmt, 0));
  if (rc < 0)
    return FALSE;
  g_strfreev (self->players);
  self->players = g_strv_builder_end (builder);
  return TRUE;
}

/* The journal's rows: max (seq), one seek, as Melee GM numbers them 1, 2, 3, … and deletes none;
 * counted row by row only in a file whose seqs may have a gap (edited by hand: schema/0005
 * notes it in journal_edited) or older than that schema.  Call after last_seq is read. */
static gboolean
count_journal (MgCampaign *self, GError **error)
{
  gint64 version, edited = 1;

  if (!mg_store_query_int (self->store, "PRAGMA user_version", &version, error) ||
      (version >= 5 &&
       !mg_store_query_int (self->store, "SELECT EXISTS (SELECT 1 FROM journal_edited)", &edited, error)))
    return FALSE;
  if (!edited)
    {
      self->count = self->last_seq;
      return TRUE;
    }
  return mg_store_query_int (self->store, "SELECT count (*) FROM journal", &self->count, error);
}

/* Whether the file has journal.said (schema 9): a file before it, opened read-only, has not. */
gboolean
mg_campaign_query_has_said (MgCampaign *self, GError **error)
{
  gint64 n;

  if (!mg_store_query_int (self->store,
                           "SELECT count (*) FROM pragma_table_info ('journal') WHERE name = 'said'",
                           &n, error))
    return FALSE;
  self->has_said = n > 0;
  return TRUE;
}

/* A journal played under an earlier revision of the engine that this one does not replay: a
 * rule now refuses a row it accepted. Not damage (nothing in the file is wrong): the file is
 * refused as it is, with the row and the engine's reason. */
gboolean
mg_campaign_stale_refused (MgCampaign *self, GError *local, GError **error)
{
  if (local->domain == MG_STORE_ERROR || local->domain == MG_CAMPAIGN_ERROR)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_REPLAY,
               /* Translators: the first %s is a game's name; the last is the engine's reason,
                * which starts with the journal row's number. */
               _("This campaign was played under revision %lld of Melee GM’s %s rules, and this "
                 "version’s (revision %u) no longer replays its journal: %s. Open it with the Melee "
                 "GM that played it; nothing was changed."),
               (long long) self->engine_revision, _(self->rules->name),
               mg_game_engine_revision (self->game), local->message);
  g_error_free (local);
  return FALSE;
}

/* A replay from the start (another revision's snapshots) on open: its progress, every 1,024 rows. */
static gboolean
load_progress_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before, const char *kept_said,
                   const MgSaid *said, gpointer data, GError **error)
{
  if ((seq & 1023) == 0 && self->last_seq > 0)
    self->check_progress ((double) seq / self->last_seq, self->check_progress_data);
  return TRUE;
}

/* Everything memory holds about the file: the campaign row, players, counters, the state. */
static gboolean
load_all_locked (MgCampaign *self, GError **error)
{
  g_autoptr(GError) local = NULL;
  ReplayInfo info = { 0 };
  UndoMarks marks;
  MgState *state;
  gint64 version;

  if (!load_campaign_row (self, error) ||
      !load_players (self, error) ||
      !mg_store_query_int (self->store, "SELECT max (id) FROM session", &self->session, error) ||
      !mg_store_query_int (self->store, "SELECT max (seq) FROM journal", &self->last_seq, error) ||
      !count_journal (self, error) ||
      !mg_campaign_query_undo_marks (self, &marks, error) ||
      !mg_store_query_int (self->store, "PRAGMA data_version", &version, error))
    return FALSE;
  /* Another connection committed since memory last matched the file: its entity tables may
   * hold anything. */
  if (version != self->data_version)
    mg_campaign_tables_unknown (self);
  self->data_version = version;
  if (!mg_campaign_query_has_said (self, error))
    return FALSE;
  mg_campaign_set_undo_marks (self, &marks);
  if (self->session <= 0)
    return mg_campaign_corrupt (self, error, _("it has no session"));

  /* Another revision's snapshots, in an open that will renew them: the renewal's check replays
   * from the start anyway and its replay becomes the state (mg_campaign_check). */
  if (self->stale_snapshots && self->defer_state)
    {
      g_clear_pointer (&self->undo_state, mg_state_free);
      g_clear_pointer (&self->state, mg_state_free);
      self->since_snap = 0;
      return TRUE;
    }
  state = mg_campaign_replay (self, self->ruleset, TRUE, G_MAXINT64,
                              self->stale_snapshots && self->check_progress != NULL ? load_progress_row : NULL,
                              NULL, &info, self->stale_snapshots ? &local : error);
  if (!state && local != NULL)
    return mg_campaign_stale_refused (self, g_steal_pointer (&local), error);
  if (!state)
    return FALSE;
  mg_campaign_set_state (self, state);
  self->since_snap = info.since_snap;
  return TRUE;
}

/* The same, read in one transaction so that a writer in another process cannot slip a row in
 * between the counters and the state. */
gboolean
mg_campaign_load_all (MgCampaign *self, GError **error)
{
  gboolean ok;

  if (mg_store_in_transaction (self->store))
    return load_all_locked (self, error);
  if (!mg_store_exec (self->store, "BEGIN", error))
    return FALSE;
  ok = load_all_locked (self, error);
  if (ok)
    ok = mg_store_commit (self->store, error);
  else
    mg_store_rollback (self->store);
  return ok;
}

gboolean
mg_campaign_ensure_state (MgCampaign *self, GError **error)
{
  if (self->state != NULL)
    return TRUE;
  self->defer_state = FALSE;
  return mg_campaign_load_all (self, error);
}

/* If another connection changed the file since memory last matched it, reload (*reloaded, if
 * given, says so), so that the next action applies to the state on disk: inside a write
 * transaction, or before the engine runs (mg_campaign_act). */
gboolean
mg_campaign_sync_if_stale (MgCampaign *self, gboolean *reloaded, GError **error)
{
  gint64 version;

  if (reloaded != NULL)
    *reloaded = FALSE;
  if (!mg_store_query_int (self->store, "PRAGMA data_version", &version, error))
    return FALSE;
  if (version == self->data_version)
    return TRUE;
  if (reloaded != NULL)
    *reloaded = TRUE;
  /* Another connection wrote: its entity tables are not what we last wrote. */
  mg_campaign_tables_unknown (self);
  return mg_campaign_load_all (self, error);
}

/* After a failure that may have left memory different from the file: rebuild from the file. */
void
mg_campaign_resync (MgCampaign *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->undo_state, mg_state_free);   /* even if the reload fails */
  mg_store_rollback (self->store);
  if (!mg_campaign_load_all (self, &error))
    g_warning ("Cannot reload campaign %s: %s", self->path, error->message);
}

gboolean
mg_campaign_begin_locked (MgCampaign *self, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (!mg_campaign_check_writable (self, error))
    return FALSE;
  if (!mg_store_begin (self->store, &local))
    {
      if (!g_error_matches (local, MG_STORE_ERROR, MG_STORE_ERROR_CHANGED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* Another program changed the file since this process checked it or last wrote: check
       * it again, from the disk, before writing (issue 42). */
      self->sound = FALSE;
      mg_store_forget_cache (self->store);
      if (!mg_campaign_ensure_sound (self, error) || !mg_store_begin (self->store, error))
        return FALSE;
    }
  if (!mg_campaign_sync_if_stale (self, NULL, error))
    {
      mg_store_rollback (self->store);
      return FALSE;
    }
  return TRUE;
}

/* ---- GObject --------------------------------------------------------------------------- */

static void
mg_campaign_finalize (GObject *object)
{
  MgCampaign *self = MG_CAMPAIGN (object);

  g_clear_pointer (&self->undo_state, mg_state_free);
  g_clear_pointer (&self->state, mg_state_free);
  mg_campaign_forget_mem_marks (self);
  g_clear_pointer (&self->store, mg_store_free);
  g_clear_pointer (&self->ruleset, json_object_put);
  g_clear_pointer (&self->players, g_strfreev);
  g_free (self->path);
  g_free (self->name);
  g_free (self->game_id);
  g_clear_pointer (&self->table_rows, mg_rows_free);
  g_clear_pointer (&self->spare_rows, mg_rows_free);
  g_clear_pointer (&self->unique_cols, g_hash_table_unref);
  g_clear_error (&self->unsound);
  g_clear_pointer (&self->chronicle, mg_chronicle_cache_free);

  G_OBJECT_CLASS (mg_campaign_parent_class)->finalize (object);
}

static void
mg_campaign_dispose (GObject *object)
{
  MgCampaign *self = MG_CAMPAIGN (object);

  /* The table object goes with its campaign (it holds a weak pointer back). */
  g_clear_object (&self->table);
  G_OBJECT_CLASS (mg_campaign_parent_class)->dispose (object);
}

static void
mg_campaign_class_init (MgCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mg_campaign_finalize;
  object_class->dispose = mg_campaign_dispose;

  /* After every change of the file made through this object: act, undo, redo, set_ruleset,
   * new_session. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mg_campaign_init (MgCampaign *self)
{
}

void
mg_campaign_emit_changed (MgCampaign *self)
{
  mg_campaign_emit_rows_changed (self, MG_TABLE_ROWS_OTHER, 0, 0, 0, NULL);
}

void
mg_campaign_emit_rows_changed (MgCampaign *self, MgTableRows kind, gint64 first_seq,
                               gint64 last_seq, guint n_rows, const char *events)
{
  self->change = (MgCampaignRows) { kind, first_seq, last_seq, n_rows, events };
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  self->change = (MgCampaignRows) { MG_TABLE_ROWS_OTHER, 0, 0, 0, NULL };
}

/* ---- getters --------------------------------------------------------------------------- */

const char *
mg_campaign_get_path (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return self->path;
}

const char *
mg_campaign_get_name (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return self->name;
}

const char *
mg_campaign_get_game_id (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return self->game_id;
}

const MgRules *
mg_campaign_get_rules (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return self->rules;
}

const char * const *
mg_campaign_get_players (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return (const char * const *) self->players;
}

guint32
mg_campaign_get_seed (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), 0);
  return self->seed;
}

json_object *
mg_campaign_get_ruleset (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return self->ruleset;
}

const MgState *
mg_campaign_get_state (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return self->state;
}

gboolean
mg_campaign_can_undo (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return self->last_active > 0;
}

gboolean
mg_campaign_can_redo (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return self->can_redo;
}

gint64
mg_campaign_get_session (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), 0);
  return self->session;
}

gint64
mg_campaign_journal_count (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), 0);
  return self->count;
}

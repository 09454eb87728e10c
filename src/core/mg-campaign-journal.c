/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-journal.c — the journal: acting, streams of actions, reading rows, sessions. */
#include "config.h"
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-ruleset.h"
#include "mg-store.h"
#include "mg-game.h"
#include "mg-chronicle.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* ---- acting ---------------------------------------------------------------------------- */

gboolean
mg_campaign_validate (MgCampaign *self, json_object *action, GError **error)
{
  json_object *dice, *clean;
  gboolean ok;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  if (!mg_campaign_check_action_object (action, error))
    return FALSE;
  clean = mg_campaign_strip_dice (action, &dice);
  ok = mg_state_validate (self->state, clean, error);
  json_object_put (clean);
  return ok;
}

/* The said is in no hash (docs/messages.md): `check` proves it by replay. A file without the
 * column is never written (read-only): the statement without it only keeps that case sound.
 * The last row's hashes are scalar subqueries of a VALUES: an INSERT … SELECT from the journal
 * into itself made SQLite build two temporary tables per append (the SELECT materialised, and
 * its result copied before the insert), whose freed pages trimmed the writer thread's heap with
 * an madvise each time (perf: ~6% of MecaKnights' writer, its TLB flush reaching every CPU). */
#define INSERT_ROW(said_column, said_value) \
      "INSERT INTO journal (seq, session, turn, actor, action, dice, events, summary, time, hash, public_hash" \
      said_column ") " \
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, " \
      "mg_row_hash ((SELECT hash FROM journal ORDER BY seq DESC LIMIT 1), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9), " \
      "mg_public_hash ((SELECT public_hash FROM journal ORDER BY seq DESC LIMIT 1), ?1, ?2, ?3, ?4, ?8, ?6, ?7)" \
      said_value ")"

static gboolean
insert_row (MgCampaign *self, const MgJournalEntry *e, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      self->has_said ? INSERT_ROW (", said", ", ?10") : INSERT_ROW ("", ""), error);

  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, e->seq);
  sqlite3_bind_int64 (stmt, 2, e->session);
  sqlite3_bind_int (stmt, 3, e->turn);
  sqlite3_bind_text (stmt, 4, e->actor, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 5, e->action, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 6, e->dice, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 7, e->events, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 8, e->summary, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 9, e->time);
  if (self->has_said)
    sqlite3_bind_text (stmt, 10, e->said, -1, SQLITE_STATIC);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

/* One action as the engine made it, ready to be written.  Everything the write needs is
 * computed here from the state, with no I/O, so that a stream of actions
 * (mg_campaign_act_stream) computes the next one while a thread of its own commits this one;
 * mg_campaign_act does the two one after the other. */
typedef struct {
  json_object    *action;      /* as given (a reference) */
  MgJournalEntry *entry;       /* NULL when refused: `error` says why */
  GError         *error;
  gboolean        mg_campaign_resync;      /* refused after the engine changed the state: reload it */
  gboolean        drop_redo;   /* rows undone after `kept` are dropped for good */
  gint64          kept;
  char           *snapshot;    /* the state after the action when a snapshot is due, or NULL */
  gint            snapshot_turn;
  MgRows         *tables;      /* the entity rows after it (NULL: the game has none) */
  MgChronicleRow *chronicle;   /* its public series values that changed (mg-chronicle.h) */
  /* set by act_write (a stream's writer thread) */
  gboolean        written;
  gboolean        conflict;    /* another connection wrote since memory last matched the file */
  GError         *write_error;
} Acted;

static void
acted_free (Acted *a)
{
  json_object_put (a->action);
  g_clear_pointer (&a->entry, mg_journal_entry_free);
  g_clear_error (&a->error);
  g_free (a->snapshot);
  g_clear_pointer (&a->tables, mg_rows_free);
  mg_chronicle_row_free (a->chronicle);
  g_clear_error (&a->write_error);
  g_free (a);
}

/* A damaged campaign is never written (issue 36): before this process's first write, the file
 * must pass what `check` asks (mg_campaign_check: SQLite's integrity check, the JSON of every
 * row, a full replay against every snapshot), unless it is sealed — exactly as Melee GM left it
 * after such a check or its own writes (mg_store_is_sealed: the files' size and times), which
 * costs two stat calls.  A refusal is `check`'s own message, and is kept for later writes. */
gboolean
mg_campaign_ensure_sound (MgCampaign *self, GError **error)
{
  gboolean ok;

  if (self->sound)
    return TRUE;
  if (self->unsound != NULL)
    {
      g_propagate_error (error, g_error_copy (self->unsound));
      return FALSE;
    }
  if (mg_store_is_sealed (self->path))
    ok = TRUE;
  else
    {
      /* In one read transaction: memory and the file compared as of the same instant. */
      ok = mg_store_exec (self->store, "BEGIN", &self->unsound) &&
           mg_campaign_sync_if_stale (self, NULL, &self->unsound) &&
           mg_campaign_check (self, &self->unsound);
      mg_store_rollback (self->store);
      if (!ok)
        {
          mg_campaign_convert_error (&self->unsound);
          g_propagate_error (error, g_error_copy (self->unsound));
          return FALSE;
        }
    }
  mg_store_seal (self->store);
  self->sound = TRUE;
  return TRUE;
}

gboolean
mg_campaign_check_writable (MgCampaign *self, GError **error)
{
  g_autofree char *display = NULL;

  if (self->checking)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CHECKING,
                   /* Translators: %d is how much of the check is done, in percent. */
                   _("The campaign is being checked before its first change (%d%% done): try again when the check is over"),
                   (int) (self->check_fraction * 100));
      return FALSE;
    }
  if (!self->read_only)
    return mg_campaign_ensure_sound (self, error);
  display = g_filename_display_name (self->path);
  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_READ_ONLY,
               _("“%s” is read-only (the file or its folder cannot be written): it can be "
                 "read and exported, not changed"), display);
  return FALSE;
}

/* The engine's half: applies the action to the state in memory and moves memory's counters on
 * as if it were written (a failed write reloads them all from the file). */
static Acted *
act_prepare (MgCampaign *self, json_object *action)
{
  Acted *a = g_new0 (Acted, 1);
  g_autoptr(MgJournalEntry) e = NULL;
  g_autoptr(MgDice) dice = NULL;
  g_autoptr(MgSaid) said = NULL;
  g_autoptr(MgState) before = NULL;
  json_object *clean, *dice_json, *events, *record;
  gint turn_after;
  guint since_before = self->since_snap;
  gboolean snap;

  a->action = json_object_get (action);
  if (!mg_campaign_check_writable (self, &a->error) || !mg_campaign_check_action_object (action, &a->error))
    return a;
  clean = mg_campaign_strip_dice (action, &dice_json);
  e = g_new0 (MgJournalEntry, 1);
  e->seq = self->last_seq + 1;
  dice = dice_json ? mg_dice_new_from_json (dice_json, &a->error)
                   : mg_dice_new_seeded (mg_campaign_row_seed (self->seed, e->seq));
  if (!dice)
    goto out;
  e->turn = self->turn;
  e->actor = g_strdup (mg_campaign_action_actor (self->state, clean));
  events = mg_state_apply_keep (self->state, clean, dice, &e->summary, &said, &before, &a->error);
  if (!events)
    goto out;
  e->said = mg_campaign_said_text (said);
  a->mg_campaign_resync = TRUE;   /* from here on, a refusal leaves memory ahead of the file */
  g_clear_pointer (&self->undo_state, mg_state_free);   /* not before this row any more */
  e->events = g_strdup (mg_campaign_json_text (events));
  json_object_put (events);
  if (mg_dice_remaining (dice) > 0)
    {
      g_set_error (&a->error, MG_DICE_ERROR, MG_DICE_ERROR_UNUSED,
                   g_dngettext (GETTEXT_PACKAGE, "%u die typed was not used by this action",
                                "%u dice typed were not used by this action",
                                mg_dice_remaining (dice)),
                   mg_dice_remaining (dice));
      goto out;
    }
  record = mg_dice_to_json (dice);
  e->dice = g_strdup (mg_campaign_json_text (record));
  json_object_put (record);
  e->session = self->session;
  e->action = g_strdup (mg_campaign_json_text (clean));
  if (!e->summary)
    e->summary = g_strdup ("");
  e->time = g_get_real_time ();

  turn_after = mg_state_turn (self->state);
  snap = mg_campaign_snapshot_due (self, e->turn, turn_after);
  if (snap)
    {
      json_object *json = mg_state_to_json (self->state);

      a->snapshot = g_strdup (mg_campaign_json_text (json));
      a->snapshot_turn = turn_after;
      json_object_put (json);
    }
  if (!mg_campaign_build_tables (self, self->state, &a->tables, &a->error))
    goto out;
  a->chronicle = mg_chronicle_row_new (&self->chronicle, self->game, self->ruleset, self->state, self->last_active, e->seq, e->turn);
  a->drop_redo = self->can_redo;
  a->kept = self->last_active;

  self->turn = turn_after;
  self->since_snap = snap ? 0 : self->since_snap + 1;
  self->last_seq = self->last_active = e->seq;
  self->count++;
  self->can_redo = FALSE;
  a->mg_campaign_resync = FALSE;
  mg_campaign_keep_undo_state (self, g_steal_pointer (&before), e->seq, since_before);
  a->entry = g_steal_pointer (&e);
out:
  json_object_put (clean);
  return a;
}

/* A new action after an undo: the rows that redo could have restored are undone for good. */
static gboolean
drop_redo (MgCampaign *self, gint64 kept, GError **error)
{
  return mg_campaign_exec_seq (self, "UPDATE journal SET undone = 2 WHERE seq > ?1 AND undone = 1", kept, error);
}

/* The write's half: one transaction.  `locked`: the caller holds the write lock and memory was
 * checked against the file; else this takes the lock and sets a->conflict (writing nothing)
 * when another connection wrote since memory last matched the file.  Touches the connection,
 * the entity rows last written and nothing of the state: a stream runs it on its own thread. */
static gboolean
act_write (MgCampaign *self, Acted *a, gboolean locked, GError **error)
{
  gint64 version;

  if (!locked)
    {
      g_autoptr(GError) local = NULL;

      if (!mg_store_begin (self->store, &local))
        {
          /* Changed by another program: the main thread checks the file (act_locked). */
          a->conflict = g_error_matches (local, MG_STORE_ERROR, MG_STORE_ERROR_CHANGED);
          if (!a->conflict)
            g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (!mg_store_query_int (self->store, "PRAGMA data_version", &version, error))
        goto fail;
      if (version != self->data_version)
        {
          a->conflict = TRUE;
          mg_store_rollback (self->store);
          return FALSE;
        }
    }
  if ((a->drop_redo && !drop_redo (self, a->kept, error)) ||
      !insert_row (self, a->entry, error) ||
      (a->snapshot != NULL && !mg_campaign_insert_snapshot (self, a->entry->seq, a->snapshot_turn, a->snapshot, error)) ||
      !mg_campaign_write_rows (self, a->tables, error) ||
      !mg_chronicle_row_write (a->chronicle, self->store, error) ||
      !mg_store_commit (self->store, error))
    goto fail;
  return TRUE;

fail:
  mg_store_rollback (self->store);
  return FALSE;
}

/* After act_write: the entity rows it wrote are what the file holds. */
static MgJournalEntry *
act_done (MgCampaign *self, Acted *a)
{
  mg_campaign_tables_written (self, g_steal_pointer (&a->tables));
  mg_campaign_emit_rows_changed (self, MG_TABLE_ROWS_APPENDED, a->entry->seq, a->entry->seq, 1,
                                 a->entry->events);
  return g_steal_pointer (&a->entry);
}

/* The whole act under the write lock, as when another connection keeps writing. */
static MgJournalEntry *
act_locked (MgCampaign *self, json_object *action, GError **error)
{
  Acted *a;
  MgJournalEntry *entry = NULL;

  if (!mg_campaign_begin_locked (self, error))
    return NULL;
  a = act_prepare (self, action);
  if (a->entry == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&a->error));
      if (a->mg_campaign_resync)
        mg_campaign_resync (self);
      else
        mg_store_rollback (self->store);
    }
  else if (!act_write (self, a, TRUE, error))
    mg_campaign_resync (self);
  else
    entry = act_done (self, a);
  acted_free (a);
  return entry;
}

MgJournalEntry *
mg_campaign_act (MgCampaign *self, json_object *action, GError **error)
{
  MgJournalEntry *entry = NULL;
  gboolean reloaded;
  Acted *a;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  if (!mg_campaign_check_writable (self, error) || !mg_campaign_check_action_object (action, error))
    return NULL;
  if (!mg_campaign_sync_if_stale (self, &reloaded, error))
    {
      mg_campaign_convert_error (error);
      return NULL;
    }
  /* The engine first, then the write lock: a write that finds the file changed since (another
   * connection slipped a row in between) does it all again under the lock. */
  a = act_prepare (self, action);
  if (a->entry == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&a->error));
      if (a->mg_campaign_resync)
        mg_campaign_resync (self);
    }
  else if (act_write (self, a, FALSE, error))
    entry = act_done (self, a);
  else
    {
      mg_campaign_resync (self);
      if (a->conflict)
        entry = act_locked (self, action, error);
    }
  acted_free (a);
  if (entry == NULL)
    mg_campaign_convert_error (error);
  return entry;
}

/* ---- a stream of actions --------------------------------------------------------------- */

/* The writer thread's side: it commits each action it is given, in order, and after a failed
 * write gives the ones queued behind it back unwritten (they were computed on a state that is
 * not on disk) until the stream, its memory reloaded, sends `resume`. */
typedef struct {
  MgCampaign  *self;
  GAsyncQueue *todo;       /* Acted*, &resume, &stop */
  GAsyncQueue *written;    /* the same Acted*, in the same order */
  GThread     *thread;
  GQueue       inflight;   /* what todo holds or the writer works on, oldest first */
  GQueue       again;      /* actions to compute again (after a failure) before new input */
  guint        failures;   /* writes that failed (each tells its action for good) */
  MgCampaignActDone done;
  gpointer     data;
  gboolean     go_on;      /* FALSE once `done` said so: nothing more is told */
  guint        n_appended; /* of them, first_seq..last_seq: the change the table is told */
  gint64       first_seq;
  gint64       last_seq;
  gboolean     changed;    /* rows were written: "changed" is emitted once the writer stopped
                            * (a handler may read the campaign: not while the writer writes) */
} Stream;

static Acted resume_item, stop_item;

static gpointer
writer_main (gpointer data)
{
  Stream *st = data;
  gboolean skipping = FALSE;
  Acted *a;

  while ((a = g_async_queue_pop (st->todo)) != &stop_item)
    {
      if (a == &resume_item)
        {
          skipping = FALSE;
          continue;
        }
      if (!skipping && (a->written = act_write (st->self, a, FALSE, &a->write_error)))
        {
          /* What the entity tables hold now, for the next action's write (the stream's own
           * thread builds rows from spare buffers this thread never touches). */
          g_clear_pointer (&st->self->table_rows, mg_rows_free);
          st->self->table_rows = g_steal_pointer (&a->tables);
        }
      else
        skipping = TRUE;   /* this one failed, or one before it did */
      g_async_queue_push (st->written, a);
    }
  return NULL;
}

static void
stream_tell (Stream *st, json_object *action, const MgJournalEntry *entry, GError **error)
{
  if (entry == NULL)
    mg_campaign_convert_error (error);
  if (st->go_on)
    st->go_on = st->done (action, entry, entry == NULL ? *error : NULL, st->data);
}

/* Takes the writer's answer on the oldest action in flight and tells it.  A failed write: the
 * actions behind it come back unwritten and go to `again`, memory is reloaded from the file,
 * and the failed one is told (or, when another connection had written first, done again under
 * the write lock, as mg_campaign_act does). */
static void
stream_take (Stream *st)
{
  MgCampaign *self = st->self;
  Acted *a = g_queue_pop_head (&st->inflight);
  g_autoptr(MgJournalEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  Acted *behind;

  g_async_queue_pop (st->written);   /* the writer answers in order: this is `a` */
  if (a->written)
    {
      st->changed = TRUE;
      st->n_appended++;
      if (st->first_seq == 0)
        st->first_seq = a->entry->seq;
      st->last_seq = a->entry->seq;
      entry = g_steal_pointer (&a->entry);
      stream_tell (st, a->action, entry, &error);
      acted_free (a);
      return;
    }
  st->failures++;
  /* Also in the order given: before any new input. */
  for (GList *l = st->inflight.tail; l != NULL; l = l->prev)
    g_queue_push_head (&st->again, json_object_get (((Acted *) l->data)->action));
  while ((behind = g_queue_pop_head (&st->inflight)) != NULL)
    {
      g_async_queue_pop (st->written);
      acted_free (behind);
    }
  mg_campaign_resync (self);
  g_async_queue_push (st->todo, &resume_item);
  if (a->conflict)
    entry = act_locked (self, a->action, &error);
  else
    error = g_steal_pointer (&a->write_error);
  stream_tell (st, a->action, entry, &error);
  acted_free (a);
}

static void
stream_take_all (Stream *st)
{
  while (!g_queue_is_empty (&st->inflight))
    stream_take (st);
}

/* A refusal is told in its place, once what was given before it is told: it is asked again of
 * mg_campaign_act, which tells it from what is on disk (the engine refuses the same action on
 * the same state the same way; refusals are few).  Only when a write in flight before it failed
 * was it computed on a state that was never written: it goes back to `again`, right behind the
 * actions that came back with that failure (the order given is kept).  Every such return
 * follows a failed write, and each failed write tells its own action for good, so the queue
 * always drains: a refusal is never put back without something having been told (with other
 * writers on the file, the loop used to put refusals back forever). */
static void
stream_refuse (Stream *st, Acted *a)
{
  g_autoptr(MgJournalEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  guint failures = st->failures, queued = g_queue_get_length (&st->again);

  stream_take_all (st);
  if (a->mg_campaign_resync)
    mg_campaign_resync (st->self);   /* the engine changed memory before it refused */
  if (st->failures != failures)
    {
      g_queue_push_nth (&st->again, json_object_get (a->action),
                        (int) (g_queue_get_length (&st->again) - queued));
      return;
    }
  entry = mg_campaign_act (st->self, a->action, &error);
  stream_tell (st, a->action, entry, &error);
}

void
mg_campaign_act_stream (MgCampaign         *self,
                        MgCampaignActSource next,
                        MgCampaignActDone   done,
                        gpointer            data)
{
  Stream st = { .self = self, .inflight = G_QUEUE_INIT, .again = G_QUEUE_INIT, .done = done,
                .data = data, .go_on = TRUE };
  json_object *action;
  gboolean ended = FALSE;
  Acted *a;

  g_return_if_fail (MG_IS_CAMPAIGN (self));
  st.todo = g_async_queue_new ();
  st.written = g_async_queue_new ();

  while (st.go_on)
    {
      if ((action = g_queue_pop_head (&st.again)) == NULL)
        {
          MgActNext got;

          /* The input ended: what is in flight is told, and what a failed write among it gives
           * back is done again before the stream returns (it used to be dropped untold). */
          if (ended)
            {
              stream_take_all (&st);
              if (g_queue_is_empty (&st.again))
                break;
              continue;
            }
          /* Waits for input only with nothing in flight: a script that waits for each answer
           * before it writes the next action gets it. */
          got = next (g_queue_is_empty (&st.inflight), &action, data);
          if (got == MG_ACT_NEXT_LATER)
            {
              stream_take_all (&st);
              continue;
            }
          if (got == MG_ACT_NEXT_END)
            {
              ended = TRUE;
              continue;
            }
        }
      /* The engine's work on this action while the writer commits those before it. */
      a = act_prepare (self, action);
      json_object_put (action);
      if (a->entry == NULL)
        {
          stream_refuse (&st, a);
          acted_free (a);
          continue;
        }
      if (st.thread == NULL)
        st.thread = g_thread_new ("mg-act-writer", writer_main, &st);
      g_async_queue_push (st.todo, a);
      g_queue_push_tail (&st.inflight, a);
      /* Tell what is written already; wait only when far enough ahead. */
      while (!g_queue_is_empty (&st.inflight)
             && (g_queue_get_length (&st.inflight) >= MG_CAMPAIGN_ACT_AHEAD
                 || g_async_queue_length (st.written) > 0))
        stream_take (&st);
    }
  /* Every action given is written or refused before this returns; those computed but not
   * given to the writer (the reader stopped) are dropped, and memory reloaded without them. */
  stream_take_all (&st);
  if (!g_queue_is_empty (&st.again))
    {
      while ((action = g_queue_pop_head (&st.again)) != NULL)
        json_object_put (action);
      mg_campaign_resync (self);
      st.n_appended = 0;   /* memory reloaded: the table is told "anything" */
    }
  if (st.thread != NULL)
    {
      g_async_queue_push (st.todo, &stop_item);
      g_thread_join (st.thread);
    }
  g_async_queue_unref (st.todo);
  g_async_queue_unref (st.written);
  if (st.changed)
    mg_campaign_emit_rows_changed (self, st.n_appended > 0 ? MG_TABLE_ROWS_APPENDED : MG_TABLE_ROWS_OTHER, st.first_seq, st.last_seq,
                                   st.n_appended, NULL);
}

/* ---- reading the journal --------------------------------------------------------------- */

GPtrArray *
mg_campaign_journal_range (MgCampaign *self, gint64 offset, gint64 limit, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  int rc;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  offset = MAX (offset, 0);
  if (limit < 0)
    limit = G_MAXINT64;

  /* Rows are never deleted and seq counts from 1, so position = seq - 1 and the range is a
   * seek on the primary key; OFFSET (which walks every skipped row) only for a file with gaps. */
  if (self->count == self->last_seq)
    stmt = mg_store_prepare (self->store,
        self->has_said ? "SELECT " ENTRY_COLUMNS " FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2"
                       : "SELECT " ENTRY_COLUMNS_NO_SAID " FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2", error);
  else
    stmt = mg_store_prepare (self->store,
        self->has_said ? "SELECT " ENTRY_COLUMNS " FROM journal ORDER BY seq LIMIT ?2 OFFSET ?1"
                       : "SELECT " ENTRY_COLUMNS_NO_SAID " FROM journal ORDER BY seq LIMIT ?2 OFFSET ?1", error);
  if (!stmt)
    {
      mg_campaign_convert_error (error);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, offset);
  sqlite3_bind_int64 (stmt, 2, limit);

  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) mg_journal_entry_free);
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (rows, mg_campaign_entry_from_row (stmt));
  if (rc < 0)
    {
      mg_campaign_convert_error (error);
      return NULL;
    }
  return g_steal_pointer (&rows);
}

MgJournalEntry *
mg_campaign_journal_get (MgCampaign *self, gint64 seq, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  stmt = mg_store_prepare (self->store, self->has_said ? "SELECT " ENTRY_COLUMNS " FROM journal WHERE seq = ?1"
                                                      : "SELECT " ENTRY_COLUMNS_NO_SAID " FROM journal WHERE seq = ?1", error);
  if (stmt)
    sqlite3_bind_int64 (stmt, 1, seq);
  if (!stmt || (rc = mg_store_step (self->store, stmt, error)) < 0)
    {
      mg_campaign_convert_error (error);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND,
                   _("The journal has no row %lld"), (long long) seq);
      return NULL;
    }
  return mg_campaign_entry_from_row (stmt);
}

/* The rows in force matching filter, through an index: turn = ? uses journal_turn (turn, seq),
 * a seq range the primary key; the secret flag is SQLite's, so events are not copied for it
 * (a false "seat" match only hides, never shows). */
static char *
read_sql (const MgJournalFilter *filter, gboolean exists, gboolean has_said)
{
  GString *sql = g_string_new (exists ? "SELECT EXISTS (SELECT 1" :
                               "SELECT seq, session, turn, actor, summary, "
                               "instr (events, '\"seat\"') > 0");

  if (!exists && (filter->fields & MG_JOURNAL_READ_SAID))
    g_string_append (sql, has_said ? ", said" : ", NULL");

  if (!exists && (filter->fields & MG_JOURNAL_READ_DICE))
    g_string_append (sql, ", dice");
  if (!exists && (filter->fields & MG_JOURNAL_READ_EVENTS))
    g_string_append (sql, ", events");
  g_string_append (sql, " FROM journal WHERE undone = 0 AND seq BETWEEN ?1 AND ?2");
  if (filter->turn > 0)
    g_string_append (sql, " AND turn = ?3");
  if (filter->session > 0)
    g_string_append (sql, " AND session = ?4");
  if (filter->actor != NULL)
    g_string_append (sql, " AND actor = ?5");
  g_string_append (sql, exists ? " LIMIT 1)" : " ORDER BY seq");
  return g_string_free (sql, FALSE);
}

static MgStoreStmt *
read_prepare (MgCampaign *self, const MgJournalFilter *filter, gboolean exists, GError **error)
{
  g_autofree char *sql = read_sql (filter, exists, self->has_said);
  MgStoreStmt *stmt = mg_store_prepare (self->store, sql, error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, filter->first_seq > 0 ? filter->first_seq : 1);
  sqlite3_bind_int64 (stmt, 2, filter->last_seq > 0 ? filter->last_seq : G_MAXINT64);
  if (filter->turn > 0)
    sqlite3_bind_int (stmt, 3, filter->turn);
  if (filter->session > 0)
    sqlite3_bind_int64 (stmt, 4, filter->session);
  if (filter->actor != NULL)
    sqlite3_bind_text (stmt, 5, filter->actor, -1, SQLITE_STATIC);
  return stmt;
}

gboolean
mg_campaign_journal_read (MgCampaign *self, const MgJournalFilter *filter,
                          MgJournalReadFunc func, gpointer data, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  int rc;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (filter != NULL && func != NULL, FALSE);
  if (!(stmt = read_prepare (self, filter, FALSE, error)))
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      MgJournalRead row = { 0 };
      int col = 6;

      row.seq = sqlite3_column_int64 (stmt, 0);
      row.session = sqlite3_column_int64 (stmt, 1);
      row.turn = sqlite3_column_int (stmt, 2);
      row.actor = (const char *) sqlite3_column_text (stmt, 3);
      row.summary = (const char *) sqlite3_column_text (stmt, 4);
      row.secret = sqlite3_column_int (stmt, 5) != 0;
      if (filter->fields & MG_JOURNAL_READ_SAID)
        row.said = (const char *) sqlite3_column_text (stmt, col++);
      if (filter->fields & MG_JOURNAL_READ_DICE)
        row.dice = (const char *) sqlite3_column_text (stmt, col++);
      if (filter->fields & MG_JOURNAL_READ_EVENTS)
        row.events = (const char *) sqlite3_column_text (stmt, col++);
      if (!func (&row, data, error))
        return FALSE;
    }
  if (rc < 0)
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  return TRUE;
}

gboolean
mg_campaign_journal_any (MgCampaign *self, const MgJournalFilter *filter, gboolean *found,
                         GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  *found = FALSE;
  if (!(stmt = read_prepare (self, filter, TRUE, error)) ||
      mg_store_step (self->store, stmt, error) != SQLITE_ROW)
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  *found = sqlite3_column_int (stmt, 0) != 0;
  return TRUE;
}

/* The first row at or after seq: *got its seq (0 if none), *session its session. */
static gboolean
probe_row (MgCampaign *self, gint64 seq, gint64 *got, gint64 *session, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      "SELECT seq, session FROM journal WHERE seq >= ?1 ORDER BY seq LIMIT 1", error);
  int rc;

  *got = *session = 0;
  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  if ((rc = mg_store_step (self->store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW)
    {
      *got = sqlite3_column_int64 (stmt, 0);
      *session = sqlite3_column_int64 (stmt, 1);
    }
  return TRUE;
}

/* The smallest seq whose session is >= session (last_seq + 1 if none). */
static gboolean
session_lower_bound (MgCampaign *self, gint64 session, gint64 *out, GError **error)
{
  gint64 lo = 1, hi = self->last_seq + 1;

  while (lo < hi)
    {
      gint64 mid = lo + (hi - lo) / 2, got, s;

      if (!probe_row (self, mid, &got, &s, error))
        return FALSE;
      if (got == 0 || got >= hi || s >= session)
        hi = mid;
      else
        lo = got + 1;
    }
  *out = lo;
  return TRUE;
}

gboolean
mg_campaign_session_span (MgCampaign *self, gint64 session, gint64 *first, gint64 *last,
                          GError **error)
{
  gint64 start, end, got, s;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  *first = *last = 0;
  if (!session_lower_bound (self, session, &start, error) ||
      !session_lower_bound (self, session + 1, &end, error) ||
      !probe_row (self, start, &got, &s, error))
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  if (got == 0 || s != session || got >= end)
    return TRUE;
  *first = got;
  *last = end - 1;
  return TRUE;
}

MgState *
mg_campaign_state_at (MgCampaign *self, gint64 seq, GError **error)
{
  MgState *state;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  if (seq < 0 || seq > self->last_seq)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND,
                   _("The journal has no row %lld"), (long long) seq);
      return NULL;
    }
  /* Every row after the last one in force is undone: the state after seq is the one in memory
   * (an undo's toast asks about the row it just undid: no replay from a snapshot, issue 43). */
  if (seq >= self->last_active && self->state != NULL)
    return mg_state_copy (self->state);
  state = mg_campaign_replay (self, self->ruleset, TRUE, seq, NULL, NULL, NULL, error);
  if (!state)
    mg_campaign_convert_error (error);
  return state;
}

/* ---- sessions -------------------------------------------------------------------------- */

GPtrArray *
mg_campaign_list_sessions (MgCampaign *self, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autoptr(GPtrArray) out = NULL;
  int rc;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  stmt = mg_store_prepare (self->store, "SELECT id, name, started FROM session ORDER BY id", error);
  if (!stmt)
    {
      mg_campaign_convert_error (error);
      return NULL;
    }
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) mg_session_free);
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      MgSession *s = g_new0 (MgSession, 1);

      s->id = sqlite3_column_int64 (stmt, 0);
      s->name = mg_campaign_column_dup (stmt, 1);
      s->started = sqlite3_column_int64 (stmt, 2);
      g_ptr_array_add (out, s);
    }
  if (rc < 0)
    {
      mg_campaign_convert_error (error);
      return NULL;
    }
  return g_steal_pointer (&out);
}

gint64
mg_campaign_new_session (MgCampaign *self, const char *name, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autofree char *fallback = NULL;
  g_autofree char *trimmed = NULL;
  gint64 id = 0;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), 0);
  if (name && !g_utf8_validate (name, -1, NULL))
    name = NULL;
  /* The rules of player names (issue 42): one line of plain text, no ESC or bidi override. */
  if (name && *name)
    {
      name = trimmed = mg_rules_trim_name (name);
      if (*name && !mg_campaign_check_name (name, error))
        return 0;
    }
  if (!mg_campaign_begin_locked (self, error))
    goto fail;
  if (!name || !*name)
    name = fallback = g_strdup_printf (_("Session %lld"), (long long) self->session + 1);
  stmt = mg_store_prepare (self->store, "INSERT INTO session (name, started) VALUES (?1, ?2)", error);
  if (!stmt)
    goto fail;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, g_get_real_time ());
  if (mg_store_step (self->store, stmt, error) != SQLITE_DONE)
    goto fail;
  id = mg_store_last_insert_rowid (self->store);
  if (!mg_store_commit (self->store, error))
    goto fail;
  self->session = id;
  mg_campaign_emit_changed (self);
  return id;

fail:
  mg_store_rollback (self->store);
  mg_campaign_convert_error (error);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-undo.c — undo and redo: rows marked, the rows left in force replayed. */
#include "config.h"
#include "mg-campaign.h"
#include "mg-campaign-private.h"
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

/* ---- undo / redo ----------------------------------------------------------------------- */

/* Up to n seqs from a query taking (?1 = bound, ?2 = limit). */
GArray *
mg_campaign_collect_seqs (MgCampaign *self, const char *sql, gint64 bound, guint n, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store, sql, error);
  g_autoptr(GArray) seqs = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;

  if (!stmt)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, bound);
  sqlite3_bind_int64 (stmt, 2, n);
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      gint64 seq = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (seqs, seq);
    }
  return rc < 0 ? NULL : g_steal_pointer (&seqs);
}

static gboolean
mark_row (MgCampaign *self, gint64 seq, int undone, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      "UPDATE journal SET undone = ?2 WHERE seq = ?1", error);

  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  sqlite3_bind_int (stmt, 2, undone);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

/* A ruleset change among the rows is undone or redone by mg-campaign-rules.c, in one commit. */
static MgCampaignRulesStep
rules_step (MgCampaign *self, GArray *seqs, gboolean undo, guint *done, GError **error)
{
  MgCampaignRulesStep step = mg_campaign_rules_step (self, seqs, undo, error);

  if (step == MG_CAMPAIGN_RULES_STEP_DONE)
    {
      self->stepped = g_array_index (seqs, gint64, seqs->len - 1);
      *done = seqs->len;
    }
  return step;
}

/* Undo builds its new state aside (never sets *mutated): on failure memory still equals the file. */
static gboolean
undo_locked (MgCampaign *self, guint steps, guint *done, gboolean *mutated, GError **error)
{
  g_autoptr(GArray) seqs = mg_campaign_collect_seqs (self,
      "SELECT seq FROM journal WHERE undone = 0 AND seq <= ?1 ORDER BY seq DESC LIMIT ?2",
      self->last_active, steps, error);
  ReplayInfo info = { 0 };
  UndoMarks marks;
  MgState *state;
  MgRows *tables = NULL;
  MgCampaignRulesStep step;
  gint64 low;

  if (!seqs)
    return FALSE;
  if (seqs->len == 0)
    return mg_campaign_fail_nothing (error, _("There is nothing to undo"));
  if ((step = rules_step (self, seqs, TRUE, done, error)) != MG_CAMPAIGN_RULES_STEP_NONE)
    return step == MG_CAMPAIGN_RULES_STEP_DONE;

  for (guint i = 0; i < seqs->len; i++)
    if (!mark_row (self, g_array_index (seqs, gint64, i), 1, error))
      return FALSE;
  low = g_array_index (seqs, gint64, seqs->len - 1);

  /* Snapshots at or after the first undone row described history that no longer holds. */
  if (!mg_campaign_drop_snapshots_from (self, low, error))
    return FALSE;
  /* One row undone right after it was acted or redone: the state before it is in memory
   * (issue 43: no replay of up to MG_CAMPAIGN_SNAPSHOT_MAX_ROWS rows from a snapshot). */
  state = seqs->len == 1 ? mg_campaign_take_undo_state (self, low, &info.since_snap) : NULL;
  if (state == NULL &&
      !(state = mg_campaign_replay (self, self->ruleset, TRUE, G_MAXINT64, NULL, NULL, &info, error)))
    return FALSE;
  if (!mg_campaign_query_undo_marks (self, &marks, error) ||
      !mg_campaign_write_tables (self, state, &tables, error) ||
      !mg_store_commit (self->store, error))
    {
      g_clear_pointer (&tables, mg_rows_free);
      mg_state_free (state);
      return FALSE;
    }
  /* Memory changes only once the file has. */
  mg_campaign_tables_written (self, tables);
  mg_campaign_set_state (self, state);
  mg_campaign_set_undo_marks (self, &marks);
  self->since_snap = info.since_snap;
  self->stepped = g_array_index (seqs, gint64, seqs->len - 1);
  self->change = (MgCampaignRows) { MG_TABLE_ROWS_UNDONE, self->stepped, g_array_index (seqs, gint64, 0), seqs->len, NULL };
  *done = seqs->len;
  return TRUE;
}

static gboolean
redo_locked (MgCampaign *self, guint steps, guint *done, gboolean *mutated, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autoptr(GArray) seqs = NULL;
  UndoMarks marks;
  MgRows *tables = NULL;
  MgCampaignRulesStep step;
  g_autoptr(MgState) before = NULL;
  guint since_before = self->since_snap;

  if (!self->can_redo)
    return mg_campaign_fail_nothing (error, _("There is nothing to redo"));
  seqs = mg_campaign_collect_seqs (self,
      "SELECT seq FROM journal WHERE seq > ?1 AND undone = 1 ORDER BY seq LIMIT ?2",
      self->last_active, steps, error);
  if (!seqs)
    return FALSE;
  if (seqs->len == 0)
    return mg_campaign_fail_nothing (error, _("There is nothing to redo"));
  if ((step = rules_step (self, seqs, FALSE, done, error)) != MG_CAMPAIGN_RULES_STEP_NONE)
    return step == MG_CAMPAIGN_RULES_STEP_DONE;
  if (!mg_campaign_drop_snapshots_from (self, g_array_index (seqs, gint64, 0), error))
    return FALSE;
  /* The state moves on from here: what undo came back to no longer is before it. One row redone
   * keeps the state before it, for an undo that follows (undo_state). */
  g_clear_pointer (&self->undo_state, mg_state_free);

  for (guint i = 0; i < seqs->len; i++)
    {
      gint64 seq = g_array_index (seqs, gint64, i);
      gint turn_before = self->turn;
      g_autoptr(MgSaid) said = NULL;
      g_autofree char *said_text = NULL;
      gboolean has_said;
      int rc;

      stmt = mg_store_prepare (self->store, self->has_said
          ? "SELECT action, dice, said IS NOT NULL FROM journal WHERE seq = ?1"
          : "SELECT action, dice, 1 FROM journal WHERE seq = ?1", error);
      if (!stmt)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, seq);
      if ((rc = mg_store_step (self->store, stmt, error)) != SQLITE_ROW)
        return rc < 0 ? FALSE : mg_campaign_corrupt (self, error, _("a journal row vanished"));
      *mutated = TRUE;
      has_said = sqlite3_column_int (stmt, 2) != 0;
      /* Redo plays the row again: the same said, kept for a row written before schema 9. */
      if (!mg_campaign_replay_row (self->state, seq, (const char *) sqlite3_column_text (stmt, 0),
                                   (const char *) sqlite3_column_text (stmt, 1), NULL,
                                   has_said ? NULL : &said, NULL, seqs->len == 1 ? &before : NULL, error))
        return FALSE;
      g_clear_pointer (&stmt, mg_store_stmt_release);
      self->turn = mg_state_turn (self->state);
      said_text = mg_campaign_said_text (said);
      if ((said_text != NULL && !mg_campaign_insert_said (self, seq, said_text, error)) ||
          !mark_row (self, seq, 0, error) ||
          !mg_campaign_after_row (self, seq, self->state, turn_before, NULL, NULL, NULL, error))
        return FALSE;
    }
  if (!mg_campaign_query_undo_marks (self, &marks, error) ||
      !mg_campaign_write_tables (self, self->state, &tables, error) ||
      !mg_store_commit (self->store, error))
    {
      g_clear_pointer (&tables, mg_rows_free);
      return FALSE;
    }
  mg_campaign_tables_written (self, tables);
  mg_campaign_set_undo_marks (self, &marks);
  self->stepped = g_array_index (seqs, gint64, seqs->len - 1);
  if (before != NULL)
    mg_campaign_keep_undo_state (self, g_steal_pointer (&before), self->stepped, since_before);
  self->change = (MgCampaignRows) { MG_TABLE_ROWS_REDONE, g_array_index (seqs, gint64, 0), self->stepped, seqs->len, NULL };
  *done = seqs->len;
  return TRUE;
}

typedef gboolean (*StepsFunc) (MgCampaign *self, guint steps, guint *done, gboolean *mutated,
                               GError **error);

static gboolean
undo_or_redo (MgCampaign *self, StepsFunc func, guint steps, guint *done, GError **error)
{
  gboolean mutated = FALSE;
  guint n = 0;
  gboolean ok;

  if (done)
    *done = 0;
  if (steps == 0)
    return TRUE;
  self->change = (MgCampaignRows) { MG_TABLE_ROWS_OTHER, 0, 0, 0, NULL };

  ok = mg_campaign_begin_locked (self, error);
  if (ok && !(ok = func (self, steps, &n, &mutated, error)))
    {
      if (mutated)
        mg_campaign_resync (self);   /* memory must equal the file again */
      else
        mg_store_rollback (self->store);
    }
  if (!ok)
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  if (done)
    *done = n;
  /* undo_locked / redo_locked said which rows they marked (a ruleset's step leaves "anything"). */
  mg_campaign_emit_rows_changed (self, self->change.kind, self->change.first_seq, self->change.last_seq,
                                 self->change.n_rows, NULL);
  return TRUE;
}

gboolean
mg_campaign_undo (MgCampaign *self, guint steps, guint *done, GError **error)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return undo_or_redo (self, undo_locked, steps, done, error);
}

/* One step of undo or redo; the row it marked, read back after the commit. */
static MgJournalEntry *
step_entry (MgCampaign *self, StepsFunc func, GError **error)
{
  guint done = 0;

  self->stepped = 0;
  if (!undo_or_redo (self, func, 1, &done, error))
    return NULL;
  if (done == 0 || self->stepped == 0)
    {
      mg_campaign_fail_nothing (error, func == undo_locked ? _("There is nothing to undo")
                                               : _("There is nothing to redo"));
      return NULL;
    }
  return mg_campaign_journal_get (self, self->stepped, error);
}

MgJournalEntry *
mg_campaign_undo_entry (MgCampaign *self, GError **error)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return step_entry (self, undo_locked, error);
}

MgJournalEntry *
mg_campaign_redo_entry (MgCampaign *self, GError **error)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  return step_entry (self, redo_locked, error);
}

gboolean
mg_campaign_refresh (MgCampaign *self, gboolean *changed, GError **error)
{
  gint64 version;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  if (changed)
    *changed = FALSE;
  /* Outside a transaction the value is the last commit any other connection made. */
  if (!mg_store_query_int (self->store, "PRAGMA data_version", &version, error))
    {
      mg_campaign_convert_error (error);
      return FALSE;
    }
  if (version == self->data_version)
    return TRUE;
  mg_campaign_tables_unknown (self);
  if (!mg_campaign_load_all (self, error))
    {
      mg_campaign_convert_error (error);
      mg_campaign_explain_damage (error, self->path);
      return FALSE;
    }
  if (changed)
    *changed = TRUE;
  mg_campaign_emit_changed (self);
  return TRUE;
}

gboolean
mg_campaign_is_read_only (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return self->read_only;
}

gboolean
mg_campaign_redo (MgCampaign *self, guint steps, guint *done, GError **error)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return undo_or_redo (self, redo_locked, steps, done, error);
}

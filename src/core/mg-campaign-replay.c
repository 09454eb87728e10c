/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-replay.c — the state rebuilt from the journal: replay, and its snapshots. */
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

/* ---- replay ---------------------------------------------------------------------------- */

/* Applies one recorded row to state with its recorded dice, which must all be used.  The
 * summary and events the engine gives now are handed back when asked for (mg-narrate.c). */
gboolean
mg_campaign_replay_row (MgState *state, gint64 seq, const char *action_text, const char *dice_text,
                        char **summary_out, MgSaid **said_out, json_object **events_out, MgState **before,
                        GError **error)
{
  json_object *action = mg_campaign_json_parse_text (action_text);
  json_object *dice_json = mg_campaign_json_parse_text (dice_text);
  g_autoptr(MgDice) dice = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(MgSaid) said = NULL;
  g_autoptr(GError) local = NULL;
  json_object *events = NULL;

  if (!json_object_is_type (action, json_type_object))
    g_set_error_literal (&local, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                         _("the action is not a JSON object"));
  else if (!json_object_is_type (dice_json, json_type_array))
    g_set_error_literal (&local, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                         _("its dice are not a JSON array"));
  else if (mg_campaign_rules_is_row (action))
    ;   /* a change of the ruleset (mg-campaign-rules.c), not an engine action */
  else if ((dice = mg_dice_new_from_json (dice_json, &local)))
    {
      /* A recorded row: its names were accepted when it was played (mg_rules_replaying). */
      mg_rules_replaying (TRUE);
      events = mg_state_apply_keep (state, action, dice, &summary, said_out != NULL ? &said : NULL, before, &local);
      mg_rules_replaying (FALSE);
    }

  if (events && mg_dice_remaining (dice) > 0)
    g_set_error (&local, MG_DICE_ERROR, MG_DICE_ERROR_UNUSED,
                 _("%u recorded dice were not used"), mg_dice_remaining (dice));
  if (local != NULL && before != NULL)
    g_clear_pointer (before, mg_state_free);   /* dice left over: no state to come back to */
  if (local == NULL && summary_out != NULL)
    *summary_out = g_steal_pointer (&summary);
  if (local == NULL && said_out != NULL)
    *said_out = g_steal_pointer (&said);
  if (local == NULL && events_out != NULL)
    *events_out = g_steal_pointer (&events);
  json_object_put (events);
  json_object_put (action);
  json_object_put (dice_json);

  if (local)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                  _("Journal row %lld: "), (long long) seq);
      return FALSE;
    }
  return TRUE;
}

/* The state after the rows in force up to `upto`: from the last snapshot at or before it
 * (if use_snapshots) or from the start, under `ruleset`. */
static MgState *replay_rows (MgCampaign *self, json_object *ruleset, gboolean use_snapshots, gint64 upto,
                             RowFunc func, gpointer data, ReplayInfo *info, GError **error);

/* Names in the journal were accepted when played: not checked again (mg_rules_replaying). */
MgState *
mg_campaign_replay (MgCampaign *self, json_object *ruleset, gboolean use_snapshots, gint64 upto,
                    RowFunc func, gpointer data, ReplayInfo *info, GError **error)
{
  MgState *state;

  mg_rules_replaying (TRUE);
  state = replay_rows (self, ruleset, use_snapshots, upto, func, data, info, error);
  mg_rules_replaying (FALSE);
  return state;
}

/* ---- states kept in memory, for a campaign whose snapshots are stale ------------------- */

static void
clear_mem_mark (gpointer data)
{
  mg_state_free (((MgMemMark *) data)->state);
}

void
mg_campaign_forget_mem_marks (MgCampaign *self)
{
  g_clear_pointer (&self->mem_marks, g_array_unref);
}

/* The marks made for the journal as it is now: kept if it has not changed since they were made
 * (no other connection wrote, no row added, undone or redone here), else dropped. */
static gboolean
mem_marks_current (MgCampaign *self, GError **error)
{
  gint64 key[3];

  if (!mg_store_query_int (self->store, "PRAGMA data_version", &key[0], error))
    return FALSE;
  key[1] = self->last_seq;
  key[2] = self->last_active;
  if (self->mem_marks != NULL && memcmp (key, self->mem_key, sizeof key) == 0)
    return TRUE;
  mg_campaign_forget_mem_marks (self);
  self->mem_marks = g_array_new (FALSE, FALSE, sizeof (MgMemMark));
  g_array_set_clear_func (self->mem_marks, clear_mem_mark);
  memcpy (self->mem_key, key, sizeof key);
  return TRUE;
}

/* Rows in force between two kept states: as the file's snapshots (at most), or fewer states
 * for a long journal (MG_CAMPAIGN_MEM_MARKS_MAX). */
static gint64
mem_every (MgCampaign *self)
{
  return MAX ((gint64) MG_CAMPAIGN_SNAPSHOT_MAX_ROWS, self->count / MG_CAMPAIGN_MEM_MARKS_MAX + 1);
}

/* The index of the last mark at or before `upto`, or -1. */
static gint
mem_mark_before (MgCampaign *self, gint64 upto)
{
  gint lo = 0, hi = (gint) self->mem_marks->len;

  while (lo < hi)
    {
      gint mid = (lo + hi) / 2;

      if (g_array_index (self->mem_marks, MgMemMark, mid).seq <= upto)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo - 1;
}

static MgState *
replay_rows (MgCampaign *self, json_object *ruleset, gboolean use_snapshots, gint64 upto,
             RowFunc func, gpointer data, ReplayInfo *info, GError **error)
{
  g_autoptr(MgState) state = NULL;
  g_autoptr(MgStoreStmt) rows = NULL;
  gint64 from = 0;
  guint replayed = 0;
  /* Stale snapshots not renewed (read-only): states kept in memory stand in for them, new ones
   * kept as the replay passes, inserted in order after the one it started from. */
  gboolean in_memory = use_snapshots && self->stale_snapshots;
  guint insert_at = 0;
  gint64 since_mark = 0, every = in_memory ? mem_every (self) : 0;
  int rc;

  if (in_memory)
    {
      gint i;

      if (!mem_marks_current (self, error))
        return NULL;
      i = mem_mark_before (self, upto);
      if (i >= 0)
        {
          const MgMemMark *mark = &g_array_index (self->mem_marks, MgMemMark, i);

          state = mg_state_copy (mark->state);
          from = mark->seq;
        }
      insert_at = (guint) (i + 1);
    }
  /* Another revision of the engine made them (schema/0010): from the start until renewed. */
  else if (use_snapshots)
    {
      g_autoptr(MgStoreStmt) snap = mg_store_prepare (self->store,
          "SELECT seq, state FROM snapshot WHERE seq <= ?1 ORDER BY seq DESC LIMIT 1", error);

      if (!snap)
        return NULL;
      sqlite3_bind_int64 (snap, 1, upto);
      rc = mg_store_step (self->store, snap, error);
      if (rc < 0)
        return NULL;
      if (rc == SQLITE_ROW)
        {
          json_object *json = mg_campaign_json_parse_text ((const char *) sqlite3_column_text (snap, 1));

          /* Text that is not even JSON was damaged on disk; refuse rather than build on it. */
          if (!json_object_is_type (json, json_type_object))
            {
              json_object_put (json);
              g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                           _("the snapshot after journal row %lld is not JSON"),
                           (long long) sqlite3_column_int64 (snap, 0));
              return NULL;
            }
          /* A snapshot the engine no longer reads is only a cache: replay from the start. */
          state = self->rules->from_json (ruleset, json, NULL);
          json_object_put (json);
          if (state)
            from = sqlite3_column_int64 (snap, 0);
        }
    }
  if (!state)
    {
      GError *local = NULL;

      state = self->rules->new_state (ruleset, (const char * const *) self->players, &local);
      if (!state)
        {
          g_propagate_prefixed_error (error, local, _("The campaign cannot start: "));
          return NULL;
        }
    }

  rows = mg_store_prepare (self->store, self->has_said
      ? "SELECT seq, action, dice, said FROM journal WHERE seq > ?1 AND seq <= ?2 AND undone = 0 ORDER BY seq"
      : "SELECT seq, action, dice, NULL FROM journal WHERE seq > ?1 AND seq <= ?2 AND undone = 0 ORDER BY seq",
      error);
  if (!rows)
    return NULL;
  sqlite3_bind_int64 (rows, 1, from);
  sqlite3_bind_int64 (rows, 2, upto);
  while ((rc = mg_store_step (self->store, rows, error)) == SQLITE_ROW)
    {
      gint64 seq = sqlite3_column_int64 (rows, 0);
      gint turn_before = func ? mg_state_turn (state) : 0;
      const char *kept_said = (const char *) sqlite3_column_text (rows, 3);
      gboolean make_said = func != NULL && kept_said != NULL && info != NULL && info->with_said;
      g_autoptr(MgSaid) said = NULL;

      if (!mg_campaign_replay_row (state, seq, (const char *) sqlite3_column_text (rows, 1),
                                   (const char *) sqlite3_column_text (rows, 2), NULL,
                                   make_said ? &said : NULL, NULL, NULL, error))
        return NULL;
      replayed++;
      if (in_memory && ++since_mark >= every)
        {
          MgMemMark mark = { seq, mg_state_copy (state) };

          g_array_insert_val (self->mem_marks, insert_at++, mark);
          since_mark = 0;
        }
      if (func && !func (self, seq, state, turn_before, kept_said, said, data, error))
        return NULL;
    }
  if (rc < 0)
    return NULL;
  if (info)
    info->since_snap = replayed;
  return g_steal_pointer (&state);
}

/* ---- snapshots ------------------------------------------------------------------------- */

/* The policy is in mg-campaign-private.h. */
gboolean
mg_campaign_snapshot_due (MgCampaign *self, gint turn_before, gint turn_after)
{
  guint rows = self->since_snap + 1;   /* counting the row just applied */

  return (turn_after != turn_before && rows >= MG_CAMPAIGN_SNAPSHOT_MIN_ROWS) ||
         rows >= MG_CAMPAIGN_SNAPSHOT_MAX_ROWS;
}

gboolean
mg_campaign_insert_snapshot (MgCampaign *self, gint64 seq, gint turn, const char *text, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      "INSERT OR REPLACE INTO snapshot (seq, turn, state) VALUES (?1, ?2, ?3)", error);

  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  sqlite3_bind_int (stmt, 2, turn);
  sqlite3_bind_text (stmt, 3, text, -1, SQLITE_STATIC);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

static gboolean
write_snapshot (MgCampaign *self, gint64 seq, MgState *state, GError **error)
{
  json_object *json = mg_state_to_json (state);
  gboolean ok = mg_campaign_insert_snapshot (self, seq, mg_state_turn (state), mg_campaign_json_text (json), error);

  json_object_put (json);
  return ok;
}

/* A row in force was just applied to state: snapshot it if the turn changed (or it is time). */
gboolean
mg_campaign_after_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before,
                       const char *kept_said, const MgSaid *said, gpointer data, GError **error)
{
  gint turn_after = mg_state_turn (state);

  if (mg_campaign_snapshot_due (self, turn_before, turn_after))
    {
      if (!write_snapshot (self, seq, state, error))
        return FALSE;
      self->since_snap = 0;
    }
  else
    self->since_snap++;
  return TRUE;
}

/* ---- said: a row's sentences as messages (schema 9, docs/messages.md) -------------------- */

char *
mg_campaign_said_text (const MgSaid *said)
{
  json_object *json;
  char *text;

  if (said == NULL || mg_said_length (said) == 0)
    return NULL;
  json = mg_said_to_json (said);
  text = g_strdup (mg_campaign_json_text (json));
  json_object_put (json);
  return text;
}

gboolean
mg_campaign_insert_said (MgCampaign *self, gint64 seq, const char *said, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;

  if (!self->has_said)
    return TRUE;   /* a file before schema 9 is read-only here: nothing is written to it */
  stmt = mg_store_prepare (self->store, "UPDATE journal SET said = ?2 WHERE seq = ?1", error);
  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  sqlite3_bind_text (stmt, 2, said, -1, SQLITE_STATIC);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

/* A statement that takes one seq (?1) and returns no row. */
gboolean
mg_campaign_exec_seq (MgCampaign *self, const char *sql, gint64 seq, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store, sql, error);

  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

gboolean
mg_campaign_drop_snapshots_from (MgCampaign *self, gint64 seq, GError **error)
{
  return mg_campaign_exec_seq (self, "DELETE FROM snapshot WHERE seq >= ?1", seq, error);
}

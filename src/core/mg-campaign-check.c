/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-check.c — the write transaction of mg-campaign-rules.c; the soundness check. */
#include "config.h"

#include "mg-actions.h"
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-ruleset.h"
#include "mg-store.h"
#include "mg-chain.h"
#include "mg-game.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* ---- ruleset, check -------------------------------------------------------------------- */

/* mg_campaign_set_ruleset is in mg-campaign-rules.c: a change of the ruleset is a journal row
 * (issue 34).  What it needs of the campaign: */

MgStore *
mg_campaign_get_store (MgCampaign *self)
{
  return self->store;
}

gboolean
mg_campaign_begin (MgCampaign *self, GError **error)
{
  return mg_campaign_begin_locked (self, error);
}

/* Every row in force must replay under the new rules; snapshots are rebuilt as it goes. */
gboolean
mg_campaign_rebuild (MgCampaign *self, json_object *ruleset, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autoptr(MgState) state = NULL;
  MgRows *tables = NULL;

  self->since_snap = 0;
  if (!mg_campaign_drop_snapshots_from (self, 0, error))
    return FALSE;
  state = mg_campaign_replay (self, ruleset, FALSE, G_MAXINT64, mg_campaign_after_row, NULL, NULL, &local);
  if (!state)
    {
      if (local->domain == MG_STORE_ERROR)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                    _("The journal does not replay under this ruleset: "));
      return FALSE;
    }
  stmt = mg_store_prepare (self->store, "UPDATE campaign SET ruleset = ?1 WHERE id = 1", error);
  if (!stmt)
    return FALSE;
  sqlite3_bind_text (stmt, 1, mg_campaign_json_text (ruleset), -1, SQLITE_STATIC);
  if (mg_store_step (self->store, stmt, error) != SQLITE_DONE ||
      !mg_campaign_write_tables (self, state, &tables, error))
    return FALSE;
  mg_campaign_tables_written (self, tables);
  return TRUE;
}

gboolean
mg_campaign_finish (MgCampaign *self, gboolean ok, GError **error)
{
  if (ok && mg_store_commit (self->store, error) && mg_campaign_load_all (self, error))
    return TRUE;
  /* The entity tables may be written in memory's cache and rolled back in the file. */
  mg_campaign_tables_unknown (self);
  mg_campaign_resync (self);
  mg_campaign_convert_error (error);
  return FALSE;
}

gboolean
mg_campaign_check_pragma_rows (MgStore *store, const char *sql, const char *ok_text, const char *what,
                               GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, sql, error);
  g_autoptr(GString) problems = g_string_new (NULL);
  int rc;

  if (!stmt)
    return FALSE;
  while ((rc = mg_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      const char *text = (const char *) sqlite3_column_text (stmt, 0);

      if (ok_text && g_strcmp0 (text, ok_text) == 0)
        continue;
      if (problems->len)
        g_string_append (problems, "; ");
      /* foreign_key_check: table, rowid, parent table, fk index */
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        g_string_append_printf (problems, c ? " %s" : "%s",
                                sqlite3_column_text (stmt, c) ? (const char *) sqlite3_column_text (stmt, c) : "NULL");
    }
  if (rc < 0)
    return FALSE;
  if (problems->len)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT, "%s: %s", what, problems->str);
      return FALSE;
    }
  return TRUE;
}

/* The share of a check's time SQLite's own checks take, before the replay (for its progress). */
#define CHECK_PRAGMAS 0.1

typedef struct {
  GArray *snapshots;   /* seqs of stored snapshots, ascending */
  guint   next;
} CheckData;

/* A row's stored said (schema 9) is compared with the one its replay gives. It is outside the
 * hash chains (derived from the action and dice they prove, and from the summary they hold), and
 * unlike a snapshot a difference is no damage: a later version may word a sentence otherwise
 * (a msgid reworded), which must not make every older campaign unwritable. It is counted
 * (mg_campaign_get_said_differ) and `check --fill-said` tells those rows again. A row without
 * one (written before schema 9) is not wrong either. */
static void
check_said (MgCampaign *self, const char *kept_said, const MgSaid *said)
{
  g_autofree char *replayed = NULL;

  if (kept_said == NULL)
    return;
  replayed = mg_campaign_said_text (said);
  if (g_strcmp0 (kept_said, replayed) != 0)
    self->said_differ++;
}

gint64
mg_campaign_get_said_differ (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), 0);
  return self->said_differ;
}

/* During a full replay, every stored snapshot must equal the replayed state at its row, and
 * every stored said the said the row gives. */
static gboolean
check_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before, const char *kept_said,
           const MgSaid *said, gpointer data, GError **error)
{
  CheckData *check = data;
  g_autoptr(MgStoreStmt) stmt = NULL;
  json_object *json;
  gboolean same;
  int rc;

  /* The replay is nearly all of a check's time: its progress, every 1,024 rows. */
  if (self->check_progress != NULL && (seq & 1023) == 0 && self->last_seq > 0)
    self->check_progress (CHECK_PRAGMAS + (1.0 - CHECK_PRAGMAS) * seq / self->last_seq,
                          self->check_progress_data);
  check_said (self, kept_said, said);
  /* Renewing another revision's snapshots (mg-campaign-open.c): written as a play writes them. */
  if (self->renewing)
    return mg_campaign_after_row (self, seq, state, turn_before, kept_said, said, NULL, error);
  /* Not renewed (a read-only file): another engine's snapshots, not this one's to compare. */
  if (self->stale_snapshots)
    return TRUE;
  if (check->next >= check->snapshots->len || g_array_index (check->snapshots, gint64, check->next) != seq)
    return TRUE;
  check->next++;
  stmt = mg_store_prepare (self->store, "SELECT state FROM snapshot WHERE seq = ?1", error);
  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  if ((rc = mg_store_step (self->store, stmt, error)) < 0)
    return FALSE;
  json = mg_state_to_json (state);
  same = rc == SQLITE_ROW && g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), mg_campaign_json_text (json)) == 0;
  json_object_put (json);
  if (!same)
    g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                 _("The snapshot after journal row %lld differs from a replay"), (long long) seq);
  return same;
}

/* The hash the file holds for journal row (or mark) `key`; FALSE: SQLite failed. */
static gboolean
stored_hash (MgCampaign *self, const char *sql, gint64 key, guint8 *hash, gboolean *found, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store, sql, error);
  int rc;

  *found = FALSE;
  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, key);
  if ((rc = mg_store_step (self->store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW && sqlite3_column_bytes (stmt, 0) == MG_CHAIN_HASH_LEN)
    {
      *found = TRUE;
      memcpy (hash, sqlite3_column_blob (stmt, 0), MG_CHAIN_HASH_LEN);
    }
  return TRUE;
}

static gboolean
lost (GError **error, char *message)
{
  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_LOST, "%s", message);
  g_free (message);
  return FALSE;
}

/* The chain's head this user's Melee GM last acknowledged (kept with the seal) against the
 * file's: a file behind it lost commits (a damaged or removed WAL drops them silently, and
 * every check of SQLite's says ok) or was replaced by an older copy (issue 42). */
static gboolean
check_tail (MgCampaign *self, GError **error)
{
  g_autofree char *was_line = mg_store_sealed_chain (self->path);
  g_autofree char *now_line = was_line ? mg_store_chain_line (self->store) : NULL;
  const char *was_sp = was_line ? strchr (was_line, ' ') : NULL;
  const char *now_sp = now_line ? strchr (now_line, ' ') : NULL;
  guint8 hash[MG_CHAIN_HASH_LEN];
  MgChainHead was, now;
  gboolean found;

  /* No seal, or one of another campaign once at this path: nothing to compare. */
  if (!was_sp || !now_sp || was_sp - was_line != now_sp - now_line ||
      strncmp (was_line, now_line, (gsize) (now_sp - now_line)) != 0 ||
      !mg_chain_head_parse (was_sp + 1, &was) || !mg_chain_head_parse (now_sp + 1, &now))
    return TRUE;
  if (was.seq > now.seq)
    return lost (error, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        "The journal ends at row %lld, but Melee GM acknowledged rows up to %lld on this computer: "
        "%lld action was lost (the file's write-ahead log lost it, or an older copy took its place)",
        "The journal ends at row %lld, but Melee GM acknowledged rows up to %lld on this computer: "
        "%lld actions were lost (the file's write-ahead log lost them, or an older copy took its place)",
        (gulong) (was.seq - now.seq)), (long long) now.seq, (long long) was.seq, (long long) (was.seq - now.seq)));
  if (was.seq > 0 &&
      (!stored_hash (self, "SELECT hash FROM journal WHERE seq = ?1", was.seq, hash, &found, error) ||
       !found || memcmp (hash, was.row, MG_CHAIN_HASH_LEN) != 0))
    return error && *error ? FALSE
         : lost (error, g_strdup_printf (_("Journal row %lld is not the one Melee GM acknowledged on this "
                                           "computer: the history up to it was replaced"), (long long) was.seq));
  if (was.mark > now.mark)
    return lost (error, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        "%lld undo or redo that Melee GM acknowledged on this computer was lost",
        "%lld undos or redos that Melee GM acknowledged on this computer were lost",
        (gulong) (was.mark - now.mark)), (long long) (was.mark - now.mark)));
  if (was.mark > 0 &&
      (!stored_hash (self, "SELECT hash FROM journal_mark WHERE id = ?1", was.mark, hash, &found, error) ||
       !found || memcmp (hash, was.mark_hash, MG_CHAIN_HASH_LEN) != 0))
    return error && *error ? FALSE
         : lost (error, g_strdup_printf (_("Undo mark %lld is not the one Melee GM acknowledged on this computer"),
                                         (long long) was.mark));
  return TRUE;
}

/* Both chains recomputed; the first row or mark that differs named (CORRUPT). */
static gboolean
check_chain (MgCampaign *self, GError **error)
{
  g_autofree char *problem = NULL;
  gboolean present;

  if (!mg_chain_present (self->store, &present, error))
    return FALSE;
  if (!present)
    return TRUE;   /* a file before schema 6, opened read-only: it has no chain yet */
  if (!mg_chain_verify (self->store, &problem, error))
    return FALSE;
  if (problem != NULL)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                   _("The journal was changed outside Melee GM: %s"), problem);
      return FALSE;
    }
  return check_tail (self, error);
}

char *
mg_campaign_dup_fingerprint (MgCampaign *self)
{
  MgChainHead head;
  gboolean present;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  if (!mg_chain_present (self->store, &present, NULL) || !present ||
      !mg_chain_head (self->store, &head, NULL))
    return NULL;
  return mg_chain_fingerprint (&head, FALSE);
}

/* A game with secrets: the public chain's (a seat's hidden values are not in it, so the
 * fingerprint tells nothing of them); a file before schema 8, read-only, has none. */
char *
mg_campaign_dup_shared_fingerprint (MgCampaign *self)
{
  MgChainHead head;
  gboolean present;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), NULL);
  if (mg_campaign_get_rules (self) == NULL)
    return NULL;
  if (!mg_rules_has_secrets (mg_campaign_get_rules (self)))
    return mg_campaign_dup_fingerprint (self);
  if (!mg_chain_public_present (self->store, &present, NULL) || !present ||
      !mg_chain_public_head (self->store, &head, NULL))
    return NULL;
  return mg_chain_fingerprint (&head, TRUE);
}

gboolean
mg_campaign_changed_outside (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return !self->read_only && mg_store_changed_outside (self->store);
}

void
mg_campaign_accept_lost (const char *path)
{
  mg_store_unseal (path);
}

gboolean
mg_campaign_check (MgCampaign *self, GError **error)
{
  CheckData check = { NULL, 0 };
  ReplayInfo info = { .with_said = TRUE };
  g_autoptr(MgState) replayed = NULL;
  g_autoptr(GError) refused = NULL;
  json_object *a = NULL, *b = NULL;
  /* An open left the state to this replay (defer_state): it is the load, nothing to compare. */
  gboolean adopt = self->state == NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  self->said_differ = 0;
  if (!mg_campaign_check_pragma_rows (self->store, "PRAGMA integrity_check", "ok", _("Integrity check"), error) ||
      !mg_campaign_check_pragma_rows (self->store, "PRAGMA foreign_key_check", NULL, _("Foreign key check"), error) ||
      !mg_campaign_check_json_rows (self->store, error) ||
      !check_chain (self, error))
    goto out;

  if (self->check_progress != NULL)
    self->check_progress (CHECK_PRAGMAS, self->check_progress_data);
  /* Rows in force with seq beyond any snapshot count too: G_MAXINT64 bound. */
  check.snapshots = mg_campaign_collect_seqs (self, "SELECT seq FROM snapshot WHERE seq <= ?1 ORDER BY seq LIMIT ?2",
                                              G_MAXINT64, G_MAXINT, error);
  if (!check.snapshots)
    goto out;
  replayed = mg_campaign_replay (self, self->ruleset, FALSE, G_MAXINT64, check_row, &check, &info,
                                 adopt ? &refused : error);
  if (replayed == NULL && refused != NULL)
    mg_campaign_stale_refused (self, g_steal_pointer (&refused), error);
  if (replayed == NULL)
    goto out;
  if (check.next < check.snapshots->len && !self->stale_snapshots)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                   _("A snapshot is kept for journal row %lld, which is not in force"),
                   (long long) g_array_index (check.snapshots, gint64, check.next));
      goto out;
    }
  if (adopt)
    {
      /* Renewing, mg_campaign_after_row counted since_snap as it wrote the snapshots. */
      if (!self->renewing)
        self->since_snap = info.since_snap;
      mg_campaign_set_state (self, g_steal_pointer (&replayed));
      ok = TRUE;
      goto out;
    }
  a = mg_state_to_json (replayed);
  b = mg_state_to_json (self->state);
  ok = strcmp (mg_campaign_json_text (a), mg_campaign_json_text (b)) == 0;
  if (!ok)
    g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                         _("A full replay of the journal does not give the current state"));
out:
  json_object_put (a);
  json_object_put (b);
  g_clear_pointer (&check.snapshots, g_array_unref);
  if (!ok)
    {
      mg_campaign_convert_error (error);
      mg_campaign_explain_damage (error, self->path);
    }
  else if (!self->read_only)
    {
      /* Found sound: this process's writes need not ask again, nor the next process's while
       * the file stays as Melee GM leaves it (a renewal seals the file after its commit). */
      if (!self->renewing)
        mg_store_seal (self->store);
      self->sound = TRUE;
    }
  return ok;
}

/* ---- the check in another thread (issue 43: nothing slow on the main loop) ------------ */

gboolean
mg_campaign_needs_check (MgCampaign *self)
{
  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  return !self->read_only && !self->sound && self->unsound == NULL && !mg_store_is_sealed (self->path);
}

gboolean
mg_campaign_check_with_progress (MgCampaign *self, MgCheckProgress progress, gpointer data, GError **error)
{
  MgCheckProgress before = self->check_progress;
  gpointer before_data = self->check_progress_data;
  gboolean ok;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  self->check_progress = progress;
  self->check_progress_data = data;
  ok = mg_campaign_check (self, error);
  self->check_progress = before;
  self->check_progress_data = before_data;
  if (ok && progress != NULL)
    progress (1.0, data);
  return ok;
}

gboolean
mg_campaign_check_path (const char *path, MgCheckProgress progress, gpointer data, GError **error)
{
  g_autoptr(MgCampaign) other = mg_campaign_open_read_only (path, error);
  gboolean ok;

  if (other == NULL)
    return FALSE;
  other->check_progress = progress;
  other->check_progress_data = data;
  /* In one read transaction: the file as of one instant, as mg_campaign_ensure_sound does. */
  ok = mg_store_exec (other->store, "BEGIN", error) && mg_campaign_check (other, error);
  mg_store_rollback (other->store);
  if (ok && progress != NULL)
    progress (1.0, data);
  return ok;
}

void
mg_campaign_set_checking (MgCampaign *self, double fraction)
{
  g_return_if_fail (MG_IS_CAMPAIGN (self));
  self->checking = TRUE;
  self->check_fraction = CLAMP (fraction, 0.0, 1.0);
  if (self->table != NULL)
    mg_table_notify_checking (self->table);
}

void
mg_campaign_checked (MgCampaign *self, const GError *error)
{
  g_return_if_fail (MG_IS_CAMPAIGN (self));
  self->checking = FALSE;
  self->check_fraction = 1.0;
  if (error == NULL)
    {
      /* Found sound: this process's writes need not ask again, nor the next process's while
       * the file stays as Melee GM leaves it. */
      if (!self->read_only)
        mg_store_seal (self->store);
      self->sound = TRUE;
    }
  else if (self->unsound == NULL)
    self->unsound = g_error_copy (error);
  if (self->table != NULL)
    mg_table_notify_checking (self->table);
}

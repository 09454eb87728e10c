/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-open.c — opening a campaign file (checks, migrations) and creating one. */
#define _GNU_SOURCE   /* renameat2 (RENAME_NOREPLACE) */
#include "config.h"
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

/* ---- opening --------------------------------------------------------------------------- */

static gboolean
refuse (GError **error, MgCampaignError code, const char *path, const char *format)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, MG_CAMPAIGN_ERROR, code, format, display);
  return FALSE;
}

static gboolean
refuse_too_new (GError **error, gint64 version)
{
  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_TOO_NEW,
               _("This campaign was written by a newer Melee GM (schema %lld"
                 "; this version reads up to %d). Open it with a newer version."),
               (long long) version, MG_CAMPAIGN_SCHEMA_VERSION);
  return FALSE;
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static gboolean
has_wal (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  GStatBuf st;

  return g_stat (wal, &st) == 0 && st.st_size > 0;
}

/* Reads the SQLite header without SQLite: missing, empty, foreign, too new and truncated files
 * are refused before anything could write to them. */
static gboolean
inspect_header (const char *path, GError **error)
{
  static const char magic[16] = "SQLite format 3";
  guint8 header[100];
  GStatBuf st;
  gssize got;
  guint32 page_size, pages, app_id, version;
  int fd;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND,
                   _("Cannot open “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    return refuse (error, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN, path, _("“%s” is not a file"));
  if (st.st_size == 0)
    return refuse (error, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN, path,
                   _("“%s” is empty: it is not a Melee GM campaign"));

  /* A connection of this process has the file open (it passed these checks when it opened): a
   * descriptor opened and closed here would drop its locks (mg_store_attached_here). */
  if (mg_store_attached_here (path))
    return TRUE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND,
                   _("Cannot open “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  got = read (fd, header, sizeof header);
  close (fd);

  if (got < (gssize) sizeof magic || memcmp (header, magic, sizeof magic) != 0)
    return refuse (error, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN, path,
                   _("“%s” is not a Melee GM campaign (it is not an SQLite database)"));
  if (got < (gssize) sizeof header)
    return refuse (error, MG_CAMPAIGN_ERROR_CORRUPT, path,
                   _("“%s” is damaged: the file is cut short"));

  app_id = read_be32 (header + 68);
  version = read_be32 (header + 60);
  /* A header still waiting in the WAL is for the read-only connection to judge. */
  if (has_wal (path))
    return TRUE;
  if (app_id != MG_STORE_APPLICATION_ID)
    return refuse (error, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN, path,
                   _("“%s” is an SQLite database, but not a Melee GM campaign"));
  if (version > MG_CAMPAIGN_SCHEMA_VERSION)
    return refuse_too_new (error, version);

  /* The in-header page count is valid when the change counter matches version-valid-for. */
  page_size = ((guint32) header[16] << 8) | header[17];
  if (page_size == 1)
    page_size = 65536;
  pages = read_be32 (header + 28);
  if (pages > 0 && memcmp (header + 24, header + 92, 4) == 0 &&
      (guint64) st.st_size < (guint64) pages * page_size)
    return refuse (error, MG_CAMPAIGN_ERROR_CORRUPT, path,
                   _("“%s” is damaged: the file is shorter than its header says (truncated?)"));
  return TRUE;
}

/* Rows whose JSON was damaged on disk, named (up to a few of each kind); TRUE if none. Runs in
 * C inside SQLite, a few hundred MB/s: only `check` and the first open after an unclean close
 * pay it, so opening does not grow with the campaign. */
gboolean
mg_campaign_check_json_rows (MgStore *store, GError **error)
{
  static const struct { const char *sql; const char *what; } checks[] = {
    { "SELECT seq FROM journal WHERE NOT (json_valid (action) AND json_valid (dice) AND "
      "json_valid (events)) ORDER BY seq LIMIT 11", N_("journal rows whose JSON is damaged") },
    { "SELECT seq FROM snapshot WHERE NOT json_valid (state) ORDER BY seq LIMIT 11",
      N_("snapshots (after journal rows) whose JSON is damaged") },
  };
  g_autoptr(GString) problems = g_string_new (NULL);

  for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
    {
      g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, checks[c].sql, error);
      guint n = 0;
      int rc;

      if (!stmt)
        return FALSE;
      while ((rc = mg_store_step (store, stmt, error)) == SQLITE_ROW)
        {
          if (n == 0)
            g_string_append_printf (problems, "%s%s: ", problems->len ? "; " : "", _(checks[c].what));
          if (++n > 10)
            {
              g_string_append (problems, ", …");
              break;
            }
          g_string_append_printf (problems, n > 1 ? ", %" G_GINT64_FORMAT : "%" G_GINT64_FORMAT,
                                  (gint64) sqlite3_column_int64 (stmt, 0));
        }
      if (rc < 0)
        return FALSE;
    }
  if (problems->len)
    {
      g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT, problems->str);
      return FALSE;
    }
  return TRUE;
}

gboolean
mg_campaign_check_name (const char *name, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (mg_rules_check_name (name, MG_RULES_ERROR_BAD_ACTION, &local))
    return TRUE;
  g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID, local->message);
  return FALSE;
}

/* A damaged file is refused with what is damaged and how to recover; nothing is written to it. */
void
mg_campaign_explain_damage (GError **error, const char *path)
{
  g_autofree char *display = NULL;
  char *message;

  if (!error || !*error || (*error)->domain != MG_CAMPAIGN_ERROR ||
      (*error)->code != MG_CAMPAIGN_ERROR_CORRUPT)
    return;
  display = g_filename_display_name (path);
  if (!strstr ((*error)->message, display))   /* SQLite's message alone does not say which file */
    g_prefix_error (error, _("“%s” is damaged: "), display);
  message = g_strdup_printf (_("%s. Melee GM will not write to it. Restore a backup copy, or "
                               "recover what can be read with: sqlite3 %s .recover"),
                             (*error)->message, path);
  g_free ((*error)->message);
  (*error)->message = message;
}

/* The same questions asked of SQLite through a read-only connection (it sees a WAL too). */
static gboolean
inspect_readonly (const char *path, gint64 *version, GError **error)
{
  /* Asked before this process attaches a connection of its own. */
  gboolean unclean = mg_store_closed_uncleanly (path);
  g_autoptr(MgStore) ro = mg_store_open (path, MG_STORE_READ_ONLY, error);
  gint64 app_id, tables;

  if (!ro ||
      !mg_store_query_int (ro, "PRAGMA application_id", &app_id, error) ||
      !mg_store_query_int (ro, "PRAGMA user_version", version, error))
    return FALSE;
  if (app_id != MG_STORE_APPLICATION_ID)
    return refuse (error, MG_CAMPAIGN_ERROR_NOT_CAMPAIGN, path,
                   _("“%s” is an SQLite database, but not a Melee GM campaign"));
  if (*version > MG_CAMPAIGN_SCHEMA_VERSION)
    return refuse_too_new (error, *version);
  if (!mg_store_query_int (ro, "SELECT count (*) FROM sqlite_master WHERE type = 'table' AND name IN "
                               "('campaign', 'player', 'session', 'journal', 'snapshot')",
                           &tables, error))
    return FALSE;
  if (tables != 5)
    return refuse (error, MG_CAMPAIGN_ERROR_CORRUPT, path,
                   _("“%s” is damaged: tables of the campaign are missing"));
  /* Killed or powered off while writing: look at every page once before anything writes. */
  if (unclean &&
      (!mg_campaign_check_pragma_rows (ro, "PRAGMA quick_check", "ok", _("Integrity check"), error) ||
       !mg_campaign_check_json_rows (ro, error)))
    return FALSE;
  return TRUE;
}

/* ---- each game's entity tables, versioned apart (table game_schema, schema/0003) --------- */

static guint
game_tables_latest (const MgGame *game)
{
  guint n = 0;

  while (game->table_migrations && game->table_migrations[n])
    n++;
  return n;
}

/* The version of the game's tables that the file holds (0: none yet, or a file before 0003). */
static gboolean
game_tables_version (MgCampaign *self, gint64 *version, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  gint64 has_table;
  int rc;

  *version = 0;
  if (!mg_store_query_int (self->store, "SELECT count (*) FROM sqlite_master WHERE type = 'table' "
                                        "AND name = 'game_schema'", &has_table, error))
    return FALSE;
  if (!has_table)
    return TRUE;
  stmt = mg_store_prepare (self->store, "SELECT version FROM game_schema WHERE game = ?1", error);
  if (!stmt)
    return FALSE;
  sqlite3_bind_text (stmt, 1, self->game_id, -1, SQLITE_STATIC);
  if ((rc = mg_store_step (self->store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW)
    *version = sqlite3_column_int64 (stmt, 0);
  return TRUE;
}

/* A file whose game tables a newer Melee GM wrote is refused before anything is written. */
static gboolean
check_game_tables_version (MgCampaign *self, GError **error)
{
  gint64 version;

  if (!game_tables_version (self, &version, error))
    return FALSE;
  if (version > game_tables_latest (self->game))
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_TOO_NEW,
                   _("This campaign’s %s tables were written by a newer Melee GM (version %lld; this version reads up to %u). Open it with a newer version."),
                   _(self->rules->name), (long long) version, game_tables_latest (self->game));
      return FALSE;
    }
  return TRUE;
}

/* Brings the game's tables to the latest version, one migration per transaction, then fills
 * them from the state if any was applied. */
static gboolean
migrate_game_tables (MgCampaign *self, GError **error)
{
  guint latest = game_tables_latest (self->game);
  gboolean applied = FALSE;
  MgRows *tables = NULL;
  gint64 current;

  /* The usual case costs one read, no write lock. */
  if (!game_tables_version (self, &current, error))
    return FALSE;
  if (current >= latest)
    return TRUE;
  if (!mg_campaign_ensure_state (self, error) || !mg_campaign_ensure_sound (self, error))
    return FALSE;
  for (;;)
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(MgStoreStmt) stmt = NULL;
      g_autofree char *script = NULL;
      const char *resource;
      gint64 version;

      if (!mg_store_begin (self->store, error))
        return FALSE;
      /* Another process may have migrated while this one waited for the lock. */
      if (!game_tables_version (self, &version, error))
        goto fail;
      if (version >= latest)
        break;
      resource = self->game->table_migrations[version];
      if (!(bytes = mg_data_lookup (resource, error)))
        goto fail;
      script = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      if (!mg_store_exec_script (self->store, script, resource, error) ||
          !(stmt = mg_store_prepare (self->store,
                "INSERT OR REPLACE INTO game_schema (game, version) VALUES (?1, ?2)", error)))
        goto fail;
      sqlite3_bind_text (stmt, 1, self->game_id, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, version + 1);
      if (mg_store_step (self->store, stmt, error) != SQLITE_DONE)
        goto fail;
      applied = TRUE;
      if (version + 1 < latest && !mg_store_commit (self->store, error))
        goto fail;
      if (version + 1 < latest)
        continue;
      break;
    }
  /* The last migration (or none) is still open: the tables are filled in the same commit. */
  mg_campaign_tables_unknown (self);
  if ((applied && !mg_campaign_write_tables (self, self->state, &tables, error)) ||
      !mg_store_commit (self->store, error))
    goto fail;
  mg_campaign_tables_written (self, tables);
  return TRUE;

fail:
  g_clear_pointer (&tables, mg_rows_free);
  mg_store_rollback (self->store);
  return FALSE;
}

/* A journal that no longer replays (a die, a row deleted): when it was changed outside Melee GM,
 * the chain names the first row that differs, which says more than the engine's refusal. */
static void
name_changed_row (MgStore *store, GError **error)
{
  g_autofree char *problem = NULL;
  gboolean present;

  if (!error || !*error ||
      !mg_chain_present (store, &present, NULL) || !present ||
      !mg_chain_verify (store, &problem, NULL) || problem == NULL)
    return;
  g_clear_error (error);
  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
               _("The journal was changed outside Melee GM: %s"), problem);
}

/* A file with the journal's chain (schema 6): every mark this connection changes is chained,
 * and the seal keeps the chain's head. */
static gboolean
watch_chain (MgCampaign *self, GError **error)
{
  gboolean present;

  if (!mg_chain_present (self->store, &present, error))
    return FALSE;
  if (present && !self->read_only && !mg_chain_watch_marks (self->store, error))
    return FALSE;
  mg_store_set_chained (self->store, present);
  return TRUE;
}

/* The snapshots and entity tables an earlier revision of the game's engine made (schema/0010),
 * made again by this one in one write transaction with its revision: `check` in full (the
 * file's own checks, both chains, the acknowledged tail), its replay writing the snapshots as
 * play does rather than comparing them. The journal and its chains are not touched. The check's
 * replay is the state (the load left it to it, defer_state), unless a step before made it. */
static gboolean
renew_snapshots (MgCampaign *self, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  MgRows *tables = NULL;
  gboolean ok;

  if (self->read_only || !self->stale_snapshots)
    return TRUE;
  if (!mg_store_begin (self->store, error))
    return FALSE;
  /* Another Melee GM may have renewed them while this one waited for the lock. */
  if (!mg_campaign_sync_if_stale (self, NULL, error))
    goto fail;
  if (!self->stale_snapshots)
    return mg_store_commit (self->store, error);
  self->since_snap = 0;
  self->renewing = TRUE;
  ok = mg_campaign_drop_snapshots_from (self, 0, error) && mg_campaign_check (self, error);
  self->renewing = FALSE;
  if (!ok)
    goto fail;
  mg_campaign_tables_unknown (self);
  /* The Chronicle's points are the earlier engine's views too: read again, in a thread, when
   * the Chronicle is next opened (as for a campaign begun before it, mg-chronicle-fill.h). */
  if (!mg_campaign_write_tables (self, self->state, &tables, error) ||
      !mg_store_exec (self->store, "DELETE FROM chronicle", error) ||
      !mg_store_exec (self->store, "INSERT OR REPLACE INTO chronicle_pending (id, upto) "
                                   "SELECT 1, max (seq) FROM journal HAVING count (*) > 0", error) ||
      !(stmt = mg_store_prepare (self->store, "UPDATE campaign SET engine_revision = ?1 WHERE id = 1", error)))
    goto fail;
  sqlite3_bind_int64 (stmt, 1, mg_game_engine_revision (self->game));
  if (mg_store_step (self->store, stmt, error) != SQLITE_DONE || !mg_store_commit (self->store, error))
    goto fail;
  mg_campaign_tables_written (self, tables);
  self->engine_revision = mg_game_engine_revision (self->game);
  self->stale_snapshots = FALSE;
  mg_campaign_forget_mem_marks (self);   /* the file's snapshots now stand */
  mg_store_seal (self->store);   /* as the check found it, with this commit */
  return TRUE;

fail:
  g_clear_pointer (&tables, mg_rows_free);
  mg_store_rollback (self->store);
  mg_campaign_tables_unknown (self);
  return FALSE;
}

/* Whether this process may write the file and create its -wal and -shm beside it. */
static gboolean
writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  return g_access (path, W_OK) == 0 && g_access (dir, W_OK) == 0;
}

/* An open's progress (mg_campaign_open_with_progress): each long step of it a share. */
typedef struct {
  MgCheckProgress progress;
  gpointer        data;
  double          base, span;
} OpenProgress;

static void
open_progress (double fraction, gpointer data)
{
  OpenProgress *p = data;

  p->progress (p->base + p->span * CLAMP (fraction, 0.0, 1.0), p->data);
}

/* The next step reports through the check's progress (mg_campaign_check, and the replay of a
 * stale load in mg-campaign.c) as the share [base, base + span] of the open. */
static gboolean
open_step (MgCampaign *self, OpenProgress *p, double base, double span)
{
  if (p->progress != NULL)
    {
      p->base = base;
      p->span = span;
      self->check_progress = open_progress;
      self->check_progress_data = p;
    }
  return TRUE;
}

static MgCampaign *open_mode (const char *path, gboolean read_only, OpenProgress *progress, GError **error);

MgCampaign *
mg_campaign_open (const char *path, GError **error)
{
  return mg_campaign_open_with_progress (path, NULL, NULL, error);
}

MgCampaign *
mg_campaign_open_with_progress (const char *path, MgCheckProgress progress, gpointer data, GError **error)
{
  OpenProgress p = { progress, data, 0.0, 1.0 };

  return open_mode (path, FALSE, &p, error);
}

/* A second campaign on the same file, read-only, for a check in another thread. */
MgCampaign *
mg_campaign_open_read_only (const char *path, GError **error)
{
  OpenProgress p = { NULL };

  return open_mode (path, TRUE, &p, error);
}

static MgCampaign *
open_mode (const char *path, gboolean read_only, OpenProgress *progress, GError **error)
{
  g_autoptr(MgCampaign) self = NULL;
  gint64 version = 0;
  gboolean ok;

  g_return_val_if_fail (path != NULL, NULL);

  if (!inspect_header (path, error) || !inspect_readonly (path, &version, error))
    {
      mg_campaign_convert_error (error);
      mg_campaign_explain_damage (error, path);
      return NULL;
    }

  self = g_object_new (MG_TYPE_CAMPAIGN, NULL);
  self->path = g_strdup (path);
  self->read_only = read_only || !writable (path);
  self->defer_state = !self->read_only;
  self->store = mg_store_open (path, self->read_only ? MG_STORE_READ_ONLY : MG_STORE_READ_WRITE,
                               error);
  /* Load (which checks what it replays) before a migration could write anything. The long
   * steps report their progress: a stale load's replay from the start (read-only: one that
   * may write leaves it to the renewal's), the check before a migration, the renewal of another
   * revision's snapshots (a check, whose replay is then the state unless a step before made it). */
  ok = self->store != NULL &&
       open_step (self, progress, 0.0, self->read_only ? 1.0 : 0.5) &&
       mg_campaign_load_all (self, error) &&
       check_game_tables_version (self, error) &&
       open_step (self, progress, 0.0, self->stale_snapshots ? 0.5 : 1.0) &&
       (self->read_only || version >= MG_CAMPAIGN_SCHEMA_VERSION ||
        (mg_campaign_ensure_sound (self, error) &&
         mg_store_migrate (self->store, mg_core_data, MG_CAMPAIGN_SCHEMA_DIR, error))) &&
       (self->read_only || migrate_game_tables (self, error)) &&
       mg_campaign_query_has_said (self, error) &&
       watch_chain (self, error) &&
       open_step (self, progress, self->state != NULL ? 0.5 : 0.0, self->state != NULL ? 0.5 : 1.0) &&
       renew_snapshots (self, error);
  self->defer_state = FALSE;
  if (self->store != NULL && self->check_progress == open_progress)
    {
      self->check_progress = NULL;
      self->check_progress_data = NULL;
    }
  if (!ok)
    {
      mg_campaign_convert_error (error);
      if (self->store)
        {
          mg_store_keep_wal (self->store);   /* a refused file is left as it was: no checkpoint */
          name_changed_row (self->store, error);
        }
      mg_campaign_explain_damage (error, path);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/* ---- creating -------------------------------------------------------------------------- */

static gboolean
check_players (const MgRules *rules, const char * const *players, GError **error)
{
  guint n = players ? g_strv_length ((char **) players) : 0;

  if (n < rules->min_players || n > rules->max_players)
    {
      if (rules->min_players == rules->max_players)
        g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID,
                     g_dngettext (GETTEXT_PACKAGE, "%s needs %u player", "%s needs %u players",
                                  rules->min_players),
                     _(rules->name), rules->min_players);
      else
        g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID,
                     _("%s needs %u to %u players"), _(rules->name),
                     rules->min_players, rules->max_players);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      if (!players[i][0] || !g_utf8_validate (players[i], -1, NULL))
        {
          g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID,
                               _("Every player needs a name"));
          return FALSE;
        }
      if (!mg_rules_check_name (players[i], MG_RULES_ERROR_BAD_ACTION, error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (strcmp (players[i], players[j]) == 0)
          {
            g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID,
                         _("Two players are named “%s”"), players[i]);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
write_new_campaign (MgStore *store, const char *game_id, const char *name,
                    const char * const *players, json_object *ruleset, guint32 seed,
                    GError **error)
{
  gint64 now = g_get_real_time ();
  g_autoptr(MgStoreStmt) camp = NULL;
  g_autoptr(MgStoreStmt) sess = NULL;

  if (!mg_store_migrate (store, mg_core_data, MG_CAMPAIGN_SCHEMA_DIR, error) || !mg_store_begin (store, error))
    return FALSE;

  camp = mg_store_prepare (store,
      "INSERT INTO campaign (id, name, game, seed, ruleset, created, app_version, engine_revision) "
      "VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)", error);
  if (!camp)
    goto fail;
  sqlite3_bind_text (camp, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (camp, 2, game_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (camp, 3, seed);
  sqlite3_bind_text (camp, 4, mg_campaign_json_text (ruleset), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (camp, 5, now);
  sqlite3_bind_text (camp, 6, PACKAGE_VERSION, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (camp, 7, mg_game_engine_revision (mg_game_lookup (game_id)));
  if (mg_store_step (store, camp, error) != SQLITE_DONE)
    goto fail;

  for (guint i = 0; players[i]; i++)
    {
      g_autoptr(MgStoreStmt) player = mg_store_prepare (store,
          "INSERT INTO player (seat, name) VALUES (?1, ?2)", error);

      if (!player)
        goto fail;
      sqlite3_bind_int (player, 1, (int) i);
      sqlite3_bind_text (player, 2, players[i], -1, SQLITE_STATIC);
      if (mg_store_step (store, player, error) != SQLITE_DONE)
        goto fail;
    }

  sess = mg_store_prepare (store, "INSERT INTO session (id, name, started) VALUES (1, ?1, ?2)", error);
  if (!sess)
    goto fail;
  sqlite3_bind_text (sess, 1, _("Session 1"), -1, SQLITE_STATIC);
  sqlite3_bind_int64 (sess, 2, now);
  if (mg_store_step (store, sess, error) != SQLITE_DONE || !mg_store_commit (store, error))
    goto fail;
  return TRUE;

fail:
  mg_store_rollback (store);
  return FALSE;
}

static void
remove_campaign_files (const char *path)
{
  static const char *suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);
      g_unlink (file);
    }
}

/* Opens a campaign just written, fills its entity tables from the initial state, closes it. */
static gboolean
fill_new (const char *path, GError **error)
{
  g_autoptr(MgCampaign) self = mg_campaign_open (path, error);
  MgRows *tables = NULL;

  if (!self)
    return FALSE;
  if (self->rules->tables == NULL)
    return TRUE;
  if (!mg_campaign_begin_locked (self, error) ||
      !mg_campaign_write_tables (self, self->state, &tables, error) ||
      !mg_store_commit (self->store, error))
    {
      g_clear_pointer (&tables, mg_rows_free);
      mg_store_rollback (self->store);
      mg_campaign_convert_error (error);
      return FALSE;
    }
  mg_campaign_tables_written (self, tables);
  return TRUE;
}

/* A new campaign is written whole under a temporary name in the same folder, then renamed into
 * place, so a killed `new` leaves no half campaign: ".NAME.PID.mgnew". */
#define TEMP_SUFFIX ".mgnew"

static char *
temp_path (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.%d" TEMP_SUFFIX, base, (int) getpid ());

  return g_build_filename (dir, name, NULL);
}

/* Temporary files of a creation of `path` whose process is gone (killed mid-way). */
static void
remove_stale_temps (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *prefix = g_strdup_printf (".%s.", base);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      const char *end = strstr (name, TEMP_SUFFIX);
      char *after = NULL;
      gint64 pid;

      if (!g_str_has_prefix (name, prefix) || !end)
        continue;
      pid = g_ascii_strtoll (name + strlen (prefix), &after, 10);
      /* Only a dead process's: another `new` may be at work. */
      if (after != end || pid <= 0 || pid > G_MAXINT || kill ((pid_t) pid, 0) == 0 || errno != ESRCH)
        continue;
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);
        g_unlink (file);
      }
    }
}

static void
sync_path (const char *path, int flags)
{
  int fd = g_open (path, flags | O_CLOEXEC, 0);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* Moves tmp to path unless path exists (then EEXIST), and makes the new name durable. */
static gboolean
move_into_place (const char *tmp, const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int rc;

  sync_path (tmp, O_RDONLY);
  rc = renameat2 (AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE);
  if (rc != 0 && (errno == EINVAL || errno == ENOSYS))
    {
      /* A file system without RENAME_NOREPLACE: link() also refuses an existing name. */
      rc = link (tmp, path);
      if (rc == 0)
        g_unlink (tmp);
    }
  if (rc != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, MG_CAMPAIGN_ERROR,
                   saved == EEXIST ? MG_CAMPAIGN_ERROR_EXISTS : MG_CAMPAIGN_ERROR_NOT_FOUND,
                   saved == EEXIST ? _("“%s” already exists") : _("Cannot create “%s”: %s"),
                   display, g_strerror (saved));
      return FALSE;
    }
  sync_path (dir, O_RDONLY | O_DIRECTORY);
  return TRUE;
}

MgCampaign *
mg_campaign_create (const char *path, const char *game_id, const char *name,
                    const char * const *players, json_object *ruleset, guint32 seed,
                    GError **error)
{
  const MgRules *rules;
  json_object *own = NULL;
  g_autofree char *tmp = NULL;
  g_auto(GStrv) trimmed = NULL;
  g_autofree char *trimmed_name = NULL;
  MgState *state;
  MgStore *store;
  GStatBuf st;
  gboolean ok;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  rules = game_id ? mg_rules_lookup (game_id) : NULL;
  if (!rules)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_UNKNOWN_GAME,
                   _("This version of Melee GM has no game “%s”"), game_id ? game_id : "");
      return NULL;
    }
  if (!name || !*name || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID,
                           _("The campaign needs a name"));
      return NULL;
    }
  /* The rules of player names (issue 42): one line of plain text, no ESC or bidi override. */
  name = trimmed_name = mg_rules_trim_name (name);
  if (!mg_campaign_check_name (name, error))
    return NULL;
  /* Seat names as the referee meant them: spaces typed around a name are not part of it. */
  trimmed = g_new0 (char *, (players ? g_strv_length ((char **) players) : 0) + 1);
  for (guint i = 0; players && players[i]; i++)
    trimmed[i] = mg_rules_trim_name (players[i]);
  players = (const char * const *) trimmed;
  if (!check_players (rules, players, error))
    return NULL;

  if (ruleset)
    {
      if (rules->check_ruleset && !rules->check_ruleset (ruleset, error))
        return NULL;
      own = json_object_get (ruleset);
    }
  else if (!(own = mg_ruleset_load_default (game_id, error)))
    return NULL;

  /* The engine must accept the ruleset and players before any file exists. */
  state = rules->new_state (own, players, error);
  if (!state)
    {
      json_object_put (own);
      return NULL;
    }
  mg_state_free (state);

  if (g_lstat (path, &st) == 0)
    {
      g_autofree char *display = g_filename_display_name (path);

      json_object_put (own);
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_EXISTS,
                   _("“%s” already exists"), display);
      return NULL;
    }
  remove_stale_temps (path);
  tmp = temp_path (path);
  remove_campaign_files (tmp);
  /* O_EXCL: never take over a file that exists, even one created a moment ago. */
  fd = g_open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      json_object_put (own);
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND,
                   _("Cannot create “%s”: %s"), display, g_strerror (saved));
      return NULL;
    }
  close (fd);

  store = mg_store_open (tmp, MG_STORE_READ_WRITE, error);
  ok = store && write_new_campaign (store, game_id, name, players, own, seed, error);
  mg_store_free (store);   /* closing checkpoints the WAL into the file */
  json_object_put (own);
  /* Whole and closed (the WAL checkpointed and gone) before it takes the name. */
  ok = ok && fill_new (tmp, error) && move_into_place (tmp, path, error);
  if (!ok)
    {
      remove_campaign_files (tmp);
      mg_campaign_convert_error (error);
      return NULL;
    }
  return mg_campaign_open (path, error);
}

/* mg-campaign.c — one campaign = one SQLite file: journal, snapshots, undo/redo, replay.
 *
 * The journal is the truth: the state in memory is always the last valid snapshot plus a
 * replay of the rows in force after it, and every change is committed before it is reported.
 * journal.undone: 0 = in force, 1 = undone (redo can restore it), 2 = undone for good.
 * Rows with undone = 1 always lie after the last row in force; redo restores them in order. */
#define _GNU_SOURCE   /* renameat2 (RENAME_NOREPLACE) */
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

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

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
  gint64         stepped;      /* the row the last undo or redo marked last */
  gboolean       sound;        /* checked before this process's first write (ensure_sound) */
  GError        *unsound;      /* why it is not: every write is refused with it */
};

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MgCampaign, mg_campaign, G_TYPE_OBJECT)
G_DEFINE_QUARK (mg-campaign-error-quark, mg_campaign_error)

/* ---- errors ---------------------------------------------------------------------------- */

/* Store errors leave the public API as campaign errors: damage → CORRUPT, the rest → SQLITE;
 * the message stays SQLite's. */
static void
convert_error (GError **error)
{
  GError *e = error ? *error : NULL;

  if (!e || e->domain != MG_STORE_ERROR)
    return;
  e->code = (e->code == SQLITE_CORRUPT || e->code == SQLITE_NOTADB)
            ? MG_CAMPAIGN_ERROR_CORRUPT : MG_CAMPAIGN_ERROR_SQLITE;
  e->domain = MG_CAMPAIGN_ERROR;
}

static gboolean
fail_nothing (GError **error, const char *message)
{
  g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOTHING, message);
  return FALSE;
}

/* ---- small helpers --------------------------------------------------------------------- */

static const char *
json_text (json_object *obj)
{
  return json_object_to_json_string_ext (obj, JSON_FLAGS);
}

static json_object *
json_parse_text (const char *text)
{
  return text ? json_tokener_parse (text) : NULL;
}

static char *
column_dup (sqlite3_stmt *stmt, int col)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, col));
}

/* The seed of the dice rolled in the app for journal row seq: the campaign seed and seq
 * mixed (splitmix64), so a row's roll depends on nothing but the two. */
static guint32
row_seed (guint32 seed, gint64 seq)
{
  guint64 z = (((guint64) seed << 32) ^ (guint64) seq) + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return (guint32) (z ^ (z >> 31));
}

/* The action without its "dice" member (new reference); *dice is that member (borrowed) or NULL. */
static json_object *
strip_dice (json_object *action, json_object **dice)
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
static const char *
action_actor (const MgState *state, json_object *action)
{
  json_object *player;
  const char *actor;

  if (json_object_object_get_ex (action, "player", &player) &&
      json_object_is_type (player, json_type_string))
    return json_object_get_string (player);
  if (state != NULL && state->rules->actor != NULL &&
      (actor = state->rules->actor (state, action)) != NULL)
    return actor;
  return "GM";
}

static gboolean
check_action_object (json_object *action, GError **error)
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

#define ENTRY_COLUMNS "seq, session, turn, actor, action, dice, events, summary, time, undone"

static MgJournalEntry *
entry_from_row (sqlite3_stmt *stmt)
{
  MgJournalEntry *e = g_new0 (MgJournalEntry, 1);

  e->seq = sqlite3_column_int64 (stmt, 0);
  e->session = sqlite3_column_int64 (stmt, 1);
  e->turn = sqlite3_column_int (stmt, 2);
  e->actor = column_dup (stmt, 3);
  e->action = column_dup (stmt, 4);
  e->dice = column_dup (stmt, 5);
  e->events = column_dup (stmt, 6);
  e->summary = column_dup (stmt, 7);
  e->time = sqlite3_column_int64 (stmt, 8);
  e->undone = sqlite3_column_int (stmt, 9) != 0;
  return e;
}

/* ---- replay ---------------------------------------------------------------------------- */

/* Applies one recorded row to state with its recorded dice, which must all be used.  The
 * summary and events the engine gives now are handed back when asked for (mg-narrate.c). */
gboolean
mg_campaign_replay_row (MgState *state, gint64 seq, const char *action_text, const char *dice_text,
                        char **summary_out, json_object **events_out, GError **error)
{
  json_object *action = json_parse_text (action_text);
  json_object *dice_json = json_parse_text (dice_text);
  g_autoptr(MgDice) dice = NULL;
  g_autofree char *summary = NULL;
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
      events = mg_state_apply (state, action, dice, &summary, &local);
      mg_rules_replaying (FALSE);
    }

  if (events && mg_dice_remaining (dice) > 0)
    g_set_error (&local, MG_DICE_ERROR, MG_DICE_ERROR_UNUSED,
                 _("%u recorded dice were not used"), mg_dice_remaining (dice));
  if (local == NULL && summary_out != NULL)
    *summary_out = g_steal_pointer (&summary);
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

/* Called after each replayed row, for callers that write or verify snapshots. */
typedef gboolean (*RowFunc) (MgCampaign *self, gint64 seq, MgState *state, gint turn_before,
                             gpointer data, GError **error);

typedef struct {
  guint since_snap;   /* rows replayed after the snapshot started from (or from the start) */
} ReplayInfo;

/* The state after the rows in force up to `upto`: from the last snapshot at or before it
 * (if use_snapshots) or from the start, under `ruleset`. */
static MgState *replay_rows (MgCampaign *self, json_object *ruleset, gboolean use_snapshots, gint64 upto,
                             RowFunc func, gpointer data, ReplayInfo *info, GError **error);

/* Names in the journal were accepted when played: not checked again (mg_rules_replaying). */
static MgState *
replay (MgCampaign *self, json_object *ruleset, gboolean use_snapshots, gint64 upto,
        RowFunc func, gpointer data, ReplayInfo *info, GError **error)
{
  MgState *state;

  mg_rules_replaying (TRUE);
  state = replay_rows (self, ruleset, use_snapshots, upto, func, data, info, error);
  mg_rules_replaying (FALSE);
  return state;
}

static MgState *
replay_rows (MgCampaign *self, json_object *ruleset, gboolean use_snapshots, gint64 upto,
             RowFunc func, gpointer data, ReplayInfo *info, GError **error)
{
  g_autoptr(MgState) state = NULL;
  g_autoptr(MgStoreStmt) rows = NULL;
  gint64 from = 0;
  guint replayed = 0;
  int rc;

  if (use_snapshots)
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
          json_object *json = json_parse_text ((const char *) sqlite3_column_text (snap, 1));

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

  rows = mg_store_prepare (self->store,
      "SELECT seq, action, dice FROM journal WHERE seq > ?1 AND seq <= ?2 AND undone = 0 ORDER BY seq",
      error);
  if (!rows)
    return NULL;
  sqlite3_bind_int64 (rows, 1, from);
  sqlite3_bind_int64 (rows, 2, upto);
  while ((rc = mg_store_step (self->store, rows, error)) == SQLITE_ROW)
    {
      gint64 seq = sqlite3_column_int64 (rows, 0);
      gint turn_before = func ? mg_state_turn (state) : 0;

      if (!mg_campaign_replay_row (state, seq, (const char *) sqlite3_column_text (rows, 1),
                                   (const char *) sqlite3_column_text (rows, 2), NULL, NULL, error))
        return NULL;
      replayed++;
      if (func && !func (self, seq, state, turn_before, data, error))
        return NULL;
    }
  if (rc < 0)
    return NULL;
  if (info)
    info->since_snap = replayed;
  return g_steal_pointer (&state);
}

/* ---- entity tables (each game's own: MgGame.table_names) -------------------------------- */

static gboolean corrupt (MgCampaign *self, GError **error, const char *what);
static gboolean engine_fault (MgCampaign *self, GError **error, const char *what);

static gboolean
is_column_name (const char *key)
{
  if (!key[0])
    return FALSE;
  for (const char *c = key; *c; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

static void
bind_cell (sqlite3_stmt *stmt, int i, const MgRowsCell *cell)
{
  switch (cell->type)
    {
    case MG_ROWS_INT:
      sqlite3_bind_int64 (stmt, i, cell->i);
      break;
    case MG_ROWS_TEXT:
      sqlite3_bind_text (stmt, i, cell->text, cell->len, SQLITE_TRANSIENT);
      break;
    default:
      sqlite3_bind_null (stmt, i);
      break;
    }
}

/* Inserts one entity row (its packed cells, mg-rows.h) at the given rowid (the row's place in
 * the engine's list, from 1), so that the tables hold exactly what rewriting them whole in the
 * engine's order would.  Built by appending, not printf: this runs for rows of every action. */
static gboolean
insert_entity (MgCampaign *self, const char *table, const char * const *columns, gint64 rowid,
               const guint8 *row, GError **error)
{
  g_autoptr(GString) sql = g_string_sized_new (256);
  g_autoptr(MgStoreStmt) stmt = NULL;
  guint n;

  g_string_append (sql, "INSERT INTO \"");
  g_string_append (sql, table);
  g_string_append (sql, "\" (rowid");
  for (n = 0; columns[n]; n++)
    {
      g_string_append (sql, ", ");
      g_string_append (sql, columns[n]);
    }
  if (n == 0)   /* a row of no column is no row, as it always was */
    return TRUE;
  /* Parameters without numbers take the next one in order: ?1 to ?n + 1. */
  g_string_append (sql, ") VALUES (?");
  for (guint c = 0; c < n; c++)
    g_string_append (sql, ", ?");
  g_string_append_c (sql, ')');
  /* A statement per table: the cache hits. */
  if (!(stmt = mg_store_prepare (self->store, sql->str, error)))
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, rowid);
  for (guint c = 0; c < n; c++)
    {
      MgRowsCell cell;

      mg_rows_cell (&row, &cell);
      bind_cell (stmt, c + 2, &cell);
    }
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

static gboolean
delete_entities (MgCampaign *self, const char *table, gint64 rowid, GError **error)
{
  g_autofree char *sql = rowid > 0 ? g_strdup_printf ("DELETE FROM \"%s\" WHERE rowid = ?1", table)
                                   : g_strdup_printf ("DELETE FROM \"%s\"", table);
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store, sql, error);

  if (!stmt)
    return FALSE;
  if (rowid > 0)
    sqlite3_bind_int64 (stmt, 1, rowid);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

/* The columns of `table` that some unique index holds (its PRIMARY KEY or UNIQUE name), asked of
 * SQLite once per table and remembered: a row whose change leaves them alone is updated in place,
 * which leaves those indexes' pages alone too. */
static GHashTable *
unique_columns (MgCampaign *self, const char *table, GError **error)
{
  g_autoptr(GHashTable) cols = NULL;
  g_autoptr(GPtrArray) indexes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(MgStoreStmt) list = NULL;
  GHashTable *known;
  int rc;

  if (self->unique_cols == NULL)
    self->unique_cols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) g_hash_table_unref);
  if ((known = g_hash_table_lookup (self->unique_cols, table)) != NULL)
    return known;
  if (!(list = mg_store_prepare (self->store, "SELECT name FROM pragma_index_list (?1) WHERE \"unique\"", error)))
    return NULL;
  sqlite3_bind_text (list, 1, table, -1, SQLITE_TRANSIENT);
  while ((rc = mg_store_step (self->store, list, error)) == SQLITE_ROW)
    g_ptr_array_add (indexes, g_strdup ((const char *) sqlite3_column_text (list, 0)));
  if (rc != SQLITE_DONE)
    return NULL;
  cols = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < indexes->len; i++)
    {
      g_autoptr(MgStoreStmt) info = mg_store_prepare (self->store, "SELECT name FROM pragma_index_info (?1)", error);

      if (!info)
        return NULL;
      sqlite3_bind_text (info, 1, indexes->pdata[i], -1, SQLITE_TRANSIENT);
      while ((rc = mg_store_step (self->store, info, error)) == SQLITE_ROW)
        /* NULL: an expression, which any column may feed; "*" then keeps every row from updates. */
        g_hash_table_add (cols, g_strdup (sqlite3_column_text (info, 0) != NULL
                                          ? (const char *) sqlite3_column_text (info, 0) : "*"));
      if (rc != SQLITE_DONE)
        return NULL;
    }
  known = g_steal_pointer (&cols);
  g_hash_table_insert (self->unique_cols, g_strdup (table), known);
  return known;
}

/* The columns (their numbers) whose cells differ between two packed rows of the same columns,
 * in `changed`, when the row can be updated in place: no column of a unique index changed, so
 * the update can never meet another row's name.  FALSE when it must be deleted and inserted. */
static gboolean
changed_columns (const guint8 *old, const guint8 *row, const char * const *columns,
                 GHashTable *unique, GArray *changed)
{
  g_array_set_size (changed, 0);
  if (g_hash_table_contains (unique, "*"))
    return FALSE;
  for (guint c = 0; columns[c]; c++)
    {
      const guint8 *a = old, *b = row;
      MgRowsCell ca, cb;

      mg_rows_cell (&old, &ca);
      mg_rows_cell (&row, &cb);
      if (old - a == row - b && memcmp (a, b, old - a) == 0)
        continue;
      if (g_hash_table_contains (unique, columns[c]))
        return FALSE;
      g_array_append_val (changed, c);
    }
  return changed->len > 0;
}

/* Sets the `changed` columns of the entity row at `rowid` to their cells in `row`. */
static gboolean
update_entity (MgCampaign *self, const char *table, const char * const *columns, gint64 rowid,
               const guint8 *row, GArray *changed, GError **error)
{
  g_autoptr(GString) sql = g_string_sized_new (256);
  g_autoptr(MgStoreStmt) stmt = NULL;
  guint k = 0;

  g_string_append (sql, "UPDATE \"");
  g_string_append (sql, table);
  g_string_append (sql, "\" SET ");
  for (guint i = 0; i < changed->len; i++)
    {
      if (i > 0)
        g_string_append (sql, ", ");
      g_string_append (sql, columns[g_array_index (changed, guint, i)]);
      g_string_append (sql, " = ?");
    }
  g_string_append (sql, " WHERE rowid = ?");
  if (!(stmt = mg_store_prepare (self->store, sql->str, error)))
    return FALSE;
  for (guint c = 0; columns[c] && k < changed->len; c++)
    {
      MgRowsCell cell;

      mg_rows_cell (&row, &cell);
      if (g_array_index (changed, guint, k) == c)
        bind_cell (stmt, ++k, &cell);
    }
  sqlite3_bind_int64 (stmt, changed->len + 1, rowid);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

/* Brings one declared table from its rows as last committed (table `t_old` of `old`: row i at
 * rowid i + 1; none if t_old < 0; not known at all if `old` is NULL) to table `t` of `rows` (none
 * if t < 0).  Only the places whose row changed are written.  A row whose change leaves its
 * unique columns alone is updated in place; the others are deleted first, all of them, then
 * inserted, so a name moving from one place to another never meets itself. */
static gboolean
write_table (MgCampaign *self, const char *table, const MgRows *rows, gint t,
             const MgRows *old, gint t_old, GError **error)
{
  enum { SAME, UPDATED, INSERT };
  guint n = t >= 0 ? mg_rows_n_rows (rows, t) : 0;
  guint n_old = old != NULL && t_old >= 0 ? mg_rows_n_rows (old, t_old) : 0;
  const char * const *columns = t >= 0 ? mg_rows_columns (rows, t) : NULL;
  g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint8 *todo = g_new (guint8, MAX (n, 1));
  GHashTable *unique = NULL;

  /* Columns other than last time's (a newer engine): the rows cannot be compared. */
  if (old != NULL && t_old >= 0 && t >= 0 &&
      !g_strv_equal ((const char * const *) mg_rows_columns (old, t_old), columns))
    old = NULL;
  if (old == NULL && !delete_entities (self, table, 0, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    todo[i] = INSERT;
  for (guint i = 0; old != NULL && i < n_old; i++)
    {
      gsize len_before, len_after = 0;
      const guint8 *before = mg_rows_row (old, t_old, i, &len_before);
      const guint8 *after = i < n ? mg_rows_row (rows, t, i, &len_after) : NULL;

      if (after != NULL && len_before == len_after && memcmp (before, after, len_after) == 0)
        todo[i] = SAME;
      else if (after != NULL && (unique != NULL || (unique = unique_columns (self, table, error)) != NULL) &&
               changed_columns (before, after, columns, unique, changed))
        {
          if (!update_entity (self, table, columns, i + 1, after, changed, error))
            return FALSE;
          todo[i] = UPDATED;
        }
      else if ((after != NULL && unique == NULL) || !delete_entities (self, table, i + 1, error))
        return FALSE;   /* the unique columns could not be read, or the delete failed */
    }
  for (guint i = 0; i < n; i++)
    {
      gsize len;

      if (todo[i] == INSERT &&
          !insert_entity (self, table, columns, i + 1, mg_rows_row (rows, t, i, &len), error))
        return FALSE;
    }
  return TRUE;
}

/* The engine's entity rows for `state` (NULL when the game declares none): no I/O, so that a
 * stream of actions builds them while the action before is being written. */
static gboolean
build_tables (MgCampaign *self, const MgState *state, MgRows **out, GError **error)
{
  g_autoptr(MgRows) rows = NULL;

  *out = NULL;
  if (state->rules->tables == NULL || self->game->table_names == NULL)
    return TRUE;
  rows = self->spare_rows ? g_steal_pointer (&self->spare_rows) : mg_rows_new ();
  mg_rows_clear (rows);
  state->rules->tables (state, rows);
  if (mg_rows_broken (rows) != NULL)
    return engine_fault (self, error, _("the engine gave entity rows that do not fit their columns"));
  for (guint t = 0; t < mg_rows_n_tables (rows); t++)
    for (const char * const *c = mg_rows_columns (rows, t); *c; c++)
      if (!is_column_name (*c))
        return engine_fault (self, error, _("the engine gave an entity column that is not a name"));
  *out = g_steal_pointer (&rows);
  return TRUE;
}

/* Writes what build_tables gave (NULL: nothing), inside the caller's transaction. */
static gboolean
write_rows (MgCampaign *self, const MgRows *rows, GError **error)
{
  if (rows == NULL)
    return TRUE;
  for (guint t = 0; self->game->table_names[t]; t++)
    {
      const char *table = self->game->table_names[t];

      if (!write_table (self, table, rows, mg_rows_find (rows, table), self->table_rows,
                        self->table_rows ? mg_rows_find (self->table_rows, table) : -1, error))
        return FALSE;
    }
  return TRUE;
}

/* Brings the entity tables to `state`, inside the caller's transaction: the tables the game
 * declares, each holding the rows the engine gives for it in its order (other tables it gives
 * are ignored).  Only rows that changed since the last commit this object made are written;
 * when memory does not know what the file holds (just opened, another writer, a migration),
 * each table is rewritten whole.  Engines without a `tables` entry cost nothing.  On success
 * *written (if given) gets what to remember once the transaction commits. */
static gboolean
write_tables (MgCampaign *self, const MgState *state, MgRows **written, GError **error)
{
  g_autoptr(MgRows) rows = NULL;

  if (written)
    *written = NULL;
  if (!build_tables (self, state, &rows, error) || !write_rows (self, rows, error))
    return FALSE;
  if (written)
    *written = g_steal_pointer (&rows);
  return TRUE;
}

/* After a commit that wrote the tables: remember what they hold (the rows before become the
 * buffers of the next write). */
static void
tables_written (MgCampaign *self, MgRows *rows)
{
  if (rows != NULL)
    {
      g_clear_pointer (&self->spare_rows, mg_rows_free);
      self->spare_rows = g_steal_pointer (&self->table_rows);
      self->table_rows = rows;
    }
}

/* The file's entity tables may no longer be what this object last wrote. */
static void
tables_unknown (MgCampaign *self)
{
  g_clear_pointer (&self->table_rows, mg_rows_free);
  g_clear_pointer (&self->unique_cols, g_hash_table_unref);   /* a migration may change them */
}

/* ---- snapshots ------------------------------------------------------------------------- */

/* The policy is in mg-campaign-private.h. */
static gboolean
snapshot_due (MgCampaign *self, gint turn_before, gint turn_after)
{
  guint rows = self->since_snap + 1;   /* counting the row just applied */

  return (turn_after != turn_before && rows >= MG_CAMPAIGN_SNAPSHOT_MIN_ROWS) ||
         rows >= MG_CAMPAIGN_SNAPSHOT_MAX_ROWS;
}

static gboolean
insert_snapshot (MgCampaign *self, gint64 seq, gint turn, const char *text, GError **error)
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
  gboolean ok = insert_snapshot (self, seq, mg_state_turn (state), json_text (json), error);

  json_object_put (json);
  return ok;
}

/* A row in force was just applied to state: snapshot it if the turn changed (or it is time). */
static gboolean
after_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before, gpointer data,
           GError **error)
{
  gint turn_after = mg_state_turn (state);

  if (snapshot_due (self, turn_before, turn_after))
    {
      if (!write_snapshot (self, seq, state, error))
        return FALSE;
      self->since_snap = 0;
    }
  else
    self->since_snap++;
  return TRUE;
}

/* A statement that takes one seq (?1) and returns no row. */
static gboolean
exec_seq (MgCampaign *self, const char *sql, gint64 seq, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store, sql, error);

  if (!stmt)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, seq);
  return mg_store_step (self->store, stmt, error) == SQLITE_DONE;
}

static gboolean
drop_snapshots_from (MgCampaign *self, gint64 seq, GError **error)
{
  return exec_seq (self, "DELETE FROM snapshot WHERE seq >= ?1", seq, error);
}

/* ---- loading --------------------------------------------------------------------------- */

static void
set_state (MgCampaign *self, MgState *state)
{
  g_clear_pointer (&self->state, mg_state_free);
  self->state = state;
  self->turn = mg_state_turn (state);
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

typedef struct {
  gint64   last_active;
  gboolean can_redo;
} UndoMarks;

/* last_active and can_redo, as the file (or the open transaction) has them. */
static gboolean
query_undo_marks (MgCampaign *self, UndoMarks *marks, GError **error)
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

static void
set_undo_marks (MgCampaign *self, const UndoMarks *marks)
{
  self->last_active = marks->last_active;
  self->can_redo = marks->can_redo;
}

static gboolean
corrupt (MgCampaign *self, GError **error, const char *what)
{
  g_autofree char *display = g_filename_display_name (self->path);

  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
               _("“%s” is a damaged campaign: %s"), display, what);
  return FALSE;
}

/* Not the file's fault: telling the referee to restore a backup would be wrong. */
static gboolean
engine_fault (MgCampaign *self, GError **error, const char *what)
{
  g_autofree char *display = g_filename_display_name (self->path);

  g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_ENGINE,
               _("Melee GM could not record this in “%s”: %s. This is a fault of Melee GM, not of "
                 "the campaign, which was left as it was; please report it."), display, what);
  return FALSE;
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
    return corrupt (self, error, _("it has no campaign row"));

  g_free (self->name);
  g_free (self->game_id);
  self->name = column_dup (stmt, 0);
  self->game_id = column_dup (stmt, 1);
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
  ruleset = json_parse_text ((const char *) sqlite3_column_text (stmt, 3));
  if (!json_object_is_type (ruleset, json_type_object))
    {
      json_object_put (ruleset);
      return corrupt (self, error, _("its ruleset is not a JSON object"));
    }
  json_object_put (self->ruleset);
  self->ruleset = ruleset;
  return TRUE;
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

/* Everything memory holds about the file: the campaign row, players, counters, the state. */
static gboolean
load_all_locked (MgCampaign *self, GError **error)
{
  ReplayInfo info = { 0 };
  UndoMarks marks;
  MgState *state;
  gint64 version;

  if (!load_campaign_row (self, error) ||
      !load_players (self, error) ||
      !mg_store_query_int (self->store, "SELECT max (id) FROM session", &self->session, error) ||
      !mg_store_query_int (self->store, "SELECT max (seq) FROM journal", &self->last_seq, error) ||
      !count_journal (self, error) ||
      !query_undo_marks (self, &marks, error) ||
      !mg_store_query_int (self->store, "PRAGMA data_version", &version, error))
    return FALSE;
  /* Another connection committed since memory last matched the file: its entity tables may
   * hold anything. */
  if (version != self->data_version)
    tables_unknown (self);
  self->data_version = version;
  set_undo_marks (self, &marks);
  if (self->session <= 0)
    return corrupt (self, error, _("it has no session"));

  state = replay (self, self->ruleset, TRUE, G_MAXINT64, NULL, NULL, &info, error);
  if (!state)
    return FALSE;
  set_state (self, state);
  self->since_snap = info.since_snap;
  return TRUE;
}

/* The same, read in one transaction so that a writer in another process cannot slip a row in
 * between the counters and the state. */
static gboolean
load_all (MgCampaign *self, GError **error)
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

/* If another connection changed the file since memory last matched it, reload (*reloaded, if
 * given, says so), so that the next action applies to the state on disk: inside a write
 * transaction, or before the engine runs (mg_campaign_act). */
static gboolean
sync_if_stale (MgCampaign *self, gboolean *reloaded, GError **error)
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
  tables_unknown (self);
  return load_all (self, error);
}

/* After a failure that may have left memory different from the file: rebuild from the file. */
static void
resync (MgCampaign *self)
{
  g_autoptr(GError) error = NULL;

  mg_store_rollback (self->store);
  if (!load_all (self, &error))
    g_warning ("Cannot reload campaign %s: %s", self->path, error->message);
}

static gboolean check_writable (MgCampaign *self, GError **error);
static gboolean ensure_sound (MgCampaign *self, GError **error);

static gboolean
begin_locked (MgCampaign *self, GError **error)
{
  if (!check_writable (self, error) || !mg_store_begin (self->store, error))
    return FALSE;
  if (!sync_if_stale (self, NULL, error))
    {
      mg_store_rollback (self->store);
      return FALSE;
    }
  return TRUE;
}

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

  fd = g_open (path, O_RDONLY, 0);
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
static gboolean
check_json_rows (MgStore *store, GError **error)
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

static gboolean check_pragma_rows (MgStore *store, const char *sql, const char *ok_text,
                                   const char *what, GError **error);

/* A damaged file is refused with what is damaged and how to recover; nothing is written to it. */
static void
explain_damage (GError **error, const char *path)
{
  g_autofree char *display = NULL;
  char *message;

  if (!error || !*error || (*error)->domain != MG_CAMPAIGN_ERROR ||
      (*error)->code != MG_CAMPAIGN_ERROR_CORRUPT)
    return;
  display = g_filename_display_name (path);
  if (!strstr ((*error)->message, display))   /* SQLite's message alone does not say which file */
    g_prefix_error (error, _("“%s” is damaged: "), display);
  message = g_strdup_printf (_("%s. Nothing was written to it. Restore a backup copy, or "
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
      (!check_pragma_rows (ro, "PRAGMA quick_check", "ok", _("Integrity check"), error) ||
       !check_json_rows (ro, error)))
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
  if (!ensure_sound (self, error))
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
  tables_unknown (self);
  if ((applied && !write_tables (self, self->state, &tables, error)) ||
      !mg_store_commit (self->store, error))
    goto fail;
  tables_written (self, tables);
  return TRUE;

fail:
  g_clear_pointer (&tables, mg_rows_free);
  mg_store_rollback (self->store);
  return FALSE;
}

/* Whether this process may write the file and create its -wal and -shm beside it. */
static gboolean
writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  return g_access (path, W_OK) == 0 && g_access (dir, W_OK) == 0;
}

MgCampaign *
mg_campaign_open (const char *path, GError **error)
{
  g_autoptr(MgCampaign) self = NULL;
  gint64 version = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!inspect_header (path, error) || !inspect_readonly (path, &version, error))
    {
      convert_error (error);
      explain_damage (error, path);
      return NULL;
    }

  self = g_object_new (MG_TYPE_CAMPAIGN, NULL);
  self->path = g_strdup (path);
  self->read_only = !writable (path);
  self->store = mg_store_open (path, self->read_only ? MG_STORE_READ_ONLY : MG_STORE_READ_WRITE,
                               error);
  /* Load (which checks what it replays) before a migration could write anything. */
  if (!self->store ||
      !load_all (self, error) ||
      !check_game_tables_version (self, error) ||
      (!self->read_only && version < MG_CAMPAIGN_SCHEMA_VERSION &&
       !ensure_sound (self, error)) ||
      (!self->read_only && version < MG_CAMPAIGN_SCHEMA_VERSION &&
       !mg_store_migrate (self->store, mg_core_data, MG_CAMPAIGN_SCHEMA_DIR, error)) ||
      (!self->read_only && !migrate_game_tables (self, error)))
    {
      convert_error (error);
      if (self->store)
        mg_store_keep_wal (self->store);   /* a refused file is left as it was: no checkpoint */
      explain_damage (error, path);
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
      "INSERT INTO campaign (id, name, game, seed, ruleset, created, app_version) "
      "VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)", error);
  if (!camp)
    goto fail;
  sqlite3_bind_text (camp, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (camp, 2, game_id, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (camp, 3, seed);
  sqlite3_bind_text (camp, 4, json_text (ruleset), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (camp, 5, now);
  sqlite3_bind_text (camp, 6, PACKAGE_VERSION, -1, SQLITE_STATIC);
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
  if (!begin_locked (self, error) ||
      !write_tables (self, self->state, &tables, error) ||
      !mg_store_commit (self->store, error))
    {
      g_clear_pointer (&tables, mg_rows_free);
      mg_store_rollback (self->store);
      convert_error (error);
      return FALSE;
    }
  tables_written (self, tables);
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
      convert_error (error);
      return NULL;
    }
  return mg_campaign_open (path, error);
}

/* ---- GObject --------------------------------------------------------------------------- */

static void
mg_campaign_finalize (GObject *object)
{
  MgCampaign *self = MG_CAMPAIGN (object);

  g_clear_pointer (&self->state, mg_state_free);
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

  G_OBJECT_CLASS (mg_campaign_parent_class)->finalize (object);
}

static void
mg_campaign_class_init (MgCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mg_campaign_finalize;

  /* After every change of the file made through this object: act, undo, redo, set_ruleset,
   * new_session. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mg_campaign_init (MgCampaign *self)
{
}

static void
emit_changed (MgCampaign *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
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

/* ---- acting ---------------------------------------------------------------------------- */

gboolean
mg_campaign_validate (MgCampaign *self, json_object *action, GError **error)
{
  json_object *dice, *clean;
  gboolean ok;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  if (!check_action_object (action, error))
    return FALSE;
  clean = strip_dice (action, &dice);
  ok = mg_state_validate (self->state, clean, error);
  json_object_put (clean);
  return ok;
}

static gboolean
insert_row (MgCampaign *self, const MgJournalEntry *e, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (self->store,
      "INSERT INTO journal (seq, session, turn, actor, action, dice, events, summary, time) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", error);

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
  gboolean        resync;      /* refused after the engine changed the state: reload it */
  gboolean        drop_redo;   /* rows undone after `kept` are dropped for good */
  gint64          kept;
  char           *snapshot;    /* the state after the action when a snapshot is due, or NULL */
  gint            snapshot_turn;
  MgRows         *tables;      /* the entity rows after it (NULL: the game has none) */
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
  g_clear_error (&a->write_error);
  g_free (a);
}

/* A damaged campaign is never written (issue 36): before this process's first write, the file
 * must pass what `check` asks (mg_campaign_check: SQLite's integrity check, the JSON of every
 * row, a full replay against every snapshot), unless it is sealed — exactly as Melee GM left it
 * after such a check or its own writes (mg_store_is_sealed: the files' size and times), which
 * costs two stat calls.  A refusal is `check`'s own message, and is kept for later writes. */
static gboolean
ensure_sound (MgCampaign *self, GError **error)
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
           sync_if_stale (self, NULL, &self->unsound) &&
           mg_campaign_check (self, &self->unsound);
      mg_store_rollback (self->store);
      if (!ok)
        {
          convert_error (&self->unsound);
          g_propagate_error (error, g_error_copy (self->unsound));
          return FALSE;
        }
    }
  mg_store_seal (self->store);
  self->sound = TRUE;
  return TRUE;
}

static gboolean
check_writable (MgCampaign *self, GError **error)
{
  g_autofree char *display = NULL;

  if (!self->read_only)
    return ensure_sound (self, error);
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
  json_object *clean, *dice_json, *events, *record;
  gint turn_after;
  gboolean snap;

  a->action = json_object_get (action);
  if (!check_writable (self, &a->error) || !check_action_object (action, &a->error))
    return a;
  clean = strip_dice (action, &dice_json);
  e = g_new0 (MgJournalEntry, 1);
  e->seq = self->last_seq + 1;
  dice = dice_json ? mg_dice_new_from_json (dice_json, &a->error)
                   : mg_dice_new_seeded (row_seed (self->seed, e->seq));
  if (!dice)
    goto out;
  e->turn = self->turn;
  e->actor = g_strdup (action_actor (self->state, clean));
  events = mg_state_apply (self->state, clean, dice, &e->summary, &a->error);
  if (!events)
    goto out;
  a->resync = TRUE;   /* from here on, a refusal leaves memory ahead of the file */
  e->events = g_strdup (json_text (events));
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
  e->dice = g_strdup (json_text (record));
  json_object_put (record);
  e->session = self->session;
  e->action = g_strdup (json_text (clean));
  if (!e->summary)
    e->summary = g_strdup ("");
  e->time = g_get_real_time ();

  turn_after = mg_state_turn (self->state);
  snap = snapshot_due (self, e->turn, turn_after);
  if (snap)
    {
      json_object *json = mg_state_to_json (self->state);

      a->snapshot = g_strdup (json_text (json));
      a->snapshot_turn = turn_after;
      json_object_put (json);
    }
  if (!build_tables (self, self->state, &a->tables, &a->error))
    goto out;
  a->drop_redo = self->can_redo;
  a->kept = self->last_active;

  self->turn = turn_after;
  self->since_snap = snap ? 0 : self->since_snap + 1;
  self->last_seq = self->last_active = e->seq;
  self->count++;
  self->can_redo = FALSE;
  a->resync = FALSE;
  a->entry = g_steal_pointer (&e);
out:
  json_object_put (clean);
  return a;
}

/* A new action after an undo: the rows that redo could have restored are undone for good. */
static gboolean
drop_redo (MgCampaign *self, gint64 kept, GError **error)
{
  return exec_seq (self, "UPDATE journal SET undone = 2 WHERE seq > ?1 AND undone = 1", kept, error);
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
      if (!mg_store_begin (self->store, error))
        return FALSE;
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
      (a->snapshot != NULL && !insert_snapshot (self, a->entry->seq, a->snapshot_turn, a->snapshot, error)) ||
      !write_rows (self, a->tables, error) ||
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
  tables_written (self, g_steal_pointer (&a->tables));
  emit_changed (self);
  return g_steal_pointer (&a->entry);
}

/* The whole act under the write lock, as when another connection keeps writing. */
static MgJournalEntry *
act_locked (MgCampaign *self, json_object *action, GError **error)
{
  Acted *a;
  MgJournalEntry *entry = NULL;

  if (!begin_locked (self, error))
    return NULL;
  a = act_prepare (self, action);
  if (a->entry == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&a->error));
      if (a->resync)
        resync (self);
      else
        mg_store_rollback (self->store);
    }
  else if (!act_write (self, a, TRUE, error))
    resync (self);
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
  if (!check_writable (self, error) || !check_action_object (action, error))
    return NULL;
  if (!sync_if_stale (self, &reloaded, error))
    {
      convert_error (error);
      return NULL;
    }
  /* The engine first, then the write lock: a write that finds the file changed since (another
   * connection slipped a row in between) does it all again under the lock. */
  a = act_prepare (self, action);
  if (a->entry == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&a->error));
      if (a->resync)
        resync (self);
    }
  else if (act_write (self, a, FALSE, error))
    entry = act_done (self, a);
  else
    {
      resync (self);
      if (a->conflict)
        entry = act_locked (self, action, error);
    }
  acted_free (a);
  if (entry == NULL)
    convert_error (error);
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
    convert_error (error);
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
  resync (self);
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
  if (a->resync)
    resync (st->self);   /* the engine changed memory before it refused */
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
      resync (self);
    }
  if (st.thread != NULL)
    {
      g_async_queue_push (st.todo, &stop_item);
      g_thread_join (st.thread);
    }
  g_async_queue_unref (st.todo);
  g_async_queue_unref (st.written);
  if (st.changed)
    emit_changed (self);
}

/* ---- undo / redo ----------------------------------------------------------------------- */

/* Up to n seqs from a query taking (?1 = bound, ?2 = limit). */
static GArray *
collect_seqs (MgCampaign *self, const char *sql, gint64 bound, guint n, GError **error)
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
  g_autoptr(GArray) seqs = collect_seqs (self,
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
    return fail_nothing (error, _("There is nothing to undo"));
  if ((step = rules_step (self, seqs, TRUE, done, error)) != MG_CAMPAIGN_RULES_STEP_NONE)
    return step == MG_CAMPAIGN_RULES_STEP_DONE;

  for (guint i = 0; i < seqs->len; i++)
    if (!mark_row (self, g_array_index (seqs, gint64, i), 1, error))
      return FALSE;
  low = g_array_index (seqs, gint64, seqs->len - 1);

  /* Snapshots at or after the first undone row described history that no longer holds. */
  if (!drop_snapshots_from (self, low, error) ||
      !(state = replay (self, self->ruleset, TRUE, G_MAXINT64, NULL, NULL, &info, error)))
    return FALSE;
  if (!query_undo_marks (self, &marks, error) ||
      !write_tables (self, state, &tables, error) ||
      !mg_store_commit (self->store, error))
    {
      g_clear_pointer (&tables, mg_rows_free);
      mg_state_free (state);
      return FALSE;
    }
  /* Memory changes only once the file has. */
  tables_written (self, tables);
  set_state (self, state);
  set_undo_marks (self, &marks);
  self->since_snap = info.since_snap;
  self->stepped = g_array_index (seqs, gint64, seqs->len - 1);
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

  if (!self->can_redo)
    return fail_nothing (error, _("There is nothing to redo"));
  seqs = collect_seqs (self,
      "SELECT seq FROM journal WHERE seq > ?1 AND undone = 1 ORDER BY seq LIMIT ?2",
      self->last_active, steps, error);
  if (!seqs)
    return FALSE;
  if (seqs->len == 0)
    return fail_nothing (error, _("There is nothing to redo"));
  if ((step = rules_step (self, seqs, FALSE, done, error)) != MG_CAMPAIGN_RULES_STEP_NONE)
    return step == MG_CAMPAIGN_RULES_STEP_DONE;
  if (!drop_snapshots_from (self, g_array_index (seqs, gint64, 0), error))
    return FALSE;

  for (guint i = 0; i < seqs->len; i++)
    {
      gint64 seq = g_array_index (seqs, gint64, i);
      gint turn_before = self->turn;
      int rc;

      stmt = mg_store_prepare (self->store, "SELECT action, dice FROM journal WHERE seq = ?1", error);
      if (!stmt)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, seq);
      if ((rc = mg_store_step (self->store, stmt, error)) != SQLITE_ROW)
        return rc < 0 ? FALSE : corrupt (self, error, _("a journal row vanished"));
      *mutated = TRUE;
      if (!mg_campaign_replay_row (self->state, seq, (const char *) sqlite3_column_text (stmt, 0),
                                   (const char *) sqlite3_column_text (stmt, 1), NULL, NULL, error))
        return FALSE;
      g_clear_pointer (&stmt, mg_store_stmt_release);
      self->turn = mg_state_turn (self->state);
      if (!mark_row (self, seq, 0, error) ||
          !after_row (self, seq, self->state, turn_before, NULL, error))
        return FALSE;
    }
  if (!query_undo_marks (self, &marks, error) ||
      !write_tables (self, self->state, &tables, error) ||
      !mg_store_commit (self->store, error))
    {
      g_clear_pointer (&tables, mg_rows_free);
      return FALSE;
    }
  tables_written (self, tables);
  set_undo_marks (self, &marks);
  self->stepped = g_array_index (seqs, gint64, seqs->len - 1);
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

  ok = begin_locked (self, error);
  if (ok && !(ok = func (self, steps, &n, &mutated, error)))
    {
      if (mutated)
        resync (self);   /* memory must equal the file again */
      else
        mg_store_rollback (self->store);
    }
  if (!ok)
    {
      convert_error (error);
      return FALSE;
    }
  if (done)
    *done = n;
  emit_changed (self);
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
      fail_nothing (error, func == undo_locked ? _("There is nothing to undo")
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
      convert_error (error);
      return FALSE;
    }
  if (version == self->data_version)
    return TRUE;
  tables_unknown (self);
  if (!load_all (self, error))
    {
      convert_error (error);
      explain_damage (error, self->path);
      return FALSE;
    }
  if (changed)
    *changed = TRUE;
  emit_changed (self);
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
        "SELECT " ENTRY_COLUMNS " FROM journal WHERE seq > ?1 ORDER BY seq LIMIT ?2", error);
  else
    stmt = mg_store_prepare (self->store,
        "SELECT " ENTRY_COLUMNS " FROM journal ORDER BY seq LIMIT ?2 OFFSET ?1", error);
  if (!stmt)
    {
      convert_error (error);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, offset);
  sqlite3_bind_int64 (stmt, 2, limit);

  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) mg_journal_entry_free);
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    g_ptr_array_add (rows, entry_from_row (stmt));
  if (rc < 0)
    {
      convert_error (error);
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
  stmt = mg_store_prepare (self->store, "SELECT " ENTRY_COLUMNS " FROM journal WHERE seq = ?1", error);
  if (stmt)
    sqlite3_bind_int64 (stmt, 1, seq);
  if (!stmt || (rc = mg_store_step (self->store, stmt, error)) < 0)
    {
      convert_error (error);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND,
                   _("The journal has no row %lld"), (long long) seq);
      return NULL;
    }
  return entry_from_row (stmt);
}

/* The rows in force matching filter, through an index: turn = ? uses journal_turn (turn, seq),
 * a seq range the primary key; the secret flag is SQLite's, so events are not copied for it
 * (a false "seat" match only hides, never shows). */
static char *
read_sql (const MgJournalFilter *filter, gboolean exists)
{
  GString *sql = g_string_new (exists ? "SELECT EXISTS (SELECT 1" :
                               "SELECT seq, session, turn, actor, summary, "
                               "instr (events, '\"seat\"') > 0");

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
  g_autofree char *sql = read_sql (filter, exists);
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
      convert_error (error);
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
      if (filter->fields & MG_JOURNAL_READ_DICE)
        row.dice = (const char *) sqlite3_column_text (stmt, col++);
      if (filter->fields & MG_JOURNAL_READ_EVENTS)
        row.events = (const char *) sqlite3_column_text (stmt, col++);
      if (!func (&row, data, error))
        return FALSE;
    }
  if (rc < 0)
    {
      convert_error (error);
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
      convert_error (error);
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
      convert_error (error);
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
  state = replay (self, self->ruleset, TRUE, seq, NULL, NULL, NULL, error);
  if (!state)
    convert_error (error);
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
      convert_error (error);
      return NULL;
    }
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) mg_session_free);
  while ((rc = mg_store_step (self->store, stmt, error)) == SQLITE_ROW)
    {
      MgSession *s = g_new0 (MgSession, 1);

      s->id = sqlite3_column_int64 (stmt, 0);
      s->name = column_dup (stmt, 1);
      s->started = sqlite3_column_int64 (stmt, 2);
      g_ptr_array_add (out, s);
    }
  if (rc < 0)
    {
      convert_error (error);
      return NULL;
    }
  return g_steal_pointer (&out);
}

gint64
mg_campaign_new_session (MgCampaign *self, const char *name, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  g_autofree char *fallback = NULL;
  gint64 id = 0;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), 0);
  if (name && !g_utf8_validate (name, -1, NULL))
    name = NULL;
  if (!begin_locked (self, error))
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
  emit_changed (self);
  return id;

fail:
  mg_store_rollback (self->store);
  convert_error (error);
  return 0;
}

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
  return begin_locked (self, error);
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
  if (!drop_snapshots_from (self, 0, error))
    return FALSE;
  state = replay (self, ruleset, FALSE, G_MAXINT64, after_row, NULL, NULL, &local);
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
  sqlite3_bind_text (stmt, 1, json_text (ruleset), -1, SQLITE_STATIC);
  if (mg_store_step (self->store, stmt, error) != SQLITE_DONE ||
      !write_tables (self, state, &tables, error))
    return FALSE;
  tables_written (self, tables);
  return TRUE;
}

gboolean
mg_campaign_finish (MgCampaign *self, gboolean ok, GError **error)
{
  if (ok && mg_store_commit (self->store, error) && load_all (self, error))
    return TRUE;
  /* The entity tables may be written in memory's cache and rolled back in the file. */
  tables_unknown (self);
  resync (self);
  convert_error (error);
  return FALSE;
}

static gboolean
check_pragma_rows (MgStore *store, const char *sql, const char *ok_text, const char *what,
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

typedef struct {
  GArray *snapshots;   /* seqs of stored snapshots, ascending */
  guint   next;
} CheckData;

/* During a full replay, every stored snapshot must equal the replayed state at its row. */
static gboolean
check_row (MgCampaign *self, gint64 seq, MgState *state, gint turn_before, gpointer data,
           GError **error)
{
  CheckData *check = data;
  g_autoptr(MgStoreStmt) stmt = NULL;
  json_object *json;
  gboolean same;
  int rc;

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
  same = rc == SQLITE_ROW && g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), json_text (json)) == 0;
  json_object_put (json);
  if (!same)
    g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                 _("The snapshot after journal row %lld differs from a replay"), (long long) seq);
  return same;
}

gboolean
mg_campaign_check (MgCampaign *self, GError **error)
{
  CheckData check = { NULL, 0 };
  g_autoptr(MgState) replayed = NULL;
  json_object *a = NULL, *b = NULL;
  gboolean ok = FALSE;

  g_return_val_if_fail (MG_IS_CAMPAIGN (self), FALSE);
  if (!check_pragma_rows (self->store, "PRAGMA integrity_check", "ok", _("Integrity check"), error) ||
      !check_pragma_rows (self->store, "PRAGMA foreign_key_check", NULL, _("Foreign key check"), error) ||
      !check_json_rows (self->store, error))
    goto out;

  /* Rows in force with seq beyond any snapshot count too: G_MAXINT64 bound. */
  check.snapshots = collect_seqs (self, "SELECT seq FROM snapshot WHERE seq <= ?1 ORDER BY seq LIMIT ?2",
                                  G_MAXINT64, G_MAXINT, error);
  if (!check.snapshots ||
      !(replayed = replay (self, self->ruleset, FALSE, G_MAXINT64, check_row, &check, NULL, error)))
    goto out;
  if (check.next < check.snapshots->len)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                   _("A snapshot is kept for journal row %lld, which is not in force"),
                   (long long) g_array_index (check.snapshots, gint64, check.next));
      goto out;
    }
  a = mg_state_to_json (replayed);
  b = mg_state_to_json (self->state);
  ok = strcmp (json_text (a), json_text (b)) == 0;
  if (!ok)
    g_set_error_literal (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT,
                         _("A full replay of the journal does not give the current state"));
out:
  json_object_put (a);
  json_object_put (b);
  g_clear_pointer (&check.snapshots, g_array_unref);
  if (!ok)
    {
      convert_error (error);
      explain_damage (error, self->path);
    }
  else if (!self->read_only)
    {
      /* Found sound: this process's writes need not ask again, nor the next process's while
       * the file stays as Melee GM leaves it. */
      mg_store_seal (self->store);
      self->sound = TRUE;
    }
  return ok;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-tables.c — each game's entity tables, written from the state at every commit. */
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

/* ---- entity tables (each game's own: MgGame.table_names) -------------------------------- */

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
gboolean
mg_campaign_build_tables (MgCampaign *self, const MgState *state, MgRows **out, GError **error)
{
  g_autoptr(MgRows) rows = NULL;

  *out = NULL;
  if (state->rules->tables == NULL || self->game->table_names == NULL)
    return TRUE;
  rows = self->spare_rows ? g_steal_pointer (&self->spare_rows) : mg_rows_new ();
  mg_rows_clear (rows);
  state->rules->tables (state, rows);
  if (mg_rows_broken (rows) != NULL)
    return mg_campaign_engine_fault (self, error, _("the engine gave entity rows that do not fit their columns"));
  for (guint t = 0; t < mg_rows_n_tables (rows); t++)
    for (const char * const *c = mg_rows_columns (rows, t); *c; c++)
      if (!is_column_name (*c))
        return mg_campaign_engine_fault (self, error, _("the engine gave an entity column that is not a name"));
  *out = g_steal_pointer (&rows);
  return TRUE;
}

/* Writes what mg_campaign_build_tables gave (NULL: nothing), inside the caller's transaction. */
gboolean
mg_campaign_write_rows (MgCampaign *self, const MgRows *rows, GError **error)
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
gboolean
mg_campaign_write_tables (MgCampaign *self, const MgState *state, MgRows **written, GError **error)
{
  g_autoptr(MgRows) rows = NULL;

  if (written)
    *written = NULL;
  if (!mg_campaign_build_tables (self, state, &rows, error) || !mg_campaign_write_rows (self, rows, error))
    return FALSE;
  if (written)
    *written = g_steal_pointer (&rows);
  return TRUE;
}

/* After a commit that wrote the tables: remember what they hold (the rows before become the
 * buffers of the next write). */
void
mg_campaign_tables_written (MgCampaign *self, MgRows *rows)
{
  if (rows != NULL)
    {
      g_clear_pointer (&self->spare_rows, mg_rows_free);
      self->spare_rows = g_steal_pointer (&self->table_rows);
      self->table_rows = rows;
    }
}

/* The file's entity tables may no longer be what this object last wrote. */
void
mg_campaign_tables_unknown (MgCampaign *self)
{
  g_clear_pointer (&self->table_rows, mg_rows_free);
  g_clear_pointer (&self->unique_cols, g_hash_table_unref);   /* a migration may change them */
}

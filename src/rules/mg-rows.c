/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rows.c — packed entity rows (see mg-rows.h). */
#include "config.h"

#include <string.h>

#include "mg-rows.h"

typedef struct {
  const char         *name;
  const char * const *columns;
  guint               n_columns;
  guint8             *data;    /* the rows' cells, one row after the other */
  gsize               len, cap;
  GArray             *starts;  /* guint: where each row begins in data */
} Table;

struct _MgRows {
  GPtrArray  *tables;   /* Table*, kept across mg_rows_clear; the first n_tables are in use */
  guint       n_tables;
  guint       cells;    /* cells in the row being built */
  const char *broken;
};

static void
table_free (Table *t)
{
  g_free (t->data);
  g_array_unref (t->starts);
  g_free (t);
}

MgRows *
mg_rows_new (void)
{
  MgRows *rows = g_new0 (MgRows, 1);

  rows->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
  return rows;
}

void
mg_rows_free (MgRows *rows)
{
  if (rows == NULL)
    return;
  g_ptr_array_unref (rows->tables);
  g_free (rows);
}

void
mg_rows_clear (MgRows *rows)
{
  rows->n_tables = 0;
  rows->cells = 0;
  rows->broken = NULL;
}

static Table *
current (MgRows *rows)
{
  if (rows->n_tables == 0)
    {
      rows->broken = "a cell before any table";
      return NULL;
    }
  return g_ptr_array_index (rows->tables, rows->n_tables - 1);
}

void
mg_rows_table (MgRows *rows, const char *table, const char * const *columns)
{
  Table *t;

  if (rows->cells != 0)
    rows->broken = "a table begun inside a row";
  if (rows->n_tables == rows->tables->len)
    {
      t = g_new0 (Table, 1);
      t->starts = g_array_new (FALSE, FALSE, sizeof (guint));
      g_ptr_array_add (rows->tables, t);
    }
  t = g_ptr_array_index (rows->tables, rows->n_tables++);
  t->name = table;
  t->columns = columns;
  t->n_columns = g_strv_length ((char **) columns);
  t->len = 0;
  g_array_set_size (t->starts, 0);
}

/* Room for `more` bytes at the end of the table's buffer (grown by doubling: once warm, a
 * cleared MgRows never grows again), returned there. */
static guint8 *
reserve (Table *t, gsize more)
{
  guint8 *at;

  if (t->len + more > t->cap)
    {
      t->cap = MAX (MAX (t->cap * 2, t->len + more), 256);
      t->data = g_realloc (t->data, t->cap);
    }
  at = t->data + t->len;
  t->len += more;
  return at;
}

/* Appends a cell: its tag, then `len` bytes of `bytes`, then `len2` of `bytes2`. */
static void
put (MgRows *rows, guint8 tag, const void *bytes, gsize len, const void *bytes2, gsize len2)
{
  Table *t = current (rows);
  guint8 *at;

  if (t == NULL)
    return;
  if (rows->cells++ == 0)
    {
      guint start = t->len;
      g_array_append_val (t->starts, start);
    }
  at = reserve (t, 1 + len + len2);
  at[0] = tag;
  if (len > 0)
    memcpy (at + 1, bytes, len);
  if (len2 > 0)
    memcpy (at + 1 + len, bytes2, len2);
}

void
mg_rows_int (MgRows *rows, gint64 value)
{
  put (rows, MG_ROWS_INT, &value, sizeof value, NULL, 0);
}

void
mg_rows_null (MgRows *rows)
{
  put (rows, MG_ROWS_NULL, NULL, 0, NULL, 0);
}

void
mg_rows_text (MgRows *rows, const char *text)
{
  guint32 len;

  if (text == NULL)
    {
      mg_rows_null (rows);
      return;
    }
  len = strlen (text);
  put (rows, MG_ROWS_TEXT, &len, sizeof len, text, len);
}

void
mg_rows_end_row (MgRows *rows)
{
  Table *t = current (rows);

  if (t != NULL && rows->cells != t->n_columns)
    rows->broken = "a row with another number of cells than its table has columns";
  rows->cells = 0;
}

const char *
mg_rows_broken (const MgRows *rows)
{
  return rows->cells != 0 ? "a row not ended" : rows->broken;
}

guint
mg_rows_n_tables (const MgRows *rows)
{
  return rows->n_tables;
}

gint
mg_rows_find (const MgRows *rows, const char *table)
{
  for (guint t = 0; t < rows->n_tables; t++)
    if (strcmp (((Table *) g_ptr_array_index (rows->tables, t))->name, table) == 0)
      return t;
  return -1;
}

const char *
mg_rows_name (const MgRows *rows, guint t)
{
  return ((Table *) g_ptr_array_index (rows->tables, t))->name;
}

const char * const *
mg_rows_columns (const MgRows *rows, guint t)
{
  return ((Table *) g_ptr_array_index (rows->tables, t))->columns;
}

guint
mg_rows_n_rows (const MgRows *rows, guint t)
{
  return ((Table *) g_ptr_array_index (rows->tables, t))->starts->len;
}

const guint8 *
mg_rows_row (const MgRows *rows, guint t, guint r, gsize *len)
{
  Table *table = g_ptr_array_index (rows->tables, t);
  guint start = g_array_index (table->starts, guint, r);
  guint end = r + 1 < table->starts->len ? g_array_index (table->starts, guint, r + 1) : table->len;

  *len = end - start;
  return table->data + start;
}

void
mg_rows_cell (const guint8 **p, MgRowsCell *cell)
{
  guint32 len;

  memset (cell, 0, sizeof *cell);
  cell->type = **p;
  *p += 1;
  switch (cell->type)
    {
    case MG_ROWS_INT:
      memcpy (&cell->i, *p, sizeof cell->i);
      *p += sizeof cell->i;
      break;
    case MG_ROWS_TEXT:
      memcpy (&len, *p, sizeof len);
      cell->text = (const char *) *p + sizeof len;
      cell->len = len;
      *p += sizeof len + len;
      break;
    default:
      break;
    }
}

json_object *
mg_rows_to_json (const MgRows *rows)
{
  json_object *o = json_object_new_object ();

  for (guint t = 0; t < rows->n_tables; t++)
    {
      json_object *list = json_object_new_array ();
      const char * const *columns = mg_rows_columns (rows, t);

      for (guint r = 0; r < mg_rows_n_rows (rows, t); r++)
        {
          json_object *row = json_object_new_object ();
          gsize len;
          const guint8 *p = mg_rows_row (rows, t, r, &len);

          for (guint c = 0; columns[c]; c++)
            {
              MgRowsCell cell;

              mg_rows_cell (&p, &cell);
              json_object_object_add (row, columns[c],
                                      cell.type == MG_ROWS_INT ? json_object_new_int64 (cell.i)
                                      : cell.type == MG_ROWS_TEXT ? json_object_new_string_len (cell.text, cell.len)
                                      : NULL);
            }
          json_object_array_add (list, row);
        }
      json_object_object_add (o, mg_rows_name (rows, t), list);
    }
  return o;
}

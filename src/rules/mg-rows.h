/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rows.h — the entity rows an engine gives for the campaign file's tables (MgRules.tables).
 *
 * Each table is a name, its columns (fixed, named once) and rows of typed cells — an integer, a
 * text or NULL — packed one after the other in one buffer. The store, which rebuilds the rows
 * after every action, compares each with its last committed version by memcmp and binds its
 * cells straight from the buffer: no JSON value per cell, nothing printed, nothing freed per
 * action (mg_rows_clear keeps the buffers for the next one). */
#pragma once

#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

typedef struct _MgRows MgRows;

typedef enum { MG_ROWS_NULL = 'N', MG_ROWS_INT = 'I', MG_ROWS_TEXT = 'T' } MgRowsType;

typedef struct {
  MgRowsType  type;
  gint64      i;       /* MG_ROWS_INT */
  const char *text;    /* MG_ROWS_TEXT: not NUL-terminated; `len` bytes */
  gsize       len;
} MgRowsCell;

MgRows     *mg_rows_new        (void);
void        mg_rows_free       (MgRows *rows);
void        mg_rows_clear      (MgRows *rows);   /* no table; the buffers stay for reuse */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgRows, mg_rows_free)

/* Building, by an engine: a table, then each row's cells in the columns' order, each row ended
 * by mg_rows_end_row. `table` and `columns` (NULL-terminated) live as long as the program. A row
 * with another number of cells than columns marks the rows broken (mg_rows_broken). */
void        mg_rows_table      (MgRows *rows, const char *table, const char * const *columns);
void        mg_rows_int        (MgRows *rows, gint64 value);
void        mg_rows_text       (MgRows *rows, const char *text);   /* NULL: a NULL cell */
void        mg_rows_null       (MgRows *rows);
void        mg_rows_end_row    (MgRows *rows);
const char *mg_rows_broken     (const MgRows *rows);   /* what went wrong, or NULL */

/* Reading, by the store and the tests. Tables are numbered in the order they were given. */
guint              mg_rows_n_tables (const MgRows *rows);
gint               mg_rows_find     (const MgRows *rows, const char *table);   /* -1: none */
const char        *mg_rows_name     (const MgRows *rows, guint t);
const char * const *mg_rows_columns (const MgRows *rows, guint t);
guint              mg_rows_n_rows   (const MgRows *rows, guint t);
/* Row r's packed cells: equal rows of the same columns have equal bytes. */
const guint8      *mg_rows_row      (const MgRows *rows, guint t, guint r, gsize *len);
/* Reads the cell at *p (within a row from mg_rows_row) and moves *p past it. */
void               mg_rows_cell     (const guint8 **p, MgRowsCell *cell);

/* The rows as JSON, {"table":[{"column":value,…},…],…}: for tests and tools, not the hot path. */
json_object       *mg_rows_to_json  (const MgRows *rows);

G_END_DECLS

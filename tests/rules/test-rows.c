/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rows.c — MgRows, the packed entity rows engines give the store (src/rules/mg-rows.h). */
#include "config.h"

#include <string.h>

#include "mg-json.h"
#include "mg-rows.h"

static const char * const leader_cols[] = { "name", "gp", "capital", NULL };
static const char * const land_cols[] = { "name", "owner", NULL };

static void
build (MgRows *rows, gint64 gp, const char *owner)
{
  mg_rows_table (rows, "leader", leader_cols);
  mg_rows_text (rows, "Red");
  mg_rows_int (rows, gp);
  mg_rows_text (rows, NULL);
  mg_rows_end_row (rows);
  mg_rows_text (rows, "Blue");
  mg_rows_int (rows, G_MININT64);
  mg_rows_text (rows, "");
  mg_rows_end_row (rows);
  mg_rows_table (rows, "land", land_cols);
  mg_rows_text (rows, "Oak Hill");
  mg_rows_text (rows, owner);
  mg_rows_end_row (rows);
}

/* What is packed reads back: tables in order, their columns, each cell's type and value
 * (NULL and "" apart, the extreme integers), and the JSON form. */
static void
test_read_back (void)
{
  g_autoptr(MgRows) rows = mg_rows_new ();
  g_autoptr(json_object) json = NULL;
  const guint8 *p;
  MgRowsCell cell;
  gsize len;

  build (rows, G_MAXINT64, "Red");
  g_assert_null (mg_rows_broken (rows));
  g_assert_cmpuint (mg_rows_n_tables (rows), ==, 2);
  g_assert_cmpint (mg_rows_find (rows, "land"), ==, 1);
  g_assert_cmpint (mg_rows_find (rows, "army"), ==, -1);
  g_assert_cmpstr (mg_rows_name (rows, 0), ==, "leader");
  g_assert_true (mg_rows_columns (rows, 0) == leader_cols);
  g_assert_cmpuint (mg_rows_n_rows (rows, 0), ==, 2);
  g_assert_cmpuint (mg_rows_n_rows (rows, 1), ==, 1);

  p = mg_rows_row (rows, 0, 0, &len);
  mg_rows_cell (&p, &cell);
  g_assert_cmpint (cell.type, ==, MG_ROWS_TEXT);
  g_assert_cmpmem (cell.text, cell.len, "Red", 3);
  mg_rows_cell (&p, &cell);
  g_assert_cmpint (cell.type, ==, MG_ROWS_INT);
  g_assert_cmpint (cell.i, ==, G_MAXINT64);
  mg_rows_cell (&p, &cell);
  g_assert_cmpint (cell.type, ==, MG_ROWS_NULL);
  g_assert_true (p == mg_rows_row (rows, 0, 0, &len) + len);   /* the row's last cell ends it */

  p = mg_rows_row (rows, 0, 1, &len);
  mg_rows_cell (&p, &cell);
  mg_rows_cell (&p, &cell);
  g_assert_cmpint (cell.i, ==, G_MININT64);
  mg_rows_cell (&p, &cell);
  g_assert_cmpint (cell.type, ==, MG_ROWS_TEXT);   /* "" is a text, not NULL */
  g_assert_cmpuint (cell.len, ==, 0);

  json = mg_rows_to_json (rows);
  g_assert_cmpstr (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN), ==,
                   "{\"leader\":[{\"name\":\"Red\",\"gp\":9223372036854775807,\"capital\":null},"
                   "{\"name\":\"Blue\",\"gp\":-9223372036854775808,\"capital\":\"\"}],"
                   "\"land\":[{\"name\":\"Oak Hill\",\"owner\":\"Red\"}]}");
}

/* Equal rows have equal bytes and a changed cell changes them; a cleared MgRows builds the same
 * bytes again (the store reuses the buffers of the commit before). */
static void
test_compare_and_reuse (void)
{
  g_autoptr(MgRows) a = mg_rows_new ();
  g_autoptr(MgRows) b = mg_rows_new ();
  const guint8 *pa, *pb;
  gsize la, lb;

  build (a, 10, "Red");
  build (b, 10, "Red");
  pa = mg_rows_row (a, 0, 0, &la);
  pb = mg_rows_row (b, 0, 0, &lb);
  g_assert_cmpmem (pa, la, pb, lb);
  pa = mg_rows_row (a, 1, 0, &la);
  pb = mg_rows_row (b, 1, 0, &lb);
  g_assert_cmpmem (pa, la, pb, lb);

  mg_rows_clear (b);
  g_assert_cmpuint (mg_rows_n_tables (b), ==, 0);
  build (b, 11, "Blue");
  pa = mg_rows_row (a, 0, 0, &la);
  pb = mg_rows_row (b, 0, 0, &lb);
  g_assert_cmpuint (la, ==, lb);
  g_assert_true (memcmp (pa, pb, la) != 0);            /* gp 10 against 11 */
  pa = mg_rows_row (a, 1, 0, &la);
  pb = mg_rows_row (b, 1, 0, &lb);
  g_assert_cmpuint (la, !=, lb);                       /* "Red" against "Blue" */
  pa = mg_rows_row (a, 0, 1, &la);
  pb = mg_rows_row (b, 0, 1, &lb);
  g_assert_cmpmem (pa, la, pb, lb);                    /* Blue's leader row: unchanged */
}

/* An engine's mistakes are caught, not written: a row with too few or too many cells, a row
 * not ended, a cell before any table. */
static void
test_broken (void)
{
  g_autoptr(MgRows) rows = mg_rows_new ();

  mg_rows_table (rows, "land", land_cols);
  mg_rows_text (rows, "Oak Hill");
  mg_rows_end_row (rows);
  g_assert_nonnull (mg_rows_broken (rows));

  mg_rows_clear (rows);
  mg_rows_table (rows, "land", land_cols);
  mg_rows_text (rows, "Oak Hill");
  mg_rows_null (rows);
  mg_rows_int (rows, 3);
  mg_rows_end_row (rows);
  g_assert_nonnull (mg_rows_broken (rows));

  mg_rows_clear (rows);
  mg_rows_table (rows, "land", land_cols);
  mg_rows_text (rows, "Oak Hill");
  g_assert_nonnull (mg_rows_broken (rows));

  mg_rows_clear (rows);
  g_assert_null (mg_rows_broken (rows));
  mg_rows_int (rows, 1);
  g_assert_nonnull (mg_rows_broken (rows));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rows/read-back", test_read_back);
  g_test_add_func ("/rows/compare-and-reuse", test_compare_and_reuse);
  g_test_add_func ("/rows/broken", test_broken);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-columns.c — the words heading the exports' standing tables: the game's words for
 * what a table or a column holds (its descriptor's), and which columns a reader is not shown (records
 * nested in a cell; columns with nothing in any row). */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "mg-export-private.h"

/* The words of the keys every game's tables may use; a game's own keys are its descriptor's
 * (MgGame.export_columns, read first). */
static const MgExportColumn common[] = {
  { "name", NC_("export column", "Name") }, { "player", NC_("export column", "Player") },
  { "owner", NC_("export column", "Owner") }, { "side", NC_("export column", "Side") },
  { "colour", NC_("export column", "Colour") }, { "turn", NC_("export column", "Turn") },
  { "players", NC_("export column", "Players") },
};

static const MgExportColumn *
find_column (const MgExportColumn *columns, guint n_columns, const char *key)
{
  for (guint i = 0; i < n_columns; i++)
    if (g_str_equal (key, columns[i].key))
      return &columns[i];
  return NULL;
}

gboolean
mg_export_column_label (const MgGame *game, const char *key, char **label)
{
  const MgExportColumn *column = NULL;

  if (game != NULL)
    column = find_column (game->export_columns, game->n_export_columns, key);
  if (column == NULL)
    column = find_column (common, G_N_ELEMENTS (common), key);
  if (column != NULL)
    {
      *label = column->title != NULL ? g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "export column", column->title)) : NULL;
      return column->title != NULL;
    }
  /* A key no engine has told us of: its words, as the engine spells them. */
  *label = g_strdelimit (g_strdup (key), "_", ' ');
  (*label)[0] = g_ascii_toupper ((*label)[0]);
  return TRUE;
}

static gboolean
cell_empty (const char *cell)
{
  return cell == NULL || cell[0] == '\0' || g_str_equal (cell, "—");
}

void
mg_export_table_drop_empty (MgExportTable *table)
{
  for (guint c = table->labels->len; c > 0; c--)
    {
      gboolean empty = TRUE;

      for (guint r = 0; r < table->rows->len && empty; r++)
        empty = cell_empty (((char **) g_ptr_array_index (table->rows, r))[c - 1]);
      /* The first column names the row: kept. */
      if (!empty || c == 1)
        continue;
      g_ptr_array_remove_index (table->labels, c - 1);
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **cells = g_ptr_array_index (table->rows, r);

          g_free (cells[c - 1]);
          memmove (cells + c - 1, cells + c, (table->labels->len - (c - 1) + 1) * sizeof (char *));
        }
    }
}

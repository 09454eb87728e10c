/* mg-export-columns.c — the words heading the exports' standing tables: the Journal's words for
 * what a column holds, never the engine's key ("Revealed", not "Pick"), and which columns a
 * reader is not shown (records nested in a cell; columns with nothing in any row). */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "mg-export-private.h"

/* The keys the engines' views use in their tables (docs/rules/<game>.md, "State"), by word.
 * NULL: not a column for a reader (a whole record in one cell: a figure's history or card). */
static const struct { const char *key; const char *label; } columns[] = {
  { "name", NC_("export column", "Name") }, { "player", NC_("export column", "Player") },
  { "owner", NC_("export column", "Owner") }, { "side", NC_("export column", "Side") },
  { "colour", NC_("export column", "Colour") }, { "turn", NC_("export column", "Turn") },
  /* Meeple Melee: the words of its Journal ("Red rolled 7 meeples", "Red revealed 2 Sweep"). */
  { "casualties", NC_("export column", "Casualties") }, { "neutral", NC_("export column", "Neutral zone") },
  { "to_roll", NC_("export column", "To roll") }, { "actions_allowed", NC_("export column", "Actions") },
  { "actions_used", NC_("export column", "Actions used") }, { "reveal", NC_("export column", "To reveal") },
  { "rolled", NC_("export column", "Has rolled") }, { "faces", NC_("export column", "Rolled") },
  { "picked", NC_("export column", "Has revealed") }, { "pick", NC_("export column", "Revealed") },
  /* TFT Melee */
  { "kind", NC_("export column", "Kind") }, { "st", NC_("export column", "ST") }, { "dx", NC_("export column", "DX") },
  { "ep", NC_("export column", "EP") }, { "alive", NC_("export column", "Alive") },
  { "weapons", NC_("export column", "Weapons") }, { "armor", NC_("export column", "Armor") },
  { "shield", NC_("export column", "Shield") }, { "ready", NC_("export column", "Ready weapon") },
  { "shield_ready", NC_("export column", "Shield ready") }, { "fights", NC_("export column", "Fights") },
  { "kills", NC_("export column", "Kills") }, { "advances", NC_("export column", "Advances") },
  { "history", NULL }, { "card", NULL },
  /* MecaKnights */
  { "capital", NC_("export column", "Capital") }, { "gp", NC_("export column", "Gold") },
  { "wood", NC_("export column", "Wood") }, { "stone", NC_("export column", "Stone") },
  { "food", NC_("export column", "Food") }, { "iron", NC_("export column", "Iron") },
  { "collected", NC_("export column", "Collected") }, { "bonus", NC_("export column", "Bonus") },
  { "moves_used", NC_("export column", "Moves used") }, { "armies_made", NC_("export column", "Armies raised") },
  { "boats_made", NC_("export column", "Boats built") }, { "a", NC_("export column", "Leader") },
  { "b", NC_("export column", "With") }, { "status", NC_("export column", "Relation") },
  { "land", NC_("export column", "Land") }, { "id", NC_("export column", "Name") },
  { "leader", NC_("export column", "Leader") }, { "river", NC_("export column", "River") },
  { "at", NC_("export column", "Where") }, { "afloat", NC_("export column", "Afloat") },
  { "units", NC_("export column", "Units") }, { "moved", NC_("export column", "Moved") },
  { "forced_walk", NC_("export column", "Forced march") }, { "battle", NC_("export column", "Battle") },
  /* La Mame's Melee */
  { "castle", NC_("export column", "Castle") }, { "gold", NC_("export column", "Gold") },
  { "supply", NC_("export column", "Supply") }, { "areas", NC_("export column", "Areas") },
  { "passed", NC_("export column", "Passed") }, { "abilities", NC_("export column", "Abilities") },
  { "start_bid", NC_("export column", "Start bid") }, { "card_entry", NC_("export column", "Cards entered") },
  { "cards", NC_("export column", "Cards") }, { "cards_revealed", NC_("export column", "Cards revealed") },
  { "cards_done", NC_("export column", "Cards played") }, { "card_active", NC_("export column", "Card in play") },
  { "unit", NC_("export column", "Unit") }, { "area", NC_("export column", "Area") },
  { "fresh", NC_("export column", "Fresh") },
};

gboolean
mg_export_column_label (const char *key, char **label)
{
  for (gsize i = 0; i < G_N_ELEMENTS (columns); i++)
    if (g_str_equal (key, columns[i].key))
      {
        *label = columns[i].label != NULL ? g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "export column", columns[i].label))
                                          : NULL;
        return columns[i].label != NULL;
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

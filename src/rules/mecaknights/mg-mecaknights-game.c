/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-game.c — MecaKnights's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-mecaknights.h"

#define DATA "/io/github/meleegm/MeleeGM/games/mecaknights/"

static const MgGameSample samples[] = {
  { N_("Three Kingdoms"), DATA "sample.jsonl", { "Red", "Blue", "Green", NULL } },
};

static const char * const table_names[] = { "leader", "land", "army", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", NULL };

/* mg-mecaknights-words.c: the Rules page's words. */
const MgRulesetWord *mg_mk_ruleset_words (guint *n);

/* The exports' words for the view's tables. */
static const MgExportColumn export_columns[] = {
  { "leaders", NC_("export column", "Leaders") },
  { "relations", NC_("export column", "Relations") },
  { "encounters", NC_("export column", "Encounters") },
  { "armies", NC_("export column", "Armies") },
  { "boats", NC_("export column", "Boats") },
  { "battles", NC_("export column", "Battles") },
  { "choices", NC_("export column", "Choices") },
  { "capital", NC_("export column", "Capital") },
  { "gp", NC_("export column", "Gold") },
  { "wood", NC_("export column", "Wood") },
  { "stone", NC_("export column", "Stone") },
  { "food", NC_("export column", "Food") },
  { "iron", NC_("export column", "Iron") },
  { "collected", NC_("export column", "Collected") },
  { "bonus", NC_("export column", "Bonus") },
  { "moves_used", NC_("export column", "Moves used") },
  { "armies_made", NC_("export column", "Armies raised") },
  { "boats_made", NC_("export column", "Boats built") },
  { "a", NC_("export column", "Leader") },
  { "b", NC_("export column", "With") },
  { "status", NC_("export column", "Relation") },
  { "land", NC_("export column", "Land") },
  { "id", NC_("export column", "Name") },
  { "leader", NC_("export column", "Leader") },
  { "river", NC_("export column", "River") },
  { "at", NC_("export column", "Where") },
  { "afloat", NC_("export column", "Afloat") },
  { "units", NC_("export column", "Units") },
  { "unit", NC_("export column", "Unit") },
  { "moved", NC_("export column", "Moved") },
  { "forced_walk", NC_("export column", "Forced march") },
  { "battle", NC_("export column", "Battle") },
};

extern const MgChronicle mg_mecaknights_chronicle;

const MgGame *
mg_mecaknights_game (void)
{
  static MgGame game = {
    MG_GAME_DATA (DATA),
    .engine_revision = 1,   /* bump as mg-game.h says: the campaigns' snapshots are made again */
    MG_GAME_TABLES,
    MG_GAME_EXPORT_COLUMNS,
    .chronicle = &mg_mecaknights_chronicle,   /* mg-mecaknights-chronicle.c */
  };
  return mg_game_fill (&game, mg_mk_rules (), mg_mk_ruleset_words);
}

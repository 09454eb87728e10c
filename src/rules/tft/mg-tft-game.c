/* mg-tft-game.c — The Fantasy Trip: Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-tft.h"

#define DATA "/io/github/meleegm/MeleeGM/games/tft/"

static const MgGameSample samples[] = {
  { N_("Flavius and Wulf"), DATA "sample.jsonl", { "Referee", NULL } },
};

/* docs/rules/tft.md, House rules. */
static const MgHouseRule house_rules[] = {
  { "flier_out_of_reach",
    N_("A figure in the air"),
    N_("Only missile and thrown weapons reach a flying gargoyle until it lands."),
    N_("Any weapon reaches a flying gargoyle, as if it stood on the ground."),
    "Its MA is 8 on the ground, 16 if flying. It lands to attack, but may land ON you for HTH..." },
};

static const char * const table_names[] = { "figure", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", DATA "tables/0002.sql", NULL };

/* mg-tft-words.c: the Rules page's words. */
const MgRulesetWord *mg_tft_ruleset_words (guint *n);

/* The exports' words for the view's tables; a figure's history and card are records, not columns. */
static const MgExportColumn export_columns[] = {
  { "kind", NC_("export column", "Kind") },
  { "st", NC_("export column", "ST") },
  { "dx", NC_("export column", "DX") },
  { "ep", NC_("export column", "EP") },
  { "alive", NC_("export column", "Alive") },
  { "weapons", NC_("export column", "Weapons") },
  { "armor", NC_("export column", "Armor") },
  { "shield", NC_("export column", "Shield") },
  { "ready", NC_("export column", "Ready weapon") },
  { "shield_ready", NC_("export column", "Shield ready") },
  { "fights", NC_("export column", "Fights") },
  { "kills", NC_("export column", "Kills") },
  { "advances", NC_("export column", "Advances") },
  { "moved", NC_("export column", "Moved") },
  { "history", NULL },
  { "card", NULL },
};

const MgGame *
mg_tft_game (void)
{
  static MgGame game = {
    MG_GAME_DATA (DATA),
    MG_GAME_TABLES,
    .house_rules = house_rules,
    .n_house_rules = G_N_ELEMENTS (house_rules),
    .odds = mg_tft_odds,
    MG_GAME_EXPORT_COLUMNS,
  };
  return mg_game_fill (&game, mg_tft_rules (), mg_tft_ruleset_words);
}

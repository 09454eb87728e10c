/* mg-tft-game.c — The Fantasy Trip: Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-tft.h"

#define DATA "/io/github/meleegm/MeleeGM/games/tft/"

static const MgGameSample samples[] = {
  { N_("Flavius and Wulf"), DATA "sample.jsonl", { "Referee", NULL } },
};

static const char * const table_names[] = { "figure", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", DATA "tables/0002.sql", NULL };

const MgGame *
mg_tft_game (void)
{
  static MgGame game = {
    .ruleset_resource = DATA "ruleset.json",
    .samples = samples,
    .n_samples = G_N_ELEMENTS (samples),
    .table_names = table_names,
    .table_migrations = table_migrations,
    .odds = mg_tft_odds,
  };
  /* The engine's table is another file's static, so it is filled in here, by the registry
   * (once, under its lock). */
  game.rules = mg_tft_rules ();
  return &game;
}

/* mg-cricchio-game.c — Cricchio's Mêlée's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-chess.h"

#define DATA "/io/github/meleegm/MeleeGM/games/cricchio/"

static const MgGameSample samples[] = {
  { N_("Four Kingdoms"), DATA "sample.jsonl", { "Black", "Blue", "Red", "White", NULL } },
};

const MgGame *
mg_cricchio_game (void)
{
  static MgGame game = {
    .ruleset_resource = DATA "ruleset.json",
    .samples = samples,
    .n_samples = G_N_ELEMENTS (samples),
  };
  /* The engine's table is another file's static, so it is filled in here. */
  game.rules = mg_chess_rules ();
  return &game;
}

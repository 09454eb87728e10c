/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-@ID@-game.c — @TITLE@'s descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-@ID@.h"

#define DATA "/io/github/meleegm/MeleeGM/games/@ID@/"

static const MgGameSample samples[] = {
  { N_("Cross wins the top row"), DATA "sample.jsonl", { "Cross", "Nought", NULL } },
};

/* The words heading the view's tables in the exports and on the players' display (every table
 * of the public view needs one, translated: test-cli-fr checks). */
static const MgExportColumn export_columns[] = {
  { "board", NC_("export column", "Board") },
  /* And the view's facts, on the Play page and the players' display. */
  { "to_place", NC_("export column", "To place") },
  { "winner", NC_("export column", "Winner") },
};

const MgGame *
mg_@ID@_game (void)
{
  static MgGame game = {
    .ruleset_resource = DATA "ruleset.json",
    .samples = samples,
    .n_samples = G_N_ELEMENTS (samples),
    MG_GAME_EXPORT_COLUMNS,
  };
  /* The engine's table is another file's static, so it is filled in here, by the registry. */
  game.rules = mg_@ID@_rules ();
  return &game;
}

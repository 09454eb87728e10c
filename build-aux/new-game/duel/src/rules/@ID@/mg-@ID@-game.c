/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-@ID@-game.c — @TITLE@'s descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-@ID@.h"

#define DATA "/io/github/meleegm/MeleeGM/games/@ID@/"

static const MgGameSample samples[] = {
  { N_("Ann wins two rounds to one"), DATA "sample.jsonl", { "Ann", "Bob", NULL } },
};

/* The words of the view's facts, its table and the table's columns in the exports, on the Play
 * page and the players' display (every table of the public view needs one, translated: test-cli-fr checks). */
static const MgExportColumn export_columns[] = {
  { "round", NC_("export column", "Round") },
  { "wins", NC_("export column", "Rounds to win") },
  { "players", NC_("export column", "Duellists") },
  { "name", NC_("export column", "Player") },
  { "score", NC_("export column", "Rounds won") },
  { "picked", NC_("export column", "Has picked") },
  { "pick", NC_("export column", "Pick") },
  { "shown", NC_("export column", "Last shown") },
  /* And the actions' members, as the Play page names them: "Pick — Choice rock". */
  { "choice", NC_("export column", "Choice") },
};

const MgGame *
mg_@ID@_game (void)
{
  static MgGame game = {
    MG_GAME_DATA (DATA),
    MG_GAME_EXPORT_COLUMNS,
    .turn_heading = N_("Round %d"),
    .standing_heading = N_("Standing after round %d"),
  };
  /* The engine's table is another file's static, so it is filled in here, by the registry. */
  return mg_game_fill (&game, mg_@ID@_rules (), NULL);
}

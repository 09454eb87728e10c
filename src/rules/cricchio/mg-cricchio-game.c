/* mg-cricchio-game.c — Cricchio's Mêlée's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-chess.h"
#include "mg-chess-private.h"

#define DATA "/io/github/meleegm/MeleeGM/games/cricchio/"

static const MgGameSample samples[] = {
  { N_("Four Kingdoms"), DATA "sample.jsonl", { "Black", "Blue", "Red", "White", NULL } },
};

/* The rulebook's seven ways to play, in the engine's order (ch_variant_ids). */
static const char *const variant_titles[CH_N_VARIANTS] = {
  NC_("game variant", "Basic"),
  NC_("game variant", "Rogue pieces"),
  NC_("game variant", "Minefield"),
  NC_("game variant", "Abandoned Kingdom"),
  NC_("game variant", "Points"),
  NC_("game variant", "Solitaire"),
  NC_("game variant", "Team"),
};

/* mg-cricchio-words.c: the Rules page's words. */
const MgRulesetWord *mg_cricchio_ruleset_words (guint *n);

const MgGame *
mg_cricchio_game (void)
{
  static MgGameVariant variants[CH_N_VARIANTS];
  static MgGame game = {
    .ruleset_resource = DATA "ruleset.json",
    .samples = samples,
    .n_samples = G_N_ELEMENTS (samples),
    .variant_key = "variant",
    .variants = variants,
    .n_variants = CH_N_VARIANTS,
  };
  /* The engine's tables are another file's, so they are filled in here. */
  game.rules = mg_chess_rules ();
  game.ruleset_words = mg_cricchio_ruleset_words (&game.n_ruleset_words);
  for (guint i = 0; i < CH_N_VARIANTS; i++)
    variants[i] = (MgGameVariant) { ch_variant_ids[i], variant_titles[i],
                                    ch_variant_min_players[i], ch_variant_max_players[i] };
  return &game;
}

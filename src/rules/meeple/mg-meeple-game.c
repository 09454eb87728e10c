/* mg-meeple-game.c — Meeple Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-meeple.h"

#define DATA "/io/github/meleegm/MeleeGM/games/meeple/"

static const MgGameSample samples[] = {
  { N_("Sample Battle"), DATA "sample.jsonl", { "Red", "Blue", NULL } },
};

/* mg-meeple-words.c: the Rules page's words. */
const MgRulesetWord *mg_meeple_ruleset_words (guint *n);

const MgGame *
mg_meeple_game (void)
{
  static MgGame game = {
    .ruleset_resource = DATA "ruleset.json",
    .samples = samples,
    .n_samples = G_N_ELEMENTS (samples),
    /* TRANSLATORS: a turn of Meeple Melee is one battle, numbered through the campaign */
    .turn_heading = N_("Battle %d"),
    .standing_heading = N_("Standing after battle %d"),
  };
  /* The engine's table is another file's static, so it is filled in here, by the registry
   * (once, under its lock). */
  game.rules = mg_meeple_rules ();
  game.ruleset_words = mg_meeple_ruleset_words (&game.n_ruleset_words);
  return &game;
}

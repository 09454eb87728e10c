/* mg-lamame-game.c — La Mame's Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-lamame.h"

#define DATA "/io/github/meleegm/MeleeGM/games/lamame/"

static const MgGameSample samples[] = {
  { N_("A year for three barons"), DATA "sample.jsonl", { "Red", "Blue", "Green", NULL } },
};

static const char * const table_names[] = { "baron", "area", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", NULL };

/* mg-lamame-words.c: the Rules page's words. */
const MgRulesetWord *mg_lamame_ruleset_words (guint *n);

const MgGame *
mg_lamame_game (void)
{
  static MgGame game = {
    .ruleset_resource = DATA "ruleset.json",
    .samples = samples,
    .n_samples = G_N_ELEMENTS (samples),
    .table_names = table_names,
    .table_migrations = table_migrations,
  };
  /* The engine's table is another file's static, so it is filled in here, by the registry
   * (once, under its lock). */
  game.rules = mg_lamame_rules ();
  game.ruleset_words = mg_lamame_ruleset_words (&game.n_ruleset_words);
  return &game;
}

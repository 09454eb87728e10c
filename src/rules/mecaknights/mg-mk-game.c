/* mg-mk-game.c — MecaKnights's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-mk.h"

#define DATA "/io/github/meleegm/MeleeGM/games/mecaknights/"

static const MgGameSample samples[] = {
  { N_("Three Kingdoms"), DATA "sample.jsonl", { "Red", "Blue", "Green", NULL } },
};

static const char * const table_names[] = { "leader", "land", "army", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", NULL };

/* mg-mk-words.c: the Rules page's words. */
const MgRulesetWord *mg_mk_ruleset_words (guint *n);

const MgGame *
mg_mecaknights_game (void)
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
  game.rules = mg_mk_rules ();
  game.ruleset_words = mg_mk_ruleset_words (&game.n_ruleset_words);
  return &game;
}

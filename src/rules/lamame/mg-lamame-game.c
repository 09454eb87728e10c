/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-game.c — La Mame's Melee's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-lamame.h"
#include "mg-lamame-private.h"

#define DATA "/io/github/meleegm/MeleeGM/games/lamame/"

static const MgGameSample samples[] = {
  { N_("A year for three barons"), DATA "sample.jsonl", { "Red", "Blue", "Green", NULL } },
};

/* The readings the rulebook leaves open (issue 34); docs/rules/lamame.md says why each default.
 * The ruleset check (mg-lamame-ruleset.c) reads this list. */
const MgHouseRule lm_house_rules[LM_N_HOUSE_RULES] = {
  { LM_HR_CAMP_MOUNTAIN,
    N_("A camp defending in mountains"),
    N_("It gets 2 guesses, as every defender in mountains does."),
    N_("It gets 1 guess: only a soldier in mountains gets 2."),
    "The defender gets 1 guess (2 simultaneous guesses if defending a castle or mountain). / "
    "A defending soldier in mountains gets 2 guesses / Mountains - defenders get 2 guesses" },
  { LM_HR_TIE_FIRST_START,
    N_("A tie in the bid for start player"),
    N_("It goes to the year's first start player, then clockwise from them."),
    N_("It goes to whoever holds the start player card when the bids are revealed, then clockwise."),
    "Ties are resolved in favour of the original start player and clockwise from there" },
  { LM_HR_FIRED_CATAPULT_GONE,
    N_("A catapult that has fired"),
    N_("It is out of the game: it cannot be built again."),
    N_("It goes back to its owner's supply and may be built again."),
    "Catapults can only be used once and obliterate every unit in their target area." },
};

static const char * const table_names[] = { "baron", "area", NULL };
static const char * const table_migrations[] = { DATA "tables/0001.sql", NULL };

/* mg-lamame-words.c: the Rules page's words. */
const MgRulesetWord *mg_lamame_ruleset_words (guint *n);

/* The exports' words for the view's tables. */
static const MgExportColumn export_columns[] = {
  { "units", NC_("export column", "Units") },
  { "castle", NC_("export column", "Castle") },
  { "gold", NC_("export column", "Gold") },
  { "supply", NC_("export column", "Supply") },
  { "areas", NC_("export column", "Areas") },
  { "passed", NC_("export column", "Passed") },
  { "abilities", NC_("export column", "Abilities") },
  { "start_bid", NC_("export column", "Start bid") },
  { "card_entry", NC_("export column", "Cards entered") },
  { "cards", NC_("export column", "Cards") },
  { "cards_revealed", NC_("export column", "Cards revealed") },
  { "cards_done", NC_("export column", "Cards played") },
  { "card_active", NC_("export column", "Card in play") },
  { "unit", NC_("export column", "Unit") },
  { "area", NC_("export column", "Area") },
  { "moved", NC_("export column", "Moved") },
  { "fresh", NC_("export column", "Fresh") },
};

extern const MgChronicle mg_lamame_chronicle;

const MgGame *
mg_lamame_game (void)
{
  static MgGame game = {
    MG_GAME_DATA (DATA),
    .engine_revision = 1,   /* bump as mg-game.h says: the campaigns' snapshots are made again */
    MG_GAME_TABLES,
    .house_rules = lm_house_rules,
    .n_house_rules = LM_N_HOUSE_RULES,
    MG_GAME_EXPORT_COLUMNS,
    .chronicle = &mg_lamame_chronicle,   /* mg-lamame-chronicle.c */
  };
  return mg_game_fill (&game, mg_lamame_rules (), mg_lamame_ruleset_words);
}

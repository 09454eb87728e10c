/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-game.c — Cricchio's Mêlée's descriptor: what the rest of Melee GM needs to know of the game. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-cricchio.h"
#include "mg-cricchio-private.h"

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

/* The readings the rulebook leaves open (issue 34); docs/rules/cricchio.md says why each default.
 * The ruleset check (mg-cricchio-ruleset.c) reads this list. */
const MgHouseRule ch_house_rules[CH_N_HOUSE_RULES] = {
  { CH_HR_VICTIM_MOVES_FIRST,
    N_("A President with no move but into Mêlée"),
    N_("Its player still takes the turn (a piece may take or block the attacker); the attacker may then take the President with a move."),
    N_("It is taken as its player's turn begins: \"Victory!\" for the player who announced the Mêlée."),
    "12. If a President has no choice but to move into Mêlée then the player who put the president in "
    "Mêlée can capture the president and proclaim \"Victory!\"" },
  { CH_HR_UNCOVERED_NEEDS_MELEE,
    N_("A threat a player uncovers on their own President"),
    N_("It may be taken only after \"Mêlée\" has been said on a later move."),
    N_("It may be taken at once: nobody had to say \"Mêlée\"."),
    "10. When a player threatens the President that player must say Mêlée. If he does not, he cannot "
    "capture the President on his next move. / Points 6. Before you take a General or the Admiral, you must say Mêlée." },
  { CH_HR_FRONT_LATERAL,
    N_("A Marine at the front end of a wall"),
    N_("It captures sideways off the wall as well as forward."),
    N_("It captures only forward and diagonally forward off the wall."),
    "Marine On-Wall Rules 4. A Marine can move and capture in any forward direction and laterally "
    "only at the front end of a wall." },
  { CH_HR_STEP_OVER_WALL,
    N_("A Marine's two-square first move across a wall square"),
    N_("It may pass over an empty wall square."),
    N_("It stops at the wall: it never passes over a wall square."),
    "2. A Marine can move and capture two spaces only on its first move. / Marine On-Wall Rules "
    "1. A Marine can only move along a wall. 3. A Marine can move off the wall only at the front end of the wall." },
  { CH_HR_EXPLOSION_SCORES,
    N_("Pieces killed by a Marine's explosion (Points)"),
    N_("They score their points for the Marine's player, as captures do."),
    N_("They score nothing: only pieces taken by a move score."),
    "6. If a Marine reaches an opponents' home side it will explode, killing all pieces in a two-space "
    "radius. 7. Any opponent pieces killed in step #6 can never become a Rogue. / Points 8. Points are as follows" },
};

/* mg-cricchio-words.c: the Rules page's words. */
const MgRulesetWord *mg_cricchio_ruleset_words (guint *n);

/* The exports' words for the view's tables. */
static const MgExportColumn export_columns[] = {
  { "pieces", NC_("export column", "Pieces") },
  { "kind", NC_("export column", "Kind") },
  { "at", NC_("export column", "Where") },
  { "moved", NC_("export column", "Moved") },
};

extern const MgChronicle mg_cricchio_chronicle;
/* What the table object tells the board of a change (mg-table.h): a plain move names its two
 * squares and its player; a capture, an explosion, a Mêlée, anything else is "everything". */
static const MgChangeKey change_keys[] = {
  { "from", MG_CHANGE_PIECE },
  { "to", MG_CHANGE_PIECE },
  { "player", MG_CHANGE_SEAT },
  { "takes", MG_CHANGE_ANY },   /* a capture: scores and captured pieces change too */
  { NULL, 0 },
};
static const char * const local_events[] = { "move", NULL };

const MgGame *
mg_cricchio_game (void)
{
  static MgGameVariant variants[CH_N_VARIANTS];
  static MgGame game = {
    MG_GAME_DATA (DATA),
    .engine_revision = 1,   /* bump as mg-game.h says: the campaigns' snapshots are made again */
    .variant_key = "variant",
    .variants = variants,
    .n_variants = CH_N_VARIANTS,
    .house_rules = ch_house_rules,
    .n_house_rules = CH_N_HOUSE_RULES,
    MG_GAME_EXPORT_COLUMNS,
    .chronicle = &mg_cricchio_chronicle,   /* mg-cricchio-chronicle.c */
    .change_keys = change_keys,
    .local_events = local_events,
  };
  /* The variants' ids and players are the engine's tables, another file's. */
  for (guint i = 0; i < CH_N_VARIANTS; i++)
    variants[i] = (MgGameVariant) { ch_variant_ids[i], variant_titles[i],
                                    ch_variant_min_players[i], ch_variant_max_players[i] };
  return mg_game_fill (&game, mg_chess_rules (), mg_cricchio_ruleset_words);
}

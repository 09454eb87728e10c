/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-words.c — Cricchio's Mêlée's ruleset as the Rules page words it (MgRulesetWord, issue 33). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"

static const char * const side_choices[] = {
  "south", NC_("ruleset value", "South"), "west", NC_("ruleset value", "West"), "north", NC_("ruleset value", "North"), "east", NC_("ruleset value", "East"), NULL
};
static const char * const colour_choices[] = {
  "Black", NC_("ruleset value", "Black"), "Blue", NC_("ruleset value", "Blue"), "Red", NC_("ruleset value", "Red"), "White", NC_("ruleset value", "White"), NULL
};
static const char * const piece_choices[] = {
  "president", NC_("ruleset value", "President"), "admiral", NC_("ruleset value", "Admiral"), "general", NC_("ruleset value", "General"), "air_force", NC_("ruleset value", "Air force"),
  "navy", NC_("ruleset value", "Navy"), "army", NC_("ruleset value", "Army"), "marine", NC_("ruleset value", "Marine"), NULL
};
static const char * const step_choices[] = {
  "forward", NC_("ruleset value", "Forward only"), "all", NC_("ruleset value", "Forward and sideways"), NULL
};
static const char * const victory_choices[] = {
  "president_moves", NC_("ruleset value", "Every move of the President is into Mêlée"), "any_move", NC_("ruleset value", "No move lifts the Mêlée"), NULL
};
static const char * const water_entries[] = { N_("First corner"), N_("Opposite corner"), NULL };
static const char * const side_entries[] = { N_("South"), N_("West"), N_("North"), N_("East"), NULL };
static const char * const players_entries[] = { N_("1 player"), N_("2 players"), N_("3 players"), N_("4 players"), NULL };
static const char * const seat_entries[] = { N_("First seat"), N_("Second seat"), N_("Third seat"), N_("Fourth seat"), NULL };
static const char * const square_entries[] = {
  N_("1st square"), N_("2nd square"), N_("3rd square"), N_("4th square"), N_("5th square"), N_("6th square"),
  N_("7th square"), N_("8th square"), N_("9th square"), NULL
};
static const char * const rank_entries[] = {
  N_("Strongest"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), NULL
};
static const char * const pair_entries[] = { N_("First pair"), N_("Second pair"), NULL };
static const char * const partner_entries[] = { N_("One partner"), N_("The other"), NULL };

static const MgRulesetWord words[] = {
  { "$.board.water", N_("Water (two opposite corners)"), NULL, water_entries, NULL },
  { "$.board.wall_lengths", N_("Wall length per side"), NULL, side_entries, NULL },
  { "$.sides[].side", N_("Side"), side_choices, NULL, NULL },
  { "$.sides[].colour", N_("Colour"), colour_choices, NULL, NULL },
  { "$.seats_by_players", N_("Sides taken, by number of players"), NULL, players_entries, NULL },
  { "$.seats_by_players[]", NULL, NULL, seat_entries, NULL },
  { "$.seats_by_players[][]", NULL, side_choices, NULL, NULL },
  { "$.start_order", N_("Start order, left to right"), NULL, square_entries, NULL },
  { "$.start_order[]", NULL, piece_choices, NULL, NULL },
  { "$.power", N_("Power, strongest first"), NULL, rank_entries, NULL },
  { "$.power[]", NULL, piece_choices, NULL, NULL },
  { "$.marine_double_step", N_("A Marine's double step"), step_choices, NULL, NULL },
  { "$.victory", N_("A President is taken when"), victory_choices, NULL, NULL },
  { "$.ak.side", N_("Side"), side_choices, NULL, NULL },
  { "$.solitaire.ak_side", N_("Side of the Abandoned Kingdom"), side_choices, NULL, NULL },
  { "$.solitaire.order", N_("Order"), NULL, square_entries, NULL },
  { "$.solitaire.order[]", NULL, piece_choices, NULL, NULL },
  { "$.team.pairs", N_("Partners"), NULL, pair_entries, NULL },
  { "$.team.pairs[]", NULL, NULL, partner_entries, NULL },
  { "$.team.pairs[][]", NULL, side_choices, NULL, NULL },
  { "$.ak", N_("Abandoned Kingdom"), NULL, NULL, NULL },
};

const MgRulesetWord *
mg_cricchio_ruleset_words (guint *n)
{
  *n = G_N_ELEMENTS (words);
  return words;
}

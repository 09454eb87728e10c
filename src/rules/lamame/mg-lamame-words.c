/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-words.c — La Mame's Melee's ruleset as the Rules page words it (MgRulesetWord, issue 33). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"

static const char * const form_choices[] = {
  "introductory", NC_("ruleset value", "Introductory (the rulebook's set-up)"), "complete", NC_("ruleset value", "Complete (players choose)"), NULL
};
static const char * const season_choices[] = {
  "spring", NC_("ruleset value", "Spring"), "summer", NC_("ruleset value", "Summer"), "fall", NC_("ruleset value", "Fall"), "winter", NC_("ruleset value", "Winter"), NULL
};
static const char * const season_entries[] = { N_("First season"), N_("Second season"), N_("Third season"), N_("Fourth season"), NULL };
static const char * const cards_entries[] = { N_("Spring"), N_("Summer"), N_("Fall"), N_("Winter"), NULL };
static const char * const colour_choices[] = {
  "red", NC_("ruleset value", "Red"), "blue", NC_("ruleset value", "Blue"), "green", NC_("ruleset value", "Green"), "yellow", NC_("ruleset value", "Yellow"), NULL
};
static const char * const seat_entries[] = { N_("First player"), N_("Second player"), N_("Third player"), N_("Fourth player"), NULL };

static const MgRulesetWord words[] = {
  { "$.costs_are_defaults", N_("Costs are the rulebook notes' defaults: check them against the box"), NULL, NULL, NULL },
  { "$.attack_gold_min", N_("Least gold for an attack"), NULL, NULL, NULL },
  { "$.initial_build", N_("Initial build"), form_choices, NULL, NULL },
  { "$.income.plus_one", N_("Each (+1) area"), NULL, NULL, NULL },
  { "$.seasons", NULL, NULL, season_entries, NULL },
  { "$.seasons[]", NULL, season_choices, NULL, NULL },
  { "$.cards_per_season", N_("Cards per season"), NULL, cards_entries, NULL },
  { "$.colours", N_("Players' colours"), NULL, seat_entries, NULL },
  { "$.colours[]", NULL, colour_choices, NULL, NULL },
  { "$.maps", N_("Maps"), NULL, NULL, "map-editor" },
  { "$.abilities", N_("Special ability cards"), NULL, NULL, NULL },
  { "$.abilities[].text", N_("What the card does"), NULL, NULL, NULL },
};

const MgRulesetWord *
mg_lamame_ruleset_words (guint *n)
{
  *n = G_N_ELEMENTS (words);
  return words;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-words.c — MecaKnights' ruleset as the Rules page words it (MgRulesetWord, issue 33). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"

static const char * const once_choices[] = { "turn", NC_("ruleset value", "Once each turn"), "game", NC_("ruleset value", "Once in the whole game"), NULL };
static const char * const gm_choices[] = {
  "season", NC_("ruleset value", "A new GM each season"), "year", NC_("ruleset value", "A new GM each year"), "fixed", NC_("ruleset value", "The same GM throughout"),
  "outside", NC_("ruleset value", "A GM who does not play"), NULL
};
static const char * const city_choices[] = {
  "none", NC_("ruleset value", "None"), "hamlet", NC_("ruleset value", "Hamlet"), "village", NC_("ruleset value", "Village"), "town", NC_("ruleset value", "Town"), NULL
};
static const char * const season_choices[] = {
  "winter", NC_("ruleset value", "Winter"), "spring", NC_("ruleset value", "Spring"), "summer", NC_("ruleset value", "Summer"), "autumn", NC_("ruleset value", "Autumn"), NULL
};
static const char * const colour_choices[] = {
  "red", NC_("ruleset value", "Red"), "blue", NC_("ruleset value", "Blue"), "green", NC_("ruleset value", "Green"), "yellow", NC_("ruleset value", "Yellow"), "black", NC_("ruleset value", "Black"),
  "white", NC_("ruleset value", "White"), "orange", NC_("ruleset value", "Orange"), "purple", NC_("ruleset value", "Purple"), NULL
};
static const char * const leader_entries[] = {
  N_("First leader"), N_("Second leader"), N_("Third leader"), N_("Fourth leader"), N_("Fifth leader"),
  N_("Sixth leader"), N_("Seventh leader"), N_("Eighth leader"), NULL
};

static const MgRulesetWord words[] = {
  { "$.income.*.gp", N_("Gold pieces"), NULL, NULL, NULL },
  { "$.costs.*.gp", N_("Gold pieces"), NULL, NULL, NULL },
  { "$.units.*.cost.gp", N_("Gold pieces"), NULL, NULL, NULL },
  { "$.model_bonus.gp", N_("Gold pieces"), NULL, NULL, NULL },
  { "$.start.treasury.gp", N_("Gold pieces"), NULL, NULL, NULL },
  { "$.model_bonus", N_("Bonus for a model built"), NULL, NULL, NULL },
  { "$.capital_yields", N_("The capital pays taxes"), NULL, NULL, NULL },
  { "$.heavy_draw_weight", N_("Heavy infantry's count in a drawn battle"), NULL, NULL, NULL },
  { "$.move_lands", N_("Lands an army moves"), NULL, NULL, NULL },
  { "$.cavalry_lands", N_("Lands an army of cavalry moves"), NULL, NULL, NULL },
  { "$.start.treasury", N_("Starting treasury"), NULL, NULL, NULL },
  { "$.start.army", N_("Starting army"), NULL, NULL, NULL },
  { "$.units.*.rule", N_("What it does"), NULL, NULL, NULL },
  { "$.forced_walk.once_per", N_("How often"), once_choices, NULL, NULL },
  { "$.gm", N_("Game Master"), NULL, NULL, NULL },
  { "$.gm.rotation", N_("Who is GM"), gm_choices, NULL, NULL },
  { "$.start.capital_city", N_("Capital"), city_choices, NULL, NULL },
  { "$.seasons[].name", N_("Season"), season_choices, NULL, NULL },
  { "$.colours", N_("Leaders' colours"), NULL, leader_entries, NULL },
  { "$.colours[]", NULL, colour_choices, NULL, NULL },
};

const MgRulesetWord *
mg_mk_ruleset_words (guint *n)
{
  *n = G_N_ELEMENTS (words);
  return words;
}

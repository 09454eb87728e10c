/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-words.c — The Fantasy Trip: Melee's ruleset as the Rules page words it (MgRulesetWord, issue 33). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"
#include "mg-tft.h"

static const char * const class_choices[] = {
  "melee", NC_("ruleset value", "Hand weapon"), "pole", NC_("ruleset value", "Pole weapon"), "thrown", NC_("ruleset value", "Thrown"), "missile", NC_("ruleset value", "Missile weapon"), NULL
};
static const char * const result_choices[] = {
  "hit", NC_("ruleset value", "Hits"), "miss", NC_("ruleset value", "Misses"), "drop", NC_("ruleset value", "Drops the weapon"), "break", NC_("ruleset value", "Breaks the weapon"), NULL
};
static const char * const entry_choices[] = {
  "grapple", NC_("ruleset value", "Both fall, weapons dropped"), "grapple_dagger", NC_("ruleset value", "Both fall, the defender's dagger ready"),
  "repel", NC_("ruleset value", "The attacker is repelled"), "counter", NC_("ruleset value", "Repelled and struck"), NULL
};
static const char * const four_dice_choices[] = { "defend", NC_("ruleset value", "Defending"), "dodge", NC_("ruleset value", "Dodging"), NULL };
static const char * const automatic_entries[] = {
  N_("A roll of 3"), N_("A roll of 4"), N_("A roll of 5"), N_("A roll of 16"), N_("A roll of 17"), N_("A roll of 18"), NULL
};
static const char * const to_miss_entries[] = {
  N_("A roll of 14"), N_("A roll of 15"), N_("A roll of 16"), N_("A roll of 17"), N_("A roll of 18"), NULL
};
static const char * const hth_entries[] = {
  N_("A roll of 1"), N_("A roll of 2"), N_("A roll of 3"), N_("A roll of 4"), N_("A roll of 5"), N_("A roll of 6"), NULL
};
static const char * const four_dice_entries[] = { N_("First option"), N_("Second option"), NULL };

static const MgRulesetWord words[] = {
  { "$.weapons[].class", N_("Kind"), class_choices, NULL, NULL },
  { "$.to_hit.automatic", N_("Automatic results on 3 dice"), NULL, automatic_entries, NULL },
  { "$.to_hit.automatic[].result", N_("Result"), result_choices, NULL, NULL },
  { "$.to_hit.roll_to_miss", N_("Rolling to miss"), NULL, to_miss_entries, NULL },
  { "$.to_hit.roll_to_miss[].result", N_("Result"), result_choices, NULL, NULL },
  { "$.to_hit.four_dice.against", N_("Four dice against"), NULL, four_dice_entries, NULL },
  { "$.to_hit.four_dice.against[]", NULL, four_dice_choices, NULL, NULL },
  { "$.hth.entry", N_("The defender's roll when a foe enters its hex"), NULL, hth_entries, NULL },
  { "$.hth.entry[].result", N_("Result"), entry_choices, NULL, NULL },
  { "$.dx", N_("DX adjustments"), NULL, NULL, NULL },
  { "$.arenas", N_("Arenas"), NULL, NULL, NULL },
  { "$.arenas[].columns", N_("Columns (A, B, …)"), NULL, NULL, NULL },
  { "$.arenas[].rows", N_("Rows"), NULL, NULL, NULL },
  { "$.arenas[].megahex_centre", N_("A mega-hex's centre"), NULL, NULL, NULL },
  { "$.arenas[].doors", N_("Doors (entrance hexes)"), NULL, NULL, NULL },
  { "$.arenas[].off", N_("Hexes walled off"), NULL, NULL, NULL },
  { "$.unarmored_ma", N_("Movement allowance without armor"), NULL, NULL, NULL },
  { "$.main_gauche.dx_shield", N_("DX using the main-gauche as a shield"), NULL, NULL, NULL },
  { "$.main_gauche.dx_weapon", N_("DX using the main-gauche as a second weapon"), NULL, NULL, NULL },
  { "$.dx.pole_vs_charge", N_("Pole weapon against a charging foe"), NULL, NULL, NULL },
  { "$.shield_rush.save_dice", N_("Dice to stay standing"), NULL, NULL, NULL },
  { "$.shield_rush.weaker_save_dice", N_("Dice to stay standing, the weaker figure"), NULL, NULL, NULL },
  { "$.weapons[].adds", N_("Added to the dice"), NULL, NULL, NULL },
  { "$.weapons[].two_shots_at", N_("Two shots from adjusted DX"), NULL, NULL, NULL },
  { "$.weapons[].crossbow.fast_at", N_("Faster from adjusted DX"), NULL, NULL, NULL },
  { "$.weapons[].crossbow.fast_reload", N_("Turns to reload when faster"), NULL, NULL, NULL },
  { "$.weapons[].crossbow.reload", N_("Turns to reload"), NULL, NULL, NULL },
  { "$.beasts[].club_per_10_st", N_("Club for every 10 ST"), NULL, NULL, NULL },
  { "$.to_hit.four_dice.miss_at", N_("Misses from"), NULL, NULL, NULL },
  { "$.injury.wound_hits", N_("Hits in a turn that wound (DX next turn)"), NULL, NULL, NULL },
  { "$.injury.wound_dx", N_("DX the turn after a wound"), NULL, NULL, NULL },
  { "$.injury.fall_hits", N_("Hits in a turn that knock down"), NULL, NULL, NULL },
  { "$.injury.weak_st", N_("Weakened at ST"), NULL, NULL, NULL },
  { "$.injury.weak_dx", N_("DX when weakened"), NULL, NULL, NULL },
  { "$.injury.unconscious_st", N_("Unconscious at ST"), NULL, NULL, NULL },
  { "$.injury.dead_st", N_("Dead at ST"), NULL, NULL, NULL },
  { "$.hth.draw_dagger_max", N_("Dagger drawn on a roll up to"), NULL, NULL, NULL },
  { "$.hth.disengage_superior_max", N_("Disengages, when quicker, on a roll up to"), NULL, NULL, NULL },
  { "$.hth.disengage_max", N_("Disengages on a roll up to"), NULL, NULL, NULL },
  { "$.shield_rush.always_fall_3", N_("Always falls on 3 dice from"), NULL, NULL, NULL },
  { "$.shield_rush.always_fall_2", N_("Always falls on 2 dice from"), NULL, NULL, NULL },
  { "$.shield_rush.no_effect_ratio", N_("No effect on a foe this many times stronger"), NULL, NULL, NULL },
  { "$.experience.practice_out_st", N_("Out of a practice fight at ST"), NULL, NULL, NULL },
  { "$.hth", N_("Hand-to-hand combat"), NULL, NULL, NULL },
};

const MgRulesetWord *
mg_tft_ruleset_words (guint *n)
{
  *n = G_N_ELEMENTS (words);
  return words;
}

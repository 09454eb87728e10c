/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-words.c — Meeple Melee's ruleset as the Rules page words it (MgRulesetWord, issue 33). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "mg-game.h"

static const char * const casualty_entries[] = {
  N_("No casualties"), N_("1 casualty"), N_("2 casualties"), N_("3 casualties"), N_("4 casualties"), N_("5 casualties"), NULL
};
static const char * const short_choices[] = {
  "match", NC_("ruleset value", "Both reveal as many as the smaller hand"), "all", NC_("ruleset value", "The short player reveals all"), NULL
};

static const MgRulesetWord words[] = {
  { "$.actions_by_casualties", N_("Actions, by the player's casualties"), NULL, casualty_entries, NULL },
  { "$.reveal_by_casualties", N_("Meeples revealed, by the higher casualties"), NULL, casualty_entries, NULL },
  { "$.reveal_when_short", N_("A hand shorter than the reveal"), short_choices, NULL, NULL },
  { "$.draw_min_in_hand", N_("Meeples kept in hand by a draw"), NULL, NULL, NULL },
};

const MgRulesetWord *
mg_meeple_ruleset_words (guint *n)
{
  *n = G_N_ELEMENTS (words);
  return words;
}

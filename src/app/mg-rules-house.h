/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules-house.h — the Rules page's "House rules": each disputed reading a switch, in plain words. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-game.h"

G_BEGIN_DECLS

typedef void (*MgRulesHouseApplied) (gpointer data);

/* A group with one row per house rule of `game` (title, the sentence of the choice in force,
 * "Default" beside the shipped choice, the rulebook's passage as tooltip) and its switch. A switch
 * turned applies at once to the campaign's ruleset (mg_campaign_set_ruleset, as the page's Apply
 * does; a refusal puts it back and says why) and offers Undo in a toast; `applied (data)` follows
 * each change. `shipped`: the game's shipped ruleset (the defaults). NULL when the game has none. */
GtkWidget *mg_rules_house_group_new (MgCampaign          *campaign,
                                     const MgGame        *game,
                                     json_object         *shipped,
                                     MgRulesHouseApplied  applied,
                                     gpointer             data);
/* The switch of house rule `key` in a group made above, or NULL (for the tests). */
GtkSwitch *mg_rules_house_find_switch (GtkWidget *group, const char *key);
/* Sets house rule `key` to `on` in the campaign's ruleset (what a switch does). */
gboolean   mg_rules_house_set       (MgCampaign *campaign, const char *key, gboolean on, GError **error);

G_END_DECLS

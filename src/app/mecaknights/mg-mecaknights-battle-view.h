/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-battle-view.h — walks the referee through a MecaKnights battle: archers, choices, result. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MK_BATTLE_VIEW (mg_mk_battle_view_get_type ())
G_DECLARE_FINAL_TYPE (MgMkBattleView, mg_mk_battle_view, MG, MK_BATTLE_VIEW, GtkWidget)

MgMkBattleView *mg_mk_battle_view_new          (MgCampaign *campaign);
/* Reads the campaign again (its owner calls it when the campaign changed). */
void            mg_mk_battle_view_refresh      (MgMkBattleView *self);
/* Battles under way, and whether a leader's choice is waited for (for the dashboard and tests). */
guint           mg_mk_battle_view_get_n_battles (MgMkBattleView *self);
gboolean        mg_mk_battle_view_has_choice    (MgMkBattleView *self);
/* The first choice shown: how many of a unit kind an army loses, and its Confirm button. */
gboolean        mg_mk_battle_view_set_loss      (MgMkBattleView *self, const char *army, const char *unit, int count);
GtkWidget      *mg_mk_battle_view_get_confirm_button (MgMkBattleView *self);
/* The last battle result told (NULL before any). */
const char     *mg_mk_battle_view_get_result    (MgMkBattleView *self);

G_END_DECLS

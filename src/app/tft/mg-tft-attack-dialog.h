/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-attack-dialog.h — one attack: the situation the referee states, the exact odds, the dice, the outcome. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_ATTACK_DIALOG (mg_tft_attack_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MgTftAttackDialog, mg_tft_attack_dialog, MG, TFT_ATTACK_DIALOG, AdwWindow)

MgTftAttackDialog *mg_tft_attack_dialog_new (GtkWindow *parent, MgCampaign *campaign, const char *figure);

/* Handles for the UI tests. */
gboolean     mg_tft_attack_dialog_set_target  (MgTftAttackDialog *self, const char *target);
void         mg_tft_attack_dialog_set_megahexes (MgTftAttackDialog *self, int megahexes);
void         mg_tft_attack_dialog_set_dice    (MgTftAttackDialog *self, const char *typed);
/* Throws the weapon `hexes` away; FALSE when the dialog offers no throw for it. */
gboolean     mg_tft_attack_dialog_set_throw   (MgTftAttackDialog *self, int hexes);
GtkWidget   *mg_tft_attack_dialog_get_apply_button (MgTftAttackDialog *self);
GtkWidget   *mg_tft_attack_dialog_get_roll_button  (MgTftAttackDialog *self);
double       mg_tft_attack_dialog_get_hit_chance (MgTftAttackDialog *self);   /* −1 without odds */
int          mg_tft_attack_dialog_get_adj_dx   (MgTftAttackDialog *self);      /* of the odds shown */
const char  *mg_tft_attack_dialog_get_outcome  (MgTftAttackDialog *self);      /* NULL before */
const char  *mg_tft_attack_dialog_get_message  (MgTftAttackDialog *self);      /* NULL when none */
const char  *mg_tft_attack_dialog_get_rolled   (MgTftAttackDialog *self);      /* the dice listed after, or NULL */
GtkWidget   *mg_tft_attack_dialog_get_dice_row (MgTftAttackDialog *self);
GtkWidget   *mg_tft_attack_dialog_get_outcome_label (MgTftAttackDialog *self);
char        *mg_tft_attack_dialog_get_odds_rows (MgTftAttackDialog *self);    /* the chart's labels, "|"-joined */

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fighter-row.h — one figure in a fight: ST left, hits tally, conditions, its option. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_FIGHTER_ROW (mg_tft_fighter_row_get_type ())
G_DECLARE_FINAL_TYPE (MgTftFighterRow, mg_tft_fighter_row, MG, TFT_FIGHTER_ROW, GtkWidget)

MgTftFighterRow *mg_tft_fighter_row_new    (MgCampaign *campaign, const char *figure);
const char      *mg_tft_fighter_row_get_figure (MgTftFighterRow *self);
/* Redraws from the view's fight and pending() (both borrowed). */
void             mg_tft_fighter_row_update (MgTftFighterRow *self, json_object *fight, json_object *pending);

/* On the arena: declares the option chosen with the hex the figure moves to and its facing (from the
 * arena on the Fight page); FALSE when no option is chosen yet. */
gboolean         mg_tft_fighter_row_move    (MgTftFighterRow *self, const char *to, const char *facing);
const char      *mg_tft_fighter_row_get_option (MgTftFighterRow *self);   /* NULL: none chosen */

/* Handles for the UI tests: choose an option as the referee would, then Declare. */
gboolean         mg_tft_fighter_row_choose  (MgTftFighterRow *self, const char *option, int moved,
                                             const char * const *engaged_with, const char *weapon);
/* Option e's shield ("ready", "sling", NULL as it is) and picking up; FALSE if not offered now. */
gboolean         mg_tft_fighter_row_choose_shield (MgTftFighterRow *self, const char *shield, gboolean pick_up);
GtkWidget       *mg_tft_fighter_row_get_declare_button (MgTftFighterRow *self);
/* "Fly": shown for a figure with a flying MA (the gargoyle) on options a, b, c. */
GtkWidget       *mg_tft_fighter_row_get_fly_check (MgTftFighterRow *self);
GtkWidget       *mg_tft_fighter_row_get_engaged_button (MgTftFighterRow *self);
/* The option drop-down, for tests choosing from it by pointer and keys. */
GtkWidget       *mg_tft_fighter_row_get_option_dropdown (MgTftFighterRow *self);
/* The weapon to ready: NULL until an option first needs it (it is built then). */
GtkWidget       *mg_tft_fighter_row_get_weapon_dropdown (MgTftFighterRow *self);
const char      *mg_tft_fighter_row_get_message (MgTftFighterRow *self);   /* NULL when none */
int              mg_tft_fighter_row_get_hits    (MgTftFighterRow *self);   /* from the tally shown */
const char      *mg_tft_fighter_row_get_conditions (MgTftFighterRow *self); /* state and codes: "unconscious weak" */

G_END_DECLS

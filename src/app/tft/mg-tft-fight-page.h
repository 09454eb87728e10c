/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight-page.h — a TFT Melee fight: setup, turn by turn, attacks, experience at the end. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-tft-attack-dialog.h"
#include "mg-tft-fighter-row.h"
#include "mg-tft-arena-view.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_FIGHT_PAGE (mg_tft_fight_page_get_type ())
G_DECLARE_FINAL_TYPE (MgTftFightPage, mg_tft_fight_page, MG, TFT_FIGHT_PAGE, GtkWidget)

MgTftFightPage *mg_tft_fight_page_new (MgCampaign *campaign);

/* Handles for the UI tests. */
void               mg_tft_fight_page_setup         (MgTftFightPage *self, const char *name, const char *kind,
                                                    const char *side_a, const char *side_b);
gboolean           mg_tft_fight_page_set_side      (MgTftFightPage *self, const char *figure, int side); /* -1 out, 0, 1 */
/* Initiative: the side the winner sends to move first (NULL: the winner). */
gboolean           mg_tft_fight_page_set_first     (MgTftFightPage *self, const char *side);
/* At the end of a turn: `by` forces `figure` back a hex. */
gboolean           mg_tft_fight_page_set_retreat   (MgTftFightPage *self, const char *by, const char *figure);
MgTftFighterRow   *mg_tft_fight_page_get_fighter   (MgTftFightPage *self, const char *figure);
void               mg_tft_fight_page_set_dice      (MgTftFightPage *self, const char *typed);
MgTftAttackDialog *mg_tft_fight_page_get_attack_dialog (MgTftFightPage *self);   /* the one open, or NULL */
/* Ends the fight as the End dialog would, slaying the unconscious figures named. */
gboolean           mg_tft_fight_page_end           (MgTftFightPage *self, const char * const *slain);
const char        *mg_tft_fight_page_get_message   (MgTftFightPage *self);   /* NULL when none */
const char        *mg_tft_fight_page_get_award     (MgTftFightPage *self);   /* NULL when hidden */
const char        *mg_tft_fight_page_get_title     (MgTftFightPage *self);
/* The arena of a fight played on it (NULL until one is shown). */
MgTftArenaView    *mg_tft_fight_page_get_arena     (MgTftFightPage *self);
GtkWidget         *mg_tft_fight_page_get_button    (MgTftFightPage *self, const char *which);
/* "start", "initiative", "order", "attack", "pass", "end-turn", "end" */

const char  *mg_tft_fight_page_get_setup_message (MgTftFightPage *self);
const char  *mg_tft_fight_page_get_side_name (MgTftFightPage *self, int side);
int          mg_tft_fight_page_get_side      (MgTftFightPage *self, const char *figure);
/* The "This Fight So Far" list, whose rows are built when it first comes into view or the
 * keyboard moves through the page, as the fighters' cards are. */
GtkWidget   *mg_tft_fight_page_get_log       (MgTftFightPage *self);
/* Whether the fighters' cards have been built (mg_tft_fight_page_get_fighter builds them). */
gboolean     mg_tft_fight_page_has_cards     (MgTftFightPage *self);
/* Whether the New Fight form has been built: not before it is first shown. */
gboolean     mg_tft_fight_page_has_setup     (MgTftFightPage *self);

G_END_DECLS

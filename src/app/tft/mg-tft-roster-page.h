/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-roster-page.h — the TFT Melee roster: figures, record card, editor, history, EP. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-tft-card.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_ROSTER_PAGE (mg_tft_roster_page_get_type ())
G_DECLARE_FINAL_TYPE (MgTftRosterPage, mg_tft_roster_page, MG, TFT_ROSTER_PAGE, GtkWidget)

MgTftRosterPage *mg_tft_roster_page_new (MgCampaign *campaign);

/* Handles for the UI tests. */
gboolean     mg_tft_roster_page_select      (MgTftRosterPage *self, const char *figure);
const char  *mg_tft_roster_page_get_selected (MgTftRosterPage *self);
const char  *mg_tft_roster_page_get_subtitle (MgTftRosterPage *self, const char *figure); /* as listed; NULL if not */
guint        mg_tft_roster_page_get_n_figures (MgTftRosterPage *self);
MgTftCard   *mg_tft_roster_page_get_card    (MgTftRosterPage *self);
GtkListBoxRow *mg_tft_roster_page_get_row   (MgTftRosterPage *self, const char *figure); /* for tests */
guint        mg_tft_roster_page_get_n_history (MgTftRosterPage *self);
/* The selected figure's history as shown, "title: subtitle" a line (for tests). g_free. */
char        *mg_tft_roster_page_get_history_text (MgTftRosterPage *self);
GtkWidget   *mg_tft_roster_page_get_spend_st_button (MgTftRosterPage *self);
const char  *mg_tft_roster_page_get_message (MgTftRosterPage *self);   /* NULL when none */

G_END_DECLS

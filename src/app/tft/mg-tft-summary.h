/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-summary.h — a compact roster and fight summary, for the Journal's step-by-step replay. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_SUMMARY (mg_tft_summary_get_type ())
G_DECLARE_FINAL_TYPE (MgTftSummary, mg_tft_summary, MG, TFT_SUMMARY, GtkWidget)

GtkWidget  *mg_tft_summary_new      (void);
void        mg_tft_summary_set_state (MgTftSummary *self, MgCampaign *campaign, const MgState *state);
/* The text shown, fight first then roster (for the tests). */
char       *mg_tft_summary_get_text (MgTftSummary *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-duel-dialog.h — the duel simulator: how often one figure beats another, run in the background. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_DUEL_DIALOG (mg_tft_duel_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MgTftDuelDialog, mg_tft_duel_dialog, MG, TFT_DUEL_DIALOG, AdwWindow)

MgTftDuelDialog *mg_tft_duel_dialog_new (GtkWindow *parent, MgCampaign *campaign, const char *figure);

/* Handles for the UI tests. */
gboolean     mg_tft_duel_dialog_set_opponent (MgTftDuelDialog *self, const char *figure);
void         mg_tft_duel_dialog_set_fights   (MgTftDuelDialog *self, guint n);
void         mg_tft_duel_dialog_run          (MgTftDuelDialog *self);
gboolean     mg_tft_duel_dialog_is_running   (MgTftDuelDialog *self);
/* After a run: fights done and wins of the figure and of the opponent (FALSE before any). */
gboolean     mg_tft_duel_dialog_get_result   (MgTftDuelDialog *self, guint *fights, guint *wins, guint *losses, guint *draws);

G_END_DECLS

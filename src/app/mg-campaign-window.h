/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-window.h — one window per campaign: the game's pages, Journal, Rules. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-table-state.h"

G_BEGIN_DECLS

typedef struct _MgApplication MgApplication;

#define MG_TYPE_CAMPAIGN_WINDOW (mg_campaign_window_get_type ())
G_DECLARE_FINAL_TYPE (MgCampaignWindow, mg_campaign_window, MG, CAMPAIGN_WINDOW, AdwApplicationWindow)

MgCampaignWindow *mg_campaign_window_new          (MgApplication *app, MgCampaign *campaign);
MgCampaign       *mg_campaign_window_get_campaign (MgCampaignWindow *self);
/* The window's one pending() and view() per seat, and whose secrets are shown (mg-table-state.h). */
MgTableState     *mg_campaign_window_get_table_state (MgCampaignWindow *self);

G_END_DECLS

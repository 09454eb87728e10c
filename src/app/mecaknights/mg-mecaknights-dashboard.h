/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-dashboard.h — the MecaKnights Table page: turn and season, tracking table, lands, armies, actions, battles. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MK_DASHBOARD (mg_mk_dashboard_get_type ())
G_DECLARE_FINAL_TYPE (MgMkDashboard, mg_mk_dashboard, MG, MK_DASHBOARD, GtkWidget)

MgMkDashboard *mg_mk_dashboard_new (MgCampaign *campaign);

G_END_DECLS

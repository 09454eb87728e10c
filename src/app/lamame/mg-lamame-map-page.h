/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-map-page.h — La Mame's Melee's Map page: the map, the season banner, gold and supply, every step. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_LAMAME_MAP_PAGE (mg_lamame_map_page_get_type ())
G_DECLARE_FINAL_TYPE (MgLamameMapPage, mg_lamame_map_page, MG, LAMAME_MAP_PAGE, GtkWidget)

MgLamameMapPage *mg_lamame_map_page_new (MgCampaign *campaign);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-page.h — the Meeple Melee table: both players side by side, the battle result. */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MEEPLE_PAGE (mg_meeple_page_get_type ())
G_DECLARE_FINAL_TYPE (MgMeeplePage, mg_meeple_page, MG, MEEPLE_PAGE, GtkWidget)

MgMeeplePage *mg_meeple_page_new (MgCampaign *campaign);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-side.h — one Meeple Melee player's side of the table: tracks, faces, actions. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MEEPLE_SIDE (mg_meeple_side_get_type ())
G_DECLARE_FINAL_TYPE (MgMeepleSide, mg_meeple_side, MG, MEEPLE_SIDE, GtkWidget)

void mg_meeple_side_setup   (MgMeepleSide *self, MgCampaign *campaign, guint index);
/* Re-reads the campaign's state; called by the page when the campaign changes. */
void mg_meeple_side_refresh (MgMeepleSide *self);
/* Types the face whose name starts with the key's letter (S, K, P), while the dice can be
 * typed; FALSE when the key is not a face's. */
gboolean mg_meeple_side_type_key (MgMeepleSide *self, guint keyval);

G_END_DECLS

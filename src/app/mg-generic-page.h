/* mg-generic-page.h — the Play page of a game with no pages of its own, from its declarations. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_GENERIC_PAGE (mg_generic_page_get_type ())
G_DECLARE_FINAL_TYPE (MgGenericPage, mg_generic_page, MG, GENERIC_PAGE, AdwBin)

GtkWidget *mg_generic_page_new          (MgCampaign *campaign);
/* The words the page offers `action` (one of legal_actions()) under, in `state`. */
char      *mg_generic_page_action_label (const MgState *state, json_object *action);

G_END_DECLS

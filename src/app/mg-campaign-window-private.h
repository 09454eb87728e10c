/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-window-private.h — handles on the campaign window for the UI tests. */
#pragma once

#include "mg-campaign-window.h"

G_BEGIN_DECLS

AdwViewStack *mg_campaign_window_get_view_stack (MgCampaignWindow *self);
AdwViewSwitcherBar *mg_campaign_window_get_switcher_bar (MgCampaignWindow *self);
GtkWidget    *mg_campaign_window_get_page       (MgCampaignWindow *self, const char *name);
const char   *mg_campaign_window_get_last_toast (MgCampaignWindow *self);
/* Starts an export without dialogs; the toast tells the outcome. */
void          mg_campaign_window_export_to      (MgCampaignWindow *self,
                                                 const char       *format,
                                                 int               turn,
                                                 gint64            session,
                                                 const char       *path);
gboolean      mg_campaign_window_is_exporting   (MgCampaignWindow *self);
GtkWindow    *mg_campaign_window_get_players_display (MgCampaignWindow *self);  /* NULL unless open */
/* A check runs (mg-check-task.h): the one before the first change (changes are refused until
 * it is done), or the one of a file changed under the window. */
gboolean      mg_campaign_window_is_checking    (MgCampaignWindow *self);

G_END_DECLS

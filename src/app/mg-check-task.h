/* mg-check-task.h — the check a campaign's first write needs, run in a thread while the window keeps drawing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* When mg_campaign_needs_check (campaign) and the campaign has 1,000 rows or more (a smaller
 * one's check is quick: its first change runs it): runs mg_campaign_check_path in a GTask thread.
 * Meanwhile the campaign refuses every change in plain words and its table's "checking" and
 * "check-fraction" follow the check (bind a progress bar to them); at the end the campaign
 * knows the result (mg_campaign_checked) and `done` is called on the main thread (finish with
 * mg_check_task_finish: FALSE with the check's error when the file is damaged). Returns FALSE
 * (and calls nothing) when no check is due here. */
gboolean mg_check_task_start  (MgCampaign          *campaign,
                               GAsyncReadyCallback  done,
                               gpointer             data);
gboolean mg_check_task_finish (MgCampaign          *campaign,
                               GAsyncResult        *result,
                               GError             **error);

G_END_DECLS

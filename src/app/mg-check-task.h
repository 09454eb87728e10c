/* mg-check-task.h — every check of a campaign the app runs (its first write's, a file changed under it), in a thread while the window keeps drawing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* The one way the app checks a campaign off the main loop (issue 43: nothing slow there). Starts
 * whichever check is due, in a GTask thread, and calls `done` on the main thread (finish with
 * mg_check_task_finish: FALSE with the check's error when the file is damaged, or
 * G_IO_ERROR_CANCELLED when `cancellable` was cancelled first). Returns FALSE (and calls
 * nothing) when no check is due:
 *
 *  - the file changed under this process (another program, dd, a restore: issue 42,
 *    mg_campaign_changed_outside): the check runs on a connection of its own, which seals the
 *    file as it stands when it is sound, so the next write goes on at once rather than check it
 *    on the main loop; writes are not refused meanwhile (one would check for itself);
 *  - the campaign's first write needs a check (mg_campaign_needs_check: a copied, restored or
 *    uncleanly closed file) and it has 1,000 rows or more (a smaller one's check is quick: its
 *    first change runs it): mg_campaign_check_path. Meanwhile the campaign refuses every change
 *    in plain words and its table's "checking" and "check-fraction" follow the check (bind a
 *    progress bar to them); at the end the campaign knows the result (mg_campaign_checked).
 *    `cancellable` does not stop this one: the campaign must learn its result.
 *
 * `after_frame` (or NULL): the thread starts once that widget has painted its first frame (and
 * at once if it goes first); the check's state holds from now. A window opened on such a file
 * draws its first frame without the check's thread beside it (on two cores it took a share of
 * it: the first frame of an uncleanly closed 100k campaign, docs/performance.md). */
gboolean mg_check_task_start  (MgCampaign          *campaign,
                               GtkWidget           *after_frame,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  done,
                               gpointer             data);
gboolean mg_check_task_finish (MgCampaign          *campaign,
                               GAsyncResult        *result,
                               GError             **error);

G_END_DECLS

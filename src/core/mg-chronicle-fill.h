/* mg-chronicle-fill.h — the Chronicle's points of rows journalled without them, filled off the campaign's thread (issue 48). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "mg-chronicle.h"

G_BEGIN_DECLS

/* How many rows wait for their points (the last of them: 0 when none, -1 on error). */
gint64             mg_chronicle_fill_pending (MgCampaign *campaign, GError **error);

/* Progress of a fill, on the campaign's thread: the fraction of the rows read. */
typedef void (*MgChronicleProgress) (double fraction, gpointer data);

/* mg_chronicle_fill off the campaign's thread (issue 48: nothing slow on the main loop): a
 * thread replays the journal on a read-only connection of its own and computes the points;
 * the campaign's thread writes them in short batches (a few milliseconds each), so the window
 * answers all along. `progress` is called on the campaign's thread until done; cancelling
 * leaves the rest for the next time. Finishes at once when nothing waits. */
void               mg_chronicle_fill_async  (MgCampaign *campaign, GCancellable *cancellable,
                                             MgChronicleProgress progress, gpointer progress_data,
                                             GAsyncReadyCallback callback, gpointer data);
gboolean           mg_chronicle_fill_finish (MgCampaign *campaign, GAsyncResult *result, GError **error);

G_END_DECLS

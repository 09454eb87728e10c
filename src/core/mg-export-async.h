/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-async.h — exports for the app: off the main thread with progress and cancel, and
 * the PDF's pages for printing.  GIO and cairo: linked by core_dep (the app, melee-gm-cli-pdf),
 * not by the lean core the CLI starts with. */
#pragma once

#include <gio/gio.h>
#include "mg-export.h"

G_BEGIN_DECLS

/* mg_export_write, off the main thread, with progress (0..1) reported on the caller's main
 * context.  Cancelled: G_IO_ERROR_CANCELLED. */
void     mg_export_write_async  (MgCampaign         *campaign,
                                 MgExportFormat      format,
                                 MgExportScope       scope,
                                 const char         *out_path,
                                 MgExportProgress    progress,
                                 gpointer            progress_data,
                                 GCancellable       *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer            user_data);
gboolean mg_export_write_finish (MgCampaign *campaign, GAsyncResult *result, GError **error);

/* The same layout as the PDF, one cairo recording surface per A4 page (595.28 × 841.89 points):
 * what printing draws.  GPtrArray of cairo_surface_t*, freed with the array. */
GPtrArray *mg_export_pages        (MgCampaign   *campaign,
                                   MgExportScope scope,
                                   GCancellable *cancellable,
                                   GError      **error);
#define MG_EXPORT_PAGE_WIDTH  595.28
#define MG_EXPORT_PAGE_HEIGHT 841.89

G_END_DECLS

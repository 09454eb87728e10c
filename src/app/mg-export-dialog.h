/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-dialog.h — asks what to export: format, scope (whole, a turn, the session) and whose actions. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-export-async.h"

G_BEGIN_DECLS

#define MG_TYPE_EXPORT_DIALOG (mg_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MgExportDialog, mg_export_dialog, MG, EXPORT_DIALOG, AdwMessageDialog)

/* Emits "chosen" when the referee confirms. */
MgExportDialog *mg_export_dialog_new        (GtkWindow *parent, MgCampaign *campaign);
MgExportFormat  mg_export_dialog_get_format (MgExportDialog *self);
/* scope.player, when set, points into the campaign's players (or is "GM"). */
MgExportScope   mg_export_dialog_get_scope  (MgExportDialog *self);
/* For the tests: the row that picks whose actions (0 everyone, then each seat, then the GM). */
AdwComboRow    *mg_export_dialog_get_player_row (MgExportDialog *self);
/* For the tests: format (Markdown, HTML, JSON, PDF) and scope (whole, one turn, session). */
AdwComboRow    *mg_export_dialog_get_format_row (MgExportDialog *self);
AdwComboRow    *mg_export_dialog_get_scope_row  (MgExportDialog *self);

/* Prints `scope` with the PDF's layout (pages recorded off the main thread, then the print
 * dialog); export_filename non-NULL: no dialog, the print is written there as a PDF (tests). */
void            mg_export_dialog_print      (GtkWindow     *parent,
                                             MgCampaign    *campaign,
                                             MgExportScope  scope,
                                             const char    *export_filename,
                                             GCancellable  *cancellable);

G_END_DECLS

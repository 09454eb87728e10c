/* mg-export-dialog.h — asks what to export: format, scope (whole, a turn, the session) and whose actions. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-export.h"

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

G_END_DECLS

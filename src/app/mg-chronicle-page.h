/* mg-chronicle-page.h — the Chronicle page: the game's charts of how the campaign went, from the journal as it stands. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"
#include "mg-chart.h"
#include "mg-chronicle.h"

G_BEGIN_DECLS

#define MG_TYPE_CHRONICLE_PAGE (mg_chronicle_page_get_type ())
G_DECLARE_FINAL_TYPE (MgChroniclePage, mg_chronicle_page, MG, CHRONICLE_PAGE, GtkWidget)

MgChroniclePage *mg_chronicle_page_new (MgCampaign *campaign);

/* THE one place the page hears of the journal: rows were appended, undone or redone. The
 * charts take the new rows' points or drop the undone tail (mg_chronicle_window_update), never
 * reading the series from the start. The table's "changed" calls it with the rows its change
 * names (table_changed in mg-chronicle-page.c); MG_CHRONICLE_RELOADED when the journal may have
 * changed anyhow (a ruleset, another program's write). */
void             mg_chronicle_page_rows_changed (MgChroniclePage *self, MgChronicleChange change);

/* Property "filling": rows journalled before the Chronicle are being read in a thread (the page
 * shows how far: property "fill-fraction"); the charts come when it is done. */
gboolean         mg_chronicle_page_get_filling (MgChroniclePage *self);

/* The charts for the players' display (MgPlayersDisplay): the same public series, read-only
 * (no pointer, no focus), following the table. */
GtkWidget       *mg_chronicle_display_new       (MgCampaign *campaign);

/* For tests. */
guint            mg_chronicle_page_get_n_charts (MgChroniclePage *self);
MgChart         *mg_chronicle_page_get_chart    (MgChroniclePage *self, guint index);
MgChronicleWindow *mg_chronicle_page_get_window (MgChroniclePage *self);

G_END_DECLS

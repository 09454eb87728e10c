/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-dashboard-private.h — handles on the MecaKnights pages for the UI tests. */
#pragma once

#include "mg-mecaknights-action-panel.h"
#include "mg-mecaknights-battle-view.h"
#include "mg-mecaknights-dashboard.h"
#include "mg-mecaknights-map-page.h"
#include "mg-mecaknights-table.h"

G_BEGIN_DECLS

MgMkTable       *mg_mk_dashboard_get_table        (MgMkDashboard *self);
MgMkActionPanel *mg_mk_dashboard_get_action_panel (MgMkDashboard *self);
MgMkBattleView  *mg_mk_dashboard_get_battle_view  (MgMkDashboard *self);
const char      *mg_mk_dashboard_get_title        (MgMkDashboard *self);
const char      *mg_mk_dashboard_get_subtitle     (MgMkDashboard *self);
const char      *mg_mk_dashboard_get_phase        (MgMkDashboard *self);
const char      *mg_mk_dashboard_get_last         (MgMkDashboard *self);   /* "Last: <summary>", NULL when not shown */
/* The banner of what the last step resolved (a battle's round, a season's income), NULL if none. */
const char      *mg_mk_dashboard_get_result       (MgMkDashboard *self);
/* The line shown for a land or an army ("Red · village · stone wall · camp"), or NULL. */
const char      *mg_mk_dashboard_get_land_text    (MgMkDashboard *self, const char *land);
const char      *mg_mk_dashboard_get_army_text    (MgMkDashboard *self, const char *army);
GtkWidget       *mg_mk_dashboard_get_lands_list   (MgMkDashboard *self);
/* The Armies list's row of an army (its title the army's id), NULL if none; and the caption
 * shown at a row's end ("may move", "moved this turn"…), NULL if it has none. */
GtkWidget       *mg_mk_dashboard_get_army_row     (MgMkDashboard *self, const char *army);
const char      *mg_mk_dashboard_row_caption      (GtkWidget *row);
/* The Lands list as it is, its rows made so far (they are made as they come into view, the rest
 * after the frame that shows the first of them): NULL before the lists are built. */
GtkWidget       *mg_mk_dashboard_peek_lands_list  (MgMkDashboard *self);
/* Whether the table, armies and lands are built yet (they are when first in view, when the
 * keyboard moves through the page, or when one of the getters above asks for them). */
gboolean         mg_mk_dashboard_has_lists        (MgMkDashboard *self);

G_END_DECLS

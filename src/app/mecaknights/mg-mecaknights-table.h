/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-table.h — the Game Master's tracking table: one row per leader, GP and resources. */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_MK_TABLE (mg_mk_table_get_type ())
G_DECLARE_FINAL_TYPE (MgMkTable, mg_mk_table, MG, MK_TABLE, GtkWidget)

MgMkTable  *mg_mk_table_new      (void);
/* For the Journal's replay: a caption with the turn and phase, and GP and resources only. */
void        mg_mk_table_set_compact (MgMkTable *self, gboolean compact);
/* view: the engine's view of a state (NULL clears the table). */
void        mg_mk_table_set_view (MgMkTable *self, json_object *view);
/* The figure shown for a leader in a column ("gp", "wood", "stone", "food", "iron",
 * "lands", "armies"), or -1 (for the tests). */
int         mg_mk_table_get      (MgMkTable *self, const char *leader, const char *column);
guint       mg_mk_table_get_n_leaders (MgMkTable *self);

G_END_DECLS

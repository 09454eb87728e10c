/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-action-panel.h — forms for the MecaKnights actions, checked by the engine while they are edited. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MK_ACTION_PANEL (mg_mk_action_panel_get_type ())
G_DECLARE_FINAL_TYPE (MgMkActionPanel, mg_mk_action_panel, MG, MK_ACTION_PANEL, GtkWidget)

MgMkActionPanel *mg_mk_action_panel_new        (MgCampaign *campaign);
/* Reads the campaign again (its owner calls it when the campaign changed). */
void        mg_mk_action_panel_refresh         (MgMkActionPanel *self);
/* Shows the form of an action type ("build", "move"…); FALSE when there is none. */
gboolean    mg_mk_action_panel_select          (MgMkActionPanel *self, const char *type);
const char *mg_mk_action_panel_get_type_name   (MgMkActionPanel *self);
/* Sets a field of the form: a choice by its id, a number or a text as written, a switch by
 * "true"/"false"; for a path the lands are comma-separated. FALSE if no such field or value. */
gboolean    mg_mk_action_panel_set             (MgMkActionPanel *self, const char *key, const char *value);
/* The organize form: units of one kind in the index-th army shown (the last is a new army). */
gboolean    mg_mk_action_panel_set_organize    (MgMkActionPanel *self, guint row, const char *unit, int count);
/* Why the engine refuses the action as it stands (NULL when it would be accepted). */
const char *mg_mk_action_panel_get_reason      (MgMkActionPanel *self);
gboolean    mg_mk_action_panel_can_apply       (MgMkActionPanel *self);
GtkWidget  *mg_mk_action_panel_get_apply_button (MgMkActionPanel *self);
/* The action types offered, in order, ids joined by spaces ("collect adjust …"). g_free. */
char       *mg_mk_action_panel_list_types      (MgMkActionPanel *self);
/* What the action costs as shown under the form ("Costs 2 GP, 1 food."), or "". */
const char *mg_mk_action_panel_get_cost        (MgMkActionPanel *self);
/* The reason as shown (hidden until a field is touched, unless a rule refuses). */
gboolean    mg_mk_action_panel_reason_shown    (MgMkActionPanel *self);
/* The problem shown beside a field (only once it was touched), or NULL. */
const char *mg_mk_action_panel_get_field_note  (MgMkActionPanel *self, const char *key);
/* The row of a field, by its member name ("army"); NULL if the form has none. */
GtkWidget  *mg_mk_action_panel_get_field_row   (MgMkActionPanel *self, const char *key);
/* The action the form describes (new reference). */
json_object *mg_mk_action_panel_build          (MgMkActionPanel *self);

G_END_DECLS

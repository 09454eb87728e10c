/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-start-window-private.h — handles on the start page for the UI tests. */
#pragma once

#include "mg-start-window.h"

G_BEGIN_DECLS

void        mg_start_window_set_folder      (MgStartWindow *self, const char *folder);
AdwComboRow *mg_start_window_get_game_row   (MgStartWindow *self);
AdwComboRow *mg_start_window_get_variant_row (MgStartWindow *self);
GtkEditable *mg_start_window_get_name_row   (MgStartWindow *self);
GtkEditable *mg_start_window_get_player_row (MgStartWindow *self, guint index);
GtkWidget  *mg_start_window_get_create_button (MgStartWindow *self);
GtkListBox *mg_start_window_get_recent_list (MgStartWindow *self);
const char *mg_start_window_get_form_message (MgStartWindow *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-start-window.h — the start page: new campaign, open, recent campaigns, the sample. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

typedef struct _MgApplication MgApplication;

#define MG_TYPE_START_WINDOW (mg_start_window_get_type ())
G_DECLARE_FINAL_TYPE (MgStartWindow, mg_start_window, MG, START_WINDOW, AdwApplicationWindow)

MgStartWindow *mg_start_window_new            (MgApplication *app);
void           mg_start_window_show_new_form  (MgStartWindow *self);
void           mg_start_window_choose_file    (MgStartWindow *self);

G_END_DECLS

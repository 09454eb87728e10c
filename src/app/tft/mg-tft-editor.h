/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-editor.h — create or edit a figure, checked by the engine as it is typed. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_TFT_EDITOR (mg_tft_editor_get_type ())
G_DECLARE_FINAL_TYPE (MgTftEditor, mg_tft_editor, MG, TFT_EDITOR, AdwWindow)

/* figure NULL: a new figure. Emits "saved" (the figure's name) after the actions applied. */
MgTftEditor *mg_tft_editor_new (GtkWindow *parent, MgCampaign *campaign, const char *figure);

/* Handles for the UI tests. */
GtkEditable *mg_tft_editor_get_name      (MgTftEditor *self);
gboolean     mg_tft_editor_set_kind      (MgTftEditor *self, const char *kind);
void         mg_tft_editor_set_attributes (MgTftEditor *self, int st, int dx);
void         mg_tft_editor_set_weapon    (MgTftEditor *self, const char *weapon, gboolean carried);
void         mg_tft_editor_set_ep        (MgTftEditor *self, int ep);
gboolean     mg_tft_editor_set_ready     (MgTftEditor *self, const char *weapon);
gboolean     mg_tft_editor_set_armor     (MgTftEditor *self, const char *armor);   /* "" none */
gboolean     mg_tft_editor_set_shield    (MgTftEditor *self, const char *shield);  /* "" none */
GtkWidget   *mg_tft_editor_get_save_button (MgTftEditor *self);
const char  *mg_tft_editor_get_message   (MgTftEditor *self);   /* NULL when accepted */

G_END_DECLS

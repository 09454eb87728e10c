/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-editor.h — La Mame's Melee's map editor page (areas, borders, castles, mountains, (+1); JSON in and out). */
#pragma once

#include <adwaita.h>
#include <json-c/json.h>

#include "mg-area-map.h"
#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_LAMAME_EDITOR (mg_lamame_editor_get_type ())
G_DECLARE_FINAL_TYPE (MgLamameEditor, mg_lamame_editor, MG, LAMAME_EDITOR, GtkWidget)

MgLamameEditor *mg_lamame_editor_new      (MgCampaign *campaign);
/* Imports (save FALSE) or exports the map JSON. */
gboolean     mg_lamame_editor_file         (MgLamameEditor *self, GFile *file, gboolean save, GError **error);
/* Import… as the button does it (issue 43): the file read and parsed in a thread, then the map
 * edited (or the file's problem shown) on the main thread; importing meanwhile. */
void         mg_lamame_editor_import_async (MgLamameEditor *self, const char *path);
gboolean     mg_lamame_editor_is_importing (MgLamameEditor *self);
json_object *mg_lamame_editor_get_map      (MgLamameEditor *self);   /* borrowed */
MgAreaMap   *mg_lamame_editor_get_area_map (MgLamameEditor *self);
/* The toolbar's modes: clicks on the map add areas, or connect the selected area to another. */
void         mg_lamame_editor_set_mode     (MgLamameEditor *self, gboolean add, gboolean connect);
/* Marks the selected area (castle_of_seat: 0 none, else seat + 1). */
void         mg_lamame_editor_mark         (MgLamameEditor *self, gboolean mountain, gboolean plus_one, guint castle_of_seat);
/* The check's verdict on the map being edited. */
const char  *mg_lamame_editor_status       (MgLamameEditor *self);
/* The selected area's name field, and what is said beside it ("" when nothing). */
GtkEditable *mg_lamame_editor_get_name_field (MgLamameEditor *self);
const char  *mg_lamame_editor_name_message   (MgLamameEditor *self);
/* Starts the year on the map being edited (set-up only). */
void         mg_lamame_editor_start        (MgLamameEditor *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-map-page.h — the MecaKnights map: lands, adjacency, rivers; edited, imported and exported as JSON. */
#pragma once

#include <adwaita.h>

#include "mg-area-map.h"
#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MK_MAP_PAGE (mg_mk_map_page_get_type ())
G_DECLARE_FINAL_TYPE (MgMkMapPage, mg_mk_map_page, MG, MK_MAP_PAGE, GtkWidget)

MgMkMapPage *mg_mk_map_page_new         (MgCampaign *campaign);
/* Loads a map JSON file into the editor (checked; not applied). FALSE with the error shown. */
gboolean     mg_mk_map_page_import_file (MgMkMapPage *self, const char *path);
/* The same as Import Map… does it (issue 43): the file is read and parsed in a thread, and the
 * map goes into the editor (or its problem is shown) once it is; importing meanwhile. */
void         mg_mk_map_page_import_file_async (MgMkMapPage *self, const char *path);
gboolean     mg_mk_map_page_is_importing (MgMkMapPage *self);
/* Writes the campaign's map as JSON (importable as is). */
gboolean     mg_mk_map_page_export_file (MgMkMapPage *self, const char *path, GError **error);
/* The map as edited (new reference), and the engine's objection to it (NULL when acceptable). */
json_object *mg_mk_map_page_get_map     (MgMkMapPage *self);
const char  *mg_mk_map_page_get_error   (MgMkMapPage *self);
/* The problem as shown: beside the name of the land so named (NULL: under the toolbar), NULL
 * if none is shown there (a field's problem shows once the field was touched). */
const char  *mg_mk_map_page_get_shown_error (MgMkMapPage *self, const char *land);
/* Applies the edits (import_map during setup, edit_land afterwards). */
gboolean     mg_mk_map_page_apply       (MgMkMapPage *self);
/* Sets a field of a land in the editor ("name", "adjacent" comma-separated, "owner", "city"…). */
gboolean     mg_mk_map_page_set_land    (MgMkMapPage *self, const char *land, const char *key, const char *value);
GtkWidget   *mg_mk_map_page_get_neighbour_picker (MgMkMapPage *self, const char *land);
/* The drawing of the map as edited (a click on a land opens its editor), for tests. */
MgAreaMap   *mg_mk_map_page_get_area_map (MgMkMapPage *self);
gboolean     mg_mk_map_page_land_expanded (MgMkMapPage *self, const char *land);
/* In play: the army picked on the map ("Red 1") or NULL, and the sentence above the map (what
 * a click or Enter will do, why not, or what was done). */
const char  *mg_mk_map_page_get_play_army (MgMkMapPage *self);
const char  *mg_mk_map_page_get_play_hint (MgMkMapPage *self);

G_END_DECLS

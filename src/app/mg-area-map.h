/* mg-area-map.h — draws a map of areas (positions, borders, marks, owners' tokens) and reports clicks; any game. */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_AREA_MAP (mg_area_map_get_type ())
G_DECLARE_FINAL_TYPE (MgAreaMap, mg_area_map, MG, AREA_MAP, GtkWidget)

/*
 * The model is JSON, so any game can fill it from its view():
 *
 *   {"areas":[{"id":"Oak Hill","label":"Oak Hill","x":300,"y":120,
 *              "neighbours":["Redkeep","Mill"],
 *              "marks":["castle","mountain","plus_one"],      // any of these, drawn as symbols
 *              "owner":"#c01c28"},                            // optional: the area's tint
 *             …],
 *    "tokens":[{"area":"Oak Hill","colour":"#c01c28","letter":"K",
 *               "shape":"circle"|"square"|"triangle"|"diamond","title":"Red knight"}, …]}
 *
 * Positions are in the model's own units; the widget fits their bounding box. A border is drawn
 * once per pair of neighbours. Tokens carry a letter and a shape as well as a colour, so owners
 * and kinds read without colour vision.
 *
 * Keyboard: the map takes the focus; the arrow keys move a ring to the nearest area that way,
 * Enter or Space activates it, as a click does.
 *
 * Signals: "area-activated" (const char *id) when an area is clicked (or chosen by keyboard); "background-clicked"
 * (double x, double y in model units) when a click hits no area (a map editor adds one there);
 * "area-dragged" (const char *id, double x, double y) when, in edit mode, an area is dragged.
 */
MgAreaMap   *mg_area_map_new          (void);
/* Takes a reference to `model` (or clears the map with NULL). */
void         mg_area_map_set_model    (MgAreaMap *self, json_object *model);
json_object *mg_area_map_get_model    (MgAreaMap *self);   /* borrowed */
/* The selected area (drawn highlighted), or NULL. */
void         mg_area_map_set_selected (MgAreaMap *self, const char *id);
const char  *mg_area_map_get_selected (MgAreaMap *self);
/* Areas drawn as targets (for example where the selected unit may go). NULL-terminated or NULL. */
void         mg_area_map_set_targets  (MgAreaMap *self, const char * const *ids);
/* Edit mode: areas can be dragged to new positions. */
void         mg_area_map_set_editable (MgAreaMap *self, gboolean editable);
/* The area at a widget position, or NULL (for tests and tooltips). */
const char  *mg_area_map_area_at      (MgAreaMap *self, double x, double y);
/* Where an area is drawn, in widget coordinates (for tests); FALSE if unknown. */
gboolean     mg_area_map_area_position (MgAreaMap *self, const char *id, double *x, double *y);
/* Where an area's name is drawn, in widget coordinates (for tests); FALSE if unknown. */
gboolean     mg_area_map_name_rect    (MgAreaMap *self, const char *id, graphene_rect_t *rect);
/* Emits what a click at a widget position does (as a press does). */
void         mg_area_map_click        (MgAreaMap *self, double x, double y);
/* The keyboard's area (NULL before any); the arrow keys' and Enter's actions. */
const char  *mg_area_map_get_focus_area (MgAreaMap *self);
gboolean     mg_area_map_move_focus     (MgAreaMap *self, int dx, int dy);
gboolean     mg_area_map_activate_focus (MgAreaMap *self);

G_END_DECLS

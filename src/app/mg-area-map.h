/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-area-map.h — draws a map of areas (positions, borders, marks, owners' tokens, a legend), lets the pointer and the keyboard choose areas and act on highlighted destinations; any game. */
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
 *               "shape":"circle"|"square"|"triangle"|"diamond","title":"Red knight"}, …],
 *    "legend":[{"shape":"circle","text":"knight"}, {"colour":"#c01c28","text":"Red"},
 *              {"water":"river"|"crossings","text":"Great River"}, …],     // a water's line
 *    "waters":[{"label":"Great River","crossings":false,        // rivers, in blue under the areas:
 *               "segments":[[x1,y1,x2,y2], …]}, …]}            // along the segments, or (crossings)
 *                                                               // across each one's middle
 *
 * Positions are in the model's own units; the widget fits their bounding box into all the room
 * it is given, keeping its aspect (zoom and pan on top: Ctrl+scroll, a pinch, +, −, 0 to fit,
 * drag the background). A border is drawn once per pair of neighbours. Tokens carry a letter and a shape
 * as well as a colour, so owners and kinds read without colour vision; a token is never drawn
 * under 12 px. An area's name goes where it overlaps no other name, area or token (under it,
 * above, right, left), else shrinks to its initials; the tooltip always says it in full.
 *
 * Keyboard: the map takes the focus; the arrow keys move a ring to the nearest area that way,
 * Enter or Space activates it, as a click does; Escape emits "cancelled".
 *
 * Targets ("highlighted destinations", for example where the selected unit may go) are drawn
 * dashed, each with a sentence saying what activating it does (shown as the tooltip and as the
 * "hint" property while the pointer or the keyboard's ring is on it).
 *
 * Signals:
 *   "target-activated" (const char *id) → gboolean: a target was clicked or chosen by keyboard;
 *       TRUE when handled, else "area-activated" follows.
 *   "area-activated" (const char *id): an area was clicked (or chosen by keyboard).
 *   "cancelled": Escape while the map has the focus.
 *   "background-clicked" (double x, double y in model units): a click hit no area.
 *   "area-dragged" (const char *id, double x, double y): in edit mode, an area was dragged.
 * Each area is an accessible child of the map, a button named with the area and what stands on
 * it, which has the focus while the keyboard is on that area; Tab leaves the map.
 * Property "hint" (string, read-only): what the area under the pointer or the ring is, or
 * what activating it does; NULL when neither is on an area.
 */
MgAreaMap   *mg_area_map_new          (void);
/* Drawn for the far end of the table (the players' display): the areas stretched to fill the
 * widget both ways, names, letters and legend grown with the areas instead of kept at a page's
 * 10–14 px. */
void         mg_area_map_set_far      (MgAreaMap *self, gboolean far);
/* Takes a reference to `model` (or clears the map with NULL). */
void         mg_area_map_set_model    (MgAreaMap *self, json_object *model);
json_object *mg_area_map_get_model    (MgAreaMap *self);   /* borrowed */
/* The selected area (drawn highlighted), or NULL. */
void         mg_area_map_set_selected (MgAreaMap *self, const char *id);
const char  *mg_area_map_get_selected (MgAreaMap *self);
/* Areas drawn as targets. NULL-terminated or NULL. `texts`, NULL or as long as `ids`: what
 * activating each does, in words. */
void         mg_area_map_set_targets  (MgAreaMap *self, const char * const *ids);
void         mg_area_map_set_targets_with_texts (MgAreaMap *self, const char * const *ids, const char * const *texts);
gboolean     mg_area_map_is_target    (MgAreaMap *self, const char *id);
const char  *mg_area_map_get_hint     (MgAreaMap *self);
/* Edit mode: areas can be dragged to new positions. */
void         mg_area_map_set_editable (MgAreaMap *self, gboolean editable);
/* Zoom: factor × the current zoom (1 = the whole map fits), about the widget's centre; fit. */
void         mg_area_map_zoom         (MgAreaMap *self, double factor);
void         mg_area_map_fit          (MgAreaMap *self);
double       mg_area_map_get_zoom     (MgAreaMap *self);

/* The layout, for tests and tooltips (widget coordinates; FALSE if unknown): */
/* The area at a widget position, or NULL. */
const char  *mg_area_map_area_at      (MgAreaMap *self, double x, double y);
/* Where an area's centre is drawn. */
gboolean     mg_area_map_area_position (MgAreaMap *self, const char *id, double *x, double *y);
/* Where an area's name is drawn. */
gboolean     mg_area_map_name_rect    (MgAreaMap *self, const char *id, graphene_rect_t *rect);
/* Its name was shrunk to initials (no room for it in full). */
gboolean     mg_area_map_name_is_short (MgAreaMap *self, const char *id);
/* Where the model's token number `index` is drawn (its bounding box). */
gboolean     mg_area_map_token_rect   (MgAreaMap *self, guint index, graphene_rect_t *rect);
/* How many of the things drawn (an area, a name, a token, what lies under the areas, the legend)
 * the last frame drew again rather than kept (issue 43: a change draws only what it changed). */
guint        mg_area_map_get_n_redrawn (MgAreaMap *self);
/* Where the legend is drawn (empty when the model has none). */
void         mg_area_map_legend_rect  (MgAreaMap *self, graphene_rect_t *rect);
/* A place on the drawn map's edges (above its legend) where a box of width × height covers
 * nothing drawn (no area, name, token or border): a corner (0 top left, 1 top right, 2 bottom
 * left, 3 bottom right) or 4, somewhere along an edge; its box in `rect` (may be NULL); -1 when
 * there is none. For what is
 * laid over the map (the players' display's standings): drawn for the far end of the table, the
 * map lays its areas out beside or above the box when no corner is free (a box up to half its
 * width and half its height). */
int          mg_area_map_free_corner  (MgAreaMap *self, double width, double height, graphene_rect_t *rect);
/* Emits what a click at a widget position does (as a press does). */
void         mg_area_map_click        (MgAreaMap *self, double x, double y);
/* While "area-activated" or "target-activated" is emitted for a click: the index of the model's
 * token clicked on (several may stand in one area), else -1 (its ground, or the keyboard). */
gint         mg_area_map_get_clicked_token (MgAreaMap *self);
/* The keyboard's area (NULL before any); the arrow keys' and Enter's actions. */
const char  *mg_area_map_get_focus_area (MgAreaMap *self);
gboolean     mg_area_map_move_focus     (MgAreaMap *self, int dx, int dy);
gboolean     mg_area_map_activate_focus (MgAreaMap *self);
/* What Enter on the keyboard's area will do, or what it just did (a move, a refusal): said by a
 * screen reader as that area's description, until the keyboard moves to another area. */
void         mg_area_map_set_focus_note (MgAreaMap *self, const char *note);

G_END_DECLS

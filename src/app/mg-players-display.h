/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-players-display.h — the players' display: a second window for a second screen or a
 * projector, full screen, large type, showing only what every player may see. */
#pragma once

#include <adwaita.h>

#include "mg-table-state.h"

G_BEGIN_DECLS

#define MG_TYPE_PLAYERS_DISPLAY (mg_players_display_get_type ())
G_DECLARE_FINAL_TYPE (MgPlayersDisplay, mg_players_display, MG, PLAYERS_DISPLAY, AdwWindow)

/* Follows the table state: redrawn from view(MG_SEAT_PUBLIC) whenever the referee acts. */
MgPlayersDisplay *mg_players_display_new          (MgTableState     *table);

/* For the tests: the texts on screen, joined by newlines (the game's widget excluded). */
char             *mg_players_display_get_text     (MgPlayersDisplay *self);
/* The game's map or board (the main part of its picture), or its replay widget. */
GtkWidget        *mg_players_display_get_state_widget (MgPlayersDisplay *self);
/* The game's picture: what fills the screen between the heading and the last action. */
GtkWidget        *mg_players_display_get_picture  (MgPlayersDisplay *self);
/* An empty box in the bottom corner, beside the last action, for a small widget of the shared
 * display (a QR code for the players' phones); it takes no room while empty. */
GtkBox           *mg_players_display_get_slot     (MgPlayersDisplay *self);

/* The Chronicle's public charts in place of the game's picture (or the picture again): asked
 * for from the referee's Chronicle page. The shown charts, or NULL. */
void              mg_players_display_show_chronicle (MgPlayersDisplay *self, gboolean show);
GtkWidget        *mg_players_display_get_chronicle  (MgPlayersDisplay *self);

/* For a game's picture (MgGameUi.display_new). Everything is drawn from the public view. */

/* Calls update (picture, table) now and whenever the table changes, while picture lives. */
typedef void (*MgDisplayUpdate) (GtkWidget *picture, MgTableState *table);
void       mg_players_display_follow      (GtkWidget       *picture,
                                           MgTableState    *table,
                                           MgDisplayUpdate  update);
/* The usual picture: `main` (a map or board, given all the room left) beside a column for the
 * standings, returned in *side. `main` is what get_state_widget returns. */
GtkWidget *mg_players_display_picture_new (GtkWidget       *main,
                                           GtkBox         **side);
/* Where the side column may lie over `main` covering nothing it draws: a box of width × height
 * in `main`'s coordinates in *rect, or FALSE. Set on a picture (picture_new), the column lies
 * there and `main` keeps the whole room; else, or when no such box is found, beside it. */
typedef gboolean (*MgDisplayFreeCorner) (GtkWidget *main, double width, double height, graphene_rect_t *rect);
void       mg_players_display_picture_set_free_corner (GtkWidget           *picture,
                                                       MgDisplayFreeCorner  free_corner);
/* Where `main` draws the game's board itself (its squares, without the room around them), in
 * its own coordinates, or FALSE: declared by a game whose widget draws a smaller picture than
 * its allocation (a square board on a wide screen), so that the display is measured as drawn. */
typedef gboolean (*MgDisplayDrawnBounds) (GtkWidget *main, graphene_rect_t *rect);
void       mg_players_display_picture_set_drawn_bounds (GtkWidget            *picture,
                                                        MgDisplayDrawnBounds  drawn_bounds);
/* The game's map, board or tracks as drawn, in the display's coordinates: the declared drawn
 * bounds, else the whole state widget. FALSE if not laid out. */
gboolean   mg_players_display_get_drawn_bounds (MgPlayersDisplay *self,
                                                graphene_rect_t  *rect);
/* A drawn area map (La Mame's, MecaKnights') beside the standings column: read-only (no pointer,
 * no focus), stretched to its room, the column over a corner the map leaves empty (else beside
 * it), the game's stylesheet `css` loaded, following `table`. The
 * map and the column are the picture's data "mg-display-map" and "mg-display-side". */
GtkWidget *mg_players_display_map_picture_new (MgTableState    *table,
                                               const char      *css,
                                               MgDisplayUpdate  update);
/* `first` and `second` side by side when the room allows both (the second at its natural width,
 * or halves when homogeneous), else one above the other. */
GtkWidget *mg_players_display_split_new   (GtkWidget       *first,
                                           GtkWidget       *second,
                                           gboolean         homogeneous);
/* `child` drawn `scale` times larger than it would be laid out in the same room: a map drawn
 * for a page, magnified for the room. */
GtkWidget *mg_players_display_zoom_new    (GtkWidget       *child,
                                           double           scale);
/* A figure read from across the room: style class "display-key" (at least 32 px). */
GtkWidget *mg_players_display_key_new     (const char      *text);
/* A player's name in their colour (a colour name such as "red", or any CSS colour; NULL: the
 * text's), made readable on the light or dark background; also a key figure. */
GtkWidget *mg_players_display_name_new    (const char      *name,
                                           const char      *colour);
/* Standings: a table with `captions` across its top (NULL-terminated; the first is the names'
 * column), then rows added one by one: a name in its colour and one key figure per caption. */
GtkWidget *mg_players_display_table_new   (const char * const *captions);
void       mg_players_display_table_add   (GtkWidget       *table,
                                           const char      *name,
                                           const char      *colour,
                                           const char * const *values);
/* A track of `n` boxes, the first `filled` filled in `colour` (as for names), with "filled / n"
 * beside it as a key figure. */
GtkWidget *mg_players_display_track_new   (const char      *caption,
                                           guint            n,
                                           guint            filled,
                                           const char      *colour);
/* Replaces every child of box (a GtkBox) with nothing. */
void       mg_players_display_clear       (GtkBox          *box);

G_END_DECLS

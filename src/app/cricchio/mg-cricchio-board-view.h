/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-board-view.h — the square board widget: 14×14 squares, sea, walls, pieces with letters, moves to click. */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_CHESS_BOARD_VIEW (mg_chess_board_view_get_type ())
G_DECLARE_FINAL_TYPE (MgChessBoardView, mg_chess_board_view, MG, CHESS_BOARD_VIEW, GtkWidget)

MgChessBoardView *mg_chess_board_view_new          (void);
/* terrain: 196 bytes (0 land, 1 water, 2 wall), square = rank * 14 + file. */
void              mg_chess_board_view_set_terrain  (MgChessBoardView *self, const guint8 *terrain);
/* A view() of the game: pieces, last move, mines (only those the view holds). Borrowed for the call. */
void              mg_chess_board_view_set_view     (MgChessBoardView *self, json_object *view);
/* The side drawn at the bottom: "south", "west", "north" or "east". */
void              mg_chess_board_view_set_bottom   (MgChessBoardView *self, const char *side);
/* The selected square ("f2") and the squares it may go to (NULL-terminated; NULL for none). */
void              mg_chess_board_view_set_selection (MgChessBoardView *self, const char *square,
                                                     const char * const *targets);
const char       *mg_chess_board_view_get_selected (MgChessBoardView *self);
guint             mg_chess_board_view_get_n_targets (MgChessBoardView *self);
/* How many mines are drawn: owner's ("south"…), or everyone's when owner is NULL. */
guint             mg_chess_board_view_get_n_mines  (MgChessBoardView *self, const char *owner);
/* The files' and ranks' colour: the theme's text colour, dimmed (readable in dark style too). */
void              mg_chess_board_view_get_coordinate_color (MgChessBoardView *self, GdkRGBA *color);
/* The side drawn at the bottom. */
const char       *mg_chess_board_view_get_bottom   (MgChessBoardView *self);
/* The keyboard cursor's square ("a1"). */
const char       *mg_chess_board_view_get_cursor   (MgChessBoardView *self);
void              mg_chess_board_view_set_cursor   (MgChessBoardView *self, const char *square);
/* The cursor back on its first square (j1): after a secret was entered with it (a mine), where
 * it stood must not stay on the shared screen once the secret is hidden. */
void              mg_chess_board_view_home_cursor  (MgChessBoardView *self);
/* Where square `name` is drawn, in widget coordinates (its centre); FALSE before the first size. */
gboolean          mg_chess_board_view_square_point (MgChessBoardView *self, const char *name,
                                                    double *x, double *y);

/* How many squares the last frame painted (issue 43: a move repaints its squares, not 196). */
guint             mg_chess_board_view_get_n_repainted (MgChessBoardView *self);

/* Signal "square-activated" (const char *square): a click, or Enter on the cursor.
 * Signal "cancelled": Escape while a square is selected. */

G_END_DECLS

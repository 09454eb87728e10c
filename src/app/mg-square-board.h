/* mg-square-board.h — draws a board of N×M squares and what stands on each, walked by the arrow keys and chosen by a click or Enter; any game. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_SQUARE_BOARD (mg_square_board_get_type ())
G_DECLARE_FINAL_TYPE (MgSquareBoard, mg_square_board, MG, SQUARE_BOARD, GtkWidget)

/*
 * The model is JSON, so any game fills it from its view() (as "square_board",
 * docs/adding-a-game.md):
 *
 *   {"columns": 3, "rows": 3,
 *    "parameter": "square",          // the member of an action that names a square
 *    "squares": [{"name": "1",       // as people say it; default: column letter, row number
 *                 "value": 1,        // what the action's member holds for it; default: the name
 *                 "piece": "X",      // drawn on it (a letter or two), or absent: empty
 *                 "title": "Cross",  // what stands there in words; default: the piece
 *                 "colour": "#c01c28"}, …]}   // the piece's colour; default: the text's
 *
 * The squares are listed a row at a time from the top left. The board keeps its squares square
 * in the room it is given (at most 96 px a side on a page, at its start; any size when far).
 * Each square is a child a screen reader meets as a button named "Square 5: Cross" (or
 * "…: empty"), also its tooltip; the arrow keys move the focus between squares, Enter or Space
 * chooses the focused one, a click the one under the pointer; Tab leaves the board (one Tab
 * stop).
 *
 * Signal "square-activated" (guint index): a square was clicked or chosen by keyboard.
 */
MgSquareBoard *mg_square_board_new           (void);
/* Drawn for the far end of the table (the players' display): as large as its room allows, and
 * neither the pointer nor the focus acts on it. */
void           mg_square_board_set_far       (MgSquareBoard *self, gboolean far);
/* Takes a reference to `model` (NULL clears the board). The square with the focus keeps it. */
void           mg_square_board_set_model     (MgSquareBoard *self, json_object *model);
json_object   *mg_square_board_get_model     (MgSquareBoard *self);   /* borrowed */
/* The model's "parameter", or NULL. */
const char    *mg_square_board_get_parameter (MgSquareBoard *self);
guint          mg_square_board_get_n_squares (MgSquareBoard *self);
/* Square `index`'s name ("1", "b2") and the value its action member takes (borrowed; a new
 * string object of the name when the model gives none). */
const char    *mg_square_board_square_name   (MgSquareBoard *self, guint index);
json_object   *mg_square_board_square_value  (MgSquareBoard *self, guint index);
/* The square whose "value" (or name) equals `value`, or -1. */
gint           mg_square_board_find          (MgSquareBoard *self, json_object *value);
/* The square's child widget (what a screen reader meets and the keyboard focuses). */
GtkWidget     *mg_square_board_square_widget (MgSquareBoard *self, guint index);
/* The square the keyboard is on (the last focused; 0 before any). */
guint          mg_square_board_get_cursor    (MgSquareBoard *self);
/* What choosing the keyboard's square just did (a refusal), or NULL: said by a screen reader as
 * that square's description, until the keyboard moves or the model changes. */
void           mg_square_board_set_note      (MgSquareBoard *self, const char *note);

G_END_DECLS

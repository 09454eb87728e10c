/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-display.c — Cricchio's Mêlée on the players' display: the board filling the screen
 * and, beside it, the turn, who moves and each player's pieces left, from the public view. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mg-cricchio.h"
#include "mg-cricchio-board-view.h"
#include "mg-cricchio-display.h"
#include "mg-players-display.h"
#include "mg-ui-json.h"

static const char *
player_of_side (json_object *view, const char *side, const char **colour)
{
  json_object *players = mg_ui_json_array (view, "players");

  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);

      if (g_strcmp0 (mg_ui_json_str (p, "side"), side) == 0)
        {
          *colour = mg_ui_json_str (p, "colour");
          return mg_ui_json_str (p, "name");
        }
    }
  *colour = NULL;
  return side;
}

static void
update (GtkWidget *picture, MgTableState *table)
{
  MgChessBoardView *board = g_object_get_data (G_OBJECT (picture), "mg-display-main");
  GtkBox *side = g_object_get_data (G_OBJECT (picture), "mg-display-side");
  json_object *view = mg_table_state_get_view (table, MG_SEAT_PUBLIC);
  json_object *players = mg_ui_json_array (view, "players"), *pieces = mg_ui_json_array (view, "pieces");
  const char *captions[] = { _("Player"), _("Pieces"), NULL };
  GtkWidget *standings = mg_players_display_table_new (captions);
  g_autofree char *turn = g_strdup_printf (_("Turn %d"), mg_ui_json_int (view, "turn", 1));
  const char *colour = NULL;
  const char *mover = player_of_side (view, mg_ui_json_str (view, "to_move"), &colour);
  guint8 terrain[196];

  if (mg_chess_terrain (mg_table_state_get_state (table), terrain))
    mg_chess_board_view_set_terrain (board, terrain);
  mg_chess_board_view_set_view (board, view);

  mg_players_display_clear (side);
  gtk_box_append (side, mg_players_display_key_new (turn));
  if (mover != NULL)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
      GtkWidget *caption = gtk_label_new (_("To move:"));

      gtk_widget_add_css_class (caption, "display-caption");
      gtk_box_append (GTK_BOX (line), caption);
      gtk_box_append (GTK_BOX (line), mg_players_display_name_new (mover, colour));
      gtk_box_append (side, line);
    }
  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      guint count = 0;
      g_autofree char *left = NULL;
      const char *values[2] = { NULL, NULL };

      for (gsize k = 0; k < mg_ui_json_len (pieces); k++)
        if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (pieces, k), "owner"), mg_ui_json_str (p, "side")) == 0)
          count++;
      left = g_strdup_printf ("%u", count);
      values[0] = left;
      mg_players_display_table_add (standings, mg_ui_json_str (p, "name"), mg_ui_json_str (p, "colour"), values);
    }
  gtk_box_append (side, standings);
}

/* Beside the square board (its coordinates included), the room its widget leaves left or right:
 * the standings go there, and the board keeps the whole picture's height. */
static gboolean
free_corner (GtkWidget *board, double width, double height, graphene_rect_t *rect)
{
  double x1, y1, x2, y2, square, left, right;

  if (!mg_chess_board_view_square_point (MG_CHESS_BOARD_VIEW (board), "a1", &x1, &y1)
      || !mg_chess_board_view_square_point (MG_CHESS_BOARD_VIEW (board), "n14", &x2, &y2))
    return FALSE;
  square = fabs (x2 - x1) / 13;
  /* Half a square of coordinates beyond the outer squares' edges. */
  left = MIN (x1, x2) - square;
  right = MAX (x1, x2) + square;
  if (height > gtk_widget_get_height (board))
    return FALSE;
  if (gtk_widget_get_width (board) - right >= width)
    *rect = GRAPHENE_RECT_INIT (gtk_widget_get_width (board) - width, (gtk_widget_get_height (board) - height) / 2,
                                width, height);
  else if (left >= width)
    *rect = GRAPHENE_RECT_INIT (0, (gtk_widget_get_height (board) - height) / 2, width, height);
  else
    return FALSE;
  return TRUE;
}

/* The squares as drawn: from the outer edge of a1's to that of n14's (the coordinates aside). */
static gboolean
drawn_bounds (GtkWidget *board, graphene_rect_t *rect)
{
  double x1, y1, x2, y2, square;

  if (!mg_chess_board_view_square_point (MG_CHESS_BOARD_VIEW (board), "a1", &x1, &y1)
      || !mg_chess_board_view_square_point (MG_CHESS_BOARD_VIEW (board), "n14", &x2, &y2))
    return FALSE;
  square = fabs (x2 - x1) / 13;
  graphene_rect_init (rect, MIN (x1, x2) - square / 2, MIN (y1, y2) - square / 2, 14 * square, 14 * square);
  return TRUE;
}

GtkWidget *
mg_chess_display_new (MgTableState *table)
{
  GtkBox *side = NULL;
  GtkWidget *picture = mg_players_display_picture_new (GTK_WIDGET (mg_chess_board_view_new ()), &side);

  mg_players_display_picture_set_free_corner (picture, free_corner);
  mg_players_display_picture_set_drawn_bounds (picture, drawn_bounds);
  g_object_set_data (G_OBJECT (picture), "mg-display-side", side);
  mg_players_display_follow (picture, table, update);
  return picture;
}

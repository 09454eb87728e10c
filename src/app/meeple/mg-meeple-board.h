/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-board.h — a Meeple Melee state at a glance (replay), and battle results in words. */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_MEEPLE_BOARD (mg_meeple_board_get_type ())
G_DECLARE_FINAL_TYPE (MgMeepleBoard, mg_meeple_board, MG, MEEPLE_BOARD, GtkWidget)

MgMeepleBoard *mg_meeple_board_new       (void);
/* Draws a public view (the caller makes sure it is one: the board is on the shared screen). */
void           mg_meeple_board_set_view  (MgMeepleBoard *self,
                                          json_object   *ruleset,
                                          json_object   *view);

/* The face's name from the ruleset ("Punch"), translated; the id if unknown. */
const char    *mg_meeple_face_name       (json_object *ruleset, const char *id);
/* "2 Kicks" in the language of the moment, with the catalogue's plural ("2 coups de pied"). */
char          *mg_meeple_face_count_for  (json_object *ruleset, const char *id, guint n);
/* A battle event (the state's "last") as a heading and a sentence. */
void           mg_meeple_describe_battle (json_object *ruleset,
                                          json_object *battle,
                                          char       **title,
                                          char       **body);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-side-private.h — handles on one side of the Meeple table for the UI tests. */
#pragma once

#include "mg-meeple-side.h"
#include "mg-meeple-tracks.h"

G_BEGIN_DECLS

MgMeepleTracks  *mg_meeple_side_get_tracks       (MgMeepleSide *self);
GtkToggleButton *mg_meeple_side_get_show_button  (MgMeepleSide *self);   /* "Show/Hide NAME’s faces" */
/* The button that types face `face` (0-based, ruleset order). */
GtkWidget       *mg_meeple_side_get_type_button  (MgMeepleSide *self, guint face);
GtkWidget       *mg_meeple_side_get_roll_button  (MgMeepleSide *self);   /* roll with typed faces */
GtkWidget       *mg_meeple_side_get_pick_button  (MgMeepleSide *self);
GtkWidget       *mg_meeple_side_get_reroll_here_button (MgMeepleSide *self);
GtkWidget       *mg_meeple_side_get_set_button   (MgMeepleSide *self);   /* "Set To" */
GtkDropDown     *mg_meeple_side_get_set_dropdown (MgMeepleSide *self);   /* the face it sets */
GtkWidget       *mg_meeple_side_get_dice_group   (MgMeepleSide *self);   /* header, then the dice */
/* The parts built when first needed (faces shown or rolled), NULL until then: the Meeples group,
 * the row of face buttons, Pick, Odds. */
GtkWidget       *mg_meeple_side_get_faces_group  (MgMeepleSide *self);
GtkWidget       *mg_meeple_side_get_typed_row    (MgMeepleSide *self);
GtkWidget       *mg_meeple_side_get_pick_group   (MgMeepleSide *self);
GtkWidget       *mg_meeple_side_get_odds_group   (MgMeepleSide *self);
/* The Dice group's description ("Show this player's faces…"), NULL while it is hidden. */
const char      *mg_meeple_side_get_dice_description (MgMeepleSide *self);
GtkSpinButton   *mg_meeple_side_get_pick_spin    (MgMeepleSide *self, guint face);
GtkToggleButton *mg_meeple_side_get_face_toggle  (MgMeepleSide *self, guint meeple);
guint            mg_meeple_side_get_n_faces_held (MgMeepleSide *self);
guint            mg_meeple_side_get_n_typed      (MgMeepleSide *self);
guint            mg_meeple_side_get_n_odds       (MgMeepleSide *self);
const char      *mg_meeple_side_get_message      (MgMeepleSide *self);   /* NULL when none */

G_END_DECLS

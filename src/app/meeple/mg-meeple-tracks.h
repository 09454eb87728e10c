/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-tracks.h — one Meeple Melee player's tracks: casualties, neutral zone, actions. */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_MEEPLE_TRACKS (mg_meeple_tracks_get_type ())
G_DECLARE_FINAL_TYPE (MgMeepleTracks, mg_meeple_tracks, MG, MEEPLE_TRACKS, GtkWidget)

MgMeepleTracks *mg_meeple_tracks_new             (void);
/* player: the state's player object; defeat: casualties that lose the match. */
void            mg_meeple_tracks_update          (MgMeepleTracks *self,
                                                  json_object    *player,
                                                  int             defeat);
/* What the tracks show now (for the tests). */
int             mg_meeple_tracks_get_casualties  (MgMeepleTracks *self);
int             mg_meeple_tracks_get_neutral     (MgMeepleTracks *self);


G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-map-play.h — moves and attacks played on the MecaKnights map: a click (or Enter) on an army's land picks it, on a ringed land moves or attacks there. */
#pragma once

#include <gtk/gtk.h>

#include "mg-area-map.h"
#include "mg-campaign.h"

G_BEGIN_DECLS

typedef struct _MgMkMapPlay MgMkMapPlay;

/* Plays on `map` for the campaign's current leader; `hint` (a label above the map) says what a
 * click or Enter will do, and why not when the engine refuses. Escape (the map's "cancelled")
 * lets the army go; the pointer's and keyboard's hover text follow the map. */
MgMkMapPlay *mg_mk_map_play_new      (MgCampaign *campaign, MgAreaMap *map, GtkLabel *hint);
void         mg_mk_map_play_free     (MgMkMapPlay *self);
/* A land activated (click or Enter); `army`: the army whose token was clicked, or NULL (its
 * ground, or the keyboard). Of the leader's armies there, the one clicked is picked; activated
 * again, the land picks its next army, then none (issue 45: two armies in one land, the
 * second could not be picked). FALSE when it is not a move of the game (no army of the leader
 * to play picked, none of theirs there that may move): the caller does what it did. */
gboolean     mg_mk_map_play_activate (MgMkMapPlay *self, const char *land, const char *army);
/* Lets the picked army go; FALSE when none was picked. */
gboolean     mg_mk_map_play_cancel   (MgMkMapPlay *self);
/* The campaign or the drawing changed: the pick is dropped when its army may no longer move,
 * and drawn again (a new model clears the map's rings). */
void         mg_mk_map_play_refresh  (MgMkMapPlay *self);
/* The army picked ("Red 1"), or NULL; the hint's text. */
const char  *mg_mk_map_play_get_army (MgMkMapPlay *self);
const char  *mg_mk_map_play_get_hint (MgMkMapPlay *self);

G_END_DECLS

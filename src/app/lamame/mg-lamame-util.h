/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-util.h — readings of La Mame's Melee's view for its pages: the area-map model, names, actions. */
#pragma once

#include <adwaita.h>
#include <json-c/json.h>

#include "mg-campaign.h"
#include "mg-json.h"
#include "mg-ui-json.h"

G_BEGIN_DECLS

/* The area-map model (mg-area-map.h) of a map JSON and, when `view` is given, its units
 * (shape = kind, letter = owner's initial, colour = owner's). New reference. */
json_object *mg_lamame_ui_map_model   (json_object *map, json_object *view);
/* A colour for the ruleset's colour names ("red" → a readable red). */
const char  *mg_lamame_ui_colour      (const char *name);
const char  *mg_lamame_ui_kind_name   (const char *kind);
const char  *mg_lamame_ui_card_name   (const char *card);
const char  *mg_lamame_ui_season_name (const char *season);
/* A sentence for a legal action ("Red: move the knight from Oak Hill to Mill"). g_free. */
char        *mg_lamame_ui_action_text (json_object *action);
/* What an action's events resolved, in plain words for the Map page's banner ("Red spent 2 gold
 * against the soldier on Bluewater; Blue guessed 1 — wrong. Blue's soldier is destroyed. Red
 * takes Bluewater."), from the events everyone may see (none with a "seat"); NULL when the
 * events resolved nothing (a secret entered, a unit built). g_free. */
char        *mg_lamame_ui_result_text (json_object *events);

/* The layout of both La Mame pages, from 360 px to full screen: `top` (banner or toolbar) across
 * the page; below it the map (`main`) beside the `side` panel from MG_LAMAME_SIDE_BY_SIDE px
 * wide, else the map above the panel, its height following the width. Call from the page's
 * measure and size_allocate; `side` gets the "lamame-beside" or "lamame-below" style class. */
#define MG_LAMAME_SIDE_BY_SIDE 720
void         mg_lamame_ui_split_measure  (GtkWidget *top, GtkWidget *main, GtkWidget *side,
                                          GtkOrientation orientation, int for_size,
                                          int *minimum, int *natural);
void         mg_lamame_ui_split_allocate (GtkWidget *top, GtkWidget *main, GtkWidget *side,
                                          int width, int height);

G_END_DECLS

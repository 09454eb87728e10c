/* mg-tft-arena-view.h — TFT Melee's arena drawn to scale: hexes, mega-hexes, counters with their facing, legal destinations. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

G_BEGIN_DECLS

#define MG_TYPE_TFT_ARENA_VIEW (mg_tft_arena_view_get_type ())
G_DECLARE_FINAL_TYPE (MgTftArenaView, mg_tft_arena_view, MG, TFT_ARENA_VIEW, GtkWidget)

/* interactive: the Fight page's (pointer, keyboard, destinations); else the players' display's. */
MgTftArenaView *mg_tft_arena_view_new          (gboolean interactive);
/* Redraws from the view's fight (borrowed); a fight without "arena" draws nothing. */
void            mg_tft_arena_view_update       (MgTftArenaView *self, json_object *fight);
/* The hexes the selected figure may move to ({"F12": 6, …}, borrowed; NULL none). */
void            mg_tft_arena_view_set_reach    (MgTftArenaView *self, json_object *reach);
void            mg_tft_arena_view_select       (MgTftArenaView *self, const char *figure);
const char     *mg_tft_arena_view_get_selected (MgTftArenaView *self);
/* The hex under the keyboard's cursor ("F12") and the facing chosen for the move ("N" …). */
const char     *mg_tft_arena_view_get_cursor   (MgTftArenaView *self);
gboolean        mg_tft_arena_view_set_cursor   (MgTftArenaView *self, const char *hex);
const char     *mg_tft_arena_view_get_facing   (MgTftArenaView *self);
/* Turns the facing chosen one side clockwise (or back). */
void            mg_tft_arena_view_turn         (MgTftArenaView *self, gboolean clockwise);
/* 1: the whole arena in view; up to 4 (Ctrl+wheel about the pointer, + and − about the cursor, a
 * pinch; the wheel then pans, and the cursor stays in view). */
double          mg_tft_arena_view_get_zoom     (MgTftArenaView *self);
/* The centre of a hex in widget coordinates, for tests clicking there. */
gboolean        mg_tft_arena_view_hex_point    (MgTftArenaView *self, const char *hex, double *x, double *y);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tft-test-util.h — helpers shared by the TFT Melee engine tests: play actions with typed dice, refuse. */
#pragma once

#include <string.h>

#include "mg-json.h"
#include "mg-tft.h"

json_object *tft_test_ruleset (void);
MgState     *tft_test_new_state (void);
MgState     *tft_test_new_state_with (json_object *ruleset);   /* players Ann, Bob */
char        *tft_test_play (MgState *st, const char *text, const guint *dice, guint n);
json_object *tft_test_events (MgState *st, const char *text, const guint *dice, guint n);
void         tft_test_refuse (MgState *st, const char *text, gint code, const char *fragment);
json_object *tft_test_find_named (json_object *list, const char *name);
gint         tft_test_fig_int (MgState *st, const char *name, const char *key);
const char  *tft_test_fig_str (MgState *st, const char *name, const char *key, char *buf, gsize len);
gint         tft_test_roster_int (MgState *st, const char *name, const char *key);
gint         tft_test_iget (json_object *o, const char *key);
MgState     *tft_test_duel_state (const char *kind, const char *a_gear, const char *b_gear);
json_object *tft_test_odds (MgState *st, const char *attack, GError **error);
json_object *tft_test_last_event (MgState *st, const char *action, const guint *dice, guint n, const char *type);

#define TFT_DICE(...) ((guint[]) { 0, ##__VA_ARGS__ } + 1)
#define TFT_NDICE(...) (sizeof ((guint[]) { 0, ##__VA_ARGS__ }) / sizeof (guint) - 1)
/* Applies an action with the dice listed (every one must be used); frees the summary. */
#define PLAY(st, text, ...) g_free (tft_test_play (st, text, TFT_DICE (__VA_ARGS__), TFT_NDICE (__VA_ARGS__)))

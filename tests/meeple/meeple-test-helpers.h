/* SPDX-License-Identifier: GPL-3.0-or-later */
/* meeple-test-helpers.h — playing Meeple Melee actions in tests with typed dice. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-json.h"
#include "mg-rules.h"
#include "mg-meeple.h"

/* Faces as die values: the ruleset lists Sweep, Kick, Punch in that order. */
enum { S = 1, K = 2, P = 3 };

json_object *mt_ruleset        (void);                       /* the shipped ruleset, new reference */
MgState     *mt_new_game       (json_object *ruleset);       /* Red and Blue; NULL = shipped ruleset */
MgState     *mt_from_json      (json_object *ruleset, const char *state_json);
char        *mt_state_string   (const MgState *state);       /* to_json as text */
json_object *mt_get            (json_object *o, const char *path);   /* "players/0/faces/2" */
gint64       mt_get_int        (json_object *o, const char *path);
const char  *mt_get_string     (json_object *o, const char *path);

/* Applies `action` (JSON text) with typed `dice` (JSON text, NULL = none). On success every
 * typed die must have been used. Returns the events or NULL with `error` set. */
json_object *mt_apply          (MgState *state, const char *action, const char *dice,
                                char **summary, GError **error);
/* Asserts the action is accepted; returns the events (json_object_put them). */
json_object *mt_ok             (MgState *state, const char *action, const char *dice, char **summary);
/* Asserts the action is refused with domain/code, a message containing `part`, and the state
 * unchanged (to_json before and after are equal). */
void         mt_refused        (MgState *state, const char *action, const char *dice,
                                GQuark domain, gint code, const char *part);

/* "[1,1,2,3,2]": s Sweep, k Kick, p Punch, then Kicks up to `total`. */
char        *mt_dice           (guint s, guint k, guint p, guint total);
/* Both players roll (Red first) with the given dice and pick the given counts; returns the
 * summary of the resolving pick. */
char        *mt_battle         (MgState *state,
                                guint rs, guint rk, guint rp,
                                guint bs, guint bk, guint bp);

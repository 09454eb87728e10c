/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-actions.h — the one shape of every engine's validate() and apply() (docs/adding-a-game.md).
 *
 * An engine lists its actions, each a "type" and the function that plays it on a state. The
 * shared code (mg-actions.c) checks the action is an object with a known "type", refuses any
 * action once the game is over, then plays the function on a COPY of the state. apply() makes
 * the copy the state only when the function succeeded; validate() plays the same function on a
 * copy it throws away. So a refusal half-way (a die missing, a target found illegal after a
 * first move) leaves the state untouched by construction, and the check and the change are one
 * code and cannot disagree. */
#pragma once

#include "mg-rules.h"

G_BEGIN_DECLS

/* What a playing function is given besides the state (the copy) and the action. */
typedef struct {
  MgDice      *dice;       /* the dice source; while validating, a source whose every die shows 1 */
  json_object *events;     /* the events array: add each event (mg_event_new) */
  GString     *summary;    /* the sentence(s) that tell what happened, safe to show everyone,
                              in the process's language (an engine not yet writing `said`) */
  gboolean     validating; /* TRUE in validate(): the copy is thrown away afterwards */
  /* The same sentences as messages (mg_said_add (play->said, N_("…"), …)), which each viewer
   * renders in their own language (docs/messages.md). An engine writes one or the other, never
   * both for one action: when `said` has pieces the summary is its text. NULL while validating:
   * mg_said_add* then say nothing, at no cost. */
  MgSaid      *said;
} MgPlay;

/* Plays `action` (a JSON object whose "type" is the one it was listed for) on `state`, a copy
 * it may change freely. On refusal sets MG_RULES_ERROR_BAD_ACTION (a missing, mistyped or unknown
 * member) or _ILLEGAL (mg_illegal: not allowed now, with a reason; mg-rules.h) and returns FALSE. */
typedef gboolean (*MgActionFunc) (MgState *state, json_object *action, MgPlay *play, GError **error);

/* Facts about an action, declared in its entry, never discovered by playing it. */
typedef enum {
  MG_ACTION_PUBLIC = 0,
  /* The seat named by the action's "player" member takes it, on its phone or hidden on the
   * referee's device; every value it carries is that seat's secret until the engine reveals it
   * (view() redacts it for every other seat and the public). The table server offers a phone
   * exactly these steps; the contract checks each by a difference test. */
  MG_ACTION_SECRET = 1 << 0,
} MgActionFlags;

typedef struct {
  const char   *type;
  MgActionFunc  play;
  MgActionFlags flags;   /* MG_ACTION_PUBLIC unless declared */
} MgAction;

struct _MgActions {
  const MgAction *actions;   /* in the order an unknown action's message lists them */
  guint           n_actions;
  /* A copy of the whole state, new (freed with the engine's free_state). */
  MgState      *(*copy)  (const MgState *state);
  /* Exchanges the contents of two states: the copy that succeeded becomes the state the caller
   * holds. Optional: without it the first `size` bytes are exchanged. */
  void          (*swap)  (MgState *state, MgState *copy);
  gsize           size;      /* sizeof the engine's state struct, for the default swap */
  /* Optional: TRUE when the game has ended, with MG_RULES_ERROR_GAME_OVER set saying how. Asked
   * after the type is known and before the function runs, so every late action gets it. */
  gboolean      (*over)  (const MgState *state, GError **error);
  /* Optional: FALSE, with the refusal, when the state cannot take an action of `type` whatever
   * its members (La Mame's game before its map is set). Asked after `over`. */
  gboolean      (*ready) (const MgState *state, const char *type, GError **error);
};

/* The MgRules.validate and .apply of every engine (mg_state_validate, mg_state_apply). `before`
 * (may be NULL): on success, the state as it was before the action, which apply has at hand
 * (the action is played on a copy that then becomes the state), instead of freeing it. */
gboolean     mg_actions_validate (const MgState *state, json_object *action, GError **error);
json_object *mg_actions_apply    (MgState *state, json_object *action, MgDice *dice, char **summary,
                                  MgSaid **said, MgState **before, GError **error);

/* The MgAction listed for `type`, or NULL. */
const MgAction *mg_actions_find  (const MgActions *actions, const char *type);

/* TRUE when the game declares actions of `type` secret (MG_ACTION_SECRET). */
gboolean     mg_rules_action_is_secret (const MgRules *rules, const char *type);
/* TRUE when the game declares any action secret. */
gboolean     mg_rules_has_secrets      (const MgRules *rules);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights.h — the MecaKnights engine and helpers for its app pages (docs/rules/mecaknights.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_mk_rules (void);

/* What an army may still do this turn: {"army","can_move","why_not","reach":[…],
 * "forced_reach":[…],"forced_walk_cost":{"food":N},"can_fire":[army ids],"can_navigate",
 * "can_upgrade"}. New reference. */
json_object *mg_mk_army_options (const MgState *state, const char *army_id);

/* What legal_actions (MG_SEAT_ALL) lists, its first action of each type only, in its order: the
 * types allowed now, found without trying the other actions of a type once one is allowed. New
 * reference. */
json_object *mg_mk_legal_types (const MgState *state);
/* Whether legal_actions (MG_SEAT_ALL) lists an action of `type`, found without trying the
 * other types. */
gboolean     mg_mk_type_legal  (const MgState *state, const char *type);

G_END_DECLS

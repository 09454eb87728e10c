/* mg-mk.h — the MecaKnights engine and helpers for its app pages (docs/rules/mecaknights.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_mk_rules (void);

/* Checks a map JSON as the import_map action does (errors name "$.map…" paths).
 * leaders: the campaign's leader names (owners must be among them); NULL for none. */
gboolean     mg_mk_check_map    (json_object *map, const char * const *leaders, GError **error);
/* The map of a MecaKnights state as JSON, importable as is. New reference. */
json_object *mg_mk_export_map   (const MgState *state);
/* What an army may still do this turn: {"army","can_move","why_not","reach":[…],
 * "forced_reach":[…],"forced_walk_cost":{"food":N},"can_fire":[army ids],"can_navigate",
 * "can_upgrade"}. New reference. */
json_object *mg_mk_army_options (const MgState *state, const char *army_id);

G_END_DECLS

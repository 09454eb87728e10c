/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame.h — La Mame's Melee engine and helpers for its app pages (docs/rules/lamame.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

const MgRules *mg_lamame_rules (void);

/* Checks a map JSON as the start action does (errors name "$…" paths under `path`).
 * n_players: the castles needed, 0 for any number from 2 to 4. */
gboolean     mg_lamame_check_map  (json_object *map, const char *path, guint n_players, GError **error);
/* The map in play (or the one start would use), as JSON, importable as is. New reference. */
json_object *mg_lamame_export_map (const MgState *state);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-ruleset.h — loading rulesets: the shipped defaults (compiled in) and referee-edited files. */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

/* The ruleset shipped for game_id (data/rulesets/<id>.json, compiled in). New reference. */
json_object *mg_ruleset_load_default (const char *game_id, GError **error);
/* Parses text and checks it with rules->check_ruleset. Errors name the JSON path or the
 * parse position. New reference. */
json_object *mg_ruleset_parse        (const MgRules *rules, const char *text, GError **error);
json_object *mg_ruleset_load_file    (const MgRules *rules, const char *path, GError **error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mecaknights-test-util.h — MecaKnights tests: the shipped ruleset, playing actions, refusals that change nothing. */
#pragma once

#include <json-c/json.h>
#include "mg-rules.h"
#include "engine-test-util.h"

G_BEGIN_DECLS

/* data/rulesets/mecaknights.json from the source tree. New reference. */
json_object *mk_test_ruleset (void);
/* data/samples/mecaknights-map.json, the sample campaign's map. New reference. */
json_object *mk_test_sample_map (void);
/* A new game with leaders Red, Blue, Green, the sample map imported (data/samples/mecaknights-map.json), started if asked. */
MgState     *mk_test_new     (json_object *ruleset, gboolean start);
/* view()[path], path in dots ("leaders.0.gp"). Borrowed from a cached view: valid until the next call. */
gint64       mk_int          (MgState *st, const char *path);
const char  *mk_str          (MgState *st, const char *path);
/* Length of the list at view()[path]. */
guint        mk_len          (MgState *st, const char *path);
/* Replaces the state's armies (and optionally edits other members) through from_json, for
 * battle set-ups the rulebook describes. `members` is a JSON object merged into to_json(). */
MgState     *mk_with         (MgState *st, json_object *ruleset, const char *members);
/* Leader `name`'s treasury as "gp/wood/stone/food/iron". g_free. */
char        *mk_purse        (MgState *st, const char *name);

G_END_DECLS

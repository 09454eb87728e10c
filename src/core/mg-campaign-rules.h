/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-campaign-rules.h — a change of a campaign's ruleset as a journal row (issue 34). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The row's action type: {"type": "_ruleset", "ruleset": {member: new value, …},
 * "previous": {member: old value or null when absent, …}}, only the top-level members that
 * changed.  Replay skips it: the campaign has one ruleset (the `ruleset` column), replayed
 * retroactively; the row says when it changed and what it was before. */
#define MG_CAMPAIGN_RULES_ACTION "_ruleset"

/* The sentence of a ruleset row, from its events (JSON text), in the current language: each
 * house rule switched, by the game's descriptor, and the other members changed.  NULL when the
 * events are not a ruleset change's. */
char *mg_campaign_rules_describe (const char *game_id, const char *events);

G_END_DECLS

/* mg-campaign-private.h — the campaign's snapshot policy and schema, shared with its tests. */
#pragma once

#include "mg-data.h"

/* The campaign file's schema: its migrations, NNNN-*.sql in SCHEMA_DIR (generated from
 * mg-core.gresource.xml by build-aux/embed-data.py). */
extern const MgDataFile mg_core_data[];
#define MG_CAMPAIGN_SCHEMA_DIR "/io/github/meleegm/MeleeGM/core/schema/"

/* Snapshots are caches of the state, taken only at turn boundaries, but not at every one:
 * writing a state costs about as much as writing its journal row, and a Meeple turn is four
 * rows.  A snapshot is taken at the first turn boundary once MIN rows in force were applied
 * since the last one, and after MAX rows even inside a long turn; so open and undo replay at
 * most about MIN rows plus one turn. */
#define MG_CAMPAIGN_SNAPSHOT_MIN_ROWS 32
#define MG_CAMPAIGN_SNAPSHOT_MAX_ROWS 1000

/* ---- a change of the ruleset is a journal row (issue 34): mg-campaign-rules.c ------------ */

#include "mg-campaign.h"
#include "mg-store.h"

/* The campaign's connection. */
MgStore *mg_campaign_get_store (MgCampaign *self);
/* Takes the write lock, memory checked against the file. */
gboolean mg_campaign_begin     (MgCampaign *self, GError **error);
/* Inside the write transaction: `ruleset` (checked) becomes the campaign's: every row in force
 * replays under it from the start (snapshots rebuilt), the ruleset and the entity tables are
 * written.  The state in memory follows at mg_campaign_finish. */
gboolean mg_campaign_rebuild   (MgCampaign *self, json_object *ruleset, GError **error);
/* Commits (ok) and reloads memory from the file; or (!ok: `error` holds why, or the commit
 * failed) rolls back, reloads and makes `error` a campaign error.  "changed" is the caller's. */
gboolean mg_campaign_finish    (MgCampaign *self, gboolean ok, GError **error);

/* Is `action` a journal row of a ruleset change ({"type": "_ruleset", …}), which replay skips? */
gboolean mg_campaign_rules_is_row (json_object *action);

typedef enum {
  MG_CAMPAIGN_RULES_STEP_NONE,    /* no ruleset change among the rows: undo/redo as usual */
  MG_CAMPAIGN_RULES_STEP_DONE,    /* marked, replayed under the ruleset they leave, committed */
  MG_CAMPAIGN_RULES_STEP_FAILED,  /* error set; nothing written, memory equals the file */
} MgCampaignRulesStep;

/* Inside undo's (undo TRUE) or redo's write transaction, the rows `seqs` it takes: when one is
 * a ruleset change, marks them all, puts back the ruleset they leave in force and replays the
 * journal under it, in one commit. */
MgCampaignRulesStep mg_campaign_rules_step (MgCampaign *self, GArray *seqs, gboolean undo,
                                            GError **error);

/* mg-campaign-private.h — the campaign's snapshot policy and schema, shared with its tests. */
#pragma once

#include "mg-data.h"
#include "mg-rules.h"

/* The campaign file's schema: its migrations, NNNN-*.sql in SCHEMA_DIR (generated from
 * mg-core.gresource.xml by build-aux/embed-data.py). */
extern const MgDataFile mg_core_data[];
#define MG_CAMPAIGN_SCHEMA_DIR "/io/github/meleegm/MeleeGM/core/schema/"

/* Snapshots are caches of the state, taken at turn boundaries, but not at every one:
 * writing a state costs about as much as writing its journal row, and a Meeple turn is four
 * rows.  A snapshot is taken at the first turn boundary once MIN rows in force were applied
 * since the last one, and after MAX rows even inside a turn; so open and undo replay at
 * most MAX rows, however long a turn lasts.  MAX was 1,000: a turn that never ends (La Mame's
 * winter with a knight riding on) made every open of a long campaign replay ~970 rows, and a
 * one-turn export cost 2.3x the indexed sqlite3 query (issue 34); at 2 x MIN a game whose
 * turns are shorter than MIN rows still snapshots only at turn boundaries. */
#define MG_CAMPAIGN_SNAPSHOT_MIN_ROWS 32
#define MG_CAMPAIGN_SNAPSHOT_MAX_ROWS 64

/* Applies one journal row (its action and recorded dice, as stored) to state; every recorded die
 * must be used.  On success the engine's summary and events are handed back where asked for
 * (either may be NULL): mg-narrate.c tells rows again in the viewer's language with them.  On
 * failure state is untouched and the error names the row. */
gboolean mg_campaign_replay_row (MgState *state, gint64 seq, const char *action_text,
                                 const char *dice_text, char **summary, json_object **events,
                                 GError **error);

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

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

/* mg-chronicle.h — a campaign's Chronicle: each game's public series, kept row by row as the journal grows (issue 48). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "mg-campaign.h"
#include "mg-chronicle-series.h"
#include "mg-game.h"
#include "mg-store.h"

G_BEGIN_DECLS

/* ---- written with each journal row (mg-campaign-journal.c) ---------------------------------- */

/* The points one row adds: the series whose public value it changed. */
typedef struct _MgChronicleRow MgChronicleRow;
typedef struct _MgChronicleCache MgChronicleCache;

/* The public values of `state` after journal row `seq` (of turn `turn`), as points of the
 * series they changed since the row in force before (`before_seq`, the last row the cache saw);
 * all of them when the cache does not hold that row's. NULL when the game declares no Chronicle.
 * Runs with the engine (no I/O); *cache follows. */
MgChronicleRow *mg_chronicle_row_new   (MgChronicleCache **cache, const MgGame *game,
                                        json_object *ruleset, const MgState *state,
                                        gint64 before_seq, gint64 seq, gint turn);
/* Writes the row's points inside the caller's transaction (NULL writes nothing). */
gboolean        mg_chronicle_row_write (MgChronicleRow *row, MgStore *store, GError **error);
void            mg_chronicle_row_free  (MgChronicleRow *row);
gint64          mg_chronicle_row_get_seq (const MgChronicleRow *row);
void            mg_chronicle_cache_free (MgChronicleCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgChronicleRow, mg_chronicle_row_free)

/* ---- read in windows ------------------------------------------------------------------------- */

typedef struct {
  gint64  seq;      /* the journal row */
  gint    turn;
  double  value;
  char   *note;     /* what happened, public, or NULL */
} MgChroniclePoint;

typedef struct {
  char   *name;     /* "Red", "Wulf" */
  char   *colour;   /* as the game names it ("red", "#1c71d8"), or NULL: the name's */
  double  start;    /* the value when the window begins (0 when it had none yet) */
  gboolean has_start;
  GArray *points;   /* of MgChroniclePoint, by seq, inside the window */
} MgChronicleSeries;

typedef struct {
  const MgChronicleChart *chart;
  GPtrArray *series;      /* of MgChronicleSeries*, in the order they first appeared */
} MgChronicleData;

/* The window of journal rows a Chronicle shows: the last `rows` rows in force up to `last_seq`. */
typedef struct {
  MgCampaign *campaign;
  const MgChronicle *chronicle;
  guint       rows;
  gint64      first_seq;  /* the window's first row in force (0: the journal is empty) */
  gint64      last_seq;   /* its last */
  GPtrArray  *charts;     /* of MgChronicleData*, one per declared chart */
} MgChronicleWindow;

#define MG_CHRONICLE_ROWS 240   /* rows a window holds unless asked otherwise */

/* The Chronicle of campaign's game, or NULL when it declares none. */
const MgChronicle *mg_chronicle_of (MgCampaign *campaign);

/* Reads the window ending at last_seq (0: the last row in force) with indexed queries: its cost
 * grows with `rows`, not with the journal's length. With `fill`, rows journalled without points
 * (a campaign older than the Chronicle, a file made by a tool) are filled first, once
 * (mg_chronicle_fill: a write, so on the campaign's own thread); without, they are left out. */
MgChronicleWindow *mg_chronicle_window_read (MgCampaign *campaign, gint64 last_seq, guint rows,
                                             gboolean fill, GError **error);
void               mg_chronicle_window_free (MgChronicleWindow *window);

typedef enum {
  MG_CHRONICLE_APPENDED,  /* rows were added to the journal */
  MG_CHRONICLE_UNDONE,    /* rows at its end were undone */
  MG_CHRONICLE_REDONE,    /* rows undone were made again */
  MG_CHRONICLE_RELOADED,  /* the journal may have changed anyhow: the window is read again */
} MgChronicleChange;

/* Brings a window that showed the journal's end to the journal as it stands after `change`:
 * undone rows' points are dropped from the tail, new or redone rows' points read and appended
 * (only theirs: the series are not read again from the start). *changed: whether anything did.
 * A window scrolled back into the past (not at the end) is left as it is. */
gboolean           mg_chronicle_window_update (MgChronicleWindow *window, MgChronicleChange change,
                                               gboolean *changed, GError **error);
/* Is the window's last row the journal's last row in force? */
gboolean           mg_chronicle_window_at_end (MgChronicleWindow *window);

/* The last row in force (0 when none). */
gint64             mg_chronicle_last_seq (MgCampaign *campaign, GError **error);

/* Writes the points of every row in force that has none yet (up to chronicle_pending), by one
 * replay of the journal: for campaigns made before the Chronicle, and files written by a tool
 * (bench/gen). force: every row, whatever the file says. */
gboolean           mg_chronicle_fill (MgCampaign *campaign, gboolean force, GError **error);

/* The value of `series` of chart `key` at journal row seq (the last point at or before it in
 * force), for tests and the exports' tables; FALSE when it has none. */
gboolean           mg_chronicle_value_at (MgCampaign *campaign, const char *key, const char *series,
                                          gint64 seq, double *value, GError **error);

G_END_DECLS

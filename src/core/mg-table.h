/* mg-table.h — the campaign's table: one object per open campaign holding what pages show and saying what changed.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Contract for every reader — the campaign window's pages, the players' display, the table
 * server (gnome-calendar's GcalTimeline and its subscribers are the model):
 *
 *  - Get it with mg_table_for_campaign (campaign): one per campaign, owned by the campaign (a
 *    field of it, not data hung by a string key), living as long as the campaign.
 *  - Bind to its properties: "pending" and "public-view" (json_object*, borrowed), "seat" (the
 *    seat the referee's pages draw), "secrets-seat", "journal-length", "can-undo", "can-redo",
 *    "checking" and "check-fraction" (a check of the file runs in a thread: writes are refused
 *    until it is done). Each is notified only when it changed, after "changed".
 *  - Connect to its one signal, "changed" (MgTableChange *change), not to the campaign's. It is
 *    emitted after the campaign changed (act, undo, redo, ruleset, session, another process's
 *    write) and when the seat whose secrets are shown changes. The change says what moved:
 *      * change->what: MG_TABLE_CHANGED_STATE (the state: views and pending() anew),
 *        MG_TABLE_CHANGED_SEAT (the shown seat: every view a page draws is another),
 *        MG_TABLE_CHANGED_MOVED_ON (pending() moved on: the shown secrets were hidden);
 *      * the keys touched, by kind (MgChangeKind: seats, areas, figures, pieces), read with
 *        mg_table_change_touches (change, MG_CHANGE_AREA, "Oakvale"): from the engine's events,
 *        as the game's descriptor declares them (MgGame.change_keys / local_events). When the
 *        events say nothing a game declared, change->everything is TRUE and touches() answers
 *        TRUE for every key: redraw all. pending() may change at every "changed";
 *      * change->rows: the journal rows appended, undone or redone (first_seq..last_seq,
 *        n_rows), or MG_TABLE_ROWS_OTHER when the journal may have changed anyhow (a reload,
 *        a ruleset change or its undo): a list of rows rebuilds only then.
 *    Redraw what the change touched from the getters inside the handler.
 *  - Never call mg_state_view () or mg_state_pending () on the current state: ask
 *    mg_table_get_pending () and mg_table_get_view (). Each is built at most once per change
 *    (views lazily, per seat) and is borrowed: valid until the next "changed". Only a state
 *    that is not the current one (the Journal's replay) is viewed directly, and
 *    mg_table_view_of_state () does that choice for you. The table server asks the same object
 *    for each phone's view, and keeps what it derives per seat (mg_table_get_seat_derived).
 *  - Which seat to draw: mg_table_get_seat () — MG_SEAT_PUBLIC on the referee's shared screen,
 *    or the one player whose secrets are shown now. A panel for one player asks
 *    mg_table_get_shown_view (self, player): that player's own view while their secrets are
 *    shown, the public view otherwise. MG_SEAT_ALL (the referee's view, with every secret) is
 *    for games without hidden information or for data no player's secret touches.
 *  - Secrets: mg_table_show_secrets (self, "Red") shows one seat at a time (showing another
 *    hides the first); NULL hides. They hide again by themselves whenever pending() moves on
 *    (its turn, phase, "over" or the seats it waits for change, or a counter the game declares
 *    in MgGame.moved_on), e.g. after a pick and at each new battle.
 *  - The players' display (a second window) shows only view(MG_SEAT_PUBLIC) from here.
 *  - The campaign's companions that live as long as it (the table server, its seats' tokens,
 *    its certificate) are the table's "server", "tokens" and "certificate" properties.
 */
#pragma once

#include <glib-object.h>
#include <json-c/json.h>

#include "mg-game.h"

G_BEGIN_DECLS

typedef struct _MgCampaign MgCampaign;   /* declared in full by mg-campaign.h */

typedef enum {
  MG_TABLE_CHANGED_STATE    = 1 << 0,
  MG_TABLE_CHANGED_SEAT     = 1 << 1,
  MG_TABLE_CHANGED_MOVED_ON = 1 << 2,
} MgTableChanged;

typedef enum {
  MG_TABLE_ROWS_NONE,       /* the journal did not change (the shown seat did) */
  MG_TABLE_ROWS_OTHER,      /* it may have changed anyhow: reload what shows it */
  MG_TABLE_ROWS_APPENDED,
  MG_TABLE_ROWS_UNDONE,
  MG_TABLE_ROWS_REDONE,
} MgTableRows;

typedef struct {
  MgTableChanged what;
  gboolean       everything;                 /* TRUE: any key may have changed */
  GHashTable    *keys[MG_N_CHANGE_KINDS];    /* set of keys (char*) per kind; NULL: none */
  MgTableRows    rows;
  gint64         first_seq;                  /* the rows appended, undone or redone */
  gint64         last_seq;
  guint          n_rows;
  /*< private >*/
  gint           ref_count;
} MgTableChange;

#define MG_TYPE_TABLE_CHANGE (mg_table_change_get_type ())
GType          mg_table_change_get_type (void);
MgTableChange *mg_table_change_ref      (MgTableChange *change);
void           mg_table_change_unref    (MgTableChange *change);
/* Did the change touch key of kind? TRUE for every key when change->everything. */
gboolean       mg_table_change_touches  (const MgTableChange *change, MgChangeKind kind, const char *key);
/* Did it touch any key of kind (or everything)? */
gboolean       mg_table_change_touches_kind (const MgTableChange *change, MgChangeKind kind);
/* The keys of kind the change names (a new array, NULL-terminated; NULL when everything). */
GStrv          mg_table_change_dup_keys (const MgTableChange *change, MgChangeKind kind);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgTableChange, mg_table_change_unref)

/* The change details of one action's events under `game`'s declarations (everything when the
 * game declares none or an event is not one of its local events). New reference. For tests. */
MgTableChange *mg_table_change_from_events (const MgGame *game, json_object *events);

#define MG_TYPE_TABLE (mg_table_get_type ())
G_DECLARE_FINAL_TYPE (MgTable, mg_table, MG, TABLE, GObject)

/* The one table of this campaign (borrowed; created on first use, owned by the campaign). */
MgTable       *mg_table_for_campaign      (MgCampaign *campaign);

MgCampaign    *mg_table_get_campaign      (MgTable *self);
const MgState *mg_table_get_state         (MgTable *self);
json_object   *mg_table_get_pending       (MgTable *self);                      /* borrowed */
json_object   *mg_table_get_view          (MgTable *self, const char *seat);    /* borrowed */
json_object   *mg_table_get_shown_view    (MgTable *self, const char *seat);    /* borrowed */
const char    *mg_table_get_seat          (MgTable *self);
json_object   *mg_table_get_seat_view     (MgTable *self);                      /* borrowed */
json_object   *mg_table_view_of_state     (MgTable *self, const MgState *state, const char *seat);
/* What `build` derives from the campaign for one seat (the table server's secret steps of a
 * seat's phone), built at most once per change and kept with the views: borrowed, valid until
 * the next "changed". `build` returns a new reference (or NULL). */
typedef json_object *(*MgTableSeatBuild) (MgCampaign *campaign, const char *seat);
json_object   *mg_table_get_seat_derived  (MgTable *self, MgTableSeatBuild build, const char *seat);

void           mg_table_show_secrets      (MgTable *self, const char *seat);
const char    *mg_table_get_secrets_seat  (MgTable *self);
gboolean       mg_table_secrets_shown     (MgTable *self, const char *seat);

gint64         mg_table_get_journal_length (MgTable *self);
gboolean       mg_table_get_can_undo      (MgTable *self);
gboolean       mg_table_get_can_redo      (MgTable *self);
gboolean       mg_table_get_checking      (MgTable *self);

/* The campaign's companions (see the contract): borrowed, NULL until set; set keeps a ref.
 * Typed by their own layers (MgTableServer, MgTableTokens, GTlsCertificate): core knows none. */
GObject       *mg_table_get_server        (MgTable *self);
void           mg_table_set_server        (MgTable *self, GObject *server);
GObject       *mg_table_get_tokens        (MgTable *self);
void           mg_table_set_tokens        (MgTable *self, GObject *tokens);
GObject       *mg_table_get_certificate   (MgTable *self);
void           mg_table_set_certificate   (MgTable *self, GObject *certificate);

/* For tests and benchmarks: how many times pending() and view() were built. */
guint          mg_table_get_n_built       (MgTable *self, guint *n_views);

G_END_DECLS

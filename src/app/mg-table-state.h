/* mg-table-state.h — one per campaign window: the campaign's pending() and one view() per seat,
 * computed once per change, and whose secrets (if anyone's) are on screen.
 *
 * Contract for every page (gnome-calendar's GcalTimeline and its subscribers are the model):
 *
 *  - Get it with mg_table_state_for_campaign (campaign): the campaign window and every page of
 *    that campaign share this one object (it lives as long as the campaign).
 *  - Connect to its "changed" signal, not to the campaign's: it is emitted after the campaign
 *    changed (act, undo, redo, ruleset, session) and when the seat whose secrets are shown
 *    changes. Redraw from the getters inside the handler.
 *  - Never call mg_state_view () or mg_state_pending () on the current state: ask
 *    mg_table_state_get_pending () and mg_table_state_get_view (). Each is built at most once
 *    per change (views lazily, per seat) and is borrowed: valid until the next "changed".
 *    Only a state that is not the current one (the Journal's replay) is viewed directly, and
 *    mg_table_state_view_of_state () does that choice for you.
 *  - Which seat to draw: mg_table_state_get_seat () — MG_SEAT_PUBLIC on the referee's shared
 *    screen, or the one player whose secrets are shown now. A panel for one player asks
 *    mg_table_state_get_shown_view (self, player): that player's own view while their
 *    secrets are shown, the public view otherwise. MG_SEAT_ALL (the referee's view, with every
 *    secret) is for games without hidden information or for data no player's secret touches.
 *  - Secrets: mg_table_state_show_secrets (self, "Red") shows one seat at a time (showing
 *    another hides the first); NULL hides. They hide again by themselves whenever pending()
 *    moves on (its turn, phase, "over" or the seats it waits for change), e.g. after a pick
 *    and at each new battle. MgSecretsButton (mg-secrets-button.h) is the control.
 *  - The players' display (a second window) shows only view(MG_SEAT_PUBLIC) from here.
 */
#pragma once

#include <glib-object.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_TABLE_STATE (mg_table_state_get_type ())
G_DECLARE_FINAL_TYPE (MgTableState, mg_table_state, MG, TABLE_STATE, GObject)

/* The one table state of this campaign (borrowed; created on first use, kept by the campaign). */
MgTableState  *mg_table_state_for_campaign    (MgCampaign   *campaign);

MgCampaign    *mg_table_state_get_campaign    (MgTableState *self);
const MgState *mg_table_state_get_state       (MgTableState *self);
json_object   *mg_table_state_get_pending     (MgTableState *self);   /* borrowed */
json_object   *mg_table_state_get_view        (MgTableState *self,
                                               const char   *seat);   /* borrowed */
/* view(seat) while seat's secrets are shown, else the public view (borrowed). */
json_object   *mg_table_state_get_shown_view  (MgTableState *self,
                                               const char   *seat);
/* The seat the referee's pages draw: the shown seat, or MG_SEAT_PUBLIC. */
const char    *mg_table_state_get_seat        (MgTableState *self);
json_object   *mg_table_state_get_seat_view   (MgTableState *self);   /* borrowed */
/* view(seat) of `state` as a new reference: from the cache when state is the current one. */
json_object   *mg_table_state_view_of_state   (MgTableState  *self,
                                               const MgState *state,
                                               const char    *seat);

/* Secrets: at most one seat's at a time; NULL hides. */
void           mg_table_state_show_secrets    (MgTableState *self,
                                               const char   *seat);
const char    *mg_table_state_get_secrets_seat (MgTableState *self);  /* NULL when hidden */
gboolean       mg_table_state_secrets_shown   (MgTableState *self,
                                               const char   *seat);

/* For tests and benchmarks: how many times pending() and view() were built. */
guint          mg_table_state_get_n_built     (MgTableState *self,
                                               guint        *n_views);

G_END_DECLS

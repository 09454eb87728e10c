/* mg-table-state.h — the app's name for the campaign's one table object (MgTable, src/core/mg-table.h).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The contract is MgTable's (mg-table.h): one object per open campaign, owned by it, shared by
 * the window, its pages, the players' display and the table server; one "changed" signal with
 * the details of what changed (MgTableChange). The pages written before it kept this name, and
 * these calls are MgTable's own, unchanged.
 */
#pragma once

#include "mg-campaign.h"
#include "mg-table.h"

G_BEGIN_DECLS

typedef MgTable MgTableState;

#define MG_TYPE_TABLE_STATE  MG_TYPE_TABLE
#define MG_TABLE_STATE(obj)  MG_TABLE (obj)
#define MG_IS_TABLE_STATE(o) MG_IS_TABLE (o)

static inline MgTableState  *mg_table_state_for_campaign (MgCampaign *c) { return mg_table_for_campaign (c); }
static inline MgCampaign    *mg_table_state_get_campaign (MgTableState *t) { return mg_table_get_campaign (t); }
static inline const MgState *mg_table_state_get_state (MgTableState *t) { return mg_table_get_state (t); }
static inline json_object   *mg_table_state_get_pending (MgTableState *t) { return mg_table_get_pending (t); }
static inline json_object   *mg_table_state_get_view (MgTableState *t, const char *seat) { return mg_table_get_view (t, seat); }
static inline json_object   *mg_table_state_get_shown_view (MgTableState *t, const char *seat) { return mg_table_get_shown_view (t, seat); }
static inline const char    *mg_table_state_get_seat (MgTableState *t) { return mg_table_get_seat (t); }
static inline json_object   *mg_table_state_get_seat_view (MgTableState *t) { return mg_table_get_seat_view (t); }
static inline json_object   *mg_table_state_view_of_state (MgTableState *t, const MgState *state, const char *seat)
{ return mg_table_view_of_state (t, state, seat); }
static inline void           mg_table_state_show_secrets (MgTableState *t, const char *seat) { mg_table_show_secrets (t, seat); }
static inline const char    *mg_table_state_get_secrets_seat (MgTableState *t) { return mg_table_get_secrets_seat (t); }
static inline gboolean       mg_table_state_secrets_shown (MgTableState *t, const char *seat) { return mg_table_secrets_shown (t, seat); }
static inline guint          mg_table_state_get_n_built (MgTableState *t, guint *n_views) { return mg_table_get_n_built (t, n_views); }

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-draft.h — edits not yet applied, kept on disk as they are made. */
#pragma once

#include <json-c/json.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* Where the draft of `kind` ("mecaknights-map") of campaign's edits is kept. g_free. */
char        *mg_draft_path    (MgCampaign *campaign, const char *kind);
/* Keeps `edit`, made from `base` (what the campaign held when the editing began). */
gboolean     mg_draft_save    (MgCampaign *campaign, const char *kind, json_object *base, json_object *edit,
                               GError **error);
/* The edit kept for this campaign and kind (new reference), NULL when there is none. *stale (when
 * not NULL) is set when it was made from another base than `base` (the campaign changed since,
 * elsewhere): still the referee's work, given back for them to check before they apply it. */
json_object *mg_draft_restore (MgCampaign *campaign, const char *kind, json_object *base, gboolean *stale);
/* Removes the draft: applied or reverted. */
void         mg_draft_discard (MgCampaign *campaign, const char *kind);

/* When a page keeps its draft: a little after the first of a run of edits (at low priority, so
 * typing stays instant), or at once (when the page goes). */
typedef void (*MgDraftKeep) (gpointer page);
typedef struct {
  guint       source;
  MgDraftKeep keep;
  gpointer    page;      /* a GtkWidget */
  gboolean    failing;   /* the last keep failed, and the referee was told */
} MgDraftTimer;

void         mg_draft_timer_init    (MgDraftTimer *timer, MgDraftKeep keep, gpointer page);
/* An edit: the draft is kept soon (once for a run of edits). */
void         mg_draft_timer_start   (MgDraftTimer *timer);
/* No longer due (kept, applied or reverted); TRUE if it was. */
gboolean     mg_draft_timer_stop    (MgDraftTimer *timer);
/* What mg_draft_save answered: the first failure of a run is told in a toast on the page (the
 * edits are not safe until applied, and why), not one at every edit; a success ends the run. */
void         mg_draft_timer_kept    (MgDraftTimer *timer, gboolean ok, const GError *error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-model.h — the journal as a lazy GListModel: rows are fetched a page at a time. */
#pragma once

#include <gio/gio.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_JOURNAL_ITEM (mg_journal_item_get_type ())
G_DECLARE_FINAL_TYPE (MgJournalItem, mg_journal_item, MG, JOURNAL_ITEM, GObject)

gint64      mg_journal_item_get_seq        (MgJournalItem *self);
int         mg_journal_item_get_turn       (MgJournalItem *self);
const char *mg_journal_item_get_actor      (MgJournalItem *self);
const char *mg_journal_item_get_summary    (MgJournalItem *self);
const char *mg_journal_item_get_dice       (MgJournalItem *self);   /* for display, "" if none */
gboolean    mg_journal_item_get_undone     (MgJournalItem *self);   /* notify::undone on change */
gboolean    mg_journal_item_get_turn_start (MgJournalItem *self);   /* first row of its turn */
/* A turn's first row: how the game names the turn ("Fight 1, turn 8"), or NULL for its number. */
const char *mg_journal_item_get_turn_title (MgJournalItem *self);
gboolean    mg_journal_item_get_titled     (MgJournalItem *self);   /* the game names its turns */
gint64      mg_journal_item_get_time       (MgJournalItem *self);

/* The dice column as a referee reads it: "d3: 1 2 2 3". */
char       *mg_journal_format_dice         (const char *dice_json, json_object *ruleset);

#define MG_TYPE_JOURNAL_MODEL (mg_journal_model_get_type ())
G_DECLARE_FINAL_TYPE (MgJournalModel, mg_journal_model, MG, JOURNAL_MODEL, GObject)

MgJournalModel *mg_journal_model_new          (MgCampaign *campaign);
/* How many rows have been fetched from the store so far (for the tests). */
guint           mg_journal_model_get_n_fetched (MgJournalModel *self);

G_END_DECLS

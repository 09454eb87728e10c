/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-row.h — one journal row: turn, actor, summary and its dice; undone rows greyed. */
#pragma once

#include <gtk/gtk.h>

#include "mg-journal-model.h"

G_BEGIN_DECLS

#define MG_TYPE_JOURNAL_ROW (mg_journal_row_get_type ())
G_DECLARE_FINAL_TYPE (MgJournalRow, mg_journal_row, MG, JOURNAL_ROW, GtkWidget)

GtkWidget *mg_journal_row_new      (void);
void       mg_journal_row_set_item (MgJournalRow *self, MgJournalItem *item);
MgJournalItem *mg_journal_row_get_item (MgJournalRow *self);   /* the step it shows, or NULL */

G_END_DECLS

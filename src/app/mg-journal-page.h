/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-page.h — the journal, turn by turn, with step-by-step replay. */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_JOURNAL_PAGE (mg_journal_page_get_type ())
G_DECLARE_FINAL_TYPE (MgJournalPage, mg_journal_page, MG, JOURNAL_PAGE, GtkWidget)

MgJournalPage *mg_journal_page_new (MgCampaign *campaign);

/* For the tests. */
GListModel    *mg_journal_page_get_model    (MgJournalPage *self);
void           mg_journal_page_select       (MgJournalPage *self, guint position);
const char    *mg_journal_page_get_replay_title (MgJournalPage *self);
gboolean       mg_journal_page_shows_end    (MgJournalPage *self);   /* the last row is in view */

G_END_DECLS

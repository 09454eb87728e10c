/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules-page.h — edits the campaign's own ruleset; refused edits change nothing. */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_RULES_PAGE (mg_rules_page_get_type ())
G_DECLARE_FINAL_TYPE (MgRulesPage, mg_rules_page, MG, RULES_PAGE, GtkWidget)

MgRulesPage *mg_rules_page_new       (MgCampaign *campaign);

/* For the tests. */
void         mg_rules_page_set_text  (MgRulesPage *self, const char *text);
char        *mg_rules_page_get_text  (MgRulesPage *self);
const char  *mg_rules_page_get_error (MgRulesPage *self);   /* NULL when none shown */
/* The form's spin button for the member `key` (the first found, depth first), or NULL. */
GtkSpinButton *mg_rules_page_find_spin (MgRulesPage *self, const char *key);

G_END_DECLS

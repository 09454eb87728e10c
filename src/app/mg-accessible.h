/* mg-accessible.h — what GTK 4.8 leaves unsaid to a screen reader, said for every window (issue 44). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Once, at startup: from then on, as any widget is shown (and every control of a window as the
 * window is shown),
 * - an icon-only button (GtkButton, GtkMenuButton) is named by its tooltip, which says what it
 *   does and follows it when it changes (GTK 4.8 reads such a button as "GtkImage"); a button
 *   that shows words is named by them, its tooltip its description;
 * - a mnemonic's underscore is not read, nor a label twice (GTK 4.8: "_Print… Print…");
 * - the button inside a GtkDropDown or GtkMenuButton, the one that takes the focus, is named by
 *   its drop-down (the name its template gives, else its tooltip, else the title of the row it
 *   stands in) (GTK 4.8 reads "GtkToggleButton");
 * - a spin button, switch, check button or entry standing in an AdwPreferencesRow without a
 *   name of its own is named by the row's title, and an entry row's text (of no role in
 *   libadwaita 1.2: silent as it takes the focus) becomes a text box named so;
 * - a GtkFlowBox's or GtkListBox's child around a control is not a Tab stop of its own: one Tab
 *   stop per control, and Enter goes to the control that has the focus. */
void mg_accessible_install (void);

/* Sets widget's accessible name (and remembers it was set, so the above leaves it alone). */
void mg_accessible_set_label (GtkWidget *widget, const char *label);

/* Tab and Shift+Tab leave `list` (a GtkListView, a board, a map) for the next or previous control
 * of the window, whatever row or square has the focus inside it: one Tab stop; the arrows move
 * inside it. */
void mg_accessible_one_tab_stop (GtkWidget *list);

G_END_DECLS

G_BEGIN_DECLS
/* After an action has changed `page` (mapped): when the focus was lost (its control hidden or
 * made insensitive) or is outside the page (the header's Undo, a page tab), it goes to `next`, the
 * referee's next step there (or the first control inside `next`). The focus a referee left on a
 * control of the page that is still there stays. */
void mg_accessible_keep_focus (GtkWidget *page, GtkWidget *next);

/* What an action resolved, said by a screen reader wherever the focus is: `alert` (a banner of
 * the alert role) is named `text` and shown anew, which AT-SPI tells as an alert's
 * "object:state-changed:showing" (GTK 4.8 has no announce call). Nothing when text is what it
 * said last (a page refreshed); NULL (the banner gone with the next step) lets the same words be
 * said again. */
void mg_accessible_announce (GtkWidget *alert, const char *text);
G_END_DECLS

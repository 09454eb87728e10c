/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-widget-util.h — small helpers shared by the app's widgets and the games' pages. */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* For a GtkWidget subclass with a template: unparents every child (bound or not) and clears
 * the template, so the widget finalizes cleanly. Call from dispose before chaining up. */
static inline void
mg_widget_dispose_children (GtkWidget *widget, GType type)
{
  GtkWidget *child;

  gtk_widget_dispose_template (widget, type);
  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}

/* Adds a stylesheet from the app's resources to the default display, once however often asked
 * (a game's pages call it when built, so the first frame of other games never parses it). */
void mg_widget_load_css        (const char *resource);

/* Removes every child of a GtkBox, GtkListBox or GtkFlowBox (gtk_list_box_remove_all is GTK 4.12). */
void mg_widget_remove_children (GtkWidget *container);

/* Issue 43: a box of lines of text (left-aligned, wrapping labels), changing only what changed:
 * the label at each place is kept and given its line (GtkLabel does nothing for the same text),
 * labels made only for places the box did not have, the ones past n_lines removed. A page that
 * removed its labels and made them again at every change paid for new widgets (their style,
 * their layout, their whole area drawn) where one line, or none, had changed. */
void mg_box_set_lines (GtkBox *box, const char * const *lines, guint n_lines);

/* The button's menu, built when first opened (by click, Enter or F10 for a primary button):
 * a GtkMenuButton given its menu-model builds the whole popover menu at once, before the
 * window's first frame. */
void mg_menu_button_defer_menu (GtkMenuButton *button,
                                GMenuModel    *model);

/* A GtkDropDown's list rows built when its list is first opened (until then the list has an
 * empty factory; then the drop-down's own, so the list looks and works as before). */
void mg_drop_down_defer_list (GtkDropDown *dropdown);

/* Whether a part of a scrolled page has come into view: its top above the bottom edge of what
 * its GtkScrolledWindow shows, measured in the scrolled content, so it holds while a scroll is
 * not laid out yet. FALSE when not mapped. Pages that build what lies below the fold only when
 * it is first seen ask it from their size_allocate and their vadjustment's value-changed. */
gboolean mg_widget_in_scrolled_view (GtkWidget *part);
/* Likewise its bottom edge: a list whose rows are made as they come into view grows while its
 * end shows. */
gboolean mg_widget_end_in_scrolled_view (GtkWidget *part);

/* A GtkListBox of a scrolled page whose rows are made as they come into view. A first frame that
 * shows a list's top shows one or two of its rows: the rest need not be made for it. */
typedef GtkWidget *(*MgRowMaker) (gpointer item);
/* The list's rows from now on: one made by make for each of items (kept, in order), all of them
 * at once, or none yet when wait (mg_list_box_grow_rows makes them). Any rows before go. */
void     mg_list_box_set_rows  (GtkListBox *list, GPtrArray *items, MgRowMaker make, gboolean wait);
/* Issue 43: the same, changing only what changed: once the rows before are all made, a row
 * whose item is `equal` to the one before at its place is kept as it is (its widgets, its
 * focus), the others made anew, rows added or removed at the end. Without rows made before, as
 * mg_list_box_set_rows. */
typedef gboolean (*MgRowEqual) (gconstpointer a, gconstpointer b);
void     mg_list_box_update_rows (GtkListBox *list, GPtrArray *items, MgRowMaker make, MgRowEqual equal,
                                  gboolean wait);
/* Changes `row` (made for `before`) in place to show `item`; FALSE if it cannot (then the row
 * is made again). */
typedef gboolean (*MgRowUpdate) (GtkWidget *row, gconstpointer before, gconstpointer item);
/* Issue 43: mg_list_box_update_rows, a row whose item differs changed in place by `update`
 * when it can, rather than made again. */
void     mg_list_box_update_rows_in_place (GtkListBox *list, GPtrArray *items, MgRowMaker make, MgRowEqual equal,
                                           MgRowUpdate update, gboolean wait);
/* How many rows the last mg_list_box_update_rows made (tests, bench). */
guint    mg_list_box_get_n_remade (GtkListBox *list);
/* Makes the rows up to the first n (all: G_MAXUINT) not made yet. */
void     mg_list_box_make_rows (GtkListBox *list, guint n);
/* From the page's size_allocate, once laid out: rows made two at a time while the list's end is
 * in view, `page` (the page's child, at the page's size) laid out again after each two; then the
 * rest at low priority, after the frame this layout is for is painted. So that frame shows every
 * row it would have shown, and the rows below it cost it nothing. */
void     mg_list_box_grow_rows (GtkListBox *list, GtkWidget *page, int width, int height, int baseline);

/* A scrolled window that scrolls only sideways (a wide table, a row of columns) inside a page
 * that scrolls down: GTK 4.8's scrolled window keeps every wheel event it could use on either
 * axis, so the page stopped scrolling while the pointer was over it. The plain wheel now goes to
 * the page; Shift+wheel, a tilt wheel and a touchpad's sideways swipe still scroll this one. */
void mg_scrolled_window_pass_vertical (GtkScrolledWindow *sideways);

/* A GtkFlowBox (4.8) wraps each control in a GtkFlowBoxChild slot that is a Tab stop of its own,
 * so Tab stopped twice at each control, once with a focus ring round the slot. This makes a slot
 * no stop of its own, as sensitive as its control and shown only with it: the flow box hands Tab
 * to its next sensitive, shown slot and keeps the key there when the control in it does not take
 * it, so a slot left round a disabled or hidden button held Tab there for good (and a hidden
 * control's slot kept its place in the line). Returns slot. */
GtkWidget *mg_flow_box_slot_follows_child (GtkWidget *slot);
/* The same for every slot box holds now. */
void       mg_flow_box_slots_follow_children (GtkFlowBox *box);

/* A Back button inside (a descendant of) an AdwLeaflet, shown only while the leaflet is folded. The leaflet folds
 * while it is being allocated, when nothing may change size: a `visible` bound to `folded` hid or
 * showed a widget mid-layout, which GTK then snapshot without an allocation ("Trying to snapshot
 * AdwGizmo without a current allocation"). So `widget` follows `folded` now and after each change
 * from an idle, once that layout is done. */
void mg_leaflet_show_when_folded (GtkWidget *leaflet,
                                  GtkWidget *widget);

/* Issue 43: gtk_widget_set_tooltip_text (GTK 4.8) asks the X server where the pointer is, a
 * round trip, each time it is called, even with the text the widget has: a page that sets its
 * tooltips on every change calls this, which sets one only when it differs ("" is none). */
void mg_widget_set_tooltip (GtkWidget  *widget,
                            const char *text);

/* The first GtkPopover inside a widget (a drop-down's or combo row's list), or NULL. */
GtkWidget *mg_widget_find_popover (GtkWidget *widget);

/* win.show-help-overlay (Ctrl+?): the keyboard shortcuts window of the widget's
 * GtkApplicationWindow, built and set as its help overlay when first asked for, then shown.
 * Install it on a window class with gtk_widget_class_install_action.  (Named gtk/help-overlay.ui,
 * GtkApplication would parse the whole window for every window it adds, before that window's
 * first frame.) */
void mg_widget_show_shortcuts  (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter);

/* A page that only notes that the campaign changed (its table state's "changed") while hidden,
 * and redraws when shown, so only the page in front is drawn; also before the first showing.
 * mg_widget_redraw_pending brings a hidden page up to date now (test handles). */
typedef void (*MgRedrawFunc) (gpointer page);
void mg_widget_redraw_when_shown (GtkWidget *page, MgCampaign *campaign, MgRedrawFunc redraw);
void mg_widget_redraw_pending    (GtkWidget *page);

/* Plays `action` (taken: it is released) in the campaign. A legal action's "template" is
 * dropped (the engine ignores it, the journal need not keep it); the dice typed at the table,
 * when `typed` is not NULL, go with it as its "dice". Returns the journal entry, or NULL with
 * the engine's reason when refused (nothing was written). */
MgJournalEntry *mg_widget_act        (MgCampaign  *campaign,
                                      json_object *action,
                                      GArray      *typed,
                                      GError     **error);
/* The same, with the refusal shown where the user looks, in a referee's words (mg_error_plain):
 * in `message` when not NULL (its room kept: emptied when the action is accepted), else in a
 * toast over `widget`. TRUE when accepted. */
gboolean        mg_widget_act_or_say (MgCampaign  *campaign,
                                      json_object *action,
                                      GtkLabel    *message,
                                      GtkWidget   *widget);

G_END_DECLS

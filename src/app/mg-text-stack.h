/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-text-stack.h — a vertical stack of labels whose width never depends on a height. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* MgTextStack: labels one above the other, as a vertical GtkBox (CSS name "box") stacks
 * them, with `spacing` px between. Unlike the box, its width never depends on a height: GTK
 * 4.8's box searches widths for that, laying each wrapping label out a dozen times, and once
 * more inside each step of its parent row's own search. Its height for a width is its labels'
 * heights at that width; a label alone fills it, on the baseline it is given, and gives its
 * own, so a row places it as the label itself. Used wherever wrapping text sits beside other
 * widgets in a row. */
#define MG_TYPE_TEXT_STACK (mg_text_stack_get_type ())
G_DECLARE_FINAL_TYPE (MgTextStack, mg_text_stack, MG, TEXT_STACK, GtkWidget)

/* A list row that reads as an AdwActionRow (the same nodes and style classes: row > box.header >
 * box.prefixes, box.title > label.title, label.subtitle, box.suffixes) but is cheap to lay out:
 * its title and subtitle sit in an MgTextStack and wrap at word or character, as the action
 * row's do, with a floor of MG_INFO_ROW_MIN_CHARS characters. (A wrapping label's minimum width
 * is otherwise measured one character a line, shaping the rest of the text again at each line:
 * ten TFT history rows cost 120M instructions that way.) Not activatable, like an action row
 * without an activatable widget; labelled by its title, described by its subtitle, which is
 * hidden when NULL or empty. `prefix` and `suffix` may be NULL. */
#define MG_INFO_ROW_MIN_CHARS 8
GtkWidget  *mg_info_row_new          (const char *title,
                                      const char *subtitle,
                                      GtkWidget  *prefix,
                                      GtkWidget  *suffix);
const char *mg_info_row_get_title    (GtkWidget *row);
const char *mg_info_row_get_subtitle (GtkWidget *row);
/* Gives a row of mg_info_row_new its title and subtitle in place (a subtitle NULL or empty is
 * hidden, as at its making). */
void        mg_info_row_set_texts    (GtkWidget *row, const char *title, const char *subtitle);

G_END_DECLS

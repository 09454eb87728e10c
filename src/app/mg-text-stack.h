/* mg-text-stack.h — a vertical stack of labels whose width never depends on a height. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* MgTextStack: labels one above the other, as a vertical GtkBox (CSS name "box") stacks
 * them, with `spacing` px between. Unlike the box, its width never depends on a height: GTK
 * 4.8's box searches widths for that, laying each wrapping label out a dozen times, and once
 * more inside each step of its parent row's own search. Its height for a width is its labels'
 * heights at that width. Used wherever wrapping text sits beside other widgets in a row. */
#define MG_TYPE_TEXT_STACK (mg_text_stack_get_type ())
G_DECLARE_FINAL_TYPE (MgTextStack, mg_text_stack, MG, TEXT_STACK, GtkWidget)

G_END_DECLS

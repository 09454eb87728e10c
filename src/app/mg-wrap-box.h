/* mg-wrap-box.h — children laid out in lines of equal columns, as many a line as the width allows. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MG_TYPE_WRAP_BOX (mg_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (MgWrapBox, mg_wrap_box, MG, WRAP_BOX, GtkWidget)

/* Unlike GtkFlowBox (GTK 4.8), it wraps no child in a slot of its own: Tab goes from one child's
 * controls to the next child's in order, and a child with no control takes no Tab stop. */
GtkWidget *mg_wrap_box_new    (void);
void       mg_wrap_box_append (MgWrapBox *self, GtkWidget *child);

G_END_DECLS

/* mg-widget-util.h — small helpers shared by the app's composite widgets. */
#pragma once

#include <gtk/gtk.h>

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

G_END_DECLS

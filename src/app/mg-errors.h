/* mg-errors.h — errors told in words a referee can act on. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Heading and body for a campaign that could not be opened or created. */
void  mg_error_describe_open (const char   *path,
                              const GError *error,
                              char        **heading,
                              char        **body);

/* A modal AdwMessageDialog with one Close button; parent may be NULL. */
GtkWidget *mg_error_show     (GtkWindow  *parent,
                              const char *heading,
                              const char *body);

G_END_DECLS

G_BEGIN_DECLS

/* A toast on the window's AdwToastOverlay that holds widget; kept for the tests to read. */
AdwToast   *mg_toast_show    (GtkWidget  *widget,
                              const char *title);
const char *mg_toast_last    (GtkWidget  *widget);

G_END_DECLS

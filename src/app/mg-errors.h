/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-errors.h — errors told in words a referee can act on. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Heading and body for a campaign that could not be opened or created. */
void  mg_error_describe_open (const char   *path,
                              const GError *error,
                              char        **heading,
                              char        **body);

/* An engine's or a ruleset's error in words a referee reads, without JSON paths, chosen by its
 * code and fields (mg_rules_error_get_field), so in every language: the field
 * "$.map.lands[12].name" found empty → "Name (in map › lands 13) is empty: fill it in." Any
 * other error: its message. The CLI and the docs keep the paths; the app shows this. g_free. */
char *mg_error_plain          (const GError *error);

/* Forms show a field's problem only once the user has touched it (typed in it, or left it):
 * track the field once, then ask. */
void     mg_error_track_touched (GtkWidget *field);
gboolean mg_error_touched       (GtkWidget *field);

/* A modal AdwMessageDialog with one Close button; parent may be NULL. */
GtkWidget *mg_error_show     (GtkWindow  *parent,
                              const char *heading,
                              const char *body);

G_END_DECLS

G_BEGIN_DECLS

/* A toast on the AdwToastOverlay that holds widget, else on the one its window's content is or
 * holds; kept for the tests to read. */
void        mg_toast_show    (GtkWidget  *widget,
                              const char *title);
/* The same for a toast made whole first (button, action): takes it (transfer full). A toast
 * is never changed once the overlay has it, as libadwaita 1.2 may be showing or dropping it (but
 * by mg_toast_retitle). It goes after 4 s, unless its timeout was set to 0: then when dismissed. */
void        mg_toast_add     (GtkWidget  *widget,
                              AdwToast   *toast);
/* Gives a toast that is shown a new title (mg_toast_last says it). */
void        mg_toast_retitle (GtkWidget *widget, AdwToast *toast, const char *title);
const char *mg_toast_last    (GtkWidget  *widget);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-settings.h — GSettings that also work uninstalled, and the recent-campaigns list. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The app's settings, or NULL when no schema can be found (the app then keeps nothing). */
GSettings  *mg_settings_new           (void);

/* Recent campaigns, newest first; NULL-safe on settings. */
char      **mg_recent_list            (GSettings *settings);
void        mg_recent_add             (GSettings *settings, const char *path);
void        mg_recent_remove          (GSettings *settings, const char *path);

G_END_DECLS

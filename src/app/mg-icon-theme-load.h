/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-icon-theme-load.h — the icon theme loaded in a thread at startup, header-only so that the
 * baselines of bench (a) start as the app does (bench/bench-first-frame.h).
 *
 * GTK 4.8 starts loading the icon theme in a thread when the display opens, but the icon resource
 * paths that GtkApplication and libadwaita add at startup throw that load away, and the main thread
 * then loads the theme again at the first icon it draws: 64 M instructions, at every start (strace:
 * each theme's index.theme read by a thread, then by the main thread). Called once the application's
 * startup has run, this loads it again in a thread, as GTK's own load_theme_thread does (the theme's
 * lock held; GTK's icon theme may be looked up from any thread once set up on the main one), beside
 * the building of the first window (docs/performance.md). */
#pragma once

#include <gtk/gtk.h>

static void
mg_icon_theme_load_thread (GTask *task, gpointer theme, gpointer data, GCancellable *cancellable)
{
  gtk_icon_theme_has_icon (GTK_ICON_THEME (theme), "image-missing");
  g_task_return_boolean (task, TRUE);
}

static inline void
mg_icon_theme_load_in_thread (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  GTask *task;

  if (display == NULL)
    return;
  task = g_task_new (gtk_icon_theme_get_for_display (display), NULL, NULL, NULL);
  g_task_run_in_thread (task, mg_icon_theme_load_thread);
  g_object_unref (task);
}

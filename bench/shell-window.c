/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shell-window.c — a second baseline for bench (a): the bare AdwApplicationWindow of
 * bare-window.c plus the standard GNOME chrome of Melee GM's campaign window, built by libadwaita
 * alone (no Melee GM code, no campaign, empty pages): a header bar with a view switcher over
 * three pages, undo and redo (redo disabled, as in a new window), export and the main menu.
 * It prints "first-frame" when its first frame is painted, then quits.  What it costs over the
 * bare window is what the toolkit's own chrome costs on the machine, before any content. */
#include <adwaita.h>

#include "bench-first-frame.h"

static GtkWidget *
icon_button (const char *icon, gboolean sensitive)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_sensitive (button, sensitive);
  return button;
}

static void
activate (GApplication *app)
{
  static const struct { const char *name, *title, *icon; } pages[] = {
    { "battle", "Battle", "applications-games-symbolic" },
    { "journal", "Journal", "view-list-bullet-symbolic" },
    { "rules", "Rules", "document-properties-symbolic" },
  };
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *stack = adw_view_stack_new ();
  GtkWidget *switcher = adw_view_switcher_title_new ();
  GtkWidget *history = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *menu = gtk_menu_button_new ();
  g_autoptr(GMenu) menu_model = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    adw_view_stack_page_set_icon_name (adw_view_stack_add_titled (ADW_VIEW_STACK (stack), adw_bin_new (),
                                                                  pages[i].name, pages[i].title),
                                       pages[i].icon);
  adw_view_switcher_title_set_stack (ADW_VIEW_SWITCHER_TITLE (switcher), ADW_VIEW_STACK (stack));
  adw_view_switcher_title_set_title (ADW_VIEW_SWITCHER_TITLE (switcher), "Bench");
  adw_view_switcher_title_set_subtitle (ADW_VIEW_SWITCHER_TITLE (switcher), "Meeple Melee");
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), switcher);
  adw_header_bar_set_centering_policy (ADW_HEADER_BAR (header), ADW_CENTERING_POLICY_STRICT);

  gtk_widget_add_css_class (history, "linked");
  gtk_box_append (GTK_BOX (history), icon_button ("edit-undo-symbolic", TRUE));
  gtk_box_append (GTK_BOX (history), icon_button ("edit-redo-symbolic", FALSE));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), history);
  g_menu_append (menu_model, "About", "app.about");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu), G_MENU_MODEL (menu_model));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "open-menu-symbolic");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), menu);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), icon_button ("document-send-symbolic", TRUE));

  gtk_widget_set_vexpand (stack, TRUE);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), stack);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);  /* as bare-window.c */
  bench_watch_first_frame (window, app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (AdwApplication) app =
    adw_application_new ("io.github.meleegm.BenchShell", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "startup", G_CALLBACK (bench_startup), NULL);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}

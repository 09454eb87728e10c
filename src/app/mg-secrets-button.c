/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-secrets-button.c — the control that shows one seat's secrets, worded for what it will do. */
#include "config.h"
#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-secrets-button.h"

typedef struct
{
  MgTableState *table;
  char         *seat;
  char         *show_format;
  char         *hide_format;
  gboolean      syncing;
} SecretsButton;

static void
secrets_button_free (gpointer data)
{
  SecretsButton *sb = data;

  g_clear_object (&sb->table);
  g_free (sb->seat);
  g_free (sb->show_format);
  g_free (sb->hide_format);
  g_free (sb);
}

static void
sync_button (GtkToggleButton *button)
{
  SecretsButton *sb = g_object_get_data (G_OBJECT (button), "mg-secrets");
  gboolean shown = mg_table_state_secrets_shown (sb->table, sb->seat);
  g_autofree char *label = g_strdup_printf (shown ? sb->hide_format : sb->show_format, sb->seat);

  sb->syncing = TRUE;
  gtk_toggle_button_set_active (button, shown);
  sb->syncing = FALSE;
  adw_button_content_set_label (ADW_BUTTON_CONTENT (gtk_button_get_child (GTK_BUTTON (button))), label);
  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (gtk_button_get_child (GTK_BUTTON (button))),
                                    shown ? "view-conceal-symbolic" : "view-reveal-symbolic");
  mg_widget_set_tooltip (GTK_WIDGET (button),
                               shown ? _("Hide them before the other players look again")
                                     : _("Only while the other players look away; hidden again when the game moves on"));
}

static void
button_toggled (GtkToggleButton *button)
{
  SecretsButton *sb = g_object_get_data (G_OBJECT (button), "mg-secrets");

  if (sb->syncing)
    return;
  /* Showing this seat hides any other: the table state holds one seat at a time. */
  mg_table_state_show_secrets (sb->table, gtk_toggle_button_get_active (button) ? sb->seat : NULL);
  sync_button (button);
}

GtkWidget *
mg_secrets_button_new (MgTableState *table, const char *seat, const char *show_format, const char *hide_format)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *content = adw_button_content_new ();
  SecretsButton *sb = g_new0 (SecretsButton, 1);

  g_return_val_if_fail (MG_IS_TABLE_STATE (table), button);
  sb->table = g_object_ref (table);
  sb->seat = g_strdup (seat);
  sb->show_format = g_strdup (show_format);
  sb->hide_format = g_strdup (hide_format);
  g_object_set_data_full (G_OBJECT (button), "mg-secrets", sb, secrets_button_free);
  adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_add_css_class (button, "secrets-button");
  g_signal_connect (button, "toggled", G_CALLBACK (button_toggled), NULL);
  g_signal_connect_object (table, "changed", G_CALLBACK (sync_button), button, G_CONNECT_SWAPPED);
  sync_button (GTK_TOGGLE_BUTTON (button));
  return button;
}

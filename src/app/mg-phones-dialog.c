/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-phones-dialog.c — the referee's switch for the table server (src/server/), with the table's
 * join code, the phones asking for a seat (Let In / Refuse) and each seat's phone (MgSeatLinks). */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-phones-dialog.h"
#include "mg-seat-links.h"
#include "mg-table-server.h"
#include "mg-table-tls.h"

struct _MgPhonesDialog
{
  AdwWindow      parent_instance;

  MgCampaign    *campaign;   /* borrowed: the campaign window keeps it and this dialog */
  MgTableServer *server;
  gboolean       syncing;

  GtkBox        *content_box;
  GtkSwitch     *serve_switch;
  GtkSwitch     *tls_switch;
  GtkLabel      *note_label;
  GtkLabel      *fingerprint_label;
  GtkLabel      *error_label;
  GtkWidget     *links;
};

G_DEFINE_FINAL_TYPE (MgPhonesDialog, mg_phones_dialog, ADW_TYPE_WINDOW)

static void
sync_switch (MgPhonesDialog *self)
{
  GTlsCertificate *tls = mg_table_server_get_tls (self->server);

  self->syncing = TRUE;
  gtk_switch_set_active (self->serve_switch, mg_table_server_is_running (self->server));
  gtk_switch_set_active (self->tls_switch, tls != NULL);
  self->syncing = FALSE;
  gtk_label_set_text (self->note_label,
                      tls != NULL ? _("HTTPS: what passes between the phones and this computer is encrypted. A phone that "
                                      "shows another fingerprint is not talking to this computer: do not go on.")
                                  : _("Plain HTTP: anyone on this network who records its traffic can read the pages and "
                                      "the links. Use it on a network you trust; turn it off after the game."));
  gtk_widget_set_visible (GTK_WIDGET (self->fingerprint_label), tls != NULL);
  if (tls != NULL)
    {
      g_autofree char *fingerprint = mg_table_tls_fingerprint (tls);
      g_autofree char *text = g_strdup_printf (_("Certificate fingerprint (SHA-256): %s"), fingerprint);
      gtk_label_set_text (self->fingerprint_label, text);
    }
}

static void
show_error (MgPhonesDialog *self, const char *format, const GError *error)
{
  g_autofree char *text = g_strdup_printf (format, error->message);

  gtk_label_set_text (self->error_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

/* HTTPS on or off; a running server starts again at once on a new port (the codes change). */
static void
tls_toggled (MgPhonesDialog *self)
{
  g_autoptr(GError) error = NULL;
  GTlsCertificate *tls = NULL;

  if (self->syncing)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  if (gtk_switch_get_active (self->tls_switch)
      && (tls = mg_table_tls_for_campaign (self->campaign, &error)) == NULL)
    show_error (self, _("HTTPS could not be set up: %s"), error);
  else
    mg_table_server_set_tls (self->server, tls);
  sync_switch (self);
}

/* Every interface, so phones on the local network reach it; MG_TABLE_SERVER_ADDRESS narrows it
 * (the tests set 127.0.0.1).  NULL for every interface. */
static GInetAddress *
listen_address (void)
{
  static GInetAddress *address;
  const char *text = g_getenv ("MG_TABLE_SERVER_ADDRESS");

  if (address == NULL && text != NULL && text[0] != '\0')
    address = g_inet_address_new_from_string (text);
  return address;
}

static void
switch_toggled (MgPhonesDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->syncing)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  if (!gtk_switch_get_active (self->serve_switch))
    mg_table_server_stop (self->server);   /* the port closes now, every phone is cut off */
  else if (!mg_table_server_start (self->server, listen_address (), 0, &error))
    show_error (self, _("The server could not start: %s"), error);
  sync_switch (self);
}

static void
forget (MgPhonesDialog *self, MgCampaign *campaign)
{
  if (g_object_get_data (G_OBJECT (campaign), "mg-phones-dialog") == self)
    g_object_set_data (G_OBJECT (campaign), "mg-phones-dialog", NULL);
}

GtkSwitch *
mg_phones_dialog_get_switch (MgPhonesDialog *self)
{
  g_return_val_if_fail (MG_IS_PHONES_DIALOG (self), NULL);
  return self->serve_switch;
}

GtkSwitch *
mg_phones_dialog_get_tls_switch (MgPhonesDialog *self)
{
  g_return_val_if_fail (MG_IS_PHONES_DIALOG (self), NULL);
  return self->tls_switch;
}

GtkWidget *
mg_phones_dialog_get_links (MgPhonesDialog *self)
{
  g_return_val_if_fail (MG_IS_PHONES_DIALOG (self), NULL);
  return self->links;
}

static void
mg_phones_dialog_dispose (GObject *object)
{
  MgPhonesDialog *self = MG_PHONES_DIALOG (object);

  g_clear_object (&self->server);
  gtk_widget_dispose_template (GTK_WIDGET (self), MG_TYPE_PHONES_DIALOG);
  G_OBJECT_CLASS (mg_phones_dialog_parent_class)->dispose (object);
}

static void
mg_phones_dialog_class_init (MgPhonesDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_phones_dialog_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-phones-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MgPhonesDialog, content_box);
  gtk_widget_class_bind_template_child (widget_class, MgPhonesDialog, serve_switch);
  gtk_widget_class_bind_template_child (widget_class, MgPhonesDialog, tls_switch);
  gtk_widget_class_bind_template_child (widget_class, MgPhonesDialog, note_label);
  gtk_widget_class_bind_template_child (widget_class, MgPhonesDialog, fingerprint_label);
  gtk_widget_class_bind_template_child (widget_class, MgPhonesDialog, error_label);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mg_phones_dialog_init (MgPhonesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MgPhonesDialog *
mg_phones_dialog_new (GtkWindow *parent, MgCampaign *campaign)
{
  MgPhonesDialog *self = g_object_get_data (G_OBJECT (campaign), "mg-phones-dialog");

  /* One dialog per campaign: asking again brings it back. */
  if (self != NULL)
    return self;
  self = g_object_new (MG_TYPE_PHONES_DIALOG, "transient-for", parent, NULL);
  g_object_set_data (G_OBJECT (campaign), "mg-phones-dialog", self);
  g_signal_connect_object (self, "destroy", G_CALLBACK (forget), campaign, 0);

  self->campaign = campaign;
  self->server = g_object_ref (mg_table_server_for_campaign (campaign));
  self->links = mg_seat_links_new (campaign, MG_SEAT_LINKS_CONTROLS);
  gtk_box_append (self->content_box, self->links);
  sync_switch (self);
  g_signal_connect_object (self->server, "changed", G_CALLBACK (sync_switch), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->serve_switch, "notify::active", G_CALLBACK (switch_toggled), self);
  g_signal_connect_swapped (self->tls_switch, "notify::active", G_CALLBACK (tls_toggled), self);
  return self;
}

/* mg-seat-links.c — QR codes and short addresses of each seat's phone page, and (for the
 * referee) who has entered a secret — never what — and a "New link" button that revokes. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <qrencode.h>
#include <glib/gi18n.h>

#include "mg-seat-links.h"
#include "mg-table-server.h"
#include "mg-table-state.h"
#include "mg-table-tokens.h"
#include "mg-ui-json.h"

#define QUIET_ZONE 4

struct _MgSeatLinks
{
  GtkBox            parent_instance;
  MgCampaign       *campaign;     /* borrowed: the window keeps it */
  MgTableServer    *server;
  MgTableState     *table;
  MgSeatLinksFlags  flags;
  GtkWidget        *flow;
  GString          *text;
};

G_DEFINE_FINAL_TYPE (MgSeatLinks, mg_seat_links, GTK_TYPE_BOX)

GdkTexture *
mg_seat_links_qr_texture (const char *text, guint module_px, GError **error)
{
  QRcode *qr = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  g_autoptr(GBytes) bytes = NULL;
  guint8 *rgb;
  gsize side, stride;

  if (qr == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The address does not fit in a QR code: %s"), g_strerror (errno));
      return NULL;
    }
  module_px = CLAMP (module_px, 1, 32);
  side = (gsize) (qr->width + 2 * QUIET_ZONE) * module_px;
  stride = side * 3;
  rgb = g_malloc (stride * side);
  memset (rgb, 0xff, stride * side);
  for (int y = 0; y < qr->width; y++)
    for (int x = 0; x < qr->width; x++)
      if (qr->data[y * qr->width + x] & 1)
        for (guint dy = 0; dy < module_px; dy++)
          memset (rgb + ((y + QUIET_ZONE) * module_px + dy) * stride + (x + QUIET_ZONE) * module_px * 3,
                  0, module_px * 3);
  QRcode_free (qr);
  bytes = g_bytes_new_take (rgb, stride * side);
  return gdk_memory_texture_new ((int) side, (int) side, GDK_MEMORY_R8G8B8, bytes, stride);
}

/* Who has entered a secret, from pending() alone: never what they entered. */
static const char *
seat_status (MgSeatLinks *self, const char *seat)
{
  json_object *pending = mg_table_state_get_pending (self->table);
  json_object *entered = mg_ui_json_array (pending, "entered");
  json_object *waiting = mg_ui_json_array (pending, "waiting");

  for (gsize i = 0; i < mg_ui_json_len (entered); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (entered, i)), seat) == 0)
      return _("Has entered their secret");
  for (gsize i = 0; i < mg_ui_json_len (waiting); i++)
    {
      json_object *w = json_object_array_get_idx (waiting, i);
      if (g_strcmp0 (mg_ui_json_str (w, "seat"), seat) == 0)
        return _("Their turn to enter or play");
    }
  return _("Nothing to enter now");
}

static void
new_link_clicked (GtkButton *button, MgSeatLinks *self)
{
  const char *seat = g_object_get_data (G_OBJECT (button), "mg-seat");
  g_autoptr(GError) error = NULL;

  /* The old link stops working at once; its open pages are closed by the server. */
  if (!mg_table_tokens_reissue (mg_table_tokens_for_campaign (self->campaign), seat, &error))
    g_warning ("%s", error->message);
}

static GtkWidget *
seat_card (MgSeatLinks *self, const char *seat, const char *title)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *url = mg_table_server_seat_url (self->server, NULL, seat, &error);
  g_autoptr(GdkTexture) qr = url != NULL ? mg_seat_links_qr_texture (url, 5, &error) : NULL;
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *name = gtk_label_new (title);
  GtkWidget *address = gtk_label_new (url != NULL ? url : (error ? error->message : ""));

  gtk_widget_add_css_class (frame, "card");
  gtk_widget_add_css_class (frame, "seat-link");
  gtk_widget_set_margin_top (card, 12);
  gtk_widget_set_margin_bottom (card, 12);
  gtk_widget_set_margin_start (card, 12);
  gtk_widget_set_margin_end (card, 12);
  gtk_box_append (GTK_BOX (frame), card);
  gtk_widget_add_css_class (name, "heading");
  gtk_box_append (GTK_BOX (card), name);
  if (qr != NULL)
    {
      GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (qr));
      g_autofree char *label = g_strdup_printf (_("QR code of %s’s page"), title);
      gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_box_append (GTK_BOX (card), picture);
    }
  gtk_label_set_selectable (GTK_LABEL (address), (self->flags & MG_SEAT_LINKS_CONTROLS) != 0);
  gtk_label_set_wrap (GTK_LABEL (address), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (address), PANGO_WRAP_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (address), 30);
  gtk_widget_add_css_class (address, "monospace");
  gtk_widget_add_css_class (address, "caption");
  gtk_box_append (GTK_BOX (card), address);
  if (url != NULL)
    g_string_append_printf (self->text, "%s %s\n", title, url);
  if ((self->flags & MG_SEAT_LINKS_CONTROLS) && g_strcmp0 (seat, MG_SEAT_PUBLIC) != 0)
    {
      GtkWidget *status = gtk_label_new (seat_status (self, seat));
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_New Link"));
      gtk_widget_add_css_class (status, "dim-label");
      gtk_widget_set_tooltip_text (button, _("For a lost phone: the old link stops working at once"));
      g_object_set_data_full (G_OBJECT (button), "mg-seat", g_strdup (seat), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (new_link_clicked), self);
      gtk_box_append (GTK_BOX (card), status);
      gtk_box_append (GTK_BOX (card), button);
    }
  return frame;
}

static void
rebuild (MgSeatLinks *self)
{
  const char * const *players = mg_campaign_get_players (self->campaign);
  gboolean running = mg_table_server_is_running (self->server);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->flow), child);
  g_string_truncate (self->text, 0);
  gtk_widget_set_visible (GTK_WIDGET (self), running);
  if (!running)
    return;
  for (guint i = 0; players[i] != NULL; i++)
    gtk_flow_box_append (GTK_FLOW_BOX (self->flow), seat_card (self, players[i], players[i]));
  if (self->flags & MG_SEAT_LINKS_CONTROLS)
    gtk_flow_box_append (GTK_FLOW_BOX (self->flow), seat_card (self, MG_SEAT_PUBLIC, _("Public view")));
}

char *
mg_seat_links_get_text (MgSeatLinks *self)
{
  g_return_val_if_fail (MG_IS_SEAT_LINKS (self), NULL);
  return g_strdup (self->text->str);
}

static void
mg_seat_links_dispose (GObject *object)
{
  MgSeatLinks *self = MG_SEAT_LINKS (object);

  g_clear_object (&self->server);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (mg_seat_links_parent_class)->dispose (object);
}

static void
mg_seat_links_finalize (GObject *object)
{
  g_string_free (MG_SEAT_LINKS (object)->text, TRUE);
  G_OBJECT_CLASS (mg_seat_links_parent_class)->finalize (object);
}

static void
mg_seat_links_class_init (MgSeatLinksClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mg_seat_links_dispose;
  G_OBJECT_CLASS (klass)->finalize = mg_seat_links_finalize;
}

static void
mg_seat_links_init (MgSeatLinks *self)
{
  self->text = g_string_new (NULL);
  self->flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (self->flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (self->flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (self->flow), 5);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (self->flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (self->flow), 12);
  gtk_widget_set_hexpand (self->flow, TRUE);
  gtk_box_append (GTK_BOX (self), self->flow);
}

GtkWidget *
mg_seat_links_new (MgCampaign *campaign, MgSeatLinksFlags flags)
{
  MgSeatLinks *self = g_object_new (MG_TYPE_SEAT_LINKS, "orientation", GTK_ORIENTATION_VERTICAL, NULL);

  self->campaign = campaign;
  self->flags = flags;
  self->server = g_object_ref (mg_table_server_for_campaign (campaign));
  self->table = g_object_ref (mg_table_state_for_campaign (campaign));
  g_signal_connect_object (self->server, "changed", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  if (flags & MG_SEAT_LINKS_CONTROLS)
    g_signal_connect_object (self->table, "changed", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  rebuild (self);
  return GTK_WIDGET (self);
}

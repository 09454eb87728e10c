/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-seat-links.c — on the referee's window only: the table's join code, the phones asking for a
 * seat (Let In / Refuse, with the code each phone shows), and each seat's phone and whether it
 * has entered its secret — never what — with Cut Off for a lost phone. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <qrencode.h>
#include <glib/gi18n.h>
#include <adwaita.h>

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
  GtkWidget        *join;       /* the table's page: its code and address */
  GtkWidget        *requests;   /* phones waiting for the referee */
  GtkWidget        *seats;      /* each seat's phone and secret, never the secret itself */
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

static MgTableTokens *
tokens (MgSeatLinks *self)
{
  return mg_table_tokens_for_campaign (self->campaign);
}

static void
let_in_clicked (GtkButton *button, MgSeatLinks *self)
{
  /* The phone's own token becomes the seat's; a phone that held the seat is cut off. */
  mg_table_tokens_confirm (tokens (self), g_object_get_data (G_OBJECT (button), "mg-claim"));
}

static void
refuse_clicked (GtkButton *button, MgSeatLinks *self)
{
  mg_table_tokens_refuse (tokens (self), g_object_get_data (G_OBJECT (button), "mg-claim"));
}

static void
cut_off_clicked (GtkButton *button, MgSeatLinks *self)
{
  /* The seat is free again: its phone's page stops at once, another phone may ask for it. */
  mg_table_tokens_release (tokens (self), g_object_get_data (G_OBJECT (button), "mg-seat"));
}

static GtkWidget *
row_button (const char *mnemonic, const char *tooltip, const char *key, const char *value,
            GCallback callback, MgSeatLinks *self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data_full (G_OBJECT (button), key, g_strdup (value), g_free);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

/* The table's page: one code for everyone, not any seat's; it opens the public view only. */
static GtkWidget *
join_card (MgSeatLinks *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *url = mg_table_server_seat_url (self->server, NULL, MG_SEAT_PUBLIC, &error);
  g_autoptr(GdkTexture) qr = url != NULL ? mg_seat_links_qr_texture (url, 5, &error) : NULL;
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *name = gtk_label_new (_("The Table’s Page"));
  GtkWidget *address = gtk_label_new (url != NULL ? url : (error ? error->message : ""));
  GtkWidget *help = gtk_label_new (_("Players scan this code or type the address, then choose their seat on "
                                     "their phone. Each phone asking for a seat appears below with the code it "
                                     "shows: let it in once the code matches. Until then it sees only the public view."));

  gtk_widget_add_css_class (card, "seat-link");
  gtk_widget_add_css_class (name, "heading");
  gtk_box_append (GTK_BOX (card), name);
  if (qr != NULL)
    {
      GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (qr));
      gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("QR code of the table’s page"), -1);
      gtk_box_append (GTK_BOX (card), picture);
    }
  gtk_label_set_selectable (GTK_LABEL (address), TRUE);
  gtk_label_set_wrap (GTK_LABEL (address), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (address), PANGO_WRAP_CHAR);
  gtk_widget_add_css_class (address, "monospace");
  gtk_box_append (GTK_BOX (card), address);
  gtk_label_set_wrap (GTK_LABEL (help), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (help), 60);
  gtk_widget_add_css_class (help, "dim-label");
  gtk_box_append (GTK_BOX (card), help);
  if (url != NULL)
    g_string_append_printf (self->text, "Join %s\n", url);
  return card;
}

/* Each phone waiting for the referee: the seat it asks for, the code it shows, Let In, Refuse. */
static void
add_requests (MgSeatLinks *self)
{
  GPtrArray *claims = mg_table_tokens_get_claims (tokens (self));

  for (guint i = 0; i < claims->len; i++)
    {
      const MgTableClaim *claim = claims->pdata[i];
      gboolean held = mg_table_tokens_peek (tokens (self), claim->seat) != NULL;
      g_autofree char *title = g_strdup_printf (_("A phone asks for %s’s seat — its code: %s"), claim->seat, claim->code);
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   held ? _("Letting it in cuts off the phone that has this seat now")
                                        : _("Let it in if the phone shows this code"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 row_button (_("_Refuse"), _("This phone is told no"), "mg-claim", claim->token,
                                             G_CALLBACK (refuse_clicked), self));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 row_button (_("_Let In"), _("This phone plays this seat from now on"), "mg-claim",
                                             claim->token, G_CALLBACK (let_in_clicked), self));
      gtk_list_box_append (GTK_LIST_BOX (self->requests), row);
      g_string_append_printf (self->text, "Request %s %s\n", claim->seat, claim->code);
    }
  gtk_widget_set_visible (self->requests, claims->len > 0);
}

/* Each seat: whether a phone has it, whether it has entered its secret (never what), Cut Off. */
static void
add_seats (MgSeatLinks *self)
{
  const char * const *players = mg_campaign_get_players (self->campaign);

  for (guint i = 0; players[i] != NULL; i++)
    {
      gboolean held = mg_table_tokens_peek (tokens (self), players[i]) != NULL;
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", held ? _("A phone plays this seat") : _("No phone yet"),
                                                   seat_status (self, players[i]));
      GtkWidget *row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), players[i]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      if (held)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   row_button (_("_Cut Off"), _("For a lost phone: its page stops at once and the seat is free"),
                                               "mg-seat", players[i], G_CALLBACK (cut_off_clicked), self));
      gtk_list_box_append (GTK_LIST_BOX (self->seats), row);
      g_string_append_printf (self->text, "Seat %s %s\n", players[i], held ? "held" : "free");
    }
}

static void
clear_list (GtkWidget *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (list), child);
}

static void
rebuild (MgSeatLinks *self)
{
  gboolean running = mg_table_server_is_running (self->server);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->join)) != NULL)
    gtk_box_remove (GTK_BOX (self->join), child);
  clear_list (self->requests);
  clear_list (self->seats);
  g_string_truncate (self->text, 0);
  gtk_widget_set_visible (GTK_WIDGET (self), running);
  if (!running)
    return;
  gtk_box_append (GTK_BOX (self->join), join_card (self));
  add_requests (self);
  add_seats (self);
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

static GtkWidget *
boxed_list (MgSeatLinks *self, const char *name)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_box_append (GTK_BOX (self), list);
  return list;
}

static void
mg_seat_links_init (MgSeatLinks *self)
{
  self->text = g_string_new (NULL);
  gtk_box_set_spacing (GTK_BOX (self), 12);
  self->join = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (self), self->join);
  self->requests = boxed_list (self, _("Phones asking for a seat"));
  self->seats = boxed_list (self, _("Seats"));
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
  g_signal_connect_object (self->table, "changed", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (tokens (self), "claims-changed", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (tokens (self), "reissued", G_CALLBACK (rebuild), self, G_CONNECT_SWAPPED);
  rebuild (self);
  return GTK_WIDGET (self);
}

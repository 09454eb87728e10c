/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-seat-links.h — the referee's side of phones joining: the table's code, requests, seats. */
#pragma once

#include <gtk/gtk.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

typedef enum {
  MG_SEAT_LINKS_CONTROLS = 1 << 0,  /* the referee's dialog (the only place it is shown) */
} MgSeatLinksFlags;

#define MG_TYPE_SEAT_LINKS (mg_seat_links_get_type ())
G_DECLARE_FINAL_TYPE (MgSeatLinks, mg_seat_links, MG, SEAT_LINKS, GtkBox)

/* The joining of mg_table_server_for_campaign (campaign), for the referee's window only (no
 * seat's link is ever shown: a phone asks, the referee lets it in); hidden while it is off. */
GtkWidget  *mg_seat_links_new        (MgCampaign *campaign, MgSeatLinksFlags flags);
/* A QR code of `text` (libqrencode, level M, 4-module quiet zone), `module_px` pixels a module.
 * NULL with an error when the text does not fit in a QR code. */
GdkTexture *mg_seat_links_qr_texture (const char *text, guint module_px, GError **error);
/* What is shown now, one a line ("Join URL", "Request SEAT CODE", "Seat SEAT held|free"; for
 * tests). g_free. */
char       *mg_seat_links_get_text   (MgSeatLinks *self);

G_END_DECLS

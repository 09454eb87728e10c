/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-phones-dialog.h — "Players' Phones…": turns the table server on and off, shows each seat's code. */
#pragma once

#include <adwaita.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

#define MG_TYPE_PHONES_DIALOG (mg_phones_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MgPhonesDialog, mg_phones_dialog, MG, PHONES_DIALOG, AdwWindow)

/* The campaign's dialog: a new one, or the one already open (owned by GTK as a toplevel). */
MgPhonesDialog *mg_phones_dialog_new         (GtkWindow *parent, MgCampaign *campaign);
/* The switch, for tests: on starts the server on every interface, off closes the port at once. */
GtkSwitch      *mg_phones_dialog_get_switch  (MgPhonesDialog *self);
/* HTTPS with the campaign's self-signed certificate (mg-table-tls.h); its fingerprint is shown. */
GtkSwitch      *mg_phones_dialog_get_tls_switch (MgPhonesDialog *self);
GtkWidget      *mg_phones_dialog_get_links   (MgPhonesDialog *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-tls.h — the table server's self-signed certificate: one per campaign, in memory only. */
#pragma once

#include <gio/gio.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* A new self-signed certificate and key (ECDSA P-256, SHA-256, a year from now) for the given
 * IPv4/IPv6 addresses (NULL-terminated; 127.0.0.1 is always added), made with GnuTLS. */
GTlsCertificate *mg_table_tls_new              (const char * const *addresses, GError **error);
/* This campaign's certificate (borrowed; made on first ask for this machine's LAN address and
 * 127.0.0.1, kept as long as the campaign is open, like the seats' tokens). */
GTlsCertificate *mg_table_tls_for_campaign     (MgCampaign *campaign, GError **error);
/* SHA-256 of the certificate, "AB:CD:…" (what a player compares in the phone's warning). g_free. */
char            *mg_table_tls_fingerprint      (GTlsCertificate *certificate);

G_END_DECLS

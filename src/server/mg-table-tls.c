/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-tls.c — a self-signed certificate for HTTPS on the local network, made with GnuTLS
 * (GLib can use a certificate but not create one). */
#include "config.h"

#include <string.h>
#include <time.h>
#include <glib/gi18n-lib.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "mg-table-server.h"
#include "mg-table-tls.h"
#include "mg-table-tokens.h"

static gboolean
gnutls_ok (int code, GError **error)
{
  if (code >= 0)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The certificate could not be made: %s"),
               gnutls_strerror (code));
  return FALSE;
}

/* Adds an IP address as a subject alternative name; addresses that do not parse are skipped. */
static int
add_address (gnutls_x509_crt_t crt, const char *text)
{
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (text);

  if (address == NULL)
    return 0;
  return gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_IPADDRESS, g_inet_address_to_bytes (address),
                                               (unsigned) g_inet_address_get_native_size (address),
                                               GNUTLS_FSAN_APPEND);
}

static gboolean
fill_certificate (gnutls_x509_crt_t crt, gnutls_x509_privkey_t key, const char * const *addresses, GError **error)
{
  static const char name[] = "Melee GM table";
  guint8 serial[16];
  time_t now = time (NULL);
  int code = 0;

  if (!mg_table_random_bytes (serial, sizeof serial, error))
    return FALSE;
  serial[0] &= 0x7f;   /* a positive number */
  code = gnutls_x509_crt_set_version (crt, 3);
  if (code >= 0) code = gnutls_x509_crt_set_serial (crt, serial, sizeof serial);
  if (code >= 0) code = gnutls_x509_crt_set_activation_time (crt, now - 3600);
  if (code >= 0) code = gnutls_x509_crt_set_expiration_time (crt, now + 365 * 24 * 3600);
  if (code >= 0) code = gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, name, strlen (name));
  if (code >= 0) code = gnutls_x509_crt_set_key (crt, key);
  if (code >= 0) code = gnutls_x509_crt_set_basic_constraints (crt, 0, -1);
  if (code >= 0) code = gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE);
  if (code >= 0) code = gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0);
  if (code >= 0) code = add_address (crt, "127.0.0.1");
  for (guint i = 0; code >= 0 && addresses != NULL && addresses[i] != NULL; i++)
    code = add_address (crt, addresses[i]);
  if (code >= 0) code = gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0);
  return gnutls_ok (code, error);
}

GTlsCertificate *
mg_table_tls_new (const char * const *addresses, GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t crt_pem = { NULL, 0 }, key_pem = { NULL, 0 };
  GTlsCertificate *certificate = NULL;

  if (gnutls_ok (gnutls_x509_privkey_init (&key), error)
      && gnutls_ok (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                  GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0), error)
      && gnutls_ok (gnutls_x509_crt_init (&crt), error)
      && fill_certificate (crt, key, addresses, error)
      && gnutls_ok (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &crt_pem), error)
      && gnutls_ok (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN, &key_pem), error))
    {
      g_autofree char *pem = g_strdup_printf ("%.*s%.*s", (int) crt_pem.size, (const char *) crt_pem.data,
                                              (int) key_pem.size, (const char *) key_pem.data);
      certificate = g_tls_certificate_new_from_pem (pem, -1, error);
      memset (pem, 0, strlen (pem));
    }
  if (key_pem.data != NULL)
    {
      memset (key_pem.data, 0, key_pem.size);
      gnutls_free (key_pem.data);
    }
  gnutls_free (crt_pem.data);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return certificate;
}

GTlsCertificate *
mg_table_tls_for_campaign (MgCampaign *campaign, GError **error)
{
  GTlsCertificate *certificate;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  certificate = (GTlsCertificate *) mg_table_get_certificate (mg_table_for_campaign (campaign));
  if (certificate == NULL)
    {
      g_autofree char *lan = mg_table_server_lan_host ();
      const char *addresses[] = { lan, NULL };
      certificate = mg_table_tls_new (addresses, error);
      if (certificate != NULL)
        {
          mg_table_set_certificate (mg_table_for_campaign (campaign), G_OBJECT (certificate));   /* the table keeps it */
          g_object_unref (certificate);
        }
    }
  return certificate;
}

char *
mg_table_tls_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;
  g_autofree char *hex = NULL;
  GString *out = g_string_new (NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    return g_string_free (out, FALSE);
  hex = g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
  for (guint i = 0; hex[i] != '\0'; i += 2)
    g_string_append_printf (out, "%s%c%c", i ? ":" : "", g_ascii_toupper (hex[i]), g_ascii_toupper (hex[i + 1]));
  return g_string_free (out, FALSE);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-tokens.c — per-seat link tokens from getrandom(2), compared in constant time. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "mg-table-tokens.h"

struct _MgTableTokens
{
  GObject     parent_instance;
  GHashTable *by_seat;   /* seat → token */
  GPtrArray  *claims;    /* MgTableClaim*, oldest first */
};

G_DEFINE_FINAL_TYPE (MgTableTokens, mg_table_tokens, G_TYPE_OBJECT)
G_DEFINE_QUARK (mg-table-tokens-error-quark, mg_table_tokens_error)

enum { REISSUED, CLAIMS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
mg_table_tokens_finalize (GObject *object)
{
  MgTableTokens *self = MG_TABLE_TOKENS (object);
  GHashTableIter it;
  gpointer value;

  /* Wipe the secrets before the memory goes back to the allocator. */
  g_hash_table_iter_init (&it, self->by_seat);
  while (g_hash_table_iter_next (&it, NULL, &value))
    memset (value, 0, strlen (value));
  g_hash_table_unref (self->by_seat);
  g_ptr_array_unref (self->claims);
  G_OBJECT_CLASS (mg_table_tokens_parent_class)->finalize (object);
}

static void
mg_table_tokens_class_init (MgTableTokensClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mg_table_tokens_finalize;
  /* "reissued" (seat): the seat's old token no longer works; servers close its connections. */
  signals[REISSUED] = g_signal_new ("reissued", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* "claims-changed": a phone asked for a seat, or a request was answered or lapsed. */
  signals[CLAIMS_CHANGED] = g_signal_new ("claims-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
claim_free (MgTableClaim *claim)
{
  memset (claim->token, 0, strlen (claim->token));
  g_free (claim->token);
  g_free (claim->seat);
  g_free (claim->host);
  g_free (claim);
}

static void
mg_table_tokens_init (MgTableTokens *self)
{
  self->by_seat = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->claims = g_ptr_array_new_with_free_func ((GDestroyNotify) claim_free);
}

MgTableTokens *
mg_table_tokens_for_campaign (MgCampaign *campaign)
{
  MgTableTokens *self;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  self = (MgTableTokens *) mg_table_get_tokens (mg_table_for_campaign (campaign));
  if (self == NULL)
    {
      self = g_object_new (MG_TYPE_TABLE_TOKENS, NULL);
      mg_table_set_tokens (mg_table_for_campaign (campaign), G_OBJECT (self));   /* the table keeps it */
      g_object_unref (self);
    }
  return self;
}

gboolean
mg_table_random_bytes (guint8 *out, gsize len, GError **error)
{
  gsize got = 0;

  while (got < len)
    {
      ssize_t n = getrandom (out + got, len - got, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = errno;
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("The system's random source failed: %s"), g_strerror (saved));
          return FALSE;
        }
      got += (gsize) n;
    }
  return TRUE;
}

static char *
new_token (GError **error)
{
  guint8 raw[MG_TABLE_TOKEN_BYTES];
  char *text;

  if (!mg_table_random_bytes (raw, sizeof raw, error))
    return NULL;
  text = g_base64_encode (raw, sizeof raw);
  memset (raw, 0, sizeof raw);
  /* base64url (RFC 4648 §5), no padding: safe in a path and a QR code's alphanumeric-free mode. */
  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  {
    char *pad = strchr (text, '=');
    if (pad != NULL)
      *pad = '\0';
  }
  return text;
}

const char *
mg_table_tokens_reissue (MgTableTokens *self, const char *seat, GError **error)
{
  char *token;
  char *old;
  gboolean had;

  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self) && seat != NULL, NULL);
  token = new_token (error);
  if (token == NULL)
    return NULL;
  old = g_hash_table_lookup (self->by_seat, seat);
  had = old != NULL;
  if (had)
    memset (old, 0, strlen (old));
  g_hash_table_replace (self->by_seat, g_strdup (seat), token);
  if (had)
    g_signal_emit (self, signals[REISSUED], 0, seat);
  return token;
}

const char *
mg_table_tokens_get (MgTableTokens *self, const char *seat, GError **error)
{
  const char *token;

  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self) && seat != NULL, NULL);
  token = g_hash_table_lookup (self->by_seat, seat);
  return token != NULL ? token : mg_table_tokens_reissue (self, seat, error);
}

gboolean
mg_table_token_equal (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  guint8 diff = la != lb;

  for (gsize i = 0; i < lb; i++)
    diff |= (guint8) (a[i < la ? i : 0] ^ b[i]);
  return diff == 0;
}

const char *
mg_table_tokens_lookup (MgTableTokens *self, const char *token)
{
  GHashTableIter it;
  gpointer key, value;
  const char *found = NULL;

  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self), NULL);
  if (token == NULL || *token == '\0')
    return NULL;
  /* No early exit: every token is compared, so the time depends on the number of seats only. */
  g_hash_table_iter_init (&it, self->by_seat);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (mg_table_token_equal (token, value))
      found = key;
  return found;
}

const char *
mg_table_tokens_peek (MgTableTokens *self, const char *seat)
{
  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self) && seat != NULL, NULL);
  return g_hash_table_lookup (self->by_seat, seat);
}

void
mg_table_tokens_release (MgTableTokens *self, const char *seat)
{
  char *old;

  g_return_if_fail (MG_IS_TABLE_TOKENS (self) && seat != NULL);
  old = g_hash_table_lookup (self->by_seat, seat);
  if (old == NULL)
    return;
  memset (old, 0, strlen (old));
  g_hash_table_remove (self->by_seat, seat);
  g_signal_emit (self, signals[REISSUED], 0, seat);
}

/* Drops the requests older than MG_TABLE_CLAIM_TTL_S; TRUE when one went. */
static gboolean
claims_lapse (MgTableTokens *self)
{
  gint64 now = g_get_monotonic_time ();
  gboolean gone = FALSE;

  for (guint i = self->claims->len; i-- > 0;)
    if (now - ((MgTableClaim *) self->claims->pdata[i])->made > (gint64) MG_TABLE_CLAIM_TTL_S * G_USEC_PER_SEC)
      {
        g_ptr_array_remove_index (self->claims, i);
        gone = TRUE;
      }
  return gone;
}

const char *
mg_table_tokens_busy_msgid (void)
{
  return N_("Too many phones are waiting for the referee: ask the referee, then try again.");
}

const MgTableClaim *
mg_table_tokens_claim (MgTableTokens *self, const char *seat, const char *host, GError **error)
{
  MgTableClaim *claim;
  guint from_host = 0;
  guint32 digits;

  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self) && seat != NULL && host != NULL, NULL);
  claims_lapse (self);
  for (guint i = 0; i < self->claims->len; i++)
    from_host += g_strcmp0 (((MgTableClaim *) self->claims->pdata[i])->host, host) == 0;
  if (self->claims->len >= MG_TABLE_CLAIMS_MAX || from_host >= MG_TABLE_CLAIMS_PER_HOST)
    {
      g_set_error_literal (error, MG_TABLE_TOKENS_ERROR, MG_TABLE_TOKENS_ERROR_BUSY, _(mg_table_tokens_busy_msgid ()));
      return NULL;
    }
  claim = g_new0 (MgTableClaim, 1);
  claim->token = new_token (error);
  if (claim->token == NULL || !mg_table_random_bytes ((guint8 *) &digits, sizeof digits, error))
    {
      g_free (claim->token);
      g_free (claim);
      return NULL;
    }
  g_snprintf (claim->code, sizeof claim->code, "%04u", digits % 10000);
  claim->seat = g_strdup (seat);
  claim->host = g_strdup (host);
  claim->made = g_get_monotonic_time ();
  g_ptr_array_add (self->claims, claim);
  g_signal_emit (self, signals[CLAIMS_CHANGED], 0);
  return claim;
}

GPtrArray *
mg_table_tokens_get_claims (MgTableTokens *self)
{
  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self), NULL);
  if (claims_lapse (self))
    g_signal_emit (self, signals[CLAIMS_CHANGED], 0);
  return self->claims;
}

static gint
claim_index (MgTableTokens *self, const char *token)
{
  gint found = -1;

  if (token == NULL || *token == '\0')
    return -1;
  /* Every request compared in full, as the seats' tokens are. */
  for (guint i = 0; i < self->claims->len; i++)
    if (mg_table_token_equal (token, ((MgTableClaim *) self->claims->pdata[i])->token))
      found = (gint) i;
  return found;
}

const MgTableClaim *
mg_table_tokens_lookup_claim (MgTableTokens *self, const char *token)
{
  gint i;

  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self), NULL);
  claims_lapse (self);
  i = claim_index (self, token);
  return i >= 0 ? self->claims->pdata[i] : NULL;
}

gboolean
mg_table_tokens_confirm (MgTableTokens *self, const char *claim_token)
{
  gint i;
  MgTableClaim *claim;
  char *old;

  g_return_val_if_fail (MG_IS_TABLE_TOKENS (self), FALSE);
  i = claim_index (self, claim_token);
  if (i < 0)
    return FALSE;
  claim = g_ptr_array_steal_index (self->claims, (guint) i);
  old = g_hash_table_lookup (self->by_seat, claim->seat);
  if (old != NULL)
    memset (old, 0, strlen (old));
  g_hash_table_replace (self->by_seat, g_strdup (claim->seat), g_strdup (claim->token));
  /* Any other request for the same seat is moot now: the referee answered it. */
  for (guint j = self->claims->len; j-- > 0;)
    if (g_strcmp0 (((MgTableClaim *) self->claims->pdata[j])->seat, claim->seat) == 0)
      g_ptr_array_remove_index (self->claims, j);
  g_signal_emit (self, signals[REISSUED], 0, claim->seat);
  g_signal_emit (self, signals[CLAIMS_CHANGED], 0);
  claim_free (claim);
  return TRUE;
}

void
mg_table_tokens_refuse (MgTableTokens *self, const char *claim_token)
{
  gint i;

  g_return_if_fail (MG_IS_TABLE_TOKENS (self));
  i = claim_index (self, claim_token);
  if (i < 0)
    return;
  g_ptr_array_remove_index (self->claims, (guint) i);
  g_signal_emit (self, signals[CLAIMS_CHANGED], 0);
}

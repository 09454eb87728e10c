/* mg-table-tokens.c — per-seat link tokens from getrandom(2), compared in constant time. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "mg-table-tokens.h"

struct _MgTableTokens
{
  GObject     parent_instance;
  GHashTable *by_seat;   /* seat → token */
};

G_DEFINE_FINAL_TYPE (MgTableTokens, mg_table_tokens, G_TYPE_OBJECT)

enum { REISSUED, N_SIGNALS };
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
  G_OBJECT_CLASS (mg_table_tokens_parent_class)->finalize (object);
}

static void
mg_table_tokens_class_init (MgTableTokensClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mg_table_tokens_finalize;
  /* "reissued" (seat): the seat's old token no longer works; servers close its connections. */
  signals[REISSUED] = g_signal_new ("reissued", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mg_table_tokens_init (MgTableTokens *self)
{
  self->by_seat = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
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

/* mg-table-tokens.h — the secret in each seat's link to the table server: one per seat, in memory only. */
#pragma once

#include <glib-object.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* 16 bytes (128 bits) from the system's CSPRNG, as base64url without padding: 22 characters. */
#define MG_TABLE_TOKEN_BYTES 16
#define MG_TABLE_TOKEN_LEN   22

#define MG_TYPE_TABLE_TOKENS (mg_table_tokens_get_type ())
G_DECLARE_FINAL_TYPE (MgTableTokens, mg_table_tokens, MG, TABLE_TOKENS, GObject)

/* The tokens of this campaign (borrowed; created on first use, kept as long as the campaign).
 * They live in this process only: never in the campaign file, its exports or the journal, so a
 * copied or mailed campaign carries no live link (docs/table-server.md says why). */
MgTableTokens *mg_table_tokens_for_campaign (MgCampaign *campaign);

/* The seat's current token (issued on first ask).  `seat` is a player's name or
 * MG_SEAT_PUBLIC.  NULL with an error only when the system's random source fails. */
const char    *mg_table_tokens_get          (MgTableTokens *self, const char *seat, GError **error);
/* A new token for the seat; the old one stops working at once. */
const char    *mg_table_tokens_reissue      (MgTableTokens *self, const char *seat, GError **error);
/* The seat a token belongs to, or NULL.  Every stored token is compared in full, in constant
 * time, whatever the input, so the time taken tells nothing of how close a guess was. */
const char    *mg_table_tokens_lookup       (MgTableTokens *self, const char *token);

/* Fills `out` with `len` bytes from getrandom(2) (the kernel's CSPRNG; never GRand). */
gboolean       mg_table_random_bytes        (guint8 *out, gsize len, GError **error);
/* Compares two strings in time that depends on their lengths only. */
gboolean       mg_table_token_equal         (const char *a, const char *b);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-table-tokens.h — the secret in each seat's link to the table server: one per seat, in memory only. */
#pragma once

#include <glib-object.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* 16 bytes (128 bits) from the system's CSPRNG, as base64url without padding: 22 characters. */
#define MG_TABLE_TOKEN_BYTES 16
#define MG_TABLE_TOKEN_LEN   22

/* Joining: a phone on the public page asks for a free seat (or to take over a held one); the
 * request waits, under a token of its own, until the referee lets it in (the token becomes the
 * seat's, the old one stops) or refuses it.  No seat's link is ever shown on a shared screen. */
#define MG_TABLE_CLAIMS_MAX          8       /* requests waiting at once */
#define MG_TABLE_CLAIMS_PER_HOST     2       /* …from one address */
#define MG_TABLE_CLAIM_TTL_S         300     /* a request not answered in 5 minutes lapses */

typedef struct {
  char   *token;      /* the phone's, once the referee lets it in */
  char   *seat;
  char    code[5];    /* 4 digits the phone shows and the referee's window repeats */
  char   *host;       /* the phone's address */
  gint64  made;       /* monotonic µs */
} MgTableClaim;

#define MG_TABLE_TOKENS_ERROR (mg_table_tokens_error_quark ())
typedef enum {
  MG_TABLE_TOKENS_ERROR_BUSY,     /* too many requests waiting (in all, or from that address) */
  MG_TABLE_TOKENS_ERROR_NO_SEAT,  /* not a seat of this campaign */
} MgTableTokensError;
GQuark mg_table_tokens_error_quark (void);

#define MG_TYPE_TABLE_TOKENS (mg_table_tokens_get_type ())
G_DECLARE_FINAL_TYPE (MgTableTokens, mg_table_tokens, MG, TABLE_TOKENS, GObject)

/* The tokens of this campaign (borrowed; created on first use, kept as long as the campaign).
 * They live in this process only: never in the campaign file, its exports or the journal, so a
 * copied or mailed campaign carries no live link (docs/table-server.md says why). */
MgTableTokens *mg_table_tokens_for_campaign (MgCampaign *campaign);

/* The seat's current token (issued on first ask).  `seat` is a player's name or
 * MG_SEAT_PUBLIC.  NULL with an error only when the system's random source fails. */
const char    *mg_table_tokens_get          (MgTableTokens *self, const char *seat, GError **error);
/* A new token for the seat; the old one stops working at once.  (Tests and tools: the app's
 * phones join through mg_table_tokens_claim.) */
const char    *mg_table_tokens_reissue      (MgTableTokens *self, const char *seat, GError **error);
/* The seat a token belongs to, or NULL.  Every stored token is compared in full, in constant
 * time, whatever the input, so the time taken tells nothing of how close a guess was. */
const char    *mg_table_tokens_lookup       (MgTableTokens *self, const char *token);

/* The seat's current token, or NULL when no phone holds the seat (nothing is issued). */
const char    *mg_table_tokens_peek         (MgTableTokens *self, const char *seat);
/* The seat is free again: its phone's token stops working at once ("reissued" is emitted). */
void           mg_table_tokens_release      (MgTableTokens *self, const char *seat);

/* A phone at `host` asks for `seat`: a request waiting for the referee (borrowed), or NULL with
 * MG_TABLE_TOKENS_ERROR_BUSY.  The caller checks that `seat` is one of the campaign's. */
/* The English sentence of MG_TABLE_TOKENS_ERROR_BUSY (a msgid), for the phone's language. */
const char         *mg_table_tokens_busy_msgid   (void);
const MgTableClaim *mg_table_tokens_claim        (MgTableTokens *self, const char *seat, const char *host,
                                                  GError **error);
/* The requests waiting now, oldest first (borrowed MgTableClaim*); lapsed ones are dropped. */
GPtrArray          *mg_table_tokens_get_claims   (MgTableTokens *self);
/* The waiting request with this token (compared in constant time), or NULL. */
const MgTableClaim *mg_table_tokens_lookup_claim (MgTableTokens *self, const char *token);
/* The referee lets the request in: its token becomes the seat's, a phone holding the seat before
 * is cut off.  Returns FALSE when no such request waits. */
gboolean            mg_table_tokens_confirm      (MgTableTokens *self, const char *claim_token);
/* The referee refuses the request: its phone is told so. */
void                mg_table_tokens_refuse       (MgTableTokens *self, const char *claim_token);

/* Fills `out` with `len` bytes from getrandom(2) (the kernel's CSPRNG; never GRand). */
gboolean       mg_table_random_bytes        (guint8 *out, gsize len, GError **error);
/* Compares two strings in time that depends on their lengths only. */
gboolean       mg_table_token_equal         (const char *a, const char *b);

G_END_DECLS

/* mg-chain.h — the journal's hash chain: every row and every undo mark proves the ones before it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include <sqlite3.h>

#include "mg-store.h"

G_BEGIN_DECLS

#define MG_CHAIN_HASH_LEN 32   /* SHA-256 */
/* The public chain keeps the first 16 bytes of each link's SHA-256 (128 bits, as a fingerprint
 * needs): a 32-byte second hash in every row cost 5% of an append's CPU (bench/run.py chain, 31
 * pairs: 1.06x; with 16 bytes 1.01x), Meeple's rows then filling 7 to a page instead of 8. */
#define MG_CHAIN_PUBLIC_LEN 16

/* The end of both chains: the last journal row's seq and hash, the last mark's id and hash
 * (seq 0 / mark 0: none). */
typedef struct {
  gint64 seq;
  guint8 row[MG_CHAIN_HASH_LEN];
  gint64 mark;
  guint8 mark_hash[MG_CHAIN_HASH_LEN];
} MgChainHead;

/* Registers on a connection what the chain needs in SQL: mg_row_hash (prev, seq, session, turn,
 * actor, action, dice, events, summary, time), mg_mark_hash (prev, id, seq, undone),
 * mg_public_hash (prev, seq, session, turn, actor, summary, dice, events: the public history,
 * schema 8), mg_chain_fill () (schema/0006: computes every missing hash, oldest first) and
 * mg_public_chain_fill () (schema/0008). */
void      mg_chain_register (sqlite3 *db);
/* A temporary trigger of this connection: every change of journal.undone is chained as a mark.
 * Only on a file at schema 6 or later; FALSE with error otherwise. */
gboolean  mg_chain_watch_marks (MgStore *store, GError **error);
/* Whether the file has the chain (schema 6 or later); the public chain (schema 8 or later). */
gboolean  mg_chain_present (MgStore *store, gboolean *present, GError **error);
gboolean  mg_chain_public_present (MgStore *store, gboolean *present, GError **error);
/* What a player sees of a row (an export): a row whose events name a "seat" keeps its dice
 * behind that seat's screen; its public events are those without a "seat" (a new array). */
gboolean     mg_chain_row_is_secret (const char *events);
json_object *mg_chain_public_events (const char *text);
/* Recomputes every chain (rows, marks, and the public rows where the file has them): *problem is NULL when every row and mark is as Melee GM wrote it, else
 * plain words naming the first journal row (or undo mark) that differs.  FALSE: SQLite failed. */
gboolean  mg_chain_verify (MgStore *store, char **problem, GError **error);
gboolean  mg_chain_head (MgStore *store, MgChainHead *head, GError **error);
/* The public chain's head (its last row's public hash) with the marks' head. */
gboolean  mg_chain_public_head (MgStore *store, MgChainHead *head, GError **error);
/* "SEQ HEX MARK HEX", as kept with the seal; and back (FALSE: not one). */
char     *mg_chain_head_to_string (const MgChainHead *head);
gboolean  mg_chain_head_parse (const char *text, MgChainHead *head);
/* What players compare: 12 hex digits of a hash of the head, as "1a2b-3c4d-5e6f"; public: of a
 * public head (a game with secrets), under a tag of its own. */
char     *mg_chain_fingerprint (const MgChainHead *head, gboolean public);

G_END_DECLS

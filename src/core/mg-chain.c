/* mg-chain.c — the journal's hash chain: every row and every undo mark proves the ones before it.
 * docs/cli.md ("A journal that proves itself") says what is hashed, and why undo never rewrites. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"
#include "mg-chain.h"

#include <glib/gi18n.h>
#include <json-c/json.h>
#include <nettle/sha2.h>
#include <string.h>

/* What each chain hashes after the previous hash: a tag, then its values in order, each an
 * integer ('i': 8 bytes, big-endian) or a text ('t': its length as an integer, then its UTF-8).
 * `hash` computes one link (chain_hash, or public_row_hash, which hides what a seat keeps). */
typedef struct _ChainKind ChainKind;
struct _ChainKind {
  const char *tag;
  const char *kinds;
  guint       len;    /* bytes of the hash kept: the first len of the SHA-256 */
  void      (*hash) (const ChainKind *kind, const void *prev, gsize prev_len,
                     sqlite3_value **values, guint8 out[MG_CHAIN_HASH_LEN]);
};

static void chain_hash (const ChainKind *kind, const void *prev, gsize prev_len,
                        sqlite3_value **values, guint8 out[MG_CHAIN_HASH_LEN]);
static void public_row_hash (const ChainKind *kind, const void *prev, gsize prev_len,
                             sqlite3_value **values, guint8 out[MG_CHAIN_HASH_LEN]);

static const ChainKind row_kind = { "melee-gm journal row v1", "iiittttti", MG_CHAIN_HASH_LEN, chain_hash };
static const ChainKind mark_kind = { "melee-gm undo mark v1", "iii", MG_CHAIN_HASH_LEN, chain_hash };
/* The public history (schema 8): seq, session, turn, actor, summary, dice, events, as a player
 * sees them: a row with a seat's event is told by its sentence alone. */
static const ChainKind public_kind = { "melee-gm public row v1", "iiitttt", MG_CHAIN_PUBLIC_LEN, public_row_hash };

/* SHA-256 by Nettle (GnuTLS's own), which uses the processor's SHA extensions where it has them:
 * GLib's GChecksum, in plain C, made the chain a quarter of an append's CPU (bench/run.py chain). */
static void
put_int (struct sha256_ctx *sum, gint64 v)
{
  guint8 b[8];

  for (int i = 0; i < 8; i++)
    b[i] = (guint8) ((guint64) v >> (56 - 8 * i));
  sha256_update (sum, 8, b);
}

static void
put_bytes (struct sha256_ctx *sum, const void *data, gsize len)
{
  put_int (sum, (gint64) len);
  if (len > 0)
    sha256_update (sum, len, data);
}

static void
link_begin (struct sha256_ctx *sum, const ChainKind *kind, const void *prev, gsize prev_len)
{
  G_STATIC_ASSERT (MG_CHAIN_HASH_LEN == SHA256_DIGEST_SIZE);
  sha256_init (sum);
  sha256_update (sum, strlen (kind->tag), (const guint8 *) kind->tag);
  put_bytes (sum, prev, prev_len);
}

static void
put_text (struct sha256_ctx *sum, const char *text)
{
  put_bytes (sum, text, text ? strlen (text) : 0);
}

/* The hash of values[0…] (as kind->kinds says) chained after prev (len 0: the first). */
static void
chain_hash (const ChainKind *kind, const void *prev, gsize prev_len, sqlite3_value **values,
            guint8 out[MG_CHAIN_HASH_LEN])
{
  struct sha256_ctx ctx, *sum = &ctx;

  link_begin (sum, kind, prev, prev_len);
  for (guint i = 0; kind->kinds[i]; i++)
    if (kind->kinds[i] == 'i')
      put_int (sum, sqlite3_value_int64 (values[i]));
    else
      {
        const unsigned char *text = sqlite3_value_text (values[i]);
        put_bytes (sum, text, text ? (gsize) sqlite3_value_bytes (values[i]) : 0);
      }
  sha256_digest (sum, MG_CHAIN_HASH_LEN, out);
}

gboolean
mg_chain_row_is_secret (const char *events)
{
  return events != NULL && strstr (events, "\"seat\"") != NULL;
}

json_object *
mg_chain_public_events (const char *text)
{
  json_object *all = text != NULL ? json_tokener_parse (text) : NULL;
  json_object *pub = json_object_new_array ();
  size_t n;

  if (all == NULL || !json_object_is_type (all, json_type_array))
    {
      json_object_put (all);
      return pub;
    }
  n = json_object_array_length (all);
  for (size_t i = 0; i < n; i++)
    {
      json_object *event = json_object_array_get_idx (all, i);

      if (json_object_is_type (event, json_type_object)
          && !json_object_object_get_ex (event, "seat", NULL))
        json_object_array_add (pub, json_object_get (event));
    }
  json_object_put (all);
  return pub;
}

/* values: seq, session, turn, actor, summary, dice, events. What everyone saw of the row: a
 * row that a seat keeps something of (an event of a "seat") is told by its public sentence
 * alone — its dice and events stay out; any other row's dice and events are hashed as stored.
 * No JSON is parsed: a third of an append's CPU went to parsing the events (callgrind). */
static void
public_row_hash (const ChainKind *kind, const void *prev, gsize prev_len, sqlite3_value **values,
                 guint8 out[MG_CHAIN_HASH_LEN])
{
  struct sha256_ctx ctx, *sum = &ctx;
  const char *events = (const char *) sqlite3_value_text (values[6]);
  gboolean secret = mg_chain_row_is_secret (events);

  link_begin (sum, kind, prev, prev_len);
  for (int i = 0; i < 3; i++)
    put_int (sum, sqlite3_value_int64 (values[i]));
  put_text (sum, (const char *) sqlite3_value_text (values[3]));
  put_text (sum, (const char *) sqlite3_value_text (values[4]));
  put_text (sum, secret ? "" : (const char *) sqlite3_value_text (values[5]));
  put_text (sum, secret ? "" : events);
  sha256_digest (sum, MG_CHAIN_HASH_LEN, out);
}

static void
sql_hash (sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
  const ChainKind *kind = sqlite3_user_data (ctx);
  guint8 out[MG_CHAIN_HASH_LEN];

#ifdef MG_BENCH_NO_CHAIN
  /* Only in bench/'s mg-bench-cli-nochain, the baseline of the chain's cost: no hash. */
  sqlite3_result_null (ctx);
  return;
#endif
  kind->hash (kind, sqlite3_value_blob (argv[0]), (gsize) sqlite3_value_bytes (argv[0]), argv + 1, out);
  sqlite3_result_blob (ctx, out, (int) kind->len, SQLITE_TRANSIENT);
}

/* Runs `step` (one seq or id, ?1) for every key `walk` lists (?1: the key after which), oldest
 * first: each hash is computed after the one before it is stored. */
static int
fill_each (sqlite3 *db, const char *walk, const char *step)
{
  sqlite3_stmt *next = NULL, *update = NULL;
  gint64 key = G_MININT64;
  int rc = sqlite3_prepare_v2 (db, walk, -1, &next, NULL);

  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (db, step, -1, &update, NULL);
  while (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (next, 1, key);
      if ((rc = sqlite3_step (next)) != SQLITE_ROW)
        break;
      key = sqlite3_column_int64 (next, 0);
      sqlite3_reset (next);
      sqlite3_bind_int64 (update, 1, key);
      rc = sqlite3_step (update);
      sqlite3_reset (update);
      rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
  sqlite3_finalize (next);
  sqlite3_finalize (update);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void
fill_result (sqlite3_context *ctx, int rc)
{
  if (rc != SQLITE_OK)
    sqlite3_result_error (ctx, sqlite3_errmsg (sqlite3_context_db_handle (ctx)), -1);
  else
    sqlite3_result_null (ctx);
}

static void
sql_fill (sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
  sqlite3 *db = sqlite3_context_db_handle (ctx);
  int rc = fill_each (db, "SELECT seq FROM journal WHERE seq > ?1 ORDER BY seq LIMIT 1",
                      "UPDATE journal SET hash = mg_row_hash ((SELECT hash FROM journal AS p "
                      "WHERE p.seq < journal.seq ORDER BY p.seq DESC LIMIT 1), seq, session, turn, "
                      "actor, action, dice, events, summary, time) WHERE seq = ?1");

  if (rc == SQLITE_OK)
    rc = fill_each (db, "SELECT id FROM journal_mark WHERE id > ?1 ORDER BY id LIMIT 1",
                    "UPDATE journal_mark SET hash = mg_mark_hash ((SELECT hash FROM journal_mark AS p "
                    "WHERE p.id < journal_mark.id ORDER BY p.id DESC LIMIT 1), id, seq, undone) WHERE id = ?1");
  fill_result (ctx, rc);
}

/* schema/0008: the public chain of every row written before it, oldest first. */
static void
sql_public_fill (sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
  sqlite3 *db = sqlite3_context_db_handle (ctx);
  int rc = fill_each (db, "SELECT seq FROM journal WHERE seq > ?1 ORDER BY seq LIMIT 1",
                      "UPDATE journal SET public_hash = mg_public_hash ((SELECT public_hash FROM journal AS p "
                      "WHERE p.seq < journal.seq ORDER BY p.seq DESC LIMIT 1), seq, session, turn, "
                      "actor, summary, dice, events) WHERE seq = ?1");

  fill_result (ctx, rc);
}

void
mg_chain_register (sqlite3 *db)
{
  int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;

  sqlite3_create_function_v2 (db, "mg_row_hash", 10, flags, (void *) &row_kind, sql_hash, NULL, NULL, NULL);
  sqlite3_create_function_v2 (db, "mg_mark_hash", 4, flags, (void *) &mark_kind, sql_hash, NULL, NULL, NULL);
  sqlite3_create_function_v2 (db, "mg_public_hash", 8, flags, (void *) &public_kind, sql_hash, NULL, NULL, NULL);
  sqlite3_create_function_v2 (db, "mg_chain_fill", 0, SQLITE_UTF8, NULL, sql_fill, NULL, NULL, NULL);
  sqlite3_create_function_v2 (db, "mg_public_chain_fill", 0, SQLITE_UTF8, NULL, sql_public_fill, NULL, NULL, NULL);
}

static gboolean
count_present (MgStore *store, const char *count, gboolean *present, GError **error)
{
  gint64 n;

  if (!mg_store_query_int (store, count, &n, error))
    return FALSE;
  *present = n > 0;
  return TRUE;
}

gboolean
mg_chain_present (MgStore *store, gboolean *present, GError **error)
{
  return count_present (store, "SELECT count (*) FROM sqlite_master WHERE type = 'table' "
                               "AND name = 'journal_mark'", present, error);
}

gboolean
mg_chain_public_present (MgStore *store, gboolean *present, GError **error)
{
  return count_present (store, "SELECT count (*) FROM pragma_table_info ('journal') "
                               "WHERE name = 'public_hash'", present, error);
}

gboolean
mg_chain_watch_marks (MgStore *store, GError **error)
{
  /* Temporary: only this connection has it, so the sqlite3 shell (which lacks mg_mark_hash)
   * can still change a mark by hand; `check` then names the row whose mark was not recorded. */
  return mg_store_exec (store,
      "CREATE TEMP TRIGGER IF NOT EXISTS mg_journal_mark AFTER UPDATE OF undone ON main.journal "
      "WHEN NEW.undone IS NOT OLD.undone BEGIN "
      "INSERT INTO journal_mark (id, seq, undone, hash) VALUES ("
      "coalesce ((SELECT id FROM journal_mark ORDER BY id DESC LIMIT 1), 0) + 1, NEW.seq, NEW.undone, "
      "mg_mark_hash ((SELECT hash FROM journal_mark ORDER BY id DESC LIMIT 1), "
      "coalesce ((SELECT id FROM journal_mark ORDER BY id DESC LIMIT 1), 0) + 1, NEW.seq, NEW.undone)); "
      "END", error);
}

static const char *
mark_words (gint64 undone)
{
  switch (undone)
    {
    case 0:  return _("in force");
    case 1:  return _("undone");
    case 2:  return _("undone for good");
    default: return _("marked with an unknown value");
    }
}

/* Walks one chain (`sql` lists key, values…, hash, oldest first); the first link that differs
 * is described in *problem. */
static gboolean
verify_chain (MgStore *store, const char *sql, const ChainKind *kind, gboolean rows,
              char **problem, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, sql, error);
  int ncols = (int) strlen (kind->kinds);
  guint8 prev[MG_CHAIN_HASH_LEN], got[MG_CHAIN_HASH_LEN];
  gsize prev_len = 0;
  gint64 expect = 1;
  int rc;

  if (!stmt)
    return FALSE;
  while (*problem == NULL && (rc = mg_store_step (store, stmt, error)) == SQLITE_ROW)
    {
      sqlite3_value *values[16];
      gint64 key = sqlite3_column_int64 (stmt, 0);
      const void *stored = sqlite3_column_blob (stmt, ncols);
      int stored_len = sqlite3_column_bytes (stmt, ncols);

      for (int i = 0; i < ncols; i++)
        values[i] = sqlite3_column_value (stmt, i);
      kind->hash (kind, prev, prev_len, values, got);
      if (key != expect)
        *problem = rows ? g_strdup_printf (key > expect ? _("journal row %lld is missing (deleted outside Melee GM)")
                                                        : _("journal row %lld is out of place"),
                                           (long long) (key > expect ? expect : key))
                        : g_strdup_printf (_("undo mark %lld is missing (deleted outside Melee GM)"), (long long) expect);
      else if (stored_len != (int) kind->len || memcmp (stored, got, kind->len) != 0)
        *problem = rows ? g_strdup_printf (_("journal row %lld is not what Melee GM wrote (changed outside it)"), (long long) key)
                        : g_strdup_printf (_("undo mark %lld (of journal row %lld) is not what Melee GM wrote"),
                                           (long long) key, (long long) sqlite3_column_int64 (stmt, 1));
      memcpy (prev, got, kind->len);
      prev_len = kind->len;
      expect = key + 1;
    }
  return *problem != NULL || rc == SQLITE_DONE;
}

gboolean
mg_chain_verify (MgStore *store, char **problem, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = NULL;
  gboolean public;
  int rc;

  *problem = NULL;
  if (!verify_chain (store, "SELECT seq, session, turn, actor, action, dice, events, summary, time, hash "
                            "FROM journal ORDER BY seq", &row_kind, TRUE, problem, error) ||
      *problem != NULL ||
      !verify_chain (store, "SELECT id, seq, undone, hash FROM journal_mark ORDER BY id",
                     &mark_kind, FALSE, problem, error) ||
      *problem != NULL)
    return *problem != NULL;
  if (!mg_chain_public_present (store, &public, error) ||
      (public && !verify_chain (store, "SELECT seq, session, turn, actor, summary, dice, events, public_hash "
                                       "FROM journal ORDER BY seq", &public_kind, TRUE, problem, error)) ||
      *problem != NULL)
    return *problem != NULL;
  /* Every row's mark is the last one recorded for it (none: in force). */
  stmt = mg_store_prepare (store,
      "SELECT seq, undone, marked FROM (SELECT seq, undone, coalesce ((SELECT m.undone FROM journal_mark AS m "
      "WHERE m.seq = journal.seq ORDER BY m.id DESC LIMIT 1), 0) AS marked FROM journal) "
      "WHERE undone IS NOT marked ORDER BY seq LIMIT 1", error);
  if (!stmt || (rc = mg_store_step (store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW)
    *problem = g_strdup_printf (_("journal row %lld is marked %s, but Melee GM recorded it %s (its undo mark was changed outside Melee GM)"),
                                (long long) sqlite3_column_int64 (stmt, 0),
                                mark_words (sqlite3_column_int64 (stmt, 1)),
                                mark_words (sqlite3_column_int64 (stmt, 2)));
  return TRUE;
}

static gboolean
last_link (MgStore *store, const char *sql, gint64 *key, guint8 *hash, GError **error)
{
  g_autoptr(MgStoreStmt) stmt = mg_store_prepare (store, sql, error);
  int rc;

  *key = 0;
  memset (hash, 0, MG_CHAIN_HASH_LEN);
  if (!stmt || (rc = mg_store_step (store, stmt, error)) < 0)
    return FALSE;
  if (rc == SQLITE_ROW)
    {
      int n = sqlite3_column_bytes (stmt, 1);

      *key = sqlite3_column_int64 (stmt, 0);
      if (n > 0 && n <= MG_CHAIN_HASH_LEN)   /* a public hash: its 16 bytes, the rest 0 */
        memcpy (hash, sqlite3_column_blob (stmt, 1), (size_t) n);
    }
  return TRUE;
}

gboolean
mg_chain_head (MgStore *store, MgChainHead *head, GError **error)
{
  return last_link (store, "SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1", &head->seq, head->row, error) &&
         last_link (store, "SELECT id, hash FROM journal_mark ORDER BY id DESC LIMIT 1", &head->mark, head->mark_hash, error);
}

gboolean
mg_chain_public_head (MgStore *store, MgChainHead *head, GError **error)
{
  return last_link (store, "SELECT seq, public_hash FROM journal ORDER BY seq DESC LIMIT 1", &head->seq, head->row, error) &&
         last_link (store, "SELECT id, hash FROM journal_mark ORDER BY id DESC LIMIT 1", &head->mark, head->mark_hash, error);
}

static void
append_hex (GString *out, const guint8 *bytes, gsize n)
{
  for (gsize i = 0; i < n; i++)
    g_string_append_printf (out, "%02x", bytes[i]);
}

char *
mg_chain_head_to_string (const MgChainHead *head)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%" G_GINT64_FORMAT " ", head->seq);
  append_hex (out, head->row, MG_CHAIN_HASH_LEN);
  g_string_append_printf (out, " %" G_GINT64_FORMAT " ", head->mark);
  append_hex (out, head->mark_hash, MG_CHAIN_HASH_LEN);
  return g_string_free (out, FALSE);
}

static gboolean
parse_hex (const char *text, guint8 *out)
{
  if (text == NULL || strlen (text) != 2 * MG_CHAIN_HASH_LEN)
    return FALSE;
  for (guint i = 0; i < MG_CHAIN_HASH_LEN; i++)
    {
      int hi = g_ascii_xdigit_value (text[2 * i]), lo = g_ascii_xdigit_value (text[2 * i + 1]);

      if (hi < 0 || lo < 0)
        return FALSE;
      out[i] = (guint8) (hi << 4 | lo);
    }
  return TRUE;
}

gboolean
mg_chain_head_parse (const char *text, MgChainHead *head)
{
  g_auto(GStrv) parts = text ? g_strsplit (text, " ", 5) : NULL;
  char *end = NULL;

  if (parts == NULL || g_strv_length (parts) != 4)
    return FALSE;
  head->seq = g_ascii_strtoll (parts[0], &end, 10);
  if (*end || !parse_hex (parts[1], head->row))
    return FALSE;
  head->mark = g_ascii_strtoll (parts[2], &end, 10);
  return *end == '\0' && parse_hex (parts[3], head->mark_hash);
}

char *
mg_chain_fingerprint (const MgChainHead *head, gboolean public)
{
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA256);
  const char *tag = public ? "melee-gm public fingerprint v1" : "melee-gm fingerprint v1";
  guint8 digest[MG_CHAIN_HASH_LEN];
  gsize len = sizeof digest;
  char *out;

  g_checksum_update (sum, (const guchar *) tag, (gssize) strlen (tag));
  g_checksum_update (sum, head->row, MG_CHAIN_HASH_LEN);
  g_checksum_update (sum, head->mark_hash, MG_CHAIN_HASH_LEN);
  g_checksum_get_digest (sum, digest, &len);
  g_checksum_free (sum);
  out = g_strdup_printf ("%02x%02x-%02x%02x-%02x%02x", digest[0], digest[1], digest[2], digest[3],
                         digest[4], digest[5]);
  return out;
}

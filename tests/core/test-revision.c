/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-revision.c — a campaign played under one revision of its game's engine, opened by a Melee
 * GM whose engine has another (schema/0010, MgGame.engine_revision). The fake engine's revision 2
 * mends a rule (an `add` counts twice; 13 is refused), as a later version might mend one. */
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-fake-engine.h"
#include "mg-core-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *players[] = { "Ann", "Bob", NULL };

/* Row 50 of the campaigns `renewed` opens: adds nothing, and mg_fake_tells counts its replays. */
#define TELL "{\"type\": \"tell\", \"value\": 0}"

#define ROWS 100   /* over a snapshot's interval (mg-campaign-private.h): several snapshots */

static MgCampaign *
new_fake (const char *path)
{
  g_autoptr(GError) error = NULL;
  json_object *ruleset = json_tokener_parse ("{\"sides\": 6, \"per_turn\": 10}");
  MgCampaign *c = mg_campaign_create (path, "fake", "Revisions", players, ruleset, 7, &error);

  json_object_put (ruleset);
  g_assert_no_error (error);
  return c;
}

/* ROWS actions, rolls and additions (`extra`, if not NULL, as row 50); returns what the additions
 * add under revision 1. */
static gint64
play (MgCampaign *c, const char *extra)
{
  gint64 added = 0;

  for (int i = 0; i < ROWS; i++)
    {
      g_autofree char *text = NULL;

      if (i == 50 && extra != NULL)
        text = g_strdup (extra);
      else if (i % 3 == 0)
        text = g_strdup ("{\"type\": \"roll\", \"player\": \"Ann\", \"n\": 2}");
      else
        {
          text = g_strdup_printf ("{\"type\": \"add\", \"value\": %d}", i % 5 + 1);
          added += i % 5 + 1;
        }
      mg_test_act (c, text);
    }
  return added;
}

static gint64 total (MgCampaign *c);

/* A campaign at `path` played under `revision` (play (extra)) and closed: what its additions
 * added, and its total then, if asked for. */
static void
played_file (const char *path, guint revision, const char *extra, gint64 *added, gint64 *total_then)
{
  g_autoptr(MgCampaign) c = NULL;
  gint64 a;

  mg_fake_set_revision (revision);
  c = new_fake (path);
  a = play (c, extra);
  if (added != NULL)
    *added = a;
  if (total_then != NULL)
    *total_then = total (c);
}

static gint64
total (MgCampaign *c)
{
  json_object *json = mg_state_to_json (mg_campaign_get_state (c));
  json_object *member = NULL;
  gint64 t;

  g_assert_true (json_object_object_get_ex (json, "total", &member));
  t = json_object_get_int64 (member);
  json_object_put (json);
  return t;
}

static char *
sql_text (const char *path, const char *sql)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  char *text = mg_test_sql_text (db, sql);

  sqlite3_close (db);
  return text;
}

static gint64
sql_int (const char *path, const char *sql)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  gint64 n = mg_test_sql_int (db, sql);

  sqlite3_close (db);
  return n;
}

static void
record_progress (double fraction, gpointer data)
{
  g_array_append_val ((GArray *) data, fraction);
}

#define SNAPSHOTS_SQL "SELECT group_concat (seq || ':' || turn || ':' || state, ';') FROM (SELECT * FROM snapshot ORDER BY seq)"
/* What a row is and proves: no column of it may change when its snapshots are made again. */
#define JOURNAL_SQL "SELECT group_concat (seq || action || dice || events || summary || undone || hex (hash) || " \
                    "hex (public_hash), ';') FROM (SELECT * FROM journal ORDER BY seq)"

/* Played under revision 1, opened by revision 2: the journal is replayed from its start under the
 * mended rule, its snapshots and entity table made again as a campaign played under revision 2
 * has them, the revision kept; the journal and its chains untouched; `check` passes and play goes
 * on. `unsealed`: the file is not as this computer's Melee GM left it (a copy), so the renewal's
 * check also proves the chains. Before schema 10, the open took the last revision-1 snapshot and
 * replayed the rows after it under revision 2: a total neither revision gives, and `check` found
 * "damage". */
static void
renewed (gconstpointer data)
{
  gboolean unsealed = GPOINTER_TO_INT (data);
  g_autofree char *path = mg_test_tmpfile ("old.mgc");
  g_autofree char *fresh_path = mg_test_tmpfile ("fresh.mgc");
  g_autofree char *journal_before = NULL, *journal_after = NULL, *snaps_v1 = NULL;
  g_autofree char *snaps_after = NULL, *snaps_fresh = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(MgCampaign) fresh = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  gint64 added, total_v1, leader_gp;
  guint tells;

  played_file (path, 1, TELL, &added, &total_v1);
  if (unsealed)
    mg_campaign_accept_lost (path);   /* the seal removed: as a copy from another computer */
  journal_before = sql_text (path, JOURNAL_SQL);
  snaps_v1 = sql_text (path, SNAPSHOTS_SQL);
  g_assert_cmpint (sql_int (path, "SELECT count (*) FROM snapshot"), >=, 2);
  g_assert_cmpint (sql_int (path, "SELECT engine_revision FROM campaign"), ==, 1);

  mg_fake_set_revision (2);
  tells = mg_fake_tells ();
  c = mg_campaign_open_with_progress (path, record_progress, fractions, &error);
  g_assert_no_error (error);
  /* The journal replayed once: the renewal's replay is the state (the load left it to it). */
  g_assert_cmpuint (mg_fake_tells () - tells, ==, 1);
  /* The renewal said how far it was, forward only, within the open's whole. */
  g_assert_cmpuint (fractions->len, >=, 1);
  for (guint i = 0; i < fractions->len; i++)
    {
      g_assert_cmpfloat (g_array_index (fractions, double, i), >=, i ? g_array_index (fractions, double, i - 1) : 0.0);
      g_assert_cmpfloat (g_array_index (fractions, double, i), <=, 1.0);
    }
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), >, 0.0);
  g_array_set_size (fractions, 0);
  /* Every addition counted twice, the dice as recorded. */
  g_assert_cmpint (total (c), ==, total_v1 + added);
  g_assert_cmpint (sql_int (path, "SELECT engine_revision FROM campaign"), ==, 2);
  journal_after = sql_text (path, JOURNAL_SQL);
  g_assert_cmpstr (journal_after, ==, journal_before);
  snaps_after = sql_text (path, SNAPSHOTS_SQL);
  g_assert_cmpstr (snaps_after, !=, snaps_v1);
  /* The Chronicle's points, the earlier engine's too, are to be read again (the fake game has
   * no charts, so none were kept: the whole journal is pending). */
  g_assert_cmpint (sql_int (path, "SELECT upto FROM chronicle_pending"), ==, ROWS);
  leader_gp = sql_int (path, "SELECT gp FROM leader WHERE name = 'Total'");
  g_assert_cmpint (leader_gp, ==, total_v1 + added);

  /* The same play under revision 2 from the start: the same snapshots, at the same rows. */
  fresh = new_fake (fresh_path);
  play (fresh, TELL);
  g_assert_cmpint (total (fresh), ==, total (c));
  g_clear_object (&fresh);
  snaps_fresh = sql_text (fresh_path, SNAPSHOTS_SQL);
  g_assert_cmpstr (snaps_after, ==, snaps_fresh);

  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  mg_test_act (c, "{\"type\": \"add\", \"value\": 4}");
  g_assert_cmpint (total (c), ==, total_v1 + added + 8);
  g_clear_object (&c);

  /* Opened again: nothing left to renew (no progress to tell), the state as it was left. */
  c = mg_campaign_open_with_progress (path, record_progress, fractions, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fractions->len, ==, 0);
  g_assert_cmpint (total (c), ==, total_v1 + added + 8);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_clear_object (&c);
  mg_fake_set_revision (1);
}

/* A row the mended rule refuses (13, accepted by revision 1): the open is refused with that row
 * and the engine's reason, as neither damage nor a newer file; the files are left byte for byte,
 * and the revision that played it still opens it. */
static void
no_longer_replays (void)
{
  g_autofree char *path = mg_test_tmpfile ("refused.mgc");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(GError) error = NULL;

  played_file (path, 1, "{\"type\": \"add\", \"value\": 13}", NULL, NULL);
  before = mg_test_checksum_all (path);

  mg_fake_set_revision (2);
  c = mg_campaign_open (path, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_REPLAY);
  g_assert_nonnull (strstr (error->message, "revision 1 of Melee GM’s Fake rules"));
  g_assert_nonnull (strstr (error->message, "(revision 2)"));
  g_assert_nonnull (strstr (error->message, "Journal row 51: "));
  g_assert_nonnull (strstr (error->message, "Revision 2 refuses 13"));
  g_assert_nonnull (strstr (error->message, "nothing was changed"));
  g_clear_error (&error);
  c = mg_campaign_open_read_only (path, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_REPLAY);
  g_clear_error (&error);
  after = mg_test_checksum_all (path);
  g_assert_cmpstr (after, ==, before);

  mg_fake_set_revision (1);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
}

/* Played under revision 2, opened by a Melee GM whose engine is at 1: too new, left as it is. */
static void
newer_revision (void)
{
  g_autofree char *path = mg_test_tmpfile ("newer.mgc");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(GError) error = NULL;

  played_file (path, 2, NULL, NULL, NULL);
  g_assert_cmpint (sql_int (path, "SELECT engine_revision FROM campaign"), ==, 2);
  before = mg_test_checksum_all (path);

  mg_fake_set_revision (1);
  c = mg_campaign_open (path, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "Fake rules are at revision 2 (this version’s are at 1)"));
  after = mg_test_checksum_all (path);
  g_assert_cmpstr (after, ==, before);
}

/* A file this process may not write (opened read-only, as for another thread's check, or a
 * read-only folder): shown as revision 2 replays it, checked without comparing revision 1's
 * snapshots, and nothing written: its revision stays 1 for a Melee GM that can renew it. */
static void
read_only (void)
{
  g_autofree char *path = mg_test_tmpfile ("ro.mgc");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(GError) error = NULL;
  gint64 added, total_v1;

  played_file (path, 1, NULL, &added, &total_v1);
  before = mg_test_checksum_all (path);

  mg_fake_set_revision (2);
  c = mg_campaign_open_read_only (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (total (c), ==, total_v1 + added);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_clear_object (&c);
  after = mg_test_checksum_all (path);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (sql_int (path, "SELECT engine_revision FROM campaign"), ==, 1);
  mg_fake_set_revision (1);
}

static char *
state_text (MgState *state)
{
  json_object *json = mg_state_to_json (state);
  char *text = g_strdup (json_object_to_json_string_ext (json, JSON_C_TO_STRING_PLAIN));

  json_object_put (json);
  mg_state_free (state);
  return text;
}

/* The state after each row, as a campaign renewed under revision 2 has it (its own snapshots). */
static GPtrArray *
renewed_states (const char *path)
{
  g_autofree char *copy = mg_test_tmpfile ("renewed-copy.mgc");
  g_autofree char *contents = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *states = g_ptr_array_new_with_free_func (g_free);
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, length, NULL));
  c = mg_campaign_open (copy, &error);
  g_assert_no_error (error);
  g_ptr_array_add (states, NULL);   /* index = seq */
  for (gint64 seq = 1; seq <= ROWS; seq++)
    g_ptr_array_add (states, state_text (mg_campaign_state_at (c, seq, &error)));
  g_assert_no_error (error);
  return states;
}

/* A stale campaign that cannot be renewed (read-only) had no snapshot to start from: each Journal
 * step replayed from the journal's start (Meeple, 1M rows: 5 s a step, up to 14). Its replays
 * keep states in memory: a step after row 64 (the first kept, MG_CAMPAIGN_SNAPSHOT_MAX_ROWS) no longer replays
 * row 51 (TELL), and every step shows what the renewed campaign's snapshots give. When another
 * connection undoes rows under a kept state, it is dropped, not built on. */
static void
read_only_steps (void)
{
  g_autofree char *path = mg_test_tmpfile ("ro-steps.mgc");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GPtrArray) renewed = NULL;
  g_autoptr(MgCampaign) c = NULL;
  g_autoptr(MgCampaign) writer = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *at_64 = NULL;
  gboolean changed = FALSE;
  guint tells;

  played_file (path, 1, TELL, NULL, NULL);
  mg_fake_set_revision (2);
  renewed = renewed_states (path);

  /* A Melee GM of revision 1 has it open to play on; this one reads it (not renewed). */
  mg_fake_set_revision (1);
  writer = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  before = mg_test_checksum_all (path);
  mg_fake_set_revision (2);
  c = mg_campaign_open_read_only (path, &error);
  g_assert_no_error (error);
  for (gint64 seq = 1; seq <= ROWS; seq++)
    {
      g_autofree char *text = NULL;

      tells = mg_fake_tells ();
      text = state_text (mg_campaign_state_at (c, seq, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (text, ==, g_ptr_array_index (renewed, seq));
      /* From the start up to row 63 (row 51 replayed from 51 on); from row 64's state after it. */
      g_assert_cmpuint (mg_fake_tells () - tells, ==, seq >= 51 && seq < 64 ? 1 : 0);
    }
  /* Backwards too, and again: the same states, nothing replayed from the start after row 64. */
  tells = mg_fake_tells ();
  for (gint64 seq = ROWS; seq >= 64; seq--)
    {
      g_autofree char *text = state_text (mg_campaign_state_at (c, seq, &error));

      g_assert_cmpstr (text, ==, g_ptr_array_index (renewed, seq));
    }
  g_assert_cmpuint (mg_fake_tells (), ==, tells);
  after = mg_test_checksum_all (path);
  g_assert_cmpstr (after, ==, before);

  /* The revision-1 Melee GM undoes down to row 60 and plays on: the state kept after row 64 no
   * longer holds (rows 61-64 are undone). */
  mg_fake_set_revision (1);
  for (int i = 0; i < ROWS - 60; i++)
    {
      g_autoptr(MgJournalEntry) undone = mg_campaign_undo_entry (writer, &error);

      g_assert_no_error (error);
    }
  mg_test_act (writer, "{\"type\": \"add\", \"value\": 4}");
  mg_fake_set_revision (2);
  g_assert_true (mg_campaign_refresh (c, &changed, &error));
  g_assert_no_error (error);
  g_assert_true (changed);
  at_64 = state_text (mg_campaign_state_at (c, 64, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (at_64, ==, g_ptr_array_index (renewed, 60));
  mg_fake_set_revision (1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mg_game_register (mg_fake_game (2));
  g_test_add_data_func ("/revision/renewed", GINT_TO_POINTER (FALSE), renewed);
  g_test_add_data_func ("/revision/renewed-unsealed", GINT_TO_POINTER (TRUE), renewed);
  g_test_add_func ("/revision/no-longer-replays", no_longer_replays);
  g_test_add_func ("/revision/newer", newer_revision);
  g_test_add_func ("/revision/read-only", read_only);
  g_test_add_func ("/revision/read-only-steps", read_only_steps);
  return g_test_run ();
}

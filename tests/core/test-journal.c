/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-journal.c — the campaign journal: rows, refusals, dice, undo/redo, snapshots, sessions. */
#include "mg-campaign.h"
#include "mg-campaign-private.h"
#include "mg-store.h"
#include "mg-fake-engine.h"
#include "mg-core-test-util.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *two_players[] = { "Ann", "Bob", NULL };

static json_object *
fake_ruleset (int sides, int per_turn)
{
  json_object *r = json_object_new_object ();

  json_object_object_add (r, "sides", json_object_new_int (sides));
  json_object_object_add (r, "per_turn", json_object_new_int (per_turn));
  return r;
}

static MgCampaign *
new_fake (const char *path, int sides, int per_turn, guint32 seed)
{
  g_autoptr(GError) error = NULL;
  json_object *ruleset = fake_ruleset (sides, per_turn);
  MgCampaign *c = mg_campaign_create (path, "fake", "Test campaign", two_players, ruleset, seed, &error);

  json_object_put (ruleset);
  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static json_object *
parse (const char *text)
{
  json_object *o = json_tokener_parse (text);

  g_assert_nonnull (o);
  return o;
}

static MgJournalEntry *
act_ok (MgCampaign *c, const char *text)
{
  g_autoptr(GError) error = NULL;
  json_object *action = parse (text);
  MgJournalEntry *e = mg_campaign_act (c, action, &error);

  json_object_put (action);
  g_assert_no_error (error);
  g_assert_nonnull (e);
  return e;
}

static void
act_refused (MgCampaign *c, const char *text, GQuark domain, int code)
{
  g_autoptr(GError) error = NULL;
  json_object *action = parse (text);
  MgJournalEntry *e = mg_campaign_act (c, action, &error);

  json_object_put (action);
  g_assert_null (e);
  g_assert_error (error, domain, code);
}

static char *
state_text (const MgState *state)
{
  json_object *j = mg_state_to_json (state);
  char *s = g_strdup (json_object_to_json_string_ext (j, JSON_C_TO_STRING_PLAIN));

  json_object_put (j);
  return s;
}

static char *
current (MgCampaign *c)
{
  return state_text (mg_campaign_get_state (c));
}

static gint64
total_of (MgCampaign *c)
{
  json_object *j = mg_state_to_json (mg_campaign_get_state (c));
  gint64 t = json_object_get_int64 (json_object_object_get (j, "total"));

  json_object_put (j);
  return t;
}

static void
assert_state (MgCampaign *c, const char *expected)
{
  g_autofree char *now = current (c);

  g_assert_cmpstr (now, ==, expected);
}

static MgCampaign *
reopen (MgCampaign *c)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strdup (mg_campaign_get_path (c));
  MgCampaign *again;

  g_object_unref (c);
  again = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  return again;
}

static void
count_changed (MgCampaign *c, guint *n)
{
  (*n)++;
}

/* ---- creation ----------------------------------------------------------------------------- */

static void
test_create_open (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_fake (path, 6, 2, 42);
  sqlite3 *db;
  g_autofree char *rs = NULL;
  g_autofree char *name = NULL;

  g_assert_cmpstr (mg_campaign_get_name (c), ==, "Test campaign");
  g_assert_cmpstr (mg_campaign_get_game_id (c), ==, "fake");
  g_assert_true (mg_campaign_get_rules (c) == mg_fake_rules ());
  g_assert_cmpuint (mg_campaign_get_seed (c), ==, 42);
  g_assert_cmpstrv (mg_campaign_get_players (c), two_players);
  g_assert_cmpint (mg_campaign_get_session (c), ==, 1);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 0);
  g_assert_false (mg_campaign_can_undo (c));
  g_assert_false (mg_campaign_can_redo (c));
  g_assert_cmpint (json_object_get_int (json_object_object_get (mg_campaign_get_ruleset (c), "sides")), ==, 6);

  c = reopen (c);
  g_assert_cmpstr (mg_campaign_get_name (c), ==, "Test campaign");
  g_assert_cmpstrv (mg_campaign_get_players (c), two_players);
  g_assert_cmpuint (mg_campaign_get_seed (c), ==, 42);
  g_object_unref (c);

  /* What a referee sees with the sqlite3 shell. */
  db = mg_test_sqlite_open (path);
  name = mg_test_sql_text (db, "SELECT name || '/' || game || '/' || seed FROM campaign");
  g_assert_cmpstr (name, ==, "Test campaign/fake/42");
  rs = mg_test_sql_text (db, "SELECT json_extract (ruleset, '$.per_turn') FROM campaign");
  g_assert_cmpstr (rs, ==, "2");
  g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM player"), ==, 2);
  g_free (name);
  name = mg_test_sql_text (db, "SELECT group_concat (name, ',') FROM (SELECT name FROM player ORDER BY seat)");
  g_assert_cmpstr (name, ==, "Ann,Bob");
  g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM session WHERE id = 1"), ==, 1);
  g_assert_cmpint (mg_test_sql_int (db, "SELECT created > 0 AND length (app_version) > 0 FROM campaign"), ==, 1);
  sqlite3_close (db);

  /* Creating over an existing file is refused and leaves it alone. */
  {
    g_autofree char *before = mg_test_checksum_all (path);
    g_autofree char *after = NULL;
    json_object *r = fake_ruleset (6, 2);

    c = mg_campaign_create (path, "fake", "Again", two_players, r, 1, &error);
    json_object_put (r);
    g_assert_null (c);
    g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_EXISTS);
    after = mg_test_checksum_all (path);
    g_assert_cmpstr (before, ==, after);
  }
}

static void
test_create_refused (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  const char *one[] = { "Solo", NULL };
  const char *five[] = { "a", "b", "c", "d", "e", NULL };
  const char *dup[] = { "Ann", "Ann", NULL };
  json_object *good = fake_ruleset (6, 2);
  json_object *bad = fake_ruleset (99, 2);
  MgCampaign *c;

  c = mg_campaign_create (path, "nosuchgame", "X", two_players, NULL, 1, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_UNKNOWN_GAME);
  g_clear_error (&error);

  c = mg_campaign_create (path, "fake", "X", five, good, 1, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID);
  g_clear_error (&error);

  c = mg_campaign_create (path, "fake", "X", dup, good, 1, &error);
  g_assert_null (c);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_INVALID);
  g_clear_error (&error);

  c = mg_campaign_create (path, "fake", "X", one, bad, 1, &error);
  g_assert_null (c);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  g_assert_true (g_str_has_prefix (error->message, "$.sides"));
  g_clear_error (&error);

  /* None of the refusals left a file behind. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  c = mg_campaign_create (path, "fake", "X", one, good, 1, &error);
  g_assert_no_error (error);
  g_object_unref (c);
  json_object_put (good);
  json_object_put (bad);
}

/* ---- acting ------------------------------------------------------------------------------- */

static void
test_act_row (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  MgCampaign *c = new_fake (path, 6, 2, 7);
  gint64 before = g_get_real_time ();
  g_autoptr(MgJournalEntry) e = act_ok (c, "{\"type\":\"roll\",\"player\":\"Ann\",\"n\":2,\"dice\":[3,5]}");
  g_autoptr(MgJournalEntry) f = NULL;
  g_autoptr(MgJournalEntry) got = NULL;
  g_autoptr(GError) error = NULL;
  gint64 after = g_get_real_time ();
  sqlite3 *db;
  sqlite3_stmt *stmt;

  g_assert_cmpint (e->seq, ==, 1);
  g_assert_cmpint (e->session, ==, 1);
  g_assert_cmpint (e->turn, ==, 1);
  g_assert_cmpstr (e->actor, ==, "Ann");
  g_assert_cmpstr (e->action, ==, "{\"type\":\"roll\",\"player\":\"Ann\",\"n\":2}");
  g_assert_cmpstr (e->dice, ==, "[{\"sides\":6,\"value\":3},{\"sides\":6,\"value\":5}]");
  g_assert_cmpstr (e->events, ==, "[{\"type\":\"rolled\",\"values\":[3,5]}]");
  g_assert_cmpstr (e->summary, ==, "Rolled 2 dice.");
  g_assert_cmpint (e->time, >=, before);
  g_assert_cmpint (e->time, <=, after);
  g_assert_false (e->undone);
  g_assert_cmpint (total_of (c), ==, 8);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);

  /* No player: the GM acted.  The second action ends turn 1; its row says turn 1. */
  f = act_ok (c, "{\"type\":\"add\",\"value\":4}");
  g_assert_cmpint (f->seq, ==, 2);
  g_assert_cmpstr (f->actor, ==, "GM");
  g_assert_cmpint (f->turn, ==, 1);
  g_assert_cmpstr (f->dice, ==, "[]");
  g_assert_cmpint (total_of (c), ==, 12);

  got = mg_campaign_journal_get (c, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (got->dice, ==, e->dice);
  g_assert_cmpstr (got->action, ==, e->action);
  g_assert_cmpint (got->time, ==, e->time);

  /* Committed: another connection sees every column before anything is closed. */
  db = mg_test_sqlite_open (path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT seq, session, turn, actor, action, dice, events, "
                                       "summary, time, undone FROM journal WHERE seq = 1", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int64 (stmt, 0), ==, 1);
  g_assert_cmpint (sqlite3_column_int64 (stmt, 1), ==, 1);
  g_assert_cmpint (sqlite3_column_int64 (stmt, 2), ==, 1);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 3), ==, "Ann");
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 4), ==, e->action);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 5), ==, e->dice);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 6), ==, e->events);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 7), ==, "Rolled 2 dice.");
  g_assert_cmpint (sqlite3_column_int64 (stmt, 8), ==, e->time);
  g_assert_cmpint (sqlite3_column_int64 (stmt, 9), ==, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);

  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_object_unref (c);
}

static void
test_act_refused (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  MgCampaign *c = new_fake (path, 6, 2, 7);
  g_autoptr(MgJournalEntry) e = act_ok (c, "{\"type\":\"roll\",\"n\":1,\"dice\":[2]}");
  g_autofree char *state = current (c);
  g_autofree char *sums = mg_test_checksum_all (path);
  struct { const char *action; GQuark domain; int code; } cases[] = {
    { "{\"type\":\"add\",\"value\":-5}",              MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL },
    { "{\"type\":\"dance\"}",                         MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION },
    { "[1,2]",                                        MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION },
    { "{\"type\":\"roll\",\"n\":1,\"dice\":[1,2]}",   MG_DICE_ERROR,  MG_DICE_ERROR_UNUSED },
    { "{\"type\":\"roll\",\"n\":2,\"dice\":[1]}",     MG_DICE_ERROR,  MG_DICE_ERROR_NOT_ENOUGH },
    { "{\"type\":\"roll\",\"n\":1,\"dice\":[7]}",     MG_DICE_ERROR,  MG_DICE_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"roll\",\"n\":1,\"dice\":\"six\"}", MG_DICE_ERROR,  MG_DICE_ERROR_BAD_JSON },
    { "{\"type\":\"add\",\"value\":1,\"dice\":[3]}",  MG_DICE_ERROR,  MG_DICE_ERROR_UNUSED },
  };
  guint changed = 0;

  g_signal_connect (c, "changed", G_CALLBACK (count_changed), &changed);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *now = NULL;
      g_autofree char *sums_now = NULL;

      g_test_message ("refusal %u: %s", i, cases[i].action);
      act_refused (c, cases[i].action, cases[i].domain, cases[i].code);
      now = current (c);
      g_assert_cmpstr (now, ==, state);
      g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);
      sums_now = mg_test_checksum_all (path);
      g_assert_cmpstr (sums_now, ==, sums);
    }
  g_assert_cmpuint (changed, ==, 0);

  /* After all those refusals the campaign still takes actions, numbered on. */
  {
    g_autoptr(MgJournalEntry) f = act_ok (c, "{\"type\":\"add\",\"value\":3}");
    g_autoptr(GError) error = NULL;

    g_assert_cmpint (f->seq, ==, 2);
    g_assert_cmpuint (changed, ==, 1);
    g_assert_true (mg_campaign_check (c, &error));
  }
  c = reopen (c);
  g_assert_cmpint (total_of (c), ==, 5);
  g_object_unref (c);
}

/* Values of a journal dice record. */
static GArray *
dice_values (const char *record)
{
  json_object *arr = parse (record);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (size_t i = 0; i < json_object_array_length (arr); i++)
    {
      json_object *die = json_object_array_get_idx (arr, i);
      int v = json_object_get_int (json_object_object_get (die, "value"));

      g_assert_cmpint (json_object_get_int (json_object_object_get (die, "sides")), ==, 20);
      g_assert_cmpint (v, >=, 1);
      g_assert_cmpint (v, <=, 20);
      g_array_append_val (out, v);
    }
  json_object_put (arr);
  return out;
}

static void
test_seeded_dice (void)
{
  g_autofree char *dir = mg_test_tmpdir ();
  g_autofree char *p1 = g_build_filename (dir, "a.mgc", NULL);
  g_autofree char *p2 = g_build_filename (dir, "b.mgc", NULL);
  g_autofree char *p3 = g_build_filename (dir, "c.mgc", NULL);
  MgCampaign *a = new_fake (p1, 20, 3, 1234);
  MgCampaign *b = new_fake (p2, 20, 3, 1234);
  MgCampaign *c = new_fake (p3, 20, 3, 4321);
  const char *roll = "{\"type\":\"roll\",\"player\":\"Bob\",\"n\":10}";
  g_autoptr(MgJournalEntry) a1 = act_ok (a, roll);
  g_autoptr(MgJournalEntry) a2 = act_ok (a, roll);
  g_autoptr(MgJournalEntry) b1 = act_ok (b, roll);
  g_autoptr(MgJournalEntry) c1 = act_ok (c, roll);
  g_autoptr(GArray) va1 = dice_values (a1->dice);
  g_autoptr(GArray) va2 = dice_values (a2->dice);
  g_autoptr(GArray) vb1 = dice_values (b1->dice);
  g_autoptr(GArray) vc1 = dice_values (c1->dice);
  g_autofree char *state = NULL;
  g_autofree char *again = NULL;
  gint64 sum = 0;

  /* Every die of a roll made in the app is recorded... */
  g_assert_cmpuint (va1->len, ==, 10);
  for (guint i = 0; i < va1->len; i++)
    sum += g_array_index (va1, int, i);
  for (guint i = 0; i < va2->len; i++)
    sum += g_array_index (va2, int, i);
  g_assert_cmpint (total_of (a), ==, sum);
  /* ...and depends on the campaign seed and the row only. */
  g_assert_cmpmem (va1->data, va1->len * sizeof (int), vb1->data, vb1->len * sizeof (int));
  g_assert_true (memcmp (va1->data, vc1->data, 10 * sizeof (int)) != 0);
  g_assert_true (memcmp (va1->data, va2->data, 10 * sizeof (int)) != 0);

  /* Reopening replays the recorded dice exactly (no snapshot yet: per_turn 3). */
  state = current (a);
  a = reopen (a);
  again = current (a);
  g_assert_cmpstr (state, ==, again);

  g_object_unref (a);
  g_object_unref (b);
  g_object_unref (c);
}

/* A write that fails after the engine changed the state: the error is SQLite's, nothing is
 * written, and memory is rebuilt to equal the file. */
static void
test_write_fails (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  const int min = MG_CAMPAIGN_SNAPSHOT_MIN_ROWS;
  MgCampaign *c = new_fake (path, 6, 1, 5);
  g_autofree char *before = NULL;
  g_autofree char *sums = NULL;
  json_object *action = parse ("{\"type\":\"roll\",\"n\":3,\"dice\":[1,2,3]}");
  MgJournalEntry *e;
  sqlite3 *db;

  for (int k = 1; k < min; k++)
    mg_journal_entry_free (act_ok (c, "{\"type\":\"add\",\"value\":1}"));
  before = current (c);

  /* The next row is due a snapshot (one action a turn, min rows): make that insert fail. */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "CREATE TRIGGER no_snap BEFORE INSERT ON snapshot BEGIN SELECT RAISE (ABORT, 'no room for a snapshot'); END");
  sqlite3_close (db);
  sums = mg_test_checksum_all (path);
  e = mg_campaign_act (c, action, &error);
  g_assert_null (e);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_SQLITE);
  g_assert_cmpstr (error->message, ==, "no room for a snapshot");
  g_clear_error (&error);
  assert_state (c, before);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, min - 1);
  {
    /* The row went with the snapshot: one transaction. */
    g_autofree char *sums_now = mg_test_checksum_all (path);
    g_assert_cmpstr (sums_now, ==, sums);
  }

  /* The same for the journal row itself. */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "DROP TRIGGER no_snap; CREATE TRIGGER no_row BEFORE INSERT ON journal BEGIN SELECT RAISE (ABORT, 'disk says no'); END");
  sqlite3_close (db);
  e = mg_campaign_act (c, action, &error);
  g_assert_null (e);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_SQLITE);
  g_assert_cmpstr (error->message, ==, "disk says no");
  g_clear_error (&error);
  assert_state (c, before);

  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "DROP TRIGGER no_row");
  sqlite3_close (db);
  e = act_ok (c, "{\"type\":\"roll\",\"n\":3,\"dice\":[1,2,3]}");
  g_assert_cmpint (e->seq, ==, min);
  mg_journal_entry_free (e);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  json_object_put (action);
  g_object_unref (c);
}

static void
test_validate (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_fake (path, 6, 2, 5);
  g_autofree char *sums = mg_test_checksum_all (path);
  json_object *ok = parse ("{\"type\":\"roll\",\"n\":2,\"dice\":[1,2]}");
  json_object *bad = parse ("{\"type\":\"add\",\"value\":-2}");

  /* Only checks: the dice are not looked at, nothing is written. */
  g_assert_true (mg_campaign_validate (c, ok, &error));
  g_assert_no_error (error);
  g_assert_false (mg_campaign_validate (c, bad, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "The total never goes down");
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 0);
  {
    g_autofree char *sums_now = mg_test_checksum_all (path);
    g_assert_cmpstr (sums_now, ==, sums);
  }
  json_object_put (ok);
  json_object_put (bad);
  g_object_unref (c);
}

/* ---- undo / redo -------------------------------------------------------------------------- */

/* Six actions, per_turn 2; states[k] = the state after k actions. */
static MgCampaign *
six_actions (const char *path, char *states[7])
{
  MgCampaign *c = new_fake (path, 6, 2, 99);

  states[0] = current (c);
  for (int k = 1; k <= 6; k++)
    {
      g_autofree char *text = g_strdup_printf ("{\"type\":\"roll\",\"n\":1,\"dice\":[%d]}", k);
      g_autoptr(MgJournalEntry) e = act_ok (c, text);

      states[k] = current (c);
    }
  return c;
}

static void
free_states (char *states[7])
{
  for (int k = 0; k < 7; k++)
    g_free (states[k]);
}

static void
undo (MgCampaign *c, guint steps, guint expect_done)
{
  g_autoptr(GError) error = NULL;
  guint done = 99;

  g_assert_true (mg_campaign_undo (c, steps, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, expect_done);
}

static void
redo (MgCampaign *c, guint steps, guint expect_done)
{
  g_autoptr(GError) error = NULL;
  guint done = 99;

  g_assert_true (mg_campaign_redo (c, steps, &done, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (done, ==, expect_done);
}

static void
assert_nothing (gboolean (*fn) (MgCampaign *, guint, guint *, GError **), MgCampaign *c)
{
  g_autoptr(GError) error = NULL;
  guint done = 99;

  g_assert_false (fn (c, 1, &done, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOTHING);
  g_assert_cmpuint (done, ==, 0);
}

static char *
undone_flags (const char *path)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  char *flags = mg_test_sql_text (db, "SELECT group_concat (undone, '') FROM (SELECT undone FROM journal ORDER BY seq)");

  sqlite3_close (db);
  return flags;
}

static void
assert_flags (const char *path, const char *expected)
{
  g_autofree char *flags = undone_flags (path);

  g_assert_cmpstr (flags, ==, expected);
}

static void
test_undo_redo (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  char *s[7];
  MgCampaign *c = six_actions (path, s);
  g_autoptr(GError) error = NULL;

  assert_nothing (mg_campaign_redo, c);
  undo (c, 1, 1);
  assert_state (c, s[5]);
  g_assert_true (mg_campaign_can_redo (c));
  undo (c, 2, 2);
  assert_state (c, s[3]);
  assert_flags (path, "000111");
  redo (c, 1, 1);
  assert_state (c, s[4]);
  assert_flags (path, "000011");
  redo (c, 5, 2);
  assert_state (c, s[6]);
  g_assert_false (mg_campaign_can_redo (c));
  assert_nothing (mg_campaign_redo, c);

  undo (c, 10, 6);
  assert_state (c, s[0]);
  g_assert_false (mg_campaign_can_undo (c));
  assert_nothing (mg_campaign_undo, c);
  /* Undone rows are kept, with their content. */
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 6);
  assert_flags (path, "111111");
  redo (c, 6, 6);
  assert_state (c, s[6]);
  assert_flags (path, "000000");
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);

  g_object_unref (c);
  free_states (s);
}

/* "Total"'s gp and food in the leader table, as the sqlite3 shell would read them: "gp/food". */
static char *
leader_row (const char *path)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  char *text = mg_test_sql_text (db, "SELECT gp || '/' || food || '/' || ifnull (capital, '-') "
                                     "FROM leader WHERE name = 'Total'");

  g_assert_cmpint (mg_test_sql_int (db, "SELECT count (*) FROM leader"), ==, 1);
  sqlite3_close (db);
  return text;
}

/* The entity tables mirror the state in force after create, act, undo, redo, reopen and a
 * ruleset change (schema/0002-entities.sql). */
static void
test_entity_tables (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  char *s[7];
  MgCampaign *c = new_fake (path, 6, 2, 1);
  g_autofree char *t0 = leader_row (path);
  g_autoptr(GError) error = NULL;
  json_object *ruleset;

  g_assert_cmpstr (t0, ==, "0/0/-");
  g_object_unref (c);
  g_unlink (path);
  c = six_actions (path, s);   /* dice 1..6: total 21 after 6 actions */
  g_free (t0);
  t0 = leader_row (path);
  g_assert_cmpstr (t0, ==, "21/6/-");
  undo (c, 2, 2);
  g_free (t0);
  t0 = leader_row (path);
  g_assert_cmpstr (t0, ==, "10/4/-");
  redo (c, 1, 1);
  c = reopen (c);
  g_free (t0);
  t0 = leader_row (path);
  g_assert_cmpstr (t0, ==, "15/5/-");

  /* A ruleset that still replays rewrites the mirror from the replayed state. */
  ruleset = fake_ruleset (6, 3);
  g_assert_true (mg_campaign_set_ruleset (c, ruleset, &error));
  g_assert_no_error (error);
  json_object_put (ruleset);
  g_free (t0);
  t0 = leader_row (path);
  g_assert_cmpstr (t0, ==, "15/5/-");

  g_object_unref (c);
  free_states (s);
}

/* An engine that gives rows its table cannot take is a fault of the program, not of the file:
 * refused with MG_CAMPAIGN_ERROR_ENGINE (not "damaged", which sends a referee to a backup),
 * nothing written, memory as before, and the next legal action recorded. */
static void
test_engine_fault (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *c = new_fake (path, 6, 2, 1);
  g_autofree char *before = NULL;
  g_autofree char *sums = NULL;
  g_autofree char *sums_now = NULL;
  g_autofree char *text = NULL;
  json_object *action;

  mg_journal_entry_free (act_ok (c, "{\"type\":\"add\",\"value\":3}"));
  before = current (c);
  sums = mg_test_checksum_all (path);
  text = g_strdup_printf ("{\"type\":\"add\",\"value\":%d}", MG_FAKE_BROKEN_TOTAL - 3);
  action = parse (text);
  g_assert_null (mg_campaign_act (c, action, &error));
  json_object_put (action);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_ENGINE);
  g_assert_null (strstr (error->message, "damaged"));
  g_assert_nonnull (strstr (error->message, "do not fit their columns"));
  g_clear_error (&error);
  assert_state (c, before);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);
  sums_now = mg_test_checksum_all (path);
  g_assert_cmpstr (sums_now, ==, sums);

  mg_journal_entry_free (act_ok (c, "{\"type\":\"add\",\"value\":4}"));
  g_assert_cmpint (total_of (c), ==, 7);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_object_unref (c);
}

static void
test_undo_reopen (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  char *s[7];
  MgCampaign *c = six_actions (path, s);

  undo (c, 3, 3);
  c = reopen (c);
  assert_state (c, s[3]);
  g_assert_true (mg_campaign_can_redo (c));
  g_assert_true (mg_campaign_can_undo (c));
  redo (c, 1, 1);
  c = reopen (c);
  assert_state (c, s[4]);
  redo (c, 2, 2);
  assert_state (c, s[6]);
  c = reopen (c);
  assert_state (c, s[6]);
  g_assert_false (mg_campaign_can_redo (c));
  undo (c, 6, 6);
  c = reopen (c);
  assert_state (c, s[0]);
  g_assert_false (mg_campaign_can_undo (c));
  g_assert_true (mg_campaign_can_redo (c));

  g_object_unref (c);
  free_states (s);
}

static void
test_act_after_undo (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  char *s[7];
  MgCampaign *c = six_actions (path, s);
  g_autoptr(MgJournalEntry) e = NULL;
  g_autofree char *after_new = NULL;

  undo (c, 2, 2);                                            /* rows 5, 6 undone */
  e = act_ok (c, "{\"type\":\"add\",\"value\":100}");        /* row 7 */
  g_assert_cmpint (e->seq, ==, 7);
  g_assert_cmpint (e->turn, ==, 3);                          /* 4 actions in force, per_turn 2 */
  g_assert_false (mg_campaign_can_redo (c));
  assert_nothing (mg_campaign_redo, c);
  /* 5 and 6 are undone for good, still kept and listed. */
  assert_flags (path, "0000220");
  rows = mg_campaign_journal_range (c, 0, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rows->len, ==, 7);
  g_assert_true (((MgJournalEntry *) rows->pdata[4])->undone);
  g_assert_true (((MgJournalEntry *) rows->pdata[5])->undone);
  g_assert_false (((MgJournalEntry *) rows->pdata[6])->undone);
  g_assert_cmpstr (((MgJournalEntry *) rows->pdata[5])->dice, ==, "[{\"sides\":6,\"value\":6}]");
  g_assert_cmpint (total_of (c), ==, 1 + 2 + 3 + 4 + 100);
  after_new = current (c);

  /* Undo row 7 and row 4; redo brings back 4 then 7, never 5 or 6. */
  undo (c, 2, 2);
  assert_state (c, s[3]);
  assert_flags (path, "0001221");
  redo (c, 10, 2);
  assert_state (c, after_new);
  assert_flags (path, "0000220");
  c = reopen (c);
  assert_state (c, after_new);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);

  g_object_unref (c);
  free_states (s);
}

/* ---- snapshots, replay -------------------------------------------------------------------- */

static char *
snapshot_list (const char *path)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  char *list = mg_test_sql_text (db, "SELECT group_concat (seq || ':' || turn, ' ') FROM (SELECT * FROM snapshot ORDER BY seq)");

  sqlite3_close (db);
  return list;
}

static void
assert_snapshots (const char *path, const char *expected)
{
  g_autofree char *list = snapshot_list (path);

  g_assert_cmpstr (list, ==, expected);
}

/* n actions {"type":"add","value":k} for k = 1..n; states[k] = the state after k of them. */
static MgCampaign *
n_adds (const char *path, int per_turn, int n, GPtrArray *states)
{
  MgCampaign *c = new_fake (path, 6, per_turn, 5);

  g_ptr_array_add (states, current (c));
  for (int k = 1; k <= n; k++)
    {
      g_autofree char *text = g_strdup_printf ("{\"type\":\"add\",\"value\":%d}", k);

      mg_journal_entry_free (act_ok (c, text));
      g_ptr_array_add (states, current (c));
    }
  return c;
}

static void
test_snapshots (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) s = g_ptr_array_new_with_free_func (g_free);
  const int min = MG_CAMPAIGN_SNAPSHOT_MIN_ROWS;
  MgCampaign *c = n_adds (path, 2, 2 * min + 6, s);
  g_autofree char *expected = NULL;
  g_autofree char *first = NULL;
  sqlite3 *db;

  /* Only at turn boundaries (after even rows here), the first once `min` rows were applied
   * since the last snapshot: after row min (turn min/2 + 1) and row 2 min. */
  first = g_strdup_printf ("%d:%d", min, min / 2 + 1);
  expected = g_strdup_printf ("%s %d:%d", first, 2 * min, min + 1);
  assert_snapshots (path, expected);
  db = mg_test_sqlite_open (path);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT state FROM snapshot WHERE seq = %d", 2 * min);
    g_autofree char *snap = mg_test_sql_text (db, sql);

    g_assert_cmpstr (snap, ==, s->pdata[2 * min]);
  }
  sqlite3_close (db);

  /* Replay step by step crosses them and agrees with what was seen live. */
  for (gint64 k = 0; k <= 2 * min + 6; k++)
    {
      g_autoptr(MgState) st = mg_campaign_state_at (c, k, &error);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = state_text (st);
      g_assert_cmpstr (text, ==, s->pdata[k]);
    }

  /* Undo drops snapshots at or after the first undone row; redo writes them again. */
  undo (c, 10, 10);
  assert_snapshots (path, first);
  assert_state (c, s->pdata[2 * min - 4]);
  redo (c, 10, 10);
  assert_snapshots (path, expected);
  g_object_unref (c);

  /* Open starts from the last snapshot: a row changed before it does not stop the campaign
   * from opening, but check finds it: the journal's chain names it (issue 42). */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "UPDATE journal SET action = '{\"type\":\"add\",\"value\":-1}' WHERE seq = 1");
  sqlite3_close (db);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  assert_state (c, s->pdata[2 * min + 6]);
  g_assert_false (mg_campaign_check (c, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "journal row 1 is not what Melee GM wrote"));
  g_clear_error (&error);
  g_object_unref (c);

  /* Repair the row, damage a snapshot: check names it. */
  db = mg_test_sqlite_open (path);
  mg_test_sql_exec (db, "UPDATE journal SET action = '{\"type\":\"add\",\"value\":1}' WHERE seq = 1");
  {
    g_autofree char *sql = g_strdup_printf ("UPDATE snapshot SET state = replace (state, '\"total\":', '\"total\":1') WHERE seq = %d", min);
    mg_test_sql_exec (db, sql);
  }
  sqlite3_close (db);
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (mg_campaign_check (c, &error));
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_CORRUPT);
  {
    g_autofree char *where = g_strdup_printf ("row %d ", min);
    g_assert_nonnull (strstr (error->message, where));
  }
  g_object_unref (c);
}

/* A turn that never ends still gets a snapshot every MAX rows. */
static void
test_snapshot_long_turn (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GPtrArray) s = g_ptr_array_new_with_free_func (g_free);
  const int max = MG_CAMPAIGN_SNAPSHOT_MAX_ROWS;
  MgCampaign *c = n_adds (path, 100000, max + 3, s);
  g_autofree char *expected = g_strdup_printf ("%d:1", max);

  assert_snapshots (path, expected);
  c = reopen (c);
  assert_state (c, s->pdata[max + 3]);
  g_object_unref (c);
}

static void
test_state_at (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  char *s[7];
  MgCampaign *c = six_actions (path, s);
  MgState *st;

  for (gint64 k = 0; k <= 6; k++)
    {
      g_autofree char *text = NULL;

      st = mg_campaign_state_at (c, k, &error);
      g_assert_no_error (error);
      text = state_text (st);
      g_assert_cmpstr (text, ==, s[k]);
      mg_state_free (st);
    }
  st = mg_campaign_state_at (c, 7, &error);
  g_assert_null (st);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Undone rows are skipped: after undoing 4..6 and one new row (7), the state after row 5
   * is the state after row 3. */
  undo (c, 3, 3);
  {
    g_autoptr(MgJournalEntry) e = act_ok (c, "{\"type\":\"add\",\"value\":10}");
    g_autofree char *t5 = NULL;
    g_autofree char *t7 = NULL;

    st = mg_campaign_state_at (c, 5, &error);
    g_assert_no_error (error);
    t5 = state_text (st);
    mg_state_free (st);
    g_assert_cmpstr (t5, ==, s[3]);
    st = mg_campaign_state_at (c, 7, &error);
    t7 = state_text (st);
    mg_state_free (st);
    assert_state (c, t7);
  }
  g_object_unref (c);
  free_states (s);
}

static void
test_journal_range (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  char *s[7];
  MgCampaign *c = six_actions (path, s);
  g_autoptr(GPtrArray) page = mg_campaign_journal_range (c, 2, 3, &error);
  g_autoptr(GPtrArray) tail = NULL;
  MgJournalEntry *e;

  g_assert_no_error (error);
  g_assert_cmpuint (page->len, ==, 3);
  g_assert_cmpint (((MgJournalEntry *) page->pdata[0])->seq, ==, 3);
  g_assert_cmpint (((MgJournalEntry *) page->pdata[2])->seq, ==, 5);
  tail = mg_campaign_journal_range (c, 5, 100, &error);
  g_assert_cmpuint (tail->len, ==, 1);
  g_assert_cmpstr (((MgJournalEntry *) tail->pdata[0])->dice, ==, "[{\"sides\":6,\"value\":6}]");
  g_clear_pointer (&tail, g_ptr_array_unref);
  tail = mg_campaign_journal_range (c, 6, 100, &error);
  g_assert_cmpuint (tail->len, ==, 0);

  e = mg_campaign_journal_get (c, 99, &error);
  g_assert_null (e);
  g_assert_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_NOT_FOUND);
  g_object_unref (c);
  free_states (s);
}

/* ---- sessions, ruleset, signal, two connections ------------------------------------------- */

static void
test_sessions (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  MgCampaign *c = new_fake (path, 6, 2, 1);
  g_autoptr(MgJournalEntry) e1 = act_ok (c, "{\"type\":\"add\",\"value\":1}");
  g_autoptr(MgJournalEntry) e2 = NULL;
  guint changed = 0;
  gint64 id;

  g_signal_connect (c, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_cmpint (e1->session, ==, 1);
  id = mg_campaign_new_session (c, "Second evening", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, ==, 2);
  g_assert_cmpint (mg_campaign_get_session (c), ==, 2);
  g_assert_cmpuint (changed, ==, 1);
  e2 = act_ok (c, "{\"type\":\"add\",\"value\":1}");
  g_assert_cmpint (e2->session, ==, 2);

  c = reopen (c);
  g_assert_cmpint (mg_campaign_get_session (c), ==, 2);
  id = mg_campaign_new_session (c, NULL, &error);
  g_assert_cmpint (id, ==, 3);
  list = mg_campaign_list_sessions (c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpstr (((MgSession *) list->pdata[0])->name, ==, "Session 1");
  g_assert_cmpstr (((MgSession *) list->pdata[1])->name, ==, "Second evening");
  g_assert_cmpstr (((MgSession *) list->pdata[2])->name, ==, "Session 3");
  g_assert_cmpint (((MgSession *) list->pdata[1])->started, >, 0);
  g_object_unref (c);
}

static void
test_set_ruleset (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  const int min = MG_CAMPAIGN_SNAPSHOT_MIN_ROWS, rows = min + 8;
  MgCampaign *c = new_fake (path, 6, 2, 1);
  g_autoptr(MgJournalEntry) e1 = act_ok (c, "{\"type\":\"roll\",\"n\":2,\"dice\":[3,5]}");
  g_autofree char *before = NULL;
  g_autofree char *snaps = NULL;
  g_autofree char *sums = NULL;
  json_object *r4 = fake_ruleset (4, 2);
  json_object *bad = fake_ruleset (6, 0);
  json_object *r1 = fake_ruleset (6, 1);
  guint changed = 0;

  for (int k = 2; k <= rows; k++)
    {
      g_autofree char *text = g_strdup_printf ("{\"type\":\"roll\",\"n\":1,\"dice\":[%d]}", 1 + k % 6);
      mg_journal_entry_free (act_ok (c, text));
    }
  before = current (c);
  g_signal_connect (c, "changed", G_CALLBACK (count_changed), &changed);
  snaps = g_strdup_printf ("%d:%d", min, min / 2 + 1);
  assert_snapshots (path, snaps);

  /* Four-sided dice: row 1 recorded six-sided ones, so the journal no longer replays;
   * refused, nothing changes. */
  sums = mg_test_checksum_all (path);
  g_assert_false (mg_campaign_set_ruleset (c, r4, &error));
  g_assert_error (error, MG_DICE_ERROR, MG_DICE_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "row 1"));
  g_clear_error (&error);
  g_assert_false (mg_campaign_set_ruleset (c, bad, &error));
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  g_assert_true (g_str_has_prefix (error->message, "$.per_turn"));
  g_clear_error (&error);
  {
    g_autofree char *now = current (c);
    g_autofree char *sums_now = mg_test_checksum_all (path);

    g_assert_cmpstr (now, ==, before);
    g_assert_cmpstr (sums_now, ==, sums);
    g_assert_cmpint (json_object_get_int (json_object_object_get (mg_campaign_get_ruleset (c), "sides")), ==, 6);
  }
  g_assert_cmpuint (changed, ==, 0);

  /* One action a turn: accepted, stored, snapshots rebuilt for the new turns. */
  g_assert_true (mg_campaign_set_ruleset (c, r1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (json_object_get_int (json_object_object_get (mg_campaign_get_ruleset (c), "per_turn")), ==, 1);
  g_assert_cmpint (mg_state_turn (mg_campaign_get_state (c)), ==, rows + 1);
  g_free (snaps);
  snaps = g_strdup_printf ("%d:%d", min, min + 1);
  assert_snapshots (path, snaps);
  {
    /* Same dice, same total: only the turns moved. */
    json_object *j = parse (before);
    g_assert_cmpint (total_of (c), ==, json_object_get_int64 (json_object_object_get (j, "total")));
    json_object_put (j);
  }
  c = reopen (c);
  g_assert_cmpint (json_object_get_int (json_object_object_get (mg_campaign_get_ruleset (c), "per_turn")), ==, 1);
  g_assert_cmpint (mg_state_turn (mg_campaign_get_state (c)), ==, rows + 1);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);

  json_object_put (r4);
  json_object_put (bad);
  json_object_put (r1);
  g_object_unref (c);
}

static void
test_signal (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  MgCampaign *c = new_fake (path, 6, 2, 1);
  guint changed = 0;

  g_signal_connect (c, "changed", G_CALLBACK (count_changed), &changed);
  mg_journal_entry_free (act_ok (c, "{\"type\":\"add\",\"value\":1}"));
  g_assert_cmpuint (changed, ==, 1);
  undo (c, 1, 1);
  g_assert_cmpuint (changed, ==, 2);
  redo (c, 1, 1);
  g_assert_cmpuint (changed, ==, 3);
  assert_nothing (mg_campaign_redo, c);
  g_assert_cmpuint (changed, ==, 3);
  g_object_unref (c);
}

/* The app and the CLI may hold the same file: an action through one is seen by the other. */
static void
test_two_connections (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *a = new_fake (path, 6, 2, 1);
  MgCampaign *b = mg_campaign_open (path, &error);
  g_autoptr(MgJournalEntry) e1 = NULL;
  g_autoptr(MgJournalEntry) e2 = NULL;

  g_assert_no_error (error);
  e1 = act_ok (a, "{\"type\":\"add\",\"value\":5}");
  e2 = act_ok (b, "{\"type\":\"add\",\"value\":7}");
  g_assert_cmpint (e2->seq, ==, 2);
  g_assert_cmpint (total_of (b), ==, 12);
  undo (a, 1, 1);                 /* undoes b's row */
  g_assert_cmpint (total_of (a), ==, 5);
  g_assert_true (mg_campaign_check (a, &error));
  g_assert_no_error (error);
  g_object_unref (a);
  g_object_unref (b);
}

/* ---- a stream of actions (mg_campaign_act_stream) ----------------------------------------- */

/* The stream's script: rolls and adds, with refusals of every kind among them (an illegal add,
 * dice typed and not used, an unknown type, an action that is not an object), long enough for
 * several snapshots. */
static GPtrArray *
stream_script (guint n)
{
  GPtrArray *script = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (script,
        i % 7 == 3 ? g_strdup ("{\"type\":\"add\",\"value\":-1}")
      : i % 11 == 5 ? g_strdup ("{\"type\":\"roll\",\"n\":1,\"dice\":[2,3]}")
      : i % 13 == 6 ? g_strdup ("{\"type\":\"nope\"}")
      : i % 17 == 8 ? g_strdup ("[1]")
      : i % 5 == 0 ? g_strdup_printf ("{\"type\":\"add\",\"value\":%u}", i)
      : i % 5 == 1 ? g_strdup_printf ("{\"type\":\"roll\",\"n\":%u,\"dice\":[%u,%u,%u]}", 3u, i % 6 + 1, 2u, 5u)
      : g_strdup_printf ("{\"type\":\"roll\",\"n\":%u}", i % 3 + 1));
  return script;
}

/* What happened to an action, as a line: the row, or the refusal. */
static char *
told_text (const MgJournalEntry *entry, const GError *error)
{
  if (entry != NULL)
    return g_strdup_printf ("%" G_GINT64_FORMAT " %d %s %s %s %s %s", entry->seq, entry->turn,
                            entry->actor, entry->action, entry->dice, entry->events, entry->summary);
  return g_strdup_printf ("refused %s %d %s", g_quark_to_string (error->domain), error->code,
                          error->message);
}

typedef struct {
  GPtrArray  *script;
  guint       given;
  GPtrArray  *told;        /* told_text of each, in order */
  gboolean    later;       /* answer LATER after each action, and check all were told */
  guint       stop_after;  /* done returns FALSE after this many (0: never) */
  guint       foreign_at;  /* before giving this action, another connection acts (0: never) */
  const char *path;
} StreamRun;

static MgActNext
stream_next (gboolean wait, json_object **action, gpointer data)
{
  StreamRun *run = data;

  if (run->later && !wait && run->given > 0 && run->told->len < run->given)
    return MG_ACT_NEXT_LATER;
  if (run->later && wait)
    /* Waiting for input: every action given so far has been told. */
    g_assert_cmpuint (run->told->len, ==, run->given);
  if (run->given == run->script->len)
    return MG_ACT_NEXT_END;
  if (run->foreign_at != 0 && run->given == run->foreign_at)
    {
      g_autoptr(GError) error = NULL;
      MgCampaign *other = mg_campaign_open (run->path, &error);

      g_assert_no_error (error);
      mg_journal_entry_free (act_ok (other, "{\"type\":\"add\",\"value\":1000}"));
      g_object_unref (other);
    }
  *action = json_tokener_parse (g_ptr_array_index (run->script, run->given++));
  g_assert_nonnull (*action);
  return MG_ACT_NEXT_ACTION;
}

static gboolean
stream_done (json_object *action, const MgJournalEntry *entry, const GError *error, gpointer data)
{
  StreamRun *run = data;

  g_assert_true ((entry == NULL) != (error == NULL));
  g_ptr_array_add (run->told, told_text (entry, error));
  return run->stop_after == 0 || run->told->len < run->stop_after;
}

/* The same script through mg_campaign_act, one action after another. */
static GPtrArray *
act_each (MgCampaign *c, GPtrArray *script)
{
  GPtrArray *told = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < script->len; i++)
    {
      g_autoptr(GError) error = NULL;
      json_object *action = json_tokener_parse (g_ptr_array_index (script, i));
      g_autoptr(MgJournalEntry) e = mg_campaign_act (c, action, &error);

      json_object_put (action);
      g_ptr_array_add (told, told_text (e, error));
    }
  return told;
}

/* The file as a referee's sqlite3 reads it: journal rows (but their time), snapshots, and the
 * entity table. */
static char *
file_text (const char *path)
{
  sqlite3 *db = mg_test_sqlite_open (path);
  char *text = mg_test_sql_text (db,
      "SELECT (SELECT group_concat (seq || turn || actor || action || dice || events || summary "
      "|| undone, '|') FROM journal) || '#' || (SELECT group_concat (seq || turn || state, '|') "
      "FROM snapshot) || '#' || (SELECT group_concat (name || gp || food, '|') FROM leader)");

  sqlite3_close (db);
  return text;
}

/* Each row told is in the file as told, their seqs rising; how many. */
static guint
told_rows_in_file (MgCampaign *c, GPtrArray *told)
{
  guint rows = 0;
  gint64 last = 0;

  for (guint i = 0; i < told->len; i++)
    {
      const char *t = g_ptr_array_index (told, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(MgJournalEntry) e = NULL;
      g_autofree char *in_file = NULL;
      gint64 seq;

      if (g_str_has_prefix (t, "refused"))
        continue;
      seq = g_ascii_strtoll (t, NULL, 10);
      g_assert_cmpint (seq, >, last);
      e = mg_campaign_journal_get (c, seq, &error);
      g_assert_no_error (error);
      in_file = told_text (e, NULL);
      g_assert_cmpstr (in_file, ==, t);
      last = seq;
      rows++;
    }
  return rows;
}

static void
assert_memory_is_file (MgCampaign *c)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *now = current (c);
  MgCampaign *again = mg_campaign_open (mg_campaign_get_path (c), &error);
  g_autofree char *on_disk = NULL;

  g_assert_no_error (error);
  on_disk = current (again);
  g_assert_cmpstr (now, ==, on_disk);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, mg_campaign_journal_count (again));
  g_assert_true (mg_campaign_check (again, &error));
  g_assert_no_error (error);
  g_object_unref (again);
}

/* A stream tells every action what mg_campaign_act would, in order, and leaves the same file:
 * the same rows, dice, snapshots and entity rows; also when a write fails in the middle (the
 * actions computed behind it are computed again). */
static void
test_stream_same_as_each (gconstpointer data)
{
  gboolean failing = GPOINTER_TO_INT (data);
  g_autofree char *one = mg_test_tmpfile ("one.mgc");
  g_autofree char *each = mg_test_tmpfile ("each.mgc");
  g_autoptr(GPtrArray) script = stream_script (3 * MG_CAMPAIGN_SNAPSHOT_MIN_ROWS + 7);
  g_autoptr(GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) told_each = NULL;
  StreamRun run = { script, 0, told, FALSE, 0, 0, one };
  MgCampaign *a = new_fake (one, 6, 3, 9);
  MgCampaign *b = new_fake (each, 6, 3, 9);
  g_autofree char *file_a = NULL;
  g_autofree char *file_b = NULL;

  if (failing)
    for (guint k = 0; k < 2; k++)
      {
        /* Two adds the disk refuses: the writer's transaction fails in the middle. */
        sqlite3 *db = mg_test_sqlite_open (k == 0 ? one : each);

        mg_test_sql_exec (db, "CREATE TRIGGER no_40 BEFORE INSERT ON journal WHEN NEW.action "
                              "LIKE '%\"value\":40}' OR NEW.action LIKE '%\"value\":75}' "
                              "BEGIN SELECT RAISE (ABORT, 'disk says no'); END");
        sqlite3_close (db);
      }
  mg_campaign_act_stream (a, stream_next, stream_done, &run);
  told_each = act_each (b, script);
  g_assert_cmpuint (told->len, ==, script->len);
  for (guint i = 0; i < script->len; i++)
    g_assert_cmpstr (g_ptr_array_index (told, i), ==, g_ptr_array_index (told_each, i));
  if (failing)
    g_assert_nonnull (strstr (g_ptr_array_index (told, 40), "disk says no"));
  file_a = file_text (one);
  file_b = file_text (each);
  g_assert_cmpstr (file_a, ==, file_b);
  assert_memory_is_file (a);
  g_object_unref (a);
  g_object_unref (b);
}

/* A script that waits for each answer before it writes the next action is answered: the
 * stream tells what is in flight before it waits for input.  "changed" comes once, at the end
 * (its handlers may read the campaign, which the writer thread uses until then). */
static void
test_stream_waits_told (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GPtrArray) script = stream_script (40);
  g_autoptr(GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  StreamRun run = { script, 0, told, TRUE, 0, 0, path };
  MgCampaign *c = new_fake (path, 6, 3, 9);
  guint changed = 0;

  g_signal_connect (c, "changed", G_CALLBACK (count_changed), &changed);
  mg_campaign_act_stream (c, stream_next, stream_done, &run);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (told->len, ==, script->len);
  assert_memory_is_file (c);
  g_object_unref (c);
}

/* `done` ends the stream: what was told is in the file, the rest of what was computed is not,
 * and memory is the file. */
static void
test_stream_stopped (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GPtrArray) script = stream_script (60);
  g_autoptr(GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  StreamRun run = { script, 0, told, FALSE, 10, 0, path };
  MgCampaign *c = new_fake (path, 6, 3, 9);
  guint rows_told;
  gint64 rows;

  mg_campaign_act_stream (c, stream_next, stream_done, &run);
  g_assert_cmpuint (told->len, ==, 10);
  rows_told = told_rows_in_file (c, told);
  rows = mg_campaign_journal_count (c);
  g_assert_cmpint (rows, >=, rows_told);
  g_assert_cmpint (rows, <=, rows_told + MG_CAMPAIGN_ACT_AHEAD);
  assert_memory_is_file (c);
  g_object_unref (c);
}

/* Another connection writes while the stream runs: the actions computed before that are done
 * again on the file as it is then, as mg_campaign_act does them. */
static void
test_stream_other_writer (void)
{
  g_autofree char *path = mg_test_tmpfile ("c.mgc");
  g_autoptr(GPtrArray) script = stream_script (50);
  g_autoptr(GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  StreamRun run = { script, 0, told, FALSE, 0, 20, path };
  MgCampaign *c = new_fake (path, 6, 3, 9);
  g_autofree char *each = mg_test_tmpfile ("each.mgc");
  MgCampaign *b = new_fake (each, 6, 3, 9);
  g_autoptr(GPtrArray) told_each = act_each (b, script);
  guint written;

  mg_campaign_act_stream (c, stream_next, stream_done, &run);
  g_assert_cmpuint (told->len, ==, script->len);
  /* Refused where one action after another refuses, and for the same reason: nothing else. */
  for (guint i = 0; i < told->len; i++)
    {
      const char *t = g_ptr_array_index (told, i), *t_each = g_ptr_array_index (told_each, i);

      g_assert_cmpint (g_str_has_prefix (t, "refused"), ==, g_str_has_prefix (t_each, "refused"));
      if (g_str_has_prefix (t, "refused"))
        g_assert_cmpstr (t, ==, t_each);
    }
  g_object_unref (b);
  /* Every row told is there as told, in order; the other connection's row is among them. */
  written = told_rows_in_file (c, told);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, written + 1);
  assert_memory_is_file (c);
  g_object_unref (c);
}

/* ---- the real engine ---------------------------------------------------------------------- */

static void
test_meeple (void)
{
  g_autofree char *path = mg_test_tmpfile ("m.mgc");
  g_autoptr(GError) error = NULL;
  const char *players[] = { "Red", "Blue", NULL };
  MgCampaign *c = mg_campaign_create (path, "meeple", "Meeples", players, NULL, 5, &error);
  g_autoptr(MgJournalEntry) e = NULL;
  json_object *dice;
  g_autofree char *state = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (mg_campaign_get_ruleset (c), "game")), ==, "meeple");
  e = act_ok (c, "{\"type\":\"roll\",\"player\":\"Red\"}");
  g_assert_cmpstr (e->actor, ==, "Red");
  g_assert_cmpint (e->turn, ==, 1);
  dice = parse (e->dice);
  g_assert_cmpuint (json_object_array_length (dice), ==, 8);   /* 8 meeples, no casualties yet */
  for (size_t i = 0; i < 8; i++)
    g_assert_cmpint (json_object_get_int (json_object_object_get (json_object_array_get_idx (dice, i), "sides")), ==, 3);
  json_object_put (dice);
  /* The same meeples typed from the table. */
  mg_journal_entry_free (act_ok (c, "{\"type\":\"roll\",\"player\":\"Blue\",\"dice\":[1,1,2,2,3,3,1,2]}"));
  state = current (c);
  c = reopen (c);
  assert_state (c, state);
  g_assert_true (mg_campaign_check (c, &error));
  g_assert_no_error (error);
  g_object_unref (c);
}

/* ---- performance (only with -m perf) ------------------------------------------------------- */

static void
test_perf (void)
{
  g_autofree char *path = mg_test_tmpfile ("p.mgc");
  g_autoptr(GError) error = NULL;
  MgCampaign *c;
  json_object *action;
  gint64 t0;
  const int n = 20000;

  if (!g_test_perf ())
    {
      g_test_skip ("only with -m perf");
      return;
    }
  c = new_fake (path, 6, 4, 1);
  action = parse ("{\"type\":\"roll\",\"player\":\"Ann\",\"n\":2}");
  t0 = g_get_monotonic_time ();
  for (int i = 0; i < n; i++)
    mg_journal_entry_free (mg_campaign_act (c, action, NULL));
  g_test_minimized_result ((g_get_monotonic_time () - t0) / 1e6, "%d acts", n);
  g_test_message ("%.0f acts/s", n / ((g_get_monotonic_time () - t0) / 1e6));
  json_object_put (action);
  g_object_unref (c);

  t0 = g_get_monotonic_time ();
  c = mg_campaign_open (path, &error);
  g_assert_no_error (error);
  g_test_message ("open of %d rows: %.1f ms", n, (g_get_monotonic_time () - t0) / 1e3);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, n);
  t0 = g_get_monotonic_time ();
  undo (c, 1, 1);
  g_test_message ("undo: %.1f ms", (g_get_monotonic_time () - t0) / 1e3);
  g_object_unref (c);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mg_game_register (mg_fake_game (2));

  g_test_add_func ("/journal/create-open", test_create_open);
  g_test_add_func ("/journal/create-refused", test_create_refused);
  g_test_add_func ("/journal/act-row", test_act_row);
  g_test_add_func ("/journal/act-refused", test_act_refused);
  g_test_add_func ("/journal/seeded-dice", test_seeded_dice);
  g_test_add_func ("/journal/write-fails", test_write_fails);
  g_test_add_func ("/journal/engine-fault", test_engine_fault);
  g_test_add_func ("/journal/validate", test_validate);
  g_test_add_func ("/journal/undo-redo", test_undo_redo);
  g_test_add_func ("/journal/undo-reopen", test_undo_reopen);
  g_test_add_func ("/journal/entity-tables", test_entity_tables);
  g_test_add_func ("/journal/act-after-undo", test_act_after_undo);
  g_test_add_func ("/journal/snapshots", test_snapshots);
  g_test_add_func ("/journal/snapshot-long-turn", test_snapshot_long_turn);
  g_test_add_func ("/journal/state-at", test_state_at);
  g_test_add_func ("/journal/range", test_journal_range);
  g_test_add_func ("/journal/sessions", test_sessions);
  g_test_add_func ("/journal/set-ruleset", test_set_ruleset);
  g_test_add_func ("/journal/signal", test_signal);
  g_test_add_func ("/journal/two-connections", test_two_connections);
  g_test_add_data_func ("/journal/stream/same-as-each", GINT_TO_POINTER (FALSE), test_stream_same_as_each);
  g_test_add_data_func ("/journal/stream/write-fails", GINT_TO_POINTER (TRUE), test_stream_same_as_each);
  g_test_add_func ("/journal/stream/waits-told", test_stream_waits_told);
  g_test_add_func ("/journal/stream/stopped", test_stream_stopped);
  g_test_add_func ("/journal/stream/other-writer", test_stream_other_writer);
  g_test_add_func ("/journal/meeple", test_meeple);
  g_test_add_func ("/journal/perf", test_perf);
  return g_test_run ();
}

/* test-table.c — the campaign's one table object: what each change touched, views built once per change, the companions it owns.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "mg-campaign.h"
#include "mg-core-test-util.h"
#include "mg-table.h"

typedef struct {
  guint          n;
  MgTableChange *last;
} Seen;

static void
changed (MgTable *table, MgTableChange *change, Seen *seen)
{
  seen->n++;
  g_clear_pointer (&seen->last, mg_table_change_unref);
  seen->last = mg_table_change_ref (change);
}

static MgCampaign *
new_cricchio (void)
{
  g_autofree char *path = mg_test_tmpfile ("cricchio.db");
  const char *players[] = { "Black", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  MgCampaign *campaign = mg_campaign_create (path, "cricchio", "Table", players, NULL, 7, &error);

  g_assert_no_error (error);
  return campaign;
}

/* The first legal plain move of the side to move (the opening has no capture). */
static json_object *
first_move (MgCampaign *campaign, char *from, char *to)
{
  json_object *legal = mg_state_legal_actions (mg_campaign_get_state (campaign), MG_SEAT_ALL);
  json_object *move = NULL;

  for (size_t i = 0; move == NULL && i < json_object_array_length (legal); i++)
    {
      json_object *a = json_object_array_get_idx (legal, i), *type = NULL, *f = NULL, *t = NULL;

      if (json_object_object_get_ex (a, "type", &type) && g_str_equal (json_object_get_string (type), "move")
          && json_object_object_get_ex (a, "from", &f) && json_object_object_get_ex (a, "to", &t))
        {
          g_strlcpy (from, json_object_get_string (f), 4);
          g_strlcpy (to, json_object_get_string (t), 4);
          move = json_object_get (a);
        }
    }
  g_assert_nonnull (move);
  json_object_put (legal);
  return move;
}

static void
assert_squares (const MgTableChange *change, const char *from, const char *to)
{
  g_auto(GStrv) keys = mg_table_change_dup_keys (change, MG_CHANGE_PIECE);

  g_assert_false (change->everything);
  g_assert_true (mg_table_change_touches (change, MG_CHANGE_PIECE, from));
  g_assert_true (mg_table_change_touches (change, MG_CHANGE_PIECE, to));
  g_assert_cmpuint (g_strv_length (keys), ==, 2);   /* the move's two squares, no other */
  g_assert_false (mg_table_change_touches_kind (change, MG_CHANGE_AREA));
}

/* A move, its undo and its redo each name the move's two squares and its journal row. */
static void
test_move_undo_redo (void)
{
  g_autoptr(MgCampaign) campaign = new_cricchio ();
  MgTable *table = mg_table_for_campaign (campaign);
  Seen seen = { 0 };
  char from[4], to[4];
  json_object *move = first_move (campaign, from, to);
  g_autoptr(MgJournalEntry) entry = NULL;
  g_autoptr(GError) error = NULL;
  guint done = 0;

  g_assert_true (mg_table_for_campaign (campaign) == table);   /* one per campaign */
  g_signal_connect (table, "changed", G_CALLBACK (changed), &seen);
  g_assert_cmpint (mg_table_get_journal_length (table), ==, 0);
  g_assert_false (mg_table_get_can_undo (table));

  entry = mg_campaign_act (campaign, move, &error);
  g_assert_no_error (error);
  json_object_put (move);
  g_assert_cmpuint (seen.n, ==, 1);
  g_assert_cmpint (seen.last->rows, ==, MG_TABLE_ROWS_APPENDED);
  g_assert_cmpint (seen.last->first_seq, ==, entry->seq);
  g_assert_cmpint (seen.last->last_seq, ==, entry->seq);
  g_assert_true (seen.last->what & MG_TABLE_CHANGED_STATE);
  assert_squares (seen.last, from, to);
  g_assert_cmpint (mg_table_get_journal_length (table), ==, 1);
  g_assert_true (mg_table_get_can_undo (table));

  g_assert_true (mg_campaign_undo (campaign, 1, &done, &error));
  g_assert_cmpuint (seen.n, ==, 2);
  g_assert_cmpint (seen.last->rows, ==, MG_TABLE_ROWS_UNDONE);
  g_assert_cmpint (seen.last->first_seq, ==, entry->seq);
  assert_squares (seen.last, from, to);
  g_assert_true (mg_table_get_can_redo (table));

  g_assert_true (mg_campaign_redo (campaign, 1, &done, &error));
  g_assert_cmpint (seen.last->rows, ==, MG_TABLE_ROWS_REDONE);
  assert_squares (seen.last, from, to);
  g_assert_false (mg_table_get_can_redo (table));
  g_clear_pointer (&seen.last, mg_table_change_unref);
}

/* What the events do not say is "everything": a session, a shown seat, an undeclared event. */
static void
test_everything (void)
{
  g_autoptr(MgCampaign) campaign = new_cricchio ();
  MgTable *table = mg_table_for_campaign (campaign);
  Seen seen = { 0 };
  g_autoptr(GError) error = NULL;
  json_object *events = json_tokener_parse ("[{\"type\":\"move\",\"from\":\"e2\",\"to\":\"e4\","
                                            "\"takes\":{\"kind\":\"fusilier\"}}]");
  g_autoptr(MgTableChange) capture = mg_table_change_from_events (mg_game_lookup ("cricchio"), events);
  json_object *other = json_tokener_parse ("[{\"type\":\"melee\",\"at\":\"e4\"}]");
  g_autoptr(MgTableChange) melee = mg_table_change_from_events (mg_game_lookup ("cricchio"), other);
  json_object *meeple = json_tokener_parse ("[{\"type\":\"roll\",\"player\":\"Red\"}]");
  g_autoptr(MgTableChange) undeclared = mg_table_change_from_events (mg_game_lookup ("meeple"), meeple);

  g_assert_true (capture->everything);       /* a capture's scores reach beyond its squares */
  g_assert_true (melee->everything);         /* not one of Cricchio's local events */
  g_assert_true (undeclared->everything);    /* a game that declares nothing */
  g_assert_true (mg_table_change_touches (melee, MG_CHANGE_AREA, "anything"));
  g_assert_null (mg_table_change_dup_keys (melee, MG_CHANGE_PIECE));
  json_object_put (events);
  json_object_put (other);
  json_object_put (meeple);

  g_signal_connect (table, "changed", G_CALLBACK (changed), &seen);
  g_assert_cmpint (mg_campaign_new_session (campaign, "Second", &error), >, 0);
  g_assert_true (seen.last->everything);
  g_assert_cmpint (seen.last->rows, ==, MG_TABLE_ROWS_OTHER);

  mg_table_show_secrets (table, "Blue");
  g_assert_cmpuint (seen.n, ==, 2);
  g_assert_true (seen.last->what & MG_TABLE_CHANGED_SEAT);
  g_assert_true (seen.last->everything);
  g_assert_cmpint (seen.last->rows, ==, MG_TABLE_ROWS_NONE);
  g_assert_cmpstr (mg_table_get_seat (table), ==, "Blue");
  mg_table_show_secrets (table, "Blue");     /* the same seat again: no change */
  g_assert_cmpuint (seen.n, ==, 2);
  g_clear_pointer (&seen.last, mg_table_change_unref);
}

/* Views and pending() are built once per change, whoever asks (the pages and the server). */
static void
test_built_once (void)
{
  g_autoptr(MgCampaign) campaign = new_cricchio ();
  MgTable *table = mg_table_for_campaign (campaign);
  guint n_views = 0;
  char from[4], to[4];
  json_object *move = first_move (campaign, from, to);
  g_autoptr(MgJournalEntry) entry = NULL;

  g_assert_true (mg_table_get_view (table, MG_SEAT_PUBLIC) == mg_table_get_view (table, MG_SEAT_PUBLIC));
  g_assert_nonnull (mg_table_get_pending (table));
  g_assert_nonnull (mg_table_get_pending (table));
  g_assert_cmpuint (mg_table_get_n_built (table, &n_views), ==, 1);
  g_assert_cmpuint (n_views, ==, 1);
  entry = mg_campaign_act (campaign, move, NULL);
  json_object_put (move);
  g_assert_nonnull (entry);
  mg_table_get_view (table, MG_SEAT_PUBLIC);
  mg_table_get_view (table, "Blue");
  mg_table_get_view (table, MG_SEAT_PUBLIC);
  mg_table_get_n_built (table, &n_views);
  g_assert_cmpuint (n_views, ==, 3);   /* public again after the change, and Blue's */
}

/* The campaign's companions are the table's, and go with the campaign. */
static void
test_companions (void)
{
  MgCampaign *campaign = new_cricchio ();
  MgTable *table = mg_table_for_campaign (campaign);
  GObject *server = g_object_new (G_TYPE_OBJECT, NULL);
  GObject *got = NULL;

  g_object_add_weak_pointer (server, (gpointer *) &server);
  mg_table_set_server (table, server);
  g_object_unref (server);
  g_assert_nonnull (server);                 /* kept by the table */
  g_object_get (table, "server", &got, NULL);
  g_assert_true (got == server);
  g_object_unref (got);
  g_object_unref (campaign);
  g_assert_null (server);                    /* gone with the campaign */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/table/move-undo-redo", test_move_undo_redo);
  g_test_add_func ("/table/everything", test_everything);
  g_test_add_func ("/table/built-once", test_built_once);
  g_test_add_func ("/table/companions", test_companions);
  return g_test_run ();
}

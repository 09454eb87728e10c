/* test-ui-generic.c — a game with no pages of its own is played in the app from its declarations
 * (issue 47): a rock-paper-scissors duel (build-aux/new-game.py's duel template, built here with
 * the id "duel", or the game MG_TEST_DUEL names: the scaffold test's) whose picks are declared secret, played
 * to the end on the generic Play page by real pointer clicks and by keys through the X server,
 * with nothing of a hidden pick on the referee's screen or the players' display (two runs that
 * differ only in a pick: tests/ui/test-ui-secret-difference.c's duel cases); the shared
 * board of squares and map of areas choosing for the actions; and every game built without
 * pages (the scaffold's tic-tac-toe) played from its sample, on its board's squares if it
 * draws one. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "mg-actions.h"
#include "mg-application.h"
#include "mg-area-map.h"
#include "mg-campaign-window-private.h"
#include "mg-data.h"
#include "mg-duel.h"
#include "mg-game-ui.h"
#include "mg-generic-page.h"
#include "mg-json.h"
#include "mg-players-display.h"
#include "mg-ruleset.h"
#include "mg-square-board.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

/* The duel played: the template's, built into this test, or a game added from the template with
 * its word (the scaffold test's, MG_TEST_DUEL). */
static const char *
duel_id (void)
{
  return g_getenv ("MG_TEST_DUEL") != NULL ? g_getenv ("MG_TEST_DUEL") : "duel";
}

static MgCampaign *
new_duel (const char *name)
{
  const char *players[] = { "Ann", "Bob", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autofree char *json = g_strdup_printf ("{\"game\": \"%s\", \"name\": \"Duel\", \"wins\": 2}", duel_id ());
  json_object *ruleset = json_tokener_parse (json);
  MgCampaign *campaign = mg_campaign_create (path, duel_id (), "Duel", players, ruleset, 7, &error);

  json_object_put (ruleset);
  g_assert_no_error (error);
  return campaign;
}

static GtkWidget *
show_play (MgCampaign *campaign)
{
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 900);
  wait_ms (300);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (mg_campaign_window_get_view_stack (window)), ==, "play");
  return mg_campaign_window_get_page (window, "play");
}

/* Everything the referee's window shows as text, and the players' display's. */
static char *
shared_texts (GtkWidget *page)
{
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (gtk_widget_get_ancestor (page, MG_TYPE_CAMPAIGN_WINDOW));
  GString *out = g_string_new (NULL);

  ui_test_pages_texts (window, out);
  ui_test_players_display_texts (window, out);
  return g_string_free (out, FALSE);
}

static GtkWidget *
row_reading (GtkWidget *page, const char *text)
{
  return ui_test_labelled (page, ADW_TYPE_ACTION_ROW, text);
}

/* A seat's pick by pointer: its secrets shown with a click, the choice's row clicked. */
static void
pick_by_pointer (GtkWidget *page, const char *seat, const char *choice)
{
  g_autofree char *show = g_strdup_printf (_("Enter %s’s secret"), seat);
  g_autofree char *label = g_strdup_printf ("Pick — Choice %s", choice);
  GtkWidget *button = find_button_labelled (page, show), *row;

  g_assert_nonnull (button);
  g_assert_null (row_reading (page, label));   /* hidden until the seat's secrets are shown */
  g_assert_true (ui_test_click (button));
  wait_ms (100);
  row = row_reading (page, label);
  g_assert_nonnull (row);
  g_assert_true (ui_test_click (row));
  wait_ms (100);
}

/* The same by keys only: Tab to the seat's button, Space, Tab to the choice's row, Enter. */
static void
pick_by_keys (GtkWidget *page, const char *seat, const char *choice)
{
  g_autofree char *show = g_strdup_printf (_("Enter %s’s secret"), seat);
  g_autofree char *label = g_strdup_printf ("Pick — Choice %s", choice);
  GtkWidget *button = find_button_labelled (page, show), *row;

  g_assert_nonnull (button);
  g_assert_cmpuint (ui_test_tab_to (button, 30), <, 30);
  g_assert_true (ui_test_key (button, GDK_KEY_space, 0));
  wait_ms (100);
  row = row_reading (page, label);
  g_assert_nonnull (row);
  g_assert_cmpuint (ui_test_tab_to (row, 30), <, 30);
  g_assert_true (ui_test_key (row, GDK_KEY_Return, 0));
  wait_ms (100);
}

static void
assert_pending (GtkWidget *page, const char *text)
{
  g_assert_nonnull (ui_test_find_label (page, text));
}

static void
test_duel_to_the_end (void)
{
  g_autoptr(MgCampaign) campaign = new_duel ("duel.db");
  GtkWidget *page = show_play (campaign), *reveal;
  g_autofree char *after_ann = NULL;

  if (!ui_test_click (page))
    {
      g_test_skip ("not an X11 display: no click through the server");
      close_campaign_windows (app);
      return;
    }
  assert_pending (page, "Round 1: each player picks in secret.");
  pick_by_pointer (page, "Ann", "rock");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);
  /* Ann's secrets hid themselves when the table moved on: nothing on screen says rock. */
  after_ann = shared_texts (page);
  g_assert_null (strstr (after_ann, "rock"));
  save_screenshot (gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW), "test-ui-generic-picked.png");
  pick_by_keys (page, "Bob", "scissors");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 2);
  assert_pending (page, "Round 1: reveal the picks.");
  /* The reveal is offered under its own name: its sentence would tell the picks. */
  reveal = row_reading (page, "Reveal");
  g_assert_nonnull (reveal);
  {
    g_autofree char *texts = shared_texts (page);
    g_assert_null (strstr (texts, "rock"));
    g_assert_null (strstr (texts, "scissors"));
  }
  g_assert_true (ui_test_click (reveal));
  wait_ms (100);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MgJournalEntry) row = mg_campaign_journal_get (campaign, 3, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (row->summary, ==, "Ann shows rock, Bob shows scissors: Ann wins the round.");
  }
  assert_pending (page, "Round 2: each player picks in secret.");

  /* Round 2, all by keys, and the duel ends at Ann's second win (rock beats scissors). */
  pick_by_keys (page, "Ann", "rock");
  pick_by_keys (page, "Bob", "scissors");
  reveal = row_reading (page, "Reveal");
  g_assert_cmpuint (ui_test_tab_to (reveal, 30), <, 30);
  g_assert_true (ui_test_key (reveal, GDK_KEY_Return, 0));
  wait_ms (100);
  assert_pending (page, "Ann has won the duel.");
  g_assert_null (row_reading (page, "Reveal"));
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 6);

  /* Undo takes the last reveal back: the reveal is offered again, the picks hidden again. */
  g_assert_true (ui_test_key (page, GDK_KEY_z, GDK_KEY_Control_L));
  wait_ms (200);
  assert_pending (page, "Round 2: reveal the picks.");
  g_assert_nonnull (row_reading (page, "Reveal"));
  close_campaign_windows (app);
}

/* The template form: a field under `row` by its name (the member's key). */
static GtkWidget *
form_field (GtkWidget *row, const char *key)
{
  GtkWidget *found = NULL;

  if (g_strcmp0 (gtk_widget_get_name (row), key) == 0 && !GTK_IS_LABEL (row))
    return row;
  for (GtkWidget *c = gtk_widget_get_first_child (row); c != NULL && found == NULL; c = gtk_widget_get_next_sibling (c))
    found = form_field (c, key);
  return found;
}

static const char *
message_shown (GtkWidget *page)
{
  GtkWidget *label = find_styled (page, GTK_TYPE_LABEL, "error");

  return label != NULL && gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : "";
}

/* A number typed into the spin button (its text selected, then the digits), through the X server. */
static void
type_number (GtkWidget *spin, const char *digits)
{
  g_assert_true (ui_test_click (spin));
  g_assert_true (ui_test_key (spin, GDK_KEY_a, GDK_KEY_Control_L));
  g_assert_true (ui_test_type (spin, digits));
}

/* The referee's correction, an action the engine offers as a template (its seat, number and
 * reason free): filled in by real clicks and keys on the Play page's form, refused with the
 * engine's reason while a field is wrong (the campaign untouched), then played. */
static void
test_template_form (void)
{
  g_autoptr(MgCampaign) campaign = new_duel ("duel-form.db");
  GtkWidget *page = show_play (campaign), *row, *seat, *points, *reason, *play;
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  if (!ui_test_click (page))
    {
      g_test_skip ("not an X11 display: no click through the server");
      close_campaign_windows (app);
      return;
    }
  row = ui_test_labelled (page, GTK_TYPE_LIST_BOX_ROW, "Adjust");
  g_assert_nonnull (row);
  seat = form_field (row, "seat");
  points = form_field (row, "points");
  reason = form_field (row, "reason");
  play = find_button_labelled (row, _("Play"));
  g_assert_true (GTK_IS_DROP_DOWN (seat));
  g_assert_true (GTK_IS_SPIN_BUTTON (points));
  g_assert_true (GTK_IS_ENTRY (reason));
  g_assert_nonnull (play);
  /* The form stands under the arena and the other seats: scrolled into view as a referee would
   * (the focus on its Play button, the form's last, scrolls the page there); a refusal shows
   * under it, so the form does not move. */
  g_assert_true (gtk_widget_grab_focus (play));
  wait_ms (200);
  /* Each field is named beside it, for eyes and screen readers. */
  g_assert_nonnull (ui_test_labelled (row, GTK_TYPE_LABEL, "Points"));
  g_assert_nonnull (ui_test_labelled (row, GTK_TYPE_LABEL, "Reason"));

  /* No reason typed: refused in the engine's words, nothing written. */
  g_assert_true (ui_test_click (play));
  wait_ms (100);
  g_assert_cmpstr (message_shown (page), ==, "Say why the score changes");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 0);

  /* Bob chosen from the players by keys: the list opened with Space, one down, Enter. */
  g_assert_cmpstr (gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (seat)))), ==, "Ann");
  g_assert_cmpuint (ui_test_tab_to (seat, 30), <, 30);
  g_assert_true (ui_test_key (seat, GDK_KEY_space, 0));
  wait_ms (200);
  g_assert_true (ui_test_key (seat, GDK_KEY_Down, 0));
  g_assert_true (ui_test_key (seat, GDK_KEY_Return, 0));
  wait_ms (200);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (seat)), ==, 1);

  /* A reason typed, and 5 points: more than a duel to 2 allows, refused, nothing written. */
  g_assert_true (ui_test_click (reason));
  g_assert_true (ui_test_type (reason, "late"));
  type_number (points, "5");
  g_assert_true (ui_test_click (play));
  wait_ms (100);
  g_assert_cmpstr (message_shown (page), ==, "Bob's score can go from 0 to between 0 and 1, not 5");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 0);

  /* 1 point, played with Enter on the button: written as typed, the message gone, the form
   * offered again and the standing showing Bob's point. */
  type_number (points, "1");
  g_assert_cmpuint (ui_test_tab_to (play, 30), <, 30);
  g_assert_true (ui_test_key (play, GDK_KEY_Return, 0));
  wait_ms (200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);
  entry = mg_campaign_journal_get (campaign, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (entry->summary, ==, "Bob's score +1 (late): 1.");
  g_assert_cmpstr (message_shown (page), ==, "");
  g_assert_nonnull (ui_test_labelled (page, GTK_TYPE_LIST_BOX_ROW, "Adjust"));
  /* What was played is a whole action, not the engine's example. */
  g_assert_null (strstr (entry->action, "template"));
  {
    g_autoptr(json_object) view = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    json_object *bob = json_object_array_get_idx (json_object_object_get (view, "players"), 1);

    g_assert_cmpint (json_object_get_int (json_object_object_get (bob, "score")), ==, 1);
  }
  save_screenshot (gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW), "test-ui-generic-form.png");
  /* One field a line: the form fits a 360 px window. */
  {
    GtkWidget *window = gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW);
    int minimum = 0;

    gtk_window_set_default_size (GTK_WINDOW (window), 360, 700);
    wait_ms (300);
    gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    if (minimum > 360)
      report_wide_widgets (window, 336);
    g_assert_cmpint (minimum, <=, 360);
    g_assert_cmpuint (count_overflowing_children (window), ==, 0);
    save_screenshot (window, "test-ui-generic-form-360.png");
  }
  close_campaign_windows (app);
}

/* A view's map of areas ("area_map") is drawn by the shared MgAreaMap on the Play page, which
 * the arrow keys walk, and for the far end of the table on the players' display; the score
 * shows on its tokens. */
static void
test_area_map (void)
{
  g_autoptr(MgCampaign) campaign = new_duel ("duel-map.db");
  GtkWidget *page = show_play (campaign), *display, *far_map;
  MgAreaMap *map = MG_AREA_MAP (find_descendant (page, MG_TYPE_AREA_MAP));
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (gtk_widget_get_ancestor (page, MG_TYPE_CAMPAIGN_WINDOW));
  double x, y;

  g_assert_nonnull (map);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (map)));
  g_assert_true (mg_area_map_area_position (map, "Ann", &x, &y));
  g_assert_true (mg_area_map_area_position (map, "Bob", &x, &y));
  g_assert_cmpstr (mg_area_map_area_at (map, x, y), ==, "Bob");
  /* Not told twice: the standing has no "Area map" section. */
  g_assert_null (ui_test_find_label (page, "Area map"));
  if (ui_test_pointer_to (page, 1, 1))
    {
      g_assert_cmpuint (ui_test_tab_to (GTK_WIDGET (map), 40), <, 40);
      g_assert_true (ui_test_key (GTK_WIDGET (map), GDK_KEY_Left, 0));
      g_assert_true (ui_test_key (GTK_WIDGET (map), GDK_KEY_Right, 0));
      g_assert_nonnull (mg_area_map_get_focus_area (map));
    }
  /* The arena's areas name seats ("parameter": "seat"): a click on Bob's corner chooses Bob
   * for the referee's Adjust form, and the keyboard goes to its Play button. */
  if (ui_test_click_at (GTK_WIDGET (map), x, y))
    {
      GtkWidget *row = ui_test_labelled (page, GTK_TYPE_LIST_BOX_ROW, "Adjust");
      GtkWidget *seat = form_field (row, "seat");
      GtkRoot *root = gtk_widget_get_root (page);

      wait_ms (100);
      g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (seat)), ==, 1);
      g_assert_true (gtk_root_get_focus (root) == find_button_labelled (row, _("Play")));
      g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 0);
    }
  display = GTK_WIDGET (mg_players_display_new (mg_campaign_window_get_table_state (window)));
  gtk_window_present (GTK_WINDOW (display));
  wait_ms (300);
  far_map = find_descendant (display, MG_TYPE_AREA_MAP);
  g_assert_nonnull (far_map);
  g_assert_cmpint (gtk_widget_get_height (far_map), >=, 560);
  save_screenshot (display, "test-ui-generic-display.png");
  gtk_window_destroy (GTK_WINDOW (display));
  close_campaign_windows (app);
}

/* The square of the Play page's board (the shared MgSquareBoard, when the view draws one) that
 * `action`'s member named by the board's "parameter" holds, or -1. */
static gint
board_square (GtkWidget *page, json_object *action, MgSquareBoard **board)
{
  json_object *member = NULL;
  const char *key;

  *board = (MgSquareBoard *) find_descendant (page, MG_TYPE_SQUARE_BOARD);
  key = *board != NULL ? mg_square_board_get_parameter (*board) : NULL;
  if (key == NULL || !json_object_object_get_ex (action, key, &member))
    return -1;
  return mg_square_board_find (*board, member);
}

/* The square chosen on the board: clicked through the X server, or by keys — Tab onto the
 * board (one Tab stop: it lands on the keyboard's square), the arrows to the square, Enter. */
static void
play_square (MgSquareBoard *board, gint square, gboolean by_pointer)
{
  GtkWidget *target = mg_square_board_square_widget (board, (guint) square);
  json_object *columns = json_object_object_get (mg_square_board_get_model (board), "columns");
  gint n = json_object_get_int (columns), r, c;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (board));

  if (by_pointer)
    {
      g_assert_true (ui_test_click (target));
      return;
    }
  if (!gtk_widget_is_ancestor (gtk_root_get_focus (root), GTK_WIDGET (board)))
    g_assert_cmpuint (ui_test_tab_to (mg_square_board_square_widget (board, mg_square_board_get_cursor (board)), 60), <, 60);
  r = (gint) mg_square_board_get_cursor (board) / n;
  c = (gint) mg_square_board_get_cursor (board) % n;
  for (; c != square % n; c += c < square % n ? 1 : -1)
    g_assert_true (ui_test_key (GTK_WIDGET (board), c < square % n ? GDK_KEY_Right : GDK_KEY_Left, 0));
  for (; r != square / n; r += r < square / n ? 1 : -1)
    g_assert_true (ui_test_key (GTK_WIDGET (board), r < square / n ? GDK_KEY_Down : GDK_KEY_Up, 0));
  wait_ms (50);
  g_assert_true (gtk_root_get_focus (root) == target);
  g_assert_true (ui_test_key (target, GDK_KEY_Return, 0));
}

/* A click on `square` where nothing is offered now plays `next` there anyway: the engine's
 * refusal shows above the seats, in its words, and nothing is written. */
static void
refused_square (GtkWidget *page, MgCampaign *campaign, MgSquareBoard *board, gint square, json_object *next)
{
  g_autoptr(json_object) action = NULL;
  g_autoptr(GError) error = NULL;
  gint64 count = mg_campaign_journal_count (campaign);

  json_object_deep_copy (next, &action, NULL);
  json_object_object_add (action, mg_square_board_get_parameter (board),
                          json_object_get (mg_square_board_square_value (board, (guint) square)));
  if (mg_state_validate (mg_campaign_get_state (campaign), action, &error))
    return;   /* still playable there: not a refusal to show */
  g_assert_true (ui_test_click (mg_square_board_square_widget (board, (guint) square)));
  wait_ms (100);
  g_assert_cmpstr (message_shown (page), ==, error->message);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, count);
}

static void
note_square (MgSquareBoard *board, guint index, gint *chosen)
{
  *chosen = (gint) index;
}

/* The shared board of squares by itself: each square named with what stands on it (for eyes in
 * its tooltip, for screen readers as its name), squares kept square in a 360 px window, chosen by
 * a real click and by the arrows and Enter, one Tab stop. */
static void
test_square_board (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *after = gtk_button_new_with_label ("After");
  MgSquareBoard *board = mg_square_board_new ();
  g_autoptr(json_object) model = json_tokener_parse (
    "{\"columns\": 3, \"rows\": 2, \"parameter\": \"square\", \"squares\": ["
    "{}, {\"piece\": \"X\", \"title\": \"Cross\"}, {}, {}, {}, {\"value\": 6}]}");
  gint chosen = -1;
  GtkWidget *b1, *c2;

  mg_square_board_set_model (board, model);
  g_signal_connect (board, "square-activated", G_CALLBACK (note_square), &chosen);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (board));
  gtk_box_append (GTK_BOX (box), after);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 400);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (300);
  b1 = mg_square_board_square_widget (board, 1);
  c2 = mg_square_board_square_widget (board, 5);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (b1), ==, "Square b1: Cross");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mg_square_board_square_widget (board, 0)), ==, "Square a1: empty");
  /* A square's value is what the action's member holds: its name unless the game gives one. */
  g_assert_cmpstr (json_object_get_string (mg_square_board_square_value (board, 1)), ==, "b1");
  g_assert_cmpint (json_object_get_int (mg_square_board_square_value (board, 5)), ==, 6);
  g_assert_cmpint (gtk_widget_get_width (b1), ==, gtk_widget_get_height (b1));
  g_assert_cmpint (gtk_widget_get_width (b1), >=, 32);
  g_assert_cmpint (gtk_widget_get_width (b1), <=, 96);
  if (!ui_test_click (b1))
    {
      g_test_skip ("not an X11 display: no click through the server");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  wait_ms (50);
  g_assert_cmpint (chosen, ==, 1);
  g_assert_true (gtk_widget_has_focus (b1));
  chosen = -1;
  g_assert_true (ui_test_key (b1, GDK_KEY_Right, 0));
  g_assert_true (ui_test_key (b1, GDK_KEY_Down, 0));
  g_assert_true (ui_test_key (b1, GDK_KEY_Down, 0));   /* at the edge: stays */
  wait_ms (50);
  g_assert_true (gtk_widget_has_focus (c2));
  g_assert_cmpuint (mg_square_board_get_cursor (board), ==, 5);
  g_assert_true (ui_test_key (c2, GDK_KEY_Return, 0));
  wait_ms (50);
  g_assert_cmpint (chosen, ==, 5);
  /* A new model (a piece placed) keeps the keyboard where it was. */
  mg_square_board_set_model (board, model);
  g_assert_true (gtk_widget_has_focus (c2));
  g_assert_true (ui_test_key (c2, GDK_KEY_Tab, 0));
  wait_ms (50);
  g_assert_true (gtk_widget_has_focus (after));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* One game with no pages of its own, its first sample played on the Play page by real input:
 * each action's row found by the words it is offered under, clicked or reached by Tab and
 * played with Enter in turn (a secret one after its seat's secrets are shown). */
static void
play_sample_on_page (const MgSample *sample)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("generic-%s.db", sample->game_id);
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  json_object *ruleset = mg_ruleset_load_default (sample->game_id, &error);
  g_autoptr(MgCampaign) campaign = NULL;
  g_autoptr(GBytes) script = mg_data_lookup (sample->script, &error);
  g_auto(GStrv) lines = NULL;
  GtkWidget *page;
  gint64 played = 0;
  MgSquareBoard *board = NULL;
  gint last_square = -1;
  guint by_board = 0;

  g_assert_no_error (error);
  campaign = mg_campaign_create (path, sample->game_id, "Generic", sample->players, ruleset, 7, &error);
  json_object_put (ruleset);
  g_assert_no_error (error);
  page = show_play (campaign);
  if (!ui_test_pointer_to (page, 1, 1))
    {
      g_test_skip ("not an X11 display: no input through the server");
      close_campaign_windows (app);
      return;
    }
  lines = g_strsplit (g_bytes_get_data (script, NULL) != NULL ? (const char *) g_bytes_get_data (script, NULL) : "", "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(json_object) action = json_tokener_parse (lines[i]);
      g_autofree char *label = NULL;
      const char *seat;
      GtkWidget *row;
      gint square;

      if (action == NULL)
        continue;
      label = mg_generic_page_action_label (mg_campaign_get_state (campaign), action);
      seat = mg_state_actor (mg_campaign_get_state (campaign), action);
      if (mg_rules_action_is_secret (mg_campaign_get_rules (campaign), mg_action_type (action)) && seat != NULL)
        {
          g_autofree char *show = g_strdup_printf (_("Enter %s’s secret"), seat);

          g_assert_true (ui_test_click (find_button_labelled (page, show)));
          wait_ms (100);
        }
      square = board_square (page, action, &board);
      if (square >= 0)
        {
          /* A game whose view draws a board: its action played by its square. */
          if (last_square >= 0)
            refused_square (page, campaign, board, last_square, action);
          play_square (board, square, played % 2 == 0);
          wait_ms (100);
          g_assert_cmpint (mg_campaign_journal_count (campaign), ==, ++played);
          /* The square names what stands on it now: the seat that played there. */
          g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (mg_square_board_square_widget (board, (guint) square)), seat));
          last_square = square;
          by_board++;
          continue;
        }
      row = row_reading (page, label);
      if (row == NULL)
        g_error ("%s: the Play page offers no row \"%s\" for the sample's action %s", sample->game_id, label, lines[i]);
      if (played % 2 == 0)
        g_assert_true (ui_test_click (row));
      else
        {
          g_assert_cmpuint (ui_test_tab_to (row, 60), <, 60);
          g_assert_true (ui_test_key (row, GDK_KEY_Return, 0));
        }
      wait_ms (100);
      g_assert_cmpint (mg_campaign_journal_count (campaign), ==, ++played);
    }
  board = (MgSquareBoard *) find_descendant (page, MG_TYPE_SQUARE_BOARD);
  if (board != NULL && mg_square_board_get_parameter (board) != NULL)
    g_assert_cmpuint (by_board, >, 0);   /* a board the sample never played on: its parameter is wrong */
  g_assert_cmpint (played, >, 0);
  {
    g_autoptr(json_object) pending = mg_state_pending (mg_campaign_get_state (campaign));

    assert_pending (page, json_object_get_string (json_object_object_get (pending, "text")));
  }
  {
    g_autofree char *shot = g_strdup_printf ("test-ui-generic-%s.png", sample->game_id);

    save_screenshot (gtk_widget_get_ancestor (page, GTK_TYPE_WINDOW), shot);
  }
  close_campaign_windows (app);
}

/* Every game built with no pages of its own (a game added with its word alone, as the scaffold
 * test adds one) has its sample played on the Play page by pointer and keys. */
static void
test_samples (void)
{
  guint n = 0, generic = 0;
  const MgSample *samples = mg_application_samples (&n);

  for (guint i = 0; i < n; i++)
    if (mg_game_ui_lookup (samples[i].game_id)->game_id == NULL
        && (i == 0 || g_strcmp0 (samples[i].game_id, samples[i - 1].game_id) != 0))
      {
        play_sample_on_page (&samples[i]);
        generic++;
      }
  if (generic == 0)
    g_test_skip ("every game built has pages of its own");
}

int
main (int argc, char **argv)
{
  int status;

  app = ui_test_init (&argc, &argv, "mg-ui-generic", &tmpdir);
  mg_game_register (mg_duel_game ());
  g_test_add_func ("/ui-generic/duel-to-the-end", test_duel_to_the_end);
  g_test_add_func ("/ui-generic/template-form", test_template_form);
  g_test_add_func ("/ui-generic/samples", test_samples);
  g_test_add_func ("/ui-generic/area-map", test_area_map);
  g_test_add_func ("/ui-generic/square-board", test_square_board);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

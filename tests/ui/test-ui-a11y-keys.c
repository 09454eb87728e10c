/* test-ui-a11y-keys.c — turns played by keyboard only (XTest keys), the focus read after each step
 * through AT-SPI as a screen reader reads it (issue 44): it is on the referee's next step, never on
 * the header's Undo; Tab presses to each page's main action counted; results, refusals and toasts
 * heard as AT-SPI events (an alert, the focused area's description). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "a11y-probe.h"
#include "mg-application.h"
#include "mg-area-map.h"
#include "mg-chart.h"
#include "mg-chronicle-plot.h"
#include "mg-json.h"
#include "mg-campaign-window-private.h"
#include "mg-cricchio-board-view.h"
#include "mg-cricchio-page.h"
#include "mg-lamame-map-page-private.h"
#include "mg-mecaknights-dashboard-private.h"
#include "mg-mecaknights-map-page.h"
#include "mg-table-state.h"
#include "mg-meeple-page-private.h"
#include "mg-tft-arena-view.h"
#include "mg-tft-attack-dialog.h"
#include "mg-tft-fight-page.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;
static gboolean probing;

/* The focus as AT-SPI tells it ("push button: End Turn"), checked to contain `expected` (the
 * control's name) and to be no header's Undo; logged with the step. */
static void
assert_focus (const char *step, const char *expected)
{
  g_autofree char *focus = a11y_probe_focus ();

  g_test_message ("%-40s focus: %s", step, focus);
  g_print ("| %s | %s |\n", step, focus);
  g_assert_null (strstr (focus, "Undo"));
  if (strstr (focus, expected) == NULL)
    g_error ("after %s the focus is on “%s”, not on “%s”", step, focus, expected);
}

/* Tab (real keys) until `target` has the focus; fails after `max`, naming where each Tab went. */
static guint
tab_to (GtkWidget *window, GtkWidget *target, guint max, const char *what)
{
  guint n;

  for (n = 0; n < max; n++)
    {
      GtkWidget *focus = ui_test_focus (window);

      if (focus != NULL && (focus == target || gtk_widget_is_ancestor (focus, target)))
        break;
      if (g_getenv ("MG_A11Y_DEBUG") != NULL)
        {
          g_autofree char *said = a11y_probe_focus ();

          g_printerr ("Tab %u: %s (%s)\n", n, focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "none", said);
        }
      g_assert_true (ui_test_key (window, GDK_KEY_Tab, 0));
    }
  if (n == max)
    g_error ("%u Tabs did not reach %s", max, what);
  return n;
}

/* Tabs from the page's tab in the header to `target`; logged. */
static guint
tabs_to_main_action (GtkWidget *window, const char *page_title, GtkWidget *target, const char *what)
{
  GtkWidget *switcher = find_descendant (window, ADW_TYPE_VIEW_SWITCHER);
  GtkWidget *tab = ui_test_labelled (switcher, GTK_TYPE_TOGGLE_BUTTON, page_title);
  guint n;

  g_assert_nonnull (tab);
  gtk_widget_grab_focus (tab);
  wait_ms (50);
  n = tab_to (window, target, 80, what);
  g_print ("| Tabs from the %s tab to %s | %u |\n", page_title, what, n);
  return n;
}

/* Whether a screen reader hears an event of `kind` ("alert", "description" of the focused object,
 * "focus") saying `text` (the probe waits for it, 20 s at most, the main loop running). */
static gboolean
heard (const char *kind, const char *text)
{
  g_autofree char *command = g_strdup_printf ("heard %s %s", kind, text);
  json_object *answer = a11y_probe_ask (command);
  json_object *events = json_object_object_get (answer, "events");
  gboolean found = json_object_get_boolean (json_object_object_get (answer, "said"));

  for (size_t i = 0; !found && events != NULL && i < json_object_array_length (events); i++)
    g_printerr ("heard instead of %s “%s”: %s\n", kind, text, json_object_to_json_string (json_object_array_get_idx (events, i)));
  g_print ("| heard (%s) | %s |\n", kind, text);
  json_object_put (answer);
  return found;
}

static gboolean
alert_said (const char *text)
{
  return heard ("alert", text);
}

static MgCampaignWindow *
show_campaign (const char *game, const char *name, const char * const *actions, guint n, MgCampaign **campaign)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strdup_printf ("%s.db", name);
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Red", "Blue", "Green", NULL };
  MgCampaignWindow *window;

  *campaign = mg_campaign_create (path, game, name, players, NULL, 7, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(json_object) action = json_tokener_parse (actions[i]);

      mg_journal_entry_free (mg_campaign_act (*campaign, action, &error));
      g_assert_no_error (error);
    }
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, *campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (300);
  return window;
}

/* TFT: Attack Order, A's attack in its dialog, End Turn; the focus on the next step after each. */
static void
test_tft_turn (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"b\"}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\"}",
  };
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window;
  MgTftFightPage *page;
  MgTftAttackDialog *dialog;
  GtkWidget *w;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  window = show_campaign ("tft", "Keys", actions, G_N_ELEMENTS (actions), &campaign);
  w = GTK_WIDGET (window);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  wait_ms (300);
  page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return;
    }
  tabs_to_main_action (w, "Fight", mg_tft_fight_page_get_button (page, "order"), "Attack Order");
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (300);
  /* Attack Order gone with its step: the focus is on the next, Attack (it was on Undo). */
  assert_focus ("TFT Attack Order", "Attack");
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (400);
  dialog = mg_tft_fight_page_get_attack_dialog (page);
  g_assert_nonnull (dialog);
  ui_test_tab_to (mg_tft_attack_dialog_get_dice_row (dialog), 40);
  g_assert_true (ui_test_type (GTK_WIDGET (dialog), "3 4 4 3 4"));
  g_assert_true (ui_test_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0));
  for (guint i = 0; i < 20 && mg_tft_attack_dialog_get_outcome (dialog) == NULL; i++)
    wait_ms (100);
  g_assert_nonnull (mg_tft_attack_dialog_get_outcome (dialog));
  g_assert_true (ui_test_key (GTK_WIDGET (dialog), GDK_KEY_Escape, 0));
  wait_ms (400);
  g_assert_null (mg_tft_fight_page_get_attack_dialog (page));
  /* Back on the page, on B's step (Attack again, or Pass), not on Undo. */
  assert_focus ("TFT attack dialog closed", "button");
  {
    GtkWidget *focus = ui_test_focus (w);

    g_assert_nonnull (focus);
    g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (page)));
  }
  close_campaign_windows (app);
}

/* TFT's arena by keys only, read through AT-SPI: Tab to it; each arrow and Enter heard as its
 * description, the hex then what stands there (Flavius on C5, picked; D5 in his reach); a hex
 * beyond his reach refused aloud (the page's message, an alert); the move by Enter heard as D5 now
 * holding him; the focus stays on the arena. */
static void
test_tft_arena (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"Romans\":[\"Flavius\"],"
    "\"Germans\":[\"Wulf\"]},\"positions\":{\"Flavius\":{\"hex\":\"C5\",\"facing\":\"NE\"},"
    "\"Wulf\":{\"hex\":\"M5\",\"facing\":\"SW\"}}}",
  };
  static const guint to_c5[] = { GDK_KEY_Right, GDK_KEY_Right, GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_Down,
                                 GDK_KEY_Down, GDK_KEY_Down };
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window;
  MgTftFightPage *page;
  MgTftArenaView *arena;
  GtkWidget *w;
  gint64 rows;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  window = show_campaign ("tft", "ArenaKeys", actions, G_N_ELEMENTS (actions), &campaign);
  w = GTK_WIDGET (window);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  wait_ms (300);
  page = MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
  arena = mg_tft_fight_page_get_arena (page);
  g_assert_nonnull (arena);
  if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return;
    }
  rows = mg_campaign_journal_count (campaign);
  tabs_to_main_action (w, "Fight", GTK_WIDGET (arena), "the arena");
  assert_focus ("TFT arena", "Arena");
  /* The first arrow shows the cursor on A1; then to C5. */
  for (guint i = 0; i < G_N_ELEMENTS (to_c5); i++)
    g_assert_true (ui_test_key (w, to_c5[i], 0));
  g_assert_cmpstr (mg_tft_arena_view_get_cursor (arena), ==, "C5");
  g_assert_true (heard ("description", "C5: Flavius (Romans), facing NE"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_true (heard ("description", "Flavius (Romans), facing NE, picked"));
  /* P9 is past his MA 10: Enter plays nothing, and the page's reason is said as an alert. */
  g_assert_true (mg_tft_arena_view_set_cursor (arena, "P9"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  wait_ms (200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows);
  g_assert_nonnull (mg_tft_fight_page_get_message (page));
  g_assert_true (alert_said (mg_tft_fight_page_get_message (page)));
  assert_focus ("TFT arena Enter refused on P9", "Arena");
  /* D5, next to him: in reach; Enter moves him there, and D5 is said again, holding him. */
  g_assert_true (mg_tft_arena_view_set_cursor (arena, "C5"));
  g_assert_true (ui_test_key (w, GDK_KEY_Right, 0));
  g_assert_true (heard ("description", "D5: empty, in reach, facing NE"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  wait_ms (200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 1);
  g_assert_true (heard ("description", "D5: Flavius (Romans), facing NE"));
  assert_focus ("TFT arena Enter on D5 (move)", "Arena");
  close_campaign_windows (app);
}

/* Meeple: Red's roll typed; one meeple moved in the pick from the first face to the last, typed;
 * Tab from the last pick counter stops on Pick (the "Choose"; it passed it by for the odds, where Enter
 * replaced the pick: 1/2/2 became 2/1/2). */
static void
test_meeple_pick (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "MeepleKeys.db", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window;
  MgMeepleSide *side;
  GtkWidget *w, *first = NULL, *last = NULL;
  guint n = 0;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  campaign = mg_campaign_create (path, "meeple", "Keys", players, NULL, 3, &error);
  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  w = GTK_WIDGET (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  wait_ms (400);
  side = mg_meeple_page_get_side (MG_MEEPLE_PAGE (mg_campaign_window_get_page (window, "battle")), 0);
  if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return;
    }
  tabs_to_main_action (w, "Battle", GTK_WIDGET (mg_meeple_side_get_show_button (side)), "Show Red’s faces");
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (200);
  assert_focus ("Meeple Show faces", "faces");
  for (const char *f = "sssskkkp"; *f; f++)
    g_assert_true (ui_test_key (w, gdk_unicode_to_keyval (*f), 0));
  tab_to (w, mg_meeple_side_get_roll_button (side), 40, "Roll");
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (300);
  g_assert_null (mg_meeple_side_get_message (side));
  assert_focus ("Meeple Roll", "button");
  for (; mg_meeple_side_get_pick_spin (side, n) != NULL; n++)
    if (first == NULL && gtk_spin_button_get_value_as_int (mg_meeple_side_get_pick_spin (side, n)) > 0)
      first = GTK_WIDGET (mg_meeple_side_get_pick_spin (side, n));
  g_assert_cmpuint (n, >=, 2);
  last = GTK_WIDGET (mg_meeple_side_get_pick_spin (side, n - 1));
  g_assert_nonnull (first);
  g_assert_true (first != last);
  {
    g_autofree char *less = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (first)) - 1);
    g_autofree char *more = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (last)) + 1);

    tab_to (w, first, 40, "the first pick counter");
    g_assert_true (ui_test_key (w, GDK_KEY_a, GDK_KEY_Control_L));
    g_assert_true (ui_test_type (w, less));
    tab_to (w, last, 20, "the last pick counter");
    g_assert_true (ui_test_key (w, GDK_KEY_a, GDK_KEY_Control_L));
    g_assert_true (ui_test_type (w, more));
  }
  g_assert_true (ui_test_key (w, GDK_KEY_Tab, 0));
  wait_ms (200);
  assert_focus ("Meeple Tab from the last pick counter", "Pick");
  g_assert_true (ui_test_focus (w) == mg_meeple_side_get_pick_button (side));
  close_campaign_windows (app);
}

/* La Mame: a new campaign's first step (Start the year) and the next (a knight bought from the
 * panel) pressed by Enter; the focus stays on the page's steps (it went back to the Map tab). */
static void
test_lamame_step (void)
{
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window;
  MgLamameMapPage *page;
  GtkWidget *w, *first;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  window = show_campaign ("lamame", "LaMameKeys", NULL, 0, &campaign);
  w = GTK_WIDGET (window);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map");
  wait_ms (400);
  page = MG_LAMAME_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  first = gtk_widget_get_first_child (GTK_WIDGET (page->steps_box));
  g_assert_nonnull (first);
  if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return;
    }
  tabs_to_main_action (w, "Map", first, "the first step");
  json_object_put (a11y_probe_ask ("events"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  wait_ms (500);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);
  assert_focus ("La Mame Start the year", "button");
  g_assert_true (gtk_widget_is_ancestor (ui_test_focus (w), GTK_WIDGET (page)));
  /* Each player passes in turn, by Enter where the focus is left: the focus stays on the steps. */
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *step = g_strdup_printf ("La Mame pass %u", i + 1);

      g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
      wait_ms (400);
      assert_focus (step, "button");
      g_assert_true (gtk_widget_is_ancestor (ui_test_focus (w), GTK_WIDGET (page)));
      if (gtk_label_get_text (page->result_label)[0] != '\0')
        {
          g_print ("| %s: alert | %s |\n", step, gtk_label_get_text (page->result_label));
          g_assert_true (alert_said (gtk_label_get_text (page->result_label)));
        }
    }
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 4);
  close_campaign_windows (app);
}

/* The game's sample in a window on `page`; NULL (the test skipped, the window closed) without an
 * AT-SPI bus or an X11 display for the keys. */
static MgCampaignWindow *
open_sample (const char *game, const char *page, MgCampaign **campaign)
{
  g_autoptr(GError) error = NULL;
  MgCampaignWindow *window;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return NULL;
    }
  *campaign = mg_application_create_sample_for (app, game, tmpdir, &error);
  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, *campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), page);
  wait_ms (500);
  if (!ui_test_key (GTK_WIDGET (window), GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return NULL;
    }
  return window;
}

/* Cricchio's first move by keys only, read through AT-SPI: Tab to the board (its cursor on j1,
 * South's President); each arrow and Enter heard as the board's description, the square then
 * what stands on it: the Air Force on h1 picked, f3 a destination, the move played by Enter and
 * f3 then holding the Air Force; the focus stays on the board. */
static void
test_cricchio_board (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "CricchioKeys.db", NULL);
  const char *players[] = { "Black", "Blue", "Red", "White", NULL };
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window;
  GtkWidget *w, *board;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  campaign = mg_campaign_create (path, "cricchio", "Keys", players, NULL, 7, &error);
  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  w = GTK_WIDGET (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "board");
  wait_ms (300);
  if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return;
    }
  board = GTK_WIDGET (mg_chess_page_get_board (MG_CHESS_PAGE (mg_campaign_window_get_page (window, "board"))));
  tabs_to_main_action (w, "Board", board, "the board");
  assert_focus ("Cricchio board", "Board");
  g_assert_cmpstr (mg_chess_board_view_get_cursor (MG_CHESS_BOARD_VIEW (board)), ==, "j1");
  g_assert_true (ui_test_key (w, GDK_KEY_Left, 0));
  g_assert_true (ui_test_key (w, GDK_KEY_Left, 0));
  g_assert_true (heard ("description", "h1: "));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_true (heard ("description", "Air Force, picked"));
  for (guint i = 0; i < 4; i++)
    g_assert_true (ui_test_key (w, i < 2 ? GDK_KEY_Left : GDK_KEY_Up, 0));
  g_assert_true (heard ("description", "f3: empty, a destination"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  wait_ms (200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);
  /* What stands there changed: said again ("f3: Black Air Force"). */
  g_assert_true (heard ("description", "Air Force"));
  assert_focus ("Cricchio move by Enter", "Board");
  close_campaign_windows (app);
}

/* TFT's sample: the Journal is one Tab stop: Tab from a row leaves the list (it went on from row
 * to row, 63 Tabs to the Replay buttons). */
static void
test_journal_one_tab_stop (void)
{
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window = open_sample ("tft", "journal", &campaign);
  GtkWidget *w, *list;

  if (window == NULL)
    return;
  w = GTK_WIDGET (window);
  /* Tab onto the list, then one Tab leaves it, whatever row has the focus. */
  list = find_descendant (mg_campaign_window_get_page (window, "journal"), GTK_TYPE_LIST_VIEW);
  g_assert_nonnull (list);
  tabs_to_main_action (w, "Journal", list, "the Journal's rows");
  assert_focus ("Journal row", "");
  g_assert_true (ui_test_key (w, GDK_KEY_Down, 0));
  g_assert_true (ui_test_key (w, GDK_KEY_Tab, 0));
  wait_ms (100);
  g_assert_false (gtk_widget_is_ancestor (ui_test_focus (w), list));
  assert_focus ("Tab from a Journal row", "");
  close_campaign_windows (app);
}

/* TFT's sample, Roster page: Edit…, Duel Odds… and Remove are reached by Tab (real keys) from the
 * page's tab, each in one Tab stop, and AT-SPI reads each by its name. */
static void
test_tft_roster (void)
{
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window = open_sample ("tft", "roster", &campaign);
  GtkWidget *w, *page, *edit, *duel, *remove;

  if (window == NULL)
    return;
  w = GTK_WIDGET (window);
  page = mg_campaign_window_get_page (window, "roster");
  edit = ui_test_labelled (page, GTK_TYPE_BUTTON, "Edit…");
  duel = ui_test_labelled (page, GTK_TYPE_BUTTON, "Duel Odds…");
  remove = ui_test_find_by_tooltip (page, "Remove a figure that never fought");
  g_assert_nonnull (edit);
  g_assert_nonnull (duel);
  g_assert_nonnull (remove);
  tabs_to_main_action (w, "Roster", edit, "Edit…");
  assert_focus ("TFT Roster Edit…", "Edit");
  g_assert_cmpuint (tab_to (w, duel, 4, "Duel Odds…"), <=, 3);
  assert_focus ("TFT Roster Duel Odds…", "Duel Odds");
  g_assert_cmpuint (tab_to (w, remove, 2, "Remove"), ==, 1);
  assert_focus ("TFT Roster Remove", "Remove a figure");
  close_campaign_windows (app);
}

/* A MecaKnights campaign of Red and Blue on the sample map, started. */
static MgCampaignWindow *
show_mecaknights (MgCampaign **campaign)
{
  g_autofree char *map_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "mecaknights-map.json", NULL);
  g_autofree char *text = NULL, *import = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "MkKeys.db", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  MgCampaignWindow *window;

  g_assert_true (g_file_get_contents (map_path, &text, NULL, NULL));
  import = g_strdup_printf ("{\"type\":\"import_map\",\"map\":%s}", text);
  *campaign = mg_campaign_create (path, "mecaknights", "Keys", players, NULL, 1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(json_object) action = json_tokener_parse (i == 0 ? import : "{\"type\":\"start\"}");

      mg_journal_entry_free (mg_campaign_act (*campaign, action, &error));
      g_assert_no_error (error);
    }
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, *campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (400);
  return window;
}

/* The Table page's form, keys only: Tab to the Action row, Space opens its list, Home and Down go
 * to End the turn, Enter chooses it, Ctrl+Return applies it; the focus stays on the Action row. */
static void
end_turn_by_keys (MgCampaignWindow *window, MgCampaign *campaign, gint64 rows)
{
  GtkWidget *w = GTK_WIDGET (window);
  MgMkActionPanel *panel;
  GtkWidget *row;
  g_autofree char *types = NULL;
  g_auto(GStrv) list = NULL;
  guint end = 0;

  g_assert_true (ui_test_key_to_page (w, "Table"));
  wait_ms (200);
  panel = mg_mk_dashboard_get_action_panel (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard")));
  types = mg_mk_action_panel_list_types (panel);
  list = g_strsplit (types, " ", -1);
  row = ui_test_labelled (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW, "Action");
  while (list[end] != NULL && g_strcmp0 (list[end], "end_turn") != 0)
    end++;
  g_assert_nonnull (list[end]);
  g_print ("| Tabs from the Table tab to the Action row | %u |\n", tab_to (w, row, 60, "the Action row"));
  ui_test_choose_by_keys (w, end);
  g_assert_cmpstr (mg_mk_action_panel_get_type_name (panel), ==, "end_turn");
  assert_focus ("MecaKnights End the turn chosen", "Action");
  g_assert_true (ui_test_key (w, GDK_KEY_Return, GDK_KEY_Control_L));
  wait_ms (300);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
                     mg_table_state_get_view (mg_table_state_for_campaign (campaign), MG_SEAT_ALL), "current")), ==, "Blue");
  assert_focus ("MecaKnights End the turn (Ctrl+Return)", "Action");
}

/* MecaKnights' first turn by keys only, read through AT-SPI as a screen reader reads it: the
 * collect's result said as an alert; on the map, each land the arrows reach has the focus and is
 * named with what stands on it; Red 1 picked by Enter, a land out of reach refused aloud, the move
 * done aloud; the turn ended from the Table page's form. */
static void
test_mecaknights_turn (void)
{
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window;
  GtkWidget *w;
  MgMkMapPage *map_page;
  MgAreaMap *map;
  gint64 rows;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  window = show_mecaknights (&campaign);
  w = GTK_WIDGET (window);
  rows = mg_campaign_journal_count (campaign);
  /* A screen reader sees the window appear (GTK joins the bus a moment after it is shown). */
  {
    json_object *on_bus = a11y_probe_ask ("app");

    g_assert_true (json_object_get_boolean (json_object_object_get (on_bus, "app")));
    json_object_put (on_bus);
  }
  json_object_put (a11y_probe_ask ("events"));
  if (!ui_test_key (w, GDK_KEY_Return, GDK_KEY_Control_L))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display");
      close_campaign_windows (app);
      return;
    }
  wait_ms (300);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 1);
  /* Winter of year 1: Red's capital yields nothing (docs/rules/mecaknights.md). */
  g_assert_true (alert_said ("Red collects nothing"));
  /* The next step is chosen in the Action row, not on the header's Undo. */
  assert_focus ("MecaKnights collect (Ctrl+Return)", "Action");

  g_assert_true (ui_test_key_to_page (w, "Map"));
  map_page = MG_MK_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  map = mg_mk_map_page_get_area_map (map_page);
  wait_ms (200);
  tab_to (w, GTK_WIDGET (map), 60, "the map");
  assert_focus ("MecaKnights Tab to the map", "");
  g_assert_true (ui_test_arrow_to (w, map, "Redhold"));
  assert_focus ("MecaKnights arrows to Redhold", "Redhold, Red 1");
  /* Enter picks Red 1; the area says what comes next. */
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_cmpstr (mg_mk_map_page_get_play_army (map_page), ==, "Red 1");
  g_assert_true (heard ("description", "Red 1 on Redhold"));
  /* Stonecross is two lands away: arriving there says why not; Enter there changes nothing. */
  g_assert_true (ui_test_arrow_to (w, map, "Stonecross"));
  assert_focus ("MecaKnights arrows to Stonecross", "Stonecross");
  g_assert_true (heard ("description", "Not to Stonecross: "));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  wait_ms (200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 1);
  assert_focus ("MecaKnights Enter refused on Stonecross", "Stonecross");
  /* Oakvale borders Redhold: arriving says what Enter does; Enter does it and says so. */
  g_assert_true (ui_test_arrow_to (w, map, "Oakvale"));
  g_assert_true (heard ("description", "Red 1 moves to Oakvale"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 2);
  g_assert_true (heard ("description", "Done: Red moves Red 1"));
  /* The focus stays on the area, now named with Red 1 standing there. */
  assert_focus ("MecaKnights Enter on Oakvale (move)", "Oakvale, Red 1");
  end_turn_by_keys (window, campaign, rows + 3);
  /* Ctrl+Z takes the end of the turn back; its toast is heard as an alert. */
  g_assert_true (ui_test_key (w, GDK_KEY_z, GDK_KEY_Control_L));
  g_assert_true (heard ("alert", "Undone: "));
  g_assert_cmpstr (json_object_get_string (json_object_object_get (
                     mg_table_state_get_view (mg_table_state_for_campaign (campaign), MG_SEAT_ALL), "current")), ==, "Red");
  close_campaign_windows (app);
}

/* ---------------------------------------------------------------- Tabs to each page's main action */

static GtkWidget *
first_shown (GtkWidget *w, GType type, const char *css_class)
{
  if (!gtk_widget_get_mapped (w) || GTK_IS_POPOVER (w))
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_is_sensitive (w)
      && (css_class == NULL || gtk_widget_has_css_class (w, css_class)))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = first_shown (c, type, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What a page is for, in this order: its suggested action, its board, map or arena, its list (the
 * Journal), its first chart (the Chronicle); else the page itself (its first control). */
static GtkWidget *
main_action (GtkWidget *page, const char *name)
{
  /* A list view is the Journal's rows; elsewhere a log read, not acted on (TFT's fight log). */
  GType surfaces[] = { MG_TYPE_CHESS_BOARD_VIEW, MG_TYPE_AREA_MAP, MG_TYPE_TFT_ARENA_VIEW, MG_TYPE_CHART };
  GtkWidget *found = g_str_equal (name, "journal") ? first_shown (page, GTK_TYPE_LIST_VIEW, NULL)
                                                  : first_shown (page, GTK_TYPE_BUTTON, "suggested-action");

  for (guint i = 0; found == NULL && i < G_N_ELEMENTS (surfaces); i++)
    found = first_shown (page, surfaces[i], NULL);
  if (g_getenv ("MG_A11Y_DEBUG") != NULL && found != NULL)
    g_printerr ("main action: %s %s\n", G_OBJECT_TYPE_NAME (found),
                GTK_IS_BUTTON (found) && gtk_button_get_label (GTK_BUTTON (found)) ? gtk_button_get_label (GTK_BUTTON (found)) : "");
  return found != NULL ? found : page;
}

/* Measured for docs/accessibility.md with MG_A11Y_TABS set (real keys on every page of every
 * sample: not in CI, whose tests count them on each game's play page): Tab presses from each page's
 * tab to its main action, and what a screen reader reads there. */
static void
test_tabs_per_page (void)
{
  guint n_samples;
  const MgSample *samples = mg_application_samples (&n_samples);

  if (g_getenv ("MG_A11Y_TABS") == NULL)
    {
      g_test_skip ("a measure: set MG_A11Y_TABS");
      return;
    }
  for (guint i = 0; i < n_samples; i++)
    {
      g_autoptr(MgCampaign) campaign = NULL;
      MgCampaignWindow *window;

      if (g_getenv ("MG_A11Y_GAMES") != NULL && strstr (g_getenv ("MG_A11Y_GAMES"), samples[i].game_id) == NULL)
        continue;
      window = open_sample (samples[i].game_id, "journal", &campaign);
      AdwViewStack *stack;
      g_autoptr(GtkSelectionModel) pages = NULL;

      if (window == NULL)
        return;
      stack = mg_campaign_window_get_view_stack (window);
      pages = adw_view_stack_get_pages (stack);
      for (guint p = 0; p < g_list_model_get_n_items (G_LIST_MODEL (pages)); p++)
        {
          g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), p);
          g_autofree char *what = NULL, *focus = NULL;
          GtkWidget *target;
          guint n;

          adw_view_stack_set_visible_child (stack, adw_view_stack_page_get_child (page));
          wait_ms (300);
          target = main_action (adw_view_stack_page_get_child (page), adw_view_stack_page_get_name (page));
          what = g_strdup_printf ("%s %s", samples[i].game_id, adw_view_stack_page_get_title (page));
          if (target == NULL)
            {
              g_print ("| tabs | %s | none |\n", what);
              continue;
            }
          n = tabs_to_main_action (GTK_WIDGET (window), adw_view_stack_page_get_title (page), target, what);
          focus = a11y_probe_focus ();
          g_print ("| tabs | %s | %u | %s |\n", what, n, focus);
        }
      close_campaign_windows (app);
    }
}

/* ---------------------------------------------------------------- contrast (WCAG 2.1), from PNGs */

typedef struct { GdkTexture *texture; guchar *pixels; int width, height; } Shot;

/* The window rendered to a PNG (kept beside the test's other screenshots), read back. */
static void
shot_take (Shot *shot, GtkWidget *window, const char *name)
{
  const char *dir = g_getenv ("MG_SCREENSHOT_DIR") != NULL ? g_getenv ("MG_SCREENSHOT_DIR") : g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", name, NULL);
  g_autoptr(GError) error = NULL;

  save_screenshot (window, name);
  shot->texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  shot->width = gdk_texture_get_width (shot->texture);
  shot->height = gdk_texture_get_height (shot->texture);
  shot->pixels = g_malloc ((gsize) shot->width * shot->height * 4);
  gdk_texture_download (shot->texture, shot->pixels, shot->width * 4);
}

static void
shot_clear (Shot *shot)
{
  g_clear_object (&shot->texture);
  g_clear_pointer (&shot->pixels, g_free);
}

static double
channel_lum (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* Relative luminance of a pixel (cairo ARGB32 in memory: B, G, R, A; opaque window). */
static double
luminance (const Shot *shot, int x, int y)
{
  const guchar *p = shot->pixels + ((gsize) CLAMP (y, 0, shot->height - 1) * shot->width + CLAMP (x, 0, shot->width - 1)) * 4;

  return 0.2126 * channel_lum (p[2] / 255.0) + 0.7152 * channel_lum (p[1] / 255.0) + 0.0722 * channel_lum (p[0] / 255.0);
}

static double
ratio (double a, double b)
{
  return (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05);
}

/* The best contrast against `ground` of a pixel in the rectangle: the text's own colour where a
 * stroke of a glyph is solid. */
static double
best_contrast (const Shot *shot, double ground, int x0, int y0, int x1, int y1)
{
  double best = 1;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      best = MAX (best, ratio (luminance (shot, x, y), ground));
  return best;
}

static GtkWidget *
label_with_class (GtkWidget *root, const char *css_class)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) && gtk_widget_has_css_class (root, css_class)
      && gtk_label_get_text (GTK_LABEL (root))[0] != '\0')
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = label_with_class (c, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label's text against the ground just inside its top-left corner. */
static double
label_contrast (const Shot *shot, GtkWidget *window, GtkWidget *label)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (label, window, &r));
  return best_contrast (shot, luminance (shot, r.origin.x + 1, r.origin.y + 1), r.origin.x, r.origin.y,
                        r.origin.x + r.size.width, r.origin.y + r.size.height);
}

/* Every token's letter against its fill (the model's colour): the best contrast of a pixel in the
 * middle of the token (where the letter's strokes are, inside any shape's outline); the least of
 * all tokens. */
static double
tokens_contrast (const Shot *shot, GtkWidget *window, MgAreaMap *map, guint *n)
{
  json_object *tokens = json_object_object_get (mg_area_map_get_model (map), "tokens");
  double least = 21;
  graphene_rect_t r;

  *n = 0;
  for (guint t = 0; mg_area_map_token_rect (map, t, &r); t++)
    {
      json_object *token = json_object_array_get_idx (tokens, t);
      const char *spec = json_object_get_string (json_object_object_get (token, "colour"));
      graphene_point_t at;
      GdkRGBA fill;
      double w = r.size.width, h = r.size.height, l, best;

      if (w < 6 || spec == NULL || !gdk_rgba_parse (&fill, spec))
        continue;
      g_assert_true (gtk_widget_compute_point (GTK_WIDGET (map), window, &r.origin, &at));
      l = 0.2126 * channel_lum (fill.red) + 0.7152 * channel_lum (fill.green) + 0.0722 * channel_lum (fill.blue);
      best = best_contrast (shot, l, at.x + w * 0.38, at.y + h * 0.38, at.x + w * 0.62, at.y + h * 0.66);
      if (g_getenv ("MG_A11Y_DEBUG") != NULL)
        g_printerr ("token %u (%s) at %g,%g: letter contrast %.2f\n", t, spec, at.x, at.y, best);
      least = MIN (least, best);
      (*n)++;
    }
  return least;
}

/* A point of `widget` in the window's coordinates. */
static void
in_window (GtkWidget *widget, GtkWidget *window, double x, double y, double *wx, double *wy)
{
  graphene_point_t at;

  g_assert_true (gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (x, y), &at));
  *wx = at.x, *wy = at.y;
}

/* The Chronicle's first chart: its first series' name in the legend (text, ≥ 4.5:1) and the
 * series' swatch beside it (a graphic: ≥ 3:1) against the page round the chart. */
static void
chart_contrast (const Shot *shot, GtkWidget *window, GtkWidget *chart, gboolean dark)
{
  double x, y, ground, text, swatch;

  g_assert_true (gtk_widget_get_mapped (chart));
  in_window (chart, window, 2, 2, &x, &y);
  ground = luminance (shot, x, y);
  in_window (chart, window, MG_CHRONICLE_MARGIN_LEFT, 0, &x, &y);
  text = best_contrast (shot, ground, x + 14, y + 3, x + 40, y + 19);
  swatch = ratio (luminance (shot, x + 5, y + 11), ground);
  g_print ("| contrast chart %s | legend text %.2f | swatch %.2f |\n", dark ? "dark" : "light", text, swatch);
  g_assert_cmpfloat (text, >=, 4.5);
  g_assert_cmpfloat (swatch, >=, 3.0);
}

static void
contrast_of_game (const char *game, const char *page_name, double *dim, double *head, double *tokens)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, game, tmpdir, &error);
  MgCampaignWindow *window;
  GtkWidget *page, *label;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  for (guint dark = 0; dark < 2; dark++)
    {
      g_autofree char *name = g_strdup_printf ("a11y-contrast-%s-%s-%s.png", game, page_name, dark ? "dark" : "light");
      Shot shot = { 0 };
      MgAreaMap *map = NULL;
      guint n = 0;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), page_name);
      page = mg_campaign_window_get_page (window, page_name);
      /* Shown (built the first time, 2 s at most), then a few frames in the scheme asked for. */
      for (guint t = 0; t < 40 && !gtk_widget_get_mapped (page); t++)
        wait_ms (50);
      wait_ms (250);
      shot_take (&shot, GTK_WIDGET (window), name);
      if ((label = label_with_class (page, "dim-label")) != NULL)
        dim[dark] = label_contrast (&shot, GTK_WIDGET (window), label);
      if ((label = label_with_class (page, "mk-head")) != NULL)
        head[dark] = label_contrast (&shot, GTK_WIDGET (window), label);
      if (find_descendant (page, MG_TYPE_CHART) != NULL)
        chart_contrast (&shot, GTK_WIDGET (window), find_descendant (page, MG_TYPE_CHART), dark);
      map = MG_IS_AREA_MAP (find_descendant (page, MG_TYPE_AREA_MAP)) ? MG_AREA_MAP (find_descendant (page, MG_TYPE_AREA_MAP)) : NULL;
      if (map != NULL)
        {
          tokens[dark] = tokens_contrast (&shot, GTK_WIDGET (window), map, &n);
          g_assert_cmpuint (n, >, 0);
        }
      g_print ("| contrast %s %s %s | dim %.2f | header %.2f | tokens %.2f (%u) |\n", game, page_name,
               dark ? "dark" : "light", dim[dark], head[dark], tokens[dark], n);
      shot_clear (&shot);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  close_campaign_windows (app);
}

/* The arena's counters: each name (white) against its counter's fill, read where the fill is
 * (the darkest of six points round the name, clear of the facing's wedge); the least of them. */
static double
counters_contrast (const Shot *shot, GtkWidget *window, MgTftArenaView *arena, const char * const *hexes, double size)
{
  double least = 21;

  for (guint i = 0; hexes[i] != NULL; i++)
    {
      double x, y, ground = 1, best;

      g_assert_true (mg_tft_arena_view_hex_point (arena, hexes[i], &x, &y));
      in_window (GTK_WIDGET (arena), window, x, y, &x, &y);
      for (int k = 0; k < 6; k++)
        ground = MIN (ground, luminance (shot, x + 0.6 * size * cos ((-60 + 60 * k) * G_PI / 180),
                                         y + 0.6 * size * sin ((-60 + 60 * k) * G_PI / 180)));
      best = best_contrast (shot, ground, x - 0.3 * size, y - 0.12 * size, x + 0.3 * size, y + 0.12 * size);
      if (g_getenv ("MG_A11Y_DEBUG") != NULL)
        g_printerr ("counter on %s: name contrast %.2f\n", hexes[i], best);
      least = MIN (least, best);
    }
  return least;
}

/* A hex's label (its name, above its centre) against the hex's ground just below it. */
static double
hex_label_contrast (const Shot *shot, GtkWidget *window, MgTftArenaView *arena, const char *hex, double size)
{
  double x, y;

  g_assert_true (mg_tft_arena_view_hex_point (arena, hex, &x, &y));
  in_window (GTK_WIDGET (arena), window, x, y, &x, &y);
  return best_contrast (shot, luminance (shot, x, y + 0.3 * size), x - 0.32 * size, y - 0.8 * size, x + 0.1 * size,
                        y - 0.52 * size);
}

/* TFT's arena on the Fight page, in light and dark (drawn alike: the arena is parchment in both):
 * the counters' names of four sides and the hexes' labels, on plain ground and in reach (Flavius
 * picked: his reach green). ≥ 4.5:1. */
static void
test_arena_contrast (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"Gaul\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"Dacian\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"Romans\":[\"Flavius\"],"
    "\"Germans\":[\"Wulf\"],\"Gauls\":[\"Gaul\"],\"Dacians\":[\"Dacian\"]},\"positions\":{\"Flavius\":{\"hex\":\"C5\",\"facing\":\"NE\"},"
    "\"Wulf\":{\"hex\":\"M5\",\"facing\":\"SW\"},\"Gaul\":{\"hex\":\"H3\",\"facing\":\"S\"},"
    "\"Dacian\":{\"hex\":\"H8\",\"facing\":\"N\"}}}",
  };
  static const char * const hexes[] = { "C5", "M5", "H3", "H8", NULL };
  g_autoptr(MgCampaign) campaign = NULL;
  MgCampaignWindow *window = show_campaign ("tft", "ArenaContrast", actions, G_N_ELEMENTS (actions), &campaign);
  MgTftArenaView *arena;
  double ax, ay, bx, by, size;

  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  wait_ms (300);
  arena = mg_tft_fight_page_get_arena (MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight")));
  g_assert_nonnull (arena);
  mg_tft_arena_view_select (arena, "Flavius");
  for (guint dark = 0; dark < 2; dark++)
    {
      g_autofree char *name = g_strdup_printf ("a11y-contrast-tft-arena-%s.png", dark ? "dark" : "light");
      Shot shot = { 0 };
      double counters, plain, reach;

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      wait_ms (400);
      g_assert_true (mg_tft_arena_view_hex_point (arena, "A1", &ax, &ay));
      g_assert_true (mg_tft_arena_view_hex_point (arena, "A2", &bx, &by));
      size = (by - ay) / sqrt (3);
      /* The hexes' labels are drawn from 14 px a hex. */
      g_assert_cmpfloat (size, >, 14);
      shot_take (&shot, GTK_WIDGET (window), name);
      counters = counters_contrast (&shot, GTK_WIDGET (window), arena, hexes, size);
      plain = MIN (hex_label_contrast (&shot, GTK_WIDGET (window), arena, "P9", size),
                   hex_label_contrast (&shot, GTK_WIDGET (window), arena, "O2", size));
      reach = MIN (hex_label_contrast (&shot, GTK_WIDGET (window), arena, "D6", size),
                   hex_label_contrast (&shot, GTK_WIDGET (window), arena, "E3", size));
      g_print ("| contrast tft arena %s | counters' names %.2f | hex labels %.2f, in reach %.2f |\n",
               dark ? "dark" : "light", counters, plain, reach);
      g_assert_cmpfloat (counters, >=, 4.5);
      g_assert_cmpfloat (plain, >=, 4.5);
      g_assert_cmpfloat (reach, >=, 4.5);
      shot_clear (&shot);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  close_campaign_windows (app);
}

/* Dim labels, MecaKnights' table headers, the tokens' letters on La Mame's and MecaKnights' maps
 * and the Chronicle's charts, read from the rendered pages in light and dark: ≥ 4.5:1 (WCAG 2.1
 * AA, small text; a chart's swatch, a graphic, ≥ 3:1). TFT's arena: test_arena_contrast. */
static void
test_contrast (void)
{
  static const char *pages[][2] = { { "mecaknights", "dashboard" }, { "mecaknights", "map" },
                                    { "lamame", "map" }, { "tft", "chronicle" } };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      double dim[2] = { 21, 21 }, head[2] = { 21, 21 }, tokens[2] = { 21, 21 };

      contrast_of_game (pages[i][0], pages[i][1], dim, head, tokens);
      for (guint dark = 0; dark < 2; dark++)
        {
          g_assert_cmpfloat (dim[dark], >=, 4.5);
          g_assert_cmpfloat (head[dark], >=, 4.5);
          g_assert_cmpfloat (tokens[dark], >=, 4.5);
        }
    }
}

int
main (int argc, char *argv[])
{
  int status;
  char *why = NULL;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-a11y-keys", &tmpdir);
  g_test_add_func ("/ui/a11y/tft-turn", test_tft_turn);
  g_test_add_func ("/ui/a11y/tft-arena", test_tft_arena);
  g_test_add_func ("/ui/a11y/meeple-pick", test_meeple_pick);
  g_test_add_func ("/ui/a11y/lamame-step", test_lamame_step);
  g_test_add_func ("/ui/a11y/cricchio-board", test_cricchio_board);
  g_test_add_func ("/ui/a11y/journal-one-tab-stop", test_journal_one_tab_stop);
  g_test_add_func ("/ui/a11y/tft-roster", test_tft_roster);
  g_test_add_func ("/ui/a11y/mecaknights-turn", test_mecaknights_turn);
  g_test_add_func ("/ui/a11y/tabs-per-page", test_tabs_per_page);
  g_test_add_func ("/ui/a11y/contrast", test_contrast);
  g_test_add_func ("/ui/a11y/arena-contrast", test_arena_contrast);
  probing = a11y_probe_start (&why);
  if (!probing)
    g_printerr ("%s\n", why);
  g_print ("| step | focus (AT-SPI) |\n|---|---|\n");
  status = g_test_run ();
  a11y_probe_stop ();
  ui_test_finish (app, tmpdir);
  g_free (why);
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-lamame.c — drives La Mame's Melee's Map page through its widgets: the year started from
 * the page, a knight bought by selecting its area on the drawn map, a spring season played with
 * the start bids typed into hidden entries (one refused for more gold than the player holds), a
 * secret card and cards revealed at the table, an attack with hidden gold and a hidden guess,
 * income counted by hand; then the map editor; and
 * screenshots of the map. Numbers: 15 gold, knight 6, Tax 3, (+1) area 1 gold (docs/rules/lamame.md). */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "mg-application.h"
#include "ui-test-util.h"
#include "mg-draft.h"
#include "mg-campaign-window-private.h"
#include "mg-lamame-editor.h"
#include "mg-lamame-util.h"
#include "mg-lamame-map-page-private.h"
#include "mg-journal-page.h"
#include "mg-json.h"

static MgApplication *app;
static char *tmpdir;

static gint
gold (MgCampaign *campaign, guint seat)
{
  g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
  return json_object_get_int (json_object_object_get (json_object_array_get_idx (json_object_object_get (v, "players"), seat), "gold"));
}

static void
click_step (MgLamameMapPage *page, const char *text)
{
  if (!mg_lamame_map_page_click (page, text))
    {
      g_autoptr(GPtrArray) buttons = mg_lamame_map_page_buttons (page);
      for (guint i = 0; i < buttons->len; i++)
        g_test_message ("button: %s", gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (buttons, i))));
      g_error ("no button \"%s\"", text);
    }
  wait_ms (20);
}

static gboolean
grid_has (GtkGrid *grid, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (grid)); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c) && strstr (gtk_label_get_text (GTK_LABEL (c)), text) != NULL)
      return TRUE;
  return FALSE;
}

static void
select_area (MgLamameMapPage *page, const char *area)
{
  double x, y;

  g_assert_true (mg_area_map_area_position (page->map, area, &x, &y));
  mg_area_map_click (page->map, x, y);
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, area);
  wait_ms (10);
}

/* A key pressed on the map, as its key controller receives it. */
static void
press_map_key (MgAreaMap *map, guint keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (map));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (g_strcmp0 (gtk_event_controller_get_name (c), "mg-area-map-keys") == 0)
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
    }
  g_assert_true (handled);
  wait_ms (10);
}

/* Confirms the open dialog as its button does: the response, then the dialog closes. */
static void
respond (MgLamameMapPage *page)
{
  AdwMessageDialog *dialog = page->dialog;

  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "ok");
  gtk_window_close (GTK_WINDOW (dialog));
  wait_ms (20);
}

/* Types `text` into the open dialog's hidden entries and confirms. */
static void
enter_secret (MgLamameMapPage *page, const char *text)
{
  g_assert_nonnull (page->dialog);
  g_assert_true (GTK_IS_ENTRY (page->entries[0]));
  /* Hidden as typed: the entry shows dots only. */
  g_assert_false (gtk_entry_get_visibility (GTK_ENTRY (page->entries[0])));
  gtk_editable_set_text (GTK_EDITABLE (page->entries[0]), text);
  respond (page);
}

/* Shows the campaign's window on its map page, once the map has its size (clicks land where
 * it is drawn). */
static MgCampaignWindow *
show_on_map (MgCampaign *campaign, MgLamameMapPage **page)
{
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  *page = MG_LAMAME_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map");
  for (guint i = 0; i < 100 && gtk_widget_get_width (GTK_WIDGET ((*page)->map)) < 100; i++)
    wait_ms (20);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET ((*page)->map)), >=, 100);
  return window;
}

/* The year begun with the introductory rules, and its initial build picked on the map (and
 * from the keyboard): Red a knight (15 - 6 = 9), Blue a soldier (15 - 2 = 13). */
static void
season_initial_build (MgCampaign *campaign, MgLamameMapPage *page)
{
  json_object *model;

  click_step (page, "introductory rules");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);
  /* The sample map for 3 players: 15 areas; a soldier in each castle. */
  model = mg_area_map_get_model (page->map);
  g_assert_cmpuint (json_object_array_length (json_object_object_get (model, "areas")), ==, 15);
  g_assert_cmpuint (json_object_array_length (json_object_object_get (model, "tokens")), ==, 3);
  g_assert_nonnull (strstr (gtk_label_get_text (page->banner), "Initial build"));

  /* Red buys a knight next to the castle: select Oak Hill, take what it offers. 15 - 6 = 9.
   * Without a mouse (issue 11 item 10): from Redkeep, the Right arrow goes to Oak Hill, the
   * nearest area that way, and Enter selects it. */
  select_area (page, "Redkeep");
  press_map_key (page->map, GDK_KEY_Right);
  g_assert_cmpstr (mg_area_map_get_focus_area (page->map), ==, "Oak Hill");
  press_map_key (page->map, GDK_KEY_Return);
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, "Oak Hill");
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (page->map)));
  click_step (page, "Red: build a knight on Oak Hill");
  g_assert_cmpint (gold (campaign, 0), ==, 9);
  /* Mill is not next to Redkeep: nothing to build there. */
  select_area (page, "Mill");
  g_assert_false (mg_lamame_map_page_click (page, "build a knight on Mill"));
  click_step (page, "Red: pass");
  /* Blue: a soldier on Bluewater, 15 - 2 = 13. */
  select_area (page, "Bluewater");
  click_step (page, "Blue: build a soldier on Bluewater");
  g_assert_cmpint (gold (campaign, 1), ==, 13);
  click_step (page, "Blue: pass");
  click_step (page, "Green: pass");
  g_assert_nonnull (strstr (gtk_label_get_text (page->banner), "Spring"));
}

/* Red's secret start bid asked on a phone-sized window: the page and the dialog fit 360 px. */
static void
season_bid_on_a_phone (MgCampaignWindow *window, MgLamameMapPage *page)
{
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  wait_ms (400);
  click_step (page, "Red: bid for start player in secret");
  wait_ms (300);
  {
    int minimum = 0;

    gtk_widget_measure (GTK_WIDGET (page->dialog), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (page->dialog)), <=, 360);
    gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
    g_assert_true (gtk_widget_get_mapped (page->entries[0]));
    save_screenshot (GTK_WIDGET (page->dialog), "lamame-secret-dialog-360.png");
    save_screenshot (GTK_WIDGET (window), "lamame-secret-page-360.png");
  }
}

/* The other secret bids: hidden from the shared screen, a bid over the gold held refused in
 * words (dialog and page), then revealed together: Red wins and pays 3. */
static void
season_start_bids (MgCampaignWindow *window, MgCampaign *campaign, MgLamameMapPage *page)
{
  g_autoptr(GError) error = NULL;

  enter_secret (page, "3");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (400);
  g_assert_cmpstr (gtk_label_get_text (page->error_label), ==, "");
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), "Blue");
    json_object *bid = json_object_object_get (json_object_array_get_idx (json_object_object_get (v, "players"), 0), "start_bid");
    g_assert_true (json_object_is_type (bid, json_type_boolean));
  }
  {
    g_autoptr(MgJournalEntry) last = mg_campaign_journal_get (campaign, mg_campaign_journal_count (campaign), &error);
    g_assert_no_error (error);
    g_assert_cmpstr (last->summary, ==, "Red has bid in secret (1 of 3).");
  }
  /* The shared screen shows no bid; Red's secrets, shown on request, show it; hidden again. */
  g_assert_false (grid_has (page->players_grid, "bid 3"));
  mg_table_state_show_secrets (page->table, "Red");
  wait_ms (20);
  g_assert_true (grid_has (page->players_grid, "bid 3"));
  mg_table_state_show_secrets (page->table, NULL);
  wait_ms (20);
  g_assert_false (grid_has (page->players_grid, "bid 3"));
  save_screenshot (GTK_WIDGET (window), "lamame-secret-bid.png");
  click_step (page, "Blue: bid for start player in secret");
  /* 11.3: a fresh field says nothing (Done waits for a number); once typed in, its problem is
   * said in words under it, and the engine's refusal too, before the device is handed back. */
  g_assert_cmpstr (gtk_label_get_text (page->dialog_message), ==, "");
  g_assert_false (adw_message_dialog_get_response_enabled (page->dialog, "ok"));
  gtk_editable_set_text (GTK_EDITABLE (page->entries[0]), "lots");
  g_assert_cmpstr (gtk_label_get_text (page->dialog_message), ==, "Type a whole number of gold, 0 or more.");
  gtk_editable_set_text (GTK_EDITABLE (page->entries[0]), "99");
  g_assert_nonnull (strstr (gtk_label_get_text (page->dialog_message), "only 13 gold"));
  g_assert_false (adw_message_dialog_get_response_enabled (page->dialog, "ok"));
  gtk_editable_set_text (GTK_EDITABLE (page->entries[0]), "1");
  g_assert_cmpstr (gtk_label_get_text (page->dialog_message), ==, "");
  g_assert_true (adw_message_dialog_get_response_enabled (page->dialog, "ok"));
  /* Sent all the same (as Enter might), the refusal is said on the page and nothing changes. */
  enter_secret (page, "99");
  g_assert_cmpint (gold (campaign, 1), ==, 13);
  g_assert_nonnull (strstr (gtk_label_get_text (page->error_label), "only 13 gold"));
  /* Said where the referee looks: under the map (issue 32 item 4), not only in a toast. */
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (page->error_label), page->map_box));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page->error_label)));
  click_step (page, "Blue: bid for start player in secret");
  enter_secret (page, "1");
  click_step (page, "Green: bid for start player in secret");
  enter_secret (page, "0");
  /* Revealed together: Red wins and pays 3: 9 - 3 = 6. */
  g_assert_cmpint (gold (campaign, 0), ==, 6);
  g_assert_cmpint (gold (campaign, 1), ==, 13);
  click_step (page, "Red names Red start player");
}

/* Spring's cards (one chosen in secret, others at the table), Red's move and attack with
 * secret gold and guess, then taxes and income. */
static void
season_cards_and_attack (MgCampaignWindow *window, MgCampaign *campaign, MgLamameMapPage *page)
{
  json_object *model;

  /* Red chooses in secret; the others' cards lie face down at the table. */
  click_step (page, "Red: choose the action in secret");
  g_assert_nonnull (page->checks[2]);
  /* Fresh: nothing said, Done off; a card ticked and unticked asks for one, in words. */
  g_assert_cmpstr (gtk_label_get_text (page->dialog_message), ==, "");
  g_assert_false (adw_message_dialog_get_response_enabled (page->dialog, "ok"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (page->checks[0]), TRUE);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (page->checks[0]), FALSE);
  g_assert_cmpstr (gtk_label_get_text (page->dialog_message), ==, "Tick the card chosen (two in winter).");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (page->checks[2]), TRUE);
  g_assert_cmpstr (gtk_label_get_text (page->dialog_message), ==, "");
  g_assert_true (adw_message_dialog_get_response_enabled (page->dialog, "ok"));
  respond (page);
  click_step (page, "face down at the table");
  /* Red's turn: the card is revealed; the knight rides to North Pass (+1). */
  select_area (page, "Oak Hill");
  click_step (page, "Red: move the knight from Oak Hill to North Pass");
  /* …and attacks Blue's soldier on Bluewater: 2 gold in hand, hidden; Blue guesses 1, hidden. */
  select_area (page, "North Pass");
  click_step (page, "Red: attack Bluewater with the knight from North Pass");
  click_step (page, "Red: hold gold for the attack in secret");
  enter_secret (page, "2");
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    g_assert_true (json_object_is_type (json_object_object_get (json_object_object_get (v, "attack"), "gold"), json_type_boolean));
    g_assert_null (strstr (gtk_label_get_text (page->banner), " 2 "));
  }
  click_step (page, "Blue: guess in secret");
  enter_secret (page, "1");
  /* Wrong guess: the soldier falls, Red takes Bluewater; the gold is spent: 6 - 2 = 4. */
  g_assert_cmpint (gold (campaign, 0), ==, 4);
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    json_object *units = json_object_object_get (v, "units");
    gboolean taken = FALSE;
    for (gsize i = 0; i < json_object_array_length (units); i++)
      {
        json_object *u = json_object_array_get_idx (units, i);
        if (g_strcmp0 (json_object_get_string (json_object_object_get (u, "area")), "Bluewater") == 0)
          taken = g_strcmp0 (json_object_get_string (json_object_object_get (u, "player")), "Red") == 0;
      }
    g_assert_true (taken);
  }
  click_step (page, "Red: end the Move/Attack action");
  click_step (page, "Blue: type the cards turned over");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (page->checks[0]), TRUE);
  respond (page);
  click_step (page, "Blue: Tax");
  click_step (page, "Green: type the cards turned over");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (page->checks[0]), TRUE);
  respond (page);
  click_step (page, "Green: Tax");
  /* Income: Red holds Bluewater, no (+1), no camp: 4; Blue 13 + 3 = 16; Green 15 + 3 = 18. */
  g_assert_cmpint (gold (campaign, 0), ==, 4);
  g_assert_cmpint (gold (campaign, 1), ==, 16);
  g_assert_cmpint (gold (campaign, 2), ==, 18);
  g_assert_nonnull (strstr (gtk_label_get_text (page->banner), "Summer"));
  model = mg_area_map_get_model (page->map);
  g_assert_cmpuint (json_object_array_length (json_object_object_get (model, "tokens")), ==, 4);
  wait_ms (200);
  save_screenshot (GTK_WIDGET (window), "lamame-map.png");
}

/* A secret bid held across closing and opening the campaign again. */
static void
season_bid_across_reopen (const char *path, MgLamameMapPage *page, MgCampaign **campaign)
{
  MgCampaignWindow *window;

  /* Mid-season: Red bids 2 in secret, the campaign is closed and opened again; the bid is
   * still held (and still hidden) and counts when the others have bid: Red 4 - 2 = 2. */
  click_step (page, "Red: bid for start player in secret");
  enter_secret (page, "2");
  close_campaign_windows (app);
  g_clear_object (campaign);
  window = MG_CAMPAIGN_WINDOW (mg_application_open_path (app, path, NULL));
  g_assert_nonnull (window);
  *campaign = g_object_ref (mg_campaign_window_get_campaign (window));
  page = MG_LAMAME_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map");
  wait_ms (100);
  g_assert_true (grid_has (page->players_grid, "entered"));
  g_assert_false (grid_has (page->players_grid, "bid 2"));
  click_step (page, "Blue: bid for start player in secret");
  enter_secret (page, "1");
  click_step (page, "Green: bid for start player in secret");
  enter_secret (page, "0");
  g_assert_cmpint (gold (*campaign, 0), ==, 2);
  g_assert_nonnull (strstr (gtk_label_get_text (page->banner), "Red won the bid"));
}

static void
test_season_through_the_map (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "year.db", NULL);
  const char *players[] = { "Red", "Blue", "Green", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_create (path, "lamame", "Year", players, NULL, 1, &error);
  MgCampaignWindow *window;
  MgLamameMapPage *page;

  g_assert_no_error (error);
  window = show_on_map (campaign, &page);
  season_initial_build (campaign, page);
  /* Secret bids on the device: each typed hidden; Blue's 99 refused (15 gold). */
  season_bid_on_a_phone (window, page);
  season_start_bids (window, campaign, page);
  season_cards_and_attack (window, campaign, page);
  season_bid_across_reopen (path, page, &campaign);
  close_campaign_windows (app);
}

static void
test_map_editor (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "editor.db", NULL);
  g_autofree char *json_path = g_build_filename (tmpdir, "map.json", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_create (path, "lamame", "Editor", players, NULL, 1, &error);
  g_autoptr(GFile) file = g_file_new_for_path (json_path);
  g_autofree char *draft = NULL;
  MgCampaignWindow *window;
  MgLamameEditor *editor;
  MgAreaMap *map;
  double x, y;
  json_object *areas;
  guint before;

  g_assert_no_error (error);
  draft = mg_draft_path (campaign, "lamame-map");
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  editor = MG_LAMAME_EDITOR (mg_campaign_window_get_page (window, "map-editor"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map-editor");
  map = mg_lamame_editor_get_area_map (editor);
  /* Clicks land where the map is drawn: wait until it has its size. */
  for (guint i = 0; i < 100 && gtk_widget_get_width (GTK_WIDGET (map)) < 100; i++)
    wait_ms (20);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (map)), >=, 100);
  /* The sample map for 2 players is complete. */
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "complete"));
  areas = json_object_object_get (mg_lamame_editor_get_map (editor), "areas");
  before = json_object_array_length (areas);
  /* Add an area in an empty corner: it has no neighbour yet, and the check says where. */
  mg_lamame_editor_set_mode (editor, TRUE, FALSE);
  mg_area_map_click (map, 5, 5);
  areas = json_object_object_get (mg_lamame_editor_get_map (editor), "areas");
  g_assert_cmpuint (json_object_array_length (areas), ==, before + 1);
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "Area 1 has no neighbour yet"));
  /* 11.3: its name field says nothing until typed in; emptied, it asks for a name in words. */
  g_assert_cmpstr (mg_lamame_editor_name_message (editor), ==, "");
  gtk_editable_set_text (mg_lamame_editor_get_name_field (editor), "");
  g_assert_cmpstr (mg_lamame_editor_name_message (editor), ==, "Give the area a name.");
  gtk_editable_set_text (mg_lamame_editor_get_name_field (editor), "Redkeep");
  g_assert_cmpstr (mg_lamame_editor_name_message (editor), ==, "Another area already has this name: choose another.");
  g_signal_emit_by_name (mg_lamame_editor_get_name_field (editor), "activate");
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "Area 1 has no neighbour yet"));
  gtk_editable_set_text (mg_lamame_editor_get_name_field (editor), "Area 1");
  g_assert_cmpstr (mg_lamame_editor_name_message (editor), ==, "");
  /* Connect it to Redkeep by clicking, and mark it (+1). */
  mg_lamame_editor_mark (editor, FALSE, TRUE, 0);
  mg_lamame_editor_set_mode (editor, FALSE, TRUE);
  g_assert_true (mg_area_map_area_position (map, "Redkeep", &x, &y));
  mg_area_map_click (map, x, y);
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "complete"));
  /* The window closed before the year starts: the map as drawn comes back (kept on disk as it is
   * edited), said in a toast. */
  close_campaign_windows (app);
  g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  editor = MG_LAMAME_EDITOR (mg_campaign_window_get_page (window, "map-editor"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map-editor");
  wait_ms (100);
  areas = json_object_object_get (mg_lamame_editor_get_map (editor), "areas");
  g_assert_cmpuint (json_object_array_length (areas), ==, before + 1);
  g_assert_cmpstr (mg_campaign_window_get_last_toast (window), ==, "Map being drawn restored");
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "complete"));
  g_assert_true (mg_lamame_editor_file (editor, file, TRUE, &error));
  g_assert_no_error (error);
  /* Imported again as Import… reads it, in a thread (issue 43): the same map. */
  {
    g_autofree char *saved = g_file_get_path (file);
    g_autofree char *text = g_strdup (json_object_to_json_string (mg_lamame_editor_get_map (editor)));

    mg_lamame_editor_import_async (editor, saved);
    g_assert_true (mg_lamame_editor_is_importing (editor));
    while (mg_lamame_editor_is_importing (editor))
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpstr (json_object_to_json_string (mg_lamame_editor_get_map (editor)), ==, text);
  }
  wait_ms (100);
  save_screenshot (GTK_WIDGET (window), "lamame-editor.png");
  /* Start the year on the edited map: the engine takes it. */
  mg_lamame_editor_start (editor);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));   /* used: nothing more to keep */
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    g_assert_cmpuint (json_object_array_length (json_object_object_get (json_object_object_get (v, "map"), "areas")), ==, before + 1);
  }
  close_campaign_windows (app);
}

/* The Samples menu's year: the final scoring table, Green first with 4 areas and 9 gold. */
static void
test_sample_final_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, "lamame", tmpdir, &error);
  MgCampaignWindow *window;
  MgLamameMapPage *page;
  GtkWidget *cell;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  page = MG_LAMAME_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map");
  wait_ms (200);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (page->result_grid)));
  cell = gtk_grid_get_child_at (page->result_grid, 1, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cell)), ==, "Green");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (page->result_grid, 2, 1))), ==, "4");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (page->result_grid, 3, 1))), ==, "9");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (page->result_grid, 1, 3))), ==, "Red");
  g_assert_nonnull (strstr (gtk_label_get_text (page->banner), "Green"));
  save_screenshot (GTK_WIDGET (window), "lamame-final.png");
  /* The Journal's step-by-step replay draws the map as it stood (public view). */
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "journal");
  mg_journal_page_select (MG_JOURNAL_PAGE (mg_campaign_window_get_page (window, "journal")), 24);
  wait_ms (300);
  save_screenshot (GTK_WIDGET (window), "lamame-journal-replay.png");
  close_campaign_windows (app);
}

/* Issue 33 item 2: the areas spread over most of the map's width or height (its aspect kept). */
static void
assert_map_fills (MgAreaMap *map)
{
  json_object *areas = json_object_object_get (mg_area_map_get_model (map), "areas");
  double minx = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, miny = G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  graphene_rect_t legend;

  for (gsize i = 0; i < json_object_array_length (areas); i++)
    {
      double x, y;
      g_assert_true (mg_area_map_area_position (map, json_object_get_string (json_object_object_get (json_object_array_get_idx (areas, i), "id")), &x, &y));
      minx = MIN (minx, x);
      maxx = MAX (maxx, x);
      miny = MIN (miny, y);
      maxy = MAX (maxy, y);
    }
  mg_area_map_legend_rect (map, &legend);
  g_test_message ("areas span %.0f×%.0f of a %d×%d map (legend %.0f px)", maxx - minx, maxy - miny,
                  gtk_widget_get_width (GTK_WIDGET (map)), gtk_widget_get_height (GTK_WIDGET (map)), legend.size.height);
  g_assert_true (maxx - minx >= 0.6 * gtk_widget_get_width (GTK_WIDGET (map)) ||
                 maxy - miny >= 0.6 * (gtk_widget_get_height (GTK_WIDGET (map)) - legend.size.height));
}

static void
assert_short_names_hinted (MgLamameMapPage *page)
{
  json_object *areas = json_object_object_get (mg_area_map_get_model (page->map), "areas");

  for (gsize i = 0; i < json_object_array_length (areas); i++)
    {
      const char *id = json_object_get_string (json_object_object_get (json_object_array_get_idx (areas, i), "id"));
      double x, y;

      if (!mg_area_map_name_is_short (page->map, id))
        continue;
      g_assert_true (mg_area_map_area_position (page->map, id, &x, &y));
      if (!ui_test_pointer_to (GTK_WIDGET (page->map), x, y))
        return;
      g_assert_nonnull (strstr (gtk_label_get_text (page->map_hint), id));
      ui_test_pointer_to (GTK_WIDGET (page->map), 1, 1);
      return;
    }
}

/* Issue 11 item 4: the Map page and the editor from 360 px to full screen, light and dark. Side
 * by side from 720 px; narrower, the map above the panel, as wide as the window and with its
 * areas still apart; a picture of each. */
static void
test_narrow_and_dark (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, "lamame", tmpdir, &error);
  AdwStyleManager *style = adw_style_manager_get_default ();
  static const int widths[] = { 360, 1400 };
  static const char *const pages[] = { "map", "map-editor" };
  MgCampaignWindow *window;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
          {
            GtkWidget *page = mg_campaign_window_get_page (window, pages[p]);
            MgAreaMap *map = p == 0 ? MG_LAMAME_MAP_PAGE (page)->map : mg_lamame_editor_get_area_map (MG_LAMAME_EDITOR (page));
            g_autofree char *name = g_strdup_printf ("lamame-%s-%d%s.png", pages[p], widths[w], dark ? "-dark" : "");
            double ax, ay, bx, by;
            int minimum = 0;

            gtk_window_set_default_size (GTK_WINDOW (window), widths[w], widths[w] == 360 ? 720 : 900);
            adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), pages[p]);
            wait_ms (600);
            save_screenshot (GTK_WIDGET (window), name);
            gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
            g_assert_cmpint (minimum, <=, widths[w]);
            g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, widths[w]);
            /* Narrow, the map spans the page's width; wide, it shares it with the panel. */
            if (widths[w] == 360)
              g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (map)), ==, gtk_widget_get_width (page));
            else
              g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (map)), <, gtk_widget_get_width (page) - 300);
            g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (map)), >=, 240);
            /* Scaled to the width: two neighbouring areas stay apart, and each is where a click finds it. */
            g_assert_true (mg_area_map_area_position (map, "Redkeep", &ax, &ay));
            g_assert_true (mg_area_map_area_position (map, "Oak Hill", &bx, &by));
            g_assert_cmpfloat (hypot (ax - bx, ay - by), >, 30);
            g_assert_cmpfloat (bx, <, gtk_widget_get_width (GTK_WIDGET (map)));
            g_assert_cmpstr (mg_area_map_area_at (map, bx, by), ==, "Oak Hill");
            g_test_message ("%s: %u names shrunk", name, assert_area_map_readable (map));
            assert_map_fills (map);
            /* A name shrunk to initials is said in full as the pointer comes over its area. */
            if (p == 0)
              assert_short_names_hinted (MG_LAMAME_MAP_PAGE (page));
          }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  close_campaign_windows (app);
}


/* ---------------------------------------------------------------- real input (issue 32) */

/* Every press below goes through the X server (XTest), so GTK routes it as a user's. */
static void
key (GtkWidget *widget, guint keysym)
{
  g_assert_true (ui_test_key (widget, keysym, 0));
  wait_ms (20);
}

/* Tab to the button that says `text`, then Enter. */
static void
press_button (GtkWidget *within, const char *text)
{
  GtkWidget *button = find_button_labelled (within, text);

  if (button == NULL)
    g_error ("no button \"%s\"", text);
  ui_test_tab_to (button, 80);
  key (button, GDK_KEY_Return);
  wait_ms (30);
}

static void
wait_dialog (MgLamameMapPage *page)
{
  for (guint i = 0; i < 100 && (page->dialog == NULL || !gtk_widget_get_mapped (GTK_WIDGET (page->dialog))); i++)
    wait_ms (20);
  g_assert_nonnull (page->dialog);
  wait_ms (100);
}

/* In the open secret dialog: Tab to its field, type, Enter (which sends it). */
static void
type_secret (MgLamameMapPage *page, const char *text)
{
  wait_dialog (page);
  g_assert_false (gtk_entry_get_visibility (GTK_ENTRY (page->entries[0])));
  ui_test_tab_to (page->entries[0], 10);
  g_assert_true (ui_test_type (page->entries[0], text));
  key (page->entries[0], GDK_KEY_Return);
  for (guint i = 0; i < 50 && page->dialog != NULL; i++)
    wait_ms (20);
  g_assert_null (page->dialog);
  wait_ms (50);
}

/* Does any label in widget show text? */
static gboolean
window_says (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    {
      g_test_message ("a label says \"%s\"", gtk_label_get_text (GTK_LABEL (widget)));
      return TRUE;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (window_says (c, text))
      return TRUE;
  return FALSE;
}

static gboolean
label_has (GtkLabel *label, const char *text)
{
  return strstr (gtk_label_get_text (label), text) != NULL;
}

/* The only step buttons are those containing `text`. */
static void
assert_only_steps (MgLamameMapPage *page, const char *text)
{
  g_autoptr(GPtrArray) buttons = mg_lamame_map_page_buttons (page);

  g_assert_cmpuint (buttons->len, >=, 1);
  for (guint i = 0; i < buttons->len; i++)
    if (strstr (gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (buttons, i))), text) == NULL)
      g_error ("a step \"%s\" is offered beside \"%s\"", gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (buttons, i))), text);
}

static MgCampaign *
open_on_map (const char *file, MgCampaignWindow **window, MgLamameMapPage **page)
{
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Red", "Blue", "Green", NULL };
  g_autoptr(GError) error = NULL;
  MgCampaign *campaign = mg_campaign_create (path, "lamame", "Keys", players, NULL, 1, &error);

  g_assert_no_error (error);
  *window = show_on_map (campaign, page);
  wait_ms (200);
  return campaign;
}

/* The keyboard turn's first part: the year started, Red's knight and Blue's soldier and camp
 * bought from the map, then everyone passes. */
static void
keys_initial_build (MgCampaign *campaign, MgLamameMapPage *page)
{
  GtkWidget *map = GTK_WIDGET (page->map);

  press_button (GTK_WIDGET (page), "introductory rules");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);

  /* Red: Tab to the map (its focus drawn: a ring on its first area, Redkeep), Right to Oak
   * Hill, Enter selects it, and the knight is bought from the panel: 15 - 6 = 9. */
  ui_test_tab_to (map, 80);
  /* The focus on one of its areas (each an accessible child, issue 44). */
  g_assert_true (gtk_widget_get_state_flags (map) & GTK_STATE_FLAG_FOCUS_WITHIN);
  g_assert_cmpstr (mg_area_map_get_focus_area (page->map), ==, "Redkeep");
  key (map, GDK_KEY_Right);
  g_assert_cmpstr (mg_area_map_get_focus_area (page->map), ==, "Oak Hill");
  g_assert_true (label_has (page->map_hint, "Oak Hill"));
  key (map, GDK_KEY_Return);
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, "Oak Hill");
  press_button (GTK_WIDGET (page), "Red: build a knight on Oak Hill");
  g_assert_cmpint (gold (campaign, 0), ==, 9);
  press_button (GTK_WIDGET (page), "Red: pass");
  /* Blue: a soldier and a camp on Bluewater, two areas right: 15 - 2 - 2 = 11. */
  ui_test_tab_to (map, 80);
  key (map, GDK_KEY_Right);
  key (map, GDK_KEY_Right);
  g_assert_cmpstr (mg_area_map_get_focus_area (page->map), ==, "Bluewater");
  key (map, GDK_KEY_Return);
  press_button (GTK_WIDGET (page), "Blue: build a soldier on Bluewater");
  press_button (GTK_WIDGET (page), "Blue: build a camp on Bluewater");
  g_assert_cmpint (gold (campaign, 1), ==, 11);
  press_button (GTK_WIDGET (page), "Blue: pass");
  press_button (GTK_WIDGET (page), "Green: pass");
  g_assert_true (label_has (page->banner, "Spring"));
}

/* Then the start bids and the cards, all in secret dialogs. */
static void
keys_bids_and_cards (MgCampaign *campaign, MgLamameMapPage *page)
{
  /* Bids in secret dialogs: Enter sends, Escape cancels (nothing entered). */
  press_button (GTK_WIDGET (page), "Red: bid for start player in secret");
  type_secret (page, "1");
  g_assert_true (grid_has (page->players_grid, "Red ✓ entered"));
  press_button (GTK_WIDGET (page), "Blue: bid for start player in secret");
  wait_dialog (page);
  key (GTK_WIDGET (page->dialog), GDK_KEY_Escape);
  wait_ms (100);
  g_assert_null (page->dialog);
  g_assert_false (grid_has (page->players_grid, "Blue ✓ entered"));
  press_button (GTK_WIDGET (page), "Blue: bid for start player in secret");
  type_secret (page, "0");
  press_button (GTK_WIDGET (page), "Green: bid for start player in secret");
  type_secret (page, "0");
  /* Revealed: Red wins and pays 1: 9 - 1 = 8; the banner says so. */
  g_assert_cmpint (gold (campaign, 0), ==, 8);
  g_assert_true (gtk_widget_get_visible (page->result_banner));
  g_assert_true (label_has (page->result_label, "Red wins and pays 1"));
  /* Red's secrets shown after the reveal: no stray bid line (issue 32). */
  press_button (GTK_WIDGET (page), "Show Red’s secrets");
  g_assert_false (grid_has (page->players_grid, "bid"));
  press_button (GTK_WIDGET (page), "Hide Red’s secrets");
  press_button (GTK_WIDGET (page), "Red names Red start player");

  /* Cards in secret: a check ticked with Space, Done with Enter. */
  {
    static const char * const who[] = { "Red", "Blue", "Green" };
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *step = g_strdup_printf ("%s: choose the action in secret", who[i]);
        GtkWidget *done;
        press_button (GTK_WIDGET (page), step);
        wait_dialog (page);
        ui_test_tab_to (page->checks[i == 0 ? 2 : 0], 10);
        key (page->checks[i == 0 ? 2 : 0], GDK_KEY_space);
        done = find_button_labelled (GTK_WIDGET (page->dialog), "hide it");
        g_assert_nonnull (done);
        ui_test_tab_to (done, 10);
        key (done, GDK_KEY_Return);
        wait_ms (100);
        g_assert_null (page->dialog);
      }
  }
}

/* Issue 32 item 3: one turn of the 3-player sample map with the keyboard only (real key
 * events, no signal calls, no pointer on a control): the year started, a knight built from the
 * map, the start bids typed in hidden fields (one dialog cancelled with Escape), the cards
 * chosen in secret, the knight moved and an attack round on Bluewater, then, the attacker out
 * of gold, only Withdraw. Numbers: 15 gold, knight 6, soldier 2, camp 2 (docs/rules/lamame.md). */
static void
test_keyboard_turn (void)
{
  MgCampaignWindow *window;
  MgLamameMapPage *page;
  g_autoptr(MgCampaign) campaign = open_on_map ("keys.db", &window, &page);
  GtkWidget *map = GTK_WIDGET (page->map);

  if (!ui_test_key (GTK_WIDGET (window), GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("not an X11 display");
      return;
    }
  keys_initial_build (campaign, page);
  keys_bids_and_cards (campaign, page);

  /* Red's turn: on the map, Left twice to Oak Hill, Enter; Escape lets go of it; Enter again. */
  ui_test_tab_to (map, 80);
  key (map, GDK_KEY_Left);
  key (map, GDK_KEY_Left);
  g_assert_cmpstr (mg_area_map_get_focus_area (page->map), ==, "Oak Hill");
  key (map, GDK_KEY_Return);
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, "Oak Hill");
  g_assert_true (mg_area_map_is_target (page->map, "North Pass"));
  key (map, GDK_KEY_Escape);
  g_assert_null (mg_area_map_get_selected (page->map));
  g_assert_false (mg_area_map_is_target (page->map, "North Pass"));
  key (map, GDK_KEY_Return);
  /* Right to North Pass, a destination: what Enter will do is said under the map first. */
  key (map, GDK_KEY_Right);
  g_assert_true (label_has (page->map_hint, "move the knight from Oak Hill to North Pass"));
  save_screenshot (GTK_WIDGET (window), "lamame-keys-focus.png");
  key (map, GDK_KEY_Return);
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, "North Pass");
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    g_assert_nonnull (strstr (json_object_to_json_string (json_object_object_get (v, "units")), "\"North Pass\""));
  }
  /* And on to Bluewater: the attack. All 8 gold, hidden; the banner shows no gold yet. */
  key (map, GDK_KEY_Right);
  g_assert_true (label_has (page->map_hint, "attack Bluewater"));
  key (map, GDK_KEY_Return);
  press_button (GTK_WIDGET (page), "Red: hold gold for the attack in secret");
  type_secret (page, "8");
  g_assert_true (grid_has (page->players_grid, "Red ✓ entered"));
  g_assert_false (gtk_widget_get_visible (page->result_banner) && label_has (page->result_label, "8 gold"));
  g_assert_false (label_has (page->banner, "8"));
  press_button (GTK_WIDGET (page), "Blue: guess in secret");
  type_secret (page, "1");
  /* Wrong guess: the soldier falls, the camp holds; Red has 8 - 8 = 0 gold. */
  g_assert_cmpint (gold (campaign, 0), ==, 0);
  g_assert_true (gtk_widget_get_visible (page->result_banner));
  g_assert_true (label_has (page->result_label, "Red spent 8 gold against the soldier on Bluewater; Blue guessed 1 — wrong."));
  g_assert_true (label_has (page->result_label, "Blue's soldier on Bluewater is destroyed."));
  /* Ctrl+Z takes the guess back: Red's gold is a secret in force again, and no label in the
   * Map page shows it; Ctrl+Y (redo) brings the round back. */
  g_assert_true (ui_test_key (GTK_WIDGET (window), GDK_KEY_z, GDK_KEY_Control_L));
  wait_ms (100);
  g_assert_cmpint (gold (campaign, 0), ==, 8);
  /* The Map page (the campaign window's "Undone:" toast is the window's, issue 32 item 2). */
  g_assert_false (window_says (GTK_WIDGET (page), "8 gold"));
  g_assert_false (window_says (GTK_WIDGET (page), "spent 8"));
  g_assert_true (grid_has (page->players_grid, "Red ✓ entered"));
  g_assert_true (ui_test_key (GTK_WIDGET (window), GDK_KEY_y, GDK_KEY_Control_L));   /* Ctrl+Y: redo */
  wait_ms (100);
  g_assert_cmpint (gold (campaign, 0), ==, 0);
  g_assert_true (label_has (page->result_label, "Red spent 8 gold"));
  /* No gold for round 2: the page says so, and Withdraw is all it offers. */
  g_assert_true (label_has (page->banner, "can only withdraw"));
  assert_only_steps (page, "withdraw");
  /* Pictures of the page mid-attack, to be looked at: 360 and 1400 px, light and dark. */
  for (guint dark = 0; dark < 2; dark++)
    for (guint w = 0; w < 2; w++)
      {
        g_autofree char *name = g_strdup_printf ("lamame-keys-withdraw-%d%s.png", w ? 1400 : 360, dark ? "-dark" : "");
        adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                            dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
        gtk_window_set_default_size (GTK_WINDOW (window), w ? 1400 : 360, w ? 900 : 720);
        wait_ms (500);
        g_test_message ("%s: %u names shrunk", name, assert_area_map_readable (page->map));
        save_screenshot (GTK_WIDGET (window), name);
      }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (300);
  press_button (GTK_WIDGET (page), "Red: withdraw from the attack");
  g_assert_true (label_has (page->result_label, "Red withdraws from the attack on Bluewater."));
  close_campaign_windows (app);
}

static void
play (MgCampaign *campaign, const char *json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) action = json_tokener_parse (json);
  g_autoptr(MgJournalEntry) entry = mg_campaign_act (campaign, action, &error);

  g_assert_no_error (error);
  g_assert_nonnull (entry);
}

/* Where the map draws `area`, in the window: the same from click to click (issue 45: the map
 * moved 20–30 px as the banner over it and the hint under it came and went). The first call
 * (at->x < 0) notes it. */
static void
assert_map_still (MgLamameMapPage *page, const char *area, graphene_point_t *at, const char *when)
{
  double x, y;
  graphene_point_t here;

  wait_ms (200);
  g_assert_true (mg_area_map_area_position (page->map, area, &x, &y));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (page->map), GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page->map))),
                                           &GRAPHENE_POINT_INIT (x, y), &here));
  if (at->x < 0)
    {
      *at = here;
      return;
    }
  g_test_message ("%s: %s drawn at (%.0f, %.0f), first at (%.0f, %.0f)", when, area, here.x, here.y, at->x, at->y);
  g_assert_cmpfloat (fabs (here.x - at->x), <=, 1);
  g_assert_cmpfloat (fabs (here.y - at->y), <=, 1);
}

/* Issue 32 item 4: on the map, a click on a highlighted destination acts (real clicks, each
 * first checked to land on the map by GTK's picking); what it will do is said under the map as
 * the pointer comes over it. Item 6: mid-year, the Map Editor shows the live map read-only. */
static void
test_click_destinations (void)
{
  static const char * const setup[] = {
    "{\"type\":\"start\",\"initial_build\":\"introductory\"}",
    "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"}",
    "{\"type\":\"pass\",\"player\":\"Red\"}",
    "{\"type\":\"build\",\"player\":\"Blue\",\"unit\":\"soldier\",\"area\":\"Bluewater\"}",
    "{\"type\":\"pass\",\"player\":\"Blue\"}",
    "{\"type\":\"pass\",\"player\":\"Green\"}",
    "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":1}",
    "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":0}",
    "{\"type\":\"start_bid\",\"player\":\"Green\",\"gold\":0}",
    "{\"type\":\"choose_start\",\"player\":\"Red\",\"start\":\"Red\"}",
    "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}",
    "{\"type\":\"choose_cards\",\"player\":\"Blue\",\"cards\":[\"tax\"]}",
    "{\"type\":\"choose_cards\",\"player\":\"Green\",\"cards\":[\"tax\"]}",
  };
  MgCampaignWindow *window;
  MgLamameMapPage *page;
  g_autoptr(MgCampaign) campaign = open_on_map ("clicks.db", &window, &page);
  GtkWidget *map = GTK_WIDGET (page->map);
  MgLamameEditor *editor;
  MgAreaMap *emap;
  double x, y;
  guint before;
  graphene_point_t peak = { -1, -1 };

  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    play (campaign, setup[i]);
  wait_ms (100);
  assert_map_still (page, "Peak", &peak, "before");
  g_assert_true (mg_area_map_area_position (page->map, "Oak Hill", &x, &y));
  if (!ui_test_click_at (map, x, y))
    {
      g_test_skip ("not an X11 display");
      close_campaign_windows (app);
      return;
    }
  assert_map_still (page, "Peak", &peak, "Oak Hill picked");
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, "Oak Hill");
  g_assert_true (mg_area_map_is_target (page->map, "North Pass"));
  /* Over North Pass: the line under the map says what a click does, before it is done. */
  g_assert_true (mg_area_map_area_position (page->map, "North Pass", &x, &y));
  g_assert_true (ui_test_pointer_to (map, x, y));
  g_assert_true (label_has (page->map_hint, "move the knight from Oak Hill to North Pass"));
  g_assert_true (ui_test_click_at (map, x, y));
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    json_object *units = json_object_object_get (v, "units");
    gboolean moved = FALSE;
    for (gsize i = 0; i < json_object_array_length (units); i++)
      moved = moved || (g_strcmp0 (json_object_get_string (json_object_object_get (json_object_array_get_idx (units, i), "area")), "North Pass") == 0);
    g_assert_true (moved);
  }
  g_assert_cmpstr (mg_area_map_get_selected (page->map), ==, "North Pass");
  assert_map_still (page, "Peak", &peak, "moved");
  /* Bluewater is a destination now: the hint says "attack" as the pointer arrives; a click attacks. */
  g_assert_true (mg_area_map_area_position (page->map, "Bluewater", &x, &y));
  g_assert_true (ui_test_pointer_to (map, x + 1, y));
  g_assert_true (label_has (page->map_hint, "attack Bluewater"));
  g_assert_true (ui_test_click_at (map, x + 1, y));
  {
    g_autoptr(json_object) v = mg_state_view (mg_campaign_get_state (campaign), MG_SEAT_PUBLIC);
    g_assert_nonnull (json_object_object_get (v, "attack"));
  }
  g_assert_true (label_has (page->banner, "attacks Blue on Bluewater"));
  assert_map_still (page, "Peak", &peak, "attacked");
  save_screenshot (GTK_WIDGET (window), "lamame-clicked-attack.png");
  /* Zoom: Ctrl and the wheel, 0 to fit again; the buttons under the map. */
  g_assert_true (ui_test_wheel (map, -2, GDK_KEY_Control_L));
  g_assert_cmpfloat (mg_area_map_get_zoom (page->map), >, 1.2);
  key (map, GDK_KEY_0);
  g_assert_cmpfloat (mg_area_map_get_zoom (page->map), ==, 1.0);
  g_assert_true (ui_test_x_click (page->zoom_in));
  g_assert_cmpfloat (mg_area_map_get_zoom (page->map), >, 1.2);
  g_assert_true (ui_test_x_click (page->zoom_fit));
  g_assert_cmpfloat (mg_area_map_get_zoom (page->map), ==, 1.0);

  /* The Map Editor, mid-year: the live map, read-only, and how to correct it; a click on an
   * empty spot adds nothing; no "The map is complete". */
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map-editor");
  editor = MG_LAMAME_EDITOR (mg_campaign_window_get_page (window, "map-editor"));
  emap = mg_lamame_editor_get_area_map (editor);
  wait_ms (300);
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "read-only"));
  g_assert_nonnull (strstr (mg_lamame_editor_status (editor), "undo back"));
  g_assert_null (strstr (mg_lamame_editor_status (editor), "complete"));
  g_assert_null (find_button_labelled (GTK_WIDGET (editor), "Add Areas"));
  g_assert_null (find_button_labelled (GTK_WIDGET (editor), "Import"));
  before = json_object_array_length (json_object_object_get (mg_lamame_editor_get_map (editor), "areas"));
  mg_lamame_editor_set_mode (editor, TRUE, FALSE);
  g_assert_true (ui_test_click_at (GTK_WIDGET (emap), 8, 8));
  g_assert_cmpuint (json_object_array_length (json_object_object_get (mg_lamame_editor_get_map (editor), "areas")), ==, before);
  g_assert_true (mg_area_map_area_position (emap, "Oak Hill", &x, &y));
  g_assert_true (ui_test_click_at (GTK_WIDGET (emap), x, y));
  g_assert_false (gtk_widget_is_sensitive (find_button_labelled (GTK_WIDGET (editor), "Delete Area")));
  save_screenshot (GTK_WIDGET (window), "lamame-editor-live.png");
  close_campaign_windows (app);
}

/* The colour the map tints an area with, its owner's; NULL for none. */
static const char *
area_owner (MgLamameMapPage *page, const char *id)
{
  json_object *areas = json_object_object_get (mg_area_map_get_model (page->map), "areas");

  for (gsize i = 0; i < json_object_array_length (areas); i++)
    {
      json_object *a = json_object_array_get_idx (areas, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (a, "id")), id) == 0)
        return json_object_get_string (json_object_object_get (a, "owner"));
    }
  g_assert_not_reached ();
}

/* The map as drawn now, once its change has been drawn. */
static GBytes *
map_png (MgLamameMapPage *page)
{
  wait_ms (200);
  return ui_test_png_bytes (GTK_WIDGET (page->map));
}

/* The things a map draws, each kept as a node of its own: what lies under the areas, each area,
 * each area's name, each token on the map, the legend. */
static guint
map_things (MgAreaMap *map)
{
  json_object *model = mg_area_map_get_model (map), *areas = json_object_object_get (model, "areas");
  json_object *tokens = json_object_object_get (model, "tokens"), *legend = json_object_object_get (model, "legend");

  return 1 + 2 * json_object_array_length (areas) + json_object_array_length (tokens)
         + (legend != NULL && json_object_array_length (legend) > 0);
}

/* The campaign's windows closed and one opened afresh on its Map page: its map as drawn. */
static GBytes *
fresh_map_png (MgCampaign *campaign, MgCampaignWindow **window, MgLamameMapPage **page)
{
  close_campaign_windows (app);
  *window = show_on_map (campaign, page);
  return map_png (*page);
}

/* Issue 43: the map keeps its texts' layouts and lays itself out again only when it must (an
 * owner's change lays nobody's allocation out again), and keeps each thing it drew (an area, a
 * name, a token) as a node of its own, drawing again only what changed. What it draws after an undo gives an area
 * back, after the redo takes it again and after the theme turns dark is what a window opened
 * afresh on the same campaign draws, pixel for pixel. */
static void
test_map_drawn_as_fresh (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  AdwColorScheme scheme = adw_style_manager_get_color_scheme (style);
  MgCampaignWindow *window;
  MgLamameMapPage *page;
  g_autoptr(MgCampaign) campaign = open_on_map ("fresh.db", &window, &page);
  g_autoptr(GBytes) taken = NULL, undone = NULL, fresh = NULL, light = NULL, dark = NULL, fresh_dark = NULL;
  g_autoptr(GError) error = NULL;

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  play (campaign, "{\"type\":\"start\",\"initial_build\":\"introductory\"}");
  play (campaign, "{\"type\":\"build\",\"player\":\"Red\",\"unit\":\"knight\",\"area\":\"Oak Hill\"}");
  g_assert_nonnull (area_owner (page, "Oak Hill"));
  taken = map_png (page);
  g_assert_true (mg_campaign_undo (campaign, 1, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (area_owner (page, "Oak Hill"));
  undone = map_png (page);
  g_assert_false (g_bytes_equal (taken, undone));   /* Oak Hill's tint and the knight are gone */
  /* Issue 43: what the undo changed is all that is drawn again: Oak Hill (its tint gone; the
   * knight's node is dropped, nothing drawn for it), not the map's 35 things. */
  g_assert_cmpuint (mg_area_map_get_n_redrawn (page->map), ==, 1);
  fresh = fresh_map_png (campaign, &window, &page);
  g_assert_cmpuint (mg_area_map_get_n_redrawn (page->map), ==, map_things (page->map));
  g_assert_true (g_bytes_equal (undone, fresh));
  g_assert_true (mg_campaign_redo (campaign, 1, NULL, &error));
  g_assert_no_error (error);
  light = map_png (page);
  g_assert_cmpuint (mg_area_map_get_n_redrawn (page->map), ==, 2);   /* Oak Hill and its knight */
  g_assert_true (g_bytes_equal (light, taken));
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  dark = map_png (page);
  g_assert_false (g_bytes_equal (light, dark));
  fresh_dark = fresh_map_png (campaign, &window, &page);
  g_assert_true (g_bytes_equal (dark, fresh_dark));
  adw_style_manager_set_color_scheme (style, scheme);
  close_campaign_windows (app);
}

/* Issue 45: the Tax card is never under way; ending it gives it up (not "end the Tax action"),
 * while the Build card's action under way is ended. */
static void
test_end_action_words (void)
{
  g_autoptr(json_object) tax = json_tokener_parse ("{\"type\":\"end_action\",\"player\":\"Red\",\"card\":\"tax\"}");
  g_autoptr(json_object) build = json_tokener_parse ("{\"type\":\"end_action\",\"player\":\"Red\",\"card\":\"build\"}");
  g_autofree char *tax_text = mg_lamame_ui_action_text (tax);
  g_autofree char *build_text = mg_lamame_ui_action_text (build);

  g_assert_cmpstr (tax_text, ==, "Red: give up the Tax card");
  g_assert_cmpstr (build_text, ==, "Red: end the Build action");
}

int
main (int argc, char **argv)
{
  int status;

  app = ui_test_init (&argc, &argv, "lamame-ui", &tmpdir);
  g_test_add_func ("/lamame-ui/end-action-words", test_end_action_words);
  g_test_add_func ("/lamame-ui/season-through-the-map", test_season_through_the_map);
  g_test_add_func ("/lamame-ui/map-editor", test_map_editor);
  g_test_add_func ("/lamame-ui/sample-final-table", test_sample_final_table);
  g_test_add_func ("/lamame-ui/narrow-and-dark", test_narrow_and_dark);
  g_test_add_func ("/lamame-ui/keyboard-turn", test_keyboard_turn);
  g_test_add_func ("/lamame-ui/click-destinations", test_click_destinations);
  g_test_add_func ("/lamame-ui/map-drawn-as-fresh", test_map_drawn_as_fresh);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

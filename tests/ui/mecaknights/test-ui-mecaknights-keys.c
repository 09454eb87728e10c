/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-mecaknights-keys.c — MecaKnights played with the keyboard only (issue 32), keys sent
 * through the X server to GTK's focus: Red's turn on the sample map (collect with Ctrl+Return,
 * Red 1 picked on the map with the arrows and Enter, let go with Escape, a land it cannot reach
 * refused with the engine's reason above the map, then moved by Enter on a ringed land, the turn
 * ended from the form); and the pages' screenshots at 360 and 1400 px, light and dark. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mg-application.h"
#include "mg-json.h"
#include "ui-test-util.h"
#include "mg-campaign-window-private.h"
#include "mg-mecaknights-dashboard-private.h"
#include "mg-mecaknights-map-page.h"
#include "mg-mecaknights-util.h"
#include "mg-table-state.h"

static MgApplication *app;
static char *tmpdir;

/* A campaign of Red and Blue on the sample map, started, `more` (NULL-terminated actions, or
 * NULL) played, in a window at width × height. */
static MgCampaignWindow *
show_started (const char *file, int width, int height, const char *const *more)
{
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  g_autofree char *map_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "mecaknights-map.json", NULL);
  g_autofree char *text = NULL, *import = NULL;
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_create (path, "mecaknights", "Keys", players, NULL, 1, &error);
  const char *script[] = { NULL, "{\"type\":\"start\"}" };
  MgCampaignWindow *window;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (map_path, &text, NULL, NULL));
  script[0] = import = g_strdup_printf ("{\"type\":\"import_map\",\"map\":%s}", text);
  for (guint i = 0; i < G_N_ELEMENTS (script); i++)
    {
      json_object *action = json_tokener_parse (script[i]);

      mg_journal_entry_free (mg_campaign_act (campaign, action, &error));
      g_assert_no_error (error);
      json_object_put (action);
    }
  for (guint i = 0; more != NULL && more[i] != NULL; i++)
    {
      json_object *action = json_tokener_parse (more[i]);

      mg_journal_entry_free (mg_campaign_act (campaign, action, &error));
      g_assert_no_error (error);
      json_object_put (action);
    }
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  wait_ms (400);
  return window;
}

/* The line above the map of the campaign, shown at 360 px on its Map page (the window then
 * closed). */
static const char *
map_play_hint (MgCampaign *campaign)
{
  static char *hint;
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "map");
  wait_ms (300);
  g_free (hint);
  hint = g_strdup (mg_mk_map_page_get_play_hint (MG_MK_MAP_PAGE (mg_campaign_window_get_page (window, "map"))));
  close_campaign_windows (app);
  return hint;
}

/* Before the start no army moves: the map's play line says so, not "click an army's land". */
static void
test_setup_hint (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "setup.db", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_campaign_create (path, "mecaknights", "Setup", players, NULL, 1, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (map_play_hint (campaign), ==,
                   "Set-up: armies move on this map once the game has started.");
}

/* Started with no starting army (the ruleset's start.army empty, as a GM may set it): the map
 * says the leader has none to move, not to click an army's land, and rings no land. */
static void
test_no_army_hint (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "no-army.db", NULL);
  g_autofree char *ruleset_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "mecaknights.json", NULL);
  g_autofree char *map_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "mecaknights-map.json", NULL);
  g_autofree char *text = NULL, *import = NULL;
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) ruleset = json_object_from_file (ruleset_path);
  g_autoptr(MgCampaign) campaign = NULL;
  json_object *start;

  g_assert_nonnull (ruleset);
  g_assert_true (json_object_object_get_ex (ruleset, "start", &start));
  json_object_object_add (start, "army", json_object_new_object ());
  campaign = mg_campaign_create (path, "mecaknights", "No army", players, ruleset, 1, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (map_path, &text, NULL, NULL));
  import = g_strdup_printf ("{\"type\":\"import_map\",\"map\":%s}", text);
  for (guint i = 0; i < 3; i++)
    {
      const char *script[] = { import, "{\"type\":\"start\"}", "{\"type\":\"collect\",\"player\":\"Red\"}" };
      g_autoptr(json_object) action = json_tokener_parse (script[i]);

      mg_journal_entry_free (mg_campaign_act (campaign, action, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (map_play_hint (campaign), ==, "Red has no army to move.");
}

static void
test_keyboard_turn (void)
{
  MgCampaignWindow *window = show_started ("keys.db", 1280, 900, NULL);
  MgCampaign *campaign = mg_campaign_window_get_campaign (window);
  GtkWidget *w = GTK_WIDGET (window);
  MgMkMapPage *map_page;
  MgAreaMap *map;
  gint64 rows = mg_campaign_journal_count (campaign);

  /* Collect: the form offers it first; Ctrl+Return applies it. */
  if (!ui_test_key (w, GDK_KEY_Return, GDK_KEY_Control_L))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display (the tests run under xvfb-run)");
      close_campaign_windows (app);
      return;
    }
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 1);
  /* The Table page says what the collect gave, in words, until the next step: in winter of
   * year 1 Red's only city is its capital, which yields nothing (docs/rules/mecaknights.md). */
  g_assert_cmpstr (mg_mk_dashboard_get_result (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard"))), ==,
                   "Red collects nothing: no town or village of theirs yields income.");
  /* Said once: the turn card's "Last:" line does not repeat it in other words. */
  g_assert_null (mg_mk_dashboard_get_last (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard"))));

  /* The Map page, by Tab and Space on the view switcher; Tab reaches the map. */
  g_assert_true (ui_test_key_to_page (w, "Map"));
  map_page = MG_MK_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  map = mg_mk_map_page_get_area_map (map_page);
  wait_ms (200);
  ui_test_tab_to (GTK_WIDGET (map), 60);
  /* The focus on one of its areas (each an accessible child, issue 44), drawn. */
  g_assert_true (gtk_widget_get_state_flags (GTK_WIDGET (map)) & GTK_STATE_FLAG_FOCUS_WITHIN);
  g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (w)));

  /* Red 1 stands on Redhold: Enter picks it, the lands it may move to are ringed. */
  g_assert_true (ui_test_arrow_to (w, map, "Redhold"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_cmpstr (mg_mk_map_page_get_play_army (map_page), ==, "Red 1");
  g_assert_nonnull (strstr (mg_mk_map_page_get_play_hint (map_page), "Red 1 on Redhold"));
  /* Escape lets it go, the focus stays on the map; Enter picks it again. */
  g_assert_true (ui_test_key (w, GDK_KEY_Escape, 0));
  g_assert_null (mg_mk_map_page_get_play_army (map_page));
  g_assert_true (gtk_widget_get_state_flags (GTK_WIDGET (map)) & GTK_STATE_FLAG_FOCUS_WITHIN);
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_cmpstr (mg_mk_map_page_get_play_army (map_page), ==, "Red 1");

  /* Stonecross is two lands away: the ring on it says why not, Enter is refused there. */
  g_assert_true (ui_test_arrow_to (w, map, "Stonecross"));
  g_assert_true (g_str_has_prefix (mg_mk_map_page_get_play_hint (map_page), "Not to Stonecross: "));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 1);
  g_assert_cmpstr (mg_mk_map_page_get_play_army (map_page), ==, "Red 1");

  /* Oakvale borders Redhold: the ring says what Enter will do, and Enter does it. */
  g_assert_true (ui_test_arrow_to (w, map, "Oakvale"));
  g_assert_cmpstr (mg_mk_map_page_get_play_hint (map_page), ==, "Click or Enter: Red 1 moves to Oakvale.");
  save_screenshot (w, "mk-keys-target.png");
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 2);
  g_assert_null (mg_mk_map_page_get_play_army (map_page));
  g_assert_true (g_str_has_prefix (mg_mk_map_page_get_play_hint (map_page), "Done: Red moves Red 1"));
  save_screenshot (w, "mk-keys-moved.png");

  /* End the turn from the Table page's form: Tab to the Action row, Space opens its list, Home
   * and Down go to End the turn, Enter chooses it and Ctrl+Return applies it. */
  g_assert_true (ui_test_key_to_page (w, "Table"));
  wait_ms (200);
  /* The collect's banner went with the next step (the move resolved nothing to tell), and the
   * turn card tells that step. */
  g_assert_null (mg_mk_dashboard_get_result (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard"))));
  g_assert_true (g_str_has_prefix (mg_mk_dashboard_get_last (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard"))),
                                   "Last: Red moves Red 1"));
  {
    MgMkActionPanel *panel = mg_mk_dashboard_get_action_panel (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard")));
    g_autofree char *types = mg_mk_action_panel_list_types (panel);
    GtkWidget *row = ui_test_labelled (GTK_WIDGET (panel), ADW_TYPE_COMBO_ROW, "Action");

    g_auto(GStrv) list = g_strsplit (types, " ", -1);
    guint end = 0;

    while (list[end] != NULL && g_strcmp0 (list[end], "end_turn") != 0)
      end++;
    g_assert_nonnull (list[end]);
    ui_test_tab_to (row, 60);
    ui_test_choose_by_keys (w, end);
    g_assert_cmpstr (mg_mk_action_panel_get_type_name (panel), ==, "end_turn");
    g_assert_true (ui_test_key (w, GDK_KEY_Return, GDK_KEY_Control_L));
    g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 3);
    g_assert_cmpstr (json_object_get_string (json_object_object_get (
                       mg_table_state_get_view (mg_table_state_for_campaign (campaign), MG_SEAT_ALL), "current")), ==, "Blue");
  }
  save_screenshot (w, "mk-keys-table.png");
  close_campaign_windows (app);
}

/* An attack played on the map, keys only: Blue 1 has walked to Oakvale, next to Red 1 on Redhold;
 * the ring on Oakvale says that Enter attacks, Enter does, and the Table page's banner says the
 * battle began. */
static void
test_keyboard_attack (void)
{
  static const char *const script[] = {
    "{\"type\":\"collect\",\"player\":\"Red\"}", "{\"type\":\"end_turn\",\"player\":\"Red\"}",
    "{\"type\":\"collect\",\"player\":\"Blue\"}",
    "{\"type\":\"move\",\"player\":\"Blue\",\"army\":\"Blue 1\",\"path\":[\"Stonecross\"]}",
    "{\"type\":\"end_turn\",\"player\":\"Blue\"}",
    "{\"type\":\"collect\",\"player\":\"Red\"}", "{\"type\":\"end_turn\",\"player\":\"Red\"}",
    "{\"type\":\"collect\",\"player\":\"Blue\"}",
    "{\"type\":\"move\",\"player\":\"Blue\",\"army\":\"Blue 1\",\"path\":[\"Oakvale\"]}",
    "{\"type\":\"end_turn\",\"player\":\"Blue\"}",
    "{\"type\":\"collect\",\"player\":\"Red\"}", NULL,
  };
  MgCampaignWindow *window = show_started ("attack.db", 1280, 900, script);
  GtkWidget *w = GTK_WIDGET (window);
  MgMkMapPage *map_page;
  MgAreaMap *map;

  if (!ui_test_key (w, GDK_KEY_Tab, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display (the tests run under xvfb-run)");
      close_campaign_windows (app);
      return;
    }
  g_assert_true (ui_test_key_to_page (w, "Map"));
  map_page = MG_MK_MAP_PAGE (mg_campaign_window_get_page (window, "map"));
  map = mg_mk_map_page_get_area_map (map_page);
  wait_ms (200);
  ui_test_tab_to (GTK_WIDGET (map), 60);
  g_assert_true (ui_test_arrow_to (w, map, "Redhold"));
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_true (ui_test_arrow_to (w, map, "Oakvale"));
  g_assert_cmpstr (mg_mk_map_page_get_play_hint (map_page), ==, "Click or Enter: Red 1 attacks Blue 1 on Oakvale: a battle begins.");
  g_assert_true (ui_test_key (w, GDK_KEY_Return, 0));
  g_assert_true (ui_test_key_to_page (w, "Table"));
  wait_ms (200);
  g_assert_cmpstr (mg_mk_dashboard_get_result (MG_MK_DASHBOARD (mg_campaign_window_get_page (window, "dashboard"))), ==,
                   "Battle 1 begins on Oakvale: Red attacks Blue.");
  save_screenshot (w, "mk-keys-attack.png");
  close_campaign_windows (app);
}

/* The sample's main page at 360 and 1400 px, light and dark, to be looked at (issue 32, 33). */
static void
test_screenshots (void)
{
  ui_test_sample_screenshots (app, tmpdir, "mecaknights", "dashboard");
  ui_test_sample_screenshots (app, tmpdir, "mecaknights", "map");
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-mk-keys", &tmpdir);
  g_test_add_func ("/ui/mecaknights/setup-hint", test_setup_hint);
  g_test_add_func ("/ui/mecaknights/no-army-hint", test_no_army_hint);
  g_test_add_func ("/ui/mecaknights/keyboard-turn", test_keyboard_turn);
  g_test_add_func ("/ui/mecaknights/keyboard-attack", test_keyboard_attack);
  g_test_add_func ("/ui/mecaknights/screenshots", test_screenshots);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

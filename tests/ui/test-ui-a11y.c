/* test-ui-a11y.c — every game's sample read through AT-SPI as a screen reader reads it (issue 44):
 * every page, the dialogs its "…" buttons open, the export and phones dialogs, the players'
 * display and the start page, TFT's arena and a game on the generic Play page; no interactive object without a name or named by its widget type,
 * the Journal's rows carry their sentences, and every area of the maps is a button named with what
 * stands there. Prints the table of the issue re-measured. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "a11y-probe.h"
#include "mg-application.h"
#include "mg-area-map.h"
#include "mg-campaign-window-private.h"
#include "mg-duel.h"
#include "mg-json.h"
#include "mg-table-server.h"
#include "mg-table-tokens.h"
#include "mg-tft-arena-view.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;
static guint total_controls, total_unnamed;

/* Walks every window of the app; prints a line "where: controls, unnamed" and each unnamed
 * object; returns the walk (for the Journal's rows). */
static json_object *
walk (const char *where, const char *window)
{
  g_autofree char *command = window != NULL ? g_strdup_printf ("walk %s", window) : g_strdup ("walk");
  json_object *w;

  if (g_getenv ("MG_A11Y_BENCH") != NULL)
    g_print ("bench ms: %s\n", json_object_to_json_string (a11y_probe_ask ("bench")));
  if (g_getenv ("MG_A11Y_DUMP") != NULL)
    json_object_put (a11y_probe_ask ("dump"));
  w = a11y_probe_ask (command);
  json_object *controls = json_object_object_get (w, "controls");
  json_object *unnamed = json_object_object_get (w, "unnamed");

  if (controls == NULL)
    g_error ("the AT-SPI walk failed: %s", json_object_to_json_string (w));
  /* The window asked for was read. */
  g_assert_cmpint (json_object_get_int (json_object_object_get (w, "windows")), >=, 1);
  g_test_message ("%-28s %4zu controls, %3zu unnamed (read in %.1f s)", where, json_object_array_length (controls),
                  json_object_array_length (unnamed), json_object_get_double (json_object_object_get (w, "seconds")));
  g_print ("| %s | %zu | %zu |\n", where, json_object_array_length (controls), json_object_array_length (unnamed));
  for (size_t i = 0; i < json_object_array_length (unnamed); i++)
    {
      json_object *o = json_object_array_get_idx (unnamed, i);

      g_printerr ("  %s: unnamed %s “%s” at %s\n", where, json_object_get_string (json_object_object_get (o, "role")),
                  json_object_get_string (json_object_object_get (o, "name")),
                  json_object_get_string (json_object_object_get (o, "path")));
    }
  total_controls += json_object_array_length (controls);
  total_unnamed += json_object_array_length (unnamed);
  return w;
}

static void
collect_windows (GHashTable *set)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (tops, i);

      g_hash_table_add (set, w);
    }
}

/* The title of a toplevel not in `before` (the dialog just opened), or NULL. */
static const char *
new_window_title (GHashTable *before)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (tops, i);

      /* Read once shown, as a reader meets it (2 s at most). */
      for (guint t = 0; t < 40 && !g_hash_table_contains (before, w) && gtk_widget_get_visible (GTK_WIDGET (w))
                        && !gtk_widget_get_mapped (GTK_WIDGET (w)); t++)
        wait_ms (50);
      if (!g_hash_table_contains (before, w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return gtk_window_get_title (GTK_WINDOW (w)) != NULL ? gtk_window_get_title (GTK_WINDOW (w)) : "";
    }
  return NULL;
}

/* Closes every toplevel not in `before`. Returns how many. */
static guint
close_new_windows (GHashTable *before)
{
  GListModel *tops = gtk_window_get_toplevels ();
  GPtrArray *fresh = g_ptr_array_new ();
  guint n;

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (tops, i);

      if (!g_hash_table_contains (before, w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        g_ptr_array_add (fresh, w);
    }
  for (guint i = 0; i < fresh->len; i++)
    if (GTK_IS_FILE_CHOOSER (fresh->pdata[i]) && GTK_IS_DIALOG (fresh->pdata[i]))
      /* A GtkFileChooserNative's: cancelled, so the native hides and lets it go itself. */
      gtk_dialog_response (fresh->pdata[i], GTK_RESPONSE_CANCEL);
    else
      gtk_window_destroy (fresh->pdata[i]);
  n = fresh->len;
  g_ptr_array_free (fresh, TRUE);
  wait_ms (20);
  return n;
}

static void
find_dialog_buttons (GtkWidget *w, GPtrArray *out)
{
  if (!gtk_widget_get_visible (w) || !gtk_widget_get_child_visible (w))
    return;
  if (GTK_IS_BUTTON (w) && !GTK_IS_TOGGLE_BUTTON (w) && gtk_widget_is_sensitive (w)
      && gtk_button_get_label (GTK_BUTTON (w)) != NULL && g_str_has_suffix (gtk_button_get_label (GTK_BUTTON (w)), "…")
      && gtk_widget_get_mapped (w))
    g_ptr_array_add (out, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    find_dialog_buttons (c, out);
}

/* Each "…" button of the page opens its dialog, walked, then closed. */
static void
walk_page_dialogs (const char *where, GtkWidget *page)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  find_dialog_buttons (page, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      g_autoptr(GHashTable) before = g_hash_table_new (NULL, NULL);
      g_autofree char *name = g_strdup_printf ("%s › %s", where, gtk_button_get_label (buttons->pdata[i]));
      GListModel *tops = gtk_window_get_toplevels ();
      gboolean chooser = FALSE;

      collect_windows (before);
      g_signal_emit_by_name (buttons->pdata[i], "clicked");
      /* No more: the probe waits for the dialog to be on the bus (the main loop runs meanwhile). */
      wait_ms (50);
      for (guint j = 0; j < g_list_model_get_n_items (tops); j++)
        {
          g_autoptr(GObject) w = g_list_model_get_item (tops, j);

          chooser |= !g_hash_table_contains (before, w) && GTK_IS_FILE_CHOOSER (w);
        }
      if (!chooser && new_window_title (before) != NULL)
        json_object_put (walk (name, new_window_title (before)));
      close_new_windows (before);
    }
}

static void
assert_journal_rows (const char *game, json_object *w)
{
  json_object *items = json_object_object_get (w, "items");
  guint named = 0, rows = 0;

  for (size_t i = 0; i < json_object_array_length (items); i++)
    {
      json_object *o = json_object_array_get_idx (items, i);

      if (strstr (json_object_get_string (json_object_object_get (o, "path")), "list") == NULL)
        continue;
      rows++;
      named += strlen (json_object_get_string (json_object_object_get (o, "name"))) > 3;
    }
  g_test_message ("%s Journal: %u rows, %u with a sentence", game, rows, named);
  g_assert_cmpuint (rows, >, 0);
  g_assert_cmpuint (named, ==, rows);
}

/* Each area of the page's map (La Mame, MecaKnights) is read as a button named with the area,
 * then what stands on it (the sample's tokens' titles), as a screen reader meets it. */
static void
assert_map_areas (const char *where, GtkWidget *page, json_object *w)
{
  GtkWidget *map = find_descendant (page, MG_TYPE_AREA_MAP);
  json_object *model = map != NULL ? mg_area_map_get_model (MG_AREA_MAP (map)) : NULL;
  json_object *areas = NULL, *tokens = NULL, *controls = json_object_object_get (w, "controls");
  guint n = 0, standing = 0;

  if (model == NULL || !json_object_object_get_ex (model, "areas", &areas))
    return;
  json_object_object_get_ex (model, "tokens", &tokens);
  for (size_t i = 0; i < json_object_array_length (areas); i++)
    {
      json_object *a = json_object_array_get_idx (areas, i);
      const char *id = json_object_get_string (json_object_object_get (a, "id"));
      json_object *label = json_object_object_get (a, "label");
      const char *name = label != NULL ? json_object_get_string (label) : id;
      const char *said = NULL;

      for (size_t c = 0; said == NULL && c < json_object_array_length (controls); c++)
        {
          json_object *o = json_object_array_get_idx (controls, c);
          const char *text = json_object_get_string (json_object_object_get (o, "name"));

          if (g_str_equal (json_object_get_string (json_object_object_get (o, "role")), "push button")
              && g_str_has_prefix (text, name) && (text[strlen (name)] == '\0' || text[strlen (name)] == ','))
            said = text;
        }
      if (said == NULL)
        g_error ("%s: the map's area %s is not read through AT-SPI", where, name);
      n++;
      /* What stands there: every token of the area, by its title. */
      for (size_t t = 0; tokens != NULL && t < json_object_array_length (tokens); t++)
        {
          json_object *token = json_object_array_get_idx (tokens, t);
          json_object *title = json_object_object_get (token, "title");

          if (title != NULL && g_strcmp0 (json_object_get_string (json_object_object_get (token, "area")), id) == 0)
            {
              g_assert_nonnull (strstr (said, json_object_get_string (title)));
              standing++;
            }
        }
    }
  g_test_message ("%s: %u areas read, %u tokens said where they stand", where, n, standing);
  g_assert_cmpuint (n, >, 0);
}

/* A control of the walk with this role whose name has `text`, or NULL. */
static json_object *
control_named (json_object *w, const char *role, const char *text)
{
  json_object *controls = json_object_object_get (w, "controls");

  for (size_t c = 0; controls != NULL && c < json_object_array_length (controls); c++)
    {
      json_object *o = json_object_array_get_idx (controls, c);

      if ((role == NULL || g_str_equal (json_object_get_string (json_object_object_get (o, "role")), role))
          && strstr (json_object_get_string (json_object_object_get (o, "name")), text) != NULL)
        return o;
    }
  return NULL;
}

/* The export, phones and players' display dialogs, the table served (on 127.0.0.1) and a phone
 * asking for the first seat: the Phones dialog has its join card, Let In and Refuse, and each
 * seat's controls. */
static void
walk_window_dialogs (const char *game_id, MgCampaign *campaign, MgCampaignWindow *window, GHashTable *before)
{
  static const char *win_dialogs[][2] = { { "win.export", "Export" }, { "win.phones", "Phones" },
                                          { "win.players-display", "Players’ display" } };
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);

  g_assert_true (mg_table_server_start (mg_table_server_for_campaign (campaign), loopback, 0, &error));
  g_assert_no_error (error);
  g_assert_nonnull (mg_table_tokens_claim (mg_table_tokens_for_campaign (campaign),
                                           mg_campaign_get_players (campaign)[0], "127.0.0.1", &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (win_dialogs); i++)
    {
      g_autofree char *where = g_strdup_printf ("%s %s", game_id, win_dialogs[i][1]);
      json_object *w;

      gtk_widget_activate_action (GTK_WIDGET (window), win_dialogs[i][0], NULL);
      wait_ms (100);
      if (new_window_title (before) != NULL)
        w = walk (where, new_window_title (before));
      else  /* a dialog inside the window */
        w = walk (where, NULL);
      if (g_str_equal (win_dialogs[i][0], "win.phones"))
        {
          g_assert_nonnull (control_named (w, "push button", "Let In"));
          g_assert_nonnull (control_named (w, "push button", "Refuse"));
        }
      json_object_put (w);
      close_new_windows (before);
    }
  mg_table_server_stop (mg_table_server_for_campaign (campaign));
}

/* Every page of the campaign's window, the dialogs its pages' "…" buttons open, the export, phones
 * (a phone asking for a seat, Let In and Refuse) and players' display; `only` one page by name. */
static void
walk_campaign (const char *game_id, MgCampaign *campaign, const char *only)
{
  gint64 start = g_get_monotonic_time ();
  MgCampaignWindow *window;
  AdwViewStack *stack;
  g_autoptr(GtkSelectionModel) pages = NULL;
  g_autoptr(GHashTable) before = g_hash_table_new (NULL, NULL);

  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  stack = mg_campaign_window_get_view_stack (window);
  pages = adw_view_stack_get_pages (stack);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);
      g_autofree char *where = g_strdup_printf ("%s %s", game_id, adw_view_stack_page_get_title (page));
      json_object *w;

      /* The Rules form is one widget for every game, its folded rows hundreds of controls in
       * TFT: read in Meeple in CI (every game with MG_A11Y_FULL, for the measure). */
      if ((g_strcmp0 (adw_view_stack_page_get_name (page), "rules") == 0 && g_getenv ("MG_A11Y_FULL") == NULL
           && g_strcmp0 (game_id, "meeple") != 0)
          || (only != NULL && g_strcmp0 (adw_view_stack_page_get_name (page), only) != 0))
        continue;
      adw_view_stack_set_visible_child (stack, adw_view_stack_page_get_child (page));
      /* Built and laid out as it is shown; the walk runs the main loop while it reads. */
      wait_ms (50);
      w = walk (where, NULL);
      if (g_strcmp0 (adw_view_stack_page_get_name (page), "journal") == 0)
        assert_journal_rows (game_id, w);
      assert_map_areas (where, adw_view_stack_page_get_child (page), w);
      /* TFT's arena (issue 46): a grid named with its keys, the cursor's hex its description. */
      if (find_descendant (adw_view_stack_page_get_child (page), MG_TYPE_TFT_ARENA_VIEW) != NULL)
        g_assert_nonnull (control_named (w, "table", "Arena: arrow keys"));
      json_object_put (w);
      walk_page_dialogs (where, adw_view_stack_page_get_child (page));
    }
  collect_windows (before);
  /* The export, phones and players' display dialogs are one for every game (its seats' names
   * aside): read in the generic game's window in CI, in every game with MG_A11Y_FULL. */
  if (only == NULL && (g_getenv ("MG_A11Y_FULL") != NULL || g_str_has_prefix (game_id, "generic")))
    walk_window_dialogs (game_id, campaign, window, before);
  gtk_window_destroy (GTK_WINDOW (window));
  wait_ms (20);
  g_test_message ("%s: read in all in %.1f s", game_id, (g_get_monotonic_time () - start) / 1e6);
}

static void
walk_game (const char *game_id)
{
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, game_id, tmpdir, &error);

  g_assert_no_error (error);
  g_test_message ("%s: its sample played in %.1f s", game_id, (g_get_monotonic_time () - start) / 1e6);
  walk_campaign (game_id, campaign, NULL);
}

/* A campaign of `game` made of `actions`. */
static MgCampaign *
campaign_of (const char *game, const char *file, const char * const *players, json_object *ruleset,
             const char * const *actions, guint n)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  MgCampaign *campaign = mg_campaign_create (path, game, file, (const char **) players, ruleset, 7, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(json_object) action = json_tokener_parse (actions[i]);

      mg_journal_entry_free (mg_campaign_act (campaign, action, &error));
      g_assert_no_error (error);
    }
  return campaign;
}

/* TFT's Fight page with a fight on the arena (its sample fights without one), and a game with no
 * pages of its own on the generic Play page (build-aux/new-game.py's duel template: its map of areas). */
static void
walk_arena_and_generic (void)
{
  static const char * const fight[] = {
    "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"Romans\":[\"Flavius\"],"
    "\"Germans\":[\"Wulf\"]},\"positions\":{\"Flavius\":{\"hex\":\"C5\",\"facing\":\"NE\"},"
    "\"Wulf\":{\"hex\":\"M5\",\"facing\":\"SW\"}}}",
  };
  static const char * const referee[] = { "Red", "Blue", NULL }, * const duelists[] = { "Ann", "Bob", NULL };
  g_autoptr(MgCampaign) arena = campaign_of ("tft", "Arena.db", referee, NULL, fight, G_N_ELEMENTS (fight));
  g_autoptr(json_object) wins = json_tokener_parse ("{\"game\":\"duel\",\"name\":\"Duel\",\"wins\":2}");
  static const char * const round[] = { "{\"type\":\"pick\",\"player\":\"Ann\",\"choice\":\"rock\"}",
                                        "{\"type\":\"pick\",\"player\":\"Bob\",\"choice\":\"paper\"}",
                                        "{\"type\":\"reveal\"}" };
  g_autoptr(MgCampaign) duel = campaign_of ("duel", "Duel.db", duelists, wins, round, G_N_ELEMENTS (round));

  walk_campaign ("tft (arena)", arena, "fight");
  walk_campaign ("generic (duel)", duel, NULL);
}

static void
test_walk (void)
{
  char *why = NULL;
  guint n_samples;
  const MgSample *samples = mg_application_samples (&n_samples);

  if (!a11y_probe_start (&why))
    {
      g_test_skip (why);
      g_free (why);
      return;
    }
  g_print ("| page | interactive controls | with no name |\n|---|---|---|\n");
  for (guint i = 0; i < n_samples; i++)
    if (g_getenv ("MG_A11Y_GAMES") == NULL || strstr (g_getenv ("MG_A11Y_GAMES"), samples[i].game_id) != NULL)
      walk_game (samples[i].game_id);
  if (g_getenv ("MG_A11Y_GAMES") == NULL || strstr (g_getenv ("MG_A11Y_GAMES"), "arena") != NULL)
    walk_arena_and_generic ();
  {
    GtkWindow *start = mg_application_get_start_window (app);

    gtk_window_present (start);
    wait_ms (500);
    json_object_put (walk ("start page", gtk_window_get_title (start)));
    gtk_window_destroy (start);
  }
  g_print ("| all | %u | %u |\n", total_controls, total_unnamed);
  a11y_probe_stop ();
  g_assert_cmpuint (total_unnamed, ==, 0);
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-a11y", &tmpdir);
  mg_game_register (mg_duel_game ());
  g_test_set_nonfatal_assertions ();
  g_test_add_func ("/ui/a11y/walk", test_walk);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

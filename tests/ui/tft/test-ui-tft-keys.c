/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-tft-keys.c — a TFT Melee turn played with the keyboard only (issue 32), keys sent through
 * the X server to GTK's focus: A's attack opened from the Fight page by Tab and Space, the dice
 * typed and submitted with Enter, the dialog closed with Escape, the outcome said on the page
 * until the next step, and the turn ended by Tab and Space; and a fight of four figures on the arena
 * played to its end by real pointer and keys (issue 46). */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "mg-application.h"
#include "mg-campaign-window.h"
#include "ui-test-util.h"
#include "mg-campaign-window-private.h"
#include "mg-tft-attack-dialog.h"
#include "mg-tft-fight-page.h"
#include "mg-tft-fighter-row.h"
#include "mg-tft-util.h"
#include "mg-tft-arena-view.h"

static MgApplication *app;
static char *tmpdir;

/* A campaign of TFT named `name` in tmpdir, `actions` played, shown on its Fight page. */
static MgTftFightPage *
show_fight (const char *name, const char * const *actions, guint n, MgCampaign **campaign)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strdup_printf ("%s.db", name);
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Ann", NULL };
  MgCampaignWindow *window;

  *campaign = mg_campaign_create (path, "tft", name, players, NULL, 7, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(json_object) action = json_tokener_parse (actions[i]);

      mg_journal_entry_free (mg_campaign_act (*campaign, action, &error));
      g_assert_no_error (error);
    }
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, *campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "fight");
  wait_ms (300);
  return MG_TFT_FIGHT_PAGE (mg_campaign_window_get_page (window, "fight"));
}

static void
test_keyboard_turn (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]}}",
    "{\"type\":\"option\",\"figure\":\"A\",\"option\":\"b\"}",
    "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"a\"}",
    "{\"type\":\"attacks\"}",
  };
  g_autoptr(MgCampaign) campaign = NULL;
  MgTftFightPage *page = show_fight ("Keys", actions, G_N_ELEMENTS (actions), &campaign);
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
  MgTftAttackDialog *dialog;
  GtkWidget *banner;
  g_autofree char *outcome = NULL;
  gint64 rows = mg_campaign_journal_count (campaign);

  if (!ui_test_key (w, GDK_KEY_Tab, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display (the tests run under xvfb-run)");
      close_campaign_windows (app);
      return;
    }

  /* Tab to Attack, Space opens A's attack; the dice typed, Enter applies them. */
  ui_test_tab_to (mg_tft_fight_page_get_button (page, "attack"), 80);
  g_assert_true (gtk_widget_has_visible_focus (ui_test_focus (w)));
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (300);
  dialog = mg_tft_fight_page_get_attack_dialog (page);
  g_assert_nonnull (dialog);
  ui_test_tab_to (mg_tft_attack_dialog_get_dice_row (dialog), 40);
  /* 3 dice to hit: 3 + 4 + 4 = 11, under A's DX; 2 for the broadsword's damage: 3 + 4 = 7. */
  g_assert_true (ui_test_type (GTK_WIDGET (dialog), "3 4 4 3 4"));
  wait_ms (100);
  g_assert_null (mg_tft_attack_dialog_get_message (dialog));
  g_assert_true (ui_test_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0));
  /* Enter activates the default button, which GTK clicks 250 ms later (ACTIVATE_TIMEOUT). */
  for (guint i = 0; i < 20 && mg_tft_attack_dialog_get_outcome (dialog) == NULL; i++)
    wait_ms (100);
  g_assert_nonnull (mg_tft_attack_dialog_get_outcome (dialog));
  outcome = g_strdup (mg_tft_attack_dialog_get_outcome (dialog));
  g_assert_nonnull (strstr (outcome, "7"));
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 1);
  save_screenshot (GTK_WIDGET (dialog), "tft-keys-outcome.png");
  /* Escape closes the dialog; the page says what happened until the next step. */
  g_assert_true (ui_test_key (GTK_WIDGET (dialog), GDK_KEY_Escape, 0));
  wait_ms (200);
  g_assert_null (mg_tft_fight_page_get_attack_dialog (page));
  banner = ui_test_labelled (GTK_WIDGET (page), GTK_TYPE_LABEL, outcome);
  g_assert_nonnull (banner);
  g_assert_true (gtk_widget_get_mapped (banner));
  save_screenshot (w, "tft-keys-page.png");

  /* Tab to End Turn and Space: the turn is ended, the next step said in its place. */
  ui_test_tab_to (mg_tft_fight_page_get_button (page, "end-turn"), 80);
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (200);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows + 2);
  close_campaign_windows (app);
}

/* A gargoyle flies (p. 19, issue 34): on the Fight page its card offers Fly with options a, b, c
 * (not d, and never on a man's card); a real click on Fly, its 16 hexes typed, a click on Declare:
 * the engine records the flight and the gargoyle is aloft. */
static void
test_fly (void)
{
  static const char * const actions[] = {
    "{\"type\":\"create_figure\",\"figure\":\"G\",\"kind\":\"gargoyle\"}",
    "{\"type\":\"create_figure\",\"figure\":\"H\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"spear\"]}",
    "{\"type\":\"start_fight\",\"kind\":\"death\",\"sides\":{\"Stone\":[\"G\"],\"Men\":[\"H\"]}}",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = NULL;
  MgTftFightPage *page = show_fight ("Fly", actions, G_N_ELEMENTS (actions), &campaign);
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
  g_autoptr(MgJournalEntry) last = NULL;
  g_autoptr(json_object) state = NULL;
  MgTftFighterRow *g, *h;
  GtkWidget *fly, *spin;
  json_object *figures;

  g = mg_tft_fight_page_get_fighter (page, "G");
  h = mg_tft_fight_page_get_fighter (page, "H");
  wait_ms (100);
  fly = mg_tft_fighter_row_get_fly_check (g);
  /* Fly goes with moving: a, b, c; not d (drop prone); never for a man. */
  g_assert_true (mg_tft_fighter_row_choose (g, "d", 0, NULL, NULL));
  g_assert_false (gtk_widget_get_visible (fly));
  g_assert_true (mg_tft_fighter_row_choose (h, "a", 0, NULL, NULL));
  g_assert_false (gtk_widget_get_visible (mg_tft_fighter_row_get_fly_check (h)));
  g_assert_true (mg_tft_fighter_row_choose (g, "a", 0, NULL, NULL));
  wait_ms (100);
  g_assert_true (gtk_widget_get_mapped (fly));

  if (!ui_test_click (fly))
    {
      g_test_skip ("clicks are sent through XTest: needs an X11 display (the tests run under xvfb-run)");
      close_campaign_windows (app);
      return;
    }
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (fly)));
  /* 16 hexes, the flying MA: typed into Moved (beside Fly), Tab to take it. */
  spin = gtk_widget_get_prev_sibling (fly);
  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  gtk_widget_grab_focus (spin);
  g_assert_true (ui_test_key (w, GDK_KEY_a, GDK_KEY_Control_L));
  g_assert_true (ui_test_type (w, "16"));
  g_assert_true (ui_test_key (w, GDK_KEY_Tab, 0));
  wait_ms (100);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 16);
  g_assert_null (mg_tft_fighter_row_get_message (g));
  g_assert_true (ui_test_click (mg_tft_fighter_row_get_declare_button (g)));
  wait_ms (200);

  last = mg_campaign_journal_get (campaign, mg_campaign_journal_count (campaign), &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (last->action, "\"option\":\"a\""));
  g_assert_nonnull (strstr (last->action, "\"moved\":16"));
  g_assert_nonnull (strstr (last->action, "\"flying\":true"));
  state = mg_state_to_json (mg_campaign_get_state (campaign));
  figures = json_object_object_get (json_object_object_get (state, "fight"), "figures");
  for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
    {
      json_object *f = json_object_array_get_idx (figures, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (f, "name")), "G") == 0)
        g_assert_true (json_object_get_boolean (json_object_object_get (f, "aloft")));
    }
  g_assert_nonnull (figures);
  close_campaign_windows (app);
}

/* ---- The arena (issue 46): a fight of four figures played to its end by real pointer and keys. */

static const char * const arena_fight[] = {
  "{\"type\":\"create_figure\",\"figure\":\"Flavius\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
  "{\"type\":\"create_figure\",\"figure\":\"Cato\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
  "{\"type\":\"create_figure\",\"figure\":\"Wulf\",\"kind\":\"human\",\"st\":11,\"dx\":13,\"weapons\":[\"shortsword\"]}",
  "{\"type\":\"create_figure\",\"figure\":\"Hrolf\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
  "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"Romans\":[\"Flavius\",\"Cato\"],"
  "\"Germans\":[\"Wulf\",\"Hrolf\"]},\"positions\":{\"Flavius\":{\"hex\":\"C5\",\"facing\":\"NE\"},"
  "\"Cato\":{\"hex\":\"C7\",\"facing\":\"NE\"},\"Wulf\":{\"hex\":\"M5\",\"facing\":\"SW\"},\"Hrolf\":{\"hex\":\"N4\",\"facing\":\"NW\"}}}",
};

/* The colours the referee sees (mg-tft-arena-view.c): each side's counters, one down, a hex in reach. */
static const guint8 romans[3] = { 191, 38, 31 }, germans[3] = { 33, 84, 184 }, grey[3] = { 115, 115, 115 };
static const guint8 reach_green[3] = { 184, 230, 168 };

/* How many of 12 points round the counter in `hex` (inside its rim, outside its name) are painted
 * `rgb`, as the arena is drawn now. */
static guint
painted (MgTftArenaView *arena, const char *hex, const guint8 rgb[3], double radius)
{
  int w = 0, h = 0;
  g_autoptr(GskRenderNode) node = widget_node (GTK_WIDGET (arena), &w, &h);
  g_autoptr(GdkTexture) tex = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (GTK_WIDGET (arena))),
                                                          node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_autofree guint8 *px = g_malloc ((gsize) w * h * 4);
  double x, y, ax, ay, bx, by, size;
  guint n = 0;

  gdk_texture_download (tex, px, (gsize) w * 4);
  g_assert_true (mg_tft_arena_view_hex_point (arena, hex, &x, &y));
  /* a hex's size (centre to corner): A1 and A2's centres are √3 sizes apart */
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A1", &ax, &ay));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A2", &bx, &by));
  size = (by - ay) / sqrt (3);
  for (int k = 0; k < 12; k++)
    {
      int px_x = (int) round (x + radius * size * cos (k * G_PI / 6)), px_y = (int) round (y + radius * size * sin (k * G_PI / 6));
      const guint8 *p = px + (gsize) px_y * w * 4 + px_x * 4;   /* B, G, R, A */
      if (ABS (p[2] - rgb[0]) < 30 && ABS (p[1] - rgb[1]) < 30 && ABS (p[0] - rgb[2]) < 30)
        n++;
    }
  return n;
}

static void
click_hex (MgTftArenaView *arena, const char *hex)
{
  double x, y;
  g_assert_true (mg_tft_arena_view_hex_point (arena, hex, &x, &y));
  g_assert_true (ui_test_click_at (GTK_WIDGET (arena), x, y));
}

/* A drag from the centre of `hex` a hex's height towards `facing` ("N" or "S"): the facing of the move. */
static void
drag_turn (MgTftArenaView *arena, const char *hex, int dy)
{
  double x, y;
  g_assert_true (mg_tft_arena_view_hex_point (arena, hex, &x, &y));
  g_assert_true (ui_test_drag (GTK_WIDGET (arena), x, y, x, y + dy));
  wait_ms (60);
}

/* The arrow keys (real keys, to the arena's focus) from the cursor to `hex`. */
static void
arrows_to (MgTftArenaView *arena, const char *hex)
{
  const char *at = mg_tft_arena_view_get_cursor (arena);
  int dc, dr;
  g_assert_nonnull (at);
  dc = hex[0] - at[0], dr = atoi (hex + 1) - atoi (at + 1);
  for (int i = 0; i < ABS (dc); i++)
    g_assert_true (ui_test_key (GTK_WIDGET (arena), dc > 0 ? GDK_KEY_Right : GDK_KEY_Left, 0));
  for (int i = 0; i < ABS (dr); i++)
    g_assert_true (ui_test_key (GTK_WIDGET (arena), dr > 0 ? GDK_KEY_Down : GDK_KEY_Up, 0));
  g_assert_cmpstr (mg_tft_arena_view_get_cursor (arena), ==, hex);
}

/* The journal's newest row as the Journal shows it (its summary). */
static char *
last_row (MgCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  MgJournalEntry *e = mg_campaign_journal_get (campaign, mg_campaign_journal_count (campaign), &error);
  char *text;
  g_assert_no_error (error);
  text = g_strdup (e->summary);
  mg_journal_entry_free (e);
  return text;
}

#define assert_row(campaign, text) \
  G_STMT_START { g_autofree char *row_ = last_row (campaign); \
                 if (strstr (row_, text) == NULL) g_error ("the journal's last row reads \"%s\", not \"%s\"", row_, text); } G_STMT_END

/* Waits (2 s at most) until GTK's picking finds `widget` at its centre, and it has stopped moving: a
 * page scrolled to the focus slides there over the next frames. */
static void
wait_pickable (GtkWidget *widget)
{
  GtkWidget *native = GTK_WIDGET (gtk_widget_get_native (widget));
  graphene_point_t before = GRAPHENE_POINT_INIT (-1, -1);
  for (guint i = 0; i < 40; i++)
    {
      graphene_point_t at;
      GtkWidget *picked;
      if (gtk_widget_compute_point (widget, native, &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                                        gtk_widget_get_height (widget) / 2.0), &at) &&
          graphene_point_equal (&at, &before) &&
          (picked = gtk_widget_pick (native, at.x, at.y, GTK_PICK_DEFAULT)) != NULL &&
          (picked == widget || gtk_widget_is_ancestor (picked, widget)))
        return;
      before = at;
      wait_ms (50);
    }
}

/* The option chosen on a figure's card, below the arena: Tab to its drop-down (the page scrolls to it),
 * a click on it, a click on the option's row. */
static void
option_by_pointer (MgTftFightPage *page, const char *figure, const char *option, const char *label)
{
  GtkWidget *dropdown = mg_tft_fighter_row_get_option_dropdown (mg_tft_fight_page_get_fighter (page, figure));
  GtkWidget *popover, *row;
  ui_test_tab_to (dropdown, 60);
  wait_pickable (dropdown);
  g_assert_true (ui_test_click (dropdown));
  popover = find_descendant (dropdown, GTK_TYPE_POPOVER);
  for (guint i = 0; i < 40 && !(popover != NULL && gtk_widget_get_mapped (popover)); i++)
    wait_ms (50);
  g_assert_true (popover != NULL && gtk_widget_get_mapped (popover));
  row = ui_test_find_label (popover, label);
  g_assert_nonnull (row);
  wait_pickable (row);
  g_assert_true (ui_test_click (row));
  wait_ms (200);
  g_assert_false (gtk_widget_get_mapped (popover));
  g_assert_cmpstr (mg_tft_fighter_row_get_option (mg_tft_fight_page_get_fighter (page, figure)), ==, option);
}

/* An attack opened from the arena: its adjusted DX and odds shown before the dice, then the dice typed
 * (to hit, then damage) and Enter; the outcome read, Escape closes. */
static void
attack_with_keys (MgTftFightPage *page, int adj_dx, double hit, const char *dice, const char *outcome)
{
  MgTftAttackDialog *dialog = mg_tft_fight_page_get_attack_dialog (page);
  g_assert_nonnull (dialog);
  g_assert_cmpint (mg_tft_attack_dialog_get_adj_dx (dialog), ==, adj_dx);
  g_assert_cmpfloat_with_epsilon (mg_tft_attack_dialog_get_hit_chance (dialog), hit, 1e-9);
  ui_test_tab_to (mg_tft_attack_dialog_get_dice_row (dialog), 40);
  g_assert_true (ui_test_type (GTK_WIDGET (dialog), dice));
  wait_ms (100);
  g_assert_true (ui_test_key (GTK_WIDGET (dialog), GDK_KEY_Return, 0));
  for (guint i = 0; i < 20 && mg_tft_attack_dialog_get_outcome (dialog) == NULL; i++)
    wait_ms (100);
  g_assert_nonnull (strstr (mg_tft_attack_dialog_get_outcome (dialog), outcome));
  g_assert_true (ui_test_key (GTK_WIDGET (dialog), GDK_KEY_Escape, 0));
  wait_ms (200);
  g_assert_null (mg_tft_fight_page_get_attack_dialog (page));
}

/* Two clicks on P9, out of Flavius's reach: nothing is played, and the page says why in the engine's
 * own words (those it gives for the same option declared by hand). */
static void
refused_beyond_reach (MgTftFightPage *page, MgTftArenaView *arena, MgCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) same = json_tokener_parse ("{\"type\":\"option\",\"figure\":\"Flavius\",\"option\":\"a\","
                                                    "\"to\":\"P9\",\"facing\":\"NE\"}");
  gint64 rows = mg_campaign_journal_count (campaign);
  GtkWidget *said;

  g_assert_false (mg_campaign_validate (campaign, same, &error));
  click_hex (arena, "P9");
  click_hex (arena, "P9");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, rows);
  g_assert_cmpstr (mg_tft_fight_page_get_message (page), ==, error->message);
  said = ui_test_labelled (GTK_WIDGET (page), GTK_TYPE_LABEL, error->message);
  g_assert_true (said != NULL && gtk_widget_get_mapped (said));
}

/* Zoom and pan by the wheel over the arena's centre: Ctrl+wheel up twice zooms about the pointer (the
 * hexes 1.25² times as large, the hex under it still under it); the wheel then pans the arena, not the
 * page; Ctrl+wheel down twice shows the whole arena again, where it was. */
static void
zoom_and_pan (MgTftArenaView *arena)
{
  GtkWidget *w = GTK_WIDGET (arena);
  GtkAdjustment *page = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (w, GTK_TYPE_SCROLLED_WINDOW)));
  double mx = gtk_widget_get_width (w) / 2.0, my = gtk_widget_get_height (w) / 2.0, scrolled = gtk_adjustment_get_value (page);
  double a[2], b[2], h[2], a2[2], b2[2], h2[2];

  g_assert_true (mg_tft_arena_view_hex_point (arena, "A1", &a[0], &a[1]));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A2", &b[0], &b[1]));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "H5", &h[0], &h[1]));
  g_assert_true (ui_test_wheel (w, -2, GDK_KEY_Control_L));
  g_assert_cmpfloat_with_epsilon (mg_tft_arena_view_get_zoom (arena), 1.5625, 1e-9);
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A1", &a2[0], &a2[1]));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A2", &b2[0], &b2[1]));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "H5", &h2[0], &h2[1]));
  g_assert_cmpfloat_with_epsilon (b2[1] - a2[1], (b[1] - a[1]) * 1.5625, 0.01);
  g_assert_cmpfloat_with_epsilon (h2[0] - mx, (h[0] - mx) * 1.5625, 1.0);
  g_assert_cmpfloat_with_epsilon (h2[1] - my, (h[1] - my) * 1.5625, 1.0);
  g_assert_true (ui_test_wheel (w, 2, 0));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "H5", &h[0], &h[1]));
  g_assert_cmpfloat (h[1], <, h2[1] - 10);                       /* the arena moved up under the view */
  g_assert_cmpfloat (gtk_adjustment_get_value (page), ==, scrolled);  /* the page did not */
  g_assert_true (ui_test_wheel (w, 2, GDK_KEY_Control_L));
  g_assert_cmpfloat_with_epsilon (mg_tft_arena_view_get_zoom (arena), 1.0, 1e-9);
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A1", &a2[0], &a2[1]));
  g_assert_cmpfloat_with_epsilon (a2[0], a[0], 1e-6);
  g_assert_cmpfloat_with_epsilon (a2[1], a[1], 1e-6);
}

/* The players' display at the end of test_arena: the same arena, the dead grey where they fell, the
 * living in their colour, the counters' names large enough to read across the table. */
static void
arena_on_display (MgCampaignWindow *window)
{
  GtkWindow *display;
  MgTftArenaView *arena;
  double ax, ay, bx, by;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.players-display", NULL));
  wait_ms (300);
  display = mg_campaign_window_get_players_display (window);
  g_assert_nonnull (display);
  arena = MG_TFT_ARENA_VIEW (find_descendant (GTK_WIDGET (display), MG_TYPE_TFT_ARENA_VIEW));
  g_assert_true (arena != NULL && gtk_widget_get_mapped (GTK_WIDGET (arena)));
  g_assert_cmpuint (painted (arena, "H5", grey, 0.6), >=, 6);
  g_assert_cmpuint (painted (arena, "L4", grey, 0.6), >=, 6);
  g_assert_cmpuint (painted (arena, "H6", romans, 0.6), >=, 6);
  g_assert_cmpuint (painted (arena, "K5", romans, 0.6), >=, 6);
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A1", &ax, &ay));
  g_assert_true (mg_tft_arena_view_hex_point (arena, "A2", &bx, &by));
  g_test_message ("the display's hexes: %.1f px from centre to corner", (by - ay) / sqrt (3));
  save_screenshot (GTK_WIDGET (display), "tft-arena-display.png");
  gtk_window_destroy (display);
  gtk_window_present (GTK_WINDOW (window));
  wait_ms (100);
}

/* Turn 2 of test_arena: the Germans stand, the Romans charge and kill them. */
static void
arena_turn_2 (MgTftFightPage *page, MgTftArenaView *arena, MgCampaign *campaign)
{
  /* Turn 2. Wulf stays (two clicks); Hrolf stays (Enter twice) */
  click_hex (arena, "H5");
  g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "Wulf");
  click_hex (arena, "H5");
  assert_row (campaign, "Wulf stays in H5, facing N.");
  arrows_to (arena, "L4");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  assert_row (campaign, "Hrolf stays in L4, facing N.");
  /* Flavius and Cato charge (b, on their cards below the arena; the wheel back up to it) */
  option_by_pointer (page, "Flavius", "b", "(b) Charge attack");
  option_by_pointer (page, "Cato", "b", "(b) Charge attack");
  g_assert_true (ui_test_wheel (gtk_widget_get_ancestor (GTK_WIDGET (arena), GTK_TYPE_SCROLLED_WINDOW), -5, 0));
  wait_pickable (GTK_WIDGET (arena));
  /* Flavius turns by a drag to face Wulf: engaged with him now */
  click_hex (arena, "H6");
  g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "Flavius");
  drag_turn (arena, "H6", -40);
  g_assert_cmpstr (mg_tft_arena_view_get_facing (arena), ==, "N");
  click_hex (arena, "H6");
  assert_row (campaign, "Flavius stays in H6, facing N, now engaged with Wulf.");
  /* Cato by keys, Shift+T twice (S → SE → NE) to face Hrolf */
  arrows_to (arena, "K5");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "Cato");
  for (int i = 0; i < 2; i++)
    g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_T, GDK_KEY_Shift_L));
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  assert_row (campaign, "Cato stays in K5, facing NE, now engaged with Hrolf.");
  g_assert_true (ui_test_click (mg_tft_fight_page_get_button (page, "order")));
  wait_ms (200);
  assert_row (campaign, "Attack order: Flavius (13), Cato (12).");

  /* Flavius's attack: a click on Wulf; 15 hits at DX 17 only */
  click_hex (arena, "H5");
  wait_ms (300);
  attack_with_keys (page, 17, 206.0 / 216, "5 5 5 6 6", "Wulf is dead.");
  assert_row (campaign, "Flavius rolls 15 against adjusted DX 17 and hits Wulf for 11");
  /* Cato's: the keys to Hrolf and Enter; 14 hits at DX 14 only */
  ui_test_tab_to (GTK_WIDGET (arena), 120);
  arrows_to (arena, "L4");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  wait_ms (300);
  attack_with_keys (page, 14, 196.0 / 216, "4 5 5 6 6", "Hrolf is dead.");
  assert_row (campaign, "Cato rolls 14 against adjusted DX 14 and hits Hrolf for 12");
}

/* Romans Flavius (DX 13, shortsword) and Cato (DX 12, broadsword) against Germans Wulf and Hrolf, on
 * the 1977 arena. Turn 1: each runs across the arena — Flavius and Wulf by pointer (a click chooses,
 * a click on a hex puts the cursor there, the Turn button or a drag turns the facing, a click moves),
 * Cato and Hrolf by keys (arrows, Enter, T and Shift+T); nobody attacks; End Turn by Tab and Space.
 * Turn 2: the Germans stand; Flavius (behind Wulf) and Cato (beside Hrolf) charge in place, turning to
 * face them (a drag; Shift+T), their option chosen on their cards by pointer. Flavius's attack, opened
 * by a click on Wulf, counts +4 from the rear (p. 9: DX 17, hits on 15 or less but for 16–18,
 * 206/216); Cato's, opened by Enter on Hrolf, +2 from the side (DX 14, 196/216); each roll would miss
 * without it. Both die: one side is down, and the arena shows them grey where they fell. */
static void
test_arena (void)
{
  g_autoptr(MgCampaign) campaign = NULL;
  MgTftFightPage *page = show_fight ("Arena", arena_fight, G_N_ELEMENTS (arena_fight), &campaign);
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
  MgTftArenaView *arena = mg_tft_fight_page_get_arena (page);
  GtkWidget *turn;

  g_assert_nonnull (arena);
  if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
    {
      g_test_skip ("input is sent through XTest: needs an X11 display (the tests run under xvfb-run)");
      close_campaign_windows (app);
      return;
    }
  mg_tft_fight_page_get_fighter (page, "Flavius");   /* the cards, built as they come into view */
  wait_ms (200);
  g_assert_cmpuint (painted (arena, "C5", romans, 0.55), >=, 6);
  g_assert_cmpuint (painted (arena, "M5", germans, 0.55), >=, 6);
  zoom_and_pan (arena);

  /* Turn 1. Flavius by pointer: chosen, his reach shown green (H6, 5 hexes; not P9, past his MA 10) */
  click_hex (arena, "C5");
  g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "Flavius");
  g_assert_cmpuint (painted (arena, "H6", reach_green, 0.45), >=, 8);
  g_assert_cmpuint (painted (arena, "P9", reach_green, 0.45), ==, 0);
  refused_beyond_reach (page, arena, campaign);
  click_hex (arena, "H6");
  turn = ui_test_find_by_tooltip (GTK_WIDGET (page), "Turn the facing of the move one side clockwise (T)");
  g_assert_nonnull (turn);
  for (int i = 0; i < 2; i++)   /* NE → SE → S */
    g_assert_true (ui_test_click (turn));
  g_assert_cmpstr (mg_tft_arena_view_get_facing (arena), ==, "S");
  click_hex (arena, "H6");
  assert_row (campaign, "Flavius moves 5 hexes to H6, facing S.");
  /* Wulf by pointer: chosen by a click, H5, a drag upwards faces N, a click moves */
  click_hex (arena, "M5");
  g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "Wulf");
  click_hex (arena, "H5");
  drag_turn (arena, "H5", -40);
  g_assert_cmpstr (mg_tft_arena_view_get_facing (arena), ==, "N");
  click_hex (arena, "H5");
  assert_row (campaign, "Wulf moves 5 hexes to H5, facing N.");
  /* Cato by keys: the cursor to C7, Enter; to K5; T three times, Shift+T once: NE → S; Enter */
  arrows_to (arena, "C7");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "Cato");
  arrows_to (arena, "K5");
  for (int i = 0; i < 3; i++)
    g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_t, 0));
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_T, GDK_KEY_Shift_L));
  g_assert_cmpstr (mg_tft_arena_view_get_facing (arena), ==, "S");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  /* 9, not 8: every 8-hex way crosses column H at H4 to H7, where Wulf and Flavius stand or face
   * (a hex in a standing enemy's front ends the move, p. 8) */
  assert_row (campaign, "Cato moves 9 hexes to K5, facing S.");
  /* Hrolf by keys: N4, Enter; L4, T (NW → N), Enter */
  arrows_to (arena, "N4");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  arrows_to (arena, "L4");
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_t, 0));
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
  assert_row (campaign, "Hrolf moves 2 hexes to L4, facing N.");
  /* + zooms about the cursor (a quarter more), − back to the whole arena */
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_plus, 0));
  g_assert_cmpfloat_with_epsilon (mg_tft_arena_view_get_zoom (arena), 1.25, 1e-9);
  g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_minus, 0));
  g_assert_cmpfloat_with_epsilon (mg_tft_arena_view_get_zoom (arena), 1.0, 1e-9);
  /* the attack order (nobody attacks), then End Turn by Tab and Space */
  g_assert_true (ui_test_click (mg_tft_fight_page_get_button (page, "order")));
  wait_ms (200);
  assert_row (campaign, "Nobody attacks this turn.");
  ui_test_tab_to (mg_tft_fight_page_get_button (page, "end-turn"), 80);
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (200);
  assert_row (campaign, "Turn 1 of fight 1 ends.");

  arena_turn_2 (page, arena, campaign);

  /* one side is down: the fight may end; the fallen grey where they fell, the living in colour */
  g_assert_true (gtk_widget_get_mapped (mg_tft_fight_page_get_button (page, "end")));
  g_assert_cmpuint (painted (arena, "H5", grey, 0.55), >=, 6);
  g_assert_cmpuint (painted (arena, "L4", grey, 0.55), >=, 6);
  g_assert_cmpuint (painted (arena, "H6", romans, 0.55), >=, 6);
  save_screenshot (w, "tft-arena-over.png");
  arena_on_display (MG_CAMPAIGN_WINDOW (w));
  close_campaign_windows (app);
}

/* The sample's main page at 360 and 1400 px, light and dark, to be looked at (issue 32, 33). */
static void
test_screenshots (void)
{
  ui_test_sample_screenshots (app, tmpdir, "tft", "fight");
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-tft-keys", &tmpdir);
  g_test_add_func ("/ui/tft/keyboard-turn", test_keyboard_turn);
  g_test_add_func ("/ui/tft/fly", test_fly);
  g_test_add_func ("/ui/tft/arena", test_arena);
  g_test_add_func ("/ui/tft/screenshots", test_screenshots);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-polish.c — issue 11 through Meeple Melee's and Cricchio's Mêlée's pages and the shared
 * dialogs, as a referee meets them: the New Campaign form that says a field's problem only once
 * it is touched, the Battle heading in a 360 px window, Cricchio's messages that keep their room,
 * a Cricchio move made with the keyboard alone, and Mine Field's mines shown only to their owner. */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "mg-application.h"
#include "ui-test-util.h"
#include "mg-campaign-window-private.h"
#include "mg-cricchio-page.h"
#include "mg-export-dialog.h"
#include "mg-json.h"
#include "mg-meeple-page-private.h"
#include "mg-players-display.h"
#include "mg-start-window-private.h"
#include "mg-table-state.h"

static MgApplication *app;
static char *tmpdir;

/* Where a widget's top-left corner is, in its window. */
static graphene_point_t
place (GtkWidget *widget)
{
  graphene_point_t p = GRAPHENE_POINT_INIT (0, 0), out;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (gtk_widget_get_root (widget)), &p, &out));
  return out;
}

static void
press_keys (GtkWidget *widget, const guint *keys, guint n)
{
  for (guint i = 0; i < n; i++)
    press_key (widget, keys[i]);
}

/* 11.3: a fresh New Campaign form complains about nothing; a field's problem is said once that
 * field was touched, never about a field the referee has not reached yet. */
static void
test_new_campaign_touched (void)
{
  MgStartWindow *start = MG_START_WINDOW (mg_application_get_start_window (app));
  GtkWidget *name, *second;

  gtk_window_present (GTK_WINDOW (start));
  gtk_window_set_default_size (GTK_WINDOW (start), 360, 700);
  mg_start_window_set_folder (start, tmpdir);
  gtk_widget_activate_action (GTK_WIDGET (start), "start.show-new", NULL);
  wait_ms (100);
  name = GTK_WIDGET (mg_start_window_get_name_row (start));
  second = GTK_WIDGET (mg_start_window_get_player_row (start, 1));

  g_assert_null (strstr (mg_start_window_get_form_message (start), "Give the campaign a name"));
  g_assert_cmpstr (mg_start_window_get_form_message (start), ==, "Name the campaign and its players, then press Create.");
  g_assert_false (gtk_widget_has_css_class (name, "error"));
  g_assert_false (gtk_widget_is_sensitive (mg_start_window_get_create_button (start)));
  save_screenshot (GTK_WIDGET (start), "polish-new-campaign-fresh-360.png");

  /* Typing the first player's name says nothing yet about the second, untouched. */
  gtk_editable_set_text (GTK_EDITABLE (mg_start_window_get_player_row (start, 0)), "Red");
  g_assert_false (gtk_widget_has_css_class (second, "error"));
  g_assert_null (strstr (mg_start_window_get_form_message (start), "player 2"));
  g_assert_false (gtk_widget_has_css_class (name, "error"));

  /* Leaving the name, untouched, empty: that is touching it; its problem is said. */
  gtk_widget_grab_focus (name);
  wait_ms (20);
  gtk_widget_grab_focus (second);
  for (guint i = 0; i < 100 && !gtk_widget_has_css_class (name, "error"); i++)
    wait_ms (20);   /* said from an idle, once the field is marked as left */
  g_assert_cmpstr (mg_start_window_get_form_message (start), ==, "Give the campaign a name.");
  g_assert_true (gtk_widget_has_css_class (name, "error"));
  g_assert_false (gtk_widget_has_css_class (second, "error"));

  /* A name typed then wiped: now it is said, and the field is marked. */
  gtk_editable_set_text (GTK_EDITABLE (name), "Friday");
  gtk_editable_set_text (GTK_EDITABLE (name), "");
  g_assert_cmpstr (mg_start_window_get_form_message (start), ==, "Give the campaign a name.");
  g_assert_true (gtk_widget_has_css_class (name, "error"));
  gtk_editable_set_text (GTK_EDITABLE (name), "Friday");
  gtk_editable_set_text (GTK_EDITABLE (second), "Blue");
  gtk_editable_set_text (GTK_EDITABLE (second), "");
  g_assert_cmpstr (mg_start_window_get_form_message (start), ==, "Name player 2.");
  g_assert_true (gtk_widget_has_css_class (second, "error"));
  gtk_editable_set_text (GTK_EDITABLE (second), "Blue");
  g_assert_true (gtk_widget_is_sensitive (mg_start_window_get_create_button (start)));
  save_screenshot (GTK_WIDGET (start), "polish-new-campaign-filled-360.png");
  gtk_widget_activate_action (GTK_WIDGET (start), "start.back", NULL);
  gtk_widget_set_visible (GTK_WIDGET (start), FALSE);
}

/* 11.4: at 360 px the Battle heading puts the match score under "Match 1 · Battle 1", on one
 * line, instead of wrapping it beside the title; at 1400 px it stays beside the title. */
static void
test_meeple_heading (void)
{
  static const int widths[] = { 360, 1400 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, "meeple", tmpdir, &error);
  MgCampaignWindow *window;
  GtkWidget *page, *title, *score;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "battle");
  page = mg_campaign_window_get_page (window, "battle");
  title = find_styled (page, GTK_TYPE_LABEL, "page-title");
  score = find_styled (page, GTK_TYPE_LABEL, "score");
  g_assert_nonnull (title);
  g_assert_nonnull (score);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autofree char *name = g_strdup_printf ("polish-meeple-battle-%d.png", widths[w]);
      int one_line = 0;
      graphene_point_t t, s;

      gtk_window_set_default_size (GTK_WINDOW (window), widths[w], widths[w] == 360 ? 720 : 900);
      wait_ms (600);
      t = place (title);
      s = place (score);
      gtk_widget_measure (score, GTK_ORIENTATION_VERTICAL, -1, NULL, &one_line, NULL, NULL);
      /* The score on one line: "Red 0 – 0 Blue", not "Red 0 –" over "0 Blue". */
      g_assert_cmpint (gtk_widget_get_height (score), <, one_line * 3 / 2);
      g_assert_cmpint (gtk_widget_get_width (score), <=, gtk_widget_get_width (page));
      if (widths[w] == 360)
        {
          g_assert_true (mg_meeple_page_get_score_stacked (MG_MEEPLE_PAGE (page)));
          g_assert_cmpfloat (s.y, >=, t.y + gtk_widget_get_height (title));
        }
      else
        {
          g_assert_false (mg_meeple_page_get_score_stacked (MG_MEEPLE_PAGE (page)));
          g_assert_cmpfloat (s.x, >, t.x + gtk_widget_get_width (title) - 1);
        }
      save_screenshot (GTK_WIDGET (window), name);
    }
  close_campaign_windows (app);
}

/* 11.10: Meeple's faces by keyboard: S and K type Sweep and Kick for the side whose faces are
 * shown, Backspace takes the last one back (as the button does); nothing is typed for a side
 * whose faces are hidden. */
static void
test_meeple_keys (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "Keys.db", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(MgCampaign) c = mg_campaign_create (path, "meeple", "Keys", players, NULL, 3, &error);
  MgCampaignWindow *window;
  MgMeeplePage *page;
  MgMeepleSide *red, *blue;
  static const guint typed[] = { GDK_KEY_s, GDK_KEY_k };

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  wait_ms (300);
  page = MG_MEEPLE_PAGE (mg_campaign_window_get_page (window, "battle"));
  red = mg_meeple_page_get_side (page, 0);
  blue = mg_meeple_page_get_side (page, 1);
  click (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
  press_keys (GTK_WIDGET (page), typed, G_N_ELEMENTS (typed));
  g_assert_cmpuint (mg_meeple_side_get_n_typed (red), ==, 2);
  press_key (GTK_WIDGET (page), GDK_KEY_BackSpace);
  g_assert_cmpuint (mg_meeple_side_get_n_typed (red), ==, 1);
  g_assert_cmpuint (mg_meeple_side_get_n_typed (blue), ==, 0);
  close_campaign_windows (app);
}

static void
collect_borders (GskRenderNode *node, GPtrArray *borders)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_borders (gsk_container_node_get_child (node, i), borders);
      break;
    case GSK_TRANSFORM_NODE: collect_borders (gsk_transform_node_get_child (node), borders); break;
    case GSK_CLIP_NODE: collect_borders (gsk_clip_node_get_child (node), borders); break;
    case GSK_ROUNDED_CLIP_NODE: collect_borders (gsk_rounded_clip_node_get_child (node), borders); break;
    case GSK_OPACITY_NODE: collect_borders (gsk_opacity_node_get_child (node), borders); break;
    case GSK_DEBUG_NODE: collect_borders (gsk_debug_node_get_child (node), borders); break;
    case GSK_BORDER_NODE: g_ptr_array_add (borders, node); break;
    default: break;
    }
}

/* The result banner's stripe is its left border alone. A border whose sides differ in colour is
 * drawn through a mesh gradient over the whole banner (cairo: 28M instructions, a tenth of the
 * Battle page's first frame), so every side has the stripe's colour, with no width but the left. */
static void
test_meeple_banner_border (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, "meeple", tmpdir, &error);
  g_autoptr(GPtrArray) borders = g_ptr_array_new ();
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  MgCampaignWindow *window;
  GtkWidget *banner;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 800);
  wait_ms (400);
  banner = find_styled (mg_campaign_window_get_page (window, "battle"), GTK_TYPE_BOX, "battle-banner");
  g_assert_nonnull (banner);
  paintable = gtk_widget_paintable_new (banner);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), gtk_widget_get_width (banner),
                          gtk_widget_get_height (banner));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  collect_borders (node, borders);
  g_assert_cmpuint (borders->len, ==, 1);
  {
    const GdkRGBA *colors = gsk_border_node_get_colors (g_ptr_array_index (borders, 0));
    const float *widths = gsk_border_node_get_widths (g_ptr_array_index (borders, 0));

    g_assert_cmpfloat (widths[3], ==, 6);   /* top, right, bottom, left */
    for (guint side = 0; side < 3; side++)
      {
        g_assert_cmpfloat (widths[side], ==, 0);
        g_assert_true (gdk_rgba_equal (&colors[side], &colors[3]));
      }
  }
  close_campaign_windows (app);
}

/* 11.5: showing a side's faces (and rolling them) must not send the other side under it: at
 * 1280 px both sides stay side by side whatever one of them shows. */
static void
test_meeple_sides_stay (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, "meeple", tmpdir, &error);
  MgCampaignWindow *window;
  MgMeeplePage *page;
  MgMeepleSide *red, *blue;
  graphene_point_t before;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (400);
  page = MG_MEEPLE_PAGE (mg_campaign_window_get_page (window, "battle"));
  red = mg_meeple_page_get_side (page, 0);
  blue = mg_meeple_page_get_side (page, 1);
  before = place (GTK_WIDGET (blue));
  g_assert_cmpfloat (before.y, ==, place (GTK_WIDGET (red)).y);
  click (GTK_WIDGET (mg_meeple_side_get_show_button (red)));
  for (guint i = 0; i < 6; i++)   /* the sample's battle 5: Red rolls 6 meeples */
    press_key (GTK_WIDGET (page), GDK_KEY_s);
  click (mg_meeple_side_get_roll_button (red));
  wait_ms (400);
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (red), >, 0);
  save_screenshot (GTK_WIDGET (window), "polish-meeple-red-rolled-1280.png");
  if (place (GTK_WIDGET (blue)).y != before.y)
    {
      int m, n, fm, fn;
      gtk_widget_measure (GTK_WIDGET (red), GTK_ORIENTATION_HORIZONTAL, -1, &m, &n, NULL, NULL);
      gtk_widget_measure (gtk_widget_get_parent (GTK_WIDGET (red)), GTK_ORIENTATION_HORIZONTAL, -1, &fm, &fn, NULL, NULL);
      g_test_message ("red side %d/%d, its cell %d/%d, flow box %d wide", m, n, fm, fn,
                      gtk_widget_get_width (gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (red)))));
      report_wide_widgets (GTK_WIDGET (red), (1280 - 72) / 2 - 36);
    }
  g_assert_cmpfloat (place (GTK_WIDGET (blue)).y, ==, before.y);
  /* To a pixel: the flow box (not homogeneous, so that each side is as tall as its own
   * content, issue 45) shares an odd pixel of its width as the sides' least widths say. */
  g_assert_cmpfloat (fabs (place (GTK_WIDGET (blue)).x - before.x), <=, 1);
  close_campaign_windows (app);
}

static MgCampaign *
cricchio_campaign (const char *file, const char *variant, const char * const *players)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  g_autofree char *rpath = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "rulesets", "cricchio.json", NULL);
  g_autoptr(json_object) ruleset = json_object_from_file (rpath);
  MgCampaign *c;

  g_assert_nonnull (ruleset);
  json_object_object_add (ruleset, "variant", json_object_new_string (variant));
  c = mg_campaign_create (path, "cricchio", file, players, ruleset, 7, &error);
  g_assert_no_error (error);
  return c;
}

static MgChessPage *
show_board (MgCampaign *c, int width, MgCampaignWindow **window_out)
{
  MgCampaignWindow *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));

  gtk_window_set_default_size (GTK_WINDOW (window), width, width == 360 ? 720 : 900);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "board");
  wait_ms (600);
  *window_out = window;
  return MG_CHESS_PAGE (mg_campaign_window_get_page (window, "board"));
}

/* 11.5: a refusal on Cricchio's board is said without moving the controls under it (the board's
 * side, the mines' buttons), in a narrow and in a wide window. */
static void
test_cricchio_message_keeps_room (void)
{
  static const int widths[] = { 360, 1400 };
  const char *players[] = { "Black", "Blue", "Red", "White", NULL };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autofree char *file = g_strdup_printf ("Room %d", widths[w]);
      g_autofree char *shot = g_strdup_printf ("polish-cricchio-refusal-%d.png", widths[w]);
      g_autoptr(MgCampaign) c = cricchio_campaign (file, "basic", players);
      MgCampaignWindow *window;
      MgChessPage *page = show_board (c, widths[w], &window);
      MgChessBoardView *board = mg_chess_page_get_board (page);
      GtkWidget *bottom = mg_chess_page_get_part (page, "bottom");
      graphene_point_t before, after;
      int minimum = 0;

      gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
      g_assert_cmpint (minimum, <=, widths[w]);
      before = place (bottom);
      /* The Navy g1 cannot go to e2 (the wall at e1): the engine's words, and nothing moves. */
      g_signal_emit_by_name (board, "square-activated", "g1");
      g_signal_emit_by_name (board, "square-activated", "e2");
      wait_ms (100);
      g_assert_cmpstr (mg_chess_page_get_error (page), ==, "The Navy cannot cross the wall at e1.");
      after = place (bottom);
      g_assert_cmpfloat (after.y, ==, before.y);
      save_screenshot (GTK_WIDGET (window), shot);
      /* A move played clears the message, again without a jump. */
      g_signal_emit_by_name (board, "square-activated", "h1");
      g_signal_emit_by_name (board, "square-activated", "f3");
      wait_ms (100);
      g_assert_cmpstr (mg_chess_page_get_error (page), ==, "");
      g_assert_cmpfloat (place (bottom).y, ==, before.y);
      close_campaign_windows (app);
    }
}

/* 11.10: a Cricchio move without a mouse: Tab reaches the board, arrows move its cursor, Enter
 * picks the Air Force h1, then its destination f3 (a legal opening, docs/rules/cricchio.md). */
static void
test_cricchio_keyboard (void)
{
  const char *players[] = { "Black", "Blue", "Red", "White", NULL };
  g_autoptr(MgCampaign) c = cricchio_campaign ("Keys", "basic", players);
  MgCampaignWindow *window;
  MgChessPage *page = show_board (c, 1400, &window);
  GtkWidget *board = GTK_WIDGET (mg_chess_page_get_board (page));
  static const guint to_h1[] = { GDK_KEY_Left, GDK_KEY_Left, GDK_KEY_Return };
  static const guint to_f3[] = { GDK_KEY_Left, GDK_KEY_Left, GDK_KEY_Up, GDK_KEY_Up, GDK_KEY_Return };
  gboolean reached = FALSE;

  /* The board is a tab stop of the page. */
  for (guint i = 0; i < 60 && !reached; i++)
    {
      gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);
      reached = gtk_root_get_focus (GTK_ROOT (window)) == board;
    }
  g_assert_true (reached);
  g_assert_cmpstr (mg_chess_board_view_get_cursor (MG_CHESS_BOARD_VIEW (board)), ==, "j1");
  press_keys (board, to_h1, G_N_ELEMENTS (to_h1));
  g_assert_cmpstr (mg_chess_board_view_get_selected (MG_CHESS_BOARD_VIEW (board)), ==, "h1");
  g_assert_cmpuint (mg_chess_board_view_get_n_targets (MG_CHESS_BOARD_VIEW (board)), ==, 6);
  press_keys (board, to_f3, G_N_ELEMENTS (to_f3));
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 1);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (mg_chess_page_get_part (page, "last"))),
                            "Black Air Force h1–f3"));
  save_screenshot (GTK_WIDGET (window), "polish-cricchio-keyboard.png");
  close_campaign_windows (app);
}

static GtkToggleButton *
mines_button (MgChessPage *page, guint index)
{
  GtkWidget *b = gtk_widget_get_first_child (mg_chess_page_get_part (page, "secrets"));

  while (b != NULL && index-- > 0)
    b = gtk_widget_get_next_sibling (b);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (b));
  return GTK_TOGGLE_BUTTON (b);
}

/* 11.1: Mine Field (2 players, 3 mines each, docs/rules/cricchio.md): mines are placed with one
 * player's mines shown, by keyboard; the board then shows that player's mines only; they hide
 * again when the player has placed all 3; the players' display never shows one. */
static void
test_cricchio_mines_secret (void)
{
  const char *players[] = { "Black", "Red", NULL };
  g_autoptr(MgCampaign) c = cricchio_campaign ("Mines", "minefield", players);
  MgCampaignWindow *window;
  MgChessPage *page = show_board (c, 360, &window);
  MgChessBoardView *board = mg_chess_page_get_board (page);
  MgTableState *table = mg_table_state_for_campaign (c);
  GtkWidget *secrets = mg_chess_page_get_part (page, "secrets");
  const char *black_mines[] = { "g5", "h5", "j5" }, *red_mines[] = { "g10", "h10", "j10" };
  MgPlayersDisplay *display;
  graphene_point_t before;

  /* Nobody's mines shown: a click says what to do, without moving the Show buttons. */
  before = place (secrets);
  g_signal_emit_by_name (board, "square-activated", "g5");
  wait_ms (100);
  g_assert_nonnull (strstr (mg_chess_page_get_error (page), "Show one player’s mines first"));
  g_assert_cmpfloat (place (secrets).y, ==, before.y);
  g_assert_cmpint (mg_campaign_journal_count (c), ==, 0);
  save_screenshot (GTK_WIDGET (window), "polish-cricchio-mines-hidden-360.png");

  /* Black's, by keyboard: the cursor starts on j1; Up 4 times is j5. */
  click (GTK_WIDGET (mines_button (page, 0)));
  g_assert_cmpstr (mg_table_state_get_secrets_seat (table), ==, "Black");
  for (guint m = 0; m < 3; m++)
    {
      mg_chess_board_view_set_cursor (board, black_mines[m]);
      press_key (GTK_WIDGET (board), GDK_KEY_Return);
      g_assert_cmpstr (mg_chess_page_get_error (page), ==, "");
      if (m < 2)
        {
          g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, "south"), ==, m + 1);
          g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, NULL), ==, m + 1);
        }
      if (m == 1)
        save_screenshot (GTK_WIDGET (window), "polish-cricchio-mines-black-360.png");
    }
  /* All 3 placed: the game waits for Red now, Black's mines hide by themselves. */
  g_assert_null (mg_table_state_get_secrets_seat (table));
  g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, NULL), ==, 0);
  g_assert_false (gtk_toggle_button_get_active (mines_button (page, 0)));

  click (GTK_WIDGET (mines_button (page, 1)));
  g_assert_cmpstr (mg_table_state_get_secrets_seat (table), ==, "Red");
  g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, "south"), ==, 0);
  for (guint m = 0; m < 3; m++)
    {
      g_signal_emit_by_name (board, "square-activated", red_mines[m]);
      wait_ms (5);
      g_assert_cmpstr (mg_chess_page_get_error (page), ==, "");
      if (m < 2)
        g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, NULL), ==,
                          mg_chess_board_view_get_n_mines (board, "north"));
    }
  g_assert_null (mg_table_state_get_secrets_seat (table));
  g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, NULL), ==, 0);

  /* The players' display: the public view, no mine, even while one player's are shown. */
  click (GTK_WIDGET (mines_button (page, 0)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.players-display", NULL);
  wait_ms (200);
  display = MG_PLAYERS_DISPLAY (mg_campaign_window_get_players_display (window));
  g_assert_nonnull (display);
  g_assert_cmpuint (mg_chess_board_view_get_n_mines (MG_CHESS_BOARD_VIEW (mg_players_display_get_state_widget (display)),
                                                     NULL), ==, 0);
  g_assert_cmpuint (mg_chess_board_view_get_n_mines (board, "south"), ==, 3);
  gtk_window_destroy (GTK_WINDOW (display));
  close_campaign_windows (app);
}

static void
collect_accelerators (GtkWidget *widget, GString *out)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accel = NULL;
      g_object_get (widget, "accelerator", &accel, NULL);
      g_string_append_printf (out, "[%s]", accel != NULL ? accel : "");
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_accelerators (c, out);
}

/* The accelerators a campaign window's Shortcuts window lists (Ctrl+? through its action). */
static char *
listed_accelerators (MgCampaignWindow *window, const char *screenshot)
{
  GtkShortcutsWindow *shortcuts;
  GString *accels = g_string_new (NULL);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  wait_ms (100);
  shortcuts = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (shortcuts);
  collect_accelerators (GTK_WIDGET (shortcuts), accels);
  save_screenshot (GTK_WIDGET (shortcuts), screenshot);
  gtk_window_close (GTK_WINDOW (shortcuts));
  return g_string_free (accels, FALSE);
}

/* 11.10 and issue 47.4: the Shortcuts window lists the keys of the open game's pages, which its
 * own folder names (ui/<id>/shortcuts.ui), and not another game's. */
static void
test_shortcuts_listed (void)
{
  const char *players[] = { "Black", "Red", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = cricchio_campaign ("Shortcuts", "basic", players);
  g_autoptr(MgCampaign) m = mg_application_create_sample_for (app, "meeple", tmpdir, &error);
  MgCampaignWindow *window;
  g_autofree char *cricchio = NULL, *meeple = NULL;

  g_assert_no_error (error);
  show_board (c, 1400, &window);
  cricchio = listed_accelerators (window, "polish-shortcuts.png");
  g_assert_nonnull (strstr (cricchio, "[Left Right Up Down]"));
  g_assert_nonnull (strstr (cricchio, "[Return space]"));
  g_assert_null (strstr (cricchio, "[s k p]"));
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, m));
  wait_ms (300);
  meeple = listed_accelerators (window, "polish-shortcuts-meeple.png");
  g_assert_nonnull (strstr (meeple, "[s k p]"));
  g_assert_nonnull (strstr (meeple, "[BackSpace]"));
  g_assert_null (strstr (meeple, "[Return space]"));
  close_campaign_windows (app);
}

/* The first label under widget whose text is cut with "…", or NULL. */
static GtkLabel *
find_ellipsized (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_ellipsized (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static double
luminance (const GdkRGBA *c)
{
  return 0.2126 * c->red + 0.7152 * c->green + 0.0722 * c->blue;
}

/* Fits `width`: its minimum width is no more, and it is laid out no wider. */
static void
assert_fits (GtkWidget *widget, int width, const char *what)
{
  int minimum = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum > width)
    {
      g_test_message ("%s: needs %d px", what, minimum);
      report_wide_widgets (widget, width - 24);
    }
  g_assert_cmpint (minimum, <=, width);
  g_assert_cmpint (gtk_widget_get_width (widget), <=, width);
}

/* 11.4: the shared dialogs and windows at 360 px, in light and in dark style: New Campaign,
 * Export, the players' display (of a Cricchio game, its board in the public view). */
static void
test_dialogs_narrow (void)
{
  static const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };
  static const char * const scheme_names[] = { "light", "dark" };
  AdwStyleManager *style = adw_style_manager_get_default ();
  const char *players[] = { "Black", "Red", NULL };
  g_autoptr(MgCampaign) c = cricchio_campaign ("Narrow", "basic", players);

  for (guint k = 0; k < G_N_ELEMENTS (schemes); k++)
    {
      g_autofree char *shot_new = g_strdup_printf ("polish-new-campaign-360-%s.png", scheme_names[k]);
      g_autofree char *shot_export = g_strdup_printf ("polish-export-360-%s.png", scheme_names[k]);
      g_autofree char *shot_display = g_strdup_printf ("polish-display-360-%s.png", scheme_names[k]);
      g_autofree char *shot_board = g_strdup_printf ("polish-cricchio-360-%s.png", scheme_names[k]);
      MgCampaignWindow *window;
      MgExportDialog *export;
      GtkWindow *display;
      /* Opening a campaign closes the start window: the application makes a new one. */
      MgStartWindow *start = MG_START_WINDOW (mg_application_get_start_window (app));

      adw_style_manager_set_color_scheme (style, schemes[k]);
      gtk_window_set_default_size (GTK_WINDOW (start), 360, 720);
      gtk_window_present (GTK_WINDOW (start));
      gtk_widget_activate_action (GTK_WIDGET (start), "start.show-new", NULL);
      wait_ms (600);
      assert_fits (GTK_WIDGET (start), 360, "New Campaign");
      save_screenshot (GTK_WIDGET (start), shot_new);
      gtk_widget_activate_action (GTK_WIDGET (start), "start.back", NULL);
      gtk_widget_set_visible (GTK_WIDGET (start), FALSE);

      show_board (c, 360, &window);
      assert_fits (GTK_WIDGET (window), 360, "Board");
      {
        /* The files and ranks stand on the window's background: dark ink in light style,
         * light ink in dark style. */
        GdkRGBA ink;
        mg_chess_board_view_get_coordinate_color (mg_chess_page_get_board (MG_CHESS_PAGE (mg_campaign_window_get_page (window, "board"))), &ink);
        if (schemes[k] == ADW_COLOR_SCHEME_FORCE_DARK)
          g_assert_cmpfloat (luminance (&ink), >, 0.6);
        else
          g_assert_cmpfloat (luminance (&ink), <, 0.4);
      }
      save_screenshot (GTK_WIDGET (window), shot_board);
      export = mg_export_dialog_new (GTK_WINDOW (window), c);
      gtk_window_present (GTK_WINDOW (export));
      wait_ms (300);
      assert_fits (GTK_WIDGET (export), 360, "Export");
      /* "Actions of" shows whom in full ("Everyone"), not "E…". */
      {
        GtkLabel *cut = find_ellipsized (GTK_WIDGET (mg_export_dialog_get_player_row (export)));
        if (cut != NULL)
          g_error ("“%s” is cut off in the Export dialog at 360 px", gtk_label_get_text (cut));
      }
      save_screenshot (GTK_WIDGET (export), shot_export);
      gtk_window_destroy (GTK_WINDOW (export));

      /* The display as the campaign window makes it, sized before it is mapped (a mapped
       * window keeps its size under Xvfb). */
      display = GTK_WINDOW (mg_players_display_new (mg_table_state_for_campaign (c)));
      gtk_window_set_default_size (display, 360, 720);
      gtk_window_present (display);
      wait_ms (400);
      assert_fits (GTK_WIDGET (display), 360, "Players' display");
      save_screenshot (GTK_WIDGET (display), shot_display);
      gtk_window_destroy (display);
      close_campaign_windows (app);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int argc, char **argv)
{
  int status;

  app = ui_test_init (&argc, &argv, "polish", &tmpdir);
  g_test_add_func ("/ui/polish/new-campaign-touched", test_new_campaign_touched);
  g_test_add_func ("/ui/polish/meeple-heading", test_meeple_heading);
  g_test_add_func ("/ui/polish/meeple-keys", test_meeple_keys);
  g_test_add_func ("/ui/polish/meeple-sides-stay", test_meeple_sides_stay);
  g_test_add_func ("/ui/polish/meeple-banner-border", test_meeple_banner_border);
  g_test_add_func ("/ui/polish/cricchio-message-keeps-room", test_cricchio_message_keeps_room);
  g_test_add_func ("/ui/polish/cricchio-keyboard", test_cricchio_keyboard);
  g_test_add_func ("/ui/polish/cricchio-mines-secret", test_cricchio_mines_secret);
  g_test_add_func ("/ui/polish/shortcuts-listed", test_shortcuts_listed);
  g_test_add_func ("/ui/polish/dialogs-narrow", test_dialogs_narrow);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

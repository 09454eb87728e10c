/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-cricchio.c — Cricchio's Mêlée through the board page: four players' opening moves played by
 * clicking a piece and then a highlighted square, the destinations the rulebook gives (the Air
 * Force h1 has 6 at the four-player start, docs/rules/cricchio.md), the board turned to Red's
 * side, the "Mêlée!" prompt answered, and screenshots of the board. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mg-application.h"
#include "ui-test-util.h"
#include "mg-campaign-window-private.h"
#include "mg-start-window-private.h"
#include "mg-cricchio-page.h"
#include "mg-json.h"

static MgApplication *app;
static char *tmpdir;

/* A click on a square: what the board's click gesture (or Enter on the cursor) emits. */
static void
click_square (MgChessBoardView *board, const char *square)
{
  double x, y;

  g_assert_true (mg_chess_board_view_square_point (board, square, &x, &y));
  g_signal_emit_by_name (board, "square-activated", square);
  wait_ms (5);
}

static void
play (MgChessPage *page, const char *from, const char *to, const char *summary)
{
  MgChessBoardView *board = mg_chess_page_get_board (page);
  const char *last;

  click_square (board, from);
  g_assert_cmpstr (mg_chess_board_view_get_selected (board), ==, from);
  g_assert_cmpuint (mg_chess_board_view_get_n_targets (board), >, 0);
  click_square (board, to);
  g_assert_cmpstr (mg_chess_page_get_error (page), ==, "");
  last = gtk_label_get_text (GTK_LABEL (mg_chess_page_get_part (page, "last")));
  if (strstr (last, summary) == NULL)
    g_error ("“%s” not in “%s”", summary, last);
}

/* A new four-player game in file `file`, its window at 1280×900 on the board page. */
static MgChessPage *
open_board (const char *file, MgCampaign **campaign, MgCampaignWindow **window)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Black", "Blue", "Red", "White", NULL };
  MgChessPage *page;

  *campaign = mg_campaign_create (path, "cricchio", "Four Kingdoms", players, NULL, 7, &error);
  g_assert_no_error (error);
  *window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, *campaign));
  gtk_window_set_default_size (GTK_WINDOW (*window), 1280, 900);
  wait_ms (100);
  page = MG_CHESS_PAGE (mg_campaign_window_get_page (*window, "board"));
  g_assert_nonnull (page);
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (*window), "board");
  wait_ms (100);
  return page;
}

static void
test_opening (void)
{
  MgCampaign *campaign;
  MgCampaignWindow *window;
  MgChessPage *page = open_board ("Melee.db", &campaign, &window);
  MgChessBoardView *board = mg_chess_page_get_board (page);
  GtkWidget *captured, *first_line;
  guint lines = 0;

  /* The four-player start drawn: 72 pieces (18 a side), 12 wall and 16 sea squares are images of
   * their own, and the coordinates' two strips; the 96 squares of empty land, a colour each
   * (docs/rules/cricchio.md's board). */
  g_assert_cmpuint (ui_test_count_nodes (GTK_WIDGET (board), GSK_CAIRO_NODE, NULL), ==, 4 * 18 + 12 + 16 + 2);
  /* The Air Force h1 at the four-player start: f3 e4 d5 c6 and j3 k4 (6), counted in the docs. */
  click_square (board, "h1");
  g_assert_cmpuint (mg_chess_board_view_get_n_targets (board), ==, 6);
  /* Another piece of the side to move replaces the selection. */
  click_square (board, "g1");
  g_assert_cmpuint (mg_chess_board_view_get_n_targets (board), ==, 2);   /* f3 h3 */
  /* A square it may not go to: the page says why, in the engine's words, and nothing is played. */
  click_square (board, "e2");
  g_assert_cmpstr (mg_chess_page_get_error (page), ==, "The Navy cannot cross the wall at e1.");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 0);
  g_assert_cmpstr (mg_chess_board_view_get_selected (board), ==, "g1");
  click_square (board, "h1");
  /* Nothing selected, a piece that cannot move says why rather than nothing happening: another
   * side's (Blue's Army at a1 on Black's turn), or Black's own boxed in by its pieces at the
   * four-player start (the Army f1); an empty square says nothing. */
  g_signal_emit_by_name (board, "cancelled");
  click_square (board, "a1");
  g_assert_null (mg_chess_board_view_get_selected (board));
  g_assert_cmpstr (mg_chess_page_get_error (page), ==, "The Army on a1 is Blue's; it is Black's turn.");
  click_square (board, "f1");
  g_assert_null (mg_chess_board_view_get_selected (board));
  g_assert_cmpstr (mg_chess_page_get_error (page), ==, "The Army on f1 has no legal move now.");
  click_square (board, "e6");
  g_assert_null (mg_chess_board_view_get_selected (board));
  g_assert_cmpstr (mg_chess_page_get_error (page), ==, "");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 0);

  play (page, "h1", "f3", "Black Air Force h1–f3");
  play (page, "b5", "d5", "Blue Marine b5–d5");
  play (page, "e13", "e11", "Red Marine e13–e11");
  play (page, "m10", "k10", "White Marine m10–k10");
  play (page, "j2", "j4", "Black Marine j2–j4");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 5);
  /* Issue 43: an undo repaints the squares it changed, the move's two and the last move's marks
   * (back on White's m10–k10), not the board's 196; a redo the same four. */
  wait_ms (50);
  captured = mg_chess_page_get_part (page, "captured");
  first_line = g_object_ref (gtk_widget_get_first_child (captured));   /* held: its address not reused */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  wait_ms (50);
  g_assert_cmpuint (mg_chess_board_view_get_n_repainted (board), ==, 4);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  wait_ms (50);
  g_assert_cmpuint (mg_chess_board_view_get_n_repainted (board), ==, 4);
  g_assert_true (mg_campaign_can_undo (campaign) && !mg_campaign_can_redo (campaign));
  /* The four players' "took:" lines, nothing taken yet, are the same labels after the undo and
   * redo (issue 43: kept and given their text, not made again). */
  g_assert_true (gtk_widget_get_first_child (captured) == first_line);
  for (GtkWidget *line = first_line; line != NULL; line = gtk_widget_get_next_sibling (line), lines++)
    g_assert_true (g_str_has_suffix (gtk_label_get_label (GTK_LABEL (line)), "took: nothing yet"));
  g_assert_cmpuint (lines, ==, 4);
  g_object_unref (first_line);
  /* The keyboard: the cursor on b4 and Enter picks Blue's Marine there. */
  mg_chess_board_view_set_cursor (board, "b4");
  g_signal_emit_by_name (board, "square-activated", mg_chess_board_view_get_cursor (board));
  g_assert_cmpstr (mg_chess_board_view_get_selected (board), ==, "b4");
  save_screenshot (GTK_WIDGET (window), "cricchio-opening.png");

  /* Turned to Red's side (North at the bottom). */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (mg_chess_page_get_part (page, "bottom")), 2);
  wait_ms (20);
  g_assert_cmpstr (mg_chess_board_view_get_bottom (board), ==, "north");
  save_screenshot (GTK_WIDGET (window), "cricchio-red-side.png");
  g_object_unref (campaign);
  close_campaign_windows (app);
}

/* Keys only (issue 32): Tab reaches the board, which shows it has the focus; the arrows move its
 * cursor a square at a time from j1 (South's President), Enter picks the Air Force on h1 (its 6
 * destinations), Escape lets it go, Enter picks it again and Enter on f3 plays it; then Blue's
 * Marine b5–d5 the same way (from f3, where the cursor stayed). */
static void
arrows (GtkWidget *window, guint keysym, guint times)
{
  for (guint i = 0; i < times; i++)
    g_assert_true (ui_test_key (window, keysym, 0));
}

static void
test_keyboard_turn (void)
{
  MgCampaign *campaign;
  MgCampaignWindow *window;
  MgChessPage *page = open_board ("Keys.db", &campaign, &window);
  MgChessBoardView *board = mg_chess_page_get_board (page);
  GtkWidget *w = GTK_WIDGET (window);
  if (!ui_test_key (w, GDK_KEY_Tab, 0))
    {
      g_test_skip ("not an X11 display");
      return;
    }
  ui_test_tab_to (GTK_WIDGET (board), 60);
  g_assert_true (gtk_widget_has_visible_focus (GTK_WIDGET (board)));
  g_assert_cmpstr (mg_chess_board_view_get_cursor (board), ==, "j1");
  arrows (w, GDK_KEY_Left, 2);
  g_assert_cmpstr (mg_chess_board_view_get_cursor (board), ==, "h1");
  arrows (w, GDK_KEY_Return, 1);
  g_assert_cmpstr (mg_chess_board_view_get_selected (board), ==, "h1");
  g_assert_cmpuint (mg_chess_board_view_get_n_targets (board), ==, 6);
  arrows (w, GDK_KEY_Escape, 1);
  g_assert_null (mg_chess_board_view_get_selected (board));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (board)));
  arrows (w, GDK_KEY_Return, 1);
  arrows (w, GDK_KEY_Left, 2);
  arrows (w, GDK_KEY_Up, 2);
  g_assert_cmpstr (mg_chess_board_view_get_cursor (board), ==, "f3");
  save_screenshot (w, "cricchio-keyboard-target.png");
  arrows (w, GDK_KEY_Return, 1);
  g_assert_cmpstr (mg_chess_page_get_error (page), ==, "");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 1);

  arrows (w, GDK_KEY_Left, 4);
  arrows (w, GDK_KEY_Up, 2);
  g_assert_cmpstr (mg_chess_board_view_get_cursor (board), ==, "b5");
  arrows (w, GDK_KEY_Return, 1);
  arrows (w, GDK_KEY_Right, 2);
  arrows (w, GDK_KEY_Return, 1);
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 2);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (mg_chess_page_get_part (page, "last"))),
                            "Blue Marine b5–d5"));
  g_object_unref (campaign);
  close_campaign_windows (app);
}

/* The sample game up to its Mêlée (Blue's Air Force takes on m11 next to White's President):
 * the prompt shows; "said" records it and the game goes on. */
static void
test_melee_prompt (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "Sample.db", NULL);
  g_autofree char *sample_path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", "cricchio-sample.jsonl", NULL);
  g_autofree char *sample = NULL;
  g_auto(GStrv) lines = NULL;
  const char *players[] = { "Black", "Blue", "Red", "White", NULL };
  MgCampaign *campaign = mg_campaign_create (path, "cricchio", "Sample", players, NULL, 7, &error);
  MgCampaignWindow *window;
  MgChessPage *page;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (sample_path, &sample, NULL, NULL));
  lines = g_strsplit (sample, "\n", -1);
  for (guint i = 0; lines[i] && !strstr (lines[i], "\"melee\""); i++)
    {
      g_autoptr(json_object) a = json_tokener_parse (lines[i]);
      g_autoptr(MgJournalEntry) e = mg_campaign_act (campaign, a, &error);
      g_assert_no_error (error);
    }
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
  wait_ms (100);
  page = MG_CHESS_PAGE (mg_campaign_window_get_page (window, "board"));
  adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "board");
  wait_ms (50);
  g_assert_true (gtk_widget_get_visible (mg_chess_page_get_part (page, "melee")));
  save_screenshot (GTK_WIDGET (window), "cricchio-melee.png");
  click (mg_chess_page_get_part (page, "said"));
  wait_ms (20);
  g_assert_false (gtk_widget_get_visible (mg_chess_page_get_part (page, "melee")));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (mg_chess_page_get_part (page, "last"))),
                            "Mêlée on White's President"));
  g_object_unref (campaign);
  close_campaign_windows (app);
}

/* The New Campaign form offers the rulebook's seven ways to play Cricchio's Mêlée (none for a
 * game of one), fits the players to the variant chosen (Minefield is for 2, Team for 4,
 * Solitaire for 1: "2 Player Mine Field Mêlée", "Four Player Team Mêlée", "Solitaire Mêlée"),
 * and the campaign it creates plays that variant. */
static guint
n_player_rows (MgStartWindow *start)
{
  guint n = 0;

  while (mg_start_window_get_player_row (start, n) != NULL)
    n++;
  return n;
}

static void
select_game (MgStartWindow *start, const char *game_id)
{
  guint n = 0;
  const MgRules **all = mg_rules_all (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (all[i]->id, game_id) == 0)
      adw_combo_row_set_selected (mg_start_window_get_game_row (start), i);
  wait_ms (20);
}

static void
test_new_campaign_variant (void)
{
  MgStartWindow *start = MG_START_WINDOW (mg_application_get_start_window (app));
  AdwComboRow *variant = mg_start_window_get_variant_row (start);
  g_autoptr(GtkStringObject) minefield = NULL;
  MgCampaignWindow *window;
  MgCampaign *campaign;
  MgChessPage *page;

  gtk_window_present (GTK_WINDOW (start));
  wait_ms (50);
  mg_start_window_set_folder (start, tmpdir);
  gtk_widget_activate_action (GTK_WIDGET (start), "start.show-new", NULL);
  select_game (start, "meeple");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (variant)));

  select_game (start, "cricchio");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (variant)));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (variant)), ==, 7);
  g_assert_cmpuint (adw_combo_row_get_selected (variant), ==, 0);
  g_assert_cmpuint (n_player_rows (start), ==, 2);          /* Basic: 2 to 4 */
  gtk_widget_activate_action (GTK_WIDGET (start), "start.add-player", NULL);
  gtk_widget_activate_action (GTK_WIDGET (start), "start.add-player", NULL);
  g_assert_cmpuint (n_player_rows (start), ==, 4);
  gtk_widget_activate_action (GTK_WIDGET (start), "start.add-player", NULL);   /* disabled at 4 */
  g_assert_cmpuint (n_player_rows (start), ==, 4);

  adw_combo_row_set_selected (variant, 6);                    /* Team: 4 */
  g_assert_cmpuint (n_player_rows (start), ==, 4);
  adw_combo_row_set_selected (variant, 5);                    /* Solitaire: 1 */
  g_assert_cmpuint (n_player_rows (start), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (start), "start.add-player", NULL);
  g_assert_cmpuint (n_player_rows (start), ==, 1);
  adw_combo_row_set_selected (variant, 2);                    /* Minefield: 2 */
  g_assert_cmpuint (n_player_rows (start), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (start), "start.add-player", NULL);
  g_assert_cmpuint (n_player_rows (start), ==, 2);
  minefield = g_list_model_get_item (adw_combo_row_get_model (variant), 2);
  g_assert_cmpstr (gtk_string_object_get_string (minefield), ==, "Minefield");

  gtk_editable_set_text (mg_start_window_get_name_row (start), "Mines");
  gtk_editable_set_text (mg_start_window_get_player_row (start, 0), "Black");
  gtk_editable_set_text (mg_start_window_get_player_row (start, 1), "Red");
  gtk_window_set_default_size (GTK_WINDOW (start), 360, 720);
  wait_ms (700);   /* the form folds over the start page */
  save_screenshot (GTK_WIDGET (start), "cricchio-new-variant-360.png");
  click (mg_start_window_get_create_button (start));
  wait_ms (200);
  window = find_campaign_window (MG_APPLICATION (app));
  g_assert_nonnull (window);
  campaign = mg_campaign_window_get_campaign (window);
  g_assert_cmpstr (json_object_get_string (json_object_object_get (mg_campaign_get_ruleset (campaign), "variant")),
                   ==, "minefield");
  page = MG_CHESS_PAGE (mg_campaign_window_get_page (window, "board"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (mg_chess_page_get_part (page, "variant"))), ==,
                   "Variant: Minefield");
  close_campaign_windows (app);   /* the start window closed when the campaign opened */
}

/* Ink in the widget's last row of pixels or its first column: a coordinate cut by its edge. */
static guint
ink_on_edges (GtkWidget *widget)
{
  g_autoptr(GBytes) png = ui_test_png_bytes (widget);
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_bytes (png, NULL);
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) w * h * 4);
  guint n = 0;

  gdk_texture_download (texture, pixels, (gsize) w * 4);   /* cairo ARGB32: alpha last in memory */
  for (int x = 0; x < w; x++)
    n += pixels[((gsize) (h - 1) * w + x) * 4 + 3] != 0;
  for (int y = 0; y < h; y++)
    n += pixels[((gsize) y * w) * 4 + 3] != 0;
  return n;
}

/* The board takes the room its page gives it (issue 33: at 800×800 it was 350 px, blank above
 * and below): stacked over the panel there, beside it at 1400×900, square either way. */
static void
test_board_fills (void)
{
  static const struct { int width, height, at_least; } sizes[] = { { 800, 800, 540 }, { 1400, 900, 800 }, { 360, 720, 300 } };
  MgCampaign *campaign;
  MgCampaignWindow *window;
  MgChessPage *page = open_board ("Fills.db", &campaign, &window);
  GtkWidget *board = GTK_WIDGET (mg_chess_page_get_board (page));

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("cricchio-board-fills-%d.png", sizes[i].width);
      int side;

      gtk_window_set_default_size (GTK_WINDOW (window), sizes[i].width, sizes[i].height);
      wait_ms (600);
      side = MIN (gtk_widget_get_width (board), gtk_widget_get_height (board));
      g_test_message ("%dx%d: the board is %d px", sizes[i].width, sizes[i].height, side);
      save_screenshot (GTK_WIDGET (window), name);
      g_assert_cmpint (side, >=, sizes[i].at_least);
      g_assert_true (gtk_widget_get_mapped (mg_chess_page_get_part (page, "status")));
      /* The files and ranks stand whole in their margins: at 360 px the margin under the board
       * is half a square, and the letters centred lower lost their descenders (g read as q). */
      g_assert_cmpuint (ink_on_edges (board), ==, 0);
    }
  g_object_unref (campaign);
  close_campaign_windows (app);
}

/* The sample's board at 360 and 1400 px, light and dark, to be looked at (issue 32, 33). */
static void
test_screenshots (void)
{
  ui_test_sample_screenshots (app, tmpdir, "cricchio", "board");
}

int
main (int argc, char **argv)
{
  int status;

  app = ui_test_init (&argc, &argv, "cricchio", &tmpdir);
  g_test_add_func ("/ui/cricchio/opening", test_opening);
  g_test_add_func ("/ui/cricchio/keyboard-turn", test_keyboard_turn);
  g_test_add_func ("/ui/cricchio/screenshots", test_screenshots);
  g_test_add_func ("/ui/cricchio/board-fills", test_board_fills);
  g_test_add_func ("/ui/cricchio/melee-prompt", test_melee_prompt);
  g_test_add_func ("/ui/cricchio/new-campaign-variant", test_new_campaign_variant);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-tft-keys.c — a TFT Melee turn played with the keyboard only (issue 32), keys sent through
 * the X server to GTK's focus: A's attack opened from the Fight page by Tab and Space, the dice
 * typed and submitted with Enter, the dialog closed with Escape, the outcome said on the page
 * until the next step, and the turn ended by Tab and Space. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mg-application.h"
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

/* The sample's main page at 360 and 1400 px, light and dark, to be looked at (issue 32, 33). */
/* The arena (issue 46): A moves by real clicks on its counter and on a hex (twice: chosen, then
 * moved), ending in B's rear hex; then a click on B opens A's attack with the +4 from the rear (p. 9)
 * counted before any die. The same by keys: Tab to the arena, arrows, T to turn, Enter. */
static const char * const arena_actions[] = {
  "{\"type\":\"create_figure\",\"figure\":\"A\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
  "{\"type\":\"create_figure\",\"figure\":\"B\",\"kind\":\"human\",\"st\":12,\"dx\":12,\"weapons\":[\"broadsword\"]}",
  "{\"type\":\"start_fight\",\"kind\":\"death\",\"arena\":\"arena_1977\",\"sides\":{\"X\":[\"A\"],\"Y\":[\"B\"]},"
  "\"positions\":{\"A\":{\"hex\":\"D7\",\"facing\":\"N\"},\"B\":{\"hex\":\"G7\",\"facing\":\"NE\"}}}",
  "{\"type\":\"option\",\"figure\":\"B\",\"option\":\"none\"}",
};

/* After A's move: the attacks, and A's attack opened on B from the arena; the dialog's adjusted DX. */
static int
arena_attack_dx (MgTftFightPage *page, MgCampaign *campaign, gboolean keys)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) attacks = json_tokener_parse ("{\"type\":\"attacks\"}");
  MgTftArenaView *arena = mg_tft_fight_page_get_arena (page);
  MgTftAttackDialog *dialog;
  double x, y;
  int dx;

  mg_journal_entry_free (mg_campaign_act (campaign, attacks, &error));
  g_assert_no_error (error);
  wait_ms (300);
  if (keys)
    {
      /* the cursor is on A (F7): one column right is B (G7) */
      g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Right, 0));
      g_assert_cmpstr (mg_tft_arena_view_get_cursor (arena), ==, "G7");
      g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
    }
  else
    {
      g_assert_true (mg_tft_arena_view_hex_point (arena, "G7", &x, &y));
      g_assert_true (ui_test_click_at (GTK_WIDGET (arena), x, y));
    }
  wait_ms (400);
  dialog = mg_tft_fight_page_get_attack_dialog (page);
  g_assert_nonnull (dialog);
  dx = mg_tft_attack_dialog_get_adj_dx (dialog);
  gtk_window_close (GTK_WINDOW (dialog));
  wait_ms (100);
  return dx;
}

static void
test_arena (void)
{
  for (int keys = 0; keys < 2; keys++)
    {
      g_autoptr(MgCampaign) campaign = NULL;
      MgTftFightPage *page = show_fight (keys ? "ArenaKeys" : "Arena", arena_actions, G_N_ELEMENTS (arena_actions), &campaign);
      GtkWidget *w = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (page)));
      MgTftArenaView *arena = mg_tft_fight_page_get_arena (page);
      MgTftFighterRow *row = mg_tft_fight_page_get_fighter (page, "A");
      double x, y;

      g_assert_nonnull (arena);
      if (!ui_test_key (w, GDK_KEY_Shift_L, 0))
        {
          g_test_skip ("input is sent through XTest: needs an X11 display (the tests run under xvfb-run)");
          close_campaign_windows (app);
          return;
        }
      /* A charges (option b: half its MA, then an attack) */
      g_assert_true (mg_tft_fighter_row_choose (row, "b", 0, NULL, NULL));
      gtk_widget_grab_focus (GTK_WIDGET (arena));
      wait_ms (100);
      if (keys)
        {
          /* the cursor from A1: three columns right, six rows down is A's D7; Enter chooses A */
          ui_test_tab_to (GTK_WIDGET (arena), 120);
          g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Down, 0));
          for (int i = 0; i < 3; i++)
            g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Right, 0));
          for (int i = 0; i < 6; i++)
            g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Down, 0));
          g_assert_cmpstr (mg_tft_arena_view_get_cursor (arena), ==, "D7");
          g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
          g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "A");
          for (int i = 0; i < 2; i++)
            g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Right, 0));
          /* T turns the facing of the move: N to NE */
          g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_t, 0));
          g_assert_cmpstr (mg_tft_arena_view_get_facing (arena), ==, "NE");
          g_assert_true (ui_test_key (GTK_WIDGET (arena), GDK_KEY_Return, 0));
        }
      else
        {
          wait_ms (200);
          g_assert_true (mg_tft_arena_view_hex_point (arena, "D7", &x, &y));
          g_assert_true (ui_test_click_at (GTK_WIDGET (arena), x, y));
          g_assert_cmpstr (mg_tft_arena_view_get_selected (arena), ==, "A");
          mg_tft_arena_view_turn (arena, TRUE);        /* the Turn button's: N to NE */
          g_assert_true (mg_tft_arena_view_hex_point (arena, "F7", &x, &y));
          g_assert_true (ui_test_click_at (GTK_WIDGET (arena), x, y));
          g_assert_true (ui_test_click_at (GTK_WIDGET (arena), x, y));
        }
      wait_ms (300);
      /* A stands in F7, facing NE: B (G7, facing NE) has A in its rear hex */
      {
        g_autoptr(json_object) state = mg_state_to_json (mg_campaign_get_state (campaign));
        json_object *figs = json_object_object_get (json_object_object_get (state, "fight"), "figures");
        json_object *a = json_object_array_get_idx (figs, 0);
        g_assert_cmpstr (json_object_get_string (json_object_object_get (a, "hex")), ==, "F7");
        g_assert_cmpstr (json_object_get_string (json_object_object_get (a, "facing")), ==, "NE");
      }
      save_screenshot (w, keys ? "tft-arena-keys.png" : "tft-arena-pointer.png");
      /* adjusted DX 12, +4 from the rear */
      g_assert_cmpint (arena_attack_dx (page, campaign, keys), ==, 16);
      close_campaign_windows (app);
    }
}

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

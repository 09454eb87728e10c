/* test-ui-a11y-keys.c — turns played by keyboard only (XTest keys), the focus read after each step
 * through AT-SPI as a screen reader reads it (issue 44): it is on the referee's next step, never on
 * the header's Undo; Tab presses to each page's main action counted; a result said as an alert. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "a11y-probe.h"
#include "mg-application.h"
#include "mg-json.h"
#include "mg-campaign-window-private.h"
#include "mg-lamame-map-page-private.h"
#include "mg-meeple-page-private.h"
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
  for (n = 0; n < 80; n++)
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
  if (n == 80)
    g_error ("80 Tabs from the %s tab did not reach %s", page_title, what);
  g_print ("| Tabs from the %s tab to %s | %u |\n", page_title, what, n);
  return n;
}

static gboolean
alert_said (const char *text)
{
  json_object *answer = a11y_probe_ask ("events");
  json_object *events = json_object_object_get (answer, "events");
  gboolean found = FALSE;

  for (size_t i = 0; events != NULL && i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);

      if (g_strcmp0 (json_object_get_string (json_object_object_get (e, "kind")), "alert") == 0
          && strstr (json_object_get_string (json_object_object_get (e, "name")), text) != NULL)
        found = TRUE;
    }
  json_object_put (answer);
  return found;
}

static MgCampaignWindow *
show_campaign (const char *game, const char *name, const char * const *actions, guint n, MgCampaign **campaign)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = g_strdup_printf ("%s.db", name);
  g_autofree char *path = g_build_filename (tmpdir, file, NULL);
  const char *players[] = { "Ann", "Bob", NULL };
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

/* Meeple: Red's roll typed; one meeple moved in the pick from the first face to the last, typed;
 * Tab from the last pick counter stops on Choose (it passed it by for the odds, where Enter
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
  ui_test_tab_to (mg_meeple_side_get_roll_button (side), 80);
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

    ui_test_tab_to (first, 80);
    g_assert_true (ui_test_key (w, GDK_KEY_a, GDK_KEY_Control_L));
    g_assert_true (ui_test_type (w, less));
    ui_test_tab_to (last, 20);
    g_assert_true (ui_test_key (w, GDK_KEY_a, GDK_KEY_Control_L));
    g_assert_true (ui_test_type (w, more));
  }
  g_assert_true (ui_test_key (w, GDK_KEY_Tab, 0));
  wait_ms (200);
  assert_focus ("Meeple Tab from the last pick counter", "Choose");
  g_assert_true (ui_test_focus (w) == mg_meeple_side_get_pick_button (side));
  close_campaign_windows (app);
}

/* La Mame's sample: a step's button pressed by Enter; the focus stays on the page's steps (it went
 * back to the Map tab), and what the step resolved is said as an alert. */
static void
test_lamame_step (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) campaign = mg_application_create_sample_for (app, "lamame", tmpdir, &error);
  MgCampaignWindow *window;
  MgLamameMapPage *page;
  GtkWidget *w, *first;

  if (!probing)
    {
      g_test_skip ("no AT-SPI bus");
      return;
    }
  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  w = GTK_WIDGET (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 900);
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
  assert_focus ("La Mame first step", "button");
  g_assert_true (gtk_widget_is_ancestor (ui_test_focus (w), GTK_WIDGET (page)));
  if (gtk_widget_get_visible (page->result_banner))
    g_assert_true (alert_said (gtk_label_get_text (page->result_label)));
  close_campaign_windows (app);
}

int
main (int argc, char *argv[])
{
  int status;
  char *why = NULL;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-a11y-keys", &tmpdir);
  g_test_add_func ("/ui/a11y/tft-turn", test_tft_turn);
  g_test_add_func ("/ui/a11y/meeple-pick", test_meeple_pick);
  g_test_add_func ("/ui/a11y/lamame-step", test_lamame_step);
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

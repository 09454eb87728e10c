/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-meeple-keys.c — a Meeple Melee battle played with the keyboard only (issue 32), keys sent
 * through the X server to GTK's focus: each player's faces shown by Tab and Space, the dice the
 * table rolled typed with S, K and P, rolled and picked by Tab and Space; the roll and the first
 * pick say "✓ entered" and nothing of what was rolled or picked; after the second, the page's banner says who won
 * the battle, in words, until the next step. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "mg-application.h"
#include "ui-test-util.h"
#include "mg-campaign-window-private.h"
#include "mg-meeple-page-private.h"

static MgApplication *app;
static char *tmpdir;

/* The texts of the visible labels under widget, one a line. */
static void
collect_labels (GtkWidget *widget, GString *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_get_mapped (child))
        g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (child)));
      collect_labels (child, out);
    }
}

/* One player's roll and pick, keys only: Show, the faces typed, Roll, Pick (the best pick is
 * offered), then the faces hidden again. */
static void
play_side (GtkWidget *w, MgMeepleSide *side, const char *faces)
{
  ui_test_tab_to (GTK_WIDGET (mg_meeple_side_get_show_button (side)), 80);
  g_assert_true (gtk_widget_has_visible_focus (ui_test_focus (w)));
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (200);
  g_assert_true (gtk_toggle_button_get_active (mg_meeple_side_get_show_button (side)));
  for (const char *f = faces; *f != '\0'; f++)
    g_assert_true (ui_test_key (w, gdk_unicode_to_keyval (*f), 0));
  g_assert_cmpuint (mg_meeple_side_get_n_typed (side), ==, strlen (faces));
  ui_test_tab_to (mg_meeple_side_get_roll_button (side), 80);
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (200);
  g_assert_null (mg_meeple_side_get_message (side));
  /* The second roll moves the table on (both rolled): the faces are hidden again, as every
   * secret is when pending() moves on; Show brings them back for the pick. */
  if (!gtk_toggle_button_get_active (mg_meeple_side_get_show_button (side)))
    {
      ui_test_tab_to (GTK_WIDGET (mg_meeple_side_get_show_button (side)), 80);
      g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
      wait_ms (200);
    }
  g_assert_cmpuint (mg_meeple_side_get_n_faces_held (side), ==, strlen (faces));
  {
    g_autoptr(GString) labels = g_string_new (NULL);

    collect_labels (GTK_WIDGET (side), labels);
    g_assert_nonnull (strstr (labels->str, "✓ roll entered — "));
  }
  ui_test_tab_to (mg_meeple_side_get_pick_button (side), 120);
  g_assert_true (ui_test_key (w, GDK_KEY_space, 0));
  wait_ms (200);
  g_assert_null (mg_meeple_side_get_message (side));
}

static void
test_keyboard_battle (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "Keys.db", NULL);
  const char *players[] = { "Red", "Blue", NULL };
  g_autoptr(MgCampaign) campaign = mg_campaign_create (path, "meeple", "Keys", players, NULL, 3, &error);
  MgCampaignWindow *window;
  MgMeeplePage *page;
  GtkWidget *w;
  g_autoptr(GString) labels = g_string_new (NULL);

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, campaign));
  w = GTK_WIDGET (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  wait_ms (400);
  page = MG_MEEPLE_PAGE (mg_campaign_window_get_page (window, "battle"));
  if (!ui_test_key (w, GDK_KEY_Tab, 0))
    {
      g_test_skip ("keys are sent through XTest: needs an X11 display (the tests run under xvfb-run)");
      close_campaign_windows (app);
      return;
    }
  g_assert_null (mg_meeple_page_get_banner_title (page));

  /* Battle 1, 8 meeples each (the sample's first roll): Red 6 Sweeps and 2 Kicks. */
  play_side (w, mg_meeple_page_get_side (page, 0), "sssssskk");
  g_assert_cmpint (mg_campaign_journal_count (campaign), ==, 2);
  /* Red's pick is entered and not shown: the page says so, and no pick's numbers. */
  collect_labels (GTK_WIDGET (page), labels);
  if (strstr (labels->str, "✓ entered — waiting for Blue’s pick.") == NULL)
    g_error ("no “✓ entered” for Red in:\n%s", labels->str);
  save_screenshot (w, "meeple-keys-entered.png");

  /* Blue 4 Sweeps, 3 Kicks, 1 Punch; both picked, the battle is revealed and told. */
  play_side (w, mg_meeple_page_get_side (page, 1), "sssskkkp");
  g_assert_cmpint (mg_campaign_journal_count (campaign), >=, 4);
  g_assert_nonnull (mg_meeple_page_get_banner_title (page));
  g_test_message ("banner: %s — %s", mg_meeple_page_get_banner_title (page), mg_meeple_page_get_banner_body (page));
  save_screenshot (w, "meeple-keys-battle.png");
  close_campaign_windows (app);
}

/* The sample's main page at 360 and 1400 px, light and dark, to be looked at (issue 32, 33). */
static void
test_screenshots (void)
{
  ui_test_sample_screenshots (app, tmpdir, "meeple", "battle");
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-ui-meeple-keys", &tmpdir);
  g_test_add_func ("/ui/meeple/keyboard-battle", test_keyboard_battle);
  g_test_add_func ("/ui/meeple/screenshots", test_screenshots);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

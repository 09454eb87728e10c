/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-pick.c — issue 32: every control a user sees answers the pointer, at every size and in
 * both styles, on every page of every game and in the dialogs; and real X clicks land. */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>

#include "mg-campaign.h"
#include "mg-campaign-window-private.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

static const struct { int width, height; } sizes[] = { { 360, 720 }, { 800, 600 }, { 1400, 900 } };
static const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };

static MgCampaignWindow *
show_sample (const char *game_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, game_id, tmpdir, &error);

  g_assert_no_error (error);
  return MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
}

/* Each visible page's name, in order. */
static GPtrArray *
page_names (MgCampaignWindow *window)
{
  g_autoptr(GtkSelectionModel) pages =
    adw_view_stack_get_pages (mg_campaign_window_get_view_stack (window));
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint p = 0; p < g_list_model_get_n_items (G_LIST_MODEL (pages)); p++)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), p);

      if (adw_view_stack_page_get_name (page) != NULL && adw_view_stack_page_get_visible (page))
        g_ptr_array_add (names, g_strdup (adw_view_stack_page_get_name (page)));
    }
  return names;
}

/* A page just shown may still be moving (the page switcher slides between header and bottom
 * bar, a flow box lays out again after a resize): what is still covered once it has settled is
 * told and counted. */
static guint
pickable_once_settled (GtkWidget *root, const char *where, guint *checked)
{
  guint ignored = 0;

  if (ui_test_assert_pickable (root, NULL, &ignored) == 0)
    {
      *checked += ignored;
      return 0;
    }
  wait_ms (1000);
  return ui_test_assert_pickable (root, where, checked);
}

/* Every page of every sample, at 360×720, 800×600 and 1400×900, light and dark. */
static void
test_pages (void)
{
  guint n = 0, bad = 0, checked = 0;
  const MgSample *samples = mg_application_samples (&n);
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint i = 0; i < n; i++)
    {
      MgCampaignWindow *window = show_sample (samples[i].game_id);
      AdwViewStack *stack = mg_campaign_window_get_view_stack (window);
      g_autoptr(GPtrArray) names = page_names (window);

      for (guint s = 0; s < G_N_ELEMENTS (schemes); s++)
        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          {
            adw_style_manager_set_color_scheme (style, schemes[s]);
            gtk_window_set_default_size (GTK_WINDOW (window), sizes[z].width, sizes[z].height);
            for (guint p = 0; p < names->len; p++)
              {
                g_autofree char *where = g_strdup_printf ("%s %s %d×%d %s", samples[i].game_id,
                                                          (char *) names->pdata[p], sizes[z].width,
                                                          sizes[z].height, s ? "dark" : "light");

                adw_view_stack_set_visible_child_name (stack, names->pdata[p]);
                /* The switcher's move between header and bottom bar is animated. */
                wait_ms (p == 0 ? 500 : 250);
                bad += pickable_once_settled (GTK_WIDGET (window), where, &checked);
                /* Each game's first page, to be looked at, at 360 and 1400 px in both styles. */
                if (p == 0 && sizes[z].width != 800)
                  {
                    g_autofree char *png = g_strdup_printf ("test-ui-pick-%s-%d-%s.png", samples[i].game_id,
                                                            sizes[z].width, s ? "dark" : "light");

                    save_screenshot (GTK_WIDGET (window), png);
                  }
              }
          }
      close_campaign_windows (app);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_test_message ("%u controls checked, %u covered", checked, bad);
  g_assert_cmpuint (checked, >, 500);
  g_assert_cmpuint (bad, ==, 0);
}

static GList *
toplevels (void)
{
  return g_list_copy (gtk_window_list_toplevels ());
}

/* Windows that `before` did not hold, shown. */
static GPtrArray *
new_windows (GList *before)
{
  GPtrArray *found = g_ptr_array_new ();
  g_autoptr(GList) now = gtk_window_list_toplevels ();

  for (GList *l = now; l != NULL; l = l->next)
    if (g_list_find (before, l->data) == NULL && gtk_widget_get_visible (l->data))
      g_ptr_array_add (found, l->data);
  return found;
}

/* Checks and closes every window opened since `before`; returns how many controls were covered. */
static guint
check_new_windows (GList *before, const char *what, guint *checked, guint *opened)
{
  g_autoptr(GPtrArray) found = NULL;
  guint bad = 0;

  wait_ms (400);
  found = new_windows (before);
  for (guint w = 0; w < found->len; w++)
    {
      g_autofree char *where = NULL;

      /* GTK's own file chooser (behind a GtkFileChooserNative) is answered, not torn down. */
      if (GTK_IS_FILE_CHOOSER (found->pdata[w]))
        {
          gtk_dialog_response (GTK_DIALOG (found->pdata[w]), GTK_RESPONSE_CANCEL);
          g_ptr_array_remove_index (found, w--);
          (*opened)++;
          continue;
        }
      where = g_strdup_printf ("%s (%s)", what, G_OBJECT_TYPE_NAME (found->pdata[w]));

      bad += pickable_once_settled (found->pdata[w], where, checked);
      (*opened)++;
    }
  for (guint w = 0; w < found->len; w++)
    gtk_window_destroy (found->pdata[w]);
  wait_ms (100);
  return bad;
}

/* A button that opens a dialog says so with an ellipsis (GNOME's convention). */
static void
collect_dialog_buttons (GtkWidget *w, GPtrArray *out)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_NATIVE (c) || !gtk_widget_get_mapped (c))
        continue;
      if (GTK_IS_BUTTON (c) && !GTK_IS_TOGGLE_BUTTON (c) && gtk_widget_is_sensitive (c))
        {
          const char *label = gtk_button_get_label (GTK_BUTTON (c));
          const char *tip = gtk_widget_get_tooltip_text (c);

          if ((label != NULL && g_str_has_suffix (label, "…")) || (tip != NULL && g_str_has_suffix (tip, "…")))
            g_ptr_array_add (out, c);
        }
      collect_dialog_buttons (c, out);
    }
}

/* The window's dialogs (export, new session, shortcuts, players' display) and each page's
 * buttons that open one, at 800×600 in both styles; and the start window. */
static void
test_dialogs (void)
{
  static const char *actions[] = { "win.export", "win.new-session", "win.show-help-overlay", "win.players-display" };
  guint n = 0, bad = 0, checked = 0, opened = 0;
  const MgSample *samples = mg_application_samples (&n);
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint s = 0; s < G_N_ELEMENTS (schemes); s++)
    {
      adw_style_manager_set_color_scheme (style, schemes[s]);
      /* The start window, its New Campaign form and the About window. */
      for (guint a = 0; a < 3; a++)
        {
          static const char *app_actions[] = { "start", "new-campaign", "about" };
          g_autoptr(GList) before = toplevels ();

          g_action_group_activate_action (G_ACTION_GROUP (app), app_actions[a], NULL);
          bad += check_new_windows (before, app_actions[a], &checked, &opened);
        }
      for (guint i = 0; i < n; i++)
        {
          MgCampaignWindow *window = show_sample (samples[i].game_id);
          AdwViewStack *stack = mg_campaign_window_get_view_stack (window);
          g_autoptr(GPtrArray) names = page_names (window);

          gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
          wait_ms (300);
          for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
            {
              g_autoptr(GList) before = toplevels ();
              g_autofree char *what = g_strdup_printf ("%s %s", samples[i].game_id, actions[a]);

              g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[a], NULL));
              bad += check_new_windows (before, what, &checked, &opened);
            }
          for (guint p = 0; p < names->len; p++)
            {
              g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

              adw_view_stack_set_visible_child_name (stack, names->pdata[p]);
              wait_ms (250);
              collect_dialog_buttons (GTK_WIDGET (window), buttons);
              for (guint b = 0; b < buttons->len; b++)
                {
                  g_autoptr(GList) before = toplevels ();
                  g_autofree char *desc = ui_test_describe (buttons->pdata[b]);
                  g_autofree char *what = g_strdup_printf ("%s %s, %s", samples[i].game_id,
                                                           (char *) names->pdata[p], desc);

                  if (!gtk_widget_get_mapped (buttons->pdata[b]))
                    continue;
                  click (buttons->pdata[b]);
                  bad += check_new_windows (before, what, &checked, &opened);
                }
            }
          close_campaign_windows (app);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_test_message ("%u dialogs opened, %u controls checked, %u covered", opened, checked, bad);
  g_assert_cmpuint (opened, >=, 20);
  g_assert_cmpuint (bad, ==, 0);
}

/* The page switcher's button for the page titled `title`, in the header bar's switcher. */
static GtkWidget *
switcher_button (GtkWidget *w, const char *title)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (!gtk_widget_get_mapped (c))
        continue;
      if (GTK_IS_TOGGLE_BUTTON (c) && g_object_class_find_property (G_OBJECT_GET_CLASS (c), "label") != NULL)
        {
          g_autofree char *label = NULL;

          g_object_get (c, "label", &label, NULL);
          if (g_strcmp0 (label, title) == 0)
            return c;
        }
      if ((found = switcher_button (c, title)) != NULL)
        return found;
    }
  return NULL;
}

/* A real click on `button` opens one window, which is then closed. */
static void
x_click_opens_window (GtkWidget *button)
{
  g_autoptr(GList) before = toplevels ();
  g_autoptr(GPtrArray) opened = NULL;

  g_assert_true (ui_test_x_click (button));
  wait_ms (300);
  opened = new_windows (before);
  g_assert_cmpuint (opened->len, ==, 1);
  gtk_window_destroy (opened->pdata[0]);
}

/* Real X input: for every game, the page switcher, Undo and Redo are clicked where they are
 * drawn, through the X server, and do what they say; TFT's New Figure (+) in the strip under the
 * header bar opens its dialog; the export button opens the export dialog. */
static void
test_x_clicks (void)
{
  guint n = 0;
  const MgSample *samples = mg_application_samples (&n);

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("real input needs an X display (Xvfb)");
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      MgCampaignWindow *window = show_sample (samples[i].game_id);
      MgCampaign *campaign = mg_campaign_window_get_campaign (window);
      AdwViewStack *stack = mg_campaign_window_get_view_stack (window);
      GtkWidget *journal, *undo, *redo, *export;

      gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
      gtk_window_present (GTK_WINDOW (window));
      wait_ms (600);
      journal = switcher_button (GTK_WIDGET (window), _("Journal"));
      g_assert_nonnull (journal);
      g_assert_true (ui_test_x_click (journal));
      g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "journal");

      undo = ui_test_find_by_tooltip (GTK_WIDGET (window), _("Undo (Ctrl+Z)"));
      redo = ui_test_find_by_tooltip (GTK_WIDGET (window), _("Redo (Shift+Ctrl+Z)"));
      g_assert_nonnull (undo);
      g_assert_nonnull (redo);
      g_assert_true (mg_campaign_can_undo (campaign));
      g_assert_false (mg_campaign_can_redo (campaign));
      g_assert_true (ui_test_x_click (undo));
      g_assert_true (mg_campaign_can_redo (campaign));
      g_assert_true (ui_test_x_click (redo));
      g_assert_false (mg_campaign_can_redo (campaign));

      export = ui_test_find_by_tooltip (GTK_WIDGET (window), _("Export (Ctrl+E)"));
      g_assert_nonnull (export);
      x_click_opens_window (export);

      if (g_str_equal (samples[i].game_id, "tft"))
        {
          GtkWidget *plus;

          adw_view_stack_set_visible_child_name (stack, "roster");
          wait_ms (400);
          plus = ui_test_find_by_tooltip (GTK_WIDGET (window), "New Figure");
          g_assert_nonnull (plus);
          x_click_opens_window (plus);
        }
      close_campaign_windows (app);
    }
}

int
main (int argc, char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv, "melee-gm-pick", &tmpdir);
  g_test_add_func ("/pick/pages", test_pages);
  g_test_add_func ("/pick/dialogs", test_dialogs);
  g_test_add_func ("/pick/x-clicks", test_x_clicks);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

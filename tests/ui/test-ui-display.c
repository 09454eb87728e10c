/* test-ui-display.c — issue 33.1 and 33.3 on a 1920×1080 screen (its own Xvfb screen, see
 * meson.build): every game's players' display, from its sample played to its end and taken
 * back to half-way, must show its key figures (labels of style class "display-key") at 32 px
 * or more and give its picture at least 0.6 of the window; and the Journal shows summaries
 * whole (wrapped, never ellipsized) at 360 and 1400 px, and no secret already told as hidden. Screenshots of each, light and dark,
 * in the language the test runs in (registered twice: English, and French as ui-display-fr). */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-journal-model.h"
#include "mg-journal-page.h"
#include "mg-players-display.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

/* The size a label's text is drawn at, in px (GTK 4 gives CSS sizes to Pango as absolute). */
static double
label_px (GtkWidget *label)
{
  PangoContext *context = gtk_widget_get_pango_context (label);
  const PangoFontDescription *font = pango_context_get_font_description (context);
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * 96.0 / 72.0;
}

/* The smallest key figure shown under widget, and how many there are. */
static void
smallest_key (GtkWidget *widget, double *smallest, guint *count)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "display-key")
      && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    {
      *smallest = MIN (*smallest, label_px (widget));
      (*count)++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    smallest_key (c, smallest, count);
}

static const char *
language (void)
{
  return g_str_has_prefix (_("Journal"), "Journal") && g_strcmp0 (_("What happened"), "What happened") == 0
         ? "en" : "fr";
}

/* Checks and photographs the display as it is now; `when`: "end" or "mid". */
static void
check_display (MgCampaignWindow *window, MgPlayersDisplay *display, const char *game, const char *when)
{
  GtkWidget *picture = mg_players_display_get_picture (display);
  double smallest = G_MAXDOUBLE, fraction;
  guint count = 0;
  int width = gtk_widget_get_width (GTK_WIDGET (display)), height = gtk_widget_get_height (GTK_WIDGET (display));

  smallest_key (picture, &smallest, &count);
  fraction = (double) gtk_widget_get_width (picture) * gtk_widget_get_height (picture) / ((double) width * height);
  g_test_message ("%s (%s, %s): %d×%d, %u key figures, smallest %.1f px, picture %.2f of the window",
                  game, when, language (), width, height, count, smallest, fraction);
  /* The window's own frame (no window manager) takes a few pixels of the screen. */
  g_assert_cmpint (width, >=, 1900);
  g_assert_cmpint (height, >=, 1060);
  g_assert_cmpuint (count, >, 0);
  g_assert_cmpfloat (smallest, >=, 32);
  g_assert_cmpfloat (fraction, >=, 0.6);
  /* Nothing but plain words: no JSON. */
  {
    g_autofree char *text = mg_players_display_get_text (display);

    g_assert_null (strstr (text, "{"));
  }
  for (guint dark = 0; dark < 2; dark++)
    {
      g_autofree char *name = g_strdup_printf ("display-%s-%s-%s-%s.png", game, when, language (),
                                               dark ? "dark" : "light");

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      /* The names' colours are chosen for the background when drawn: draw again. */
      wait_ms (100);
      {
        /* "Everything changed": no game's events, no declarations. */
        g_autoptr(MgTableChange) everything = mg_table_change_from_events (NULL, NULL);

        g_signal_emit_by_name (mg_campaign_window_get_table_state (window), "changed", everything);
      }
      wait_ms (300);
      save_screenshot (GTK_WIDGET (display), name);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
}

static void
test_display (gconstpointer data)
{
  const char *game = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, game, tmpdir, &error);
  MgCampaignWindow *window;
  MgPlayersDisplay *display;
  gint64 n;

  g_assert_no_error (error);
  window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
  /* As Ctrl+Shift+D opens it, at the screen's size: there is no window manager under Xvfb to
   * make it full screen. */
  display = mg_players_display_new (mg_campaign_window_get_table_state (window));
  gtk_window_set_default_size (GTK_WINDOW (display), 1920, 1080);
  gtk_window_present (GTK_WINDOW (display));
  wait_ms (500);
  check_display (window, display, game, "end");

  /* Half the sample taken back: the display follows, still as large. */
  n = mg_campaign_journal_count (c);
  g_assert_true (mg_campaign_undo (c, (guint) (n / 2), NULL, &error));
  g_assert_no_error (error);
  wait_ms (300);
  check_display (window, display, game, "mid");
  gtk_window_destroy (GTK_WINDOW (display));
  close_campaign_windows (app);
}

/* Each summary has the height its whole text needs at its width: nothing is cut. */
static void
count_cut_summaries (GtkWidget *widget, guint *summaries, guint *cut)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (gtk_widget_has_css_class (widget, "journal-summary"))
    {
      int min = 0, nat = 0;

      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (widget), &min, &nat, NULL, NULL);
      (*summaries)++;
      if (gtk_widget_get_height (widget) < min || (GTK_IS_LABEL (widget) && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)))))
        (*cut)++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    count_cut_summaries (c, summaries, cut);
}

static void
test_journal_whole (void)
{
  static const int widths[] = { 360, 1400 };
  static const char *const games[] = { "lamame", "meeple" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, games[g], tmpdir, &error);
        g_autofree char *name = g_strdup_printf ("journal-%s-%d-%s.png", games[g], widths[w], language ());
        MgCampaignWindow *window;
        guint labels = 0, cut = 0;

        g_assert_no_error (error);
        window = MG_CAMPAIGN_WINDOW (mg_application_show_campaign (app, c));
        gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 900);
        adw_view_stack_set_visible_child_name (mg_campaign_window_get_view_stack (window), "journal");
        wait_ms (600);
        count_cut_summaries (GTK_WIDGET (window), &labels, &cut);
        g_test_message ("Journal of %s at %d px: %u summaries shown, %u cut", games[g], widths[w], labels, cut);
        g_assert_cmpuint (labels, >, 5);
        g_assert_cmpuint (cut, ==, 0);
        save_screenshot (GTK_WIDGET (window), name);
        close_campaign_windows (app);
      }
}

/* 33.3: a secret without dice (La Mame's bids and cards, entered on the device) is told by the
 * public summaries once revealed; its row never says "Hidden until the turn ends", even in the
 * turn still being played (the sample ends in turn 5, whose bids and cards were secret). */
static void
test_journal_secrets_told (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) c = mg_application_create_sample_for (app, "lamame", tmpdir, &error);
  g_autoptr(MgJournalModel) model = NULL;
  guint n, hidden = 0;

  g_assert_no_error (error);
  model = mg_journal_model_new (c);
  n = g_list_model_get_n_items (G_LIST_MODEL (model));
  g_assert_cmpuint (n, >, 20);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MgJournalItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      if (g_strcmp0 (mg_journal_item_get_dice (item), _("Hidden until the turn ends")) == 0)
        {
          g_test_message ("row %u (turn %d) hidden: %s", i + 1, mg_journal_item_get_turn (item),
                          mg_journal_item_get_summary (item));
          hidden++;
        }
    }
  g_assert_cmpuint (hidden, ==, 0);
}

int
main (int argc, char **argv)
{
  guint n = 0;
  const MgSample *samples;
  int status;

  /* As main.c does, with the catalogue built in the tree (MG_LOCALEDIR, set by meson). */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR") != NULL ? g_getenv ("MG_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  app = ui_test_init (&argc, &argv, "mg-ui-display", &tmpdir);
  samples = mg_application_samples (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("/ui/display/%s", samples[i].game_id);

      g_test_add_data_func (path, samples[i].game_id, test_display);
    }
  g_test_add_func ("/ui/display/journal-whole", test_journal_whole);
  g_test_add_func ("/ui/display/journal-secrets-told", test_journal_secrets_told);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

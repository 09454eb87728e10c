/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-display.c — issue 33.1, 33.3 and 45.1 on a 1920×1080 screen (its own Xvfb screen, see
 * meson.build): every game's players' display, from its sample played to its end and taken
 * back to half-way, measured as drawn: every text on it (GTK's text nodes, and every layout or
 * string the drawing widgets draw with cairo, caught on its way to Pango or cairo) has a cap
 * height of 20 px or more, its key figures (labels of style class "display-key") 28 px or more,
 * and the game's picture fills at least 0.7 of the screen; and the Journal shows summaries
 * whole (wrapped, never ellipsized) at 360 and 1400 px, and no secret already told as hidden.
 * Screenshots of each, light and dark, in the language the test runs in (registered twice:
 * English, and French as ui-display-fr). */
#include "config.h"

#include <adwaita.h>
#include <dlfcn.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-journal-model.h"
#include "mg-journal-page.h"
#include "mg-players-display.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

#define MIN_CAP 20.0   /* px: the cap height of any text that matters, at 1920×1080 */
#define KEY_CAP 28.0   /* px: the key figures' */

/* What the drawing widgets draw with cairo while the test listens: each text and its cap
 * height in px, as drawn (the cairo context's transform applied). */
typedef struct
{
  char   *text;
  double  cap;
} Drawn;

static GPtrArray *drawn;

static void
drawn_free (gpointer data)
{
  g_free (((Drawn *) data)->text);
  g_free (data);
}

static void
drawn_add (cairo_t *cr, const char *text, double cap)
{
  Drawn *d = g_new0 (Drawn, 1);
  double dx = 0, dy = cap;

  cairo_user_to_device_distance (cr, &dx, &dy);
  d->text = g_strdup (text);
  d->cap = hypot (dx, dy);
  g_ptr_array_add (drawn, d);
}

/* The height of "H" in a layout's font, in its user units. */
static double
layout_cap (PangoLayout *layout)
{
  g_autoptr(PangoLayout) h = pango_layout_new (pango_layout_get_context (layout));
  PangoRectangle ink;

  if (pango_layout_get_font_description (layout) != NULL)
    pango_layout_set_font_description (h, pango_layout_get_font_description (layout));
  pango_layout_set_text (h, "H", -1);
  pango_layout_get_extents (h, &ink, NULL);
  return ink.height / (double) PANGO_SCALE;
}

/* Caught on their way from the app's drawing code (linked into this program) to Pango and
 * cairo: the real function is called after the text is measured. */
void
pango_cairo_show_layout (cairo_t *cr, PangoLayout *layout)
{
  static void (*real) (cairo_t *, PangoLayout *);

  if (real == NULL)
    real = (void (*) (cairo_t *, PangoLayout *)) dlsym (RTLD_NEXT, "pango_cairo_show_layout");
  if (drawn != NULL && pango_layout_get_text (layout)[0] != '\0')
    drawn_add (cr, pango_layout_get_text (layout), layout_cap (layout));
  real (cr, layout);
}

void
cairo_show_text (cairo_t *cr, const char *utf8)
{
  static void (*real) (cairo_t *, const char *);

  if (real == NULL)
    real = (void (*) (cairo_t *, const char *)) dlsym (RTLD_NEXT, "cairo_show_text");
  if (drawn != NULL && utf8 != NULL && utf8[0] != '\0')
    {
      cairo_text_extents_t extents;

      cairo_text_extents (cr, "H", &extents);
      drawn_add (cr, utf8, extents.height);
    }
  real (cr, utf8);
}

/* How much larger than its own units a widget is drawn in the window. */
static double
drawn_scale (GtkWidget *widget, GtkWidget *root)
{
  graphene_rect_t bounds;

  if (gtk_widget_get_width (widget) <= 0 || !gtk_widget_compute_bounds (widget, root, &bounds))
    return 1;
  return bounds.size.width / gtk_widget_get_width (widget);
}

/* The smallest cap height of GTK's text nodes under node (scale: the transforms above it). */
static void
smallest_text_node (GskRenderNode *node, double scale, PangoContext *context, double *smallest, guint *count)
{
  GskRenderNode *children[2] = { NULL, NULL };

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        smallest_text_node (gsk_container_node_get_child (node, i), scale, context, smallest, count);
      return;
    case GSK_TRANSFORM_NODE:
      {
        float xx, yx, xy, yy, dx, dy;

        gsk_transform_to_2d (gsk_transform_node_get_transform (node), &xx, &yx, &xy, &yy, &dx, &dy);
        smallest_text_node (gsk_transform_node_get_child (node), scale * sqrt (fabs (xx * yy - xy * yx)),
                            context, smallest, count);
        return;
      }
    case GSK_TEXT_NODE:
      {
        PangoFontDescription *font = pango_font_describe_with_absolute_size (gsk_text_node_get_font (node));
        g_autoptr(PangoLayout) layout = pango_layout_new (context);

        pango_layout_set_font_description (layout, font);
        pango_font_description_free (font);
        *smallest = MIN (*smallest, layout_cap (layout) * scale);
        (*count)++;
        return;
      }
    case GSK_CLIP_NODE: children[0] = gsk_clip_node_get_child (node); break;
    case GSK_ROUNDED_CLIP_NODE: children[0] = gsk_rounded_clip_node_get_child (node); break;
    case GSK_OPACITY_NODE: children[0] = gsk_opacity_node_get_child (node); break;
    case GSK_COLOR_MATRIX_NODE: children[0] = gsk_color_matrix_node_get_child (node); break;
    case GSK_SHADOW_NODE: children[0] = gsk_shadow_node_get_child (node); break;
    case GSK_BLUR_NODE: children[0] = gsk_blur_node_get_child (node); break;
    case GSK_DEBUG_NODE: children[0] = gsk_debug_node_get_child (node); break;
    case GSK_REPEAT_NODE: children[0] = gsk_repeat_node_get_child (node); break;
    case GSK_BLEND_NODE:
      children[0] = gsk_blend_node_get_bottom_child (node);
      children[1] = gsk_blend_node_get_top_child (node);
      break;
    case GSK_CROSS_FADE_NODE:
      children[0] = gsk_cross_fade_node_get_start_child (node);
      children[1] = gsk_cross_fade_node_get_end_child (node);
      break;
    default:
      return;
    }
  for (guint i = 0; i < 2 && children[i] != NULL; i++)
    smallest_text_node (children[i], scale, context, smallest, count);
}

/* The smallest key figure's cap height as drawn under widget, and how many there are. */
static void
smallest_key (GtkWidget *widget, GtkWidget *root, double *smallest, guint *count)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "display-key")
      && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    {
      *smallest = MIN (*smallest, layout_cap (gtk_label_get_layout (GTK_LABEL (widget))) * drawn_scale (widget, root));
      (*count)++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    smallest_key (c, root, smallest, count);
}

static void
queue_draw_all (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    queue_draw_all (c);
}

/* Draws the display again while listening to cairo: the smallest text its drawing widgets
 * drew (scaled as they are in the window) and how many. */
static void
smallest_cairo_text (GtkWidget *display, double *smallest, guint *count)
{
  GtkWidget *main = mg_players_display_get_state_widget (MG_PLAYERS_DISPLAY (display));
  double scale = drawn_scale (main, display);

  drawn = g_ptr_array_new_with_free_func (drawn_free);
  queue_draw_all (display);
  wait_ms (400);
  for (guint i = 0; i < drawn->len; i++)
    {
      Drawn *d = g_ptr_array_index (drawn, i);

      if (d->cap * scale < *smallest)
        g_test_message ("smallest so far drawn by cairo: \"%s\", cap height %.1f px", d->text, d->cap * scale);
      *smallest = MIN (*smallest, d->cap * scale);
    }
  *count = drawn->len;
  g_clear_pointer (&drawn, g_ptr_array_unref);
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
  GtkWidget *main = mg_players_display_get_state_widget (display);
  double key = G_MAXDOUBLE, text = G_MAXDOUBLE, drawn_text = G_MAXDOUBLE, fraction, main_fraction;
  guint keys = 0, texts = 0, drawn_texts = 0;
  int width = gtk_widget_get_width (GTK_WIDGET (display)), height = gtk_widget_get_height (GTK_WIDGET (display));
  graphene_rect_t bounds, main_bounds;

  smallest_key (picture, GTK_WIDGET (display), &key, &keys);
  {
    int w, h;
    g_autoptr(GskRenderNode) node = widget_node (GTK_WIDGET (display), &w, &h);

    smallest_text_node (node, 1, gtk_widget_get_pango_context (GTK_WIDGET (display)), &text, &texts);
  }
  smallest_cairo_text (GTK_WIDGET (display), &drawn_text, &drawn_texts);
  g_assert_true (gtk_widget_compute_bounds (picture, GTK_WIDGET (display), &bounds));
  g_assert_true (gtk_widget_compute_bounds (main, GTK_WIDGET (display), &main_bounds));
  /* Of the screen, 1920×1080 (the window's frame, without a window manager, takes a few px). */
  fraction = bounds.size.width * bounds.size.height / (1920.0 * 1080.0);
  main_fraction = main_bounds.size.width * main_bounds.size.height / (1920.0 * 1080.0);
  g_test_message ("%s (%s, %s): %d×%d; cap heights: key figures %.1f px (%u), GTK's text %.1f px (%u), "
                  "drawn text %.1f px (%u); picture %.2f of the screen, its map or board %.2f",
                  game, when, language (), width, height, key, keys, text, texts,
                  drawn_texts > 0 ? drawn_text : 0, drawn_texts, fraction, main_fraction);
  g_assert_cmpint (width, >=, 1900);
  g_assert_cmpint (height, >=, 1060);
  g_assert_cmpuint (texts, >, 0);
  /* A game's rules for its display (docs/adding-a-game.md, section 3), each failure naming the fix. */
  if (keys == 0 || key < KEY_CAP)
    g_error ("%s: the players' display has %u key figures, the smallest with a cap height of %.1f px (at least "
             "one, of %.0f px or more, wanted). Fix: make the figures read across the room with "
             "mg_players_display_key_new () or the style class display-key (40 px)", game, keys, key, KEY_CAP);
  if (text < MIN_CAP || drawn_text < MIN_CAP)
    g_error ("%s: a text of the players' display has a cap height of %.1f px, under %.0f px. Fix: no text under "
             "30 px there (.players-display in ui/style.css or the game's ui/%s/%s.css; for a drawn map, "
             "mg_area_map_set_far)", game, MIN (text, drawn_text), MIN_CAP, game, game);
  if (fraction < 0.7)
    g_error ("%s: the game's picture covers %.2f of the players' display, under 0.7. Fix: let it expand "
             "(hexpand and vexpand) in the room the heading and the last line leave", game, fraction);
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

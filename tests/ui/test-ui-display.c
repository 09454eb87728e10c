/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-display.c — issue 33.1, 33.3 and 45.1: every game's players' display, from its sample
 * played to its end and taken back to half-way, measured as drawn in a 1920×1080 window (and in
 * English at 1280×720 and 3840×2160, scaled in proportion): every text on it (GTK's text nodes,
 * and every layout or string the drawing widgets draw with cairo, caught on its way to Pango or
 * cairo) has a cap height of 20 px or more, its key figures (labels of style class
 * "display-key") 28 px or more, the game's map or tracks as drawn (not the standings) cover at
 * least 0.7 of the screen, a square board's drawn squares (not its widget) at least 0.9 of the
 * picture's height (a square on 16:9 cannot cover 0.7), the standings laid over a map cover none of its names,
 * tokens or areas, a map's rivers are named and its lands' names drawn whole (never their
 * initials), and nothing scrolls; and the Journal shows summaries whole (wrapped, never
 * ellipsized) at 360 and 1400 px, and no secret already told as hidden. Screenshots of each,
 * in the language the test runs in (registered twice: English, and French as ui-display-fr). */
#include "config.h"

#include <adwaita.h>
#include <dlfcn.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "mg-application.h"
#include "mg-area-map.h"
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

/* Whether a drawn string is text to read: a letter or a figure in it (a mark such as Cricchio's
 * mine "✸" or its water's "~" is a picture). */
static gboolean
is_words (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_isalnum (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

static void
drawn_add (cairo_t *cr, const char *text, double cap)
{
  Drawn *d;
  double dx = 0, dy = cap;

  if (!is_words (text))
    return;
  d = g_new0 (Drawn, 1);

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

/* How many of a drawn map's rivers (its model's "waters", named on it or in its legend) or
 * lands ("areas") do not have their label drawn whole (on one line or two): a river unnamed, a
 * land's name shortened to its initials ("Thornfield" drawn "Tho."). */
static guint
undrawn_labels (GtkWidget *display, GPtrArray *texts, const char *member, const char *what)
{
  GtkWidget *picture = mg_players_display_get_picture (MG_PLAYERS_DISPLAY (display));
  MgAreaMap *map = g_object_get_data (G_OBJECT (picture), "mg-display-map");
  json_object *list = NULL;
  guint undrawn = 0;

  if (map == NULL || !json_object_object_get_ex (mg_area_map_get_model (map), member, &list))
    return 0;
  for (gsize i = 0; i < json_object_array_length (list); i++)
    {
      json_object *label = NULL;
      gboolean whole = FALSE;

      if (!json_object_object_get_ex (json_object_array_get_idx (list, i), "label", &label))
        continue;
      for (guint k = 0; k < texts->len && !whole; k++)
        {
          g_autofree char *drawn_text = g_strdup (((Drawn *) g_ptr_array_index (texts, k))->text);

          g_strdelimit (drawn_text, "\n", ' ');
          whole = g_strcmp0 (drawn_text, json_object_get_string (label)) == 0;
        }
      g_test_message ("%s %s: %s", what, json_object_get_string (label), whole ? "drawn whole" : "not drawn whole");
      undrawn += !whole;
    }
  return undrawn;
}

/* Draws the display again while listening to cairo: the smallest text its drawing widgets
 * drew (scaled as they are in the window) and how many. */
static void
smallest_cairo_text (GtkWidget *display, double *smallest, guint *count)
{
  GtkWidget *main = mg_players_display_get_state_widget (MG_PLAYERS_DISPLAY (display));
  double scale = drawn_scale (main, display);
  g_autoptr(GList) windows = gtk_window_list_toplevels ();

  /* Only the display drawn while listening: the referee's window hidden meanwhile. */
  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != display && gtk_widget_get_visible (l->data))
      gtk_widget_set_visible (l->data, FALSE);
    else
      l->data = NULL;
  drawn = g_ptr_array_new_with_free_func (drawn_free);
  /* Everything drawn again, what a widget keeps drawn from frame to frame (Cricchio's board)
   * too: its colours change with the scheme. */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  queue_draw_all (display);
  wait_ms (300);
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  queue_draw_all (display);
  wait_ms (300);
  for (guint i = 0; i < drawn->len; i++)
    {
      Drawn *d = g_ptr_array_index (drawn, i);

      if (d->cap * scale < *smallest)
        g_test_message ("smallest so far drawn by cairo: \"%s\", cap height %.1f px", d->text, d->cap * scale);
      *smallest = MIN (*smallest, d->cap * scale);
    }
  *count = drawn->len;
  g_assert_cmpuint (undrawn_labels (display, drawn, "waters", "river"), ==, 0);
  g_assert_cmpuint (undrawn_labels (display, drawn, "areas", "land"), ==, 0);
  g_clear_pointer (&drawn, g_ptr_array_unref);
  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != NULL)
      gtk_widget_set_visible (l->data, TRUE);
}

static const char *
language (void)
{
  return g_str_has_prefix (_("Journal"), "Journal") && g_strcmp0 (_("What happened"), "What happened") == 0
         ? "en" : "fr";
}

/* Whatever the standings laid over a drawn map (La Mame's, MecaKnights') cover of it: its
 * areas' names, tokens and centres. Returns how many. */
static guint
side_covers_map (GtkWidget *picture)
{
  MgAreaMap *map = g_object_get_data (G_OBJECT (picture), "mg-display-map");
  GtkWidget *side = g_object_get_data (G_OBJECT (picture), "mg-display-side");
  json_object *model, *list;
  graphene_rect_t card, rect;
  guint covered = 0, n_tokens;

  if (map == NULL || side == NULL || !gtk_widget_compute_bounds (side, GTK_WIDGET (map), &card))
    return 0;
  model = mg_area_map_get_model (map);
  list = json_object_object_get_ex (model, "areas", &list) ? list : NULL;
  for (gsize i = 0; list != NULL && i < json_object_array_length (list); i++)
    {
      json_object *id = NULL;
      double x, y;

      json_object_object_get_ex (json_object_array_get_idx (list, i), "id", &id);
      if (mg_area_map_name_rect (map, json_object_get_string (id), &rect) && graphene_rect_intersection (&card, &rect, NULL))
        covered++;
      if (mg_area_map_area_position (map, json_object_get_string (id), &x, &y)
          && graphene_rect_contains_point (&card, &GRAPHENE_POINT_INIT (x, y)))
        covered++;
    }
  n_tokens = json_object_object_get_ex (model, "tokens", &list) ? json_object_array_length (list) : 0;
  for (guint t = 0; t < n_tokens; t++)
    if (mg_area_map_token_rect (map, t, &rect) && graphene_rect_intersection (&card, &rect, NULL))
      covered++;
  return covered;
}

/* Whether the picture shows whole in its room (no scrolling needed to see it all). */
static gboolean
picture_whole (GtkWidget *picture)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (picture, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj[2];

  if (scrolled == NULL)
    return TRUE;
  adj[0] = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scrolled));
  adj[1] = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  for (guint i = 0; i < 2; i++)
    if (gtk_adjustment_get_upper (adj[i]) - gtk_adjustment_get_lower (adj[i]) > gtk_adjustment_get_page_size (adj[i]) + 1)
      return FALSE;
  return TRUE;
}

/* How many of the display's heading, pending and last lines are drawn over `board`. */
static guint
lines_over (GtkWidget *widget, GtkWidget *display, const graphene_rect_t *board)
{
  static const char *const classes[] = { "display-title", "display-pending", "display-last", "display-dice" };
  graphene_rect_t bounds;
  guint over = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    if (gtk_widget_has_css_class (widget, classes[i]) && gtk_widget_compute_bounds (widget, display, &bounds)
        && graphene_rect_intersection (&bounds, board, NULL))
      {
        g_test_message ("\"%s\" is drawn over the board", gtk_label_get_text (GTK_LABEL (widget)));
        over++;
      }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    over += lines_over (c, display, board);
  return over;
}

/* What was measured on one display. */
typedef struct
{
  double key, text, coverage, card;
} Measured;

/* Checks the display as it is now on a screen of `screen_w`×`screen_h` px: the cap heights of
 * its texts (scaled with the screen, from 20 and 28 px at 1920×1080) and how much of the screen
 * the game's map, board or tracks cover. */
static Measured
measure_display (MgPlayersDisplay *display, const char *game, const char *when, int screen_w, int screen_h)
{
  GtkWidget *picture = mg_players_display_get_picture (display);
  GtkWidget *side = g_object_get_data (G_OBJECT (picture), "mg-display-side");
  double key = G_MAXDOUBLE, text = G_MAXDOUBLE, drawn_text = G_MAXDOUBLE;
  double scale = MIN (screen_w / 1920.0, screen_h / 1080.0);
  guint keys = 0, texts = 0, drawn_texts = 0, covered;
  int width = gtk_widget_get_width (GTK_WIDGET (display)), height = gtk_widget_get_height (GTK_WIDGET (display));
  graphene_rect_t main_bounds, picture_bounds, side_bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gboolean square;
  Measured m;

  smallest_key (picture, GTK_WIDGET (display), &key, &keys);
  {
    int w, h;
    g_autoptr(GskRenderNode) node = widget_node (GTK_WIDGET (display), &w, &h);

    smallest_text_node (node, 1, gtk_widget_get_pango_context (GTK_WIDGET (display)), &text, &texts);
  }
  smallest_cairo_text (GTK_WIDGET (display), &drawn_text, &drawn_texts);
  /* The map, board or tracks as drawn (a square board: its squares, not its widget's room). */
  g_assert_true (mg_players_display_get_drawn_bounds (display, &main_bounds));
  g_assert_true (gtk_widget_compute_bounds (picture, GTK_WIDGET (display), &picture_bounds));
  square = fabs (main_bounds.size.width - main_bounds.size.height) < 2;
  if (side == NULL || !gtk_widget_compute_bounds (side, GTK_WIDGET (display), &side_bounds))
    side_bounds = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  /* Of the screen (the window's frame, without a window manager, takes a few px). */
  m.coverage = main_bounds.size.width * main_bounds.size.height / ((double) screen_w * screen_h);
  m.card = graphene_rect_intersection (&main_bounds, &side_bounds, &side_bounds)
           ? side_bounds.size.width * side_bounds.size.height / ((double) screen_w * screen_h) : 0;
  m.key = key;
  m.text = MIN (text, drawn_text);
  covered = side_covers_map (picture);
  g_test_message ("%s (%s, %s) on %d×%d: %d×%d; cap heights: key figures %.1f px (%u), GTK's text %.1f px (%u), "
                  "drawn text %.1f px (%u); its map, board or tracks %.2f of the screen (the standings over it %.2f)",
                  game, when, language (), screen_w, screen_h, width, height, key, keys, text, texts,
                  drawn_texts > 0 ? drawn_text : 0, drawn_texts, m.coverage, m.card);
  g_assert_cmpint (width, >=, screen_w - 20);
  g_assert_cmpint (height, >=, screen_h - 20);
  g_assert_cmpuint (texts, >, 0);
  /* A game's rules for its display (docs/adding-a-game.md, section 3), each failure naming the fix. */
  if (keys == 0 || key < KEY_CAP * scale)
    g_error ("%s: the players' display has %u key figures, the smallest with a cap height of %.1f px (at least "
             "one, of %.0f px or more, wanted). Fix: make the figures read across the room with "
             "mg_players_display_key_new () or the style class display-key (40 px)", game, keys, key, KEY_CAP * scale);
  if (m.text < MIN_CAP * scale)
    g_error ("%s: a text of the players' display has a cap height of %.1f px, under %.0f px. Fix: no text under "
             "30 px there (.players-display in ui/style.css or the game's ui/%s/%s.css; for a drawn map, "
             "mg_area_map_set_far)", game, m.text, MIN_CAP * scale, game, game);
  /* A square board on a 16:9 screen covers at most 1080²/(1920×1080) = 0.5625 of it (less the
   * heading and the last line, beside it): it must take the picture's whole height, nearly
   * (0.9 of it, its coordinates under it), and the picture the screen's (0.9 of it). */
  if (square)
    g_test_message ("%s: the board's side %.0f px, %.3f of the picture's height (%.0f px, %.2f of the screen's)",
                    game, main_bounds.size.height, main_bounds.size.height / picture_bounds.size.height,
                    picture_bounds.size.height, picture_bounds.size.height / screen_h);
  if (square && (main_bounds.size.height < 0.9 * picture_bounds.size.height || picture_bounds.size.height < 0.9 * screen_h))
    g_error ("%s: the board's squares are drawn %.0f px high in a picture %.0f px high, on a screen %d px high "
             "(0.9 of the picture's height wanted, the picture 0.9 of the screen's: the heading and the last line beside the board)", game,
             main_bounds.size.height, picture_bounds.size.height, screen_h);
  if (square && lines_over (GTK_WIDGET (display), GTK_WIDGET (display), &main_bounds) > 0)
    g_error ("%s: the heading or the last line is drawn over the board", game);
  if (!square && m.coverage < 0.7)
    g_error ("%s: the game's map, board or tracks cover %.2f of the screen, under 0.7. Fix: give it the room "
             "(the standings over a corner it leaves empty: mg_players_display_picture_set_free_corner)",
             game, m.coverage);
  if (covered > 0)
    g_error ("%s: the standings laid over the map cover %u of its names, tokens or areas", game, covered);
  if (!picture_whole (picture))
    g_error ("%s: the picture does not fit the %d×%d screen (it scrolls)", game, screen_w, screen_h);
  /* Nothing but plain words: no JSON. */
  {
    g_autofree char *all = mg_players_display_get_text (display);

    g_assert_null (strstr (all, "{"));
  }
  return m;
}

/* Checks and photographs the display as it is now; `when`: "end" or "mid". */
static void
check_display (MgCampaignWindow *window, MgPlayersDisplay *display, const char *game, const char *when)
{
  measure_display (display, game, when, 1920, 1080);
  /* Light and dark at the end; light half-way. */
  for (guint dark = 0; dark < (g_str_equal (when, "end") ? 2 : 1); dark++)
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

static MgPlayersDisplay *
present_display (MgCampaignWindow *window, int width, int height)
{
  /* As Ctrl+Shift+D opens it, at the screen's size: there is no window manager under Xvfb to
   * make it full screen. */
  MgPlayersDisplay *display = mg_players_display_new (mg_campaign_window_get_table_state (window));

  gtk_window_set_default_size (GTK_WINDOW (display), width, height);
  gtk_window_present (GTK_WINDOW (display));
  wait_ms (500);
  return display;
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
  display = present_display (window, 1920, 1080);
  check_display (window, display, game, "end");

  /* Scaled with the screen: as large a share of a 1280×720 and of a 3840×2160 screen, its
   * texts as tall in proportion, nothing cut. Once, in English (the sizes do not depend on the
   * language more than the runs at 1920×1080 show); at 3840×2160 (slow to draw) the games
   * that draw their map or board themselves, the others' labels scaling as at 1280×720. */
  if (g_str_equal (language (), "en"))
    {
      static const int screens[][2] = { { 1280, 720 }, { 3840, 2160 } };
      gboolean drawn_picture = g_object_get_data (G_OBJECT (mg_players_display_get_picture (display)),
                                                  "mg-display-side") != NULL;

      for (guint i = 0; i < G_N_ELEMENTS (screens); i++)
        if (i == 0 || drawn_picture)
          {
            MgPlayersDisplay *other = present_display (window, screens[i][0], screens[i][1]);

            measure_display (other, game, "end", screens[i][0], screens[i][1]);
            gtk_window_destroy (GTK_WINDOW (other));
          }
    }

  /* Half the sample taken back: the display follows, still as large (in English: the French
   * run differs by its words, measured at the end). */
  if (!g_str_equal (language (), "en"))
    {
      gtk_window_destroy (GTK_WINDOW (display));
      close_campaign_windows (app);
      return;
    }
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

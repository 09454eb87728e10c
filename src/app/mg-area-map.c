/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-area-map.c — draws a map of mg_area_map_areas (positions, borders, marks, owners' tokens, a legend), lets the pointer and the keyboard choose areas and act on highlighted destinations; any game. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "mg-area-map.h"
#include "mg-area-map-private.h"
#include "mg-ui-json.h"

#define MIN_TOKEN   12.0   /* px: a token stays readable at 360 px (issue 33) */
#define NAME_GAP    2.0    /* px each side: names stand 4 px apart */
#define LEGEND_FONT 12.0
#define MAX_LAYOUTS 512    /* texts whose layouts are kept */

G_DEFINE_FINAL_TYPE (MgAreaMap, mg_area_map, GTK_TYPE_WIDGET)

/* One area as a screen reader meets it (issue 44): a button named with the area and what stands
 * on it, which has the focus while the arrows are on its area. The map draws it; it draws
 * nothing, and is where its area is drawn, so a pointer there reaches the map through it. */
#define MG_TYPE_AREA_SPOT (mg_area_spot_get_type ())
G_DECLARE_FINAL_TYPE (MgAreaSpot, mg_area_spot, MG, AREA_SPOT, GtkWidget)

struct _MgAreaSpot
{
  GtkWidget  parent_instance;
  char      *id;
  char      *label;
};

G_DEFINE_FINAL_TYPE (MgAreaSpot, mg_area_spot, GTK_TYPE_WIDGET)

static void
mg_area_spot_finalize (GObject *object)
{
  MgAreaSpot *self = MG_AREA_SPOT (object);

  g_free (self->id);
  g_free (self->label);
  G_OBJECT_CLASS (mg_area_spot_parent_class)->finalize (object);
}

static void
mg_area_spot_class_init (MgAreaSpotClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mg_area_spot_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "areaspot");
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
mg_area_spot_init (MgAreaSpot *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}

enum { AREA_ACTIVATED, TARGET_ACTIVATED, CANCELLED, BACKGROUND_CLICKED, AREA_DRAGGED, N_SIGNALS };
static guint signals[N_SIGNALS];
enum { PROP_0, PROP_HINT, N_PROPS };
static GParamSpec *props[N_PROPS];

static void sync_spots (MgAreaMap *self);

json_object *
mg_area_map_areas (MgAreaMap *self)
{
  return mg_ui_json_array (self->model, "areas");
}

json_object *
mg_area_map_find_area (MgAreaMap *self, const char *id)
{
  json_object *list = mg_area_map_areas (self);

  for (gsize i = 0; id != NULL && i < mg_ui_json_len (list); i++)
    if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (list, i), "id"), id) == 0)
      return json_object_array_get_idx (list, i);
  return NULL;
}

static gboolean
has_mark (json_object *area, const char *mark)
{
  json_object *marks = mg_ui_json_array (area, "marks");

  for (gsize i = 0; i < mg_ui_json_len (marks); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (marks, i)), mark) == 0)
      return TRUE;
  return FALSE;
}

void
mg_area_map_invalidate (MgAreaMap *self)
{
  self->laid_out = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* ---------------------------------------------------------------- text */

/* The kept layout of a text in a font (see layouts): made and shaped once, drawn as it is. */
static PangoLayout *
layout_for (MgAreaMap *self, const char *text, gboolean bold, double size)
{
  /* The size as the font description keeps it: in Pango units, whole. */
  g_autofree char *key = g_strdup_printf ("%d %d %s", bold, (int) (size * PANGO_SCALE), text);
  PangoLayout *layout = g_hash_table_lookup (self->layouts, key);
  PangoFontDescription *font;

  if (layout != NULL)
    return layout;
  /* A bound on what is kept: the texts of the maps drawn (names, their initials, the legend). */
  if (g_hash_table_size (self->layouts) >= MAX_LAYOUTS)
    g_hash_table_remove_all (self->layouts);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  font = pango_font_description_new ();
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  g_hash_table_insert (self->layouts, g_steal_pointer (&key), layout);
  return layout;
}

static void
text_size (MgAreaMap *self, const char *text, gboolean bold, double size, int *w, int *h)
{
  pango_layout_get_pixel_size (layout_for (self, text, bold, size), w, h);
}

static void
text_at (MgAreaMap *self, cairo_t *cr, const char *text, double x, double y, gboolean bold, double size)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout_for (self, text, bold, size));
}

static void
text_centred (MgAreaMap *self, cairo_t *cr, const char *text, double x, double y, gboolean bold, double size)
{
  int w, h;

  text_size (self, text, bold, size, &w, &h);
  text_at (self, cr, text, x - w / 2.0, y - h / 2.0, bold, size);
}

/* On a page, names at 10–14 px; on the far display, with the mg_area_map_areas (a cap height of 20 px or
 * more on a 1920×1080 screen, issue 45). */
double
mg_area_map_name_font (MgAreaMap *self)
{
  return self->far ? MAX (14, self->radius * 0.55) : CLAMP (self->radius * 0.45, 10, 14);
}

static double
legend_font (MgAreaMap *self)
{
  return self->far ? mg_area_map_name_font (self) : LEGEND_FONT;
}

/* The height of a castle's crenellations. */
static double
crenel (MgAreaMap *self)
{
  return self->far ? self->radius * 0.22 : 7;
}

/* "Green Vale" → "Green\nVale" (the break nearest the middle); NULL for one word. */
static char *
two_lines (const char *label)
{
  const char *best = NULL;
  glong len = (glong) strlen (label);

  for (const char *p = strchr (label, ' '); p != NULL; p = strchr (p + 1, ' '))
    if (best == NULL || labs ((p - label) - len / 2) < labs ((best - label) - len / 2))
      best = p;
  if (best == NULL)
    return NULL;
  return g_strdup_printf ("%.*s\n%s", (int) (best - label), label, best + 1);
}

/* "Green Vale" → "GV"; "Stonebridge" → "Sto.". */
static char *
initials (const char *label)
{
  GString *s = g_string_new (NULL);
  gboolean start = TRUE;

  for (const char *p = label; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (start && !g_unichar_isspace (c))
        g_string_append_unichar (s, c);
      start = g_unichar_isspace (c);
    }
  /* One word: its first three letters and a full stop ("Stonebridge" → "Sto."). */
  if (g_utf8_strlen (s->str, -1) < 2 && g_utf8_strlen (label, -1) > 3)
    {
      g_autofree char *three = g_utf8_substring (label, 0, 3);
      g_string_free (s, TRUE);
      return g_strconcat (three, ".", NULL);
    }
  return g_string_free (s, FALSE);
}

static void
draw_shape (cairo_t *cr, const char *shape, double x, double y, double r)
{
  if (g_strcmp0 (shape, "square") == 0)
    cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
  else if (g_strcmp0 (shape, "triangle") == 0)
    {
      cairo_move_to (cr, x, y - r * 1.2);
      cairo_line_to (cr, x + r * 1.1, y + r * 0.8);
      cairo_line_to (cr, x - r * 1.1, y + r * 0.8);
      cairo_close_path (cr);
    }
  else if (g_strcmp0 (shape, "diamond") == 0)
    {
      cairo_move_to (cr, x, y - r * 1.2);
      cairo_line_to (cr, x + r * 1.2, y);
      cairo_line_to (cr, x, y + r * 1.2);
      cairo_line_to (cr, x - r * 1.2, y);
      cairo_close_path (cr);
    }
  else
    cairo_arc (cr, x, y, r, 0, 2 * G_PI);
}

/* ---------------------------------------------------------------- layout */

void
mg_area_map_to_widget (MgAreaMap *self, json_object *area, double *x, double *y)
{
  *x = self->ox + mg_ui_json_int (area, "x", 0) * self->scale;
  *y = self->oy + mg_ui_json_int (area, "y", 0) * self->scale_y;
}

/* An area's box as drawn, its marks (a castle's crenellations) included. */
graphene_rect_t
mg_area_map_area_box (MgAreaMap *self, json_object *area)
{
  double x, y, r = self->radius;
  double c = has_mark (area, "castle") ? crenel (self) : 0;

  mg_area_map_to_widget (self, area, &x, &y);
  return GRAPHENE_RECT_INIT (x - r, y - r - c, 2 * r, 2 * r + c);
}

/* Token k of n in an area: two rows of two around its centre. */
static void
token_centre (MgAreaMap *self, double x, double y, guint k, guint n, double *tx, double *ty)
{
  *tx = x + ((k % 2) ? 1 : -1) * (n > 1 ? self->token * 0.65 : 0);
  *ty = y + ((k / 2) ? 1 : -1) * (n > 2 ? self->token * 0.65 : 0);
}

static void
layout_tokens (MgAreaMap *self)
{
  json_object *tokens = mg_ui_json_array (self->model, "tokens");
  guint n_tokens = mg_ui_json_len (tokens);

  g_array_set_size (self->token_rects, n_tokens);
  for (guint t = 0; t < n_tokens; t++)
    {
      json_object *tok = json_object_array_get_idx (tokens, t), *a = mg_area_map_find_area (self, mg_ui_json_str (tok, "area"));
      guint n = 0, k = 0;
      double x, y, tx, ty, r = self->token / 2 * 1.2;   /* a triangle or a diamond reaches 1.2 r */

      if (a == NULL)
        {
          g_array_index (self->token_rects, graphene_rect_t, t) = GRAPHENE_RECT_INIT (-100, -100, 0, 0);
          continue;
        }
      for (guint u = 0; u < n_tokens; u++)
        {
          gboolean here = g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (tokens, u), "area"), mg_ui_json_str (tok, "area")) == 0;
          n += here;
          k += here && u < t;
        }
      mg_area_map_to_widget (self, a, &x, &y);
      token_centre (self, x, y, k, n, &tx, &ty);
      g_array_index (self->token_rects, graphene_rect_t, t) = GRAPHENE_RECT_INIT (tx - r, ty - r, 2 * r, 2 * r);
    }
}

static gboolean
spot_free (MgAreaMap *self, const graphene_rect_t *rect, guint upto)
{
  graphene_rect_t wide, box;

  graphene_rect_inset_r (rect, -NAME_GAP, -NAME_GAP, &wide);
  /* In the window (zoomed in, the map runs past it anyway). */
  if (self->zoom <= 1.0 && (rect->origin.x < 0 || rect->origin.y < 0 ||
                            rect->origin.x + rect->size.width > self->lw || rect->origin.y + rect->size.height > self->map_h))
    return FALSE;
  for (guint i = 0; i < upto; i++)
    {
      graphene_rect_t other;

      if (g_array_index (self->names, NameSpot, i).text == NULL)   /* not placed yet */
        continue;
      graphene_rect_inset_r (&g_array_index (self->names, NameSpot, i).rect, -NAME_GAP, -NAME_GAP, &other);
      if (graphene_rect_intersection (&wide, &other, NULL))
        return FALSE;
    }
  for (guint i = 0; i < self->area_boxes->len; i++)
    {
      /* Room for the rings drawn round an area (hover, keyboard). */
      box = g_array_index (self->area_boxes, graphene_rect_t, i);
      graphene_rect_inset (&box, -RING_ROOM, -RING_ROOM);
      if (graphene_rect_intersection (&wide, &box, NULL))
        return FALSE;
    }
  for (guint t = 0; t < self->token_rects->len; t++)
    if (graphene_rect_intersection (&wide, &g_array_index (self->token_rects, graphene_rect_t, t), NULL))
      return FALSE;
  return TRUE;
}

/* Area a's name where it overlaps nothing drawn (nor a name placed) before it. */
static NameSpot
place_name (MgAreaMap *self, json_object *a)
{
  double size = mg_area_map_name_font (self), off = RING_ROOM + NAME_GAP + 0.5;   /* clear of the area's rings */
  const char *label = mg_ui_json_str (a, "label") ? mg_ui_json_str (a, "label") : mg_ui_json_str (a, "id");
  g_autofree char *broken = two_lines (label ? label : "");
  g_autofree char *short_ = initials (label ? label : "");
  /* Whole, centred; on two lines; whole, shifted aside; initials. */
  const char *texts[] = { label ? label : "", broken, label ? label : "", short_ };
  const guint from[] = { 0, 0, 4, 0 }, to[] = { 4, 4, 8, 4 };
  graphene_rect_t box = mg_area_map_area_box (self, a);
  NameSpot spot = { NULL, GRAPHENE_RECT_INIT (0, 0, 0, 0), FALSE };
  double ax, ay;

  mg_area_map_to_widget (self, a, &ax, &ay);
  for (guint t = 0; t < G_N_ELEMENTS (texts) && spot.text == NULL; t++)
    {
      int w, h;
      graphene_rect_t c[8];

      if (texts[t] == NULL)
        continue;
      text_size (self, texts[t], FALSE, size, &w, &h);
      c[0] = GRAPHENE_RECT_INIT (ax - w / 2.0, box.origin.y + box.size.height + off, w, h);
      c[1] = GRAPHENE_RECT_INIT (ax - w / 2.0, box.origin.y - off - h, w, h);
      c[2] = GRAPHENE_RECT_INIT (box.origin.x + box.size.width + off, ay - h / 2.0, w, h);
      c[3] = GRAPHENE_RECT_INIT (box.origin.x - off - w, ay - h / 2.0, w, h);
      /* Under or above, shifted to start or end at the area's middle. */
      c[4] = GRAPHENE_RECT_INIT (ax, c[0].origin.y, w, h);
      c[5] = GRAPHENE_RECT_INIT (ax - w, c[0].origin.y, w, h);
      c[6] = GRAPHENE_RECT_INIT (ax, c[1].origin.y, w, h);
      c[7] = GRAPHENE_RECT_INIT (ax - w, c[1].origin.y, w, h);
      for (guint k = from[t]; k < to[t] && spot.text == NULL; k++)
        if (spot_free (self, &c[k], self->names->len))
          spot = (NameSpot) { g_strdup (texts[t]), c[k], t == 3 };
      /* Nowhere free: the initials under the area all the same. */
      if (spot.text == NULL && t == 3)
        spot = (NameSpot) { g_strdup (texts[t]), c[0], TRUE };
    }
  return spot;
}


/* Places the names, those of `first` (areas' indices, or NULL) before the others. */
static void
place_names (MgAreaMap *self, GArray *first)
{
  json_object *list = mg_area_map_areas (self);
  guint n = mg_ui_json_len (list);
  g_autofree gboolean *done = g_new0 (gboolean, n + 1);

  g_array_set_size (self->names, 0);   /* name_spot_clear frees their texts */
  g_array_set_size (self->names, n);   /* zeroed: not placed yet */
  for (guint k = 0; first != NULL && k < first->len; k++)
    {
      guint i = g_array_index (first, guint, k);

      g_array_index (self->names, NameSpot, i) = place_name (self, json_object_array_get_idx (list, i));
      done[i] = TRUE;
    }
  for (guint i = 0; i < n; i++)
    if (!done[i])
      g_array_index (self->names, NameSpot, i) = place_name (self, json_object_array_get_idx (list, i));
}

/* Each area's name where it overlaps nothing drawn before it: its whole name under the area,
 * above, right or left; else on two lines under or above; else whole, shifted aside under or
 * above; else its initials (issue 33: at 360 px "Green Vale" ran into "Stonebridge"). When a name is
 * shrunk to its initials, the names are placed again, the shrunk ones first (issue 45: on the
 * players' display "Thornfield", squeezed between its neighbours' names, was drawn "Tho."),
 * and the layout with fewer initials kept. */
static void
layout_names (MgAreaMap *self)
{
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (guint));
  guint before;

  place_names (self, NULL);
  before = mg_area_map_n_short_names (self);
  if (before == 0)
    return;
  for (guint i = 0; i < self->names->len; i++)
    if (g_array_index (self->names, NameSpot, i).is_short)
      g_array_append_val (first, i);
  place_names (self, first);
  if (mg_area_map_n_short_names (self) > before)
    place_names (self, NULL);
}

/* A water in the legend: a river's broad line, or a border (grey) with a river across it. */
static void
legend_water (MgAreaMap *self, cairo_t *cr, gboolean crossings, double x, double y, double icon, const GdkRGBA *fg)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (crossings)
    {
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.35);
      cairo_set_line_width (cr, 3);
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + icon, y);
      cairo_stroke (cr);
    }
  cairo_set_source_rgba (cr, WATER_RGBA);
  cairo_set_line_width (cr, MAX (2, icon * (crossings ? 0.16 : 0.3)));
  if (crossings)
    {
      cairo_move_to (cr, x + icon / 2, y - icon / 2 + 2);
      cairo_line_to (cr, x + icon / 2, y + icon / 2 - 2);
    }
  else
    {
      cairo_move_to (cr, x + 2, y);
      cairo_line_to (cr, x + icon - 2, y);
    }
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  (void) self;
}

/* The legend's items in rows across the bottom of the widget; returns its height. */
static double
layout_legend (MgAreaMap *self, cairo_t *cr, int width)
{
  json_object *legend = mg_ui_json_array (self->model, "legend");
  double font = legend_font (self), x = 8, y, row = font + 8, icon = font;
  guint rows = 1;

  if (mg_ui_json_len (legend) == 0)
    return 0;
  /* Without cr: how many rows; with cr: draw them. */
  y = self->lh - (self->legend_h > 0 ? self->legend_h : 0) + 4;
  for (gsize i = 0; i < mg_ui_json_len (legend); i++)
    {
      json_object *item = json_object_array_get_idx (legend, i);
      const char *text = mg_ui_json_str (item, "text") ? mg_ui_json_str (item, "text") : "";
      int w, h;

      text_size (self, text, FALSE, font, &w, &h);
      if (x > 8 && x + icon + 4 + w > width - 8)
        {
          x = 8;
          y += row;
          rows++;
        }
      if (cr != NULL)
        {
          GdkRGBA fg;
          G_GNUC_BEGIN_IGNORE_DEPRECATIONS
          gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
          G_GNUC_END_IGNORE_DEPRECATIONS
          cairo_new_path (cr);
          if (mg_ui_json_str (item, "water") != NULL)
            legend_water (self, cr, g_strcmp0 (mg_ui_json_str (item, "water"), "crossings") == 0,
                          x, y + row / 2 - 2, icon, &fg);
          else if (mg_ui_json_str (item, "shape") != NULL)
            {
              draw_shape (cr, mg_ui_json_str (item, "shape"), x + icon / 2, y + row / 2 - 2, icon / 2 * 0.85);
              cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
              cairo_fill (cr);
            }
          else
            {
              GdkRGBA c;
              if (!gdk_rgba_parse (&c, mg_ui_json_str (item, "colour") ? mg_ui_json_str (item, "colour") : ""))
                c = fg;
              cairo_arc (cr, x + icon / 2, y + row / 2 - 2, icon / 2, 0, 2 * G_PI);
              gdk_cairo_set_source_rgba (cr, &c);
              cairo_fill (cr);
            }
          cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
          text_at (self, cr, text, x + icon + 4, y + row / 2 - 2 - h / 2.0, FALSE, font);
        }
      x += icon + 4 + w + font;
    }
  return rows * row + 6;
}

/* Fits the areas' bounding box into the widget (above the legend), then zooms and pans. */
void
mg_area_map_ensure_layout (MgAreaMap *self)
{
  json_object *list = mg_area_map_areas (self);
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
  double minx = G_MAXDOUBLE, miny = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, maxy = -G_MAXDOUBLE, margin, top, bottom, sx, sy;
  double clear_w, few;

  if (self->laid_out && width == self->lw && height == self->lh)
    return;
  self->laid_out = TRUE;
  self->lw = width;
  self->lh = height;
  self->legend_h = 0;
  /* Far: the areas a fourteenth of the room (the legend's font follows them). A map of two or
   * three areas (a duel's two corners) draws them an eighth or a twelfth, far and on a page, not
   * lost in its room (issue 47: a game's arena on the generic pages). */
  few = mg_ui_json_len (list) <= 3 ? 4.0 * MAX (mg_ui_json_len (list), 2) : 0;
  if (self->far)
    self->radius = MAX (14.0, MIN (width, height) / (few > 0 ? few : 14.0));
  self->legend_h = layout_legend (self, NULL, width);
  self->map_h = MAX (1, height - self->legend_h);
  if (!self->far)
    self->radius = MIN (CLAMP (MIN (width, self->map_h) / (few > 0 ? few : 24.0), 14.0, 30.0) * sqrt (self->zoom), 48.0);
  self->token = MAX (MIN_TOKEN, self->radius * (self->far ? 0.75 : 0.55));
  /* Beside the areas, room for names left or right; above, for a castle's crenellations and
   * the rings; under, for one line of name (a page's height is scarcer than its width). */
  margin = self->radius + 2 * mg_area_map_name_font (self) + 6;
  top = self->radius + RING_ROOM + (self->far ? crenel (self) + 2 : 8);
  bottom = self->radius + RING_ROOM + NAME_GAP + mg_area_map_name_font (self) * 1.4 + 2 + (self->far ? self->clear_h : 0);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      double x = mg_ui_json_int (a, "x", 0), y = mg_ui_json_int (a, "y", 0);
      minx = MIN (minx, x);
      maxx = MAX (maxx, x);
      miny = MIN (miny, y);
      maxy = MAX (maxy, y);
    }
  if (mg_ui_json_len (list) == 0)
    minx = maxx = miny = maxy = 0;
  self->bcx = (minx + maxx) / 2;
  self->bcy = (miny + maxy) / 2;
  self->bw = maxx - minx;
  self->bh = maxy - miny;
  clear_w = self->far ? self->clear_w : 0;
  sx = self->bw > 0 ? (width - clear_w - 2 * margin) / self->bw : 1;
  sy = self->bh > 0 ? (self->map_h - top - bottom) / self->bh : 1;
  self->fit = MAX (MIN (sx, sy), 0.01);
  self->scale = self->fit * self->zoom;
  self->scale_y = self->scale;
  /* Far: the map is a graph of areas, not a survey: stretched to fill the screen both ways. */
  if (self->far)
    {
      self->scale = MAX (sx, 0.01);
      self->scale_y = MAX (sy, 0.01);
    }
  self->ox = (width - clear_w) / 2.0 - (self->bcx + self->pan_x) * self->scale;
  self->cy0 = top + (self->map_h - top - bottom) / 2.0;
  self->oy = self->cy0 - (self->bcy + self->pan_y) * self->scale_y;
  /* Each area's box, which every name placed keeps clear of (issue 43: found again for each
   * place tried, the areas' boxes were most of the layout). */
  g_array_set_size (self->area_boxes, mg_ui_json_len (list));
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    g_array_index (self->area_boxes, graphene_rect_t, i) = mg_area_map_area_box (self, json_object_array_get_idx (list, i));
  layout_tokens (self);
  layout_names (self);
}

/* ---------------------------------------------------------------- drawing */

static void
colour (cairo_t *cr, const char *spec, double alpha)
{
  GdkRGBA rgba;

  if (spec == NULL || !gdk_rgba_parse (&rgba, spec))
    gdk_rgba_parse (&rgba, "#77767b");
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, alpha);
}

static double
channel (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* A token's letter in white or near-black, whichever reads better on the owner's colour
 * (WCAG 2.1 contrast: white on a light green was 1.99:1, issue 44). */
static void
letter_colour (cairo_t *cr, const char *spec)
{
  GdkRGBA rgba;
  double l;

  if (spec == NULL || !gdk_rgba_parse (&rgba, spec))
    gdk_rgba_parse (&rgba, "#77767b");
  l = 0.2126 * channel (rgba.red) + 0.7152 * channel (rgba.green) + 0.0722 * channel (rgba.blue);
  /* Near-black (0.1) has a luminance of 0.01. */
  if ((l + 0.05) / 0.06 > 1.05 / (l + 0.05))
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

gboolean
mg_area_map_is_target (MgAreaMap *self, const char *id)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), FALSE);
  return self->targets != NULL && id != NULL && g_strv_contains ((const char * const *) self->targets, id);
}

static void
draw_borders (MgAreaMap *self, cairo_t *cr, const GdkRGBA *fg)
{
  json_object *list = mg_area_map_areas (self);

  cairo_set_line_width (cr, 3);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.35);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i), *nb = mg_ui_json_array (a, "neighbours");
      double ax, ay;

      mg_area_map_to_widget (self, a, &ax, &ay);
      for (gsize j = 0; j < mg_ui_json_len (nb); j++)
        {
          json_object *b = mg_area_map_find_area (self, json_object_get_string (json_object_array_get_idx (nb, j)));
          double bx, by;
          if (b == NULL || g_strcmp0 (mg_ui_json_str (a, "id"), mg_ui_json_str (b, "id")) > 0)
            continue;
          mg_area_map_to_widget (self, b, &bx, &by);
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, bx, by);
          cairo_stroke (cr);
        }
    }
}


/* A water's line number k in widget coordinates: along its segment, or for crossings across the
 * segment's middle (a river between those lands, crossed by a bridge). FALSE past the last. */
gboolean
mg_area_map_water_segment (MgAreaMap *self, json_object *water, gsize k, double p[4])
{
  return mg_area_map_water_line (self, water, k, TRUE, p);
}

/* The same, `across` FALSE: a crossing's lands' line itself. */
gboolean
mg_area_map_water_line (MgAreaMap *self, json_object *water, gsize k, gboolean across, double p[4])
{
  json_object *segment = json_object_array_get_idx (mg_ui_json_array (water, "segments"), k);
  double mx, my, dx, dy, length;

  if (segment == NULL || mg_ui_json_len (segment) < 4)
    return FALSE;
  for (int i = 0; i < 4; i++)
    p[i] = json_object_get_double (json_object_array_get_idx (segment, i));
  p[0] = self->ox + p[0] * self->scale;
  p[2] = self->ox + p[2] * self->scale;
  p[1] = self->oy + p[1] * self->scale_y;
  p[3] = self->oy + p[3] * self->scale_y;
  if (!across || !json_object_get_boolean (mg_ui_json_get (water, "crossings")))
    return TRUE;
  mx = (p[0] + p[2]) / 2;
  my = (p[1] + p[3]) / 2;
  length = MAX (1, hypot (p[2] - p[0], p[3] - p[1]));
  dx = (p[2] - p[0]) / length * self->radius * 0.8;
  dy = (p[3] - p[1]) / length * self->radius * 0.8;
  p[0] = mx + dy;
  p[1] = my - dx;
  p[2] = mx - dy;
  p[3] = my + dx;
  return TRUE;
}

static double
water_width (MgAreaMap *self, gboolean crossings)
{
  return MAX (2, self->radius * (crossings ? 0.16 : 0.3));
}

/* Where water `water`'s name is drawn, by its middle line: FALSE where it would cover another
 * name, an area or a token (then it is not drawn). */
static gboolean
water_label_rect (MgAreaMap *self, json_object *water, graphene_rect_t *rect)
{
  const char *label = mg_ui_json_str (water, "label");
  gsize n = mg_ui_json_len (mg_ui_json_array (water, "segments"));
  double p[4];
  int w, h;

  if (label == NULL || label[0] == '\0' || !mg_area_map_water_segment (self, water, n / 2, p))
    return FALSE;
  text_size (self, label, FALSE, mg_area_map_name_font (self), &w, &h);
  *rect = GRAPHENE_RECT_INIT ((p[0] + p[2]) / 2 - w / 2.0, (p[1] + p[3]) / 2 + NAME_GAP, w, h);
  return spot_free (self, rect, self->names->len);
}

/* Rivers (the model's "waters"): blue lines under the areas, each named in blue by its middle
 * line where the name covers no other name, area or token. */
static void
draw_waters (MgAreaMap *self, cairo_t *cr, const GdkRGBA *fg)
{
  json_object *waters = mg_ui_json_array (self->model, "waters");

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (gsize i = 0; i < mg_ui_json_len (waters); i++)
    {
      json_object *water = json_object_array_get_idx (waters, i);
      graphene_rect_t rect;
      double p[4];

      /* A crossing's lands joined dashed: the way a bridge opens. */
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.35);
      cairo_set_line_width (cr, 3);
      cairo_set_dash (cr, (double[]) { 8, 8 }, 2, 0);
      for (gsize k = 0; json_object_get_boolean (mg_ui_json_get (water, "crossings")) && mg_area_map_water_line (self, water, k, FALSE, p); k++)
        {
          cairo_move_to (cr, p[0], p[1]);
          cairo_line_to (cr, p[2], p[3]);
          cairo_stroke (cr);
        }
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_source_rgba (cr, WATER_RGBA);
      cairo_set_line_width (cr, water_width (self, json_object_get_boolean (mg_ui_json_get (water, "crossings"))));
      for (gsize k = 0; mg_area_map_water_segment (self, water, k, p); k++)
        {
          cairo_move_to (cr, p[0], p[1]);
          cairo_line_to (cr, p[2], p[3]);
          cairo_stroke (cr);
        }
      if (!water_label_rect (self, water, &rect))
        continue;
      /* Dark blue on a light page, light blue on a dark one. */
      if (fg->red + fg->green + fg->blue > 1.5)
        cairo_set_source_rgba (cr, 0.60, 0.76, 0.98, 1);
      else
        cairo_set_source_rgba (cr, 0.10, 0.37, 0.71, 1);
      text_at (self, cr, mg_ui_json_str (water, "label"), rect.origin.x, rect.origin.y, FALSE, mg_area_map_name_font (self));
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

static void
area_path (MgAreaMap *self, cairo_t *cr, gboolean castle, double x, double y, double r)
{
  cairo_new_path (cr);
  if (castle)
    cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
  else
    cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  (void) self;
}

static void
draw_area (MgAreaMap *self, cairo_t *cr, json_object *a, const GdkRGBA *fg, const GdkRGBA *bg)
{
  const char *id = mg_ui_json_str (a, "id");
  gboolean castle = has_mark (a, "castle"), mountain = has_mark (a, "mountain");
  gboolean selected = g_strcmp0 (id, self->selected) == 0, target = mg_area_map_is_target (self, id);
  double x, y, r = self->radius;

  mg_area_map_to_widget (self, a, &x, &y);
  /* Filled with the page's background first, so borders end at the area's edge. */
  area_path (self, cr, castle, x, y, r);
  cairo_set_source_rgb (cr, bg->red, bg->green, bg->blue);
  cairo_fill (cr);
  if (mg_ui_json_str (a, "owner") != NULL)
    colour (cr, mg_ui_json_str (a, "owner"), 0.22);
  else if (mountain)
    cairo_set_source_rgba (cr, 0.55, 0.45, 0.35, 0.35);
  else
    cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.07);
  area_path (self, cr, castle, x, y, r);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, selected ? 5 : (target ? 3 : 1.5));
  if (selected)
    cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  else if (target)
    cairo_set_source_rgb (cr, 0.18, 0.76, 0.49);
  else
    cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.6);
  if (target)
    cairo_set_dash (cr, (double[]) { 6, 4 }, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  /* The pointer's area: a faint ring, so a click's target shows before it lands. */
  if (g_strcmp0 (id, self->hover_area) == 0)
    {
      area_path (self, cr, castle, x, y, r + RING_ROOM - 1);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.3);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  /* Marks: crenellations for a castle, a peak for mountains, "+1". */
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.85);
  if (castle)
    {
      double c = crenel (self), w = c * 8 / 7;

      for (int k = 0; k < 3; k++)
        {
          cairo_rectangle (cr, x - r + k * (r - w / 2), y - r - c, w, c);
          cairo_fill (cr);
        }
    }
  cairo_new_path (cr);
  /* Mountains: a range of two peaks, unlike a camp's single triangle (issue 45). */
  if (mountain)
    {
      cairo_move_to (cr, x - r * 0.55, y - r * 0.4);
      cairo_line_to (cr, x - r * 0.2, y - r * 0.9);
      cairo_line_to (cr, x, y - r * 0.62);
      cairo_line_to (cr, x + r * 0.22, y - r * 0.8);
      cairo_line_to (cr, x + r * 0.55, y - r * 0.4);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  if (has_mark (a, "plus_one"))
    text_centred (self, cr, "+1", x + r - 2, y - r + 4, TRUE, self->far ? mg_area_map_name_font (self) : CLAMP (r * 0.4, 8, 12));
}

/* Token t (model order), where layout_tokens put it. */
static void
draw_token (MgAreaMap *self, cairo_t *cr, guint t)
{
  json_object *tok = json_object_array_get_idx (mg_ui_json_array (self->model, "tokens"), t);
  graphene_rect_t *r = &g_array_index (self->token_rects, graphene_rect_t, t);
  double tx = r->origin.x + r->size.width / 2, ty = r->origin.y + r->size.height / 2;

  cairo_new_path (cr);
  draw_shape (cr, mg_ui_json_str (tok, "shape"), tx, ty, self->token / 2);
  colour (cr, mg_ui_json_str (tok, "colour"), 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  letter_colour (cr, mg_ui_json_str (tok, "colour"));
  text_centred (self, cr, mg_ui_json_str (tok, "letter") ? mg_ui_json_str (tok, "letter") : "",
                tx, ty, TRUE, self->far ? self->token * 0.7 : CLAMP (self->token * 0.6, 7, 12));
}

/* The map or one of its areas has the focus. */
static gboolean
focus_within (MgAreaMap *self)
{
  return gtk_widget_has_focus (GTK_WIDGET (self))
         || (gtk_widget_get_state_flags (GTK_WIDGET (self)) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;
}

/* The keyboard's area while the map has the focus: a dashed ring. */
static json_object *
focus_ring_area (MgAreaMap *self)
{
  return focus_within (self) && self->focus_area != NULL ? mg_area_map_find_area (self, self->focus_area) : NULL;
}

static gboolean
focus_frame_shown (MgAreaMap *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return focus_within (self) && GTK_IS_WINDOW (root) && gtk_window_get_focus_visible (GTK_WINDOW (root));
}

/* ---------------------------------------------------------------- kept drawings */

/* Issue 43: the map was one cairo node drawn whole at each change, and the cairo renderer
 * repainted all of its pixels (an undo in La Mame: 8.5 of its 13.5 ms). Now each thing drawn (the
 * borders and rivers under the areas, each area, each name, each token, the legend, the focus
 * marks) is a node of its own, kept from frame to frame under a key that says all it shows; a
 * change draws again only the nodes whose key changed and hands GTK the same node objects for
 * the others, so the renderer repaints only the pixels of what changed. The look (`look`: size,
 * colours, scale) that every node depends on drops them all when it changes, and so does a change
 * of style (the fonts). Drawn in the order the single drawing had: the same pixels. */
typedef struct
{
  const GdkRGBA *fg, *bg;
  json_object   *area;
  guint          index;
} DrawWhat;

typedef void (*DrawPart) (MgAreaMap *self, cairo_t *cr, const DrawWhat *what);

/* Appends the node kept under key (taken), or one drawn by draw within bounds. */
static void
append_part (MgAreaMap *self, GtkSnapshot *snapshot, GHashTable *drawn, char *key,
             const graphene_rect_t *bounds, DrawPart draw, const DrawWhat *what)
{
  GskRenderNode *node = g_hash_table_lookup (self->nodes, key);

  if (node != NULL)
    gsk_render_node_ref (node);
  else
    {
      cairo_t *cr;

      node = gsk_cairo_node_new (bounds);
      cr = gsk_cairo_node_get_draw_context (node);
      draw (self, cr, what);
      cairo_destroy (cr);
      self->n_redrawn++;
    }
  gtk_snapshot_append_node (snapshot, node);
  g_hash_table_replace (drawn, key, node);
}

static void
part_under (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  draw_borders (self, cr, what->fg);
  draw_waters (self, cr, what->fg);
}

static void
part_area (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  draw_area (self, cr, what->area, what->fg, what->bg);
}

static void
part_name (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  NameSpot *n = &g_array_index (self->names, NameSpot, what->index);

  cairo_set_source_rgba (cr, what->fg->red, what->fg->green, what->fg->blue, 1);
  text_at (self, cr, n->text, n->rect.origin.x, n->rect.origin.y, FALSE, mg_area_map_name_font (self));
}

static void
part_token (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  draw_token (self, cr, what->index);
}

static void
part_legend (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  cairo_set_source_rgba (cr, what->fg->red, what->fg->green, what->fg->blue, 0.15);
  cairo_rectangle (cr, 0, self->map_h, self->lw, 1);
  cairo_fill (cr);
  layout_legend (self, cr, self->lw);
}

static void
part_focus_ring (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  double x, y;

  mg_area_map_to_widget (self, what->area, &x, &y);
  area_path (self, cr, has_mark (what->area, "castle"), x, y, self->radius + RING_ROOM - 1);
  cairo_set_source_rgba (cr, what->fg->red, what->fg->green, what->fg->blue, 0.9);
  cairo_set_line_width (cr, 2);
  cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
  cairo_stroke (cr);
}

/* The map itself focused by the keyboard: an accent line round it. */
static void
part_focus_frame (MgAreaMap *self, cairo_t *cr, const DrawWhat *what)
{
  GdkRGBA accent;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)), "accent_color", &accent))
    gdk_rgba_parse (&accent, "#3584e4");
  G_GNUC_END_IGNORE_DEPRECATIONS
  cairo_rectangle (cr, 2, 2, self->lw - 4, self->lh - 4);
  cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.8);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);
  (void) what;
}

/* An area's box with the room its rings, crenellations and "+1" may take. */
static graphene_rect_t
area_bounds (MgAreaMap *self, double x, double y)
{
  double r = self->radius + RING_ROOM + 2, extra = MAX (mg_area_map_name_font (self), 12) + 4;

  return GRAPHENE_RECT_INIT (x - r - extra, y - r - crenel (self) - extra, 2 * (r + extra), 2 * r + crenel (self) + 2 * extra);
}

/* What lies under the areas (borders, rivers, the rivers' names where free): the areas' places
 * and links, the waters, and which water names are shown. */
static char *
under_key (MgAreaMap *self)
{
  json_object *list = mg_area_map_areas (self), *waters = mg_ui_json_array (self->model, "waters");
  GString *key = g_string_new ("under");

  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);

      g_string_append_printf (key, "|%s %d %d %s", mg_ui_json_str (a, "id"), mg_ui_json_int (a, "x", 0),
                              mg_ui_json_int (a, "y", 0),
                              json_object_to_json_string_ext (mg_ui_json_array (a, "neighbours"), JSON_C_TO_STRING_PLAIN));
    }
  g_string_append (key, waters != NULL ? json_object_to_json_string_ext (waters, JSON_C_TO_STRING_PLAIN) : "-");
  for (gsize i = 0; i < mg_ui_json_len (waters); i++)
    {
      graphene_rect_t rect;

      g_string_append_c (key, water_label_rect (self, json_object_array_get_idx (waters, i), &rect) ? '1' : '0');
    }
  return g_string_free (key, FALSE);
}

static void
mg_area_map_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgAreaMap *self = MG_AREA_MAP (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  json_object *list = mg_area_map_areas (self), *tokens = mg_ui_json_array (self->model, "tokens"), *ring;
  g_autoptr(GHashTable) drawn = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) gsk_render_node_unref);
  g_autofree char *look = NULL;
  DrawWhat what = { NULL, NULL, NULL, 0 };
  GdkRGBA fg, bg;

  if (width <= 0 || height <= 0)
    return;
  mg_area_map_ensure_layout (self);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "view_bg_color", &bg))
    bg = (GdkRGBA) { 1 - fg.red, 1 - fg.green, 1 - fg.blue, 1 };
  G_GNUC_END_IGNORE_DEPRECATIONS
  what.fg = &fg;
  what.bg = &bg;
  look = g_strdup_printf ("%g %g %g %g %g %g %g %g %g %g %d %g %g %g %g %g %g %g %g", width, height, self->map_h,
                          self->legend_h, self->radius, self->token, self->scale, self->scale_y, self->ox, self->oy,
                          self->far, mg_area_map_name_font (self), fg.red, fg.green, fg.blue, fg.alpha, bg.red, bg.green, bg.blue);
  if (g_strcmp0 (look, self->look) != 0)
    {
      g_hash_table_remove_all (self->nodes);
      g_free (self->look);
      self->look = g_steal_pointer (&look);
    }
  self->n_redrawn = 0;
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, self->map_h));
  append_part (self, snapshot, drawn, under_key (self), &GRAPHENE_RECT_INIT (0, 0, width, self->map_h), part_under, &what);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      const char *id = mg_ui_json_str (a, "id");
      double x, y;
      graphene_rect_t bounds;

      mg_area_map_to_widget (self, a, &x, &y);
      bounds = area_bounds (self, x, y);
      what.area = a;
      append_part (self, snapshot, drawn,
                   g_strdup_printf ("area %d%d%d %s", g_strcmp0 (id, self->selected) == 0, mg_area_map_is_target (self, id),
                                    g_strcmp0 (id, self->hover_area) == 0, json_object_to_json_string_ext (a, JSON_C_TO_STRING_PLAIN)),
                   &bounds, part_area, &what);
    }
  for (guint i = 0; i < self->names->len; i++)
    {
      NameSpot *n = &g_array_index (self->names, NameSpot, i);
      graphene_rect_t bounds = n->rect;

      if (n->text == NULL)
        continue;
      graphene_rect_inset (&bounds, -4, -4);
      what.index = i;
      append_part (self, snapshot, drawn, g_strdup_printf ("name %g %g %s", n->rect.origin.x, n->rect.origin.y, n->text),
                   &bounds, part_name, &what);
    }
  for (guint t = 0; t < self->token_rects->len && t < mg_ui_json_len (tokens); t++)
    {
      graphene_rect_t bounds = g_array_index (self->token_rects, graphene_rect_t, t);

      if (bounds.size.width <= 0)
        continue;
      graphene_rect_inset (&bounds, -2, -2);
      what.index = t;
      append_part (self, snapshot, drawn,
                   g_strdup_printf ("token %g %g %s", bounds.origin.x, bounds.origin.y,
                                    json_object_to_json_string_ext (json_object_array_get_idx (tokens, t), JSON_C_TO_STRING_PLAIN)),
                   &bounds, part_token, &what);
    }
  gtk_snapshot_pop (snapshot);
  if (self->legend_h > 0)
    append_part (self, snapshot, drawn,
                 g_strdup_printf ("legend %s", json_object_to_json_string_ext (mg_ui_json_array (self->model, "legend"), JSON_C_TO_STRING_PLAIN)),
                 &GRAPHENE_RECT_INIT (0, self->map_h, width, height - self->map_h), part_legend, &what);
  if ((ring = focus_ring_area (self)) != NULL)
    {
      double x, y;
      graphene_rect_t bounds;

      mg_area_map_to_widget (self, ring, &x, &y);
      bounds = GRAPHENE_RECT_INIT (x - self->radius - RING_ROOM - 2, y - self->radius - RING_ROOM - 2,
                                   2 * (self->radius + RING_ROOM + 2), 2 * (self->radius + RING_ROOM + 2));
      what.area = ring;
      append_part (self, snapshot, drawn, g_strdup_printf ("ring %g %g %d", x, y, has_mark (ring, "castle")), &bounds,
                   part_focus_ring, &what);
    }
  if (focus_frame_shown (self))
    append_part (self, snapshot, drawn, g_strdup ("frame"), &GRAPHENE_RECT_INIT (0, 0, width, height), part_focus_frame, &what);
  /* What this frame drew is what the next one may keep. */
  g_hash_table_unref (self->nodes);
  self->nodes = g_steal_pointer (&drawn);
}

void
mg_area_map_set_far (MgAreaMap *self, gboolean far)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  self->far = far;
  sync_spots (self);
  mg_area_map_invalidate (self);
}

/* ---------------------------------------------------------------- hint */

/* What an area is and what stands on it: "Oak Hill\nRed: knight"; NULL for no area. */
static char *
area_text (MgAreaMap *self, const char *id)
{
  json_object *a = mg_area_map_find_area (self, id), *tokens = mg_ui_json_array (self->model, "tokens");
  GString *s;

  if (a == NULL)
    return NULL;
  s = g_string_new (mg_ui_json_str (a, "label") ? mg_ui_json_str (a, "label") : id);
  for (gsize t = 0; t < mg_ui_json_len (tokens); t++)
    {
      json_object *tok = json_object_array_get_idx (tokens, t);
      if (g_strcmp0 (mg_ui_json_str (tok, "area"), id) == 0 && mg_ui_json_str (tok, "title") != NULL)
        g_string_append_printf (s, "\n%s", mg_ui_json_str (tok, "title"));
    }
  return g_string_free (s, FALSE);
}

/* What an area is, or what activating it does: "Oak Hill: Red: knight" or the target's text. */
static char *
describe (MgAreaMap *self, const char *id)
{
  const char *text = self->target_texts && mg_area_map_is_target (self, id) ? g_hash_table_lookup (self->target_texts, id) : NULL;

  if (mg_area_map_find_area (self, id) == NULL)
    return NULL;
  return text != NULL ? g_strdup (text) : area_text (self, id);
}

/* ---------------------------------------------------------------- accessible areas */

static MgAreaSpot *
spot_of (MgAreaMap *self, const char *id)
{
  for (guint i = 0; id != NULL && i < self->spots->len; i++)
    if (g_strcmp0 (MG_AREA_SPOT (self->spots->pdata[i])->id, id) == 0)
      return self->spots->pdata[i];
  return NULL;
}

/* The area the keyboard is on, else the selected one, else the first. */
static const char *
current_area (MgAreaMap *self)
{
  json_object *list = mg_area_map_areas (self);

  if (mg_area_map_find_area (self, self->focus_area) != NULL)
    return self->focus_area;
  if (mg_area_map_find_area (self, self->selected) != NULL)
    return self->selected;
  return mg_ui_json_len (list) > 0 ? mg_ui_json_str (json_object_array_get_idx (list, 0), "id") : NULL;
}

static void set_focus_area (MgAreaMap *self, const char *id);

static void
spot_focused (MgAreaSpot *spot, GParamSpec *pspec, MgAreaMap *self)
{
  if (gtk_widget_has_focus (GTK_WIDGET (spot)))
    set_focus_area (self, spot->id);
}

/* One spot per area, named with what stands there (a page's map only: the players' display is
 * not acted on). */
static void
sync_spots (MgAreaMap *self)
{
  json_object *list = self->far ? NULL : mg_area_map_areas (self);
  guint n = mg_ui_json_len (list);

  while (self->spots->len > n)
    {
      gtk_widget_unparent (self->spots->pdata[self->spots->len - 1]);
      g_ptr_array_remove_index (self->spots, self->spots->len - 1);
    }
  while (self->spots->len < n)
    {
      GtkWidget *spot = g_object_new (MG_TYPE_AREA_SPOT, NULL);

      g_signal_connect (spot, "notify::has-focus", G_CALLBACK (spot_focused), self);
      gtk_widget_set_parent (spot, GTK_WIDGET (self));
      g_ptr_array_add (self->spots, spot);
    }
  for (guint i = 0; i < n; i++)
    {
      MgAreaSpot *spot = self->spots->pdata[i];
      const char *id = mg_ui_json_str (json_object_array_get_idx (list, i), "id");
      g_autofree char *text = area_text (self, id);
      g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
      /* "Redhold, Red 1": the area, then what stands on it. */
      g_autofree char *label = g_strjoinv (", ", lines);

      g_free (spot->id);
      spot->id = g_strdup (id);
      if (g_strcmp0 (label, spot->label) == 0)
        continue;
      g_free (spot->label);
      spot->label = g_steal_pointer (&label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spot), GTK_ACCESSIBLE_PROPERTY_LABEL, spot->label, -1);
    }
}

/* Each spot where its area is drawn, the size of the area's middle. */
static void
mg_area_map_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgAreaMap *self = MG_AREA_MAP (widget);

  mg_area_map_ensure_layout (self);
  for (guint i = 0; i < self->spots->len; i++)
    {
      MgAreaSpot *spot = self->spots->pdata[i];
      json_object *a = mg_area_map_find_area (self, spot->id);
      double x = 0, y = 0, side = MAX (8.0, self->radius * 1.2);
      int min;

      if (a != NULL)
        mg_area_map_to_widget (self, a, &x, &y);
      gtk_widget_measure (GTK_WIDGET (spot), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      gtk_widget_size_allocate (GTK_WIDGET (spot), &(GtkAllocation) { x - side / 2, y - side / 2, side, side }, -1);
    }
}

/* Tab onto the map: its area's spot takes the focus; Tab from a spot leaves the map (one Tab
 * stop: the arrows move inside it). */
static gboolean
mg_area_map_focus (GtkWidget *widget, GtkDirectionType direction)
{
  if (gtk_widget_get_focus_child (widget) != NULL || gtk_widget_has_focus (widget))
    return FALSE;
  return gtk_widget_grab_focus (widget);
}

static gboolean
mg_area_map_grab_focus (GtkWidget *widget)
{
  MgAreaMap *self = MG_AREA_MAP (widget);
  MgAreaSpot *spot = spot_of (self, current_area (self));

  if (spot != NULL && gtk_widget_get_mapped (GTK_WIDGET (spot)))
    return gtk_widget_grab_focus (GTK_WIDGET (spot));
  return GTK_WIDGET_CLASS (mg_area_map_parent_class)->grab_focus (widget);
}

void
mg_area_map_set_focus_note (MgAreaMap *self, const char *note)
{
  MgAreaSpot *spot;

  g_return_if_fail (MG_IS_AREA_MAP (self));
  g_free (self->note);
  self->note = g_strdup (note);
  if ((spot = spot_of (self, self->focus_area)) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (spot), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    note != NULL ? note : "", -1);
}

static void
update_hint (MgAreaMap *self)
{
  const char *id = self->hover_area != NULL ? self->hover_area
                   : (focus_within (self) ? self->focus_area : NULL);
  g_autofree char *hint = describe (self, id);

  if (g_strcmp0 (hint, self->hint) == 0)
    return;
  g_free (self->hint);
  self->hint = g_steal_pointer (&hint);
  /* A screen reader hears what the ring or the pointer is on. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->hint != NULL ? self->hint : "", -1);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HINT]);
}

const char *
mg_area_map_get_hint (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  return self->hint;
}

static gboolean
query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  MgAreaMap *self = MG_AREA_MAP (widget);
  const char *id = keyboard ? self->focus_area : mg_area_map_area_at (self, x, y);
  g_autofree char *text = describe (self, id);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---------------------------------------------------------------- input */

static void
emit_activated (MgAreaMap *self, const char *id)
{
  g_autofree char *copy = g_strdup (id);
  gboolean handled = FALSE;

  if (mg_area_map_is_target (self, copy))
    g_signal_emit (self, signals[TARGET_ACTIVATED], 0, copy, &handled);
  if (!handled)
    g_signal_emit (self, signals[AREA_ACTIVATED], 0, copy);
}

/* The model's token drawn at a widget position (the one drawn last, on top), or -1. */
static gint
token_at (MgAreaMap *self, double x, double y)
{
  mg_area_map_ensure_layout (self);
  for (guint t = self->token_rects->len; t-- > 0;)
    if (graphene_rect_contains_point (&g_array_index (self->token_rects, graphene_rect_t, t), &GRAPHENE_POINT_INIT (x, y)))
      return (gint) t;
  return -1;
}

gint
mg_area_map_get_clicked_token (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), -1);
  return self->clicked_token;
}

void
mg_area_map_click (MgAreaMap *self, double x, double y)
{
  const char *id = mg_area_map_area_at (self, x, y);

  if (id != NULL)
    {
      self->clicked_token = token_at (self, x, y);
      emit_activated (self, id);
      self->clicked_token = -1;
    }
  else
    g_signal_emit (self, signals[BACKGROUND_CLICKED], 0, (x - self->ox) / self->scale, (y - self->oy) / self->scale_y);
}

static void
set_focus_area (MgAreaMap *self, const char *id)
{
  MgAreaSpot *was, *spot;

  if (g_strcmp0 (id, self->focus_area) == 0)
    return;
  was = spot_of (self, self->focus_area);
  g_free (self->focus_area);
  self->focus_area = g_strdup (id);
  /* The note was about the area left. */
  if (was != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (was), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_clear_pointer (&self->note, g_free);
  spot = spot_of (self, id);
  if (spot != NULL && focus_within (self) && !gtk_widget_has_focus (GTK_WIDGET (spot)))
    gtk_widget_grab_focus (GTK_WIDGET (spot));
  update_hint (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, MgAreaMap *self)
{
  const char *id = mg_area_map_area_at (self, x, y);

  (void) gesture;
  (void) n_press;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (id != NULL)
    set_focus_area (self, id);
  mg_area_map_click (self, x, y);
}

static void
motion (GtkEventControllerMotion *controller, double x, double y, MgAreaMap *self)
{
  const char *id = mg_area_map_area_at (self, x, y);

  (void) controller;
  if (g_strcmp0 (id, self->hover_area) == 0)
    return;
  g_free (self->hover_area);
  self->hover_area = g_strdup (id);
  update_hint (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave (GtkEventControllerMotion *controller, MgAreaMap *self)
{
  (void) controller;
  g_clear_pointer (&self->hover_area, g_free);
  update_hint (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
mg_area_map_get_focus_area (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  return self->focus_area;
}

/* Zoomed in, the keyboard's area is brought into view. */
static void
keep_in_view (MgAreaMap *self, const char *id)
{
  double x, y, m = self->radius * 2;

  if (self->zoom <= 1.0 || !mg_area_map_area_position (self, id, &x, &y))
    return;
  if (x < m || x > self->lw - m || y < m || y > self->map_h - m)
    {
      json_object *a = mg_area_map_find_area (self, id);
      self->pan_x = mg_ui_json_int (a, "x", 0) - self->bcx;
      self->pan_y = mg_ui_json_int (a, "y", 0) - self->bcy;
      mg_area_map_invalidate (self);
    }
}

gboolean
mg_area_map_move_focus (MgAreaMap *self, int dx, int dy)
{
  json_object *list = mg_area_map_areas (self), *from;
  const char *best = NULL;
  double best_score = G_MAXDOUBLE, fx, fy;

  g_return_val_if_fail (MG_IS_AREA_MAP (self), FALSE);
  from = mg_area_map_find_area (self, self->focus_area != NULL ? self->focus_area : self->selected);
  if (from == NULL)
    {
      /* Nothing yet: the first area. */
      if (mg_ui_json_len (list) == 0)
        return FALSE;
      set_focus_area (self, mg_ui_json_str (json_object_array_get_idx (list, 0), "id"));
      return TRUE;
    }
  fx = mg_ui_json_int (from, "x", 0);
  fy = mg_ui_json_int (from, "y", 0);
  /* The nearest area ahead in that direction, a sideways step counting double. */
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      double ax = mg_ui_json_int (a, "x", 0) - fx, ay = mg_ui_json_int (a, "y", 0) - fy;
      double ahead = ax * dx + ay * dy, aside = fabs (ax * dy - ay * dx), score;

      if (a == from || ahead <= 0)
        continue;
      score = ahead + 2 * aside;
      if (score < best_score)
        {
          best_score = score;
          best = mg_ui_json_str (a, "id");
        }
    }
  if (best == NULL)
    return TRUE;   /* at the edge: the key is still the map's (the focus stays) */
  set_focus_area (self, best);
  keep_in_view (self, best);
  return TRUE;
}

gboolean
mg_area_map_activate_focus (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), FALSE);
  if (mg_area_map_find_area (self, self->focus_area) == NULL)
    return FALSE;
  emit_activated (self, self->focus_area);
  return TRUE;
}

static gboolean
key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, MgAreaMap *self)
{
  (void) keys;
  (void) keycode;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      return mg_area_map_move_focus (self, -1, 0);
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      return mg_area_map_move_focus (self, 1, 0);
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      return mg_area_map_move_focus (self, 0, -1);
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      return mg_area_map_move_focus (self, 0, 1);
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter: case GDK_KEY_space:
      return mg_area_map_activate_focus (self);
    case GDK_KEY_Escape:
      g_signal_emit (self, signals[CANCELLED], 0);
      return TRUE;
    case GDK_KEY_plus: case GDK_KEY_equal: case GDK_KEY_KP_Add:
      mg_area_map_zoom (self, 1.25);
      return TRUE;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
      mg_area_map_zoom (self, 0.8);
      return TRUE;
    case GDK_KEY_0: case GDK_KEY_KP_0:
      mg_area_map_fit (self);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
focus_enter (MgAreaMap *self)
{
  json_object *list = mg_area_map_areas (self);

  /* The ring shows at once: on the selected area, else the first. */
  if (mg_area_map_find_area (self, self->focus_area) == NULL)
    set_focus_area (self, self->selected != NULL ? self->selected
                    : (mg_ui_json_len (list) ? mg_ui_json_str (json_object_array_get_idx (list, 0), "id") : NULL));
  update_hint (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
focus_leave (MgAreaMap *self)
{
  update_hint (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, MgAreaMap *self)
{
  const char *id = self->editable ? mg_area_map_area_at (self, x, y) : NULL;

  g_free (self->dragging);
  self->dragging = g_strdup (id);
  self->panning = id == NULL && self->zoom > 1.0;
  self->pan_start_x = self->pan_x;
  self->pan_start_y = self->pan_y;
  if (id == NULL && !self->panning)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, MgAreaMap *self)
{
  (void) gesture;
  if (!self->panning)
    return;
  self->pan_x = CLAMP (self->pan_start_x - dx / self->scale, -self->bw / 2, self->bw / 2);
  self->pan_y = CLAMP (self->pan_start_y - dy / self->scale, -self->bh / 2, self->bh / 2);
  mg_area_map_invalidate (self);
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, MgAreaMap *self)
{
  double sx, sy;

  self->panning = FALSE;
  if (self->dragging == NULL || (fabs (dx) < 4 && fabs (dy) < 4))
    return;
  gtk_gesture_drag_get_start_point (gesture, &sx, &sy);
  g_signal_emit (self, signals[AREA_DRAGGED], 0, self->dragging,
                 (sx + dx - self->ox) / self->scale, (sy + dy - self->oy) / self->scale);
  g_clear_pointer (&self->dragging, g_free);
}

/* ---------------------------------------------------------------- the widget */

/* For a width, the height that shows the map whole at that width (its aspect kept) with its
 * legend: what the map wants when its page lays it out under the width (a narrow window). */
static void
mg_area_map_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgAreaMap *self = MG_AREA_MAP (widget);

  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 280 : 240;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 560;
  *min_baseline = *nat_baseline = -1;
  /* Far: whatever room the display gives, filled. */
  if (!self->far && orientation == GTK_ORIENTATION_VERTICAL && for_size > 0 && mg_ui_json_len (mg_area_map_areas (self)) > 1)
    {
      json_object *list = mg_area_map_areas (self);
      double minx = G_MAXDOUBLE, miny = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
      double radius = CLAMP (for_size / 24.0, 14.0, 30.0), font = CLAMP (radius * 0.45, 10, 14);
      double margin = radius + 2 * font + 6, vertical = 2 * radius + 2 * RING_ROOM + NAME_GAP + font * 1.4 + 10;

      for (gsize i = 0; i < mg_ui_json_len (list); i++)
        {
          json_object *a = json_object_array_get_idx (list, i);
          minx = MIN (minx, mg_ui_json_int (a, "x", 0));
          maxx = MAX (maxx, mg_ui_json_int (a, "x", 0));
          miny = MIN (miny, mg_ui_json_int (a, "y", 0));
          maxy = MAX (maxy, mg_ui_json_int (a, "y", 0));
        }
      if (maxx > minx)
        *natural = MAX (*minimum, (int) ((maxy - miny) / (maxx - minx) * (for_size - 2 * margin) + vertical
                                         + layout_legend (self, NULL, for_size)));
    }
}

static void
mg_area_map_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (mg_area_map_parent_class)->css_changed (widget, change);
  /* The fonts may have changed: the texts shaped and the names measured again. */
  g_hash_table_remove_all (MG_AREA_MAP (widget)->layouts);
  g_hash_table_remove_all (MG_AREA_MAP (widget)->nodes);
  mg_area_map_invalidate (MG_AREA_MAP (widget));
}

static void
name_spot_clear (gpointer data)
{
  g_free (((NameSpot *) data)->text);
}

static void
mg_area_map_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  if (id == PROP_HINT)
    g_value_set_string (value, MG_AREA_MAP (object)->hint);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
mg_area_map_dispose (GObject *object)
{
  MgAreaMap *self = MG_AREA_MAP (object);

  while (self->spots != NULL && self->spots->len > 0)
    {
      gtk_widget_unparent (self->spots->pdata[self->spots->len - 1]);
      g_ptr_array_remove_index (self->spots, self->spots->len - 1);
    }
  g_clear_pointer (&self->spots, g_ptr_array_unref);
  G_OBJECT_CLASS (mg_area_map_parent_class)->dispose (object);
}

static void
mg_area_map_finalize (GObject *object)
{
  MgAreaMap *self = MG_AREA_MAP (object);

  g_clear_pointer (&self->model, json_object_put);
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->targets, g_strfreev);
  g_clear_pointer (&self->target_texts, g_hash_table_unref);
  g_clear_pointer (&self->dragging, g_free);
  g_clear_pointer (&self->focus_area, g_free);
  g_clear_pointer (&self->hover_area, g_free);
  g_clear_pointer (&self->hint, g_free);
  g_clear_pointer (&self->note, g_free);
  g_clear_pointer (&self->names, g_array_unref);
  g_clear_pointer (&self->token_rects, g_array_unref);
  g_clear_pointer (&self->area_boxes, g_array_unref);
  g_clear_pointer (&self->layouts, g_hash_table_unref);
  g_clear_pointer (&self->nodes, g_hash_table_unref);
  g_clear_pointer (&self->look, g_free);
  G_OBJECT_CLASS (mg_area_map_parent_class)->finalize (object);
}

static void
mg_area_map_class_init (MgAreaMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_area_map_dispose;
  object_class->finalize = mg_area_map_finalize;
  widget_class->size_allocate = mg_area_map_size_allocate;
  widget_class->focus = mg_area_map_focus;
  widget_class->grab_focus = mg_area_map_grab_focus;
  object_class->get_property = mg_area_map_get_property;
  widget_class->snapshot = mg_area_map_snapshot;
  widget_class->measure = mg_area_map_measure;
  widget_class->css_changed = mg_area_map_css_changed;
  widget_class->query_tooltip = query_tooltip;
  gtk_widget_class_set_css_name (widget_class, "areamap");
  /* A group of areas, each a button (GTK 4.8 gives an image no children). */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  props[PROP_HINT] = g_param_spec_string ("hint", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[AREA_ACTIVATED] = g_signal_new ("area-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TARGET_ACTIVATED] = g_signal_new ("target-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_STRING);
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[BACKGROUND_CLICKED] = g_signal_new ("background-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[AREA_DRAGGED] = g_signal_new ("area-dragged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
mg_area_map_init (MgAreaMap *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *moves = gtk_event_controller_motion_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkGesture *pinch = gtk_gesture_zoom_new ();

  self->scale = self->scale_y = 1;
  self->zoom = 1;
  self->radius = 30;
  self->token = MIN_TOKEN;
  self->clicked_token = -1;
  self->names = g_array_new (FALSE, TRUE, sizeof (NameSpot));
  g_array_set_clear_func (self->names, name_spot_clear);
  self->token_rects = g_array_new (FALSE, TRUE, sizeof (graphene_rect_t));
  self->area_boxes = g_array_new (FALSE, TRUE, sizeof (graphene_rect_t));
  self->spots = g_ptr_array_new ();
  self->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->nodes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) gsk_render_node_unref);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (moves, "motion", G_CALLBACK (motion), self);
  g_signal_connect (moves, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (widget, moves);
  g_signal_connect (scroll, "scroll", G_CALLBACK (mg_area_map_scrolled), self);
  gtk_widget_add_controller (widget, scroll);
  g_signal_connect (pinch, "begin", G_CALLBACK (mg_area_map_pinch_begin), self);
  g_signal_connect (pinch, "scale-changed", G_CALLBACK (mg_area_map_pinch_changed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (pinch));
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  /* Without a mouse: Tab to the map, arrows from area to area, Enter or Space to pick one. */
  gtk_event_controller_set_name (keys, "mg-area-map-keys");
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (widget, keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_enter), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_leave), self);
  gtk_widget_add_controller (widget, focus);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"), -1);
}

MgAreaMap *
mg_area_map_new (void)
{
  return g_object_new (MG_TYPE_AREA_MAP, NULL);
}

/* The areas are where they were (the same, at the same places) and so is the legend: a model
 * that changed only what stands on the areas and their colours changes nobody's allocation. */
static gboolean
same_places (json_object *a, json_object *b)
{
  json_object *la = mg_ui_json_array (a, "areas"), *lb = mg_ui_json_array (b, "areas");
  json_object *ga = mg_ui_json_get (a, "legend"), *gb = mg_ui_json_get (b, "legend");

  if (mg_ui_json_len (la) != mg_ui_json_len (lb) || !(ga == gb || (ga != NULL && gb != NULL && json_object_equal (ga, gb))))
    return FALSE;
  for (gsize i = 0; i < mg_ui_json_len (la); i++)
    {
      json_object *x = json_object_array_get_idx (la, i), *y = json_object_array_get_idx (lb, i);

      if (g_strcmp0 (mg_ui_json_str (x, "id"), mg_ui_json_str (y, "id")) != 0
          || mg_ui_json_int (x, "x", 0) != mg_ui_json_int (y, "x", 0) || mg_ui_json_int (x, "y", 0) != mg_ui_json_int (y, "y", 0))
        return FALSE;
    }
  return TRUE;
}

void
mg_area_map_set_model (MgAreaMap *self, json_object *model)
{
  gboolean moved;

  g_return_if_fail (MG_IS_AREA_MAP (self));
  /* The same map as shown (most pages' changes, issue 43): nothing to draw again. A model changed
   * in place is given again as the same object: drawn again. */
  if (model != NULL && self->model != NULL && model != self->model && json_object_equal (model, self->model))
    return;
  moved = model == NULL || model == self->model || self->model == NULL || !same_places (self->model, model);
  g_clear_pointer (&self->model, json_object_put);
  self->model = model ? json_object_get (model) : NULL;
  if (self->selected != NULL && mg_area_map_find_area (self, self->selected) == NULL)
    g_clear_pointer (&self->selected, g_free);
  sync_spots (self);
  if (moved)
    mg_area_map_invalidate (self);
  else
    {
      /* Laid out again (the names go round the tokens), drawn again; each area's spot stays. */
      self->laid_out = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  update_hint (self);
}

json_object *
mg_area_map_get_model (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  return self->model;
}

void
mg_area_map_set_selected (MgAreaMap *self, const char *id)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  if (g_strcmp0 (id, self->selected) == 0)
    return;
  g_free (self->selected);
  self->selected = g_strdup (id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
mg_area_map_get_selected (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  return self->selected;
}

/* Each target's text, the same in both (NULL: none). */
static gboolean
same_texts (GHashTable *a, GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  if (a == NULL || b == NULL)
    return a == b;
  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

void
mg_area_map_set_targets_with_texts (MgAreaMap *self, const char * const *ids, const char * const *texts)
{
  GStrv targets;
  GHashTable *target_texts = NULL;

  g_return_if_fail (MG_IS_AREA_MAP (self));
  targets = ids ? g_strdupv ((char **) ids) : NULL;
  if (ids != NULL && texts != NULL)
    {
      target_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint i = 0; ids[i] != NULL; i++)
        if (texts[i] != NULL && !g_hash_table_contains (target_texts, ids[i]))
          g_hash_table_insert (target_texts, g_strdup (ids[i]), g_strdup (texts[i]));
    }
  /* The same destinations saying the same (a page filled again after a change elsewhere, issue
   * 43): nothing to draw again. */
  if (((targets == NULL && self->targets == NULL)
       || (targets != NULL && self->targets != NULL && g_strv_equal ((const char * const *) targets, (const char * const *) self->targets)))
      && same_texts (target_texts, self->target_texts))
    {
      g_strfreev (targets);
      g_clear_pointer (&target_texts, g_hash_table_unref);
      return;
    }
  g_clear_pointer (&self->targets, g_strfreev);
  g_clear_pointer (&self->target_texts, g_hash_table_unref);
  self->targets = targets;
  self->target_texts = target_texts;
  update_hint (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_area_map_set_targets (MgAreaMap *self, const char * const *ids)
{
  mg_area_map_set_targets_with_texts (self, ids, NULL);
}

void
mg_area_map_set_editable (MgAreaMap *self, gboolean editable)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  self->editable = editable;
}

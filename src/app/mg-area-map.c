/* mg-area-map.c — draws a map of areas (positions, borders, marks, owners' tokens) and reports clicks; any game. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mg-area-map.h"
#include "mg-ui-json.h"

/* Sizes follow the widget: full size on a page, smaller in a narrow replay pane. */
#define AREA_RADIUS (self->radius)
#define TOKEN_SIZE  (self->radius * 0.55)
#define MARGIN      (self->radius + 24.0)

struct _MgAreaMap
{
  GtkWidget    parent_instance;

  json_object *model;
  char        *selected;
  GStrv        targets;
  gboolean     editable;
  char        *dragging;
  char        *focus_area;   /* where the arrow keys are, drawn with a ring while focused */
  /* model → widget: x' = ox + x * scale */
  double       scale, ox, oy;
  double       radius;
  /* The text's layouts, one per font (names, "+1", token letters), kept from frame to frame:
   * a layout made for each text cost 0.5M instructions (its font looked up again). */
  struct { PangoLayout *layout; gboolean bold; double size; } text[4];
};

G_DEFINE_FINAL_TYPE (MgAreaMap, mg_area_map, GTK_TYPE_WIDGET)

enum { AREA_ACTIVATED, BACKGROUND_CLICKED, AREA_DRAGGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static json_object *
areas (MgAreaMap *self)
{
  return mg_ui_json_array (self->model, "areas");
}

static json_object *
find_area (MgAreaMap *self, const char *id)
{
  json_object *list = areas (self);

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

/* Fits the areas' bounding box into the widget. */
static void
compute_transform (MgAreaMap *self, double width, double height)
{
  json_object *list = areas (self);
  double minx = G_MAXDOUBLE, miny = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  double sx, sy;

  self->radius = CLAMP (MIN (width, height) / 24.0, 10.0, 30.0);
  if (mg_ui_json_len (list) == 0)
    {
      self->scale = 1;
      self->ox = self->oy = MARGIN;
      return;
    }
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      double x = mg_ui_json_int (a, "x", 0), y = mg_ui_json_int (a, "y", 0);
      minx = MIN (minx, x);
      maxx = MAX (maxx, x);
      miny = MIN (miny, y);
      maxy = MAX (maxy, y);
    }
  sx = (maxx - minx) > 0 ? (width - 2 * MARGIN) / (maxx - minx) : 1;
  sy = (maxy - miny) > 0 ? (height - 2 * MARGIN) / (maxy - miny) : 1;
  self->scale = MAX (MIN (sx, sy), 0.01);
  self->ox = (width - (maxx - minx) * self->scale) / 2 - minx * self->scale;
  self->oy = (height - (maxy - miny) * self->scale) / 2 - miny * self->scale;
}

static void
to_widget (MgAreaMap *self, json_object *area, double *x, double *y)
{
  *x = self->ox + mg_ui_json_int (area, "x", 0) * self->scale;
  *y = self->oy + mg_ui_json_int (area, "y", 0) * self->scale;
}

static void
colour (cairo_t *cr, const char *spec, double alpha)
{
  GdkRGBA rgba;

  if (spec == NULL || !gdk_rgba_parse (&rgba, spec))
    gdk_rgba_parse (&rgba, "#77767b");
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, alpha);
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

/* The kept layout for a font (see text[]). */
static PangoLayout *
layout_for (MgAreaMap *self, gboolean bold, double size)
{
  guint slot = 0;

  for (guint i = 0; i < G_N_ELEMENTS (self->text); i++)
    if (self->text[i].layout == NULL)
      slot = i;
    else if (self->text[i].bold == bold && self->text[i].size == size)
      return self->text[i].layout;

  PangoFontDescription *font = pango_font_description_new ();
  PangoLayout *layout;

  g_clear_object (&self->text[slot].layout);
  layout = self->text[slot].layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  self->text[slot].bold = bold;
  self->text[slot].size = size;
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  return layout;
}

static void
text_centred (MgAreaMap *self, cairo_t *cr, const char *text, double x, double y, gboolean bold, double size)
{
  PangoLayout *layout = layout_for (self, bold, size);
  int w, h;

  /* A layout notices its widget's context changing (font settings, scale) by itself. */
  pango_layout_set_width (layout, -1);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
}

/* An area's name, laid out under it: wrapped between words when it would run into the name of
 * an area beside it (in a narrow window "Green Vale" ran into "Stonebridge"). *x, *y: where to
 * show the layout; *rect: where its text is. */
static PangoLayout *
name_layout (MgAreaMap *self, json_object *area, double *x, double *y, graphene_rect_t *rect)
{
  json_object *list = areas (self);
  const char *label = mg_ui_json_str (area, "label"), *id = mg_ui_json_str (area, "id");
  double size = CLAMP (AREA_RADIUS * 0.4, 8, 12), ax, ay, room = G_MAXDOUBLE;
  PangoLayout *layout = layout_for (self, FALSE, size);
  PangoRectangle logical;
  int w, h;

  to_widget (self, area, &ax, &ay);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *b = json_object_array_get_idx (list, i);
      double bx, by;

      if (b == area)
        continue;
      to_widget (self, b, &bx, &by);
      /* Names on about the same line: each may take the gap between the two areas, less a space. */
      if (fabs (by - ay) < 3 * size)
        room = MIN (room, fabs (bx - ax) - size / 2);
    }
  pango_layout_set_width (layout, -1);
  pango_layout_set_text (layout, label ? label : (id ? id : ""), -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  /* One line: its middle 10 px under the area; more lines go on down. */
  *x = ax - w / 2.0;
  *y = ay + AREA_RADIUS + 10 - h / 2.0;
  *rect = GRAPHENE_RECT_INIT (*x, *y, w, h);
  if (w <= room)
    return layout;
  room = MAX (room, size);
  pango_layout_set_width (layout, (int) (room * PANGO_SCALE));
  pango_layout_get_pixel_extents (layout, NULL, &logical);   /* the lines centred in the width */
  *x = ax - room / 2;
  *rect = GRAPHENE_RECT_INIT (*x + logical.x, *y, logical.width, logical.height);
  return layout;
}

static gboolean
is_target (MgAreaMap *self, const char *id)
{
  return self->targets != NULL && id != NULL && g_strv_contains ((const char * const *) self->targets, id);
}

static void
mg_area_map_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgAreaMap *self = MG_AREA_MAP (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  json_object *list = areas (self), *tokens = mg_ui_json_array (self->model, "tokens");
  GdkRGBA fg, bg;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  compute_transform (self, width, height);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  /* Areas are first filled with the page's background, so borders end at their edge. */
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "view_bg_color", &bg))
    bg = (GdkRGBA) { 1 - fg.red, 1 - fg.green, 1 - fg.blue, 1 };
  G_GNUC_END_IGNORE_DEPRECATIONS
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* Borders, once per pair. */
  cairo_set_line_width (cr, 3);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i), *nb = mg_ui_json_array (a, "neighbours");
      double ax, ay;

      to_widget (self, a, &ax, &ay);
      for (gsize j = 0; j < mg_ui_json_len (nb); j++)
        {
          json_object *b = find_area (self, json_object_get_string (json_object_array_get_idx (nb, j)));
          double bx, by;
          if (b == NULL || g_strcmp0 (mg_ui_json_str (a, "id"), mg_ui_json_str (b, "id")) > 0)
            continue;
          to_widget (self, b, &bx, &by);
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, bx, by);
          cairo_stroke (cr);
        }
    }

  /* Areas. */
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      const char *id = mg_ui_json_str (a, "id");
      gboolean castle = has_mark (a, "castle"), mountain = has_mark (a, "mountain");
      double x, y;

      to_widget (self, a, &x, &y);
      cairo_new_path (cr);
      if (castle)
        cairo_rectangle (cr, x - AREA_RADIUS, y - AREA_RADIUS, 2 * AREA_RADIUS, 2 * AREA_RADIUS);
      else
        cairo_arc (cr, x, y, AREA_RADIUS, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, bg.red, bg.green, bg.blue);
      cairo_fill (cr);
      /* Fill: the owner's tint, else neutral; mountains grey-brown. */
      if (mg_ui_json_str (a, "owner") != NULL)
        colour (cr, mg_ui_json_str (a, "owner"), 0.22);
      else if (mountain)
        cairo_set_source_rgba (cr, 0.55, 0.45, 0.35, 0.35);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.07);
      if (castle)
        cairo_rectangle (cr, x - AREA_RADIUS, y - AREA_RADIUS, 2 * AREA_RADIUS, 2 * AREA_RADIUS);
      else
        cairo_arc (cr, x, y, AREA_RADIUS, 0, 2 * G_PI);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, g_strcmp0 (id, self->selected) == 0 ? 5 : (is_target (self, id) ? 3 : 1.5));
      if (g_strcmp0 (id, self->selected) == 0)
        cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      else if (is_target (self, id))
        cairo_set_source_rgb (cr, 0.18, 0.76, 0.49);
      else
        cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
      if (is_target (self, id))
        {
          double dash[] = { 6, 4 };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* Marks: crenellations for a castle, a peak for mountains, "+1". */
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
      if (castle)
        for (int k = 0; k < 3; k++)
          {
            cairo_rectangle (cr, x - AREA_RADIUS + k * (AREA_RADIUS - 4), y - AREA_RADIUS - 7, 8, 7);
            cairo_fill (cr);
          }
      cairo_new_path (cr);
      if (mountain)
        {
          cairo_move_to (cr, x - AREA_RADIUS * 0.4, y - AREA_RADIUS * 0.45);
          cairo_line_to (cr, x, y - AREA_RADIUS * 0.95);
          cairo_line_to (cr, x + AREA_RADIUS * 0.4, y - AREA_RADIUS * 0.45);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
      if (has_mark (a, "plus_one"))
        text_centred (self, cr, "+1", x + AREA_RADIUS - 2, y - AREA_RADIUS + 4, TRUE, CLAMP (AREA_RADIUS * 0.4, 8, 12));
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 1);
      {
        graphene_rect_t r;
        double lx, ly;
        PangoLayout *layout = name_layout (self, a, &lx, &ly, &r);

        cairo_move_to (cr, lx, ly);
        pango_cairo_show_layout (cr, layout);
      }
    }

  /* The keyboard's area: a ring around it while the map has the focus. */
  if (self->focus_area != NULL && gtk_widget_has_focus (widget) && find_area (self, self->focus_area) != NULL)
    {
      double x, y, dash[] = { 4, 3 };

      to_widget (self, find_area (self, self->focus_area), &x, &y);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, AREA_RADIUS * 1.45, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* Tokens, in a row inside their area. */
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      const char *id = mg_ui_json_str (a, "id");
      guint n = 0, k = 0;
      double x, y;

      to_widget (self, a, &x, &y);
      for (gsize t = 0; t < mg_ui_json_len (tokens); t++)
        n += g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (tokens, t), "area"), id) == 0;
      for (gsize t = 0; t < mg_ui_json_len (tokens); t++)
        {
          json_object *tok = json_object_array_get_idx (tokens, t);
          double tx, ty;
          if (g_strcmp0 (mg_ui_json_str (tok, "area"), id) != 0)
            continue;
          /* Two rows of two inside the area. */
          tx = x + ((k % 2) ? 1 : -1) * (n > 1 ? TOKEN_SIZE * 0.65 : 0);
          ty = y + ((k / 2) ? 1 : -1) * (n > 2 ? TOKEN_SIZE * 0.65 : 0);
          k++;
          cairo_new_path (cr);
          draw_shape (cr, mg_ui_json_str (tok, "shape"), tx, ty, TOKEN_SIZE / 2);
          colour (cr, mg_ui_json_str (tok, "colour"), 1);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_set_line_width (cr, 1);
          cairo_stroke (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
          text_centred (self, cr, mg_ui_json_str (tok, "letter") ? mg_ui_json_str (tok, "letter") : "",
                        tx, ty, TRUE, CLAMP (AREA_RADIUS * 0.33, 7, 10));
        }
    }
  cairo_destroy (cr);
}

const char *
mg_area_map_area_at (MgAreaMap *self, double x, double y)
{
  json_object *list;
  const char *best = NULL;
  double best_d = AREA_RADIUS * AREA_RADIUS * 1.2;

  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  compute_transform (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  list = areas (self);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      double ax, ay, d;
      to_widget (self, a, &ax, &ay);
      d = (ax - x) * (ax - x) + (ay - y) * (ay - y);
      if (d < best_d)
        {
          best_d = d;
          best = mg_ui_json_str (a, "id");
        }
    }
  return best;
}

gboolean
mg_area_map_area_position (MgAreaMap *self, const char *id, double *x, double *y)
{
  json_object *a = find_area (self, id);

  if (a == NULL)
    return FALSE;
  compute_transform (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  to_widget (self, a, x, y);
  return TRUE;
}

gboolean
mg_area_map_name_rect (MgAreaMap *self, const char *id, graphene_rect_t *rect)
{
  json_object *a = find_area (self, id);
  double x, y;

  if (a == NULL)
    return FALSE;
  compute_transform (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  name_layout (self, a, &x, &y, rect);
  return TRUE;
}

void
mg_area_map_click (MgAreaMap *self, double x, double y)
{
  const char *id = mg_area_map_area_at (self, x, y);

  if (id != NULL)
    {
      g_autofree char *copy = g_strdup (id);
      g_signal_emit (self, signals[AREA_ACTIVATED], 0, copy);
    }
  else
    g_signal_emit (self, signals[BACKGROUND_CLICKED], 0, (x - self->ox) / self->scale, (y - self->oy) / self->scale);
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, MgAreaMap *self)
{
  const char *id = mg_area_map_area_at (self, x, y);

  (void) gesture;
  (void) n_press;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (id != NULL)
    {
      g_free (self->focus_area);
      self->focus_area = g_strdup (id);
    }
  mg_area_map_click (self, x, y);
}

const char *
mg_area_map_get_focus_area (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  return self->focus_area;
}

gboolean
mg_area_map_move_focus (MgAreaMap *self, int dx, int dy)
{
  json_object *list = areas (self), *from;
  const char *best = NULL;
  double best_score = G_MAXDOUBLE, fx, fy;

  g_return_val_if_fail (MG_IS_AREA_MAP (self), FALSE);
  from = find_area (self, self->focus_area != NULL ? self->focus_area : self->selected);
  if (from == NULL)
    {
      /* Nothing yet: the first area. */
      if (mg_ui_json_len (list) == 0)
        return FALSE;
      g_free (self->focus_area);
      self->focus_area = g_strdup (mg_ui_json_str (json_object_array_get_idx (list, 0), "id"));
      gtk_widget_queue_draw (GTK_WIDGET (self));
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
    return FALSE;
  g_free (self->focus_area);
  self->focus_area = g_strdup (best);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

gboolean
mg_area_map_activate_focus (MgAreaMap *self)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (MG_IS_AREA_MAP (self), FALSE);
  if (find_area (self, self->focus_area) == NULL)
    return FALSE;
  id = g_strdup (self->focus_area);
  g_signal_emit (self, signals[AREA_ACTIVATED], 0, id);
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
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
      return mg_area_map_activate_focus (self);
    default:
      return FALSE;
    }
}

static void
focus_changed (MgAreaMap *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, MgAreaMap *self)
{
  const char *id = self->editable ? mg_area_map_area_at (self, x, y) : NULL;

  g_free (self->dragging);
  self->dragging = g_strdup (id);
  if (id == NULL)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, MgAreaMap *self)
{
  double sx, sy;

  if (self->dragging == NULL || (fabs (dx) < 4 && fabs (dy) < 4))
    return;
  gtk_gesture_drag_get_start_point (gesture, &sx, &sy);
  g_signal_emit (self, signals[AREA_DRAGGED], 0, self->dragging,
                 (sx + dx - self->ox) / self->scale, (sy + dy - self->oy) / self->scale);
  g_clear_pointer (&self->dragging, g_free);
}

static void
mg_area_map_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  (void) widget;
  (void) for_size;
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 280 : 240;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 720 : 560;
  *min_baseline = *nat_baseline = -1;
}

static void
mg_area_map_finalize (GObject *object)
{
  MgAreaMap *self = MG_AREA_MAP (object);

  g_clear_pointer (&self->model, json_object_put);
  g_clear_pointer (&self->selected, g_free);
  g_clear_pointer (&self->targets, g_strfreev);
  g_clear_pointer (&self->dragging, g_free);
  g_clear_pointer (&self->focus_area, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (self->text); i++)
    g_clear_object (&self->text[i].layout);
  G_OBJECT_CLASS (mg_area_map_parent_class)->finalize (object);
}

static void
mg_area_map_class_init (MgAreaMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = mg_area_map_finalize;
  widget_class->snapshot = mg_area_map_snapshot;
  widget_class->measure = mg_area_map_measure;
  gtk_widget_class_set_css_name (widget_class, "areamap");
  signals[AREA_ACTIVATED] = g_signal_new ("area-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[BACKGROUND_CLICKED] = g_signal_new ("background-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[AREA_DRAGGED] = g_signal_new ("area-dragged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
mg_area_map_init (MgAreaMap *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->scale = 1;
  self->radius = 30;
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  /* Without a mouse: Tab to the map, arrows from area to area, Enter or Space to pick one. */
  {
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkEventController *focus = gtk_event_controller_focus_new ();

    gtk_event_controller_set_name (keys, "mg-area-map-keys");
    g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
    g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed), self);
    g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), focus);
    gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  }
}

MgAreaMap *
mg_area_map_new (void)
{
  return g_object_new (MG_TYPE_AREA_MAP, NULL);
}

void
mg_area_map_set_model (MgAreaMap *self, json_object *model)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  g_clear_pointer (&self->model, json_object_put);
  self->model = model ? json_object_get (model) : NULL;
  if (self->selected != NULL && find_area (self, self->selected) == NULL)
    g_clear_pointer (&self->selected, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

void
mg_area_map_set_targets (MgAreaMap *self, const char * const *ids)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  g_clear_pointer (&self->targets, g_strfreev);
  self->targets = ids ? g_strdupv ((char **) ids) : NULL;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_area_map_set_editable (MgAreaMap *self, gboolean editable)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  self->editable = editable;
}

/* mg-area-map-query.c — MgAreaMap's layout read back: what is where, and a free corner for the standings. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "mg-area-map-private.h"
#include "mg-ui-json.h"

/* ---------------------------------------------------------------- reading the layout */

const char *
mg_area_map_area_at (MgAreaMap *self, double x, double y)
{
  json_object *list;
  const char *best = NULL;
  double best_d;

  g_return_val_if_fail (MG_IS_AREA_MAP (self), NULL);
  mg_area_map_ensure_layout (self);
  if (y > self->map_h)
    return NULL;
  best_d = self->radius * self->radius * 1.44;
  list = mg_area_map_areas (self);
  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i);
      double ax, ay, d;
      mg_area_map_to_widget (self, a, &ax, &ay);
      d = (ax - x) * (ax - x) + (ay - y) * (ay - y);
      if (d < best_d)
        {
          best_d = d;
          best = mg_ui_json_str (a, "id");
        }
    }
  /* On an area's name: that area. */
  for (guint i = 0; best == NULL && i < self->names->len && i < mg_ui_json_len (list); i++)
    if (graphene_rect_contains_point (&g_array_index (self->names, NameSpot, i).rect, &GRAPHENE_POINT_INIT (x, y)))
      best = mg_ui_json_str (json_object_array_get_idx (list, i), "id");
  return best;
}

gboolean
mg_area_map_area_position (MgAreaMap *self, const char *id, double *x, double *y)
{
  json_object *a = mg_area_map_find_area (self, id);

  if (a == NULL)
    return FALSE;
  mg_area_map_ensure_layout (self);
  mg_area_map_to_widget (self, a, x, y);
  return TRUE;
}

static NameSpot *
name_spot (MgAreaMap *self, const char *id)
{
  json_object *list = mg_area_map_areas (self);

  mg_area_map_ensure_layout (self);
  for (gsize i = 0; i < mg_ui_json_len (list) && i < self->names->len; i++)
    if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (list, i), "id"), id) == 0)
      return &g_array_index (self->names, NameSpot, i);
  return NULL;
}

gboolean
mg_area_map_name_rect (MgAreaMap *self, const char *id, graphene_rect_t *rect)
{
  NameSpot *spot = name_spot (self, id);

  if (spot == NULL)
    return FALSE;
  *rect = spot->rect;
  return TRUE;
}

gboolean
mg_area_map_name_is_short (MgAreaMap *self, const char *id)
{
  NameSpot *spot = name_spot (self, id);

  return spot != NULL && spot->is_short;
}

gboolean
mg_area_map_token_rect (MgAreaMap *self, guint index, graphene_rect_t *rect)
{
  mg_area_map_ensure_layout (self);
  if (index >= self->token_rects->len)
    return FALSE;
  *rect = g_array_index (self->token_rects, graphene_rect_t, index);
  return rect->size.width > 0;
}

void
mg_area_map_legend_rect (MgAreaMap *self, graphene_rect_t *rect)
{
  mg_area_map_ensure_layout (self);
  *rect = GRAPHENE_RECT_INIT (0, self->map_h, self->lw, self->legend_h);
}

#define EDGE_STEPS 8

/* Whether a line from a to b runs through a box (sampled along it). */
static gboolean
segment_in_rect (const graphene_rect_t *rect, double ax, double ay, double bx, double by)
{
  for (int k = 0; k <= 64; k++)
    if (graphene_rect_contains_point (rect, &GRAPHENE_POINT_INIT (ax + (bx - ax) * k / 64.0, ay + (by - ay) * k / 64.0)))
      return TRUE;
  return FALSE;
}

/* Whether a box covers something drawn on the map: an area (its rings and its "+1"), a name, a
 * token, or a border between two mg_area_map_areas (its line, sampled). */
static gboolean
covers_drawing (MgAreaMap *self, const graphene_rect_t *rect)
{
  json_object *list = mg_area_map_areas (self);

  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i), *nb = mg_ui_json_array (a, "neighbours");
      graphene_rect_t box = mg_area_map_area_box (self, a);
      double ax, ay;

      graphene_rect_inset (&box, -RING_ROOM - mg_area_map_name_font (self), -RING_ROOM - mg_area_map_name_font (self));
      if (graphene_rect_intersection (rect, &box, NULL))
        return TRUE;
      mg_area_map_to_widget (self, a, &ax, &ay);
      for (gsize j = 0; j < mg_ui_json_len (nb); j++)
        {
          json_object *b = mg_area_map_find_area (self, json_object_get_string (json_object_array_get_idx (nb, j)));
          double bx, by;

          if (b == NULL)
            continue;
          mg_area_map_to_widget (self, b, &bx, &by);
          if (segment_in_rect (rect, ax, ay, bx, by))
            return TRUE;
        }
    }
  for (gsize i = 0; i < mg_ui_json_len (mg_ui_json_array (self->model, "waters")); i++)
    {
      json_object *water = json_object_array_get_idx (mg_ui_json_array (self->model, "waters"), i);
      double p[4];

      for (gsize k = 0; mg_area_map_water_segment (self, water, k, p); k++)
        if (segment_in_rect (rect, p[0], p[1], p[2], p[3])
            || (mg_area_map_water_line (self, water, k, FALSE, p) && segment_in_rect (rect, p[0], p[1], p[2], p[3])))
          return TRUE;
    }
  for (guint i = 0; i < self->names->len; i++)
    if (graphene_rect_intersection (rect, &g_array_index (self->names, NameSpot, i).rect, NULL))
      return TRUE;
  for (guint t = 0; t < self->token_rects->len; t++)
    if (graphene_rect_intersection (rect, &g_array_index (self->token_rects, graphene_rect_t, t), NULL))
      return TRUE;
  return FALSE;
}

/* The map laid out again, `clear_w` px kept free right of its areas, `clear_h` under them. */
static void
relayout (MgAreaMap *self, double clear_w, double clear_h)
{
  if (self->clear_w == clear_w && self->clear_h == clear_h && self->laid_out)
    return;
  self->clear_w = clear_w;
  self->clear_h = clear_h;
  self->laid_out = FALSE;
  mg_area_map_ensure_layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The first box of width × height along the map's edges covering nothing drawn: its four
 * corners first, then slid along its right, left, top and bottom edges. */
static int
first_free_corner (MgAreaMap *self, double width, double height, graphene_rect_t *rect)
{
  double right = self->lw - width, bottom = self->map_h - height;

  if (right < 0 || bottom < 0)
    return -1;
  for (int corner = 0; corner < 4 + 4 * EDGE_STEPS; corner++)
    {
      int edge = (corner - 4) / EDGE_STEPS;
      double f = ((corner - 4) % EDGE_STEPS + 1) / (EDGE_STEPS + 1.0);
      graphene_rect_t box;

      if (corner < 4)
        box = GRAPHENE_RECT_INIT ((corner % 2) ? right : 0, (corner / 2) ? bottom : 0, width, height);
      else if (edge < 2)
        box = GRAPHENE_RECT_INIT (edge == 0 ? right : 0, bottom * f, width, height);
      else
        box = GRAPHENE_RECT_INIT (right * f, edge == 2 ? 0 : bottom, width, height);
      if (!covers_drawing (self, &box))
        {
          if (rect != NULL)
            *rect = box;
          return MIN (corner, 4);
        }
    }
  return -1;
}

guint
mg_area_map_get_n_redrawn (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), 0);
  return self->n_redrawn;
}

/* How many names are shrunk to their initials in the present layout. */
guint
mg_area_map_n_short_names (MgAreaMap *self)
{
  guint n = 0;

  for (guint i = 0; i < self->names->len; i++)
    n += g_array_index (self->names, NameSpot, i).is_short;
  return n;
}

int
mg_area_map_free_corner (MgAreaMap *self, double width, double height, graphene_rect_t *rect)
{
  double clears[2][2] = { { width, 0 }, { 0, height } };
  int corner, best = -1;

  g_return_val_if_fail (MG_IS_AREA_MAP (self), -1);
  relayout (self, 0, 0);
  corner = first_free_corner (self, width, height, rect);
  if (corner >= 0 || !self->far || width >= self->lw / 2 || height >= self->map_h / 2)
    {
      if (corner < 0)
        relayout (self, 0, 0);
      return corner;
    }
  /* Far, no place free: the areas laid out left of the box or above it, the one taking the
   * smaller share of the room from them first; the other if the first shrinks a name to its
   * initials and it does not. */
  if (width / self->lw > height / self->map_h)
    {
      clears[0][0] = 0;
      clears[0][1] = height;
      clears[1][0] = width;
      clears[1][1] = 0;
    }
  for (int k = 0; k < 2; k++)
    {
      relayout (self, clears[k][0], clears[k][1]);
      if (first_free_corner (self, width, height, NULL) >= 0 && mg_area_map_n_short_names (self) == 0)
        return first_free_corner (self, width, height, rect);
      if (best < 0 && first_free_corner (self, width, height, NULL) >= 0)
        best = k;
    }
  if (best < 0)
    {
      relayout (self, 0, 0);
      return -1;
    }
  relayout (self, clears[best][0], clears[best][1]);
  return first_free_corner (self, width, height, rect);
}


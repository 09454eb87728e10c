/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-map-drawing.c — a MecaKnights map as an area-map model: lands placed from their borders. */
#include "config.h"

#include <math.h>

#include "mg-mecaknights-map-drawing.h"
#include "mg-mecaknights-util.h"

#define WIDTH  1000.0
#define HEIGHT 700.0
#define STEPS  300

static gint
land_index (json_object *lands, const char *name)
{
  for (gsize i = 0; i < mg_ui_json_len (lands); i++)
    if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (lands, i), "name"), name) == 0)
      return (gint) i;
  return -1;
}

/* Fruchterman–Reingold: neighbours pull, every pair pushes, the moves cool down. Deterministic:
 * no random start, a fixed number of steps. */
static void
place (json_object *lands, double *x, double *y)
{
  guint n = mg_ui_json_len (lands);
  double k = sqrt (WIDTH * HEIGHT / MAX (n, 1)) * 0.75;
  g_autofree double *dx = g_new0 (double, n);
  g_autofree double *dy = g_new0 (double, n);

  for (guint i = 0; i < n; i++)
    {
      x[i] = WIDTH / 2 + WIDTH / 3 * cos (2 * G_PI * i / MAX (n, 1));
      y[i] = HEIGHT / 2 + HEIGHT / 3 * sin (2 * G_PI * i / MAX (n, 1));
    }
  for (guint step = 0; step < STEPS; step++)
    {
      double t = WIDTH / 10 * (1.0 - (double) step / STEPS) + 1;

      for (guint i = 0; i < n; i++)
        {
          dx[i] = dy[i] = 0;
          for (guint j = 0; j < n; j++)
            {
              double ex = x[i] - x[j], ey = y[i] - y[j], d = MAX (sqrt (ex * ex + ey * ey), 1);

              if (i == j)
                continue;
              dx[i] += ex / d * k * k / d;
              dy[i] += ey / d * k * k / d;
            }
          {
            json_object *adjacent = mg_ui_json_array (json_object_array_get_idx (lands, i), "adjacent");

            for (gsize a = 0; a < mg_ui_json_len (adjacent); a++)
              {
                gint j = land_index (lands, json_object_get_string (json_object_array_get_idx (adjacent, a)));
                double ex, ey, d;

                if (j < 0 || (guint) j == i)
                  continue;
                ex = x[i] - x[j];
                ey = y[i] - y[j];
                d = MAX (sqrt (ex * ex + ey * ey), 1);
                dx[i] -= ex / d * d * d / k;
                dy[i] -= ey / d * d * d / k;
              }
          }
        }
      for (guint i = 0; i < n; i++)
        {
          double d = MAX (sqrt (dx[i] * dx[i] + dy[i] * dy[i]), 1e-9);

          x[i] += dx[i] / d * MIN (d, t);
          y[i] += dy[i] / d * MIN (d, t);
        }
    }
  /* Landscape, as the page is wider than tall: a map that came out tall is turned. */
  {
    double minx = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, miny = G_MAXDOUBLE, maxy = -G_MAXDOUBLE;

    for (guint i = 0; i < n; i++)
      {
        minx = MIN (minx, x[i]);
        maxx = MAX (maxx, x[i]);
        miny = MIN (miny, y[i]);
        maxy = MAX (maxy, y[i]);
      }
    for (guint i = 0; n > 0 && maxy - miny > maxx - minx && i < n; i++)
      {
        double swap = x[i];

        x[i] = y[i];
        y[i] = swap;
      }
  }
}

static char *
colour_hex (const char *colour)
{
  GdkRGBA rgba;

  if (!mg_mk_ui_colour_rgba (colour, &rgba))
    return NULL;
  return g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5), (int) (rgba.green * 255 + 0.5),
                          (int) (rgba.blue * 255 + 0.5));
}

/* Where a land or a large river's wave mark is drawn: a land at its place, a mark amid the lands
 * the river links it to. FALSE when neither. */
static gboolean
water_point (json_object *lands, const double *x, const double *y, json_object *links, const char *name,
             double *px, double *py)
{
  gint i = land_index (lands, name);
  guint n = 0;

  if (i >= 0)
    {
      *px = x[i];
      *py = y[i];
      return TRUE;
    }
  *px = *py = 0;
  for (gsize l = 0; l < mg_ui_json_len (links); l++)
    {
      json_object *pair = json_object_array_get_idx (links, l);

      for (int k = 0; k < 2; k++)
        if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (pair, k)), name) == 0
            && (i = land_index (lands, json_object_get_string (json_object_array_get_idx (pair, 1 - k)))) >= 0)
          {
            *px += x[i];
            *py += y[i];
            n++;
          }
    }
  if (n == 0)
    return FALSE;
  *px /= n;
  *py /= n;
  return TRUE;
}

/* The rivers as the area map draws waters (issue 45: the map drew none): a large river along its
 * links (lands and wave marks), a small one as the borders it runs under (crossings). */
static json_object *
waters_model (json_object *map, json_object *lands, const double *x, const double *y)
{
  json_object *rivers = mg_ui_json_array (map, "rivers"), *waters = json_object_new_array ();

  for (gsize r = 0; r < mg_ui_json_len (rivers); r++)
    {
      json_object *river = json_object_array_get_idx (rivers, r), *water = json_object_new_object ();
      gboolean large = g_strcmp0 (mg_ui_json_str (river, "size"), "large") == 0;
      json_object *pairs = mg_ui_json_array (river, large ? "links" : "crossings"), *segments = json_object_new_array ();

      for (gsize p = 0; p < mg_ui_json_len (pairs); p++)
        {
          json_object *pair = json_object_array_get_idx (pairs, p), *segment;
          double ax, ay, bx, by;

          if (!water_point (lands, x, y, pairs, json_object_get_string (json_object_array_get_idx (pair, 0)), &ax, &ay)
              || !water_point (lands, x, y, pairs, json_object_get_string (json_object_array_get_idx (pair, 1)), &bx, &by))
            continue;
          segment = json_object_new_array ();
          json_object_array_add (segment, json_object_new_double (ax));
          json_object_array_add (segment, json_object_new_double (ay));
          json_object_array_add (segment, json_object_new_double (bx));
          json_object_array_add (segment, json_object_new_double (by));
          json_object_array_add (segments, segment);
        }
      json_object_object_add (water, "label", json_object_new_string (mg_ui_json_str (river, "name") ? mg_ui_json_str (river, "name") : ""));
      json_object_object_add (water, "crossings", json_object_new_boolean (!large));
      json_object_object_add (water, "segments", segments);
      json_object_array_add (waters, water);
    }
  return waters;
}

json_object *
mg_mk_map_drawing_model (json_object *map, json_object *view)
{
  static const char *const shapes[] = { "circle", "square", "triangle", "diamond" };
  json_object *lands = mg_ui_json_array (map, "lands");
  json_object *leaders = mg_mk_ui_view_leaders (view);
  json_object *armies = mg_mk_ui_view_armies (view);
  guint n = mg_ui_json_len (lands);
  g_autofree double *x = g_new0 (double, MAX (n, 1));
  g_autofree double *y = g_new0 (double, MAX (n, 1));
  json_object *model = json_object_new_object ();
  json_object *areas = json_object_new_array ();
  json_object *tokens = json_object_new_array ();

  place (lands, x, y);
  for (guint i = 0; i < n; i++)
    {
      json_object *land = json_object_array_get_idx (lands, i);
      json_object *area = json_object_new_object ();
      json_object *marks = json_object_new_array ();
      json_object *neighbours = json_object_new_array ();
      json_object *adjacent = mg_ui_json_array (land, "adjacent");
      const char *owner = mg_ui_json_str (land, "owner");
      g_autofree char *tint = owner != NULL ? colour_hex (mg_mk_ui_view_colour (view, owner)) : NULL;

      for (gsize a = 0; a < mg_ui_json_len (adjacent); a++)
        json_object_array_add (neighbours, json_object_get (json_object_array_get_idx (adjacent, a)));
      if (json_object_get_boolean (mg_ui_json_get (land, "capital")) || mg_ui_json_str (land, "city") != NULL)
        json_object_array_add (marks, json_object_new_string ("castle"));
      json_object_object_add (area, "id", json_object_new_string (mg_ui_json_str (land, "name") ? mg_ui_json_str (land, "name") : ""));
      json_object_object_add (area, "label", json_object_new_string (mg_ui_json_str (land, "name") ? mg_ui_json_str (land, "name") : ""));
      json_object_object_add (area, "x", json_object_new_int ((int) lround (x[i])));
      json_object_object_add (area, "y", json_object_new_int ((int) lround (y[i])));
      json_object_object_add (area, "neighbours", neighbours);
      json_object_object_add (area, "marks", marks);
      if (tint != NULL)
        json_object_object_add (area, "owner", json_object_new_string (tint));
      json_object_array_add (areas, area);
    }
  /* An army is a token with its leader's initial, in the leader's colour, and a shape per seat
   * (so leaders read apart without colour). */
  for (gsize i = 0; i < mg_ui_json_len (armies); i++)
    {
      json_object *army = json_object_array_get_idx (armies, i);
      const char *leader = mg_ui_json_str (army, "leader");
      g_autofree char *units = mg_mk_ui_units_text (mg_ui_json_get (army, "units"));
      g_autofree char *title = g_strdup_printf ("%s · %s", mg_ui_json_str (army, "id"), units);
      g_autofree char *colour = colour_hex (mg_mk_ui_view_colour (view, leader));
      g_autofree char *letter = leader != NULL ? g_utf8_strup (leader, g_utf8_next_char (leader) - leader) : g_strdup ("?");
      json_object *token = json_object_new_object ();
      gint seat = 0;

      for (gsize l = 0; l < mg_ui_json_len (leaders); l++)
        if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (leaders, l), "name"), leader) == 0)
          seat = (gint) l;
      json_object_object_add (token, "area", json_object_new_string (mg_ui_json_str (army, "land") ? mg_ui_json_str (army, "land") : ""));
      json_object_object_add (token, "colour", json_object_new_string (colour != NULL ? colour : "#9a9996"));
      json_object_object_add (token, "letter", json_object_new_string (letter));
      json_object_object_add (token, "shape", json_object_new_string (shapes[seat % G_N_ELEMENTS (shapes)]));
      json_object_object_add (token, "title", json_object_new_string (title));
      /* Which army it is, for a click on it (the map draws the members above only). */
      json_object_object_add (token, "army", json_object_new_string (mg_ui_json_str (army, "id") ? mg_ui_json_str (army, "id") : ""));
      json_object_array_add (tokens, token);
    }
  json_object_object_add (model, "areas", areas);
  json_object_object_add (model, "tokens", tokens);
  json_object_object_add (model, "waters", waters_model (map, lands, x, y));
  return model;
}

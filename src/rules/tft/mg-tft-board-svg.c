/* mg-tft-board-svg.c — TFT Melee's arena as an SVG picture drawn from a view, for the players' phones (MgGame.board_svg). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The engine's own hex geometry (mg-tft-arena.c) places every hex, mega-hex border and counter, so
 * the phones show the board as the engine reads it; drawn from a view only, the picture can hold
 * nothing that view hides. No word in it but the figures' names: the phone's own words say what it
 * is (its alt text). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mg-tft.h"
#include "mg-tft-arena.h"

#define S 10.0                          /* a hex's centre to corner, in the picture's units */
#define SQRT3 1.7320508075688772

static const char * const side_colours[] = { "#bf2620", "#2154b8", "#268c33", "#bf8c0d" };

static json_object *
member (json_object *o, const char *key)
{
  json_object *v = NULL;
  return o != NULL && json_object_object_get_ex (o, key, &v) ? v : NULL;
}

static const char *
member_str (json_object *o, const char *key)
{
  json_object *v = member (o, key);
  return v != NULL && json_object_is_type (v, json_type_string) ? json_object_get_string (v) : NULL;
}

static gsize
array_len (json_object *a)
{
  return a != NULL && json_object_is_type (a, json_type_array) ? json_object_array_length (a) : 0;
}

/* The view's "fight"."arena" as the engine's arena (hexes off it, doors, the mega-hex centre). */
static gboolean
arena_from_view (json_object *arena, TftArena *ar)
{
  json_object *off = member (arena, "off"), *doors = member (arena, "doors");
  ar->cols = json_object_get_int (member (arena, "columns"));
  ar->rows = json_object_get_int (member (arena, "rows"));
  if (ar->cols < 2 || ar->cols > TFT_ARENA_MAX_SIDE || ar->rows < 2 || ar->rows > 99)
    return FALSE;
  ar->on = g_malloc (ar->cols * ar->rows);
  memset (ar->on, 1, ar->cols * ar->rows);
  ar->mh_centre = MAX (0, tft_hex_parse (ar, member_str (arena, "megahex_centre")));
  for (gsize i = 0; i < array_len (off); i++)
    {
      gint h = tft_hex_parse (ar, json_object_get_string (json_object_array_get_idx (off, i)));
      if (h >= 0)
        ar->on[h] = 0;
    }
  for (gsize i = 0; i < array_len (doors) && ar->n_doors < TFT_ARENA_MAX_DOORS; i++)
    {
      gint h = tft_hex_parse (ar, json_object_get_string (json_object_array_get_idx (doors, i)));
      if (tft_hex_on (ar, h))
        ar->doors[ar->n_doors++] = h;
    }
  return TRUE;
}

/* The centre of h in the picture (the top-left hex's corner at the origin). */
static void
centre (const TftArena *ar, gint h, gdouble *x, gdouble *y)
{
  tft_hex_xy (ar, h, x, y);
  *x = S * (*x + 1.0);
  *y = S * (*y + SQRT3 / 2);
}

/* The hexes, each named (data-hex) for whoever reads the picture, then the thick mega-hex borders
 * and walls as one path: each side drawn once, where the neighbour is of another mega-hex or no hex. */
static void
draw_hexes (const TftArena *ar, GString *out)
{
  GString *borders = g_string_new (NULL);
  g_string_append (out, "<defs><polygon id=\"h\" points=\"10,0 5,8.66 -5,8.66 -10,0 -5,-8.66 5,-8.66\"/></defs>"
                        "<g fill=\"#eee3c7\" stroke=\"#b8ab8f\" stroke-width=\"0.4\">");
  for (gint h = 0; h < ar->cols * ar->rows; h++)
    {
      gdouble x, y;
      char name[8];
      if (!ar->on[h])
        continue;
      centre (ar, h, &x, &y);
      tft_hex_name (ar, h, name);
      g_string_append_printf (out, "<use href=\"#h\" x=\"%g\" y=\"%g\" data-hex=\"%s\"/>", round (x * 10) / 10,
                              round (y * 10) / 10, name);
      for (gint d = 0; d < 6; d++)
        {
          gint n = tft_hex_step (ar, h, d);
          /* side d lies between the corners at (d + 4) · 60° and (d + 5) · 60° (0° east, clockwise) */
          gdouble a0 = G_PI / 3 * (d + 4), a1 = G_PI / 3 * (d + 5);
          if (n >= 0 && (n < h || tft_megahex_dist (ar, n, h) == 0))
            continue;
          g_string_append_printf (borders, "M%g,%gL%g,%g", round ((x + S * cos (a0)) * 10) / 10,
                                  round ((y + S * sin (a0)) * 10) / 10, round ((x + S * cos (a1)) * 10) / 10,
                                  round ((y + S * sin (a1)) * 10) / 10);
        }
    }
  g_string_append_printf (out, "</g><path d=\"%s\" stroke=\"#111\" stroke-width=\"1.4\" stroke-linecap=\"round\" "
                               "fill=\"none\"/>", borders->str);
  g_string_free (borders, TRUE);
  for (guint i = 0; i < ar->n_doors; i++)
    {
      gdouble x, y;
      centre (ar, ar->doors[i], &x, &y);
      g_string_append_printf (out, "<text x=\"%g\" y=\"%g\" font-size=\"8\" text-anchor=\"middle\" fill=\"#9a7319\">"
                                   "\xe2\x98\x85</text>", round (x * 10) / 10, round ((y + 3) * 10) / 10);
    }
}

static gint
side_index (json_object *fight, const char *side)
{
  json_object *sides = member (fight, "sides");
  for (gsize i = 0; i < array_len (sides); i++)
    if (g_strcmp0 (member_str (json_object_array_get_idx (sides, i), "name"), side) == 0)
      return (gint) i;
  return 0;
}

/* Lying, kneeling, or out of the fight: drawn grey, with no facing ("rear" all round, p. 11). */
static gboolean
is_down (json_object *f)
{
  return g_strcmp0 (member_str (f, "posture"), "standing") != 0 || g_strcmp0 (member_str (f, "state"), "fighting") != 0;
}

/* A counter in its side's colour (grey when down), a white wedge on the side it faces, the first
 * three letters of its name; the group names the figure, its hex and its facing. */
static void
draw_counter (const TftArena *ar, json_object *fight, json_object *f, GString *out)
{
  const char *name = member_str (f, "name") ?: "";
  const char *facing = member_str (f, "facing") ?: "N";
  gint h = tft_hex_parse (ar, member_str (f, "hex")), k = 0;
  gboolean down = is_down (f);
  char hex[8];
  g_autofree char *label = NULL, *short_name = NULL, *esc_name = NULL, *esc_facing = NULL;
  gdouble x, y;

  if (!tft_hex_on (ar, h))
    return;
  for (gint d = 0; d < 6; d++)
    if (strcmp (facing, tft_facing_names[d]) == 0)
      k = d;
  centre (ar, h, &x, &y);
  tft_hex_name (ar, h, hex);
  x = round (x * 10) / 10, y = round (y * 10) / 10;
  short_name = g_utf8_substring (name, 0, MIN (3, g_utf8_strlen (name, -1)));
  label = g_markup_escape_text (short_name, -1);
  esc_name = g_markup_escape_text (name, -1);
  esc_facing = g_markup_escape_text (tft_facing_names[k], -1);
  /* the title says what stands where in no language: its name, its hex, the side it faces (none when
   * it is down: "rear" all round) */
  g_string_append_printf (out, "<g data-figure=\"%s\" data-hex=\"%s\" data-facing=\"%s\"%s><title>%s, %s%s%s</title>"
                               "<circle cx=\"%g\" cy=\"%g\" r=\"8\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.8\"/>",
                          esc_name, hex, esc_facing, down ? " data-down=\"true\"" : "", esc_name, hex,
                          down ? "" : ", ", down ? "" : esc_facing, x, y, down ? "#8c8c8c" : side_colours[side_index (fight, member_str (f, "side")) % 4]);
  if (!down)
    {
      gdouble a = (-90 + 60 * k) * G_PI / 180;
      g_string_append_printf (out, "<polygon fill=\"#fff\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>",
                              x + S * 0.86 * cos (a), y + S * 0.86 * sin (a), x + S * 0.5 * cos (a + 0.5),
                              y + S * 0.5 * sin (a + 0.5), x + S * 0.5 * cos (a - 0.5), y + S * 0.5 * sin (a - 0.5));
    }
  g_string_append_printf (out, "<text x=\"%g\" y=\"%g\" font-size=\"7\" font-weight=\"bold\" text-anchor=\"middle\" "
                               "fill=\"#fff\">%s</text></g>", x, round ((y + 2.5) * 10) / 10, label);
}

char *
mg_tft_board_svg (json_object *view)
{
  json_object *fight = member (view, "fight"), *arena = member (fight, "arena");
  json_object *figs = member (fight, "figures"), *dropped = member (fight, "dropped");
  TftArena ar = { 0 };
  GString *out;

  if (arena == NULL || !arena_from_view (arena, &ar))
    return NULL;
  out = g_string_new (NULL);
  g_string_append_printf (out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %g %g\">",
                          S * (1.5 * ar.cols + 0.5), ceil (S * SQRT3 * (ar.rows + 0.5)));
  draw_hexes (&ar, out);
  /* the fallen first, so one standing in their hex is drawn over them */
  for (gint standing = 0; standing < 2; standing++)
    for (gsize i = 0; i < array_len (figs); i++)
      if (is_down (json_object_array_get_idx (figs, i)) != standing)
        draw_counter (&ar, fight, json_object_array_get_idx (figs, i), out);
  /* a weapon on the ground: a bar across the foot of its hex */
  for (gsize i = 0; i < array_len (dropped); i++)
    {
      gdouble x, y;
      gint h = tft_hex_parse (&ar, member_str (json_object_array_get_idx (dropped, i), "hex"));
      char hex[8];
      if (!tft_hex_on (&ar, h))
        continue;
      centre (&ar, h, &x, &y);
      tft_hex_name (&ar, h, hex);
      g_string_append_printf (out, "<path data-dropped=\"%s\" d=\"M%.1f,%.1fL%.1f,%.1f\" stroke=\"#f2b826\" "
                                   "stroke-width=\"2\"/>", hex,
                              x - 6, y + 5.5, x + 6, y + 2.5);
    }
  g_string_append (out, "</svg>");
  g_free (ar.on);
  return g_string_free (out, FALSE);
}

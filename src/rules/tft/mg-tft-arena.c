/* mg-tft-arena.c — TFT Melee's arena: the hex grid, its mega-hexes, names, distances, facing and lines of fire. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mg-tft-arena.h"

#define E TFT_RULESET_ERR
#define SQRT3 1.7320508075688772

/* Axial steps of the six sides, clockwise from N (flat-topped hexes). */
static const gint dir_q[6] = { 0, 1, 1, 0, -1, -1 };
static const gint dir_r[6] = { -1, -1, 0, 1, 1, 0 };
const char * const tft_facing_names[] = { "N", "NE", "SE", "S", "SW", "NW", NULL };

void
tft_hex_axial (const TftArena *ar, gint h, gint *q, gint *r)
{
  gint col = h / ar->rows, row = h % ar->rows;
  *q = col;
  *r = row - (col - (col & 1)) / 2;
}

/* The hex at axial (q, r), on the arena or not: TFT_NONE outside the rectangle; *on whether it is a hex of
 * the arena. */
static gint
hex_of_axial (const TftArena *ar, gint q, gint r, gboolean *on)
{
  gint col = q, row = r + (q - (q & 1)) / 2;
  *on = FALSE;
  if (col < 0 || col >= ar->cols || row < 0 || row >= ar->rows)
    return TFT_NONE;
  *on = ar->on[col * ar->rows + row] != 0;
  return col * ar->rows + row;
}

gboolean
tft_hex_on (const TftArena *ar, gint h)
{
  return h >= 0 && h < ar->cols * ar->rows && ar->on[h];
}

void
tft_hex_name (const TftArena *ar, gint h, char buf[8])
{
  if (h < 0)
    g_strlcpy (buf, "—", 8);
  else
    g_snprintf (buf, 8, "%c%d", 'A' + h / ar->rows, h % ar->rows + 1);
}

gint
tft_hex_parse (const TftArena *ar, const char *s)
{
  gint col, row;
  char *end;

  if (s == NULL || !g_ascii_isalpha (s[0]) || !g_ascii_isdigit (s[1]))
    return TFT_NONE;
  col = g_ascii_toupper (s[0]) - 'A';
  row = (gint) g_ascii_strtoll (s + 1, &end, 10) - 1;
  if (*end || col >= ar->cols || row < 0 || row >= ar->rows)
    return TFT_NONE;
  return col * ar->rows + row;
}

/* Steps between two axial positions of a hex lattice. */
static gint
axial_dist (gint dq, gint dr)
{
  return MAX (MAX (ABS (dq), ABS (dr)), ABS (dq + dr));
}

gint
tft_hex_dist (const TftArena *ar, gint a, gint b)
{
  gint qa, ra, qb, rb;
  tft_hex_axial (ar, a, &qa, &ra);
  tft_hex_axial (ar, b, &qb, &rb);
  return axial_dist (qa - qb, ra - rb);
}

gint
tft_hex_step (const TftArena *ar, gint h, gint dir)
{
  gint q, r;
  gboolean on;
  tft_hex_axial (ar, h, &q, &r);
  h = hex_of_axial (ar, q + dir_q[((dir % 6) + 6) % 6], r + dir_r[((dir % 6) + 6) % 6], &on);
  return on ? h : TFT_NONE;
}

gint
tft_hex_dir (const TftArena *ar, gint from, gint to)
{
  gint qa, ra, qb, rb;
  tft_hex_axial (ar, from, &qa, &ra);
  tft_hex_axial (ar, to, &qb, &rb);
  for (gint d = 0; d < 6; d++)
    if (qb - qa == dir_q[d] && rb - ra == dir_r[d])
      return d;
  return TFT_NONE;
}

/* The mega-hex of a hex, in the lattice's own axial coordinates: the 7-hex clusters' centres are the
 * hexes with 3q + r ≡ 3q0 + r0 (mod 7), each neighbour of a centre a distinct other residue. */
static void
megahex_of (const TftArena *ar, gint h, gint *i, gint *j)
{
  gint q, r, q0, r0, k, cq, cr;
  tft_hex_axial (ar, h, &q, &r);
  tft_hex_axial (ar, ar->mh_centre, &q0, &r0);
  q -= q0, r -= r0;
  k = (((3 * q + r) % 7) + 7) % 7;
  cq = q, cr = r;
  for (gint d = 0; d < 6 && k; d++)
    if ((((3 * dir_q[d] + dir_r[d]) % 7) + 7) % 7 == k)
      cq = q - dir_q[d], cr = r - dir_r[d];
  /* centres are i·(2,1) + j·(−1,3): i = (3q + r) / 7, j = (2r − q) / 7 */
  *i = (3 * cq + cr) / 7;
  *j = (2 * cr - cq) / 7;
}

gint
tft_megahex_dist (const TftArena *ar, gint a, gint b)
{
  gint ia, ja, ib, jb;
  megahex_of (ar, a, &ia, &ja);
  megahex_of (ar, b, &ib, &jb);
  return axial_dist (ia - ib, ja - jb);
}

void
tft_hex_xy (const TftArena *ar, gint h, gdouble *x, gdouble *y)
{
  gint q, r;
  tft_hex_axial (ar, h, &q, &r);
  *x = 1.5 * q;
  *y = SQRT3 * (r + q / 2.0);
}

/* The unit vector of side d. */
static void
dir_xy (gint d, gdouble *x, gdouble *y)
{
  gdouble a = (-90.0 + 60.0 * (((d % 6) + 6) % 6)) * G_PI / 180.0;
  *x = cos (a);
  *y = sin (a);
}

gboolean
tft_in_front (const TftArena *ar, gint from, gint facing, gint to)
{
  gdouble ax, ay, bx, by, ux, uy;
  if (from == to)
    return FALSE;
  tft_hex_xy (ar, from, &ax, &ay);
  tft_hex_xy (ar, to, &bx, &by);
  dir_xy (facing, &ux, &uy);
  return (bx - ax) * ux + (by - ay) * uy > 1e-6;
}

TftSide
tft_side_of (const TftArena *ar, gint target, gint facing, gint attacker, gboolean sides_front)
{
  gdouble ax, ay, bx, by, ux, uy, c;
  tft_hex_xy (ar, target, &ax, &ay);
  tft_hex_xy (ar, attacker, &bx, &by);
  dir_xy (facing, &ux, &uy);
  bx -= ax, by -= ay;
  c = (bx * ux + by * uy) / sqrt (bx * bx + by * by);
  /* cos 90° = 0, cos 150° = −√3/2: a line on the border counts for the target (front before side) */
  if (c >= -1e-6)
    return SIDE_FRONT;
  if (c >= -SQRT3 / 2 - 1e-6)
    return sides_front ? SIDE_FRONT : SIDE_SIDE;
  return SIDE_REAR;
}

/* Where the segment (x0,y0)–(x1,y1) enters the inside of the hex centred on (cx, cy), as a fraction of
 * it; −1 when it passes along an edge or through a corner only (the part inside all six edges,
 * strictly, is no longer than a hair) or misses the hex. */
static gdouble
segment_enters (gdouble cx, gdouble cy, gdouble x0, gdouble y0, gdouble x1, gdouble y1)
{
  gdouble t0 = 0, t1 = 1;
  for (gint k = 0; k < 6; k++)
    {
      gdouble a = (30.0 + 60.0 * k) * G_PI / 180.0, nx = cos (a), ny = sin (a);
      gdouble p0 = (x0 - cx) * nx + (y0 - cy) * ny - SQRT3 / 2 + 1e-7;
      gdouble dp = (x1 - x0) * nx + (y1 - y0) * ny;
      if (fabs (dp) < 1e-12)
        {
          if (p0 >= 0)
            return -1;
          continue;
        }
      if (dp > 0)
        t1 = MIN (t1, -p0 / dp);
      else
        t0 = MAX (t0, -p0 / dp);
    }
  return (t1 - t0) * sqrt ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)) > 1e-4 ? t0 : -1;
}

/* The axial hex whose inside holds the point, by rounding. */
static void
axial_at_xy (gdouble x, gdouble y, gint *oq, gint *or_)
{
  gdouble q = x / 1.5, r = y / SQRT3 - q / 2.0, s = -q - r;
  gdouble rq = round (q), rr = round (r), rs = round (s);
  gdouble dq = fabs (rq - q), dr = fabs (rr - r), ds = fabs (rs - s);
  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  *oq = (gint) rq, *or_ = (gint) rr;
}

typedef struct { gint q, r; gdouble t; } Crossed;

static gint
crossed_cmp (gconstpointer a, gconstpointer b)
{
  gdouble d = ((const Crossed *) a)->t - ((const Crossed *) b)->t;
  return d < 0 ? -1 : d > 0;
}

/* Every hex the segment passes through (each sample's hex and its neighbours, tested exactly), in order;
 * the walk stops at the first sample off the arena when `past` (a wall stops the flight). */
static GArray *
segment_hexes (const TftArena *ar, gdouble x0, gdouble y0, gdouble x1, gdouble y1, gboolean past)
{
  GArray *c = g_array_new (FALSE, FALSE, sizeof (Crossed));
  gdouble len = sqrt ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (gdouble d = 0; d <= len + 1e-9; d += 0.1)
    {
      gint q, r;
      gboolean on;
      axial_at_xy (x0 + (x1 - x0) * d / len, y0 + (y1 - y0) * d / len, &q, &r);
      for (gint k = -1; k < 6; k++)
        {
          gint nq = q + (k < 0 ? 0 : dir_q[k]), nr = r + (k < 0 ? 0 : dir_r[k]);
          gpointer key = GINT_TO_POINTER (((nq + 1000) << 12) | (nr + 1000));
          Crossed x = { nq, nr, -1 };
          if (g_hash_table_contains (seen, key))
            continue;
          g_hash_table_add (seen, key);
          x.t = segment_enters (1.5 * nq, SQRT3 * (nr + nq / 2.0), x0, y0, x1, y1);
          if (x.t >= 0)
            g_array_append_val (c, x);
        }
      hex_of_axial (ar, q, r, &on);
      if (past && !on && d > 0)
        break;
    }
  g_array_sort (c, crossed_cmp);
  return c;
}

guint
tft_hex_line (const TftArena *ar, gint from, gint to, gint past, gint *out, guint max)
{
  gdouble x0, y0, x1, y1, len;
  g_autoptr(GArray) c = NULL;
  gboolean reached = FALSE;
  guint n = 0;

  tft_hex_xy (ar, from, &x0, &y0);
  tft_hex_xy (ar, to, &x1, &y1);
  len = sqrt ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
  if (len < 1e-9)
    return 0;
  if (past)   /* far enough past the target to leave any arena of the ruleset (26 × 99 hexes) */
    x1 = x0 + (x1 - x0) * 200.0 / len, y1 = y0 + (y1 - y0) * 200.0 / len;
  c = segment_hexes (ar, x0, y0, x1, y1, past != 0);
  for (guint i = 0; i < c->len && n < max; i++)
    {
      Crossed *x = &g_array_index (c, Crossed, i);
      gboolean on;
      gint h = hex_of_axial (ar, x->q, x->r, &on);
      if (h == from)
        continue;
      if (!on)
        break;            /* a wall */
      if (reached && past > 0 && tft_hex_dist (ar, to, h) > past)
        break;
      out[n++] = h;
      if (h == to && (reached = TRUE) && !past)
        break;
    }
  return n;
}

/* ---------------------------------------------------------------- arenas of the ruleset */

/* The 1977 arena as this project reads it (docs/rules/tft.md, The arena): 16 columns × 9 rows, the
 * mega-hex centred on H5, doors A4, A5 (west) and P4, P5 (east). */
static const char default_arena[] =
  "{\"id\":\"arena_1977\",\"name\":\"The arena (1977 map)\",\"columns\":16,\"rows\":9,"
  "\"megahex_centre\":\"H5\",\"doors\":[\"A4\",\"A5\",\"P4\",\"P5\"]}";

static gboolean
arena_hexes (json_object *a, const char *p, const char *key, TftArena *ar, gint *out, guint max, guint *n,
             GError **error)
{
  json_object *list = mg_json_member (a, key);
  g_autofree char *kp = mg_json_lazy_key (p, key);

  *n = 0;
  if (list == NULL)
    return TRUE;
  if (!mg_json_array (list, kp, E, 0, max, NULL, error))
    return FALSE;
  for (guint i = 0; i < json_object_array_length (list); i++)
    {
      json_object *v = json_object_array_get_idx (list, i);
      g_autofree char *ip = mg_json_lazy_index (kp, i);
      const char *s;
      if (!mg_json_string (v, ip, E, &s, error))
        return FALSE;
      if ((out[i] = tft_hex_parse (ar, s)) < 0)
        {
          mg_json_set_error (error, E, ip, _("a hex of the arena (a column letter and a row number, as \"F12\")"), v);
          return FALSE;
        }
      (*n)++;
    }
  return TRUE;
}

static gboolean
arena_parse (json_object *a, const char *p, TftArena *ar, GError **error)
{
  static const char * const known[] = { "id", "name", "columns", "rows", "megahex_centre", "doors", "off", NULL };
  const char *id, *name, *mc = NULL;
  gint64 cols, rows;
  gint off[TFT_ARENA_MAX_SIDE * 99];
  guint n_off;

  if (!mg_json_object (a, p, E, error) || !mg_json_only (a, p, E, known, error) ||
      !mg_json_get_string (a, p, "id", E, &id, error) || !mg_json_get_string (a, p, "name", E, &name, error) ||
      !mg_json_get_int (a, p, "columns", E, 2, TFT_ARENA_MAX_SIDE, &cols, error) ||
      !mg_json_get_int (a, p, "rows", E, 2, 99, &rows, error) ||
      !mg_json_opt_string (a, p, "megahex_centre", E, &mc, error))
    return FALSE;
  ar->id = g_strdup (id);
  ar->name = g_strdup (name);
  ar->cols = cols, ar->rows = rows;
  ar->on = g_new (guint8, cols * rows);
  memset (ar->on, 1, cols * rows);
  ar->mh_centre = mc ? tft_hex_parse (ar, mc) : 0;
  if (ar->mh_centre < 0)
    {
      g_autofree char *mp = mg_json_lazy_key (p, "megahex_centre");
      mg_json_set_error (error, E, mp, _("a hex of the arena (a column letter and a row number, as \"F12\")"),
                         mg_json_member (a, "megahex_centre"));
      return FALSE;
    }
  if (!arena_hexes (a, p, "off", ar, off, G_N_ELEMENTS (off), &n_off, error) ||
      !arena_hexes (a, p, "doors", ar, ar->doors, TFT_ARENA_MAX_DOORS, &ar->n_doors, error))
    return FALSE;
  for (guint i = 0; i < n_off; i++)
    ar->on[off[i]] = 0;
  for (guint i = 0; i < ar->n_doors; i++)
    if (!ar->on[ar->doors[i]])
      {
        g_autofree char *dp = mg_json_lazy_key (p, "doors");
        mg_refuse (error, MG_RULES_ERROR_BAD_RULESET, N_("%s: a door must be a hex of the arena"), dp);
        return FALSE;
      }
  return TRUE;
}

gboolean
tft_arenas_parse (json_object *root, TftRuleset *rs, GError **error)
{
  json_object *list = mg_json_member (root, "arenas");
  g_autoptr(json_object) fallback = NULL;
  gsize n;

  if (list == NULL)
    {
      fallback = json_tokener_parse (default_arena);
      rs->arenas = g_new0 (TftArena, 1);
      rs->n_arenas = 1;
      return arena_parse (fallback, "$.arenas[0]", &rs->arenas[0], error);
    }
  if (!mg_json_array (list, "$.arenas", E, 1, 16, &n, error))
    return FALSE;
  rs->arenas = g_new0 (TftArena, n);
  rs->n_arenas = n;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.arenas", i);
      if (!arena_parse (json_object_array_get_idx (list, i), p, &rs->arenas[i], error))
        return FALSE;
      for (guint k = 0; k < i; k++)
        if (strcmp (rs->arenas[k].id, rs->arenas[i].id) == 0)
          {
            mg_refuse (error, MG_RULES_ERROR_BAD_RULESET, N_("%s.id: \"%s\" is named twice"), p,
                         rs->arenas[i].id);
            return FALSE;
          }
    }
  return TRUE;
}

void
tft_arenas_clear (TftRuleset *rs)
{
  for (guint i = 0; rs->arenas && i < rs->n_arenas; i++)
    g_free (rs->arenas[i].id), g_free (rs->arenas[i].name), g_free (rs->arenas[i].on);
  g_free (rs->arenas);
  rs->arenas = NULL;
  rs->n_arenas = 0;
}

gint
tft_arena_find (const TftRuleset *rs, const char *id)
{
  for (guint i = 0; id && i < rs->n_arenas; i++)
    if (strcmp (rs->arenas[i].id, id) == 0)
      return (gint) i;
  return TFT_NONE;
}

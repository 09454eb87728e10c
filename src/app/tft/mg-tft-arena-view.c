/* mg-tft-arena-view.c — TFT Melee's arena drawn to scale: hexes, black mega-hex borders, counters facing a side,
 * the legal destinations of the figure chosen; pointer, drag and keyboard to move, turn and attack. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "mg-tft-arena-view.h"
#include "mg-tft-util.h"

#define SQRT3 1.7320508075688772

static const char * const facings[] = { "N", "NE", "SE", "S", "SW", "NW" };
static const int dq[6] = { 0, 1, 1, 0, -1, -1 };
static const int dr[6] = { -1, -1, 0, 1, 1, 0 };

struct _MgTftArenaView {
  GtkWidget    parent_instance;
  gboolean     interactive;
  json_object *fight;          /* owned copy */
  json_object *reach;          /* owned; NULL none */
  int          cols, rows, mh_q, mh_r;
  char        *selected;
  int          cursor;         /* hex index, -1 none */
  int          facing;
  gboolean     turned;         /* the press being dragged has turned the facing: its release is no click */
  char         cursor_name[8];
  double       size, ox, oy;   /* hex size (centre to corner) and origin of the last drawing */
  double       zoom;           /* 1: the whole arena in the widget; up to 4 */
  double       cx, cy;         /* the arena's point (in hexes' units of size 1) at the widget's centre */
  double       px, py;         /* the pointer's last place over the widget */
  char        *said;           /* the description last given (say_hex): not told again unchanged */
};

G_DEFINE_FINAL_TYPE (MgTftArenaView, mg_tft_arena_view, GTK_TYPE_WIDGET)

enum { SIG_PICKED, SIG_MOVE, SIG_ATTACK, N_SIGNALS };
static guint signals[N_SIGNALS];

static int
hex_parse (MgTftArenaView *self, const char *s)
{
  int col, row;
  if (s == NULL || !g_ascii_isalpha (s[0]))
    return -1;
  col = g_ascii_toupper (s[0]) - 'A';
  row = atoi (s + 1) - 1;
  return col >= 0 && col < self->cols && row >= 0 && row < self->rows ? col * self->rows + row : -1;
}

static void
hex_name (MgTftArenaView *self, int h, char buf[8])
{
  g_snprintf (buf, 8, "%c%d", 'A' + h / self->rows, h % self->rows + 1);
}

static void
axial (MgTftArenaView *self, int h, int *q, int *r)
{
  int col = h / self->rows, row = h % self->rows;
  *q = col;
  *r = row - (col - (col & 1)) / 2;
}

static int
from_axial (MgTftArenaView *self, int q, int r)
{
  int row = r + (q - (q & 1)) / 2;
  return q >= 0 && q < self->cols && row >= 0 && row < self->rows ? q * self->rows + row : -1;
}

static void
centre (MgTftArenaView *self, int h, double *x, double *y)
{
  int q, r;
  axial (self, h, &q, &r);
  *x = self->ox + self->size * (1.0 + 1.5 * q);
  *y = self->oy + self->size * SQRT3 * (0.5 + r + q / 2.0);
}

/* The 7-hex cluster a hex belongs to, as its centre (docs/rules/tft.md, The arena). */
static int
cluster (MgTftArenaView *self, int h)
{
  int q, r, k;
  axial (self, h, &q, &r);
  k = (((3 * (q - self->mh_q) + (r - self->mh_r)) % 7) + 7) % 7;
  for (int d = 0; d < 6 && k; d++)
    if ((((3 * dq[d] + dr[d]) % 7) + 7) % 7 == k)
      return (q - dq[d]) * 1000 + (r - dr[d]);
  return q * 1000 + r;
}

static gboolean
is_off (MgTftArenaView *self, int h)
{
  json_object *off = json_object_object_get (json_object_object_get (self->fight, "arena"), "off");
  char hn[8];
  hex_name (self, h, hn);
  for (size_t i = 0; off && i < json_object_array_length (off); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (off, i)), hn) == 0)
      return TRUE;
  return FALSE;
}

static json_object *
figure_at (MgTftArenaView *self, int h)
{
  json_object *figs = json_object_object_get (self->fight, "figures");
  char hn[8];
  hex_name (self, h, hn);
  for (size_t i = 0; figs && i < json_object_array_length (figs); i++)
    {
      json_object *f = json_object_array_get_idx (figs, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (f, "hex")), hn) == 0)
        return f;
    }
  return NULL;
}

/* What a screen reader says of the cursor's hex, as the arena's description, whenever the cursor
 * moves or what stands there changes (issue 44): "C5: Flavius (Romans), facing NE, picked", "F7:
 * empty, in reach, facing N". The Fight page's only. */
static void
say_hex (MgTftArenaView *self)
{
  json_object *f;
  g_autoptr(GString) said = NULL;
  char hn[8];

  if (!self->interactive || self->cursor < 0 || self->cols == 0)
    return;
  hex_name (self, self->cursor, hn);
  f = figure_at (self, self->cursor);
  said = g_string_new (hn);
  if (is_off (self, self->cursor))
    g_string_append (said, _(": off the arena"));
  else if (f == NULL)
    g_string_append (said, _(": empty"));
  else
    {
      const char *posture = json_object_get_string (json_object_object_get (f, "posture"));
      const char *state = json_object_get_string (json_object_object_get (f, "state"));

      /* Translators: a hex of the arena read aloud: "C5: Flavius (Romans), facing NE" */
      g_string_append_printf (said, _(": %s (%s), facing %s"), json_object_get_string (json_object_object_get (f, "name")),
                              json_object_get_string (json_object_object_get (f, "side")),
                              json_object_get_string (json_object_object_get (f, "facing")));
      if (g_strcmp0 (state, "fighting") != 0)
        g_string_append_printf (said, ", %s", mg_tft_life_name (state));
      else if (g_strcmp0 (posture, "standing") != 0)
        g_string_append_printf (said, ", %s", mg_tft_posture_name (posture));
      if (g_strcmp0 (json_object_get_string (json_object_object_get (f, "name")), self->selected) == 0)
        g_string_append (said, _(", picked"));
    }
  if (self->reach != NULL && json_object_object_get_ex (self->reach, hn, NULL))
    /* Translators: the hex under the cursor is one the picked figure may move to, facing that side */
    g_string_append_printf (said, _(", in reach, facing %s"), facings[self->facing]);
  if (g_strcmp0 (said->str, self->said) == 0)
    return;
  g_free (self->said);
  self->said = g_strdup (said->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said->str, -1);
}

static void
hex_path (cairo_t *cr, double x, double y, double s)
{
  for (int k = 0; k < 6; k++)
    {
      double a = G_PI / 3 * k;
      if (k == 0)
        cairo_move_to (cr, x + s * cos (a), y + s * sin (a));
      else
        cairo_line_to (cr, x + s * cos (a), y + s * sin (a));
    }
  cairo_close_path (cr);
}

static int
side_index (MgTftArenaView *self, const char *side)
{
  json_object *sides = json_object_object_get (self->fight, "sides");
  for (size_t i = 0; sides && i < json_object_array_length (sides); i++)
    if (g_strcmp0 (json_object_get_string (json_object_object_get (json_object_array_get_idx (sides, i), "name")), side) == 0)
      return (int) i;
  return 0;
}

/* Thick black borders between mega-hexes and along the walls. */
static void
draw_borders (MgTftArenaView *self, cairo_t *cr)
{
  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  cairo_set_line_width (cr, MAX (2.5, self->size / 7));
  for (int h = 0; h < self->cols * self->rows; h++)
    {
      double x, y;
      int q, r;
      if (is_off (self, h))
        continue;
      centre (self, h, &x, &y);
      axial (self, h, &q, &r);
      for (int d = 0; d < 6; d++)
        {
          int n = from_axial (self, q + dq[d], r + dr[d]);
          /* side d lies between corners d+3 and d+4 of cairo's angles (0° is E, clockwise) */
          double a0 = G_PI / 3 * (d + 4), a1 = G_PI / 3 * (d + 5);
          if (n >= 0 && !is_off (self, n) && cluster (self, n) == cluster (self, h))
            continue;
          cairo_move_to (cr, x + self->size * cos (a0), y + self->size * sin (a0));
          cairo_line_to (cr, x + self->size * cos (a1), y + self->size * sin (a1));
        }
    }
  cairo_stroke (cr);
}

/* The side a counter faces: its rim thick on that side's 60°, and a point from the rim out towards
 * the hex side, both white edged in dark, away from the name in the middle (it was a wedge over the
 * letters). */
static void
draw_facing (cairo_t *cr, double x, double y, double radius, double s, double a)
{
  double tip = MAX (radius + s * 0.16, s * 0.9);

  cairo_new_path (cr);
  cairo_arc (cr, x, y, radius, a - G_PI / 6, a + G_PI / 6);
  cairo_line_to (cr, x + tip * cos (a + 0.12), y + tip * sin (a + 0.12));
  cairo_line_to (cr, x + (tip + s * 0.06) * cos (a), y + (tip + s * 0.06) * sin (a));
  cairo_line_to (cr, x + tip * cos (a - 0.12), y + tip * sin (a - 0.12));
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, MAX (1.0, s / 24));
  cairo_stroke (cr);
}

/* facing_only: the side it faces alone (drawn after every counter), else the rest. */
static void
draw_counter (MgTftArenaView *self, cairo_t *cr, json_object *f, gboolean facing_only)
{
  /* White names on them at ≥ 4.5:1 (WCAG 2.1 AA; ui-a11y-keys' /ui/a11y/contrast measures them). */
  static const double colours[][3] = { { 0.75, 0.15, 0.12 }, { 0.13, 0.33, 0.72 }, { 0.13, 0.5, 0.18 },
                                       { 0.6, 0.4, 0.02 } };
  const char *name = json_object_get_string (json_object_object_get (f, "name"));
  const char *posture = json_object_get_string (json_object_object_get (f, "posture"));
  const char *state = json_object_get_string (json_object_object_get (f, "state"));
  int h = hex_parse (self, json_object_get_string (json_object_object_get (f, "hex")));
  int side = side_index (self, json_object_get_string (json_object_object_get (f, "side"))) % 4;
  gboolean down = g_strcmp0 (posture, "standing") != 0 || g_strcmp0 (state, "fighting") != 0;
  double x, y, s = self->size, radius = s * (self->interactive ? 0.68 : 0.86);
  int facing = 0;
  g_autofree char *label = g_utf8_substring (name, 0, 3);
  cairo_text_extents_t ext;

  if (h < 0)
    return;
  for (int k = 0; k < 6; k++)
    if (g_strcmp0 (json_object_get_string (json_object_object_get (f, "facing")), facings[k]) == 0)
      facing = k;
  centre (self, h, &x, &y);
  if (facing_only)
    {
      if (!down)   /* the facing: the rim thick and white on the side it faces, a point out to that side */
        draw_facing (cr, x, y, radius, s, (-90 + 60 * facing) * G_PI / 180);
      return;
    }
  cairo_new_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  if (down)
    cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  else
    cairo_set_source_rgb (cr, colours[side][0], colours[side][1], colours[side][2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, MAX (1.5, s / 14));
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, s * (self->interactive ? 0.42 : 0.72));   /* on the display: read across the table */
  cairo_text_extents (cr, label, &ext);
  /* inside the rim: a name wider than ¾ of the counter is narrowed, its height kept (the display's
   * letters are read from the far end of the table) */
  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (ext.width > 1.5 * radius)
    cairo_scale (cr, 1.5 * radius / ext.width, 1);
  cairo_move_to (cr, -ext.width / 2 - ext.x_bearing, -ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, label);
  cairo_restore (cr);
  cairo_new_path (cr);
  if (g_strcmp0 (name, self->selected) == 0)
    {
      cairo_arc (cr, x, y, s * 0.8, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1.0, 0.85, 0.1);
      cairo_set_line_width (cr, MAX (2.5, s / 7));
      cairo_stroke (cr);
    }
}

/* The cursor, and the facing the selected figure would take there. */
static void
draw_cursor (MgTftArenaView *self, cairo_t *cr)
{
  double x, y, a = (-90 + 60 * self->facing) * G_PI / 180;
  if (self->cursor < 0)
    return;
  cairo_new_path (cr);
  centre (self, self->cursor, &x, &y);
  hex_path (cr, x, y, self->size * 0.92);
  cairo_set_source_rgb (cr, 0.95, 0.6, 0.0);
  cairo_set_line_width (cr, MAX (2.5, self->size / 6));
  cairo_stroke (cr);
  if (self->selected)
    {
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + self->size * 0.95 * cos (a), y + self->size * 0.95 * sin (a));
      cairo_stroke (cr);
    }
}

/* To scale: the hexes as large as the allocation allows, times the zoom, the point (cx, cy) of the
 * arena at the widget's centre — kept where the zoomed arena still covers the widget (no empty band
 * where it could be). */
static void
place (MgTftArenaView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), ht = gtk_widget_get_height (GTK_WIDGET (self));
  double aw = 1.5 * self->cols + 0.5, ah = SQRT3 * (self->rows + 0.5);
  /* a margin for the walls' thick lines, drawn across the arena's edge */
  self->size = MIN ((w - 6) / aw, (ht - 6) / ah) * self->zoom;
  if (self->size * aw <= w)
    self->cx = aw / 2;
  else
    self->cx = CLAMP (self->cx, w / 2.0 / self->size, aw - w / 2.0 / self->size);
  if (self->size * ah <= ht)
    self->cy = ah / 2;
  else
    self->cy = CLAMP (self->cy, ht / 2.0 / self->size, ah - ht / 2.0 / self->size);
  self->ox = w / 2.0 - self->cx * self->size;
  self->oy = ht / 2.0 - self->cy * self->size;
}

/* Zooms by `factor` keeping the arena's point under (x, y) of the widget where it is. */
static void
zoom_at (MgTftArenaView *self, double factor, double x, double y)
{
  double old = self->size, ax, ay;
  if (self->cols == 0)
    return;
  place (self);
  old = self->size;
  ax = (x - self->ox) / old, ay = (y - self->oy) / old;
  self->zoom = CLAMP (self->zoom * factor, 1.0, 4.0);
  place (self);
  /* the same arena point under (x, y): the centre moves by the change in scale */
  self->cx = ax - (x - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0) / self->size;
  self->cy = ay - (y - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0) / self->size;
  place (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Pans by (dx, dy) pixels of the widget; FALSE when there was nowhere to go (unzoomed). */
static gboolean
pan (MgTftArenaView *self, double dx, double dy)
{
  double cx = self->cx, cy = self->cy;
  if (self->zoom <= 1.0 || self->size <= 0)
    return FALSE;
  self->cx += dx / self->size;
  self->cy += dy / self->size;
  place (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return cx != self->cx || cy != self->cy;
}

/* The cursor kept in view when zoomed: the arena pans to it. */
static void
show_cursor (MgTftArenaView *self)
{
  double x, y, m;
  int w = gtk_widget_get_width (GTK_WIDGET (self)), ht = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->cursor < 0 || self->zoom <= 1.0)
    return;
  place (self);
  centre (self, self->cursor, &x, &y);
  m = self->size * 1.2;
  pan (self, x < m ? x - m : x > w - m ? x - (w - m) : 0, y < m ? y - m : y > ht - m ? y - (ht - m) : 0);
}

static void
mg_tft_arena_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgTftArenaView *self = MG_TFT_ARENA_VIEW (widget);
  int w = gtk_widget_get_width (widget), ht = gtk_widget_get_height (widget);
  json_object *figs, *dropped;
  cairo_t *cr;

  if (self->cols == 0)
    return;
  place (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, ht));
  for (int h = 0; h < self->cols * self->rows; h++)
    {
      double x, y;
      char hn[8];
      if (is_off (self, h))
        continue;
      hex_name (self, h, hn);
      centre (self, h, &x, &y);
      hex_path (cr, x, y, self->size);
      if (self->reach && json_object_object_get_ex (self->reach, hn, NULL))
        cairo_set_source_rgb (cr, 0.72, 0.9, 0.66);
      else
        cairo_set_source_rgb (cr, 0.93, 0.89, 0.78);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.72, 0.67, 0.56);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      if (self->interactive && self->size > 14)
        {
          cairo_text_extents_t ext;
          /* the hex's name, centred under its top side, as large as the hex lets it be read;
           * its ink at >= 4.5:1 on the parchment and on a hex in reach (ui-a11y-keys) */
          cairo_set_source_rgb (cr, 0.2, 0.17, 0.12);
          cairo_set_font_size (cr, self->size * 0.36);
          cairo_text_extents (cr, hn, &ext);
          cairo_move_to (cr, x - ext.width / 2 - ext.x_bearing, y - self->size * 0.5);
          cairo_show_text (cr, hn);
          cairo_new_path (cr);
        }
    }
  {
    json_object *doors = json_object_object_get (json_object_object_get (self->fight, "arena"), "doors");
    for (size_t i = 0; doors && i < json_object_array_length (doors); i++)
      {
        double x, y;
        int h = hex_parse (self, json_object_get_string (json_object_array_get_idx (doors, i)));
        if (h < 0)
          continue;
        centre (self, h, &x, &y);
        cairo_set_source_rgb (cr, 0.6, 0.45, 0.1);
        cairo_set_font_size (cr, self->size * 0.6);
        cairo_move_to (cr, x - self->size * 0.22, y + self->size * 0.6);
        cairo_show_text (cr, "★");
        cairo_new_path (cr);
      }
  }
  draw_borders (self, cr);
  figs = json_object_object_get (self->fight, "figures");
  /* the counters, then the sides they face over them: a figure facing its neighbour shows it */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; figs && i < json_object_array_length (figs); i++)
      draw_counter (self, cr, json_object_array_get_idx (figs, i), pass == 1);
  /* a weapon on the ground: a bar across the foot of its hex, over any counter there */
  dropped = json_object_object_get (self->fight, "dropped");
  for (size_t i = 0; dropped && i < json_object_array_length (dropped); i++)
    {
      double x, y;
      int h = hex_parse (self, json_object_get_string (json_object_object_get (json_object_array_get_idx (dropped, i), "hex")));
      if (h < 0)
        continue;
      centre (self, h, &x, &y);
      cairo_set_source_rgb (cr, 0.95, 0.72, 0.15);
      cairo_set_line_width (cr, MAX (3.0, self->size / 5));
      cairo_move_to (cr, x - self->size * 0.6, y + self->size * 0.55);
      cairo_line_to (cr, x + self->size * 0.6, y + self->size * 0.25);
      cairo_stroke (cr);
    }
  if (self->interactive && gtk_widget_has_focus (widget))
    draw_cursor (self, cr);
  else if (self->interactive && self->selected)
    draw_cursor (self, cr);
  cairo_destroy (cr);
}

static int
hex_at (MgTftArenaView *self, double px, double py)
{
  int best = -1;
  double bd = G_MAXDOUBLE;
  for (int h = 0; h < self->cols * self->rows; h++)
    {
      double x, y, d;
      centre (self, h, &x, &y);
      d = (x - px) * (x - px) + (y - py) * (y - py);
      if (d < bd && !is_off (self, h))
        bd = d, best = h;
    }
  return bd <= self->size * self->size ? best : -1;
}

static gboolean
enemy_of_selected (MgTftArenaView *self, json_object *f)
{
  json_object *figs = json_object_object_get (self->fight, "figures");
  for (size_t i = 0; self->selected && figs && i < json_object_array_length (figs); i++)
    {
      json_object *s = json_object_array_get_idx (figs, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (s, "name")), self->selected) == 0)
        return g_strcmp0 (json_object_get_string (json_object_object_get (s, "side")),
                          json_object_get_string (json_object_object_get (f, "side"))) != 0;
    }
  return FALSE;
}

/* Standing and fighting: no figure may end its move in its hex. */
static gboolean
standing (json_object *f)
{
  return g_strcmp0 (json_object_get_string (json_object_object_get (f, "posture")), "standing") == 0 &&
         g_strcmp0 (json_object_get_string (json_object_object_get (f, "state")), "fighting") == 0;
}

/* Enter, or a click on the cursor: an enemy under it is attacked in the attacks; another standing
 * figure (the referee moves every side's) or a friend is chosen; else the selected figure moves there
 * (its option declared with this hex and facing), onto a fallen enemy's hex too. */
static void
activate (MgTftArenaView *self)
{
  json_object *f = self->cursor >= 0 ? figure_at (self, self->cursor) : NULL;
  const char *phase = json_object_get_string (json_object_object_get (self->fight, "phase"));

  if (self->cursor < 0)
    return;
  hex_name (self, self->cursor, self->cursor_name);
  if (g_strcmp0 (phase, "attacks") == 0 && f != NULL && enemy_of_selected (self, f))
    g_signal_emit (self, signals[SIG_ATTACK], 0, json_object_get_string (json_object_object_get (f, "name")));
  else if (f != NULL && g_strcmp0 (json_object_get_string (json_object_object_get (f, "name")), self->selected) != 0
           && (!enemy_of_selected (self, f) || standing (f)))
    mg_tft_arena_view_select (self, json_object_get_string (json_object_object_get (f, "name")));
  else if (f != NULL && self->selected == NULL)
    mg_tft_arena_view_select (self, json_object_get_string (json_object_object_get (f, "name")));
  else if (self->selected)
    g_signal_emit (self, signals[SIG_MOVE], 0, self->selected, self->cursor_name, facings[self->facing]);
}

/* On release (a drag from the cursor turns the facing instead of clicking, see drag_update). */
static void
released (GtkGestureClick *gesture, int n_press, double px, double py, MgTftArenaView *self)
{
  int h = hex_at (self, px, py);
  json_object *f;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (h < 0 || self->turned)
    return;
  f = figure_at (self, h);
  if (h == self->cursor || (f != NULL && (enemy_of_selected (self, f) || self->selected == NULL ||
                                          g_strcmp0 (json_object_get_string (json_object_object_get (f, "name")),
                                                     self->selected) != 0)))
    {
      self->cursor = h;
      activate (self);
    }
  else
    self->cursor = h;
  say_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, MgTftArenaView *self)
{
  self->turned = FALSE;
}

/* A drag from the cursor points the facing the way it goes (the cursor stays). */
static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, MgTftArenaView *self)
{
  double best = -G_MAXDOUBLE;
  if (hypot (dx, dy) < self->size * 0.5)
    return;
  self->turned = TRUE;
  for (int k = 0; k < 6; k++)
    {
      double a = (-90 + 60 * k) * G_PI / 180, c = dx * cos (a) + dy * sin (a);
      if (c > best)
        best = c, self->facing = k;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed (GtkEventControllerKey *key, guint keyval, guint code, GdkModifierType state, MgTftArenaView *self)
{
  int col, row;
  gboolean placed = self->cursor < 0;
  if (placed)   /* the first key shows the cursor in the corner (A1) */
    self->cursor = 0;
  col = self->cursor / self->rows, row = self->cursor % self->rows;
  if (placed && (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down || keyval == GDK_KEY_Left || keyval == GDK_KEY_Right))
    {
      say_hex (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  switch (keyval)
    {
    case GDK_KEY_Up: row = MAX (0, row - 1); break;
    case GDK_KEY_Down: row = MIN (self->rows - 1, row + 1); break;
    case GDK_KEY_Left: col = MAX (0, col - 1); break;
    case GDK_KEY_Right: col = MIN (self->cols - 1, col + 1); break;
    case GDK_KEY_t: case GDK_KEY_bracketright:
      mg_tft_arena_view_turn (self, TRUE);
      return TRUE;
    case GDK_KEY_T: case GDK_KEY_bracketleft:
      mg_tft_arena_view_turn (self, FALSE);
      return TRUE;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
      activate (self);
      say_hex (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Escape:
      mg_tft_arena_view_select (self, NULL);
      return TRUE;
    case GDK_KEY_plus: case GDK_KEY_equal: case GDK_KEY_KP_Add: case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
      {
        double x = 0, y = 0;
        gboolean in = keyval != GDK_KEY_minus && keyval != GDK_KEY_KP_Subtract;
        place (self);
        centre (self, self->cursor, &x, &y);
        /* about the cursor, which stays in view */
        zoom_at (self, in ? 1.25 : 0.8, x, y);
        show_cursor (self);
        return TRUE;
      }
    default:
      return FALSE;
    }
  self->cursor = col * self->rows + row;
  show_cursor (self);
  say_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
motion (GtkEventControllerMotion *m, double x, double y, MgTftArenaView *self)
{
  self->px = x, self->py = y;
}

/* Ctrl+wheel zooms about the pointer; the wheel pans a zoomed arena (else it scrolls the page). */
static gboolean
scrolled (GtkEventControllerScroll *scroll, double dx, double dy, MgTftArenaView *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  if (mods & GDK_CONTROL_MASK)
    {
      if (dy != 0)
        zoom_at (self, dy < 0 ? 1.25 : 0.8, self->px, self->py);
      return TRUE;
    }
  return pan (self, dx * 40, dy * 40);
}

/* A pinch on a touchpad or screen zooms too. */
static void
pinched (GtkGestureZoom *gesture, double scale, MgTftArenaView *self)
{
  double x, y, *last = g_object_get_data (G_OBJECT (gesture), "mg-scale");
  if (last == NULL)
    return;
  if (gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y) && *last > 0)
    zoom_at (self, scale / *last, x, y);
  *last = scale;
}

static void
pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, double *last)
{
  *last = 1.0;
}

static void
mg_tft_arena_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *min, int *nat,
                           int *min_base, int *nat_base)
{
  MgTftArenaView *self = MG_TFT_ARENA_VIEW (widget);
  double s = self->interactive ? 22 : 26;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *min = 240, *nat = (int) (s * (1.5 * MAX (self->cols, 1) + 0.5));
  else
    *min = 160, *nat = (int) (s * SQRT3 * (MAX (self->rows, 1) + 0.5));
  *min_base = *nat_base = -1;
}

static void
mg_tft_arena_view_finalize (GObject *object)
{
  MgTftArenaView *self = MG_TFT_ARENA_VIEW (object);
  g_clear_pointer (&self->fight, json_object_put);
  g_clear_pointer (&self->reach, json_object_put);
  g_free (self->selected);
  g_free (self->said);
  G_OBJECT_CLASS (mg_tft_arena_view_parent_class)->finalize (object);
}

static void
mg_tft_arena_view_class_init (MgTftArenaViewClass *klass)
{
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);
  G_OBJECT_CLASS (klass)->finalize = mg_tft_arena_view_finalize;
  wc->snapshot = mg_tft_arena_view_snapshot;
  wc->measure = mg_tft_arena_view_measure;
  gtk_widget_class_set_accessible_role (wc, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (wc, "tft-arena");
  /* A figure was chosen (its name): the page shows where it may go. */
  signals[SIG_PICKED] = g_signal_new ("figure-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                      NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* figure, hex, facing: the figure's move, to declare with its option. */
  signals[SIG_MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  /* target: the figure attacking now strikes it. */
  signals[SIG_ATTACK] = g_signal_new ("attack", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mg_tft_arena_view_init (MgTftArenaView *self)
{
  self->cursor = -1;
  self->zoom = 1.0;
}

MgTftArenaView *
mg_tft_arena_view_new (gboolean interactive)
{
  /* The Fight page's is walked by keys, a grid a screen reader reads as the cursor's hex (say_hex). */
  MgTftArenaView *self = g_object_new (MG_TYPE_TFT_ARENA_VIEW, "accessible-role",
                                       interactive ? GTK_ACCESSIBLE_ROLE_GRID : GTK_ACCESSIBLE_ROLE_IMG, NULL);
  self->interactive = interactive;
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  interactive ? _("Arena: arrow keys move the cursor, Enter picks a figure, moves it "
                                                  "there or attacks the foe there, T turns, Escape lets it go")
                                              : _("The arena"), -1);
  if (interactive)
    {
      GtkGesture *click = gtk_gesture_click_new ();
      GtkGesture *drag = gtk_gesture_drag_new ();
      GtkEventController *key = gtk_event_controller_key_new ();
      gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
      gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
      g_signal_connect (click, "released", G_CALLBACK (released), self);
      g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
      g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
      g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed), self);
      gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
      gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
      gtk_widget_add_controller (GTK_WIDGET (self), key);
      {
        GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES |
                                                                      GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
        GtkEventController *move = gtk_event_controller_motion_new ();
        GtkGesture *pinch = gtk_gesture_zoom_new ();
        double *last = g_new0 (double, 1);
        g_object_set_data_full (G_OBJECT (pinch), "mg-scale", last, g_free);
        g_signal_connect (scroll, "scroll", G_CALLBACK (scrolled), self);
        g_signal_connect (move, "motion", G_CALLBACK (motion), self);
        g_signal_connect (pinch, "scale-changed", G_CALLBACK (pinched), self);
        g_signal_connect (pinch, "begin", G_CALLBACK (pinch_begin), last);
        gtk_widget_add_controller (GTK_WIDGET (self), scroll);
        gtk_widget_add_controller (GTK_WIDGET (self), move);
        gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (pinch));
      }
      gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
    }
  return self;
}

void
mg_tft_arena_view_update (MgTftArenaView *self, json_object *fight)
{
  json_object *arena = json_object_object_get (fight, "arena");
  g_clear_pointer (&self->fight, json_object_put);
  self->fight = json_object_get (fight);
  self->cols = self->rows = 0;
  if (arena != NULL)
    {
      int c;
      self->cols = json_object_get_int (json_object_object_get (arena, "columns"));
      self->rows = json_object_get_int (json_object_object_get (arena, "rows"));
      c = hex_parse (self, json_object_get_string (json_object_object_get (arena, "megahex_centre")));
      axial (self, MAX (c, 0), &self->mh_q, &self->mh_r);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), arena != NULL);
  say_hex (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
mg_tft_arena_view_set_reach (MgTftArenaView *self, json_object *reach)
{
  g_clear_pointer (&self->reach, json_object_put);
  self->reach = reach ? json_object_get (reach) : NULL;
  say_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_tft_arena_view_select (MgTftArenaView *self, const char *figure)
{
  json_object *figs = json_object_object_get (self->fight, "figures");
  g_free (self->selected);
  self->selected = g_strdup (figure);
  for (size_t i = 0; figure && figs && i < json_object_array_length (figs); i++)
    {
      json_object *f = json_object_array_get_idx (figs, i);
      if (g_strcmp0 (json_object_get_string (json_object_object_get (f, "name")), figure) != 0)
        continue;
      self->cursor = hex_parse (self, json_object_get_string (json_object_object_get (f, "hex")));
      for (int k = 0; k < 6; k++)
        if (g_strcmp0 (json_object_get_string (json_object_object_get (f, "facing")), facings[k]) == 0)
          self->facing = k;
    }
  if (figure == NULL)
    mg_tft_arena_view_set_reach (self, NULL);
  g_signal_emit (self, signals[SIG_PICKED], 0, figure);
  say_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
mg_tft_arena_view_get_selected (MgTftArenaView *self)
{
  return self->selected;
}

const char *
mg_tft_arena_view_get_cursor (MgTftArenaView *self)
{
  if (self->cursor < 0)
    return NULL;
  hex_name (self, self->cursor, self->cursor_name);
  return self->cursor_name;
}

gboolean
mg_tft_arena_view_set_cursor (MgTftArenaView *self, const char *hex)
{
  int h = hex_parse (self, hex);
  if (h < 0)
    return FALSE;
  self->cursor = h;
  say_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

const char *
mg_tft_arena_view_get_facing (MgTftArenaView *self)
{
  return facings[self->facing];
}

void
mg_tft_arena_view_turn (MgTftArenaView *self, gboolean clockwise)
{
  self->facing = (self->facing + (clockwise ? 1 : 5)) % 6;
  say_hex (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
mg_tft_arena_view_hex_point (MgTftArenaView *self, const char *hex, double *x, double *y)
{
  int h = hex_parse (self, hex);
  if (h < 0 || self->size <= 0)
    return FALSE;
  place (self);
  centre (self, h, x, y);
  return TRUE;
}

double
mg_tft_arena_view_get_zoom (MgTftArenaView *self)
{
  return self->zoom;
}

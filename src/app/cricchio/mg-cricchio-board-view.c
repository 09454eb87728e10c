/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-board-view.c — the square board widget: 14×14 squares, sea, walls, pieces with letters, moves to click. */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <string.h>

#include "mg-cricchio-board-view.h"
#include "mg-ui-json.h"

#define W 14
#define N (W * W)

typedef struct {
  guint8 kind;       /* 0 none, else index in kind_ids */
  guint8 owner, ctrl;
} Piece;

struct _MgChessBoardView {
  GtkWidget parent_instance;
  guint8    terrain[N];
  Piece     pieces[N];
  guint8    mine_owner[N];   /* side + 1, 0 none */
  gint      last_from, last_to;
  gint      selected;
  gboolean  target[N];
  gint      cursor;
  guint     bottom;          /* side drawn at the bottom */
  char      name_buf[2][4];
  /* Issue 43: each square as last drawn, kept as a render node of its own image (and the
   * coordinates as one more); a change makes again only the nodes of the squares whose look
   * changed (a move: two or three of 196) and the snapshot hands GTK the same node objects for
   * the others. The GL renderer keeps a node's upload while the node lives, and the cairo
   * renderer's damage is only the new nodes: one image of the whole board, painted in a new
   * cairo node at each change, was drawn in software and uploaded whole by GL at each undo
   * (5.7x its floor's CPU, llvmpipe). A new GdkTexture at each change (before that) cost the
   * cairo renderer a per-pixel loop inside GTK. */
  GskRenderNode   *square_node[N];
  GskRenderNode   *coord_node;
  int              cache_w, cache_h, cache_scale;
  guint            cache_bottom;
  GdkRGBA          cache_coord;
  guint64          drawn[N];   /* each square's look when drawn (square_look) */
  guint            n_repainted; /* squares painted by the last frame (tests, bench) */
};

G_DEFINE_FINAL_TYPE (MgChessBoardView, mg_chess_board_view, GTK_TYPE_WIDGET)

enum { SQUARE_ACTIVATED, CANCELLED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Where the keyboard cursor starts, and goes back to when it must not tell where it was. */
#define HOME_SQUARE 9   /* j1, South's President */

static const char * const kind_ids[] = { "", "president", "admiral", "general", "air_force", "navy", "army", "marine", NULL };
/* One letter each, so a piece never reads by colour alone (docs/rules/cricchio.md). */
static const char * const kind_letters[] = { "", NC_("cricchio piece letter", "P"), NC_("cricchio piece letter", "A"),
                                             NC_("cricchio piece letter", "G"), NC_("cricchio piece letter", "F"),
                                             NC_("cricchio piece letter", "N"), NC_("cricchio piece letter", "R"),
                                             NC_("cricchio piece letter", "M") };
static const char * const side_ids[] = { "south", "west", "north", "east", NULL };
/* Black, Blue, Red, White: fill, and the letter's colour on it. */
static const double fill[4][3] = { { 0.12, 0.12, 0.12 }, { 0.15, 0.35, 0.75 }, { 0.78, 0.16, 0.16 }, { 0.96, 0.96, 0.93 } };
static const double ink[4][3] = { { 1, 1, 1 }, { 1, 1, 1 }, { 1, 1, 1 }, { 0.1, 0.1, 0.1 } };
static const gint FWD[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };

static gint
index_of (const char * const *ids, const char *id)
{
  for (guint i = 0; id != NULL && ids[i] != NULL; i++)
    if (strcmp (ids[i], id) == 0)
      return i;
  return -1;
}

static gint
parse_square (const char *name)
{
  gint64 rank;
  char *end = NULL;

  if (name == NULL || name[0] < 'a' || name[0] >= 'a' + W)
    return -1;
  rank = g_ascii_strtoll (name + 1, &end, 10);
  if (end == name + 1 || *end != '\0' || rank < 1 || rank > W)
    return -1;
  return (rank - 1) * W + (name[0] - 'a');
}

static const char *
square_name (MgChessBoardView *self, gint s, guint buf)
{
  if (s < 0)
    return NULL;
  g_snprintf (self->name_buf[buf], 4, "%c%d", 'a' + s % W, s / W + 1);
  return self->name_buf[buf];
}

/* What a screen reader says of the cursor's square, as its description, whenever the cursor
 * moves or what stands there changes (a move, a capture): "e5: Red General, a destination". The
 * mines are not said (a secret of one side, issue 44). */
static void
say_square (MgChessBoardView *self)
{
  static const char * const kinds[] = { "", N_("President"), N_("Admiral"), N_("General"), N_("Air Force"),
                                        N_("Navy"), N_("Army"), N_("Marine") };
  static const char * const colours[] = { NC_("piece colour", "Black"), NC_("piece colour", "Blue"),
                                          NC_("piece colour", "Red"), NC_("piece colour", "White") };
  const Piece *p;
  g_autoptr(GString) said = NULL;

  if (self->cursor < 0 || self->cursor >= N)
    return;
  p = &self->pieces[self->cursor];
  said = g_string_new (square_name (self, self->cursor, 1));
  if (p->kind > 0 && p->kind < G_N_ELEMENTS (kinds) && p->owner < G_N_ELEMENTS (colours))
    /* TRANSLATORS: a square of Cricchio's board read aloud: "e5: Red General" */
    g_string_append_printf (said, _(": %s %s"), g_dpgettext2 (NULL, "piece colour", colours[p->owner]),
                            _(kinds[p->kind]));
  else
    g_string_append (said, _(": empty"));
  if (self->cursor == self->selected)
    g_string_append (said, _(", picked"));
  else if (self->target[self->cursor])
    g_string_append (said, _(", a destination"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said->str, -1);
}

/* Board square → display column and row for the side at the bottom (its forward is "up"). */
static void
to_display (guint bottom, gint s, gint *col, gint *row)
{
  double dx = s % W - 6.5, dy = s / W - 6.5;
  gint fx = FWD[bottom][0], fy = FWD[bottom][1], rx = fy, ry = -fx;   /* right = forward turned clockwise */

  *col = (gint) (6.5 + dx * rx + dy * ry);
  *row = (gint) (6.5 - (dx * fx + dy * fy));
}

static gint
from_display (guint bottom, gint col, gint row)
{
  for (gint s = 0; s < N; s++)
    {
      gint c, r;
      to_display (bottom, s, &c, &r);
      if (c == col && r == row)
        return s;
    }
  return -1;
}

static void
geometry (MgChessBoardView *self, double *size, double *x0, double *y0)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double side = MIN (w, h);

  /* Half a square of margin each side for the coordinates. Whole pixels: a square repainted
   * alone (cache_update) then covers its pixels exactly, and no edge pixel keeps a blend of what
   * was drawn there before (a cursor once on a mine, issue 41). */
  *size = floor (side / (W + 1));
  *x0 = floor ((w - *size * W) / 2);
  *y0 = floor ((h - *size * W) / 2);
}

static void
draw_text (cairo_t *cr, const char *text, double cx, double cy, double px, gboolean bold)
{
  cairo_text_extents_t ext;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, px);
  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, cx - ext.width / 2 - ext.x_bearing, cy - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, text);
}

void
mg_chess_board_view_get_coordinate_color (MgChessBoardView *self, GdkRGBA *color)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  color->alpha *= 0.7;
}

/* The colour of a square's ground: land in two shades, the sea, a wall. */
static GdkRGBA
ground_colour (guint8 terrain, gint s)
{
  switch (terrain)
    {
    case 1: return (GdkRGBA) { 0.55, 0.75, 0.93, 1 };
    case 2: return (GdkRGBA) { 0.45, 0.36, 0.30, 1 };
    default:
      return (s % W + s / W) % 2 ? (GdkRGBA) { 0.93, 0.88, 0.78, 1 } : (GdkRGBA) { 0.86, 0.80, 0.68, 1 };
    }
}

/* A square's ground: land in two shades, the sea with a wave, a wall with bricks (shape, not only colour). */
static void
draw_ground (cairo_t *cr, guint8 terrain, gint s, double x, double y, double sz)
{
  GdkRGBA ground = ground_colour (terrain, s);

  gdk_cairo_set_source_rgba (cr, &ground);
  cairo_rectangle (cr, x, y, sz, sz);
  cairo_fill (cr);
  if (terrain == 1)
    {
      /* Waves, so the sea reads without its colour too. */
      cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
      cairo_set_line_width (cr, MAX (1, sz / 20));
      cairo_move_to (cr, x + sz * 0.2, y + sz * 0.55);
      cairo_curve_to (cr, x + sz * 0.35, y + sz * 0.4, x + sz * 0.5, y + sz * 0.7, x + sz * 0.8, y + sz * 0.5);
      cairo_stroke (cr);
    }
  else if (terrain == 2)
    {
      /* Bricks. */
      cairo_set_source_rgba (cr, 0.2, 0.15, 0.1, 0.8);
      cairo_set_line_width (cr, MAX (1, sz / 24));
      for (gint k = 1; k < 3; k++)
        {
          cairo_move_to (cr, x, y + k * sz / 3);
          cairo_line_to (cr, x + sz, y + k * sz / 3);
        }
      cairo_move_to (cr, x + sz / 2, y);
      cairo_line_to (cr, x + sz / 2, y + sz / 3);
      cairo_move_to (cr, x + sz / 4, y + sz / 3);
      cairo_line_to (cr, x + sz / 4, y + 2 * sz / 3);
      cairo_move_to (cr, x + 3 * sz / 4, y + 2 * sz / 3);
      cairo_line_to (cr, x + 3 * sz / 4, y + sz);
      cairo_stroke (cr);
    }
}

/* A square of the last move: tinted and framed. */
static void
draw_last_move (cairo_t *cr, double x, double y, double sz)
{
  cairo_set_source_rgba (cr, 0.95, 0.75, 0.1, 0.45);
  cairo_rectangle (cr, x, y, sz, sz);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.7, 0.5, 0.0);
  cairo_set_line_width (cr, MAX (1, sz / 16));
  cairo_rectangle (cr, x + 1, y + 1, sz - 2, sz - 2);
  cairo_stroke (cr);
}

/* A piece: a disc in its owner's colour with its letter; a rogue ringed in its commander's colour. */
static void
draw_piece (cairo_t *cr, const Piece *p, double x, double y, double sz)
{
  cairo_arc (cr, x + sz / 2, y + sz / 2, sz * 0.38, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, fill[p->owner][0], fill[p->owner][1], fill[p->owner][2]);
  cairo_fill_preserve (cr);
  /* A rogue wears its commander's colour as a thick ring. */
  if (p->ctrl != p->owner)
    {
      cairo_set_source_rgb (cr, fill[p->ctrl][0], fill[p->ctrl][1], fill[p->ctrl][2]);
      cairo_set_line_width (cr, sz / 8);
    }
  else
    {
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cairo_set_line_width (cr, MAX (1, sz / 20));
    }
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, ink[p->owner][0], ink[p->owner][1], ink[p->owner][2]);
  draw_text (cr, g_dpgettext2 (GETTEXT_PACKAGE, "cricchio piece letter", kind_letters[p->kind]), x + sz / 2, y + sz / 2, sz * 0.55, TRUE);
}

/* A mine: a small starred square in its owner's colour, in the corner. */
static void
draw_mine (cairo_t *cr, guint o, double x, double y, double sz)
{
  cairo_set_source_rgb (cr, fill[o][0], fill[o][1], fill[o][2]);
  cairo_rectangle (cr, x + sz * 0.62, y + sz * 0.05, sz * 0.33, sz * 0.33);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.9, 0.6, 0.0);
  cairo_set_line_width (cr, MAX (1, sz / 20));
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, ink[o][0], ink[o][1], ink[o][2]);
  draw_text (cr, "✸", x + sz * 0.785, y + sz * 0.215, sz * 0.3, FALSE);
}

/* A destination of the selected piece: a dot for a move, a red ring for a capture. */
static void
draw_target (cairo_t *cr, gboolean capture, double x, double y, double sz)
{
  cairo_set_source_rgba (cr, 0.1, 0.55, 0.1, 0.85);
  if (capture)
    {
      /* A capture: a ring around the piece (a move is a dot): shape, not only colour. */
      cairo_set_source_rgba (cr, 0.8, 0.1, 0.1, 0.9);
      cairo_set_line_width (cr, MAX (2, sz / 9));
      cairo_arc (cr, x + sz / 2, y + sz / 2, sz * 0.46, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  else
    {
      cairo_arc (cr, x + sz / 2, y + sz / 2, sz * 0.14, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* One square and what stands or is marked on it: the selection, a destination, the keyboard cursor. */
static void
draw_square (MgChessBoardView *self, cairo_t *cr, gint s, double x, double y, double sz)
{
  draw_ground (cr, self->terrain[s], s, x, y, sz);
  if (s == self->last_from || s == self->last_to)
    draw_last_move (cr, x, y, sz);
  if (self->pieces[s].kind)
    draw_piece (cr, &self->pieces[s], x, y, sz);
  if (self->mine_owner[s])
    draw_mine (cr, self->mine_owner[s] - 1, x, y, sz);
  if (s == self->selected)
    {
      cairo_set_source_rgb (cr, 0.1, 0.6, 0.1);
      cairo_set_line_width (cr, MAX (2, sz / 10));
      cairo_rectangle (cr, x + 2, y + 2, sz - 4, sz - 4);
      cairo_stroke (cr);
    }
  if (self->target[s])
    draw_target (cr, self->pieces[s].kind != 0, x, y, sz);
  if (s == self->cursor && gtk_widget_has_focus (GTK_WIDGET (self)))
    {
      double dash[] = { sz / 8, sz / 12 };
      cairo_set_source_rgb (cr, 0.05, 0.2, 0.6);
      cairo_set_line_width (cr, MAX (2, sz / 12));
      cairo_set_dash (cr, dash, 2, 0);
      cairo_rectangle (cr, x + sz * 0.08, y + sz * 0.08, sz * 0.84, sz * 0.84);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

/* Files and ranks around the board, turned with it, in the theme's text colour (dimmed):
 * they stand on the window's background, light or dark. */
static void
draw_coordinates (MgChessBoardView *self, cairo_t *cr, double sz, double x0, double y0)
{
  GdkRGBA text;
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  /* Centred in the margin they stand in, up to 0.35 of a square from the board: in a narrow
   * window the margin under the board is half a square (geometry), and letters centred lower
   * lost their descenders at the widget's edge (g read as q, j as i). */
  double below = MIN (sz * 0.35, (h - y0 - W * sz) / 2), left = MIN (sz * 0.35, x0 / 2);

  mg_chess_board_view_get_coordinate_color (self, &text);
  gdk_cairo_set_source_rgba (cr, &text);
  for (gint col = 0; col < W; col++)
    {
      gint s = from_display (self->bottom, col, W - 1);
      char label[4];
      if (self->bottom % 2 == 0)
        g_snprintf (label, sizeof label, "%c", 'a' + s % W);
      else
        g_snprintf (label, sizeof label, "%d", s / W + 1);
      draw_text (cr, label, x0 + (col + 0.5) * sz, y0 + W * sz + below, sz * 0.5, FALSE);
    }
  for (gint row = 0; row < W; row++)
    {
      gint s = from_display (self->bottom, 0, row);
      char label[4];
      if (self->bottom % 2 == 0)
        g_snprintf (label, sizeof label, "%d", s / W + 1);
      else
        g_snprintf (label, sizeof label, "%c", 'a' + s % W);
      draw_text (cr, label, x0 - left, y0 + (row + 0.5) * sz, sz * 0.5, FALSE);
    }
}

/* Set in every look: 0 is "not drawn". A look of nothing else is land with nothing on it or
 * marked (plain_land). */
#define LOOK_DRAWN ((guint64) 1 << 32)

/* Everything draw_square reads of square s, in one number: a square is painted again only when
 * this changes. */
static guint64
square_look (MgChessBoardView *self, gint s)
{
  const Piece *p = &self->pieces[s];

  return (guint64) self->terrain[s]
         | (guint64) p->kind << 8 | (guint64) p->owner << 12 | (guint64) p->ctrl << 16
         | (guint64) self->mine_owner[s] << 20
         | (guint64) (s == self->last_from || s == self->last_to) << 24
         | (guint64) (s == self->selected) << 25
         | (guint64) (self->target[s] != 0) << 26
         | (guint64) (s == self->cursor && gtk_widget_has_focus (GTK_WIDGET (self))) << 27
         | LOOK_DRAWN;
}

/* Forgets every kept node: all are made again at the next frame. */
static void
cache_reset (MgChessBoardView *self, int w, int h, int scale, const GdkRGBA *coord)
{
  for (gint s = 0; s < N; s++)
    g_clear_pointer (&self->square_node[s], gsk_render_node_unref);
  g_clear_pointer (&self->coord_node, gsk_render_node_unref);
  self->cache_w = w;
  self->cache_h = h;
  self->cache_scale = scale;
  self->cache_bottom = self->bottom;
  self->cache_coord = *coord;
  memset (self->drawn, 0, sizeof self->drawn);
}

/* A node painting an image of `rect` (whole pixels, at the widget's scale) drawn by `draw`:
 * the pixels are those the same drawing makes on one image of the whole board, as before. */
typedef void (*DrawFunc) (MgChessBoardView *self, cairo_t *cr, gint s, double sz, double x0, double y0);

static GskRenderNode *
image_node (MgChessBoardView *self, const graphene_rect_t *rect, int scale, DrawFunc draw, gint s,
            double sz, double x0, double y0)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) rect->size.width * scale,
                                                       (int) rect->size.height * scale);
  GskRenderNode *node = gsk_cairo_node_new (rect);
  cairo_t *cr;

  cairo_surface_set_device_scale (image, scale, scale);
  cr = cairo_create (image);
  cairo_translate (cr, -rect->origin.x, -rect->origin.y);
  draw (self, cr, s, sz, x0, y0);
  cairo_destroy (cr);
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, image, rect->origin.x, rect->origin.y);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (image);
  return node;
}

static void
draw_one_square (MgChessBoardView *self, cairo_t *cr, gint s, double sz, double x0, double y0)
{
  gint col, row;

  to_display (self->bottom, s, &col, &row);
  cairo_rectangle (cr, x0 + col * sz, y0 + row * sz, sz, sz);
  cairo_clip (cr);
  draw_square (self, cr, s, x0 + col * sz, y0 + row * sz, sz);
}

static void
draw_coordinates_at (MgChessBoardView *self, cairo_t *cr, gint s, double sz, double x0, double y0)
{
  draw_coordinates (self, cr, sz, x0, y0);
}

/* Land with nothing on it or marked: its ground alone, which a colour node paints with the same
 * pixels (the square's edges are whole pixels), with no image of its own. Under GL each image
 * is a texture: 196 of them cost ~9 MB of llvmpipe's memory, half of them for plain land. */
static gboolean
plain_land (guint64 look)
{
  return look == LOOK_DRAWN;
}

/* Makes again the nodes of the squares whose look changed (all after a reset). */
static void
cache_update (MgChessBoardView *self, double sz, double x0, double y0, int w, int h, int scale)
{
  guint n = 0;

  /* The coordinates stand in the margins left of and under the board: an image of each strip,
   * not of the whole widget (the board's squares are drawn over the rest). */
  if (self->coord_node == NULL)
    {
      GskRenderNode *strips[2] = {
        image_node (self, &GRAPHENE_RECT_INIT (0, 0, MAX (1, x0), h), scale, draw_coordinates_at, -1, sz, x0, y0),
        image_node (self, &GRAPHENE_RECT_INIT (x0, y0 + W * sz, w - x0, MAX (1, h - y0 - W * sz)), scale,
                    draw_coordinates_at, -1, sz, x0, y0),
      };

      self->coord_node = gsk_container_node_new (strips, 2);
      gsk_render_node_unref (strips[0]);
      gsk_render_node_unref (strips[1]);
    }
  for (gint s = 0; s < N; s++)
    {
      guint64 look = square_look (self, s);
      gint col, row;

      if (look == self->drawn[s] && self->square_node[s] != NULL)
        continue;
      to_display (self->bottom, s, &col, &row);
      g_clear_pointer (&self->square_node[s], gsk_render_node_unref);
      if (plain_land (look))
        {
          GdkRGBA ground = ground_colour (0, s);

          self->square_node[s] = gsk_color_node_new (&ground, &GRAPHENE_RECT_INIT (x0 + col * sz, y0 + row * sz,
                                                                                   sz, sz));
        }
      else
        self->square_node[s] = image_node (self, &GRAPHENE_RECT_INIT (x0 + col * sz, y0 + row * sz, sz, sz),
                                           scale, draw_one_square, s, sz, x0, y0);
      self->drawn[s] = look;
      n++;
    }
  self->n_repainted = n;
}

static void
mg_chess_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgChessBoardView *self = MG_CHESS_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  double sz, x0, y0;
  GdkRGBA coord;

  geometry (self, &sz, &x0, &y0);
  if (sz <= 0)
    return;
  mg_chess_board_view_get_coordinate_color (self, &coord);
  if (w != self->cache_w || h != self->cache_h || scale != self->cache_scale
      || self->bottom != self->cache_bottom || !gdk_rgba_equal (&coord, &self->cache_coord))
    cache_reset (self, w, h, scale, &coord);
  cache_update (self, sz, x0, y0, w, h, scale);
  gtk_snapshot_append_node (snapshot, self->coord_node);
  for (gint s = 0; s < N; s++)
    gtk_snapshot_append_node (snapshot, self->square_node[s]);
}

guint
mg_chess_board_view_get_n_repainted (MgChessBoardView *self)
{
  return self->n_repainted;
}

static void
mg_chess_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                             int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  *minimum = 15 * 20;  /* 300 px: fits a 360 px window */
  /* A square board: as tall as it is wide, so a narrow window (the side panel under the board)
   * does not give it empty bands above and below and push the status out of sight. */
  *natural = orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0 ? MAX (for_size, *minimum) : 15 * 44;
  *min_baseline = *nat_baseline = -1;
}

static GtkSizeRequestMode
mg_chess_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static gint
hit (MgChessBoardView *self, double px, double py)
{
  double sz, x0, y0;
  gint col, row;

  geometry (self, &sz, &x0, &y0);
  if (sz <= 0 || px < x0 || py < y0)
    return -1;
  col = (gint) ((px - x0) / sz);
  row = (gint) ((py - y0) / sz);
  if (col >= W || row >= W)
    return -1;
  return from_display (self->bottom, col, row);
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, MgChessBoardView *self)
{
  gint s = hit (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (s < 0)
    return;
  self->cursor = s;
  g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, square_name (self, s, 0));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             MgChessBoardView *self)
{
  gint col, row, dc = 0, dr = 0, s;

  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dc = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dc = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dr = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dr = 1; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
      g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, square_name (self, self->cursor, 0));
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Escape:
      /* Lets the piece go; with nothing picked, Escape is the window's (it may close a dialog). */
      if (self->selected < 0)
        return FALSE;
      g_signal_emit (self, signals[CANCELLED], 0);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    default:
      return FALSE;
    }
  to_display (self->bottom, self->cursor, &col, &row);
  col = CLAMP (col + dc, 0, W - 1);
  row = CLAMP (row + dr, 0, W - 1);
  if ((s = from_display (self->bottom, col, row)) >= 0)
    self->cursor = s;
  say_square (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
focus_changed (MgChessBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mg_chess_board_view_finalize (GObject *object)
{
  MgChessBoardView *self = MG_CHESS_BOARD_VIEW (object);

  for (gint s = 0; s < N; s++)
    g_clear_pointer (&self->square_node[s], gsk_render_node_unref);
  g_clear_pointer (&self->coord_node, gsk_render_node_unref);
  G_OBJECT_CLASS (mg_chess_board_view_parent_class)->finalize (object);
}

static void
mg_chess_board_view_class_init (MgChessBoardViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = mg_chess_board_view_finalize;
  widget_class->snapshot = mg_chess_board_view_snapshot;
  widget_class->measure = mg_chess_board_view_measure;
  widget_class->get_request_mode = mg_chess_board_view_get_request_mode;
  signals[SQUARE_ACTIVATED] = g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
  gtk_widget_class_set_css_name (widget_class, "chessboard");
}

static void
mg_chess_board_view_init (MgChessBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->last_from = self->last_to = self->selected = -1;
  self->cursor = HOME_SQUARE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board: arrow keys move the cursor, Enter picks a piece or its destination, Escape lets it go"), -1);
}

MgChessBoardView *
mg_chess_board_view_new (void)
{
  return g_object_new (MG_TYPE_CHESS_BOARD_VIEW, NULL);
}

void
mg_chess_board_view_set_terrain (MgChessBoardView *self, const guint8 *terrain)
{
  memcpy (self->terrain, terrain, N);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_chess_board_view_set_view (MgChessBoardView *self, json_object *view)
{
  json_object *pieces = mg_ui_json_array (view, "pieces"), *mines = mg_ui_json_array (view, "mines");

  memset (self->pieces, 0, sizeof self->pieces);
  memset (self->mine_owner, 0, sizeof self->mine_owner);
  for (gsize i = 0; i < mg_ui_json_len (pieces); i++)
    {
      json_object *p = json_object_array_get_idx (pieces, i);
      gint s = parse_square (mg_ui_json_str (p, "at")), k = index_of (kind_ids, mg_ui_json_str (p, "kind"));
      gint o = index_of (side_ids, mg_ui_json_str (p, "owner")), c = index_of (side_ids, mg_ui_json_str (p, "ctrl"));
      if (s < 0 || k <= 0 || o < 0)
        continue;
      self->pieces[s] = (Piece) { k, o, c >= 0 ? c : o };
    }
  for (gsize i = 0; i < mg_ui_json_len (mines); i++)
    {
      json_object *m = json_object_array_get_idx (mines, i);
      gint s = parse_square (mg_ui_json_str (m, "at")), o = index_of (side_ids, mg_ui_json_str (m, "owner"));
      if (s >= 0 && o >= 0)
        self->mine_owner[s] = o + 1;
    }
  self->last_from = parse_square (mg_ui_json_str (view, "last_from"));
  self->last_to = parse_square (mg_ui_json_str (view, "last_to"));
  say_square (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_chess_board_view_set_bottom (MgChessBoardView *self, const char *side)
{
  gint b = index_of (side_ids, side);

  self->bottom = b >= 0 ? b : 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_chess_board_view_set_selection (MgChessBoardView *self, const char *square, const char * const *targets)
{
  self->selected = parse_square (square);
  memset (self->target, 0, sizeof self->target);
  for (guint i = 0; targets != NULL && targets[i] != NULL; i++)
    {
      gint s = parse_square (targets[i]);
      if (s >= 0)
        self->target[s] = TRUE;
    }
  say_square (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
mg_chess_board_view_get_selected (MgChessBoardView *self)
{
  return square_name (self, self->selected, 1);
}

const char *
mg_chess_board_view_get_cursor (MgChessBoardView *self)
{
  return square_name (self, self->cursor, 0);
}

void
mg_chess_board_view_home_cursor (MgChessBoardView *self)
{
  g_return_if_fail (MG_IS_CHESS_BOARD_VIEW (self));
  self->cursor = HOME_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
mg_chess_board_view_set_cursor (MgChessBoardView *self, const char *square)
{
  gint s = parse_square (square);

  if (s >= 0)
    self->cursor = s;
  say_square (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
mg_chess_board_view_square_point (MgChessBoardView *self, const char *name, double *x, double *y)
{
  double sz, x0, y0;
  gint s = parse_square (name), col, row;

  geometry (self, &sz, &x0, &y0);
  if (s < 0 || sz <= 0)
    return FALSE;
  to_display (self->bottom, s, &col, &row);
  *x = x0 + (col + 0.5) * sz;
  *y = y0 + (row + 0.5) * sz;
  return TRUE;
}

guint
mg_chess_board_view_get_n_targets (MgChessBoardView *self)
{
  guint n = 0;

  for (guint s = 0; s < N; s++)
    n += self->target[s];
  return n;
}

const char *
mg_chess_board_view_get_bottom (MgChessBoardView *self)
{
  return side_ids[self->bottom];
}

guint
mg_chess_board_view_get_n_mines (MgChessBoardView *self, const char *owner)
{
  gint o = index_of (side_ids, owner);
  guint n = 0;

  for (guint s = 0; s < N; s++)
    n += self->mine_owner[s] != 0 && (owner == NULL || self->mine_owner[s] == o + 1);
  return n;
}

/* mg-square-board.c — draws a board of N×M squares and what stands on each, walked by the arrow keys and chosen by a click or Enter; any game. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "mg-accessible.h"
#include "mg-square-board.h"
#include "mg-ui-json.h"

#define MIN_SIDE  32    /* px: a square a finger or a pointer hits at 360 px */
#define NAT_SIDE  72
#define MAX_SIDE  96    /* px on a page: the board does not crowd out the actions */
#define MAX_CELLS 400   /* a model asking for more draws nothing (bad input never aborts) */

/* ---- one square: drawn by itself, named for screen readers ---- */

#define MG_TYPE_BOARD_SQUARE (mg_board_square_get_type ())
G_DECLARE_FINAL_TYPE (MgBoardSquare, mg_board_square, MG, BOARD_SQUARE, GtkWidget)

struct _MgBoardSquare
{
  GtkWidget    parent_instance;
  guint        index, row, column;
  char        *name;
  char        *piece;
  char        *label;
  json_object *value;
  GdkRGBA      colour;
  gboolean     has_colour;
};

G_DEFINE_FINAL_TYPE (MgBoardSquare, mg_board_square, GTK_TYPE_WIDGET)

static void
mg_board_square_finalize (GObject *object)
{
  MgBoardSquare *self = MG_BOARD_SQUARE (object);

  g_free (self->name);
  g_free (self->piece);
  g_free (self->label);
  json_object_put (self->value);
  G_OBJECT_CLASS (mg_board_square_parent_class)->finalize (object);
}

static void
append_text (GtkWidget *widget, GtkSnapshot *snapshot, const char *text, double size,
             gboolean bold, const GdkRGBA *colour, double cx, double cy)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_new ();
  int w, h;

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size (font, MAX (1.0, size) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &w, &h);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx - w / 2.0, cy - h / 2.0));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* The square's ground (the dark squares a shade deeper), its edge, its name small in a corner,
 * what stands on it large in the middle, and a ring while it has the focus or the pointer. */
static void
mg_board_square_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgBoardSquare *self = MG_BOARD_SQUARE (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget), side = MIN (w, h);
  gboolean dark = (self->row + self->column) % 2 == 1;
  GdkRGBA fg, ground, edge, ring = { 0.21, 0.52, 0.89, 1 };
  graphene_rect_t box = GRAPHENE_RECT_INIT (0, 0, w, h);
  GskRoundedRect outline;
  gboolean hover = (gtk_widget_get_state_flags (widget) & GTK_STATE_FLAG_PRELIGHT) != 0;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS   /* gtk_widget_get_color is GTK 4.10 */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  ground = (GdkRGBA) { fg.red, fg.green, fg.blue, dark ? 0.16 : 0.05 };
  if (hover && gtk_widget_get_focusable (widget))
    ground.alpha += 0.08;
  edge = (GdkRGBA) { fg.red, fg.green, fg.blue, 0.45 };
  gtk_snapshot_append_color (snapshot, &ground, &box);
  gsk_rounded_rect_init_from_rect (&outline, &box, 0);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 0.5, 0.5, 0.5, 0.5 },
                              (GdkRGBA[4]) { edge, edge, edge, edge });
  if (self->name != NULL && side >= 40)
    {
      GdkRGBA dim = { fg.red, fg.green, fg.blue, 0.7 };

      append_text (widget, snapshot, self->name, MAX (10.0, side * 0.16), FALSE, &dim,
                   4 + side * 0.12, 2 + side * 0.12);
    }
  if (self->piece != NULL && self->piece[0] != '\0')
    append_text (widget, snapshot, self->piece, side * 0.5, TRUE, self->has_colour ? &self->colour : &fg,
                 w / 2, h / 2);
  if (gtk_widget_has_focus (widget))
    {
      graphene_rect_t inner = GRAPHENE_RECT_INIT (2, 2, w - 4, h - 4);

      gsk_rounded_rect_init_from_rect (&outline, &inner, 3);
      gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 3, 3, 3, 3 },
                                  (GdkRGBA[4]) { ring, ring, ring, ring });
    }
}

static void
mg_board_square_class_init (MgBoardSquareClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = mg_board_square_finalize;
  widget_class->snapshot = mg_board_square_snapshot;
  gtk_widget_class_set_css_name (widget_class, "boardsquare");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
redraw_on_focus (GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
}

static void
mg_board_square_init (MgBoardSquare *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (redraw_on_focus), NULL);
  g_signal_connect (self, "state-flags-changed", G_CALLBACK (redraw_on_focus), NULL);
}

/* ---- the board ---- */

struct _MgSquareBoard
{
  GtkWidget    parent_instance;
  json_object *model;
  guint        columns, rows;
  GPtrArray   *squares;   /* MgBoardSquare, a row at a time from the top left */
  guint        cursor;
  gboolean     far;
  double       side, ox, oy;   /* the last layout: a square's side, the board's top left */
};

G_DEFINE_FINAL_TYPE (MgSquareBoard, mg_square_board, GTK_TYPE_WIDGET)

enum { SQUARE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static double
side_for (MgSquareBoard *self, double width, double height)
{
  double side;

  if (self->columns == 0 || self->rows == 0)
    return 0;
  side = width / self->columns;
  if (height >= 0)
    side = MIN (side, height / self->rows);
  return self->far ? side : MIN (side, MAX_SIDE);
}

static void
mg_square_board_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  MgSquareBoard *self = MG_SQUARE_BOARD (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = self->columns * MIN_SIDE;
      *natural = self->columns * NAT_SIDE;
    }
  else if (for_size < 0)
    {
      *minimum = self->rows * MIN_SIDE;
      *natural = self->rows * NAT_SIDE;
    }
  else
    {
      /* For a width, its height both ways: a scrolled page gives a child its minimum height.
       * Far (the players' display), the screen's height is the limit: only the smallest squares
       * are asked for, and size_allocate fits the board into the height it is given. */
      *natural = (int) (self->rows * MAX (MIN_SIDE, floor (side_for (self, for_size, -1))));
      *minimum = self->far ? (int) (self->rows * MIN_SIDE) : *natural;
    }
}

static GtkSizeRequestMode
mg_square_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_square_board_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgSquareBoard *self = MG_SQUARE_BOARD (widget);

  self->side = floor (side_for (self, width, height));
  /* On a page the board stands at the start, as the facts under it; far, in the middle. */
  self->ox = self->far ? floor ((width - self->side * self->columns) / 2) : 0;
  self->oy = floor ((height - self->side * self->rows) / 2);
  for (guint i = 0; i < self->squares->len; i++)
    {
      MgBoardSquare *sq = self->squares->pdata[i];

      gtk_widget_size_allocate (GTK_WIDGET (sq), &(GtkAllocation) {
        (int) (self->ox + sq->column * self->side), (int) (self->oy + sq->row * self->side),
        (int) self->side, (int) self->side }, -1);
    }
}

static void
activate (MgSquareBoard *self, guint index)
{
  if (index < self->squares->len)
    g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, index);
}

static void
square_focused (MgBoardSquare *square, GParamSpec *pspec, MgSquareBoard *self)
{
  if (gtk_widget_has_focus (GTK_WIDGET (square)))
    {
      if (self->cursor != square->index)
        mg_square_board_set_note (self, NULL);
      self->cursor = square->index;
    }
}

/* The square under a widget position, or -1. */
static gint
square_at (MgSquareBoard *self, double x, double y)
{
  double c = self->side > 0 ? floor ((x - self->ox) / self->side) : -1;
  double r = self->side > 0 ? floor ((y - self->oy) / self->side) : -1;

  if (c < 0 || r < 0 || c >= self->columns || r >= self->rows)
    return -1;
  return (gint) (r * self->columns + c);
}

static void
pressed (GtkGestureClick *gesture, int n_press, double x, double y, MgSquareBoard *self)
{
  gint index = square_at (self, x, y);

  if (index < 0 || self->far)
    return;
  gtk_widget_grab_focus (self->squares->pdata[index]);
  activate (self, (guint) index);
}

/* The arrows move the focus a square that way (it stays at an edge); Enter or Space chooses it. */
static gboolean
key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
             MgSquareBoard *self)
{
  gint r, c;

  if (self->squares->len == 0 || self->far)
    return FALSE;
  r = (gint) (self->cursor / self->columns);
  c = (gint) (self->cursor % self->columns);
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: c = MAX (0, c - 1); break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: c = MIN ((gint) self->columns - 1, c + 1); break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: r = MAX (0, r - 1); break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: r = MIN ((gint) self->rows - 1, r + 1); break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter: case GDK_KEY_space:
      activate (self, self->cursor);
      return TRUE;
    default:
      return FALSE;
    }
  self->cursor = (guint) (r * (gint) self->columns + c);
  gtk_widget_grab_focus (self->squares->pdata[self->cursor]);
  return TRUE;
}

/* Tab onto the board: the keyboard's square takes the focus. */
static gboolean
mg_square_board_focus (GtkWidget *widget, GtkDirectionType direction)
{
  MgSquareBoard *self = MG_SQUARE_BOARD (widget);

  if (gtk_widget_get_focus_child (widget) != NULL || self->squares->len == 0 || self->far)
    return FALSE;
  return gtk_widget_grab_focus (self->squares->pdata[MIN (self->cursor, self->squares->len - 1)]);
}

static gboolean
mg_square_board_grab_focus (GtkWidget *widget)
{
  return mg_square_board_focus (widget, GTK_DIR_TAB_FORWARD);
}

static void
mg_square_board_dispose (GObject *object)
{
  MgSquareBoard *self = MG_SQUARE_BOARD (object);

  if (self->squares != NULL)
    for (guint i = 0; i < self->squares->len; i++)
      gtk_widget_unparent (self->squares->pdata[i]);
  g_clear_pointer (&self->squares, g_ptr_array_unref);
  g_clear_pointer (&self->model, json_object_put);
  G_OBJECT_CLASS (mg_square_board_parent_class)->dispose (object);
}

static void
mg_square_board_class_init (MgSquareBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_square_board_dispose;
  widget_class->measure = mg_square_board_measure;
  widget_class->get_request_mode = mg_square_board_get_request_mode;
  widget_class->size_allocate = mg_square_board_size_allocate;
  widget_class->focus = mg_square_board_focus;
  widget_class->grab_focus = mg_square_board_grab_focus;
  gtk_widget_class_set_css_name (widget_class, "squareboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  signals[SQUARE_ACTIVATED] = g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
mg_square_board_init (MgSquareBoard *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->squares = g_ptr_array_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  mg_accessible_one_tab_stop (GTK_WIDGET (self));
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

MgSquareBoard *
mg_square_board_new (void)
{
  return g_object_new (MG_TYPE_SQUARE_BOARD, NULL);
}

void
mg_square_board_set_far (MgSquareBoard *self, gboolean far)
{
  g_return_if_fail (MG_IS_SQUARE_BOARD (self));
  self->far = far;
  gtk_widget_set_can_target (GTK_WIDGET (self), !far);
  for (guint i = 0; i < self->squares->len; i++)
    gtk_widget_set_focusable (self->squares->pdata[i], !far);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Square i's words and piece from its model entry. */
static void
square_fill (MgSquareBoard *self, MgBoardSquare *sq, guint i, json_object *entry)
{
  const char *name = mg_ui_json_str (entry, "name"), *piece = mg_ui_json_str (entry, "piece");
  const char *title = mg_ui_json_str (entry, "title"), *colour = mg_ui_json_str (entry, "colour");
  json_object *value = NULL;
  g_autofree char *label = NULL;

  sq->index = i;
  sq->row = i / self->columns;
  sq->column = i % self->columns;
  g_free (sq->name);
  sq->name = name != NULL ? g_strdup (name)
             : g_strdup_printf ("%c%u", sq->column < 26 ? 'a' + sq->column : '?', sq->row + 1);
  g_free (sq->piece);
  sq->piece = g_strdup (piece);
  sq->has_colour = colour != NULL && gdk_rgba_parse (&sq->colour, colour);
  json_object_put (sq->value);
  sq->value = json_object_object_get_ex (entry, "value", &value) ? json_object_get (value)
              : json_object_new_string (sq->name);
  if (title == NULL)
    title = piece;
  label = title != NULL && title[0] != '\0'
          /* TRANSLATORS: a board's square as a screen reader names it: its name, what stands on it */
          ? g_strdup_printf (_("Square %s: %s"), sq->name, title)
          /* TRANSLATORS: a board's square with nothing on it; %s is its name */
          : g_strdup_printf (_("Square %s: empty"), sq->name);
  if (g_strcmp0 (label, sq->label) != 0)
    {
      g_free (sq->label);
      sq->label = g_steal_pointer (&label);
      mg_accessible_set_label (GTK_WIDGET (sq), sq->label);
      gtk_widget_set_tooltip_text (GTK_WIDGET (sq), sq->label);
      /* The tooltip says the name again: a screen reader would read it twice as the description. */
      gtk_accessible_reset_property (GTK_ACCESSIBLE (sq), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  gtk_widget_queue_draw (GTK_WIDGET (sq));
}

void
mg_square_board_set_model (MgSquareBoard *self, json_object *model)
{
  json_object *list = NULL;
  gint64 columns = 0, rows = 0;
  guint n;

  g_return_if_fail (MG_IS_SQUARE_BOARD (self));
  if (model != NULL)
    json_object_get (model);
  json_object_put (self->model);
  self->model = model;
  if (json_object_object_get_ex (model, "columns", &list))
    columns = json_object_get_int64 (list);
  if (json_object_object_get_ex (model, "rows", &list))
    rows = json_object_get_int64 (list);
  if (columns <= 0 || rows <= 0 || columns * rows > MAX_CELLS)
    columns = rows = 0;
  self->columns = (guint) columns;
  self->rows = (guint) rows;
  n = self->columns * self->rows;
  list = json_object_object_get_ex (model, "squares", &list) ? list : NULL;
  while (self->squares->len > n)
    {
      gtk_widget_unparent (self->squares->pdata[self->squares->len - 1]);
      g_ptr_array_remove_index (self->squares, self->squares->len - 1);
    }
  while (self->squares->len < n)
    {
      GtkWidget *sq = g_object_new (MG_TYPE_BOARD_SQUARE, NULL);

      gtk_widget_set_focusable (sq, !self->far);
      g_signal_connect (sq, "notify::has-focus", G_CALLBACK (square_focused), self);
      gtk_widget_set_parent (sq, GTK_WIDGET (self));
      g_ptr_array_add (self->squares, sq);
    }
  for (guint i = 0; i < n; i++)
    square_fill (self, self->squares->pdata[i], i,
                 json_object_is_type (list, json_type_array) ? json_object_array_get_idx (list, i) : NULL);
  if (self->cursor >= MAX (n, 1))
    self->cursor = 0;
  mg_square_board_set_note (self, NULL);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

json_object *
mg_square_board_get_model (MgSquareBoard *self)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self), NULL);
  return self->model;
}

const char *
mg_square_board_get_parameter (MgSquareBoard *self)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self), NULL);
  return mg_ui_json_str (self->model, "parameter");
}

guint
mg_square_board_get_n_squares (MgSquareBoard *self)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self), 0);
  return self->squares->len;
}

const char *
mg_square_board_square_name (MgSquareBoard *self, guint index)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self) && index < self->squares->len, NULL);
  return MG_BOARD_SQUARE (self->squares->pdata[index])->name;
}

json_object *
mg_square_board_square_value (MgSquareBoard *self, guint index)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self) && index < self->squares->len, NULL);
  return MG_BOARD_SQUARE (self->squares->pdata[index])->value;
}

gint
mg_square_board_find (MgSquareBoard *self, json_object *value)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self), -1);
  for (guint i = 0; value != NULL && i < self->squares->len; i++)
    if (json_object_equal (MG_BOARD_SQUARE (self->squares->pdata[i])->value, value))
      return (gint) i;
  return -1;
}

GtkWidget *
mg_square_board_square_widget (MgSquareBoard *self, guint index)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self) && index < self->squares->len, NULL);
  return self->squares->pdata[index];
}

guint
mg_square_board_get_cursor (MgSquareBoard *self)
{
  g_return_val_if_fail (MG_IS_SQUARE_BOARD (self), 0);
  return self->cursor;
}

void
mg_square_board_set_note (MgSquareBoard *self, const char *note)
{
  g_return_if_fail (MG_IS_SQUARE_BOARD (self));
  if (self->cursor >= self->squares->len)
    return;
  if (note != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->squares->pdata[self->cursor]),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, note, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->squares->pdata[self->cursor]),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

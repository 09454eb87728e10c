/* mg-chart.c — one Chronicle chart as a widget (drawing shared with the PDF export: mg-chronicle-draw.c). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "mg-chart.h"
#include "mg-chronicle-draw.h"

struct _MgChart
{
  GtkWidget          parent_instance;

  MgChronicleWindow *window;
  guint              index;
  gint               series;   /* the focused point: its series and number, -1 for none */
  gint               point;
  char              *point_text;
  char            *(*tell) (gint64 seq, gpointer data);
  gpointer           tell_data;
};

G_DEFINE_FINAL_TYPE (MgChart, mg_chart, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_POINT_TEXT, N_PROPS };
static GParamSpec *props[N_PROPS];
enum { POINT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

#define PICK_RADIUS 12.0

static MgChronicleData *
chart_data (MgChart *self)
{
  if (self->window == NULL || self->index >= self->window->charts->len)
    return NULL;
  return g_ptr_array_index (self->window->charts, self->index);
}

static const MgChroniclePoint *
point_at (MgChronicleData *data, gint series, gint point, MgChronicleSeries **out)
{
  MgChronicleSeries *s;

  if (data == NULL || series < 0 || (guint) series >= data->series->len)
    return NULL;
  s = g_ptr_array_index (data->series, series);
  if (point < 0 || (guint) point >= s->points->len)
    return NULL;
  if (out != NULL)
    *out = s;
  return &g_array_index (s->points, MgChroniclePoint, point);
}

static void
update_accessible (MgChart *self)
{
  MgChronicleData *data = chart_data (self);
  g_autofree char *desc = data != NULL ? mg_chronicle_describe (data, self->window) : NULL;
  g_autofree char *full = NULL;

  if (data == NULL)
    return;
  full = self->point_text != NULL && self->point_text[0] ? g_strconcat (desc, " ", self->point_text, NULL)
                                                        : g_strdup (desc);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(data->chart->title),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, full, -1);
}

/* Names the focused point (series, point), or nothing. */
static void
set_focus (MgChart *self, gint series, gint point)
{
  MgChronicleData *data = chart_data (self);
  MgChronicleSeries *s = NULL;
  const MgChroniclePoint *p = point_at (data, series, point, &s);
  g_autofree char *summary = NULL;

  self->series = p != NULL ? series : -1;
  self->point = p != NULL ? point : -1;
  g_free (self->point_text);
  if (p != NULL && self->tell != NULL)
    summary = self->tell (p->seq, self->tell_data);
  self->point_text = p != NULL ? mg_chronicle_point_text (data, s, p, summary) : g_strdup ("");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), p != NULL ? self->point_text : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_POINT_TEXT]);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
mg_chart_point_position (MgChart *self, gint series, gint point, double *x, double *y)
{
  MgChronicleData *data = chart_data (self);
  const MgChroniclePoint *p = point_at (data, series, point, NULL);
  MgChroniclePlot plot;

  if (p == NULL)
    return FALSE;
  mg_chronicle_plot_init (&plot, data, self->window, gtk_widget_get_width (GTK_WIDGET (self)),
                          gtk_widget_get_height (GTK_WIDGET (self)));
  *x = mg_chronicle_plot_x (&plot, p->seq);
  *y = mg_chronicle_plot_y (&plot, p->value);
  return TRUE;
}

/* The point nearest (x, y) within PICK_RADIUS. */
static gboolean
pick (MgChart *self, double x, double y, gint *series, gint *point)
{
  MgChronicleData *data = chart_data (self);
  double best = PICK_RADIUS * PICK_RADIUS;
  gboolean found = FALSE;

  for (guint s = 0; data != NULL && s < data->series->len; s++)
    {
      MgChronicleSeries *ser = g_ptr_array_index (data->series, s);

      for (guint p = 0; p < ser->points->len; p++)
        {
          double px, py, d;

          mg_chart_point_position (self, s, p, &px, &py);
          d = (px - x) * (px - x) + (py - y) * (py - y);
          if (d <= best)
            {
              best = d;
              *series = s;
              *point = p;
              found = TRUE;
            }
        }
    }
  return found;
}

static void
motion (GtkEventControllerMotion *controller, double x, double y, MgChart *self)
{
  gint series, point;

  if (pick (self, x, y, &series, &point) && (series != self->series || point != self->point))
    set_focus (self, series, point);
}

static void
activate_focused (MgChart *self)
{
  const MgChroniclePoint *p = point_at (chart_data (self), self->series, self->point, NULL);

  if (p != NULL)
    g_signal_emit (self, signals[POINT_ACTIVATED], 0, p->seq);
}

static void
released (GtkGestureClick *gesture, int n_press, double x, double y, MgChart *self)
{
  gint series, point;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (!pick (self, x, y, &series, &point))
    return;
  set_focus (self, series, point);
  activate_focused (self);
}

/* (seq, series) in time order: a row's points by series, so that each is reached. */
static int
compare_at (gint64 seq_a, gint s_a, gint64 seq_b, gint s_b)
{
  return seq_a != seq_b ? (seq_a < seq_b ? -1 : 1) : (s_a > s_b) - (s_a < s_b);
}

/* The next point in time after (or before) the focused one, whatever its series. */
static void
step_time (MgChart *self, gboolean forward)
{
  MgChronicleData *data = chart_data (self);
  const MgChroniclePoint *cur = point_at (data, self->series, self->point, NULL);
  gint64 at = cur != NULL ? cur->seq : forward ? G_MININT64 : G_MAXINT64;
  gint at_s = cur != NULL ? self->series : -1;
  gint best_s = -1, best_p = -1;
  gint64 best = 0;

  for (guint s = 0; data != NULL && s < data->series->len; s++)
    {
      MgChronicleSeries *ser = g_ptr_array_index (data->series, s);

      for (guint p = 0; p < ser->points->len; p++)
        {
          gint64 seq = g_array_index (ser->points, MgChroniclePoint, p).seq;
          int from_cur = compare_at (seq, s, at, at_s);

          if ((forward ? from_cur > 0 : from_cur < 0) &&
              (best_s < 0 || (forward ? compare_at (seq, s, best, best_s) < 0 : compare_at (seq, s, best, best_s) > 0)))
            best = seq, best_s = s, best_p = p;
        }
    }
  if (best_s >= 0)
    set_focus (self, best_s, best_p);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, MgChart *self)
{
  switch (keyval)
    {
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      step_time (self, TRUE);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      step_time (self, FALSE);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      activate_focused (self);
      return self->series >= 0;
    default:
      return FALSE;
    }
}

static void
focus_changed (MgChart *self)
{
  /* The keyboard arrives on the last point: what the table did most recently. */
  if (gtk_widget_has_focus (GTK_WIDGET (self)) && self->series < 0)
    step_time (self, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mg_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  MgChart *self = MG_CHART (widget);
  MgChronicleData *data = chart_data (self);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (data == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  mg_chronicle_draw (cr, data, self->window, width, height,
                     adw_style_manager_get_dark (adw_style_manager_get_default ()),
                     self->series, gtk_widget_has_focus (widget) || self->series >= 0 ? self->point : -1);
  cairo_destroy (cr);
}

static void
mg_chart_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                  int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 160;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 560 : 180;
}

static void
mg_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MgChart *self = MG_CHART (object);

  switch (prop_id)
    {
    case PROP_POINT_TEXT:
      g_value_set_string (value, mg_chart_get_point_text (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mg_chart_finalize (GObject *object)
{
  g_free (MG_CHART (object)->point_text);
  G_OBJECT_CLASS (mg_chart_parent_class)->finalize (object);
}

static void
mg_chart_class_init (MgChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mg_chart_get_property;
  object_class->finalize = mg_chart_finalize;
  widget_class->snapshot = mg_chart_snapshot;
  widget_class->measure = mg_chart_measure;
  props[PROP_POINT_TEXT] = g_param_spec_string ("point-text", NULL, NULL, "",
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
  signals[POINT_ACTIVATED] = g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "chronicle-chart");
}

static void
mg_chart_init (MgChart *self)
{
  GtkEventController *controller;

  self->series = self->point = -1;
  self->point_text = g_strdup ("");
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  g_signal_connect (controller, "released", G_CALLBACK (released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  g_signal_connect_swapped (self, "notify::has-focus", G_CALLBACK (focus_changed), self);
}

MgChart *
mg_chart_new (void)
{
  return g_object_new (MG_TYPE_CHART, NULL);
}

void
mg_chart_set_window (MgChart *self, MgChronicleWindow *window, guint index)
{
  self->window = window;
  self->index = index;
  set_focus (self, -1, -1);
}

void
mg_chart_window_changed (MgChart *self)
{
  /* The focused point may be gone with an undo. */
  set_focus (self, self->series, self->point);
}

void
mg_chart_set_teller (MgChart *self, char *(*tell) (gint64 seq, gpointer data), gpointer data)
{
  self->tell = tell;
  self->tell_data = data;
}

const char *
mg_chart_get_point_text (MgChart *self)
{
  return self->point_text;
}

void
mg_chart_focus_point (MgChart *self, gint series, gint point)
{
  set_focus (self, series, point);
}

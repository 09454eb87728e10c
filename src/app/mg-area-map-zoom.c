/* mg-area-map-zoom.c — MgAreaMap's zoom and pan: Ctrl+wheel, a pinch, zoom in and out, fit. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "mg-area-map-private.h"

#define MAX_ZOOM    6.0

static void
zoom_about (MgAreaMap *self, double factor, double px, double py)
{
  double mx, my, zoom, scale;

  mg_area_map_ensure_layout (self);
  mx = (px - self->ox) / self->scale;
  my = (py - self->oy) / self->scale;
  zoom = CLAMP (self->zoom * factor, 1.0, MAX_ZOOM);
  if (zoom == self->zoom)
    return;
  scale = self->fit * zoom;
  self->zoom = zoom;
  if (zoom <= 1.0)
    self->pan_x = self->pan_y = 0;
  else
    {
      /* The model point under (px, py) stays there. */
      self->pan_x = CLAMP ((self->lw / 2.0 - (px - mx * scale)) / scale - self->bcx, -self->bw / 2, self->bw / 2);
      self->pan_y = CLAMP ((self->cy0 - (py - my * scale)) / scale - self->bcy, -self->bh / 2, self->bh / 2);
    }
  mg_area_map_invalidate (self);
}

void
mg_area_map_zoom (MgAreaMap *self, double factor)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  mg_area_map_ensure_layout (self);
  zoom_about (self, factor, self->lw / 2.0, self->map_h / 2.0);
}

void
mg_area_map_fit (MgAreaMap *self)
{
  g_return_if_fail (MG_IS_AREA_MAP (self));
  self->zoom = 1;
  self->pan_x = self->pan_y = 0;
  mg_area_map_invalidate (self);
}

double
mg_area_map_get_zoom (MgAreaMap *self)
{
  g_return_val_if_fail (MG_IS_AREA_MAP (self), 1);
  return self->zoom;
}

gboolean
mg_area_map_scrolled (GtkEventControllerScroll *scroll, double dx, double dy, MgAreaMap *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  double px = self->lw / 2.0, py = self->map_h / 2.0;

  (void) dx;
  if (!(state & GDK_CONTROL_MASK) || dy == 0)
    return FALSE;
  if (self->hover_area != NULL)
    mg_area_map_area_position (self, self->hover_area, &px, &py);
  zoom_about (self, dy < 0 ? 1.25 : 0.8, px, py);
  return TRUE;
}

/* Two fingers on a touchpad or a screen: the zoom follows their spread. */
void
mg_area_map_pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, MgAreaMap *self)
{
  (void) gesture;
  (void) sequence;
  self->pinch_zoom = self->zoom;
}

void
mg_area_map_pinch_changed (GtkGestureZoom *gesture, double scale, MgAreaMap *self)
{
  double cx, cy;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    return;
  zoom_about (self, self->pinch_zoom * scale / self->zoom, cx, cy);
}

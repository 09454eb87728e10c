/* mg-area-map-private.h — MgAreaMap's state and the helpers its drawing and its layout queries share. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>
#include <json-c/json.h>

#include "mg-area-map.h"

G_BEGIN_DECLS

#define RING_ROOM   4.0    /* px round an area for its hover and focus rings */
#define WATER_RGBA 0.21, 0.52, 0.89, 0.8   /* rivers: blue */

/* Where one area's name is drawn: its text (whole, broken on two lines, or initials). */
typedef struct
{
  char            *text;
  graphene_rect_t  rect;
  gboolean         is_short;
} NameSpot;

struct _MgAreaMap
{
  GtkWidget    parent_instance;

  json_object *model;
  char        *selected;
  GStrv        targets;
  GHashTable  *target_texts;  /* id → what activating it does */
  gboolean     editable;
  char        *dragging;
  gboolean     panning;
  double       pan_start_x, pan_start_y;
  char        *focus_area;   /* where the arrow keys are, drawn with a ring while focused */
  char        *hover_area;
  char        *hint;
  double       zoom, pan_x, pan_y;   /* pan: the view's centre from the areas' centre, model units */
  double       pinch_zoom;           /* the zoom when a pinch began */

  /* The layout, made again when the size, the model or the zoom changed (laid_out FALSE). */
  gboolean     laid_out;
  int          lw, lh;
  double       scale, ox, oy, radius, token, fit;
  double       scale_y;              /* the vertical scale: the same, but on a far display */
  gboolean     far;                  /* drawn for the far end of the table (set_far) */
  double       bcx, bcy, bw, bh;     /* the areas' bounding box: centre and size */
  double       map_h, legend_h;
  double       clear_w, clear_h;     /* far: room kept free right of or under the mg_area_map_areas (free_corner) */
  double       cy0;                  /* where the areas' centre is drawn, unzoomed */
  GArray      *names;                /* NameSpot, one per area in model order */
  GArray      *token_rects;          /* graphene_rect_t, one per model token */
  GArray      *area_boxes;           /* graphene_rect_t, one per area in model order (area_box) */
  gint         clicked_token;        /* while a click is told: the token under it, or -1 */
  /* The texts' layouts, one per text and font ("bold size text" → PangoLayout), kept from frame
   * to frame: a layout made for each text cost 0.5M instructions (its font looked up again), and
   * one given its text again at each frame shaped it again (issue 43). */
  GHashTable  *layouts;
  /* What the last frame drew, one render node per thing drawn under a key that says all it
   * shows (see mg_area_map_snapshot), and the look they were drawn at. */
  GHashTable  *nodes;
  char        *look;
  guint        n_redrawn;            /* nodes drawn again at the last frame */
  GPtrArray   *spots;                /* MgAreaSpot, one per area in model order (none when far) */
  char        *note;                 /* the focused area's description (mg_area_map_set_focus_note) */
};


/* In mg-area-map.c: the model read, the layout made, where things are drawn. */
gboolean mg_area_map_water_segment (MgAreaMap *self, json_object *water, gsize k, double p[4]);
double mg_area_map_name_font (MgAreaMap *self);
json_object *mg_area_map_find_area (MgAreaMap *self, const char *id);
graphene_rect_t mg_area_map_area_box (MgAreaMap *self, json_object *area);
void mg_area_map_ensure_layout (MgAreaMap *self);
void mg_area_map_to_widget (MgAreaMap *self, json_object *area, double *x, double *y);
json_object *mg_area_map_areas (MgAreaMap *self);
gboolean mg_area_map_water_line (MgAreaMap *self, json_object *water, gsize k, gboolean across, double p[4]);

/* Lays the map out again and draws it (its size, model, zoom or style changed). */
void mg_area_map_invalidate (MgAreaMap *self);

/* In mg-area-map-zoom.c: the controllers' handlers for Ctrl+wheel and a pinch. */
gboolean mg_area_map_scrolled (GtkEventControllerScroll *scroll, double dx, double dy, MgAreaMap *self);
void mg_area_map_pinch_begin (GtkGesture *gesture, GdkEventSequence *sequence, MgAreaMap *self);
void mg_area_map_pinch_changed (GtkGestureZoom *gesture, double scale, MgAreaMap *self);

/* In mg-area-map-query.c: how many names are shrunk to their initials in the present layout. */
guint mg_area_map_n_short_names (MgAreaMap *self);

G_END_DECLS

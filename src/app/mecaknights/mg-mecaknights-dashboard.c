/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-dashboard.c — the MecaKnights Table page: the turn and season with the moves allowed,
 * whose phase it is and what they may still do, the tracking table, the armies and lands, and
 * beside them the action forms and the battle view. Everything is read from the engine's view
 * and pending() after each change of the campaign.
 *
 * The table, armies and lands (mg-mecaknights-dashboard-body.ui) are built and filled in the layout that
 * first brings their heading into view, or when the keyboard moves through the page: narrow, they
 * lie below the head and the actions, and a window at its first frame does not show them. Wide,
 * the Lands heading is at the bottom of a first frame: there, the rows the view shows are made in
 * that layout and the rest once the frame is painted (mg_list_box_grow_rows). */
#include "config.h"

#include "mg-accessible.h"
#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-mecaknights-dashboard-private.h"
#include "mg-mecaknights-util.h"
#include "mg-json.h"
#include "mg-text-stack.h"
#include "mg-mecaknights.h"
#include "mg-table-state.h"
#include "mg-narrate.h"

/* MgMkSplit: the page's layout. Wide (from SPLIT_WIDE px), the head and the lists on the left
 * and the actions beside them, kept in view while the lists scroll; narrow, one column: the
 * head, the actions, then the lists. Its children, in order: head, side, body, separator. */
#define SPLIT_WIDE    760
#define SPLIT_SIDE    400   /* the actions' width when side by side */
#define SPLIT_GAP     37    /* 18 px either side of the separator */
#define SPLIT_SPACING 18
#define SPLIT_PAD     18

#define MG_TYPE_MK_SPLIT (mg_mk_split_get_type ())
G_DECLARE_FINAL_TYPE (MgMkSplit, mg_mk_split, MG, MK_SPLIT, GtkWidget)

struct _MgMkSplit
{
  GtkWidget      parent_instance;
  GtkAdjustment *vadjustment;   /* the scrolled window's, followed to keep the actions in view */
};

G_DEFINE_FINAL_TYPE (MgMkSplit, mg_mk_split, GTK_TYPE_WIDGET)

static void
split_children (MgMkSplit *self, GtkWidget **head, GtkWidget **side, GtkWidget **body, GtkWidget **sep)
{
  *head = gtk_widget_get_first_child (GTK_WIDGET (self));
  *side = gtk_widget_get_next_sibling (*head);
  *body = gtk_widget_get_next_sibling (*side);
  *sep = gtk_widget_get_next_sibling (*body);
}

static int
split_height (GtkWidget *child, int width, int *natural)
{
  int min = 0, nat = 0;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  if (natural != NULL)
    *natural += nat;
  return min;
}

static void
mg_mk_split_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgMkSplit *self = MG_MK_SPLIT (widget);
  GtkWidget *head, *side, *body, *sep;

  split_children (self, &head, &side, &body, &sep);
  *min_baseline = *nat_baseline = -1;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int head_min, head_nat, side_min, side_nat, body_min, body_nat;

      /* Narrow, one column: the widest child's minimum. */
      gtk_widget_measure (head, orientation, -1, &head_min, &head_nat, NULL, NULL);
      gtk_widget_measure (side, orientation, -1, &side_min, &side_nat, NULL, NULL);
      gtk_widget_measure (body, orientation, -1, &body_min, &body_nat, NULL, NULL);
      *minimum = MAX (head_min, MAX (side_min, body_min));
      *natural = MAX (SPLIT_WIDE, MAX (head_nat, body_nat) + SPLIT_GAP + MAX (side_nat, SPLIT_SIDE));
    }
  else if (for_size < 0)
    {
      /* A height for no width is asked only by the scrolled window around the page, which
       * does not use it (its vertical scrollbar is automatic and it does not take its child's
       * natural height): laying every label out at a width never shown cost a whole pass. The
       * viewport asks for the height at the width it gives. */
      *minimum = *natural = 0;
    }
  else if (for_size >= SPLIT_WIDE)
    {
      int width = for_size;
      int left = width - SPLIT_GAP - SPLIT_SIDE;
      int left_nat = 0, side_nat = 0;
      int left_min = split_height (head, left, &left_nat) + SPLIT_SPACING + split_height (body, left, &left_nat);
      int side_min = split_height (side, SPLIT_SIDE, &side_nat);

      *minimum = MAX (left_min, side_min);
      *natural = MAX (left_nat + SPLIT_SPACING, side_nat);
    }
  else
    {
      *natural = 2 * SPLIT_SPACING;
      *minimum = split_height (head, for_size, natural) + split_height (side, for_size, natural)
                 + split_height (body, for_size, natural) + 2 * SPLIT_SPACING;
    }
}

/* Its height depends on its width (one column or two, labels wrapping): said so, the viewport
 * asks for the height at the width it allocates, which size_allocate then finds measured. */
static GtkSizeRequestMode
mg_mk_split_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
mg_mk_split_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgMkSplit *self = MG_MK_SPLIT (widget);
  GtkWidget *head, *side, *body, *sep;
  gboolean wide = width >= SPLIT_WIDE;

  split_children (self, &head, &side, &body, &sep);
  gtk_widget_set_child_visible (sep, wide);
  if (wide)
    {
      int left = width - SPLIT_GAP - SPLIT_SIDE;
      int head_h = split_height (head, left, NULL);
      int body_h = split_height (body, left, NULL);
      int side_h = split_height (side, SPLIT_SIDE, NULL);
      int y = 0;

      /* The actions stay in view while the lists scroll under them, if they fit the view
       * (SPLIT_PAD: the page's padding above them, .mk-split in mecaknights.css). */
      if (self->vadjustment != NULL && side_h <= gtk_adjustment_get_page_size (self->vadjustment))
        y = CLAMP ((int) gtk_adjustment_get_value (self->vadjustment) - SPLIT_PAD, 0, MAX (0, height - side_h));
      gtk_widget_allocate (head, left, head_h, -1, NULL);
      gtk_widget_allocate (body, left, MAX (body_h, height - head_h - SPLIT_SPACING), -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, head_h + SPLIT_SPACING)));
      gtk_widget_allocate (sep, 1, height, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (left + SPLIT_GAP / 2, 0)));
      gtk_widget_allocate (side, SPLIT_SIDE, side_h, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (left + SPLIT_GAP, y)));
    }
  else
    {
      int head_h = split_height (head, width, NULL);
      int side_h = split_height (side, width, NULL);
      int body_h = split_height (body, width, NULL);

      gtk_widget_allocate (head, width, head_h, -1, NULL);
      gtk_widget_allocate (side, width, side_h, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, head_h + SPLIT_SPACING)));
      gtk_widget_allocate (body, width, MAX (body_h, height - head_h - side_h - 2 * SPLIT_SPACING), -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, head_h + side_h + 2 * SPLIT_SPACING)));
    }
}

static void
mg_mk_split_follow (MgMkSplit *self, GtkAdjustment *vadjustment)
{
  g_set_object (&self->vadjustment, vadjustment);
  g_signal_connect_object (vadjustment, "value-changed", G_CALLBACK (gtk_widget_queue_allocate), self, G_CONNECT_SWAPPED);
}

static void
mg_mk_split_dispose (GObject *object)
{
  MgMkSplit *self = MG_MK_SPLIT (object);

  g_clear_object (&self->vadjustment);
  mg_widget_remove_children (GTK_WIDGET (self));
  G_OBJECT_CLASS (mg_mk_split_parent_class)->dispose (object);
}

static void
mg_mk_split_class_init (MgMkSplitClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_split_dispose;
  widget_class->measure = mg_mk_split_measure;
  widget_class->get_request_mode = mg_mk_split_get_request_mode;
  widget_class->size_allocate = mg_mk_split_size_allocate;
}

static void
mg_mk_split_init (MgMkSplit *self)
{
}

struct _MgMkDashboard
{
  GtkWidget        parent_instance;

  MgCampaign      *campaign;
  MgMkActionPanel *panel;
  MgMkBattleView  *battles;
  GHashTable      *land_texts;   /* land name → subtitle shown */
  GHashTable      *army_texts;   /* army id → subtitle shown */

  GtkLabel        *title_label;
  GtkLabel        *subtitle_label;
  GtkBox          *phase_head;
  GtkLabel        *phase_label;
  GtkLabel        *pending_label;
  GtkLabel        *may_label;
  GtkLabel        *last_label;
  GtkLabel        *result_label;
  GtkBox          *body_box;
  gboolean         body_built;   /* the lists below are built (ensure_body) */
  gboolean         allocating;
  MgMkTable       *table;
  GtkListBox      *armies_list;
  GtkListBox      *lands_list;
  gboolean         lands_wait;   /* fill_lands leaves the rows to mg_list_box_grow_rows */
  GtkBox          *side_box;
  GtkScrolledWindow *scroll;
  MgMkSplit       *split;
  GtkWidget       *phase_swatch;
  char            *phase_colour; /* the colour phase_swatch was made with */
  gboolean         stale;        /* the campaign changed while the page was hidden */
};

G_DEFINE_FINAL_TYPE (MgMkDashboard, mg_mk_dashboard, GTK_TYPE_WIDGET)

/* A land's row in the Lands list, or an army's in the Armies list, its texts ready. */
typedef struct
{
  char *title, *subtitle, *colour, *suffix, *tooltip;
} LandRow;

static void
land_row_free (LandRow *row)
{
  g_free (row->title);
  g_free (row->subtitle);
  g_free (row->colour);
  g_free (row->suffix);
  g_free (row->tooltip);
  g_free (row);
}

/* Issue 43: a row whose texts are the same is kept (mg_list_box_update_rows), not made again. */
static gboolean
land_row_equal (gconstpointer a, gconstpointer b)
{
  const LandRow *x = a, *y = b;

  return g_strcmp0 (x->title, y->title) == 0 && g_strcmp0 (x->subtitle, y->subtitle) == 0
         && g_strcmp0 (x->colour, y->colour) == 0 && g_strcmp0 (x->suffix, y->suffix) == 0
         && g_strcmp0 (x->tooltip, y->tooltip) == 0;
}

static LandRow *
land_row_new (const char *title, const char *subtitle, const char *colour, const char *suffix, const char *tooltip)
{
  LandRow *row = g_new0 (LandRow, 1);

  row->title = g_strdup (title);
  row->subtitle = g_strdup (subtitle);
  row->colour = g_strdup (colour);
  row->suffix = g_strdup (suffix);
  row->tooltip = g_strdup (tooltip);
  return row;
}

static char *
join_strings (json_object *array, const char *separator, const char *(*name) (const char *))
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (array); i++)
    {
      const char *s = json_object_get_string (json_object_array_get_idx (array, i));

      if (i > 0)
        g_string_append (text, separator);
      g_string_append (text, name != NULL ? name (s) : s);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
action_name (const char *type)
{
  static const char *const names[][2] = {
    { "collect", NC_("mecaknights", "collect") },
    { "build", NC_("mecaknights", "build") },
    { "build_bridge", NC_("mecaknights", "bridge") },
    { "destroy_bridge", NC_("mecaknights", "destroy a bridge") },
    { "build_boat", NC_("mecaknights", "boat") },
    { "destroy_boat", NC_("mecaknights", "destroy a boat") },
    { "train", NC_("mecaknights", "train") },
    { "upgrade", NC_("mecaknights", "upgrade") },
    { "organize", NC_("mecaknights", "reorganize") },
    { "move", NC_("mecaknights", "move") },
    { "navigate", NC_("mecaknights", "navigate") },
    { "fire", NC_("mecaknights", "catapult fire") },
    { "take_control", NC_("mecaknights", "take control") },
    { "reinforce", NC_("mecaknights", "reinforce") },
    { "fight", NC_("mecaknights", "fight") },
    { "lose", NC_("mecaknights", "choose losses") },
    { "model_bonus", NC_("mecaknights", "model bonus") },
    { "end_turn", NC_("mecaknights", "end the turn") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (names[i][0], type) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "mecaknights", names[i][1]);
  return type;
}

/* A land's or an army's row (mg_info_row_new): its owner's colour before it, a caption after. */
static GtkWidget *
info_row (const char *title, const char *subtitle, const char *colour, const char *suffix)
{
  GtkWidget *caption = NULL, *row, *swatch = colour != NULL ? mg_mk_ui_swatch_new (colour) : NULL;

  if (suffix != NULL)
    {
      caption = gtk_label_new (suffix);
      gtk_widget_add_css_class (caption, "dim-label");
      gtk_widget_add_css_class (caption, "caption");
    }
  row = mg_info_row_new (title, subtitle, swatch, caption);
  g_object_set_data (G_OBJECT (row), "mk-caption", caption);
  g_object_set_data (G_OBJECT (row), "mk-swatch", swatch);
  return row;
}

static GtkWidget *
make_land_row (gpointer item)
{
  LandRow *row = item;
  GtkWidget *widget = info_row (row->title, row->subtitle, row->colour, row->suffix);

  mg_widget_set_tooltip (widget, row->tooltip);
  return widget;
}

/* Issue 43: a row whose texts changed (an army's status and reach, a land's buildings) is given
 * them in place, its widgets kept, its swatch another colour; only one whose swatch or caption
 * comes or goes is made again. */
static gboolean
update_land_row (GtkWidget *widget, gconstpointer before, gconstpointer item)
{
  const LandRow *was = before, *row = item;
  GtkLabel *caption = g_object_get_data (G_OBJECT (widget), "mk-caption");
  GtkWidget *swatch = g_object_get_data (G_OBJECT (widget), "mk-swatch");

  if ((was->colour == NULL) != (row->colour == NULL) || (was->suffix == NULL) != (row->suffix == NULL)
      || (row->colour != NULL && swatch == NULL))
    return FALSE;
  if (swatch != NULL && g_strcmp0 (was->colour, row->colour) != 0)
    mg_mk_ui_swatch_set_colour (swatch, row->colour);
  mg_info_row_set_texts (widget, row->title, row->subtitle);
  if (caption != NULL && g_strcmp0 (gtk_label_get_text (caption), row->suffix) != 0)
    gtk_label_set_text (caption, row->suffix);
  mg_widget_set_tooltip (widget, row->tooltip);
  return TRUE;
}

/* What an army of the leader whose turn it is may still do, from the engine's own reckoning
 * (mg_mk_army_options): where it can go, by forced walk at what cost, whom its catapult can hit. */
static char *
army_options_text (const MgState *state, const char *id, char **why_not)
{
  json_object *options = mg_mk_army_options (state, id);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *reach = join_strings (mg_ui_json_array (options, "reach"), ", ", NULL);
  g_autofree char *forced = join_strings (mg_ui_json_array (options, "forced_reach"), ", ", NULL);
  g_autofree char *fire = join_strings (mg_ui_json_array (options, "can_fire"), ", ", NULL);

  if (json_object_get_boolean (mg_ui_json_get (options, "can_move")))
    {
      if (reach[0] != '\0')
        g_string_append_printf (text, C_("mecaknights", "Reaches %s"), reach);
      if (forced[0] != '\0')
        g_string_append_printf (text, C_("mecaknights", "%sforced walk (%d food): %s"), text->len > 0 ? "; " : "",
                                mg_ui_json_int (mg_ui_json_get (options, "forced_walk_cost"), "food", 0), forced);
      if (fire[0] != '\0')
        g_string_append_printf (text, C_("mecaknights", "%scatapult can hit %s"), text->len > 0 ? "; " : "", fire);
    }
  else if (why_not != NULL && mg_ui_json_str (options, "why_not") != NULL)
    *why_not = g_strdup (mg_ui_json_str (options, "why_not"));
  json_object_put (options);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
fill_armies (MgMkDashboard *self, const MgState *state, json_object *view, json_object *wait)
{
  json_object *armies = mg_mk_ui_view_armies (view);
  json_object *may_move = mg_ui_json_array (wait, "armies_may_move");
  const char *current = mg_mk_ui_view_current_leader (view);
  gboolean started = json_object_get_boolean (mg_ui_json_get (view, "started"));

  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) land_row_free);

  g_hash_table_remove_all (self->army_texts);
  for (gsize i = 0; i < mg_ui_json_len (armies); i++)
    {
      json_object *army = json_object_array_get_idx (armies, i);
      const char *id = mg_ui_json_str (army, "id");
      const char *leader = mg_ui_json_str (army, "leader");
      gboolean theirs = started && g_strcmp0 (leader, current) == 0;
      g_autofree char *units = mg_mk_ui_units_text (mg_ui_json_get (army, "units"));
      g_autofree char *options = NULL, *why_not = NULL;
      g_autoptr(GString) status = g_string_new (NULL);
      char *subtitle;
      gboolean listed = FALSE;

      for (gsize m = 0; m < mg_ui_json_len (may_move); m++)
        listed |= g_strcmp0 (json_object_get_string (json_object_array_get_idx (may_move, m)), id) == 0;
      /* "moved" and "forced_walk" reset at the start of each leader's turn: only the current
       * leader's are news. */
      if (theirs)
        {
          if (json_object_get_boolean (mg_ui_json_get (army, "moved")))
            g_string_append (status, C_("mecaknights", "moved this turn"));
          else if (listed)
            g_string_append (status, C_("mecaknights", "may move"));
          else
            g_string_append (status, C_("mecaknights", "stays"));
          if (json_object_get_boolean (mg_ui_json_get (army, "forced_walk")))
            g_string_append_printf (status, " · %s", C_("mecaknights", "forced walk used"));
          options = army_options_text (state, id, &why_not);
        }
      if (mg_ui_json_int (army, "battle", 0) > 0)
        g_string_append_printf (status, "%s%s %d", status->len > 0 ? " · " : "", C_("mecaknights", "in battle"),
                                mg_ui_json_int (army, "battle", 0));
      /* Translators: an army's line: where it stands (a land or a wave mark), then its units */
      subtitle = g_strdup_printf (C_("mecaknights", "%s%s · %s"), mg_ui_json_str (army, "land"),
                                  json_object_get_boolean (mg_ui_json_get (army, "afloat")) ? C_("mecaknights", " (afloat)") : "",
                                  units);
      if (options != NULL && options[0] != '\0')
        {
          g_autofree char *both = g_strdup_printf ("%s\n%s", subtitle, options);
          g_ptr_array_add (rows, land_row_new (id, both, mg_mk_ui_view_colour (view, leader), status->str, why_not));
        }
      else
        g_ptr_array_add (rows, land_row_new (id, subtitle, mg_mk_ui_view_colour (view, leader), status->str, why_not));
      g_hash_table_insert (self->army_texts, g_strdup (id), subtitle);
    }
  if (mg_ui_json_len (armies) == 0)
    g_ptr_array_add (rows, land_row_new (C_("mecaknights", "No army yet"), NULL, NULL, NULL, NULL));
  mg_list_box_update_rows_in_place (self->armies_list, rows, make_land_row, land_row_equal, update_land_row, FALSE);
}


static void
fill_lands (MgMkDashboard *self, json_object *view)
{
  json_object *lands = mg_mk_ui_view_lands (view);
  json_object *armies = mg_mk_ui_view_armies (view);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) land_row_free);

  g_hash_table_remove_all (self->land_texts);
  for (gsize i = 0; i < mg_ui_json_len (lands); i++)
    {
      json_object *land = json_object_array_get_idx (lands, i);
      const char *name = mg_ui_json_str (land, "name");
      const char *owner = mg_ui_json_str (land, "owner");
      json_object *lying = mg_ui_json_get (land, "resources");
      json_object *claim = mg_ui_json_get (land, "claim");
      g_autoptr(GString) text = g_string_new (owner != NULL ? owner : C_("mecaknights", "neutral"));
      g_autoptr(GString) here = g_string_new (NULL);
      g_autofree char *title = NULL;
      LandRow *row;

      if (json_object_get_boolean (mg_ui_json_get (land, "capital")))
        g_string_append_printf (text, " · %s", C_("mecaknights", "capital"));
      if (mg_ui_json_str (land, "city") != NULL)
        g_string_append_printf (text, " · %s", mg_mk_ui_city_name (mg_ui_json_str (land, "city")));
      if (mg_ui_json_str (land, "wall") != NULL)
        g_string_append_printf (text, " · %s", mg_mk_ui_wall_name (mg_ui_json_str (land, "wall")));
      if (json_object_get_boolean (mg_ui_json_get (land, "camp")))
        g_string_append_printf (text, " · %s", C_("mecaknights", "camp"));
      if (claim != NULL && mg_ui_json_str (claim, "leader") != NULL)
        g_string_append_printf (text, " · %s %s", C_("mecaknights", "flag removed by"), mg_ui_json_str (claim, "leader"));
      if (lying != NULL && json_object_is_type (lying, json_type_object))
        {
          json_object_object_foreach (lying, kind, amount)
            if (json_object_get_int (amount) > 0)
              g_string_append_printf (text, " · %d %s %s", json_object_get_int (amount),
                                      mg_mk_ui_resource_name (kind), C_("mecaknights", "lying"));
        }
      for (gsize a = 0; a < mg_ui_json_len (armies); a++)
        {
          json_object *army = json_object_array_get_idx (armies, a);

          if (g_strcmp0 (mg_ui_json_str (army, "land"), name) == 0)
            g_string_append_printf (here, "%s%s", here->len > 0 ? ", " : "", mg_ui_json_str (army, "id"));
        }
      /* Translators: a land and the kind of resource it yields, "Oakvale (wood)" */
      title = g_strdup_printf (C_("mecaknights", "%s (%s)"), name, mg_mk_ui_resource_name (mg_ui_json_str (land, "resource")));
      row = g_new0 (LandRow, 1);
      row->title = g_steal_pointer (&title);
      row->subtitle = g_strdup (text->str);
      row->colour = owner != NULL ? g_strdup (mg_mk_ui_view_colour (view, owner)) : NULL;
      row->suffix = here->len > 0 ? g_strdup (here->str) : NULL;
      g_ptr_array_add (rows, row);
      g_hash_table_insert (self->land_texts, g_strdup (name), g_string_free (g_steal_pointer (&text), FALSE));
    }
  mg_list_box_update_rows_in_place (self->lands_list, rows, make_land_row, land_row_equal, update_land_row,
                                    self->lands_wait);
}

/* The table, armies and lands, once built. */
static void
refresh_body (MgMkDashboard *self, const MgState *state, json_object *view, json_object *wait)
{
  if (!self->body_built)
    return;
  mg_mk_table_set_view (self->table, view);
  fill_armies (self, state, view, wait);
  fill_lands (self, view);
}

/* The title, the phase card and what the leader may still do. */
static void
refresh_head (MgMkDashboard *self, json_object *view, json_object *pending, json_object *wait)
{
  const char *phase = mg_ui_json_str (view, "phase");
  const char *current = mg_mk_ui_view_current_leader (view);
  const char *colour;
  g_autofree char *title = NULL, *subtitle = NULL, *phase_text = NULL, *may_text = NULL;

  if (!json_object_get_boolean (mg_ui_json_get (view, "started")))
    {
      title = g_strdup (C_("mecaknights", "Setting Up"));
      subtitle = g_strdup (C_("mecaknights", "Check the map, give each leader a colour and a capital, choose how the GM role passes, then start."));
    }
  else
    {
      int moves = mg_ui_json_int (view, "moves_allowed", 0);

      /* Translators: "Turn 4 · Spring, year 1" */
      title = g_strdup_printf (C_("mecaknights", "Turn %d · %s, year %d"), mg_ui_json_int (view, "turn", 1),
                               mg_mk_ui_season_name (mg_ui_json_str (view, "season")), mg_ui_json_int (view, "year", 1));
      if (mg_ui_json_str (view, "gm") != NULL)
        /* Translators: "2 army moves per leader this turn · GM: Red" */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d army move per leader this turn · GM: %s",
                                                 "%d army moves per leader this turn · GM: %s", moves),
                                    moves, mg_ui_json_str (view, "gm"));
      else
        /* The GM runs the game without being one of the leaders (set_gm "outside"). */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d army move per leader this turn · the GM is not a leader",
                                                 "%d army moves per leader this turn · the GM is not a leader", moves),
                                    moves);
    }
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_text (self->subtitle_label, subtitle);

  colour = current != NULL && g_strcmp0 (phase, "setup") != 0 ? mg_mk_ui_view_colour (view, current) : NULL;
  /* Issue 43: one swatch, kept while a leader's phase is shown and given the next leader's
   * colour in place. */
  if (self->phase_swatch != NULL && (current == NULL || g_strcmp0 (phase, "setup") == 0))
    {
      gtk_box_remove (self->phase_head, self->phase_swatch);
      self->phase_swatch = NULL;
    }
  if (current != NULL && g_strcmp0 (phase, "setup") != 0)
    {
      if (self->phase_swatch == NULL)
        {
          self->phase_swatch = mg_mk_ui_swatch_new (colour);
          gtk_box_prepend (self->phase_head, self->phase_swatch);
        }
      else if (g_strcmp0 (colour, self->phase_colour) != 0)
        mg_mk_ui_swatch_set_colour (self->phase_swatch, colour);
      g_free (self->phase_colour);
      self->phase_colour = g_strdup (colour);
      /* Translators: whose phase it is: "Blue — Build and train" */
      phase_text = g_strdup_printf (C_("mecaknights", "%s — %s"), current, mg_mk_ui_phase_name (phase));
    }
  else
    phase_text = g_strdup (mg_mk_ui_phase_name (phase != NULL ? phase : "setup"));
  gtk_label_set_text (self->phase_label, phase_text);
  gtk_label_set_text (self->pending_label, mg_ui_json_str (pending, "text") != NULL ? mg_ui_json_str (pending, "text") : "");

  if (wait != NULL && mg_ui_json_array (wait, "may") != NULL)
    {
      g_autofree char *may = join_strings (mg_ui_json_array (wait, "may"), ", ", action_name);
      g_autofree char *moving = join_strings (mg_ui_json_array (wait, "armies_may_move"), ", ", NULL);
      g_autofree char *forced = join_strings (mg_ui_json_array (wait, "forced_walks_used"), ", ", NULL);
      g_autoptr(GString) text = g_string_new (NULL);

      g_string_append_printf (text, C_("mecaknights", "May still: %s."), may);
      if (g_strcmp0 (mg_ui_json_str (wait, "phase"), "move") == 0)
        {
          g_string_append_printf (text, " %s %d.", C_("mecaknights", "Army moves left:"), mg_ui_json_int (pending, "moves_left", 0));
          if (moving[0] != '\0')
            g_string_append_printf (text, " %s %s.", C_("mecaknights", "Armies that may move:"), moving);
          if (forced[0] != '\0')
            g_string_append_printf (text, " %s %s.", C_("mecaknights", "Forced walks used:"), forced);
        }
      may_text = g_string_free (g_steal_pointer (&text), FALSE);
    }
  gtk_label_set_text (self->may_label, may_text != NULL ? may_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->may_label), may_text != NULL);

  {
    g_autoptr(MgJournalEntry) last = mg_mk_ui_last_entry (self->campaign);
    /* Translators: the last action applied, "Last: Red moves Red 1 …" */
    g_autofree char *said = last != NULL ? mg_narrate_entry (self->campaign, last) : NULL;
    g_autofree char *text = said != NULL ? g_strdup_printf (C_("mecaknights", "Last: %s"), said) : NULL;

    g_autoptr(json_object) events = last != NULL && last->events != NULL ? json_tokener_parse (last->events) : NULL;
    g_autofree char *result = mg_mk_ui_result_text (events);

    gtk_label_set_text (self->last_label, text != NULL ? text : "");
    /* A step that resolved something (a collect, a battle's round) is told by the banner above
     * from its events: the turn card's "Last:" would say the same again in other words. */
    gtk_widget_set_visible (GTK_WIDGET (self->last_label), text != NULL && result == NULL);
    gtk_label_set_text (self->result_label, result != NULL ? result : "");
    gtk_widget_set_visible (GTK_WIDGET (self->result_label), result != NULL);
    mg_accessible_announce (GTK_WIDGET (self->result_label), result);
  }
}

/* From the engine's view and pending() now: the head unless only the lists (just built) need it,
 * and the lists once built. */
static void
refresh_parts (MgMkDashboard *self, gboolean head)
{
  const MgState *state = mg_campaign_get_state (self->campaign);
  json_object *view = mg_table_state_view_of_state (mg_table_state_for_campaign (self->campaign), state, MG_SEAT_ALL);
  json_object *pending = json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign)));
  json_object *waiting = mg_ui_json_array (pending, "waiting");
  json_object *wait = mg_ui_json_len (waiting) > 0 ? json_object_array_get_idx (waiting, 0) : NULL;

  if (head)
    refresh_head (self, view, pending, wait);
  refresh_body (self, state, view, wait);
  json_object_put (view);
  json_object_put (pending);
}

static void
refresh (MgMkDashboard *self)
{
  refresh_parts (self, TRUE);
}

static void
ensure_body (MgMkDashboard *self)
{
  g_autoptr(GtkBuilder) builder = NULL;

  if (self->body_built)
    return;
  self->body_built = TRUE;
  builder = gtk_builder_new_from_resource ("/io/github/meleegm/MeleeGM/mecaknights/mg-mecaknights-dashboard-body.ui");
  self->table = MG_MK_TABLE (gtk_builder_get_object (builder, "table"));
  self->armies_list = GTK_LIST_BOX (gtk_builder_get_object (builder, "armies_list"));
  self->lands_list = GTK_LIST_BOX (gtk_builder_get_object (builder, "lands_list"));
  gtk_box_append (self->body_box, GTK_WIDGET (gtk_builder_get_object (builder, "lists_box")));
  refresh_parts (self, FALSE);
}

/* A hidden page only notes the change and catches up when shown: acting from the Journal
 * (undo, redo) redraws nothing here. */
static void
campaign_changed (MgMkDashboard *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  self->stale = FALSE;
  refresh (self);
  mg_mk_action_panel_refresh (self->panel);
  mg_mk_battle_view_refresh (self->battles);
}

static void
mg_mk_dashboard_map (GtkWidget *widget)
{
  MgMkDashboard *self = MG_MK_DASHBOARD (widget);

  GTK_WIDGET_CLASS (mg_mk_dashboard_parent_class)->map (widget);
  if (self->stale)
    campaign_changed (self);
}

MgMkTable *
mg_mk_dashboard_get_table (MgMkDashboard *self)
{
  ensure_body (self);
  return self->table;
}

MgMkActionPanel *
mg_mk_dashboard_get_action_panel (MgMkDashboard *self)
{
  return self->panel;
}

MgMkBattleView *
mg_mk_dashboard_get_battle_view (MgMkDashboard *self)
{
  return self->battles;
}

const char *
mg_mk_dashboard_get_title (MgMkDashboard *self)
{
  return gtk_label_get_text (self->title_label);
}

const char *
mg_mk_dashboard_get_subtitle (MgMkDashboard *self)
{
  return gtk_label_get_text (self->subtitle_label);
}

const char *
mg_mk_dashboard_get_phase (MgMkDashboard *self)
{
  return gtk_label_get_text (self->phase_label);
}

const char *
mg_mk_dashboard_get_last (MgMkDashboard *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->last_label)) ? gtk_label_get_text (self->last_label) : NULL;
}

const char *
mg_mk_dashboard_get_result (MgMkDashboard *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->result_label)) ? gtk_label_get_text (self->result_label) : NULL;
}

const char *
mg_mk_dashboard_get_land_text (MgMkDashboard *self, const char *land)
{
  ensure_body (self);
  return g_hash_table_lookup (self->land_texts, land);
}

const char *
mg_mk_dashboard_get_army_text (MgMkDashboard *self, const char *army)
{
  ensure_body (self);
  return g_hash_table_lookup (self->army_texts, army);
}

GtkWidget *
mg_mk_dashboard_get_lands_list (MgMkDashboard *self)
{
  ensure_body (self);
  mg_list_box_make_rows (self->lands_list, G_MAXUINT);
  return GTK_WIDGET (self->lands_list);
}

GtkWidget *
mg_mk_dashboard_get_army_row (MgMkDashboard *self, const char *army)
{
  GtkListBoxRow *row;

  ensure_body (self);
  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->armies_list, i)) != NULL; i++)
    if (g_strcmp0 (mg_info_row_get_title (GTK_WIDGET (row)), army) == 0)
      return GTK_WIDGET (row);
  return NULL;
}

const char *
mg_mk_dashboard_row_caption (GtkWidget *row)
{
  GtkLabel *caption = g_object_get_data (G_OBJECT (row), "mk-caption");

  return caption != NULL ? gtk_label_get_text (caption) : NULL;
}

GtkWidget *
mg_mk_dashboard_peek_lands_list (MgMkDashboard *self)
{
  return self->body_built ? GTK_WIDGET (self->lands_list) : NULL;
}

gboolean
mg_mk_dashboard_has_lists (MgMkDashboard *self)
{
  return self->body_built;
}

static void
mg_mk_dashboard_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                         int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  gtk_widget_measure (GTK_WIDGET (MG_MK_DASHBOARD (widget)->scroll), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

/* The lists are built in the layout that first brings their heading into view, and laid out at
 * once, so no frame shows the page without them (wide, that is the first layout). */
static void
mg_mk_dashboard_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgMkDashboard *self = MG_MK_DASHBOARD (widget);

  self->allocating = TRUE;
  gtk_widget_allocate (GTK_WIDGET (self->scroll), width, height, baseline, NULL);
  self->allocating = FALSE;
  if (!self->body_built && mg_widget_in_scrolled_view (GTK_WIDGET (self->body_box)))
    {
      self->lands_wait = TRUE;
      ensure_body (self);
      self->lands_wait = FALSE;
      gtk_widget_allocate (GTK_WIDGET (self->scroll), width, height, baseline, NULL);
      mg_list_box_grow_rows (self->lands_list, GTK_WIDGET (self->scroll), width, height, baseline);
    }
}

/* Scrolled to: built now, laid out in the frame that shows them. A scroll made by the page's own
 * layout is left to mg_mk_dashboard_size_allocate, where positions are current. */
static void
scrolled (MgMkDashboard *self)
{
  if (self->allocating)
    return;
  if (!self->body_built && mg_widget_in_scrolled_view (GTK_WIDGET (self->body_box)))
    ensure_body (self);
  if (self->body_built)
    mg_list_box_make_rows (self->lands_list, G_MAXUINT);
}

/* Tab and Shift+Tab find their way through the page here: the lists are built first, so the
 * keyboard reaches them in either direction as if they had always been there. */
static gboolean
mg_mk_dashboard_focus (GtkWidget *widget, GtkDirectionType direction)
{
  ensure_body (MG_MK_DASHBOARD (widget));
  mg_list_box_make_rows (MG_MK_DASHBOARD (widget)->lands_list, G_MAXUINT);
  return GTK_WIDGET_CLASS (mg_mk_dashboard_parent_class)->focus (widget, direction);
}

static void
mg_mk_dashboard_dispose (GObject *object)
{
  MgMkDashboard *self = MG_MK_DASHBOARD (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MK_DASHBOARD);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->land_texts, g_hash_table_unref);
  g_clear_pointer (&self->army_texts, g_hash_table_unref);
  g_clear_pointer (&self->phase_colour, g_free);
  G_OBJECT_CLASS (mg_mk_dashboard_parent_class)->dispose (object);
}

static void
mg_mk_dashboard_class_init (MgMkDashboardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_dashboard_dispose;
  widget_class->map = mg_mk_dashboard_map;
  widget_class->measure = mg_mk_dashboard_measure;
  widget_class->size_allocate = mg_mk_dashboard_size_allocate;
  widget_class->focus = mg_mk_dashboard_focus;
  g_type_ensure (MG_TYPE_MK_TABLE);
  g_type_ensure (MG_TYPE_MK_SPLIT);
  g_type_ensure (MG_TYPE_TEXT_STACK);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/mecaknights/mg-mecaknights-dashboard.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, title_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, phase_head);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, phase_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, pending_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, may_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, last_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, result_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, body_box);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, side_box);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, scroll);
  gtk_widget_class_bind_template_child (widget_class, MgMkDashboard, split);
}

static void
mg_mk_dashboard_init (MgMkDashboard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mg_mk_split_follow (self->split, gtk_scrolled_window_get_vadjustment (self->scroll));
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroll), "value-changed",
                           G_CALLBACK (scrolled), self, G_CONNECT_SWAPPED);
  self->land_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->army_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

MgMkDashboard *
mg_mk_dashboard_new (MgCampaign *campaign)
{
  MgMkDashboard *self = g_object_new (MG_TYPE_MK_DASHBOARD, NULL);

  self->campaign = g_object_ref (campaign);
  self->panel = mg_mk_action_panel_new (campaign);
  self->battles = mg_mk_battle_view_new (campaign);
  gtk_box_append (self->side_box, GTK_WIDGET (self->panel));
  gtk_box_append (self->side_box, GTK_WIDGET (self->battles));
  g_signal_connect_object (mg_table_state_for_campaign (campaign), "changed", G_CALLBACK (campaign_changed), self, G_CONNECT_SWAPPED);
  refresh (self);
  return self;
}

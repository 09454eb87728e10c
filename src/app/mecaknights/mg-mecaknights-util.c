/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-util.c — small helpers the MecaKnights pages share: names, swatches, styles, actions. */
#include "config.h"
#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-mecaknights-util.h"
#include "mg-text-stack.h"

json_object *
mg_mk_ui_view_leaders (json_object *view)
{
  return mg_ui_json_array (view, "leaders");
}

json_object *
mg_mk_ui_view_lands (json_object *view)
{
  return mg_ui_json_array (mg_ui_json_get (view, "map"), "lands");
}

json_object *
mg_mk_ui_view_armies (json_object *view)
{
  return mg_ui_json_array (view, "armies");
}

/* The first object of array whose string member key equals value. */
json_object *
mg_mk_ui_view_find (json_object *array, const char *key, const char *value)
{
  for (gsize i = 0; value != NULL && i < mg_ui_json_len (array); i++)
    {
      json_object *item = json_object_array_get_idx (array, i);

      if (g_strcmp0 (mg_ui_json_str (item, key), value) == 0)
        return item;
    }
  return NULL;
}

const char *
mg_mk_ui_view_current_leader (json_object *view)
{
  return mg_ui_json_str (view, "current");
}

const char *
mg_mk_ui_view_colour (json_object *view, const char *leader)
{
  return mg_ui_json_str (mg_mk_ui_view_find (mg_mk_ui_view_leaders (view), "name", leader), "colour");
}

int
mg_mk_ui_leader_amount (json_object *leader, const char *resource)
{
  return mg_ui_json_int (leader, resource, 0);
}

static int
count_owned (json_object *array, const char *key, const char *leader)
{
  int n = 0;

  for (gsize i = 0; i < mg_ui_json_len (array); i++)
    n += g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (array, i), key), leader) == 0;
  return n;
}

int
mg_mk_ui_view_count_lands (json_object *view, const char *leader)
{
  return count_owned (mg_mk_ui_view_lands (view), "owner", leader);
}

int
mg_mk_ui_view_count_armies (json_object *view, const char *leader)
{
  return count_owned (mg_mk_ui_view_armies (view), "leader", leader);
}

typedef struct { const char *id; const char *name; } Name;

static const char *
lookup (const Name *names, gsize n, const char *id)
{
  if (id == NULL)
    return "";
  for (gsize i = 0; i < n; i++)
    if (g_strcmp0 (names[i].id, id) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "mecaknights", names[i].name);
  return id;
}

static const Name units[] = {
  { "infantry", NC_("mecaknights", "infantry") },
  { "heavy_infantry", NC_("mecaknights", "heavy infantry") },
  { "archer", NC_("mecaknights", "archer") },
  { "catapult", NC_("mecaknights", "catapult") },
  { "cavalry", NC_("mecaknights", "cavalry") },
};

static const Name resources[] = {
  { "gp", NC_("mecaknights", "GP") },
  { "wood", NC_("mecaknights", "wood") },
  { "stone", NC_("mecaknights", "stone") },
  { "food", NC_("mecaknights", "food") },
  { "iron", NC_("mecaknights", "iron") },
};

static const Name cities[] = {
  { "hamlet", NC_("mecaknights", "hamlet") },
  { "village", NC_("mecaknights", "village") },
  { "town", NC_("mecaknights", "town") },
};

static const Name seasons[] = {
  { "winter", NC_("mecaknights", "Winter") },
  { "spring", NC_("mecaknights", "Spring") },
  { "summer", NC_("mecaknights", "Summer") },
  { "autumn", NC_("mecaknights", "Autumn") },
};

static const Name phases[] = {
  { "setup", NC_("mecaknights", "Setup") },
  { "collect", NC_("mecaknights", "Collect") },
  { "build", NC_("mecaknights", "Build and train") },
  { "move", NC_("mecaknights", "Organize and move") },
  { "battle", NC_("mecaknights", "Battle") },
};

static const Name walls[] = {
  { "wood", NC_("mecaknights", "wood wall") },
  { "stone", NC_("mecaknights", "stone wall") },
};

const char *mg_mk_ui_wall_name (const char *wall) { return lookup (walls, G_N_ELEMENTS (walls), wall); }
const char *mg_mk_ui_unit_name (const char *unit) { return lookup (units, G_N_ELEMENTS (units), unit); }
const char *mg_mk_ui_resource_name (const char *resource) { return lookup (resources, G_N_ELEMENTS (resources), resource); }
const char *mg_mk_ui_city_name (const char *city) { return lookup (cities, G_N_ELEMENTS (cities), city); }
const char *mg_mk_ui_season_name (const char *season) { return lookup (seasons, G_N_ELEMENTS (seasons), season); }
const char *mg_mk_ui_phase_name (const char *phase) { return lookup (phases, G_N_ELEMENTS (phases), phase); }

/* "2 archers": a count of one kind of unit, with its plural form. */
static char *
unit_count (const char *unit, int n)
{
  const char *format;

  /* Translators: counts of units in an army ("2 infantry, 1 catapult"). */
  if (g_strcmp0 (unit, "infantry") == 0)
    format = g_dngettext (GETTEXT_PACKAGE, "%d infantry", "%d infantry", n);
  else if (g_strcmp0 (unit, "heavy_infantry") == 0)
    format = g_dngettext (GETTEXT_PACKAGE, "%d heavy infantry", "%d heavy infantry", n);
  else if (g_strcmp0 (unit, "archer") == 0)
    format = g_dngettext (GETTEXT_PACKAGE, "%d archer", "%d archers", n);
  else if (g_strcmp0 (unit, "catapult") == 0)
    format = g_dngettext (GETTEXT_PACKAGE, "%d catapult", "%d catapults", n);
  else if (g_strcmp0 (unit, "cavalry") == 0)
    format = g_dngettext (GETTEXT_PACKAGE, "%d cavalry", "%d cavalry", n);
  else
    return g_strdup_printf ("%d %s", n, unit != NULL ? unit : "");
  return g_strdup_printf (format, n);
}

char *
mg_mk_ui_units_text (json_object *units_json)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (units_json == NULL)
    return g_strdup ("");
  if (json_object_is_type (units_json, json_type_object))
    {
      /* {"infantry":2,"archer":1}: in the engine's order. */
      json_object_object_foreach (units_json, unit, count)
        {
          int n = json_object_get_int (count);

          if (n <= 0)
            continue;
          g_autofree char *count_text = unit_count (unit, n);

          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, count_text);
        }
    }
  else if (json_object_is_type (units_json, json_type_array))
    {
      /* ["infantry","infantry","archer"]: counted in order of first appearance. */
      gsize n = json_object_array_length (units_json);
      g_autoptr(GPtrArray) seen = g_ptr_array_new ();
      g_autoptr(GArray) counts = g_array_new (FALSE, TRUE, sizeof (int));

      for (gsize i = 0; i < n; i++)
        {
          const char *unit = json_object_get_string (json_object_array_get_idx (units_json, i));
          guint at;

          if (!g_ptr_array_find_with_equal_func (seen, unit, g_str_equal, &at))
            {
              int zero = 0;
              g_ptr_array_add (seen, (gpointer) unit);
              g_array_append_val (counts, zero);
              at = seen->len - 1;
            }
          g_array_index (counts, int, at)++;
        }
      for (guint i = 0; i < seen->len; i++)
        {
          g_autofree char *count_text = unit_count (g_ptr_array_index (seen, i), g_array_index (counts, int, i));

          if (text->len > 0)
            g_string_append (text, ", ");
          g_string_append (text, count_text);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A swatch: a colour node and a border node, the toolkit's own primitives for a flat square.
 * (A GtkDrawingArea drew it with cairo: under GL each became a texture to upload and blit.) */
#define SWATCH_SIZE 14

struct _MgMkSwatch
{
  GtkWidget parent_instance;
  GdkRGBA   rgba;
};

G_DECLARE_FINAL_TYPE (MgMkSwatch, mg_mk_swatch, MG, MK_SWATCH, GtkWidget)
G_DEFINE_FINAL_TYPE (MgMkSwatch, mg_mk_swatch, GTK_TYPE_WIDGET)

static void
mg_mk_swatch_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                      int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  *minimum = *natural = SWATCH_SIZE;
}

static void
mg_mk_swatch_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int side = MIN (width, height) - 2;
  graphene_rect_t square = GRAPHENE_RECT_INIT ((width - side) / 2, (height - side) / 2, side, side);
  /* A neutral edge keeps a dark colour visible on a dark background and vice versa: 1 px inside
   * the square, on whole pixels, so that cairo and GL draw it alike. */
  const GdkRGBA edge = { 0.5f, 0.5f, 0.5f, 0.8f };
  const GdkRGBA edges[4] = { edge, edge, edge, edge };
  const float widths[4] = { 1, 1, 1, 1 };
  GskRoundedRect outline;

  if (side <= 2)
    return;
  gtk_snapshot_append_color (snapshot, &MG_MK_SWATCH (widget)->rgba, &square);
  gsk_rounded_rect_init_from_rect (&outline, &square, 0);
  gtk_snapshot_append_border (snapshot, &outline, widths, edges);
}

static void
mg_mk_swatch_class_init (MgMkSwatchClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = mg_mk_swatch_measure;
  widget_class->snapshot = mg_mk_swatch_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
mg_mk_swatch_init (MgMkSwatch *self)
{
}

gboolean
mg_mk_ui_colour_rgba (const char *colour, GdkRGBA *rgba)
{
  /* The GNOME palette's mid tones (libadwaita's "3" shades; purple 2, as 3 is too dark), readable on light and dark
   * backgrounds alike; CSS's pure blue (#0000ff) was not on dark. Other values are CSS colours. */
  static const struct { const char *name, *hex; } palette[] = {
    { "red", "#e01b24" }, { "blue", "#3584e4" }, { "green", "#33d17a" }, { "yellow", "#f6d32d" },
    { "orange", "#ff7800" }, { "purple", "#c061cb" }, { "brown", "#986a44" },
    { "black", "#5e5c64" }, { "white", "#deddda" },
  };

  for (guint i = 0; colour != NULL && i < G_N_ELEMENTS (palette); i++)
    if (g_ascii_strcasecmp (colour, palette[i].name) == 0)
      return gdk_rgba_parse (rgba, palette[i].hex);
  return colour != NULL && gdk_rgba_parse (rgba, colour);
}

static void
swatch_set (MgMkSwatch *swatch, const char *colour)
{
  if (!mg_mk_ui_colour_rgba (colour, &swatch->rgba))
    swatch->rgba = (GdkRGBA) { 0.5f, 0.5f, 0.5f, 0.3f };
  gtk_accessible_update_property (GTK_ACCESSIBLE (swatch), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  colour != NULL ? colour : "", -1);
}

GtkWidget *
mg_mk_ui_swatch_new (const char *colour)
{
  MgMkSwatch *swatch = g_object_new (mg_mk_swatch_get_type (), "valign", GTK_ALIGN_CENTER, NULL);

  swatch_set (swatch, colour);
  return GTK_WIDGET (swatch);
}

/* Issue 43: a swatch given another colour in place (a leader's turn passing), drawn again,
 * rather than a new widget put in its place. */
void
mg_mk_ui_swatch_set_colour (GtkWidget *swatch, const char *colour)
{
  GdkRGBA was;

  g_return_if_fail (MG_IS_MK_SWATCH (swatch));
  was = MG_MK_SWATCH (swatch)->rgba;
  swatch_set (MG_MK_SWATCH (swatch), colour);
  if (!gdk_rgba_equal (&was, &MG_MK_SWATCH (swatch)->rgba))
    gtk_widget_queue_draw (swatch);
}


MgJournalEntry *
mg_mk_ui_last_entry (MgCampaign *campaign)
{
  gint64 count = mg_campaign_journal_count (campaign);
  g_autoptr(GPtrArray) rows = count > 0 ? mg_campaign_journal_range (campaign, MAX (0, count - 16), 16, NULL) : NULL;

  for (guint i = rows != NULL ? rows->len : 0; i > 0; i--)
    {
      MgJournalEntry *entry = g_ptr_array_index (rows, i - 1);

      if (!entry->undone)
        return g_ptr_array_steal_index (rows, i - 1);
    }
  return NULL;
}

void
mg_mk_ui_json_unref (gpointer object)
{
  json_object_put (object);
}

GtkWidget *
mg_mk_ui_note_new (void)
{
  GtkWidget *note = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (note), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (note), 2);
  gtk_label_set_ellipsize (GTK_LABEL (note), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 18);
  gtk_label_set_xalign (GTK_LABEL (note), 1);
  gtk_label_set_justify (GTK_LABEL (note), GTK_JUSTIFY_RIGHT);
  gtk_widget_set_valign (note, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (note, "caption");
  gtk_widget_add_css_class (note, "mk-field-note");
  return note;
}

void
mg_mk_ui_note_set (GtkWidget *note, const char *text)
{
  gboolean shown = text != NULL && text[0] != '\0';

  gtk_label_set_text (GTK_LABEL (note), shown ? text : "");
  mg_widget_set_tooltip (note, shown ? text : NULL);
  /* Room for a few words while shown; none while empty, so the field keeps its width. */
  gtk_label_set_width_chars (GTK_LABEL (note), shown ? 12 : -1);
}

/* "3 GP, 2 wood" from a purse's JSON (its zero amounts left out). g_free. */
static char *
purse_text (json_object *purse)
{
  static const char *const ids[] = { "gp", "wood", "stone", "food", "iron" };
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      int n = mg_ui_json_int (purse, ids[i], 0);

      if (n == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: an amount of a resource in the income banner: "3 GP", "2 wood" */
      g_string_append_printf (text, C_("mecaknights", "%d %s"), n, mg_mk_ui_resource_name (ids[i]));
    }
  return g_string_free (text, FALSE);
}

static void
describe_event (GString *out, json_object *e)
{
  const char *type = mg_ui_json_str (e, "type");
  int battle = mg_ui_json_int (e, "battle", 0);

  if (out->len > 0 && (g_strcmp0 (type, "collected") == 0 || g_str_has_prefix (type != NULL ? type : "", "battle_")
                       || g_strcmp0 (type, "close_combat") == 0))
    g_string_append_c (out, ' ');
  if (g_strcmp0 (type, "collected") == 0)
    {
      g_autofree char *gain = purse_text (mg_ui_json_get (e, "gain"));

      if (gain[0] != '\0')
        g_string_append_printf (out, C_("mecaknights", "%s collects the season’s income: %s."), mg_ui_json_str (e, "leader"), gain);
      else
        g_string_append_printf (out, C_("mecaknights", "%s collects nothing: no town or village of theirs yields income."),
                                mg_ui_json_str (e, "leader"));
    }
  else if (g_strcmp0 (type, "battle_started") == 0)
    g_string_append_printf (out, C_("mecaknights", "Battle %d begins on %s: %s attacks %s."), battle,
                            mg_ui_json_str (e, "land"), mg_ui_json_str (e, "attacker"), mg_ui_json_str (e, "defender"));
  else if (g_strcmp0 (type, "close_combat") == 0 && g_strcmp0 (mg_ui_json_str (e, "result"), "win") == 0)
    g_string_append_printf (out, C_("mecaknights", "Battle %d: %s wins, %d against %d; %s’s army is removed."), battle,
                            mg_ui_json_str (e, "winner"), mg_ui_json_int (e, "attacker_count", 0),
                            mg_ui_json_int (e, "defender_count", 0), mg_ui_json_str (e, "loser"));
  else if (g_strcmp0 (type, "close_combat") == 0)
    g_string_append_printf (out, C_("mecaknights", "Battle %d: a draw, %d against %d; each side loses one unit."), battle,
                            mg_ui_json_int (e, "attacker_count", 0), mg_ui_json_int (e, "defender_count", 0));
  else if (g_strcmp0 (type, "battle_continues") == 0)
    g_string_append_printf (out, C_("mecaknights", "Battle %d goes on next turn (round %d)."), battle, mg_ui_json_int (e, "round", 0));
  else if (g_strcmp0 (type, "battle_ended") == 0 && mg_ui_json_str (e, "holds") != NULL)
    g_string_append_printf (out, C_("mecaknights", "Battle %d is over: %s holds %s."), battle, mg_ui_json_str (e, "holds"),
                            mg_ui_json_str (e, "land"));
  else if (g_strcmp0 (type, "battle_ended") == 0)
    g_string_append_printf (out, C_("mecaknights", "Battle %d is over: no army is left on %s."), battle, mg_ui_json_str (e, "land"));
}

char *
mg_mk_ui_result_text (json_object *events)
{
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (events); i++)
    describe_event (out, json_object_array_get_idx (events, i));
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

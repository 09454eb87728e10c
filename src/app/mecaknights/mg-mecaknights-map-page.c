/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-map-page.c — the MecaKnights map editor: lands (resource, adjacency, city, walls,
 * camp, owner, resources lying there), rivers and capitals. Every edit is checked by the
 * engine at once and its error shown, in words: during setup the whole map goes through
 * `import_map`; once the game has started a land's state is corrected with `edit_land`, and a
 * change of borders, rivers or lands with `correct_map`, both recorded in the journal. Import and export are plain map JSON (docs/rules/mecaknights.md).
 * The editor is built the first time the page is shown. Edits not yet applied are kept on disk as
 * they are made (mg-draft.c) and come back when the page is next shown, after a close or a crash. */
#include "config.h"

#include "mg-json-file.h"
#include "mg-widget-util.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "mg-area-map.h"
#include "mg-draft.h"
#include "mg-errors.h"
#include "mg-store.h"
#include "mg-mecaknights-map-drawing.h"
#include "mg-mecaknights-map-page.h"
#include "mg-mecaknights-map-play.h"
#include "mg-mecaknights-util.h"
#include "mg-table-state.h"

static const char *const kinds[] = { "wood", "stone", "food", "iron" };
static const char *const cities[] = { "", "hamlet", "village", "town" };
static const char *const walls[] = { "", "wood", "stone" };

typedef struct
{
  GtkWidget *name_note; /* "Give the new land a name", beside the name once touched */
  gboolean   name_left; /* focus left the name: touched, even if nothing was typed */
  GtkWidget *expander, *name, *resource, *adjacent, *city, *wall, *camp, *capital, *owner;
  GtkWidget *lying[G_N_ELEMENTS (kinds)];
  GtkWidget *remove;
  GtkWidget *pick_box; /* the popover's check buttons, one per other land */
  GPtrArray *owners;   /* char*: "" then the leaders */
  GPtrArray *neighbours; /* char*: the adjacent lands' names */
  char      *last_name;  /* to follow a rename into the other lands' neighbours */
} LandEdit;

typedef struct
{
  GtkWidget *expander, *name, *size, *pairs, *marks;
} RiverEdit;

struct _MgMkMapPage
{
  GtkWidget    parent_instance;

  MgCampaign  *campaign;
  json_object *bridges;     /* kept as they are: built and destroyed by actions */
  GPtrArray   *lands;       /* LandEdit* */
  GPtrArray   *rivers;      /* RiverEdit* */
  gboolean     built;
  gboolean     loading;
  gboolean     dirty;
  json_object *base;        /* the campaign's map when the editor last loaded it */
  MgDraftTimer draft_timer; /* the edits to be kept on disk (mg-draft.c) */
  guint        importing;   /* files being read in a thread */
  gboolean     started;
  gboolean     stale;       /* the campaign changed while the page was hidden */
  char        *error;
  GtkNativeDialog *chooser;

  GtkLabel    *status_label;
  GtkLabel    *error_label;
  GtkListBox  *lands_list;
  GtkListBox  *rivers_list;
  AdwEntryRow *capitals_row;
  GtkWidget   *tool_flow;
  MgAreaMap   *area_map;
  GtkWidget   *apply_button;
  GtkLabel    *play_label;
  GtkLabel    *legend_label;
  MgMkMapPlay *play;
  int          map_height;
  guint        map_height_idle;
};

G_DEFINE_FINAL_TYPE (MgMkMapPage, mg_mk_map_page, GTK_TYPE_WIDGET)

#define DRAFT_KIND "mecaknights-map"

static void edited (MgMkMapPage *self);

static void
land_edit_free (LandEdit *edit)
{
  g_clear_pointer (&edit->owners, g_ptr_array_unref);
  g_clear_pointer (&edit->neighbours, g_ptr_array_unref);
  g_free (edit->last_name);
  g_free (edit);
}

/* Small builders */

static GtkWidget *
entry_row (MgMkMapPage *self, const char *title, const char *text)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  g_signal_connect_swapped (row, "changed", G_CALLBACK (edited), self);
  return row;
}

static GtkWidget *
combo_row (MgMkMapPage *self, const char *title, const char *const *labels, guint n, guint selected)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (model, labels[i]);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (edited), self);
  return row;
}

static GtkWidget *
switch_row (MgMkMapPage *self, const char *title, gboolean active, GtkWidget **sw)
{
  GtkWidget *row = adw_action_row_new ();

  *sw = gtk_switch_new ();
  gtk_switch_set_active (GTK_SWITCH (*sw), active);
  gtk_widget_set_valign (*sw, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), *sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *sw);
  g_signal_connect_swapped (*sw, "notify::active", G_CALLBACK (edited), self);
  return row;
}

static guint
index_of (const char *const *ids, guint n, const char *id)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (ids[i], id != NULL ? id : "") == 0)
      return i;
  return 0;
}

static char *
join_array (json_object *array, const char *separator)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (array); i++)
    {
      json_object *item = json_object_array_get_idx (array, i);

      if (i > 0)
        g_string_append (text, separator);
      if (json_object_is_type (item, json_type_array))
        {
          g_autofree char *pair = join_array (item, " / ");
          g_string_append (text, pair);
        }
      else
        g_string_append (text, json_object_get_string (item));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "a, b ,c" → ["a","b","c"]; with pair_separator, "a / b; c / d" → [["a","b"],["c","d"]]. */
static json_object *
split_list (const char *text, const char *separator, const char *pair_separator)
{
  json_object *array = json_object_new_array ();
  g_auto(GStrv) parts = g_strsplit (text, separator, -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *part = g_strstrip (parts[i]);

      if (part[0] == '\0')
        continue;
      if (pair_separator != NULL)
        json_object_array_add (array, split_list (part, pair_separator, NULL));
      else
        json_object_array_add (array, json_object_new_string (part));
    }
  return array;
}

/* The editor from a map */

static char *
join_names (GPtrArray *names)
{
  g_ptr_array_add (names, NULL);
  char *text = g_strjoinv (", ", (char **) names->pdata);
  g_ptr_array_set_size (names, names->len - 1);
  return text;
}

static gboolean
names_find (GPtrArray *names, const char *name, guint *index)
{
  return g_ptr_array_find_with_equal_func (names, name, g_str_equal, index);
}

static LandEdit *
find_land (MgMkMapPage *self, const char *name)
{
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *edit = g_ptr_array_index (self->lands, i);

      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (edit->name)), name) == 0)
        return edit;
    }
  return NULL;
}

static void
set_neighbour (LandEdit *edit, const char *name, gboolean adjacent)
{
  guint index;
  gboolean listed = names_find (edit->neighbours, name, &index);

  if (adjacent && !listed)
    g_ptr_array_add (edit->neighbours, g_strdup (name));
  else if (!adjacent && listed)
    g_ptr_array_remove_index (edit->neighbours, index);
}

/* A neighbour is picked once, on either land, and is shown on both. */
static void
neighbour_toggled (GtkCheckButton *check, MgMkMapPage *self)
{
  LandEdit *edit = g_object_get_data (G_OBJECT (check), "edit");
  const char *other_name = g_object_get_data (G_OBJECT (check), "land");
  LandEdit *other = find_land (self, other_name);
  gboolean active = gtk_check_button_get_active (check);

  set_neighbour (edit, other_name, active);
  if (other != NULL && other != edit)
    set_neighbour (other, gtk_editable_get_text (GTK_EDITABLE (edit->name)), active);
  edited (self);
}

/* The popover lists the other lands as they are named when it opens. */
static void
fill_neighbour_picker (GtkWidget *popover, MgMkMapPage *self)
{
  LandEdit *edit = g_object_get_data (G_OBJECT (popover), "edit");
  guint shown = 0;

  mg_widget_remove_children (edit->pick_box);
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *other = g_ptr_array_index (self->lands, i);
      const char *name = gtk_editable_get_text (GTK_EDITABLE (other->name));
      GtkWidget *check;

      if (other == edit || name[0] == '\0')
        continue;
      check = gtk_check_button_new_with_label (name);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), names_find (edit->neighbours, name, NULL));
      g_object_set_data (G_OBJECT (check), "edit", edit);
      g_object_set_data_full (G_OBJECT (check), "land", g_strdup (name), g_free);
      g_signal_connect (check, "toggled", G_CALLBACK (neighbour_toggled), self);
      gtk_box_append (GTK_BOX (edit->pick_box), check);
      shown++;
    }
  if (shown == 0)
    gtk_box_append (GTK_BOX (edit->pick_box), gtk_label_new (C_("mecaknights", "No other land yet.")));
}

static void
remove_land (GtkWidget *button, MgMkMapPage *self)
{
  LandEdit *edit = g_object_get_data (G_OBJECT (button), "edit");

  for (guint i = 0; i < self->lands->len; i++)
    if (g_ptr_array_index (self->lands, i) != edit)
      set_neighbour (g_ptr_array_index (self->lands, i), gtk_editable_get_text (GTK_EDITABLE (edit->name)), FALSE);
  self->loading = TRUE;
  gtk_list_box_remove (self->lands_list, edit->expander);
  g_ptr_array_remove (self->lands, edit);
  self->loading = FALSE;
  edited (self);
}

static void check (MgMkMapPage *self);

/* Focus may leave a name after its land is gone (removed, or the editor rebuilt): the land is
 * found by its entry, not kept. */
static void
name_left (GtkEventControllerFocus *focus, MgMkMapPage *self)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));

  /* Not while the editor is rebuilt or the window closes (focus leaves as the widgets go). */
  if (self->loading || self->lands == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *edit = g_ptr_array_index (self->lands, i);

      if (edit->name == entry)
        {
          edit->name_left = TRUE;
          check (self);
          return;
        }
    }
}

static void
add_land_editor (MgMkMapPage *self, json_object *land, json_object *leaders)
{
  LandEdit *edit = g_new0 (LandEdit, 1);
  const char *kind_labels[G_N_ELEMENTS (kinds)];
  const char *city_labels[G_N_ELEMENTS (cities)] = { C_("mecaknights", "None") };
  const char *wall_labels[G_N_ELEMENTS (walls)] = { C_("mecaknights", "None") };
  g_autoptr(GPtrArray) owner_labels = g_ptr_array_new ();
  json_object *adjacent = mg_ui_json_array (land, "adjacent");
  g_autofree char *adjacent_text = join_array (adjacent, ", ");
  GtkWidget *popover, *picker;
  json_object *lying = mg_ui_json_get (land, "resources");
  const char *name = mg_ui_json_str (land, "name");
  GtkWidget *row;
  guint owner_index = 0;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    kind_labels[i] = mg_mk_ui_resource_name (kinds[i]);
  for (guint i = 1; i < G_N_ELEMENTS (cities); i++)
    city_labels[i] = mg_mk_ui_city_name (cities[i]);
  for (guint i = 1; i < G_N_ELEMENTS (walls); i++)
    wall_labels[i] = mg_mk_ui_wall_name (walls[i]);
  edit->owners = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (edit->owners, g_strdup (""));
  g_ptr_array_add (owner_labels, (gpointer) C_("mecaknights", "Nobody (no flag)"));
  for (gsize i = 0; i < mg_ui_json_len (leaders); i++)
    {
      const char *leader = mg_ui_json_str (json_object_array_get_idx (leaders, i), "name");

      g_ptr_array_add (edit->owners, g_strdup (leader));
      g_ptr_array_add (owner_labels, (gpointer) leader);
      if (g_strcmp0 (leader, mg_ui_json_str (land, "owner")) == 0)
        owner_index = edit->owners->len - 1;
    }

  edit->expander = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (edit->expander), name != NULL && name[0] != '\0' ? name : C_("mecaknights", "New land"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (edit->expander), adjacent_text);
  edit->neighbours = g_ptr_array_new_with_free_func (g_free);
  for (gsize i = 0; i < mg_ui_json_len (adjacent); i++)
    set_neighbour (edit, json_object_get_string (json_object_array_get_idx (adjacent, i)), TRUE);
  edit->last_name = g_strdup (name != NULL ? name : "");
  edit->name = entry_row (self, C_("mecaknights", "Name"), name);
  edit->name_note = mg_mk_ui_note_new ();
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (edit->name), edit->name_note);
  mg_error_track_touched (edit->name);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect_object (focus, "leave", G_CALLBACK (name_left), self, 0);
    gtk_widget_add_controller (edit->name, focus);
  }
  edit->resource = combo_row (self, C_("mecaknights", "Resource"), kind_labels, G_N_ELEMENTS (kinds),
                              index_of (kinds, G_N_ELEMENTS (kinds), mg_ui_json_str (land, "resource")));
  edit->adjacent = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (edit->adjacent), C_("mecaknights", "Adjacent lands"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (edit->adjacent), adjacent_text);
  edit->pick_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), edit->pick_box);
  g_object_set_data (G_OBJECT (popover), "edit", edit);
  g_signal_connect (popover, "show", G_CALLBACK (fill_neighbour_picker), self);
  picker = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (picker), C_("mecaknights", "_Choose…"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (picker), TRUE);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (picker), popover);
  gtk_widget_set_tooltip_text (picker, C_("mecaknights", "Pick the lands that border this one"));
  gtk_widget_set_valign (picker, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (edit->adjacent), "picker", picker);
  adw_action_row_add_suffix (ADW_ACTION_ROW (edit->adjacent), picker);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (edit->adjacent), picker);
  edit->owner = combo_row (self, C_("mecaknights", "Flag"), (const char *const *) owner_labels->pdata, owner_labels->len, owner_index);
  edit->city = combo_row (self, C_("mecaknights", "City"), city_labels, G_N_ELEMENTS (cities),
                          index_of (cities, G_N_ELEMENTS (cities), mg_ui_json_str (land, "city")));
  edit->wall = combo_row (self, C_("mecaknights", "Wall"), wall_labels, G_N_ELEMENTS (walls),
                          index_of (walls, G_N_ELEMENTS (walls), mg_ui_json_str (land, "wall")));
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->name);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->resource);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->adjacent);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->owner);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->city);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->wall);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander),
                            switch_row (self, C_("mecaknights", "Camp"), json_object_get_boolean (mg_ui_json_get (land, "camp")), &edit->camp));
  row = switch_row (self, C_("mecaknights", "Capital"), json_object_get_boolean (mg_ui_json_get (land, "capital")), &edit->capital);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), row);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      GtkWidget *spin_row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf (C_("mecaknights", "Lying here: %s"), mg_mk_ui_resource_name (kinds[k]));

      edit->lying[k] = gtk_spin_button_new_with_range (0, 1000, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (edit->lying[k]), mg_ui_json_int (lying, kinds[k], 0));
      gtk_widget_set_valign (edit->lying[k], GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (spin_row), title);
      adw_action_row_add_suffix (ADW_ACTION_ROW (spin_row), edit->lying[k]);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (spin_row), edit->lying[k]);
      g_signal_connect_swapped (edit->lying[k], "value-changed", G_CALLBACK (edited), self);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), spin_row);
    }
  edit->remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_valign (edit->remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (edit->remove, "flat");
  gtk_widget_set_tooltip_text (edit->remove, C_("mecaknights", "Remove this land"));
  g_object_set_data (G_OBJECT (edit->remove), "edit", edit);
  g_signal_connect (edit->remove, "clicked", G_CALLBACK (remove_land), self);
  adw_expander_row_add_action (ADW_EXPANDER_ROW (edit->expander), edit->remove);
  /* After the start the GM still corrects the map (correct_map keeps what stands on it). */
  g_ptr_array_add (self->lands, edit);
  gtk_list_box_append (self->lands_list, edit->expander);
}

static void
add_river_editor (MgMkMapPage *self, json_object *river)
{
  static const char *const sizes[] = { "small", "large" };
  const char *size_labels[] = { C_("mecaknights", "Small (bridges)"), C_("mecaknights", "Large (boats)") };
  RiverEdit *edit = g_new0 (RiverEdit, 1);
  gboolean large = g_strcmp0 (mg_ui_json_str (river, "size"), "large") == 0;
  g_autofree char *pairs = join_array (mg_ui_json_array (river, large ? "links" : "crossings"), "; ");
  g_autofree char *marks = join_array (mg_ui_json_array (river, "marks"), ", ");

  edit->expander = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (edit->expander), mg_ui_json_str (river, "name"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (edit->expander), large ? size_labels[1] : size_labels[0]);
  edit->name = entry_row (self, C_("mecaknights", "Name"), mg_ui_json_str (river, "name"));
  edit->size = combo_row (self, C_("mecaknights", "Size"), size_labels, 2, index_of (sizes, 2, mg_ui_json_str (river, "size")));
  edit->pairs = entry_row (self, C_("mecaknights", "Crossings (small) or links (large)"), pairs);
  edit->marks = entry_row (self, C_("mecaknights", "Wave marks (large)"), marks);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->name);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->size);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->pairs);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (edit->expander), edit->marks);

  g_ptr_array_add (self->rivers, edit);
  gtk_list_box_append (self->rivers_list, edit->expander);
}

static void
load_map (MgMkMapPage *self, json_object *map, json_object *leaders)
{
  json_object *lands = mg_ui_json_array (map, "lands");
  json_object *rivers = mg_ui_json_array (map, "rivers");
  g_autofree char *capitals = join_array (mg_ui_json_array (map, "capitals"), ", ");

  self->loading = TRUE;
  mg_widget_remove_children (GTK_WIDGET (self->lands_list));
  mg_widget_remove_children (GTK_WIDGET (self->rivers_list));
  g_ptr_array_set_size (self->lands, 0);
  g_ptr_array_set_size (self->rivers, 0);
  for (gsize i = 0; i < mg_ui_json_len (lands); i++)
    add_land_editor (self, json_object_array_get_idx (lands, i), leaders);
  for (gsize i = 0; i < mg_ui_json_len (rivers); i++)
    add_river_editor (self, json_object_array_get_idx (rivers, i));
  gtk_editable_set_text (GTK_EDITABLE (self->capitals_row), capitals);
  gtk_widget_set_sensitive (GTK_WIDGET (self->capitals_row), !self->started);
  g_clear_pointer (&self->bridges, json_object_put);
  self->bridges = json_object_get (mg_ui_json_array (map, "bridges"));
  self->loading = FALSE;
}

/* The map from the editor */

static json_object *
neighbours_json (LandEdit *edit)
{
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < edit->neighbours->len; i++)
    json_object_array_add (array, json_object_new_string (g_ptr_array_index (edit->neighbours, i)));
  return array;
}

static json_object *
land_json (LandEdit *edit)
{
  json_object *land = json_object_new_object ();
  json_object *lying = json_object_new_object ();
  guint city = adw_combo_row_get_selected (ADW_COMBO_ROW (edit->city));
  guint wall = adw_combo_row_get_selected (ADW_COMBO_ROW (edit->wall));
  guint owner = adw_combo_row_get_selected (ADW_COMBO_ROW (edit->owner));
  const char *owner_id = owner < edit->owners->len ? g_ptr_array_index (edit->owners, owner) : "";

  json_object_object_add (land, "name", json_object_new_string (gtk_editable_get_text (GTK_EDITABLE (edit->name))));
  json_object_object_add (land, "resource",
                          json_object_new_string (kinds[MIN (adw_combo_row_get_selected (ADW_COMBO_ROW (edit->resource)), G_N_ELEMENTS (kinds) - 1)]));
  json_object_object_add (land, "adjacent", neighbours_json (edit));
  json_object_object_add (land, "owner", owner_id[0] != '\0' ? json_object_new_string (owner_id) : NULL);
  json_object_object_add (land, "city", city > 0 && city < G_N_ELEMENTS (cities) ? json_object_new_string (cities[city]) : NULL);
  json_object_object_add (land, "capital", json_object_new_boolean (gtk_switch_get_active (GTK_SWITCH (edit->capital))));
  json_object_object_add (land, "wall", wall > 0 && wall < G_N_ELEMENTS (walls) ? json_object_new_string (walls[wall]) : NULL);
  json_object_object_add (land, "camp", json_object_new_boolean (gtk_switch_get_active (GTK_SWITCH (edit->camp))));
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    json_object_object_add (lying, kinds[k], json_object_new_int (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (edit->lying[k]))));
  json_object_object_add (land, "resources", lying);
  return land;
}

json_object *
mg_mk_map_page_get_map (MgMkMapPage *self)
{
  json_object *map = json_object_new_object ();
  json_object *lands = json_object_new_array ();
  json_object *rivers = json_object_new_array ();

  for (guint i = 0; i < self->lands->len; i++)
    json_object_array_add (lands, land_json (g_ptr_array_index (self->lands, i)));
  for (guint i = 0; i < self->rivers->len; i++)
    {
      RiverEdit *edit = g_ptr_array_index (self->rivers, i);
      json_object *river = json_object_new_object ();
      gboolean large = adw_combo_row_get_selected (ADW_COMBO_ROW (edit->size)) == 1;

      json_object_object_add (river, "name", json_object_new_string (gtk_editable_get_text (GTK_EDITABLE (edit->name))));
      json_object_object_add (river, "size", json_object_new_string (large ? "large" : "small"));
      json_object_object_add (river, large ? "links" : "crossings",
                              split_list (gtk_editable_get_text (GTK_EDITABLE (edit->pairs)), ";", "/"));
      if (large)
        json_object_object_add (river, "marks", split_list (gtk_editable_get_text (GTK_EDITABLE (edit->marks)), ",", NULL));
      json_object_array_add (rivers, river);
    }
  /* A border is entered once, on either land, and holds both ways. */
  for (gsize i = 0; i < json_object_array_length (lands); i++)
    {
      json_object *land = json_object_array_get_idx (lands, i);
      json_object *adj = mg_ui_json_array (land, "adjacent");

      for (gsize k = 0; k < mg_ui_json_len (adj); k++)
        {
          json_object *other = mg_mk_ui_view_find (lands, "name", json_object_get_string (json_object_array_get_idx (adj, k)));
          json_object *back = mg_ui_json_array (other, "adjacent");
          gboolean listed = FALSE;

          for (gsize j = 0; other != NULL && j < mg_ui_json_len (back) && !listed; j++)
            listed = g_strcmp0 (json_object_get_string (json_object_array_get_idx (back, j)), mg_ui_json_str (land, "name")) == 0;
          if (other != NULL && other != land && back != NULL && !listed)
            json_object_array_add (back, json_object_new_string (mg_ui_json_str (land, "name")));
        }
    }
  json_object_object_add (map, "lands", lands);
  json_object_object_add (map, "rivers", rivers);
  json_object_object_add (map, "bridges", self->bridges != NULL ? json_object_get (self->bridges) : json_object_new_array ());
  json_object_object_add (map, "capitals", split_list (gtk_editable_get_text (GTK_EDITABLE (self->capitals_row)), ",", NULL));
  return map;
}

/* The map without what a land's correction changes (flags, cities, walls, camps, resources,
 * claims): what is left are its borders, rivers and names. New reference. */
static json_object *
map_shape (json_object *map)
{
  static const char *const keys[] = { "owner", "city", "wall", "camp", "resources", "claim", "capital" };
  json_object *shape = NULL;
  json_object *lands;

  json_object_deep_copy (map, &shape, NULL);
  lands = mg_ui_json_array (shape, "lands");
  for (gsize i = 0; i < mg_ui_json_len (lands); i++)
    for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
      json_object_object_del (json_object_array_get_idx (lands, i), keys[k]);
  json_object_object_del (shape, "bridges");
  return shape;
}

/* The actions that would apply the edits: import_map in setup; after the start, correct_map
 * when borders, rivers or lands changed, else one edit_land per land changed. */
static GPtrArray *
edit_actions (MgMkMapPage *self)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (mg_mk_ui_json_unref);
  json_object *map = mg_mk_map_page_get_map (self);
  gboolean reshaped = FALSE;

  if (self->started)
    {
      json_object *view = mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL);
      json_object *now = map_shape (map), *was = map_shape (mg_ui_json_get (view, "map"));

      reshaped = !json_object_equal (now, was);
      json_object_put (now);
      json_object_put (was);
    }
  if (!self->started || reshaped)
    {
      json_object *action = json_object_new_object ();

      json_object_object_add (action, "type", json_object_new_string (self->started ? "correct_map" : "import_map"));
      json_object_object_add (action, "map", json_object_get (map));
      g_ptr_array_add (actions, action);
    }
  else
    {
      json_object *view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));
      json_object *lands = mg_ui_json_array (map, "lands");
      static const char *const keys[] = { "owner", "city", "wall", "camp", "resources" };

      for (gsize i = 0; i < mg_ui_json_len (lands); i++)
        {
          json_object *land = json_object_array_get_idx (lands, i);
          json_object *was = mg_mk_ui_view_find (mg_mk_ui_view_lands (view), "name", mg_ui_json_str (land, "name"));
          json_object *action = NULL;

          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            {
              json_object *now = mg_ui_json_get (land, keys[k]);
              json_object *before = mg_ui_json_get (was, keys[k]);

              if (json_object_equal (now, before))
                continue;
              if (action == NULL)
                {
                  action = json_object_new_object ();
                  json_object_object_add (action, "type", json_object_new_string ("edit_land"));
                  json_object_object_add (action, "land", json_object_new_string (mg_ui_json_str (land, "name")));
                }
              json_object_object_add (action, keys[k], json_object_get (now));
            }
          if (action != NULL)
            g_ptr_array_add (actions, action);
        }
      json_object_put (view);
    }
  json_object_put (map);
  return actions;
}

/* The index in a field's JSON path after `prefix` (3 for "$.map.lands[" in
 * "$.map.lands[3].name") and what follows it (".name"); FALSE if the path is elsewhere. */
static gboolean
path_index (const char *path, const char *prefix, guint *index, const char **rest)
{
  char *end = NULL;
  guint64 n;

  if (path == NULL || !g_str_has_prefix (path, prefix))
    return FALSE;
  n = g_ascii_strtoull (path + strlen (prefix), &end, 10);
  if (end == path + strlen (prefix) || *end != ']' || n > G_MAXUINT)
    return FALSE;
  *index = (guint) n;
  *rest = end + 1;
  return TRUE;
}

/* The engine's refusal of a map, in words for the map editor, chosen by the error's field
 * (mg_rules_error_get_field), never by its text: a land left unnamed is asked for, a river
 * added without its lands is asked for them; another refusal loses its JSON path
 * ("$.map.lands[12].name: …", the same in every language). g_free. */
static char *
plain_map_error (MgMkMapPage *self, const GError *error)
{
  MgRulesField field;
  guint index;
  const char *rest;

  if (error == NULL)
    return NULL;
  if (mg_rules_error_get_field (error, &field))
    {
      if (path_index (field.path, "$.map.lands[", &index, &rest) && g_str_equal (rest, ".name") && field.empty)
        return g_strdup (C_("mecaknights", "Give the new land a name."));
      if (path_index (field.path, "$.map.rivers[", &index, &rest) && field.empty
          && (g_str_equal (rest, ".crossings") || g_str_equal (rest, ".links")))
        {
          RiverEdit *river = index < self->rivers->len ? g_ptr_array_index (self->rivers, index) : NULL;
          const char *name = river != NULL ? gtk_editable_get_text (GTK_EDITABLE (river->name)) : "";

          if (name[0] != '\0')
            /* Translators: a river's name; the example is the form the field takes */
            return g_strdup_printf (C_("mecaknights", "Give %s the lands it runs between, as “Oakvale/Fenmoor; Fenmoor/Ashford”."), name);
          return g_strdup (C_("mecaknights", "Give the new river a name and the lands it runs between, as “Oakvale/Fenmoor; Fenmoor/Ashford”."));
        }
      return mg_error_plain (error);
    }
  if (g_str_has_prefix (error->message, "$.map") && strstr (error->message, ": ") != NULL)
    {
      g_autofree char *text = g_strdup (strstr (error->message, ": ") + 2);

      text[0] = g_ascii_toupper (text[0]);
      return g_str_has_suffix (text, ".") ? g_steal_pointer (&text) : g_strconcat (text, ".", NULL);
    }
  return g_strdup (error->message);
}

/* The land whose name the engine's error is about (its field "$.map.lands[3].name"), or NULL. */
static LandEdit *
unnamed_land (MgMkMapPage *self, const GError *error)
{
  MgRulesField field;
  guint index;
  const char *rest;

  if (error == NULL || !mg_rules_error_get_field (error, &field)
      || !path_index (field.path, "$.map.lands[", &index, &rest) || !g_str_equal (rest, ".name")
      || index >= self->lands->len)
    return NULL;
  return g_ptr_array_index (self->lands, index);
}

/* The map's problem: beside a land's name if it is about it (once that name was touched),
 * else under the toolbar, in the space kept for it. */
static void
show_error (MgMkMapPage *self, const GError *error)
{
  g_autofree char *message = plain_map_error (self, error);
  LandEdit *land = unnamed_land (self, error);

  g_free (self->error);
  self->error = g_strdup (message);
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *edit = g_ptr_array_index (self->lands, i);
      gboolean here = edit == land && (edit->name_left || mg_error_touched (edit->name));

      mg_mk_ui_note_set (edit->name_note, here ? message : NULL);
    }
  /* Apply is off while the map is refused: its tooltip says why, even before the field is
   * touched. */
  mg_widget_set_tooltip (self->apply_button, message);
  gtk_label_set_text (self->error_label, message != NULL && land == NULL ? message : "");
  mg_widget_set_tooltip (GTK_WIDGET (self->error_label), message != NULL && land == NULL ? message : NULL);
  gtk_widget_set_opacity (GTK_WIDGET (self->error_label), message != NULL && land == NULL ? 1.0 : 0.0);
}

/* The shapes and colours of the leaders' tokens (mg-mecaknights-map-drawing.c gives a shape per seat),
 * the tint of a flag and the castle's mark. */
static void
fill_legend (MgMkMapPage *self)
{
  static const char *const shapes[] = { "●", "■", "▲", "◆" };
  json_object *view = mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL);
  json_object *leaders = mg_mk_ui_view_leaders (view);
  GString *text = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (leaders); i++)
    {
      const char *name = mg_ui_json_str (json_object_array_get_idx (leaders, i), "name");
      GdkRGBA rgba = { 0.6, 0.6, 0.6, 1 };
      g_autofree char *escaped = g_markup_escape_text (name != NULL ? name : "", -1);

      mg_mk_ui_colour_rgba (mg_mk_ui_view_colour (view, name), &rgba);
      g_string_append_printf (text, "<span foreground=\"#%02x%02x%02x\" size=\"large\">%s</span> %s   ",
                              (int) (rgba.red * 255 + 0.5), (int) (rgba.green * 255 + 0.5),
                              (int) (rgba.blue * 255 + 0.5), shapes[i % G_N_ELEMENTS (shapes)], escaped);
    }
  /* Translators: the map's legend after the leaders' token shapes. */
  g_string_append (text, C_("mecaknights", "· a token is an army (its leader’s initial) · a tinted land is flagged by its leader · a tower is a capital or a city"));
  gtk_label_set_markup (self->legend_label, text->str);
  g_string_free (text, TRUE);
}

/* The drawing follows the editor: the map as edited, the armies as they stand. */
static void
redraw (MgMkMapPage *self)
{
  json_object *map = mg_mk_map_page_get_map (self);
  json_object *model = mg_mk_map_drawing_model (map, mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));

  mg_area_map_set_model (self->area_map, model);
  json_object_put (model);
  json_object_put (map);
  fill_legend (self);
  if (self->play != NULL)
    mg_mk_map_play_refresh (self->play);
}

static void
check (MgMkMapPage *self)
{
  g_autoptr(GPtrArray) actions = edit_actions (self);
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  /* After the start, each correction is checked on its own against the current state. */
  for (guint i = 0; ok && i < actions->len; i++)
    ok = mg_campaign_validate (self->campaign, g_ptr_array_index (actions, i), &error);
  show_error (self, ok ? NULL : error);
  redraw (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "mk-map.apply", ok && self->dirty && actions->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "mk-map.revert", self->dirty);
}

/* The edits, kept on disk (mg-draft.c). */
static void
keep_draft (gpointer data)
{
  MgMkMapPage *self = data;
  g_autoptr(GError) error = NULL;
  gboolean ok;
  json_object *map;

  mg_draft_timer_stop (&self->draft_timer);
  if (!self->dirty)
    return;
  map = mg_mk_map_page_get_map (self);
  ok = mg_draft_save (self->campaign, DRAFT_KIND, self->base, map, &error);
  mg_draft_timer_kept (&self->draft_timer, ok, error);
  json_object_put (map);
}

static void
set_dirty (MgMkMapPage *self)
{
  self->dirty = TRUE;
  mg_draft_timer_start (&self->draft_timer);
}

static void
edited (MgMkMapPage *self)
{
  if (self->loading)
    return;
  set_dirty (self);
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *edit = g_ptr_array_index (self->lands, i);
      const char *name = gtk_editable_get_text (GTK_EDITABLE (edit->name));

      /* A renamed land stays a neighbour of the lands it borders. */
      if (g_strcmp0 (name, edit->last_name) != 0)
        {
          for (guint j = 0; j < self->lands->len; j++)
            {
              LandEdit *other = g_ptr_array_index (self->lands, j);
              guint index;

              if (other != edit && names_find (other->neighbours, edit->last_name, &index))
                {
                  g_free (g_ptr_array_index (other->neighbours, index));
                  g_ptr_array_index (other->neighbours, index) = g_strdup (name);
                }
            }
          g_free (edit->last_name);
          edit->last_name = g_strdup (name);
        }
    }
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *edit = g_ptr_array_index (self->lands, i);
      const char *name = gtk_editable_get_text (GTK_EDITABLE (edit->name));
      g_autofree char *neighbours = join_names (edit->neighbours);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (edit->expander), name[0] != '\0' ? name : C_("mecaknights", "New land"));
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (edit->expander), neighbours);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (edit->adjacent), neighbours);
    }
  for (guint i = 0; i < self->rivers->len; i++)
    {
      RiverEdit *edit = g_ptr_array_index (self->rivers, i);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (edit->expander), gtk_editable_get_text (GTK_EDITABLE (edit->name)));
    }
  check (self);
}

static void
reload (MgMkMapPage *self)
{
  json_object *view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));

  self->stale = FALSE;
  self->started = json_object_get_boolean (mg_ui_json_get (view, "started"));
  gtk_label_set_text (self->status_label,
                      self->started ? C_("mecaknights", "The game has started: corrections are recorded in the journal. Lands, borders and rivers may change as long as every army, boat, battle and capital keeps its place.")
                                    : C_("mecaknights", "Setup: the map is checked as you edit and applied as a whole."));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "mk-map.import", !self->started);
  load_map (self, mg_ui_json_get (view, "map"), mg_mk_ui_view_leaders (view));
  g_clear_pointer (&self->base, json_object_put);
  json_object_deep_copy (mg_ui_json_get (view, "map"), &self->base, NULL);
  mg_draft_timer_stop (&self->draft_timer);
  self->dirty = FALSE;
  check (self);
  json_object_put (view);
}

static void
campaign_changed (MgMkMapPage *self)
{
  /* Edits in progress are kept; the GM reverts them to see the campaign's map. A hidden
   * page catches up when shown: the editor is a few hundred widgets. */
  if (!self->built || self->dirty)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    reload (self);
  else
    self->stale = TRUE;
}

/* Edits kept from before (the window closed, the app quit or stopped) come back as they were. */
static void
restore_draft (MgMkMapPage *self)
{
  gboolean stale = FALSE;
  json_object *edit = mg_draft_restore (self->campaign, DRAFT_KIND, self->base, &stale);
  json_object *view;

  if (edit == NULL)
    return;
  view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));
  load_map (self, edit, mg_mk_ui_view_leaders (view));
  json_object_put (view);
  json_object_put (edit);
  self->dirty = TRUE;
  check (self);
  mg_toast_show (GTK_WIDGET (self),
                 /* Translators: toasts, short (one line, cut beyond ~28 characters at 360 px): the edits
                  * not yet applied came back after a close or a crash; "check": the campaign changed since. */
                 stale ? C_("mecaknights", "Map restored: check it")
                       : C_("mecaknights", "Map edits restored"));
}

static void
ensure_built (MgMkMapPage *self)
{
  if (self->built)
    return;
  self->built = TRUE;
  reload (self);
  restore_draft (self);
}

gboolean
mg_mk_map_page_apply (MgMkMapPage *self)
{
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(GError) error = NULL;
  guint done = 0;

  ensure_built (self);
  actions = edit_actions (self);
  for (guint i = 0; i < actions->len; i++)
    {
      g_autoptr(MgJournalEntry) entry = mg_widget_act (self->campaign, json_object_get (g_ptr_array_index (actions, i)),
                                                       NULL, &error);

      if (entry == NULL)
        {
          show_error (self, error);
          return FALSE;
        }
      done++;
    }
  self->dirty = FALSE;
  mg_draft_discard (self->campaign, DRAFT_KIND);
  reload (self);
  if (done > 0)
    mg_toast_show (GTK_WIDGET (self), self->started ? C_("mecaknights", "Lands corrected") : C_("mecaknights", "Map applied"));
  return TRUE;
}

const char *
mg_mk_map_page_get_error (MgMkMapPage *self)
{
  return self->error;
}

const char *
mg_mk_map_page_get_shown_error (MgMkMapPage *self, const char *land)
{
  const char *text;

  if (land == NULL)
    text = gtk_widget_get_opacity (GTK_WIDGET (self->error_label)) > 0 ? gtk_label_get_text (self->error_label) : "";
  else
    {
      LandEdit *edit = find_land (self, land);
      text = edit != NULL ? gtk_label_get_text (GTK_LABEL (edit->name_note)) : "";
    }
  return text[0] != '\0' ? text : NULL;
}

gboolean
mg_mk_map_page_set_land (MgMkMapPage *self, const char *land, const char *key, const char *value)
{
  ensure_built (self);
  for (guint i = 0; i < self->lands->len; i++)
    {
      LandEdit *edit = g_ptr_array_index (self->lands, i);

      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (edit->name)), land) != 0)
        continue;
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (edit->expander), TRUE);
      if (g_strcmp0 (key, "name") == 0)
        gtk_editable_set_text (GTK_EDITABLE (edit->name), value);
      else if (g_strcmp0 (key, "adjacent") == 0)
        {
          g_auto(GStrv) names = g_strsplit (value, ",", -1);

          g_ptr_array_set_size (edit->neighbours, 0);
          for (guint n = 0; names[n] != NULL; n++)
            if (g_strstrip (names[n])[0] != '\0')
              set_neighbour (edit, names[n], TRUE);
          edited (self);
        }
      else if (g_strcmp0 (key, "city") == 0)
        adw_combo_row_set_selected (ADW_COMBO_ROW (edit->city), index_of (cities, G_N_ELEMENTS (cities), value));
      else if (g_strcmp0 (key, "wall") == 0)
        adw_combo_row_set_selected (ADW_COMBO_ROW (edit->wall), index_of (walls, G_N_ELEMENTS (walls), value));
      else if (g_strcmp0 (key, "camp") == 0)
        gtk_switch_set_active (GTK_SWITCH (edit->camp), g_strcmp0 (value, "true") == 0);
      else if (g_strcmp0 (key, "owner") == 0)
        {
          for (guint o = 0; o < edit->owners->len; o++)
            if (g_strcmp0 (g_ptr_array_index (edit->owners, o), value) == 0)
              adw_combo_row_set_selected (ADW_COMBO_ROW (edit->owner), o);
        }
      else
        return FALSE;
      return TRUE;
    }
  return FALSE;
}

/* The "Choose…" menu button of a land's neighbours, for tests; NULL if no such land. */
GtkWidget *
mg_mk_map_page_get_neighbour_picker (MgMkMapPage *self, const char *land)
{
  LandEdit *edit;

  ensure_built (self);
  edit = find_land (self, land);
  if (edit == NULL)
    return NULL;
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (edit->expander), TRUE);
  return g_object_get_data (G_OBJECT (edit->adjacent), "picker");
}

/* Import and export */

/* The map read from path (json, or NULL with the error reading or parsing it) goes into the
 * editor; a problem is shown there. */
static gboolean
import_json (MgMkMapPage *self, const char *path, json_object *json, const GError *read_error)
{
  json_object *map, *view;

  ensure_built (self);
  if (json == NULL && !g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
    {
      show_error (self, read_error);
      return FALSE;
    }
  if (json == NULL || !json_object_is_type (json, json_type_object))
    {
      g_autoptr(GError) bad = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_DATA, C_("mecaknights", "%s is not a map: %s"), path,
                                           json == NULL ? read_error->message : C_("mecaknights", "expected a JSON object"));

      show_error (self, bad);
      return FALSE;
    }
  /* A bare map, or an import_map action as written for the CLI. */
  map = mg_ui_json_get (json, "map") != NULL ? mg_ui_json_get (json, "map") : json;
  view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));
  load_map (self, map, mg_mk_ui_view_leaders (view));
  json_object_put (view);
  set_dirty (self);
  check (self);
  return self->error == NULL;
}

gboolean
mg_mk_map_page_import_file (MgMkMapPage *self, const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  json_object *json = NULL;
  enum json_tokener_error jerr = json_tokener_success;
  gboolean ok;

  if (mg_store_refuse_if_attached (path, G_IO_ERROR, G_IO_ERROR_BUSY, &error) &&
      g_file_get_contents (path, &text, NULL, &error))
    {
      json = json_tokener_parse_verbose (text, &jerr);
      if (json == NULL)
        error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_DATA, json_tokener_error_desc (jerr));
    }
  ok = import_json (self, path, json, error);
  json_object_put (json);
  return ok;
}

/* Issue 43: the file chosen is read and parsed in a thread (mg-json-file.h). */
static void
import_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autofree char *path = data;
  g_autoptr(GError) error = NULL;
  json_object *json = mg_json_file_load_finish (result, &error);

  MG_MK_MAP_PAGE (source)->importing--;
  import_json (MG_MK_MAP_PAGE (source), path, json, error);
  json_object_put (json);
}

void
mg_mk_map_page_import_file_async (MgMkMapPage *self, const char *path)
{
  g_return_if_fail (MG_IS_MK_MAP_PAGE (self));
  self->importing++;
  mg_json_file_load_async (self, path, import_loaded, g_strdup (path));
}

gboolean
mg_mk_map_page_is_importing (MgMkMapPage *self)
{
  return self->importing > 0;
}

gboolean
mg_mk_map_page_export_file (MgMkMapPage *self, const char *path, GError **error)
{
  json_object *view;
  const char *text;
  gboolean ok;

  if (!mg_store_refuse_if_attached (path, G_IO_ERROR, G_IO_ERROR_BUSY, error))
    return FALSE;
  view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));
  text = json_object_to_json_string_ext (mg_ui_json_get (view, "map"),
                                         JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
  ok = g_file_set_contents (path, text, -1, error);
  json_object_put (view);
  return ok;
}

static void
chooser_response (GtkNativeDialog *chooser, int response, MgMkMapPage *self)
{
  gboolean save = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL && save)
        {
          if (mg_mk_map_page_export_file (self, path, &error))
            {
              g_autofree char *title = g_strdup_printf (C_("mecaknights", "Map exported to %s"), path);
              mg_toast_show (GTK_WIDGET (self), title);
            }
          else
            show_error (self, error);
        }
      else if (path != NULL)
        mg_mk_map_page_import_file_async (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
open_chooser (MgMkMapPage *self, gboolean save)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (save ? C_("mecaknights", "Export Map") : C_("mecaknights", "Import Map"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                         save ? C_("mecaknights", "_Export") : C_("mecaknights", "_Import"),
                                         _("_Cancel"));
  gtk_file_filter_set_name (filter, C_("mecaknights", "Map JSON"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "map.json");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
import_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  open_chooser (MG_MK_MAP_PAGE (widget), FALSE);
}

static void
export_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  open_chooser (MG_MK_MAP_PAGE (widget), TRUE);
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  mg_mk_map_page_apply (MG_MK_MAP_PAGE (widget));
}

static void
revert_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMkMapPage *self = MG_MK_MAP_PAGE (widget);

  mg_draft_discard (self->campaign, DRAFT_KIND);
  reload (self);
}

static void
add_land_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMkMapPage *self = MG_MK_MAP_PAGE (widget);
  json_object *land = json_object_new_object ();
  json_object *view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));
  LandEdit *edit;

  json_object_object_add (land, "name", json_object_new_string (""));
  add_land_editor (self, land, mg_mk_ui_view_leaders (view));
  edit = g_ptr_array_index (self->lands, self->lands->len - 1);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (edit->expander), TRUE);
  gtk_widget_grab_focus (edit->name);
  json_object_put (land);
  json_object_put (view);
  edited (self);
}

static void
add_river_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMkMapPage *self = MG_MK_MAP_PAGE (widget);
  json_object *river = json_object_new_object ();
  RiverEdit *edit;

  json_object_object_add (river, "name", json_object_new_string (C_("mecaknights", "New river")));
  json_object_object_add (river, "size", json_object_new_string ("small"));
  add_river_editor (self, river);
  edit = g_ptr_array_index (self->rivers, self->rivers->len - 1);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (edit->expander), TRUE);
  gtk_widget_grab_focus (edit->name);
  json_object_put (river);
  edited (self);
}

/* A land clicked on the drawing: its editor opens and takes the focus. */
static void
area_activated (MgMkMapPage *self, const char *id)
{
  LandEdit *edit = find_land (self, id);
  json_object *tokens = mg_ui_json_array (mg_area_map_get_model (self->area_map), "tokens");
  gint token = mg_area_map_get_clicked_token (self->area_map);
  const char *army = token >= 0 ? mg_ui_json_str (json_object_array_get_idx (tokens, token), "army") : NULL;

  if (self->started && !self->dirty && mg_mk_map_play_activate (self->play, id, army))
    return;
  if (edit == NULL)
    return;
  mg_area_map_set_selected (self->area_map, id);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (edit->expander), TRUE);
  gtk_widget_grab_focus (edit->name);
}

MgAreaMap *
mg_mk_map_page_get_area_map (MgMkMapPage *self)
{
  ensure_built (self);
  return self->area_map;
}

gboolean
mg_mk_map_page_land_expanded (MgMkMapPage *self, const char *land)
{
  LandEdit *edit = find_land (self, land);

  return edit != NULL && adw_expander_row_get_expanded (ADW_EXPANDER_ROW (edit->expander));
}

const char *
mg_mk_map_page_get_play_army (MgMkMapPage *self)
{
  return mg_mk_map_play_get_army (self->play);
}

const char *
mg_mk_map_page_get_play_hint (MgMkMapPage *self)
{
  return mg_mk_map_play_get_hint (self->play);
}

static void
mg_mk_map_page_map (GtkWidget *widget)
{
  MgMkMapPage *self = MG_MK_MAP_PAGE (widget);

  GTK_WIDGET_CLASS (mg_mk_map_page_parent_class)->map (widget);
  if (self->built && self->stale && !self->dirty)
    reload (self);
  ensure_built (self);
}

/* The map takes the page's width (keeping the drawing's proportions, 10 by 7) and its height
 * but for the toolbar, the sentence above the map and the legend under it (MAP_PAGE_ROOM); the
 * lands' editors are below, a scroll away. The height is asked for
 * after the allocation, not during it (a resize queued while allocating left parts of the page
 * unallocated when drawn). */
#define MAP_PAGE_ROOM 230

static gboolean
apply_map_height (gpointer data)
{
  MgMkMapPage *self = data;

  self->map_height_idle = 0;
  gtk_widget_set_size_request (GTK_WIDGET (self->area_map), -1, self->map_height);
  return G_SOURCE_REMOVE;
}

static void
mg_mk_map_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgMkMapPage *self = MG_MK_MAP_PAGE (widget);
  int want = CLAMP ((MIN (width, 1600) - 36) * 7 / 10, 240, MAX (height - MAP_PAGE_ROOM, 240));
  int now = 0;

  gtk_widget_get_size_request (GTK_WIDGET (self->area_map), NULL, &now);
  if (ABS (now - want) > 4 && self->map_height_idle == 0)
    {
      self->map_height = want;
      self->map_height_idle = g_idle_add (apply_map_height, self);
    }
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
mg_mk_map_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size, minimum, natural, min_baseline, nat_baseline);
}

static void
mg_mk_map_page_dispose (GObject *object)
{
  MgMkMapPage *self = MG_MK_MAP_PAGE (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (mg_draft_timer_stop (&self->draft_timer) && self->campaign != NULL)
    keep_draft (self);   /* the last edits, before the editor's widgets go */
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MK_MAP_PAGE);
  g_clear_pointer (&self->play, mg_mk_map_play_free);
  g_clear_handle_id (&self->map_height_idle, g_source_remove);
  g_clear_pointer (&self->lands, g_ptr_array_unref);
  g_clear_pointer (&self->rivers, g_ptr_array_unref);
  g_clear_pointer (&self->bridges, json_object_put);
  g_clear_pointer (&self->base, json_object_put);
  g_clear_pointer (&self->error, g_free);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_mk_map_page_parent_class)->dispose (object);
}

static void
mg_mk_map_page_class_init (MgMkMapPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_map_page_dispose;
  widget_class->map = mg_mk_map_page_map;
  widget_class->size_allocate = mg_mk_map_page_size_allocate;
  widget_class->measure = mg_mk_map_page_measure;
  g_type_ensure (MG_TYPE_AREA_MAP);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/mecaknights/mg-mecaknights-map-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, lands_list);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, rivers_list);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, capitals_row);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, tool_flow);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, area_map);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, apply_button);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, play_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkMapPage, legend_label);
  gtk_widget_class_install_action (widget_class, "mk-map.import", NULL, import_activated);
  gtk_widget_class_install_action (widget_class, "mk-map.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "mk-map.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "mk-map.revert", NULL, revert_activated);
  gtk_widget_class_install_action (widget_class, "mk-map.add-land", NULL, add_land_activated);
  gtk_widget_class_install_action (widget_class, "mk-map.add-river", NULL, add_river_activated);
}

static GtkWidget *
placeholder (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "mk-placeholder");
  return label;
}

static void
mg_mk_map_page_init (MgMkMapPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mg_draft_timer_init (&self->draft_timer, keep_draft, self);
  /* Tab goes from button to button, not through the flow box's own cells, and past the disabled. */
  mg_flow_box_slots_follow_children (GTK_FLOW_BOX (self->tool_flow));
  self->lands = g_ptr_array_new_with_free_func ((GDestroyNotify) land_edit_free);
  self->rivers = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect_swapped (self->capitals_row, "changed", G_CALLBACK (edited), self);
  g_signal_connect_swapped (self->area_map, "area-activated", G_CALLBACK (area_activated), self);
  gtk_list_box_set_placeholder (self->rivers_list, placeholder (C_("mecaknights", "No river")));
  gtk_list_box_set_placeholder (self->lands_list, placeholder (C_("mecaknights", "No land: import a map or add lands")));
}

MgMkMapPage *
mg_mk_map_page_new (MgCampaign *campaign)
{
  MgMkMapPage *self = g_object_new (MG_TYPE_MK_MAP_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  self->play = mg_mk_map_play_new (campaign, self->area_map, self->play_label);
  g_signal_connect_object (mg_table_state_for_campaign (campaign), "changed", G_CALLBACK (campaign_changed), self, G_CONNECT_SWAPPED);
  return self;
}

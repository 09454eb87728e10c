/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-action-panel.c — forms for the MecaKnights actions (docs/rules/mecaknights.md).
 * Every edit builds the action and asks the engine to validate it, so an illegal action shows
 * the engine's reason and cannot be applied; nothing is written until Apply. */
#include "config.h"

#include "mg-accessible.h"
#include "mg-widget-util.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "mg-errors.h"
#include "mg-mecaknights-action-panel.h"
#include "mg-text-stack.h"
#include "mg-mecaknights.h"
#include "mg-mecaknights-util.h"
#include "mg-table-state.h"

typedef enum {
  F_PLAYER,     /* the acting leader; defaults to the current one */
  F_LEADER,     /* any leader */
  F_LAND,
  F_WHAT,       /* what to build */
  F_RIVER,      /* a large river */
  F_BOAT,
  F_UNIT,
  F_COUNT,      /* 1..max_units */
  F_ARMY_NEW,   /* an army of the player, or a new one (member left out) */
  F_ARMY,       /* an army of the player */
  F_TARGET,     /* another leader's army */
  F_BATTLE,     /* a battle id (a number) */
  F_PATH,       /* up to three lands */
  F_NAV_PATH,   /* up to three wave marks or shores */
  F_SWITCH,     /* left out when off */
  F_STANCE,     /* peace / war, or left out */
  F_RESOURCES,  /* signed changes of GP and resources, zeros left out */
  F_TEXT,
  F_ROTATION,
  F_ORGANIZE,   /* the armies of the player on the chosen land */
} FieldKind;

typedef struct
{
  const char *key;
  const char *label;
  FieldKind   kind;
  gboolean    optional;
} FieldSpec;

#define MAX_FIELDS 8

typedef struct
{
  const char *type;
  const char *label;
  FieldSpec   fields[MAX_FIELDS];
} ActionSpec;

static const char *const unit_ids[] = { "infantry", "heavy_infantry", "archer", "catapult", "cavalry" };
static const char *const resource_ids[] = { "gp", "wood", "stone", "food", "iron" };
#define PATH_STEPS 3

static const ActionSpec specs[] = {
  { "collect", NC_("mecaknights", "Collect"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER } } },
  { "build", NC_("mecaknights", "Build"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "land", NC_("mecaknights", "Land"), F_LAND },
      { "what", NC_("mecaknights", "Build"), F_WHAT } } },
  { "train", NC_("mecaknights", "Train"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "land", NC_("mecaknights", "Camp or capital"), F_LAND },
      { "unit", NC_("mecaknights", "Unit"), F_UNIT },
      { "count", NC_("mecaknights", "How many"), F_COUNT },
      { "army", NC_("mecaknights", "Into army"), F_ARMY_NEW, TRUE } } },
  { "upgrade", NC_("mecaknights", "Upgrade to heavy"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "army", NC_("mecaknights", "Army"), F_ARMY },
      { "count", NC_("mecaknights", "How many"), F_COUNT } } },
  { "build_bridge", NC_("mecaknights", "Build a bridge"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "land", NC_("mecaknights", "From land"), F_LAND },
      { "to", NC_("mecaknights", "Across to"), F_LAND } } },
  { "destroy_bridge", NC_("mecaknights", "Destroy a bridge"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "land", NC_("mecaknights", "From land"), F_LAND },
      { "to", NC_("mecaknights", "Across to"), F_LAND } } },
  { "build_boat", NC_("mecaknights", "Build a boat"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "land", NC_("mecaknights", "Shore"), F_LAND },
      { "river", NC_("mecaknights", "River"), F_RIVER } } },
  { "destroy_boat", NC_("mecaknights", "Destroy a boat"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "boat", NC_("mecaknights", "Boat"), F_BOAT } } },
  { "organize", NC_("mecaknights", "Reorganize"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "land", NC_("mecaknights", "Land"), F_LAND },
      { "armies", NC_("mecaknights", "Armies"), F_ORGANIZE } } },
  { "move", NC_("mecaknights", "Move"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "army", NC_("mecaknights", "Army"), F_ARMY },
      { "path", NC_("mecaknights", "Step"), F_PATH },
      { "forced_walk", NC_("mecaknights", "Forced walk (1 food per unit)"), F_SWITCH },
      { "stance", NC_("mecaknights", "Stance if another leader is there"), F_STANCE, TRUE },
      { "plunder", NC_("mecaknights", "Plunder"), F_SWITCH },
      { "claim", NC_("mecaknights", "Remove the flag (war)"), F_SWITCH } } },
  { "navigate", NC_("mecaknights", "Navigate"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "army", NC_("mecaknights", "Army"), F_ARMY },
      { "path", NC_("mecaknights", "Step"), F_NAV_PATH },
      { "stance", NC_("mecaknights", "Stance if another leader is there"), F_STANCE, TRUE },
      { "plunder", NC_("mecaknights", "Plunder"), F_SWITCH },
      { "claim", NC_("mecaknights", "Remove the flag (war)"), F_SWITCH } } },
  /* An army already on a land takes it: a neutral one at once, another leader's only at war. */
  { "take_control", NC_("mecaknights", "Take control"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "army", NC_("mecaknights", "Army"), F_ARMY },
      { "stance", NC_("mecaknights", "Stance if another leader owns the land"), F_STANCE, TRUE } } },
  { "fire", NC_("mecaknights", "Catapult fire"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "army", NC_("mecaknights", "Army"), F_ARMY },
      { "target", NC_("mecaknights", "Target army"), F_TARGET } } },
  { "reinforce", NC_("mecaknights", "Reinforce"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER },
      { "army", NC_("mecaknights", "Army"), F_ARMY },
      { "battle", NC_("mecaknights", "Battle"), F_BATTLE } } },
  { "fight", NC_("mecaknights", "Fight a round"),
    { { "battle", NC_("mecaknights", "Battle"), F_BATTLE } } },
  { "model_bonus", NC_("mecaknights", "Model bonus"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER } } },
  { "end_turn", NC_("mecaknights", "End turn"),
    { { "player", NC_("mecaknights", "Leader"), F_PLAYER } } },
  { "adjust", NC_("mecaknights", "Correct (GM)"),
    { { "leader", NC_("mecaknights", "Leader"), F_LEADER },
      { "", NC_("mecaknights", "Change"), F_RESOURCES },
      { "reason", NC_("mecaknights", "Reason"), F_TEXT, TRUE } } },
  { "set_leader", NC_("mecaknights", "Set up leader"),
    { { "leader", NC_("mecaknights", "Leader"), F_LEADER },
      { "colour", NC_("mecaknights", "Colour"), F_TEXT, TRUE },
      { "capital", NC_("mecaknights", "Capital"), F_LAND, TRUE } } },
  { "add_leader", NC_("mecaknights", "Add a leader (GM)"),
    { { "leader", NC_("mecaknights", "Name"), F_TEXT },
      { "colour", NC_("mecaknights", "Colour"), F_TEXT, TRUE },
      { "capital", NC_("mecaknights", "Capital (a free land)"), F_LAND, TRUE } } },
  { "set_gm", NC_("mecaknights", "GM rotation"),
    { { "rotation", NC_("mecaknights", "The GM role passes"), F_ROTATION },
      { "first", NC_("mecaknights", "First GM"), F_LEADER, TRUE } } },
  { "start", NC_("mecaknights", "Start game"), { { NULL } } },
};

typedef struct
{
  const FieldSpec *spec;
  GtkWidget *row;
  GtkWidget *widget;                   /* AdwComboRow, GtkSpinButton, GtkSwitch or AdwEntryRow */
  GPtrArray *ids;                      /* a combo's values, in its order ("" = left out) */
  GtkWidget *combos[PATH_STEPS];       /* F_PATH, F_NAV_PATH */
  GtkWidget *spins[G_N_ELEMENTS (unit_ids)];   /* F_RESOURCES: one per resource */
  GPtrArray *army_rows;                /* F_ORGANIZE: char* army id ("" = new), per grid row */
  GtkWidget *grid;                     /* F_ORGANIZE */
  GtkWidget *note;                     /* the field's problem, beside it, once touched */
  gboolean   touched;                  /* chosen or set (entries: see mg_error_track_touched) */
} Field;

struct _MgMkActionPanel
{
  GtkWidget    parent_instance;

  MgCampaign  *campaign;
  json_object *view;
  json_object *pending;
  const ActionSpec *spec;
  GPtrArray   *fields;      /* Field*: the shown form's (one of forms[]), or no_fields */
  GPtrArray   *no_fields;   /* empty: before a type is chosen */
  struct {
    GtkWidget *list;        /* its GtkListBox in form_box (the template's fields_list for the first) */
    GPtrArray *fields;
  }            forms[G_N_ELEMENTS (specs)];   /* each type's form, built when first chosen */
  gboolean     updating;
  char        *reason;
  char        *last_turn_key;

  GtkLabel    *notice_label;
  GtkWidget   *form_box;
  AdwComboRow *type_row;
  GtkListBox  *fields_list;
  GtkWidget   *reason_box;
  GtkLabel    *reason_label;
  gboolean     reason_shown;
  GtkLabel    *cost_label;
  GArray      *order;       /* guint: the spec shown in each row of the type list */
  gboolean     order_known; /* FALSE: `order` holds the chosen type only (see ensure_order) */
  GArray      *full_order;  /* while !order_known, the full list if known (refresh_order) */
  gboolean     fill_on_open; /* the type list's popover is known: it may be filled when shown */
  GtkWidget   *type_popover; /* that popover (the combo's own child) */
  guint        built;       /* forms built by show_spec, to skip refilling one just built */
  gboolean     touched;     /* a field was changed since the action was chosen */
  GtkWidget   *apply_button;
};

G_DEFINE_FINAL_TYPE (MgMkActionPanel, mg_mk_action_panel, GTK_TYPE_WIDGET)

static void revalidate (MgMkActionPanel *self);
static const char *fresh_what (MgMkActionPanel *self, GPtrArray *ids);
static void rebuild_organize (MgMkActionPanel *self, Field *field);

static const char *
spec_label (const char *label)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "mecaknights", label);
}

static void
field_free (Field *field)
{
  g_clear_pointer (&field->ids, g_ptr_array_unref);
  g_clear_pointer (&field->army_rows, g_ptr_array_unref);
  g_free (field);
}

static Field *
find_field (MgMkActionPanel *self, const char *key)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);

      if (g_strcmp0 (field->spec->key, key) == 0)
        return field;
    }
  return NULL;
}

/* Leaving a field is touching it, even without a change: its problem shows from then on. The
 * field is found by its widget: focus may leave after the form was rebuilt. */
static void
field_left (GtkEventControllerFocus *focus, MgMkActionPanel *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus));

  /* Not while the form is rebuilt or the window closes (focus leaves as the widgets go). */
  if (self->updating || self->fields == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);
      gboolean mine = field->widget == widget;

      for (guint s = 0; s < PATH_STEPS; s++)
        mine |= field->combos[s] == widget;
      if (mine)
        {
          field->touched = TRUE;
          revalidate (self);
          return;
        }
    }
}

static void
track_touched (MgMkActionPanel *self, GtkWidget *widget)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  mg_error_track_touched (widget);
  g_signal_connect_object (focus, "leave", G_CALLBACK (field_left), self, 0);
  gtk_widget_add_controller (widget, focus);
}

static gboolean
field_touched (Field *field)
{
  gboolean touched = field->touched || mg_error_touched (field->widget);

  for (guint s = 0; s < PATH_STEPS; s++)
    touched |= mg_error_touched (field->combos[s]);
  return touched;
}

/* Combos */

static const char *
combo_value (GtkWidget *combo, GPtrArray *ids)
{
  guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (combo));

  return ids != NULL && i < ids->len ? g_ptr_array_index (ids, i) : NULL;
}

/* Whether a combo's model (a GtkStringList) holds these strings, in this order. */
static gboolean
same_strings (GListModel *model, GPtrArray *strings)
{
  if (!GTK_IS_STRING_LIST (model) || g_list_model_get_n_items (model) != strings->len)
    return FALSE;
  for (guint i = 0; i < strings->len; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), g_ptr_array_index (strings, i)) != 0)
      return FALSE;
  return TRUE;
}

/* Replaces a combo's choices, keeping the chosen value if it is still there (else `prefer`). */
static void
fill_combo (GtkWidget *combo, GPtrArray *ids, GPtrArray *labels, const char *prefer)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GListModel *old = adw_combo_row_get_model (ADW_COMBO_ROW (combo));
  g_autofree char *keep = NULL;
  guint selected = 0;

  if (old != NULL)
    {
      GPtrArray *old_ids = g_object_get_data (G_OBJECT (combo), "ids");
      guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (combo));

      if (old_ids != NULL && i < old_ids->len)
        keep = g_strdup (g_ptr_array_index (old_ids, i));
    }
  for (guint i = 0; i < labels->len; i++)
    gtk_string_list_append (model, g_ptr_array_index (labels, i));
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), keep) == 0)
      {
        selected = i;
        break;
      }
    else if (keep == NULL && g_strcmp0 (g_ptr_array_index (ids, i), prefer) == 0)
      selected = i;
  g_object_set_data_full (G_OBJECT (combo), "ids", g_ptr_array_ref (ids), (GDestroyNotify) g_ptr_array_unref);
  /* Issue 43: most changes leave a combo's choices as they were; a new model would make its
   * list and its shown row again. */
  if (!same_strings (old, labels))
    adw_combo_row_set_model (ADW_COMBO_ROW (combo), G_LIST_MODEL (model));
  if (adw_combo_row_get_selected (ADW_COMBO_ROW (combo)) != selected)
    adw_combo_row_set_selected (ADW_COMBO_ROW (combo), selected);
}

static void
add_choice (GPtrArray *ids, GPtrArray *labels, const char *id, const char *label)
{
  g_ptr_array_add (ids, g_strdup (id));
  g_ptr_array_add (labels, g_strdup (label != NULL ? label : id));
}

static const char *
current_player (MgMkActionPanel *self)
{
  Field *field = find_field (self, "player");

  if (field != NULL && field->spec->kind == F_PLAYER)
    return combo_value (field->widget, field->ids);
  return mg_mk_ui_view_current_leader (self->view);
}

/* The choices of a combo field, from the view last read. */
static void
field_choices (MgMkActionPanel *self, const FieldSpec *spec, GPtrArray *ids, GPtrArray *labels)
{
  json_object *view = self->view;
  const char *player = current_player (self);

  if (spec->optional && spec->kind != F_ARMY_NEW && spec->kind != F_STANCE)
    add_choice (ids, labels, "", C_("mecaknights", "—"));

  switch (spec->kind)
    {
    case F_PLAYER:
    case F_LEADER:
      for (gsize i = 0; i < mg_ui_json_len (mg_mk_ui_view_leaders (view)); i++)
        add_choice (ids, labels, mg_ui_json_str (json_object_array_get_idx (mg_mk_ui_view_leaders (view), i), "name"), NULL);
      break;
    case F_LAND:
      {
        json_object *lands = mg_mk_ui_view_lands (view);

        for (gsize i = 0; i < mg_ui_json_len (lands); i++)
          {
            json_object *land = json_object_array_get_idx (lands, i);
            const char *name = mg_ui_json_str (land, "name");
            const char *owner = mg_ui_json_str (land, "owner");
            g_autofree char *label = owner != NULL ? g_strdup_printf ("%s (%s)", name, owner) : g_strdup (name);

            add_choice (ids, labels, name, label);
          }
      }
      break;
    case F_WHAT:
      add_choice (ids, labels, "hamlet", mg_mk_ui_city_name ("hamlet"));
      add_choice (ids, labels, "village", mg_mk_ui_city_name ("village"));
      add_choice (ids, labels, "town", mg_mk_ui_city_name ("town"));
      add_choice (ids, labels, "camp", C_("mecaknights", "camp"));
      add_choice (ids, labels, "wood_wall", mg_mk_ui_wall_name ("wood"));
      add_choice (ids, labels, "stone_wall", mg_mk_ui_wall_name ("stone"));
      break;
    case F_RIVER:
      {
        json_object *rivers = mg_ui_json_array (mg_ui_json_get (view, "map"), "rivers");

        for (gsize i = 0; i < mg_ui_json_len (rivers); i++)
          {
            json_object *river = json_object_array_get_idx (rivers, i);

            if (g_strcmp0 (mg_ui_json_str (river, "size"), "large") == 0)
              add_choice (ids, labels, mg_ui_json_str (river, "name"), NULL);
          }
      }
      break;
    case F_BOAT:
      {
        json_object *boats = mg_ui_json_array (view, "boats");

        for (gsize i = 0; i < mg_ui_json_len (boats); i++)
          {
            json_object *boat = json_object_array_get_idx (boats, i);
            g_autofree char *label = g_strdup_printf ("%s · %s", mg_ui_json_str (boat, "id"), mg_ui_json_str (boat, "at"));

            add_choice (ids, labels, mg_ui_json_str (boat, "id"), label);
          }
      }
      break;
    case F_UNIT:
      for (guint i = 0; i < G_N_ELEMENTS (unit_ids); i++)
        add_choice (ids, labels, unit_ids[i], mg_mk_ui_unit_name (unit_ids[i]));
      break;
    case F_ARMY_NEW:
      add_choice (ids, labels, "", C_("mecaknights", "A new army"));
      G_GNUC_FALLTHROUGH;
    case F_ARMY:
    case F_TARGET:
      {
        json_object *armies = mg_mk_ui_view_armies (view);

        for (gsize i = 0; i < mg_ui_json_len (armies); i++)
          {
            json_object *army = json_object_array_get_idx (armies, i);
            gboolean own = g_strcmp0 (mg_ui_json_str (army, "leader"), player) == 0;
            g_autofree char *units = mg_mk_ui_units_text (mg_ui_json_get (army, "units"));
            g_autofree char *label = g_strdup_printf ("%s · %s · %s", mg_ui_json_str (army, "id"),
                                                      mg_ui_json_str (army, "land"), units);

            if (own == (spec->kind != F_TARGET))
              add_choice (ids, labels, mg_ui_json_str (army, "id"), label);
          }
      }
      break;
    case F_BATTLE:
      {
        json_object *battles = mg_ui_json_array (view, "battles");

        for (gsize i = 0; i < mg_ui_json_len (battles); i++)
          {
            json_object *battle = json_object_array_get_idx (battles, i);
            g_autofree char *id = g_strdup_printf ("%d", mg_ui_json_int (battle, "id", 0));
            /* Translators: a battle in a list: number, land, attacker, defender */
            g_autofree char *label = g_strdup_printf (C_("mecaknights", "%s · %s: %s against %s"), id,
                                                      mg_ui_json_str (battle, "land"),
                                                      mg_ui_json_str (battle, "attacker"),
                                                      mg_ui_json_str (battle, "defender"));
            add_choice (ids, labels, id, label);
          }
      }
      break;
    case F_STANCE:
      add_choice (ids, labels, "", C_("mecaknights", "Not needed"));
      add_choice (ids, labels, "peace", C_("mecaknights", "Peace"));
      add_choice (ids, labels, "war", C_("mecaknights", "War"));
      break;
    case F_ROTATION:
      add_choice (ids, labels, "season", C_("mecaknights", "Every season (3 turns)"));
      add_choice (ids, labels, "year", C_("mecaknights", "Every year (12 turns)"));
      add_choice (ids, labels, "fixed", C_("mecaknights", "Never: the first GM keeps it"));
      add_choice (ids, labels, "outside", C_("mecaknights", "Never: the GM is not a leader"));
      break;
    default:
      break;
    }
}

/* The choices of a path step: lands, and for navigation the rivers' wave marks too. */
static void
add_neighbour (GPtrArray *ids, GPtrArray *labels, const char *name)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), name) == 0)
      return;
  add_choice (ids, labels, name, NULL);
}

/* The places one step from `from`: on foot (marks FALSE) its bordering lands and the small
 * rivers' bridged crossings; afloat (marks TRUE) the places a large river links to it. A step
 * after an empty one offers nothing more. */
static void
step_choices (MgMkActionPanel *self, gboolean marks, const char *from, GPtrArray *ids, GPtrArray *labels)
{
  json_object *map = mg_ui_json_get (self->view, "map");
  json_object *rivers = mg_ui_json_array (map, "rivers");
  json_object *land = mg_mk_ui_view_find (mg_mk_ui_view_lands (self->view), "name", from);

  add_choice (ids, labels, "", C_("mecaknights", "—"));
  if (from == NULL || *from == '\0')
    return;
  for (gsize i = 0; !marks && i < mg_ui_json_len (mg_ui_json_array (land, "adjacent")); i++)
    add_neighbour (ids, labels, json_object_get_string (json_object_array_get_idx (mg_ui_json_array (land, "adjacent"), i)));
  for (gsize i = 0; i < mg_ui_json_len (rivers); i++)
    {
      json_object *river = json_object_array_get_idx (rivers, i);
      gboolean large = g_strcmp0 (mg_ui_json_str (river, "size"), "large") == 0;
      json_object *pairs = mg_ui_json_array (river, large ? "links" : "crossings");

      if (large != marks)
        continue;
      for (gsize k = 0; k < mg_ui_json_len (pairs); k++)
        for (guint side = 0; side < 2; side++)
          {
            json_object *pair = json_object_array_get_idx (pairs, k);
            const char *a = json_object_get_string (json_object_array_get_idx (pair, side));
            const char *b = json_object_get_string (json_object_array_get_idx (pair, 1 - side));
            gboolean open = large;

            for (gsize j = 0; !open && j < mg_ui_json_len (mg_ui_json_array (map, "bridges")); j++)
              {
                json_object *br = json_object_array_get_idx (mg_ui_json_array (map, "bridges"), j);
                open = g_strcmp0 (mg_ui_json_str (br, "river"), mg_ui_json_str (river, "name")) == 0
                       && ((g_strcmp0 (mg_ui_json_str (br, "a"), a) == 0 && g_strcmp0 (mg_ui_json_str (br, "b"), b) == 0)
                           || (g_strcmp0 (mg_ui_json_str (br, "a"), b) == 0 && g_strcmp0 (mg_ui_json_str (br, "b"), a) == 0));
              }
            if (open && g_strcmp0 (a, from) == 0)
              add_neighbour (ids, labels, b);
          }
    }
}

/* The steps of a path, each offering the neighbours of the step before (the first, of the
 * chosen army's place). */
static void
refill_path (MgMkActionPanel *self, Field *field)
{
  Field *army_field = find_field (self, "army");
  json_object *army = army_field != NULL
    ? mg_mk_ui_view_find (mg_mk_ui_view_armies (self->view), "id", combo_value (army_field->widget, army_field->ids))
    : NULL;
  g_autofree char *from = g_strdup (mg_ui_json_str (army, "land"));

  for (guint s = 0; s < PATH_STEPS; s++)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
      const char *value;

      GPtrArray *old = g_object_get_data (G_OBJECT (field->combos[s]), "ids");
      gboolean same = old != NULL && old->len > 0;

      step_choices (self, field->spec->kind == F_NAV_PATH, from, ids, labels);
      for (guint i = 0; same && i < ids->len; i++)
        same = i < old->len && g_strcmp0 (g_ptr_array_index (ids, i), g_ptr_array_index (old, i)) == 0;
      /* Unchanged choices keep their model: this runs while a step's selection is being set. */
      if (!same || old->len != ids->len)
        fill_combo (field->combos[s], ids, labels, NULL);
      value = combo_value (field->combos[s], g_object_get_data (G_OBJECT (field->combos[s]), "ids"));
      g_free (from);
      from = g_strdup (value);
    }
}

/* Where a Land field starts: the first land of the leader whose turn it is, so that the panel
 * does not open on another leader's land, where building or training is refused. */
static const char *
leaders_land (json_object *view)
{
  const char *leader = mg_mk_ui_view_current_leader (view);
  json_object *lands = mg_mk_ui_view_lands (view);

  for (gsize i = 0; leader != NULL && i < mg_ui_json_len (lands); i++)
    {
      json_object *land = json_object_array_get_idx (lands, i);

      if (g_strcmp0 (mg_ui_json_str (land, "owner"), leader) == 0)
        return mg_ui_json_str (land, "name");
    }
  return NULL;
}

static void
refill_field (MgMkActionPanel *self, Field *field)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  switch (field->spec->kind)
    {
    case F_PATH:
    case F_NAV_PATH:
      refill_path (self, field);
      break;
    case F_ORGANIZE:
      rebuild_organize (self, field);
      break;
    case F_COUNT:
    case F_SWITCH:
    case F_RESOURCES:
    case F_TEXT:
      break;
    default:
      field_choices (self, field->spec, ids, labels);
      g_clear_pointer (&field->ids, g_ptr_array_unref);
      field->ids = g_ptr_array_ref (ids);
      fill_combo (field->widget, ids, labels,
                  field->spec->kind == F_PLAYER ? mg_mk_ui_view_current_leader (self->view) :
                  field->spec->kind == F_LAND && strcmp (field->spec->key, "land") == 0 ?
                    leaders_land (self->view) :
                  field->spec->kind == F_WHAT && g_object_get_data (G_OBJECT (field->widget), "ids") == NULL
                    && !field_touched (field) ? fresh_what (self, ids) : NULL);
      break;
    }
}

static int
army_units (json_object *army, const char *unit)
{
  return mg_ui_json_int (mg_ui_json_get (army, "units"), unit, 0);
}

/* Organize: one column per army of the player on the land, plus a new army; one row per
 * kind of unit (narrower than the other way round, as units are five and armies few). */
static void
rebuild_organize (MgMkActionPanel *self, Field *field)
{
  Field *land_field = find_field (self, "land");
  const char *land = land_field != NULL ? combo_value (land_field->widget, land_field->ids) : NULL;
  const char *player = current_player (self);
  json_object *armies = mg_mk_ui_view_armies (self->view);
  GtkGrid *grid = GTK_GRID (field->grid);
  GtkWidget *child;
  int col = 1;

  while ((child = gtk_widget_get_first_child (field->grid)) != NULL)
    gtk_grid_remove (grid, child);
  g_ptr_array_set_size (field->army_rows, 0);

  for (guint u = 0; u < G_N_ELEMENTS (unit_ids); u++)
    {
      GtkWidget *head = gtk_label_new (mg_mk_ui_unit_name (unit_ids[u]));

      gtk_label_set_xalign (GTK_LABEL (head), 0);
      gtk_label_set_wrap (GTK_LABEL (head), TRUE);
      gtk_widget_set_hexpand (head, TRUE);
      gtk_grid_attach (grid, head, 0, u + 1, 1, 1);
    }

  for (gsize i = 0; i <= mg_ui_json_len (armies); i++)
    {
      json_object *army = i < mg_ui_json_len (armies) ? json_object_array_get_idx (armies, i) : NULL;
      const char *id = army != NULL ? mg_ui_json_str (army, "id") : "";
      GtkWidget *name;

      if (army != NULL && (g_strcmp0 (mg_ui_json_str (army, "leader"), player) != 0
                           || g_strcmp0 (mg_ui_json_str (army, "land"), land) != 0))
        continue;
      name = gtk_label_new (army != NULL ? id : C_("mecaknights", "New army"));
      gtk_widget_add_css_class (name, "caption-heading");
      gtk_grid_attach (grid, name, col, 0, 1, 1);
      for (guint u = 0; u < G_N_ELEMENTS (unit_ids); u++)
        {
          GtkWidget *spin = gtk_spin_button_new_with_range (0, 9, 1);
          g_autofree char *a11y = g_strdup_printf ("%s, %s", gtk_label_get_text (GTK_LABEL (name)),
                                                   mg_mk_ui_unit_name (unit_ids[u]));

          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), army != NULL ? army_units (army, unit_ids[u]) : 0);
          /* One digit (0 to 9): three armies' columns fit a narrow window. */
          gtk_editable_set_width_chars (GTK_EDITABLE (spin), 1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
          g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (revalidate), self);
          gtk_grid_attach (grid, spin, col, u + 1, 1, 1);
        }
      g_ptr_array_add (field->army_rows, g_strdup (id));
      col++;
    }
}

static json_object *
organize_armies (Field *field)
{
  json_object *list = json_object_new_array ();

  for (guint r = 0; r < field->army_rows->len; r++)
    {
      const char *id = g_ptr_array_index (field->army_rows, r);
      json_object *army = json_object_new_object ();
      int total = 0;

      if (id[0] != '\0')
        json_object_object_add (army, "id", json_object_new_string (id));
      for (guint u = 0; u < G_N_ELEMENTS (unit_ids); u++)
        {
          GtkWidget *spin = gtk_grid_get_child_at (GTK_GRID (field->grid), r + 1, u + 1);
          int n = spin != NULL ? gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)) : 0;

          total += n;
          if (n > 0)
            json_object_object_add (army, unit_ids[u], json_object_new_int (n));
        }
      /* An empty new army is not an army; an existing army left empty is disbanded. */
      if (id[0] == '\0' && total == 0)
        json_object_put (army);
      else
        json_object_array_add (list, army);
    }
  return list;
}

/* Building the action */

json_object *
mg_mk_action_panel_build (MgMkActionPanel *self)
{
  json_object *action;

  g_return_val_if_fail (MG_IS_MK_ACTION_PANEL (self), NULL);
  if (self->spec == NULL)
    return NULL;
  action = json_object_new_object ();
  json_object_object_add (action, "type", json_object_new_string (self->spec->type));
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);
      const char *key = field->spec->key;
      const char *value;

      switch (field->spec->kind)
        {
        case F_COUNT:
          json_object_object_add (action, key,
                                  json_object_new_int (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field->widget))));
          break;
        case F_SWITCH:
          if (gtk_switch_get_active (GTK_SWITCH (field->widget)))
            json_object_object_add (action, key, json_object_new_boolean (TRUE));
          break;
        case F_TEXT:
          value = gtk_editable_get_text (GTK_EDITABLE (field->widget));
          if (value[0] != '\0' || !field->spec->optional)
            json_object_object_add (action, key, json_object_new_string (value));
          break;
        case F_RESOURCES:
          for (guint r = 0; r < G_N_ELEMENTS (resource_ids); r++)
            {
              int n = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field->spins[r]));

              if (n != 0)
                json_object_object_add (action, resource_ids[r], json_object_new_int (n));
            }
          break;
        case F_PATH:
        case F_NAV_PATH:
          {
            json_object *path = json_object_new_array ();

            for (guint s = 0; s < PATH_STEPS; s++)
              {
                value = combo_value (field->combos[s], g_object_get_data (G_OBJECT (field->combos[s]), "ids"));
                if (value != NULL && value[0] != '\0')
                  json_object_array_add (path, json_object_new_string (value));
              }
            json_object_object_add (action, key, path);
          }
          break;
        case F_ORGANIZE:
          json_object_object_add (action, key, organize_armies (field));
          break;
        case F_BATTLE:
          value = combo_value (field->widget, field->ids);
          if (value != NULL && value[0] != '\0')
            json_object_object_add (action, key, json_object_new_int (atoi (value)));
          else if (!field->spec->optional)
            json_object_object_add (action, key, json_object_new_int (0));
          break;
        default:
          value = combo_value (field->widget, field->ids);
          if (value != NULL && value[0] != '\0')
            json_object_object_add (action, key, json_object_new_string (value));
          else if (!field->spec->optional && field->spec->kind != F_ARMY_NEW)
            json_object_object_add (action, key, json_object_new_string (""));
          break;
        }
    }
  return action;
}

/* The engine's reason as a sentence for the table: a rule's refusal is one already; a field
 * missing or out of range (the engine's message names it as JSON) is said with the form's label. */
static char *
plain_reason (MgMkActionPanel *self, const GError *error, Field **about)
{
  MgRulesField field = { NULL };
  const char *key = NULL;
  const char *label = NULL;

  *about = NULL;
  if (error == NULL)
    return g_strdup (C_("mecaknights", "Choose an action."));
  if (!g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION))
    return mg_error_plain (error);
  /* The field, by the error's fields (never its text, which is in the referee's language). */
  if (mg_rules_error_get_field (error, &field))
    key = field.path;
  for (guint i = 0; self->spec != NULL && key != NULL && i < MAX_FIELDS && self->spec->fields[i].label; i++)
    if (g_strcmp0 (self->spec->fields[i].key, key) == 0)
      label = self->spec->fields[i].kind == F_PATH || self->spec->fields[i].kind == F_NAV_PATH
              ? C_("mecaknights", "Path") : spec_label (self->spec->fields[i].label);
  if (label == NULL)
    return g_strdup (C_("mecaknights", "Fill in the form."));
  *about = find_field (self, key);
  if (field.ranged && field.got != NULL && field.max < G_MAXINT64)
    /* Translators: a form field's label, then its smallest and largest value */
    return g_strdup_printf (C_("mecaknights", "%s: from %d to %d."), label, (int) field.min, (int) field.max);
  /* Translators: a form field's label */
  return g_strdup_printf (C_("mecaknights", "Fill in “%s”."), label);
}

static void
add_cost (GString *text, json_object *cost, int times)
{
  static const char *const ids[] = { "gp", "wood", "stone", "food", "iron" };

  for (guint r = 0; r < G_N_ELEMENTS (ids); r++)
    {
      int n = mg_ui_json_int (cost, ids[r], 0) * times;
      if (n == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (r == 0)
        /* Translators: an amount of gold pieces */
        g_string_append_printf (text, C_("mecaknights", "%d GP"), n);
      else
        g_string_append_printf (text, "%d %s", n, mg_mk_ui_resource_name (ids[r]));
    }
}

/* What the action costs, from the campaign's ruleset, shown before it is applied. NULL if free. */
static char *
cost_text (MgMkActionPanel *self, json_object *action)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  const char *type = mg_ui_json_str (action, "type");
  g_autoptr(GString) text = g_string_new (NULL);

  if (g_strcmp0 (type, "build") == 0)
    add_cost (text, mg_ui_json_get (mg_ui_json_get (ruleset, "costs"), mg_ui_json_str (action, "what")), 1);
  else if (g_strcmp0 (type, "build_bridge") == 0 || g_strcmp0 (type, "build_boat") == 0)
    add_cost (text, mg_ui_json_get (mg_ui_json_get (ruleset, "costs"), type + strlen ("build_")), 1);
  else if (g_strcmp0 (type, "upgrade") == 0)
    add_cost (text, mg_ui_json_get (mg_ui_json_get (ruleset, "costs"), "upgrade"), mg_ui_json_int (action, "count", 1));
  else if (g_strcmp0 (type, "train") == 0)
    add_cost (text, mg_ui_json_get (mg_ui_json_get (mg_ui_json_get (ruleset, "units"), mg_ui_json_str (action, "unit")), "cost"),
              mg_ui_json_int (action, "count", 1));
  if (text->len == 0)
    return NULL;
  /* Translators: what an action costs, "3 GP, 1 food, 3 iron" */
  return g_strdup_printf (C_("mecaknights", "Costs %s."), text->str);
}

/* The first of the Build field's choices `ids`, from `from` on and `skip` left out, that the
 * engine allows with the form's other values, each tried in the action built from the form
 * (not by choosing it in the field: each choice made the combo's shown row again); -1: none. */
static gint
legal_what_index (MgMkActionPanel *self, GPtrArray *ids, guint from, gint skip)
{
  json_object *action = mg_mk_action_panel_build (self);
  gint found = -1;

  for (guint i = from; action != NULL && found < 0 && i < ids->len; i++)
    {
      if ((gint) i == skip)
        continue;
      json_object_object_add (action, "what", json_object_new_string (g_ptr_array_index (ids, i)));
      if (mg_campaign_validate (self->campaign, action, NULL))
        found = (gint) i;
    }
  json_object_put (action);
  return found;
}

/* Where a Build field just built or reset starts: its first choice, or if the rules refuse that
 * one, the first they allow (as revalidate then choose_legal_what would move it to), so that the
 * field is set once. */
static const char *
fresh_what (MgMkActionPanel *self, GPtrArray *ids)
{
  g_autoptr(GError) error = NULL;
  json_object *action;
  gboolean ok;
  gint i = -1;

  if (ids->len == 0)
    return NULL;
  action = mg_mk_action_panel_build (self);
  if (action == NULL)
    return NULL;
  json_object_object_add (action, "what", json_object_new_string (g_ptr_array_index (ids, 0)));
  ok = mg_campaign_validate (self->campaign, action, &error);
  json_object_put (action);
  if (!ok && g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL))
    i = legal_what_index (self, ids, 1, -1);
  return g_ptr_array_index (ids, MAX (i, 0));
}

/* Build opens on a hamlet, which a land already built on refuses: a Build field the referee has
 * not chosen moves to the first building the land takes now, so that the form does not greet
 * the GM with a refusal; that action is returned.  None: NULL, the field stays where it was,
 * and the reason says why. */
static json_object *
choose_legal_what (MgMkActionPanel *self)
{
  Field *what = find_field (self, "what");
  AdwComboRow *row;
  gint i;

  if (what == NULL || what->spec->kind != F_WHAT || what->ids == NULL || field_touched (what))
    return NULL;
  row = ADW_COMBO_ROW (what->widget);
  i = legal_what_index (self, what->ids, 0, (gint) adw_combo_row_get_selected (row));
  if (i < 0)
    return NULL;
  self->updating = TRUE;
  adw_combo_row_set_selected (row, (guint) i);
  self->updating = FALSE;
  return mg_mk_action_panel_build (self);
}

static void
revalidate (MgMkActionPanel *self)
{
  g_autoptr(GError) error = NULL;
  json_object *action, *legal;
  Field *about = NULL;
  gboolean ok, inline_note;

  if (self->updating || self->campaign == NULL)
    return;
  action = mg_mk_action_panel_build (self);
  ok = action != NULL && mg_campaign_validate (self->campaign, action, &error);
  if (!ok && g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL)
      && (legal = choose_legal_what (self)) != NULL)
    {
      g_clear_error (&error);
      json_object_put (action);
      action = legal;
      ok = TRUE;
    }
  g_free (self->reason);
  self->reason = ok ? NULL : plain_reason (self, error, &about);
  /* A field's problem is said beside it, and only once the user has touched that field: a form
   * just chosen is not wrong yet. A rule's refusal is said under the form at once. Both places
   * keep their space, so nothing moves as they come and go. */
  inline_note = about != NULL && about->note != NULL && field_touched (about);
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);

      if (field->note != NULL)
        {
          mg_mk_ui_note_set (field->note, field == about && inline_note ? self->reason : NULL);
        }
    }
  self->reason_shown = self->reason != NULL && !inline_note
                       && (g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL)
                           || (about == NULL && self->touched)
                           || (about != NULL && about->note == NULL && field_touched (about)));
  gtk_label_set_text (self->reason_label, self->reason_shown ? self->reason : "");
  gtk_widget_set_opacity (self->reason_box, self->reason_shown ? 1.0 : 0.0);
  {
    g_autofree char *cost = cost_text (self, action);
    gtk_label_set_text (self->cost_label, cost != NULL ? cost : "");
  }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "mk-panel.apply", ok);
  mg_widget_set_tooltip (self->apply_button, self->reason != NULL ? self->reason : C_("mecaknights", "Apply the action (Ctrl+Enter)"));
  json_object_put (action);
}

static void
field_changed (MgMkActionPanel *self, GParamSpec *pspec, GtkWidget *widget)
{
  Field *organize;

  if (self->updating)
    return;
  self->touched = TRUE;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);

      field->touched |= widget == field->widget;
      for (guint s = 0; s < PATH_STEPS; s++)
        field->touched |= widget == field->combos[s];
    }
  /* The player or the land decides the choices of the other fields. */
  self->updating = TRUE;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);
      Field *player = find_field (self, "player");

      if (player != NULL && widget == player->widget
          && (field->spec->kind == F_ARMY || field->spec->kind == F_ARMY_NEW || field->spec->kind == F_TARGET))
        refill_field (self, field);
    }
  {
    Field *path = find_field (self, "path");
    Field *army = find_field (self, "army");
    gboolean step = FALSE;

    for (guint s = 0; path != NULL && s < PATH_STEPS; s++)
      step |= widget == path->combos[s];
    if (path != NULL && (step || (army != NULL && widget == army->widget) || widget == find_field (self, "player")->widget))
      refill_path (self, path);
  }
  organize = find_field (self, "armies");
  if (organize != NULL && organize->spec->kind == F_ORGANIZE)
    rebuild_organize (self, organize);
  self->updating = FALSE;
  revalidate (self);
}

/* Building the form */

static GtkWidget *
spin_row (const char *title, double min, double max, double value, GtkWidget **spin)
{
  GtkWidget *row = adw_action_row_new ();

  *spin = gtk_spin_button_new_with_range (min, max, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (*spin), value);
  gtk_widget_set_valign (*spin, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), *spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *spin);
  return row;
}

/* A combo's title of up to SHORT_TITLE characters fits on one line beside its choice from 360 px
 * up (/ui/mecaknights/short-titles-whole), and is laid out as one: a title that may wrap is
 * laid out again at every width the row is measured at, ~3 M instructions a row in each layout
 * (docs/performance.md). Longer titles (the stance questions) still wrap. */
#define SHORT_TITLE 12

static void
combo_title_lines (GtkWidget *row, const char *title)
{
  if (g_utf8_strlen (title, -1) <= SHORT_TITLE)
    adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
}

static GtkWidget *
combo_row (MgMkActionPanel *self, const char *title)
{
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  combo_title_lines (row, title);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (field_changed), self);
  return row;
}

static void
add_field (MgMkActionPanel *self, const FieldSpec *spec, GtkListBox *list)
{
  Field *field = g_new0 (Field, 1);
  const char *title = spec_label (spec->label);

  field->spec = spec;
  switch (spec->kind)
    {
    case F_COUNT:
      field->row = spin_row (title, 1, 4, 1, &field->widget);
      g_signal_connect_swapped (field->widget, "value-changed", G_CALLBACK (revalidate), self);
      break;
    case F_SWITCH:
      field->row = adw_action_row_new ();
      field->widget = gtk_switch_new ();
      gtk_widget_set_valign (field->widget, GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (field->row), title);
      adw_action_row_add_suffix (ADW_ACTION_ROW (field->row), field->widget);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (field->row), field->widget);
      g_signal_connect_swapped (field->widget, "notify::active", G_CALLBACK (revalidate), self);
      break;
    case F_TEXT:
      field->row = field->widget = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (field->row), title);
      field->note = mg_mk_ui_note_new ();
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (field->row), field->note);
      track_touched (self, field->widget);
      g_signal_connect_swapped (field->widget, "changed", G_CALLBACK (revalidate), self);
      break;
    case F_RESOURCES:
      {
        GtkWidget *expander = adw_expander_row_new ();

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), title);
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
        for (guint r = 0; r < G_N_ELEMENTS (resource_ids); r++)
          {
            GtkWidget *row = spin_row (mg_mk_ui_resource_name (resource_ids[r]), -1000, 1000, 0, &field->spins[r]);

            g_signal_connect_swapped (field->spins[r], "value-changed", G_CALLBACK (revalidate), self);
            adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
          }
        field->note = mg_mk_ui_note_new ();
        adw_expander_row_add_action (ADW_EXPANDER_ROW (expander), field->note);
        field->row = expander;
      }
      break;
    case F_PATH:
    case F_NAV_PATH:
      {
        GtkWidget *expander = adw_expander_row_new ();

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), C_("mecaknights", "Path"));
        adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander),
                                       C_("mecaknights", "The lands entered, in order"));
        adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
        for (guint s = 0; s < PATH_STEPS; s++)
          {
            g_autofree char *step = g_strdup_printf (C_("mecaknights", "Step %u"), s + 1);

            field->combos[s] = combo_row (self, step);
            track_touched (self, field->combos[s]);
            adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), field->combos[s]);
          }
        field->note = mg_mk_ui_note_new ();
        adw_expander_row_add_action (ADW_EXPANDER_ROW (expander), field->note);
        field->row = expander;
      }
      break;
    case F_ORGANIZE:
      {
        GtkWidget *row = gtk_list_box_row_new ();
        GtkWidget *scroll;

        field->grid = gtk_grid_new ();
        gtk_grid_set_row_spacing (GTK_GRID (field->grid), 6);
        gtk_grid_set_column_spacing (GTK_GRID (field->grid), 6);
        gtk_widget_add_css_class (field->grid, "mk-organize");
        /* Many armies on one land: their columns scroll sideways rather than widen the page. */
        scroll = gtk_scrolled_window_new ();
        gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
        gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroll), TRUE);
        mg_scrolled_window_pass_vertical (GTK_SCROLLED_WINDOW (scroll));
        gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), field->grid);
        gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), scroll);
        gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
        field->army_rows = g_ptr_array_new_with_free_func (g_free);
        field->row = row;
      }
      break;
    default:
      field->row = field->widget = combo_row (self, title);
      field->note = mg_mk_ui_note_new ();
      adw_action_row_add_suffix (ADW_ACTION_ROW (field->row), field->note);
      track_touched (self, field->widget);
      /* An army or boat reads "Red 1 · Oakvale · 2 infantry": shown as the row's subtitle, which
       * wraps, instead of a value cut off at the row's end. */
      if (spec->kind == F_ARMY || spec->kind == F_ARMY_NEW || spec->kind == F_TARGET || spec->kind == F_BOAT)
        adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (field->widget), TRUE);
      break;
    }
  g_ptr_array_add (self->fields, field);
  gtk_list_box_append (list, field->row);
}

/* A form chosen again is as a form just built: nothing touched, every value its default, each
 * choice the one a new form proposes (its combos forget what was chosen). */
static void
untouch (GtkWidget *widget)
{
  if (widget == NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "mg-touched", NULL);   /* mg_error_track_touched's mark */
  if (ADW_IS_COMBO_ROW (widget))
    g_object_set_data (G_OBJECT (widget), "ids", NULL);
}

static void
field_reset (Field *field)
{
  switch (field->spec->kind)
    {
    case F_COUNT:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (field->widget), 1);
      break;
    case F_SWITCH:
      gtk_switch_set_active (GTK_SWITCH (field->widget), FALSE);
      break;
    case F_TEXT:
      gtk_editable_set_text (GTK_EDITABLE (field->widget), "");
      break;
    case F_RESOURCES:
      for (guint r = 0; r < G_N_ELEMENTS (resource_ids); r++)
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (field->spins[r]), 0);
      break;
    default:
      break;
    }
  field->touched = FALSE;
  untouch (field->widget);
  for (guint s = 0; s < PATH_STEPS; s++)
    untouch (field->combos[s]);
  if (field->note != NULL)
    mg_mk_ui_note_set (field->note, NULL);
}

/* Issue 43: each type's form is built once, when first chosen, and kept: an undo or a redo that
 * offers another type shows that type's form again (reset) rather than building its rows anew. */
static void
show_form (MgMkActionPanel *self, guint k)
{
  const ActionSpec *spec = &specs[k];

  if (self->forms[k].list == NULL)
    {
      gboolean first = TRUE;

      for (guint i = 0; i < G_N_ELEMENTS (specs) && first; i++)
        first = self->forms[i].list == NULL;
      /* The template's list for the first form, a list like it after it for the others. */
      self->forms[k].list = first ? GTK_WIDGET (self->fields_list) : gtk_list_box_new ();
      if (!first)
        {
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->forms[k].list), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (self->forms[k].list, "boxed-list");
          gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->fields_list))),
                                      self->forms[k].list, GTK_WIDGET (self->fields_list));
        }
      self->forms[k].fields = g_ptr_array_new_with_free_func ((GDestroyNotify) field_free);
      self->fields = self->forms[k].fields;
      for (guint i = 0; i < MAX_FIELDS && spec->fields[i].label != NULL; i++)
        add_field (self, &spec->fields[i], GTK_LIST_BOX (self->forms[k].list));
    }
  else
    for (guint i = 0; i < self->forms[k].fields->len; i++)
      field_reset (g_ptr_array_index (self->forms[k].fields, i));
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (self->forms[i].list != NULL)
      gtk_widget_set_visible (self->forms[i].list, i == k && self->forms[i].fields->len > 0);
  self->fields = self->forms[k].fields;
}

static void
show_spec (MgMkActionPanel *self, const ActionSpec *spec)
{
  if (self->spec == spec)
    return;
  self->spec = spec;
  self->touched = FALSE;
  self->updating = TRUE;
  self->built++;
  show_form (self, (guint) (spec - specs));
  /* The player first: the other fields' choices depend on it. */
  for (guint i = 0; i < self->fields->len; i++)
    refill_field (self, g_ptr_array_index (self->fields, i));
  self->updating = FALSE;
  revalidate (self);
}

static void
type_changed (MgMkActionPanel *self)
{
  guint row = adw_combo_row_get_selected (self->type_row);

  if (self->order != NULL && row < self->order->len)
    show_spec (self, &specs[g_array_index (self->order, guint, row)]);
}

static gint
spec_index (const char *type)
{
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (g_strcmp0 (specs[i].type, type) == 0)
      return (gint) i;
  return -1;
}

/* Issue 43: the combo's list becomes `strings`, changing only the rows between the first and
 * the last that differ (an action taken or undone adds or drops a type or two). */
static void
splice_strings (AdwComboRow *combo, GPtrArray *strings)
{
  GListModel *model = adw_combo_row_get_model (combo);
  guint n, head = 0, tail = 0;

  if (!GTK_IS_STRING_LIST (model))
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

      for (guint i = 0; i < strings->len; i++)
        gtk_string_list_append (list, g_ptr_array_index (strings, i));
      adw_combo_row_set_model (combo, G_LIST_MODEL (list));
      return;
    }
  n = g_list_model_get_n_items (model);
  while (head < n && head < strings->len
         && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), head), g_ptr_array_index (strings, head)) == 0)
    head++;
  while (tail < n - head && tail < strings->len - head
         && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), n - 1 - tail),
                       g_ptr_array_index (strings, strings->len - 1 - tail)) == 0)
    tail++;
  if (head == n && n == strings->len)
    return;
  {
    g_autofree const char **middle = g_new0 (const char *, strings->len - head - tail + 1);

    for (guint i = head; i < strings->len - tail; i++)
      middle[i - head] = g_ptr_array_index (strings, i);
    gtk_string_list_splice (GTK_STRING_LIST (model), head, n - head - tail, middle);
  }
}

/* The type list shows `order` (spec indices); the chosen type stays chosen if it is listed. */
static void
set_order (MgMkActionPanel *self, GArray *order)
{
  g_autoptr(GPtrArray) types = g_ptr_array_new ();
  gint keep = self->spec != NULL ? (gint) (self->spec - specs) : -1;
  guint row = 0;

  if (self->order != NULL && self->order->len == order->len &&
      memcmp (self->order->data, order->data, order->len * sizeof (guint)) == 0)
    {
      g_array_unref (order);
      return;
    }
  g_clear_pointer (&self->order, g_array_unref);
  self->order = order;
  for (guint i = 0; i < order->len; i++)
    {
      g_ptr_array_add (types, (gpointer) spec_label (specs[g_array_index (order, guint, i)].label));
      if ((gint) g_array_index (order, guint, i) == keep)
        row = i;
    }
  g_signal_handlers_block_by_func (self->type_row, type_changed, self);
  splice_strings (self->type_row, types);
  if (adw_combo_row_get_selected (self->type_row) != row)
    adw_combo_row_set_selected (self->type_row, row);
  g_signal_handlers_unblock_by_func (self->type_row, type_changed, self);
  if (order->len > 0)
    show_spec (self, &specs[g_array_index (order, guint, row)]);
}

/* What the engine's legal_actions allow now, in its order (the turn's order): the list offers
 * these only, so a phase's actions come first and a collect done is gone. Issue 43: the types
 * only (mg_mk_legal_types), not every legal action, each tried on a copy of the state. */
static GArray *
legal_order (MgMkActionPanel *self)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));
  json_object *legal = mg_mk_legal_types (mg_campaign_get_state (self->campaign));

  for (gsize i = 0; i < mg_ui_json_len (legal); i++)
    {
      gint k = spec_index (mg_ui_json_str (json_object_array_get_idx (legal, i), "type"));
      gboolean seen = FALSE;

      for (guint j = 0; j < order->len && !seen; j++)
        seen = (gint) g_array_index (order, guint, j) == k;
      if (k >= 0 && !seen)
        g_array_append_val (order, k);
    }
  json_object_put (legal);
  return order;
}

/* The type list of a panel just built holds the chosen type only: what the engine allows is
 * asked (mg_state_legal_actions, the dearest part of the first frame) when the list is first
 * opened or read. The full list is what refresh() would have offered: the allowed types in the
 * engine's order, the chosen one after them if it is not allowed now. */
static void
ensure_order (MgMkActionPanel *self)
{
  GArray *order;

  if (self->order_known)
    return;
  self->order_known = TRUE;
  order = self->full_order != NULL ? g_steal_pointer (&self->full_order) : legal_order (self);
  if (self->spec != NULL)
    {
      guint k = (guint) (self->spec - specs);
      gboolean listed = FALSE;

      for (guint i = 0; i < order->len && !listed; i++)
        listed = g_array_index (order, guint, i) == k;
      if (!listed)
        g_array_append_val (order, k);
    }
  set_order (self, order);
}

/* Whether the engine allows a GM's correction now, asked as its legal_actions asks it
 * (offer_corrections: the first leader, 1 GP): then the full list holds it and the type chosen,
 * two entries or more. */
static gboolean
adjust_allowed (MgMkActionPanel *self)
{
  json_object *leaders = mg_mk_ui_view_leaders (self->view);
  const char *leader = mg_ui_json_len (leaders) > 0 ? mg_ui_json_str (json_object_array_get_idx (leaders, 0), "name") : NULL;
  json_object *action;
  gboolean ok;

  if (leader == NULL)
    return FALSE;
  action = json_object_new_object ();
  json_object_object_add (action, "type", json_object_new_string ("adjust"));
  json_object_object_add (action, "leader", json_object_new_string (leader));
  json_object_object_add (action, "gp", json_object_new_int (1));
  json_object_object_add (action, "template", json_object_new_boolean (TRUE));
  ok = mg_campaign_validate (self->campaign, action, NULL);
  json_object_put (action);
  return ok;
}

static gboolean
order_has (GArray *order, guint k)
{
  for (guint i = 0; i < order->len; i++)
    if (g_array_index (order, guint, i) == k)
      return TRUE;
  return FALSE;
}

/* The type list shows `shown` (stolen), `k` first and chosen; the full list, `full` (stolen)
 * or NULL if not known yet, when opened or read. */
static void
show_short_list (MgMkActionPanel *self, GArray *shown, guint k, GArray *full)
{
  g_clear_pointer (&self->full_order, g_array_unref);
  self->full_order = full;
  self->order_known = FALSE;
  set_order (self, shown);
  if (adw_combo_row_get_selected (self->type_row) != 0)
    adw_combo_row_set_selected (self->type_row, 0);
  show_spec (self, &specs[k]);
}

/* Issue 43: after the first frame, a change chooses the type as the full list would (the type
 * offered, else the chosen one if still allowed, else the first allowed) and shows it in a list
 * of two, it and another of the full list (so that it keeps its arrow and opens), or of one if
 * the full list holds no other; the full list is spliced in when it is opened or read
 * (ensure_order), not at each undo or redo, where GTK made its popover's row for each type
 * that changed. FALSE, nothing done, if nothing is allowed. */
static gboolean
refresh_order (MgMkActionPanel *self, const char *type)
{
  const MgState *state = mg_campaign_get_state (self->campaign);
  GArray *full, *shown;
  gint offered = spec_index (type);
  guint adjust = (guint) spec_index ("adjust");
  gboolean allowed;
  guint k;

  /* Mostly the type chosen and a correction are allowed, which two questions to the engine
   * tell (mg_mk_type_legal): the list's other types are not needed before it opens. */
  k = offered >= 0 ? (guint) offered : self->spec != NULL ? (guint) (self->spec - specs) : adjust;
  if (k != adjust && mg_mk_type_legal (state, specs[k].type) && mg_mk_type_legal (state, "adjust"))
    {
      shown = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (shown, k);
      g_array_append_val (shown, adjust);
      show_short_list (self, shown, k, NULL);
      return TRUE;
    }
  full = legal_order (self);
  if (full->len == 0)
    {
      g_array_unref (full);
      return FALSE;
    }
  if (offered >= 0)
    k = (guint) offered;
  else if (self->spec != NULL && order_has (full, (guint) (self->spec - specs)))
    k = (guint) (self->spec - specs);
  else
    k = g_array_index (full, guint, 0);
  allowed = order_has (full, k);
  if (!allowed)
    g_array_append_val (full, k);   /* offered though not allowed now: after the others, as select does */
  shown = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (shown, k);
  /* The second: a correction, allowed at any time once started, so that only the first row
   * changes from one change to the next; else the first other. */
  if (k != adjust && order_has (full, adjust))
    g_array_append_val (shown, adjust);
  for (guint i = 0; i < full->len && shown->len < 2; i++)
    if (g_array_index (full, guint, i) != k)
      g_array_append_val (shown, g_array_index (full, guint, i));
  /* Offered while its form shows, but not allowed now: the full list left that form for the
   * first allowed, then came back to it, so it shows afresh. */
  if (self->spec == &specs[k] && !allowed)
    self->spec = NULL;
  show_short_list (self, shown, k, full);
  return TRUE;
}

static void
type_list_opened (MgMkActionPanel *self)
{
  ensure_order (self);
}

gboolean
mg_mk_action_panel_select (MgMkActionPanel *self, const char *type)
{
  gint k = spec_index (type);

  if (k < 0)
    return FALSE;
  ensure_order (self);
  for (guint row = 0; self->order != NULL && row < self->order->len; row++)
    if ((gint) g_array_index (self->order, guint, row) == k)
      {
        adw_combo_row_set_selected (self->type_row, row);
        show_spec (self, &specs[k]);
        return TRUE;
      }
  /* Not allowed now: offered after the others, so the engine's reason can be shown. */
  {
    GArray *order = g_array_copy (self->order);
    g_array_append_val (order, k);
    set_order (self, order);
  }
  adw_combo_row_set_selected (self->type_row, self->order->len - 1);
  show_spec (self, &specs[k]);
  return TRUE;
}

char *
mg_mk_action_panel_list_types (MgMkActionPanel *self)
{
  GString *out = g_string_new (NULL);

  ensure_order (self);
  for (guint i = 0; i < self->order->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", specs[g_array_index (self->order, guint, i)].type);
  return g_string_free (out, FALSE);
}

const char *
mg_mk_action_panel_get_cost (MgMkActionPanel *self)
{
  return gtk_label_get_text (self->cost_label);
}

gboolean
mg_mk_action_panel_reason_shown (MgMkActionPanel *self)
{
  return self->reason_shown;
}

const char *
mg_mk_action_panel_get_field_note (MgMkActionPanel *self, const char *key)
{
  Field *field = find_field (self, key);
  const char *text = field != NULL && field->note != NULL ? gtk_label_get_text (GTK_LABEL (field->note)) : "";

  return text[0] != '\0' ? text : NULL;
}

GtkWidget *
mg_mk_action_panel_get_field_row (MgMkActionPanel *self, const char *key)
{
  Field *field = find_field (self, key);
  return field != NULL ? field->row : NULL;
}

const char *
mg_mk_action_panel_get_type_name (MgMkActionPanel *self)
{
  return self->spec != NULL ? self->spec->type : NULL;
}

static gboolean
select_in_combo (GtkWidget *combo, GPtrArray *ids, const char *value)
{
  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), value) == 0)
      {
        adw_combo_row_set_selected (ADW_COMBO_ROW (combo), i);
        return TRUE;
      }
  return FALSE;
}

gboolean
mg_mk_action_panel_set (MgMkActionPanel *self, const char *key, const char *value)
{
  Field *field = NULL;
  gboolean ok = TRUE;

  /* Setting a field is touching it, even to the value it had. */
  self->touched = TRUE;
  for (guint i = 0; i < self->fields->len && field == NULL; i++)
    {
      Field *f = g_ptr_array_index (self->fields, i);

      if (g_strcmp0 (f->spec->key, key) == 0)
        field = f;
      else if (f->spec->kind == F_RESOURCES)
        for (guint r = 0; r < G_N_ELEMENTS (resource_ids); r++)
          if (g_strcmp0 (resource_ids[r], key) == 0)
            {
              gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->spins[r]), g_ascii_strtod (value, NULL));
              return TRUE;
            }
    }
  if (field == NULL)
    return FALSE;
  field->touched = TRUE;

  switch (field->spec->kind)
    {
    case F_COUNT:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (field->widget), g_ascii_strtod (value, NULL));
      break;
    case F_SWITCH:
      gtk_switch_set_active (GTK_SWITCH (field->widget), g_strcmp0 (value, "true") == 0);
      break;
    case F_TEXT:
      gtk_editable_set_text (GTK_EDITABLE (field->widget), value);
      break;
    case F_PATH:
    case F_NAV_PATH:
      {
        g_auto(GStrv) steps = g_strsplit (value, ",", PATH_STEPS);

        for (guint s = 0; s < PATH_STEPS; s++)
          /* Each step offers the neighbours of the one before, refilled as it is chosen. */
          ok &= select_in_combo (field->combos[s], g_object_get_data (G_OBJECT (field->combos[s]), "ids"),
                                 s < g_strv_length (steps) ? g_strstrip (steps[s]) : "");
      }
      break;
    case F_ORGANIZE:
    case F_RESOURCES:
      return FALSE;
    default:
      ok = select_in_combo (field->widget, field->ids, value);
      break;
    }
  revalidate (self);
  return ok;
}

gboolean
mg_mk_action_panel_set_organize (MgMkActionPanel *self, guint row, const char *unit, int count)
{
  Field *field = find_field (self, "armies");

  if (field == NULL || field->spec->kind != F_ORGANIZE || row >= field->army_rows->len)
    return FALSE;
  for (guint u = 0; u < G_N_ELEMENTS (unit_ids); u++)
    if (g_strcmp0 (unit_ids[u], unit) == 0)
      {
        GtkWidget *spin = gtk_grid_get_child_at (GTK_GRID (field->grid), row + 1, u + 1);

        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), count);
        return TRUE;
      }
  return FALSE;
}

const char *
mg_mk_action_panel_get_reason (MgMkActionPanel *self)
{
  return self->reason;
}

gboolean
mg_mk_action_panel_can_apply (MgMkActionPanel *self)
{
  return self->reason == NULL && self->spec != NULL;
}

GtkWidget *
mg_mk_action_panel_get_apply_button (MgMkActionPanel *self)
{
  return self->apply_button;
}

/* The campaign changed: read the view again, refresh the choices, check again. When the turn
 * passes to another leader or phase, offer that phase's first action. */
void
mg_mk_action_panel_refresh (MgMkActionPanel *self)
{
  json_object *waiting, *first = NULL, *may;
  g_autofree char *turn_key = NULL;
  const char *type = NULL;
  guint built = self->built;

  g_clear_pointer (&self->view, json_object_put);
  g_clear_pointer (&self->pending, json_object_put);
  self->view = json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL));
  self->pending = json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign)));

  waiting = mg_ui_json_array (self->pending, "waiting");
  if (mg_ui_json_len (waiting) > 0)
    first = json_object_array_get_idx (waiting, 0);
  may = mg_ui_json_array (first, "may");
  turn_key = g_strdup_printf ("%d/%s/%s/%s/%d", mg_ui_json_int (self->pending, "turn", 0),
                              mg_ui_json_str (self->pending, "current"), mg_ui_json_str (self->pending, "phase"),
                              mg_ui_json_str (first, "for"), mg_ui_json_int (first, "battle", 0));
  if (g_strcmp0 (turn_key, self->last_turn_key) != 0)
    {
      const char *waits_for = mg_ui_json_str (first, "for");

      g_free (self->last_turn_key);
      self->last_turn_key = g_steal_pointer (&turn_key);
      /* Offer what the table waits for: a battle round, the setup's start, else the phase's
       * own action rather than the bonus or the reorganizing that may come first in "may". */
      if (g_strcmp0 (waits_for, "fight") == 0)
        type = "fight";
      else if (g_strcmp0 (waits_for, "setup") == 0 || g_strcmp0 (mg_ui_json_str (self->pending, "phase"), "setup") == 0)
        type = "start";
      for (gsize i = 0; type == NULL && i < mg_ui_json_len (may); i++)
        {
          const char *t = json_object_get_string (json_object_array_get_idx (may, i));

          if (g_strcmp0 (t, "model_bonus") != 0 && g_strcmp0 (t, "organize") != 0)
            type = t;
        }
    }
  if (self->fill_on_open && self->spec == NULL && spec_index (type) >= 0 && g_strcmp0 (type, "adjust") != 0
      && adjust_allowed (self))
    {
      /* Just built: the list holds the type offered and a correction (so it shows its arrow
       * and opens, as the full list of two or more would); the rest come when it is opened. */
      GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));
      guint k = (guint) spec_index (type), adjust = (guint) spec_index ("adjust");

      g_array_append_val (order, k);
      g_array_append_val (order, adjust);
      g_clear_pointer (&self->full_order, g_array_unref);
      self->order_known = FALSE;
      set_order (self, order);
    }
  else if (!self->fill_on_open || self->spec == NULL || gtk_widget_get_visible (self->type_popover)
           || !refresh_order (self, type))
    {
      g_clear_pointer (&self->full_order, g_array_unref);
      self->order_known = TRUE;
      set_order (self, legal_order (self));
      if (type != NULL)
        mg_mk_action_panel_select (self, type);
    }

  /* While a leader chooses the units lost, only that choice (in the battle view) goes on. */
  {
    gboolean choosing = g_strcmp0 (mg_ui_json_str (first, "for"), "choice") == 0;
    g_autofree char *notice = choosing
      ? g_strdup_printf (C_("mecaknights", "%s Choose them under Battles."), mg_ui_json_str (self->pending, "text"))
      : NULL;

    gtk_label_set_text (self->notice_label, notice != NULL ? notice : "");
    gtk_widget_set_visible (GTK_WIDGET (self->notice_label), choosing);
    gtk_widget_set_visible (self->form_box, !choosing);
  }

  /* A form built above already holds this view's choices. */
  if (built == self->built)
    {
      self->updating = TRUE;
      for (guint i = 0; i < self->fields->len; i++)
        refill_field (self, g_ptr_array_index (self->fields, i));
      self->updating = FALSE;
      revalidate (self);
    }
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMkActionPanel *self = MG_MK_ACTION_PANEL (widget);
  json_object *action = mg_mk_action_panel_build (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  if (action == NULL)
    return;
  /* What happened is told on the dashboard (its last-action line), not in a queue of toasts. */
  entry = mg_widget_act (self->campaign, action, NULL, &error);
  if (entry == NULL)
    {
      /* Validated a moment ago; the engine may still refuse (dice, a race with undo). */
      g_free (self->reason);
      self->reason = mg_error_plain (error);
      self->reason_shown = TRUE;
      gtk_label_set_text (self->reason_label, self->reason);
      gtk_widget_set_opacity (self->reason_box, 1.0);
    }
  else
    /* The next step is chosen in the Action row (the focus was on the header's Undo, or lost
     * with a field the step took away). */
    mg_accessible_keep_focus (GTK_WIDGET (self), GTK_WIDGET (self->type_row));
}

static void
mg_mk_action_panel_dispose (GObject *object)
{
  MgMkActionPanel *self = MG_MK_ACTION_PANEL (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MK_ACTION_PANEL);
  self->fields = NULL;
  g_clear_pointer (&self->no_fields, g_ptr_array_unref);
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    g_clear_pointer (&self->forms[i].fields, g_ptr_array_unref);
  g_clear_pointer (&self->view, json_object_put);
  g_clear_pointer (&self->pending, json_object_put);
  g_clear_pointer (&self->reason, g_free);
  g_clear_pointer (&self->last_turn_key, g_free);
  g_clear_pointer (&self->order, g_array_unref);
  g_clear_pointer (&self->full_order, g_array_unref);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_mk_action_panel_parent_class)->dispose (object);
}

static void
mg_mk_action_panel_class_init (MgMkActionPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_action_panel_dispose;
  g_type_ensure (MG_TYPE_TEXT_STACK);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/mecaknights/mg-mecaknights-action-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, notice_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, form_box);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, type_row);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, fields_list);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, reason_box);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, reason_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, cost_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkActionPanel, apply_button);
  gtk_widget_class_install_action (widget_class, "mk-panel.apply", NULL, apply_activated);
}

static void
mg_mk_action_panel_init (MgMkActionPanel *self)
{
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  combo_title_lines (GTK_WIDGET (self->type_row), adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->type_row)));
  /* Ctrl+Enter applies the form wherever the focus is in the window (the header bar's Undo
   * has it when a campaign opens), while the form is shown: the window runs a managed
   * controller's shortcuts only for a mapped widget. A disabled Apply lets the key go on. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>Return|<Control>KP_Enter"),
                                                          gtk_named_action_new ("mk-panel.apply")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  self->fields = self->no_fields = g_ptr_array_new ();
  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
}

MgMkActionPanel *
mg_mk_action_panel_new (MgCampaign *campaign)
{
  MgMkActionPanel *self = g_object_new (MG_TYPE_MK_ACTION_PANEL, NULL);
  GtkWidget *popover;

  self->campaign = g_object_ref (campaign);
  g_signal_connect_swapped (self->type_row, "notify::selected", G_CALLBACK (type_changed), self);
  /* However it is opened (pointer, Enter, Space, its mnemonic), the list is its popover. Were it
   * not found (another libadwaita), the list is filled at once, as it was before. */
  popover = mg_widget_find_popover (GTK_WIDGET (self->type_row));
  self->fill_on_open = popover != NULL;
  self->type_popover = popover;
  if (popover != NULL)
    g_signal_connect_object (popover, "show", G_CALLBACK (type_list_opened), self, G_CONNECT_SWAPPED);
  mg_mk_action_panel_refresh (self);
  if (self->spec == NULL)
    mg_mk_action_panel_select (self, specs[0].type);
  return self;
}

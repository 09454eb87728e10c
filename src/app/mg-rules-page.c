/* mg-rules-page.c — the campaign's own rules, readable and editable: the ruleset's numbers as
 * rows and tables (generic over its JSON: objects as groups, lists of records as tables,
 * numbers as spin buttons), with the whole JSON behind "Edit as JSON" for experts. Refused
 * edits change nothing and are told in plain words. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-json.h"
#include "mg-json-facts.h"
#include "mg-rules-page.h"
#include "mg-ruleset.h"

#define MAX_DEPTH 3

struct _MgRulesPage
{
  GtkWidget       parent_instance;

  MgCampaign     *campaign;
  json_object    *draft;        /* the rules being edited; the form's widgets point into it */
  GtkLabel       *message_label;
  GtkToggleButton *json_toggle;
  GtkStack       *stack;
  GtkBox         *form_box;
  GtkTextView    *text_view;
  gboolean        loading;
  gboolean        has_error;
};

G_DEFINE_FINAL_TYPE (MgRulesPage, mg_rules_page, GTK_TYPE_WIDGET)

static void
set_dirty (MgRulesPage *self, gboolean dirty)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.apply", dirty);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.revert", dirty);
}

static void
show_error (MgRulesPage *self, const char *message)
{
  self->has_error = message != NULL;
  gtk_label_set_text (self->message_label,
                      message != NULL ? message
                                      : _("This campaign’s own copy of the rules. Changes are checked against every action already played."));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), message);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
}

/* The form: each editing widget knows where its value lives in the draft. */

typedef struct
{
  json_object *parent;   /* borrowed from the draft */
  char        *key;      /* member of an object, or NULL for an index */
  gsize        index;
} Slot;

static void
slot_free (gpointer data)
{
  Slot *slot = data;

  g_free (slot->key);
  g_free (slot);
}

static void
slot_set (GtkWidget *widget, json_object *value)
{
  Slot *slot = g_object_get_data (G_OBJECT (widget), "mg-slot");
  MgRulesPage *self = MG_RULES_PAGE (gtk_widget_get_ancestor (widget, MG_TYPE_RULES_PAGE));

  if (slot->key != NULL)
    json_object_object_add (slot->parent, slot->key, value);
  else
    json_object_array_put_idx (slot->parent, slot->index, value);
  if (self != NULL && !self->loading)
    set_dirty (self, TRUE);
}

static void
spin_changed (GtkSpinButton *spin)
{
  if (gtk_spin_button_get_digits (spin) == 0)
    slot_set (GTK_WIDGET (spin), json_object_new_int64 ((gint64) gtk_spin_button_get_value (spin)));
  else
    slot_set (GTK_WIDGET (spin), json_object_new_double (gtk_spin_button_get_value (spin)));
}

static void
text_changed (GtkEditable *editable)
{
  slot_set (GTK_WIDGET (editable), json_object_new_string (gtk_editable_get_text (editable)));
}

static void
switch_changed (GtkWidget *widget)
{
  gboolean active = GTK_IS_SWITCH (widget) ? gtk_switch_get_active (GTK_SWITCH (widget))
                                           : gtk_check_button_get_active (GTK_CHECK_BUTTON (widget));

  slot_set (widget, json_object_new_boolean (active));
}

static void
attach_slot (GtkWidget *widget, json_object *parent, const char *key, gsize index)
{
  Slot *slot = g_new0 (Slot, 1);

  slot->parent = parent;
  slot->key = g_strdup (key);
  slot->index = index;
  g_object_set_data_full (G_OBJECT (widget), "mg-slot", slot, slot_free);
}

/* An editor for one scalar value; NULL for what is not edited in the form. */
static GtkWidget *
value_editor (json_object *parent, const char *key, gsize index, json_object *value, const char *label)
{
  GtkWidget *editor = NULL;

  switch (json_object_get_type (value))
    {
    case json_type_int:
    case json_type_double:
      {
        gboolean integer = json_object_is_type (value, json_type_int);

        editor = gtk_spin_button_new_with_range (integer ? -1e6 : -1e6, 1e6, 1);
        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (editor), integer ? 0 : 2);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (editor), json_object_get_double (value));
        gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (editor), TRUE);
        gtk_editable_set_width_chars (GTK_EDITABLE (editor), 4);
        attach_slot (editor, parent, key, index);
        g_signal_connect (editor, "value-changed", G_CALLBACK (spin_changed), NULL);
        break;
      }
    case json_type_string:
      editor = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (editor), json_object_get_string (value));
      gtk_editable_set_width_chars (GTK_EDITABLE (editor), 6);
      attach_slot (editor, parent, key, index);
      g_signal_connect (editor, "changed", G_CALLBACK (text_changed), NULL);
      break;
    case json_type_boolean:
      editor = gtk_check_button_new ();
      gtk_check_button_set_active (GTK_CHECK_BUTTON (editor), json_object_get_boolean (value));
      attach_slot (editor, parent, key, index);
      g_signal_connect (editor, "toggled", G_CALLBACK (switch_changed), NULL);
      break;
    default:
      return NULL;
    }
  gtk_widget_set_valign (editor, GTK_ALIGN_CENTER);
  if (label != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (editor), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return editor;
}

static gboolean
is_scalar (json_object *value)
{
  return value != NULL && !json_object_is_type (value, json_type_object) && !json_object_is_type (value, json_type_array);
}

static GtkWidget *
cell_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A list of records (faces, weapons, costs): one card per record in a flow box, so the table
 * reflows from side by side (wide) to one under another (narrow). */
static GtkWidget *
records_editor (json_object *array)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 4);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_widget_add_css_class (flow, "rules-table");
  for (size_t i = 0; i < json_object_array_length (array); i++)
    {
      json_object *record = json_object_array_get_idx (array, i);
      GtkWidget *grid = gtk_grid_new ();
      int row = 0;

      gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
      gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
      gtk_widget_add_css_class (grid, "card");
      gtk_widget_set_margin_top (grid, 0);
      json_object_object_foreach (record, key, member)
        {
          g_autofree char *label = mg_json_facts_label (key);
          GtkWidget *editor = is_scalar (member) ? value_editor (record, key, 0, member, label) : NULL;
          g_autofree char *text = editor == NULL ? mg_json_facts_value (member) : NULL;

          gtk_grid_attach (GTK_GRID (grid), cell_label (label, "dim-label"), 0, row, 1, 1);
          if (editor != NULL)
            gtk_widget_set_hexpand (editor, TRUE);
          gtk_grid_attach (GTK_GRID (grid), editor != NULL ? editor : cell_label (text, NULL), 1, row, 1, 1);
          row++;
        }
      g_object_set (grid, "margin-start", 12, "margin-end", 12, "margin-top", 12, "margin-bottom", 12, NULL);
      {
        GtkWidget *frame = gtk_frame_new (NULL);

        gtk_frame_set_child (GTK_FRAME (frame), grid);
        gtk_widget_remove_css_class (grid, "card");
        gtk_flow_box_append (GTK_FLOW_BOX (flow), frame);
      }
    }
  return flow;
}

/* A list of numbers (by casualties 0..5): one small spin per entry, numbered from 0. */
static GtkWidget *
numbers_editor (json_object *array, const char *title)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  for (size_t i = 0; i < json_object_array_length (array); i++)
    {
      json_object *value = json_object_array_get_idx (array, i);
      g_autofree char *index = g_strdup_printf ("%zu", i);
      /* Translators: an entry of a list of numbers, e.g. "Reveal by casualties, entry 3" */
      g_autofree char *label = g_strdup_printf (_("%s, entry %zu"), title, i);
      GtkWidget *editor = is_scalar (value) ? value_editor (array, NULL, i, value, label) : NULL;
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

      if (editor == NULL)
        continue;
      gtk_box_append (GTK_BOX (box), cell_label (index, "dim-label"));
      gtk_box_append (GTK_BOX (box), editor);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), box);
    }
  return flow;
}

static const char *
note_for (json_object *notes, const char *key)
{
  json_object *note = NULL;

  if (notes != NULL && json_object_object_get_ex (notes, key, &note) && json_object_is_type (note, json_type_string))
    return json_object_get_string (note);
  return NULL;
}

static void
add_object (MgRulesPage *self, GtkBox *box, json_object *object, json_object *notes, int depth)
{
  GtkWidget *facts = adw_preferences_group_new ();
  GtkWidget *list = gtk_list_box_new ();
  json_object *own_notes = NULL;
  gboolean any = FALSE;

  json_object_object_get_ex (object, "notes", &own_notes);
  if (own_notes != NULL)
    notes = own_notes;
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (facts), list);
  gtk_box_append (box, facts);

  /* Single values first, as rows; then lists and sections, each a group of its own. */
  json_object_object_foreach (object, key, member)
    {
      g_autofree char *title = NULL;
      GtkWidget *row, *editor;

      if (!is_scalar (member) || (depth == 0 && g_str_equal (key, "game")))
        continue;
      title = mg_json_facts_label (key);
      editor = value_editor (object, key, 0, member, title);
      if (editor == NULL)
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      if (note_for (notes, key) != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), note_for (notes, key));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), editor);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), editor);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      any = TRUE;
    }
  if (!any)
    gtk_box_remove (box, facts);

  json_object_object_foreach (object, key2, member2)
    {
      g_autofree char *title = NULL;
      GtkWidget *group;

      if (is_scalar (member2) || member2 == NULL || g_str_equal (key2, "notes"))
        continue;
      title = mg_json_facts_label (key2);
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
      if (note_for (notes, key2) != NULL)
        adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), note_for (notes, key2));
      gtk_box_append (box, group);
      if (mg_json_facts_is_records (member2))
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), records_editor (member2));
      else if (json_object_is_type (member2, json_type_array))
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), numbers_editor (member2, title));
      else if (depth < MAX_DEPTH)
        {
          GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), inner);
          add_object (self, GTK_BOX (inner), member2, NULL, depth + 1);
        }
    }
}

static void
rebuild_form (MgRulesPage *self)
{
  mg_widget_remove_children (GTK_WIDGET (self->form_box));
  if (json_object_is_type (self->draft, json_type_object))
    add_object (self, self->form_box, self->draft, NULL, 0);
}

static void
set_draft_text (MgRulesPage *self)
{
  const char *text = self->draft != NULL
    ? json_object_to_json_string_ext (self->draft, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)
    : "{}";

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text, -1);
}

static void
load (MgRulesPage *self)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);

  self->loading = TRUE;
  g_clear_pointer (&self->draft, json_object_put);
  if (ruleset != NULL)
    json_object_deep_copy (ruleset, &self->draft, NULL);
  set_draft_text (self);
  rebuild_form (self);
  self->loading = FALSE;
  show_error (self, NULL);
  set_dirty (self, FALSE);
}

static void
buffer_changed (MgRulesPage *self)
{
  if (!self->loading)
    set_dirty (self, TRUE);
}

char *
mg_rules_page_get_text (MgRulesPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  if (!gtk_toggle_button_get_active (self->json_toggle))
    set_draft_text (self);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
mg_rules_page_set_text (MgRulesPage *self, const char *text)
{
  gtk_toggle_button_set_active (self->json_toggle, TRUE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text, -1);
}

const char *
mg_rules_page_get_error (MgRulesPage *self)
{
  return self->has_error ? gtk_label_get_text (self->message_label) : NULL;
}

GtkSpinButton *
mg_rules_page_find_spin (MgRulesPage *self, const char *key)
{
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (self->form_box)); w != NULL; )
    {
      Slot *slot = GTK_IS_SPIN_BUTTON (w) ? g_object_get_data (G_OBJECT (w), "mg-slot") : NULL;
      GtkWidget *next;

      if (slot != NULL && g_strcmp0 (slot->key, key) == 0)
        return GTK_SPIN_BUTTON (w);
      /* Depth first through the form. */
      next = gtk_widget_get_first_child (w);
      if (next == NULL || GTK_IS_SPIN_BUTTON (w))
        {
          while (w != NULL && w != GTK_WIDGET (self->form_box) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          next = w != NULL && w != GTK_WIDGET (self->form_box) ? gtk_widget_get_next_sibling (w) : NULL;
        }
      w = next;
    }
  return NULL;
}

/* Leaving the JSON text for the form takes the text in, if it reads as JSON. */
static void
json_toggled (MgRulesPage *self)
{
  gboolean json = gtk_toggle_button_get_active (self->json_toggle);

  if (json)
    set_draft_text (self);
  else
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
      GtkTextIter start, end;
      g_autofree char *text = NULL;
      json_object *parsed;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      parsed = json_tokener_parse (text);
      if (!json_object_is_type (parsed, json_type_object))
        {
          json_object_put (parsed);
          show_error (self, _("The JSON text cannot be read; correct it, or revert, before leaving it."));
          gtk_toggle_button_set_active (self->json_toggle, TRUE);
          return;
        }
      self->loading = TRUE;
      g_clear_pointer (&self->draft, json_object_put);
      self->draft = parsed;
      rebuild_form (self);
      self->loading = FALSE;
    }
  gtk_stack_set_visible_child_name (self->stack, json ? "json" : "form");
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgRulesPage *self = MG_RULES_PAGE (widget);
  g_autofree char *text = mg_rules_page_get_text (self);
  g_autoptr(GError) error = NULL;
  json_object *ruleset;

  ruleset = mg_ruleset_parse (mg_campaign_get_rules (self->campaign), text, &error);
  if (ruleset == NULL || !mg_campaign_set_ruleset (self->campaign, ruleset, &error))
    {
      g_autofree char *plain = mg_error_plain (error->message);
      g_autofree char *message = g_strdup_printf (_("Not applied: %s"), plain);

      json_object_put (ruleset);
      show_error (self, message);
      return;
    }
  json_object_put (ruleset);
  load (self);
  mg_toast_show (widget, _("Rules applied to this campaign"));
}

static void
revert_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  load (MG_RULES_PAGE (widget));
}

static void
mg_rules_page_dispose (GObject *object)
{
  MgRulesPage *self = MG_RULES_PAGE (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_RULES_PAGE);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->draft, json_object_put);
  G_OBJECT_CLASS (mg_rules_page_parent_class)->dispose (object);
}

static void
mg_rules_page_class_init (MgRulesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_rules_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, json_toggle);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, form_box);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, text_view);
  gtk_widget_class_install_action (widget_class, "rules.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "rules.revert", NULL, revert_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "rules.apply", NULL);
}

static void
mg_rules_page_init (MgRulesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->text_view), "changed",
                            G_CALLBACK (buffer_changed), self);
  g_signal_connect_swapped (self->json_toggle, "toggled", G_CALLBACK (json_toggled), self);
}

MgRulesPage *
mg_rules_page_new (MgCampaign *campaign)
{
  MgRulesPage *self = g_object_new (MG_TYPE_RULES_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  load (self);
  return self;
}

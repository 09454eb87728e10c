/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules-form.c — the Rules page's form (issue 33, rules in plain words): every member of the
 * ruleset as a row with its own editor, named in the game's words (MgRulesetWord, declared by
 * the game's descriptor; this file names no game). Single values are rows with a spin button, a
 * switch, a drop-down of translated names or an entry; objects and lists of records are rows
 * that open onto their members' rows; a list's entries are named (a season, a number of
 * casualties), never numbered from 0; a list of maps opens the game's map editor. A value that
 * differs from the shipped ruleset says the default beside it. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mg-game-ui.h"
#include "mg-json-facts.h"
#include "mg-rules-form.h"
#include "mg-accessible.h"

/* Past this, a ruleset is not one a referee reads: its deeper members are left to the JSON. */
#define MAX_DEPTH 8

typedef struct
{
  json_object        *notes;     /* the draft's top-level "notes" (borrowed), or NULL */
  const MgGame       *game;
  const char        **variants;  /* the descriptor's variants as choices (value, title pairs) */
  MgRulesetWord       variant_word;
  MgRulesFormChanged  changed;
  gpointer            data;
} Form;

/* Where an editor's value lives in the draft. */
typedef struct
{
  Form               *form;
  json_object        *parent;    /* borrowed from the draft */
  char               *key;       /* member of an object, or NULL for an index */
  gsize               index;
  const char * const *choices;   /* a drop-down's values and names, in pairs */
} Slot;

static void
form_free (gpointer data)
{
  Form *form = data;

  g_free (form->variants);
  g_free (form);
}

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

  if (slot->key != NULL)
    json_object_object_add (slot->parent, slot->key, value);
  else
    json_object_array_put_idx (slot->parent, slot->index, value);
  if (slot->form->changed != NULL)
    slot->form->changed (slot->form->data);
}

static void
attach_slot (GtkWidget *widget, Form *form, json_object *parent, const char *key, gsize index,
             const char * const *choices)
{
  Slot *slot = g_new0 (Slot, 1);

  slot->form = form;
  slot->parent = parent;
  slot->key = g_strdup (key);
  slot->index = index;
  slot->choices = choices;
  g_object_set_data_full (G_OBJECT (widget), "mg-slot", slot, slot_free);
}

const char *
mg_rules_form_slot_key (GtkWidget *widget)
{
  Slot *slot = widget != NULL ? g_object_get_data (G_OBJECT (widget), "mg-slot") : NULL;

  return slot != NULL ? slot->key : NULL;
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
switch_changed (GtkSwitch *sw)
{
  slot_set (GTK_WIDGET (sw), json_object_new_boolean (gtk_switch_get_active (sw)));
}

static void
choice_changed (GtkDropDown *dropdown)
{
  Slot *slot = g_object_get_data (G_OBJECT (dropdown), "mg-slot");
  guint selected = gtk_drop_down_get_selected (dropdown);
  guint n = 0;

  while (slot->choices[2 * n] != NULL)
    n++;
  if (selected < n)
    slot_set (GTK_WIDGET (dropdown), json_object_new_string (slot->choices[2 * selected]));
}

static gboolean
is_scalar (json_object *value)
{
  return value != NULL && !json_object_is_type (value, json_type_object) && !json_object_is_type (value, json_type_array);
}

static gboolean
same_value (json_object *a, json_object *b)
{
  return g_strcmp0 (json_object_to_json_string (a), json_object_to_json_string (b)) == 0;
}

/* The translated name of a choice's value, or NULL when the value is not one of them. */
static const char *
choice_name (const char * const *choices, const char *value)
{
  for (guint i = 0; choices != NULL && value != NULL && choices[2 * i] != NULL; i++)
    if (g_str_equal (choices[2 * i], value))
      return g_dpgettext2 (GETTEXT_PACKAGE, "ruleset value", choices[2 * i + 1]);
  return NULL;
}

/* A value as the referee reads it: a choice by its name, others as the facts word them. */
static char *
value_text (const MgRulesetWord *word, json_object *value)
{
  const char *name = json_object_is_type (value, json_type_string) && word != NULL
                     ? choice_name (word->choices, json_object_get_string (value)) : NULL;

  return name != NULL ? g_strdup (name) : mg_json_facts_value (value);
}

/* A drop-down's names may be long sentences: ellipsized in a narrow window, whole in its list
 * (and its tooltip), but never to nothing (at 360 px in French a choice showed only "…"): its
 * first word at least (choice_bind). (Wrapped, GTK 4.8's drop-down gives its label a width for a height, and
 * draws it past the button's edge.) */
static void
choice_setup (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
choice_bind (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item)));

  gtk_label_set_text (label, text);
  /* Room for its first word and "…" at least, no more: the row's title keeps its words whole. */
  gtk_label_set_width_chars (label, (int) MAX (6, g_utf8_strlen (text, strcspn (text, " ")) + 2));
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), text);
}

static GtkWidget *
choice_editor (Form *form, json_object *parent, const char *key, gsize index, json_object *value,
               const char * const *choices, json_object *shipped)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  const char *current = json_object_get_string (value);
  const char *fallback = shipped != NULL ? json_object_get_string (shipped) : NULL;
  guint selected = GTK_INVALID_LIST_POSITION;
  GtkWidget *dropdown;

  for (guint i = 0; choices[2 * i] != NULL; i++)
    {
      if (g_strcmp0 (choices[2 * i], fallback) == 0)
        {
          /* Translators: a drop-down's entry for the rulebook's default, e.g. "Spring (default)" */
          g_autofree char *marked = g_strdup_printf (_("%s (default)"), choice_name (choices, choices[2 * i]));
          gtk_string_list_append (names, marked);
        }
      else
        gtk_string_list_append (names, choice_name (choices, choices[2 * i]));
      if (g_strcmp0 (choices[2 * i], current) == 0)
        selected = i;
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  {
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (choice_setup), NULL);
    g_signal_connect (factory, "bind", G_CALLBACK (choice_bind), NULL);
    gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), factory);
  }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  attach_slot (dropdown, form, parent, key, index, choices);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (choice_changed), NULL);
  return dropdown;
}

/* A row's title wraps between words only (libadwaita's breaks anywhere: at 360 px in French
 * "Genre" showed as "Genr-e" beside its drop-down): its longest word is its least width. */
static void
keep_title_words (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title"))
    gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    keep_title_words (c);
}

/* An editor for one single value; NULL for what is not edited in the form (null). */
static GtkWidget *
value_editor (Form *form, json_object *parent, const char *key, gsize index, json_object *value,
              const MgRulesetWord *word, json_object *shipped, const char *label)
{
  GtkWidget *editor = NULL;

  switch (json_object_get_type (value))
    {
    case json_type_int:
    case json_type_double:
      {
        gboolean integer = json_object_is_type (value, json_type_int);

        editor = gtk_spin_button_new_with_range (-1e6, 1e6, 1);
        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (editor), integer ? 0 : 2);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (editor), json_object_get_double (value));
        gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (editor), TRUE);
        gtk_editable_set_width_chars (GTK_EDITABLE (editor), 4);
        attach_slot (editor, form, parent, key, index, NULL);
        g_signal_connect (editor, "value-changed", G_CALLBACK (spin_changed), NULL);
        break;
      }
    case json_type_string:
      if (word != NULL && word->choices != NULL && choice_name (word->choices, json_object_get_string (value)) != NULL)
        {
          editor = choice_editor (form, parent, key, index, value, word->choices, shipped);
          break;
        }
      editor = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (editor), json_object_get_string (value));
      gtk_editable_set_width_chars (GTK_EDITABLE (editor), 8);
      attach_slot (editor, form, parent, key, index, NULL);
      g_signal_connect (editor, "changed", G_CALLBACK (text_changed), NULL);
      break;
    case json_type_boolean:
      editor = gtk_switch_new ();
      gtk_switch_set_active (GTK_SWITCH (editor), json_object_get_boolean (value));
      attach_slot (editor, form, parent, key, index, NULL);
      g_signal_connect (editor, "notify::active", G_CALLBACK (switch_changed), NULL);
      break;
    default:
      return NULL;
    }
  gtk_widget_set_valign (editor, GTK_ALIGN_CENTER);
  /* Named now, not when first shown: a folded row's editors are read before they are shown. */
  mg_accessible_set_label (editor, label);
  return editor;
}

static void
container_add (GtkWidget *container, GtkWidget *row)
{
  if (ADW_IS_EXPANDER_ROW (container))
    adw_expander_row_add_row (ADW_EXPANDER_ROW (container), row);
  else
    gtk_list_box_append (GTK_LIST_BOX (container), row);
}

/* The ruleset's note on the member at `path` ("$.forced_walk.once_per" → notes["forced_walk.once_per"]
 * or notes["forced_walk"] for the object itself), translated where the catalogue has it. */
static const char *
note_for (Form *form, const char *path)
{
  json_object *note = NULL;

  if (form->notes == NULL || !g_str_has_prefix (path, "$.") || strchr (path, '[') != NULL)
    return NULL;
  if (json_object_object_get_ex (form->notes, path + 2, &note) && json_object_is_type (note, json_type_string))
    return g_dgettext (GETTEXT_PACKAGE, json_object_get_string (note));
  return NULL;
}

/* The word for `path`: the game's, or the variants' for its variant member. */
static const MgRulesetWord *
form_word (Form *form, const char *path)
{
  const MgRulesetWord *word = mg_game_find_word (form->game, path);

  if (word == NULL && form->variants != NULL && g_str_has_prefix (path, "$.") &&
      g_str_equal (path + 2, form->game->variant_key))
    return &form->variant_word;
  return word;
}

static char *
member_label (const MgRulesetWord *word, const char *key)
{
  return word != NULL && word->label != NULL ? g_strdup (_(word->label)) : mg_json_facts_label (key);
}

/* An entry of a list: its name from the list's word, else a record's own name (a member that
 * is a choice, as "side", by the choice's name: never the id), else numbered from 1. */
static char *
entry_label (Form *form, const char *entry_path, const MgRulesetWord *list_word, const MgRulesetWord *entry_word,
             json_object *entry, gsize i)
{
  json_object *name = NULL;
  guint n = 0;

  while (list_word != NULL && list_word->entries != NULL && list_word->entries[n] != NULL)
    n++;
  if (i < n)
    return g_strdup (_(list_word->entries[i]));
  if (json_object_is_type (entry, json_type_object))
    {
      const char *keys[] = { "name", "id", "side", NULL };

      for (guint k = 0; keys[k] != NULL; k++)
        if (json_object_object_get_ex (entry, keys[k], &name) && json_object_is_type (name, json_type_string))
          {
            g_autofree char *member_path = g_strdup_printf ("%s.%s", entry_path, keys[k]);
            const MgRulesetWord *member_word = form_word (form, member_path);
            const char *named = member_word != NULL ? choice_name (member_word->choices, json_object_get_string (name)) : NULL;

            return g_strdup (named != NULL ? named : g_dgettext (GETTEXT_PACKAGE, json_object_get_string (name)));
          }
    }
  if (json_object_is_type (entry, json_type_string) && entry_word != NULL && entry_word->choices != NULL)
    {
      const char *named = choice_name (entry_word->choices, json_object_get_string (entry));
      if (named != NULL)
        return g_strdup (named);
    }
  /* Translators: an entry of a list that has no name of its own, counted from 1: "No. 3" */
  return g_strdup_printf (_("No. %zu"), i + 1);
}

static json_object *
shipped_member (json_object *shipped, const char *key, gsize index)
{
  json_object *member = NULL;

  if (key != NULL && json_object_is_type (shipped, json_type_object))
    json_object_object_get_ex (shipped, key, &member);
  else if (key == NULL && json_object_is_type (shipped, json_type_array) && index < json_object_array_length (shipped))
    member = json_object_array_get_idx (shipped, index);
  return member;
}

static void
open_page (GtkButton *button, const char *page)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_VIEW_STACK);

  if (stack != NULL && mg_game_ui_ensure_page (ADW_VIEW_STACK (stack), page) != NULL)
    adw_view_stack_set_visible_child_name (ADW_VIEW_STACK (stack), page);
}

/* A map of a list of maps: its name, its areas counted, and the game's editor a click away. */
static GtkWidget *
map_row (json_object *map, const char *title, const char *page)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("Open the _Map Editor"));
  json_object *areas = NULL;
  gsize n = 0;

  if (json_object_object_get_ex (map, "areas", &areas) && json_object_is_type (areas, json_type_array))
    n = json_object_array_length (areas);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  {
    g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%zu area", "%zu areas", n), n);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), count);
  }
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  /* The page name is the descriptor's: static. */
  g_signal_connect (button, "clicked", G_CALLBACK (open_page), (gpointer) page);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

static void add_rows (Form *form, GtkWidget *container, json_object *parent, const char *key, gsize index,
                      json_object *value, json_object *shipped, const char *path, const char *label, int depth);

/* A list's entries, each a row (or rows) of its own under `container`. */
static void
add_entries (Form *form, GtkWidget *container, json_object *array, json_object *shipped, const char *path, int depth)
{
  const MgRulesetWord *word = form_word (form, path);
  g_autofree char *entry_path = g_strdup_printf ("%s[]", path);
  const MgRulesetWord *entry_word = form_word (form, entry_path);

  for (gsize i = 0; i < json_object_array_length (array); i++)
    {
      json_object *entry = json_object_array_get_idx (array, i);
      g_autofree char *label = entry_label (form, entry_path, word, entry_word, entry, i);

      if (word != NULL && word->page != NULL && json_object_is_type (entry, json_type_object))
        container_add (container, map_row (entry, label, word->page));
      else
        add_rows (form, container, array, NULL, i, entry, shipped_member (shipped, NULL, i), entry_path, label, depth + 1);
    }
}

/* The members of an object, each a row (or rows) under `container`. */
static void
add_members (Form *form, GtkWidget *container, json_object *object, json_object *shipped, const char *path, int depth)
{
  json_object_object_foreach (object, key, member)
    {
      g_autofree char *member_path = g_strdup_printf ("%s.%s", path, key);
      g_autofree char *label = member_label (form_word (form, member_path), key);

      /* Notes are said beside what they are about; an "id" is a key other parts name, not words. */
      if (g_str_equal (key, "notes") || g_str_equal (key, "id"))
        continue;
      add_rows (form, container, object, key, 0, member, shipped_member (shipped, key, 0), member_path, label, depth + 1);
    }
}

/* One member (or entry) as a row with its editor; an object or a list as a row that opens onto
 * its members' rows. */
static void
add_rows (Form *form, GtkWidget *container, json_object *parent, const char *key, gsize index,
          json_object *value, json_object *shipped, const char *path, const char *label, int depth)
{
  const MgRulesetWord *word = form_word (form, path);
  const char *note = note_for (form, path);
  GtkWidget *row;

  if (value == NULL || depth > MAX_DEPTH)
    return;
  if (is_scalar (value))
    {
      GtkWidget *editor = value_editor (form, parent, key, index, value, word, shipped, label);

      if (editor == NULL)
        return;
      row = adw_action_row_new ();
      keep_title_words (row);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      if (shipped != NULL && is_scalar (shipped) && !same_value (value, shipped))
        {
          g_autofree char *was = value_text (word, shipped);
          /* Translators: beside a rule changed from the rulebook's value */
          g_autofree char *text = g_strdup_printf (_("Default: %s"), was);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
        }
      else if (note != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), note);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), editor);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), editor);
      container_add (container, row);
      return;
    }
  row = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (note != NULL)
    adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), note);
  container_add (container, row);
  if (json_object_is_type (value, json_type_object))
    add_members (form, row, value, shipped, path, depth);
  else
    add_entries (form, row, value, shipped, path, depth);
}

static GtkWidget *
boxed_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  return list;
}

void
mg_rules_form_build (GtkBox *box, json_object *draft, json_object *shipped, const MgGame *game,
                     MgRulesFormChanged changed, gpointer data)
{
  Form *form = g_new0 (Form, 1);
  GtkWidget *facts = adw_preferences_group_new ();
  GtkWidget *list = boxed_list ();
  gboolean any = FALSE;

  form->game = game;
  form->changed = changed;
  form->data = data;
  json_object_object_get_ex (draft, "notes", &form->notes);
  /* The form's editors point at it: it lives as long as the box shows them. */
  /* The game's variants are the choices of its variant member ("variant"). */
  if (game != NULL && game->variant_key != NULL && game->n_variants > 0)
    {
      form->variants = g_new0 (const char *, 2 * game->n_variants + 1);
      for (guint i = 0; i < game->n_variants; i++)
        {
          form->variants[2 * i] = game->variants[i].value;
          /* Already translated (a title has its context): choice_name's gettext leaves it be. */
          form->variants[2 * i + 1] = mg_game_variant_title (&game->variants[i]);
        }
      form->variant_word.choices = form->variants;
    }
  g_object_set_data_full (G_OBJECT (box), "mg-rules-form", form, form_free);

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (facts), list);
  gtk_box_append (box, facts);
  /* Single values first, as rows of one group; then each list and section, a group of its own. */
  json_object_object_foreach (draft, key, member)
    {
      g_autofree char *path = g_strdup_printf ("$.%s", key);
      g_autofree char *label = member_label (form_word (form, path), key);

      if (!is_scalar (member) || g_str_equal (key, "game"))
        continue;
      add_rows (form, list, draft, key, 0, member, shipped_member (shipped, key, 0), path, label, 0);
      any = TRUE;
    }
  if (!any)
    gtk_box_remove (box, facts);

  json_object_object_foreach (draft, key2, member2)
    {
      g_autofree char *path = g_strdup_printf ("$.%s", key2);
      g_autofree char *title = member_label (mg_game_find_word (game, path), key2);
      const char *note = note_for (form, path);
      GtkWidget *group, *rows;

      if (is_scalar (member2) || member2 == NULL || g_str_equal (key2, "notes") || g_str_equal (key2, "house_rules"))
        continue;
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
      if (note != NULL)
        adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), note);
      rows = boxed_list ();
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), rows);
      gtk_box_append (box, group);
      if (json_object_is_type (member2, json_type_object))
        add_members (form, rows, member2, shipped_member (shipped, key2, 0), path, 0);
      else
        add_entries (form, rows, member2, shipped_member (shipped, key2, 0), path, 0);
    }
}

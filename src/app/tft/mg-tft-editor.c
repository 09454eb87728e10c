/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-editor.c — create or edit a figure. Every change is checked at once with the engine's
 * validate (create_figure, or set_gear and edit_figure), so race totals and minimums, a weapon's
 * ST and the count of weapons are refused with the engine's words before anything is applied. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-tft-editor.h"
#include "mg-tft-util.h"
#include "mg-widget-util.h"

struct _MgTftEditor
{
  AdwWindow     parent_instance;

  MgCampaign   *campaign;
  char         *figure;          /* the figure edited, NULL for a new one */
  json_object  *original;        /* its roster entry when the editor opened */
  GPtrArray    *weapon_checks;   /* GtkCheckButton*, data "id" */
  gboolean      filling;
  char         *message;
  gboolean      ready;     /* built: from now on a check follows the referee's change */

  GtkWidget    *save_button;
  GtkLabel     *message_label;
  AdwEntryRow  *name_row;
  AdwComboRow  *kind_row;
  AdwComboRow  *owner_row;
  AdwPreferencesGroup *attributes_group;
  GtkSpinButton *st_spin;
  GtkSpinButton *dx_spin;
  GtkLabel     *total_label;
  GtkWidget    *ep_row;
  GtkSpinButton *ep_spin;
  AdwExpanderRow *weapons_row;
  AdwComboRow  *ready_row;
  AdwComboRow  *armor_row;
  AdwComboRow  *shield_row;
  GtkSwitch    *shield_ready_switch;
};

G_DEFINE_FINAL_TYPE (MgTftEditor, mg_tft_editor, ADW_TYPE_WINDOW)

enum { SIGNAL_SAVED, N_SIGNALS };
static guint signals[N_SIGNALS];

static json_object *
ruleset (MgTftEditor *self)
{
  return mg_campaign_get_ruleset (self->campaign);
}

static const char *
kind_list (MgTftEditor *self, const char *kind)
{
  return mg_tft_ruleset_find (ruleset (self), "races", kind) != NULL ? "races" : "beasts";
}

/* In the card's order: the ready weapon first, other weapons, the dagger or main-gauche last. */
static json_object *
weapons_chosen (MgTftEditor *self)
{
  json_object *weapons = json_object_new_array ();
  const char *ready = mg_tft_choice_get (self->ready_row);

  for (int rank = 0; rank < 3; rank++)
    for (guint i = 0; i < self->weapon_checks->len; i++)
      {
        GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);
        const char *id = g_object_get_data (G_OBJECT (check), "id");
        json_object *weapon = mg_tft_ruleset_find (ruleset (self), "weapons", id);
        int is = g_strcmp0 (id, ready) == 0 ? 0 : mg_ui_json_bool (weapon, "dagger") ? 2 : 1;

        if (gtk_check_button_get_active (check) && is == rank)
          json_object_array_add (weapons, json_object_new_string (id));
      }
  return weapons;
}

static json_object *
id_or_null (const char *id)
{
  return id != NULL && id[0] != '\0' ? json_object_new_string (id) : NULL;
}

/* The gear members shared by create_figure and set_gear. */
static void
add_gear (MgTftEditor *self, json_object *action)
{
  const char *ready = mg_tft_choice_get (self->ready_row);

  json_object_object_add (action, "weapons", weapons_chosen (self));
  json_object_object_add (action, "armor", id_or_null (mg_tft_choice_get (self->armor_row)));
  json_object_object_add (action, "shield", id_or_null (mg_tft_choice_get (self->shield_row)));
  if (ready != NULL && ready[0] != '\0')
    json_object_object_add (action, "ready", json_object_new_string (ready));
  json_object_object_add (action, "shield_ready",
                          json_object_new_boolean (gtk_switch_get_active (self->shield_ready_switch)));
}

static char *
name_text (MgTftEditor *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
}

static json_object *
create_action (MgTftEditor *self)
{
  json_object *action = mg_tft_action_new ("create_figure");
  g_autofree char *name = name_text (self);
  const char *owner = mg_tft_choice_get (self->owner_row);

  json_object_object_add (action, "figure", json_object_new_string (name));
  json_object_object_add (action, "kind", json_object_new_string (mg_tft_choice_get (self->kind_row) ?: ""));
  json_object_object_add (action, "st", json_object_new_int (gtk_spin_button_get_value_as_int (self->st_spin)));
  json_object_object_add (action, "dx", json_object_new_int (gtk_spin_button_get_value_as_int (self->dx_spin)));
  if (owner != NULL && owner[0] != '\0')
    json_object_object_add (action, "owner", json_object_new_string (owner));
  add_gear (self, action);
  if (gtk_spin_button_get_value_as_int (self->ep_spin) > 0)
    json_object_object_add (action, "ep", json_object_new_int (gtk_spin_button_get_value_as_int (self->ep_spin)));
  return action;
}

static gboolean
gear_changed (MgTftEditor *self)
{
  json_object *now = mg_tft_action_new ("set_gear");
  json_object *was = mg_tft_action_new ("set_gear");
  const char *ready = mg_ui_json_str (self->original, "ready");
  gboolean changed;

  add_gear (self, now);
  json_object_object_add (was, "weapons", json_object_get (mg_ui_json_array (self->original, "weapons")
                                                            ?: json_object_new_array ()));
  json_object_object_add (was, "armor", id_or_null (mg_ui_json_str (self->original, "armor")));
  json_object_object_add (was, "shield", id_or_null (mg_ui_json_str (self->original, "shield")));
  if (ready != NULL)
    json_object_object_add (was, "ready", json_object_new_string (ready));
  json_object_object_add (was, "shield_ready", json_object_new_boolean (mg_ui_json_bool (self->original, "shield_ready")));
  changed = !json_object_equal (now, was);
  json_object_put (now);
  json_object_put (was);
  return changed;
}

static json_object *
gear_action (MgTftEditor *self)
{
  json_object *action = mg_tft_action_new ("set_gear");

  json_object_object_add (action, "figure", json_object_new_string (self->figure));
  add_gear (self, action);
  return action;
}

/* edit_figure with only what changed; NULL when nothing did. */
static json_object *
edit_action (MgTftEditor *self)
{
  json_object *action = mg_tft_action_new ("edit_figure");
  g_autofree char *name = name_text (self);
  const char *owner = mg_tft_choice_get (self->owner_row);
  const char *kind = mg_tft_choice_get (self->kind_row);
  int st = gtk_spin_button_get_value_as_int (self->st_spin);
  int dx = gtk_spin_button_get_value_as_int (self->dx_spin);
  gboolean any = FALSE;

  json_object_object_add (action, "figure", json_object_new_string (self->figure));
  if (g_strcmp0 (name, self->figure) != 0)
    json_object_object_add (action, "name", json_object_new_string (name)), any = TRUE;
  if (g_strcmp0 (owner != NULL && owner[0] ? owner : NULL, mg_ui_json_str (self->original, "owner")) != 0)
    json_object_object_add (action, "owner", id_or_null (owner)), any = TRUE;
  if (g_strcmp0 (kind, mg_ui_json_str (self->original, "kind")) != 0)
    json_object_object_add (action, "kind", json_object_new_string (kind ?: "")), any = TRUE;
  if (st != mg_ui_json_int (self->original, "st", 0))
    json_object_object_add (action, "st", json_object_new_int (st)), any = TRUE;
  if (dx != mg_ui_json_int (self->original, "dx", 0))
    json_object_object_add (action, "dx", json_object_new_int (dx)), any = TRUE;
  if (!any)
    g_clear_pointer (&action, json_object_put);
  return action;
}

static void set_error (MgTftEditor *self, const GError *error);

static void
set_message (MgTftEditor *self, const char *message)
{
  mg_tft_say (self->message_label, message);
  g_free (self->message);
  self->message = g_strdup (mg_tft_said (self->message_label));
}

/* An engine's refusal, in a referee's words. */
static void
set_error (MgTftEditor *self, const GError *error)
{
  g_autofree char *plain = mg_error_plain (error);

  set_message (self, plain);
}

/* Checks the whole form with the engine; the first refusal is shown, Save waits for none. */
static void
update (MgTftEditor *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = name_text (self);
  json_object *kind_entry;
  const char *kind = mg_tft_choice_get (self->kind_row);
  int st = gtk_spin_button_get_value_as_int (self->st_spin);
  int dx = gtk_spin_button_get_value_as_int (self->dx_spin);
  gboolean ok = TRUE;

  if (self->filling)
    return;

  /* The race's total and minimums, as a reminder beside the numbers. */
  kind_entry = mg_tft_ruleset_find (ruleset (self), kind_list (self, kind), kind);
  {
    int total = mg_ui_json_int (kind_entry, "total", 0);
    g_autofree char *text = total > 0 ? g_strdup_printf (_("%d of %d"), st + dx, total)
                                      : g_strdup_printf ("%d", st + dx);
    g_autofree char *hint = NULL;

    gtk_label_set_text (self->total_label, text);
    if (total > 0)
      hint = g_strdup_printf (_("%s: ST + DX = %d; ST at least %d, DX at least %d."),
                              mg_ui_json_str (kind_entry, "name") ?: kind, total,
                              mg_ui_json_int (kind_entry, "min_st", 0), mg_ui_json_int (kind_entry, "min_dx", 0));
    adw_preferences_group_set_description (self->attributes_group, hint);
  }

  {
    g_autoptr(GString) chosen = g_string_new (NULL);

    for (guint i = 0; i < self->weapon_checks->len; i++)
      {
        GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);

        if (gtk_check_button_get_active (check))
          g_string_append_printf (chosen, "%s%s", chosen->len > 0 ? ", " : "",
                                  mg_tft_ruleset_name (ruleset (self), "weapons", g_object_get_data (G_OBJECT (check), "id")));
      }
    /* Translators: no weapon is chosen (a figure's weapons). */
    adw_expander_row_set_subtitle (self->weapons_row, chosen->len > 0 ? chosen->str : _("None"));
  }

  if (name[0] == '\0')
    {
      /* Said once the referee typed in the name and emptied it, never on a fresh form. */
      set_message (self, mg_error_touched (GTK_WIDGET (self->name_row)) ? _("Give the figure a name.") : NULL);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save", FALSE);
      return;
    }

  if (self->figure == NULL)
    {
      json_object *action = create_action (self);

      ok = mg_campaign_validate (self->campaign, action, &error);
      json_object_put (action);
    }
  else
    {
      json_object *edit = edit_action (self);

      if (gear_changed (self))
        {
          json_object *gear = gear_action (self);

          ok = mg_campaign_validate (self->campaign, gear, &error);
          json_object_put (gear);
        }
      if (ok && edit != NULL)
        ok = mg_campaign_validate (self->campaign, edit, &error);
      if (edit != NULL)
        json_object_put (edit);
    }
  /* Any call after the form was built follows a change the referee made. */
  {
    g_autofree char *plain = ok || !self->ready ? NULL : mg_error_plain (error);

    set_message (self, plain);
  }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save", ok);
}

/* The ready-weapon choices follow the weapons carried. */
static void
fill_ready (MgTftEditor *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *was = g_strdup (mg_tft_choice_get (self->ready_row));
  gboolean filling = self->filling;

  self->filling = TRUE;
  for (guint i = 0; i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);
      const char *id = g_object_get_data (G_OBJECT (check), "id");

      if (gtk_check_button_get_active (check))
        {
          g_ptr_array_add (ids, (gpointer) id);
          g_ptr_array_add (names, (gpointer) mg_tft_ruleset_name (ruleset (self), "weapons", id));
        }
    }
  if (ids->len == 0)
    {
      g_ptr_array_add (ids, "");
      g_ptr_array_add (names, _("Bare hands"));
    }
  mg_tft_choice_fill (self->ready_row, ids, names);
  mg_tft_choice_set (self->ready_row, was);
  self->filling = filling;
}

static void
weapon_toggled (MgTftEditor *self)
{
  fill_ready (self);
  update (self);
}

static char *
damage_text (json_object *weapon)
{
  const char *damage = mg_ui_json_str (weapon, "damage");
  int dice = mg_ui_json_int (weapon, "dice", 0);
  int adds = mg_ui_json_int (weapon, "adds", 0);

  if (damage != NULL)
    return g_strdup (damage);
  if (adds == 0)
    return g_strdup_printf ("%d", dice);
  return g_strdup_printf ("%d%+d", dice, adds);
}

static void
fill_choices (MgTftEditor *self)
{
  const char * const *players = mg_campaign_get_players (self->campaign);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *lists[] = { "races", "beasts" };
  g_autoptr(GPtrArray) weapons = mg_tft_ruleset_ids (ruleset (self), "weapons");

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    {
      g_autoptr(GPtrArray) kinds = mg_tft_ruleset_ids (ruleset (self), lists[l]);

      for (guint i = 0; i < kinds->len; i++)
        {
          g_ptr_array_add (ids, g_ptr_array_index (kinds, i));
          g_ptr_array_add (names, (gpointer) mg_tft_ruleset_name (ruleset (self), lists[l], g_ptr_array_index (kinds, i)));
        }
    }
  mg_tft_choice_fill (self->kind_row, ids, names);

  g_ptr_array_set_size (ids, 0);
  g_ptr_array_set_size (names, 0);
  g_ptr_array_add (ids, "");
  g_ptr_array_add (names, _("The referee"));
  for (guint i = 0; players != NULL && players[i] != NULL; i++)
    {
      g_ptr_array_add (ids, (gpointer) players[i]);
      g_ptr_array_add (names, (gpointer) players[i]);
    }
  mg_tft_choice_fill (self->owner_row, ids, names);

  for (guint k = 0; k < 2; k++)
    {
      const char *key = k == 0 ? "armor" : "shields";
      g_autoptr(GPtrArray) list = mg_tft_ruleset_ids (ruleset (self), key);
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_set_size (ids, 0);
      g_ptr_array_add (ids, "");
      g_ptr_array_add (labels, g_strdup (k == 0 ? _("No armor") : _("No shield")));
      for (guint i = 0; i < list->len; i++)
        {
          const char *id = g_ptr_array_index (list, i);
          json_object *entry = mg_tft_ruleset_find (ruleset (self), key, id);

          g_ptr_array_add (ids, (gpointer) id);
          g_ptr_array_add (labels, g_strdup_printf (_("%s (stops %d)"), mg_tft_ruleset_name (ruleset (self), key, id),
                                                    mg_ui_json_int (entry, "stops", 0)));
        }
      mg_tft_choice_fill (k == 0 ? (gpointer) self->armor_row : (gpointer) self->shield_row, ids, labels);
    }

  for (guint i = 0; i < weapons->len; i++)
    {
      const char *id = g_ptr_array_index (weapons, i);
      json_object *weapon = mg_tft_ruleset_find (ruleset (self), "weapons", id);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *damage = damage_text (weapon);
      int st = mg_ui_json_int (weapon, "st", 0);
      g_autofree char *subtitle = st > 0 ? g_strdup_printf (_("%s damage · needs ST %d%s"), damage, st,
                                                            mg_ui_json_bool (weapon, "two_handed") ? _(" · two-handed") : "")
                                         : g_strdup_printf (_("%s damage%s"), damage,
                                                            mg_ui_json_bool (weapon, "two_handed") ? _(" · two-handed") : "");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), mg_tft_ruleset_name (ruleset (self), "weapons", id));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_object_set_data_full (G_OBJECT (check), "id", g_strdup (id), g_free);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (weapon_toggled), self);
      adw_expander_row_add_row (self->weapons_row, row);
      g_ptr_array_add (self->weapon_checks, check);
    }
}

/* The form as the figure stands on the roster. */
static void
fill_from_figure (MgTftEditor *self)
{
  json_object *weapons = mg_ui_json_array (self->original, "weapons");
  gboolean fought = mg_ui_json_int (self->original, "fights", 0) > 0;

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), self->figure);
  mg_tft_choice_set (self->kind_row, mg_ui_json_str (self->original, "kind"));
  mg_tft_choice_set (self->owner_row, mg_ui_json_str (self->original, "owner") ?: "");
  gtk_spin_button_set_value (self->st_spin, mg_ui_json_int (self->original, "st", 8));
  gtk_spin_button_set_value (self->dx_spin, mg_ui_json_int (self->original, "dx", 8));
  for (guint i = 0; i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);

      gtk_check_button_set_active (check, mg_tft_json_has_str (weapons, g_object_get_data (G_OBJECT (check), "id")));
    }
  fill_ready (self);
  mg_tft_choice_set (self->ready_row, mg_ui_json_str (self->original, "ready") ?: "");
  mg_tft_choice_set (self->armor_row, mg_ui_json_str (self->original, "armor") ?: "");
  mg_tft_choice_set (self->shield_row, mg_ui_json_str (self->original, "shield") ?: "");
  gtk_switch_set_active (self->shield_ready_switch, mg_ui_json_bool (self->original, "shield_ready"));
  /* Kind, ST and DX are fixed once a figure has fought: it grows by experience. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->kind_row), !fought);
  gtk_widget_set_sensitive (GTK_WIDGET (self->st_spin), !fought);
  gtk_widget_set_sensitive (GTK_WIDGET (self->dx_spin), !fought);
  gtk_widget_set_visible (self->ep_row, FALSE);
}

/* A beast starts at its suggested ST and DX. */
static void
kind_changed (MgTftEditor *self)
{
  const char *kind = mg_tft_choice_get (self->kind_row);
  json_object *beast = mg_tft_ruleset_find (ruleset (self), "beasts", kind);

  if (!self->filling && beast != NULL && self->figure == NULL)
    {
      self->filling = TRUE;
      gtk_spin_button_set_value (self->st_spin, mg_ui_json_int (beast, "st", 10));
      gtk_spin_button_set_value (self->dx_spin, mg_ui_json_int (beast, "dx", 10));
      self->filling = FALSE;
    }
  update (self);
}

static void
save_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftEditor *self = MG_TFT_EDITOR (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *new_name = name_text (self);

  if (self->figure == NULL)
    {
      g_autoptr(MgJournalEntry) entry = mg_widget_act (self->campaign, create_action (self), NULL, &error);

      if (entry == NULL)
        {
          set_error (self, error);
          return;
        }
    }
  else
    {
      json_object *edit = edit_action (self);

      /* Gear first: it names the figure as it is now. */
      if (gear_changed (self))
        {
          g_autoptr(MgJournalEntry) entry = mg_widget_act (self->campaign, gear_action (self), NULL, &error);

          if (entry == NULL)
            {
              set_error (self, error);
              if (edit != NULL)
                json_object_put (edit);
              return;
            }
        }
      if (edit != NULL)
        {
          g_autoptr(MgJournalEntry) entry = mg_widget_act (self->campaign, edit, NULL, &error);

          if (entry == NULL)
            {
              set_error (self, error);
              return;
            }
        }
    }
  g_signal_emit (self, signals[SIGNAL_SAVED], 0, new_name);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Test handles */

GtkEditable *
mg_tft_editor_get_name (MgTftEditor *self)
{
  return GTK_EDITABLE (self->name_row);
}

gboolean
mg_tft_editor_set_kind (MgTftEditor *self, const char *kind)
{
  return mg_tft_choice_set (self->kind_row, kind);
}

void
mg_tft_editor_set_attributes (MgTftEditor *self, int st, int dx)
{
  gtk_spin_button_set_value (self->st_spin, st);
  gtk_spin_button_set_value (self->dx_spin, dx);
}

void
mg_tft_editor_set_weapon (MgTftEditor *self, const char *weapon, gboolean carried)
{
  for (guint i = 0; i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (check), "id"), weapon) == 0)
        gtk_check_button_set_active (check, carried);
    }
}

void
mg_tft_editor_set_ep (MgTftEditor *self, int ep)
{
  gtk_spin_button_set_value (self->ep_spin, ep);
}

gboolean
mg_tft_editor_set_ready (MgTftEditor *self, const char *weapon)
{
  return mg_tft_choice_set (self->ready_row, weapon);
}

gboolean
mg_tft_editor_set_armor (MgTftEditor *self, const char *armor)
{
  return mg_tft_choice_set (self->armor_row, armor);
}

gboolean
mg_tft_editor_set_shield (MgTftEditor *self, const char *shield)
{
  return mg_tft_choice_set (self->shield_row, shield);
}

GtkWidget *
mg_tft_editor_get_save_button (MgTftEditor *self)
{
  return self->save_button;
}

const char *
mg_tft_editor_get_message (MgTftEditor *self)
{
  return self->message;
}

/* GObject */

static void
mg_tft_editor_finalize (GObject *object)
{
  MgTftEditor *self = MG_TFT_EDITOR (object);

  g_clear_object (&self->campaign);
  g_free (self->figure);
  g_free (self->message);
  g_clear_pointer (&self->original, json_object_put);
  g_ptr_array_unref (self->weapon_checks);
  G_OBJECT_CLASS (mg_tft_editor_parent_class)->finalize (object);
}

static void
mg_tft_editor_class_init (MgTftEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = mg_tft_editor_finalize;
  signals[SIGNAL_SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-editor.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftEditor, name)
  BIND (save_button);
  BIND (message_label);
  BIND (name_row);
  BIND (kind_row);
  BIND (owner_row);
  BIND (attributes_group);
  BIND (st_spin);
  BIND (dx_spin);
  BIND (total_label);
  BIND (ep_row);
  BIND (ep_spin);
  BIND (weapons_row);
  BIND (ready_row);
  BIND (armor_row);
  BIND (shield_row);
  BIND (shield_ready_switch);
#undef BIND
  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mg_tft_editor_init (MgTftEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->weapon_checks = g_ptr_array_new ();
}

MgTftEditor *
mg_tft_editor_new (GtkWindow *parent, MgCampaign *campaign, const char *figure)
{
  MgTftEditor *self = g_object_new (MG_TYPE_TFT_EDITOR, "transient-for", parent, NULL);
  g_autoptr(json_object) view = NULL;

  self->campaign = g_object_ref (campaign);
  self->filling = TRUE;
  fill_choices (self);
  if (figure != NULL)
    {
      view = mg_tft_view (campaign);
      self->original = json_object_get (mg_tft_view_figure (view, figure));
    }
  if (self->original != NULL)
    {
      self->figure = g_strdup (figure);
      gtk_window_set_title (GTK_WINDOW (self), _("Edit Figure"));
      gtk_button_set_label (GTK_BUTTON (self->save_button), _("_Save"));
      fill_from_figure (self);
    }
  else
    {
      gtk_window_set_title (GTK_WINDOW (self), _("New Figure"));
      gtk_button_set_label (GTK_BUTTON (self->save_button), _("C_reate"));
      mg_tft_choice_set (self->kind_row, "human");
      fill_ready (self);
    }
  self->filling = FALSE;
  gtk_window_set_default_widget (GTK_WINDOW (self), self->save_button);

  g_signal_connect_swapped (self->name_row, "changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (kind_changed), self);
  g_signal_connect_swapped (self->owner_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->st_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->dx_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->ep_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->ready_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->armor_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->shield_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->shield_ready_switch, "notify::active", G_CALLBACK (update), self);
  mg_error_track_touched (GTK_WIDGET (self->name_row));
  update (self);
  self->ready = TRUE;
  return self;
}

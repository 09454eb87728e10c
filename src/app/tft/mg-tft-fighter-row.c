/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fighter-row.c — one figure in a fight at a glance (ST left, hits as tally marks,
 * adjusted DX, posture and conditions) and the referee's choice of its option for the turn,
 * checked by the engine as it is chosen. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-widget-util.h"
#include "mg-tft-card.h"
#include "mg-tft-fighter-row.h"
#include "mg-tft-util.h"

struct _MgTftFighterRow
{
  GtkWidget      parent_instance;

  MgCampaign    *campaign;
  char          *figure;
  char          *options_key;    /* the choices offered, rebuilt only when they change */
  char          *conditions;
  int            hits;
  gboolean       filling;
  gboolean       touched;   /* the referee changed the option form: now say what is wrong */
  GPtrArray     *engaged_checks; /* GtkCheckButton*, data "figure" */
  /* The weapons offered and the one chosen, kept while the gear below is not built */
  GPtrArray     *weapon_ids;
  GPtrArray     *weapon_names;
  char          *weapon_choice;

  GtkWidget     *box;
  GtkLabel      *name_label;
  GtkLabel      *side_label;
  GtkLabel      *st_label;
  GtkLabel      *dx_label;
  GtkLabel      *tally_label;
  GtkLabel      *hits_label;
  GtkFlowBox    *conditions_box;
  GtkWidget     *flee_button;
  GtkLabel      *option_label;
  GtkWidget     *option_box;
  GtkDropDown   *option_dropdown;
  GtkSpinButton *moved_spin;
  gboolean       board;          /* the fight is on the arena: the move is a hex and a facing, not "moved" */
  char          *to, *facing;    /* on the arena: where the figure moves and faces (NULL: stays) */
  GtkCheckButton *fly_check;   /* shown for a figure with a flying MA, options a, b, c */
  GtkMenuButton *engaged_button;
  GtkBox        *engaged_box;
  GtkFlowBox    *gear_line;
  /* ui/tft/mg-tft-fighter-gear.ui, built the first time an option needs it (ensure_gear): NULL until then */
  GtkDropDown   *weapon_dropdown;
  GtkCheckButton *pick_up_check;
  GtkDropDown   *shield_dropdown;
  GtkCheckButton *main_gauche_check;
  GtkWidget     *declare_button;
  GtkLabel      *message_label;
};

G_DEFINE_FINAL_TYPE (MgTftFighterRow, mg_tft_fighter_row, GTK_TYPE_WIDGET)

static void controls_changed (MgTftFighterRow *self);

/* A control of the gear line that is built and shown. */
static gboolean
shown (gpointer widget)
{
  return widget != NULL && gtk_widget_get_visible (widget);
}

static void
set_weapon_choice (MgTftFighterRow *self, const char *id)
{
  g_free (self->weapon_choice);
  self->weapon_choice = g_strdup (id != NULL ? id : "");
  if (self->weapon_dropdown != NULL)
    mg_tft_choice_set (self->weapon_dropdown, self->weapon_choice);
}

/* Builds the gear line's weapon, pick-up, shield and main-gauche controls, in that order after the
 * engaged button, filled with the choices kept for them. */
static void
ensure_gear (MgTftFighterRow *self)
{
  g_autoptr(GtkBuilder) builder = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  static const char * const shield_ids[] = { "", "ready", "sling" };
  const char *shield_names[] = { _("Shield as it is"), _("Ready the shield"), _("Sling the shield") };
  gboolean filling = self->filling;

  if (self->weapon_dropdown != NULL)
    return;
  builder = gtk_builder_new_from_resource ("/io/github/meleegm/MeleeGM/tft/mg-tft-fighter-gear.ui");
#define GET(name) self->name = (gpointer) gtk_builder_get_object (builder, #name)
  GET (weapon_dropdown);
  GET (pick_up_check);
  GET (shield_dropdown);
  GET (main_gauche_check);
#undef GET
  {
    GtkWidget *controls[] = { GTK_WIDGET (self->weapon_dropdown), GTK_WIDGET (self->pick_up_check),
                              GTK_WIDGET (self->shield_dropdown), GTK_WIDGET (self->main_gauche_check) };

    for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
      {
        gtk_widget_set_visible (controls[i], FALSE);
        gtk_flow_box_insert (self->gear_line, controls[i], 1 + i);
        mg_flow_box_slot_follows_child (gtk_widget_get_parent (controls[i]));
      }
  }
  mg_drop_down_defer_list (self->weapon_dropdown);
  mg_drop_down_defer_list (self->shield_dropdown);
  for (guint i = 0; i < G_N_ELEMENTS (shield_ids); i++)
    {
      g_ptr_array_add (ids, (gpointer) shield_ids[i]);
      g_ptr_array_add (names, (gpointer) shield_names[i]);
    }
  self->filling = TRUE;
  mg_tft_choice_fill (self->shield_dropdown, ids, names);
  if (self->weapon_ids != NULL)
    mg_tft_choice_fill (self->weapon_dropdown, self->weapon_ids, self->weapon_names);
  mg_tft_choice_set (self->weapon_dropdown, self->weapon_choice);
  mg_tft_choice_set (self->shield_dropdown, "");
  self->filling = filling;
  g_signal_connect_swapped (self->weapon_dropdown, "notify::selected", G_CALLBACK (controls_changed), self);
  g_signal_connect_swapped (self->main_gauche_check, "toggled", G_CALLBACK (controls_changed), self);
  g_signal_connect_swapped (self->shield_dropdown, "notify::selected", G_CALLBACK (controls_changed), self);
  g_signal_connect_swapped (self->pick_up_check, "toggled", G_CALLBACK (controls_changed), self);
}

static json_object *
option_action (MgTftFighterRow *self)
{
  const char *option = mg_tft_choice_get (self->option_dropdown);
  const char *weapon = self->weapon_dropdown != NULL ? mg_tft_choice_get (self->weapon_dropdown) : NULL;
  const char *shield = self->shield_dropdown != NULL ? mg_tft_choice_get (self->shield_dropdown) : NULL;
  json_object *action, *engaged;

  if (option == NULL)
    return NULL;
  action = mg_tft_action_new ("option");
  json_object_object_add (action, "figure", json_object_new_string (self->figure));
  json_object_object_add (action, "option", json_object_new_string (option));
  if (self->board)
    {
      /* the board says how far it moved and whom it is engaged with */
      if (self->to != NULL)
        json_object_object_add (action, "to", json_object_new_string (self->to));
      if (self->facing != NULL)
        json_object_object_add (action, "facing", json_object_new_string (self->facing));
      goto gear;
    }
  json_object_object_add (action, "moved", json_object_new_int (gtk_spin_button_get_value_as_int (self->moved_spin)));
  if (shown (self->fly_check) && gtk_check_button_get_active (self->fly_check))
    json_object_object_add (action, "flying", json_object_new_boolean (TRUE));
  engaged = json_object_new_array ();
  for (guint i = 0; i < self->engaged_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->engaged_checks, i);

      if (gtk_check_button_get_active (check))
        json_object_array_add (engaged, json_object_new_string (g_object_get_data (G_OBJECT (check), "figure")));
    }
  json_object_object_add (action, "engaged_with", engaged);
gear:
  if (shown (self->weapon_dropdown) && weapon != NULL && weapon[0] != '\0')
    json_object_object_add (action, "weapon", json_object_new_string (weapon));
  if (shown (self->pick_up_check) && gtk_check_button_get_active (self->pick_up_check))
    json_object_object_add (action, "pick_up", json_object_new_boolean (TRUE));
  if (shown (self->shield_dropdown) && shield != NULL && shield[0] != '\0')
    json_object_object_add (action, "shield", json_object_new_string (shield));
  if (shown (self->main_gauche_check) && gtk_check_button_get_active (self->main_gauche_check))
    json_object_object_add (action, "main_gauche", json_object_new_boolean (TRUE));
  return action;
}

static void
update_engaged_label (MgTftFighterRow *self)
{
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *label = NULL;

  for (guint i = 0; i < self->engaged_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->engaged_checks, i);

      if (gtk_check_button_get_active (check))
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", (char *) g_object_get_data (G_OBJECT (check), "figure"));
    }
  label = names->len > 0 ? g_strdup_printf (_("Engaged with %s"), names->str) : g_strdup (_("Not engaged"));
  /* GTK 4.8 makes the button's box and label again at every set_label, the same text or not. */
  if (g_strcmp0 (gtk_menu_button_get_label (self->engaged_button), label) != 0)
    gtk_menu_button_set_label (self->engaged_button, label);
}

/* Re-checks the chosen option with the engine. */
static void
controls_changed (MgTftFighterRow *self)
{
  const char *option = mg_tft_choice_get (self->option_dropdown);
  gboolean readies = option != NULL && strchr ("eko", option[0]) != NULL && option[1] == '\0';
  gboolean attacks = g_strcmp0 (option, "b") == 0 || g_strcmp0 (option, "h") == 0;
  gboolean option_e = g_strcmp0 (option, "e") == 0;
  /* Option e readies or slings the shield, or picks a weapon up on the way (p. 5). */
  gboolean shield = option_e && g_object_get_data (G_OBJECT (self), "has-shield") != NULL;
  gboolean pick_up = option_e && g_object_get_data (G_OBJECT (self), "on-ground") != NULL;
  gboolean main_gauche = attacks && g_object_get_data (G_OBJECT (self), "has-mg") != NULL;
  /* "Its MA is 8 on the ground, 16 if flying" (p. 19): only moving is flown (a, b, c). */
  gboolean fly = g_object_get_data (G_OBJECT (self), "can-fly") != NULL && option != NULL &&
                 strchr ("abc", option[0]) != NULL && option[1] == '\0';

  if (self->filling)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->fly_check), fly);
  self->touched = TRUE;
  if (readies || shield || pick_up || main_gauche)
    ensure_gear (self);
  if (self->weapon_dropdown != NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->weapon_dropdown), readies);
      gtk_widget_set_visible (GTK_WIDGET (self->shield_dropdown), shield);
      gtk_widget_set_visible (GTK_WIDGET (self->pick_up_check), pick_up);
      gtk_widget_set_visible (GTK_WIDGET (self->main_gauche_check), main_gauche);
    }
  update_engaged_label (self);
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fighter.declare", option_action (self), self->message_label,
                self->touched);
}

static void
declare_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFighterRow *self = MG_TFT_FIGHTER_ROW (widget);
  g_autoptr(GError) error = NULL;
  json_object *action = option_action (self);
  g_autoptr(MgJournalEntry) entry = NULL;

  if (action == NULL)
    return;
  entry = mg_widget_act (self->campaign, action, NULL, &error);
  if (entry == NULL)
    mg_tft_say_error (self->message_label, error);
  else
    {
      /* The next declaration starts fresh: nothing said until the referee changes it. */
      self->touched = FALSE;
      g_clear_pointer (&self->to, g_free);
      g_clear_pointer (&self->facing, g_free);
    }
}

static void
flee_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFighterRow *self = MG_TFT_FIGHTER_ROW (widget);
  json_object *action = mg_tft_action_new ("flee");
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  json_object_object_add (action, "figure", json_object_new_string (self->figure));
  entry = mg_widget_act (self->campaign, action, NULL, &error);
  mg_tft_say_error (self->message_label, entry == NULL ? error : NULL);
}

/* Every option a–r: which ones are legal depends on whom the referee says the figure is
 * engaged with, which is part of the same declaration, so the engine's check decides. */
static GPtrArray *
all_options (void)
{
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);

  for (char c = 'a'; c <= 'r'; c++)
    g_ptr_array_add (options, g_strndup (&c, 1));
  g_ptr_array_add (options, g_strdup ("none"));
  return options;
}

static void
fill_controls (MgTftFighterRow *self, json_object *fight, json_object *fighter, json_object *pending)
{
  g_autoptr(GPtrArray) options = all_options ();
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  GPtrArray *weapons = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *weapon_names = g_ptr_array_new ();
  g_autoptr(GString) key = g_string_new (NULL);
  json_object *figures = mg_ui_json_array (fight, "figures");
  json_object *carried = mg_ui_json_array (fighter, "carried");
  json_object *dropped = mg_ui_json_array (fight, "dropped");
  json_object *engaged = mg_ui_json_array (fighter, "engaged_with");
  json_object *declared = mg_ui_json_object (fighter, "option");
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);

  for (guint i = 0; i < options->len; i++)
    {
      g_ptr_array_add (titles, (gpointer) mg_tft_option_title (g_ptr_array_index (options, i)));
      g_string_append_printf (key, "%s,", (char *) g_ptr_array_index (options, i));
    }
  g_ptr_array_add (weapons, g_strdup (""));
  g_ptr_array_add (weapon_names, _("Weapon to ready"));
  for (size_t i = 0; carried != NULL && i < json_object_array_length (carried); i++)
    g_ptr_array_add (weapons, g_strdup (json_object_get_string (json_object_array_get_idx (carried, i))));
  for (size_t i = 0; dropped != NULL && i < json_object_array_length (dropped); i++)
    {
      const char *id = mg_ui_json_str (json_object_array_get_idx (dropped, i), "weapon");

      if (id != NULL && !g_ptr_array_find_with_equal_func (weapons, id, g_str_equal, NULL))
        g_ptr_array_add (weapons, g_strdup (id));
    }
  for (guint i = 1; i < weapons->len; i++)
    {
      g_ptr_array_add (weapon_names, (gpointer) mg_tft_ruleset_name (ruleset, "weapons", g_ptr_array_index (weapons, i)));
      g_string_append_printf (key, "%s;", (char *) g_ptr_array_index (weapons, i));
    }
  g_string_append (key, mg_ui_json_str (fighter, "shield") ?: "-");
  g_string_append (key, dropped != NULL ? json_object_to_json_string (dropped) : "-");
  g_string_append (key, json_object_to_json_string (declared));
  g_string_append (key, json_object_to_json_string (engaged));
  if (g_strcmp0 (key->str, self->options_key) == 0)
    {
      g_ptr_array_unref (weapons);
      g_ptr_array_unref (weapon_names);
      return;
    }
  g_free (self->options_key);
  self->options_key = g_strdup (key->str);

  self->filling = TRUE;
  mg_tft_choice_fill (self->option_dropdown, options, titles);
  g_clear_pointer (&self->weapon_ids, g_ptr_array_unref);
  g_clear_pointer (&self->weapon_names, g_ptr_array_unref);
  self->weapon_ids = weapons;
  self->weapon_names = weapon_names;
  set_weapon_choice (self, "");
  if (self->weapon_dropdown != NULL)
    mg_tft_choice_fill (self->weapon_dropdown, weapons, weapon_names);
  g_object_set_data (G_OBJECT (self), "has-mg",
                     mg_tft_json_has_str (carried, "main_gauche") ? GINT_TO_POINTER (1) : NULL);
  /* The engine tells a figure that can fly by its flying MA. */
  g_object_set_data (G_OBJECT (self), "can-fly", mg_ui_json_int (fighter, "ma_flying", 0) > 0 ? GINT_TO_POINTER (1) : NULL);
  g_object_set_data (G_OBJECT (self), "has-shield", mg_ui_json_str (fighter, "shield") != NULL ? GINT_TO_POINTER (1) : NULL);
  g_object_set_data (G_OBJECT (self), "on-ground",
                     dropped != NULL && json_object_array_length (dropped) > 0 ? GINT_TO_POINTER (1) : NULL);
  if (self->shield_dropdown != NULL)
    {
      mg_tft_choice_set (self->shield_dropdown, "");
      gtk_check_button_set_active (self->pick_up_check, FALSE);
    }

  /* Who it may be engaged with: every other figure still in the fight. Issue 43: the checks made
   * before are named again in place, checks added or removed at the end. */
  {
    guint n = 0;

    for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
      {
        const char *other = mg_ui_json_str (json_object_array_get_idx (figures, i), "name");
        GtkWidget *check;

        if (g_strcmp0 (other, self->figure) == 0)
          continue;
        if (n < self->engaged_checks->len)
          {
            check = g_ptr_array_index (self->engaged_checks, n);
            if (g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (check)), other) != 0)
              gtk_check_button_set_label (GTK_CHECK_BUTTON (check), other);
          }
        else
          {
            check = gtk_check_button_new_with_label (other);
            g_signal_connect_swapped (check, "toggled", G_CALLBACK (controls_changed), self);
            gtk_box_append (self->engaged_box, check);
            g_ptr_array_add (self->engaged_checks, check);
          }
        n++;
        g_object_set_data_full (G_OBJECT (check), "figure", g_strdup (other), g_free);
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), mg_tft_json_has_str (engaged, other));
      }
    while (self->engaged_checks->len > n)
      {
        gtk_box_remove (self->engaged_box, g_ptr_array_index (self->engaged_checks, self->engaged_checks->len - 1));
        g_ptr_array_set_size (self->engaged_checks, self->engaged_checks->len - 1);
      }
  }

  /* Keep what was declared on show, so a change of mind starts from it. */
  if (declared != NULL)
    {
      mg_tft_choice_set (self->option_dropdown, mg_ui_json_str (declared, "option"));
      gtk_spin_button_set_value (self->moved_spin, mg_ui_json_int (declared, "moved", 0));
      gtk_check_button_set_active (self->fly_check, mg_ui_json_bool (declared, "flying"));
      set_weapon_choice (self, mg_ui_json_str (declared, "weapon"));
    }
  else
    {
      /* Start from the first option the engine allows now (h when engaged, a when not). */
      json_object *waiting = mg_ui_json_array (pending, "waiting");

      for (size_t i = 0; waiting != NULL && i < json_object_array_length (waiting); i++)
        {
          json_object *w = json_object_array_get_idx (waiting, i);
          json_object *legal = mg_ui_json_array (w, "options");

          if (g_strcmp0 (mg_ui_json_str (w, "figure"), self->figure) == 0 && legal != NULL
              && json_object_array_length (legal) > 0)
            mg_tft_choice_set (self->option_dropdown, json_object_get_string (json_object_array_get_idx (legal, 0)));
        }
      gtk_spin_button_set_value (self->moved_spin, 0);
      gtk_check_button_set_active (self->fly_check, FALSE);
    }
  self->filling = FALSE;
}

/* Issue 43: the n-th condition's label, changed in place when there is one (its text, its style),
 * else made; *n counts the conditions shown. */
static void
add_condition (MgTftFighterRow *self, guint *n, const char *text, const char *style)
{
  GtkFlowBoxChild *slot = gtk_flow_box_get_child_at_index (self->conditions_box, (*n)++);
  const char *styles[] = { "bad", "guard" };
  GtkWidget *label;

  if (slot == NULL)
    {
      label = gtk_label_new (text);
      gtk_widget_add_css_class (label, "condition");
      gtk_widget_set_halign (label, GTK_ALIGN_START);
      if (style != NULL)
        gtk_widget_add_css_class (label, style);
      gtk_flow_box_append (self->conditions_box, label);
      return;
    }
  label = gtk_flow_box_child_get_child (slot);
  gtk_label_set_text (GTK_LABEL (label), text);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    mg_tft_set_class (label, styles[i], g_strcmp0 (style, styles[i]) == 0);
}

/* The fighter's side and ready weapon, ST, adjusted DX and hits. */
static void
update_numbers (MgTftFighterRow *self, json_object *fighter)
{
  g_autofree char *st = NULL, *dx = NULL, *tally = NULL, *hits = NULL, *side = NULL;

  self->hits = mg_ui_json_int (fighter, "hits", 0);
  {
    const char *ready = mg_ui_json_str (fighter, "ready");
    const char *weapon = ready != NULL ? mg_tft_ruleset_name (mg_campaign_get_ruleset (self->campaign), "weapons", ready)
                                       : _("bare hands");

    /* Translators: "Romans · Shortsword ready, shield ready" */
    side = mg_ui_json_bool (fighter, "shield_ready")
      ? g_strdup_printf (_("%s · %s ready, shield ready"), mg_ui_json_str (fighter, "side") ?: "", weapon)
      : g_strdup_printf (_("%s · %s ready"), mg_ui_json_str (fighter, "side") ?: "", weapon);
  }
  gtk_label_set_text (self->side_label, side);
  st = g_strdup_printf (_("ST %d"), mg_ui_json_int (fighter, "st", 0));
  gtk_label_set_text (self->st_label, st);
  dx = g_strdup_printf (_("adjDX %d"), mg_ui_json_int (fighter, "adj_dx", 0));
  gtk_label_set_text (self->dx_label, dx);
  tally = mg_tft_tally (self->hits);
  gtk_label_set_text (self->tally_label, tally);
  gtk_widget_set_visible (GTK_WIDGET (self->tally_label), self->hits > 0);
  hits = self->hits > 0
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit", "%d hits", self->hits), self->hits)
    : g_strdup (_("Unhurt"));
  if (mg_ui_json_int (fighter, "hits_turn", 0) > 0)
    {
      g_autofree char *more = g_strdup_printf (_("%s, %d this turn"), hits, mg_ui_json_int (fighter, "hits_turn", 0));
      g_free (hits);
      hits = g_steal_pointer (&more);
    }
  gtk_label_set_text (self->hits_label, hits);
}

/* Conditions: life and posture first, then the engine's derived conditions, then whom it is
 * engaged with; their codes go to self->conditions. */
static void
update_conditions (MgTftFighterRow *self, json_object *fighter, const char *state, const char *posture,
                   gboolean fighting)
{
  json_object *conditions = mg_ui_json_array (fighter, "conditions");
  g_autoptr(GString) codes = g_string_new (NULL);
  GtkFlowBoxChild *extra;
  guint n = 0;

  if (!fighting)
    {
      add_condition (self, &n, mg_tft_life_name (state), "bad");
      g_string_append_printf (codes, "%s ", state != NULL ? state : "");
    }
  if (posture != NULL && g_strcmp0 (posture, "standing") != 0)
    add_condition (self, &n, mg_tft_posture_name (posture), "bad");
  if (mg_ui_json_bool (fighter, "fled"))
    g_string_append (codes, "fled ");
  for (size_t i = 0; conditions != NULL && i < json_object_array_length (conditions); i++)
    {
      const char *code = json_object_get_string (json_object_array_get_idx (conditions, i));
      gboolean guard = g_strcmp0 (code, "defending") == 0 || g_strcmp0 (code, "dodging") == 0
                       || g_strcmp0 (code, "charging") == 0;

      add_condition (self, &n, mg_tft_condition_name (code), guard ? "guard" : NULL);
      g_string_append_printf (codes, "%s ", code);
    }
  {
    json_object *engaged = mg_ui_json_array (fighter, "engaged_with");
    json_object *hth = mg_ui_json_array (fighter, "hth_with");

    if (hth != NULL && json_object_array_length (hth) > 0)
      {
        g_autofree char *text = g_strdup_printf (_("HTH with %s"), json_object_get_string (json_object_array_get_idx (hth, 0)));
        add_condition (self, &n, text, "bad");
      }
    else if (engaged != NULL && json_object_array_length (engaged) > 0)
      {
        g_autofree char *text = g_strdup_printf (_("Engaged with %s"), json_object_get_string (json_object_array_get_idx (engaged, 0)));
        add_condition (self, &n, text, NULL);
      }
  }
  while ((extra = gtk_flow_box_get_child_at_index (self->conditions_box, n)) != NULL)
    gtk_flow_box_remove (self->conditions_box, GTK_WIDGET (extra));
  g_free (self->conditions);
  self->conditions = g_strstrip (g_string_free (g_steal_pointer (&codes), FALSE));
  gtk_widget_set_visible (GTK_WIDGET (self->conditions_box), n > 0);
}

void
mg_tft_fighter_row_update (MgTftFighterRow *self, json_object *fight, json_object *pending)
{
  json_object *fighter = mg_tft_fight_fighter (fight, self->figure);
  json_object *declared = mg_ui_json_object (fighter, "option");
  json_object *waiting = mg_ui_json_array (pending, "waiting");
  const char *state = mg_ui_json_str (fighter, "state");
  const char *posture = mg_ui_json_str (fighter, "posture");
  const char *phase = mg_ui_json_str (fight, "phase");
  gboolean fighting = g_strcmp0 (state, "fighting") == 0;
  gboolean next = FALSE;

  if (fighter == NULL)
    return;
  self->board = mg_ui_json_object (fight, "arena") != NULL;
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->moved_spin)), !self->board);
  gtk_widget_set_visible (GTK_WIDGET (self->engaged_button), !self->board);
  update_numbers (self, fighter);
  update_conditions (self, fighter, state, posture, fighting);

  if (declared != NULL)
    {
      g_autofree char *text = g_strdup_printf (mg_ui_json_bool (declared, "flying") ? _("Option %s, flew %d")
                                                                                    : _("Option %s, moved %d"),
                                               mg_tft_option_title (mg_ui_json_str (declared, "option")),
                                               mg_ui_json_int (declared, "moved", 0));
      gtk_label_set_text (self->option_label, text);
    }
  else
    gtk_label_set_text (self->option_label, fighting && g_strcmp0 (phase, "options") == 0 ? _("No option chosen yet") : "");
  gtk_widget_set_visible (GTK_WIDGET (self->option_label), gtk_label_get_text (self->option_label)[0] != '\0');

  if (waiting != NULL && json_object_array_length (waiting) > 0
      && g_strcmp0 (mg_ui_json_str (pending, "phase"), "attacks") == 0)
    next = g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (waiting, 0), "figure"), self->figure) == 0;
  mg_tft_set_class (self->box, "next", next);
  mg_tft_set_class (self->box, "down", fighting && posture != NULL && g_strcmp0 (posture, "standing") != 0);
  mg_tft_set_class (self->box, "out", !fighting);

  /* Only offered when the engine would take it (arena, still fighting). */
  {
    gboolean can_flee = FALSE;

    /* mg_tft_check() takes the action: build it only when it will be checked */
    if (g_strcmp0 (mg_ui_json_str (fight, "kind"), "arena") == 0)
      {
        json_object *flee = mg_tft_action_new ("flee");
        json_object_object_add (flee, "figure", json_object_new_string (self->figure));
        can_flee = mg_tft_check (self->campaign, GTK_WIDGET (self), "fighter.flee", flee, NULL, FALSE);
      }
    gtk_widget_set_visible (self->flee_button, can_flee);
  }
  gtk_widget_set_visible (self->option_box, fighting && g_strcmp0 (phase, "options") == 0);
  if (gtk_widget_get_visible (self->option_box))
    {
      fill_controls (self, fight, fighter, pending);
      controls_changed (self);
    }
}

gboolean
mg_tft_fighter_row_move (MgTftFighterRow *self, const char *to, const char *facing)
{
  const char *option = mg_tft_choice_get (self->option_dropdown);
  g_free (self->to);
  g_free (self->facing);
  self->to = g_strdup (to);
  self->facing = g_strdup (facing);
  if (option == NULL || option[0] == '\0')
    return FALSE;
  return gtk_widget_activate_action (GTK_WIDGET (self), "fighter.declare", NULL);
}

const char *
mg_tft_fighter_row_get_option (MgTftFighterRow *self)
{
  return mg_tft_choice_get (self->option_dropdown);
}

/* Test handles */

const char *
mg_tft_fighter_row_get_figure (MgTftFighterRow *self)
{
  return self->figure;
}

gboolean
mg_tft_fighter_row_choose (MgTftFighterRow *self, const char *option, int moved,
                           const char * const *engaged_with, const char *weapon)
{
  if (!mg_tft_choice_set (self->option_dropdown, option))
    return FALSE;
  gtk_spin_button_set_value (self->moved_spin, moved);
  for (guint i = 0; i < self->engaged_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->engaged_checks, i);

      gtk_check_button_set_active (check, engaged_with != NULL
                                   && g_strv_contains (engaged_with, g_object_get_data (G_OBJECT (check), "figure")));
    }
  set_weapon_choice (self, weapon);
  controls_changed (self);
  return TRUE;
}

gboolean
mg_tft_fighter_row_choose_shield (MgTftFighterRow *self, const char *shield, gboolean pick_up)
{
  if (!shown (self->shield_dropdown) && shield != NULL)
    return FALSE;
  if (!shown (self->pick_up_check) && pick_up)
    return FALSE;
  if (self->shield_dropdown == NULL)
    {
      /* nothing of option e's gear is offered: nothing to set */
      controls_changed (self);
      return TRUE;
    }
  if (!mg_tft_choice_set (self->shield_dropdown, shield ?: ""))
    return FALSE;
  gtk_check_button_set_active (self->pick_up_check, pick_up);
  controls_changed (self);
  return TRUE;
}

GtkWidget *
mg_tft_fighter_row_get_fly_check (MgTftFighterRow *self)
{
  return GTK_WIDGET (self->fly_check);
}

GtkWidget *
mg_tft_fighter_row_get_declare_button (MgTftFighterRow *self)
{
  return self->declare_button;
}

GtkWidget *
mg_tft_fighter_row_get_option_dropdown (MgTftFighterRow *self)
{
  return GTK_WIDGET (self->option_dropdown);
}

GtkWidget *
mg_tft_fighter_row_get_engaged_button (MgTftFighterRow *self)
{
  return GTK_WIDGET (self->engaged_button);
}

GtkWidget *
mg_tft_fighter_row_get_weapon_dropdown (MgTftFighterRow *self)
{
  return GTK_WIDGET (self->weapon_dropdown);
}

const char *
mg_tft_fighter_row_get_message (MgTftFighterRow *self)
{
  return mg_tft_said (self->message_label);
}

int
mg_tft_fighter_row_get_hits (MgTftFighterRow *self)
{
  const char *tally = gtk_label_get_text (self->tally_label);
  int n = 0;

  /* Counted from the marks on screen, not from the state. */
  for (const char *c = tally; gtk_widget_get_visible (GTK_WIDGET (self->tally_label)) && *c; c++)
    n += *c == '|';
  return n;
}

const char *
mg_tft_fighter_row_get_conditions (MgTftFighterRow *self)
{
  return self->conditions != NULL ? self->conditions : "";
}

/* GObject */

static void
mg_tft_fighter_row_dispose (GObject *object)
{
  MgTftFighterRow *self = MG_TFT_FIGHTER_ROW (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_TFT_FIGHTER_ROW);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_tft_fighter_row_parent_class)->dispose (object);
}

static void
mg_tft_fighter_row_finalize (GObject *object)
{
  MgTftFighterRow *self = MG_TFT_FIGHTER_ROW (object);

  g_free (self->figure);
  g_free (self->to);
  g_free (self->facing);
  g_free (self->options_key);
  g_free (self->conditions);
  g_free (self->weapon_choice);
  g_clear_pointer (&self->weapon_ids, g_ptr_array_unref);
  g_clear_pointer (&self->weapon_names, g_ptr_array_unref);
  g_ptr_array_unref (self->engaged_checks);
  G_OBJECT_CLASS (mg_tft_fighter_row_parent_class)->finalize (object);
}

static void
mg_tft_fighter_row_class_init (MgTftFighterRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_tft_fighter_row_dispose;
  G_OBJECT_CLASS (klass)->finalize = mg_tft_fighter_row_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-fighter-row.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftFighterRow, name)
  BIND (box);
  BIND (name_label);
  BIND (side_label);
  BIND (st_label);
  BIND (dx_label);
  BIND (tally_label);
  BIND (hits_label);
  BIND (conditions_box);
  BIND (flee_button);
  BIND (option_label);
  BIND (option_box);
  BIND (option_dropdown);
  BIND (fly_check);
  BIND (moved_spin);
  BIND (engaged_button);
  BIND (engaged_box);
  BIND (gear_line);
  BIND (declare_button);
  BIND (message_label);
  gtk_widget_class_bind_template_child_full (widget_class, "option_line", FALSE, 0);
#undef BIND
  gtk_widget_class_install_action (widget_class, "fighter.declare", NULL, declare_activated);
  gtk_widget_class_install_action (widget_class, "fighter.flee", NULL, flee_activated);
}

static void
mg_tft_fighter_row_init (MgTftFighterRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->engaged_checks = g_ptr_array_new ();
  for (guint i = 0; i < 2; i++)
  {
    GtkWidget *line = i == 0 ? GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_TFT_FIGHTER_ROW, "option_line"))
                             : GTK_WIDGET (self->gear_line);

    for (GtkWidget *slot = gtk_widget_get_first_child (line); slot != NULL; slot = gtk_widget_get_next_sibling (slot))
      mg_flow_box_slot_follows_child (slot);
  }
  mg_drop_down_defer_list (self->option_dropdown);
  g_signal_connect_swapped (self->option_dropdown, "notify::selected", G_CALLBACK (controls_changed), self);
  g_signal_connect_swapped (self->fly_check, "toggled", G_CALLBACK (controls_changed), self);
  g_signal_connect_swapped (self->moved_spin, "value-changed", G_CALLBACK (controls_changed), self);
  /* Enter in the hexes moved declares, as the button would. */
}

MgTftFighterRow *
mg_tft_fighter_row_new (MgCampaign *campaign, const char *figure)
{
  MgTftFighterRow *self = g_object_new (MG_TYPE_TFT_FIGHTER_ROW, NULL);

  self->campaign = g_object_ref (campaign);
  self->figure = g_strdup (figure);
  gtk_label_set_text (self->name_label, figure);
  return self;
}

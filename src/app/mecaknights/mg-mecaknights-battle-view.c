/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-battle-view.c — walks the referee through each MecaKnights battle under way: who
 * stands on each side, what the archers and walls do, the reinforcements and the round to
 * fight, the units a leader must choose to lose (the engine waits for it), then the result.
 * Every button is checked with the engine first; a refused one says why in its tooltip. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-mecaknights-battle-view.h"
#include "mg-mecaknights-util.h"
#include "mg-table-state.h"
#include "mg-narrate.h"

struct _MgMkBattleView
{
  GtkWidget    parent_instance;

  MgCampaign  *campaign;
  guint        n_battles;
  gboolean     has_choice;
  char        *result;
  GPtrArray   *loss_spins;      /* the spins of the choices shown (borrowed) */
  GPtrArray   *confirm_buttons;

  GtkRevealer *result_revealer;
  GtkLabel    *result_label;
  GtkLabel    *empty_label;
  GtkBox      *battles_box;
};

G_DEFINE_FINAL_TYPE (MgMkBattleView, mg_mk_battle_view, GTK_TYPE_WIDGET)

static void
act (MgMkBattleView *self, GtkWidget *button, json_object *action)
{
  /* Success shows in the result card; a refusal (the state moved on) in a toast. */
  mg_widget_act_or_say (self->campaign, json_object_get (action), NULL, button);
}

static void
button_clicked (GtkWidget *button, MgMkBattleView *self)
{
  json_object *action = json_tokener_parse (g_object_get_data (G_OBJECT (button), "action"));

  act (self, button, action);
  json_object_put (action);
}

/* A button that sends `action` if the engine accepts it now; else insensitive, reason in tooltip. */
static GtkWidget *
action_button (MgMkBattleView *self, const char *label, json_object *action, gboolean suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  g_autoptr(GError) error = NULL;
  gboolean ok = mg_campaign_validate (self->campaign, action, &error);

  g_object_set_data_full (G_OBJECT (button), "action", g_strdup (json_object_to_json_string (action)), g_free);
  gtk_widget_set_sensitive (button, ok);
  mg_widget_set_tooltip (button, ok ? NULL : error->message);
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked), self);
  json_object_put (action);
  return button;
}

static GtkWidget *
text_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* One side: its armies on the land, then what the engine counts for it (the battle's "sides":
 * archers, walls, close combat with heavy infantry's weight on equal counts), never a count of
 * the view's own. */
static GtkWidget *
side_box (json_object *view, json_object *battle, const char *leader, const char *role_key, const char *role)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  json_object *armies = mg_mk_ui_view_armies (view);
  json_object *side = mg_ui_json_get (mg_ui_json_get (battle, "sides"), role_key);
  int archers = mg_ui_json_int (side, "archers", 0), units = mg_ui_json_int (side, "units", 0);
  int multiplier = mg_ui_json_int (side, "multiplier", 1), count = mg_ui_json_int (side, "count", 0);
  int draw_count = mg_ui_json_int (side, "draw_count", count);
  const char *wall = mg_ui_json_str (side, "wall"), *stopped_by = mg_ui_json_str (side, "archers_stopped_by");
  g_autofree char *title = g_strdup_printf ("%s · %s", leader, role);
  g_autofree char *archer_text = NULL;
  g_autofree char *close_text = NULL;

  gtk_box_append (GTK_BOX (head), mg_mk_ui_swatch_new (mg_mk_ui_view_colour (view, leader)));
  gtk_box_append (GTK_BOX (head), text_label (title, "heading"));
  gtk_box_append (GTK_BOX (box), head);

  for (gsize i = 0; i < mg_ui_json_len (armies); i++)
    {
      json_object *army = json_object_array_get_idx (armies, i);
      g_autofree char *text = NULL, *line = NULL;

      if (g_strcmp0 (mg_ui_json_str (army, "leader"), leader) != 0
          || mg_ui_json_int (army, "battle", 0) != mg_ui_json_int (battle, "id", -1))
        continue;
      text = mg_mk_ui_units_text (mg_ui_json_get (army, "units"));
      line = g_strdup_printf ("%s: %s", mg_ui_json_str (army, "id"), text);
      gtk_box_append (GTK_BOX (box), text_label (line, NULL));
    }

  if (archers == 0)
    archer_text = g_strdup (C_("mecaknights", "No archer."));
  else if (stopped_by != NULL)
    /* Translators: %s is a wall ("stone wall") */
    archer_text = g_strdup_printf (C_("mecaknights", "Archers stopped by the %s."), mg_mk_ui_wall_name (stopped_by));
  else
    archer_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d archer shoots first.", "%d archers shoot first.", archers), archers);
  gtk_box_append (GTK_BOX (box), text_label (archer_text, "dim-label"));
  if (mg_ui_json_bool (side, "lone_catapult"))
    close_text = g_strdup (C_("mecaknights", "Catapults alone: this side loses the close combat."));
  else if (multiplier > 1)
    /* Translators: close-combat count: units, multiplier, wall, total */
    close_text = g_strdup_printf (C_("mecaknights", "Close combat: %d × %d behind the %s = %d."),
                                  units, multiplier, mg_mk_ui_wall_name (wall), count);
  else
    close_text = g_strdup_printf (C_("mecaknights", "Close combat: %d."), count);
  gtk_box_append (GTK_BOX (box), text_label (close_text, "dim-label"));
  if (draw_count != count)
    {
      /* Translators: the count used when both sides' counts are equal */
      g_autofree char *draw_text = g_strdup_printf (C_("mecaknights", "On equal counts, with heavy infantry counting double: %d."),
                                                    draw_count);
      gtk_box_append (GTK_BOX (box), text_label (draw_text, "dim-label"));
    }
  gtk_widget_set_hexpand (box, TRUE);
  return box;
}

/* The units a leader must lose: a spin per eligible kind and army; Confirm sends `lose`. */
static void
lose_changed (GtkWidget *spin, GtkWidget *button)
{
  MgMkBattleView *self = g_object_get_data (G_OBJECT (button), "view");
  GPtrArray *spins = g_object_get_data (G_OBJECT (button), "spins");
  json_object *action = json_object_new_object ();
  json_object *units = json_object_new_array ();
  g_autoptr(GError) error = NULL;
  gboolean ok;

  json_object_object_add (action, "type", json_object_new_string ("lose"));
  json_object_object_add (action, "player", json_object_new_string (g_object_get_data (G_OBJECT (button), "leader")));
  for (guint i = 0; i < spins->len; i++)
    {
      GtkWidget *s = g_ptr_array_index (spins, i);
      int n = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (s));

      for (int k = 0; k < n; k++)
        {
          json_object *unit = json_object_new_object ();

          json_object_object_add (unit, "army", json_object_new_string (g_object_get_data (G_OBJECT (s), "army")));
          json_object_object_add (unit, "unit", json_object_new_string (g_object_get_data (G_OBJECT (s), "unit")));
          json_object_array_add (units, unit);
        }
    }
  json_object_object_add (action, "units", units);
  ok = mg_campaign_validate (self->campaign, action, &error);
  gtk_widget_set_sensitive (button, ok);
  mg_widget_set_tooltip (button, ok ? NULL : error->message);
  g_object_set_data_full (G_OBJECT (button), "action", g_strdup (json_object_to_json_string (action)), g_free);
  json_object_put (action);
}

static GtkWidget *
choice_box (MgMkBattleView *self, json_object *choice)
{
  static const char *const whys[][2] = {
    { "archers", NC_("mecaknights", "hit by archers") },
    { "catapult", NC_("mecaknights", "hit by a catapult") },
    { "winner", NC_("mecaknights", "the winner loses one unit") },
    { "draw", NC_("mecaknights", "a draw: each side loses one unit") },
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (C_("mecaknights", "_Confirm Losses"));
  GPtrArray *spins = g_ptr_array_new ();
  const char *leader = mg_ui_json_str (choice, "leader");
  const char *why = mg_ui_json_str (choice, "why");
  int count = mg_ui_json_int (choice, "count", 1);
  json_object *eligible = mg_ui_json_array (choice, "eligible");
  g_autofree char *title = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (whys); i++)
    if (g_strcmp0 (whys[i][0], why) == 0)
      why = g_dpgettext2 (GETTEXT_PACKAGE, "mecaknights", whys[i][1]);
  /* Translators: "Blue chooses 1 unit to lose (hit by archers)" */
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s chooses %d unit to lose (%s)",
                                        "%s chooses %d units to lose (%s)", count), leader, count, why);
  gtk_box_append (GTK_BOX (box), text_label (title, "heading"));
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  for (gsize i = 0; i < mg_ui_json_len (eligible); i++)
    {
      json_object *e = json_object_array_get_idx (eligible, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, MAX (0, mg_ui_json_int (e, "max", 1)), 1);
      g_autofree char *row_title = g_strdup_printf ("%s · %s", mg_ui_json_str (e, "army"),
                                                    mg_mk_ui_unit_name (mg_ui_json_str (e, "unit")));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), row_title);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (spin), "army", g_strdup (mg_ui_json_str (e, "army")), g_free);
      g_object_set_data_full (G_OBJECT (spin), "unit", g_strdup (mg_ui_json_str (e, "unit")), g_free);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      g_signal_connect (spin, "value-changed", G_CALLBACK (lose_changed), button);
      g_ptr_array_add (spins, spin);
      g_ptr_array_add (self->loss_spins, spin);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
    }
  gtk_box_append (GTK_BOX (box), list);
  g_object_set_data (G_OBJECT (button), "view", self);
  g_object_set_data_full (G_OBJECT (button), "leader", g_strdup (leader), g_free);
  g_object_set_data_full (G_OBJECT (button), "spins", spins, (GDestroyNotify) g_ptr_array_unref);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_widget_set_halign (button, GTK_ALIGN_END);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked), self);
  gtk_box_append (GTK_BOX (box), button);
  g_ptr_array_add (self->confirm_buttons, button);
  lose_changed (NULL, button);
  return box;
}

static const char *
step_text (const char *step)
{
  if (g_strcmp0 (step, "reinforce") == 0)
    return C_("mecaknights", "The defender may first bring armies from adjacent lands (1 food per unit). In the round, archers shoot first; then infantry, heavy infantry and cavalry count in close combat (archers and catapults do not).");
  if (g_strcmp0 (step, "choosing") == 0)
    return C_("mecaknights", "Waiting for a leader to choose the units lost.");
  if (g_strcmp0 (step, "continues") == 0)
    return C_("mecaknights", "The last round was a draw: the attacker fights again in its next move phase, or moves away.");
  return "";
}

static GtkWidget *
battle_card (MgMkBattleView *self, json_object *view, json_object *pending, json_object *battle)
{
  int id = mg_ui_json_int (battle, "id", 0);
  const char *land_name = mg_ui_json_str (battle, "land");
  const char *attacker = mg_ui_json_str (battle, "attacker");
  const char *defender = mg_ui_json_str (battle, "defender");
  json_object *choices = mg_ui_json_array (view, "choices");
  json_object *waiting = mg_ui_json_array (pending, "waiting");
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *sides = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  /* Translators: "Battle 1 at Oakvale, round 2" */
  g_autofree char *title = g_strdup_printf (C_("mecaknights", "Battle %d at %s, round %d"), id, land_name,
                                            mg_ui_json_int (battle, "round", 1));
  json_object *fight;

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "mk-battle");
  gtk_box_append (GTK_BOX (card), text_label (title, "title-4"));
  gtk_box_append (GTK_BOX (card), text_label (step_text (mg_ui_json_str (battle, "step")), "dim-label"));
  gtk_box_append (GTK_BOX (sides), side_box (view, battle, attacker, "attacker", C_("mecaknights", "attacker")));
  gtk_box_append (GTK_BOX (sides), side_box (view, battle, defender, "defender", C_("mecaknights", "defender")));
  gtk_box_append (GTK_BOX (card), sides);

  /* Reinforcements offered to the defender, then the round. */
  for (gsize w = 0; w < mg_ui_json_len (waiting); w++)
    {
      json_object *wait = json_object_array_get_idx (waiting, w);
      json_object *may = mg_ui_json_array (wait, "may_reinforce");

      if (mg_ui_json_int (wait, "battle", -1) != id)
        continue;
      for (gsize i = 0; i < mg_ui_json_len (may); i++)
        {
          const char *army = json_object_get_string (json_object_array_get_idx (may, i));
          json_object *action = json_object_new_object ();
          g_autofree char *label = g_strdup_printf (C_("mecaknights", "Reinforce with %s"), army);

          json_object_object_add (action, "type", json_object_new_string ("reinforce"));
          json_object_object_add (action, "player", json_object_new_string (mg_ui_json_str (wait, "seat")));
          json_object_object_add (action, "army", json_object_new_string (army));
          json_object_object_add (action, "battle", json_object_new_int (id));
          gtk_box_append (GTK_BOX (buttons), action_button (self, label, action, FALSE));
        }
    }
  fight = json_object_new_object ();
  json_object_object_add (fight, "type", json_object_new_string ("fight"));
  json_object_object_add (fight, "battle", json_object_new_int (id));
  gtk_box_append (GTK_BOX (buttons), action_button (self, C_("mecaknights", "_Fight the Round"), fight, TRUE));
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (card), buttons);

  for (gsize i = 0; i < mg_ui_json_len (choices); i++)
    {
      json_object *choice = json_object_array_get_idx (choices, i);

      if (mg_ui_json_int (choice, "battle", -1) == id)
        {
          gtk_box_append (GTK_BOX (card), choice_box (self, choice));
          self->has_choice = TRUE;
        }
    }
  return card;
}

/* The summary of the last active journal row if it fought or chose losses: the result. */
static char *
last_result (MgMkBattleView *self)
{
  g_autoptr(MgJournalEntry) entry = mg_mk_ui_last_entry (self->campaign);
  json_object *action = entry != NULL ? json_tokener_parse (entry->action) : NULL;
  static const char *const types[] = { "fight", "lose", "fire", "reinforce", NULL };
  char *result = NULL;

  if (action != NULL && g_strv_contains (types, mg_action_type (action) != NULL ? mg_action_type (action) : ""))
    result = mg_narrate_entry (self->campaign, entry);   /* in the viewer's language */
  json_object_put (action);
  return result;
}

void
mg_mk_battle_view_refresh (MgMkBattleView *self)
{
  const MgState *state = mg_campaign_get_state (self->campaign);
  json_object *view = mg_table_state_view_of_state (mg_table_state_for_campaign (self->campaign), state, MG_SEAT_ALL);
  json_object *pending = json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign)));
  json_object *battles = mg_ui_json_array (view, "battles");
  json_object *choices = mg_ui_json_array (view, "choices");
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->battles_box))) != NULL)
    gtk_box_remove (self->battles_box, child);
  self->has_choice = FALSE;
  g_ptr_array_set_size (self->loss_spins, 0);
  g_ptr_array_set_size (self->confirm_buttons, 0);
  self->n_battles = mg_ui_json_len (battles);
  for (gsize i = 0; i < self->n_battles; i++)
    gtk_box_append (self->battles_box, battle_card (self, view, pending, json_object_array_get_idx (battles, i)));
  /* A catapult's hit waits for a choice outside any battle. */
  for (gsize i = 0; i < mg_ui_json_len (choices); i++)
    {
      json_object *choice = json_object_array_get_idx (choices, i);

      if (mg_ui_json_int (choice, "battle", -1) <= 0)
        {
          GtkWidget *card = choice_box (self, choice);

          gtk_widget_add_css_class (card, "card");
          gtk_widget_add_css_class (card, "mk-battle");
          gtk_box_append (self->battles_box, card);
          self->has_choice = TRUE;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), gtk_widget_get_first_child (GTK_WIDGET (self->battles_box)) == NULL);

  g_free (self->result);
  self->result = last_result (self);
  gtk_label_set_text (self->result_label, self->result != NULL ? self->result : "");
  gtk_revealer_set_reveal_child (self->result_revealer, self->result != NULL);
  json_object_put (view);
  json_object_put (pending);
}

guint
mg_mk_battle_view_get_n_battles (MgMkBattleView *self)
{
  return self->n_battles;
}

gboolean
mg_mk_battle_view_has_choice (MgMkBattleView *self)
{
  return self->has_choice;
}

gboolean
mg_mk_battle_view_set_loss (MgMkBattleView *self, const char *army, const char *unit, int count)
{
  for (guint i = 0; i < self->loss_spins->len; i++)
    {
      GtkWidget *spin = g_ptr_array_index (self->loss_spins, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (spin), "army"), army) == 0
          && g_strcmp0 (g_object_get_data (G_OBJECT (spin), "unit"), unit) == 0)
        {
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), count);
          return TRUE;
        }
    }
  return FALSE;
}

GtkWidget *
mg_mk_battle_view_get_confirm_button (MgMkBattleView *self)
{
  return self->confirm_buttons->len > 0 ? g_ptr_array_index (self->confirm_buttons, 0) : NULL;
}

const char *
mg_mk_battle_view_get_result (MgMkBattleView *self)
{
  return self->result;
}

static void
mg_mk_battle_view_dispose (GObject *object)
{
  MgMkBattleView *self = MG_MK_BATTLE_VIEW (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MK_BATTLE_VIEW);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->result, g_free);
  g_clear_pointer (&self->loss_spins, g_ptr_array_unref);
  g_clear_pointer (&self->confirm_buttons, g_ptr_array_unref);
  G_OBJECT_CLASS (mg_mk_battle_view_parent_class)->dispose (object);
}

static void
mg_mk_battle_view_class_init (MgMkBattleViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_mk_battle_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/mecaknights/mg-mecaknights-battle-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMkBattleView, result_revealer);
  gtk_widget_class_bind_template_child (widget_class, MgMkBattleView, result_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkBattleView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, MgMkBattleView, battles_box);
}

static void
mg_mk_battle_view_init (MgMkBattleView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->loss_spins = g_ptr_array_new ();
  self->confirm_buttons = g_ptr_array_new ();
}

MgMkBattleView *
mg_mk_battle_view_new (MgCampaign *campaign)
{
  MgMkBattleView *self = g_object_new (MG_TYPE_MK_BATTLE_VIEW, NULL);

  self->campaign = g_object_ref (campaign);
  mg_mk_battle_view_refresh (self);
  return self;
}

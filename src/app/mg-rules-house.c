/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules-house.c — the Rules page's "House rules" (issue 34): each reading the rulebook leaves
 * open, declared by the game's descriptor (MgHouseRule), as a row with a switch and the sentence
 * of the choice in force. A switch applies at once through mg_campaign_set_ruleset, the path the
 * page's Apply takes: a journal row of the referee's, so the toast's Undo is the window's Undo
 * (Ctrl+Z, the header bar's button), which takes it back as any action. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-rules-house.h"

typedef struct
{
  MgCampaign          *campaign;
  const MgGame        *game;
  json_object         *shipped;
  MgRulesHouseApplied  applied;
  gpointer             data;
  AdwToast            *toast;   /* the toast of the last switch while it is shown, else NULL */
} House;

static void
house_free (gpointer data)
{
  House *house = data;

  if (house->toast != NULL)
    g_object_remove_weak_pointer (G_OBJECT (house->toast), (gpointer *) &house->toast);
  g_clear_object (&house->campaign);
  json_object_put (house->shipped);
  g_free (house);
}

gboolean
mg_rules_house_set (MgCampaign *campaign, const char *key, gboolean on, GError **error)
{
  json_object *ruleset = NULL, *rules = NULL;
  gboolean ok;

  json_object_deep_copy (mg_campaign_get_ruleset (campaign), &ruleset, NULL);
  if (!json_object_object_get_ex (ruleset, "house_rules", &rules) || !json_object_is_type (rules, json_type_object))
    {
      rules = json_object_new_object ();
      json_object_object_add (ruleset, "house_rules", rules);
    }
  json_object_object_add (rules, key, json_object_new_boolean (on));
  ok = mg_campaign_set_ruleset (campaign, ruleset, error);
  json_object_put (ruleset);
  return ok;
}

/* The row of one house rule shows the choice in force: its sentence, and "Default" when it is
 * the shipped one. */
static void
row_show (GtkWidget *row, const MgHouseRule *rule, gboolean on, gboolean fallback)
{
  GtkWidget *tag = g_object_get_data (G_OBJECT (row), "mg-default-tag");

  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(on ? rule->when_on : rule->when_off));
  gtk_widget_set_visible (tag, on == fallback);
}

/* Under a house rule's row, always shown (a tooltip has no touch or keyboard), the rulebook's
 * words it rests on, quoted in the rulebook's language (style class "rulebook-quote"). */
static GtkWidget *
passage_row (const MgHouseRule *rule)
{
  GtkWidget *row = gtk_list_box_row_new ();
  /* Translators: under a house rule: the rulebook's words it rests on, quoted in its language */
  g_autofree char *text = g_strdup_printf (_("The rulebook: “%s”"), rule->passage);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "rulebook-quote");
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 8);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  return row;
}

static void
switch_changed (GtkSwitch *sw, GParamSpec *pspec, House *house)
{
  const MgHouseRule *rule = g_object_get_data (G_OBJECT (sw), "mg-house-rule");
  gboolean on = gtk_switch_get_active (sw);
  g_autoptr(GError) error = NULL;

  if (on == mg_house_rule (mg_campaign_get_ruleset (house->campaign), rule->key, !on))
    return;   /* the switch follows the campaign (a refresh), nothing to apply */
  if (!mg_rules_house_set (house->campaign, rule->key, on, &error))
    {
      g_autofree char *plain = mg_error_plain (error);
      g_autofree char *message = g_strdup_printf (_("Not applied: %s"), plain);

      g_signal_handlers_block_by_func (sw, switch_changed, house);
      gtk_switch_set_active (sw, !on);
      g_signal_handlers_unblock_by_func (sw, switch_changed, house);
      mg_toast_show (GTK_WIDGET (sw), message);
      return;
    }
  {
    /* Translators: a toast: the house rule just switched, and the choice now in force */
    g_autofree char *title = g_strdup_printf (_("%s: %s"), _(rule->title), _(on ? rule->when_on : rule->when_off));
    AdwToast *toast = adw_toast_new (title);

    /* The change is the journal's last row: the window's Undo takes it back. */
    adw_toast_set_button_label (toast, _("_Undo"));
    adw_toast_set_action_name (toast, "win.undo");
    if (house->toast != NULL)
      g_object_remove_weak_pointer (G_OBJECT (house->toast), (gpointer *) &house->toast);
    house->toast = toast;
    g_object_add_weak_pointer (G_OBJECT (toast), (gpointer *) &house->toast);
    mg_toast_add (GTK_WIDGET (sw), toast);
  }
}

/* After any change of the campaign (this page's, an Undo, another window's): every switch and
 * sentence shows the ruleset in force. */
static void
campaign_changed (GtkWidget *group)
{
  House *house = g_object_get_data (G_OBJECT (group), "mg-house");

  /* Anything after the switch (an action, an undo) makes the toast's Undo about another row. */
  if (house->toast != NULL)
    adw_toast_dismiss (house->toast);
  for (guint i = 0; i < house->game->n_house_rules; i++)
    {
      const MgHouseRule *rule = &house->game->house_rules[i];
      GtkSwitch *sw = mg_rules_house_find_switch (group, rule->key);
      gboolean fallback = mg_house_rule (house->shipped, rule->key, FALSE);
      gboolean on = mg_house_rule (mg_campaign_get_ruleset (house->campaign), rule->key, fallback);

      if (sw == NULL)
        continue;
      g_signal_handlers_block_by_func (sw, switch_changed, house);
      gtk_switch_set_active (sw, on);
      g_signal_handlers_unblock_by_func (sw, switch_changed, house);
      row_show (g_object_get_data (G_OBJECT (sw), "mg-row"), rule, on, fallback);
    }
  if (house->applied != NULL)
    house->applied (house->data);
}

static GtkWidget *
rule_row (House *house, const MgHouseRule *rule)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();
  GtkWidget *tag = gtk_label_new (_("Default"));
  gboolean fallback = mg_house_rule (house->shipped, rule->key, FALSE);
  gboolean on = mg_house_rule (mg_campaign_get_ruleset (house->campaign), rule->key, fallback);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(rule->title));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  gtk_widget_add_css_class (tag, "dim-label");
  gtk_widget_add_css_class (tag, "caption");
  gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (row), "mg-default-tag", tag);
  gtk_switch_set_active (GTK_SWITCH (sw), on);
  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (sw), GTK_ACCESSIBLE_PROPERTY_LABEL, _(rule->title), -1);
  g_object_set_data (G_OBJECT (sw), "mg-house-rule", (gpointer) rule);
  g_object_set_data (G_OBJECT (sw), "mg-row", row);
  g_signal_connect (sw, "notify::active", G_CALLBACK (switch_changed), house);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), tag);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  row_show (row, rule, on, fallback);
  return row;
}

GtkWidget *
mg_rules_house_group_new (MgCampaign *campaign, const MgGame *game, json_object *shipped,
                          MgRulesHouseApplied applied, gpointer data)
{
  GtkWidget *group, *list;
  House *house;

  if (game == NULL || game->n_house_rules == 0)
    return NULL;
  house = g_new0 (House, 1);
  house->campaign = g_object_ref (campaign);
  house->game = game;
  house->shipped = json_object_get (shipped);
  house->applied = applied;
  house->data = data;

  group = adw_preferences_group_new ();
  g_object_set_data_full (G_OBJECT (group), "mg-house", house, house_free);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("House rules"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Where the rulebook can be read two ways, the table chooses. A switch applies at once."));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
  for (guint i = 0; i < game->n_house_rules; i++)
    {
      gtk_list_box_append (GTK_LIST_BOX (list), rule_row (house, &game->house_rules[i]));
      gtk_list_box_append (GTK_LIST_BOX (list), passage_row (&game->house_rules[i]));
    }
  g_signal_connect_object (campaign, "changed", G_CALLBACK (campaign_changed), group, G_CONNECT_SWAPPED);
  return group;
}

static GtkSwitch *
find_switch (GtkWidget *widget, const char *key)
{
  const MgHouseRule *rule = g_object_get_data (G_OBJECT (widget), "mg-house-rule");

  if (GTK_IS_SWITCH (widget) && rule != NULL && g_str_equal (rule->key, key))
    return GTK_SWITCH (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkSwitch *found = find_switch (child, key);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkSwitch *
mg_rules_house_find_switch (GtkWidget *group, const char *key)
{
  return group != NULL ? find_switch (group, key) : NULL;
}

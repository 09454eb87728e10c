/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-attack-dialog.c — one attack. The referee states what the board shows (target, facing,
 * distance, who stands in the line of fire, sheltering, why HTH is allowed); the dialog shows the
 * target's own state (dodging, defending, charging, down), the exact odds from
 * mg_tft_attack_odds before any die is cast, asks for the dice in the engine's order
 * (mg_tft_dice_needed) or rolls them here, and then shows the outcome sentence. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-tft.h"
#include "mg-tft-attack-dialog.h"
#include "mg-errors.h"
#include "mg-tft-util.h"
#include "mg-table-state.h"
#include "mg-widget-util.h"

typedef struct
{
  char          *figure;
  GtkDropDown   *where;     /* "", "in_the_way", "beyond" */
  GtkSpinButton *distance;
} LineEntry;

struct _MgTftAttackDialog
{
  AdwWindow      parent_instance;

  MgCampaign    *campaign;
  char          *figure;
  gboolean       board;      /* on the arena: facing, distances and the line of fire come from the hexes */
  GPtrArray     *line;        /* LineEntry* */
  char          *outcome;
  char          *rolled;
  char          *message;
  gboolean       ready;      /* built: from now on a check follows the referee's change */
  double         hit_chance;
  int            adj_dx;
  gboolean       filling;

  GtkWidget     *cancel_button;
  GtkWidget     *apply_button;
  GtkWidget     *roll_button;
  GtkWidget     *close_button;
  GtkWidget     *outcome_group;
  GtkLabel      *outcome_label;
  GtkLabel      *rolled_label;
  AdwPreferencesGroup *attack_group;
  AdwComboRow   *target_row;
  AdwComboRow   *weapon_row;
  AdwComboRow   *mode_row;
  GtkWidget     *throw_row;
  GtkSwitch     *throw_switch;
  GtkWidget     *situation_group;
  AdwActionRow  *target_info_row;
  AdwComboRow   *facing_row;
  GtkWidget     *hexes_row;
  GtkSpinButton *hexes_spin;
  GtkWidget     *megahexes_row;
  GtkSpinButton *megahexes_spin;
  GtkWidget     *sheltering_row;
  GtkSwitch     *sheltering_switch;
  AdwComboRow   *hth_row;
  GtkWidget     *from_behind_row;
  GtkSwitch     *from_behind_switch;
  AdwExpanderRow *line_row;
  GtkWidget     *odds_group;
  GtkLabel      *hit_label;
  GtkLabel      *odds_detail_label;
  GtkGrid       *spread_grid;
  GtkWidget     *dice_group;
  AdwEntryRow   *dice_row;
  GtkLabel      *dice_hint_label;
  GtkLabel      *message_label;
};

G_DEFINE_FINAL_TYPE (MgTftAttackDialog, mg_tft_attack_dialog, ADW_TYPE_WINDOW)

static void
line_entry_free (gpointer data)
{
  LineEntry *entry = data;

  g_free (entry->figure);
  g_free (entry);
}

/* The weapon the attack uses: the one chosen, else the ready one. */
static const char *
weapon_id (MgTftAttackDialog *self, json_object *fighter)
{
  const char *chosen = mg_tft_choice_get (self->weapon_row);

  return chosen != NULL && chosen[0] != '\0' ? chosen : mg_ui_json_str (fighter, "ready");
}

static json_object *
build_action (MgTftAttackDialog *self)
{
  json_object *action = mg_tft_action_new ("attack");
  const char *target = mg_tft_choice_get (self->target_row);
  const char *weapon = mg_tft_choice_get (self->weapon_row);
  const char *mode = mg_tft_choice_get (self->mode_row);
  const char *facing = mg_tft_choice_get (self->facing_row);
  const char *because = mg_tft_choice_get (self->hth_row);
  json_object *in_the_way = json_object_new_array ();
  json_object *beyond = json_object_new_array ();

  json_object_object_add (action, "figure", json_object_new_string (self->figure));
  if (target != NULL)
    json_object_object_add (action, "target", json_object_new_string (target));
  if (weapon != NULL && weapon[0] != '\0')
    json_object_object_add (action, "weapon", json_object_new_string (weapon));
  if (mode != NULL && g_strcmp0 (mode, "weapon") != 0)
    json_object_object_add (action, "mode", json_object_new_string (mode));
  if (gtk_widget_get_visible (self->throw_row) && gtk_switch_get_active (self->throw_switch))
    json_object_object_add (action, "throw", json_object_new_boolean (TRUE));
  if (gtk_widget_get_visible (GTK_WIDGET (self->facing_row)) && facing != NULL)
    json_object_object_add (action, "facing", json_object_new_string (facing));
  if (gtk_widget_get_visible (self->hexes_row))
    json_object_object_add (action, "hexes", json_object_new_int (gtk_spin_button_get_value_as_int (self->hexes_spin)));
  if (gtk_widget_get_visible (self->megahexes_row))
    json_object_object_add (action, "megahexes", json_object_new_int (gtk_spin_button_get_value_as_int (self->megahexes_spin)));
  if (gtk_widget_get_visible (self->sheltering_row) && gtk_switch_get_active (self->sheltering_switch))
    json_object_object_add (action, "sheltering", json_object_new_boolean (TRUE));
  if (gtk_widget_get_visible (GTK_WIDGET (self->hth_row)) && because != NULL && because[0] != '\0')
    json_object_object_add (action, "hth_because", json_object_new_string (because));
  if (gtk_widget_get_visible (self->from_behind_row) && gtk_switch_get_active (self->from_behind_switch))
    json_object_object_add (action, "from_behind", json_object_new_boolean (TRUE));

  /* Figures in the line of fire, nearest first as the referee lists them. */
  for (guint i = 0; gtk_widget_get_visible (GTK_WIDGET (self->line_row)) && i < self->line->len; i++)
    {
      LineEntry *entry = g_ptr_array_index (self->line, i);
      const char *where = mg_tft_choice_get (entry->where);
      int distance = gtk_spin_button_get_value_as_int (entry->distance);
      json_object *o;

      if (where == NULL || where[0] == '\0')
        continue;
      o = json_object_new_object ();
      json_object_object_add (o, "figure", json_object_new_string (entry->figure));
      json_object_object_add (o, "hexes", json_object_new_int (distance));
      json_object_object_add (o, "megahexes", json_object_new_int ((distance + 1) / 2));
      json_object_array_add (g_str_equal (where, "beyond") ? beyond : in_the_way, o);
    }
  if (json_object_array_length (in_the_way) > 0)
    json_object_object_add (action, "in_the_way", in_the_way);
  else
    json_object_put (in_the_way);
  if (json_object_array_length (beyond) > 0)
    json_object_object_add (action, "beyond", beyond);
  else
    json_object_put (beyond);
  return action;
}

static void
set_message (MgTftAttackDialog *self, const char *message)
{
  mg_tft_say (self->message_label, message);
  g_free (self->message);
  self->message = g_strdup (mg_tft_said (self->message_label));
}

static char *
percent (json_object *part)
{
  json_object *p = NULL;

  if (part == NULL || !json_object_object_get_ex (part, "p", &p))
    return g_strdup ("—");
  /* Translators: a chance as a percentage ("12.5%"); French writes "12,5 %". */
  return g_strdup_printf (_("%.1f%%"), 100.0 * json_object_get_double (p));
}

static void
show_odds (MgTftAttackDialog *self, json_object *odds)
{
  json_object *hit = mg_ui_json_object (odds, "hit");
  json_object *spread = mg_ui_json_array (odds, "hits");
  json_object *expected = NULL;
  double max = 0;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->spread_grid))) != NULL)
    gtk_grid_remove (self->spread_grid, child);
  self->hit_chance = -1;
  self->adj_dx = 0;
  if (odds == NULL)
    {
      gtk_label_set_text (self->hit_label, _("No odds: the attack is not allowed as stated."));
      gtk_label_set_text (self->odds_detail_label, "");
      return;
    }

  self->adj_dx = mg_ui_json_int (odds, "adj_dx", 0);
  {
    json_object *p = NULL;
    g_autofree char *pc = percent (hit);
    g_autofree char *title = g_strdup_printf (_("To hit: %s (%d in %d)"), pc, mg_ui_json_int (hit, "num", 0),
                                              mg_ui_json_int (hit, "den", 0));

    if (hit != NULL && json_object_object_get_ex (hit, "p", &p))
      self->hit_chance = json_object_get_double (p);
    gtk_label_set_text (self->hit_label, title);
  }
  {
    g_autofree char *triple = percent (mg_ui_json_object (odds, "triple"));
    g_autofree char *twice = percent (mg_ui_json_object (odds, "double"));
    g_autofree char *drop = percent (mg_ui_json_object (odds, "drop"));
    g_autofree char *broken = percent (mg_ui_json_object (odds, "break"));
    g_autofree char *detail = NULL;

    json_object_object_get_ex (odds, "expected", &expected);
    /* Translators: the odds of one attack, before the roll. */
    detail = g_strdup_printf (_("%d or less on %d dice (adjusted DX %d). Triple damage %s · double %s · "
                                "drops the weapon %s · breaks it %s. Expected hits after armor: %.2f."),
                              self->adj_dx, mg_ui_json_int (odds, "dice", 3), self->adj_dx, triple, twice, drop,
                              broken, expected != NULL ? json_object_get_double (expected) : 0.0);
    gtk_label_set_text (self->odds_detail_label, detail);
  }

  /* The spread, collapsed to what matters: no row under 0.05 %, and the tail past the fifth row
   * shown as one "n hits or more", so the chart stays short. */
  {
    enum { MAX_ROWS = 6 };
    int hits_of[MAX_ROWS];
    double p_of[MAX_ROWS];
    guint rows = 0;
    gboolean merged = FALSE;

    for (size_t i = 0; spread != NULL && i < json_object_array_length (spread); i++)
      {
        json_object *entry = json_object_array_get_idx (spread, i);
        double p = json_object_get_double (json_object_object_get (entry, "p"));
        if (p < 0.0005)
          continue;
        if (rows == MAX_ROWS)
          {
            p_of[MAX_ROWS - 1] += p;
            merged = TRUE;
          }
        else
          {
            hits_of[rows] = mg_ui_json_int (entry, "hits", 0);
            p_of[rows++] = p;
          }
      }
    for (guint i = 0; i < rows; i++)
      max = MAX (max, p_of[i]);
    for (guint i = 0; i < rows; i++)
      {
        gboolean tail = merged && i == MAX_ROWS - 1;
        g_autofree char *what = tail ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit or more", "%d hits or more", hits_of[i]), hits_of[i])
                                     : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hit", "%d hits", hits_of[i]), hits_of[i]);
        g_autofree char *pc = g_strdup_printf (_("%.1f%%"), 100.0 * p_of[i]);
        GtkWidget *label = gtk_label_new (what);
        GtkWidget *bar = gtk_progress_bar_new ();
        GtkWidget *value = gtk_label_new (pc);

        gtk_label_set_xalign (GTK_LABEL (label), 1);
        gtk_label_set_xalign (GTK_LABEL (value), 1);
        gtk_widget_add_css_class (value, "numeric");
        gtk_widget_set_hexpand (bar, TRUE);
        gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
        gtk_widget_add_css_class (bar, "hits-bar");
        gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (bar), max > 0 ? p_of[i] / max : 0);
        gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL, what, -1);
        gtk_grid_attach (self->spread_grid, label, 0, (int) i, 1, 1);
        gtk_grid_attach (self->spread_grid, bar, 1, (int) i, 1, 1);
        gtk_grid_attach (self->spread_grid, value, 2, (int) i, 1, 1);
      }
  }
}

/* Rows shown follow the weapon: range for missiles and throws, facing for the rest. */
static void
update_rows (MgTftAttackDialog *self, json_object *fighter)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  json_object *weapon = mg_tft_ruleset_find (ruleset, "weapons", weapon_id (self, fighter));
  const char *cls = mg_ui_json_str (weapon, "class");
  const char *mode = mg_tft_choice_get (self->mode_row);
  gboolean missile = g_strcmp0 (cls, "missile") == 0;
  gboolean hth = g_strcmp0 (mode, "hth") == 0;
  gboolean throwable = mg_ui_json_bool (weapon, "thrown") && !missile && !hth;
  gboolean thrown = throwable && gtk_switch_get_active (self->throw_switch);

  gtk_widget_set_visible (self->throw_row, throwable);
  gtk_widget_set_visible (self->hexes_row, thrown && !self->board);
  gtk_widget_set_visible (self->megahexes_row, missile && !hth && !self->board);
  gtk_widget_set_visible (self->sheltering_row, (missile || thrown) && !hth);
  gtk_widget_set_visible (GTK_WIDGET (self->line_row), (missile || thrown) && !hth && !self->board);
  gtk_widget_set_visible (GTK_WIDGET (self->facing_row), !missile && !hth && !self->board);
  gtk_widget_set_visible (GTK_WIDGET (self->hth_row), hth);
  gtk_widget_set_visible (self->from_behind_row, hth);
}

/* What the target is doing, as the engine knows it from its option and posture. */
static void
update_target_info (MgTftAttackDialog *self, json_object *fight)
{
  const char *target = mg_tft_choice_get (self->target_row);
  json_object *fighter = mg_tft_fight_fighter (fight, target);
  json_object *conditions = mg_ui_json_array (fighter, "conditions");
  json_object *engaged = mg_ui_json_array (fighter, "engaged_with");
  g_autoptr(GString) text = g_string_new (mg_tft_posture_name (mg_ui_json_str (fighter, "posture")));

  for (size_t i = 0; conditions != NULL && i < json_object_array_length (conditions); i++)
    g_string_append_printf (text, " · %s", mg_tft_condition_name (json_object_get_string (json_object_array_get_idx (conditions, i))));
  if (mg_tft_json_has_str (conditions, "dodging") || mg_tft_json_has_str (conditions, "defending"))
    g_string_append (text, _(" — to hit on four dice"));
  if (engaged != NULL && json_object_array_length (engaged) > 0)
    {
      g_string_append (text, " · ");
      g_string_append_printf (text, _("engaged with %s"), json_object_get_string (json_object_array_get_idx (engaged, 0)));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_info_row), target != NULL ? target : _("The target"));
  adw_action_row_set_subtitle (self->target_info_row, text->str);
}

static void
update (MgTftAttackDialog *self)
{
  const MgState *state = mg_campaign_get_state (self->campaign);
  g_autoptr(json_object) view = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) odds_error = NULL;
  g_autoptr(GArray) typed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *dice_message = NULL;
  json_object *fight, *action, *odds = NULL, *needed = NULL;
  gboolean valid, parsed, complete = FALSE;

  if (self->filling || self->outcome != NULL)
    return;
  view = mg_tft_view (self->campaign);
  fight = mg_tft_view_fight (view);
  update_rows (self, mg_tft_fight_fighter (fight, self->figure));
  update_target_info (self, fight);

  action = build_action (self);
  valid = mg_campaign_validate (self->campaign, action, &error);
  if (valid)
    odds = mg_tft_attack_odds (state, action, &odds_error);
  show_odds (self, odds);

  parsed = mg_dice_parse_text (gtk_editable_get_text (GTK_EDITABLE (self->dice_row)), 6, typed, &dice_message);
  if (valid && parsed)
    {
      g_autoptr(GError) dice_error = NULL;

      needed = mg_tft_dice_needed (state, action, (const guint *) typed->data, typed->len, &dice_error);
      if (needed == NULL)
        dice_message = g_strdup (dice_error->message);
    }
  if (needed != NULL)
    {
      g_autofree char *hint = NULL;

      complete = mg_ui_json_bool (needed, "complete");
      if (complete)
        hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u die typed: all that this attack needs.",
                                             "%u dice typed: all that this attack needs.", typed->len), typed->len);
      else
        /* Translators: dice typed so far, then how many dice are needed next and what for
         * ("the roll to hit"); the plural follows the dice needed. */
        hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u typed. Next: %d die for %s.",
                                             "%u typed. Next: %d dice for %s.", mg_ui_json_int (needed, "count", 0)),
                                typed->len, mg_ui_json_int (needed, "count", 0),
                                mg_tft_dice_purpose (mg_ui_json_str (needed, "for")));
      gtk_label_set_text (self->dice_hint_label, hint);
    }
  else
    gtk_label_set_text (self->dice_hint_label, "");

  /* Said once the referee changed something here, never on the dialog as it opens. */
  {
    g_autofree char *plain = self->ready && !valid ? mg_error_plain (error) : NULL;

    set_message (self, !self->ready ? NULL : !valid ? plain : dice_message);
  }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "attack.roll", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "attack.apply", valid && complete && typed->len > 0);
  json_object_put (action);
  json_object_put (odds);
  json_object_put (needed);
}

static void
act (MgTftAttackDialog *self, gboolean with_typed)
{
  g_autoptr(GArray) typed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  if (with_typed && !mg_dice_parse_text (gtk_editable_get_text (GTK_EDITABLE (self->dice_row)), 6, typed, NULL))
    return;
  entry = mg_widget_act (self->campaign, build_action (self), with_typed ? typed : NULL, &error);
  if (entry == NULL)
    {
      g_autofree char *plain = mg_error_plain (error);

      set_message (self, plain);
      return;
    }

  /* Done: the outcome in the rulebook's words, and nothing more to change. */
  self->outcome = g_strdup (entry->summary);
  gtk_label_set_text (self->outcome_label, self->outcome);
  gtk_widget_set_visible (self->outcome_group, TRUE);
  {
    /* every die, in the order the engine used them, not only the totals in the sentence */
    g_autoptr(json_object) dice = entry->dice ? json_tokener_parse (entry->dice) : NULL;
    g_autoptr(GString) list = g_string_new (NULL);
    for (size_t i = 0; json_object_is_type (dice, json_type_array) && i < json_object_array_length (dice); i++)
      g_string_append_printf (list, "%s%d", i ? ", " : "",
                              mg_ui_json_int (json_object_array_get_idx (dice, i), "value", 0));
    g_free (self->rolled);
    self->rolled = list->len == 0 ? NULL
                   : with_typed ? g_strdup_printf (_("Dice typed: %s."), list->str)
                                : g_strdup_printf (_("Dice rolled here: %s."), list->str);
    gtk_label_set_text (self->rolled_label, self->rolled ? self->rolled : "");
    gtk_widget_set_visible (GTK_WIDGET (self->rolled_label), self->rolled != NULL);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->dice_hint_label), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->attack_group), FALSE);
  gtk_widget_set_sensitive (self->situation_group, FALSE);
  gtk_widget_set_visible (self->dice_group, FALSE);
  gtk_widget_set_visible (self->apply_button, FALSE);
  gtk_widget_set_visible (self->roll_button, FALSE);
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_widget_set_visible (self->close_button, TRUE);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->close_button);
  gtk_widget_grab_focus (self->close_button);
  set_message (self, NULL);
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  act (MG_TFT_ATTACK_DIALOG (widget), TRUE);
}

static void
roll_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  act (MG_TFT_ATTACK_DIALOG (widget), FALSE);
}

static void
fill (MgTftAttackDialog *self, json_object *fight, json_object *pending)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  json_object *me = mg_tft_fight_fighter (fight, self->figure);
  json_object *figures = mg_ui_json_array (fight, "figures");
  json_object *carried = mg_ui_json_array (me, "carried");
  json_object *engaged = mg_ui_json_array (me, "engaged_with");
  json_object *waiting = mg_ui_json_array (pending, "waiting");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *first_enemy = NULL;
  g_autofree char *title = NULL;
  g_autofree char *ready_name = NULL;

  self->board = mg_ui_json_object (fight, "arena") != NULL;
  title = g_strdup_printf (_("%s Attacks"), self->figure);
  gtk_window_set_title (GTK_WINDOW (self), title);
  {
    json_object *w = waiting != NULL && json_object_array_length (waiting) > 0 ? json_object_array_get_idx (waiting, 0) : NULL;
    g_autofree char *heading = g_strdup_printf (_("%s, adjusted DX %d, attack %d of %d"), self->figure,
                                                mg_ui_json_int (w, "adj_dx", mg_ui_json_int (me, "adj_dx", 0)),
                                                mg_ui_json_int (w, "attack", 1), mg_ui_json_int (w, "of", 1));
    adw_preferences_group_set_title (self->attack_group, heading);
  }

  /* Targets: enemies able to fight first, the one it is engaged with at the top. */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
      {
        json_object *f = json_object_array_get_idx (figures, i);
        const char *name = mg_ui_json_str (f, "name");
        gboolean enemy = g_strcmp0 (mg_ui_json_str (f, "side"), mg_ui_json_str (me, "side")) != 0;
        gboolean first = enemy && (mg_tft_json_has_str (engaged, name) || (engaged == NULL || json_object_array_length (engaged) == 0));

        if (g_strcmp0 (name, self->figure) == 0 || (pass == 0) != first)
          continue;
        if (first && first_enemy == NULL)
          first_enemy = name;
        g_ptr_array_add (ids, (gpointer) name);
        g_ptr_array_add (names, enemy ? g_strdup (name) : g_strdup_printf (_("%s (a friend)"), name));
      }
  mg_tft_choice_fill (self->target_row, ids, names);

  g_ptr_array_set_size (ids, 0);
  g_ptr_array_set_size (names, 0);
  ready_name = g_strdup_printf (_("Ready weapon (%s)"), mg_ui_json_str (me, "ready") != NULL
                                ? mg_tft_ruleset_name (ruleset, "weapons", mg_ui_json_str (me, "ready")) : _("bare hands"));
  g_ptr_array_add (ids, "");
  g_ptr_array_add (names, g_steal_pointer (&ready_name));
  for (size_t i = 0; carried != NULL && i < json_object_array_length (carried); i++)
    {
      const char *id = json_object_get_string (json_object_array_get_idx (carried, i));

      g_ptr_array_add (ids, (gpointer) id);
      g_ptr_array_add (names, g_strdup (mg_tft_ruleset_name (ruleset, "weapons", id)));
    }
  mg_tft_choice_fill (self->weapon_row, ids, names);

  {
    const char *mode_ids[] = { "weapon", "shield_rush", "hth" };
    const char *mode_names[] = { _("With the weapon"), _("Shield rush"), _("Hand-to-hand (onto its hex)") };
    const char *facing_ids[] = { "front", "side", "rear" };
    const char *facing_names[] = { _("Front"), _("Side (+2 DX)"), _("Rear (+4 DX)") };
    const char *because_ids[] = { "", "wall", "rear", "agreed" };
    const char *because_names[] = { _("It is down, slower, or already in HTH"), _("Its back is to the wall"),
                                    _("Coming in from its rear"), _("It agreed") };
    g_autoptr(GPtrArray) a = g_ptr_array_new ();
    g_autoptr(GPtrArray) b = g_ptr_array_new ();

    for (guint i = 0; i < 3; i++)
      g_ptr_array_add (a, (gpointer) mode_ids[i]), g_ptr_array_add (b, (gpointer) mode_names[i]);
    mg_tft_choice_fill (self->mode_row, a, b);
    g_ptr_array_set_size (a, 0), g_ptr_array_set_size (b, 0);
    for (guint i = 0; i < 3; i++)
      g_ptr_array_add (a, (gpointer) facing_ids[i]), g_ptr_array_add (b, (gpointer) facing_names[i]);
    mg_tft_choice_fill (self->facing_row, a, b);
    g_ptr_array_set_size (a, 0), g_ptr_array_set_size (b, 0);
    for (guint i = 0; i < 4; i++)
      g_ptr_array_add (a, (gpointer) because_ids[i]), g_ptr_array_add (b, (gpointer) because_names[i]);
    mg_tft_choice_fill (self->hth_row, a, b);
  }

  /* Everyone else might stand in the line of fire. */
  for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
    {
      const char *name = mg_ui_json_str (json_object_array_get_idx (figures, i), "name");
      g_autoptr(GPtrArray) a = g_ptr_array_new ();
      g_autoptr(GPtrArray) b = g_ptr_array_new ();
      LineEntry *entry;
      GtkWidget *row;

      if (g_strcmp0 (name, self->figure) == 0)
        continue;
      entry = g_new0 (LineEntry, 1);
      entry->figure = g_strdup (name);
      entry->where = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
      entry->distance = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 60, 1));
      g_ptr_array_add (a, ""), g_ptr_array_add (b, _("Not in the line"));
      g_ptr_array_add (a, "in_the_way"), g_ptr_array_add (b, _("In the way"));
      g_ptr_array_add (a, "beyond"), g_ptr_array_add (b, _("Beyond the target"));
      mg_tft_choice_fill (entry->where, a, b);
      gtk_widget_set_valign (GTK_WIDGET (entry->where), GTK_ALIGN_CENTER);
      gtk_widget_set_valign (GTK_WIDGET (entry->distance), GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry->distance), _("Hexes from the attacker"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry->distance), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Hexes from the attacker"), -1);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (entry->where));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (entry->distance));
      g_signal_connect_swapped (entry->where, "notify::selected", G_CALLBACK (update), self);
      g_signal_connect_swapped (entry->distance, "value-changed", G_CALLBACK (update), self);
      adw_expander_row_add_row (self->line_row, row);
      g_ptr_array_add (self->line, entry);
    }
}

/* Test handles */

gboolean
mg_tft_attack_dialog_set_target (MgTftAttackDialog *self, const char *target)
{
  return mg_tft_choice_set (self->target_row, target);
}

void
mg_tft_attack_dialog_set_megahexes (MgTftAttackDialog *self, int megahexes)
{
  gtk_spin_button_set_value (self->megahexes_spin, megahexes);
}

gboolean
mg_tft_attack_dialog_set_throw (MgTftAttackDialog *self, int hexes)
{
  if (!gtk_widget_get_visible (self->throw_row))
    return FALSE;
  gtk_switch_set_active (self->throw_switch, TRUE);
  gtk_spin_button_set_value (self->hexes_spin, hexes);
  return gtk_widget_get_visible (self->hexes_row);
}

void
mg_tft_attack_dialog_set_dice (MgTftAttackDialog *self, const char *typed)
{
  gtk_editable_set_text (GTK_EDITABLE (self->dice_row), typed);
}

GtkWidget *
mg_tft_attack_dialog_get_apply_button (MgTftAttackDialog *self)
{
  return self->apply_button;
}

GtkWidget *
mg_tft_attack_dialog_get_roll_button (MgTftAttackDialog *self)
{
  return self->roll_button;
}

double
mg_tft_attack_dialog_get_hit_chance (MgTftAttackDialog *self)
{
  return self->hit_chance;
}

int
mg_tft_attack_dialog_get_adj_dx (MgTftAttackDialog *self)
{
  return self->adj_dx;
}

const char *
mg_tft_attack_dialog_get_outcome (MgTftAttackDialog *self)
{
  return self->outcome;
}

const char *
mg_tft_attack_dialog_get_message (MgTftAttackDialog *self)
{
  return self->message;
}

const char *
mg_tft_attack_dialog_get_rolled (MgTftAttackDialog *self)
{
  return self->rolled;
}

GtkWidget *
mg_tft_attack_dialog_get_dice_row (MgTftAttackDialog *self)
{
  return GTK_WIDGET (self->dice_row);
}

GtkWidget *
mg_tft_attack_dialog_get_outcome_label (MgTftAttackDialog *self)
{
  return GTK_WIDGET (self->outcome_label);
}

char *
mg_tft_attack_dialog_get_odds_rows (MgTftAttackDialog *self)
{
  GString *rows = g_string_new (NULL);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->spread_grid)); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c))
      g_string_append_printf (rows, "%s%s", rows->len ? "|" : "", gtk_label_get_text (GTK_LABEL (c)));
  return g_string_free (rows, FALSE);
}

/* GObject */

static void
mg_tft_attack_dialog_finalize (GObject *object)
{
  MgTftAttackDialog *self = MG_TFT_ATTACK_DIALOG (object);

  g_clear_object (&self->campaign);
  g_free (self->figure);
  g_free (self->outcome);
  g_free (self->rolled);
  g_free (self->message);
  g_ptr_array_unref (self->line);
  G_OBJECT_CLASS (mg_tft_attack_dialog_parent_class)->finalize (object);
}

static void
mg_tft_attack_dialog_class_init (MgTftAttackDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = mg_tft_attack_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-attack-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftAttackDialog, name)
  BIND (cancel_button);
  BIND (apply_button);
  BIND (roll_button);
  BIND (close_button);
  BIND (outcome_group);
  BIND (outcome_label);
  BIND (rolled_label);
  BIND (attack_group);
  BIND (target_row);
  BIND (weapon_row);
  BIND (mode_row);
  BIND (throw_row);
  BIND (throw_switch);
  BIND (situation_group);
  BIND (target_info_row);
  BIND (facing_row);
  BIND (hexes_row);
  BIND (hexes_spin);
  BIND (megahexes_row);
  BIND (megahexes_spin);
  BIND (sheltering_row);
  BIND (sheltering_switch);
  BIND (hth_row);
  BIND (from_behind_row);
  BIND (from_behind_switch);
  BIND (line_row);
  BIND (odds_group);
  BIND (hit_label);
  BIND (odds_detail_label);
  BIND (spread_grid);
  BIND (dice_group);
  BIND (dice_row);
  BIND (dice_hint_label);
  BIND (message_label);
#undef BIND
  gtk_widget_class_install_action (widget_class, "attack.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "attack.roll", NULL, roll_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mg_tft_attack_dialog_init (MgTftAttackDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->line = g_ptr_array_new_with_free_func (line_entry_free);
  self->hit_chance = -1;
}

MgTftAttackDialog *
mg_tft_attack_dialog_new (GtkWindow *parent, MgCampaign *campaign, const char *figure)
{
  MgTftAttackDialog *self = g_object_new (MG_TYPE_TFT_ATTACK_DIALOG, "transient-for", parent, NULL);
  g_autoptr(json_object) view = mg_tft_view (campaign);
  g_autoptr(json_object) pending = json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (campaign)));

  self->campaign = g_object_ref (campaign);
  self->figure = g_strdup (figure);
  self->filling = TRUE;
  fill (self, mg_tft_view_fight (view), pending);
  self->filling = FALSE;
  gtk_window_set_default_widget (GTK_WINDOW (self), self->apply_button);

  g_signal_connect_swapped (self->target_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->weapon_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->mode_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->throw_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->facing_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->hexes_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->megahexes_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->sheltering_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->hth_row, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->from_behind_switch, "notify::active", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->dice_row, "changed", G_CALLBACK (update), self);
  update (self);
  self->ready = TRUE;
  return self;
}

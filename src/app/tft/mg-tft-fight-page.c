/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight-page.c — a fight, as the rulebook's turn sequence: initiative, each figure's
 * option, the attacks in adjusted-DX order (each in the attack dialog), the end of the turn
 * with forced retreats, and the experience award when one side is out. Every step is an
 * engine action, validated before it is offered; a new fight starts a new session. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-widget-util.h"
#include "mg-wrap-box.h"
#include "mg-errors.h"
#include "mg-tft.h"
#include "mg-tft-fight-page.h"
#include "mg-tft-util.h"
#include "mg-table-state.h"
#include "mg-narrate.h"
#include "mg-accessible.h"

struct _MgTftFightPage
{
  GtkWidget      parent_instance;

  MgCampaign    *campaign;
  GPtrArray     *setup_rows;     /* AdwComboRow*, data "figure" */
  GPtrArray     *fighter_rows;   /* MgTftFighterRow* */
  char          *roster_key;
  char          *fighters_key;
  char          *order_key;     /* the attack order its list was made from */
  char          *default_name;
  char          *award;
  char          *message;
  char          *title;
  gboolean       filling;
  char          *setup_problem;
  gboolean       setup_touched;   /* the referee changed the New Fight form: now say what is wrong */
  GtkWidget     *attack_dialog;  /* weak */

  GtkStack      *stack;
  /* The New Fight form (ui/tft/mg-tft-fight-setup.ui), built the first time it is shown: a
   * campaign opened mid-fight never builds it. NULL until then. */
  GtkWidget     *setup_page;
  GtkWidget     *award_box;
  GtkLabel      *award_title;
  GtkLabel      *award_label;
  AdwEntryRow   *fight_name_row;
  AdwComboRow   *kind_row;
  GtkWidget     *arena_row;   /* "On the arena": shown when the ruleset has an arena and allows it */
  GtkSwitch     *arena_switch;
  AdwEntryRow   *side_a_row;
  AdwEntryRow   *side_b_row;
  GtkListBox    *figures_list;
  GtkLabel      *setup_message;
  GtkWidget     *start_button;
  GtkLabel      *title_label;
  GtkLabel      *pending_label;
  GtkEntry      *dice_entry;
  GtkLabel      *dice_hint;
  GtkFlowBox    *step_box;
  GtkWidget     *initiative_button;
  GtkDropDown   *first_dropdown;
  GtkWidget     *order_button;
  GtkWidget     *attack_button;
  GtkWidget     *pass_button;
  GtkWidget     *dagger_button;
  GtkWidget     *disengage_button;
  GtkDropDown   *retreat_dropdown;   /* built when first needed (build_step_part): NULL until then */
  GtkWidget     *end_turn_button;
  GtkWidget     *end_fight_button;
  GtkWidget     *abandon_button;
  GtkLabel      *step_message;
  GtkLabel      *last_label;
  MgWrapBox     *fighters_box;   /* not a GtkFlowBox: its slots took Tab stops and trapped Tab */
  MgTftArenaView *arena;             /* built when a fight on the arena is first shown: NULL until then */
  GtkWidget     *arena_box;
  GtkLabel      *arena_hint;
  GtkWidget     *order_group;        /* built when first needed: NULL until then */
  GtkListBox    *order_list;
  GtkListBox    *log_list;
  /* "This Fight So Far": its rows' text, put in the list the first time the list comes into view or
   * the keyboard moves through the page (log_built); at a small window the first frame shows neither. */
  GPtrArray     *log_lines;
  gboolean       log_built;
  /* The fighters' cards likewise (cards_built): at a small window they are below the fold too. */
  gboolean       cards_built;
  gboolean       allocating;     /* in size_allocate, which checks the view itself once laid out */
};

G_DEFINE_FINAL_TYPE (MgTftFightPage, mg_tft_fight_page, GTK_TYPE_WIDGET)

static void refresh (MgTftFightPage *self);

static void
set_message (MgTftFightPage *self, GtkLabel *label, const char *message)
{
  mg_tft_say (label, message);
  g_free (self->message);
  self->message = g_strdup (mg_tft_said (label));
  /* A refusal (a step out of reach, dice not read) said wherever the focus is (issue 44). */
  mg_accessible_announce (GTK_WIDGET (label), self->message);
}

static char *
side_name (AdwEntryRow *row, const char *fallback)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  return text[0] != '\0' ? g_steal_pointer (&text) : g_strdup (fallback);
}

/* ---- setup ---- */

static json_object *
start_action (MgTftFightPage *self)
{
  json_object *action = mg_tft_action_new ("start_fight");
  json_object *sides = json_object_new_object ();
  g_autofree char *a = side_name (self->side_a_row, _("First side"));
  g_autofree char *b = side_name (self->side_b_row, _("Second side"));
  json_object *lists[2] = { json_object_new_array (), json_object_new_array () };

  for (guint i = 0; i < self->setup_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->setup_rows, i);
      const char *side = mg_tft_choice_get (row);

      if (g_strcmp0 (side, "a") == 0 || g_strcmp0 (side, "b") == 0)
        json_object_array_add (lists[side[0] == 'b'], json_object_new_string (g_object_get_data (G_OBJECT (row), "figure")));
    }
  json_object_object_add (action, "kind", json_object_new_string (mg_tft_choice_get (self->kind_row) ?: "death"));
  if (self->arena_switch != NULL && gtk_widget_get_visible (self->arena_row) && gtk_switch_get_active (self->arena_switch))
    {
      json_object *arenas = mg_ui_json_array (mg_campaign_get_ruleset (self->campaign), "arenas");
      const char *id = arenas != NULL && json_object_array_length (arenas) > 0
                       ? mg_ui_json_str (json_object_array_get_idx (arenas, 0), "id") : "arena_1977";
      json_object_object_add (action, "arena", json_object_new_string (id));
    }
  json_object_object_add (sides, a, lists[0]);
  if (g_strcmp0 (a, b) != 0)
    json_object_object_add (sides, b, lists[1]);
  else
    json_object_put (lists[1]);
  json_object_object_add (action, "sides", sides);
  return action;
}

static void
fill_side_choices (MgTftFightPage *self)
{
  g_autofree char *a = side_name (self->side_a_row, _("First side"));
  g_autofree char *b = side_name (self->side_b_row, _("Second side"));
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_ptr_array_add (ids, ""), g_ptr_array_add (names, _("Stays out"));
  g_ptr_array_add (ids, "a"), g_ptr_array_add (names, a);
  g_ptr_array_add (ids, "b"), g_ptr_array_add (names, b);
  self->filling = TRUE;
  for (guint i = 0; i < self->setup_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->setup_rows, i);
      g_autofree char *was = g_strdup (mg_tft_choice_get (row));

      mg_tft_choice_fill (row, ids, names);
      mg_tft_choice_set (row, was != NULL ? was : "");
    }
  self->filling = FALSE;
}

/* What stops the New Fight form, as a sentence for the referee. */
static const char *
setup_problem (MgTftFightPage *self, const GError *error)
{
  g_autofree char *a = side_name (self->side_a_row, _("First side"));
  g_autofree char *b = side_name (self->side_b_row, _("Second side"));
  guint on[2] = { 0, 0 };

  if (g_error_matches (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL))
    return error->message;
  for (guint i = 0; i < self->setup_rows->len; i++)
    {
      const char *side = mg_tft_choice_get (g_ptr_array_index (self->setup_rows, i));
      if (g_strcmp0 (side, "a") == 0 || g_strcmp0 (side, "b") == 0)
        on[side[0] == 'b']++;
    }
  g_free (self->setup_problem);
  if (g_strcmp0 (a, b) == 0)
    self->setup_problem = g_strdup (_("Give the two sides different names."));
  else if (on[0] == 0 || on[1] == 0)
    self->setup_problem = g_strdup_printf (_("Put at least one fighter on %s."), on[0] == 0 ? a : b);
  else
    self->setup_problem = g_strdup (_("This fight cannot start as it stands: check the sides."));
  return self->setup_problem;
}

static void
setup_changed (MgTftFightPage *self)
{
  g_autoptr(GError) error = NULL;
  json_object *action;
  gboolean ok;

  if (self->filling)
    return;
  action = start_action (self);
  ok = mg_campaign_validate (self->campaign, action, &error);
  json_object_put (action);
  /* Said only once the form was touched, and in the referee's words: the engine's refusals of a
   * fight are sentences already; a malformed one (an empty side) gets one here. */
  set_message (self, self->setup_message, ok || !self->setup_touched ? NULL : setup_problem (self, error));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "fight.start", ok);
}

static void
setup_touched (MgTftFightPage *self)
{
  if (!self->filling)
    self->setup_touched = TRUE;
  setup_changed (self);
}

static void
sides_renamed (MgTftFightPage *self)
{
  fill_side_choices (self);
  setup_touched (self);
}

/* What the last fight gave each figure, from the figures' histories. */
static void
refresh_award (MgTftFightPage *self, json_object *view)
{
  int number = mg_ui_json_int (view, "fights", 0);
  json_object *roster = mg_ui_json_array (view, "roster");
  g_autoptr(GString) lines = g_string_new (NULL);
  const char *kind = NULL;

  for (size_t i = 0; number > 0 && roster != NULL && i < json_object_array_length (roster); i++)
    {
      json_object *figure = json_object_array_get_idx (roster, i);
      json_object *history = mg_ui_json_array (figure, "history");

      for (size_t h = 0; history != NULL && h < json_object_array_length (history); h++)
        {
          json_object *entry = json_object_array_get_idx (history, h);

          if (g_strcmp0 (mg_ui_json_str (entry, "what"), "fight") != 0 || mg_ui_json_int (entry, "fight", 0) != number)
            continue;
          kind = mg_ui_json_str (entry, "kind");
          /* Translators: one line of the experience award: "Flavius (Romans): won, +50 EP, now 50 EP". */
          g_string_append_printf (lines, _("%s (%s): %s, %+d EP, now %d EP%s\n"), mg_ui_json_str (figure, "name"),
                                  mg_ui_json_str (entry, "side") ?: "", mg_tft_result_name (mg_ui_json_str (entry, "result")),
                                  mg_ui_json_int (entry, "ep", 0), mg_ui_json_int (figure, "ep", 0),
                                  mg_ui_json_bool (figure, "alive") ? "" : _(" — fell"));
        }
    }
  g_clear_pointer (&self->award, g_free);
  if (lines->len > 0)
    {
      g_autofree char *title = g_strdup_printf (_("Fight %d, %s, is over. Experience:"), number, mg_tft_kind_phrase (kind));

      g_string_truncate (lines, lines->len - 1);
      self->award = g_strdup (lines->str);
      gtk_label_set_text (self->award_title, title);
      gtk_label_set_text (self->award_label, self->award);
    }
  gtk_widget_set_visible (self->award_box, self->award != NULL);
}

static void
ensure_setup (MgTftFightPage *self)
{
  g_autoptr(GtkBuilder) builder = NULL;
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *ids[] = { "death", "arena", "practice" };
  const char * const *players = mg_campaign_get_players (self->campaign);
  gboolean two = players != NULL && players[0] != NULL && players[1] != NULL;

  if (self->setup_page != NULL)
    return;
  builder = gtk_builder_new_from_resource ("/io/github/meleegm/MeleeGM/tft/mg-tft-fight-setup.ui");
#define GET(name) self->name = (gpointer) gtk_builder_get_object (builder, #name)
  GET (setup_page);
  GET (award_box);
  GET (award_title);
  GET (award_label);
  GET (fight_name_row);
  GET (kind_row);
  GET (arena_row);
  GET (arena_switch);
  GET (side_a_row);
  GET (side_b_row);
  GET (figures_list);
  GET (setup_message);
  GET (start_button);
#undef GET
  gtk_stack_add_named (self->stack, self->setup_page, "setup");

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_ptr_array_add (kinds, (gpointer) ids[i]);
      g_ptr_array_add (names, (gpointer) mg_tft_kind_title (ids[i]));
    }
  mg_tft_choice_fill (self->kind_row, kinds, names);
  /* The sides default to the campaign's first two players, each figure to its owner's side. */
  self->filling = TRUE;
  /* Translators: the default names of the two sides of a new fight; the referee may rename them. */
  gtk_editable_set_text (GTK_EDITABLE (self->side_a_row), two ? players[0] : C_("fight side", "Red"));
  gtk_editable_set_text (GTK_EDITABLE (self->side_b_row), two ? players[1] : C_("fight side", "Blue"));
  self->filling = FALSE;
  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (setup_touched), self);
  g_signal_connect_swapped (self->arena_switch, "notify::active", G_CALLBACK (setup_touched), self);
  g_signal_connect_swapped (self->side_a_row, "changed", G_CALLBACK (sides_renamed), self);
  g_signal_connect_swapped (self->side_b_row, "changed", G_CALLBACK (sides_renamed), self);
}

static void
refresh_setup (MgTftFightPage *self, json_object *view)
{
  json_object *roster = mg_ui_json_array (view, "roster");
  g_autoptr(GString) key = g_string_new (NULL);
  g_autofree char *name = g_strdup_printf (_("Fight %d"), mg_ui_json_int (view, "fights", 0) + 1);

  {
    /* offered unless the table's house rule says "no board" (docs/rules/tft.md, The arena) */
    json_object *house = mg_ui_json_object (mg_campaign_get_ruleset (self->campaign), "house_rules");
    gtk_widget_set_visible (self->arena_row, !mg_ui_json_bool (house, "no_board"));
  }
  refresh_award (self, view);

  /* A suggested name, kept while the referee has not typed another. */
  if (gtk_editable_get_text (GTK_EDITABLE (self->fight_name_row))[0] == '\0'
      || g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->fight_name_row)), self->default_name) == 0)
    gtk_editable_set_text (GTK_EDITABLE (self->fight_name_row), name);
  g_free (self->default_name);
  self->default_name = g_steal_pointer (&name);

  for (size_t i = 0; roster != NULL && i < json_object_array_length (roster); i++)
    {
      json_object *figure = json_object_array_get_idx (roster, i);

      /* Names and what the rows say of them (EP change after each fight). */
      if (mg_ui_json_bool (figure, "alive"))
        g_string_append_printf (key, "%s %d %d %d\n", mg_ui_json_str (figure, "name"), mg_ui_json_int (figure, "st", 0),
                                mg_ui_json_int (figure, "dx", 0), mg_ui_json_int (figure, "ep", 0));
    }
  if (g_strcmp0 (key->str, self->roster_key) != 0)
    {
      g_autoptr(GHashTable) sides = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

      /* The sides chosen so far stay with their figures. */
      for (guint i = 0; i < self->setup_rows->len; i++)
        {
          AdwComboRow *row = g_ptr_array_index (self->setup_rows, i);

          g_hash_table_insert (sides, g_strdup (g_object_get_data (G_OBJECT (row), "figure")),
                               g_strdup (mg_tft_choice_get (row) ?: ""));
        }
      mg_widget_remove_children (GTK_WIDGET (self->figures_list));
      g_ptr_array_set_size (self->setup_rows, 0);
      for (size_t i = 0; roster != NULL && i < json_object_array_length (roster); i++)
        {
          json_object *figure = json_object_array_get_idx (roster, i);
          json_object *card = mg_ui_json_object (figure, "card");
          GtkWidget *row;
          g_autofree char *subtitle = NULL;

          if (!mg_ui_json_bool (figure, "alive"))
            continue;
          row = adw_combo_row_new ();
          subtitle = g_strdup_printf (_("ST %d · adjDX %d · MA %d · %d EP"), mg_ui_json_int (card, "st", 0),
                                      mg_ui_json_int (card, "adj_dx_shield", mg_ui_json_int (card, "adj_dx", 0)),
                                      mg_ui_json_int (card, "ma", 0), mg_ui_json_int (figure, "ep", 0));
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), mg_ui_json_str (figure, "name"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          g_object_set_data_full (G_OBJECT (row), "figure", g_strdup (mg_ui_json_str (figure, "name")), g_free);
          g_object_set_data_full (G_OBJECT (row), "owner", g_strdup (mg_ui_json_str (figure, "owner")), g_free);
          g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (setup_touched), self);
          gtk_list_box_append (self->figures_list, row);
          g_ptr_array_add (self->setup_rows, row);
        }
      g_free (self->roster_key);
      self->roster_key = g_string_free (g_steal_pointer (&key), FALSE);
      fill_side_choices (self);
      self->filling = TRUE;
      for (guint i = 0; i < self->setup_rows->len; i++)
        {
          AdwComboRow *row = g_ptr_array_index (self->setup_rows, i);

          const char *was = g_hash_table_lookup (sides, g_object_get_data (G_OBJECT (row), "figure"));

          /* a new row starts on its owner's side, when a side bears the owner's name */
          if (was == NULL)
            {
              const char *owner = g_object_get_data (G_OBJECT (row), "owner");
              g_autofree char *a = side_name (self->side_a_row, "");
              g_autofree char *b = side_name (self->side_b_row, "");
              was = owner == NULL ? "" : g_strcmp0 (owner, a) == 0 ? "a" : g_strcmp0 (owner, b) == 0 ? "b" : "";
            }
          mg_tft_choice_set (row, was);
        }
      self->filling = FALSE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->figures_list), self->setup_rows->len > 0);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (GTK_WIDGET (self->figures_list), ADW_TYPE_PREFERENCES_GROUP)),
                                         self->setup_rows->len > 0 ? _("Put each fighter on a side.")
                                                                   : _("The roster has no figure able to fight: make some on the Roster page."));
  setup_changed (self);
}

static void
start_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *fight_name = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;
  json_object *action;

  if (self->setup_page == NULL)    /* the form is not shown: nothing to start from */
    return;
  fight_name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->fight_name_row))));
  action = start_action (self);

  /* Checked before the session is made, so a refused fight leaves no empty session. */
  if (!mg_campaign_validate (self->campaign, action, &error))
    {
      set_message (self, self->setup_message, error->message);
      json_object_put (action);
      return;
    }
  if (mg_campaign_new_session (self->campaign, fight_name[0] != '\0' ? fight_name : NULL, &error) <= 0)
    {
      set_message (self, self->setup_message, error->message);
      json_object_put (action);
      return;
    }
  entry = mg_widget_act (self->campaign, action, NULL, &error);
  if (entry == NULL)
    set_message (self, self->setup_message, error->message);
  else
    {
      /* The next fight gets a name of its own, and a fresh form says nothing until touched. */
      gtk_editable_set_text (GTK_EDITABLE (self->fight_name_row), "");
      self->setup_touched = FALSE;
    }
}

/* ---- the fight ---- */

static json_object *
next_waiting (json_object *pending)
{
  json_object *waiting = mg_ui_json_array (pending, "waiting");

  return waiting != NULL && json_object_array_length (waiting) > 0 ? json_object_array_get_idx (waiting, 0) : NULL;
}

static json_object *
figure_action (const char *type, json_object *pending)
{
  json_object *action = mg_tft_action_new (type);
  const char *figure = mg_ui_json_str (next_waiting (pending), "figure");

  if (figure != NULL)
    json_object_object_add (action, "figure", json_object_new_string (figure));
  return action;
}

static json_object *
end_turn_action (MgTftFightPage *self)
{
  json_object *action = mg_tft_action_new ("end_turn");
  const char *retreat = self->retreat_dropdown != NULL ? mg_tft_choice_get (self->retreat_dropdown) : NULL;

  if (retreat != NULL && retreat[0] != '\0')
    {
      g_auto(GStrv) parts = g_strsplit (retreat, "\n", 2);
      json_object *retreats = json_object_new_array ();
      json_object *one = json_object_new_object ();

      json_object_object_add (one, "figure", json_object_new_string (parts[1]));
      json_object_object_add (one, "by", json_object_new_string (parts[0]));
      json_object_array_add (retreats, one);
      json_object_object_add (action, "retreats", retreats);
    }
  return action;
}

/* The typed dice, or NULL (roll here) when the entry is empty; FALSE when they are not dice. */
static gboolean
typed_dice (MgTftFightPage *self, GArray **typed)
{
  g_autofree char *message = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->dice_entry));
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint));

  *typed = NULL;
  if (!mg_dice_parse_text (text, 6, values, &message))
    {
      set_message (self, self->step_message, message);
      g_array_unref (values);
      return FALSE;
    }
  if (values->len == 0)
    g_array_unref (values);
  else
    *typed = values;
  return TRUE;
}

static void
step_act (MgTftFightPage *self, json_object *action, gboolean with_dice)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) typed = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  if (with_dice && !typed_dice (self, &typed))
    {
      json_object_put (action);
      return;
    }
  entry = mg_widget_act (self->campaign, action, typed, &error);
  if (entry == NULL)
    {
      set_message (self, self->step_message, error->message);
      return;
    }
  set_message (self, self->step_message, NULL);
  if (typed != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->dice_entry), "");
}

/* The hint under the dice entry: how many dice the step waiting now takes. */
static void
update_dice_hint (MgTftFightPage *self, json_object *action)
{
  g_autoptr(GArray) typed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(json_object) needed = NULL;
  g_autofree char *hint = NULL;

  if (action == NULL)
    return;
  if (!mg_dice_parse_text (gtk_editable_get_text (GTK_EDITABLE (self->dice_entry)), 6, typed, &hint))
    {
      /* Not dice: said as an error, where refusals are said. */
      gtk_label_set_text (self->dice_hint, "");
      set_message (self, self->step_message, hint);
      json_object_put (action);
      return;
    }
  needed = mg_tft_dice_needed (mg_campaign_get_state (self->campaign), action, (const guint *) typed->data, typed->len, &error);
  if (needed == NULL)
    hint = g_strdup ("");
  else if (mg_ui_json_bool (needed, "complete") && typed->len == 0)
    hint = g_strdup (_("No dice needed for this step."));
  else if (mg_ui_json_bool (needed, "complete"))
    hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u die typed: ready.", "%u dice typed: ready.", typed->len), typed->len);
  else
    /* Translators: dice typed so far, then how many dice are needed next and what for
     * ("the roll to hit"); the plural follows the dice needed. */
    hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u typed. Next: %d die for %s. Leave empty to roll here.",
                                         "%u typed. Next: %d dice for %s. Leave empty to roll here.",
                                         mg_ui_json_int (needed, "count", 0)),
                            typed->len, mg_ui_json_int (needed, "count", 0),
                            mg_tft_dice_purpose (mg_ui_json_str (needed, "for")));
  gtk_label_set_text (self->dice_hint, hint);
  json_object_put (action);
}

static const char *
session_name (MgTftFightPage *self)
{
  g_autoptr(GPtrArray) sessions = mg_campaign_list_sessions (self->campaign, NULL);
  gint64 current = mg_campaign_get_session (self->campaign);

  for (guint i = 0; sessions != NULL && i < sessions->len; i++)
    {
      MgSession *session = g_ptr_array_index (sessions, i);

      if (session->id == current)
        {
          g_object_set_data_full (G_OBJECT (self), "session-name", g_strdup (session->name), g_free);
          return g_object_get_data (G_OBJECT (self), "session-name");
        }
    }
  return NULL;
}

static GtkWidget *
make_log_row (gpointer line)
{
  GtkWidget *label = gtk_label_new (line);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  return label;
}

/* The log's rows, all of them, or (wait, from size_allocate) as they come into view. */
static void
ensure_log (MgTftFightPage *self, gboolean wait)
{
  if (!self->log_built)
    {
      self->log_built = TRUE;
      mg_list_box_set_rows (self->log_list, self->log_lines, make_log_row, wait);
    }
  if (!wait)
    mg_list_box_make_rows (self->log_list, G_MAXUINT);
}

static gboolean
is_start_fight (const MgJournalEntry *entry)
{
  g_autoptr(json_object) action = entry->action != NULL ? json_tokener_parse (entry->action) : NULL;

  return g_strcmp0 (mg_ui_json_str (action, "type"), "start_fight") == 0;
}

static void
refresh_log (MgTftFightPage *self)
{
  gint64 count = mg_campaign_journal_count (self->campaign);
  gint64 session = mg_campaign_get_session (self->campaign);
  g_autoptr(GPtrArray) rows = mg_campaign_journal_range (self->campaign, MAX (0, count - 40), 40, NULL);
  const char *last = NULL;

  mg_narrate_prepare (self->campaign, rows);   /* in the viewer's language, told oldest first */
  /* A new array: the list keeps the one its rows were made from. */
  g_ptr_array_unref (self->log_lines);
  self->log_lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = rows != NULL ? rows->len : 0; i > 0 && self->log_lines->len < 16; i--)
    {
      MgJournalEntry *entry = g_ptr_array_index (rows, i - 1);

      if (entry->undone || entry->session != session || entry->summary == NULL || entry->summary[0] == '\0')
        continue;
      g_ptr_array_add (self->log_lines, mg_narrate_entry (self->campaign, entry));
      if (last == NULL)
        last = g_ptr_array_index (self->log_lines, 0);
      /* This fight's steps: none from before its start (an earlier fight's, the roster's). */
      if (is_start_fight (entry))
        break;
    }
  if (self->log_built)
    /* Issue 43: a step adds its line at the top, an undo takes it away: the others stay. */
    mg_list_box_update_rows (self->log_list, self->log_lines, make_log_row, (MgRowEqual) g_str_equal, FALSE);
  gtk_label_set_text (self->last_label, last != NULL ? last : "");
  gtk_widget_set_visible (GTK_WIDGET (self->last_label), last != NULL);
}

/* Builds one of ui/tft/mg-tft-fight-steps.ui's parts, which most turns do not show, for the caller
 * to put in its place before the builder (which owns it until then) goes. */
static GtkBuilder *
build_step_part (const char *id, gpointer *part)
{
  GtkBuilder *builder = gtk_builder_new ();
  const char *ids[] = { id, NULL };

  gtk_builder_add_objects_from_resource (builder, "/io/github/meleegm/MeleeGM/tft/mg-tft-fight-steps.ui", ids, NULL);
  *part = gtk_builder_get_object (builder, id);
  return builder;
}

static void
refresh_retreats (MgTftFightPage *self, json_object *fight)
{
  json_object *figures = mg_ui_json_array (fight, "figures");
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (ids, g_strdup (""));
  g_ptr_array_add (names, g_strdup (_("No forced retreat")));
  for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
    {
      json_object *f = json_object_array_get_idx (figures, i);
      json_object *inflicted = mg_ui_json_array (f, "inflicted");

      for (size_t j = 0; inflicted != NULL && j < json_object_array_length (inflicted); j++)
        {
          const char *by = mg_ui_json_str (f, "name");
          const char *foe = json_object_get_string (json_object_array_get_idx (inflicted, j));

          g_ptr_array_add (ids, g_strdup_printf ("%s\n%s", by, foe));
          g_ptr_array_add (names, g_strdup_printf (_("%s forces %s back a hex"), by, foe));
        }
    }
  if (ids->len > 1 && self->retreat_dropdown == NULL)
    {
      g_autoptr(GtkBuilder) builder = build_step_part ("retreat_dropdown", (gpointer *) &self->retreat_dropdown);

      mg_drop_down_defer_list (self->retreat_dropdown);
      /* between Disengage and End Turn */
      gtk_flow_box_insert (self->step_box, GTK_WIDGET (self->retreat_dropdown),
                           gtk_flow_box_child_get_index (GTK_FLOW_BOX_CHILD (gtk_widget_get_parent (self->end_turn_button))));
    }
  if (self->retreat_dropdown == NULL)
    return;
  mg_tft_choice_fill (self->retreat_dropdown, ids, names);
  gtk_widget_set_visible (GTK_WIDGET (self->retreat_dropdown), ids->len > 1);
}

/* The winner may send another side to move first (the book's turn 2: "tells Flavius to go first"). */
static json_object *
initiative_action (MgTftFightPage *self)
{
  json_object *action = mg_tft_action_new ("initiative");
  const char *first = mg_tft_choice_get (self->first_dropdown);

  if (first != NULL && first[0] != '\0')
    json_object_object_add (action, "first", json_object_new_string (first));
  return action;
}

static void
refresh_first (MgTftFightPage *self, json_object *fight, gboolean options)
{
  json_object *sides = mg_ui_json_array (fight, "sides");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) key = g_string_new (NULL);

  g_ptr_array_add (ids, "");
  g_ptr_array_add (names, g_strdup (_("The winner moves first")));
  for (size_t i = 0; sides != NULL && i < json_object_array_length (sides); i++)
    {
      const char *side = mg_ui_json_str (json_object_array_get_idx (sides, i), "name");

      g_ptr_array_add (ids, (gpointer) side);
      g_ptr_array_add (names, g_strdup_printf (_("The winner sends the %s first"), side));
      g_string_append_printf (key, "%s\n", side);
    }
  if (g_strcmp0 (key->str, g_object_get_data (G_OBJECT (self->first_dropdown), "key")) != 0)
    {
      mg_tft_choice_fill (self->first_dropdown, ids, names);
      g_object_set_data_full (G_OBJECT (self->first_dropdown), "key", g_strdup (key->str), g_free);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->first_dropdown), options);
}

/* The fighters' cards, in the fight's order. */
static void
refresh_fighters (MgTftFightPage *self, json_object *fight, json_object *pending)
{
  json_object *figures = mg_ui_json_array (fight, "figures");
  g_autoptr(GString) key = g_string_new (NULL);

  for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
    g_string_append_printf (key, "%s\n", mg_ui_json_str (json_object_array_get_idx (figures, i), "name"));
  if (g_strcmp0 (key->str, self->fighters_key) != 0)
    {
      mg_widget_remove_children (GTK_WIDGET (self->fighters_box));
      g_ptr_array_set_size (self->fighter_rows, 0);
      for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
        {
          MgTftFighterRow *row = mg_tft_fighter_row_new (self->campaign, mg_ui_json_str (json_object_array_get_idx (figures, i), "name"));

          mg_wrap_box_append (self->fighters_box, GTK_WIDGET (row));
          g_ptr_array_add (self->fighter_rows, row);
        }
      /* Two fighters side by side fill the width; more wrap by threes. */
      g_object_set (self->fighters_box, "max-per-line", CLAMP (self->fighter_rows->len, 1, 3), NULL);
      g_free (self->fighters_key);
      self->fighters_key = g_string_free (g_steal_pointer (&key), FALSE);
    }
  for (guint i = 0; i < self->fighter_rows->len; i++)
    mg_tft_fighter_row_update (g_ptr_array_index (self->fighter_rows, i), fight, pending);
}

static json_object *
current_pending (MgTftFightPage *self)
{
  return json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign)));
}

/* The hexes the figure chosen on the arena may end in with its option (the one chosen on its card, else
 * a move when disengaged, a shift when engaged). */
static void
arena_reach (MgTftFightPage *self, const char *figure)
{
  g_autoptr(json_object) view = mg_tft_view (self->campaign);
  json_object *fighter = mg_tft_fight_fighter (mg_tft_view_fight (view), figure);
  MgTftFighterRow *row = figure ? mg_tft_fight_page_get_fighter (self, figure) : NULL;
  const char *option = row ? mg_tft_fighter_row_get_option (row) : NULL;
  g_autoptr(json_object) reach = NULL;
  g_autofree char *hint = NULL;

  if (option == NULL || option[0] == '\0')
    option = mg_ui_json_len (mg_ui_json_array (fighter, "engaged_with")) > 0 ? "h" : "a";
  if (figure != NULL && g_strcmp0 (mg_ui_json_str (mg_tft_view_fight (view), "phase"), "options") == 0)
    reach = mg_tft_arena_reach (mg_campaign_get_state (self->campaign), figure, option);
  mg_tft_arena_view_set_reach (self->arena, reach);
  if (figure != NULL)
    /* Translators: %s a figure, then its option's letter; the keys are the arena's */
    hint = g_strdup_printf (_("%s (option %s): the green hexes are in reach. Arrows move the cursor, T turns, "
                              "Enter moves there; in the attacks, Enter on an enemy attacks it."), figure, option);
  gtk_label_set_text (self->arena_hint, hint ? hint : _("Click a figure, or move the cursor with the arrows and press Enter. "
                                                          "Ctrl+wheel, + and − zoom; the wheel then pans."));
}

static void
arena_moved (MgTftFightPage *self, const char *figure, const char *hex, const char *facing)
{
  MgTftFighterRow *row = mg_tft_fight_page_get_fighter (self, figure);
  g_autoptr(json_object) view = mg_tft_view (self->campaign);
  json_object *fighter = mg_tft_fight_fighter (mg_tft_view_fight (view), figure);
  const char *option;

  if (row == NULL)
    return;
  {
    /* in the attacks, a figure disengaging (options l, r) steps to the hex chosen */
    g_autoptr(json_object) pending = current_pending (self);
    json_object *next = next_waiting (pending);
    if (g_strcmp0 (mg_ui_json_str (next, "for"), "disengage") == 0 && g_strcmp0 (mg_ui_json_str (next, "figure"), figure) == 0)
      {
        json_object *step = figure_action ("disengage", pending);
        json_object_object_add (step, "to", json_object_new_string (hex));
        json_object_object_add (step, "facing", json_object_new_string (facing));
        step_act (self, step, TRUE);
        return;
      }
  }
  option = mg_tft_fighter_row_get_option (row);
  if (option == NULL || option[0] == '\0')
    mg_tft_fighter_row_choose (row, mg_ui_json_len (mg_ui_json_array (fighter, "engaged_with")) > 0 ? "h" : "a",
                               0, NULL, NULL);
  if (!mg_tft_fighter_row_move (row, hex, facing) || mg_tft_fighter_row_get_message (row) != NULL)
    set_message (self, self->step_message, mg_tft_fighter_row_get_message (row));
  else
    set_message (self, self->step_message, NULL);
}

static void
arena_attack (MgTftFightPage *self, const char *target)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "fight.attack", NULL);
  if (self->attack_dialog != NULL)
    mg_tft_attack_dialog_set_target (MG_TFT_ATTACK_DIALOG (self->attack_dialog), target);
}

/* The arena, above the cards, for a fight played on it. */
static void
refresh_arena (MgTftFightPage *self, json_object *fight)
{
  if (self->arena == NULL && mg_ui_json_object (fight, "arena") == NULL)
    return;
  if (self->arena == NULL)
    {
      GtkWidget *turn = gtk_button_new_with_mnemonic (_("_Turn"));
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      self->arena_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      self->arena = mg_tft_arena_view_new (TRUE);
      self->arena_hint = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_wrap (self->arena_hint, TRUE);
      gtk_label_set_xalign (self->arena_hint, 0);
      gtk_widget_set_hexpand (GTK_WIDGET (self->arena_hint), TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->arena_hint), "dim-label");
      gtk_widget_set_tooltip_text (turn, _("Turn the facing of the move one side clockwise (T)"));
      gtk_widget_set_size_request (GTK_WIDGET (self->arena), -1, 460);
      g_signal_connect_swapped (turn, "clicked", G_CALLBACK (mg_tft_arena_view_turn), self->arena);
      g_signal_connect_swapped (self->arena, "figure-picked", G_CALLBACK (arena_reach), self);
      g_signal_connect_swapped (self->arena, "move", G_CALLBACK (arena_moved), self);
      g_signal_connect_swapped (self->arena, "attack", G_CALLBACK (arena_attack), self);
      gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->arena_hint));
      gtk_box_append (GTK_BOX (row), turn);
      gtk_box_append (GTK_BOX (self->arena_box), GTK_WIDGET (self->arena));
      gtk_box_append (GTK_BOX (self->arena_box), row);
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->fighters_box))), self->arena_box,
                                  gtk_widget_get_prev_sibling (GTK_WIDGET (self->fighters_box)));
    }
  gtk_widget_set_visible (self->arena_box, mg_ui_json_object (fight, "arena") != NULL);
  mg_tft_arena_view_update (self->arena, fight);
  arena_reach (self, mg_tft_arena_view_get_selected (self->arena));
}

/* One slot of the attack order on its row: "1. Flavius", its attack and adjusted DX, a tick once done.
 * The tick is made the first time the row's slot is done, then shown and hidden with its suffix box
 * (hidden, as a row without a suffix has it). */
static void
set_order_row (GtkWidget *row, gsize i, json_object *slot)
{
  g_autofree char *title = g_strdup_printf ("%zu. %s", i + 1, mg_ui_json_str (slot, "figure"));
  g_autofree char *subtitle = g_strdup_printf (_("Attack %d · adjusted DX %d"), mg_ui_json_int (slot, "attack", 1),
                                               mg_ui_json_int (slot, "adj_dx", 0));
  gboolean done = mg_ui_json_bool (slot, "done");
  GtkWidget *tick = g_object_get_data (G_OBJECT (row), "mg-tft-done");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (tick == NULL && done)
    {
      tick = gtk_image_new_from_icon_name ("object-select-symbolic");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), tick);
      g_object_set_data (G_OBJECT (row), "mg-tft-done", tick);
    }
  else if (tick != NULL)
    {
      gtk_widget_set_visible (tick, done);
      gtk_widget_set_visible (gtk_widget_get_parent (tick), done);
    }
}

/* Issue 43: the attack order's rows are kept and changed in place (a slot done, a new turn's order), rows
 * added or removed only at the end; an empty order hides the group and leaves its rows as they were. */
static void
refresh_order (MgTftFightPage *self, json_object *order)
{
  const char *key = order != NULL ? json_object_to_json_string (order) : "";
  gsize n = order != NULL ? json_object_array_length (order) : 0;
  GtkListBoxRow *row;

  if (n == 0 || g_strcmp0 (key, self->order_key) == 0)
    return;
  g_free (self->order_key);
  self->order_key = g_strdup (key);
  for (gsize i = 0; i < n; i++)
    {
      GtkWidget *made = GTK_WIDGET (gtk_list_box_get_row_at_index (self->order_list, i));

      if (made == NULL)
        {
          made = adw_action_row_new ();
          gtk_list_box_append (self->order_list, made);
        }
      set_order_row (made, i, json_object_array_get_idx (order, i));
    }
  while ((row = gtk_list_box_get_row_at_index (self->order_list, n)) != NULL)
    gtk_list_box_remove (self->order_list, GTK_WIDGET (row));
}

static void
refresh_fight (MgTftFightPage *self, json_object *view, json_object *fight, json_object *pending)
{
  json_object *order = mg_ui_json_array (fight, "order");
  json_object *next = next_waiting (pending);
  const char *phase = mg_ui_json_str (fight, "phase");
  const char *waiting_for = mg_ui_json_str (next, "for");
  const char *name = session_name (self);
  json_object *dice_action = NULL;
  gboolean options = g_strcmp0 (phase, "options") == 0;
  gboolean attacks = g_strcmp0 (phase, "attacks") == 0;
  gboolean end = g_strcmp0 (phase, "end") == 0;
  /* one side out mid-turn: pending() waits for the end of the fight, which may end now */
  gboolean over = g_strcmp0 (phase, "over") == 0 || g_strcmp0 (mg_ui_json_str (pending, "phase"), "over") == 0;
  g_autofree char *turn = NULL;
  gsize n_order;

  g_free (self->title);
  turn = mg_tft_fight_turn_text (fight);
  /* Translators: "Fight 1 — to the death · Turn 6" (the fight's turn, not the journal's) */
  self->title = g_strdup_printf (_("%s — %s · %s"), name != NULL ? name : "",
                                 mg_tft_kind_title (mg_ui_json_str (fight, "kind")), turn);
  gtk_label_set_text (self->title_label, self->title);
  gtk_label_set_text (self->pending_label, mg_ui_json_str (pending, "text") ?: "");

  /* The steps the rulebook's turn sequence allows now. */
  gtk_widget_set_visible (self->initiative_button, options);
  gtk_widget_set_visible (self->order_button, options);
  gtk_widget_set_visible (self->attack_button, attacks && g_strcmp0 (waiting_for, "attack") == 0);
  gtk_widget_set_visible (self->pass_button, attacks && g_strcmp0 (waiting_for, "attack") == 0);
  gtk_widget_set_visible (self->dagger_button, attacks && g_strcmp0 (waiting_for, "draw_dagger") == 0);
  gtk_widget_set_visible (self->disengage_button, attacks && g_strcmp0 (waiting_for, "disengage") == 0);
  gtk_widget_set_visible (self->end_turn_button, end);
  gtk_widget_set_visible (self->end_fight_button, over);
  if (end)
    refresh_retreats (self, fight);
  else if (self->retreat_dropdown != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->retreat_dropdown), FALSE);

  refresh_first (self, fight, options);
  /* The flow box wraps each button in a child of its own: hide those with the buttons. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->step_box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_visible (child, gtk_widget_get_visible (gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child))));
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.initiative", initiative_action (self), NULL, FALSE);
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.order", mg_tft_action_new ("attacks"), NULL, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "fight.attack", attacks && g_strcmp0 (waiting_for, "attack") == 0);
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.pass", figure_action ("pass", pending), NULL, FALSE);
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.draw-dagger", figure_action ("draw_dagger", pending), NULL, FALSE);
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.disengage", figure_action ("disengage", pending), NULL, FALSE);
  mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.end-turn", end_turn_action (self), NULL, FALSE);
  {
    json_object *finish = mg_tft_action_new ("end_fight");

    mg_tft_check (self->campaign, GTK_WIDGET (self), "fight.end", finish, NULL, FALSE);
  }

  if (options)
    {
      /* The dice typed here go to the initiative while it may be rolled, else to the ties of
       * the attack order. */
      dice_action = mg_tft_action_new ("initiative");
      if (!mg_campaign_validate (self->campaign, dice_action, NULL))
        {
          json_object_put (dice_action);
          dice_action = mg_tft_action_new ("attacks");
        }
    }
  else if (attacks && g_strcmp0 (waiting_for, "draw_dagger") == 0)
    dice_action = figure_action ("draw_dagger", pending);
  else if (attacks && g_strcmp0 (waiting_for, "disengage") == 0)
    dice_action = figure_action ("disengage", pending);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->dice_entry)), dice_action != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->dice_hint), dice_action != NULL);
  update_dice_hint (self, dice_action);

  if (self->cards_built)
    refresh_fighters (self, fight, pending);
  refresh_arena (self, fight);

  if (order != NULL && json_object_array_length (order) > 0 && self->order_group == NULL)
    {
      g_autoptr(GtkBuilder) builder = build_step_part ("order_group", (gpointer *) &self->order_group);

      self->order_list = GTK_LIST_BOX (gtk_builder_get_object (builder, "order_list"));
      gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->fighters_box))), self->order_group,
                                  GTK_WIDGET (self->fighters_box));
    }
  n_order = order != NULL ? json_object_array_length (order) : 0;
  if (self->order_group != NULL)
    refresh_order (self, order);
  if (self->order_group != NULL)
    gtk_widget_set_visible (self->order_group, n_order > 0);
  refresh_log (self);
  /* The step just taken hid its button (Attack Order, an attack's dialog closing): the focus goes
   * to the next step, not to the header's Undo (issue 44). */
  mg_accessible_keep_focus (GTK_WIDGET (self), GTK_WIDGET (self->step_box));
}

static void
refresh (MgTftFightPage *self)
{
  g_autoptr(json_object) view = mg_tft_view (self->campaign);
  g_autoptr(json_object) pending = json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign)));
  json_object *fight = mg_tft_view_fight (view);

  if (fight == NULL)
    {
      g_clear_pointer (&self->fighters_key, g_free);
      ensure_setup (self);
      gtk_stack_set_visible_child_name (self->stack, "setup");
      refresh_setup (self, view);
    }
  else
    {
      gtk_stack_set_visible_child_name (self->stack, "fight");
      refresh_fight (self, view, fight, pending);
    }
}

static void
ensure_cards (MgTftFightPage *self)
{
  g_autoptr(json_object) view = NULL;
  g_autoptr(json_object) pending = NULL;
  json_object *fight;

  if (self->cards_built)
    return;
  self->cards_built = TRUE;
  view = mg_tft_view (self->campaign);
  pending = json_object_get (mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign)));
  fight = mg_tft_view_fight (view);
  if (fight != NULL)
    refresh_fighters (self, fight, pending);
}

static void
initiative_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);

  step_act (self, initiative_action (self), TRUE);
}

static void
order_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  step_act (MG_TFT_FIGHT_PAGE (widget), mg_tft_action_new ("attacks"), TRUE);
}

/* pass, draw_dagger, disengage: the figure next in the order; the last two roll a die. */
static void
figure_step_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);
  g_autoptr(json_object) pending = current_pending (self);
  const char *type = g_str_equal (name, "fight.pass") ? "pass"
                   : g_str_equal (name, "fight.draw-dagger") ? "draw_dagger" : "disengage";

  step_act (self, figure_action (type, pending), !g_str_equal (type, "pass"));
}

static void
end_turn_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);

  step_act (self, end_turn_action (self), FALSE);
}

static void
attack_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);
  g_autoptr(json_object) pending = current_pending (self);
  const char *figure = mg_ui_json_str (next_waiting (pending), "figure");
  GtkRoot *root = gtk_widget_get_root (widget);
  MgTftAttackDialog *dialog;

  if (figure == NULL)
    return;
  dialog = mg_tft_attack_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->campaign, figure);
  g_set_weak_pointer (&self->attack_dialog, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
mg_tft_fight_page_end (MgTftFightPage *self, const char * const *slain)
{
  json_object *action = mg_tft_action_new ("end_fight");
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  if (slain != NULL && slain[0] != NULL)
    {
      json_object *list = json_object_new_array ();

      for (guint i = 0; slain[i] != NULL; i++)
        json_object_array_add (list, json_object_new_string (slain[i]));
      json_object_object_add (action, "slain", list);
    }
  entry = mg_widget_act (self->campaign, action, NULL, &error);
  if (entry == NULL)
    set_message (self, self->step_message, error->message);
  return entry != NULL;
}

static void
end_response (AdwMessageDialog *dialog, const char *response, MgTftFightPage *self)
{
  GPtrArray *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  g_autoptr(GPtrArray) slain = g_ptr_array_new ();

  if (g_strcmp0 (response, "end") != 0)
    return;
  for (guint i = 0; checks != NULL && i < checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (checks, i)))
      g_ptr_array_add (slain, g_object_get_data (G_OBJECT (g_ptr_array_index (checks, i)), "figure"));
  g_ptr_array_add (slain, NULL);
  mg_tft_fight_page_end (self, (const char * const *) slain->pdata);
}

/* To the death: the winners may finish unconscious foes, so the dialog asks which. */
static void
end_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);
  g_autoptr(json_object) view = mg_tft_view (self->campaign);
  json_object *fight = mg_tft_view_fight (view);
  json_object *figures = mg_ui_json_array (fight, "figures");
  GPtrArray *checks = g_ptr_array_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *dialog;
  GtkRoot *root = gtk_widget_get_root (widget);

  for (size_t i = 0; figures != NULL && i < json_object_array_length (figures); i++)
    {
      json_object *f = json_object_array_get_idx (figures, i);
      g_autofree char *label = NULL;
      GtkWidget *check;

      if (g_strcmp0 (mg_ui_json_str (f, "state"), "unconscious") != 0
          || g_strcmp0 (mg_ui_json_str (fight, "kind"), "death") != 0)
        continue;
      label = g_strdup_printf (_("Slay %s (unconscious)"), mg_ui_json_str (f, "name"));
      check = gtk_check_button_new_with_label (label);
      g_object_set_data_full (G_OBJECT (check), "figure", g_strdup (mg_ui_json_str (f, "name")), g_free);
      gtk_box_append (GTK_BOX (box), check);
      g_ptr_array_add (checks, check);
    }
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("End the Fight?"),
                                   _("Experience is awarded as the rulebook gives it and the fight is recorded on every figure; their hits heal."));
  if (checks->len > 0)
    adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  else
    g_object_ref_sink (box), g_object_unref (box);
  g_object_set_data_full (G_OBJECT (dialog), "checks", checks, (GDestroyNotify) g_ptr_array_unref);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "end", _("_End and Award"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "end");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (end_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
abandon_response (AdwMessageDialog *dialog, const char *response, MgTftFightPage *self)
{
  json_object *action;

  if (g_strcmp0 (response, "abandon") != 0)
    return;
  action = mg_tft_action_new ("end_fight");
  json_object_object_add (action, "abandon", json_object_new_boolean (TRUE));
  step_act (self, action, FALSE);
}

static void
abandon_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Abandon the Fight?"),
                                              _("The fight is recorded as abandoned and nobody gains experience. Undo brings it back."));

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "abandon", _("_Abandon"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "abandon", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (abandon_response), widget, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Enter in the dice entry takes the step the dice are for. */
static void
dice_activated (MgTftFightPage *self)
{
  const char *steps[] = { "fight.initiative", "fight.order", "fight.draw-dagger", "fight.disengage" };
  GtkWidget *buttons[] = { self->initiative_button, self->order_button, self->dagger_button, self->disengage_button };

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    if (gtk_widget_get_visible (buttons[i]) && gtk_widget_is_sensitive (buttons[i]))
      {
        gtk_widget_activate_action (GTK_WIDGET (self), steps[i], NULL);
        return;
      }
}

static void
dice_changed (MgTftFightPage *self)
{
  set_message (self, self->step_message, NULL);
  refresh (self);
}

/* Test handles */

void
mg_tft_fight_page_setup (MgTftFightPage *self, const char *name, const char *kind, const char *side_a, const char *side_b)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  ensure_setup (self);
  gtk_editable_set_text (GTK_EDITABLE (self->fight_name_row), name);
  mg_tft_choice_set (self->kind_row, kind);
  gtk_editable_set_text (GTK_EDITABLE (self->side_a_row), side_a);
  gtk_editable_set_text (GTK_EDITABLE (self->side_b_row), side_b);
}

gboolean
mg_tft_fight_page_set_side (MgTftFightPage *self, const char *figure, int side)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  for (guint i = 0; i < self->setup_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->setup_rows, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "figure"), figure) == 0)
        return mg_tft_choice_set (row, side < 0 ? "" : side == 0 ? "a" : "b");
    }
  return FALSE;
}

gboolean
mg_tft_fight_page_set_first (MgTftFightPage *self, const char *side)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return mg_tft_choice_set (self->first_dropdown, side != NULL ? side : "");
}

gboolean
mg_tft_fight_page_set_retreat (MgTftFightPage *self, const char *by, const char *figure)
{
  g_autofree char *id = g_strdup_printf ("%s\n%s", by, figure);

  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->retreat_dropdown != NULL && mg_tft_choice_set (self->retreat_dropdown, id);
}

MgTftFighterRow *
mg_tft_fight_page_get_fighter (MgTftFightPage *self, const char *figure)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  ensure_cards (self);
  for (guint i = 0; i < self->fighter_rows->len; i++)
    if (g_strcmp0 (mg_tft_fighter_row_get_figure (g_ptr_array_index (self->fighter_rows, i)), figure) == 0)
      return g_ptr_array_index (self->fighter_rows, i);
  return NULL;
}

void
mg_tft_fight_page_set_dice (MgTftFightPage *self, const char *typed)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  gtk_editable_set_text (GTK_EDITABLE (self->dice_entry), typed);
}

MgTftAttackDialog *
mg_tft_fight_page_get_attack_dialog (MgTftFightPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->attack_dialog != NULL ? MG_TFT_ATTACK_DIALOG (self->attack_dialog) : NULL;
}

const char *
mg_tft_fight_page_get_message (MgTftFightPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->message;
}

/* The New Fight form's message (NULL when none), its side names, a figure's side (-1 out). */
const char *
mg_tft_fight_page_get_setup_message (MgTftFightPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->setup_page != NULL ? mg_tft_said (self->setup_message) : NULL;
}

const char *
mg_tft_fight_page_get_side_name (MgTftFightPage *self, int side)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  ensure_setup (self);
  return gtk_editable_get_text (GTK_EDITABLE (side == 0 ? self->side_a_row : self->side_b_row));
}

int
mg_tft_fight_page_get_side (MgTftFightPage *self, const char *figure)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  for (guint i = 0; i < self->setup_rows->len; i++)
    {
      AdwComboRow *row = g_ptr_array_index (self->setup_rows, i);
      if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "figure"), figure) == 0)
        {
          const char *side = mg_tft_choice_get (row);
          return g_strcmp0 (side, "a") == 0 ? 0 : g_strcmp0 (side, "b") == 0 ? 1 : -1;
        }
    }
  return -2;
}

const char *
mg_tft_fight_page_get_award (MgTftFightPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->setup_page != NULL && gtk_widget_get_visible (self->award_box) ? self->award : NULL;
}

MgTftArenaView *
mg_tft_fight_page_get_arena (MgTftFightPage *self)
{
  return self->arena;
}

const char *
mg_tft_fight_page_get_title (MgTftFightPage *self)
{
  mg_widget_redraw_pending (GTK_WIDGET (self));
  return self->title;
}

GtkWidget *
mg_tft_fight_page_get_log (MgTftFightPage *self)
{
  return GTK_WIDGET (self->log_list);
}

gboolean
mg_tft_fight_page_has_cards (MgTftFightPage *self)
{
  return self->cards_built;
}

gboolean
mg_tft_fight_page_has_setup (MgTftFightPage *self)
{
  return self->setup_page != NULL;
}

GtkWidget *
mg_tft_fight_page_get_button (MgTftFightPage *self, const char *which)
{
  const char *names[] = { "start", "initiative", "order", "attack", "pass", "end-turn", "end" };
  GtkWidget *buttons[] = { self->start_button, self->initiative_button, self->order_button, self->attack_button,
                           self->pass_button, self->end_turn_button, self->end_fight_button };

  mg_widget_redraw_pending (GTK_WIDGET (self));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (names[i], which) == 0)
      return buttons[i];
  return NULL;
}

/* GObject */

static void
mg_tft_fight_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                           int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  gtk_widget_measure (GTK_WIDGET (MG_TFT_FIGHT_PAGE (widget)->stack), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

/* The fighters' cards and the log's rows are built in the layout that first brings them into view,
 * and laid out at once, so no frame shows the page without them; of the log, the rows in view, the
 * rest after the frame (mg_list_box_grow_rows). The cards come first: built, they push the log
 * down. */
static void
mg_tft_fight_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (widget);

  self->allocating = TRUE;
  gtk_widget_allocate (GTK_WIDGET (self->stack), width, height, baseline, NULL);
  self->allocating = FALSE;
  if (!self->cards_built && mg_widget_in_scrolled_view (GTK_WIDGET (self->fighters_box)))
    {
      ensure_cards (self);
      gtk_widget_allocate (GTK_WIDGET (self->stack), width, height, baseline, NULL);
    }
  if (!self->log_built && self->log_lines->len > 0 && mg_widget_in_scrolled_view (GTK_WIDGET (self->log_list)))
    {
      ensure_log (self, TRUE);
      gtk_widget_allocate (GTK_WIDGET (self->stack), width, height, baseline, NULL);
      mg_list_box_grow_rows (self->log_list, GTK_WIDGET (self->stack), width, height, baseline);
    }
}

/* Scrolled to: built now, laid out in the frame that shows them. A scroll made by the page's own
 * layout (a taller window) is left to mg_tft_fight_page_size_allocate, where positions are current. */
static void
scrolled (MgTftFightPage *self)
{
  if (self->allocating)
    return;
  if (!self->cards_built && mg_widget_in_scrolled_view (GTK_WIDGET (self->fighters_box)))
    ensure_cards (self);
  if (self->log_built || (self->log_lines->len > 0 && mg_widget_in_scrolled_view (GTK_WIDGET (self->log_list))))
    ensure_log (self, FALSE);
}

/* Tab and Shift+Tab find their way through the page here: the cards and the log's rows are built
 * first, so the keyboard reaches them in either direction as if they had always been there. */
static gboolean
mg_tft_fight_page_focus (GtkWidget *widget, GtkDirectionType direction)
{
  ensure_cards (MG_TFT_FIGHT_PAGE (widget));
  ensure_log (MG_TFT_FIGHT_PAGE (widget), FALSE);
  return GTK_WIDGET_CLASS (mg_tft_fight_page_parent_class)->focus (widget, direction);
}

static void
mg_tft_fight_page_dispose (GObject *object)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (object);

  g_clear_weak_pointer (&self->attack_dialog);
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_TFT_FIGHT_PAGE);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_tft_fight_page_parent_class)->dispose (object);
}

static void
mg_tft_fight_page_finalize (GObject *object)
{
  MgTftFightPage *self = MG_TFT_FIGHT_PAGE (object);

  g_ptr_array_unref (self->setup_rows);
  g_ptr_array_unref (self->fighter_rows);
  g_ptr_array_unref (self->log_lines);
  g_free (self->roster_key);
  g_free (self->setup_problem);
  g_free (self->fighters_key);
  g_free (self->order_key);
  g_free (self->default_name);
  g_free (self->award);
  g_free (self->message);
  g_free (self->title);
  G_OBJECT_CLASS (mg_tft_fight_page_parent_class)->finalize (object);
}

static void
mg_tft_fight_page_class_init (MgTftFightPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_tft_fight_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = mg_tft_fight_page_finalize;
  widget_class->measure = mg_tft_fight_page_measure;
  widget_class->size_allocate = mg_tft_fight_page_size_allocate;
  widget_class->focus = mg_tft_fight_page_focus;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/tft/mg-tft-fight-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgTftFightPage, name)
  BIND (stack);
  BIND (title_label);
  BIND (pending_label);
  BIND (dice_entry);
  BIND (dice_hint);
  BIND (step_box);
  BIND (initiative_button);
  BIND (first_dropdown);
  BIND (order_button);
  BIND (attack_button);
  BIND (pass_button);
  BIND (dagger_button);
  BIND (disengage_button);
  BIND (end_turn_button);
  BIND (end_fight_button);
  BIND (abandon_button);
  BIND (step_message);
  BIND (last_label);
  BIND (fighters_box);
  BIND (log_list);
#undef BIND
  gtk_widget_class_install_action (widget_class, "fight.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "fight.initiative", NULL, initiative_activated);
  gtk_widget_class_install_action (widget_class, "fight.order", NULL, order_activated);
  gtk_widget_class_install_action (widget_class, "fight.attack", NULL, attack_activated);
  gtk_widget_class_install_action (widget_class, "fight.pass", NULL, figure_step_activated);
  gtk_widget_class_install_action (widget_class, "fight.draw-dagger", NULL, figure_step_activated);
  gtk_widget_class_install_action (widget_class, "fight.disengage", NULL, figure_step_activated);
  gtk_widget_class_install_action (widget_class, "fight.end-turn", NULL, end_turn_activated);
  gtk_widget_class_install_action (widget_class, "fight.end", NULL, end_activated);
  gtk_widget_class_install_action (widget_class, "fight.abandon", NULL, abandon_activated);
}

static void
mg_tft_fight_page_init (MgTftFightPage *self)
{
  g_type_ensure (MG_TYPE_TFT_FIGHTER_ROW);
  g_type_ensure (MG_TYPE_WRAP_BOX);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->setup_rows = g_ptr_array_new ();
  self->fighter_rows = g_ptr_array_new ();
  self->log_lines = g_ptr_array_new_with_free_func (g_free);
  mg_drop_down_defer_list (self->first_dropdown);
  {
    GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self->log_list), GTK_TYPE_SCROLLED_WINDOW);

    g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)), "value-changed",
                             G_CALLBACK (scrolled), self, G_CONNECT_SWAPPED);
  }
}

MgTftFightPage *
mg_tft_fight_page_new (MgCampaign *campaign)
{
  MgTftFightPage *self = g_object_new (MG_TYPE_TFT_FIGHT_PAGE, NULL);

  mg_widget_load_css ("/io/github/meleegm/MeleeGM/tft/tft.css");
  self->campaign = g_object_ref (campaign);
  g_signal_connect_swapped (self->dice_entry, "changed", G_CALLBACK (dice_changed), self);
  g_signal_connect_swapped (self->dice_entry, "activate", G_CALLBACK (dice_activated), self);
  mg_widget_redraw_when_shown (GTK_WIDGET (self), campaign, (MgRedrawFunc) refresh);
  return self;
}

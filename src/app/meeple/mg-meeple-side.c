/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-side.c — one Meeple Melee player's side of the table: tracks, faces, actions.
 * Faces are entered by clicking what the table shows (typed dice) or rolled here; the
 * faces held are only drawn while the table state shows this player's secrets, since the
 * screen is shared. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-meeple.h"
#include "mg-meeple-board.h"
#include "mg-text-stack.h"
#include "mg-ui-json.h"
#include "mg-meeple-side-private.h"
#include "mg-odds-bar.h"
#include "mg-secrets-button.h"

#define ODDS_SHOWN 5

struct _MgMeepleSide
{
  GtkWidget       parent_instance;

  MgCampaign     *campaign;
  MgTableState   *table;
  guint           index;
  char           *name;

  GPtrArray      *face_ids;      /* char*, ruleset order; typed value = position + 1 */
  GArray         *typed;         /* guint values typed from the table */
  GPtrArray      *face_toggles;  /* GtkToggleButton*, one per meeple held */
  GPtrArray      *pick_spins;    /* GtkSpinButton*, one per face */
  char           *faces_key;     /* the faces last drawn, to keep the selection while they stand */
  json_object    *player;        /* this player in the view last drawn */
  int             to_roll;
  int             reveal;
  gboolean        rolled;
  gboolean        picked;
  gboolean        over;
  gboolean        updating_picks;
  gboolean        was_shown;

  GtkLabel       *name_label;
  GtkLabel       *status_label;
  AdwBin         *show_bin;      /* holds the seat's secrets button, made in setup */
  GtkWidget      *tracks;
  GtkRevealer    *message_revealer;
  GtkLabel       *message_label;
  GtkWidget      *faces_group;
  GtkStack       *faces_stack;
  GtkLabel       *hidden_label;
  GtkFlowBox     *faces_box;
  GtkWidget      *dice_group;
  GtkWidget      *dice_header;
  GtkLabel       *dice_description;
  GtkFlowBox     *dice_buttons;
  gboolean        play_built;    /* mg-meeple-side-play.ui's parts below (faces_group, typed_row,
                                  * type_buttons, typed_label, roll_button, reroll_button,
                                  * reroll_here_button, set_button, set_dropdown, pick_*, odds_*):
                                  * NULL until then */
  GtkWidget      *typed_row;
  GtkBox         *type_buttons;
  GtkLabel       *typed_label;
  GtkWidget      *roll_button;
  GtkWidget      *roll_here_button;
  GtkWidget      *reroll_button;
  GtkWidget      *reroll_here_button;
  GtkWidget      *set_box;
  GtkWidget      *set_button;
  GtkDropDown    *set_dropdown;
  GtkWidget      *pick_group;
  GtkListBox     *pick_list;
  GtkLabel       *pick_total_label;
  GtkWidget      *pick_button;
  GtkWidget      *odds_group;
  GtkListBox     *odds_list;
};

G_DEFINE_FINAL_TYPE (MgMeepleSide, mg_meeple_side, GTK_TYPE_WIDGET)

static const char *
face_id (MgMeepleSide *self, guint face)
{
  return face < self->face_ids->len ? g_ptr_array_index (self->face_ids, face) : "";
}

static const char *
face_label (MgMeepleSide *self, guint face)
{
  return mg_meeple_face_name (mg_campaign_get_ruleset (self->campaign), face_id (self, face));
}

static void
show_message (MgMeepleSide *self, const char *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
}

static GArray *
selected_meeples (MgMeepleSide *self)
{
  GArray *selected = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < self->face_toggles->len; i++)
    if (gtk_toggle_button_get_active (g_ptr_array_index (self->face_toggles, i)))
      g_array_append_val (selected, i);
  return selected;
}

/* Actions as the engine's vocabulary (docs/rules/meeple.md). */

static json_object *
action_new (MgMeepleSide *self, const char *type)
{
  json_object *action = json_object_new_object ();

  json_object_object_add (action, "type", json_object_new_string (type));
  json_object_object_add (action, "player", json_object_new_string (self->name));
  return action;
}

static json_object *
reroll_action (MgMeepleSide *self)
{
  json_object *action = action_new (self, "reroll");
  json_object *meeples = json_object_new_array ();
  g_autoptr(GArray) selected = selected_meeples (self);

  for (guint i = 0; i < selected->len; i++)
    json_object_array_add (meeples, json_object_new_int (g_array_index (selected, guint, i)));
  json_object_object_add (action, "meeples", meeples);
  return action;
}

static json_object *
set_action (MgMeepleSide *self)
{
  json_object *action = action_new (self, "set");
  g_autoptr(GArray) selected = selected_meeples (self);
  guint face = self->set_dropdown != NULL ? gtk_drop_down_get_selected (self->set_dropdown) : 0;

  json_object_object_add (action, "meeple", json_object_new_int (selected->len > 0 ? g_array_index (selected, guint, 0) : 0));
  json_object_object_add (action, "face", json_object_new_string (face_id (self, face)));
  return action;
}

static int
pick_total (MgMeepleSide *self)
{
  int total = 0;

  for (guint f = 0; f < self->pick_spins->len; f++)
    total += gtk_spin_button_get_value_as_int (g_ptr_array_index (self->pick_spins, f));
  return total;
}

static json_object *
pick_action (MgMeepleSide *self)
{
  json_object *action = action_new (self, "pick");

  for (guint f = 0; f < self->pick_spins->len; f++)
    json_object_object_add (action, face_id (self, f),
                            json_object_new_int (gtk_spin_button_get_value_as_int (g_ptr_array_index (self->pick_spins, f))));
  return action;
}

/* Enables an action only if the engine would accept it; the reason goes in the tooltip. */
static gboolean
check (MgMeepleSide *self, const char *action_name, GtkWidget *button, gboolean ready, json_object *action)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = ready && action != NULL && mg_campaign_validate (self->campaign, action, &error);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), action_name, ok);
  if (button != NULL)
    mg_widget_set_tooltip (button, error != NULL ? error->message : NULL);
  json_object_put (action);
  return ok;
}

static void
update_sensitivity (MgMeepleSide *self)
{
  g_autoptr(GArray) selected = selected_meeples (self);
  guint n_sel = selected->len;
  guint needed = self->rolled ? n_sel : (guint) self->to_roll;
  g_autoptr(GString) typed = g_string_new (NULL);
  int total;

  if (self->campaign == NULL)
    return;

  /* What has been typed so far, and how many more faces are wanted. */
  for (guint i = 0; i < self->typed->len; i++)
    {
      if (i > 0)
        g_string_append (typed, ", ");
      g_string_append (typed, face_label (self, g_array_index (self->typed, guint, i) - 1));
    }
  if (!self->rolled)
    {
      g_autofree char *head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Click the %d face rolled at the table (%u typed)",
                                                            "Click the %d faces rolled at the table (%u typed)",
                                                            self->to_roll),
                                               self->to_roll, self->typed->len);
      g_string_prepend (typed, self->typed->len > 0 ? ": " : "");
      g_string_prepend (typed, head);
    }
  else if (n_sel == 0)
    g_string_assign (typed, _("Select meeples above to reroll or set them."));
  else
    {
      g_autofree char *head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Click the new face of the %u meeple rerolled (%u typed)",
                                                            "Click the new faces of the %u meeples rerolled (%u typed)",
                                                            n_sel),
                                               n_sel, self->typed->len);
      g_string_prepend (typed, self->typed->len > 0 ? ": " : "");
      g_string_prepend (typed, head);
    }
  if (self->play_built)
    gtk_label_set_text (self->typed_label, typed->str);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "side.type-face", self->typed->len < needed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "side.backspace", self->typed->len > 0);

  check (self, "side.roll", self->roll_button, !self->rolled && self->typed->len == (guint) self->to_roll,
         action_new (self, "roll"));
  check (self, "side.roll-here", self->roll_here_button, !self->rolled, action_new (self, "roll"));
  check (self, "side.reroll", self->reroll_button, self->rolled && n_sel > 0 && self->typed->len == n_sel,
         reroll_action (self));
  check (self, "side.reroll-here", self->reroll_here_button, self->rolled && n_sel > 0, reroll_action (self));
  check (self, "side.set", self->set_button, self->rolled && n_sel == 1, set_action (self));

  total = pick_total (self);
  if (self->play_built)
    {
      g_autofree char *text = g_strdup_printf (_("%d of %d chosen"), total, self->reveal);
      gtk_label_set_text (self->pick_total_label, text);
    }
  check (self, "side.pick", self->pick_button, self->rolled && total == self->reveal, pick_action (self));
}

static void
act (MgMeepleSide *self, json_object *action, gboolean with_typed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = mg_widget_act (self->campaign, action, with_typed ? self->typed : NULL, &error);

  if (entry == NULL)
    {
      /* Refused: nothing was written; say why, keep what was typed. */
      show_message (self, error->message);
      return;
    }
  show_message (self, NULL);
  g_array_set_size (self->typed, 0);
  g_clear_pointer (&self->faces_key, g_free);
  /* The campaign's "changed" signal redraws both sides. */
}

static void
roll_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (widget);

  act (self, action_new (self, "roll"), g_str_equal (name, "side.roll"));
}

static void
reroll_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (widget);

  act (self, reroll_action (self), g_str_equal (name, "side.reroll"));
}

static void
set_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (widget);

  act (self, set_action (self), FALSE);
}

static void
pick_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (widget);

  act (self, pick_action (self), FALSE);
}

static void
type_face_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (widget);
  guint value = g_variant_get_uint32 (param) + 1;

  if (value > self->face_ids->len)
    return;
  g_array_append_val (self->typed, value);
  update_sensitivity (self);
}

static void
backspace_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (widget);

  if (self->typed->len > 0)
    g_array_set_size (self->typed, self->typed->len - 1);
  update_sensitivity (self);
}

/* Building the parts that depend on the ruleset's faces */

static void
pick_changed (GtkSpinButton *spin, MgMeepleSide *self)
{
  int total = pick_total (self);

  /* Never more than the reveal count: take the excess back from the spin just changed. */
  if (!self->updating_picks && total > self->reveal)
    {
      self->updating_picks = TRUE;
      gtk_spin_button_set_value (spin, gtk_spin_button_get_value_as_int (spin) - (total - self->reveal));
      self->updating_picks = FALSE;
    }
  update_sensitivity (self);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else if (GTK_IS_FLOW_BOX (box))
        gtk_flow_box_remove (GTK_FLOW_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void build_face_buttons (MgMeepleSide *self);

static void
rebuild_faces_meta (MgMeepleSide *self)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  json_object *faces = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  gboolean same;

  if (ruleset != NULL && json_object_object_get_ex (ruleset, "faces", &faces)
      && json_object_is_type (faces, json_type_array))
    for (size_t i = 0; i < json_object_array_length (faces); i++)
      {
        json_object *id = NULL;

        json_object_object_get_ex (json_object_array_get_idx (faces, i), "id", &id);
        g_ptr_array_add (ids, g_strdup (id != NULL ? json_object_get_string (id) : "?"));
      }

  same = ids->len == self->face_ids->len;
  for (guint i = 0; same && i < ids->len; i++)
    same = g_str_equal (g_ptr_array_index (ids, i), g_ptr_array_index (self->face_ids, i));
  if (same)
    return;

  g_ptr_array_unref (self->face_ids);
  self->face_ids = g_steal_pointer (&ids);
  g_array_set_size (self->typed, 0);
  g_clear_pointer (&self->faces_key, g_free);
  if (self->play_built)
    build_face_buttons (self);
}

/* The buttons that type each face, the Set To list's names; the Pick rows again when rolled. */
static void
build_face_buttons (MgMeepleSide *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  clear_box (GTK_WIDGET (self->type_buttons));
  clear_box (GTK_WIDGET (self->pick_list));
  g_ptr_array_set_size (self->pick_spins, 0);

  for (guint f = 0; f < self->face_ids->len; f++)
    {
      g_autofree char *mnemonic = g_strdup_printf ("_%s", face_label (self, f));
      g_autofree char *face_class = g_strdup_printf ("face-%s", face_id (self, f));
      g_autofree char *tooltip = g_strdup_printf (_("A meeple shows %s"), face_label (self, f));
      GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "side.type-face");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", f);
      gtk_widget_add_css_class (button, "face-button");
      gtk_widget_add_css_class (button, face_class);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_box_append (self->type_buttons, button);

      gtk_string_list_append (names, face_label (self, f));
    }
  gtk_drop_down_set_model (self->set_dropdown, G_LIST_MODEL (names));
}

/* A count typed is taken as typed, not when the focus leaves it: Tab from the last count then
 * finds "Choose" sensitive and stops on it, instead of passing it by for the odds below, where
 * Enter replaced the pick (issue 44). */
static void
pick_typed (GtkEditable *spin)
{
  static gboolean updating;   /* the update writes the count back, which is a change again */

  if (updating)
    return;
  updating = TRUE;
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  updating = FALSE;
}

/* The Pick rows, a spin per face: only of use once this side's meeples are rolled, so built then
 * (refresh), not for every side of a campaign opened before its roll (9M instructions of the
 * first frame for the two sides). */
static void
build_pick_rows (MgMeepleSide *self)
{
  for (guint f = 0; f < self->face_ids->len; f++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, 0, 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), face_label (self, f));
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, face_label (self, f), -1);
      g_signal_connect (spin, "value-changed", G_CALLBACK (pick_changed), self);
      g_signal_connect (spin, "changed", G_CALLBACK (pick_typed), NULL);
      gtk_list_box_append (self->pick_list, row);
      g_ptr_array_add (self->pick_spins, spin);
    }
}

static void
face_toggled (MgMeepleSide *self)
{
  /* Typed faces belong to the selection they were typed for. */
  g_array_set_size (self->typed, 0);
  update_sensitivity (self);
}

static int
face_index (MgMeepleSide *self, const char *id)
{
  for (guint f = 0; f < self->face_ids->len; f++)
    if (g_str_equal (id, g_ptr_array_index (self->face_ids, f)))
      return (int) f;
  return -1;
}

static void
set_picks (MgMeepleSide *self, json_object *pick)
{
  self->updating_picks = TRUE;
  for (guint f = 0; f < self->pick_spins->len; f++)
    gtk_spin_button_set_value (g_ptr_array_index (self->pick_spins, f), mg_ui_json_int (pick, face_id (self, f), 0));
  self->updating_picks = FALSE;
  update_sensitivity (self);
}

static void
json_unref (gpointer json)
{
  json_object_put (json);
}

static void
odds_row_activated (AdwActionRow *row, MgMeepleSide *self)
{
  set_picks (self, g_object_get_data (G_OBJECT (row), "pick"));
}

static int
compare_odds (const void *a, const void *b)
{
  json_object *x = *(json_object * const *) a;
  json_object *y = *(json_object * const *) b;
  gint64 wx = json_object_get_int64 (json_object_object_get (x, "win"));
  gint64 wy = json_object_get_int64 (json_object_object_get (y, "win"));
  gint64 lx = json_object_get_int64 (json_object_object_get (x, "loss"));
  gint64 ly = json_object_get_int64 (json_object_object_get (y, "loss"));

  if (wx != wy)
    return wx > wy ? -1 : 1;
  return lx < ly ? -1 : lx > ly;
}

/* The odds of each reveal from the faces held, best first; returns the best pick (or NULL). */
static json_object *
fill_odds (MgMeepleSide *self)
{
  g_autoptr(GError) error = NULL;
  json_object *odds;
  json_object *best = NULL;
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  clear_box (GTK_WIDGET (self->odds_list));
  odds = mg_meeple_odds (mg_campaign_get_state (self->campaign), self->name, &error);
  if (odds == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), error->message);
      gtk_list_box_append (self->odds_list, row);
      return NULL;
    }

  for (size_t i = 0; i < json_object_array_length (odds); i++)
    g_ptr_array_add (sorted, json_object_array_get_idx (odds, i));
  g_ptr_array_sort (sorted, compare_odds);

  for (guint i = 0; i < MIN (sorted->len, ODDS_SHOWN); i++)
    {
      json_object *entry = g_ptr_array_index (sorted, i);
      double denominator = (double) MAX (1, json_object_get_int64 (json_object_object_get (entry, "denominator")));
      double win = json_object_get_int64 (json_object_object_get (entry, "win")) / denominator;
      double draw = json_object_get_int64 (json_object_object_get (entry, "draw")) / denominator;
      double loss = json_object_get_int64 (json_object_object_get (entry, "loss")) / denominator;
      g_autoptr(GString) title = g_string_new (NULL);
      g_autofree char *subtitle = NULL;
      json_object *pick = json_object_new_object ();
      GtkWidget *row = adw_action_row_new ();

      for (guint f = 0; f < self->face_ids->len; f++)
        {
          int n = mg_ui_json_int (entry, face_id (self, f), 0);

          json_object_object_add (pick, face_id (self, f), json_object_new_int (n));
          if (n == 0)
            continue;
          if (title->len > 0)
            g_string_append (title, ", ");
          {
            g_autofree char *counted = mg_meeple_face_count_for (mg_campaign_get_ruleset (self->campaign),
                                                                 face_id (self, f), (guint) n);

            g_string_append (title, counted);
          }
        }
      /* Translators: chances of a reveal; %% is a percent sign */
      subtitle = g_strdup_printf (_("Win %.1f %% · Draw %.1f %% · Loss %.1f %%"),
                                  100 * win, 100 * draw, 100 * loss);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title->str);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), mg_odds_bar_new (win, draw, loss));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Use this pick"));
      g_object_set_data_full (G_OBJECT (row), "pick", pick, json_unref);
      g_signal_connect (row, "activated", G_CALLBACK (odds_row_activated), self);
      gtk_list_box_append (self->odds_list, row);
      if (best == NULL)
        best = pick;
    }
  json_object_put (odds);
  return best;
}

/* Meeple i's toggle shows face id: its label, colour (a face-ID class) and tooltip. */
static void
show_face (MgMeepleSide *self, GtkWidget *toggle, size_t i, const char *id)
{
  int f = face_index (self, id);
  g_autofree char *face_class = g_strdup_printf ("face-%s", id);
  g_autofree char *tooltip = g_strdup_printf (_("Meeple %zu: %s. Select it to reroll or set it."),
                                              i + 1, f >= 0 ? face_label (self, f) : id);
  g_auto(GStrv) classes = gtk_widget_get_css_classes (toggle);

  for (guint c = 0; classes[c] != NULL; c++)
    if (g_str_has_prefix (classes[c], "face-") && g_strcmp0 (classes[c], face_class) != 0)
      gtk_widget_remove_css_class (toggle, classes[c]);
  gtk_widget_add_css_class (toggle, face_class);
  gtk_button_set_label (GTK_BUTTON (toggle), f >= 0 ? face_label (self, f) : id);
  mg_widget_set_tooltip (toggle, tooltip);
  /* Unselected, as a new toggle is (and as quietly: no selection changed under the typing). */
  g_signal_handlers_block_by_func (toggle, face_toggled, self);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  g_signal_handlers_unblock_by_func (toggle, face_toggled, self);
}

/* Issue 43: as many meeples as before (a reroll, an undo of one) keep their toggles, which show
 * the new faces; only another number of them makes the toggles again. */
static void
rebuild_faces (MgMeepleSide *self, json_object *faces)
{
  int held[16] = { 0 };
  size_t n = faces != NULL ? json_object_array_length (faces) : 0;

  if (n != self->face_toggles->len)
    {
      clear_box (GTK_WIDGET (self->faces_box));
      g_ptr_array_set_size (self->face_toggles, 0);
    }
  for (size_t i = 0; i < n; i++)
    {
      const char *id = json_object_get_string (json_object_array_get_idx (faces, i));
      int f = face_index (self, id);
      GtkWidget *toggle = i < self->face_toggles->len ? g_ptr_array_index (self->face_toggles, i) : NULL;

      if (toggle == NULL)
        {
          toggle = gtk_toggle_button_new ();
          gtk_widget_add_css_class (toggle, "meeple-face");
          g_signal_connect_swapped (toggle, "toggled", G_CALLBACK (face_toggled), self);
          gtk_flow_box_append (self->faces_box, toggle);
          mg_flow_box_slot_follows_child (gtk_widget_get_parent (toggle));
          g_ptr_array_add (self->face_toggles, toggle);
        }
      show_face (self, toggle, i, id);
      if (f >= 0 && f < 16)
        held[f]++;
    }

  self->updating_picks = TRUE;
  for (guint f = 0; f < self->pick_spins->len; f++)
    {
      GtkSpinButton *spin = g_ptr_array_index (self->pick_spins, f);

      gtk_spin_button_set_range (spin, 0, MIN (held[f], MAX (self->reveal, 0)));
      gtk_spin_button_set_value (spin, 0);
    }
  self->updating_picks = FALSE;
}

/* The faces held, typing the dice, Set To's button and list, Pick and Odds are only shown once
 * this side's faces are shown or its meeples rolled: built then, in their places in the template,
 * not for both sides of every campaign opened before a roll (a GtkDropDown, three
 * AdwPreferencesGroups, a stack, a flow box and buttons that the first frame does not show). */
static void
build_play (MgMeepleSide *self)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/meleegm/MeleeGM/meeple/mg-meeple-side-play.ui");
  GtkBox *box = GTK_BOX (gtk_widget_get_parent (self->dice_group));
  GtkBox *dice = GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->dice_buttons)));

#define GET(name) self->name = (gpointer) gtk_builder_get_object (builder, #name)
  GET (faces_group);
  GET (faces_stack);
  GET (hidden_label);
  GET (faces_box);
  GET (typed_row);
  GET (type_buttons);
  GET (typed_label);
  GET (roll_button);
  GET (reroll_button);
  GET (reroll_here_button);
  GET (set_button);
  GET (set_dropdown);
  GET (pick_group);
  GET (pick_list);
  GET (pick_total_label);
  GET (pick_button);
  GET (odds_group);
  GET (odds_list);
#undef GET

  gtk_box_insert_child_after (box, self->faces_group, gtk_widget_get_prev_sibling (self->dice_group));
  gtk_box_insert_child_after (box, self->pick_group, self->dice_group);
  gtk_box_insert_child_after (box, self->odds_group, self->pick_group);
  gtk_box_prepend (dice, GTK_WIDGET (self->typed_label));
  gtk_box_prepend (dice, self->typed_row);
  /* In the dice buttons' order: Roll Typed, Roll Here, Reroll Typed, Reroll Here, Set To. */
  gtk_flow_box_insert (self->dice_buttons, self->roll_button, 0);
  gtk_flow_box_insert (self->dice_buttons, self->reroll_button, 2);
  gtk_flow_box_insert (self->dice_buttons, self->reroll_here_button, 3);
  mg_flow_box_slot_follows_child (gtk_widget_get_parent (self->roll_button));
  mg_flow_box_slot_follows_child (gtk_widget_get_parent (self->reroll_button));
  mg_flow_box_slot_follows_child (gtk_widget_get_parent (self->reroll_here_button));
  gtk_box_append (GTK_BOX (self->set_box), self->set_button);
  gtk_box_append (GTK_BOX (self->set_box), GTK_WIDGET (self->set_dropdown));

  g_signal_connect_swapped (self->set_dropdown, "notify::selected", G_CALLBACK (update_sensitivity), self);
  /* Set To's list of faces is made when first opened. */
  mg_drop_down_defer_list (self->set_dropdown);
  self->play_built = TRUE;
  build_face_buttons (self);
}

/* The Dice header as an AdwPreferencesGroup (libadwaita 1.2) lays out its own: 6 px under a
 * title and description, a 34 px line for a title alone. */
static void
set_dice_description (MgMeepleSide *self, const char *description)
{
  gtk_label_set_text (self->dice_description, description != NULL ? description : "");
  gtk_widget_set_visible (GTK_WIDGET (self->dice_description), description != NULL);
  gtk_widget_set_margin_bottom (self->dice_header, description != NULL ? 6 : 0);
  gtk_widget_set_size_request (self->dice_header, -1, description != NULL ? -1 : 34);
}

/* The button the keyboard just used may be gone (Roll Here after the roll, Pick after the pick):
 * the focus stays in this side rather than falling back to the window, on the first meeple held
 * when the faces are shown (what the referee selects next), else on the button that shows them,
 * the side's first control. (Tab from the side itself would start after the control just gone.) */
static void
keep_focus (MgMeepleSide *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (root == NULL || (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self))))
    return;
  if (self->face_toggles->len > 0 && gtk_widget_grab_focus (g_ptr_array_index (self->face_toggles, 0)))
    return;
  gtk_widget_grab_focus (adw_bin_get_child (self->show_bin));
}

/* Reads this player out of the view the table shows: keeps the player's JSON and the numbers
 * the controls follow, and builds the play controls once there is something to play. *other and
 * *winner point into the view, which the table state owns. Returns the player's JSON, or NULL. */
static json_object *
read_player (MgMeepleSide *self, gboolean shown, const char **other, const char **winner)
{
  json_object *view, *players = NULL, *player;

  view = mg_table_state_get_shown_view (self->table, self->name);
  json_object_object_get_ex (view, "players", &players);
  player = players != NULL ? json_object_array_get_idx (players, self->index) : NULL;
  *other = mg_ui_json_str (players != NULL ? json_object_array_get_idx (players, 1 - self->index) : NULL, "name");
  *winner = mg_ui_json_str (view, "winner");

  g_clear_pointer (&self->player, json_object_put);
  self->player = json_object_get (player);
  self->to_roll = mg_ui_json_int (player, "to_roll", 0);
  self->reveal = mg_ui_json_int (player, "reveal", 0);
  self->rolled = json_object_get_boolean (json_object_object_get (player, "rolled"));
  self->picked = json_object_get_boolean (json_object_object_get (player, "picked"));
  self->over = *winner != NULL;
  if (!self->play_built && (shown || self->rolled))
    build_play (self);
  if (self->play_built && self->rolled && self->pick_spins->len == 0 && self->face_ids->len > 0)
    {
      build_pick_rows (self);
      /* The faces are drawn again below, which sets the new spins' ranges. */
      g_clear_pointer (&self->faces_key, g_free);
    }
  return player;
}

/* The actions this player has left this battle (never below 0). */
static int
actions_left (json_object *player)
{
  return MAX (mg_ui_json_int (player, "actions_allowed", 0) - mg_ui_json_int (player, "actions_used", 0), 0);
}

/* The side's one-line status: the match's result, the roll to make, or where the battle is. */
static char *
status_text (MgMeepleSide *self, json_object *player, const char *winner, const char *other)
{
  g_autofree char *next = NULL;

  if (self->over)
    return g_strcmp0 (winner, self->name) == 0 ? g_strdup (_("Won the match."))
                                               : g_strdup (_("Lost the match."));
  if (!self->rolled)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Rolls %d meeple.", "Rolls %d meeples.", self->to_roll),
                            self->to_roll);
  if (self->picked)
    /* Translators: a secret pick recorded, not shown until both have picked */
    return g_strdup_printf (_("✓ entered — waiting for %s’s pick."), other != NULL ? other : "");
  next = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%d action left, then picks %d.",
                                       "%d actions left, then picks %d.", actions_left (player)),
                          actions_left (player), self->reveal);
  /* The roll is behind the screen too: it says it is entered, not what it is. */
  /* Translators: a secret roll recorded; %s is "1 action left, then picks 6." */
  return g_strdup_printf (_("✓ roll entered — %s"), next);
}

/* Draws the faces again when they changed, and then proposes the best pick by the odds. */
static void
refresh_faces (MgMeepleSide *self, json_object *player, gboolean shown)
{
  json_object *faces = NULL;
  g_autofree char *key = NULL;

  json_object_object_get_ex (player, "faces", &faces);
  if (!json_object_is_type (faces, json_type_array))
    faces = NULL;
  key = faces != NULL ? g_strdup (json_object_to_json_string (faces)) : g_strdup ("");
  if (!self->play_built || g_strcmp0 (key, self->faces_key) == 0)
    return;
  rebuild_faces (self, faces);
  g_free (self->faces_key);
  self->faces_key = g_steal_pointer (&key);
  if (shown && self->rolled && !self->picked && !self->over)
    {
      json_object *best = fill_odds (self);

      if (best != NULL)
        set_picks (self, best);
    }
  else
    {
      /* Worked out from the faces: nothing of them stays in the widgets once they are hidden. */
      clear_box (GTK_WIDGET (self->odds_list));
      set_picks (self, NULL);
    }
}

/* Shows the controls the battle's moment allows: dice to roll or reroll, the faces, the pick. */
static void
show_controls (MgMeepleSide *self, json_object *player, gboolean shown)
{
  g_autofree char *hidden = NULL;
  g_autofree char *pick_title = NULL;

  /* Dice are only entered to roll, or to reroll while actions are left. */
  gtk_widget_set_visible (self->dice_group, !self->over && !self->picked
                                            && (!self->rolled || (shown && actions_left (player) > 0)));
  /* Typing the table's dice shows faces, so it waits for the faces to be shown: say so, or a referee
   * who only sees Roll Here would not know the dice can be typed. */
  set_dice_description (self, shown ? NULL : _("Show this player’s faces to type the dice rolled at the table."));
  /* A hidden button takes its flow box slot with it (mg_flow_box_slot_follows_child). */
  gtk_widget_set_visible (self->roll_here_button, !self->rolled);
  gtk_widget_set_visible (self->set_box, self->rolled && shown);
  if (!self->play_built)
    return;
  hidden = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%d meeple behind %s’s screen. Show the faces to type dice, act or pick.",
                                         "%d meeples behind %s’s screen. Show the faces to type dice, act or pick.",
                                         self->to_roll),
                            self->to_roll, self->name);
  pick_title = g_strdup_printf (_("Pick %d to Reveal"), self->reveal);
  gtk_widget_set_visible (self->roll_button, !self->rolled && shown);
  gtk_widget_set_visible (self->reroll_button, self->rolled && shown);
  gtk_widget_set_visible (self->reroll_here_button, self->rolled && shown);
  gtk_label_set_text (self->hidden_label, hidden);
  gtk_widget_set_visible (self->faces_group, self->rolled && !self->over && !self->picked);
  gtk_stack_set_visible_child_name (self->faces_stack, shown ? "faces" : "hidden");
  gtk_widget_set_visible (self->typed_row, shown);
  gtk_widget_set_visible (GTK_WIDGET (self->typed_label), shown);
  gtk_widget_set_visible (self->pick_group, self->rolled && !self->picked && !self->over && shown);
  gtk_widget_set_visible (self->odds_group, self->rolled && !self->picked && !self->over && shown);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->pick_group), pick_title);
}

void
mg_meeple_side_refresh (MgMeepleSide *self)
{
  json_object *player;
  const char *winner, *other;
  g_autofree char *status = NULL;
  gboolean shown, had_focus;
  int defeat;

  g_return_if_fail (MG_IS_MEEPLE_SIDE (self));
  if (self->campaign == NULL)
    return;
  had_focus = (gtk_widget_get_state_flags (GTK_WIDGET (self)) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;

  rebuild_faces_meta (self);
  defeat = mg_ui_json_int (mg_campaign_get_ruleset (self->campaign), "defeat_casualties", 6);

  /* Only this player's secrets, and only while the table state shows them. */
  shown = mg_table_state_secrets_shown (self->table, self->name);
  if (shown != self->was_shown)
    g_clear_pointer (&self->faces_key, g_free);
  self->was_shown = shown;
  player = read_player (self, shown, &other, &winner);

  mg_meeple_tracks_update (MG_MEEPLE_TRACKS (self->tracks), player, defeat);
  status = status_text (self, player, winner, other);
  gtk_label_set_text (self->status_label, status);
  refresh_faces (self, player, shown);
  show_controls (self, player, shown);

  update_sensitivity (self);
  if (had_focus)
    keep_focus (self);
}

void
mg_meeple_side_setup (MgMeepleSide *self, MgCampaign *campaign, guint index)
{
  const char * const *players = mg_campaign_get_players (campaign);
  GtkWidget *show;

  g_return_if_fail (MG_IS_MEEPLE_SIDE (self));
  g_set_object (&self->campaign, campaign);
  g_set_object (&self->table, mg_table_state_for_campaign (campaign));
  self->index = index;
  g_free (self->name);
  self->name = g_strdup (players != NULL && g_strv_length ((char **) players) > index ? players[index] : "");
  gtk_label_set_text (self->name_label, self->name);
  gtk_widget_add_css_class (GTK_WIDGET (self), index == 0 ? "player-a" : "player-b");
  /* Translators: %s is a player; the button shows their meeples on the shared screen */
  show = mg_secrets_button_new (self->table, self->name, _("S_how %s’s faces"),
                                /* Translators: %s is a player */
                                _("_Hide %s’s faces"));
  adw_bin_set_child (self->show_bin, show);
}

gboolean
mg_meeple_side_type_key (MgMeepleSide *self, guint keyval)
{
  gunichar key = g_unichar_tolower (gdk_keyval_to_unicode (keyval));

  g_return_val_if_fail (MG_IS_MEEPLE_SIDE (self), FALSE);
  if (self->typed_row == NULL || !gtk_widget_get_visible (self->typed_row))
    return FALSE;
  /* Backspace takes back the last face typed, as the button beside them does. */
  if (keyval == GDK_KEY_BackSpace)
    return gtk_widget_activate_action (GTK_WIDGET (self), "side.backspace", NULL);
  if (key == 0)
    return FALSE;
  /* A face's key is its name's first letter: S, K, P for Sweep, Kick, Punch. */
  for (guint f = 0; f < self->face_ids->len; f++)
    if (g_unichar_tolower (g_utf8_get_char (face_label (self, f))) == key)
      return gtk_widget_activate_action (GTK_WIDGET (self), "side.type-face", "u", f);
  return FALSE;
}

/* Private accessors */

MgMeepleTracks *
mg_meeple_side_get_tracks (MgMeepleSide *self)
{
  return MG_MEEPLE_TRACKS (self->tracks);
}

GtkToggleButton *
mg_meeple_side_get_show_button (MgMeepleSide *self)
{
  return GTK_TOGGLE_BUTTON (adw_bin_get_child (self->show_bin));
}

GtkWidget *
mg_meeple_side_get_type_button (MgMeepleSide *self, guint face)
{
  GtkWidget *child = self->type_buttons != NULL ? gtk_widget_get_first_child (GTK_WIDGET (self->type_buttons)) : NULL;

  for (guint i = 0; child != NULL && i < face; i++)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

GtkWidget *
mg_meeple_side_get_roll_button (MgMeepleSide *self)
{
  return self->roll_button;
}

GtkWidget *
mg_meeple_side_get_pick_button (MgMeepleSide *self)
{
  return self->pick_button;
}

GtkWidget *
mg_meeple_side_get_reroll_here_button (MgMeepleSide *self)
{
  return self->reroll_here_button;
}

GtkWidget *
mg_meeple_side_get_set_button (MgMeepleSide *self)
{
  return self->set_button;
}

GtkDropDown *
mg_meeple_side_get_set_dropdown (MgMeepleSide *self)
{
  return self->set_dropdown;
}

GtkWidget *
mg_meeple_side_get_dice_group (MgMeepleSide *self)
{
  return self->dice_group;
}

GtkWidget *
mg_meeple_side_get_faces_group (MgMeepleSide *self)
{
  return self->faces_group;
}

GtkWidget *
mg_meeple_side_get_typed_row (MgMeepleSide *self)
{
  return self->typed_row;
}

GtkWidget *
mg_meeple_side_get_pick_group (MgMeepleSide *self)
{
  return self->pick_group;
}

GtkWidget *
mg_meeple_side_get_odds_group (MgMeepleSide *self)
{
  return self->odds_group;
}

const char *
mg_meeple_side_get_dice_description (MgMeepleSide *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->dice_description)) ? gtk_label_get_text (self->dice_description) : NULL;
}

GtkSpinButton *
mg_meeple_side_get_pick_spin (MgMeepleSide *self, guint face)
{
  return face < self->pick_spins->len ? g_ptr_array_index (self->pick_spins, face) : NULL;
}

GtkToggleButton *
mg_meeple_side_get_face_toggle (MgMeepleSide *self, guint meeple)
{
  return meeple < self->face_toggles->len ? g_ptr_array_index (self->face_toggles, meeple) : NULL;
}

guint
mg_meeple_side_get_n_faces_held (MgMeepleSide *self)
{
  return self->face_toggles->len;
}

guint
mg_meeple_side_get_n_typed (MgMeepleSide *self)
{
  return self->typed->len;
}

guint
mg_meeple_side_get_n_odds (MgMeepleSide *self)
{
  guint n = 0;

  if (self->odds_list == NULL)
    return 0;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->odds_list));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

const char *
mg_meeple_side_get_message (MgMeepleSide *self)
{
  return gtk_revealer_get_reveal_child (self->message_revealer) ? gtk_label_get_text (self->message_label) : NULL;
}

/* GObject */

static void
mg_meeple_side_dispose (GObject *object)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_MEEPLE_SIDE);
  g_clear_object (&self->campaign);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (mg_meeple_side_parent_class)->dispose (object);
}

static void
mg_meeple_side_finalize (GObject *object)
{
  MgMeepleSide *self = MG_MEEPLE_SIDE (object);

  g_free (self->name);
  g_free (self->faces_key);
  g_ptr_array_unref (self->face_ids);
  g_ptr_array_unref (self->face_toggles);
  g_ptr_array_unref (self->pick_spins);
  g_array_unref (self->typed);
  g_clear_pointer (&self->player, json_object_put);
  G_OBJECT_CLASS (mg_meeple_side_parent_class)->finalize (object);
}

/* The Battle page flows the two sides at their natural width (GtkFlowBox): a side whose
 * faces are shown would ask for all of them on one line and send the other side under it as
 * the referee clicks. Two sides side by side from about 1070 px wide windows, whatever either shows:
 * so at the app's default 1100 px a roll does not send Blue's side under Red's (at 500 it did). */
#define MG_MEEPLE_SIDE_NATURAL_WIDTH 470

static void
mg_meeple_side_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size,
                      minimum, natural, min_baseline, nat_baseline);
  /* The same for both sides whatever either shows, so they share a line evenly (the flow box
   * is not homogeneous, so that each side is as tall as its own content: issue 45). */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, MG_MEEPLE_SIDE_NATURAL_WIDTH);
}

/* Its box is height-for-width (the Dice description wraps): GtkWidget's default with neither a
 * layout manager nor this would be a constant size, measured as if the side had its natural
 * width whatever width it is given. */
static GtkSizeRequestMode
mg_meeple_side_get_request_mode (GtkWidget *widget)
{
  return gtk_widget_get_request_mode (gtk_widget_get_first_child (widget));
}

static void
mg_meeple_side_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
mg_meeple_side_class_init (MgMeepleSideClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_meeple_side_dispose;
  object_class->finalize = mg_meeple_side_finalize;

  g_type_ensure (MG_TYPE_TEXT_STACK);
  g_type_ensure (MG_TYPE_MEEPLE_TRACKS);
  widget_class->measure = mg_meeple_side_measure;
  widget_class->size_allocate = mg_meeple_side_size_allocate;
  widget_class->get_request_mode = mg_meeple_side_get_request_mode;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/meeple/mg-meeple-side.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, MgMeepleSide, name)
  BIND (name_label);
  BIND (status_label);
  BIND (show_bin);
  BIND (tracks);
  BIND (message_revealer);
  BIND (message_label);
  BIND (dice_group);
  BIND (dice_header);
  BIND (dice_description);
  BIND (dice_buttons);
  BIND (set_box);
  BIND (roll_here_button);
#undef BIND

  gtk_widget_class_install_action (widget_class, "side.roll", NULL, roll_activated);
  gtk_widget_class_install_action (widget_class, "side.roll-here", NULL, roll_activated);
  gtk_widget_class_install_action (widget_class, "side.reroll", NULL, reroll_activated);
  gtk_widget_class_install_action (widget_class, "side.reroll-here", NULL, reroll_activated);
  gtk_widget_class_install_action (widget_class, "side.set", NULL, set_activated);
  gtk_widget_class_install_action (widget_class, "side.pick", NULL, pick_activated);
  gtk_widget_class_install_action (widget_class, "side.type-face", "u", type_face_activated);
  gtk_widget_class_install_action (widget_class, "side.backspace", NULL, backspace_activated);
}

static void
mg_meeple_side_init (MgMeepleSide *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Roll Here and Set To's box; the three other dice buttons join them when built (build_play). */
  mg_flow_box_slots_follow_children (self->dice_buttons);
  self->face_ids = g_ptr_array_new_with_free_func (g_free);
  self->face_toggles = g_ptr_array_new ();
  self->pick_spins = g_ptr_array_new ();
  self->typed = g_array_new (FALSE, FALSE, sizeof (guint));
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-util.c — what the TFT Melee pages share: JSON readers, ruleset lists, names, dice, acting. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-tft-util.h"
#include "mg-table-state.h"

gboolean
mg_tft_json_has_str (json_object *array, const char *value)
{
  for (size_t i = 0; array != NULL && i < json_object_array_length (array); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (array, i)), value) == 0)
      return TRUE;
  return FALSE;
}

json_object *
mg_tft_view (MgCampaign *campaign)
{
  return json_object_get (mg_table_state_get_view (mg_table_state_for_campaign (campaign), MG_SEAT_PUBLIC));
}

json_object *
mg_tft_view_fight (json_object *view)
{
  return mg_ui_json_object (view, "fight");
}

static json_object *
find_named (json_object *array, const char *name)
{
  for (size_t i = 0; array != NULL && name != NULL && i < json_object_array_length (array); i++)
    {
      json_object *entry = json_object_array_get_idx (array, i);

      if (g_strcmp0 (mg_ui_json_str (entry, "name"), name) == 0)
        return entry;
    }
  return NULL;
}

json_object *
mg_tft_view_figure (json_object *view, const char *name)
{
  return find_named (mg_ui_json_array (view, "roster"), name);
}

json_object *
mg_tft_fight_fighter (json_object *fight, const char *name)
{
  return find_named (mg_ui_json_array (fight, "figures"), name);
}

/* Ruleset lists */

GPtrArray *
mg_tft_ruleset_ids (json_object *ruleset, const char *key)
{
  GPtrArray *ids = g_ptr_array_new ();
  json_object *member = NULL;

  if (ruleset == NULL || !json_object_object_get_ex (ruleset, key, &member))
    return ids;
  if (json_object_is_type (member, json_type_array))
    {
      for (size_t i = 0; i < json_object_array_length (member); i++)
        {
          const char *id = mg_ui_json_str (json_object_array_get_idx (member, i), "id");

          if (id != NULL)
            g_ptr_array_add (ids, (gpointer) id);
        }
    }
  else if (json_object_is_type (member, json_type_object))
    {
      json_object_object_foreach (member, id, entry)
        if (json_object_is_type (entry, json_type_object))
          g_ptr_array_add (ids, id);
    }
  return ids;
}

json_object *
mg_tft_ruleset_find (json_object *ruleset, const char *key, const char *id)
{
  json_object *member = NULL;

  if (ruleset == NULL || id == NULL || !json_object_object_get_ex (ruleset, key, &member))
    return NULL;
  if (json_object_is_type (member, json_type_object))
    return mg_ui_json_object (member, id);
  for (size_t i = 0; json_object_is_type (member, json_type_array) && i < json_object_array_length (member); i++)
    {
      json_object *entry = json_object_array_get_idx (member, i);

      if (g_strcmp0 (mg_ui_json_str (entry, "id"), id) == 0)
        return entry;
    }
  return NULL;
}

const char *
mg_tft_ruleset_name (json_object *ruleset, const char *key, const char *id)
{
  const char *name = mg_ui_json_str (mg_tft_ruleset_find (ruleset, key, id), "name");

  /* The shipped names are in the catalogue (po/ruleset-names.c); a house rule's own stays as is. */
  return name != NULL ? _(name) : id;
}

/* Words: the engine's codes in a referee's words. */

typedef struct { const char *code; const char *words; } Word;

static const char *
lookup (const Word *table, guint n, const char *code, const char *fallback)
{
  for (guint i = 0; code != NULL && i < n; i++)
    if (g_str_equal (table[i].code, code))
      return _(table[i].words);
  return fallback;
}

static const Word option_titles[] = {
  { "a", N_("(a) Move") },
  { "b", N_("(b) Charge attack") },
  { "c", N_("(c) Dodge") },
  { "d", N_("(d) Drop") },
  { "e", N_("(e) Ready new weapon") },
  { "f", N_("(f) Missile weapon attack") },
  { "g", N_("(g) Stand up") },
  { "h", N_("(h) Shift and attack") },
  { "i", N_("(i) Shift and defend") },
  { "j", N_("(j) One last shot") },
  { "k", N_("(k) Change weapons") },
  { "l", N_("(l) Disengage") },
  { "m", N_("(m) Hand-to-hand attack") },
  { "n", N_("(n) Stand up") },
  { "o", N_("(o) Pick up dropped weapon") },
  { "p", N_("(p) HTH attack") },
  { "q", N_("(q) Draw dagger") },
  { "r", N_("(r) Disengage from HTH") },
  { "none", N_("Nothing (stay down)") },
};

static const Word condition_names[] = {
  { "wounded", N_("−2 DX: 5+ hits last turn") },
  { "weak", N_("−3 DX: ST 3 or less") },
  { "must_stand", N_("Fell: may only stand up") },
  { "defending", N_("Defending") },
  { "dodging", N_("Dodging") },
  { "charging", N_("Charging") },
  { "reloading", N_("Reloading") },
  { "must_drop", N_("Must drop missile weapon") },
};

static const Word kind_titles[] = {
  { "death", N_("To the death") },
  { "arena", N_("Arena combat") },
  { "practice", N_("Practice combat") },
};

static const Word kind_phrases[] = {
  { "death", N_("to the death") },
  { "arena", N_("arena combat") },
  { "practice", N_("practice combat") },
};

static const Word posture_names[] = {
  { "standing", N_("Standing") },
  { "fallen", N_("Knocked down") },
  { "prone", N_("Prone") },
  { "kneeling", N_("Kneeling") },
  { "hth", N_("In hand-to-hand") },
};

static const Word life_names[] = {
  { "fighting", N_("Fighting") },
  { "unconscious", N_("Unconscious") },
  { "dead", N_("Dead") },
  { "fled", N_("Fled") },
  { "out", N_("Out (practice)") },
};

/* How a fight ended for one figure ("Flavius (Romans): won, +50 EP"). */
static const Word result_names[] = {
  /* Translators: how a fight ended for one figure, in its history and the experience award. */
  { "won", N_("won") },
  { "lost", N_("lost") },
  { "draw", N_("a draw") },
  { "killed", N_("killed") },
  { "fled", N_("fled") },
  { "abandoned", N_("abandoned") },
};

static const Word dice_purposes[] = {
  { "to_hit", N_("the roll to hit") },
  { "damage", N_("damage") },
  { "roll_to_miss", N_("rolling to miss a figure in the way") },
  { "entry", N_("the defender’s hand-to-hand roll") },
  { "save", N_("the target’s roll to stay afoot") },
  { "tie", N_("breaking a tie in the attack order") },
  { "initiative", N_("initiative") },
  { "draw_dagger", N_("drawing the dagger") },
  { "disengage", N_("disengaging from hand-to-hand") },
};

const char *
mg_tft_option_title (const char *option)
{
  return lookup (option_titles, G_N_ELEMENTS (option_titles), option, option);
}

const char *
mg_tft_condition_name (const char *condition)
{
  return lookup (condition_names, G_N_ELEMENTS (condition_names), condition, condition);
}

const char *
mg_tft_kind_title (const char *kind)
{
  return lookup (kind_titles, G_N_ELEMENTS (kind_titles), kind, kind != NULL ? kind : "");
}

const char *
mg_tft_kind_phrase (const char *kind)
{
  return lookup (kind_phrases, G_N_ELEMENTS (kind_phrases), kind, kind != NULL ? kind : "");
}

char *
mg_tft_fight_turn_text (json_object *fight)
{
  int turn = mg_ui_json_int (fight, "turn", 1);

  /* Phase "over" follows end_turn, whose "turn" is the turn that will not come. */
  if (g_strcmp0 (mg_ui_json_str (fight, "phase"), "over") == 0 && turn > 1)
    return g_strdup_printf (_("Turn %d over"), turn - 1);
  return g_strdup_printf (_("Turn %d"), turn);
}

const char *
mg_tft_posture_name (const char *posture)
{
  return lookup (posture_names, G_N_ELEMENTS (posture_names), posture, _("Standing"));
}

const char *
mg_tft_life_name (const char *state)
{
  return lookup (life_names, G_N_ELEMENTS (life_names), state, _("Fighting"));
}

const char *
mg_tft_result_name (const char *result)
{
  return lookup (result_names, G_N_ELEMENTS (result_names), result, result != NULL ? result : "");
}

const char *
mg_tft_dice_purpose (const char *what)
{
  return lookup (dice_purposes, G_N_ELEMENTS (dice_purposes), what, what != NULL ? what : "");
}

/* Dice and acting */

json_object *
mg_tft_action_new (const char *type)
{
  json_object *action = json_object_new_object ();

  json_object_object_add (action, "type", json_object_new_string (type));
  return action;
}

gboolean
mg_tft_check (MgCampaign *campaign, GtkWidget *widget, const char *action_name,
              json_object *action, GtkLabel *message, gboolean touched)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = action != NULL && mg_campaign_validate (campaign, action, &error);

  if (widget != NULL && action_name != NULL)
    gtk_widget_action_set_enabled (widget, action_name, ok);
  if (message != NULL)
    mg_tft_say_error (message, touched ? error : NULL);
  if (action != NULL)
    json_object_put (action);
  return ok;
}

void
mg_tft_say_error (GtkLabel *line, const GError *error)
{
  g_autofree char *plain = mg_error_plain (error);

  mg_tft_say (line, plain);
}

void
mg_tft_say (GtkLabel *line, const char *message)
{
  const char *plain = message;

  gtk_label_set_text (line, plain != NULL ? plain : "");
  gtk_widget_set_visible (GTK_WIDGET (line), TRUE);
  mg_tft_set_class (GTK_WIDGET (line), "said", plain != NULL && plain[0] != '\0');
}

void
mg_tft_set_class (GtkWidget *widget, const char *css_class, gboolean on)
{
  if (on && !gtk_widget_has_css_class (widget, css_class))
    gtk_widget_add_css_class (widget, css_class);
  else if (!on && gtk_widget_has_css_class (widget, css_class))
    gtk_widget_remove_css_class (widget, css_class);
}

const char *
mg_tft_said (GtkLabel *line)
{
  const char *text = gtk_label_get_text (line);

  return text != NULL && text[0] != '\0' ? text : NULL;
}

/* Choices */

void
mg_tft_choice_fill (gpointer combo, GPtrArray *ids, GPtrArray *names)
{
  GtkStringList *model = NULL;
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
  gboolean same;
  guint selected = 0;

  g_object_get (combo, "model", &model, "selected", &selected, NULL);
  same = GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (G_LIST_MODEL (model)) == names->len;
  for (guint i = 0; i < ids->len; i++)
    {
      g_ptr_array_add (kept, g_strdup (g_ptr_array_index (ids, i)));
      same = same && g_strcmp0 (gtk_string_list_get_string (model, i), g_ptr_array_index (names, i)) == 0;
    }
  g_object_set_data_full (G_OBJECT (combo), "mg-tft-ids", kept, (GDestroyNotify) g_ptr_array_unref);
  g_clear_object (&model);
  /* Issue 43: the same choices keep their model (a new one makes the list and the shown row
   * again), the first chosen as a new model would have it. */
  if (same)
    {
      if (selected != 0)
        g_object_set (combo, "selected", 0, NULL);
      return;
    }
  model = gtk_string_list_new (NULL);
  for (guint i = 0; i < names->len; i++)
    gtk_string_list_append (model, g_ptr_array_index (names, i));
  g_object_set (combo, "model", model, NULL);
  g_object_unref (model);
}

const char *
mg_tft_choice_get (gpointer combo)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (combo), "mg-tft-ids");
  guint selected = GTK_INVALID_LIST_POSITION;

  g_object_get (combo, "selected", &selected, NULL);
  if (ids == NULL || selected >= ids->len)
    return NULL;
  return g_ptr_array_index (ids, selected);
}

gboolean
mg_tft_choice_set (gpointer combo, const char *id)
{
  GPtrArray *ids = g_object_get_data (G_OBJECT (combo), "mg-tft-ids");

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (ids, i), id != NULL ? id : "") == 0)
      {
        g_object_set (combo, "selected", i, NULL);
        return TRUE;
      }
  return FALSE;
}


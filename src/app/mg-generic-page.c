/* mg-generic-page.c — the Play page of a game with no pages of its own (issue 47): the game is
 * played from what its engine declares — pending() says what the table must decide, the legal
 * actions are offered per seat, a declared secret action (MG_ACTION_SECRET) only while that
 * seat's secrets are shown on the referee's screen, and view() gives the standing. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-actions.h"
#include "mg-area-map.h"
#include "mg-dice.h"
#include "mg-errors.h"
#include "mg-generic-page.h"
#include "mg-json.h"
#include "mg-json-facts.h"
#include "mg-secrets-button.h"
#include "mg-square-board.h"
#include "mg-table-state.h"
#include "mg-ui-json.h"
#include "mg-widget-util.h"

/* ---- one action offered: its JSON and the words that name it ---- */

#define MG_TYPE_PLAY_ITEM (mg_play_item_get_type ())
G_DECLARE_FINAL_TYPE (MgPlayItem, mg_play_item, MG, PLAY_ITEM, GObject)

struct _MgPlayItem
{
  GObject      parent_instance;
  json_object *action;
  char        *label;
};

G_DEFINE_FINAL_TYPE (MgPlayItem, mg_play_item, G_TYPE_OBJECT)

static void
mg_play_item_finalize (GObject *object)
{
  MgPlayItem *self = MG_PLAY_ITEM (object);

  json_object_put (self->action);
  g_free (self->label);
  G_OBJECT_CLASS (mg_play_item_parent_class)->finalize (object);
}

static void
mg_play_item_class_init (MgPlayItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mg_play_item_finalize;
}

static void
mg_play_item_init (MgPlayItem *self)
{
}

static gboolean
is_template (json_object *action)
{
  json_object *t;

  return json_object_object_get_ex (action, "template", &t) && json_object_get_boolean (t);
}

/* The members a referee reads besides the type and the seat ("Choice rock"), each named in the
 * game's words. */
static char *
members_text (const MgGame *game, json_object *action)
{
  g_autoptr(GString) out = g_string_new (NULL);

  json_object_object_foreach (action, key, value)
    {
      g_autofree char *label = NULL, *text = NULL;

      if (g_strcmp0 (key, "type") == 0 || g_strcmp0 (key, "player") == 0 || g_strcmp0 (key, "template") == 0)
        continue;
      label = mg_json_facts_word (game, key);
      text = mg_json_facts_value (value);
      g_string_append_printf (out, "%s%s %s", out->len > 0 ? ", " : "", label,
                              json_object_is_type (value, json_type_array) ? json_object_to_json_string (value) : text);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The engine's own sentence for the action when it needs no dice (played on a copy with none)
 * and nothing is hidden now (a reveal's sentence would tell the picks before they are
 * revealed); else, and for a secret (whose public sentence hides what it carries), the
 * action's type and values. A template's row is named by its type: its fields show the rest. */
char *
mg_generic_page_action_label (const MgState *state, json_object *action)
{
  gboolean secret = mg_rules_action_is_secret (state->rules, mg_action_type (action));
  g_autofree char *members = members_text (mg_game_lookup (state->rules->id), action);
  g_autofree char *summary = NULL;
  g_autofree char *type = mg_json_facts_label (mg_action_type (action));
  MgState *copy = secret || is_template (action) || mg_state_hides_something (state) ? NULL
                  : state->rules->actions->copy (state);
  g_autoptr(MgDice) none = mg_dice_new_typed (NULL, 0);
  json_object *events = copy != NULL ? mg_state_apply (copy, action, none, &summary, NULL) : NULL;

  json_object_put (events);
  mg_state_free (copy);
  if (is_template (action))
    return g_steal_pointer (&type);
  if (events == NULL || summary == NULL || *summary == '\0')
    return *members != '\0' ? g_strdup_printf ("%s — %s", type, members) : g_steal_pointer (&type);
  return g_steal_pointer (&summary);
}

/* ---- the page ---- */

typedef struct
{
  char                *seat;      /* NULL: the referee's own actions */
  AdwPreferencesGroup *group;
  GtkListBox          *list;
  GListStore          *store;
  GtkWidget           *secrets;   /* the seat's MgSecretsButton, while it has secret steps */
} SeatGroup;

struct _MgGenericPage
{
  AdwBin               parent_instance;
  MgCampaign          *campaign;
  MgTableState        *table;
  GtkLabel            *pending_label;
  GtkLabel            *message_label;
  GtkBox              *seats_box;
  AdwPreferencesGroup *standing_group;
  GtkWidget           *facts;
  GPtrArray           *groups;    /* of SeatGroup*, players first, then the referee */
};

G_DEFINE_FINAL_TYPE (MgGenericPage, mg_generic_page, ADW_TYPE_BIN)

static void
seat_group_free (gpointer data)
{
  SeatGroup *g = data;

  g_free (g->seat);
  g_object_unref (g->store);
  g_free (g);
}

/* Plays `action` (taken); refusals in the page's message line, in a referee's words, where the
 * referee looks: under the table's question for a square or an area chosen on the board (at the
 * top), else under the seats' actions, so the form acted on does not move. */
static void
place_message (MgGenericPage *self, gboolean from_board)
{
  GtkWidget *message = GTK_WIDGET (self->message_label);

  gtk_box_reorder_child_after (GTK_BOX (gtk_widget_get_parent (message)), message,
                               from_board ? GTK_WIDGET (self->pending_label) : GTK_WIDGET (self->seats_box));
}

static void
play_from (MgGenericPage *self, json_object *action, gboolean from_board)
{
  place_message (self, from_board);
  mg_widget_act_or_say (self->campaign, action, self->message_label, GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self->message_label),
                          *gtk_label_get_text (self->message_label) != '\0');
}

static void
play (MgGenericPage *self, json_object *action)
{
  play_from (self, action, FALSE);
}

/* The item a row shows: its place in its seat's model (new reference, or NULL). */
static MgPlayItem *
item_of_row (MgGenericPage *self, GtkListBoxRow *row)
{
  GtkWidget *list = row != NULL ? gtk_widget_get_parent (GTK_WIDGET (row)) : NULL;

  for (guint i = 0; list != NULL && i < self->groups->len; i++)
    {
      SeatGroup *g = g_ptr_array_index (self->groups, i);

      if (GTK_WIDGET (g->list) == list)
        return g_list_model_get_item (G_LIST_MODEL (g->store), gtk_list_box_row_get_index (row));
    }
  return NULL;
}

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, MgGenericPage *self)
{
  g_autoptr(MgPlayItem) item = item_of_row (self, row);

  if (item != NULL && !is_template (item->action))
    play (self, json_object_get (item->action));
}

/* A template's Play button: the action with the fields the referee filled in, without the
 * "template" mark (what is played is a whole action). */
static void
template_play (GtkButton *button, MgGenericPage *self)
{
  g_autoptr(MgPlayItem) item =
    item_of_row (self, GTK_LIST_BOX_ROW (gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW)));
  GtkWidget *form = gtk_widget_get_prev_sibling (GTK_WIDGET (button));   /* template_row_new's grid */
  json_object *action = NULL;

  if (item == NULL)
    return;

  json_object_deep_copy (item->action, &action, NULL);
  json_object_object_del (action, "template");
  for (GtkWidget *w = gtk_widget_get_first_child (form); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      const char *key = gtk_widget_get_name (w);

      if (GTK_IS_SPIN_BUTTON (w))
        {
          gtk_spin_button_update (GTK_SPIN_BUTTON (w));   /* a number typed, not yet entered */
          json_object_object_add (action, key, json_object_new_int64 (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w))));
        }
      else if (GTK_IS_DROP_DOWN (w))
        json_object_object_add (action, key, json_object_new_string (
          gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (w))))));
      else if (GTK_IS_ENTRY (w))
        json_object_object_add (action, key, json_object_new_string (gtk_editable_get_text (GTK_EDITABLE (w))));
    }
  play (self, action);
}

/* The seat a template's text member names (its example is a player's name), or -1. */
static gint
seat_index (const char * const *players, json_object *value)
{
  for (gint i = 0; players != NULL && players[i] != NULL; i++)
    if (json_object_is_type (value, json_type_string) && g_strcmp0 (json_object_get_string (value), players[i]) == 0)
      return i;
  return -1;
}

/* One field per free member of a template: a number, a seat (a member whose example is a
 * player's name: the players to choose from) or a text; named for screen readers. */
static GtkWidget *
template_field (MgGenericPage *self, const char *key, json_object *value)
{
  const char * const *players = mg_campaign_get_players (self->campaign);
  g_autofree char *label = mg_json_facts_word (mg_game_lookup (mg_campaign_get_rules (self->campaign)->id), key);
  GtkWidget *field;
  gint seat = seat_index (players, value);

  if (json_object_is_type (value, json_type_int))
    {
      field = gtk_spin_button_new_with_range (-1000000, 1000000, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (field), json_object_get_int64 (value));
    }
  else if (seat >= 0)
    {
      field = gtk_drop_down_new_from_strings (players);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field), (guint) seat);
    }
  else if (json_object_is_type (value, json_type_string))
    {
      field = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (field), json_object_get_string (value));
      gtk_entry_set_placeholder_text (GTK_ENTRY (field), label);
      gtk_editable_set_width_chars (GTK_EDITABLE (field), 10);
    }
  else
    return NULL;
  gtk_widget_set_name (field, key);
  gtk_widget_set_valign (field, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (field), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_tooltip_text (field, label);
  return field;
}

/* A template's form: its type as the title, then each free member's field under the one
 * before, its name beside it (the label screen readers read for it too), then Play. One field a
 * line, so the form fits a 360 px window whatever the fields. */
static GtkWidget *
template_row_new (MgGenericPage *self, MgPlayItem *item)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (item->label);
  GtkWidget *form = gtk_grid_new ();
  GtkWidget *button = gtk_button_new_with_label (_("Play"));
  int line = 0;

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (box), title);
  gtk_grid_set_column_spacing (GTK_GRID (form), 12);
  gtk_grid_set_row_spacing (GTK_GRID (form), 6);
  json_object_object_foreach (item->action, key, value)
    {
      GtkWidget *field;
      if (g_strcmp0 (key, "type") != 0 && g_strcmp0 (key, "player") != 0
          && (field = template_field (self, key, value)) != NULL)
        {
          g_autofree char *name = mg_json_facts_word (mg_game_lookup (mg_campaign_get_rules (self->campaign)->id), key);
          GtkWidget *label = gtk_label_new (name);

          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_widget_add_css_class (label, "dim-label");
          gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
          gtk_widget_set_hexpand (field, TRUE);
          gtk_grid_attach (GTK_GRID (form), label, 0, line, 1, 1);
          gtk_grid_attach (GTK_GRID (form), field, 1, line++, 1, 1);
        }
    }
  gtk_box_append (GTK_BOX (box), form);
  gtk_widget_set_halign (button, GTK_ALIGN_END);
  gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect (button, "clicked", G_CALLBACK (template_play), self);
  gtk_box_append (GTK_BOX (box), button);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);   /* its fields and button take the focus */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, item->label, -1);
  return row;
}

static GtkWidget *
create_row (gpointer object, gpointer data)
{
  MgPlayItem *item = object;
  GtkWidget *row;

  if (is_template (item->action))
    return template_row_new (data, item);
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), item->label);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

static SeatGroup *
seat_group (MgGenericPage *self, const char *seat)
{
  SeatGroup *g;

  for (guint i = 0; i < self->groups->len; i++)
    if (g_strcmp0 (((SeatGroup *) g_ptr_array_index (self->groups, i))->seat, seat) == 0)
      return g_ptr_array_index (self->groups, i);
  g = g_new0 (SeatGroup, 1);
  g->seat = g_strdup (seat);
  g->store = g_list_store_new (MG_TYPE_PLAY_ITEM);
  g->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (g->group, seat != NULL ? seat : _("Referee"));
  g->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (g->list), "boxed-list");
  gtk_list_box_set_selection_mode (g->list, GTK_SELECTION_NONE);
  gtk_list_box_bind_model (g->list, G_LIST_MODEL (g->store), create_row, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (g->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_group_get_title (g->group), -1);
  g_signal_connect (g->list, "row-activated", G_CALLBACK (row_activated), self);
  adw_preferences_group_add (g->group, GTK_WIDGET (g->list));
  gtk_box_append (self->seats_box, GTK_WIDGET (g->group));
  g_ptr_array_add (self->groups, g);
  return g;
}

/* The seat's secrets button, made while it has secret steps; hidden otherwise. */
static void
seat_group_secrets (MgGenericPage *self, SeatGroup *g, gboolean has_secret)
{
  if (has_secret && g->secrets == NULL && g->seat != NULL)
    {
      g->secrets = mg_secrets_button_new (self->table, g->seat,
                                          /* TRANSLATORS: %s is a player's name */
                                          _("Enter %s’s secret"), _("Hide %s’s secret"));
      adw_preferences_group_set_header_suffix (g->group, g->secrets);
    }
  if (g->secrets != NULL)
    gtk_widget_set_visible (g->secrets, has_secret);
}

/* ---- a square of the board or an area of the map chosen ---- */

/* The field of a template's row that fills its member `key`, or NULL. */
static GtkWidget *
field_named (GtkWidget *widget, const char *key)
{
  GtkWidget *found = NULL;

  if ((GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget) || GTK_IS_ENTRY (widget))
      && g_strcmp0 (gtk_widget_get_name (widget), key) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL && found == NULL; c = gtk_widget_get_next_sibling (c))
    found = field_named (c, key);
  return found;
}

/* A template's field given `value` (a number, a player's name, a text); FALSE when it cannot
 * hold it. */
static gboolean
fill_field (MgGenericPage *self, GtkWidget *field, json_object *value)
{
  const char * const *players = mg_campaign_get_players (self->campaign);

  if (GTK_IS_SPIN_BUTTON (field) && json_object_is_type (value, json_type_int))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (field), json_object_get_int64 (value));
  else if (GTK_IS_DROP_DOWN (field) && seat_index (players, value) >= 0)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (field), (guint) seat_index (players, value));
  else if (GTK_IS_ENTRY (field) && json_object_is_type (value, json_type_string))
    gtk_editable_set_text (GTK_EDITABLE (field), json_object_get_string (value));
  else
    return FALSE;
  return TRUE;
}

typedef struct
{
  MgPlayItem *exact;       /* the first offered action whose member is the value */
  GtkWidget  *exact_row;
  guint       n_exact;
  MgPlayItem *other;       /* the first offered action with the member at another value */
  GtkWidget  *form;        /* the first template's form filled with the value */
  guint       n_forms;
} Choice;

/* What the page offers now with the member `key`: at `value`, elsewhere, as a form. */
static void
offered_with (MgGenericPage *self, const char *key, json_object *value, Choice *c)
{
  for (guint gi = 0; gi < self->groups->len; gi++)
    {
      SeatGroup *g = g_ptr_array_index (self->groups, gi);

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (g->store)); i++)
        {
          g_autoptr(MgPlayItem) item = g_list_model_get_item (G_LIST_MODEL (g->store), i);
          GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (g->list, (int) i));
          json_object *member = NULL;

          if (!json_object_object_get_ex (item->action, key, &member))
            continue;
          if (is_template (item->action))
            {
              GtkWidget *field = field_named (row, key);

              if (field != NULL && fill_field (self, field, value) && c->n_forms++ == 0)
                c->form = row;
            }
          else if (json_object_equal (member, value) && c->n_exact++ == 0)
            {
              c->exact = g_object_ref (item);
              c->exact_row = row;
            }
          else if (c->other == NULL)
            c->other = g_object_ref (item);
        }
    }
}

/* A square or an area (`value`, named `name`) chosen for the member `key` of the actions: the
 * one action offered there is played; where several are, or a form takes it, it is filled in
 * and the keyboard goes there; where none is, the action played there anyway gets the engine's
 * refusal in its words (a square already taken), or the page says nothing is played there. */
static void
choose (MgGenericPage *self, GtkWidget *drawing, const char *key, json_object *value, const char *name)
{
  Choice c = { NULL };
  const char *said;

  if (key == NULL || value == NULL)
    return;
  offered_with (self, key, value, &c);
  if (c.n_exact == 1 && c.n_forms == 0)
    play_from (self, json_object_get (c.exact->action), TRUE);
  else if (c.n_exact + c.n_forms > 0)
    {
      GtkWidget *go = c.exact_row != NULL ? c.exact_row : c.form;

      gtk_label_set_text (self->message_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
      if (go == c.form && c.n_forms == 1 && c.n_exact == 0)
        go = gtk_widget_get_last_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (go)));   /* its Play button */
      if (!gtk_widget_child_focus (go, GTK_DIR_TAB_FORWARD))
        gtk_widget_grab_focus (go);
    }
  else if (c.other != NULL)
    {
      json_object *action = NULL;

      json_object_deep_copy (c.other->action, &action, NULL);
      json_object_object_add (action, key, json_object_get (value));
      play_from (self, action, TRUE);
    }
  else
    {
      /* TRANSLATORS: %s is a square of a board or an area of a map, clicked or chosen by keys */
      g_autofree char *text = g_strdup_printf (_("Nothing can be played on %s now"), name);

      place_message (self, TRUE);
      gtk_label_set_text (self->message_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
    }
  g_clear_object (&c.exact);
  g_clear_object (&c.other);
  /* A refusal is said to a screen reader too, as what Enter on that square or area did. */
  said = gtk_widget_get_visible (GTK_WIDGET (self->message_label)) ? gtk_label_get_text (self->message_label) : NULL;
  if (MG_IS_SQUARE_BOARD (drawing))
    mg_square_board_set_note (MG_SQUARE_BOARD (drawing), said);
  else if (MG_IS_AREA_MAP (drawing))
    mg_area_map_set_focus_note (MG_AREA_MAP (drawing), said);
}

static void
square_activated (MgSquareBoard *board, guint index, MgGenericPage *self)
{
  g_autofree char *name = g_strdup_printf (_("square %s"), mg_square_board_square_name (board, index));

  choose (self, GTK_WIDGET (board), mg_square_board_get_parameter (board), mg_square_board_square_value (board, index), name);
}

static void
area_activated (MgAreaMap *map, const char *id, MgGenericPage *self)
{
  g_autoptr(json_object) value = json_object_new_string (id);

  choose (self, GTK_WIDGET (map), mg_ui_json_str (mg_area_map_get_model (map), "parameter"), value, id);
}

/* The standing's board or map (made by mg_json_facts_set, kept from one view to the next)
 * chooses for the actions. */
static void
connect_drawing (MgGenericPage *self)
{
  GtkWidget *first = gtk_widget_get_first_child (self->facts);

  if (first == NULL || g_object_get_data (G_OBJECT (first), "mg-generic-page") != NULL)
    return;
  g_object_set_data (G_OBJECT (first), "mg-generic-page", self);
  if (MG_IS_SQUARE_BOARD (first))
    g_signal_connect (first, "square-activated", G_CALLBACK (square_activated), self);
  else if (MG_IS_AREA_MAP (first))
    g_signal_connect (first, "area-activated", G_CALLBACK (area_activated), self);
}

/* Offers each seat its legal actions now; a secret one only while its secrets are shown. */
static void
refresh_actions (MgGenericPage *self, const MgState *state)
{
  g_autoptr(json_object) legal = mg_state_legal_actions (state, MG_SEAT_ALL);
  const char * const *players = mg_campaign_get_players (self->campaign);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; players != NULL && players[i] != NULL; i++)
    seat_group (self, players[i]);
  seat_group (self, NULL);
  for (guint gi = 0; gi < self->groups->len; gi++)
    {
      SeatGroup *g = g_ptr_array_index (self->groups, gi);
      gboolean has_secret = FALSE, shown = g->seat != NULL && mg_table_state_secrets_shown (self->table, g->seat);

      g_ptr_array_set_size (items, 0);
      for (size_t i = 0; legal != NULL && i < json_object_array_length (legal); i++)
        {
          json_object *a = json_object_array_get_idx (legal, i);
          gboolean secret = mg_rules_action_is_secret (state->rules, mg_action_type (a));
          MgPlayItem *item;

          if (g_strcmp0 (mg_state_actor (state, a), g->seat) != 0)
            continue;
          has_secret |= secret;
          if (secret && !shown)
            continue;
          item = g_object_new (MG_TYPE_PLAY_ITEM, NULL);
          item->action = json_object_get (a);
          item->label = mg_generic_page_action_label (state, a);
          g_ptr_array_add (items, item);
        }
      seat_group_secrets (self, g, has_secret);
      g_list_store_splice (g->store, 0, g_list_model_get_n_items (G_LIST_MODEL (g->store)),
                           items->pdata, items->len);
      gtk_widget_set_visible (GTK_WIDGET (g->list), items->len > 0);
      gtk_widget_set_visible (GTK_WIDGET (g->group), items->len > 0 || has_secret);
    }
}

/* The standing's board or map when an action offered now (not a form) is played on it: its
 * "parameter" member is one of the action's. */
static GtkWidget *
played_drawing (MgGenericPage *self)
{
  GtkWidget *drawing = gtk_widget_get_first_child (self->facts);
  const char *key = NULL;

  if (drawing != NULL && MG_IS_SQUARE_BOARD (drawing))
    key = mg_square_board_get_parameter (MG_SQUARE_BOARD (drawing));
  else if (drawing != NULL && MG_IS_AREA_MAP (drawing))
    key = mg_ui_json_str (mg_area_map_get_model (MG_AREA_MAP (drawing)), "parameter");

  for (guint gi = 0; key != NULL && gi < self->groups->len; gi++)
    {
      SeatGroup *g = g_ptr_array_index (self->groups, gi);

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (g->store)); i++)
        {
          g_autoptr(MgPlayItem) item = g_list_model_get_item (G_LIST_MODEL (g->store), i);

          if (!is_template (item->action) && json_object_object_get_ex (item->action, key, NULL))
            return drawing;
        }
    }
  return NULL;
}

/* After a change, the keyboard stays on the page's next step: the board when the actions
 * offered are played on it, else the first action offered, or the first seat's button that
 * shows its secrets to enter. */
static void
focus_next_step (MgGenericPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *drawing;

  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)) && gtk_widget_get_mapped (focus))
    return;   /* the referee's focus is still on something of this page: leave it there */
  if ((drawing = played_drawing (self)) != NULL && gtk_widget_get_mapped (drawing) && gtk_widget_grab_focus (drawing))
    return;
  for (guint gi = 0; gi < self->groups->len; gi++)
    {
      SeatGroup *g = g_ptr_array_index (self->groups, gi);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (g->list, 0);

      if (!gtk_widget_get_visible (GTK_WIDGET (g->group)))
        continue;
      if (row != NULL)
        gtk_widget_grab_focus (GTK_WIDGET (row));
      else if (g->secrets != NULL && gtk_widget_get_visible (g->secrets))
        gtk_widget_grab_focus (g->secrets);
      else
        continue;
      return;
    }
}

static void
refresh (MgGenericPage *self)
{
  const MgState *state = mg_table_state_get_state (self->table);
  json_object *pending = mg_table_state_get_pending (self->table);
  json_object *text = NULL;

  gtk_label_set_text (self->pending_label,
                      json_object_object_get_ex (pending, "text", &text) ? json_object_get_string (text) : "");
  refresh_actions (self, state);
  mg_json_facts_set (self->facts, mg_table_state_get_seat_view (self->table));
  connect_drawing (self);
  focus_next_step (self);
}

static void
mg_generic_page_dispose (GObject *object)
{
  MgGenericPage *self = MG_GENERIC_PAGE (object);

  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_object (&self->table);
  g_clear_object (&self->campaign);
  gtk_widget_dispose_template (GTK_WIDGET (self), MG_TYPE_GENERIC_PAGE);
  G_OBJECT_CLASS (mg_generic_page_parent_class)->dispose (object);
}

static void
mg_generic_page_class_init (MgGenericPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_generic_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-generic-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgGenericPage, pending_label);
  gtk_widget_class_bind_template_child (widget_class, MgGenericPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, MgGenericPage, seats_box);
  gtk_widget_class_bind_template_child (widget_class, MgGenericPage, standing_group);
}

static void
mg_generic_page_init (MgGenericPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->groups = g_ptr_array_new_with_free_func (seat_group_free);
  self->facts = mg_json_facts_new ();
  adw_preferences_group_add (self->standing_group, self->facts);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
}

GtkWidget *
mg_generic_page_new (MgCampaign *campaign)
{
  MgGenericPage *self = g_object_new (MG_TYPE_GENERIC_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  self->table = g_object_ref (mg_table_state_for_campaign (campaign));
  mg_widget_redraw_when_shown (GTK_WIDGET (self), campaign, (MgRedrawFunc) refresh);
  return GTK_WIDGET (self);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-map-page.c — La Mame's Melee's Map page: the map (MgAreaMap), the season banner, every
 * player's gold and supply, and each step of the season as a button or a dialog. Everything
 * shown is the public view: secrets are typed into hidden entries and only the engine keeps
 * them (docs/rules/lamame.md). What may be done comes from the engine's legal_actions(). */
#include "config.h"

#include "mg-accessible.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mg-errors.h"
#include "mg-lamame-map-page-private.h"
#include "mg-lamame-util.h"
#include "mg-secrets-button.h"
#include "mg-table-state.h"
#include "mg-widget-util.h"

G_DEFINE_FINAL_TYPE (MgLamameMapPage, mg_lamame_map_page, GTK_TYPE_WIDGET)


static const char * const kinds[] = { "knight", "soldier", "catapult", "camp" };

static void
show_error (MgLamameMapPage *self, const char *message)
{
  /* The line stays (empty) when there is nothing to say, so the steps below never jump. */
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
}

/* ---------------------------------------------------------------- dialogs */

static gboolean
read_number (GtkWidget *entry, gint *out)
{
  gint64 v;
  g_autofree char *text = NULL;

  if (GTK_IS_SPIN_BUTTON (entry))
    {
      gtk_spin_button_update (GTK_SPIN_BUTTON (entry));
      *out = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (entry));
      return TRUE;
    }
  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  if (!g_ascii_string_to_signed (text, 10, 0, 1000000, &v, NULL))
    return FALSE;
  *out = v;
  return TRUE;
}

/* The action the open dialog would send, from its fields (new reference); NULL with a sentence
 * for the referee when a field does not hold a whole number. */
static json_object *
dialog_build (MgLamameMapPage *self, const char **problem)
{
  json_object *action = NULL;
  const char *type = mg_ui_json_str (self->dialog_action, "type");
  gint values[4] = { 0 };
  guint n = 0;

  *problem = NULL;
  for (n = 0; n < G_N_ELEMENTS (self->entries) && self->entries[n] != NULL; n++)
    if (!read_number (self->entries[n], &values[n]))
      {
        *problem = _("Type a whole number of gold, 0 or more.");
        return NULL;
      }
  json_object_deep_copy (self->dialog_action, &action, NULL);
  if (g_strcmp0 (type, "start_bid") == 0 || g_strcmp0 (type, "attack_gold") == 0 || g_strcmp0 (type, "bid") == 0)
    json_object_object_add (action, "gold", json_object_new_int (values[0]));
  else if (g_strcmp0 (type, "guess") == 0)
    {
      json_object *g = json_object_new_array ();
      for (guint i = 0; i < n; i++)
        json_object_array_add (g, json_object_new_int (values[i]));
      json_object_object_add (action, "guesses", g);
    }
  else if (g_strcmp0 (type, "reveal_attack") == 0)
    {
      json_object *g = json_object_new_array ();
      json_object_object_add (action, "gold", json_object_new_int (values[0]));
      for (guint i = 1; i < n; i++)
        json_object_array_add (g, json_object_new_int (values[i]));
      json_object_object_add (action, "guesses", g);
    }
  else if (g_strcmp0 (type, "start_bids") == 0)
    {
      json_object *bids = mg_ui_json_object (action, "bids");
      guint i = 0;
      json_object_object_foreach (bids, key, val)
        {
          (void) val;
          json_object_object_add (bids, key, json_object_new_int (values[i++]));
        }
    }
  else if (g_strcmp0 (type, "choose_cards") == 0 || g_strcmp0 (type, "reveal_cards") == 0)
    {
      static const char * const ids[] = { "tax", "build", "move" };
      json_object *cards = json_object_new_array ();
      for (guint i = 0; i < 3; i++)
        if (self->checks[i] && gtk_check_button_get_active (GTK_CHECK_BUTTON (self->checks[i])))
          json_object_array_add (cards, json_object_new_string (ids[i]));
      json_object_object_add (action, "cards", cards);
    }
  return action;
}

static gboolean
dialog_touched (MgLamameMapPage *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->entries); i++)
    if (mg_error_touched (self->entries[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (self->checks); i++)
    if (self->checks[i] != NULL && g_object_get_data (G_OBJECT (self->checks[i]), "mg-toggled") != NULL)
      return TRUE;
  return FALSE;
}

/* As the referee types: the engine's check of what would be sent, said in words under the
 * fields once one was touched (the line is kept, so nothing moves), and Apply only when fine. */
static void
dialog_check (MgLamameMapPage *self)
{
  const char *problem = NULL;
  g_autoptr(json_object) action = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *plain = NULL;

  if (self->dialog == NULL || self->dialog_action == NULL)
    return;
  action = dialog_build (self, &problem);
  if (action != NULL && self->checks[0] != NULL && mg_ui_json_len (mg_ui_json_array (action, "cards")) == 0)
    problem = _("Tick the card chosen (two in winter).");
  else if (action != NULL && !mg_campaign_validate (self->campaign, action, &error))
    problem = plain = mg_error_plain (error);
  adw_message_dialog_set_response_enabled (self->dialog, "ok", problem == NULL);
  gtk_label_set_text (self->dialog_message, problem != NULL && dialog_touched (self) ? problem : "");
}

static void
check_toggled (GtkCheckButton *check, MgLamameMapPage *self)
{
  g_object_set_data (G_OBJECT (check), "mg-toggled", GINT_TO_POINTER (TRUE));
  dialog_check (self);
}

static void
dialog_response (AdwMessageDialog *dialog, const char *response, MgLamameMapPage *self)
{
  g_autoptr(json_object) action = NULL;
  const char *problem = NULL;

  /* Once per dialog: closing it after a response emits the close response again. */
  if (dialog != self->dialog)
    return;
  if (g_strcmp0 (response, "ok") == 0 && self->dialog_action != NULL)
    action = dialog_build (self, &problem);
  self->dialog = NULL;
  self->dialog_message = NULL;
  g_clear_pointer (&self->dialog_action, json_object_put);
  memset (self->entries, 0, sizeof self->entries);
  memset (self->checks, 0, sizeof self->checks);
  if (problem != NULL)
    show_error (self, problem);
  else if (action != NULL)
    mg_widget_act_or_say (self->campaign, json_object_get (action), self->error_label, NULL);
}

static void
dialog_enter (MgLamameMapPage *self)
{
  AdwMessageDialog *dialog = self->dialog;

  if (dialog == NULL || !adw_message_dialog_get_response_enabled (dialog, "ok"))
    return;
  adw_message_dialog_response (dialog, "ok");
  gtk_window_close (GTK_WINDOW (dialog));
}

/* A dialog for one step. `secret`: the fields hide what is typed (the device passes round). */
static void
open_dialog (MgLamameMapPage *self, json_object *action, const char *heading, const char *body,
             const char * const *labels, guint n_fields, gboolean secret, gboolean cards)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  AdwMessageDialog *dialog;

  if (self->dialog != NULL)
    {
      GtkWindow *old = GTK_WINDOW (g_steal_pointer (&self->dialog));
      gtk_window_destroy (old);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body));
  memset (self->entries, 0, sizeof self->entries);
  memset (self->checks, 0, sizeof self->checks);
  for (guint i = 0; i < n_fields && i < G_N_ELEMENTS (self->entries); i++)
    {
      GtkWidget *label = gtk_label_new (labels[i]);
      gtk_widget_set_halign (label, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), label);
      if (secret)
        {
          /* Hidden as typed: dots only, no peeking, no text suggestions. */
          self->entries[i] = gtk_entry_new ();
          gtk_entry_set_visibility (GTK_ENTRY (self->entries[i]), FALSE);
          gtk_entry_set_input_purpose (GTK_ENTRY (self->entries[i]), GTK_INPUT_PURPOSE_PIN);
          gtk_entry_set_input_hints (GTK_ENTRY (self->entries[i]), GTK_INPUT_HINT_NO_SPELLCHECK | GTK_INPUT_HINT_PRIVATE);
          gtk_widget_add_css_class (self->entries[i], "lamame-secret");
        }
      else
        self->entries[i] = gtk_spin_button_new_with_range (0, 1000, 1);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->entries[i]), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
      mg_error_track_touched (self->entries[i]);
      g_signal_connect_object (self->entries[i], "changed", G_CALLBACK (dialog_check), self, G_CONNECT_SWAPPED);
      /* Enter in a field sends the dialog, as its Done button does (issue 32). */
      g_signal_connect_object (self->entries[i], "activate", G_CALLBACK (dialog_enter), self, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (box), self->entries[i]);
    }
  if (cards)
    {
      static const char * const ids[] = { "tax", "build", "move" };
      for (guint i = 0; i < 3; i++)
        {
          self->checks[i] = gtk_check_button_new_with_label (mg_lamame_ui_card_name (ids[i]));
          g_signal_connect_object (self->checks[i], "toggled", G_CALLBACK (check_toggled), self, 0);
          gtk_box_append (GTK_BOX (box), self->checks[i]);
        }
    }
  /* Where a field's problem is said, once touched: an empty line kept so nothing moves. */
  self->dialog_message = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->dialog_message, TRUE);
  gtk_label_set_xalign (self->dialog_message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->dialog_message), "error");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->dialog_message));
  adw_message_dialog_set_extra_child (dialog, box);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "ok", secret ? _("_Done, hide it") : _("_Apply"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "ok", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "ok");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_clear_pointer (&self->dialog_action, json_object_put);
  self->dialog_action = json_object_get (action);
  json_object_object_del (self->dialog_action, "template");
  self->dialog = dialog;
  g_signal_connect_object (dialog, "response", G_CALLBACK (dialog_response), self, 0);
  dialog_check (self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Copies a legal action without its template fields. */
static json_object *
action_copy (json_object *a)
{
  json_object *copy = NULL;
  json_object_deep_copy (a, &copy, NULL);
  json_object_object_del (copy, "template");
  return copy;
}

/* Does what a legal action (a step button's, or a destination's on the map) asks: a dialog for
 * what must be typed, else the action at once. */
static void
perform (MgLamameMapPage *self, json_object *a)
{
  g_autoptr(json_object) action = action_copy (a);
  const char *type = mg_ui_json_str (action, "type");
  const char *player = mg_ui_json_str (action, "player");
  g_autofree char *heading = NULL, *body = NULL;

  if (g_strcmp0 (type, "start_bid") == 0)
    {
      const char *labels[] = { _("Gold bid") };
      json_object_object_del (action, "gold");
      heading = g_strdup_printf (_("%s's secret bid"), player);
      body = g_strdup_printf (_("Hand the device to %s. The bid is hidden as it is typed and shown when everyone has bid."), player);
      open_dialog (self, action, heading, body, labels, 1, TRUE, FALSE);
    }
  else if (g_strcmp0 (type, "attack_gold") == 0)
    {
      const char *labels[] = { _("Gold in hand") };
      json_object_object_del (action, "gold");
      heading = g_strdup_printf (_("%s's gold for the attack"), player);
      body = g_strdup_printf (_("Hand the device to %s. The gold is hidden as it is typed and shown with the guesses."), player);
      open_dialog (self, action, heading, body, labels, 1, TRUE, FALSE);
    }
  else if (g_strcmp0 (type, "guess") == 0)
    {
      const char *labels[] = { _("Guess"), _("Second guess") };
      guint n = mg_ui_json_len (mg_ui_json_array (action, "guesses"));
      json_object_object_del (action, "guesses");
      heading = g_strdup_printf (_("%s's guess"), player);
      body = g_strdup_printf (ngettext ("Hand the device to %s: %u guess, hidden as it is typed.",
                                        "Hand the device to %s: %u guesses, hidden as they are typed.", n), player, n);
      open_dialog (self, action, heading, body, labels, n, TRUE, FALSE);
    }
  else if (g_strcmp0 (type, "reveal_attack") == 0)
    {
      const char *labels[] = { _("Gold the attacker showed"), _("Guess"), _("Second guess") };
      guint n = mg_ui_json_len (mg_ui_json_array (action, "guesses"));
      open_dialog (self, action, _("Revealed at the table"), _("Type the attacker's gold and the defender's guesses, as shown."),
                   labels, n + 1, FALSE, FALSE);
    }
  else if (g_strcmp0 (type, "start_bids") == 0)
    {
      json_object *bids = mg_ui_json_object (action, "bids");
      const char *labels[4];
      guint n = 0;
      json_object_object_foreach (bids, key, val)
        {
          (void) val;
          if (n < 4)
            labels[n++] = key;
        }
      open_dialog (self, action, _("Bids revealed at the table"), _("Type every player's bid for start player, as shown."),
                   labels, n, FALSE, FALSE);
    }
  else if (g_strcmp0 (type, "choose_cards") == 0)
    {
      heading = g_strdup_printf (_("%s's action"), player);
      body = g_strdup_printf (_("Hand the device to %s. Tick the card (two in winter); it stays hidden until %s's turn."), player, player);
      open_dialog (self, action, heading, body, NULL, 0, TRUE, TRUE);
    }
  else if (g_strcmp0 (type, "reveal_cards") == 0 && mg_ui_json_get (a, "template") != NULL)
    {
      heading = g_strdup_printf (_("%s reveals"), player);
      open_dialog (self, action, heading, _("Tick the cards turned over at the table."), NULL, 0, FALSE, TRUE);
    }
  else if (g_strcmp0 (type, "bid") == 0)
    {
      const char *labels[] = { _("Gold on the card") };
      heading = g_strdup_printf (_("%s bids on %s"), player, mg_ui_json_str (action, "ability"));
      open_dialog (self, action, heading, _("The bid is public: the gold goes on the card."), labels, 1, FALSE, FALSE);
      if (self->entries[0])
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->entries[0]), mg_ui_json_int (a, "gold", 1));
    }
  else
    mg_widget_act_or_say (self->campaign, json_object_get (action), self->error_label, NULL);
}

static void
step_clicked (GtkButton *button, MgLamameMapPage *self)
{
  perform (self, g_object_get_data (G_OBJECT (button), "action"));
}

static void
start_clicked (GtkButton *button, MgLamameMapPage *self)
{
  g_autoptr(json_object) action = json_object_new_object ();

  json_object_object_add (action, "type", json_object_new_string ("start"));
  json_object_object_add (action, "initial_build",
                          json_object_new_string (g_object_get_data (G_OBJECT (button), "form")));
  mg_widget_act_or_say (self->campaign, json_object_get (action), self->error_label, NULL);
}

static void
json_unref (gpointer object)
{
  json_object_put (object);
}

static GtkWidget *
step_button (MgLamameMapPage *self, GtkBox *box, const char *label, json_object *action)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_widget_set_halign (button, GTK_ALIGN_FILL);
  gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
  if (action != NULL)
    {
      g_object_set_data_full (G_OBJECT (button), "action", json_object_get (action), json_unref);
      g_signal_connect (button, "clicked", G_CALLBACK (step_clicked), self);
    }
  gtk_box_append (box, button);
  return button;
}

/* ---------------------------------------------------------------- drawing the state */

static json_object *
find_player (json_object *view, const char *name)
{
  json_object *players = mg_ui_json_array (view, "players");
  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (players, i), "name"), name) == 0)
      return json_object_array_get_idx (players, i);
  return NULL;
}

static void
grid_clear (GtkGrid *grid)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

static GtkWidget *
cell (GtkGrid *grid, const char *text, int col, int row, gboolean heading)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), col == 0 ? 0 : 1);
  if (heading)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (grid, label, col, row, 1, 1);
  return label;
}

/* "bid 3 · Tax" from a player's own view; "" where the view holds no value (public view). The
 * bid only while bids are being entered: after the reveal the view keeps the last one, which
 * showed as a stray "bid 0" line (issue 32). */
static char *
secrets_text (json_object *p, gboolean bidding)
{
  json_object *bid = mg_ui_json_get (p, "start_bid"), *cards = mg_ui_json_array (p, "cards");
  GString *s = g_string_new (NULL);

  if (bidding && bid != NULL && json_object_is_type (bid, json_type_int))
    g_string_append_printf (s, C_("lamame", "bid %d"), json_object_get_int (bid));
  if (!mg_ui_json_bool (p, "cards_revealed"))
    for (gsize i = 0; i < mg_ui_json_len (cards); i++)
      {
        const char *c = json_object_get_string (json_object_array_get_idx (cards, i));
        if (g_strcmp0 (c, "hidden") != 0)
          g_string_append_printf (s, "%s%s", s->len ? " · " : "", mg_lamame_ui_card_name (c));
      }
  return g_string_free (s, FALSE);
}

/* One player's line in the players' table, made once and changed in place (issue 43). */
typedef struct
{
  GtkWidget *name, *gold, *supply, *areas;
  GtkWidget *secret;    /* under the line, shown only while it says something */
} PlayerRow;

static char *
players_key (json_object *players)
{
  GString *key = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    g_string_append_printf (key, "%s\n", mg_ui_json_str (json_object_array_get_idx (players, i), "name"));
  return g_string_free (key, FALSE);
}

/* The table's headings and one line per player, and each player's secrets button: made again
 * only when the players are others (a campaign's players are set before it starts). */
static void
build_players (MgLamameMapPage *self, json_object *players)
{
  g_autofree char *key = players_key (players);

  if (self->player_rows != NULL && g_strcmp0 (key, self->players_key) == 0)
    return;
  g_free (self->players_key);
  self->players_key = g_steal_pointer (&key);
  grid_clear (self->players_grid);
  mg_widget_remove_children (GTK_WIDGET (self->secrets_box));
  g_clear_pointer (&self->player_rows, g_array_unref);
  self->player_rows = g_array_new (FALSE, TRUE, sizeof (PlayerRow));
  cell (self->players_grid, "", 0, 0, TRUE);
  cell (self->players_grid, C_("lamame", "Gold"), 1, 0, TRUE);
  /* Supply counts: knight, soldier, catapult, camp (the token shapes: ● ■ ◆ ▲). */
  cell (self->players_grid, C_("lamame supply", "● ■ ◆ ▲"), 2, 0, TRUE);
  cell (self->players_grid, C_("lamame", "Areas"), 3, 0, TRUE);
  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      PlayerRow row;
      int line = 1 + 2 * (int) i;

      row.name = cell (self->players_grid, "", 0, line, FALSE);
      gtk_label_set_wrap (GTK_LABEL (row.name), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (row.name), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (row.name, TRUE);
      row.gold = cell (self->players_grid, "", 1, line, FALSE);
      row.supply = cell (self->players_grid, "", 2, line, FALSE);
      row.areas = cell (self->players_grid, "", 3, line, FALSE);
      /* Under the player's line, so the table stays as narrow as the window. */
      row.secret = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (row.secret), 0);
      gtk_label_set_wrap (GTK_LABEL (row.secret), TRUE);
      gtk_widget_add_css_class (row.secret, "lamame-secret");
      gtk_widget_set_visible (row.secret, FALSE);
      gtk_grid_attach (self->players_grid, row.secret, 0, line + 1, 4, 1);
      g_array_append_val (self->player_rows, row);
      gtk_flow_box_append (self->secrets_box,
                           mg_secrets_button_new (self->table, mg_ui_json_str (json_object_array_get_idx (players, i), "name"),
                                                  _("Show %s’s secrets"), _("Hide %s’s secrets")));
    }
  mg_flow_box_slots_follow_children (self->secrets_box);
}

static void
fill_players (MgLamameMapPage *self, json_object *view, json_object *pending)
{
  json_object *players = mg_ui_json_array (view, "players");
  json_object *entered = mg_ui_json_array (pending, "entered"), *attack = mg_ui_json_object (view, "attack");
  gboolean bidding = g_strcmp0 (mg_ui_json_str (pending, "phase"), "start_bid") == 0;

  build_players (self, players);
  for (gsize i = 0; i < mg_ui_json_len (players) && i < self->player_rows->len; i++)
    {
      PlayerRow *row = &g_array_index (self->player_rows, PlayerRow, i);
      json_object *p = json_object_array_get_idx (players, i), *sup = mg_ui_json_object (p, "supply");
      const char *name = mg_ui_json_str (p, "name");
      g_autofree char *gold = g_strdup_printf ("%d", mg_ui_json_int (p, "gold", 0));
      g_autofree char *supply = g_strdup_printf ("%d %d %d %d", mg_ui_json_int (sup, kinds[0], 0),
                                                 mg_ui_json_int (sup, kinds[1], 0), mg_ui_json_int (sup, kinds[2], 0),
                                                 mg_ui_json_int (sup, kinds[3], 0));
      g_autofree char *areas = g_strdup_printf ("%d", mg_ui_json_int (p, "areas", 0));
      /* The player's own secrets, only while the table state shows that seat's. */
      g_autofree char *secret = secrets_text (p, bidding);
      g_autofree char *markup = NULL;
      gboolean in = FALSE;

      for (gsize e = 0; e < mg_ui_json_len (entered); e++)
        in = in || g_strcmp0 (json_object_get_string (json_object_array_get_idx (entered, e)), name) == 0;
      /* An attack's hidden gold and guesses: entered once the view holds them (as true, or the
       * value in the seat's own view). */
      in = in || (g_strcmp0 (mg_ui_json_str (attack, "attacker"), name) == 0 && mg_ui_json_get (attack, "gold") != NULL);
      in = in || (g_strcmp0 (mg_ui_json_str (attack, "defender"), name) == 0 && mg_ui_json_get (attack, "guesses") != NULL);
      markup = g_markup_printf_escaped ("<span foreground=\"%s\">⬤</span> %s%s",
                                        mg_lamame_ui_colour (mg_ui_json_str (p, "colour")), name,
                                        in ? C_("lamame", " ✓ entered") : "");
      /* A label given the text it has changes nothing (GtkLabel compares). */
      gtk_label_set_markup (GTK_LABEL (row->name), markup);
      gtk_label_set_text (GTK_LABEL (row->gold), gold);
      gtk_label_set_text (GTK_LABEL (row->supply), supply);
      gtk_label_set_text (GTK_LABEL (row->areas), areas);
      gtk_label_set_text (GTK_LABEL (row->secret), secret);
      gtk_widget_set_visible (row->secret, secret[0] != '\0');
    }
}

static void
fill_result (MgLamameMapPage *self, json_object *view)
{
  json_object *result = mg_ui_json_object (view, "result");
  json_object *ranking = mg_ui_json_array (result, "ranking");

  grid_clear (self->result_grid);
  gtk_widget_set_visible (GTK_WIDGET (self->result_grid), result != NULL);
  if (result == NULL)
    return;
  if (mg_ui_json_str (result, "castle") != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%s took %s and is crowned."), mg_ui_json_str (result, "winner"),
                                               mg_ui_json_str (result, "castle"));
      gtk_grid_attach (self->result_grid, gtk_label_new (text), 0, 0, 4, 1);
      return;
    }
  cell (self->result_grid, C_("lamame", "Rank"), 0, 0, TRUE);
  cell (self->result_grid, C_("lamame", "Player"), 1, 0, TRUE);
  cell (self->result_grid, C_("lamame", "Areas"), 2, 0, TRUE);
  cell (self->result_grid, C_("lamame", "Gold"), 3, 0, TRUE);
  for (gsize i = 0; i < mg_ui_json_len (ranking); i++)
    {
      json_object *r = json_object_array_get_idx (ranking, i);
      g_autofree char *rank = g_strdup_printf ("%" G_GSIZE_FORMAT, i + 1);
      g_autofree char *areas = g_strdup_printf ("%d", mg_ui_json_int (r, "areas", 0));
      g_autofree char *gold = g_strdup_printf ("%d", mg_ui_json_int (r, "gold", 0));
      cell (self->result_grid, rank, 0, (int) i + 1, FALSE);
      cell (self->result_grid, mg_ui_json_str (r, "player"), 1, (int) i + 1, FALSE);
      cell (self->result_grid, areas, 2, (int) i + 1, FALSE);
      cell (self->result_grid, gold, 3, (int) i + 1, FALSE);
    }
}

static gboolean
action_touches (json_object *a, const char *area)
{
  return g_strcmp0 (mg_ui_json_str (a, "area"), area) == 0 || g_strcmp0 (mg_ui_json_str (a, "from"), area) == 0;
}

static gboolean
is_area_action (const char *type)
{
  return g_strcmp0 (type, "build") == 0 || g_strcmp0 (type, "move") == 0 ||
         g_strcmp0 (type, "attack") == 0 || g_strcmp0 (type, "fire") == 0;
}

static void
fill_area (MgLamameMapPage *self, json_object *view)
{
  const char *area = mg_area_map_get_selected (self->map);
  json_object *units = mg_ui_json_array (view, "units");
  GPtrArray *targets, *texts;
  GString *text;

  mg_widget_remove_children (GTK_WIDGET (self->area_box));
  if (area == NULL)
    {
      gtk_label_set_text (self->area_label, _("Select an area on the map to see what may be done there."));
      mg_area_map_set_targets (self->map, NULL);
      return;
    }
  targets = g_ptr_array_new ();
  texts = g_ptr_array_new_with_free_func (g_free);
  text = g_string_new (NULL);
  g_string_append (text, area);
  for (gsize i = 0; i < mg_ui_json_len (units); i++)
    {
      json_object *u = json_object_array_get_idx (units, i);
      if (g_strcmp0 (mg_ui_json_str (u, "area"), area) == 0)
        g_string_append_printf (text, "\n%s: %s", mg_ui_json_str (u, "player"),
                                mg_lamame_ui_kind_name (mg_ui_json_str (u, "unit")));
    }
  gtk_label_set_text (self->area_label, text->str);
  g_string_free (text, TRUE);
  for (gsize i = 0; i < mg_ui_json_len (self->legal); i++)
    {
      json_object *a = json_object_array_get_idx (self->legal, i);
      char *label;
      if (!is_area_action (mg_ui_json_str (a, "type")) || !action_touches (a, area))
        continue;
      label = mg_lamame_ui_action_text (a);
      step_button (self, self->area_box, label, a);
      /* A destination on the map, saying what a click or Enter there does. */
      if (mg_ui_json_str (a, "to") != NULL && g_strcmp0 (mg_ui_json_str (a, "from"), area) == 0)
        {
          g_ptr_array_add (targets, (gpointer) mg_ui_json_str (a, "to"));
          g_ptr_array_add (texts, g_strdup_printf (_("Click or press Enter: %s"), label));
        }
      g_free (label);
    }
  g_ptr_array_add (targets, NULL);
  g_ptr_array_add (texts, NULL);
  mg_area_map_set_targets_with_texts (self->map, (const char * const *) targets->pdata, (const char * const *) texts->pdata);
  g_ptr_array_free (targets, TRUE);
  g_ptr_array_free (texts, TRUE);
}

static void
fill_steps (MgLamameMapPage *self, json_object *view, json_object *pending)
{
  GHashTable *seen;
  g_autoptr(GString) key = g_string_new (mg_ui_json_str (pending, "phase"));

  /* Issue 43: the buttons are made from the steps legal now; when those are the ones they were
   * made from (a move on the map, most undos), they stay as they are. */
  for (gsize i = 0; i < mg_ui_json_len (self->legal); i++)
    {
      json_object *a = json_object_array_get_idx (self->legal, i);

      if (!is_area_action (mg_ui_json_str (a, "type")))
        g_string_append_printf (key, "\n%s", json_object_to_json_string (a));
    }
  if (g_strcmp0 (key->str, self->steps_key) == 0)
    return;
  g_free (self->steps_key);
  self->steps_key = g_strdup (key->str);
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  mg_widget_remove_children (GTK_WIDGET (self->steps_box));
  if (g_strcmp0 (mg_ui_json_str (pending, "phase"), "setup") == 0)
    {
      GtkWidget *b = step_button (self, self->steps_box, _("Start the year: introductory rules"), NULL);
      g_object_set_data (G_OBJECT (b), "form", (gpointer) "introductory");
      g_signal_connect (b, "clicked", G_CALLBACK (start_clicked), self);
      b = step_button (self, self->steps_box, _("Start the year: complete rules (special abilities)"), NULL);
      g_object_set_data (G_OBJECT (b), "form", (gpointer) "complete");
      g_signal_connect (b, "clicked", G_CALLBACK (start_clicked), self);
    }
  for (gsize i = 0; i < mg_ui_json_len (self->legal); i++)
    {
      json_object *a = json_object_array_get_idx (self->legal, i);
      const char *type = mg_ui_json_str (a, "type");
      const char *player = mg_ui_json_str (a, "player");
      g_autofree char *key = NULL, *label = NULL;

      if (is_area_action (type) || g_strcmp0 (type, "start") == 0)
        continue;
      /* One button per player for the hidden choices; the dialog asks the rest. */
      if (g_strcmp0 (type, "choose_cards") == 0 || (g_strcmp0 (type, "reveal_cards") == 0))
        key = g_strdup_printf ("%s/%s", type, player);
      else
        key = g_strdup_printf ("%s/%s/%s", type, player ? player : "",
                               mg_ui_json_str (a, "ability") ? mg_ui_json_str (a, "ability") :
                               (mg_ui_json_str (a, "start") ? mg_ui_json_str (a, "start") :
                                (mg_ui_json_str (a, "card") ? mg_ui_json_str (a, "card") : "")));
      if (g_hash_table_contains (seen, key))
        continue;
      g_hash_table_add (seen, g_steal_pointer (&key));
      if (g_strcmp0 (type, "start_bid") == 0)
        label = g_strdup_printf (_("%s: bid for start player in secret…"), player);
      else if (g_strcmp0 (type, "start_bids") == 0)
        label = g_strdup (_("Type the bids revealed at the table…"));
      else if (g_strcmp0 (type, "choose_cards") == 0)
        label = g_strdup_printf (_("%s: choose the action in secret…"), player);
      else if (g_strcmp0 (type, "reveal_cards") == 0)
        {
          /* Table mode: one dialog of check buttons (the engine checks the count). */
          g_autoptr(json_object) t = action_copy (a);
          json_object_object_add (t, "template", json_object_new_boolean (TRUE));
          label = g_strdup_printf (_("%s: type the cards turned over…"), player);
          step_button (self, self->steps_box, label, t);
          continue;
        }
      else if (g_strcmp0 (type, "attack_gold") == 0)
        label = g_strdup_printf (_("%s: hold gold for the attack in secret…"), player);
      else if (g_strcmp0 (type, "guess") == 0)
        label = g_strdup_printf (_("%s: guess in secret…"), player);
      else if (g_strcmp0 (type, "reveal_attack") == 0)
        label = g_strdup (_("Type the gold and guesses revealed at the table…"));
      else if (g_strcmp0 (type, "bid") == 0)
        label = g_strdup_printf (_("%s: bid on %s…"), player, mg_ui_json_str (a, "ability"));
      else
        label = mg_lamame_ui_action_text (a);
      step_button (self, self->steps_box, label, a);
    }
  g_hash_table_unref (seen);
  (void) view;
}

/* The banner over the map: what the last step in force resolved (an attack round, a reveal,
 * the season's income), rendered from its public events in the viewer's language, until the
 * next step; empty otherwise. An undone step is not in force: its secrets are not shown. */
static void
fill_result_banner (MgLamameMapPage *self)
{
  g_autofree char *text = NULL;

  for (gint64 seq = mg_campaign_journal_count (self->campaign), n = 0; seq > 0 && n < 64; seq--, n++)
    {
      g_autoptr(MgJournalEntry) entry = mg_campaign_journal_get (self->campaign, seq, NULL);
      g_autoptr(json_object) events = NULL;

      if (entry == NULL || entry->undone)
        continue;
      events = json_tokener_parse (entry->events ? entry->events : "[]");
      text = mg_lamame_ui_result_text (events);
      break;
    }
  gtk_label_set_text (self->result_label, text != NULL ? text : "");
  /* Empty, it keeps its room (issue 45: the map moved down and up 20–30 px as it came and
   * went between two clicks). */
  if (text != NULL)
    gtk_widget_remove_css_class (self->result_banner, "empty");
  else
    gtk_widget_add_css_class (self->result_banner, "empty");
  mg_accessible_announce (self->result_banner, text);
}

static void
refresh (MgLamameMapPage *self)
{
  const MgState *state = mg_table_state_get_state (self->table);
  /* The referee's shared screen: the public view, or one seat's while its secrets are shown. */
  json_object *view = mg_table_state_get_seat_view (self->table);
  json_object *pending = mg_table_state_get_pending (self->table);
  g_autoptr(json_object) model = NULL;
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  json_object *costs = mg_ui_json_object (ruleset, "costs");
  g_autofree char *banner = NULL, *costs_text = NULL;

  g_clear_pointer (&self->legal, json_object_put);
  self->legal = mg_state_legal_actions (state, MG_SEAT_ALL);
  model = mg_lamame_ui_map_model (mg_ui_json_object (view, "map"), view);
  mg_area_map_set_model (self->map, model);
  banner = g_strdup (mg_ui_json_str (pending, "text"));
  gtk_label_set_text (self->banner, banner);
  costs_text = g_strdup_printf (mg_ui_json_bool (ruleset, "costs_are_defaults")
                                ? _("Costs (defaults, check them against the box): knight %d, soldier %d, catapult %d, camp %d gold. Tax %d. Shapes: ● knight, ■ soldier, ◆ catapult, ▲ camp; the letter is the owner's.")
                                : _("Costs: knight %d, soldier %d, catapult %d, camp %d gold. Tax %d. Shapes: ● knight, ■ soldier, ◆ catapult, ▲ camp; the letter is the owner's."),
                                mg_ui_json_int (costs, "knight", 0), mg_ui_json_int (costs, "soldier", 0),
                                mg_ui_json_int (costs, "catapult", 0), mg_ui_json_int (costs, "camp", 0),
                                mg_ui_json_int (ruleset, "tax", 0));
  gtk_label_set_text (self->costs_label, costs_text);
  fill_players (self, view, pending);
  fill_steps (self, view, pending);
  fill_area (self, view);
  fill_result (self, view);
  fill_result_banner (self);
  /* The step's button went with the steps rebuilt: the focus goes to the next step, not back to
   * the Map tab (issue 44); on the map, it stays there. */
  mg_accessible_keep_focus (GTK_WIDGET (self), GTK_WIDGET (self->steps_box));
  (void) find_player;
}

static void
area_activated (MgAreaMap *map, const char *id, MgLamameMapPage *self)
{
  mg_area_map_set_selected (map, id);
  show_error (self, NULL);
  fill_area (self, mg_table_state_get_seat_view (self->table));
}

/* A click or Enter on a highlighted destination: the move, attack or shot from the selected
 * area to it, as its button in the panel does (Cricchio's board acts the same way). */
static gboolean
target_activated (MgAreaMap *map, const char *id, MgLamameMapPage *self)
{
  const char *from = mg_area_map_get_selected (map);
  json_object *found = NULL;
  guint n = 0;

  for (gsize i = 0; i < mg_ui_json_len (self->legal); i++)
    {
      json_object *a = json_object_array_get_idx (self->legal, i);
      if (is_area_action (mg_ui_json_str (a, "type")) && g_strcmp0 (mg_ui_json_str (a, "from"), from) == 0 &&
          g_strcmp0 (mg_ui_json_str (a, "to"), id) == 0)
        {
          found = found ? found : a;
          n++;
        }
    }
  if (n == 0)
    return FALSE;
  if (n > 1)
    {
      g_autofree char *text = g_strdup_printf (_("More than one unit can go to %s: choose one in the list."), id);
      show_error (self, text);
      return TRUE;
    }
  {
    g_autoptr(json_object) action = json_object_get (found);
    gboolean move = g_strcmp0 (mg_ui_json_str (action, "type"), "move") == 0;
    g_autofree char *to = g_strdup (id);
    gint64 before = mg_campaign_journal_count (self->campaign);

    perform (self, action);
    /* Moved: the unit is now there, and so is the selection (it may go on or attack). */
    if (move && mg_campaign_journal_count (self->campaign) > before)
      area_activated (map, to, self);
  }
  return TRUE;
}

/* Escape on the map: nothing selected, no destinations. */
static void
map_cancelled (MgAreaMap *map, MgLamameMapPage *self)
{
  mg_area_map_set_selected (map, NULL);
  show_error (self, NULL);
  fill_area (self, mg_table_state_get_seat_view (self->table));
}

static void
hint_changed (MgLamameMapPage *self)
{
  const char *hint = mg_area_map_get_hint (self->map);
  g_auto(GStrv) lines = hint ? g_strsplit (hint, "\n", -1) : NULL;
  g_autofree char *line = lines ? g_strjoinv (" · ", lines) : NULL;   /* "Oak Hill · Red: knight" */

  gtk_label_set_text (self->map_hint, line != NULL ? line
                      : _("Tab to the map; the arrow keys go from area to area, Enter selects, Escape cancels."));
}

static void
zoom_clicked (GtkButton *button, MgLamameMapPage *self)
{
  if (GTK_WIDGET (button) == self->zoom_fit)
    mg_area_map_fit (self->map);
  else
    mg_area_map_zoom (self->map, GTK_WIDGET (button) == self->zoom_in ? 1.25 : 0.8);
}

static void
mg_lamame_map_page_dispose (GObject *object)
{
  MgLamameMapPage *self = MG_LAMAME_MAP_PAGE (object);

  if (self->dialog != NULL)
    {
      GtkWindow *dialog = GTK_WINDOW (g_steal_pointer (&self->dialog));
      gtk_window_destroy (dialog);
    }
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_LAMAME_MAP_PAGE);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->legal, json_object_put);
  g_clear_pointer (&self->dialog_action, json_object_put);
  g_clear_pointer (&self->player_rows, g_array_unref);
  g_clear_pointer (&self->players_key, g_free);
  g_clear_pointer (&self->steps_key, g_free);
  G_OBJECT_CLASS (mg_lamame_map_page_parent_class)->dispose (object);
}

static void
mg_lamame_map_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgLamameMapPage *self = MG_LAMAME_MAP_PAGE (widget);

  mg_lamame_ui_split_measure (GTK_WIDGET (self->banner), self->map_box, self->side,
                              orientation, for_size, minimum, natural);
  *min_baseline = *nat_baseline = -1;
}

static void
mg_lamame_map_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgLamameMapPage *self = MG_LAMAME_MAP_PAGE (widget);

  (void) baseline;
  mg_lamame_ui_split_allocate (GTK_WIDGET (self->banner), self->map_box, self->side,
                               width, height);
}

static void
mg_lamame_map_page_class_init (MgLamameMapPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_lamame_map_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/lamame/mg-lamame-map-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, banner);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, players_grid);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, costs_label);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, steps_box);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, area_label);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, area_box);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, result_grid);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, secrets_box);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, side);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, map_box);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, result_banner);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, result_label);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, map_hint);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, zoom_in);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, zoom_out);
  gtk_widget_class_bind_template_child (widget_class, MgLamameMapPage, zoom_fit);
  gtk_widget_class_bind_template_child_full (widget_class, "map_slot", FALSE, 0);
  widget_class->measure = mg_lamame_map_page_measure;
  widget_class->size_allocate = mg_lamame_map_page_size_allocate;
}

static void
mg_lamame_map_page_init (MgLamameMapPage *self)
{
  GtkWidget *slot;

  gtk_widget_init_template (GTK_WIDGET (self));
  slot = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_LAMAME_MAP_PAGE, "map_slot"));
  self->map = mg_area_map_new ();
  gtk_box_append (GTK_BOX (slot), GTK_WIDGET (self->map));
  g_signal_connect (self->map, "area-activated", G_CALLBACK (area_activated), self);
  g_signal_connect (self->map, "target-activated", G_CALLBACK (target_activated), self);
  g_signal_connect (self->map, "cancelled", G_CALLBACK (map_cancelled), self);
  g_signal_connect_swapped (self->map, "notify::hint", G_CALLBACK (hint_changed), self);
  g_signal_connect (self->zoom_in, "clicked", G_CALLBACK (zoom_clicked), self);
  g_signal_connect (self->zoom_out, "clicked", G_CALLBACK (zoom_clicked), self);
  g_signal_connect (self->zoom_fit, "clicked", G_CALLBACK (zoom_clicked), self);
  hint_changed (self);
}

MgLamameMapPage *
mg_lamame_map_page_new (MgCampaign *campaign)
{
  MgLamameMapPage *self = g_object_new (MG_TYPE_LAMAME_MAP_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  self->table = mg_table_state_for_campaign (campaign);
  mg_widget_redraw_when_shown (GTK_WIDGET (self), campaign, (MgRedrawFunc) refresh);
  return self;
}

GPtrArray *
mg_lamame_map_page_buttons (MgLamameMapPage *self)
{
  GPtrArray *out = g_ptr_array_new ();
  GtkWidget *boxes[] = { GTK_WIDGET (self->steps_box), GTK_WIDGET (self->area_box) };

  for (guint b = 0; b < G_N_ELEMENTS (boxes); b++)
    for (GtkWidget *c = gtk_widget_get_first_child (boxes[b]); c != NULL; c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_BUTTON (c))
        g_ptr_array_add (out, c);
  return out;
}

gboolean
mg_lamame_map_page_click (MgLamameMapPage *self, const char *text)
{
  g_autoptr(GPtrArray) buttons = mg_lamame_map_page_buttons (self);

  for (guint i = 0; i < buttons->len; i++)
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (buttons, i)));
      if (label != NULL && strstr (label, text) != NULL)
        {
          g_signal_emit_by_name (g_ptr_array_index (buttons, i), "clicked");
          return TRUE;
        }
    }
  return FALSE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-display.c — Meeple Melee on the players' display: both players' tracks (casualties
 * and neutral zone) with their figures, matches won and what each rolls next, from the public
 * view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-meeple-display.h"
#include "mg-players-display.h"
#include "mg-ui-json.h"

/* The seats' colours on the Battle page (meeple.css, .player-a and .player-b). */
static const char *const seat_colours[] = { "red", "blue" };

static GtkWidget *
figure_row (const char *caption, const char *value)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  GtkWidget *label = gtk_label_new (caption);
  GtkWidget *figure = mg_players_display_key_new (value);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "display-caption");
  gtk_widget_add_css_class (figure, "numeric");
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), figure);
  return row;
}

static GtkWidget *
player_panel (json_object *player, json_object *score, json_object *ruleset, guint seat)
{
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  const char *name = mg_ui_json_str (player, "name");
  int defeat = mg_ui_json_int (ruleset, "defeat_casualties", 6);
  int meeples = mg_ui_json_int (ruleset, "meeples", 8);
  g_autofree char *won = g_strdup_printf ("%d", mg_ui_json_int (score, name != NULL ? name : "", 0));
  g_autofree char *rolls = g_strdup_printf ("%d", mg_ui_json_int (player, "to_roll", 0));
  g_autofree char *actions = g_strdup_printf (C_("track", "%u / %u"), (guint) mg_ui_json_int (player, "actions_used", 0),
                                              (guint) mg_ui_json_int (player, "actions_allowed", 0));

  gtk_widget_add_css_class (panel, "display-panel");
  gtk_widget_set_hexpand (panel, TRUE);
  gtk_box_append (GTK_BOX (panel), mg_players_display_name_new (name != NULL ? name : "", seat_colours[seat % 2]));
  gtk_box_append (GTK_BOX (panel), figure_row (_("Matches won"), won));
  gtk_box_append (GTK_BOX (panel),
                  mg_players_display_track_new (_("Casualties"), (guint) defeat,
                                                (guint) mg_ui_json_int (player, "casualties", 0), seat_colours[seat % 2]));
  gtk_box_append (GTK_BOX (panel),
                  mg_players_display_track_new (_("Neutral zone"), (guint) MAX (meeples - defeat, 2),
                                                (guint) mg_ui_json_int (player, "neutral", 0), "yellow"));
  gtk_box_append (GTK_BOX (panel), figure_row (_("Meeples to roll"), rolls));
  gtk_box_append (GTK_BOX (panel), figure_row (_("Actions used"), actions));
  return panel;
}

static void
update (GtkWidget *picture, MgTableState *table)
{
  json_object *view = mg_table_state_get_view (table, MG_SEAT_PUBLIC);
  json_object *ruleset = mg_campaign_get_ruleset (mg_table_state_get_campaign (table));
  json_object *players = mg_ui_json_array (view, "players");
  json_object *score = mg_ui_json_get (view, "score");
  const char *winner = mg_ui_json_str (view, "winner");
  g_autofree char *heading = winner != NULL
    ? g_strdup_printf (_("Match %d is over: %s won"), mg_ui_json_int (view, "match", 1), winner)
    : g_strdup_printf (_("Match %d, battle %d"), mg_ui_json_int (view, "match", 1), mg_ui_json_int (view, "battle", 1));

  mg_players_display_clear (GTK_BOX (picture));
  gtk_box_append (GTK_BOX (picture), mg_players_display_key_new (heading));
  if (mg_ui_json_len (players) >= 2)
    {
      GtkWidget *sides = mg_players_display_split_new (player_panel (json_object_array_get_idx (players, 0), score, ruleset, 0),
                                                       player_panel (json_object_array_get_idx (players, 1), score, ruleset, 1),
                                                       TRUE);

      gtk_widget_set_vexpand (sides, TRUE);
      gtk_box_append (GTK_BOX (picture), sides);
    }
}

GtkWidget *
mg_meeple_display_new (MgTableState *table)
{
  GtkWidget *picture = gtk_box_new (GTK_ORIENTATION_VERTICAL, 36);

  mg_players_display_follow (picture, table, update);
  return picture;
}

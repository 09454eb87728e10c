/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-display.c — La Mame's Melee on the players' display: the map with every unit,
 * filling the screen, and beside it the season, whose turn it is and each player's gold and
 * areas, from the public view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-area-map.h"
#include "mg-lamame-display.h"
#include "mg-lamame-util.h"
#include "mg-players-display.h"
#include "mg-widget-util.h"

static void
update (GtkWidget *picture, MgTableState *table)
{
  MgAreaMap *map = g_object_get_data (G_OBJECT (picture), "mg-display-map");
  GtkBox *side = g_object_get_data (G_OBJECT (picture), "mg-display-side");
  json_object *view = mg_table_state_get_view (table, MG_SEAT_PUBLIC);
  g_autoptr(json_object) model = mg_lamame_ui_map_model (mg_ui_json_object (view, "map"), view);
  json_object *players = mg_ui_json_array (view, "players");
  const char *captions[] = { _("Player"), _("Gold"), _("Areas"), NULL };
  GtkWidget *standings = mg_players_display_table_new (captions);
  const char *current = mg_ui_json_str (view, "current");

  mg_area_map_set_model (map, model);
  mg_players_display_clear (side);
  gtk_box_append (side, mg_players_display_key_new (mg_lamame_ui_season_name (mg_ui_json_str (view, "season"))));
  for (gsize i = 0; i < mg_ui_json_len (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);
      const char *name = mg_ui_json_str (p, "name");
      g_autofree char *gold = g_strdup_printf ("%d", mg_ui_json_int (p, "gold", 0));
      g_autofree char *areas = g_strdup_printf ("%d", mg_ui_json_int (p, "areas", 0));
      const char *values[] = { gold, areas, NULL };

      mg_players_display_table_add (standings, name, mg_ui_json_str (p, "colour"), values);
      if (g_strcmp0 (name, current) == 0)
        {
          GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
          GtkWidget *caption = gtk_label_new (_("Playing:"));

          gtk_widget_add_css_class (caption, "display-caption");
          gtk_box_append (GTK_BOX (line), caption);
          gtk_box_append (GTK_BOX (line), mg_players_display_name_new (name, mg_ui_json_str (p, "colour")));
          gtk_box_append (side, line);
        }
    }
  gtk_box_append (side, standings);
}

GtkWidget *
mg_lamame_display_new (MgTableState *table)
{
  return mg_players_display_map_picture_new (table, "/io/github/meleegm/MeleeGM/lamame/lamame.css", update);
}

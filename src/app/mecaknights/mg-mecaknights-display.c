/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-display.c — MecaKnights on the players' display: the map of lands with every army,
 * filling the screen, and beside it the turn and season, whose turn it is and each leader's
 * gold, lands and armies, from the public view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-area-map.h"
#include "mg-mecaknights-display.h"
#include "mg-mecaknights-map-drawing.h"
#include "mg-json.h"
#include "mg-mecaknights-util.h"
#include "mg-players-display.h"

static void
update (GtkWidget *picture, MgTableState *table)
{
  MgAreaMap *map = g_object_get_data (G_OBJECT (picture), "mg-display-map");
  GtkBox *side = g_object_get_data (G_OBJECT (picture), "mg-display-side");
  json_object *view = mg_table_state_get_view (table, MG_SEAT_PUBLIC);
  g_autoptr(json_object) model = mg_mk_map_drawing_model (mg_ui_json_object (view, "map"), view);
  json_object *leaders = mg_mk_ui_view_leaders (view);
  const char *captions[] = { _("Leader"), C_("mecaknights", "Gold"), _("Lands"), _("Armies"), NULL };
  GtkWidget *standings = mg_players_display_table_new (captions);
  const char *current = mg_mk_ui_view_current_leader (view);
  g_autofree char *turn = g_strdup_printf (C_("mecaknights", "Turn %d · %s, year %d"), mg_ui_json_int (view, "turn", 1),
                                           mg_mk_ui_season_name (mg_ui_json_str (view, "season")),
                                           mg_ui_json_int (view, "year", 1));

  /* The rivers named in a legend under the map (the map names them only where there is room). */
  {
    json_object *waters = mg_ui_json_array (model, "waters"), *legend = json_object_new_array ();

    for (gsize i = 0; i < mg_ui_json_len (waters); i++)
      {
        json_object *water = json_object_array_get_idx (waters, i), *item = json_object_new_object ();
        gboolean crossings = json_object_get_boolean (mg_ui_json_get (water, "crossings"));

        json_object_object_add (item, "water", json_object_new_string (crossings ? "crossings" : "river"));
        json_object_object_add (item, "text", json_object_new_string (mg_ui_json_str (water, "label")));
        json_object_array_add (legend, item);
      }
    json_object_object_add (model, "legend", legend);
  }
  mg_area_map_set_model (map, model);
  mg_players_display_clear (side);
  gtk_box_append (side, mg_players_display_key_new (turn));
  if (current != NULL)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
      GtkWidget *caption = gtk_label_new (_("Playing:"));

      gtk_widget_add_css_class (caption, "display-caption");
      gtk_box_append (GTK_BOX (line), caption);
      gtk_box_append (GTK_BOX (line), mg_players_display_name_new (current, mg_mk_ui_view_colour (view, current)));
      gtk_box_append (side, line);
    }
  for (gsize i = 0; i < mg_ui_json_len (leaders); i++)
    {
      json_object *leader = json_object_array_get_idx (leaders, i);
      const char *name = mg_ui_json_str (leader, "name");
      g_autofree char *gold = g_strdup_printf ("%d", mg_mk_ui_leader_amount (leader, "gp"));
      g_autofree char *lands = g_strdup_printf ("%d", mg_mk_ui_view_count_lands (view, name));
      g_autofree char *armies = g_strdup_printf ("%d", mg_mk_ui_view_count_armies (view, name));
      const char *values[] = { gold, lands, armies, NULL };

      mg_players_display_table_add (standings, name, mg_mk_ui_view_colour (view, name), values);
    }
  gtk_box_append (side, standings);
}

GtkWidget *
mg_mk_display_new (MgTableState *table)
{
  return mg_players_display_map_picture_new (table, "/io/github/meleegm/MeleeGM/mecaknights/mecaknights.css", update);
}

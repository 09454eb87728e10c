/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-display.c — TFT Melee on the players' display: the fight under way, its turn and each
 * figure's ST, adjusted DX, hits and state, in type for the whole room; between fights, the
 * roster. From the public view. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-players-display.h"
#include "mg-tft-display.h"
#include "mg-tft-arena-view.h"
#include "mg-tft-util.h"

/* The sides in order of the fight's "sides", one colour each. */
static const char *
side_colour (json_object *fight, const char *side)
{
  static const char *const colours[] = { "red", "blue", "green", "orange", "purple", "brown" };
  json_object *sides = mg_ui_json_array (fight, "sides");

  for (gsize i = 0; i < mg_ui_json_len (sides); i++)
    if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (sides, i), "name"), side) == 0)
      return colours[i % G_N_ELEMENTS (colours)];
  return NULL;
}

/* short: beside the arena, the figure, its ST and hits only (a counter greys when its figure is down). */
static GtkWidget *
fight_table (json_object *fight, gboolean short_form)
{
  json_object *figures = mg_ui_json_array (fight, "figures");
  const char *captions[] = { _("Figure"), C_("tft", "Side"), C_("tft", "ST"), C_("tft", "adjDX"), C_("tft", "Hits"),
                             C_("tft", "State"), NULL };
  const char *short_captions[] = { _("Figure"), C_("tft", "ST"), C_("tft", "Hits"), NULL };
  GtkWidget *table = mg_players_display_table_new (short_form ? short_captions : captions);

  for (gsize i = 0; i < mg_ui_json_len (figures); i++)
    {
      json_object *f = json_object_array_get_idx (figures, i);
      g_autofree char *st = g_strdup_printf ("%d", mg_ui_json_int (f, "st", 0));
      g_autofree char *dx = g_strdup_printf ("%d", mg_ui_json_int (f, "adj_dx", 0));
      g_autofree char *hits = g_strdup_printf ("%d", mg_ui_json_int (f, "hits", 0));
      const char *state = g_strcmp0 (mg_ui_json_str (f, "state"), "fighting") == 0
                          ? mg_tft_posture_name (mg_ui_json_str (f, "posture"))
                          : mg_tft_life_name (mg_ui_json_str (f, "state"));
      const char *side = mg_ui_json_str (f, "side");
      const char *values[] = { side != NULL ? side : "", st, dx, hits, state, NULL };
      const char *short_values[] = { st, hits, NULL };

      mg_players_display_table_add (table, mg_ui_json_str (f, "name"), side_colour (fight, side),
                                    short_form ? short_values : values);
    }
  return table;
}

static GtkWidget *
roster_table (json_object *view)
{
  json_object *roster = mg_ui_json_array (view, "roster");
  const char *captions[] = { _("Figure"), C_("tft", "ST"), C_("tft", "DX"), C_("tft", "EP"), C_("tft", "State"), NULL };
  GtkWidget *table = mg_players_display_table_new (captions);

  for (gsize i = 0; i < mg_ui_json_len (roster); i++)
    {
      json_object *f = json_object_array_get_idx (roster, i);
      g_autofree char *st = g_strdup_printf ("%d", mg_ui_json_int (f, "st", 0));
      g_autofree char *dx = g_strdup_printf ("%d", mg_ui_json_int (f, "dx", 0));
      g_autofree char *ep = g_strdup_printf ("%d", mg_ui_json_int (f, "ep", 0));
      const char *values[] = { st, dx, ep, mg_ui_json_bool (f, "alive") ? C_("tft", "Alive") : C_("tft", "Dead"), NULL };

      mg_players_display_table_add (table, mg_ui_json_str (f, "name"), NULL, values);
    }
  return table;
}

static void
update (GtkWidget *picture, MgTableState *table)
{
  json_object *view = mg_table_state_get_view (table, MG_SEAT_PUBLIC);
  json_object *fight = mg_tft_view_fight (view);
  g_autofree char *heading = NULL;
  GtkWidget *figures;

  if (fight != NULL)
    {
      g_autofree char *turn = mg_tft_fight_turn_text (fight);

      /* Translators: the players' display over a fight: "Fight 1 (to the death) · Turn 6" */
      heading = g_strdup_printf (_("Fight %d (%s) · %s"), mg_ui_json_int (fight, "number", 0),
                                 mg_tft_kind_phrase (mg_ui_json_str (fight, "kind")), turn);
      figures = fight_table (fight, FALSE);
      if (mg_ui_json_object (fight, "arena") != NULL)
        {
          /* On the arena: the board as large as the room allows, beside a short table (the counters
           * carry the sides' colours). */
          GtkWidget *both = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 36);
          MgTftArenaView *arena = mg_tft_arena_view_new (FALSE);
          g_object_ref_sink (figures);
          g_object_unref (figures);
          figures = fight_table (fight, TRUE);
          mg_tft_arena_view_update (arena, fight);
          gtk_widget_set_size_request (GTK_WIDGET (arena), 560, 280);
          gtk_box_append (GTK_BOX (both), GTK_WIDGET (arena));
          gtk_widget_set_valign (figures, GTK_ALIGN_CENTER);
          gtk_widget_set_hexpand (figures, FALSE);
          gtk_box_append (GTK_BOX (both), figures);
          gtk_widget_set_hexpand (both, TRUE);
          gtk_widget_set_vexpand (GTK_WIDGET (arena), TRUE);
          figures = both;
        }
    }
  else
    {
      heading = g_strdup (_("Roster"));
      figures = roster_table (view);
    }
  mg_players_display_clear (GTK_BOX (picture));
  gtk_box_append (GTK_BOX (picture), mg_players_display_key_new (heading));
  /* the arena takes all the height there is; a table is centred */
  gtk_widget_set_valign (figures, gtk_widget_get_hexpand (figures) ? GTK_ALIGN_FILL : GTK_ALIGN_CENTER);
  gtk_widget_set_halign (figures, gtk_widget_get_hexpand (figures) ? GTK_ALIGN_FILL : GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (figures, TRUE);
  gtk_box_append (GTK_BOX (picture), figures);
}

GtkWidget *
mg_tft_display_new (MgTableState *table)
{
  GtkWidget *picture = gtk_box_new (GTK_ORIENTATION_VERTICAL, 36);

  /* Few figures, much room: larger still (style.css). */
  gtk_widget_add_css_class (picture, "display-large");
  mg_players_display_follow (picture, table, update);
  return picture;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-util.c — readings of La Mame's Melee's view for its pages: the area-map model, names, actions. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-lamame-util.h"

const char *
mg_lamame_ui_colour (const char *name)
{
  static const struct { const char *name, *hex; } colours[] = {
    { "red", "#c01c28" }, { "blue", "#1c71d8" }, { "green", "#26a269" }, { "yellow", "#e5a50a" },
    { "purple", "#813d9c" }, { "orange", "#e66100" }, { "brown", "#865e3c" }, { "black", "#3d3846" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (colours); i++)
    if (g_strcmp0 (name, colours[i].name) == 0)
      return colours[i].hex;
  return name;
}

const char *
mg_lamame_ui_kind_name (const char *kind)
{
  if (g_strcmp0 (kind, "knight") == 0)
    return C_("lamame", "knight");
  if (g_strcmp0 (kind, "soldier") == 0)
    return C_("lamame", "soldier");
  if (g_strcmp0 (kind, "catapult") == 0)
    return C_("lamame", "catapult");
  if (g_strcmp0 (kind, "camp") == 0)
    return C_("lamame", "camp");
  return kind;
}

const char *
mg_lamame_ui_card_name (const char *card)
{
  if (g_strcmp0 (card, "tax") == 0)
    return C_("lamame", "Tax");
  if (g_strcmp0 (card, "build") == 0)
    return C_("lamame", "Build");
  if (g_strcmp0 (card, "move") == 0)
    return C_("lamame", "Move/Attack");
  return card;
}

const char *
mg_lamame_ui_season_name (const char *season)
{
  if (g_strcmp0 (season, "spring") == 0)
    return C_("lamame", "Spring");
  if (g_strcmp0 (season, "summer") == 0)
    return C_("lamame", "Summer");
  if (g_strcmp0 (season, "fall") == 0)
    return C_("lamame", "Fall");
  if (g_strcmp0 (season, "winter") == 0)
    return C_("lamame", "Winter");
  return season ? season : C_("lamame", "Initial build");
}

static const char *
shape_of (const char *kind)
{
  if (g_strcmp0 (kind, "knight") == 0)
    return "circle";
  if (g_strcmp0 (kind, "soldier") == 0)
    return "square";
  if (g_strcmp0 (kind, "catapult") == 0)
    return "diamond";
  return "triangle";
}

/* The shapes of the four kinds, then each player's colour. */
static json_object *
legend (json_object *players)
{
  static const char * const kinds[] = { "knight", "soldier", "catapult", "camp" };
  json_object *out = json_object_new_array ();

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      json_object *item = json_object_new_object ();
      json_object_object_add (item, "shape", json_object_new_string (shape_of (kinds[i])));
      json_object_object_add (item, "text", json_object_new_string (mg_lamame_ui_kind_name (kinds[i])));
      json_object_array_add (out, item);
    }
  for (gsize p = 0; p < mg_ui_json_len (players); p++)
    {
      json_object *pl = json_object_array_get_idx (players, p), *item = json_object_new_object ();
      json_object_object_add (item, "colour", json_object_new_string (mg_lamame_ui_colour (mg_ui_json_str (pl, "colour"))));
      json_object_object_add (item, "text", json_object_new_string (mg_ui_json_str (pl, "name") ? mg_ui_json_str (pl, "name") : ""));
      json_object_array_add (out, item);
    }
  return out;
}

json_object *
mg_lamame_ui_map_model (json_object *map, json_object *view)
{
  json_object *model = json_object_new_object ();
  json_object *areas = json_object_new_array (), *tokens = json_object_new_array ();
  json_object *src = mg_ui_json_array (map, "areas"), *castles = mg_ui_json_array (map, "castles");
  json_object *units = mg_ui_json_array (view, "units"), *players = mg_ui_json_array (view, "players");

  for (gsize i = 0; i < mg_ui_json_len (src); i++)
    {
      json_object *a = json_object_array_get_idx (src, i);
      json_object *out = json_object_new_object (), *marks = json_object_new_array ();
      const char *name = mg_ui_json_str (a, "name");

      json_object_object_add (out, "id", json_object_new_string (name ? name : ""));
      json_object_object_add (out, "label", json_object_new_string (name ? name : ""));
      json_object_object_add (out, "x", json_object_new_int (mg_ui_json_int (a, "x", 0)));
      json_object_object_add (out, "y", json_object_new_int (mg_ui_json_int (a, "y", 0)));
      json_object_object_add (out, "neighbours", json_object_get (mg_ui_json_get (a, "adjacent")));
      for (gsize c = 0; c < mg_ui_json_len (castles); c++)
        if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (castles, c)), name) == 0)
          json_object_array_add (marks, json_object_new_string ("castle"));
      if (mg_ui_json_bool (a, "mountain"))
        json_object_array_add (marks, json_object_new_string ("mountain"));
      if (mg_ui_json_bool (a, "plus_one"))
        json_object_array_add (marks, json_object_new_string ("plus_one"));
      json_object_object_add (out, "marks", marks);
      json_object_array_add (areas, out);
    }
  for (gsize i = 0; i < mg_ui_json_len (units); i++)
    {
      json_object *u = json_object_array_get_idx (units, i), *t = json_object_new_object ();
      const char *owner = mg_ui_json_str (u, "player");
      const char *colour = NULL;
      g_autofree char *letter = g_utf8_substring (owner ? owner : "?", 0, 1);
      g_autofree char *title = g_strdup_printf ("%s: %s", owner, mg_lamame_ui_kind_name (mg_ui_json_str (u, "unit")));

      for (gsize p = 0; p < mg_ui_json_len (players); p++)
        if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (players, p), "name"), owner) == 0)
          colour = mg_lamame_ui_colour (mg_ui_json_str (json_object_array_get_idx (players, p), "colour"));
      json_object_object_add (t, "area", json_object_new_string (mg_ui_json_str (u, "area")));
      json_object_object_add (t, "colour", json_object_new_string (colour ? colour : "#77767b"));
      json_object_object_add (t, "letter", json_object_new_string (letter));
      json_object_object_add (t, "shape", json_object_new_string (shape_of (mg_ui_json_str (u, "unit"))));
      json_object_object_add (t, "title", json_object_new_string (title));
      json_object_array_add (tokens, t);
      /* Tint the area in its owner's colour. */
      for (gsize a = 0; a < json_object_array_length (areas); a++)
        {
          json_object *ar = json_object_array_get_idx (areas, a);
          if (g_strcmp0 (mg_ui_json_str (ar, "id"), mg_ui_json_str (u, "area")) == 0 && colour != NULL)
            json_object_object_add (ar, "owner", json_object_new_string (colour));
        }
    }
  json_object_object_add (model, "areas", areas);
  json_object_object_add (model, "tokens", tokens);
  if (view != NULL)
    json_object_object_add (model, "legend", legend (players));
  return model;
}

/* "Red reveals Tax + Build". */
static char *
reveals_text (const char *player, json_object *cards)
{
  GString *s = g_string_new (NULL);
  char *text;

  for (gsize i = 0; i < mg_ui_json_len (cards); i++)
    g_string_append_printf (s, "%s%s", i ? " + " : "", mg_lamame_ui_card_name (json_object_get_string (json_object_array_get_idx (cards, i))));
  text = g_strdup_printf (_("%s reveals %s"), player, s->str);
  g_string_free (s, TRUE);
  return text;
}

char *
mg_lamame_ui_action_text (json_object *a)
{
  const char *type = mg_ui_json_str (a, "type");
  const char *player = mg_ui_json_str (a, "player");
  const char *unit = mg_lamame_ui_kind_name (mg_ui_json_str (a, "unit"));

  if (g_strcmp0 (type, "build") == 0)
    return g_strdup_printf (_("%s: build a %s on %s"), player, unit, mg_ui_json_str (a, "area"));
  if (g_strcmp0 (type, "move") == 0)
    return g_strdup_printf (_("%s: move the %s from %s to %s"), player, unit, mg_ui_json_str (a, "from"), mg_ui_json_str (a, "to"));
  if (g_strcmp0 (type, "attack") == 0)
    return g_strdup_printf (_("%s: attack %s with the %s from %s"), player, mg_ui_json_str (a, "to"), unit, mg_ui_json_str (a, "from"));
  if (g_strcmp0 (type, "fire") == 0)
    return g_strdup_printf (_("%s: fire the catapult on %s at %s"), player, mg_ui_json_str (a, "from"), mg_ui_json_str (a, "to"));
  if (g_strcmp0 (type, "tax") == 0)
    return g_strdup_printf (_("%s: Tax"), player);
  if (g_strcmp0 (type, "pass") == 0)
    return g_strdup_printf (_("%s: pass"), player);
  if (g_strcmp0 (type, "withdraw") == 0)
    return g_strdup_printf (_("%s: withdraw from the attack"), player);
  /* The Tax card is taken at once, never under way: ending it is giving it up untaken (issue 45:
   * "end the Tax action" was offered before the tax was taken). */
  if (g_strcmp0 (type, "end_action") == 0 && g_strcmp0 (mg_ui_json_str (a, "card"), "tax") == 0)
    return g_strdup_printf (_("%s: give up the %s card"), player, mg_lamame_ui_card_name (mg_ui_json_str (a, "card")));
  if (g_strcmp0 (type, "end_action") == 0)
    return g_strdup_printf (_("%s: end the %s action"), player, mg_lamame_ui_card_name (mg_ui_json_str (a, "card")));
  if (g_strcmp0 (type, "choose_start") == 0)
    return g_strdup_printf (_("%s names %s start player"), player, mg_ui_json_str (a, "start"));
  if (g_strcmp0 (type, "cards_at_table") == 0)
    return g_strdup (_("The cards lie face down at the table"));
  if (g_strcmp0 (type, "reveal_cards") == 0)
    return reveals_text (player, mg_ui_json_array (a, "cards"));
  return g_strdup (type);
}

static char *
numbers_text (json_object *list)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    g_string_append_printf (s, "%s%d", i == 0 ? "" : C_("lamame list", " and "), json_object_get_int (json_object_array_get_idx (list, i)));
  return g_string_free (s, FALSE);
}

/* One public event's sentence, or NULL for those that resolve nothing. */
static char *
event_text (json_object *e)
{
  const char *type = mg_ui_json_str (e, "type"), *player = mg_ui_json_str (e, "player");
  const char *area = mg_ui_json_str (e, "area"), *unit = mg_lamame_ui_kind_name (mg_ui_json_str (e, "unit"));

  if (g_strcmp0 (type, "attack_round") == 0)
    {
      g_autofree char *guesses = numbers_text (mg_ui_json_array (e, "guesses"));
      const char *target = g_strcmp0 (mg_ui_json_str (e, "target"), "garrison") == 0
                           ? C_("lamame", "garrison") : mg_lamame_ui_kind_name (mg_ui_json_str (e, "target"));
      gboolean right = g_strcmp0 (mg_ui_json_str (e, "result"), "defender") == 0;
      /* Translators: attacker, gold, target, area, defender, the guesses ("1 and 3") */
      return g_strdup_printf (right ? _("Round %d: %s spent %d gold against the %s on %s; %s guessed %s — right.")
                                    : _("Round %d: %s spent %d gold against the %s on %s; %s guessed %s — wrong."),
                              mg_ui_json_int (e, "round", 1), mg_ui_json_str (e, "attacker"), mg_ui_json_int (e, "gold", 0),
                              target, mg_ui_json_str (e, "area"), mg_ui_json_str (e, "defender"), guesses);
    }
  if (g_strcmp0 (type, "destroyed") == 0)
    return g_strdup_printf (_("%s's %s on %s is destroyed."), player, unit, area);
  if (g_strcmp0 (type, "area_taken") == 0)
    return g_strdup_printf (_("%s takes %s."), player, area);
  if (g_strcmp0 (type, "captured") == 0)
    return g_strdup_printf (mg_ui_json_bool (e, "replaced") ? _("%s captures %s's %s on %s.") : _("%s captures %s's %s on %s; it is destroyed."),
                            player, mg_ui_json_str (e, "from"), unit, area);
  if (g_strcmp0 (type, "castle_captured") == 0)
    return g_strdup_printf (_("%s takes %s's castle %s and is crowned."), player, mg_ui_json_str (e, "owner"), mg_ui_json_str (e, "castle"));
  if (g_strcmp0 (type, "withdrawn") == 0)
    return g_strdup_printf (_("%s withdraws from the attack on %s."), player, area);
  if (g_strcmp0 (type, "fired") == 0)
    return g_strdup_printf (_("%s's catapult on %s fires at %s."), player, mg_ui_json_str (e, "from"), mg_ui_json_str (e, "to"));
  if (g_strcmp0 (type, "cards_revealed") == 0)
    return reveals_text (player, mg_ui_json_array (e, "cards"));
  if (g_strcmp0 (type, "start_bids_revealed") == 0)
    {
      GString *s = g_string_new (NULL);
      char *text;
      json_object_object_foreach (mg_ui_json_object (e, "bids"), name, bid)
        g_string_append_printf (s, "%s%s %d", s->len ? ", " : "", name, json_object_get_int (bid));
      text = g_strdup_printf (_("Bids for start player: %s. %s wins and pays %d."), s->str,
                              mg_ui_json_str (e, "winner"), mg_ui_json_int (e, "paid", 0));
      g_string_free (s, TRUE);
      return text;
    }
  if (g_strcmp0 (type, "income") == 0)
    {
      GString *s = g_string_new (NULL);
      char *text;
      json_object_object_foreach (mg_ui_json_object (e, "incomes"), name, inc)
        /* Translators: a player, the gold earned, the gold held now */
        g_string_append_printf (s, _("%s%s +%d (now %d)"), s->len ? ", " : "", name,
                                mg_ui_json_int (inc, "total", 0), mg_ui_json_int (inc, "gold", 0));
      text = g_strdup_printf (_("Income at the end of the season: %s."), s->str);
      g_string_free (s, TRUE);
      return text;
    }
  return NULL;
}

char *
mg_lamame_ui_result_text (json_object *events)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < mg_ui_json_len (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      g_autofree char *text = NULL;

      /* An event for one seat only is a secret: never on the shared screen. */
      if (mg_ui_json_get (e, "seat") != NULL || (text = event_text (e)) == NULL)
        continue;
      /* Sentences, each ending in a full stop ("Red reveals Move/Attack" has none of its own). */
      g_string_append_printf (s, "%s%s%s", s->len ? " " : "", text, g_str_has_suffix (text, ".") ? "" : ".");
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* ---------------------------------------------------------------- layout */

/* The side panel's width beside the map: enough for the players' table, the rest to the map. */
static int
side_width (GtkWidget *side, int width)
{
  int min = 0;

  gtk_widget_measure (side, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return MAX (min, MIN (420, width * 3 / 10));
}

/* Below the map, the panel keeps at least this share of the height (the steps live there); the
 * map takes what shows it whole at the window's width (its natural height), up to 3/4. */
static int
map_height_below (GtkWidget *main, int width, int height)
{
  int min = 0, nat = 0;

  gtk_widget_measure (main, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  return MAX (min, MIN (nat, height * 3 / 4));
}

void
mg_lamame_ui_split_measure (GtkWidget *top, GtkWidget *main, GtkWidget *side,
                            GtkOrientation orientation, int for_size, int *minimum, int *natural)
{
  int t_min = 0, t_nat = 0, m_min = 0, m_nat = 0, s_min = 0, s_nat = 0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (top, orientation, -1, &t_min, &t_nat, NULL, NULL);
      gtk_widget_measure (main, orientation, -1, &m_min, &m_nat, NULL, NULL);
      gtk_widget_measure (side, orientation, -1, &s_min, &s_nat, NULL, NULL);
      /* Stacked, the page is as narrow as its widest part; side by side, as wide as both. */
      *minimum = MAX (t_min, MAX (m_min, s_min));
      *natural = MAX (*minimum, MAX (MIN (t_nat, m_nat + 420), m_nat + MIN (s_nat, 420)));
      return;
    }
  gtk_widget_measure (top, orientation, for_size, &t_min, &t_nat, NULL, NULL);
  if (for_size >= 0 && for_size < MG_LAMAME_SIDE_BY_SIDE)
    {
      gtk_widget_measure (main, orientation, for_size, &m_min, &m_nat, NULL, NULL);
      gtk_widget_measure (side, orientation, for_size, &s_min, &s_nat, NULL, NULL);
      *minimum = t_min + m_min + s_min;
      *natural = t_nat + MAX (m_nat, for_size * 9 / 10) + s_nat;
    }
  else
    {
      int sw = for_size >= 0 ? side_width (side, for_size) : -1;

      gtk_widget_measure (main, orientation, for_size >= 0 ? for_size - sw : -1, &m_min, &m_nat, NULL, NULL);
      gtk_widget_measure (side, orientation, sw, &s_min, &s_nat, NULL, NULL);
      *minimum = t_min + MAX (m_min, s_min);
      *natural = t_nat + MAX (m_nat, s_nat);
    }
}

void
mg_lamame_ui_split_allocate (GtkWidget *top, GtkWidget *main, GtkWidget *side, int width, int height)
{
  gboolean beside = width >= MG_LAMAME_SIDE_BY_SIDE;
  int top_h = 0, rest;

  gtk_widget_measure (top, GTK_ORIENTATION_VERTICAL, width, &top_h, NULL, NULL, NULL);
  gtk_widget_allocate (top, width, top_h, -1, NULL);
  rest = MAX (0, height - top_h);
  gtk_widget_remove_css_class (side, beside ? "lamame-below" : "lamame-beside");
  gtk_widget_add_css_class (side, beside ? "lamame-beside" : "lamame-below");
  if (beside)
    {
      int sw = side_width (side, width);

      gtk_widget_allocate (main, width - sw, rest, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, top_h)));
      gtk_widget_allocate (side, sw, rest, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (width - sw, top_h)));
    }
  else
    {
      int side_min = 0, map_h;

      gtk_widget_measure (side, GTK_ORIENTATION_VERTICAL, width, &side_min, NULL, NULL, NULL);
      map_h = MIN (map_height_below (main, width, rest), MAX (0, rest - side_min));
      gtk_widget_allocate (main, width, map_h, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, top_h)));
      gtk_widget_allocate (side, width, rest - map_h, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, top_h + map_h)));
    }
}


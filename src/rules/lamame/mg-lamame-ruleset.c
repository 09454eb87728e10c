/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-ruleset.c — La Mame's Melee: the ruleset and the map, read and checked with JSON paths. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-lamame-private.h"

const char * const lm_kind_ids[] = { "knight", "soldier", "catapult", "camp", NULL };
const char * const lm_card_ids[] = { "tax", "build", "move", NULL };
const char * const lm_form_ids[] = { "introductory", "complete", NULL };
const char * const lm_phase_ids[] = { "setup", "initial_build", "start_bid", "choose_start",
                                      "choose_cards", "actions", "over", NULL };

#define ERR LM_RULESET_ERR

static gboolean
fail (GError **error, const char *path, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError **error, const char *path, const char *fmt, ...)
{
  va_list ap;
  g_autofree char *msg = NULL;

  va_start (ap, fmt);
  msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET, "%s: %s", path, msg);
  return FALSE;
}

/* ---------------------------------------------------------------- map */

/* An empty map holding one reference. */
static LmMap *
map_new (void)
{
  LmMap *map = g_new0 (LmMap, 1);

  g_ref_count_init (&map->ref);
  return map;
}

/* A map never changes once read: a state and its copies share it (lm_state_copy). */
LmMap *
lm_map_ref (LmMap *map)
{
  if (map != NULL)
    g_ref_count_inc (&map->ref);
  return map;
}

void
lm_map_unref (LmMap *map)
{
  if (map == NULL || !g_ref_count_dec (&map->ref))
    return;
  for (guint i = 0; i < map->n_areas; i++)
    {
      g_free (map->areas[i].name);
      g_free (map->areas[i].adj);
    }
  g_free (map->areas);
  g_free (map->name);
  if (map->json)
    json_object_put (map->json);
  g_free (map);
}

gint
lm_map_find (const LmMap *map, const char *name)
{
  if (map == NULL || name == NULL)
    return -1;
  for (guint i = 0; i < map->n_areas; i++)
    if (strcmp (map->areas[i].name, name) == 0)
      return (gint) i;
  return -1;
}

gboolean
lm_map_adjacent (const LmMap *map, guint a, guint b)
{
  for (guint i = 0; i < map->areas[a].n_adj; i++)
    if (map->areas[a].adj[i] == b)
      return TRUE;
  return FALSE;
}

gint
lm_map_distance (const LmMap *map, guint a, guint b)
{
  gint dist[LM_MAX_AREAS];
  guint queue[LM_MAX_AREAS], head = 0, tail = 0;

  for (guint i = 0; i < map->n_areas; i++)
    dist[i] = G_MAXINT;
  dist[a] = 0;
  queue[tail++] = a;
  while (head < tail)
    {
      guint x = queue[head++];
      if (x == b)
        return dist[x];
      for (guint i = 0; i < map->areas[x].n_adj; i++)
        {
          guint y = map->areas[x].adj[i];
          if (dist[y] == G_MAXINT)
            {
              dist[y] = dist[x] + 1;
              queue[tail++] = y;
            }
        }
    }
  return G_MAXINT;
}

/* Area i of the map (`a`, at path ap): its name, unique so far, its place and its marks. */
static gboolean
read_area (LmMap *map, json_object *a, const char *ap, gsize i, GError **error)
{
  static const char * const area_known[] = { "name", "x", "y", "adjacent", "mountain", "plus_one", NULL };
  LmArea *area = &map->areas[i];
  const char *s;
  gint64 v;

  area->castle_of = -1;
  if (!mg_json_object (a, ap, ERR, error) || !mg_json_only (a, ap, ERR, area_known, error) ||
      !mg_json_get_string (a, ap, "name", ERR, &s, error))
    return FALSE;
  area->name = g_strdup (s);
  for (gsize j = 0; j < i; j++)
    if (strcmp (map->areas[j].name, s) == 0)
      {
        g_autofree char *np = mg_json_path_key (ap, "name");
        return fail (error, np, _("two areas are called \"%s\""), s);
      }
  if (!mg_json_get_int (a, ap, "x", ERR, 0, 10000, &v, error))
    return FALSE;
  area->x = v;
  if (!mg_json_get_int (a, ap, "y", ERR, 0, 10000, &v, error))
    return FALSE;
  area->y = v;
  return mg_json_opt_bool (a, ap, "mountain", ERR, &area->mountain, error) &&
         mg_json_opt_bool (a, ap, "plus_one", ERR, &area->plus_one, error);
}

/* Item j of `arr` (at path jp): the name of an area of the map, *k its index. */
static gboolean
read_area_name (const LmMap *map, json_object *arr, gsize j, const char *jp, const char **s, gint *k,
                GError **error)
{
  if (!mg_json_string (json_object_array_get_idx (arr, j), jp, ERR, s, error))
    return FALSE;
  if ((*k = lm_map_find (map, *s)) < 0)
    return fail (error, jp, _("no area is called \"%s\""), *s);
  return TRUE;
}

/* Area i's "adjacent" list, once every name is known: existing areas, not itself, each once. */
static gboolean
read_adjacent (LmMap *map, json_object *a, const char *ap, gsize i, GError **error)
{
  g_autofree char *adp = mg_json_path_key (ap, "adjacent");
  json_object *adj = mg_json_get_array (a, ap, "adjacent", ERR, 1, LM_MAX_AREAS, error);
  LmArea *area = &map->areas[i];
  const char *s;

  if (adj == NULL)
    return FALSE;
  area->adj = g_new0 (guint, json_object_array_length (adj));
  for (gsize j = 0; j < json_object_array_length (adj); j++)
    {
      g_autofree char *jp = mg_json_path_index (adp, j);
      gint k;

      if (!read_area_name (map, adj, j, jp, &s, &k, error))
        return FALSE;
      if (k == (gint) i)
        return fail (error, jp, _("\"%s\" cannot be its own neighbour"), s);
      for (guint m = 0; m < area->n_adj; m++)
        if (area->adj[m] == (guint) k)
          return fail (error, jp, _("\"%s\" is listed twice"), s);
      area->adj[area->n_adj++] = k;
    }
  return TRUE;
}

/* Every border is listed on both sides. */
static gboolean
check_borders (const LmMap *map, const char *areas_path, GError **error)
{
  for (gsize i = 0; i < map->n_areas; i++)
    for (guint j = 0; j < map->areas[i].n_adj; j++)
      if (!lm_map_adjacent (map, map->areas[i].adj[j], i))
        {
          g_autofree char *ap = mg_json_path_index (areas_path, i);
          g_autofree char *adp = mg_json_path_key (ap, "adjacent");
          g_autofree char *jp = mg_json_path_index (adp, j);
          const char *other = map->areas[map->areas[i].adj[j]].name;
          return fail (error, jp, _("\"%s\" lists \"%s\" as a neighbour but \"%s\" does not list \"%s\""),
                       map->areas[i].name, other, other, map->areas[i].name);
        }
  return TRUE;
}

/* One castle per player ("castles", in seat order), each on a distinct area out of the mountains. */
static gboolean
read_castles (LmMap *map, json_object *json, const char *path, GError **error)
{
  g_autofree char *castles_path = mg_json_path_key (path, "castles");
  json_object *castles = mg_json_get_array (json, path, "castles", ERR, map->players, map->players, error);
  const char *s;

  if (castles == NULL)
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (castles); i++)
    {
      g_autofree char *cp = mg_json_path_index (castles_path, i);
      gint k;

      if (!read_area_name (map, castles, i, cp, &s, &k, error))
        return FALSE;
      if (map->areas[k].castle_of >= 0)
        return fail (error, cp, _("\"%s\" is already a castle"), s);
      if (map->areas[k].mountain)
        return fail (error, cp, _("a castle cannot be in the mountains (\"%s\")"), s);
      map->areas[k].castle_of = i;
    }
  return TRUE;
}

/* The map's name, its sample mark and its number of players, which must be the campaign's
 * (n_players, 0 for any). */
static gboolean
read_map_header (LmMap *map, json_object *json, const char *path, guint n_players, GError **error)
{
  static const char * const known[] = { "name", "sample", "players", "areas", "castles", NULL };
  const char *s;

  if (!mg_json_object (json, path, ERR, error) || !mg_json_only (json, path, ERR, known, error))
    return FALSE;
  if (!mg_json_get_string (json, path, "name", ERR, &s, error))
    return FALSE;
  map->name = g_strdup (s);
  if (!mg_json_opt_bool (json, path, "sample", ERR, &map->sample, error))
    return FALSE;
  if (!mg_json_get_uint (json, path, "players", ERR, 2, LM_MAX_SEATS, &map->players, error))
    return FALSE;
  if (n_players != 0 && map->players != n_players)
    {
      g_autofree char *p = mg_json_path_key (path, "players");
      return fail (error, p, ngettext ("the map is for %u players, the campaign has %u player",
                                       "the map is for %u players, the campaign has %u players", n_players),
                   map->players, n_players);
    }
  return TRUE;
}

LmMap *
lm_map_parse (json_object *json, const char *path, guint n_players, GError **error)
{
  g_autoptr(LmMap) map = map_new ();
  g_autofree char *areas_path = mg_json_path_key (path, "areas");
  json_object *areas;
  gsize n;

  if (!read_map_header (map, json, path, n_players, error))
    return NULL;
  areas = mg_json_get_array (json, path, "areas", ERR, 1, LM_MAX_AREAS, error);
  if (areas == NULL)
    return NULL;
  n = json_object_array_length (areas);
  map->areas = g_new0 (LmArea, n);
  map->n_areas = n;
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *ap = mg_json_path_index (areas_path, i);
      if (!read_area (map, json_object_array_get_idx (areas, i), ap, i, error))
        return NULL;
    }
  /* Neighbours once every name is known. */
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *ap = mg_json_path_index (areas_path, i);
      if (!read_adjacent (map, json_object_array_get_idx (areas, i), ap, i, error))
        return NULL;
    }
  if (!check_borders (map, areas_path, error) || !read_castles (map, json, path, error))
    return NULL;
  for (guint i = 1; i < n; i++)
    if (lm_map_distance (map, 0, i) == G_MAXINT)
      {
        fail (error, areas_path, _("\"%s\" cannot be reached from \"%s\": the map must be in one piece"),
              map->areas[i].name, map->areas[0].name);
        return NULL;
      }
  map->json = json_object_get (json);
  return g_steal_pointer (&map);
}

gboolean
mg_lamame_check_map (json_object *map, const char *path, guint n_players, GError **error)
{
  g_autoptr(LmMap) m = lm_map_parse (map, path ? path : "$", n_players, error);
  return m != NULL;
}

/* ---------------------------------------------------------------- ruleset */

/* An empty ruleset holding one reference. */
static LmRuleset *
ruleset_new (void)
{
  LmRuleset *rs = g_new0 (LmRuleset, 1);

  g_ref_count_init (&rs->ref);
  return rs;
}

/* A ruleset never changes once read: a state and its copies share it (lm_state_copy). */
LmRuleset *
lm_ruleset_ref (LmRuleset *rs)
{
  if (rs != NULL)
    g_ref_count_inc (&rs->ref);
  return rs;
}

void
lm_ruleset_unref (LmRuleset *rs)
{
  if (rs == NULL || !g_ref_count_dec (&rs->ref))
    return;
  g_strfreev (rs->seasons);
  g_strfreev (rs->colours);
  for (guint i = 0; i < rs->n_abilities; i++)
    {
      g_free (rs->abilities[i].name);
      g_free (rs->abilities[i].text);
    }
  g_free (rs->abilities);
  if (rs->json)
    json_object_put (rs->json);
  g_free (rs);
}

static gboolean
read_kinds (json_object *obj, const char *path, const char *key, gint min, gint max,
            gint out[LM_N_KINDS], GError **error)
{
  g_autofree char *p = mg_json_path_key (path, key);
  json_object *o = mg_json_get_object (obj, path, key, ERR, error);

  if (o == NULL || !mg_json_only (o, p, ERR, lm_kind_ids, error))
    return FALSE;
  for (guint k = 0; k < LM_N_KINDS; k++)
    {
      if (!mg_json_get_gint (o, p, lm_kind_ids[k], ERR, min, max, &out[k], error))
        return FALSE;
    }
  return TRUE;
}

static char **
read_names (json_object *obj, const char *path, const char *key, gsize min, gsize max, GError **error)
{
  g_autofree char *p = mg_json_path_key (path, key);
  json_object *arr = mg_json_get_array (obj, path, key, ERR, min, max, error);
  g_auto(GStrv) out = NULL;
  gsize n;

  if (arr == NULL)
    return NULL;
  n = json_object_array_length (arr);
  out = g_new0 (char *, n + 1);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *ip = mg_json_path_index (p, i);
      const char *s;
      if (!mg_json_string (json_object_array_get_idx (arr, i), ip, ERR, &s, error))
        return NULL;
      out[i] = g_strdup (s);
    }
  return g_steal_pointer (&out);
}

/* Gold and units: starting gold, supply, costs, tax and income. */
static gboolean
read_economy (LmRuleset *rs, json_object *json, GError **error)
{
  static const char * const income_known[] = { "camp", "plus_one", NULL };
  json_object *o;

  if (!mg_json_get_gint (json, "$", "starting_gold", ERR, 0, LM_MAX_GOLD, &rs->starting_gold, error) ||
      !read_kinds (json, "$", "supply", 0, 20, rs->supply, error) ||
      !read_kinds (json, "$", "costs", 0, LM_MAX_GOLD, rs->costs, error) ||
      !mg_json_get_gint (json, "$", "tax", ERR, 0, LM_MAX_GOLD, &rs->tax, error))
    return FALSE;
  if (rs->supply[LM_SOLDIER] < 1)
    return fail (error, "$.supply.soldier", _("at least 1: each player puts a soldier in their castle"));
  if (!mg_json_opt_bool (json, "$", "costs_are_defaults", ERR, &rs->costs_are_defaults, error))
    return FALSE;
  return (o = mg_json_get_object (json, "$", "income", ERR, error)) != NULL &&
         mg_json_only (o, "$.income", ERR, income_known, error) &&
         mg_json_get_gint (o, "$.income", "camp", ERR, 0, LM_MAX_GOLD, &rs->income_camp, error) &&
         mg_json_get_gint (o, "$.income", "plus_one", ERR, 0, LM_MAX_GOLD, &rs->income_plus_one, error);
}

/* The seasons' names and how many action cards each is played with. */
static gboolean
read_seasons (LmRuleset *rs, json_object *json, GError **error)
{
  json_object *arr;

  if ((rs->seasons = read_names (json, "$", "seasons", 1, LM_MAX_SEASONS, error)) == NULL)
    return FALSE;
  rs->n_seasons = g_strv_length (rs->seasons);
  if ((arr = mg_json_get_array (json, "$", "cards_per_season", ERR, rs->n_seasons, rs->n_seasons, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < rs->n_seasons; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.cards_per_season", i);
      if (!mg_json_uint (json_object_array_get_idx (arr, i), ip, ERR, 1, 2, &rs->cards_per_season[i], error))
        return FALSE;
    }
  return TRUE;
}

/* Fighting: the defender's guesses, the catapults' range and use, the least attack gold. */
static gboolean
read_combat (LmRuleset *rs, json_object *json, GError **error)
{
  static const char * const guesses_known[] = { "default", "castle", "soldier_in_mountains", NULL };
  static const char * const range_known[] = { "base", "mountain_bonus", NULL };
  json_object *o;

  if ((o = mg_json_get_object (json, "$", "guesses", ERR, error)) == NULL ||
      !mg_json_only (o, "$.guesses", ERR, guesses_known, error) ||
      !mg_json_get_gint (o, "$.guesses", "default", ERR, 1, 2, &rs->guesses_default, error) ||
      !mg_json_get_gint (o, "$.guesses", "castle", ERR, 1, 2, &rs->guesses_castle, error) ||
      !mg_json_get_gint (o, "$.guesses", "soldier_in_mountains", ERR, 1, 2, &rs->guesses_soldier_mountain, error))
    return FALSE;
  if ((o = mg_json_get_object (json, "$", "catapult_range", ERR, error)) == NULL ||
      !mg_json_only (o, "$.catapult_range", ERR, range_known, error) ||
      !mg_json_get_gint (o, "$.catapult_range", "base", ERR, 1, 10, &rs->range_base, error) ||
      !mg_json_get_gint (o, "$.catapult_range", "mountain_bonus", ERR, 0, 10, &rs->range_mountain_bonus, error))
    return FALSE;
  if (!mg_json_get_gint (json, "$", "attack_gold_min", ERR, 1, LM_MAX_GOLD, &rs->attack_gold_min, error))
    return FALSE;
  rs->catapult_single_use = TRUE;
  rs->lost_return = TRUE;
  return mg_json_opt_bool (json, "$", "catapult_single_use", ERR, &rs->catapult_single_use, error) &&
         mg_json_opt_bool (json, "$", "lost_units_return_to_supply", ERR, &rs->lost_return, error);
}

/* The special abilities: distinct names, their text and an optional bonus income. */
static gboolean
read_abilities (LmRuleset *rs, json_object *json, GError **error)
{
  static const char * const ability_known[] = { "name", "text", "effect", NULL };
  static const char * const effect_known[] = { "bonus_income", NULL };
  json_object *arr;
  const char *s;

  if ((arr = mg_json_get_array (json, "$", "abilities", ERR, 0, LM_MAX_ABILITIES, error)) == NULL)
    return FALSE;
  rs->n_abilities = json_object_array_length (arr);
  rs->abilities = g_new0 (LmAbility, rs->n_abilities + 1);
  for (guint i = 0; i < rs->n_abilities; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.abilities", i);
      json_object *a = json_object_array_get_idx (arr, i);
      json_object *eff;

      if (!mg_json_object (a, ip, ERR, error) || !mg_json_only (a, ip, ERR, ability_known, error) ||
          !mg_json_get_string (a, ip, "name", ERR, &s, error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (strcmp (rs->abilities[j].name, s) == 0)
          {
            g_autofree char *np = mg_json_path_key (ip, "name");
            return fail (error, np, _("two abilities are called \"%s\""), s);
          }
      rs->abilities[i].name = g_strdup (s);
      if (!mg_json_get_string (a, ip, "text", ERR, &s, error))
        return FALSE;
      rs->abilities[i].text = g_strdup (s);
      if (mg_json_member (a, "effect") != NULL)
        {
          g_autofree char *ep = mg_json_path_key (ip, "effect");
          if ((eff = mg_json_get_object (a, ip, "effect", ERR, error)) == NULL ||
              !mg_json_only (eff, ep, ERR, effect_known, error))
            return FALSE;
          if (!mg_json_opt_gint (eff, ep, "bonus_income", ERR, 0, LM_MAX_GOLD, &rs->abilities[i].bonus_income, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Every map of the ruleset ("maps") is a good map for its own number of players. */
static gboolean
check_maps (json_object *json, GError **error)
{
  json_object *arr;

  if ((arr = mg_json_get_array (json, "$", "maps", ERR, 0, 50, error)) == NULL)
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.maps", i);
      g_autoptr(LmMap) m = lm_map_parse (json_object_array_get_idx (arr, i), ip, 0, error);
      if (m == NULL)
        return FALSE;
    }
  return TRUE;
}

LmRuleset *
lm_ruleset_parse (json_object *json, GError **error)
{
  static const char * const known[] = {
    "game", "name", "starting_gold", "supply", "costs", "costs_are_defaults", "tax", "income",
    "seasons", "cards_per_season", "guesses", "catapult_range", "attack_gold_min",
    "catapult_single_use", "lost_units_return_to_supply", "initial_build", "colours",
    "abilities", "maps", "house_rules", NULL };
  g_autoptr(LmRuleset) rs = ruleset_new ();
  const char *s;
  guint form;

  if (!mg_json_object (json, "$", ERR, error) || !mg_json_only (json, "$", ERR, known, error))
    return NULL;
  if (mg_json_member (json, "game") != NULL)
    {
      if (!mg_json_get_string (json, "$", "game", ERR, &s, error))
        return NULL;
      if (strcmp (s, "lamame") != 0)
        return fail (error, "$.game", _("this ruleset is for \"%s\", not La Mame's Melee"), s), NULL;
    }
  if (!read_economy (rs, json, error) || !read_seasons (rs, json, error) || !read_combat (rs, json, error))
    return NULL;
  /* An older campaign's ruleset has no house_rules: the defaults of the shipped ruleset apply. */
  if (!mg_house_rules_check (json, lm_house_rules, LM_N_HOUSE_RULES, error))
    return NULL;
  rs->camp_mountain_two = mg_house_rule (json, LM_HR_CAMP_MOUNTAIN, TRUE);
  rs->tie_first_start = mg_house_rule (json, LM_HR_TIE_FIRST_START, FALSE);
  rs->fired_catapult_gone = mg_house_rule (json, LM_HR_FIRED_CATAPULT_GONE, TRUE);
  if (!mg_json_get_choice (json, "$", "initial_build", ERR, lm_form_ids, &form, error))
    return NULL;
  rs->initial_build = form;
  if ((rs->colours = read_names (json, "$", "colours", LM_MAX_SEATS, 16, error)) == NULL)
    return NULL;
  if (!read_abilities (rs, json, error) || !check_maps (json, error))
    return NULL;
  rs->json = json_object_get (json);
  return g_steal_pointer (&rs);
}

json_object *
lm_ruleset_map_for (const LmRuleset *rs, guint n_players)
{
  json_object *maps = mg_json_member (rs->json, "maps");

  for (gsize i = 0; i < json_object_array_length (maps); i++)
    {
      json_object *m = json_object_array_get_idx (maps, i);
      if (json_object_get_int (mg_json_member (m, "players")) == (gint) n_players)
        return m;
    }
  return NULL;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-ruleset.c — Cricchio's Mêlée: the ruleset, read and checked with JSON paths. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-cricchio-private.h"

const char * const ch_kind_ids[] = { "none", "president", "admiral", "general", "air_force", "navy",
                                     "army", "marine", NULL };
const char * const ch_side_ids[] = { "south", "west", "north", "east", NULL };
const char * const ch_variant_ids[] = { "basic", "rogue", "minefield", "ak", "points", "solitaire", "team", NULL };
/* The players each variant is for, by the rulebook's headings ("2-4 Player Mêlée Rogue
 * Variation", "2 Player Mine Field Mêlée", "3 Player Abandoned Kingdom", "Solitaire Mêlée",
 * "Four Player Team Mêlée"). */
const guint ch_variant_min_players[] = { 2, 2, 2, 3, 2, 1, 4 };
const guint ch_variant_max_players[] = { 4, 4, 2, 3, 4, 1, 4 };

#define ERR CH_RULESET_ERR

static gboolean
get_kind (json_object *v, const char *path, guint first, guint8 *out, GError **error)
{
  guint k;

  if (!mg_json_choice (v, path, ERR, ch_kind_ids + first, &k, error))
    return FALSE;
  *out = k + first;
  return TRUE;
}

static gboolean
get_side (json_object *v, const char *path, gint8 *out, GError **error)
{
  guint s;

  if (!mg_json_choice (v, path, ERR, ch_side_ids, &s, error))
    return FALSE;
  *out = s;
  return TRUE;
}

/* {"president": n, …} for the kinds from `first`; every kind must be there. */
static gboolean
get_table (json_object *obj, const char *path, const char *key, guint first, gint *out, GError **error)
{
  g_autofree char *p = mg_json_path_key (path, key);
  json_object *t = mg_json_get_object (obj, path, key, ERR, error);
  const char *known[CH_N_KINDS + 1] = { NULL };
  guint n = 0;

  if (t == NULL)
    return FALSE;
  for (guint k = 1; k < first; k++)
    out[k] = 0;
  for (guint k = first; k < CH_N_KINDS && ch_kind_ids[k] != NULL; k++)
    {
      gint64 v;
      if (k == K_MARINE && first == 1 && strcmp (key, "values") != 0)
        break;
      known[n++] = ch_kind_ids[k];
      if (!mg_json_get_int (t, p, ch_kind_ids[k], ERR, -1000, 1000, &v, error))
        return FALSE;
      out[k] = v;
    }
  return mg_json_only (t, p, ERR, known, error);
}

/* $.board: the size, the two water squares and the four walls' lengths; the board, or NULL. */
static json_object *
parse_board (json_object *rs, GError **error)
{
  static const char * const board_known[] = { "size", "water", "wall_lengths", NULL };
  json_object *board, *arr;
  guint u;

  if ((board = mg_json_get_object (rs, "$", "board", ERR, error)) == NULL ||
      !mg_json_only (board, "$.board", ERR, board_known, error) ||
      !mg_json_get_uint (board, "$.board", "size", ERR, CH_W, CH_W, &u, error) ||
      (arr = mg_json_get_array (board, "$.board", "water", ERR, 2, 2, error)) == NULL ||
      (arr = mg_json_get_array (board, "$.board", "wall_lengths", ERR, 4, 4, error)) == NULL)
    return NULL;
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.board.wall_lengths", i);
      if (!mg_json_uint (json_object_array_get_idx (arr, i), p, ERR, 1, 4, &u, error))
        return NULL;
    }
  arr = mg_json_member (board, "water");
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.board.water", i);
      guint8 s;
      json_object *w = json_object_array_get_idx (arr, i);
      if (!json_object_is_type (w, json_type_string) || !ch_square_parse (json_object_get_string (w), &s))
        {
          mg_json_set_error (error, ERR, p, _("a square from a1 to n14"), w);
          return NULL;
        }
    }
  return board;
}

/* $.sides: the four sides clockwise from the south, each with its colour (borrowed). */
static gboolean
parse_sides (json_object *rs, ChRuleset *r, GError **error)
{
  static const char * const side_known[] = { "side", "colour", NULL };
  json_object *arr;

  if ((arr = mg_json_get_array (rs, "$", "sides", ERR, 4, 4, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.sides", i);
      g_autofree char *ps = mg_json_path_key (p, "side");
      json_object *s = json_object_array_get_idx (arr, i);
      const char *colour;
      gint8 side;
      if (!mg_json_object (s, p, ERR, error) || !mg_json_only (s, p, ERR, side_known, error) ||
          !get_side (mg_json_member (s, "side"), ps, &side, error))
        return FALSE;
      if (side != (gint8) i)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                       N_("%s.side: expected \"%s\": the sides go clockwise from the south"), p, ch_side_ids[i]);
          return FALSE;
        }
      if (!mg_json_get_string (s, p, "colour", ERR, &colour, error))
        return FALSE;
      r->colour[i] = (char *) colour;
    }
  return TRUE;
}

/* $.seats_by_players: for 1 to 4 players, the side each player takes, no side twice. */
static gboolean
parse_seats (json_object *rs, ChRuleset *r, GError **error)
{
  json_object *arr;

  if ((arr = mg_json_get_array (rs, "$", "seats_by_players", ERR, 4, 4, error)) == NULL)
    return FALSE;
  for (guint n = 0; n < 4; n++)
    {
      g_autofree char *p = mg_json_path_index ("$.seats_by_players", n);
      json_object *row = json_object_array_get_idx (arr, n);
      guint used = 0;
      gsize len;
      if (!mg_json_array (row, p, ERR, n + 1, n + 1, &len, error))
        return FALSE;
      for (guint i = 0; i <= n; i++)
        {
          g_autofree char *pi = mg_json_path_index (p, i);
          if (!get_side (json_object_array_get_idx (row, i), pi, &r->seats[n + 1][i], error))
            return FALSE;
          if (used & (1u << r->seats[n + 1][i]))
            {
              mg_refuse (error, MG_RULES_ERROR_BAD_RULESET, N_("%s: a side taken twice"), pi);
              return FALSE;
            }
          used |= 1u << r->seats[n + 1][i];
        }
    }
  return TRUE;
}

/* $.start_order: the home side's nine pieces, one President, Admiral, General, two of the others. */
static gboolean
parse_start_order (json_object *rs, ChRuleset *r, GError **error)
{
  static const guint want[CH_N_KINDS] = { 0, 1, 1, 1, 2, 2, 2, 0 };
  guint count[CH_N_KINDS] = { 0 };
  json_object *arr;

  if ((arr = mg_json_get_array (rs, "$", "start_order", ERR, 9, 9, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < 9; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.start_order", i);
      if (!get_kind (json_object_array_get_idx (arr, i), p, 1, &r->start_order[i], error))
        return FALSE;
      count[r->start_order[i]]++;
    }
  for (guint k = 1; k < K_MARINE; k++)
    if (count[k] != want[k])
      {
        mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                     N_("$.start_order: expected one President, Admiral and General and two each of Air Force, Navy and Army"));
        return FALSE;
      }
  return TRUE;
}

/* $.power: the six kinds below the President, strongest first, each once. */
static gboolean
parse_power (json_object *rs, ChRuleset *r, GError **error)
{
  json_object *arr;
  guint seen = 0;

  if ((arr = mg_json_get_array (rs, "$", "power", ERR, 6, 6, error)) == NULL)
    return FALSE;
  r->power[K_PRESIDENT] = 0;
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.power", i);
      guint8 k;
      if (!get_kind (json_object_array_get_idx (arr, i), p, 2, &k, error))
        return FALSE;
      if (seen & (1u << k))
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET, N_("%s: a piece named twice"), p);
          return FALSE;
        }
      seen |= 1u << k;
      r->power[k] = i + 1;
    }
  return TRUE;
}

/* The single rules: the Marine's double step, the explosion, the bare President, victory, the
 * house rules (an older campaign's ruleset has none: the shipped defaults apply). */
static gboolean
parse_rules (json_object *rs, ChRuleset *r, GError **error)
{
  static const char * const step_ids[] = { "forward", "all", NULL };
  static const char * const victory_ids[] = { "president_moves", "any_move", NULL };
  guint u;

  if (!mg_json_get_choice (rs, "$", "marine_double_step", ERR, step_ids, &u, error))
    return FALSE;
  r->double_step_all = u == 1;
  if (!mg_json_get_uint (rs, "$", "explosion_radius", ERR, 0, 13, &r->explosion_radius, error) ||
      !mg_json_get_uint (rs, "$", "bare_president_moves", ERR, 1, 1000, &r->bare_moves, error) ||
      !mg_json_get_choice (rs, "$", "victory", ERR, victory_ids, &u, error))
    return FALSE;
  r->victory_any_move = u == 1;
  if (!mg_house_rules_check (rs, ch_house_rules, CH_N_HOUSE_RULES, error))
    return FALSE;
  r->victim_moves_first = mg_house_rule (rs, CH_HR_VICTIM_MOVES_FIRST, FALSE);
  r->uncovered_needs_melee = mg_house_rule (rs, CH_HR_UNCOVERED_NEEDS_MELEE, FALSE);
  r->front_lateral_capture = mg_house_rule (rs, CH_HR_FRONT_LATERAL, TRUE);
  r->double_step_over_wall = mg_house_rule (rs, CH_HR_STEP_OVER_WALL, FALSE);
  r->explosion_scores = mg_house_rule (rs, CH_HR_EXPLOSION_SCORES, TRUE);
  return TRUE;
}

/* $.points (Points variant) and $.minefield (Mine Field). */
static gboolean
parse_points_mines (json_object *rs, ChRuleset *r, GError **error)
{
  static const char * const pk[] = { "to_win", "values", NULL };
  static const char * const mk[] = { "mines_per_player", "trigger_radius", "blast_radius", NULL };
  json_object *o;
  gint64 v;

  if ((o = mg_json_get_object (rs, "$", "points", ERR, error)) == NULL ||
      !mg_json_only (o, "$.points", ERR, pk, error) ||
      !mg_json_get_int (o, "$.points", "to_win", ERR, 1, 10000, &v, error) ||
      !get_table (o, "$.points", "values", 1, r->points, error))
    return FALSE;
  r->points_to_win = v;
  return (o = mg_json_get_object (rs, "$", "minefield", ERR, error)) != NULL &&
         mg_json_only (o, "$.minefield", ERR, mk, error) &&
         mg_json_get_uint (o, "$.minefield", "mines_per_player", ERR, 1, 6, &r->mines_per_player, error) &&
         mg_json_get_uint (o, "$.minefield", "trigger_radius", ERR, 0, 3, &r->mine_trigger, error) &&
         mg_json_get_uint (o, "$.minefield", "blast_radius", ERR, 0, 13, &r->mine_blast, error);
}

/* $.ak: the Abandoned Kingdom's side (the one no player of three takes) and its kills. */
static gboolean
parse_ak (json_object *rs, ChRuleset *r, GError **error)
{
  static const char * const ak[] = { "side", "max_kills", NULL };
  json_object *o;

  if ((o = mg_json_get_object (rs, "$", "ak", ERR, error)) == NULL ||
      !mg_json_only (o, "$.ak", ERR, ak, error) ||
      !get_side (mg_json_member (o, "side"), "$.ak.side", &r->ak_side, error) ||
      !mg_json_get_uint (o, "$.ak", "max_kills", ERR, 0, 100, &r->ak_max_kills, error))
    return FALSE;
  if (r->ak_side == r->seats[3][0] || r->ak_side == r->seats[3][1] || r->ak_side == r->seats[3][2])
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                   N_("$.ak.side: the Abandoned Kingdom needs the domain no player of three takes"));
      return FALSE;
    }
  return TRUE;
}

/* $.solitaire.order: the President and the officers, each once, in the order they should fall. */
static gboolean
parse_solo_order (json_object *arr, ChRuleset *r, GError **error)
{
  guint seen = 0;

  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.solitaire.order", i);
      if (!get_kind (json_object_array_get_idx (arr, i), p, 1, &r->solo_order[i], error))
        return FALSE;
      if (r->solo_order[i] == K_MARINE || (seen & (1u << r->solo_order[i])))
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                       N_("%s: each officer and the President once, no Marine"), p);
          return FALSE;
        }
      seen |= 1u << r->solo_order[i];
    }
  return TRUE;
}

/* $.solitaire: the AK's side (not the player's), its kills, the order and the scores. */
static gboolean
parse_solitaire (json_object *rs, ChRuleset *r, GError **error)
{
  static const char * const sk[] = { "ak_side", "max_kills", "order", "in_order", "out_of_order",
                                     "free_marines", "marine", "lost_piece", NULL };
  json_object *o, *arr;
  gint64 v;

  if ((o = mg_json_get_object (rs, "$", "solitaire", ERR, error)) == NULL ||
      !mg_json_only (o, "$.solitaire", ERR, sk, error) ||
      !get_side (mg_json_member (o, "ak_side"), "$.solitaire.ak_side", &r->solo_ak_side, error) ||
      !mg_json_get_uint (o, "$.solitaire", "max_kills", ERR, 0, 100, &r->solo_ak_max_kills, error) ||
      (arr = mg_json_get_array (o, "$.solitaire", "order", ERR, 6, 6, error)) == NULL)
    return FALSE;
  if (r->solo_ak_side == r->seats[1][0])
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                   N_("$.solitaire.ak_side: the player's own side"));
      return FALSE;
    }
  if (!parse_solo_order (arr, r, error) ||
      !get_table (o, "$.solitaire", "in_order", 1, r->solo_in, error) ||
      !get_table (o, "$.solitaire", "out_of_order", 1, r->solo_out, error) ||
      !mg_json_get_uint (o, "$.solitaire", "free_marines", ERR, 0, 9, &r->solo_free_marines, error) ||
      !mg_json_get_int (o, "$.solitaire", "marine", ERR, -1000, 1000, &v, error))
    return FALSE;
  r->solo_marine = v;
  if (!mg_json_get_int (o, "$.solitaire", "lost_piece", ERR, -1000, 1000, &v, error))
    return FALSE;
  r->solo_lost = v;
  return TRUE;
}

/* $.team: two pairs of sides, each side in one; partners only in the Team variant. */
static gboolean
parse_team (json_object *rs, ChRuleset *r, GError **error)
{
  static const char * const tk[] = { "pairs", NULL };
  json_object *o, *arr;
  guint used = 0;

  if ((o = mg_json_get_object (rs, "$", "team", ERR, error)) == NULL ||
      !mg_json_only (o, "$.team", ERR, tk, error) ||
      (arr = mg_json_get_array (o, "$.team", "pairs", ERR, 2, 2, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.team.pairs", i);
      json_object *pair = json_object_array_get_idx (arr, i);
      gint8 a, b;
      gsize len;
      g_autofree char *p0 = mg_json_path_index (p, 0);
      g_autofree char *p1 = mg_json_path_index (p, 1);
      if (!mg_json_array (pair, p, ERR, 2, 2, &len, error) ||
          !get_side (json_object_array_get_idx (pair, 0), p0, &a, error) ||
          !get_side (json_object_array_get_idx (pair, 1), p1, &b, error))
        return FALSE;
      if (a == b || (used & ((1u << a) | (1u << b))))
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET, N_("%s: each side in one pair"), p);
          return FALSE;
        }
      used |= (1u << a) | (1u << b);
      if (r->variant == V_TEAM)
        {
          r->partner[a] = b;
          r->partner[b] = a;
        }
    }
  return TRUE;
}

/* The board's geometry built into `geom`, or into a scratch one only to check it. */
static gboolean
build_geom (ChGeom *geom, json_object *board, const ChRuleset *r, GError **error)
{
  ChGeom *tmp;
  gboolean ok;

  if (geom != NULL)
    return ch_geom_build (geom, board, r->start_order, error);
  tmp = g_new (ChGeom, 1);
  ok = ch_geom_build (tmp, board, r->start_order, error);
  g_free (tmp);
  return ok;
}

gboolean
ch_ruleset_parse (json_object *rs, ChRuleset *out, ChGeom *geom, GError **error)
{
  static const char * const known[] = { "game", "name", "variant", "board", "sides", "seats_by_players",
                                        "start_order", "power", "marine_double_step", "explosion_radius",
                                        "bare_president_moves", "victory", "points", "minefield", "ak",
                                        "solitaire", "team", "notes", "house_rules", NULL };
  json_object *board;
  ChRuleset r;
  guint u;

  memset (&r, 0, sizeof r);
  memset (r.partner, -1, sizeof r.partner);
  if (!mg_json_ruleset_header (rs, "cricchio", ERR, known, error) ||
      !mg_json_get_choice (rs, "$", "variant", ERR, ch_variant_ids, &u, error))
    return FALSE;
  r.variant = u;
  if ((board = parse_board (rs, error)) == NULL ||
      !parse_sides (rs, &r, error) || !parse_seats (rs, &r, error) ||
      !parse_start_order (rs, &r, error) || !parse_power (rs, &r, error) ||
      !parse_rules (rs, &r, error) || !parse_points_mines (rs, &r, error) ||
      !parse_ak (rs, &r, error) || !parse_solitaire (rs, &r, error) || !parse_team (rs, &r, error))
    return FALSE;
  if (r.variant == V_SOLITAIRE)
    {
      r.ak_side = r.solo_ak_side;
      r.ak_max_kills = r.solo_ak_max_kills;
    }
  if (!build_geom (geom, board, &r, error))
    return FALSE;
  for (guint i = 0; i < CH_SIDES; i++)
    r.colour[i] = g_strdup (r.colour[i]);
  *out = r;
  return TRUE;
}

void
ch_ruleset_clear (ChRuleset *rs)
{
  for (guint i = 0; i < CH_SIDES; i++)
    g_clear_pointer (&rs->colour[i], g_free);
}

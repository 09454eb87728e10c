/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-json.c — La Mame's Melee's state as JSON: writing it out and reading it back. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-lamame-private.h"

/* ---------------------------------------------------------------- JSON out */

gint
lm_turn (const MgState *state)
{
  const LmState *s = lm (state);
  return s->p.season < 0 ? 1 : s->p.season + 2;
}

static json_object *
kinds_json (const gint *v)
{
  json_object *o = json_object_new_object ();
  for (guint k = 0; k < LM_N_KINDS; k++)
    json_object_object_add (o, lm_kind_ids[k], JI (v[k]));
  return o;
}

static const char * const entry_ids[] = { "none", "hidden", "table", NULL };

/* An attack round's members (`at`): who, from where, the target, its round, gold and guesses
 * (null while not entered). */
static json_object *
round_json (const LmState *s, const LmAttack *at)
{
  json_object *o = json_object_new_object (), *g = NULL;

  json_object_object_add (o, "attacker", JS (NAME (s, at->attacker)));
  json_object_object_add (o, "defender", JS (NAME (s, at->defender)));
  json_object_object_add (o, "from", JS (AREA (s, at->from)));
  json_object_object_add (o, "unit", JS (lm_kind_ids[at->kind]));
  json_object_object_add (o, "to", JS (AREA (s, at->to)));
  json_object_object_add (o, "target", JS (at->target == LM_GARRISON ? "garrison" : lm_kind_ids[at->target]));
  json_object_object_add (o, "round", JI (at->round));
  json_object_object_add (o, "gold", at->gold >= 0 ? JI (at->gold) : NULL);
  if (at->n_guesses >= 0)
    {
      g = json_object_new_array ();
      for (gint i = 0; i < at->n_guesses; i++)
        json_object_array_add (g, JI (at->guesses[i]));
    }
  json_object_object_add (o, "guesses", g);
  return o;
}

static json_object *
attack_json (const LmState *s)
{
  json_object *o;

  if (!s->p.atk.active)
    return NULL;
  o = round_json (s, &s->p.atk);
  json_object_object_add (o, "guesses_allowed", JI (s->p.atk.allowed));
  return o;
}

/* The last attack round resolved ("last_round"): public once resolved, gold and guesses too. */
static json_object *
last_round_json (const LmState *s)
{
  json_object *o;

  if (s->p.last.n == 0)
    return NULL;
  o = round_json (s, &s->p.last.round);
  json_object_object_add (o, "result", JS (s->p.last.hit ? "defender" : "attacker"));
  json_object_object_add (o, "n", JI (s->p.last.n));
  return o;
}

json_object *
lm_to_json (const MgState *state)
{
  const LmState *s = lm (state);
  const LmPlay *p = &s->p;
  json_object *o = json_object_new_object (), *arr;
  gint cur = lm_current_seat (s);

  json_object_object_add (o, "game", JS ("lamame"));
  json_object_object_add (o, "phase", JS (lm_phase_ids[p->phase]));
  json_object_object_add (o, "turn", JI (lm_turn (state)));
  json_object_object_add (o, "season", p->season >= 0 ? JS (s->rs->seasons[p->season]) : NULL);
  json_object_object_add (o, "season_index", JI (p->season));
  json_object_object_add (o, "initial_build", JS (lm_form_ids[p->form]));
  json_object_object_add (o, "start_player", JS (NAME (s, p->start_player)));
  json_object_object_add (o, "first_start_player", JS (NAME (s, p->first_start)));
  arr = json_object_new_array ();
  for (guint i = 0; i < p->n; i++)
    json_object_array_add (arr, JS (NAME (s, p->order[i])));
  json_object_object_add (o, "order", arr);
  json_object_object_add (o, "cur", JI (p->cur));
  json_object_object_add (o, "current", cur >= 0 ? JS (NAME (s, cur)) : NULL);
  json_object_object_add (o, "bid_winner", p->bid_winner >= 0 ? JS (NAME (s, p->bid_winner)) : NULL);
  arr = json_object_new_array ();
  for (guint i = 0; i < p->n; i++)
    {
      const LmPlayer *pl = &p->pl[i];
      json_object *po = json_object_new_object (), *ab = json_object_new_array (), *done = json_object_new_array ();
      gint castle = s->map ? lm_castle_of (s, i) : -1;

      json_object_object_add (po, "name", JS (NAME (s, i)));
      json_object_object_add (po, "colour", JS (s->rs->colours[i]));
      json_object_object_add (po, "castle", castle >= 0 ? JS (AREA (s, castle)) : NULL);
      json_object_object_add (po, "gold", JI (pl->gold));
      json_object_object_add (po, "supply", kinds_json (pl->supply));
      json_object_object_add (po, "areas", JI (s->map ? lm_areas_held (s, i) : 0));
      json_object_object_add (po, "passed", JB (pl->passed));
      for (guint k = 0; k < s->rs->n_abilities; k++)
        if (p->ability_owner[k] == (gint) i)
          json_object_array_add (ab, JS (s->rs->abilities[k].name));
      json_object_object_add (po, "abilities", ab);
      json_object_object_add (po, "start_bid", pl->start_bid >= 0 ? JI (pl->start_bid) : NULL);
      json_object_object_add (po, "card_entry", JS (entry_ids[pl->card_entry]));
      json_object_object_add (po, "cards", pl->card_entry != LM_ENTRY_NONE && pl->n_cards > 0
                                             ? lm_cards_json (pl->cards, pl->n_cards) : json_object_new_array ());
      json_object_object_add (po, "cards_revealed", JB (pl->cards_revealed));
      for (guint c = 0; c < pl->n_cards; c++)
        json_object_array_add (done, JB (pl->card_done[c]));
      json_object_object_add (po, "cards_done", done);
      json_object_object_add (po, "card_active", pl->card_active >= 0 ? JI (pl->card_active) : NULL);
      json_object_array_add (arr, po);
    }
  json_object_object_add (o, "players", arr);
  json_object_object_add (o, "map", s->map ? json_object_get (s->map->json) : NULL);
  arr = json_object_new_array ();
  for (guint a = 0; s->map && a < s->map->n_areas; a++)
    for (guint k = 0; k < LM_N_KINDS; k++)
      if (p->spot[a].owner[k] >= 0)
        {
          json_object *u = json_object_new_object ();
          json_object_object_add (u, "player", JS (NAME (s, p->spot[a].owner[k])));
          json_object_object_add (u, "unit", JS (lm_kind_ids[k]));
          json_object_object_add (u, "area", JS (AREA (s, a)));
          json_object_object_add (u, "moved", JB (p->spot[a].moved[k]));
          json_object_object_add (u, "fresh", JB (p->spot[a].fresh[k]));
          json_object_array_add (arr, u);
        }
  json_object_object_add (o, "units", arr);
  arr = json_object_new_array ();
  for (guint i = 0; i < p->n_dealt; i++)
    {
      json_object *d = json_object_new_object ();
      json_object_object_add (d, "ability", JS (s->rs->abilities[p->dealt[i]].name));
      json_object_object_add (d, "text", JS (s->rs->abilities[p->dealt[i]].text));
      json_object_object_add (d, "bid", JI (p->bid[i]));
      json_object_object_add (d, "bidder", p->bidder[i] >= 0 ? JS (NAME (s, p->bidder[i])) : NULL);
      json_object_array_add (arr, d);
    }
  json_object_object_add (o, "auction", arr);
  {
    json_object *lb = json_object_new_object ();
    for (guint i = 0; i < p->n; i++)
      if (p->last_bids[i] >= 0)
        json_object_object_add (lb, NAME (s, i), JI (p->last_bids[i]));
    json_object_object_add (o, "last_start_bids", lb);
  }
  json_object_object_add (o, "attack", attack_json (s));
  json_object_object_add (o, "last_round", last_round_json (s));
  json_object_object_add (o, "skipped_last", JB (p->skipped_last));
  if (p->phase == LM_OVER)
    {
      json_object *r = json_object_new_object (), *rk = json_object_new_array ();
      json_object_object_add (r, "reason", JS (p->fallen_castle >= 0 ? "castle" : "winter"));
      json_object_object_add (r, "winner", JS (NAME (s, p->winner)));
      json_object_object_add (r, "castle", p->fallen_castle >= 0 ? JS (AREA (s, p->fallen_castle)) : NULL);
      if (p->fallen_castle < 0)
        for (guint i = 0; i < p->n; i++)
          {
            json_object *e = json_object_new_object ();
            json_object_object_add (e, "player", JS (NAME (s, p->ranking[i])));
            json_object_object_add (e, "areas", JI (p->rank_areas[i]));
            json_object_object_add (e, "gold", JI (p->pl[p->ranking[i]].gold));
            json_object_array_add (rk, e);
          }
      json_object_object_add (r, "ranking", rk);
      json_object_object_add (o, "result", r);
    }
  else
    json_object_object_add (o, "result", NULL);
  return o;
}

/* ---------------------------------------------------------------- JSON in */

static gboolean
seat_of (const LmState *s, json_object *v, const char *path, gint *out, GError **error)
{
  const char *name;
  if (!mg_json_string (v, path, LM_STATE_ERR, &name, error))
    return FALSE;
  for (guint i = 0; i < s->p.n; i++)
    if (strcmp (s->names[i], name) == 0)
      {
        *out = i;
        return TRUE;
      }
  mg_json_set_error (error, LM_STATE_ERR, path, _("a player's name"), v);
  return FALSE;
}

static gboolean
area_of (const LmState *s, json_object *v, const char *path, gint *out, GError **error)
{
  const char *name;
  if (!mg_json_string (v, path, LM_STATE_ERR, &name, error))
    return FALSE;
  if (s->map == NULL || (*out = lm_map_find (s->map, name)) < 0)
    {
      mg_json_set_error (error, LM_STATE_ERR, path, _("an area of the map"), v);
      return FALSE;
    }
  return TRUE;
}

static gboolean
cards_of (json_object *arr, const char *path, gint *cards, guint *n, GError **error)
{
  gsize len;
  if (!mg_json_array (arr, path, LM_STATE_ERR, 0, 2, &len, error))
    return FALSE;
  *n = len;
  for (gsize i = 0; i < len; i++)
    {
      g_autofree char *ip = mg_json_path_index (path, i);
      guint c;
      if (!mg_json_choice (json_object_array_get_idx (arr, i), ip, LM_STATE_ERR, lm_card_ids, &c, error))
        return FALSE;
      cards[i] = c;
    }
  return TRUE;
}

/* The players' names of a La Mame state, in seat order (the array itself is borrowed). */
static const char **
read_names (json_object *json, json_object **players, GError **error)
{
  g_autofree const char **names = NULL;
  const char *game;
  gsize n;

  if (!mg_json_object (json, "$", LM_STATE_ERR, error) ||
      !mg_json_get_string (json, "$", "game", LM_STATE_ERR, &game, error))
    return NULL;
  if (strcmp (game, "lamame") != 0)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("This is a state of \"%s\", not La Mame's Melee"), game);
      return NULL;
    }
  if ((*players = mg_json_get_array (json, "$", "players", LM_STATE_ERR, 2, LM_MAX_SEATS, error)) == NULL)
    return NULL;
  n = json_object_array_length (*players);
  names = g_new0 (const char *, n + 1);
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.players", i);
      if (!mg_json_get_string (json_object_array_get_idx (*players, i), ip, "name", LM_STATE_ERR, &names[i], error))
        return NULL;
    }
  return g_steal_pointer (&names);
}

/* The map, the phase, the season, whose turn and the start players. */
static gboolean
read_progress (LmState *s, json_object *json, GError **error)
{
  guint n = s->p.n, phase, form;
  json_object *v;

  lm_map_unref (s->map);
  s->map = NULL;
  if ((v = mg_json_member (json, "map")) != NULL && (s->map = lm_map_parse (v, "$.map", n, error)) == NULL)
    return FALSE;
  if (!mg_json_get_choice (json, "$", "phase", LM_STATE_ERR, lm_phase_ids, &phase, error) ||
      !mg_json_get_choice (json, "$", "initial_build", LM_STATE_ERR, lm_form_ids, &form, error) ||
      !mg_json_get_gint (json, "$", "season_index", LM_STATE_ERR, -1, s->rs->n_seasons - 1, &s->p.season, error) ||
      !mg_json_get_gint (json, "$", "cur", LM_STATE_ERR, 0, n - 1, &s->p.cur, error) ||
      !seat_of (s, mg_json_member (json, "start_player"), "$.start_player", &s->p.start_player, error))
    return FALSE;
  /* States saved before the member existed: the start player stands in for the year's first. */
  s->p.first_start = s->p.start_player;
  if (mg_json_member (json, "first_start_player") != NULL &&
      !seat_of (s, mg_json_member (json, "first_start_player"), "$.first_start_player", &s->p.first_start, error))
    return FALSE;
  s->p.phase = phase;
  s->p.form = form;
  if (phase != LM_SETUP && s->map == NULL)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("$.map: missing in a started game"));
      return FALSE;
    }
  lm_compute_order (s);
  return (v = mg_json_member (json, "bid_winner")) == NULL || seat_of (s, v, "$.bid_winner", &s->p.bid_winner, error);
}

/* Seat i's gold, supply, cards and abilities from its entry `po` of "players". */
static gboolean
read_player (LmState *s, json_object *po, guint i, GError **error)
{
  g_autofree char *ip = mg_json_path_index ("$.players", i);
  g_autofree char *sp = mg_json_path_key (ip, "supply");
  g_autofree char *cp = mg_json_path_key (ip, "cards");
  json_object *sup, *arr;
  LmPlayer *pl = &s->p.pl[i];
  guint entry;

  if (!mg_json_get_gint (po, ip, "gold", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &pl->gold, error) ||
      (sup = mg_json_get_object (po, ip, "supply", LM_STATE_ERR, error)) == NULL ||
      !mg_json_get_bool (po, ip, "passed", LM_STATE_ERR, &pl->passed, error) ||
      !mg_json_get_choice (po, ip, "card_entry", LM_STATE_ERR, entry_ids, &entry, error) ||
      !cards_of (mg_json_member (po, "cards"), cp, pl->cards, &pl->n_cards, error) ||
      !mg_json_get_bool (po, ip, "cards_revealed", LM_STATE_ERR, &pl->cards_revealed, error))
    return FALSE;
  pl->card_entry = entry;
  for (guint k = 0; k < LM_N_KINDS; k++)
    if (!mg_json_get_gint (sup, sp, lm_kind_ids[k], LM_STATE_ERR, 0, 100, &pl->supply[k], error))
      return FALSE;
  if (!mg_json_opt_gint (po, ip, "start_bid", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &pl->start_bid, error))
    return FALSE;
  if (!mg_json_opt_gint (po, ip, "card_active", LM_STATE_ERR, 0, 1, &pl->card_active, error))
    return FALSE;
  if ((arr = mg_json_get_array (po, ip, "cards_done", LM_STATE_ERR, pl->n_cards, pl->n_cards, error)) == NULL)
    return FALSE;
  for (guint c = 0; c < pl->n_cards; c++)
    pl->card_done[c] = json_object_get_boolean (json_object_array_get_idx (arr, c));
  if ((arr = mg_json_get_array (po, ip, "abilities", LM_STATE_ERR, 0, LM_MAX_ABILITIES, error)) == NULL)
    return FALSE;
  for (gsize j = 0; j < json_object_array_length (arr); j++)
    {
      const char *an = json_object_get_string (json_object_array_get_idx (arr, j));
      for (guint k = 0; an && k < s->rs->n_abilities; k++)
        if (strcmp (s->rs->abilities[k].name, an) == 0)
          s->p.ability_owner[k] = i;
    }
  return TRUE;
}

/* The units on the map ("units"), with their moved and fresh marks. */
static gboolean
read_units (LmState *s, json_object *json, GError **error)
{
  json_object *arr;

  if ((arr = mg_json_get_array (json, "$", "units", LM_STATE_ERR, 0, LM_MAX_AREAS * LM_N_KINDS, error)) == NULL)
    return FALSE;
  for (gsize i = 0; i < json_object_array_length (arr); i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.units", i);
      g_autofree char *pp = mg_json_path_key (ip, "player");
      g_autofree char *ap = mg_json_path_key (ip, "area");
      json_object *u = json_object_array_get_idx (arr, i);
      gint seat, area;
      guint kind;
      gboolean moved, fresh;

      if (!seat_of (s, mg_json_member (u, "player"), pp, &seat, error) ||
          !area_of (s, mg_json_member (u, "area"), ap, &area, error) ||
          !mg_json_get_choice (u, ip, "unit", LM_STATE_ERR, lm_kind_ids, &kind, error) ||
          !mg_json_get_bool (u, ip, "moved", LM_STATE_ERR, &moved, error) ||
          !mg_json_get_bool (u, ip, "fresh", LM_STATE_ERR, &fresh, error))
        return FALSE;
      s->p.spot[area].owner[kind] = seat;
      s->p.spot[area].moved[kind] = moved;
      s->p.spot[area].fresh[kind] = fresh;
    }
  return TRUE;
}

/* The abilities dealt for the auction, each with its bid and bidder ("auction"). */
static gboolean
read_auction (LmState *s, json_object *json, GError **error)
{
  json_object *arr, *v;

  if ((arr = mg_json_get_array (json, "$", "auction", LM_STATE_ERR, 0, LM_MAX_DEALT, error)) == NULL)
    return FALSE;
  s->p.n_dealt = json_object_array_length (arr);
  for (guint i = 0; i < s->p.n_dealt; i++)
    {
      g_autofree char *ip = mg_json_path_index ("$.auction", i);
      json_object *d = json_object_array_get_idx (arr, i);
      const char *an;
      gint found = -1;

      if (!mg_json_get_string (d, ip, "ability", LM_STATE_ERR, &an, error) ||
          !mg_json_get_gint (d, ip, "bid", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &s->p.bid[i], error))
        return FALSE;
      for (guint k = 0; k < s->rs->n_abilities; k++)
        if (strcmp (s->rs->abilities[k].name, an) == 0)
          found = k;
      if (found < 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s.ability: \"%s\" is not in the ruleset"), ip, an);
          return FALSE;
        }
      s->p.dealt[i] = found;
      if ((v = mg_json_member (d, "bidder")) != NULL)
        {
          g_autofree char *bp = mg_json_path_key (ip, "bidder");
          if (!seat_of (s, v, bp, &s->p.bidder[i], error))
            return FALSE;
        }
    }
  return TRUE;
}

/* An attack round's members at `path` ("$.attack"), into `at`: who, from where, the target, its
 * round, gold and guesses (-1 while not entered). */
static gboolean
read_round (LmState *s, json_object *v, const char *path, LmAttack *at, GError **error)
{
  g_autofree char *attacker = g_strconcat (path, ".attacker", NULL), *defender = g_strconcat (path, ".defender", NULL);
  g_autofree char *from = g_strconcat (path, ".from", NULL), *to = g_strconcat (path, ".to", NULL);
  g_autofree char *guesses = g_strconcat (path, ".guesses", NULL);
  const char *target;
  guint kind;
  json_object *g;

  if (!seat_of (s, mg_json_member (v, "attacker"), attacker, &at->attacker, error) ||
      !seat_of (s, mg_json_member (v, "defender"), defender, &at->defender, error) ||
      !area_of (s, mg_json_member (v, "from"), from, &at->from, error) ||
      !area_of (s, mg_json_member (v, "to"), to, &at->to, error) ||
      !mg_json_get_choice (v, path, "unit", LM_STATE_ERR, lm_kind_ids, &kind, error) ||
      !mg_json_get_string (v, path, "target", LM_STATE_ERR, &target, error) ||
      !mg_json_get_gint (v, path, "round", LM_STATE_ERR, 1, 1000, &at->round, error))
    return FALSE;
  at->kind = kind;
  at->target = LM_GARRISON;
  for (guint k = 0; k < LM_N_KINDS; k++)
    if (strcmp (target, lm_kind_ids[k]) == 0)
      at->target = k;
  at->gold = -1;
  if (!mg_json_opt_gint (v, path, "gold", LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &at->gold, error))
    return FALSE;
  at->n_guesses = -1;
  if ((g = mg_json_member (v, "guesses")) != NULL)
    {
      gsize gl;
      if (!mg_json_array (g, guesses, LM_STATE_ERR, 1, 2, &gl, error))
        return FALSE;
      at->n_guesses = gl;
      for (gsize i = 0; i < gl; i++)
        at->guesses[i] = json_object_get_int (json_object_array_get_idx (g, i));
    }
  return TRUE;
}

/* The attack under way ("attack", `v`). */
static gboolean
read_attack (LmState *s, json_object *v, GError **error)
{
  LmAttack *at = &s->p.atk;

  at->active = TRUE;
  return read_round (s, v, "$.attack", at, error) &&
         mg_json_get_gint (v, "$.attack", "guesses_allowed", LM_STATE_ERR, 1, 2, &at->allowed, error);
}

/* The last attack round resolved ("last_round", `v`; absent from files written before it). */
static gboolean
read_last_round (LmState *s, json_object *v, GError **error)
{
  const char *result;

  if (!read_round (s, v, "$.last_round", &s->p.last.round, error) ||
      !mg_json_get_string (v, "$.last_round", "result", LM_STATE_ERR, &result, error) ||
      !mg_json_get_gint (v, "$.last_round", "n", LM_STATE_ERR, 1, G_MAXINT32, &s->p.last.n, error))
    return FALSE;
  s->p.last.hit = strcmp (result, "defender") == 0;
  return TRUE;
}

/* The end of the game ("result", `v`): the winner, the fallen castle or winter's ranking. */
static gboolean
read_result (LmState *s, json_object *v, GError **error)
{
  json_object *rk;

  if (!seat_of (s, mg_json_member (v, "winner"), "$.result.winner", &s->p.winner, error))
    return FALSE;
  if (mg_json_member (v, "castle") != NULL &&
      !area_of (s, mg_json_member (v, "castle"), "$.result.castle", &s->p.fallen_castle, error))
    return FALSE;
  rk = mg_json_member (v, "ranking");
  for (gsize i = 0; rk && i < json_object_array_length (rk) && i < s->p.n; i++)
    {
      json_object *e = json_object_array_get_idx (rk, i);
      g_autofree char *ip = mg_json_path_index ("$.result.ranking", i);
      g_autofree char *pp = mg_json_path_key (ip, "player");
      if (!seat_of (s, mg_json_member (e, "player"), pp, &s->p.ranking[i], error) ||
          !mg_json_get_gint (e, ip, "areas", LM_STATE_ERR, 0, LM_MAX_AREAS, &s->p.rank_areas[i], error))
        return FALSE;
    }
  return TRUE;
}

MgState *
lm_from_json (json_object *ruleset, json_object *json, GError **error)
{
  g_autoptr(LmState) s = NULL;
  g_autofree const char **names = NULL;
  json_object *players = NULL, *v;
  gsize n;

  if ((names = read_names (json, &players, error)) == NULL)
    return NULL;
  n = json_object_array_length (players);
  if ((s = lm_state_alloc (ruleset, names, error)) == NULL)
    return NULL;
  lm_play_init (&s->p, n);
  if (!read_progress (s, json, error))
    return NULL;
  for (gsize i = 0; i < n; i++)
    if (!read_player (s, json_object_array_get_idx (players, i), i, error))
      return NULL;
  if (!read_units (s, json, error) || !read_auction (s, json, error))
    return NULL;
  if ((v = mg_json_get_object (json, "$", "last_start_bids", LM_STATE_ERR, error)) == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    if (!mg_json_opt_gint (v, "$.last_start_bids", NAME (s, i), LM_STATE_ERR, 0, LM_MAX_GOLD * 10, &s->p.last_bids[i], error))
      return NULL;
  if (!mg_json_get_bool (json, "$", "skipped_last", LM_STATE_ERR, &s->p.skipped_last, error))
    return NULL;
  if ((v = mg_json_member (json, "attack")) != NULL && !read_attack (s, v, error))
    return NULL;
  if ((v = mg_json_member (json, "last_round")) != NULL && !read_last_round (s, v, error))
    return NULL;
  if ((v = mg_json_member (json, "result")) != NULL && !read_result (s, v, error))
    return NULL;
  return (MgState *) g_steal_pointer (&s);
}

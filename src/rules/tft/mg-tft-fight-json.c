/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight-json.c — TFT Melee fights: the fight as JSON and back, checked on load. */
#include "config.h"

#include <string.h>

#include "mg-tft-arena.h"

/* ---------------------------------------------------------------- JSON of a fight */

static json_object *
names_of_mask (const TftState *st, guint64 mask)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < st->fight->n; i++)
    if ((mask >> i) & 1)
      json_object_array_add (a, json_object_new_string (tft_fname (st, &st->fight->f[i])));
  return a;
}

static json_object *
conditions_json (const TftState *st, const TftFighter *x)
{
  const TftRuleset *rs = &st->rs;
  const TftBeast *b = tft_beast_of (st, x);
  json_object *a = json_object_new_array ();
  gint wound = b && b->wound_hits ? b->wound_hits : rs->wound_hits;

#define COND(c, s) if (c) json_object_array_add (a, json_object_new_string (s))
  COND (x->hits_last_turn >= wound, "wounded");
  COND (tft_st_now (st, x) <= rs->weak_st, "weak");
  COND (x->fell_turn > 0 && x->fell_turn + 1 >= (gint) st->fight->turn && tft_down (x), "must_stand");
  COND (x->opt == O_I, "defending");
  COND (x->opt == O_C, "dodging");
  COND (x->opt == O_B, "charging");
  COND (x->reload > 0, "reloading");
  COND (x->must_drop, "must_drop");
#undef COND
  return a;
}

static json_object *
slot_json (const TftState *st, const TftSlot *s)
{
  json_object *o = json_object_new_object ();
  json_object_object_add (o, "figure", json_object_new_string (tft_fname (st, &st->fight->f[s->fi])));
  json_object_object_add (o, "attack", json_object_new_int (s->attack));
  json_object_object_add (o, "adj_dx", json_object_new_int (s->adj_dx));
  json_object_object_add (o, "done", json_object_new_boolean (s->done));
  return o;
}

json_object *
tft_order_json (const TftState *st)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < st->fight->n_order; i++)
    json_object_array_add (a, slot_json (st, &st->fight->order[i]));
  return a;
}

json_object *tft_fight_to_json (const TftState *st);

/* The weapons on the ground: each with its owner (and its hex on the arena). */
static json_object *
dropped_json (const TftState *st)
{
  json_object *dropped = json_object_new_array ();
  char hn[8];

  for (guint i = 0; i < st->fight->dropped->len; i++)
    {
      TftDropped *d = &g_array_index (st->fight->dropped, TftDropped, i);
      json_object *dj = json_object_new_object ();
      json_object_object_add (dj, "weapon", json_object_new_string (st->rs.weapons[d->weapon].id));
      json_object_object_add (dj, "owner", json_object_new_string (d->owner));
      if (tft_board (st))
        json_object_object_add (dj, "hex", json_object_new_string (tft_board_hex_name (st, d->hex, hn)));
      json_object_array_add (dropped, dj);
    }
  return dropped;
}

/* On the arena: the fighter's hex and facing (null off the board), and where the turn found it. */
static void
board_fighter_json (const TftState *st, const TftFighter *x, json_object *fo)
{
  char hn[8];
  json_object_object_add (fo, "hex", x->hex >= 0 ? json_object_new_string (tft_board_hex_name (st, x->hex, hn)) : NULL);
  json_object_object_add (fo, "facing", json_object_new_string (tft_facing_names[x->facing]));
  json_object_object_add (fo, "turn_hex", x->hex0 >= 0 ? json_object_new_string (tft_board_hex_name (st, x->hex0, hn)) : NULL);
  json_object_object_add (fo, "turn_facing", json_object_new_string (tft_facing_names[x->facing0]));
}

json_object *
tft_fight_to_json (const TftState *st)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  json_object *o = json_object_new_object ();
  json_object *sides = json_object_new_array ();
  json_object *figs = json_object_new_array ();
  json_object *ties = json_object_new_object ();

  json_object_object_add (o, "number", json_object_new_int (fg->number));
  json_object_object_add (o, "kind", json_object_new_string (kind_names[fg->kind]));
  json_object_object_add (o, "turn", json_object_new_int (fg->turn));
  json_object_object_add (o, "phase", json_object_new_string (phase_names[fg->phase]));
  for (guint s = 0; s < fg->n_sides; s++)
    {
      json_object *so = json_object_new_object ();
      json_object *members = json_object_new_array ();
      json_object_object_add (so, "name", json_object_new_string (fg->sides[s]));
      for (guint i = 0; i < fg->n; i++)
        if (fg->f[i].side == s)
          json_object_array_add (members, json_object_new_string (tft_fname (st, &fg->f[i])));
      json_object_object_add (so, "figures", members);
      json_object_array_add (sides, so);
    }
  json_object_object_add (o, "sides", sides);
  if (fg->init_winner >= 0)
    {
      json_object *in = json_object_new_object (), *rolls = json_object_new_object ();
      json_object_object_add (in, "winner", json_object_new_string (fg->sides[fg->init_winner]));
      json_object_object_add (in, "first", json_object_new_string (fg->sides[fg->init_first]));
      for (guint s = 0; s < fg->n_sides; s++)
        if (fg->init_rolls[s] > 0)
          json_object_object_add (rolls, fg->sides[s], json_object_new_int (fg->init_rolls[s]));
      json_object_object_add (in, "rolls", rolls);
      json_object_object_add (o, "initiative", in);
    }
  else
    json_object_object_add (o, "initiative", NULL);
  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *x = &fg->f[i];
      json_object *fo = json_object_new_object ();
      json_object_object_add (fo, "name", json_object_new_string (tft_fname (st, x)));
      json_object_object_add (fo, "side", json_object_new_string (fg->sides[x->side]));
      json_object_object_add (fo, "hits", json_object_new_int (x->hits));
      json_object_object_add (fo, "st", json_object_new_int (tft_st_now (st, x)));
      json_object_object_add (fo, "hits_turn", json_object_new_int (x->hits_turn));
      json_object_object_add (fo, "hits_last_turn", json_object_new_int (x->hits_last_turn));
      json_object_object_add (fo, "adj_dx", json_object_new_int (tft_fighter_adj_dx (st, x)));
      json_object_object_add (fo, "ma", json_object_new_int (tft_figure_ma (rs, tft_fig_of (st, x))));
      if (tft_beast_of (st, x) != NULL && tft_beast_of (st, x)->ma_flying > 0)
        {
          json_object_object_add (fo, "ma_flying", json_object_new_int (tft_beast_of (st, x)->ma_flying));
          json_object_object_add (fo, "aloft", json_object_new_boolean (x->aloft));
        }
      json_object_object_add (fo, "posture", json_object_new_string (posture_names[x->posture]));
      json_object_object_add (fo, "state", json_object_new_string (life_names[x->life]));
      json_object_object_add (fo, "conditions", conditions_json (st, x));
      json_object_object_add (fo, "ready", x->ready >= 0 ? json_object_new_string (rs->weapons[x->ready].id) : NULL);
      json_object_object_add (fo, "shield", x->shield >= 0 ? json_object_new_string (rs->shields[x->shield].id) : NULL);
      json_object_object_add (fo, "shield_ready", json_object_new_boolean (x->shield_ready));
      {
        json_object *c = json_object_new_array ();
        for (guint k = 0; k < x->n_carried; k++)
          json_object_array_add (c, json_object_new_string (rs->weapons[x->carried[k]].id));
        json_object_object_add (fo, "carried", c);
      }
      if (x->n_broken > 0)
        {
          json_object *b = json_object_new_array ();
          for (guint k = 0; k < x->n_broken; k++)
            json_object_array_add (b, json_object_new_string (rs->weapons[x->broken[k]].id));
          json_object_object_add (fo, "broken", b);
        }
      json_object_object_add (fo, "engaged_with", names_of_mask (st, x->engaged));
      json_object_object_add (fo, "hth_with", names_of_mask (st, x->hth));
      if (x->opt != OPT_UNSET)
        {
          json_object *op = json_object_new_object ();
          json_object_object_add (op, "option", json_object_new_string (option_names[x->opt]));
          json_object_object_add (op, "moved", json_object_new_int (x->moved));
          json_object_object_add (op, "main_gauche", json_object_new_boolean (x->use_mg));
          if (x->flying)
            json_object_object_add (op, "flying", json_object_new_boolean (TRUE));
          json_object_object_add (fo, "option", op);
        }
      else
        json_object_object_add (fo, "option", NULL);
      json_object_object_add (fo, "attacks_made", json_object_new_int (x->attacks_made));
      json_object_object_add (fo, "reload", json_object_new_int (x->reload));
      json_object_object_add (fo, "must_drop", json_object_new_boolean (x->must_drop));
      json_object_object_add (fo, "fell_now", json_object_new_boolean (x->fell_now));
      json_object_object_add (fo, "lost_attack", json_object_new_boolean (x->lost_attack));
      json_object_object_add (fo, "bending", json_object_new_boolean (x->bending));
      json_object_object_add (fo, "took_hits", json_object_new_boolean (x->took_hits));
      json_object_object_add (fo, "mg_target", x->mg_target >= 0 ? json_object_new_string (tft_fname (st, &fg->f[x->mg_target])) : NULL);
      json_object_object_add (fo, "inflicted", names_of_mask (st, x->inflicted));
      json_object_object_add (fo, "fell_turn", json_object_new_int (x->fell_turn));
      json_object_object_add (fo, "kills", json_object_new_int (x->kills));
      if (tft_board (st))
        board_fighter_json (st, x, fo);
      json_object_array_add (figs, fo);
      if (fg->ties[i] > 0)
        json_object_object_add (ties, tft_fname (st, x), json_object_new_int (fg->ties[i]));
    }
  json_object_object_add (o, "figures", figs);
  json_object_object_add (o, "order", tft_order_json (st));
  json_object_object_add (o, "ties", ties);
  json_object_object_add (o, "dropped", dropped_json (st));
  if (tft_board (st))
    json_object_object_add (o, "arena", tft_board_json (st));
  return o;
}

static gboolean
mask_from_json (const TftState *st, json_object *o, const char *path, const char *key, guint64 *mask, GError **error)
{
  g_autofree char *p = mg_json_lazy_key (path, key);
  json_object *a = mg_json_get_array (o, path, key, TFT_STATE_ERR, 0, TFT_MAX_FIGHTERS, error);

  *mask = 0;
  if (a == NULL)
    return FALSE;
  for (guint i = 0; i < json_object_array_length (a); i++)
    {
      g_autofree char *ip = mg_json_lazy_index (p, i);
      const char *n;
      gint k;
      if (!mg_json_string (json_object_array_get_idx (a, i), ip, TFT_STATE_ERR, &n, error))
        return FALSE;
      if ((k = tft_fighter_find (st, n)) < 0)
        {
          mg_json_set_error (error, TFT_STATE_ERR, ip, _("a figure in the fight"), json_object_array_get_idx (a, i));
          return FALSE;
        }
      *mask |= G_GUINT64_CONSTANT (1) << k;
    }
  return TRUE;
}

static gboolean
weapon_from_json (const TftState *st, json_object *v, const char *path, gint *out, GError **error)
{
  const char *id;

  *out = TFT_NONE;
  if (v == NULL)
    return TRUE;
  if (!mg_json_string (v, path, TFT_STATE_ERR, &id, error))
    return FALSE;
  if ((*out = tft_weapon_find (&st->rs, id)) < 0)
    {
      mg_json_set_error (error, TFT_STATE_ERR, path, _("a weapon of the ruleset"), v);
      return FALSE;
    }
  return TRUE;
}

/* A fighter's list of weapon ids `key` (at least `min`) into out[], *n. */
static gboolean
weapons_from_json (const TftState *st, json_object *fo, const char *p, const char *key, gsize min, gint *out,
                   guint *n, GError **error)
{
  json_object *c = mg_json_get_array (fo, p, key, TFT_STATE_ERR, min, TFT_MAX_CARRY, error);
  if (c == NULL)
    return FALSE;
  *n = json_object_array_length (c);
  for (guint k = 0; k < *n; k++)
    {
      g_autofree char *kp = mg_json_lazy_key (p, key);
      g_autofree char *cp = mg_json_lazy_index (kp, k);
      if (!weapon_from_json (st, json_object_array_get_idx (c, k), cp, &out[k], error))
        return FALSE;
    }
  return TRUE;
}

gboolean tft_fight_from_json (TftState *st, json_object *o, GError **error);

/* A hex of the fight's arena at obj.key (null: off the board). */
static gboolean
board_hex_from_json (const TftState *st, json_object *obj, const char *p, const char *key, gint *out, GError **error)
{
  json_object *v = mg_json_member (obj, key);
  const char *s;
  g_autofree char *kp = mg_json_lazy_key (p, key);

  *out = TFT_NONE;
  if (v == NULL)
    return TRUE;
  if (!mg_json_string (v, kp, TFT_STATE_ERR, &s, error))
    return FALSE;
  if (!tft_hex_on (tft_board (st), *out = tft_hex_parse (tft_board (st), s)))
    {
      mg_json_set_error (error, TFT_STATE_ERR, kp, _("a hex of the arena"), v);
      return FALSE;
    }
  return TRUE;
}

/* One fighter of $.fight.figures (at `p`), its name and side already read. */
static gboolean
fighter_from_json (TftState *st, json_object *fo, const char *p, TftFighter *x, GError **error)
{
  const TftRuleset *rs = &st->rs;
  json_object *c, *op;
  guint u;
  gint64 v;

#define GI(key, field, lo, hi) (mg_json_get_int (fo, p, key, TFT_STATE_ERR, lo, hi, &v, error) && ((x->field = v), TRUE))
#define GB(key, field) mg_json_get_bool (fo, p, key, TFT_STATE_ERR, &x->field, error)
  if (!GI ("hits", hits, 0, 100000) || !GI ("hits_turn", hits_turn, 0, 100000) ||
      !GI ("hits_last_turn", hits_last_turn, 0, 100000) || !GI ("attacks_made", attacks_made, 0, 10) ||
      !GI ("reload", reload, 0, 10) || !GI ("fell_turn", fell_turn, 0, G_MAXINT32) ||
      !GI ("kills", kills, 0, TFT_MAX_FIGHTERS) ||
      !GB ("shield_ready", shield_ready) || !GB ("must_drop", must_drop) || !GB ("fell_now", fell_now) ||
      !GB ("lost_attack", lost_attack) || !GB ("bending", bending) || !GB ("took_hits", took_hits) ||
      !mg_json_get_choice (fo, p, "posture", TFT_STATE_ERR, posture_names, &u, error))
    return FALSE;
  x->posture = u;
  if (!mg_json_get_choice (fo, p, "state", TFT_STATE_ERR, life_names, &u, error))
    return FALSE;
  x->life = u;
#undef GI
#undef GB
  {
    g_autofree char *rp = mg_json_lazy_key (p, "ready");
    if (!weapon_from_json (st, mg_json_member (fo, "ready"), rp, &x->ready, error))
      return FALSE;
  }
  x->shield = TFT_NONE;
  if ((c = mg_json_member (fo, "shield")) != NULL)
    {
      const char *id;
      g_autofree char *sp = mg_json_lazy_key (p, "shield");
      if (!mg_json_string (c, sp, TFT_STATE_ERR, &id, error))
        return FALSE;
      if ((x->shield = tft_shield_find (rs, id)) < 0)
        {
          mg_json_set_error (error, TFT_STATE_ERR, sp, _("a shield of the ruleset"), c);
          return FALSE;
        }
    }
  x->n_broken = 0;
  if (!weapons_from_json (st, fo, p, "carried", 0, x->carried, &x->n_carried, error) ||
      (mg_json_member (fo, "broken") && !weapons_from_json (st, fo, p, "broken", 1, x->broken, &x->n_broken, error)))
    return FALSE;
  x->mg_target = -1;
  if ((c = mg_json_member (fo, "mg_target")) != NULL)
    {
      const char *tn;
      g_autofree char *tp = mg_json_lazy_key (p, "mg_target");
      if (!mg_json_string (c, tp, TFT_STATE_ERR, &tn, error))
        return FALSE;
      if ((x->mg_target = tft_fighter_find (st, tn)) < 0)
        {
          mg_json_set_error (error, TFT_STATE_ERR, tp, _("a figure of the fight"), c);
          return FALSE;
        }
    }
  if (!mask_from_json (st, fo, p, "engaged_with", &x->engaged, error) ||
      !mask_from_json (st, fo, p, "hth_with", &x->hth, error) ||
      !mask_from_json (st, fo, p, "inflicted", &x->inflicted, error))
    return FALSE;
  x->opt = OPT_UNSET;
  x->moved = 0;
  x->flying = FALSE;
  x->aloft = FALSE;   /* absent before gargoyles flew (and for any figure that cannot) */
  if (!mg_json_opt_bool (fo, p, "aloft", TFT_STATE_ERR, &x->aloft, error))
    return FALSE;
  x->hex = x->hex0 = TFT_NONE;
  x->facing = x->facing0 = 0;
  if (tft_board (st) && (!board_hex_from_json (st, fo, p, "hex", &x->hex, error) ||
                         !board_hex_from_json (st, fo, p, "turn_hex", &x->hex0, error) ||
                         !mg_json_get_choice (fo, p, "facing", TFT_STATE_ERR, tft_facing_names, &u, error) ||
                         ((x->facing = u), FALSE) ||
                         !mg_json_get_choice (fo, p, "turn_facing", TFT_STATE_ERR, tft_facing_names, &u, error)))
    return FALSE;
  x->facing0 = tft_board (st) ? (gint) u : 0;
  if ((op = mg_json_member (fo, "option")) != NULL)
    {
      g_autofree char *opp = mg_json_lazy_key (p, "option");
      if (!mg_json_object (op, opp, TFT_STATE_ERR, error) ||
          !mg_json_get_choice (op, opp, "option", TFT_STATE_ERR, option_names, &x->opt, error) ||
          !mg_json_get_int (op, opp, "moved", TFT_STATE_ERR, 0, 100, &v, error) ||
          !mg_json_get_bool (op, opp, "main_gauche", TFT_STATE_ERR, &x->use_mg, error) ||
          !mg_json_opt_bool (op, opp, "flying", TFT_STATE_ERR, &x->flying, error))
        return FALSE;
      x->moved = v;
    }
  return TRUE;
}

/* The fighters ("figures"): names and sides first, so their masks may name any of them. */
static gboolean
fighters_from_json (TftState *st, json_object *o, GError **error)
{
  TftFight *fg = st->fight;
  json_object *a;

  if ((a = mg_json_get_array (o, "$.fight", "figures", TFT_STATE_ERR, 2, TFT_MAX_FIGHTERS, error)) == NULL)
    return FALSE;
  fg->n = json_object_array_length (a);
  /* Names first, so masks can refer to any figure. */
  for (guint i = 0; i < fg->n; i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.fight.figures", i);
      json_object *fo = json_object_array_get_idx (a, i);
      const char *n, *side;
      gint r;
      if (!mg_json_get_string (fo, p, "name", TFT_STATE_ERR, &n, error) ||
          !mg_json_get_string (fo, p, "side", TFT_STATE_ERR, &side, error))
        return FALSE;
      if ((r = tft_figure_find (st, n)) < 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s.name: \"%s\" is not on the roster"), p, n);
          return FALSE;
        }
      fg->f[i].fig = r;
      fg->f[i].side = G_MAXUINT;
      for (guint s = 0; s < fg->n_sides; s++)
        if (strcmp (fg->sides[s], side) == 0)
          fg->f[i].side = s;
      if (fg->f[i].side == G_MAXUINT)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s.side: \"%s\" is not a side"), p, side);
          return FALSE;
        }
    }
  for (guint i = 0; i < fg->n; i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.fight.figures", i);
      if (!fighter_from_json (st, json_object_array_get_idx (a, i), p, &fg->f[i], error))
        return FALSE;
    }
  return TRUE;
}

/* The turn's initiative: the winning side, the side it sent first, each side's roll. */
static gboolean
initiative_from_json (TftFight *fg, json_object *in, GError **error)
{
  const char *w, *f1;
  json_object *rolls;

  if (!mg_json_get_string (in, "$.fight.initiative", "winner", TFT_STATE_ERR, &w, error) ||
      !mg_json_get_string (in, "$.fight.initiative", "first", TFT_STATE_ERR, &f1, error) ||
      !(rolls = mg_json_get_object (in, "$.fight.initiative", "rolls", TFT_STATE_ERR, error)))
    return FALSE;
  for (guint s = 0; s < fg->n_sides; s++)
    {
      json_object *rv;
      if (strcmp (fg->sides[s], w) == 0)
        fg->init_winner = s;
      if (strcmp (fg->sides[s], f1) == 0)
        fg->init_first = s;
      if (json_object_object_get_ex (rolls, fg->sides[s], &rv))
        fg->init_rolls[s] = json_object_get_int (rv);
    }
  if (fg->init_winner < 0 || fg->init_first < 0)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("$.fight.initiative: not a side"));
      return FALSE;
    }
  return TRUE;
}

/* The attack order and its ties. */
static gboolean
order_from_json (TftState *st, json_object *o, GError **error)
{
  TftFight *fg = st->fight;
  json_object *a, *in;
  gint64 v;

  if ((a = mg_json_get_array (o, "$.fight", "order", TFT_STATE_ERR, 0, TFT_MAX_FIGHTERS * 2, error)) == NULL)
    return FALSE;
  fg->n_order = json_object_array_length (a);
  for (guint i = 0; i < fg->n_order; i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.fight.order", i);
      json_object *so = json_object_array_get_idx (a, i);
      const char *n;
      gint k;
      if (!mg_json_get_string (so, p, "figure", TFT_STATE_ERR, &n, error) ||
          !mg_json_get_uint (so, p, "attack", TFT_STATE_ERR, 1, 2, &fg->order[i].attack, error) ||
          !mg_json_get_int (so, p, "adj_dx", TFT_STATE_ERR, -1000, 1000, &v, error) ||
          !mg_json_get_bool (so, p, "done", TFT_STATE_ERR, &fg->order[i].done, error))
        return FALSE;
      fg->order[i].adj_dx = v;
      if ((k = tft_fighter_find (st, n)) < 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s.figure: \"%s\" is not fighting"), p, n);
          return FALSE;
        }
      fg->order[i].fi = k;
    }
  if ((in = mg_json_get_object (o, "$.fight", "ties", TFT_STATE_ERR, error)) == NULL)
    return FALSE;
  json_object_object_foreach (in, key, val)
    {
      gint k = tft_fighter_find (st, key);
      if (k < 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("$.fight.ties: \"%s\" is not fighting"), key);
          return FALSE;
        }
      fg->ties[k] = json_object_get_int (val);
    }
  return TRUE;
}

/* The weapons lying on the ground, each with its owner. */
static gboolean
dropped_from_json (TftState *st, json_object *o, GError **error)
{
  TftFight *fg = st->fight;
  json_object *a;

  if ((a = mg_json_get_array (o, "$.fight", "dropped", TFT_STATE_ERR, 0, 1000, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_object_array_length (a); i++)
    {
      g_autofree char *dp = mg_json_lazy_index ("$.fight.dropped", i);
      g_autofree char *p = mg_json_lazy_key (dp, "weapon");
      json_object *d = json_object_array_get_idx (a, i);
      TftDropped dr = { 0, NULL, TFT_NONE };
      const char *owner;
      if (!weapon_from_json (st, mg_json_member (d, "weapon"), p, &dr.weapon, error) || dr.weapon < 0 ||
          !mg_json_get_string (d, "$.fight.dropped", "owner", TFT_STATE_ERR, &owner, error))
        {
          if (error && !*error)
            mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s: a weapon"), p);
          return FALSE;
        }
      if (!board_hex_from_json (st, d, dp, "hex", &dr.hex, error))
        return FALSE;
      dr.owner = g_strdup (owner);
      g_array_append_val (fg->dropped, dr);
    }
  return TRUE;
}

gboolean
tft_fight_from_json (TftState *st, json_object *o, GError **error)
{
  TftFight *fg = tft_fight_new ();
  json_object *a, *in;
  guint u;

  st->fight = fg;
  if (!mg_json_object (o, "$.fight", TFT_STATE_ERR, error) ||
      !mg_json_get_uint (o, "$.fight", "number", TFT_STATE_ERR, 1, G_MAXINT32, &fg->number, error) ||
      !mg_json_get_choice (o, "$.fight", "kind", TFT_STATE_ERR, kind_names, &u, error))
    return FALSE;
  fg->kind = u;
  if (!mg_json_get_uint (o, "$.fight", "turn", TFT_STATE_ERR, 1, G_MAXINT32, &fg->turn, error) ||
      !mg_json_get_choice (o, "$.fight", "phase", TFT_STATE_ERR, phase_names, &u, error))
    return FALSE;
  fg->phase = u;
  if ((a = mg_json_get_array (o, "$.fight", "sides", TFT_STATE_ERR, 2, TFT_MAX_SIDES, error)) == NULL)
    return FALSE;
  fg->n_sides = json_object_array_length (a);
  for (guint s = 0; s < fg->n_sides; s++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.fight.sides", s);
      const char *n;
      if (!mg_json_get_string (json_object_array_get_idx (a, s), p, "name", TFT_STATE_ERR, &n, error))
        return FALSE;
      fg->sides[s] = g_strdup (n);
    }
  if ((a = mg_json_member (o, "arena")) != NULL)
    {
      const char *id;
      if (!mg_json_get_string (a, "$.fight.arena", "id", TFT_STATE_ERR, &id, error))
        return FALSE;
      if ((fg->arena = tft_arena_find (&st->rs, id)) < 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("$.fight.arena.id: \"%s\" is not an arena of the ruleset"), id);
          return FALSE;
        }
    }
  if (!fighters_from_json (st, o, error))
    return FALSE;
  if ((in = mg_json_member (o, "initiative")) != NULL && !initiative_from_json (fg, in, error))
    return FALSE;
  return order_from_json (st, o, error) && dropped_from_json (st, o, error);
}


/* mg-tft-fight.c — TFT Melee fights: options, attack order, attacks by the 1977 text, injuries, experience. */
#include "config.h"

#include <string.h>

#include "mg-tft-private.h"

gboolean tft_check_gear (const TftRuleset *rs, const char *name, guint kind, gint st, const gint *w, guint n,
                         gint shield, gint ready, GError **error);
static const char * const kind_names[] = { "death", "arena", "practice", NULL };
static const char * const phase_names[] = { "options", "attacks", "end", "over", NULL };
static const char * const posture_names[] = { "standing", "fallen", "prone", "kneeling", "hth", NULL };
static const char * const life_names[] = { "fighting", "unconscious", "dead", "fled", "out", NULL };
static const char * const option_names[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
                                             "o", "p", "q", "r", "none", NULL };
enum { O_A, O_B, O_C, O_D, O_E, O_F, O_G, O_H, O_I, O_J, O_K, O_L, O_M, O_N, O_O, O_P, O_Q, O_R };

#define illegal tft_illegal

gboolean
tft_roll (TftRoller *r, guint n, guint sides, const char *what, guint *out, GError **error)
{
  r->last_count = n;
  r->last_sides = sides;
  r->last_for = what;
  if (r->dice == NULL)
    {
      g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_NOT_ENOUGH, g_dngettext (GETTEXT_PACKAGE, "%u die is needed but no dice were given",
                                                                           "%u dice are needed but no dice were given", n), n);
      return FALSE;
    }
  if (!mg_dice_roll (r->dice, n, sides, NULL, out, error))
    return FALSE;
  r->asked += n;
  return TRUE;
}

static gint
sum (const guint *v, guint n)
{
  gint s = 0;
  for (guint i = 0; i < n; i++)
    s += v[i];
  return s;
}

/* ---------------------------------------------------------------- fighters */

static TftFigure *
fig_of (const TftState *st, const TftFighter *x)
{
  return g_ptr_array_index (st->roster, x->fig);
}

static const char *
fname (const TftState *st, const TftFighter *x)
{
  return fig_of (st, x)->name;
}

gboolean
tft_fight_figure (const TftState *st, guint fig)
{
  for (guint i = 0; st->fight && i < st->fight->n; i++)
    if (st->fight->f[i].fig == fig)
      return TRUE;
  return FALSE;
}

static gint
fighter_find (const TftState *st, const char *name)
{
  for (guint i = 0; name && st->fight && i < st->fight->n; i++)
    if (strcmp (fname (st, &st->fight->f[i]), name) == 0)
      return (gint) i;
  return TFT_NONE;
}

static gint
st_now (const TftState *st, const TftFighter *x)
{
  return fig_of (st, x)->st - x->hits;
}

static const TftBeast *
beast_of (const TftState *st, const TftFighter *x)
{
  return tft_beast (&st->rs, fig_of (st, x)->kind);
}

static gboolean
able (const TftState *st, const TftFighter *x)
{
  return x->life == L_FIGHTING;
}

static gboolean
is_missile (const TftRuleset *rs, gint w)
{
  return w >= 0 && rs->weapons[w].cls == W_MISSILE;
}

static gboolean
down (const TftFighter *x)
{
  return x->posture == P_FALLEN || x->posture == P_PRONE || x->posture == P_KNEELING;
}

/* The first carried weapon that is a main-gauche (mg) or any dagger (!mg), or TFT_NONE. */
static gint
carried_small (const TftState *st, const TftFighter *x, gboolean mg)
{
  for (guint i = 0; i < x->n_carried; i++)
    if (mg ? st->rs.weapons[x->carried[i]].main_gauche : st->rs.weapons[x->carried[i]].dagger)
      return x->carried[i];
  return TFT_NONE;
}

#define carried_mg(st, x)     carried_small (st, x, TRUE)
#define carried_dagger(st, x) carried_small (st, x, FALSE)

static gboolean
carries (const TftFighter *x, gint w)
{
  for (guint i = 0; i < x->n_carried; i++)
    if (x->carried[i] == w)
      return TRUE;
  return FALSE;
}

static void
uncarry (TftFighter *x, gint w)
{
  tft_list_remove (x->carried, &x->n_carried, w);
  if (x->ready == w)
    x->ready = TFT_NONE;
}

/* An 18 breaks the weapon for good: it leaves the roster when the fight ends (p. 10). */
static void
break_weapon (TftFighter *x, gint w)
{
  uncarry (x, w);
  if (x->n_broken < TFT_MAX_CARRY)
    x->broken[x->n_broken++] = w;
}

/* The main-gauche counts as a shield when it is carried, the ready weapon is one-handed and no
 * shield is ready. */
static gboolean
mg_in_use (const TftState *st, const TftFighter *x)
{
  return carried_mg (st, x) >= 0 && !(x->shield >= 0 && x->shield_ready) &&
         !(x->ready >= 0 && st->rs.weapons[x->ready].two_handed);
}

/* Adjusted DX of x attacking with weapon w (thrown or not), before anything about the target or range. */
static gint
base_adj_dx (const TftState *st, const TftFighter *x, gint w, gboolean thrown, gboolean mg_weapon)
{
  const TftRuleset *rs = &st->rs;
  const TftFigure *f = fig_of (st, x);
  const TftRace *r = tft_race (rs, f->kind);
  const TftBeast *b = beast_of (st, x);
  gint wound = b && b->wound_hits ? b->wound_hits : rs->wound_hits;
  gint dx = f->dx + tft_gear_dx (rs, f->armor, x->shield, x->shield_ready, mg_in_use (st, x), mg_weapon);

  if (x->hits_last_turn >= wound)
    dx += rs->wound_dx;
  if (st_now (st, x) <= rs->weak_st)
    dx += rs->weak_dx;
  if (r && tft_shot (rs, w, thrown))
    dx += r->missile_dx;
  if (w >= 0 && rs->weapons[w].crossbow && x->posture == P_PRONE)
    dx += rs->dx_prone_xbow;
  return dx;
}

static gint
fighter_adj_dx (const TftState *st, const TftFighter *x)
{
  return base_adj_dx (st, x, x->ready, FALSE, x->use_mg);
}

/* ---------------------------------------------------------------- JSON of a fight */

static json_object *
names_of_mask (const TftState *st, guint64 mask)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < st->fight->n; i++)
    if ((mask >> i) & 1)
      json_object_array_add (a, json_object_new_string (fname (st, &st->fight->f[i])));
  return a;
}

static json_object *
conditions_json (const TftState *st, const TftFighter *x)
{
  const TftRuleset *rs = &st->rs;
  const TftBeast *b = beast_of (st, x);
  json_object *a = json_object_new_array ();
  gint wound = b && b->wound_hits ? b->wound_hits : rs->wound_hits;

#define COND(c, s) if (c) json_object_array_add (a, json_object_new_string (s))
  COND (x->hits_last_turn >= wound, "wounded");
  COND (st_now (st, x) <= rs->weak_st, "weak");
  COND (x->fell_turn > 0 && x->fell_turn + 1 >= (gint) st->fight->turn && down (x), "must_stand");
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
  json_object_object_add (o, "figure", json_object_new_string (fname (st, &st->fight->f[s->fi])));
  json_object_object_add (o, "attack", json_object_new_int (s->attack));
  json_object_object_add (o, "adj_dx", json_object_new_int (s->adj_dx));
  json_object_object_add (o, "done", json_object_new_boolean (s->done));
  return o;
}

static json_object *
order_json (const TftState *st)
{
  json_object *a = json_object_new_array ();
  for (guint i = 0; i < st->fight->n_order; i++)
    json_object_array_add (a, slot_json (st, &st->fight->order[i]));
  return a;
}

json_object *tft_fight_to_json (const TftState *st);

json_object *
tft_fight_to_json (const TftState *st)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  json_object *o = json_object_new_object ();
  json_object *sides = json_object_new_array ();
  json_object *figs = json_object_new_array ();
  json_object *ties = json_object_new_object ();
  json_object *dropped = json_object_new_array ();

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
          json_object_array_add (members, json_object_new_string (fname (st, &fg->f[i])));
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
      json_object_object_add (fo, "name", json_object_new_string (fname (st, x)));
      json_object_object_add (fo, "side", json_object_new_string (fg->sides[x->side]));
      json_object_object_add (fo, "hits", json_object_new_int (x->hits));
      json_object_object_add (fo, "st", json_object_new_int (st_now (st, x)));
      json_object_object_add (fo, "hits_turn", json_object_new_int (x->hits_turn));
      json_object_object_add (fo, "hits_last_turn", json_object_new_int (x->hits_last_turn));
      json_object_object_add (fo, "adj_dx", json_object_new_int (fighter_adj_dx (st, x)));
      json_object_object_add (fo, "ma", json_object_new_int (tft_figure_ma (rs, fig_of (st, x))));
      if (beast_of (st, x) != NULL && beast_of (st, x)->ma_flying > 0)
        {
          json_object_object_add (fo, "ma_flying", json_object_new_int (beast_of (st, x)->ma_flying));
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
      json_object_object_add (fo, "mg_target", x->mg_target >= 0 ? json_object_new_string (fname (st, &fg->f[x->mg_target])) : NULL);
      json_object_object_add (fo, "inflicted", names_of_mask (st, x->inflicted));
      json_object_object_add (fo, "fell_turn", json_object_new_int (x->fell_turn));
      json_object_object_add (fo, "kills", json_object_new_int (x->kills));
      json_object_array_add (figs, fo);
      if (fg->ties[i] > 0)
        json_object_object_add (ties, fname (st, x), json_object_new_int (fg->ties[i]));
    }
  json_object_object_add (o, "figures", figs);
  json_object_object_add (o, "order", order_json (st));
  json_object_object_add (o, "ties", ties);
  for (guint i = 0; i < fg->dropped->len; i++)
    {
      TftDropped *d = &g_array_index (fg->dropped, TftDropped, i);
      json_object *dj = json_object_new_object ();
      json_object_object_add (dj, "weapon", json_object_new_string (rs->weapons[d->weapon].id));
      json_object_object_add (dj, "owner", json_object_new_string (d->owner));
      json_object_array_add (dropped, dj);
    }
  json_object_object_add (o, "dropped", dropped);
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
      if ((k = fighter_find (st, n)) < 0)
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
      if ((x->mg_target = fighter_find (st, tn)) < 0)
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

gboolean
tft_fight_from_json (TftState *st, json_object *o, GError **error)
{
  TftFight *fg = tft_fight_new ();
  json_object *a, *in;
  guint u;
  gint64 v;

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
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s.name: \"%s\" is not on the roster"), p, n);
          return FALSE;
        }
      fg->f[i].fig = r;
      fg->f[i].side = G_MAXUINT;
      for (guint s = 0; s < fg->n_sides; s++)
        if (strcmp (fg->sides[s], side) == 0)
          fg->f[i].side = s;
      if (fg->f[i].side == G_MAXUINT)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s.side: \"%s\" is not a side"), p, side);
          return FALSE;
        }
    }
  for (guint i = 0; i < fg->n; i++)
    {
      g_autofree char *p = mg_json_lazy_index ("$.fight.figures", i);
      if (!fighter_from_json (st, json_object_array_get_idx (a, i), p, &fg->f[i], error))
        return FALSE;
    }
  if ((in = mg_json_member (o, "initiative")) != NULL)
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
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("$.fight.initiative: not a side"));
          return FALSE;
        }
    }
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
      if ((k = fighter_find (st, n)) < 0)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s.figure: \"%s\" is not fighting"), p, n);
          return FALSE;
        }
      fg->order[i].fi = k;
    }
  if ((in = mg_json_get_object (o, "$.fight", "ties", TFT_STATE_ERR, error)) == NULL)
    return FALSE;
  json_object_object_foreach (in, key, val)
    {
      gint k = fighter_find (st, key);
      if (k < 0)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("$.fight.ties: \"%s\" is not fighting"), key);
          return FALSE;
        }
      fg->ties[k] = json_object_get_int (val);
    }
  if ((a = mg_json_get_array (o, "$.fight", "dropped", TFT_STATE_ERR, 0, 1000, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_object_array_length (a); i++)
    {
      g_autofree char *dp = mg_json_lazy_index ("$.fight.dropped", i);
      g_autofree char *p = mg_json_lazy_key (dp, "weapon");
      json_object *d = json_object_array_get_idx (a, i);
      TftDropped dr = { 0, NULL };
      const char *owner;
      if (!weapon_from_json (st, mg_json_member (d, "weapon"), p, &dr.weapon, error) || dr.weapon < 0 ||
          !mg_json_get_string (d, "$.fight.dropped", "owner", TFT_STATE_ERR, &owner, error))
        {
          if (error && !*error)
            g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s: a weapon"), p);
          return FALSE;
        }
      dr.owner = g_strdup (owner);
      g_array_append_val (fg->dropped, dr);
    }
  return TRUE;
}

/* ---------------------------------------------------------------- helpers for actions */

/* The index of the named figure in the fight in progress, or TFT_NONE with the reason. */
static gint
fighter_in_fight (const TftState *st, const char *name, GError **error)
{
  gint xi;

  if (st->fight == NULL)
    return illegal (error, _("No fight is in progress.")), TFT_NONE;
  if ((xi = fighter_find (st, name)) < 0)
    return illegal (error, _("%s is not in this fight."), name), TFT_NONE;
  return xi;
}

static void
ev_int (json_object *e, const char *key, gint v)
{
  json_object_object_add (e, key, json_object_new_int (v));
}

static void
drop_weapon (TftState *st, TftFighter *x, gint w)
{
  TftDropped d = { w, g_strdup (fname (st, x)) };
  uncarry (x, w);
  g_array_append_val (st->fight->dropped, d);
}

static gint
dropped_find (const TftState *st, gint w)
{
  for (guint i = 0; i < st->fight->dropped->len; i++)
    if (g_array_index (st->fight->dropped, TftDropped, i).weapon == w)
      return (gint) i;
  return TFT_NONE;
}

static void
dropped_take (TftState *st, guint i)
{
  g_free (g_array_index (st->fight->dropped, TftDropped, i).owner);
  g_array_remove_index (st->fight->dropped, i);
}

static void
close_slots (TftFight *fg, guint fi)
{
  for (guint i = 0; i < fg->n_order; i++)
    if (fg->order[i].fi == fi)
      fg->order[i].done = TRUE;
}

static gboolean
has_open_slot (const TftFight *fg, guint fi)
{
  for (guint i = 0; i < fg->n_order; i++)
    if (fg->order[i].fi == fi && !fg->order[i].done)
      return TRUE;
  return FALSE;
}

static gint
next_slot (const TftFight *fg)
{
  for (guint i = 0; i < fg->n_order; i++)
    if (!fg->order[i].done)
      return (gint) i;
  return TFT_NONE;
}

static guint
sides_able (const TftState *st, gint *last)
{
  guint n = 0;
  *last = TFT_NONE;
  for (guint s = 0; s < st->fight->n_sides; s++)
    for (guint i = 0; i < st->fight->n; i++)
      if (st->fight->f[i].side == s && able (st, &st->fight->f[i]))
        {
          n++;
          *last = s;
          break;
        }
  return n;
}

static void
after_slot (TftState *st)
{
  TftFight *fg = st->fight;
  if (fg->phase == PH_ATTACKS && next_slot (fg) < 0)
    fg->phase = PH_END;
}

/* Hits past armor land on y. Injuries, falls and deaths follow the text; sentences go to text. */
static void
take_hits (TftState *st, TftFighter *x, TftFighter *y, gint hits, gboolean melee, json_object *events, GString *text)
{
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  const TftBeast *b = beast_of (st, y);
  gint fall = b && b->fall_hits ? b->fall_hits : rs->fall_hits;
  guint yi = y - fg->f;
  gint now;

  if (hits <= 0)
    return;
  y->hits += hits;
  y->hits_turn += hits;
  y->took_hits = TRUE;
  if (melee && x)
    x->inflicted |= G_GUINT64_CONSTANT (1) << yi;
  now = st_now (st, y);
  if (now <= rs->dead_st)
    {
      y->life = L_DEAD;
      if (x)
        x->kills++;
      json_object_array_add (events, mg_event_new ("dead", "figure", fname (st, y)));
      g_string_append_printf (text, _(" %s is dead."), fname (st, y));
    }
  else if (now <= rs->uncon_st)
    {
      y->life = L_UNCONSCIOUS;
      json_object_array_add (events, mg_event_new ("unconscious", "figure", fname (st, y)));
      g_string_append_printf (text, _(" %s falls unconscious."), fname (st, y));
    }
  else if (fg->kind == K_PRACTICE && now <= rs->ep_practice_st)
    {
      y->life = L_OUT;
      json_object_array_add (events, mg_event_new ("out", "figure", fname (st, y)));
      g_string_append_printf (text, _(" %s drops out of the practice."), fname (st, y));
    }
  if (y->life != L_FIGHTING)
    {
      if (y->posture != P_HTH)
        y->posture = P_FALLEN;
      close_slots (fg, yi);
      return;
    }
  if (y->hits_turn >= fall && !y->fell_now)
    {
      y->fell_now = TRUE;
      if (y->posture != P_HTH)
        y->posture = P_FALLEN;
      json_object_array_add (events, mg_event_new ("fell", "figure", fname (st, y)));
      if (has_open_slot (fg, yi))
        {
          y->lost_attack = TRUE;
          close_slots (fg, yi);
          g_string_append_printf (text, _(" %s falls down and loses this turn's attack."), fname (st, y));
        }
      else
        g_string_append_printf (text, _(" %s falls down."), fname (st, y));
    }
}

/* ---------------------------------------------------------------- attacks */

typedef struct {
  gint fi, hexes, megahexes;
} Along;

typedef struct {
  guint    fi, ti;
  gint     weapon;
  guint    facing, mode, because;
  gint     hexes, megahexes;
  gboolean thrown, sheltering, from_behind, mg_attack;
  Along    way[8], beyond[16];
  guint    n_way, n_beyond;
  gint     slot;
} Attack;

enum { M_WEAPON, M_RUSH, M_HTH };

static gboolean
is_attack_option (guint o)
{
  return o == O_B || o == O_F || o == O_H || o == O_J || o == O_M || o == O_P;
}

static gboolean
enemies (const TftFighter *x, const TftFighter *y)
{
  return x->side != y->side;
}

/* The adjusted DX of attack `a` against y at the given distance, and the dice to roll. */
static gint
attack_dx (const TftState *st, const Attack *a, const TftFighter *y, gint hexes, gint megahexes, gboolean target,
           gint *ndice)
{
  const TftRuleset *rs = &st->rs;
  const TftFighter *x = &st->fight->f[a->fi];
  const TftBeast *yb = beast_of (st, y);
  gboolean missile = is_missile (rs, a->weapon);
  gint dx = base_adj_dx (st, x, a->weapon, a->thrown, x->use_mg);

  if (ndice)
    *ndice = 3;
  if (a->mode == M_HTH || y->posture == P_HTH)
    dx += rs->dx_rear;
  else if (!missile)
    {
      guint facing = a->facing;
      if (down (y) || y->bending)
        facing = 2;
      if (facing == 1 && yb && yb->sides_front)
        facing = 0;
      dx += facing == 1 ? rs->dx_side : facing == 2 ? rs->dx_rear : 0;
    }
  if (a->thrown)
    dx += rs->dx_thrown_hex * hexes;
  if (missile && megahexes > rs->mr_free)
    dx += rs->mr_per * ((megahexes - rs->mr_free + rs->mr_step - 1) / rs->mr_step);
  if (!missile && !a->thrown && a->weapon >= 0 && rs->weapons[a->weapon].cls == W_POLE && x->moved == 0 &&
      y->opt == O_B)
    dx += rs->dx_pole_charge;
  if (target && a->sheltering && (missile || a->thrown))
    dx += rs->dx_shelter;
  if (yb)
    dx += yb->hard_to_hit;
  if (ndice && target && a->mode != M_HTH && y->posture != P_HTH &&
      ((y->opt == O_I && rs->four_vs_defend) || (y->opt == O_C && rs->four_vs_dodge)))
    *ndice = rs->four_dice;
  return dx;
}

static void
hth_damage (const TftState *st, const TftFighter *x, gint *dice, gint *adds)
{
  const TftRuleset *rs = &st->rs;
  const TftBeast *b = beast_of (st, x);
  const TftFight *fg = st->fight;
  gint allies = 0, foe_st = 0, my_st = fig_of (st, x)->st;

  if (b && (b->has_hth || b->has_attack))
    {
      *dice = b->has_hth ? b->hth_dice : b->attack_dice;
      *adds = b->has_hth ? b->hth_adds : b->attack_adds;
      return;
    }
  if (x->ready >= 0 && rs->weapons[x->ready].has_hth)
    {
      *dice = rs->weapons[x->ready].hth_dice;
      *adds = rs->weapons[x->ready].hth_adds;
      return;
    }
  for (guint i = 0; i < fg->n; i++)
    {
      if (&fg->f[i] != x && fg->f[i].side == x->side && (fg->f[i].hth & x->hth))
        allies++;
      if ((x->hth >> i) & 1)
        foe_st += fig_of (st, &fg->f[i])->st;
    }
  *dice = 1;
  if (allies > 0)
    *adds = rs->bare_group;
  else
    *adds = foe_st > my_st ? rs->bare_stronger : foe_st == my_st ? rs->bare_same : rs->bare_weaker;
}

/* The hits armor, shield and main-gauche stop for y against this attack. */
static gint
stops_for (const TftState *st, const Attack *a, const TftFighter *y, gboolean hth)
{
  const TftRuleset *rs = &st->rs;
  const TftFigure *f = fig_of (st, y);
  const TftBeast *b = beast_of (st, y);
  gboolean missile = a && is_missile (rs, a->weapon);
  guint facing = a ? a->facing : 0;
  gint s = (f->armor >= 0 ? rs->armor[f->armor].stops : 0) + (b ? b->armor : 0);

  if (hth || y->posture == P_HTH)
    return s;
  if (down (y) || y->bending)
    facing = 2;
  if (facing == 1 && b && b->sides_front)
    facing = 0;
  if (y->shield >= 0 && y->shield_ready && facing == 0)
    s += rs->shields[y->shield].stops;
  else if (y->shield >= 0 && !y->shield_ready && facing == 2)
    s += rs->shields[y->shield].stops;
  if (mg_in_use (st, y) && facing == 0 && !missile && !(a && a->thrown))
    s += rs->mg_stops;
  return s;
}

/* Rolls damage of x's attack on y (mult from the to-hit roll) and applies it. */
static gboolean
do_damage (TftState *st, TftRoller *r, const Attack *a, TftFighter *x, TftFighter *y, gint mult, gboolean hth,
           json_object *e, json_object *events, GString *text, GError **error)
{
  const TftRuleset *rs = &st->rs;
  gint dice, adds, total, stops, hits;
  guint v[64];
  json_object *d = json_object_new_object ();

  if (hth)
    hth_damage (st, x, &dice, &adds);
  else
    tft_figure_damage (rs, fig_of (st, x), a ? a->weapon : x->ready, a && a->thrown, &dice, &adds);
  dice = CLAMP (dice, 0, 60);
  if (dice > 0 && !tft_roll (r, dice, 6, "damage", v, error))
    {
      json_object_put (d);
      return FALSE;
    }
  total = MAX (0, sum (v, dice) + adds) * mult;
  if (a && a->weapon >= 0 && rs->weapons[a->weapon].cls == W_POLE && !hth &&
      (x->opt == O_B || (y->opt == O_B && !a->thrown)))
    total *= rs->pole_mult;
  if (st->fight->kind == K_PRACTICE)
    total /= rs->practice_div;
  stops = stops_for (st, a, y, hth);
  hits = MAX (0, total - stops);
  ev_int (d, "roll", sum (v, dice));
  ev_int (d, "adds", adds);
  ev_int (d, "multiplier", mult);
  ev_int (d, "total", total);
  ev_int (d, "stopped", MIN (stops, total));
  ev_int (d, "hits", hits);
  json_object_object_add (e, "damage", d);
  g_string_append_printf (text, _(" for %d"), total);
  if (stops > 0 && total > 0)
    {
      if (hits == 0)
        g_string_append_printf (text, _("; %s's armor stops it all"), fname (st, y));
      else
        g_string_append_printf (text, _("; armor stops %d and %s takes %d"), MIN (stops, total), fname (st, y), hits);
    }
  else if (hits > 0)
    g_string_append_printf (text, _("; %s takes %d"), fname (st, y), hits);
  if (hits > 0 && st_now (st, y) - hits > rs->uncon_st)
    g_string_append_printf (text, _(" (%d ST left)"), st_now (st, y) - hits);
  g_string_append_c (text, '.');
  take_hits (st, x, y, hits, !is_missile (rs, a ? a->weapon : x->ready) && !(a && a->thrown), events, text);
  ev_int (e, "st_left", st_now (st, y));
  return TRUE;
}

static const char * const facing_names[] = { "front", "side", "rear", NULL };
static const char * const mode_names[] = { "weapon", "shield_rush", "hth", NULL };
static const char * const because_names[] = { "none", "wall", "rear", "agreed", NULL };

/* One figure of a line of fire or a pile: its name, or {"figure", "hexes", "megahexes"}. */
static gboolean
along_item (json_object *it, const char *p, const char **name, gint *hexes, gint *megahexes, GError **error)
{
  gint64 v = 0;

  *hexes = *megahexes = 0;
  if (json_object_is_type (it, json_type_string))
    {
      *name = json_object_get_string (it);
      return TRUE;
    }
  if (!mg_json_get_string (it, p, "figure", TFT_ACTION_ERR, name, error))
    return FALSE;
  if (!mg_json_opt_int (it, p, "hexes", TFT_ACTION_ERR, 0, 100, &v, error))
    return FALSE;
  *hexes = mg_json_member (it, "hexes") ? v : 0;
  if (!mg_json_opt_int (it, p, "megahexes", TFT_ACTION_ERR, 0, 100, &v, error))
    return FALSE;
  *megahexes = mg_json_member (it, "megahexes") ? v : 0;
  return TRUE;
}

static gboolean
parse_along (const TftState *st, json_object *a, const char *key, Along *out, guint max, guint *n, GError **error)
{
  json_object *list = mg_json_member (a, key);

  *n = 0;
  if (list == NULL)
    return TRUE;
  if (!mg_json_array (list, key, TFT_ACTION_ERR, 0, max, NULL, error))
    return FALSE;
  for (guint i = 0; i < json_object_array_length (list); i++)
    {
      json_object *it = json_object_array_get_idx (list, i);
      const char *name;
      gint hexes, megahexes;
      /* the item's path ("in_the_way[1]") is formatted only to word a refusal */
      if (!along_item (it, NULL, &name, &hexes, &megahexes, NULL))
        {
          g_autofree char *p = mg_json_path_index (key, i);
          return along_item (it, p, &name, &hexes, &megahexes, error);
        }
      if ((out[i].fi = fighter_find (st, name)) < 0)
        return illegal (error, _("%s is not in this fight."), name);
      out[i].hexes = hexes;
      out[i].megahexes = megahexes;
      (*n)++;
    }
  return TRUE;
}

/* Parses an attack and checks it against the order and the figures' state. */
/* The attack action's members into a (figure, target and weapon names into xn, tn, wn; where the
 * pile starts in a->beyond into *pile); nothing about the fight yet. */
static gboolean
read_attack (const TftState *st, json_object *j, Attack *a, const char **xn, const char **tn, const char **wn,
             guint *pile, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "target", "weapon", "facing", "mode", "hexes",
                                        "megahexes", "throw", "in_the_way", "beyond", "pile", "sheltering",
                                        "hth_because", "from_behind", NULL };
  gint64 v;
  guint n2;

  memset (a, 0, sizeof *a);
  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, xn, error) ||
      !mg_json_get_string (j, NULL, "target", TFT_ACTION_ERR, tn, error))
    return FALSE;
  if (!mg_json_opt_string (j, NULL, "weapon", TFT_ACTION_ERR, wn, error))
    return FALSE;
#define OPTC(key, names, field) (!mg_json_member (j, key) || mg_json_get_choice (j, NULL, key, TFT_ACTION_ERR, names, &a->field, error))
#define OPTB(key, field) (!mg_json_member (j, key) || mg_json_get_bool (j, NULL, key, TFT_ACTION_ERR, &a->field, error))
  if (!OPTC ("facing", facing_names, facing) || !OPTC ("mode", mode_names, mode) ||
      !OPTC ("hth_because", because_names, because) || !OPTB ("throw", thrown) ||
      !OPTB ("sheltering", sheltering) || !OPTB ("from_behind", from_behind))
    return FALSE;
#undef OPTC
#undef OPTB
  if (mg_json_member (j, "hexes"))
    {
      if (!mg_json_get_int (j, NULL, "hexes", TFT_ACTION_ERR, 0, 100, &v, error))
        return FALSE;
      a->hexes = v;
    }
  if (mg_json_member (j, "megahexes"))
    {
      if (!mg_json_get_int (j, NULL, "megahexes", TFT_ACTION_ERR, 0, 100, &v, error))
        return FALSE;
      a->megahexes = v;
    }
  if (!parse_along (st, j, "in_the_way", a->way, 8, &a->n_way, error) ||
      !parse_along (st, j, "beyond", a->beyond, 8, &a->n_beyond, error) ||
      !parse_along (st, j, "pile", a->beyond + a->n_beyond, 8, &n2, error))
    return FALSE;
  *pile = a->n_beyond;
  a->n_beyond += n2;
  return TRUE;
}

static gboolean
parse_attack (const TftState *st, json_object *j, Attack *a, GError **error)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  const char *xn, *tn, *wn = NULL;
  const TftFighter *x, *y;
  const TftSlot *s;
  guint pile;

  if (!read_attack (st, j, a, &xn, &tn, &wn, &pile, error))
    return FALSE;

  if (fg == NULL)
    return illegal (error, _("No fight is in progress."));
  if (fighter_find (st, xn) < 0)
    return illegal (error, _("%s is not in this fight."), xn);
  if (fighter_find (st, tn) < 0)
    return illegal (error, _("%s is not in this fight."), tn);
  a->fi = fighter_find (st, xn);
  a->ti = fighter_find (st, tn);
  x = &fg->f[a->fi];
  y = &fg->f[a->ti];
  if (fg->phase == PH_OPTIONS)
    return illegal (error, _("Attacks come after every figure has chosen its option."));
  a->slot = next_slot (fg);
  if (x->lost_attack)
    return illegal (error, _("%s fell this turn before attacking and loses the attack."), xn);
  if (a->slot < 0)
    return illegal (error, _("Every attack of this turn has been made; end the turn."));
  s = &fg->order[a->slot];
  if (s->fi != a->fi)
    {
      if (!is_attack_option (x->opt))
        return illegal (error, _("%s did not choose an option with an attack this turn."), xn);
      if (x->lost_attack)
        return illegal (error, _("%s fell this turn before attacking and loses the attack."), xn);
      if (!has_open_slot (fg, a->fi))
        return illegal (error, _("%s has made every attack it has this turn."), xn);
      return illegal (error, _("%s attacks next (adjusted DX %d); %s must wait for its turn."),
                      fname (st, &fg->f[s->fi]), s->adj_dx, xn);
    }
  if (!is_attack_option (x->opt))
    return illegal (error, _("%s's option this turn (%s) is not an attack; it uses \"%s\"."), xn,
                    option_names[x->opt], x->opt == O_Q ? "draw_dagger" : "disengage");
  if (a->ti == a->fi)
    return illegal (error, _("%s cannot attack itself."), xn);
  if (!enemies (x, y))
    return illegal (error, _("%s and %s are on the same side."), xn, tn);
  if (y->life == L_DEAD || y->life == L_FLED)
    return illegal (error, _("%s is no longer in the fight."), tn);
  if (y->life == L_UNCONSCIOUS && fg->kind != K_DEATH)
    return illegal (error, _("Unconscious figures may not be slain except in a combat to the death."));
  if (s->attack == 2 && x->use_mg && x->mg_target >= 0 && x->mg_target != (gint) a->ti &&
      fg->f[x->mg_target].life == L_FIGHTING)
    return illegal (error, _("Both attacks of a main-gauche turn go against the same enemy: %s."),
                    fname (st, &fg->f[x->mg_target]));
  if (a->n_beyond > pile && x->posture == P_HTH)
    return illegal (error, _("Figures in hand-to-hand combat never hit their friends in the same brawl: no \"pile\" "
                             "for %s."), xn);
  /* Into a pile: "each other enemy in the HTH combat, and then each friend" (p. 17). */
  for (guint i = pile + 1; i < a->n_beyond; i++)
    for (guint k = i; k > pile && enemies (x, &fg->f[a->beyond[k].fi]) && !enemies (x, &fg->f[a->beyond[k - 1].fi]); k--)
      {
        Along t = a->beyond[k];
        a->beyond[k] = a->beyond[k - 1];
        a->beyond[k - 1] = t;
      }

  /* The weapon: named, or the ready one (the main-gauche for the second attack of a main-gauche turn). */
  if (wn != NULL)
    {
      const TftBeast *b = beast_of (st, x);
      if (b && b->has_attack && strcmp (wn, b->attack_id) == 0)
        a->weapon = TFT_NONE;
      else if ((a->weapon = tft_weapon_find (rs, wn)) < 0)
        return illegal (error, _("There is no weapon \"%s\" in the ruleset."), wn);
      else if (!carries (x, a->weapon))
        return illegal (error, _("%s does not carry a %s."), xn, _(rs->weapons[a->weapon].name));
    }
  else
    a->weapon = (x->use_mg && s->attack == 2) ? carried_mg (st, x) : x->ready;
  a->mg_attack = x->use_mg && a->weapon >= 0 && rs->weapons[a->weapon].main_gauche;
  if (a->mode != M_WEAPON || x->opt == O_M || x->opt == O_P)
    {
      if (x->opt == O_M || x->opt == O_P)
        a->mode = a->mode == M_RUSH ? M_RUSH : M_HTH;
      if (a->mode == M_HTH)
        a->weapon = x->ready >= 0 && rs->weapons[x->ready].dagger ? x->ready : TFT_NONE;
    }
  if (a->weapon >= 0 && a->weapon != x->ready && !a->mg_attack && a->mode == M_WEAPON)
    return illegal (error, _("%s's %s is not ready; readying a weapon takes a turn (options e, k, o)."), xn,
                    _(rs->weapons[a->weapon].name));
  if (a->weapon < 0 && a->mode == M_WEAPON && !(beast_of (st, x) && beast_of (st, x)->has_attack))
    return illegal (error, _("%s has no weapon ready; it can only attack hand to hand."), xn);
  if (x->opt == O_P && !((x->hth >> a->ti) & 1))
    return illegal (error, _("%s is not in hand-to-hand combat with %s."), xn, tn);
  if (x->opt == O_M && a->mode != M_HTH)
    return illegal (error, _("Option m is a hand-to-hand attack."));
  if (a->mode == M_RUSH && !(x->shield >= 0 && x->shield_ready))
    return illegal (error, _("%s needs a ready shield for a shield rush."), xn);
  if (is_missile (rs, a->weapon))
    {
      if (x->opt != O_F && x->opt != O_J)
        return illegal (error, _("%s may fire a missile weapon only with option f or j."), xn);
      if (fg->kind == K_PRACTICE)
        return illegal (error, _("No missile weapons in practice combat."));
      if (x->reload > 0)
        return illegal (error, _("%s's %s is not reloaded yet."), xn, _(rs->weapons[a->weapon].name));
    }
  else if (x->opt == O_F || x->opt == O_J)
    return illegal (error, _("%s chose to fire a missile weapon this turn (option %s)."), xn, option_names[x->opt]);
  if (a->thrown && (a->weapon < 0 || !rs->weapons[a->weapon].thrown))
    return illegal (error, _("%s's %s cannot be thrown."), xn, a->weapon >= 0 ? _(rs->weapons[a->weapon].name) : _("bare hands"));
  if (y->aloft && rs->fliers_out_of_reach && !is_missile (rs, a->weapon) && !a->thrown)
    return illegal (error, _("%s is flying: only missile and thrown weapons reach it."), tn);
  if (a->mode == M_HTH && !(y->posture == P_HTH) && !((x->hth >> a->ti) & 1))
    {
      /* A flier that flew in this turn "may land ON you for HTH" (p. 19). */
      gboolean ok = down (y) || a->because != 0 || x->flying ||
                    tft_figure_ma (rs, fig_of (st, y)) < tft_figure_ma (rs, fig_of (st, x));
      if (!ok)
        return illegal (error, _("%s may move onto %s's hex only if %s has its back to the wall, is down, has a lower MA, "
                                 "is jumped from the rear, or agrees (\"hth_because\")."), xn, tn, tn);
    }
  return TRUE;
}

static gint
roll_total (TftState *st, TftRoller *r, gint n, const char *what, GError **error)
{
  guint v[8];
  if (!tft_roll (r, n, 6, what, v, error))
    return -1;
  return sum (v, n);
}

static const char *
result_name (TftRoll r)
{
  static const char * const names[] = { "hit", "miss", "drop", "break" };
  return names[r];
}

/* Rolls for one figure along the line (in the way, beyond, in the pile): to hit an enemy, to miss anyone else.
 * Returns TRUE in *stop when the weapon hit it or was lost there. */
static gboolean
roll_along (TftState *st, TftRoller *r, const Attack *a, const Along *al, gboolean *stop,
            json_object *events, GString *text, GError **error)
{
  TftFighter *x = &st->fight->f[a->fi], *z = &st->fight->f[al->fi];
  gboolean to_miss = !enemies (x, z);
  gint dx = attack_dx (st, a, z, al->hexes, al->megahexes, FALSE, NULL);
  gint total = roll_total (st, r, 3, to_miss ? "roll_to_miss" : "to_hit", error), mult;
  TftRoll res;
  json_object *e;

  if (total < 0)
    return FALSE;
  res = tft_roll_result (&st->rs, total, 3, dx, to_miss, &mult);
  e = mg_event_new ("line_of_fire", "figure", fname (st, x));
  json_object_object_add (e, "at", json_object_new_string (fname (st, z)));
  json_object_object_add (e, "rolling", json_object_new_string (to_miss ? "to_miss" : "to_hit"));
  ev_int (e, "adj_dx", dx);
  ev_int (e, "roll", total);
  json_object_object_add (e, "result", json_object_new_string (result_name (res)));
  *stop = res != R_MISS;
  g_string_append_printf (text, to_miss ? _(" Rolling to miss %s: %d against %d") : _(" Rolling for %s: %d against %d"),
                          fname (st, z), total, dx);
  if (res == R_HIT)
    {
      g_string_append_printf (text, _(", it hits %s"), fname (st, z));
      if (!do_damage (st, r, a, x, z, mult, FALSE, e, events, text, error))
        {
          json_object_put (e);
          return FALSE;
        }
    }
  else if (res == R_MISS)
    g_string_append (text, _(", it flies past."));
  else
    {
      g_string_append (text, res == R_DROP ? _(", the weapon drops there.") : _(", the weapon breaks."));
      /* "A roll of 17 or 18 on any target but the first breaks the ARROW but does not affect the
       * bow" (p. 15): every figure rolled for along the line is not the one aimed at. */
      if (!a->thrown && is_missile (&st->rs, a->weapon))
        ;
      else if (res == R_BREAK)
        break_weapon (x, a->weapon);
    }
  json_object_array_add (events, e);
  return TRUE;
}

/* Hand-to-hand: x enters y's hex (no roll when joining a brawl already on the ground), p. 16-17.
 * -1 on a dice error, 1 when the entry ends the attack (repelled, or countered), 0 to roll to hit. */
static gint
hth_enter (TftState *st, TftRoller *r, Attack *a, TftFighter *x, TftFighter *y, json_object *events, GString *text,
           GError **error)
{
  const TftRuleset *rs = &st->rs;
  json_object *e;

  if (x->ready >= 0 && !rs->weapons[x->ready].dagger)
    drop_weapon (st, x, x->ready);
  if (x->shield_ready && x->shield >= 0)
    x->shield = TFT_NONE;
  if (!((x->hth >> a->ti) & 1) && y->posture != P_HTH)
    {
      gint roll;
      TftEntry en;
      do
        {
          guint v;
          if (!tft_roll (r, 1, 6, "entry", &v, error))
            return -1;
          roll = v;
        }
      while (roll == 6 && a->from_behind);
      en = rs->entry[roll - 1];
      e = mg_event_new ("hth", "figure", fname (st, x));
      json_object_object_add (e, "target", json_object_new_string (fname (st, y)));
      ev_int (e, "roll", roll);
      json_object_object_add (e, "result", json_object_new_string (
        en == HTH_GRAPPLE ? "grapple" : en == HTH_GRAPPLE_DAGGER ? "grapple_dagger" : en == HTH_REPEL ? "repel" : "counter"));
      json_object_array_add (events, e);
      g_string_append_printf (text, _("%s throws himself on %s; %s rolls %d"), fname (st, x), fname (st, y),
                              fname (st, y), roll);
      if (en == HTH_REPEL || en == HTH_COUNTER)
        {
          if (en == HTH_REPEL)
            {
              g_string_append_printf (text, _(" and keeps %s off."), fname (st, x));
              return 1;
            }
          g_string_append_printf (text, _(" and strikes %s"), fname (st, x));
          return do_damage (st, r, NULL, y, x, 1, FALSE, e, events, text, error) ? 1 : -1;
        }
      if (y->ready >= 0 && !rs->weapons[y->ready].dagger)
        drop_weapon (st, y, y->ready);
      if (y->shield_ready)
        y->shield = TFT_NONE;
      if (en == HTH_GRAPPLE_DAGGER && carried_dagger (st, y) >= 0)
        y->ready = carried_dagger (st, y);
      g_string_append (text, _(": both go down in hand-to-hand combat."));
    }
  x->hth |= G_GUINT64_CONSTANT (1) << a->ti;
  y->hth |= G_GUINT64_CONSTANT (1) << a->fi;
  x->posture = y->posture = P_HTH;
  a->weapon = x->ready >= 0 && rs->weapons[x->ready].has_hth ? x->ready : TFT_NONE;
  if (text->len)
    g_string_append_c (text, ' ');
  return 0;
}

static gboolean
do_attack (TftState *st, json_object *j, TftRoller *r, json_object *events, GString *text, GError **error)
{
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  Attack a;
  TftFighter *x, *y;
  gint dx, n, total, mult;
  TftRoll res;
  gboolean stop = FALSE, hth = FALSE;
  json_object *e;

  if (!parse_attack (st, j, &a, error))
    return FALSE;
  x = &fg->f[a.fi];
  y = &fg->f[a.ti];
  fg->order[a.slot].done = TRUE;
  x->attacks_made++;
  if (x->use_mg && fg->order[a.slot].attack == 1)
    x->mg_target = a.ti;

  if (a.mode == M_HTH)
    {
      gint entered = hth_enter (st, r, &a, x, y, events, text, error);
      if (entered != 0)
        return entered > 0;
      hth = TRUE;
    }

  /* Roll to miss (or hit) every figure in the way first. */
  for (guint i = 0; i < a.n_way && !stop; i++)
    if (!roll_along (st, r, &a, &a.way[i], &stop, events, text, error))
      return FALSE;
  if (stop)
    {
      if (a.thrown && carries (x, a.weapon))
        drop_weapon (st, x, a.weapon);
      return TRUE;
    }

  dx = attack_dx (st, &a, y, a.hexes, a.megahexes, TRUE, &n);
  if ((total = roll_total (st, r, n, "to_hit", error)) < 0)
    return FALSE;
  res = tft_roll_result (rs, total, n, dx, FALSE, &mult);
  e = mg_event_new ("attack", "figure", fname (st, x));
  json_object_object_add (e, "target", json_object_new_string (fname (st, y)));
  json_object_object_add (e, "weapon", a.weapon >= 0 ? json_object_new_string (rs->weapons[a.weapon].id) : NULL);
  json_object_object_add (e, "mode", json_object_new_string (mode_names[a.mode]));
  ev_int (e, "adj_dx", dx);
  ev_int (e, "dice", n);
  ev_int (e, "roll", total);
  json_object_object_add (e, "result", json_object_new_string (result_name (res)));
  ev_int (e, "multiplier", mult);
  if (n == 3)
    g_string_append_printf (text, _("%s rolls %d against adjusted DX %d"), fname (st, x), total, dx);
  else
    g_string_append_printf (text, _("%s rolls %d on %d dice against adjusted DX %d"), fname (st, x), total, n, dx);

  if (res == R_HIT && a.mode == M_RUSH)
    {
      const TftFigure *fx = fig_of (st, x), *fy = fig_of (st, y);
      g_string_append_printf (text, _(" and rushes %s with the shield"), fname (st, y));
      if (fy->st > rs->rush_ratio * fx->st)
        g_string_append_printf (text, _(", to no effect: %s is more than twice as strong."), fname (st, y));
      else
        {
          gint sd = fx->st >= fy->st ? rs->rush_dice : rs->rush_weak_dice;
          gint save = roll_total (st, r, sd, "save", error), ydx = base_adj_dx (st, y, y->ready, FALSE, FALSE);
          gboolean falls;
          if (save < 0)
            {
              json_object_put (e);
              return FALSE;
            }
          falls = (sd == 3 && save >= rs->rush_fall3) || (sd == 2 && save >= rs->rush_fall2) || save > ydx;
          ev_int (e, "save", save);
          /* Translators: the last %s is "falls" or "stays afoot" (the target of a shield rush). */
          g_string_append_printf (text, _("; %s rolls %d on %d dice against %d and %s."), fname (st, y), save, sd, ydx,
                                  /* Translators: a figure falls (verb), after a shield rush. */
                                  falls ? _("falls") : _("stays afoot"));
          if (falls && y->posture == P_STANDING)
            y->posture = P_FALLEN;
        }
    }
  else if (res == R_HIT)
    {
      g_string_append_printf (text, mult == 3 ? _(" and hits %s, triple damage") : mult == 2 ? _(" and hits %s, double damage")
                                              : _(" and hits %s"), fname (st, y));
      if (!do_damage (st, r, &a, x, y, mult, hth, e, events, text, error))
        {
          json_object_put (e);
          return FALSE;
        }
    }
  else
    {
      g_string_append (text, _(" and misses"));
      if (res == R_DROP && a.weapon >= 0)
        {
          g_string_append_printf (text, _("; he drops his %s"), _(rs->weapons[a.weapon].name));
          drop_weapon (st, x, a.weapon);
        }
      else if (res == R_BREAK && a.weapon >= 0)
        {
          g_string_append_printf (text, _("; his %s breaks"), _(rs->weapons[a.weapon].name));
          break_weapon (x, a.weapon);
        }
      g_string_append_c (text, '.');
    }
  json_object_array_add (events, e);

  /* A missed missile or thrown weapon flies on; a blow into a pile may land on another. */
  if (res == R_MISS)
    for (guint i = 0; i < a.n_beyond && !stop; i++)
      if (!roll_along (st, r, &a, &a.beyond[i], &stop, events, text, error))
        return FALSE;
  if (a.thrown && carries (x, a.weapon))
    drop_weapon (st, x, a.weapon);
  if (a.weapon >= 0 && rs->weapons[a.weapon].crossbow)
    x->reload = base_adj_dx (st, x, a.weapon, FALSE, FALSE) >= rs->weapons[a.weapon].fast_at
                ? rs->weapons[a.weapon].fast_reload : rs->weapons[a.weapon].reload;
  return TRUE;
}

/* ---------------------------------------------------------------- options */

static gint
max_move (const TftState *st, const TftFighter *x, guint o, gboolean flying)
{
  /* "Its MA is 8 on the ground, 16 if flying" (p. 19). */
  gint ma = flying ? beast_of (st, x)->ma_flying : tft_figure_ma (&st->rs, fig_of (st, x));
  switch (o)
    {
    case O_A: return ma;
    case O_B: case O_C: case O_D: return ma / 2;
    case O_E: return 2;
    case O_F: case O_H: case O_I: case O_J: case O_K: case O_L: case O_M: case O_O: return 1;
    default: return 0;
    }
}

/* The options open to x now, as a bit set over a..r and none. */
static guint
options_open (const TftState *st, const TftFighter *x, guint64 engaged)
{
  const TftRuleset *rs = &st->rs;
  gboolean fell_last = x->fell_turn > 0 && x->fell_turn + 1 == (gint) st->fight->turn;
  guint set = 1u << OPT_NONE;

  if (x->hth)
    return fell_last ? set : set | (1u << O_P) | (1u << O_Q) | (1u << O_R);
  if (down (x))
    {
      set |= (1u << O_G) | (1u << O_N);
      if (!fell_last && (x->posture == P_PRONE || x->posture == P_KNEELING) && is_missile (rs, x->ready))
        {
          gboolean xbow = rs->weapons[x->ready].crossbow;
          if (xbow || x->posture == P_KNEELING)
            set |= (1u << O_F) | (1u << O_J);
          if (xbow)
            set |= 1u << O_E;
        }
      return set;
    }
  if (engaged)
    return set | ((0xFFu << O_H) & ~(1u << O_N));
  return set | (0x3Fu << O_A);
}

static const char *
options_text (guint set, GString *s)
{
  for (guint o = 0; o <= OPT_NONE; o++)
    if ((set >> o) & 1)
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", option_names[o]);
  return s->str;
}

/* Once one side is out, only end_fight (or a flee, an arena's choice) moves the fight on. */
static gboolean
refuse_when_over (TftState *st, GError **error)
{
  gint last;
  if (st->fight->phase == PH_OVER || sides_able (st, &last) <= 1)
    return illegal (error, _("One side is out of fight %u: end the fight to award experience (end_fight)."),
                    st->fight->number);
  return TRUE;
}

/* Option o is legal for x: it takes it (the weapon w, shield and posture choices, the hexes moved). */
static void
option_take (TftState *st, TftFighter *x, guint o, gint w, guint shield, guint posture, gint moved,
             gboolean use_mg, guint64 engaged, json_object *events, GString *text)
{
  const TftRuleset *rs = &st->rs;
  const char *name = fname (st, x);

  /* Changing one's mind costs nothing; the weapon that had to go is gone. */
  if (x->must_drop && is_missile (rs, x->ready))
    {
      json_object *d = mg_event_new ("dropped", "figure", name);
      json_object_object_add (d, "weapon", json_object_new_string (rs->weapons[x->ready].id));
      json_object_array_add (events, d);
      g_string_append_printf (text, _("%s drops the %s. "), name, _(rs->weapons[x->ready].name));
      drop_weapon (st, x, x->ready);
    }
  x->must_drop = FALSE;
  x->opt = o;
  x->moved = moved;
  x->use_mg = use_mg;
  x->engaged = engaged;
  x->bending = o == O_O;
  switch (o)
    {
    case O_D:
      x->posture = posture ? P_KNEELING : P_PRONE;
      break;
    case O_G: case O_N:
      x->posture = P_STANDING;
      break;
    case O_J:
      x->must_drop = TRUE;
      break;
    case O_E:
      if (w >= 0 && !carries (x, w))
        {
          dropped_take (st, dropped_find (st, w));
          x->carried[x->n_carried++] = w;
        }
      if (w >= 0 && w == x->ready && x->reload > 0)
        x->reload--;
      else if (w < 0 && x->ready >= 0 && rs->weapons[x->ready].crossbow && x->reload > 0)
        x->reload--;
      else if (w >= 0)
        x->ready = w;
      if (shield < 2 && x->shield >= 0)
        x->shield_ready = shield == 0;
      break;
    case O_K:
      if (x->ready >= 0)
        drop_weapon (st, x, x->ready);
      x->ready = w;
      break;
    case O_O:
      if (x->ready >= 0)
        drop_weapon (st, x, x->ready);
      dropped_take (st, dropped_find (st, w));
      x->carried[x->n_carried++] = w;
      x->ready = w;
      break;
    default:
      break;
    }
  if (x->ready >= 0 && rs->weapons[x->ready].two_handed)
    x->shield_ready = FALSE;
  {
    json_object *e = mg_event_new ("option", "figure", name);
    json_object_object_add (e, "option", json_object_new_string (option_names[o]));
    ev_int (e, "moved", moved);
    json_object_array_add (events, e);
  }
  g_string_append_printf (text, _("%s takes option %s"), name, option_names[o]);
  if (moved)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", moving %d hex", ", moving %d hexes", moved), (gint) moved);
  if ((o == O_E || o == O_K || o == O_O) && x->ready >= 0)
    g_string_append_printf (text, _(" and readies the %s"), _(rs->weapons[x->ready].name));
  g_string_append_c (text, '.');
}

/* A flier's option: in the air it engages no one (those engaged with it must say so again); an
 * option without flight lands it, and a charge lands it to attack (p. 19). */
static void
option_fly (TftState *st, TftFighter *x, guint o, gboolean flying, json_object *events, GString *text)
{
  gboolean was_aloft = x->aloft;
  guint xi = (guint) (x - st->fight->f);

  x->flying = flying;
  x->aloft = flying && o != O_B;
  if (flying)
    for (guint i = 0; i < st->fight->n; i++)
      st->fight->f[i].engaged &= ~(G_GUINT64_CONSTANT (1) << xi);
  if (flying)
    {
      json_object *e = mg_event_new (x->aloft ? "flies" : "lands", "figure", fname (st, x));
      json_object_array_add (events, e);
      g_string_append_printf (text, x->aloft ? _(" %s flies.") : _(" %s flies and lands to attack."), fname (st, x));
    }
  else if (was_aloft)
    {
      json_object_array_add (events, mg_event_new ("lands", "figure", fname (st, x)));
      g_string_append_printf (text, _(" %s lands."), fname (st, x));
    }
}

static gboolean
do_option (TftState *st, json_object *j, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", "option", "moved", "engaged_with", "weapon",
                                        "shield", "main_gauche", "pick_up", "posture", "flying", NULL };
  static const char * const shield_names[] = { "ready", "sling", NULL };
  static const char * const postures[] = { "prone", "kneeling", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  const char *name, *wn = NULL;
  guint o, shield = 2, posture = 0;
  gint64 moved = 0;
  gboolean use_mg = FALSE, pick_up = FALSE, flying = FALSE;
  guint64 engaged;
  gint xi, w = TFT_NONE;
  TftFighter *x;
  guint open;
  g_autoptr(GString) list = g_string_new (NULL);

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, &name, error) ||
      !mg_json_get_choice (j, NULL, "option", TFT_ACTION_ERR, option_names, &o, error) ||
      !mg_json_opt_int (j, NULL, "moved", TFT_ACTION_ERR, 0, 100, &moved, error) ||
      !mg_json_opt_string (j, NULL, "weapon", TFT_ACTION_ERR, &wn, error) ||
      !mg_json_opt_choice (j, NULL, "shield", TFT_ACTION_ERR, shield_names, &shield, error) ||
      !mg_json_opt_choice (j, NULL, "posture", TFT_ACTION_ERR, postures, &posture, error) ||
      !mg_json_opt_bool (j, NULL, "main_gauche", TFT_ACTION_ERR, &use_mg, error) ||
      !mg_json_opt_bool (j, NULL, "pick_up", TFT_ACTION_ERR, &pick_up, error) ||
      !mg_json_opt_bool (j, NULL, "flying", TFT_ACTION_ERR, &flying, error))
    return FALSE;
  if ((xi = fighter_in_fight (st, name, error)) < 0)
    return FALSE;
  if (flying && !(beast_of (st, &fg->f[xi]) != NULL && beast_of (st, &fg->f[xi])->ma_flying > 0))
    return illegal (error, _("%s cannot fly."), name);
  x = &fg->f[xi];
  engaged = x->engaged;
  if (mg_json_member (j, "engaged_with"))
    {
      Along al[TFT_MAX_FIGHTERS];
      guint n;
      if (!parse_along (st, j, "engaged_with", al, TFT_MAX_FIGHTERS, &n, error))
        return FALSE;
      engaged = 0;
      for (guint i = 0; i < n; i++)
        {
          if (!enemies (x, &fg->f[al[i].fi]))
            return illegal (error, _("%s and %s are on the same side: figures engage only enemies."), name,
                            fname (st, &fg->f[al[i].fi]));
          if (fg->f[al[i].fi].aloft)
            return illegal (error, _("%s is flying: it engages no one until it lands."), fname (st, &fg->f[al[i].fi]));
          engaged |= G_GUINT64_CONSTANT (1) << al[i].fi;
        }
    }
  if (!refuse_when_over (st, error))
    return FALSE;
  if (fg->phase != PH_OPTIONS)
    return illegal (error, _("Options are chosen before the attacks; this turn's attacks have begun."));
  if (!able (st, x))
    return illegal (error, _("%s is %s and takes no option."), name, _(life_names[x->life]));
  if (x->opt == O_E || x->opt == O_K || x->opt == O_O)
    return illegal (error, _("%s has already changed weapons this turn and cannot change its option."), name);
  open = options_open (st, x, engaged);
  if (!((open >> o) & 1))
    {
      if (x->hth && x->fell_turn + 1 == (gint) fg->turn)
        return illegal (error, _("%s fell with 8 or more hits last turn while in hand-to-hand combat and may do nothing this turn."), name);
      if (down (x))
        return illegal (error, _("%s is down and must take a turn to stand up (g or n); open now: %s."), name,
                        options_text (open, list));
      if (x->hth)
        return illegal (error, _("%s is in hand-to-hand combat and may choose p, q or r."), name);
      if (engaged)
        return illegal (error, _("%s is engaged and may choose h to o."), name);
      return illegal (error, _("%s is not engaged and may choose a to g."), name);
    }
  if (is_attack_option (o) && moved > max_move (st, x, O_B, flying))
    return illegal (error, _("%s moved more than half its MA (%d) this turn and may not attack."), name,
                    flying ? beast_of (st, x)->ma_flying : tft_figure_ma (rs, fig_of (st, x)));
  if (o != OPT_NONE && moved > max_move (st, x, o, flying))
    return illegal (error, g_dngettext (GETTEXT_PACKAGE, "Option %s allows moving %d hex; %s moved %d.",
                                        "Option %s allows moving %d hexes; %s moved %d.", max_move (st, x, o, flying)),
                    option_names[o], max_move (st, x, o, flying), name, (gint) moved);
  if (o == OPT_NONE && moved > 0)
    return illegal (error, _("A figure that does nothing does not move."));
  /* A flier moves in the air (a, c) and lands to attack (b) (p. 19); it does nothing else aloft. */
  if (flying && o != O_A && o != O_B && o != O_C)
    return illegal (error, _("%s flies only with options a, b and c (move, charge, dodge)."), name);
  if (wn && (w = tft_weapon_find (rs, wn)) < 0)
    return illegal (error, _("There is no weapon \"%s\" in the ruleset."), wn);
  if (use_mg && (o != O_B && o != O_H))
    return illegal (error, _("The main-gauche attacks with options b and h only."));
  if (use_mg && (carried_mg (st, x) < 0 || x->ready < 0 || x->ready == carried_mg (st, x) ||
                 rs->weapons[x->ready].two_handed))
    return illegal (error, _("%s needs a main-gauche and a one-handed weapon ready to attack with both."), name);
  /* The shield and picking up on the way go with option e (p. 5); o picks up where it stands. */
  if (shield < 2 && o != O_E)
    return illegal (error, _("Option %s does not ready or sling a shield; option e does."), option_names[o]);
  if (pick_up && o != O_E && o != O_O)
    return illegal (error, _("Option %s does not pick up a weapon; options e and o do."), option_names[o]);
  switch (o)
    {
    case O_F: case O_J:
      if (!is_missile (rs, x->ready) || (x->must_drop && o == O_J))
        return illegal (error, _("%s has no missile weapon ready."), name);
      if (fg->kind == K_PRACTICE)
        return illegal (error, _("No missile weapons in practice combat."));
      if (x->reload > 0)
        return illegal (error, g_dngettext (GETTEXT_PACKAGE, "%s's crossbow needs %d more turn of reloading (option e).",
                                            "%s's crossbow needs %d more turns of reloading (option e).", x->reload),
                        name, x->reload);
      break;
    case O_I:
      if (x->ready < 0 || is_missile (rs, x->ready))
        return illegal (error, _("%s may not defend without a non-missile weapon ready to parry with."), name);
      break;
    case O_K:
      if (w < 0 || !carries (x, w) || is_missile (rs, w))
        return illegal (error, _("Option k readies a non-missile weapon %s carries: say which."), name);
      break;
    case O_E:
      if (w >= 0 && !carries (x, w) && !(pick_up && dropped_find (st, w) >= 0))
        return illegal (error, _("%s does not carry a %s, and none lies on the ground to pick up."), name,
                        _(rs->weapons[w].name));
      if (pick_up && w < 0)
        return illegal (error, _("Name the weapon %s picks up."), name);
      if (shield < 2 && x->shield < 0)
        return illegal (error, _("%s has no shield to ready or sling."), name);
      if (shield == 0 && (w >= 0 ? w : x->ready) >= 0 && rs->weapons[w >= 0 ? w : x->ready].two_handed)
        return illegal (error, _("%s cannot ready the shield with a two-handed weapon ready: the shield stays slung."), name);
      if (w >= 0 && down (x) && !rs->weapons[w].crossbow)
        return illegal (error, _("No weapon but a crossbow may be readied by a prone or kneeling figure."));
      if (w >= 0 && !carries (x, w))
        {
          gint tmp[TFT_MAX_CARRY + 1];
          memcpy (tmp, x->carried, sizeof (gint) * x->n_carried);
          tmp[x->n_carried] = w;
          if (x->n_carried + 1 > TFT_MAX_CARRY ||
              !tft_check_gear (rs, name, fig_of (st, x)->kind, fig_of (st, x)->st, tmp, x->n_carried + 1, x->shield, w, error))
            return FALSE;
        }
      break;
    case O_O:
      if (w < 0 || dropped_find (st, w) < 0)
        return illegal (error, _("Option o picks up a weapon lying in the hex: say which."));
      break;
    case O_Q:
      if (carried_dagger (st, x) < 0 || x->ready == carried_dagger (st, x))
        return illegal (error, _("%s has no dagger to draw."), name);
      break;
    default:
      break;
    }

  option_take (st, x, o, w, shield, posture, (gint) moved, use_mg, engaged, events, text);
  option_fly (st, x, o, flying, events, text);
  return TRUE;
}

/* ---------------------------------------------------------------- the attack order */

static gboolean
acts_in_order (guint o)
{
  return is_attack_option (o) || o == O_Q || o == O_R;
}

/* 2 for a bow's second arrow, which comes after every first attack (p. 7); the main-gauche's
 * second attack is made with the first, at the figure's place. */
static guint
slot_wave (const TftFight *fg, const TftSlot *s)
{
  return s->attack == 2 && !fg->f[s->fi].use_mg ? 2 : 1;
}

static gint
slot_cmp (const TftFight *fg, const TftSlot *a, const TftSlot *b)
{
  if (slot_wave (fg, a) != slot_wave (fg, b))
    return (gint) slot_wave (fg, a) - (gint) slot_wave (fg, b);
  if (a->adj_dx != b->adj_dx)
    return b->adj_dx - a->adj_dx;
  if (fg->ties[a->fi] != fg->ties[b->fi])
    return fg->ties[b->fi] - fg->ties[a->fi];
  if (a->fi != b->fi)
    return (gint) a->fi - (gint) b->fi;
  return (gint) a->attack - (gint) b->attack;
}

/* After a tie roll among `group` (all of adjusted DX `adj` and the same tie rank), ranks every
 * first attack at that DX again by (old rank, this roll), densely from 1: the order is that of
 * the rolls in turn, and the ranks stay below the number of fighters however long the ties last. */
static void
rerank_ties (TftFight *fg, gint adj, const guint *group, const guint *v, guint ng)
{
  gint key[TFT_MAX_FIGHTERS];
  gboolean at[TFT_MAX_FIGHTERS] = { FALSE };

  for (guint a = 0; a < fg->n_order; a++)
    if (fg->order[a].attack == 1 && fg->order[a].adj_dx == adj)
      {
        guint fi = fg->order[a].fi;
        at[fi] = TRUE;
        key[fi] = fg->ties[fi] * 7;
        for (guint k = 0; k < ng; k++)
          if (group[k] == fi)
            key[fi] += (gint) v[k];
      }
  {
    gint rank[TFT_MAX_FIGHTERS];
    for (guint i = 0; i < fg->n; i++)
      if (at[i])
        {
          rank[i] = 1;
          for (guint j = 0; j < fg->n; j++)
            if (at[j] && key[j] < key[i])
              {
                gboolean seen = FALSE;  /* count distinct smaller keys */
                for (guint k = 0; k < j; k++)
                  if (at[k] && key[k] == key[j])
                    seen = TRUE;
                rank[i] += !seen;
              }
        }
    for (guint i = 0; i < fg->n; i++)
      if (at[i])
        fg->ties[i] = rank[i];
  }
}

static gboolean
do_attacks (TftState *st, json_object *j, TftRoller *r, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  g_autoptr(GString) missing = g_string_new (NULL);
  gint adj[TFT_MAX_FIGHTERS];
  gboolean tied_any;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error))
    return FALSE;
  if (fg == NULL)
    return illegal (error, _("No fight is in progress."));
  if (!refuse_when_over (st, error))
    return FALSE;
  if (fg->phase != PH_OPTIONS)
    return illegal (error, _("The attacks of this turn have already begun."));
  for (guint i = 0; i < fg->n; i++)
    if (able (st, &fg->f[i]) && fg->f[i].opt == OPT_UNSET)
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", fname (st, &fg->f[i]));
  if (missing->len)
    return illegal (error, _("Every figure chooses an option before the attacks; still to choose: %s."), missing->str);

  fg->n_order = 0;
  memset (fg->ties, 0, sizeof fg->ties);
  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      adj[i] = fighter_adj_dx (st, x);
      if (!able (st, x) || !acts_in_order (x->opt))
        continue;
      fg->order[fg->n_order++] = (TftSlot) { i, 1, adj[i], FALSE };
      if (x->use_mg)
        fg->order[fg->n_order++] = (TftSlot) { i, 2, adj[i], FALSE };
      else if (x->opt == O_F && is_missile (rs, x->ready) && rs->weapons[x->ready].two_shots_at &&
               adj[i] >= rs->weapons[x->ready].two_shots_at)
        fg->order[fg->n_order++] = (TftSlot) { i, 2, adj[i], FALSE };
    }
  /* Ties on adjusted DX: a die each, again among those still tied. */
  do
    {
      tied_any = FALSE;
      for (guint a = 0; a < fg->n_order; a++)
        {
          guint group[TFT_MAX_FIGHTERS], ng = 0;
          const TftSlot *s = &fg->order[a];
          gboolean first = TRUE;
          if (s->attack != 1)
            continue;
          for (guint b = 0; b < a; b++)
            if (fg->order[b].attack == 1 && fg->order[b].adj_dx == s->adj_dx && fg->ties[fg->order[b].fi] == fg->ties[s->fi])
              first = FALSE;
          if (!first)
            continue;
          for (guint b = a; b < fg->n_order; b++)
            if (fg->order[b].attack == 1 && fg->order[b].adj_dx == s->adj_dx && fg->ties[fg->order[b].fi] == fg->ties[s->fi])
              group[ng++] = fg->order[b].fi;
          if (ng < 2)
            continue;
          tied_any = TRUE;
          {
            guint v[TFT_MAX_FIGHTERS];
            json_object *e = mg_event_new ("tie", "figure", NULL);
            json_object *rolls = json_object_new_object ();
            if (!tft_roll (r, ng, 6, "tie", v, error))
              {
                json_object_put (e);
                json_object_put (rolls);
                return FALSE;
              }
            rerank_ties (fg, s->adj_dx, group, v, ng);
            for (guint k = 0; k < ng; k++)
              {
                json_object_object_add (rolls, fname (st, &fg->f[group[k]]), json_object_new_int (v[k]));
                g_string_append_printf (text, _("%s rolls %u for the tie. "), fname (st, &fg->f[group[k]]), v[k]);
              }
            json_object_object_add (e, "rolls", rolls);
            json_object_array_add (events, e);
          }
          break;
        }
    }
  while (tied_any);
  for (guint a = 1; a < fg->n_order; a++)
    for (guint b = a; b > 0 && slot_cmp (fg, &fg->order[b - 1], &fg->order[b]) > 0; b--)
      {
        TftSlot t = fg->order[b];
        fg->order[b] = fg->order[b - 1];
        fg->order[b - 1] = t;
      }
  fg->phase = fg->n_order ? PH_ATTACKS : PH_END;
  {
    json_object *e = mg_event_new ("order", "figure", NULL);
    json_object_object_add (e, "order", order_json (st));
    json_object_array_add (events, e);
  }
  if (fg->n_order == 0)
    g_string_append (text, _("Nobody attacks this turn."));
  else
    {
      g_string_append (text, _("Attack order:"));
      for (guint a = 0; a < fg->n_order; a++)
        g_string_append_printf (text, "%s %s (%d)", a ? "," : "", fname (st, &fg->f[fg->order[a].fi]), fg->order[a].adj_dx);
      g_string_append_c (text, '.');
    }
  return TRUE;
}

/* pass, draw_dagger, disengage: the next slot's figure acts without attacking. */
/* The slot actions that are not attacks: pass, or the die of option q or r. */
typedef enum { SLOT_PASS, SLOT_DRAW_DAGGER, SLOT_DISENGAGE } SlotAct;

static gboolean
do_slot_action (TftState *st, SlotAct kind, json_object *j, TftRoller *r, json_object *events, GString *text,
                GError **error)
{
  static const char * const known[] = { "type", "player", "figure", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  const char *name;
  gint xi, slot;
  TftFighter *x;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, &name, error))
    return FALSE;
  if ((xi = fighter_in_fight (st, name, error)) < 0)
    return FALSE;
  x = &fg->f[xi];
  if (fg->phase != PH_ATTACKS || (slot = next_slot (fg)) < 0)
    return illegal (error, _("It is not the time of the attacks."));
  if (fg->order[slot].fi != (guint) xi)
    return illegal (error, _("%s acts next; %s must wait for its turn."), fname (st, &fg->f[fg->order[slot].fi]), name);
  if (kind == SLOT_DRAW_DAGGER && x->opt != O_Q)
    return illegal (error, _("%s did not choose option q (draw dagger)."), name);
  if (kind == SLOT_DISENGAGE && x->opt != O_R)
    return illegal (error, _("%s did not choose option r (disengage from hand-to-hand)."), name);
  fg->order[slot].done = TRUE;
  if (kind == SLOT_PASS)
    {
      json_object_array_add (events, mg_event_new ("pass", "figure", name));
      g_string_append_printf (text, _("%s does not attack."), name);
      return TRUE;
    }
  {
    guint v;
    json_object *e = mg_event_new (kind == SLOT_DRAW_DAGGER ? "draw_dagger" : "disengage", "figure", name);
    gint need;
    if (!tft_roll (r, 1, 6, kind == SLOT_DRAW_DAGGER ? "draw_dagger" : "disengage", &v, error))
      {
        json_object_put (e);
        return FALSE;
      }
    if (kind == SLOT_DRAW_DAGGER)
      need = rs->draw_dagger_max;
    else
      {
        gint mine = fighter_adj_dx (st, x), foes = 0;
        gboolean superior = TRUE;
        for (guint i = 0; i < fg->n; i++)
          if ((x->hth >> i) & 1)
            {
              foes++;
              superior &= mine > fighter_adj_dx (st, &fg->f[i]);
            }
        need = superior && foes == 1 ? rs->diseng_sup_max : rs->diseng_max;
      }
    ev_int (e, "roll", v);
    json_object_object_add (e, "success", json_object_new_boolean ((gint) v <= need));
    json_object_array_add (events, e);
    if ((gint) v > need)
      g_string_append_printf (text, kind == SLOT_DRAW_DAGGER ? _("%s rolls %u and fails to draw the dagger.")
                                              : _("%s rolls %u and cannot break free."), name, v);
    else if (kind == SLOT_DRAW_DAGGER)
      {
        x->ready = carried_dagger (st, x);
        g_string_append_printf (text, _("%s rolls %u and draws the dagger."), name, v);
      }
    else
      {
        for (guint i = 0; i < fg->n; i++)
          if ((x->hth >> i) & 1)
            {
              fg->f[i].hth &= ~(G_GUINT64_CONSTANT (1) << xi);
              if (!fg->f[i].hth)
                fg->f[i].posture = P_FALLEN;
            }
        x->hth = 0;
        x->posture = P_STANDING;
        g_string_append_printf (text, _("%s rolls %u, breaks free and stands up."), name, v);
      }
  }
  return TRUE;
}

static gboolean
do_pass (TftState *st, json_object *j, TftRoller *r, json_object *events, GString *text, GError **error)
{
  return do_slot_action (st, SLOT_PASS, j, r, events, text, error);
}

static gboolean
do_draw_dagger (TftState *st, json_object *j, TftRoller *r, json_object *events, GString *text, GError **error)
{
  return do_slot_action (st, SLOT_DRAW_DAGGER, j, r, events, text, error);
}

static gboolean
do_disengage (TftState *st, json_object *j, TftRoller *r, json_object *events, GString *text, GError **error)
{
  return do_slot_action (st, SLOT_DISENGAGE, j, r, events, text, error);
}

/* ---------------------------------------------------------------- fights begin and end */

static gboolean
do_start_fight (TftState *st, json_object *j, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", "kind", "sides", NULL };
  const TftRuleset *rs = &st->rs;
  json_object *sides;
  guint kind;
  g_autoptr(TftFight) fg = NULL;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_choice (j, NULL, "kind", TFT_ACTION_ERR, kind_names, &kind, error) ||
      !(sides = mg_json_get_object (j, NULL, "sides", TFT_ACTION_ERR, error)))
    return FALSE;
  if (st->fight)
    return illegal (error, _("Fight %u is still in progress; end it first."), st->fight->number);
  fg = tft_fight_new ();
  fg->kind = kind;
  json_object_object_foreach (sides, side, members)
    {
      gsize n;
      if (fg->n_sides == TFT_MAX_SIDES)
        return illegal (error, _("At most %d sides."), TFT_MAX_SIDES);
      if (!mg_json_array (members, side, TFT_ACTION_ERR, 1, TFT_MAX_FIGHTERS, &n, error))
        return FALSE;
      /* counted at once, so tft_fight_free() frees the name when a member is refused */
      fg->sides[fg->n_sides++] = g_strdup (side);
      for (guint i = 0; i < n; i++)
        {
          const char *name;
          gint r;
          TftFighter *x;
          const TftFigure *f;
          if (!mg_json_string (json_object_array_get_idx (members, i), NULL, TFT_ACTION_ERR, &name, NULL))
            {
              g_autofree char *p = mg_json_path_index (side, i);   /* only to word the refusal */
              return mg_json_string (json_object_array_get_idx (members, i), p, TFT_ACTION_ERR, &name, error);
            }
          if ((r = tft_figure_find (st, name)) < 0)
            return illegal (error, _("There is no figure called \"%s\" on the roster."), name);
          f = g_ptr_array_index (st->roster, r);
          if (!f->alive)
            return illegal (error, _("%s is dead."), name);
          for (guint k = 0; k < fg->n; k++)
            if (fg->f[k].fig == (guint) r)
              return illegal (error, _("%s is named twice."), name);
          if (fg->n == TFT_MAX_FIGHTERS)
            return illegal (error, _("At most %d figures in a fight."), TFT_MAX_FIGHTERS);
          x = &fg->f[fg->n++];
          memset (x, 0, sizeof *x);
          x->mg_target = -1;
          x->fig = r;
          x->side = fg->n_sides - 1;
          memcpy (x->carried, f->weapons, sizeof (gint) * f->n_weapons);
          x->n_carried = f->n_weapons;
          x->shield = f->shield;
          x->ready = f->ready;
          x->shield_ready = f->shield_ready;
          x->opt = OPT_UNSET;
          if (kind == K_PRACTICE && is_missile (rs, x->ready))
            return illegal (error, _("No missile weapons in practice combat: %s's ready weapon is a %s."), name,
                            _(rs->weapons[x->ready].name));
        }
    }
  if (fg->n_sides < 2)
    return illegal (error, _("A fight needs at least two sides."));
  fg->number = st->fights + 1;
  fg->turn = 1;
  fg->phase = PH_OPTIONS;
  st->fights++;
  st->turn++;
  st->fight = g_steal_pointer (&fg);
  {
    json_object *e = mg_event_new ("fight_started", "figure", NULL);
    ev_int (e, "fight", st->fight->number);
    json_object_object_add (e, "kind", json_object_new_string (kind_names[kind]));
    json_object_array_add (events, e);
  }
  g_string_append_printf (text, _("Fight %u begins (%s):"), st->fight->number,
                          kind == K_DEATH ? _("to the death") : kind == K_ARENA ? _("arena") : _("practice"));
  for (guint s = 0; s < st->fight->n_sides; s++)
    {
      g_string_append_printf (text, "%s %s —", s ? ";" : "", st->fight->sides[s]);
      for (guint i = 0, k = 0; i < st->fight->n; i++)
        if (st->fight->f[i].side == s)
          g_string_append_printf (text, "%s %s", k++ ? "," : "", fname (st, &st->fight->f[i]));
    }
  g_string_append_c (text, '.');
  return TRUE;
}

static gint
side_find (const TftFight *fg, const char *name)
{
  for (guint s = 0; name && s < fg->n_sides; s++)
    if (strcmp (fg->sides[s], name) == 0)
      return (gint) s;
  return TFT_NONE;
}

static gboolean
do_initiative (TftState *st, json_object *j, TftRoller *r, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", "winner", "first", NULL };
  TftFight *fg = st->fight;
  const char *wn = NULL, *fn = NULL;
  gint w = TFT_NONE, first = TFT_NONE;
  gboolean live[TFT_MAX_SIDES];
  json_object *e;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_opt_string (j, NULL, "winner", TFT_ACTION_ERR, &wn, error) ||
      !mg_json_opt_string (j, NULL, "first", TFT_ACTION_ERR, &fn, error))
    return FALSE;
  if (fg == NULL)
    return illegal (error, _("No fight is in progress."));
  if (!refuse_when_over (st, error))
    return FALSE;
  if (fg->phase != PH_OPTIONS)
    return illegal (error, _("Initiative is rolled at the start of a turn."));
  if (fg->init_winner != TFT_NONE)
    return illegal (error, _("Initiative was already rolled this turn (%s won)."), fg->sides[fg->init_winner]);
  for (guint i = 0; i < fg->n; i++)
    if (fg->f[i].opt != OPT_UNSET)
      return illegal (error, _("Initiative is rolled before anyone chooses an option."));
  if (wn && (w = side_find (fg, wn)) < 0)
    return illegal (error, _("\"%s\" is not a side in this fight."), wn);
  if (fn && (first = side_find (fg, fn)) < 0)
    return illegal (error, _("\"%s\" is not a side in this fight."), fn);
  memset (fg->init_rolls, 0, sizeof fg->init_rolls);
  if (!wn)
    {
      guint left = fg->n_sides;
      for (guint s = 0; s < fg->n_sides; s++)
        live[s] = TRUE;
      while (left > 1)
        {
          guint v[TFT_MAX_SIDES], k = 0, best = 0;
          if (!tft_roll (r, left, 6, "initiative", v, error))
            return FALSE;
          for (guint s = 0; s < fg->n_sides; s++)
            if (live[s])
              best = MAX (best, v[k]), fg->init_rolls[s] = v[k++];
          left = 0;
          for (guint s = 0; s < fg->n_sides; s++)
            if (live[s] && (live[s] = (guint) fg->init_rolls[s] == best))
              left++, w = s;
        }
    }
  fg->init_winner = w;
  fg->init_first = fn ? first : w;
  e = mg_event_new ("initiative", "figure", NULL);
  json_object_object_add (e, "winner", json_object_new_string (fg->sides[w]));
  json_object_object_add (e, "first", json_object_new_string (fg->sides[fg->init_first]));
  json_object_array_add (events, e);
  g_string_append_printf (text, _("%s win the initiative"), fg->sides[w]);
  if (fg->init_first != w)
    g_string_append_printf (text, _(" and tell %s to move first."), fg->sides[fg->init_first]);
  else
    g_string_append (text, _(" and move first."));
  return TRUE;
}

static gboolean
do_flee (TftState *st, json_object *j, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", "figure", NULL };
  const char *name;
  gint xi;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_get_string (j, NULL, "figure", TFT_ACTION_ERR, &name, error))
    return FALSE;
  if ((xi = fighter_in_fight (st, name, error)) < 0)
    return FALSE;
  if (!able (st, &st->fight->f[xi]))
    return illegal (error, _("%s cannot run away now."), name);
  st->fight->f[xi].life = L_FLED;
  close_slots (st->fight, xi);
  after_slot (st);
  json_object_array_add (events, mg_event_new ("fled", "figure", name));
  g_string_append_printf (text, _("%s escapes through the door."), name);
  return TRUE;
}

static gboolean
do_end_turn (TftState *st, json_object *j, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", "retreats", NULL };
  TftFight *fg = st->fight;
  json_object *ret;
  gint last;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error))
    return FALSE;
  if (fg == NULL)
    return illegal (error, _("No fight is in progress."));
  /* a turn in which the last enemy fell still ends (it was fought); none after it */
  if (fg->phase == PH_OVER)
    return refuse_when_over (st, error);
  if (fg->phase == PH_OPTIONS)
    return illegal (error, _("The turn ends after the attacks (action \"attacks\" first)."));
  if (next_slot (fg) >= 0)
    return illegal (error, _("%s has not acted yet this turn (attack, or pass)."),
                    fname (st, &fg->f[fg->order[next_slot (fg)].fi]));
  if ((ret = mg_json_member (j, "retreats")) != NULL)
    {
      if (!mg_json_array (ret, "retreats", TFT_ACTION_ERR, 0, TFT_MAX_FIGHTERS, NULL, error))
        return FALSE;
      for (guint i = 0; i < json_object_array_length (ret); i++)
        {
          json_object *it = json_object_array_get_idx (ret, i);
          const char *fn, *bn;
          gint yi, xi;
          if (!mg_json_get_string (it, NULL, "figure", TFT_ACTION_ERR, &fn, NULL) ||
              !mg_json_get_string (it, NULL, "by", TFT_ACTION_ERR, &bn, NULL))
            {
              g_autofree char *p = mg_json_path_index ("retreats", i);   /* only to word the refusal */
              return mg_json_get_string (it, p, "figure", TFT_ACTION_ERR, &fn, error) &&
                     mg_json_get_string (it, p, "by", TFT_ACTION_ERR, &bn, error);
            }
          if ((yi = fighter_find (st, fn)) < 0 || (xi = fighter_find (st, bn)) < 0)
            return illegal (error, _("%s is not in this fight."), yi < 0 ? fn : bn);
          if (!((fg->f[xi].inflicted >> yi) & 1))
            return illegal (error, _("%s did not hit %s this turn with a hand weapon, so cannot force a retreat."), bn, fn);
          if (fg->f[xi].took_hits)
            return illegal (error, _("%s took hits this turn and cannot force a retreat."), bn);
          {
            json_object *e = mg_event_new ("retreat", "figure", fn);
            json_object_object_add (e, "by", json_object_new_string (bn));
            json_object_array_add (events, e);
            g_string_append_printf (text, _("%s forces %s back one hex. "), bn, fn);
          }
        }
    }
  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      x->hits_last_turn = x->hits_turn;
      x->hits_turn = 0;
      if (x->fell_now)
        x->fell_turn = fg->turn;
      x->fell_now = x->lost_attack = x->bending = x->took_hits = x->use_mg = FALSE;
      x->opt = OPT_UNSET;
      x->mg_target = -1;
      x->moved = 0;
      x->flying = FALSE;
      x->attacks_made = 0;
      x->inflicted = 0;
    }
  fg->n_order = 0;
  memset (fg->ties, 0, sizeof fg->ties);
  fg->init_winner = fg->init_first = TFT_NONE;
  memset (fg->init_rolls, 0, sizeof fg->init_rolls);
  fg->turn++;
  st->turn++;
  fg->phase = sides_able (st, &last) <= 1 ? PH_OVER : PH_OPTIONS;
  {
    json_object *e = mg_event_new ("turn_ended", "figure", NULL);
    ev_int (e, "fight_turn", fg->turn - 1);
    json_object_array_add (events, e);
  }
  g_string_append_printf (text, _("Turn %u of fight %u ends."), fg->turn - 1, fg->number);
  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *x = &fg->f[i];
      if (x->life == L_FIGHTING)
        g_string_append_printf (text, _(" %s: ST %d, adjusted DX %d next turn."), fname (st, x), st_now (st, x),
                                fighter_adj_dx (st, x));
    }
  if (fg->phase == PH_OVER)
    g_string_append (text, _(" One side is out: end the fight."));
  return TRUE;
}

static gdouble
side_average (const TftState *st, guint side, gboolean others)
{
  gint total = 0, n = 0;
  for (guint i = 0; i < st->fight->n; i++)
    if ((st->fight->f[i].side == side) != others)
      {
        const TftFigure *f = fig_of (st, &st->fight->f[i]);
        total += f->st + f->dx;
        n++;
      }
  return n ? (gdouble) total / n : 0;
}

/* fg->turn is the turn to come once end_turn has closed one: a turn counts as fought once
 * anything happened in it (initiative, an option, the attacks). */
static gboolean
turn_begun (const TftFight *fg)
{
  if (fg->phase == PH_ATTACKS || fg->phase == PH_END)
    return TRUE;
  if (fg->phase == PH_OVER)
    return FALSE;
  if (fg->init_winner != TFT_NONE)
    return TRUE;
  for (guint i = 0; i < fg->n; i++)
    if (fg->f[i].opt != OPT_UNSET)
      return TRUE;
  return FALSE;
}

static guint
turns_fought (const TftFight *fg)
{
  return turn_begun (fg) ? fg->turn : fg->turn - 1;
}

/* Takes one weapon w off a roster figure; the next weapon becomes ready if w was. */
static void
roster_lose_weapon (const TftRuleset *rs, TftFigure *f, gint w)
{
  tft_list_remove (f->weapons, &f->n_weapons, w);
  if (f->ready == w)
    {
      f->ready = f->n_weapons > 0 ? f->weapons[0] : TFT_NONE;
      if (f->ready >= 0 && rs->weapons[f->ready].two_handed)
        f->shield_ready = FALSE;
    }
}

static gboolean
do_end_fight (TftState *st, json_object *j, json_object *events, GString *text, GError **error)
{
  static const char * const known[] = { "type", "player", "slain", "abandon", NULL };
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  gboolean abandon = FALSE;
  json_object *slain, *e, *eps, *record;
  gint winner;
  guint live;

  if (!mg_json_only (j, NULL, TFT_ACTION_ERR, known, error) ||
      !mg_json_opt_bool (j, NULL, "abandon", TFT_ACTION_ERR, &abandon, error))
    return FALSE;
  if (fg == NULL)
    return illegal (error, _("No fight is in progress."));
  live = sides_able (st, &winner);
  if (live > 1 && !abandon)
    {
      g_autoptr(GString) who = g_string_new (NULL);
      for (guint i = 0; i < fg->n; i++)
        if (able (st, &fg->f[i]))
          g_string_append_printf (who, "%s%s (%s)", who->len ? ", " : "", fname (st, &fg->f[i]), fg->sides[fg->f[i].side]);
      return illegal (error, _("More than one side still has figures able to fight: %s."), who->str);
    }
  if ((slain = mg_json_member (j, "slain")) != NULL)
    {
      Along al[TFT_MAX_FIGHTERS];
      guint n;
      if (!parse_along (st, j, "slain", al, TFT_MAX_FIGHTERS, &n, error))
        return FALSE;
      if (fg->kind != K_DEATH && n > 0)
        return illegal (error, _("Unconscious figures may not be slain except in a combat to the death."));
      for (guint i = 0; i < n; i++)
        {
          if (fg->f[al[i].fi].life != L_UNCONSCIOUS)
            return illegal (error, _("%s is not lying unconscious."), fname (st, &fg->f[al[i].fi]));
          fg->f[al[i].fi].life = L_DEAD;
        }
    }
  if (live == 0 || abandon)
    winner = TFT_NONE;
  e = mg_event_new ("fight_ended", "figure", NULL);
  eps = json_object_new_object ();
  record = json_object_new_array ();
  ev_int (e, "fight", fg->number);
  json_object_object_add (e, "winner", winner >= 0 ? json_object_new_string (fg->sides[winner]) : NULL);
  if (abandon)
    g_string_append_printf (text, _("Fight %u is abandoned; nobody gains experience."), fg->number);
  else if (winner >= 0)
    g_string_append_printf (text, _("Fight %u is over: %s win."), fg->number, fg->sides[winner]);
  else
    g_string_append_printf (text, _("Fight %u is over: nobody is left standing."), fg->number);
  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      TftFigure *f = tft_figure_mut (st, x->fig);   /* this state's own: copies share figures */
      gboolean won = winner >= 0 && x->side == (guint) winner;
      gboolean alive = x->life != L_DEAD;
      gdouble own = side_average (st, x->side, FALSE), foe = side_average (st, x->side, TRUE);
      gint ep = 0;
      const char *result;
      json_object *h = json_object_new_object ();

      if (!abandon && alive)
        switch (fg->kind)
          {
          case K_DEATH:
            if (won && x->life != L_FLED)
              ep = foe - own > rs->ep_death_margin ? rs->ep_death_sup : rs->ep_death;
            break;
          case K_ARENA:
            if (won && x->life != L_FLED)
              ep = rs->ep_arena_win;
            else
              ep = x->life == L_FLED && x->hits == 0 ? rs->ep_arena_fled : rs->ep_arena_def;
            if (own <= foe - rs->ep_arena_margin)
              ep += rs->ep_arena_weak;
            break;
          case K_PRACTICE:
            if (x->life == L_FIGHTING && st_now (st, x) > rs->ep_practice_st)
              ep = rs->ep_practice;
            break;
          }
      result = abandon ? "abandoned" : !alive ? "killed" : x->life == L_FLED ? "fled" : won ? "won" : winner < 0 ? "draw" : "lost";
      f->ep = MAX (0, f->ep + ep);
      f->fights++;
      f->kills += x->kills;
      f->alive = alive;
      ev_int (eps, f->name, ep);
      json_object_object_add (h, "fight", json_object_new_int (fg->number));
      json_object_object_add (h, "kind", json_object_new_string (kind_names[fg->kind]));
      json_object_object_add (h, "side", json_object_new_string (fg->sides[x->side]));
      json_object_object_add (h, "result", json_object_new_string (result));
      json_object_object_add (h, "hits", json_object_new_int (x->hits));
      json_object_object_add (h, "ep", json_object_new_int (ep));
      json_object_object_add (h, "kills", json_object_new_int (x->kills));
      json_object_object_add (h, "turns", json_object_new_int (turns_fought (fg)));
      {
        /* The journal keeps every fight's record (the state only the latest few). */
        json_object *r = json_object_new_object ();
        json_object_object_add (r, "figure", json_object_new_string (f->name));
        json_object_object_foreach (h, k, v)
          json_object_object_add (r, k, json_object_get (v));
        json_object_array_add (record, r);
      }
      tft_history_add (f, "fight", st->turn, h);
      if (ep != 0)
        g_string_append_printf (text, _(" %s %+d EP (%d)."), f->name, ep, f->ep);
      else if (!alive)
        g_string_append_printf (text, _(" %s is dead."), f->name);
      for (guint k = 0; k < x->n_broken; k++)
        {
          roster_lose_weapon (rs, f, x->broken[k]);
          g_string_append_printf (text, _(" %s's %s stays broken (a new one is given with set_gear)."), f->name,
                                  _(rs->weapons[x->broken[k]].name));
        }
    }
  json_object_object_add (e, "ep", eps);
  json_object_object_add (e, "figures", record);
  json_object_array_add (events, e);
  tft_fight_free (fg);
  st->fight = NULL;
  st->turn++;
  return TRUE;
}

/* ---------------------------------------------------------------- dispatch */

/* The action vocabulary (docs/rules/tft.md): a handler that rolls takes the roller; `slot` marks
 * the actions that use up an entry of the attack order. */
typedef gboolean (*TftPlain)  (TftState *st, json_object *a, json_object *events, GString *text, GError **error);
typedef gboolean (*TftRolled) (TftState *st, json_object *a, TftRoller *r, json_object *events, GString *text,
                               GError **error);

static const struct {
  const char *type;
  TftPlain    plain;
  TftRolled   rolled;
  gboolean    slot;
} actions[] = {
  { "create_figure", tft_create_figure, NULL, FALSE },
  { "edit_figure", tft_edit_figure, NULL, FALSE },
  { "set_gear", tft_set_gear, NULL, FALSE },
  { "spend_ep", tft_spend_ep, NULL, FALSE },
  { "remove_figure", tft_remove_figure, NULL, FALSE },
  { "start_fight", do_start_fight, NULL, FALSE },
  { "initiative", NULL, do_initiative, FALSE },
  { "option", do_option, NULL, FALSE },
  { "attacks", NULL, do_attacks, FALSE },
  { "attack", NULL, do_attack, TRUE },
  { "pass", NULL, do_pass, TRUE },
  { "draw_dagger", NULL, do_draw_dagger, TRUE },
  { "disengage", NULL, do_disengage, TRUE },
  { "flee", do_flee, NULL, FALSE },
  { "end_turn", do_end_turn, NULL, FALSE },
  { "end_fight", do_end_fight, NULL, FALSE },
};

json_object *
tft_apply_roller (TftState *st, json_object *action, TftRoller *r, char **summary, GError **error)
{
  const char *names[G_N_ELEMENTS (actions) + 1];
  g_autoptr(json_object) plain = NULL;
  json_object *events;
  g_autoptr(GString) text = g_string_new (NULL);
  guint kind;
  gboolean ok;

  if (!json_object_is_type (action, json_type_object))
    {
      g_autofree char *got = mg_json_describe (action);
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("An action must be a JSON object with a \"type\", got %s"), got);
      return NULL;
    }
  /* legal_actions() marks a form's example with "template": it is not part of the action */
  if (mg_json_member (action, "template"))
    {
      plain = json_object_new_object ();
      json_object_object_foreach (action, k, v)
        if (strcmp (k, "template") != 0)
          json_object_object_add (plain, k, json_object_get (v));
      action = plain;
    }
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    names[i] = actions[i].type;
  names[G_N_ELEMENTS (actions)] = NULL;
  if (!mg_json_get_choice (action, NULL, "type", TFT_ACTION_ERR, names, &kind, error))
    return NULL;
  events = json_object_new_array ();
  if (actions[kind].rolled)
    ok = actions[kind].rolled (st, action, r, events, text, error);
  else
    ok = actions[kind].plain (st, action, events, text, error);
  if (ok && actions[kind].slot)
    after_slot (st);
  if (!ok)
    {
      json_object_put (events);
      return NULL;
    }
  if (summary)
    *summary = g_string_free (g_steal_pointer (&text), FALSE);
  return events;
}

/* Every action runs on a copy, which replaces the state only when it succeeds: a refusal
 * half-way (a die missing, an illegal target) leaves the state untouched. */
json_object *tft_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error);

json_object *
tft_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  TftState *st = (TftState *) state;
  TftState *copy = tft_state_copy (st);
  TftRoller r = { dice, 0, 0, 0, NULL };
  json_object *events = tft_apply_roller (copy, action, &r, summary, error);
  TftState tmp;

  if (events == NULL)
    {
      tft_state_free (copy);
      return NULL;
    }
  tmp = *st;
  *st = *copy;
  *copy = tmp;
  tft_state_free (copy);
  return events;
}

/* Validation needs no dice: it plays the action on a copy with dice that always show 1. */
gboolean tft_validate (const MgState *state, json_object *action, GError **error);

gboolean
tft_validate (const MgState *state, json_object *action, GError **error)
{
  g_autoptr(TftState) copy = tft_state_copy ((const TftState *) state);
  guint ones[256];
  g_autoptr(MgDice) dice = NULL;
  TftRoller r = { NULL, 0, 0, 0, NULL };
  g_autoptr(GError) local = NULL;
  json_object *events;

  for (guint i = 0; i < G_N_ELEMENTS (ones); i++)
    ones[i] = 1;
  dice = mg_dice_new_typed (ones, G_N_ELEMENTS (ones));
  r.dice = dice;
  events = tft_apply_roller (copy, action, &r, NULL, &local);
  if (events == NULL)
    {
      if (local->domain == MG_DICE_ERROR)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  json_object_put (events);
  return TRUE;
}

/* ---------------------------------------------------------------- pending, describe */

static const char *
seat_of (const TftState *st, const TftFighter *x)
{
  const char *owner = fig_of (st, x)->owner;
  return owner ? owner : "GM";
}

json_object *tft_pending (const MgState *state);

json_object *
tft_pending (const MgState *state)
{
  const TftState *st = (const TftState *) state;
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  json_object *o = json_object_new_object ();
  json_object *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);
  const char *phase;
  gint last;

  ev_int (o, "turn", st->turn);
  if (fg == NULL)
    {
      json_object *w = json_object_new_object ();
      json_object_object_add (w, "seat", json_object_new_string ("GM"));
      json_object_object_add (w, "for", json_object_new_string ("roster"));
      json_object_array_add (waiting, w);
      phase = "roster";
      g_string_append (text, _("Between fights: build and equip figures, or start a fight."));
    }
  else
    {
      ev_int (o, "fight", fg->number);
      ev_int (o, "fight_turn", fg->turn);
      phase = phase_names[fg->phase];
      if (sides_able (st, &last) <= 1)
        {
          json_object *w = json_object_new_object ();
          json_object_object_add (w, "seat", json_object_new_string ("GM"));
          json_object_object_add (w, "for", json_object_new_string ("end_fight"));
          json_object_array_add (waiting, w);
          phase = "over";
          g_string_append_printf (text, _("One side is out of fight %u: end it to award experience."), fg->number);
        }
      else if (fg->phase == PH_OPTIONS)
        {
          gboolean all = TRUE;
          for (guint i = 0; i < fg->n; i++)
            {
              const TftFighter *x = &fg->f[i];
              json_object *w, *opts;
              guint open;
              if (!able (st, x) || x->opt != OPT_UNSET)
                continue;
              all = FALSE;
              w = json_object_new_object ();
              open = options_open (st, x, x->engaged);
              opts = json_object_new_array ();
              for (guint k = 0; k <= OPT_NONE; k++)
                if ((open >> k) & 1)
                  json_object_array_add (opts, json_object_new_string (option_names[k]));
              json_object_object_add (w, "seat", json_object_new_string (seat_of (st, x)));
              json_object_object_add (w, "for", json_object_new_string ("option"));
              json_object_object_add (w, "figure", json_object_new_string (fname (st, x)));
              json_object_object_add (w, "options", opts);
              ev_int (w, "max_move", tft_figure_ma (rs, fig_of (st, x)));
              json_object_array_add (waiting, w);
              g_string_append_printf (text, "%s%s", text->len ? ", " : _("Options to choose: "), fname (st, x));
            }
          if (all)
            {
              json_object *w = json_object_new_object ();
              json_object_object_add (w, "seat", json_object_new_string ("GM"));
              json_object_object_add (w, "for", json_object_new_string ("attacks"));
              json_object_array_add (waiting, w);
              g_string_append (text, _("Every figure has its option: on to the attacks."));
            }
          else
            g_string_append_c (text, '.');
        }
      else if (fg->phase == PH_ATTACKS && next_slot (fg) >= 0)
        {
          const TftSlot *s = &fg->order[next_slot (fg)];
          const TftFighter *x = &fg->f[s->fi];
          json_object *w = json_object_new_object ();
          const char *what = x->opt == O_Q ? "draw_dagger" : x->opt == O_R ? "disengage" : "attack";
          gint weapon = x->use_mg && s->attack == 2 ? carried_mg (st, x) : x->ready;
          json_object_object_add (w, "seat", json_object_new_string (seat_of (st, x)));
          json_object_object_add (w, "for", json_object_new_string (what));
          json_object_object_add (w, "figure", json_object_new_string (fname (st, x)));
          ev_int (w, "attack", s->attack);
          ev_int (w, "adj_dx", s->adj_dx);
          json_object_object_add (w, "weapon", weapon >= 0 ? json_object_new_string (rs->weapons[weapon].id) : NULL);
          if (strcmp (what, "attack") == 0)
            {
              json_object *d = json_object_new_object ();
              gint dice, adds;
              g_autofree char *dm = NULL;
              tft_figure_damage (rs, fig_of (st, x), weapon, FALSE, &dice, &adds);
              dm = tft_damage_text (dice, adds);
              json_object *by = json_object_new_object ();
              Attack probe = { .fi = s->fi, .weapon = weapon, .mode = x->opt == O_M || x->opt == O_P ? M_HTH : M_WEAPON };
              /* to_hit: the usual 3 before the target is named; to_hit_by_target: the truth for each
               * enemy able to be attacked (4 against one defending or dodging) */
              for (guint i = 0; i < fg->n; i++)
                if (enemies (x, &fg->f[i]) && fg->f[i].life == L_FIGHTING)
                  {
                    gint nd;
                    attack_dx (st, &probe, &fg->f[i], 0, 0, TRUE, &nd);
                    ev_int (by, fname (st, &fg->f[i]), nd);
                  }
              ev_int (d, "to_hit", 3);
              json_object_object_add (d, "to_hit_by_target", by);
              json_object_object_add (d, "damage", json_object_new_string (dm));
              json_object_object_add (w, "dice", d);
              g_string_append_printf (text, _("%s attacks (adjusted DX %d)."), fname (st, x), s->adj_dx);
            }
          else
            g_string_append_printf (text, _("%s rolls one die (%s)."), fname (st, x), what);
          json_object_array_add (waiting, w);
        }
      else
        {
          json_object *w = json_object_new_object ();
          json_object_object_add (w, "seat", json_object_new_string ("GM"));
          json_object_object_add (w, "for", json_object_new_string ("end_turn"));
          json_object_array_add (waiting, w);
          g_string_append_printf (text, _("Turn %u's attacks are done: end the turn."), fg->turn);
        }
      json_object_object_add (o, "order", order_json (st));
    }
  json_object_object_add (o, "phase", json_object_new_string (phase));
  json_object_object_add (o, "over", json_object_new_boolean (FALSE));
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

char *tft_fight_describe (const TftState *st);

char *
tft_fight_describe (const TftState *st)
{
  const TftFight *fg = st->fight;
  GString *s = g_string_new (NULL);

  /* Name the fight's own turn, and say whether it is under way or the next one. */
  if (turn_begun (fg))
    g_string_append_printf (s, _("Fight %u: turn %u under way."), fg->number, fg->turn);
  else if (fg->phase == PH_OVER)
    g_string_append_printf (s, _("Fight %u: turn %u is over; one side is out."), fg->number, fg->turn - 1);
  else if (fg->turn > 1)
    g_string_append_printf (s, _("Fight %u: turn %u is over; turn %u next."), fg->number, fg->turn - 1, fg->turn);
  else
    g_string_append_printf (s, _("Fight %u: turn 1 next."), fg->number);
  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *x = &fg->f[i];
      g_string_append_printf (s, _(" %s (%s): ST %d of %d, adjusted DX %d"), fname (st, x), fg->sides[x->side],
                              st_now (st, x), fig_of (st, x)->st, fighter_adj_dx (st, x));
      if (x->life != L_FIGHTING)
        g_string_append_printf (s, ", %s", _(life_names[x->life]));
      else if (x->posture != P_STANDING)
        g_string_append_printf (s, ", %s", _(posture_names[x->posture]));
      g_string_append_c (s, '.');
    }
  return g_string_free (s, FALSE);
}

/* ---------------------------------------------------------------- legal actions */

static json_object *
action_new (const char *type, const char *figure)
{
  json_object *a = json_object_new_object ();
  json_object_object_add (a, "type", json_object_new_string (type));
  if (figure)
    json_object_object_add (a, "figure", json_object_new_string (figure));
  return a;
}

/* Adds `a` (taken) when it is for `seat` and validate() accepts it. */
static void
offer (const TftState *st, json_object *list, const char *seat, const char *actor, json_object *a)
{
  if ((strcmp (seat, MG_SEAT_ALL) == 0 || strcmp (seat, actor) == 0) &&
      (json_object_get_boolean (mg_json_member (a, "template")) || tft_validate ((const MgState *) st, a, NULL)))
    json_object_array_add (list, a);
  else
    json_object_put (a);
}

/* Between fights: the GM's roster forms, and a fight between each pair of figures still alive. */
static void
legal_roster (const TftState *st, json_object *list, const char *seat)
{
  static const char * const kinds[] = { "death", "arena", "practice" };
  json_object *a = action_new ("create_figure", "New figure");
  guint alive = 0;

  json_object_object_add (a, "kind", json_object_new_string ("human"));
  json_object_object_add (a, "st", json_object_new_int (12));
  json_object_object_add (a, "dx", json_object_new_int (12));
  json_object_object_add (a, "template", json_object_new_boolean (TRUE));
  offer (st, list, seat, "GM", a);
  /* and, while fewer than two figures are alive to fight, a ready-made one under the first free
   * "Figure N", for each player in turn */
  for (guint i = 0; i < st->roster->len; i++)
    alive += ((const TftFigure *) g_ptr_array_index (st->roster, i))->alive;
  if (alive < 2)
    {
      guint n = 1, players = st->players ? g_strv_length (st->players) : 0;
      g_autofree char *name = NULL;
      do
        {
          g_free (name);
          name = g_strdup_printf (_("Figure %u"), n++);
        }
      while (tft_figure_find (st, name) >= 0);
      a = action_new ("create_figure", name);
      json_object_object_add (a, "kind", json_object_new_string ("human"));
      json_object_object_add (a, "st", json_object_new_int (12));
      json_object_object_add (a, "dx", json_object_new_int (12));
      {
        json_object *w = json_object_new_array ();
        json_object_array_add (w, json_object_new_string ("broadsword"));
        json_object_object_add (a, "weapons", w);
      }
      if (players > 0)
        json_object_object_add (a, "owner", json_object_new_string (st->players[st->roster->len % players]));
      offer (st, list, seat, "GM", a);
    }
  for (guint i = 0; i < st->roster->len; i++)
    {
      const TftFigure *f = g_ptr_array_index (st->roster, i);
      static const char * const forms[] = { "edit_figure", "set_gear", NULL };
      if (!f->alive)
        continue;
      for (guint k = 0; forms[k]; k++)
        {
          a = action_new (forms[k], f->name);
          json_object_object_add (a, "template", json_object_new_boolean (TRUE));
          offer (st, list, seat, "GM", a);
        }
      a = action_new ("spend_ep", f->name);
      json_object_object_add (a, "attribute", json_object_new_string ("st"));
      offer (st, list, seat, "GM", a);
      a = action_new ("spend_ep", f->name);
      json_object_object_add (a, "attribute", json_object_new_string ("dx"));
      offer (st, list, seat, "GM", a);
      offer (st, list, seat, "GM", action_new ("remove_figure", f->name));
      for (guint j = i + 1; j < st->roster->len; j++)
        {
          const TftFigure *g = g_ptr_array_index (st->roster, j);
          if (!g->alive)
            continue;
          for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
            {
              json_object *sides = json_object_new_object (), *x = json_object_new_array (), *y = json_object_new_array ();
              a = action_new ("start_fight", NULL);
              json_object_array_add (x, json_object_new_string (f->name));
              json_object_array_add (y, json_object_new_string (g->name));
              json_object_object_add (sides, f->owner && g->owner && strcmp (f->owner, g->owner) != 0 ? f->owner : f->name, x);
              json_object_object_add (sides, f->owner && g->owner && strcmp (f->owner, g->owner) != 0 ? g->owner : g->name, y);
              json_object_object_add (a, "kind", json_object_new_string (kinds[k]));
              json_object_object_add (a, "sides", sides);
              offer (st, list, seat, "GM", a);
            }
        }
    }
}

/* The options open to fighter x now: every letter open, h to o engaged with each enemy when x is
 * not engaged yet, and the weapon a k, o or e names. */
static void
legal_options (const TftState *st, const TftFighter *x, json_object *list, const char *seat)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;
  const char *name = fname (st, x);
  guint open = options_open (st, x, x->engaged);

  for (guint o = 0; o <= OPT_NONE; o++)
    {
      json_object *a;
      if (!((open >> o) & 1))
        continue;
      if (o == O_K || o == O_E)
        {
          for (guint k = 0; k < x->n_carried; k++)
            {
              a = action_new ("option", name);
              json_object_object_add (a, "option", json_object_new_string (option_names[o]));
              json_object_object_add (a, "weapon", json_object_new_string (rs->weapons[x->carried[k]].id));
              offer (st, list, seat, seat_of (st, x), a);
            }
          if (o == O_K)
            continue;
        }
      if (o == O_O)
        {
          for (guint k = 0; k < fg->dropped->len; k++)
            {
              a = action_new ("option", name);
              json_object_object_add (a, "option", json_object_new_string ("o"));
              json_object_object_add (a, "weapon", json_object_new_string (
                rs->weapons[g_array_index (fg->dropped, TftDropped, k).weapon].id));
              offer (st, list, seat, seat_of (st, x), a);
            }
          continue;
        }
      a = action_new ("option", name);
      json_object_object_add (a, "option", json_object_new_string (option_names[o]));
      offer (st, list, seat, seat_of (st, x), a);
    }
  /* not engaged yet: closing with an enemy opens h to o (the model's attack, h, is listed) */
  if (!x->engaged && !x->hth && !down (x))
    for (guint i = 0; i < fg->n; i++)
      if (enemies (x, &fg->f[i]) && able (st, &fg->f[i]))
        {
          json_object *a = action_new ("option", name), *with = json_object_new_array ();
          json_object_array_add (with, json_object_new_string (fname (st, &fg->f[i])));
          json_object_object_add (a, "option", json_object_new_string ("h"));
          json_object_object_add (a, "engaged_with", with);
          offer (st, list, seat, seat_of (st, x), a);
        }
}

json_object *tft_legal_actions (const MgState *state, const char *seat);

json_object *
tft_legal_actions (const MgState *state, const char *seat)
{
  const TftState *st = (const TftState *) state;
  const TftFight *fg = st->fight;
  json_object *list = json_object_new_array ();
  gint last, slot;

  if (seat == NULL)
    seat = MG_SEAT_ALL;
  if (fg == NULL)
    {
      legal_roster (st, list, seat);
      return list;
    }
  if (sides_able (st, &last) <= 1)
    {
      offer (st, list, seat, "GM", action_new ("end_turn", NULL));
      offer (st, list, seat, "GM", action_new ("end_fight", NULL));
      return list;
    }
  if (fg->phase == PH_OPTIONS)
    {
      gboolean all = TRUE;
      offer (st, list, seat, "GM", action_new ("initiative", NULL));
      for (guint i = 0; i < fg->n; i++)
        if (able (st, &fg->f[i]) && fg->f[i].opt == OPT_UNSET)
          {
            all = FALSE;
            legal_options (st, &fg->f[i], list, seat);
          }
      if (all)
        offer (st, list, seat, "GM", action_new ("attacks", NULL));
    }
  else if (fg->phase == PH_ATTACKS && (slot = next_slot (fg)) >= 0)
    {
      const TftFighter *x = &fg->f[fg->order[slot].fi];
      const char *who = seat_of (st, x);
      for (guint i = 0; i < fg->n; i++)
        if (enemies (x, &fg->f[i]) && fg->f[i].life == L_FIGHTING)
          {
            json_object *a = action_new ("attack", fname (st, x));
            json_object_object_add (a, "target", json_object_new_string (fname (st, &fg->f[i])));
            offer (st, list, seat, who, a);
          }
      offer (st, list, seat, who, action_new ("pass", fname (st, x)));
      offer (st, list, seat, who, action_new ("draw_dagger", fname (st, x)));
      offer (st, list, seat, who, action_new ("disengage", fname (st, x)));
    }
  else
    offer (st, list, seat, "GM", action_new ("end_turn", NULL));
  for (guint i = 0; i < fg->n; i++)
    if (able (st, &fg->f[i]))
      offer (st, list, seat, seat_of (st, &fg->f[i]), action_new ("flee", fname (st, &fg->f[i])));
  {
    json_object *a = action_new ("end_fight", NULL);
    json_object_object_add (a, "abandon", json_object_new_boolean (TRUE));
    offer (st, list, seat, "GM", a);
  }
  return list;
}

/* ---------------------------------------------------------------- for the odds */

gboolean
tft_attack_plan (const TftState *st, json_object *action, TftAttackPlan *plan, GError **error)
{
  const TftRuleset *rs = &st->rs;
  Attack a;
  const TftFighter *x, *y;
  g_autoptr(json_object) clean = json_object_new_object ();

  if (!json_object_is_type (action, json_type_object))
    return tft_validate ((const MgState *) st, action, error);
  {
    json_object_object_foreach (action, k, v)
      if (strcmp (k, "dice") != 0)
        json_object_object_add (clean, k, json_object_get (v));
  }
  if (!tft_validate ((const MgState *) st, clean, error) ||
      !parse_attack (st, clean, &a, error))
    return FALSE;
  x = &st->fight->f[a.fi];
  y = &st->fight->f[a.ti];
  memset (plan, 0, sizeof *plan);
  plan->adj_dx = attack_dx (st, &a, y, a.hexes, a.megahexes, TRUE, &plan->ndice);
  if (a.mode == M_HTH)
    {
      TftFighter tmp = *x;
      tmp.hth |= G_GUINT64_CONSTANT (1) << a.ti;
      hth_damage (st, &tmp, &plan->dmg_dice, &plan->dmg_adds);
    }
  else
    tft_figure_damage (rs, fig_of (st, x), a.weapon, a.thrown, &plan->dmg_dice, &plan->dmg_adds);
  plan->mult = 1;
  if (a.weapon >= 0 && rs->weapons[a.weapon].cls == W_POLE && a.mode != M_HTH &&
      (x->opt == O_B || (y->opt == O_B && !a.thrown)))
    plan->mult = rs->pole_mult;
  plan->divisor = st->fight->kind == K_PRACTICE ? rs->practice_div : 1;
  plan->stops = stops_for (st, &a, y, a.mode == M_HTH);
  plan->no_damage = a.mode == M_RUSH;
  plan->missile = is_missile (rs, a.weapon);
  return TRUE;
}

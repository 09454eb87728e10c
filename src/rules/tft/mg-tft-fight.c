/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-fight.c — TFT Melee fights: fighter helpers, injuries, attacks by the 1977 text, the attack plan for the odds. */
#include "config.h"

#include <string.h>

#include "mg-tft-arena.h"

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

TftFigure *
tft_fig_of (const TftState *st, const TftFighter *x)
{
  return g_ptr_array_index (st->roster, x->fig);
}

const char *
tft_fname (const TftState *st, const TftFighter *x)
{
  return tft_fig_of (st, x)->name;
}

gboolean
tft_fight_figure (const TftState *st, guint fig)
{
  for (guint i = 0; st->fight && i < st->fight->n; i++)
    if (st->fight->f[i].fig == fig)
      return TRUE;
  return FALSE;
}

gint
tft_fighter_find (const TftState *st, const char *name)
{
  for (guint i = 0; name && st->fight && i < st->fight->n; i++)
    if (strcmp (tft_fname (st, &st->fight->f[i]), name) == 0)
      return (gint) i;
  return TFT_NONE;
}

gint
tft_st_now (const TftState *st, const TftFighter *x)
{
  return tft_fig_of (st, x)->st - x->hits;
}

const TftBeast *
tft_beast_of (const TftState *st, const TftFighter *x)
{
  return tft_beast (&st->rs, tft_fig_of (st, x)->kind);
}

gboolean
tft_able (const TftState *st, const TftFighter *x)
{
  return x->life == L_FIGHTING;
}

gboolean
tft_is_missile (const TftRuleset *rs, gint w)
{
  return w >= 0 && rs->weapons[w].cls == W_MISSILE;
}

gboolean
tft_down (const TftFighter *x)
{
  return x->posture == P_FALLEN || x->posture == P_PRONE || x->posture == P_KNEELING;
}

/* The first carried weapon that is a main-gauche (mg) or any dagger (!mg), or TFT_NONE. */
gint
tft_carried_small (const TftState *st, const TftFighter *x, gboolean mg)
{
  for (guint i = 0; i < x->n_carried; i++)
    if (mg ? st->rs.weapons[x->carried[i]].main_gauche : st->rs.weapons[x->carried[i]].dagger)
      return x->carried[i];
  return TFT_NONE;
}


gboolean
tft_carries (const TftFighter *x, gint w)
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
  return tft_carried_mg (st, x) >= 0 && !(x->shield >= 0 && x->shield_ready) &&
         !(x->ready >= 0 && st->rs.weapons[x->ready].two_handed);
}

/* Adjusted DX of x attacking with weapon w (thrown or not), before anything about the target or range. */
static gint
base_adj_dx (const TftState *st, const TftFighter *x, gint w, gboolean thrown, gboolean mg_weapon)
{
  const TftRuleset *rs = &st->rs;
  const TftFigure *f = tft_fig_of (st, x);
  const TftRace *r = tft_race (rs, f->kind);
  const TftBeast *b = tft_beast_of (st, x);
  gint wound = b && b->wound_hits ? b->wound_hits : rs->wound_hits;
  gint dx = f->dx + tft_gear_dx (rs, f->armor, x->shield, x->shield_ready, mg_in_use (st, x), mg_weapon);

  if (x->hits_last_turn >= wound)
    dx += rs->wound_dx;
  if (tft_st_now (st, x) <= rs->weak_st)
    dx += rs->weak_dx;
  if (r && tft_shot (rs, w, thrown))
    dx += r->missile_dx;
  if (w >= 0 && rs->weapons[w].crossbow && x->posture == P_PRONE)
    dx += rs->dx_prone_xbow;
  return dx;
}

gint
tft_fighter_adj_dx (const TftState *st, const TftFighter *x)
{
  return base_adj_dx (st, x, x->ready, FALSE, x->use_mg);
}

/* ---------------------------------------------------------------- helpers for actions */

/* The index of the named figure in the fight in progress, or TFT_NONE with the reason. */
gint
tft_fighter_in_fight (const TftState *st, const char *name, GError **error)
{
  gint xi;

  if (st->fight == NULL)
    return mg_illegal (error, N_("No fight is in progress.")), TFT_NONE;
  if ((xi = tft_fighter_find (st, name)) < 0)
    return mg_illegal (error, N_("%s is not in this fight."), name), TFT_NONE;
  return xi;
}

void
tft_ev_int (json_object *e, const char *key, gint v)
{
  json_object_object_add (e, key, json_object_new_int (v));
}

void
tft_drop_weapon_at (TftState *st, TftFighter *x, gint w, gint h)
{
  TftDropped d = { w, g_strdup (tft_fname (st, x)), st->fight->arena >= 0 ? h : TFT_NONE };
  uncarry (x, w);
  g_array_append_val (st->fight->dropped, d);
}

void
tft_drop_weapon (TftState *st, TftFighter *x, gint w)
{
  tft_drop_weapon_at (st, x, w, x->hex);
}

gint
tft_dropped_find (const TftState *st, gint w, gint h)
{
  for (guint i = 0; i < st->fight->dropped->len; i++)
    {
      const TftDropped *d = &g_array_index (st->fight->dropped, TftDropped, i);
      if (d->weapon == w && (st->fight->arena < 0 || d->hex == h))
        return (gint) i;
    }
  return TFT_NONE;
}

void
tft_dropped_take (TftState *st, guint i)
{
  g_free (g_array_index (st->fight->dropped, TftDropped, i).owner);
  g_array_remove_index (st->fight->dropped, i);
}

void
tft_close_slots (TftFight *fg, guint fi)
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

gint
tft_next_slot (const TftFight *fg)
{
  for (guint i = 0; i < fg->n_order; i++)
    if (!fg->order[i].done)
      return (gint) i;
  return TFT_NONE;
}

guint
tft_sides_able (const TftState *st, gint *last)
{
  guint n = 0;
  *last = TFT_NONE;
  for (guint s = 0; s < st->fight->n_sides; s++)
    for (guint i = 0; i < st->fight->n; i++)
      if (st->fight->f[i].side == s && tft_able (st, &st->fight->f[i]))
        {
          n++;
          *last = s;
          break;
        }
  return n;
}

void
tft_after_slot (TftState *st)
{
  TftFight *fg = st->fight;
  if (fg->phase == PH_ATTACKS && tft_next_slot (fg) < 0)
    fg->phase = PH_END;
}

/* Hits past armor land on y. Injuries, falls and deaths follow the text; sentences go to text. */
static void
take_hits (TftState *st, TftFighter *x, TftFighter *y, gint hits, gboolean melee, json_object *events, MgSaid *text)
{
  const TftRuleset *rs = &st->rs;
  TftFight *fg = st->fight;
  const TftBeast *b = tft_beast_of (st, y);
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
  now = tft_st_now (st, y);
  if (now <= rs->dead_st)
    {
      y->life = L_DEAD;
      if (x)
        x->kills++;
      json_object_array_add (events, mg_event_new ("dead", "figure", tft_fname (st, y)));
      mg_said_add (text, N_(" %s is dead."), tft_fname (st, y));
    }
  else if (now <= rs->uncon_st)
    {
      y->life = L_UNCONSCIOUS;
      json_object_array_add (events, mg_event_new ("unconscious", "figure", tft_fname (st, y)));
      mg_said_add (text, N_(" %s falls unconscious."), tft_fname (st, y));
    }
  else if (fg->kind == K_PRACTICE && now <= rs->ep_practice_st)
    {
      y->life = L_OUT;
      json_object_array_add (events, mg_event_new ("out", "figure", tft_fname (st, y)));
      mg_said_add (text, N_(" %s drops out of the practice."), tft_fname (st, y));
    }
  if (y->life != L_FIGHTING)
    {
      if (y->posture != P_HTH)
        y->posture = P_FALLEN;
      tft_close_slots (fg, yi);
      return;
    }
  if (y->hits_turn >= fall && !y->fell_now)
    {
      y->fell_now = TRUE;
      if (y->posture != P_HTH)
        y->posture = P_FALLEN;
      json_object_array_add (events, mg_event_new ("fell", "figure", tft_fname (st, y)));
      if (has_open_slot (fg, yi))
        {
          y->lost_attack = TRUE;
          tft_close_slots (fg, yi);
          mg_said_add (text, N_(" %s falls down and loses this turn's attack."), tft_fname (st, y));
        }
      else
        mg_said_add (text, N_(" %s falls down."), tft_fname (st, y));
    }
}

/* ---------------------------------------------------------------- attacks */


gboolean
tft_is_attack_option (guint o)
{
  return o == O_B || o == O_F || o == O_H || o == O_J || o == O_M || o == O_P;
}

gboolean
tft_enemies (const TftFighter *x, const TftFighter *y)
{
  return x->side != y->side;
}

/* The adjusted DX of attack `a` against y at the given distance, and the dice to roll. */
gint
tft_attack_dx (const TftState *st, const Attack *a, const TftFighter *y, gint hexes, gint megahexes, gboolean target,
               gint *ndice)
{
  const TftRuleset *rs = &st->rs;
  const TftFighter *x = &st->fight->f[a->fi];
  const TftBeast *yb = tft_beast_of (st, y);
  gboolean missile = tft_is_missile (rs, a->weapon);
  gint dx = base_adj_dx (st, x, a->weapon, a->thrown, x->use_mg);

  if (ndice)
    *ndice = 3;
  if (a->mode == M_HTH || y->posture == P_HTH)
    dx += rs->dx_rear;
  else if (!missile)
    {
      guint facing = a->facing;
      if (tft_down (y) || y->bending)
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
  const TftBeast *b = tft_beast_of (st, x);
  const TftFight *fg = st->fight;
  gint allies = 0, foe_st = 0, my_st = tft_fig_of (st, x)->st;

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
        foe_st += tft_fig_of (st, &fg->f[i])->st;
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
  const TftFigure *f = tft_fig_of (st, y);
  const TftBeast *b = tft_beast_of (st, y);
  gboolean missile = a && tft_is_missile (rs, a->weapon);
  guint facing = a ? a->facing : 0;
  gint s = (f->armor >= 0 ? rs->armor[f->armor].stops : 0) + (b ? b->armor : 0);

  if (hth || y->posture == P_HTH)
    return s;
  if (tft_down (y) || y->bending)
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
           json_object *e, json_object *events, MgSaid *text, GError **error)
{
  const TftRuleset *rs = &st->rs;
  gint dice, adds, total, stops, hits;
  guint v[64];
  json_object *d = json_object_new_object ();

  if (hth)
    hth_damage (st, x, &dice, &adds);
  else
    tft_figure_damage (rs, tft_fig_of (st, x), a ? a->weapon : x->ready, a && a->thrown, &dice, &adds);
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
  tft_ev_int (d, "roll", sum (v, dice));
  tft_ev_int (d, "adds", adds);
  tft_ev_int (d, "multiplier", mult);
  tft_ev_int (d, "total", total);
  tft_ev_int (d, "stopped", MIN (stops, total));
  tft_ev_int (d, "hits", hits);
  json_object_object_add (e, "damage", d);
  mg_said_add (text, N_(" for %d"), total);
  if (stops > 0 && total > 0)
    {
      if (hits == 0)
        mg_said_add (text, N_("; %s's armor stops it all"), tft_fname (st, y));
      else
        mg_said_add (text, N_("; armor stops %d and %s takes %d"), MIN (stops, total), tft_fname (st, y), hits);
    }
  else if (hits > 0)
    mg_said_add (text, N_("; %s takes %d"), tft_fname (st, y), hits);
  if (hits > 0 && tft_st_now (st, y) - hits > rs->uncon_st)
    mg_said_add (text, N_(" (%d ST left)"), tft_st_now (st, y) - hits);
  tft_say_text (text, ".");
  take_hits (st, x, y, hits, !tft_is_missile (rs, a ? a->weapon : x->ready) && !(a && a->thrown), events, text);
  tft_ev_int (e, "st_left", tft_st_now (st, y));
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

gboolean
tft_parse_along (const TftState *st, json_object *a, const char *key, Along *out, guint max, guint *n, GError **error)
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
      if ((out[i].fi = tft_fighter_find (st, name)) < 0)
        return mg_illegal (error, N_("%s is not in this fight."), name);
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
  a->land = TFT_NONE;
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
  if (!tft_parse_along (st, j, "in_the_way", a->way, 8, &a->n_way, error) ||
      !tft_parse_along (st, j, "beyond", a->beyond, 8, &a->n_beyond, error) ||
      !tft_parse_along (st, j, "pile", a->beyond + a->n_beyond, 8, &n2, error))
    return FALSE;
  *pile = a->n_beyond;
  a->n_beyond += n2;
  return TRUE;
}

/* The weapon of an attack (named, or the ready one; the main-gauche for the second attack of a
 * main-gauche turn; a dagger or bare hands hand to hand) and whether x may use it on y now. */
static gboolean
attack_weapon_ok (const TftState *st, Attack *a, const TftFighter *x, const TftFighter *y, const TftSlot *s,
                  const char *xn, const char *tn, const char *wn, GError **error)
{
  const TftRuleset *rs = &st->rs;
  const TftFight *fg = st->fight;

  if (wn != NULL)
    {
      const TftBeast *b = tft_beast_of (st, x);
      if (b && b->has_attack && strcmp (wn, b->attack_id) == 0)
        a->weapon = TFT_NONE;
      else if ((a->weapon = tft_weapon_find (rs, wn)) < 0)
        return mg_illegal (error, N_("There is no weapon \"%s\" in the ruleset."), wn);
      else if (!tft_carries (x, a->weapon))
        return mg_illegal (error, N_("%s does not carry a %s."), xn, mg_message_word (rs->weapons[a->weapon].name));
    }
  else
    a->weapon = (x->use_mg && s->attack == 2) ? tft_carried_mg (st, x) : x->ready;
  a->mg_attack = x->use_mg && a->weapon >= 0 && rs->weapons[a->weapon].main_gauche;
  if (a->mode != M_WEAPON || x->opt == O_M || x->opt == O_P)
    {
      if (x->opt == O_M || x->opt == O_P)
        a->mode = a->mode == M_RUSH ? M_RUSH : M_HTH;
      if (a->mode == M_HTH)
        a->weapon = x->ready >= 0 && rs->weapons[x->ready].dagger ? x->ready : TFT_NONE;
    }
  if (a->weapon >= 0 && a->weapon != x->ready && !a->mg_attack && a->mode == M_WEAPON)
    return mg_illegal (error, N_("%s's %s is not ready; readying a weapon takes a turn (options e, k, o)."), xn,
                    mg_message_word (rs->weapons[a->weapon].name));
  if (a->weapon < 0 && a->mode == M_WEAPON && !(tft_beast_of (st, x) && tft_beast_of (st, x)->has_attack))
    return mg_illegal (error, N_("%s has no weapon ready; it can only attack hand to hand."), xn);
  if (x->opt == O_P && !((x->hth >> a->ti) & 1))
    return mg_illegal (error, N_("%s is not in hand-to-hand combat with %s."), xn, tn);
  if (x->opt == O_M && a->mode != M_HTH)
    return mg_illegal (error, N_("Option m is a hand-to-hand attack."));
  if (a->mode == M_RUSH && !(x->shield >= 0 && x->shield_ready))
    return mg_illegal (error, N_("%s needs a ready shield for a shield rush."), xn);
  if (tft_is_missile (rs, a->weapon))
    {
      if (x->opt != O_F && x->opt != O_J)
        return mg_illegal (error, N_("%s may fire a missile weapon only with option f or j."), xn);
      if (fg->kind == K_PRACTICE)
        return mg_illegal (error, N_("No missile weapons in practice combat."));
      if (x->reload > 0)
        return mg_illegal (error, N_("%s's %s is not reloaded yet."), xn, mg_message_word (rs->weapons[a->weapon].name));
    }
  else if (x->opt == O_F || x->opt == O_J)
    return mg_illegal (error, N_("%s chose to fire a missile weapon this turn (option %s)."), xn, option_names[x->opt]);
  if (a->thrown && (a->weapon < 0 || !rs->weapons[a->weapon].thrown))
    return mg_illegal (error, N_("%s's %s cannot be thrown."), xn, a->weapon >= 0 ? mg_message_word (rs->weapons[a->weapon].name) : mg_message_word (N_("bare hands")));
  if (y->aloft && rs->fliers_out_of_reach && !tft_is_missile (rs, a->weapon) && !a->thrown)
    return mg_illegal (error, N_("%s is flying: only missile and thrown weapons reach it."), tn);
  if (a->mode == M_HTH && !(y->posture == P_HTH) && !((x->hth >> a->ti) & 1))
    {
      /* A flier that flew in this turn "may land ON you for HTH" (p. 19). */
      gboolean ok = tft_down (y) || a->because != 0 || x->flying ||
                    tft_figure_ma (rs, tft_fig_of (st, y)) < tft_figure_ma (rs, tft_fig_of (st, x));
      if (!ok)
        return mg_illegal (error, N_("%s may move onto %s's hex only if %s has its back to the wall, is down, has a lower MA, "
                                 "is jumped from the rear, or agrees (\"hth_because\")."), xn, tn, tn);
    }
  return TRUE;
}

static gboolean
parse_attack (const TftState *st, json_object *j, Attack *a, GError **error)
{
  const TftFight *fg = st->fight;
  const char *xn, *tn, *wn = NULL;
  const TftFighter *x, *y;
  const TftSlot *s;
  guint pile;

  if (!read_attack (st, j, a, &xn, &tn, &wn, &pile, error))
    return FALSE;

  if (fg == NULL)
    return mg_illegal (error, N_("No fight is in progress."));
  if (tft_fighter_find (st, xn) < 0)
    return mg_illegal (error, N_("%s is not in this fight."), xn);
  if (tft_fighter_find (st, tn) < 0)
    return mg_illegal (error, N_("%s is not in this fight."), tn);
  a->fi = tft_fighter_find (st, xn);
  a->ti = tft_fighter_find (st, tn);
  x = &fg->f[a->fi];
  y = &fg->f[a->ti];
  if (fg->phase == PH_OPTIONS)
    return mg_illegal (error, N_("Attacks come after every figure has chosen its option."));
  a->slot = tft_next_slot (fg);
  if (x->lost_attack)
    return mg_illegal (error, N_("%s fell this turn before attacking and loses the attack."), xn);
  if (a->slot < 0)
    return mg_illegal (error, N_("Every attack of this turn has been made; end the turn."));
  s = &fg->order[a->slot];
  if (s->fi != a->fi)
    {
      if (!tft_is_attack_option (x->opt))
        return mg_illegal (error, N_("%s did not choose an option with an attack this turn."), xn);
      if (x->lost_attack)
        return mg_illegal (error, N_("%s fell this turn before attacking and loses the attack."), xn);
      if (!has_open_slot (fg, a->fi))
        return mg_illegal (error, N_("%s has made every attack it has this turn."), xn);
      return mg_illegal (error, N_("%s attacks next (adjusted DX %d); %s must wait for its turn."),
                      tft_fname (st, &fg->f[s->fi]), s->adj_dx, xn);
    }
  if (!tft_is_attack_option (x->opt))
    return mg_illegal (error, N_("%s's option this turn (%s) is not an attack; it uses \"%s\"."), xn,
                    option_names[x->opt], x->opt == O_Q ? "draw_dagger" : "disengage");
  if (a->ti == a->fi)
    return mg_illegal (error, N_("%s cannot attack itself."), xn);
  if (!tft_enemies (x, y))
    return mg_illegal (error, N_("%s and %s are on the same side."), xn, tn);
  if (y->life == L_DEAD || y->life == L_FLED)
    return mg_illegal (error, N_("%s is no longer in the fight."), tn);
  if (y->life == L_UNCONSCIOUS && fg->kind != K_DEATH)
    return mg_illegal (error, N_("Unconscious figures may not be slain except in a combat to the death."));
  if (s->attack == 2 && x->use_mg && x->mg_target >= 0 && x->mg_target != (gint) a->ti &&
      fg->f[x->mg_target].life == L_FIGHTING)
    return mg_illegal (error, N_("Both attacks of a main-gauche turn go against the same enemy: %s."),
                    tft_fname (st, &fg->f[x->mg_target]));
  if (a->n_beyond > pile && x->posture == P_HTH)
    return mg_illegal (error, N_("Figures in hand-to-hand combat never hit their friends in the same brawl: no \"pile\" "
                             "for %s."), xn);
  /* Into a pile: "each other enemy in the HTH combat, and then each friend" (p. 17). */
  for (guint i = pile + 1; i < a->n_beyond; i++)
    for (guint k = i; k > pile && tft_enemies (x, &fg->f[a->beyond[k].fi]) && !tft_enemies (x, &fg->f[a->beyond[k - 1].fi]); k--)
      {
        Along t = a->beyond[k];
        a->beyond[k] = a->beyond[k - 1];
        a->beyond[k - 1] = t;
      }

  if (tft_board (st) && (a->mode == M_HTH || x->opt == O_M) && !tft_board_because (st, a, error))
    return FALSE;
  if (!attack_weapon_ok (st, a, x, y, s, xn, tn, wn, error))
    return FALSE;
  return !tft_board (st) || tft_board_attack (st, a, j, error);
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
            json_object *events, MgSaid *text, GError **error)
{
  TftFighter *x = &st->fight->f[a->fi], *z = &st->fight->f[al->fi];
  gboolean to_miss = !tft_enemies (x, z);
  gint dx = tft_attack_dx (st, a, z, al->hexes, al->megahexes, FALSE, NULL);
  gint total = roll_total (st, r, 3, to_miss ? "roll_to_miss" : "to_hit", error), mult;
  TftRoll res;
  json_object *e;

  if (total < 0)
    return FALSE;
  res = tft_roll_result (&st->rs, total, 3, dx, to_miss, &mult);
  e = mg_event_new ("line_of_fire", "figure", tft_fname (st, x));
  json_object_object_add (e, "at", json_object_new_string (tft_fname (st, z)));
  json_object_object_add (e, "rolling", json_object_new_string (to_miss ? "to_miss" : "to_hit"));
  tft_ev_int (e, "adj_dx", dx);
  tft_ev_int (e, "roll", total);
  json_object_object_add (e, "result", json_object_new_string (result_name (res)));
  *stop = res != R_MISS;
  mg_said_add (text, to_miss ? N_(" Rolling to miss %s: %d against %d") : N_(" Rolling for %s: %d against %d"),
                          tft_fname (st, z), total, dx);
  if (res == R_HIT)
    {
      mg_said_add (text, N_(", it hits %s"), tft_fname (st, z));
      if (!do_damage (st, r, a, x, z, mult, FALSE, e, events, text, error))
        {
          json_object_put (e);
          return FALSE;
        }
    }
  else if (res == R_MISS)
    mg_said_add (text, N_(", it flies past."));
  else
    {
      mg_said_add (text, res == R_DROP ? N_(", the weapon drops there.") : N_(", the weapon breaks."));
      /* "A roll of 17 or 18 on any target but the first breaks the ARROW but does not affect the
       * bow" (p. 15): every figure rolled for along the line is not the one aimed at. */
      if (!a->thrown && tft_is_missile (&st->rs, a->weapon))
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
hth_enter (TftState *st, TftRoller *r, Attack *a, TftFighter *x, TftFighter *y, json_object *events, MgSaid *text,
           GError **error)
{
  const TftRuleset *rs = &st->rs;
  json_object *e;

  if (x->ready >= 0 && !rs->weapons[x->ready].dagger)
    tft_drop_weapon (st, x, x->ready);
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
      e = mg_event_new ("hth", "figure", tft_fname (st, x));
      json_object_object_add (e, "target", json_object_new_string (tft_fname (st, y)));
      tft_ev_int (e, "roll", roll);
      json_object_object_add (e, "result", json_object_new_string (
        en == HTH_GRAPPLE ? "grapple" : en == HTH_GRAPPLE_DAGGER ? "grapple_dagger" : en == HTH_REPEL ? "repel" : "counter"));
      json_object_array_add (events, e);
      /* Translators: a figure (a man, a woman, a beast) leaps into its foe's hex; the foe rolls. */
      mg_said_add (text, N_("%s leaps on %s; %s rolls %d"), tft_fname (st, x), tft_fname (st, y),
                              tft_fname (st, y), roll);
      if (en == HTH_REPEL || en == HTH_COUNTER)
        {
          if (en == HTH_REPEL)
            {
              mg_said_add (text, N_(" and keeps %s off."), tft_fname (st, x));
              return 1;
            }
          mg_said_add (text, N_(" and strikes %s"), tft_fname (st, x));
          return do_damage (st, r, NULL, y, x, 1, FALSE, e, events, text, error) ? 1 : -1;
        }
      if (y->ready >= 0 && !rs->weapons[y->ready].dagger)
        tft_drop_weapon (st, y, y->ready);
      if (y->shield_ready)
        y->shield = TFT_NONE;
      if (en == HTH_GRAPPLE_DAGGER && tft_carried_dagger (st, y) >= 0)
        y->ready = tft_carried_dagger (st, y);
      mg_said_add (text, N_(": both go down in hand-to-hand combat."));
    }
  x->hth |= G_GUINT64_CONSTANT (1) << a->ti;
  y->hth |= G_GUINT64_CONSTANT (1) << a->fi;
  x->posture = y->posture = P_HTH;
  x->hex = y->hex;            /* onto the enemy's hex (p. 16) */
  a->weapon = x->ready >= 0 && rs->weapons[x->ready].has_hth ? x->ready : TFT_NONE;
  if (mg_said_length (text) > 0)
    tft_say_text (text, " ");
  return 0;
}

/* A shield rush that hit (docs/rules/tft.md): y, unless more than twice as strong, rolls against its adjusted
 * DX or falls; the save goes into the attack's event e. */
static gboolean
shield_rush (TftState *st, TftRoller *r, const TftFighter *x, TftFighter *y, json_object *e, MgSaid *text,
             GError **error)
{
  const TftRuleset *rs = &st->rs;
  const TftFigure *fx = tft_fig_of (st, x), *fy = tft_fig_of (st, y);
  gint sd, save, ydx;
  gboolean falls;

  mg_said_add (text, N_(" and rushes %s with the shield"), tft_fname (st, y));
  if (fy->st > rs->rush_ratio * fx->st)
    {
      mg_said_add (text, N_(", to no effect: %s is more than twice as strong."), tft_fname (st, y));
      return TRUE;
    }
  sd = fx->st >= fy->st ? rs->rush_dice : rs->rush_weak_dice;
  save = roll_total (st, r, sd, "save", error);
  ydx = base_adj_dx (st, y, y->ready, FALSE, FALSE);
  if (save < 0)
    return FALSE;
  falls = (sd == 3 && save >= rs->rush_fall3) || (sd == 2 && save >= rs->rush_fall2) || save > ydx;
  tft_ev_int (e, "save", save);
  /* Translators: the last %s is "falls" or "stays afoot" (the target of a shield rush). */
  mg_said_add (text, N_("; %s rolls %d on %d dice against %d and %s."), tft_fname (st, y), save, sd, ydx,
               /* Translators: a figure falls (verb), after a shield rush. */
               mg_message_word (falls ? N_("falls") : N_("stays afoot")));
  if (falls && y->posture == P_STANDING)
    y->posture = P_FALLEN;
  return TRUE;
}

gboolean
tft_do_attack (TftState *st, json_object *j, TftRoller *r, json_object *events, MgSaid *text, GError **error)
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
    {
      if (!roll_along (st, r, &a, &a.way[i], &stop, events, text, error))
        return FALSE;
      if (stop)
        a.land = fg->f[a.way[i].fi].hex;
    }
  if (stop)
    {
      /* "When a thrown weapon hits, it falls to the ground in that hex" (p. 14) */
      if (a.thrown && tft_carries (x, a.weapon))
        tft_drop_weapon_at (st, x, a.weapon, a.land);
      return TRUE;
    }

  dx = tft_attack_dx (st, &a, y, a.hexes, a.megahexes, TRUE, &n);
  if ((total = roll_total (st, r, n, "to_hit", error)) < 0)
    return FALSE;
  res = tft_roll_result (rs, total, n, dx, FALSE, &mult);
  e = mg_event_new ("attack", "figure", tft_fname (st, x));
  json_object_object_add (e, "target", json_object_new_string (tft_fname (st, y)));
  json_object_object_add (e, "weapon", a.weapon >= 0 ? json_object_new_string (rs->weapons[a.weapon].id) : NULL);
  json_object_object_add (e, "mode", json_object_new_string (mode_names[a.mode]));
  tft_ev_int (e, "adj_dx", dx);
  tft_ev_int (e, "dice", n);
  tft_ev_int (e, "roll", total);
  json_object_object_add (e, "result", json_object_new_string (result_name (res)));
  tft_ev_int (e, "multiplier", mult);
  /* after the rolls for those in the way (each said ending with its full stop), a new sentence */
  if (a.n_way > 0)
    tft_say_text (text, " ");
  if (n == 3)
    mg_said_add (text, N_("%s rolls %d against adjusted DX %d"), tft_fname (st, x), total, dx);
  else
    mg_said_add (text, N_("%s rolls %d on %d dice against adjusted DX %d"), tft_fname (st, x), total, n, dx);

  if (res == R_HIT && a.mode == M_RUSH)
    {
      if (!shield_rush (st, r, x, y, e, text, error))
        {
          json_object_put (e);
          return FALSE;
        }
    }
  else if (res == R_HIT)
    {
      mg_said_add (text, mult == 3 ? N_(" and hits %s, triple damage") : mult == 2 ? N_(" and hits %s, double damage")
                                              : N_(" and hits %s"), tft_fname (st, y));
      if (!do_damage (st, r, &a, x, y, mult, hth, e, events, text, error))
        {
          json_object_put (e);
          return FALSE;
        }
    }
  else
    {
      mg_said_add (text, N_(" and misses"));
      if (res == R_DROP && a.weapon >= 0)
        {
          mg_said_add (text, N_("; %s drops the %s"), tft_fname (st, x), mg_message_word (rs->weapons[a.weapon].name));
          /* "(A thrown weapon drops in the target hex instead.)" (p. 12) */
          tft_drop_weapon_at (st, x, a.weapon, a.thrown ? y->hex : x->hex);
        }
      else if (res == R_BREAK && a.weapon >= 0)
        {
          mg_said_add (text, N_("; %s's %s breaks"), tft_fname (st, x), mg_message_word (rs->weapons[a.weapon].name));
          break_weapon (x, a.weapon);
        }
      tft_say_text (text, ".");
    }
  json_object_array_add (events, e);

  /* A missed missile or thrown weapon flies on; a blow into a pile may land on another. */
  if (res != R_MISS)
    a.land = y->hex;
  if (res == R_MISS)
    for (guint i = 0; i < a.n_beyond && !stop; i++)
      {
        if (!roll_along (st, r, &a, &a.beyond[i], &stop, events, text, error))
          return FALSE;
        if (stop)
          a.land = fg->f[a.beyond[i].fi].hex;
      }
  if (a.thrown && tft_carries (x, a.weapon))
    tft_drop_weapon_at (st, x, a.weapon, a.land >= 0 ? a.land : y->hex);
  if (a.weapon >= 0 && rs->weapons[a.weapon].crossbow)
    x->reload = base_adj_dx (st, x, a.weapon, FALSE, FALSE) >= rs->weapons[a.weapon].fast_at
                ? rs->weapons[a.weapon].fast_reload : rs->weapons[a.weapon].reload;
  return TRUE;
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
    return mg_state_validate ((const MgState *) st, action, error);
  {
    json_object_object_foreach (action, k, v)
      if (strcmp (k, "dice") != 0)
        json_object_object_add (clean, k, json_object_get (v));
  }
  if (!mg_state_validate ((const MgState *) st, clean, error) ||
      !parse_attack (st, clean, &a, error))
    return FALSE;
  x = &st->fight->f[a.fi];
  y = &st->fight->f[a.ti];
  memset (plan, 0, sizeof *plan);
  plan->adj_dx = tft_attack_dx (st, &a, y, a.hexes, a.megahexes, TRUE, &plan->ndice);
  if (a.mode == M_HTH)
    {
      TftFighter tmp = *x;
      tmp.hth |= G_GUINT64_CONSTANT (1) << a.ti;
      hth_damage (st, &tmp, &plan->dmg_dice, &plan->dmg_adds);
    }
  else
    tft_figure_damage (rs, tft_fig_of (st, x), a.weapon, a.thrown, &plan->dmg_dice, &plan->dmg_adds);
  plan->mult = 1;
  if (a.weapon >= 0 && rs->weapons[a.weapon].cls == W_POLE && a.mode != M_HTH &&
      (x->opt == O_B || (y->opt == O_B && !a.thrown)))
    plan->mult = rs->pole_mult;
  plan->divisor = st->fight->kind == K_PRACTICE ? rs->practice_div : 1;
  plan->stops = stops_for (st, &a, y, a.mode == M_HTH);
  plan->no_damage = a.mode == M_RUSH;
  plan->missile = tft_is_missile (rs, a.weapon);
  return TRUE;
}

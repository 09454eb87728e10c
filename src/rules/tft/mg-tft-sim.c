/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-sim.c — the duel simulator's model played on plain structs: the same decisions, rules and
 * dice order as the engine playing the model action by action (mg-tft-odds.c), without JSON. */
#include "config.h"

#include <string.h>

#include "mg-tft-private.h"

/* ---------------------------------------------------------------- dice */

/* Dice for the model, in batches: from an MgDice (so a test can give the engine and the model the
 * same dice), or from the model's own seeded xoshiro256** (a model, not the table's dice: nothing
 * here is journaled, and the engine's apply never sees it). */
typedef struct {
  guint8  buf[512];
  guint   pos, len;
  MgDice *dice;
  guint64 s[4];
  guint64 drawn;
} SimDice;

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
xoshiro_next (guint64 *s)
{
  guint64 result = rotl (s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

static void
sim_dice_seed (SimDice *d, guint32 seed)
{
  guint64 z = seed;
  memset (d, 0, sizeof *d);
  for (guint i = 0; i < 4; i++)
    {
      /* splitmix64 spreads the 32-bit seed over the state */
      guint64 x = (z += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
      x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
      x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
      d->s[i] = x ^ (x >> 31);
    }
}

static void
sim_dice_refill (SimDice *d)
{
  d->pos = 0;
  d->len = sizeof d->buf;
  if (d->dice)
    {
      guint v[sizeof d->buf];
      /* a seeded MgDice never runs out; a typed one ends the run with what it had */
      if (!mg_dice_roll (d->dice, d->len, 6, NULL, v, NULL))
        {
          d->len = 0;
          while (mg_dice_roll (d->dice, 1, 6, NULL, v, NULL) && d->len < sizeof d->buf)
            d->buf[d->len++] = v[0];
          if (d->len == 0)
            d->buf[d->len++] = 1;
          return;
        }
      for (guint i = 0; i < d->len; i++)
        d->buf[i] = v[i];
      return;
    }
  for (guint i = 0; i < d->len; i += 2)
    {
      guint64 r = xoshiro_next (d->s);
      /* 32 bits times 6, top bits: bias below 2^-29 */
      d->buf[i] = 1 + (guint8) (((r & 0xFFFFFFFFu) * 6) >> 32);
      d->buf[i + 1] = 1 + (guint8) (((r >> 32) * 6) >> 32);
    }
}

static inline gint
die (SimDice *d)
{
  if (G_UNLIKELY (d->pos == d->len))
    sim_dice_refill (d);
  d->drawn++;
  return d->buf[d->pos++];
}

/* ---------------------------------------------------------------- the model */

enum { S_STANDING, S_FALLEN };
enum { OP_NONE, OP_H, OP_N, OP_O, OP_K };

typedef struct {
  /* from the roster, fixed */
  gint     st, dx, armor_stops, armor_dx;
  gint     shield_stops, shield_dx;   /* 0 without a shield */
  gboolean has_shield;
  gint     race_shot_dx;              /* the race's missile/thrown bonus, for a ready rock */
  gint     dmg_dice[64], dmg_adds[64];
} SimFigure;

typedef struct {
  const SimFigure *fig;
  gint     hits, hits_turn, hits_last_turn;
  gboolean fighting, fallen, fell_now, bending, shield_ready, slot_open;
  gint     carried[TFT_MAX_CARRY]; guint n_carried;
  gint     ready;
  guint    opt;
} SimFighter;

typedef struct {
  const TftRuleset *rs;
  SimFigure         fig[2];
  SimFighter        start[2];
  SimFighter        f[2];
  struct { gint weapon; guint owner; } dropped[2 * TFT_MAX_CARRY + 2];
  guint             n_dropped;
  SimDice          *d;
  /* tft_roll_result () on three dice, by total: an automatic result, or none */
  gboolean          is_auto[19];
  TftRoll           auto_res[19];
  gint              auto_mult[19];
} Sim;

/* The figures the model plays exactly as the engine does: races with a non-missile weapon ready
 * and no main-gauche (beasts, missiles and the main-gauche go through the engine). */
gboolean
tft_sim_supports (const TftState *st)
{
  const TftRuleset *rs = &st->rs;
  if (st->roster->len < 2)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    {
      const TftFigure *f = g_ptr_array_index (st->roster, i);
      if (tft_race (rs, f->kind) == NULL || (f->ready >= 0 && rs->weapons[f->ready].cls == W_MISSILE))
        return FALSE;
      for (guint k = 0; k < f->n_weapons; k++)
        if (rs->weapons[f->weapons[k]].main_gauche || f->weapons[k] >= 64)
          return FALSE;
    }
  return TRUE;
}

static void
sim_init (Sim *sim, const TftState *st)
{
  const TftRuleset *rs = &st->rs;
  memset (sim, 0, sizeof *sim);
  sim->rs = rs;
  for (guint t = 3; t <= 18; t++)
    {
      /* an adjusted DX of 2 hits only on an automatic hit, 19 misses only on an automatic miss */
      gint m2, m19;
      TftRoll r2 = tft_roll_result (rs, t, 3, 2, FALSE, &m2), r19 = tft_roll_result (rs, t, 3, 19, FALSE, &m19);
      sim->is_auto[t] = r2 == r19;
      sim->auto_res[t] = r2;
      sim->auto_mult[t] = m2;
    }
  for (guint i = 0; i < 2; i++)
    {
      const TftFigure *f = g_ptr_array_index (st->roster, i);
      const TftRace *r = tft_race (rs, f->kind);
      SimFigure *g = &sim->fig[i];
      SimFighter *x = &sim->start[i];
      g->st = f->st;
      g->dx = f->dx;
      g->armor_stops = f->armor >= 0 ? rs->armor[f->armor].stops : 0;
      g->armor_dx = tft_gear_dx (rs, f->armor, TFT_NONE, FALSE, FALSE, FALSE);
      g->has_shield = f->shield >= 0;
      g->shield_stops = g->has_shield ? rs->shields[f->shield].stops : 0;
      g->shield_dx = tft_gear_dx (rs, TFT_NONE, f->shield, TRUE, FALSE, FALSE);
      g->race_shot_dx = r ? r->missile_dx : 0;
      for (guint w = 0; w < rs->n_weapons && w < 64; w++)
        tft_figure_damage (rs, f, (gint) w, FALSE, &g->dmg_dice[w], &g->dmg_adds[w]);
      x->fig = g;
      x->fighting = TRUE;
      x->shield_ready = f->shield_ready;
      memcpy (x->carried, f->weapons, sizeof (gint) * f->n_weapons);
      x->n_carried = f->n_weapons;
      x->ready = f->ready;
    }
}

static void
sim_uncarry (SimFighter *x, gint w)
{
  tft_list_remove (x->carried, &x->n_carried, w);
  if (x->ready == w)
    x->ready = TFT_NONE;
}

/* base_adj_dx () of the ready weapon, held */
static inline gint
sim_adj_dx (const Sim *sim, const SimFighter *x)
{
  const TftRuleset *rs = sim->rs;
  const SimFigure *g = x->fig;
  gint dx = g->dx + g->armor_dx + (g->has_shield && x->shield_ready ? g->shield_dx : 0);
  if (x->hits_last_turn >= rs->wound_hits)
    dx += rs->wound_dx;
  if (g->st - x->hits <= rs->weak_st)
    dx += rs->weak_dx;
  if (x->ready >= 0 && rs->weapons[x->ready].cls == W_THROWN)
    dx += g->race_shot_dx;
  return dx;
}

/* model_option () and do_option (): stand up, pick up one's own dropped weapon, ready another
 * non-missile weapon, attack, or nothing. */
static void
sim_option (Sim *sim, guint i)
{
  const TftRuleset *rs = sim->rs;
  SimFighter *x = &sim->f[i];

  x->bending = FALSE;
  if (x->fallen)
    {
      x->opt = OP_N;
      x->fallen = FALSE;
      return;
    }
  if (x->ready >= 0)
    {
      x->opt = OP_H;
      return;
    }
  for (guint k = 0; k < sim->n_dropped; k++)
    if (sim->dropped[k].owner == i)
      {
        gint w = sim->dropped[k].weapon;
        /* the engine takes the first weapon of that kind on the ground, whoever dropped it */
        for (guint m = 0; m < sim->n_dropped; m++)
          if (sim->dropped[m].weapon == w)
            {
              memmove (&sim->dropped[m], &sim->dropped[m + 1], sizeof sim->dropped[0] * (sim->n_dropped - m - 1));
              sim->n_dropped--;
              break;
            }
        x->opt = OP_O;
        x->bending = TRUE;
        x->carried[x->n_carried++] = w;
        x->ready = w;
        if (rs->weapons[w].two_handed)
          x->shield_ready = FALSE;
        return;
      }
  for (guint k = 0; k < x->n_carried; k++)
    if (rs->weapons[x->carried[k]].cls != W_MISSILE)
      {
        x->opt = OP_K;
        x->ready = x->carried[k];
        if (rs->weapons[x->ready].two_handed)
          x->shield_ready = FALSE;
        return;
      }
  x->opt = OP_NONE;
}

/* take_hits () for the model's two figures in a fight to the death */
static inline void
sim_take_hits (const Sim *sim, SimFighter *y, gint hits)
{
  const TftRuleset *rs = sim->rs;
  gint now;

  if (hits <= 0)
    return;
  y->hits += hits;
  y->hits_turn += hits;
  now = y->fig->st - y->hits;
  if (now <= rs->uncon_st)  /* dead_st is lower still: either way out of the fight */
    {
      y->fighting = FALSE;
      y->fallen = TRUE;
      y->slot_open = FALSE;
      return;
    }
  if (y->hits_turn >= rs->fall_hits && !y->fell_now)
    {
      y->fell_now = TRUE;
      y->fallen = TRUE;
      y->slot_open = FALSE;
    }
}

/* do_attack () of the model's plain attack on the other figure, facing front */
static inline void
sim_attack (Sim *sim, guint xi)
{
  const TftRuleset *rs = sim->rs;
  SimFighter *x = &sim->f[xi], *y = &sim->f[1 - xi];
  gboolean behind = y->fallen || y->bending;
  gint w = x->ready, dx, total, mult;
  TftRoll res;

  x->slot_open = FALSE;
  dx = sim_adj_dx (sim, x) + (behind ? rs->dx_rear : 0);
  total = die (sim->d);
  total += die (sim->d);
  total += die (sim->d);
  if (sim->is_auto[total])
    {
      res = sim->auto_res[total];
      mult = sim->auto_mult[total];
    }
  else
    {
      res = total <= dx ? R_HIT : R_MISS;
      mult = 1;
    }
  if (res == R_HIT)
    {
      const SimFigure *g = x->fig, *h = y->fig;
      gint n = CLAMP (g->dmg_dice[w], 0, 60), sum = 0, stops = h->armor_stops, dmg;
      for (gint k = 0; k < n; k++)
        sum += die (sim->d);
      dmg = MAX (0, sum + g->dmg_adds[w]) * mult;
      /* stops_for (): a ready shield guards the front, a slung one the rear */
      if (h->has_shield && y->shield_ready && !behind)
        stops += h->shield_stops;
      else if (h->has_shield && !y->shield_ready && behind)
        stops += h->shield_stops;
      sim_take_hits (sim, y, dmg - stops);
    }
  else if (res == R_DROP)
    {
      sim_uncarry (x, w);
      sim->dropped[sim->n_dropped].weapon = w;
      sim->dropped[sim->n_dropped++].owner = xi;
    }
  else if (res == R_BREAK)
    sim_uncarry (x, w);
}

/* One fight of the model: 0 the first figure wins, 1 the second, 2 a draw (duel_once ()). */
static gint
sim_fight (Sim *sim)
{
  SimFighter *a = &sim->f[0], *b = &sim->f[1];

  sim->f[0] = sim->start[0];
  sim->f[1] = sim->start[1];
  sim->n_dropped = 0;
  for (guint turn = 0; turn < 100; turn++)
    {
      gint adj_a, adj_b;
      guint first;

      sim_option (sim, 0);
      sim_option (sim, 1);
      a->slot_open = a->opt == OP_H;
      b->slot_open = b->opt == OP_H;
      if (a->slot_open && b->slot_open)
        {
          /* attack order: adjusted DX, ties by a die each until they differ */
          adj_a = sim_adj_dx (sim, a);
          adj_b = sim_adj_dx (sim, b);
          if (adj_a != adj_b)
            first = adj_a > adj_b ? 0 : 1;
          else
            {
              gint va, vb;
              do
                {
                  va = die (sim->d);
                  vb = die (sim->d);
                }
              while (va == vb);
              first = va > vb ? 0 : 1;
            }
          sim_attack (sim, first);
          if (sim->f[1 - first].slot_open)
            sim_attack (sim, 1 - first);
        }
      else if (a->slot_open)
        sim_attack (sim, 0);
      else if (b->slot_open)
        sim_attack (sim, 1);
      if (!a->fighting || !b->fighting)
        return a->fighting ? 0 : b->fighting ? 1 : 2;
      /* end_turn () */
      for (guint i = 0; i < 2; i++)
        {
          SimFighter *x = &sim->f[i];
          x->hits_last_turn = x->hits_turn;
          x->hits_turn = 0;
          x->fell_now = FALSE;
        }
    }
  return 2;
}

/* Runs n fights of the model between roster figures 0 and 1 of st (tft_sim_supports () must hold),
 * with dice from `dice` when given, else from the model's own generator seeded by `seed`. */
void
tft_sim_run (const TftState *st, guint n, MgDice *dice, guint32 seed, MgTftDuelProgress progress,
             gpointer user_data, gint *cancel, MgTftDuelResult *result)
{
  Sim sim;
  SimDice d;

  sim_dice_seed (&d, seed);
  d.dice = dice;
  sim_init (&sim, st);
  sim.d = &d;
  memset (result, 0, sizeof *result);
  for (guint i = 0; i < n; i++)
    {
      if ((i & 255) == 0 && cancel && g_atomic_int_get (cancel))
        break;
      tft_duel_count (result, sim_fight (&sim));
      if (progress && (i + 1) % 4096 == 0)
        progress (i + 1, n, user_data);
    }
  result->dice = d.drawn;
  if (progress)
    progress (result->fights, n, user_data);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-reach.c — could the last player of the year still win? Reachability by path and gold.
 *
 * "The last player in winter does not take their turn if it is not possible to win." The cards
 * the player chose stay hidden, so the answer must hold for every choice of cards: the player is
 * skipped only when no choice of cards (Tax, Build, Move/Attack, as many as the season deals)
 * could win. For each choice the bound follows the map: which areas the player's knights can
 * ride to (never into mountains) and at what cost in attack gold, which areas its soldiers can
 * step or attack into, where the Build card may place units, which areas its catapults reach,
 * all paid from one purse (its gold, plus the tax if Tax is among the cards). It errs towards
 * "could win" (a unit leaving its area is not counted as losing it, a catapult may count twice),
 * so a player who can win is never skipped. */
#include "config.h"

#include <string.h>

#include "mg-lamame-private.h"

#define FAR  (G_MAXINT / 4)
#define PLAN_TAX   1
#define PLAN_BUILD 2
#define PLAN_MOVE  4

typedef struct {
  gint value, cost;
} Option;

typedef struct {
  const LmState *s;
  gint     seat, castle;
  gint     owner[LM_MAX_AREAS];   /* whose units stand there, -1 none */
  gint     cost[LM_MAX_AREAS];    /* attack gold to clear an enemy area (a castle: its garrison too) */
  gboolean covered[LM_MAX_AREAS]; /* one of the seat's catapults reaches it */
  gboolean spot[LM_MAX_AREAS];    /* the Build card may place a unit there */
  gint     fresh_areas;           /* empty areas next to the castle: a build there gains one */
  gint     clearable_areas;       /* and those an enemy holds: free once Move/Attack has cleared them */
  GArray  *groups;                /* of GArray of Option: one choice per unit, one purse */
} Reach;

static gboolean
enemy_castle (const Reach *r, guint a)
{
  gint c = r->s->map->areas[a].castle_of;
  return c >= 0 && c != r->seat;
}

static void
reach_init (Reach *r, const LmState *s, gint seat)
{
  const LmMap *map = s->map;
  const LmRuleset *rs = s->rs;

  memset (r, 0, sizeof *r);
  r->s = s;
  r->seat = seat;
  r->castle = -1;
  for (guint a = 0; a < map->n_areas; a++)
    {
      r->owner[a] = -1;
      for (guint k = 0; k < LM_N_KINDS && r->owner[a] < 0; k++)
        r->owner[a] = s->p.spot[a].owner[k];
      if (map->areas[a].castle_of == seat)
        r->castle = a;
    }
  /* A catapult fires range areas away (more from mountains), never into mountains. */
  for (guint c = 0; c < map->n_areas; c++)
    if (s->p.spot[c].owner[LM_CATAPULT] == seat)
      {
        gint range = rs->range_base + (map->areas[c].mountain ? rs->range_mountain_bonus : 0);
        for (guint a = 0; a < map->n_areas; a++)
          if (a != c && !map->areas[a].mountain && lm_map_distance (map, c, a) <= range)
            r->covered[a] = TRUE;
      }
  for (guint a = 0; a < map->n_areas; a++)
    {
      gint owner = r->owner[a], defenders = 0;
      if (owner >= 0 && owner != seat)
        {
          defenders = (s->p.spot[a].owner[LM_SOLDIER] >= 0) + (s->p.spot[a].owner[LM_KNIGHT] >= 0) +
                      (s->p.spot[a].owner[LM_CAMP] >= 0);
          if (r->covered[a])
            defenders = 0;     /* the catapult destroys them all */
        }
      if (enemy_castle (r, a))
        defenders = (r->covered[a] ? 0 : defenders) + 1;   /* the garrison always defends */
      r->cost[a] = defenders * rs->attack_gold_min;
      r->spot[a] = (gint) a == r->castle || owner == seat ||
                   (r->castle >= 0 && lm_map_adjacent (map, r->castle, a) && (owner < 0 || owner == seat) &&
                    map->areas[a].castle_of < 0);
      if (r->castle >= 0 && lm_map_adjacent (map, r->castle, a) && owner != seat && map->areas[a].castle_of < 0)
        {
          r->fresh_areas += owner < 0;
          r->clearable_areas++;
        }
    }
}

/* Gold a knight needs to reach each area from `src` (FAR: not a source), riding through empty
 * and own areas for free and clearing enemy areas on the way; never into mountains; an enemy
 * castle ends the ride (taking it ends the game). Dijkstra over at most 100 areas. */
static void
knight_gold (const Reach *r, const gint *src, gint *dist)
{
  const LmMap *map = r->s->map;
  gboolean done[LM_MAX_AREAS] = { 0 };

  memcpy (dist, src, map->n_areas * sizeof *dist);
  for (;;)
    {
      gint x = -1;
      for (guint a = 0; a < map->n_areas; a++)
        if (!done[a] && dist[a] < FAR && (x < 0 || dist[a] < dist[x]))
          x = a;
      if (x < 0)
        break;
      done[x] = TRUE;
      if (enemy_castle (r, x))
        continue;
      for (guint i = 0; i < map->areas[x].n_adj; i++)
        {
          guint y = map->areas[x].adj[i];
          gint step = r->owner[y] >= 0 && r->owner[y] != r->seat ? r->cost[y] : 0;
          if (enemy_castle (r, y))
            step = r->cost[y];
          if (!map->areas[y].mountain && dist[x] + step < dist[y])
            dist[y] = dist[x] + step;
        }
    }
}

static gint
cmp_int (gconstpointer a, gconstpointer b)
{
  return *(const gint *) a - *(const gint *) b;
}

static GArray *
group_new (void)
{
  GArray *g = g_array_new (FALSE, FALSE, sizeof (Option));
  Option none = { 0, 0 };
  g_array_append_val (g, none);
  return g;
}

static void
group_add (GArray *g, gint value, gint cost)
{
  Option o = { value, cost };
  if (cost < FAR)
    g_array_append_val (g, o);
}

/* One knight against rival `rival`, from the gold distances `dist`, after paying `extra` (a knight
 * built this turn) and gaining `base`: it may clear m of the rival's areas it reaches, cheapest
 * first, and end in the last (-m for the rival, +1 for the seat), or ride to any new area (+1). */
static void
knight_options (Reach *r, const gint *dist, gint rival, gint extra, gint base)
{
  const LmMap *map = r->s->map;
  GArray *g = group_new ();
  gint costs[LM_MAX_AREAS], n = 0, sum = 0, nearest = FAR;

  for (guint a = 0; a < map->n_areas; a++)
    {
      if (dist[a] >= FAR || enemy_castle (r, a) || map->areas[a].castle_of == r->seat || r->owner[a] == r->seat)
        continue;
      nearest = MIN (nearest, dist[a]);
      if (r->owner[a] == rival)
        costs[n++] = r->cost[a];
    }
  qsort (costs, n, sizeof *costs, cmp_int);
  group_add (g, base + 1, extra + nearest);
  for (gint m = 0; m < n; m++)
    {
      sum += costs[m];
      group_add (g, base + m + 2, extra + sum);
    }
  g_array_append_val (r->groups, g);
}

/* One soldier's single step from the areas `from` (a soldier built this turn: every build spot). */
static void
soldier_options (Reach *r, const gboolean *from, gint rival, gint extra, gint base)
{
  const LmMap *map = r->s->map;
  GArray *g = group_new ();

  for (guint x = 0; x < map->n_areas; x++)
    if (from[x])
      for (guint i = 0; i < map->areas[x].n_adj; i++)
        {
          guint y = map->areas[x].adj[i];
          if (enemy_castle (r, y) || map->areas[y].castle_of == r->seat || r->owner[y] == r->seat)
            continue;
          group_add (g, base + (r->owner[y] == rival ? 2 : 1), extra + (r->owner[y] >= 0 ? r->cost[y] : 0));
        }
  g_array_append_val (r->groups, g);
}

/* The most one purse of `gold` buys: one option of each group (a knapsack by groups). */
static gint
best_value (Reach *r, gint gold)
{
  gint cap = 0, budget, *dp, *next, best;

  for (guint i = 0; i < r->groups->len; i++)
    {
      GArray *g = g_array_index (r->groups, GArray *, i);
      gint most = 0;
      for (guint k = 0; k < g->len; k++)
        most = MAX (most, g_array_index (g, Option, k).cost);
      cap = MIN (cap + most, FAR);
    }
  budget = MAX (0, MIN (gold, cap));
  dp = g_new0 (gint, budget + 1);
  next = g_new0 (gint, budget + 1);
  for (guint i = 0; i < r->groups->len; i++)
    {
      GArray *g = g_array_index (r->groups, GArray *, i);
      memcpy (next, dp, (budget + 1) * sizeof *dp);
      for (guint k = 0; k < g->len; k++)
        {
          Option o = g_array_index (g, Option, k);
          for (gint b = o.cost; b <= budget; b++)
            next[b] = MAX (next[b], dp[b - o.cost] + o.value);
        }
      memcpy (dp, next, (budget + 1) * sizeof *dp);
    }
  best = dp[budget];
  g_free (dp);
  g_free (next);
  return best;
}

static void
groups_clear (Reach *r)
{
  if (r->groups == NULL)
    return;
  for (guint i = 0; i < r->groups->len; i++)
    g_array_unref (g_array_index (r->groups, GArray *, i));
  g_array_set_size (r->groups, 0);
}

/* With the cards of `plan` and `gold` to spend, could the seat take an enemy castle? */
static gboolean
castle_in_reach (Reach *r, guint plan, gint gold)
{
  const LmState *s = r->s;
  const LmMap *map = s->map;
  const LmPlayer *pl = &s->p.pl[r->seat];
  gint src[LM_MAX_AREAS], dist[LM_MAX_AREAS], built[LM_MAX_AREAS];
  gboolean build = (plan & PLAN_BUILD) && pl->supply[LM_KNIGHT] > 0;

  if (!(plan & PLAN_MOVE))
    return FALSE;
  for (guint a = 0; a < map->n_areas; a++)
    {
      src[a] = s->p.spot[a].owner[LM_KNIGHT] == r->seat ? 0 : FAR;
      built[a] = build && r->spot[a] && !map->areas[a].mountain ? s->rs->costs[LM_KNIGHT] : FAR;
    }
  knight_gold (r, src, dist);
  for (guint c = 0; c < map->n_areas; c++)
    if (enemy_castle (r, c) && dist[c] <= gold)
      return TRUE;
  knight_gold (r, built, dist);
  for (guint c = 0; c < map->n_areas; c++)
    if (enemy_castle (r, c) && dist[c] <= gold)
      return TRUE;
  for (guint c = 0; c < map->n_areas; c++)
    if (enemy_castle (r, c))
      for (guint i = 0; i < map->areas[c].n_adj; i++)
        {
          guint b = map->areas[c].adj[i];
          if (s->p.spot[b].owner[LM_SOLDIER] == r->seat && r->cost[c] <= gold)
            return TRUE;
          if ((plan & PLAN_BUILD) && pl->supply[LM_SOLDIER] > 0 && r->spot[b] &&
              s->rs->costs[LM_SOLDIER] + r->cost[c] <= gold)
            return TRUE;
        }
  return FALSE;
}

/* The most the seat can gain on `rival` (its own areas up, the rival's down) with `plan`. */
static gint
best_swing (Reach *r, guint plan, gint gold, gint rival)
{
  const LmState *s = r->s;
  const LmMap *map = s->map;
  const LmPlayer *pl = &s->p.pl[r->seat];
  gint swing = 0, src[LM_MAX_AREAS], dist[LM_MAX_AREAS];

  groups_clear (r);
  if (plan & PLAN_BUILD)
    {
      /* With Move/Attack first, an area next to the castle that it cleared may be built on too. */
      gint cheapest = FAR, total = 0, room = (plan & PLAN_MOVE) ? r->clearable_areas : r->fresh_areas;
      GArray *g = group_new ();
      for (guint k = 0; k < LM_N_KINDS; k++)
        if (pl->supply[k] > 0)
          {
            cheapest = MIN (cheapest, s->rs->costs[k]);
            total += pl->supply[k];
          }
      for (gint n = 1; n <= MIN (total, room); n++)
        group_add (g, n, n * cheapest);
      g_array_append_val (r->groups, g);
    }
  if (plan & PLAN_MOVE)
    {
      gint targets = 0, catapults = 0;
      for (guint a = 0; a < map->n_areas; a++)
        targets += r->covered[a] && r->owner[a] == rival && map->areas[a].castle_of < 0;
      for (guint a = 0; a < map->n_areas; a++)
        {
          gboolean here[LM_MAX_AREAS] = { 0 };
          catapults += s->p.spot[a].owner[LM_CATAPULT] == r->seat;
          if (s->p.spot[a].owner[LM_SOLDIER] == r->seat)
            {
              here[a] = TRUE;
              soldier_options (r, here, rival, 0, 0);
            }
          if (s->p.spot[a].owner[LM_KNIGHT] == r->seat)
            {
              for (guint b = 0; b < map->n_areas; b++)
                src[b] = b == a ? 0 : FAR;
              knight_gold (r, src, dist);
              knight_options (r, dist, rival, 0, 0);
            }
        }
      swing += MIN (targets, catapults);
    }
  if ((plan & PLAN_BUILD) && (plan & PLAN_MOVE))
    {
      /* A unit built first may move with the Move/Attack card (+1 if it was placed on a new area). */
      gint base = r->fresh_areas > 0;
      for (gint i = 0; i < pl->supply[LM_SOLDIER]; i++)
        soldier_options (r, r->spot, rival, s->rs->costs[LM_SOLDIER], base);
      for (guint b = 0; b < map->n_areas; b++)
        src[b] = r->spot[b] && !map->areas[b].mountain ? 0 : FAR;
      knight_gold (r, src, dist);
      for (gint i = 0; i < pl->supply[LM_KNIGHT]; i++)
        knight_options (r, dist, rival, s->rs->costs[LM_KNIGHT], base);
    }
  return swing + best_value (r, gold);
}

static gint
held (const Reach *r, gint seat)
{
  gint n = 0;
  for (guint a = 0; a < r->s->map->n_areas; a++)
    n += r->owner[a] == seat && r->s->map->areas[a].castle_of < 0;
  return n;
}

gboolean
lm_could_still_win (const LmState *s, gint seat)
{
  const LmPlay *p = &s->p;
  const LmRuleset *rs = s->rs;
  guint n_cards = rs->cards_per_season[rs->n_seasons - 1], plans[8], n_plans = 0;
  gint gold_max, camps = p->pl[seat].supply[LM_CAMP], mine;
  gboolean possible = TRUE;
  Reach r;

  /* A special ability's text is the referee's to apply ("Only knights and soldiers can move.
   * (Unless you have a special ability)"): the engine cannot tell what it allows, so its holder
   * is never skipped. */
  for (guint k = 0; k < rs->n_abilities; k++)
    if (p->ability_owner[k] == seat)
      return TRUE;
  reach_init (&r, s, seat);
  r.groups = g_array_new (FALSE, FALSE, sizeof (GArray *));
  for (guint plan = 1; plan < 8; plan++)
    if ((guint) ((plan & 1) + ((plan >> 1) & 1) + ((plan >> 2) & 1)) == n_cards)
      plans[n_plans++] = plan;
  for (guint i = 0; i < n_plans; i++)
    if (castle_in_reach (&r, plans[i], p->pl[seat].gold + ((plans[i] & PLAN_TAX) ? rs->tax : 0)))
      {
        g_array_unref (r.groups);
        return TRUE;
      }
  /* The most gold the seat could hold at the final count: no gold spent, every camp it has
   * built, every (+1) area. */
  gold_max = p->pl[seat].gold + rs->tax;
  for (guint a = 0; a < s->map->n_areas; a++)
    {
      camps += p->spot[a].owner[LM_CAMP] == seat;
      gold_max += s->map->areas[a].plus_one ? rs->income_plus_one : 0;
    }
  gold_max += camps * rs->income_camp;
  mine = held (&r, seat);
  for (guint i = 0; i < p->n && possible; i++)
    {
      gint need, best = -FAR;
      if ((gint) i == seat)
        continue;
      need = held (&r, i) - mine;   /* the swing that brings the seat level with this rival */
      for (guint k = 0; k < n_plans; k++)
        best = MAX (best, best_swing (&r, plans[k], p->pl[seat].gold + ((plans[k] & PLAN_TAX) ? rs->tax : 0), i));
      /* Level on areas: gold decides, then the turn order, where the last player comes last. */
      possible = best > need || (best == need && gold_max > p->pl[i].gold);
    }
  groups_clear (&r);
  g_array_unref (r.groups);
  return possible;
}

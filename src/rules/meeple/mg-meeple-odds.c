/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-odds.c — exact win/draw/loss counts for each reveal a player can make. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-meeple-private.h"

gint
mg_meeple_resolve (guint n_faces, const guint *leads, const guint *a, const guint *b, guint *on)
{
  for (guint f = 0; f < n_faces; f++)
    {
      if (a[f] >= b[f] + leads[f])
        {
          *on = f;
          return 0;
        }
      if (b[f] >= a[f] + leads[f])
        {
          *on = f;
          return 1;
        }
    }
  *on = 0;
  return -1;
}

/* Calls `visit` for every way to split `total` into n parts with part f ≤ bound[f], the first
 * part's count descending first. */
typedef void (*VisitFunc) (const guint *parts, gpointer data);

static void
compositions (guint n, const guint *bound, guint total, guint f, guint *parts, VisitFunc visit, gpointer data)
{
  if (f == n - 1)
    {
      if (total <= bound[f])
        {
          parts[f] = total;
          visit (parts, data);
        }
      return;
    }
  for (gint c = (gint) MIN (total, bound[f]); c >= 0; c--)
    {
      parts[f] = (guint) c;
      compositions (n, bound, total - (guint) c, f + 1, parts, visit, data);
    }
}

typedef struct {
  guint   parts[MG_MEEPLE_MAX_FACES];
  guint64 ways;   /* how many of the weight-sum^R equally likely outcomes give these counts */
} Outcome;

typedef struct {
  guint        n_faces;
  const guint *weights;
  guint        reveal;
  GArray      *outcomes;
} OutcomeCtx;

static guint64
factorial (guint n)
{
  guint64 f = 1;
  for (guint i = 2; i <= n; i++)
    f *= i;
  return f;
}

/* Multinomial R! / (c1! c2! …) times w1^c1 w2^c2 …: the count never exceeds (Σw)^R, checked
 * by the caller to fit, so no step below overflows. */
static void
add_outcome (const guint *parts, gpointer data)
{
  OutcomeCtx *ctx = data;
  Outcome o = { { 0 }, factorial (ctx->reveal) };

  for (guint f = 0; f < ctx->n_faces; f++)
    o.ways /= factorial (parts[f]);
  for (guint f = 0; f < ctx->n_faces; f++)
    for (guint i = 0; i < parts[f]; i++)
      o.ways *= ctx->weights[f];
  memcpy (o.parts, parts, sizeof (guint) * ctx->n_faces);
  g_array_append_val (ctx->outcomes, o);
}

typedef struct {
  guint        n_faces;
  const guint *leads;
  GArray      *outcomes;
  guint64      denominator;
  GArray      *result;
} PickCtx;

static void
add_pick (const guint *parts, gpointer data)
{
  PickCtx *ctx = data;
  MgMeepleOdds odds = { { 0 }, 0, 0, 0, ctx->denominator };

  memcpy (odds.pick, parts, sizeof (guint) * ctx->n_faces);
  for (guint i = 0; i < ctx->outcomes->len; i++)
    {
      const Outcome *o = &g_array_index (ctx->outcomes, Outcome, i);
      guint on;
      switch (mg_meeple_resolve (ctx->n_faces, ctx->leads, parts, o->parts, &on))
        {
        case 0: odds.win += o->ways; break;
        case 1: odds.loss += o->ways; break;
        default: odds.draw += o->ways; break;
        }
    }
  g_array_append_val (ctx->result, odds);
}

GArray *
mg_meeple_odds_compute (guint n_faces, const guint *weights, const guint *leads, const guint *held,
                        guint reveal, guint opp_reveal, GError **error)
{
  guint parts[MG_MEEPLE_MAX_FACES];
  guint opp_bound[MG_MEEPLE_MAX_FACES];
  guint64 total = 0, denominator = 1;
  g_autoptr(GArray) outcomes = NULL;
  GArray *result;

  if (n_faces < 1 || n_faces > MG_MEEPLE_MAX_FACES || reveal > MG_MEEPLE_MAX_MEEPLES ||
      opp_reveal > MG_MEEPLE_MAX_MEEPLES)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                   N_("Odds need 1 to %d faces and at most %d meeples revealed"),
                   MG_MEEPLE_MAX_FACES, MG_MEEPLE_MAX_MEEPLES);
      return NULL;
    }
  for (guint f = 0; f < n_faces; f++)
    {
      total += weights[f];
      opp_bound[f] = opp_reveal;
    }
  for (guint i = 0; i < opp_reveal; i++)
    if (total == 0 || !g_uint64_checked_mul (&denominator, denominator, total) || denominator > G_MAXINT64)
      {
        mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                     N_("Odds cannot be counted exactly: the weights add up to %llu"
                       " and %u meeples are revealed"), (unsigned long long) total, opp_reveal);
        return NULL;
      }

  /* The opponent's possible reveals, each with its number of equally likely ways. */
  outcomes = g_array_new (FALSE, FALSE, sizeof (Outcome));
  {
    OutcomeCtx ctx = { n_faces, weights, opp_reveal, outcomes };
    compositions (n_faces, opp_bound, opp_reveal, 0, parts, add_outcome, &ctx);
  }

  result = g_array_new (FALSE, FALSE, sizeof (MgMeepleOdds));
  {
    PickCtx ctx = { n_faces, leads, outcomes, denominator, result };
    compositions (n_faces, held, reveal, 0, parts, add_pick, &ctx);
  }
  return result;
}

json_object *
mg_meeple_odds (const MgState *state, const char *player, GError **error)
{
  const MeepleState *st = (const MeepleState *) state;
  guint held[MG_MEEPLE_MAX_FACES];
  g_autoptr(GArray) odds = NULL;
  json_object *list;
  gint p;

  if (state == NULL || state->rules != mg_meeple_rules ())
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("This is not a Meeple Melee session"));
      return NULL;
    }
  p = mg_meeple_find_player (st, player);
  if (p < 0)
    {
      mg_refuse (error, MG_RULES_ERROR_ILLEGAL,
                   N_("There is no player called \"%s\" in this match; the players are %s and %s."),
                   player ? player : "", st->players[0].name, st->players[1].name);
      return NULL;
    }
  if (st->winner >= 0)
    {
      mg_refuse (error, MG_RULES_ERROR_GAME_OVER,
                   N_("The match is over: %s won."), st->players[st->winner].name);
      return NULL;
    }
  if (!st->players[p].rolled)
    {
      mg_refuse (error, MG_RULES_ERROR_ILLEGAL,
                   N_("%s has not rolled yet this battle."), st->players[p].name);
      return NULL;
    }

  mg_meeple_held_counts (st, (guint) p, held);
  odds = mg_meeple_odds_compute (st->rs.n_faces, st->rs.weights, st->rs.leads, held,
                                 mg_meeple_reveal_for (st, (guint) p), mg_meeple_reveal_for (st, 1 - (guint) p),
                                 error);
  if (odds == NULL)
    return NULL;

  list = json_object_new_array_ext ((int) odds->len);
  for (guint i = 0; i < odds->len; i++)
    {
      const MgMeepleOdds *o = &g_array_index (odds, MgMeepleOdds, i);
      json_object *e = json_object_new_object ();
      for (guint f = 0; f < st->rs.n_faces; f++)
        json_object_object_add (e, st->rs.faces[f].id, json_object_new_int64 (o->pick[f]));
      json_object_object_add (e, "win", json_object_new_int64 ((gint64) o->win));
      json_object_object_add (e, "draw", json_object_new_int64 ((gint64) o->draw));
      json_object_object_add (e, "loss", json_object_new_int64 ((gint64) o->loss));
      json_object_object_add (e, "denominator", json_object_new_int64 ((gint64) o->denominator));
      json_object_array_add (list, e);
    }
  return list;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-odds.c — exact attack odds, the dice an action still needs, and the duel simulator. */
#include "config.h"

#include <string.h>

#include "mg-tft-private.h"

/* Ways to roll each total on n six-sided dice: ways[t], t = 0..6n. */
static void
dice_ways (gint n, gdouble *ways)
{
  memset (ways, 0, sizeof (gdouble) * (6 * n + 1));
  ways[0] = 1;
  for (gint d = 0; d < n; d++)
    for (gint t = 6 * (d + 1); t >= 0; t--)
      {
        gdouble w = 0;
        for (gint f = 1; f <= 6; f++)
          if (t - f >= 0)
            w += ways[t - f];
        ways[t] = w;
      }
}

static json_object *
fraction (gdouble num, gdouble den)
{
  json_object *o = json_object_new_object ();
  json_object_object_add (o, "num", json_object_new_int64 ((gint64) num));
  json_object_object_add (o, "den", json_object_new_int64 ((gint64) den));
  json_object_object_add (o, "p", json_object_new_double (num / den));
  return o;
}

json_object *
mg_tft_attack_odds (const MgState *state, json_object *attack, GError **error)
{
  const TftState *st = (const TftState *) state;
  TftAttackPlan plan;
  gdouble hit[4] = { 0 }, miss = 0, drop = 0, brk = 0, den;
  gdouble to_hit[37], dmg[61 * 6];
  gint max_hits;
  gdouble *spread;
  json_object *o, *hits;
  gdouble expected = 0, dden;

  if (!tft_attack_plan (st, attack, &plan, error))
    return NULL;
  dice_ways (plan.ndice, to_hit);
  den = 1;
  for (gint i = 0; i < plan.ndice; i++)
    den *= 6;
  for (gint t = plan.ndice; t <= 6 * plan.ndice; t++)
    {
      gint mult;
      TftRoll r = tft_roll_result (&st->rs, t, plan.ndice, plan.adj_dx, FALSE, &mult);
      if (r == R_HIT)
        hit[CLAMP (mult, 1, 3)] += to_hit[t];
      else if (r == R_DROP)
        drop += to_hit[t];
      else if (r == R_BREAK)
        brk += to_hit[t];
      else
        miss += to_hit[t];
    }
  o = json_object_new_object ();
  json_object_object_add (o, "adj_dx", json_object_new_int (plan.adj_dx));
  json_object_object_add (o, "dice", json_object_new_int (plan.ndice));
  json_object_object_add (o, "hit", fraction (hit[1] + hit[2] + hit[3], den));
  json_object_object_add (o, "triple", fraction (hit[3], den));
  json_object_object_add (o, "double", fraction (hit[2], den));
  json_object_object_add (o, "miss", fraction (miss, den));
  json_object_object_add (o, "drop", fraction (drop, den));
  json_object_object_add (o, "break", fraction (brk, den));

  /* The spread of hits after armor: every to-hit outcome times every damage roll, counted in
   * ways out of 6^(to-hit dice + damage dice), so each entry is an exact fraction. */
  plan.dmg_dice = CLAMP (plan.dmg_dice, 0, 60);
  dice_ways (plan.dmg_dice, dmg);
  max_hits = MAX (0, (6 * plan.dmg_dice + MAX (plan.dmg_adds, 0)) * 3 * plan.mult);
  spread = g_new0 (gdouble, max_hits + 1);
  dden = 1;
  for (gint i = 0; i < plan.dmg_dice; i++)
    dden *= 6;
  if (plan.no_damage)
    spread[0] = den * dden;
  else
    {
      spread[0] = (miss + drop + brk) * dden;
      for (gint m = 1; m <= 3; m++)
        for (gint s = plan.dmg_dice; s <= 6 * plan.dmg_dice; s++)
          {
            gint total = MAX (0, s + plan.dmg_adds) * m * plan.mult / plan.divisor;
            gint h = CLAMP (total - plan.stops, 0, max_hits);
            spread[h] += hit[m] * dmg[s];
          }
    }
  hits = json_object_new_array ();
  for (gint h = 0; h <= max_hits; h++)
    if (spread[h] > 0)
      {
        json_object *e = fraction (spread[h], den * dden);
        json_object_object_add (e, "hits", json_object_new_int (h));
        json_object_array_add (hits, e);
        expected += h * spread[h] / (den * dden);
      }
  g_free (spread);
  json_object_object_add (o, "hits", hits);
  json_object_object_add (o, "expected", json_object_new_double (expected));
  return o;
}

json_object *
mg_tft_dice_needed (const MgState *state, json_object *action, const guint *typed, guint n_typed, GError **error)
{
  g_autoptr(TftState) copy = tft_state_copy ((const TftState *) state);
  g_autoptr(MgDice) dice = mg_dice_new_typed (typed, n_typed);
  g_autoptr(GError) local = NULL;
  g_autoptr(json_object) clean = json_object_new_object ();
  const TftRoller *r = &copy->rolled;
  json_object *o;

  if (json_object_is_type (action, json_type_object))
    {
      json_object_object_foreach (action, k, v)
        if (strcmp (k, "dice") != 0)
          json_object_object_add (clean, k, json_object_get (v));
    }
  o = json_object_new_object ();
  if (tft_play_action (copy, json_object_is_type (action, json_type_object) ? clean : action, dice, &local))
    {
      json_object_object_add (o, "complete", json_object_new_boolean (TRUE));
      json_object_object_add (o, "count", json_object_new_int (0));
      json_object_object_add (o, "extra", json_object_new_int (mg_dice_remaining (dice)));
      return o;
    }
  if (local->domain != MG_DICE_ERROR || local->code != MG_DICE_ERROR_NOT_ENOUGH)
    {
      json_object_put (o);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  json_object_object_add (o, "complete", json_object_new_boolean (FALSE));
  json_object_object_add (o, "count", json_object_new_int (r->last_count - mg_dice_remaining (dice)));
  json_object_object_add (o, "sides", json_object_new_int (r->last_sides));
  json_object_object_add (o, "for", json_object_new_string (r->last_for ? r->last_for : ""));
  return o;
}

/* ---------------------------------------------------------------- the duel simulator */

static json_object *
act (const char *type)
{
  json_object *a = json_object_new_object ();
  json_object_object_add (a, "type", json_object_new_string (type));
  return a;
}

static gboolean
run (TftState *st, MgDice *dice, json_object *a)
{
  gboolean ok = tft_play_action (st, a, dice, NULL);
  json_object_put (a);
  return ok;
}

/* The option the model takes for fighter i: stand up, re-arm, or attack. */
static json_object *
model_option (TftState *st, guint i, guint other)
{
  const TftRuleset *rs = &st->rs;
  TftFighter *x = &st->fight->f[i];
  json_object *a = act ("option"), *eng = json_object_new_array ();
  const char *opt = "h";
  gint weapon = TFT_NONE;

  json_object_object_add (a, "figure", json_object_new_string (((TftFigure *) g_ptr_array_index (st->roster, x->fig))->name));
  json_object_array_add (eng, json_object_new_string (((TftFigure *) g_ptr_array_index (st->roster, st->fight->f[other].fig))->name));
  json_object_object_add (a, "engaged_with", eng);
  if (x->posture == P_FALLEN)
    opt = "n";
  else if (x->ready < 0 || rs->weapons[x->ready].cls == W_MISSILE)
    {
      const TftBeast *b = tft_beast (rs, ((TftFigure *) g_ptr_array_index (st->roster, x->fig))->kind);
      for (guint k = 0; k < st->fight->dropped->len && weapon < 0; k++)
        {
          TftDropped *d = &g_array_index (st->fight->dropped, TftDropped, k);
          if (strcmp (d->owner, json_object_get_string (json_object_object_get (a, "figure"))) == 0)
            weapon = d->weapon, opt = "o";
        }
      for (guint k = 0; k < x->n_carried && weapon < 0; k++)
        if (rs->weapons[x->carried[k]].cls != W_MISSILE)
          weapon = x->carried[k], opt = "k";
      if (weapon < 0 && !(b && b->has_attack))
        opt = "none";
    }
  json_object_object_add (a, "option", json_object_new_string (opt));
  if (weapon >= 0)
    json_object_object_add (a, "weapon", json_object_new_string (rs->weapons[weapon].id));
  return a;
}

/* One fight: 0 a wins, 1 b wins, 2 draw. */
static gint
duel_once (TftState *st, MgDice *dice)
{
  json_object *start = act ("start_fight"), *sides = json_object_new_object (), *sa = json_object_new_array (),
              *sb = json_object_new_array ();
  TftFigure *fa = tft_figure_mut (st, 0), *fb = tft_figure_mut (st, 1);

  fa->alive = fb->alive = TRUE;
  json_object_array_add (sa, json_object_new_string (fa->name));
  json_object_array_add (sb, json_object_new_string (fb->name));
  json_object_object_add (sides, "A", sa);
  json_object_object_add (sides, "B", sb);
  json_object_object_add (start, "kind", json_object_new_string ("death"));
  json_object_object_add (start, "sides", sides);
  if (!run (st, dice, start))
    return 2;
  for (guint turn = 0; turn < 100; turn++)
    {
      TftFight *fg = st->fight;
      gint slot;
      for (guint i = 0; i < 2; i++)
        if (fg->f[i].life == L_FIGHTING && !run (st, dice, model_option (st, i, 1 - i)))
          run (st, dice, ({ json_object *n = act ("option"); json_object_object_add (n, "figure",
               json_object_new_string (((TftFigure *) g_ptr_array_index (st->roster, fg->f[i].fig))->name));
               json_object_object_add (n, "option", json_object_new_string ("none")); n; }));
      run (st, dice, act ("attacks"));
      while ((slot = -1, fg->phase == PH_ATTACKS))
        {
          for (guint k = 0; k < fg->n_order; k++)
            if (!fg->order[k].done)
              {
                slot = k;
                break;
              }
          if (slot < 0)
            break;
          {
            guint xi = fg->order[slot].fi;
            json_object *a = act ("attack");
            json_object_object_add (a, "figure", json_object_new_string (xi == 0 ? fa->name : fb->name));
            json_object_object_add (a, "target", json_object_new_string (xi == 0 ? fb->name : fa->name));
            if (!run (st, dice, a))
              {
                json_object *p = act ("pass");
                json_object_object_add (p, "figure", json_object_new_string (xi == 0 ? fa->name : fb->name));
                if (!run (st, dice, p))
                  fg->order[slot].done = TRUE;
              }
          }
        }
      {
        gboolean a_up = fg->f[0].life == L_FIGHTING, b_up = fg->f[1].life == L_FIGHTING;
        if (!a_up || !b_up)
          {
            gint res = a_up ? 0 : b_up ? 1 : 2;
            tft_fight_free (st->fight);
            st->fight = NULL;
            return res;
          }
      }
      fg->phase = PH_END;
      run (st, dice, act ("end_turn"));
    }
  tft_fight_free (st->fight);
  st->fight = NULL;
  return 2;
}

static json_object *
duel_figure (json_object *fig, const char *name)
{
  json_object *a = NULL;
  json_object_deep_copy (fig, &a, NULL);
  json_object_object_del (a, "name");
  json_object_object_del (a, "history");
  json_object_object_del (a, "card");
  json_object_object_del (a, "alive");
  json_object_object_del (a, "fights");
  json_object_object_del (a, "kills");
  json_object_object_del (a, "wins");
  json_object_object_del (a, "owner");
  json_object_object_add (a, "type", json_object_new_string ("create_figure"));
  json_object_object_add (a, "figure", json_object_new_string (name));
  return a;
}

/* A state holding the two figures as roster entries 0 and 1. */
static TftState *
duel_state (json_object *ruleset, json_object *figure_a, json_object *figure_b, GError **error)
{
  const char * const players[] = { "Sim", NULL };
  g_autoptr(TftState) st = (TftState *) mg_tft_rules ()->new_state (ruleset, players, error);
  json_object *a, *b;
  gboolean ok;

  if (st == NULL)
    return NULL;
  st->rs.no_board = TRUE;   /* the model has no board: the two stand engaged front to front */
  a = duel_figure (figure_a, "A");
  b = duel_figure (figure_b, "B");
  ok = tft_play_action (st, a, NULL, error) && tft_play_action (st, b, NULL, error);
  json_object_put (a);
  json_object_put (b);
  if (!ok)
    return NULL;
  return g_steal_pointer (&st);
}

/* The model played action by action through the engine, with dice from `dice`. */
static void
duel_engine (TftState *st, guint n, MgDice *dice, MgTftDuelProgress progress, gpointer user_data, gint *cancel,
             MgTftDuelResult *result)
{
  guint before = mg_dice_count (dice);

  memset (result, 0, sizeof *result);
  for (guint i = 0; i < n; i++)
    {
      gint res;
      if (cancel && g_atomic_int_get (cancel))
        break;
      res = duel_once (st, dice);
      tft_duel_count (result, res);
      if (progress && (i + 1) % 256 == 0)
        progress (i + 1, n, user_data);
    }
  result->dice = mg_dice_count (dice) - before;
  if (progress)
    progress (result->fights, n, user_data);
}

gboolean
mg_tft_duel (json_object *ruleset, json_object *figure_a, json_object *figure_b, guint n, guint32 seed,
             MgTftDuelProgress progress, gpointer user_data, gint *cancel, MgTftDuelResult *result, GError **error)
{
  g_autoptr(TftState) st = NULL;

  memset (result, 0, sizeof *result);
  if ((st = duel_state (ruleset, figure_a, figure_b, error)) == NULL)
    return FALSE;
  if (tft_sim_supports (st))
    tft_sim_run (st, n, NULL, seed, progress, user_data, cancel, result);
  else
    {
      g_autoptr(MgDice) dice = mg_dice_new_seeded (seed);
      duel_engine (st, n, dice, progress, user_data, cancel, result);
    }
  return TRUE;
}

gboolean
mg_tft_duel_with_dice (json_object *ruleset, json_object *figure_a, json_object *figure_b, guint n, MgDice *dice,
                       gboolean full_engine, MgTftDuelResult *result, GError **error)
{
  g_autoptr(TftState) st = NULL;

  memset (result, 0, sizeof *result);
  if ((st = duel_state (ruleset, figure_a, figure_b, error)) == NULL)
    return FALSE;
  if (full_engine || !tft_sim_supports (st))
    duel_engine (st, n, dice, NULL, NULL, NULL, result);
  else
    tft_sim_run (st, n, dice, 0, NULL, NULL, NULL, result);
  return TRUE;
}

gboolean
mg_tft_duel_names (const MgState *state, const char *a, const char *b, guint n, guint32 seed,
                   MgTftDuelProgress progress, gpointer user_data, gint *cancel, MgTftDuelResult *result,
                   GError **error)
{
  const TftState *st = (const TftState *) state;
  g_autoptr(json_object) whole = mg_state_to_json (state);
  json_object *roster = json_object_object_get (whole, "roster"), *fa = NULL, *fb = NULL;

  for (guint i = 0; i < json_object_array_length (roster); i++)
    {
      json_object *f = json_object_array_get_idx (roster, i);
      const char *name = json_object_get_string (json_object_object_get (f, "name"));
      if (a && strcmp (name, a) == 0)
        fa = f;
      if (b && strcmp (name, b) == 0)
        fb = f;
    }
  if (fa == NULL || fb == NULL)
    {
      mg_refuse (error, MG_RULES_ERROR_ILLEGAL, N_("There is no figure called \"%s\" on the roster."),
                   fa == NULL ? (a ? a : "") : (b ? b : ""));
      return FALSE;
    }
  return mg_tft_duel (st->rs.json, fa, fb, n, seed, progress, user_data, cancel, result, error);
}

/* A duel's question: {"type":"duel","figures":["Flavius","Wulf"],"fights":20000}. The answer is
 * what the app's duel dialog shows for the same figures, fights and campaign seed. */
static json_object *
odds_duel (const MgState *state, json_object *q, guint32 seed, GError **error)
{
  static const char * const known[] = { "type", "figures", "fights", NULL };
  json_object *figures = NULL, *o, *wins, *rate;
  const char *a, *b;
  gint64 n = 20000;   /* the duel dialog's default */
  MgTftDuelResult r = { 0 };

  if (!mg_json_only (q, NULL, TFT_ACTION_ERR, known, error))
    return NULL;
  if (!json_object_object_get_ex (q, "figures", &figures) || !json_object_is_type (figures, json_type_array) ||
      json_object_array_length (figures) != 2 ||
      !json_object_is_type (json_object_array_get_idx (figures, 0), json_type_string) ||
      !json_object_is_type (json_object_array_get_idx (figures, 1), json_type_string))
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                   N_("A duel names two roster figures: \"figures\":[\"Flavius\",\"Wulf\"]."));
      return NULL;
    }
  if (!mg_json_opt_int (q, NULL, "fights", TFT_ACTION_ERR, 1, 10000000, &n, error))
    return NULL;
  a = json_object_get_string (json_object_array_get_idx (figures, 0));
  b = json_object_get_string (json_object_array_get_idx (figures, 1));
  if (strcmp (a, b) == 0)
    {
      mg_refuse (error, MG_RULES_ERROR_ILLEGAL, N_("A figure cannot fight a duel with itself."));
      return NULL;
    }
  if (!mg_tft_duel_names (state, a, b, (guint) n, seed, NULL, NULL, NULL, &r, error))
    return NULL;
  o = json_object_new_object ();
  json_object_object_add (o, "figures", json_object_get (figures));
  json_object_object_add (o, "fights", json_object_new_int64 (r.fights));
  json_object_object_add (o, "seed", json_object_new_int64 (seed));
  wins = json_object_new_object ();
  json_object_object_add (wins, a, json_object_new_int64 (r.wins_a));
  json_object_object_add (wins, b, json_object_new_int64 (r.wins_b));
  json_object_object_add (o, "wins", wins);
  json_object_object_add (o, "draws", json_object_new_int64 (r.draws));
  rate = json_object_new_object ();
  json_object_object_add (rate, a, json_object_new_double ((gdouble) r.wins_a / MAX (r.fights, 1)));
  json_object_object_add (rate, b, json_object_new_double ((gdouble) r.wins_b / MAX (r.fights, 1)));
  json_object_object_add (o, "win_rate", rate);
  json_object_object_add (o, "draw_rate", json_object_new_double ((gdouble) r.draws / MAX (r.fights, 1)));
  return o;
}

json_object *
mg_tft_odds (const MgState *state, json_object *question, guint32 seed, GError **error)
{
  const char *type = mg_action_type (question);

  if (g_strcmp0 (type, "attack") == 0)
    return mg_tft_attack_odds (state, question, error);
  if (g_strcmp0 (type, "duel") == 0)
    return odds_duel (state, question, seed, error);
  mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
               N_("Odds are given for an \"attack\" as it would be declared now, or a \"duel\" between two roster figures."));
  return NULL;
}

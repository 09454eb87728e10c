/* mg-tft-board.c — TFT Melee on the arena: placing, moving, engagement, attacks, retreats read from the figures' hexes. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "mg-tft-arena.h"

#define BIT(i) (G_GUINT64_CONSTANT (1) << (i))

const char *
tft_board_hex_name (const TftState *st, gint h, char buf[8])
{
  tft_hex_name (tft_board (st), h, buf);
  return buf;
}

static gboolean
sides_front (const TftState *st, const TftFighter *x)
{
  const TftBeast *b = tft_beast_of (st, x);
  return b != NULL && b->sides_front;
}

/* A figure with a front: fighting, on its feet, on the ground (not aloft), not in a brawl. "A figure on
 * the ground … is considered to face rear in all six directions; it has no front" (p. 9). */
static gboolean
has_front (const TftState *st, const TftFighter *y)
{
  return tft_able (st, y) && y->posture == P_STANDING && !y->aloft && !y->bending && y->hex >= 0;
}

guint64
tft_board_engaged (const TftState *st, const TftFighter *x, gint hex)
{
  const TftArena *ar = tft_board (st);
  const TftFight *fg = st->fight;
  guint64 m = 0;

  if (ar == NULL || hex < 0 || x->aloft)
    return 0;
  for (guint i = 0; i < fg->n; i++)
    {
      const TftFighter *y = &fg->f[i];
      if (y == x || !tft_enemies (x, y) || !has_front (st, y) || tft_hex_dir (ar, y->hex, hex) < 0)
        continue;
      if (tft_side_of (ar, y->hex, y->facing, hex, sides_front (st, y)) == SIDE_FRONT)
        m |= BIT (i);
    }
  return m;
}

/* Standing in the hex: a figure that may never be moved through (standing, kneeling, a brawl, aloft). */
static const TftFighter *
blocker (const TftState *st, gint h, const TftFighter *except)
{
  for (guint i = 0; i < st->fight->n; i++)
    {
      const TftFighter *z = &st->fight->f[i];
      if (z != except && z->hex == h && z->life == L_FIGHTING && z->posture != P_FALLEN && z->posture != P_PRONE)
        return z;
    }
  return NULL;
}

/* Lying in the hex: a fallen, prone, unconscious or dead figure, one that may be jumped. */
static const TftFighter *
lying (const TftState *st, gint h, const TftFighter *except)
{
  for (guint i = 0; i < st->fight->n; i++)
    {
      const TftFighter *z = &st->fight->f[i];
      if (z != except && z->hex == h && z->life != L_FLED && !blocker (st, h, except))
        return z;
    }
  return NULL;
}

/* ---------------------------------------------------------------- placing */

/* The side of h that points best at the point (px, py). */
static gint
facing_to_point (const TftArena *ar, gint h, gdouble px, gdouble py)
{
  gdouble x, y, best = -G_MAXDOUBLE;
  gint d = 0;
  tft_hex_xy (ar, h, &x, &y);
  for (gint k = 0; k < 6; k++)
    {
      gdouble a = (-90.0 + 60.0 * k) * G_PI / 180.0;
      gdouble c = (px - x) * cos (a) + (py - y) * sin (a);
      if (c > best + 1e-9)
        best = c, d = k;
    }
  return d;
}

/* The side of h that points best at the arena's middle. */
static gint
facing_to_middle (const TftArena *ar, gint h)
{
  return facing_to_point (ar, h, 0.75 * (ar->cols - 1), 0.8660254 * (ar->rows - 0.5));
}

/* Without "positions": each side enters by its doors (the first half of the doors for the first side,
 * the other half for the second, then in turn), the figures after the doors filling the nearest free
 * hexes, each facing the middle of the arena. */
static gboolean
place_at_doors (const TftState *st, TftFight *fg, const TftArena *ar, GError **error)
{
  guint half = MAX (1u, ar->n_doors / 2);
  g_autofree gint *taken = g_new0 (gint, ar->cols * ar->rows);

  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      guint first = (x->side % 2) * half, last = x->side % 2 ? ar->n_doors : half;
      gint best = TFT_NONE, bd = G_MAXINT;
      for (gint h = 0; h < ar->cols * ar->rows; h++)
        {
          gint d = G_MAXINT;
          if (!ar->on[h] || taken[h])
            continue;
          for (guint k = first; k < last && k < ar->n_doors; k++)
            d = MIN (d, tft_hex_dist (ar, h, ar->doors[k]));
          if (ar->n_doors == 0)   /* an arena without doors: the west and east edges */
            d = x->side % 2 ? ar->cols - 1 - h / ar->rows : h / ar->rows;
          if (d < bd)
            bd = d, best = h;
        }
      if (best < 0)
        return mg_illegal (error, N_("The arena has no room left for %s."), tft_fname (st, x));
      taken[best] = 1;
      x->hex = x->hex0 = best;
      x->facing = x->facing0 = facing_to_middle (ar, best);
    }
  return TRUE;
}

/* "positions": {"Flavius": {"hex": "A6", "facing": "SE"}, …}, every figure of the fight. */
static gboolean
place_stated (const TftState *st, TftFight *fg, const TftArena *ar, json_object *pos, GError **error)
{
  for (guint i = 0; i < fg->n; i++)
    {
      TftFighter *x = &fg->f[i];
      const char *name = tft_fname (st, x), *hn;
      json_object *p = mg_json_member (pos, name);
      guint facing;
      if (p == NULL)
        return mg_illegal (error, N_("Say where %s stands on the arena (\"positions\")."), name);
      if (!mg_json_get_string (p, name, "hex", TFT_ACTION_ERR, &hn, error) ||
          !mg_json_get_choice (p, name, "facing", TFT_ACTION_ERR, tft_facing_names, &facing, error))
        return FALSE;
      x->hex = x->hex0 = tft_hex_parse (ar, hn);
      x->facing = x->facing0 = facing;
      if (!tft_hex_on (ar, x->hex))
        return mg_illegal (error, N_("%s is not a hex of the arena %s."), hn, ar->name);
      for (guint k = 0; k < i; k++)
        if (fg->f[k].hex == x->hex)
          return mg_illegal (error, N_("%s and %s cannot both stand in %s: one figure to a hex."),
                          tft_fname (st, &fg->f[k]), name, hn);
    }
  json_object_object_foreach (pos, key, val)
    {
      (void) val;
      if (tft_fighter_find (st, key) < 0)
        {
          gboolean in = FALSE;
          for (guint i = 0; i < fg->n; i++)
            in |= strcmp (tft_fname (st, &fg->f[i]), key) == 0;
          if (!in)
            return mg_illegal (error, N_("%s is not in this fight (\"positions\")."), key);
        }
    }
  return TRUE;
}

gboolean
tft_board_start (TftState *st, TftFight *fg, json_object *j, GError **error)
{
  const char *id = NULL;
  json_object *pos = mg_json_member (j, "positions");
  const TftArena *ar;
  TftFight *was = st->fight;
  gboolean ok;

  if (!mg_json_opt_string (j, NULL, "arena", TFT_ACTION_ERR, &id, error) ||
      (pos && !mg_json_object (pos, "positions", TFT_ACTION_ERR, error)))
    return FALSE;
  /* a fight is on the board when it names its arena or its positions (so a changed switch never
   * replays a fight already played differently); "no board" refuses them */
  if (!id && !pos)
    return TRUE;
  if (st->rs.no_board)
    return mg_illegal (error, N_("The house rule \"no board\" is in force: the referee states facing and distances. "
                             "Switch it off on the Rules page to play a fight on the arena."));
  fg->arena = id ? tft_arena_find (&st->rs, id) : 0;
  if (fg->arena < 0)
    return mg_illegal (error, N_("There is no arena \"%s\" in the ruleset."), id);
  ar = &st->rs.arenas[fg->arena];
  st->fight = fg;   /* names and sides are read through the state */
  ok = pos ? place_stated (st, fg, ar, pos, error) : place_at_doors (st, fg, ar, error);
  st->fight = was;
  return ok;
}

/* ---------------------------------------------------------------- moving */

#define NHEX (TFT_ARENA_MAX_SIDE * 99)

/* The cheapest ways to each hex: cost/rolls/prev to pass through it (a lying figure's hex jumped), and
 * stop/stop_rolls/stop_prev to end in a lying figure's hex. */
typedef struct {
  gint cost[NHEX], rolls[NHEX], prev[NHEX];
  gint stop[NHEX], stop_rolls[NHEX], stop_prev[NHEX];
} Reach;

static gboolean
better (gint c, gint k, gint oc, gint ok)
{
  return c < oc || (c == oc && k < ok);
}

/* Dijkstra on MA, then on saving rolls, from `from`: a free hex costs 1, a hex with a lying figure 3 to
 * jump over or 1 to stop in (p. 8); nobody moves through a standing figure; a hex in a standing enemy's
 * front hex ends the move (p. 8). Flying passes over everything. */
static void
reach (const TftState *st, const TftFighter *x, gint from, gboolean flying, Reach *R)
{
  const TftArena *ar = tft_board (st);
  gint n = ar->cols * ar->rows;
  g_autofree gboolean *done = g_new0 (gboolean, n);

  for (gint h = 0; h < n; h++)
    R->cost[h] = R->stop[h] = G_MAXINT / 4, R->rolls[h] = R->stop_rolls[h] = 0, R->prev[h] = R->stop_prev[h] = TFT_NONE;
  R->cost[from] = 0;
  for (;;)
    {
      gint u = TFT_NONE;
      for (gint h = 0; h < n; h++)
        if (!done[h] && R->cost[h] < G_MAXINT / 4 && (u < 0 || better (R->cost[h], R->rolls[h], R->cost[u], R->rolls[u])))
          u = h;
      if (u < 0)
        break;
      done[u] = TRUE;
      if (u != from && !flying && tft_board_engaged (st, x, u))
        continue;                     /* "must stop its movement when it enters any front hex of an enemy" */
      for (gint d = 0; d < 6; d++)
        {
          gint v = tft_hex_step (ar, u, d);
          gboolean lies;
          if (v < 0 || done[v] || (!flying && blocker (st, v, x)))
            continue;
          lies = !flying && lying (st, v, x) != NULL;
          if (lies && better (R->cost[u] + 1, R->rolls[u] + 1, R->stop[v], R->stop_rolls[v]))
            R->stop[v] = R->cost[u] + 1, R->stop_rolls[v] = R->rolls[u] + 1, R->stop_prev[v] = u;
          if (better (R->cost[u] + (lies ? 3 : 1), R->rolls[u] + lies, R->cost[v], R->rolls[v]))
            R->cost[v] = R->cost[u] + (lies ? 3 : 1), R->rolls[v] = R->rolls[u] + lies, R->prev[v] = u;
        }
    }
}

/* What ending in `to` costs. */
static gint
reach_cost (const TftState *st, const TftFighter *x, const Reach *R, gint to, gboolean flying)
{
  if (!flying && lying (st, to, x))
    return MIN (R->stop[to], R->cost[to]);
  return R->cost[to];
}

/* Why `to` cannot be reached, in plain words. */
static gboolean
refuse_move (const TftState *st, const TftFighter *x, guint o, gint to, gint cost, gint max, GError **error)
{
  const TftArena *ar = tft_board (st);
  const char *name = tft_fname (st, x);
  const TftFighter *z;
  char hn[8];

  tft_hex_name (ar, to, hn);
  if (!tft_hex_on (ar, to))
    return mg_illegal (error, N_("%s is not a hex of the arena."), hn);
  if ((z = blocker (st, to, x)) != NULL)
    return mg_illegal (error, N_("%s stands in %s: a figure may never move onto or through a standing figure."),
                    tft_fname (st, z), hn);
  if (cost >= G_MAXINT / 4)
    return mg_illegal (error, N_("%s cannot get to %s: the way is blocked, or passes an enemy's front hex, where a "
                             "figure must stop."), name, hn);
  return mg_illegal_n (error, "%s needs %d hex of movement to reach %s; option %s allows %d.",
                                      "%s needs %d hexes of movement to reach %s; option %s allows %d.", cost,
                  name, cost, hn, option_names[o], max);
}

/* An engaged figure's shift: one hex, staying beside every enemy it is engaged with (p. 8). */
static gboolean
check_shift (const TftState *st, const TftFighter *x, gint to, guint64 engaged, GError **error)
{
  const TftArena *ar = tft_board (st);
  char hn[8];

  tft_hex_name (ar, to, hn);
  if (tft_hex_dir (ar, x->hex0, to) < 0)
    return mg_illegal (error, N_("%s is engaged and may only shift one hex (or stand still); %s is farther."),
                    tft_fname (st, x), hn);
  for (guint i = 0; i < st->fight->n; i++)
    if (((engaged >> i) & 1) && tft_hex_dir (ar, st->fight->f[i].hex, to) < 0)
      return mg_illegal (error, N_("A shift must stay next to every enemy %s is engaged with: %s is not next to %s."),
                      tft_fname (st, x), hn, tft_fname (st, &st->fight->f[i]));
  return TRUE;
}

/* The saving rolls on the way (each hex entered that holds a lying figure): "If this saving roll is
 * missed, the figure falls down in that hex" (p. 8). Moves x along the path; FALSE on a dice error. */
static gboolean
walk (TftState *st, TftFighter *x, const Reach *R, gint to, TftRoller *r, gint *moved, json_object *ev,
      MgSaid *text, GError **error)
{
  const TftArena *ar = tft_board (st);
  gint path[NHEX], cost[NHEX], n = 0;
  gboolean stop = lying (st, to, x) && R->stop[to] <= R->cost[to];

  if (to != x->hex0)
    {
      path[n] = to, cost[n++] = stop ? R->stop[to] : R->cost[to];
      for (gint h = stop ? R->stop_prev[to] : R->prev[to]; h >= 0 && h != x->hex0; h = R->prev[h])
        path[n] = h, cost[n++] = R->cost[h];
    }
  *moved = n ? cost[0] : 0;
  x->hex = to;
  for (gint i = n - 1; i >= 0; i--)
    if (lying (st, path[i], x))
      {
        guint v[3];
        gint adj = tft_fighter_adj_dx (st, x), mult;
        char hn[8];
        if (!tft_roll (r, 3, 6, "saving_roll", v, error))
          return FALSE;
        tft_hex_name (ar, path[i], hn);
        tft_ev_int (ev, "saving_roll", v[0] + v[1] + v[2]);
        if (tft_roll_result (&st->rs, v[0] + v[1] + v[2], 3, adj, FALSE, &mult) == R_HIT)
          {
            mg_said_add (text, N_(" %s rolls %u against %d going over the figure in %s and keeps its feet."),
                                    tft_fname (st, x), v[0] + v[1] + v[2], adj, hn);
            continue;
          }
        mg_said_add (text, N_(" %s rolls %u against %d going over the figure in %s and falls there."),
                                tft_fname (st, x), v[0] + v[1] + v[2], adj, hn);
        x->hex = path[i];
        x->posture = P_FALLEN;
        *moved = cost[i];
        json_object_object_add (ev, "fell", json_object_new_boolean (TRUE));
        break;
      }
  return TRUE;
}

/* The six directions as a sentence says them (tft_facing_names' order): "NW" is "NO" in French. */
static const char * const facing_words[] = {
  /* Translators: the six directions a figure faces on the arena, in a sentence (", facing NW"). */
  NC_("compass point", "N"), NC_("compass point", "NE"), NC_("compass point", "SE"), NC_("compass point", "S"),
  NC_("compass point", "SW"), NC_("compass point", "NW")
};

/* "Flavius moves 6 hexes to F12, facing N, now engaged with Wulf." A figure that is down, or going
 * down (`down`: option d), faces no way. */
static void
move_text (const TftState *st, const TftFighter *x, gint moved, gboolean down, MgSaid *text)
{
  const TftArena *ar = tft_board (st);
  guint64 with = tft_board_engaged (st, x, x->hex);
  char hn[8];

  if (text == NULL)
    return;
  tft_hex_name (ar, x->hex, hn);
  for (guint i = 0; i < st->fight->n; i++)
    if (&st->fight->f[i] != x && tft_enemies (x, &st->fight->f[i]) &&
        (tft_board_engaged (st, &st->fight->f[i], st->fight->f[i].hex) >> (x - st->fight->f)) & 1)
      with |= BIT (i);
  if (moved > 0)
    mg_said_add_n (text, " %s moves %d hex to %s", " %s moves %d hexes to %s", moved,
                            tft_fname (st, x), moved, hn);
  else
    mg_said_add (text, N_(" %s stays in %s"), tft_fname (st, x), hn);
  if (x->posture == P_STANDING && !down)
    mg_said_add (text, N_(", facing %s"), mg_message_word_ctx ("compass point", facing_words[x->facing]));
  if (with)
    {
      mg_said_add (text, N_(", now engaged with"));
      for (guint i = 0, k = 0; i < st->fight->n; i++)
        if ((with >> i) & 1)
          tft_say_text (text, "%s %s", k++ ? "," : "", tft_fname (st, &st->fight->f[i]));
    }
  tft_say_text (text, ".");
}

gboolean
tft_board_move (TftState *st, TftFighter *x, guint o, json_object *j, gboolean flying, TftRoller *r, gint *moved,
                guint64 *engaged, json_object *events, MgSaid *text, GError **error)
{
  const TftArena *ar = tft_board (st);
  const char *tn = NULL;
  guint facing = x->facing0;
  gint to, max = o == OPT_NONE ? 0 : tft_max_move (st, x, o, flying);
  g_autofree Reach *R = NULL;
  json_object *ev;
  char hn[8];

  if (!mg_json_opt_string (j, NULL, "to", TFT_ACTION_ERR, &tn, error) ||
      !mg_json_opt_choice (j, NULL, "facing", TFT_ACTION_ERR, tft_facing_names, &facing, error))
    return FALSE;
  if (mg_json_member (j, "moved") || mg_json_member (j, "engaged_with"))
    return mg_illegal (error, N_("On the arena the board says how far %s moves and whom it is engaged with: give the hex "
                             "it moves to (\"to\"), not \"moved\" or \"engaged_with\"."), tft_fname (st, x));
  x->hex = x->hex0;
  to = tn ? tft_hex_parse (ar, tn) : x->hex0;
  if (to < 0)
    return mg_illegal (error, N_("\"%s\" is not a hex of the arena (a column letter and a row number, as \"F12\")."), tn);
  *engaged = x->hth ? 0 : tft_board_engaged (st, x, x->hex0);
  *moved = 0;
  if (to != x->hex0 && (x->hth || max == 0))
    return mg_illegal (error, x->hth ? N_("%s is in hand-to-hand combat and may not move until it breaks free.")
                                  : N_("Option %s does not move: %s stays in its hex."),
                    x->hth ? tft_fname (st, x) : option_names[o], tft_fname (st, x));
  R = g_new (Reach, 1);
  reach (st, x, x->hex0, flying, R);
  if (*engaged && to != x->hex0 && !check_shift (st, x, to, *engaged, error))
    return FALSE;
  if (to != x->hex0 && (!tft_hex_on (ar, to) || blocker (st, to, x) || reach_cost (st, x, R, to, flying) > max ||
                        (flying && lying (st, to, x))))
    return refuse_move (st, x, o, to, reach_cost (st, x, R, to, flying), max, error);
  ev = mg_event_new ("moved", "figure", tft_fname (st, x));
  json_object_object_add (ev, "from", json_object_new_string (tft_board_hex_name (st, x->hex0, hn)));
  if (!walk (st, x, R, to, r, moved, ev, text, error))
    {
      json_object_put (ev);
      x->hex = x->hex0;
      return FALSE;
    }
  x->facing = facing;
  json_object_object_add (ev, "to", json_object_new_string (tft_board_hex_name (st, x->hex, hn)));
  json_object_object_add (ev, "facing", json_object_new_string (tft_facing_names[x->facing]));
  tft_ev_int (ev, "hexes", *moved);
  json_object_array_add (events, ev);
  move_text (st, x, *moved, o == O_D, text);
  return TRUE;
}

/* ---------------------------------------------------------------- attacks */

static void
add_along (const TftState *st, const Attack *a, gint h, Along *out, guint *n, guint max)
{
  const TftArena *ar = tft_board (st);
  for (guint i = 0; i < st->fight->n && *n < max; i++)
    {
      const TftFighter *z = &st->fight->f[i];
      if (i == a->fi || i == a->ti || z->hex != h || !tft_able (st, z) || z->posture != P_STANDING || z->aloft)
        continue;
      out[*n].fi = i;
      out[*n].hexes = tft_hex_dist (ar, st->fight->f[a->fi].hex, h);
      out[*n].megahexes = tft_megahex_dist (ar, st->fight->f[a->fi].hex, h);
      (*n)++;
    }
}

/* A missile or thrown attack: the target "in front", the distances, who stands in the way and beyond. */
static gboolean
board_shot (const TftState *st, Attack *a, const TftFighter *x, const TftFighter *y, GError **error)
{
  const TftArena *ar = tft_board (st);
  gint line[256];
  guint n, k;

  if (!tft_in_front (ar, x->hex, x->facing, y->hex))
    return mg_illegal (error, N_("%s is not in front of %s: missile and thrown weapons reach only figures in front."),
                    tft_fname (st, y), tft_fname (st, x));
  n = tft_hex_line (ar, x->hex, y->hex, a->thrown ? 10 : -1, line, G_N_ELEMENTS (line));
  for (k = 0; k < n && line[k] != y->hex; k++)
    add_along (st, a, line[k], a->way, &a->n_way, 8);
  if (k == n)
    return mg_illegal (error, N_("A wall stands between %s and %s."), tft_fname (st, x), tft_fname (st, y));
  a->land = n > 0 ? line[n - 1] : y->hex;
  for (k++; k < n; k++)
    add_along (st, a, line[k], a->beyond, &a->n_beyond, 8);
  a->hexes = tft_hex_dist (ar, x->hex, y->hex);
  a->megahexes = tft_megahex_dist (ar, x->hex, y->hex);
  a->facing = tft_side_of (ar, y->hex, y->facing, x->hex, sides_front (st, y));
  return TRUE;
}

/* Striking into a brawl: the others on the ground in the target's hex, every enemy before any friend (p. 17). */
static void
board_pile (const TftState *st, Attack *a, const TftFighter *x)
{
  const TftFighter *y = &st->fight->f[a->ti];
  for (gint friends = 0; friends < 2; friends++)
    for (guint i = 0; i < st->fight->n && a->n_beyond < 16; i++)
      {
        const TftFighter *z = &st->fight->f[i];
        if (i != a->ti && i != a->fi && z->hex == y->hex && z->posture == P_HTH && tft_able (st, z) &&
            (tft_enemies (x, z) ? 0 : 1) == friends)
          a->beyond[a->n_beyond++] = (Along) { (gint) i, 0, 0 };
      }
}

gboolean
tft_board_because (const TftState *st, Attack *a, GError **error)
{
  const TftArena *ar = tft_board (st);
  const TftFighter *x = &st->fight->f[a->fi], *y = &st->fight->f[a->ti];
  gboolean wall;
  TftSide side;

  if (y->hex < 0 || x->hex < 0 || tft_hex_dir (ar, x->hex, y->hex) < 0)
    return TRUE;                       /* tft_board_attack says why */
  wall = tft_hex_step (ar, y->hex, y->facing + 3) < 0;
  side = tft_side_of (ar, y->hex, y->facing, x->hex, sides_front (st, y));
  /* the reasons the board shows: its back to the wall, or jumped from the rear (p. 16) */
  if (a->because == 1 && !wall)
    return mg_illegal (error, N_("%s does not have its back to the wall."), tft_fname (st, y));
  if (a->because == 2 && side != SIDE_REAR)
    return mg_illegal (error, N_("%s is not in %s's rear hex."), tft_fname (st, x), tft_fname (st, y));
  if (a->because == 0 && has_front (st, y))
    a->because = side == SIDE_REAR ? 2 : wall ? 1 : 0;
  return TRUE;
}

gboolean
tft_board_attack (const TftState *st, Attack *a, json_object *j, GError **error)
{
  static const char * const stated[] = { "facing", "hexes", "megahexes", "in_the_way", "beyond", "pile", NULL };
  const TftArena *ar = tft_board (st);
  const TftFighter *x = &st->fight->f[a->fi], *y = &st->fight->f[a->ti];
  const char *xn = tft_fname (st, x), *yn = tft_fname (st, y);

  for (guint k = 0; stated[k]; k++)
    if (mg_json_member (j, stated[k]))
      return mg_illegal (error, N_("On the arena the board gives facing, distances and who stands in the way: leave out "
                               "\"%s\"."), stated[k]);
  a->n_way = a->n_beyond = 0;
  a->land = TFT_NONE;
  if ((x->hth >> a->ti) & 1)
    return TRUE;                       /* already rolling on the ground together */
  if (tft_shot (&st->rs, a->weapon, a->thrown) && a->mode == M_WEAPON)
    return board_shot (st, a, x, y, error);
  if (tft_hex_dir (ar, x->hex, y->hex) < 0)
    return mg_illegal (error, N_("%s is not next to %s."), yn, xn);
  a->facing = tft_side_of (ar, y->hex, y->facing, x->hex, sides_front (st, y));
  if (a->mode == M_HTH)
    return TRUE;
  if (tft_side_of (ar, x->hex, x->facing, y->hex, sides_front (st, x)) != SIDE_FRONT)
    return mg_illegal (error, N_("Only an enemy in one of your three front hexes may be attacked: %s is beside or "
                             "behind %s."), yn, xn);
  if (y->posture == P_HTH)
    board_pile (st, a, x);
  return TRUE;
}

/* ---------------------------------------------------------------- retreats and steps */

static gboolean
free_neighbour (const TftState *st, const TftFighter *x, gint from, gint to, gboolean lying_ok, GError **error)
{
  const TftArena *ar = tft_board (st);
  char hn[8];

  tft_hex_name (ar, to, hn);
  if (to < 0 || tft_hex_dir (ar, from, to) < 0 || !tft_hex_on (ar, to))
    return mg_illegal (error, N_("%s must go to a hex of the arena next to its own; %s is not."), tft_fname (st, x), hn);
  if (blocker (st, to, x) || (!lying_ok && lying (st, to, x)))
    return mg_illegal (error, N_("%s is not empty."), hn);
  return TRUE;
}

gboolean
tft_board_retreat (TftState *st, json_object *it, TftFighter *y, TftFighter *x, MgSaid *text, GError **error)
{
  const TftArena *ar = tft_board (st);
  const char *tn = NULL;
  gboolean follow = FALSE;
  gint to, from = y->hex;
  char hn[8];

  if (!mg_json_opt_string (it, NULL, "to", TFT_ACTION_ERR, &tn, error) ||
      !mg_json_opt_bool (it, NULL, "follow", TFT_ACTION_ERR, &follow, error))
    return FALSE;
  if (tn == NULL)
    return mg_illegal (error, N_("On the arena say where %s retreats to (\"to\": a free hex next to it)."), tft_fname (st, y));
  to = tft_hex_parse (ar, tn);
  /* "into any hex which is vacant or contains only a fallen figure" (p. 18) */
  if (!free_neighbour (st, y, from, to, TRUE, error))
    return FALSE;
  y->hex = to;
  mg_said_add (text, N_("%s forces %s back to %s"), tft_fname (st, x), tft_fname (st, y),
                          tft_board_hex_name (st, to, hn));
  if (follow)
    {
      x->hex = from;
      mg_said_add (text, N_(" and follows into %s"), tft_board_hex_name (st, from, hn));
    }
  tft_say_text (text, ". ");
  return TRUE;
}

gboolean
tft_board_step (TftState *st, TftFighter *x, json_object *j, MgSaid *text, GError **error)
{
  const char *tn = NULL;
  guint facing = x->facing;
  gint to;
  char hn[8];

  if (!mg_json_opt_string (j, NULL, "to", TFT_ACTION_ERR, &tn, error) ||
      !mg_json_opt_choice (j, NULL, "facing", TFT_ACTION_ERR, tft_facing_names, &facing, error))
    return FALSE;
  if (tn == NULL)
    return mg_illegal (error, N_("On the arena say which empty hex next to it %s steps to (\"to\")."), tft_fname (st, x));
  to = tft_hex_parse (tft_board (st), tn);
  if (!free_neighbour (st, x, x->hex, to, FALSE, error))
    return FALSE;
  x->hex = to;
  x->facing = facing;
  mg_said_add (text, N_(" %s steps to %s."), tft_fname (st, x), tft_board_hex_name (st, to, hn));
  return TRUE;
}

json_object *
tft_board_json (const TftState *st)
{
  const TftArena *ar = tft_board (st);
  json_object *o = json_object_new_object (), *doors = json_object_new_array (), *off = json_object_new_array ();
  char hn[8];

  json_object_object_add (o, "id", json_object_new_string (ar->id));
  json_object_object_add (o, "name", json_object_new_string (ar->name));
  json_object_object_add (o, "columns", json_object_new_int (ar->cols));
  json_object_object_add (o, "rows", json_object_new_int (ar->rows));
  json_object_object_add (o, "megahex_centre", json_object_new_string (tft_board_hex_name (st, ar->mh_centre, hn)));
  for (guint i = 0; i < ar->n_doors; i++)
    json_object_array_add (doors, json_object_new_string (tft_board_hex_name (st, ar->doors[i], hn)));
  for (gint h = 0; h < ar->cols * ar->rows; h++)
    if (!ar->on[h])
      json_object_array_add (off, json_object_new_string (tft_board_hex_name (st, h, hn)));
  json_object_object_add (o, "doors", doors);
  json_object_object_add (o, "off", off);
  return o;
}

/* The side of `from` that points best at `to`. */
static gint
facing_towards (const TftArena *ar, gint from, gint to)
{
  gdouble bx, by;
  tft_hex_xy (ar, to, &bx, &by);
  return facing_to_point (ar, from, bx, by);
}

guint
tft_board_offers (const TftState *st, const TftFighter *x, guint o, TftOffer *out, guint max)
{
  const TftArena *ar = tft_board (st);
  gint ma = o == OPT_NONE ? 0 : tft_max_move (st, x, o, FALSE);
  g_autofree Reach *R = g_new (Reach, 1);
  guint n = 0;

  reach (st, x, x->hex0, FALSE, R);
  for (guint i = 0; i < st->fight->n && n < max; i++)
    {
      const TftFighter *y = &st->fight->f[i];
      gint best = TFT_NONE, bc = G_MAXINT;
      if (!tft_enemies (x, y) || !tft_able (st, y) || y->hex < 0 || y->aloft)
        continue;
      /* beside the enemy if it can, else as near as it can get */
      for (gint h = 0; h < ar->cols * ar->rows; h++)
        {
          gint c = h == x->hex0 ? 0 : reach_cost (st, x, R, h, FALSE);
          gint key = tft_hex_dist (ar, h, y->hex) * 1000 + c;
          if (!ar->on[h] || c > ma || (h != x->hex0 && blocker (st, h, x)) || h == y->hex)
            continue;
          if (h != x->hex0 && tft_board_engaged (st, x, x->hex0) && tft_hex_dir (ar, x->hex0, h) < 0)
            continue;
          if (key < bc)
            bc = key, best = h;
        }
      if (best >= 0)
        out[n++] = (TftOffer) { best, facing_towards (ar, best, y->hex) };
    }
  return n;
}

guint64
tft_engaged_now (const TftState *st, const TftFighter *x)
{
  if (!tft_board (st))
    return x->engaged;
  return x->hth ? 0 : tft_board_engaged (st, x, x->hex0);
}

void
tft_board_engage_all (TftState *st)
{
  for (guint i = 0; tft_board (st) && i < st->fight->n; i++)
    st->fight->f[i].engaged = tft_engaged_now (st, &st->fight->f[i]);
}

json_object *
mg_tft_arena_reach (const MgState *state, const char *figure, const char *option)
{
  const TftState *st = (const TftState *) state;
  const TftArena *ar = tft_board (st);
  g_autofree Reach *R = NULL;
  const TftFighter *x;
  json_object *out;
  guint64 engaged;
  gint xi, max;
  guint o;
  char hn[8];

  if (ar == NULL || (xi = tft_fighter_find (st, figure)) < 0 || !tft_able (st, &st->fight->f[xi]))
    return NULL;
  x = &st->fight->f[xi];
  for (o = 0; option_names[o] && g_strcmp0 (option_names[o], option) != 0; o++)
    ;
  max = option_names[o] == NULL || o == OPT_NONE || x->hth ? 0 : tft_max_move (st, x, o, FALSE);
  engaged = tft_engaged_now (st, x);
  R = g_new (Reach, 1);
  reach (st, x, x->hex0, FALSE, R);
  out = json_object_new_object ();
  for (gint h = 0; h < ar->cols * ar->rows; h++)
    {
      gint c = h == x->hex0 ? 0 : reach_cost (st, x, R, h, FALSE);
      if (h != x->hex0 && (!ar->on[h] || blocker (st, h, x) || c > max ||
                           (engaged && !check_shift (st, x, h, engaged, NULL))))
        continue;
      json_object_object_add (out, tft_board_hex_name (st, h, hn), json_object_new_int (c));
    }
  return out;
}

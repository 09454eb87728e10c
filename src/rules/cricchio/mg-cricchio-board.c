/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-board.c — Cricchio's Mêlée: the board's geometry and the legal-move generator. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-cricchio-private.h"

/* Directions: 0 up (towards rank 14), then clockwise; even ones are orthogonal. */
static const gint8 DX[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const gint8 DY[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

#define SQ(x, y) ((guint8) ((y) * CH_W + (x)))
#define FX(s) ((s) % CH_W)
#define FY(s) ((s) / CH_W)

void
ch_square_name (guint8 s, char out[4])
{
  g_snprintf (out, 4, "%c%d", 'a' + FX (s), FY (s) + 1);
}

gboolean
ch_square_parse (const char *name, guint8 *out)
{
  char *end = NULL;
  gint64 rank;

  if (name == NULL || name[0] < 'a' || name[0] >= 'a' + CH_W || !g_ascii_isdigit (name[1]))
    return FALSE;
  rank = g_ascii_strtoll (name + 1, &end, 10);
  if (*end != '\0' || rank < 1 || rank > CH_W || (name[1] == '0'))
    return FALSE;
  *out = SQ (name[0] - 'a', rank - 1);
  return TRUE;
}

guint
ch_dist (guint8 a, guint8 b)
{
  return MAX (ABS ((gint) FX (a) - (gint) FX (b)), ABS ((gint) FY (a) - (gint) FY (b)));
}

/* Square k (1..14) of a side's edge, counted from that side's left corner. */
static guint8
edge_square (guint side, guint k)
{
  switch (side)
    {
    case SIDE_SOUTH: return SQ (k - 1, 0);
    case SIDE_WEST:  return SQ (0, CH_W - k);
    case SIDE_NORTH: return SQ (CH_W - k, CH_W - 1);
    default:         return SQ (CH_W - 1, k - 1);
    }
}

static guint8
step (guint8 s, guint dir, guint n)
{
  gint x = FX (s) + DX[dir] * (gint) n, y = FY (s) + DY[dir] * (gint) n;

  if (x < 0 || y < 0 || x >= CH_W || y >= CH_W)
    return CH_NONE;
  return SQ (x, y);
}

gboolean
ch_geom_build (ChGeom *g, json_object *board, const guint8 *start_order, GError **error)
{
  json_object *water = mg_json_member (board, "water");
  json_object *lens = mg_json_member (board, "wall_lengths");
  guint8 w0, w1;

  memset (g, 0, sizeof *g);
  memset (g->wall_nb, CH_NONE, sizeof g->wall_nb);
  memset (g->wall_of, -1, sizeof g->wall_of);
  memset (g->domain, -1, sizeof g->domain);
  memset (g->home, -1, sizeof g->home);

  for (guint s = 0; s < CH_SQ; s++)
    for (guint d = 0; d < 8; d++)
      {
        guint n = 0;
        g->nb[s][d] = step (s, d, 1);
        for (guint8 t = step (s, d, 1); t != CH_NONE; t = step (t, d, 1))
          g->ray[s][d][n++] = t;
        g->ray_len[s][d] = n;
      }
  /* The Navy: two squares straight (d), then one to the side (d ± 2). */
  for (guint s = 0; s < CH_SQ; s++)
    for (guint d = 0; d < 8; d += 2)
      for (gint side = -2; side <= 2; side += 4)
        {
          guint8 p1 = step (s, d, 1), p2 = step (s, d, 2), to;
          if (p2 == CH_NONE)
            continue;
          to = step (p2, (d + 8 + side) % 8, 1);
          if (to == CH_NONE)
            continue;
          g->knight[s][g->n_knight[s]++] = (ChKnight) { to, p1, p2 };
        }

  if (!ch_square_parse (json_object_get_string (json_object_array_get_idx (water, 0)), &w0) ||
      !ch_square_parse (json_object_get_string (json_object_array_get_idx (water, 1)), &w1))
    {
      mg_json_set_error (error, CH_RULESET_ERR, "$.board.water", _("two square names such as \"f6\" and \"i9\""), water);
      return FALSE;
    }
  for (guint x = MIN (FX (w0), FX (w1)); x <= MAX (FX (w0), FX (w1)); x++)
    for (guint y = MIN (FY (w0), FY (w1)); y <= MAX (FY (w0), FY (w1)); y++)
      g->terrain[SQ (x, y)] = T_WATER;

  for (guint side = 0; side < CH_SIDES; side++)
    {
      guint fwd = side * 2, len = json_object_get_int (json_object_array_get_idx (lens, side));
      guint8 foot = edge_square (side, 5);

      g->fwd_dx[side] = DX[fwd];
      g->fwd_dy[side] = DY[fwd];
      g->marine_fwd[side][0] = fwd;
      g->marine_fwd[side][1] = (fwd + 7) % 8;
      g->marine_fwd[side][2] = (fwd + 1) % 8;
      g->marine_lat[side][0] = (fwd + 6) % 8;
      g->marine_lat[side][1] = (fwd + 2) % 8;
      g->wall_len[side] = len;
      for (guint i = 0; i < len; i++)
        {
          guint8 w = step (foot, fwd, i);
          if (g->terrain[w] != T_LAND)
            {
              char name[4];
              ch_square_name (w, name);
              mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                           N_("$.board.wall_lengths[%u]: the wall reaches %s, which is water"), side, name);
              return FALSE;
            }
          g->terrain[w] = T_WALL;
          g->wall_of[w] = side;
          g->wall_front[w] = i == len - 1;
          g->wall_nb[w][0] = i > 0 ? step (foot, fwd, i - 1) : CH_NONE;
          g->wall_nb[w][1] = i + 1 < len ? step (foot, fwd, i + 1) : CH_NONE;
        }
      for (guint k = 6; k <= 14; k++)
        {
          guint8 h = edge_square (side, k);
          g->home[h] = side;
          g->start[side][k - 6] = h;
          g->start[side][9 + k - 6] = step (h, fwd, 1);
          for (guint i = 0; i < 4; i++)
            g->domain[step (h, fwd, i)] = side;
        }
    }
  for (guint i = 0; i < 9; i++)
    {
      g->start_kind[i] = start_order[i];
      g->start_kind[9 + i] = K_MARINE;
    }
  for (guint side = 0; side < CH_SIDES; side++)
    for (guint i = 0; i < 18; i++)
      if (g->terrain[g->start[side][i]] != T_LAND)
        {
          char name[4];
          ch_square_name (g->start[side][i], name);
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                       N_("$.board.water: the start square %s is water"), name);
          return FALSE;
        }
  return TRUE;
}

void
ch_pos_setup (ChPos *p, guint8 sides_mask)
{
  memset (p->sq, 0, sizeof p->sq);
  for (guint side = 0; side < CH_SIDES; side++)
    if (sides_mask & (1u << side))
      for (guint i = 0; i < 18; i++)
        p->sq[p->g->start[side][i]] = P_MAKE (p->g->start_kind[i], side, side, FALSE);
  p->active = sides_mask;
  ch_pos_refresh (p);
}

void
ch_pos_refresh (ChPos *p)
{
  guint own[CH_SIDES] = { 0 };
  gboolean president[CH_SIDES] = { FALSE };

  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = p->sq[s];
      if (pc == 0 || P_OWNER (pc) != P_CTRL (pc))
        continue;
      if (P_KIND (pc) == K_PRESIDENT)
        president[P_OWNER (pc)] = TRUE;
      else
        own[P_OWNER (pc)]++;
    }
  p->command = 0;
  for (guint side = 0; side < CH_SIDES; side++)
    {
      /* Rogue rule 4: the President and one other piece of one's own to command rogues. */
      if (president[side] && own[side] > 0)
        p->command |= 1u << side;
      p->enemies[side] = p->active & ~(1u << side);
      if (p->rs->partner[side] >= 0)
        p->enemies[side] &= ~(1u << p->rs->partner[side]);
    }
}

guint8
ch_next_side (guint8 side, guint8 mask)
{
  for (guint i = 1; i <= CH_SIDES; i++)
    {
      guint8 s = (side + i) % CH_SIDES;
      if (mask & (1u << s))
        return s;
    }
  return side;
}

/* ---------------------------------------------------------------- the generator */

/* May `mover` take `victim` standing on `to`, moving from `from`? (Who may be captured at all:
 * enemies only, the AK only from inside its domain, nothing forbidden by an unannounced Mêlée.) */
static inline gboolean
may_take (const ChPos *p, guint8 from, guint8 mover, guint8 victim, gboolean legal)
{
  guint8 mc = P_CTRL (mover), vc = P_CTRL (victim);

  if (!(p->enemies[mc] & (1u << vc)))
    return FALSE;
  if (vc == p->ak && p->g->domain[from] != p->ak)
    return FALSE;
  if (mc == p->ak && !p->ak_active && P_KIND (victim) == K_NAVY &&
      (P_KIND (mover) == K_MARINE || P_KIND (mover) == K_PRESIDENT))
    return FALSE;
  if (legal && mc == p->stm && (p->forbid & P_BIT (P_OWNER (victim), P_KIND (victim))))
    return FALSE;
  return TRUE;
}

#define ADD(t) do { out[n].from = from; out[n].to = (t); n++; } while (0)

/* Fly-over rule: an enemy next to another piece of the Air Force's colour. */
static gboolean
air_support (const ChPos *p, guint8 from, guint8 target, guint8 colour)
{
  for (guint d = 0; d < 8; d++)
    {
      guint8 t = p->g->nb[target][d];
      if (t != CH_NONE && t != from && p->sq[t] != 0 && P_OWNER (p->sq[t]) == colour)
        return TRUE;
    }
  return FALSE;
}

/* A President: one step onto land, any direction. */
static inline guint
gen_president (const ChPos *p, guint8 from, guint8 pc, ChMove *out, gboolean legal)
{
  const ChGeom *g = p->g;
  guint n = 0;

  for (guint d = 0; d < 8; d++)
    {
      guint8 t = g->nb[from][d];
      if (t == CH_NONE || g->terrain[t] != T_LAND)
        continue;
      if (p->sq[t] == 0 || may_take (p, from, pc, p->sq[t], legal))
        ADD (t);
    }
  return n;
}

/* An Admiral or a General: any distance, any direction. The Admiral stops at a wall; the General
 * goes over an empty wall square (never onto it) and stops at water. */
static inline guint
gen_slide (const ChPos *p, guint8 from, guint8 pc, ChMove *out, gboolean legal, gboolean general)
{
  const ChGeom *g = p->g;
  guint n = 0;

  for (guint d = 0; d < 8; d++)
    for (guint i = 0; i < g->ray_len[from][d]; i++)
      {
        guint8 t = g->ray[from][d][i];
        if (general && (g->terrain[t] == T_WATER || (g->terrain[t] == T_WALL && p->sq[t] != 0)))
          break;
        if (g->terrain[t] == T_WALL)
          {
            if (general)
              continue;   /* over the wall, never onto it */
            break;
          }
        if (p->sq[t] != 0)
          {
            if (may_take (p, from, pc, p->sq[t], legal))
              ADD (t);
            break;
          }
        ADD (t);
      }
  return n;
}

/* An Air Force: diagonals over anything (fly-over rule), one step straight onto empty land. */
static inline guint
gen_air_force (const ChPos *p, guint8 from, guint8 pc, ChMove *out, gboolean legal)
{
  const ChGeom *g = p->g;
  guint8 owner = P_OWNER (pc);
  guint n = 0;

  for (guint d = 1; d < 8; d += 2)
    {
      gboolean flew = FALSE;
      for (guint i = 0; i < g->ray_len[from][d]; i++)
        {
          guint8 t = g->ray[from][d][i], v = p->sq[t];
          if (v != 0)
            {
              if (g->terrain[t] == T_LAND && may_take (p, from, pc, v, legal) &&
                  (!flew || air_support (p, from, t, owner)))
                ADD (t);
              flew = TRUE;
            }
          else if (g->terrain[t] == T_LAND)
            ADD (t);
        }
    }
  for (guint d = 0; d < 8; d += 2)
    {
      guint8 t = g->nb[from][d];
      if (t != CH_NONE && g->terrain[t] == T_LAND && p->sq[t] == 0)
        ADD (t);
    }
  return n;
}

/* A Navy: the knight's leaps whose path touches no wall. */
static inline guint
gen_navy (const ChPos *p, guint8 from, guint8 pc, ChMove *out, gboolean legal)
{
  const ChGeom *g = p->g;
  guint n = 0;

  for (guint k = 0; k < g->n_knight[from]; k++)
    {
      const ChKnight *kn = &g->knight[from][k];
      if (g->terrain[kn->p1] == T_WALL || g->terrain[kn->p2] == T_WALL || g->terrain[kn->to] == T_WALL)
        continue;
      if (p->sq[kn->to] == 0 || may_take (p, from, pc, p->sq[kn->to], legal))
        ADD (kn->to);
    }
  return n;
}

/* An Army: straight lines over land, capturing onto a wall; off a wall it never captures. */
static inline guint
gen_army (const ChPos *p, guint8 from, guint8 pc, ChMove *out, gboolean legal)
{
  const ChGeom *g = p->g;
  gboolean on_wall = g->terrain[from] == T_WALL;
  guint n = 0;

  for (guint d = 0; d < 8; d += 2)
    for (guint i = 0; i < g->ray_len[from][d]; i++)
      {
        guint8 t = g->ray[from][d][i], v = p->sq[t];
        if (g->terrain[t] == T_WATER)
          break;
        if (g->terrain[t] == T_WALL)
          {
            /* It captures onto a wall, and on a wall it captures only wall pieces. */
            if (v != 0 && may_take (p, from, pc, v, legal))
              ADD (t);
            break;
          }
        if (v != 0)
          {
            /* Moving off a wall it never captures. */
            if (!on_wall && may_take (p, from, pc, v, legal))
              ADD (t);
            break;
          }
        ADD (t);
      }
  return n;
}

/* A Marine: along its wall, then forward (two squares on its first move), capturing forward. */
static inline guint
gen_marine (const ChPos *p, guint8 from, guint8 pc, ChMove *out, gboolean legal)
{
  const ChGeom *g = p->g;
  guint8 owner = P_OWNER (pc);
  gboolean on_wall = g->terrain[from] == T_WALL;
  guint n = 0;

  if (on_wall)
    {
      for (guint i = 0; i < 2; i++)
        {
          guint8 t = g->wall_nb[from][i];
          if (t == CH_NONE)
            continue;
          if (p->sq[t] == 0 || may_take (p, from, pc, p->sq[t], legal))
            ADD (t);
        }
      if (!g->wall_front[from])
        return n;
    }
  for (guint i = 0; i < 5; i++)
    {
      guint d = i < 3 ? g->marine_fwd[owner][i] : g->marine_lat[owner][i - 3];
      guint8 t = g->nb[from][d];
      if (t == CH_NONE || (on_wall && g->terrain[t] == T_WALL))
        continue;
      if (p->sq[t] == 0)
        {
          ADD (t);
          /* The first move: two squares, the middle one empty and not a wall (house rule
           * marine_double_step_over_wall: a wall square too). */
          if (!(pc & P_MOVED) && (i < 3 || p->rs->double_step_all) &&
              (g->terrain[t] != T_WALL || p->rs->double_step_over_wall) && P_CTRL (pc) != p->ak)
            {
              guint8 t2 = g->nb[t][d];
              if (t2 != CH_NONE)
                {
                  guint8 v2 = p->sq[t2];
                  if (v2 == 0)
                    ADD (t2);
                  else if (i < 3 && may_take (p, from, pc, v2, legal) &&
                           !(g->terrain[t2] == T_WALL && P_KIND (v2) == K_MARINE))
                    ADD (t2);
                }
            }
        }
      /* Captures forward; at a wall's front end sideways too by the house rule
       * marine_front_end_captures_sideways (on-wall rule 4). */
      else if ((i < 3 || (on_wall && p->rs->front_lateral_capture)) && may_take (p, from, pc, p->sq[t], legal) &&
               !(g->terrain[t] == T_WALL && P_KIND (p->sq[t]) == K_MARINE))
        ADD (t);
    }
  return n;
}

/* The AK's pieces never leave their domain and move only to kill: keeps those of the n moves. */
static inline guint
ak_only_kills (const ChPos *p, ChMove *out, guint n)
{
  guint m = 0;

  for (guint i = 0; i < n; i++)
    if (p->g->domain[out[i].to] == p->ak && p->sq[out[i].to] != 0)
      out[m++] = out[i];
  return m;
}

/* The pseudo-moves of the piece on `from` (the President may still walk into Mêlée). */
static guint
gen_raw (const ChPos *p, guint8 from, ChMove *out, gboolean legal)
{
  guint8 pc = p->sq[from];
  guint n = 0;

  switch (P_KIND (pc))
    {
    case K_PRESIDENT: n = gen_president (p, from, pc, out, legal); break;
    case K_ADMIRAL:   n = gen_slide (p, from, pc, out, legal, FALSE); break;
    case K_GENERAL:   n = gen_slide (p, from, pc, out, legal, TRUE); break;
    case K_AIR_FORCE: n = gen_air_force (p, from, pc, out, legal); break;
    case K_NAVY:      n = gen_navy (p, from, pc, out, legal); break;
    case K_ARMY:      n = gen_army (p, from, pc, out, legal); break;
    case K_MARINE:    n = gen_marine (p, from, pc, out, legal); break;
    }
  if (P_CTRL (pc) == p->ak)
    n = ak_only_kills (p, out, n);
  return n;
}

#undef ADD

/* Could a piece of `mover`'s kind and place reach `to` at all? A cheap test before generating. */
static inline gboolean
in_reach (guint8 kind, guint8 from, guint8 to)
{
  gint dx = ABS ((gint) FX (from) - (gint) FX (to)), dy = ABS ((gint) FY (from) - (gint) FY (to));

  switch (kind)
    {
    case K_PRESIDENT: return dx <= 1 && dy <= 1;
    case K_ADMIRAL:
    case K_GENERAL:   return dx == 0 || dy == 0 || dx == dy;
    case K_AIR_FORCE: return dx == dy;
    case K_NAVY:      return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
    case K_ARMY:      return dx == 0 || dy == 0;
    case K_MARINE:    return dx <= 2 && dy <= 2;
    default:          return FALSE;
    }
}

gboolean
ch_can_capture (const ChPos *p, guint8 from, guint8 to)
{
  ChMove moves[128];
  guint8 pc = p->sq[from];
  guint n;

  if (pc == 0 || !in_reach (P_KIND (pc), from, to))
    return FALSE;
  if (P_OWNER (pc) != P_CTRL (pc) && !(p->command & (1u << P_CTRL (pc))))
    return FALSE;   /* a rogue nobody may command threatens nothing */
  n = gen_raw (p, from, moves, FALSE);
  for (guint i = 0; i < n; i++)
    if (moves[i].to == to)
      return TRUE;
  return FALSE;
}

guint8
ch_attackers (const ChPos *p, guint8 sq)
{
  guint8 victim = p->sq[sq], mask = 0;

  if (victim == 0)
    return 0;
  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = p->sq[s];
      if (pc == 0 || !(p->enemies[P_CTRL (pc)] & (1u << P_CTRL (victim))) || (mask & (1u << P_CTRL (pc))))
        continue;
      if (ch_can_capture (p, s, sq))
        mask |= 1u << P_CTRL (pc);
    }
  return mask;
}

gboolean
ch_attacked (const ChPos *p, guint8 sq, guint8 *by)
{
  guint8 victim = p->sq[sq];

  if (victim == 0)
    return FALSE;
  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = p->sq[s];
      if (pc == 0 || !(p->enemies[P_CTRL (pc)] & (1u << P_CTRL (victim))))
        continue;
      if (ch_can_capture (p, s, sq))
        {
          if (by)
            *by = s;
          return TRUE;
        }
    }
  return FALSE;
}

/* Rule 11: does the President moving from `from` to `to` stand in Mêlée there? */
static gboolean
president_into_melee (const ChPos *p, guint8 from, guint8 to)
{
  ChPos q;

  memcpy (&q, p, sizeof q);
  q.sq[to] = q.sq[from];
  q.sq[from] = 0;
  return ch_attacked (&q, to, NULL);
}

guint
ch_gen_piece (const ChPos *p, guint8 from, ChMove *out, gboolean legal)
{
  guint8 pc = p->sq[from];
  guint n, m = 0;

  if (pc == 0)
    return 0;
  if (P_OWNER (pc) != P_CTRL (pc) && !(p->command & (1u << P_CTRL (pc))))
    return 0;
  n = gen_raw (p, from, out, legal);
  if (!legal || P_KIND (pc) != K_PRESIDENT)
    return n;
  for (guint i = 0; i < n; i++)
    if (!president_into_melee (p, from, out[i].to))
      out[m++] = out[i];
  return m;
}

guint
ch_gen_moves (const ChPos *p, ChMove *out)
{
  guint n = 0;

  for (guint s = 0; s < CH_SQ; s++)
    if (p->sq[s] != 0 && P_CTRL (p->sq[s]) == p->stm)
      n += ch_gen_piece (p, s, out + n, TRUE);
  return n;
}

guint8
ch_make (ChPos *p, ChMove m, guint8 *killed_sq, guint8 *killed_piece, guint *n_killed,
         gboolean *exploded, guint8 *back_to)
{
  const ChGeom *g = p->g;
  guint8 pc = p->sq[m.from], taken = p->sq[m.to];
  gint8 home = g->home[m.to];

  *exploded = FALSE;
  *n_killed = 0;
  *back_to = CH_NONE;
  if (P_KIND (pc) == K_MARINE)
    pc |= P_MOVED;
  p->sq[m.from] = 0;
  p->sq[m.to] = pc;
  if (P_KIND (pc) == K_MARINE && home >= 0 && (p->enemies[P_CTRL (pc)] & (1u << home)))
    {
      gint r = p->rs->explosion_radius;
      gint x0 = FX (m.to), y0 = FY (m.to);

      *exploded = TRUE;
      for (gint y = MAX (0, y0 - r); y <= MIN (CH_W - 1, y0 + r); y++)
        for (gint x = MAX (0, x0 - r); x <= MIN (CH_W - 1, x0 + r); x++)
          {
            guint8 s = SQ (x, y);
            if (s == m.to || p->sq[s] == 0)
              continue;
            killed_sq[*n_killed] = s;
            killed_piece[*n_killed] = p->sq[s];
            (*n_killed)++;
            p->sq[s] = 0;
          }
      p->sq[m.to] = 0;
      /* Back on the second row of its home side, the free square closest to the wall. */
      for (guint i = 9; i < 18; i++)
        {
          guint8 s = g->start[P_OWNER (pc)][i];
          if (p->sq[s] == 0)
            {
              p->sq[s] = pc;
              *back_to = s;
              break;
            }
        }
    }
  return taken;
}

/* Rule 12's test: `side` to move, its President in Mêlée announced by `by`: has it no move but
 * into Mêlée (`any_move`: does no move of its side lift the Mêlée of `by`)? */
gboolean
ch_president_trapped (const ChPos *p, guint8 side, guint8 pres, guint8 by, gboolean any_move)
{
  ChMove moves[CH_MAX_MOVES];
  ChPos q;
  guint n;

  memcpy (&q, p, sizeof q);
  q.stm = side;
  if (!any_move)
    return ch_gen_piece (&q, pres, moves, TRUE) == 0;   /* moves into Mêlée are already left out */
  n = ch_gen_moves (&q, moves);
  for (guint i = 0; i < n; i++)
    {
      ChPos r;
      guint8 ks[25], kp[25], back, np = CH_NONE;
      guint nk;
      gboolean ex;
      memcpy (&r, &q, sizeof r);
      ch_make (&r, moves[i], ks, kp, &nk, &ex, &back);
      for (guint s = 0; s < CH_SQ && np == CH_NONE; s++)
        if (r.sq[s] != 0 && P_KIND (r.sq[s]) == K_PRESIDENT && P_OWNER (r.sq[s]) == side)
          np = s;
      if (np != CH_NONE && !(ch_attackers (&r, np) & (1u << by)))
        return FALSE;
    }
  return TRUE;
}

/* ---------------------------------------------------------------- perft, the game as played */

/* A perft node: the position, where each side's President stands, and per side the Presidents
 * its last move put in Mêlée (every "Mêlée" is said in perft, so each threat is announced). */
typedef struct {
  ChPos    pos;
  guint8   pres[CH_SIDES];      /* CH_NONE: taken */
  guint8   announced[CH_SIDES];
  gboolean every_ply;           /* the count before issue 34: plies go on after a President falls */
} PerftNode;

static guint8
perft_presidents (PerftNode *q)
{
  guint8 mask = 0;

  for (guint side = 0; side < CH_SIDES; side++)
    q->pres[side] = CH_NONE;
  for (guint s = 0; s < CH_SQ; s++)
    if (q->pos.sq[s] != 0 && P_KIND (q->pos.sq[s]) == K_PRESIDENT && P_OWNER (q->pos.sq[s]) == P_CTRL (q->pos.sq[s]))
      {
        q->pres[P_OWNER (q->pos.sq[s])] = s;
        mask |= 1u << P_OWNER (q->pos.sq[s]);
      }
  return mask;
}

/* Sides of `players` left without a President are out: their pieces leave the board (basic
 * play). FALSE when at most one President is left: the game is over. */
static gboolean
perft_fallen (PerftNode *q, guint8 *players)
{
  guint8 alive = perft_presidents (q), out = *players & ~alive;

  if (out == 0)
    return TRUE;
  for (guint s = 0; s < CH_SQ; s++)
    if (q->pos.sq[s] != 0 && (out & (1u << P_CTRL (q->pos.sq[s]))))
      q->pos.sq[s] = 0;
  *players &= alive;
  q->pos.active &= ~out;
  ch_pos_refresh (&q->pos);
  for (guint side = 0; side < CH_SIDES; side++)
    q->announced[side] &= ~out;
  return (*players & (*players - 1)) != 0;
}

/* Rule 12 as `side`'s turn begins (`attackers`: the sides threatening its President): the side
 * that announced the Mêlée, if the President has no way out; CH_NONE otherwise. */
static guint8
perft_victor (const PerftNode *q, guint8 side, guint8 attackers)
{
  for (guint i = 1; i <= CH_SIDES; i++)
    {
      guint x = (side + i) % CH_SIDES;
      if ((attackers & (1u << x)) && (q->announced[x] & (1u << side)))
        return ch_president_trapped (&q->pos, side, q->pres[side], x, q->pos.rs->victory_any_move) ? x : CH_NONE;
    }
  return CH_NONE;
}

/* The node after move m, as the game is played: a President taken ends its side (a two-player
 * game ends: no plies follow), the mover's threats are announced, and each next side's turn
 * starts with rule 12 (unless the house rule victim_moves_first). FALSE: the game is over. */
static gboolean
perft_child (const PerftNode *p, ChMove m, guint8 players, PerftNode *q)
{
  guint8 ks[25], kp[25], back, taken, mover = p->pos.stm, attackers[CH_SIDES] = { 0 };
  guint nk;
  gboolean ex, fell;

  memcpy (q, p, sizeof *q);
  q->pos.forbid = 0;
  taken = ch_make (&q->pos, m, ks, kp, &nk, &ex, &back);
  if (p->every_ply)
    {
      q->pos.stm = ch_next_side (mover, players);
      return TRUE;
    }
  fell = taken != 0 && P_KIND (taken) == K_PRESIDENT;
  for (guint i = 0; i < nk; i++)
    fell |= P_KIND (kp[i]) == K_PRESIDENT;
  if (m.from == p->pres[mover])
    q->pres[mover] = m.to;
  if (fell && !perft_fallen (q, &players))
    return FALSE;
  q->announced[mover] = 0;
  for (guint side = 0; side < CH_SIDES; side++)
    if (q->pres[side] != CH_NONE && side != mover)
      {
        attackers[side] = ch_attackers (&q->pos, q->pres[side]);
        if (attackers[side] & (1u << mover))
          q->announced[mover] |= 1u << side;
      }
  q->pos.stm = ch_next_side (mover, players);
  if (p->pos.rs->victim_moves_first)
    return TRUE;
  for (guint guard = 0; guard < CH_SIDES; guard++)
    {
      guint8 side = q->pos.stm;
      if (q->pres[side] == CH_NONE || perft_victor (q, side, attackers[side]) == CH_NONE)
        return TRUE;
      /* "Victory!": the President is taken before its side moves; the next side's turn begins. */
      q->pos.sq[q->pres[side]] = 0;
      if (!perft_fallen (q, &players))
        return FALSE;
      q->pos.stm = ch_next_side (side, players);
      for (guint x = 0; x < CH_SIDES; x++)
        attackers[x] = q->pres[x] != CH_NONE ? ch_attackers (&q->pos, q->pres[x]) : 0;
    }
  return TRUE;
}

static guint8
perft_players (const ChPos *p)
{
  return p->active & ~(p->ak != CH_NONE ? 1u << p->ak : 0);
}

static guint64
perft_node (const PerftNode *p, guint depth)
{
  ChMove moves[CH_MAX_MOVES];
  guint n = ch_gen_moves (&p->pos, moves);
  guint64 total = 0;

  if (depth <= 1)
    return depth == 1 ? n : 1;
  for (guint i = 0; i < n; i++)
    {
      PerftNode q;

      if (perft_child (p, moves[i], perft_players (&p->pos), &q))
        total += perft_node (&q, depth - 1);
    }
  return total;
}

static PerftNode
perft_root (const ChPos *p, gboolean every_ply)
{
  PerftNode root = { .pos = *p, .every_ply = every_ply };

  perft_presidents (&root);
  return root;
}

guint64
ch_perft (ChPos *p, guint depth)
{
  PerftNode root = perft_root (p, FALSE);

  return perft_node (&root, depth);
}

guint64
ch_perft_every_ply (ChPos *p, guint depth)
{
  PerftNode root = perft_root (p, TRUE);

  return perft_node (&root, depth);
}

/* ---------------------------------------------------------------- the plain baseline */

/* The first, plain way of doing it, kept for the bench: every piece's moves generated in full
 * for every enemy to test the President's squares (no reach test), and every leaf made. */
static gboolean
plain_attacked (const ChPos *p, guint8 sq)
{
  ChMove moves[128];
  guint8 victim = p->sq[sq];

  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = p->sq[s];
      guint n;
      if (pc == 0 || !(p->enemies[P_CTRL (pc)] & (1u << P_CTRL (victim))))
        continue;
      if (P_OWNER (pc) != P_CTRL (pc) && !(p->command & (1u << P_CTRL (pc))))
        continue;
      n = gen_raw (p, s, moves, FALSE);
      for (guint i = 0; i < n; i++)
        if (moves[i].to == sq)
          return TRUE;
    }
  return FALSE;
}

static guint
plain_gen (const ChPos *p, ChMove *out)
{
  guint n = 0;

  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = p->sq[s];
      guint k, m;
      if (pc == 0 || P_CTRL (pc) != p->stm)
        continue;
      if (P_OWNER (pc) != P_CTRL (pc) && !(p->command & (1u << P_CTRL (pc))))
        continue;
      k = gen_raw (p, s, out + n, TRUE);
      if (P_KIND (pc) != K_PRESIDENT)
        {
          n += k;
          continue;
        }
      {
        ChMove mine[16];
        memcpy (mine, out + n, k * sizeof *mine);
      for (m = 0; m < k; m++)
        {
          ChPos q;
          ChMove mv = mine[m];
          memcpy (&q, p, sizeof q);
          q.sq[mv.to] = q.sq[mv.from];
          q.sq[mv.from] = 0;
          if (!plain_attacked (&q, mv.to))
            out[n++] = mv;
        }
      }
    }
  return n;
}

static guint64
plain_node (const PerftNode *p, guint depth)
{
  ChMove moves[CH_MAX_MOVES];
  guint n;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  n = plain_gen (&p->pos, moves);
  for (guint i = 0; i < n; i++)
    {
      PerftNode q;

      if (depth == 1)
        {
          /* Every leaf made, as the first generator did; a move that ends the game is a ply too. */
          guint8 ks[25], kp[25], back;
          guint nk;
          gboolean ex;
          memcpy (&q, p, sizeof q);
          ch_make (&q.pos, moves[i], ks, kp, &nk, &ex, &back);
          total++;
        }
      else if (perft_child (p, moves[i], perft_players (&p->pos), &q))
        total += plain_node (&q, depth - 1);
    }
  return total;
}

guint64
ch_perft_plain (ChPos *p, guint depth)
{
  PerftNode root = perft_root (p, FALSE);

  return plain_node (&root, depth);
}

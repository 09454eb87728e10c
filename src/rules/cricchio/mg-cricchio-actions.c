/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio-actions.c — Cricchio's Mêlée in play: the actions, captures, mines, the AK, turns, why a move is refused, pending. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-actions.h"
#include "mg-cricchio-private.h"
#include "mg-cricchio-state-private.h"

/* ---------------------------------------------------------------- captures, the end */

static void
add_captured (ChState *st, guint side, guint8 pc, gboolean killed)
{
  if (st->n_captured[side] < MAX_CAPT)
    st->captured[side][st->n_captured[side]++] = P_KIND (pc) | (P_OWNER (pc) << 3) | (killed ? C_KILLED : 0);
}

/* The game ends: `result` (taken) says how. */
static void
game_over (ChState *st, guint8 winners, MgSaid *result)
{
  st->phase = PH_OVER;
  st->winners = winners;
  mg_said_free (st->result);
  st->result = result;
}

/* The game ends as the sentence `msgid` (marked N_()) and its arguments say. */
static void
game_over_say (ChState *st, guint8 winners, const char *msgid, ...) G_GNUC_PRINTF (3, 4);

static void
game_over_say (ChState *st, guint8 winners, const char *msgid, ...)
{
  MgSaid *result = mg_said_new ();
  va_list args;

  va_start (args, msgid);
  mg_said_add_message (result, mg_message_new_valist (msgid, NULL, 0, args));
  va_end (args);
  game_over (st, winners, result);
}

/* Solitaire: the score of one AK piece taken (in order or out of order). */
static gint
solo_score (ChState *st, guint8 pc)
{
  guint kind = P_KIND (pc);

  if (kind == K_MARINE)
    return ++st->solo_marines <= st->rs.solo_free_marines ? 0 : st->rs.solo_marine;
  for (guint i = 0; i < 6 && st->rs.solo_order[i] != kind; i++)
    if (ch_has_kind (&st->pos, st->pos.ak, st->rs.solo_order[i]))
      return st->rs.solo_out[kind];
  return st->rs.solo_in[kind];
}

/* A piece leaves the board: taken by `by` (CH_NONE: a mine), killed by an explosion or not. */
static void
piece_lost (ChState *st, guint8 pc, guint8 by, gboolean killed, json_object *events)
{
  guint8 victim = P_CTRL (pc);

  if (by != CH_NONE && by != victim && (st->pos.enemies[by] & (1u << victim)))
    {
      add_captured (st, by, pc, killed);
      if (st->rs.variant == V_POINTS && (!killed || st->rs.explosion_scores))
        st->score[by] += st->rs.points[P_KIND (pc)];
      if (st->rs.variant == V_SOLITAIRE && victim == st->pos.ak)
        st->score[by] += solo_score (st, pc);
    }
  if (st->rs.variant == V_SOLITAIRE && victim != st->pos.ak && (st->players & (1u << victim)))
    st->score[victim] += st->rs.solo_lost;
  (void) events;
}

static void
remove_side_pieces (ChState *st, guint side)
{
  for (guint s = 0; s < CH_SQ; s++)
    if (st->pos.sq[s] != 0 && P_CTRL (st->pos.sq[s]) == side)
      st->pos.sq[s] = 0;
}

/* Rogue rule 1: the captor's captured pieces of `fallen` come back under its command. */
static void
rogues_back (ChState *st, guint fallen, guint captor, json_object *events)
{
  guint keep = 0;

  for (guint i = 0; i < st->n_captured[captor]; i++)
    {
      guint8 e = st->captured[captor][i], kind = e & 7, owner = (e >> 3) & 3;
      gboolean placed = FALSE;
      if (owner == fallen && kind != K_PRESIDENT && !(e & C_KILLED))
        for (guint j = 0; j < 18 && !placed; j++)
          {
            guint8 s = st->g->start[fallen][j];
            if (st->g->start_kind[j] == kind && st->pos.sq[s] == 0)
              {
                json_object *ev = ch_event_new ("rogue");
                st->pos.sq[s] = P_MAKE (kind, fallen, captor, FALSE);
                json_object_object_add (ev, "piece", json_object_new_string (ch_kind_ids[kind]));
                json_object_object_add (ev, "owner", json_object_new_string (ch_side_ids[fallen]));
                json_object_object_add (ev, "ctrl", json_object_new_string (ch_side_ids[captor]));
                json_object_object_add (ev, "at", ch_sq_json (s));
                json_object_array_add (events, ev);
                placed = TRUE;
              }
          }
      if (!placed)
        st->captured[captor][keep++] = e;
    }
  st->n_captured[captor] = keep;
}

/* A side's President is gone: what that means in each variant. */
static void
president_lost (ChState *st, guint side, guint8 by, json_object *events, MgSaid *said)
{
  json_object *ev = ch_event_new ("president_lost");
  ChVariant v = st->rs.variant;

  json_object_object_add (ev, "side", json_object_new_string (ch_side_ids[side]));
  json_object_object_add (ev, "player", json_object_new_string (ch_side_name (st, side)));
  if (by != CH_NONE)
    json_object_object_add (ev, "by", json_object_new_string (ch_side_name (st, by)));
  json_object_array_add (events, ev);

  if (v == V_POINTS)
    return;   /* still in the game */
  if (v == V_TEAM)
    {
      /* Team rule 4: the first President lost ends the game; its team loses, even when a mine
       * or its own side's explosion took it. */
      guint8 a = 0, b;
      while (a == side || a == (guint8) st->rs.partner[side])
        a++;
      b = st->rs.partner[a];
      game_over_say (st, (1u << a) | (1u << b), N_("%s and %s win: they took the first President."),
                     ch_side_word (st, a), ch_side_word (st, b));
      return;
    }
  if (side == st->pos.ak)
    {
      st->pos.active &= ~(1u << side);
      remove_side_pieces (st, side);
      if (by != CH_NONE)
        game_over_say (st, 1u << by, N_("%s takes the Abandoned Kingdom's President and wins."), ch_side_word (st, by));
      else
        game_over_say (st, 0, N_("The Abandoned Kingdom's President is gone."));
      return;
    }
  if (v == V_SOLITAIRE)
    {
      game_over_say (st, 0, N_("%s lost the President: the game is lost, %d points."), ch_side_word (st, side),
                     st->score[side]);
      return;
    }
  mg_said_add (said, N_("; %s is out"), ch_side_word (st, side));
  if (v == V_ROGUE && by != CH_NONE && by != side)
    {
      /* Rule 6: the rogues the fallen side commanded leave play; rule 3: its own pieces turn. */
      for (guint s = 0; s < CH_SQ; s++)
        {
          guint8 pc = st->pos.sq[s];
          if (pc == 0 || P_CTRL (pc) != side)
            continue;
          if (P_OWNER (pc) != side)
            st->pos.sq[s] = 0;
          else
            st->pos.sq[s] = P_SET_CTRL (pc, by);
        }
      st->pos.active &= ~(1u << side);
      rogues_back (st, side, by, events);
    }
  else
    {
      remove_side_pieces (st, side);
      st->pos.active &= ~(1u << side);
    }
  ch_pos_refresh (&st->pos);
}

/* Checks who is out and whether the game ended. */
static void
settle (ChState *st, guint8 by, json_object *events, MgSaid *said)
{
  for (guint side = 0; side < CH_SIDES && st->phase != PH_OVER; side++)
    {
      if (!(st->pos.active & (1u << side)))
        continue;
      if (st->rs.variant != V_POINTS && ch_president_sq (&st->pos, side) == CH_NONE)
        president_lost (st, side, by, events, said);
      else if (st->rs.variant == V_POINTS && !ch_has_kind (&st->pos, side, K_GENERAL) && !ch_has_kind (&st->pos, side, K_ADMIRAL))
        {
          /* Points rule 5: without General and Admiral a player is out. */
          mg_said_add (said, N_("; %s has lost General and Admiral and is out"), ch_side_word (st, side));
          remove_side_pieces (st, side);
          st->pos.active &= ~(1u << side);
          ch_pos_refresh (&st->pos);
        }
    }
  if (st->phase == PH_OVER)
    return;
  if (st->rs.variant == V_POINTS)
    for (guint side = 0; side < CH_SIDES; side++)
      if ((st->players & (1u << side)) && st->score[side] >= st->rs.points_to_win)
        {
          game_over_say (st, 1u << side, N_("%s wins with %d points."), ch_side_word (st, side), st->score[side]);
          return;
        }
  {
    guint8 alive = ch_alive_players (st);
    guint n = __builtin_popcount (alive);
    if (n == 0)
      game_over_say (st, 0, N_("No President is left: the game is a draw."));
    else if (n == 1 && st->rs.variant != V_SOLITAIRE && st->pos.ak == CH_NONE)
      {
        guint w = g_bit_nth_lsf (alive, -1);
        game_over_say (st, 1u << w, N_("Victory! %s is the last player and wins."), ch_side_word (st, w));
      }
    else if (n == 1 && st->rs.variant == V_AK)
      {
        guint w = g_bit_nth_lsf (alive, -1);
        game_over_say (st, 1u << w, N_("Victory! %s is the last player and wins."), ch_side_word (st, w));
      }
  }
}

/* Rule 15: two players left, one with nothing but the President. */
static void
bare_rule (ChState *st, guint8 mover, json_object *events)
{
  guint8 alive = ch_alive_players (st);
  gint bare = -1;

  if (st->phase == PH_OVER)
    return;
  if (__builtin_popcount (alive) == 2 && st->pos.ak == CH_NONE)
    for (guint side = 0; side < CH_SIDES; side++)
      if ((alive & (1u << side)) && ch_count_pieces (&st->pos, side, FALSE, FALSE) == 0)
        bare = side;
  if (bare < 0)
    {
      st->bare_side = st->bare_left = -1;
      return;
    }
  if (st->bare_side != bare)
    {
      json_object *ev = ch_event_new ("bare_president");
      st->bare_side = bare;
      st->bare_left = st->rs.bare_moves;
      json_object_object_add (ev, "player", json_object_new_string (ch_side_name (st, bare)));
      json_object_object_add (ev, "moves", json_object_new_int64 (st->bare_left));
      json_object_array_add (events, ev);
      return;
    }
  if (mover != bare && st->bare_left > 0 && --st->bare_left == 0)
    {
      MgSaid *result = mg_said_new ();
      mg_said_add_n (result, "%s's President survived %u move: the game is a draw.",
                     "%s's President survived %u moves: the game is a draw.", st->rs.bare_moves,
                     ch_side_word (st, bare), st->rs.bare_moves);
      game_over (st, 0, result);
    }
}

/* ---------------------------------------------------------------- mines */

static void
blast (ChState *st, guint8 centre, guint radius, guint8 by, json_object *events)
{
  gint x0 = centre % CH_W, y0 = centre / CH_W, r = radius;
  guint keep = 0;

  for (gint y = MAX (0, y0 - r); y <= MIN (CH_W - 1, y0 + r); y++)
    for (gint x = MAX (0, x0 - r); x <= MIN (CH_W - 1, x0 + r); x++)
      {
        guint8 s = y * CH_W + x;
        if (st->pos.sq[s] != 0)
          {
            json_object *ev = ch_event_new ("killed");
            json_object_object_add (ev, "at", ch_sq_json (s));
            json_object_object_add (ev, "piece", ch_piece_json (st, CH_NONE, st->pos.sq[s]));
            json_object_array_add (events, ev);
            piece_lost (st, st->pos.sq[s], by, TRUE, events);
            st->pos.sq[s] = 0;
          }
      }
  for (guint i = 0; i < st->n_mines; i++)
    if (ch_dist (st->mines[i].sq, centre) > radius)
      st->mines[keep++] = st->mines[i];
  st->n_mines = keep;
}

static gboolean
mine_deactivated (const ChState *st, const ChMine *m)
{
  for (guint d = 0; d < CH_SQ; d++)
    if (st->pos.sq[d] != 0 && P_KIND (st->pos.sq[d]) == K_MARINE && P_CTRL (st->pos.sq[d]) == m->owner &&
        ch_dist (d, m->sq) == 1)
      return TRUE;
  return FALSE;
}

static void
mines_after_move (ChState *st, guint8 to, json_object *events, MgSaid *said)
{
  for (guint i = 0; i < st->n_mines; i++)
    {
      ChMine *m = &st->mines[i];
      guint8 pc = st->pos.sq[to];
      if (pc == 0)
        return;
      if (ch_dist (m->sq, to) > st->rs.mine_trigger)
        continue;
      if (m->owner == P_CTRL (pc))
        {
          if (P_KIND (pc) == K_AIR_FORCE)
            {
              st->lost_turn |= 1u << m->owner;
              mg_said_add (said, N_("; the Air Force landed next to its own mine: %s loses a turn"),
                           ch_side_word (st, m->owner));
            }
          continue;
        }
      if (!mine_deactivated (st, m) || P_KIND (pc) == K_AIR_FORCE)
        {
          json_object *ev = ch_event_new ("mine");
          guint8 sq = m->sq, owner = m->owner;
          char name[4];
          ch_square_name (sq, name);
          json_object_object_add (ev, "at", ch_sq_json (sq));
          json_object_object_add (ev, "owner", json_object_new_string (ch_side_name (st, owner)));
          json_object_object_add (ev, "result", json_object_new_string ("detonated"));
          json_object_array_add (events, ev);
          mg_said_add (said, N_("; %s's mine on %s detonates"), ch_side_word (st, owner), name);
          st->mines_detonated[owner]++;
          blast (st, sq, st->rs.mine_blast, CH_NONE, events);
          i = (guint) -1;   /* the list changed: look again */
          continue;
        }
      if (P_KIND (pc) == K_MARINE)
        {
          /* Rule 6: the deactivating Marines die and the mine changes hands. */
          json_object *ev = ch_event_new ("mine");
          char name[4];
          ch_square_name (m->sq, name);
          for (guint d = 0; d < CH_SQ; d++)
            if (st->pos.sq[d] != 0 && P_KIND (st->pos.sq[d]) == K_MARINE && P_CTRL (st->pos.sq[d]) == m->owner &&
                ch_dist (d, m->sq) == 1)
              {
                piece_lost (st, st->pos.sq[d], P_CTRL (pc), FALSE, events);
                st->pos.sq[d] = 0;
              }
          json_object_object_add (ev, "at", ch_sq_json (m->sq));
          json_object_object_add (ev, "owner", json_object_new_string (ch_side_name (st, m->owner)));
          json_object_object_add (ev, "result", json_object_new_string ("captured"));
          json_object_object_add (ev, "by", json_object_new_string (ch_side_name (st, P_CTRL (pc))));
          json_object_array_add (events, ev);
          mg_said_add (said, N_("; %s's deactivated mine on %s kills its Marine and is now %s's"),
                       ch_side_word (st, m->owner), name, ch_side_word (st, P_CTRL (pc)));
          m->owner = P_CTRL (pc);
        }
    }
}

/* ---------------------------------------------------------------- the Abandoned Kingdom */

/* The order of power for a killer: Admiral first … Marine, the President (not in the order) last. */
static gint
killer_rank (const ChState *st, guint8 pc)
{
  return P_KIND (pc) == K_PRESIDENT ? CH_N_KINDS : (gint) st->rs.power[P_KIND (pc)];
}

static void
ak_reply (ChState *st, json_object *events, MgSaid *said)
{
  ChPos q;
  ChMove moves[CH_MAX_MOVES];
  guint n = 0, best = 0;
  guint8 ak = st->pos.ak, pres;
  gboolean threat[CH_MAX_MOVES];

  if (ak == CH_NONE || st->phase == PH_OVER || !(st->pos.active & (1u << ak)))
    return;
  if (st->rs.ak_max_kills > 0 && st->ak_kills >= st->rs.ak_max_kills)
    return;
  memcpy (&q, &st->pos, sizeof q);
  q.stm = ak;
  q.forbid = 0;
  for (guint s = 0; s < CH_SQ; s++)
    if (q.sq[s] != 0 && P_CTRL (q.sq[s]) == ak)
      n += ch_gen_piece (&q, s, moves + n, TRUE);
  if (n == 0)
    return;   /* rule 7: the AK moves only to kill */
  pres = ch_president_sq (&q, ak);
  for (guint i = 0; i < n; i++)
    threat[i] = pres != CH_NONE && ch_can_capture (&q, moves[i].to, pres);
  for (guint i = 1; i < n; i++)
    {
      guint8 vi = q.sq[moves[i].to], vb = q.sq[moves[best].to];
      guint8 ki = q.sq[moves[i].from], kb = q.sq[moves[best].from];
      gint c;
      /* Rule 12: the invader threatening the President; then power; then nearest the President
       * (rule 13); then the nearest killer (rule 10), the most powerful at equal distance (11). */
      if ((c = (gint) threat[best] - (gint) threat[i]) == 0 &&
          (c = (gint) st->rs.power[P_KIND (vi)] - (gint) st->rs.power[P_KIND (vb)]) == 0 &&
          (c = pres == CH_NONE ? 0 : (gint) ch_dist (moves[i].to, pres) - (gint) ch_dist (moves[best].to, pres)) == 0 &&
          (c = (gint) ch_dist (moves[i].from, moves[i].to) - (gint) ch_dist (moves[best].from, moves[best].to)) == 0)
        c = killer_rank (st, ki) - killer_rank (st, kb);
      if (c < 0)
        best = i;
    }
  {
    ChMove m = moves[best];
    guint8 killer = q.sq[m.from], victim = q.sq[m.to], ks[25], kp[25], back;
    guint nk;
    gboolean ex;
    char from[4], to[4];
    json_object *ev = ch_event_new ("ak_kill");
    const char *why = threat[best] ? mg_message_word (N_("it threatened the AK President"))
                      : mg_message_word (N_("the most powerful invader within reach, the closest to the AK President"));
    g_autoptr(MgSaid) vt = ch_piece_said (st, victim);

    ch_square_name (m.from, from);
    ch_square_name (m.to, to);
    ch_make (&st->pos, m, ks, kp, &nk, &ex, &back);
    piece_lost (st, victim, ak, FALSE, events);
    st->ak_kills++;
    st->pos.ak_active = TRUE;
    json_object_object_add (ev, "from", ch_sq_json (m.from));
    json_object_object_add (ev, "to", ch_sq_json (m.to));
    json_object_object_add (ev, "piece", json_object_new_string (ch_kind_ids[P_KIND (killer)]));
    json_object_object_add (ev, "takes", ch_piece_json (st, CH_NONE, victim));
    json_object_object_add (ev, "why", json_object_new_string (why));
    json_object_array_add (events, ev);
    mg_said_add (said, N_("; the Abandoned Kingdom's %s %s–%s takes %s (%s)"),
                 ch_kind_word (P_KIND (killer)), from, to, mg_message_phrase (vt), why);
    st->last_from = m.from;
    st->last_to = m.to;
    settle (st, ak, events, said);
  }
}

/* ---------------------------------------------------------------- turns */

/* Kinds whose threat must be announced: the President, and in Points the General and Admiral. */
static guint32
melee_kinds (const ChState *st)
{
  return (1u << K_PRESIDENT) | (st->rs.variant == V_POINTS ? (1u << K_GENERAL) | (1u << K_ADMIRAL) : 0);
}

/* What a side may take only after saying "Mêlée" on it: nothing, or by the house rule
 * uncovered_threat_needs_melee every President (Points: General, Admiral too). */
guint32
ch_melee_unsaid (const ChState *st)
{
  guint32 bits = 0, kinds = melee_kinds (st);

  if (!st->rs.uncovered_needs_melee)
    return 0;
  for (guint s = 0; s < CH_SIDES; s++)
    for (guint k = 1; k < CH_N_KINDS; k++)
      if (kinds & (1u << k))
        bits |= P_BIT (s, k);
  return bits;
}

static guint32
threats_of (const ChState *st, guint side)
{
  guint32 bits = 0, kinds = melee_kinds (st);

  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = st->pos.sq[s];
      if (pc == 0 || !(kinds & (1u << P_KIND (pc))) || !(st->pos.enemies[side] & (1u << P_CTRL (pc))))
        continue;
      if (ch_attackers (&st->pos, s) & (1u << side))
        bits |= P_BIT (P_OWNER (pc), P_KIND (pc));
    }
  return bits;
}

/* Rule 12 at the start of `side`'s turn: its President in announced Mêlée with no way out. */
static gboolean
victory_check (ChState *st, guint side, json_object *events, MgSaid *said)
{
  guint8 pres = ch_president_sq (&st->pos, side), attackers, by = CH_NONE;
  gboolean escape;

  /* The house rule victim_moves_first: the victim plays its turn; the President is taken by a move. */
  if (pres == CH_NONE || st->rs.variant == V_POINTS || st->rs.victim_moves_first)
    return FALSE;
  attackers = ch_attackers (&st->pos, pres);
  for (guint i = 1; i <= CH_SIDES && by == CH_NONE; i++)
    {
      guint x = (side + i) % CH_SIDES;
      if ((attackers & (1u << x)) && (st->announced[x] & (1u << side)))
        by = x;
    }
  if (by == CH_NONE)
    return FALSE;
  {
    ChPos q;
    memcpy (&q, &st->pos, sizeof q);
    q.forbid = st->forbid[side];
    escape = !ch_president_trapped (&q, side, pres, by, st->rs.victory_any_move);
  }
  if (escape)
    return FALSE;
  {
    json_object *ev = ch_event_new ("victory");
    char name[4];
    ch_square_name (pres, name);
    json_object_object_add (ev, "by", json_object_new_string (ch_side_name (st, by)));
    json_object_object_add (ev, "president", json_object_new_string (ch_side_name (st, side)));
    json_object_object_add (ev, "at", ch_sq_json (pres));
    json_object_array_add (events, ev);
    mg_said_add (said, N_("; Victory! %s's President on %s has no move but into Mêlée and is taken by %s"),
                 ch_side_word (st, side), name, ch_side_word (st, by));
    piece_lost (st, st->pos.sq[pres], by, FALSE, events);
    st->pos.sq[pres] = 0;
    settle (st, by, events, said);
  }
  return TRUE;
}

void
ch_begin_turn (ChState *st, json_object *events, MgSaid *said)
{
  for (guint guard = 0; guard < 3 * CH_SIDES && st->phase != PH_OVER; guard++)
    {
      guint8 prev = st->pos.stm, next = ch_next_side (prev, ch_alive_players (st));
      if (next <= prev)
        st->turn++;
      st->pos.stm = next;
      if (st->lost_turn & (1u << next))
        {
          st->lost_turn &= ~(1u << next);
          mg_said_add (said, N_("; %s loses this turn"), ch_side_word (st, next));
          continue;
        }
      if (victory_check (st, next, events, said))
        continue;
      break;
    }
  st->phase = st->phase == PH_OVER ? PH_OVER : PH_MOVE;
  st->pos.forbid = st->forbid[st->pos.stm];
}

/* ---------------------------------------------------------------- why a move is refused */

static gint
sgn (gint v)
{
  return (v > 0) - (v < 0);
}

/* The squares strictly between from and to on a line (rank, file or diagonal). */
static guint
between (guint8 from, guint8 to, guint8 *out)
{
  gint dx = sgn ((gint) (to % CH_W) - (gint) (from % CH_W)), dy = sgn ((gint) (to / CH_W) - (gint) (from / CH_W));
  gint x = from % CH_W + dx, y = from / CH_W + dy;
  guint n = 0;

  while (y * CH_W + x != to)
    {
      out[n++] = y * CH_W + x;
      x += dx;
      y += dy;
    }
  return n;
}

/* A refused move as explain() and its helpers read it. */
typedef struct {
  const ChState *st;
  const ChPos   *p;
  const ChGeom  *g;
  guint8         from, to, pc, v;   /* the squares, the piece moved and the one on `to` (0) */
  gint           dx, dy, adx, ady;  /* files and ranks from `from` to `to`, and their sizes */
  char           f[4], t[4];        /* the squares' names */
} ChWhy;

/* Why the piece pc on square f may not move at all now, wherever it would go: not its side's
 * turn, or a rogue its side does not command (NULL: neither). */
static MgMessage *
explain_control (const ChState *st, const ChPos *p, guint8 pc, const char *f)
{
  if (P_CTRL (pc) != p->stm)
    return mg_message_new (N_("The %s on %s is %s's; it is %s's turn."), ch_kind_word (P_KIND (pc)), f,
                           ch_side_word (st, P_CTRL (pc)), ch_side_word (st, p->stm));
  if (P_OWNER (pc) != P_CTRL (pc) && !(p->command & (1u << P_CTRL (pc))))
    return mg_message_new (N_("%s commands rogues only with the President and one piece of its own on the board."),
                            ch_side_word (st, P_CTRL (pc)));
  return NULL;
}

/* The refusals any piece may meet: not its turn, a rogue without command, a square of its own,
 * a partner's, the AK's from outside, a piece it may not take for want of "Mêlée". */
static MgMessage *
explain_any (const ChWhy *y)
{
  const ChState *st = y->st;
  const ChPos *p = y->p;
  guint8 pc = y->pc, v = y->v;
  MgMessage *why;

  if ((why = explain_control (st, p, pc, y->f)) != NULL)
    return why;
  if (y->from == y->to)
    return mg_message_new (N_("A move must go to another square."));
  if (v != 0 && P_CTRL (v) == P_CTRL (pc))
    return mg_message_new (N_("%s is occupied by your own %s."), y->t, ch_kind_word (P_KIND (v)));
  if (v != 0 && st->rs.partner[P_CTRL (pc)] == P_CTRL (v))
    return mg_message_new (N_("Team members never capture each other's pieces."));
  if (v != 0 && P_CTRL (v) == p->ak && y->g->domain[y->from] != p->ak)
    return mg_message_new (N_("An Abandoned Kingdom piece can be captured only from inside its domain."));
  if (v != 0 && (p->forbid & P_BIT (P_OWNER (v), P_KIND (v))))
    return mg_message_new (N_("%s did not say “Mêlée”: the %s on %s cannot be taken on this move."),
                            ch_side_word (st, p->stm), ch_kind_word (P_KIND (v)), y->t);
  return NULL;
}

/* The President: one square, onto land, never into Mêlée. */
static MgMessage *
explain_president (const ChWhy *y)
{
  ChPos q;
  guint8 by = CH_NONE;
  char w[4];

  if (y->adx > 1 || y->ady > 1)
    return mg_message_new (N_("The President moves one square only."));
  if (y->g->terrain[y->to] == T_WATER)
    return mg_message_new (N_("The President cannot stand on the water at %s."), y->t);
  if (y->g->terrain[y->to] == T_WALL)
    return mg_message_new (N_("Only a Marine may stand on the wall at %s."), y->t);
  memcpy (&q, y->p, sizeof q);
  q.sq[y->to] = q.sq[y->from];
  q.sq[y->from] = 0;
  if (ch_attacked (&q, y->to, &by))
    {
      g_autoptr(MgSaid) bt = ch_piece_said (y->st, q.sq[by]);
      ch_square_name (by, w);
      return mg_message_new (N_("The President may not move into Mêlée: %s is threatened by %s on %s."), y->t,
                             mg_message_phrase (bt), w);
    }
  return NULL;
}

/* The Admiral and the General: lines, no piece passed over, the Admiral no wall, the General no water. */
static MgMessage *
explain_slide (const ChWhy *y)
{
  const ChGeom *g = y->g;
  guint kind = P_KIND (y->pc);
  const char *kn = ch_kind_word (kind);
  guint8 path[CH_W];
  guint n;
  char w[4];

  if (!(y->dx == 0 || y->dy == 0 || y->adx == y->ady))
    return mg_message_new (N_("The %s moves along ranks, files and diagonals."), kn);
  n = between (y->from, y->to, path);
  for (guint i = 0; i < n; i++)
    {
      ch_square_name (path[i], w);
      if (kind == K_ADMIRAL && g->terrain[path[i]] == T_WALL)
        return mg_message_new (N_("The Admiral cannot cross the wall at %s."), w);
      if (kind == K_GENERAL && g->terrain[path[i]] == T_WATER)
        return mg_message_new (N_("The General cannot cross the water at %s."), w);
      if (y->p->sq[path[i]] != 0)
        return mg_message_new (N_("The %s cannot pass over the %s on %s."), kn, ch_kind_word (P_KIND (y->p->sq[path[i]])), w);
    }
  if (g->terrain[y->to] == T_WALL)
    return mg_message_new (N_("Only a Marine may stand on the wall at %s."), y->t);
  if (kind == K_GENERAL && g->terrain[y->to] == T_WATER)
    return mg_message_new (N_("The General cannot land on the water at %s."), y->t);
  return NULL;
}

/* The Air Force: diagonals (a capture after flying over a piece needs support), one step straight. */
static MgMessage *
explain_air_force (const ChWhy *y)
{
  guint8 path[CH_W];
  guint n;
  char w[4];

  if (y->adx + y->ady == 1)
    {
      if (y->v != 0)
        return mg_message_new (N_("The Air Force's one square straight never captures."));
    }
  else if (y->adx != y->ady)
    return mg_message_new (N_("The Air Force flies diagonally, or steps one square straight without capturing."));
  if (y->g->terrain[y->to] == T_WATER)
    return mg_message_new (N_("The Air Force cannot land on the water at %s."), y->t);
  if (y->g->terrain[y->to] == T_WALL)
    return mg_message_new (N_("Only a Marine may stand on the wall at %s."), y->t);
  if (y->v == 0 || y->adx != y->ady)
    return NULL;
  n = between (y->from, y->to, path);
  for (guint i = 0; i < n; i++)
    if (y->p->sq[path[i]] != 0)
      {
        ch_square_name (path[i], w);
        return mg_message_new (N_("The Air Force flew over the %s on %s: it may take only a piece standing next to another %s piece."),
                                ch_kind_word (P_KIND (y->p->sq[path[i]])), w, ch_colour_arg (y->st, P_OWNER (y->pc)));
      }
  return NULL;
}

/* The Navy: the knight's leap, its path crossing no wall. */
static MgMessage *
explain_navy (const ChWhy *y)
{
  const ChGeom *g = y->g;
  char w[4];

  if (!((y->adx == 1 && y->ady == 2) || (y->adx == 2 && y->ady == 1)))
    return mg_message_new (N_("The Navy moves two squares straight, then one to the side."));
  for (guint k = 0; k < g->n_knight[y->from]; k++)
    if (g->knight[y->from][k].to == y->to)
      {
        guint8 ps[2] = { g->knight[y->from][k].p1, g->knight[y->from][k].p2 };
        for (guint i = 0; i < 2; i++)
          if (g->terrain[ps[i]] == T_WALL)
            {
              ch_square_name (ps[i], w);
              return mg_message_new (N_("The Navy cannot cross the wall at %s."), w);
            }
      }
  if (g->terrain[y->to] == T_WALL)
    return mg_message_new (N_("Only a Marine may stand on the wall at %s."), y->t);
  return NULL;
}

/* The Army: ranks and files over land, onto a wall only by capturing, never capturing off it. */
static MgMessage *
explain_army (const ChWhy *y)
{
  const ChGeom *g = y->g;
  guint8 path[CH_W];
  guint n;
  char w[4];

  if (y->dx != 0 && y->dy != 0)
    return mg_message_new (N_("The Army moves along ranks and files only."));
  n = between (y->from, y->to, path);
  for (guint i = 0; i < n; i++)
    {
      ch_square_name (path[i], w);
      if (g->terrain[path[i]] == T_WATER)
        return mg_message_new (N_("The Army cannot cross the water at %s."), w);
      if (g->terrain[path[i]] == T_WALL)
        return mg_message_new (N_("The Army cannot cross the wall at %s."), w);
      if (y->p->sq[path[i]] != 0)
        return mg_message_new (N_("The Army cannot pass over the %s on %s."), ch_kind_word (P_KIND (y->p->sq[path[i]])), w);
    }
  if (g->terrain[y->to] == T_WATER)
    return mg_message_new (N_("The Army cannot land on the water at %s."), y->t);
  if (g->terrain[y->to] == T_WALL && y->v == 0)
    return mg_message_new (N_("The Army stands on the wall at %s only by capturing a piece there."), y->t);
  if (g->terrain[y->from] == T_WALL && y->v != 0 && g->terrain[y->to] != T_WALL)
    return mg_message_new (N_("Moving off the wall, the Army cannot capture; on the wall it captures only pieces on a wall."));
  return NULL;
}

/* A Marine's two-square first move (`ahead` steps forward): not moved yet, not the AK's, forward
 * unless every direction is allowed, the middle square empty and not a wall (house rule). */
static MgMessage *
explain_marine_double (const ChWhy *y, gint ahead)
{
  guint8 path[CH_W];
  char w[4];

  if (y->pc & P_MOVED)
    return mg_message_new (N_("The Marine on %s has already moved: it may go only one square."), y->f);
  if (y->p->ak == P_OWNER (y->pc))
    return mg_message_new (N_("An Abandoned Kingdom Marine never moves two squares."));
  if (ahead == 0 && !y->st->rs.double_step_all)
    return mg_message_new (N_("A Marine's two-square first move goes forward or diagonally forward."));
  between (y->from, y->to, path);
  ch_square_name (path[0], w);
  if (y->p->sq[path[0]] != 0)
    return mg_message_new (N_("The Marine cannot pass over the %s on %s."), ch_kind_word (P_KIND (y->p->sq[path[0]])), w);
  if (y->g->terrain[path[0]] == T_WALL && !y->st->rs.double_step_over_wall)
    return mg_message_new (N_("The Marine stops on the wall at %s."), w);
  return NULL;
}

/* A Marine: forward, diagonally forward or sideways, along a wall and off it at the front end,
 * capturing forward (sideways too at a front end, by the house rule). */
static MgMessage *
explain_marine (const ChWhy *y)
{
  const ChGeom *g = y->g;
  guint owner = P_OWNER (y->pc);
  gint fx = g->fwd_dx[owner], fy = g->fwd_dy[owner];
  gint ahead = y->dx * fx + y->dy * fy;       /* steps forward */
  gint aside = ABS (y->dx * fy - y->dy * fx);  /* steps sideways */
  gboolean on_wall = g->terrain[y->from] == T_WALL;
  guint8 v = y->v;
  char w[4];

  if (ahead < 0)
    return mg_message_new (N_("A Marine never moves backward (except along a wall)."));
  if (on_wall && !g->wall_front[y->from] && !(g->terrain[y->to] == T_WALL && ch_dist (y->from, y->to) == 1))
    {
      guint8 front = y->from;
      for (guint i = 0; i < 4; i++)
        if (g->wall_nb[front][1] != CH_NONE)
          front = g->wall_nb[front][1];
      ch_square_name (front, w);
      return mg_message_new (N_("On the wall a Marine moves only along the wall; it leaves the wall only at the front end (%s)."), w);
    }
  if (ahead > 2 || aside > 2 || (ahead != 0 && aside != 0 && ahead != aside))
    return mg_message_new (N_("A Marine moves one square forward, diagonally forward or sideways."));
  if (MAX (ahead, aside) == 2)
    {
      MgMessage *why = explain_marine_double (y, ahead);
      if (why != NULL)
        return why;
    }
  if (v != 0 && ahead == 0 && !(on_wall && g->wall_front[y->from] && y->st->rs.front_lateral_capture))
    return mg_message_new (N_("A Marine captures only forward and diagonally forward, never sideways."));
  if (v != 0 && g->terrain[y->to] == T_WALL && !on_wall && P_KIND (v) == K_MARINE)
    return mg_message_new (N_("A Marine off the wall cannot capture a Marine on the wall."));
  if (v != 0 && on_wall && g->terrain[y->to] != T_WALL && !g->wall_front[y->from])
    return mg_message_new (N_("On the wall a Marine captures only along the wall."));
  return NULL;
}

char *
mg_chess_why_no_move (const MgState *state, const char *square)
{
  const ChState *st = (const ChState *) state;
  g_autoptr(MgMessage) why = NULL;
  ChMove moves[128];
  guint8 from, pc;
  char f[4];

  if (state->rules != mg_chess_rules () || st->phase != PH_MOVE || !ch_square_parse (square, &from) ||
      (pc = st->pos.sq[from]) == 0)
    return NULL;
  ch_square_name (from, f);
  why = explain_control (st, &st->pos, pc, f);
  if (why == NULL && ch_gen_piece (&st->pos, from, moves, TRUE) == 0)
    why = mg_message_new (N_("The %s on %s has no legal move now."), ch_kind_word (P_KIND (pc)), f);
  return why != NULL ? mg_message_to_string (why) : NULL;
}

/* A sentence for the table saying why the piece on `from` may not go to `to` (NULL: no reason found). */
static MgMessage *
explain (const ChState *st, guint8 from, guint8 to)
{
  ChWhy y = { st, &st->pos, st->g, from, to, st->pos.sq[from], st->pos.sq[to], 0, 0, 0, 0, "", "" };
  MgMessage *why;

  ch_square_name (from, y.f);
  ch_square_name (to, y.t);
  if (y.pc == 0)
    return mg_message_new (N_("There is no piece on %s."), y.f);
  if ((why = explain_any (&y)) != NULL)
    return why;
  y.dx = (gint) (to % CH_W) - (gint) (from % CH_W);
  y.dy = (gint) (to / CH_W) - (gint) (from / CH_W);
  y.adx = ABS (y.dx);
  y.ady = ABS (y.dy);
  switch (P_KIND (y.pc))
    {
    case K_PRESIDENT: why = explain_president (&y); break;
    case K_ADMIRAL:
    case K_GENERAL:   why = explain_slide (&y); break;
    case K_AIR_FORCE: why = explain_air_force (&y); break;
    case K_NAVY:      why = explain_navy (&y); break;
    case K_ARMY:      why = explain_army (&y); break;
    case K_MARINE:    why = explain_marine (&y); break;
    default:          why = NULL; break;
    }
  if (why == NULL && P_CTRL (y.pc) == st->pos.ak)
    why = mg_message_new (N_("The Abandoned Kingdom moves only to kill an invader in its domain."));
  return why;
}

/* ---------------------------------------------------------------- actions */

static gboolean
get_square (json_object *action, const char *key, guint8 *out, GError **error)
{
  const char *name;

  if (!mg_json_get_string (action, NULL, key, CH_ACTION_ERR, &name, error))
    return FALSE;
  if (!ch_square_parse (name, out))
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                   N_("\"%s\" must be a square from a1 to n14 (files a–n, ranks 1–14), got \"%s\""), key, name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_player (ChState *st, json_object *action, guint side, GError **error)
{
  const char *name;

  if (mg_json_member (action, "player") == NULL)
    return TRUE;
  if (!mg_json_get_string (action, NULL, "player", CH_ACTION_ERR, &name, error))
    return FALSE;
  for (guint i = 0; i < st->n_players; i++)
    if (strcmp (st->names[i], name) == 0)
      {
        if ((guint) st->side_of[i] != side)
          return mg_illegal (error, N_("It is %s's turn, not %s's."), ch_side_word (st, side), name);
        return TRUE;
      }
  return mg_illegal (error, N_("There is no player called \"%s\" in this game."), name);
}

/* An action played: its sentence ends with a period (the shared runner adds none). */
static gboolean
played (MgSaid *said)
{
  if (mg_said_length (said) == 0 || !g_str_has_suffix (mg_said_text (said), "."))
    mg_said_add_text (said, ".");
  return TRUE;
}

/* The game just ended: ". " and how (said when the action ends it, in the action's sentence). */
static gboolean
played_over (ChState *st, MgSaid *said)
{
  mg_said_add_text (said, ". ");
  mg_said_append (said, st->result);
  return played (said);
}

/* A move's squares read and checked: the phase, the player, the piece's legal moves (else why not). */
static gboolean
move_check (ChState *st, json_object *action, guint8 *from, guint8 *to, GError **error)
{
  static const char * const known[] = { "type", "player", "from", "to", "template", NULL };
  ChMove moves[128];
  guint8 pc;
  guint n;
  gboolean ok = FALSE;
  MgMessage *why;

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error) || !get_square (action, "from", from, error) ||
      !get_square (action, "to", to, error))
    return FALSE;
  if (st->phase == PH_MINES)
    return mg_illegal (error, N_("The mines are not all placed yet."));
  if (st->phase == PH_MELEE)
    return mg_illegal (error, N_("First say whether %s announced “Mêlée”."), ch_side_word (st, st->mover));
  if (!check_player (st, action, st->pos.stm, error))
    return FALSE;
  pc = st->pos.sq[*from];
  n = pc != 0 && P_CTRL (pc) == st->pos.stm ? ch_gen_piece (&st->pos, *from, moves, TRUE) : 0;
  for (guint i = 0; i < n; i++)
    ok |= moves[i].to == *to;
  if (ok)
    return TRUE;
  why = explain (st, *from, *to);
  if (why == NULL)
    why = mg_message_new (N_("That move is not allowed."));
  return mg_refuse_message (error, MG_RULES_ERROR_ILLEGAL, why);
}

/* A Marine exploded on `to`: the event, the sentence, the killed pieces lost, the mines in the blast gone. */
static void
move_explosion (ChState *st, MgPlay *play, guint8 mover, guint8 to, const guint8 *ks, const guint8 *kp,
                guint nk, guint8 back)
{
  json_object *e2 = ch_event_new ("explosion");
  json_object *killed = json_object_new_array ();
  char t[4], b[4];

  ch_square_name (to, t);
  json_object_object_add (e2, "at", json_object_new_string (t));
  for (guint i = 0; i < nk; i++)
    {
      json_object_array_add (killed, ch_piece_json (st, ks[i], kp[i]));
      piece_lost (st, kp[i], mover, TRUE, play->events);
    }
  json_object_object_add (e2, "killed", killed);
  json_object_object_add (e2, "back_to", ch_sq_json (back));
  json_object_array_add (play->events, e2);
  if (back != CH_NONE)
    {
      ch_square_name (back, b);
      mg_said_add_n (play->said, "; the Marine explodes on %s, killing %u piece, and comes back on %s",
                     "; the Marine explodes on %s, killing %u pieces, and comes back on %s", nk, t, nk, b);
    }
  else
    mg_said_add_n (play->said, "; the Marine explodes on %s, killing %u piece, and is lost (no free square)",
                   "; the Marine explodes on %s, killing %u pieces, and is lost (no free square)", nk, t, nk);
  for (guint i = 0; i < st->n_mines;)
    if (ch_dist (st->mines[i].sq, to) <= st->rs.explosion_radius)
      st->mines[i] = st->mines[--st->n_mines];
    else
      i++;
}

/* The move made on the board: the sentence, the "move" event, a capture, an explosion. */
static void
move_make (ChState *st, MgPlay *play, guint8 mover, guint8 from, guint8 to)
{
  guint8 pc = st->pos.sq[from], taken, ks[25], kp[25], back;
  guint nk;
  gboolean ex;
  json_object *ev;
  char f[4], t[4];

  ch_square_name (from, f);
  ch_square_name (to, t);
  {
    g_autoptr(MgSaid) pt = ch_piece_said (st, pc);
    mg_said_add (play->said, N_("%s %s–%s"), mg_message_phrase (pt), f, t);
  }
  taken = ch_make (&st->pos, (ChMove) { from, to }, ks, kp, &nk, &ex, &back);
  st->ply++;
  st->last_from = from;
  st->last_to = to;
  ev = ch_event_new ("move");
  json_object_object_add (ev, "player", json_object_new_string (ch_side_name (st, mover)));
  json_object_object_add (ev, "piece", json_object_new_string (ch_kind_ids[P_KIND (pc)]));
  json_object_object_add (ev, "from", json_object_new_string (f));
  json_object_object_add (ev, "to", json_object_new_string (t));
  if (taken)
    {
      g_autoptr(MgSaid) vt = ch_piece_said (st, taken);
      json_object_object_add (ev, "takes", ch_piece_json (st, CH_NONE, taken));
      mg_said_add (play->said, N_(" takes %s"), mg_message_phrase (vt));
      piece_lost (st, taken, mover, FALSE, play->events);
      if (st->pos.ak != CH_NONE && st->g->domain[to] == st->pos.ak)
        st->pos.ak_active = TRUE;   /* AK rule 5: a first kill in its domain */
    }
  json_object_array_add (play->events, ev);
  if (ex)
    move_explosion (st, play, mover, to, ks, kp, nk, back);
}

/* Rogue rule 5: taking B's last own piece besides the President hands B's rogues to the taker. */
static void
rogues_to_taker (ChState *st, guint8 mover, const guint *own_before)
{
  for (guint b = 0; b < CH_SIDES; b++)
    if (b != mover && own_before[b] > 0 && ch_count_pieces (&st->pos, b, TRUE, FALSE) == 0 &&
        ch_president_sq (&st->pos, b) != CH_NONE && ch_president_sq (&st->pos, mover) != CH_NONE &&
        ch_count_pieces (&st->pos, mover, TRUE, FALSE) > 0)
      for (guint s = 0; s < CH_SQ; s++)
        if (st->pos.sq[s] != 0 && P_CTRL (st->pos.sq[s]) == b && P_OWNER (st->pos.sq[s]) != b)
          st->pos.sq[s] = P_SET_CTRL (st->pos.sq[s], mover);
}

/* The mover threatens pieces: the game waits for its "Mêlée" answer (a "threat" event names them). */
static void
await_melee (ChState *st, MgPlay *play, guint8 mover)
{
  json_object *e3 = ch_event_new ("threat");
  json_object *who = json_object_new_array ();

  st->phase = PH_MELEE;
  st->mover = mover;
  for (guint s = 0; s < CH_SIDES; s++)
    for (guint k = 1; k < CH_N_KINDS; k++)
      if (st->threat & P_BIT (s, k))
        {
          json_object *w = json_object_new_object ();
          json_object_object_add (w, "player", json_object_new_string (ch_side_name (st, s)));
          json_object_object_add (w, "kind", json_object_new_string (ch_kind_ids[k]));
          json_object_array_add (who, w);
        }
  json_object_object_add (e3, "threatened", who);
  json_object_array_add (play->events, e3);
}

/* The actions (mg-actions.h): each plays on the runner's copy of the state. */
static gboolean
act_move (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  ChState *st = (ChState *) state;
  guint8 from, to, mover = st->pos.stm;
  guint own_before[CH_SIDES];

  if (!move_check (st, action, &from, &to, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks are done: nothing below refuses */
  for (guint s = 0; s < CH_SIDES; s++)
    own_before[s] = ch_count_pieces (&st->pos, s, TRUE, FALSE);
  move_make (st, play, mover, from, to);
  if (st->rs.variant == V_MINEFIELD)
    mines_after_move (st, to, play->events, play->said);
  if (st->rs.variant == V_ROGUE)
    rogues_to_taker (st, mover, own_before);
  ch_pos_refresh (&st->pos);
  settle (st, mover, play->events, play->said);
  st->forbid[mover] = ch_melee_unsaid (st);
  st->announced[mover] = 0;
  ak_reply (st, play->events, play->said);
  bare_rule (st, mover, play->events);
  if (st->phase == PH_OVER)
    return played_over (st, play->said);
  st->threat = (st->pos.active & (1u << mover)) ? threats_of (st, mover) : 0;
  if (st->threat != 0)
    await_melee (st, play, mover);
  else
    ch_begin_turn (st, play->events, play->said);
  return played (play->said);
}

/* "Red's President, Blue's General": what the mover threatens, awaiting the answer. */
static MgSaid *
threat_said (const ChState *st)
{
  MgSaid *whom = mg_said_new ();

  for (guint s = 0; s < CH_SIDES; s++)
    for (guint k = 1; k < CH_N_KINDS; k++)
      if (st->threat & P_BIT (s, k))
        {
          if (mg_said_length (whom) > 0)
            mg_said_add (whom, N_(", "));
          if (ch_side_is_ak (st, s))
            /* Translators: a piece of the Abandoned Kingdom under threat, "the Abandoned Kingdom's President". */
            mg_said_add (whom, N_("the Abandoned Kingdom's %s"), ch_kind_word (k));
          else
            mg_said_add (whom, N_("%s's %s"), ch_side_word (st, s), ch_kind_word (k));
        }
  return whom;
}

static gboolean
act_melee (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  ChState *st = (ChState *) state;
  static const char * const known[] = { "type", "player", "said", "template", NULL };
  gboolean said;
  json_object *ev;
  g_autoptr(MgSaid) whom = NULL;

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error) ||
      !mg_json_get_bool (action, NULL, "said", CH_ACTION_ERR, &said, error))
    return FALSE;
  if (st->phase != PH_MELEE)
    return mg_illegal (error, N_("No move is waiting for a “Mêlée” answer."));
  if (!check_player (st, action, st->mover, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks are done: nothing below refuses */
  whom = threat_said (st);
  for (guint s = 0; s < CH_SIDES; s++)
    if (said && (st->threat & P_BIT (s, K_PRESIDENT)))
      st->announced[st->mover] |= 1u << s;
  if (said)
    {
      st->forbid[st->mover] = ch_melee_unsaid (st) & ~st->threat;
      /* Translators: %1$s lists the pieces threatened ("Red's President, Blue's General"). */
      mg_said_add (play->said, N_("Mêlée on %1$s"), mg_message_phrase (whom));
    }
  else
    {
      st->forbid[st->mover] = st->threat | ch_melee_unsaid (st);
      /* Translators: %3$s lists the pieces threatened ("Red's President, Blue's General"). */
      mg_said_add (play->said, N_("%1$s did not say “Mêlée”: %2$s may not take %3$s on the next move"),
                   ch_side_word (st, st->mover), ch_side_word (st, st->mover), mg_message_phrase (whom));
    }
  ev = ch_event_new ("melee");
  json_object_object_add (ev, "player", json_object_new_string (ch_side_name (st, st->mover)));
  json_object_object_add (ev, "said", json_object_new_boolean (said));
  json_object_array_add (play->events, ev);
  st->threat = 0;
  ch_begin_turn (st, play->events, play->said);
  if (st->phase == PH_OVER)
    return played_over (st, play->said);
  return played (play->said);
}

gint
ch_seat_side (const ChState *st, const char *name)
{
  for (guint i = 0; i < st->n_players; i++)
    if (strcmp (st->names[i], name) == 0)
      return st->side_of[i];
  return -1;
}

static gboolean
mine_square_ok (const ChState *st, guint side, guint8 s, GError **error)
{
  char name[4];

  ch_square_name (s, name);
  if (st->g->terrain[s] == T_WALL)
    return mg_illegal (error, N_("A mine cannot lie on a wall (%s)."), name);
  if (st->g->domain[s] >= 0 && (guint) st->g->domain[s] != side && (st->players & (1u << st->g->domain[s])))
    return mg_illegal (error, N_("A mine cannot lie in the opponent's domain (%s)."), name);
  if (st->pos.sq[s] != 0)
    return mg_illegal (error, N_("%s is occupied: a mine goes on an empty square."), name);
  for (guint i = 0; i < st->n_mines; i++)
    if (st->mines[i].sq == s && st->mines[i].owner == side)
      return mg_illegal (error, N_("There is already your mine on %s."), name);
  return TRUE;
}

static gboolean
act_place_mine (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  ChState *st = (ChState *) state;
  static const char * const known[] = { "type", "player", "square", "template", NULL };
  const char *name;
  guint8 s;
  gint side;
  json_object *ev;

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error) ||
      !mg_json_get_string (action, NULL, "player", CH_ACTION_ERR, &name, error) ||
      !get_square (action, "square", &s, error))
    return FALSE;
  if (st->phase != PH_MINES)
    return mg_illegal (error, N_("Mines are placed before the first move only."));
  if ((side = ch_seat_side (st, name)) < 0)
    return mg_illegal (error, N_("There is no player called \"%s\" in this game."), name);
  if (st->mines_placed[side] >= st->rs.mines_per_player)
    return mg_illegal_n (error, "%s has placed the %u mine already.", "%s has placed all %u mines already.",
                                     st->rs.mines_per_player, name, st->rs.mines_per_player);
  if (!mine_square_ok (st, side, s, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks are done: nothing below refuses */
  st->mines[st->n_mines++] = (ChMine) { s, side };
  st->mines_placed[side]++;
  ev = ch_event_new ("mine_placed");
  json_object_object_add (ev, "seat", json_object_new_string (name));   /* a secret: only its owner */
  json_object_object_add (ev, "at", ch_sq_json (s));
  json_object_array_add (play->events, ev);
  mg_said_add (play->said, N_("%s placed a mine (%u of %u)"), name, st->mines_placed[side], st->rs.mines_per_player);
  {
    gboolean all = TRUE;
    for (guint i = 0; i < st->n_players; i++)
      all &= st->mines_placed[st->side_of[i]] >= st->rs.mines_per_player;
    if (all)
      st->phase = PH_MOVE;
  }
  return played (play->said);
}

static gboolean
act_pass (MgState *state, json_object *action, MgPlay *play, GError **error)
{
  ChState *st = (ChState *) state;
  static const char * const known[] = { "type", "player", "template", NULL };
  ChMove moves[CH_MAX_MOVES];

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error))
    return FALSE;
  if (st->phase != PH_MOVE)
    return mg_illegal (error, N_("There is no move to pass now."));
  if (!check_player (st, action, st->pos.stm, error))
    return FALSE;
  if (ch_gen_moves (&st->pos, moves) > 0)
    return mg_illegal (error, N_("%s has a legal move and may not pass."), ch_side_word (st, st->pos.stm));
  if (play->validating)
    return TRUE;   /* the checks are done: nothing below refuses */
  json_object_array_add (play->events, ch_event_new ("pass"));
  mg_said_add (play->said, N_("%s has no legal move and passes"), ch_side_word (st, st->pos.stm));
  st->forbid[st->pos.stm] = ch_melee_unsaid (st);
  ch_begin_turn (st, play->events, play->said);
  return played (play->said);
}

/* Every action is refused once the game has ended, with how it ended. */
static gboolean
is_over (const MgState *state, GError **error)
{
  const ChState *st = (const ChState *) state;
  g_autoptr(MgSaid) result = NULL;

  if (st->phase != PH_OVER)
    return FALSE;
  /* How it ended is a phrase of the refusal: a phone reads it in its own language. */
  result = st->result != NULL ? mg_said_copy (st->result) : mg_said_new ();
  mg_refuse (error, MG_RULES_ERROR_GAME_OVER, N_("The game is over: %s"), mg_message_phrase (result));
  return TRUE;
}

static const MgAction action_list[] = {
  { "move", act_move },
  { "melee", act_melee },
  { "place_mine", act_place_mine, MG_ACTION_SECRET },
  { "pass", act_pass },
};

const MgActions ch_actions = {
  .actions = action_list,
  .n_actions = G_N_ELEMENTS (action_list),
  .copy = ch_state_copy,
  .swap = ch_state_swap,
  .over = is_over,
};

/* ---------------------------------------------------------------- pending, legal actions */

gint
ch_turn (const MgState *state)
{
  return ((const ChState *) state)->turn;
}

json_object *
ch_pending (const MgState *state)
{
  const ChState *st = (const ChState *) state;
  json_object *o = json_object_new_object (), *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);

  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "phase", json_object_new_string (ch_phase_ids[st->phase]));
  json_object_object_add (o, "over", json_object_new_boolean (st->phase == PH_OVER));
  json_object_object_add (o, "variant", json_object_new_string (ch_variant_ids[st->rs.variant]));
  switch (st->phase)
    {
    case PH_MINES:
      for (guint i = 0; i < st->n_players; i++)
        if (st->mines_placed[st->side_of[i]] < st->rs.mines_per_player)
          {
            json_object *w = json_object_new_object ();
            guint left = st->rs.mines_per_player - st->mines_placed[st->side_of[i]];
            json_object_object_add (w, "seat", json_object_new_string (st->names[i]));
            json_object_object_add (w, "for", json_object_new_string ("place_mine"));
            json_object_object_add (w, "left", json_object_new_int64 (left));
            json_object_array_add (waiting, w);
            if (text->len)
              g_string_append_c (text, ' ');
            g_string_append_printf (text, ngettext ("%s places %u more mine in secret.", "%s places %u more mines in secret.", left),
                                    st->names[i], left);
          }
      break;
    case PH_MOVE:
      {
        json_object *w = json_object_new_object ();
        json_object_object_add (w, "seat", json_object_new_string (ch_side_name (st, st->pos.stm)));
        json_object_object_add (w, "for", json_object_new_string ("move"));
        json_object_array_add (waiting, w);
        json_object_object_add (o, "player", json_object_new_string (ch_side_name (st, st->pos.stm)));
        if (strcmp (ch_side_name (st, st->pos.stm), st->rs.colour[st->pos.stm]) == 0)
          g_string_append_printf (text, _("%s to move."), ch_side_name (st, st->pos.stm));
        else
          g_string_append_printf (text, _("%s (%s) to move."), ch_side_name (st, st->pos.stm), ch_colour_word (st, st->pos.stm));
        if (st->bare_side >= 0)
          g_string_append_printf (text, ngettext (" %d move left to take the bare President.",
                                                  " %d moves left to take the bare President.", st->bare_left), st->bare_left);
      }
      break;
    case PH_MELEE:
      {
        json_object *w = json_object_new_object ();
        json_object_object_add (w, "seat", json_object_new_string (ch_side_name (st, st->mover)));
        json_object_object_add (w, "for", json_object_new_string ("melee"));
        json_object_array_add (waiting, w);
        json_object_object_add (o, "player", json_object_new_string (ch_side_name (st, st->mover)));
        g_autoptr(MgSaid) whom = threat_said (st);
        g_string_append_printf (text, _("%s's move threatens %s: did %s say “Mêlée”?"),
                                ch_side_name (st, st->mover), mg_said_text (whom), ch_side_name (st, st->mover));
      }
      break;
    case PH_OVER:
      if (st->result != NULL)
        {
          g_autoptr(MgSaid) result = mg_said_copy (st->result);
          g_string_append (text, mg_said_text (result));
        }
      else
        g_string_append (text, _("The game is over."));
      break;
    }
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

static json_object *
move_action (const ChState *st, guint8 from, guint8 to)
{
  json_object *a = json_object_new_object ();
  json_object_object_add (a, "type", json_object_new_string ("move"));
  json_object_object_add (a, "player", json_object_new_string (ch_side_name (st, st->pos.stm)));
  json_object_object_add (a, "from", ch_sq_json (from));
  json_object_object_add (a, "to", ch_sq_json (to));
  return a;
}

json_object *
ch_legal_actions (const MgState *state, const char *seat)
{
  const ChState *st = (const ChState *) state;
  json_object *out = json_object_new_array ();
  gboolean all = seat == NULL || strcmp (seat, MG_SEAT_ALL) == 0;
  gint side = all ? -1 : ch_seat_side (st, seat);

  switch (st->phase)
    {
    case PH_MINES:
      for (guint i = 0; i < st->n_players; i++)
        {
          guint sd = st->side_of[i];
          if ((!all && side != (gint) sd) || st->mines_placed[sd] >= st->rs.mines_per_player)
            continue;
          for (guint s = 0; s < CH_SQ; s++)
            if (mine_square_ok (st, sd, s, NULL))
              {
                json_object *a = json_object_new_object ();
                json_object_object_add (a, "type", json_object_new_string ("place_mine"));
                json_object_object_add (a, "player", json_object_new_string (st->names[i]));
                json_object_object_add (a, "square", ch_sq_json (s));
                json_object_array_add (out, a);
              }
        }
      break;
    case PH_MOVE:
      if (all || side == st->pos.stm)
        {
          ChMove moves[CH_MAX_MOVES];
          guint n = ch_gen_moves (&st->pos, moves);
          for (guint i = 0; i < n; i++)
            json_object_array_add (out, move_action (st, moves[i].from, moves[i].to));
          if (n == 0)
            {
              json_object *a = json_object_new_object ();
              json_object_object_add (a, "type", json_object_new_string ("pass"));
              json_object_object_add (a, "player", json_object_new_string (ch_side_name (st, st->pos.stm)));
              json_object_array_add (out, a);
            }
        }
      break;
    case PH_MELEE:
      if (all || side == st->mover)
        for (guint i = 0; i < 2; i++)
          {
            json_object *a = json_object_new_object ();
            json_object_object_add (a, "type", json_object_new_string ("melee"));
            json_object_object_add (a, "player", json_object_new_string (ch_side_name (st, st->mover)));
            json_object_object_add (a, "said", json_object_new_boolean (i == 0));
            json_object_array_add (out, a);
          }
      break;
    case PH_OVER:
      break;
    }
  return out;
}

char *
ch_describe (const MgState *state, const char *seat)
{
  const ChState *st = (const ChState *) state;
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(json_object) p = ch_pending (state);

  (void) seat;
  g_string_append (s, json_object_get_string (mg_json_member (p, "text")));
  for (guint side = 0; side < CH_SIDES; side++)
    {
      if (!(st->players & (1u << side)))
        continue;
      g_string_append_printf (s, ngettext (" %s: %u piece on the board, %u taken", " %s: %u pieces on the board, %u taken",
                                           ch_count_pieces (&st->pos, side, FALSE, TRUE)),
                              ch_side_name (st, side), ch_count_pieces (&st->pos, side, FALSE, TRUE), st->n_captured[side]);
      if (st->rs.variant == V_POINTS || st->rs.variant == V_SOLITAIRE)
        g_string_append_printf (s, ngettext (", %d point", ", %d points", ABS (st->score[side])), st->score[side]);
      g_string_append_c (s, '.');
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cricchio.c — Cricchio's Mêlée: the state, its JSON, the descriptor and the board page's helpers. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-cricchio-private.h"
#include "mg-cricchio-state-private.h"

const char * const ch_phase_ids[] = { "mines", "move", "melee", "over", NULL };

static const char * const kind_names[] = { "", N_("President"), N_("Admiral"), N_("General"),
                                           N_("Air Force"), N_("Navy"), N_("Army"), N_("Marine") };

/* ---------------------------------------------------------------- small helpers */

const char *
ch_side_name (const ChState *st, guint side)
{
  if (st->player_of[side] >= 0)
    return st->names[st->player_of[side]];
  if (side == st->pos.ak)
    return _("the Abandoned Kingdom");
  return st->rs.colour[side];
}

const char *
ch_side_word (const ChState *st, guint side)
{
  if (st->player_of[side] >= 0)
    return st->names[st->player_of[side]];
  if (side == st->pos.ak)
    return mg_message_word (N_("the Abandoned Kingdom"));
  return ch_colour_arg (st, side);
}

gboolean
ch_side_is_ak (const ChState *st, guint side)
{
  return st->player_of[side] < 0 && side == st->pos.ak;
}

/* A side's colour in a sentence: the ruleset's word, as the Rules page translates it. */
const char *
ch_colour_word (const ChState *st, guint side)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "ruleset value", st->rs.colour[side]);
}

const char *
ch_colour_arg (const ChState *st, guint side)
{
  return mg_message_word_ctx ("ruleset value", st->rs.colour[side]);
}

const char *
ch_kind_word (guint kind)
{
  return mg_message_word (kind_names[kind]);
}

/* "Black Navy" (a rogue: "Black's rogue Blue Navy"). */
MgSaid *
ch_piece_said (const ChState *st, guint8 pc)
{
  MgSaid *said = mg_said_new ();

  if (P_OWNER (pc) != P_CTRL (pc))
    /* Translators: a rogue piece: who commands it, the colour it keeps, the piece, "Black's rogue
     * Blue Navy" (its translation may put them in another order: %3$s … %1$s). */
    mg_said_add (said, N_("%1$s's rogue %2$s %3$s"), ch_side_word (st, P_CTRL (pc)), ch_colour_arg (st, P_OWNER (pc)),
                 ch_kind_word (P_KIND (pc)));
  else if (ch_side_is_ak (st, P_OWNER (pc)))
    /* Translators: a piece of the Abandoned Kingdom, "the Abandoned Kingdom President". */
    mg_said_add (said, N_("the Abandoned Kingdom %s"), ch_kind_word (P_KIND (pc)));
  else
    /* Translators: a side's piece: the player's name (or the side's colour), then the piece,
     * "Black Navy" (its translation may put them in another order: %2$s … %1$s). */
    mg_said_add (said, N_("%1$s %2$s"), ch_side_word (st, P_OWNER (pc)), ch_kind_word (P_KIND (pc)));
  return said;
}

json_object *
ch_sq_json (guint8 s)
{
  char name[4];

  if (s == CH_NONE)
    return NULL;
  ch_square_name (s, name);
  return json_object_new_string (name);
}

guint8
ch_president_sq (const ChPos *p, guint side)
{
  for (guint s = 0; s < CH_SQ; s++)
    if (p->sq[s] == 0)
      continue;
    else if (P_KIND (p->sq[s]) == K_PRESIDENT && P_OWNER (p->sq[s]) == side)
      return s;
  return CH_NONE;
}

/* Pieces a side commands, by kind (own and rogue), and its own pieces other than the President. */
guint
ch_count_pieces (const ChPos *p, guint side, gboolean own_only, gboolean with_president)
{
  guint n = 0;

  for (guint s = 0; s < CH_SQ; s++)
    {
      guint8 pc = p->sq[s];
      if (pc == 0 || P_CTRL (pc) != side || (own_only && P_OWNER (pc) != side))
        continue;
      if (!with_president && P_KIND (pc) == K_PRESIDENT)
        continue;
      n++;
    }
  return n;
}

gboolean
ch_has_kind (const ChPos *p, guint owner, guint kind)
{
  for (guint s = 0; s < CH_SQ; s++)
    if (p->sq[s] != 0 && P_OWNER (p->sq[s]) == owner && P_KIND (p->sq[s]) == kind)
      return TRUE;
  return FALSE;
}

guint8
ch_alive_players (const ChState *st)
{
  return st->players & st->pos.active;
}

json_object *
ch_event_new (const char *type)
{
  json_object *e = json_object_new_object ();
  json_object_object_add (e, "type", json_object_new_string (type));
  return e;
}

json_object *
ch_piece_json (const ChState *st, guint8 s, guint8 pc)
{
  json_object *o = json_object_new_object ();

  if (s != CH_NONE)
    json_object_object_add (o, "at", ch_sq_json (s));
  json_object_object_add (o, "kind", json_object_new_string (ch_kind_ids[P_KIND (pc)]));
  json_object_object_add (o, "owner", json_object_new_string (ch_side_ids[P_OWNER (pc)]));
  if (P_CTRL (pc) != P_OWNER (pc))
    json_object_object_add (o, "ctrl", json_object_new_string (ch_side_ids[P_CTRL (pc)]));
  if (P_KIND (pc) == K_MARINE && (pc & P_MOVED))
    json_object_object_add (o, "moved", json_object_new_boolean (TRUE));
  return o;
}

/* ---------------------------------------------------------------- state life */

void
ch_state_free (ChState *st)
{
  if (st == NULL)
    return;
  for (guint i = 0; i < CH_SIDES; i++)
    g_free (st->names[i]);
  ch_ruleset_clear (&st->rs);
  if (st->g != NULL)
    g_atomic_rc_box_release ((gpointer) st->g);
  mg_said_free (st->result);
  if (st->ruleset)
    json_object_put (st->ruleset);
  g_free (st);
}

static void
ch_free_state (MgState *state)
{
  ch_state_free ((ChState *) state);
}

MgState *
ch_state_copy (const MgState *state)
{
  const ChState *src = (const ChState *) state;
  ChState *st = g_memdup2 (src, sizeof *st);

  for (guint i = 0; i < CH_SIDES; i++)
    st->names[i] = g_strdup (src->names[i]);
  for (guint i = 0; i < CH_SIDES; i++)
    st->rs.colour[i] = g_strdup (src->rs.colour[i]);
  st->g = g_atomic_rc_box_acquire ((gpointer) src->g);
  st->pos.g = st->g;
  st->pos.rs = &st->rs;
  st->result = mg_said_copy (src->result);
  st->ruleset = json_object_get (src->ruleset);
  return &st->parent;
}

void
ch_state_swap (MgState *state, MgState *other)
{
  ChState *a = (ChState *) state, *b = (ChState *) other, tmp;

  memcpy (&tmp, a, sizeof tmp);
  memcpy (a, b, sizeof *a);
  memcpy (b, &tmp, sizeof *b);
  a->pos.rs = &a->rs;
  b->pos.rs = &b->rs;
}

extern const MgRules ch_rules;

static ChState *
state_alloc (json_object *ruleset, guint n_players, GError **error)
{
  ChState *st = g_new0 (ChState, 1);
  ChGeom *geom = g_atomic_rc_box_new0 (ChGeom);

  st->parent.rules = &ch_rules;
  st->g = geom;
  if (!ch_ruleset_parse (ruleset, &st->rs, geom, error))
    {
      ch_state_free (st);
      return NULL;
    }
  st->ruleset = json_object_get (ruleset);
  st->pos.g = st->g;
  st->pos.rs = &st->rs;
  st->pos.ak = CH_NONE;
  st->last_from = st->last_to = CH_NONE;
  st->bare_side = -1;
  st->bare_left = -1;
  memset (st->player_of, -1, sizeof st->player_of);
  memset (st->side_of, -1, sizeof st->side_of);
  st->n_players = n_players;
  return st;
}

static gboolean
check_players (const ChRuleset *rs, guint n, GError **error)
{
  const guint *min = ch_variant_min_players, *max = ch_variant_max_players;
  ChVariant v = rs->variant;

  if (n < min[v] || n > max[v])
    {
      if (min[v] == max[v])
        mg_refuse_n (error, MG_RULES_ERROR_BAD_ACTION,
                     "The %s variant is for %u player, not %u.", "The %s variant is for %u players, not %u.", min[v],
                     ch_variant_ids[v], min[v], n);
      else
        mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                     N_("The %s variant is for %u to %u players, not %u."), ch_variant_ids[v], min[v], max[v], n);
      return FALSE;
    }
  return TRUE;
}

static void
seat_players (ChState *st)
{
  guint8 mask = 0;

  for (guint i = 0; i < st->n_players; i++)
    {
      gint8 side = st->rs.seats[st->n_players][i];
      st->side_of[i] = side;
      st->player_of[side] = i;
      mask |= 1u << side;
    }
  st->players = mask;
  if (st->rs.variant == V_AK || st->rs.variant == V_SOLITAIRE)
    st->pos.ak = st->rs.ak_side;
}

static MgState *
ch_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  guint n = players ? g_strv_length ((char **) players) : 0;
  ChState *st;

  if (!mg_rules_check_players (&ch_rules, players, error))
    return NULL;
  st = state_alloc (ruleset, n, error);
  if (st == NULL)
    return NULL;
  if (!check_players (&st->rs, n, error))
    {
      ch_state_free (st);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    st->names[i] = g_strdup (players[i]);
  seat_players (st);
  ch_pos_setup (&st->pos, st->players | (st->pos.ak != CH_NONE ? 1u << st->pos.ak : 0));
  st->turn = 1;
  st->pos.stm = st->rs.seats[n][0];
  /* The darkest colour moves first: the first side clockwise from the south that has a player. */
  for (guint s = 0; s < CH_SIDES; s++)
    if (st->players & (1u << s))
      {
        st->pos.stm = s;
        break;
      }
  st->phase = st->rs.variant == V_MINEFIELD ? PH_MINES : PH_MOVE;
  for (guint s = 0; s < CH_SIDES; s++)
    st->forbid[s] = ch_melee_unsaid (st);
  st->pos.forbid = st->forbid[st->pos.stm];
  return &st->parent;
}


/* The result as the state keeps it: its pieces as the journal keeps a said (each viewer reads it
 * in their language), or the sentence as a string (a state saved before: read back as a text). */
static json_object *
result_json (const MgSaid *result)
{
  json_object *pieces = mg_said_to_json (result), *text = NULL;

  if (json_object_array_length (pieces) == 0)
    {
      json_object_put (pieces);
      return json_object_new_string ("");   /* an empty text says nothing */
    }
  if (json_object_array_length (pieces) == 1 &&
      json_object_object_get_ex (json_object_array_get_idx (pieces, 0), "text", &text) &&
      json_object_object_length (json_object_array_get_idx (pieces, 0)) == 1)
    {
      json_object *string = json_object_get (text);
      json_object_put (pieces);
      return string;
    }
  return pieces;
}
/* ---------------------------------------------------------------- JSON */

static json_object *
state_json (const ChState *st, const char *seat)
{
  json_object *o = json_object_new_object (), *a;
  gint viewer = -2;   /* -2 all, -1 public, else the seat's side */

  if (seat != NULL && strcmp (seat, MG_SEAT_ALL) != 0)
    {
      viewer = -1;
      for (guint i = 0; i < st->n_players; i++)
        if (strcmp (seat, st->names[i]) == 0)
          viewer = st->side_of[i];
    }

  json_object_object_add (o, "game", json_object_new_string ("cricchio"));
  json_object_object_add (o, "variant", json_object_new_string (ch_variant_ids[st->rs.variant]));
  a = json_object_new_array ();
  for (guint i = 0; i < st->n_players; i++)
    {
      json_object *p = json_object_new_object ();
      json_object_object_add (p, "name", json_object_new_string (st->names[i]));
      json_object_object_add (p, "side", json_object_new_string (ch_side_ids[st->side_of[i]]));
      json_object_object_add (p, "colour", json_object_new_string (st->rs.colour[st->side_of[i]]));
      json_object_array_add (a, p);
    }
  json_object_object_add (o, "players", a);
  json_object_object_add (o, "phase", json_object_new_string (ch_phase_ids[st->phase]));
  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "ply", json_object_new_int64 (st->ply));
  json_object_object_add (o, "to_move", json_object_new_string (ch_side_ids[st->pos.stm]));
  json_object_object_add (o, "mover", json_object_new_string (ch_side_ids[st->mover]));
  json_object_object_add (o, "active", json_object_new_int64 (st->pos.active));
  json_object_object_add (o, "ak_active", json_object_new_boolean (st->pos.ak_active));
  a = json_object_new_array ();
  for (guint s = 0; s < CH_SQ; s++)
    if (st->pos.sq[s] != 0)
      json_object_array_add (a, ch_piece_json (st, s, st->pos.sq[s]));
  json_object_object_add (o, "pieces", a);
  a = json_object_new_array ();
  for (guint side = 0; side < CH_SIDES; side++)
    {
      json_object *c = json_object_new_array ();
      for (guint i = 0; i < st->n_captured[side]; i++)
        {
          guint8 e = st->captured[side][i];
          json_object *pj = ch_piece_json (st, CH_NONE, P_MAKE (e & 7, (e >> 3) & 3, (e >> 3) & 3, FALSE));
          if (e & C_KILLED)
            json_object_object_add (pj, "killed", json_object_new_boolean (TRUE));
          json_object_array_add (c, pj);
        }
      json_object_array_add (a, c);
    }
  json_object_object_add (o, "captured", a);
  a = json_object_new_array ();
  for (guint side = 0; side < CH_SIDES; side++)
    json_object_array_add (a, json_object_new_int64 (st->score[side]));
  json_object_object_add (o, "scores", a);
  a = json_object_new_array ();
  for (guint side = 0; side < CH_SIDES; side++)
    json_object_array_add (a, json_object_new_int64 (st->forbid[side]));
  json_object_object_add (o, "forbid", a);
  a = json_object_new_array ();
  for (guint side = 0; side < CH_SIDES; side++)
    json_object_array_add (a, json_object_new_int64 (st->announced[side]));
  json_object_object_add (o, "announced", a);
  json_object_object_add (o, "threat", json_object_new_int64 (st->threat));
  json_object_object_add (o, "last_from", ch_sq_json (st->last_from));
  json_object_object_add (o, "last_to", ch_sq_json (st->last_to));
  json_object_object_add (o, "lost_turn", json_object_new_int64 (st->lost_turn));
  if (st->rs.variant == V_MINEFIELD)
    {
      a = json_object_new_array ();
      for (guint i = 0; i < st->n_mines; i++)
        {
          json_object *m;
          if (viewer != -2 && viewer != st->mines[i].owner)
            continue;   /* a mine is its owner's secret */
          m = json_object_new_object ();
          json_object_object_add (m, "at", ch_sq_json (st->mines[i].sq));
          json_object_object_add (m, "owner", json_object_new_string (ch_side_ids[st->mines[i].owner]));
          json_object_array_add (a, m);
        }
      json_object_object_add (o, "mines", a);
      a = json_object_new_array ();
      for (guint side = 0; side < CH_SIDES; side++)
        json_object_array_add (a, json_object_new_int64 (st->mines_placed[side]));
      json_object_object_add (o, "mines_placed", a);
      a = json_object_new_array ();
      for (guint side = 0; side < CH_SIDES; side++)
        json_object_array_add (a, json_object_new_int64 (st->mines_detonated[side]));
      json_object_object_add (o, "mines_detonated", a);
    }
  json_object_object_add (o, "ak_kills", json_object_new_int64 (st->ak_kills));
  json_object_object_add (o, "solo_marines", json_object_new_int64 (st->solo_marines));
  json_object_object_add (o, "bare_side", json_object_new_int64 (st->bare_side));
  json_object_object_add (o, "bare_left", json_object_new_int64 (st->bare_left));
  json_object_object_add (o, "winners", json_object_new_int64 (st->winners));
  if (st->result)
    json_object_object_add (o, "result", result_json (st->result));
  return o;
}

static json_object *
ch_to_json (const MgState *state)
{
  return state_json ((const ChState *) state, MG_SEAT_ALL);
}

static json_object *
ch_view (const MgState *state, const char *seat)
{
  return state_json ((const ChState *) state, seat);
}

#define SERR CH_STATE_ERR

static gboolean
read_piece (json_object *o, const char *path, gboolean at, guint8 *sq, guint8 *pc, GError **error)
{
  guint kind, owner, ctrl;
  gboolean moved = FALSE;
  const char *name;

  if (at)
    {
      if (!mg_json_get_string (o, path, "at", SERR, &name, error))
        return FALSE;
      if (!ch_square_parse (name, sq))
        {
          g_autofree char *p = mg_json_path_key (path, "at");
          mg_json_set_error (error, SERR, p, _("a square from a1 to n14"), mg_json_member (o, "at"));
          return FALSE;
        }
    }
  if (!mg_json_get_choice (o, path, "kind", SERR, ch_kind_ids, &kind, error) ||
      !mg_json_get_choice (o, path, "owner", SERR, ch_side_ids, &owner, error))
    return FALSE;
  ctrl = owner;
  if (!mg_json_opt_choice (o, path, "ctrl", SERR, ch_side_ids, &ctrl, error))
    return FALSE;
  if (!mg_json_opt_bool (o, path, "moved", SERR, &moved, error))
    return FALSE;
  if (kind == K_NONE)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s.kind: a piece"), path);
      return FALSE;
    }
  *pc = P_MAKE (kind, owner, ctrl, moved);
  return TRUE;
}

static gboolean
read_ints (json_object *o, const char *key, gint64 min, gint64 max, gint64 *out, GError **error)
{
  json_object *a = mg_json_get_array (o, "$", key, SERR, 4, 4, error);

  if (a == NULL)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *p = g_strdup_printf ("$.%s[%u]", key, i);
      if (!mg_json_int (json_object_array_get_idx (a, i), p, SERR, min, max, &out[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_sq_opt (json_object *o, const char *key, guint8 *out, GError **error)
{
  json_object *v = mg_json_member (o, key);

  *out = CH_NONE;
  if (v == NULL)
    return TRUE;
  if (!json_object_is_type (v, json_type_string) || !ch_square_parse (json_object_get_string (v), out))
    {
      g_autofree char *p = mg_json_path_key ("$", key);
      mg_json_set_error (error, SERR, p, _("a square from a1 to n14"), v);
      return FALSE;
    }
  return TRUE;
}

/* $.variant (the ruleset's) and $.players' names, seated as a new game seats them. */
static gboolean
read_players (json_object *json, json_object *players, ChState *st, GError **error)
{
  guint u;

  if (!mg_json_get_choice (json, "$", "variant", SERR, ch_variant_ids, &u, error))
    return FALSE;
  if (u != st->rs.variant)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("$.variant: the ruleset plays %s, the state %s"),
                   ch_variant_ids[st->rs.variant], ch_variant_ids[u]);
      return FALSE;
    }
  for (guint i = 0; i < st->n_players; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.players", i);
      const char *name;
      if (!mg_json_get_string (json_object_array_get_idx (players, i), p, "name", SERR, &name, error))
        return FALSE;
      st->names[i] = g_strdup (name);
    }
  if (!check_players (&st->rs, st->n_players, error))
    return FALSE;
  seat_players (st);
  return TRUE;
}

/* Where play stands: the phase, turn and ply, who moves and who answers "Mêlée", the sides in play. */
static gboolean
read_turn (json_object *json, ChState *st, GError **error)
{
  guint u;
  gint64 v;
  gboolean b;

  if (!mg_json_get_choice (json, "$", "phase", SERR, ch_phase_ids, &u, error))
    return FALSE;
  st->phase = u;
  if (!mg_json_get_int (json, "$", "turn", SERR, 0, G_MAXINT, &v, error))
    return FALSE;
  st->turn = v;
  if (!mg_json_get_int (json, "$", "ply", SERR, 0, G_MAXINT, &v, error))
    return FALSE;
  st->ply = v;
  if (!mg_json_get_choice (json, "$", "to_move", SERR, ch_side_ids, &u, error))
    return FALSE;
  st->pos.stm = u;
  if (!mg_json_get_choice (json, "$", "mover", SERR, ch_side_ids, &u, error))
    return FALSE;
  st->mover = u;
  if (!mg_json_get_int (json, "$", "active", SERR, 0, 15, &v, error))
    return FALSE;
  st->pos.active = v;
  if (!mg_json_get_bool (json, "$", "ak_active", SERR, &b, error))
    return FALSE;
  st->pos.ak_active = b;
  return TRUE;
}

/* $.pieces on the board and $.captured, by side (a piece killed by an explosion marked). */
static gboolean
read_board (json_object *json, ChState *st, GError **error)
{
  json_object *a;
  gsize len;

  if ((a = mg_json_get_array (json, "$", "pieces", SERR, 0, CH_SQ, error)) == NULL)
    return FALSE;
  len = json_object_array_length (a);
  for (gsize i = 0; i < len; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.pieces", i);
      guint8 s, pc;
      if (!mg_json_object (json_object_array_get_idx (a, i), p, SERR, error) ||
          !read_piece (json_object_array_get_idx (a, i), p, TRUE, &s, &pc, error))
        return FALSE;
      st->pos.sq[s] = pc;
    }
  if ((a = mg_json_get_array (json, "$", "captured", SERR, 4, 4, error)) == NULL)
    return FALSE;
  for (guint side = 0; side < CH_SIDES; side++)
    {
      g_autofree char *p = mg_json_path_index ("$.captured", side);
      json_object *c = json_object_array_get_idx (a, side);
      if (!mg_json_array (c, p, SERR, 0, MAX_CAPT, &len, error))
        return FALSE;
      for (gsize i = 0; i < len; i++)
        {
          g_autofree char *pi = mg_json_path_index (p, i);
          json_object *e = json_object_array_get_idx (c, i);
          gboolean killed = FALSE;
          guint8 s, pc;
          if (!mg_json_object (e, pi, SERR, error) || !read_piece (e, pi, FALSE, &s, &pc, error) ||
              !mg_json_opt_bool (e, pi, "killed", SERR, &killed, error))
            return FALSE;
          st->captured[side][st->n_captured[side]++] = P_KIND (pc) | (P_OWNER (pc) << 3) | (killed ? C_KILLED : 0);
        }
    }
  return TRUE;
}

/* Each side's score, what it may not take, whose President it put in Mêlée; the threat awaiting an
 * answer, the last move's squares, the sides that lose a turn. */
static gboolean
read_sides (json_object *json, ChState *st, GError **error)
{
  gint64 v, arr[4];

  if (!read_ints (json, "scores", -100000, 100000, arr, error))
    return FALSE;
  for (guint i = 0; i < 4; i++)
    st->score[i] = arr[i];
  if (!read_ints (json, "forbid", 0, G_MAXUINT32, arr, error))
    return FALSE;
  for (guint i = 0; i < 4; i++)
    st->forbid[i] = arr[i];
  if (!read_ints (json, "announced", 0, 15, arr, error))
    return FALSE;
  for (guint i = 0; i < 4; i++)
    st->announced[i] = arr[i];
  if (!mg_json_get_int (json, "$", "threat", SERR, 0, G_MAXUINT32, &v, error))
    return FALSE;
  st->threat = v;
  if (!read_sq_opt (json, "last_from", &st->last_from, error) || !read_sq_opt (json, "last_to", &st->last_to, error))
    return FALSE;
  if (!mg_json_get_int (json, "$", "lost_turn", SERR, 0, 15, &v, error))
    return FALSE;
  st->lost_turn = v;
  return TRUE;
}

/* Mine Field: the mines lying (each with its owner) and how many each side has placed. */
static gboolean
read_mines (json_object *json, ChState *st, GError **error)
{
  json_object *a;
  gint64 arr[4];
  gsize len;
  guint u;

  if ((a = mg_json_get_array (json, "$", "mines", SERR, 0, MAX_MINES, error)) == NULL)
    return FALSE;
  len = json_object_array_length (a);
  for (gsize i = 0; i < len; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.mines", i);
      json_object *m = json_object_array_get_idx (a, i);
      const char *name;
      if (!mg_json_get_string (m, p, "at", SERR, &name, error) ||
          !ch_square_parse (name, &st->mines[i].sq) ||
          !mg_json_get_choice (m, p, "owner", SERR, ch_side_ids, &u, error))
        {
          if (error && *error == NULL)
            mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s.at: a square"), p);
          return FALSE;
        }
      st->mines[i].owner = u;
      st->n_mines++;
    }
  if (!read_ints (json, "mines_placed", 0, 100, arr, error))
    return FALSE;
  for (guint i = 0; i < 4; i++)
    st->mines_placed[i] = arr[i];
  /* Files written before it was kept: none counted. */
  if (mg_json_member (json, "mines_detonated") == NULL)
    return TRUE;
  if (!read_ints (json, "mines_detonated", 0, 100, arr, error))
    return FALSE;
  for (guint i = 0; i < 4; i++)
    st->mines_detonated[i] = arr[i];
  return TRUE;
}

/* The AK's kills, Solitaire's Marines, the bare President's count, the winners and the result. */
static gboolean
read_end (json_object *json, ChState *st, GError **error)
{
  gint64 v;
  const char *r;
  json_object *result;

  if (!mg_json_get_int (json, "$", "ak_kills", SERR, 0, 1000, &v, error))
    return FALSE;
  st->ak_kills = v;
  if (!mg_json_get_int (json, "$", "solo_marines", SERR, 0, 1000, &v, error))
    return FALSE;
  st->solo_marines = v;
  if (!mg_json_get_int (json, "$", "bare_side", SERR, -1, 3, &v, error))
    return FALSE;
  st->bare_side = v;
  if (!mg_json_get_int (json, "$", "bare_left", SERR, -1, 100000, &v, error))
    return FALSE;
  st->bare_left = v;
  if (!mg_json_get_int (json, "$", "winners", SERR, 0, 15, &v, error))
    return FALSE;
  st->winners = v;
  if ((result = mg_json_member (json, "result")) == NULL)
    return TRUE;
  if (json_object_is_type (result, json_type_array))
    {
      if ((st->result = mg_said_from_json (result)) != NULL)
        return TRUE;
      mg_json_set_error (error, SERR, "$.result", _("how the game ended, said (a text or its pieces)"), result);
      return FALSE;
    }
  if (!mg_json_get_string (json, "$", "result", SERR, &r, error))
    return FALSE;
  st->result = mg_said_new ();
  mg_said_add_text (st->result, r);
  return TRUE;
}

static MgState *
ch_from_json (json_object *ruleset, json_object *json, GError **error)
{
  json_object *players;
  ChState *st;

  if (!mg_json_object (json, "$", SERR, error) ||
      (players = mg_json_get_array (json, "$", "players", SERR, 1, 4, error)) == NULL)
    return NULL;
  st = state_alloc (ruleset, json_object_array_length (players), error);
  if (st == NULL)
    return NULL;
  if (!read_players (json, players, st, error) || !read_turn (json, st, error) ||
      !read_board (json, st, error) || !read_sides (json, st, error) ||
      (st->rs.variant == V_MINEFIELD && !read_mines (json, st, error)) || !read_end (json, st, error))
    {
      ch_state_free (st);
      return NULL;
    }
  ch_pos_refresh (&st->pos);
  st->pos.forbid = st->forbid[st->pos.stm];
  return &st->parent;
}

static gboolean
ch_check_ruleset (json_object *ruleset, GError **error)
{
  ChRuleset rs;

  if (!ch_ruleset_parse (ruleset, &rs, NULL, error))
    return FALSE;
  ch_ruleset_clear (&rs);
  return TRUE;
}

/* The words a player's phone shows for this game (src/server/ serves them translated). */
static const MgWord ch_phone_words[] = {
  { "place_mine", N_("Place a mine") },
  { "field.at", N_("Square") },
  { "mine.mines", N_("Your mines") },
  { NULL, NULL }
};

const MgRules ch_rules = {
  .id = "cricchio",
  .name = N_("Cricchio's Mêlée"),
  .min_players = 1,
  .max_players = 4,
  .check_ruleset = ch_check_ruleset,
  .new_state = ch_new_state,
  .free_state = ch_free_state,
  .actions = &ch_actions,
  .pending = ch_pending,
  .to_json = ch_to_json,
  .from_json = ch_from_json,
  .view = ch_view,
  .turn = ch_turn,
  .describe = ch_describe,
  .legal_actions = ch_legal_actions,
  .phone_words = ch_phone_words,
};

const MgRules *
mg_chess_rules (void)
{
  return &ch_rules;
}

/* ---------------------------------------------------------------- helpers for the page */

gboolean
mg_chess_terrain (const MgState *state, guint8 *terrain)
{
  if (state == NULL || state->rules != &ch_rules)
    return FALSE;
  memcpy (terrain, ((const ChState *) state)->g->terrain, CH_SQ);
  return TRUE;
}

char **
mg_chess_destinations (const MgState *state, const char *square)
{
  const ChState *st = (const ChState *) state;
  GPtrArray *out = g_ptr_array_new ();
  ChMove moves[128];
  guint8 from;

  if (state->rules == &ch_rules && st->phase == PH_MOVE && ch_square_parse (square, &from) &&
      st->pos.sq[from] != 0 && P_CTRL (st->pos.sq[from]) == st->pos.stm)
    {
      guint n = ch_gen_piece (&st->pos, from, moves, TRUE);
      for (guint i = 0; i < n; i++)
        {
          char name[4];
          ch_square_name (moves[i].to, name);
          g_ptr_array_add (out, g_strdup (name));
        }
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

const char *
mg_chess_colour (const MgState *state, const char *player)
{
  const ChState *st = (const ChState *) state;
  gint side = state->rules == &ch_rules ? ch_seat_side (st, player) : -1;
  return side >= 0 ? st->rs.colour[side] : NULL;
}

const char *
mg_chess_side (const MgState *state, const char *player)
{
  const ChState *st = (const ChState *) state;
  gint side = state->rules == &ch_rules ? ch_seat_side (st, player) : -1;
  return side >= 0 ? ch_side_ids[side] : NULL;
}

/* The position perft starts from: the state's, every "Mêlée" said. */
static ChPos
perft_root (const MgState *state)
{
  ChPos p;

  memcpy (&p, &((const ChState *) state)->pos, sizeof p);
  p.forbid = 0;
  return p;
}

guint64
mg_chess_perft (const MgState *state, guint depth, gboolean plain)
{
  ChPos p;

  g_return_val_if_fail (state != NULL && state->rules == &ch_rules, 0);
  p = perft_root (state);
  return plain ? ch_perft_plain (&p, depth) : ch_perft (&p, depth);
}

guint64
mg_chess_perft_every_ply (const MgState *state, guint depth)
{
  ChPos p;

  g_return_val_if_fail (state != NULL && state->rules == &ch_rules, 0);
  p = perft_root (state);
  return ch_perft_every_ply (&p, depth);
}

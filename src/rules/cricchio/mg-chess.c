/* mg-chess.c — Cricchio's Mêlée: the state, the actions, Mêlée, the end and the seven variants. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-chess-private.h"

typedef enum { PH_MINES, PH_MOVE, PH_MELEE, PH_OVER } ChPhase;
static const char * const phase_ids[] = { "mines", "move", "melee", "over", NULL };

static const char * const kind_names[] = { "", N_("President"), N_("Admiral"), N_("General"),
                                           N_("Air Force"), N_("Navy"), N_("Army"), N_("Marine") };

#define MAX_CAPT 80
#define MAX_MINES 24

typedef struct {
  guint8 sq, owner;
} ChMine;

typedef struct {
  MgState     parent;
  json_object *ruleset;
  ChRuleset   rs;
  ChGeom     *g;
  guint       n_players;
  char       *names[CH_SIDES];      /* by player index */
  gint8       side_of[CH_SIDES];    /* player index -> side */
  gint8       player_of[CH_SIDES];  /* side -> player index, -1 */
  guint8      players;              /* sides held by players */
  ChPos       pos;
  ChPhase     phase;
  guint       turn, ply;
  guint8      mover;                /* the side whose Mêlée answer is awaited */
  guint32     threat;               /* (owner, kind) the mover threatens, awaiting the answer */
  guint32     forbid[CH_SIDES];     /* what each side may not take on its next move */
  guint8      announced[CH_SIDES];  /* sides whose President each side put in announced Mêlée */
  guint8      last_from, last_to;
  guint8      captured[CH_SIDES][MAX_CAPT];  /* kind | owner << 3 | 0x20 killed by an explosion */
  guint       n_captured[CH_SIDES];
  gint        score[CH_SIDES];
  guint8      lost_turn;
  ChMine      mines[MAX_MINES];
  guint       n_mines;
  guint       mines_placed[CH_SIDES];
  guint       ak_kills, solo_marines;
  gint        bare_side, bare_left;
  guint8      winners;              /* sides that won; 0 with PH_OVER is a draw */
  char       *result;
} ChState;

#define C_KILLED 0x20

/* ---------------------------------------------------------------- small helpers */

static gboolean
illegal (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
illegal (GError **error, const char *format, ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  {
    g_autofree char *msg = g_strdup_vprintf (format, args);
    g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, msg);
  }
  va_end (args);
  return FALSE;
}

static const char *
side_name (const ChState *st, guint side)
{
  if (st->player_of[side] >= 0)
    return st->names[st->player_of[side]];
  if (side == st->pos.ak)
    return _("the Abandoned Kingdom");
  return st->rs.colour[side];
}

/* A side's colour in a sentence: the ruleset's word, as the Rules page translates it. */
static const char *
colour_word (const ChState *st, guint side)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "ruleset value", st->rs.colour[side]);
}

static const char *
kind_name (guint kind)
{
  return _(kind_names[kind]);
}

/* "Black Navy" (a rogue: "Black's rogue Blue Navy"). g_free. */
static char *
piece_text (const ChState *st, guint8 pc)
{
  if (P_OWNER (pc) != P_CTRL (pc))
    return g_strdup_printf (_("%s's rogue %s %s"), side_name (st, P_CTRL (pc)), colour_word (st, P_OWNER (pc)),
                            kind_name (P_KIND (pc)));
  return g_strdup_printf (_("%s %s"), side_name (st, P_OWNER (pc)), kind_name (P_KIND (pc)));
}

static json_object *
sq_json (guint8 s)
{
  char name[4];

  if (s == CH_NONE)
    return NULL;
  ch_square_name (s, name);
  return json_object_new_string (name);
}

static guint8
president_sq (const ChPos *p, guint side)
{
  for (guint s = 0; s < CH_SQ; s++)
    if (p->sq[s] == 0)
      continue;
    else if (P_KIND (p->sq[s]) == K_PRESIDENT && P_OWNER (p->sq[s]) == side)
      return s;
  return CH_NONE;
}

/* Pieces a side commands, by kind (own and rogue), and its own pieces other than the President. */
static guint
count_pieces (const ChPos *p, guint side, gboolean own_only, gboolean with_president)
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

static gboolean
has_kind (const ChPos *p, guint owner, guint kind)
{
  for (guint s = 0; s < CH_SQ; s++)
    if (p->sq[s] != 0 && P_OWNER (p->sq[s]) == owner && P_KIND (p->sq[s]) == kind)
      return TRUE;
  return FALSE;
}

static guint8
alive_players (const ChState *st)
{
  return st->players & st->pos.active;
}

static json_object *
event_new (const char *type)
{
  json_object *e = json_object_new_object ();
  json_object_object_add (e, "type", json_object_new_string (type));
  return e;
}

static json_object *
piece_json (const ChState *st, guint8 s, guint8 pc)
{
  json_object *o = json_object_new_object ();

  if (s != CH_NONE)
    json_object_object_add (o, "at", sq_json (s));
  json_object_object_add (o, "kind", json_object_new_string (ch_kind_ids[P_KIND (pc)]));
  json_object_object_add (o, "owner", json_object_new_string (ch_side_ids[P_OWNER (pc)]));
  if (P_CTRL (pc) != P_OWNER (pc))
    json_object_object_add (o, "ctrl", json_object_new_string (ch_side_ids[P_CTRL (pc)]));
  if (P_KIND (pc) == K_MARINE && (pc & P_MOVED))
    json_object_object_add (o, "moved", json_object_new_boolean (TRUE));
  return o;
}

/* ---------------------------------------------------------------- state life */

static void
state_free (ChState *st)
{
  if (st == NULL)
    return;
  for (guint i = 0; i < CH_SIDES; i++)
    g_free (st->names[i]);
  ch_ruleset_clear (&st->rs);
  g_free (st->g);
  g_free (st->result);
  if (st->ruleset)
    json_object_put (st->ruleset);
  g_free (st);
}

static void
ch_free_state (MgState *state)
{
  state_free ((ChState *) state);
}

static ChState *
state_clone (const ChState *src)
{
  ChState *st = g_new (ChState, 1);

  memcpy (st, src, sizeof *st);
  for (guint i = 0; i < CH_SIDES; i++)
    st->names[i] = g_strdup (src->names[i]);
  for (guint i = 0; i < CH_SIDES; i++)
    st->rs.colour[i] = g_strdup (src->rs.colour[i]);
  st->g = g_memdup2 (src->g, sizeof *src->g);
  st->pos.g = st->g;
  st->pos.rs = &st->rs;
  st->result = g_strdup (src->result);
  st->ruleset = json_object_get (src->ruleset);
  return st;
}

extern const MgRules ch_rules;

static ChState *
state_alloc (json_object *ruleset, guint n_players, GError **error)
{
  ChState *st = g_new0 (ChState, 1);

  st->parent.rules = &ch_rules;
  st->g = g_new0 (ChGeom, 1);
  if (!ch_ruleset_parse (ruleset, &st->rs, st->g, error))
    {
      state_free (st);
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
        g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL,
                     ngettext ("The %s variant is for %u player, not %u.", "The %s variant is for %u players, not %u.", min[v]),
                     ch_variant_ids[v], min[v], n);
      else
        g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL,
                     _("The %s variant is for %u to %u players, not %u."), ch_variant_ids[v], min[v], max[v], n);
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

static void
begin_turn (ChState *st, json_object *events, GString *summary);

static gboolean
check_name (const char *name, GError **error)
{
  if (name != NULL && *name != '\0' && !mg_rules_check_name (name, MG_RULES_ERROR_ILLEGAL, error))
    return FALSE;
  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL) ||
      strcmp (name, MG_SEAT_PUBLIC) == 0 || strcmp (name, MG_SEAT_ALL) == 0)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("\"%s\" cannot name a player"), name ? name : "");
      return FALSE;
    }
  return TRUE;
}

static guint32 melee_unsaid (const ChState *st);

static MgState *
ch_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  guint n = players ? g_strv_length ((char **) players) : 0;
  ChState *st;

  if (n < 1 || n > CH_SIDES)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("Mêlée needs 1 to 4 players, not %u."), n);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      if (!check_name (players[i], error))
        return NULL;
      for (guint j = 0; j < i; j++)
        if (strcmp (players[i], players[j]) == 0)
          {
            g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("Two players are called \"%s\"."), players[i]);
            return NULL;
          }
    }
  st = state_alloc (ruleset, n, error);
  if (st == NULL)
    return NULL;
  if (!check_players (&st->rs, n, error))
    {
      state_free (st);
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
    st->forbid[s] = melee_unsaid (st);
  st->pos.forbid = st->forbid[st->pos.stm];
  return &st->parent;
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
  json_object_object_add (o, "phase", json_object_new_string (phase_ids[st->phase]));
  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "ply", json_object_new_int64 (st->ply));
  json_object_object_add (o, "to_move", json_object_new_string (ch_side_ids[st->pos.stm]));
  json_object_object_add (o, "mover", json_object_new_string (ch_side_ids[st->mover]));
  json_object_object_add (o, "active", json_object_new_int64 (st->pos.active));
  json_object_object_add (o, "ak_active", json_object_new_boolean (st->pos.ak_active));
  a = json_object_new_array ();
  for (guint s = 0; s < CH_SQ; s++)
    if (st->pos.sq[s] != 0)
      json_object_array_add (a, piece_json (st, s, st->pos.sq[s]));
  json_object_object_add (o, "pieces", a);
  a = json_object_new_array ();
  for (guint side = 0; side < CH_SIDES; side++)
    {
      json_object *c = json_object_new_array ();
      for (guint i = 0; i < st->n_captured[side]; i++)
        {
          guint8 e = st->captured[side][i];
          json_object *pj = piece_json (st, CH_NONE, P_MAKE (e & 7, (e >> 3) & 3, (e >> 3) & 3, FALSE));
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
  json_object_object_add (o, "last_from", sq_json (st->last_from));
  json_object_object_add (o, "last_to", sq_json (st->last_to));
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
          json_object_object_add (m, "at", sq_json (st->mines[i].sq));
          json_object_object_add (m, "owner", json_object_new_string (ch_side_ids[st->mines[i].owner]));
          json_object_array_add (a, m);
        }
      json_object_object_add (o, "mines", a);
      a = json_object_new_array ();
      for (guint side = 0; side < CH_SIDES; side++)
        json_object_array_add (a, json_object_new_int64 (st->mines_placed[side]));
      json_object_object_add (o, "mines_placed", a);
    }
  json_object_object_add (o, "ak_kills", json_object_new_int64 (st->ak_kills));
  json_object_object_add (o, "solo_marines", json_object_new_int64 (st->solo_marines));
  json_object_object_add (o, "bare_side", json_object_new_int64 (st->bare_side));
  json_object_object_add (o, "bare_left", json_object_new_int64 (st->bare_left));
  json_object_object_add (o, "winners", json_object_new_int64 (st->winners));
  if (st->result)
    json_object_object_add (o, "result", json_object_new_string (st->result));
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
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s.kind: a piece"), path);
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

static MgState *
ch_from_json (json_object *ruleset, json_object *json, GError **error)
{
  g_autoptr(GError) local = NULL;
  json_object *a;
  ChState *st;
  guint u;
  gint64 v, arr[4];
  gsize len;
  gboolean b;

  if (!mg_json_object (json, "$", SERR, error) ||
      (a = mg_json_get_array (json, "$", "players", SERR, 1, 4, error)) == NULL)
    return NULL;
  st = state_alloc (ruleset, json_object_array_length (a), error);
  if (st == NULL)
    return NULL;
#define FAIL() do { state_free (st); return NULL; } while (0)
  if (!mg_json_get_choice (json, "$", "variant", SERR, ch_variant_ids, &u, error))
    FAIL ();
  if (u != st->rs.variant)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("$.variant: the ruleset plays %s, the state %s"),
                   ch_variant_ids[st->rs.variant], ch_variant_ids[u]);
      FAIL ();
    }
  for (guint i = 0; i < st->n_players; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.players", i);
      const char *name;
      if (!mg_json_get_string (json_object_array_get_idx (a, i), p, "name", SERR, &name, error))
        FAIL ();
      st->names[i] = g_strdup (name);
    }
  if (!check_players (&st->rs, st->n_players, error))
    FAIL ();
  seat_players (st);
  if (!mg_json_get_choice (json, "$", "phase", SERR, phase_ids, &u, error))
    FAIL ();
  st->phase = u;
  if (!mg_json_get_int (json, "$", "turn", SERR, 0, G_MAXINT, &v, error))
    FAIL ();
  st->turn = v;
  if (!mg_json_get_int (json, "$", "ply", SERR, 0, G_MAXINT, &v, error))
    FAIL ();
  st->ply = v;
  if (!mg_json_get_choice (json, "$", "to_move", SERR, ch_side_ids, &u, error))
    FAIL ();
  st->pos.stm = u;
  if (!mg_json_get_choice (json, "$", "mover", SERR, ch_side_ids, &u, error))
    FAIL ();
  st->mover = u;
  if (!mg_json_get_int (json, "$", "active", SERR, 0, 15, &v, error))
    FAIL ();
  st->pos.active = v;
  if (!mg_json_get_bool (json, "$", "ak_active", SERR, &b, error))
    FAIL ();
  st->pos.ak_active = b;
  if ((a = mg_json_get_array (json, "$", "pieces", SERR, 0, CH_SQ, error)) == NULL)
    FAIL ();
  len = json_object_array_length (a);
  for (gsize i = 0; i < len; i++)
    {
      g_autofree char *p = mg_json_path_index ("$.pieces", i);
      guint8 s, pc;
      if (!mg_json_object (json_object_array_get_idx (a, i), p, SERR, error) ||
          !read_piece (json_object_array_get_idx (a, i), p, TRUE, &s, &pc, error))
        FAIL ();
      st->pos.sq[s] = pc;
    }
  if ((a = mg_json_get_array (json, "$", "captured", SERR, 4, 4, error)) == NULL)
    FAIL ();
  for (guint side = 0; side < CH_SIDES; side++)
    {
      g_autofree char *p = mg_json_path_index ("$.captured", side);
      json_object *c = json_object_array_get_idx (a, side);
      if (!mg_json_array (c, p, SERR, 0, MAX_CAPT, &len, error))
        FAIL ();
      for (gsize i = 0; i < len; i++)
        {
          g_autofree char *pi = mg_json_path_index (p, i);
          json_object *e = json_object_array_get_idx (c, i);
          gboolean killed = FALSE;
          guint8 s, pc;
          if (!mg_json_object (e, pi, SERR, error) || !read_piece (e, pi, FALSE, &s, &pc, error))
            FAIL ();
          if (!mg_json_opt_bool (e, pi, "killed", SERR, &killed, error))
            FAIL ();
          st->captured[side][st->n_captured[side]++] = P_KIND (pc) | (P_OWNER (pc) << 3) | (killed ? C_KILLED : 0);
        }
    }
  if (!read_ints (json, "scores", -100000, 100000, arr, error))
    FAIL ();
  for (guint i = 0; i < 4; i++)
    st->score[i] = arr[i];
  if (!read_ints (json, "forbid", 0, G_MAXUINT32, arr, error))
    FAIL ();
  for (guint i = 0; i < 4; i++)
    st->forbid[i] = arr[i];
  if (!read_ints (json, "announced", 0, 15, arr, error))
    FAIL ();
  for (guint i = 0; i < 4; i++)
    st->announced[i] = arr[i];
  if (!mg_json_get_int (json, "$", "threat", SERR, 0, G_MAXUINT32, &v, error))
    FAIL ();
  st->threat = v;
  if (!read_sq_opt (json, "last_from", &st->last_from, error) || !read_sq_opt (json, "last_to", &st->last_to, error))
    FAIL ();
  if (!mg_json_get_int (json, "$", "lost_turn", SERR, 0, 15, &v, error))
    FAIL ();
  st->lost_turn = v;
  if (st->rs.variant == V_MINEFIELD)
    {
      if ((a = mg_json_get_array (json, "$", "mines", SERR, 0, MAX_MINES, error)) == NULL)
        FAIL ();
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
                g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s.at: a square"), p);
              FAIL ();
            }
          st->mines[i].owner = u;
          st->n_mines++;
        }
      if (!read_ints (json, "mines_placed", 0, 100, arr, error))
        FAIL ();
      for (guint i = 0; i < 4; i++)
        st->mines_placed[i] = arr[i];
    }
  if (!mg_json_get_int (json, "$", "ak_kills", SERR, 0, 1000, &v, error))
    FAIL ();
  st->ak_kills = v;
  if (!mg_json_get_int (json, "$", "solo_marines", SERR, 0, 1000, &v, error))
    FAIL ();
  st->solo_marines = v;
  if (!mg_json_get_int (json, "$", "bare_side", SERR, -1, 3, &v, error))
    FAIL ();
  st->bare_side = v;
  if (!mg_json_get_int (json, "$", "bare_left", SERR, -1, 100000, &v, error))
    FAIL ();
  st->bare_left = v;
  if (!mg_json_get_int (json, "$", "winners", SERR, 0, 15, &v, error))
    FAIL ();
  st->winners = v;
  if (mg_json_member (json, "result"))
    {
      const char *r;
      if (!mg_json_get_string (json, "$", "result", SERR, &r, error))
        FAIL ();
      st->result = g_strdup (r);
    }
#undef FAIL
  ch_pos_refresh (&st->pos);
  st->pos.forbid = st->forbid[st->pos.stm];
  return &st->parent;
}

/* ---------------------------------------------------------------- captures, the end */

static void
add_captured (ChState *st, guint side, guint8 pc, gboolean killed)
{
  if (st->n_captured[side] < MAX_CAPT)
    st->captured[side][st->n_captured[side]++] = P_KIND (pc) | (P_OWNER (pc) << 3) | (killed ? C_KILLED : 0);
}

static void
game_over (ChState *st, guint8 winners, const char *text)
{
  st->phase = PH_OVER;
  st->winners = winners;
  g_free (st->result);
  st->result = g_strdup (text);
}

/* Solitaire: the score of one AK piece taken (in order or out of order). */
static gint
solo_score (ChState *st, guint8 pc)
{
  guint kind = P_KIND (pc);

  if (kind == K_MARINE)
    return ++st->solo_marines <= st->rs.solo_free_marines ? 0 : st->rs.solo_marine;
  for (guint i = 0; i < 6 && st->rs.solo_order[i] != kind; i++)
    if (has_kind (&st->pos, st->pos.ak, st->rs.solo_order[i]))
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
                json_object *ev = event_new ("rogue");
                st->pos.sq[s] = P_MAKE (kind, fallen, captor, FALSE);
                json_object_object_add (ev, "piece", json_object_new_string (ch_kind_ids[kind]));
                json_object_object_add (ev, "owner", json_object_new_string (ch_side_ids[fallen]));
                json_object_object_add (ev, "ctrl", json_object_new_string (ch_side_ids[captor]));
                json_object_object_add (ev, "at", sq_json (s));
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
president_lost (ChState *st, guint side, guint8 by, json_object *events, GString *summary)
{
  json_object *ev = event_new ("president_lost");
  ChVariant v = st->rs.variant;

  json_object_object_add (ev, "side", json_object_new_string (ch_side_ids[side]));
  json_object_object_add (ev, "player", json_object_new_string (side_name (st, side)));
  if (by != CH_NONE)
    json_object_object_add (ev, "by", json_object_new_string (side_name (st, by)));
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
      g_autofree char *t = g_strdup_printf (_("%s and %s win: they took the first President."),
                                            side_name (st, a), side_name (st, b));
      game_over (st, (1u << a) | (1u << b), t);
      return;
    }
  if (side == st->pos.ak)
    {
      g_autofree char *t = by != CH_NONE ? g_strdup_printf (_("%s takes the Abandoned Kingdom's President and wins."), side_name (st, by))
                                         : g_strdup (_("The Abandoned Kingdom's President is gone."));
      st->pos.active &= ~(1u << side);
      remove_side_pieces (st, side);
      game_over (st, by != CH_NONE ? 1u << by : 0, t);
      return;
    }
  if (v == V_SOLITAIRE)
    {
      g_autofree char *t = g_strdup_printf (_("%s lost the President: the game is lost, %d points."), side_name (st, side), st->score[side]);
      game_over (st, 0, t);
      return;
    }
  g_string_append_printf (summary, _("; %s is out"), side_name (st, side));
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
settle (ChState *st, guint8 by, json_object *events, GString *summary)
{
  for (guint side = 0; side < CH_SIDES && st->phase != PH_OVER; side++)
    {
      if (!(st->pos.active & (1u << side)))
        continue;
      if (st->rs.variant != V_POINTS && president_sq (&st->pos, side) == CH_NONE)
        president_lost (st, side, by, events, summary);
      else if (st->rs.variant == V_POINTS && !has_kind (&st->pos, side, K_GENERAL) && !has_kind (&st->pos, side, K_ADMIRAL))
        {
          /* Points rule 5: without General and Admiral a player is out. */
          g_string_append_printf (summary, _("; %s has lost General and Admiral and is out"), side_name (st, side));
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
          g_autofree char *t = g_strdup_printf (_("%s wins with %d points."), side_name (st, side), st->score[side]);
          game_over (st, 1u << side, t);
          return;
        }
  {
    guint8 alive = alive_players (st);
    guint n = __builtin_popcount (alive);
    if (n == 0)
      game_over (st, 0, _("No President is left: the game is a draw."));
    else if (n == 1 && st->rs.variant != V_SOLITAIRE && st->pos.ak == CH_NONE)
      {
        guint w = g_bit_nth_lsf (alive, -1);
        g_autofree char *t = g_strdup_printf (_("Victory! %s is the last player and wins."), side_name (st, w));
        game_over (st, 1u << w, t);
      }
    else if (n == 1 && st->rs.variant == V_AK)
      {
        guint w = g_bit_nth_lsf (alive, -1);
        g_autofree char *t = g_strdup_printf (_("Victory! %s is the last player and wins."), side_name (st, w));
        game_over (st, 1u << w, t);
      }
  }
}

/* Rule 15: two players left, one with nothing but the President. */
static void
bare_rule (ChState *st, guint8 mover, json_object *events)
{
  guint8 alive = alive_players (st);
  gint bare = -1;

  if (st->phase == PH_OVER)
    return;
  if (__builtin_popcount (alive) == 2 && st->pos.ak == CH_NONE)
    for (guint side = 0; side < CH_SIDES; side++)
      if ((alive & (1u << side)) && count_pieces (&st->pos, side, FALSE, FALSE) == 0)
        bare = side;
  if (bare < 0)
    {
      st->bare_side = st->bare_left = -1;
      return;
    }
  if (st->bare_side != bare)
    {
      json_object *ev = event_new ("bare_president");
      st->bare_side = bare;
      st->bare_left = st->rs.bare_moves;
      json_object_object_add (ev, "player", json_object_new_string (side_name (st, bare)));
      json_object_object_add (ev, "moves", json_object_new_int64 (st->bare_left));
      json_object_array_add (events, ev);
      return;
    }
  if (mover != bare && st->bare_left > 0 && --st->bare_left == 0)
    {
      g_autofree char *t = g_strdup_printf (ngettext ("%s's President survived %u move: the game is a draw.",
                                                      "%s's President survived %u moves: the game is a draw.",
                                                      st->rs.bare_moves),
                                            side_name (st, bare), st->rs.bare_moves);
      game_over (st, 0, t);
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
            json_object *ev = event_new ("killed");
            json_object_object_add (ev, "at", sq_json (s));
            json_object_object_add (ev, "piece", piece_json (st, CH_NONE, st->pos.sq[s]));
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
mines_after_move (ChState *st, guint8 to, json_object *events, GString *summary)
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
              g_string_append_printf (summary, _("; the Air Force landed next to its own mine: %s loses a turn"),
                                      side_name (st, m->owner));
            }
          continue;
        }
      if (!mine_deactivated (st, m) || P_KIND (pc) == K_AIR_FORCE)
        {
          json_object *ev = event_new ("mine");
          guint8 sq = m->sq, owner = m->owner;
          char name[4];
          ch_square_name (sq, name);
          json_object_object_add (ev, "at", sq_json (sq));
          json_object_object_add (ev, "owner", json_object_new_string (side_name (st, owner)));
          json_object_object_add (ev, "result", json_object_new_string ("detonated"));
          json_object_array_add (events, ev);
          g_string_append_printf (summary, _("; %s's mine on %s detonates"), side_name (st, owner), name);
          blast (st, sq, st->rs.mine_blast, CH_NONE, events);
          i = (guint) -1;   /* the list changed: look again */
          continue;
        }
      if (P_KIND (pc) == K_MARINE)
        {
          /* Rule 6: the deactivating Marines die and the mine changes hands. */
          json_object *ev = event_new ("mine");
          char name[4];
          ch_square_name (m->sq, name);
          for (guint d = 0; d < CH_SQ; d++)
            if (st->pos.sq[d] != 0 && P_KIND (st->pos.sq[d]) == K_MARINE && P_CTRL (st->pos.sq[d]) == m->owner &&
                ch_dist (d, m->sq) == 1)
              {
                piece_lost (st, st->pos.sq[d], P_CTRL (pc), FALSE, events);
                st->pos.sq[d] = 0;
              }
          json_object_object_add (ev, "at", sq_json (m->sq));
          json_object_object_add (ev, "owner", json_object_new_string (side_name (st, m->owner)));
          json_object_object_add (ev, "result", json_object_new_string ("captured"));
          json_object_object_add (ev, "by", json_object_new_string (side_name (st, P_CTRL (pc))));
          json_object_array_add (events, ev);
          g_string_append_printf (summary, _("; %s's deactivated mine on %s kills its Marine and is now %s's"),
                                  side_name (st, m->owner), name, side_name (st, P_CTRL (pc)));
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
ak_reply (ChState *st, json_object *events, GString *summary)
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
  pres = president_sq (&q, ak);
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
    json_object *ev = event_new ("ak_kill");
    const char *why = threat[best] ? _("it threatened the AK President")
                      : _("the most powerful invader within reach, the closest to the AK President");
    g_autofree char *kt = piece_text (st, killer);
    g_autofree char *vt = piece_text (st, victim);

    ch_square_name (m.from, from);
    ch_square_name (m.to, to);
    ch_make (&st->pos, m, ks, kp, &nk, &ex, &back);
    piece_lost (st, victim, ak, FALSE, events);
    st->ak_kills++;
    st->pos.ak_active = TRUE;
    json_object_object_add (ev, "from", sq_json (m.from));
    json_object_object_add (ev, "to", sq_json (m.to));
    json_object_object_add (ev, "piece", json_object_new_string (ch_kind_ids[P_KIND (killer)]));
    json_object_object_add (ev, "takes", piece_json (st, CH_NONE, victim));
    json_object_object_add (ev, "why", json_object_new_string (why));
    json_object_array_add (events, ev);
    g_string_append_printf (summary, _("; the Abandoned Kingdom's %s %s–%s takes %s (%s)"),
                            kind_name (P_KIND (killer)), from, to, vt, why);
    (void) kt;
    st->last_from = m.from;
    st->last_to = m.to;
    settle (st, ak, events, summary);
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
static guint32
melee_unsaid (const ChState *st)
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
victory_check (ChState *st, guint side, json_object *events, GString *summary)
{
  guint8 pres = president_sq (&st->pos, side), attackers, by = CH_NONE;
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
    json_object *ev = event_new ("victory");
    char name[4];
    ch_square_name (pres, name);
    json_object_object_add (ev, "by", json_object_new_string (side_name (st, by)));
    json_object_object_add (ev, "president", json_object_new_string (side_name (st, side)));
    json_object_object_add (ev, "at", sq_json (pres));
    json_object_array_add (events, ev);
    g_string_append_printf (summary, _("; Victory! %s's President on %s has no move but into Mêlée and is taken by %s"),
                            side_name (st, side), name, side_name (st, by));
    piece_lost (st, st->pos.sq[pres], by, FALSE, events);
    st->pos.sq[pres] = 0;
    settle (st, by, events, summary);
  }
  return TRUE;
}

static void
begin_turn (ChState *st, json_object *events, GString *summary)
{
  for (guint guard = 0; guard < 3 * CH_SIDES && st->phase != PH_OVER; guard++)
    {
      guint8 prev = st->pos.stm, next = ch_next_side (prev, alive_players (st));
      if (next <= prev)
        st->turn++;
      st->pos.stm = next;
      if (st->lost_turn & (1u << next))
        {
          st->lost_turn &= ~(1u << next);
          g_string_append_printf (summary, _("; %s loses this turn"), side_name (st, next));
          continue;
        }
      if (victory_check (st, next, events, summary))
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

/* A sentence for the table saying why the piece on `from` may not go to `to` (NULL: no reason found). */
static char *
explain (const ChState *st, guint8 from, guint8 to)
{
  const ChPos *p = &st->pos;
  const ChGeom *g = st->g;
  guint8 pc = p->sq[from], v = p->sq[to], path[CH_W];
  gint dx, dy, adx, ady;
  guint kind, owner, n;
  char f[4], t[4], w[4];
  const char *kn;

  ch_square_name (from, f);
  ch_square_name (to, t);
  if (pc == 0)
    return g_strdup_printf (_("There is no piece on %s."), f);
  kind = P_KIND (pc);
  owner = P_OWNER (pc);
  kn = kind_name (kind);
  if (P_CTRL (pc) != p->stm)
    return g_strdup_printf (_("The %s on %s is %s's; it is %s's turn."), kn, f, side_name (st, P_CTRL (pc)), side_name (st, p->stm));
  if (owner != P_CTRL (pc) && !(p->command & (1u << P_CTRL (pc))))
    return g_strdup_printf (_("%s commands rogues only with the President and one piece of its own on the board."),
                            side_name (st, P_CTRL (pc)));
  if (from == to)
    return g_strdup (_("A move must go to another square."));
  if (v != 0 && P_CTRL (v) == P_CTRL (pc))
    return g_strdup_printf (_("%s is occupied by your own %s."), t, kind_name (P_KIND (v)));
  if (v != 0 && st->rs.partner[P_CTRL (pc)] == P_CTRL (v))
    return g_strdup (_("Team members never capture each other's pieces."));
  if (v != 0 && P_CTRL (v) == p->ak && g->domain[from] != p->ak)
    return g_strdup (_("An Abandoned Kingdom piece can be captured only from inside its domain."));
  if (v != 0 && (p->forbid & P_BIT (P_OWNER (v), P_KIND (v))))
    return g_strdup_printf (_("%s did not say “Mêlée”: the %s on %s cannot be taken on this move."),
                            side_name (st, p->stm), kind_name (P_KIND (v)), t);

  dx = (gint) (to % CH_W) - (gint) (from % CH_W);
  dy = (gint) (to / CH_W) - (gint) (from / CH_W);
  adx = ABS (dx);
  ady = ABS (dy);
  switch (kind)
    {
    case K_PRESIDENT:
      if (adx > 1 || ady > 1)
        return g_strdup (_("The President moves one square only."));
      if (g->terrain[to] == T_WATER)
        return g_strdup_printf (_("The President cannot stand on the water at %s."), t);
      if (g->terrain[to] == T_WALL)
        return g_strdup_printf (_("Only a Marine may stand on the wall at %s."), t);
      {
        ChPos q;
        guint8 by = CH_NONE;
        memcpy (&q, p, sizeof q);
        q.sq[to] = q.sq[from];
        q.sq[from] = 0;
        if (ch_attacked (&q, to, &by))
          {
            g_autofree char *bt = piece_text (st, q.sq[by]);
            ch_square_name (by, w);
            return g_strdup_printf (_("The President may not move into Mêlée: %s is threatened by %s on %s."), t, bt, w);
          }
      }
      break;

    case K_ADMIRAL:
    case K_GENERAL:
      if (!(dx == 0 || dy == 0 || adx == ady))
        return g_strdup_printf (_("The %s moves along ranks, files and diagonals."), kn);
      n = between (from, to, path);
      for (guint i = 0; i < n; i++)
        {
          ch_square_name (path[i], w);
          if (kind == K_ADMIRAL && g->terrain[path[i]] == T_WALL)
            return g_strdup_printf (_("The Admiral cannot cross the wall at %s."), w);
          if (kind == K_GENERAL && g->terrain[path[i]] == T_WATER)
            return g_strdup_printf (_("The General cannot cross the water at %s."), w);
          if (p->sq[path[i]] != 0)
            return g_strdup_printf (_("The %s cannot pass over the %s on %s."), kn, kind_name (P_KIND (p->sq[path[i]])), w);
        }
      if (g->terrain[to] == T_WALL)
        return g_strdup_printf (_("Only a Marine may stand on the wall at %s."), t);
      if (kind == K_GENERAL && g->terrain[to] == T_WATER)
        return g_strdup_printf (_("The General cannot land on the water at %s."), t);
      break;

    case K_AIR_FORCE:
      if (adx + ady == 1)
        {
          if (v != 0)
            return g_strdup (_("The Air Force's one square straight never captures."));
        }
      else if (adx != ady)
        return g_strdup (_("The Air Force flies diagonally, or steps one square straight without capturing."));
      if (g->terrain[to] == T_WATER)
        return g_strdup_printf (_("The Air Force cannot land on the water at %s."), t);
      if (g->terrain[to] == T_WALL)
        return g_strdup_printf (_("Only a Marine may stand on the wall at %s."), t);
      if (v != 0 && adx == ady)
        {
          n = between (from, to, path);
          for (guint i = 0; i < n; i++)
            if (p->sq[path[i]] != 0)
              {
                ch_square_name (path[i], w);
                return g_strdup_printf (_("The Air Force flew over the %s on %s: it may take only a piece standing next to another %s piece."),
                                        kind_name (P_KIND (p->sq[path[i]])), w, colour_word (st, owner));
              }
        }
      break;

    case K_NAVY:
      if (!((adx == 1 && ady == 2) || (adx == 2 && ady == 1)))
        return g_strdup (_("The Navy moves two squares straight, then one to the side."));
      for (guint k = 0; k < g->n_knight[from]; k++)
        if (g->knight[from][k].to == to)
          {
            guint8 ps[2] = { g->knight[from][k].p1, g->knight[from][k].p2 };
            for (guint i = 0; i < 2; i++)
              if (g->terrain[ps[i]] == T_WALL)
                {
                  ch_square_name (ps[i], w);
                  return g_strdup_printf (_("The Navy cannot cross the wall at %s."), w);
                }
          }
      if (g->terrain[to] == T_WALL)
        return g_strdup_printf (_("Only a Marine may stand on the wall at %s."), t);
      break;

    case K_ARMY:
      if (dx != 0 && dy != 0)
        return g_strdup (_("The Army moves along ranks and files only."));
      n = between (from, to, path);
      for (guint i = 0; i < n; i++)
        {
          ch_square_name (path[i], w);
          if (g->terrain[path[i]] == T_WATER)
            return g_strdup_printf (_("The Army cannot cross the water at %s."), w);
          if (g->terrain[path[i]] == T_WALL)
            return g_strdup_printf (_("The Army cannot cross the wall at %s."), w);
          if (p->sq[path[i]] != 0)
            return g_strdup_printf (_("The Army cannot pass over the %s on %s."), kind_name (P_KIND (p->sq[path[i]])), w);
        }
      if (g->terrain[to] == T_WATER)
        return g_strdup_printf (_("The Army cannot land on the water at %s."), t);
      if (g->terrain[to] == T_WALL && v == 0)
        return g_strdup_printf (_("The Army stands on the wall at %s only by capturing a piece there."), t);
      if (g->terrain[from] == T_WALL && v != 0 && g->terrain[to] != T_WALL)
        return g_strdup (_("Moving off the wall, the Army cannot capture; on the wall it captures only pieces on a wall."));
      break;

    case K_MARINE:
      {
        gint fx = g->fwd_dx[owner], fy = g->fwd_dy[owner];
        gint ahead = dx * fx + dy * fy;       /* steps forward */
        gint aside = ABS (dx * fy - dy * fx);  /* steps sideways */
        gboolean on_wall = g->terrain[from] == T_WALL;
        if (ahead < 0)
          return g_strdup (_("A Marine never moves backward (except along a wall)."));
        if (on_wall && !g->wall_front[from] && !(g->terrain[to] == T_WALL && ch_dist (from, to) == 1))
          {
            guint8 front = from;
            for (guint i = 0; i < 4; i++)
              if (g->wall_nb[front][1] != CH_NONE)
                front = g->wall_nb[front][1];
            ch_square_name (front, w);
            return g_strdup_printf (_("On the wall a Marine moves only along the wall; it leaves the wall only at the front end (%s)."), w);
          }
        if (ahead > 2 || aside > 2 || (ahead != 0 && aside != 0 && ahead != aside))
          return g_strdup (_("A Marine moves one square forward, diagonally forward or sideways."));
        if (MAX (ahead, aside) == 2)
          {
            if (pc & P_MOVED)
              return g_strdup_printf (_("The Marine on %s has already moved: it may go only one square."), f);
            if (p->ak == owner)
              return g_strdup (_("An Abandoned Kingdom Marine never moves two squares."));
            if (ahead == 0 && !st->rs.double_step_all)
              return g_strdup (_("A Marine's two-square first move goes forward or diagonally forward."));
            n = between (from, to, path);
            ch_square_name (path[0], w);
            if (p->sq[path[0]] != 0)
              return g_strdup_printf (_("The Marine cannot pass over the %s on %s."), kind_name (P_KIND (p->sq[path[0]])), w);
            if (g->terrain[path[0]] == T_WALL && !st->rs.double_step_over_wall)
              return g_strdup_printf (_("The Marine stops on the wall at %s."), w);
          }
        if (v != 0 && ahead == 0 && !(on_wall && g->wall_front[from] && st->rs.front_lateral_capture))
          return g_strdup (_("A Marine captures only forward and diagonally forward, never sideways."));
        if (v != 0 && g->terrain[to] == T_WALL && !on_wall && P_KIND (v) == K_MARINE)
          return g_strdup (_("A Marine off the wall cannot capture a Marine on the wall."));
        if (v != 0 && on_wall && g->terrain[to] != T_WALL && !g->wall_front[from])
          return g_strdup (_("On the wall a Marine captures only along the wall."));
      }
      break;
    }
  if (P_CTRL (pc) == p->ak)
    return g_strdup (_("The Abandoned Kingdom moves only to kill an invader in its domain."));
  return NULL;
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
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("\"%s\" must be a square from a1 to n14 (files a–n, ranks 1–14), got \"%s\""), key, name);
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
          return illegal (error, _("It is %s's turn, not %s's."), side_name (st, side), name);
        return TRUE;
      }
  return illegal (error, _("There is no player called \"%s\" in this game."), name);
}

static json_object *
act_move (ChState *st, json_object *action, GString *summary, GError **error)
{
  static const char * const known[] = { "type", "player", "from", "to", "template", NULL };
  ChMove moves[128];
  guint8 from, to, pc, taken, ks[25], kp[25], back, mover = st->pos.stm;
  guint n, nk, own_before[CH_SIDES];
  gboolean ok = FALSE, ex;
  json_object *events, *ev;
  char f[4], t[4];

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error) || !get_square (action, "from", &from, error) ||
      !get_square (action, "to", &to, error))
    return NULL;
  if (st->phase == PH_MINES)
    return illegal (error, _("The mines are not all placed yet.")), NULL;
  if (st->phase == PH_MELEE)
    return illegal (error, _("First say whether %s announced “Mêlée”."), side_name (st, st->mover)), NULL;
  if (!check_player (st, action, mover, error))
    return NULL;
  pc = st->pos.sq[from];
  n = pc != 0 && P_CTRL (pc) == mover ? ch_gen_piece (&st->pos, from, moves, TRUE) : 0;
  for (guint i = 0; i < n; i++)
    ok |= moves[i].to == to;
  if (!ok)
    {
      char *why = explain (st, from, to);
      if (why == NULL)
        why = g_strdup (_("That move is not allowed."));
      g_set_error_literal (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, why);
      g_free (why);
      return NULL;
    }

  for (guint s = 0; s < CH_SIDES; s++)
    own_before[s] = count_pieces (&st->pos, s, TRUE, FALSE);
  events = json_object_new_array ();
  ch_square_name (from, f);
  ch_square_name (to, t);
  {
    g_autofree char *pt = piece_text (st, pc);
    g_string_append_printf (summary, _("%s %s–%s"), pt, f, t);
  }
  taken = ch_make (&st->pos, (ChMove) { from, to }, ks, kp, &nk, &ex, &back);
  st->ply++;
  st->last_from = from;
  st->last_to = to;
  ev = event_new ("move");
  json_object_object_add (ev, "player", json_object_new_string (side_name (st, mover)));
  json_object_object_add (ev, "piece", json_object_new_string (ch_kind_ids[P_KIND (pc)]));
  json_object_object_add (ev, "from", json_object_new_string (f));
  json_object_object_add (ev, "to", json_object_new_string (t));
  if (taken)
    {
      g_autofree char *vt = piece_text (st, taken);
      json_object_object_add (ev, "takes", piece_json (st, CH_NONE, taken));
      g_string_append_printf (summary, _(" takes %s"), vt);
      piece_lost (st, taken, mover, FALSE, events);
      if (st->pos.ak != CH_NONE && st->g->domain[to] == st->pos.ak)
        st->pos.ak_active = TRUE;   /* AK rule 5: a first kill in its domain */
    }
  json_object_array_add (events, ev);
  if (ex)
    {
      json_object *e2 = event_new ("explosion");
      json_object *killed = json_object_new_array ();
      json_object_object_add (e2, "at", json_object_new_string (t));
      for (guint i = 0; i < nk; i++)
        {
          json_object_array_add (killed, piece_json (st, ks[i], kp[i]));
          piece_lost (st, kp[i], mover, TRUE, events);
        }
      json_object_object_add (e2, "killed", killed);
      json_object_object_add (e2, "back_to", sq_json (back));
      json_object_array_add (events, e2);
      {
        g_autofree char *bt = back != CH_NONE ? (ch_square_name (back, f), g_strdup (f)) : NULL;
        if (bt)
          g_string_append_printf (summary, ngettext ("; the Marine explodes on %s, killing %u piece, and comes back on %s",
                                                     "; the Marine explodes on %s, killing %u pieces, and comes back on %s", nk),
                                  t, nk, bt);
        else
          g_string_append_printf (summary, ngettext ("; the Marine explodes on %s, killing %u piece, and is lost (no free square)",
                                                     "; the Marine explodes on %s, killing %u pieces, and is lost (no free square)", nk),
                                  t, nk);
      }
      for (guint i = 0; i < st->n_mines;)
        if (ch_dist (st->mines[i].sq, to) <= st->rs.explosion_radius)
          st->mines[i] = st->mines[--st->n_mines];
        else
          i++;
    }
  if (st->rs.variant == V_MINEFIELD)
    mines_after_move (st, to, events, summary);

  /* Rogue rule 5: taking B's last own piece besides the President hands B's rogues to the taker. */
  if (st->rs.variant == V_ROGUE)
    for (guint b = 0; b < CH_SIDES; b++)
      if (b != mover && own_before[b] > 0 && count_pieces (&st->pos, b, TRUE, FALSE) == 0 &&
          president_sq (&st->pos, b) != CH_NONE && president_sq (&st->pos, mover) != CH_NONE &&
          count_pieces (&st->pos, mover, TRUE, FALSE) > 0)
        for (guint s = 0; s < CH_SQ; s++)
          if (st->pos.sq[s] != 0 && P_CTRL (st->pos.sq[s]) == b && P_OWNER (st->pos.sq[s]) != b)
            st->pos.sq[s] = P_SET_CTRL (st->pos.sq[s], mover);

  ch_pos_refresh (&st->pos);
  settle (st, mover, events, summary);
  st->forbid[mover] = melee_unsaid (st);
  st->announced[mover] = 0;
  ak_reply (st, events, summary);
  bare_rule (st, mover, events);
  if (st->phase == PH_OVER)
    {
      g_string_append_printf (summary, ". %s", st->result);
      return events;
    }
  st->threat = (st->pos.active & (1u << mover)) ? threats_of (st, mover) : 0;
  if (st->threat != 0)
    {
      st->phase = PH_MELEE;
      st->mover = mover;
      json_object *e3 = event_new ("threat");
      json_object *who = json_object_new_array ();
      for (guint s = 0; s < CH_SIDES; s++)
        for (guint k = 1; k < CH_N_KINDS; k++)
          if (st->threat & P_BIT (s, k))
            {
              json_object *w = json_object_new_object ();
              json_object_object_add (w, "player", json_object_new_string (side_name (st, s)));
              json_object_object_add (w, "kind", json_object_new_string (ch_kind_ids[k]));
              json_object_array_add (who, w);
            }
      json_object_object_add (e3, "threatened", who);
      json_object_array_add (events, e3);
      return events;
    }
  begin_turn (st, events, summary);
  return events;
}

/* "Red's President, Blue's General": what the mover threatens, awaiting the answer. */
static void
threat_text (const ChState *st, GString *whom)
{
  for (guint s = 0; s < CH_SIDES; s++)
    for (guint k = 1; k < CH_N_KINDS; k++)
      if (st->threat & P_BIT (s, k))
        {
          if (whom->len)
            g_string_append (whom, _(", "));
          g_string_append_printf (whom, _("%s's %s"), side_name (st, s), kind_name (k));
        }
}

static json_object *
act_melee (ChState *st, json_object *action, GString *summary, GError **error)
{
  static const char * const known[] = { "type", "player", "said", "template", NULL };
  gboolean said;
  json_object *events, *ev;
  g_autoptr(GString) whom = g_string_new (NULL);

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error) ||
      !mg_json_get_bool (action, NULL, "said", CH_ACTION_ERR, &said, error))
    return NULL;
  if (st->phase != PH_MELEE)
    return illegal (error, _("No move is waiting for a “Mêlée” answer.")), NULL;
  if (!check_player (st, action, st->mover, error))
    return NULL;
  threat_text (st, whom);
  for (guint s = 0; s < CH_SIDES; s++)
    if (said && (st->threat & P_BIT (s, K_PRESIDENT)))
      st->announced[st->mover] |= 1u << s;
  if (said)
    {
      st->forbid[st->mover] = melee_unsaid (st) & ~st->threat;
      g_string_append_printf (summary, _("Mêlée on %s"), whom->str);
    }
  else
    {
      st->forbid[st->mover] = st->threat | melee_unsaid (st);
      g_string_append_printf (summary, _("%s did not say “Mêlée”: %s may not take %s on the next move"),
                              side_name (st, st->mover), side_name (st, st->mover), whom->str);
    }
  events = json_object_new_array ();
  ev = event_new ("melee");
  json_object_object_add (ev, "player", json_object_new_string (side_name (st, st->mover)));
  json_object_object_add (ev, "said", json_object_new_boolean (said));
  json_object_array_add (events, ev);
  st->threat = 0;
  begin_turn (st, events, summary);
  if (st->phase == PH_OVER)
    g_string_append_printf (summary, ". %s", st->result);
  return events;
}

static gint
seat_side (const ChState *st, const char *name)
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
    return illegal (error, _("A mine cannot lie on a wall (%s)."), name);
  if (st->g->domain[s] >= 0 && (guint) st->g->domain[s] != side && (st->players & (1u << st->g->domain[s])))
    return illegal (error, _("A mine cannot lie in the opponent's domain (%s)."), name);
  if (st->pos.sq[s] != 0)
    return illegal (error, _("%s is occupied: a mine goes on an empty square."), name);
  for (guint i = 0; i < st->n_mines; i++)
    if (st->mines[i].sq == s && st->mines[i].owner == side)
      return illegal (error, _("There is already your mine on %s."), name);
  return TRUE;
}

static json_object *
act_place_mine (ChState *st, json_object *action, GString *summary, GError **error)
{
  static const char * const known[] = { "type", "player", "square", "template", NULL };
  const char *name;
  guint8 s;
  gint side;
  json_object *events, *ev;

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error) ||
      !mg_json_get_string (action, NULL, "player", CH_ACTION_ERR, &name, error) ||
      !get_square (action, "square", &s, error))
    return NULL;
  if (st->phase != PH_MINES)
    return illegal (error, _("Mines are placed before the first move only.")), NULL;
  if ((side = seat_side (st, name)) < 0)
    return illegal (error, _("There is no player called \"%s\" in this game."), name), NULL;
  if (st->mines_placed[side] >= st->rs.mines_per_player)
    return illegal (error, ngettext ("%s has placed the %u mine already.", "%s has placed all %u mines already.",
                                     st->rs.mines_per_player), name, st->rs.mines_per_player), NULL;
  if (!mine_square_ok (st, side, s, error))
    return NULL;
  st->mines[st->n_mines++] = (ChMine) { s, side };
  st->mines_placed[side]++;
  events = json_object_new_array ();
  ev = event_new ("mine_placed");
  json_object_object_add (ev, "seat", json_object_new_string (name));   /* a secret: only its owner */
  json_object_object_add (ev, "at", sq_json (s));
  json_object_array_add (events, ev);
  g_string_append_printf (summary, _("%s placed a mine (%u of %u)"), name, st->mines_placed[side], st->rs.mines_per_player);
  {
    gboolean all = TRUE;
    for (guint i = 0; i < st->n_players; i++)
      all &= st->mines_placed[st->side_of[i]] >= st->rs.mines_per_player;
    if (all)
      st->phase = PH_MOVE;
  }
  return events;
}

static json_object *
act_pass (ChState *st, json_object *action, GString *summary, GError **error)
{
  static const char * const known[] = { "type", "player", "template", NULL };
  ChMove moves[CH_MAX_MOVES];
  json_object *events;

  if (!mg_json_only (action, NULL, CH_ACTION_ERR, known, error))
    return NULL;
  if (st->phase != PH_MOVE)
    return illegal (error, _("There is no move to pass now.")), NULL;
  if (!check_player (st, action, st->pos.stm, error))
    return NULL;
  if (ch_gen_moves (&st->pos, moves) > 0)
    return illegal (error, _("%s has a legal move and may not pass."), side_name (st, st->pos.stm)), NULL;
  events = json_object_new_array ();
  json_object_array_add (events, event_new ("pass"));
  g_string_append_printf (summary, _("%s has no legal move and passes"), side_name (st, st->pos.stm));
  st->forbid[st->pos.stm] = melee_unsaid (st);
  begin_turn (st, events, summary);
  return events;
}

static json_object *
apply_inner (ChState *st, json_object *action, char **summary, GError **error)
{
  static const char * const types[] = { "move", "melee", "place_mine", "pass", NULL };
  g_autoptr(GString) text = g_string_new (NULL);
  json_object *events = NULL;
  guint type;

  if (!json_object_is_type (action, json_type_object))
    {
      mg_json_set_error (error, CH_ACTION_ERR, "action", _("a JSON object with a \"type\""), action);
      return NULL;
    }
  if (!mg_json_get_choice (action, NULL, "type", CH_ACTION_ERR, types, &type, error))
    return NULL;
  if (st->phase == PH_OVER)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_GAME_OVER, _("The game is over: %s"), st->result ? st->result : "");
      return NULL;
    }
  switch (type)
    {
    case 0: events = act_move (st, action, text, error); break;
    case 1: events = act_melee (st, action, text, error); break;
    case 2: events = act_place_mine (st, action, text, error); break;
    default: events = act_pass (st, action, text, error); break;
    }
  if (events != NULL && summary != NULL)
    {
      if (text->len == 0 || text->str[text->len - 1] != '.')
        g_string_append_c (text, '.');
      *summary = g_string_free (g_steal_pointer (&text), FALSE);
    }
  return events;
}

static gboolean
ch_validate (const MgState *state, json_object *action, GError **error)
{
  ChState *copy = state_clone ((const ChState *) state);
  json_object *events = apply_inner (copy, action, NULL, error);

  state_free (copy);
  if (events == NULL)
    return FALSE;
  json_object_put (events);
  return TRUE;
}

static json_object *
ch_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  ChState *copy = state_clone ((const ChState *) state);
  json_object *events = apply_inner (copy, action, summary, error);

  (void) dice;
  if (events != NULL)
    {
      /* All or nothing: the copy becomes the state. */
      ChState *st = (ChState *) state;
      ChState tmp;
      memcpy (&tmp, st, sizeof tmp);
      memcpy (st, copy, sizeof *st);
      memcpy (copy, &tmp, sizeof tmp);
      st->pos.g = st->g;
      st->pos.rs = &st->rs;
    }
  state_free (copy);
  return events;
}

/* ---------------------------------------------------------------- pending, legal actions */

static gint
ch_turn (const MgState *state)
{
  return ((const ChState *) state)->turn;
}

static json_object *
ch_pending (const MgState *state)
{
  const ChState *st = (const ChState *) state;
  json_object *o = json_object_new_object (), *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);

  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "phase", json_object_new_string (phase_ids[st->phase]));
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
        json_object_object_add (w, "seat", json_object_new_string (side_name (st, st->pos.stm)));
        json_object_object_add (w, "for", json_object_new_string ("move"));
        json_object_array_add (waiting, w);
        json_object_object_add (o, "player", json_object_new_string (side_name (st, st->pos.stm)));
        if (strcmp (side_name (st, st->pos.stm), st->rs.colour[st->pos.stm]) == 0)
          g_string_append_printf (text, _("%s to move."), side_name (st, st->pos.stm));
        else
          g_string_append_printf (text, _("%s (%s) to move."), side_name (st, st->pos.stm), colour_word (st, st->pos.stm));
        if (st->bare_side >= 0)
          g_string_append_printf (text, ngettext (" %d move left to take the bare President.",
                                                  " %d moves left to take the bare President.", st->bare_left), st->bare_left);
      }
      break;
    case PH_MELEE:
      {
        json_object *w = json_object_new_object ();
        json_object_object_add (w, "seat", json_object_new_string (side_name (st, st->mover)));
        json_object_object_add (w, "for", json_object_new_string ("melee"));
        json_object_array_add (waiting, w);
        json_object_object_add (o, "player", json_object_new_string (side_name (st, st->mover)));
        g_autoptr(GString) whom = g_string_new (NULL);
        threat_text (st, whom);
        g_string_append_printf (text, _("%s's move threatens %s: did %s say “Mêlée”?"),
                                side_name (st, st->mover), whom->str, side_name (st, st->mover));
      }
      break;
    case PH_OVER:
      g_string_append (text, st->result ? st->result : _("The game is over."));
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
  json_object_object_add (a, "player", json_object_new_string (side_name (st, st->pos.stm)));
  json_object_object_add (a, "from", sq_json (from));
  json_object_object_add (a, "to", sq_json (to));
  return a;
}

static json_object *
ch_legal_actions (const MgState *state, const char *seat)
{
  const ChState *st = (const ChState *) state;
  json_object *out = json_object_new_array ();
  gboolean all = seat == NULL || strcmp (seat, MG_SEAT_ALL) == 0;
  gint side = all ? -1 : seat_side (st, seat);

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
                json_object_object_add (a, "square", sq_json (s));
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
              json_object_object_add (a, "player", json_object_new_string (side_name (st, st->pos.stm)));
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
            json_object_object_add (a, "player", json_object_new_string (side_name (st, st->mover)));
            json_object_object_add (a, "said", json_object_new_boolean (i == 0));
            json_object_array_add (out, a);
          }
      break;
    case PH_OVER:
      break;
    }
  return out;
}

static char *
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
                                           count_pieces (&st->pos, side, FALSE, TRUE)),
                              side_name (st, side), count_pieces (&st->pos, side, FALSE, TRUE), st->n_captured[side]);
      if (st->rs.variant == V_POINTS || st->rs.variant == V_SOLITAIRE)
        g_string_append_printf (s, ngettext (", %d point", ", %d points", ABS (st->score[side])), st->score[side]);
      g_string_append_c (s, '.');
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
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

const MgRules ch_rules = {
  .id = "cricchio",
  .name = N_("Cricchio's Mêlée"),
  .min_players = 1,
  .max_players = 4,
  .check_ruleset = ch_check_ruleset,
  .new_state = ch_new_state,
  .free_state = ch_free_state,
  .validate = ch_validate,
  .apply = ch_apply,
  .pending = ch_pending,
  .to_json = ch_to_json,
  .from_json = ch_from_json,
  .view = ch_view,
  .turn = ch_turn,
  .describe = ch_describe,
  .legal_actions = ch_legal_actions,
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
  gint side = state->rules == &ch_rules ? seat_side (st, player) : -1;
  return side >= 0 ? st->rs.colour[side] : NULL;
}

const char *
mg_chess_side (const MgState *state, const char *player)
{
  const ChState *st = (const ChState *) state;
  gint side = state->rules == &ch_rules ? seat_side (st, player) : -1;
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

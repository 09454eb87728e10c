/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple.c — Meeple Melee: rolls, actions, hidden picks, resolution, neutral zones, matches. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-actions.h"
#include "mg-json.h"
#include "mg-meeple-private.h"

/* The shipped face names, so translators see them; the ruleset's names go through _(). */
static const char *face_names[] G_GNUC_UNUSED = { N_("Sweep"), N_("Kick"), N_("Punch") };

#define RULESET_ERR mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET)
#define ACTION_ERR  mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION)
#define STATE_ERR   mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE)

static const char * const short_names[] = { "match", "all", NULL };

/* ---------------------------------------------------------------- ruleset */

static void
ruleset_clear (MeepleRuleset *rs)
{
  for (guint f = 0; f < rs->n_faces; f++)
    {
      g_clear_pointer (&rs->faces[f].id, g_ref_string_release);
      g_clear_pointer (&rs->faces[f].name, g_ref_string_release);
    }
  rs->n_faces = 0;
}

static gboolean
face_id_ok (const char *id)
{
  static const char * const reserved[] = { "type", "player", "dice", NULL };

  if (!g_ascii_islower (id[0]) || g_strv_contains (reserved, id))
    return FALSE;
  for (const char *c = id; *c; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

static gboolean
parse_faces (json_object *root, MeepleRuleset *rs, GError **error)
{
  static const char * const known[] = { "id", "name", "weight", "lead", NULL };
  json_object *faces = mg_json_get_array (root, "$", "faces", RULESET_ERR, 2, MG_MEEPLE_MAX_FACES, error);

  if (faces == NULL)
    return FALSE;
  for (guint f = 0; f < json_object_array_length (faces); f++)
    {
      json_object *face = json_object_array_get_idx (faces, f);
      g_autofree char *path = mg_json_path_index ("$.faces", f);
      const char *id, *name;
      guint weight, lead;

      if (!mg_json_object (face, path, RULESET_ERR, error) ||
          !mg_json_only (face, path, RULESET_ERR, known, error) ||
          !mg_json_get_string (face, path, "id", RULESET_ERR, &id, error))
        return FALSE;
      if (!face_id_ok (id))
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                       N_("%s.id: expected a lower-case word (a-z, 0-9, _) other than type, player or dice, got \"%s\""),
                       path, id);
          return FALSE;
        }
      for (guint g = 0; g < f; g++)
        if (strcmp (rs->faces[g].id, id) == 0)
          {
            mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                         N_("%s.id: \"%s\" is already the id of $.faces[%u]"), path, id, g);
            return FALSE;
          }
      if (!mg_json_get_string (face, path, "name", RULESET_ERR, &name, error) ||
          !mg_json_get_uint (face, path, "weight", RULESET_ERR, 1, 1000, &weight, error) ||
          !mg_json_get_uint (face, path, "lead", RULESET_ERR, 1, rs->meeples, &lead, error))
        return FALSE;

      rs->faces[f].id = g_ref_string_new (id);
      rs->faces[f].name = g_ref_string_new (name);
      rs->faces[f].weight = rs->weights[f] = weight;
      rs->faces[f].lead = rs->leads[f] = lead;
      rs->face_ids[f] = rs->faces[f].id;
      rs->n_faces = f + 1;
    }
  rs->face_ids[rs->n_faces] = NULL;
  return TRUE;
}

/* A table indexed by casualties 0..defeat-1; entry i must lie in min..max(i). */
static gboolean
parse_table (json_object *root, const char *key, guint defeat, guint min, guint max, gboolean max_shrinks,
             guint *out, GError **error)
{
  g_autofree char *path = mg_json_path_key ("$", key);
  json_object *table = mg_json_get_array (root, "$", key, RULESET_ERR, defeat, defeat, error);

  if (table == NULL)
    return FALSE;
  for (guint i = 0; i < defeat; i++)
    {
      g_autofree char *ipath = mg_json_path_index (path, i);
      /* A player with i casualties has at most max - i meeples, so cannot reveal more. */
      guint hi = max_shrinks ? max - i : max;
      if (!mg_json_uint (json_object_array_get_idx (table, i), ipath, RULESET_ERR, min, hi, &out[i], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_ruleset (json_object *root, MeepleRuleset *rs, GError **error)
{
  static const char * const known[] = {
    "game", "name", "notes", "meeples", "defeat_casualties", "faces", "actions_by_casualties",
    "reveal_by_casualties", "reveal_when_short", "draw_min_in_hand", NULL };

  memset (rs, 0, sizeof *rs);
  if (!mg_json_ruleset_header (root, "meeple", RULESET_ERR, known, error) ||
      !mg_json_get_uint (root, "$", "meeples", RULESET_ERR, 2, MG_MEEPLE_MAX_MEEPLES, &rs->meeples, error) ||
      !mg_json_get_uint (root, "$", "defeat_casualties", RULESET_ERR, 1, rs->meeples - 1, &rs->defeat, error) ||
      !parse_faces (root, rs, error) ||
      !parse_table (root, "actions_by_casualties", rs->defeat, 0, rs->meeples, FALSE, rs->actions, error) ||
      !parse_table (root, "reveal_by_casualties", rs->defeat, 1, rs->meeples, TRUE, rs->reveal, error))
    goto fail;

  {
    guint mode;
    if (!mg_json_get_choice (root, "$", "reveal_when_short", RULESET_ERR, short_names, &mode, error) ||
        !mg_json_get_uint (root, "$", "draw_min_in_hand", RULESET_ERR, 1, rs->meeples, &rs->draw_min_in_hand, error))
      goto fail;
    rs->short_reveal = (MeepleShort) mode;
  }

  if (!mg_json_ruleset_notes (root, RULESET_ERR, error))
    goto fail;
  return TRUE;

fail:
  ruleset_clear (rs);
  return FALSE;
}

static gboolean
meeple_check_ruleset (json_object *ruleset, GError **error)
{
  MeepleRuleset rs;

  if (!parse_ruleset (ruleset, &rs, error))
    return FALSE;
  ruleset_clear (&rs);
  return TRUE;
}

/* ---------------------------------------------------------------- derived numbers */

gint
mg_meeple_find_player (const MeepleState *st, const char *name)
{
  for (guint p = 0; p < 2; p++)
    if (name != NULL && strcmp (st->players[p].name, name) == 0)
      return (gint) p;
  return -1;
}

guint
mg_meeple_to_roll (const MeepleState *st, guint p)
{
  const MeeplePlayer *pl = &st->players[p];
  guint gone = pl->casualties + pl->neutral;
  return gone >= st->rs.meeples ? 0 : st->rs.meeples - gone;
}

static gboolean
match_over (const MeepleState *st)
{
  return st->winner >= 0;
}

static guint
actions_allowed (const MeepleState *st, guint p)
{
  return match_over (st) ? 0 : st->rs.actions[st->players[p].casualties];
}

/* The reveal table's number for this battle: by the higher of the two players' casualties. */
static guint
table_reveal (const MeepleState *st)
{
  if (match_over (st))
    return 0;
  return st->rs.reveal[MAX (st->players[0].casualties, st->players[1].casualties)];
}

guint
mg_meeple_reveal_for (const MeepleState *st, guint p)
{
  guint n = MIN (table_reveal (st), mg_meeple_to_roll (st, p));
  if (st->rs.short_reveal == MEEPLE_SHORT_MATCH)
    n = MIN (n, mg_meeple_to_roll (st, 1 - p));
  return n;
}

static guint
battle_reveal (const MeepleState *st)
{
  return st->rs.short_reveal == MEEPLE_SHORT_MATCH ? mg_meeple_reveal_for (st, 0) : table_reveal (st);
}

void
mg_meeple_held_counts (const MeepleState *st, guint p, guint *counts)
{
  const MeeplePlayer *pl = &st->players[p];
  memset (counts, 0, sizeof (guint) * MG_MEEPLE_MAX_FACES);
  for (guint i = 0; i < pl->n_held; i++)
    counts[pl->faces[i]]++;
}

static const char *
phase_name (const MeepleState *st)
{
  if (match_over (st))
    return "over";
  if (!st->players[0].rolled || !st->players[1].rolled)
    return "roll";
  return "act";
}

/* The face's name as a word argument: each viewer reads it in their own language. */
static const char *
face_name (const MeepleState *st, guint f)
{
  return mg_message_word (st->rs.faces[f].name);
}

/* Says "3 Sweep": n meeples showing the face called `face_name` (as the ruleset spells it). */
static void
say_face_count (MgSaid *said, const char *face_name, guint n)
{
  /* Translators: a number of meeples showing a face, in a reveal ("2 Sweep, 3 Kick") and in
   * the dice of the journal and the exports ("dice: 6 Sweep · 2 Kick"). */
  if (g_strcmp0 (face_name, "Sweep") == 0)
    mg_said_add_n (said, "%u Sweep", "%u Sweep", n, n);
  /* Translators: a number of meeples showing a face, in a reveal ("2 Sweep, 3 Kick"). */
  else if (g_strcmp0 (face_name, "Kick") == 0)
    mg_said_add_n (said, "%u Kick", "%u Kick", n, n);
  /* Translators: a number of meeples showing a face, in a reveal ("2 Sweep, 3 Punch"). */
  else if (g_strcmp0 (face_name, "Punch") == 0)
    mg_said_add_n (said, "%u Punch", "%u Punch", n, n);
  else
    {
      /* A house rule's own face keeps the name the referee wrote. */
      g_autofree char *text = g_strdup_printf ("%u %s", n, face_name != NULL ? face_name : "");
      mg_said_add_text (said, text);
    }
}

char *
mg_meeple_face_count (const char *face_name, guint n)
{
  g_autoptr(MgSaid) said = mg_said_new ();

  say_face_count (said, face_name, n);
  return g_strdup (mg_said_text (said));
}

/* ---------------------------------------------------------------- state life */

static void
meeple_free_state (MgState *state)
{
  MeepleState *st = (MeepleState *) state;

  if (st == NULL)
    return;
  ruleset_clear (&st->rs);
  for (guint p = 0; p < 2; p++)
    g_clear_pointer (&st->players[p].name, g_ref_string_release);
  g_clear_pointer (&st->last, json_object_put);
  g_free (st);
}

static void
state_free (MeepleState *st)
{
  meeple_free_state ((MgState *) st);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MeepleState, state_free)

static MeepleState *
state_alloc (json_object *ruleset, GError **error)
{
  g_autoptr(MeepleState) st = g_new0 (MeepleState, 1);

  st->parent.rules = mg_meeple_rules ();
  st->winner = -1;
  if (!parse_ruleset (ruleset, &st->rs, error))
    return NULL;
  return g_steal_pointer (&st);
}

static void
start_battle (MeepleState *st)
{
  for (guint p = 0; p < 2; p++)
    {
      MeeplePlayer *pl = &st->players[p];
      pl->rolled = pl->picked = FALSE;
      pl->actions_used = 0;
      pl->n_held = 0;
      memset (pl->pick, 0, sizeof pl->pick);
    }
}

/* A saved state's player name: present, and not a seat view() reserves ("public", "*"); the
 * two names differ. A campaign's names were checked when it began (mg_rules_check_players). */
static gboolean
state_name_ok (const char *name, const char *other, GError **error)
{
  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL))
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("A player needs a name"));
      return FALSE;
    }
  if (strcmp (name, MG_SEAT_PUBLIC) == 0 || strcmp (name, MG_SEAT_ALL) == 0)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE,
                   N_("\"%s\" is reserved and cannot name a player"), name);
      return FALSE;
    }
  if (other != NULL && strcmp (name, other) == 0)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE,
                   N_("Both players are called \"%s\"; the names must differ"), name);
      return FALSE;
    }
  return TRUE;
}

static MgState *
meeple_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  g_autoptr(MeepleState) st = NULL;

  if (!mg_rules_check_players (mg_meeple_rules (), players, error))
    return NULL;
  st = state_alloc (ruleset, error);
  if (st == NULL)
    return NULL;
  for (guint p = 0; p < 2; p++)
    st->players[p].name = g_ref_string_new (players[p]);
  st->match = st->battle = st->turn = 1;
  start_battle (st);
  return (MgState *) g_steal_pointer (&st);
}

/* ---------------------------------------------------------------- JSON out */

/* A private copy, so what a caller does with its JSON never reaches the state. */
static json_object *
copy_json (json_object *src)
{
  json_object *copy = NULL;

  if (src != NULL && json_object_deep_copy (src, &copy, NULL) != 0)
    return NULL;
  return copy;
}

static json_object *
counts_json (const MeepleState *st, const guint *counts)
{
  json_object *o = json_object_new_object ();
  for (guint f = 0; f < st->rs.n_faces; f++)
    json_object_object_add (o, st->rs.faces[f].id, json_object_new_int64 (counts[f]));
  return o;
}

static json_object *
faces_json (const MeepleState *st, guint p)
{
  const MeeplePlayer *pl = &st->players[p];
  json_object *a = json_object_new_array_ext ((int) pl->n_held);
  for (guint i = 0; i < pl->n_held; i++)
    json_object_array_add (a, json_object_new_string (st->rs.faces[pl->faces[i]].id));
  return a;
}

/* {"Red": a, "Blue": b} */
static json_object *
by_player (const MeepleState *st, guint a, guint b)
{
  json_object *o = json_object_new_object ();
  json_object_object_add (o, st->players[0].name, json_object_new_int64 (a));
  json_object_object_add (o, st->players[1].name, json_object_new_int64 (b));
  return o;
}

static json_object *
player_json (const MeepleState *st, guint p, gboolean secrets)
{
  const MeeplePlayer *pl = &st->players[p];
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "name", json_object_new_string (pl->name));
  json_object_object_add (o, "casualties", json_object_new_int64 (pl->casualties));
  json_object_object_add (o, "neutral", json_object_new_int64 (pl->neutral));
  json_object_object_add (o, "to_roll", json_object_new_int64 (mg_meeple_to_roll (st, p)));
  json_object_object_add (o, "actions_allowed", json_object_new_int64 (actions_allowed (st, p)));
  json_object_object_add (o, "actions_used", json_object_new_int64 (pl->actions_used));
  json_object_object_add (o, "reveal", json_object_new_int64 (mg_meeple_reveal_for (st, p)));
  json_object_object_add (o, "rolled", json_object_new_boolean (pl->rolled));
  json_object_object_add (o, "faces", pl->rolled && secrets ? faces_json (st, p) : NULL);
  json_object_object_add (o, "picked", json_object_new_boolean (pl->picked));
  json_object_object_add (o, "pick", pl->picked && secrets ? counts_json (st, pl->pick) : NULL);
  return o;
}

/* The state as `seat` sees it; NULL seat = everything. */
static json_object *
state_json (const MeepleState *st, const char *seat)
{
  json_object *o = json_object_new_object ();
  json_object *players = json_object_new_array_ext (2);

  json_object_object_add (o, "game", json_object_new_string ("meeple"));
  json_object_object_add (o, "match", json_object_new_int64 (st->match));
  json_object_object_add (o, "battle", json_object_new_int64 (st->battle));
  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "phase", json_object_new_string (phase_name (st)));
  json_object_object_add (o, "reveal", json_object_new_int64 (battle_reveal (st)));
  json_object_object_add (o, "score", by_player (st, st->score[0], st->score[1]));
  for (guint p = 0; p < 2; p++)
    json_object_array_add (players, player_json (st, p, seat == NULL || strcmp (seat, st->players[p].name) == 0));
  json_object_object_add (o, "players", players);
  json_object_object_add (o, "last", copy_json (st->last));
  json_object_object_add (o, "winner", match_over (st) ? json_object_new_string (st->players[st->winner].name) : NULL);
  return o;
}

static json_object *
meeple_to_json (const MgState *state)
{
  return state_json ((const MeepleState *) state, NULL);
}

static json_object *
meeple_view (const MgState *state, const char *seat)
{
  if (seat != NULL && strcmp (seat, MG_SEAT_ALL) == 0)
    return meeple_to_json (state);
  /* MG_SEAT_PUBLIC names no player (it is reserved), so it sees no secrets. */
  return state_json ((const MeepleState *) state, seat ? seat : MG_SEAT_PUBLIC);
}

/* ---------------------------------------------------------------- JSON in */

static gboolean
player_from_json (MeepleState *st, json_object *o, const char *path, guint p, GError **error)
{
  MeeplePlayer *pl = &st->players[p];
  const char *name;
  json_object *faces, *pick;

  if (!mg_json_object (o, path, STATE_ERR, error) ||
      !mg_json_get_string (o, path, "name", STATE_ERR, &name, error) ||
      !state_name_ok (name, p == 1 ? st->players[0].name : NULL, error))
    return FALSE;
  pl->name = g_ref_string_new (name);
  if (!mg_json_get_uint (o, path, "casualties", STATE_ERR, 0, st->rs.meeples, &pl->casualties, error) ||
      !mg_json_get_uint (o, path, "neutral", STATE_ERR, 0, st->rs.meeples - pl->casualties, &pl->neutral, error) ||
      !mg_json_get_bool (o, path, "rolled", STATE_ERR, &pl->rolled, error) ||
      !mg_json_get_bool (o, path, "picked", STATE_ERR, &pl->picked, error))
    return FALSE;

  faces = mg_json_member (o, "faces");
  if (pl->rolled)
    {
      g_autofree char *fpath = mg_json_path_key (path, "faces");
      gsize n;
      guint want = st->rs.meeples - pl->casualties - pl->neutral;
      if (!mg_json_array (faces, fpath, STATE_ERR, want, want, &n, error))
        return FALSE;
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *ipath = mg_json_path_index (fpath, i);
          guint f;
          if (!mg_json_choice (json_object_array_get_idx (faces, i), ipath, STATE_ERR, st->rs.face_ids, &f, error))
            return FALSE;
          pl->faces[i] = (guint8) f;
        }
      pl->n_held = n;
    }
  else if (faces != NULL)
    {
      g_autofree char *fpath = mg_json_path_key (path, "faces");
      mg_json_set_error (error, STATE_ERR, fpath, _("null (the player has not rolled)"), faces);
      return FALSE;
    }

  pick = mg_json_member (o, "pick");
  if (pl->picked)
    {
      g_autofree char *ppath = mg_json_path_key (path, "pick");
      if (!mg_json_object (pick, ppath, STATE_ERR, error) ||
          !mg_json_only (pick, ppath, STATE_ERR, st->rs.face_ids, error))
        return FALSE;
      for (guint f = 0; f < st->rs.n_faces; f++)
        if (!mg_json_get_uint (pick, ppath, st->rs.faces[f].id, STATE_ERR, 0, st->rs.meeples, &pl->pick[f], error))
          return FALSE;
    }
  else if (pick != NULL)
    {
      g_autofree char *ppath = mg_json_path_key (path, "pick");
      mg_json_set_error (error, STATE_ERR, ppath, _("null (the player has not picked)"), pick);
      return FALSE;
    }
  return TRUE;
}

static gboolean
state_from_json (MeepleState *st, json_object *json, GError **error)
{
  static const char * const game_ids[] = { "meeple", NULL };
  json_object *players, *score, *last, *winner;
  guint game;

  if (!mg_json_object (json, "$", STATE_ERR, error) ||
      !mg_json_get_choice (json, "$", "game", STATE_ERR, game_ids, &game, error) ||
      !mg_json_get_uint (json, "$", "match", STATE_ERR, 1, G_MAXINT32, &st->match, error) ||
      !mg_json_get_uint (json, "$", "battle", STATE_ERR, 1, G_MAXINT32, &st->battle, error) ||
      !mg_json_get_uint (json, "$", "turn", STATE_ERR, 1, G_MAXINT32, &st->turn, error) ||
      (players = mg_json_get_array (json, "$", "players", STATE_ERR, 2, 2, error)) == NULL)
    return FALSE;

  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *path = mg_json_path_index ("$.players", p);
      if (!player_from_json (st, json_object_array_get_idx (players, p), path, p, error))
        return FALSE;
    }

  if ((score = mg_json_get_object (json, "$", "score", STATE_ERR, error)) == NULL)
    return FALSE;
  for (guint p = 0; p < 2; p++)
    if (!mg_json_get_uint (score, "$.score", st->players[p].name, STATE_ERR, 0, G_MAXINT32, &st->score[p], error))
      return FALSE;

  last = mg_json_member (json, "last");
  if (last != NULL)
    {
      if (!mg_json_object (last, "$.last", STATE_ERR, error))
        return FALSE;
      st->last = copy_json (last);
    }

  winner = mg_json_member (json, "winner");
  st->winner = -1;
  if (winner != NULL)
    {
      const char *w;
      if (!mg_json_string (winner, "$.winner", STATE_ERR, &w, error))
        return FALSE;
      st->winner = mg_meeple_find_player (st, w);
      if (st->winner < 0)
        {
          mg_json_set_error (error, STATE_ERR, "$.winner", _("a player's name"), winner);
          return FALSE;
        }
    }

  /* The tables are indexed by casualties: a match still on must be below the defeat line, and a
   * match over must have a loser on it. */
  for (guint p = 0; p < 2; p++)
    {
      const MeeplePlayer *pl = &st->players[p];
      gboolean lost = pl->casualties >= st->rs.defeat;
      gboolean should_lose = st->winner >= 0 && (guint) st->winner != p;
      g_autofree char *path = g_strdup_printf ("$.players[%u].casualties", p);

      if (lost != should_lose)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE,
                       N_("%s: %u casualties do not agree with $.winner"), path, pl->casualties);
          return FALSE;
        }
      if (!lost && mg_meeple_to_roll (st, p) == 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE,
                       N_("$.players[%u]: a player still in the match must have a meeple to roll"), p);
          return FALSE;
        }
    }
  for (guint p = 0; p < 2; p++)
    {
      MeeplePlayer *pl = &st->players[p];
      guint used;
      g_autofree char *path = mg_json_path_index ("$.players", p);
      if (!mg_json_get_uint (json_object_array_get_idx (players, p), path, "actions_used", STATE_ERR,
                             0, actions_allowed (st, p), &used, error))
        return FALSE;
      pl->actions_used = used;
      if (pl->picked && !pl->rolled)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_STATE,
                       N_("%s: picked without having rolled"), path);
          return FALSE;
        }
    }
  return TRUE;
}

static MgState *
meeple_from_json (json_object *ruleset, json_object *json, GError **error)
{
  g_autoptr(MeepleState) st = state_alloc (ruleset, error);

  if (st == NULL || !state_from_json (st, json, error))
    return NULL;
  return (MgState *) g_steal_pointer (&st);
}

/* ---------------------------------------------------------------- action checks */

/* Every action but a rematch waits for a match that is on. */
static gboolean
check_match_on (const MeepleState *st, GError **error)
{
  if (!match_over (st))
    return TRUE;
  mg_refuse (error, MG_RULES_ERROR_GAME_OVER,
               N_("The match is over: %s won. Only a rematch can follow."), st->players[st->winner].name);
  return FALSE;
}

/* The index of the player the action's "player" names. */
static gboolean
parse_player (const MeepleState *st, json_object *json, guint *p, GError **error)
{
  const char *name;
  gint found;

  if (!mg_json_get_string (json, NULL, "player", ACTION_ERR, &name, error))
    return FALSE;
  found = mg_meeple_find_player (st, name);
  if (found < 0)
    return mg_illegal (error, N_("There is no player called \"%s\" in this match; the players are %s and %s."),
                    name, st->players[0].name, st->players[1].name);
  *p = (guint) found;
  return TRUE;
}

/* A reroll's "meeples": a list of distinct meeple numbers, no longer than the ruleset's meeples. */
static gboolean
parse_reroll (const MeepleState *st, json_object *json, guint *idx, guint *n_idx, GError **error)
{
  json_object *list = mg_json_member (json, "meeples");
  gsize n;

  if (!json_object_is_type (list, json_type_array) ||
      (n = json_object_array_length (list)) == 0 || n > st->rs.meeples)
    {
      mg_json_set_error (error, ACTION_ERR, "meeples", _("a list of meeple numbers (counted from 0)"), list);
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    {
      json_object *item = json_object_array_get_idx (list, i);
      if (!json_object_is_type (item, json_type_int) || json_object_get_int64 (item) < 0 ||
          json_object_get_int64 (item) >= st->rs.meeples)
        {
          g_autofree char *got = mg_json_describe (item);
          mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                       N_("\"meeples\" must be a list of meeple numbers (counted from 0); item %zu is %s"),
                       (size_t) i, got);
          return FALSE;
        }
      idx[i] = (guint) json_object_get_int64 (item);
      for (gsize j = 0; j < i; j++)
        if (idx[j] == idx[i])
          {
            mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                         N_("\"meeples\" lists meeple %u twice"), idx[i]);
            return FALSE;
          }
    }
  *n_idx = n;
  return TRUE;
}

static gboolean
check_meeple_index (const MeepleState *st, const MeeplePlayer *pl, guint idx, GError **error)
{
  if (idx < pl->n_held)
    return TRUE;
  return mg_illegal_n (error, 
                                      "%s has %u meeple (numbered from 0); there is no meeple %u.",
                                      "%s has %u meeples (numbered 0 to %u); there is no meeple %u.",
                                      pl->n_held,
                  pl->name, pl->n_held, pl->n_held == 1 ? idx : pl->n_held - 1, idx);
}

/* A reroll or a set: the player has rolled, not picked, has an action left, and holds the
 * meeples named. Reasons are sentences a referee can read aloud. */
static gboolean
check_can_act (const MeepleState *st, guint p, const guint *idx, guint n_idx, GError **error)
{
  const MeeplePlayer *pl = &st->players[p];

  if (!pl->rolled)
    return mg_illegal (error, N_("%s must roll before acting."), pl->name);
  if (pl->picked)
    return mg_illegal (error, N_("%s has already picked this battle."), pl->name);
  if (pl->actions_used >= actions_allowed (st, p))
    /* Translators: the plural follows the second number, the actions allowed. */
    return mg_illegal_n (error, "%s has used %u of %u action this battle.",
                                        "%s has used %u of %u actions this battle.",
                                        actions_allowed (st, p),
                    pl->name, pl->actions_used, actions_allowed (st, p));
  for (guint i = 0; i < n_idx; i++)
    if (!check_meeple_index (st, pl, idx[i], error))
      return FALSE;
  return TRUE;
}

/* A pick: the player has rolled and not picked yet, and picks exactly the reveal, no face more
 * than held. */
static gboolean
check_pick (const MeepleState *st, guint p, const guint *pick, GError **error)
{
  const MeeplePlayer *pl = &st->players[p];
  guint held[MG_MEEPLE_MAX_FACES];
  guint total = 0, want = mg_meeple_reveal_for (st, p);

  if (!pl->rolled)
    return mg_illegal (error, N_("%s must roll before picking."), pl->name);
  if (pl->picked)
    return mg_illegal (error, N_("%s has already picked this battle."), pl->name);
  for (guint f = 0; f < st->rs.n_faces; f++)
    total += pick[f];
  if (total != want)
    return mg_illegal_n (error, 
                                        "%s must pick exactly %u meeple, not %u.",
                                        "%s must pick exactly %u meeples, not %u.", want,
                    pl->name, want, total);
  mg_meeple_held_counts (st, p, held);
  for (guint f = 0; f < st->rs.n_faces; f++)
    if (pick[f] > held[f])
      return mg_illegal (error, N_("%s holds %u %s, not %u."), pl->name, held[f], mg_message_word (st->rs.faces[f].name), pick[f]);
  return TRUE;
}

/* ---------------------------------------------------------------- events and the battle */

static json_object *
event_new (const char *type, const MeepleState *st, gint player)
{
  json_object *e = json_object_new_object ();
  json_object_object_add (e, "type", json_object_new_string (type));
  if (player >= 0)
    json_object_object_add (e, "player", json_object_new_string (st->players[player].name));
  return e;
}

static void
add_int (json_object *o, const char *key, gint64 v)
{
  json_object_object_add (o, key, json_object_new_int64 (v));
}

/* The faces a player now holds: only that player's seat may see them. */
static json_object *
faces_event (const MeepleState *st, guint p)
{
  json_object *e = event_new ("faces", st, (gint) p);
  json_object_object_add (e, "seat", json_object_new_string (st->players[p].name));
  json_object_object_add (e, "faces", faces_json (st, p));
  return e;
}

/* "2 Sweep, 3 Kick": the face the battle turned on first (if any), then the rest in order. */
static MgSaid *
pick_words (const MeepleState *st, const guint *pick, gint first)
{
  MgSaid *s = mg_said_new ();

  for (gint i = -1; i < (gint) st->rs.n_faces; i++)
    {
      gint f = i < 0 ? first : i;
      if (f < 0 || (i >= 0 && f == first) || pick[f] == 0)
        continue;
      if (mg_said_length (s) > 0)
        mg_said_add_text (s, ", ");
      say_face_count (s, st->rs.faces[f].name, pick[f]);
    }
  if (mg_said_length (s) == 0)
    mg_said_add (s, N_("nothing"));
  return s;
}

static MgSaid *
casualties_words (guint n)
{
  MgSaid *s = mg_said_new ();

  mg_said_add_n (s, "%u casualty", "%u casualties", n, n);
  return s;
}

/* Both picks are in: reveal, resolve, move meeples, and maybe end the match. */
static void
resolve_battle (MeepleState *st, json_object *events, MgSaid *said)
{
  MeeplePlayer *a = &st->players[0], *b = &st->players[1];
  guint on = 0;
  gint w = mg_meeple_resolve (st->rs.n_faces, st->rs.leads, a->pick, b->pick, &on);
  json_object *revealed = event_new ("revealed", st, -1);
  json_object *picks = json_object_new_object ();
  json_object *battle = event_new ("battle", st, -1);
  g_autoptr(MgSaid) words_a = pick_words (st, a->pick, w >= 0 ? (gint) on : -1);
  g_autoptr(MgSaid) words_b = pick_words (st, b->pick, w >= 0 ? (gint) on : -1);

  json_object_object_add (picks, a->name, counts_json (st, a->pick));
  json_object_object_add (picks, b->name, counts_json (st, b->pick));
  json_object_object_add (revealed, "picks", picks);
  json_object_array_add (events, revealed);

  mg_said_add (said, N_("%s revealed %s; %s %s."), a->name, mg_message_phrase (words_a), b->name,
               mg_message_phrase (words_b));

  add_int (battle, "battle", st->battle);
  if (w >= 0)
    {
      MeeplePlayer *win = &st->players[w], *lose = &st->players[1 - w];
      guint rescued = win->neutral, lost = 1 + lose->neutral;
      g_autoptr(MgSaid) cas = NULL;

      win->neutral = 0;
      lose->casualties += lost;
      lose->neutral = 0;
      cas = casualties_words (lose->casualties);

      json_object_object_add (battle, "result", json_object_new_string ("win"));
      json_object_object_add (battle, "winner", json_object_new_string (win->name));
      json_object_object_add (battle, "loser", json_object_new_string (lose->name));
      json_object_object_add (battle, "on", json_object_new_string (st->rs.faces[on].id));
      add_int (battle, "rescued", rescued);
      add_int (battle, "lost", lost);

      mg_said_add_text (said, " ");
      if (rescued > 0)
        mg_said_add_n (said, "%s wins on %s and takes back %u meeple from the neutral zone; ",
                       "%s wins on %s and takes back %u meeples from the neutral zone; ", rescued,
                       win->name, face_name (st, on), rescued);
      else
        mg_said_add (said, N_("%s wins on %s; "), win->name, face_name (st, on));
      if (lost > 1)
        mg_said_add_n (said, "%s loses a meeple and %u from the neutral zone (%s).",
                       "%s loses a meeple and %u from the neutral zone (%s).", lost - 1,
                       lose->name, lost - 1, mg_message_phrase (cas));
      else
        mg_said_add (said, N_("%s loses a meeple (%s)."), lose->name, mg_message_phrase (cas));
    }
  else
    {
      gboolean moved[2];

      for (guint p = 0; p < 2; p++)
        {
          /* A draw never leaves a player with fewer than draw_min_in_hand meeples to roll. */
          moved[p] = mg_meeple_to_roll (st, p) > st->rs.draw_min_in_hand;
          if (moved[p])
            st->players[p].neutral++;
        }
      json_object_object_add (battle, "result", json_object_new_string ("draw"));
      json_object_object_add (battle, "moved", by_player (st, moved[0], moved[1]));

      mg_said_add_text (said, " ");
      if (moved[0] && moved[1])
        mg_said_add (said, N_("A draw: %s and %s each move a meeple to the neutral zone."),
                                a->name, b->name);
      else if (moved[0] || moved[1])
        mg_said_add (said, N_("A draw: %s moves a meeple to the neutral zone; %s has none to spare."),
                                st->players[moved[0] ? 0 : 1].name, st->players[moved[0] ? 1 : 0].name);
      else
        mg_said_add (said, N_("A draw: neither player has a meeple to spare for the neutral zone."));
    }
  json_object_object_add (battle, "casualties", by_player (st, a->casualties, b->casualties));
  json_object_object_add (battle, "neutral", by_player (st, a->neutral, b->neutral));
  /* The battle event (kept as "last" in the state) carries the revealed picks too. */
  json_object_object_add (battle, "picks", copy_json (picks));
  g_clear_pointer (&st->last, json_object_put);
  st->last = json_object_get (battle);
  json_object_array_add (events, battle);

  for (guint p = 0; p < 2; p++)
    if (st->players[p].casualties >= st->rs.defeat)
      {
        json_object *over = event_new ("match_over", st, -1);
        st->winner = (gint) (1 - p);
        st->score[1 - p]++;
        json_object_object_add (over, "winner", json_object_new_string (st->players[1 - p].name));
        json_object_object_add (over, "loser", json_object_new_string (st->players[p].name));
        json_object_object_add (over, "score", by_player (st, st->score[0], st->score[1]));
        json_object_array_add (events, over);
        mg_said_add (said, N_(" %s wins the match."), st->players[1 - p].name);
        start_battle (st);   /* the hands are revealed and done with */
        return;
      }

  st->battle++;
  st->turn++;
  start_battle (st);
}

/* ---------------------------------------------------------------- the actions */

/* Rolls `n` meeples from the dice into face indices (die value v shows face v - 1). */
static gboolean
roll_faces (const MeepleState *st, MgDice *dice, guint n, guint *values, GError **error)
{
  if (n == 0)
    return TRUE;
  if (dice == NULL)
    {
      g_set_error (error, MG_DICE_ERROR, MG_DICE_ERROR_NOT_ENOUGH,
                   g_dngettext (GETTEXT_PACKAGE, "%u die is needed but no dice were given",
                                "%u dice are needed but no dice were given", n), n);
      return FALSE;
    }
  if (!mg_dice_roll (dice, n, st->rs.n_faces, st->rs.weights, values, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    values[i]--;
  return TRUE;
}

/* "roll": the player rolls every meeple still in hand. */
static gboolean
play_roll (MgState *state, json_object *json, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "player", "dice", NULL };
  MeepleState *st = (MeepleState *) state;
  guint values[MG_MEEPLE_MAX_MEEPLES];
  MeeplePlayer *pl;
  json_object *e;
  guint p, n;

  if (!check_match_on (st, error) || !mg_json_only (json, NULL, ACTION_ERR, known, error) ||
      !parse_player (st, json, &p, error))
    return FALSE;
  pl = &st->players[p];
  if (pl->rolled)
    return mg_illegal (error, N_("%s has already rolled this battle."), pl->name);
  n = mg_meeple_to_roll (st, p);
  if (!roll_faces (st, play->dice, n, values, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks and the dice are done: nothing below refuses */

  pl->rolled = TRUE;
  pl->n_held = n;
  for (guint i = 0; i < n; i++)
    pl->faces[i] = (guint8) values[i];
  e = event_new ("rolled", st, (gint) p);
  add_int (e, "count", n);
  json_object_array_add (play->events, e);
  json_object_array_add (play->events, faces_event (st, p));
  mg_said_add_n (play->said, "%s rolled %u meeple.", "%s rolled %u meeples.", n, pl->name, n);
  return TRUE;
}

/* Counts one of the player's actions (a reroll of `rerolled` meeples, or a set when -1): the
 * public "acted" event, then the new faces for the player's seat. Returns the actions allowed. */
static guint
count_action (MeepleState *st, guint p, const char *type, gint rerolled, MgPlay *play)
{
  MeeplePlayer *pl = &st->players[p];
  json_object *e = event_new ("acted", st, (gint) p);
  guint allowed = actions_allowed (st, p);

  pl->actions_used++;
  json_object_object_add (e, "action", json_object_new_string (type));
  if (rerolled >= 0)
    add_int (e, "count", rerolled);
  add_int (e, "actions_used", pl->actions_used);
  add_int (e, "actions_allowed", allowed);
  json_object_array_add (play->events, e);
  json_object_array_add (play->events, faces_event (st, p));
  return allowed;
}

/* "reroll": one action rerolls the meeples listed, one die each in the order listed. */
static gboolean
play_reroll (MgState *state, json_object *json, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "player", "meeples", "dice", NULL };
  MeepleState *st = (MeepleState *) state;
  guint idx[MG_MEEPLE_MAX_MEEPLES], values[MG_MEEPLE_MAX_MEEPLES];
  guint p, n, allowed;
  MeeplePlayer *pl;

  if (!check_match_on (st, error) || !mg_json_only (json, NULL, ACTION_ERR, known, error) ||
      !parse_reroll (st, json, idx, &n, error) || !parse_player (st, json, &p, error) ||
      !check_can_act (st, p, idx, n, error) || !roll_faces (st, play->dice, n, values, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks and the dice are done: nothing below refuses */

  pl = &st->players[p];
  for (guint i = 0; i < n; i++)
    pl->faces[idx[i]] = (guint8) values[i];
  allowed = count_action (st, p, "reroll", (gint) n, play);
  mg_said_add_n (play->said, "%s rerolled %u meeple (action %u of %u).",
                 "%s rerolled %u meeples (action %u of %u).", n, pl->name, n, pl->actions_used, allowed);
  return TRUE;
}

/* "set": one action turns a meeple to the face named. */
static gboolean
play_set (MgState *state, json_object *json, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "player", "meeple", "face", "dice", NULL };
  MeepleState *st = (MeepleState *) state;
  guint idx, face, p, allowed;
  MeeplePlayer *pl;

  if (!check_match_on (st, error) || !mg_json_only (json, NULL, ACTION_ERR, known, error) ||
      !mg_json_get_uint (json, NULL, "meeple", ACTION_ERR, 0, st->rs.meeples - 1, &idx, error) ||
      !mg_json_get_choice (json, NULL, "face", ACTION_ERR, st->rs.face_ids, &face, error) ||
      !parse_player (st, json, &p, error) || !check_can_act (st, p, &idx, 1, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks and the dice are done: nothing below refuses */

  pl = &st->players[p];
  pl->faces[idx] = (guint8) face;
  allowed = count_action (st, p, "set", -1, play);
  /* What a set meeple now shows stays behind the screen: the sentence does not say. */
  mg_said_add (play->said, N_("%s set a meeple by hand (action %u of %u)."),
               pl->name, pl->actions_used, allowed);
  return TRUE;
}

/* "pick": the player's hidden pick; the second pick of a battle resolves it. */
static gboolean
play_pick (MgState *state, json_object *json, MgPlay *play, GError **error)
{
  const char *known[MG_MEEPLE_MAX_FACES + 4] = { "type", "player", "dice" };
  MeepleState *st = (MeepleState *) state;
  guint pick[MG_MEEPLE_MAX_FACES] = { 0 };
  guint p, count;
  MeeplePlayer *pl;
  json_object *e, *secret;

  for (guint f = 0; f < st->rs.n_faces; f++)
    known[3 + f] = st->rs.face_ids[f];
  if (!check_match_on (st, error) || !mg_json_only (json, NULL, ACTION_ERR, known, error))
    return FALSE;
  /* A face left out counts as none of it. */
  for (guint f = 0; f < st->rs.n_faces; f++)
    if (!mg_json_opt_uint (json, NULL, st->rs.face_ids[f], ACTION_ERR, 0, st->rs.meeples, &pick[f], error))
      return FALSE;
  if (!parse_player (st, json, &p, error) || !check_pick (st, p, pick, error))
    return FALSE;
  if (play->validating)
    return TRUE;   /* the checks and the dice are done: nothing below refuses */

  pl = &st->players[p];
  count = mg_meeple_reveal_for (st, p);
  pl->picked = TRUE;
  memcpy (pl->pick, pick, sizeof pl->pick);
  e = event_new ("picked", st, (gint) p);
  add_int (e, "count", count);
  json_object_array_add (play->events, e);
  secret = event_new ("pick", st, (gint) p);
  json_object_object_add (secret, "seat", json_object_new_string (pl->name));
  json_object_object_add (secret, "pick", counts_json (st, pl->pick));
  json_object_array_add (play->events, secret);
  if (st->players[0].picked && st->players[1].picked)
    resolve_battle (st, play->events, play->said);
  else
    mg_said_add_n (play->said, "%s picked %u meeple.", "%s picked %u meeples.", count, pl->name, count);
  return TRUE;
}

/* "rematch": once a match is won, the next one starts with no casualties; the score stays. */
static gboolean
play_rematch (MgState *state, json_object *json, MgPlay *play, GError **error)
{
  static const char * const known[] = { "type", "dice", NULL };
  MeepleState *st = (MeepleState *) state;
  json_object *e;

  if (!mg_json_only (json, NULL, ACTION_ERR, known, error))
    return FALSE;
  if (!match_over (st))
    return mg_illegal_n (error, 
                                        "The match is still on; a rematch can start once a player has %u casualty.",
                                        "The match is still on; a rematch can start once a player has %u casualties.",
                                        st->rs.defeat,
                    st->rs.defeat);
  if (play->validating)
    return TRUE;   /* the checks and the dice are done: nothing below refuses */

  st->match++;
  st->battle = 1;
  st->turn++;
  st->winner = -1;
  g_clear_pointer (&st->last, json_object_put);
  for (guint p = 0; p < 2; p++)
    st->players[p].casualties = st->players[p].neutral = 0;
  start_battle (st);
  e = event_new ("match_started", st, -1);
  add_int (e, "match", st->match);
  json_object_object_add (e, "score", by_player (st, st->score[0], st->score[1]));
  json_object_array_add (play->events, e);
  mg_said_add (play->said, N_("Match %u begins; the score is %s %u, %s %u."), st->match,
               st->players[0].name, st->score[0], st->players[1].name, st->score[1]);
  return TRUE;
}

/* A copy for the shared runner (mg-actions.h): its numbers are its own; what never changes once
 * made is shared by reference count — the ruleset's face words and the players' names
 * (GRefString), and the last battle event (a new battle replaces it, to_json hands out copies).
 * Its cost is the same at any point of a campaign. */
static MgState *
meeple_copy (const MgState *state)
{
  const MeepleState *st = (const MeepleState *) state;
  MeepleState *c = g_memdup2 (st, sizeof *st);

  for (guint f = 0; f < st->rs.n_faces; f++)
    {
      g_ref_string_acquire (st->rs.faces[f].id);
      g_ref_string_acquire (st->rs.faces[f].name);
    }
  for (guint p = 0; p < 2; p++)
    g_ref_string_acquire (st->players[p].name);
  c->last = st->last != NULL ? json_object_get (st->last) : NULL;
  return (MgState *) c;
}

/* No .over: a finished match still takes a rematch, so the other actions refuse it themselves
 * (check_match_on). The state has no pointer into itself: the runner exchanges its bytes. */
static const MgAction meeple_action_list[] = {
  { "roll", play_roll, MG_ACTION_SECRET },     /* the faces, behind the player's screen */
  { "reroll", play_reroll, MG_ACTION_SECRET },
  { "set", play_set, MG_ACTION_SECRET },
  { "pick", play_pick, MG_ACTION_SECRET },     /* revealed with the other player's pick */
  { "rematch", play_rematch },
};

static const MgActions meeple_actions = {
  .actions = meeple_action_list,
  .n_actions = G_N_ELEMENTS (meeple_action_list),
  .copy = meeple_copy,
  .size = sizeof (MeepleState),
};

/* ---------------------------------------------------------------- pending */

static gint
meeple_turn (const MgState *state)
{
  return ((const MeepleState *) state)->turn;
}

/* The standing as the table sees it: only what is public (casualties, neutral zones, matches
 * won, what the next battle allows), so it is the same for every seat. */
static char *
meeple_describe (const MgState *state, const char *seat)
{
  const MeepleState *st = (const MeepleState *) state;
  GString *text = g_string_new (NULL);

  for (guint p = 0; p < 2; p++)
    {
      const MeeplePlayer *pl = &st->players[p];

      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, "%s: %u casualty", "%s: %u casualties",
                                           pl->casualties),
                              pl->name, pl->casualties);
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, ", %u meeple in the neutral zone",
                                           ", %u meeples in the neutral zone", pl->neutral),
                              pl->neutral);
      g_string_append (text, ". ");
    }
  g_string_append_printf (text, _("Matches won: %s %u, %s %u."),
                          st->players[0].name, st->score[0], st->players[1].name, st->score[1]);
  if (match_over (st))
    g_string_append_printf (text, " %s", _("The match is over."));
  else
    {
      guint r0 = mg_meeple_reveal_for (st, 0), r1 = mg_meeple_reveal_for (st, 1);

      g_autofree char *first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s rolls %u and may take %u action",
                                                             "%s rolls %u and may take %u actions",
                                                             actions_allowed (st, 0)),
                                                st->players[0].name, mg_meeple_to_roll (st, 0),
                                                actions_allowed (st, 0));
      g_autofree char *second = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s rolls %u and may take %u",
                                                              "%s rolls %u and may take %u",
                                                              actions_allowed (st, 1)),
                                                 st->players[1].name, mg_meeple_to_roll (st, 1),
                                                 actions_allowed (st, 1));
      g_autofree char *reveal = r0 == r1
        ? g_strdup_printf (_("each reveals %u."), r0)
        : g_strdup_printf (_("%s reveals %u, %s %u."), st->players[0].name, r0, st->players[1].name, r1);

      g_string_append (text, " ");
      /* Translators: "Battle 5 of match 1: Red rolls 6 and may take 2 actions, Blue rolls 6 and
       * may take 2; each reveals 5." — the three %s are those clauses, each translated apart. */
      g_string_append_printf (text, _("Battle %u of match %u: %s, %s; %s"), st->battle, st->match,
                              first, second, reveal);
    }
  return g_string_free (text, FALSE);
}

static json_object *
meeple_pending (const MgState *state)
{
  const MeepleState *st = (const MeepleState *) state;
  json_object *o = json_object_new_object ();
  json_object *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);

  add_int (o, "turn", st->turn);
  json_object_object_add (o, "phase", json_object_new_string (phase_name (st)));
  json_object_object_add (o, "over", json_object_new_boolean (match_over (st)));
  add_int (o, "match", st->match);
  add_int (o, "battle", st->battle);

  if (match_over (st))
    {
      g_string_append_printf (text, _("%s won match %u (%s %u, %s %u). A rematch starts match %u."),
                              st->players[st->winner].name, st->match,
                              st->players[0].name, st->score[0], st->players[1].name, st->score[1],
                              st->match + 1);
    }
  else if (!st->players[0].rolled && !st->players[1].rolled)
    g_string_append_printf (text, _("%s and %s roll their meeples."), st->players[0].name, st->players[1].name);

  for (guint p = 0; p < 2 && !match_over (st); p++)
    {
      const MeeplePlayer *pl = &st->players[p];
      json_object *w;
      guint left = actions_allowed (st, p) - pl->actions_used;
      guint reveal = mg_meeple_reveal_for (st, p);
      gboolean say = st->players[0].rolled || st->players[1].rolled;

      if (say)
        g_string_append (text, text->len ? " " : "");
      if (pl->picked)
        {
          if (say)
            g_string_append_printf (text, _("%s has picked."), pl->name);
          continue;
        }
      w = json_object_new_object ();
      json_object_object_add (w, "seat", json_object_new_string (pl->name));
      if (!pl->rolled)
        {
          json_object_object_add (w, "for", json_object_new_string ("roll"));
          add_int (w, "dice", mg_meeple_to_roll (st, p));
          if (say)
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s rolls %u meeple.",
                                                       "%s rolls %u meeples.", mg_meeple_to_roll (st, p)),
                                    pl->name, mg_meeple_to_roll (st, p));
        }
      else
        {
          json_object_object_add (w, "for", json_object_new_string (left > 0 ? "act" : "pick"));
          add_int (w, "actions_left", left);
          if (left > 0)
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                       "%s may use %u more action, then picks %u.",
                                                       "%s may use %u more actions, then picks %u.", left),
                                    pl->name, left, reveal);
          else
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s picks %u meeple.",
                                                       "%s picks %u meeples.", reveal), pl->name, reveal);
        }
      add_int (w, "reveal", reveal);
      json_object_array_add (waiting, w);
    }
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

/* ---------------------------------------------------------------- the table */

/* ---------------------------------------------------------------- legal actions */

static json_object *
player_action (const char *type, const MeeplePlayer *pl)
{
  json_object *a = json_object_new_object ();

  json_object_object_add (a, "type", json_object_new_string (type));
  json_object_object_add (a, "player", json_object_new_string (pl->name));
  return a;
}

/* Every pick of `left` meeples from the counts held, faces from `f` on. */
static void
add_picks (const MeepleState *st, const MeeplePlayer *pl, const guint *held, guint *pick,
           guint f, guint left, json_object *out)
{
  if (f == st->rs.n_faces)
    {
      if (left == 0)
        {
          json_object *a = player_action ("pick", pl);

          for (guint i = 0; i < st->rs.n_faces; i++)
            json_object_object_add (a, st->rs.faces[i].id, json_object_new_int64 (pick[i]));
          json_object_array_add (out, a);
        }
      return;
    }
  for (guint n = 0; n <= MIN (held[f], left); n++)
    {
      pick[f] = n;
      add_picks (st, pl, held, pick, f + 1, left - n, out);
    }
}

/* By the rules, not by trying validate(): roll first; then, while actions remain, reroll one
 * meeple or all of them, or set one meeple to another face; a pick of exactly the reveal from
 * the faces held; after the match, a rematch. */
static json_object *
meeple_legal_actions (const MgState *state, const char *seat)
{
  const MeepleState *st = (const MeepleState *) state;
  json_object *out = json_object_new_array ();
  gboolean all = seat == NULL || strcmp (seat, MG_SEAT_ALL) == 0;

  if (match_over (st))
    {
      if (all)
        json_object_array_add (out, mg_event_new ("rematch", NULL, NULL));
      return out;
    }
  for (guint p = 0; p < 2; p++)
    {
      const MeeplePlayer *pl = &st->players[p];
      guint held[MG_MEEPLE_MAX_FACES] = { 0 }, pick[MG_MEEPLE_MAX_FACES] = { 0 };

      if (!all && strcmp (seat, pl->name) != 0)
        continue;
      if (pl->picked)
        continue;
      if (!pl->rolled)
        {
          json_object_array_add (out, player_action ("roll", pl));
          continue;
        }
      if (pl->actions_used < actions_allowed (st, p) && pl->n_held > 0)
        {
          json_object *every = json_object_new_array ();

          for (guint i = 0; i < pl->n_held; i++)
            {
              json_object *a = player_action ("reroll", pl);
              json_object *one = json_object_new_array ();

              json_object_array_add (one, json_object_new_int64 (i));
              json_object_object_add (a, "meeples", one);
              json_object_array_add (out, a);
              json_object_array_add (every, json_object_new_int64 (i));
              for (guint f = 0; f < st->rs.n_faces; f++)
                if (f != pl->faces[i])
                  {
                    a = player_action ("set", pl);
                    json_object_object_add (a, "meeple", json_object_new_int64 (i));
                    json_object_object_add (a, "face", json_object_new_string (st->rs.faces[f].id));
                    json_object_array_add (out, a);
                  }
            }
          if (pl->n_held > 1)
            {
              json_object *a = player_action ("reroll", pl);

              json_object_object_add (a, "meeples", every);
              json_object_array_add (out, a);
            }
          else
            json_object_put (every);
        }
      mg_meeple_held_counts (st, p, held);
      add_picks (st, pl, held, pick, 0, mg_meeple_reveal_for (st, p), out);
    }
  return out;
}

/* The words a player's phone shows for this game (src/server/ serves them translated). */
static const MgWord meeple_phone_words[] = {
  { "roll", N_("Roll your meeples") },
  { "reroll", N_("Reroll meeples") },
  { "set", N_("Set a meeple by hand") },
  { "pick", N_("Your pick") },
  { "field.meeples", N_("Meeples") },
  { "mine.faces", N_("Your roll") },
  { "mine.pick", N_("Your pick") },
  { "table.casualties", N_("Casualties") },
  { "value.sweep", N_("sweep") },
  { "value.kick", N_("kick") },
  { "value.punch", N_("punch") },
  { NULL, NULL }
};

static const MgRules meeple_rules = {
  .id = "meeple",
  .name = N_("Meeple Melee"),
  .min_players = 2,
  .max_players = 2,
  .check_ruleset = meeple_check_ruleset,
  .new_state = meeple_new_state,
  .free_state = meeple_free_state,
  .actions = &meeple_actions,
  .pending = meeple_pending,
  .turn = meeple_turn,
  .describe = meeple_describe,
  .to_json = meeple_to_json,
  .from_json = meeple_from_json,
  .view = meeple_view,
  .legal_actions = meeple_legal_actions,
  .phone_words = meeple_phone_words,
};

const MgRules *
mg_meeple_rules (void)
{
  return &meeple_rules;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights.c — MecaKnights: leaders, turns and seasons, every action checked and costed, state JSON. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-mecaknights-private.h"

const char * const mk_phase_ids[] = { "setup", "collect", "build", "move", NULL };

/* Words shown through _() that come from ids or the ruleset, so translators see them. */
static const char *shown_words[] G_GNUC_UNUSED = { N_("hamlet"), N_("village"), N_("town"), N_("winter"),
                                                   N_("spring"), N_("summer"), N_("autumn") };

/* ---------------------------------------------------------------- small helpers */

static const char * const unit_one[] = { N_("infantry"), N_("heavy infantry"), N_("archer"), N_("catapult"), N_("cavalry") };
static const char * const unit_many[] = { N_("infantry"), N_("heavy infantry"), N_("archers"), N_("catapults"), N_("cavalry") };

const char *
mk_unit_name (MkUnit u, guint n)
{
  return n == 1 ? _(unit_one[u]) : _(unit_many[u]);
}

const char *
mk_unit_word (MkUnit u, guint n)
{
  return mg_message_word (n == 1 ? unit_one[u] : unit_many[u]);
}

static const char * const unit_count_forms[][2] = {
  /* Translators: a number of units of one kind ("2 archers", "3 infantry"). */
  MG_PLURAL_PAIR ("%u infantry", "%u infantry"),
  MG_PLURAL_PAIR ("%u heavy infantry", "%u heavy infantry"),
  MG_PLURAL_PAIR ("%u archer", "%u archers"),
  MG_PLURAL_PAIR ("%u catapult", "%u catapults"),
  MG_PLURAL_PAIR ("%u cavalry", "%u cavalry"),
};

void
mk_unit_count_say (MgSaid *said, MkUnit u, guint n)
{
  mg_said_add_n (said, unit_count_forms[u][0], unit_count_forms[u][1], n, n);
}

MgSaid *
mk_unit_count_said (MkUnit u, guint n)
{
  MgSaid *said = mg_said_new ();

  mk_unit_count_say (said, u, n);
  return said;
}

MgSaid *
mk_units_said (const guint *units)
{
  MgSaid *said = mg_said_new ();

  for (guint u = 0; u < MK_N_UNITS; u++)
    if (units[u])
      {
        if (mg_said_length (said))
          mg_said_add_text (said, ", ");
        mk_unit_count_say (said, u, units[u]);
      }
  if (mg_said_length (said) == 0)
    mg_said_add (said, N_("no units"));
  return said;
}

void
mk_army_units_say (MgSaid *said, const char *before, const MkArmy *a)
{
  g_autoptr(MgSaid) units = mk_units_said (a->units);
  g_autofree char *head = g_strdup_printf ("%s%s (", before, a->id);

  mg_said_add_text (said, head);
  mg_said_append (said, units);
  mg_said_add_text (said, ")");
}

char *
mk_units_text (const guint *units)
{
  g_autoptr(MgSaid) said = mk_units_said (units);

  return g_strdup (mg_said_text (said));
}

guint
mk_army_size (const MkArmy *a)
{
  return mk_purse_units (a->units);
}

MkArmy *
mk_army_find (const MkState *st, const char *id)
{
  for (guint i = 0; id != NULL && i < st->armies->len; i++)
    if (strcmp (((MkArmy *) g_ptr_array_index (st->armies, i))->id, id) == 0)
      return g_ptr_array_index (st->armies, i);
  return NULL;
}

/* The strings each record owns: what its copy duplicates and its free frees (mk_record_copy). */
static const MkRecordKind leader_kind = {
  sizeof (MkLeader), 3, { G_STRUCT_OFFSET (MkLeader, name), G_STRUCT_OFFSET (MkLeader, colour),
                          G_STRUCT_OFFSET (MkLeader, capital) }
};
static const MkRecordKind army_kind = {
  sizeof (MkArmy), 2, { G_STRUCT_OFFSET (MkArmy, id), G_STRUCT_OFFSET (MkArmy, land) }
};
static const MkRecordKind boat_kind = {
  sizeof (MkBoat), 3, { G_STRUCT_OFFSET (MkBoat, id), G_STRUCT_OFFSET (MkBoat, river), G_STRUCT_OFFSET (MkBoat, at) }
};
static const MkRecordKind encounter_kind = {
  sizeof (MkEncounter), 4, { G_STRUCT_OFFSET (MkEncounter, land), G_STRUCT_OFFSET (MkEncounter, a),
                             G_STRUCT_OFFSET (MkEncounter, b), G_STRUCT_OFFSET (MkEncounter, status) }
};
static const MkRecordKind battle_kind = {   /* and its list of reinforced armies, copied apart */
  sizeof (MkBattle), 1, { G_STRUCT_OFFSET (MkBattle, land) }
};
static const MkRecordKind choice_kind = {
  sizeof (MkChoice), 1, { G_STRUCT_OFFSET (MkChoice, army) }
};

static void
army_free (MkArmy *a)
{
  mk_record_free (a, &army_kind);
}

void
mk_army_remove (MkState *st, MkArmy *a, json_object *events)
{
  json_object *e = mg_event_new ("army_removed", NULL, NULL);
  json_object_object_add (e, "army", json_object_new_string (a->id));
  json_object_object_add (e, "leader", json_object_new_string (st->leaders[a->leader].name));
  json_object_object_add (e, "land", json_object_new_string (a->land));
  json_object_array_add (events, e);
  g_ptr_array_remove (st->armies, a);
}

static void
boat_free (MkBoat *b)
{
  mk_record_free (b, &boat_kind);
}

static void
encounter_free (MkEncounter *e)
{
  mk_record_free (e, &encounter_kind);
}

void
mk_battle_free (MkBattle *b)
{
  g_ptr_array_unref (b->reinforced);
  mk_record_free (b, &battle_kind);
}

void
mk_choice_free (MkChoice *c)
{
  mk_record_free (c, &choice_kind);
}

gint
mk_find_leader (const MkState *st, const char *name)
{
  for (guint i = 0; name != NULL && i < st->n_leaders; i++)
    if (strcmp (st->leaders[i].name, name) == 0)
      return (gint) i;
  return -1;
}

/* The leaders' names as a NULL-terminated list in `names` (MK_MAX_LEADERS + 1 slots). */
char **
mk_leader_names (const MkState *st, char **names)
{
  for (guint i = 0; i < st->n_leaders; i++)
    names[i] = st->leaders[i].name;
  names[st->n_leaders] = NULL;
  return names;
}

/* ---------------------------------------------------------------- seasons and the GM */

guint
mk_season_index (const MkState *st, guint turn, guint *year)
{
  guint t = (turn - 1) % st->rs->year_turns;
  if (year)
    *year = (turn - 1) / st->rs->year_turns + 1;
  for (guint i = 0; i < st->rs->n_seasons; i++)
    {
      if (t < st->rs->seasons[i].turns)
        return i;
      t -= st->rs->seasons[i].turns;
    }
  return 0;
}

guint
mk_moves_allowed (const MkState *st)
{
  return st->rs->seasons[mk_season_index (st, MAX (st->turn, 1), NULL)].moves;
}

const char *
mk_season_name (const MkState *st)
{
  return _(st->rs->seasons[mk_season_index (st, MAX (st->turn, 1), NULL)].name);
}

const char *
mk_season_word (const MkState *st)
{
  return mg_message_word (st->rs->seasons[mk_season_index (st, MAX (st->turn, 1), NULL)].name);
}

/* The leader who runs `turn`, or -1 when the GM is not one of the leaders ("outside"). */
gint
mk_gm_for_turn (const MkState *st, guint turn)
{
  guint year, s = mk_season_index (st, turn, &year), k;

  switch (st->gm_rotation)
    {
    case GM_SEASON: k = (year - 1) * st->rs->n_seasons + s; break;
    case GM_YEAR: k = year - 1; break;
    case GM_OUTSIDE: return -1;
    default: k = 0; break;
    }
  return (gint) ((st->gm_first + k) % st->n_leaders);
}

/* The GM's name for the JSON: a leader's, or null when the GM is not a leader. */
json_object *
mk_gm_json (const MkState *st)
{
  gint g = mk_gm_for_turn (st, st->turn);
  return g < 0 ? NULL : json_object_new_string (st->leaders[g].name);
}

/* ---------------------------------------------------------------- state life */

static void
mk_free_state (MgState *state)
{
  MkState *st = (MkState *) state;

  if (st == NULL)
    return;
  g_clear_pointer (&st->rs, mk_ruleset_unref);
  mk_map_clear (&st->map);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      g_free (st->leaders[i].name);
      g_free (st->leaders[i].colour);
      g_free (st->leaders[i].capital);
    }
  g_clear_pointer (&st->encounters, g_ptr_array_unref);
  g_clear_pointer (&st->armies, g_ptr_array_unref);
  g_clear_pointer (&st->boats, g_ptr_array_unref);
  g_clear_pointer (&st->battles, g_ptr_array_unref);
  g_clear_pointer (&st->choices, g_ptr_array_unref);
  g_free (st);
}

static void
state_free (MkState *st)
{
  mk_free_state ((MgState *) st);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MkState, state_free)

/* An empty state on `rs` (a new reference). */
static MkState *
state_alloc (MkRuleset *rs)
{
  MkState *st = g_new0 (MkState, 1);

  st->parent.rules = mg_mk_rules ();
  st->rs = mk_ruleset_ref (rs);
  st->encounters = g_ptr_array_new_with_free_func ((GDestroyNotify) encounter_free);
  st->armies = g_ptr_array_new_with_free_func ((GDestroyNotify) army_free);
  st->boats = g_ptr_array_new_with_free_func ((GDestroyNotify) boat_free);
  st->battles = g_ptr_array_new_with_free_func ((GDestroyNotify) mk_battle_free);
  st->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) mk_choice_free);
  st->next_battle = 1;
  memset (st->relations, 0xff, sizeof st->relations);
  return st;
}

gboolean
mk_name_ok (const char *name, MgRulesError code, GError **error)
{
  /* A leader joining (add_leader) is named as every player is; a saved state's names were. */
  if (code != MG_RULES_ERROR_BAD_STATE)
    return mg_rules_check_seat_name (name, code, error);
  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL) ||
      strcmp (name, MG_SEAT_PUBLIC) == 0 || strcmp (name, MG_SEAT_ALL) == 0 || strcmp (name, "GM") == 0)
    {
      mg_refuse (error, code, N_("\"%s\" cannot name a leader (empty, reserved or GM)"),
                   name ? name : "");
      return FALSE;
    }
  return TRUE;
}

static MgState *
mk_new_state (json_object *ruleset, const char * const *players, GError **error)
{
  g_autoptr(MkState) st = NULL;
  MkRuleset *rs;
  guint n = players ? g_strv_length ((char **) players) : 0;

  /* The count from the descriptor's min/max, the names, the reserved seats, no name twice. */
  if (!mg_rules_check_players (mg_mk_rules (), players, error))
    return NULL;
  if ((rs = mk_ruleset_new (ruleset, error)) == NULL)
    return NULL;
  st = state_alloc (rs);
  mk_ruleset_unref (rs);
  st->n_leaders = n;
  for (guint i = 0; i < n; i++)
    {
      st->leaders[i].name = g_strdup (players[i]);
      st->leaders[i].colour = g_strdup (st->rs->colours[i]);
      st->leaders[i].purse = st->rs->start_purse;
    }
  mk_map_copy (&st->rs->sample, &st->map);
  st->gm_rotation = st->rs->gm_rotation;
  st->turn = 1;
  st->phase = PHASE_SETUP;
  return (MgState *) g_steal_pointer (&st);
}

/* ---------------------------------------------------------------- JSON out */

json_object *
mk_units_json (const guint *units)
{
  json_object *o = json_object_new_object ();
  for (guint u = 0; u < MK_N_UNITS; u++)
    json_object_object_add (o, mk_unit_ids[u], json_object_new_int64 (units[u]));
  return o;
}

json_object *
mk_choice_json (const MkState *st, const MkChoice *c)
{
  json_object *o = json_object_new_object ();
  json_object_object_add (o, "leader", json_object_new_string (st->leaders[c->leader].name));
  json_object_object_add (o, "why", json_object_new_string (mk_why_ids[c->why]));
  json_object_object_add (o, "battle", c->battle ? json_object_new_int64 (c->battle) : NULL);
  json_object_object_add (o, "army", c->army ? json_object_new_string (c->army) : NULL);
  json_object_object_add (o, "count", json_object_new_int64 (c->count));
  json_object_object_add (o, "eligible", mk_choice_eligible (st, c));
  return o;
}

/* One leader as saved. */
static json_object *
leader_json (const MkLeader *l)
{
  json_object *lo = json_object_new_object ();

  json_object_object_add (lo, "name", json_object_new_string (l->name));
  json_object_object_add (lo, "colour", json_object_new_string (l->colour));
  json_object_object_add (lo, "capital", l->capital ? json_object_new_string (l->capital) : NULL);
  json_object_object_add (lo, "gp", json_object_new_int64 (l->purse.gp));
  for (guint r = 0; r < MK_N_RES; r++)
    json_object_object_add (lo, mk_res_ids[r], json_object_new_int64 (l->purse.res[r]));
  json_object_object_add (lo, "collected", json_object_new_boolean (l->collected));
  json_object_object_add (lo, "bonus", json_object_new_boolean (l->bonus));
  json_object_object_add (lo, "moves_used", json_object_new_int64 (l->moves_used));
  json_object_object_add (lo, "armies_made", json_object_new_int64 (l->armies_made));
  json_object_object_add (lo, "boats_made", json_object_new_int64 (l->boats_made));
  return lo;
}

/* Every pair of leaders once, with its status (null: they have not met). */
static json_object *
relations_json (const MkState *st)
{
  json_object *a = json_object_new_array ();

  for (guint i = 0; i < st->n_leaders; i++)
    for (guint j = i + 1; j < st->n_leaders; j++)
      {
        json_object *r = json_object_new_object ();
        gint v = st->relations[i][j];
        json_object_object_add (r, "a", json_object_new_string (st->leaders[i].name));
        json_object_object_add (r, "b", json_object_new_string (st->leaders[j].name));
        json_object_object_add (r, "status", v < 0 ? NULL : json_object_new_string (v ? "war" : "peace"));
        json_object_array_add (a, r);
      }
  return a;
}

static json_object *
encounter_json (const MkState *st, gconstpointer item)
{
  const MkEncounter *e = item;
  json_object *eo = json_object_new_object ();

  json_object_object_add (eo, "turn", json_object_new_int64 (e->turn));
  json_object_object_add (eo, "land", json_object_new_string (e->land));
  json_object_object_add (eo, "a", json_object_new_string (e->a));
  json_object_object_add (eo, "b", json_object_new_string (e->b));
  json_object_object_add (eo, "status", json_object_new_string (e->status));
  return eo;
}

static json_object *
boat_json (const MkState *st, gconstpointer item)
{
  const MkBoat *b = item;
  json_object *bo = json_object_new_object ();

  json_object_object_add (bo, "id", json_object_new_string (b->id));
  json_object_object_add (bo, "leader", json_object_new_string (st->leaders[b->leader].name));
  json_object_object_add (bo, "river", json_object_new_string (b->river));
  json_object_object_add (bo, "at", json_object_new_string (b->at));
  return bo;
}

static json_object *
army_json (const MkState *st, gconstpointer item)
{
  const MkArmy *ar = item;
  json_object *ao = json_object_new_object ();

  json_object_object_add (ao, "id", json_object_new_string (ar->id));
  json_object_object_add (ao, "leader", json_object_new_string (st->leaders[ar->leader].name));
  json_object_object_add (ao, "land", json_object_new_string (ar->land));
  json_object_object_add (ao, "afloat", json_object_new_boolean (ar->afloat));
  json_object_object_add (ao, "units", mk_units_json (ar->units));
  json_object_object_add (ao, "moved", json_object_new_boolean (ar->moved));
  json_object_object_add (ao, "forced_walk", json_object_new_boolean (ar->forced));
  json_object_object_add (ao, "battle", ar->battle ? json_object_new_int64 (ar->battle) : NULL);
  return ao;
}

static json_object *
battle_json (const MkState *st, gconstpointer item)
{
  const MkBattle *b = item;
  json_object *bo = json_object_new_object (), *r = json_object_new_array ();

  json_object_object_add (bo, "id", json_object_new_int64 (b->id));
  json_object_object_add (bo, "land", json_object_new_string (b->land));
  json_object_object_add (bo, "attacker", json_object_new_string (st->leaders[b->attacker].name));
  json_object_object_add (bo, "defender", json_object_new_string (st->leaders[b->defender].name));
  json_object_object_add (bo, "round", json_object_new_int64 (b->round));
  /* Both waiting stages read "choosing"; "choosing" says which, so a round trip is exact. */
  json_object_object_add (bo, "step", json_object_new_string (b->step == STEP_ARCHERS || b->step == STEP_RESULT
                                                              ? "choosing" : mk_step_ids[b->step]));
  json_object_object_add (bo, "choosing", b->step == STEP_ARCHERS || b->step == STEP_RESULT
                                          ? json_object_new_string (mk_step_ids[b->step]) : NULL);
  for (guint k = 0; k < b->reinforced->len; k++)
    json_object_array_add (r, json_object_new_string (g_ptr_array_index (b->reinforced, k)));
  json_object_object_add (bo, "reinforced", r);
  json_object_object_add (bo, "fought_turn", json_object_new_int64 (b->fought_turn));
  json_object_object_add (bo, "sides", mk_battle_sides_json (st, b));
  return bo;
}

static json_object *
choice_json (const MkState *st, gconstpointer item)
{
  return mk_choice_json (st, item);
}

typedef json_object *(*ItemToJson) (const MkState *st, gconstpointer item);

/* Each item of `list` as `fn` writes it, in an array. */
static json_object *
list_json (const MkState *st, GPtrArray *list, ItemToJson fn)
{
  json_object *a = json_object_new_array ();

  for (guint i = 0; i < list->len; i++)
    json_object_array_add (a, fn (st, g_ptr_array_index (list, i)));
  return a;
}

static json_object *
mk_to_json (const MgState *state)
{
  const MkState *st = (const MkState *) state;
  json_object *o = json_object_new_object (), *a;
  guint year;
  guint s = mk_season_index (st, st->turn, &year);

  json_object_object_add (o, "game", json_object_new_string ("mecaknights"));
  json_object_object_add (o, "started", json_object_new_boolean (st->started));
  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "year", json_object_new_int64 (year));
  json_object_object_add (o, "season", json_object_new_string (st->rs->seasons[s].name));
  json_object_object_add (o, "moves_allowed", json_object_new_int64 (st->rs->seasons[s].moves));
  json_object_object_add (o, "current", json_object_new_string (st->leaders[st->current].name));
  json_object_object_add (o, "phase", json_object_new_string (mk_phase_ids[st->phase]));
  json_object_object_add (o, "gm", mk_gm_json (st));
  json_object_object_add (o, "gm_rotation", json_object_new_string (mk_gm_ids[st->gm_rotation]));
  json_object_object_add (o, "gm_first", json_object_new_string (st->leaders[st->gm_first].name));
  a = json_object_new_array ();
  for (guint i = 0; i < st->n_leaders; i++)
    json_object_array_add (a, leader_json (&st->leaders[i]));
  json_object_object_add (o, "leaders", a);
  json_object_object_add (o, "relations", relations_json (st));
  json_object_object_add (o, "encounters", list_json (st, st->encounters, encounter_json));
  json_object_object_add (o, "map", mk_map_json (&st->map, LEADER_NAMES (st)));
  json_object_object_add (o, "boats", list_json (st, st->boats, boat_json));
  json_object_object_add (o, "armies", list_json (st, st->armies, army_json));
  json_object_object_add (o, "battles", list_json (st, st->battles, battle_json));
  json_object_object_add (o, "choices", list_json (st, st->choices, choice_json));
  json_object_object_add (o, "next_battle", json_object_new_int64 (st->next_battle));
  return o;
}

/* ---------------------------------------------------------------- JSON in */

static gboolean
get_leader_ref (const MkState *st, json_object *o, const char *path, const char *key, gint *out, GError **error)
{
  const char *name;
  if (!mg_json_get_string (o, path, key, MK_STATE_ERR, &name, error))
    return FALSE;
  *out = mk_find_leader (st, name);
  if (*out < 0)
    {
      g_autofree char *p = mk_path_key (path, key);
      mg_json_set_error (error, MK_STATE_ERR, p, _("a leader's name"), mg_json_member (o, key));
      return FALSE;
    }
  return TRUE;
}

/* Paths below come from mk_path_* (NULL on the first, silent read: see mk_from_json). */

static gboolean
army_from_json (MkState *st, json_object *o, const char *path, GError **error)
{
  MkArmy *a = g_new0 (MkArmy, 1);
  const char *id, *land;
  json_object *units, *battle;

  g_ptr_array_add (st->armies, a);
  if (!mg_json_object (o, path, MK_STATE_ERR, error) ||
      !mg_json_get_string (o, path, "id", MK_STATE_ERR, &id, error))
    return FALSE;
  a->id = g_strdup (id);
  if (!get_leader_ref (st, o, path, "leader", &a->leader, error) ||
      !mg_json_get_string (o, path, "land", MK_STATE_ERR, &land, error))
    return FALSE;
  a->land = g_strdup (land);
  if (!mg_json_get_bool (o, path, "afloat", MK_STATE_ERR, &a->afloat, error) ||
      !mg_json_get_bool (o, path, "moved", MK_STATE_ERR, &a->moved, error) ||
      !mg_json_get_bool (o, path, "forced_walk", MK_STATE_ERR, &a->forced, error) ||
      (units = mg_json_get_object (o, path, "units", MK_STATE_ERR, error)) == NULL)
    return FALSE;
  {
    g_autofree char *up = mk_path_key (path, "units");
    for (guint u = 0; u < MK_N_UNITS; u++)
      if (!mg_json_get_uint (units, up, mk_unit_ids[u], MK_STATE_ERR, 0, st->rs->max_units, &a->units[u], error))
        return FALSE;
  }
  if ((battle = mg_json_member (o, "battle")) != NULL)
    {
      g_autofree char *bp = mk_path_key (path, "battle");
      if (!mg_json_uint (battle, bp, MK_STATE_ERR, 1, G_MAXINT32, &a->battle, error))
        return FALSE;
    }
  if ((a->afloat ? !mk_map_is_mark (&st->map, a->land) : mk_map_land (&st->map, a->land) == NULL))
    {
      g_autofree char *lp = mk_path_key (path, "land");
      mg_refuse (error, MG_RULES_ERROR_BAD_STATE, N_("%s: \"%s\" is not on the map"), lp, land);
      return FALSE;
    }
  return TRUE;
}

static gboolean
leader_from_json (MkState *st, json_object *o, const char *p, MkLeader *l, GError **error)
{
  const char *name, *colour, *s;
  gint64 x;

  if (!mg_json_object (o, p, MK_STATE_ERR, error) ||
      !mg_json_get_string (o, p, "name", MK_STATE_ERR, &name, error) ||
      !mk_name_ok (name, MG_RULES_ERROR_BAD_STATE, error))
    return FALSE;
  l->name = g_strdup (name);
  if (!mg_json_get_string (o, p, "colour", MK_STATE_ERR, &colour, error))
    return FALSE;
  l->colour = g_strdup (colour);
  if (mg_json_member (o, "capital"))
    {
      if (!mg_json_get_string (o, p, "capital", MK_STATE_ERR, &s, error))
        return FALSE;
      l->capital = g_strdup (s);
    }
  if (!mg_json_get_int (o, p, "gp", MK_STATE_ERR, 0, G_MAXINT32, &l->purse.gp, error))
    return FALSE;
  for (guint r = 0; r < MK_N_RES; r++)
    if (!mg_json_get_int (o, p, mk_res_ids[r], MK_STATE_ERR, 0, G_MAXINT32, &l->purse.res[r], error))
      return FALSE;
  if (!mg_json_get_bool (o, p, "collected", MK_STATE_ERR, &l->collected, error) ||
      !mg_json_get_bool (o, p, "bonus", MK_STATE_ERR, &l->bonus, error) ||
      !mg_json_get_int (o, p, "moves_used", MK_STATE_ERR, 0, 1000, &x, error))
    return FALSE;
  l->moves_used = x;
  return mg_json_get_uint (o, p, "armies_made", MK_STATE_ERR, 0, G_MAXINT32, &l->armies_made, error) &&
         mg_json_get_uint (o, p, "boats_made", MK_STATE_ERR, 0, G_MAXINT32, &l->boats_made, error);
}

/* Files written before the GM rotation was derived kept "gm_history", one entry a turn: still
 * read (each entry must name a leader), no longer kept, as mk_gm_for_turn () gives the same. */
static gboolean
old_gm_history_from_json (MkState *st, json_object *json, GError **error)
{
  json_object *a;

  if (mg_json_member (json, "gm_history") == NULL)
    return TRUE;
  if ((a = mg_json_get_array (json, "$", "gm_history", MK_STATE_ERR, 0, G_MAXINT32, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < json_object_array_length (a); i++)
    {
      g_autofree char *p = mk_path_index ("$.gm_history", i);
      gint g;
      if (!get_leader_ref (st, json_object_array_get_idx (a, i), p, "gm", &g, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
relation_from_json (MkState *st, json_object *o, const char *p, GError **error)
{
  static const char * const sts[] = { "peace", "war", NULL };
  gint x, y;
  guint v;

  if (!get_leader_ref (st, o, p, "a", &x, error) || !get_leader_ref (st, o, p, "b", &y, error))
    return FALSE;
  if (mg_json_member (o, "status"))
    {
      if (!mg_json_get_choice (o, p, "status", MK_STATE_ERR, sts, &v, error))
        return FALSE;
      st->relations[x][y] = st->relations[y][x] = v;
    }
  return TRUE;
}

static gboolean
encounter_from_json (MkState *st, json_object *o, const char *p, GError **error)
{
  MkEncounter *e = g_new0 (MkEncounter, 1);
  const char *land, *x, *y, *status;

  if (!mg_json_get_uint (o, p, "turn", MK_STATE_ERR, 1, G_MAXINT32, &e->turn, error) ||
      !mg_json_get_string (o, p, "land", MK_STATE_ERR, &land, error) ||
      !mg_json_get_string (o, p, "a", MK_STATE_ERR, &x, error) ||
      !mg_json_get_string (o, p, "b", MK_STATE_ERR, &y, error) ||
      !mg_json_get_string (o, p, "status", MK_STATE_ERR, &status, error))
    {
      encounter_free (e);
      return FALSE;
    }
  e->land = g_strdup (land);
  e->a = g_strdup (x);
  e->b = g_strdup (y);
  e->status = g_strdup (status);
  mk_encounter_put (st, e);
  return TRUE;
}

static gboolean
boat_from_json (MkState *st, json_object *o, const char *p, GError **error)
{
  MkBoat *b = g_new0 (MkBoat, 1);
  const char *id, *river, *at;

  g_ptr_array_add (st->boats, b);
  if (!mg_json_get_string (o, p, "id", MK_STATE_ERR, &id, error) ||
      !get_leader_ref (st, o, p, "leader", &b->leader, error) ||
      !mg_json_get_string (o, p, "river", MK_STATE_ERR, &river, error) ||
      !mg_json_get_string (o, p, "at", MK_STATE_ERR, &at, error))
    return FALSE;
  b->id = g_strdup (id);
  b->river = g_strdup (river);
  b->at = g_strdup (at);
  return TRUE;
}

static gboolean
battle_from_json (MkState *st, json_object *o, const char *p, GError **error)
{
  static const char * const json_steps[] = { "reinforce", "choosing", "continues", NULL };
  MkBattle *b = g_new0 (MkBattle, 1);
  json_object *r;
  const char *land;
  guint v;

  b->reinforced = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (st->battles, b);
  if (!mg_json_get_uint (o, p, "id", MK_STATE_ERR, 1, G_MAXINT32, &b->id, error) ||
      !mg_json_get_string (o, p, "land", MK_STATE_ERR, &land, error))
    return FALSE;
  b->land = g_strdup (land);
  if (!get_leader_ref (st, o, p, "attacker", &b->attacker, error) ||
      !get_leader_ref (st, o, p, "defender", &b->defender, error) ||
      !mg_json_get_uint (o, p, "round", MK_STATE_ERR, 1, G_MAXINT32, &b->round, error) ||
      !mg_json_get_choice (o, p, "step", MK_STATE_ERR, json_steps, &v, error) ||
      !mg_json_get_uint (o, p, "fought_turn", MK_STATE_ERR, 0, G_MAXINT32, &b->fought_turn, error) ||
      (r = mg_json_get_array (o, p, "reinforced", MK_STATE_ERR, 0, 1000, error)) == NULL)
    return FALSE;
  b->step = v == 0 ? STEP_REINFORCE : v == 2 ? STEP_CONTINUES : STEP_ARCHERS;
  if (v == 1)
    {
      static const char * const stages[] = { "archers", "result", NULL };
      if (!mg_json_get_choice (o, p, "choosing", MK_STATE_ERR, stages, &v, error))
        return FALSE;
      b->step = v == 0 ? STEP_ARCHERS : STEP_RESULT;
    }
  for (guint k = 0; k < json_object_array_length (r); k++)
    g_ptr_array_add (b->reinforced, g_strdup (json_object_get_string (json_object_array_get_idx (r, k))));
  return TRUE;
}

static gboolean
choice_from_json (MkState *st, json_object *o, const char *p, GError **error)
{
  MkChoice *c = g_new0 (MkChoice, 1);
  const char *s = NULL;
  guint v;

  g_ptr_array_add (st->choices, c);
  if (!get_leader_ref (st, o, p, "leader", &c->leader, error) ||
      !mg_json_get_choice (o, p, "why", MK_STATE_ERR, mk_why_ids, &v, error))
    return FALSE;
  c->why = v;
  if (!mg_json_opt_uint (o, p, "battle", MK_STATE_ERR, 1, G_MAXINT32, &c->battle, error) ||
      !mg_json_opt_string (o, p, "army", MK_STATE_ERR, &s, error) ||
      !mg_json_get_uint (o, p, "count", MK_STATE_ERR, 1, 1000, &c->count, error))
    return FALSE;
  c->army = g_strdup (s);
  return TRUE;
}

typedef gboolean (*ItemFromJson) (MkState *st, json_object *o, const char *path, GError **error);

/* Each item of json[key] (a list of min..max) read by `fn`. */
static gboolean
list_from_json (MkState *st, json_object *json, const char *key, gsize min, gsize max, ItemFromJson fn,
                GError **error)
{
  g_autofree char *path = mk_path_key ("$", key);
  json_object *a = mg_json_get_array (json, "$", key, MK_STATE_ERR, min, max, error);

  for (guint i = 0; a != NULL && i < json_object_array_length (a); i++)
    {
      g_autofree char *p = mk_path_index (path, i);
      if (!fn (st, json_object_array_get_idx (a, i), p, error))
        return FALSE;
    }
  return a != NULL;
}

static gboolean
state_from_json (MkState *st, json_object *json, GError **error)
{
  static const char * const game_ids[] = { "mecaknights", NULL };
  json_object *a, *map;
  guint v;

  if (!mg_json_object (json, "$", MK_STATE_ERR, error) ||
      !mg_json_get_choice (json, "$", "game", MK_STATE_ERR, game_ids, &v, error) ||
      !mg_json_get_bool (json, "$", "started", MK_STATE_ERR, &st->started, error) ||
      !mg_json_get_uint (json, "$", "turn", MK_STATE_ERR, 1, G_MAXINT32, &st->turn, error) ||
      !mg_json_get_choice (json, "$", "phase", MK_STATE_ERR, mk_phase_ids, &v, error))
    return FALSE;
  st->phase = v;
  if (!mg_json_get_choice (json, "$", "gm_rotation", MK_STATE_ERR, mk_gm_ids, &v, error))
    return FALSE;
  st->gm_rotation = v;
  if ((a = mg_json_get_array (json, "$", "leaders", MK_STATE_ERR, 2, MK_MAX_LEADERS, error)) == NULL)
    return FALSE;
  st->n_leaders = json_object_array_length (a);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      g_autofree char *p = mk_path_index ("$.leaders", i);
      if (!leader_from_json (st, json_object_array_get_idx (a, i), p, &st->leaders[i], error))
        return FALSE;
    }
  if (!get_leader_ref (st, json, "$", "current", (gint *) &st->current, error) ||
      !get_leader_ref (st, json, "$", "gm_first", (gint *) &st->gm_first, error) ||
      !old_gm_history_from_json (st, json, error) ||
      !list_from_json (st, json, "relations", 0, 1000, relation_from_json, error) ||
      !list_from_json (st, json, "encounters", 0, G_MAXINT32, encounter_from_json, error) ||
      (map = mg_json_get_object (json, "$", "map", MK_STATE_ERR, error)) == NULL ||
      !mk_map_parse (map, "$.map", MK_STATE_ERR, LEADER_NAMES (st), st->n_leaders, &st->map, error) ||
      !list_from_json (st, json, "boats", 0, G_MAXINT32, boat_from_json, error) ||
      !list_from_json (st, json, "armies", 0, G_MAXINT32, army_from_json, error) ||
      !list_from_json (st, json, "battles", 0, G_MAXINT32, battle_from_json, error) ||
      !list_from_json (st, json, "choices", 0, 1000, choice_from_json, error))
    return FALSE;
  return mg_json_get_uint (json, "$", "next_battle", MK_STATE_ERR, 1, G_MAXINT32, &st->next_battle, error);
}

/* A state read from JSON on `rs`: first without building any JSON path; only a refused state is
 * read again with paths on, for a message that names the bad field. */
static MkState *
state_read (MkRuleset *rs, json_object *json, GError **error)
{
  g_autoptr(MkState) st = state_alloc (rs);
  gboolean was, ok;

  if (!mk_paths () && state_from_json (st, json, NULL))
    return g_steal_pointer (&st);
  state_free (st);
  st = state_alloc (rs);
  was = mk_paths_begin ();
  ok = state_from_json (st, json, error);
  mk_paths_end (was);
  return ok ? g_steal_pointer (&st) : NULL;
}

static MgState *
mk_from_json (json_object *ruleset, json_object *json, GError **error)
{
  MkRuleset *rs = mk_ruleset_new (ruleset, error);
  MkState *st;

  if (rs == NULL)
    return NULL;
  st = state_read (rs, json, error);
  mk_ruleset_unref (rs);
  return (MgState *) st;
}

/* A deep copy in C, not through JSON: actions run on it, so a refusal changes nothing. Its cost
 * is the size of the board (lands, armies, battles), never the length of the campaign; the
 * parsed ruleset is shared, not copied. */
MgState *
mk_state_copy (const MgState *state)
{
  const MkState *st = (const MkState *) state;
  MkState *copy = g_memdup2 (st, sizeof *st);

  copy->rs = mk_ruleset_ref (st->rs);
  for (guint i = 0; i < st->n_leaders; i++)
    mk_record_own (&copy->leaders[i], &leader_kind);
  mk_map_copy (&st->map, &copy->map);
  copy->encounters = mk_list_copy (st->encounters, mk_record_copy, &encounter_kind, (GDestroyNotify) encounter_free);
  copy->armies = mk_list_copy (st->armies, mk_record_copy, &army_kind, (GDestroyNotify) army_free);
  copy->boats = mk_list_copy (st->boats, mk_record_copy, &boat_kind, (GDestroyNotify) boat_free);
  copy->battles = mk_list_copy (st->battles, mk_record_copy, &battle_kind, (GDestroyNotify) mk_battle_free);
  for (guint i = 0; i < copy->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (copy->battles, i);
      b->reinforced = mk_list_copy (b->reinforced, mk_str_copy, NULL, g_free);
    }
  copy->choices = mk_list_copy (st->choices, mk_record_copy, &choice_kind, (GDestroyNotify) mk_choice_free);
  return (MgState *) copy;
}

/* ---------------------------------------------------------------- pending, describe, tables */
static gboolean
mk_check_ruleset (json_object *ruleset, GError **error)
{
  MkRuleset *rs = mk_ruleset_new (ruleset, error);

  if (rs == NULL)
    return FALSE;
  mk_ruleset_unref (rs);
  return TRUE;
}

static const MgRules mk_rules = {
  .id = "mecaknights",
  .name = N_("MecaKnights"),
  .min_players = 2,
  .max_players = MK_MAX_LEADERS,
  .check_ruleset = mk_check_ruleset,
  .new_state = mk_new_state,
  .free_state = mk_free_state,
  .actions = &mk_actions,
  .pending = mk_pending,
  .to_json = mk_to_json,
  .from_json = mk_from_json,
  /* .view: nothing in MecaKnights is hidden from any seat. */
  .turn = mk_turn,
  .describe = mk_describe,
  .tables = mk_tables,
  .legal_actions = mk_legal_actions,
};

const MgRules *
mg_mk_rules (void)
{
  return &mk_rules;
}

/* mg-mk.c — MecaKnights: leaders, turns and seasons, every action checked and costed, state JSON. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-mk-private.h"

const char * const mk_phase_ids[] = { "setup", "collect", "build", "move", NULL };

/* Words shown through _() that come from ids or the ruleset, so translators see them. */
static const char *shown_words[] G_GNUC_UNUSED = { N_("hamlet"), N_("village"), N_("town"), N_("winter"),
                                                   N_("spring"), N_("summer"), N_("autumn") };

/* ---------------------------------------------------------------- small helpers */

const char *
mk_unit_name (MkUnit u, guint n)
{
  static const char * const one[] = { N_("infantry"), N_("heavy infantry"), N_("archer"), N_("catapult"), N_("cavalry") };
  static const char * const many[] = { N_("infantry"), N_("heavy infantry"), N_("archers"), N_("catapults"), N_("cavalry") };
  return n == 1 ? _(one[u]) : _(many[u]);
}

char *
mk_unit_count (MkUnit u, guint n)
{
  const char *format;

  /* Translators: a number of units of one kind ("2 archers", "3 infantry"). */
  switch (u)
    {
    case U_INFANTRY: format = g_dngettext (GETTEXT_PACKAGE, "%u infantry", "%u infantry", n); break;
    case U_HEAVY: format = g_dngettext (GETTEXT_PACKAGE, "%u heavy infantry", "%u heavy infantry", n); break;
    case U_ARCHER: format = g_dngettext (GETTEXT_PACKAGE, "%u archer", "%u archers", n); break;
    case U_CATAPULT: format = g_dngettext (GETTEXT_PACKAGE, "%u catapult", "%u catapults", n); break;
    default: format = g_dngettext (GETTEXT_PACKAGE, "%u cavalry", "%u cavalry", n); break;
    }
  return g_strdup_printf (format, n);
}

char *
mk_units_text (const guint *units)
{
  GString *s = g_string_new (NULL);
  for (guint u = 0; u < MK_N_UNITS; u++)
    if (units[u])
      {
        g_autofree char *count = mk_unit_count (u, units[u]);
        g_string_append_printf (s, "%s%s", s->len ? ", " : "", count);
      }
  if (s->len == 0)
    g_string_append (s, _("no units"));
  return g_string_free (s, FALSE);
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

static void
army_free (MkArmy *a)
{
  g_free (a->id);
  g_free (a->land);
  g_free (a);
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
  g_free (b->id);
  g_free (b->river);
  g_free (b->at);
  g_free (b);
}

static void
encounter_free (MkEncounter *e)
{
  g_free (e->land);
  g_free (e->a);
  g_free (e->b);
  g_free (e->status);
  g_free (e);
}

static gint
find_leader (const MkState *st, const char *name)
{
  for (guint i = 0; name != NULL && i < st->n_leaders; i++)
    if (strcmp (st->leaders[i].name, name) == 0)
      return (gint) i;
  return -1;
}

/* The leaders' names as a NULL-terminated list in `names` (MK_MAX_LEADERS + 1 slots). */
static char **
leader_names (const MkState *st, char **names)
{
  for (guint i = 0; i < st->n_leaders; i++)
    names[i] = st->leaders[i].name;
  names[st->n_leaders] = NULL;
  return names;
}

#define LEADER_NAMES(st) leader_names ((st), (char *[MK_MAX_LEADERS + 1]) { NULL })

/* ---------------------------------------------------------------- seasons and the GM */

static guint
season_index (const MkState *st, guint turn, guint *year)
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

static guint
moves_allowed (const MkState *st)
{
  return st->rs->seasons[season_index (st, MAX (st->turn, 1), NULL)].moves;
}

static const char *
season_name (const MkState *st)
{
  return _(st->rs->seasons[season_index (st, MAX (st->turn, 1), NULL)].name);
}

/* The leader who runs `turn`, or -1 when the GM is not one of the leaders ("outside"). */
static gint
gm_for_turn (const MkState *st, guint turn)
{
  guint year, s = season_index (st, turn, &year), k;

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
static json_object *
gm_json (const MkState *st)
{
  gint g = gm_for_turn (st, st->turn);
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

static gboolean
name_ok (const char *name, MgRulesError code, GError **error)
{
  if (code != MG_RULES_ERROR_BAD_STATE && name != NULL && *name != '\0' && !mg_rules_check_name (name, code, error))
    return FALSE;
  if (name == NULL || *name == '\0' || !g_utf8_validate (name, -1, NULL) ||
      strcmp (name, MG_SEAT_PUBLIC) == 0 || strcmp (name, MG_SEAT_ALL) == 0 || strcmp (name, "GM") == 0)
    {
      g_set_error (error, MG_RULES_ERROR, code, _("\"%s\" cannot name a leader (empty, reserved or GM)"),
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

  if (n < 2 || n > MK_MAX_LEADERS)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("MecaKnights needs 2 to %u leaders, not %u"), MK_MAX_LEADERS, n);
      return NULL;
    }
  if ((rs = mk_ruleset_new (ruleset, error)) == NULL)
    return NULL;
  st = state_alloc (rs);
  mk_ruleset_unref (rs);
  st->n_leaders = n;
  for (guint i = 0; i < n; i++)
    {
      if (!name_ok (players[i], MG_RULES_ERROR_BAD_ACTION, error))
        return NULL;
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

static json_object *
units_json (const guint *units)
{
  json_object *o = json_object_new_object ();
  for (guint u = 0; u < MK_N_UNITS; u++)
    json_object_object_add (o, mk_unit_ids[u], json_object_new_int64 (units[u]));
  return o;
}

static json_object *
choice_json (const MkState *st, const MkChoice *c)
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

static json_object *
mk_to_json (const MgState *state)
{
  const MkState *st = (const MkState *) state;
  json_object *o = json_object_new_object (), *a;
  guint year;
  guint s = season_index (st, st->turn, &year);

  json_object_object_add (o, "game", json_object_new_string ("mecaknights"));
  json_object_object_add (o, "started", json_object_new_boolean (st->started));
  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "year", json_object_new_int64 (year));
  json_object_object_add (o, "season", json_object_new_string (st->rs->seasons[s].name));
  json_object_object_add (o, "moves_allowed", json_object_new_int64 (st->rs->seasons[s].moves));
  json_object_object_add (o, "current", json_object_new_string (st->leaders[st->current].name));
  json_object_object_add (o, "phase", json_object_new_string (mk_phase_ids[st->phase]));
  json_object_object_add (o, "gm", gm_json (st));
  json_object_object_add (o, "gm_rotation", json_object_new_string (mk_gm_ids[st->gm_rotation]));
  json_object_object_add (o, "gm_first", json_object_new_string (st->leaders[st->gm_first].name));

  a = json_object_new_array ();
  for (guint i = 0; i < st->n_leaders; i++)
    {
      const MkLeader *l = &st->leaders[i];
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
      json_object_array_add (a, lo);
    }
  json_object_object_add (o, "leaders", a);

  a = json_object_new_array ();
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
  json_object_object_add (o, "relations", a);

  a = json_object_new_array ();
  for (guint i = 0; i < st->encounters->len; i++)
    {
      MkEncounter *e = g_ptr_array_index (st->encounters, i);
      json_object *eo = json_object_new_object ();
      json_object_object_add (eo, "turn", json_object_new_int64 (e->turn));
      json_object_object_add (eo, "land", json_object_new_string (e->land));
      json_object_object_add (eo, "a", json_object_new_string (e->a));
      json_object_object_add (eo, "b", json_object_new_string (e->b));
      json_object_object_add (eo, "status", json_object_new_string (e->status));
      json_object_array_add (a, eo);
    }
  json_object_object_add (o, "encounters", a);
  json_object_object_add (o, "map", mk_map_json (&st->map, LEADER_NAMES (st)));

  a = json_object_new_array ();
  for (guint i = 0; i < st->boats->len; i++)
    {
      MkBoat *b = g_ptr_array_index (st->boats, i);
      json_object *bo = json_object_new_object ();
      json_object_object_add (bo, "id", json_object_new_string (b->id));
      json_object_object_add (bo, "leader", json_object_new_string (st->leaders[b->leader].name));
      json_object_object_add (bo, "river", json_object_new_string (b->river));
      json_object_object_add (bo, "at", json_object_new_string (b->at));
      json_object_array_add (a, bo);
    }
  json_object_object_add (o, "boats", a);

  a = json_object_new_array ();
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *ar = g_ptr_array_index (st->armies, i);
      json_object *ao = json_object_new_object ();
      json_object_object_add (ao, "id", json_object_new_string (ar->id));
      json_object_object_add (ao, "leader", json_object_new_string (st->leaders[ar->leader].name));
      json_object_object_add (ao, "land", json_object_new_string (ar->land));
      json_object_object_add (ao, "afloat", json_object_new_boolean (ar->afloat));
      json_object_object_add (ao, "units", units_json (ar->units));
      json_object_object_add (ao, "moved", json_object_new_boolean (ar->moved));
      json_object_object_add (ao, "forced_walk", json_object_new_boolean (ar->forced));
      json_object_object_add (ao, "battle", ar->battle ? json_object_new_int64 (ar->battle) : NULL);
      json_object_array_add (a, ao);
    }
  json_object_object_add (o, "armies", a);

  a = json_object_new_array ();
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
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
      json_object_array_add (a, bo);
    }
  json_object_object_add (o, "battles", a);

  a = json_object_new_array ();
  for (guint i = 0; i < st->choices->len; i++)
    json_object_array_add (a, choice_json (st, g_ptr_array_index (st->choices, i)));
  json_object_object_add (o, "choices", a);
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
  *out = find_leader (st, name);
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
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_STATE, _("%s: \"%s\" is not on the map"), lp, land);
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
      !name_ok (name, MG_RULES_ERROR_BAD_STATE, error))
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
 * read (each entry must name a leader), no longer kept, as gm_for_turn () gives the same. */
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

static void encounter_put (MkState *st, MkEncounter *e);

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
  encounter_put (st, e);
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

/* ---------------------------------------------------------------- map geometry */

static MkBridge *
find_bridge (const MkState *st, const char *a, const char *b)
{
  for (guint i = 0; i < st->map.bridges->len; i++)
    {
      MkBridge *br = g_ptr_array_index (st->map.bridges, i);
      if ((strcmp (br->a, a) == 0 && strcmp (br->b, b) == 0) || (strcmp (br->a, b) == 0 && strcmp (br->b, a) == 0))
        return br;
    }
  return NULL;
}

/* The small river with a crossing a–b, or NULL. */
static MkRiver *
small_crossing (const MkState *st, const char *a, const char *b)
{
  for (guint i = 0; i < st->map.rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (st->map.rivers, i);
      if (!r->large && mk_river_links (r, a, b))
        return r;
    }
  return NULL;
}

/* On foot: an open border or a bridged crossing. */
static gboolean
walkable (const MkState *st, const char *a, const char *b)
{
  MkLand *l = mk_map_land (&st->map, a);
  if (l == NULL)
    return FALSE;
  return g_strv_contains ((const char * const *) l->adjacent, b) || find_bridge (st, a, b) != NULL;
}

static MkRiver *
find_river (const MkState *st, const char *name)
{
  for (guint i = 0; i < st->map.rivers->len; i++)
    if (strcmp (((MkRiver *) g_ptr_array_index (st->map.rivers, i))->name, name) == 0)
      return g_ptr_array_index (st->map.rivers, i);
  return NULL;
}

static gboolean
river_touches (const MkRiver *r, const char *node)
{
  for (guint k = 0; k < r->pairs->len; k++)
    if (strcmp (g_ptr_array_index (r->pairs, k), node) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
has_army (const MkState *st, gint leader, const char *land, gboolean others)
{
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (!a->afloat && strcmp (a->land, land) == 0 && (others ? a->leader != leader : a->leader == leader))
        return TRUE;
    }
  return FALSE;
}

static gboolean
lone_catapult (const MkArmy *a)
{
  return a->units[U_CATAPULT] > 0 && a->units[U_INFANTRY] == 0 && a->units[U_HEAVY] == 0;
}

static gboolean
all_cavalry (const MkArmy *a)
{
  return a->units[U_CAVALRY] > 0 && a->units[U_CAVALRY] == mk_army_size (a);
}

/* ---------------------------------------------------------------- actions: plumbing */

typedef struct {
  MkState     *st;
  json_object *a;        /* the action */
  json_object *events;
  GString     *text;
  gint         p;        /* acting leader, -1 for the GM */
} Ctx;

static gboolean
get_str (Ctx *c, const char *key, const char **out, GError **error)
{
  return mg_json_get_string (c->a, NULL, key, MK_ACTION_ERR, out, error);
}

static gboolean
opt_bool (Ctx *c, const char *key, gboolean *out, GError **error)
{
  *out = FALSE;
  return mg_json_opt_bool (c->a, NULL, key, MK_ACTION_ERR, out, error);
}

static gboolean
opt_count (Ctx *c, guint *out, GError **error)
{
  *out = 1;
  return mg_json_opt_uint (c->a, NULL, "count", MK_ACTION_ERR, 1, c->st->rs->max_units, out, error);
}

static gboolean
get_land (Ctx *c, const char *key, MkLand **out, GError **error)
{
  const char *name;
  if (!get_str (c, key, &name, error))
    return FALSE;
  *out = mk_map_land (&c->st->map, name);
  if (*out == NULL)
    return mg_rules_illegal (error, _("There is no land called \"%s\" on the map."), name);
  return TRUE;
}

static gboolean
get_leader_arg (Ctx *c, const char *key, gint *out, GError **error)
{
  const char *name;
  if (!get_str (c, key, &name, error))
    return FALSE;
  *out = find_leader (c->st, name);
  if (*out < 0)
    return mg_rules_illegal (error, _("There is no leader called \"%s\" in this campaign."), name);
  return TRUE;
}

/* The acting leader's own army. */
static gboolean
get_own_army (Ctx *c, const char *key, MkArmy **out, GError **error)
{
  const char *id;
  if (!get_str (c, key, &id, error))
    return FALSE;
  *out = mk_army_find (c->st, id);
  if (*out == NULL)
    return mg_rules_illegal (error, _("There is no army \"%s\"."), id);
  if ((*out)->leader != c->p)
    return mg_rules_illegal (error, _("%s belongs to %s, not %s."), id, c->st->leaders[(*out)->leader].name,
                             c->st->leaders[c->p].name);
  return TRUE;
}

static const char *
me (Ctx *c)
{
  return c->st->leaders[c->p].name;
}

/* Takes a cost from the acting leader, or refuses with what is missing. */
static gboolean
pay (Ctx *c, const MkPurse *cost, guint times, const char *what, GError **error)
{
  MkPurse *purse = &c->st->leaders[c->p].purse, total;
  json_object *e;

  total.gp = cost->gp * times;
  for (guint r = 0; r < MK_N_RES; r++)
    total.res[r] = cost->res[r] * times;
  if (purse->gp < total.gp || purse->res[0] < total.res[0] || purse->res[1] < total.res[1] ||
      purse->res[2] < total.res[2] || purse->res[3] < total.res[3])
    {
      g_autofree char *need = mk_purse_text (&total);
      MkPurse has = *purse;
      g_autofree char *have = NULL;
      has.gp = total.gp ? has.gp : 0;
      for (guint r = 0; r < MK_N_RES; r++)
        has.res[r] = total.res[r] ? has.res[r] : 0;
      have = mk_purse_text (&has);
      return mg_rules_illegal (error, _("%s cannot pay for %s: it costs %s; %s has %s."), me (c), what, need, me (c),
                               have);
    }
  purse->gp -= total.gp;
  for (guint r = 0; r < MK_N_RES; r++)
    purse->res[r] -= total.res[r];
  e = mg_event_new ("paid", NULL, NULL);
  json_object_object_add (e, "leader", json_object_new_string (me (c)));
  json_object_object_add (e, "for", json_object_new_string (what));
  json_object_object_add (e, "cost", mk_purse_json (&total, TRUE));
  json_object_array_add (c->events, e);
  {
    g_autofree char *t = mk_purse_text (&total);
    g_string_append_printf (c->text, ": %s", t);
  }
  return TRUE;
}

static void
gain (Ctx *c, gint leader, const MkPurse *p, const char *type, const char *land)
{
  MkPurse *purse = &c->st->leaders[leader].purse;
  json_object *e = mg_event_new (type, NULL, NULL);
  purse->gp += p->gp;
  for (guint r = 0; r < MK_N_RES; r++)
    purse->res[r] += p->res[r];
  json_object_object_add (e, "leader", json_object_new_string (c->st->leaders[leader].name));
  if (land)
    json_object_object_add (e, "land", json_object_new_string (land));
  json_object_object_add (e, "gain", mk_purse_json (p, TRUE));
  json_object_array_add (c->events, e);
}

/* The current leader, in one of the phases allowed (a later phase may close an earlier one). */
static gboolean
need_turn (Ctx *c, gboolean build, gboolean move, GError **error)
{
  MkState *st = c->st;
  if (!st->started)
    return mg_rules_illegal (error, _("The game has not started: the GM sends \"start\" after the setup."));
  if (c->p < 0)
    return mg_rules_illegal (error, _("This action needs a \"player\": the leader who acts."));
  if ((guint) c->p != st->current)
    return mg_rules_illegal (error, _("It is %s's turn, not %s's."), st->leaders[st->current].name, me (c));
  if (st->phase == PHASE_COLLECT)
    return mg_rules_illegal (error, _("%s collects taxes and resources first."), me (c));
  if (build && !move && st->phase == PHASE_MOVE)
    return mg_rules_illegal (error, _("%s has begun to organize and move; building and training are over this turn."), me (c));
  if (move)
    st->phase = PHASE_MOVE;
  return TRUE;
}

/* Keeps `e` as the latest encounter of its pair, dropping the one before: relations hold the
 * status, the journal's "encounter" events the history, so the state stays bounded. */
static void
encounter_put (MkState *st, MkEncounter *e)
{
  for (guint i = 0; i < st->encounters->len; i++)
    {
      MkEncounter *o = g_ptr_array_index (st->encounters, i);
      if ((g_strcmp0 (o->a, e->a) == 0 && g_strcmp0 (o->b, e->b) == 0) ||
          (g_strcmp0 (o->a, e->b) == 0 && g_strcmp0 (o->b, e->a) == 0))
        {
          g_ptr_array_remove_index (st->encounters, i);
          break;
        }
    }
  g_ptr_array_add (st->encounters, e);
}

static void
record_encounter (Ctx *c, gint other, const char *land, gboolean war)
{
  MkEncounter *e = g_new0 (MkEncounter, 1);
  json_object *ev = mg_event_new ("encounter", NULL, NULL);

  e->turn = c->st->turn;
  e->land = g_strdup (land);
  e->a = g_strdup (me (c));
  e->b = g_strdup (c->st->leaders[other].name);
  e->status = g_strdup (war ? "war" : "peace");
  encounter_put (c->st, e);
  c->st->relations[c->p][other] = c->st->relations[other][c->p] = war;
  json_object_object_add (ev, "land", json_object_new_string (land));
  json_object_object_add (ev, "a", json_object_new_string (e->a));
  json_object_object_add (ev, "b", json_object_new_string (e->b));
  json_object_object_add (ev, "status", json_object_new_string (e->status));
  json_object_array_add (c->events, ev);
  g_string_append_printf (c->text, war ? _(" %s and %s are at war.") : _(" %s and %s are at peace."), e->a, e->b);
}

static gboolean
check_army_limits (const MkState *st, const guint *units, const char *what, GError **error)
{
  guint n = mk_purse_units (units);
  if (n > st->rs->max_units)
    return mg_rules_illegal (error, _("%s would have %u units; an army has at most %u."), what, n, st->rs->max_units);
  if (units[U_ARCHER] > st->rs->max_archers)
    return mg_rules_illegal (error, _("%s would have %u archers; an army has at most %u."), what, units[U_ARCHER],
                             st->rs->max_archers);
  if (units[U_CATAPULT] > st->rs->max_catapults)
    return mg_rules_illegal (error, _("%s would have %u catapults; an army has at most %u."), what, units[U_CATAPULT],
                             st->rs->max_catapults);
  return TRUE;
}

static MkArmy *
new_army (MkState *st, gint leader, const char *land)
{
  MkArmy *a = g_new0 (MkArmy, 1);
  a->id = g_strdup_printf ("%s %u", st->leaders[leader].name, ++st->leaders[leader].armies_made);
  a->leader = leader;
  a->land = g_strdup (land);
  g_ptr_array_add (st->armies, a);
  return a;
}

/* ---------------------------------------------------------------- setup */

static gboolean
need_setup (Ctx *c, GError **error)
{
  if (c->st->started)
    return mg_rules_illegal (error, _("The game has started (turn %u); setup actions are over."), c->st->turn);
  return TRUE;
}

static void
sync_capitals (MkState *st)
{
  for (guint i = 0; i < st->n_leaders; i++)
    {
      g_clear_pointer (&st->leaders[i].capital, g_free);
      for (guint k = 0; k < st->map.lands->len; k++)
        {
          MkLand *l = g_ptr_array_index (st->map.lands, k);
          if (l->capital && l->owner == (gint) i && st->leaders[i].capital == NULL)
            st->leaders[i].capital = g_strdup (l->name);
        }
    }
}

static gboolean
act_import_map (Ctx *c, GError **error)
{
  MkMap map;
  if (!need_setup (c, error) ||
      !mk_map_parse (mg_json_member (c->a, "map"), "$.map", MK_ACTION_ERR, LEADER_NAMES (c->st), c->st->n_leaders,
                     &map, error))
    return FALSE;
  mk_map_clear (&c->st->map);
  c->st->map = map;
  sync_capitals (c->st);
  json_object_array_add (c->events, mg_event_new ("map_imported", NULL, NULL));
  g_string_append_printf (c->text, g_dngettext (GETTEXT_PACKAGE, "The GM imports a map of %u land.",
                                                "The GM imports a map of %u lands.", map.lands->len), map.lands->len);
  return TRUE;
}

/* Is `place` (a land, or a wave mark when afloat) on `map`? */
static gboolean
on_map (const MkMap *map, const char *place, gboolean afloat)
{
  return afloat ? mk_map_is_mark (map, place) : mk_map_land (map, place) != NULL;
}

/* The GM corrects the map after the start (a land's neighbours, a river, a new land), as a
 * recorded action. Whatever stands on the board must still be there: armies, boats, battles,
 * and each leader's capital, still its capital. */
static gboolean
act_correct_map (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkMap map;

  if (!st->started)
    return mg_rules_illegal (error, _("Before the start the GM imports the map."));
  if (!mk_map_parse (mg_json_member (c->a, "map"), "$.map", MK_ACTION_ERR, LEADER_NAMES (st), st->n_leaders, &map, error))
    return FALSE;
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (!on_map (&map, a->land, a->afloat))
        {
          mk_map_clear (&map);
          return mg_rules_illegal (error, _("%s stands on %s, which the corrected map leaves out."), a->id, a->land);
        }
    }
  for (guint i = 0; i < st->boats->len; i++)
    {
      MkBoat *b = g_ptr_array_index (st->boats, i);
      if (!on_map (&map, b->at, mk_map_land (&map, b->at) == NULL))
        {
          mk_map_clear (&map);
          return mg_rules_illegal (error, _("%s lies at %s, which the corrected map leaves out."), b->id, b->at);
        }
    }
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (mk_map_land (&map, b->land) == NULL)
        {
          mk_map_clear (&map);
          return mg_rules_illegal (error, _("Battle %u is fought on %s, which the corrected map leaves out."), b->id, b->land);
        }
    }
  for (guint i = 0; i < st->n_leaders; i++)
    {
      MkLand *cap = mk_map_land (&map, st->leaders[i].capital);
      if (cap == NULL || !cap->capital || cap->owner != (gint) i)
        {
          mk_map_clear (&map);
          return mg_rules_illegal (error, _("%s must stay %s's capital on the corrected map."), st->leaders[i].capital,
                                   st->leaders[i].name);
        }
    }
  mk_map_clear (&st->map);
  st->map = map;
  json_object_array_add (c->events, mg_event_new ("map_corrected", NULL, NULL));
  g_string_append_printf (c->text, g_dngettext (GETTEXT_PACKAGE, "The GM corrects the map (%u land).",
                                                "The GM corrects the map (%u lands).", map.lands->len), map.lands->len);
  return TRUE;
}

static void
place_capital (MkState *st, gint leader, MkLand *land)
{
  land->owner = leader;
  land->capital = TRUE;
  land->claim = -1;
  g_free (st->leaders[leader].capital);
  st->leaders[leader].capital = g_strdup (land->name);
}

static gboolean
act_set_leader (Ctx *c, GError **error)
{
  MkState *st = c->st;
  gint who;
  const char *colour;
  MkLand *land = NULL;

  if (!need_setup (c, error) || !get_leader_arg (c, "leader", &who, error) ||
      (mg_json_member (c->a, "colour") && !get_str (c, "colour", &colour, error)) ||
      (mg_json_member (c->a, "capital") && !get_land (c, "capital", &land, error)))
    return FALSE;
  if (land != NULL && land->owner >= 0 && land->owner != who)
    return mg_rules_illegal (error, _("%s belongs to %s; it cannot be %s's capital."), land->name,
                             st->leaders[land->owner].name, st->leaders[who].name);
  g_string_append_printf (c->text, _("%s is set up"), st->leaders[who].name);
  if (mg_json_member (c->a, "colour"))
    {
      g_free (st->leaders[who].colour);
      st->leaders[who].colour = g_strdup (colour);
      g_string_append_printf (c->text, _(": colour %s"), colour);
    }
  if (land != NULL)
    {
      MkLand *old = mk_map_land (&st->map, st->leaders[who].capital);
      if (old != NULL && old != land)
        {
          /* Only the flag moves: the starting city is given at "start" (place_capital does
           * not build), so the old land keeps what the map gave it and no village of nobody's. */
          old->capital = FALSE;
          old->owner = -1;
        }
      place_capital (st, who, land);
      g_string_append_printf (c->text, _(", capital %s"), land->name);
    }
  g_string_append_c (c->text, '.');
  json_object_array_add (c->events, mg_event_new ("leader_set", NULL, NULL));
  return TRUE;
}

/* A leader who joins after the campaign was created (the GM's action). Before the start it is
 * set up like the others; after it, it needs a free land as its capital and gets the start's
 * treasury, city and army there. It plays last in the turn order. */
static gboolean
act_add_leader (Ctx *c, GError **error)
{
  MkState *st = c->st;
  const char *name, *colour = NULL;
  MkLand *land = NULL;
  MkLeader *l;
  gint who;

  if (!get_str (c, "leader", &name, error) || !name_ok (name, MG_RULES_ERROR_BAD_ACTION, error) ||
      (mg_json_member (c->a, "colour") && !get_str (c, "colour", &colour, error)) ||
      (mg_json_member (c->a, "capital") && !get_land (c, "capital", &land, error)))
    return FALSE;
  if (find_leader (st, name) >= 0)
    return mg_rules_illegal (error, _("%s is already a leader of this campaign."), name);
  if (st->n_leaders == MK_MAX_LEADERS)
    return mg_rules_illegal (error, _("A campaign has at most %u leaders."), MK_MAX_LEADERS);
  if (st->started && land == NULL)
    return mg_rules_illegal (error, _("The game has started: %s needs a free land as its capital."), name);
  if (land != NULL && land->owner >= 0)
    return mg_rules_illegal (error, _("%s belongs to %s; it cannot be %s's capital."), land->name,
                             st->leaders[land->owner].name, name);
  for (guint i = 0; land != NULL && i < st->armies->len; i++)
    if (strcmp (((MkArmy *) g_ptr_array_index (st->armies, i))->land, land->name) == 0)
      return mg_rules_illegal (error, _("An army stands on %s; a new leader's capital must be free."), land->name);
  who = (gint) st->n_leaders++;
  l = &st->leaders[who];
  memset (l, 0, sizeof *l);
  l->name = g_strdup (name);
  l->colour = g_strdup (colour != NULL ? colour : st->rs->colours[who]);
  l->purse = st->rs->start_purse;
  for (guint i = 0; i < MK_MAX_LEADERS; i++)
    st->relations[who][i] = st->relations[i][who] = -1;
  if (land != NULL)
    place_capital (st, who, land);
  if (st->started)
    {
      if (land->city < st->rs->start_city)
        land->city = st->rs->start_city;
      if (mk_purse_units (st->rs->start_army) > 0)
        memcpy (new_army (st, who, land->name)->units, st->rs->start_army, sizeof st->rs->start_army);
    }
  json_object_array_add (c->events, mg_event_new ("leader_added", "leader", name));
  if (land != NULL)
    g_string_append_printf (c->text, _("%s joins the campaign, capital %s."), name, land->name);
  else
    g_string_append_printf (c->text, _("%s joins the campaign."), name);
  return TRUE;
}

static gboolean
act_set_gm (Ctx *c, GError **error)
{
  guint rot;
  gint first = c->st->gm_first;
  if (!need_setup (c, error) ||
      !mg_json_get_choice (c->a, NULL, "rotation", MK_ACTION_ERR, mk_gm_ids, &rot, error) ||
      (mg_json_member (c->a, "first") && !get_leader_arg (c, "first", &first, error)))
    return FALSE;
  c->st->gm_rotation = rot;
  c->st->gm_first = first;
  json_object_array_add (c->events, mg_event_new ("gm_set", NULL, NULL));
  if (rot == GM_SEASON)
    g_string_append_printf (c->text, _("%s runs the game first; the GM role passes to the next leader every season."),
                            c->st->leaders[first].name);
  else if (rot == GM_YEAR)
    g_string_append_printf (c->text, _("%s runs the game first; the GM role passes to the next leader every year."),
                            c->st->leaders[first].name);
  else if (rot == GM_FIXED)
    g_string_append_printf (c->text, _("%s runs the game throughout; the GM role does not pass."),
                            c->st->leaders[first].name);
  else
    g_string_append (c->text, _("The GM is not one of the leaders and runs the game throughout."));
  return TRUE;
}

static void
begin_leader_turn (MkState *st)
{
  MkLeader *l = &st->leaders[st->current];
  l->collected = l->bonus = FALSE;
  l->moves_used = 0;
  st->phase = PHASE_COLLECT;
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->leader != (gint) st->current)
        continue;
      a->moved = FALSE;
      if (!st->rs->forced_once_per_game)
        a->forced = FALSE;
    }
}

static gboolean
act_start (Ctx *c, GError **error)
{
  MkState *st = c->st;
  guint next_cap = 0;

  if (!need_setup (c, error))
    return FALSE;
  for (guint i = 0; i < st->n_leaders; i++)
    {
      MkLand *land = NULL;
      if (st->leaders[i].capital != NULL)
        continue;
      while (land == NULL && st->map.capitals[next_cap] != NULL)
        {
          MkLand *l = mk_map_land (&st->map, st->map.capitals[next_cap++]);
          if (l->owner < 0)
            land = l;
        }
      if (land == NULL)
        return mg_rules_illegal (error, _("%s has no capital and the map suggests no free land: "
                                          "give one with \"set_leader\"."), st->leaders[i].name);
      place_capital (st, i, land);
    }
  {
    g_autoptr(GString) where = g_string_new (NULL);

    for (guint i = 0; i < st->n_leaders; i++)
      {
        MkLand *capital = mk_map_land (&st->map, st->leaders[i].capital);
        /* The starting city comes with the start, so a capital moved in set-up leaves none behind. */
        if (capital->city < st->rs->start_city)
          capital->city = st->rs->start_city;
        if (mk_purse_units (st->rs->start_army) > 0)
          {
            MkArmy *a = new_army (st, i, st->leaders[i].capital);
            memcpy (a->units, st->rs->start_army, sizeof a->units);
          }
        if (i > 0)
          g_string_append (where, ", ");
        /* Translators: a leader and their capital, listed when the game starts ("Red in Redhold"). */
        g_string_append_printf (where, _("%s in %s"), st->leaders[i].name, st->leaders[i].capital);
      }
    /* Translators: %s lists each leader and their capital: "Red in Redhold, Blue in Bluecrest". */
    g_string_append_printf (c->text, _("The game starts: %s."), where->str);
  }
  st->started = TRUE;
  st->turn = 1;
  st->current = 0;
  begin_leader_turn (st);
  json_object_array_add (c->events, mg_event_new ("started", NULL, NULL));
  return TRUE;
}

/* ---------------------------------------------------------------- collect, build, train */

static gboolean
act_collect (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkPurse total = { 0 };
  json_object *from = json_object_new_array (), *e;
  g_autoptr(GString) lands = g_string_new (NULL);

  if (!st->started || c->p < 0 || (guint) c->p != st->current)
    {
      json_object_put (from);
      return need_turn (c, TRUE, FALSE, error) && FALSE;
    }
  if (st->phase != PHASE_COLLECT)
    {
      json_object_put (from);
      return mg_rules_illegal (error, _("%s has already collected this turn."), me (c));
    }
  /* A flag removed last turn is planted if the army is still there. */
  for (guint i = 0; i < st->map.lands->len; i++)
    {
      MkLand *l = g_ptr_array_index (st->map.lands, i);
      if (l->claim != c->p || l->claim_turn >= st->turn)
        continue;
      l->claim = -1;
      if (l->owner < 0 && has_army (st, c->p, l->name, FALSE))
        {
          json_object *ce = mg_event_new ("controlled", NULL, NULL);
          l->owner = c->p;
          json_object_object_add (ce, "leader", json_object_new_string (me (c)));
          json_object_object_add (ce, "land", json_object_new_string (l->name));
          json_object_array_add (c->events, ce);
          g_string_append_printf (c->text, _("%s takes control of %s. "), me (c), l->name);
        }
    }
  for (guint i = 0; i < st->map.lands->len; i++)
    {
      MkLand *l = g_ptr_array_index (st->map.lands, i);
      json_object *f;
      if (l->owner != c->p || l->city == CITY_NONE || (l->capital && !st->rs->capital_yields))
        continue;
      total.gp += st->rs->income_gp[l->city];
      total.res[l->resource] += st->rs->income_res[l->city];
      f = json_object_new_object ();
      json_object_object_add (f, "land", json_object_new_string (l->name));
      json_object_object_add (f, "city", json_object_new_string (mk_city_ids[l->city]));
      json_object_object_add (f, "gp", json_object_new_int64 (st->rs->income_gp[l->city]));
      json_object_object_add (f, mk_res_ids[l->resource], json_object_new_int64 (st->rs->income_res[l->city]));
      json_object_array_add (from, f);
      g_string_append_printf (lands, "%s%s %s", lands->len ? ", " : "", l->name, _(mk_city_ids[l->city]));
    }
  st->leaders[c->p].collected = TRUE;
  st->phase = PHASE_BUILD;
  gain (c, c->p, &total, "collected", NULL);
  e = json_object_array_get_idx (c->events, json_object_array_length (c->events) - 1);
  json_object_object_add (e, "from", from);
  if (lands->len)
    {
      g_autofree char *t = mk_purse_text (&total);
      g_string_append_printf (c->text, _("%s collects %s (%s)."), me (c), t, lands->str);
    }
  else
    g_string_append_printf (c->text, _("%s collects nothing: no inhabited land besides the capital."), me (c));
  return TRUE;
}

static gboolean
act_build (Ctx *c, GError **error)
{
  static const char * const whats[] = { "hamlet", "village", "town", "camp", "wood_wall", "stone_wall", NULL };
  static const char * const names[] = { N_("a hamlet"), N_("a village"), N_("a town"), N_("a camp"),
                                        N_("a wood wall"), N_("a stone wall") };
  MkLand *land;
  guint what;

  if (!need_turn (c, TRUE, FALSE, error) || !get_land (c, "land", &land, error) ||
      !mg_json_get_choice (c->a, NULL, "what", MK_ACTION_ERR, whats, &what, error))
    return FALSE;
  if (land->owner != c->p)
    return mg_rules_illegal (error, _("%s does not control %s; a leader builds only on lands under its flag."),
                             me (c), land->name);
  switch (what)
    {
    case COST_HAMLET:
    case COST_VILLAGE:
    case COST_TOWN:
      if (land->city != (MkCity) what)
        {
          static const char * const needs[] = { N_("Hamlet needs an empty land"), N_("Village needs a hamlet"),
                                                N_("Town needs a village") };
          static const char * const has[] = { N_("%s is empty"), N_("%s has a hamlet"), N_("%s has a village"),
                                              N_("%s has a town") };
          g_autofree char *h = g_strdup_printf (_(has[land->city]), land->name);
          return mg_rules_illegal (error, _("%s on %s; %s."), _(needs[what]), land->name, h);
        }
      break;
    case COST_CAMP:
      if (land->capital)
        return mg_rules_illegal (error, _("%s is a capital: it already has its own camp."), land->name);
      if (land->camp)
        return mg_rules_illegal (error, _("%s already has a camp."), land->name);
      break;
    case COST_WOOD_WALL:
    case COST_STONE_WALL:
      if (land->city == CITY_NONE)
        return mg_rules_illegal (error, _("Walls stand around a hamlet, village or town; %s is empty."), land->name);
      if (land->wall == WALL_STONE)
        return mg_rules_illegal (error, _("%s already has a stone wall."), land->name);
      if (what == COST_WOOD_WALL && land->wall == WALL_WOOD)
        return mg_rules_illegal (error, _("%s already has a wood wall."), land->name);
      break;
    }
  g_string_append_printf (c->text, _("%s builds %s on %s"), me (c), _(names[what]), land->name);
  if (!pay (c, &c->st->rs->costs[what], 1, mk_cost_ids[what], error))
    return FALSE;
  g_string_append_c (c->text, '.');
  if (what <= COST_TOWN)
    land->city = what + 1;
  else if (what == COST_CAMP)
    land->camp = TRUE;
  else
    land->wall = what == COST_WOOD_WALL ? WALL_WOOD : WALL_STONE;
  {
    json_object *e = mg_event_new ("built", NULL, NULL);
    json_object_object_add (e, "leader", json_object_new_string (me (c)));
    json_object_object_add (e, "land", json_object_new_string (land->name));
    json_object_object_add (e, "what", json_object_new_string (whats[what]));
    json_object_array_add (c->events, e);
  }
  return TRUE;
}

static gboolean
act_bridge (Ctx *c, gboolean destroy, GError **error)
{
  MkLand *land, *to;
  MkRiver *r;
  MkBridge *br;

  if (!need_turn (c, TRUE, FALSE, error) || !get_land (c, "land", &land, error) || !get_land (c, "to", &to, error))
    return FALSE;
  r = small_crossing (c->st, land->name, to->name);
  if (r == NULL)
    return mg_rules_illegal (error, _("No small river runs between %s and %s to bridge."), land->name, to->name);
  if (!has_army (c->st, c->p, land->name, FALSE))
    return mg_rules_illegal (error, destroy ? _("%s needs an army on %s to destroy the bridge.")
                                            : _("%s needs an army on %s to build a bridge."), me (c), land->name);
  br = find_bridge (c->st, land->name, to->name);
  if (!destroy)
    {
      if (br != NULL)
        return mg_rules_illegal (error, _("A bridge already crosses %s between %s and %s."), r->name, land->name, to->name);
      g_string_append_printf (c->text, _("%s builds a bridge over %s from %s to %s"), me (c), r->name, land->name,
                              to->name);
      if (!pay (c, &c->st->rs->costs[COST_BRIDGE], 1, "bridge", error))
        return FALSE;
      br = g_new0 (MkBridge, 1);
      br->river = g_strdup (r->name);
      br->a = g_strdup (land->name);
      br->b = g_strdup (to->name);
      br->by = c->p;
      g_ptr_array_add (c->st->map.bridges, br);
    }
  else
    {
      if (br == NULL)
        return mg_rules_illegal (error, _("There is no bridge between %s and %s."), land->name, to->name);
      if (has_army (c->st, c->p, land->name, TRUE))
        return mg_rules_illegal (error, _("An enemy army stands on %s; the bridge cannot be destroyed."), land->name);
      g_string_append_printf (c->text, _("%s destroys the bridge over %s between %s and %s"), me (c), r->name,
                              land->name, to->name);
      g_ptr_array_remove (c->st->map.bridges, br);
    }
  g_string_append_c (c->text, '.');
  json_object *e = mg_event_new (destroy ? "bridge_destroyed" : "bridge_built", NULL, NULL);
  json_object_object_add (e, "a", json_object_new_string (land->name));
  json_object_object_add (e, "b", json_object_new_string (to->name));
  json_object_array_add (c->events, e);
  return TRUE;
}

static gboolean
act_build_boat (Ctx *c, GError **error)
{
  MkLand *land;
  const char *rname;
  MkRiver *r;
  MkBoat *b;

  if (!need_turn (c, TRUE, FALSE, error) || !get_land (c, "land", &land, error) || !get_str (c, "river", &rname, error))
    return FALSE;
  r = find_river (c->st, rname);
  if (r == NULL || !r->large)
    return mg_rules_illegal (error, _("There is no large river called \"%s\"."), rname);
  if (!river_touches (r, land->name))
    return mg_rules_illegal (error, _("%s is not on the shore of %s."), land->name, r->name);
  if (!has_army (c->st, c->p, land->name, FALSE))
    return mg_rules_illegal (error, _("%s needs an army on %s to build a boat."), me (c), land->name);
  g_string_append_printf (c->text, _("%s builds a boat on %s at %s"), me (c), r->name, land->name);
  if (!pay (c, &c->st->rs->costs[COST_BOAT], 1, "boat", error))
    return FALSE;
  g_string_append_c (c->text, '.');
  b = g_new0 (MkBoat, 1);
  /* An id that actions name ("boat"), so the same in every language, like armies' "Red 1". */
  b->id = g_strdup_printf ("%s boat %u", me (c), ++c->st->leaders[c->p].boats_made);
  b->river = g_strdup (r->name);
  b->at = g_strdup (land->name);
  b->leader = c->p;
  g_ptr_array_add (c->st->boats, b);
  json_object *e = mg_event_new ("boat_built", NULL, NULL);
  json_object_object_add (e, "boat", json_object_new_string (b->id));
  json_object_array_add (c->events, e);
  return TRUE;
}

static MkBoat *
find_boat (const MkState *st, const char *id)
{
  for (guint i = 0; i < st->boats->len; i++)
    if (strcmp (((MkBoat *) g_ptr_array_index (st->boats, i))->id, id) == 0)
      return g_ptr_array_index (st->boats, i);
  return NULL;
}

static gboolean
act_destroy_boat (Ctx *c, GError **error)
{
  const char *id;
  MkBoat *b;

  if (!need_turn (c, TRUE, FALSE, error) || !get_str (c, "boat", &id, error))
    return FALSE;
  if ((b = find_boat (c->st, id)) == NULL)
    return mg_rules_illegal (error, _("There is no boat \"%s\"."), id);
  if (mk_map_land (&c->st->map, b->at) == NULL || !has_army (c->st, c->p, b->at, FALSE))
    return mg_rules_illegal (error, _("%s needs an army where %s lies (%s) to destroy it."), me (c), id, b->at);
  if (has_army (c->st, c->p, b->at, TRUE))
    return mg_rules_illegal (error, _("An enemy army stands on %s; the boat cannot be destroyed."), b->at);
  g_string_append_printf (c->text, _("%s destroys %s on %s."), me (c), id, b->at);
  json_object *e = mg_event_new ("boat_destroyed", NULL, NULL);
  json_object_object_add (e, "boat", json_object_new_string (id));
  json_object_array_add (c->events, e);
  g_ptr_array_remove (c->st->boats, b);
  return TRUE;
}

static gboolean
act_train (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkLand *land;
  guint unit, count, units[MK_N_UNITS] = { 0 };
  MkArmy *army = NULL;
  g_autofree char *what = NULL;

  if (!need_turn (c, TRUE, FALSE, error) || !get_land (c, "land", &land, error) ||
      !mg_json_get_choice (c->a, NULL, "unit", MK_ACTION_ERR, mk_unit_ids, &unit, error) ||
      !opt_count (c, &count, error) ||
      (mg_json_member (c->a, "army") && !get_own_army (c, "army", &army, error)))
    return FALSE;
  if (land->owner != c->p)
    return mg_rules_illegal (error, _("%s does not control %s."), me (c), land->name);
  if (!land->camp && !(land->capital && g_strcmp0 (st->leaders[c->p].capital, land->name) == 0))
    return mg_rules_illegal (error, _("Units are trained at a camp or the capital; %s has neither."), land->name);
  if (army != NULL)
    {
      if (army->afloat || strcmp (army->land, land->name) != 0)
        return mg_rules_illegal (error, _("%s is not on %s."), army->id, land->name);
      if (army->battle)
        return mg_rules_illegal (error, _("%s is in a battle."), army->id);
      memcpy (units, army->units, sizeof units);
    }
  units[unit] += count;
  if (!check_army_limits (st, units, army ? army->id : _("The new army"), error))
    return FALSE;
  what = mk_unit_count (unit, count);
  g_string_append_printf (c->text, _("%s trains %s on %s"), me (c), what, land->name);
  if (!pay (c, &st->rs->units[unit], count, mk_unit_ids[unit], error))
    return FALSE;
  if (army == NULL)
    army = new_army (st, c->p, land->name);
  army->units[unit] += count;
  g_string_append_printf (c->text, _(" (%s)."), army->id);
  {
    json_object *e = mg_event_new ("trained", NULL, NULL);
    json_object_object_add (e, "army", json_object_new_string (army->id));
    json_object_object_add (e, "unit", json_object_new_string (mk_unit_ids[unit]));
    json_object_object_add (e, "count", json_object_new_int64 (count));
    json_object_array_add (c->events, e);
  }
  return TRUE;
}

static gboolean
act_upgrade (Ctx *c, GError **error)
{
  MkArmy *army;
  guint count;

  if (!need_turn (c, TRUE, FALSE, error) || !get_own_army (c, "army", &army, error) || !opt_count (c, &count, error))
    return FALSE;
  if (army->units[U_INFANTRY] < count)
    return mg_rules_illegal (error, _("%s has %u infantry to upgrade, not %u."), army->id, army->units[U_INFANTRY], count);
  g_string_append_printf (c->text, _("%s upgrades %u infantry of %s to heavy infantry"), me (c), count, army->id);
  if (!pay (c, &c->st->rs->costs[COST_UPGRADE], count, "upgrade", error))
    return FALSE;
  g_string_append_c (c->text, '.');
  army->units[U_INFANTRY] -= count;
  army->units[U_HEAVY] += count;
  json_object *e = mg_event_new ("upgraded", NULL, NULL);
  json_object_object_add (e, "army", json_object_new_string (army->id));
  json_object_object_add (e, "count", json_object_new_int64 (count));
  json_object_array_add (c->events, e);
  return TRUE;
}

/* ---------------------------------------------------------------- organize, move, fight */

static gboolean
act_organize (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkLand *land;
  json_object *list;
  guint before[MK_N_UNITS] = { 0 }, after[MK_N_UNITS] = { 0 };
  g_autoptr(GPtrArray) mine = g_ptr_array_new ();
  g_autofree guint (*wanted)[MK_N_UNITS] = NULL;
  g_autofree MkArmy **keep = NULL;
  gsize n;

  if (!need_turn (c, TRUE, TRUE, error) || !get_land (c, "land", &land, error) ||
      (list = mg_json_get_array (c->a, NULL, "armies", MK_ACTION_ERR, 1, 100, error)) == NULL)
    return FALSE;
  if (st->leaders[c->p].moves_used > 0)
    return mg_rules_illegal (error, _("%s has already moved an army this turn; armies are organized before moving."), me (c));
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->leader != c->p || a->afloat || strcmp (a->land, land->name) != 0)
        continue;
      if (a->battle)
        return mg_rules_illegal (error, _("%s is in a battle; it cannot be reorganized."), a->id);
      g_ptr_array_add (mine, a);
      for (guint u = 0; u < MK_N_UNITS; u++)
        before[u] += a->units[u];
    }
  if (mine->len == 0)
    return mg_rules_illegal (error, _("%s has no army on %s."), me (c), land->name);
  n = json_object_array_length (list);
  wanted = g_malloc0_n (n, sizeof *wanted);
  keep = g_new0 (MkArmy *, n);
  for (guint i = 0; i < n; i++)
    {
      static const char * const known[] = { "id", "infantry", "heavy_infantry", "archer", "catapult", "cavalry", NULL };
      json_object *o = json_object_array_get_idx (list, i);
      g_autofree char *p = mg_json_path_index ("armies", i);
      g_autofree char *label = NULL;
      const char *id;
      if (!mg_json_object (o, p, MK_ACTION_ERR, error) || !mg_json_only (o, p, MK_ACTION_ERR, known, error))
        return FALSE;
      if (mg_json_member (o, "id"))
        {
          if (!mg_json_get_string (o, p, "id", MK_ACTION_ERR, &id, error))
            return FALSE;
          keep[i] = mk_army_find (st, id);
          if (keep[i] == NULL || !g_ptr_array_find (mine, keep[i], NULL))
            return mg_rules_illegal (error, _("%s has no army \"%s\" on %s."), me (c), id, land->name);
          for (guint j = 0; j < i; j++)
            if (keep[j] == keep[i])
              return mg_rules_illegal (error, _("%s is listed twice."), id);
        }
      for (guint u = 0; u < MK_N_UNITS; u++)
        if (mg_json_member (o, mk_unit_ids[u]) &&
            !mg_json_get_uint (o, p, mk_unit_ids[u], MK_ACTION_ERR, 0, 100, &wanted[i][u], error))
          return FALSE;
      label = keep[i] ? g_strdup (keep[i]->id) : g_strdup_printf (_("New army %u"), i + 1);
      if (mk_purse_units (wanted[i]) == 0)
        return mg_rules_illegal (error, _("%s would have no units; an army has 1 to %u."), label, st->rs->max_units);
      if (!check_army_limits (st, wanted[i], label, error))
        return FALSE;
      for (guint u = 0; u < MK_N_UNITS; u++)
        after[u] += wanted[i][u];
    }
  for (guint u = 0; u < MK_N_UNITS; u++)
    if (before[u] != after[u])
      {
        g_autofree char *had = mk_unit_count (u, before[u]);
        /* Translators: "Red has 3 infantry on Fenmoor, but the new armies hold 2." */
        return mg_rules_illegal (error, _("%s has %s on %s, but the new armies hold %u."), me (c), had,
                                 land->name, after[u]);
      }
  /* Armies not listed are merged away. */
  for (guint i = 0; i < mine->len; i++)
    {
      MkArmy *a = g_ptr_array_index (mine, i);
      gboolean kept = FALSE;
      for (guint j = 0; j < n; j++)
        kept |= keep[j] == a;
      if (!kept)
        {
          json_object *e = mg_event_new ("army_merged", NULL, NULL);
          json_object_object_add (e, "army", json_object_new_string (a->id));
          json_object_array_add (c->events, e);
          g_ptr_array_remove (st->armies, a);
        }
    }
  g_string_append_printf (c->text, _("%s organizes its armies on %s:"), me (c), land->name);
  for (guint i = 0; i < n; i++)
    {
      MkArmy *a = keep[i] ? keep[i] : new_army (st, c->p, land->name);
      g_autofree char *t = NULL;
      memcpy (a->units, wanted[i], sizeof a->units);
      t = mk_units_text (a->units);
      g_string_append_printf (c->text, "%s %s (%s)", i ? "," : "", a->id, t);
    }
  g_string_append_c (c->text, '.');
  json_object_array_add (c->events, mg_event_new ("organized", NULL, NULL));
  return TRUE;
}

/* Rulebook 3.b: "if the land of arrival is neutral, you now control it (put your flag on the land)". */
static void
plant_flag (Ctx *c, MkLand *land)
{
  json_object *e = mg_event_new ("controlled", NULL, NULL);
  land->owner = c->p;
  land->claim = -1;
  json_object_object_add (e, "leader", json_object_new_string (me (c)));
  json_object_object_add (e, "land", json_object_new_string (land->name));
  json_object_array_add (c->events, e);
  g_string_append_printf (c->text, _(" %s plants its flag on %s."), me (c), land->name);
}

/* Rulebook 3.b, war on a land without the owner's army: "decide to take control; if so, remove
 * its flag. On the next turn, if the army remains in this land, you will take control of it"
 * (settled at the claimer's next collect). */
/* The rulebook never lets a capital change hands (it is where a leader's units are always
 * deployed), so its flag stays: a refusal, not a capital without an owner. */
static gboolean
capital_kept (const MkLand *land, const MkState *st, GError **error)
{
  return mg_rules_illegal (error, _("%s is %s's capital: its flag cannot be removed."), land->name,
                           st->leaders[land->owner].name);
}

static void
remove_flag (Ctx *c, MkLand *land)
{
  json_object *e = mg_event_new ("flag_removed", NULL, NULL);
  gint owner = land->owner;
  land->owner = -1;
  land->claim = c->p;
  land->claim_turn = c->st->turn;
  json_object_object_add (e, "leader", json_object_new_string (me (c)));
  json_object_object_add (e, "land", json_object_new_string (land->name));
  json_object_array_add (c->events, e);
  g_string_append_printf (c->text, _(" %s removes %s's flag from %s; it takes control next turn if still there."),
                          me (c), c->st->leaders[owner].name, land->name);
}

/* What the army does on arriving at `dest` (its land is already dest). */
static gboolean
arrive (Ctx *c, MkArmy *army, MkLand *dest, GError **error)
{
  MkState *st = c->st;
  const char *stance_s = NULL;
  gboolean plunder, claim, war = FALSE;
  gint enemy = -1;
  guint n_others = 0;

  if (!opt_bool (c, "plunder", &plunder, error) || !opt_bool (c, "claim", &claim, error))
    return FALSE;
  if (mg_json_member (c->a, "stance"))
    {
      static const char * const stances[] = { "peace", "war", NULL };
      guint s;
      if (!mg_json_get_choice (c->a, NULL, "stance", MK_ACTION_ERR, stances, &s, error))
        return FALSE;
      stance_s = stances[s];
      war = s == 1;
    }
  if (plunder && claim)
    return mg_rules_illegal (error, _("An army either plunders or takes control, not both."));
  for (guint i = 0; i < st->n_leaders; i++)
    if ((gint) i != c->p && has_army (st, i, dest->name, FALSE))
      {
        n_others++;
        enemy = i;
      }
  if (n_others > 0)
    {
      if (stance_s == NULL)
        return mg_rules_illegal (error, _("%s meets %s's army on %s: say whether it is peace or war."),
                                 army->id, st->leaders[enemy].name, dest->name);
      if (plunder || claim)
        return mg_rules_illegal (error, _("Another leader's army stands on %s: no plunder and no flag taken."), dest->name);
      if (war && n_others > 1)
        return mg_rules_illegal (error, _("Armies of several leaders stand on %s; a battle is fought against one leader at a time."),
                                 dest->name);
      if (war && mk_battle_on (st, dest->name) != NULL)
        return mg_rules_illegal (error, _("A battle is already going on at %s."), dest->name);
      for (guint i = 0; i < st->n_leaders; i++)
        if ((gint) i != c->p && has_army (st, i, dest->name, FALSE))
          record_encounter (c, i, dest->name, war);
      if (war)
        mk_battle_start (st, dest->name, c->p, enemy, c->events, c->text);
      return TRUE;
    }
  if (dest->owner == c->p)
    {
      if (plunder || claim)
        return mg_rules_illegal (error, _("%s is %s's own land."), dest->name, me (c));
      return TRUE;
    }
  if (dest->owner < 0)
    {
      if (claim)
        return mg_rules_illegal (error, _("%s has no flag to remove; arriving there takes control of it."), dest->name);
      if (!plunder)
        {
          plant_flag (c, dest);
          return TRUE;
        }
    }
  else
    {
      gint owner = dest->owner;
      if (stance_s == NULL)
        return mg_rules_illegal (error, _("%s belongs to %s: say whether it is peace or war."), dest->name,
                                 st->leaders[owner].name);
      if (!war && (plunder || claim))
        return mg_rules_illegal (error, _("At peace, %s's army only stays on %s."), me (c), dest->name);
      if (claim && dest->capital)
        return capital_kept (dest, c->st, error);
      record_encounter (c, owner, dest->name, war);
      if (claim)
        remove_flag (c, dest);
      if (!plunder)
        return TRUE;
    }
  /* Plunder: everything lying on the land. */
  {
    MkPurse took = { 0 };
    g_autofree char *t = NULL;
    for (guint r = 0; r < MK_N_RES; r++)
      {
        took.res[r] = dest->lying[r];
        dest->lying[r] = 0;
      }
    gain (c, c->p, &took, "plundered", dest->name);
    t = mk_purse_text (&took);
    g_string_append_printf (c->text, _(" %s plunders %s: %s."), me (c), dest->name, t);
  }
  return TRUE;
}

static gboolean
can_move (Ctx *c, MkArmy *army, GError **error)
{
  MkState *st = c->st;
  guint allowed = moves_allowed (st);

  if (army->moved)
    return mg_rules_illegal (error, _("%s has already moved (or fired) this turn."), army->id);
  if (army->battle && mk_battle_find (st, army->battle)->step != STEP_CONTINUES)
    return mg_rules_illegal (error, _("%s is in a battle."), army->id);
  if (st->leaders[c->p].moves_used >= allowed)
    return mg_rules_illegal (error, g_dngettext (GETTEXT_PACKAGE, "In %s %s may move only %u army a turn, and has moved it.",
                                                 "In %s %s may move only %u armies a turn, and has moved them.", allowed),
                             season_name (st), me (c), allowed);
  return TRUE;
}

/* An army already standing on a land takes control of it, as it would on arriving: a neutral
 * land gets its flag now; another leader's land (none of its armies there, war) loses its flag
 * and is taken at the next collect if the army is still there. The text only speaks of arrival;
 * this covers the army that won a battle there or stands on a land left neutral. */
static gboolean
act_take_control (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army;
  MkLand *land;
  gboolean war = FALSE;

  if (!need_turn (c, TRUE, TRUE, error) || !get_own_army (c, "army", &army, error))
    return FALSE;
  if (mg_json_member (c->a, "stance"))
    {
      static const char * const stances[] = { "peace", "war", NULL };
      guint s;
      if (!mg_json_get_choice (c->a, NULL, "stance", MK_ACTION_ERR, stances, &s, error))
        return FALSE;
      war = s == 1;
    }
  if (army->afloat || (land = mk_map_land (&st->map, army->land)) == NULL)
    return mg_rules_illegal (error, _("%s is on a boat: it takes control of a land it stands on."), army->id);
  if (lone_catapult (army))
    return mg_rules_illegal (error, _("%s is a catapult without infantry: it stays until infantry joins."), army->id);
  if (land->owner == c->p)
    return mg_rules_illegal (error, _("%s is already %s's land."), land->name, me (c));
  for (guint i = 0; i < st->n_leaders; i++)
    if ((gint) i != c->p && has_army (st, i, land->name, FALSE))
      return mg_rules_illegal (error, _("%s's army stands on %s: no flag is taken while it is there."), st->leaders[i].name,
                               land->name);
  if (land->owner < 0 && land->claim == c->p)
    return mg_rules_illegal (error, _("%s has already removed the flag from %s; it takes control at its next collect if still there."),
                             me (c), land->name);
  if (land->owner >= 0 && !war)
    return mg_rules_illegal (error, _("%s belongs to %s: only at war is its flag removed."), land->name,
                             st->leaders[land->owner].name);
  if (land->owner >= 0 && land->capital)
    return capital_kept (land, st, error);
  if (st->rs->control_counts_as_move)
    {
      if (!can_move (c, army, error))
        return FALSE;
      army->moved = TRUE;
      st->leaders[c->p].moves_used++;
    }
  g_string_append_printf (c->text, _("%s's %s takes control of %s."), me (c), army->id, land->name);
  if (land->owner < 0)
    plant_flag (c, land);
  else
    {
      record_encounter (c, land->owner, land->name, TRUE);
      remove_flag (c, land);
    }
  return TRUE;
}

static void
leave_battle (Ctx *c, MkArmy *army)
{
  if (army->battle)
    {
      army->battle = 0;
      mk_battles_tidy (c->st, c->events, c->text);
    }
}

static gboolean
act_move (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army;
  json_object *path;
  gboolean forced;
  guint base, max;
  gsize n;
  const char *from;
  MkLand *dest = NULL;

  if (!need_turn (c, TRUE, TRUE, error) || !get_own_army (c, "army", &army, error) ||
      !opt_bool (c, "forced_walk", &forced, error) ||
      (path = mg_json_get_array (c->a, NULL, "path", MK_ACTION_ERR, 1, 20, error)) == NULL ||
      !can_move (c, army, error))
    return FALSE;
  if (army->afloat)
    return mg_rules_illegal (error, _("%s is on a boat at %s; it moves by sailing."), army->id, army->land);
  if (lone_catapult (army))
    return mg_rules_illegal (error, _("%s is a catapult without infantry: it stays until infantry joins."), army->id);
  base = all_cavalry (army) ? st->rs->cavalry_lands : st->rs->move_lands;
  max = base + (forced ? st->rs->forced_extra : 0);
  n = json_object_array_length (path);
  if (n > max)
    /* Translators: the plural follows the first number (lands an army may move without a
     * forced walk); the second is the same with a forced walk, the third the path's length. */
    return mg_rules_illegal (error, g_dngettext (GETTEXT_PACKAGE, "%s may move %u land, %u with a forced walk; the path has %u.",
                                                "%s may move %u lands, %u with a forced walk; the path has %u.", base),
                             army->id, base, base + st->rs->forced_extra, (guint) n);
  if (forced && n <= base)
    return mg_rules_illegal (error, _("%s reaches there without a forced walk."), army->id);
  if (forced && army->forced)
    return mg_rules_illegal (error, _("%s has already made its forced walk."), army->id);
  from = army->land;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = mg_json_path_index ("path", i);
      const char *name;
      MkRiver *r;
      if (!mg_json_string (json_object_array_get_idx (path, i), p, MK_ACTION_ERR, &name, error))
        return FALSE;
      dest = mk_map_land (&st->map, name);
      if (dest == NULL)
        return mg_rules_illegal (error, _("There is no land called \"%s\" on the map."), name);
      if (!walkable (st, from, name))
        {
          if ((r = small_crossing (st, from, name)) != NULL)
            return mg_rules_illegal (error, _("%s cannot cross %s from %s to %s: there is no bridge."), army->id, r->name,
                                     from, name);
          return mg_rules_illegal (error, _("%s is not adjacent to %s."), name, from);
        }
      if (i + 1 < n)
        for (guint l = 0; l < st->n_leaders; l++)
          if ((gint) l != c->p && has_army (st, l, name, FALSE))
            return mg_rules_illegal (error, _("%s cannot pass through %s: %s's army is there."), army->id, name,
                                     st->leaders[l].name);
      from = name;
    }
  g_string_append_printf (c->text, _("%s moves %s from %s to %s"), me (c), army->id, army->land, dest->name);
  if (forced)
    {
      MkPurse food = { 0 };
      food.res[RES_FOOD] = st->rs->forced_food;
      g_string_append (c->text, _(" by a forced walk"));
      if (!pay (c, &food, mk_army_size (army), "forced_walk", error))
        return FALSE;
      army->forced = TRUE;
    }
  g_string_append_c (c->text, '.');
  {
    json_object *e = mg_event_new ("moved", NULL, NULL);
    json_object_object_add (e, "army", json_object_new_string (army->id));
    json_object_object_add (e, "from", json_object_new_string (army->land));
    json_object_object_add (e, "to", json_object_new_string (dest->name));
    json_object_object_add (e, "forced_walk", json_object_new_boolean (forced));
    json_object_array_add (c->events, e);
  }
  leave_battle (c, army);
  g_free (army->land);
  army->land = g_strdup (dest->name);
  army->moved = TRUE;
  st->leaders[c->p].moves_used++;
  return arrive (c, army, dest, error);
}

static MkBoat *
own_boat_at (const MkState *st, gint leader, const char *at)
{
  for (guint i = 0; i < st->boats->len; i++)
    {
      MkBoat *b = g_ptr_array_index (st->boats, i);
      if (b->leader == leader && strcmp (b->at, at) == 0)
        return b;
    }
  return NULL;
}

static gboolean
act_navigate (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army;
  MkBoat *boat;
  MkRiver *r;
  json_object *path;
  const char *from, *name = NULL;
  gsize n;

  if (!need_turn (c, TRUE, TRUE, error) || !get_own_army (c, "army", &army, error) ||
      (path = mg_json_get_array (c->a, NULL, "path", MK_ACTION_ERR, 1, 20, error)) == NULL ||
      !can_move (c, army, error))
    return FALSE;
  if ((boat = own_boat_at (st, c->p, army->land)) == NULL)
    return mg_rules_illegal (error, _("%s has no boat at %s for %s to board."), me (c), army->land, army->id);
  r = find_river (st, boat->river);
  n = json_object_array_length (path);
  if (n > st->rs->navigation_steps)
    return mg_rules_illegal (error, g_dngettext (GETTEXT_PACKAGE, "A boat moves %u step a turn; the path has %u.",
                                                "A boat moves %u steps a turn; the path has %u.", st->rs->navigation_steps),
                             st->rs->navigation_steps, (guint) n);
  from = army->land;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = mg_json_path_index ("path", i);
      if (!mg_json_string (json_object_array_get_idx (path, i), p, MK_ACTION_ERR, &name, error))
        return FALSE;
      if (!mk_river_links (r, from, name))
        return mg_rules_illegal (error, _("On %s a boat cannot go from %s to %s in one move."), r->name, from, name);
      from = name;
    }
  g_string_append_printf (c->text, _("%s sails %s with %s from %s to %s."), me (c), army->id, boat->id, army->land, name);
  {
    json_object *e = mg_event_new ("navigated", NULL, NULL);
    json_object_object_add (e, "army", json_object_new_string (army->id));
    json_object_object_add (e, "boat", json_object_new_string (boat->id));
    json_object_object_add (e, "from", json_object_new_string (army->land));
    json_object_object_add (e, "to", json_object_new_string (name));
    json_object_array_add (c->events, e);
  }
  leave_battle (c, army);
  g_free (army->land);
  army->land = g_strdup (name);
  g_free (boat->at);
  boat->at = g_strdup (name);
  army->moved = TRUE;
  st->leaders[c->p].moves_used++;
  army->afloat = mk_map_land (&st->map, name) == NULL;
  if (army->afloat)
    return TRUE;
  return arrive (c, army, mk_map_land (&st->map, name), error);
}

static gboolean
act_fire (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army, *target;
  const char *tid;

  if (!need_turn (c, TRUE, TRUE, error) || !get_own_army (c, "army", &army, error) ||
      !get_str (c, "target", &tid, error) || !can_move (c, army, error))
    return FALSE;
  if (army->units[U_CATAPULT] == 0)
    return mg_rules_illegal (error, _("%s has no catapult."), army->id);
  if (lone_catapult (army))
    return mg_rules_illegal (error, _("The catapult of %s needs infantry or heavy infantry to fire."), army->id);
  if ((target = mk_army_find (st, tid)) == NULL)
    return mg_rules_illegal (error, _("There is no army \"%s\"."), tid);
  if (target->leader == c->p)
    return mg_rules_illegal (error, _("%s is %s's own army."), tid, me (c));
  if (army->afloat || target->afloat || !walkable (st, army->land, target->land))
    return mg_rules_illegal (error, _("%s is not on a land adjacent to %s."), tid, army->id);
  g_string_append_printf (c->text, _("%s fires the catapult of %s at %s on %s."), me (c), army->id, tid, target->land);
  record_encounter (c, target->leader, target->land, TRUE);
  army->moved = TRUE;
  st->leaders[c->p].moves_used++;
  {
    json_object *e = mg_event_new ("catapult", NULL, NULL);
    json_object_object_add (e, "army", json_object_new_string (army->id));
    json_object_object_add (e, "target", json_object_new_string (tid));
    json_object_array_add (c->events, e);
  }
  mk_choice_offer (st, target->leader, WHY_CATAPULT, 0, tid, 1, c->events, c->text);
  mk_battles_tidy (st, c->events, c->text);
  return TRUE;
}

static gboolean
get_battle (Ctx *c, MkBattle **out, GError **error)
{
  guint id;
  if (!mg_json_get_uint (c->a, NULL, "battle", MK_ACTION_ERR, 1, G_MAXINT32, &id, error))
    return FALSE;
  if ((*out = mk_battle_find (c->st, id)) == NULL)
    return mg_rules_illegal (error, _("There is no battle %u going on."), id);
  return TRUE;
}

static gboolean
act_reinforce (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkBattle *b;
  MkArmy *army;
  MkPurse food = { 0 };

  if (c->p < 0)
    return mg_rules_illegal (error, _("This action needs a \"player\": the leader who acts."));
  if (!get_battle (c, &b, error) || !get_own_army (c, "army", &army, error))
    return FALSE;
  if (c->p != b->defender)
    return mg_rules_illegal (error, _("Only the attacked leader, %s, may reinforce battle %u."), st->leaders[b->defender].name,
                             b->id);
  if (b->step != STEP_REINFORCE)
    return mg_rules_illegal (error, _("Reinforcements join before the fight; battle %u is past that."), b->id);
  if (army->battle)
    return mg_rules_illegal (error, _("%s is already in a battle."), army->id);
  if (army->afloat || !walkable (st, army->land, b->land))
    return mg_rules_illegal (error, _("%s is not on a land adjacent to %s."), army->id, b->land);
  if (lone_catapult (army))
    return mg_rules_illegal (error, _("%s is a catapult without infantry: it cannot move."), army->id);
  food.res[RES_FOOD] = st->rs->reinforce_food;
  g_string_append_printf (c->text, _("%s sends %s from %s to reinforce %s"), me (c), army->id, army->land, b->land);
  if (!pay (c, &food, mk_army_size (army), "reinforcement", error))
    return FALSE;
  g_string_append_c (c->text, '.');
  g_free (army->land);
  army->land = g_strdup (b->land);
  army->battle = b->id;
  g_ptr_array_add (b->reinforced, g_strdup (army->id));
  json_object *e = mg_event_new ("reinforced", NULL, NULL);
  json_object_object_add (e, "army", json_object_new_string (army->id));
  json_object_object_add (e, "battle", json_object_new_int64 (b->id));
  json_object_array_add (c->events, e);
  return TRUE;
}

static gboolean
act_fight (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkBattle *b;

  if (!get_battle (c, &b, error))
    return FALSE;
  if (c->p >= 0 && c->p != b->attacker && c->p != b->defender)
    return mg_rules_illegal (error, _("%s does not fight in battle %u."), me (c), b->id);
  if (b->step == STEP_CONTINUES)
    {
      if (st->current != (guint) b->attacker || st->phase == PHASE_COLLECT)
        return mg_rules_illegal (error, _("Battle %u goes on in %s's move phase."), b->id, st->leaders[b->attacker].name);
      if (b->fought_turn >= st->turn)
        return mg_rules_illegal (error, _("Battle %u has already been fought this turn."), b->id);
      st->phase = PHASE_MOVE;
    }
  else if (b->step != STEP_REINFORCE)
    return mg_rules_illegal (error, _("Battle %u waits for a leader to choose a casualty."), b->id);
  g_string_append_printf (c->text, _("Battle %u:"), b->id);
  mk_battle_fight (st, b, c->events, c->text);
  return TRUE;
}

static gboolean
act_lose (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkChoice *ch = NULL;
  json_object *units;
  guint battle;

  if (c->p < 0)
    return mg_rules_illegal (error, _("This action needs a \"player\": the leader who chooses."));
  for (guint i = 0; i < st->choices->len && ch == NULL; i++)
    if (((MkChoice *) g_ptr_array_index (st->choices, i))->leader == c->p)
      ch = g_ptr_array_index (st->choices, i);
  if (ch == NULL)
    return mg_rules_illegal (error, _("No choice waits for %s."), me (c));
  units = mg_json_member (c->a, "units");
  if (!mk_choice_check (st, ch, units, error))
    return FALSE;
  g_string_append_printf (c->text, _("%s chooses its losses:"), me (c));
  mk_choice_apply (st, ch, units, c->events, c->text);
  battle = ch->battle;
  g_ptr_array_remove (st->choices, ch);
  if (battle)
    mk_battle_resume (st, battle, c->events, c->text);
  mk_battles_tidy (st, c->events, c->text);
  return TRUE;
}

/* ---------------------------------------------------------------- bonus, end of turn, GM */

static gboolean
act_model_bonus (Ctx *c, GError **error)
{
  MkPurse bonus = { 0 };
  /* Any time after collecting: it neither needs nor closes a phase. */
  if (!c->st->started || c->p < 0 || (guint) c->p != c->st->current || !c->st->leaders[c->p].collected)
    return need_turn (c, FALSE, FALSE, error) &&
           mg_rules_illegal (error, _("%s collects taxes and resources first."), me (c));
  if (c->st->leaders[c->p].bonus)
    return mg_rules_illegal (error, _("%s has already earned the model bonus this turn."), me (c));
  bonus.gp = c->st->rs->model_bonus_gp;
  c->st->leaders[c->p].bonus = TRUE;
  gain (c, c->p, &bonus, "model_bonus", NULL);
  g_string_append_printf (c->text, _("%s shows a model of the turn: %u GP."), me (c), c->st->rs->model_bonus_gp);
  return TRUE;
}

static gboolean
act_end_turn (Ctx *c, GError **error)
{
  MkState *st = c->st;

  if (!st->started)
    return mg_rules_illegal (error, _("The game has not started: the GM sends \"start\" after the setup."));
  if (c->p < 0 || (guint) c->p != st->current)
    return mg_rules_illegal (error, _("It is %s's turn; only %s can end it."), st->leaders[st->current].name,
                             st->leaders[st->current].name);
  if (!st->leaders[c->p].collected)
    return mg_rules_illegal (error, _("%s collects taxes and resources first."), me (c));
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (b->attacker == c->p && b->step == STEP_CONTINUES && b->fought_turn < st->turn)
        return mg_rules_illegal (error, _("The battle on %s goes on: %s fights again or moves away first."),
                                 b->land, me (c));
    }
  g_string_append_printf (c->text, _("%s ends its turn."), me (c));
  st->current++;
  if (st->current == st->n_leaders)
    {
      gint g;
      st->current = 0;
      st->turn++;
      g = gm_for_turn (st, st->turn);
      if (g >= 0)
        /* Translators: turn number, season, army moves allowed this turn, the GM's name. */
        g_string_append_printf (c->text, g_dngettext (GETTEXT_PACKAGE, " Turn %u begins (%s, %u army move); %s is the GM.",
                                                      " Turn %u begins (%s, %u army moves); %s is the GM.",
                                                      moves_allowed (st)),
                                st->turn, season_name (st), moves_allowed (st), st->leaders[g].name);
      else
        g_string_append_printf (c->text, g_dngettext (GETTEXT_PACKAGE, " Turn %u begins (%s, %u army move).",
                                                      " Turn %u begins (%s, %u army moves).", moves_allowed (st)),
                                st->turn, season_name (st), moves_allowed (st));
    }
  begin_leader_turn (st);
  json_object *e = mg_event_new ("turn_ended", NULL, NULL);
  json_object_object_add (e, "leader", json_object_new_string (me (c)));
  json_object_object_add (e, "next", json_object_new_string (st->leaders[st->current].name));
  json_object_object_add (e, "turn", json_object_new_int64 (st->turn));
  json_object_array_add (c->events, e);
  return TRUE;
}

static gboolean
act_adjust (Ctx *c, GError **error)
{
  MkPurse d;
  gint who;
  MkPurse *purse;
  const char *reason = NULL;
  g_autofree char *t = NULL;
  g_autoptr(json_object) deltas = json_object_new_object ();

  if (!get_leader_arg (c, "leader", &who, error) ||
      (mg_json_member (c->a, "reason") && !get_str (c, "reason", &reason, error)))
    return FALSE;
  json_object_object_foreach (c->a, key, val)
    if (strcmp (key, "type") && strcmp (key, "leader") && strcmp (key, "reason") && strcmp (key, "player") && strcmp (key, "template"))
      json_object_object_add (deltas, key, json_object_get (val));
  if (!mk_purse_parse (deltas, NULL, MK_ACTION_ERR, -MK_MAX_COUNT, &d, error))
    return FALSE;
  purse = &c->st->leaders[who].purse;
  if (purse->gp + d.gp < 0 || purse->res[0] + d.res[0] < 0 || purse->res[1] + d.res[1] < 0 ||
      purse->res[2] + d.res[2] < 0 || purse->res[3] + d.res[3] < 0)
    return mg_rules_illegal (error, _("That would leave %s with less than nothing."), c->st->leaders[who].name);
  purse->gp += d.gp;
  for (guint r = 0; r < MK_N_RES; r++)
    purse->res[r] += d.res[r];
  t = mk_purse_text (&d);
  g_string_append_printf (c->text, _("The GM corrects %s's treasury by %s%s%s."), c->st->leaders[who].name, t,
                          reason ? ": " : "", reason ? reason : "");
  json_object *e = mg_event_new ("adjusted", NULL, NULL);
  json_object_object_add (e, "leader", json_object_new_string (c->st->leaders[who].name));
  json_object_object_add (e, "change", mk_purse_json (&d, TRUE));
  json_object_array_add (c->events, e);
  return TRUE;
}

static gboolean
act_edit_land (Ctx *c, GError **error)
{
  MkState *st = c->st;
  MkLand *land;
  json_object *v;
  guint x;

  if (!get_land (c, "land", &land, error))
    return FALSE;
  if ((v = mg_json_member (c->a, "owner")) != NULL || json_object_object_get_ex (c->a, "owner", NULL))
    {
      gint owner = -1;
      if (v != NULL && !get_leader_arg (c, "owner", &owner, error))
        return FALSE;
      if (land->capital && owner < 0)
        return mg_rules_illegal (error, _("%s is a capital; it keeps an owner."), land->name);
      land->owner = owner;
      land->claim = -1;
    }
  if (json_object_object_get_ex (c->a, "city", &v))
    {
      if (v == NULL)
        x = CITY_NONE;
      else if (!mg_json_get_choice (c->a, NULL, "city", MK_ACTION_ERR, mk_city_ids, &x, error))
        return FALSE;
      land->city = x;
    }
  if (json_object_object_get_ex (c->a, "wall", &v))
    {
      if (v == NULL)
        x = WALL_NONE;
      else if (!mg_json_get_choice (c->a, NULL, "wall", MK_ACTION_ERR, mk_wall_ids, &x, error))
        return FALSE;
      land->wall = x;
    }
  if (land->wall != WALL_NONE && land->city == CITY_NONE)
    return mg_rules_illegal (error, _("Walls stand around a hamlet, village or town; %s would have no city."), land->name);
  if (!mg_json_opt_bool (c->a, NULL, "camp", MK_ACTION_ERR, &land->camp, error))
    return FALSE;
  if ((v = mg_json_member (c->a, "resources")) != NULL)
    {
      MkPurse p;
      if (!mk_purse_parse (v, "resources", MK_ACTION_ERR, 0, &p, error))
        return FALSE;
      for (guint r = 0; r < MK_N_RES; r++)
        if (json_object_object_get_ex (v, mk_res_ids[r], NULL))
          land->lying[r] = p.res[r];
    }
  g_string_append_printf (c->text, _("The GM updates %s."), land->name);
  json_object *e = mg_event_new ("land_edited", NULL, NULL);
  json_object_object_add (e, "land", json_object_new_string (land->name));
  json_object_array_add (c->events, e);
  (void) st;
  return TRUE;
}

/* ---------------------------------------------------------------- dispatch */

typedef gboolean (*ActFn) (Ctx *c, GError **error);

typedef struct {
  const char *type;
  const char *known[10];
  ActFn fn;
  gboolean while_choosing;   /* allowed while a casualty choice waits */
} ActDef;

static gboolean act_destroy_bridge (Ctx *c, GError **error) { return act_bridge (c, TRUE, error); }
static gboolean act_build_bridge (Ctx *c, GError **error) { return act_bridge (c, FALSE, error); }

static const ActDef acts[] = {
  { "import_map", { "map" }, act_import_map, FALSE },
  { "set_leader", { "leader", "colour", "capital" }, act_set_leader, FALSE },
  { "set_gm", { "rotation", "first" }, act_set_gm, FALSE },
  { "add_leader", { "leader", "colour", "capital" }, act_add_leader, TRUE },
  { "correct_map", { "map" }, act_correct_map, TRUE },
  { "start", { NULL }, act_start, FALSE },
  { "collect", { NULL }, act_collect, FALSE },
  { "build", { "land", "what" }, act_build, FALSE },
  { "build_bridge", { "land", "to" }, act_build_bridge, FALSE },
  { "destroy_bridge", { "land", "to" }, act_destroy_bridge, FALSE },
  { "build_boat", { "land", "river" }, act_build_boat, FALSE },
  { "destroy_boat", { "boat" }, act_destroy_boat, FALSE },
  { "train", { "land", "unit", "count", "army" }, act_train, FALSE },
  { "upgrade", { "army", "count" }, act_upgrade, FALSE },
  { "organize", { "land", "armies" }, act_organize, FALSE },
  { "move", { "army", "path", "forced_walk", "stance", "plunder", "claim" }, act_move, FALSE },
  { "navigate", { "army", "path", "stance", "plunder", "claim" }, act_navigate, FALSE },
  { "fire", { "army", "target" }, act_fire, FALSE },
  { "take_control", { "army", "stance" }, act_take_control, FALSE },
  { "reinforce", { "army", "battle" }, act_reinforce, FALSE },
  { "fight", { "battle" }, act_fight, FALSE },
  { "lose", { "units" }, act_lose, TRUE },
  { "model_bonus", { NULL }, act_model_bonus, FALSE },
  { "end_turn", { NULL }, act_end_turn, FALSE },
  { "adjust", { "leader", "gp", "wood", "stone", "food", "iron", "reason" }, act_adjust, TRUE },
  { "edit_land", { "land", "owner", "city", "wall", "camp", "resources" }, act_edit_land, TRUE },
};

/* Runs the action on `st`; on failure `st` may be half changed (callers work on a copy). */
static gboolean
run_action (MkState *st, json_object *action, json_object *events, GString *text, GError **error)
{
  const ActDef *def = NULL;
  const char *type, *player;
  /* "template" marks an example from legal_actions () whose free fields a form fills in. */
  const char *known[16] = { "type", "player", "template" };
  Ctx c = { st, action, events, text, -1 };
  guint k = 3;

  if (!json_object_is_type (action, json_type_object))
    {
      g_autofree char *got = mg_json_describe (action);
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("An action must be a JSON object with a \"type\", got %s"), got);
      return FALSE;
    }
  if (!mg_json_get_string (action, NULL, "type", MK_ACTION_ERR, &type, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (acts); i++)
    if (strcmp (acts[i].type, type) == 0)
      def = &acts[i];
  if (def == NULL)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION,
                   _("\"type\" must be a MecaKnights action (see docs/rules/mecaknights.md), got \"%s\""), type);
      return FALSE;
    }
  for (guint i = 0; def->known[i]; i++)
    known[k++] = def->known[i];
  known[k] = NULL;
  if (!mg_json_only (action, NULL, MK_ACTION_ERR, known, error))
    return FALSE;
  if (mg_json_member (action, "player"))
    {
      if (!mg_json_get_string (action, NULL, "player", MK_ACTION_ERR, &player, error))
        return FALSE;
      if ((c.p = find_leader (st, player)) < 0)
        return mg_rules_illegal (error, _("There is no leader called \"%s\" in this campaign."), player);
    }
  if (st->choices->len > 0 && !def->while_choosing)
    {
      MkChoice *ch = g_ptr_array_index (st->choices, 0);
      return mg_rules_illegal (error, g_dngettext (GETTEXT_PACKAGE, "Waiting for %s to choose %u unit to lose first (\"lose\").",
                                                  "Waiting for %s to choose %u units to lose first (\"lose\").", ch->count),
                               st->leaders[ch->leader].name, ch->count);
    }
  for (guint i = 0; i < st->battles->len && !def->while_choosing; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (b->step == STEP_REINFORCE && strcmp (type, "reinforce") != 0 && strcmp (type, "fight") != 0)
        return mg_rules_illegal (error, _("Battle %u on %s comes first: %s may reinforce, then fight."), b->id, b->land,
                                 st->leaders[b->defender].name);
    }
  return def->fn (&c, error);
}

static GPtrArray *
list_copy (GPtrArray *from, GCopyFunc copy, GDestroyNotify free_func)
{
  GPtrArray *to = g_ptr_array_copy (from, copy, NULL);
  g_ptr_array_set_free_func (to, free_func);
  return to;
}

static gpointer
army_copy (gconstpointer p, gpointer unused)
{
  const MkArmy *f = p;
  MkArmy *a = g_memdup2 (f, sizeof *f);
  a->id = g_strdup (f->id);
  a->land = g_strdup (f->land);
  return a;
}

static gpointer
boat_copy (gconstpointer p, gpointer unused)
{
  const MkBoat *f = p;
  MkBoat *b = g_memdup2 (f, sizeof *f);
  b->id = g_strdup (f->id);
  b->river = g_strdup (f->river);
  b->at = g_strdup (f->at);
  return b;
}

static gpointer
encounter_copy (gconstpointer p, gpointer unused)
{
  const MkEncounter *f = p;
  MkEncounter *e = g_memdup2 (f, sizeof *f);
  e->land = g_strdup (f->land);
  e->a = g_strdup (f->a);
  e->b = g_strdup (f->b);
  e->status = g_strdup (f->status);
  return e;
}

static gpointer
battle_copy (gconstpointer p, gpointer unused)
{
  const MkBattle *f = p;
  MkBattle *b = g_memdup2 (f, sizeof *f);
  b->land = g_strdup (f->land);
  b->reinforced = list_copy (f->reinforced, mk_str_copy, g_free);
  return b;
}

static gpointer
choice_copy (gconstpointer p, gpointer unused)
{
  const MkChoice *f = p;
  MkChoice *c = g_memdup2 (f, sizeof *f);
  c->army = g_strdup (f->army);
  return c;
}

/* A deep copy in C, not through JSON: actions run on it, so a refusal changes nothing. Its cost
 * is the size of the board (lands, armies, battles), never the length of the campaign; the
 * parsed ruleset is shared, not copied. */
static MkState *
state_copy (const MkState *st)
{
  MkState *copy = g_memdup2 (st, sizeof *st);

  copy->rs = mk_ruleset_ref (st->rs);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      copy->leaders[i].name = g_strdup (st->leaders[i].name);
      copy->leaders[i].colour = g_strdup (st->leaders[i].colour);
      copy->leaders[i].capital = g_strdup (st->leaders[i].capital);
    }
  mk_map_copy (&st->map, &copy->map);
  copy->encounters = list_copy (st->encounters, encounter_copy, (GDestroyNotify) encounter_free);
  copy->armies = list_copy (st->armies, army_copy, (GDestroyNotify) army_free);
  copy->boats = list_copy (st->boats, boat_copy, (GDestroyNotify) boat_free);
  copy->battles = list_copy (st->battles, battle_copy, (GDestroyNotify) mk_battle_free);
  copy->choices = list_copy (st->choices, choice_copy, (GDestroyNotify) mk_choice_free);
  return copy;
}

static json_object *
apply_inner (MkState *st, json_object *action, char **summary, gboolean commit, GError **error)
{
  g_autoptr(MkState) copy = state_copy (st);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(json_object) events = json_object_new_array ();
  MkState tmp;

  if (!run_action (copy, action, events, text, error))
    return NULL;
  if (commit)
    {
      tmp = *st;
      *st = *copy;
      *copy = tmp;
    }
  if (summary != NULL)
    *summary = g_strdup (g_strstrip (text->str));
  return g_steal_pointer (&events);
}

static gboolean
mk_validate (const MgState *state, json_object *action, GError **error)
{
  g_autoptr(json_object) events = apply_inner ((MkState *) state, action, NULL, FALSE, error);
  return events != NULL;
}

static json_object *
mk_apply (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error)
{
  return apply_inner ((MkState *) state, action, summary, TRUE, error);
}

/* ---------------------------------------------------------------- pending, describe, tables */

static gint
mk_turn (const MgState *state)
{
  return ((const MkState *) state)->turn;
}

static json_object *
strs (GPtrArray *a)
{
  json_object *o = json_object_new_array ();
  for (guint i = 0; i < a->len; i++)
    json_object_array_add (o, json_object_new_string (g_ptr_array_index (a, i)));
  return o;
}

/* Armies of `leader` that could still start a move this turn. */
static GPtrArray *
movable_armies (const MkState *st, gint leader)
{
  GPtrArray *out = g_ptr_array_new ();
  if (st->leaders[leader].moves_used >= moves_allowed (st))
    return out;
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      MkBattle *b = a->battle ? mk_battle_find (st, a->battle) : NULL;
      if (a->leader == leader && !a->moved && !lone_catapult (a) && (b == NULL || b->step == STEP_CONTINUES))
        g_ptr_array_add (out, a->id);
    }
  return out;
}

static json_object *
mk_pending (const MgState *state)
{
  const MkState *st = (const MkState *) state;
  json_object *o = json_object_new_object (), *waiting = json_object_new_array ();
  g_autoptr(GString) text = g_string_new (NULL);
  const MkLeader *cur = &st->leaders[st->current];
  guint allowed = moves_allowed (st);

  json_object_object_add (o, "turn", json_object_new_int64 (st->turn));
  json_object_object_add (o, "phase", json_object_new_string (mk_phase_ids[st->phase]));
  json_object_object_add (o, "over", json_object_new_boolean (FALSE));
  json_object_object_add (o, "season", json_object_new_string (st->rs->seasons[season_index (st, st->turn, NULL)].name));
  json_object_object_add (o, "moves_allowed", json_object_new_int64 (allowed));
  json_object_object_add (o, "moves_left", json_object_new_int64 (allowed > cur->moves_used ? allowed - cur->moves_used : 0));
  json_object_object_add (o, "current", json_object_new_string (cur->name));
  json_object_object_add (o, "gm", gm_json (st));

  if (!st->started)
    {
      json_object *w = json_object_new_object ();
      json_object_object_add (w, "seat", json_object_new_string ("GM"));
      json_object_object_add (w, "for", json_object_new_string ("setup"));
      json_object_array_add (waiting, w);
      g_string_append (text, _("Setup: import a map, set leaders' colours and capitals, then start."));
    }
  else if (st->choices->len > 0)
    {
      for (guint i = 0; i < st->choices->len; i++)
        {
          MkChoice *c = g_ptr_array_index (st->choices, i);
          json_object *w = choice_json (st, c);
          json_object_object_add (w, "seat", json_object_new_string (st->leaders[c->leader].name));
          json_object_object_add (w, "for", json_object_new_string ("choice"));
          json_object_object_del (w, "leader");
          json_object_array_add (waiting, w);
          if (text->len)
            g_string_append_c (text, ' ');
          g_string_append_printf (text, mk_choice_text (c->why, c->count), st->leaders[c->leader].name, c->count);
        }
    }
  else
    {
      const MkBattle *rb = NULL;
      for (guint i = 0; i < st->battles->len && rb == NULL; i++)
        if (((MkBattle *) g_ptr_array_index (st->battles, i))->step == STEP_REINFORCE)
          rb = g_ptr_array_index (st->battles, i);
      if (rb != NULL)
        {
          json_object *w = json_object_new_object (), *may = json_object_new_array ();
          json_object_object_add (w, "seat", json_object_new_string (st->leaders[rb->defender].name));
          json_object_object_add (w, "for", json_object_new_string ("fight"));
          json_object_object_add (w, "battle", json_object_new_int64 (rb->id));
          for (guint i = 0; i < st->armies->len; i++)
            {
              MkArmy *a = g_ptr_array_index (st->armies, i);
              if (a->leader == rb->defender && !a->battle && !a->afloat && !lone_catapult (a) &&
                  walkable (st, a->land, rb->land))
                json_object_array_add (may, json_object_new_string (a->id));
            }
          json_object_object_add (w, "may_reinforce", may);
          json_object_array_add (waiting, w);
          g_string_append_printf (text, _("Battle %u on %s: %s may reinforce, then fight."), rb->id, rb->land,
                                  st->leaders[rb->defender].name);
        }
      else
        {
          json_object *w = json_object_new_object (), *may = json_object_new_array (), *forced = json_object_new_array ();
          g_autoptr(GPtrArray) movable = movable_armies (st, st->current);
          static const char * const collect_may[] = { "collect", NULL };
          static const char * const build_may[] = { "build", "build_bridge", "destroy_bridge", "build_boat", "destroy_boat",
                                                    "train", "upgrade", "organize", "move", "navigate", "fire",
                                                    "take_control", "model_bonus", "end_turn", NULL };
          static const char * const move_may[] = { "organize", "move", "navigate", "fire", "take_control", "model_bonus",
                                                   "end_turn", NULL };
          const char * const *list = st->phase == PHASE_COLLECT ? collect_may : st->phase == PHASE_BUILD ? build_may : move_may;
          for (guint i = 0; list[i]; i++)
            {
              if (strcmp (list[i], "organize") == 0 && cur->moves_used > 0)
                continue;
              if (strcmp (list[i], "model_bonus") == 0 && cur->bonus)
                continue;
              json_object_array_add (may, json_object_new_string (list[i]));
            }
          for (guint i = 0; i < st->armies->len; i++)
            {
              MkArmy *a = g_ptr_array_index (st->armies, i);
              if (a->leader == (gint) st->current && a->forced)
                json_object_array_add (forced, json_object_new_string (a->id));
            }
          json_object_object_add (w, "seat", json_object_new_string (cur->name));
          json_object_object_add (w, "for", json_object_new_string ("turn"));
          json_object_object_add (w, "phase", json_object_new_string (mk_phase_ids[st->phase]));
          json_object_object_add (w, "may", may);
          json_object_object_add (w, "armies_may_move", strs (movable));
          json_object_object_add (w, "forced_walks_used", forced);
          json_object_array_add (waiting, w);
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Turn %u, %s (%u army move).",
                                                     "Turn %u, %s (%u army moves).", allowed),
                                  st->turn, season_name (st), allowed);
          if (st->phase == PHASE_COLLECT)
            g_string_append_printf (text, _(" %s collects taxes and resources."), cur->name);
          else if (st->phase == PHASE_BUILD)
            g_string_append_printf (text, _(" %s builds and trains, then organizes and moves."), cur->name);
          else
            g_string_append_printf (text, _(" %s moves and fights."), cur->name);
          if (st->phase != PHASE_COLLECT)
            {
              guint left = allowed > cur->moves_used ? allowed - cur->moves_used : 0;
              g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " %u army move left.", " %u army moves left.", left),
                                      left);
            }
          for (guint i = 0; i < st->battles->len; i++)
            {
              MkBattle *b = g_ptr_array_index (st->battles, i);
              if (b->step == STEP_CONTINUES && b->attacker == (gint) st->current && b->fought_turn < st->turn)
                {
                  json_object *f = json_object_new_object ();
                  json_object_object_add (f, "seat", json_object_new_string (cur->name));
                  json_object_object_add (f, "for", json_object_new_string ("fight"));
                  json_object_object_add (f, "battle", json_object_new_int64 (b->id));
                  json_object_object_add (f, "may_reinforce", json_object_new_array ());
                  json_object_array_add (waiting, f);
                  g_string_append_printf (text, _(" The battle on %s goes on: fight or move away."), b->land);
                }
            }
        }
    }
  json_object_object_add (o, "waiting", waiting);
  json_object_object_add (o, "text", json_object_new_string (text->str));
  return o;
}

static char *
mk_describe (const MgState *state, const char *seat)
{
  const MkState *st = (const MkState *) state;
  GString *s = g_string_new (NULL);
  guint year;
  guint si = season_index (st, st->turn, &year);

  if (gm_for_turn (st, st->turn) >= 0)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Turn %u, year %u, %s: %u army move per leader; %s is the GM.",
                                            "Turn %u, year %u, %s: %u army moves per leader; %s is the GM.",
                                            st->rs->seasons[si].moves),
                            st->turn, year, _(st->rs->seasons[si].name), st->rs->seasons[si].moves,
                            st->leaders[gm_for_turn (st, st->turn)].name);
  else
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Turn %u, year %u, %s: %u army move per leader.",
                                            "Turn %u, year %u, %s: %u army moves per leader.",
                                            st->rs->seasons[si].moves),
                            st->turn, year, _(st->rs->seasons[si].name), st->rs->seasons[si].moves);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      g_autofree char *t = mk_purse_text (&st->leaders[i].purse);
      guint lands = 0, armies = 0;
      for (guint k = 0; k < st->map.lands->len; k++)
        lands += ((MkLand *) g_ptr_array_index (st->map.lands, k))->owner == (gint) i;
      for (guint k = 0; k < st->armies->len; k++)
        armies += ((MkArmy *) g_ptr_array_index (st->armies, k))->leader == (gint) i;
      g_autofree char *n_lands = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u land", "%u lands", lands), lands);
      g_autofree char *n_armies = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u army", "%u armies", armies), armies);
      /* Translators: a leader's line in the turn summary: name, treasury, "3 lands", "2 armies". */
      g_string_append_printf (s, _(" %s: %s; %s, %s."), st->leaders[i].name, t, n_lands, n_armies);
    }
  for (guint k = 0; k < st->armies->len; k++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, k);
      g_autofree char *u = mk_units_text (a->units);
      g_string_append_printf (s, _(" %s on %s: %s."), a->id, a->land, u);
    }
  for (guint k = 0; k < st->battles->len; k++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, k);
      g_string_append_printf (s, _(" Battle on %s: %s against %s, round %u."), b->land, st->leaders[b->attacker].name,
                              st->leaders[b->defender].name, b->round);
    }
  return g_string_free (s, FALSE);
}

static void
mk_tables (const MgState *state, MgRows *rows)
{
  /* Columns in the order of schema/mecaknights/0001-tables.sql's rows as they always were. */
  static const char * const leader_cols[] = { "name", "colour", "capital", "gp", "wood", "stone", "food", "iron", NULL };
  static const char * const land_cols[] = {
    "name", "resource", "owner", "city", "capital", "wall", "camp", "wood", "stone", "food", "iron", NULL
  };
  static const char * const army_cols[] = {
    "id", "leader", "land", "infantry", "heavy_infantry", "archer", "catapult", "cavalry", NULL
  };
  const MkState *st = (const MkState *) state;

  G_STATIC_ASSERT (MK_N_RES == 4 && MK_N_UNITS == 5);   /* mk_res_ids and mk_unit_ids, as above */
  mg_rows_table (rows, "leader", leader_cols);
  for (guint i = 0; i < st->n_leaders; i++)
    {
      const MkLeader *l = &st->leaders[i];
      mg_rows_text (rows, l->name);
      mg_rows_text (rows, l->colour);
      mg_rows_text (rows, l->capital);
      mg_rows_int (rows, l->purse.gp);
      for (guint k = 0; k < MK_N_RES; k++)
        mg_rows_int (rows, l->purse.res[k]);
      mg_rows_end_row (rows);
    }
  mg_rows_table (rows, "land", land_cols);
  for (guint i = 0; i < st->map.lands->len; i++)
    {
      const MkLand *l = g_ptr_array_index (st->map.lands, i);
      mg_rows_text (rows, l->name);
      mg_rows_text (rows, mk_res_ids[l->resource]);
      mg_rows_text (rows, l->owner >= 0 ? st->leaders[l->owner].name : NULL);
      mg_rows_text (rows, l->city ? mk_city_ids[l->city] : NULL);
      mg_rows_int (rows, l->capital);
      mg_rows_text (rows, l->wall ? mk_wall_ids[l->wall] : NULL);
      mg_rows_int (rows, l->camp);
      for (guint k = 0; k < MK_N_RES; k++)
        mg_rows_int (rows, l->lying[k]);
      mg_rows_end_row (rows);
    }
  mg_rows_table (rows, "army", army_cols);
  for (guint i = 0; i < st->armies->len; i++)
    {
      const MkArmy *a = g_ptr_array_index (st->armies, i);
      mg_rows_text (rows, a->id);
      mg_rows_text (rows, st->leaders[a->leader].name);
      mg_rows_text (rows, a->land);
      for (guint u = 0; u < MK_N_UNITS; u++)
        mg_rows_int (rows, a->units[u]);
      mg_rows_end_row (rows);
    }
}

/* ---------------------------------------------------------------- legal actions */

typedef struct {
  const MkState *st;
  const char    *seat;       /* a leader's name, or NULL for every seat and the GM */
  json_object   *out;
} Legal;

/* Keeps `action` (stolen) if it is `seat`'s to take and validate () accepts it as it stands. */
static void
offer (Legal *l, json_object *action)
{
  const char *player = json_object_get_string (mg_json_member (action, "player"));

  if ((l->seat == NULL || g_strcmp0 (player, l->seat) == 0) && mk_validate ((const MgState *) l->st, action, NULL))
    json_object_array_add (l->out, action);
  else
    json_object_put (action);
}

/* {"type":type,"player":player} (player NULL: the GM's), then members as key, json pairs. */
static json_object *
act_json (const char *type, const char *player, ...)
{
  json_object *a = json_object_new_object ();
  const char *key;
  va_list args;

  json_object_object_add (a, "type", json_object_new_string (type));
  if (player != NULL)
    json_object_object_add (a, "player", json_object_new_string (player));
  va_start (args, player);
  while ((key = va_arg (args, const char *)) != NULL)
    json_object_object_add (a, key, va_arg (args, json_object *));
  va_end (args);
  return a;
}

#define S(x) json_object_new_string (x)

static json_object *
paths_json (const char *a, const char *b)
{
  json_object *p = json_object_new_array ();
  json_object_array_add (p, S (a));
  if (b != NULL)
    json_object_array_add (p, S (b));
  return p;
}

static void
offer_setup (Legal *l)
{
  const MkState *st = l->st;

  offer (l, act_json ("import_map", NULL, "map", mk_map_json (&st->map, LEADER_NAMES (st)),
                      "template", json_object_new_boolean (TRUE), NULL));
  for (guint i = 0; i < st->n_leaders; i++)
    {
      const char *who = st->leaders[i].name;
      offer (l, act_json ("set_leader", NULL, "leader", S (who), "colour", S (st->leaders[i].colour),
                          "template", json_object_new_boolean (TRUE), NULL));
      for (guint k = 0; k < st->map.lands->len; k++)
        offer (l, act_json ("set_leader", NULL, "leader", S (who),
                            "capital", S (((MkLand *) g_ptr_array_index (st->map.lands, k))->name), NULL));
    }
  for (guint r = 0; mk_gm_ids[r]; r++)
    for (guint i = 0; i < st->n_leaders; i++)
      offer (l, act_json ("set_gm", NULL, "rotation", S (mk_gm_ids[r]), "first", S (st->leaders[i].name), NULL));
  offer (l, act_json ("start", NULL, NULL));
}

/* A `lose` that takes the first eligible units: the leader picks, so it is a template. */
static void
offer_lose (Legal *l, const MkChoice *c)
{
  g_autoptr(json_object) eligible = mk_choice_eligible (l->st, c);
  json_object *units = json_object_new_array ();
  guint left = c->count;

  for (guint i = 0; i < json_object_array_length (eligible) && left > 0; i++)
    {
      json_object *e = json_object_array_get_idx (eligible, i);
      guint n = MIN (left, (guint) json_object_get_int (mg_json_member (e, "max")));
      json_object *u = json_object_new_object ();
      json_object_object_add (u, "army", json_object_get (mg_json_member (e, "army")));
      json_object_object_add (u, "unit", json_object_get (mg_json_member (e, "unit")));
      json_object_object_add (u, "count", json_object_new_int (n));
      json_object_array_add (units, u);
      left -= n;
    }
  offer (l, act_json ("lose", l->st->leaders[c->leader].name, "units", units,
                      "template", json_object_new_boolean (TRUE), NULL));
}

static void
offer_battles (Legal *l)
{
  const MkState *st = l->st;

  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      offer (l, act_json ("fight", NULL, "battle", json_object_new_int (b->id), NULL));
      offer (l, act_json ("fight", st->leaders[b->attacker].name, "battle", json_object_new_int (b->id), NULL));
      offer (l, act_json ("fight", st->leaders[b->defender].name, "battle", json_object_new_int (b->id), NULL));
      for (guint k = 0; b->step == STEP_REINFORCE && k < st->armies->len; k++)
        {
          MkArmy *a = g_ptr_array_index (st->armies, k);
          if (a->leader == b->defender)
            offer (l, act_json ("reinforce", st->leaders[a->leader].name, "army", S (a->id),
                                "battle", json_object_new_int (b->id), NULL));
        }
    }
}

static void
offer_builds (Legal *l, const char *me)
{
  const MkState *st = l->st;
  static const char * const whats[] = { "hamlet", "village", "town", "camp", "wood_wall", "stone_wall", NULL };

  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *land = g_ptr_array_index (st->map.lands, k);
      for (guint w = 0; whats[w]; w++)
        offer (l, act_json ("build", me, "land", S (land->name), "what", S (whats[w]), NULL));
      for (guint u = 0; u < MK_N_UNITS; u++)
        {
          /* The count is the leader's to choose: one is the example. */
          offer (l, act_json ("train", me, "land", S (land->name), "unit", S (mk_unit_ids[u]),
                              "count", json_object_new_int (1), "template", json_object_new_boolean (TRUE), NULL));
          for (guint i = 0; i < st->armies->len; i++)
            {
              MkArmy *a = g_ptr_array_index (st->armies, i);
              if (!a->afloat && strcmp (a->land, land->name) == 0)
                offer (l, act_json ("train", me, "land", S (land->name), "unit", S (mk_unit_ids[u]),
                                    "count", json_object_new_int (1), "army", S (a->id),
                                    "template", json_object_new_boolean (TRUE), NULL));
            }
        }
    }
  for (guint i = 0; i < st->map.rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (st->map.rivers, i);
      for (guint k = 0; k + 1 < r->pairs->len; k += 2)
        for (guint side = 0; side < 2; side++)
          {
            const char *x = g_ptr_array_index (r->pairs, k + side), *y = g_ptr_array_index (r->pairs, k + 1 - side);
            if (!r->large)
              {
                offer (l, act_json ("build_bridge", me, "land", S (x), "to", S (y), NULL));
                offer (l, act_json ("destroy_bridge", me, "land", S (x), "to", S (y), NULL));
              }
            else
              offer (l, act_json ("build_boat", me, "land", S (x), "river", S (r->name), NULL));
          }
    }
  for (guint i = 0; i < st->boats->len; i++)
    offer (l, act_json ("destroy_boat", me, "boat", S (((MkBoat *) g_ptr_array_index (st->boats, i))->id), NULL));
}

/* Moves one land away (every neighbour), and two for those that may go on (cavalry, a forced
 * walk), with the stances and choices that arrival asks for. */
static void
offer_moves (Legal *l, const char *me, MkArmy *a)
{
  const MkState *st = l->st;
  static const char * const extras[][2] = { { NULL, NULL }, { "stance", "peace" }, { "stance", "war" },
                                            { "plunder", NULL }, { "claim", NULL } };

  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *n = g_ptr_array_index (st->map.lands, k);
      if (a->afloat || !walkable (st, a->land, n->name))
        continue;
      for (guint e = 0; e < G_N_ELEMENTS (extras); e++)
        {
          json_object *m = act_json ("move", me, "army", S (a->id), "path", paths_json (n->name, NULL), NULL);
          if (extras[e][0] != NULL && extras[e][1] != NULL)
            json_object_object_add (m, extras[e][0], S (extras[e][1]));
          else if (extras[e][0] != NULL)
            {
              json_object_object_add (m, extras[e][0], json_object_new_boolean (TRUE));
              json_object_object_add (m, "stance", S ("war"));
            }
          offer (l, m);
        }
      for (guint j = 0; j < st->map.lands->len; j++)
        {
          MkLand *far = g_ptr_array_index (st->map.lands, j);
          if (far == n || strcmp (far->name, a->land) == 0 || !walkable (st, n->name, far->name))
            continue;
          offer (l, act_json ("move", me, "army", S (a->id), "path", paths_json (n->name, far->name), NULL));
          offer (l, act_json ("move", me, "army", S (a->id), "path", paths_json (n->name, far->name),
                              "forced_walk", json_object_new_boolean (TRUE), NULL));
        }
    }
  for (guint i = 0; i < st->map.rivers->len; i++)
    {
      MkRiver *r = g_ptr_array_index (st->map.rivers, i);
      for (guint k = 0; r->large && k + 1 < r->pairs->len; k += 2)
        for (guint side = 0; side < 2; side++)
          if (strcmp (g_ptr_array_index (r->pairs, k + side), a->land) == 0)
            offer (l, act_json ("navigate", me, "army", S (a->id),
                                "path", paths_json (g_ptr_array_index (r->pairs, k + 1 - side), NULL), NULL));
    }
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *t = g_ptr_array_index (st->armies, i);
      if (t->leader != a->leader)
        offer (l, act_json ("fire", me, "army", S (a->id), "target", S (t->id), NULL));
    }
  offer (l, act_json ("take_control", me, "army", S (a->id), NULL));
  offer (l, act_json ("take_control", me, "army", S (a->id), "stance", S ("war"), NULL));
  offer (l, act_json ("upgrade", me, "army", S (a->id), "count", json_object_new_int (1),
                      "template", json_object_new_boolean (TRUE), NULL));
}

/* Organize: the armies on a land as they stand, for the leader to regroup. */
static void
offer_organize (Legal *l, const char *me, gint leader)
{
  const MkState *st = l->st;

  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *land = g_ptr_array_index (st->map.lands, k);
      json_object *armies = json_object_new_array ();
      for (guint i = 0; i < st->armies->len; i++)
        {
          MkArmy *a = g_ptr_array_index (st->armies, i);
          json_object *o;
          if (a->leader != leader || a->afloat || strcmp (a->land, land->name) != 0)
            continue;
          o = units_json (a->units);
          json_object_object_add (o, "id", S (a->id));
          json_object_array_add (armies, o);
        }
      if (json_object_array_length (armies) == 0)
        json_object_put (armies);
      else
        offer (l, act_json ("organize", me, "land", S (land->name), "armies", armies,
                            "template", json_object_new_boolean (TRUE), NULL));
    }
}

/* The GM's corrections, open at any time: an example for each leader and land. */
static void
offer_corrections (Legal *l)
{
  const MkState *st = l->st;

  for (guint i = 0; i < st->n_leaders; i++)
    offer (l, act_json ("adjust", NULL, "leader", S (st->leaders[i].name), "gp", json_object_new_int (1),
                        "template", json_object_new_boolean (TRUE), NULL));
  for (guint k = 0; k < st->map.lands->len; k++)
    offer (l, act_json ("edit_land", NULL, "land", S (((MkLand *) g_ptr_array_index (st->map.lands, k))->name),
                        "template", json_object_new_boolean (TRUE), NULL));
  /* A new leader (its name, and after the start a free land, are the GM's to give). */
  for (guint k = 0; k < st->map.lands->len; k++)
    {
      MkLand *land = g_ptr_array_index (st->map.lands, k);
      offer (l, act_json ("add_leader", NULL, "leader", S (_("New leader")), "capital", S (land->name),
                          "template", json_object_new_boolean (TRUE), NULL));
      if (l->out != NULL && json_object_array_length (l->out) > 0 &&
          g_strcmp0 (mg_action_type (json_object_array_get_idx (l->out, json_object_array_length (l->out) - 1)),
                     "add_leader") == 0)
        break;
    }
  offer (l, act_json ("correct_map", NULL, "map", mk_map_json (&st->map, LEADER_NAMES (st)),
                      "template", json_object_new_boolean (TRUE), NULL));
}

static json_object *
mk_legal_actions (const MgState *state, const char *seat)
{
  const MkState *st = (const MkState *) state;
  Legal l = { st, NULL, json_object_new_array () };
  const char *me = st->leaders[st->current].name;

  if (g_strcmp0 (seat, MG_SEAT_ALL) != 0)
    {
      if (find_leader (st, seat) < 0)
        return l.out;
      l.seat = seat;
    }
  if (!st->started)
    offer_setup (&l);
  for (guint i = 0; i < st->choices->len; i++)
    offer_lose (&l, g_ptr_array_index (st->choices, i));
  offer_battles (&l);
  if (st->started)
    {
      /* In the order of the turn: collect, build and train, organize, move, then the rest. */
      offer (&l, act_json ("collect", me, NULL));
      offer_builds (&l, me);
      offer_organize (&l, me, st->current);
      for (guint i = 0; i < st->armies->len; i++)
        {
          MkArmy *a = g_ptr_array_index (st->armies, i);
          if (a->leader == (gint) st->current)
            offer_moves (&l, me, a);
        }
      offer (&l, act_json ("model_bonus", me, NULL));
      offer (&l, act_json ("end_turn", me, NULL));
    }
  if (l.seat == NULL)
    offer_corrections (&l);
  return l.out;
}

#undef S

/* ---------------------------------------------------------------- public helpers */

json_object *
mg_mk_army_options (const MgState *state, const char *army_id)
{
  const MkState *st = (const MkState *) state;
  MkArmy *a = mk_army_find (st, army_id);
  json_object *o = json_object_new_object (), *reach = json_object_new_array (), *freach = json_object_new_array (),
              *fire = json_object_new_array ();
  g_autoptr(GError) why = NULL;
  gboolean can = FALSE;

  json_object_object_add (o, "army", json_object_new_string (army_id ? army_id : ""));
  if (a == NULL)
    {
      json_object_object_add (o, "can_move", json_object_new_boolean (FALSE));
      json_object_object_add (o, "why_not", json_object_new_string (_("There is no such army.")));
      return o;
    }
  {
    Ctx c = { (MkState *) st, NULL, NULL, NULL, a->leader };
    if (!st->started || st->current != (guint) a->leader || st->phase == PHASE_COLLECT)
      g_set_error (&why, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("It is not %s's move phase."),
                   st->leaders[a->leader].name);
    else if (a->afloat)
      g_set_error (&why, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("%s is on a boat; it navigates."), a->id);
    else if (lone_catapult (a))
      g_set_error (&why, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL, _("%s is a catapult without infantry."), a->id);
    else
      can = can_move (&c, a, &why);
  }
  if (can)
    {
      /* Breadth-first over walkable lands, stopping at other leaders' armies. */
      guint base = all_cavalry (a) ? st->rs->cavalry_lands : st->rs->move_lands;
      guint max = base + (a->forced ? 0 : st->rs->forced_extra);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GPtrArray) frontier = g_ptr_array_new ();
      g_ptr_array_add (frontier, a->land);
      g_hash_table_add (seen, a->land);
      for (guint d = 1; d <= max && frontier->len; d++)
        {
          g_autoptr(GPtrArray) next = g_ptr_array_new ();
          for (guint f = 0; f < frontier->len; f++)
            for (guint k = 0; k < st->map.lands->len; k++)
              {
                MkLand *l = g_ptr_array_index (st->map.lands, k);
                if (g_hash_table_contains (seen, l->name) || !walkable (st, g_ptr_array_index (frontier, f), l->name))
                  continue;
                g_hash_table_add (seen, l->name);
                json_object_array_add (d <= base ? reach : freach, json_object_new_string (l->name));
                if (!has_army (st, a->leader, l->name, TRUE))
                  g_ptr_array_add (next, l->name);
              }
          g_ptr_array_set_size (frontier, 0);
          g_ptr_array_extend_and_steal (frontier, g_steal_pointer (&next));
          next = NULL;
        }
      if (a->units[U_CATAPULT] > 0)
        for (guint k = 0; k < st->armies->len; k++)
          {
            MkArmy *t = g_ptr_array_index (st->armies, k);
            if (t->leader != a->leader && !t->afloat && walkable (st, a->land, t->land))
              json_object_array_add (fire, json_object_new_string (t->id));
          }
    }
  json_object_object_add (o, "can_move", json_object_new_boolean (can));
  json_object_object_add (o, "why_not", why ? json_object_new_string (why->message) : NULL);
  json_object_object_add (o, "reach", reach);
  json_object_object_add (o, "forced_reach", freach);
  {
    json_object *cost = json_object_new_object ();
    json_object_object_add (cost, "food", json_object_new_int64 (st->rs->forced_food * mk_army_size (a)));
    json_object_object_add (o, "forced_walk_cost", cost);
  }
  json_object_object_add (o, "can_fire", fire);
  json_object_object_add (o, "can_navigate", json_object_new_boolean (can && own_boat_at (st, a->leader, a->land) != NULL));
  json_object_object_add (o, "can_upgrade", json_object_new_boolean (a->units[U_INFANTRY] > 0 && st->phase == PHASE_BUILD &&
                                                                     st->current == (guint) a->leader));
  return o;
}

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
  .validate = mk_validate,
  .apply = mk_apply,
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

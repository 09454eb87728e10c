/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-act.c — MecaKnights actions: map geometry, action plumbing, setup and the build phase. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-mecaknights-private.h"

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
MkRiver *
mk_small_crossing (const MkState *st, const char *a, const char *b)
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
gboolean
mk_walkable (const MkState *st, const char *a, const char *b)
{
  MkLand *l = mk_map_land (&st->map, a);
  if (l == NULL)
    return FALSE;
  return g_strv_contains ((const char * const *) l->adjacent, b) || find_bridge (st, a, b) != NULL;
}

MkRiver *
mk_find_river (const MkState *st, const char *name)
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

gboolean
mk_has_army (const MkState *st, gint leader, const char *land, gboolean others)
{
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (!a->afloat && strcmp (a->land, land) == 0 && (others ? a->leader != leader : a->leader == leader))
        return TRUE;
    }
  return FALSE;
}

gboolean
mk_lone_catapult (const MkArmy *a)
{
  return a->units[U_CATAPULT] > 0 && a->units[U_INFANTRY] == 0 && a->units[U_HEAVY] == 0;
}

gboolean
mk_all_cavalry (const MkArmy *a)
{
  return a->units[U_CAVALRY] > 0 && a->units[U_CAVALRY] == mk_army_size (a);
}

/* ---------------------------------------------------------------- actions: plumbing */

gboolean
mk_get_str (MkCtx *c, const char *key, const char **out, GError **error)
{
  return mg_json_get_string (c->a, NULL, key, MK_ACTION_ERR, out, error);
}

gboolean
mk_opt_bool (MkCtx *c, const char *key, gboolean *out, GError **error)
{
  *out = FALSE;
  return mg_json_opt_bool (c->a, NULL, key, MK_ACTION_ERR, out, error);
}

static gboolean
opt_count (MkCtx *c, guint *out, GError **error)
{
  *out = 1;
  return mg_json_opt_uint (c->a, NULL, "count", MK_ACTION_ERR, 1, c->st->rs->max_units, out, error);
}

gboolean
mk_get_land (MkCtx *c, const char *key, MkLand **out, GError **error)
{
  const char *name;
  if (!mk_get_str (c, key, &name, error))
    return FALSE;
  *out = mk_map_land (&c->st->map, name);
  if (*out == NULL)
    return mg_illegal (error, N_("There is no land called \"%s\" on the map."), name);
  return TRUE;
}

gboolean
mk_get_leader_arg (MkCtx *c, const char *key, gint *out, GError **error)
{
  const char *name;
  if (!mk_get_str (c, key, &name, error))
    return FALSE;
  *out = mk_find_leader (c->st, name);
  if (*out < 0)
    return mg_illegal (error, N_("There is no leader called \"%s\" in this campaign."), name);
  return TRUE;
}

/* The acting leader's own army. */
gboolean
mk_get_own_army (MkCtx *c, const char *key, MkArmy **out, GError **error)
{
  const char *id;
  if (!mk_get_str (c, key, &id, error))
    return FALSE;
  *out = mk_army_find (c->st, id);
  if (*out == NULL)
    return mg_illegal (error, N_("There is no army \"%s\"."), id);
  if ((*out)->leader != c->p)
    return mg_illegal (error, N_("%s belongs to %s, not %s."), id, c->st->leaders[(*out)->leader].name,
                             c->st->leaders[c->p].name);
  return TRUE;
}

const char *
mk_me (MkCtx *c)
{
  return c->st->leaders[c->p].name;
}

/* Takes a cost from the acting leader, or refuses with what is missing. */
gboolean
mk_pay (MkCtx *c, const MkPurse *cost, guint times, const char *what, GError **error)
{
  MkPurse *purse = &c->st->leaders[c->p].purse, total;
  json_object *e;

  total.gp = cost->gp * times;
  for (guint r = 0; r < MK_N_RES; r++)
    total.res[r] = cost->res[r] * times;
  if (purse->gp < total.gp || purse->res[0] < total.res[0] || purse->res[1] < total.res[1] ||
      purse->res[2] < total.res[2] || purse->res[3] < total.res[3])
    {
      g_autoptr(MgSaid) need = mk_purse_said (&total);
      MkPurse has = *purse;
      g_autoptr(MgSaid) have = NULL;
      has.gp = total.gp ? has.gp : 0;
      for (guint r = 0; r < MK_N_RES; r++)
        has.res[r] = total.res[r] ? has.res[r] : 0;
      have = mk_purse_said (&has);
      return mg_illegal (error, N_("%s cannot pay for %s: it costs %s; %s has %s."), mk_me (c), what,
                         mg_message_phrase (need), mk_me (c), mg_message_phrase (have));
    }
  purse->gp -= total.gp;
  for (guint r = 0; r < MK_N_RES; r++)
    purse->res[r] -= total.res[r];
  e = mg_event_new ("paid", NULL, NULL);
  json_object_object_add (e, "leader", json_object_new_string (mk_me (c)));
  json_object_object_add (e, "for", json_object_new_string (what));
  json_object_object_add (e, "cost", mk_purse_json (&total, TRUE));
  json_object_array_add (c->events, e);
  {
    g_autoptr(MgSaid) t = mk_purse_said (&total);
    mg_said_add_text (c->said, ": ");
    mg_said_append (c->said, t);
  }
  return TRUE;
}

void
mk_gain (MkCtx *c, gint leader, const MkPurse *p, const char *type, const char *land)
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

/* Whether leader `p` (-1: the GM) may take a step of the build phase (build) or of the move
 * phase (move) now: the turn and the phase only, read and never changed. FALSE with the refusal. */
gboolean
mk_turn_open (const MkState *st, gint p, gboolean build, gboolean move, GError **error)
{
  if (!st->started)
    return mg_illegal (error, N_("The game has not started: the GM sends \"start\" after the setup."));
  if (p < 0)
    return mg_illegal (error, N_("This action needs a \"player\": the leader who acts."));
  if ((guint) p != st->current)
    return mg_illegal (error, N_("It is %s's turn, not %s's."), st->leaders[st->current].name, st->leaders[p].name);
  if (st->phase == PHASE_COLLECT)
    return mg_illegal (error, N_("%s collects taxes and resources first."), st->leaders[p].name);
  if (build && !move && st->phase == PHASE_MOVE)
    return mg_illegal (error, N_("%s has begun to organize and move; building and training are over this turn."),
                       st->leaders[p].name);
  return TRUE;
}

/* The current leader, in one of the phases allowed (a later phase may close an earlier one). */
gboolean
mk_need_turn (MkCtx *c, gboolean build, gboolean move, GError **error)
{
  if (!mk_turn_open (c->st, c->p, build, move, error))
    return FALSE;
  if (move)
    c->st->phase = PHASE_MOVE;
  return TRUE;
}

/* Keeps `e` as the latest encounter of its pair, dropping the one before: relations hold the
 * status, the journal's "encounter" events the history, so the state stays bounded. */
void
mk_encounter_put (MkState *st, MkEncounter *e)
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

void
mk_record_encounter (MkCtx *c, gint other, const char *land, gboolean war)
{
  MkEncounter *e = g_new0 (MkEncounter, 1);
  json_object *ev = mg_event_new ("encounter", NULL, NULL);

  e->turn = c->st->turn;
  e->land = g_strdup (land);
  e->a = g_strdup (mk_me (c));
  e->b = g_strdup (c->st->leaders[other].name);
  e->status = g_strdup (war ? "war" : "peace");
  mk_encounter_put (c->st, e);
  c->st->relations[c->p][other] = c->st->relations[other][c->p] = war;
  json_object_object_add (ev, "land", json_object_new_string (land));
  json_object_object_add (ev, "a", json_object_new_string (e->a));
  json_object_object_add (ev, "b", json_object_new_string (e->b));
  json_object_object_add (ev, "status", json_object_new_string (e->status));
  json_object_array_add (c->events, ev);
  mg_said_add (c->said, war ? N_(" %s and %s are at war.") : N_(" %s and %s are at peace."), e->a, e->b);
}

static gboolean
check_army_limits (const MkState *st, const guint *units, const char *what, GError **error)
{
  guint n = mk_purse_units (units);
  if (n > st->rs->max_units)
    return mg_illegal (error, N_("%s would have %u units; an army has at most %u."), what, n, st->rs->max_units);
  if (units[U_ARCHER] > st->rs->max_archers)
    return mg_illegal (error, N_("%s would have %u archers; an army has at most %u."), what, units[U_ARCHER],
                             st->rs->max_archers);
  if (units[U_CATAPULT] > st->rs->max_catapults)
    return mg_illegal (error, N_("%s would have %u catapults; an army has at most %u."), what, units[U_CATAPULT],
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
need_setup (MkCtx *c, GError **error)
{
  if (c->st->started)
    return mg_illegal (error, N_("The game has started (turn %u); setup actions are over."), c->st->turn);
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

gboolean
mk_act_import_map (MkCtx *c, GError **error)
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
  mg_said_add_n (c->said, "The GM imports a map of %u land.", "The GM imports a map of %u lands.", map.lands->len,
                 map.lands->len);
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
gboolean
mk_act_correct_map (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkMap map;

  if (!st->started)
    return mg_illegal (error, N_("Before the start the GM imports the map."));
  if (!mk_map_parse (mg_json_member (c->a, "map"), "$.map", MK_ACTION_ERR, LEADER_NAMES (st), st->n_leaders, &map, error))
    return FALSE;
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (!on_map (&map, a->land, a->afloat))
        {
          mk_map_clear (&map);
          return mg_illegal (error, N_("%s stands on %s, which the corrected map leaves out."), a->id, a->land);
        }
    }
  for (guint i = 0; i < st->boats->len; i++)
    {
      MkBoat *b = g_ptr_array_index (st->boats, i);
      if (!on_map (&map, b->at, mk_map_land (&map, b->at) == NULL))
        {
          mk_map_clear (&map);
          return mg_illegal (error, N_("%s lies at %s, which the corrected map leaves out."), b->id, b->at);
        }
    }
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (mk_map_land (&map, b->land) == NULL)
        {
          mk_map_clear (&map);
          return mg_illegal (error, N_("Battle %u is fought on %s, which the corrected map leaves out."), b->id, b->land);
        }
    }
  for (guint i = 0; i < st->n_leaders; i++)
    {
      MkLand *cap = mk_map_land (&map, st->leaders[i].capital);
      if (cap == NULL || !cap->capital || cap->owner != (gint) i)
        {
          mk_map_clear (&map);
          return mg_illegal (error, N_("%s must stay %s's capital on the corrected map."), st->leaders[i].capital,
                                   st->leaders[i].name);
        }
    }
  mk_map_clear (&st->map);
  st->map = map;
  json_object_array_add (c->events, mg_event_new ("map_corrected", NULL, NULL));
  mg_said_add_n (c->said, "The GM corrects the map (%u land).", "The GM corrects the map (%u lands).", map.lands->len,
                 map.lands->len);
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

gboolean
mk_act_set_leader (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  gint who;
  const char *colour;
  MkLand *land = NULL;

  if (!need_setup (c, error) || !mk_get_leader_arg (c, "leader", &who, error) ||
      (mg_json_member (c->a, "colour") && !mk_get_str (c, "colour", &colour, error)) ||
      (mg_json_member (c->a, "capital") && !mk_get_land (c, "capital", &land, error)))
    return FALSE;
  if (land != NULL && land->owner >= 0 && land->owner != who)
    return mg_illegal (error, N_("%s belongs to %s; it cannot be %s's capital."), land->name,
                             st->leaders[land->owner].name, st->leaders[who].name);
  mg_said_add (c->said, N_("%s is set up"), st->leaders[who].name);
  if (mg_json_member (c->a, "colour"))
    {
      g_free (st->leaders[who].colour);
      st->leaders[who].colour = g_strdup (colour);
      mg_said_add (c->said, N_(": colour %s"), colour);
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
      mg_said_add (c->said, N_(", capital %s"), land->name);
    }
  mg_said_add_text (c->said, ".");
  json_object_array_add (c->events, mg_event_new ("leader_set", NULL, NULL));
  return TRUE;
}

/* A leader who joins after the campaign was created (the GM's action). Before the start it is
 * set up like the others; after it, it needs a free land as its capital and gets the start's
 * treasury, city and army there. It plays last in the turn order. */
gboolean
mk_act_add_leader (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  const char *name, *colour = NULL;
  MkLand *land = NULL;
  MkLeader *l;
  gint who;

  if (!mk_get_str (c, "leader", &name, error) || !mk_name_ok (name, MG_RULES_ERROR_BAD_ACTION, error) ||
      (mg_json_member (c->a, "colour") && !mk_get_str (c, "colour", &colour, error)) ||
      (mg_json_member (c->a, "capital") && !mk_get_land (c, "capital", &land, error)))
    return FALSE;
  if (mk_find_leader (st, name) >= 0)
    return mg_illegal (error, N_("%s is already a leader of this campaign."), name);
  if (st->n_leaders == MK_MAX_LEADERS)
    return mg_illegal (error, N_("A campaign has at most %u leaders."), MK_MAX_LEADERS);
  if (st->started && land == NULL)
    return mg_illegal (error, N_("The game has started: %s needs a free land as its capital."), name);
  if (land != NULL && land->owner >= 0)
    return mg_illegal (error, N_("%s belongs to %s; it cannot be %s's capital."), land->name,
                             st->leaders[land->owner].name, name);
  for (guint i = 0; land != NULL && i < st->armies->len; i++)
    if (strcmp (((MkArmy *) g_ptr_array_index (st->armies, i))->land, land->name) == 0)
      return mg_illegal (error, N_("An army stands on %s; a new leader's capital must be free."), land->name);
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
    mg_said_add (c->said, N_("%s joins the campaign, capital %s."), name, land->name);
  else
    mg_said_add (c->said, N_("%s joins the campaign."), name);
  return TRUE;
}

gboolean
mk_act_set_gm (MkCtx *c, GError **error)
{
  guint rot;
  gint first = c->st->gm_first;
  if (!need_setup (c, error) ||
      !mg_json_get_choice (c->a, NULL, "rotation", MK_ACTION_ERR, mk_gm_ids, &rot, error) ||
      (mg_json_member (c->a, "first") && !mk_get_leader_arg (c, "first", &first, error)))
    return FALSE;
  c->st->gm_rotation = rot;
  c->st->gm_first = first;
  json_object_array_add (c->events, mg_event_new ("gm_set", NULL, NULL));
  if (rot == GM_SEASON)
    mg_said_add (c->said, N_("%s runs the game first; the GM role passes to the next leader every season."),
                 c->st->leaders[first].name);
  else if (rot == GM_YEAR)
    mg_said_add (c->said, N_("%s runs the game first; the GM role passes to the next leader every year."),
                 c->st->leaders[first].name);
  else if (rot == GM_FIXED)
    mg_said_add (c->said, N_("%s runs the game throughout; the GM role does not pass."),
                 c->st->leaders[first].name);
  else
    mg_said_add (c->said, N_("The GM is not one of the leaders and runs the game throughout."));
  return TRUE;
}

void
mk_begin_leader_turn (MkState *st)
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

gboolean
mk_act_start (MkCtx *c, GError **error)
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
        /* In words a referee acts on: the app's action is "Set up leader" (set_leader). */
        return mg_illegal (error, N_("%s has no capital and the map suggests no free land: "
                                          "set up the leader with one first."), st->leaders[i].name);
      place_capital (st, i, land);
    }
  {
    g_autoptr(MgSaid) where = mg_said_new ();

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
          mg_said_add_text (where, ", ");
        /* Translators: a leader and their capital, listed when the game starts ("Red in Redhold"). */
        mg_said_add (where, N_("%s in %s"), st->leaders[i].name, st->leaders[i].capital);
      }
    /* Translators: %s lists each leader and their capital: "Red in Redhold, Blue in Bluecrest". */
    mg_said_add (c->said, N_("The game starts: %s."), mg_message_phrase (where));
  }
  st->started = TRUE;
  st->turn = 1;
  st->current = 0;
  mk_begin_leader_turn (st);
  json_object_array_add (c->events, mg_event_new ("started", NULL, NULL));
  return TRUE;
}

/* ---------------------------------------------------------------- collect, build, train */

gboolean
mk_act_collect (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkPurse total = { 0 };
  json_object *from = json_object_new_array (), *e;
  g_autoptr(MgSaid) lands = mg_said_new ();

  if (!st->started || c->p < 0 || (guint) c->p != st->current)
    {
      json_object_put (from);
      return mk_need_turn (c, TRUE, FALSE, error) && FALSE;
    }
  if (st->phase != PHASE_COLLECT)
    {
      json_object_put (from);
      return mg_illegal (error, N_("%s has already collected this turn."), mk_me (c));
    }
  /* A flag removed last turn is planted if the army is still there. */
  for (guint i = 0; i < st->map.lands->len; i++)
    {
      MkLand *l = g_ptr_array_index (st->map.lands, i);
      if (l->claim != c->p || l->claim_turn >= st->turn)
        continue;
      l->claim = -1;
      if (l->owner < 0 && mk_has_army (st, c->p, l->name, FALSE))
        {
          json_object *ce = mg_event_new ("controlled", NULL, NULL);
          l->owner = c->p;
          json_object_object_add (ce, "leader", json_object_new_string (mk_me (c)));
          json_object_object_add (ce, "land", json_object_new_string (l->name));
          json_object_array_add (c->events, ce);
          mg_said_add (c->said, N_("%s takes control of %s. "), mk_me (c), l->name);
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
      if (mg_said_length (lands))
        mg_said_add_text (lands, ", ");
      /* A land and its city ("Fenmoor village"), as it was written untranslated: said as it is. */
      mg_said_add_message (lands, mg_message_new ("%s %s", l->name, mg_message_word (mk_city_ids[l->city])));
    }
  st->leaders[c->p].collected = TRUE;
  st->phase = PHASE_BUILD;
  mk_gain (c, c->p, &total, "collected", NULL);
  e = json_object_array_get_idx (c->events, json_object_array_length (c->events) - 1);
  json_object_object_add (e, "from", from);
  if (mg_said_length (lands))
    {
      g_autoptr(MgSaid) t = mk_purse_said (&total);
      mg_said_add (c->said, N_("%s collects %s (%s)."), mk_me (c), mg_message_phrase (t), mg_message_phrase (lands));
    }
  else
    mg_said_add (c->said, N_("%s collects nothing: no inhabited land besides the capital."), mk_me (c));
  return TRUE;
}

gboolean
mk_act_build (MkCtx *c, GError **error)
{
  static const char * const whats[] = { "hamlet", "village", "town", "camp", "wood_wall", "stone_wall", NULL };
  static const char * const names[] = { N_("a hamlet"), N_("a village"), N_("a town"), N_("a camp"),
                                        N_("a wood wall"), N_("a stone wall") };
  MkLand *land;
  guint what;

  if (!mk_need_turn (c, TRUE, FALSE, error) || !mk_get_land (c, "land", &land, error) ||
      !mg_json_get_choice (c->a, NULL, "what", MK_ACTION_ERR, whats, &what, error))
    return FALSE;
  if (land->owner != c->p)
    return mg_illegal (error, N_("%s does not control %s; a leader builds only on lands under its flag."),
                             mk_me (c), land->name);
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
          g_autoptr(MgSaid) h = mg_said_new ();
          mg_said_add (h, has[land->city], land->name);
          return mg_illegal (error, N_("%s on %s; %s."), mg_message_word (needs[what]), land->name, mg_message_phrase (h));
        }
      break;
    case COST_CAMP:
      if (land->capital)
        return mg_illegal (error, N_("%s is a capital: it already has its own camp."), land->name);
      if (land->camp)
        return mg_illegal (error, N_("%s already has a camp."), land->name);
      break;
    case COST_WOOD_WALL:
    case COST_STONE_WALL:
      if (land->city == CITY_NONE)
        return mg_illegal (error, N_("Walls stand around a hamlet, village or town; %s is empty."), land->name);
      if (land->wall == WALL_STONE)
        return mg_illegal (error, N_("%s already has a stone wall."), land->name);
      if (what == COST_WOOD_WALL && land->wall == WALL_WOOD)
        return mg_illegal (error, N_("%s already has a wood wall."), land->name);
      break;
    }
  mg_said_add (c->said, N_("%s builds %s on %s"), mk_me (c), mg_message_word (names[what]), land->name);
  if (!mk_pay (c, &c->st->rs->costs[what], 1, mk_cost_ids[what], error))
    return FALSE;
  mg_said_add_text (c->said, ".");
  if (what <= COST_TOWN)
    land->city = what + 1;
  else if (what == COST_CAMP)
    land->camp = TRUE;
  else
    land->wall = what == COST_WOOD_WALL ? WALL_WOOD : WALL_STONE;
  {
    json_object *e = mg_event_new ("built", NULL, NULL);
    json_object_object_add (e, "leader", json_object_new_string (mk_me (c)));
    json_object_object_add (e, "land", json_object_new_string (land->name));
    json_object_object_add (e, "what", json_object_new_string (whats[what]));
    json_object_array_add (c->events, e);
  }
  return TRUE;
}

gboolean
mk_act_bridge (MkCtx *c, gboolean destroy, GError **error)
{
  MkLand *land, *to;
  MkRiver *r;
  MkBridge *br;

  if (!mk_need_turn (c, TRUE, FALSE, error) || !mk_get_land (c, "land", &land, error) || !mk_get_land (c, "to", &to, error))
    return FALSE;
  r = mk_small_crossing (c->st, land->name, to->name);
  if (r == NULL)
    return mg_illegal (error, N_("No small river runs between %s and %s to bridge."), land->name, to->name);
  if (!mk_has_army (c->st, c->p, land->name, FALSE))
    return mg_illegal (error, destroy ? N_("%s needs an army on %s to destroy the bridge.")
                                            : N_("%s needs an army on %s to build a bridge."), mk_me (c), land->name);
  br = find_bridge (c->st, land->name, to->name);
  if (!destroy)
    {
      if (br != NULL)
        return mg_illegal (error, N_("A bridge already crosses %s between %s and %s."), r->name, land->name, to->name);
      mg_said_add (c->said, N_("%s builds a bridge over %s from %s to %s"), mk_me (c), r->name, land->name,
                   to->name);
      if (!mk_pay (c, &c->st->rs->costs[COST_BRIDGE], 1, "bridge", error))
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
        return mg_illegal (error, N_("There is no bridge between %s and %s."), land->name, to->name);
      if (mk_has_army (c->st, c->p, land->name, TRUE))
        return mg_illegal (error, N_("An enemy army stands on %s; the bridge cannot be destroyed."), land->name);
      mg_said_add (c->said, N_("%s destroys the bridge over %s between %s and %s"), mk_me (c), r->name,
                   land->name, to->name);
      g_ptr_array_remove (c->st->map.bridges, br);
    }
  mg_said_add_text (c->said, ".");
  json_object *e = mg_event_new (destroy ? "bridge_destroyed" : "bridge_built", NULL, NULL);
  json_object_object_add (e, "a", json_object_new_string (land->name));
  json_object_object_add (e, "b", json_object_new_string (to->name));
  json_object_array_add (c->events, e);
  return TRUE;
}

gboolean
mk_act_build_boat (MkCtx *c, GError **error)
{
  MkLand *land;
  const char *rname;
  MkRiver *r;
  MkBoat *b;

  if (!mk_need_turn (c, TRUE, FALSE, error) || !mk_get_land (c, "land", &land, error) || !mk_get_str (c, "river", &rname, error))
    return FALSE;
  r = mk_find_river (c->st, rname);
  if (r == NULL || !r->large)
    return mg_illegal (error, N_("There is no large river called \"%s\"."), rname);
  if (!river_touches (r, land->name))
    return mg_illegal (error, N_("%s is not on the shore of %s."), land->name, r->name);
  if (!mk_has_army (c->st, c->p, land->name, FALSE))
    return mg_illegal (error, N_("%s needs an army on %s to build a boat."), mk_me (c), land->name);
  mg_said_add (c->said, N_("%s builds a boat on %s at %s"), mk_me (c), r->name, land->name);
  if (!mk_pay (c, &c->st->rs->costs[COST_BOAT], 1, "boat", error))
    return FALSE;
  mg_said_add_text (c->said, ".");
  b = g_new0 (MkBoat, 1);
  /* An id that actions name ("boat"), so the same in every language, like armies' "Red 1". */
  b->id = g_strdup_printf ("%s boat %u", mk_me (c), ++c->st->leaders[c->p].boats_made);
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

gboolean
mk_act_destroy_boat (MkCtx *c, GError **error)
{
  const char *id;
  MkBoat *b;

  if (!mk_need_turn (c, TRUE, FALSE, error) || !mk_get_str (c, "boat", &id, error))
    return FALSE;
  if ((b = find_boat (c->st, id)) == NULL)
    return mg_illegal (error, N_("There is no boat \"%s\"."), id);
  if (mk_map_land (&c->st->map, b->at) == NULL || !mk_has_army (c->st, c->p, b->at, FALSE))
    return mg_illegal (error, N_("%s needs an army where %s lies (%s) to destroy it."), mk_me (c), id, b->at);
  if (mk_has_army (c->st, c->p, b->at, TRUE))
    return mg_illegal (error, N_("An enemy army stands on %s; the boat cannot be destroyed."), b->at);
  mg_said_add (c->said, N_("%s destroys %s on %s."), mk_me (c), id, b->at);
  json_object *e = mg_event_new ("boat_destroyed", NULL, NULL);
  json_object_object_add (e, "boat", json_object_new_string (id));
  json_object_array_add (c->events, e);
  g_ptr_array_remove (c->st->boats, b);
  return TRUE;
}

gboolean
mk_act_train (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkLand *land;
  guint unit, count, units[MK_N_UNITS] = { 0 };
  MkArmy *army = NULL;
  g_autoptr(MgSaid) what = NULL;

  if (!mk_need_turn (c, TRUE, FALSE, error) || !mk_get_land (c, "land", &land, error) ||
      !mg_json_get_choice (c->a, NULL, "unit", MK_ACTION_ERR, mk_unit_ids, &unit, error) ||
      !opt_count (c, &count, error) ||
      (mg_json_member (c->a, "army") && !mk_get_own_army (c, "army", &army, error)))
    return FALSE;
  if (land->owner != c->p)
    return mg_illegal (error, N_("%s does not control %s."), mk_me (c), land->name);
  if (!land->camp && !(land->capital && g_strcmp0 (st->leaders[c->p].capital, land->name) == 0))
    return mg_illegal (error, N_("Units are trained at a camp or the capital; %s has neither."), land->name);
  if (army != NULL)
    {
      if (army->afloat || strcmp (army->land, land->name) != 0)
        return mg_illegal (error, N_("%s is not on %s."), army->id, land->name);
      if (army->battle)
        return mg_illegal (error, N_("%s is in a battle."), army->id);
      memcpy (units, army->units, sizeof units);
    }
  units[unit] += count;
  if (!check_army_limits (st, units, army ? army->id : mg_message_word (N_("The new army")), error))
    return FALSE;
  what = mk_unit_count_said (unit, count);
  mg_said_add (c->said, N_("%s trains %s on %s"), mk_me (c), mg_message_phrase (what), land->name);
  if (!mk_pay (c, &st->rs->units[unit], count, mk_unit_ids[unit], error))
    return FALSE;
  if (army == NULL)
    army = new_army (st, c->p, land->name);
  army->units[unit] += count;
  mg_said_add (c->said, N_(" (%s)."), army->id);
  {
    json_object *e = mg_event_new ("trained", NULL, NULL);
    json_object_object_add (e, "army", json_object_new_string (army->id));
    json_object_object_add (e, "unit", json_object_new_string (mk_unit_ids[unit]));
    json_object_object_add (e, "count", json_object_new_int64 (count));
    json_object_array_add (c->events, e);
  }
  return TRUE;
}

gboolean
mk_act_upgrade (MkCtx *c, GError **error)
{
  MkArmy *army;
  guint count;

  if (!mk_need_turn (c, TRUE, FALSE, error) || !mk_get_own_army (c, "army", &army, error) || !opt_count (c, &count, error))
    return FALSE;
  if (army->units[U_INFANTRY] < count)
    return mg_illegal (error, N_("%s has %u infantry to upgrade, not %u."), army->id, army->units[U_INFANTRY], count);
  mg_said_add (c->said, N_("%s upgrades %u infantry of %s to heavy infantry"), mk_me (c), count, army->id);
  if (!mk_pay (c, &c->st->rs->costs[COST_UPGRADE], count, "upgrade", error))
    return FALSE;
  mg_said_add_text (c->said, ".");
  army->units[U_INFANTRY] -= count;
  army->units[U_HEAVY] += count;
  json_object *e = mg_event_new ("upgraded", NULL, NULL);
  json_object_object_add (e, "army", json_object_new_string (army->id));
  json_object_object_add (e, "count", json_object_new_int64 (count));
  json_object_array_add (c->events, e);
  return TRUE;
}

/* ---------------------------------------------------------------- organize, move, fight */

gboolean
mk_act_organize (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkLand *land;
  json_object *list;
  guint before[MK_N_UNITS] = { 0 }, after[MK_N_UNITS] = { 0 };
  g_autoptr(GPtrArray) mine = g_ptr_array_new ();
  g_autofree guint (*wanted)[MK_N_UNITS] = NULL;
  g_autofree MkArmy **keep = NULL;
  gsize n;

  if (!mk_need_turn (c, TRUE, TRUE, error) || !mk_get_land (c, "land", &land, error) ||
      (list = mg_json_get_array (c->a, NULL, "armies", MK_ACTION_ERR, 1, 100, error)) == NULL)
    return FALSE;
  if (st->leaders[c->p].moves_used > 0)
    return mg_illegal (error, N_("%s has already moved an army this turn; armies are organized before moving."), mk_me (c));
  for (guint i = 0; i < st->armies->len; i++)
    {
      MkArmy *a = g_ptr_array_index (st->armies, i);
      if (a->leader != c->p || a->afloat || strcmp (a->land, land->name) != 0)
        continue;
      if (a->battle)
        return mg_illegal (error, N_("%s is in a battle; it cannot be reorganized."), a->id);
      g_ptr_array_add (mine, a);
      for (guint u = 0; u < MK_N_UNITS; u++)
        before[u] += a->units[u];
    }
  if (mine->len == 0)
    return mg_illegal (error, N_("%s has no army on %s."), mk_me (c), land->name);
  n = json_object_array_length (list);
  wanted = g_malloc0_n (n, sizeof *wanted);
  keep = g_new0 (MkArmy *, n);
  for (guint i = 0; i < n; i++)
    {
      static const char * const known[] = { "id", "infantry", "heavy_infantry", "archer", "catapult", "cavalry", NULL };
      json_object *o = json_object_array_get_idx (list, i);
      g_autofree char *p = mg_json_path_index ("armies", i);
      g_autoptr(MgSaid) new_label = NULL;
      const char *id, *label;
      if (!mg_json_object (o, p, MK_ACTION_ERR, error) || !mg_json_only (o, p, MK_ACTION_ERR, known, error))
        return FALSE;
      if (mg_json_member (o, "id"))
        {
          if (!mg_json_get_string (o, p, "id", MK_ACTION_ERR, &id, error))
            return FALSE;
          keep[i] = mk_army_find (st, id);
          if (keep[i] == NULL || !g_ptr_array_find (mine, keep[i], NULL))
            return mg_illegal (error, N_("%s has no army \"%s\" on %s."), mk_me (c), id, land->name);
          for (guint j = 0; j < i; j++)
            if (keep[j] == keep[i])
              return mg_illegal (error, N_("%s is listed twice."), id);
        }
      for (guint u = 0; u < MK_N_UNITS; u++)
        if (mg_json_member (o, mk_unit_ids[u]) &&
            !mg_json_get_uint (o, p, mk_unit_ids[u], MK_ACTION_ERR, 0, 100, &wanted[i][u], error))
          return FALSE;
      if (keep[i] == NULL)
        {
          new_label = mg_said_new ();
          mg_said_add (new_label, N_("New army %u"), i + 1);
        }
      label = keep[i] ? keep[i]->id : mg_message_phrase (new_label);
      if (mk_purse_units (wanted[i]) == 0)
        return mg_illegal (error, N_("%s would have no units; an army has 1 to %u."), label, st->rs->max_units);
      if (!check_army_limits (st, wanted[i], label, error))
        return FALSE;
      for (guint u = 0; u < MK_N_UNITS; u++)
        after[u] += wanted[i][u];
    }
  for (guint u = 0; u < MK_N_UNITS; u++)
    if (before[u] != after[u])
      {
        g_autoptr(MgSaid) had = mk_unit_count_said (u, before[u]);
        /* Translators: "Red has 3 infantry on Fenmoor, but the new armies hold 2." */
        return mg_illegal (error, N_("%s has %s on %s, but the new armies hold %u."), mk_me (c), mg_message_phrase (had),
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
  mg_said_add (c->said, N_("%s organizes its armies on %s:"), mk_me (c), land->name);
  for (guint i = 0; i < n; i++)
    {
      MkArmy *a = keep[i] ? keep[i] : new_army (st, c->p, land->name);
      memcpy (a->units, wanted[i], sizeof a->units);
      mk_army_units_say (c->said, i ? ", " : " ", a);
    }
  mg_said_add_text (c->said, ".");
  json_object_array_add (c->events, mg_event_new ("organized", NULL, NULL));
  return TRUE;
}

/* Rulebook 3.b: "if the land of arrival is neutral, you now control it (put your flag on the land)". */

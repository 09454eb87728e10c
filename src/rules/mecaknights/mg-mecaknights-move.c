/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-move.c — MecaKnights actions: moves, boats, battles, end of turn, GM corrections, the actions' table. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mg-actions.h"
#include "mg-mecaknights-private.h"

static void
plant_flag (MkCtx *c, MkLand *land)
{
  json_object *e = mg_event_new ("controlled", NULL, NULL);
  land->owner = c->p;
  land->claim = -1;
  json_object_object_add (e, "leader", json_object_new_string (mk_me (c)));
  json_object_object_add (e, "land", json_object_new_string (land->name));
  json_object_array_add (c->events, e);
  mg_said_add (c->said, N_(" %s plants its flag on %s."), mk_me (c), land->name);
}

/* Rulebook 3.b, war on a land without the owner's army: "decide to take control; if so, remove
 * its flag. On the next turn, if the army remains in this land, you will take control of it"
 * (settled at the claimer's next collect). */
/* The rulebook never lets a capital change hands (it is where a leader's units are always
 * deployed), so its flag stays: a refusal, not a capital without an owner. */
static gboolean
capital_kept (const MkLand *land, const MkState *st, GError **error)
{
  return mg_illegal (error, N_("%s is %s's capital: its flag cannot be removed."), land->name,
                           st->leaders[land->owner].name);
}

static void
remove_flag (MkCtx *c, MkLand *land)
{
  json_object *e = mg_event_new ("flag_removed", NULL, NULL);
  gint owner = land->owner;
  land->owner = -1;
  land->claim = c->p;
  land->claim_turn = c->st->turn;
  json_object_object_add (e, "leader", json_object_new_string (mk_me (c)));
  json_object_object_add (e, "land", json_object_new_string (land->name));
  json_object_array_add (c->events, e);
  mg_said_add (c->said, N_(" %s removes %s's flag from %s; it takes control next turn if still there."),
               mk_me (c), c->st->leaders[owner].name, land->name);
}

/* What the army does on arriving at `dest` (its land is already dest). */
static gboolean
arrive (MkCtx *c, MkArmy *army, MkLand *dest, GError **error)
{
  MkState *st = c->st;
  const char *stance_s = NULL;
  gboolean plunder, claim, war = FALSE;
  gint enemy = -1;
  guint n_others = 0;

  if (!mk_opt_bool (c, "plunder", &plunder, error) || !mk_opt_bool (c, "claim", &claim, error))
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
    return mg_illegal (error, N_("An army either plunders or takes control, not both."));
  for (guint i = 0; i < st->n_leaders; i++)
    if ((gint) i != c->p && mk_has_army (st, i, dest->name, FALSE))
      {
        n_others++;
        enemy = i;
      }
  if (n_others > 0)
    {
      if (stance_s == NULL)
        return mg_illegal (error, N_("%s meets %s's army on %s: say whether it is peace or war."),
                                 army->id, st->leaders[enemy].name, dest->name);
      if (plunder || claim)
        return mg_illegal (error, N_("Another leader's army stands on %s: no plunder and no flag taken."), dest->name);
      if (war && n_others > 1)
        return mg_illegal (error, N_("Armies of several leaders stand on %s; a battle is fought against one leader at a time."),
                                 dest->name);
      if (war && mk_battle_on (st, dest->name) != NULL)
        return mg_illegal (error, N_("A battle is already going on at %s."), dest->name);
      for (guint i = 0; i < st->n_leaders; i++)
        if ((gint) i != c->p && mk_has_army (st, i, dest->name, FALSE))
          mk_record_encounter (c, i, dest->name, war);
      if (war)
        mk_battle_start (st, dest->name, c->p, enemy, c->events, c->said);
      return TRUE;
    }
  if (dest->owner == c->p)
    {
      if (plunder || claim)
        return mg_illegal (error, N_("%s is %s's own land."), dest->name, mk_me (c));
      return TRUE;
    }
  if (dest->owner < 0)
    {
      if (claim)
        return mg_illegal (error, N_("%s has no flag to remove; arriving there takes control of it."), dest->name);
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
        return mg_illegal (error, N_("%s belongs to %s: say whether it is peace or war."), dest->name,
                                 st->leaders[owner].name);
      if (!war && (plunder || claim))
        return mg_illegal (error, N_("At peace, %s's army only stays on %s."), mk_me (c), dest->name);
      if (claim && dest->capital)
        return capital_kept (dest, c->st, error);
      mk_record_encounter (c, owner, dest->name, war);
      if (claim)
        remove_flag (c, dest);
      if (!plunder)
        return TRUE;
    }
  /* Plunder: everything lying on the land. */
  {
    MkPurse took = { 0 };
    g_autoptr(MgSaid) t = NULL;
    for (guint r = 0; r < MK_N_RES; r++)
      {
        took.res[r] = dest->lying[r];
        dest->lying[r] = 0;
      }
    mk_gain (c, c->p, &took, "plundered", dest->name);
    t = mk_purse_said (&took);
    mg_said_add (c->said, N_(" %s plunders %s: %s."), mk_me (c), dest->name, mg_message_phrase (t));
  }
  return TRUE;
}

gboolean
mk_can_move (MkCtx *c, MkArmy *army, GError **error)
{
  MkState *st = c->st;
  guint allowed = mk_moves_allowed (st);

  if (army->moved)
    return mg_illegal (error, N_("%s has already moved (or fired) this turn."), army->id);
  if (army->battle && mk_battle_find (st, army->battle)->step != STEP_CONTINUES)
    return mg_illegal (error, N_("%s is in a battle."), army->id);
  if (st->leaders[c->p].moves_used >= allowed)
    return mg_illegal_n (error, "In %s %s may move only %u army a turn, and has moved it.",
                                                 "In %s %s may move only %u armies a turn, and has moved them.", allowed,
                             mk_season_word (st), mk_me (c), allowed);
  return TRUE;
}

/* An army already standing on a land takes control of it, as it would on arriving: a neutral
 * land gets its flag now; another leader's land (none of its armies there, war) loses its flag
 * and is taken at the next collect if the army is still there. The text only speaks of arrival;
 * this covers the army that won a battle there or stands on a land left neutral. */
static gboolean
act_take_control (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army;
  MkLand *land;
  gboolean war = FALSE;

  if (!mk_need_turn (c, TRUE, TRUE, error) || !mk_get_own_army (c, "army", &army, error))
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
    return mg_illegal (error, N_("%s is on a boat: it takes control of a land it stands on."), army->id);
  if (mk_lone_catapult (army))
    return mg_illegal (error, N_("%s is a catapult without infantry: it stays until infantry joins."), army->id);
  if (land->owner == c->p)
    return mg_illegal (error, N_("%s is already %s's land."), land->name, mk_me (c));
  for (guint i = 0; i < st->n_leaders; i++)
    if ((gint) i != c->p && mk_has_army (st, i, land->name, FALSE))
      return mg_illegal (error, N_("%s's army stands on %s: no flag is taken while it is there."), st->leaders[i].name,
                               land->name);
  if (land->owner < 0 && land->claim == c->p)
    return mg_illegal (error, N_("%s has already removed the flag from %s; it takes control at its next collect if still there."),
                             mk_me (c), land->name);
  if (land->owner >= 0 && !war)
    return mg_illegal (error, N_("%s belongs to %s: only at war is its flag removed."), land->name,
                             st->leaders[land->owner].name);
  if (land->owner >= 0 && land->capital)
    return capital_kept (land, st, error);
  if (st->rs->control_counts_as_move)
    {
      if (!mk_can_move (c, army, error))
        return FALSE;
      army->moved = TRUE;
      st->leaders[c->p].moves_used++;
    }
  mg_said_add (c->said, N_("%s's %s takes control of %s."), mk_me (c), army->id, land->name);
  if (land->owner < 0)
    plant_flag (c, land);
  else
    {
      mk_record_encounter (c, land->owner, land->name, TRUE);
      remove_flag (c, land);
    }
  return TRUE;
}

static void
leave_battle (MkCtx *c, MkArmy *army)
{
  if (army->battle)
    {
      army->battle = 0;
      mk_battles_tidy (c->st, c->events, c->said);
    }
}

static gboolean
act_move (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army;
  json_object *path;
  gboolean forced;
  guint base, max;
  gsize n;
  const char *from;
  MkLand *dest = NULL;

  if (!mk_need_turn (c, TRUE, TRUE, error) || !mk_get_own_army (c, "army", &army, error) ||
      !mk_opt_bool (c, "forced_walk", &forced, error) ||
      (path = mg_json_get_array (c->a, NULL, "path", MK_ACTION_ERR, 1, 20, error)) == NULL ||
      !mk_can_move (c, army, error))
    return FALSE;
  if (army->afloat)
    return mg_illegal (error, N_("%s is on a boat at %s; it moves by sailing."), army->id, army->land);
  if (mk_lone_catapult (army))
    return mg_illegal (error, N_("%s is a catapult without infantry: it stays until infantry joins."), army->id);
  base = mk_all_cavalry (army) ? st->rs->cavalry_lands : st->rs->move_lands;
  max = base + (forced ? st->rs->forced_extra : 0);
  n = json_object_array_length (path);
  if (n > max)
    /* Translators: the plural follows the first number (lands an army may move without a
     * forced walk); the second is the same with a forced walk, the third the path's length. */
    return mg_illegal_n (error, "%s may move %u land, %u with a forced walk; the path has %u.",
                                                "%s may move %u lands, %u with a forced walk; the path has %u.", base,
                             army->id, base, base + st->rs->forced_extra, (guint) n);
  if (forced && n <= base)
    return mg_illegal (error, N_("%s reaches there without a forced walk."), army->id);
  if (forced && army->forced)
    return mg_illegal (error, N_("%s has already made its forced walk."), army->id);
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
        return mg_illegal (error, N_("There is no land called \"%s\" on the map."), name);
      if (!mk_walkable (st, from, name))
        {
          if ((r = mk_small_crossing (st, from, name)) != NULL)
            return mg_illegal (error, N_("%s cannot cross %s from %s to %s: there is no bridge."), army->id, r->name,
                                     from, name);
          return mg_illegal (error, N_("%s is not adjacent to %s."), name, from);
        }
      if (i + 1 < n)
        for (guint l = 0; l < st->n_leaders; l++)
          if ((gint) l != c->p && mk_has_army (st, l, name, FALSE))
            return mg_illegal (error, N_("%s cannot pass through %s: %s's army is there."), army->id, name,
                                     st->leaders[l].name);
      from = name;
    }
  mg_said_add (c->said, N_("%s moves %s from %s to %s"), mk_me (c), army->id, army->land, dest->name);
  if (forced)
    {
      MkPurse food = { 0 };
      food.res[RES_FOOD] = st->rs->forced_food;
      mg_said_add (c->said, N_(" by a forced walk"));
      if (!mk_pay (c, &food, mk_army_size (army), "forced_walk", error))
        return FALSE;
      army->forced = TRUE;
    }
  mg_said_add_text (c->said, ".");
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

MkBoat *
mk_own_boat_at (const MkState *st, gint leader, const char *at)
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
act_navigate (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army;
  MkBoat *boat;
  MkRiver *r;
  json_object *path;
  const char *from, *name = NULL;
  gsize n;

  if (!mk_need_turn (c, TRUE, TRUE, error) || !mk_get_own_army (c, "army", &army, error) ||
      (path = mg_json_get_array (c->a, NULL, "path", MK_ACTION_ERR, 1, 20, error)) == NULL ||
      !mk_can_move (c, army, error))
    return FALSE;
  if ((boat = mk_own_boat_at (st, c->p, army->land)) == NULL)
    return mg_illegal (error, N_("%s has no boat at %s for %s to board."), mk_me (c), army->land, army->id);
  r = mk_find_river (st, boat->river);
  n = json_object_array_length (path);
  if (n > st->rs->navigation_steps)
    return mg_illegal_n (error, "A boat moves %u step a turn; the path has %u.",
                                                "A boat moves %u steps a turn; the path has %u.", st->rs->navigation_steps,
                             st->rs->navigation_steps, (guint) n);
  from = army->land;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = mg_json_path_index ("path", i);
      if (!mg_json_string (json_object_array_get_idx (path, i), p, MK_ACTION_ERR, &name, error))
        return FALSE;
      if (!mk_river_links (r, from, name))
        return mg_illegal (error, N_("On %s a boat cannot go from %s to %s in one move."), r->name, from, name);
      from = name;
    }
  mg_said_add (c->said, N_("%s sails %s with %s from %s to %s."), mk_me (c), army->id, boat->id, army->land, name);
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
act_fire (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkArmy *army, *target;
  const char *tid;

  if (!mk_need_turn (c, TRUE, TRUE, error) || !mk_get_own_army (c, "army", &army, error) ||
      !mk_get_str (c, "target", &tid, error) || !mk_can_move (c, army, error))
    return FALSE;
  if (army->units[U_CATAPULT] == 0)
    return mg_illegal (error, N_("%s has no catapult."), army->id);
  if (mk_lone_catapult (army))
    return mg_illegal (error, N_("The catapult of %s needs infantry or heavy infantry to fire."), army->id);
  if ((target = mk_army_find (st, tid)) == NULL)
    return mg_illegal (error, N_("There is no army \"%s\"."), tid);
  if (target->leader == c->p)
    return mg_illegal (error, N_("%s is %s's own army."), tid, mk_me (c));
  if (army->afloat || target->afloat || !mk_walkable (st, army->land, target->land))
    return mg_illegal (error, N_("%s is not on a land adjacent to %s."), tid, army->id);
  mg_said_add (c->said, N_("%s fires the catapult of %s at %s on %s."), mk_me (c), army->id, tid, target->land);
  mk_record_encounter (c, target->leader, target->land, TRUE);
  army->moved = TRUE;
  st->leaders[c->p].moves_used++;
  {
    json_object *e = mg_event_new ("catapult", NULL, NULL);
    json_object_object_add (e, "army", json_object_new_string (army->id));
    json_object_object_add (e, "target", json_object_new_string (tid));
    json_object_array_add (c->events, e);
  }
  mk_choice_offer (st, target->leader, WHY_CATAPULT, 0, tid, 1, c->events, c->said);
  mk_battles_tidy (st, c->events, c->said);
  return TRUE;
}

static gboolean
get_battle (MkCtx *c, MkBattle **out, GError **error)
{
  guint id;
  if (!mg_json_get_uint (c->a, NULL, "battle", MK_ACTION_ERR, 1, G_MAXINT32, &id, error))
    return FALSE;
  if ((*out = mk_battle_find (c->st, id)) == NULL)
    return mg_illegal (error, N_("There is no battle %u going on."), id);
  return TRUE;
}

static gboolean
act_reinforce (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkBattle *b;
  MkArmy *army;
  MkPurse food = { 0 };

  if (c->p < 0)
    return mg_illegal (error, N_("This action needs a \"player\": the leader who acts."));
  if (!get_battle (c, &b, error) || !mk_get_own_army (c, "army", &army, error))
    return FALSE;
  if (c->p != b->defender)
    return mg_illegal (error, N_("Only the attacked leader, %s, may reinforce battle %u."), st->leaders[b->defender].name,
                             b->id);
  if (b->step != STEP_REINFORCE)
    return mg_illegal (error, N_("Reinforcements join before the fight; battle %u is past that."), b->id);
  if (army->battle)
    return mg_illegal (error, N_("%s is already in a battle."), army->id);
  if (army->afloat || !mk_walkable (st, army->land, b->land))
    return mg_illegal (error, N_("%s is not on a land adjacent to %s."), army->id, b->land);
  if (mk_lone_catapult (army))
    return mg_illegal (error, N_("%s is a catapult without infantry: it cannot move."), army->id);
  food.res[RES_FOOD] = st->rs->reinforce_food;
  mg_said_add (c->said, N_("%s sends %s from %s to reinforce %s"), mk_me (c), army->id, army->land, b->land);
  if (!mk_pay (c, &food, mk_army_size (army), "reinforcement", error))
    return FALSE;
  mg_said_add_text (c->said, ".");
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
act_fight (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkBattle *b;

  if (!get_battle (c, &b, error))
    return FALSE;
  if (c->p >= 0 && c->p != b->attacker && c->p != b->defender)
    return mg_illegal (error, N_("%s does not fight in battle %u."), mk_me (c), b->id);
  if (b->step == STEP_CONTINUES)
    {
      if (st->current != (guint) b->attacker || st->phase == PHASE_COLLECT)
        return mg_illegal (error, N_("Battle %u goes on in %s's move phase."), b->id, st->leaders[b->attacker].name);
      if (b->fought_turn >= st->turn)
        return mg_illegal (error, N_("Battle %u has already been fought this turn."), b->id);
      st->phase = PHASE_MOVE;
    }
  else if (b->step != STEP_REINFORCE)
    return mg_illegal (error, N_("Battle %u waits for a leader to choose a casualty."), b->id);
  mg_said_add (c->said, N_("Battle %u:"), b->id);
  mk_battle_fight (st, b, c->events, c->said);
  return TRUE;
}

static gboolean
act_lose (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkChoice *ch = NULL;
  json_object *units;
  guint battle;

  if (c->p < 0)
    return mg_illegal (error, N_("This action needs a \"player\": the leader who chooses."));
  for (guint i = 0; i < st->choices->len && ch == NULL; i++)
    if (((MkChoice *) g_ptr_array_index (st->choices, i))->leader == c->p)
      ch = g_ptr_array_index (st->choices, i);
  if (ch == NULL)
    return mg_illegal (error, N_("No choice waits for %s."), mk_me (c));
  units = mg_json_member (c->a, "units");
  if (!mk_choice_check (st, ch, units, error))
    return FALSE;
  mg_said_add (c->said, N_("%s chooses its losses:"), mk_me (c));
  mk_choice_apply (st, ch, units, c->events, c->said);
  battle = ch->battle;
  g_ptr_array_remove (st->choices, ch);
  if (battle)
    mk_battle_resume (st, battle, c->events, c->said);
  mk_battles_tidy (st, c->events, c->said);
  return TRUE;
}

/* ---------------------------------------------------------------- bonus, end of turn, GM */

static gboolean
act_model_bonus (MkCtx *c, GError **error)
{
  MkPurse bonus = { 0 };
  /* Any time after collecting: it neither needs nor closes a phase. */
  if (!c->st->started || c->p < 0 || (guint) c->p != c->st->current || !c->st->leaders[c->p].collected)
    return mk_need_turn (c, FALSE, FALSE, error) &&
           mg_illegal (error, N_("%s collects taxes and resources first."), mk_me (c));
  if (c->st->leaders[c->p].bonus)
    return mg_illegal (error, N_("%s has already earned the model bonus this turn."), mk_me (c));
  bonus.gp = c->st->rs->model_bonus_gp;
  c->st->leaders[c->p].bonus = TRUE;
  mk_gain (c, c->p, &bonus, "model_bonus", NULL);
  mg_said_add (c->said, N_("%s shows a model of the turn: %u GP."), mk_me (c), c->st->rs->model_bonus_gp);
  return TRUE;
}

static gboolean
act_end_turn (MkCtx *c, GError **error)
{
  MkState *st = c->st;

  if (!st->started)
    return mg_illegal (error, N_("The game has not started: the GM sends \"start\" after the setup."));
  if (c->p < 0 || (guint) c->p != st->current)
    return mg_illegal (error, N_("It is %s's turn; only %s can end it."), st->leaders[st->current].name,
                             st->leaders[st->current].name);
  if (!st->leaders[c->p].collected)
    return mg_illegal (error, N_("%s collects taxes and resources first."), mk_me (c));
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (b->attacker == c->p && b->step == STEP_CONTINUES && b->fought_turn < st->turn)
        return mg_illegal (error, N_("The battle on %s goes on: %s fights again or moves away first."),
                                 b->land, mk_me (c));
    }
  mg_said_add (c->said, N_("%s ends its turn."), mk_me (c));
  st->current++;
  if (st->current == st->n_leaders)
    {
      gint g;
      st->current = 0;
      st->turn++;
      g = mk_gm_for_turn (st, st->turn);
      if (g >= 0)
        /* Translators: turn number, season, army moves allowed this turn, the GM's name. */
        mg_said_add_n (c->said, " Turn %u begins (%s, %u army move); %s is the GM.",
                       " Turn %u begins (%s, %u army moves); %s is the GM.", mk_moves_allowed (st),
                       st->turn, mk_season_word (st), mk_moves_allowed (st), st->leaders[g].name);
      else
        mg_said_add_n (c->said, " Turn %u begins (%s, %u army move).", " Turn %u begins (%s, %u army moves).",
                       mk_moves_allowed (st), st->turn, mk_season_word (st), mk_moves_allowed (st));
    }
  mk_begin_leader_turn (st);
  json_object *e = mg_event_new ("turn_ended", NULL, NULL);
  json_object_object_add (e, "leader", json_object_new_string (mk_me (c)));
  json_object_object_add (e, "next", json_object_new_string (st->leaders[st->current].name));
  json_object_object_add (e, "turn", json_object_new_int64 (st->turn));
  json_object_array_add (c->events, e);
  return TRUE;
}

static gboolean
act_adjust (MkCtx *c, GError **error)
{
  MkPurse d;
  gint who;
  MkPurse *purse;
  const char *reason = NULL;
  g_autoptr(MgSaid) t = NULL;
  g_autoptr(json_object) deltas = json_object_new_object ();

  if (!mk_get_leader_arg (c, "leader", &who, error) ||
      (mg_json_member (c->a, "reason") && !mk_get_str (c, "reason", &reason, error)))
    return FALSE;
  json_object_object_foreach (c->a, key, val)
    if (strcmp (key, "type") && strcmp (key, "leader") && strcmp (key, "reason") && strcmp (key, "player") && strcmp (key, "template"))
      json_object_object_add (deltas, key, json_object_get (val));
  if (!mk_purse_parse (deltas, NULL, MK_ACTION_ERR, -MK_MAX_COUNT, &d, error))
    return FALSE;
  purse = &c->st->leaders[who].purse;
  if (purse->gp + d.gp < 0 || purse->res[0] + d.res[0] < 0 || purse->res[1] + d.res[1] < 0 ||
      purse->res[2] + d.res[2] < 0 || purse->res[3] + d.res[3] < 0)
    return mg_illegal (error, N_("That would leave %s with less than nothing."), c->st->leaders[who].name);
  purse->gp += d.gp;
  for (guint r = 0; r < MK_N_RES; r++)
    purse->res[r] += d.res[r];
  t = mk_purse_said (&d);
  mg_said_add (c->said, N_("The GM corrects %s's treasury by %s%s%s."), c->st->leaders[who].name, mg_message_phrase (t),
               reason ? ": " : "", reason ? reason : "");
  json_object *e = mg_event_new ("adjusted", NULL, NULL);
  json_object_object_add (e, "leader", json_object_new_string (c->st->leaders[who].name));
  json_object_object_add (e, "change", mk_purse_json (&d, TRUE));
  json_object_array_add (c->events, e);
  return TRUE;
}

static gboolean
act_edit_land (MkCtx *c, GError **error)
{
  MkState *st = c->st;
  MkLand *land;
  json_object *v;
  guint x;

  if (!mk_get_land (c, "land", &land, error))
    return FALSE;
  if ((v = mg_json_member (c->a, "owner")) != NULL || json_object_object_get_ex (c->a, "owner", NULL))
    {
      gint owner = -1;
      if (v != NULL && !mk_get_leader_arg (c, "owner", &owner, error))
        return FALSE;
      if (land->capital && owner < 0)
        return mg_illegal (error, N_("%s is a capital; it keeps an owner."), land->name);
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
    return mg_illegal (error, N_("Walls stand around a hamlet, village or town; %s would have no city."), land->name);
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
  mg_said_add (c->said, N_("The GM updates %s."), land->name);
  json_object *e = mg_event_new ("land_edited", NULL, NULL);
  json_object_object_add (e, "land", json_object_new_string (land->name));
  json_object_array_add (c->events, e);
  (void) st;
  return TRUE;
}

/* ---------------------------------------------------------------- the actions (mg-actions.h) */

typedef gboolean (*ActFn) (MkCtx *c, GError **error);

/* Refuses an action while something must come first: a casualty choice (unless the action may
 * come `while_choosing`), or a battle waiting for its defender's reinforcement. */
static gboolean
nothing_first (const MkState *st, const char *type, gboolean while_choosing, GError **error)
{
  if (while_choosing)
    return TRUE;
  if (st->choices->len > 0)
    {
      MkChoice *ch = g_ptr_array_index (st->choices, 0);
      return mg_illegal_n (error, "Waiting for %s to choose %u unit to lose first (\"lose\").",
                                                  "Waiting for %s to choose %u units to lose first (\"lose\").", ch->count,
                               st->leaders[ch->leader].name, ch->count);
    }
  for (guint i = 0; i < st->battles->len; i++)
    {
      MkBattle *b = g_ptr_array_index (st->battles, i);
      if (b->step == STEP_REINFORCE && strcmp (type, "reinforce") != 0 && strcmp (type, "fight") != 0)
        return mg_illegal (error, N_("Battle %u on %s comes first: %s may reinforce, then fight."), b->id, b->land,
                                 st->leaders[b->defender].name);
    }
  return TRUE;
}

/* Plays `fn` on `state` (the runner's copy) once the action has only `known` members, its
 * "player" (if any) is a leader and nothing must come first. */
static gboolean
mk_play (MgState *state, json_object *action, MgPlay *play, const char * const *known, ActFn fn,
         gboolean while_choosing, GError **error)
{
  MkState *st = (MkState *) state;
  /* Validation plays without a said (mg_actions_validate): the sentences go nowhere. */
  g_autoptr(MgSaid) unsaid = play->said == NULL ? mg_said_new () : NULL;
  MkCtx c = { st, action, play->events, play->said != NULL ? play->said : unsaid, -1 };
  const char *player;

  if (!mg_json_only (action, NULL, MK_ACTION_ERR, known, error))
    return FALSE;
  if (mg_json_member (action, "player"))
    {
      if (!mg_json_get_string (action, NULL, "player", MK_ACTION_ERR, &player, error))
        return FALSE;
      if ((c.p = mk_find_leader (st, player)) < 0)
        return mg_illegal (error, N_("There is no leader called \"%s\" in this campaign."), player);
    }
  return nothing_first (st, mg_action_type (action), while_choosing, error) && fn (&c, error);
}

static gboolean act_destroy_bridge (MkCtx *c, GError **error) { return mk_act_bridge (c, TRUE, error); }
static gboolean act_build_bridge (MkCtx *c, GError **error) { return mk_act_bridge (c, FALSE, error); }

/* Every action: its type, whether it may come while a casualty choice waits, its function and
 * its own members (besides "type", "player" and "template", which marks an example from
 * legal_actions () whose free fields a form fills in). */
#define MK_ACTIONS(X) \
  X (import_map, FALSE, mk_act_import_map, "map") \
  X (set_leader, FALSE, mk_act_set_leader, "leader", "colour", "capital") \
  X (set_gm, FALSE, mk_act_set_gm, "rotation", "first") \
  X (add_leader, TRUE, mk_act_add_leader, "leader", "colour", "capital") \
  X (correct_map, TRUE, mk_act_correct_map, "map") \
  X (start, FALSE, mk_act_start) \
  X (collect, FALSE, mk_act_collect) \
  X (build, FALSE, mk_act_build, "land", "what") \
  X (build_bridge, FALSE, act_build_bridge, "land", "to") \
  X (destroy_bridge, FALSE, act_destroy_bridge, "land", "to") \
  X (build_boat, FALSE, mk_act_build_boat, "land", "river") \
  X (destroy_boat, FALSE, mk_act_destroy_boat, "boat") \
  X (train, FALSE, mk_act_train, "land", "unit", "count", "army") \
  X (upgrade, FALSE, mk_act_upgrade, "army", "count") \
  X (organize, FALSE, mk_act_organize, "land", "armies") \
  X (move, FALSE, act_move, "army", "path", "forced_walk", "stance", "plunder", "claim") \
  X (navigate, FALSE, act_navigate, "army", "path", "stance", "plunder", "claim") \
  X (fire, FALSE, act_fire, "army", "target") \
  X (take_control, FALSE, act_take_control, "army", "stance") \
  X (reinforce, FALSE, act_reinforce, "army", "battle") \
  X (fight, FALSE, act_fight, "battle") \
  X (lose, TRUE, act_lose, "units") \
  X (model_bonus, FALSE, act_model_bonus) \
  X (end_turn, FALSE, act_end_turn) \
  X (adjust, TRUE, act_adjust, "leader", "gp", "wood", "stone", "food", "iron", "reason") \
  X (edit_land, TRUE, act_edit_land, "land", "owner", "city", "wall", "camp", "resources")

/* play_<type> (): the MgActionFunc of one type. */
#define MK_PLAY_FUNC(type, while_choosing, fn, ...) \
  static gboolean \
  play_##type (MgState *state, json_object *action, MgPlay *play, GError **error) \
  { \
    static const char * const known[] = { "type", "player", "template", ##__VA_ARGS__, NULL }; \
    return mk_play (state, action, play, known, fn, while_choosing, error); \
  }
MK_ACTIONS (MK_PLAY_FUNC)

#define MK_ACTION_ENTRY(type, ...) { #type, play_##type },
static const MgAction actions[] = { MK_ACTIONS (MK_ACTION_ENTRY) };

const MgActions mk_actions = {
  .actions = actions,
  .n_actions = G_N_ELEMENTS (actions),
  .copy = mk_state_copy,
  .size = sizeof (MkState),   /* no pointer into itself: the runner exchanges the bytes */
};

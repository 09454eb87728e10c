/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-tft-ruleset.c — reading and checking data/rulesets/tft.json, every error at its JSON path. */
#include "config.h"

#include <string.h>

#include "mg-game.h"
#include "mg-tft-arena.h"

#define E TFT_RULESET_ERR

static const char * const class_names[] = { "melee", "pole", "thrown", "missile", NULL };
static const char * const roll_names[] = { "hit", "miss", "drop", "break", NULL };
static const char * const entry_names[] = { "grapple", "grapple_dagger", "repel", "counter", NULL };

/* id and name of an entry; the id must be unique among `n` earlier ids at `stride`. */
static gboolean
id_name (json_object *o, const char *path, char **id, char **name, GError **error)
{
  const char *i, *n;

  if (!mg_json_object (o, path, E, error) ||
      !mg_json_get_string (o, path, "id", E, &i, error) ||
      !mg_json_get_string (o, path, "name", E, &n, error))
    return FALSE;
  *id = g_strdup (i);
  *name = g_strdup (n);
  return TRUE;
}

static gboolean
dice_adds (json_object *o, const char *path, gint *dice, gint *adds, GError **error)
{
  return mg_json_get_gint (o, path, "dice", E, 0, 20, dice, error) && mg_json_get_gint (o, path, "adds", E, -10, 20, adds, error);
}

static gboolean
parse_weapon (json_object *o, const char *path, TftWeapon *w, GError **error)
{
  static const char * const known[] = { "id", "name", "class", "dice", "adds", "st", "thrown", "two_handed",
                                        "dagger", "main_gauche", "hth", "two_shots_at", "crossbow", NULL };
  guint cls;
  json_object *sub;

  if (!id_name (o, path, &w->id, &w->name, error) ||
      !mg_json_only (o, path, E, known, error) ||
      !mg_json_get_choice (o, path, "class", E, class_names, &cls, error) ||
      !mg_json_get_gint (o, path, "dice", E, 0, 20, &w->dice, error) ||
      !mg_json_get_gint (o, path, "adds", E, -10, 20, &w->adds, error) ||
      !mg_json_get_gint (o, path, "st", E, 0, 100, &w->st, error) ||
      !mg_json_opt_bool (o, path, "thrown", E, &w->thrown, error) ||
      !mg_json_opt_bool (o, path, "two_handed", E, &w->two_handed, error) ||
      !mg_json_opt_bool (o, path, "dagger", E, &w->dagger, error) ||
      !mg_json_opt_bool (o, path, "main_gauche", E, &w->main_gauche, error) ||
      !mg_json_opt_gint (o, path, "two_shots_at", E, 3, 30, &w->two_shots_at, error))
    return FALSE;
  w->cls = (TftClass) cls;
  if ((sub = mg_json_member (o, "hth")) != NULL)
    {
      g_autofree char *p = mg_json_lazy_key (path, "hth");
      if (!mg_json_object (sub, p, E, error) || !dice_adds (sub, p, &w->hth_dice, &w->hth_adds, error))
        return FALSE;
      w->has_hth = TRUE;
    }
  if ((sub = mg_json_member (o, "crossbow")) != NULL)
    {
      g_autofree char *p = mg_json_lazy_key (path, "crossbow");
      if (!mg_json_object (sub, p, E, error) ||
          !mg_json_get_gint (sub, p, "reload", E, 0, 10, &w->reload, error) ||
          !mg_json_get_gint (sub, p, "fast_at", E, 3, 30, &w->fast_at, error) ||
          !mg_json_get_gint (sub, p, "fast_reload", E, 0, w->reload, &w->fast_reload, error))
        return FALSE;
      w->crossbow = TRUE;
    }
  if ((w->two_shots_at || w->crossbow) && w->cls != W_MISSILE)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                   N_("%s: only a missile weapon fires two shots or reloads like a crossbow"), path);
      return FALSE;
    }
  return TRUE;
}

/* A list of entries with unique ids. */
static json_object *
get_list (json_object *root, const char *key, gsize min, GError **error)
{
  return mg_json_get_array (root, "$", key, E, min, 64, error);
}

static gboolean
unique_id (const char *path, const char *id, const char * const *earlier, guint n, GError **error)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (earlier[i], id) == 0)
      {
        mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                     N_("%s.id: \"%s\" is used twice"), path, id);
        return FALSE;
      }
  return TRUE;
}

static gboolean
parse_autos (json_object *o, const char *path, const char *key, TftAuto *out, guint *n, GError **error)
{
  static const char * const known[] = { "roll", "result", "multiplier", NULL };
  g_autofree char *p = mg_json_lazy_key (path, key);
  json_object *a = mg_json_get_array (o, path, key, E, 0, TFT_MAX_AUTO, error);

  if (a == NULL)
    return FALSE;
  *n = json_object_array_length (a);
  for (guint i = 0; i < *n; i++)
    {
      json_object *it = json_object_array_get_idx (a, i);
      g_autofree char *ip = mg_json_lazy_index (p, i);
      guint r;
      out[i].mult = 1;
      if (!mg_json_object (it, ip, E, error) || !mg_json_only (it, ip, E, known, error) ||
          !mg_json_get_gint (it, ip, "roll", E, 3, 18, &out[i].roll, error) ||
          !mg_json_get_choice (it, ip, "result", E, roll_names, &r, error) ||
          !mg_json_opt_gint (it, ip, "multiplier", E, 1, 5, &out[i].mult, error))
        return FALSE;
      out[i].result = (TftRoll) r;
    }
  return TRUE;
}

static gboolean
parse_races (json_object *root, TftRuleset *rs, GError **error)
{
  static const char * const known[] = { "id", "name", "total", "min_st", "min_dx", "ma", "ma_in_armor",
                                        "bonus_damage", "bonus_weapons", "missile_dx", "missile_damage", NULL };
  json_object *a = get_list (root, "races", 1, error);
  g_autofree const char **ids = NULL;

  if (a == NULL)
    return FALSE;
  rs->n_races = json_object_array_length (a);
  rs->races = g_new0 (TftRace, rs->n_races);
  ids = g_new0 (const char *, rs->n_races + 1);
  for (guint i = 0; i < rs->n_races; i++)
    {
      json_object *o = json_object_array_get_idx (a, i), *sub;
      g_autofree char *path = mg_json_lazy_index ("$.races", i);
      TftRace *r = &rs->races[i];

      if (!id_name (o, path, &r->id, &r->name, error) || !mg_json_only (o, path, E, known, error) ||
          !unique_id (path, r->id, ids, i, error) ||
          !mg_json_get_gint (o, path, "total", E, 2, 200, &r->total, error) ||
          !mg_json_get_gint (o, path, "min_st", E, 1, r->total, &r->min_st, error) ||
          !mg_json_get_gint (o, path, "min_dx", E, 1, r->total - r->min_st, &r->min_dx, error) ||
          !mg_json_get_gint (o, path, "ma", E, 1, 40, &r->ma, error) ||
          !mg_json_opt_gint (o, path, "bonus_damage", E, 0, 10, &r->bonus_damage, error) ||
          !mg_json_opt_gint (o, path, "missile_dx", E, -10, 10, &r->missile_dx, error) ||
          !mg_json_opt_gint (o, path, "missile_damage", E, 0, 10, &r->missile_damage, error))
        return FALSE;
      ids[i] = r->id;
      if ((sub = mg_json_member (o, "ma_in_armor")) != NULL)
        {
          g_autofree char *p = mg_json_lazy_key (path, "ma_in_armor");
          if (!mg_json_object (sub, p, E, error))
            return FALSE;
          json_object_object_foreach (sub, key, val)
            {
              g_autofree char *kp = mg_json_lazy_key (p, key);
              gint k = tft_armor_find (rs, key);
              if (k < 0 || k >= 8)
                {
                  mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                               N_("%s: no armor has the id \"%s\""), kp, key);
                  return FALSE;
                }
              {
                guint ma;
                if (!mg_json_uint (val, kp, E, 1, 40, &ma, error))
                  return FALSE;
                r->ma_in_armor[k] = (gint) ma;
              }
            }
        }
      if ((sub = mg_json_member (o, "bonus_weapons")) != NULL)
        {
          g_autofree char *p = mg_json_lazy_key (path, "bonus_weapons");
          gsize n;
          if (!mg_json_array (sub, p, E, 0, 64, &n, error))
            return FALSE;
          for (guint k = 0; k < n; k++)
            {
              g_autofree char *kp = mg_json_lazy_index (p, k);
              const char *wid;
              gint w;
              if (!mg_json_string (json_object_array_get_idx (sub, k), kp, E, &wid, error))
                return FALSE;
              if ((w = tft_weapon_find (rs, wid)) < 0)
                {
                  mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                               N_("%s: no weapon has the id \"%s\""), kp, wid);
                  return FALSE;
                }
              r->bonus_weapons |= G_GUINT64_CONSTANT (1) << w;
            }
        }
    }
  return TRUE;
}

static gboolean
parse_beasts (json_object *root, TftRuleset *rs, GError **error)
{
  static const char * const known[] = { "id", "name", "st", "min_st", "dx", "ma", "ma_flying", "armor", "attack",
                                        "hth", "hard_to_hit", "sides_are_front", "uses_weapons", "hexes",
                                        "club_per_10_st", "injury", NULL };
  json_object *a = get_list (root, "beasts", 0, error);
  g_autofree const char **ids = NULL;

  if (a == NULL)
    return FALSE;
  rs->n_beasts = json_object_array_length (a);
  rs->beasts = g_new0 (TftBeast, rs->n_beasts);
  ids = g_new0 (const char *, rs->n_races + rs->n_beasts + 1);
  for (guint i = 0; i < rs->n_races; i++)
    ids[i] = rs->races[i].id;
  for (guint i = 0; i < rs->n_beasts; i++)
    {
      json_object *o = json_object_array_get_idx (a, i), *sub;
      g_autofree char *path = mg_json_lazy_index ("$.beasts", i);
      TftBeast *b = &rs->beasts[i];

      b->hexes = 1;
      if (!id_name (o, path, &b->id, &b->name, error) || !mg_json_only (o, path, E, known, error) ||
          !unique_id (path, b->id, ids, rs->n_races + i, error) ||
          !mg_json_get_gint (o, path, "st", E, 1, 500, &b->st, error) ||
          !mg_json_opt_gint (o, path, "min_st", E, 1, b->st, &b->min_st, error) ||
          !mg_json_get_gint (o, path, "dx", E, 1, 100, &b->dx, error) ||
          !mg_json_get_gint (o, path, "ma", E, 0, 40, &b->ma, error) ||
          !mg_json_opt_gint (o, path, "ma_flying", E, 0, 80, &b->ma_flying, error) ||
          !mg_json_get_gint (o, path, "armor", E, 0, 50, &b->armor, error) ||
          !mg_json_opt_gint (o, path, "hard_to_hit", E, -20, 0, &b->hard_to_hit, error) ||
          !mg_json_opt_bool (o, path, "sides_are_front", E, &b->sides_front, error) ||
          !mg_json_opt_bool (o, path, "uses_weapons", E, &b->uses_weapons, error) ||
          !mg_json_opt_gint (o, path, "hexes", E, 1, 7, &b->hexes, error))
        return FALSE;
      ids[rs->n_races + i] = b->id;
      if ((sub = mg_json_member (o, "attack")) != NULL)
        {
          g_autofree char *p = mg_json_lazy_key (path, "attack");
          if (!id_name (sub, p, &b->attack_id, &b->attack_name, error) ||
              !dice_adds (sub, p, &b->attack_dice, &b->attack_adds, error))
            return FALSE;
          b->has_attack = TRUE;
        }
      if ((sub = mg_json_member (o, "hth")) != NULL)
        {
          g_autofree char *p = mg_json_lazy_key (path, "hth");
          if (!mg_json_object (sub, p, E, error) || !dice_adds (sub, p, &b->hth_dice, &b->hth_adds, error))
            return FALSE;
          b->has_hth = TRUE;
        }
      if ((sub = mg_json_member (o, "club_per_10_st")) != NULL)
        {
          g_autofree char *p = mg_json_lazy_key (path, "club_per_10_st");
          if (!mg_json_object (sub, p, E, error) || !dice_adds (sub, p, &b->club_dice, &b->club_adds, error))
            return FALSE;
          b->has_club = TRUE;
        }
      if ((sub = mg_json_member (o, "injury")) != NULL)
        {
          g_autofree char *p = mg_json_lazy_key (path, "injury");
          if (!mg_json_object (sub, p, E, error) ||
              !mg_json_get_gint (sub, p, "wound_hits", E, 1, 200, &b->wound_hits, error) ||
              !mg_json_get_gint (sub, p, "fall_hits", E, 1, 200, &b->fall_hits, error))
            return FALSE;
        }
      if (!b->has_attack && !b->uses_weapons)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                       N_("%s: a beast needs an \"attack\" or \"uses_weapons\": true"), path);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_gear (json_object *root, TftRuleset *rs, GError **error)
{
  static const char * const known_armor[] = { "id", "name", "stops", "dx", "ma", NULL };
  static const char * const known_shield[] = { "id", "name", "stops", "dx", NULL };
  json_object *a;
  g_autofree const char **ids = NULL;

  if ((a = get_list (root, "weapons", 1, error)) == NULL)
    return FALSE;
  rs->n_weapons = json_object_array_length (a);
  if (rs->n_weapons > 64)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_RULESET, N_("$.weapons: at most 64 weapons"));
      return FALSE;
    }
  rs->weapons = g_new0 (TftWeapon, rs->n_weapons);
  ids = g_new0 (const char *, 64 + 1);
  for (guint i = 0; i < rs->n_weapons; i++)
    {
      g_autofree char *path = mg_json_lazy_index ("$.weapons", i);
      if (!parse_weapon (json_object_array_get_idx (a, i), path, &rs->weapons[i], error) ||
          !unique_id (path, rs->weapons[i].id, ids, i, error))
        return FALSE;
      ids[i] = rs->weapons[i].id;
    }

  if ((a = get_list (root, "armor", 0, error)) == NULL)
    return FALSE;
  rs->n_armor = MIN (json_object_array_length (a), 8);
  rs->armor = g_new0 (TftArmor, rs->n_armor);
  memset (ids, 0, sizeof (const char *) * 65);
  for (guint i = 0; i < rs->n_armor; i++)
    {
      json_object *o = json_object_array_get_idx (a, i);
      g_autofree char *path = mg_json_lazy_index ("$.armor", i);
      TftArmor *r = &rs->armor[i];
      if (!id_name (o, path, &r->id, &r->name, error) || !mg_json_only (o, path, E, known_armor, error) ||
          !unique_id (path, r->id, ids, i, error) ||
          !mg_json_get_gint (o, path, "stops", E, 0, 50, &r->stops, error) ||
          !mg_json_get_gint (o, path, "dx", E, -20, 0, &r->dx, error) ||
          !mg_json_get_gint (o, path, "ma", E, 1, 40, &r->ma, error))
        return FALSE;
      ids[i] = r->id;
    }

  if ((a = get_list (root, "shields", 0, error)) == NULL)
    return FALSE;
  rs->n_shields = MIN (json_object_array_length (a), 64);
  rs->shields = g_new0 (TftShield, rs->n_shields);
  memset (ids, 0, sizeof (const char *) * 65);
  for (guint i = 0; i < rs->n_shields; i++)
    {
      json_object *o = json_object_array_get_idx (a, i);
      g_autofree char *path = mg_json_lazy_index ("$.shields", i);
      TftShield *r = &rs->shields[i];
      if (!id_name (o, path, &r->id, &r->name, error) || !mg_json_only (o, path, E, known_shield, error) ||
          !unique_id (path, r->id, ids, i, error) ||
          !mg_json_get_gint (o, path, "stops", E, 0, 50, &r->stops, error) ||
          !mg_json_get_gint (o, path, "dx", E, -20, 0, &r->dx, error))
        return FALSE;
      ids[i] = r->id;
      if (tft_weapon_find (rs, r->id) >= 0)
        {
          mg_refuse (error, MG_RULES_ERROR_BAD_RULESET,
                       N_("%s.id: \"%s\" is already a weapon's id"), path, r->id);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_numbers (json_object *root, TftRuleset *rs, GError **error)
{
  json_object *o, *sub;

  if (!mg_json_get_gint (root, "$", "unarmored_ma", E, 1, 40, &rs->unarmored_ma, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "main_gauche", E, error)) ||
      !mg_json_get_gint (o, "$.main_gauche", "stops", E, 0, 10, &rs->mg_stops, error) ||
      !mg_json_get_gint (o, "$.main_gauche", "dx_shield", E, -10, 0, &rs->mg_dx_shield, error) ||
      !mg_json_get_gint (o, "$.main_gauche", "dx_weapon", E, -10, 0, &rs->mg_dx_weapon, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "carry", E, error)) ||
      !mg_json_get_gint (o, "$.carry", "weapons", E, 1, TFT_MAX_CARRY - 1, &rs->carry_weapons, error) ||
      !mg_json_get_gint (o, "$.carry", "daggers", E, 0, TFT_MAX_CARRY - 1 - rs->carry_weapons, &rs->carry_daggers, error))
    return FALSE;

  if (!(o = mg_json_get_object (root, "$", "to_hit", E, error)) ||
      !parse_autos (o, "$.to_hit", "automatic", rs->autos, &rs->n_autos, error) ||
      !parse_autos (o, "$.to_hit", "roll_to_miss", rs->misses, &rs->n_misses, error) ||
      !(sub = mg_json_get_object (o, "$.to_hit", "four_dice", E, error)) ||
      !mg_json_get_gint (sub, "$.to_hit.four_dice", "dice", E, 3, 6, &rs->four_dice, error) ||
      !mg_json_get_gint (sub, "$.to_hit.four_dice", "miss_at", E, 4, 36, &rs->four_miss_at, error))
    return FALSE;
  {
    static const char * const against[] = { "defend", "dodge", NULL };
    json_object *a = mg_json_get_array (sub, "$.to_hit.four_dice", "against", E, 0, 2, error);
    if (a == NULL)
      return FALSE;
    for (guint i = 0; i < json_object_array_length (a); i++)
      {
        g_autofree char *p = mg_json_lazy_index ("$.to_hit.four_dice.against", i);
        guint c;
        if (!mg_json_choice (json_object_array_get_idx (a, i), p, E, against, &c, error))
          return FALSE;
        if (c == 0) rs->four_vs_defend = TRUE; else rs->four_vs_dodge = TRUE;
      }
  }

  if (!(o = mg_json_get_object (root, "$", "dx", E, error)) ||
      !mg_json_get_gint (o, "$.dx", "side", E, -10, 10, &rs->dx_side, error) ||
      !mg_json_get_gint (o, "$.dx", "rear", E, -10, 10, &rs->dx_rear, error) ||
      !mg_json_get_gint (o, "$.dx", "thrown_per_hex", E, -10, 0, &rs->dx_thrown_hex, error) ||
      !mg_json_get_gint (o, "$.dx", "prone_crossbow", E, -10, 10, &rs->dx_prone_xbow, error) ||
      !mg_json_get_gint (o, "$.dx", "pole_vs_charge", E, -10, 10, &rs->dx_pole_charge, error) ||
      !mg_json_get_gint (o, "$.dx", "sheltering", E, -10, 0, &rs->dx_shelter, error) ||
      !(sub = mg_json_get_object (o, "$.dx", "missile_range", E, error)) ||
      !mg_json_get_gint (sub, "$.dx.missile_range", "free_megahexes", E, 0, 50, &rs->mr_free, error) ||
      !mg_json_get_gint (sub, "$.dx.missile_range", "step_megahexes", E, 1, 50, &rs->mr_step, error) ||
      !mg_json_get_gint (sub, "$.dx.missile_range", "per_step", E, -10, 0, &rs->mr_per, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "damage", E, error)) ||
      !mg_json_get_gint (o, "$.damage", "pole_charge_multiplier", E, 1, 5, &rs->pole_mult, error) ||
      !mg_json_get_gint (o, "$.damage", "practice_divisor", E, 1, 10, &rs->practice_div, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "injury", E, error)) ||
      !mg_json_get_gint (o, "$.injury", "wound_hits", E, 1, 100, &rs->wound_hits, error) ||
      !mg_json_get_gint (o, "$.injury", "wound_dx", E, -10, 0, &rs->wound_dx, error) ||
      !mg_json_get_gint (o, "$.injury", "fall_hits", E, 1, 100, &rs->fall_hits, error) ||
      !mg_json_get_gint (o, "$.injury", "weak_st", E, 0, 20, &rs->weak_st, error) ||
      !mg_json_get_gint (o, "$.injury", "weak_dx", E, -10, 0, &rs->weak_dx, error) ||
      !mg_json_get_gint (o, "$.injury", "dead_st", E, -50, 0, &rs->dead_st, error) ||
      !mg_json_get_gint (o, "$.injury", "unconscious_st", E, rs->dead_st + 1, 20, &rs->uncon_st, error))
    return FALSE;

  if (!(o = mg_json_get_object (root, "$", "hth", E, error)))
    return FALSE;
  {
    json_object *a = mg_json_get_array (o, "$.hth", "entry", E, 6, 6, error);
    if (a == NULL)
      return FALSE;
    for (guint i = 0; i < 6; i++)
      {
        g_autofree char *p = mg_json_lazy_index ("$.hth.entry", i);
        json_object *it = json_object_array_get_idx (a, i);
        gint roll;
        guint c;
        if (!mg_json_object (it, p, E, error) || !mg_json_get_gint (it, p, "roll", E, i + 1, i + 1, &roll, error) ||
            !mg_json_get_choice (it, p, "result", E, entry_names, &c, error))
          return FALSE;
        rs->entry[i] = (TftEntry) c;
      }
  }
  if (!(sub = mg_json_get_object (o, "$.hth", "bare_hands", E, error)) ||
      !mg_json_get_gint (sub, "$.hth.bare_hands", "stronger_foe", E, -10, 10, &rs->bare_stronger, error) ||
      !mg_json_get_gint (sub, "$.hth.bare_hands", "same", E, -10, 10, &rs->bare_same, error) ||
      !mg_json_get_gint (sub, "$.hth.bare_hands", "weaker_foe", E, -10, 10, &rs->bare_weaker, error) ||
      !mg_json_get_gint (sub, "$.hth.bare_hands", "group", E, -10, 10, &rs->bare_group, error) ||
      !mg_json_get_gint (o, "$.hth", "draw_dagger_max", E, 0, 6, &rs->draw_dagger_max, error) ||
      !mg_json_get_gint (o, "$.hth", "disengage_superior_max", E, 0, 6, &rs->diseng_sup_max, error) ||
      !mg_json_get_gint (o, "$.hth", "disengage_max", E, 0, 6, &rs->diseng_max, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "shield_rush", E, error)) ||
      !mg_json_get_gint (o, "$.shield_rush", "save_dice", E, 1, 6, &rs->rush_dice, error) ||
      !mg_json_get_gint (o, "$.shield_rush", "weaker_save_dice", E, 1, 6, &rs->rush_weak_dice, error) ||
      !mg_json_get_gint (o, "$.shield_rush", "always_fall_3", E, 3, 37, &rs->rush_fall3, error) ||
      !mg_json_get_gint (o, "$.shield_rush", "always_fall_2", E, 2, 37, &rs->rush_fall2, error) ||
      !mg_json_get_gint (o, "$.shield_rush", "no_effect_ratio", E, 1, 10, &rs->rush_ratio, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "experience", E, error)))
    return FALSE;
#define EXP(key, field, lo, hi) mg_json_get_gint (o, "$.experience", key, E, lo, hi, &rs->field, error)
  if (!EXP ("death", ep_death, 0, 10000) || !EXP ("death_superior", ep_death_sup, 0, 10000) ||
      !EXP ("death_superior_margin", ep_death_margin, 0, 100) || !EXP ("arena_win", ep_arena_win, 0, 10000) ||
      !EXP ("arena_defeated", ep_arena_def, 0, 10000) || !EXP ("arena_fled_unhurt", ep_arena_fled, -10000, 10000) ||
      !EXP ("arena_weaker_bonus", ep_arena_weak, 0, 10000) || !EXP ("arena_weaker_margin", ep_arena_margin, 0, 100) ||
      !EXP ("practice", ep_practice, 0, 10000) || !EXP ("practice_out_st", ep_practice_st, 0, 100) ||
      !EXP ("trade_cost", ep_trade, 1, 100000))
    return FALSE;
#undef EXP
  return TRUE;
}

/* Read with paths off (src/rules/mg-json.h); a refused ruleset is read again to name the bad
 * field. */
static gboolean ruleset_parse (json_object *root, TftRuleset *rs, GError **error);

gboolean
tft_ruleset_parse (json_object *root, TftRuleset *rs, GError **error)
{
  g_autoptr(GError) quiet = NULL;
  gboolean was, ok;

  if (mg_json_paths_on ())
    return ruleset_parse (root, rs, error);
  if (ruleset_parse (root, rs, &quiet))
    return TRUE;
  was = mg_json_paths_begin ();
  ok = ruleset_parse (root, rs, error);
  mg_json_paths_end (was);
  return ok;
}

static gboolean
ruleset_parse (json_object *root, TftRuleset *rs, GError **error)
{
  static const char * const known[] = {
    "game", "name", "notes", "weapons", "armor", "unarmored_ma", "shields", "main_gauche", "carry", "races",
    "beasts", "to_hit", "dx", "damage", "injury", "hth", "shield_rush", "experience", "house_rules", "arenas", NULL };
  static const char * const house_rules[] = { TFT_HOUSE_FLIER_OUT_OF_REACH, TFT_HOUSE_NO_BOARD, NULL };
  json_object *notes;

  memset (rs, 0, sizeof *rs);
  if (!mg_json_ruleset_header (root, "tft", E, known, error) ||
      !parse_gear (root, rs, error) || !parse_races (root, rs, error) || !parse_beasts (root, rs, error) ||
      !parse_numbers (root, rs, error) || !tft_arenas_parse (root, rs, error))
    goto fail;
  /* The switches the table chose (docs/rules/tft.md, House rules): each a boolean. */
  if ((notes = mg_json_member (root, "house_rules")) != NULL)
    {
      if (!mg_json_object (notes, "$.house_rules", E, error) || !mg_json_only (notes, "$.house_rules", E, house_rules, error))
        goto fail;
      json_object_object_foreach (notes, key, val)
        {
          g_autofree char *p = mg_json_lazy_key ("$.house_rules", key);
          gboolean b;
          if (!mg_json_bool (val, p, E, &b, error))
            goto fail;
        }
    }
  rs->fliers_out_of_reach = mg_house_rule (root, TFT_HOUSE_FLIER_OUT_OF_REACH, TRUE);
  /* absent (a campaign made before the arena) as shipped: off; its fights name no arena, so they
   * play as they did, and a new fight may opt in */
  rs->no_board = mg_house_rule (root, TFT_HOUSE_NO_BOARD, FALSE);
  if (!mg_json_ruleset_notes (root, E, error))
    goto fail;
  json_object_deep_copy (root, &rs->json, NULL);
  rs->refs = g_new (gatomicrefcount, 1);
  g_atomic_ref_count_init (rs->refs);
  return TRUE;

fail:
  tft_ruleset_clear (rs);
  return FALSE;
}

void
tft_ruleset_share (TftRuleset *dst, const TftRuleset *src)
{
  *dst = *src;
  if (src->refs)
    g_atomic_ref_count_inc (src->refs);
}

void
tft_ruleset_clear (TftRuleset *rs)
{
  if (rs->refs && !g_atomic_ref_count_dec (rs->refs))
    {
      memset (rs, 0, sizeof *rs);   /* other states still hold the parse */
      return;
    }
  g_free (rs->refs);
  for (guint i = 0; rs->weapons && i < rs->n_weapons; i++)
    g_free (rs->weapons[i].id), g_free (rs->weapons[i].name);
  for (guint i = 0; rs->armor && i < rs->n_armor; i++)
    g_free (rs->armor[i].id), g_free (rs->armor[i].name);
  for (guint i = 0; rs->shields && i < rs->n_shields; i++)
    g_free (rs->shields[i].id), g_free (rs->shields[i].name);
  for (guint i = 0; rs->races && i < rs->n_races; i++)
    g_free (rs->races[i].id), g_free (rs->races[i].name);
  for (guint i = 0; rs->beasts && i < rs->n_beasts; i++)
    {
      g_free (rs->beasts[i].id), g_free (rs->beasts[i].name);
      g_free (rs->beasts[i].attack_id), g_free (rs->beasts[i].attack_name);
    }
  g_free (rs->weapons);
  g_free (rs->armor);
  g_free (rs->shields);
  g_free (rs->races);
  g_free (rs->beasts);
  tft_arenas_clear (rs);
  if (rs->json)
    json_object_put (rs->json);
  memset (rs, 0, sizeof *rs);
}

gint
tft_weapon_find (const TftRuleset *rs, const char *id)
{
  for (guint i = 0; id && rs->weapons && i < rs->n_weapons; i++)
    if (rs->weapons[i].id && strcmp (rs->weapons[i].id, id) == 0)
      return (gint) i;
  return TFT_NONE;
}

gint
tft_armor_find (const TftRuleset *rs, const char *id)
{
  for (guint i = 0; id && rs->armor && i < rs->n_armor; i++)
    if (rs->armor[i].id && strcmp (rs->armor[i].id, id) == 0)
      return (gint) i;
  return TFT_NONE;
}

gint
tft_shield_find (const TftRuleset *rs, const char *id)
{
  for (guint i = 0; id && rs->shields && i < rs->n_shields; i++)
    if (strcmp (rs->shields[i].id, id) == 0)
      return (gint) i;
  return TFT_NONE;
}

gint
tft_kind_find (const TftRuleset *rs, const char *id)
{
  for (guint i = 0; id && i < rs->n_races; i++)
    if (strcmp (rs->races[i].id, id) == 0)
      return (gint) i;
  for (guint i = 0; id && i < rs->n_beasts; i++)
    if (strcmp (rs->beasts[i].id, id) == 0)
      return (gint) (rs->n_races + i);
  return TFT_NONE;
}

const char *
tft_kind_id (const TftRuleset *rs, guint kind)
{
  return kind < rs->n_races ? rs->races[kind].id : rs->beasts[kind - rs->n_races].id;
}

const TftBeast *
tft_beast (const TftRuleset *rs, guint kind)
{
  return kind >= rs->n_races && kind < rs->n_races + rs->n_beasts ? &rs->beasts[kind - rs->n_races] : NULL;
}

const TftRace *
tft_race (const TftRuleset *rs, guint kind)
{
  return kind < rs->n_races ? &rs->races[kind] : NULL;
}

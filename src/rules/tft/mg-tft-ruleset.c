/* mg-tft-ruleset.c — reading and checking data/rulesets/tft.json, every error at its JSON path. */
#include "config.h"

#include <string.h>

#include "mg-game.h"
#include "mg-tft-private.h"

#define E TFT_RULESET_ERR

static const char * const class_names[] = { "melee", "pole", "thrown", "missile", NULL };
static const char * const roll_names[] = { "hit", "miss", "drop", "break", NULL };
static const char * const entry_names[] = { "grapple", "grapple_dagger", "repel", "counter", NULL };

/* An optional integer member: absent keeps *out. */
static gboolean
opt_int (json_object *o, const char *path, const char *key, gint64 min, gint64 max, gint *out, GError **error)
{
  gint64 v;

  if (mg_json_member (o, key) == NULL)
    return TRUE;
  if (!mg_json_get_int (o, path, key, E, min, max, &v, error))
    return FALSE;
  *out = (gint) v;
  return TRUE;
}

static gboolean
req_int (json_object *o, const char *path, const char *key, gint64 min, gint64 max, gint *out, GError **error)
{
  gint64 v;

  if (!mg_json_get_int (o, path, key, E, min, max, &v, error))
    return FALSE;
  *out = (gint) v;
  return TRUE;
}

static gboolean
opt_bool (json_object *o, const char *path, const char *key, gboolean *out, GError **error)
{
  if (mg_json_member (o, key) == NULL)
    return TRUE;
  return mg_json_get_bool (o, path, key, E, out, error);
}

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
  return req_int (o, path, "dice", 0, 20, dice, error) && req_int (o, path, "adds", -10, 20, adds, error);
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
      !req_int (o, path, "dice", 0, 20, &w->dice, error) ||
      !req_int (o, path, "adds", -10, 20, &w->adds, error) ||
      !req_int (o, path, "st", 0, 100, &w->st, error) ||
      !opt_bool (o, path, "thrown", &w->thrown, error) ||
      !opt_bool (o, path, "two_handed", &w->two_handed, error) ||
      !opt_bool (o, path, "dagger", &w->dagger, error) ||
      !opt_bool (o, path, "main_gauche", &w->main_gauche, error) ||
      !opt_int (o, path, "two_shots_at", 3, 30, &w->two_shots_at, error))
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
          !req_int (sub, p, "reload", 0, 10, &w->reload, error) ||
          !req_int (sub, p, "fast_at", 3, 30, &w->fast_at, error) ||
          !req_int (sub, p, "fast_reload", 0, w->reload, &w->fast_reload, error))
        return FALSE;
      w->crossbow = TRUE;
    }
  if ((w->two_shots_at || w->crossbow) && w->cls != W_MISSILE)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("%s: only a missile weapon fires two shots or reloads like a crossbow"), path);
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
        g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                     _("%s.id: \"%s\" is used twice"), path, id);
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
          !req_int (it, ip, "roll", 3, 18, &out[i].roll, error) ||
          !mg_json_get_choice (it, ip, "result", E, roll_names, &r, error) ||
          !opt_int (it, ip, "multiplier", 1, 5, &out[i].mult, error))
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
          !req_int (o, path, "total", 2, 200, &r->total, error) ||
          !req_int (o, path, "min_st", 1, r->total, &r->min_st, error) ||
          !req_int (o, path, "min_dx", 1, r->total - r->min_st, &r->min_dx, error) ||
          !req_int (o, path, "ma", 1, 40, &r->ma, error) ||
          !opt_int (o, path, "bonus_damage", 0, 10, &r->bonus_damage, error) ||
          !opt_int (o, path, "missile_dx", -10, 10, &r->missile_dx, error) ||
          !opt_int (o, path, "missile_damage", 0, 10, &r->missile_damage, error))
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
                  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                               _("%s: no armor has the id \"%s\""), kp, key);
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
                  g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                               _("%s: no weapon has the id \"%s\""), kp, wid);
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
          !req_int (o, path, "st", 1, 500, &b->st, error) ||
          !opt_int (o, path, "min_st", 1, b->st, &b->min_st, error) ||
          !req_int (o, path, "dx", 1, 100, &b->dx, error) ||
          !req_int (o, path, "ma", 0, 40, &b->ma, error) ||
          !opt_int (o, path, "ma_flying", 0, 80, &b->ma_flying, error) ||
          !req_int (o, path, "armor", 0, 50, &b->armor, error) ||
          !opt_int (o, path, "hard_to_hit", -20, 0, &b->hard_to_hit, error) ||
          !opt_bool (o, path, "sides_are_front", &b->sides_front, error) ||
          !opt_bool (o, path, "uses_weapons", &b->uses_weapons, error) ||
          !opt_int (o, path, "hexes", 1, 7, &b->hexes, error))
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
              !req_int (sub, p, "wound_hits", 1, 200, &b->wound_hits, error) ||
              !req_int (sub, p, "fall_hits", 1, 200, &b->fall_hits, error))
            return FALSE;
        }
      if (!b->has_attack && !b->uses_weapons)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                       _("%s: a beast needs an \"attack\" or \"uses_weapons\": true"), path);
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
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET, _("$.weapons: at most 64 weapons"));
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
          !req_int (o, path, "stops", 0, 50, &r->stops, error) ||
          !req_int (o, path, "dx", -20, 0, &r->dx, error) ||
          !req_int (o, path, "ma", 1, 40, &r->ma, error))
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
          !req_int (o, path, "stops", 0, 50, &r->stops, error) ||
          !req_int (o, path, "dx", -20, 0, &r->dx, error))
        return FALSE;
      ids[i] = r->id;
      if (tft_weapon_find (rs, r->id) >= 0)
        {
          g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                       _("%s.id: \"%s\" is already a weapon's id"), path, r->id);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_numbers (json_object *root, TftRuleset *rs, GError **error)
{
  json_object *o, *sub;

  if (!req_int (root, "$", "unarmored_ma", 1, 40, &rs->unarmored_ma, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "main_gauche", E, error)) ||
      !req_int (o, "$.main_gauche", "stops", 0, 10, &rs->mg_stops, error) ||
      !req_int (o, "$.main_gauche", "dx_shield", -10, 0, &rs->mg_dx_shield, error) ||
      !req_int (o, "$.main_gauche", "dx_weapon", -10, 0, &rs->mg_dx_weapon, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "carry", E, error)) ||
      !req_int (o, "$.carry", "weapons", 1, TFT_MAX_CARRY - 1, &rs->carry_weapons, error) ||
      !req_int (o, "$.carry", "daggers", 0, TFT_MAX_CARRY - 1 - rs->carry_weapons, &rs->carry_daggers, error))
    return FALSE;

  if (!(o = mg_json_get_object (root, "$", "to_hit", E, error)) ||
      !parse_autos (o, "$.to_hit", "automatic", rs->autos, &rs->n_autos, error) ||
      !parse_autos (o, "$.to_hit", "roll_to_miss", rs->misses, &rs->n_misses, error) ||
      !(sub = mg_json_get_object (o, "$.to_hit", "four_dice", E, error)) ||
      !req_int (sub, "$.to_hit.four_dice", "dice", 3, 6, &rs->four_dice, error) ||
      !req_int (sub, "$.to_hit.four_dice", "miss_at", 4, 36, &rs->four_miss_at, error))
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
      !req_int (o, "$.dx", "side", -10, 10, &rs->dx_side, error) ||
      !req_int (o, "$.dx", "rear", -10, 10, &rs->dx_rear, error) ||
      !req_int (o, "$.dx", "thrown_per_hex", -10, 0, &rs->dx_thrown_hex, error) ||
      !req_int (o, "$.dx", "prone_crossbow", -10, 10, &rs->dx_prone_xbow, error) ||
      !req_int (o, "$.dx", "pole_vs_charge", -10, 10, &rs->dx_pole_charge, error) ||
      !req_int (o, "$.dx", "sheltering", -10, 0, &rs->dx_shelter, error) ||
      !(sub = mg_json_get_object (o, "$.dx", "missile_range", E, error)) ||
      !req_int (sub, "$.dx.missile_range", "free_megahexes", 0, 50, &rs->mr_free, error) ||
      !req_int (sub, "$.dx.missile_range", "step_megahexes", 1, 50, &rs->mr_step, error) ||
      !req_int (sub, "$.dx.missile_range", "per_step", -10, 0, &rs->mr_per, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "damage", E, error)) ||
      !req_int (o, "$.damage", "pole_charge_multiplier", 1, 5, &rs->pole_mult, error) ||
      !req_int (o, "$.damage", "practice_divisor", 1, 10, &rs->practice_div, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "injury", E, error)) ||
      !req_int (o, "$.injury", "wound_hits", 1, 100, &rs->wound_hits, error) ||
      !req_int (o, "$.injury", "wound_dx", -10, 0, &rs->wound_dx, error) ||
      !req_int (o, "$.injury", "fall_hits", 1, 100, &rs->fall_hits, error) ||
      !req_int (o, "$.injury", "weak_st", 0, 20, &rs->weak_st, error) ||
      !req_int (o, "$.injury", "weak_dx", -10, 0, &rs->weak_dx, error) ||
      !req_int (o, "$.injury", "dead_st", -50, 0, &rs->dead_st, error) ||
      !req_int (o, "$.injury", "unconscious_st", rs->dead_st + 1, 20, &rs->uncon_st, error))
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
        if (!mg_json_object (it, p, E, error) || !req_int (it, p, "roll", i + 1, i + 1, &roll, error) ||
            !mg_json_get_choice (it, p, "result", E, entry_names, &c, error))
          return FALSE;
        rs->entry[i] = (TftEntry) c;
      }
  }
  if (!(sub = mg_json_get_object (o, "$.hth", "bare_hands", E, error)) ||
      !req_int (sub, "$.hth.bare_hands", "stronger_foe", -10, 10, &rs->bare_stronger, error) ||
      !req_int (sub, "$.hth.bare_hands", "same", -10, 10, &rs->bare_same, error) ||
      !req_int (sub, "$.hth.bare_hands", "weaker_foe", -10, 10, &rs->bare_weaker, error) ||
      !req_int (sub, "$.hth.bare_hands", "group", -10, 10, &rs->bare_group, error) ||
      !req_int (o, "$.hth", "draw_dagger_max", 0, 6, &rs->draw_dagger_max, error) ||
      !req_int (o, "$.hth", "disengage_superior_max", 0, 6, &rs->diseng_sup_max, error) ||
      !req_int (o, "$.hth", "disengage_max", 0, 6, &rs->diseng_max, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "shield_rush", E, error)) ||
      !req_int (o, "$.shield_rush", "save_dice", 1, 6, &rs->rush_dice, error) ||
      !req_int (o, "$.shield_rush", "weaker_save_dice", 1, 6, &rs->rush_weak_dice, error) ||
      !req_int (o, "$.shield_rush", "always_fall_3", 3, 37, &rs->rush_fall3, error) ||
      !req_int (o, "$.shield_rush", "always_fall_2", 2, 37, &rs->rush_fall2, error) ||
      !req_int (o, "$.shield_rush", "no_effect_ratio", 1, 10, &rs->rush_ratio, error))
    return FALSE;
  if (!(o = mg_json_get_object (root, "$", "experience", E, error)))
    return FALSE;
#define EXP(key, field, lo, hi) req_int (o, "$.experience", key, lo, hi, &rs->field, error)
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
    "beasts", "to_hit", "dx", "damage", "injury", "hth", "shield_rush", "experience", "house_rules", NULL };
  static const char * const house_rules[] = { TFT_HOUSE_FLIER_OUT_OF_REACH, NULL };
  static const char * const game_ids[] = { "tft", NULL };
  guint game;
  json_object *notes;

  memset (rs, 0, sizeof *rs);
  if (!mg_json_object (root, "$", E, error) || !mg_json_only (root, "$", E, known, error) ||
      !mg_json_get_choice (root, "$", "game", E, game_ids, &game, error) ||
      !parse_gear (root, rs, error) || !parse_races (root, rs, error) || !parse_beasts (root, rs, error) ||
      !parse_numbers (root, rs, error))
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
  if ((notes = mg_json_member (root, "notes")) != NULL)
    {
      if (!mg_json_object (notes, "$.notes", E, error))
        goto fail;
      json_object_object_foreach (notes, key, val)
        {
          g_autofree char *p = mg_json_lazy_key ("$.notes", key);
          const char *text;
          if (!mg_json_string (val, p, E, &text, error))
            goto fail;
        }
    }
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

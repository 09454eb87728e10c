/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-game.c — the registry of games: the built-in ones (from the meson list) and tests' fakes. */
#include "config.h"

#include <string.h>

#include "mg-game.h"
#include "mg-json.h"

/* Generated from the `games` list in meson.build (mg-games-builtin.c). */
void mg_games_add_builtins (void (*add) (const MgGame *game));

/* Small and fixed: five games, and a few fakes in tests. NULL-terminated. */
#define MAX_GAMES 32
static const MgGame *games[MAX_GAMES + 1];
static guint n_games;
static GMutex games_lock;

static void
add_locked (const MgGame *game)
{
  for (guint i = 0; i < n_games; i++)
    if (strcmp (games[i]->rules->id, game->rules->id) == 0)
      {
        games[i] = game;
        return;
      }
  if (n_games < MAX_GAMES)
    games[n_games++] = game;
  else
    g_warning ("mg_game_register: no room for game \"%s\"", game->rules->id);
}

static void
ensure_builtins_locked (void)
{
  if (n_games == 0)
    mg_games_add_builtins (add_locked);
}

void
mg_game_register (const MgGame *game)
{
  g_return_if_fail (game != NULL && game->rules != NULL && game->rules->id != NULL);

  g_mutex_lock (&games_lock);
  ensure_builtins_locked ();
  add_locked (game);
  g_mutex_unlock (&games_lock);
}

const MgGame **
mg_games_all (guint *n)
{
  g_mutex_lock (&games_lock);
  ensure_builtins_locked ();
  if (n != NULL)
    *n = n_games;
  g_mutex_unlock (&games_lock);
  return games;
}

const MgGame *
mg_game_lookup (const char *game_id)
{
  guint n;
  const MgGame **all = mg_games_all (&n);

  if (game_id == NULL)
    return NULL;
  for (guint i = 0; i < n; i++)
    if (strcmp (all[i]->rules->id, game_id) == 0)
      return all[i];
  return NULL;
}

const MgGame *
mg_game_of_json (json_object *object)
{
  json_object *id = NULL;

  if (!json_object_is_type (object, json_type_object) || !json_object_object_get_ex (object, "game", &id)
      || !json_object_is_type (id, json_type_string))
    return NULL;
  return mg_game_lookup (json_object_get_string (id));
}

const MgGameVariant *
mg_game_find_variant (const MgGame *game, const char *value)
{
  for (guint i = 0; game != NULL && value != NULL && i < game->n_variants; i++)
    if (g_strcmp0 (game->variants[i].value, value) == 0)
      return &game->variants[i];
  return NULL;
}

gboolean
mg_house_rule (json_object *ruleset, const char *key, gboolean fallback)
{
  json_object *rules, *value;

  if (json_object_object_get_ex (ruleset, "house_rules", &rules)
      && json_object_object_get_ex (rules, key, &value)
      && json_object_is_type (value, json_type_boolean))
    return json_object_get_boolean (value);
  return fallback;
}

gboolean
mg_house_rules_check (json_object *ruleset, const MgHouseRule *rules, guint n_rules, GError **error)
{
  MgJsonErr kind = mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET);
  json_object *switches = mg_json_member (ruleset, "house_rules");
  g_autofree const char **keys = g_new0 (const char *, n_rules + 1);

  if (switches == NULL)
    return TRUE;
  for (guint i = 0; i < n_rules; i++)
    keys[i] = rules[i].key;
  /* "$.house_rules: unknown field \"x\"" names a typo'd switch as any unknown field is named. */
  if (!mg_json_object (switches, "$.house_rules", kind, error) ||
      !mg_json_only (switches, "$.house_rules", kind, keys, error))
    return FALSE;
  json_object_object_foreach (switches, key, value)
    {
      g_autofree char *path = mg_json_path_key ("$.house_rules", key);
      gboolean on;

      if (!mg_json_bool (value, path, kind, &on, error))
        return FALSE;
    }
  return TRUE;
}

/* Does `pattern` ("$.costs.*.gp") name `path` ("$.costs.knight.gp")? "*" is one whole member. */
static gboolean
word_matches (const char *pattern, const char *path)
{
  while (*pattern != '\0' && *path != '\0')
    {
      if (pattern[0] == '*')
        {
          pattern++;
          while (*path != '\0' && *path != '.' && *path != '[')
            path++;
          continue;
        }
      if (*pattern != *path)
        return FALSE;
      pattern++;
      path++;
    }
  return *pattern == '\0' && *path == '\0';
}

const MgRulesetWord *
mg_game_find_word (const MgGame *game, const char *path)
{
  for (guint i = 0; game != NULL && path != NULL && i < game->n_ruleset_words; i++)
    if (word_matches (game->ruleset_words[i].path, path))
      return &game->ruleset_words[i];
  return NULL;
}

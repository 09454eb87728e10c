/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-ruleset.c — loading rulesets: the shipped defaults (compiled in) and referee-edited files. */
#include "mg-ruleset.h"
#include "mg-campaign.h"
#include "mg-data.h"
#include "mg-game.h"
#include "mg-store.h"

#include <glib/gi18n.h>
#include <string.h>


/* Line and column (both from 1) of byte `offset` in text. */
static void
text_position (const char *text, gsize offset, gsize *line, gsize *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && text[i]; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) text[i] & 0xc0) != 0x80)   /* count characters, not UTF-8 bytes */
        (*column)++;
    }
}

/* Parses one JSON object from text; errors say where parsing stopped. */
static json_object *
parse_json_object (const char *text, gsize len, GError **error)
{
  json_tokener *tok;
  json_object *obj;
  enum json_tokener_error jerr;
  gsize line, column, end;

  if (len > G_MAXINT)
    {
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("The ruleset is too large"));
      return NULL;
    }
  tok = json_tokener_new ();
  obj = json_tokener_parse_ex (tok, text, (int) len);
  jerr = json_tokener_get_error (tok);
  end = json_tokener_get_parse_end (tok);
  json_tokener_free (tok);

  if (jerr == json_tokener_continue)
    {
      text_position (text, len, &line, &column);
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("Line %zu, column %zu: the JSON ends too early"),
                   line, column);
      return NULL;
    }
  if (jerr != json_tokener_success)
    {
      text_position (text, end, &line, &column);
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("Line %zu, column %zu: %s"),
                   line, column, json_tokener_error_desc (jerr));
      return NULL;
    }
  for (; end < len && g_ascii_isspace (text[end]); end++)
    ;
  if (end < len)
    {
      text_position (text, end, &line, &column);
      json_object_put (obj);
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("Line %zu, column %zu: unexpected text after the ruleset"),
                   line, column);
      return NULL;
    }
  if (!json_object_is_type (obj, json_type_object))
    {
      json_object_put (obj);
      g_set_error (error, MG_RULES_ERROR, MG_RULES_ERROR_BAD_RULESET,
                   _("$: a ruleset is a JSON object"));
      return NULL;
    }
  return obj;
}

static json_object *
parse_and_check (const MgRules *rules, const char *text, gsize len, GError **error)
{
  json_object *ruleset = parse_json_object (text, len, error);

  if (!ruleset)
    return NULL;
  if (rules && rules->check_ruleset && !rules->check_ruleset (ruleset, error))
    {
      json_object_put (ruleset);
      return NULL;
    }
  return ruleset;
}

json_object *
mg_ruleset_load_default (const char *game_id, GError **error)
{
  const MgGame *game = mg_game_lookup (game_id);
  const MgRules *rules = game != NULL ? game->rules : NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  json_object *ruleset;

  if (!rules)
    {
      g_set_error (error, MG_CAMPAIGN_ERROR, MG_CAMPAIGN_ERROR_UNKNOWN_GAME,
                   _("This version of Melee GM has no game “%s”"), game_id);
      return NULL;
    }
  if (game->ruleset_resource != NULL)
    bytes = mg_data_lookup (game->ruleset_resource, NULL);
  if (!bytes)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("No ruleset is shipped for the game “%s”"), game_id);
      return NULL;
    }
  ruleset = parse_and_check (rules, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &local);
  if (!ruleset)
    g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                _("The shipped ruleset for “%s” is broken: "), game_id);
  return ruleset;
}

json_object *
mg_ruleset_parse (const MgRules *rules, const char *text, GError **error)
{
  if (!text)
    text = "";
  return parse_and_check (rules, text, strlen (text), error);
}

json_object *
mg_ruleset_load_file (const MgRules *rules, const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *display = g_filename_display_name (path);
  gsize len;
  json_object *ruleset;

  if (!mg_store_refuse_if_attached (path, G_FILE_ERROR, G_FILE_ERROR_INVAL, error) ||
      !g_file_get_contents (path, &text, &len, error))
    return NULL;
  ruleset = parse_and_check (rules, text, len, &local);
  if (!ruleset)
    g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", display);
  return ruleset;
}

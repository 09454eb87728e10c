/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-actions.c — every engine's validate() and apply(): find the action's function by its type,
 * refuse a finished game, play the function on a copy of the state (mg-actions.h). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "mg-actions.h"

const MgAction *
mg_actions_find (const MgActions *actions, const char *type)
{
  for (guint i = 0; type != NULL && i < actions->n_actions; i++)
    if (strcmp (actions->actions[i].type, type) == 0)
      return &actions->actions[i];
  return NULL;
}

gboolean
mg_rules_action_is_secret (const MgRules *rules, const char *type)
{
  const MgAction *found = rules->actions != NULL ? mg_actions_find (rules->actions, type) : NULL;

  return found != NULL && (found->flags & MG_ACTION_SECRET) != 0;
}

gboolean
mg_rules_has_secrets (const MgRules *rules)
{
  for (guint i = 0; rules->actions != NULL && i < rules->actions->n_actions; i++)
    if (rules->actions->actions[i].flags & MG_ACTION_SECRET)
      return TRUE;
  return FALSE;
}

/* The function for `action`, or NULL with the error a referee reads: not an action, an
 * unknown type (listing the known ones), or a game already over. */
static const MgAction *
lookup (const MgState *state, json_object *action, GError **error)
{
  const MgRules *rules = state->rules;
  const MgActions *actions = rules->actions;
  const char *type = mg_action_type (action);
  const MgAction *found;

  if (type == NULL)
    {
      mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                           N_("An action is a JSON object with a \"type\""));
      return NULL;
    }
  found = mg_actions_find (actions, type);
  if (found == NULL)
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < actions->n_actions; i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "", actions->actions[i].type);
      mg_refuse (error, MG_RULES_ERROR_BAD_ACTION,
                   /* TRANSLATORS: an action's type the game does not know; its name; the known types */
                   N_("Unknown action \"%s\" for %s (its actions: %s)"), type,
                   mg_message_word (rules->name), known->str);
      return NULL;
    }
  if (actions->over != NULL && actions->over (state, error))
    return NULL;
  if (actions->ready != NULL && !actions->ready (state, type, error))
    return NULL;
  return found;
}

static void
swap_states (const MgActions *actions, MgState *state, MgState *copy)
{
  if (actions->swap != NULL)
    {
      actions->swap (state, copy);
      return;
    }
  /* The default: exchange the bytes of the two structs (pointers inside move with them). */
  {
    g_autofree guint8 *tmp = g_malloc (actions->size);

    memcpy (tmp, state, actions->size);
    memcpy (state, copy, actions->size);
    memcpy (copy, tmp, actions->size);
  }
}

/* Plays the action on a copy; the copy is returned on success (the caller keeps or frees it). */
static MgState *
play_on_copy (const MgState *state, const MgAction *act, json_object *action, MgPlay *play, GError **error)
{
  MgState *copy = state->rules->actions->copy (state);

  if (!act->play (copy, action, play, error))
    {
      state->rules->free_state (copy);
      return NULL;
    }
  return copy;
}

gboolean
mg_actions_validate (const MgState *state, json_object *action, GError **error)
{
  const MgAction *act = lookup (state, action, error);
  g_autoptr(MgDice) dice = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(GString) summary = NULL;
  MgPlay play = { NULL, NULL, NULL, TRUE };
  MgState *copy;

  if (act == NULL)
    return FALSE;
  /* Validation needs no dice: every die shows 1, and running out of them means the action got
   * as far as its dice, which is all validation can tell. */
  dice = mg_dice_new_ones (256);
  summary = g_string_new (NULL);
  play.dice = dice;
  play.events = json_object_new_array ();
  play.summary = summary;
  copy = play_on_copy (state, act, action, &play, &local);
  json_object_put (play.events);
  if (copy != NULL)
    {
      state->rules->free_state (copy);
      return TRUE;
    }
  if (local->domain == MG_DICE_ERROR)
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

json_object *
mg_actions_apply (MgState *state, json_object *action, MgDice *dice, char **summary, MgSaid **said,
                  MgState **before, GError **error)
{
  const MgAction *act = lookup (state, action, error);
  MgPlay play = { dice, NULL, NULL, FALSE, NULL };
  MgState *copy;

  if (act == NULL)
    return NULL;
  play.events = json_object_new_array ();
  play.summary = g_string_new (NULL);
  play.said = mg_said_new ();
  copy = play_on_copy (state, act, action, &play, error);
  if (copy == NULL)
    {
      json_object_put (play.events);
      g_string_free (play.summary, TRUE);
      mg_said_free (play.said);
      return NULL;
    }
  /* All or nothing: the copy that succeeded becomes the state. */
  swap_states (state->rules->actions, state, copy);
  if (before != NULL)
    *before = copy;
  else
    state->rules->free_state (copy);
  if (mg_said_length (play.said) > 0 && play.summary->len > 0)
    g_warning ("%s's %s wrote both a summary and said: the said is dropped", state->rules->id,
               act->type);
  if (mg_said_length (play.said) > 0 && play.summary->len == 0)
    {
      g_autofree char *text = mg_said_render_sentence (play.said, NULL);
      g_string_assign (play.summary, text);
    }
  else
    g_clear_pointer (&play.said, mg_said_free);
  g_strstrip (play.summary->str);
  if (summary != NULL)
    *summary = g_strdup (play.summary->str);
  if (said != NULL)
    *said = g_steal_pointer (&play.said);
  mg_said_free (play.said);
  g_string_free (play.summary, TRUE);
  return play.events;
}

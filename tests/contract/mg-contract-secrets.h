/* mg-contract-secrets.h — the contract's secret-difference method for declared secret actions.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-c/json.h>

#include "mg-rules.h"

G_BEGIN_DECLS

#define MG_CONTRACT_SECRETS_ERROR (mg_contract_secrets_error_quark ())
typedef enum {
  MG_CONTRACT_SECRETS_ERROR_LEAK,         /* another seat, or the public, sees the secret's value */
  MG_CONTRACT_SECRETS_ERROR_EARLY_REVEAL, /* told publicly while another seat still enters its own */
  MG_CONTRACT_SECRETS_ERROR_SCRIPT,       /* a scripted action was refused */
} MgContractSecretsError;

GQuark mg_contract_secrets_error_quark (void);

/* One play from new_state (ruleset, players): the actions of `script` in order, or (NULL) up to
 * `max_steps` actions chosen with `seed` among legal_actions ("*"), templates filled with their
 * example.  Before each action the game's action table declares secret (mg_rules_action_is_secret)
 * a second run is forked that differs only in one value of it — another legal choice of the same
 * seat, a number ±1, a flag turned, or the dice it rolls — and both are played on with the same
 * actions.  After each action every other seat's and the public view(), pending(), describe() and
 * legal_actions() must be byte-identical in the two runs, until what a step tells everyone (its
 * summary, its events without "seat") differs: the engine revealed it — but not by the very
 * action that entered it while a seat that could enter one of that type before still can.
 * Counts the secret types compared in `checked` (type → count).  FALSE with MG_CONTRACT_SECRETS_ERROR_* naming the seat, step and surface. */
gboolean mg_contract_secrets_play (const MgRules       *rules,
                                   json_object         *ruleset,
                                   const char * const  *players,
                                   GPtrArray           *script,
                                   guint32              seed,
                                   guint                max_steps,
                                   GHashTable          *checked,
                                   GError             **error);

G_END_DECLS

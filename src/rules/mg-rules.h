/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules.h — the one interface every game's rules engine fills (see shared/DESIGN.md). */
#pragma once

#include <glib.h>
#include <json-c/json.h>
#include "mg-dice.h"
#include "mg-rows.h"
#include "mg-message.h"

G_BEGIN_DECLS

#define MG_RULES_ERROR (mg_rules_error_quark ())
typedef enum {
  MG_RULES_ERROR_BAD_RULESET, /* ruleset JSON invalid: the message names the JSON path ("$.faces[1].weight: …") */
  MG_RULES_ERROR_BAD_ACTION,  /* malformed action: not an object, no/unknown "type", missing or mistyped field */
  MG_RULES_ERROR_ILLEGAL,     /* well-formed but not allowed now: the message is a reason a referee can read aloud */
  MG_RULES_ERROR_BAD_STATE,   /* from_json was given something that is not this game's state */
  MG_RULES_ERROR_GAME_OVER,   /* the game has ended: nothing more to apply */
} MgRulesError;

GQuark mg_rules_error_quark (void);

/* The bad field an error of MG_RULES_ERROR is about, as the JSON readers (mg-json.h) found it,
 * for words chosen by these fields rather than by parsing the message, in any language: its
 * path ("$.map.lands[12].name" in a file, "path" in an action; NULL when the error names no
 * field), what it must be ("a non-empty text", translated), what it was (NULL: it is missing)
 * and whether it was empty (an empty text, or a list of no items); for a number, the range it
 * must be in (ranged). */
typedef struct
{
  const char *path;
  const char *expected;
  const char *got;
  gboolean    empty;
  gboolean    ranged;
  gint64      min, max;
  /* `expected` as a message (a reader's word, "one of" a list), for words in another language
   * (a phone's); NULL when there is only the text. */
  const MgMessage *expected_message;
} MgRulesField;

/* TRUE, and *field filled (borrowed from the error), when `error` names a field. */
gboolean mg_rules_error_get_field (const GError *error, MgRulesField *field);
/* Names the field an error of MG_RULES_ERROR is about (does nothing for another domain). */
void     mg_rules_error_set_field (GError *error, const MgRulesField *field);
/* The sentence of an error that mg_refuse() set (NULL for another), for words in a language
 * other than the process's: a phone's (src/server), a viewer's. Borrowed from the error. */
const MgMessage *mg_rules_error_get_message (const GError *error);

/* Refusals: sets `code` of MG_RULES_ERROR with the message in the process's language (as
 * `_(msgid)` and printf give it) and keeps the sentence (mg_rules_error_get_message) for
 * another language. `msgid` is the English format, marked N_(); the plural variant takes the
 * two English forms as plain literals (po/meson.build's keyword finds them) and the count. Both
 * return FALSE, so `return mg_refuse (error, MG_RULES_ERROR_ILLEGAL, N_("…"), …);` ends a
 * check. */
gboolean mg_refuse   (GError **error, MgRulesError code, const char *msgid, ...) G_GNUC_PRINTF (3, 4);
gboolean mg_refuse_n (GError **error, MgRulesError code, const char *msgid, const char *plural,
                      gulong n, ...) G_GNUC_PRINTF (4, 6);
/* The same with MG_RULES_ERROR_ILLEGAL: a reason a referee can read aloud. */
/* The same with a message made beforehand (a helper's sentence, mg_message_new), taken. */
gboolean mg_refuse_message (GError **error, MgRulesError code, MgMessage *message);
#define mg_illegal(error, ...)   mg_refuse ((error), MG_RULES_ERROR_ILLEGAL, __VA_ARGS__)
#define mg_illegal_n(error, ...) mg_refuse_n ((error), MG_RULES_ERROR_ILLEGAL, __VA_ARGS__)

typedef struct _MgRules MgRules;
typedef struct _MgActions MgActions;   /* mg-actions.h */

/* A word a player's phone shows: a key of the game's (an action's type, a member, a field of
 * view()) and its text, marked N_() so po/ translates it. */
typedef struct {
  const char *key;
  const char *text;
} MgWord;

/* Every engine's state begins with this header; the rest is private to the engine. */
typedef struct _MgState {
  const MgRules *rules;
} MgState;

/* Seats for view(): a player's name, or one of these. */
#define MG_SEAT_PUBLIC  "public"   /* what everyone at the table may see (exports) */
#define MG_SEAT_ALL     "*"        /* the referee's full view (same content as to_json) */

struct _MgRules {
  const char *id;     /* "meeple", later "tft", "mecaknights", "lamame", "cricchio" */
  const char *name;   /* "Meeple Melee" (translatable via N_) */
  guint min_players;
  guint max_players;

  /* Checks a whole ruleset; on error the message starts with the JSON path of the bad field. */
  gboolean     (*check_ruleset) (json_object *ruleset, GError **error);

  /* Initial state of a session from a ruleset (checked again here) and the players' names. */
  MgState     *(*new_state)     (json_object        *ruleset,
                                 const char * const *players,
                                 GError            **error);
  void         (*free_state)    (MgState *state);

  /* The game's actions, one function each, played on a copy of the state (mg-actions.h): the
   * one shape of every engine, required. mg_state_validate() plays an action on a copy it throws
   * away; mg_state_apply() makes the copy the state when the action succeeds and returns the
   * events (a json array, new reference) with *summary one sentence (g_free) safe to show to
   * everyone; on error the state is untouched. Events that only one seat may see carry
   * "seat": NAME; everything else is public. */
  const MgActions *actions;

  /* What the table must decide next: {"turn":N, "phase":"…", "over":bool,
   *  "waiting":[{"seat":"Red","for":"roll", …}], "text":"a sentence"}.  "turn" ≥ 1 is the
   *  journal's turn column; the store snapshots whenever it changes. New reference. */
  json_object *(*pending)       (const MgState *state);

  /* The whole state; from_json(to_json(s)) is exact (to_json of both are equal strings). */
  json_object *(*to_json)       (const MgState *state);
  MgState     *(*from_json)     (json_object *ruleset, json_object *json, GError **error);

  /* The state as `seat` may see it (a player's name, MG_SEAT_PUBLIC or MG_SEAT_ALL):
   * secrets (hidden picks, faces behind a screen) are redacted until revealed. NULL for a game
   * that hides nothing from anyone: every seat sees to_json(). */
  json_object *(*view)          (const MgState *state, const char *seat);

  /* Optional: pending()["turn"] without building pending(); the store asks it twice per
   * action, so an engine whose pending() is costly fills this in. */
  gint         (*turn)          (const MgState *state);

  /* Optional: the standing in a few sentences, as `seat` may see it, for turn summaries
   * ("Red 2 casualties, Blue 2. Next battle: both reveal 5 …"). g_free. Without it,
   * exports lay out view() as facts and tables. */
  char        *(*describe)      (const MgState *state, const char *seat);

  /* Optional: the entities a referee browses, as rows of the campaign file's named tables
   * (schema/0002-entities.sql), added to `rows` (mg-rows.h, empty when called): a table
   * ("figure", its columns), then each row's cells ("Wulf", 12, …). Tables left out are left
   * empty. The store brings the file's tables to these rows in the same transaction as each
   * journal row, so `sqlite3 c.db 'select name, st, dx, ep from figure'` answers a referee.
   * Called after every action: build, do not allocate per cell. */
  void         (*tables)        (const MgState *state, MgRows *rows);

  /* Optional (OpenSpiel's LegalActions): the actions `seat` (a player's name, or MG_SEAT_ALL
   * for every seat and the referee) may take now, as a JSON array of action objects. Each one
   * is accepted by validate() as it stands; the dice it needs come from the dice source.
   * Where a field is free (a name to type, an amount of gold), the engine lists one example
   * and marks it "template": true — the form fills that field in; validate() ignores the
   * "template" member. Forms offer only what is listed; the contract test plays the rest.
   * Empty array when the seat has nothing to do. New reference. */
  json_object *(*legal_actions) (const MgState *state, const char *seat);

  /* Optional: the player who declares `action` in `state` (before it is applied), for an action
   * with no "player" member — TFT's name a figure, whose owner declares them. NULL for the
   * referee. The journal's actor column and the Journal's "Who" come from it. */
  const char  *(*actor)         (const MgState *state, json_object *action);

  /* Optional: TRUE when legal_actions() lists every seat's actions whatever seat it is asked
   * for; mg_state_legal_actions() then keeps a player's own (mg_state_actor), so a game with
   * nothing secret writes the list once. */
  gboolean      legal_by_actor;

  /* Optional: the words a player's phone shows for this game's secret steps, their members and
   * the seat's own fields of view() ({"start_bid", N_("Your bid for the start player")}, …),
   * ending with {NULL, NULL}. The table server serves them translated (src/server/); a key
   * without a word is not shown on the phone. */
  const MgWord *phone_words;
};

/* The registry of engines built in. */
const MgRules      *mg_rules_lookup (const char *game_id);
const MgRules     **mg_rules_all    (guint *n_games);   /* static array, in the order of `melee-gm-cli games` */
/* Adds an engine after the built-in ones (or replaces the one with the same id), so tests
 * elsewhere can register a fake engine. `rules` must outlive the program. */
void                mg_rules_register (const MgRules *rules);

/* Convenience wrappers that dispatch through state->rules. */
gboolean     mg_state_validate (const MgState *state, json_object *action, GError **error);
json_object *mg_state_apply    (MgState *state, json_object *action, MgDice *dice, char **summary, GError **error);
/* The same, with the summary's sentences as messages too (*said: NULL for an engine that does
 * not write them yet; docs/messages.md), each viewer rendering them in their own language. */
json_object *mg_state_apply_said (MgState *state, json_object *action, MgDice *dice, char **summary,
                                  MgSaid **said, GError **error);
/* The same, and on success *before is the state as it was before the action (mg_state_free):
 * what undoing this one action comes back to, without replaying the journal. */
json_object *mg_state_apply_keep (MgState *state, json_object *action, MgDice *dice, char **summary,
                                  MgSaid **said, MgState **before, GError **error);
json_object *mg_state_pending  (const MgState *state);
json_object *mg_state_to_json  (const MgState *state);
json_object *mg_state_view     (const MgState *state, const char *seat);
void         mg_state_free     (MgState *state);
/* A whole copy of the state, by the engine's own copy (no JSON round trip). */
MgState     *mg_state_copy     (const MgState *state);
gint         mg_state_turn     (const MgState *state);   /* pending()["turn"] */
char        *mg_state_describe (const MgState *state, const char *seat); /* NULL if the engine has none */
json_object *mg_state_legal_actions (const MgState *state, const char *seat); /* NULL if the engine has none */
/* Who declares `action` in `state`: its "player" member, else the engine's actor(), else NULL
 * (the referee). */
const char  *mg_state_actor    (const MgState *state, json_object *action);
/* TRUE when something is hidden from the table now: the referee's view and the public one
 * differ (a bid, a pick, a mine, faces never shown). An undone action's summary may tell what
 * is hidden again, so the app does not show it then (issue 32). */
gboolean     mg_state_hides_something (const MgState *state);
/* TRUE when something hidden in `before` is no longer hidden in `after` (a place where the
 * referee's and the public view differed no longer does): the step between them told a secret —
 * a mine that went off, cards shown as a turn begins. Undone, that step's sentence may tell what
 * is hidden again. */
gboolean     mg_state_reveals  (const MgState *before, const MgState *after);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgState, mg_state_free)

/* Shared by every engine. */

/* Sets MG_RULES_ERROR_ILLEGAL with a reason a referee can read aloud, already translated (a
 * sentence chosen by a helper); returns FALSE. A literal sentence goes through mg_illegal(),
 * which keeps it for other languages. */
gboolean     mg_rules_illegal  (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* A new event {"type": type}; with `key` and `value` (both or neither) one text member more,
 * as most events name the figure, player or unit they are about. New reference. */
json_object *mg_event_new      (const char *type, const char *key, const char *value);

/* The players' names given to new_state(): between rules->min_players and max_players of them,
 * each one mg_rules_check_name accepts and none reserved (mg_rules_seat_reserved), all different.
 * Sets MG_RULES_ERROR_BAD_ACTION with a message a referee can act on. A game whose variants narrow
 * the count checks that itself, after this. */
gboolean     mg_rules_check_players (const MgRules *rules, const char * const *players, GError **error);
/* TRUE for the names no player may take, as written: "public" and "*" (view()'s seats), "GM" (the
 * journal's name for the referee) and "referee" (the seat pending() waits on for the referee). A
 * player may be called "Referee" (TFT's sample: one player runs every figure). */
gboolean     mg_rules_seat_reserved (const char *name);
/* One player's name, as mg_rules_check_players checks each (a player joining a game under way:
 * MecaKnights' add_leader): mg_rules_check_name, then not reserved; neither while replaying. */
gboolean     mg_rules_check_seat_name (const char *name, MgRulesError code, GError **error);

/* A name a referee types (a seat, a figure): at most this many characters. */
#define MG_RULES_NAME_MAX 40

/* Checks a name a referee typed for a seat or a figure: not empty, valid UTF-8, no control
 * character (a line break, a tab, a bidirectional override), no space at either end (seat names
 * are trimmed before they get here: mg_rules_trim_name), at most MG_RULES_NAME_MAX characters.
 * Sets `code` of MG_RULES_ERROR with a message that quotes the name safely. */
gboolean     mg_rules_check_name (const char *name, MgRulesError code, GError **error);
/* `name` without white space at either end (a new string). */
char        *mg_rules_trim_name  (const char *name);
/* While a journal is replayed (on this thread), names are not checked again: they were accepted
 * when played, and an older campaign with a longer name, or one typed before the check existed,
 * must still open. Calls nest; each TRUE is ended by a FALSE. */
void         mg_rules_replaying  (gboolean on);

/* The action's "type" member, or NULL. */
const char  *mg_action_type    (json_object *action);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-game.h — one game's descriptor: everything outside its own folders needs to know of it. */
#pragma once

#include "mg-rules.h"
#include "mg-chronicle-series.h"

G_BEGIN_DECLS

/* A script of actions shipped with the game, played into a new campaign by the Samples menu. */
typedef struct {
  const char *title;                 /* N_("Three Kingdoms"): translated where shown */
  const char *resource;              /* path of the .jsonl script in the game's data (mg-data.h) */
  const char *players[5];            /* seat order, NULL-terminated */
} MgGameSample;

/* One of a game's variants, offered by the New Campaign form: the value it writes into the new
 * campaign's ruleset (as the member `variant_key` of the MgGame), and the players it takes. */
typedef struct {
  const char *value;                 /* "minefield" */
  const char *title;                 /* NC_("game variant", "Minefield"): translated where shown */
  guint       min_players;
  guint       max_players;
} MgGameVariant;

/* A reading the rulebook leaves open, as a switch the table chooses (issue 34): the ruleset's
 * object member "house_rules" holds `key` → true/false; the shipped ruleset holds the default the
 * rulebook's words favour. The Rules page shows `title` and the sentence of the choice in force,
 * translated; `passage` quotes the rulebook's words it rests on (docs/rules/<game>.md says more). */
typedef struct {
  const char *key;                   /* "camp_mountain_two_guesses" */
  const char *title;                 /* N_("A camp defending in mountains"): translated where shown */
  const char *when_on;               /* N_("It gets 2 guesses, as a castle does.") */
  const char *when_off;              /* N_("It gets 1 guess, as in open country.") */
  const char *passage;               /* the rulebook's words, untranslated (a quotation) */
} MgHouseRule;

/* How the Rules page words one member of the game's ruleset (issue 33: rules in plain words):
 * found by `path`, a JSON path where "*" stands for any member and "[]" for any entry of a list
 * ("$.costs.*.gp", "$.seasons[]", "$.maps"). Every text is N_(), translated where shown. A member
 * no entry names keeps the generic label made from its key. */
typedef struct {
  const char         *path;
  const char         *label;    /* N_("Gold pieces"); NULL: the generic label */
  /* A string that takes one of a few values: value, NC_("ruleset value", name) pairs,
   * NULL-terminated; shown as a drop-down of the names (the context keeps "Red" the colour
   * apart from a player called Red). */
  const char * const *choices;
  /* A list's entries by position, N_() names, NULL-terminated (a season per entry, a number of
   * casualties…); entries past the end are numbered. */
  const char * const *entries;
  /* A list of maps: the name of the campaign window's page that edits a map ("map-editor"). */
  const char         *page;
} MgRulesetWord;

/* How the exports head one column of a standing table (see MgGame.export_columns). */
typedef struct {
  const char *key;                   /* "casualties" */
  const char *title;                 /* NC_("export column", "Casualties"), or NULL: not shown */
} MgExportColumn;

/* What a change touched, as the table object (src/core/mg-table.h) tells its pages: a seat (a
 * player), an area of a map, a figure, a piece or square of a board. */
typedef enum {
  MG_CHANGE_SEAT,
  MG_CHANGE_AREA,
  MG_CHANGE_FIGURE,
  MG_CHANGE_PIECE,
  MG_N_CHANGE_KINDS,
  /* Not a kind: an event holding this member (a capture's "takes") reaches further than the
   * keys it names, so it means "everything". */
  MG_CHANGE_ANY = MG_N_CHANGE_KINDS
} MgChangeKind;

/* A member of the game's events that names what the event changed: its value (a string, or an
 * array of strings) is a key of that kind ("land": "Oakvale" is area Oakvale). */
typedef struct {
  const char   *member;
  MgChangeKind  kind;
} MgChangeKey;

/* Each game's folder fills one of these (src/rules/<game>/mg-<game>-game.c) and the meson list
 * `games` in the top-level meson.build names it; the registry below is generated from that list.
 * The game's pages (MgGameUi, src/app/mg-game-ui.h) are looked up by the same id. */
typedef struct {
  const MgRules      *rules;            /* id, name, players, the engine */
  /* The revision of what the engine makes of the journal: bump it with any change after which a
   * row already played replays to another state, or its state's to_json writes other text (a
   * rule mended, a member added). A campaign keeps the revision its snapshots and entity tables
   * were made by (schema/0010): opened by a later one, it is replayed from the start and they are
   * written again; by an earlier one, refused as too new. 0 counts as 1. The contract test
   * (tests/contract) fails when a sample's snapshots change while this stays. */
  guint               engine_revision;
  const char         *ruleset_resource; /* path of the shipped ruleset (JSON) in its data */
  const MgGameSample *samples;          /* may be NULL */
  guint               n_samples;
  /* The tables a referee queries with sqlite3 that this game's `tables` entry fills, and the
   * SQL that creates them: entry i (a path in its data) brings the game's tables from version i
   * to i + 1. The store keeps each game's version apart from its own schema, so a game adding
   * a column bumps nothing for the others. Both NULL-terminated; NULL when the game has none. */
  const char * const *table_names;
  const char * const *table_migrations;
  /* What the game calls a turn where a referee reads it (exports' headings): N_() formats
   * with one %d, translated where shown; NULL for "Turn %d" / "Standing after turn %d". */
  const char         *turn_heading;     /* N_("Battle %d") */
  const char         *standing_heading; /* N_("Standing after battle %d") */
  /* The rulebook's variants (NULL/0 for a game of one): the ruleset's top-level string member
   * `variant_key` names the one played; the first is the shipped ruleset's. */
  const char          *variant_key;      /* "variant" */
  const MgGameVariant *variants;
  guint                n_variants;
  /* The disputed readings the table may switch (NULL/0 for none); see MgHouseRule. */
  const MgHouseRule   *house_rules;
  guint                n_house_rules;
  /* The Rules page's words for the game's ruleset (NULL/0: the generic labels only). */
  const MgRulesetWord *ruleset_words;
  guint                n_ruleset_words;
  /* Optional: the odds of a question the table asks before rolling (`melee-gm-cli odds`): a
   * declared action, or a query of the game's own ({"type":…}, docs/rules/<game>.md), as JSON —
   * exact where the space is small, else sampled with a GRand seeded by `seed`, so the same
   * question gives the same answer. NULL with the reason validate() would give on refusal. */
  json_object         *(*odds) (const MgState *state, json_object *question, guint32 seed, GError **error);
  /* The members of pending() besides "turn", "phase" and "over" whose change means that play
   * moved on (the secrets shown are hidden again): NULL-terminated; NULL for none. */
  const char * const  *moved_on;         /* { "match", "battle", NULL } */
  /* Optional: the name of face `value` (1 to `sides`) of a die of `sides` sides, as the game's
   * ruleset names it, untranslated ("Sweep"); NULL where the die shows a plain number. The
   * Journal and the exports count such dice by face ("4 Sweep · 2 Kick"). */
  const char          *(*face_name) (json_object *ruleset, guint sides, guint value);
  /* The words of the exports' standings, for the keys of the game's views: each table's name
   * ("leaders": "Leaders"), its columns' headings and the facts' labels, in the Journal's words,
   * never the engine's key ("Revealed", not "pick"). A title NULL: not a column for a reader (a
   * whole record in one cell). Keys no game declares keep their words. */
  const MgExportColumn *export_columns;
  guint                 n_export_columns;
  /* Optional: the exports' sections of the game's own, after the standing ("Advancement"). Made
   * from the public view (so they can tell nothing secret) and the ruleset: a JSON array (new
   * reference; NULL or empty for none) of objects {"title": text, "text": a paragraph, "view": an
   * object laid out as the standing is, as facts and tables}, "text" and "view" each optional,
   * every text translated by the game. */
  json_object          *(*export_sections) (json_object *ruleset, json_object *view);
  /* Optional: the Chronicle's charts, read from the public view after each row (issue 48). */
  const MgChronicle    *chronicle;
  /* Optional: the game's board as an SVG picture (UTF-8, g_free), drawn from a view — a seat's or
   * the public one — so it shows nothing that view hides; NULL when the view has no board now. The
   * table server sends it with each phone's state ("board") and the phone page shows it as an
   * image (no script runs in it), named by the game's phone word "board" (issue 46). */
  char                 *(*board_svg) (json_object *view);
  /* How the game's events say what changed (the table object's change details): the members
   * that name a key, and the event types those members describe in full — their effects reach
   * nothing but the keys they name and pending(). Any other event (or a game that declares
   * none) means "everything changed", the safe default. Both NULL-terminated. */
  const MgChangeKey    *change_keys;
  const char * const   *local_events;
  /* Optional: how the game names a turn where a person reads the turns (the exports' headings, the
   * Journal's turn column),
   * from pending() as the turn begins: "Fight 1, turn 8" (translated, g_free); NULL for the
   * turn's number (turn_heading). TFT's campaign turns run on through its setup and its fights,
   * ahead of a fight's own (issue 45). */
  char               *(*turn_title) (json_object *pending);
} MgGame;

/* One shape for every descriptor (src/rules/<game>/mg-<game>-game.c): a static MgGame whose
 * members come from static arrays of the conventional names below, then mg_game_fill() for
 * what the game's other files hold. MG_GAME_DATA: its shipped ruleset and samples (`samples`)
 * in its data folder `data` ("/io/github/meleegm/MeleeGM/games/<id>/"); MG_GAME_TABLES: its
 * `table_names` and `table_migrations`; MG_GAME_EXPORT_COLUMNS: its `export_columns`. */
#define MG_GAME_DATA(data) \
  .ruleset_resource = data "ruleset.json", .samples = samples, .n_samples = G_N_ELEMENTS (samples)
#define MG_GAME_TABLES .table_names = table_names, .table_migrations = table_migrations
#define MG_GAME_EXPORT_COLUMNS .export_columns = export_columns, .n_export_columns = G_N_ELEMENTS (export_columns)

/* Fills in the members that are other files' (the engine's table, the Rules page's words:
 * `words` may be NULL) and returns `game`. The registry calls each descriptor once, under its
 * lock. */
static inline const MgGame *
mg_game_fill (MgGame *game, const MgRules *rules, const MgRulesetWord *(*words) (guint *n_words))
{
  game->rules = rules;
  if (words != NULL)
    game->ruleset_words = words (&game->n_ruleset_words);
  return game;
}

/* game->engine_revision, 0 counted as 1. */
static inline guint
mg_game_engine_revision (const MgGame *game)
{
  return game->engine_revision ? game->engine_revision : 1;
}

const MgGame  *mg_game_lookup   (const char *game_id);
const MgGame **mg_games_all     (guint *n_games);       /* in the order of the meson list */
/* Adds a game after the built-in ones (or replaces the one with the same id): tests use it
 * for their fake engine. `game` must outlive the program. */
void           mg_game_register (const MgGame *game);
/* The game a ruleset or a view names in its member "game"; NULL if none or unknown. */
const MgGame  *mg_game_of_json  (json_object *object);
/* The variant of `game` whose value is `value`; NULL if it has none of that value. */
const MgGameVariant *mg_game_find_variant (const MgGame *game, const char *value);
/* The value of house rule `key` in `ruleset` ("house_rules" member); `fallback` when absent
 * (an older campaign's ruleset): engines read their switches through it. */
gboolean             mg_house_rule      (json_object *ruleset, const char *key, gboolean fallback);
/* The ruleset's "house_rules" member, when present, is an object whose every key is one of
 * `rules` and every value true or false; the error names the JSON path ("$.house_rules.x"). */
gboolean             mg_house_rules_check (json_object *ruleset, const MgHouseRule *rules, guint n_rules,
                                           GError **error);
/* The word of `game` for the member at `path` ("$.costs.knight", "$.seasons[]": lists' entries
 * as "[]"), or NULL. */
const MgRulesetWord *mg_game_find_word  (const MgGame *game, const char *path);

G_END_DECLS

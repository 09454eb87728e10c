/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-test-util.h — running melee-gm-cli from tests, Meeple streams, and reading PDFs. */
#pragma once

#include <gio/gio.h>
#include <json-c/json.h>
#include "mg-rules.h"

G_BEGIN_DECLS

typedef json_object TestJson;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestJson, json_object_put)

typedef struct {
  int   status;   /* exit status; -1 when killed by a signal */
  char *out;
  char *err;
} CliResult;

void       cli_result_free (CliResult *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliResult, cli_result_free)

/* The melee-gm-cli built beside the tests. */
const char *cli_path (void);

/* Runs the CLI in `cwd` (NULL: current dir) with `input` on stdin (NULL: none).
 * argv is NULL-terminated and does not include the program. */
CliResult *cli_run_argv (const char *cwd, const char *input, const char * const *argv);
CliResult *cli_run (const char *cwd, const char *input, ...) G_GNUC_NULL_TERMINATED;
/* The language the CLI runs in from now on (LANGUAGE; NULL: English), its catalogue in
 * `localedir` (MG_LOCALEDIR; NULL: the installed one). */
void       cli_set_language (const char *language, const char *localedir);
/* A campaign c.db in `dir` of `game`, named `name`, with `players` (NULL-terminated), its
 * sample (data/samples/<game>-sample.jsonl, returned in *sample) played to its end. */
void       cli_play_sample  (const char *dir, const char *game, const char * const *players,
                             const char *name, char **sample);

/* A fresh temporary directory, and its removal with everything in it. */
char      *test_make_dir (void);
void       test_remove_dir (const char *dir);

/* Each game with the players of its sample (data/samples). */
typedef struct {
  const char *game;
  const char *players[5];
} TestGame;
#define TEST_N_GAMES 5
extern const TestGame cli_games[TEST_N_GAMES];

/* `melee-gm-cli new FILE --game … --name Test --seed 3 --player …` in dir; asserts it worked. */
void       test_game_new (const char *dir, const TestGame *g, const char *file);

/* Number of '\n'-terminated lines. */
guint      count_lines (const char *text);

/* Meeple: the next `n` actions of the deterministic stream (Red rolls all Punch, Blue all
 * Sweep, so Blue wins every battle on Sweep; a rematch after each match), starting from
 * `state` (a copy is played forward with the engine, so the stream is legal from anywhere).
 * Returns the lines, each a JSON action with its typed "dice". */
GPtrArray *meeple_stream (const MgState *state, json_object *ruleset, guint n);

/* The text drawn in a PDF made by cairo: content streams decoded through the fonts'
 * ToUnicode maps. Whitespace between text runs is kept loosely. NULL if not parseable. */
char      *pdf_extract_text (const char *data, gsize len);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-cli-input.h — `act`'s input read strictly: one JSON object a line, bounded, quoted briefly. */
#pragma once

#include <stdio.h>
#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* A line of input is at most this many bytes (its newline not counted); docs/cli.md. */
#define MG_CLI_LINE_MAX   (1024 * 1024)
/* A string in an action (a name, a reason) is at most this many characters. */
#define MG_CLI_STRING_MAX 1000
/* An error message quotes at most this many characters of what was sent. */
#define MG_CLI_EXCERPT_MAX 40

/* Reads one line into `line` (without its newline), keeping at most MG_CLI_LINE_MAX bytes:
 * *too_long says the rest was skipped.  FALSE at the end of the input (or a read error). */
gboolean     mg_cli_input_read_line (FILE *in, GString *line, gboolean *too_long);

/* Parses one line strictly as one JSON object: RFC 8259 JSON (no comments, single quotes, NaN,
 * raw control characters), valid UTF-8 with no NUL in any string, no duplicate keys, strings of
 * at most MG_CLI_STRING_MAX characters, integers that fit in 64 bits and numbers that are
 * finite.  NULL with *code ("bad_json" or "bad_action") and *message set otherwise. */
json_object *mg_cli_input_parse     (json_tokener *tok, const char *line, gsize len,
                                     const char **code, char **message);

/* At most MG_CLI_EXCERPT_MAX characters of `text` (len bytes, -1: NUL-terminated), with control
 * characters and invalid bytes escaped, and "…" when cut. */
char        *mg_cli_input_excerpt   (const char *text, gssize len);

/* `message` with every “quoted” span longer than MG_CLI_EXCERPT_MAX characters cut to an
 * excerpt: a refusal never echoes a long value back. */
char        *mg_cli_input_shorten   (const char *message);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-server-test-util.h — a campaign at a secret step, and a raw HTTP client on its own thread. */
#pragma once

#include <gio/gio.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* A new campaign in `dir` (created if needed): La Mame for Red and Blue, at spring's secret
 * start bids ("lamame"); La Mame's sample year for Red, Blue and Green at Red's attack on
 * Bluewater, before its secrets ("lamame-attack"); or Meeple for Red and Blue at the first roll
 * ("meeple"); or any other game by its id, new, for Red and Blue ("tft": the test's referee sets
 * the fight up). */
MgCampaign *mg_server_test_campaign (const char *dir, const char *game, GError **error);

/* Plays JSON action lines on `campaign`; FALSE (error set) at the first refusal. */
gboolean    mg_server_test_play     (MgCampaign *campaign, const char * const *lines, GError **error);

/* Sends `request` (len bytes) to 127.0.0.1:port from another thread, `delay_ms` between bytes
 * when not 0, and reads until the server closes or `timeout_ms` passes; the main context runs
 * meanwhile, so an in-process server answers.  Returns what was read (maybe empty);
 * *status is the HTTP status (0 when none), *elapsed_ms how long it took. */
char       *mg_server_test_raw      (guint port, const char *request, gsize len, guint delay_ms,
                                     guint timeout_ms, guint *status, guint *elapsed_ms);
/* The same for one GET or POST with "Connection: close"; body may be NULL. */
char       *mg_server_test_http     (guint port, const char *method, const char *path,
                                     const char *body, guint *status);
/* The same with `headers` (lines each ending "\r\n", Host and Content-Type included: none is
 * added but Content-Length and "Connection: close"); body may be NULL. */
char       *mg_server_test_request  (guint port, const char *method, const char *path,
                                     const char *headers, const char *body, guint *status);
/* The body of an HTTP answer (after the blank line), borrowed from `answer`. */
const char *mg_server_test_body     (const char *answer);

/* The bytes of a file and its -wal, hashed: equal hashes, unchanged file. */
char       *mg_server_test_file_sum (const char *path);

/* The browser test's hosts (mg-table-host, mg-table-app-host): each JSON line on stdin is
 * answered with one JSON line on stdout.  {"let_in": SEAT} does what the referee's Let In does
 * for the oldest phone asking for SEAT ({"ok", "code": the code the referee's window showed});
 * {"undo": N} takes back N journal rows as the referee's Undo; a line `extra` answers (it returns
 * an answer, else NULL) is its; any other line is a referee's action ({"ok", "error"?}).  The
 * loop quits at end of input. */
typedef json_object *(*MgServerTestCommand) (json_object *line, gpointer data);
void        mg_server_test_host_stdin (MgCampaign *campaign, MgServerTestCommand extra, gpointer data,
                                       GMainLoop *loop);

/* Removes a campaign file with its -wal and -shm, then its (empty) folder. */
void        mg_server_test_remove   (const char *path, const char *dir);

G_END_DECLS

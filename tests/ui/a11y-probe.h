/* a11y-probe.h — the UI tests' screen reader: atspi-probe.py read over a pipe while the main loop runs (issue 44). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-c/json.h>
#include <glib.h>

G_BEGIN_DECLS

/* Starts tests/ui/atspi-probe.py (MG_PYTHON, else python3) on this process; NULL when the
 * AT-SPI bus cannot be read (the caller skips, saying why in *why). */
gboolean     a11y_probe_start  (char **why);
/* One command ("walk", "focus", "events"), its JSON answer; the main loop runs meanwhile so the
 * app answers the probe's questions. */
json_object *a11y_probe_ask    (const char *command);
/* The focused object as "role: name". */
char        *a11y_probe_focus  (void);
void         a11y_probe_stop   (void);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-secrets-button.h — the one control that shows a seat's secrets on the shared screen, and
 * says what it will do ("Show Red’s faces" / "Hide Red’s faces"). */
#pragma once

#include <adwaita.h>

#include "mg-table-state.h"

G_BEGIN_DECLS

/* A toggle button bound to the table state's secrets (one seat at a time; hidden again when
 * pending() moves on). show_format and hide_format are translated sentences with one %s, the
 * seat's name, e.g. _("Show %s’s faces"), _("Hide %s’s faces"). */
GtkWidget *mg_secrets_button_new (MgTableState *table,
                                  const char   *seat,
                                  const char   *show_format,
                                  const char   *hide_format);

G_END_DECLS

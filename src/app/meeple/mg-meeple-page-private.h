/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-page-private.h — handles on the Meeple table for the UI tests. */
#pragma once

#include "mg-meeple-page.h"
#include "mg-meeple-side-private.h"

G_BEGIN_DECLS

MgMeepleSide *mg_meeple_page_get_side         (MgMeeplePage *self, guint index);
const char   *mg_meeple_page_get_banner_title (MgMeeplePage *self);   /* NULL when hidden */
const char   *mg_meeple_page_get_banner_body  (MgMeeplePage *self);
/* TRUE when the match score is laid out under the title (a narrow window). */
gboolean      mg_meeple_page_get_score_stacked (MgMeeplePage *self);

G_END_DECLS

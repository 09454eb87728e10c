/* mg-table-words.h — the phone page's words, from the app's own catalogue, in the phone's language. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-c/json.h>

#include "mg-campaign.h"

G_BEGIN_DECLS

/* {"lang": "fr", "words": {key: text}}: the page's words (marked in mg-table-words.c) and the
 * game's phone words (its descriptor's phone_words), translated into the first language of
 * `accept_language` (an HTTP Accept-Language value; NULL or unknown: English) for which the
 * catalogue has a translation (read from the .mo bound to GETTEXT_PACKAGE, whatever language the
 * app itself runs in).  New reference. */
json_object *mg_table_words (MgCampaign *campaign, const char *accept_language);

G_END_DECLS

/* mg-catalogue.h — po/'s translations of one language, read from its .mo file, for words in a
 * language other than the process's (a phone's, a viewer's). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include "mg-message.h"

G_BEGIN_DECLS

/* gettext's catalogue is one per process (LANGUAGE, and no locale to switch per thread here);
 * this one is read from the same .mo files (under bindtextdomain's directory), once per language
 * and kept, with the header's Plural-Forms evaluated for plural messages. NULL is English: the
 * msgids themselves, "n != 1". */
typedef struct _MgCatalogue MgCatalogue;

/* The catalogue of `lang` ("fr", "pt_BR"), read once and kept; NULL when there is none. */
const MgCatalogue *mg_catalogue_get      (const char *lang);
/* The first language of an Accept-Language value with a catalogue ("fr-CH,fr;q=0.9" → fr), or
 * NULL for English (asked for first, or nothing matched). */
const MgCatalogue *mg_catalogue_for_accept_language (const char *accept);
/* "fr"; "en" for NULL. */
const char        *mg_catalogue_language (const MgCatalogue *catalogue);

/* A .mo file read whole (a test's own); NULL when it is not one. mg_catalogue_free() it. */
MgCatalogue       *mg_catalogue_load     (const char *path);
void               mg_catalogue_free     (MgCatalogue *catalogue);

/* The translation of `msgid`, or msgid itself when there is none. */
const char        *mg_catalogue_gettext  (const MgCatalogue *catalogue, const char *msgid);
/* The plural form for `n` by the catalogue's Plural-Forms; the English forms when the
 * catalogue has none for this msgid. */
const char        *mg_catalogue_ngettext (const MgCatalogue *catalogue, const char *msgid,
                                          const char *plural, gulong n);
/* The message in the catalogue's language (g_free). */
char              *mg_catalogue_render   (const MgCatalogue *catalogue, const MgMessage *message);
/* An action's sentences in the catalogue's language (mg_said_render_sentence; g_free). */
char              *mg_catalogue_render_said (const MgCatalogue *catalogue, const MgSaid *said);
/* The catalogue as a language to render messages in (NULL: English, the msgids). */
MgMessageLanguage  mg_catalogue_language_of (const MgCatalogue *catalogue);

/* A Plural-Forms expression ("n > 1", "n%10==1 && n%100!=11 ? 0 : …") for `n`; -1 when it is
 * not one (a syntax error, a division by zero). */
gint               mg_catalogue_plural_eval (const char *expression, gulong n);

G_END_DECLS

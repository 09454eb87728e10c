/* mg-message.h — a sentence kept as its English msgid and arguments, translated when shown. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdarg.h>
#include <glib.h>
#include <json-c/json.h>

G_BEGIN_DECLS

/* A sentence as po/ knows it: the English msgid (marked N_() or by a keyword of po/meson.build),
 * an optional plural msgid with its count, and its arguments, each formatted once, when the
 * message is made, by the msgid's own conversion ("%u" → "3", "%.1f" → "2.5", "%s" → the text).
 * Rendering puts them in any language's translation, by position ("%2$s" in a translation
 * takes the second argument), so a French phone and an English referee read the same refusal
 * each in their own words. An argument that is itself a translated word (a face's name, a
 * unit's kind) is given as mg_message_word (its msgid): it is rendered in each catalogue's
 * language too. */
typedef struct
{
  char    *msgid;
  char    *plural;   /* NULL: no plural form */
  gulong   n;        /* the count choosing the plural form */
  guint    n_args;
  char   **args;     /* n_args formatted arguments (in the language the message was made in),
                      NULL-terminated */
  char   **words;    /* n_args entries: the msgid of an argument that is a word, else NULL */
  struct _MgSaid **phrases;  /* n_args entries: an argument that is a phrase (mg_message_phrase),
                              rendered in the viewer's language too, else NULL */
} MgMessage;

/* The sentences an action says (or a phrase inside one of them), in order: pieces, each a
 * message or a text said as it is (a name, a mark), whose texts put end to end are what is said.
 * An engine writes them as it wrote its summary (MgPlay.said, mg-actions.h); the journal keeps
 * them, and each viewer renders them in their own language. */
typedef struct _MgSaid MgSaid;

/* A language to render in: its translations and its words. NULL is the process's (_()). */
typedef struct
{
  /* The translation of msgid (plural NULL) or of its plural form for n. */
  const char *(*translate) (gconstpointer data, const char *msgid, const char *plural, gulong n);
  /* A word argument's text (its msgid, or "context\004msgid"). */
  const char *(*word)      (gconstpointer data, const char *msgid);
  gconstpointer data;
} MgMessageLanguage;

/* A %s argument that is a word, `msgid` marked N_(): its text is _(msgid) (printf prints it as
 * _() would), and a message made with it keeps the msgid, so each catalogue renders the word in
 * its own language. The text is kept for the process (one per word and language). */
const char  *mg_message_word       (const char *msgid);
/* The same for a word with a context (C_()/NC_(), g_dpgettext2); kept as "context\004msgid",
 * as a .mo file keys it. */
const char  *mg_message_word_ctx   (const char *context, const char *msgid);

/* A message from a printf format (the English msgid) and its arguments, as vprintf reads them;
 * NULL when the format has a conversion it cannot read (%n, a wrong positional set). */
MgMessage   *mg_message_new_valist (const char *msgid, const char *plural, gulong n, va_list args);
MgMessage   *mg_message_new        (const char *msgid, ...) G_GNUC_PRINTF (1, 2);
/* With the plural msgid and the count (its arguments follow, as for ngettext and printf). */
MgMessage   *mg_message_new_plural (const char *msgid, const char *plural, gulong n, ...) G_GNUC_PRINTF (2, 4);
MgMessage   *mg_message_copy       (const MgMessage *message);
void         mg_message_free       (MgMessage *message);

/* `translation` (the msgid, or its translation in some language) with the message's arguments
 * put in place of its conversions, in order or by position (%1$s); "%%" is "%". A conversion
 * past the arguments is left out. */
char        *mg_message_fill       (const MgMessage *message, const char *translation);
/* The same, with each word argument given by `word` (its msgid → its text in the language). */
typedef const char *(*MgMessageWordFunc) (gconstpointer data, const char *msgid);
char        *mg_message_fill_words (const MgMessage *message, const char *translation,
                                    MgMessageWordFunc word, gconstpointer data);
/* The message in the process's language, as _() / ngettext and printf give it today. */
char        *mg_message_to_string  (const MgMessage *message);
/* The message in `language` (NULL: the process's), its words and phrases too. */
char        *mg_message_render     (const MgMessage *message, const MgMessageLanguage *language);

/* {"id": msgid, "plural": …, "n": …, "args": […]} and back (NULL when it is not one); a word
 * argument is {"id": msgid} (read back in the process's language). */
json_object *mg_message_to_json    (const MgMessage *message);
MgMessage   *mg_message_from_json  (json_object *json);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgMessage, mg_message_free)

/* The mg_said_add* functions do nothing on a NULL said: while an action is validated
 * (MgPlay.said is NULL) nothing is formatted. */
MgSaid      *mg_said_new           (void);
MgSaid      *mg_said_copy          (const MgSaid *said);
void         mg_said_free          (MgSaid *said);
/* A sentence (a msgid marked N_()) and its arguments, as g_string_append_printf (_(msgid), …). */
void         mg_said_add           (MgSaid *said, const char *msgid, ...) G_GNUC_PRINTF (2, 3);
/* The same with a plural msgid and its count (as ngettext), the arguments following. */
void         mg_said_add_n         (MgSaid *said, const char *msgid, const char *plural, gulong n, ...)
                                    G_GNUC_PRINTF (3, 5);
/* A message made elsewhere (taken; NULL is ignored). */
void         mg_said_add_message   (MgSaid *said, MgMessage *message);
/* A text said as it is in every language: a name, punctuation, a square's coordinates. */
void         mg_said_add_text      (MgSaid *said, const char *text);
/* The pieces of `other`, copied, after those of `said`. */
void         mg_said_append        (MgSaid *said, const MgSaid *other);
guint        mg_said_length        (const MgSaid *said);
/* What is said in the process's language (owned by `said`, valid until it changes). */
const char  *mg_said_text          (MgSaid *said);
/* What is said in `language` (NULL: the process's), g_free. */
char        *mg_said_render        (const MgSaid *said, const MgMessageLanguage *language);
/* An action's sentences as the journal shows them: rendered, without leading or trailing
 * white space (as mg_state_apply's summary). */
char        *mg_said_render_sentence (const MgSaid *said, const MgMessageLanguage *language);

/* A %s argument that is itself a phrase (a list of names, a count with its noun): its text is
 * mg_said_text (phrase), and a message made with it while `phrase` lives keeps a copy of it, so
 * each language renders the phrase in its own words. */
const char  *mg_message_phrase     (MgSaid *phrase);

/* [piece, …], a piece being a message (mg_message_to_json) or {"text": "…"}; and back (NULL
 * when it is not one). */
json_object *mg_said_to_json       (const MgSaid *said);
MgSaid      *mg_said_from_json     (json_object *json);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MgSaid, mg_said_free)

G_END_DECLS

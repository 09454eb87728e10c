/* mg-message.c — sentences kept as msgid and formatted arguments, filled into any translation. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "mg-message.h"

/* Arguments a sentence may have: more than any msgid of po/ holds. */
#define MAX_ARGS 16
/* Words kept (word × language): a ruleset's own names are words too; past this, plain text. */
#define MAX_WORDS 4096

/* One printf conversion: its position (1-based; 0 when not positional), the spec without the
 * position ("%-3lld"), its length modifier and conversion letter. */
typedef struct
{
  guint pos;
  char  spec[24];
  char  length[3];
  char  conv;
} Conv;

/* Reads the conversion after a '%' at `p` (not "%%"); returns the character after it, or NULL
 * for one this file does not read ('*' widths, %n, wide characters). */
static const char *
parse_conv (const char *p, Conv *c)
{
  const char *start;
  gsize len;

  memset (c, 0, sizeof *c);
  if (g_ascii_isdigit (*p))
    {
      const char *q = p;
      guint pos = 0;
      while (g_ascii_isdigit (*q) && pos < 100)
        pos = pos * 10 + (guint) (*q++ - '0');
      if (*q == '$')
        c->pos = pos, p = q + 1;
      if (*q == '$' && (pos == 0 || pos > MAX_ARGS))
        return NULL;
    }
  start = p;
  p += strspn (p, "-+ #0'I");
  p += strspn (p, "0123456789");
  if (*p == '.')
    p += 1 + strspn (p + 1, "0123456789");
  len = strspn (p, "hlLqjzZt");
  if (len > 2)
    return NULL;
  memcpy (c->length, p, len);
  p += len;
  if (*p == '\0' || strchr ("diouxXeEfFgGaAcsp", *p) == NULL || (*p == 's' && len > 0) || (*p == 'c' && len > 0))
    return NULL;
  c->conv = *p++;
  if ((gsize) (p - start) + 2 > sizeof c->spec)
    return NULL;
  c->spec[0] = '%';
  memcpy (c->spec + 1, start, (gsize) (p - start));
  return p;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/* The next argument of `args`, of the type `c` reads, formatted by `c`'s own spec. */
static char *
format_one (const Conv *c, va_list *args)
{
  const char *l = c->length;
  gboolean ll = strcmp (l, "ll") == 0 || strcmp (l, "q") == 0 || strcmp (l, "L") == 0;

  if (strchr ("di", c->conv) != NULL)
    return ll ? g_strdup_printf (c->spec, va_arg (*args, long long))
         : strcmp (l, "l") == 0 ? g_strdup_printf (c->spec, va_arg (*args, long))
         : strcmp (l, "j") == 0 ? g_strdup_printf (c->spec, va_arg (*args, intmax_t))
         : (l[0] == 'z' || l[0] == 'Z') ? g_strdup_printf (c->spec, va_arg (*args, gssize))
         : strcmp (l, "t") == 0 ? g_strdup_printf (c->spec, va_arg (*args, ptrdiff_t))
         : g_strdup_printf (c->spec, va_arg (*args, int));
  if (strchr ("ouxX", c->conv) != NULL)
    return ll ? g_strdup_printf (c->spec, va_arg (*args, unsigned long long))
         : strcmp (l, "l") == 0 ? g_strdup_printf (c->spec, va_arg (*args, unsigned long))
         : strcmp (l, "j") == 0 ? g_strdup_printf (c->spec, va_arg (*args, uintmax_t))
         : (l[0] == 'z' || l[0] == 'Z') ? g_strdup_printf (c->spec, va_arg (*args, gsize))
         : strcmp (l, "t") == 0 ? g_strdup_printf (c->spec, va_arg (*args, ptrdiff_t))
         : g_strdup_printf (c->spec, va_arg (*args, unsigned int));
  if (c->conv == 'c')
    return g_strdup_printf (c->spec, va_arg (*args, int));
  if (c->conv == 's')
    return g_strdup_printf (c->spec, va_arg (*args, const char *));
  if (c->conv == 'p')
    return g_strdup_printf (c->spec, va_arg (*args, void *));
  if (strcmp (l, "L") == 0)
    return g_strdup_printf (c->spec, va_arg (*args, long double));
  return g_strdup_printf (c->spec, va_arg (*args, double));
}

/* A %s argument by its conversion's spec ("%-8s"). */
static char *
format_text (const Conv *c, const char *text)
{
  return g_strdup_printf (c->spec, text);
}
#pragma GCC diagnostic pop

static GMutex      words_lock;
static GHashTable *words_kept;    /* "msgid\036text" → the kept text (owned, never freed) */
static GHashTable *words_msgid;   /* a kept text's address → its msgid */

/* The kept copy of `text`, the process's words for `id` (a msgid, or "context\004msgid"). */
static const char *
keep_word (const char *id, const char *text)
{
  g_autofree char *key = g_strconcat (id, "\036", text, NULL);
  char *kept;

  g_mutex_lock (&words_lock);
  if (words_kept == NULL)
    {
      words_kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      words_msgid = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
    }
  kept = g_hash_table_lookup (words_kept, key);
  if (kept == NULL && g_hash_table_size (words_kept) < MAX_WORDS)
    {
      kept = g_strdup (text);
      g_hash_table_insert (words_kept, g_steal_pointer (&key), kept);
      g_hash_table_insert (words_msgid, kept, g_strdup (id));
    }
  g_mutex_unlock (&words_lock);
  return kept != NULL ? kept : text;
}

const char *
mg_message_word (const char *msgid)
{
  return keep_word (msgid, g_dgettext (GETTEXT_PACKAGE, msgid));
}

const char *
mg_message_word_ctx (const char *context, const char *msgid)
{
  g_autofree char *id = g_strconcat (context, "\004", msgid, NULL);

  return keep_word (id, g_dpgettext2 (GETTEXT_PACKAGE, context, msgid));
}

/* A word's id (mg_message_word's msgid, or "context\004msgid") in the process's language. */
static const char *
word_text (const char *id)
{
  const char *eot = strchr (id, '\004');
  g_autofree char *context = eot != NULL ? g_strndup (id, (gsize) (eot - id)) : NULL;

  return eot != NULL ? mg_message_word_ctx (context, eot + 1) : mg_message_word (id);
}

/* The msgid of `text` when it is a word mg_message_word() gave (by its address), else NULL. */
static char *
word_msgid (const char *text)
{
  char *msgid = NULL;

  g_mutex_lock (&words_lock);
  if (words_msgid != NULL && text != NULL)
    msgid = g_strdup (g_hash_table_lookup (words_msgid, text));
  g_mutex_unlock (&words_lock);
  return msgid;
}

struct _MgSaid
{
  GPtrArray *pieces;   /* of Piece */
  char      *text;     /* the process's text, made on demand; NULL when changed since */
  gboolean   phrase;   /* `text` is registered as a phrase argument's (mg_message_phrase) */
};

typedef struct
{
  MgMessage *message;  /* or NULL: */
  char      *text;     /* said as it is */
} Piece;

static GMutex      phrases_lock;
static GHashTable *phrases;   /* a phrase's text (its address) → the MgSaid (borrowed) */

/* A copy of the phrase whose text `text` is (by its address), or NULL. */
static MgSaid *
phrase_of (const char *text)
{
  MgSaid *said = NULL;

  g_mutex_lock (&phrases_lock);
  if (phrases != NULL && text != NULL)
    said = g_hash_table_lookup (phrases, text);
  said = said != NULL ? mg_said_copy (said) : NULL;
  g_mutex_unlock (&phrases_lock);
  return said;
}

/* The conversions of `format`, each at its argument's place (convs[0] is the first argument);
 * FALSE when one cannot be read, positions mix with order, or a position is left out. */
static gboolean
read_convs (const char *format, Conv convs[MAX_ARGS], guint *n_args)
{
  guint n = 0, positional = 0, ordered = 0;

  for (const char *p = strchr (format, '%'); p != NULL; p = strchr (p, '%'))
    {
      Conv c;
      if (p[1] == '%')
        {
          p += 2;
          continue;
        }
      if ((p = parse_conv (p + 1, &c)) == NULL)
        return FALSE;
      if (c.pos > 0)
        positional++, convs[c.pos - 1] = c, n = MAX (n, c.pos);
      else if (ordered < MAX_ARGS)
        convs[ordered++] = c, n = ordered;
      else
        return FALSE;
    }
  if (positional > 0 && ordered > 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (convs[i].conv == '\0')
      return FALSE;
  *n_args = n;
  return TRUE;
}

MgMessage *
mg_message_new_valist (const char *msgid, const char *plural, gulong n, va_list args)
{
  Conv convs[MAX_ARGS] = { 0 };
  guint n_args = 0;
  MgMessage *message;
  va_list copy;

  g_return_val_if_fail (msgid != NULL, NULL);
  /* The plural msgid names every argument (an English singular may leave the count out). */
  if (!read_convs (plural != NULL ? plural : msgid, convs, &n_args))
    return NULL;
  message = g_new0 (MgMessage, 1);
  message->msgid = g_strdup (msgid);
  message->plural = g_strdup (plural);
  message->n = n;
  message->n_args = n_args;
  message->args = g_new0 (char *, n_args + 1);
  message->words = g_new0 (char *, n_args + 1);
  message->phrases = g_new0 (MgSaid *, n_args + 1);
  va_copy (copy, args);
  for (guint i = 0; i < n_args; i++)
    if (convs[i].conv == 's')
      {
        const char *text = va_arg (copy, const char *);
        message->phrases[i] = phrase_of (text);
        message->words[i] = message->phrases[i] == NULL ? word_msgid (text) : NULL;
        message->args[i] = format_text (&convs[i], text);
      }
    else
      message->args[i] = format_one (&convs[i], &copy);
  va_end (copy);
  return message;
}

MgMessage *
mg_message_new (const char *msgid, ...)
{
  va_list args;
  MgMessage *message;

  va_start (args, msgid);
  message = mg_message_new_valist (msgid, NULL, 0, args);
  va_end (args);
  return message;
}

MgMessage *
mg_message_new_plural (const char *msgid, const char *plural, gulong n, ...)
{
  va_list args;
  MgMessage *message;

  va_start (args, n);
  message = mg_message_new_valist (msgid, plural, n, args);
  va_end (args);
  return message;
}

MgMessage *
mg_message_copy (const MgMessage *message)
{
  MgMessage *copy;

  if (message == NULL)
    return NULL;
  copy = g_new0 (MgMessage, 1);
  copy->msgid = g_strdup (message->msgid);
  copy->plural = g_strdup (message->plural);
  copy->n = message->n;
  copy->n_args = message->n_args;
  copy->args = g_strdupv (message->args);
  copy->words = g_new0 (char *, message->n_args + 1);
  copy->phrases = g_new0 (MgSaid *, message->n_args + 1);
  for (guint i = 0; i < message->n_args; i++)
    {
      copy->words[i] = g_strdup (message->words[i]);
      copy->phrases[i] = mg_said_copy (message->phrases[i]);
    }
  return copy;
}

void
mg_message_free (MgMessage *message)
{
  if (message == NULL)
    return;
  g_free (message->msgid);
  g_free (message->plural);
  for (guint i = 0; i < message->n_args; i++)
    {
      g_free (message->words[i]);
      if (message->phrases != NULL)
        mg_said_free (message->phrases[i]);
    }
  g_free (message->words);
  g_free (message->phrases);
  g_strfreev (message->args);
  g_free (message);
}

/* `translation` with the message's arguments put in; word arguments by `word` (NULL: their
 * text as made), phrases rendered in `language` (NULL: their text as made, unless `process`). */
static char *
fill (const MgMessage *message, const char *translation, MgMessageWordFunc word, gconstpointer data,
      const MgMessageLanguage *language, gboolean process)
{
  GString *out = g_string_new (NULL);
  guint next = 0;
  const char *p = translation;

  while (*p != '\0')
    {
      const char *pc = strchr (p, '%');
      Conv c;
      const char *after;
      guint index;

      if (pc == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, pc - p);
      if (pc[1] == '%' || pc[1] == '\0')
        {
          g_string_append_c (out, '%');
          p = pc + (pc[1] == '%' ? 2 : 1);
          continue;
        }
      if ((after = parse_conv (pc + 1, &c)) == NULL)
        {
          /* Not a conversion this file reads: kept as written. */
          g_string_append_c (out, '%');
          p = pc + 1;
          continue;
        }
      index = c.pos > 0 ? c.pos - 1 : next++;
      if (index < message->n_args && message->phrases != NULL && message->phrases[index] != NULL
          && (language != NULL || process))
        {
          g_autofree char *phrase = mg_said_render (message->phrases[index], language);
          g_autofree char *text = format_text (&c, phrase);
          g_string_append (out, text);
        }
      else if (index < message->n_args && word != NULL && message->words[index] != NULL)
        g_string_append (out, word (data, message->words[index]));
      else if (index < message->n_args)
        g_string_append (out, message->args[index]);
      p = after;
    }
  return g_string_free (out, FALSE);
}

char *
mg_message_fill (const MgMessage *message, const char *translation)
{
  return fill (message, translation, NULL, NULL, NULL, FALSE);
}

char *
mg_message_fill_words (const MgMessage *message, const char *translation, MgMessageWordFunc word,
                       gconstpointer data)
{
  return fill (message, translation, word, data, NULL, FALSE);
}

char *
mg_message_render (const MgMessage *message, const MgMessageLanguage *language)
{
  const char *translation;

  if (language == NULL)
    translation = message->plural != NULL
      ? g_dngettext (GETTEXT_PACKAGE, message->msgid, message->plural, message->n)
      : g_dgettext (GETTEXT_PACKAGE, message->msgid);
  else
    translation = language->translate (language->data, message->msgid, message->plural, message->n);
  return fill (message, translation, language != NULL ? language->word : NULL,
               language != NULL ? language->data : NULL, language, TRUE);
}

char *
mg_message_to_string (const MgMessage *message)
{
  return mg_message_render (message, NULL);
}

json_object *
mg_message_to_json (const MgMessage *message)
{
  json_object *json = json_object_new_object ();
  json_object *args = json_object_new_array ();

  json_object_object_add (json, "id", json_object_new_string (message->msgid));
  if (message->plural != NULL)
    {
      json_object_object_add (json, "plural", json_object_new_string (message->plural));
      json_object_object_add (json, "n", json_object_new_int64 ((gint64) message->n));
    }
  for (guint i = 0; i < message->n_args; i++)
    if (message->phrases != NULL && message->phrases[i] != NULL)
      {
        json_object *p = json_object_new_object ();
        json_object_object_add (p, "said", mg_said_to_json (message->phrases[i]));
        json_object_array_add (args, p);
      }
    else if (message->words[i] != NULL)
      {
        json_object *w = json_object_new_object ();
        json_object_object_add (w, "id", json_object_new_string (message->words[i]));
        json_object_array_add (args, w);
      }
    else
      json_object_array_add (args, json_object_new_string (message->args[i]));
  json_object_object_add (json, "args", args);
  return json;
}

MgMessage *
mg_message_from_json (json_object *json)
{
  json_object *id = NULL, *plural = NULL, *n = NULL, *args = NULL;
  MgMessage *message;
  gsize len;

  if (!json_object_is_type (json, json_type_object)
      || !json_object_object_get_ex (json, "id", &id) || !json_object_is_type (id, json_type_string)
      || !json_object_object_get_ex (json, "args", &args) || !json_object_is_type (args, json_type_array)
      || (len = json_object_array_length (args)) > MAX_ARGS)
    return NULL;
  json_object_object_get_ex (json, "plural", &plural);
  json_object_object_get_ex (json, "n", &n);
  if ((plural != NULL && !json_object_is_type (plural, json_type_string))
      || (plural != NULL && !json_object_is_type (n, json_type_int)))
    return NULL;
  for (gsize i = 0; i < len; i++)
    {
      json_object *a = json_object_array_get_idx (args, i), *w = NULL;
      if (!json_object_is_type (a, json_type_string)
          && !(json_object_object_get_ex (a, "id", &w) && json_object_is_type (w, json_type_string))
          && !(json_object_object_get_ex (a, "said", &w) && json_object_is_type (w, json_type_array)))
        return NULL;
    }
  message = g_new0 (MgMessage, 1);
  message->msgid = g_strdup (json_object_get_string (id));
  message->plural = plural != NULL ? g_strdup (json_object_get_string (plural)) : NULL;
  message->n = plural != NULL ? (gulong) MAX (0, json_object_get_int64 (n)) : 0;
  message->n_args = (guint) len;
  message->args = g_new0 (char *, len + 1);
  message->words = g_new0 (char *, len + 1);
  message->phrases = g_new0 (MgSaid *, len + 1);
  for (gsize i = 0; i < len; i++)
    {
      json_object *a = json_object_array_get_idx (args, i), *w = NULL;
      if (json_object_object_get_ex (a, "said", &w))
        {
          message->phrases[i] = mg_said_from_json (w);
          if (message->phrases[i] == NULL)
            {
              mg_message_free (message);
              return NULL;
            }
          message->args[i] = mg_said_render (message->phrases[i], NULL);
        }
      else if (json_object_object_get_ex (a, "id", &w))
        {
          message->words[i] = g_strdup (json_object_get_string (w));
          message->args[i] = g_strdup (word_text (message->words[i]));
        }
      else
        message->args[i] = g_strdup (json_object_get_string (a));
    }
  return message;
}

/* ---- MgSaid ---- */

static void
piece_clear (gpointer data)
{
  Piece *piece = data;

  mg_message_free (piece->message);
  g_free (piece->text);
  g_free (piece);
}

MgSaid *
mg_said_new (void)
{
  MgSaid *said = g_new0 (MgSaid, 1);

  said->pieces = g_ptr_array_new_with_free_func (piece_clear);
  return said;
}

/* Forgets the process's text (and its registration as a phrase): `said` changes or goes. */
static void
said_changed (MgSaid *said)
{
  if (said->phrase)
    {
      g_mutex_lock (&phrases_lock);
      g_hash_table_remove (phrases, said->text);
      g_mutex_unlock (&phrases_lock);
      said->phrase = FALSE;
    }
  g_clear_pointer (&said->text, g_free);
}

static void
add_piece (MgSaid *said, MgMessage *message, const char *text)
{
  Piece *piece = g_new0 (Piece, 1);

  said_changed (said);
  piece->message = message;
  piece->text = message == NULL ? g_strdup (text) : NULL;
  g_ptr_array_add (said->pieces, piece);
}

MgSaid *
mg_said_copy (const MgSaid *said)
{
  MgSaid *copy;

  if (said == NULL)
    return NULL;
  copy = mg_said_new ();
  mg_said_append (copy, said);
  return copy;
}

void
mg_said_free (MgSaid *said)
{
  if (said == NULL)
    return;
  said_changed (said);
  g_ptr_array_unref (said->pieces);
  g_free (said);
}

void
mg_said_add (MgSaid *said, const char *msgid, ...)
{
  va_list args;

  if (said == NULL)
    return;
  va_start (args, msgid);
  mg_said_add_message (said, mg_message_new_valist (msgid, NULL, 0, args));
  va_end (args);
}

void
mg_said_add_n (MgSaid *said, const char *msgid, const char *plural, gulong n, ...)
{
  va_list args;

  if (said == NULL)
    return;
  va_start (args, n);
  mg_said_add_message (said, mg_message_new_valist (msgid, plural, n, args));
  va_end (args);
}

void
mg_said_add_message (MgSaid *said, MgMessage *message)
{
  if (said == NULL)
    mg_message_free (message);
  else if (message != NULL)
    add_piece (said, message, NULL);
}

void
mg_said_add_text (MgSaid *said, const char *text)
{
  if (said != NULL && text != NULL && *text != '\0')
    add_piece (said, NULL, text);
}

void
mg_said_append (MgSaid *said, const MgSaid *other)
{
  if (said == NULL || other == NULL || other == said)
    return;
  for (guint i = 0; i < other->pieces->len; i++)
    {
      const Piece *piece = g_ptr_array_index (other->pieces, i);
      add_piece (said, mg_message_copy (piece->message), piece->text);
    }
}

guint
mg_said_length (const MgSaid *said)
{
  return said != NULL ? said->pieces->len : 0;
}

char *
mg_said_render (const MgSaid *said, const MgMessageLanguage *language)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; said != NULL && i < said->pieces->len; i++)
    {
      const Piece *piece = g_ptr_array_index (said->pieces, i);
      g_autofree char *text = piece->message != NULL ? mg_message_render (piece->message, language) : NULL;
      g_string_append (out, text != NULL ? text : piece->text);
    }
  return g_string_free (out, FALSE);
}

char *
mg_said_render_sentence (const MgSaid *said, const MgMessageLanguage *language)
{
  return g_strstrip (mg_said_render (said, language));
}

const char *
mg_said_text (MgSaid *said)
{
  if (said->text == NULL)
    said->text = mg_said_render (said, NULL);
  return said->text;
}

const char *
mg_message_phrase (MgSaid *phrase)
{
  const char *text = mg_said_text (phrase);

  if (!phrase->phrase)
    {
      g_mutex_lock (&phrases_lock);
      if (phrases == NULL)
        phrases = g_hash_table_new (g_direct_hash, g_direct_equal);
      g_hash_table_insert (phrases, (gpointer) text, phrase);
      g_mutex_unlock (&phrases_lock);
      phrase->phrase = TRUE;
    }
  return text;
}

json_object *
mg_said_to_json (const MgSaid *said)
{
  json_object *json = json_object_new_array ();

  for (guint i = 0; said != NULL && i < said->pieces->len; i++)
    {
      const Piece *piece = g_ptr_array_index (said->pieces, i);
      json_object *p = piece->message != NULL ? mg_message_to_json (piece->message) : json_object_new_object ();
      if (piece->message == NULL)
        json_object_object_add (p, "text", json_object_new_string (piece->text));
      json_object_array_add (json, p);
    }
  return json;
}

MgSaid *
mg_said_from_json (json_object *json)
{
  g_autoptr (MgSaid) said = NULL;

  if (!json_object_is_type (json, json_type_array))
    return NULL;
  said = mg_said_new ();
  for (gsize i = 0; i < json_object_array_length (json); i++)
    {
      json_object *p = json_object_array_get_idx (json, i), *text = NULL;
      MgMessage *message;
      if (json_object_object_get_ex (p, "text", &text) && json_object_is_type (text, json_type_string))
        mg_said_add_text (said, json_object_get_string (text));
      else if ((message = mg_message_from_json (p)) != NULL)
        mg_said_add_message (said, message);
      else
        return NULL;
    }
  return g_steal_pointer (&said);
}

/* mg-catalogue.c — .mo files read by language, with Plural-Forms, for messages shown in a
 * language other than the process's. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <libintl.h>
#include <glib/gi18n-lib.h>

#include "mg-catalogue.h"

/* Languages kept at most: Accept-Language values are a stranger's, each miss is kept too. */
#define MAX_LANGUAGES 32

struct _MgCatalogue
{
  char       *lang;
  GHashTable *table;    /* msgid (the singular of a plural) → GBytes of the msgstr(s), NUL-separated */
  char       *plural;   /* the header's plural= expression; NULL: "n != 1" */
  guint       nplurals;
};

/* The header's "Plural-Forms: nplurals=3; plural=…;" (from the msgstr of ""). */
static void
read_plural_forms (MgCatalogue *catalogue, const char *header)
{
  const char *line = header != NULL ? strstr (header, "Plural-Forms:") : NULL;
  const char *np, *pl;
  g_autofree char *text = NULL;

  if (line == NULL)
    return;
  text = g_strndup (line, strcspn (line, "\n"));
  np = strstr (text, "nplurals=");
  pl = strstr (text, "plural=");
  if (np == NULL || pl == NULL)
    return;
  catalogue->nplurals = (guint) g_ascii_strtoull (np + 9, NULL, 10);
  catalogue->plural = g_strndup (pl + 7, strcspn (pl + 7, ";"));
  if (catalogue->nplurals == 0 || catalogue->nplurals > 6 || mg_catalogue_plural_eval (catalogue->plural, 1) < 0)
    g_clear_pointer (&catalogue->plural, g_free);
}

MgCatalogue *
mg_catalogue_load (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  const guint32 *w;
  guint32 n, orig, trans;
  gboolean swap;
  MgCatalogue *catalogue;
  GBytes *header;

  if (!g_file_get_contents (path, &data, &len, NULL) || len < 28)
    return NULL;
  w = (const guint32 *) data;
  swap = w[0] == 0xde120495u;
  if (!swap && w[0] != 0x950412deu)
    return NULL;
#define MO(x) (swap ? GUINT32_SWAP_LE_BE (x) : (x))
  n = MO (w[2]);
  orig = MO (w[3]);
  trans = MO (w[4]);
  if ((guint64) orig + 8ull * n > len || (guint64) trans + 8ull * n > len || orig % 4 != 0 || trans % 4 != 0)
    return NULL;
  catalogue = g_new0 (MgCatalogue, 1);
  catalogue->table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  for (guint32 i = 0; i < n; i++)
    {
      const guint32 *o = (const guint32 *) (data + orig + 8 * i);
      const guint32 *t = (const guint32 *) (data + trans + 8 * i);
      guint32 ol = MO (o[0]), oo = MO (o[1]), tl = MO (t[0]), to = MO (t[1]);
      if ((guint64) oo + ol >= len || (guint64) to + tl >= len || tl == 0)
        continue;
      /* The key stops at the msgid's NUL (a plural's singular); the value keeps every form. */
      g_hash_table_insert (catalogue->table, g_strndup (data + oo, ol), g_bytes_new (data + to, tl + 1));
    }
#undef MO
  header = g_hash_table_lookup (catalogue->table, "");
  read_plural_forms (catalogue, header != NULL ? g_bytes_get_data (header, NULL) : NULL);
  return catalogue;
}

void
mg_catalogue_free (MgCatalogue *catalogue)
{
  if (catalogue == NULL)
    return;
  g_free (catalogue->lang);
  g_hash_table_unref (catalogue->table);
  g_free (catalogue->plural);
  g_free (catalogue);
}

const MgCatalogue *
mg_catalogue_get (const char *lang)
{
  static GHashTable *cache;   /* lang → MgCatalogue, or NULL for a language without one */
  static GMutex lock;
  const char *dir = bindtextdomain (GETTEXT_PACKAGE, NULL);
  MgCatalogue *catalogue = NULL;

  g_mutex_lock (&lock);
  if (cache == NULL)
    cache = g_hash_table_new (g_str_hash, g_str_equal);
  if (!g_hash_table_lookup_extended (cache, lang, NULL, (gpointer *) &catalogue)
      && g_hash_table_size (cache) < MAX_LANGUAGES && dir != NULL)
    {
      g_autofree char *file = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
      g_autofree char *path = g_build_filename (dir, lang, "LC_MESSAGES", file, NULL);
      if ((catalogue = mg_catalogue_load (path)) != NULL)
        catalogue->lang = g_strdup (lang);
      g_hash_table_insert (cache, g_strdup (lang), catalogue);   /* kept for the process */
    }
  g_mutex_unlock (&lock);
  return catalogue;
}

const MgCatalogue *
mg_catalogue_for_accept_language (const char *accept)
{
  g_auto(GStrv) parts = accept != NULL ? g_strsplit (accept, ",", 8) : NULL;

  for (guint i = 0; parts != NULL && parts[i] != NULL; i++)
    {
      char *tag = g_strstrip (parts[i]);
      char *semi = strchr (tag, ';');
      char *dash;
      const MgCatalogue *catalogue;
      if (semi != NULL)
        *semi = '\0';
      g_strstrip (tag);
      /* Tags are letters and one '-' only: nothing else reaches a file name. */
      if (strlen (tag) < 2 || strlen (tag) > 8 || strspn (tag, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != strlen (tag))
        continue;
      if (g_ascii_strncasecmp (tag, "en", 2) == 0 && (tag[2] == '\0' || tag[2] == '-'))
        return NULL;
      dash = strchr (tag, '-');
      if (dash != NULL && strchr (dash + 1, '-') == NULL)
        {
          g_autofree char *region = g_strdup_printf ("%.*s_%s", (int) (dash - tag), tag, dash + 1);
          for (char *c = region; *c != '\0'; c++)
            *c = c > strchr (region, '_') ? g_ascii_toupper (*c) : g_ascii_tolower (*c);
          if ((catalogue = mg_catalogue_get (region)) != NULL)
            return catalogue;
        }
      if (dash != NULL)
        *dash = '\0';
      {
        g_autofree char *lang = g_ascii_strdown (tag, -1);
        if ((catalogue = mg_catalogue_get (lang)) != NULL)
          return catalogue;
      }
    }
  return NULL;
}

const char *
mg_catalogue_language (const MgCatalogue *catalogue)
{
  return catalogue != NULL && catalogue->lang != NULL ? catalogue->lang : "en";
}

const char *
mg_catalogue_gettext (const MgCatalogue *catalogue, const char *msgid)
{
  GBytes *text = catalogue != NULL ? g_hash_table_lookup (catalogue->table, msgid) : NULL;
  const char *s = text != NULL ? g_bytes_get_data (text, NULL) : NULL;

  return s != NULL && *s != '\0' ? s : msgid;
}

const char *
mg_catalogue_ngettext (const MgCatalogue *catalogue, const char *msgid, const char *plural, gulong n)
{
  GBytes *text = catalogue != NULL ? g_hash_table_lookup (catalogue->table, msgid) : NULL;
  gsize len = 0;
  const char *s = text != NULL ? g_bytes_get_data (text, &len) : NULL;
  gint form;

  if (s == NULL)
    return n == 1 ? msgid : plural;
  form = catalogue->plural != NULL ? mg_catalogue_plural_eval (catalogue->plural, n) : n != 1;
  if (form < 0 || (guint) form >= MAX (catalogue->nplurals, 2))
    form = 0;
  /* The forms are NUL-separated in the value (len counts the final NUL too). */
  for (gint i = 0; i < form; i++)
    {
      gsize step = strlen (s) + 1;
      if (step >= len)
        return n == 1 ? msgid : plural;   /* fewer forms than the header says */
      s += step;
      len -= step;
    }
  return *s != '\0' ? s : (n == 1 ? msgid : plural);
}

/* A word argument's text: its translation, or its msgid (without its context) when none. */
static const char *
catalogue_word (gconstpointer catalogue, const char *id)
{
  const char *text = mg_catalogue_gettext (catalogue, id);
  const char *eot = strchr (id, '\004');

  return text == id && eot != NULL ? eot + 1 : text;
}

static const char *
catalogue_translate (gconstpointer catalogue, const char *msgid, const char *plural, gulong n)
{
  return plural != NULL ? mg_catalogue_ngettext (catalogue, msgid, plural, n)
                        : mg_catalogue_gettext (catalogue, msgid);
}

MgMessageLanguage
mg_catalogue_language_of (const MgCatalogue *catalogue)
{
  MgMessageLanguage language = { catalogue_translate, catalogue_word, catalogue };

  return language;
}

char *
mg_catalogue_render (const MgCatalogue *catalogue, const MgMessage *message)
{
  MgMessageLanguage language = mg_catalogue_language_of (catalogue);

  return mg_message_render (message, &language);
}

char *
mg_catalogue_render_said (const MgCatalogue *catalogue, const MgSaid *said)
{
  MgMessageLanguage language = mg_catalogue_language_of (catalogue);

  return mg_said_render_sentence (said, &language);
}

/* Plural-Forms: C's expressions over n, read and evaluated at once (both sides of ?: are read;
 * the one chosen is kept). */
typedef struct
{
  const char *p;
  gulong      n;
  gboolean    bad;
} Expr;

static gulong expr_cond (Expr *e);

static void
skip_space (Expr *e)
{
  while (g_ascii_isspace (*e->p))
    e->p++;
}

static gboolean
take (Expr *e, const char *token)
{
  skip_space (e);
  if (strncmp (e->p, token, strlen (token)) != 0)
    return FALSE;
  /* "<" is not the start of "<=", "!" not of "!=", "=" is never alone */
  if ((strcmp (token, "<") == 0 || strcmp (token, ">") == 0 || strcmp (token, "!") == 0) && e->p[1] == '=')
    return FALSE;
  e->p += strlen (token);
  return TRUE;
}

static gulong
expr_primary (Expr *e)
{
  gulong v;

  skip_space (e);
  if (take (e, "!"))
    return !expr_primary (e);
  if (take (e, "("))
    {
      v = expr_cond (e);
      if (!take (e, ")"))
        e->bad = TRUE;
      return v;
    }
  if (*e->p == 'n')
    return e->p++, e->n;
  if (g_ascii_isdigit (*e->p))
    {
      char *end;
      v = (gulong) g_ascii_strtoull (e->p, &end, 10);
      e->p = end;
      return v;
    }
  e->bad = TRUE;
  return 0;
}

static gulong
expr_binary (Expr *e, guint level)
{
  static const char *const ops[][4] = {
    { "||" }, { "&&" }, { "==", "!=" }, { "<=", ">=", "<", ">" }, { "+", "-" }, { "*", "/", "%" },
  };
  gulong v;

  if (level == G_N_ELEMENTS (ops))
    return expr_primary (e);
  v = expr_binary (e, level + 1);
  for (gboolean more = TRUE; more && !e->bad;)
    {
      more = FALSE;
      for (guint i = 0; i < 4 && ops[level][i] != NULL && !more; i++)
        if (take (e, ops[level][i]))
          {
            const char *op = ops[level][i];
            gulong r = expr_binary (e, level + 1);
            more = TRUE;
            if ((op[0] == '/' || op[0] == '%') && r == 0)
              e->bad = TRUE, r = 1;
            v = strcmp (op, "||") == 0 ? (v || r) : strcmp (op, "&&") == 0 ? (v && r)
              : strcmp (op, "==") == 0 ? v == r : strcmp (op, "!=") == 0 ? v != r
              : strcmp (op, "<=") == 0 ? v <= r : strcmp (op, ">=") == 0 ? v >= r
              : op[0] == '<' ? v < r : op[0] == '>' ? v > r
              : op[0] == '+' ? v + r : op[0] == '-' ? v - r
              : op[0] == '*' ? v * r : op[0] == '/' ? v / r : v % r;
          }
    }
  return v;
}

static gulong
expr_cond (Expr *e)
{
  gulong c = expr_binary (e, 0), a, b;

  if (!take (e, "?"))
    return c;
  a = expr_cond (e);
  if (!take (e, ":"))
    e->bad = TRUE;
  b = expr_cond (e);
  return c ? a : b;
}

gint
mg_catalogue_plural_eval (const char *expression, gulong n)
{
  Expr e = { expression, n, FALSE };
  gulong v = expr_cond (&e);

  skip_space (&e);
  if (e.bad || *e.p != '\0' || v > G_MAXINT)
    return -1;
  return (gint) v;
}

/* mg-table-words.c — the phone page's words, from po/, in the phone's language. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Marked here with N_() for po/ and read back from the .mo file of the phone's language, so a
 * French phone reads French next to an English referee. */
#include "config.h"

#include <string.h>
#include <libintl.h>
#include <glib/gi18n-lib.h>

#include "mg-table-words.h"

/* The page's own words (data/web/app.js asks for them by key); nothing game-specific: a game's
 * words come from its descriptor (MgRules.phone_words). */
static const MgWord page_words[] = {
  { "you_play",    N_("You play %s") },
  { "the_table",   N_("The table") },
  { "connecting",  N_("Connecting…") },
  { "live",        N_("Live") },
  { "offline",     N_("Connection lost; trying again…") },
  { "denied",      N_("This page does not open a seat any more. Open the table’s page again to join.") },
  { "your_steps",  N_("What you decide now") },
  { "no_steps",    N_("Nothing for you to decide now.") },
  { "yours",       N_("Only you see this") },
  { "standing",    N_("The table now") },
  { "send",        N_("Send") },
  { "sent",        N_("Sent.") },
  { "refused",     N_("Refused: %s") },
  { "who",         N_("Secrets entered") },
  { "entered",     N_("entered") },
  { "not_yet",     N_("not yet") },
  { "hidden",      N_("hidden") },
  { "join",        N_("Take a seat") },
  { "join_help",   N_("Choose your seat. The referee lets your phone in on their computer.") },
  { "free",        N_("free") },
  { "held",        N_("a phone has it") },
  { "ask",         N_("Ask for %s") },
  { "take_over",   N_("Ask to take %s over") },
  { "back",        N_("Back to your seat: %s") },
  { "wait_code",   N_("Show this code to the referee: %s") },
  { "wait_text",   N_("Waiting for the referee to let this phone in as %s.") },
  { "join_refused", N_("The referee did not let this phone in. You can ask again.") },
  /* the alt text of a game's board picture; a game names its own ("The arena") */
  { "board",       N_("The board") },
  { "yes",         N_("yes") },
  { "no",          N_("no") },
  { NULL, NULL }
};

/* A .mo file read once: msgid → msgstr. */
static GHashTable *
mo_read (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  const guint32 *w;
  guint32 n, orig, trans;
  gboolean swap;
  GHashTable *table;

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
  if ((guint64) orig + 8ull * n > len || (guint64) trans + 8ull * n > len)
    return NULL;
  table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint32 i = 0; i < n; i++)
    {
      const guint32 *o = (const guint32 *) (data + orig + 8 * i);
      const guint32 *t = (const guint32 *) (data + trans + 8 * i);
      guint32 ol = MO (o[0]), oo = MO (o[1]), tl = MO (t[0]), to = MO (t[1]);
      if ((guint64) oo + ol >= len || (guint64) to + tl >= len || ol == 0)
        continue;
      g_hash_table_insert (table, g_strndup (data + oo, ol), g_strndup (data + to, tl));
    }
#undef MO
  return table;
}

/* The catalogue of `lang` ("fr", "pt_BR"), read once and kept; NULL when there is none. */
static GHashTable *
catalogue (const char *lang)
{
  static GHashTable *cache;   /* lang → GHashTable (or a miss, as the cache itself) */
  const char *dir = bindtextdomain (GETTEXT_PACKAGE, NULL);
  GHashTable *table;

  if (cache == NULL)
    cache = g_hash_table_new (g_str_hash, g_str_equal);
  if (g_hash_table_lookup_extended (cache, lang, NULL, (gpointer *) &table))
    return table;
  if (g_hash_table_size (cache) >= 32 || dir == NULL)
    return NULL;
  {
    g_autofree char *file = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
    g_autofree char *path = g_build_filename (dir, lang, "LC_MESSAGES", file, NULL);
    table = mo_read (path);
  }
  g_hash_table_insert (cache, g_strdup (lang), table);
  return table;
}

/* The first language of an Accept-Language value with a catalogue ("fr-CH,fr;q=0.9" → fr), or
 * NULL for English (asked for first, or nothing matched).  Tags are letters and one '-' only. */
static const char *
pick_language (const char *accept, GHashTable **table)
{
  g_auto(GStrv) parts = accept != NULL ? g_strsplit (accept, ",", 8) : NULL;
  static char chosen[16];

  for (guint i = 0; parts != NULL && parts[i] != NULL; i++)
    {
      char *tag = g_strstrip (parts[i]);
      char *semi = strchr (tag, ';');
      char *dash;
      if (semi != NULL)
        *semi = '\0';
      g_strstrip (tag);
      if (strlen (tag) < 2 || strlen (tag) > 8 || strspn (tag, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != strlen (tag))
        continue;
      if (g_ascii_strncasecmp (tag, "en", 2) == 0 && (tag[2] == '\0' || tag[2] == '-'))
        return NULL;
      dash = strchr (tag, '-');
      if (dash != NULL)
        {
          g_autofree char *region = g_strdup_printf ("%.*s_%s", (int) (dash - tag), tag, dash + 1);
          for (char *c = region; *c != '\0'; c++)
            *c = c > strchr (region, '_') ? g_ascii_toupper (*c) : g_ascii_tolower (*c);
          if ((*table = catalogue (region)) != NULL)
            return g_strlcpy (chosen, region, sizeof chosen), chosen;
          *dash = '\0';
        }
      tag = g_ascii_strdown (tag, -1);
      *table = catalogue (tag);
      g_strlcpy (chosen, tag, sizeof chosen);
      g_free (tag);
      if (*table != NULL)
        return chosen;
    }
  *table = NULL;
  return NULL;
}

static void
add_words (json_object *out, const MgWord *words, GHashTable *table)
{
  for (guint i = 0; words != NULL && words[i].key != NULL; i++)
    {
      const char *text = table != NULL ? g_hash_table_lookup (table, words[i].text) : NULL;
      json_object_object_add (out, words[i].key,
                              json_object_new_string (text != NULL && *text != '\0' ? text : words[i].text));
    }
}

json_object *
mg_table_words (MgCampaign *campaign, const char *accept_language)
{
  GHashTable *table = NULL;
  const char *lang = pick_language (accept_language, &table);
  const MgRules *rules = campaign != NULL ? mg_campaign_get_rules (campaign) : NULL;
  json_object *out = json_object_new_object ();
  json_object *words = json_object_new_object ();

  add_words (words, page_words, table);
  if (rules != NULL)
    add_words (words, rules->phone_words, table);
  json_object_object_add (out, "lang", json_object_new_string (lang != NULL ? lang : "en"));
  json_object_object_add (out, "words", words);
  return out;
}

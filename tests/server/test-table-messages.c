/* test-table-messages.c — refusals kept as messages and shown in the phone's language, whatever
 * the app's; the catalogue's plural rules and positional arguments (issues 41 and 45). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gstdio.h>
#include <libintl.h>
#include <glib/gi18n-lib.h>

#include "mg-catalogue.h"
#include "mg-game.h"
#include "mg-json.h"
#include "mg-message.h"
#include "mg-rules.h"
#include "mg-server-test-util.h"
#include "mg-table-seat.h"
#include "mg-table-server.h"

/* ------------------------------------------------------------ po/fr.po, read as a translator wrote it */

/* A .po string's text: the quoted pieces of `line` and its continuation lines, unescaped. */
static void
po_append (GString *out, const char *line)
{
  const char *q = strchr (line, '"');
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;

  if (q == NULL)
    return;
  raw = g_strndup (q + 1, strrchr (line, '"') - q - 1);
  text = g_strcompress (raw);
  g_string_append (out, text);
}

/* The msgstr (form `form` of a plural entry) po/fr.po gives `msgid`; fails when there is none. */
static char *
fr_po (const char *msgid, guint form)
{
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "po", "fr.po", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *want = g_strdup_printf ("msgstr[%u]", form);
  GString *id = NULL, *str = NULL, *cur = NULL;
  char *found = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && found == NULL; i++)
    {
      const char *l = lines[i];
      if (g_str_has_prefix (l, "msgid "))
        {
          if (id != NULL)
            g_string_free (id, TRUE);
          if (str != NULL)
            g_string_free (str, TRUE);
          id = g_string_new (NULL), str = NULL, cur = id;
        }
      else if (g_str_has_prefix (l, "msgstr ") || g_str_has_prefix (l, want))
        str = g_string_new (NULL), cur = str;
      else if (g_str_has_prefix (l, "msgid_plural") || g_str_has_prefix (l, "msgstr["))
        cur = NULL;
      else if (l[0] != '"')
        {
          if (id != NULL && str != NULL && strcmp (id->str, msgid) == 0)
            found = g_strdup (str->str);
          cur = NULL;
          continue;
        }
      if (cur != NULL)
        po_append (cur, l);
    }
  if (id != NULL)
    g_string_free (id, TRUE);
  if (str != NULL)
    g_string_free (str, TRUE);
  g_assert_nonnull (found);
  g_assert_cmpstr (found, !=, "");
  return found;
}

/* The process's own language: French (LANGUAGE=fr, no fr_FR locale needed) or English. */
static void
process_language (const char *lang)
{
  if (lang != NULL)
    g_setenv ("LANGUAGE", lang, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  setlocale (LC_ALL, "");
  textdomain (textdomain (NULL));   /* gettext forgets the translations it looked up */
}

/* ------------------------------------------------------------ the catalogue, without a server */

static void
test_plural_rules (void)
{
  /* French: 0 and 1 are singular. */
  g_assert_cmpint (mg_catalogue_plural_eval ("(n > 1)", 0), ==, 0);
  g_assert_cmpint (mg_catalogue_plural_eval ("(n > 1)", 1), ==, 0);
  g_assert_cmpint (mg_catalogue_plural_eval ("(n > 1)", 2), ==, 1);
  /* Polish's three forms (gettext manual): 1; 2-4, 22-24…; the rest, 12-14 and 112 included. */
  {
    const char *pl = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)";
    const gulong n[] = { 1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 0 };
    const gint form[] = { 0, 1, 1, 2, 2, 2, 2, 1, 2, 2, 2 };
    for (guint i = 0; i < G_N_ELEMENTS (n); i++)
      g_assert_cmpint (mg_catalogue_plural_eval (pl, n[i]), ==, form[i]);
  }
  g_assert_cmpint (mg_catalogue_plural_eval ("n != 1", 1), ==, 0);
  g_assert_cmpint (mg_catalogue_plural_eval ("!(n == 1)", 7), ==, 1);
  g_assert_cmpint (mg_catalogue_plural_eval ("0", 7), ==, 0);
  /* Not expressions: refused, never read past. */
  g_assert_cmpint (mg_catalogue_plural_eval ("n >", 2), ==, -1);
  g_assert_cmpint (mg_catalogue_plural_eval ("n % 0", 2), ==, -1);
  g_assert_cmpint (mg_catalogue_plural_eval ("(n", 2), ==, -1);
  g_assert_cmpint (mg_catalogue_plural_eval ("n ? 1", 2), ==, -1);
  g_assert_cmpint (mg_catalogue_plural_eval ("x", 2), ==, -1);
}

/* A language of three forms whose translator puts the arguments in another order (%2$u before
 * %1$s): a catalogue made with msgfmt from a .po written here. */
static void
test_three_forms_positional (void)
{
  static const char po[] =
    "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
    "\"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n\"\n\n"
    "#, c-format\nmsgid \"%s holds %u card\"\nmsgid_plural \"%s holds %u cards\"\n"
    "msgstr[0] \"%2$u karta: %1$s\"\nmsgstr[1] \"%2$u karty: %1$s\"\nmsgstr[2] \"%2$u kart: %1$s\"\n\n"
    "#, c-format\nmsgid \"%s bids %d gold on %s\"\nmsgstr \"%3$s: %1$s, %2$d (100%%)\"\n";
  g_autofree char *dir = g_dir_make_tmp ("mg-catalogue-XXXXXX", NULL);
  g_autofree char *po_path = g_build_filename (dir, "pl.po", NULL);
  g_autofree char *mo_path = g_build_filename (dir, "pl.mo", NULL);
  const char *argv[] = { "msgfmt", "-c", "-o", mo_path, po_path, NULL };
  g_autoptr(GError) error = NULL;
  gint wait = 0;
  MgCatalogue *pl;
  const gulong n[] = { 1, 3, 5, 22, 112 };
  const char *said[] = { "1 karta: Red", "3 karty: Red", "5 kart: Red", "22 karty: Red", "112 kart: Red" };

  g_assert_true (g_file_set_contents (po_path, po, -1, NULL));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &wait, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait, NULL));
  pl = mg_catalogue_load (mo_path);
  g_assert_nonnull (pl);
  for (guint i = 0; i < G_N_ELEMENTS (n); i++)
    {
      g_autoptr(MgMessage) m = mg_message_new_plural ("%s holds %u card", "%s holds %u cards", n[i], "Red", (guint) n[i]);
      g_autofree char *text = mg_catalogue_render (pl, m);
      g_autofree char *english = mg_catalogue_render (NULL, m);
      g_assert_cmpstr (text, ==, said[i]);
      g_autofree char *want = n[i] == 1 ? g_strdup ("Red holds 1 card") : g_strdup_printf ("Red holds %lu cards", n[i]);
      g_assert_cmpstr (english, ==, want);
    }
  {
    g_autoptr(MgMessage) m = mg_message_new ("%s bids %d gold on %s", "Blue", -3, "Bluewater");
    g_autofree char *text = mg_catalogue_render (pl, m);
    g_autofree char *english = mg_catalogue_render (NULL, m);
    g_assert_cmpstr (text, ==, "Bluewater: Blue, -3 (100%)");
    g_assert_cmpstr (english, ==, "Blue bids -3 gold on Bluewater");
  }
  mg_catalogue_free (pl);
  g_unlink (mo_path);
  g_unlink (po_path);
  g_rmdir (dir);
}

/* Each argument is formatted by the msgid's own conversion when the message is made, and a
 * message survives JSON (the form a journal row would keep). */
static void
test_arguments (void)
{
  g_autoptr(MgMessage) m = mg_message_new ("%s: %u, %+d, %lld, %zu, %.1f, %c, 100%%", "Red", 7u, 3, (long long) -9000000000,
                                           (gsize) 12, 2.25, 'x');
  g_autofree char *text = mg_catalogue_render (NULL, m);
  json_object *json = mg_message_to_json (m);
  g_autoptr(MgMessage) back = mg_message_from_json (json);
  g_autofree char *again = mg_catalogue_render (NULL, back);

  g_assert_cmpstr (text, ==, "Red: 7, +3, -9000000000, 12, 2.2, x, 100%");
  g_assert_cmpstr (again, ==, text);
  json_object_put (json);
  /* A word argument prints as _() prints it and is kept as its msgid, JSON included: each
   * catalogue says it in its language. The same text given plainly is no word. */
  {
    g_autoptr(MgMessage) w = mg_message_new ("%s / %s!", "Red", mg_message_word ("catapult"));
    g_autoptr(MgMessage) plain = mg_message_new ("%s / %s!", "Red", "catapult");
    json_object *j = mg_message_to_json (w);
    g_autoptr(MgMessage) wb = mg_message_from_json (j);
    g_autofree char *fr_word = fr_po ("catapult", 0);
    g_autofree char *fr_want = g_strconcat ("Red / ", fr_word, "!", NULL);
    g_autofree char *fr_text = mg_catalogue_render (mg_catalogue_get ("fr"), wb);
    g_autofree char *en_text = mg_catalogue_render (NULL, wb);
    g_autofree char *fr_plain = mg_catalogue_render (mg_catalogue_get ("fr"), plain);

    g_assert_cmpstr (mg_message_word ("catapult"), ==, _("catapult"));
    g_assert_null (w->words[0]);
    g_assert_cmpstr (w->words[1], ==, "catapult");
    g_assert_null (plain->words[1]);
    g_assert_cmpstr (fr_text, ==, fr_want);
    g_assert_cmpstr (en_text, ==, "Red / catapult!");
    g_assert_cmpstr (fr_plain, ==, "Red / catapult!");
    json_object_put (j);
  }
  /* A word with a context ("ruleset value", as the Rules page says a colour), JSON included. */
  {
    g_autoptr(MgMessage) w = mg_message_new ("%s / %s!", "Red", mg_message_word_ctx ("ruleset value", "Blue"));
    json_object *j = mg_message_to_json (w);
    g_autoptr(MgMessage) wb = mg_message_from_json (j);
    g_autofree char *fr_text = mg_catalogue_render (mg_catalogue_get ("fr"), wb);
    g_autofree char *en_text = mg_catalogue_render (NULL, wb);

    g_assert_cmpstr (mg_message_word_ctx ("ruleset value", "Blue"), ==, C_("ruleset value", "Blue"));
    g_assert_cmpstr (fr_text, ==, "Red / Bleu!");
    g_assert_cmpstr (en_text, ==, "Red / Blue!");
    json_object_put (j);
  }
  /* Conversions it cannot read make no message (the error keeps its text). */
  {
    const char *unread[] = { "%n", "%*d", "%1$s %s" };
    for (guint i = 0; i < G_N_ELEMENTS (unread); i++)
      g_assert_null (mg_message_new (unread[i], 3, 4));
  }
}

/* An action's sentences as messages (MgSaid): pieces end to end, a text said as it is, a
 * phrase argument (itself pieces, a word among them) rendered in each language; JSON and back. */
static void
test_said (void)
{
  g_autoptr(MgSaid) said = mg_said_new ();
  g_autoptr(MgSaid) phrase = mg_said_new ();
  g_autofree char *fr_income = fr_po ("Income: %s.", 0);
  g_autofree char *fr_moves = fr_po ("%s moves a %s from %s to %s.", 0);
  g_autofree char *fr_soldier = fr_po ("soldier", 0);
  g_autofree char *fr_want = NULL, *fr_text = NULL, *en_text = NULL, *again = NULL;
  g_autoptr(MgSaid) back = NULL;
  g_auto(GStrv) income = g_strsplit (fr_income, "%s", 2);
  g_auto(GStrv) moves = g_strsplit (fr_moves, "%s", 5);
  json_object *json, *bad;

  mg_said_add_text (phrase, "Red +3, ");
  mg_said_add (phrase, "%s moves a %s from %s to %s.", "Blue", mg_message_word ("soldier"), "A1", "B2");
  mg_said_add (said, "Income: %s.", mg_message_phrase (phrase));
  mg_said_add_text (said, " ");
  mg_said_add_n (said, "%u piece", "%u pieces", 2, 2u);
  g_assert_cmpuint (mg_said_length (said), ==, 3);
  /* The process's text is what printf and _() give. */
  g_assert_cmpstr (mg_said_text (said), ==, "Income: Red +3, Blue moves a soldier from A1 to B2.. 2 pieces");
  json = mg_said_to_json (said);
  back = mg_said_from_json (json);
  json_object_put (json);
  g_assert_nonnull (back);
  en_text = mg_said_render_sentence (back, NULL);
  again = mg_catalogue_render_said (NULL, back);
  g_assert_cmpstr (en_text, ==, "Income: Red +3, Blue moves a soldier from A1 to B2.. 2 pieces");
  g_assert_cmpstr (again, ==, en_text);
  /* French: the phrase, and the word inside it, in French inside the French sentence. */
  g_assert_cmpuint (g_strv_length (income), ==, 2);
  g_assert_cmpuint (g_strv_length (moves), ==, 5);
  fr_want = g_strconcat (income[0], "Red +3, ", moves[0], "Blue", moves[1], fr_soldier, moves[2], "A1",
                         moves[3], "B2", moves[4], income[1], " 2 ", NULL);
  fr_text = mg_catalogue_render_said (mg_catalogue_get ("fr"), back);
  g_assert_true (g_str_has_prefix (fr_text, fr_want));
  g_assert_null (strstr (fr_text, "soldier"));
  /* Not a said list: refused. */
  bad = json_tokener_parse ("[{\"text\": 3}]");
  g_assert_null (mg_said_from_json (bad));
  json_object_put (bad);
}

/* The French catalogue's plural rule is the header's "n > 1": none is French plural, English
 * plural; read from the .mo built from po/fr.po. */
static void
test_french_catalogue (void)
{
  const MgCatalogue *fr = mg_catalogue_get ("fr");
  const char *one = "Put at least %d gold on an attack";
  g_autofree char *form0 = fr_po (one, 0);
  g_autofree char *form1 = fr_po (one, 1);

  g_assert_nonnull (fr);
  g_assert_cmpstr (mg_catalogue_language (fr), ==, "fr");
  g_assert_true (mg_catalogue_for_accept_language ("fr-CH, fr;q=0.9, en;q=0.8") == fr);
  g_assert_null (mg_catalogue_for_accept_language ("en-GB, fr;q=0.5"));
  g_assert_null (mg_catalogue_for_accept_language ("xx"));
  for (gulong n = 0; n <= 3; n++)
    {
      g_autoptr(MgMessage) m = mg_message_new_plural (one, one, n, (int) n);
      g_autofree char *text = mg_catalogue_render (fr, m);
      g_autofree char *want = g_strdup_printf (n > 1 ? form1 : form0, (int) n);
      g_assert_cmpstr (text, ==, want);
    }
  g_assert_cmpstr (mg_catalogue_ngettext (fr, "no such msgid", "no such msgids", 0), ==, "no such msgids");
  g_assert_cmpstr (mg_catalogue_gettext (fr, "no such msgid"), ==, "no such msgid");
}

/* In the process's own language a refusal's message reads as its error's text (as _() and
 * ngettext give it), in English and in French, for an engine's refusals and the shared ones. */
static void
assert_refusals_render_as_text (void)
{
  static const char * const too_many[] = { "Red", "Blue", "Green", NULL };
  static const char * const twice[] = { "Red", "Red", NULL };
  static const char * const bad[] = {
    "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":99}",
    "{\"type\":\"pass\",\"player\":\"Nobody\"}",
    "{\"type\":\"no_such_type\"}",
    "{\"type\":\"choose_cards\",\"player\":\"Red\",\"cards\":[\"move\"]}",
  };
  g_autofree char *dir = g_dir_make_tmp ("mg-messages-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  MgCampaign *campaign = mg_server_test_campaign (dir, "lamame", &error);
  guint messages = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (bad) + 2; i++)
    {
      g_autoptr(GError) e = NULL;
      const MgMessage *m;
      if (i < G_N_ELEMENTS (bad))
        {
          json_object *action = json_tokener_parse (bad[i]);
          g_assert_false (mg_state_validate (mg_campaign_get_state (campaign), action, &e));
          json_object_put (action);
        }
      else   /* a plural refusal (exactly two players) and a name given twice */
        g_assert_false (mg_rules_check_players (mg_rules_lookup ("meeple"), i == G_N_ELEMENTS (bad) ? too_many : twice, &e));
      g_assert_error (e, MG_RULES_ERROR, e->code);
      m = mg_rules_error_get_message (e);
      if (m == NULL)   /* a field's error, worded by its fields */
        continue;
      messages++;
      {
        g_autofree char *text = mg_message_to_string (m);
        g_assert_cmpstr (text, ==, e->message);
      }
    }
  g_assert_cmpuint (messages, >=, 5);
  {
    g_autofree char *path = g_strdup (mg_campaign_get_path (campaign));
    g_object_unref (campaign);
    mg_server_test_remove (path, dir);
  }
}

static void
test_process_language (void)
{
  process_language (NULL);
  assert_refusals_render_as_text ();
  process_language ("fr");
  g_assert_cmpstr (_("Put at least %d gold on an attack"), !=, "Put at least %d gold on an attack");
  assert_refusals_render_as_text ();
  process_language (NULL);
}

/* ------------------------------------------------------------ the phone's refusals over HTTP */

typedef struct {
  char          *dir;
  MgCampaign    *campaign;
  MgTableServer *server;
  guint          port;
  char          *act;   /* "/t/TOKEN/act" of Red */
} Fx;

static void
fx_setup (Fx *fx, gconstpointer game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) lo = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autofree char *red = NULL;

  fx->dir = g_dir_make_tmp ("mg-server-XXXXXX", &error);
  g_assert_no_error (error);
  fx->campaign = mg_server_test_campaign (fx->dir, game, &error);
  g_assert_no_error (error);
  fx->server = mg_table_server_new (fx->campaign);
  g_assert_true (mg_table_server_start (fx->server, lo, 0, &error));
  g_assert_no_error (error);
  fx->port = mg_table_server_get_port (fx->server);
  red = mg_table_server_seat_path (fx->server, "Red", &error);
  g_assert_no_error (error);
  fx->act = g_strconcat (red, "act", NULL);
}

static void
fx_teardown (Fx *fx, gconstpointer game)
{
  g_autofree char *path = g_strdup (mg_campaign_get_path (fx->campaign));

  process_language (NULL);
  g_clear_object (&fx->server);
  g_clear_object (&fx->campaign);
  mg_server_test_remove (path, fx->dir);
  g_free (fx->dir);
  g_free (fx->act);
}

/* What Red's phone reads when it posts `body` with `accept` (NULL: no Accept-Language), refused
 * with `want` (the engine's refusals: 422). */
static char *
phone_refused (Fx *fx, const char *accept, const char *body, guint want)
{
  g_autofree char *headers = g_strdup_printf ("Host: 127.0.0.1:%u\r\nContent-Type: application/json\r\n%s%s%s",
                                              fx->port, accept != NULL ? "Accept-Language: " : "",
                                              accept != NULL ? accept : "", accept != NULL ? "\r\n" : "");
  guint status = 0;
  g_autofree char *answer = mg_server_test_request (fx->port, "POST", fx->act, headers, body, &status);
  json_object *o = json_tokener_parse (mg_server_test_body (answer));
  char *said;

  g_assert_cmpuint (status, ==, want);
  g_assert_nonnull (o);
  said = g_strdup (json_object_get_string (json_object_object_get (o, "error")));
  json_object_put (o);
  g_assert_nonnull (said);
  return said;
}

static char *
phone_refusal (Fx *fx, const char *accept, const char *body)
{
  return phone_refused (fx, accept, body, 422);
}

/* The app in English; a French phone reads the engine's refusal as po/fr.po words it, an English
 * one as the engine's msgid; then the app in French, and an English phone still reads English. */
static void
test_phone_language (Fx *fx, gconstpointer game)
{
  const char *bid = "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":99}";
  g_autofree char *fr = fr_po ("%s has only %d gold to bid", 0);
  g_autofree char *fr_said = g_strdup_printf (fr, "Red", 15);
  const char *en_said = "Red has only 15 gold to bid";

  process_language (NULL);
  {
    g_autofree char *a = phone_refusal (fx, "fr-CH, fr;q=0.9, en;q=0.5", bid);
    g_autofree char *b = phone_refusal (fx, "en-GB", bid);
    g_autofree char *c = phone_refusal (fx, NULL, bid);
    g_assert_cmpstr (a, ==, fr_said);
    g_assert_cmpstr (b, ==, en_said);
    g_assert_cmpstr (c, ==, en_said);
  }
  process_language ("fr");
  {
    g_autofree char *a = phone_refusal (fx, "fr", bid);
    g_autofree char *b = phone_refusal (fx, "en-US,en;q=0.9", bid);
    g_assert_cmpstr (a, ==, fr_said);
    g_assert_cmpstr (b, ==, en_said);
  }
  /* A field's refusal: the game's word for it and its range, in the phone's words. */
  {
    g_autofree char *sentence = fr_po ("%s must be %s, not %s.", 0);
    g_autofree char *gold = fr_po ("Gold", 0);
    g_autofree char *range = fr_po ("an integer from %lld to %lld", 0);
    g_autofree char *range_said = g_strdup_printf (range, 0LL, 100000LL);
    g_autofree char *want = g_strdup_printf (sentence, gold, range_said, "-1");
    g_autofree char *a = phone_refusal (fx, "fr", "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":-1}");
    g_autofree char *b = phone_refusal (fx, "en", "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":-1}");
    g_assert_cmpstr (a, ==, want);
    g_assert_cmpstr (b, ==, "Gold must be an integer from 0 to 100000, not -1.");
  }
  /* The server's own refusals too: another seat's action. */
  {
    const char *blue = "{\"type\":\"start_bid\",\"player\":\"Blue\",\"gold\":2}";
    g_autofree char *fr_yours = fr_po ("This link acts for %s only.", 0);
    g_autofree char *want = g_strdup_printf (fr_yours, "Red");
    g_autofree char *a = phone_refused (fx, "fr", blue, 403);
    g_autofree char *b = phone_refused (fx, "en", blue, 403);
    g_assert_cmpstr (a, ==, want);
    g_assert_cmpstr (b, ==, "This link acts for Red only.");
  }
}

/* A plural refusal: Red's attack gold under the ruleset's least (1), to a French and an English
 * phone, the app in French. */
static void
test_phone_plural (Fx *fx, gconstpointer game)
{
  const char *gold = "{\"type\":\"attack_gold\",\"player\":\"Red\",\"gold\":0}";
  g_autofree char *fr = fr_po ("Put at least %d gold on an attack", 0);
  g_autofree char *fr_said = g_strdup_printf (fr, 1);

  process_language ("fr");
  {
    g_autofree char *a = phone_refusal (fx, "fr", gold);
    g_autofree char *b = phone_refusal (fx, "en", gold);
    g_assert_cmpstr (a, ==, fr_said);
    g_assert_cmpstr (b, ==, "Put at least 1 gold on an attack");
  }
}

/* The referee's refusal of `body` as the table server renders it for a phone that sends
 * `accept` (its message, in the catalogue of the phone's language): for an action no phone posts
 * (a move is the referee's to enter). */
static char *
rendered_refusal (Fx *fx, const char *accept, const char *body)
{
  json_object *action = json_tokener_parse (body);
  g_autoptr(GError) error = NULL;
  const MgMessage *m;

  g_assert_false (mg_state_validate (mg_campaign_get_state (fx->campaign), action, &error));
  json_object_put (action);
  g_assert_error (error, MG_RULES_ERROR, MG_RULES_ERROR_ILLEGAL);
  m = mg_rules_error_get_message (error);
  g_assert_nonnull (m);
  return mg_catalogue_render (mg_catalogue_for_accept_language (accept), m);
}

/* What a French and an English phone read when Red posts `body` (`said`: phone_refusal, or
 * rendered_refusal), the app in English then in French: `fr_said` and `en_said`. */
static void
assert_both_phones (Fx *fx, char *(*said) (Fx *, const char *, const char *), const char *body,
                    const char *fr_said, const char *en_said)
{
  for (guint app = 0; app < 2; app++)
    {
      process_language (app == 0 ? NULL : "fr");
      {
        g_autofree char *a = said (fx, "fr-FR,fr;q=0.9", body);
        g_autofree char *b = said (fx, "en-GB", body);
        g_assert_cmpstr (a, ==, fr_said);
        g_assert_cmpstr (b, ==, en_said);
      }
    }
}

/* What a French and an English phone read when Red posts `body` (`said`: phone_refusal, or
 * rendered_refusal), the app in English then in French: `sentence` (its msgid) with the word `word` (its msgid) put in it, both as po/fr.po
 * words them for the French phone; the English words for the English phone. `fill` formats
 * a sentence with its word and the refusal's other arguments. */
static void
assert_word_refusal (Fx *fx, char *(*said) (Fx *, const char *, const char *), const char *body,
                     const char *sentence, const char *word, char *(*fill) (const char *format, const char *word))
{
  g_autofree char *fr_sentence = fr_po (sentence, 0);
  g_autofree char *fr_word = fr_po (word, 0);
  g_autofree char *fr_said = fill (fr_sentence, fr_word);
  g_autofree char *en_said = fill (sentence, word);

  /* The word differs in French, or the test could not tell the languages apart. */
  g_assert_cmpstr (fr_word, !=, word);
  assert_both_phones (fx, said, body, fr_said, en_said);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static char *
fill_kind (const char *format, const char *word)
{
  return g_strdup_printf (format, word);
}

static char *
fill_face (const char *format, const char *word)
{
  return g_strdup_printf (format, "Red", 0u, word, 6u);
}

/* po/fr.po's msgstr of `msgid` (form `form`), filled with the arguments. */
static char *
fr_fill (const char *msgid, guint form, ...)
{
  g_autofree char *format = fr_po (msgid, form);
  va_list args;
  char *said;

  va_start (args, form);
  said = g_strdup_vprintf (format, args);
  va_end (args);
  return said;
}
#pragma GCC diagnostic pop

/* La Mame: a catapult does not move; the kind is a word of the phone's language (issue 41).
 * A move is the referee's, not a phone's: its refusal is rendered as the server renders one. */
static void
test_phone_kind (Fx *fx, gconstpointer game)
{
  assert_word_refusal (fx, rendered_refusal, "{\"type\":\"move\",\"player\":\"Red\",\"from\":\"North Pass\",\"unit\":\"catapult\",\"to\":\"Bluewater\"}",
                       "Only knights and soldiers move and attack; a %s does not", "catapult", fill_kind);
}

/* Meeple: Red rolled six Sweep and two Kick and picks six Punch; the face is a word of the
 * phone's language. */
static void
test_phone_face (Fx *fx, gconstpointer game)
{
  static const char * const roll[] = { "{\"type\":\"roll\",\"player\":\"Red\",\"dice\":[1,1,1,1,1,1,2,2]}", NULL };
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_server_test_play (fx->campaign, roll, &error));
  g_assert_no_error (error);
  assert_word_refusal (fx, phone_refusal, "{\"type\":\"pick\",\"player\":\"Red\",\"sweep\":0,\"kick\":0,\"punch\":6}",
                       "%s holds %u %s, not %u.", "Punch", fill_face);
}

/* MecaKnights: refusals whose arguments are whole phrases — a land's city ("Ford has a hamlet"),
 * a count of units ("2 infantry"), an army not yet named ("New army 2"), costs ("5 GP, 5 stone")
 * — each in the phone's language inside its sentence (issue 41). Red holds Ford's hamlet and has
 * collected; building and organizing are the referee's to enter, so rendered as the server
 * renders a refusal. */
static void
test_phone_phrase (Fx *fx, gconstpointer game)
{
  static const char * const setup[] = {
    "{\"type\":\"import_map\",\"map\":{\"lands\":["
    "{\"name\":\"Redhold\",\"resource\":\"food\",\"adjacent\":[\"Ford\"]},"
    "{\"name\":\"Ford\",\"resource\":\"wood\",\"adjacent\":[\"Redhold\",\"Bluecrest\"]},"
    "{\"name\":\"Bluecrest\",\"resource\":\"iron\",\"adjacent\":[\"Ford\"]}],"
    "\"capitals\":[\"Redhold\",\"Bluecrest\"]}}",
    "{\"type\":\"start\"}",
    "{\"type\":\"edit_land\",\"land\":\"Ford\",\"owner\":\"Red\",\"city\":\"hamlet\"}",
    "{\"type\":\"collect\",\"player\":\"Red\"}",
    NULL,
  };
  g_autoptr(GError) error = NULL;

  g_assert_true (mg_server_test_play (fx->campaign, setup, &error));
  g_assert_no_error (error);
  {
    g_autofree char *needs = fr_po ("Town needs a village", 0);
    g_autofree char *has = fr_fill ("%s has a hamlet", 0, "Ford");
    g_autofree char *fr_said = fr_fill ("%s on %s; %s.", 0, needs, "Ford", has);
    assert_both_phones (fx, rendered_refusal, "{\"type\":\"build\",\"player\":\"Red\",\"land\":\"Ford\",\"what\":\"town\"}",
                        fr_said, "Town needs a village on Ford; Ford has a hamlet.");
  }
  {
    /* French: 2 is plural (n > 1). */
    g_autofree char *had = fr_fill ("%u infantry", 1, 2u);
    g_autofree char *fr_said = fr_fill ("%s has %s on %s, but the new armies hold %u.", 0, "Red", had, "Redhold", 1u);
    assert_both_phones (fx, rendered_refusal,
                        "{\"type\":\"organize\",\"player\":\"Red\",\"land\":\"Redhold\",\"armies\":[{\"id\":\"Red 1\",\"infantry\":1}]}",
                        fr_said, "Red has 2 infantry on Redhold, but the new armies hold 1.");
  }
  {
    g_autofree char *label = fr_fill ("New army %u", 0, 2u);
    g_autofree char *fr_said = fr_fill ("%s would have no units; an army has 1 to %u.", 0, label, 4u);
    assert_both_phones (fx, rendered_refusal,
                        "{\"type\":\"organize\",\"player\":\"Red\",\"land\":\"Redhold\",\"armies\":[{\"id\":\"Red 1\",\"infantry\":2},{}]}",
                        fr_said, "New army 2 would have no units; an army has 1 to 4.");
  }
  {
    /* A stone wall costs 5 GP and 5 stone; Red has its 10 GP, 1 more from Ford, and 4 stone. */
    g_autofree char *gp5 = fr_fill ("%d GP", 0, 5), *stone5 = fr_fill ("%d stone", 0, 5);
    g_autofree char *gp11 = fr_fill ("%d GP", 0, 11), *stone4 = fr_fill ("%d stone", 0, 4);
    g_autofree char *costs = g_strconcat (gp5, ", ", stone5, NULL), *has = g_strconcat (gp11, ", ", stone4, NULL);
    g_autofree char *fr_said = fr_fill ("%s cannot pay for %s: it costs %s; %s has %s.", 0, "Red", "stone_wall",
                                        costs, "Red", has);
    assert_both_phones (fx, rendered_refusal,
                        "{\"type\":\"build\",\"player\":\"Red\",\"land\":\"Redhold\",\"what\":\"stone_wall\"}",
                        fr_said, "Red cannot pay for stone_wall: it costs 5 GP, 5 stone; Red has 11 GP, 4 stone.");
  }
}

/* A field's refusal as the table server words it for a phone: what the field must be ("a list",
 * "a non-empty text", as the JSON readers say it in the app's language) in the phone's words,
 * the app in English then in French. La Mame's guesses, a number where a list or a text is read. */
static void
test_field_words (void)
{
  const MgRules *rules = mg_game_lookup ("lamame")->rules;
  json_object *action = json_tokener_parse ("{\"guesses\":5}");
  static const char * const words[] = { "a list", "a non-empty text", "one of %s" };
  static const char * const choices[] = { "x", "y", NULL };

  for (guint app = 0; app < 2; app++)
    for (guint w = 0; w < G_N_ELEMENTS (words); w++)
      {
        MgJsonErr kind = mg_json_err (MG_RULES_ERROR, MG_RULES_ERROR_BAD_ACTION);
        g_autoptr(GError) error = NULL;
        g_autofree char *guess = fr_po ("Guess", 0), *fr_must = fr_po (words[w], 0);
        g_autofree char *must = w == 2 ? fr_fill ("one of %s", 0, "\"x\", \"y\"") : g_strdup (fr_must);
        g_autofree char *fr_said = fr_fill ("%s must be %s, not %s.", 0, guess, must, "5");
        g_autofree char *en_said = w == 2 ? g_strdup ("Guess must be one of \"x\", \"y\", not 5.")
                                          : g_strdup_printf ("Guess must be %s, not 5.", words[w]);
        guint chosen;
        g_autofree char *a = NULL, *b = NULL;
        const char *text;

        process_language (app == 0 ? NULL : "fr");
        if (w == 0)
          g_assert_null (mg_json_get_array (action, NULL, "guesses", kind, 1, 10, &error));
        else if (w == 1)
          g_assert_false (mg_json_get_string (action, NULL, "guesses", kind, &text, &error));
        else
          g_assert_false (mg_json_choice (json_object_object_get (action, "guesses"), "guesses", kind, choices,
                                          &chosen, &error));
        g_assert_nonnull (error);
        a = mg_table_seat_refusal (rules, error, mg_catalogue_for_accept_language ("fr-FR,fr;q=0.9"));
        b = mg_table_seat_refusal (rules, error, mg_catalogue_for_accept_language ("en-GB"));
        g_assert_cmpstr (a, ==, fr_said);
        g_assert_cmpstr (b, ==, en_said);
      }
  process_language (NULL);
  json_object_put (action);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  bindtextdomain (GETTEXT_PACKAGE, MG_TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_add_func ("/messages/plural-rules", test_plural_rules);
  g_test_add_func ("/messages/three-forms-positional", test_three_forms_positional);
  g_test_add_func ("/messages/arguments", test_arguments);
  g_test_add_func ("/messages/said", test_said);
  g_test_add_func ("/messages/french-catalogue", test_french_catalogue);
  g_test_add_func ("/messages/process-language", test_process_language);
  g_test_add ("/messages/phone-language", Fx, "lamame", fx_setup, test_phone_language, fx_teardown);
  g_test_add ("/messages/phone-plural", Fx, "lamame-attack", fx_setup, test_phone_plural, fx_teardown);
  g_test_add ("/messages/phone-kind", Fx, "lamame-attack", fx_setup, test_phone_kind, fx_teardown);
  g_test_add ("/messages/phone-face", Fx, "meeple", fx_setup, test_phone_face, fx_teardown);
  g_test_add ("/messages/phone-phrase", Fx, "mecaknights", fx_setup, test_phone_phrase, fx_teardown);
  g_test_add_func ("/messages/field-words", test_field_words);
  return g_test_run ();
}

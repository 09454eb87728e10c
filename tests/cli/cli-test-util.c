/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-test-util.c — running melee-gm-cli from tests, Meeple streams, and reading PDFs. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "cli-test-util.h"

void
cli_result_free (CliResult *r)
{
  if (r == NULL)
    return;
  g_free (r->out);
  g_free (r->err);
  g_free (r);
}

const char *
cli_path (void)
{
  return MG_CLI_PATH;
}

static char *cli_language, *cli_localedir;   /* cli_set_language */

CliResult *
cli_run_argv (const char *cwd, const char *input, const char * const *argv)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *input_path = NULL;
  CliResult *r = g_new0 (CliResult, 1);
  int fd;

  g_ptr_array_add (args, (char *) cli_path ());
  for (const char * const *a = argv; *a; a++)
    g_ptr_array_add (args, (char *) *a);
  g_ptr_array_add (args, NULL);

  /* Standard input from a file, not a pipe: a CLI that refuses its campaign before reading
   * stdin leaves no half-written pipe behind. */
  fd = g_file_open_tmp ("melee-gm-cli-input-XXXXXX", &input_path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (input_path, input != NULL ? input : "", -1, &error);
  g_assert_no_error (error);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_stdin_file_path (launcher, input_path);
  /* The messages are checked in English, unless a test asked for another language. */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LANGUAGE", cli_language != NULL ? cli_language : "C", TRUE);
  if (cli_localedir != NULL)
    g_subprocess_launcher_setenv (launcher, "MG_LOCALEDIR", cli_localedir, TRUE);
  if (cwd != NULL)
    g_subprocess_launcher_set_cwd (launcher, cwd);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) args->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &r->out, &r->err, &error);
  g_assert_no_error (error);
  g_unlink (input_path);
  r->status = g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1;
  if (r->out == NULL)
    r->out = g_strdup ("");
  if (r->err == NULL)
    r->err = g_strdup ("");
  if (r->status == -1)
    {
      /* Which signal, for the failure's message (a test asserts status != -1). */
      char *said = g_strdup_printf ("%s[killed by signal %d: %s]", r->err, g_subprocess_get_term_sig (proc),
                                    g_strsignal (g_subprocess_get_term_sig (proc)));

      g_free (r->err);
      r->err = said;
    }
  return r;
}

void
cli_set_language (const char *language, const char *localedir)
{
  g_free (cli_language);
  g_free (cli_localedir);
  cli_language = g_strdup (language);
  cli_localedir = g_strdup (localedir);
}

void
cli_play_sample (const char *dir, const char *game, const char * const *players, const char *name, char **sample)
{
  g_autofree char *file = g_strdup_printf ("%s-sample.jsonl", game);
  g_autofree char *path = g_build_filename (g_getenv ("MG_SOURCE_ROOT"), "data", "samples", file, NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(CliResult) created = NULL, played = NULL;

  g_assert_true (g_file_get_contents (path, sample, NULL, NULL));
  g_ptr_array_add (argv, "new");
  g_ptr_array_add (argv, "c.db");
  g_ptr_array_add (argv, "--game");
  g_ptr_array_add (argv, (gpointer) game);
  g_ptr_array_add (argv, "--name");
  g_ptr_array_add (argv, (gpointer) name);
  for (guint i = 0; players[i] != NULL; i++)
    {
      g_ptr_array_add (argv, "--player");
      g_ptr_array_add (argv, (gpointer) players[i]);
    }
  g_ptr_array_add (argv, NULL);
  created = cli_run_argv (dir, NULL, (const char * const *) argv->pdata);
  g_assert_cmpint (created->status, ==, 0);
  played = cli_run (dir, *sample, "act", "c.db", NULL);
  g_assert_cmpint (played->status, ==, 0);
}

CliResult *
cli_run (const char *cwd, const char *input, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;
  const char *a;

  va_start (ap, input);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return cli_run_argv (cwd, input, (const char * const *) args->pdata);
}

char *
test_make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("melee-gm-cli-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        test_remove_dir (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

const TestGame cli_games[TEST_N_GAMES] = {
  { "meeple",      { "Red", "Blue" } },
  { "tft",         { "Referee" } },
  { "mecaknights", { "Red", "Blue", "Green" } },
  { "lamame",      { "Red", "Blue", "Green" } },
  { "cricchio",    { "Black", "Blue", "Red", "White" } },
};

void
test_game_new (const char *dir, const TestGame *g, const char *file)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  CliResult *r;

  g_strv_builder_add_many (b, "new", file, "--game", g->game, "--name", "Test", "--seed", "3", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (g->players) && g->players[i]; i++)
    g_strv_builder_add_many (b, "--player", g->players[i], NULL);
  argv = g_strv_builder_end (b);
  r = cli_run_argv (dir, NULL, (const char * const *) argv);
  g_assert_cmpint (r->status, ==, 0);
  cli_result_free (r);
}

guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

/* ------------------------------------------------------------ Meeple stream */

static json_object *
player_of (json_object *state_json, const char *name)
{
  json_object *players = json_object_object_get (state_json, "players");

  for (size_t i = 0; i < json_object_array_length (players); i++)
    {
      json_object *p = json_object_array_get_idx (players, i);

      if (g_str_equal (json_object_get_string (json_object_object_get (p, "name")), name))
        return p;
    }
  g_assert_not_reached ();
}

/* The next action of the stream, as JSON text, from the state's own description. */
static char *
next_action (json_object *state_json)
{
  static const char * const order[] = { "Red", "Blue" };
  gint64 reveal = json_object_get_int64 (json_object_object_get (state_json, "reveal"));

  if (g_str_equal (json_object_get_string (json_object_object_get (state_json, "phase")), "over"))
    return g_strdup ("{\"type\":\"rematch\"}");
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      json_object *p = player_of (state_json, order[i]);
      /* Red rolls Punch (3), Blue rolls Sweep (1). */
      const char *die = i == 0 ? "3" : "1";

      if (!json_object_get_boolean (json_object_object_get (p, "rolled")))
        {
          gint64 n = json_object_get_int64 (json_object_object_get (p, "to_roll"));
          g_autoptr(GString) s = g_string_new (NULL);

          g_string_append_printf (s, "{\"type\":\"roll\",\"player\":\"%s\",\"dice\":[", order[i]);
          for (gint64 k = 0; k < n; k++)
            g_string_append_printf (s, "%s%s", k ? "," : "", die);
          g_string_append (s, "]}");
          return g_string_free (g_steal_pointer (&s), FALSE);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (!json_object_get_boolean (json_object_object_get (player_of (state_json, order[i]), "picked")))
      return g_strdup_printf ("{\"type\":\"pick\",\"player\":\"%s\",\"sweep\":%" G_GINT64_FORMAT
                              ",\"kick\":0,\"punch\":%" G_GINT64_FORMAT "}",
                              order[i], i == 0 ? (gint64) 0 : reveal, i == 0 ? reveal : (gint64) 0);
  g_assert_not_reached ();
}

GPtrArray *
meeple_stream (const MgState *state, json_object *ruleset, guint n)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(TestJson) start = mg_state_to_json (state);
  g_autoptr(GError) error = NULL;
  g_autoptr(MgState) copy = state->rules->from_json (ruleset, start, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TestJson) json = mg_state_to_json (copy);
      char *line = next_action (json);
      g_autoptr(TestJson) action = json_tokener_parse (line);
      json_object *dice_json = NULL;
      g_autoptr(MgDice) dice = NULL;
      g_autoptr(TestJson) events = NULL;
      g_autofree char *summary = NULL;

      g_assert_nonnull (action);
      if (json_object_object_get_ex (action, "dice", &dice_json))
        {
          dice = mg_dice_new_from_json (dice_json, &error);
          g_assert_no_error (error);
          json_object_object_del (action, "dice");
        }
      else
        dice = mg_dice_new_typed (NULL, 0);
      events = mg_state_apply (copy, action, dice, &summary, &error);
      g_assert_no_error (error);
      g_ptr_array_add (lines, line);
    }
  return lines;
}

/* ------------------------------------------------------------------- PDF */

typedef struct {
  char       *dict;     /* the object's text before "stream" (or all of it) */
  GBytes     *stream;   /* decoded stream, or NULL */
} PdfObj;

static void
pdf_obj_free (gpointer data)
{
  PdfObj *o = data;

  g_free (o->dict);
  g_clear_pointer (&o->stream, g_bytes_unref);
  g_free (o);
}

static GBytes *
inflate (const char *data, gsize len)
{
  g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB);
  GByteArray *out = g_byte_array_new ();
  gsize in_pos = 0;

  for (;;)
    {
      guint8 buf[16384];
      gsize read = 0, written = 0;
      GConverterResult res;
      g_autoptr(GError) error = NULL;

      res = g_converter_convert (G_CONVERTER (z), data + in_pos, len - in_pos, buf, sizeof buf,
                                 G_CONVERTER_INPUT_AT_END, &read, &written, &error);
      if (res == G_CONVERTER_ERROR)
        break;
      in_pos += read;
      g_byte_array_append (out, buf, written);
      if (res == G_CONVERTER_FINISHED)
        break;
    }
  return g_byte_array_free_to_bytes (out);
}

static GHashTable *
pdf_objects (const char *data, gsize len)
{
  GHashTable *objs = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, pdf_obj_free);
  g_autoptr(GRegex) re = g_regex_new ("(\\d+) 0 obj\\b", G_REGEX_RAW, 0, NULL);
  g_autoptr(GMatchInfo) m = NULL;

  g_regex_match_full (re, data, len, 0, 0, &m, NULL);
  while (g_match_info_matches (m))
    {
      g_autofree char *num = g_match_info_fetch (m, 1);
      int start, end;
      const char *body, *stop, *stream;
      PdfObj *o = g_new0 (PdfObj, 1);

      g_match_info_fetch_pos (m, 0, &start, &end);
      body = data + end;
      /* memmem, not g_strstr_len: streams hold NUL bytes. */
      stop = memmem (body, data + len - body, "endobj", 6);
      if (stop == NULL)
        stop = data + len;
      stream = memmem (body, stop - body, "stream", 6);
      if (stream != NULL && (stream == body || stream[-1] != 'd'))
        {
          const char *s = stream + 6, *e;

          while (*s == '\r' || *s == '\n')
            s++;
          e = stop;
          /* the last "endstream" before "endobj" */
          for (const char *p = s; p + 9 <= stop; p++)
            if (memcmp (p, "endstream", 9) == 0)
              e = p;
          o->dict = g_strndup (body, stream - body);
          o->stream = g_strstr_len (o->dict, -1, "/FlateDecode") != NULL
                      ? inflate (s, e - s) : g_bytes_new (s, e - s);
        }
      else
        o->dict = g_strndup (body, stop - body);
      g_hash_table_replace (objs, GINT_TO_POINTER (atoi (num)), o);
      g_match_info_next (m, NULL);
    }
  return objs;
}

static void
append_utf16be_hex (GString *out, const char *hex)
{
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (gunichar2));
  g_autofree char *utf8 = NULL;

  for (gsize i = 0; i + 4 <= strlen (hex); i += 4)
    {
      char part[5] = { hex[i], hex[i + 1], hex[i + 2], hex[i + 3], 0 };
      gunichar2 u = (gunichar2) g_ascii_strtoull (part, NULL, 16);

      g_array_append_val (units, u);
    }
  utf8 = g_utf16_to_utf8 ((gunichar2 *) units->data, units->len, NULL, NULL, NULL);
  if (utf8 != NULL)
    g_string_append (out, utf8);
}

/* ToUnicode CMap: code -> UTF-8 text. */
static GHashTable *
parse_cmap (const char *text)
{
  GHashTable *map = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr(GRegex) chr = g_regex_new ("<([0-9a-fA-F]+)>\\s*<([0-9a-fA-F]+)>", 0, 0, NULL);
  g_autoptr(GRegex) rng = g_regex_new ("<([0-9a-fA-F]+)>\\s*<([0-9a-fA-F]+)>\\s*<([0-9a-fA-F]+)>", 0, 0, NULL);
  const char *p = text;

  while ((p = strstr (p, "beginbf")) != NULL)
    {
      gboolean range = g_str_has_prefix (p, "beginbfrange");
      const char *end = strstr (p, range ? "endbfrange" : "endbfchar");
      g_autofree char *section = NULL;
      g_auto(GStrv) lines = NULL;

      if (end == NULL)
        break;
      section = g_strndup (p, end - p);
      lines = g_strsplit (section, "\n", -1);
      for (char **l = lines; *l; l++)
        {
          g_autoptr(GMatchInfo) m = NULL;

          if (range && g_regex_match (rng, *l, 0, &m))
            {
              g_autofree char *a = g_match_info_fetch (m, 1);
              g_autofree char *b = g_match_info_fetch (m, 2);
              g_autofree char *c = g_match_info_fetch (m, 3);
              guint lo = g_ascii_strtoull (a, NULL, 16), hi = g_ascii_strtoull (b, NULL, 16);
              guint base = g_ascii_strtoull (c, NULL, 16);

              for (guint code = lo; code <= hi && code - lo < 65536; code++)
                {
                  GString *s = g_string_new (NULL);
                  g_autofree char *hex = g_strdup_printf ("%04x", base + (code - lo));

                  append_utf16be_hex (s, hex);
                  g_hash_table_replace (map, GUINT_TO_POINTER (code), g_string_free (s, FALSE));
                }
            }
          else if (!range && g_regex_match (chr, *l, 0, &m))
            {
              g_autofree char *a = g_match_info_fetch (m, 1);
              g_autofree char *b = g_match_info_fetch (m, 2);
              GString *s = g_string_new (NULL);

              append_utf16be_hex (s, b);
              g_hash_table_replace (map, GUINT_TO_POINTER (g_ascii_strtoull (a, NULL, 16)),
                                    g_string_free (s, FALSE));
            }
        }
      p = end;
    }
  return map;
}

typedef struct {
  GHashTable *map;   /* code -> utf8, may be NULL */
  guint       bytes; /* code width */
} PdfFont;

static void
pdf_font_free (gpointer data)
{
  PdfFont *f = data;

  g_clear_pointer (&f->map, g_hash_table_unref);
  g_free (f);
}

static void
decode_codes (GString *out, const guint8 *codes, gsize n, PdfFont *font)
{
  guint width = font != NULL ? font->bytes : 1;

  for (gsize i = 0; i + width <= n; i += width)
    {
      guint code = width == 2 ? (guint) codes[i] << 8 | codes[i + 1] : codes[i];
      const char *text = font != NULL && font->map != NULL
                         ? g_hash_table_lookup (font->map, GUINT_TO_POINTER (code)) : NULL;

      if (code == 0)
        continue;
      if (text != NULL)
        g_string_append (out, text);
      else if (width == 1)
        g_string_append_unichar (out, code); /* Latin-1 as a fallback */
    }
}

/* Walks one content stream: fonts set with Tf, strings shown with Tj/TJ. */
static void
extract_stream (GString *out, const char *s, gsize n, GHashTable *fonts)
{
  PdfFont *font = NULL;
  g_autofree char *last_name = NULL;
  int dict_depth = 0;  /* strings inside << >> (marked-content properties) are not drawn */

  for (gsize i = 0; i < n; )
    {
      char c = s[i];

      if (c == '<' && i + 1 < n && s[i + 1] == '<')
        {
          dict_depth++;
          i += 2;
        }
      else if (c == '>' && i + 1 < n && s[i + 1] == '>')
        {
          dict_depth--;
          i += 2;
        }
      else if (c == '(')
        {
          g_autoptr(GByteArray) bytes = g_byte_array_new ();
          int depth = 1;

          for (i++; i < n && depth > 0; i++)
            {
              guint8 b = (guint8) s[i];

              if (b == '\\' && i + 1 < n)
                {
                  char e = s[++i];

                  if (e >= '0' && e <= '7')
                    {
                      guint v = 0;
                      for (int k = 0; k < 3 && i < n && s[i] >= '0' && s[i] <= '7'; k++, i++)
                        v = v * 8 + (s[i] - '0');
                      i--;
                      b = (guint8) v;
                    }
                  else
                    b = e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : (guint8) e;
                  g_byte_array_append (bytes, &b, 1);
                  continue;
                }
              if (b == '(')
                depth++;
              else if (b == ')' && --depth == 0)
                continue;
              g_byte_array_append (bytes, &b, 1);
            }
          if (dict_depth == 0)
            decode_codes (out, bytes->data, bytes->len, font);
        }
      else if (c == '<')
        {
          g_autoptr(GByteArray) bytes = g_byte_array_new ();
          char hex[3] = { 0 };
          int k = 0;

          for (i++; i < n && s[i] != '>'; i++)
            if (g_ascii_isxdigit (s[i]))
              {
                hex[k++] = s[i];
                if (k == 2)
                  {
                    guint8 b = (guint8) g_ascii_strtoull (hex, NULL, 16);
                    g_byte_array_append (bytes, &b, 1);
                    k = 0;
                  }
              }
          i++;
          if (dict_depth == 0)
            decode_codes (out, bytes->data, bytes->len, font);
        }
      else if (c == '/')
        {
          gsize start = ++i;

          while (i < n && !g_ascii_isspace (s[i]) && strchr ("/[]()<>", s[i]) == NULL)
            i++;
          g_free (last_name);
          last_name = g_strndup (s + start, i - start);
        }
      else if (g_ascii_isalpha (c))
        {
          gsize start = i;

          while (i < n && (g_ascii_isalpha (s[i]) || s[i] == '*'))
            i++;
          if (i - start == 2 && memcmp (s + start, "Tf", 2) == 0 && last_name != NULL)
            font = g_hash_table_lookup (fonts, last_name);
          else if (i - start == 2 && memcmp (s + start, "ET", 2) == 0)
            g_string_append_c (out, '\n');
        }
      else
        i++;
    }
}

char *
pdf_extract_text (const char *data, gsize len)
{
  g_autoptr(GHashTable) objs = NULL;
  g_autoptr(GHashTable) fonts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, pdf_font_free);
  g_autoptr(GRegex) res_re = g_regex_new ("/([A-Za-z0-9_.+-]+)\\s+(\\d+) 0 R", 0, 0, NULL);
  GString *out = g_string_new (NULL);
  GHashTableIter it;
  gpointer key, value;

  if (len < 5 || memcmp (data, "%PDF-", 5) != 0)
    return NULL;
  objs = pdf_objects (data, len);

  /* Font resources: "/Font << /f-0-0 6 0 R … >>" in the pages' resources. */
  g_hash_table_iter_init (&it, objs);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      PdfObj *o = value;
      const char *f = strstr (o->dict, "/Font <<");
      g_autofree char *block = NULL;
      g_autoptr(GMatchInfo) m = NULL;

      if (f == NULL)
        continue;
      block = g_strndup (f + 8, strstr (f + 8, ">>") != NULL ? (gsize) (strstr (f + 8, ">>") - (f + 8)) : strlen (f + 8));
      g_regex_match (res_re, block, 0, &m);
      while (g_match_info_matches (m))
        {
          g_autofree char *name = g_match_info_fetch (m, 1);
          g_autofree char *num = g_match_info_fetch (m, 2);
          PdfObj *font_obj = g_hash_table_lookup (objs, GINT_TO_POINTER (atoi (num)));

          if (font_obj != NULL && !g_hash_table_contains (fonts, name))
            {
              PdfFont *font = g_new0 (PdfFont, 1);
              const char *tu = strstr (font_obj->dict, "/ToUnicode");

              font->bytes = strstr (font_obj->dict, "/Type0") != NULL ? 2 : 1;
              if (tu != NULL)
                {
                  PdfObj *cmap = g_hash_table_lookup (objs, GINT_TO_POINTER (atoi (tu + 10)));

                  if (cmap != NULL && cmap->stream != NULL)
                    {
                      g_autofree char *text = g_strndup (g_bytes_get_data (cmap->stream, NULL),
                                                         g_bytes_get_size (cmap->stream));
                      font->map = parse_cmap (text);
                    }
                }
              g_hash_table_insert (fonts, g_steal_pointer (&name), font);
            }
          g_match_info_next (m, NULL);
        }
    }

  /* Content streams: those referenced by /Contents, in object order is good enough. */
  for (gint num = 0, found = 0; found < (gint) g_hash_table_size (objs) && num < 1000000; num++)
    {
      PdfObj *o = g_hash_table_lookup (objs, GINT_TO_POINTER (num));
      const char *contents;

      if (o == NULL)
        continue;
      found++;
      contents = strstr (o->dict, "/Contents");
      if (contents != NULL && strstr (o->dict, "/Type /Page") != NULL)
        {
          PdfObj *c = g_hash_table_lookup (objs, GINT_TO_POINTER (atoi (contents + 9)));

          if (c != NULL && c->stream != NULL)
            extract_stream (out, g_bytes_get_data (c->stream, NULL), g_bytes_get_size (c->stream), fonts);
        }
    }
  return g_string_free (out, FALSE);
}

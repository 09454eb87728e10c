/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-lamame-editor.c — La Mame's Melee's map editor: add and place areas, connect neighbours by
 * clicking, mark castles, mountains and (+1), import and export the map JSON, and start the year
 * on it. Every edit is checked by the engine's map check at once; its message names the field.
 * The map being drawn is kept on disk as it is edited (mg-draft.c) and comes back when the editor
 * is next shown, after a close or a crash, until the year starts on it. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mg-area-map.h"
#include "mg-draft.h"
#include "mg-errors.h"
#include "mg-store.h"
#include "mg-lamame.h"
#include "mg-json-file.h"
#include "mg-lamame-editor.h"
#include "mg-lamame-util.h"
#include "mg-table-state.h"
#include "mg-widget-util.h"

struct _MgLamameEditor
{
  GtkWidget    parent_instance;

  MgCampaign  *campaign;
  json_object *map;        /* the map being edited (Map JSON, docs/rules/lamame.md) */
  char        *selected;
  gboolean     loading;
  guint        next_number;
  GtkNativeDialog *chooser;

  MgAreaMap   *area_map;
  GtkToggleButton *add_toggle, *connect_toggle;
  GtkButton   *import_button, *export_button, *use_button, *delete_button;
  guint        importing;   /* files being read in a thread (mg_lamame_editor_import_async) */
  GtkEntry    *name_entry;
  GtkLabel    *name_message;   /* the name's problem, once typed in (the line is kept) */
  GtkWidget   *toolbar, *side;
  gboolean     edited;         /* the referee changed the map: now say what it still lacks */
  gboolean     draft_looked;   /* a kept draft looked for (the first time the editor is shown) */
  MgDraftTimer draft_timer;    /* the map to be kept on disk (mg-draft.c) */
  GtkCheckButton *mountain_check, *plus_check;
  GtkDropDown *castle_drop;
  GtkLabel    *status_label;
};

G_DEFINE_FINAL_TYPE (MgLamameEditor, mg_lamame_editor, GTK_TYPE_WIDGET)

#define DRAFT_KIND "lamame-map"

static gboolean is_live (MgLamameEditor *self);

/* What the campaign holds of the map (the last year's, or none): a kept map was drawn from it. */
static json_object *
draft_base (MgLamameEditor *self)
{
  return mg_lamame_export_map (mg_campaign_get_state (self->campaign));
}

/* The map as drawn, kept on disk (mg-draft.c) until the year starts on it. */
static void
keep_draft (gpointer data)
{
  MgLamameEditor *self = data;
  g_autoptr(GError) error = NULL;
  gboolean ok;
  g_autoptr(json_object) base = NULL;

  mg_draft_timer_stop (&self->draft_timer);
  if (!self->edited || is_live (self))
    return;
  base = draft_base (self);
  ok = mg_draft_save (self->campaign, DRAFT_KIND, base, self->map, &error);
  mg_draft_timer_kept (&self->draft_timer, ok, error);
}

static void
map_edited (MgLamameEditor *self)
{
  self->edited = TRUE;
  mg_draft_timer_start (&self->draft_timer);
}

static json_object *
areas (MgLamameEditor *self)
{
  return mg_ui_json_array (self->map, "areas");
}

static json_object *
find (MgLamameEditor *self, const char *name)
{
  json_object *list = areas (self);
  for (gsize i = 0; name && i < mg_ui_json_len (list); i++)
    if (g_strcmp0 (mg_ui_json_str (json_object_array_get_idx (list, i), "name"), name) == 0)
      return json_object_array_get_idx (list, i);
  return NULL;
}

static guint
n_players (MgLamameEditor *self)
{
  const char * const *players = mg_campaign_get_players (self->campaign);
  return players ? g_strv_length ((char **) players) : 0;
}

/* The year is under way: the engine holds the live map, and edits here would change nothing
 * (issue 32): the editor shows it read-only and says how to correct it. */
static gboolean
is_live (MgLamameEditor *self)
{
  json_object *pending = mg_table_state_get_pending (mg_table_state_for_campaign (self->campaign));

  return g_strcmp0 (mg_ui_json_str (pending, "phase"), "setup") != 0;
}

/* The map check's refusal (its field "$.areas[15].adjacent" found empty) as what the referee
 * does next, naming the area rather than its place in the JSON: chosen by the error's field
 * (mg_rules_error_get_field), never by its text, so in every language. */
static char *
map_problem (MgLamameEditor *self, const GError *error)
{
  MgRulesField field;
  guint64 index = 0;
  const char *rest;
  json_object *area;
  const char *name;
  g_autofree char *digits = NULL;

  if (!mg_rules_error_get_field (error, &field))
    return mg_error_plain (error);
  if (g_str_has_prefix (field.path, "$.areas["))
    digits = g_strndup (field.path + 8, strcspn (field.path + 8, "]"));
  if (digits == NULL || !g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT, &index, NULL))
    {
      if (g_str_has_prefix (field.path, "$.castles"))
        /* Translators: %u is the number of players */
        return g_strdup_printf (ngettext ("Mark %u castle: select an area and choose whose castle it is.",
                                          "Mark %u castles, one for each player: select an area and choose whose castle it is.",
                                          n_players (self)), n_players (self));
      return mg_error_plain (error);
    }
  area = index < mg_ui_json_len (areas (self)) ? json_object_array_get_idx (areas (self), index) : NULL;
  if (area == NULL)
    return mg_error_plain (error);
  name = mg_ui_json_str (area, "name");
  rest = field.path + 8 + strlen (digits) + 1;
  if (g_str_equal (rest, ".adjacent") && field.empty)
    return g_strdup_printf (_("%s has no neighbour yet: choose Connect, select it, then click each area next to it."), name);
  if (g_str_equal (rest, ".name") && (name == NULL || name[0] == '\0'))
    return g_strdup_printf (_("Give area %u a name."), (guint) index + 1);
  {
    g_autofree char *plain = mg_error_plain (error);
    /* Translators: an area's name, then a sentence about it */
    return name != NULL && name[0] != '\0' ? g_strdup_printf (_("%s: %s"), name, plain) : g_steal_pointer (&plain);
  }
}

/* The name field's problem, said beside it once the referee typed there. */
static const char *
name_problem (MgLamameEditor *self, const char *to)
{
  if (self->selected == NULL || g_strcmp0 (to, self->selected) == 0)
    return NULL;
  if (to[0] == '\0')
    return _("Give the area a name.");
  if (find (self, to) != NULL)
    return _("Another area already has this name: choose another.");
  return NULL;
}

static void
name_check (MgLamameEditor *self)
{
  g_autofree char *to = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  const char *problem = mg_error_touched (GTK_WIDGET (self->name_entry)) ? name_problem (self, to) : NULL;

  gtk_label_set_text (self->name_message, problem != NULL ? problem : "");
}

static void
update (MgLamameEditor *self)
{
  g_autoptr(json_object) model = mg_lamame_ui_map_model (self->map, NULL);
  g_autoptr(GError) error = NULL;
  json_object *area = find (self, self->selected);
  json_object *castles = mg_ui_json_array (self->map, "castles");
  guint castle = 0;
  gboolean live = is_live (self);

  mg_area_map_set_model (self->area_map, model);
  mg_area_map_set_selected (self->area_map, self->selected);
  self->loading = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), area ? mg_ui_json_str (area, "name") : "");
  gtk_check_button_set_active (self->mountain_check, area && mg_ui_json_bool (area, "mountain"));
  gtk_check_button_set_active (self->plus_check, area && mg_ui_json_bool (area, "plus_one"));
  for (gsize i = 0; area && i < mg_ui_json_len (castles); i++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (castles, i)), self->selected) == 0)
      castle = i + 1;
  gtk_drop_down_set_selected (self->castle_drop, castle);
  self->loading = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->name_entry), area != NULL && !live);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mountain_check), area != NULL && !live);
  gtk_widget_set_sensitive (GTK_WIDGET (self->plus_check), area != NULL && !live);
  gtk_widget_set_sensitive (GTK_WIDGET (self->castle_drop), area != NULL && !live);
  gtk_widget_set_sensitive (GTK_WIDGET (self->delete_button), area != NULL && !live);
  /* Hidden, not only insensitive: nothing on the toolbar may change the live map. */
  gtk_widget_set_visible (GTK_WIDGET (self->use_button), !live);
  gtk_widget_set_visible (GTK_WIDGET (self->import_button), !live);
  gtk_widget_set_visible (GTK_WIDGET (self->add_toggle), !live);
  gtk_widget_set_visible (GTK_WIDGET (self->connect_toggle), !live);
  mg_area_map_set_editable (self->area_map, !live);
  if (live)
    {
      gtk_toggle_button_set_active (self->add_toggle, FALSE);
      gtk_toggle_button_set_active (self->connect_toggle, FALSE);
      gtk_label_set_text (self->status_label,
                          _("The year is under way: this is the live map, shown read-only (edits here would change nothing). "
                            "To correct it, undo back to before the year started, correct it here and start the year again; "
                            "or export it, correct the copy and start a new campaign on it."));
    }
  else if (mg_lamame_check_map (self->map, "$", n_players (self), &error))
    gtk_label_set_text (self->status_label, _("The map is complete: every border goes both ways, one castle a player."));
  else if (!self->edited)
    gtk_label_set_text (self->status_label, _("Choose Add Areas and click the map where an area goes; Connect joins two areas."));
  else
    {
      g_autofree char *problem = map_problem (self, error);
      gtk_label_set_text (self->status_label, problem);
    }
  name_check (self);
}

static void
set_map (MgLamameEditor *self, json_object *map)
{
  g_clear_pointer (&self->map, json_object_put);
  json_object_deep_copy (map, &self->map, NULL);
  if (mg_ui_json_array (self->map, "castles") == NULL)
    json_object_object_add (self->map, "castles", json_object_new_array ());
  if (mg_ui_json_array (self->map, "areas") == NULL)
    json_object_object_add (self->map, "areas", json_object_new_array ());
  g_clear_pointer (&self->selected, g_free);
  update (self);
}

static void
load (MgLamameEditor *self)
{
  g_autoptr(json_object) map = mg_lamame_export_map (mg_campaign_get_state (self->campaign));

  if (map == NULL)
    {
      map = json_object_new_object ();
      json_object_object_add (map, "name", json_object_new_string (_("My map")));
      json_object_object_add (map, "players", json_object_new_int (n_players (self)));
    }
  set_map (self, map);
}

/* Renames every mention of `from`. */
static void
rename_area (MgLamameEditor *self, const char *from, const char *to)
{
  json_object *list = areas (self), *castles = mg_ui_json_array (self->map, "castles");

  for (gsize i = 0; i < mg_ui_json_len (list); i++)
    {
      json_object *a = json_object_array_get_idx (list, i), *adj = mg_ui_json_array (a, "adjacent");
      if (g_strcmp0 (mg_ui_json_str (a, "name"), from) == 0)
        json_object_object_add (a, "name", json_object_new_string (to));
      for (gsize j = 0; j < mg_ui_json_len (adj); j++)
        if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (adj, j)), from) == 0)
          json_object_array_put_idx (adj, j, json_object_new_string (to));
    }
  for (gsize j = 0; j < mg_ui_json_len (castles); j++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (castles, j)), from) == 0)
      json_object_array_put_idx (castles, j, json_object_new_string (to));
}

/* Removes `name` from a list of names; TRUE if it was there. */
static gboolean
list_remove (json_object *list, const char *name)
{
  for (gsize j = 0; j < mg_ui_json_len (list); j++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (list, j)), name) == 0)
      {
        json_object_array_del_idx (list, j, 1);
        return TRUE;
      }
  return FALSE;
}

static json_object *
adjacent_of (json_object *area)
{
  json_object *adj = mg_ui_json_array (area, "adjacent");
  if (adj == NULL)
    {
      adj = json_object_new_array ();
      json_object_object_add (area, "adjacent", adj);
    }
  return adj;
}

static void
toggle_border (MgLamameEditor *self, const char *a, const char *b)
{
  json_object *aa = find (self, a), *bb = find (self, b);

  if (aa == NULL || bb == NULL || g_strcmp0 (a, b) == 0)
    return;
  if (!list_remove (adjacent_of (aa), b))
    json_object_array_add (adjacent_of (aa), json_object_new_string (b));
  if (!list_remove (adjacent_of (bb), a))
    json_object_array_add (adjacent_of (bb), json_object_new_string (a));
}

static void
area_activated (MgAreaMap *map, const char *id, MgLamameEditor *self)
{
  (void) map;
  if (is_live (self))
    {
      g_free (self->selected);
      self->selected = g_strdup (id);
      update (self);
      return;
    }
  if (gtk_toggle_button_get_active (self->connect_toggle) && self->selected != NULL && g_strcmp0 (self->selected, id) != 0)
    {
      toggle_border (self, self->selected, id);
      map_edited (self);
    }
  else
    {
      g_free (self->selected);
      self->selected = g_strdup (id);
    }
  update (self);
}

static void
background_clicked (MgAreaMap *map, double x, double y, MgLamameEditor *self)
{
  json_object *a;
  g_autofree char *name = NULL;

  (void) map;
  if (is_live (self))
    return;
  if (!gtk_toggle_button_get_active (self->add_toggle))
    return;
  do
    name = (g_free (name), g_strdup_printf (_("Area %u"), ++self->next_number));
  while (find (self, name) != NULL);
  a = json_object_new_object ();
  json_object_object_add (a, "name", json_object_new_string (name));
  json_object_object_add (a, "x", json_object_new_int (CLAMP ((int) x, 0, 10000)));
  json_object_object_add (a, "y", json_object_new_int (CLAMP ((int) y, 0, 10000)));
  json_object_object_add (a, "adjacent", json_object_new_array ());
  json_object_array_add (areas (self), a);
  map_edited (self);
  g_free (self->selected);
  self->selected = g_strdup (name);
  update (self);
}

static void
area_dragged (MgAreaMap *map, const char *id, double x, double y, MgLamameEditor *self)
{
  json_object *a = find (self, id);

  (void) map;
  if (is_live (self))
    return;
  if (a == NULL)
    return;
  json_object_object_add (a, "x", json_object_new_int (CLAMP ((int) x, 0, 10000)));
  json_object_object_add (a, "y", json_object_new_int (CLAMP ((int) y, 0, 10000)));
  map_edited (self);
  update (self);
}

static void
name_activated (GtkEntry *entry, MgLamameEditor *self)
{
  g_autofree char *to = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  if (is_live (self))
    return;
  if (self->selected == NULL || name_problem (self, to) != NULL || g_strcmp0 (to, self->selected) == 0)
    {
      name_check (self);
      return;
    }
  map_edited (self);
  rename_area (self, self->selected, to);
  g_free (self->selected);
  self->selected = g_strdup (to);
  update (self);
}

static void
flag_toggled (GtkCheckButton *check, MgLamameEditor *self)
{
  json_object *a = find (self, self->selected);

  if (is_live (self))
    return;
  if (self->loading || a == NULL)
    return;
  json_object_object_add (a, check == self->mountain_check ? "mountain" : "plus_one",
                          json_object_new_boolean (gtk_check_button_get_active (check)));
  map_edited (self);
  update (self);
}

static void
castle_selected (GtkDropDown *drop, GParamSpec *pspec, MgLamameEditor *self)
{
  json_object *castles = mg_ui_json_array (self->map, "castles");
  guint seat = gtk_drop_down_get_selected (drop);

  (void) pspec;
  if (self->loading || self->selected == NULL || seat == GTK_INVALID_LIST_POSITION || is_live (self))
    return;
  for (gsize j = 0; j < mg_ui_json_len (castles); j++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (castles, j)), self->selected) == 0)
      json_object_array_put_idx (castles, j, json_object_new_string (""));
  if (seat > 0)
    {
      while (mg_ui_json_len (castles) < seat)
        json_object_array_add (castles, json_object_new_string (""));
      json_object_array_put_idx (castles, seat - 1, json_object_new_string (self->selected));
    }
  map_edited (self);
  update (self);
}

static void
delete_clicked (GtkButton *button, MgLamameEditor *self)
{
  json_object *list = areas (self), *castles = mg_ui_json_array (self->map, "castles");

  (void) button;
  if (is_live (self))
    return;
  if (self->selected == NULL)
    return;
  for (gsize i = mg_ui_json_len (list); i > 0; i--)
    {
      json_object *a = json_object_array_get_idx (list, i - 1);
      if (g_strcmp0 (mg_ui_json_str (a, "name"), self->selected) == 0)
        json_object_array_del_idx (list, i - 1, 1);
      else
        list_remove (mg_ui_json_array (a, "adjacent"), self->selected);
    }
  for (gsize j = 0; j < mg_ui_json_len (castles); j++)
    if (g_strcmp0 (json_object_get_string (json_object_array_get_idx (castles, j)), self->selected) == 0)
      json_object_array_put_idx (castles, j, json_object_new_string (""));
  g_clear_pointer (&self->selected, g_free);
  map_edited (self);
  update (self);
}

static void
use_clicked (GtkButton *button, MgLamameEditor *self)
{
  g_autoptr(json_object) action = json_object_new_object ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MgJournalEntry) entry = NULL;

  (void) button;
  json_object_object_add (action, "type", json_object_new_string ("start"));
  json_object_object_add (action, "map", json_object_get (self->map));
  entry = mg_widget_act (self->campaign, json_object_get (action), NULL, &error);
  if (entry == NULL)
    {
      g_autofree char *problem = map_problem (self, error);
      gtk_label_set_text (self->status_label, problem);
      return;
    }
  mg_draft_timer_stop (&self->draft_timer);
  mg_draft_discard (self->campaign, DRAFT_KIND);
}

/* The map that was being drawn (the window closed, the app quit or stopped) comes back as it was,
 * the first time the editor is shown before the year starts. */
static void
restore_draft (MgLamameEditor *self)
{
  g_autoptr(json_object) base = NULL;
  gboolean stale = FALSE;
  json_object *edit;

  if (self->draft_looked || is_live (self))
    return;
  self->draft_looked = TRUE;
  base = draft_base (self);
  if ((edit = mg_draft_restore (self->campaign, DRAFT_KIND, base, &stale)) == NULL)
    return;
  self->edited = TRUE;
  set_map (self, edit);
  json_object_put (edit);
  mg_toast_show (GTK_WIDGET (self),
                 /* Translators: toasts, short (one line, cut beyond ~28 characters at 360 px): the edits
                  * not yet applied came back after a close or a crash; "check": the campaign changed since. */
                 stale ? C_("lamame", "Map restored: check it")
                       : C_("lamame", "Map being drawn restored"));
}

static gboolean import_map (MgLamameEditor *self, json_object *map, GError **error);

static void
show_file_problem (MgLamameEditor *self, const GError *error)
{
  g_autofree char *problem = map_problem (self, error);

  gtk_label_set_text (self->status_label, problem);
}

/* Issue 43: a map chosen to import is read and parsed in a thread (mg-json-file.h). */
static void
import_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  MgLamameEditor *self = MG_LAMAME_EDITOR (source);
  g_autoptr(GError) error = NULL;
  json_object *map = mg_json_file_load_finish (result, &error);

  self->importing--;
  if (error == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA))
    {
      g_clear_error (&error);
      import_map (self, map, &error);
    }
  if (error != NULL)
    show_file_problem (self, error);
  json_object_put (map);
}

void
mg_lamame_editor_import_async (MgLamameEditor *self, const char *path)
{
  g_return_if_fail (MG_IS_LAMAME_EDITOR (self));
  self->importing++;
  mg_json_file_load_async (self, path, import_loaded, NULL);
}

gboolean
mg_lamame_editor_is_importing (MgLamameEditor *self)
{
  return self->importing > 0;
}

static void
chooser_response (GtkNativeDialog *dialog, int response, MgLamameEditor *self)
{
  gboolean save = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (dialog)) == GTK_FILE_CHOOSER_ACTION_SAVE;
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;
  g_autofree char *path = file != NULL && !save ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (path != NULL)
    mg_lamame_editor_import_async (self, path);
  else if (file != NULL)
    mg_lamame_editor_file (self, file, save, &error);
  if (error != NULL)
    show_file_problem (self, error);
  g_clear_object (&self->chooser);
}

static void
choose_file (MgLamameEditor *self, gboolean save)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (save ? _("Export Map") : _("Import Map"),
                                 GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                 save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN, NULL, NULL);
  if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "map.json");
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

static void
import_clicked (GtkButton *button, MgLamameEditor *self)
{
  (void) button;
  choose_file (self, FALSE);
}

static void
export_clicked (GtkButton *button, MgLamameEditor *self)
{
  (void) button;
  choose_file (self, TRUE);
}

gboolean
mg_lamame_editor_file (MgLamameEditor *self, GFile *file, gboolean save, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr(json_object) map = NULL;
  gsize len;

  if (g_file_peek_path (file) != NULL &&
      !mg_store_refuse_if_attached (g_file_peek_path (file), G_IO_ERROR, G_IO_ERROR_BUSY, error))
    return FALSE;
  if (save)
    {
      const char *out = json_object_to_json_string_ext (self->map, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED);
      return g_file_replace_contents (file, out, strlen (out), NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, error);
    }
  if (!g_file_load_contents (file, NULL, &text, &len, NULL, error))
    return FALSE;
  map = json_tokener_parse (text);
  return import_map (self, map, error);
}

/* The map read from a file (any JSON, or NULL when it was none) becomes the one edited. */
static gboolean
import_map (MgLamameEditor *self, json_object *map, GError **error)
{
  if (!json_object_is_type (map, json_type_object))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("This file is not a map: a JSON object with \"areas\" and \"castles\" is expected"));
      return FALSE;
    }
  map_edited (self);
  set_map (self, map);
  return TRUE;
}

json_object *
mg_lamame_editor_get_map (MgLamameEditor *self)
{
  return self->map;
}

MgAreaMap *
mg_lamame_editor_get_area_map (MgLamameEditor *self)
{
  return self->area_map;
}

void
mg_lamame_editor_set_mode (MgLamameEditor *self, gboolean add, gboolean connect)
{
  gtk_toggle_button_set_active (self->add_toggle, add);
  gtk_toggle_button_set_active (self->connect_toggle, connect);
}

void
mg_lamame_editor_mark (MgLamameEditor *self, gboolean mountain, gboolean plus_one, guint castle_of_seat)
{
  gtk_check_button_set_active (self->mountain_check, mountain);
  gtk_check_button_set_active (self->plus_check, plus_one);
  gtk_drop_down_set_selected (self->castle_drop, castle_of_seat);
}

const char *
mg_lamame_editor_status (MgLamameEditor *self)
{
  return gtk_label_get_text (self->status_label);
}

GtkEditable *
mg_lamame_editor_get_name_field (MgLamameEditor *self)
{
  return GTK_EDITABLE (self->name_entry);
}

const char *
mg_lamame_editor_name_message (MgLamameEditor *self)
{
  return gtk_label_get_text (self->name_message);
}

void
mg_lamame_editor_start (MgLamameEditor *self)
{
  use_clicked (NULL, self);
}

static void
campaign_changed (MgLamameEditor *self)
{
  /* During the year the editor shows the live map as it is now (undo may take the year back). */
  if (is_live (self))
    load (self);
  else
    update (self);
}

static void
mg_lamame_editor_dispose (GObject *object)
{
  MgLamameEditor *self = MG_LAMAME_EDITOR (object);

  if (mg_draft_timer_stop (&self->draft_timer) && self->campaign != NULL)
    keep_draft (self);   /* the last edit, before the editor goes */
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_LAMAME_EDITOR);
  g_clear_object (&self->campaign);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->map, json_object_put);
  g_clear_pointer (&self->selected, g_free);
  G_OBJECT_CLASS (mg_lamame_editor_parent_class)->dispose (object);
}

static void
mg_lamame_editor_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *min_baseline, int *nat_baseline)
{
  MgLamameEditor *self = MG_LAMAME_EDITOR (widget);

  mg_lamame_ui_split_measure (self->toolbar, gtk_widget_get_parent (GTK_WIDGET (self->area_map)), self->side,
                              orientation, for_size, minimum, natural);
  *min_baseline = *nat_baseline = -1;
}

static void
mg_lamame_editor_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  MgLamameEditor *self = MG_LAMAME_EDITOR (widget);

  (void) baseline;
  mg_lamame_ui_split_allocate (self->toolbar, gtk_widget_get_parent (GTK_WIDGET (self->area_map)), self->side,
                               width, height);
}

static void
mg_lamame_editor_class_init (MgLamameEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mg_lamame_editor_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/lamame/mg-lamame-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, add_toggle);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, connect_toggle);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, import_button);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, export_button);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, use_button);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, delete_button);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, name_entry);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, mountain_check);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, plus_check);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, castle_drop);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, name_message);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, toolbar);
  gtk_widget_class_bind_template_child (widget_class, MgLamameEditor, side);
  gtk_widget_class_bind_template_child_full (widget_class, "map_box", FALSE, 0);
  widget_class->measure = mg_lamame_editor_measure;
  widget_class->size_allocate = mg_lamame_editor_size_allocate;
}

static void
mg_lamame_editor_init (MgLamameEditor *self)
{
  GtkWidget *map_box;

  gtk_widget_init_template (GTK_WIDGET (self));
  mg_draft_timer_init (&self->draft_timer, keep_draft, self);
  g_signal_connect (self, "map", G_CALLBACK (restore_draft), NULL);
  map_box = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), MG_TYPE_LAMAME_EDITOR, "map_box"));
  self->area_map = mg_area_map_new ();
  mg_area_map_set_editable (self->area_map, TRUE);
  gtk_box_append (GTK_BOX (map_box), GTK_WIDGET (self->area_map));
  g_signal_connect (self->area_map, "area-activated", G_CALLBACK (area_activated), self);
  g_signal_connect (self->area_map, "background-clicked", G_CALLBACK (background_clicked), self);
  g_signal_connect (self->area_map, "area-dragged", G_CALLBACK (area_dragged), self);
  g_signal_connect (self->name_entry, "activate", G_CALLBACK (name_activated), self);
  mg_error_track_touched (GTK_WIDGET (self->name_entry));
  g_signal_connect_swapped (self->name_entry, "changed", G_CALLBACK (name_check), self);
  mg_flow_box_slots_follow_children (GTK_FLOW_BOX (self->toolbar));
  g_signal_connect (self->mountain_check, "toggled", G_CALLBACK (flag_toggled), self);
  g_signal_connect (self->plus_check, "toggled", G_CALLBACK (flag_toggled), self);
  g_signal_connect (self->castle_drop, "notify::selected", G_CALLBACK (castle_selected), self);
  g_signal_connect (self->delete_button, "clicked", G_CALLBACK (delete_clicked), self);
  g_signal_connect (self->use_button, "clicked", G_CALLBACK (use_clicked), self);
  g_signal_connect (self->import_button, "clicked", G_CALLBACK (import_clicked), self);
  g_signal_connect (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
}

MgLamameEditor *
mg_lamame_editor_new (MgCampaign *campaign)
{
  MgLamameEditor *self = g_object_new (MG_TYPE_LAMAME_EDITOR, NULL);
  const char * const *players = mg_campaign_get_players (campaign);
  GtkStringList *castles = gtk_string_list_new (NULL);

  self->campaign = g_object_ref (campaign);
  gtk_string_list_append (castles, C_("lamame", "No castle"));
  for (guint i = 0; players && players[i]; i++)
    {
      g_autofree char *label = g_strdup_printf (C_("lamame", "Castle of %s"), players[i]);
      gtk_string_list_append (castles, label);
    }
  self->loading = TRUE;
  gtk_drop_down_set_model (self->castle_drop, G_LIST_MODEL (castles));
  g_object_unref (castles);
  self->loading = FALSE;
  g_signal_connect_object (mg_table_state_for_campaign (campaign), "changed", G_CALLBACK (campaign_changed), self, G_CONNECT_SWAPPED);
  load (self);
  return self;
}

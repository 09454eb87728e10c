/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-meeple-board.c — a Meeple Melee state at a glance (replay), and battle results in words. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-meeple-board.h"
#include "mg-ui-json.h"
#include "mg-meeple-tracks.h"
#include "mg-meeple.h"

struct _MgMeepleBoard
{
  GtkWidget       parent_instance;

  GtkLabel       *header_label;
  GtkLabel       *result_label;
  GtkLabel       *name_a;
  GtkLabel       *name_b;
  MgMeepleTracks *tracks_a;
  MgMeepleTracks *tracks_b;
};

G_DEFINE_FINAL_TYPE (MgMeepleBoard, mg_meeple_board, GTK_TYPE_WIDGET)

/* The face's name as the ruleset spells it (untranslated), else its id. */
static const char *
face_raw_name (json_object *ruleset, const char *id)
{
  json_object *faces = NULL;

  if (ruleset != NULL && json_object_object_get_ex (ruleset, "faces", &faces)
      && json_object_is_type (faces, json_type_array))
    for (size_t i = 0; i < json_object_array_length (faces); i++)
      {
        json_object *face = json_object_array_get_idx (faces, i);

        if (g_strcmp0 (mg_ui_json_str (face, "id"), id) == 0 && mg_ui_json_str (face, "name") != NULL)
          return mg_ui_json_str (face, "name");
      }
  return id;
}

const char *
mg_meeple_face_name (json_object *ruleset, const char *id)
{
  const char *name = face_raw_name (ruleset, id);

  return name != id ? _(name) : (id != NULL ? id : "");
}

char *
mg_meeple_face_count_for (json_object *ruleset, const char *id, guint n)
{
  return mg_meeple_face_count (face_raw_name (ruleset, id), n);
}

/* "2 Sweep, 3 Kick" from {"sweep":2,"kick":3,"punch":0}, in the ruleset's face order. */
static char *
pick_words (json_object *ruleset, json_object *pick)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (pick == NULL)
    return g_strdup (_("nothing"));
  json_object_object_foreach (pick, id, count)
    {
      int n = json_object_get_int (count);

      if (n <= 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_autofree char *count = mg_meeple_face_count_for (ruleset, id, (guint) n);

      g_string_append (text, count);
    }
  if (text->len == 0)
    g_string_append (text, _("nothing"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
mg_meeple_describe_battle (json_object *ruleset,
                           json_object *battle,
                           char       **title,
                           char       **body)
{
  g_autoptr(GString) text = g_string_new (NULL);
  json_object *picks = NULL, *casualties = NULL;
  const char *winner = mg_ui_json_str (battle, "winner");
  const char *loser = mg_ui_json_str (battle, "loser");
  int number = mg_ui_json_int (battle, "battle", 0);

  if (json_object_object_get_ex (battle, "picks", &picks) && json_object_is_type (picks, json_type_object))
    {
      gboolean first = TRUE;

      json_object_object_foreach (picks, name, pick)
        {
          g_autofree char *words = pick_words (ruleset, pick);

          g_string_append_printf (text, first ? _("%s revealed %s") : _("; %s revealed %s"), name, words);
          first = FALSE;
        }
      g_string_append (text, ". ");
    }

  json_object_object_get_ex (battle, "casualties", &casualties);
  if (g_strcmp0 (mg_ui_json_str (battle, "result"), "win") == 0 && winner != NULL && loser != NULL)
    {
      int lost = mg_ui_json_int (battle, "lost", 1);
      int rescued = mg_ui_json_int (battle, "rescued", 0);

      *title = g_strdup_printf (_("Battle %d: %s wins on %s"), number, winner,
                                mg_meeple_face_name (ruleset, mg_ui_json_str (battle, "on")));
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%s puts %d meeple on the casualty track (%d in all).",
                                           "%s puts %d meeples on the casualty track (%d in all).", lost),
                              loser, lost, mg_ui_json_int (casualties, loser, 0));
      if (rescued > 0)
        {
          g_string_append_c (text, ' ');
          g_string_append_printf (text,
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%s takes back %d meeple from the neutral zone.",
                                               "%s takes back %d meeples from the neutral zone.", rescued),
                                  winner, rescued);
        }
    }
  else
    {
      *title = g_strdup_printf (_("Battle %d: a draw"), number);
      g_string_append (text, _("Each player who can spare one moves a meeple to their neutral zone."));
    }
  *body = g_string_free (g_steal_pointer (&text), FALSE);
}

void
mg_meeple_board_set_view (MgMeepleBoard *self, json_object *ruleset, json_object *view)
{
  json_object *players = NULL, *last = NULL, *score = NULL;
  g_autofree char *header = NULL;
  int defeat = mg_ui_json_int (ruleset, "defeat_casualties", 6);
  const char *winner;

  g_return_if_fail (MG_IS_MEEPLE_BOARD (self));
  if (view == NULL)
    return;

  json_object_object_get_ex (view, "players", &players);
  json_object_object_get_ex (view, "last", &last);
  json_object_object_get_ex (view, "score", &score);
  winner = mg_ui_json_str (view, "winner");

  if (winner != NULL)
    header = g_strdup_printf (_("Match %d is over: %s won"), mg_ui_json_int (view, "match", 1), winner);
  else
    header = g_strdup_printf (_("Match %d, battle %d"), mg_ui_json_int (view, "match", 1),
                              mg_ui_json_int (view, "battle", 1));
  gtk_label_set_text (self->header_label, header);

  if (last != NULL && json_object_is_type (last, json_type_object))
    {
      g_autofree char *title = NULL;
      g_autofree char *body = NULL;
      g_autofree char *markup = NULL;

      mg_meeple_describe_battle (ruleset, last, &title, &body);
      markup = g_markup_printf_escaped ("<b>%s</b>\n%s", title, body);
      gtk_label_set_markup (self->result_label, markup);
    }
  else
    gtk_label_set_text (self->result_label, _("No battle has been fought yet."));

  for (guint i = 0; i < 2; i++)
    {
      json_object *player = players != NULL && json_object_is_type (players, json_type_array)
                            ? json_object_array_get_idx (players, i) : NULL;
      const char *name = mg_ui_json_str (player, "name");
      int won = mg_ui_json_int (score, name != NULL ? name : "", 0);
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s — %d match won", "%s — %d matches won", won),
                                                name != NULL ? name : "", won);

      gtk_label_set_text (i == 0 ? self->name_a : self->name_b, title);
      mg_meeple_tracks_update (i == 0 ? self->tracks_a : self->tracks_b, player, defeat);
    }
}

static void
mg_meeple_board_dispose (GObject *object)
{
  mg_widget_dispose_children (GTK_WIDGET (object), MG_TYPE_MEEPLE_BOARD);
  G_OBJECT_CLASS (mg_meeple_board_parent_class)->dispose (object);
}

static void
mg_meeple_board_class_init (MgMeepleBoardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_meeple_board_dispose;
  g_type_ensure (MG_TYPE_MEEPLE_TRACKS);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/meeple/mg-meeple-board.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMeepleBoard, header_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleBoard, result_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleBoard, name_a);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleBoard, name_b);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleBoard, tracks_a);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleBoard, tracks_b);
}

static void
mg_meeple_board_init (MgMeepleBoard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MgMeepleBoard *
mg_meeple_board_new (void)
{
  return g_object_new (MG_TYPE_MEEPLE_BOARD, NULL);
}

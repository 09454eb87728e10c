/* mg-meeple-tracks.c — one Meeple Melee player's tracks: casualties, neutral zone, actions. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-meeple-tracks.h"
#include "mg-ui-json.h"

struct _MgMeepleTracks
{
  GtkWidget parent_instance;

  GtkWidget *grid;
  GtkBox    *casualty_cells;
  GtkBox    *neutral_cells;
  GtkBox    *action_cells;
  GtkLabel  *casualty_label;
  GtkLabel  *neutral_label;
  GtkLabel  *actions_label;
  GtkLabel  *roll_label;
  GtkLabel  *reveal_label;

  int        casualties;
  int        neutral;
};

G_DEFINE_FINAL_TYPE (MgMeepleTracks, mg_meeple_tracks, GTK_TYPE_WIDGET)

/* A row of n cells, the first `filled` marked: a picture of the track on the board. */
static void
set_cells (GtkBox *box, int n, int filled, const char *fill_class)
{
  GtkWidget *child;
  int i = 0;

  n = CLAMP (n, 0, 16);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
  for (i = 0; i < n; i++)
    {
      GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

      gtk_widget_add_css_class (cell, "track-cell");
      if (i < filled)
        gtk_widget_add_css_class (cell, fill_class);
      gtk_box_append (box, cell);
    }
}

void
mg_meeple_tracks_update (MgMeepleTracks *self, json_object *player, int defeat)
{
  g_autofree char *casualties = NULL;
  g_autofree char *actions = NULL;
  g_autofree char *to_roll = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *neutral = NULL;
  int allowed, used;

  g_return_if_fail (MG_IS_MEEPLE_TRACKS (self));

  self->casualties = mg_ui_json_int (player, "casualties", 0);
  self->neutral = mg_ui_json_int (player, "neutral", 0);
  allowed = mg_ui_json_int (player, "actions_allowed", 0);
  used = mg_ui_json_int (player, "actions_used", 0);

  set_cells (self->casualty_cells, defeat, self->casualties, "casualty");
  set_cells (self->neutral_cells, MAX (self->neutral, 1), self->neutral, "neutral");
  set_cells (self->action_cells, allowed, used, "used");

  /* Translators: casualties out of the number that loses the match, e.g. "2 / 6" */
  casualties = g_strdup_printf (_("%d / %d"), self->casualties, defeat);
  gtk_label_set_text (self->casualty_label, casualties);
  neutral = g_strdup_printf ("%d", self->neutral);
  gtk_label_set_text (self->neutral_label, neutral);
  /* Translators: actions used of actions allowed this battle, e.g. "1 / 2" */
  actions = g_strdup_printf (_("%d / %d"), used, allowed);
  gtk_label_set_text (self->actions_label, actions);
  to_roll = g_strdup_printf ("%d", mg_ui_json_int (player, "to_roll", 0));
  gtk_label_set_text (self->roll_label, to_roll);
  reveal = g_strdup_printf ("%d", mg_ui_json_int (player, "reveal", 0));
  gtk_label_set_text (self->reveal_label, reveal);

  {
    g_autofree char *casualties = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d casualty of %d", "%d casualties of %d",
                                                                self->casualties),
                                                   self->casualties, defeat);
    g_autofree char *actions = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of %d action used", "%d of %d actions used",
                                                             allowed),
                                                used, allowed);
    /* Translators: "2 casualties of 6, 1 in the neutral zone, 1 of 2 actions used". */
    g_autofree char *description = g_strdup_printf (_("%s, %d in the neutral zone, %s"), casualties, self->neutral,
                                                    actions);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  }
}

int
mg_meeple_tracks_get_casualties (MgMeepleTracks *self)
{
  return self->casualties;
}

int
mg_meeple_tracks_get_neutral (MgMeepleTracks *self)
{
  return self->neutral;
}

static void
mg_meeple_tracks_dispose (GObject *object)
{
  mg_widget_dispose_children (GTK_WIDGET (object), MG_TYPE_MEEPLE_TRACKS);
  G_OBJECT_CLASS (mg_meeple_tracks_parent_class)->dispose (object);
}

static void
mg_meeple_tracks_class_init (MgMeepleTracksClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_meeple_tracks_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/meeple/mg-meeple-tracks.ui");
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, grid);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, casualty_cells);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, neutral_cells);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, action_cells);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, casualty_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, neutral_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, actions_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, roll_label);
  gtk_widget_class_bind_template_child (widget_class, MgMeepleTracks, reveal_label);
}

static void
mg_meeple_tracks_init (MgMeepleTracks *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

MgMeepleTracks *
mg_meeple_tracks_new (void)
{
  return g_object_new (MG_TYPE_MEEPLE_TRACKS, NULL);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-mecaknights-map-play.c — moves and attacks played on the MecaKnights map: a click (or Enter) on an
 * army's land picks it, the lands it may move to are ringed, and a click (or Enter) on one of
 * them moves there, at war when another leader's army holds it and the two are not at peace (a
 * battle begins). The engine decides: a land is ringed only when the move validates, and a land
 * that is not says why, in the engine's words, above the map. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-mecaknights-map-play.h"
#include "mg-json.h"
#include "mg-mecaknights-util.h"
#include "mg-table-state.h"
#include "mg-widget-util.h"

struct _MgMkMapPlay
{
  MgCampaign *campaign;
  MgAreaMap  *map;
  GtkLabel   *hint;
  char       *army;       /* picked, or NULL */
  char       *land;       /* its land */
  GPtrArray  *targets;    /* land names (char *) */
  GPtrArray  *actions;    /* json_object *, the move onto each target */
  char       *pointed;    /* the land under the pointer or the keyboard's ring */
  char       *said;       /* a refusal or what was done, kept until the next pointing */
};

static json_object *
view_of (MgMkMapPlay *self)
{
  return mg_table_state_get_view (mg_table_state_for_campaign (self->campaign), MG_SEAT_ALL);
}

/* Another leader's army on land (the first), or NULL. */
static json_object *
enemy_on (json_object *view, const char *leader, const char *land)
{
  json_object *armies = mg_mk_ui_view_armies (view);

  for (gsize i = 0; i < mg_ui_json_len (armies); i++)
    {
      json_object *army = json_object_array_get_idx (armies, i);

      if (g_strcmp0 (mg_ui_json_str (army, "land"), land) == 0
          && g_strcmp0 (mg_ui_json_str (army, "leader"), leader) != 0)
        return army;
    }
  return NULL;
}

static gboolean
at_peace (json_object *view, const char *a, const char *b)
{
  json_object *relations = mg_ui_json_array (view, "relations");

  for (gsize i = 0; i < mg_ui_json_len (relations); i++)
    {
      json_object *r = json_object_array_get_idx (relations, i);

      if (((g_strcmp0 (mg_ui_json_str (r, "a"), a) == 0 && g_strcmp0 (mg_ui_json_str (r, "b"), b) == 0)
           || (g_strcmp0 (mg_ui_json_str (r, "a"), b) == 0 && g_strcmp0 (mg_ui_json_str (r, "b"), a) == 0)))
        return g_strcmp0 (mg_ui_json_str (r, "status"), "peace") == 0;
    }
  return FALSE;
}

/* The one-land move of army onto dest, as the table would declare it (new reference). */
static json_object *
move_action (json_object *view, json_object *army, const char *dest)
{
  const char *leader = mg_ui_json_str (army, "leader");
  json_object *enemy = enemy_on (view, leader, dest);
  json_object *action = json_object_new_object ();
  json_object *path = json_object_new_array ();

  json_object_array_add (path, json_object_new_string (dest));
  json_object_object_add (action, "type", json_object_new_string ("move"));
  json_object_object_add (action, "player", json_object_new_string (leader));
  json_object_object_add (action, "army", json_object_new_string (mg_ui_json_str (army, "id")));
  json_object_object_add (action, "path", path);
  if (enemy != NULL)
    json_object_object_add (action, "stance",
                            json_object_new_string (at_peace (view, leader, mg_ui_json_str (enemy, "leader")) ? "peace" : "war"));
  return action;
}

static void
clear_pick (MgMkMapPlay *self)
{
  g_clear_pointer (&self->army, g_free);
  g_clear_pointer (&self->land, g_free);
  g_ptr_array_set_size (self->targets, 0);
  g_ptr_array_set_size (self->actions, 0);
  mg_area_map_set_targets (self->map, NULL);
}

static char *describe (MgMkMapPlay *self, const char *land);

/* Picks army when some neighbouring land takes its move; FALSE (nothing picked) when none does. */
static gboolean
pick (MgMkMapPlay *self, json_object *view, json_object *army)
{
  const char *land = mg_ui_json_str (army, "land");
  json_object *adjacent = mg_ui_json_array (mg_mk_ui_view_find (mg_mk_ui_view_lands (view), "name", land), "adjacent");
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  clear_pick (self);
  for (gsize i = 0; i < mg_ui_json_len (adjacent); i++)
    {
      const char *dest = json_object_get_string (json_object_array_get_idx (adjacent, i));
      json_object *action = move_action (view, army, dest);

      if (mg_campaign_validate (self->campaign, action, NULL))
        {
          g_ptr_array_add (self->targets, g_strdup (dest));
          g_ptr_array_add (self->actions, action);
        }
      else
        json_object_put (action);
    }
  if (self->targets->len == 0)
    return FALSE;
  self->army = g_strdup (mg_ui_json_str (army, "id"));
  self->land = g_strdup (land);
  for (guint i = 0; i < self->targets->len; i++)
    {
      g_ptr_array_add (ids, g_ptr_array_index (self->targets, i));
      g_ptr_array_add (texts, describe (self, g_ptr_array_index (self->targets, i)));
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (texts, NULL);
  mg_area_map_set_selected (self->map, land);
  /* Each ringed land's tooltip says what a click there does, as the sentence above the map. */
  mg_area_map_set_targets_with_texts (self->map, (const char * const *) ids->pdata, (const char * const *) texts->pdata);
  return TRUE;
}

static gint
target_index (MgMkMapPlay *self, const char *land)
{
  for (guint i = 0; i < self->targets->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->targets, i), land) == 0)
      return (gint) i;
  return -1;
}

/* What Enter or a click on land will do, or why it will not (the engine's words). g_free. */
static char *
describe (MgMkMapPlay *self, const char *land)
{
  json_object *view = view_of (self);
  const char *leader = mg_mk_ui_view_current_leader (view);
  gint i = land != NULL ? target_index (self, land) : -1;

  if (self->army == NULL && !json_object_get_boolean (mg_ui_json_get (view, "started")))
    return g_strdup (C_("mecaknights", "Set-up: armies move on this map once the game has started."));
  if (self->army == NULL && leader != NULL && mg_mk_ui_view_find (mg_mk_ui_view_armies (view), "leader", leader) == NULL)
    return g_strdup_printf (C_("mecaknights", "%s has no army to move."), leader);
  if (self->army == NULL)
    return leader != NULL ? g_strdup_printf (C_("mecaknights", "%s to play: click (or press Enter on) the land of one of %s’s armies to move it."), leader, leader)
                          : NULL;
  if (land == NULL || g_strcmp0 (land, self->land) == 0)
    return g_strdup_printf (C_("mecaknights", "%s on %s: click (or press Enter on) a ringed land to move there; Escape lets it go."), self->army, self->land);
  if (i >= 0)
    {
      json_object *action = g_ptr_array_index (self->actions, i);
      json_object *enemy = enemy_on (view, leader, land);
      const char *stance = mg_ui_json_str (action, "stance");

      if (enemy != NULL && g_strcmp0 (stance, "war") == 0)
        /* Translators: "Red 1 attacks Blue 1 on Oakvale: a battle begins." */
        return g_strdup_printf (C_("mecaknights", "Click or Enter: %s attacks %s on %s: a battle begins."),
                                self->army, mg_ui_json_str (enemy, "id"), land);
      if (enemy != NULL)
        return g_strdup_printf (C_("mecaknights", "Click or Enter: %s moves to %s, at peace with %s."),
                                self->army, land, mg_ui_json_str (enemy, "leader"));
      return g_strdup_printf (C_("mecaknights", "Click or Enter: %s moves to %s."), self->army, land);
    }
  {
    json_object *army = mg_mk_ui_view_find (mg_mk_ui_view_armies (view), "id", self->army);
    g_autoptr(json_object) action = army != NULL ? move_action (view, army, land) : NULL;
    g_autoptr(GError) error = NULL;

    if (action != NULL && !mg_campaign_validate (self->campaign, action, &error))
      /* Translators: "Not to Ashford: <the engine's reason>" */
      return g_strdup_printf (C_("mecaknights", "Not to %s: %s"), land, error->message);
    return g_strdup_printf (C_("mecaknights", "%s cannot reach %s in one move."), self->army, land);
  }
}

static void
show (MgMkMapPlay *self, const char *text, gboolean refusal)
{
  gtk_label_set_text (self->hint, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->hint), text != NULL && text[0] != '\0');
  if (refusal)
    gtk_widget_add_css_class (GTK_WIDGET (self->hint), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->hint), "error");
  /* Said by a screen reader with the area the keyboard is on (the hint is about it). */
  if (self->pointed != NULL && g_strcmp0 (self->pointed, mg_area_map_get_focus_area (self->map)) == 0)
    mg_area_map_set_focus_note (self->map, text);
}

/* The hint for the land pointed at (by the pointer or the keyboard's ring). */
static void
point (MgMkMapPlay *self, const char *land)
{
  g_autofree char *text = NULL;

  if (g_strcmp0 (land, self->pointed) == 0 && self->said != NULL)
    return;   /* a refusal or a result stays until something else is pointed at */
  g_clear_pointer (&self->said, g_free);
  g_free (self->pointed);
  self->pointed = g_strdup (land);
  text = describe (self, land);
  show (self, text, self->army != NULL && land != NULL && g_strcmp0 (land, self->land) != 0
                    && target_index (self, land) < 0);
}

static void
say (MgMkMapPlay *self, const char *land, char *text, gboolean refusal)
{
  g_free (self->said);
  self->said = text;
  g_free (self->pointed);
  self->pointed = g_strdup (land);
  show (self, text, refusal);
}

/* Picks the first of the leader's armies on land that may move, from the one after `after`
 * (an army id; NULL: from the first) or, when `only` is given, that army alone. */
static gboolean
pick_on (MgMkMapPlay *self, json_object *view, const char *land, const char *after, const char *only)
{
  const char *leader = mg_mk_ui_view_current_leader (view);
  json_object *armies = mg_mk_ui_view_armies (view);
  gboolean passed = after == NULL;

  for (gsize a = 0; a < mg_ui_json_len (armies); a++)
    {
      json_object *army = json_object_array_get_idx (armies, a);
      const char *id = mg_ui_json_str (army, "id");

      if (g_strcmp0 (mg_ui_json_str (army, "leader"), leader) != 0 || g_strcmp0 (mg_ui_json_str (army, "land"), land) != 0
          || json_object_get_boolean (mg_ui_json_get (army, "afloat")))
        continue;
      if (!passed)
        {
          passed = g_strcmp0 (id, after) == 0;
          continue;
        }
      if ((only == NULL || g_strcmp0 (id, only) == 0) && pick (self, view, army))
        {
          g_clear_pointer (&self->said, g_free);
          point (self, land);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
mg_mk_map_play_activate (MgMkMapPlay *self, const char *land, const char *army)
{
  json_object *view = view_of (self);
  gint i;

  if (self->army != NULL && (i = target_index (self, land)) >= 0)
    {
      json_object *action = json_object_get (g_ptr_array_index (self->actions, i));
      g_autoptr(GError) error = NULL;
      g_autoptr(MgJournalEntry) entry = NULL;

      clear_pick (self);
      entry = mg_widget_act (self->campaign, action, NULL, &error);
      say (self, land, entry != NULL ? g_strdup_printf (C_("mecaknights", "Done: %s"), entry->summary) : g_strdup (error->message),
           entry == NULL);
      return TRUE;
    }
  if (self->army != NULL && g_strcmp0 (land, self->land) == 0)
    {
      /* Its own land again: another of the leader's armies there clicked, or the next one. */
      g_autofree char *picked = g_strdup (self->army);

      if ((army != NULL && g_strcmp0 (army, picked) != 0 && pick_on (self, view, land, NULL, army))
          || (army == NULL && pick_on (self, view, land, picked, NULL)))
        return TRUE;
      mg_mk_map_play_cancel (self);
      return TRUE;
    }
  /* The army clicked, if it is one of the leader's that may move; else the first of them. */
  if ((army != NULL && pick_on (self, view, land, NULL, army)) || pick_on (self, view, land, NULL, NULL))
    return TRUE;
  if (self->army == NULL)
    return FALSE;
  say (self, land, describe (self, land), TRUE);
  return TRUE;
}

gboolean
mg_mk_map_play_cancel (MgMkMapPlay *self)
{
  if (self->army == NULL)
    return FALSE;
  clear_pick (self);
  mg_area_map_set_selected (self->map, NULL);
  g_clear_pointer (&self->said, g_free);
  g_clear_pointer (&self->pointed, g_free);
  point (self, NULL);
  return TRUE;
}

void
mg_mk_map_play_refresh (MgMkMapPlay *self)
{
  json_object *view = view_of (self);
  json_object *army = self->army != NULL ? mg_mk_ui_view_find (mg_mk_ui_view_armies (view), "id", self->army) : NULL;
  g_autofree char *keep = g_strdup (self->said);

  if (self->army != NULL && (army == NULL || !pick (self, view, army)))
    {
      clear_pick (self);
      mg_area_map_set_selected (self->map, NULL);
    }
  if (keep != NULL)
    show (self, keep, gtk_widget_has_css_class (GTK_WIDGET (self->hint), "error"));
  else
    {
      g_autofree char *text = describe (self, self->pointed);

      show (self, text, FALSE);
    }
}

/* Escape on the map (its "cancelled"). */
static void
cancelled (MgAreaMap *map, MgMkMapPlay *self)
{
  mg_mk_map_play_cancel (self);
}

static void
key_released (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, MgMkMapPlay *self)
{
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_space && keyval != GDK_KEY_Escape)
    point (self, mg_area_map_get_focus_area (self->map));
}

static void
motion (GtkEventControllerMotion *motion, double x, double y, MgMkMapPlay *self)
{
  const char *land = mg_area_map_area_at (self->map, x, y);

  if (land != NULL)
    point (self, land);
}

MgMkMapPlay *
mg_mk_map_play_new (MgCampaign *campaign, MgAreaMap *map, GtkLabel *hint)
{
  MgMkMapPlay *self = g_new0 (MgMkMapPlay, 1);
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *pointer = gtk_event_controller_motion_new ();

  self->campaign = campaign;
  self->map = map;
  self->hint = hint;
  self->targets = g_ptr_array_new_with_free_func (g_free);
  self->actions = g_ptr_array_new_with_free_func (mg_mk_ui_json_unref);
  g_signal_connect (map, "cancelled", G_CALLBACK (cancelled), self);
  g_signal_connect (keys, "key-released", G_CALLBACK (key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (map), keys);
  g_signal_connect (pointer, "motion", G_CALLBACK (motion), self);
  gtk_widget_add_controller (GTK_WIDGET (map), pointer);
  return self;
}

void
mg_mk_map_play_free (MgMkMapPlay *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->targets);
  g_ptr_array_unref (self->actions);
  g_free (self->army);
  g_free (self->land);
  g_free (self->pointed);
  g_free (self->said);
  g_free (self);
}

const char *
mg_mk_map_play_get_army (MgMkMapPlay *self)
{
  return self->army;
}

const char *
mg_mk_map_play_get_hint (MgMkMapPlay *self)
{
  return gtk_label_get_text (self->hint);
}

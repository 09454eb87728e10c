/* mg-table-state.c — one per campaign window: pending() and view() per seat, built once per
 * change, and the one seat whose secrets are shown. See the contract in the header. */
#include "config.h"

#include "mg-table-state.h"
#include "mg-game.h"

struct _MgTableState
{
  GObject      parent_instance;

  MgCampaign  *campaign;        /* weak: the campaign keeps this object */
  json_object *pending;         /* NULL until asked for, after a change */
  GHashTable  *views;           /* seat → json_object*, built when first asked */
  char        *moves_key;       /* what "pending() moved on" compares */
  char        *secrets_seat;    /* NULL: nobody's secrets are on screen */
  guint        n_pending_built;
  guint        n_views_built;
};

G_DEFINE_FINAL_TYPE (MgTableState, mg_table_state, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static const char *qdata_key = "mg-table-state";

static void
json_unref (gpointer json)
{
  json_object_put (json);
}

json_object *
mg_table_state_get_pending (MgTableState *self)
{
  g_return_val_if_fail (MG_IS_TABLE_STATE (self), NULL);
  if (self->pending == NULL && mg_table_state_get_state (self) != NULL)
    {
      self->pending = mg_state_pending (mg_table_state_get_state (self));
      self->n_pending_built++;
    }
  return self->pending;
}

json_object *
mg_table_state_get_view (MgTableState *self, const char *seat)
{
  json_object *view;

  g_return_val_if_fail (MG_IS_TABLE_STATE (self), NULL);
  g_return_val_if_fail (seat != NULL, NULL);
  view = g_hash_table_lookup (self->views, seat);
  if (view == NULL && mg_table_state_get_state (self) != NULL)
    {
      view = mg_state_view (mg_table_state_get_state (self), seat);
      self->n_views_built++;
      if (view != NULL)
        g_hash_table_insert (self->views, g_strdup (seat), view);
    }
  return view;
}

json_object *
mg_table_state_get_shown_view (MgTableState *self, const char *seat)
{
  return mg_table_state_get_view (self, mg_table_state_secrets_shown (self, seat) ? seat : MG_SEAT_PUBLIC);
}

const char *
mg_table_state_get_seat (MgTableState *self)
{
  g_return_val_if_fail (MG_IS_TABLE_STATE (self), MG_SEAT_PUBLIC);
  return self->secrets_seat != NULL ? self->secrets_seat : MG_SEAT_PUBLIC;
}

json_object *
mg_table_state_get_seat_view (MgTableState *self)
{
  return mg_table_state_get_view (self, mg_table_state_get_seat (self));
}

json_object *
mg_table_state_view_of_state (MgTableState *self, const MgState *state, const char *seat)
{
  if (state == NULL)
    return NULL;
  if (self != NULL && state == mg_table_state_get_state (self))
    return json_object_get (mg_table_state_get_view (self, seat));
  return mg_state_view (state, seat);
}

MgCampaign *
mg_table_state_get_campaign (MgTableState *self)
{
  g_return_val_if_fail (MG_IS_TABLE_STATE (self), NULL);
  return self->campaign;
}

const MgState *
mg_table_state_get_state (MgTableState *self)
{
  g_return_val_if_fail (MG_IS_TABLE_STATE (self), NULL);
  return self->campaign != NULL ? mg_campaign_get_state (self->campaign) : NULL;
}

/* Secrets */

const char *
mg_table_state_get_secrets_seat (MgTableState *self)
{
  g_return_val_if_fail (MG_IS_TABLE_STATE (self), NULL);
  return self->secrets_seat;
}

gboolean
mg_table_state_secrets_shown (MgTableState *self, const char *seat)
{
  g_return_val_if_fail (MG_IS_TABLE_STATE (self), FALSE);
  return seat != NULL && g_strcmp0 (self->secrets_seat, seat) == 0;
}

void
mg_table_state_show_secrets (MgTableState *self, const char *seat)
{
  g_return_if_fail (MG_IS_TABLE_STATE (self));
  /* Only a player's seat has secrets of its own to show; "*" would show everyone's. */
  if (seat != NULL && (seat[0] == '\0' || g_str_equal (seat, MG_SEAT_ALL) || g_str_equal (seat, MG_SEAT_PUBLIC)))
    seat = NULL;
  if (g_strcmp0 (seat, self->secrets_seat) == 0)
    return;
  g_free (self->secrets_seat);
  self->secrets_seat = g_strdup (seat);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
append_members (GString *key, json_object *pending, const char * const *members)
{
  for (guint i = 0; members != NULL && members[i] != NULL; i++)
    {
      json_object *member = NULL;

      json_object_object_get_ex (pending, members[i], &member);
      g_string_append_printf (key, "%s=%s;", members[i], member != NULL ? json_object_to_json_string (member) : "");
    }
}

/* What the table must decide, minus the wording and the counters: its turn, phase, whether it
 * is over, the counters the game's descriptor says move play on (MgGame.moved_on), and the
 * seats it waits for. When this changes, pending() has moved on. */
static char *
moves_key (MgTableState *self)
{
  g_autoptr(GString) key = g_string_new (NULL);
  json_object *pending = mg_table_state_get_pending (self);
  const MgGame *game = self->campaign != NULL ? mg_game_lookup (mg_campaign_get_game_id (self->campaign)) : NULL;
  json_object *waiting = NULL;
  static const char * const members[] = { "turn", "phase", "over", "session", NULL };

  append_members (key, pending, members);
  if (game != NULL)
    append_members (key, pending, game->moved_on);
  if (json_object_object_get_ex (pending, "waiting", &waiting) && json_object_is_type (waiting, json_type_array))
    for (size_t i = 0; i < json_object_array_length (waiting); i++)
      {
        json_object *seat = NULL;

        json_object_object_get_ex (json_object_array_get_idx (waiting, i), "seat", &seat);
        g_string_append_printf (key, "%s,", seat != NULL ? json_object_get_string (seat) : "");
      }
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static void
campaign_changed (MgTableState *self)
{
  g_autofree char *key = NULL;

  g_clear_pointer (&self->pending, json_object_put);
  g_hash_table_remove_all (self->views);
  /* pending() is wanted by nearly every subscriber, and to know whether it moved on. */
  key = moves_key (self);
  if (g_strcmp0 (key, self->moves_key) != 0)
    {
      g_clear_pointer (&self->secrets_seat, g_free);
      g_free (self->moves_key);
      self->moves_key = g_steal_pointer (&key);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
mg_table_state_get_n_built (MgTableState *self, guint *n_views)
{
  if (n_views != NULL)
    *n_views = self->n_views_built;
  return self->n_pending_built;
}

/* GObject */

static void
mg_table_state_finalize (GObject *object)
{
  MgTableState *self = MG_TABLE_STATE (object);

  if (self->campaign != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->campaign), (gpointer *) &self->campaign);
  g_clear_pointer (&self->pending, json_object_put);
  g_hash_table_unref (self->views);
  g_free (self->moves_key);
  g_free (self->secrets_seat);
  G_OBJECT_CLASS (mg_table_state_parent_class)->finalize (object);
}

static void
mg_table_state_class_init (MgTableStateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mg_table_state_finalize;

  /* After the campaign changed (views and pending() are then rebuilt when asked), and when
   * the seat whose secrets are shown changes. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
mg_table_state_init (MgTableState *self)
{
  self->views = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, json_unref);
}

MgTableState *
mg_table_state_for_campaign (MgCampaign *campaign)
{
  MgTableState *self;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  self = g_object_get_data (G_OBJECT (campaign), qdata_key);
  if (self != NULL)
    return self;

  self = g_object_new (MG_TYPE_TABLE_STATE, NULL);
  self->campaign = campaign;
  g_object_add_weak_pointer (G_OBJECT (campaign), (gpointer *) &self->campaign);
  self->moves_key = moves_key (self);
  g_signal_connect_object (campaign, "changed", G_CALLBACK (campaign_changed), self, G_CONNECT_SWAPPED);
  g_object_set_data_full (G_OBJECT (campaign), qdata_key, self, g_object_unref);
  return self;
}

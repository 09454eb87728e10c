/* mg-table.c — the campaign's one table object: pending(), views per seat, the shown seat, and the change details of each "changed". See the contract in the header.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "mg-campaign-private.h"
#include "mg-table.h"

/* Past this many rows undone or redone at once, their events are not read: "everything". */
#define MAX_ROWS_READ 32

/* ---- change details -------------------------------------------------------------------- */

G_DEFINE_BOXED_TYPE (MgTableChange, mg_table_change, mg_table_change_ref, mg_table_change_unref)

static MgTableChange *
change_new (MgTableChanged what, gboolean everything)
{
  MgTableChange *change = g_new0 (MgTableChange, 1);

  change->ref_count = 1;
  change->what = what;
  change->everything = everything;
  change->rows = MG_TABLE_ROWS_NONE;
  return change;
}

MgTableChange *
mg_table_change_ref (MgTableChange *change)
{
  g_return_val_if_fail (change != NULL, NULL);
  g_atomic_int_inc (&change->ref_count);
  return change;
}

void
mg_table_change_unref (MgTableChange *change)
{
  g_return_if_fail (change != NULL);
  if (!g_atomic_int_dec_and_test (&change->ref_count))
    return;
  for (guint k = 0; k < MG_N_CHANGE_KINDS; k++)
    g_clear_pointer (&change->keys[k], g_hash_table_unref);
  g_free (change);
}

gboolean
mg_table_change_touches (const MgTableChange *change, MgChangeKind kind, const char *key)
{
  g_return_val_if_fail (change != NULL && kind < MG_N_CHANGE_KINDS, TRUE);
  if (change->everything)
    return TRUE;
  return key != NULL && change->keys[kind] != NULL && g_hash_table_contains (change->keys[kind], key);
}

gboolean
mg_table_change_touches_kind (const MgTableChange *change, MgChangeKind kind)
{
  g_return_val_if_fail (change != NULL && kind < MG_N_CHANGE_KINDS, TRUE);
  return change->everything || (change->keys[kind] != NULL && g_hash_table_size (change->keys[kind]) > 0);
}

GStrv
mg_table_change_dup_keys (const MgTableChange *change, MgChangeKind kind)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (change != NULL && kind < MG_N_CHANGE_KINDS, NULL);
  if (change->everything)
    return NULL;
  builder = g_strv_builder_new ();
  if (change->keys[kind] != NULL)
    {
      g_hash_table_iter_init (&iter, change->keys[kind]);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_strv_builder_add (builder, key);
    }
  return g_strv_builder_end (builder);
}

static void
change_add_key (MgTableChange *change, MgChangeKind kind, const char *key)
{
  if (change->keys[kind] == NULL)
    change->keys[kind] = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (change->keys[kind], g_strdup (key));
}

static gboolean
strv_has (const char * const *strv, const char *s)
{
  return strv != NULL && s != NULL && g_strv_contains (strv, s);
}

/* Adds what one event names; FALSE when the game does not declare that it names everything. */
static gboolean
change_add_event (MgTableChange *change, const MgGame *game, json_object *event)
{
  json_object *type = NULL;

  if (!json_object_is_type (event, json_type_object) || !json_object_object_get_ex (event, "type", &type)
      || !strv_has (game->local_events, json_object_get_string (type)))
    return FALSE;
  for (const MgChangeKey *k = game->change_keys; k->member != NULL; k++)
    {
      json_object *value = NULL;

      if (!json_object_object_get_ex (event, k->member, &value))
        continue;
      if (k->kind >= MG_N_CHANGE_KINDS)
        return FALSE;   /* MG_CHANGE_ANY */
      if (json_object_is_type (value, json_type_string))
        change_add_key (change, k->kind, json_object_get_string (value));
      else if (json_object_is_type (value, json_type_array))
        for (size_t i = 0; i < json_object_array_length (value); i++)
          {
            json_object *item = json_object_array_get_idx (value, i);

            if (json_object_is_type (item, json_type_string))
              change_add_key (change, k->kind, json_object_get_string (item));
          }
    }
  return TRUE;
}

/* Adds one row's events to change; sets everything when they do not say. */
static void
change_add_events (MgTableChange *change, const MgGame *game, json_object *events)
{
  if (change->everything)
    return;
  if (game == NULL || game->change_keys == NULL || game->local_events == NULL
      || !json_object_is_type (events, json_type_array))
    {
      change->everything = TRUE;
      return;
    }
  for (size_t i = 0; i < json_object_array_length (events) && !change->everything; i++)
    if (!change_add_event (change, game, json_object_array_get_idx (events, i)))
      change->everything = TRUE;
}

MgTableChange *
mg_table_change_from_events (const MgGame *game, json_object *events)
{
  MgTableChange *change = change_new (MG_TABLE_CHANGED_STATE, FALSE);

  change_add_events (change, game, events);
  return change;
}

/* ---- the table ------------------------------------------------------------------------- */

struct _MgTable
{
  GObject      parent_instance;

  MgCampaign  *campaign;        /* weak: the campaign owns this object */
  json_object *pending;         /* NULL until asked for, after a change */
  GHashTable  *views;           /* seat → json_object*, built when first asked */
  GHashTable  *derived;         /* "builder-pointer seat" → json_object* (mg_table_get_seat_derived) */
  char        *moves_key;       /* what "pending() moved on" compares */
  char        *secrets_seat;    /* NULL: nobody's secrets are on screen */
  gint64       journal_length;
  gboolean     can_undo;
  gboolean     can_redo;
  GObject     *server;
  GObject     *tokens;
  GObject     *certificate;
  guint        n_pending_built;
  guint        n_views_built;
};

G_DEFINE_FINAL_TYPE (MgTable, mg_table, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PENDING,
  PROP_PUBLIC_VIEW,
  PROP_SEAT,
  PROP_SECRETS_SEAT,
  PROP_JOURNAL_LENGTH,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CHECKING,
  PROP_CHECK_FRACTION,
  PROP_SERVER,
  PROP_TOKENS,
  PROP_CERTIFICATE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
json_unref (gpointer json)
{
  json_object_put (json);
}

MgCampaign *
mg_table_get_campaign (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), NULL);
  return self->campaign;
}

const MgState *
mg_table_get_state (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), NULL);
  return self->campaign != NULL ? mg_campaign_get_state (self->campaign) : NULL;
}

json_object *
mg_table_get_pending (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), NULL);
  if (self->pending == NULL && mg_table_get_state (self) != NULL)
    {
      self->pending = mg_state_pending (mg_table_get_state (self));
      self->n_pending_built++;
    }
  return self->pending;
}

json_object *
mg_table_get_view (MgTable *self, const char *seat)
{
  json_object *view;

  g_return_val_if_fail (MG_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat != NULL, NULL);
  view = g_hash_table_lookup (self->views, seat);
  if (view == NULL && mg_table_get_state (self) != NULL)
    {
      view = mg_state_view (mg_table_get_state (self), seat);
      self->n_views_built++;
      if (view != NULL)
        g_hash_table_insert (self->views, g_strdup (seat), view);
    }
  return view;
}

json_object *
mg_table_get_shown_view (MgTable *self, const char *seat)
{
  return mg_table_get_view (self, mg_table_secrets_shown (self, seat) ? seat : MG_SEAT_PUBLIC);
}

const char *
mg_table_get_seat (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), MG_SEAT_PUBLIC);
  return self->secrets_seat != NULL ? self->secrets_seat : MG_SEAT_PUBLIC;
}

json_object *
mg_table_get_seat_view (MgTable *self)
{
  return mg_table_get_view (self, mg_table_get_seat (self));
}

json_object *
mg_table_view_of_state (MgTable *self, const MgState *state, const char *seat)
{
  if (state == NULL)
    return NULL;
  if (self != NULL && state == mg_table_get_state (self))
    return json_object_get (mg_table_get_view (self, seat));
  return mg_state_view (state, seat);
}

json_object *
mg_table_get_seat_derived (MgTable *self, MgTableSeatBuild build, const char *seat)
{
  g_autofree char *key = NULL;
  json_object *value;

  g_return_val_if_fail (MG_IS_TABLE (self) && build != NULL && seat != NULL, NULL);
  if (self->campaign == NULL)
    return NULL;
  key = g_strdup_printf ("%p %s", (gpointer) build, seat);
  value = g_hash_table_lookup (self->derived, key);
  if (value == NULL && (value = build (self->campaign, seat)) != NULL)
    g_hash_table_insert (self->derived, g_steal_pointer (&key), value);
  return value;
}

gint64
mg_table_get_journal_length (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), 0);
  return self->journal_length;
}

gboolean
mg_table_get_can_undo (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), FALSE);
  return self->can_undo;
}

gboolean
mg_table_get_can_redo (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), FALSE);
  return self->can_redo;
}

gboolean
mg_table_get_checking (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), FALSE);
  return self->campaign != NULL && self->campaign->checking;
}

/* ---- secrets --------------------------------------------------------------------------- */

const char *
mg_table_get_secrets_seat (MgTable *self)
{
  g_return_val_if_fail (MG_IS_TABLE (self), NULL);
  return self->secrets_seat;
}

gboolean
mg_table_secrets_shown (MgTable *self, const char *seat)
{
  g_return_val_if_fail (MG_IS_TABLE (self), FALSE);
  return seat != NULL && g_strcmp0 (self->secrets_seat, seat) == 0;
}

void
mg_table_show_secrets (MgTable *self, const char *seat)
{
  g_autoptr(MgTableChange) change = NULL;

  g_return_if_fail (MG_IS_TABLE (self));
  /* Only a player's seat has secrets of its own to show; "*" would show everyone's. */
  if (seat != NULL && (seat[0] == '\0' || g_str_equal (seat, MG_SEAT_ALL) || g_str_equal (seat, MG_SEAT_PUBLIC)))
    seat = NULL;
  if (g_strcmp0 (seat, self->secrets_seat) == 0)
    return;
  g_free (self->secrets_seat);
  self->secrets_seat = g_strdup (seat);
  /* Every view a page draws for the shown seat is another one: everything. */
  change = change_new (MG_TABLE_CHANGED_SEAT, TRUE);
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECRETS_SEAT]);
  g_signal_emit (self, signals[CHANGED], 0, change);
  g_object_thaw_notify (G_OBJECT (self));
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
moves_key (MgTable *self)
{
  g_autoptr(GString) key = g_string_new (NULL);
  json_object *pending = mg_table_get_pending (self);
  const MgGame *game = self->campaign != NULL ? self->campaign->game : NULL;
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

/* The change details of the campaign's "changed" being emitted, from the rows it names. */
static MgTableChange *
campaign_change (MgTable *self)
{
  const MgCampaignRows *rows = &self->campaign->change;
  MgTableChange *change = change_new (MG_TABLE_CHANGED_STATE, FALSE);

  change->rows = rows->kind;
  change->first_seq = rows->first_seq;
  change->last_seq = rows->last_seq;
  change->n_rows = rows->n_rows;
  if (rows->kind == MG_TABLE_ROWS_OTHER || rows->n_rows == 0 || rows->n_rows > MAX_ROWS_READ
      || rows->last_seq - rows->first_seq >= MAX_ROWS_READ * 4)
    change->everything = TRUE;
  else if (rows->events != NULL)
    {
      json_object *events = json_tokener_parse (rows->events);

      change_add_events (change, self->campaign->game, events);
      json_object_put (events);
    }
  else
    /* Undone or redone rows change what they changed when played: their events say what. */
    for (gint64 seq = rows->first_seq; seq <= rows->last_seq && !change->everything; seq++)
      {
        g_autoptr(MgJournalEntry) entry = mg_campaign_journal_get (self->campaign, seq, NULL);
        json_object *events;

        if (entry == NULL)
          continue;   /* a row of the range not marked by this step (a gap) */
        events = json_tokener_parse (entry->events != NULL ? entry->events : "[]");
        change_add_events (change, self->campaign->game, events);
        json_object_put (events);
      }
  return change;
}

static void
update_counts (MgTable *self)
{
  gint64 length = mg_campaign_journal_count (self->campaign);
  gboolean can_undo = mg_campaign_can_undo (self->campaign);
  gboolean can_redo = mg_campaign_can_redo (self->campaign);

  if (length != self->journal_length)
    {
      self->journal_length = length;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_JOURNAL_LENGTH]);
    }
  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
    }
}

static void
campaign_changed (MgTable *self)
{
  g_autoptr(MgTableChange) change = NULL;
  g_autofree char *key = NULL;

  g_clear_pointer (&self->pending, json_object_put);
  g_hash_table_remove_all (self->views);
  g_hash_table_remove_all (self->derived);
  change = campaign_change (self);
  g_object_freeze_notify (G_OBJECT (self));
  /* pending() is wanted by nearly every subscriber, and to know whether it moved on. */
  key = moves_key (self);
  if (g_strcmp0 (key, self->moves_key) != 0)
    {
      change->what |= MG_TABLE_CHANGED_MOVED_ON;
      if (self->secrets_seat != NULL)
        {
          /* The shown secrets hide: every view drawn for that seat is the public one now. */
          g_clear_pointer (&self->secrets_seat, g_free);
          change->what |= MG_TABLE_CHANGED_SEAT;
          change->everything = TRUE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECRETS_SEAT]);
        }
      g_free (self->moves_key);
      self->moves_key = g_steal_pointer (&key);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PUBLIC_VIEW]);
  update_counts (self);
  g_signal_emit (self, signals[CHANGED], 0, change);
  g_object_thaw_notify (G_OBJECT (self));
}

guint
mg_table_get_n_built (MgTable *self, guint *n_views)
{
  if (n_views != NULL)
    *n_views = self->n_views_built;
  return self->n_pending_built;
}

/* ---- companions ------------------------------------------------------------------------ */

static void
set_companion (MgTable *self, GObject **slot, GObject *object, guint prop)
{
  g_return_if_fail (MG_IS_TABLE (self));
  if (g_set_object (slot, object))
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

GObject *mg_table_get_server (MgTable *self) { return self->server; }
GObject *mg_table_get_tokens (MgTable *self) { return self->tokens; }
GObject *mg_table_get_certificate (MgTable *self) { return self->certificate; }
void mg_table_set_server (MgTable *self, GObject *o) { set_companion (self, &self->server, o, PROP_SERVER); }
void mg_table_set_tokens (MgTable *self, GObject *o) { set_companion (self, &self->tokens, o, PROP_TOKENS); }
void mg_table_set_certificate (MgTable *self, GObject *o) { set_companion (self, &self->certificate, o, PROP_CERTIFICATE); }

/* ---- GObject --------------------------------------------------------------------------- */

static void
mg_table_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MgTable *self = MG_TABLE (object);

  switch (prop_id)
    {
    case PROP_PENDING:        g_value_set_pointer (value, mg_table_get_pending (self)); break;
    case PROP_PUBLIC_VIEW:    g_value_set_pointer (value, mg_table_get_view (self, MG_SEAT_PUBLIC)); break;
    case PROP_SEAT:           g_value_set_string (value, mg_table_get_seat (self)); break;
    case PROP_SECRETS_SEAT:   g_value_set_string (value, self->secrets_seat); break;
    case PROP_JOURNAL_LENGTH: g_value_set_int64 (value, self->journal_length); break;
    case PROP_CAN_UNDO:       g_value_set_boolean (value, self->can_undo); break;
    case PROP_CAN_REDO:       g_value_set_boolean (value, self->can_redo); break;
    case PROP_CHECKING:       g_value_set_boolean (value, mg_table_get_checking (self)); break;
    case PROP_CHECK_FRACTION: g_value_set_double (value, self->campaign != NULL ? self->campaign->check_fraction : 0); break;
    case PROP_SERVER:         g_value_set_object (value, self->server); break;
    case PROP_TOKENS:         g_value_set_object (value, self->tokens); break;
    case PROP_CERTIFICATE:    g_value_set_object (value, self->certificate); break;
    default:                  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mg_table_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  MgTable *self = MG_TABLE (object);

  switch (prop_id)
    {
    case PROP_SECRETS_SEAT: mg_table_show_secrets (self, g_value_get_string (value)); break;
    case PROP_SERVER:       mg_table_set_server (self, g_value_get_object (value)); break;
    case PROP_TOKENS:       mg_table_set_tokens (self, g_value_get_object (value)); break;
    case PROP_CERTIFICATE:  mg_table_set_certificate (self, g_value_get_object (value)); break;
    default:                G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mg_table_dispose (GObject *object)
{
  MgTable *self = MG_TABLE (object);

  g_clear_object (&self->server);
  g_clear_object (&self->tokens);
  g_clear_object (&self->certificate);
  G_OBJECT_CLASS (mg_table_parent_class)->dispose (object);
}

static void
mg_table_finalize (GObject *object)
{
  MgTable *self = MG_TABLE (object);

  if (self->campaign != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->campaign), (gpointer *) &self->campaign);
  g_clear_pointer (&self->pending, json_object_put);
  g_hash_table_unref (self->views);
  g_hash_table_unref (self->derived);
  g_free (self->moves_key);
  g_free (self->secrets_seat);
  G_OBJECT_CLASS (mg_table_parent_class)->finalize (object);
}

static void
mg_table_class_init (MgTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = mg_table_get_property;
  object_class->set_property = mg_table_set_property;
  object_class->dispose = mg_table_dispose;
  object_class->finalize = mg_table_finalize;

  properties[PROP_PENDING] = g_param_spec_pointer ("pending", NULL, NULL, ro);
  properties[PROP_PUBLIC_VIEW] = g_param_spec_pointer ("public-view", NULL, NULL, ro);
  properties[PROP_SEAT] = g_param_spec_string ("seat", NULL, NULL, MG_SEAT_PUBLIC, ro);
  properties[PROP_SECRETS_SEAT] = g_param_spec_string ("secrets-seat", NULL, NULL, NULL, rw);
  properties[PROP_JOURNAL_LENGTH] = g_param_spec_int64 ("journal-length", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_CHECKING] = g_param_spec_boolean ("checking", NULL, NULL, FALSE, ro);
  properties[PROP_CHECK_FRACTION] = g_param_spec_double ("check-fraction", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_SERVER] = g_param_spec_object ("server", NULL, NULL, G_TYPE_OBJECT, rw);
  properties[PROP_TOKENS] = g_param_spec_object ("tokens", NULL, NULL, G_TYPE_OBJECT, rw);
  properties[PROP_CERTIFICATE] = g_param_spec_object ("certificate", NULL, NULL, G_TYPE_OBJECT, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After the campaign changed (views and pending() are then rebuilt when asked), and when the
   * seat whose secrets are shown changes: what changed, in the MgTableChange. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                   MG_TYPE_TABLE_CHANGE | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mg_table_init (MgTable *self)
{
  self->views = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, json_unref);
  self->derived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, json_unref);
}

MgTable *
mg_table_for_campaign (MgCampaign *campaign)
{
  MgTable *self;

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  if (campaign->table != NULL)
    return campaign->table;

  self = g_object_new (MG_TYPE_TABLE, NULL);
  self->campaign = campaign;
  g_object_add_weak_pointer (G_OBJECT (campaign), (gpointer *) &self->campaign);
  self->moves_key = moves_key (self);
  self->journal_length = mg_campaign_journal_count (campaign);
  self->can_undo = mg_campaign_can_undo (campaign);
  self->can_redo = mg_campaign_can_redo (campaign);
  g_signal_connect_object (campaign, "changed", G_CALLBACK (campaign_changed), self, G_CONNECT_SWAPPED);
  campaign->table = self;
  return self;
}

/* For mg-campaign-check.c: "checking" and its progress changed (on the main thread). */
void
mg_table_notify_checking (MgTable *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHECKING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHECK_FRACTION]);
}

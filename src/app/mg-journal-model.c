/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-journal-model.c — the journal as a lazy GListModel: rows are fetched a page at a time.
 * Only the pages the list view asks for are read, so 100,000 rows open as fast as ten. */
#include "config.h"
#include <glib/gi18n.h>
#include <string.h>

#include "mg-journal-model.h"
#include "mg-campaign-rules.h"
#include "mg-export.h"
#include "mg-narrate.h"
#include "mg-game.h"

/* A jump anywhere reads one or two pages: small pages keep that to the rows a window shows. */
#define PAGE_SIZE 32
#define MAX_PAGES 32

struct _MgJournalItem
{
  GObject  parent_instance;
  gint64   seq;
  int      turn;
  char    *actor;
  char    *summary;
  char    *dice;       /* told in words, made when first asked for (only rows shown ask) */
  char    *dice_json;  /* as journaled, until then */
  json_object *ruleset;
  gint64   time;
  gboolean undone;
  gboolean turn_start;
  char    *turn_title; /* the game's name of the turn the row begins (turn starts only), or NULL */
  gboolean titled;     /* the game names its turns (MgGame.turn_title): its column is wider */
  gboolean secret;     /* dice rolled, with an event for one seat only (faces behind a screen) */
  gboolean withheld;   /* undone while something is hidden, and its summary may tell it (issues
                        * 32, 41: a secret action, or one that revealed something) */
  char    *withheld_text;
  int      tells;      /* mg_narrate_entry_tells_secret of the row, -1 until asked (it never changes) */
};

G_DEFINE_FINAL_TYPE (MgJournalItem, mg_journal_item, G_TYPE_OBJECT)

enum { ITEM_PROP_0, ITEM_PROP_UNDONE, ITEM_PROP_DICE, ITEM_N_PROPS };
static GParamSpec *item_properties[ITEM_N_PROPS];

static void
mg_journal_item_finalize (GObject *object)
{
  MgJournalItem *self = MG_JOURNAL_ITEM (object);

  g_free (self->withheld_text);
  g_free (self->turn_title);
  g_free (self->actor);
  g_free (self->summary);
  g_free (self->dice);
  g_free (self->dice_json);
  json_object_put (self->ruleset);
  G_OBJECT_CLASS (mg_journal_item_parent_class)->finalize (object);
}

static void
mg_journal_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  MgJournalItem *self = MG_JOURNAL_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_UNDONE:
      g_value_set_boolean (value, self->undone);
      break;
    case ITEM_PROP_DICE:
      g_value_set_string (value, mg_journal_item_get_dice (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mg_journal_item_class_init (MgJournalItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mg_journal_item_finalize;
  object_class->get_property = mg_journal_item_get_property;
  item_properties[ITEM_PROP_UNDONE] =
    g_param_spec_boolean ("undone", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  item_properties[ITEM_PROP_DICE] =
    g_param_spec_string ("dice", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ITEM_N_PROPS, item_properties);
}

static void
mg_journal_item_init (MgJournalItem *self)
{
}

gint64      mg_journal_item_get_seq        (MgJournalItem *self) { return self->seq; }
int         mg_journal_item_get_turn       (MgJournalItem *self) { return self->turn; }
const char *mg_journal_item_get_actor      (MgJournalItem *self) { return self->actor; }
/* An undone row's summary told what its action revealed or decided; once undone, that may be a
 * secret in force again (Blue's guess undone: Red's gold is hidden again). While anything is
 * hidden, the row names only whose action it was. */
const char *
mg_journal_item_get_summary (MgJournalItem *self)
{
  if (!self->withheld)
    return self->summary;
  if (self->withheld_text == NULL)
    self->withheld_text = self->actor[0] != '\0'
      /* Translators: an undone journal row whose text could tell a secret in force again. */
      ? g_strdup_printf (_("%s’s action (its details stay hidden while a secret is in force)"), self->actor)
      : g_strdup (_("The referee’s action (its details stay hidden while a secret is in force)"));
  return self->withheld_text;
}
const char *
mg_journal_item_get_dice (MgJournalItem *self)
{
  /* The screen is shared: dice that only one seat saw wait until their turn is over, as the
   * Battle page keeps faces behind Show Faces. The CLI's log shows them to the referee. */
  /* Issue 41: a roll behind a player's screen stays there, its turn over or not; only what the
   * engine reveals (the picked meeples) is told, by the summaries. The CLI's log shows the
   * referee every die. */
  if (self->secret)
    /* Translators: the dice column of a roll made behind a player's screen */
    return _("Rolled behind a screen");
  if (self->dice == NULL)
    {
      self->dice = mg_journal_format_dice (self->dice_json, self->ruleset);
      g_clear_pointer (&self->dice_json, g_free);
      g_clear_pointer (&self->ruleset, json_object_put);
    }
  return self->dice;
}
gboolean    mg_journal_item_get_undone     (MgJournalItem *self) { return self->undone; }
gboolean    mg_journal_item_get_turn_start (MgJournalItem *self) { return self->turn_start; }
const char *mg_journal_item_get_turn_title (MgJournalItem *self) { return self->turn_title; }
gboolean    mg_journal_item_get_titled     (MgJournalItem *self) { return self->titled; }
gint64      mg_journal_item_get_time       (MgJournalItem *self) { return self->time; }

/* The same words as the exports: one way of telling dice. */
char *
mg_journal_format_dice (const char *dice_json, json_object *ruleset)
{
  return mg_export_format_dice (dice_json, ruleset);
}

static gboolean
has_dice (const char *dice_json)
{
  while (dice_json != NULL && (*dice_json == '[' || g_ascii_isspace (*dice_json)))
    dice_json++;
  return dice_json != NULL && *dice_json != '\0' && *dice_json != ']';
}

/* The row's sentence; a ruleset change's is made again from its events in the viewer's
 * language (the house rules' titles and sentences are the descriptor's, issue 34). */
static char *
journal_summary (const MgJournalEntry *entry, MgCampaign *campaign)
{
  char *text = NULL;

  if (g_strcmp0 (entry->actor, "GM") == 0 && entry->events != NULL && strstr (entry->events, "_changed\"") != NULL)
    text = mg_campaign_rules_describe (mg_campaign_get_game_id (campaign), entry->events);
  return text != NULL ? text : g_strdup (entry->summary != NULL ? entry->summary : "");
}

/* Whether the row, undone, could tell a secret: asked once, only of rows undone while
 * something is hidden (it replays the row). */
static gboolean
item_tells_secret (MgJournalItem *item, MgCampaign *campaign, const MgJournalEntry *entry)
{
  if (item->tells < 0)
    item->tells = mg_narrate_entry_tells_secret (campaign, entry);
  return item->tells;
}

/* summary: the row's sentence in the viewer's language (mg-narrate.h), taken. */
static MgJournalItem *
item_new (const MgJournalEntry *entry, int previous_turn, MgCampaign *campaign, gboolean hiding,
          char *summary)
{
  MgJournalItem *item = g_object_new (MG_TYPE_JOURNAL_ITEM, NULL);

  item->seq = entry->seq;
  item->turn = entry->turn;
  item->actor = g_strdup (entry->actor != NULL ? entry->actor : "");
  /* A ruleset change is told from its events (the descriptor's words); any other row by the
   * narrator (the engine's sentence in the viewer's language). */
  if (g_strcmp0 (entry->actor, "GM") == 0 && entry->events != NULL && strstr (entry->events, "_changed\"") != NULL)
    {
      g_free (summary);
      item->summary = journal_summary (entry, campaign);
    }
  else
    item->summary = summary;
  item->dice_json = g_strdup (entry->dice);
  item->ruleset = json_object_get (mg_campaign_get_ruleset (campaign));
  /* An event for one seat carries "seat": looked for in the text, not parsed (as the store's
   * journal reads do; a false match only hides dice, never shows them). */
  item->secret = entry->events != NULL && strstr (entry->events, "\"seat\"") != NULL
                 && has_dice (entry->dice);
  /* Only dice are held back: a secret without dice (a bid, a card) is told, once revealed, by
   * the public summaries, and its row has nothing to hide (issue 33.3). */
  item->time = entry->time;
  item->undone = entry->undone;
  item->tells = -1;
  item->withheld = entry->undone && hiding && item_tells_secret (item, campaign, entry);
  item->turn_start = entry->turn != previous_turn;
  return item;
}

/* The row told in the viewer's language; a turn's first row also with the game's name of the
 * turn, asked first (the narrator then walks on to the row). */
static MgJournalItem *
item_told (MgNarrator *narrator, const MgJournalEntry *entry, int previous_turn, MgCampaign *campaign,
           gboolean hiding)
{
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (campaign));
  char *title = entry->turn != previous_turn ? mg_narrator_turn_title (narrator, entry) : NULL;
  MgJournalItem *item = item_new (entry, previous_turn, campaign, hiding, mg_narrator_tell (narrator, entry));

  item->turn_title = title;
  item->titled = game != NULL && game->turn_title != NULL;
  return item;
}

/* The model */

typedef struct
{
  guint      index;
  GPtrArray *items;   /* MgJournalItem*, up to PAGE_SIZE */
} Page;

struct _MgJournalModel
{
  GObject     parent_instance;
  MgCampaign *campaign;
  MgNarrator *narrator; /* tells the rows of a page in the viewer's language, one after another */
  guint       n_items;
  GQueue      pages;    /* of Page*, most recently used first */
  guint       fetched;
  int         hiding;   /* mg_state_hides_something of the state in force; -1: not asked yet */
};

static gboolean
model_hiding (MgJournalModel *self)
{
  if (self->hiding < 0)
    self->hiding = mg_state_hides_something (mg_campaign_get_state (self->campaign));
  return self->hiding;
}

static void mg_journal_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MgJournalModel, mg_journal_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, mg_journal_model_list_model_init))

static void
page_free (Page *page)
{
  g_ptr_array_unref (page->items);
  g_free (page);
}

/* Reads rows [index*PAGE_SIZE, +PAGE_SIZE) plus the row before, to know where turns start. */
static GPtrArray *
fetch_rows (MgJournalModel *self, guint index, int *previous_turn)
{
  gint64 offset = (gint64) index * PAGE_SIZE;
  gint64 start = offset > 0 ? offset - 1 : 0;
  g_autoptr(GError) error = NULL;
  GPtrArray *rows;

  rows = mg_campaign_journal_range (self->campaign, start, PAGE_SIZE + (offset - start), &error);
  *previous_turn = -1;
  if (rows == NULL)
    {
      g_warning ("Cannot read the journal: %s", error->message);
      return NULL;
    }
  if (offset > 0 && rows->len > 0)
    {
      MgJournalEntry *first = g_ptr_array_index (rows, 0);

      *previous_turn = first->turn;
      g_ptr_array_remove_index (rows, 0);
    }
  self->fetched += rows->len;
  return rows;
}

static Page *
get_page (MgJournalModel *self, guint index)
{
  g_autoptr(GPtrArray) rows = NULL;
  Page *page;
  int turn;

  for (GList *l = self->pages.head; l != NULL; l = l->next)
    {
      page = l->data;
      if (page->index == index)
        {
          g_queue_unlink (&self->pages, l);
          g_queue_push_head_link (&self->pages, l);
          return page;
        }
    }

  rows = fetch_rows (self, index, &turn);
  if (rows == NULL)
    return NULL;

  page = g_new0 (Page, 1);
  page->index = index;
  page->items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < rows->len; i++)
    {
      MgJournalEntry *entry = g_ptr_array_index (rows, i);

      g_ptr_array_add (page->items, item_told (self->narrator, entry, turn, self->campaign,
                                               entry->undone && model_hiding (self)));
      turn = entry->turn;
    }
  g_queue_push_head (&self->pages, page);
  while (self->pages.length > MAX_PAGES)
    page_free (g_queue_pop_tail (&self->pages));
  return page;
}

static GType
mg_journal_model_get_item_type (GListModel *model)
{
  return MG_TYPE_JOURNAL_ITEM;
}

static guint
mg_journal_model_get_n_items (GListModel *model)
{
  return MG_JOURNAL_MODEL (model)->n_items;
}

static gpointer
mg_journal_model_get_item (GListModel *model, guint position)
{
  MgJournalModel *self = MG_JOURNAL_MODEL (model);
  Page *page;
  guint i = position % PAGE_SIZE;

  if (position >= self->n_items)
    return NULL;
  page = get_page (self, position / PAGE_SIZE);
  if (page == NULL || i >= page->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (page->items, i));
}

static void
mg_journal_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = mg_journal_model_get_item_type;
  iface->get_n_items = mg_journal_model_get_n_items;
  iface->get_item = mg_journal_model_get_item;
}

/* An item's marks after a change: undone (from its row) and withheld (from the state: an undone
 * row that would tell a secret hidden again). `entry` is its row when it was read again, else
 * NULL: the row is read only when an undone row's telling is not yet known. */
static void
item_update_marks (MgJournalModel *self, MgJournalItem *item, gboolean undone, const MgJournalEntry *entry)
{
  gboolean withheld = FALSE;

  if (undone && model_hiding (self))
    {
      g_autoptr(MgJournalEntry) read = NULL;

      if (entry == NULL && item->tells < 0)
        entry = read = mg_campaign_journal_get (self->campaign, item->seq, NULL);
      withheld = entry != NULL ? item_tells_secret (item, self->campaign, entry) : item->tells > 0;
    }
  if (item->undone != undone || item->withheld != withheld)
    {
      item->undone = undone;
      item->withheld = withheld;
      g_object_notify_by_pspec (G_OBJECT (item), item_properties[ITEM_PROP_UNDONE]);
    }
}

/* Must the page's rows be read again for this change? Only when it holds a row the change
 * appended, undid or redid, or it is the last page, not full (rows may be appended to it). */
static gboolean
page_touched (Page *page, const MgTableChange *change)
{
  MgJournalItem *first, *last;

  if (change == NULL || (change->rows != MG_TABLE_ROWS_APPENDED && change->rows != MG_TABLE_ROWS_UNDONE
                         && change->rows != MG_TABLE_ROWS_REDONE))
    return change == NULL || change->rows != MG_TABLE_ROWS_NONE;
  if (page->items->len < PAGE_SIZE)
    return TRUE;
  first = g_ptr_array_index (page->items, 0);
  last = g_ptr_array_index (page->items, page->items->len - 1);
  return change->first_seq <= last->seq && change->last_seq >= first->seq;
}

static void
page_refetch (MgJournalModel *self, Page *page)
{
  g_autoptr(GPtrArray) rows = NULL;
  int turn;

  rows = fetch_rows (self, page->index, &turn);
  if (rows == NULL)
    return;
  for (guint i = 0; i < rows->len; i++)
    {
      MgJournalEntry *entry = g_ptr_array_index (rows, i);

      if (i < page->items->len)
        item_update_marks (self, g_ptr_array_index (page->items, i), entry->undone, entry);
      else
        g_ptr_array_add (page->items, item_told (self->narrator, entry, turn, self->campaign,
                                                 entry->undone && model_hiding (self)));
      turn = entry->turn;
    }
}

/* After an action, undo or redo: rows only ever get appended or change their undone mark.
 * The table's change names the rows: only the pages holding them are read again (issue 43: an
 * undo at 1M rows read every cached page, up to 1,024 rows); the other cached items only follow
 * the state (withheld), in memory. New rows are announced, never the list rebuilt. */
static void
table_changed (MgJournalModel *self, MgTableChange *change)
{
  guint old_n = self->n_items;
  guint new_n = (guint) MAX (0, mg_campaign_journal_count (self->campaign));

  if (change != NULL && change->rows == MG_TABLE_ROWS_NONE)
    return;   /* the shown seat: the Journal tells only public summaries */
  self->hiding = -1;
  mg_narrator_forget (self->narrator);

  for (GList *l = self->pages.head; l != NULL; l = l->next)
    {
      Page *page = l->data;

      if (page_touched (page, change))
        page_refetch (self, page);
      else
        for (guint i = 0; i < page->items->len; i++)
          {
            MgJournalItem *item = g_ptr_array_index (page->items, i);

            item_update_marks (self, item, item->undone, NULL);
          }
    }

  self->n_items = new_n;
  if (new_n > old_n)
    g_list_model_items_changed (G_LIST_MODEL (self), old_n, 0, new_n - old_n);
  else if (new_n < old_n)
    {
      g_queue_clear_full (&self->pages, (GDestroyNotify) page_free);
      g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, new_n);
    }
}

static void
mg_journal_model_dispose (GObject *object)
{
  MgJournalModel *self = MG_JOURNAL_MODEL (object);

  g_clear_pointer (&self->narrator, mg_narrator_free);
  g_clear_object (&self->campaign);
  g_queue_clear_full (&self->pages, (GDestroyNotify) page_free);
  G_OBJECT_CLASS (mg_journal_model_parent_class)->dispose (object);
}

static void
mg_journal_model_class_init (MgJournalModelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mg_journal_model_dispose;
}

static void
mg_journal_model_init (MgJournalModel *self)
{
  g_queue_init (&self->pages);
}

guint
mg_journal_model_get_n_fetched (MgJournalModel *self)
{
  g_return_val_if_fail (MG_IS_JOURNAL_MODEL (self), 0);
  return self->fetched;
}

MgJournalModel *
mg_journal_model_new (MgCampaign *campaign)
{
  MgJournalModel *self = g_object_new (MG_TYPE_JOURNAL_MODEL, NULL);

  self->campaign = g_object_ref (campaign);
  self->narrator = mg_narrator_new (campaign);
  self->hiding = -1;
  self->n_items = (guint) MAX (0, mg_campaign_journal_count (campaign));
  g_signal_connect_object (mg_table_for_campaign (campaign), "changed", G_CALLBACK (table_changed), self,
                           G_CONNECT_SWAPPED);
  return self;
}

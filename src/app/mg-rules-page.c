/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-rules-page.c — the campaign's own rules, readable and editable: the House rules the table
 * chose (mg-rules-house.c), then the ruleset as a form in the game's words (mg-rules-form.c),
 * with the whole ruleset as JSON text behind a small edit button, out of the way. Refused edits change nothing and are
 * told in plain words. Edits not yet applied are kept on disk as they are made (mg-draft.c) and
 * come back when the page is next shown, after a close or a crash. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-draft.h"
#include "mg-errors.h"
#include "mg-json.h"
#include "mg-json-facts.h"
#include "mg-game.h"
#include "mg-rules-form.h"
#include "mg-rules-house.h"
#include "mg-rules-page.h"
#include "mg-ruleset.h"

struct _MgRulesPage
{
  GtkWidget       parent_instance;

  MgCampaign     *campaign;
  json_object    *draft;        /* the rules being edited; the form's widgets point into it */
  json_object    *shipped;      /* the game's shipped ruleset: the defaults (NULL if unreadable) */
  GtkLabel       *message_label;
  GtkToggleButton *json_toggle;
  GtkStack       *stack;
  GtkBox         *form_box;
  GtkTextView    *text_view;
  gboolean        loading;
  gboolean        has_error;
  gboolean        dirty;
  gboolean        draft_looked;  /* a kept draft looked for (the first time the page is shown) */
  MgDraftTimer    draft_timer;   /* the edits to be kept on disk (mg-draft.c) */
};

G_DEFINE_FINAL_TYPE (MgRulesPage, mg_rules_page, GTK_TYPE_WIDGET)

#define DRAFT_KIND "rules"

static char *draft_text (MgRulesPage *self);

/* The edits, kept on disk (mg-draft.c): the text of the rules as edited, and whether it was
 * being edited as JSON text (it may not read as JSON yet). */
static void
keep_draft (gpointer data)
{
  MgRulesPage *self = data;
  g_autoptr(GError) error = NULL;
  gboolean ok;
  g_autofree char *text = NULL;
  json_object *edit;

  mg_draft_timer_stop (&self->draft_timer);
  if (!self->dirty)
    return;
  text = draft_text (self);
  edit = json_object_new_object ();
  json_object_object_add (edit, "text", json_object_new_string (text));
  json_object_object_add (edit, "json", json_object_new_boolean (gtk_toggle_button_get_active (self->json_toggle)));
  ok = mg_draft_save (self->campaign, DRAFT_KIND, mg_campaign_get_ruleset (self->campaign), edit, &error);
  mg_draft_timer_kept (&self->draft_timer, ok, error);
  json_object_put (edit);
}

static void
set_dirty (MgRulesPage *self, gboolean dirty)
{
  self->dirty = dirty;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.apply", dirty);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.revert", dirty);
  if (dirty)
    mg_draft_timer_start (&self->draft_timer);
  else
    mg_draft_timer_stop (&self->draft_timer);
}

static void
show_error (MgRulesPage *self, const char *message)
{
  self->has_error = message != NULL;
  gtk_label_set_text (self->message_label,
                      message != NULL ? message
                                      : _("This campaign’s own copy of the rules. Changes are checked against every action already played."));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), message);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
}

/* The form's draft as JSON text (owned by the draft). */
static const char *
form_json (MgRulesPage *self)
{
  return self->draft != NULL
    ? json_object_to_json_string_ext (self->draft, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)
    : "{}";
}

static void
set_draft_text (MgRulesPage *self)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), form_json (self), -1);
}

/* The form's draft as the JSON text, which is no edit of its own (the text view's "changed"). */
static void
set_draft_text_quietly (MgRulesPage *self)
{
  gboolean was = self->loading;

  self->loading = TRUE;
  set_draft_text (self);
  self->loading = was;
}

/* The rules as edited, as text: the JSON text as typed, or the form's draft. g_free. */
static char *
draft_text (MgRulesPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  if (!gtk_toggle_button_get_active (self->json_toggle))
    return g_strdup (form_json (self));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
form_changed (gpointer data)
{
  MgRulesPage *self = data;

  if (!self->loading)
    set_dirty (self, TRUE);
}

/* A house rule switched (or any change of the campaign): the draft takes the campaign's house
 * rules, so Apply never puts an old choice back. */
static void
house_applied (gpointer data)
{
  MgRulesPage *self = data;
  json_object *rules = NULL, *copy = NULL;

  if (self->draft == NULL || !json_object_object_get_ex (mg_campaign_get_ruleset (self->campaign), "house_rules", &rules))
    return;
  json_object_deep_copy (rules, &copy, NULL);
  json_object_object_add (self->draft, "house_rules", copy);
  if (self->dirty)
    set_dirty (self, TRUE);   /* the kept draft too, against the campaign's rules as they now are */
  if (!gtk_toggle_button_get_active (self->json_toggle))
    set_draft_text_quietly (self);
}

/* The House rules first (they apply at once), then the form of the draft. */
static void
rebuild_form (MgRulesPage *self)
{
  const MgGame *game = mg_game_lookup (mg_campaign_get_game_id (self->campaign));
  GtkWidget *house;

  mg_widget_remove_children (GTK_WIDGET (self->form_box));
  if (self->shipped == NULL)
    self->shipped = mg_ruleset_load_default (mg_campaign_get_game_id (self->campaign), NULL);
  house = mg_rules_house_group_new (self->campaign, game, self->shipped, house_applied, self);
  if (house != NULL)
    gtk_box_append (self->form_box, house);
  if (json_object_is_type (self->draft, json_type_object))
    mg_rules_form_build (self->form_box, self->draft, self->shipped, game, form_changed, self);
}

static void
load (MgRulesPage *self)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);

  self->loading = TRUE;
  g_clear_pointer (&self->draft, json_object_put);
  if (ruleset != NULL)
    json_object_deep_copy (ruleset, &self->draft, NULL);
  set_draft_text (self);
  rebuild_form (self);
  self->loading = FALSE;
  show_error (self, NULL);
  set_dirty (self, FALSE);
}

static void
buffer_changed (MgRulesPage *self)
{
  if (!self->loading)
    set_dirty (self, TRUE);
}

char *
mg_rules_page_get_text (MgRulesPage *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  if (!gtk_toggle_button_get_active (self->json_toggle))
    set_draft_text_quietly (self);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
mg_rules_page_set_text (MgRulesPage *self, const char *text)
{
  gtk_toggle_button_set_active (self->json_toggle, TRUE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text, -1);
}

const char *
mg_rules_page_get_error (MgRulesPage *self)
{
  return self->has_error ? gtk_label_get_text (self->message_label) : NULL;
}

GtkSpinButton *
mg_rules_page_find_spin (MgRulesPage *self, const char *key)
{
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (self->form_box)); w != NULL; )
    {
      GtkWidget *next;

      if (GTK_IS_SPIN_BUTTON (w) && g_strcmp0 (mg_rules_form_slot_key (w), key) == 0)
        return GTK_SPIN_BUTTON (w);
      /* Depth first through the form. */
      next = gtk_widget_get_first_child (w);
      if (next == NULL || GTK_IS_SPIN_BUTTON (w))
        {
          while (w != NULL && w != GTK_WIDGET (self->form_box) && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          next = w != NULL && w != GTK_WIDGET (self->form_box) ? gtk_widget_get_next_sibling (w) : NULL;
        }
      w = next;
    }
  return NULL;
}

/* Leaving the JSON text for the form takes the text in, if it reads as JSON. */
static void
json_toggled (MgRulesPage *self)
{
  gboolean json = gtk_toggle_button_get_active (self->json_toggle);

  if (json)
    set_draft_text_quietly (self);
  else
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
      GtkTextIter start, end;
      g_autofree char *text = NULL;
      json_object *parsed;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
      parsed = json_tokener_parse (text);
      if (!json_object_is_type (parsed, json_type_object))
        {
          json_object_put (parsed);
          show_error (self, _("The JSON text cannot be read; correct it, or revert, before leaving it."));
          gtk_toggle_button_set_active (self->json_toggle, TRUE);
          return;
        }
      self->loading = TRUE;
      g_clear_pointer (&self->draft, json_object_put);
      self->draft = parsed;
      rebuild_form (self);
      self->loading = FALSE;
    }
  gtk_stack_set_visible_child_name (self->stack, json ? "json" : "form");
}

static void
apply_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgRulesPage *self = MG_RULES_PAGE (widget);
  g_autofree char *text = mg_rules_page_get_text (self);
  g_autoptr(GError) error = NULL;
  json_object *ruleset;

  ruleset = mg_ruleset_parse (mg_campaign_get_rules (self->campaign), text, &error);
  if (ruleset == NULL || !mg_campaign_set_ruleset (self->campaign, ruleset, &error))
    {
      g_autofree char *plain = mg_error_plain (error);
      g_autofree char *message = g_strdup_printf (_("Not applied: %s"), plain);

      json_object_put (ruleset);
      show_error (self, message);
      return;
    }
  json_object_put (ruleset);
  mg_draft_discard (self->campaign, DRAFT_KIND);
  load (self);
  mg_toast_show (widget, _("Rules applied to this campaign"));
}

static void
revert_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  MgRulesPage *self = MG_RULES_PAGE (widget);

  mg_draft_discard (self->campaign, DRAFT_KIND);
  load (self);
}

/* Edits kept from before (the window closed, the app quit or stopped) come back as they were, the
 * first time the page is shown. */
static void
restore_draft (MgRulesPage *self)
{
  gboolean stale = FALSE;
  json_object *edit;
  const char *text;

  if (self->draft_looked)
    return;
  self->draft_looked = TRUE;
  edit = mg_draft_restore (self->campaign, DRAFT_KIND, mg_campaign_get_ruleset (self->campaign), &stale);
  text = edit != NULL ? json_object_get_string (json_object_object_get (edit, "text")) : NULL;
  if (text != NULL)
    {
      json_object *parsed = json_object_get_boolean (json_object_object_get (edit, "json")) ? NULL : json_tokener_parse (text);

      if (json_object_is_type (parsed, json_type_object))
        {
          self->loading = TRUE;
          g_clear_pointer (&self->draft, json_object_put);
          self->draft = parsed;
          set_draft_text (self);
          rebuild_form (self);
          self->loading = FALSE;
        }
      else
        {
          json_object_put (parsed);
          mg_rules_page_set_text (self, text);   /* as JSON text, as it was being typed */
        }
      set_dirty (self, TRUE);
      mg_toast_show (GTK_WIDGET (self),
                     /* Translators: toasts, short (one line, cut beyond ~28 characters at 360 px): the edits
                      * not yet applied came back after a close or a crash; "check": the campaign changed since. */
                     stale ? _("Rules restored: check them")
                           : _("Rules edits restored"));
    }
  json_object_put (edit);
}

static void
mg_rules_page_dispose (GObject *object)
{
  MgRulesPage *self = MG_RULES_PAGE (object);

  if (mg_draft_timer_stop (&self->draft_timer) && self->campaign != NULL)
    keep_draft (self);   /* the last edits, before the form's widgets go */
  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_RULES_PAGE);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->draft, json_object_put);
  g_clear_pointer (&self->shipped, json_object_put);
  G_OBJECT_CLASS (mg_rules_page_parent_class)->dispose (object);
}

static void
mg_rules_page_class_init (MgRulesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_rules_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, message_label);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, json_toggle);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, form_box);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, text_view);
  gtk_widget_class_install_action (widget_class, "rules.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "rules.revert", NULL, revert_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "rules.apply", NULL);
}

static void
mg_rules_page_init (MgRulesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  mg_draft_timer_init (&self->draft_timer, keep_draft, self);
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->text_view), "changed",
                            G_CALLBACK (buffer_changed), self);
  g_signal_connect_swapped (self->json_toggle, "toggled", G_CALLBACK (json_toggled), self);
  g_signal_connect (self, "map", G_CALLBACK (restore_draft), NULL);
}

MgRulesPage *
mg_rules_page_new (MgCampaign *campaign)
{
  MgRulesPage *self = g_object_new (MG_TYPE_RULES_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  load (self);
  return self;
}

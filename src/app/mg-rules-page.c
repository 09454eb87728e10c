/* mg-rules-page.c — edits the campaign's own ruleset; refused edits change nothing. */
#include "config.h"

#include "mg-widget-util.h"

#include <glib/gi18n.h>

#include "mg-errors.h"
#include "mg-rules-page.h"
#include "mg-ruleset.h"

struct _MgRulesPage
{
  GtkWidget    parent_instance;

  MgCampaign  *campaign;
  GtkTextView *text_view;
  GtkRevealer *error_revealer;
  GtkLabel    *error_label;
  gboolean     loading;
};

G_DEFINE_FINAL_TYPE (MgRulesPage, mg_rules_page, GTK_TYPE_WIDGET)

static void
set_dirty (MgRulesPage *self, gboolean dirty)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.apply", dirty);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rules.revert", dirty);
}

static void
show_error (MgRulesPage *self, const char *message)
{
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

static void
load (MgRulesPage *self)
{
  json_object *ruleset = mg_campaign_get_ruleset (self->campaign);
  const char *text = ruleset != NULL
    ? json_object_to_json_string_ext (ruleset, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)
    : "{}";

  self->loading = TRUE;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text, -1);
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

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
mg_rules_page_set_text (MgRulesPage *self, const char *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), text, -1);
}

const char *
mg_rules_page_get_error (MgRulesPage *self)
{
  return gtk_revealer_get_reveal_child (self->error_revealer) ? gtk_label_get_text (self->error_label) : NULL;
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
      g_autofree char *message = g_strdup_printf (_("Not applied: %s"), error->message);

      json_object_put (ruleset);
      show_error (self, message);
      return;
    }
  json_object_put (ruleset);
  load (self);
  mg_toast_show (widget, _("Rules applied to this campaign"));
}

static void
revert_activated (GtkWidget *widget, const char *name, GVariant *param)
{
  load (MG_RULES_PAGE (widget));
}

static void
mg_rules_page_dispose (GObject *object)
{
  MgRulesPage *self = MG_RULES_PAGE (object);

  mg_widget_dispose_children (GTK_WIDGET (self), MG_TYPE_RULES_PAGE);
  g_clear_object (&self->campaign);
  G_OBJECT_CLASS (mg_rules_page_parent_class)->dispose (object);
}

static void
mg_rules_page_class_init (MgRulesPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = mg_rules_page_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/meleegm/MeleeGM/ui/mg-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, text_view);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, MgRulesPage, error_label);
  gtk_widget_class_install_action (widget_class, "rules.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "rules.revert", NULL, revert_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "rules.apply", NULL);
}

static void
mg_rules_page_init (MgRulesPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->text_view), "changed",
                            G_CALLBACK (buffer_changed), self);
}

MgRulesPage *
mg_rules_page_new (MgCampaign *campaign)
{
  MgRulesPage *self = g_object_new (MG_TYPE_RULES_PAGE, NULL);

  self->campaign = g_object_ref (campaign);
  load (self);
  return self;
}

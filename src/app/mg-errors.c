/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-errors.c — errors told in words a referee can act on. */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <string.h>

#include "mg-accessible.h"
#include "mg-campaign.h"
#include "mg-errors.h"
#include "mg-rules.h"

void
mg_error_describe_open (const char   *path,
                        const GError *error,
                        char        **heading,
                        char        **body)
{
  g_autofree char *base = g_path_get_basename (path != NULL ? path : "");
  const char *what = NULL;

  *heading = g_strdup_printf (_("Cannot Open “%s”"), base);

  if (error->domain == MG_CAMPAIGN_ERROR)
    {
      switch ((MgCampaignError) error->code)
        {
        case MG_CAMPAIGN_ERROR_NOT_FOUND:
          what = _("The file does not exist. It may have been moved, renamed or deleted.");
          break;
        case MG_CAMPAIGN_ERROR_EXISTS:
          g_free (*heading);
          *heading = g_strdup_printf (_("Cannot Create “%s”"), base);
          what = _("A file with this name already exists. Choose another name or folder.");
          break;
        case MG_CAMPAIGN_ERROR_NOT_CAMPAIGN:
          what = _("This is not a Melee GM campaign. Choose a campaign file made by Melee GM.");
          break;
        case MG_CAMPAIGN_ERROR_CORRUPT:
          what = _("The campaign is damaged. It was left unchanged; restore it from a backup copy.");
          break;
        case MG_CAMPAIGN_ERROR_TOO_NEW:
          what = _("The campaign was saved by a newer version of Melee GM. It was left unchanged; update Melee GM to open it.");
          break;
        case MG_CAMPAIGN_ERROR_ENGINE:
          what = _("Melee GM made a mistake with this game’s rules. The campaign was left unchanged; please report this.");
          break;
        case MG_CAMPAIGN_ERROR_REPLAY:
          what = _("This version of Melee GM plays the game’s rules otherwise than the version that played the campaign, and cannot replay it. It was left unchanged; open it with that version.");
          break;
        case MG_CAMPAIGN_ERROR_UNKNOWN_GAME:
          what = _("The campaign is for a game this version of Melee GM does not know. Update Melee GM to open it.");
          break;
        case MG_CAMPAIGN_ERROR_SQLITE:
        case MG_CAMPAIGN_ERROR_NOTHING:
        default:
          break;
        }
    }

  if (what != NULL)
    *body = g_strdup_printf ("%s\n\n%s", what, error->message);
  else
    *body = g_strdup (error->message);
}

/* "map.lands[12].name" → subject "Name", place "map › lands 13". */
static void
split_path (const char *path, char **subject, char **place)
{
  g_auto(GStrv) parts = g_strsplit (path[0] == '$' ? path + 1 : path, ".", -1);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autoptr(GString) word = g_string_new (NULL);
      const char *p = parts[i];

      if (p[0] == '\0')
        continue;
      for (; *p != '\0'; p++)
        {
          if (*p == '[')
            {
              g_autofree char *digits = g_strndup (p + 1, strcspn (p + 1, "]"));

              g_string_append_printf (word, " %" G_GINT64_FORMAT, g_ascii_strtoll (digits, NULL, 10) + 1);
              p += strcspn (p, "]");
              if (*p == '\0')
                break;
            }
          else
            g_string_append_c (word, *p == '_' ? ' ' : *p);
        }
      g_ptr_array_add (words, g_string_free (g_steal_pointer (&word), FALSE));
    }
  if (words->len == 0)
    {
      *subject = g_strdup (_("The rules"));
      *place = NULL;
      return;
    }
  *subject = g_strdup (g_ptr_array_index (words, words->len - 1));
  (*subject)[0] = g_ascii_toupper ((*subject)[0]);
  g_ptr_array_set_size (words, words->len - 1);
  g_ptr_array_add (words, NULL);
  *place = words->len > 1 ? g_strjoinv (" › ", (char **) words->pdata) : NULL;
}

/* In words chosen by the error's code and fields (mg_rules_error_get_field), never by reading
 * its text: the same in every language. */
char *
mg_error_plain (const GError *error)
{
  MgRulesField field;
  g_autofree char *subject = NULL;
  g_autofree char *place = NULL;
  g_autofree char *sentence = NULL;

  if (error == NULL)
    return NULL;
  if (!mg_rules_error_get_field (error, &field))
    return g_strdup (error->message);
  split_path (field.path, &subject, &place);
  if (field.got == NULL)
    /* Translators: %s is a field ("Name"); %s what it must be ("a non-empty text") */
    sentence = g_strdup_printf (_("%s is missing: give %s."), subject, field.expected);
  else if (field.empty)
    sentence = g_strdup_printf (_("%s is empty: fill it in."), subject);
  else
    /* Translators: a field, what it must be, what it is ("Meeples must be an integer from 1 to 20, not -3.") */
    sentence = g_strdup_printf (_("%s must be %s, not %s."), subject, field.expected, field.got);
  if (place == NULL)
    return g_steal_pointer (&sentence);
  /* Translators: a sentence about a field, and where the field is ("in faces 2") */
  return g_strdup_printf (_("%s (in %s)"), sentence, place);
}

static void
mark_touched (GtkWidget *field)
{
  g_object_set_data (G_OBJECT (field), "mg-touched", GINT_TO_POINTER (TRUE));
}

void
mg_error_track_touched (GtkWidget *field)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect_swapped (focus, "leave", G_CALLBACK (mark_touched), field);
  gtk_widget_add_controller (field, focus);
  if (GTK_IS_EDITABLE (field))
    g_signal_connect (field, "changed", G_CALLBACK (mark_touched), NULL);
}

gboolean
mg_error_touched (GtkWidget *field)
{
  return field != NULL && g_object_get_data (G_OBJECT (field), "mg-touched") != NULL;
}

GtkWidget *
mg_error_show (GtkWindow  *parent,
               const char *heading,
               const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static AdwToastOverlay *
find_overlay (GtkWidget *widget)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  GtkRoot *root;

  if (overlay != NULL)
    return ADW_TOAST_OVERLAY (overlay);
  /* From a window, or from outside the overlay (the header bar): its content is the overlay, or
   * holds it (the campaign window's box: header bar, overlay, switcher bar). */
  root = gtk_widget_get_root (widget);
  if (ADW_IS_APPLICATION_WINDOW (root))
    {
      GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (root));

      if (ADW_IS_TOAST_OVERLAY (content))
        return ADW_TOAST_OVERLAY (content);
      for (GtkWidget *child = content != NULL ? gtk_widget_get_first_child (content) : NULL; child != NULL;
           child = gtk_widget_get_next_sibling (child))
        if (ADW_IS_TOAST_OVERLAY (child))
          return ADW_TOAST_OVERLAY (child);
    }
  return NULL;
}

/* libadwaita 1.2 gives a toast its natural width, cut to the overlay's, and the height for its
 * natural width: a title longer than the room left was one line cut short ("Undone: Red moved
 * the…" at 360 px). When the title does not fit beside the toast's buttons, it wraps (six
 * lines at most) at the width the toast leaves it in this overlay, so its natural width fits and
 * the toast is as tall as its lines. The width is counted as GtkLabel counts max-width-chars. */
static void
toast_title_fit (GtkWidget *label)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (label, ADW_TYPE_TOAST_OVERLAY);
  GtkWidget *toast = label;
  PangoFontMetrics *metrics;
  int toast_width, label_width, room, char_width;

  if (overlay == NULL)
    return;
  while (gtk_widget_get_parent (toast) != overlay)
    toast = gtk_widget_get_parent (toast);
  gtk_widget_remove_css_class (toast, "wrapped");
  gtk_label_set_wrap (GTK_LABEL (label), FALSE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), -1);
  gtk_widget_measure (toast, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &toast_width, NULL, NULL);
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &label_width, NULL, NULL);
  room = gtk_widget_get_width (overlay) - (toast_width - label_width);
  if (label_width <= room || room <= 0)
    return;
  metrics = pango_context_get_metrics (gtk_widget_get_pango_context (label), NULL, NULL);
  char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                    pango_font_metrics_get_approximate_digit_width (metrics));
  pango_font_metrics_unref (metrics);
  gtk_widget_add_css_class (toast, "wrapped");   /* ui/style.css */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 6);
  gtk_label_set_max_width_chars (GTK_LABEL (label), MAX (1, room * PANGO_SCALE / MAX (char_width, 1)));
}

static void
toast_title_mapped (GtkWidget *label)
{
  toast_title_fit (label);
  mg_accessible_announce (label, gtk_label_get_text (GTK_LABEL (label)));
}

/* A toast's title, said by a screen reader as the toast shows (issue 44): an alert (libadwaita
 * 1.2's toast is none, GTK 4.8 has no announce call), in the look of libadwaita's own title. */
static GtkWidget *
toast_title_new (const char *title)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL, "label", title, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                                   "ellipsize", PANGO_ELLIPSIZE_END, "xalign", 0.0f, "hexpand", TRUE, NULL);

  gtk_widget_add_css_class (label, "heading");
  g_signal_connect (label, "map", G_CALLBACK (toast_title_mapped), NULL);
  return label;
}

/* Issue 43: a toast tells of a change the window already shows (a board moved back, a field
 * refused), and libadwaita's toast starts its slide-in from nothing: building its widget (a
 * template, its styles, its first layout: 4-6 ms of CPU, the most of an undo's frame above GTK's
 * own cost of the change) waits for the frame after the one that shows the change. A tick
 * callback on the overlay runs at the start of each frame: the first is the change's own, the
 * toast goes in at the next. The cost is moved, not removed (docs/performance.md measures both
 * frames). Kept in order: the callbacks run in the order they were added. */
typedef struct {
  AdwToast *toast;
  gint64    frame;   /* the frame counter at the first tick; -1 before it */
} PendingToast;

static void
pending_toast_free (gpointer data)
{
  PendingToast *pending = data;

  g_object_unref (pending->toast);
  g_free (pending);
}

static gboolean
pending_toast_tick (GtkWidget *overlay, GdkFrameClock *clock, gpointer data)
{
  PendingToast *pending = data;
  gint64 frame = gdk_frame_clock_get_frame_counter (clock);

  if (pending->frame < 0)
    pending->frame = frame;
  if (frame == pending->frame)
    return G_SOURCE_CONTINUE;   /* the change's own frame: shown without the toast's work */
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), g_object_ref (pending->toast));
  return G_SOURCE_REMOVE;
}

void
mg_toast_add (GtkWidget *widget, AdwToast *toast)
{
  AdwToastOverlay *overlay = find_overlay (widget);
  const char *title = adw_toast_get_title (toast);

  if (overlay == NULL)
    {
      g_message ("%s", title);
      g_object_unref (toast);
      return;
    }
  /* 4 s, but for a toast its caller keeps until it dismisses it (timeout 0: a slow open's). */
  if (adw_toast_get_timeout (toast) != 0)
    adw_toast_set_timeout (toast, 4);
  g_object_set_data_full (G_OBJECT (overlay), "mg-last-toast", g_strdup (title), g_free);
  adw_toast_set_custom_title (toast, toast_title_new (title));
  if (gtk_widget_get_mapped (GTK_WIDGET (overlay)))
    {
      PendingToast *pending = g_new0 (PendingToast, 1);

      pending->toast = toast;
      pending->frame = -1;
      gtk_widget_add_tick_callback (GTK_WIDGET (overlay), pending_toast_tick, pending, pending_toast_free);
    }
  else
    adw_toast_overlay_add_toast (overlay, toast);   /* no frames: a window not shown yet */
}

void
mg_toast_show (GtkWidget *widget, const char *title)
{
  mg_toast_add (widget, adw_toast_new (title));
}

void
mg_toast_retitle (GtkWidget *widget, AdwToast *toast, const char *title)
{
  AdwToastOverlay *overlay = find_overlay (widget);

  if (overlay != NULL)
    g_object_set_data_full (G_OBJECT (overlay), "mg-last-toast", g_strdup (title), g_free);
  if (GTK_IS_LABEL (adw_toast_get_custom_title (toast)))
    {
      gtk_label_set_text (GTK_LABEL (adw_toast_get_custom_title (toast)), title);
      if (gtk_widget_get_mapped (adw_toast_get_custom_title (toast)))
        toast_title_fit (adw_toast_get_custom_title (toast));
      mg_accessible_announce (adw_toast_get_custom_title (toast), title);
    }
  else
    adw_toast_set_title (toast, title);
}

const char *
mg_toast_last (GtkWidget *widget)
{
  AdwToastOverlay *overlay = find_overlay (widget);

  return overlay != NULL ? g_object_get_data (G_OBJECT (overlay), "mg-last-toast") : NULL;
}

/* mg-errors.c — errors told in words a referee can act on. */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>

#include "mg-campaign.h"
#include "mg-errors.h"

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
  /* From a window: its content is the overlay. */
  root = gtk_widget_get_root (widget);
  if (ADW_IS_APPLICATION_WINDOW (root))
    {
      GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (root));

      if (ADW_IS_TOAST_OVERLAY (content))
        return ADW_TOAST_OVERLAY (content);
    }
  return NULL;
}

AdwToast *
mg_toast_show (GtkWidget *widget, const char *title)
{
  AdwToastOverlay *overlay = find_overlay (widget);
  AdwToast *toast;

  if (overlay == NULL)
    {
      g_message ("%s", title);
      return NULL;
    }
  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 4);
  g_object_set_data_full (G_OBJECT (overlay), "mg-last-toast", g_strdup (title), g_free);
  adw_toast_overlay_add_toast (overlay, toast);
  return toast;
}

const char *
mg_toast_last (GtkWidget *widget)
{
  AdwToastOverlay *overlay = find_overlay (widget);

  return overlay != NULL ? g_object_get_data (G_OBJECT (overlay), "mg-last-toast") : NULL;
}

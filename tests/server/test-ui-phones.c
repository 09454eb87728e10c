/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-phones.c — the Players' Phones dialog and the players' display under Xvfb: the switch
 * serves the campaign (on 127.0.0.1 here, MG_TABLE_SERVER_ADDRESS), one code for the table's page
 * and none on the display, a phone's request let in with its code, a bid shown as entered and
 * never as what, a takeover refused, Cut Off revokes, off closes the port. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "mg-application.h"
#include "mg-campaign-window-private.h"
#include "mg-phones-dialog.h"
#include "mg-seat-links.h"
#include "mg-server-test-util.h"
#include "mg-table-server.h"
#include "mg-table-tokens.h"
#include "ui-test-util.h"

static MgApplication *app;
static char *tmpdir;

static MgPhonesDialog *
find_dialog (void)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (tops, i);
      if (MG_IS_PHONES_DIALOG (w))
        return MG_PHONES_DIALOG (w);
    }
  return NULL;
}

static guint
count_pictures (GtkWidget *widget)
{
  guint n = GTK_IS_PICTURE (widget) && gtk_widget_get_visible (widget);

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += count_pictures (c);
  return n;
}

static gboolean
has_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (has_label (c, text))
      return TRUE;
  return FALSE;
}

/* A phone asks for Red's seat from the table's page: the dialog shows the request and its code;
 * until Let In, the phone reads its request only.  Then it bids 7, and a second phone asking to
 * take Red over is refused.  Returns the phone's link (g_free). */
static char *
phone_joins_and_bids (MgCampaignWindow *window, MgPhonesDialog *dialog, GtkWidget *links,
                      MgTableServer *server, MgTableTokens *tokens, guint port)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pub = mg_table_server_seat_path (server, MG_SEAT_PUBLIC, &error);
  g_autofree char *claim_path = g_strconcat (pub, "claim", NULL);
  g_autofree char *state = NULL;
  g_autofree char *act = NULL;
  g_autofree char *answer = NULL;
  json_object *claim;
  const char *code;
  char *red;
  guint status = 0;

  answer = mg_server_test_http (port, "POST", claim_path, "{\"seat\":\"Red\"}", &status);
  g_assert_cmpuint (status, ==, 200);
  claim = json_tokener_parse (mg_server_test_body (answer));
  red = g_strdup (json_object_get_string (json_object_object_get (claim, "link")));
  code = json_object_get_string (json_object_object_get (claim, "code"));
  wait_ms (50);
  g_assert_true (has_label (links, code));
  g_assert_true (has_label (links, "asks for Red"));
  state = g_strconcat (red, "state", NULL);
  g_free (answer);
  answer = mg_server_test_http (port, "GET", state, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_null (strstr (answer, "\"view\""));
  g_assert_nonnull (strstr (answer, code));
  save_screenshot (GTK_WIDGET (dialog), "phones-dialog-request.png");
  click (find_button_labelled (links, "Let In"));
  wait_ms (50);
  g_assert_nonnull (mg_table_tokens_peek (tokens, "Red"));
  g_assert_false (has_label (links, "asks for Red"));

  /* Red bids 7 from that phone: the referee's dialog says Red has entered, never how much. */
  act = g_strconcat (red, "act", NULL);
  g_free (answer);
  answer = mg_server_test_http (port, "POST", act, "{\"type\":\"start_bid\",\"player\":\"Red\",\"gold\":7}", &status);
  g_assert_cmpuint (status, ==, 200);
  wait_ms (100);
  g_assert_true (has_label (links, "Has entered their secret"));
  g_assert_false (has_label (links, "gold"));
  g_assert_false (has_label (GTK_WIDGET (window), "bid 7"));
  save_screenshot (GTK_WIDGET (dialog), "phones-dialog.png");

  /* A second phone asks to take Red over and is refused: the first keeps the seat. */
  g_free (answer);
  answer = mg_server_test_http (port, "POST", claim_path, "{\"seat\":\"Red\"}", &status);
  g_assert_cmpuint (status, ==, 200);
  wait_ms (50);
  g_assert_true (has_label (links, "cuts off the phone"));
  click (find_button_labelled (links, "Refuse"));
  wait_ms (50);
  g_free (answer);
  answer = mg_server_test_http (port, "GET", state, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_nonnull (strstr (answer, "\"seat\":\"Red\""));

  json_object_put (claim);
  return red;
}

static void
test_phones_dialog (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MgCampaign) made = mg_server_test_campaign (tmpdir, "lamame", &error);
  g_autofree char *path = g_strdup (mg_campaign_get_path (made));
  MgCampaignWindow *window;
  MgPhonesDialog *dialog;
  MgTableServer *server;
  GtkWidget *links;
  GtkWindow *display;
  MgTableTokens *tokens;
  g_autofree char *text = NULL;
  g_autofree char *red = NULL;
  g_autofree char *answer = NULL;
  guint port, status = 0, elapsed = 0, count_pictures_before;

  g_assert_no_error (error);
  g_clear_object (&made);
  window = MG_CAMPAIGN_WINDOW (mg_application_open_path (app, path, NULL));
  g_assert_nonnull (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.phones", NULL));
  wait_ms (100);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  /* Asked again, the same dialog comes back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.phones", NULL));
  g_assert_true (mg_phones_dialog_new (GTK_WINDOW (window), mg_campaign_window_get_campaign (window)) == dialog);
  server = mg_table_server_for_campaign (mg_campaign_window_get_campaign (window));
  tokens = mg_table_tokens_for_campaign (mg_campaign_window_get_campaign (window));
  /* The players' display as it is before the server runs: what it shows then is its own. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.players-display", NULL));
  wait_ms (100);
  count_pictures_before = count_pictures (GTK_WIDGET (mg_campaign_window_get_players_display (window)));
  g_assert_false (mg_table_server_is_running (server));
  links = mg_phones_dialog_get_links (dialog);
  g_assert_false (gtk_widget_get_visible (links));

  /* On: one code, the table's page's; no seat's link anywhere.  (A click animates the switch
   * and sets it at the animation's end; the state it then sets is this.) */
  gtk_switch_set_active (mg_phones_dialog_get_switch (dialog), TRUE);
  wait_ms (100);
  g_assert_true (mg_table_server_is_running (server));
  port = mg_table_server_get_port (server);
  g_assert_cmpuint (port, >, 0);
  g_assert_true (gtk_widget_get_visible (links));
  g_assert_cmpuint (count_pictures (links), ==, 1);
  text = mg_seat_links_get_text (MG_SEAT_LINKS (links));
  g_assert_nonnull (strstr (text, "Join http://"));
  g_assert_nonnull (strstr (text, "Seat Red free"));
  g_assert_null (mg_table_tokens_peek (tokens, "Red"));

  /* The players' display faces the table: no code, no link, no address of the server. */
  display = mg_campaign_window_get_players_display (window);
  g_assert_nonnull (display);
  g_assert_null (find_descendant (GTK_WIDGET (display), MG_TYPE_SEAT_LINKS));
  g_assert_cmpuint (count_pictures (GTK_WIDGET (display)), ==, count_pictures_before);
  g_assert_false (has_label (GTK_WIDGET (display), "/t/"));
  g_assert_false (has_label (GTK_WIDGET (display), "http"));
  save_screenshot (GTK_WIDGET (display), "phones-players-display.png");

  red = phone_joins_and_bids (window, dialog, links, server, tokens, port);

  /* HTTPS: the server starts again at once on a new port, the code says https, the fingerprint
   * is shown; then back to plain HTTP. */
  gtk_switch_set_active (mg_phones_dialog_get_tls_switch (dialog), TRUE);
  wait_ms (100);
  g_assert_true (mg_table_server_is_running (server));
  g_assert_nonnull (mg_table_server_get_tls (server));
  g_free (text);
  text = mg_seat_links_get_text (MG_SEAT_LINKS (links));
  g_assert_nonnull (strstr (text, "Join https://127.0.0.1:"));
  g_assert_true (has_label (GTK_WIDGET (dialog), "SHA-256"));
  save_screenshot (GTK_WIDGET (dialog), "phones-dialog-https.png");
  gtk_switch_set_active (mg_phones_dialog_get_tls_switch (dialog), FALSE);
  wait_ms (50);
  g_assert_null (mg_table_server_get_tls (server));
  port = mg_table_server_get_port (server);
  save_screenshot (GTK_WIDGET (window), "phones-referee-window.png");

  /* Cut Off for Red (a lost phone): its page is refused at once, the seat is free again. */
  click (find_button_labelled (links, "Cut Off"));
  wait_ms (50);
  g_free (answer);
  answer = mg_server_test_http (port, "GET", red, NULL, &status);
  g_assert_cmpuint (status, ==, 403);
  g_assert_null (mg_table_tokens_peek (tokens, "Red"));

  /* Off: the port closes at once. */
  gtk_switch_set_active (mg_phones_dialog_get_switch (dialog), FALSE);
  wait_ms (50);
  g_assert_false (mg_table_server_is_running (server));
  g_free (answer);
  answer = mg_server_test_raw (port, "GET / HTTP/1.1\r\n\r\n", 18, 0, 2000, &status, &elapsed);
  g_assert_cmpuint (status, ==, 0);
  g_assert_cmpuint (elapsed, <, 1000);

  gtk_window_destroy (GTK_WINDOW (dialog));
  close_campaign_windows (app);
}

int
main (int argc, char **argv)
{
  int status;

  g_setenv ("MG_TABLE_SERVER_ADDRESS", "127.0.0.1", TRUE);
#ifdef MG_SCREENSHOT_DIR_DEFAULT
  g_setenv ("MG_SCREENSHOT_DIR", MG_SCREENSHOT_DIR_DEFAULT, FALSE);   /* build/screenshots */
#endif
  g_mkdir_with_parents (g_getenv ("MG_SCREENSHOT_DIR") ? g_getenv ("MG_SCREENSHOT_DIR") : ".", 0755);
  app = ui_test_init (&argc, &argv, "mg-ui-phones", &tmpdir);
  g_test_add_func ("/ui/phones-dialog", test_phones_dialog);
  status = g_test_run ();
  ui_test_finish (app, tmpdir);
  return status;
}

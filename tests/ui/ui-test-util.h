/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.h — what every UI test needs: the application, the main loop, clicks, screenshots. */
#pragma once

#include <adwaita.h>

#include "mg-application.h"
#include "mg-area-map.h"
#include "mg-campaign-window.h"
#include "mg-export.h"

G_BEGIN_DECLS

/* gtk_test_init, a temporary folder named from `prefix` (*tmpdir, removed by ui_test_finish)
 * and a registered, held, non-unique application. */
/* The locale from the environment and the app's catalogue, the one built in the tree when
 * MG_LOCALEDIR says where (as main.c does): before ui_test_init. */
void              ui_test_use_catalogue  (void);
MgApplication    *ui_test_init           (int *argc, char ***argv, const char *prefix, char **tmpdir);
/* Releases the application, removes tmpdir and everything in it, frees tmpdir. */
void              ui_test_finish         (MgApplication *app, char *tmpdir);

/* Runs the main loop for ms milliseconds, so frames get drawn and idles run. */
void              wait_ms                (guint ms);
/* The widget's render nodes as drawn (its size in width and height). */
GskRenderNode    *widget_node            (GtkWidget *widget, int *width, int *height);
/* Emits "clicked" on a visible, sensitive button (activate() waits for a press animation). */
void              click                  (GtkWidget *button);
/* A key pressed on a widget, as its key controllers receive it; fails unless one handles it. */
void              press_key              (GtkWidget *widget, guint keyval);
/* Input sent through the X server (XTest) as a mouse and keyboard would, so GTK routes it as it
 * routes a user's: the pointer is first moved to the centre of `widget` (no window manager under
 * Xvfb: the keyboard follows it), a modifier (a keysym such as GDK_KEY_Shift_L; none when 0) is
 * held around it, and the call waits for it to be handled. FALSE, having done nothing, when the
 * display is not X11 (Wayland): the caller skips.
 * ui_test_wheel: `clicks` notches, down if > 0, up if < 0, the pointer back on the widget's
 * centre before each. ui_test_keys: one key, a keysym (GDK_KEY_Return). */
gboolean          ui_test_wheel          (GtkWidget *widget, int clicks, guint modifier);
gboolean          ui_test_keys           (GtkWidget *widget, guint keysym, guint modifier);
/* A click of the first button at the widget's centre through the X server, after checking with
 * gtk_widget_pick that the widget (or a part of it) is what is there; FALSE on Wayland. */
gboolean          ui_test_click          (GtkWidget *widget);
/* Real input for keyboard-only and pointer tests, through the X server (XTest); each FALSE,
 * having done nothing, when the display is not X11.
 * ui_test_key: one key (a keysym) to the window holding `widget`, the pointer first put in its
 * top-left corner (not on a control: no WM under Xvfb, the keyboard follows the pointer).
 * ui_test_type: each character of `text` (digits and letters) as keys.
 * ui_test_click_at: the pointer moved to (x, y) in `widget` and its first button clicked there;
 * first checks that GTK's picking finds `widget` (or a descendant) at that point, else fails
 * naming the widget on top. */
gboolean          ui_test_key            (GtkWidget *widget, guint keysym, guint modifier);
gboolean          ui_test_type           (GtkWidget *widget, const char *text);
gboolean          ui_test_click_at       (GtkWidget *widget, double x, double y);
/* A drag with the first button through the X server: pressed at (x0, y0) in widget (picked there,
 * as ui_test_click_at checks), moved in steps to (x1, y1), released there; FALSE on Wayland. */
gboolean          ui_test_drag           (GtkWidget *widget, double x0, double y0, double x1, double y1);
/* The pointer moved to (x, y) in widget, nothing pressed (hover). */
gboolean          ui_test_pointer_to     (GtkWidget *widget, double x, double y);
/* Fails unless gtk_widget_pick at (x, y) in widget, asked of its window (or of the popover it is
 * in), gives widget or a descendant; the message names what was picked instead. */
void              assert_pick            (GtkWidget *widget, double x, double y);
/* Tab (real keys) until `target` has the focus; fails after `max` presses. Returns the count. */
guint             ui_test_tab_to         (GtkWidget *target, guint max);
/* The first visible button under root whose label contains text (its child label's too). */
GtkWidget        *find_button_labelled   (GtkWidget *root, const char *text);
/* The focus widget of widget's window. */
GtkWidget        *ui_test_focus          (GtkWidget *widget);
/* The first ancestor of type (or the label itself) of a label under widget reading text. */
GtkWidget        *ui_test_labelled       (GtkWidget *widget, GType type, const char *text);
/* Keys only: Tab to the view switcher's button titled `title`, then Space; TRUE once it is on. */
gboolean          ui_test_key_to_page    (GtkWidget *window, const char *title);
/* Keys only: Space opens the list of the drop-down or combo row that has the focus, Home and
 * Down go to its item `index`, Enter chooses it. */
void              ui_test_choose_by_keys (GtkWidget *window, guint index);
/* Keys only: the arrow keys, chosen from where the areas are drawn, until the map's keyboard ring
 * is on area (the map has the focus); FALSE if 40 keys do not get there. */
gboolean          ui_test_arrow_to       (GtkWidget *window, MgAreaMap *map, const char *area);
/* The game's shipped sample played into a new campaign in folder, its page `page` shown at 360×720
 * and 1400×900, light and dark, each saved as <game>-<page>-<width>-<light|dark>.png (fails if
 * the window cannot be that narrow). */
void              ui_test_sample_screenshots (MgApplication *app, const char *folder, const char *game_id, const char *page);
/* The widget itself or its first descendant (depth first) of that type, or NULL. */
GtkWidget        *find_descendant        (GtkWidget *widget, GType type);
/* The same, of that type with that CSS class (any class when NULL). */
GtkWidget        *find_styled            (GtkWidget *widget, GType type, const char *css_class);
/* Tab once round window from its top (GTK 4.8's window wraps to its first stop): the stops inside
 * `within` (every stop when NULL), in order. *traps counts each Tab that did not move the focus
 * (a keyboard trap, where the walk ends) or that stopped on a flow box's slot rather than on a
 * control, each named in a test message after `where`. */
GPtrArray        *ui_test_tab_round      (GtkWidget *window, GtkWidget *within, const char *where, guint *traps);
/* A PNG of the widget as drawn, in $MG_SCREENSHOT_DIR (else the test's build folder), to be
 * looked at; waits until a window just opened has been laid out and drawn. */
void              save_screenshot        (GtkWidget *widget, const char *name);
/* The same picture as PNG bytes (a fixed encoding: two equal drawings give equal bytes). */
GBytes           *ui_test_png_bytes      (GtkWidget *widget);
/* Fails the test, naming each, for a border drawn in the widget whose four sides' colours are not
 * all the same (GTK 4.8's cairo renderer draws it through a mesh gradient over its whole box;
 * style.css, .battle-banner). Returns how many borders it checked. */
guint             assert_borders_one_colour (GtkWidget *widget);
/* How many nodes of type the widget draws (of that colour, for GSK_COLOR_NODE, unless NULL). */
guint             ui_test_count_nodes    (GtkWidget *widget, GskRenderNodeType type, const GdkRGBA *color);
/* Runs the main loop until window (just presented, not yet drawn) paints its first frame, calling
 * at_paint (data) as that frame is painted, before anything after it runs. */
void              ui_test_at_first_paint (GtkWidget *window, void (*at_paint) (gpointer data), gpointer data);
/* The GtkListBoxRows in list. */
guint             ui_test_count_rows     (GtkWidget *list);

/* Tells (as test messages) the innermost visible widgets whose minimum width exceeds limit. */
void              report_wide_widgets    (GtkWidget *widget, int limit);
guint             count_overflowing_children (GtkWidget *widget);

/* Fails the test when two areas' names on the map are drawn less than 4 px apart. */
/* Fails the test for a token drawn under 12 px, a name over a token or less than 4 px from
 * another name; tells (test messages) each name shrunk to initials and returns their count. */
guint             assert_area_map_readable (MgAreaMap *map);
void              assert_area_names_apart (MgAreaMap *map);

/* Issue 32: the pointer reaches every control the user sees. For each mapped, sensitive control
 * in `root` (buttons, toggles, check buttons, switches, entries, drop-downs, spin buttons,
 * scales, activatable rows; and the app's own drawn widgets — maps, boards — at the positions of
 * their areas or at a grid of points), gtk_widget_pick() at the centre of what is visible of it
 * (clipped by every scrolling ancestor) must return the control or a descendant. Each failure is a
 * test message naming the control and what covered it, prefixed by `where`; returns how many
 * failed, and adds to *n_checked the controls checked. With `where` NULL nothing is told. */
guint             ui_test_assert_pickable (GtkWidget *root, const char *where, guint *n_checked);
/* A short description of a widget for messages: its type, id, label, tooltip or icon. */
char             *ui_test_describe       (GtkWidget *widget);
/* A left click through the X server (XTest) at the centre of `widget` as it is on screen: the
 * pointer moves there and button 1 is pressed and released, so GTK picks the target itself.
 * FALSE, having done nothing, when the display is not X11. */
gboolean          ui_test_x_click        (GtkWidget *widget);

/* The first mapped button in `root` whose tooltip is `tooltip` (popovers left out), or NULL. */
GtkWidget        *ui_test_find_by_tooltip (GtkWidget *root, const char *tooltip);
/* Sets the window `width` px wide, undoes its last step and waits for the toast saying so; fails
 * the test when the toast's title is outside the toast, the toast outside the window, or the
 * title cut short of six lines. A screenshot as `name`. Returns the title's lines, *cut whether
 * it was cut (past six lines). */
int               ui_test_undo_toast     (MgCampaignWindow *window, int width, const char *name, gboolean *cut);
/* The same checks of the toast the window showed last (its title as said). */
int               ui_test_toast_fits     (MgCampaignWindow *window, const char *name, gboolean *cut);
/* The first descendant of widget (itself included) that is a GtkLabel reading text, or NULL. */
GtkWidget        *ui_test_find_label     (GtkWidget *widget, const char *text);
/* Every text `root` shows (labels, inscriptions, entries, buttons, rows' titles, tooltips), one a
 * line, appended to `out`; popovers included, as they may be opened. */
void              ui_test_collect_texts  (GtkWidget *root, GString *out);
/* The same for what is on screen only (mapped widgets: what the accessible tree holds). */
void              ui_test_collect_shown_texts (GtkWidget *root, GString *out);

/* Each page of the window shown (which builds it) and its texts appended to out; then the page
 * shown before. */
void              ui_test_pages_texts    (MgCampaignWindow *window, GString *out);
/* The same; with shown_only, what each page shows (ui_test_collect_shown_texts). */
void              ui_test_pages_texts_full (MgCampaignWindow *window, GString *out, gboolean shown_only);
/* The players' display opened, its texts appended to out (as ui_test_collect_texts), and closed
 * again: full screen, it would cover the window that the keyboard must reach. */
void              ui_test_players_display_texts (MgCampaignWindow *window, GString *out);
MgCampaignWindow *find_campaign_window   (MgApplication *app);
void              close_campaign_windows (MgApplication *app);
void              remove_tree            (const char *path);

/* The whole campaign exported in `format` to `path`, as a reader meets it: the file's text, or
 * for a PDF the text pdftotext finds (its bytes carry the time it was made); NULL for a PDF
 * when pdftotext is not installed. */
char             *ui_test_export_text    (MgCampaign *campaign, MgExportFormat format, const char *path);

G_END_DECLS

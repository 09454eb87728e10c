/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-json-facts.c — an engine's view laid out for people: facts, tables, sections. */
#include "config.h"

#include <glib/gi18n.h>

#include "mg-area-map.h"
#include "mg-game.h"
#include "mg-json-facts.h"
#include "mg-square-board.h"
#include "mg-widget-util.h"

#define MAX_DEPTH 3
/* A view's map of areas, in MgAreaMap's model (mg-area-map.h): drawn by the shared widget, not
 * laid out as facts (docs/adding-a-game.md; the exports leave it out too). */
#define AREA_MAP "area_map"
/* A view's board of squares, in MgSquareBoard's model (mg-square-board.h): the same. */
#define SQUARE_BOARD "square_board"
#define IS_DRAWN(key) (g_str_equal ((key), AREA_MAP) || g_str_equal ((key), SQUARE_BOARD))

char *
mg_json_facts_label (const char *key)
{
  char *label = g_strdup (key != NULL ? key : "");

  g_strdelimit (label, "_-", ' ');
  if (label[0] != '\0')
    label[0] = g_ascii_toupper (label[0]);
  /* Where the app already has words for it ("Dice", "Result"), in the reader's language. */
  if (g_dgettext (GETTEXT_PACKAGE, label) != label)
    {
      char *translated = g_strdup (g_dgettext (GETTEXT_PACKAGE, label));

      g_free (label);
      return translated;
    }
  return label;
}

static gboolean
is_scalar (json_object *value)
{
  return value == NULL || !(json_object_is_type (value, json_type_object)
                            || json_object_is_type (value, json_type_array));
}

char *
mg_json_facts_value (json_object *value)
{
  if (value == NULL)
    return g_strdup ("—");
  switch (json_object_get_type (value))
    {
    case json_type_boolean:
      return g_strdup (json_object_get_boolean (value) ? _("Yes") : _("No"));
    case json_type_string:
      /* Names the engines mark for translation (a weapon's "Bare hands") read in the reader's language. */
      return json_object_get_string_len (value) > 0 ? g_strdup (g_dgettext (GETTEXT_PACKAGE, json_object_get_string (value)))
                                                    : g_strdup ("");
    case json_type_array:
      {
        g_autoptr(GString) text = g_string_new (NULL);

        for (size_t i = 0; i < json_object_array_length (value); i++)
          {
            g_autofree char *item = mg_json_facts_value (json_object_array_get_idx (value, i));

            g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", item);
          }
        return g_string_free (g_steal_pointer (&text), FALSE);
      }
    case json_type_object:
      {
        g_autoptr(GString) text = g_string_new (NULL);

        json_object_object_foreach (value, key, member)
          {
            g_autofree char *label = mg_json_facts_label (key);
            g_autofree char *item = mg_json_facts_value (member);

            /* Translators: one fact of a record, "Label: value" */
            g_string_append_printf (text, "%s", text->len > 0 ? " · " : "");
            g_string_append_printf (text, _("%s: %s"), label, item);
          }
        return g_string_free (g_steal_pointer (&text), FALSE);
      }
    default:
      return g_strdup (json_object_get_string (value));
    }
}

static GtkWidget *
cell (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

char *
mg_json_facts_word (const MgGame *game, const char *key)
{
  for (guint i = 0; game != NULL && i < game->n_export_columns; i++)
    if (g_strcmp0 (game->export_columns[i].key, key) == 0 && game->export_columns[i].title != NULL)
      return g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "export column", game->export_columns[i].title));
  return mg_json_facts_label (key);
}

static GtkWidget *
heading (const MgGame *game, const char *key)
{
  g_autofree char *label = mg_json_facts_word (game, key);

  return cell (label, "heading");
}

gboolean
mg_json_facts_is_records (json_object *array)
{
  if (!json_object_is_type (array, json_type_array) || json_object_array_length (array) == 0)
    return FALSE;
  for (size_t i = 0; i < json_object_array_length (array); i++)
    if (!json_object_is_type (json_object_array_get_idx (array, i), json_type_object))
      return FALSE;
  return TRUE;
}

/* Records as a table: one column per member seen (in first-seen order), one row per record. */
static GtkWidget *
table_new (const MgGame *game, json_object *array)
{
  GtkWidget *grid = gtk_grid_new ();
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_add_css_class (grid, "facts-table");
  for (size_t i = 0; i < json_object_array_length (array); i++)
    {
      json_object_object_foreach (json_object_array_get_idx (array, i), key, member)
        {
          gboolean seen = FALSE;

          (void) member;
          for (guint c = 0; c < columns->len && !seen; c++)
            seen = g_str_equal (g_ptr_array_index (columns, c), key);
          if (!seen)
            g_ptr_array_add (columns, key);
        }
    }
  for (guint c = 0; c < columns->len; c++)
    {
      g_autofree char *label = mg_json_facts_word (game, g_ptr_array_index (columns, c));

      gtk_grid_attach (GTK_GRID (grid), cell (label, "dim-label"), c, 0, 1, 1);
    }
  for (size_t i = 0; i < json_object_array_length (array); i++)
    for (guint c = 0; c < columns->len; c++)
      {
        json_object *member = NULL;
        g_autofree char *text = NULL;

        json_object_object_get_ex (json_object_array_get_idx (array, i), g_ptr_array_index (columns, c), &member);
        text = member != NULL ? mg_json_facts_value (member) : g_strdup ("");
        gtk_grid_attach (GTK_GRID (grid), cell (text, c == 0 ? "facts-key" : NULL), c, (int) i + 1, 1, 1);
      }
  return grid;
}

static void
add_object (GtkBox *box, const MgGame *game, json_object *object, int depth)
{
  GtkWidget *grid = gtk_grid_new ();
  int row = 0;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_box_append (box, grid);

  /* Facts first, then the lists and the sections. */
  json_object_object_foreach (object, key, member)
    {
      g_autofree char *label = NULL;
      g_autofree char *text = NULL;
      GtkWidget *value;

      /* Every view names its game (the exports read it); the page already does. */
      if (depth == 0 && (g_str_equal (key, "game") || IS_DRAWN (key)))
        continue;
      if (!is_scalar (member) && !(json_object_is_type (member, json_type_array) && !mg_json_facts_is_records (member)))
        continue;
      if (json_object_is_type (member, json_type_array) && json_object_array_length (member) == 0)
        continue;
      label = mg_json_facts_word (game, key);
      text = mg_json_facts_value (member);
      gtk_grid_attach (GTK_GRID (grid), cell (label, "dim-label"), 0, row, 1, 1);
      value = cell (text, "facts-value");
      /* The standing's figures: read from across the room on the players' display. */
      gtk_widget_add_css_class (value, "display-key");
      gtk_grid_attach (GTK_GRID (grid), value, 1, row, 1, 1);
      row++;
    }
  if (row == 0)
    gtk_box_remove (box, grid);

  json_object_object_foreach (object, key2, member2)
    {
      if (mg_json_facts_is_records (member2))
        {
          gtk_box_append (box, heading (game, key2));
          gtk_box_append (box, table_new (game, member2));
        }
      else if (json_object_is_type (member2, json_type_object) && json_object_object_length (member2) > 0
               && !(depth == 0 && IS_DRAWN (key2)))
        {
          gtk_box_append (box, heading (game, key2));
          if (depth < MAX_DEPTH)
            add_object (box, game, member2, depth + 1);
          else
            {
              g_autofree char *text = mg_json_facts_value (member2);
              gtk_box_append (box, cell (text, NULL));
            }
        }
    }
}

GtkWidget *
mg_json_facts_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  gtk_widget_add_css_class (box, "json-facts");
  return box;
}

/* On the players' display (or in a window there), for the far end of the table. */
static gboolean
on_players_display (GtkWidget *widget)
{
  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    if (gtk_widget_has_css_class (w, "players-display"))
      return TRUE;
  return FALSE;
}

/* The view's map of areas or board of squares, above its facts: the game's board or map, drawn
 * by the shared widget (the arrow keys and the pointer name what stands where). The widget of the
 * view before is kept and given the new model, so the keyboard's place on it stays; else made. */
static void
add_drawing (GtkWidget *facts, GtkWidget *kept, const char *key, json_object *model)
{
  gboolean far = on_players_display (facts);
  gboolean map = g_str_equal (key, AREA_MAP);
  GType type = map ? MG_TYPE_AREA_MAP : MG_TYPE_SQUARE_BOARD;
  GtkWidget *widget = kept != NULL && G_TYPE_CHECK_INSTANCE_TYPE (kept, type) ? kept : NULL;

  if (widget == NULL)
    {
      g_autofree char *label = mg_json_facts_label (map ? "map" : "board");

      widget = map ? GTK_WIDGET (mg_area_map_new ()) : GTK_WIDGET (mg_square_board_new ());
      gtk_widget_set_hexpand (widget, TRUE);
      /* Far, the drawing takes the height the facts under it leave (they stay whole). */
      gtk_widget_set_vexpand (widget, far);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      if (map)
        {
          mg_area_map_set_far (MG_AREA_MAP (widget), far);
          gtk_widget_set_size_request (widget, -1, far ? 560 : 280);
        }
      else
        {
          mg_square_board_set_far (MG_SQUARE_BOARD (widget), far);
          if (far)
            gtk_widget_set_size_request (widget, -1, 560);
        }
      gtk_box_prepend (GTK_BOX (facts), widget);
    }
  if (map)
    mg_area_map_set_model (MG_AREA_MAP (widget), model);
  else
    mg_square_board_set_model (MG_SQUARE_BOARD (widget), model);
}

void
mg_json_facts_set (GtkWidget *facts, json_object *view)
{
  static const char * const drawn[] = { SQUARE_BOARD, AREA_MAP };
  GtkWidget *first, *kept = NULL, *child;
  json_object *model = NULL;
  guint i;

  g_return_if_fail (GTK_IS_BOX (facts));
  for (i = 0; i < G_N_ELEMENTS (drawn); i++)
    if (json_object_object_get_ex (view, drawn[i], &model) && json_object_is_type (model, json_type_object))
      break;
  /* The drawing of the view before stays in place (its focus with it) when the view has one
   * of its kind; everything else is laid out anew. */
  first = gtk_widget_get_first_child (facts);
  if (first != NULL && i < G_N_ELEMENTS (drawn)
      && ((MG_IS_AREA_MAP (first) && g_str_equal (drawn[i], AREA_MAP))
          || (MG_IS_SQUARE_BOARD (first) && g_str_equal (drawn[i], SQUARE_BOARD))))
    kept = first;
  while ((child = gtk_widget_get_last_child (facts)) != NULL && child != kept)
    gtk_box_remove (GTK_BOX (facts), child);
  if (i < G_N_ELEMENTS (drawn))
    add_drawing (facts, kept, drawn[i], model);
  if (json_object_is_type (view, json_type_object))
    add_object (GTK_BOX (facts), mg_game_of_json (view), view, 0);
}

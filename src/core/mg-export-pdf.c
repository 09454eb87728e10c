/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mg-export-pdf.c — the paper layout of the exports (cairo and pango, no external program):
 * a referee's report, a heading per turn, one line per action with its dice, the standing as
 * tables (a table too wide for a portrait page on a landscape one, never split by columns),
 * every page headed and numbered.  Drawn either into a PDF, streamed page by page (a
 * page's content leaves memory when the next begins), or into one recording surface per page
 * for printing. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "mg-export-async.h"
#include "mg-export-private.h"
#include "mg-export-chronicle.h"
#include "mg-chronicle-draw.h"

/* A4 in points (portrait), and the margins. */
#define PAGE_W   MG_EXPORT_PAGE_WIDTH
#define PAGE_H   MG_EXPORT_PAGE_HEIGHT
#define MARGIN    56.0
#define HEADER    22.0   /* the running header sits this far above the text */
#define FOOTER    24.0
/* The text's width on the page being drawn (`pdf` in scope): portrait or landscape. */
#define TEXT_W   (pdf->page_w - 2 * MARGIN)
#define ACTOR_W   78.0   /* the "who" column of an action line */
#define DICE_W   120.0   /* the dice column */
#define GUTTER     8.0
#define CELL_PAD   3.0
#define BODY_SIZE  9.5   /* points: the text's and the tables' */

typedef struct {
  FILE                 *out;
  GPtrArray            *pages;     /* recording mode: the finished pages; NULL for a PDF */
  gboolean              write_failed;
  cairo_surface_t      *surface;   /* the PDF, or the page being recorded */
  cairo_t              *cr;
  PangoLayout          *layout;    /* paragraphs, summaries */
  PangoLayout          *actor;     /* the columns of an action line, and table cells */
  PangoLayout          *dice;
  PangoLayout          *small;     /* running header and page number */
  PangoFontDescription *body, *bold, *mono, *tiny;
  char                 *running;   /* "Campaign — Turn 3" at the top of every page but the first */
  double                y;         /* top of the next line on the page */
  int                   page;
  double                page_w, page_h;   /* the page being drawn: A4 portrait or landscape */
  gboolean              wide;      /* a table too wide for portrait is being drawn, landscape */
} Pdf;

static cairo_status_t
pdf_write (void *closure, const unsigned char *data, unsigned int length)
{
  Pdf *pdf = closure;

  if (fwrite (data, 1, length, pdf->out) != length)
    {
      pdf->write_failed = TRUE;
      return CAIRO_STATUS_WRITE_ERROR;
    }
  return CAIRO_STATUS_SUCCESS;
}

static void
pdf_free (gpointer data)
{
  Pdf *pdf = data;

  g_clear_object (&pdf->layout);
  g_clear_object (&pdf->actor);
  g_clear_object (&pdf->dice);
  g_clear_object (&pdf->small);
  g_clear_pointer (&pdf->body, pango_font_description_free);
  g_clear_pointer (&pdf->bold, pango_font_description_free);
  g_clear_pointer (&pdf->mono, pango_font_description_free);
  g_clear_pointer (&pdf->tiny, pango_font_description_free);
  g_clear_pointer (&pdf->cr, cairo_destroy);
  g_clear_pointer (&pdf->surface, cairo_surface_destroy);
  g_free (pdf->running);
  g_free (pdf);
}

static void
grey (Pdf *pdf)
{
  cairo_set_source_rgb (pdf->cr, 0.37, 0.36, 0.39);
}

static void
black (Pdf *pdf)
{
  cairo_set_source_rgb (pdf->cr, 0.14, 0.12, 0.19);
}

/* The page's furniture: the running header (from page 2) and "Page N" at the foot. */
static void
pdf_furniture (Pdf *pdf)
{
  g_autofree char *number = g_strdup_printf (_("Page %d"), pdf->page);
  int w, h;

  grey (pdf);
  if (pdf->page > 1)
    {
      pango_layout_set_width (pdf->small, (int) (TEXT_W * PANGO_SCALE));
      pango_layout_set_ellipsize (pdf->small, PANGO_ELLIPSIZE_END);
      pango_layout_set_text (pdf->small, pdf->running, -1);
      pango_layout_get_pixel_size (pdf->small, &w, &h);
      cairo_move_to (pdf->cr, MARGIN, MARGIN - HEADER - h / 2.0);
      pango_cairo_show_layout (pdf->cr, pdf->small);
      cairo_set_line_width (pdf->cr, 0.5);
      cairo_move_to (pdf->cr, MARGIN, MARGIN - HEADER + h / 2.0 + 3);
      cairo_line_to (pdf->cr, pdf->page_w - MARGIN, MARGIN - HEADER + h / 2.0 + 3);
      cairo_stroke (pdf->cr);
    }
  pango_layout_set_width (pdf->small, -1);
  pango_layout_set_text (pdf->small, number, -1);
  pango_layout_get_pixel_size (pdf->small, &w, &h);
  cairo_move_to (pdf->cr, (pdf->page_w - w) / 2, pdf->page_h - MARGIN + FOOTER - h);
  pango_cairo_show_layout (pdf->cr, pdf->small);
  black (pdf);
}

/* A page begins in the orientation of pdf->page_w and page_h; its furniture is drawn when it
 * is closed, so an empty page may still turn (cairo sizes a PDF page before anything is drawn
 * on it). */
static void
pdf_open_page (Pdf *pdf)
{
  if (pdf->pages != NULL)
    {
      cairo_rectangle_t extents = { 0, 0, pdf->page_w, pdf->page_h };

      pdf->surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
      pdf->cr = cairo_create (pdf->surface);
      /* White paper: a recording replayed onto a print context draws what a PDF page shows. */
      cairo_set_source_rgb (pdf->cr, 1, 1, 1);
      cairo_paint (pdf->cr);
      if (pdf->layout != NULL)
        {
          PangoLayout *layouts[] = { pdf->layout, pdf->actor, pdf->dice, pdf->small };

          for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
            pango_cairo_update_layout (pdf->cr, layouts[i]);
        }
    }
  else
    cairo_pdf_surface_set_size (pdf->surface, pdf->page_w, pdf->page_h);
  black (pdf);
  pdf->y = MARGIN;
}

static void
pdf_close_page (Pdf *pdf)
{
  pdf_furniture (pdf);
  if (pdf->pages == NULL)
    {
      cairo_show_page (pdf->cr);
      return;
    }
  g_clear_pointer (&pdf->cr, cairo_destroy);
  g_ptr_array_add (pdf->pages, g_steal_pointer (&pdf->surface));
}

static void
pdf_new_page (Pdf *pdf)
{
  pdf_close_page (pdf);
  pdf->page++;
  pdf_open_page (pdf);
}

/* Room for `height` more points on this page, else a new one. */
static void
pdf_need (Pdf *pdf, double height)
{
  if (pdf->y + height > pdf->page_h - MARGIN && pdf->y > MARGIN)
    pdf_new_page (pdf);
}

/* What follows on a landscape page (`landscape`), or a portrait one: a new page when the one
 * being drawn has something on it and is the other way round. */
static void
pdf_orient (Pdf *pdf, gboolean landscape)
{
  if ((pdf->page_w > pdf->page_h) == landscape)
    return;
  if (pdf->y > MARGIN)
    {
      pdf_close_page (pdf);
      pdf->page++;
    }
  else if (pdf->pages != NULL)
    {
      /* Nothing recorded on it but the paper: made again the other way round. */
      g_clear_pointer (&pdf->cr, cairo_destroy);
      g_clear_pointer (&pdf->surface, cairo_surface_destroy);
    }
  pdf->page_w = landscape ? PAGE_H : PAGE_W;
  pdf->page_h = landscape ? PAGE_W : PAGE_H;
  pdf_open_page (pdf);
}

/* Everything but a wide table is set on portrait pages. */
static void
pdf_portrait (Pdf *pdf)
{
  if (!pdf->wide)
    pdf_orient (pdf, FALSE);
}

static void
layout_set (PangoLayout *layout, const PangoFontDescription *font, double width, gboolean markup,
            const char *text)
{
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    pango_layout_set_text (layout, text, -1);
}

static double
layout_height (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  return h;
}

/* One paragraph of Pango markup, drawn line by line, so a paragraph longer than what is left of
 * the page continues on the next one; a short one (a third of a page at most: a standing, a
 * row's sentence) is kept whole, so no sentence is read across a page turn. */
static void
pdf_block (Pdf *pdf, const PangoFontDescription *font, const char *markup, double space_before)
{
  PangoLayoutIter *iter;

  pdf_portrait (pdf);
  layout_set (pdf->layout, font, TEXT_W, TRUE, markup);
  if (layout_height (pdf->layout) <= (pdf->page_h - 2 * MARGIN) / 3)
    pdf_need (pdf, space_before + layout_height (pdf->layout));
  if (pdf->y > MARGIN)
    pdf->y += space_before;
  iter = pango_layout_get_iter (pdf->layout);
  do
    {
      PangoRectangle logical;
      double height, baseline;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      height = (double) logical.height / PANGO_SCALE;
      baseline = (double) (pango_layout_iter_get_baseline (iter) - logical.y) / PANGO_SCALE;
      pdf_need (pdf, height);
      cairo_move_to (pdf->cr, MARGIN + (double) logical.x / PANGO_SCALE, pdf->y + baseline);
      pango_cairo_show_layout_line (pdf->cr, pango_layout_iter_get_line_readonly (iter));
      pdf->y += height;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

static void
pdf_text (Pdf *pdf, const char *font_name, const char *text, double space_before)
{
  PangoFontDescription *font = pango_font_description_from_string (font_name);
  g_autofree char *markup = g_markup_escape_text (text, -1);

  pdf_block (pdf, font, markup, space_before);
  pango_font_description_free (font);
}

/* A heading, kept with at least `keep` points of what follows it. */
static void
pdf_heading (Pdf *pdf, const char *font_name, const char *text, double space_before, double keep)
{
  PangoFontDescription *font = pango_font_description_from_string (font_name);

  pdf_portrait (pdf);
  layout_set (pdf->layout, font, TEXT_W, FALSE, text);
  pango_font_description_free (font);
  if (pdf->y > MARGIN)
    pdf->y += space_before;
  pdf_need (pdf, layout_height (pdf->layout) + keep);
  cairo_move_to (pdf->cr, MARGIN, pdf->y);
  pango_cairo_show_layout (pdf->cr, pdf->layout);
  pdf->y += layout_height (pdf->layout) + 2;
}

static void table_font_size (Pdf *pdf, double points);

static Pdf *
pdf_new (MgExportDoc *doc)
{
  Pdf *pdf = g_new0 (Pdf, 1);

  doc->priv = pdf;
  doc->priv_free = pdf_free;
  pdf->out = doc->out;
  pdf->pages = doc->pages;
  pdf->page = 1;
  pdf->page_w = PAGE_W;
  pdf->page_h = PAGE_H;
  pdf->running = g_strdup_printf ("%s — %s", doc->campaign, doc->scope_text);
  if (pdf->pages == NULL)
    {
      pdf->surface = cairo_pdf_surface_create_for_stream (pdf_write, pdf, PAGE_W, PAGE_H);
      cairo_pdf_surface_set_metadata (pdf->surface, CAIRO_PDF_METADATA_TITLE, doc->campaign);
      cairo_pdf_surface_set_metadata (pdf->surface, CAIRO_PDF_METADATA_CREATOR, "Melee GM");
      pdf->cr = cairo_create (pdf->surface);
    }
  else
    {
      cairo_rectangle_t extents = { 0, 0, PAGE_W, PAGE_H };

      pdf->surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
      pdf->cr = cairo_create (pdf->surface);
    }
  pdf->layout = pango_cairo_create_layout (pdf->cr);
  pdf->actor = pango_cairo_create_layout (pdf->cr);
  pdf->dice = pango_cairo_create_layout (pdf->cr);
  pdf->small = pango_cairo_create_layout (pdf->cr);
  pdf->body = pango_font_description_from_string ("Sans");
  pdf->bold = pango_font_description_from_string ("Sans Bold");
  table_font_size (pdf, BODY_SIZE);
  pdf->mono = pango_font_description_from_string ("Monospace 8.5");
  pdf->tiny = pango_font_description_from_string ("Sans 8");
  pango_layout_set_font_description (pdf->small, pdf->tiny);
  if (pdf->pages != NULL)
    {
      /* The first page is recorded like the others. */
      g_clear_pointer (&pdf->cr, cairo_destroy);
      g_clear_pointer (&pdf->surface, cairo_surface_destroy);
    }
  pdf_open_page (pdf);
  return pdf;
}

static void
pdf_begin (MgExportDoc *doc)
{
  Pdf *pdf = pdf_new (doc);
  g_autofree char *players = g_strjoinv (", ", doc->players);
  g_autofree char *sub = g_strdup_printf ("%s — %s", doc->game_name, players);

  pdf_text (pdf, "Sans Bold 20", doc->campaign, 0);
  pdf_text (pdf, "Sans 11", sub, 4);
  pdf_text (pdf, "Sans Italic 11", doc->scope_text, 2);
  if (doc->fingerprint != NULL)
    pdf_text (pdf, "Sans 9", doc->fingerprint_text, 2);
}

static void
pdf_session_begin (MgExportDoc *doc, gint64 id, const char *name)
{
  g_autofree char *heading = NULL;

  if (doc->kind == MG_EXPORT_SCOPE_TURN)
    return;
  heading = mg_export_session_heading (id, name);
  pdf_heading (doc->priv, "Sans Bold 14", heading, 16, 40);
}

static void
pdf_session_end (MgExportDoc *doc)
{
}

static void
pdf_turn_begin (MgExportDoc *doc, gint turn, const char *heading)
{
  /* Never a heading alone at the foot of a page: one action line comes with it. */
  pdf_heading (doc->priv, "Sans Bold 11.5", heading, 9, 14);
}

/* Who | what | dice: the summary wraps in its column, the line is as tall as its tallest cell. */
static void
pdf_action (MgExportDoc *doc, const MgExportAction *a)
{
  Pdf *pdf = doc->priv;
  double summary_w, height;

  pdf_portrait (pdf);
  summary_w = TEXT_W - ACTOR_W - DICE_W - 2 * GUTTER;
  layout_set (pdf->actor, pdf->bold, ACTOR_W, FALSE, a->actor);
  pango_layout_set_ellipsize (pdf->actor, PANGO_ELLIPSIZE_END);
  layout_set (pdf->layout, pdf->body, a->dice != NULL ? summary_w : summary_w + DICE_W + GUTTER,
              FALSE, a->summary);
  height = MAX (layout_height (pdf->actor), layout_height (pdf->layout));
  if (a->dice != NULL)
    {
      layout_set (pdf->dice, pdf->mono, DICE_W, FALSE, a->dice);
      pango_layout_set_alignment (pdf->dice, PANGO_ALIGN_RIGHT);
      height = MAX (height, layout_height (pdf->dice));
    }
  pdf_need (pdf, height);
  cairo_move_to (pdf->cr, MARGIN, pdf->y);
  pango_cairo_show_layout (pdf->cr, pdf->actor);
  cairo_move_to (pdf->cr, MARGIN + ACTOR_W + GUTTER, pdf->y);
  pango_cairo_show_layout (pdf->cr, pdf->layout);
  if (a->dice != NULL)
    {
      grey (pdf);
      cairo_move_to (pdf->cr, pdf->page_w - MARGIN - DICE_W, pdf->y + 1);
      pango_cairo_show_layout (pdf->cr, pdf->dice);
      black (pdf);
    }
  pango_layout_set_ellipsize (pdf->actor, PANGO_ELLIPSIZE_NONE);
  pdf->y += height + 2;
}

static void
pdf_turn_end (MgExportDoc *doc)
{
}

/* The width of a text on one line in the layout's font, rounded up: a column set to a width
 * rounded to the nearest point broke its heading's word ("S-T", issue 45). */
static double
line_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return ceil ((double) logical.width / PANGO_SCALE) + 0.5;
}

/* The width of `text`'s widest word, and of the whole of it on one line. */
static void
text_widths (Pdf *pdf, const PangoFontDescription *font, const char *text, double *word, double *line)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  *word = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      layout_set (pdf->actor, font, -1, FALSE, words[i]);
      *word = MAX (*word, line_width (pdf->actor));
    }
  layout_set (pdf->actor, font, -1, FALSE, text);
  *line = line_width (pdf->actor);
}

/* The widths of a table's columns: each as wide as its widest cell on one line; when together
 * they are wider than the text, each gives up room in proportion to what it could give (down
 * to its widest word, so words are not broken). */
static double *
table_widths (Pdf *pdf, MgExportTable *table)
{
  guint n = table->labels->len;
  double *widths = g_new0 (double, n);
  g_autofree double *least = g_new0 (double, n);
  double total = 0, slack = 0;

  for (guint c = 0; c < n; c++)
    {
      double word, line;

      text_widths (pdf, pdf->bold, g_ptr_array_index (table->labels, c), &word, &line);
      least[c] = word;
      widths[c] = word;
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **cells = g_ptr_array_index (table->rows, r);

          text_widths (pdf, pdf->body, cells[c], &word, &line);
          least[c] = MAX (least[c], MIN (word, 120));
          widths[c] = MAX (widths[c], MIN (line, 220));
        }
      least[c] += 2 * CELL_PAD;
      widths[c] += 2 * CELL_PAD;
      total += widths[c];
      slack += widths[c] - least[c];
    }
  if (total > TEXT_W && slack > 0)
    {
      double cut = MIN (1.0, (total - TEXT_W) / slack);

      total = 0;
      for (guint c = 0; c < n; c++)
        {
          widths[c] -= (widths[c] - least[c]) * cut;
          total += widths[c];
        }
    }
  /* Still too wide (many columns): every column narrower, words broken where they must. */
  if (total > TEXT_W)
    for (guint c = 0; c < n; c++)
      widths[c] *= TEXT_W / total;
  return widths;
}

/* One row of cells; header rows in bold on a grey band. */
static void
pdf_table_row (Pdf *pdf, const double *widths, guint n, char **cells, gboolean header)
{
  double height = 0, x = MARGIN;

  for (guint c = 0; c < n; c++)
    {
      layout_set (pdf->actor, header ? pdf->bold : pdf->body, widths[c] - 2 * CELL_PAD, FALSE, cells[c]);
      height = MAX (height, layout_height (pdf->actor));
    }
  height += 2 * CELL_PAD;
  if (header)
    {
      double total = 0;

      for (guint c = 0; c < n; c++)
        total += widths[c];
      cairo_set_source_rgb (pdf->cr, 0.96, 0.96, 0.96);
      cairo_rectangle (pdf->cr, MARGIN, pdf->y, total, height);
      cairo_fill (pdf->cr);
      black (pdf);
    }
  for (guint c = 0; c < n; c++)
    {
      layout_set (pdf->actor, header ? pdf->bold : pdf->body, widths[c] - 2 * CELL_PAD, FALSE, cells[c]);
      cairo_move_to (pdf->cr, x + CELL_PAD, pdf->y + CELL_PAD);
      pango_cairo_show_layout (pdf->cr, pdf->actor);
      x += widths[c];
    }
  cairo_set_source_rgb (pdf->cr, 0.87, 0.87, 0.85);
  cairo_set_line_width (pdf->cr, 0.5);
  cairo_move_to (pdf->cr, MARGIN, pdf->y + height);
  cairo_line_to (pdf->cr, x, pdf->y + height);
  cairo_stroke (pdf->cr);
  black (pdf);
  pdf->y += height;
}

static double
table_row_height (Pdf *pdf, const double *widths, guint n, char **cells, gboolean header)
{
  double height = 0;

  for (guint c = 0; c < n; c++)
    {
      layout_set (pdf->actor, header ? pdf->bold : pdf->body, widths[c] - 2 * CELL_PAD, FALSE, cells[c]);
      height = MAX (height, layout_height (pdf->actor));
    }
  return height + 2 * CELL_PAD;
}

/* A real table: a header row, repeated at the top of each page the table continues on. */
static void
pdf_table_draw (Pdf *pdf, const char *name, MgExportTable *table)
{
  g_autofree double *widths = table_widths (pdf, table);
  guint n = table->labels->len;
  g_autofree char **labels = g_new0 (char *, n + 1);

  for (guint c = 0; c < n; c++)
    labels[c] = g_ptr_array_index (table->labels, c);
  pdf_heading (pdf, "Sans Bold 10.5", name, 10,
               table_row_height (pdf, widths, n, labels, TRUE) +
               (table->rows->len > 0 ? table_row_height (pdf, widths, n, g_ptr_array_index (table->rows, 0), FALSE) : 0));
  pdf_table_row (pdf, widths, n, labels, TRUE);
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);
      int page = pdf->page;

      pdf_need (pdf, table_row_height (pdf, widths, n, cells, FALSE));
      if (pdf->page != page)
        pdf_table_row (pdf, widths, n, labels, TRUE);
      pdf_table_row (pdf, widths, n, cells, FALSE);
    }
}

/* The least width of column c: its heading's widest word (headings are never broken inside a
 * word) and its cells' (up to a point: a long word in a cell may break). */
static double
column_least (Pdf *pdf, MgExportTable *table, guint c)
{
  double word, line, least;

  text_widths (pdf, pdf->bold, g_ptr_array_index (table->labels, c), &least, &line);
  for (guint r = 0; r < table->rows->len; r++)
    {
      text_widths (pdf, pdf->body, ((char **) g_ptr_array_index (table->rows, r))[c], &word, &line);
      least = MAX (least, MIN (word, 120));
    }
  return least + 2 * CELL_PAD;
}

/* The least width of the whole table, at the size its cells are set in now. */
static double
table_least (Pdf *pdf, MgExportTable *table)
{
  double least = 0;

  for (guint c = 0; c < table->labels->len; c++)
    least += column_least (pdf, table, c);
  return least;
}

static void
table_font_size (Pdf *pdf, double points)
{
  pango_font_description_set_size (pdf->body, (int) (points * PANGO_SCALE));
  pango_font_description_set_size (pdf->bold, (int) (points * PANGO_SCALE));
}

/* A table too wide for a portrait page at its headings' words is set in smaller type, or on a
 * landscape page, whole, rather than split by columns (issue 45: TFT's roster on two pages, a
 * row read across both) or squeezed until its headings break mid-word ("Casualt-ies"). */
static void
pdf_table (Pdf *pdf, const char *name, MgExportTable *table)
{
  static const struct { gboolean landscape; double size; } ways[] = {
    { FALSE, BODY_SIZE }, { FALSE, 8.5 }, { TRUE, BODY_SIZE }, { TRUE, 8.5 }, { TRUE, 7.5 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (ways) - 1; i++)
    {
      table_font_size (pdf, ways[i].size);
      if (table_least (pdf, table) <= (ways[i].landscape ? PAGE_H : PAGE_W) - 2 * MARGIN)
        break;
    }
  table_font_size (pdf, ways[i].size);
  pdf_orient (pdf, ways[i].landscape);
  pdf->wide = ways[i].landscape;
  pdf_table_draw (pdf, name, table);
  pdf->wide = FALSE;
  table_font_size (pdf, BODY_SIZE);
}

static void
pdf_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  Pdf *pdf = doc->priv;
  g_autoptr(MgExportStanding) st = mg_export_standing_new (view, doc->names, text == NULL);

  pdf_heading (pdf, "Sans Bold 14", heading, 16, 40);
  if (text != NULL)
    pdf_text (pdf, "Sans 10.5", text, 4);
  for (guint i = 0; i < st->fact_labels->len; i++)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s:</b> %s",
                                                         (char *) g_ptr_array_index (st->fact_labels, i),
                                                         (char *) g_ptr_array_index (st->fact_values, i));
      pdf_block (pdf, pdf->body, markup, 2);
    }
  for (guint t = 0; t < st->tables->len; t++)
    pdf_table (pdf, g_ptr_array_index (st->table_names, t), g_ptr_array_index (st->tables, t));
}

static gboolean
pdf_end (MgExportDoc *doc, GError **error)
{
  Pdf *pdf = doc->priv;
  cairo_status_t status;

  if (pdf->pages != NULL)
    {
      pdf_close_page (pdf);
      return TRUE;
    }
  pdf_furniture (pdf);
  cairo_destroy (g_steal_pointer (&pdf->cr));
  cairo_surface_finish (pdf->surface);
  status = cairo_surface_status (pdf->surface);
  if (status != CAIRO_STATUS_SUCCESS || pdf->write_failed)
    {
      g_set_error (error, MG_EXPORT_ERROR, MG_EXPORT_ERROR_WRITE, _("Cannot write the PDF: %s"),
                   pdf->write_failed ? g_strerror (errno) : cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

static const MgExportRenderer pdf_renderer = {
  pdf_begin, pdf_session_begin, pdf_session_end, pdf_turn_begin, pdf_action, pdf_turn_end,
  pdf_standing, pdf_end,
};

/* Linked whole into every program that uses core_dep (src/core/meson.build), so this runs
 * before main: exports to PDF and mg_export_pages work there. */
__attribute__((constructor)) static void
register_pdf_renderer (void)
{
  mg_export_pdf_renderer = &pdf_renderer;
}

/* A Chronicle chart (mg-export-chronicle.c), drawn as the window draws it (mg-chronicle-draw.c). */
static void
pdf_chart (MgExportDoc *doc, const char *title, const MgChronicleData *data, const MgChronicleWindow *window)
{
  Pdf *pdf = doc->priv;

  pdf_heading (pdf, "Sans Bold 11", title, 10, 162);
  cairo_save (pdf->cr);
  cairo_translate (pdf->cr, MARGIN, pdf->y);
  mg_chronicle_draw (pdf->cr, data, window, TEXT_W, 150, FALSE, -1, -1);
  cairo_restore (pdf->cr);
  pdf->y += 156;
}

__attribute__((constructor)) static void
register_pdf_chart (void)
{
  mg_export_pdf_chart = pdf_chart;
}

GPtrArray *
mg_export_pages (MgCampaign *campaign, MgExportScope scope, GCancellable *cancellable, GError **error)
{
  g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  MgExportStop stop = { mg_export_cancellable_stopped, cancellable };

  g_return_val_if_fail (MG_IS_CAMPAIGN (campaign), NULL);
  if (!mg_export_render_pages (campaign, scope, pages, cancellable ? &stop : NULL, error))
    {
      mg_export_cancelled_error (error);
      return NULL;
    }
  return g_steal_pointer (&pages);
}

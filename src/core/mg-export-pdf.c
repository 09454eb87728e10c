/* mg-export-pdf.c — the PDF renderer of the exports: cairo-pdf and pango, no external program. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "mg-export-private.h"

/* A4 in points, and the margins. */
#define PAGE_W   595.28
#define PAGE_H   841.89
#define MARGIN    56.0
#define FOOTER    24.0

typedef struct {
  FILE            *out;
  gboolean         write_failed;
  cairo_surface_t *surface;
  cairo_t         *cr;
  PangoLayout     *layout;
  PangoLayout     *footer;  /* its own layout: a page may end while `layout` is being drawn */
  double           y;      /* top of the next line on the page */
  int              page;
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
  g_clear_object (&pdf->footer);
  g_clear_pointer (&pdf->cr, cairo_destroy);
  g_clear_pointer (&pdf->surface, cairo_surface_destroy);
  g_free (pdf);
}

static void
pdf_footer (Pdf *pdf)
{
  g_autofree char *number = g_strdup_printf ("%d", pdf->page);
  int w, h;

  pango_layout_set_text (pdf->footer, number, -1);
  pango_layout_get_pixel_size (pdf->footer, &w, &h);
  cairo_set_source_rgb (pdf->cr, 0.37, 0.36, 0.39);
  cairo_move_to (pdf->cr, (PAGE_W - w) / 2, PAGE_H - MARGIN + FOOTER - h);
  pango_cairo_show_layout (pdf->cr, pdf->footer);
  cairo_set_source_rgb (pdf->cr, 0, 0, 0);
}

static void
pdf_new_page (Pdf *pdf)
{
  pdf_footer (pdf);
  cairo_show_page (pdf->cr);
  pdf->page++;
  pdf->y = MARGIN;
}

/* Lays out one paragraph of Pango markup and draws it line by line, so a paragraph longer
 * than what is left of the page continues on the next one. */
static void
pdf_block (Pdf *pdf, const char *font_name, const char *markup, double space_before, double indent)
{
  PangoFontDescription *font = pango_font_description_from_string (font_name);
  PangoLayoutIter *iter;

  pango_layout_set_font_description (pdf->layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (pdf->layout, (int) ((PAGE_W - 2 * MARGIN - indent) * PANGO_SCALE));
  pango_layout_set_wrap (pdf->layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_markup (pdf->layout, markup, -1);

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
      if (pdf->y + height > PAGE_H - MARGIN && pdf->y > MARGIN)
        pdf_new_page (pdf);
      cairo_move_to (pdf->cr, MARGIN + indent + (double) logical.x / PANGO_SCALE, pdf->y + baseline);
      pango_cairo_show_layout_line (pdf->cr, pango_layout_iter_get_line_readonly (iter));
      pdf->y += height;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

/* Plain text in a block, escaped for Pango markup. */
static void
pdf_text (Pdf *pdf, const char *font_name, const char *text, double space_before)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  pdf_block (pdf, font_name, markup, space_before, 0);
}

static void
pdf_begin (MgExportDoc *doc)
{
  Pdf *pdf = g_new0 (Pdf, 1);
  g_autofree char *players = g_strjoinv (", ", doc->players);
  g_autofree char *sub = g_strdup_printf ("%s — %s", doc->game_name, players);

  doc->priv = pdf;
  doc->priv_free = pdf_free;
  pdf->out = doc->out;
  pdf->page = 1;
  pdf->y = MARGIN;
  pdf->surface = cairo_pdf_surface_create_for_stream (pdf_write, pdf, PAGE_W, PAGE_H);
  cairo_pdf_surface_set_metadata (pdf->surface, CAIRO_PDF_METADATA_TITLE, doc->campaign);
  cairo_pdf_surface_set_metadata (pdf->surface, CAIRO_PDF_METADATA_CREATOR, "Melee GM");
  pdf->cr = cairo_create (pdf->surface);
  pdf->layout = pango_cairo_create_layout (pdf->cr);
  pdf->footer = pango_cairo_create_layout (pdf->cr);
  {
    PangoFontDescription *font = pango_font_description_from_string ("Sans 8");

    pango_layout_set_font_description (pdf->footer, font);
    pango_font_description_free (font);
  }

  pdf_text (pdf, "Sans Bold 20", doc->campaign, 0);
  pdf_text (pdf, "Sans 11", sub, 4);
  pdf_text (pdf, "Sans Italic 11", doc->scope_text, 2);
}

static void
pdf_session_begin (MgExportDoc *doc, gint64 id, const char *name)
{
  g_autofree char *heading = NULL;

  if (doc->kind == MG_EXPORT_SCOPE_TURN)
    return;
  heading = mg_export_session_heading (id, name);
  pdf_text (doc->priv, "Sans Bold 14", heading, 16);
}

static void
pdf_session_end (MgExportDoc *doc)
{
}

static void
pdf_turn (MgExportDoc *doc, gint turn, const char *sentence, json_object *actions)
{
  pdf_text (doc->priv, "Sans 10.5", sentence, 6);
}

static void
pdf_standing (MgExportDoc *doc, const char *heading, json_object *view, const char *text)
{
  Pdf *pdf = doc->priv;
  g_autoptr(MgExportStanding) st = mg_export_standing_new (text == NULL ? view : NULL);

  pdf_text (pdf, "Sans Bold 14", heading, 16);
  if (text != NULL)
    pdf_text (pdf, "Sans 10.5", text, 6);
  for (guint i = 0; i < st->fact_labels->len; i++)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s:</b> %s",
                                                         (char *) g_ptr_array_index (st->fact_labels, i),
                                                         (char *) g_ptr_array_index (st->fact_values, i));
      pdf_block (pdf, "Sans 10.5", markup, 2, 0);
    }
  /* A table is told one row a paragraph: "Red — casualties 1 · neutral 0 · …". */
  for (guint t = 0; t < st->tables->len; t++)
    {
      MgExportTable *table = g_ptr_array_index (st->tables, t);

      for (guint r = 0; r < table->rows->len; r++)
        {
          char **cells = g_ptr_array_index (table->rows, r);
          g_autoptr(GString) markup = g_string_new (NULL);

          for (guint c = 0; cells[c] != NULL; c++)
            {
              g_autofree char *label = g_markup_escape_text (g_ptr_array_index (table->labels, c), -1);
              g_autofree char *cell = g_markup_escape_text (cells[c], -1);

              if (c == 0)
                g_string_append_printf (markup, "<b>%s</b>", cell);
              else
                g_string_append_printf (markup, "%s%s %s", c == 1 ? " — " : " · ", label, cell);
            }
          pdf_block (pdf, "Sans 10.5", markup->str, 8, 0);
        }
    }
}

static gboolean
pdf_end (MgExportDoc *doc, GError **error)
{
  Pdf *pdf = doc->priv;
  cairo_status_t status;

  pdf_footer (pdf);
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

const MgExportRenderer mg_export_pdf_renderer = {
  pdf_begin, pdf_session_begin, pdf_session_end, pdf_turn, pdf_standing, pdf_end,
};

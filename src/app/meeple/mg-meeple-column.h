/* mg-meeple-column.h — holds wrapping text beside other widgets in a horizontal box, without the
 * box asking the text for its width at a given height (see the .c). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MG_TYPE_MEEPLE_COLUMN (mg_meeple_column_get_type ())
G_DECLARE_FINAL_TYPE (MgMeepleColumn, mg_meeple_column, MG, MEEPLE_COLUMN, GtkWidget)

G_END_DECLS

/* mg-mk-text-bin.h — holds one wrapping label beside other widgets in a GtkBox, measured once
 * across (see mg-mk-text-bin.c). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MG_TYPE_MK_TEXT_BIN (mg_mk_text_bin_get_type ())
G_DECLARE_FINAL_TYPE (MgMkTextBin, mg_mk_text_bin, MG, MK_TEXT_BIN, GtkWidget)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — starts Melee GM. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "mg-application.h"

int
main (int argc, char *argv[])
{
  g_autoptr(MgApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* MG_LOCALEDIR: the translations built in the tree, for tests and uninstalled runs. */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("MG_LOCALEDIR") != NULL ? g_getenv ("MG_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = mg_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}

#ifndef PLUTARY_CINTL_H
#define PLUTARY_CINTL_H
/* gettext for the GTK-free targets: Glibc's Swift module leaves libintl out. */
#include <libintl.h>
#include <locale.h>
#endif

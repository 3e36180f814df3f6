#ifndef PLUTARY_CGTK_H
#define PLUTARY_CGTK_H
#include <gtk/gtk.h>
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <libintl.h>
#include <locale.h>
#endif

#ifndef PLUTARY_CGTKSHIMS_CHARTS_H
#define PLUTARY_CGTKSHIMS_CHARTS_H
#include <gtk/gtk.h>

/* GtkGestureClick "pressed"/"released" pass (gint n_press, double x, double y):
   an int before two doubles, a shape no other connect helper has. */
typedef void (*PlutaryPressHandler)(gpointer instance, gint n_press, double x, double y, gpointer user_data);
gulong plutary_signal_connect_press(gpointer instance, const char *signal, PlutaryPressHandler handler, gpointer data, GClosureNotify notify);

#endif

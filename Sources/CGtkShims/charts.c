#include "CGtkShimsCharts.h"

gulong plutary_signal_connect_press(gpointer instance, const char *signal, PlutaryPressHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

#ifndef PLUTARY_CGTKSHIMS_H
#define PLUTARY_CGTKSHIMS_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#include "CGtkShimsCharts.h"

/* g_signal_connect_data is a plain function, but GCallback erases the
   handler's arity; these fix the arity so Swift can pass typed closures. */
typedef void (*PlutaryVoidHandler)(gpointer instance, gpointer user_data);
typedef void (*PlutaryPointerHandler)(gpointer instance, gpointer arg, gpointer user_data);
typedef gboolean (*PlutaryBoolHandler)(gpointer instance, gpointer user_data);
typedef gboolean (*PlutaryBoolPointerHandler)(gpointer instance, gpointer arg, gpointer user_data);
typedef void (*PlutaryUIntHandler)(gpointer instance, guint arg, gpointer user_data);
typedef void (*PlutaryOpenHandler)(gpointer instance, GFile **files, gint n_files, const char *hint, gpointer user_data);
typedef gboolean (*PlutaryDropHandler)(gpointer instance, const GValue *value, double x, double y, gpointer user_data);
typedef gboolean (*PlutaryKeyHandler)(gpointer instance, guint keyval, guint keycode, GdkModifierType state, gpointer user_data);
typedef void (*PlutaryMotionHandler)(gpointer instance, double x, double y, gpointer user_data);
typedef GdkDragAction (*PlutaryDragEnterHandler)(gpointer instance, double x, double y, gpointer user_data);

/* One connect per handler shape: GCallback is a varargs-erased pointer that
   Swift cannot produce from a typed closure on its own. */
gulong plutary_signal_connect_void(gpointer instance, const char *signal, PlutaryVoidHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_pointer(gpointer instance, const char *signal, PlutaryPointerHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_bool(gpointer instance, const char *signal, PlutaryBoolHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_bool_pointer(gpointer instance, const char *signal, PlutaryBoolPointerHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_uint(gpointer instance, const char *signal, PlutaryUIntHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_open(gpointer instance, const char *signal, PlutaryOpenHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_drop(gpointer instance, const char *signal, PlutaryDropHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_key(gpointer instance, const char *signal, PlutaryKeyHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_motion(gpointer instance, const char *signal, PlutaryMotionHandler handler, gpointer data, GClosureNotify notify);
gulong plutary_signal_connect_drag_enter(gpointer instance, const char *signal, PlutaryDragEnterHandler handler, gpointer data, GClosureNotify notify);

/* g_signal_emit_by_name is varargs: emits a signal with one int argument (the
   tests answer a dialog's "response" as a person would). */
void plutary_signal_emit_int(gpointer instance, const char *signal, gint arg);

/* g_object_new is varargs; the application object needs two properties. */
GtkApplication *plutary_application_new(const char *app_id, GApplicationFlags flags);

/* G_TYPE_* and GDK_TYPE_* are macros over function calls Swift cannot see. */
GType plutary_type_file_list(void);
GType plutary_type_file(void);
GType plutary_type_texture(void);
GType plutary_type_object(void);

/* G_VALUE_HOLDS is a macro. */
gboolean plutary_value_holds(const GValue *value, GType type);

/* Attaches the Dispatch main queue to the default GLib main context: an fd
   source on libdispatch's eventfd, so DispatchQueue.main and @MainActor work
   run on the GTK thread without polling. Returns the source id. */
guint plutary_attach_dispatch_main_queue(void);

/* g_object_weak_ref takes a GWeakNotify; exposed for the ownership tests. */
void plutary_object_weak_ref(gpointer object, GWeakNotify notify, gpointer data);

/* g_object_new is varargs: a plain GObject tagged with a list position, for
   the list-model bridge; the index is read back with plutary_object_get_index. */
gpointer plutary_index_object_new(guint64 index);
guint64 plutary_object_get_index(gpointer object);

/* A list model of index objects made when first asked for and kept (GObject
   type boilerplate is macros): `splice` sets its length and announces the change. */
GListModel *plutary_index_list_new(void);
void plutary_index_list_splice(GListModel *list, guint position, guint removed, guint added);

/* A flat list over `parents` where an expanded parent is followed by its
   children, index objects tagged first_tag, first_tag + 1, ... (expanding_list.c).
   `locate` answers a row's parent position and child index (-1 for the parent
   itself); FALSE past the end. Parents are addressed by their position in
   `parents`. */
GListModel *plutary_expanding_list_new(GListModel *parents);
gboolean plutary_expanding_list_locate(GListModel *list, guint position, guint *parent, gint *child);
gboolean plutary_expanding_list_is_expanded(GListModel *list, guint parent);
void plutary_expanding_list_expand(GListModel *list, guint parent, guint n_children, guint64 first_tag);
void plutary_expanding_list_collapse(GListModel *list, guint parent);
/* Collapses every expanded parent at a position in [start, end): parents whose content changed. */
void plutary_expanding_list_collapse_range(GListModel *list, guint start, guint end);

#endif

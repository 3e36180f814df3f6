#include "CGtkShims.h"
#include <stdint.h>
#include <unistd.h>
#include <fcntl.h>

gulong plutary_signal_connect_void(gpointer instance, const char *signal, PlutaryVoidHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_pointer(gpointer instance, const char *signal, PlutaryPointerHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_bool(gpointer instance, const char *signal, PlutaryBoolHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_bool_pointer(gpointer instance, const char *signal, PlutaryBoolPointerHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_uint(gpointer instance, const char *signal, PlutaryUIntHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_open(gpointer instance, const char *signal, PlutaryOpenHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_drop(gpointer instance, const char *signal, PlutaryDropHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_key(gpointer instance, const char *signal, PlutaryKeyHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_motion(gpointer instance, const char *signal, PlutaryMotionHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}
gulong plutary_signal_connect_drag_enter(gpointer instance, const char *signal, PlutaryDragEnterHandler handler, gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

GtkApplication *plutary_application_new(const char *app_id, GApplicationFlags flags) {
    return GTK_APPLICATION(g_object_new(GTK_TYPE_APPLICATION, "application-id", app_id, "flags", flags, NULL));
}

GType plutary_type_file_list(void) { return GDK_TYPE_FILE_LIST; }
GType plutary_type_file(void) { return G_TYPE_FILE; }
GType plutary_type_texture(void) { return GDK_TYPE_TEXTURE; }
GType plutary_type_object(void) { return G_TYPE_OBJECT; }

gboolean plutary_value_holds(const GValue *value, GType type) { return G_VALUE_HOLDS(value, type); }

/* Private libdispatch entry points that CoreFoundation uses for the same job. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean plutary_dispatch_ready(gint fd, GIOCondition condition, gpointer user_data) {
    (void)condition; (void)user_data;
    uint64_t count;
    /* Drain the eventfd first, or the source stays ready and spins the CPU. */
    (void)!read(fd, &count, sizeof count);
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

guint plutary_attach_dispatch_main_queue(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    /* Non-blocking, so a spurious wake-up can never stall the GTK thread. */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return g_unix_fd_add(fd, G_IO_IN, plutary_dispatch_ready, NULL);
}

void plutary_signal_emit_int(gpointer instance, const char *signal, gint arg) {
    g_signal_emit_by_name(instance, signal, arg);
}

void plutary_object_weak_ref(gpointer object, GWeakNotify notify, gpointer data) {
    g_object_weak_ref(G_OBJECT(object), notify, data);
}

static GQuark plutary_index_quark(void) {
    static GQuark quark = 0;
    if (!quark) quark = g_quark_from_static_string("plutary-index");
    return quark;
}
gpointer plutary_index_object_new(guint64 index) {
    GObject *object = g_object_new(G_TYPE_OBJECT, NULL);
    g_object_set_qdata(object, plutary_index_quark(), GSIZE_TO_POINTER((gsize)index + 1));
    return object;
}
guint64 plutary_object_get_index(gpointer object) {
    return (guint64)GPOINTER_TO_SIZE(g_object_get_qdata(G_OBJECT(object), plutary_index_quark())) - 1;
}

/* A GListModel of n positions whose row objects are made when first asked for
   and then kept, so a position answers with the same object (GtkSingleSelection
   finds its selected row again by identity): GListStore needs every object and
   a sequence node up front, and replacing 100 000 rows allocated and freed
   200 000 of them on the GTK thread. `objects` has one slot per position, NULL
   until asked for. */
typedef struct { GObject parent; GPtrArray *objects; } PlutaryIndexList;
typedef struct { GObjectClass parent_class; } PlutaryIndexListClass;

static GType plutary_index_list_item_type(GListModel *model) { (void)model; return G_TYPE_OBJECT; }
static guint plutary_index_list_n_items(GListModel *model) { return ((PlutaryIndexList *)model)->objects->len; }
static gpointer plutary_index_list_item(GListModel *model, guint position) {
    GPtrArray *objects = ((PlutaryIndexList *)model)->objects;
    if (position >= objects->len) return NULL;
    if (!g_ptr_array_index(objects, position)) g_ptr_array_index(objects, position) = plutary_index_object_new(position);
    return g_object_ref(g_ptr_array_index(objects, position));
}
static void plutary_index_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = plutary_index_list_item_type;
    iface->get_n_items = plutary_index_list_n_items;
    iface->get_item = plutary_index_list_item;
}
G_DEFINE_TYPE_WITH_CODE(PlutaryIndexList, plutary_index_list, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, plutary_index_list_model_init))
static void plutary_index_list_finalize(GObject *object) {
    g_ptr_array_unref(((PlutaryIndexList *)object)->objects);
    G_OBJECT_CLASS(plutary_index_list_parent_class)->finalize(object);
}
static void plutary_index_list_class_init(PlutaryIndexListClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = plutary_index_list_finalize;
}
static void plutary_unref_if_set(gpointer object) { if (object) g_object_unref(object); }
static void plutary_index_list_init(PlutaryIndexList *self) {
    self->objects = g_ptr_array_new_with_free_func(plutary_unref_if_set);
}

GListModel *plutary_index_list_new(void) {
    return G_LIST_MODEL(g_object_new(plutary_index_list_get_type(), NULL));
}

/* Positions that stay (the first min(removed, added) of the range) keep their
   objects, as GListStore's did when the bridge re-announced them; positions
   after the range that move are tagged again. */
void plutary_index_list_splice(GListModel *list, guint position, guint removed, guint added) {
    GPtrArray *objects = ((PlutaryIndexList *)list)->objects;
    g_return_if_fail(position + removed <= objects->len);
    guint kept = MIN(removed, added);
    if (removed > kept) g_ptr_array_remove_range(objects, position + kept, removed - kept);
    if (position + kept == objects->len) g_ptr_array_set_size(objects, (gint)(objects->len + added - kept));
    else for (guint i = kept; i < added; i++) g_ptr_array_insert(objects, (gint)(position + i), NULL);
    if (removed != added) {
        for (guint i = position + added; i < objects->len; i++) {
            gpointer object = g_ptr_array_index(objects, i);
            if (object) g_object_set_qdata(G_OBJECT(object), plutary_index_quark(), GSIZE_TO_POINTER((gsize)i + 1));
        }
    }
    if (removed > 0 || added > 0) g_list_model_items_changed(list, position, removed, added);
}

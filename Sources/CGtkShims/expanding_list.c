#include "CGtkShims.h"

/* A flat GListModel over a list of parents in which an expanded parent is
   followed by its children. GtkTreeListModel does this too, but hands out a
   new GtkTreeListRow for every row it announces, so GtkListView cannot find
   its existing row widgets again and builds every visible row anew on each
   change of the list (100-140 ms per search keystroke on 2 000 receipts under
   the Cairo renderer). Here a parent row is the parent model's own object, so
   a row that stays keeps its widgets. Expansions are few (a person opens a
   handful of receipts), so positions are found by walking them. */

typedef struct {
    guint parent;        /* position in the parent model */
    GPtrArray *children; /* index objects */
} Expansion;

typedef struct {
    GObject parent_instance;
    GListModel *parents;
    gulong changed_handler;
    GArray *expansions; /* of Expansion, by parent position */
} PlutaryExpandingList;
typedef struct { GObjectClass parent_class; } PlutaryExpandingListClass;

static void expansion_clear(gpointer data) { g_ptr_array_unref(((Expansion *)data)->children); }

static guint children_before(PlutaryExpandingList *self, guint parent) {
    guint count = 0;
    for (guint i = 0; i < self->expansions->len; i++) {
        Expansion *e = &g_array_index(self->expansions, Expansion, i);
        if (e->parent >= parent) break;
        count += e->children->len;
    }
    return count;
}

/* The expansion of `parent`, with its index in `expansions`; NULL when it is collapsed. */
static Expansion *find_expansion(PlutaryExpandingList *self, guint parent, guint *index) {
    for (guint i = 0; i < self->expansions->len; i++) {
        Expansion *e = &g_array_index(self->expansions, Expansion, i);
        if (e->parent == parent) {
            if (index) *index = i;
            return e;
        }
    }
    return NULL;
}

static GType expanding_item_type(GListModel *model) { (void)model; return G_TYPE_OBJECT; }

static guint expanding_n_items(GListModel *model) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)model;
    return g_list_model_get_n_items(self->parents) + children_before(self, G_MAXUINT);
}

gboolean plutary_expanding_list_locate(GListModel *list, guint position, guint *parent, gint *child) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)list;
    guint offset = 0;
    for (guint i = 0; i < self->expansions->len; i++) {
        Expansion *e = &g_array_index(self->expansions, Expansion, i);
        guint row = e->parent + offset;
        if (position <= row) break;
        if (position <= row + e->children->len) {
            *parent = e->parent;
            *child = (gint)(position - row - 1);
            return TRUE;
        }
        offset += e->children->len;
    }
    *parent = position - offset;
    *child = -1;
    return *parent < g_list_model_get_n_items(self->parents);
}

static gpointer expanding_item(GListModel *model, guint position) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)model;
    guint parent;
    gint child;
    if (!plutary_expanding_list_locate(model, position, &parent, &child)) return NULL;
    if (child < 0) return g_list_model_get_item(self->parents, parent);
    return g_object_ref(g_ptr_array_index(find_expansion(self, parent, NULL)->children, (guint)child));
}

static void expanding_model_init(GListModelInterface *iface) {
    iface->get_item_type = expanding_item_type;
    iface->get_n_items = expanding_n_items;
    iface->get_item = expanding_item;
}

G_DEFINE_TYPE_WITH_CODE(PlutaryExpandingList, plutary_expanding_list, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, expanding_model_init))

static void plutary_expanding_list_dispose(GObject *object) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)object;
    if (self->parents) {
        g_signal_handler_disconnect(self->parents, self->changed_handler);
        g_clear_object(&self->parents);
    }
    G_OBJECT_CLASS(plutary_expanding_list_parent_class)->dispose(object);
}
static void plutary_expanding_list_finalize(GObject *object) {
    g_array_unref(((PlutaryExpandingList *)object)->expansions);
    G_OBJECT_CLASS(plutary_expanding_list_parent_class)->finalize(object);
}
static void plutary_expanding_list_class_init(PlutaryExpandingListClass *klass) {
    G_OBJECT_CLASS(klass)->dispose = plutary_expanding_list_dispose;
    G_OBJECT_CLASS(klass)->finalize = plutary_expanding_list_finalize;
}
static void plutary_expanding_list_init(PlutaryExpandingList *self) {
    self->expansions = g_array_new(FALSE, FALSE, sizeof(Expansion));
    g_array_set_clear_func(self->expansions, expansion_clear);
}

/* Parents replaced or moved lose their expansion (the row now shows another
   parent); those after the change shift. */
static void parents_changed(GListModel *parents, guint position, guint removed, guint added, gpointer data) {
    (void)parents;
    PlutaryExpandingList *self = data;
    guint start = position + children_before(self, position);
    guint dropped = 0;
    guint i = 0;
    while (i < self->expansions->len) {
        Expansion *e = &g_array_index(self->expansions, Expansion, i);
        if (e->parent < position) { i++; continue; }
        if (e->parent < position + removed) {
            dropped += e->children->len;
            g_array_remove_index(self->expansions, i);
            continue;
        }
        e->parent = e->parent - removed + added;
        i++;
    }
    g_list_model_items_changed(G_LIST_MODEL(self), start, removed + dropped, added);
}

GListModel *plutary_expanding_list_new(GListModel *parents) {
    PlutaryExpandingList *self = g_object_new(plutary_expanding_list_get_type(), NULL);
    self->parents = g_object_ref(parents);
    self->changed_handler = g_signal_connect(parents, "items-changed", G_CALLBACK(parents_changed), self);
    return G_LIST_MODEL(self);
}

gboolean plutary_expanding_list_is_expanded(GListModel *list, guint parent) {
    return find_expansion((PlutaryExpandingList *)list, parent, NULL) != NULL;
}

void plutary_expanding_list_expand(GListModel *list, guint parent, guint n_children, guint64 first_tag) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)list;
    g_return_if_fail(parent < g_list_model_get_n_items(self->parents));
    if (n_children == 0 || plutary_expanding_list_is_expanded(list, parent)) return;
    Expansion expansion = { parent, g_ptr_array_new_full(n_children, g_object_unref) };
    for (guint i = 0; i < n_children; i++) g_ptr_array_add(expansion.children, plutary_index_object_new(first_tag + i));
    guint at = 0;
    while (at < self->expansions->len && g_array_index(self->expansions, Expansion, at).parent < parent) at++;
    g_array_insert_val(self->expansions, at, expansion);
    g_list_model_items_changed(list, parent + children_before(self, parent) + 1, 0, n_children);
}

void plutary_expanding_list_collapse(GListModel *list, guint parent) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)list;
    guint index;
    Expansion *e = find_expansion(self, parent, &index);
    if (!e) return;
    guint row = parent + children_before(self, parent);
    guint removed = e->children->len;
    g_array_remove_index(self->expansions, index);
    g_list_model_items_changed(list, row + 1, removed, 0);
}

void plutary_expanding_list_collapse_range(GListModel *list, guint start, guint end) {
    PlutaryExpandingList *self = (PlutaryExpandingList *)list;
    /* From the last, so that the positions announced for those before stay right. */
    for (guint i = self->expansions->len; i > 0; i--) {
        guint parent = g_array_index(self->expansions, Expansion, i - 1).parent;
        if (parent >= start && parent < end) plutary_expanding_list_collapse(list, parent);
    }
}

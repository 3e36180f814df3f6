#include "CSANE.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static PlutarySane table;
static int loaded;

/* Looks up `name`; on failure writes why and returns NULL. */
static void *symbol(void *library, const char *name, char *error, size_t size) {
    void *found = dlsym(library, name);
    if (!found && error && size > 0) snprintf(error, size, "libsane has no %s", name);
    return found;
}

const PlutarySane *plutary_sane_load(const char *library_path, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (!loaded) {
        void *library = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            if (error && error_size > 0) snprintf(error, error_size, "%s", dlerror());
        } else {
            PlutarySane found;
            /* Each cast names the signature the SANE standard gives the function. */
            if ((*(void **)&found.initialize = symbol(library, "sane_init", error, error_size))
                && (*(void **)&found.exit = symbol(library, "sane_exit", error, error_size))
                && (*(void **)&found.get_devices = symbol(library, "sane_get_devices", error, error_size))
                && (*(void **)&found.open = symbol(library, "sane_open", error, error_size))
                && (*(void **)&found.close = symbol(library, "sane_close", error, error_size))
                && (*(void **)&found.get_option_descriptor = symbol(library, "sane_get_option_descriptor", error, error_size))
                && (*(void **)&found.control_option = symbol(library, "sane_control_option", error, error_size))
                && (*(void **)&found.get_parameters = symbol(library, "sane_get_parameters", error, error_size))
                && (*(void **)&found.start = symbol(library, "sane_start", error, error_size))
                && (*(void **)&found.read = symbol(library, "sane_read", error, error_size))
                && (*(void **)&found.cancel = symbol(library, "sane_cancel", error, error_size))
                && (*(void **)&found.strstatus = symbol(library, "sane_strstatus", error, error_size))) {
                table = found;
                loaded = 1;
            } else {
                dlclose(library);
            }
        }
    }
    const PlutarySane *result = loaded ? &table : NULL;
    pthread_mutex_unlock(&load_lock);
    return result;
}

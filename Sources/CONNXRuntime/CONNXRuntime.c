#include "CONNXRuntime.h"
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ONNX Runtime hands out its C API as a table of function pointers (struct OrtApi) that only ever
   grows at the end: a function keeps its position in every later version. So instead of the
   struct we keep the table as an array and call each function at its position, cast to its
   signature. Positions and signatures are from onnxruntime_c_api.h (API version 13). */
typedef void OrtStatus; /* NULL means success. */
typedef void OrtEnv;
typedef void OrtSession;
typedef void OrtSessionOptions;
typedef void OrtValue;
typedef void OrtMemoryInfo;
typedef void OrtAllocator;
typedef void OrtTensorTypeAndShapeInfo;
typedef void OrtModelMetadata;
typedef void OrtRunOptions;

enum {
    ORT_API_VERSION_USED = 13,
    ORT_LOGGING_LEVEL_FATAL = 4,
    ORT_TENSOR_FLOAT = 1,            /* ONNXTensorElementDataType */
    ORT_ARENA_ALLOCATOR = 1,         /* OrtAllocatorType */
    ORT_MEM_TYPE_DEFAULT = 0,        /* OrtMemType */
    ORT_ENABLE_ALL = 99,             /* GraphOptimizationLevel */
};

/* Positions in the OrtApi table. */
enum {
    GetErrorMessage = 2, CreateEnv = 3, CreateSession = 7, Run = 9, CreateSessionOptions = 10, CreateRunOptions = 39,
    DisableMemPattern = 17, DisableCpuMemArena = 19, SetSessionGraphOptimizationLevel = 23,
    SetIntraOpNumThreads = 24, SetInterOpNumThreads = 25, SessionGetInputName = 36, SessionGetOutputName = 37,
    CreateTensorWithDataAsOrtValue = 49, GetTensorMutableData = 51, GetTensorElementType = 60,
    GetDimensionsCount = 61, GetDimensions = 62, GetTensorTypeAndShape = 65, CreateCpuMemoryInfo = 69,
    AllocatorFree = 76, GetAllocatorWithDefaultOptions = 78, ReleaseStatus = 93, ReleaseSession = 95,
    ReleaseValue = 96, ReleaseRunOptions = 97, ReleaseTensorTypeAndShapeInfo = 99, ReleaseSessionOptions = 100,
    SessionGetModelMetadata = 111, ModelMetadataLookupCustomMetadataMap = 116, ReleaseModelMetadata = 118,
    AddSessionConfigEntry = 130, AddRunConfigEntry = 165,
};

/* The start of struct OrtApiBase, which OrtGetApiBase() returns. */
typedef struct {
    void *const *(*get_api)(uint32_t version);
    const char *(*get_version_string)(void);
} ApiBase;

/* Calls the function at `index` as `type` with the arguments that follow. */
#define ORT(index, type, ...) ((type)api[index])(__VA_ARGS__)

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static void *const *api; /* Set once, under load_lock, and never changed after. */
static const char *version;
static OrtEnv *env;
static OrtMemoryInfo *cpu_memory;
static OrtAllocator *allocator;
/* Every run returns what the session's arena no longer holds (see plutary_ort_session_create). */
static OrtRunOptions *run_options;

struct PlutaryOrtSession {
    OrtSession *session;
    char *input_name;
    char *output_name;
};

static void copy_error(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message);
}

/* True when `status` is a failure; its message goes to `error` and the status is released. */
static int failed(OrtStatus *status, char *error, size_t size) {
    if (!status) return 0;
    copy_error(error, size, ORT(GetErrorMessage, const char *(*)(const OrtStatus *), status));
    ORT(ReleaseStatus, void (*)(OrtStatus *), status);
    return 1;
}

static void load(const char *path, char *load_error, size_t load_error_size) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        copy_error(load_error, load_error_size, dlerror());
        return;
    }
    const ApiBase *(*get_base)(void) = (const ApiBase *(*)(void))dlsym(library, "OrtGetApiBase");
    const ApiBase *base = get_base ? get_base() : NULL;
    void *const *table = base ? base->get_api(ORT_API_VERSION_USED) : NULL;
    if (!table) {
        copy_error(load_error, load_error_size, "the library has no ONNX Runtime C API of version 13 or later");
        dlclose(library);
        return;
    }
    api = table;
    if (failed(ORT(CreateEnv, OrtStatus *(*)(int, const char *, OrtEnv **), ORT_LOGGING_LEVEL_FATAL, "plutary", &env),
               load_error, load_error_size)
        || failed(ORT(CreateCpuMemoryInfo, OrtStatus *(*)(int, int, OrtMemoryInfo **), ORT_ARENA_ALLOCATOR,
                      ORT_MEM_TYPE_DEFAULT, &cpu_memory), load_error, load_error_size)
        || failed(ORT(GetAllocatorWithDefaultOptions, OrtStatus *(*)(OrtAllocator **), &allocator),
                  load_error, load_error_size)
        || failed(ORT(CreateRunOptions, OrtStatus *(*)(OrtRunOptions **), &run_options), load_error, load_error_size)
        || failed(ORT(AddRunConfigEntry, OrtStatus *(*)(OrtRunOptions *, const char *, const char *), run_options,
                      "memory.enable_memory_arena_shrinkage", "cpu:0"), load_error, load_error_size)) {
        if (run_options) ORT(ReleaseRunOptions, void (*)(OrtRunOptions *), run_options);
        run_options = NULL;
        api = NULL;
        return;
    }
    version = base->get_version_string();
}

int plutary_ort_load(const char *library_path, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (!api) load(library_path, error, error_size);
    int loaded = api != NULL;
    pthread_mutex_unlock(&load_lock);
    return loaded ? 0 : 1;
}

const char *plutary_ort_version(void) { return api ? version : NULL; }

static void free_allocated(void *pointer) {
    if (pointer) (void)failed(ORT(AllocatorFree, OrtStatus *(*)(OrtAllocator *, void *), allocator, pointer), NULL, 0);
}

/* A copy in malloc()ed memory of a string ONNX Runtime allocated, which is freed. */
static char *take_string(char *allocated) {
    char *copy = allocated ? strdup(allocated) : NULL;
    free_allocated(allocated);
    return copy;
}

void plutary_ort_session_release(PlutaryOrtSession *session) {
    if (!session) return;
    if (session->session) ORT(ReleaseSession, void (*)(OrtSession *), session->session);
    free(session->input_name);
    free(session->output_name);
    free(session);
}

PlutaryOrtSession *plutary_ort_session_create(const char *model_path, int intra_threads, char *error, size_t error_size) {
    if (!api) {
        copy_error(error, error_size, "ONNX Runtime is not loaded");
        return NULL;
    }
    OrtSessionOptions *options = NULL;
    if (failed(ORT(CreateSessionOptions, OrtStatus *(*)(OrtSessionOptions **), &options), error, error_size)) return NULL;
    typedef OrtStatus *(*SetInt)(OrtSessionOptions *, int);
    typedef OrtStatus *(*SetOption)(OrtSessionOptions *);
    /* Detection inputs change size with every image: a memory pattern planned for one size only
       holds on to memory. The arena stays on (ONNX Runtime's default), and every run gives back
       what it no longer uses (run_options): within a run, one layer's output reuses the memory
       of an earlier one; without the arena each got fresh pages from the kernel, and on 20 dev
       receipts with 2 jobs the page faults took 3.7 of 25 CPU seconds. An arena kept between
       runs saved 2.5 CPU seconds more but peaked at 435 MB; giving back after each run keeps
       the peak as it was (350-390 MB). */
    int bad = failed(ORT(SetIntraOpNumThreads, SetInt, options, intra_threads), error, error_size)
        || failed(ORT(SetInterOpNumThreads, SetInt, options, 1), error, error_size)
        || failed(ORT(SetSessionGraphOptimizationLevel, SetInt, options, ORT_ENABLE_ALL), error, error_size)
        || failed(ORT(DisableMemPattern, SetOption, options), error, error_size)
        /* A pool thread spinning while it waits for work takes the core another job needs:
           measured on 4 receipts with one job, 12.2 CPU seconds spinning against 7.6 not. */
        || failed(ORT(AddSessionConfigEntry, OrtStatus *(*)(OrtSessionOptions *, const char *, const char *),
                      options, "session.intra_op.allow_spinning", "0"), error, error_size);
    PlutaryOrtSession *result = calloc(1, sizeof *result);
    if (!bad && result) {
        bad = failed(ORT(CreateSession, OrtStatus *(*)(OrtEnv *, const char *, const OrtSessionOptions *, OrtSession **),
                         env, model_path, options, &result->session), error, error_size);
    }
    ORT(ReleaseSessionOptions, void (*)(OrtSessionOptions *), options);
    if (!bad && result) {
        typedef OrtStatus *(*GetName)(const OrtSession *, size_t, OrtAllocator *, char **);
        char *input = NULL, *output = NULL;
        bad = failed(ORT(SessionGetInputName, GetName, result->session, 0, allocator, &input), error, error_size)
            || failed(ORT(SessionGetOutputName, GetName, result->session, 0, allocator, &output), error, error_size);
        result->input_name = take_string(input);
        result->output_name = take_string(output);
    }
    if (bad || !result) {
        if (!result) copy_error(error, error_size, "out of memory");
        plutary_ort_session_release(result);
        return NULL;
    }
    return result;
}

char *plutary_ort_session_metadata(const PlutaryOrtSession *session, const char *key) {
    OrtModelMetadata *metadata = NULL;
    if (failed(ORT(SessionGetModelMetadata, OrtStatus *(*)(const OrtSession *, OrtModelMetadata **),
                   session->session, &metadata), NULL, 0)) return NULL;
    char *value = NULL;
    (void)failed(ORT(ModelMetadataLookupCustomMetadataMap,
                     OrtStatus *(*)(const OrtModelMetadata *, OrtAllocator *, const char *, char **),
                     metadata, allocator, key, &value), NULL, 0);
    ORT(ReleaseModelMetadata, void (*)(OrtModelMetadata *), metadata);
    return take_string(value);
}

int plutary_ort_session_run(const PlutaryOrtSession *session, const float *input, const int64_t *shape, size_t rank,
                            PlutaryOrtOutput **output, const float **values, int64_t *output_shape,
                            size_t *output_rank, size_t max_rank, char *error, size_t error_size) {
    size_t count = 1;
    for (size_t i = 0; i < rank; i++) count *= (size_t)shape[i];
    OrtValue *in = NULL, *out = NULL;
    /* ONNX Runtime reads the caller's buffer in place; it does not write to an input. */
    if (failed(ORT(CreateTensorWithDataAsOrtValue,
                   OrtStatus *(*)(const OrtMemoryInfo *, void *, size_t, const int64_t *, size_t, int, OrtValue **),
                   cpu_memory, (void *)input, count * sizeof(float), shape, rank, ORT_TENSOR_FLOAT, &in),
               error, error_size)) return 1;
    const char *input_names[] = {session->input_name};
    const char *output_names[] = {session->output_name};
    int bad = failed(ORT(Run, OrtStatus *(*)(OrtSession *, const void *, const char *const *, const OrtValue *const *,
                                             size_t, const char *const *, size_t, OrtValue **),
                         session->session, run_options, input_names, (const OrtValue *const *)&in, 1, output_names, 1, &out),
                     error, error_size);
    ORT(ReleaseValue, void (*)(OrtValue *), in);
    if (bad) return 1;
    OrtTensorTypeAndShapeInfo *info = NULL;
    int type = 0;
    size_t dims = 0;
    float *data = NULL;
    bad = failed(ORT(GetTensorTypeAndShape, OrtStatus *(*)(const OrtValue *, OrtTensorTypeAndShapeInfo **), out, &info),
                 error, error_size)
        || failed(ORT(GetTensorElementType, OrtStatus *(*)(const OrtTensorTypeAndShapeInfo *, int *), info, &type),
                  error, error_size)
        || failed(ORT(GetDimensionsCount, OrtStatus *(*)(const OrtTensorTypeAndShapeInfo *, size_t *), info, &dims),
                  error, error_size);
    if (!bad && (type != ORT_TENSOR_FLOAT || dims > max_rank)) {
        copy_error(error, error_size, "the model's output is not a float tensor of the expected rank");
        bad = 1;
    }
    if (!bad) {
        bad = failed(ORT(GetDimensions, OrtStatus *(*)(const OrtTensorTypeAndShapeInfo *, int64_t *, size_t),
                         info, output_shape, dims), error, error_size)
            || failed(ORT(GetTensorMutableData, OrtStatus *(*)(OrtValue *, void **), out, (void **)&data), error, error_size);
    }
    if (info) ORT(ReleaseTensorTypeAndShapeInfo, void (*)(OrtTensorTypeAndShapeInfo *), info);
    if (bad) {
        ORT(ReleaseValue, void (*)(OrtValue *), out);
        return 1;
    }
    *output = (PlutaryOrtOutput *)out;
    *values = data;
    *output_rank = dims;
    return 0;
}

void plutary_ort_output_release(PlutaryOrtOutput *output) {
    if (output) ORT(ReleaseValue, void (*)(OrtValue *), (OrtValue *)output);
}

void plutary_ort_release_free_memory(void) {
    malloc_trim(0);
}

void plutary_ort_share_heap(void) {
    mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, 8 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 32 * 1024 * 1024);
}

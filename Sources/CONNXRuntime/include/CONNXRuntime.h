#ifndef PLUTARY_CONNXRUNTIME_H
#define PLUTARY_CONNXRUNTIME_H
#include <stddef.h>
#include <stdint.h>

/* The few calls Plutary makes into ONNX Runtime's C API, declared here rather than taken from
   onnxruntime_c_api.h. The library is dlopen()ed at run time, so the app builds and runs
   (with Tesseract only) where it is missing. Every function reports failure as a message
   written into `error` (at most error_size bytes, NUL-terminated). */

/* One model loaded into an inference session, with the names of its first input and output. */
typedef struct PlutaryOrtSession PlutaryOrtSession;

/* Loads the library at `library_path` and its API table, and creates the process's one
   environment. Once loaded, later calls do nothing; after a failure, the next call tries again
   (with the path it is given). 0 on success. */
int plutary_ort_load(const char *library_path, char *error, size_t error_size);

/* The loaded library's version ("1.32.0"), or NULL before a successful load. */
const char *plutary_ort_version(void);

/* Loads a model. intra_threads bounds the threads one Run uses (jobs × threads ≤ cores);
   NULL on failure. Run may be called from several threads at once. */
PlutaryOrtSession *plutary_ort_session_create(const char *model_path, int intra_threads, char *error, size_t error_size);

void plutary_ort_session_release(PlutaryOrtSession *session);

/* The value of a key of the model's custom metadata, malloc()ed (free it), or NULL when absent. */
char *plutary_ort_session_metadata(const PlutaryOrtSession *session, const char *key);

/* A model's output tensor, owned by ONNX Runtime. */
typedef struct PlutaryOrtOutput PlutaryOrtOutput;

/* Runs the model on one float tensor. Its first output, a float tensor, is handed over as it is,
   not copied: *values points at its values until plutary_ort_output_release(*output); its shape
   is in output_shape (at most max_rank dimensions) and *output_rank. 0 on success (nothing to
   release otherwise). The recogniser's output is steps × ~18,700 classes a crop, megabytes a
   run, which were copied twice (here and into a Swift array) before they were read once. */
int plutary_ort_session_run(const PlutaryOrtSession *session, const float *input, const int64_t *shape, size_t rank,
                            PlutaryOrtOutput **output, const float **values, int64_t *output_shape,
                            size_t *output_rank, size_t max_rank, char *error, size_t error_size);

void plutary_ort_output_release(PlutaryOrtOutput *output);

/* Hands the heap's free pages back to the system (malloc_trim). The sessions' arenas give what
   a run no longer uses back to malloc after every run, and what a large image freed otherwise
   stays with the process. */
void plutary_ort_release_free_memory(void);

/* One malloc arena for the whole process, and blocks of 8 MB or more straight from mmap.
   With two jobs, each thread otherwise keeps its own arena, fragmented by the large tensors and
   page copies it freed. On 20 dev receipts with 2 jobs the peak went from 441-474 MB to
   348-364 MB (16 MB: 377-412 MB; 4 MB: far more system time), for about 4 % more CPU.
   The heap's top is handed back only past 32 MB, not 128 kB, since the image's end trims it
   anyway: a tensor freed mid-image was otherwise unmapped and faulted in again for the next.
   On the same 20 receipts, one job took 14.8-15.5 s instead of 17.4-17.8 s (system time 4.1 s
   instead of 7.5 s), at the same peak.
   Call it before the jobs' threads start: threads that already have an arena keep it. */
void plutary_ort_share_heap(void);
#endif

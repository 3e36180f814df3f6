#ifndef PLUTARY_CSANE_H
#define PLUTARY_CSANE_H
#include <stddef.h>
#include <stdint.h>

/* The part of the SANE C API (sane/sane.h, standard version 1) that Plutary calls, declared here
   rather than taken from libsane-dev. libsane.so.1 is dlopen()ed at run time, so the app builds
   and runs where SANE is missing and says so. Names and values follow the SANE standard. */

typedef int32_t SANE_Word;
typedef SANE_Word SANE_Int;
typedef SANE_Word SANE_Bool;
typedef SANE_Word SANE_Fixed; /* 16.16 fixed point */
typedef const char *SANE_String_Const;
typedef void *SANE_Handle;

typedef enum {
    SANE_STATUS_GOOD = 0, SANE_STATUS_UNSUPPORTED, SANE_STATUS_CANCELLED, SANE_STATUS_DEVICE_BUSY,
    SANE_STATUS_INVAL, SANE_STATUS_EOF, SANE_STATUS_JAMMED, SANE_STATUS_NO_DOCS, SANE_STATUS_COVER_OPEN,
    SANE_STATUS_IO_ERROR, SANE_STATUS_NO_MEM, SANE_STATUS_ACCESS_DENIED
} SANE_Status;

typedef enum { SANE_TYPE_BOOL = 0, SANE_TYPE_INT, SANE_TYPE_FIXED, SANE_TYPE_STRING, SANE_TYPE_BUTTON, SANE_TYPE_GROUP } SANE_Value_Type;
typedef enum { SANE_CONSTRAINT_NONE = 0, SANE_CONSTRAINT_RANGE, SANE_CONSTRAINT_WORD_LIST, SANE_CONSTRAINT_STRING_LIST } SANE_Constraint_Type;
typedef enum { SANE_ACTION_GET_VALUE = 0, SANE_ACTION_SET_VALUE, SANE_ACTION_SET_AUTO } SANE_Action;
typedef enum { SANE_FRAME_GRAY = 0, SANE_FRAME_RGB, SANE_FRAME_RED, SANE_FRAME_GREEN, SANE_FRAME_BLUE } SANE_Frame;

enum { SANE_CAP_SOFT_SELECT = 1 << 0, SANE_CAP_INACTIVE = 1 << 5 };

typedef struct {
    SANE_String_Const name, vendor, model, type;
} SANE_Device;

typedef struct {
    SANE_Word min, max, quant;
} SANE_Range;

typedef struct {
    SANE_String_Const name, title, desc;
    SANE_Value_Type type;
    SANE_Int unit; /* SANE_Unit */
    SANE_Int size;
    SANE_Int cap;
    SANE_Constraint_Type constraint_type;
    union {
        const SANE_String_Const *string_list; /* NULL-terminated */
        const SANE_Word *word_list;           /* first word: the count that follows */
        const SANE_Range *range;
    } constraint;
} SANE_Option_Descriptor;

typedef struct {
    SANE_Frame format;
    SANE_Bool last_frame;
    SANE_Int bytes_per_line, pixels_per_line, lines, depth; /* lines is -1 when unknown ahead */
} SANE_Parameters;

/* libsane's entry points, looked up by name once the library is loaded. */
typedef struct {
    SANE_Status (*initialize)(SANE_Int *version_code, void (*authorize)(SANE_String_Const, char *, char *));
    void (*exit)(void);
    SANE_Status (*get_devices)(const SANE_Device ***device_list, SANE_Bool local_only);
    SANE_Status (*open)(SANE_String_Const name, SANE_Handle *handle);
    void (*close)(SANE_Handle handle);
    const SANE_Option_Descriptor *(*get_option_descriptor)(SANE_Handle handle, SANE_Int option);
    SANE_Status (*control_option)(SANE_Handle handle, SANE_Int option, SANE_Action action, void *value, SANE_Int *info);
    SANE_Status (*get_parameters)(SANE_Handle handle, SANE_Parameters *parameters);
    SANE_Status (*start)(SANE_Handle handle);
    SANE_Status (*read)(SANE_Handle handle, uint8_t *data, SANE_Int max_length, SANE_Int *length);
    void (*cancel)(SANE_Handle handle);
    SANE_String_Const (*strstatus)(SANE_Status status);
} PlutarySane;

/* Loads the library at `library_path` and looks up every entry point. Once loaded, later calls
   return the same table; after a failure, NULL with the reason in `error` (at most error_size
   bytes, NUL-terminated), and the next call tries again. */
const PlutarySane *plutary_sane_load(const char *library_path, char *error, size_t error_size);
#endif

#ifndef PLUTARY_CPOPPLER_H
#define PLUTARY_CPOPPLER_H
#include <poppler.h>
#include <cairo.h>
#endif

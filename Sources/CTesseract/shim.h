#ifndef PLUTARY_CTESSERACT_H
#define PLUTARY_CTESSERACT_H
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#endif

#ifndef PLUTARY_CSECRET_H
#define PLUTARY_CSECRET_H
#include <libsecret/secret.h>
#endif

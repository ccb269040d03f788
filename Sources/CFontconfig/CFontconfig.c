#include "CFontconfig.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of the libfontconfig the headers describe (Debian's libfontconfig1).
#define CFONTCONFIG_SONAME "libfontconfig.so.1"

static CFontconfigFunctions functions;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char message[512];

static void load(void) {
  void *library = dlopen(CFONTCONFIG_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(message, sizeof message,
             "system fonts need libfontconfig (Debian: apt-get install libfontconfig1): %s",
             dlerror());
    failure = message;
    return;
  }
#define CFONTCONFIG_FIND(name)                                                                \
  functions.name = (__typeof__(name) *)dlsym(library, #name);                                 \
  if (functions.name == NULL) {                                                               \
    snprintf(message, sizeof message, "%s has no function %s", CFONTCONFIG_SONAME, #name);   \
    failure = message;                                                                        \
    return;                                                                                   \
  }
  CFONTCONFIG_FUNCTIONS(CFONTCONFIG_FIND)
}

const CFontconfigFunctions *CFontconfig_functions(void) {
  pthread_once(&once, load);
  return failure == NULL ? &functions : NULL;
}

const char *CFontconfig_failure(void) {
  pthread_once(&once, load);
  return failure;
}

// The process's arguments for the statically linked Swift runtime, without reading
// /proc/self/maps.
//
// Problem: the release `caliper` links the Swift standard library statically, and with it
// libswiftCore.a's CommandLine.cpp.o, whose static constructor finds argv before main by
// reading /proc/self/maps line by line with fgets and sscanf to find the stack, then
// walking back from `environ`: 0.27 M of `caliper --version`'s 1.85 M instructions, and a
// file the kernel formats for every mapping of the process, at every start, whether
// anything asks for `CommandLine.arguments` or not. Solution: this object defines the two
// functions that object file provides, so the linker, which takes an archive member only
// for a symbol not yet defined, never takes it; argc and argv come from glibc, which hands
// them to each constructor of the executable. Should a later toolchain's CommandLine.cpp.o
// define another symbol the program uses, the link fails with duplicate symbols rather
// than running without it. With the shared runtime (debug builds) these are unused: the
// runtime's own calls stay inside libswiftCore.so (the symbols are hidden here).
#include "cargv.h"

#include <stdlib.h>  // defines __GLIBC__ under glibc

#if !defined(__GLIBC__)
// Other C libraries need not pass main's arguments to constructors: fail the build rather
// than run with none.
#error "CArgv needs glibc, which passes (argc, argv, envp) to the executable's constructors"
#endif

#include <stddef.h>

#define CARGV_RUNTIME __attribute__((swiftcall, visibility("hidden")))

static char *noArguments[] = {NULL};
static char **capturedArgv = noArguments;
static int capturedArgc = 0;
static char **overrideArgv = NULL;
static int overrideArgc = 0;

// glibc calls an executable's constructors with main's arguments (ELF .init_array).
__attribute__((constructor)) static void cargv_capture(int argc, char **argv, char **envp) {
  (void)envp;
  if (argv != NULL) {
    capturedArgc = argc;
    capturedArgv = argv;
  }
}

// What `CommandLine.arguments` reads (swift/stdlib CommandLine.cpp: the override first).
CARGV_RUNTIME char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overrideArgv != NULL) {
    *outArgLen = overrideArgc;
    return overrideArgv;
  }
  *outArgLen = capturedArgc;
  return capturedArgv;
}

// The runtime's hook for hosts that run Swift code in-process (the REPL, JIT).
CARGV_RUNTIME void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overrideArgv = argv;
  overrideArgc = argc;
}

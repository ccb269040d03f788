/* CArgv has nothing to call: it replaces, in a program linking the Swift standard library
   statically, the runtime's way of finding the process's arguments (see cargv.c). */

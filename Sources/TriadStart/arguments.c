// How the Swift standard library learns the command line, without reading /proc/self/maps.
//
// On Linux the statically linked Swift runtime finds argv from a C++ static constructor that
// reads the whole of /proc/self/maps, to find the stack and walk back from `environ`. With GTK's
// libraries loaded that file has hundreds of lines, and the scan costs 0.4 ms of every start
// before `main` (#16, measured in docs/BENCHMARKS.md's floor table). glibc calls the executable's
// constructors (its init_array) with `(argc, argv, envp)`, an extension of its own: the ELF ABI
// gives them no arguments. So this file keeps argc and argv from there and defines the two
// functions the standard library's command-line support consists of. Because the executable
// defines them, the linker never takes that support's object from libswiftCore.a, and its
// constructor never runs; if both were linked, the link would fail on the duplicate symbols, not
// run slower. A build against the shared runtime (debug builds) keeps the library's own scan.
//
// The two functions keep the standard library's contract (stdlib/public/CommandLineSupport):
// the override, set only by Swift's immediate mode, wins; the result is not owned by the caller.

static char **seenArgv;
static int seenArgc;
static char **overrideArgv;
static int overrideArgc;

__attribute__((constructor))
static void triad_see_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    seenArgc = argc;
    seenArgv = argv;
}

__attribute__((swiftcall, used, visibility("default")))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overrideArgv) {
        *outArgLen = overrideArgc;
        return overrideArgv;
    }
    *outArgLen = seenArgc;
    return seenArgv;
}

__attribute__((swiftcall, used, visibility("default")))
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overrideArgv = argv;
    overrideArgc = argc;
}

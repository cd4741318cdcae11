// triad-faults: a libfiu companion for the fault-injection tests (Tests/Faults/run.py).
//
// Loaded with LD_PRELOAD beside libfiu's POSIX wrapper (fiu_posix_preload.so), it decides which
// wrapped call fails: the N-th call of a failure point made *by the store (SQLite, in Triad's
// binary or in libsqlite3 where it is shared) or by Triad's own code* after it was armed. Calls from GTK, GLib or D-Bus (event-fd wake-ups, icon
// lookups) are counted separately and never failed, so a sweep N = 1, 2, ... walks exactly the
// calls one save makes.
//
// Control: one command per line written to the FIFO named by $TRIAD_FAULTS_FIFO; after each,
// the answer replaces the file "$TRIAD_FAULTS_FIFO.out" (first word: the command's number).
//   count                 count calls from now on, fail none
//   fail POINT N ERRNO    count from now on and fail the N-th call of POINT with ERRNO
//   report                calls per point since the last count/fail, the faults injected, and
//                         which call the last one failed (fired_point: its index in points[],
//                         -1 for none; fired_call; fired_errno), so a test can prove its fault fired
//   off                   stop counting and failing
// When the program exits normally, the last report is also written to "$TRIAD_FAULTS_FIFO.final"
// (a save made on the way out, e.g. the note's when the window closes, is counted too).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <fiu.h>
#include <fiu-control.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const points[] = {
    "posix/io/rw/write", "posix/io/rw/pwrite", "posix/io/sync/fsync", "posix/io/sync/fdatasync", "posix/io/oc/open",
};
enum { point_count = sizeof points / sizeof points[0] };

static long calls[point_count];
static long target_point = -1, target_call, target_errno, injected, sequence;
static long fired_point = -1, fired_call, fired_errno;
static char program[PATH_MAX];
static char *control_fifo;

// Whether the wrapped call was made by the shared libsqlite3 or by the program itself (with SQLite
// where it is linked in), not by another library.
static int from_store_or_app(void) {
    void *frames[10];
    int depth = backtrace(frames, 10);
    for (int i = 0; i < depth; i++) {
        Dl_info info;
        if (!dladdr(frames[i], &info) || !info.dli_fname) continue;
        if (strstr(info.dli_fname, "libsqlite3")) return 1;
        if (strstr(info.dli_fname, "fiu") || strstr(info.dli_fname, "triad-faults") || strstr(info.dli_fname, "libc.so")) continue;
        char copy[PATH_MAX];
        snprintf(copy, sizeof copy, "%s", info.dli_fname);
        return strcmp(basename(copy), program) == 0;  // the first other library decides
    }
    return 0;
}

static int decide(const char *name, int *failnum, void **failinfo, unsigned int *flags) {
    (void)failnum; (void)flags;
    long point = -1;
    for (long i = 0; i < point_count; i++)
        if (strcmp(name, points[i]) == 0) point = i;
    if (point < 0 || !from_store_or_app()) return 0;
    long n = __atomic_add_fetch(&calls[point], 1, __ATOMIC_SEQ_CST);
    if (point != __atomic_load_n(&target_point, __ATOMIC_SEQ_CST) || n != target_call) return 0;
    __atomic_store_n(&fired_point, point, __ATOMIC_SEQ_CST);
    __atomic_store_n(&fired_call, n, __ATOMIC_SEQ_CST);
    __atomic_store_n(&fired_errno, target_errno, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&injected, 1, __ATOMIC_SEQ_CST);
    *failinfo = (void *)target_errno;  // the POSIX wrapper sets errno from the fail info
    return 1;
}

static void arm(long point, long call, long error) {
    for (int i = 0; i < point_count; i++) __atomic_store_n(&calls[i], 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&injected, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&fired_point, -1, __ATOMIC_SEQ_CST);
    target_call = call;
    target_errno = error;
    __atomic_store_n(&target_point, point, __ATOMIC_SEQ_CST);
    for (int i = 0; i < point_count; i++) fiu_enable_external(points[i], 1, NULL, 0, decide);
}

static void describe(char *reply, size_t size) {
    int used = snprintf(reply, size, "injected=%ld fired_point=%ld fired_call=%ld fired_errno=%ld",
                        __atomic_load_n(&injected, __ATOMIC_SEQ_CST), __atomic_load_n(&fired_point, __ATOMIC_SEQ_CST),
                        __atomic_load_n(&fired_call, __ATOMIC_SEQ_CST), __atomic_load_n(&fired_errno, __ATOMIC_SEQ_CST));
    for (int i = 0; i < point_count; i++)
        used += snprintf(reply + used, size - used, " %s=%ld", points[i], __atomic_load_n(&calls[i], __ATOMIC_SEQ_CST));
}

static void answer(const char *fifo, const char *suffix, const char *text) {
    char path[PATH_MAX], partial[PATH_MAX];
    snprintf(path, sizeof path, "%s%s", fifo, suffix);
    snprintf(partial, sizeof partial, "%s%s.part", fifo, suffix);
    FILE *file = fopen(partial, "w");
    if (!file) return;
    fprintf(file, "%ld %s\n", sequence, text);
    fclose(file);
    rename(partial, path);  // the reader never sees half an answer
}

static void run(const char *fifo, char *line) {
    char reply[512] = "ok";
    char name[128];
    long call, error;
    sequence++;
    if (strncmp(line, "count", 5) == 0) {
        arm(-1, 0, 0);
    } else if (sscanf(line, "fail %127s %ld %ld", name, &call, &error) == 3) {
        long point = -1;
        for (long i = 0; i < point_count; i++)
            if (strcmp(name, points[i]) == 0) point = i;
        if (point < 0) snprintf(reply, sizeof reply, "error unknown point %s", name);
        else arm(point, call, error);
    } else if (strncmp(line, "report", 6) == 0) {
        describe(reply, sizeof reply);
    } else if (strncmp(line, "off", 3) == 0) {
        __atomic_store_n(&target_point, -1, __ATOMIC_SEQ_CST);
        for (int i = 0; i < point_count; i++) fiu_disable(points[i]);
    } else {
        snprintf(reply, sizeof reply, "error unknown command");
    }
    answer(fifo, ".out", reply);
}

static void *control(void *argument) {
    const char *fifo = argument;
    char line[512];
    // Opened for reading and writing, the FIFO always has a reader and never reads an end of
    // file. Opened for reading alone, it was closed and opened again after each command, and a
    // command the test wrote in that moment went with the closed end's buffer: never answered.
    FILE *commands = fopen(fifo, "r+");
    if (!commands) return NULL;
    while (fgets(line, sizeof line, commands)) run(fifo, line);
    fclose(commands);
    return NULL;
}

__attribute__((constructor)) static void start(void) {
    const char *fifo = getenv("TRIAD_FAULTS_FIFO");
    if (!fifo) return;
    char exe[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0) return;
    exe[length] = 0;
    snprintf(program, sizeof program, "%s", basename(exe));
    void *warm[2];
    backtrace(warm, 2);  // loads the unwinder now, not inside the first wrapped call
    fiu_init(0);
    pthread_t thread;
    control_fifo = strdup(fifo);
    if (pthread_create(&thread, NULL, control, control_fifo) == 0) pthread_detach(thread);
}

__attribute__((destructor)) static void finish(void) {
    if (!control_fifo) return;
    char reply[512];
    describe(reply, sizeof reply);
    answer(control_fifo, ".final", reply);
}

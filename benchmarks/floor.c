/* `make bench`: the smallest C program (print the clock and the peak resident memory, exit), the
 * floor under the C references. Its Swift twin is floor.swift; the difference between the two is
 * what a Swift runtime costs before any of a program's own work. The program reads its own peak
 * (VmHWM) because a spawned child's ru_maxrss starts from its parent's resident size. */
#include <stdio.h>
#include <string.h>
#include <time.h>

int main(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    char line[256];
    long peak_kb = -1;
    FILE *status = fopen("/proc/self/status", "r");
    while (status && fgets(line, sizeof line, status)) {
        if (strncmp(line, "VmHWM:", 6) == 0) sscanf(line + 6, "%ld", &peak_kb);
    }
    if (status) fclose(status);
    printf("peak-rss-kb=%ld monotonic-us=%lld\n", peak_kb, (long long)now.tv_sec * 1000000LL + now.tv_nsec / 1000);
    return 0;
}

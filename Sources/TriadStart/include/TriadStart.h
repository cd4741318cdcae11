#ifndef TRIAD_START_H
#define TRIAD_START_H
// No C interface: this target only defines two of the Swift standard library's runtime entry
// points for the executable that links it (see arguments.c); nothing imports it.
#endif

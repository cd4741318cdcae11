#ifndef TRIAD_RESOURCES_H
#define TRIAD_RESOURCES_H
/// Registers the compiled GResource bundle (ui files, CSS, icons) with GIO.
/// Returns 1 when the bundle was compiled in, 0 when `make resources` has not run.
int triad_resources_register(void);
/// Registers the bundle of the app's own Swift sources (for the Messages pane); 1 when it was
/// compiled in, 0 when not.
int triad_sources_register(void);
#endif

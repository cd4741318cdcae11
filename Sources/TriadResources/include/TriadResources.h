#ifndef TRIAD_RESOURCES_H
#define TRIAD_RESOURCES_H
// What the build compiles beside the code: the CompileResources plugin (Plugins/) writes the C
// source of each, in every build.

/// Registers the GResource bundle (the .ui files, the style sheets, the icons) with GIO.
void triad_register_resource(void);
/// The bundle of the app's own sources, which the Messages pane's Code tab shows, as the build
/// made it (an installed Triad has its own copy: Sources/Triad/Messages/Sources/SourceBundle.swift).
const char *triad_built_sources_bundle(void);
/// The folder of the translations compiled by the build, for a run from the build folder.
const char *triad_built_locale_directory(void);
/// The folder of the GSettings schema compiled by the build, for a run from the build folder.
const char *triad_built_schema_directory(void);
#endif

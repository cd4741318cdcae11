#include <gtk/gtk.h>

/* GtkSourceView 4 (GTK 3's source view) is opened the first time the Messages pane shows code
 * (GtkKit's SourceCodeView.swift), not linked, so that a start never loads it. These are the pointer types
 * of the few functions Triad calls, as GtkSourceView 4's headers declare them, with its own
 * object types seen as untyped pointers: the library's headers are not on the compiler's path
 * when it is not installed for building. GtkSourceBuffer and GtkSourceView are a GtkTextBuffer
 * and a GtkTextView, used through GTK's own functions for everything else. */
typedef void *(*triad_source_language_manager_get_default_function)(void);
typedef void *(*triad_source_language_manager_get_language_function)(void *manager, const gchar *id);
typedef void *(*triad_source_buffer_new_function)(GtkTextTagTable *table);
typedef void (*triad_source_buffer_set_language_function)(void *buffer, void *language);
typedef void *(*triad_source_style_scheme_manager_get_default_function)(void);
typedef void *(*triad_source_style_scheme_manager_get_scheme_function)(void *manager, const gchar *scheme_id);
typedef void (*triad_source_buffer_set_style_scheme_function)(void *buffer, void *scheme);
typedef GtkWidget *(*triad_source_view_new_with_buffer_function)(void *buffer);
typedef void (*triad_source_view_set_show_line_numbers_function)(void *view, gboolean show);
typedef void (*triad_source_view_set_highlight_current_line_function)(void *view, gboolean highlight);

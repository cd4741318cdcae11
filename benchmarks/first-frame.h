/* Shared by the C reference programs: quit after the window's first frame, printing the same
 * line as `triad --quit-after-first-frame` (bench.py reads the clock from it). */
#include <gtk/gtk.h>
#include <stdlib.h>

/* With TRIAD_PHASES set, the same `phase NAME monotonic-us=N` lines as triad prints. */
#define PHASE(name) do { if (getenv("TRIAD_PHASES")) { printf("phase %s monotonic-us=%" G_GINT64_FORMAT "\n", name, g_get_monotonic_time()); } } while (0)

static void phase_startup(GApplication *app, gpointer data) { PHASE("GTK initialized (startup)"); }

static gboolean first_frame_quit(gpointer app) {
    const char *smaps_to = getenv("TRIAD_SMAPS_TO");  /* the memory map at the first frame, as triad */
    gchar *contents = NULL;
    gsize length = 0;
    if (smaps_to && g_file_get_contents("/proc/self/smaps", &contents, &length, NULL)) {
        g_file_set_contents(smaps_to, contents, length, NULL);
        g_free(contents);
    }
    printf("first-frame-ms=-1 monotonic-us=%" G_GINT64_FORMAT "\n", g_get_monotonic_time());
    fflush(stdout);
    g_application_quit(G_APPLICATION(app));
    return G_SOURCE_REMOVE;
}

static gboolean first_frame_drawn(GtkWidget *window, cairo_t *cr, gpointer app) {
    static gboolean reported = FALSE;
    if (!reported) {
        reported = TRUE;
        PHASE("first frame drawn");
        /* From an idle callback, so that the frame that triggered this draw is completed. */
        g_idle_add(first_frame_quit, app);
    }
    return FALSE;
}

/* Call once the window is shown. */
static void quit_after_first_frame(GtkWidget *window, GtkApplication *app) {
    g_signal_connect_after(window, "draw", G_CALLBACK(first_frame_drawn), app);
}

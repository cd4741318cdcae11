/* The C reference for `make bench`: the same window as Triad's adder page (header bar, stack
 * sidebar, two number fields, Add button, sum label), built with plain GTK3 calls. It quits
 * after the first frame and prints the same line as `triad --quit-after-first-frame`. */
#include <gtk/gtk.h>
#include "first-frame.h"

static GtkWidget *field(GtkGrid *grid, int row, const char *label_text, const char *value) {
    GtkWidget *label = gtk_label_new_with_mnemonic(label_text);
    GtkWidget *entry = gtk_entry_new();
    gtk_label_set_xalign(GTK_LABEL(label), 1);
    gtk_label_set_mnemonic_widget(GTK_LABEL(label), entry);
    gtk_entry_set_text(GTK_ENTRY(entry), value);
    gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
    gtk_widget_set_hexpand(entry, TRUE);
    gtk_grid_attach(grid, label, 0, row, 1, 1);
    gtk_grid_attach(grid, entry, 1, row, 1, 1);
    return entry;
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 860, 560);
    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_set_title(GTK_HEADER_BAR(header), "Triad");
    gtk_header_bar_set_subtitle(GTK_HEADER_BAR(header), "Adder");
    gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(header), TRUE);
    GtkWidget *menu = gtk_menu_button_new();
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), menu);
    gtk_window_set_titlebar(GTK_WINDOW(window), header);

    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    GtkWidget *stack = gtk_stack_new();
    GtkWidget *sidebar = gtk_stack_sidebar_new();
    gtk_stack_sidebar_set_stack(GTK_STACK_SIDEBAR(sidebar), GTK_STACK(stack));
    gtk_widget_set_size_request(sidebar, 180, -1);
    gtk_box_pack_start(GTK_BOX(outer), sidebar, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(outer), gtk_separator_new(GTK_ORIENTATION_VERTICAL), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(outer), stack, TRUE, TRUE, 0);

    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    gtk_container_set_border_width(GTK_CONTAINER(page), 36);
    gtk_widget_set_halign(page, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(page, GTK_ALIGN_START);
    gtk_widget_set_size_request(page, 420, -1);
    gtk_box_pack_start(GTK_BOX(page), gtk_label_new("Add two numbers"), FALSE, FALSE, 0);
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 12);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
    field(GTK_GRID(grid), 0, "_First number", "100");
    field(GTK_GRID(grid), 1, "_Second number", "200");
    GtkWidget *add = gtk_button_new_with_mnemonic("_Add");
    gtk_widget_set_can_default(add, TRUE);
    gtk_widget_set_halign(add, GTK_ALIGN_END);
    gtk_grid_attach(GTK_GRID(grid), add, 1, 2, 1, 1);
    gtk_box_pack_start(GTK_BOX(page), grid, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(page), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), FALSE, FALSE, 0);
    GtkWidget *sum = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_box_pack_start(GTK_BOX(sum), gtk_label_new("Sum"), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(sum), gtk_label_new("–"), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(page), sum, FALSE, FALSE, 0);
    gtk_stack_add_titled(GTK_STACK(stack), page, "adder", "Adder");
    /* The other four pages, as Triad's: placeholders in the sidebar until first shown. */
    const char *others[][2] = {{"address", "Address"}, {"login", "Login"}, {"users", "Users"}, {"note", "Note"}};
    for (int i = 0; i < 4; i++) {
        gtk_stack_add_titled(GTK_STACK(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), others[i][0], others[i][1]);
    }

    gtk_container_add(GTK_CONTAINER(window), outer);
    PHASE("window and first page built");
    gtk_widget_show_all(window);
    gtk_widget_grab_default(add);
    quit_after_first_frame(window, app);
    PHASE("window presented");
}

int main(int argc, char **argv) {
    PHASE("main");
    /* Single instance, as Triad: the application registers its name on the session bus. */
    GtkApplication *app = gtk_application_new("io.github.triad.AdderReference", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "startup", G_CALLBACK(phase_startup), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}

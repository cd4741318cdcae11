/* The C reference for the user-list benchmark: reads every user from the same SQLite file into
 * a GtkListStore (name, "N years", e-mail), shows it in a fixed-height GtkTreeView, and quits
 * after the first frame, printing the same line as `triad --quit-after-first-frame`.
 * Usage: users-reference DATABASE */
#include <gtk/gtk.h>
#include "first-frame.h"
#include "user-columns.h"
#include <sqlite3.h>

static const char *database_path;

static void activate(GtkApplication *app, gpointer data) {
    GtkListStore *store = gtk_list_store_new(3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
    sqlite3 *db;
    sqlite3_stmt *statement;
    if (sqlite3_open_v2(database_path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        g_printerr("cannot open %s\n", database_path);
        return;
    }
    sqlite3_prepare_v2(db, "SELECT first_name, last_name, email, age FROM users ORDER BY id", -1, &statement, NULL);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        char *name = g_strdup_printf("%s %s", sqlite3_column_text(statement, 0), sqlite3_column_text(statement, 1));
        char *age = g_strdup_printf("%d years", sqlite3_column_int(statement, 3));
        gtk_list_store_insert_with_values(store, NULL, -1, 0, name, 1, age, 2, sqlite3_column_text(statement, 2), -1);
        g_free(name);
        g_free(age);
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);

    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 860, 560);
    GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
    GtkWidget *view = gtk_tree_view_new();
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(view), TRUE);
    add_user_columns(GTK_TREE_VIEW(view));
    gtk_tree_view_set_model(GTK_TREE_VIEW(view), GTK_TREE_MODEL(store));
    g_object_unref(store);
    gtk_container_add(GTK_CONTAINER(scroller), view);
    gtk_container_add(GTK_CONTAINER(window), scroller);
    gtk_widget_show_all(window);
    quit_after_first_frame(window, app);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        g_printerr("usage: %s DATABASE\n", argv[0]);
        return 2;
    }
    database_path = argv[1];
    GtkApplication *app = gtk_application_new("io.github.triad.UsersReference", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}

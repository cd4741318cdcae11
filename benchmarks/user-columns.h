/* Shared by the C reference programs that show users: the three columns of Triad's user list
 * (Sources/Triad/Users/UserListPageView.swift), fixed width and resizable, over a model whose
 * columns 0, 1 and 2 hold the name, the age and the e-mail. */
#include <gtk/gtk.h>

static void add_user_column(GtkTreeView *view, const char *title, int index, int width) {
    GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
    GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes(title, renderer, "text", index, NULL);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_column_set_fixed_width(column, width);
    gtk_tree_view_column_set_resizable(column, TRUE);
    gtk_tree_view_append_column(view, column);
}

static void add_user_columns(GtkTreeView *view) {
    add_user_column(view, "Name", 0, 220);
    add_user_column(view, "Age", 1, 90);
    add_user_column(view, "E-mail", 2, 280);
}

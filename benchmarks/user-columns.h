/* Shared by the C reference programs that show users: the three columns of Triad's user list
 * (Sources/Triad/Users/UserListPageView.swift), fixed width and resizable, over a model whose
 * columns 0, 1 and 2 hold the name, the age and the e-mail. */
#include <gtk/gtk.h>
#include "reference-widgets.h"

static void add_user_columns(GtkTreeView *view) {
    add_text_column(view, "Name", 0, 220);
    add_text_column(view, "Age", 1, 90);
    add_text_column(view, "E-mail", 2, 280);
}

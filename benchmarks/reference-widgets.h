/* What the C reference programs' pages say many times, as Triad's .ui files say it with one
 * property or style class: written once here, for window-reference.c, chart-page.h and
 * user-columns.h. Inline, so that a program that uses only some of them is not warned of the
 * rest. */
#ifndef REFERENCE_WIDGETS_H
#define REFERENCE_WIDGETS_H
#include <gtk/gtk.h>

/* What a screen reader calls the widget (a .ui file's AtkObject::accessible-name). */
static inline void accessible_name(GtkWidget *widget, const char *name) {
    atk_object_set_name(gtk_widget_get_accessible(widget), name);
}

/* One or two style classes (`second` may be NULL). */
static inline void add_classes(GtkWidget *widget, const char *first, const char *second) {
    GtkStyleContext *style = gtk_widget_get_style_context(widget);
    gtk_style_context_add_class(style, first);
    if (second) gtk_style_context_add_class(style, second);
}

/* The same margin on all four sides (a .ui file's `margin`). */
static inline void set_margins(GtkWidget *widget, int margin) {
    gtk_widget_set_margin_start(widget, margin);
    gtk_widget_set_margin_end(widget, margin);
    gtk_widget_set_margin_top(widget, margin);
    gtk_widget_set_margin_bottom(widget, margin);
}

/* A line that says what was refused or failed, hidden until it has something to say. */
static inline GtkWidget *hidden_message(const char *name) {
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_line_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    add_classes(label, "error-message", NULL);
    gtk_widget_set_no_show_all(label, TRUE);
    accessible_name(label, name);
    return label;
}

/* A text column of fixed width that a person may resize, showing the model's column `index`, as
 * GtkKit's Table makes its columns. Returns its renderer (an editable column sets it so). */
static inline GtkCellRenderer *add_text_column(GtkTreeView *view, const char *title, int index, int width) {
    GtkCellRenderer *renderer = gtk_cell_renderer_text_new();
    GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes(title, renderer, "text", index, NULL);
    gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED);
    gtk_tree_view_column_set_fixed_width(column, width);
    gtk_tree_view_column_set_resizable(column, TRUE);
    gtk_tree_view_append_column(view, column);
    return renderer;
}
#endif

/* The chart page in plain GTK3 calls, for `window-reference --page chart`: what GTK itself needs
 * to build and draw the design of Triad's chart page (the .ui files in Sources/Triad/Chart) with
 * its first poll. Every widget Triad's page shows is here, styled by Triad's style sheet (which
 * window-reference.c loads for every page, as Triad does), with the same accessible names:
 *
 *   the title and Export…, and the hidden status line;
 *   the Values table: a heading, a fixed-height GtkTreeView of three columns (name and votes
 *   editable) over a GtkListStore, its (hidden) scrollbar, in a frame; the hidden message line; Add,
 *   Remove and Paste;
 *   the bar chart: the scale's labels, and per option its votes, a vertical GtkScale whose
 *   filled part is the bar, and its name;
 *   the pie: a GtkDrawingArea painted with cairo as PieChartPainter paints it (slices, parting
 *   lines, each share on its slice), and the legend, a swatch and a label per option.
 *
 * Children are packed as a .ui file packs them by default (not expanded, filling their space).
 *
 * It leaves out what belongs to Triad rather than to GTK, which is what the comparison measures:
 * the model, the store, the undo history, and the handlers of edits, drags and the wheel. */
#include <gtk/gtk.h>
#include <math.h>
#include "reference-widgets.h"

#define CHART_OPTIONS 5
static const char *chart_names[CHART_OPTIONS] = {"Apples", "Pears", "Plums", "Cherries", "Figs"};
static const int chart_votes[CHART_OPTIONS] = {12, 7, 5, 9, 3};
static int chart_percent[CHART_OPTIONS];

/* Whole percentages that add up to 100: each share rounded down, then a point more to the
 * largest remainders (as the model's PollShares does). */
static void chart_shares(void) {
    int total = 0, given = 0;
    double remainder[CHART_OPTIONS];
    for (int i = 0; i < CHART_OPTIONS; i++) total += chart_votes[i];
    for (int i = 0; i < CHART_OPTIONS; i++) {
        double exact = 100.0 * chart_votes[i] / total;
        chart_percent[i] = (int)exact;
        remainder[i] = exact - chart_percent[i];
        given += chart_percent[i];
    }
    for (; given < 100; given++) {
        int largest = 0;
        for (int i = 1; i < CHART_OPTIONS; i++) if (remainder[i] > remainder[largest]) largest = i;
        chart_percent[largest]++;
        remainder[largest] = -1;
    }
}

static GtkWidget *chart_button(const char *label, const char *tooltip, const char *name) {
    GtkWidget *button = gtk_button_new_with_mnemonic(label);
    gtk_widget_set_tooltip_text(button, tooltip);
    accessible_name(button, name);
    return button;
}

static GtkWidget *chart_values(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *heading = gtk_label_new_with_mnemonic("_Values");
    gtk_label_set_xalign(GTK_LABEL(heading), 0);
    add_classes(heading, "page-title", NULL);
    gtk_box_pack_start(GTK_BOX(box), heading, FALSE, TRUE, 0);

    GtkListStore *store = gtk_list_store_new(3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
    for (int i = 0; i < CHART_OPTIONS; i++) {
        char *votes = g_strdup_printf("%d", chart_votes[i]);
        char *share = g_strdup_printf("%d %%", chart_percent[i]);
        gtk_list_store_insert_with_values(store, NULL, -1, 0, chart_names[i], 1, votes, 2, share, -1);
        g_free(votes);
        g_free(share);
    }
    GtkWidget *view = gtk_tree_view_new_with_model(GTK_TREE_MODEL(store));
    g_object_unref(store);
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(view), TRUE);
    gtk_tree_view_set_enable_search(GTK_TREE_VIEW(view), FALSE);
    static const char *titles[] = {"Option", "Votes", "Share"};
    static const int widths[] = {130, 80, 64};
    for (int column = 0; column < 3; column++)
        g_object_set(add_text_column(GTK_TREE_VIEW(view), titles[column], column, widths[column]), "editable",
                     column < 2, NULL);
    accessible_name(view, "Values");
    atk_object_set_description(gtk_widget_get_accessible(view),
                               "Each option's name and votes; press Enter on a cell to change it.");
    gtk_label_set_mnemonic_widget(GTK_LABEL(heading), view);
    GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_EXTERNAL);
    gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scroller), FALSE);
    gtk_scrolled_window_set_propagate_natural_width(GTK_SCROLLED_WINDOW(scroller), TRUE);
    gtk_scrolled_window_set_min_content_width(GTK_SCROLLED_WINDOW(scroller), 276);
    gtk_widget_set_hexpand(scroller, TRUE);
    gtk_container_add(GTK_CONTAINER(scroller), view);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_pack_start(GTK_BOX(row), scroller, TRUE, TRUE, 0);
    GtkWidget *scrollbar =
        gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(view)));
    accessible_name(scrollbar, "Values position");
    /* Hidden, as Triad's table hides it while every row fits: five do. */
    gtk_widget_set_no_show_all(scrollbar, TRUE);
    gtk_box_pack_start(GTK_BOX(row), scrollbar, FALSE, TRUE, 0);
    GtkWidget *frame = gtk_frame_new(NULL);
    gtk_frame_set_shadow_type(GTK_FRAME(frame), GTK_SHADOW_IN);
    gtk_widget_set_vexpand(frame, TRUE);
    gtk_container_add(GTK_CONTAINER(frame), row);
    gtk_box_pack_start(GTK_BOX(box), frame, TRUE, TRUE, 0);

    GtkWidget *message = hidden_message("Values message");
    gtk_label_set_max_width_chars(GTK_LABEL(message), 34);
    gtk_box_pack_start(GTK_BOX(box), message, FALSE, TRUE, 0);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_pack_start(GTK_BOX(buttons), chart_button("_Add", "Add an option after the others", "Add option"),
                       FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(buttons),
                       chart_button("_Remove", "Remove the option chosen in the table", "Remove option"), FALSE,
                       TRUE, 0);
    gtk_box_pack_start(GTK_BOX(buttons),
                       chart_button("_Paste",
                                    "Add the options on the clipboard, one per line, as \u201cname, votes\u201d "
                                    "(Ctrl+V in the table)",
                                    "Paste options"),
                       FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(box), buttons, FALSE, TRUE, 0);
    return box;
}

static GtkWidget *chart_secondary_label(const char *text, float xalign) {
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(label), xalign);
    add_classes(label, "secondary-text", NULL);
    return label;
}

static GtkWidget *chart_bars(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_vexpand(box, TRUE);
    GtkWidget *axis = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    gtk_box_pack_start(GTK_BOX(axis), gtk_label_new(" "), FALSE, TRUE, 0);
    /* The scale's top for bars up to 12 votes, as BarChartController.scaleTop gives it. */
    const int top = 25;
    char *top_text = g_strdup_printf("%d", top);
    GtkWidget *axis_top = chart_secondary_label(top_text, 1);
    g_free(top_text);
    gtk_label_set_yalign(GTK_LABEL(axis_top), 0);
    gtk_widget_set_vexpand(axis_top, TRUE);
    accessible_name(axis_top, "Bar chart scale");
    gtk_box_pack_start(GTK_BOX(axis), axis_top, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(axis), chart_secondary_label("0", 1), FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(axis), gtk_label_new(" "), FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(box), axis, FALSE, TRUE, 0);

    GtkWidget *bars = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
    gtk_box_set_homogeneous(GTK_BOX(bars), TRUE);
    gtk_widget_set_hexpand(bars, TRUE);
    accessible_name(bars, "Bar chart");
    atk_object_set_description(gtk_widget_get_accessible(bars), "A slider per option: its value is the option's "
                               "votes; Up, Down, Page Up and Page Down change it.");
    for (int i = 0; i < CHART_OPTIONS; i++) {
        GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
        char *votes = g_strdup_printf("%d", chart_votes[i]);
        GtkWidget *votes_label = gtk_label_new(votes);
        gtk_widget_set_tooltip_text(votes_label, votes);
        g_free(votes);
        GtkWidget *scale = gtk_scale_new_with_range(GTK_ORIENTATION_VERTICAL, 0, top, 1);
        gtk_range_set_increments(GTK_RANGE(scale), 1, 10);
        gtk_range_set_inverted(GTK_RANGE(scale), TRUE);
        gtk_range_set_value(GTK_RANGE(scale), chart_votes[i]);
        gtk_scale_set_has_origin(GTK_SCALE(scale), TRUE);
        gtk_scale_set_draw_value(GTK_SCALE(scale), FALSE);
        gtk_scale_set_digits(GTK_SCALE(scale), 0);
        gtk_widget_set_vexpand(scale, TRUE);
        gtk_widget_set_halign(scale, GTK_ALIGN_CENTER);
        char *colour = g_strdup_printf("chart-color-%d", i % 7);
        add_classes(scale, "chart-bar", colour);
        g_free(colour);
        accessible_name(scale, chart_names[i]);
        gtk_widget_set_tooltip_text(scale, chart_names[i]);
        GtkWidget *name = gtk_label_new(chart_names[i]);
        gtk_label_set_ellipsize(GTK_LABEL(name), PANGO_ELLIPSIZE_END);
        gtk_label_set_max_width_chars(GTK_LABEL(name), 10);
        gtk_widget_set_tooltip_text(name, chart_names[i]);
        gtk_box_pack_start(GTK_BOX(column), votes_label, FALSE, TRUE, 0);
        gtk_box_pack_start(GTK_BOX(column), scale, TRUE, TRUE, 0);
        gtk_box_pack_start(GTK_BOX(column), name, FALSE, TRUE, 0);
        gtk_box_pack_start(GTK_BOX(bars), column, TRUE, TRUE, 0);
    }
    gtk_box_pack_start(GTK_BOX(box), bars, TRUE, TRUE, 0);
    return box;
}

static void chart_point(double x, double y, double radius, double angle, double *px, double *py) {
    *px = x + radius * cos(angle);
    *py = y + radius * sin(angle);
}

/* The pie as PieChartPainter.paintPie draws it: colours from the theme, a parting line in the
 * background colour between slices, each share on a patch of its slice's colour. */
static gboolean chart_draw_pie(GtkWidget *area, cairo_t *cr, gpointer data) {
    GtkStyleContext *style = gtk_widget_get_style_context(area);
    int width = gtk_widget_get_allocated_width(area), height = gtk_widget_get_allocated_height(area);
    gtk_render_background(style, cr, 0, 0, width, height);
    double x = width / 2.0, y = height / 2.0, radius = fmax(1, fmin(width, height) / 2.0 - 4);
    GdkRGBA colours[CHART_OPTIONS], background;
    for (int i = 0; i < CHART_OPTIONS; i++) {
        char *name = g_strdup_printf("chart_color_%d", i % 7);
        gtk_style_context_lookup_color(style, name, &colours[i]);
        g_free(name);
    }
    gtk_style_context_lookup_color(style, "theme_bg_color", &background);
    double start[CHART_OPTIONS], end[CHART_OPTIONS], angle = -G_PI / 2;
    int total = 0;
    for (int i = 0; i < CHART_OPTIONS; i++) total += chart_votes[i];
    for (int i = 0; i < CHART_OPTIONS; i++) {
        start[i] = angle;
        angle += 2 * G_PI * chart_votes[i] / total;
        end[i] = angle;
        cairo_new_path(cr);
        cairo_move_to(cr, x, y);
        cairo_arc(cr, x, y, radius, start[i], end[i]);
        cairo_close_path(cr);
        gdk_cairo_set_source_rgba(cr, &colours[i]);
        cairo_fill(cr);
    }
    gdk_cairo_set_source_rgba(cr, &background);
    cairo_set_line_width(cr, 2);
    for (int i = 0; i < CHART_OPTIONS; i++) {
        double ex, ey;
        chart_point(x, y, radius, start[i], &ex, &ey);
        cairo_move_to(cr, x, y);
        cairo_line_to(cr, ex, ey);
        cairo_stroke(cr);
    }
    for (int i = 0; i < CHART_OPTIONS; i++) {
        char *text = g_strdup_printf("%d %%", chart_percent[i]);
        PangoLayout *layout = gtk_widget_create_pango_layout(area, text);
        g_free(text);
        int text_width, text_height;
        pango_layout_get_pixel_size(layout, &text_width, &text_height);
        double distance = radius * 0.62, cx, cy;
        if ((end[i] - start[i]) * distance > text_width + 6 && radius > text_width) {
            chart_point(x, y, distance, (start[i] + end[i]) / 2, &cx, &cy);
            gdk_cairo_set_source_rgba(cr, &colours[i]);
            cairo_rectangle(cr, cx - text_width / 2.0 - 3, cy - text_height / 2.0, text_width + 6, text_height);
            cairo_fill(cr);
            double luminance = 0.2126 * colours[i].red + 0.7152 * colours[i].green + 0.0722 * colours[i].blue;
            double ink = luminance > 0.45 ? 0 : 1;
            cairo_set_source_rgb(cr, ink, ink, ink);
            cairo_move_to(cr, cx - text_width / 2.0, cy - text_height / 2.0);
            pango_cairo_show_layout(cr, layout);
        }
        g_object_unref(layout);
    }
    return FALSE;
}

static GtkWidget *chart_pie(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_set_size_request(area, 160, 160);
    gtk_widget_add_events(area, GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK);
    g_signal_connect(area, "draw", G_CALLBACK(chart_draw_pie), NULL);
    accessible_name(area, "Pie chart");
    GString *description = g_string_new(NULL);
    GtkWidget *legend = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_valign(legend, GTK_ALIGN_CENTER);
    accessible_name(legend, "Pie chart legend");
    for (int i = 0; i < CHART_OPTIONS; i++) {
        GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        GtkWidget *swatch = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
        gtk_widget_set_size_request(swatch, 14, 14);
        gtk_widget_set_valign(swatch, GTK_ALIGN_CENTER);
        char *colour = g_strdup_printf("chart-color-%d", i % 7);
        add_classes(swatch, "chart-swatch", colour);
        g_free(colour);
        char *share = g_strdup_printf("%s, %d %%", chart_names[i], chart_percent[i]);
        GtkWidget *label = gtk_label_new(share);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
        gtk_label_set_max_width_chars(GTK_LABEL(label), 28);
        g_string_append_printf(description, "%s%s", i ? "; " : "", share);
        g_free(share);
        gtk_box_pack_start(GTK_BOX(line), swatch, FALSE, TRUE, 0);
        gtk_box_pack_start(GTK_BOX(line), label, FALSE, TRUE, 0);
        gtk_box_pack_start(GTK_BOX(legend), line, FALSE, TRUE, 0);
    }
    atk_object_set_description(gtk_widget_get_accessible(area), description->str);
    g_string_free(description, TRUE);
    gtk_box_pack_start(GTK_BOX(box), area, FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(box), legend, FALSE, TRUE, 0);
    return box;
}

static GtkWidget *chart_page_widget(void) {
    chart_shares();
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    set_margins(page, 24);
    GtkWidget *title_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *title = gtk_label_new("Favourite fruit");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_widget_set_hexpand(title, TRUE);
    add_classes(title, "page-title", NULL);
    accessible_name(title, "Chart title");
    gtk_box_pack_start(GTK_BOX(title_row), title, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(title_row),
                       chart_button("_Export…", "Save the bar chart or the pie chart as a PNG or SVG picture",
                                    "Export chart"),
                       FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(page), title_row, FALSE, TRUE, 0);
    GtkWidget *status = hidden_message("Chart status");
    gtk_label_set_selectable(GTK_LABEL(status), TRUE);
    gtk_box_pack_start(GTK_BOX(page), status, FALSE, TRUE, 0);

    GtkWidget *views = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24);
    gtk_widget_set_vexpand(views, TRUE);
    gtk_box_pack_start(GTK_BOX(views), chart_values(), FALSE, TRUE, 0);
    GtkWidget *charts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    gtk_widget_set_hexpand(charts, TRUE);
    gtk_box_pack_start(GTK_BOX(charts), chart_bars(), TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(charts), chart_pie(), FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(views), charts, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(page), views, TRUE, TRUE, 0);
    return page;
}

/* The C reference for `make bench`: the same window as Triad's (header bar with two menu buttons,
 * stack sidebar with six pages, Triad's style sheet), built with plain GTK3 calls, starting on one
 * of three pages:
 *
 *   window-reference                the adder page: the patterns' buttons, two number fields, Add
 *                                   button, sum label
 *   window-reference --page chart   the chart page: a table, a bar chart and a pie of its first
 *                                   poll, and Undo and Redo in the header bar (chart-page.h)
 *   window-reference --page users   the Users page: title, search field, Import and menu buttons, the list
 *                                   (a fixed-height GtkTreeView of three fixed-width columns in a
 *                                   scrolled window, a scrollbar beside it, in a frame) and the
 *                                   count below; the list holds 100 users in a GtkListStore
 *
 * The Users page in C is what GTK itself needs to draw the page's design with a list whose size
 * costs nothing (100 rows, a page of them on screen): against the adder page in C, it is the
 * floor of Triad's Users page against its adder page. The chart page in C is, in the same way,
 * the least GTK needs for Triad's chart page. It quits after the first frame and prints
 * the same line as `triad --quit-after-first-frame`. Built with -DREFERENCE_STAYS_OPEN it stays
 * open, to be set beside Triad's window and compared by eye. */
#include <gtk/gtk.h>
#include <string.h>
#include "first-frame.h"
#include "user-columns.h"
#include "chart-page.h"

static const char *shown = "adder";

static GtkWidget *field(GtkGrid *grid, int row, const char *label_text, const char *name, const char *value) {
    GtkWidget *label = gtk_label_new_with_mnemonic(label_text);
    GtkWidget *entry = gtk_entry_new();
    gtk_label_set_xalign(GTK_LABEL(label), 1);
    gtk_label_set_mnemonic_widget(GTK_LABEL(label), entry);
    gtk_entry_set_text(GTK_ENTRY(entry), value);
    gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
    gtk_entry_set_input_purpose(GTK_ENTRY(entry), GTK_INPUT_PURPOSE_NUMBER);
    gtk_widget_set_hexpand(entry, TRUE);
    accessible_name(entry, name);
    gtk_grid_attach(grid, label, 0, row, 1, 1);
    gtk_grid_attach(grid, entry, 1, row, 1, 1);
    return entry;
}

/* The adder page as Triad's AdderPage.ui and AdderView.ui lay it out: the title and the three
 * patterns' buttons, and in a stack the MVC adder (the two others are placeholders until chosen,
 * as in Triad): two number fields, Add, the two hidden message lines, the sum. Children are
 * packed as a .ui file packs them by default (not expanded, filling their space). */
static GtkWidget *adder_page(GtkWidget **default_widget) {
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    set_margins(page, 36);
    gtk_widget_set_halign(page, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(page, GTK_ALIGN_START);
    gtk_widget_set_size_request(page, 420, -1);
    GtkWidget *title_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *title = gtk_label_new("Add two numbers");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_set_hexpand(title, TRUE);
    add_classes(title, "page-title", NULL);
    gtk_box_pack_start(GTK_BOX(title_row), title, TRUE, TRUE, 0);
    GtkWidget *switcher = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_set_halign(switcher, GTK_ALIGN_END);
    add_classes(switcher, "linked", NULL);
    static const char *patterns[][2] = {
        {"MVC", "Model–View–Controller: the view tells its delegate, the controller, what was typed, and asks what to show"},
        {"MVP", "Model–View–Presenter: the view hands the press to its presenter, which tells the passive view what to show"},
        {"MVVM", "Model–View–ViewModel: the fields are bound to a view model, and the sum follows its property"}};
    for (int i = 0; i < 3; i++) {
        GtkWidget *button = gtk_toggle_button_new_with_label(patterns[i][0]);
        gtk_widget_set_tooltip_text(button, patterns[i][1]);
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(button), i == 0);
        gtk_box_pack_start(GTK_BOX(switcher), button, FALSE, TRUE, 0);
    }
    gtk_box_pack_start(GTK_BOX(title_row), switcher, FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(page), title_row, FALSE, TRUE, 0);

    GtkWidget *adder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 12);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
    field(GTK_GRID(grid), 0, "_First number", "First number", "100");
    field(GTK_GRID(grid), 1, "_Second number", "Second number", "200");
    GtkWidget *add = gtk_button_new_with_mnemonic("_Add");
    gtk_widget_set_can_default(add, TRUE);
    gtk_widget_set_halign(add, GTK_ALIGN_END);
    add_classes(add, "suggested-action", NULL);
    accessible_name(add, "Add");
    gtk_grid_attach(GTK_GRID(grid), add, 1, 2, 1, 1);
    gtk_box_pack_start(GTK_BOX(adder), grid, FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(adder), hidden_message("Adder error"), FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(adder), hidden_message("Adder storage status"), FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(adder), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), FALSE, TRUE, 0);
    GtkWidget *sum = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *caption = gtk_label_new("Sum");
    gtk_widget_set_valign(caption, GTK_ALIGN_BASELINE);
    add_classes(caption, "secondary-text", NULL);
    GtkWidget *value = gtk_label_new("–");
    gtk_label_set_xalign(GTK_LABEL(value), 0);
    gtk_label_set_ellipsize(GTK_LABEL(value), PANGO_ELLIPSIZE_END);
    gtk_widget_set_valign(value, GTK_ALIGN_BASELINE);
    add_classes(value, "sum-value", NULL);
    accessible_name(value, "Sum result");
    gtk_box_pack_start(GTK_BOX(sum), caption, FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(sum), value, FALSE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(adder), sum, FALSE, TRUE, 0);

    GtkWidget *stack = gtk_stack_new();
    gtk_stack_set_transition_type(GTK_STACK(stack), GTK_STACK_TRANSITION_TYPE_NONE);
    gtk_widget_set_margin_top(stack, 6);
    gtk_stack_add_named(GTK_STACK(stack), adder, "mvc");
    gtk_stack_add_named(GTK_STACK(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "mvp");
    gtk_stack_add_named(GTK_STACK(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "mvvm");
    gtk_box_pack_start(GTK_BOX(page), stack, FALSE, TRUE, 0);
    *default_widget = add;
    return page;
}

/* A menu button as Triad's: its icon an image child in place of the default arrow, and sensitive
 * with its menu still to come (GtkKit's MenuButton.giveMenuWhenFirstOpened). */
static GtkWidget *image_menu_button(const char *icon) {
    GtkWidget *menu = gtk_menu_button_new();
    gtk_container_remove(GTK_CONTAINER(menu), gtk_bin_get_child(GTK_BIN(menu)));
    gtk_container_add(GTK_CONTAINER(menu), gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON));
    gtk_widget_set_sensitive(menu, TRUE);
    return menu;
}

/* 100 users as `triad --generate-users` makes them. */
static GtkListStore *hundred_users(void) {
    static const char *first[] = {"Iyad", "Mila", "Mark", "Aiko", "Wei", "Min-jun", "Sofia", "Lucas", "Amara", "Noah",
                                  "Yuki", "Li", "Seo-yeon", "Elena", "Omar", "Hana", "Diego", "Ava", "Kenji", "Zara"};
    static const char *last[] = {"Agha", "Haward", "Astun", "Tanaka", "Wang", "Kim", "Rossi", "Silva", "Okafor", "Smith",
                                 "Sato", "Chen", "Park", "Novak", "Haddad", "Suzuki", "Garcia", "Brown", "Ito", "Khan"};
    GtkListStore *store = gtk_list_store_new(3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
    for (int n = 1; n <= 100; n++) {
        char *name = g_strdup_printf("%s %s", first[n % 20], last[(n / 20) % 20]);
        char *age = g_strdup_printf("%d years", 18 + n % 70);
        char *email = g_strdup_printf("user%d@example.com", n);
        gtk_list_store_insert_with_values(store, NULL, -1, 0, name, 1, age, 2, email, -1);
        g_free(name);
        g_free(age);
        g_free(email);
    }
    return store;
}

static GtkWidget *users_page_widget(void) {
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_container_set_border_width(GTK_CONTAINER(page), 24);
    GtkWidget *search_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *title = gtk_label_new("Users");
    add_classes(title, "page-title", NULL);
    gtk_box_pack_start(GTK_BOX(search_row), title, FALSE, FALSE, 0);
    GtkWidget *search = gtk_search_entry_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(search), "Search by name or e-mail");
    gtk_box_pack_start(GTK_BOX(search_row), search, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(search_row), gtk_button_new_with_mnemonic("_Import…"), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(search_row), image_menu_button("view-more-symbolic"), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(page), search_row, FALSE, FALSE, 0);

    GtkWidget *view = gtk_tree_view_new();
    gtk_tree_view_set_fixed_height_mode(GTK_TREE_VIEW(view), TRUE);
    gtk_tree_view_set_enable_search(GTK_TREE_VIEW(view), FALSE);
    add_user_columns(GTK_TREE_VIEW(view));
    GtkListStore *store = hundred_users();
    gtk_tree_view_set_model(GTK_TREE_VIEW(view), GTK_TREE_MODEL(store));
    g_object_unref(store);
    GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_EXTERNAL);
    gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scroller), FALSE);
    gtk_widget_set_hexpand(scroller, TRUE);
    gtk_container_add(GTK_CONTAINER(scroller), view);
    GtkWidget *list_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_pack_start(GTK_BOX(list_row), scroller, TRUE, TRUE, 0);
    gtk_box_pack_start(GTK_BOX(list_row), gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL,
                                                            gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(view))),
                       FALSE, FALSE, 0);
    GtkWidget *frame = gtk_frame_new(NULL);
    gtk_frame_set_shadow_type(GTK_FRAME(frame), GTK_SHADOW_IN);
    gtk_container_add(GTK_CONTAINER(frame), list_row);
    GtkWidget *states = gtk_stack_new();
    gtk_widget_set_vexpand(states, TRUE);
    gtk_stack_add_named(GTK_STACK(states), frame, "list");
    gtk_box_pack_start(GTK_BOX(page), states, TRUE, TRUE, 0);

    GtkWidget *count = gtk_label_new("100 users");
    gtk_label_set_xalign(GTK_LABEL(count), 0);
    gtk_box_pack_start(GTK_BOX(page), count, FALSE, FALSE, 0);
    return page;
}

/* Where `make` did not say (a build by hand from the project's folder). */
#ifndef STYLE_CSS
#define STYLE_CSS "Resources/style.css"
#endif

static void activate(GtkApplication *app, gpointer data) {
    /* Triad's style sheet, which Triad loads for every page (Sources/Triad/Desktop/Style.swift). */
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_path(css, STYLE_CSS, NULL);
    gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), GTK_STYLE_PROVIDER(css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 860, 560);
    GtkWidget *header = gtk_header_bar_new();
    gtk_header_bar_set_title(GTK_HEADER_BAR(header), "Triad");
    gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(header), TRUE);
    if (strcmp(shown, "chart") == 0) {
        /* Undo and Redo, which Triad's header bar shows while the chart page is. */
        static const char *history[][2] = {{"edit-undo-symbolic", "Undo"}, {"edit-redo-symbolic", "Redo"}};
        for (int i = 0; i < 2; i++) {
            GtkWidget *button = gtk_button_new_from_icon_name(history[i][0], GTK_ICON_SIZE_BUTTON);
            gtk_widget_set_tooltip_text(button, history[i][1]);
            accessible_name(button, history[i][1]);
            gtk_widget_set_sensitive(button, FALSE);
            gtk_header_bar_pack_start(GTK_HEADER_BAR(header), button);
        }
    }
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), image_menu_button("open-menu-symbolic"));
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), image_menu_button("dialog-warning-symbolic"));
    gtk_window_set_titlebar(GTK_WINDOW(window), header);

    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    GtkWidget *stack = gtk_stack_new();
    GtkWidget *sidebar = gtk_stack_sidebar_new();
    gtk_stack_sidebar_set_stack(GTK_STACK_SIDEBAR(sidebar), GTK_STACK(stack));
    gtk_widget_set_size_request(sidebar, 180, -1);
    gtk_box_pack_start(GTK_BOX(outer), sidebar, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(outer), gtk_separator_new(GTK_ORIENTATION_VERTICAL), FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(outer), stack, TRUE, TRUE, 0);

    /* The page shown is built; the other five, as Triad's, are placeholders in the sidebar
     * until first shown. */
    static const char *pages[][2] = {{"adder", "Adder"}, {"address", "Address"}, {"login", "Login"},
                                     {"users", "Users"}, {"note", "Note"}, {"chart", "Chart"}};
    GtkWidget *default_widget = NULL;
    for (int i = 0; i < 6; i++) {
        GtkWidget *page;
        if (strcmp(pages[i][0], shown) != 0) {
            page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
        } else if (strcmp(shown, "users") == 0) {
            page = users_page_widget();
        } else if (strcmp(shown, "chart") == 0) {
            page = chart_page_widget();
        } else {
            page = adder_page(&default_widget);
        }
        if (strcmp(pages[i][0], shown) == 0) gtk_header_bar_set_subtitle(GTK_HEADER_BAR(header), pages[i][1]);
        gtk_stack_add_titled(GTK_STACK(stack), page, pages[i][0], pages[i][1]);
    }

    gtk_container_add(GTK_CONTAINER(window), outer);
    PHASE("window and first page built");
    gtk_widget_show_all(window);
    gtk_stack_set_visible_child_name(GTK_STACK(stack), shown);
    if (default_widget) gtk_widget_grab_default(default_widget);
#ifndef REFERENCE_STAYS_OPEN
    quit_after_first_frame(window, app);
#endif
    PHASE("window presented");
}

int main(int argc, char **argv) {
    PHASE("main");
    if (argc > 2 && strcmp(argv[1], "--page") == 0 && (strcmp(argv[2], "users") == 0 || strcmp(argv[2], "chart") == 0))
        shown = argv[2];
    /* Single instance, as Triad: the application registers its name on the session bus. */
    GtkApplication *app = gtk_application_new("io.github.triad.WindowReference", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "startup", G_CALLBACK(phase_startup), NULL);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}

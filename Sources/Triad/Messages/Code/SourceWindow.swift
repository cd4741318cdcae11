import CGtk
import GtkKit
import TriadModel

/// A page's source, without the Messages pane (Ctrl+U, and the main menu): its files in a list,
/// the one chosen highlighted beside it (SourceWindow.ui), read from the sources compiled into
/// the app; "Open in Editor" hands it to the desktop's editor where the source tree is on disk.
@MainActor
final class SourceWindow: LearningTool {
    private let builder = Builder(resource: AppInfo.ui("SourceWindow.ui"))
    private let window: Owned<GtkWindow>
    private let files: UnsafeMutablePointer<GtkTreeView>
    private let store: UnsafeMutablePointer<GtkListStore>
    private let editorButton: WidgetPointer
    private let sourceView = SourceView()
    private var paths: [String] = []
    private var path: String?
    var onClosed: (@MainActor () -> Void)?

    init(application: UnsafeMutablePointer<GtkApplication>?) {
        window = Owned(window: builder.object("window"))
        files = builder.object("files")
        store = builder.object("files_store")
        editorButton = builder.object("editor_button")
        gtk_container_add(builder.object("code_slot", as: GtkContainer.self), sourceView.widget)
        installWindowActions(Self.actions, on: window.pointer, owner: self, application: application)
        editorButton.on(.clicked, target: self, action: SourceWindow.openInEditor)
        gtk_tree_view_get_selection(files).on(.changed, target: self, action: SourceWindow.fileChosen)
        window.pointer.on(.deleteEvent, target: self, action: SourceWindow.closeRequested)
    }

    /// The window's own actions (`win.*`): Ctrl+W, as every window.
    static var actions: [ActionEntry<SourceWindow>] {
        [ActionEntry("close", ["<Primary>w"], SourceWindow.close)]
    }

    /// Shows the files of `page` (its title in the header bar), the first one chosen.
    func show(page: String, title: String) {
        gtk_window_set_title(window.pointer, L("{page} Page Source").filling(["page": title]))
        paths = SourceFiles.files(ofPage: page)
        gtk_list_store_clear(store)
        for path in paths {
            var iter = GtkTreeIter()
            gtk_list_store_append(store, &iter)
            setText(store, &iter, column: 0, path)
        }
        if paths.isEmpty { sourceView.show(L("The sources are not in this build."), language: "", line: nil) }
        var first = GtkTreeIter()
        if gtk_tree_model_get_iter_first(OpaquePointer(store), &first) != 0 {
            gtk_tree_selection_select_iter(gtk_tree_view_get_selection(files), &first)
        }
        gtk_window_present(window.pointer)
        gtk_widget_grab_focus(files.widget)
    }

    /// `win.close` (Ctrl+W), as the title bar's close button.
    func close() { gtk_window_close(window.pointer) }

    private func fileChosen() {
        var iter = GtkTreeIter()
        guard gtk_tree_selection_get_selected(gtk_tree_view_get_selection(files), nil, &iter) != 0,
              let treePath = gtk_tree_model_get_path(OpaquePointer(store), &iter) else { return }
        let row = Int(gtk_tree_path_get_indices(treePath)?[0] ?? -1)
        gtk_tree_path_free(treePath)
        guard paths.indices.contains(row) else { return }
        let path = paths[row]
        self.path = path
        sourceView.show(SourceIndex.shared.text(ofPath: path) ?? "", language: SourceFiles.language(of: path), line: nil)
        gtk_header_bar_set_subtitle(builder.object("header"), path)
        SourceFiles.setEditorButton(editorButton, for: path)
    }

    private func openInEditor() {
        guard let path, let problem = SourceFiles.openInEditor(path, parent: window.pointer) else { return }
        gtk_header_bar_set_subtitle(builder.object("header"), problem)
    }

    /// The owner lets go of this window, which destroys it.
    private func closeRequested() -> Bool {
        onClosed?()
        return true
    }
}

import GtkKit
import TriadModel

/// A page's source, without the Messages pane (Ctrl+U, and the main menu): its files in a list,
/// the one chosen highlighted beside it (SourceWindow.ui), read from the sources compiled into
/// the app; "Open in Editor" hands it to the desktop's editor where the source tree is on disk.
@MainActor
final class SourceWindow: LearningTool {
    private let builder = Builder(resource: AppInfo.ui("SourceWindow.ui"))
    private let window: Owned<Window>
    private let header: HeaderBar
    private let files: TreeView
    private let store: ListStore
    private let editorButton: Button
    private let sourceView = SourceCodeView(accessibleName: L("Source code"))
    private var paths: [String] = []
    private var path: String?
    var onClosed: (@MainActor () -> Void)?

    init(application: Application?) {
        window = Owned(window: builder.object("window"))
        header = builder.object("header")
        files = builder.object("files")
        store = builder.object("files_store")
        editorButton = builder.object("editor_button")
        builder.object("code_slot", as: Box.self).add(sourceView.widget)
        window.object.installActions(Self.actions, owner: self, application: application)
        editorButton.on(.clicked, target: self, action: SourceWindow.openInEditor)
        files.selection.on(.changed, target: self, action: SourceWindow.fileChosen)
        window.object.on(.deleteEvent, target: self, action: SourceWindow.closeRequested)
    }

    /// The window's own actions (`win.*`): Ctrl+W, as every window.
    static var actions: [ActionEntry<SourceWindow>] {
        [ActionEntry("close", ["<Primary>w"], SourceWindow.close)]
    }

    /// Shows the files of `page` (its title in the header bar), the first one chosen.
    func show(page: String, title: String) {
        window.object.title = L("{page} Page Source").filling(["page": title])
        paths = SourceFiles.files(ofPage: page)
        store.clear()
        for path in paths { store.append([.text(path)]) }
        if paths.isEmpty { sourceView.show(L("The sources are not in this build."), language: "", line: nil, dark: Style.themeIsDark) }
        if !paths.isEmpty { files.selection.select(row: 0) }
        window.object.present()
        files.grabFocus()
    }

    /// `win.close` (Ctrl+W), as the title bar's close button.
    func close() { window.object.close() }

    private func fileChosen() {
        guard let row = files.selection.selectedRow, paths.indices.contains(row) else { return }
        let path = paths[row]
        self.path = path
        sourceView.show(
            SourceBundle.shared.text(ofPath: path) ?? "", language: SourceFiles.language(of: path), line: nil, dark: Style.themeIsDark)
        header.subtitle = path
        SourceFiles.setEditorButton(editorButton, for: path)
    }

    private func openInEditor() {
        guard let path, let problem = SourceFiles.openInEditor(path, over: window.object) else { return }
        header.subtitle = problem
    }

    /// The owner lets go of this window, which destroys it.
    private func closeRequested() -> Bool {
        onClosed?()
        return true
    }
}

import GtkKit
import TriadModel

/// The Code tab: the selected message's line in its file, highlighted and scrolled into view, as
/// gtk3-demo shows a demo's source beside it. The source view is made the first time a message
/// with code is selected.
@MainActor
final class CodePane: LearningTool {
    private let location: Label
    let editorButton: Button
    private let slot: Box
    private var sourceView: SourceCodeView?
    /// The file shown, as a path inside the sources bundle, its line marked, and whose line it is.
    private var path: String?
    private var line = 0
    private var side = CodeSide.sender

    init(view: MessagesView) {
        location = view.detail("code_location")
        editorButton = view.detail("open_editor_button")
        slot = view.detail("code_slot")
    }

    /// Shows the code `message` points at, or says why there is none.
    func show(_ message: LoggedMessage?) {
        guard let message else { return showNothing(L("Select a message to see its code.")) }
        guard message.line > 0, let path = SourceBundle.shared.path(ofFileID: message.file) else {
            // The lines come from a map of the code that `make build` makes from the compiler's
            // output; a plain `swift build` cannot make it.
            guard SourceMap.shared.memberCount > 0 else {
                return showNothing(
                    L("This build has no map of the code's lines: `make build` makes one, which a plain `swift build` cannot."))
            }
            return showNothing(L("This message has no line of code in the app's sources."))
        }
        // The list refreshes as messages come; the code shown stays where the reader scrolled it.
        guard path != self.path || message.line != line || message.side != side else { return }
        guard let code = SourceBundle.shared.text(ofPath: path) else {
            return showNothing(L("This message has no line of code in the app's sources."))
        }
        let view = sourceView ?? makeSourceView()
        view.show(code, language: SourceFiles.language(of: path), line: message.line, dark: Style.themeIsDark)
        self.path = path
        line = message.line
        side = message.side
        let whose = message.side == .sender ? L("the line that sent the message") : L("the method that received it")
        location.text = L("{file}, line {line}: {whose}").filling(["file": path, "line": String(message.line), "whose": whose])
        SourceFiles.setEditorButton(editorButton, for: path)
    }

    /// "Open in Editor": the file shown, in the desktop's editor.
    func openInEditor() {
        guard let path, let problem = SourceFiles.openInEditor(path, over: location.window) else { return }
        location.text = problem
    }

    private func showNothing(_ text: String) {
        location.text = text
        path = nil
        line = 0
        sourceView?.widget.isVisible = false
        SourceFiles.setEditorButton(editorButton, for: nil)
    }

    private func makeSourceView() -> SourceCodeView {
        let view = SourceCodeView(accessibleName: L("Source code"))
        slot.add(view.widget)
        sourceView = view
        return view
    }
}

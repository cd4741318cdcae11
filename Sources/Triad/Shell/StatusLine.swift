import GtkKit

extension Label {
    /// Shows `text` as a page's status line (under a form, a note, a chart): an error in the
    /// error colour, anything else dimmed (style.css's `error-message` and `secondary-text`).
    @MainActor func showAsStatus(_ text: String, isError: Bool) {
        self.text = text
        setStyleClass("error-message", isError)
        setStyleClass("secondary-text", !isError)
    }
}

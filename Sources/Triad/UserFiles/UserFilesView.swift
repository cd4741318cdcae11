import GtkKit

/// The users page's file tools (UserFilesView.ui): Import… and the menu with the exports, and the
/// empty list's Import Users…; the import's and export's progress and result, under the search
/// row (TransferView). Passive: the import and export controllers wire them.
@MainActor
final class UserFilesView {
    private let builder = Builder(resource: AppInfo.ui("UserFilesView.ui"))
    /// Import… and the menu, for the page's search row.
    let tools: Box
    /// Import Users…, for the empty list.
    let emptyImportButton: Button
    let importButton: Button
    let menuButton: MenuButton
    let transfer: TransferView

    /// - Parameter page: the users page, where dropped files are taken and the transfer shows.
    init(page: Box) {
        tools = builder.object("tools")
        emptyImportButton = builder.object("empty_import_button")
        importButton = builder.object("import_button")
        menuButton = builder.object("users_menu_button")
        menuButton.giveMenuWhenFirstOpened(builder.object("users_menu"))
        transfer = TransferView(page: page)
    }

    /// Both import buttons.
    var importButtons: [Button] { [importButton, emptyImportButton] }

    /// Both import buttons are pressable, or not (while an import runs).
    func setImportEnabled(_ enabled: Bool) {
        for button in importButtons { button.isSensitive = enabled }
    }
}

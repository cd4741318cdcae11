import CGtk
import GtkKit
import TriadModel

/// The Users page's export, from the menu beside Import (its `users.*` actions): all users, or
/// those the search shows, to a CSV or JSON file the person names (the format follows the name),
/// written on a worker thread with its own read-only connection, with progress and Cancel.
@MainActor
final class UsersExport {
    private let storePath: String
    private let transfer: UsersTransferView
    private let desktop: DesktopSession
    private let page: WidgetPointer
    private let searchEntry: UnsafeMutablePointer<GtkEntry>
    private let menuButton: UnsafeMutablePointer<GtkMenuButton>
    private let menu: UnsafeMutablePointer<GMenuModel>
    private let actions = Owned<GSimpleActionGroup>(g_simple_action_group_new()!)
    private var chooser: Owned<GtkNativeDialog>?

    init(builder: Builder, storePath: String, transfer: UsersTransferView, desktop: DesktopSession) {
        self.storePath = storePath
        self.transfer = transfer
        self.desktop = desktop
        page = builder.object("root")
        searchEntry = builder.object("search_entry")
        menuButton = builder.object("users_menu_button")
        menu = builder.object("users_menu")
        install(Self.actionTable, into: actions.opaque, owner: self)
        gtk_widget_insert_action_group(page, "users", actions.opaque)
        // The menu's popover is made the first time it opens (as the main menu's is), so the
        // button is made sensitive here, as its model would have made it.
        gtk_widget_set_sensitive(menuButton.widget, 1)
        menuButton.on(.toggled, target: self, action: UsersExport.menuToggled)
        searchEntry.on(.changed, target: self, action: UsersExport.searchChanged)
        searchChanged()
    }

    static var actionTable: [ActionEntry<UsersExport>] {
        [ActionEntry("export-all", [], UsersExport.exportAll), ActionEntry("export-found", [], UsersExport.exportFound)]
    }

    private func menuToggled() {
        guard gtk_menu_button_get_popover(menuButton) == nil, gtk_toggle_button_get_active(menuButton.cast()) != 0 else { return }
        gtk_menu_button_set_menu_model(menuButton, menu)
        if let popover = gtk_menu_button_get_popover(menuButton) { gtk_popover_popup(popover.cast()) }
    }

    /// "Export Search Result…" is there while a search is.
    private func searchChanged() {
        let action = g_action_map_lookup_action(actions.opaque, "export-found")
        g_simple_action_set_enabled(action, gbool(!searchEntry.text.trimmingWhitespace.isEmpty))
    }

    private func exportAll() { choose(search: nil) }
    private func exportFound() { choose(search: searchEntry.text) }

    private func choose(search: String?) {
        guard !transfer.isBusy, chooser == nil else { return }
        chooser = GtkKit.chooseFile(title: L("Export Users"), action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: L("_Export"),
                                    cancel: L("_Cancel"), parent: page, configure: { chooser in
            gtk_file_chooser_set_do_overwrite_confirmation(chooser, 1)
            gtk_file_chooser_set_current_name(chooser, "users.csv")
            for (name, type, pattern) in [(L("CSV"), "text/csv", "*.csv"), (L("JSON"), "application/json", "*.json")] {
                let filter = gtk_file_filter_new()!
                gtk_file_filter_set_name(filter, name)
                gtk_file_filter_add_mime_type(filter, type)
                gtk_file_filter_add_pattern(filter, pattern)
                gtk_file_chooser_add_filter(chooser, filter)
            }
        }, chosen: { [weak self] path in self?.export(to: path, search: search) }, answered: { [weak self] in self?.chooser = nil })
    }

    private func export(to chosen: String, search: String?) {
        guard !transfer.isBusy else { return }
        // The format follows the name; a name without .csv or .json gets .csv.
        let format = UserExporter.Format(fileName: chosen) ?? .csv
        let path = UserExporter.Format(fileName: chosen) == nil ? chosen + ".csv" : chosen
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let cancel = CancelFlag()
        transfer.start(.exporting, cancel: cancel)
        let ticket = desktop.preventEnding(because: L("Exporting users"))
        let storePath = self.storePath
        WorkerThread.run({
            UserExporter.run(to: path, format: format, search: search, storePath: storePath, cancel: cancel) { fraction in
                MainLoop.hop { [weak self] in self?.transfer.showProgress(fraction) }
            }
        }) { [weak self] result in
            guard let self else { return }
            self.desktop.allowEnding(ticket)
            switch result {
            case .success(let count):
                let text = LN("{count} user exported to “{name}”.", "{count} users exported to “{name}”.", count)
                    .filling(["count": formattedCount(count), "name": name])
                self.transfer.showResult(text, isError: false, of: .exporting)
                self.desktop.notifyIfAway(id: "export", title: L("Export finished"), body: text)
            case .failure(let error):
                self.transfer.showResult(error.message, isError: error != .cancelled, of: .exporting)
            }
        }
    }
}

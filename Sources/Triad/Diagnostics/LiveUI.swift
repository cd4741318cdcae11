import Glibc
import GtkKit

/// `TRIAD_DEV_UI=FOLDER` (`make dev` sets it to Sources/Triad): the views' `.ui` files are read
/// from FOLDER rather than from the bundle compiled into the program, and a `.ui` file saved
/// there makes the page shown again, without a restart, as Workbench previews a change. A file
/// that does not load is named on the terminal with GTK's reason, and the page stays as it was.
@MainActor
enum LiveUI {
    private static var monitors: [FolderMonitor] = []
    private static let settle = Debouncer(milliseconds: 150)

    static func startIfRequested(remakePage: @escaping @MainActor () -> Void) {
        guard let folder = getenv("TRIAD_DEV_UI").map({ String(cString: $0) }), !folder.isEmpty else { return }
        let uiFiles = files(under: folder, endingIn: ".ui")
        for path in uiFiles {
            let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
            Builder.filesOnDisk[AppInfo.ui(name)] = path
        }
        let folders = Set(uiFiles.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) })
        monitors = folders.sorted().compactMap { watched in
            FolderMonitor(folder: watched) { path in
                // An editor's save comes as several events: the page is made again once they stop.
                guard path.hasSuffix(".ui"), Builder.filesOnDisk.values.contains(path) else { return }
                settle.schedule { reload(path, remakePage) }
            }
        }
        print("triad: reading the views' .ui files from \(folder); saving one shows its page again")
    }

    private static func reload(_ path: String, _ remakePage: @MainActor () -> Void) {
        if let problem = Builder.problem(loading: path) {
            print("triad: \(path) does not load, the page stays as it was: \(problem)")
        } else {
            print("triad: \(path) saved: the page is made again")
            remakePage()
        }
        fflush(nil)
    }
}

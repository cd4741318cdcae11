import CGLib
import Glibc
import XCTest

@testable import TriadModel

final class StoreTests: XCTestCase {
    private let sample = Address(street: "1-2-3 丸の内", city: "千代田区", state: "東京都", postalCode: "100-0005")

    func testRoundTripAndReopen() throws {
        let directory = makeTemporaryDirectory(self) + "/nested/data"
        let sample = self.sample
        try MainActor.assumeIsolated {
            do {
                let store = try Store(directory: directory)
                let book = AddressBook(store: store, clock: { 1_700_000_000 })
                XCTAssertNil(try book.load())
                try book.saveNow(sample)
            }
            let reopened = try Store(directory: directory)
            let loaded = try AddressBook(store: reopened).load()
            XCTAssertEqual(loaded?.address, sample)
            XCTAssertEqual(loaded?.savedAt, 1_700_000_000)
            XCTAssertNil(reopened.recoveredFile)
        }
    }

    func testMigrationFromEmptyAndPermissions() throws {
        let directory = makeTemporaryDirectory(self) + "/fresh"
        let store = try Store(directory: directory)
        XCTAssertEqual(store.database.userVersion, Store.schemaVersion)
        XCTAssertEqual(try store.database.scalar("PRAGMA journal_mode"), .text("wal"))
        XCTAssertEqual(fileMode(directory), 0o700)
        XCTAssertEqual(fileMode(store.path), 0o600)
        let tables = try store.database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].text }
        XCTAssertEqual(tables, ["accounts", "address", "chart_options", "login_failures", "note", "settings", "users"])
    }

    func testSettings() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        XCTAssertNil(store.setting("k"))
        try store.setSetting("k", "v1")
        try store.setSetting("k", "v2 'quoted' \"; DROP TABLE settings; --")
        XCTAssertEqual(store.setting("k"), "v2 'quoted' \"; DROP TABLE settings; --")
        try store.setSetting("k", nil)
        XCTAssertNil(store.setting("k"))
    }

    func testTransactionRollsBack() throws {
        let store = try Store(directory: makeTemporaryDirectory(self))
        struct Stop: Error {}
        XCTAssertThrowsError(
            try store.database.transaction {
                try store.setSetting("a", "1")
                throw Stop()
            })
        XCTAssertNil(store.setting("a"))
    }

    func testNonSQLiteFileIsMovedAsideNotDeleted() throws {
        let directory = makeTemporaryDirectory(self)
        let path = "\(directory)/\(DataLocation.fileName)"
        let junk = Array("this is not a database, it is a note someone saved here\n".utf8) + [UInt8](repeating: 7, count: 5000)
        writeFile(path, junk)
        let store = try Store(directory: directory, now: { 1_700_000_000 })
        let moved = try XCTUnwrap(store.recoveredFile)
        XCTAssertTrue(moved.hasPrefix(path + ".damaged-"), moved)
        XCTAssertEqual(readFile(moved), junk, "the old file is kept byte for byte")
        XCTAssertEqual(store.database.userVersion, Store.schemaVersion, "a fresh store was started")
    }

    /// A store on disk holding 2,000 settings (over 40 KB), its log checkpointed into the file.
    private func storeOfSettings() throws -> (directory: String, path: String) {
        let directory = makeTemporaryDirectory(self)
        let store = try Store(directory: directory)
        for i in 0..<2000 { try store.setSetting("key\(i)", String(repeating: "x", count: 100)) }
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return (directory, "\(directory)/\(DataLocation.fileName)")
    }

    /// Overwrites pages in the middle of the file, keeping its valid header.
    private func damage(_ path: String) {
        var bytes = readFile(path)
        XCTAssertGreaterThan(bytes.count, 40_000)
        for i in 8192..<min(bytes.count, 40_000) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        writeFile(path, bytes)
    }

    func testCorruptDatabaseIsMovedAside() throws {
        let (directory, path) = try storeOfSettings()
        damage(path)
        let store = try Store(directory: directory)
        XCTAssertNotNil(store.recoveredFile)
        XCTAssertNil(store.setting("key1"))
        XCTAssertEqual(try store.database.scalar("PRAGMA integrity_check"), .text("ok"))
    }

    /// The app checks the store while GTK starts (`Store.check`), in a launch that may yet hand
    /// over to a running Triad: the check must change nothing.
    func testACheckChangesNothing() throws {
        let directory = makeTemporaryDirectory(self) + "/not-yet"
        XCTAssertNil(Store.check(directory: directory), "no file: nothing to trust")
        XCTAssertNotEqual(access(directory, F_OK), 0, "no folder was made")
        let existing = makeTemporaryDirectory(self)
        let path = "\(existing)/\(DataLocation.fileName)"
        let junk = Array("not a database\n".utf8) + [UInt8](repeating: 7, count: 5000)
        writeFile(path, junk)
        XCTAssertNil(Store.check(directory: existing), "a foreign file is not trusted")
        XCTAssertEqual(readFile(path), junk, "and is left as it was (the open moves it aside)")
    }

    /// An open skips its own check only for the very file that was checked: the open leaves the
    /// file as checked (so the check is not run twice), and a file damaged after the check is
    /// still found out and moved aside.
    func testAnOpenTrustsACheckOnlyForTheFileChecked() throws {
        let (directory, path) = try storeOfSettings()
        let checked = try XCTUnwrap(Store.check(directory: directory), "a healthy store")
        do {
            let store = try Store(directory: directory, checked: checked)
            XCTAssertNil(store.recoveredFile)
            XCTAssertEqual(store.setting("key1999"), String(repeating: "x", count: 100))
            XCTAssertEqual(Store.CheckedFile(path: path), checked, "opening left the file as checked")
        }
        // Damage it after the check, as a crash of another program could; the stale check is not trusted.
        let stale = try XCTUnwrap(Store.check(directory: directory))
        damage(path)
        XCTAssertNil(Store.check(directory: directory), "the damage is found")
        let store = try Store(directory: directory, checked: stale)
        XCTAssertNotNil(store.recoveredFile, "moved aside despite the earlier check")
        XCTAssertEqual(try store.database.scalar("PRAGMA integrity_check"), .text("ok"))
    }

    func testDiskFullIsReportedAndNothingChanges() throws {
        let directory = makeTemporaryDirectory(self)
        let sample = self.sample
        try MainActor.assumeIsolated {
            let store = try Store(directory: directory)
            let book = AddressBook(store: store)
            try book.saveNow(sample)
            // SQLite's own page limit produces the same SQLITE_FULL a full disk does.
            let pages = try XCTUnwrap(store.database.scalar("PRAGMA page_count")?.integer)
            try store.database.execute("PRAGMA max_page_count = \(pages)")
            let huge = Address(
                street: String(repeating: "x", count: 200), city: String(repeating: "y", count: 200_000),
                state: "s", postalCode: "12345")
            XCTAssertThrowsError(try book.saveNow(huge)) { error in
                XCTAssertEqual((error as? StoreError)?.kind, .full)
                XCTAssertEqual(
                    (error as? StoreError)?.explained("Not saved."),
                    "Not saved. The disk is full. Free some disk space, then try again.")
            }
            XCTAssertEqual(try book.load()?.address, sample, "the previous address is intact")
        }
    }

    func testDataLocation() {
        XCTAssertEqual(DataLocation.directory(appID: "io.github.triad.Triad", explicit: "/x"), "/x")
        // Otherwise GLib's user data folder; `test_desktop.test_data_folder_follows_xdg_data_home`
        // checks the real app with XDG_DATA_HOME set.
        XCTAssertEqual(
            DataLocation.directory(appID: "io.github.triad.Triad", explicit: ""),
            String(cString: g_get_user_data_dir()) + "/io.github.triad.Triad")
    }
}

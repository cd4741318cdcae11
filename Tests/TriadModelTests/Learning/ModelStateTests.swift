import XCTest

@testable import TriadModel

/// What the State tab lists of each model, and how it marks what a message changed.
final class ModelStateTests: XCTestCase {
    func testTheAddersNumbersAndSum() throws {
        try MainActor.assumeIsolated {
            let model = AdderModel()
            try model.set("40", "2")
            XCTAssertEqual(
                ModelState.adder(model),
                [
                    StateEntry("model.first", "40"), StateEntry("model.second", "2"),
                    StateEntry("model.total()", "42"),
                ])
            try model.set("9223372036854775807", "1")
            XCTAssertEqual(ModelState.adder(model).last, StateEntry("model.total()", "The sum is too large"))
        }
    }

    func testWhatChangedIsMarkedWithTheValueBefore() {
        let before = [StateEntry("model.first", "0"), StateEntry("model.second", "0")]
        let after = [StateEntry("model.first", "40"), StateEntry("model.second", "0"), StateEntry("model.total()", "40")]
        XCTAssertEqual(
            ModelState.changes(before: before, after: after),
            [
                StateChange(name: "model.first", value: "40", before: "0"),
                StateChange(name: "model.second", value: "0", before: nil),
                StateChange(name: "model.total()", value: "40", before: "nil"),
            ])
        XCTAssertEqual(ModelState.changes(before: nil, after: after).filter(\.changed), [], "without a state before, nothing is marked")
    }

    func testTextIsShownAsASwiftLiteral() {
        XCTAssertEqual(ModelState.quoted("say \"hi\"\\\nbye"), "\"say \\\"hi\\\"\\\\\\nbye\"")
        let long = String(repeating: "a", count: 100)
        XCTAssertEqual(ModelState.quotedPreview(long), "\"" + String(repeating: "a", count: ModelState.textLimit) + "…\"")
    }

    func testTheAccountsNamesAndLocksButNeverAPassword() throws {
        let store = try Store(inMemory: ())
        try store.database.execute(
            "INSERT INTO accounts (name_key, display_name, password_hash, created_at) VALUES ('kim', 'Kim', '$y$secret-hash', 0)")
        try store.database.execute("INSERT INTO login_failures (name_key, failures, locked_until) VALUES ('kim', 5, 130)")
        try store.database.execute("INSERT INTO login_failures (name_key, failures, locked_until) VALUES ('lee', 2, 0)")
        let entries = MainActor.assumeIsolated { ModelState.accounts(in: store, now: 100) }
        XCTAssertEqual(
            entries,
            [
                StateEntry("accounts.count", "1"), StateEntry("accounts[0].name", "\"Kim\""),
                StateEntry("failures[\"kim\"]", "5 failed, locked for 30 s"), StateEntry("failures[\"lee\"]", "2 failed"),
            ])
        XCTAssertFalse(entries.contains { $0.value.contains("secret") }, "the hash is never read")
    }

    func testTheUserListsQueryCountAndLoading() {
        XCTAssertEqual(
            MainActor.assumeIsolated { ModelState.users(query: "Iy", count: 1_000, loading: true) },
            [StateEntry("query", "\"Iy\""), StateEntry("users.count", formattedCount(1_000)), StateEntry("loading", "true")])
    }
}

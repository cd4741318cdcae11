import XCTest

@testable import TriadModel

/// What the address book tells its delegate, in order: the seed's controller shows "Saving…" on
/// *will save* and the saved address on *did save*, so each message must come, and in that order.
final class AddressBookDelegateTests: XCTestCase {
    func testASaveIsAnnouncedThenConfirmed() throws {
        try MainActor.assumeIsolated {
            let book = AddressBook(store: try Store(inMemory: ()), clock: { 1_700_000_000 })
            let recorder = AddressBookRecorder()
            book.delegate = recorder
            book.save(AddressForm([.street: " 1 Main St ", .city: "Springfield", .state: "IL", .postalCode: "62701"]))
            XCTAssertEqual(recorder.events, ["will 1 Main St", "did 1 Main St"])
            XCTAssertEqual(try book.load()?.savedAt, 1_700_000_000)
        }
    }

    func testARefusedFormIsNeitherAnnouncedNorStored() throws {
        try MainActor.assumeIsolated {
            let book = AddressBook(store: try Store(inMemory: ()))
            let recorder = AddressBookRecorder()
            book.delegate = recorder
            book.save(AddressForm([.street: "", .city: "Springfield", .state: "IL", .postalCode: "62701"]))
            XCTAssertEqual(recorder.events.map { $0.split(separator: " ").first }, ["refused"], "\(recorder.events)")
            XCTAssertNil(try book.load())
        }
    }
}

import GtkKit
import TriadModel

/// Seed 000's address book as its controller is given it, beside the seam's recorder: in the
/// past, a Save waits for the learner's word (TravelControls), as a change of the chart does;
/// then it starts a new present and the book saves as ever. Everything else passes through.
@MainActor
final class AddressBookTraveller: AddressBookProtocol {
    private let book: any AddressBookProtocol
    init(_ book: any AddressBookProtocol) { self.book = book }

    var delegate: AddressBookDelegate? {
        get { book.delegate }
        set { book.delegate = newValue }
    }

    func load() throws -> (address: Address, savedAt: Int64)? { try book.load() }

    func save(_ form: AddressForm) {
        guard let controls = TravelControls.current, controls.isTravelling else { return book.save(form) }
        controls.changeInPast { [book] in book.save(form) }
    }
}

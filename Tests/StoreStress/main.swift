import Glibc
import TriadModel

// Helper for the crash-safety test: saves addresses "Street 1", "Street 2", … into the store in
// TRIAD_DATA_DIR (or the folder given as the first argument), printing each number after its
// commit returned, until it is killed or has saved the count given as the second argument.

let arguments = CommandLine.arguments
let directory = arguments.count > 1 ? arguments[1] : dataFolderFromEnvironment()
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100

func dataFolderFromEnvironment() -> String {
    guard let value = getenv("TRIAD_DATA_DIR"), value.pointee != 0 else {
        print("triad-store-stress: give the data folder as an argument or in TRIAD_DATA_DIR")
        exit(2)
    }
    return String(cString: value)
}

/// Saves through the app's own path and throws the error its delegate heard.
@MainActor func save(_ book: AddressBook, _ address: Address) throws {
    final class Outcome: AddressBookDelegate {
        var error: StoreError?
        func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem]) {}
        func addressBook(_ book: AddressBook, willSave address: Address) {}
        func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) {}
        func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) { self.error = error }
    }
    let outcome = Outcome()
    book.delegate = outcome
    book.save(address)  // no `later` here: the write runs at once
    if let error = outcome.error { throw error }
}

do {
    let store = try Store(directory: directory)
    let book = AddressBook(store: store)
    let start = Int(try book.load()?.address.street.split(separator: " ").last.flatMap { Int($0) } ?? 0)
    for number in (start + 1)...(start + count) {
        try save(book, Address(street: "Street \(number)", city: "City \(number)", state: "State", postalCode: "12345"))
        print(number)
        fflush(nil)
    }
} catch {
    print("triad-store-stress: \(error)")
    exit(1)
}

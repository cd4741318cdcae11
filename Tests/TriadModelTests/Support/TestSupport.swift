import Glibc
import TriadModel
import XCTest

/// A fresh temporary folder, removed by the test's teardown.
func makeTemporaryDirectory(_ test: XCTestCase) -> String {
    var template = Array("/tmp/triad-test-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    test.addTeardownBlock { removeTree(path) }
    return path
}

func removeTree(_ path: String) {
    _ = system("rm -rf '\(path)'")
}

func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes.append(contentsOf: buffer[..<count])
    }
    return bytes
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "wb") else { return }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

func fileMode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o777
}

/// Data files of the source tree, as the app ships them.
enum TestData {
    /// The repository's root, from this file's place in it.
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Tests/TriadModelTests/Support/TestSupport.swift
        return parts.joined(separator: "/")
    }()

    /// The policy with the shipped list of common passwords (Resources/data/common-passwords.txt).
    static let passwordPolicy: PasswordPolicy = {
        let bytes = readFile(root + "/Resources/data/common-passwords.txt")
        return PasswordPolicy(commonPasswords: String(decoding: bytes, as: UTF8.self))
    }()
}

/// What an address book told its delegate, in order.
@MainActor
final class AddressBookRecorder: AddressBookDelegate {
    var events: [String] = []
    var lastError: StoreError?

    func addressBook(_ book: AddressBook, didRefuse problems: [FieldProblem]) { events.append("refused \(problems.map(\.field))") }
    func addressBook(_ book: AddressBook, willSave address: Address) { events.append("will \(address.street)") }
    func addressBook(_ book: AddressBook, didSave address: Address, at time: Int64) { events.append("did \(address.street)") }
    func addressBook(_ book: AddressBook, didFailToSave address: Address, error: StoreError) {
        events.append("failed \(address.street)")
        lastError = error
    }
}

extension AddressBook {
    /// Saves through the real write queue (which runs at once when the store has no `later`)
    /// and throws what the delegate was told.
    @MainActor func saveNow(_ address: Address) throws {
        let recorder = AddressBookRecorder()
        let previous = delegate
        delegate = recorder
        defer { delegate = previous }
        save(address)
        if let error = recorder.lastError { throw error }
        guard recorder.events.last == "did \(address.street)" else {
            throw StoreError.wrapping(TestDataError.notAnswered(recorder.events))
        }
    }
}

extension NoteModel {
    /// Saves through the real write queue and throws its error.
    @MainActor func saveNow() throws {
        var outcome: StoreError??
        save { outcome = .some($0) }
        guard let answered = outcome else { throw StoreError.wrapping(TestDataError.notAnswered([])) }
        if let error = answered { throw error }
    }
}

enum TestDataError: Error {
    case notAnswered([String])
}

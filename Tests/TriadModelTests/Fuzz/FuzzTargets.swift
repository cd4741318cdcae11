// The fuzz targets: every model entry point that takes user text or files. This one file is
// compiled two ways:
// - into the libFuzzer binary (`make fuzz`, with -D FUZZING, together with the model's sources,
//   under address sanitizer), where `LLVMFuzzerTestOneInput` feeds it random inputs;
// - into the model tests, where `FuzzCorpusTests` replays every committed corpus file (the seeds
//   and any input that once crashed) through the same functions.
#if !FUZZING
@testable import TriadModel
#endif
import Glibc

enum FuzzTarget: String, CaseIterable {
    case adder, address, username, password, csv, json

    /// Runs one input; a crash, a sanitizer report or a hang is the failure.
    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .adder:
            let halves = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let model = AdderModel()
            let result = Result { () throws(AdderError) in try model.sum(String(halves.first ?? ""), String(halves.dropFirst().first ?? "")) }
            if case .failure(let error) = result { precondition(!error.message.isEmpty) }
        case .address:
            let parts = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            var values: [AddressField: String] = [:]
            for (index, field) in AddressField.allCases.enumerated() where index < parts.count { values[field] = parts[index] }
            switch AddressValidation.validate(AddressForm(values)) {
            case .success(let address):
                precondition(AddressField.allCases.allSatisfy { address[$0] == address[$0].trimmingWhitespace })
            case .failure(let problems):
                precondition(!problems.items.isEmpty)
            }
        case .username:
            let key = UserName.key(text)
            precondition(UserName.key(key) == key, "normalising twice changes nothing")
        case .password:
            let halves = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            _ = PasswordPolicy(commonPasswords: "# fuzzing\npassword\n12345678\n").weakness(of: String(halves.first ?? ""), userName: String(halves.dropFirst().first ?? ""))
        case .csv, .json:
            FuzzStore.importBytes(bytes, format: self == .csv ? .csv : .json)
        }
    }
}

/// One in-memory store for the import targets, emptied after each input.
enum FuzzStore {
    nonisolated(unsafe) static var store: Store? = try? Store(inMemory: ())

    static func importBytes(_ bytes: [UInt8], format: UserImporter.Format) {
        guard let store else { return }
        if let report = try? UserImporter.importRows(from: ByteReader(bytes: bytes), format: format, into: store.database) {
            precondition(report.added >= 0 && report.skippedCount >= report.skipped.count)
        }
        try? store.database.execute("DELETE FROM users")
    }
}

#if FUZZING
/// The target this process fuzzes, from the FUZZ_TARGET environment variable.
let selectedTarget: FuzzTarget = {
    guard let name = getenv("FUZZ_TARGET"), let target = FuzzTarget(rawValue: String(cString: name)) else {
        fatalError("set FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}
#endif

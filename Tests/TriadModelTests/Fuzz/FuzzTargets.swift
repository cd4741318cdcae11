import Glibc

// The fuzz targets: every model entry point that takes user text or files. This file and the
// oracles beside it (Oracles/: what the import targets check) are compiled two ways:
// - into the libFuzzer binary (`make fuzz`, with -D FUZZING, together with the model's sources,
//   under address sanitizer), where `LLVMFuzzerTestOneInput` feeds it random inputs;
// - into the model tests, where `FuzzCorpusTests` replays every committed corpus file (the seeds
//   and any input that once crashed) through the same functions.
#if !FUZZING
    @testable import TriadModel
#endif

enum FuzzTarget: String, CaseIterable {
    case adder, address, username, password, csv, json, decode, sniff, table

    /// Runs one input; a crash, a sanitizer report, a hang or a property that does not hold
    /// (`precondition`, and ImportOracle's checks for the imports) is the failure.
    func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .adder:
            let halves = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let model = AdderModel()
            let result = Result { () throws(AdderError) in try model.sum(String(halves.first ?? ""), String(halves.dropFirst().first ?? ""))
            }
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
            _ = PasswordPolicy(commonPasswords: "# fuzzing\npassword\n12345678\n").weakness(
                of: String(halves.first ?? ""), userName: String(halves.dropFirst().first ?? ""))
        case .csv, .json:
            ImportOracle.check(bytes, options: ImportOptions(format: self == .csv ? .csv : .json), into: ImportOracle.empty)
        case .decode:
            ImportFuzzing.decode(bytes)
        case .sniff:
            ImportFuzzing.sniff(bytes)
        case .table:
            // The first byte chooses the character set and the separator; the rest is the file.
            let first = bytes.first ?? 0
            let options = ImportOptions(
                encoding: TextEncoding.allCases[Int(first) % TextEncoding.allCases.count],
                separator: CSVSeparator.allCases[Int(first >> 4) % 3])
            ImportOracle.check(Array(bytes.dropFirst()), options: options, into: ImportOracle.listed)
        }
    }
}

/// The import's decoders and the preview's sniffing: the first byte or two choose how the rest is
/// read.
enum ImportFuzzing {
    /// A file converted a chunk at a time (chunks as long as the second byte says) is the file
    /// converted at once, and UTF-8 but for the marker of what was not text.
    static func decode(_ bytes: [UInt8]) {
        guard bytes.count > 2 else { return }
        let encoding = [TextEncoding.utf16LE, .utf16BE, .windows1252][Int(bytes[0]) % 3]
        let text = Array(bytes[2...])
        let whole = CharsetDecoder.convert(text, from: encoding, isWholeFile: true)
        guard let decoder = CharsetDecoder(from: encoding) else { preconditionFailure("GLib converts \(encoding)") }
        var chunked: [UInt8] = []
        var output = [UInt8](repeating: 0, count: 64)
        var start = 0
        var end = 0
        let step = Int(bytes[1]) % 16 + 1
        repeat {
            end = min(text.count, end + step)
            let atEnd = end == text.count
            while true {
                let (consumed, produced) = text.withUnsafeBytes { input in
                    output.withUnsafeMutableBytes {
                        decoder.convert(UnsafeRawBufferPointer(rebasing: input[start..<end]), into: $0, atEnd: atEnd)
                    }
                }
                chunked += output[..<produced]
                start += consumed
                if consumed == 0 && produced == 0 { break }
            }
        } while end < text.count
        precondition(chunked == whole, "chunks convert as the whole does")
        let marked = whole.split(separator: CharsetDecoder.invalid, omittingEmptySubsequences: false)
        precondition(marked.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "UTF-8 between the markers")
    }

    /// The preview of any head: every choice it offers can be made, and the import is told what
    /// it shows.
    static func sniff(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        var preview = ImportPreview(head: Array(bytes.dropFirst()), isWholeFile: first & 1 == 0, format: first & 2 == 0 ? .csv : .json)
        precondition(preview.columnCount >= preview.header.count)
        for row in preview.rows { _ = preview.problem(of: row) }
        preview.setSeparator(CSVSeparator.allCases[Int(first >> 2) % 3])
        preview.setEncoding(TextEncoding.allCases[Int(first >> 4) % TextEncoding.allCases.count])
        for field in UserField.allCases { preview.setColumn(field, to: preview.header.isEmpty ? nil : Int(first) % preview.header.count) }
        precondition(preview.importOptions.columns == preview.columns && preview.rows.count <= ImportPreview.rowLimit)
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

import Glibc

/// One export file being written, a buffer at a time: CSV as RFC 4180 writes it (CRLF line ends,
/// a field quoted when it holds a comma, a quote or a line break, its quotes doubled) under
/// Triad's header, or JSON (an array of objects with Triad's keys). An unknown age is an empty
/// field, or `null`.
final class UserFileWriter {
    private var descriptor: Int32
    private let path: String
    private let format: UserExporter.Format
    /// The bytes not yet written: `used` of `capacity`. Rows are written into it through a local
    /// cursor, one access to the writer's state per row (each access to a class's stored
    /// property is checked at run time; per byte, that cost as much as the rest of a row).
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 16
    private var used = 0
    /// Whether a row has been written: a JSON row after another is preceded by a comma.
    private var hasRows = false
    /// The system's `write`. A disk that fills part-way through a write takes fewer bytes than
    /// asked, and a file on a network mount can be interrupted by a signal: a test gives a stand-in
    /// that does both, as no file of its own would.
    private let writeBytes: (Int32, UnsafeRawPointer, Int) -> Int

    init(
        path: String, format: UserExporter.Format,
        writeBytes: @escaping (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) }
    ) throws(ExportError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor != -1 else { throw .cannotWrite(String(cString: strerror(errno))) }
        self.path = path
        self.format = format
        self.writeBytes = writeBytes
        storage = .allocate(capacity: capacity)
        append(format == .csv ? "first_name,last_name,email,age\r\n" : "[")
    }

    /// A writer let go without `finish` or `discard` (an error between the two) still closes its
    /// file; after either, the descriptor is −1, which `close` refuses and nothing else happens.
    deinit {
        close(descriptor)
        storage.deallocate()
    }

    func write(_ user: User) throws {
        var (first, last, email) = (user.firstName, user.lastName, user.email)
        try first.withUTF8 { first in
            try last.withUTF8 { last in
                try email.withUTF8 { email in try write(first, last, email, age: user.age.map(Int64.init)) }
            }
        }
    }

    func write(
        _ first: UnsafeBufferPointer<UInt8>, _ last: UnsafeBufferPointer<UInt8>, _ email: UnsafeBufferPointer<UInt8>,
        age: Int64?
    ) throws {
        // The most a row can take: every byte escaped (six for one in JSON), and the rest.
        let longest = 6 * (first.count + last.count + email.count) + 96
        if used + longest > capacity { try flush() }
        if longest > capacity {
            storage.deallocate()
            capacity = longest
            storage = .allocate(capacity: capacity)
        }
        var cursor = Cursor(at: storage + used)
        switch format {
        case .csv:
            cursor.csvField(first)
            cursor.put(UInt8(ascii: ","))
            cursor.csvField(last)
            cursor.put(UInt8(ascii: ","))
            cursor.csvField(email)
            cursor.put(UInt8(ascii: ","))
            if let age { cursor.number(age) }
            cursor.put(0x0D)
            cursor.put(0x0A)
        case .json:
            cursor.put(hasRows ? ",\n{\"first_name\":" : "\n{\"first_name\":")
            cursor.jsonString(first)
            cursor.put(",\"last_name\":")
            cursor.jsonString(last)
            cursor.put(",\"email\":")
            cursor.jsonString(email)
            cursor.put(",\"age\":")
            if let age { cursor.number(age) } else { cursor.put("null") }
            cursor.put(UInt8(ascii: "}"))
        }
        used = storage.distance(to: cursor.at)
        hasRows = true
    }

    /// Ends the file and closes it. (Not synced: the store holds the users, the file is a copy
    /// of them, and the system writes it out as it writes any file.)
    func finish() throws {
        // The room a row is given (`longest`) is more than the row can take by more than these
        // three bytes, so the end of the array fits behind the last row.
        if format == .json { append(hasRows ? "\n]\n" : "]\n") }
        try flush()
        let closed = close(descriptor) == 0
        descriptor = -1
        guard closed else { throw ExportError.cannotWrite(String(cString: strerror(errno))) }
    }

    /// Removes what was written (Cancel, or a failure).
    func discard() {
        close(descriptor)  // −1 if `finish` closed it, which `close` refuses
        descriptor = -1
        unlink(path)
    }

    private func flush() throws {
        var offset = 0
        while offset < used {
            let written = writeBytes(descriptor, storage + offset, used - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw ExportError.cannotWrite(String(cString: strerror(errno))) }
            offset += written
        }
        used = 0
    }

    private func append(_ text: StaticString) {
        var cursor = Cursor(at: storage + used)
        cursor.put(text)
        used = storage.distance(to: cursor.at)
    }

    /// Where the next byte goes, in room the row was given (a string goes through the model's
    /// one JSON escaper, JSONText.swift).
    private struct Cursor: JSONTextSink {
        var at: UnsafeMutablePointer<UInt8>

        mutating func put(_ byte: UInt8) {
            at.pointee = byte
            at += 1
        }

        mutating func put(_ text: StaticString) {
            at.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            at += text.utf8CodeUnitCount
        }

        mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            at.update(from: base, count: bytes.count)
            at += bytes.count
        }

        /// A whole number in decimal: its digits are counted first, then written from the last.
        mutating func number(_ value: Int64) {
            if value < 0 { put(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var digits = 1
            var rest = magnitude / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            at += digits
            var digit = at
            repeat {
                digit -= 1
                digit.pointee = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
        }

        /// A CSV field: as it is, or quoted with its quotes doubled when it holds a comma, a
        /// quote or a line break.
        mutating func csvField(_ bytes: UnsafeBufferPointer<UInt8>) {
            let quote = UInt8(ascii: "\"")
            guard bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 0x0A || $0 == 0x0D }) else {
                return copy(bytes)
            }
            put(quote)
            for byte in bytes {
                if byte == quote { put(quote) }
                put(byte)
            }
            put(quote)
        }
    }
}

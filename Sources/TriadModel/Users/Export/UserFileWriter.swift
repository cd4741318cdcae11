import Glibc

/// One export file being written, a buffer at a time: CSV as RFC 4180 writes it (CRLF line ends,
/// a field quoted when it holds a comma, a quote or a line break, its quotes doubled) under
/// Triad's header, or JSON (an array of objects with Triad's keys). An unknown age is an empty
/// field, or `null`.
final class UserFileWriter {
    private var descriptor: Int32
    private let path: String
    private let format: UserExporter.Format
    private var buffer: [UInt8] = []
    private var rows = 0
    private static let bufferSize = 1 << 16

    init(path: String, format: UserExporter.Format) throws(ExportError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(String(cString: strerror(errno))) }
        self.path = path
        self.format = format
        buffer.reserveCapacity(Self.bufferSize + 4096)
        append(format == .csv ? "first_name,last_name,email,age\r\n" : "[")
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func write(_ user: User) throws {
        var (first, last, email) = (user.firstName, user.lastName, user.email)
        try first.withUTF8 { first in
            try last.withUTF8 { last in
                try email.withUTF8 { email in try write(first, last, email, age: user.age.map(Int64.init)) }
            }
        }
    }

    func write(_ first: UnsafeBufferPointer<UInt8>, _ last: UnsafeBufferPointer<UInt8>, _ email: UnsafeBufferPointer<UInt8>,
               age: Int64?) throws {
        switch format {
        case .csv:
            csvField(first)
            buffer.append(UInt8(ascii: ","))
            csvField(last)
            buffer.append(UInt8(ascii: ","))
            csvField(email)
            buffer.append(UInt8(ascii: ","))
            if let age { append(String(age)) }
            buffer.append(0x0D)
            buffer.append(0x0A)
        case .json:
            append(rows == 0 ? "\n{\"first_name\":" : ",\n{\"first_name\":")
            jsonString(first)
            append(",\"last_name\":")
            jsonString(last)
            append(",\"email\":")
            jsonString(email)
            append(",\"age\":")
            append(age.map { String($0) } ?? "null")
            buffer.append(UInt8(ascii: "}"))
        }
        rows += 1
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Ends the file and closes it.
    func finish() throws {
        if format == .json { append(rows == 0 ? "]\n" : "\n]\n") }
        try flush()
        let synced = fsync(descriptor) == 0 || errno == EINVAL  // EINVAL: a pipe or a device
        let closed = close(descriptor) == 0
        descriptor = -1
        guard synced, closed else { throw ExportError.cannotWrite(String(cString: strerror(errno))) }
    }

    /// Removes what was written (Cancel, or a failure).
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw ExportError.cannotWrite(String(cString: strerror(errno))) }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private func csvField(_ bytes: UnsafeBufferPointer<UInt8>) {
        let quote = UInt8(ascii: "\"")
        guard bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 0x0A || $0 == 0x0D }) else {
            buffer.append(contentsOf: bytes)
            return
        }
        buffer.append(quote)
        for byte in bytes {
            if byte == quote { buffer.append(quote) }
            buffer.append(byte)
        }
        buffer.append(quote)
    }

    private func jsonString(_ bytes: UnsafeBufferPointer<UInt8>) {
        let hex = Array("0123456789abcdef".utf8)
        buffer.append(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\")); buffer.append(byte)
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20: append("\\u00"); buffer.append(hex[Int(byte >> 4)]); buffer.append(hex[Int(byte & 15)])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

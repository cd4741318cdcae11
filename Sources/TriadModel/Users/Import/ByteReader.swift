import Glibc

/// Bytes of a file (or of memory, for tests), read in chunks, with the current line number.
public final class ByteReader {
    private let file: UnsafeMutablePointer<FILE>?
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    public private(set) var line = 1
    public private(set) var bytesRead = 0

    public init(path: String) throws(ImportError) {
        guard let file = fopen(path, "rb") else { throw .cannotOpen(String(cString: strerror(errno))) }
        self.file = file
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    public init(bytes: [UInt8]) {
        file = nil
        buffer = bytes
        end = bytes.count
    }

    deinit { if let file { fclose(file) } }

    /// The size of the file, for progress.
    public var totalBytes: Int {
        guard let file else { return end }
        var info = stat()
        return fstat(fileno(file), &info) == 0 ? Int(info.st_size) : 0
    }

    public func peek() -> UInt8? {
        if position == end { refill() }
        return position < end ? buffer[position] : nil
    }

    public func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        position += 1
        bytesRead += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    private func refill() {
        guard let file else { return }
        end = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        position = 0
    }

    /// Skips a UTF-8 byte order mark at the start.
    public func skipByteOrderMark() {
        guard peek() == 0xEF else { return }
        let saved = (position, bytesRead)
        _ = next()
        if next() == 0xBB, next() == 0xBF { return }
        (position, bytesRead) = saved  // not a BOM (a file starting with other bytes)
    }
}

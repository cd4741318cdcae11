import Glibc

/// Bytes of a file (or of memory, for tests), read a chunk at a time, with the current line number.
public final class ByteReader {
    private let file: UnsafeMutablePointer<FILE>?
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var position = 0
    private var end = 0
    private var atEndOfFile = false
    public private(set) var line = 1
    public private(set) var bytesRead = 0

    public init(path: String) throws(ImportError) {
        guard let file = fopen(path, "rb") else { throw .cannotOpen(String(cString: strerror(errno))) }
        self.file = file
        buffer = .allocate(capacity: 1 << 16)
    }

    public init(bytes: [UInt8]) {
        file = nil
        buffer = .allocate(capacity: max(1, bytes.count))
        _ = buffer.initialize(from: bytes)
        end = bytes.count
        atEndOfFile = true
    }

    deinit {
        if let file { fclose(file) }
        buffer.deallocate()
    }

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

    /// The next line, without its LF (or CRLF), as bytes valid until the next read, if it has
    /// no byte `special` and ends with a line break; nil (nothing read) otherwise, and the caller
    /// reads it byte by byte. The fast path of the CSV parser: one memchr per line, not a call
    /// per byte.
    public func nextLine(without special: UInt8) -> UnsafeBufferPointer<UInt8>? {
        if position == end { refill() }
        var newline = findNewline()
        if newline == nil, !atEndOfFile, position > 0 {
            compact()  // the line goes on in the next chunk: move it to the front, read more
            newline = findNewline()
        }
        guard let newline else { return nil }
        let start = buffer.baseAddress! + position
        guard memchr(start, Int32(special), newline - position) == nil else { return nil }
        var length = newline - position
        if length > 0, start[length - 1] == 0x0D { length -= 1 }
        bytesRead += newline + 1 - position
        position = newline + 1
        line += 1
        return UnsafeBufferPointer(start: start, count: length)
    }

    private func findNewline() -> Int? {
        guard position < end, let base = buffer.baseAddress,
              let found = memchr(base + position, 0x0A, end - position) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func refill() {
        guard let file, !atEndOfFile else { return }
        end = fread(buffer.baseAddress, 1, buffer.count, file)
        position = 0
        if end < buffer.count { atEndOfFile = true }
    }

    /// Moves the unread bytes to the front of the buffer and fills the rest from the file.
    private func compact() {
        guard let file, let base = buffer.baseAddress else { return }
        let unread = end - position
        memmove(base, base + position, unread)
        position = 0
        let added = fread(base + unread, 1, buffer.count - unread, file)
        end = unread + added
        if added < buffer.count - unread { atEndOfFile = true }
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

import Glibc

/// The text of a file (or of memory, for tests) as UTF-8 bytes, read a chunk at a time, with the
/// current line number. A file in another character set is converted as it is read
/// (CharsetDecoder, over GLib's iconv), so the parsers only ever see UTF-8.
public final class ByteReader {
    private let file: UnsafeMutablePointer<FILE>?
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var position = 0
    private var end = 0
    private var atEndOfFile = false
    /// The file's own bytes on their way to UTF-8, when it is in another character set.
    private let decoding: Decoding?
    /// Bytes the parser gave back (`unread`), read again before the rest.
    private var pushedBack: [UInt8] = []
    private var pushedBackPosition = 0
    /// The line of the next byte, counted from one, so that a problem can name its line.
    public private(set) var line = 1
    /// How many UTF-8 bytes have been handed out.
    public private(set) var bytesRead = 0

    /// A reader of the file at `path`, converted from `encoding` as it is read.
    public init(path: String, encoding: TextEncoding = .utf8) throws(ImportError) {
        guard let file = fopen(path, "rb") else { throw .cannotOpen(String(cString: strerror(errno))) }
        self.file = file
        buffer = .allocate(capacity: 1 << 16)
        decoding = CharsetDecoder(from: encoding).map(Decoding.init)
    }

    /// A reader of `bytes`, converted from `encoding` at once (a preview's head, a test's text).
    public init(bytes: [UInt8], encoding: TextEncoding = .utf8) {
        let text = encoding.conversionName == nil ? bytes : CharsetDecoder.convert(bytes, from: encoding, isWholeFile: true)
        file = nil
        decoding = nil
        buffer = .allocate(capacity: max(1, text.count))
        _ = buffer.initialize(from: text)
        end = text.count
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

    /// How much of the file has been read, in its own bytes (for progress against `totalBytes`).
    public var fileBytesRead: Int { decoding?.consumed ?? bytesRead }

    /// The next byte without taking it, or nil at the end.
    public func peek() -> UInt8? {
        if pushedBackPosition < pushedBack.count { return pushedBack[pushedBackPosition] }
        if position == end { refill() }
        return position < end ? buffer[position] : nil
    }

    /// Takes the next byte, or nil at the end.
    public func next() -> UInt8? {
        let byte: UInt8
        if pushedBackPosition < pushedBack.count {
            byte = pushedBack[pushedBackPosition]
            pushedBackPosition += 1
        } else {
            if position == end { refill() }
            guard position < end else { return nil }
            byte = buffer[position]
            position += 1
        }
        bytesRead += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// A carriage return without a line feed ended a line (old Mac files, mixed line ends).
    public func countLineBreak() { line += 1 }

    /// Gives back bytes already read, holding `lines` line breaks: they are read again first.
    /// The parser does so when a quote turns out never to be closed, to read on after its line.
    public func unread(_ bytes: [UInt8], lines: Int) {
        pushedBack = bytes + pushedBack[pushedBackPosition...]
        pushedBackPosition = 0
        bytesRead -= bytes.count
        line -= lines
    }

    /// The next line, without its LF (or CRLF), as bytes valid until the next read, if it holds
    /// neither `special` nor `other` and ends with a line break; nil (nothing read) otherwise, and
    /// the caller reads it byte by byte. The fast path of the CSV parser: a few memchr calls per
    /// line, not a call per byte.
    public func nextLine(without special: UInt8, _ other: UInt8) -> UnsafeBufferPointer<UInt8>? {
        guard pushedBackPosition == pushedBack.count else { return nil }
        if position == end { refill() }
        var newline = findNewline()
        if newline == nil, !atEndOfFile, position > 0 {
            compact()  // the line goes on in the next chunk: move it to the front, read more
            newline = findNewline()
        }
        guard let newline, let base = buffer.baseAddress else { return nil }
        let start = base + position
        var length = newline - position
        if length > 0, start[length - 1] == 0x0D { length -= 1 }
        guard memchr(start, Int32(special), length) == nil, memchr(start, Int32(other), length) == nil else { return nil }
        bytesRead += newline + 1 - position
        position = newline + 1
        line += 1
        return UnsafeBufferPointer(start: start, count: length)
    }

    private func findNewline() -> Int? {
        guard position < end, let base = buffer.baseAddress,
            let found = memchr(base + position, 0x0A, end - position)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func refill() {
        guard !atEndOfFile, let base = buffer.baseAddress else { return }
        end = fill(base, buffer.count)
        position = 0
    }

    /// Moves the unread bytes to the front of the buffer and fills the rest from the file.
    private func compact() {
        guard let base = buffer.baseAddress else { return }
        let unread = end - position
        memmove(base, base + position, unread)
        position = 0
        end = unread + fill(base + unread, buffer.count - unread)
    }

    /// Reads up to `capacity` bytes of text into `target`, converted if need be; fewer only at
    /// the end of the file (then `atEndOfFile` is set) or when less room is left than one
    /// character takes.
    private func fill(_ target: UnsafeMutablePointer<UInt8>, _ capacity: Int) -> Int {
        guard let file else {
            atEndOfFile = true
            return 0
        }
        guard let decoding else {
            let count = fread(target, 1, capacity, file)
            if count < capacity { atEndOfFile = true }
            return count
        }
        var produced = 0
        while produced < capacity {
            if decoding.start == decoding.end, !decoding.atEnd { decoding.read(file) }
            let step = decoding.convert(into: UnsafeMutableRawBufferPointer(start: target + produced, count: capacity - produced))
            produced += step.produced
            if step.consumed == 0, step.produced == 0 {
                // Nothing moved: the file is done, the room left is too small for a character, or
                // a character is cut by the end of what was read (read more, then go on).
                if decoding.atEnd || capacity - produced < 8 { break }
                decoding.read(file)
            }
        }
        if decoding.atEnd, decoding.start == decoding.end { atEndOfFile = true }
        return produced
    }

    /// Skips a UTF-8 byte order mark at the start (a UTF-16 one is one once converted).
    public func skipByteOrderMark() {
        guard peek() == 0xEF else { return }
        let saved = (position, bytesRead, line)
        _ = next()
        if next() == 0xBB, next() == 0xBF { return }
        (position, bytesRead, line) = saved  // not a BOM (a file starting with other bytes)
    }

    /// The file's bytes read but not yet converted, and the converter.
    private final class Decoding {
        let decoder: CharsetDecoder
        let raw = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        var start = 0
        var end = 0
        var atEnd = false
        /// File bytes converted so far.
        var consumed = 0

        init(_ decoder: CharsetDecoder) { self.decoder = decoder }
        deinit { raw.deallocate() }

        /// Moves what is left to the front and reads more of the file after it.
        func read(_ file: UnsafeMutablePointer<FILE>) {
            guard let base = raw.baseAddress else { return }
            let left = end - start
            memmove(base, base + start, left)
            start = 0
            let count = fread(base + left, 1, raw.count - left, file)
            end = left + count
            if count < raw.count - left { atEnd = true }
        }

        func convert(into output: UnsafeMutableRawBufferPointer) -> (consumed: Int, produced: Int) {
            let step = decoder.convert(
                UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(raw)[start..<end]), into: output, atEnd: atEnd)
            start += step.consumed
            consumed += step.consumed
            return step
        }
    }
}

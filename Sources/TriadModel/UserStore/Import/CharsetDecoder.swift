import CGLib
import Glibc

/// Converts text from one of the import's character sets to UTF-8 a chunk at a time, through
/// GLib's iconv (`g_iconv`). A character cut by the end of a chunk waits for the next one. Bytes
/// that are no character of the set (Windows-1252 leaves five undefined; UTF-16 may hold half a
/// surrogate pair) become the byte 0xFF, which no UTF-8 text holds: the row they are in is
/// reported as not valid in that character set, and the rest of the file is read on.
final class CharsetDecoder {
    /// The byte that stands for what could not be converted.
    static let invalid: UInt8 = 0xFF
    private let converter: GIConv
    /// How many bytes to step over after an invalid sequence: one code unit.
    private let unitSize: Int

    init?(from encoding: TextEncoding) {
        guard let name = encoding.conversionName,
            let converter = g_iconv_open("UTF-8", name), converter != GIConv(bitPattern: -1)
        else { return nil }
        self.converter = converter
        unitSize = encoding == .windows1252 ? 1 : 2
    }

    deinit { g_iconv_close(converter) }

    /// Converts from `input` into `output` as far as both allow; returns the bytes consumed and
    /// produced. With `atEnd`, an incomplete character at the end of the input is invalid;
    /// without, it stays unconsumed for the next call.
    func convert(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
        atEnd: Bool
    ) -> (consumed: Int, produced: Int) {
        guard let inputBase = input.baseAddress, let outputBase = output.baseAddress else { return (0, 0) }
        var source: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(mutating: inputBase.assumingMemoryBound(to: CChar.self))
        var sourceLeft = input.count
        var target: UnsafeMutablePointer<CChar>? = outputBase.assumingMemoryBound(to: CChar.self)
        var targetLeft = output.count
        while sourceLeft > 0 {
            let status = g_iconv(converter, &source, &sourceLeft, &target, &targetLeft)
            guard status == gsize.max else { break }  // all converted
            let reason = errno
            if reason == E2BIG { break }  // the output is full
            if reason == EINVAL, !atEnd { break }  // a character cut by the chunk's end: wait for the rest
            // An invalid sequence (or one cut by the end of the file): one marker, one unit skipped.
            guard targetLeft > 0, let written = target, let read = source else { break }
            written.pointee = CChar(bitPattern: Self.invalid)
            target = written + 1
            targetLeft -= 1
            let skipped = min(unitSize, sourceLeft)
            source = read + skipped
            sourceLeft -= skipped
        }
        return (input.count - sourceLeft, output.count - targetLeft)
    }

    /// Converts the whole of `bytes` (the head of a file, for a preview).
    static func convert(_ bytes: [UInt8], from encoding: TextEncoding, isWholeFile: Bool) -> [UInt8] {
        guard let decoder = CharsetDecoder(from: encoding) else { return bytes }
        var converted = [UInt8](repeating: 0, count: bytes.count * 3 + 16)  // a byte becomes three at most
        var consumed = 0
        var produced = 0
        bytes.withUnsafeBytes { input in
            converted.withUnsafeMutableBytes { output in
                while consumed < input.count {
                    let step = decoder.convert(
                        UnsafeRawBufferPointer(rebasing: input[consumed...]),
                        into: UnsafeMutableRawBufferPointer(rebasing: output[produced...]), atEnd: isWholeFile)
                    consumed += step.consumed
                    produced += step.produced
                    if step.consumed == 0 { break }  // the rest is a character cut by the head's end
                }
            }
        }
        return Array(converted[..<produced])
    }
}

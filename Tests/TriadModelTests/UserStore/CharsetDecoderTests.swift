import XCTest

@testable import TriadModel

/// The decoder keeps to the room it is given. The reader converts into the room left in its
/// buffer; when a conversion fills that room exactly and the next bytes are no character of the
/// set, iconv reports them as invalid (not the output as full), and their marker waits for the
/// next call instead of going past the room.
final class CharsetDecoderTests: XCTestCase {
    func testAnInvalidSequenceAfterTheRoomIsFilledIsMarkedInTheNextCall() throws {
        let cases: [(encoding: TextEncoding, input: [UInt8], unit: Int)] = [
            (.windows1252, [0x61, 0x62, 0x63, 0x81], 1),  // "abc", then a byte Windows-1252 leaves undefined
            (.utf16LE, [0x61, 0x00, 0x62, 0x00, 0x63, 0x00, 0x00, 0xDC], 2),  // "abc", then half a surrogate pair
            (.utf16BE, [0x00, 0x61, 0x00, 0x62, 0x00, 0x63, 0xDC, 0x00], 2),
        ]
        let untouched: UInt8 = 0x55
        for (encoding, input, unit) in cases {
            let decoder = try XCTUnwrap(CharsetDecoder(from: encoding))
            // Room for "abc", in a larger buffer whose bytes after the room show any write past it.
            var output = [UInt8](repeating: untouched, count: 8)
            var step = input.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { output in
                    decoder.convert(input, into: UnsafeMutableRawBufferPointer(rebasing: output[..<3]), atEnd: true)
                }
            }
            XCTAssertEqual(step.produced, 3, "\(encoding)")
            XCTAssertEqual(step.consumed, input.count - unit, "\(encoding): the invalid unit is left for the next call")
            XCTAssertEqual(output, Array("abc".utf8) + [UInt8](repeating: untouched, count: 5), "\(encoding): nothing past the room")
            let consumed = step.consumed
            step = input.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { output in
                    decoder.convert(
                        UnsafeRawBufferPointer(rebasing: input[consumed...]), into: UnsafeMutableRawBufferPointer(rebasing: output[3...]),
                        atEnd: true)
                }
            }
            XCTAssertEqual(step.consumed, unit, "\(encoding)")
            XCTAssertEqual(step.produced, 1, "\(encoding)")
            XCTAssertEqual(Array(output[..<5]), Array("abc".utf8) + [CharsetDecoder.invalid, untouched], "\(encoding)")
        }
    }
}

import XCTest

@testable import TriadModel

/// The reader's count of the bytes it has handed out, which an import's progress is told from: it
/// starts at none, counts each byte and each fast-path line with its line break, and takes back
/// what is given back.
final class ByteReaderTests: XCTestCase {
    func testTheBytesReadStartAtNoneAndCountWhatIsHandedOut() throws {
        let reader = ByteReader(bytes: Array("ab\ncde\r\nf".utf8))
        XCTAssertEqual(reader.bytesRead, 0)
        XCTAssertEqual(reader.next(), UInt8(ascii: "a"))
        XCTAssertEqual(reader.bytesRead, 1)
        XCTAssertEqual(reader.nextLine(without: UInt8(ascii: "\""), 0).map(Array.init), Array("b".utf8))
        XCTAssertEqual(reader.bytesRead, 3, "the line and its LF")
        XCTAssertEqual(reader.nextLine(without: UInt8(ascii: "\""), 0).map(Array.init), Array("cde".utf8))
        XCTAssertEqual(reader.bytesRead, 8, "the line and its CRLF")
        reader.unread(Array("cde\r\n".utf8), lines: 1)
        XCTAssertEqual(reader.bytesRead, 3)
        while reader.next() != nil {}
        XCTAssertEqual(reader.bytesRead, 9)
    }
}

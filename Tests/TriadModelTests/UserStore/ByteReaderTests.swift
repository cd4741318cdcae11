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

    /// A file in another character set is converted as it is read: `fileBytesRead`, what an
    /// import's progress is told against `totalBytes`, counts the file's own bytes converted, from
    /// none before the first read to the file's size once the last character is handed out.
    func testAConvertedFilesBytesReadGoFromNoneToItsSize() throws {
        let text = "Zoë,Ω\n€ 5\n"
        let files: [(TextEncoding, [UInt8])] = [
            (.windows1252, [0x5A, 0x6F, 0xEB, 0x2C, 0x3F, 0x0A, 0x80, 0x20, 0x35, 0x0A]),
            (.utf16LE, text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            (.utf16BE, text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        ]
        for (encoding, bytes) in files {
            let path = makeTemporaryDirectory(self) + "/people.csv"
            writeFile(path, bytes)
            let reader = try ByteReader(path: path, encoding: encoding)
            XCTAssertEqual(reader.totalBytes, bytes.count, "\(encoding)")
            XCTAssertEqual(reader.fileBytesRead, 0, "\(encoding): nothing read yet")
            var read: [UInt8] = []
            while let byte = reader.next() { read.append(byte) }
            let expected = encoding == .windows1252 ? "Zoë,?\n€ 5\n" : text
            XCTAssertEqual(String(decoding: read, as: UTF8.self), expected, "\(encoding)")
            XCTAssertEqual(reader.fileBytesRead, bytes.count, "\(encoding): the whole file")
        }
    }
}

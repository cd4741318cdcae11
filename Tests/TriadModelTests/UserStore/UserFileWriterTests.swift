import Glibc
import XCTest

@testable import TriadModel

/// The export file's writer at its system calls: a write that takes fewer bytes than asked (a
/// disk filling up), one a signal interrupts (a network mount), and one that fails, each given by
/// a stand-in for `write` that passes on to the real one; and a writer let go without `finish`,
/// or discarded, closes its file.
final class UserFileWriterTests: XCTestCase {
    private static let users = [
        User(firstName: "Ann", lastName: "O\"Brien", email: "ann@example.com", age: 30),
        User(firstName: "花子", lastName: "山田", email: "hanako@example.jp", age: nil),
        User(firstName: "Bo", lastName: "Lee", email: "bo@example.com", age: -1),
    ]
    private static let json = """
        [
        {"first_name":"Ann","last_name":"O\\"Brien","email":"ann@example.com","age":30},
        {"first_name":"花子","last_name":"山田","email":"hanako@example.jp","age":null},
        {"first_name":"Bo","last_name":"Lee","email":"bo@example.com","age":-1}
        ]

        """

    /// The three users written to a JSON file through `writeBytes`, and the file's text.
    private func written(through writeBytes: @escaping (Int32, UnsafeRawPointer, Int) -> Int) throws -> String {
        let path = makeTemporaryDirectory(self) + "/users.json"
        let writer = try UserFileWriter(path: path, format: .json, writeBytes: writeBytes)
        for user in Self.users { try writer.write(user) }
        try writer.finish()
        return String(decoding: readFile(path), as: UTF8.self)
    }

    func testTheStandInPassesTheFileOnWhole() throws {
        XCTAssertEqual(try written { Glibc.write($0, $1, $2) }, Self.json)
    }

    func testAWriteThatTakesFewerBytesIsContinuedFromWhereItStopped() throws {
        var calls = 0
        let text = try written { descriptor, bytes, count in
            calls += 1
            return Glibc.write(descriptor, bytes, calls == 1 ? 7 : count)
        }
        XCTAssertEqual(text, Self.json)
        XCTAssertEqual(calls, 2, "seven bytes, then the rest")
    }

    func testAWriteInterruptedBySignalsIsTriedAgain() throws {
        var interrupted = 0
        let text = try written { descriptor, bytes, count in
            if interrupted < 3 {
                interrupted += 1
                errno = EINTR
                return -1
            }
            return Glibc.write(descriptor, bytes, count)
        }
        XCTAssertEqual(text, Self.json)
        XCTAssertEqual(interrupted, 3)
    }

    func testAFailedWriteSaysWhyAndIsNotTriedAgain() throws {
        var calls = 0
        let path = makeTemporaryDirectory(self) + "/users.json"
        let writer = try UserFileWriter(path: path, format: .json) { descriptor, bytes, count in
            calls += 1
            guard calls == 1 else { return Glibc.write(descriptor, bytes, count) }
            errno = ENOSPC
            return -1
        }
        try writer.write(Self.users[0])
        XCTAssertThrowsError(try writer.finish()) {
            XCTAssertEqual($0 as? ExportError, .cannotWrite(String(cString: strerror(ENOSPC))))
        }
        XCTAssertEqual(calls, 1)
        writer.discard()
    }

    /// A disk with room for one byte at a time: each write takes a single byte, and the writer
    /// goes on from the next until the file is whole.
    func testWritesThatTakeOneByteEachMakeTheWholeFile() throws {
        var calls = 0
        let text = try written { descriptor, bytes, _ in
            calls += 1
            return Glibc.write(descriptor, bytes, 1)
        }
        XCTAssertEqual(text, Self.json)
        XCTAssertEqual(calls, Self.json.utf8.count, "a write for each byte")
    }

    /// `write` answers 0 only when asked for no bytes, and leaves `errno` as it was: here the
    /// interruption's. A write that takes nothing is refused, not tried again for ever.
    func testAWriteThatTakesNothingIsRefused() throws {
        var calls = 0
        let path = makeTemporaryDirectory(self) + "/users.json"
        let writer = try UserFileWriter(path: path, format: .json) { descriptor, bytes, count in
            calls += 1
            errno = EINTR
            switch calls {
            case 1: return -1
            case 2: return 0
            default: return Glibc.write(descriptor, bytes, count)
            }
        }
        try writer.write(Self.users[0])
        XCTAssertThrowsError(try writer.finish())
        XCTAssertEqual(calls, 2)
        writer.discard()
    }

    /// The users written to a file of `format`, and the file's text.
    private func file(_ format: UserExporter.Format, of users: [User]) throws -> String {
        let path = makeTemporaryDirectory(self) + "/users"
        let writer = try UserFileWriter(path: path, format: format)
        for user in users { try writer.write(user) }
        try writer.finish()
        return String(decoding: readFile(path), as: UTF8.self)
    }

    /// A CSV field is quoted when it holds any one of a comma, a quote, a line feed or a carriage
    /// return (its quotes doubled), and left as it is otherwise, a tab included.
    func testACSVFieldIsQuotedForEachOfCommaQuoteLineFeedAndCarriageReturn() throws {
        let users = [
            User(firstName: "a,b", lastName: "plain", email: "e@example.org", age: 1),
            User(firstName: "say \"hi\"", lastName: "tab\there", email: "e@example.org", age: nil),
            User(firstName: "line\nfeed", lastName: "carriage\rreturn", email: "e@example.org", age: 1024),
        ]
        XCTAssertEqual(
            try file(.csv, of: users),
            "first_name,last_name,email,age\r\n" + "\"a,b\",plain,e@example.org,1\r\n"
                + "\"say \"\"hi\"\"\",tab\there,e@example.org,\r\n" + "\"line\nfeed\",\"carriage\rreturn\",e@example.org,1024\r\n")
    }

    /// A JSON string escapes a quote and a backslash, names LF, CR and tab, and writes every other
    /// control character (U+0000 to U+001F) as `\u00` and two hexadecimal digits; a space, DEL
    /// and other characters go as they are.
    func testAJSONStringEscapesQuotesBackslashesAndEveryControlCharacter() throws {
        let user = User(
            firstName: "\"\\\n\r\t", lastName: "\u{0}\u{1}\u{9}\u{19}\u{1A}\u{1F} \u{7F}", email: "é@example.org", age: 150)
        XCTAssertEqual(
            try file(.json, of: [user]),
            #"[\#n{"first_name":"\"\\\n\r\t","last_name":"\u0000\u0001\t\u0019\u001a\u001f "#
                + "\u{7F}" + #"","email":"é@example.org","age":150}\#n]\#n"#)
    }

    /// Whether a descriptor of this process is open on `path`.
    private func isOpen(_ path: String) -> Bool {
        guard let folder = opendir("/proc/self/fd") else { return false }
        defer { closedir(folder) }
        let size = Int(PATH_MAX)
        var target = [CChar](repeating: 0, count: size)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
            let length = readlink("/proc/self/fd/" + name, &target, size)
            if length > 0, String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == path { return true }
        }
        return false
    }

    func testAWriterLetGoUnfinishedClosesItsFile() throws {
        let path = makeTemporaryDirectory(self) + "/users.csv"
        do {
            let writer = try UserFileWriter(path: path, format: .csv)
            try writer.write(Self.users[0])
            withExtendedLifetime(writer) { XCTAssertTrue(isOpen(path), "the premise: the writer holds the file open") }
        }
        XCTAssertFalse(isOpen(path))
    }

    /// After `finish` the writer holds no descriptor: let go, or discarded, it closes nothing
    /// more, not even descriptor 0, the first a process has. The test puts the null device there
    /// before each, so that descriptor 0 is open whatever the tests were started with (and the
    /// next file opened is not given it), and puts back what was there.
    func testAFinishedWriterClosesNoOtherDescriptorWhenLetGoOrDiscarded() throws {
        let saved = dup(0)  // −1 when the tests were started without standard input
        func openNullDeviceAtZero() {
            let null = open("/dev/null", O_RDONLY)
            XCTAssertGreaterThanOrEqual(null, 0)
            if null > 0 {
                XCTAssertEqual(dup2(null, 0), 0)
                close(null)
            }
        }
        defer {
            if saved >= 0 {
                dup2(saved, 0)
                close(saved)
            } else {
                close(0)
            }
        }
        let directory = makeTemporaryDirectory(self)
        openNullDeviceAtZero()
        do {
            let writer = try UserFileWriter(path: directory + "/let-go.csv", format: .csv)
            try writer.write(Self.users[0])
            try writer.finish()
        }
        XCTAssertNotEqual(fcntl(0, F_GETFD), -1, "descriptor 0 is still open after a finished writer is let go")
        openNullDeviceAtZero()
        let writer = try UserFileWriter(path: directory + "/discarded.csv", format: .csv)
        try writer.finish()
        writer.discard()
        XCTAssertNotEqual(fcntl(0, F_GETFD), -1, "descriptor 0 is still open after a finished writer is discarded")
        withExtendedLifetime(writer) {}
    }

    func testADiscardedFileIsClosedAndGone() throws {
        let path = makeTemporaryDirectory(self) + "/users.csv"
        let writer = try UserFileWriter(path: path, format: .csv)
        try writer.write(Self.users[0])
        XCTAssertTrue(isOpen(path), "the premise: the writer holds the file open")
        writer.discard()
        XCTAssertFalse(isOpen(path))
        XCTAssertNotEqual(access(path, F_OK), 0, "the file is removed")
        withExtendedLifetime(writer) {}
    }
}

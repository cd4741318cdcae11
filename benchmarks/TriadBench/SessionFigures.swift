import Glibc
import TriadModel

/// A saved session of `count` messages on the chart page (a drag of a bar: the view's signal,
/// the controller's call to the model, the model's observers told, each with the poll after it)
/// written to a file, then opened `rounds` times as Open Session… opens it: the file read and
/// checked, every message and moment decoded, and the rows made for the pane's log.
func sessionFigures(count: Int, rounds: Int) throws {
    let kinds: [(MessageRole, MessageRole, MessageChannel, String)] = [
        (.view, .controller, .targetAction, "value-changed → BarChartView.dragged()"),
        (.controller, .model, .call, "model.setVotes(at: 0, to: "),
        (.model, .controller, .observer, "chart.poll → 3 observer(s)"),
    ]
    var messages: [LoggedMessage] = []
    var after: [PageMoment?] = []
    for index in 0..<count {
        let kind = kinds[index % kinds.count]
        let text = kind.2 == .call ? "\(kind.3)\(index % 1000))" : kind.3
        messages.append(.sent(kind.0, kind.1, kind.2, text, file: "triad/Chart/ChartPage.swift", line: 40 + index % kinds.count))
        after.append(
            .chart(
                try Poll(
                    title: "Favourite fruit",
                    options: [
                        PollOption("Apples", index % 1000), PollOption("Pears", 7), PollOption("Plums", 3), PollOption("Cherries", 12),
                    ])))
    }
    let session = MessageSession(page: "chart", appVersion: "bench", messages: messages, after: after)
    let path = "/tmp/triad-bench-\(getpid()).triad-session"
    defer { unlink(path) }
    let writeStart = now()
    try session.write(to: path)
    let writeTime = now() - writeStart
    var status = stat()
    stat(path, &status)
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = now()
        let read = try MessageSession.read(from: path)
        let rows = read.loggedMessages
        times.append(now() - start)
        guard rows.count == count, read.after.last == after.last else { throw SessionError.damaged }
    }
    print(
        "session-open-ms median=\(tenths(median(times))) max=\(tenths(times.max() ?? 0)) messages=\(count) "
            + "bytes=\(status.st_size) rounds=\(rounds) write-ms=\(tenths(writeTime))")
}

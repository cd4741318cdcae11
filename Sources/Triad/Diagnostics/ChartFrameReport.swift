import Glibc
import GtkKit
import TriadModel

/// `TRIAD_CHART_FIGURES=N` beside `--page chart --quit-after-first-frame` (benchmarks only): what
/// a change of the chart costs on screen. Once the page's first frame is drawn, the poll is given
/// the most options it may hold; then N changes of one option's votes go through the model, each
/// timed from the call to the end of the frame that shows it in the table, the bars and the pie
/// (the window's frame clock's after-paint), and, as their baseline, N frames asked for with no
/// change. A pause before each lets the frame clock start that frame at once rather than at its
/// next turn. Then N paints of the pie alone onto an image of a pie's size, and of a plain disc of
/// that size as theirs. Prints one line per figure, `NAME us=A,B,…`, and quits.
@MainActor
enum ChartFrameReport {
    /// N, when the environment asks for the figures.
    static var requestedRounds: Int? {
        guard let text = getenv("TRIAD_CHART_FIGURES").map({ String(cString: $0) }), let rounds = Int(text), rounds > 0
        else { return nil }
        return rounds
    }

    /// A pie's side in a maximized window on a common screen: larger than in a window of the
    /// default size, so the figure errs on the slow side.
    private static let pieSide = 320

    static func measureAfterFirstFrame(of window: Window, model: ChartModel, rounds: Int) {
        var started = false
        window.on(.draw, after: true) { _ in
            guard !started else { return false }
            started = true
            MainLoop.whenIdle { measure(window, model, rounds) }
            return false
        }
    }

    private static func measure(_ window: Window, _ model: ChartModel, _ rounds: Int) {
        do {
            while model.poll.count < Poll.maximumOptions { _ = try model.addOption() }
        } catch {
            finish(window, ["chart-error reason=\(error)"])
            return
        }
        let frames = NextFrame()
        frames.watch(window)
        var changed: [Int] = []
        var still: [Int] = []
        func round(_ number: Int) {
            guard number < 2 * rounds else {
                let (pie, disc) = paintTimes(model.poll, window, rounds)
                finish(
                    window,
                    [
                        "chart-change us=\(list(changed))", "chart-still us=\(list(still))",
                        "pie-paint us=\(list(pie))", "disc-paint us=\(list(disc))",
                    ])
                return
            }
            MainLoop.after(milliseconds: 50) {
                let start = MainLoop.microseconds
                if number < rounds {
                    do {
                        // A value the option has not held in this run, so that every round changes the chart.
                        try model.setVotes(at: number % Poll.maximumOptions, to: 10 + number)
                    } catch {
                        finish(window, ["chart-error reason=\(error)"])
                        return
                    }
                }
                frames.run {
                    let spent = MainLoop.microseconds - start
                    if number < rounds { changed.append(spent) } else { still.append(spent) }
                    round(number + 1)
                }
            }
        }
        round(0)
    }

    private static func paintTimes(_ poll: Poll, _ window: Window, _ rounds: Int) -> (pie: [Int], disc: [Int]) {
        let painter = PieChartPainter(poll: poll, colours: ChartPalette.colours(for: poll.count, in: window))
        let half = Double(pieSide) / 2
        var pie: [Int] = []
        var disc: [Int] = []
        drawOffscreen(width: pieSide, height: pieSide) { canvas in
            for _ in 0..<rounds {
                var start = MainLoop.microseconds
                painter.paintPie(on: canvas, x: half, y: half, radius: half - 4)
                pie.append(MainLoop.microseconds - start)
                start = MainLoop.microseconds
                canvas.setColor(Color(hex: 0x0072B2))
                canvas.arc(centerX: half, half, radius: half - 4, from: 0, to: 2 * .pi)
                canvas.fill()
                disc.append(MainLoop.microseconds - start)
            }
        }
        return (pie, disc)
    }

    private static func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }

    private static func finish(_ window: Window, _ lines: [String]) {
        for line in lines { print(line) }
        fflush(nil)
        window.application?.quit()
    }
}

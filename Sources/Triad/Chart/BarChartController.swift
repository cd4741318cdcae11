import GtkKit
import TriadModel

/// What the chart page asks of its bar chart's controller: the view, to lay it out and to export
/// it. A protocol, as the model is: another controller can be given in its place.
@MainActor
protocol BarChartControlling: BarChartViewDelegate {
    var view: BarChartView { get }
}

/// The bar chart's controller: the bar view's delegate, which turns each move of a bar into a
/// change of the model, and an observer of the model, which shows the bars as the model has them
/// after every change, whichever view made it. A drag, from press to release, is one change
/// group, undone as one step; while it lasts, the scale stays as it was, so that the bar under
/// the pointer does not move away from it.
@MainActor
final class BarChartController: BarChartControlling {
    let model: any ChartModelProtocol
    let view = BarChartView()
    private var observation: ObservationToken?
    /// The votes at the top of the scale.
    private(set) var top: Int
    private var dragging = false

    init(model: any ChartModelProtocol) {
        self.model = model
        top = Self.scaleTop(for: model.poll.largestVotes)
        view.delegate = self
        view.show(model.poll, top: top)
        // The Observer pattern: the model calls back once per change, with the new poll.
        observation = model.observe { [weak self] update in self?.modelChanged(update) }
    }

    // MARK: BarChartViewDelegate

    /// A key moves a bar by the model's step or page, which the model merges into one undo step
    /// per run on a row; the pointer sets the votes where it is.
    func barChart(_ view: BarChartView, didMoveBar row: Int, _ change: RangeChange) {
        do throws(ChartError) {
            switch change {
            case .stepped(let steps): try model.adjustVotes(at: row, by: steps * ChartModel.step)
            case .paged(let pages): try model.adjustVotes(at: row, by: pages * ChartModel.pageStep)
            case .moved(let value): try model.setVotes(at: row, to: Int(value.rounded()))
            }
        } catch {
            // Only a row the model no longer has: show the bars as the model has them.
            view.show(model.poll, top: top)
        }
    }

    func barChart(_ view: BarChartView, didBeginDraggingBar row: Int) {
        guard !dragging else { return }
        dragging = true
        model.beginChangeGroup()
    }

    func barChartDidEndDragging(_ view: BarChartView) {
        guard dragging else { return }
        dragging = false
        model.endChangeGroup()
        refit()
    }

    // MARK: Observing the model

    private func modelChanged(_ update: ChartUpdate) {
        if !dragging { top = Self.scaleTop(for: update.poll.largestVotes) }
        view.show(update.poll, top: top)
    }

    /// After a drag, the scale fits the votes again.
    private func refit() {
        let fitted = Self.scaleTop(for: model.poll.largestVotes)
        guard fitted != top else { return }
        top = fitted
        view.show(model.poll, top: top)
    }

    /// The top of the scale for bars up to `largest`: a round number (1, 2, 2.5 or 5 times a
    /// power of ten) with room above the tallest bar for a page of votes and a quarter more, so
    /// that Page Up on it, or a drag above it, still has somewhere to go.
    static func scaleTop(for largest: Int) -> Int {
        let wanted = max(10, largest + max(ChartModel.pageStep, largest / 4))
        guard wanted < Poll.maximumVotes else { return Poll.maximumVotes }
        var power = 1
        while power <= wanted / 10 { power *= 10 }
        for multiple in [10, 20, 25, 50, 100] where power * multiple / 10 >= wanted {
            return min(power * multiple / 10, Poll.maximumVotes)
        }
        return Poll.maximumVotes
    }
}

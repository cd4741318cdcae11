import GtkKit
import TriadModel

/// The pie's controller: the pie view's delegate, which turns the wheel over a slice into votes
/// for its option, and an observer of the model, which shows the pie as the model has it after
/// every change, whichever view made it.
@MainActor
final class PieChartController: PieChartViewDelegate {
    let model: any ChartModelProtocol
    let view = PieChartView()
    private var observation: ObservationToken?

    init(model: any ChartModelProtocol) {
        self.model = model
        view.delegate = self
        view.show(model.poll)
        // The Observer pattern: the model calls back once per change, with the new poll.
        observation = model.observe { [weak self] update in self?.view.show(update.poll) }
    }

    // MARK: PieChartViewDelegate

    /// A notch of the wheel is a vote, as an arrow key on a bar is: a run of them on one slice
    /// is one step to undo.
    func pieChart(_ view: PieChartView, didScrollSlice row: Int, by steps: Int) {
        do throws(ChartError) {
            try model.adjustVotes(at: row, by: steps * ChartModel.step)
        } catch {
            view.show(model.poll)  // a slice the model no longer has
        }
    }
}

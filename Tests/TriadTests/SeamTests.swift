import CGtk
import GtkKit
import TriadModel
import XCTest

@testable import triad

/// A view added to the chart page, as ChartPage.swift invites: a controller given the page's
/// model, which it observes and changes, and a button it is the target of. Nothing under
/// Sources/Triad/Messages knows of it.
@MainActor
private final class TotalController {
    let model: any ChartModelProtocol
    let button = Button(unchecked: ObjectPointer(g_object_ref_sink(gtk_button_new_with_label("More apples"))!))
    private var observation: ObservationToken?
    private(set) var totals: [Int] = []

    init(model: any ChartModelProtocol) {
        self.model = model
        observation = model.observe { [weak self] update in self?.totals.append(update.poll.totalVotes) }
        button.on(.clicked, target: self, action: TotalController.morePressed)
    }

    private func morePressed() {
        try? model.adjustVotes(at: 0, by: 1)
    }
}

/// Presses `button` as GTK does when a person clicks it.
@MainActor
private func click(_ button: Button) {
    gtk_button_clicked(button.pointer.raw.assumingMemoryBound(to: GtkButton.self))
}

final class SeamTests: AppTestCase {
    func testAFourthViewOnTheChartPageIsRecordedWithNoEditToTheSeam() throws {
        try MainActor.assumeIsolated {
            let services = try makeServices()
            let window = makeWindow()
            let page = try makePage("chart", services: services, window: window)
            let chart = try XCTUnwrap(page as? PageRecorder).lessonPage as? ChartPage
            let fourth = TotalController(model: try XCTUnwrap(chart).model)
            let messages = recording {
                click(fourth.button)
            }
            let press = try XCTUnwrap(messages.first { $0.channel == .targetAction }, "\(messages.map(\.text))")
            XCTAssertEqual(press.to, .controller)
            XCTAssertTrue(press.text.contains("TotalController"), press.text)
            let call = try XCTUnwrap(messages.first { $0.channel == .call }, "\(messages.map(\.text))")
            XCTAssertEqual(call.member, "ChartModel.adjustVotes(at:by:)")
            XCTAssertEqual([call.from, call.to], [.controller, .model])
            let told = try XCTUnwrap(messages.first { $0.member == ChartModel.observed }, "\(messages.map(\.text))")
            XCTAssertEqual(told.audience, 5, "the table, the bars, the pie, the page, and the fourth view")
            XCTAssertEqual(fourth.totals.count, 1, "the fourth view followed the model")
        }
    }

    /// With the pane closed, a stand-in passes the message on and records nothing.
    func testStandInsRecordOnlyWhileThePaneIsOpen() throws {
        try MainActor.assumeIsolated {
            let services = try makeServices()
            let window = makeWindow()
            let page = try makePage("adder", services: services, window: window)
            let adder = try XCTUnwrap((page as? PageRecorder)?.lessonPage as? AdderPage)
            let mvc = try XCTUnwrap(adder.mvc, "MVC is shown first")
            mvc.view.widgets.firstEntry.text = "40"
            mvc.view.widgets.secondEntry.text = "2"
            click(mvc.view.widgets.addButton)
            XCTAssertFalse(MessageLog.shared.isRecording)
            XCTAssertEqual(MessageLog.shared.messages, [])
            XCTAssertEqual(try mvc.model.total(), 42, "the message reached the model through its stand-in")
            let messages = recording { click(mvc.view.widgets.addButton) }
            XCTAssertEqual(
                messages.compactMap(\.member).filter { !$0.hasPrefix("AdderView.") },
                [
                    "AdderViewController.setTotalVal(_:_:)", "AdderModel.set(_:_:)", "AdderViewController.getTotalVal()",
                    "AdderModel.total()", "AdderViewController.getTotalVal()",
                ])
        }
    }

    /// A stand-in for a weakly held delegate lives as long as the view that holds it, and no
    /// longer: the seam keeps no page alive.
    func testTheSeamKeepsNoPageAlive() throws {
        try MainActor.assumeIsolated {
            let services = try makeServices()
            let window = makeWindow()
            let before = StandIns.count
            weak var weakPage: AnyObject?
            do {
                let page = try makePage("chart", services: services, window: window)
                weakPage = page
                XCTAssertEqual(StandIns.count, before + 2, "the bar and pie views' delegates")
            }
            XCTAssertNil(weakPage, "nothing in the seam holds the page")
            XCTAssertEqual(StandIns.count, before)
        }
    }
}

import XCTest

@testable import TriadModel

/// The adder's presenter (MVP) and view model (MVVM), tested as seed 003 tests its presenter:
/// with a mock view, or no view at all, and no toolkit.
final class AdderPatternsTests: XCTestCase {
    /// A passive view that notes what it was told.
    @MainActor final class PassiveViewMock: AdderPassiveViewProtocol {
        var told: [String] = []
        func showSum(_ text: String) { told.append("sum \(text)") }
        func showError(_ message: String, field: AdderField?) { told.append("error \(field.map { "\($0)" } ?? "-"): \(message)") }
    }

    func testThePresenterTellsItsViewTheSum() {
        MainActor.assumeIsolated {
            let presenter = AdderPresenter()
            let view = PassiveViewMock()
            presenter.attachView(view)
            presenter.add("40", "2")
            XCTAssertEqual(view.told, ["sum 42"])
        }
    }

    func testThePresenterTellsItsViewWhatIsWrongAndWhere() {
        MainActor.assumeIsolated {
            let presenter = AdderPresenter()
            let view = PassiveViewMock()
            presenter.attachView(view)
            presenter.add("40", "two")
            presenter.add("9223372036854775807", "1")
            XCTAssertEqual(view.told, ["error second: Enter a whole number in the second field", "error -: The sum is too large"])
        }
    }

    func testThePresenterHoldsItsViewWeakly() {
        MainActor.assumeIsolated {
            let presenter = AdderPresenter()
            weak var released: PassiveViewMock?
            do {
                let view = PassiveViewMock()
                released = view
                presenter.attachView(view)
            }
            XCTAssertNil(released)
            presenter.add("1", "2")  // nobody to tell: nothing happens
        }
    }

    func testTheViewModelsSumFollowsItsFieldsWhenAdded() {
        MainActor.assumeIsolated {
            let viewModel = AdderViewModel()
            var sums: [String] = []
            let binding = viewModel.sum.bind { sums.append($0) }
            viewModel.first = "40"
            viewModel.second = "2"
            XCTAssertEqual(sums, ["–"], "bound: the value now; the fields alone change nothing")
            viewModel.add()
            XCTAssertEqual(sums, ["–", "42"])
            viewModel.add()
            XCTAssertEqual(sums, ["–", "42"], "the same sum again is no change")
            binding.cancel()
            viewModel.first = "1"
            viewModel.add()
            XCTAssertEqual(sums, ["–", "42"], "an unbound view hears nothing")
        }
    }

    func testTheViewModelsErrorComesBeforeItsSum() {
        MainActor.assumeIsolated {
            let viewModel = AdderViewModel()
            var heard: [String] = []
            let bindings = [
                viewModel.sum.bind { heard.append("sum \($0)") },
                viewModel.error.bind { heard.append("error \($0 ?? "none")") },
            ]
            heard = []
            viewModel.first = "40"
            viewModel.second = "2"
            viewModel.add()
            viewModel.second = ""
            viewModel.add()
            XCTAssertEqual(heard, ["sum 42", "error Enter a number in the second field", "sum –"])
            XCTAssertEqual(viewModel.errorField.value, .second)
            viewModel.second = "3"
            viewModel.add()
            XCTAssertEqual(heard.suffix(2), ["error none", "sum 43"], "the error is gone before the sum is shown")
            XCTAssertEqual(bindings.count, 2)
        }
    }
}

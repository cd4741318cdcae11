import GtkKit
import TriadModel

/// What `make bench` and the real-window tests ask the running app to report about itself. The
/// app calls this once, when its window is made; each report runs only when asked for, by an
/// option or an environment variable, and costs nothing otherwise. No page, lesson or
/// `PageController` knows of any of them.
///
/// - `--quit-after-first-frame`: the time to the first frame that shows the page's content, then
///   quit (FirstFrameReport); with `TRIAD_CHART_FIGURES=N` on the chart page, what a change costs
///   on screen instead (ChartFrameReport); with `TRIAD_TRAVEL_FIGURES=N`, what the Messages
///   pane's travel costs there (TravelFigures).
/// - `TRIAD_STALL_REPORT=FILE`: every stall of the main loop (StallReport).
/// - `TRIAD_DEBUG_LIFETIME=1`: the live closures and dialog controllers on SIGUSR1 (LifetimeReport).
/// - `TRIAD_PHASES`: the steps of a start and the code tab's time to show (StartupPhases,
///   CodeShownReport).
/// - `TRIAD_DEV_UI=FOLDER` (`make dev`): the `.ui` files read from FOLDER, a saved one shown at
///   once (LiveUI).
/// - `TRIAD_SEAM_FIGURES=N`: what the Messages pane's stand-ins cost while it is closed, then quit
///   (SeamFigures).
@MainActor
enum Diagnostics {
    static func watch(
        _ window: Window, quitAfterFirstFrame: Bool, page: String?, services: AppServices,
        remakePage: @escaping @MainActor () -> Void
    ) {
        if let calls = SeamFigures.requestedCalls {
            return SeamFigures.measure(calls: calls, services: services) { window.application?.quit() }
        }
        LiveUI.startIfRequested(remakePage: remakePage)
        LifetimeReport.installIfRequested()
        StallReport.startIfRequested()
        guard quitAfterFirstFrame else { return }
        if page == "chart", let rounds = ChartFrameReport.requestedRounds {
            ChartFrameReport.measureAfterFirstFrame(of: window, model: services.chart(), rounds: rounds)
        } else if page == "chart", let messages = TravelFigures.requestedMessages {
            TravelFigures.measureAfterFirstFrame(of: window, model: services.chart(), messages: messages)
        } else {
            FirstFrameReport.quitAfterFirstFrame(of: window)
        }
    }
}

import GtkKit
import TriadModel

/// How the views tell the options apart besides their labels: a colour from the Okabe–Ito
/// palette, which people with a colour-vision deficiency tell apart, and past its seven colours
/// a second cue, diagonal hatching, so that no two options look alike with all twelve. The
/// colours are the app's CSS (`chart_color_0`…, Resources/style.css): the bars and the legend
/// take them by style class, and the pie reads them from the theme, so all three always agree.
@MainActor
enum ChartPalette {
    /// The colours before the hatched ones start again from the first.
    static let colours = 7

    static func colourIndex(_ row: Int) -> Int { row % colours }
    static func isHatched(_ row: Int) -> Bool { row >= colours }

    /// Gives `widget` the style classes of row `row`'s colour and hatching.
    static func style(_ widget: some WidgetProtocol, row: Int) {
        widget.setStyleClass("chart-color-\(colourIndex(row))", true)
        widget.setStyleClass("chart-hatched", isHatched(row))
    }

    /// Row `row`'s colour as the theme of `widget` defines it.
    static func colour(_ row: Int, in widget: some WidgetProtocol) -> Color {
        widget.themeColor("chart_color_\(colourIndex(row))") ?? Color(hex: 0x0072B2)
    }

    /// The colours a painter needs, read once per drawing from `widget`'s theme.
    static func colours(for count: Int, in widget: some WidgetProtocol) -> PieChartPainter.Colours {
        PieChartPainter.Colours(
            options: (0..<count).map { colour($0, in: widget) },
            background: widget.themeColor("theme_bg_color") ?? Color(hex: 0xFFFFFF),
            text: widget.textColor)
    }
}

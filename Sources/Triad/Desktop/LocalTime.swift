import Glibc
import GtkKit

/// Formats times for display as the desktop shows them.
@MainActor
enum LocalTime {
    /// "14:03" or "2:03 PM" for a time in seconds since 1970, following the desktop's clock
    /// setting (GNOME's `org.gnome.desktop.interface clock-format`, where its schema is
    /// installed), else the locale's own habit.
    static func hoursAndMinutes(_ seconds: Int64) -> String {
        formatLocalTime(seconds, usesTwelveHours ? "%-l:%M %p" : "%H:%M").trimmingSpaces
    }

    /// Whether times are written on a 12-hour clock with AM/PM.
    static var usesTwelveHours: Bool {
        if let setting = desktopClockFormat { return setting == "12h" }
        // The locale's time format: en_US's is "%r" (12-hour), de_DE's "%T", ja_JP's "%H時%M分%S秒".
        let format = String(cString: nl_langinfo(nl_item(T_FMT)))
        return ["%r", "%I", "%l", "%p"].contains { format.containsText($0) }
    }

    /// GNOME's clock-format ("24h" or "12h"), or nil without that schema (not a GNOME desktop).
    private static var desktopClockFormat: String? {
        let schema = "org.gnome.desktop.interface"
        let key = "clock-format"
        guard Settings.installed(schema: schema, hasKey: key) else { return nil }
        return Settings(schema: schema, compiledIn: nil)?.string(key)
    }
}

private extension String {
    /// Without the space `%p` leaves in a locale that has no AM/PM words.
    var trimmingSpaces: String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

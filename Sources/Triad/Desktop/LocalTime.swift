import CGtk
import Glibc

/// Formats times for display as the desktop shows them.
enum LocalTime {
    /// "14:03" or "2:03 PM" for a time in seconds since 1970, following the desktop's clock
    /// setting (GNOME's `org.gnome.desktop.interface clock-format`, where its schema is
    /// installed), else the locale's own habit.
    static func hoursAndMinutes(_ seconds: Int64) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(seconds)) else { return "" }
        defer { g_date_time_unref(time) }
        guard let text = g_date_time_format(time, usesTwelveHours ? "%-l:%M %p" : "%H:%M") else { return "" }
        defer { g_free(text) }
        return String(cString: text).trimmingSpaces
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
        let schemaID = "org.gnome.desktop.interface"
        let key = "clock-format"
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0, let settings = g_settings_new(schemaID) else { return nil }
        defer { g_object_unref(settings) }
        guard let value = g_settings_get_string(settings, key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }
}

private extension String {
    /// Without the space `%p` leaves in a locale that has no AM/PM words.
    var trimmingSpaces: String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

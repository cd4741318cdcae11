import CGtk

/// Formats times for display in the user's locale (through GLib).
enum LocalTime {
    /// "14:03" (or the locale's equivalent) for a time in seconds since 1970.
    static func hoursAndMinutes(_ seconds: Int64) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(seconds)) else { return "" }
        defer { g_date_time_unref(time) }
        guard let text = g_date_time_format(time, "%H:%M") else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}

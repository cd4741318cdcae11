import CGLib

/// GLib's Unicode normalisation and case folding, for comparing what people type as the same
/// name (``UserName/key(_:)``). One round: NFKC, fold, and NFKC again, since NFKC of a folded
/// string can differ (e.g. 'ß' → "ss"). GLib's strings are freed here; callers see Swift's.
enum UnicodeFolding {
    /// `text` normalised (NFKC) and case-folded; `text` itself if GLib cannot read it.
    static func foldAndNormalize(_ text: String) -> String {
        guard let normalized = g_utf8_normalize(text, -1, G_NORMALIZE_NFKC) else { return text }
        defer { g_free(normalized) }
        guard let folded = g_utf8_casefold(normalized, -1) else { return String(cString: normalized) }
        defer { g_free(folded) }
        guard let again = g_utf8_normalize(folded, -1, G_NORMALIZE_NFKC) else { return String(cString: folded) }
        defer { g_free(again) }
        return String(cString: again)
    }
}

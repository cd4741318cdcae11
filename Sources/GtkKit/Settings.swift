import CGtk

/// A GSettings schema's keys: what a GNOME app keeps between runs (its window's size, the page it
/// showed), stored where the desktop stores settings: dconf on a GNOME desktop, a key file inside
/// a flatpak or wherever `GSETTINGS_BACKEND=keyfile` says so.
///
/// A schema must be compiled before GSettings can read it. An installed app's is, with the
/// others (`make install`, the flatpak); a run from the build folder finds the one the build
/// compiled, in the folder given here. (`g_settings_new` ends the program when it finds no
/// schema; this asks first, and says nil.)
@MainActor
public final class Settings {
    private let settings: UnsafeMutablePointer<GSettings>
    private let schema: OpaquePointer  // GSettingsSchema*, for its keys' ranges

    /// The settings of the schema `id`: from the compiled schemas in `folder`, if it has them,
    /// else from the installed ones; nil when neither has the schema.
    public init?(schema id: String, compiledIn folder: String?) {
        guard let schema = Self.lookUp(id, in: folder) else { return nil }
        guard let settings = g_settings_new_full(schema, nil, nil) else {
            g_settings_schema_unref(schema)
            return nil
        }
        self.settings = settings
        self.schema = schema
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(settings))
        g_settings_schema_unref(schema)
    }

    /// An integer key.
    public func integer(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }

    /// Sets an integer key; false when the schema refuses the value (outside its range).
    @discardableResult
    public func setInteger(_ key: String, _ value: Int) -> Bool {
        guard let clamped = Int32(exactly: value), inRange(key, g_variant_new_int32(clamped)) else { return false }
        return g_settings_set_int(settings, key, clamped) != 0
    }

    /// A boolean key.
    public func boolean(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }

    /// Sets a boolean key.
    public func setBoolean(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, gbool(value)) }

    /// A string key.
    public func string(_ key: String) -> String {
        guard let text = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Sets a string key.
    public func setString(_ key: String, _ value: String) { g_settings_set_string(settings, key, value) }

    /// Whether `key` holds a value of its own (set by the app or the person), not the schema's default.
    public func isSet(_ key: String) -> Bool {
        guard let value = g_settings_get_user_value(settings, key) else { return false }
        g_variant_unref(value)
        return true
    }

    /// Writes what was set to the store now (GSettings writes later otherwise): before the
    /// program ends.
    public static func flush() { g_settings_sync() }

    /// Whether the installed schema `id` has `key`: another program's settings (GNOME's clock
    /// format), read only where that desktop is installed.
    public static func installed(schema id: String, hasKey key: String) -> Bool {
        guard let schema = lookUp(id, in: nil) else { return false }
        defer { g_settings_schema_unref(schema) }
        return g_settings_schema_has_key(schema, key) != 0
    }

    private func inRange(_ key: String, _ value: OpaquePointer?) -> Bool {
        guard let value else { return false }
        g_variant_ref_sink(value)
        defer { g_variant_unref(value) }
        guard let schemaKey = g_settings_schema_get_key(schema, key) else { return false }
        defer { g_settings_schema_key_unref(schemaKey) }
        return g_settings_schema_key_range_check(schemaKey, value) != 0
    }

    private static func lookUp(_ id: String, in folder: String?) -> OpaquePointer? {
        let installed = g_settings_schema_source_get_default()
        if let folder, let source = g_settings_schema_source_new_from_directory(folder, installed, 0, nil) {
            defer { g_settings_schema_source_unref(source) }
            if let schema = g_settings_schema_source_lookup(source, id, 1) { return schema }
        }
        guard let installed else { return nil }
        return g_settings_schema_source_lookup(installed, id, 1)
    }
}

/// A GLib key file (`[group]` and `key=value` lines) read from disk: what an app kept before it
/// kept its state in GSettings, read once to carry it over.
public struct KeyFile {
    private var values: [String: String] = [:]

    /// The key file at `path`; nil when there is none, or it cannot be read as one.
    @MainActor public init?(path: String) {
        guard let file = g_key_file_new() else { return nil }
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0 else { return nil }
        var groupCount: gsize = 0
        guard let groups = g_key_file_get_groups(file, &groupCount) else { return nil }
        defer { g_strfreev(groups) }
        for groupIndex in 0..<Int(groupCount) {
            guard let group = groups[groupIndex] else { continue }
            var keyCount: gsize = 0
            guard let keys = g_key_file_get_keys(file, group, &keyCount, nil) else { continue }
            defer { g_strfreev(keys) }
            for keyIndex in 0..<Int(keyCount) {
                guard let key = keys[keyIndex], let value = g_key_file_get_value(file, group, key, nil) else { continue }
                values["\(String(cString: group))/\(String(cString: key))"] = String(cString: value)
                g_free(value)
            }
        }
    }

    /// The value of `key` in `group`, as written.
    public func value(_ group: String, _ key: String) -> String? { values["\(group)/\(key)"] }

    /// An integer value; nil when absent or not a number.
    public func integer(_ group: String, _ key: String) -> Int? { value(group, key).flatMap { Int($0) } }

    /// A boolean value (`true` or `false`, as GLib writes them); nil when absent or neither.
    public func boolean(_ group: String, _ key: String) -> Bool? {
        switch value(group, key) {
        case "true": true
        case "false": false
        default: nil
        }
    }
}

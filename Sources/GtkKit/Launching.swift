import CGtk
import Glibc

// Launching the application: the command-line options it declares to GApplication (which parses
// them, with --help and GTK's own), what a launch asked for, and running the main loop.

/// One command-line option: `--name`, what it takes, and the line `--help` prints for it.
public struct LaunchOption {
    /// What an option takes: nothing, a text, a file name, or the file names after it.
    public enum Kind { case flag, string, filename, remainingFilenames }
    /// The option's long name, without the dashes (`page` for `--page`).
    public let name: String
    /// What the option takes.
    public let kind: Kind
    /// The line `--help` prints for it.
    public let help: String
    /// The name `--help` shows for the option's value (`NAME`), if it takes one.
    public let argument: String?

    /// The option `--name`, taking `kind`, described by `help`.
    public init(_ name: String, _ kind: Kind, help: String, argument: String? = nil) {
        self.name = name
        self.kind = kind
        self.help = help
        self.argument = argument
    }
}

extension Application {
    /// A new application with `id` (its D-Bus name, the flatpak's id), single-instance: a second
    /// launch hands its command line to the first. It takes files (`open`) as well.
    @MainActor public static func make(id: String, name: String) -> Application {
        let flags = GApplicationFlags(G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue)
        let application = Application(unchecked: ObjectPointer(gtk_application_new(id, flags)))
        g_set_application_name(name)
        gtk_window_set_default_icon_name(id)
        return application
    }

    /// Declares the options (before `run`), and the text `--help` ends with.
    @MainActor public func declare(_ options: [LaunchOption], description: String) {
        let entries =
            options.map { option in
                let kind: GOptionArg =
                    switch option.kind {
                    case .flag: G_OPTION_ARG_NONE
                    case .string: G_OPTION_ARG_STRING
                    case .filename: G_OPTION_ARG_FILENAME
                    case .remainingFilenames: G_OPTION_ARG_FILENAME_ARRAY
                    }
                return GOptionEntry(
                    long_name: KeptStrings.keep(option.kind == .remainingFilenames ? "" : option.name), short_name: 0,
                    flags: 0, arg: kind, arg_data: nil, description: KeptStrings.keep(option.help),
                    arg_description: option.argument.map(KeptStrings.keep))
            } + [GOptionEntry()]
        entries.withUnsafeBufferPointer { g_application_add_main_option_entries(pointer.typed(), $0.baseAddress) }
        g_application_set_option_context_description(pointer.typed(), description)  // copied by GLib
    }

    /// This launch never hands over to a running instance, nor becomes one (a benchmark's run).
    @MainActor public func makeNonUnique() {
        let flags = g_application_get_flags(pointer.typed()).rawValue | G_APPLICATION_NON_UNIQUE.rawValue
        g_application_set_flags(pointer.typed(), GApplicationFlags(flags))
    }

    /// Parses the process's arguments and runs the main loop until the last window closes (or a
    /// launch handed over or was answered at once); returns the exit status.
    @MainActor public func run(arguments: [String]) -> Int32 {
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for string in argv { free(string) } }
        let status = g_application_run(pointer.typed(), Int32(argv.count - 1), &argv)
        g_object_unref(gobject)
        return status
    }

    /// Hands `paths` to the application's `open`, as the desktop does for "Open With".
    @MainActor public func open(_ files: [LaunchFile]) {
        guard !files.isEmpty else { return }
        var pointers: [OpaquePointer?] = files.map(\.file)
        g_application_open(pointer.typed(), &pointers, Int32(pointers.count), "")
    }
}

/// The options a launch was given, parsed.
public struct LaunchOptionsDictionary {
    let dictionary: UnsafeMutablePointer<GVariantDict>

    init(_ dictionary: UnsafeMutablePointer<GVariantDict>) { self.dictionary = dictionary }
}

@MainActor
extension LaunchOptionsDictionary {
    /// Whether the launch gave the option `name`.
    public func has(_ name: String) -> Bool { g_variant_dict_contains(dictionary, name) != 0 }

    /// The text the launch gave the option `name`, if it gave one.
    public func string(_ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(dictionary, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        guard g_variant_classify(value) == G_VARIANT_CLASS_STRING, let text = g_variant_get_string(value, nil) else { return nil }
        return String(cString: text)
    }

    /// A file name option's value (GLib keeps file names as bytes, in the system's encoding).
    public func filename(_ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(dictionary, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("ay")) != 0, let bytes = g_variant_get_bytestring(value) else {
            return nil
        }
        return String(cString: bytes)
    }

    /// The files after the options, as given.
    public var remainingFilenames: [String] {
        guard let value = g_variant_dict_lookup_value(dictionary, "", nil) else { return [] }
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("aay")) != 0, let list = g_variant_get_bytestring_array(value, nil) else {
            return []
        }
        defer { g_free(list) }
        var files: [String] = []
        var index = 0
        while let file = list[index] {
            files.append(String(cString: file))
            index += 1
        }
        return files
    }
}

/// A launch's command line, in the instance that runs (its own, or a later launch's).
public struct LaunchCommandLine {
    let commandLine: UnsafeMutablePointer<GApplicationCommandLine>

    init(_ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) { self.commandLine = commandLine }
}

@MainActor
extension LaunchCommandLine {
    /// The options that command line gave, parsed by GApplication.
    public var options: LaunchOptionsDictionary? {
        g_application_command_line_get_options_dict(commandLine).map(LaunchOptionsDictionary.init)
    }

    /// A file named on that command line, found from the launching process's folder.
    public func file(_ name: String) -> LaunchFile {
        LaunchFile(file: g_application_command_line_create_file_for_arg(commandLine, name))
    }
}

/// A file of a launch (a GFile), released when the last copy goes.
public final class LaunchFile {
    let file: OpaquePointer
    init(file: OpaquePointer) { self.file = file }
    deinit { g_object_unref(UnsafeMutableRawPointer(file)) }
}

/// C strings GLib keeps pointers to for the whole run (option names and descriptions): copied
/// once and held here, so they stay valid and reachable until exit.
@MainActor
private enum KeptStrings {
    private static var kept: [UnsafeMutablePointer<CChar>] = []

    static func keep(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        kept.append(copy)
        return UnsafePointer(copy)
    }
}

/// Where an export writes, and in what format, from the name the person chose in the file
/// chooser: the format follows the name, and a name without `.csv` or `.json` gets `.csv`.
public struct ExportDestination: Equatable, Sendable {
    /// The file to write.
    public let path: String
    /// What to write in it.
    public let format: UserExporter.Format

    /// The destination for the name `chosen` (a path).
    public init(chosen: String) {
        if let format = UserExporter.Format(fileName: chosen) {
            path = chosen
            self.format = format
        } else {
            path = chosen + ".csv"
            format = .csv
        }
    }

    /// The file's name, without its folder, for a message.
    public var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }
}

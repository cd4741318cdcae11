/// The four things a user has, as an imported file's columns hold them.
public enum UserField: Int, CaseIterable, Sendable {
    /// The user's first (given) name.
    case firstName
    /// The user's last (family) name.
    case lastName
    /// The user's e-mail address, which no two users share.
    case email
    /// The user's age in years, which may be unknown.
    case age

    /// The column's name in Triad's own files (and in its exports).
    public var columnName: String { ["first_name", "last_name", "email", "age"][rawValue] }

    /// The field's name as the user list and the import preview show it, translated.
    public var title: String {
        switch self {
        case .firstName: L("First name")
        case .lastName: L("Last name")
        case .email: L("E-mail")
        case .age: L("Age")
        }
    }

    /// A file without ages is imported with the ages unknown; the other three are needed.
    public var isRequired: Bool { self != .age }

    /// The names a column of this field goes by, folded as `folded` folds them: Triad's own first,
    /// then those of contact exports (Google, Outlook, Thunderbird, Evolution) in English and in
    /// the app's other languages, as those programs write them.
    static let names: [UserField: [String]] = [
        .firstName: [
            "firstname", "givenname", "first", "given", "forename",
            "名", "名前", "이름", "名字",
        ],
        .lastName: [
            "lastname", "familyname", "surname", "last", "family",
            "姓", "姓氏", "성",
        ],
        .email: [
            "email", "emailaddress", "email1value", "primaryemail", "email1", "mail",
            "メールアドレス", "電子メールアドレス", "電子メール", "メール", "eメール", "eメールアドレス",
            "电子邮件", "电子邮件地址", "邮箱", "电子邮箱", "首选邮箱",
            "이메일", "이메일주소", "전자메일", "전자메일주소", "기본이메일",
        ],
        .age: ["age", "年齢", "年龄", "나이"],
    ]

    /// A column name as the table compares it: lower case, without spaces, underscores, hyphens
    /// and dots ("E-mail 1 - Value" is "email1value").
    static func folded(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.lowercased().unicodeScalars.filter {
                    !($0.properties.isWhitespace || "_-.·・".unicodeScalars.contains($0))
                }))
    }
}

/// Which column of a file holds each field: found from the header's names, or chosen by hand
/// in the import preview.
public struct ColumnMapping: Equatable, Sendable {
    /// A column: its place in the header (a CSV file's), and its name (a JSON object's key).
    public struct Column: Equatable, Sendable {
        /// The column's place in the header, counted from zero.
        public let index: Int
        /// The column's name as the file writes it.
        public let name: String
        /// The column at `index`, named `name`.
        public init(index: Int, name: String) {
            self.index = index
            self.name = name
        }
    }

    /// The column of each field that has one.
    public private(set) var columns: [UserField: Column] = [:]

    /// A mapping with these columns (none by default).
    public init(_ columns: [UserField: Column] = [:]) { self.columns = columns }

    /// The column of `field`, or nil for none; set it to choose a column by hand.
    public subscript(field: UserField) -> Column? {
        get { columns[field] }
        set { columns[field] = newValue }
    }

    /// The needed fields without a column.
    public var missing: [UserField] { UserField.allCases.filter { $0.isRequired && columns[$0] == nil } }

    /// The columns of `header` by their names: for each field, the first column that goes by one
    /// of its names, the names tried in their order (so `email` wins over `mail`). No name is in
    /// two fields' lists, so no column is taken by two fields.
    public static func matching(_ header: [String]) -> ColumnMapping {
        let folded = header.map(UserField.folded)
        var mapping = ColumnMapping()
        for field in UserField.allCases {
            for name in UserField.names[field] ?? [] {
                if let index = folded.firstIndex(of: name) {
                    mapping[field] = Column(index: index, name: header[index])
                    break
                }
            }
        }
        return mapping
    }

    /// The field a JSON key names, if any, and the rank of that name among the field's (each
    /// object's keys are matched as a header's names are: the lowest rank wins).
    static func field(forKey key: String) -> (field: UserField, rank: Int)? {
        let name = UserField.folded(key)
        for field in UserField.allCases {
            if let rank = UserField.names[field]?.firstIndex(of: name) { return (field, rank) }
        }
        return nil
    }
}

/// How a file is read: what the import preview shows and lets the person change, or what the
/// command line's options say; what is not given is detected.
public struct ImportOptions: Equatable, Sendable {
    /// CSV or JSON.
    public var format: UserImporter.Format
    /// The character set the file's bytes are read in.
    public var encoding: TextEncoding
    /// The separator between a CSV file's fields.
    public var separator: CSVSeparator
    /// The columns chosen by hand; nil: found from the header's names.
    public var columns: ColumnMapping?

    /// Options for reading a file: UTF-8 CSV with commas and the columns found by name, unless
    /// told otherwise.
    public init(
        format: UserImporter.Format = .csv, encoding: TextEncoding = .utf8, separator: CSVSeparator = .comma,
        columns: ColumnMapping? = nil
    ) {
        self.format = format
        self.encoding = encoding
        self.separator = separator
        self.columns = columns
    }
}

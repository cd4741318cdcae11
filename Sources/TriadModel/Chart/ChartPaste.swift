/// Reading pasted text as options: one option a line, "name<TAB>votes" (what a spreadsheet
/// copies), "name,votes", or a bare name (no votes yet). Blank lines are skipped.
enum ChartPaste {
    /// The options the chart has after adding the lines of `text` after `existing`, or the first
    /// rule a line breaks. The lines are counted before any is read, so a paste far too long for
    /// a chart (a whole spreadsheet column) is refused at once, by its count.
    static func options(from text: String, after existing: [PollOption]) throws(ChartError) -> [PollOption] {
        let lines = filledLines(text)
        guard !lines.isEmpty else { throw .nothingPasted }
        guard existing.count + lines.count <= Poll.maximumOptions else {
            throw .tooManyPastedLines(lines: lines.count, existing: existing.count)
        }

        var options = existing
        for (number, line) in lines {
            let row = options.count
            let (nameText, votesText) = split(line)
            do {
                let name = try PollRules.name(nameText, row: row, among: options, replacing: nil)
                // An empty votes cell is a row nobody has voted for yet, as a bare name is.
                var votes = 0
                if !votesText.trimmingWhitespace.isEmpty { votes = try PollRules.votes(typed: votesText, row: row) }
                options.append(PollOption(name, votes))
            } catch {
                throw .pastedLine(line: number, error)
            }
        }
        return options
    }

    /// The lines of `text` that hold something other than whitespace, each with its number
    /// (from 1, blank lines counted, so the number is the one an editor shows). A line ends at
    /// LF, CR or CR LF. Split on the UTF-8 bytes: a paste may be megabytes long, and its lines
    /// must be counted before anything else is done with them.
    static func filledLines(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = bytes.startIndex
        var number = 1
        func take(_ end: String.Index) {
            let line = String(Substring(bytes[start..<end]))
            if !line.trimmingWhitespace.isEmpty { lines.append((number, line)) }
            number += 1
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            take(index)
            index = bytes.index(after: index)
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A { index = bytes.index(after: index) }
            start = index
        }
        if start != bytes.endIndex { take(bytes.endIndex) }
        return lines
    }

    /// A line's name and votes: split at its first tab if it has one, else at its first comma.
    /// The first, so that a thousands separator ("Apples,1,000") or a second column makes a
    /// votes cell that is refused, never a name quietly cut short.
    static func split(_ line: String) -> (name: String, votes: String) {
        for separator in ["\t", ","] {
            if let offset = line.utf8Offset(of: separator) {
                let utf8 = line.utf8
                let at = utf8.index(utf8.startIndex, offsetBy: offset)
                return (String(Substring(utf8[..<at])), String(Substring(utf8[utf8.index(after: at)...])))
            }
        }
        return (line, "")
    }
}

import GtkKit
import TriadModel

/// The Code tab while the shown page has a mistake switched on: the lesson's class and the
/// mistaken class that took its place, side by side, with the lines that differ marked (the
/// build's diff of the two classes, in the map), and a question: which line is the mistake? The
/// learner answers by clicking a line of the mistaken class: right when it is one of the lines
/// that differ, which the compiler's map puts in one of the members the mistake is in.
@MainActor
final class MistakeComparison: LearningTool {
    private let box: Box
    private let question: Label
    private let linesLabel: Label
    private let answer: Label
    private let rightTitle: Label
    private let mistakenTitle: Label
    private let rightSlot: Box
    private let mistakenSlot: Box
    private var rightView: SourceCodeView?
    private var mistakenView: SourceCodeView?
    private(set) var mistake: Mistake?
    /// Set while the code is put in: the cursor's moves are then not the learner's.
    private var filling = false

    init(view: MessagesView) {
        box = view.detail("comparison")
        question = view.detail("mistake_question")
        linesLabel = view.detail("mistake_lines")
        answer = view.detail("mistake_answer")
        rightTitle = view.detail("right_code_title")
        mistakenTitle = view.detail("mistaken_code_title")
        rightSlot = view.detail("right_code_slot")
        mistakenSlot = view.detail("mistaken_code_slot")
    }

    /// Compares the classes of `mistake`, or hides the comparison (nil).
    func show(_ mistake: Mistake?) {
        guard mistake?.id != self.mistake?.id else { return }
        self.mistake = mistake
        answer.text = ""
        guard let mistake, let right = file(of: mistake.rightType, members: mistake.members),
            let mistaken = file(of: mistake.mistakenType, members: mistake.members)
        else {
            box.isVisible = false
            return
        }
        box.isVisible = true
        let lines = SourceMap.shared.differingLines(ofMistake: mistake.mistakenType) ?? ([], [])
        question.text = L("Mistake on: {title}. Which line is the mistake? Click it in the mistaken class, on the right.").filling([
            "title": mistake.title
        ])
        linesLabel.text = L("The lines that differ: {right} in the lesson's class, {mistaken} in the mistaken one.").filling([
            "right": Self.list(lines.right), "mistaken": Self.list(lines.mistaken),
        ])
        rightTitle.text = L("Lesson: {file}").filling(["file": right.path])
        mistakenTitle.text = L("Mistake: {file}").filling(["file": mistaken.path])
        filling = true
        defer { filling = false }
        let rightView = self.rightView ?? makeView(L("The lesson's code"), in: rightSlot)
        self.rightView = rightView
        let mistakenView = self.mistakenView ?? makeView(L("The mistaken code"), in: mistakenSlot)
        if self.mistakenView == nil {
            mistakenView.text.buffer.on(.notify("cursor-position"), target: self, action: MistakeComparison.lineClicked)
        }
        self.mistakenView = mistakenView
        show(right, lines: lines.right, in: rightView)
        show(mistaken, lines: lines.mistaken, in: mistakenView)
    }

    private func show(_ file: (path: String, code: String, line: Int), lines: [Int], in view: SourceCodeView) {
        view.show(file.code, language: "swift", line: lines.first ?? file.line, dark: Style.themeIsDark)
        view.text.buffer.highlight(lines: lines, named: "differs", color: Style.themeIsDark ? "#5c3c00" : "#fff0b3")
    }

    /// The file that declares `type`, found by its first member of `members` (or any member), as
    /// a path in the sources bundle, with its code and that member's line.
    private func file(of type: String, members: [String]) -> (path: String, code: String, line: Int)? {
        let declared = SourceMap.shared.members(ofTypeNamed: type)
        guard
            let place = members.lazy.compactMap({ member in declared.first { $0.member == member }?.place }).first ?? declared.first?.place,
            let path = SourceBundle.shared.path(ofFileID: place.fileID), let code = SourceBundle.shared.text(ofPath: path)
        else { return nil }
        return (path, code, place.line)
    }

    private func makeView(_ name: String, in slot: Box) -> SourceCodeView {
        let view = SourceCodeView(accessibleName: name)
        view.widget.setMinimumSize(width: 0, height: 150)  // a few lines around the mistake at least
        slot.add(view.widget)
        return view
    }

    /// The learner clicked (or moved the cursor to) a line of the mistaken class: the member it
    /// is in, by the compiler's map, says whether it is the mistake.
    private func lineClicked() {
        guard !filling, let mistake, let view = mistakenView else { return }
        let line = view.text.buffer.cursorLine
        let member = SourceMap.shared.members(ofTypeNamed: mistake.mistakenType).last { $0.place.line <= line }?.member
        let lines = SourceMap.shared.differingLines(ofMistake: mistake.mistakenType)?.mistaken ?? []
        let inMistake = lines.isEmpty ? member.map(mistake.members.contains) ?? false : lines.contains(line)
        if inMistake, let member {
            answer.text = L("Right: line {line} is in {member}, where the mistake is. {why}").filling([
                "line": String(line), "member": member, "why": mistake.why,
            ])
        } else {
            answer.text = L("Not this one: line {line} is as in the lesson's class. Look at the marked lines: {lines}.").filling([
                "line": String(line), "lines": Self.list(lines),
            ])
        }
    }

    private static func list(_ lines: [Int]) -> String { lines.isEmpty ? "–" : lines.map(String.init).joined(separator: ", ") }
}

import GtkKit
import TriadModel

/// The header bar's Mistakes menu: the shown page's classic mistakes
/// (TriadModel's `Mistakes`), each a check box, with why it is a mistake beneath. Checking one
/// tells the window, which makes the page again with the mistaken class in place of the lesson's;
/// unchecking it puts the lesson's class back. Its popover is made the first time it opens.
@MainActor
final class MistakesMenu: LearningTool {
    private let button: MenuButton
    private var list: Box?
    private var heading: Label?
    private var boxes: [(id: Mistake.ID, box: CheckButton)] = []
    /// The page whose mistakes are listed, and the choice they show.
    private var page: (name: String, title: String)?
    private var chosen = ChosenMistakes()
    private var filling = false
    /// Told when the learner switches a mistake on or off.
    var onToggle: (@MainActor (Mistake.ID, Bool) -> Void)?

    init(button: MenuButton) {
        self.button = button
        button.givePopoverWhenFirstOpened { [unowned self] in self.makePopover() }
    }

    /// Lists the mistakes of the page `name` (titled `title`), checked as `chosen` says (once the
    /// menu has been opened: a start reads no mistake).
    func show(page name: String, title: String, chosen: ChosenMistakes) {
        page = (name, title)
        self.chosen = chosen
        fill()
    }

    /// A heading, the list of mistakes, and what switching one on does.
    private func makePopover() -> Popover {
        let heading = Label()
        heading.setStyleClass("heading", true)
        let list = Box(vertical: true, spacing: 12)
        list.accessibleName = L("Classic mistakes")
        let note = Label(
            L(
                "A mistake switched on makes the page again with the mistaken class in place of the lesson's. Nothing is kept for the next start."
            ))
        note.setStyleClass("secondary-text", true)
        let content = Box(vertical: true, spacing: 12)
        content.setMargin(12)
        for label in [heading, note] {
            label.wrap(maxCharacters: 52)
            label.horizontalAlignment = 0
        }
        content.add(heading)
        content.add(list)
        content.add(note)
        content.showAll()
        let popover = Popover()
        popover.add(content)
        self.list = list
        self.heading = heading
        fill()
        return popover
    }

    private func fill() {
        guard let list, let heading, let page else { return }
        heading.text = L("Classic mistakes of the {page} page").filling(["page": page.title])
        let mistakes = Mistakes.forPage(page.name)
        if boxes.map(\.id) != mistakes.map(\.id) {
            list.removeAll()
            boxes = []
            for mistake in mistakes {
                let box = CheckButton(label: mistake.title)
                box.accessibleName = mistake.title
                let why = Label(mistake.why)
                why.wrap(maxCharacters: 52)
                why.horizontalAlignment = 0
                why.setStyleClass("secondary-text", true)
                box.accessibleDescription = mistake.why
                let item = Box(vertical: true, spacing: 4)
                item.add(box)
                item.add(why)
                item.showAll()
                list.add(item)
                box.on(.toggled, target: self, action: MistakesMenu.toggled)
                boxes.append((mistake.id, box))
            }
        }
        filling = true
        for (id, box) in boxes where box.isActive != chosen.contains(id) { box.isActive = chosen.contains(id) }
        filling = false
    }

    private func toggled() {
        guard !filling else { return }
        for (id, box) in boxes where box.isActive != chosen.contains(id) {
            chosen.set(id, box.isActive)
            onToggle?(id, box.isActive)
        }
    }
}

import TriadModel

/// The mistakes the learner has switched on in the pages' Mistakes menu (TriadModel's
/// `Mistakes`): none at every start, and never stored. The catalog makes each page with the
/// lesson's classes, and with a mistaken class in place of one of them while its mistake is
/// chosen.
struct ChosenMistakes {
    private(set) var ids: Set<Mistake.ID> = []

    func contains(_ id: Mistake.ID) -> Bool { ids.contains(id) }

    mutating func set(_ id: Mistake.ID, _ on: Bool) {
        if on { ids.insert(id) } else { ids.remove(id) }
    }

    /// The chosen mistakes of `page`.
    func on(page: String) -> [Mistake] { ids.isEmpty ? [] : Mistakes.forPage(page).filter { ids.contains($0.id) } }

    /// The lesson's class (`right`), or while `mistake` is chosen the mistaken class in its place.
    func either<T>(_ right: @autoclosure () -> T, or mistake: Mistake.ID, _ mistaken: @autoclosure () -> T) -> T {
        ids.contains(mistake) ? mistaken() : right()
    }
}

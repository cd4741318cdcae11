// The adder as Model–View–ViewModel (seed 003's closing remark: with bindings, MVP becomes MVVM):
// the view model holds what the view shows as observable properties; the view binds its fields to
// them and runs the view model's command; the view model never knows the view. Tested without a
// toolkit (Tests/TriadModelTests/Adder/AdderPatternsTests.swift).

/// The adder's view model.
@MainActor
public final class AdderViewModel {
    /// The model the view model asks for the sum: a `var`, so that another model can stand in (a
    /// test's, or the Messages pane's recorder).
    public var model: any AdderModelProtocol

    /// What the two fields hold: the view writes them as the person types.
    public var first = ""
    /// The second field's text.
    public var second = ""
    /// What the view shows: the sum ("–" before the first, and after a failed Add).
    public let sum = Observable("–", name: "sum")

    /// A view model over `model`, showing no sum yet.
    public init(model: any AdderModelProtocol = AdderModel()) {
        self.model = model
    }

    /// The Add command.
    public func add() {
        do {
            try model.set(first, second)
            sum.value = String(try model.total())
        } catch {
            sum.value = "–"
        }
    }
}

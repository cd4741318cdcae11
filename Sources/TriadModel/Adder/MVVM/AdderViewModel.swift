// The adder as Model–View–ViewModel (seed 003's closing remark: with bindings, MVP becomes MVVM):
// the view model holds what the view shows as observable properties; the view binds its fields to
// them and runs the view model's command; the view model never knows the view. Tested without a
// toolkit (Tests/TriadModelTests/Adder/AdderPatternsTests.swift).

/// The adder's view model.
@MainActor
public final class AdderViewModel {
    /// The model the view model asks for the sum (a test gives a mock).
    public let model: any AdderModelProtocol

    /// What the two fields hold: the view writes them as the person types.
    public var first = ""
    /// The second field's text.
    public var second = ""
    /// What the view shows: the sum ("–" before the first), and an error with its field.
    public let sum = Observable("–", name: "sum")
    /// The error's sentence, or nil when the last Add succeeded.
    public let error = Observable<String?>(nil, name: "error")
    /// The field the error belongs to, to mark and focus; nil for none.
    public let errorField = Observable<AdderField?>(nil, name: "errorField")

    /// A view model over `model`, showing no sum yet.
    public init(model: any AdderModelProtocol = AdderModel()) {
        self.model = model
    }

    /// The Add command. The error changes before the sum, so that a view showing the sum knows
    /// whether there is one.
    public func add() {
        do {
            try model.set(first, second)
            let total = String(try model.total())
            errorField.value = nil
            error.value = nil
            sum.value = total
        } catch {
            errorField.value = error.field
            self.error.value = error.message
            sum.value = "–"
        }
    }
}

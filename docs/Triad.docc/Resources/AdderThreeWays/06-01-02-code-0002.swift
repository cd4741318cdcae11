import TriadModel

/// The adder as MVVM (seed 003's closing remark: with bindings, MVP becomes MVVM): the view model
/// holds what the view shows, as observable properties, and never knows the view. The view binds
/// to them and runs the view model's command.
@MainActor
final class AdderViewModel {
    private let model = AdderModel()
    /// The fields' texts, which the view writes as the person types.
    var first = ""
    var second = ""
    /// What the view shows, which it follows.
    let sum = Observable("–", name: "sum")
    let error = Observable<String?>(nil, name: "error")
}

/// What the presenter tells its view: MVP's passive view does nothing else.
@MainActor
protocol AdderPassiveViewProtocol: AnyObject {
    func showSum(_ sum: String)
    func showError(_ message: String, field: AdderField?)
}

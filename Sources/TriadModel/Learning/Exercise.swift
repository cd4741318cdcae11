/// One "predict, then check" exercise: a question about the messages an action on a page sends,
/// the choices, what to do, and how the messages the Messages pane then records say which choice
/// is true. The learner picks a choice, does the action, and the recorded messages decide.
public struct Exercise: Sendable {
    /// The page it belongs to, as the sidebar names it ("adder", "address", …).
    public let page: String
    /// What the learner is asked to predict.
    public let question: String
    /// The answers to choose from; the messages make one of them true.
    public let choices: [String]
    /// What to do on the page, said before the learner does it.
    public let task: String
    /// Why the true choice is true, in the lesson's words.
    public let explanation: String
    /// Which choice the messages make true (nil while they do not tell yet).
    private let verdict: @Sendable ([LoggedMessage]) -> Int?
    /// For an exercise about travel: which choice the messages and the moment the page was taken
    /// to make true (nil while the page is in the present, or the moment does not tell yet).
    private var travelVerdict: (@Sendable ([LoggedMessage], Travelled?) -> Int?)?

    /// Where the Messages pane has taken the page: the models' moment travelled to, and the
    /// present that Back to Now puts back.
    public struct Travelled: Sendable, Equatable {
        /// The page's models right after the row travelled to.
        public let moment: PageMoment
        /// The page's models when travel began.
        public let present: PageMoment
        /// The moment `moment` on a page whose present is `present`.
        public init(moment: PageMoment, present: PageMoment) {
            self.moment = moment
            self.present = present
        }
    }

    init(
        page: String, question: String, choices: [String], task: String, explanation: String,
        verdict: @escaping @Sendable ([LoggedMessage]) -> Int?
    ) {
        self.page = page
        self.question = question
        self.choices = choices
        self.task = task
        self.explanation = explanation
        self.verdict = verdict
    }

    /// An exercise about travel, decided by the messages and where the page was taken.
    init(
        page: String, question: String, choices: [String], task: String, explanation: String,
        travelVerdict: @escaping @Sendable ([LoggedMessage], Travelled?) -> Int?
    ) {
        self.init(page: page, question: question, choices: choices, task: task, explanation: explanation) { _ in nil }
        self.travelVerdict = travelVerdict
    }

    /// Which choice the messages recorded since the learner chose (and, for an exercise about
    /// travel, where the page was taken) make true, or nil while they do not tell yet (the action
    /// has not been done).
    public func trueChoice(in messages: [LoggedMessage], travelled: Travelled? = nil) -> Int? {
        let found = travelVerdict.map { $0(messages, travelled) } ?? verdict(messages)
        return found.flatMap { choices.indices.contains($0) ? $0 : nil }
    }

    /// What the app says once the messages have told: right or not, and why.
    public func outcome(chose choice: Int, truth: Int) -> String {
        if choice == truth { return L("Right.") + " " + explanation }
        return L("Not quite: the messages say “{answer}”.").filling(["answer": choices[truth]]) + " " + explanation
    }
}

/// Finding messages in what was recorded, for the exercises' verdicts.
extension Array where Element == LoggedMessage {
    func first(_ channel: MessageChannel, to role: MessageRole? = nil, from sender: MessageRole? = nil) -> LoggedMessage? {
        first { $0.channel == channel && (role == nil || $0.to == role) && (sender == nil || $0.from == sender) }
    }

    /// The first message that reached `member` (`Type.member`).
    func first(reaching member: String) -> LoggedMessage? {
        first { $0.member == member }
    }
}

import GtkKit
import TriadModel

/// The Exercise tab: predict, then check. A question about the page shown, its choices, and what
/// to do; the learner chooses, the list of messages starts afresh, the learner does the action,
/// and the messages recorded then say which choice was true (Learning/Exercises.swift, in the
/// model). Choosing again starts another try.
@MainActor
final class ExercisePane: LearningTool {
    private let question: Label
    private let choicesBox: Box
    private let task: Label
    private let result: Label
    let nextButton: Button
    /// Told when the learner has chosen: the messages from now on decide.
    var onChoose: (() -> Void)?

    private var exercises: [Exercise] = []
    private var page: String?
    private var index = 0
    /// The choices' buttons, and the group's hidden member that is active while none is chosen
    /// (held here: it is in no container).
    private var choices: [RadioButton] = []
    private var noChoice: Owned<RadioButton>?
    private var chosen: Int?
    private var decided = false

    init(view: MessagesView) {
        question = view.detail("exercise_question")
        choicesBox = view.detail("exercise_choices")
        task = view.detail("exercise_task")
        result = view.detail("exercise_result")
        nextButton = view.detail("next_exercise_button")
    }

    /// The exercises of `page`, from the first, unless they are already shown.
    func showExercises(ofPage page: String) {
        guard page != self.page else { return }
        self.page = page
        exercises = Exercises.forPage(page)
        index = 0
        showExercise()
    }

    /// "Next Exercise": the page's next one (after the last, the first).
    func next() {
        guard !exercises.isEmpty else { return }
        index = (index + 1) % exercises.count
        showExercise()
    }

    /// The messages recorded since the learner chose (and where travel took the page): once they
    /// tell which choice is true, the pane says whether the learner was right, and why.
    func check(_ messages: [LoggedMessage], travelled: Exercise.Travelled? = nil) {
        guard let chosen, !decided, exercises.indices.contains(index),
            let truth = exercises[index].trueChoice(in: messages, travelled: travelled)
        else { return }
        decided = true
        result.text = exercises[index].outcome(chose: chosen, truth: truth)
    }

    private func showExercise() {
        for button in choices { button.destroy() }
        choices = []
        noChoice = nil
        chosen = nil
        decided = false
        result.text = ""
        guard exercises.indices.contains(index) else {
            question.text = L("This page has no exercise.")
            task.text = ""
            nextButton.isSensitive = false
            return
        }
        let exercise = exercises[index]
        question.text = exercise.question
        task.text = L("Exercise {number} of {count}. Choose what you think, then do it on the page.")
            .filling(["number": String(index + 1), "count": String(exercises.count)])
        nextButton.isSensitive = exercises.count > 1
        // A radio group always has one member active: a hidden one, while none is chosen.
        let group = RadioButton.group(labels: exercise.choices)
        noChoice = Owned(group.none)
        for button in group.choices {
            choicesBox.add(button)
            button.show()
            button.on(.toggled, target: self, action: ExercisePane.choiceToggled)
        }
        choices = group.choices
    }

    /// A choice made: the messages from now on decide (another choice is another try).
    private func choiceToggled() {
        guard let choice = choices.firstIndex(where: \.isActive),
            choice != chosen || decided
        else { return }
        chosen = choice
        decided = false
        result.text = ""
        task.text = L("Now: {task}").filling(["task": exercises[index].task])
        onChoose?()
    }
}

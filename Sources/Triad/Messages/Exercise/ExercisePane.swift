import CGtk
import GtkKit
import TriadModel

/// The Exercise tab: predict, then check. A question about the page shown, its choices, and what
/// to do; the learner chooses, the list of messages starts afresh, the learner does the action,
/// and the messages recorded then say which choice was true (Learning/Exercises.swift, in the
/// model). Choosing again starts another try.
@MainActor
final class ExercisePane: LearningTool {
    private let question: UnsafeMutablePointer<GtkLabel>
    private let choicesBox: UnsafeMutablePointer<GtkContainer>
    private let task: UnsafeMutablePointer<GtkLabel>
    private let result: UnsafeMutablePointer<GtkLabel>
    let nextButton: WidgetPointer
    /// Told when the learner has chosen: the messages from now on decide.
    var onChoose: (() -> Void)?

    private var exercises: [Exercise] = []
    private var page: String?
    private var index = 0
    /// The choices' buttons, and the group's hidden member that is active while none is chosen.
    private var choices: [UnsafeMutablePointer<GtkToggleButton>] = []
    private var noChoice: UnsafeMutablePointer<GtkToggleButton>?
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

    /// The messages recorded since the learner chose: once they tell which choice is true, the
    /// pane says whether the learner was right, and why.
    func check(_ messages: [LoggedMessage]) {
        guard let chosen, !decided, exercises.indices.contains(index),
              let truth = exercises[index].trueChoice(in: messages) else { return }
        decided = true
        result.text = exercises[index].outcome(chose: chosen, truth: truth)
    }

    private func showExercise() {
        for button in choices { gtk_widget_destroy(button.widget) }
        choices = []
        noChoice.map { g_object_unref($0.gpointer) }
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
        let none = gtk_radio_button_new(nil)!
        g_object_ref_sink(none.gpointer)
        noChoice = none.cast()
        var group = gtk_radio_button_get_group(none.cast())
        for text in exercise.choices {
            let button = gtk_radio_button_new_with_label(group, text)!
            group = gtk_radio_button_get_group(button.cast())
            gtk_container_add(choicesBox, button)
            gtk_widget_show(button)
            let toggle: UnsafeMutablePointer<GtkToggleButton> = button.cast()
            toggle.on(.toggled, target: self, action: ExercisePane.choiceToggled)
            choices.append(toggle)
        }
    }

    /// A choice made: the messages from now on decide (another choice is another try).
    private func choiceToggled() {
        guard let choice = choices.firstIndex(where: { gtk_toggle_button_get_active($0) != 0 }),
              choice != chosen || decided else { return }
        chosen = choice
        decided = false
        result.text = ""
        task.text = L("Now: {task}").filling(["task": exercises[index].task])
        onChoose?()
    }

    isolated deinit { noChoice.map { g_object_unref($0.gpointer) } }
}

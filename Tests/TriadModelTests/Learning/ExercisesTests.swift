import XCTest

@testable import TriadModel

/// Each exercise's verdict, over rows like those the Messages pane records for each way the
/// action could have gone (the real flows are checked row by row in the real-window tests).
final class ExercisesTests: XCTestCase {
    /// A row as the pane records it: the verdicts read its roles, channel, member and audience,
    /// never its text, which is there for the failure messages.
    private func row(
        _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: String, member: String? = nil, audience: Int? = nil
    ) -> LoggedMessage {
        LoggedMessage(
            from: from, to: to, channel: channel, text: text, file: "triad/File.swift", line: 1, side: .receiver, count: 1, member: member,
            audience: audience)
    }

    /// For each exercise of `page`, in order: rows, and the choice they make true (nil: they do
    /// not tell yet). A choice no flow of messages makes true is one that is never the truth.
    private func check(
        page: String, _ cases: [[(messages: [LoggedMessage], truth: Int?)]],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let exercises = Exercises.forPage(page)
        XCTAssertEqual(exercises.count, cases.count, "\(page): one list of cases per exercise", file: file, line: line)
        for (exercise, cases) in zip(exercises, cases) {
            XCTAssertNil(exercise.trueChoice(in: []), "\(exercise.question): nothing done, nothing decided", file: file, line: line)
            for (messages, truth) in cases {
                XCTAssertEqual(
                    exercise.trueChoice(in: messages), truth, "\(exercise.question) after \(messages.map(\.text))",
                    file: file, line: line)
            }
        }
    }

    func testTheAdder() {
        check(
            page: "adder",
            [
                [
                    (
                        [
                            row(.view, .view, .targetAction, "clicked → AdderView.addPressed()"),
                            row(.view, .controller, .delegate, "setTotalVal(\"40\", \"2\")", member: Exercises.Expected.setTotalVal),
                        ], 0
                    ),
                    ([row(.view, .controller, .delegate, "getTotalVal()", member: Exercises.Expected.getTotalVal)], 1),
                    ([row(.view, .controller, .targetAction, "clicked → AdderViewController.add()")], 2),
                    ([row(.view, .presenter, .call, "add(\"40\", \"2\")")], nil),
                ],
                [
                    ([row(.view, .presenter, .call, "add(\"40\", \"2\")"), row(.presenter, .view, .viewUpdate, "showSum(\"42\")")], 0),
                    ([row(.viewModel, .view, .binding, "sum = \"42\"")], 1),
                    ([row(.view, .view, .viewUpdate, "showSum(\"42\")")], 2),
                ],
                [
                    ([row(.viewModel, .view, .binding, "sum = \"42\"")], 0),
                    ([row(.controller, .view, .delegate, "showSum(\"42\")")], 1),
                    ([row(.controller, .view, .viewUpdate, "show(total(\"42\"))")], 2),
                ],
            ])
    }

    func testTheAddress() {
        check(
            page: "address",
            [
                [
                    ([row(.controller, .controller, .delegateShould, "pageShouldClose → ask")], 0),
                    ([row(.model, .controller, .delegateDid, "addressBook(didSave: 1 Main Street, at: 0)")], 1),
                    ([row(.view, .controller, .targetAction, "changed → AddressViewController.editsChanged()")], nil),
                ],
                [
                    (
                        [
                            row(
                                .model, .controller, .delegateDid, "addressBook(didRefuse: [\"street\"])",
                                member: Exercises.Expected.didRefuse)
                        ], 0
                    ),
                    ([row(.model, .controller, .delegateWill, "addressBook(willSave: 1 Main Street)")], 1),
                    ([row(.model, .controller, .delegateDid, "addressBook(didSave: 1 Main Street, at: 0)")], 2),
                    // The same words reaching another member are not the refusal.
                    (
                        [
                            row(
                                .model, .controller, .delegateDid, "addressBook(didRefuse: [\"street\"])",
                                member: "Other.addressBook(_:didRefuse:)")
                        ], 2
                    ),
                ],
            ])
    }

    func testTheLogin() {
        check(
            page: "login",
            [
                [
                    ([row(.view, .controller, .targetAction, "clicked → LoginViewController.logIn()")], 0),
                    ([row(.view, .view, .targetAction, "clicked → LoginView.pressed()")], 1),
                    ([row(.view, .model, .targetAction, "clicked → Accounts.logIn()")], 2),
                ],
                [
                    (
                        [
                            row(
                                .controller, .controller, .delegateDid, "registerViewController(didRegister: \"kim\")",
                                member: Exercises.Expected.didRegister)
                        ], 0
                    ),
                    ([row(.controller, .controller, .delegateDid, "registerViewController(didRegister: \"kim\")")], nil),
                    ([row(.model, .controller, .notification, "post(.accountAdded)")], 1),
                    ([row(.view, .controller, .targetAction, "clicked → LoginViewController.openRegistration()")], nil),
                ],
            ])
    }

    func testTheUsers() {
        check(
            page: "users",
            [
                [
                    ([row(.presenter, .view, .viewUpdate, "startLoading()")], 0),
                    ([row(.controller, .view, .viewUpdate, "startLoading()")], 1),
                    ([row(.store, .view, .viewUpdate, "setUsers(count: 1)")], 2),
                ],
                [
                    ([row(.view, .dataSource, .dataSource, "rows 0–22 of 1,000")], 0),
                    ([row(.presenter, .view, .viewUpdate, "setUsers(count: 1,000)")], 1),
                    ([row(.view, .controller, .targetAction, "changed → UsersViewController.searchChanged()")], nil),
                ],
            ])
    }

    func testTheNote() {
        let typed = row(
            .view, .controller, .targetAction, "changed → FlipsideViewController.textChanged()", member: Exercises.Expected.flipsideTyped)
        let opened = row(
            .view, .controller, .targetAction, "clicked → NoteViewController.openFlipside()", member: "NoteViewController.openFlipside()")
        let observed = row(.model, .controller, .observer, "note.text → 1 observer(s)")
        let posted = row(.model, .controller, .notification, "post(.noteChanged)")
        check(
            page: "note",
            [
                [
                    ([typed, observed, posted], 0),
                    // The press that opened the window is no edit: what follows the typing decides.
                    ([opened, typed, observed, posted], 0),
                    ([typed, posted, observed], 1),
                    (
                        [
                            typed,
                            row(
                                .view, .controller, .targetAction, "changed → NoteViewController.textChanged()",
                                member: "NoteViewController.textChanged()"),
                        ], 2
                    ),
                    ([typed], nil),
                    ([observed], nil),
                ],
                [
                    ([posted], 0),
                    ([typed, observed], nil),
                ],
            ])
    }

    func testTheChart() {
        let edited = row(.view, .controller, .delegate, "table(didEditRow: 0, column: 1, text: \"20\")")
        let asked = row(.controller, .model, .call, "model.setVotes(at: 0, typed: \"20\")")
        func told(_ count: Int) -> LoggedMessage {
            row(.model, .controller, .observer, "chart.poll → \(count) observer(s)", member: ChartModel.observed, audience: count)
        }
        let undo = row(.controller, .model, .call, "model.undo()", member: Exercises.Expected.undo)
        check(
            page: "chart",
            [
                [
                    ([edited, asked, told(4)], 2),
                    ([edited, asked, told(3)], 1),
                    ([edited, asked, told(1)], 0),
                    ([edited, asked, told(2)], nil),
                    ([edited, asked], nil),
                    ([row(.model, .controller, .observer, "note.text → 1 observer(s)", member: "note.text", audience: 1)], nil),
                ],
                [
                    ([edited, asked, told(4), undo, told(4)], 0),
                    ([undo], nil),
                    ([edited, asked, told(4), row(.controller, .model, .call, "model.undo()"), told(4)], nil),
                    ([edited, asked, told(4)], nil),
                ],
                // The two about travel: the messages alone, with the page in the present, never tell.
                [([edited, asked, told(4), edited, asked, told(4)], nil)],
                [([row(.controller, .model, .call, "model.addOption()"), told(4)], nil)],
            ])
    }

    /// The chart's exercises about travel, decided by the moment the page was taken to.
    func testTheChartsTravelExercises() throws {
        let exercises = Exercises.forPage("chart")
        let votes = exercises[2]
        let options = exercises[3]
        let now = try Poll(title: "Fruit", options: [PollOption("Apples", 30), PollOption("Pears", 2), PollOption("Plums", 4)])
        func poll(_ options: [(String, Int)]) throws -> PageMoment {
            .chart(try Poll(title: "Fruit", options: options.map { PollOption($0.0, $0.1) }))
        }
        func travelled(_ moment: PageMoment, present: PageMoment = .chart(now)) -> Exercise.Travelled {
            Exercise.Travelled(moment: moment, present: present)
        }
        let earlierVotes = travelled(try poll([("Apples", 20), ("Pears", 2), ("Plums", 4)]))
        let beforeAdding = travelled(try poll([("Apples", 30), ("Pears", 2)]))
        let same = travelled(.chart(now))
        XCTAssertEqual(votes.trueChoice(in: [], travelled: earlierVotes), 0, "travelled to other votes: all three views show them")
        XCTAssertNil(votes.trueChoice(in: [], travelled: same), "a moment like now's tells nothing")
        XCTAssertNil(votes.trueChoice(in: [], travelled: beforeAdding), "other options: the other exercise's")
        XCTAssertNil(votes.trueChoice(in: [], travelled: nil), "in the present")
        XCTAssertNil(votes.trueChoice(in: [], travelled: travelled(.note("a"), present: .note("b"))), "another page's moment")
        XCTAssertEqual(options.trueChoice(in: [], travelled: beforeAdding), 0, "before an option came: all three views show one fewer")
        XCTAssertNil(options.trueChoice(in: [], travelled: earlierVotes), "the same options: nothing to tell")
        XCTAssertNil(options.trueChoice(in: [], travelled: nil))
    }

    func testTheOutcomeSaysRightOrWhatTheMessagesSaid() {
        let exercise = Exercises.forPage("adder")[0]
        XCTAssertTrue(exercise.outcome(chose: 0, truth: 0).hasPrefix("Right. "))
        let wrong = exercise.outcome(chose: 2, truth: 0)
        XCTAssertTrue(wrong.hasPrefix("Not quite: the messages say “\(exercise.choices[0])”."), wrong)
        XCTAssertTrue(wrong.hasSuffix(exercise.explanation), wrong)
    }

    func testEveryPageHasTwoToFourExercises() {
        for page in ["adder", "address", "login", "users", "note", "chart"] {
            XCTAssertTrue((2...4).contains(Exercises.forPage(page).count), page)
        }
        XCTAssertEqual(Exercises.all.count, 15)
    }
}

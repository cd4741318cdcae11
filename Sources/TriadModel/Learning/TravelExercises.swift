extension Exercises {
    /// The chart's exercises about the Messages pane's travel: what the three views show once
    /// the page is taken back to a row. Decided by the moment the page was taken to and the
    /// present: the views draw what the model holds, so the moment tells what they show.
    static var chartTravel: [Exercise] {
        [
            Exercise(
                page: "chart",
                question: L(
                    "You change the votes of one option twice, then travel to the row of the first change. What do the table, the bars and the pie show?"
                ),
                choices: [
                    L("The votes of that moment, in all three views"), L("The votes of now: travel does not reach what the views show"),
                    L("The votes of that moment in the view that made the change; now's in the other two"),
                ],
                task: L("Change the votes of one option twice, select the row of the first change and choose Travel Here."),
                explanation: L(
                    "Travel puts the model back as it was right after that row, and tells its observers as a change does; each view draws what the model holds, so all three show that moment, and none of them was told separately."
                ),
                travelVerdict: { _, travelled in
                    guard case .chart(let then)? = travelled?.moment, case .chart(let now)? = travelled?.present,
                        then.options.map(\.name) == now.options.map(\.name), then != now
                    else { return nil }
                    return 0
                }),
            Exercise(
                page: "chart",
                question: L("You add an option, then travel to a row before it was added. How many options do the three views show?"),
                choices: [
                    L("As many as at that moment, in all three views"),
                    L("One more in the table, which keeps its rows; the bars and the pie as at that moment"),
                    L("As many as now: travel sets back votes, not options"),
                ],
                task: L("Press Add under the table, then select a row before the option came and choose Travel Here (or Step Back)."),
                explanation: L(
                    "The options are the model's, as the votes are: put the model back and the table's rows, the bars and the slices are drawn from it again, one for each option it held then."
                ),
                travelVerdict: { _, travelled in
                    guard case .chart(let then)? = travelled?.moment, case .chart(let now)? = travelled?.present, then.count < now.count
                    else {
                        return nil
                    }
                    return 0
                }),
        ]
    }
}

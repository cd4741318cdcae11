/// The exercises, two to four per page, in the words of each page's lesson. Each verdict reads
/// the messages the Messages pane recorded since the learner chose, and names the choice they
/// make true; the chart's last two read where the pane's travel took the page as well.
public enum Exercises {
    /// The members whose messages the verdicts look for, as the compiler's map of the code names
    /// them (`Type.member`). A message carries the member it reached (LoggedMessage.member), never
    /// checked by its text; `make check-source-map` fails when one of these is not in the code, so
    /// renaming a lesson's method cannot leave an exercise waiting for a message that never comes.
    public enum Expected {
        /// The MVC adder's view telling its controller the sum.
        public static let setTotalVal = "AdderViewController.setTotalVal(_:_:)"
        /// The MVC adder's view asking its controller for the sum.
        public static let getTotalVal = "AdderViewController.getTotalVal()"
        /// The address book telling its delegate it refused an address.
        public static let didRefuse = "AddressViewController.addressBook(_:didRefuse:)"
        /// The registration dialog telling the login page an account was made.
        public static let didRegister = "LoginViewController.registerViewController(_:didRegister:)"
        /// The Edit Note window's controller hearing the text change.
        public static let flipsideTyped = "FlipsideViewController.textChanged()"
        /// The chart's model asked to undo.
        public static let undo = "ChartModel.undo()"
        /// Every member an exercise waits for, which check-source-map finds in the code.
        public static let all = [setTotalVal, getTotalVal, didRefuse, didRegister, flipsideTyped, undo]
    }

    /// The exercises of one page, as the sidebar names it ("adder").
    public static func forPage(_ page: String) -> [Exercise] { all.filter { $0.page == page } }

    /// Every exercise, page by page in the sidebar's order.
    public static var all: [Exercise] { adder + address + login + users + note + chart }

    static var adder: [Exercise] {
        [
            Exercise(
                page: "adder", question: L("You press Add (MVC). Which message reaches the controller first?"),
                choices: [L("setTotalVal, through the delegate"), L("getTotalVal, through the delegate"), L("clicked, by target-action")],
                task: L("Choose MVC above the fields, then press Add."),
                explanation: L(
                    "The button's clicked goes to the view itself; the view then tells its delegate, the controller, setTotalVal with the two texts, and only after that asks getTotalVal."
                )
            ) { messages in
                guard let first = messages.first(where: { $0.to == .controller }) else { return nil }
                if first.channel == .targetAction { return 2 }
                return first.member == Expected.setTotalVal ? 0 : first.member == Expected.getTotalVal ? 1 : nil
            },
            Exercise(
                page: "adder", question: L("You press Add in MVP. Who tells the view the sum?"),
                choices: [L("The presenter, with showSum"), L("The model, through a binding"), L("The view works it out itself")],
                task: L("Choose MVP above the fields, then press Add."),
                explanation: L(
                    "The passive view only hands the press to its presenter; the presenter asks the model and tells the view showSum: the view decides nothing."
                )
            ) { messages in
                guard let update = messages.first(where: { $0.to == .view && ($0.channel == .viewUpdate || $0.channel == .binding) }) else {
                    return nil
                }
                return update.channel == .binding ? 1 : update.from == .presenter ? 0 : 2
            },
            Exercise(
                page: "adder", question: L("You press Add in MVVM. How does the sum reach the label?"),
                choices: [
                    L("A binding from the view model's sum"), L("A delegate message to the view"), L("The controller sets the label"),
                ],
                task: L("Choose MVVM above the fields, then change a number and press Add."),
                explanation: L(
                    "Add runs the view model's command; the view model sets its observable sum, and the label, bound to it, follows: the view model never calls the view."
                )
            ) { messages in
                guard let update = messages.first(where: { $0.to == .view && $0.from != .view }) else { return nil }
                return update.channel == .binding ? 0 : update.channel == .delegate ? 1 : 2
            },
        ]
    }

    static var address: [Exercise] {
        [
            Exercise(
                page: "address",
                question: L("You leave the address page with unsaved edits. Who is asked, and with which kind of delegate message?"),
                choices: [
                    L("The page's controller, with a should message"), L("The address book, with a did message"),
                    L("The address view, by target-action"),
                ],
                task: L("Change a field, then choose another page in the sidebar."),
                explanation: L(
                    "Before leaving a page the window asks its controller pageShouldClose: a should message, which answers “not yet” and asks Save, Discard or Cancel."
                )
            ) { messages in
                if messages.first(.delegateShould, to: .controller) != nil { return 0 }
                return messages.first(.delegateDid) != nil ? 1 : nil
            },
            Exercise(
                page: "address", question: L("You press Save with the street empty. What does the address book tell its delegate?"),
                choices: [L("did refuse, with every problem"), L("will save, then did fail"), L("did save")],
                task: L("Empty the Street field, then press Save."),
                explanation: L(
                    "The book checks the form before it stores anything: with a problem it tells its delegate didRefuse with every problem, and will save never comes."
                )
            ) { messages in
                guard let answer = messages.first(where: { [.delegateDid, .delegateWill].contains($0.channel) }) else { return nil }
                if answer.member == Expected.didRefuse { return 0 }
                return answer.channel == .delegateWill ? 1 : 2
            },
        ]
    }

    static var login: [Exercise] {
        [
            Exercise(
                page: "login", question: L("You press Log In. Which part receives the press?"),
                choices: [
                    L("The login controller, by target-action"), L("The login view, which tells a delegate"), L("The accounts model"),
                ],
                task: L("Type a name and a password, then press Log In."),
                explanation: L(
                    "The controller wired the Log In button to its own logIn method: target-action from the view's widget straight to the controller, which then reads the fields."
                )
            ) { messages in
                guard let press = messages.first(.targetAction) else { return nil }
                return press.to == .controller ? 0 : press.to == .view ? 1 : 2
            },
            Exercise(
                page: "login", question: L("You register an account. How does the new name get back to the login page?"),
                choices: [
                    L("The registration controller tells its delegate, didRegister"), L("A notification the login page listens to"),
                    L("The login view reads the dialog's field"),
                ],
                task: L("Press Register…, fill in the form with a good password, then press Register."),
                explanation: L(
                    "The login controller made itself the registration controller's delegate; once the account is stored it hears registerViewController(didRegister:), with the name only, never the password."
                )
            ) { messages in
                if messages.first(reaching: Expected.didRegister) != nil { return 0 }
                return messages.first(.notification) != nil ? 1 : nil
            },
        ]
    }

    static var users: [Exercise] {
        [
            Exercise(
                page: "users", question: L("You type in the search field. Who decides what the table shows?"),
                choices: [
                    L("The presenter: it tells the view startLoading, then setUsers"), L("The view controller, on its own"),
                    L("The store, which fills the table"),
                ],
                task: L("Type a letter in the search field."),
                explanation: L(
                    "The view controller only hands the text to the presenter (getUsers); the presenter asks the service and tells the passive view what to show."
                )
            ) { messages in
                guard let update = messages.first(.viewUpdate, to: .view) else { return nil }
                return update.from == .presenter ? 0 : update.from == .store ? 2 : 1
            },
            Exercise(
                page: "users", question: L("You scroll the list. Who answers the table's “what is in row i?”"),
                choices: [L("The data source"), L("The presenter"), L("The store, straight to the table")],
                task: L("Scroll the list of users."),
                explanation: L(
                    "The table never holds the users: for each row it shows, it asks its data source, which answers from the presenter's list."
                )
            ) { messages in
                messages.first(.dataSource) != nil ? 0 : messages.first(.viewUpdate, from: .presenter) != nil ? 1 : nil
            },
        ]
    }

    static var note: [Exercise] {
        [
            Exercise(
                page: "note", question: L("Type in the Edit Note window: which channel updates the main window's note?"),
                choices: [L("An observer of the model's text"), L("A notification"), L("Target-action from the Edit Note window")],
                task: L("Press Edit…, then type in the note editor."),
                explanation: L(
                    "The Edit Note window's controller (the seed's flipside) sets the model's text; the model's didSet tells its observers, and the note page's controller, one of them, shows the new text. The two windows never talk."
                )
            ) { messages in
                // What reaches a controller first, once the edit is made.
                guard let edit = messages.firstIndex(where: { $0.member == Expected.flipsideTyped }),
                    let news = messages[(edit + 1)...].first(where: { $0.to == .controller })
                else { return nil }
                return news.channel == .observer ? 0 : news.channel == .notification ? 1 : 2
            },
            Exercise(
                page: "note", question: L("Who hears the model's .noteChanged notification?"),
                choices: [L("The main window, which says “Note edited”"), L("The Edit Note window"), L("Nobody, until the note is saved")],
                task: L("Press Edit…, then type in the note editor."),
                explanation: L(
                    "The model posts .noteChanged to whoever listens, without knowing who: the main window's controller listens, and sets its subtitle."
                )
            ) { messages in
                messages.first(.notification, to: .controller) != nil ? 0 : nil
            },
        ]
    }

    static var chart: [Exercise] {
        [
            Exercise(
                page: "chart", question: L("You change the votes of Apples in one view. How many observers does the model tell?"),
                choices: [
                    L("One: the controller of the view that asked"), L("Three: the controller of each view"),
                    L("Four: the controller of each view, and the page"),
                ],
                task: L("Change the votes of Apples in the table, on its bar or on its slice."),
                explanation: L(
                    "The view's controller asks the model setVotes; the model tells every observer once, without knowing who they are: the table's, the bar chart's and the pie's controllers, and the page, which keeps Undo and Redo in step."
                )
            ) { messages in
                guard let told = messages.first(reaching: ChartModel.observed)?.audience else { return nil }
                return [1: 0, 3: 1, 4: 2][told]
            },
            Exercise(
                page: "chart", question: L("You press Undo after a change. Which part takes the change back?"),
                choices: [
                    L("The model: it steps back and tells every observer"), L("The view that made the change, through its controller"),
                    L("Each view, on its own"),
                ],
                task: L("Change a value in any view of the chart, then press Undo (Ctrl+Z)."),
                explanation: L(
                    "The model keeps the history: Undo asks it to step back, and it tells its observers, as for any change. No view keeps a history of its own, so every view shows the same values after an undo."
                )
            ) { messages in
                guard let undo = messages.lastIndex(where: { $0.member == Expected.undo }) else { return nil }
                // What the views then show comes from the model's one message to its observers.
                return messages[undo...].contains { $0.channel == .observer } ? 0 : nil
            },
        ] + chartTravel
    }
}

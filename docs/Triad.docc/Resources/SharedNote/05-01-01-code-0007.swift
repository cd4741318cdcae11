import GtkKit

// The app: one window, which shows the note. The note's one model is made here, once, and
// handed to every controller that shows or edits it.
let application = Application(id: "org.example.Note")
let note = NoteModel(text: "Hello, flipside")
// The page's controller, kept for as long as the app runs.
var page: NoteViewController?

application.on(.activate) {
    let window = Window(title: "Note", width: 480, height: 320)
    window.application = application
    window.useHeaderBar()
    let controller = NoteViewController(model: note)
    window.add(controller.view.root)
    page = controller
    window.showAll()
}
application.run()

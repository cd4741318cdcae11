import GtkKit
import TriadModel

// The app: one window, which shows the note. The note's one model is made here, once, and
// handed to every controller that shows or edits it.
let application = Application(id: "org.example.Note")
let hub = NotificationHub()
let note = NoteModel(text: "Hello, flipside", hub: hub)
// The page's controller, kept for as long as the app runs.
var page: NoteViewController?
// The window's subscription to the hub's `.noteChanged`, kept for as long as the app runs.
var listening: ObservationToken?
// The file the note is kept in.
var file: NoteFile?

application.on(.activate) {
    let window = Window(title: "Note", width: 480, height: 320)
    window.application = application
    let header = window.useHeaderBar()
    let controller = NoteViewController(model: note)
    window.add(controller.view.root)
    page = controller
    // Optional: the note kept in a file, read now and written at each change.
    file = NoteFile(model: note) { problem in controller.view.showStatus(problem) }
    // The window hears that the note changed without knowing the note: it knows the hub.
    listening = hub.listen(.noteChanged) { header.subtitle = "Note edited" }
    window.showAll()
}
application.run()

import CGtk
import Glibc
import GtkKit
import TriadModel
import TriadResources

// Entry point: locale and translations, the command line, then the GtkApplication.

setlocale(LC_ALL, "")
Translations.bind()

switch LaunchOptions.parse(CommandLine.arguments) {
case .exit(let status, let output):
    fputs(output, status == 0 ? stdoutStream : stderrStream)
    exit(status)
case .run(let options) where options.generateUsers != nil:
    exit(MainActor.assumeIsolated { AppServices.generateUsers(options.generateUsers ?? 0) })
case .run(let options):
    guard triad_resources_register() == 1 else {
        fputs("triad: built without its resource bundle; build with `make build`.\n", stderrStream)
        exit(1)
    }
    let status = MainActor.assumeIsolated {
        TriadApplication(options: options).run()
    }
    exit(status)
}

import CGtk
import Glibc
import GtkKit
import TriadModel
import TriadResources

// Entry point: locale and translations, the resource bundle, then the GtkApplication.

StartupPhases.mark("main")
setlocale(LC_ALL, "")
Translations.bind()

guard triad_resources_register() == 1 else {
    fputs("triad: built without its resource bundle; build with `make build`.\n", stderrStream)
    exit(1)
}
// GApplication parses the options (LaunchOptions.swift); `--version` and `--help` end before
// GTK opens a display.
exit(MainActor.assumeIsolated { TriadApplication().run() })

import Glibc
import GtkKit
import TriadModel
import TriadResources

// Entry point: the locale and its translations, the resource bundle (the .ui files, style
// sheets and icons the build compiled in), then the GtkApplication.

StartupPhases.mark("main")
useTranslations(from: Translations.folder)
triad_register_resource()
// GApplication parses the options (LaunchOptions.swift); `--version` and `--help` end before
// GTK opens a display.
exit(MainActor.assumeIsolated { TriadApplication().run() })

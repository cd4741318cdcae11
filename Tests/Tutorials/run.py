#!/usr/bin/python3
"""The tutorial checker's own test (`make check-tutorials` runs it after the checker): planted
defects, each of which build-aux/check-tutorials.py must report, naming the tutorial, the step and
the file, and the clean fixtures it must pass.

Each fixture is a small catalog (a tutorial and its step files) and a small complete project, a
package with one executable target and no dependency, written anew under build/tutorial-fixtures
and built in a build folder of its own there: the checker's rules, not Triad's code, are what is
tested. The project's folder is the same for every fixture, so that its build is done once.

    Tests/Tutorials/run.py

Prints one line per fixture, the checker's output under a failing one, and `N passed, N failed`.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "build-aux", "check-tutorials.py")
WORK = os.path.join(ROOT, "build", "tutorial-fixtures")
PROJECT = "build/tutorial-fixtures/project/Complete"
START = "build/tutorial-fixtures/project/Starter"

MANIFEST = ('// swift-tools-version: 6.0\nimport PackageDescription\n\n'
            'let package = Package(name: "Tiny", targets: [.executableTarget(name: "Tiny")])\n')
GREETER_1 = 'struct Greeter {\n    func greet() -> String { "hello" }\n}\n'
GREETER_2 = 'struct Greeter {\n    func greet() -> String { "hello" }\n    func shout() -> String { greet().uppercased() }\n}\n'
MAIN_1 = 'print(Greeter().greet())\n'
MAIN_2 = 'print(Greeter().shout())\n'
# A view that reads its .ui file: a stand-in Builder, so that it type-checks without GtkKit.
VIEW = ('struct Builder {\n    init(file: String) {}\n    func object(_ id: String) -> Int { 0 }\n}\n\n'
        'let builder = Builder(file: "View.ui")\nlet root = builder.object("root")\nlet sum = builder.object("sum_label")\n')
UI_1 = '<?xml version="1.0" encoding="UTF-8"?>\n<interface>\n  <object class="GtkBox" id="root"/>\n</interface>\n'
UI_2 = ('<?xml version="1.0" encoding="UTF-8"?>\n<interface>\n  <object class="GtkBox" id="root">\n'
        '    <child><object class="GtkLabel" id="sum_label"/></child>\n  </object>\n</interface>\n')

# The clean tutorial: (section title, [(file in the project, step file, its text, extra)]).
CLEAN = [("Begin", [("Package.swift", "09-09-01-code-0001.swift", MANIFEST, {}),
                    ("Sources/Tiny/Greeter.swift", "09-09-01-code-0002.swift", GREETER_1, {}),
                    ("Sources/Tiny/main.swift", "09-09-01-code-0003.swift", MAIN_1, {})]),
         ("Shout", [("Sources/Tiny/Greeter.swift", "09-09-02-code-0001.swift", GREETER_2, {"previous": "09-09-01-code-0002.swift"}),
                    ("Sources/Tiny/main.swift", "09-09-02-code-0002.swift", MAIN_2, {"previous": "09-09-01-code-0003.swift"})])]
FINAL = {"Package.swift": MANIFEST, "Sources/Tiny/Greeter.swift": GREETER_2, "Sources/Tiny/main.swift": MAIN_2}


def tutorial(name, sections, project=PROJECT, start=None):
    """A tutorial's text: each section's steps show their files; each section's last step a picture."""
    def step(path, file, extra, last):
        previous = f", previousFile: {extra['previous']}" if extra.get("previous") else ""
        long = f"\n                @Comment {{\n                    long: {extra['long']}\n                }}\n" if extra.get("long") else ""
        code = f"                @Code(name: \"{path}\", file: {file}{previous})"
        picture = "\n                    @Image(source: tiny.png, alt: \"The program.\")\n" if last and not extra.get("no_picture") else ""
        code += (" {" + picture + "                }" if picture else "")
        return f"            @Step {{\n                A step.\n{long}\n{code}\n            }}\n"

    body = ""
    for title, steps in sections:
        shown = "".join(step(path, file, extra, index == len(steps) - 1) for index, (path, file, _, extra) in enumerate(steps))
        body += (f"    @Section(title: \"{title}\") {{\n        @ContentAndMedia {{\n            A fixture.\n        }}\n\n"
                 f"        @Steps {{\n{shown}        }}\n    }}\n\n")
    settings = f"        project: {project}\n" + (f"        start: {start}\n" if start else "")
    return (f"@Tutorial(time: 5) {{\n    @Intro(title: \"{name}\") {{\n        A fixture.\n    }}\n\n"
            f"    @Comment {{\n{settings}    }}\n\n{body}}}\n")


def replace_step(sections, file, text=None, **extra):
    """The sections with the step file `file` given another text, or other extras."""
    return [(title, [(p, f, text if f == file and text is not None else t, {**e, **extra} if f == file else e)
                     for p, f, t, e in steps]) for title, steps in sections]


def fixtures():
    """(name, what it proves, sections, the project's files, the start's files, fails, texts the
    output must hold)."""
    broken_main = MAIN_1 + 'let planted: Int = "not a number"\n'
    # main's shout before Greeter's.
    too_early = CLEAN[:1] + [("Shout", [("Sources/Tiny/main.swift", "09-09-02-code-0001.swift", MAIN_2, {"previous": "09-09-01-code-0003.swift"}),
                                        ("Sources/Tiny/Greeter.swift", "09-09-02-code-0002.swift", GREETER_2,
                                         {"previous": "09-09-01-code-0002.swift"})])]
    alternating = replace_step(CLEAN, "09-09-02-code-0002.swift", previous=None)
    long_greeter = GREETER_2.replace("}\n", "".join(f"    // line {n}\n" for n in range(30)) + "}\n", 1)
    long_final = dict(FINAL, **{"Sources/Tiny/Greeter.swift": long_greeter})
    view_sections = CLEAN + [("View", [("Sources/Tiny/View.ui", "09-09-03-code-0001.ui", UI_1, {}),
                                       ("Sources/Tiny/View.swift", "09-09-03-code-0002.swift", VIEW, {})])]
    view_final = dict(FINAL, **{"Sources/Tiny/View.ui": UI_1, "Sources/Tiny/View.swift": VIEW})
    view_fixed = view_sections[:-1] + [("View", view_sections[-1][1] + [("Sources/Tiny/View.ui", "09-09-03-code-0003.ui", UI_2,
                                                                         {"previous": "09-09-03-code-0001.ui"})])]
    # From a starter: each file's first step compares with a copy of the starter's file, in the catalog.
    started = [("Shout", [("Sources/Tiny/Greeter.swift", "09-09-01-code-0001.swift", GREETER_2, {"previous": "09-09-00-code-0001.swift"}),
                          ("Sources/Tiny/main.swift", "09-09-01-code-0002.swift", MAIN_2, {"previous": "09-09-00-code-0002.swift"})])]
    started_unhighlighted = replace_step(started, "09-09-01-code-0001.swift", previous=None)
    starter = {"Package.swift": MANIFEST, "Sources/Tiny/Greeter.swift": GREETER_1, "Sources/Tiny/main.swift": MAIN_1}
    return [
        ("clean", "the clean tutorial, whose steps end at its project, passes",
         CLEAN, FINAL, None, False, ["0 problems", "Fixture", "4 type-checks and 1 manifest loads"]),
        ("step-does-not-compile", "a step that does not compile fails, naming it",
         replace_step(CLEAN, "09-09-01-code-0003.swift", broken_main), FINAL, None, True,
         ["Tutorials/Fixture.tutorial, section 1 (\"Begin\"), step 3", "09-09-01-code-0003.swift", "Sources/Tiny/main.swift",
          "does not type-check as module Tiny at this step", "cannot convert value of type 'String'"]),
        ("used-before-introduced", "a step that uses what a later step of another file adds fails: the learner's "
         "files, not the project's, are type-checked",
         too_early, FINAL, None, True,
         ["section 2 (\"Shout\"), step 1", "09-09-02-code-0001.swift", "value of type 'Greeter' has no member 'shout'"]),
        ("project-drifted", "a complete project that differs from the last step fails",
         CLEAN, dict(FINAL, **{"Sources/Tiny/main.swift": MAIN_2 + "// drifted\n"}), None, True,
         ["Sources/Tiny/main.swift: differs from the last step that shows it", "09-09-02-code-0002.swift", "from line 2"]),
        ("project-extra-file", "a file of the complete project that no step shows fails",
         CLEAN, dict(FINAL, **{"Sources/Tiny/Extra.swift": "let extra = 1\n"}), None, True,
         ["Sources/Tiny/Extra.swift: the complete project has this file, which no step shows and the start lacks"]),
        ("start-holds-it", "the same file in the start passes: the learner begins with it",
         CLEAN, dict(FINAL, **{"Sources/Tiny/Extra.swift": "let extra = 1\n"}), {"Sources/Tiny/Extra.swift": "let extra = 1\n"},
         False, ["0 problems"]),
        ("started-from-a-starter", "a tutorial beginning from a starter shows only what it changes, each file compared "
         "with the starter's",
         started, FINAL, starter, False, ["0 problems"]),
        ("starter-does-not-build", "a starter that does not type-check fails, though the steps mend it: the learner "
         "runs the starter first",
         started, FINAL, dict(starter, **{"Sources/Tiny/main.swift": MAIN_1 + 'let planted: Int = "not a number"\n'}), True,
         ["section 0 (\"the start\")", "does not type-check as module Tiny", "cannot convert value of type 'String'"]),
        ("starter-file-not-compared", "a starter's file changed by a step without previousFile: fails (DocC would "
         "highlight nothing)",
         started_unhighlighted, FINAL, starter, True,
         ["section 1 (\"Shout\"), step 1", "DocC compares Sources/Tiny/Greeter.swift with nothing",
          "add previousFile: a file of the catalog holding the start's Sources/Tiny/Greeter.swift"]),
        ("project-does-not-build", "a complete project that does not build fails",
         replace_step(CLEAN, "09-09-02-code-0002.swift", broken_main),
         dict(FINAL, **{"Sources/Tiny/main.swift": broken_main}), None, True,
         ["does not build", "cannot convert value of type 'String'"]),
        ("no-previous-file", "a file shown again after another file's step, without previousFile:, fails (DocC "
         "would highlight nothing)",
         alternating, FINAL, None, True,
         ["section 2 (\"Shout\"), step 2", "DocC compares Sources/Tiny/main.swift with nothing",
          "not with what the learner has before this step: add previousFile: 09-09-01-code-0003.swift"]),
        ("long-step", "a step changing more than 25 lines without saying why fails",
         replace_step(CLEAN, "09-09-02-code-0001.swift", long_greeter), long_final, None, True,
         ["section 2 (\"Shout\"), step 1", "lines of Sources/Tiny/Greeter.swift, more than 25, without saying why"]),
        ("long-step-said", "the same step with its reason passes",
         replace_step(CLEAN, "09-09-02-code-0001.swift", long_greeter, long="thirty comments, as a fixture"), long_final,
         None, False, ["0 problems"]),
        ("manifest-does-not-load", "a manifest step that does not load fails",
         replace_step(CLEAN, "09-09-01-code-0001.swift", MANIFEST.replace("executableTarget", "executableTargett")), FINAL,
         None, True, ["section 1 (\"Begin\"), step 1", "Package.swift does not load as the package's manifest"]),
        ("section-without-picture", "a section whose last step shows no picture fails",
         replace_step(CLEAN, "09-09-02-code-0002.swift", no_picture=True), FINAL, None, True,
         ["section 2 (\"Shout\"): its last step shows no picture"]),
        ("outlet-missing", "a view asking its .ui file for an id it lacks at the section's end fails",
         view_sections, view_final, None, True,
         ["end of section 3 (\"View\")", "Sources/Tiny/View.swift asks for the object \"sum_label\"",
          "Sources/Tiny/View.ui has no id for yet"]),
        ("outlet-added", "the same view with the id added to the .ui by the section's end passes",
         view_fixed, dict(view_final, **{"Sources/Tiny/View.ui": UI_2}), None, False, ["0 problems"]),
    ]


def write(folder, files):
    shutil.rmtree(folder, ignore_errors=True)
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(folder, path)), exist_ok=True)
        open(os.path.join(folder, path), "w", encoding="utf-8").write(text)


def main():
    passed = failed = 0
    for name, proves, sections, project, start, fails, expected in fixtures():
        catalog = os.path.join(WORK, name + ".docc")
        shutil.rmtree(catalog, ignore_errors=True)
        files = {f"Tutorials/Fixture.tutorial": tutorial("Fixture", sections, start=START if start else None)}
        files.update({f"Resources/{file}": text for _, steps in sections for _, file, text, _ in steps})
        # The starter's files that steps compare with.
        files.update({f"Resources/09-09-00-code-{n:04d}.swift": text
                      for n, text in enumerate([GREETER_1, MAIN_1], 1)})
        write(catalog, files)
        open(os.path.join(catalog, "Resources", "tiny.png"), "wb").write(b"\x89PNG\r\n\x1a\n")
        # The project's folder is kept (its build folder is outside it): only its files are rewritten.
        write(os.path.join(ROOT, PROJECT), project)
        write(os.path.join(ROOT, START), start or {})
        result = subprocess.run([sys.executable, CHECKER, "--catalog", catalog, "--scratch", os.path.join(WORK, ".build"),
                                 "--states", os.path.join(WORK, "states"), "--programs", os.path.join(WORK, "programs")],
                                capture_output=True, text=True)
        output = result.stdout + result.stderr
        missing = [text for text in expected if text not in output]
        if (result.returncode != 0) == fails and not missing and "Traceback" not in output:
            passed += 1
            print(f"PASS {name}: {proves}")
        else:
            failed += 1
            said = "failed" if result.returncode else "passed"
            print(f"FAIL {name}: {proves}; the checker {said}" + (f", without {missing}" if missing else ""))
        if result.returncode != 0 or missing:
            # Indented, so that the checker's own count line is not read as this runner's.
            print("\n".join("    | " + line for line in output.rstrip().splitlines()))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The tutorial checker's own test (`make check-tutorials` runs it after the checker): planted
defects, each of which build-aux/check-tutorials.py must report, naming the tutorial, the step
and the file, and the declared context it must accept.

Each fixture is a small catalog written anew under build/tutorial-fixtures: a tutorial and its
step files, made from the project's real files as they are now, so that a fixture plants exactly
one defect however those files change.

    Tests/Tutorials/run.py [--build DIR]

Prints one line per fixture, the checker's output under a failing one, and `N passed, N failed`.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "build-aux", "check-tutorials.py")
WORK = os.path.join(ROOT, "build", "tutorial-fixtures")
WHOLE_NUMBER = "Sources/TriadModel/Adder/WholeNumber.swift"
ADDER_MODEL = "Sources/TriadModel/Adder/AdderModel.swift"
# What AdderModel.swift uses of its module: the parser it calls, and the translation of its messages.
ADDER_CONTEXT = [WHOLE_NUMBER, "Sources/TriadModel/Support/Localization.swift", "Sources/TriadModel/Support/Text.swift"]
# The model that calls the parser, with what it uses besides: context for tutorials that show the parser.
PARSER_USER = [ADDER_MODEL] + ADDER_CONTEXT[1:]


def real(path):
    return open(os.path.join(ROOT, path), encoding="utf-8").read()


def stub():
    """A first step that type-checks on its own: the parser's type, answering nothing yet."""
    return ("/// Reading a whole number the way people type one.\n"
            "public enum WholeNumber {\n"
            "    public enum Failure: Error, Sendable, Equatable { case empty, notAWholeNumber, outOfRange }\n\n"
            "    public static func parse(_ text: String) -> Result<Int64, Failure> { .failure(.empty) }\n"
            "}\n")


def tutorial(name, steps, context=(), sections=None):
    """A tutorial's text: one section whose steps show (path, step file) in order, with `context`
    named at the top; or `sections`, each (steps, the context named inside that section)."""
    def lines(paths, indent):
        return "".join(f"{indent}context: {path}\n" for path in paths)

    def section(number, shown_steps, section_context):
        comment = (f"        @Comment {{\n            From here on.\n{lines(section_context, '            ')}        }}\n\n"
                   if section_context else "")
        shown = "".join(f"            @Step {{\n                Step {number}.\n\n"
                        f"                @Code(name: \"{path}\", file: {file})\n            }}\n\n"
                        for number, (path, file) in enumerate(shown_steps, 1))
        return (f"    @Section(title: \"{name} {number}\") {{\n        @ContentAndMedia {{\n            A fixture.\n        }}\n\n"
                f"{comment}        @Steps {{\n{shown}        }}\n    }}\n")
    body = "\n".join(section(number, shown, extra) for number, (shown, extra) in enumerate(sections or [(steps, ())], 1))
    return (f"@Tutorial(time: 5) {{\n    @Intro(title: \"{name}\") {{\n        A fixture.\n    }}\n\n"
            f"    @Comment {{\n        The checker's fixture.\n{lines(context, '        ')}    }}\n\n{body}}}\n")


def narrow_stub():
    """A parser's first step without `.outOfRange`, which AdderModel.swift needs."""
    return ("public enum WholeNumber {\n"
            "    public enum Failure: Error, Sendable, Equatable { case empty, notAWholeNumber }\n\n"
            "    public static func parse(_ text: String) -> Result<Int64, Failure> { .failure(.empty) }\n"
            "}\n")


def contents(*names):
    """A table of contents listing the tutorials `names` in this order."""
    references = "".join(f"        @TutorialReference(tutorial: \"doc:{name}\")\n" for name in names)
    return (f"@Tutorials(name: \"Fixture\") {{\n    @Intro(title: \"Fixture\") {{\n        A fixture.\n    }}\n\n"
            f"    @Chapter(name: \"Fixture\") {{\n        A fixture.\n\n{references}    }}\n}}\n")


def fixtures():
    """(name, what it proves, {tutorial file: text}, {step file: text}, fails, texts the output must hold)."""
    planted_drift = real(WHOLE_NUMBER).replace("\n", "\n// a line the tree does not have\n", 1)
    planted_error = real(WHOLE_NUMBER) + "\nlet planted: Int = \"not a number\"\n"
    adder = [(ADDER_MODEL, "01-01-01-code-0001.swift")]
    whole = [(WHOLE_NUMBER, "01-01-01-code-0001.swift"), (WHOLE_NUMBER, "01-01-01-code-0002.swift")]
    return [
        ("last-step-drifted", "a last step that differs from the real file fails byte identity",
         {"Drifted": tutorial("Drifted", whole)},
         {"01-01-01-code-0001.swift": stub(), "01-01-01-code-0002.swift": planted_drift}, True,
         ["Tutorials/Drifted.tutorial", "step 2", "01-01-01-code-0002.swift", WHOLE_NUMBER,
          "is not the file in the tree", "differ from line 2"]),
        ("step-does-not-compile", "a step that does not compile fails the type-check",
         {"Broken": tutorial("Broken", whole)},
         {"01-01-01-code-0001.swift": planted_error, "01-01-01-code-0002.swift": real(WHOLE_NUMBER)}, True,
         ["Tutorials/Broken.tutorial", "step 1", "01-01-01-code-0001.swift", WHOLE_NUMBER,
          "does not type-check as module TriadModel", "cannot convert value of type 'String'"]),
        ("context-missing", "a step that needs a file the tutorial neither shows nor declares fails",
         {"Undeclared": tutorial("Undeclared", adder)}, {"01-01-01-code-0001.swift": real(ADDER_MODEL)}, True,
         ["Tutorials/Undeclared.tutorial", "step 1", ADDER_MODEL, "cannot find 'WholeNumber' in scope"]),
        ("context-declared", "the same step passes once its context is declared",
         {"Declared": tutorial("Declared", adder, ADDER_CONTEXT)}, {"01-01-01-code-0001.swift": real(ADDER_MODEL)}, False,
         ["0 problems"]),
        ("finished-later", "a file left half built by one tutorial and finished by the next passes",
         {"Contents": contents("Begun", "Finished"), "Begun": tutorial("Begun", whole[:1]),
          "Finished": tutorial("Finished", whole[1:])},
         {"01-01-01-code-0001.swift": stub(), "01-01-01-code-0002.swift": real(WHOLE_NUMBER)}, False, ["0 problems"]),
        ("context-too-early", "a context named for every section fails at a step that has not built what it needs yet",
         {"Early": tutorial("Early", None, PARSER_USER, sections=[(whole[:1], ()), (whole[1:], ())])},
         {"01-01-01-code-0001.swift": narrow_stub(), "01-01-01-code-0002.swift": real(WHOLE_NUMBER)}, True,
         ["Tutorials/Early.tutorial", "section 1", "step 1", "01-01-01-code-0001.swift", WHOLE_NUMBER,
          "does not type-check as module TriadModel", "outOfRange"]),
        ("context-from-its-section", "the same context named in the section that needs it passes",
         {"Later": tutorial("Later", None, sections=[(whole[:1], ()), (whole[1:], PARSER_USER)])},
         {"01-01-01-code-0001.swift": narrow_stub(), "01-01-01-code-0002.swift": real(WHOLE_NUMBER)}, False,
         ["0 problems"]),
        ("folder-context", "a folder named as context brings every file of it the step needs",
         {"Folder": tutorial("Folder", adder, ["Sources/TriadModel/"])}, {"01-01-01-code-0001.swift": real(ADDER_MODEL)}, False,
         ["0 problems"]),
        ("folder-file-once-shown", "a file of a context folder is the step's once a step shows it, not the tree's",
         {"Shown": tutorial("Shown", None, ["Sources/TriadModel/"], sections=[(adder, ()), (
             [(WHOLE_NUMBER, "01-01-01-code-0002.swift"), (WHOLE_NUMBER, "01-01-01-code-0003.swift")], ())])},
         {"01-01-01-code-0001.swift": real(ADDER_MODEL), "01-01-01-code-0002.swift": narrow_stub(),
          "01-01-01-code-0003.swift": real(WHOLE_NUMBER)}, True,
         ["Tutorials/Shown.tutorial", "section 2", "step 1", "01-01-01-code-0002.swift", "outOfRange"]),
        ("manifest-does-not-load", "a package manifest step whose target has no sources fails",
         {"Manifest": tutorial("Manifest", [("Package.swift", "01-01-01-code-0001.swift"), ("Package.swift", "01-01-01-code-0002.swift")])},
         {"01-01-01-code-0001.swift": real("Package.swift").replace('.target(name: "GtkKit"', '.target(name: "GtkKitt"', 1),
          "01-01-01-code-0002.swift": real("Package.swift")}, True,
         ["Tutorials/Manifest.tutorial", "step 1", "01-01-01-code-0001.swift", "does not load as the package manifest",
          "GtkKitt"]),
        ("finished-too-early", "the same tutorials read in the other order fail: the stub is now the last step",
         {"Contents": contents("Finished", "Begun"), "Begun": tutorial("Begun", whole[:1]),
          "Finished": tutorial("Finished", whole[1:])},
         {"01-01-01-code-0001.swift": stub(), "01-01-01-code-0002.swift": real(WHOLE_NUMBER)}, True,
         ["Tutorials/Begun.tutorial", "step 1", "01-01-01-code-0001.swift", "is not the file in the tree"]),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, ".build", "debug"))
    options = parser.parse_args()
    passed = failed = 0
    for name, proves, tutorials, steps, fails, expected in fixtures():
        catalog = os.path.join(WORK, name + ".docc")
        shutil.rmtree(catalog, ignore_errors=True)
        os.makedirs(os.path.join(catalog, "Tutorials"))
        os.makedirs(os.path.join(catalog, "Resources"))
        for tutorial_name, text in tutorials.items():
            open(os.path.join(catalog, "Tutorials", tutorial_name + ".tutorial"), "w", encoding="utf-8").write(text)
        for file, content in steps.items():
            open(os.path.join(catalog, "Resources", file), "w", encoding="utf-8").write(content)
        result = subprocess.run([sys.executable, CHECKER, "--catalog", catalog, "--build", options.build],
                                capture_output=True, text=True)
        output = result.stdout + result.stderr
        missing = [text for text in expected if text not in output]
        if (result.returncode != 0) == fails and not missing:
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

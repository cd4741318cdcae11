#!/usr/bin/python3
"""`make check-docs-render`: the documentation site renders. DocC's pages are a JavaScript app that
reads each page's data as it runs, so a page can be in the site and still show nothing; this
serves the site made by `make docs` and loads its pages in headless Chromium (Debian's
chromium-headless-shell), as a reader's browser would.

What each page must show, taken from the catalog (docs/Triad.docc), not from the site, so that a
page the site lacks is a failure:
- each tutorial: its title, and each of its steps, section by section (DocC renders a step as
  `class="step-container step-N"`, N counted from one in each section);
- each landing page: the site's article, each module's page (a `# ``Module``` file), and the
  tutorials' table of contents: its title;
- each other article of the catalog (the concepts): its title, under the site's article.

    render-docs.py [--site DIR] [--catalog DIR] [--only PAGE]

Prints one line per page and `N passed, N failed`.
"""
import argparse
import functools
import html
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTING_BASE = "triad"   # docs.py's hosting base path
SITE_NAME = "triad"      # docs.py's display name, lower-cased: the folder DocC puts the tutorials in
BROWSER = "chromium-headless-shell"


def expected_pages(catalog):
    """(URL path under the hosting base, kind, title, steps per section) for every page the
    catalog makes that a reader lands on or works through."""
    pages, articles, root = [], [], None
    for folder, _, names in os.walk(catalog):
        for name in sorted(names):
            path = os.path.join(folder, name)
            stem = os.path.splitext(name)[0]
            if name.endswith(".md"):
                first = open(path, encoding="utf-8").readline().strip()
                module = re.fullmatch(r"# ``(\w+)``", first)
                if module:
                    pages.append((f"documentation/{module.group(1).lower()}", "module", module.group(1), None))
                elif "@TechnologyRoot" in open(path, encoding="utf-8").read():
                    root = stem.lower()
                    pages.append((f"documentation/{root}", "article", first.lstrip("# "), None))
                elif first.startswith("# "):
                    articles.append((stem.lower(), first[2:].strip()))
            elif name.endswith(".tutorial"):
                text = re.sub(r"@Comment\s*\{[^}]*\}", "", open(path, encoding="utf-8").read())
                title = re.search(r'@Intro\(\s*title:\s*"([^"]+)"', text)
                title = title.group(1) if title else stem
                if "@Tutorials(" in text:
                    # A table of contents is found at the name of its file.
                    pages.append((f"tutorials/{stem.lower()}", "contents", title, None))
                elif "@Tutorial(" in text:
                    sections = [len(re.findall(r"@Step\s*\{", section)) for section in re.split(r"@Section\(", text)[1:]]
                    pages.append((f"tutorials/{SITE_NAME}/{stem.lower()}", "tutorial", title, sections))
    # An article is found under the site's article (the technology root) by its file's name.
    pages += [(f"documentation/{root or SITE_NAME}/{stem}", "article", title, None) for stem, title in articles]
    return pages


def render(url, profile):
    """The page's DOM once its scripts have run (Chromium's virtual time lets them finish at once)."""
    result = subprocess.run([BROWSER, "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                             "--virtual-time-budget=10000", "--dump-dom", url],
                            capture_output=True, text=True, timeout=120)
    return result.stdout


def titles(dom):
    """The text of the page's h1 headings, tags and spacing taken out: its title as rendered (the
    sidebar and the sections have h2s; the page without scripts has a `noscript-title`)."""
    found = re.findall(r"<h1(?![^>]*noscript-title)[^>]*>(.*?)</h1>", dom, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split()) for text in found]


def check(dom, kind, title, sections):
    """What is missing from the page, or None."""
    if title not in titles(dom):
        return f"no title {title!r} (the page's h1 headings: {titles(dom)[:4]})"
    if kind == "tutorial":
        rendered = [int(n) for n in re.findall(r'class="step-container step-(\d+)', dom)]
        wanted = [n for count in sections for n in range(1, count + 1)]
        if rendered != wanted:
            return f"steps rendered {rendered}, the catalog has {wanted} (section by section)"
    return None


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=os.path.join(ROOT, "build", "docs"))
    parser.add_argument("--catalog", default=os.path.join(ROOT, "docs", "Triad.docc"))
    parser.add_argument("--only", help="the one page to load (its path, as the output names it)")
    options = parser.parse_args()
    if not os.path.isfile(os.path.join(options.site, "index.html")):
        sys.exit(f"render-docs: no site in {options.site}: run `make docs` first")
    if not shutil.which(BROWSER):
        sys.exit(f"render-docs: {BROWSER} is missing (apt-get install --no-install-recommends {BROWSER}; `make test-deps`)")
    pages = [p for p in expected_pages(options.catalog) if options.only in (None, p[0])]

    with tempfile.TemporaryDirectory(prefix="triad-docs-") as served:
        # The site under its hosting base path, as a web server would hold it.
        os.symlink(os.path.abspath(options.site), os.path.join(served, HOSTING_BASE))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=served))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/{HOSTING_BASE}/"
        passed = failed = 0
        for path, kind, title, sections in pages:
            with tempfile.TemporaryDirectory(prefix="triad-chromium-") as profile:
                problem = check(render(base + path, profile), kind, title, sections)
            if problem:
                failed += 1
                print(f"FAIL {kind} {path}: {problem}")
            else:
                passed += 1
                steps = f", {sum(sections)} steps" if sections else ""
                print(f"PASS {kind} {path}: {title!r}{steps}")
        server.shutdown()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not pages else 0)


if __name__ == "__main__":
    main()

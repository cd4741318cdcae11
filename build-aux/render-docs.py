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
- each other article of the catalog (the concepts): its title, under the site's article;
- on every page, each picture loads: every image the page's data names (`data/<page>.json`, its
  references of type "image", each variant's URL) is a file of the site, not a link (DocC copies
  a link in the catalog as a link, and one pointing out of the site shows as an empty box), and the
  server answers its URL with an image. Whether a picture showed is not in Chromium's DOM; what
  the page asks the server for is;
- on every page, each link to another page of the site (a tutorial's link to a concept article,
  which docs.py writes out) leads to a page the site has.

    render-docs.py [--root DIR] [--site DIR] [--catalog DIR] [--only PAGE]

Prints one line per page (with its pictures), the pictures of each tutorial that load, and
`N passed, N failed`.
"""
import argparse
import functools
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_report import root as tree_root  # noqa: E402

ROOT = tree_root()
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


# The first bytes of each kind of picture DocC takes.
IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF8", b"<svg", b"<?xml")


def pictures_and_links(site, base, path):
    """(pictures, pictures that load, problems) of the page at `path`, from its data file."""
    data_file = os.path.join(site, "data", path + ".json")
    try:
        data = json.load(open(data_file, encoding="utf-8"))
    except (OSError, ValueError) as error:
        return 0, 0, [f"its data {os.path.relpath(data_file, site)} does not load: {error}"]
    site_real = os.path.realpath(site)
    pictures = loaded = 0
    problems = []
    for reference in data.get("references", {}).values():
        if reference.get("type") == "image":
            for variant in reference.get("variants", []):
                pictures += 1
                url = variant.get("url", "")
                file = os.path.join(site, url.lstrip("/"))
                name = os.path.basename(url)
                if os.path.islink(file):
                    problems.append(f"the picture {name} is a link ({os.readlink(file)}), not a file of the site")
                    continue
                if not os.path.isfile(file) or not os.path.realpath(file).startswith(site_real + os.sep):
                    problems.append(f"the picture {name} is not in the site ({url})")
                    continue
                try:
                    with urllib.request.urlopen(base + url.lstrip("/"), timeout=30) as answer:
                        head = answer.read(16)
                except (urllib.error.URLError, OSError) as error:
                    problems.append(f"the picture {name} does not load from {url}: {error}")
                    continue
                if not head.lstrip().startswith(IMAGE_MAGIC):
                    problems.append(f"the picture {name} is not an image ({head[:8]!r})")
                    continue
                loaded += 1
        elif reference.get("type") == "link" and reference.get("url", "").startswith(f"/{HOSTING_BASE}/"):
            target = reference["url"][len(HOSTING_BASE) + 2:].split("#")[0].strip("/")
            if not os.path.isfile(os.path.join(site, "data", target + ".json")):
                problems.append(f"the link to {reference['url']} leads to no page of the site")
    return pictures, loaded, problems


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # Chromium closing a connection it no longer needs (a page left) is no error of the site


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
        server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=served))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/{HOSTING_BASE}/"
        passed = failed = 0
        tally = []
        for path, kind, title, sections in pages:
            with tempfile.TemporaryDirectory(prefix="triad-chromium-") as profile:
                problem = check(render(base + path, profile), kind, title, sections)
            pictures, loaded, problems = pictures_and_links(options.site, base, path)
            problems = ([problem] if problem else []) + problems
            if kind == "tutorial":
                tally.append((title, pictures, loaded))
            if problems:
                failed += 1
                print(f"FAIL {kind} {path}: " + "; ".join(problems))
            else:
                passed += 1
                steps = f", {sum(sections)} steps" if sections else ""
                print(f"PASS {kind} {path}: {title!r}{steps}, {loaded} of {pictures} pictures load")
        server.shutdown()
    for title, pictures, loaded in tally:
        print(f"render-docs: {title}: {loaded} of {pictures} pictures load")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not pages else 0)


if __name__ == "__main__":
    main()

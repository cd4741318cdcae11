"""Splits a source file into its code and its comments, by its language, for the checks that read
one or the other (build-aux/check-lessons.py).

For Swift and C the split is a small lexer, not a line match: a `//` inside a string is no comment,
Swift's multi-line (triple-quoted) and raw (#"…"#) strings and its interpolations (with strings of their
own inside) are followed, and Swift's block comments nest. Python's comments come from Python's own
tokenizer; shell, make and other `#` languages are read a line at a time."""
import io
import re
import tokenize


class _Lexer:
    def __init__(self, text, swift):
        self.text, self.swift = text, swift
        self.at, self.line = 0, 1
        self.code = []       # the text with comments and string contents blanked
        self.comments = []   # (line, text)

    def keep(self, count=1):
        """Moves `count` characters over into the code as they are."""
        for character in self.text[self.at:self.at + count]:
            self.code.append(character)
            self.line += character == "\n"
        self.at += count

    def blank(self, count=1):
        """Moves `count` characters over blanked (a newline stays, so line numbers hold)."""
        for character in self.text[self.at:self.at + count]:
            self.code.append("\n" if character == "\n" else " ")
            self.line += character == "\n"
        self.at += count

    def comment(self, end):
        """Blanks text[at:end], recording it as comment text, one entry a line."""
        first = self.line
        for offset, part in enumerate(self.text[self.at:end].split("\n")):
            if part.strip():
                self.comments.append((first + offset, part))
        self.blank(end - self.at)

    def run_code(self, in_interpolation=False):
        text, depth = self.text, 0
        while self.at < len(text):
            character = text[self.at]
            if text.startswith("//", self.at):
                end = text.find("\n", self.at)
                self.comment(len(text) if end < 0 else end)
            elif text.startswith("/*", self.at):
                self.block_comment()
            elif self.swift and character == "#" and re.match(r'#+"', text[self.at:self.at + 12]):
                hashes = len(re.match(r"#+", text[self.at:]).group(0))
                self.string(hashes)
            elif character == '"':
                self.string(0)
            elif not self.swift and character == "'":
                self.character_literal()
            elif in_interpolation and character == "(":
                depth += 1
                self.keep()
            elif in_interpolation and character == ")":
                if depth == 0:
                    return
                depth -= 1
                self.keep()
            else:
                self.keep()

    def block_comment(self):
        text, end, depth = self.text, self.at + 2, 1
        while end < len(text) and depth:
            if self.swift and text.startswith("/*", end):
                depth, end = depth + 1, end + 2
            elif text.startswith("*/", end):
                depth, end = depth - 1, end + 2
            else:
                end += 1
        self.comment(end)

    def string(self, hashes):
        text = self.text
        multiline = self.swift and text.startswith("#" * hashes + '"""', self.at)
        opening = "#" * hashes + ('"""' if multiline else '"')
        closing = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        self.keep(len(opening))
        while self.at < len(text):
            if text.startswith(closing, self.at):
                self.keep(len(closing))
                return
            if text.startswith(escape, self.at):
                after = self.at + len(escape)
                if self.swift and text.startswith("(", after):
                    self.blank(len(escape))
                    self.keep()  # the interpolation's "(": what follows is code
                    self.run_code(in_interpolation=True)
                    if self.at < len(text):
                        self.keep()  # its ")"
                    continue
                self.blank(len(escape) + 1)
                continue
            if text[self.at] == "\n" and not multiline:
                return  # an unterminated literal ends at its line
            self.blank()

    def character_literal(self):
        text = self.text
        self.keep()
        while self.at < len(text) and text[self.at] not in "'\n":
            self.blank(2 if text[self.at] == "\\" else 1)
        if self.at < len(text) and text[self.at] == "'":
            self.keep()


def _hash_comments(text):
    """`#` comments of shell, make and the like: a `#` at a line's start or after a blank, outside
    quotes (a rough reading: good enough for comments, which is all it is used for)."""
    found, code = [], []
    for number, line in enumerate(text.split("\n"), 1):
        unquoted = re.sub(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"", lambda m: " " * len(m.group(0)), line)
        match = re.search(r"(?:^|\s)#(?!!)", unquoted)
        if match and not (number == 1 and line.startswith("#!")):
            start = match.start() if unquoted[match.start()] == "#" else match.start() + 1
            found.append((number, line[start:]))
            code.append(line[:start])
        else:
            code.append(line)
    return "\n".join(code), found


def _python(text):
    found, lines = [], text.split("\n")
    # A string that is a statement of its own is a docstring: a comment, as `#` lines are.
    statement_start = (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING, None)
    previous = None
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind, previous = previous, token.type
            if token.type == tokenize.COMMENT and not (token.start[0] == 1 and token.string.startswith("#!")):
                found.append((token.start[0], token.string))
                row, column = token.start
                lines[row - 1] = lines[row - 1][:column]
                continue
            if token.type == tokenize.STRING and kind in statement_start and token.string.lstrip("rRbBuU").startswith(('"""', "'''")):
                found += [(token.start[0] + offset, line) for offset, line in enumerate(token.string.split("\n"))]
            if token.type == tokenize.STRING:
                (row, column), (end_row, end_column) = token.start, token.end
                if row == end_row:
                    line = lines[row - 1]
                    lines[row - 1] = line[:column] + '""' + " " * (end_column - column - 2) + line[end_column:]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return _hash_comments(text)
    return "\n".join(lines), found


def split(path, text):
    """(code, comments) of a source file: its code with comments (and, for Swift and C, string
    contents) blanked, and [(line number, comment text)]."""
    if path.endswith(".swift"):
        lexer = _Lexer(text, swift=True)
    elif path.endswith((".c", ".h", ".m", ".modulemap", ".css")):
        lexer = _Lexer(text, swift=False)
    elif path.endswith((".ui", ".xml", ".svg", ".its", ".metainfo.xml")):
        found = [(text[:m.start()].count("\n") + 1, m.group(1)) for m in re.finditer(r"<!--(.*?)-->", text, re.S)]
        return re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S), found
    elif path.endswith(".py"):
        return _python(text)
    else:  # Makefile, shell, make includes, YAML, desktop files: `#` comments
        return _hash_comments(text)
    lexer.run_code()
    return "".join(lexer.code), lexer.comments

"""Finds text that reaches the UI without going through gettext.

Scans Swift sources for string literals passed to the places where GTK shows
text: the GtkKit helpers (Widgets.label, setLabel, addTextColumn, …), arguments
labelled title:/hint:/tooltip:/placeholder:/label:/…, assignments to .title,
.tooltip, …, the GTK and GIO C functions that take a label, and GtkBuilder XML
properties such as <property name="title">. A literal there must sit inside
tr("…") / trn("…", "…", n), or carry no words: empty strings, separators,
numbers, format-only strings and icon names pass. Anything else is reported as
FILE:LINE. A line ending in `// i18n-ignore` is skipped (say why beside it).

Usage: check_translatable.py DIR_OR_FILE...   exit 1 when something is untranslated."""
import os
import re
import sys
import unicodedata

# Positional arguments that are shown as text, by callee (optionally only on one receiver).
POSITIONAL_SINKS = {
    ("Widgets", "label"): [0],
    (None, "setLabel"): [0],
    (None, "setAccessibleLabel"): [0],
    (None, "addTextColumn"): [0],
    (None, "shortcut"): [0],  # ShortcutsWindow's row helper: (title, accelerator)
    (None, "gtk_label_new"): [0],
    (None, "gtk_label_new_with_mnemonic"): [0],
    (None, "gtk_label_set_text"): [1],
    (None, "gtk_label_set_label"): [1],
    (None, "gtk_label_set_markup"): [1],
    (None, "gtk_label_set_text_with_mnemonic"): [1],
    (None, "gtk_label_set_markup_with_mnemonic"): [1],
    (None, "gtk_button_new_with_label"): [0],
    (None, "gtk_button_new_with_mnemonic"): [0],
    (None, "gtk_button_set_label"): [1],
    (None, "gtk_check_button_new_with_label"): [0],
    (None, "gtk_check_button_new_with_mnemonic"): [0],
    (None, "gtk_check_button_set_label"): [1],
    (None, "gtk_toggle_button_new_with_label"): [0],
    (None, "gtk_toggle_button_new_with_mnemonic"): [0],
    (None, "gtk_link_button_new_with_label"): [1],
    (None, "gtk_menu_button_set_label"): [1],
    (None, "gtk_widget_set_tooltip_text"): [1],
    (None, "gtk_widget_set_tooltip_markup"): [1],
    (None, "gtk_window_set_title"): [1],
    (None, "gtk_entry_set_placeholder_text"): [1],
    (None, "gtk_stack_add_titled"): [3],
    (None, "gtk_stack_page_set_title"): [1],
    (None, "gtk_frame_new"): [0],
    (None, "gtk_frame_set_label"): [1],
    (None, "gtk_expander_new"): [0],
    (None, "gtk_expander_new_with_mnemonic"): [0],
    (None, "gtk_expander_set_label"): [1],
    (None, "gtk_column_view_column_new"): [0],
    (None, "gtk_column_view_column_set_title"): [1],
    (None, "gtk_file_chooser_native_new"): [0, 3, 4],
    (None, "gtk_native_dialog_set_title"): [1],
    (None, "gtk_file_filter_set_name"): [1],
    (None, "gtk_progress_bar_set_text"): [1],
    (None, "gtk_string_list_append"): [1],
    (None, "gtk_about_dialog_set_comments"): [1],
    (None, "g_menu_append"): [1],
    (None, "g_menu_prepend"): [1],
    (None, "g_menu_insert"): [2],
    (None, "g_menu_append_section"): [1],
    (None, "g_menu_append_submenu"): [1],
    (None, "g_menu_item_new"): [0],
    (None, "g_menu_item_new_section"): [0],
    (None, "g_menu_item_new_submenu"): [0],
    (None, "g_menu_item_set_label"): [1],
    (None, "g_notification_new"): [0],
    (None, "g_notification_set_title"): [1],
    (None, "g_notification_set_body"): [1],
    (None, "g_notification_add_button"): [1],
}
# Argument labels and assigned properties that carry text, whatever the callee.
TEXT_LABELS = {"title", "subtitle", "hint", "tooltip", "placeholder", "label", "heading", "body",
               "message", "caption", "description", "accessibleLabel", "text"}
TEXT_PROPERTIES = TEXT_LABELS
# GObject properties set by name (setProperty("title", string: …)) and in GtkBuilder XML.
GOBJECT_TEXT_PROPERTIES = {"title", "label", "tooltip-text", "tooltip-markup", "placeholder-text", "text",
                           "subtitle", "secondary-text", "accessible-label", "comments"}
XML_PROPERTY = re.compile(r'<(property|attribute)\s+name="([a-z-]+)"[^>]*>([^<]*)</\1>')
FORMAT_SPEC = re.compile(r"%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j|t|L)?[@dDiuUxXoOfFeEgGcCsSpaA%]")
ICON_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*-symbolic")
IGNORE_MARK = "i18n-ignore"
PLACEHOLDER = "\ufffc"  # stands for an interpolation inside a literal's text


class Token:
    __slots__ = ("kind", "value", "line", "interpolations")

    def __init__(self, kind, value, line, interpolations=()):
        self.kind, self.value, self.line, self.interpolations = kind, value, line, list(interpolations)

    def __repr__(self):
        return f"Token({self.kind}, {self.value!r}, {self.line})"


class Lexer:
    """Just enough of Swift's lexical grammar: comments (nested), identifiers,
    numbers, punctuation and string literals (\"…\", \"\"\"…\"\"\", raw #\"…\"#, with
    interpolations lexed recursively)."""

    def __init__(self, source):
        self.src, self.pos, self.line = source, 0, 1
        self.ignored_lines = set()

    def peek(self, offset=0):
        i = self.pos + offset
        return self.src[i] if i < len(self.src) else ""

    def advance(self, count=1):
        for _ in range(count):
            if self.pos < len(self.src) and self.src[self.pos] == "\n":
                self.line += 1
            self.pos += 1

    def tokens(self, until_paren=False):
        out, depth = [], 0
        while self.pos < len(self.src):
            c = self.peek()
            if c in " \t\r\n":
                self.advance()
            elif self.src.startswith("//", self.pos):
                end = self.src.find("\n", self.pos)
                end = len(self.src) if end < 0 else end
                if IGNORE_MARK in self.src[self.pos:end]:
                    self.ignored_lines.add(self.line)
                self.pos = end
            elif self.src.startswith("/*", self.pos):
                self.skip_block_comment()
            elif c == '"' or (c == "#" and self.raw_string_ahead()):
                out.append(self.string())
            elif c.isalpha() or c == "_" or c == "$" or ord(c) > 127:
                start, line = self.pos, self.line
                while self.pos < len(self.src) and (self.peek().isalnum() or self.peek() in "_$" or ord(self.peek()) > 127):
                    self.advance()
                out.append(Token("ident", self.src[start:self.pos], line))
            elif c == "`":
                end = self.src.index("`", self.pos + 1)
                out.append(Token("ident", self.src[self.pos + 1:end], self.line))
                self.pos = end + 1
            elif c.isdigit():
                start, line = self.pos, self.line
                while self.pos < len(self.src) and (self.peek().isalnum() or self.peek() in "._"):
                    self.advance()
                out.append(Token("number", self.src[start:self.pos], line))
            else:
                if until_paren:
                    if c == "(":
                        depth += 1
                    elif c == ")":
                        if depth == 0:
                            self.advance()
                            return out
                        depth -= 1
                if c == "=" and self.peek(1) == "=" or c in "!<>+-*/%&|^~" and self.peek(1) == "=":
                    out.append(Token("punct", c + "=", self.line))
                    self.advance(2)
                    continue
                out.append(Token("punct", c, self.line))
                self.advance()
        return out

    def raw_string_ahead(self):
        i = self.pos
        while i < len(self.src) and self.src[i] == "#":
            i += 1
        return i < len(self.src) and self.src[i] == '"'

    def skip_block_comment(self):
        depth = 0
        while self.pos < len(self.src):
            if self.src.startswith("/*", self.pos):
                depth += 1
                self.advance(2)
            elif self.src.startswith("*/", self.pos):
                depth -= 1
                self.advance(2)
                if depth == 0:
                    return
            else:
                self.advance()

    def string(self):
        line = self.line
        hashes = 0
        while self.peek() == "#":
            hashes += 1
            self.advance()
        multiline = self.src.startswith('"""', self.pos)
        quote = '"""' if multiline else '"'
        self.advance(len(quote))
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        text, interpolations = [], []
        while self.pos < len(self.src):
            if self.src.startswith(closing, self.pos):
                self.advance(len(closing))
                break
            if self.src.startswith(escape, self.pos):
                self.advance(len(escape))
                c = self.peek()
                if c == "(":
                    self.advance()
                    interpolations.append(self.tokens(until_paren=True))
                    text.append(PLACEHOLDER)
                    continue
                text.append({"n": "\n", "t": "\t", "0": "\0"}.get(c, c))
                self.advance()
                continue
            text.append(self.peek())
            self.advance()
        return Token("string", "".join(text), line, interpolations)


def matching(tokens, open_index):
    """Index of the ')' that closes the '(' at open_index."""
    depth = 0
    for i in range(open_index, len(tokens)):
        value = tokens[i].value if tokens[i].kind == "punct" else None
        if value in ("(", "[", "{"):
            depth += 1
        elif value in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                return i
    return len(tokens) - 1


def split_arguments(tokens, open_index, close_index):
    """[(label or None, [tokens])] for the call whose parentheses are at open/close."""
    args, current, depth = [], [], 0
    for token in tokens[open_index + 1:close_index]:
        if token.kind == "punct" and token.value in "([{":
            depth += 1
        elif token.kind == "punct" and token.value in ")]}":
            depth -= 1
        if depth == 0 and token.kind == "punct" and token.value == ",":
            args.append(current)
            current = []
        else:
            current.append(token)
    if current:
        args.append(current)
    labelled = []
    for arg in args:
        if len(arg) >= 2 and arg[0].kind == "ident" and arg[1].kind == "punct" and arg[1].value == ":":
            labelled.append((arg[0].value, arg[2:]))
        else:
            labelled.append((None, arg))
    return labelled


def untranslated_literals(tokens):
    """String literals in tokens that are not inside tr(…)/trn(…), including those
    inside interpolations."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if (token.kind == "ident" and token.value in ("tr", "trn") and i + 1 < len(tokens)
                and tokens[i + 1].kind == "punct" and tokens[i + 1].value == "("):
            i = matching(tokens, i + 1) + 1
            continue
        if token.kind == "string":
            yield token
            for inner in token.interpolations:
                yield from untranslated_literals(inner)
        i += 1


def is_words(text):
    """Whether text carries words a person reads (a letter outside format specifiers)."""
    text = FORMAT_SPEC.sub("", text.replace(PLACEHOLDER, ""))
    return any(unicodedata.category(ch).startswith("L") for ch in text)


def allowed(token):
    text = token.value
    return not is_words(text) or ICON_NAME.fullmatch(text) is not None


class Finding:
    def __init__(self, line, text, where):
        self.line, self.text, self.where = line, text, where


def check_source(source):
    lexer = Lexer(source)
    tokens = lexer.tokens()
    findings = []

    def report(arg_tokens, where):
        for literal in untranslated_literals(arg_tokens):
            if not allowed(literal) and literal.line not in lexer.ignored_lines:
                findings.append(Finding(literal.line, literal.value.replace(PLACEHOLDER, "\\(…)"), where))

    def scan(tokens):
        for i, token in enumerate(tokens):
            if token.kind == "string":
                for inner in token.interpolations:
                    scan(inner)
                scan_xml(token)
            if token.kind != "ident":
                continue
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is not None and nxt.kind == "punct" and nxt.value == "(":
                close = matching(tokens, i + 1)
                args = split_arguments(tokens, i + 1, close)
                receiver = tokens[i - 2].value if i >= 2 and tokens[i - 1].kind == "punct" and tokens[i - 1].value == "." and tokens[i - 2].kind == "ident" else None
                sinks = POSITIONAL_SINKS.get((receiver, token.value), POSITIONAL_SINKS.get((None, token.value), []))
                for index in sinks:
                    if index < len(args):
                        report(args[index][1], f"{token.value}()")
                for label, arg in args:
                    if label in TEXT_LABELS:
                        report(arg, f"{token.value}({label}:)")
                if token.value == "setProperty" and args and args[0][1] and args[0][1][0].kind == "string" \
                        and args[0][1][0].value in GOBJECT_TEXT_PROPERTIES:
                    for label, arg in args[1:]:
                        report(arg, f'setProperty("{args[0][1][0].value}")')
            elif (token.value in TEXT_PROPERTIES and i >= 1 and tokens[i - 1].kind == "punct" and tokens[i - 1].value == "."
                  and nxt is not None and nxt.kind == "punct" and nxt.value == "="):
                report(statement_after(tokens, i + 2), f".{token.value} =")

    def scan_xml(token):
        for match in XML_PROPERTY.finditer(token.value):
            if match.group(2) in GOBJECT_TEXT_PROPERTIES and is_words(match.group(3)):
                line = token.line + token.value[:match.start()].count("\n")
                if line not in lexer.ignored_lines:
                    findings.append(Finding(line, match.group(3), f'<{match.group(1)} name="{match.group(2)}">'))

    scan(tokens)
    return findings


def statement_after(tokens, start):
    """The right-hand side of an assignment: tokens up to the end of its line, or
    of its last bracket when one is still open there."""
    out, depth = [], 0
    if start >= len(tokens):
        return out
    line = tokens[start].line
    for token in tokens[start:]:
        if depth == 0 and (token.line != line or (token.kind == "punct" and token.value in ";}")):
            break
        if token.kind == "punct" and token.value in "([{":
            depth += 1
        elif token.kind == "punct" and token.value in ")]}":
            depth -= 1
        out.append(token)
        line = token.line
    return out


def swift_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for directory, _, names in os.walk(path):
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(directory, name)


def main(paths):
    findings = 0
    checked = 0
    for path in sorted(swift_files(paths)):
        checked += 1
        with open(path, encoding="utf-8") as f:
            for finding in check_source(f.read()):
                findings += 1
                print(f"{path}:{finding.line}: untranslated text {finding.text!r} passed to {finding.where}; wrap it in tr(\"…\")")
    if findings:
        print(f"{findings} untranslated string(s) in {checked} file(s)")
        return 1
    print(f"check_translatable: {checked} Swift file(s), every UI string goes through tr()")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))

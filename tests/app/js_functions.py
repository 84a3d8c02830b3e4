"""Every function in a JavaScript file, with its length in lines: declarations, expressions,
methods (class and object), getters, and arrow functions (block or expression bodies), however
their signatures wrap. Read from the source with a small tokenizer (no node needed): comments,
strings, template literals and regular expressions are blanked first, so a brace or a "=>"
inside one counts for nothing.
"""

from __future__ import annotations

import re

# Words after which a "/" starts a regular expression, not a division.
REGEX_AFTER_WORDS = {"return", "typeof", "case", "do", "else", "in", "of", "yield", "await"}
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
# Words followed by "(...) {" that are statements, not methods.
NOT_METHODS = {"if", "for", "while", "switch", "catch", "with", "function", "return"}
METHOD_HEAD = re.compile(r"(?:(?:static|async|get|set)\s+)*\*?\s*(#?[A-Za-z_$][\w$]*)\s*$")
FUNCTION_HEAD = re.compile(r"\bfunction\b\s*\*?\s*([A-Za-z_$][\w$]*)?\s*$")
LOOK_BACK = 200  # characters read back from a signature for its name (the longest is ~60)
ARROW_NAME = re.compile(r"(#?[A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s*)?$")


def blank_literals(source: str) -> str:
    """``source`` with every comment, string, template and regex body replaced by spaces
    (newlines kept, so line numbers stay); a template's ${...} stays code."""
    out = list(source)
    index, size = 0, len(source)
    templates: list[int] = []  # brace depth at each open ${ of a template
    depth = 0

    def blank(start: int, end: int) -> None:
        for position in range(start, end):
            if out[position] != "\n":
                out[position] = " "

    def previous_code(position: int) -> str:
        """The code just before ``position`` (up to 20 characters), blanks skipped."""
        while position > 0 and out[position - 1].isspace():
            position -= 1
        return "".join(out[max(0, position - 20) : position])

    while index < size:
        char = source[index]
        pair = source[index : index + 2]
        if pair == "//":
            end = source.find("\n", index)
            end = size if end < 0 else end
            blank(index, end)
            index = end
        elif pair == "/*":
            end = source.find("*/", index + 2) + 2 or size
            blank(index, end)
            index = end
        elif char in "\"'":
            end = index + 1
            while end < size and source[end] != char:
                end += 2 if source[end] == "\\" else 1
            blank(index + 1, end)
            index = end + 1
        elif char == "`" or (char == "}" and templates and templates[-1] == depth):
            if char == "}":
                templates.pop()
            end = index + 1
            while end < size and source[end] != "`" and source[end : end + 2] != "${":
                end += 2 if source[end] == "\\" else 1
            blank(index + 1, end)
            if source[end : end + 2] == "${":
                templates.append(depth)
                index = end + 2
            else:
                index = end + 1
        elif char == "/":
            before = previous_code(index)
            word = re.search(r"([A-Za-z_$][\w$]*)$", before)
            if not before or before[-1] in REGEX_AFTER or (word and word[1] in REGEX_AFTER_WORDS):
                end, in_class = index + 1, False
                while end < size and (source[end] != "/" or in_class) and source[end] != "\n":
                    if source[end] == "\\":
                        end += 1
                    elif source[end] == "[":
                        in_class = True
                    elif source[end] == "]":
                        in_class = False
                    end += 1
                blank(index + 1, end)
                index = end + 1
            else:
                index += 1
        else:
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
            index += 1
    return "".join(out)


def _matching(code: str, start: int) -> int:
    """The index of the bracket closing the one at ``start``."""
    opening = code[start]
    closing = {"(": ")", "{": "}", "[": "]"}[opening]
    depth = 0
    for index in range(start, len(code)):
        if code[index] == opening:
            depth += 1
        elif code[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return len(code) - 1


def _opening(code: str, end: int) -> int:
    """The index of the "(" whose matching ")" is at ``end``."""
    depth = 0
    for index in range(end, -1, -1):
        if code[index] == ")":
            depth += 1
        elif code[index] == "(":
            depth -= 1
            if depth == 0:
                return index
    return 0


def _expression_end(code: str, start: int) -> int:
    """Where an arrow's expression body starting at ``start`` ends: the first , ; ) ] } at
    its own depth."""
    index = start
    while index < len(code):
        char = code[index]
        if char in "([{":
            index = _matching(code, index)
        elif char in ",;)]}":
            return index - 1
        index += 1
    return len(code) - 1


def javascript_functions(source: str) -> list[tuple[str, int]]:
    """(name, lines) of every function in ``source``, in order of where it starts; an
    anonymous one is named "(anonymous)"."""
    code = blank_literals(source)
    line_of = [0] * (len(code) + 1)
    for index, char in enumerate(code):
        line_of[index + 1] = line_of[index] + (char == "\n")
    found: list[tuple[int, str, int]] = []
    for match in re.finditer(r"\)\s*\{|=>", code):
        if match.group() == "=>":
            head_end = match.start()
            before = code[:head_end].rstrip()
            if before.endswith(")"):
                head = _opening(code, len(before) - 1)
            else:
                head = len(before) - len(re.search(r"[A-Za-z_$][\w$]*$", before[-LOOK_BACK:])[0])
            name_match = ARROW_NAME.search(code[max(0, head - LOOK_BACK) : head])
            body = match.end() + len(code[match.end() :]) - len(code[match.end() :].lstrip())
            end = _matching(code, body) if code[body] == "{" else _expression_end(code, body)
            name = name_match[1] if name_match else "(anonymous)"
        else:
            close = match.start()
            head = _opening(code, close)
            start = max(0, head - LOOK_BACK)
            before = code[start:head]
            function = FUNCTION_HEAD.search(before)
            method = METHOD_HEAD.search(before)
            if function:
                name, head = function[1] or "(anonymous)", start + function.start()
            elif method and method[1] not in NOT_METHODS:
                name, head = method[1], start + method.start(1)
            else:
                continue
            end = _matching(code, match.end() - 1)
        found.append((head, name, line_of[end] - line_of[head] + 1))
    return [(name, lines) for _, name, lines in sorted(found)]

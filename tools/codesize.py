#!/usr/bin/env python3
"""Size report of the C++ tree: files over a line limit, functions over a line limit, and the
data members of every class and struct, from a light brace-level scan (no compiler needed).

    python3 tools/codesize.py [--root DIR] [--file-limit 500] [--function-limit 80]
                              [--class-limit 16] [--struct-limit 20] [--check] [DIR ...]

DIRs default to engine and game; the data-member limits apply to --member-dirs (game). --check
exits 1 when a limit is broken (the search loop templates in engine/path/query are exempt from
the function limit; FILE_LIMITS names the files with a limit of their own, and why). CTest runs it as `code_size`. The scan understands the
code style of this project (one declaration per statement, braces on their own lines for
functions); it is a report, not a parser.
"""
import argparse
import os
import re
import sys

EXEMPT_FUNCTIONS = re.compile(r"engine/path/query/GridQuerySearchLoops\.hpp")
# Files allowed past --file-limit, with their own limit and the reason.
FILE_LIMITS = {
    # The one writer of Unit: every change of a unit (steps, claims, replans, orders, group
    # moves) is in this file by design, so that no other file of game/ holds a writable Unit&;
    # its read-only questions are in PartyMotionQueries.cpp, the plain geometry it applies in
    # StepGeometry.cpp.
    "game/party/PartyMotion.cpp": 650,
}
CONTROL = re.compile(r"^(if|for|while|switch|catch|do|else|return|case|default)\b")


def strip_code(text):
    """Comments and string/char literals blanked out, line structure kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join("\n" if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = ")" + m.group(1) + '"'
            j = text.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append('""' + "".join("\n" if ch == "\n" else " " for ch in text[i + 2:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * max(0, j - i - 2) + (c if j - i >= 2 else ""))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_templates(s):
    """Template argument lists removed (so `std::function<void(int)> f` has no parenthesis)."""
    prev = None
    while prev != s:
        prev = s
        s = re.sub(r"<[^<>;{}()]*(\([^()]*\))?[^<>;{}]*>", "", s)
    return s


def split_top(s, sep):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def scan(path, rel):
    """Yields ('function', name, lines, line_no) and ('class', kind, name, members, line_no)."""
    text = strip_code(open(path, encoding="utf-8", errors="replace").read())
    stack = []  # entries: [kind, name, start_line, members]
    stmt = ""
    line = 1
    stmt_line = 1
    for ch in text:
        if ch == "\n":
            line += 1
        if ch == "{":
            head = " ".join(stmt.split())
            kind = "block"
            name = ""
            m = re.search(r"\b(class|struct|union)\s+(?:\[\[[^\]]*\]\]\s*)?(\w+)[^;()]*$", head)
            inside = stack[-1][0] if stack else "namespace"
            if re.search(r"\bnamespace\b", head) or head.startswith('extern "C"'):
                kind = "namespace"
            elif m and not re.search(r"\benum\b", head):
                kind, name = m.group(1), m.group(2)
            elif re.search(r"\benum\b", head):
                kind = "enum"
            elif inside in ("namespace", "class", "struct", "union") and "(" in head and not head.endswith("=") \
                    and not CONTROL.match(head) and not re.search(r"=\s*$", head):
                fm = re.search(r"([~\w:]+(?:operator\s*[^\s(]+)?)\s*\(", strip_templates(head))
                kind, name = "function", fm.group(1) if fm else head[:40]
            stack.append([kind, name, stmt_line, 0])
            stmt = ""
            stmt_line = line
            continue
        if ch == "}":
            if stack:
                kind, name, start, members = stack.pop()
                if kind == "function":
                    yield ("function", name, line - start + 1, start)
                elif kind in ("class", "struct", "union"):
                    yield ("class", kind, name, members, start)
            stmt = ""
            stmt_line = line
            continue
        if ch == ";":
            if stack and stack[-1][0] in ("class", "struct", "union"):
                decl = " ".join(stmt.split())
                decl = re.sub(r"^(public|private|protected)\s*:\s*", "", decl)
                stack[-1][3] += count_members(decl)
            stmt = ""
            stmt_line = line
            continue
        if not stmt.strip():
            stmt_line = line
        stmt += ch
    return


def count_members(decl):
    if not decl or re.match(r"^(using|friend|typedef|static|enum|template|class|struct|union)\b", decl):
        return 0
    if re.match(r"^(public|private|protected)\s*:", decl):
        return 0
    d = strip_templates(decl)
    d = re.sub(r"\{[^{}]*\}", "", d)          # brace initialisers
    d = split_top(d, "=")[0] if "(" not in split_top(d, "=")[0] else d
    head = split_top(d, "=")[0]
    if "(" in head and not re.search(r"\(\s*\*\s*\w+\s*\)", head):
        return 0  # a function declaration (a function pointer member counts)
    if "operator" in head:
        return 0
    return len([p for p in split_top(d, ",") if p.strip()])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="*", default=["engine", "game"])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--file-limit", type=int, default=500)
    ap.add_argument("--function-limit", type=int, default=80)
    ap.add_argument("--class-limit", type=int, default=16)
    ap.add_argument("--struct-limit", type=int, default=20)
    ap.add_argument("--member-dirs", default="game",
                    help="comma-separated folders whose classes and structs the member limits apply to")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--members", action="store_true", help="list every class and struct with its data members")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    broken = 0
    files, funcs, classes = [], [], []
    for d in args.dirs:
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            for nm in sorted(names):
                if not nm.endswith((".cpp", ".hpp")):
                    continue
                p = os.path.join(dirpath, nm)
                rel = os.path.relpath(p, root)
                n = sum(1 for _ in open(p, encoding="utf-8", errors="replace"))
                if n > FILE_LIMITS.get(rel.replace(os.sep, "/"), args.file_limit):
                    files.append((n, rel))
                for item in scan(p, rel):
                    if item[0] == "function" and item[2] > args.function_limit and not EXEMPT_FUNCTIONS.search(rel):
                        funcs.append((item[2], f"{rel}:{item[3]}", item[1]))
                    elif item[0] == "class":
                        classes.append((item[3], item[1], item[2], f"{rel}:{item[4]}"))
    print(f"files over {args.file_limit} lines: {len(files)}")
    for n, rel in sorted(files, reverse=True):
        print(f"  {n:5d}  {rel}")
    print(f"functions over {args.function_limit} lines: {len(funcs)}")
    for n, where, name in sorted(funcs, reverse=True):
        print(f"  {n:5d}  {name}  ({where})")
    member_dirs = tuple(d.strip().rstrip("/") + "/" for d in args.member_dirs.split(",") if d.strip())
    big = [c for c in classes if c[3].startswith(member_dirs) and
           ((c[1] == "class" and c[0] > args.class_limit) or (c[1] != "class" and c[0] > args.struct_limit))]
    print(f"classes over {args.class_limit} data members, structs over {args.struct_limit} "
          f"(in {', '.join(member_dirs)}): {len(big)}")
    for c in sorted(big, reverse=True):
        print(f"  {c[0]:5d}  {c[1]} {c[2]}  ({c[3]})")
    if args.members:
        print("data members of every class and struct:")
        for c in sorted(classes, reverse=True):
            print(f"  {c[0]:5d}  {c[1]} {c[2]}  ({c[3]})")
    broken = len(files) + len(funcs) + len(big)
    return 1 if args.check and broken else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs the commands the docs show and checks the output they show against the real output.

Only blocks marked runnable are run: an HTML comment on the line before the fenced block,

    <!-- runnable -->                      run it; every command must exit 0
    <!-- runnable exit=2 -->               every command must exit 2
    <!-- runnable same=map,mean_expanded --> also: these fields' values must be the shown ones

A ```sh block is a list of commands (one a line; a trailing `  # comment` is not part of it).
A ```text block is a transcript: `$ COMMAND` lines, each followed by the output the docs show.
Each shown output line is checked against the command's real output (stdout and stderr):

- a line with JSON keys (`"name": ...`): every key appears as `"key":` in the real output;
- a line `field: value` (field: letters, digits, `_`, spaces): a real line starts with `field:`;
  with `same=field,...` in the marker (a space in a field's name written `_`) its whole line
  must be the real one;
- `...` (a cut) and blank lines are not checked;
- any other line must appear as it is (spaces at both ends aside) in the real output.

Commands run from the project root in bash, each with an empty XDG_CONFIG_HOME of its own (the
game's settings file); `build/bin/` at the start of a command is the build
tree's bin folder (--bin). A command that names a file outside the project (an absolute path or
`../`) that does not exist here (Tiled's examples, ../shared/movingai) is skipped, and so is a
game command that finds no display (unless the block shows that very message). Exit code: 0 when every command that ran passed, 1 on a failure,
77 (CTest's skip) when none could run.

    python3 tests/docs/docs_commands.py --root . --bin build/bin [--jobs N] [--list]
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

MARKER = re.compile(r"^<!--\s*runnable(?P<opts>(\s+[a-z]+=\S+)*)\s*-->\s*$")
JSON_KEY = re.compile(r'"([A-Za-z_][A-Za-z0-9_]*)"\s*:')
FIELD = re.compile(r"^([A-Za-z_][A-Za-z0-9_ ]*):(\s|$)")
NO_DISPLAY = "no display (DISPLAY is not set)"
TIMEOUT_SEC = 120


def doc_files(root):
    files = [root / "README.md", root / "assets" / "README.md"]
    files += sorted((root / "docs").glob("*.md"))
    return [f for f in files if f.is_file()]


def parse_options(text):
    opts = {"exit": 0, "same": []}
    for item in text.split():
        key, _, value = item.partition("=")
        if key == "exit":
            opts["exit"] = int(value)
        elif key == "same":
            opts["same"] = [v for v in value.split(",") if v]
        else:
            raise ValueError(f"unknown runnable option {key!r}")
    return opts


def blocks(path):
    """The runnable blocks of a file: (line of the fence, language, lines, options)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i].strip())
        if not m:
            i += 1
            continue
        fence = i + 1
        if fence >= len(lines) or not lines[fence].startswith("```"):
            raise ValueError(f"{path}:{i + 1}: a runnable marker must stand right before a fenced block")
        lang = lines[fence][3:].strip()
        body = []
        j = fence + 1
        while j < len(lines) and not lines[j].startswith("```"):
            body.append(lines[j])
            j += 1
        if j == len(lines):
            raise ValueError(f"{path}:{fence + 1}: the runnable block is not closed")
        out.append((fence + 1, lang, body, parse_options(m.group("opts") or "")))
        i = j + 1
    return out


def strip_comment(line):
    """`cmd args   # what it does` -> `cmd args` (a # inside quotes stays)."""
    quote = None
    for k, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (k == 0 or line[k - 1].isspace()):
            return line[:k].rstrip()
    return line.rstrip()


def commands(lang, body):
    """[(command, shown output lines)] of a block."""
    if lang == "sh":
        return [(c, []) for c in (strip_comment(l) for l in body) if c]
    if lang == "text":
        out = []
        for line in body:
            if line.startswith("$ "):
                out.append((line[2:].strip(), []))
            elif out:
                out[-1][1].append(line)
        return out
    raise ValueError(f"runnable blocks are sh or text, not {lang!r}")


def missing_outside_file(root, command):
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    for w in words:
        if w.startswith("/") or w.startswith("../"):
            p = Path(w) if w.startswith("/") else root / w
            if not p.exists():
                return w
    return None


def check_output(shown, real, same):
    """The problems of the shown lines against the real output (empty: it holds)."""
    problems = []
    real_lines = [l.strip() for l in real.splitlines()]
    for line in shown:
        s = line.strip()
        if not s or s == "...":
            continue
        keys = JSON_KEY.findall(s)
        if keys:
            problems += [f'no "{k}": in the output' for k in keys if f'"{k}":' not in real]
            continue
        m = FIELD.match(s)
        if m:
            field = m.group(1)
            if field.replace(" ", "_") in same:
                if s not in real_lines:
                    got = [l for l in real_lines if l.startswith(field + ":")]
                    problems.append(f"shown `{s}`, the program prints `{got[0] if got else '(no such line)'}`")
            elif not any(l.startswith(field + ":") for l in real_lines):
                problems.append(f"no line `{field}: ...` in the output")
            continue
        if s not in real:
            problems.append(f"`{s}` is not in the output")
    return problems


def run_one(root, bindir, env, where, command, shown, opts):
    """(state, report lines) of one command: state "ok", "fail" or "skip"."""
    outside = missing_outside_file(root, command)
    if outside:
        return "skip", [f"SKIP {where}: {command}", f"     ({outside} is not here)"]
    run = re.sub(r"^build/bin/", str(bindir) + "/", command)
    # The game's settings file starts empty for each command and never is the user's.
    with tempfile.TemporaryDirectory(prefix="isostar-docs-config-") as config:
        try:
            p = subprocess.run(["bash", "-c", run], cwd=root, env=dict(env, XDG_CONFIG_HOME=config),
                               capture_output=True, text=True, errors="replace", timeout=TIMEOUT_SEC)
        except subprocess.TimeoutExpired:
            return "fail", [f"FAIL {where}: {command}", f"     still running after {TIMEOUT_SEC} s"]
    real = p.stdout + p.stderr
    if NO_DISPLAY in real and not any(NO_DISPLAY in l for l in shown):
        return "skip", [f"SKIP {where}: {command}", "     (no display)"]
    problems = []
    if p.returncode != opts["exit"]:
        problems.append(f"exit code {p.returncode}, the docs expect {opts['exit']}")
    problems += check_output(shown, real, opts["same"])
    if not problems:
        return "ok", [f"ok   {where}: {command}"]
    report = [f"FAIL {where}: {command}"] + [f"     {pr}" for pr in problems]
    report.append("     output:")
    report += ["       | " + l for l in real.splitlines()[:60]]
    return "fail", report


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True, type=Path)
    ap.add_argument("--bin", required=True, type=Path)
    ap.add_argument("--jobs", type=int, default=2, help="commands run at once (default 2)")
    ap.add_argument("--list", action="store_true", help="list the commands, run nothing")
    args = ap.parse_args()
    root = args.root.resolve()
    bindir = args.bin.resolve()
    env = dict(os.environ, LC_ALL="C")

    todo = []
    for doc in doc_files(root):
        rel = doc.relative_to(root)
        try:
            found = blocks(doc)
            for line, lang, body, opts in found:
                todo += [(f"{rel}:{line}", command, shown, opts) for command, shown in commands(lang, body)]
        except ValueError as e:
            print(f"docs-commands: {e}")
            return 1
    if args.list:
        for where, command, _, _ in todo:
            print(f"{where}: {command}")
        return 0

    # Independent commands, a few at once; the reports in the docs' order.
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda t: run_one(root, bindir, env, *t), todo))
    counts = {"ok": 0, "fail": 0, "skip": 0}
    for state, report in results:
        counts[state] += 1
        print("\n".join(report))
    ran = counts["ok"] + counts["fail"]
    print(f"docs-commands: {ran} ran, {counts['fail']} failed, {counts['skip']} skipped")
    if counts["fail"]:
        return 1
    return 0 if ran else 77


if __name__ == "__main__":
    sys.exit(main())

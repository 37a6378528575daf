"""The docs are the behaviour: every command the README and the docs show is run as written (in a
scene that holds what it names: a built site, a previous deploy, a mike repository; the deployed
site and IndexNow are local servers), and every message they quote is one the code prints."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browser import serve
from indexnow_helpers import endpoint
from mike_helpers import ENV as MIKE_ENV
from mike_helpers import make_project
from mike_helpers import run as git_run
from places import ROOT

pytestmark = pytest.mark.slow  # builds real sites

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^ *```(\w+)\n(.*?)^ *```", re.MULTILINE | re.DOTALL)
#: What our commands run beside: the generator before them, the exporter that feeds them.
OURS = re.compile(
    r"^(sitemap-plugins|zensical build &&|hugo && sitemap-plugins|some-exporter \||mike deploy)"
)
PAGE = "<html lang=en><head><title>{0}</title></head><body><main><h1>{0}</h1><p>{0} text.</p></main></body></html>"
KEY = "a1b2c3d4-e5f6-0718"


def _documented_commands() -> list[tuple[str, str]]:
    """Each shell block's lines that run this package (comments dropped), one by one (mike's
    deploy with the line after it), by where they are."""
    found = []
    for path in DOCS:
        for language, text in FENCE.findall(path.read_text()):
            if language != "sh":
                continue
            lines = [line.strip().split("  #")[0].strip() for line in text.splitlines()]
            ours = [line for line in lines if OURS.match(line)]
            for number, line in enumerate(ours):
                if (
                    line.startswith("sitemap-plugins versions")
                    and number
                    and "mike deploy" in ours[number - 1]
                ):
                    continue  # run after mike's deploy, below
                if line.startswith("mike deploy"):
                    line = "\n".join(ours[number : number + 2])  # the deploy, then ours
                found.append((f"{path.relative_to(ROOT)}: {line[:70]}", line))
    return found


COMMANDS = _documented_commands()


def _built(
    directory: Path, base: str = "https://example.com/", pages: tuple[str, ...] = ("", "guide/")
) -> Path:
    for name in pages:
        (directory / name).mkdir(parents=True, exist_ok=True)
        (directory / name / "index.html").write_text(PAGE.format(name.strip("/") or "Home"))
    return directory


def _generated(directory: Path, base: str) -> Path:
    done = subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", "generate", "--from-dir", str(directory), "--base-url", base,
         "--out", str(directory)],
        capture_output=True, text=True, env={**os.environ, "INDEXNOW_KEY": KEY},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return directory


def _run(commands: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The lines as a shell runs them, `sitemap-plugins` and `zensical` being this environment's."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    # The exporter is the scene's lines; Hugo's output is the scene's tree.
    script = "set -e\n" + commands.replace("some-exporter |", "cat entries.jsonl |").replace("hugo && ", "")
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**(env or os.environ), "PATH": path},
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_the_docs_show_every_command():
    assert {
        command.split()[1]
        for _, lines in COMMANDS
        for command in lines.splitlines()
        if command.startswith("sitemap-plugins")
    } >= {
        "generate",
        "check",
        "submit",
        "versions",
        "clean",
    }


@pytest.mark.parametrize(("where", "commands"), COMMANDS, ids=[where for where, _ in COMMANDS])
def test_every_documented_command_runs_as_written(where, commands, tmp_path):
    if "sitemap-plugins versions" in commands:
        # A repository with a remote, as mike's own docs set one up, and mike's deploy: the one
        # the line comes after, or one made here.
        remote = tmp_path / "remote.git"
        git_run(tmp_path, "git", "init", "-q", "--bare", str(remote))
        repo = tmp_path / "repo"
        make_project(repo, "redirect", None, site_url="https://example.com/")
        git_run(repo, "git", "remote", "add", "origin", str(remote))
        if "mike deploy" not in commands:
            git_run(repo, "mike", "deploy", "--push", "--update-aliases", "2.0", "latest")
        done = _run(commands, repo, MIKE_ENV)
        assert done.returncode == 0, done.stderr
        pushed = git_run(remote, "git", "show", "gh-pages:sitemap.xml").stdout
        assert "<loc>https://example.com/2.0/sitemap.xml</loc>" in pushed
        return
    if "--project" in commands:
        shutil.copytree(ROOT / "sample_sites" / "zensical", tmp_path, dirs_exist_ok=True)
        shutil.rmtree(tmp_path / "site", ignore_errors=True)
        if "zensical build" not in commands:  # "a built Zensical project"
            _run("zensical build", tmp_path)
        done = _run(commands, tmp_path)
        assert done.returncode == 0, done.stderr
        assert "generated by sitemap-plugins" in (tmp_path / "site" / "sitemap.xml").read_text()
        return
    if " --as " in commands:
        # A staging server (the address the docs name) that holds a build for https://example.com/.
        site = _built(tmp_path / "served")
        _generated(site, "https://example.com/")
        with serve(site) as server:
            done = _run(commands.replace("http://127.0.0.1:8765/", server), tmp_path)
            assert done.returncode == 0, done.stdout + done.stderr
        return
    if re.search(r"sitemap-plugins (check|submit) ", commands):
        # The deployed site is a local server: its address stands for https://example.com/.
        site = _built(tmp_path / "served")
        with serve(site) as base, endpoint() as indexnow:
            _generated(site, base)
            for name in ("site", "public"):
                shutil.copytree(site, tmp_path / name)
            if " submit " in commands:
                previous = _built(tmp_path / "previous-site", pages=("",))
                _generated(previous, base)
                commands = commands.replace(" submit ", f" submit --endpoint {indexnow.url} ")
            done = _run(
                commands.replace("https://example.com/", base), tmp_path, {**os.environ, "INDEXNOW_KEY": KEY}
            )
            assert done.returncode == 0, done.stdout + done.stderr
            if " submit " in commands:
                assert [request["json"]["urlList"] for request in indexnow.requests] == [[base + "guide/"]]
        return
    # The generator's output (or the exporter's lines) is what the command reads; the sitemap
    # the generator wrote where the command replaces it.
    named = re.search(r"--base-url (\S+)", commands)
    base = named[1] if named else "https://example.com/"
    for directory in ("public", "_site", "_build/html", "site"):
        _built(tmp_path / directory)
        if "--replace-sitemaps" in commands:
            (tmp_path / directory / "sitemap.xml").write_text(
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{base}</loc></url></urlset>\n'
            )
    (tmp_path / "entries.jsonl").write_text(
        '{"loc": "https://example.com/"}\n{"loc": "https://example.com/a/"}\n'
    )
    if " clean " in commands:
        _generated(tmp_path / "site", "https://example.com/")
    done = _run(commands, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    if " clean " in commands:
        assert (tmp_path / "site" / "sitemap.xml").exists() == ("--dry-run" in commands)
    else:
        out = re.search(r"--out (\S+)", commands)[1]  # type: ignore[index]
        assert "generated by sitemap-plugins" in (tmp_path / out / "sitemap.xml").read_text()


# -- the messages the docs quote ---------------------------------------------------------------------

#: What varies from one run to the next: an address, a file's name, a date, a count and its noun
#: (`155 pages`, `N URLs`), an elision (`...`, `…`, `<file>`).
VARIES = re.compile(
    r"https?://\S+"  # an address
    r"|\S*[/\\]\S*|\S+\.(?:xml|txt|md|html|yml|toml|py)\b"  # a file's name or path
    r"|\d{4}-\d\d-\d\d\S*"  # a date
    r"|\b(?:\d[\d,.]*|N)\b(?: \w+)?"  # a count, and its noun
    r"|\.\.\.|…|<[^>]+>"  # an elision
)


def _documented_messages() -> list[tuple[str, str]]:
    """What the docs quote as printed: an inline quote that starts as a summary or log line does
    (`sitemap: `, `INFO - `, a count), the first column of the troubleshooting table, and the lines
    of a `text` block that start with `sitemap:`."""
    found = []
    for path in DOCS:
        text = path.read_text()
        where = str(path.relative_to(ROOT))
        for language, block in FENCE.findall(text):
            if language == "text":
                found += [(where, line) for line in block.splitlines() if line.startswith("sitemap: ")]
        prose = FENCE.sub("", text)
        for quoted in re.findall(r"`([^`\n]+)`", prose):
            if (
                re.match(r"(sitemap: (?!\{)|INFO - |WARNING - |(\d[\d,]*|N) [a-z])", quoted)
                and len(quoted.split()) >= 3
            ):
                found.append((where, quoted))
        if path.name == "troubleshooting.md":
            for row in re.findall(r"^\| `([^`]+)`", prose, re.MULTILINE):
                found.append((where, row))
    return sorted(set(found))


def _code_messages() -> list[str]:
    """Every string the package's code holds, a formatted value (`{...}`, `%s`) as a NUL."""
    found = []
    for path in (ROOT / "sitemap_plugins").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.JoinedStr):
                found.append(
                    "".join(part.value if isinstance(part, ast.Constant) else "\0" for part in node.values)
                )
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append(re.sub(r"%[-+ #0,.\d]*[sdrf]", "\0", node.value))
    return found


MESSAGES = _documented_messages()
#: The code's strings, a Markdown quote's backticks aside (a quote cannot hold them).
CODE = "\n".join(_code_messages()).replace("`", "")
#: The code's formatted strings as patterns, their values matching anything: a quote shows them
#: with an example's values (`url.xml cannot use {% extends %}`).
CLAUSE = re.compile(r"[:;,]\s+|\s*[()]\s*|\s\+\s")
TEMPLATES = [
    (
        re.compile("(.+)".join(re.escape(part) for part in clause.split("\0"))),
        clause.replace("\0", " ").split(),
    )
    for clause in sorted({clause for line in CODE.splitlines() for clause in CLAUSE.split(line)})
    if "\0" in clause and clause.replace("\0", " ").split()
]


def _said_by_the_code(clause: str, literal: list[str]) -> bool:
    """The clause's words (two or more) are in one of the code's strings, or one of its
    formatted strings matches the clause with all its words."""
    words = [word for part in literal for word in part.split()]
    if len(words) >= 2 and re.search(r"[^\n]*?".join(re.escape(part) for part in literal if part), CODE):
        return True
    if words == [clause.strip()] and re.search(rf"(^|\W){re.escape(clause.strip())}:", CODE):
        return True  # a label: `sitemap:`, `lastmod:`
    for template, template_words in TEMPLATES:
        found = template.search(clause)
        if not found or VARIES.sub("", clause[: found.start()] + clause[found.end() :]).split():
            continue
        # The words outside the formatted values are the code's, and they are most of the quote's.
        values = " ".join(found.groups()).split()
        fixed = [word for word in words if word not in values]
        if set(fixed) <= set(template_words) and len(fixed) * 2 >= len(words):
            return True
    return False


def test_the_docs_quote_messages():
    assert len(MESSAGES) >= 20


@pytest.mark.parametrize(("where", "message"), MESSAGES, ids=[f"{w}: {m[:50]}" for w, m in MESSAGES])
def test_every_documented_message_is_one_the_code_prints(where, message):
    """Each clause of the quote (between `:`, `;`, `,` and parentheses) that keeps a word once
    the counts, names and elisions are set aside is found in one string of the code, those parts
    standing for its formatted values."""
    message = message.removeprefix("INFO - ").removeprefix("WARNING - ")
    clauses = CLAUSE.split(message)
    checked = 0
    for clause in clauses:
        literal = [part.strip() for part in VARIES.split(clause)]
        if not any(literal):
            continue
        assert _said_by_the_code(clause, literal), (
            f"{where}: `{message}`: no message of the code says {clause!r}"
        )
        checked += 1
    assert checked, f"{where}: `{message}`: nothing in it could be checked"

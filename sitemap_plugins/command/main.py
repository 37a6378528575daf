"""`sitemap-plugins`: the core engine for any static site (`generate`) and for any sitemap set (`check`).

    sitemap-plugins generate --base-url https://example.com/ --out public --from-dir public
    sitemap-plugins generate --base-url https://example.com/ --out public --from-jsonl entries.jsonl
    zensical build && sitemap-plugins generate --project mkdocs.yml     # or zensical.toml
    sitemap-plugins check public --base-url https://example.com/
    mike deploy --push 2.0 latest && sitemap-plugins versions --base-url https://example.com/ --push

Every option of the plugins is a flag (`max_urls` is `--max-urls`, `gzip` is `--gzip`/`--no-gzip`)
and a key of the `--config` file (TOML, YAML or JSON); flags win over the file.  Exit status: 0 when
all went well, 1 when problems were found (`check`) or the build failed (`generate`), 2 for usage
errors.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import dataclasses
import io
import json
import logging
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

from sitemap_plugins import (
    ConfigError,
    NewsOptions,
    Options,
    Reporter,
    Sitemap,
    SitemapError,
    WriteResult,
    __version__,
    default_jobs,
    shown,
    slip_for,
    write_from_jsonl,
)
from sitemap_plugins.command.check import add_parser as add_check
from sitemap_plugins.command.check import run_check
from sitemap_plugins.command.clean import add_parser as add_clean
from sitemap_plugins.command.clean import run_clean
from sitemap_plugins.command.progress import Progress
from sitemap_plugins.command.submit import add_parser as add_submit
from sitemap_plugins.command.submit import run_submit
from sitemap_plugins.core.jsonl import collecting_less_often
from sitemap_plugins.core.option_values import report_path_of
from sitemap_plugins.mkdocs.built import generate_projects, material_index_warning
from sitemap_plugins.mkdocs.project import load_toml, load_yaml
from sitemap_plugins.mkdocs.versions import add_parser as add_versions
from sitemap_plugins.mkdocs.versions import mike_tree_hint, run_versions

USAGE_ERROR = 2
#: Options whose flags are written by hand below.
SPECIAL = ("base_url", "rules", "news", "sections")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    _utf8_stdout()
    logging.basicConfig(format="%(message)s", level=logging.INFO if args.verbose else logging.WARNING)
    try:
        if args.command == "generate":
            return generate(args)
        if args.command == "versions":
            return run_versions(args)
        if args.command == "clean":
            return run_clean(args)
        if args.command == "submit":
            return run_submit(args)
        return run_check(args)
    except ConfigError as error:
        print(f"sitemap-plugins: {error}", file=sys.stderr)
        return USAGE_ERROR
    except SitemapError as error:
        print(error, file=sys.stderr)
        return 1


def _utf8_stdout() -> None:
    """What the command prints (a report, JSON, findings naming URLs) is UTF-8, as the HTML report
    declares: where stdout is a file or a pipe on Windows, Python would encode it in the system's
    code page, which has no `日本` (nor `▲`) and stops the run."""
    stream = sys.stdout
    if isinstance(stream, io.TextIOWrapper) and codecs.lookup(stream.encoding).name != "utf-8":
        stream.reconfigure(encoding="utf-8")


# -- generate ------------------------------------------------------------------------------------


def generate(args: argparse.Namespace) -> int:
    if args.project:
        return generate_project(args)
    args.out = args.out or args.from_dir  # a built site's set goes into it, beside its pages
    for flag, value in (("--base-url", args.base_url), ("--out", args.out)):
        if not value:
            raise ConfigError(f"generate: {flag} is required (unless --project names a configuration)")
    options = Options.from_mapping(option_values(args))
    out = Path(args.out)
    progress = _progress(args)
    update = progress.update if progress is not None else None
    if args.from_dir:
        site = Path(args.from_dir)
        if not site.is_dir():
            raise ConfigError(f"--from-dir: {site} is not a directory")
        config_dir = Path(args.config).parent if args.config else None
        sitemap = Sitemap(options, emit=_stderr, source_root=site, site_dir=site, config_dir=config_dir)
        with collecting_less_often():  # every page's harvest lives to the end of the run
            sitemap.add_directory(update, _jobs(args))
            report_path = sitemap.report_path(None)
            result = sitemap.write(out, report_to=[report_path] if report_path else [])
        report = sitemap.report
        if (hint := mike_tree_hint(site)) is not None and not args.quiet:
            print(hint, file=sys.stderr)
    else:
        if options.report:
            raise ConfigError("--report: not with --from-jsonl, whose entries are streamed and not kept")
        if options.transform:
            raise ConfigError(
                "--transform: not with --from-jsonl, whose entries you write: change them as you write them"
            )
        report = Reporter(options.strict, _stderr)
        with _jsonl_stream(args.from_jsonl) as (stream, name):
            result = write_from_jsonl(stream, name, out, options, report, update, _jobs(args))
    _finish(args, progress, result, report)
    return _written(result, out)


def _jobs(args: argparse.Namespace) -> int:
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        raise ConfigError(f"--jobs: {jobs} is not a number of processes (1 or more)")
    return jobs


def generate_project(args: argparse.Namespace) -> int:
    """`--project`: the MkDocs face's sets of built projects (`generate_projects`)."""
    progresses: list[Progress | None] = []

    def progress() -> Callable[[int], None] | None:
        progresses.append(_progress(args))
        return progresses[-1].update if progresses[-1] is not None else None

    out = Path(args.out) if args.out else None
    written = generate_projects(args.project, args.base_url, out, option_values(args), _stderr, progress)
    for number, (each, result) in enumerate(written):
        if result.entry_point_is_index and each.project.theme == "material":
            print(material_index_warning(result), file=sys.stderr)
        of = str(each.project.config_file) if len(written) > 1 else None
        progress = progresses[number] if number < len(progresses) else None
        _finish(args, progress, result, each.sitemap.report, of)
    statuses = [_written(result, out or each.project.site_dir) for each, result in written]
    return max(statuses, default=0)


def _written(result: WriteResult, out: Path) -> int:
    """0 where a set was written; 1, said, where none could be: the build did not do its job, and
    whatever set was there before still is."""
    if (nothing := result.nothing_written(out)) is None:
        return 0
    print(nothing, file=sys.stderr)
    return 1


def _progress(args: argparse.Namespace) -> Progress | None:
    return Progress(sys.stderr, "sitemap-plugins") if sys.stderr.isatty() and not args.quiet else None


def _finish(
    args: argparse.Namespace,
    progress: Progress | None,
    result: WriteResult,
    report: Reporter,
    of: str | None = None,
) -> None:
    if progress is not None:
        progress.done()
    for note in result.notes():
        if not args.quiet or note == result.robots_advice():  # -q keeps what must be done by hand
            print(note, file=sys.stderr)
    if not args.quiet:
        problems = len(report.problems)
        print(
            result.summary(of) + (f"; {problems} problem(s) reported above" if problems else ""),
            file=sys.stderr,
        )


@contextlib.contextmanager
def _jsonl_stream(source: str) -> Iterator[tuple[IO[str], str]]:
    """The JSON Lines to read, and their name in messages; a byte that is not UTF-8 is reported
    with its line, not raised (surrogateescape)."""
    if source == "-":
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="surrogateescape")
        yield sys.stdin, "<stdin>"
        return
    try:
        stream = open(source, encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
    except OSError as error:
        raise ConfigError(f"--from-jsonl: cannot read {source}: {error.strerror}") from error
    with stream:
        yield stream, source


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


# -- options -------------------------------------------------------------------------------------


def option_values(args: argparse.Namespace, with_config: bool = True) -> dict[str, Any]:
    """The config file's values, overridden by the flags given.  A `report` path in the file is
    relative to the file; one given as a flag, to the working directory."""
    values: dict[str, Any] = load_config(Path(args.config)) if args.config and with_config else {}
    if (report := report_path_of(values.get("report"))) is not None:
        values["report"] = str(Path(args.config).parent / Path(report).expanduser())
    for field in dataclasses.fields(Options):
        given = getattr(args, field.name, None)
        if given is not None and field.name not in ("rules", "news", "sections"):
            values[field.name] = given
    if args.rule:
        values["rules"] = [_rule(text) for text in args.rule]
    if args.section:
        values["sections"] = dict(map(_section, args.section))
    news = {f.name: getattr(args, f"news_{f.name}") for f in dataclasses.fields(NewsOptions)}
    news = {k: v for k, v in news.items() if v is not None}
    if news:
        values["news"] = {**(values.get("news") or {}), **news}
    return values


def load_config(path: Path) -> dict[str, Any]:
    """Options from a TOML, YAML or JSON file: at the top level, or under a `sitemap` table."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"--config: cannot read {path}: {error.strerror}") from error
    try:
        if path.suffix == ".toml":
            data = load_toml(text, f"--config {path}")
        elif path.suffix in (".yml", ".yaml"):
            data = load_yaml(text, f"--config {path}", path.resolve().parent) or {}
        elif path.suffix == ".json":
            data = json.loads(text)
        else:
            raise ConfigError(f"--config: {path} is not .toml, .yaml, .yml or .json")
    except ConfigError:
        raise
    except Exception as error:  # each parser has its own error class
        raise ConfigError(f"--config: {path} cannot be read: {error}") from error
    if not isinstance(data, dict):
        raise ConfigError(f"--config: {path} must hold a table of options")
    section = data.get("sitemap", data)
    return dict(section) if isinstance(section, dict) else {}


def _rule(text: str) -> dict[str, Any]:
    """`blog/*,priority=0.6,changefreq=weekly`."""
    match, *settings = text.split(",")
    rule: dict[str, Any] = {"match": match.strip()}
    for setting in settings:
        key, _, value = setting.partition("=")
        if key.strip() not in ("priority", "changefreq") or not value:
            raise ConfigError(f"--rule {shown(text)}: write it as 'GLOB,priority=0.6,changefreq=weekly'")
        rule[key.strip()] = value.strip()
    return rule


def _section(text: str) -> tuple[str, list[str]]:
    """`docs=docs/*,guide/*`."""
    name, _, globs = text.partition("=")
    if not name.strip() or not globs.strip():
        raise ConfigError(f"--section {shown(text)}: write it as 'NAME=GLOB[,GLOB...]' ('blog=blog/*')")
    return name.strip(), [glob.strip() for glob in globs.split(",") if glob.strip()]


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _add_option_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("sitemap options (the plugins' options, same defaults)")
    for field in dataclasses.fields(Options):
        if field.name in SPECIAL:
            continue
        kind = _base_type(field.type)
        help_text = _help(field)
        if str(field.type).startswith("bool | str"):  # on, or on with a name: `--video-feed [NAME]`
            off = "--no-" + _flag(field.name)[2:]
            group.add_argument(off, dest=field.name, action="store_false", default=None, help="false")
            group.add_argument(_flag(field.name), nargs="?", const=True, metavar="NAME", help=help_text)
        elif kind is bool:
            group.add_argument(
                _flag(field.name), action=argparse.BooleanOptionalAction, default=None, help=help_text
            )
        elif kind in (int, float):
            group.add_argument(_flag(field.name), type=kind, metavar="N", help=help_text)
        elif kind is list:
            group.add_argument(
                _flag(field.name), action="append", metavar="VALUE", help=help_text + " (repeatable)"
            )
        else:
            group.add_argument(_flag(field.name), metavar="VALUE", help=help_text)
    group.add_argument(
        "--rule",
        action="append",
        metavar="GLOB,priority=P,changefreq=F",
        help="values for a section (repeatable)",
    )
    group.add_argument(
        "--section",
        action="append",
        metavar="NAME=GLOB[,GLOB...]",
        help="a sitemap of its own for the pages whose path a glob matches: sitemap-NAME.xml (repeatable; "
        "the first that matches wins, the rest go to sitemap-other.xml)",
    )
    news = parser.add_argument_group("news sitemap (any of these turns it on)")
    for field in dataclasses.fields(NewsOptions):
        kind = _base_type(field.type)
        news.add_argument(
            _flag(f"news_{field.name}"),
            type=float if kind is float else None,
            action="append" if kind is list else None,
            metavar="VALUE",
            help=field.metadata.get("help"),
        )


def _base_type(annotation: Any) -> type:
    """bool, int, float, list or str, from a field's annotation (a string: the dataclasses are
    defined under `from __future__ import annotations`)."""
    text = str(annotation)
    for name, kind in (("bool", bool), ("int", int), ("float", float), ("list", list)):
        if text.startswith(name):
            return kind
    return str


def _help(field: dataclasses.Field[Any]) -> str:
    """The option's help from the one schema, with its default where it is not off."""
    help_text = str(field.metadata["help"]).rstrip(".").replace("`", "").replace("%", "%%")
    if field.default is True:
        return help_text + " (default: on)"
    if isinstance(field.default, str):
        return f"{help_text} (default: {field.default})"
    return help_text


class _Parser(argparse.ArgumentParser):
    """argparse, with the name a mistyped flag or command was likely meant to be."""

    def error(self, message: str) -> NoReturn:
        unknown = re.match(r"unrecognized arguments: (.*)", message)
        choice = re.match(r"argument \w+: invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if unknown:
            flags = self._every_flag()
            words = [
                f"{word} (did you mean {close}?)"
                if word.startswith("-") and (close := slip_for(word, flags))
                else word
                for word in unknown[1].split()
            ]
            message = f"unrecognized arguments: {' '.join(words)}"
        elif choice and (close := slip_for(choice[1], re.findall(r"'([^']*)'", choice[2]))):
            message += f"; did you mean {close}?"
        super().error(message)

    def _every_flag(self) -> list[str]:
        """The flags of this parser and of its commands'."""
        flags = [flag for flag in self._option_string_actions if flag.startswith("--")]
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                for command in action.choices.values():
                    flags += [flag for flag in command._option_string_actions if flag.startswith("--")]
        return sorted(set(flags))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sitemap-plugins", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"sitemap-plugins {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    generate = commands.add_parser(
        "generate", help="write a sitemap set for a built site or a JSON Lines file"
    )
    generate.add_argument(
        "--base-url", dest="base_url", help="the site's absolute URL (default with --project: its site_url)"
    )
    generate.add_argument(
        "--out",
        metavar="DIR",
        help="where the sitemap set is written (default: the --from-dir folder; with --project: site_dir)",
    )
    source = generate.add_mutually_exclusive_group(required=True)
    source.add_argument("--from-dir", metavar="SITE_DIR", help="harvest every HTML page of a built site")
    source.add_argument("--from-jsonl", metavar="FILE", help="one JSON object per line; - for stdin")
    source.add_argument(
        "--project",
        action="append",
        metavar="FILE",
        help="a built MkDocs or Zensical project: mkdocs.yml or zensical.toml (site_url, docs_dir, "
        "site_dir and the sitemap plugin's options); pages get their Markdown's front matter",
    )
    generate.add_argument("--config", metavar="FILE", help="options from a TOML, YAML or JSON file")
    generate.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="processes that read pages or JSON Lines (default: the usable CPUs; 1: this process only)",
    )
    _common(generate)
    _add_option_flags(generate)

    add_versions(commands)
    add_submit(commands)
    add_clean(commands)
    add_check(commands)
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    parser.add_argument("-v", "--verbose", action="store_true", help="also say what was left out and why")


if __name__ == "__main__":
    sys.exit(main())

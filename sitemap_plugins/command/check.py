"""`sitemap-plugins check`: a sitemap set on disk, read as a search engine reads it (the core's
`Checker`), its problems said one per line, as JSON or as an HTML page."""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict
from pathlib import Path
from urllib.parse import urlsplit

from sitemap_plugins import Bounds, Checker, ConfigError, LiveCheck, base_url_of, check_base_url
from sitemap_plugins.command.progress import Progress


def run_check(args: argparse.Namespace) -> int:
    target = Path(args.target)
    if re.match(r"(?i)https?://", args.target):
        return _check_deployed(args)
    if not target.exists():
        return _refused(f"{target} does not exist")
    if args.stands_for:
        return _refused(
            "--as is for a server's URL (http://127.0.0.1:8765/ --as https://example.com/); a directory "
            "is checked for the host --base-url names"
        )
    given = args.base_url or base_url_of(target)
    if given is None and target.is_file():
        # A file that is no sitemap at all (not XML, not gzip) is said so: no address is needed.
        probe = Checker("https://site.invalid/", args.news_window_days)
        probe.check_file(target)
        if not probe.urls and any(f.code in ("xml", "gzip", "too-big") for f in probe.findings):
            for finding in probe.findings:
                print(finding)
            if not args.quiet:
                print(f"sitemap-plugins check: {probe.summary()}", file=sys.stderr)
            return 1
    if given is None:
        return _refused(
            f"--base-url is needed: no robots.txt Sitemap: line nor sitemap in {target} names the "
            "site's address"
        )
    try:
        base_url = check_base_url(given, "--base-url")
    except ConfigError as error:
        return _refused(str(error))
    if not args.base_url and not args.quiet:
        print(f"sitemap-plugins check: --base-url {base_url} (read from the site)", file=sys.stderr)
    checker = Checker(base_url, args.news_window_days)
    checker.keep_elements = args.format == "html"
    checker.check(target)
    return _say(checker, args)


def _check_deployed(args: argparse.Namespace) -> int:
    """The live check of a deployed site (`LiveCheck`), said as the offline check says it."""
    try:
        base_url = check_base_url(args.target, "check")
        published = check_base_url(args.base_url, "--base-url") if args.base_url else None
        stands_for = check_base_url(args.stands_for, "--as") if args.stands_for else None
    except ConfigError as error:
        return _refused(str(error))
    if stands_for is not None and urlsplit(stands_for).path != "/":
        return _refused(
            f"--as {stands_for}: the host the server stands for, with no path (a site under a path is "
            "--base-url's, on that host)"
        )
    host = stands_for or base_url
    if published is not None and urlsplit(published)[:2] != urlsplit(host)[:2]:
        return _refused(
            f"--base-url {published} is not on the host of {args.stands_for or args.target}: a live check "
            "asks one host"
        )
    for flag, value in (("--sample", args.sample), ("--concurrency", args.concurrency)):
        if value < 1:
            return _refused(f"{flag}: {value} is not 1 or more")
    for flag, value in (
        ("--per-second", args.per_second),
        ("--timeout", args.timeout),
        ("--deadline", args.deadline),
    ):
        if value <= 0:
            return _refused(f"{flag}: {value:g} is not more than 0")
    bounds = Bounds(
        concurrency=args.concurrency,
        per_second=args.per_second,
        request_seconds=args.timeout,
        run_seconds=args.deadline,
        sample=args.sample,
    )
    hosts = [host.strip() for value in args.media_hosts for host in value.split(",") if host.strip()]
    progress = Progress(sys.stderr, "asking the site") if sys.stderr.isatty() and not args.quiet else None

    def show(done: int, total: int) -> None:
        if progress is not None:
            progress.total = total
            progress.update(done)

    target = args.target if urlsplit(args.target).path not in ("", "/") else base_url
    checker = LiveCheck(
        target, bounds, hosts, args.news_window_days, show, base_url=published, stands_for=stands_for
    ).run()
    if progress is not None:
        progress.done()
    status = _say(checker, args)
    if stands_for is None and not args.quiet and (elsewhere := _listed_elsewhere(checker, base_url)):
        print(
            f"sitemap-plugins check: the set lists URLs of {elsewhere}, not of {host}: where this server "
            f"holds that host's build (a staging server), check it as that host: --as {elsewhere}",
            file=sys.stderr,
        )
    return status


def _refused(message: str) -> int:
    """A command line that cannot be run, said on stderr: exit status 2, as argparse's own."""
    print(f"sitemap-plugins check: {message}", file=sys.stderr)
    return 2


def _listed_elsewhere(checker: Checker, asked: str) -> str | None:
    """The one host the set lists every URL on, where that is not the host asked."""
    hosts = {f"{parts.scheme}://{parts.netloc}/" for parts in map(urlsplit, checker.listed)}
    server = urlsplit(asked)
    return hosts.pop() if len(hosts) == 1 and f"{server.scheme}://{server.netloc}/" not in hosts else None


def _say(checker: Checker, args: argparse.Namespace) -> int:
    """The findings on stdout, as lines (the summary on stderr), JSON or an HTML page; the exit
    status: 1 for a problem (or advice, under --strict)."""
    if args.format == "html":
        sys.stdout.write(checker.html_report())
    elif args.format == "json":
        json.dump(
            {
                "problems": [{**asdict(f), "advice": f.advice} for f in checker.findings],
                "urls": len(checker.listed),
                "summary": checker.summary(),
            },
            sys.stdout,
            indent=2,
        )
        print()
    else:
        for finding in checker.findings:
            print(finding)
        if not args.quiet:
            print(f"sitemap-plugins check: {checker.summary()}", file=sys.stderr)
    problems = any(not f.advice for f in checker.findings)
    advice = any(f.advice for f in checker.findings)
    return 1 if problems or (args.strict and advice) else 0


def add_parser(commands) -> None:  # type: ignore[no-untyped-def]
    """`check`'s arguments: a directory, a file or a deployed site, and the bounds of asking it."""
    check = commands.add_parser(
        "check", help="check a site's sitemaps (robots.txt -> index -> sitemaps) or one file"
    )
    check.add_argument(
        "target",
        metavar="SITE_DIR_OR_SITEMAP_OR_URL",
        help="a built directory or a sitemap file; or a deployed site's address (https://example.com/) or a "
        "sitemap's URL: then every listed URL is asked of the site too",
    )
    check.add_argument(
        "--base-url",
        dest="base_url",
        help="the site's absolute URL (default: read from robots.txt's Sitemap: line, else the sitemap)",
    )
    check.add_argument(
        "--strict", action="store_true", help="advice (old news, unreachable sitemaps) fails too: exit 1"
    )
    check.add_argument(
        "--format",
        choices=("text", "json", "html"),
        default="text",
        help="html: a report for people (every URL, every problem), to standard output",
    )
    check.add_argument("--news-window-days", type=float, default=2, help="news older than this is reported")
    live = check.add_argument_group("a deployed site (the target is an http(s) URL)")
    live.add_argument(
        "--sample", type=int, default=1000, metavar="N", help="ask at most N pages: a fixed sample"
    )
    live.add_argument("--concurrency", type=int, default=4, metavar="N", help="requests at a time (4)")
    live.add_argument(
        "--per-second", type=float, default=10, metavar="N", help="requests a second at most (10)"
    )
    live.add_argument("--timeout", type=float, default=10, metavar="SECONDS", help="for one request (10)")
    live.add_argument(
        "--deadline", type=float, default=600, metavar="SECONDS", help="for the whole run (600)"
    )
    live.add_argument(
        "--as",
        dest="stands_for",
        metavar="URL",
        help="the host whose build the server holds (a staging server: --as https://example.com/): the "
        "set is judged as that host's, and its URLs are asked of the server",
    )
    live.add_argument(
        "--media-hosts",
        action="append",
        default=[],
        metavar="HOST",
        help="another host whose images and videos may be asked too (a CDN); repeatable",
    )
    check.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    check.add_argument("-v", "--verbose", action="store_true", help="also say what was left out and why")

"""The HTML report of one build (option `report`) or of one `check --format html`: what was listed,
what was left out and why, every problem, and pages by month of last change.  For people: IRIs
decoded, dates readable.  The markup is `templates/report.html`; this module gathers its data.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from sitemap_plugins.core.errors import Problem, Reporter, masked
from sitemap_plugins.core.model import IMAGE, NEWS, SM, VIDEO, XHTML, Entry, LeftOut, UndescribedVideo
from sitemap_plugins.core.normalize import parse_date
from sitemap_plugins.core.options import Options
from sitemap_plugins.core.output.diskio import OutputError, write_atomic
from sitemap_plugins.core.output.render import Renderer, failed_in_template, template_failure
from sitemap_plugins.core.output.result import docs_page

#: Above this many months the chart counts years.
MAX_MONTH_BARS = 72
CHART_HEIGHT = 130


@dataclass
class Row:
    #: Relative to the site (the report's <base href>) where it is under it: a large report stays small.
    href: str
    shown: str
    lastmod: str = ""
    lastmod_key: str = ""
    lastmod_source: str = ""
    changefreq: str = ""
    priority: str = ""
    images: int = 0
    videos: int = 0
    news: str = ""
    alternates: list[tuple[str, str]] = field(default_factory=list)
    #: The sitemap file that lists it (`check`).
    file: str = ""


@dataclass
class Bar:
    label: str
    count: int
    none: bool = False
    x: int = 0
    height: int = 0
    tick: bool = False
    #: The count written above the bar, where there is room for it (and on the tallest).
    figure: str = ""


@dataclass
class Report:
    kind: str
    site: str
    generated: str
    summary: str
    rows: list[Row]
    left_out: list[dict[str, Any]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: What `check` finds that breaks no rule (its `ADVICE` codes): shown apart from problems.
    advice: list[Problem] = field(default_factory=list)
    images: int = 0
    videos: int = 0
    news: int = 0
    #: Images in the pages that are not their content, by kind: (emoji, 8), (avatar, 249).
    images_left_out: list[tuple[str, int]] = field(default_factory=list)
    #: Videos the pages show without what Google requires (title, description, thumbnail):
    #: href, shown, source, video, missing.
    videos_left_out: list[dict[str, Any]] = field(default_factory=list)
    #: hreflang alternates dropped as they named pages not listed: page, hreflang, url, reason.
    alternates_dropped: list[dict[str, Any]] = field(default_factory=list)
    #: Pages git could not date: last changed before a shallow clone's history.
    git_undated: int = 0
    #: The video feed's URL, where one was written (option `video_feed`).
    video_feed: str | None = None
    months: list[Bar] = field(default_factory=list)
    months_note: str = ""
    chart_width: int = 0
    bar_width: int = 0

    @property
    def site_shown(self) -> str:
        return readable_url(self.site)

    @property
    def without_lastmod(self) -> int:
        return sum(1 for row in self.rows if not row.lastmod)

    @property
    def left_out_counts(self) -> list[tuple[str, int]]:
        return sorted(Counter(page["kind"] for page in self.left_out).items(), key=lambda item: -item[1])


def readable_url(url: str) -> str:
    """An IRI as people write it: percent-escapes of UTF-8 decoded, the host out of punycode."""
    try:
        parts = urlsplit(url)
        host = parts.netloc
        if "xn--" in host:
            host = ".".join(
                label.encode().decode("idna") if label.startswith("xn--") else label
                for label in host.split(".")
            )
        return unquote(
            urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment)), errors="strict"
        )
    except (UnicodeError, ValueError):
        return url


def readable_date(value: Any) -> tuple[str, str]:
    """(shown, sort key): `2024-05-01`, or `2024-05-01 09:30 +02:00`."""
    if isinstance(value, dt.datetime):
        offset = value.strftime("%z")
        zone = f"{offset[:3]}:{offset[3:]}" if offset else ""
        shown = value.strftime("%Y-%m-%d %H:%M") + (f" {zone}" if zone else "")
        key = value.astimezone(dt.timezone.utc).isoformat() if value.tzinfo else value.isoformat()
        return shown, key
    if isinstance(value, dt.date):
        return value.isoformat(), value.isoformat()
    return (str(value), str(value)) if value else ("", "")


def relative(url: str, site: str) -> str:
    """A link to `url`: relative to the site's base URL when under it (`guide/`), else the URL
    itself where it is http(s); anything else (`javascript:`, `data:`) is no link, "" (shown as
    text: a report opens nothing but web pages)."""
    if url.startswith(site):
        return url[len(site) :] or "./"
    return masked(url) if url.lower().startswith(("https://", "http://")) else ""


def shown(url: str, site: str) -> str:
    """What people read: the decoded path under the site (`/über-uns/`), or the whole IRI."""
    readable = masked(readable_url(url))
    site_path = urlsplit(site).path or "/"
    return site_path + readable[len(site) :] if url.startswith(site) else readable


def row_from_entry(entry: Entry, site: str) -> Row:
    lastmod, key = readable_date(entry.lastmod)
    return Row(
        href=relative(entry.loc, site),
        shown=shown(entry.loc, site),
        lastmod=lastmod,
        lastmod_key=key,
        lastmod_source=entry.lastmod_source or "",
        changefreq=entry.changefreq or "",
        priority="" if entry.priority is None else f"{float(entry.priority):g}",
        images=len(entry.images),
        videos=len(entry.videos),
        news=(entry.news.title or "") if entry.news else "",
        alternates=[(code, relative(href, site)) for code, href in sorted(entry.alternates.items())],
    )


def build_report(
    entries: Iterable[Entry],
    left_out: Sequence[LeftOut],
    problems: Sequence[Problem],
    site: str,
    summary: str,
    now: dt.datetime,
    images_left_out: Counter[str] | None = None,
    videos_left_out: Sequence[UndescribedVideo] = (),
    git_undated: int = 0,
    video_feed: str | None = None,
    alternates_dropped: Sequence[tuple[str, str, str, str]] = (),
) -> Report:
    rows = [row_from_entry(entry, site) for entry in entries]
    report = Report(
        kind="build",
        site=site,
        generated=readable_date(now)[0],
        summary=summary,
        rows=rows,
        left_out=[
            {
                "href": relative(page.url, site),
                "shown": shown(page.url, site),
                "source": page.source,
                "kind": page.kind,
                # The kind has a column of its own: said once (`noindex`, then what says it).
                "reason": page.reason.removeprefix(f"{page.kind}: "),
            }
            for page in left_out
        ],
        problems=list(problems),
        images_left_out=sorted((images_left_out or Counter()).items(), key=lambda item: (-item[1], item[0])),
        videos_left_out=[
            {
                "href": relative(video.url, site),
                "shown": shown(video.url, site),
                "source": video.source,
                "video": video.video,
                "missing": video.missing,
            }
            for video in videos_left_out
        ],
        git_undated=git_undated,
        video_feed=video_feed,
        alternates_dropped=[
            {"page": page, "hreflang": code, "shown": shown(url, site), "reason": reason}
            for page, code, url, reason in alternates_dropped
        ],
    )
    return _totals(report, now)


def _totals(report: Report, now: dt.datetime) -> Report:
    report.images = sum(row.images for row in report.rows)
    report.videos = sum(row.videos for row in report.rows)
    report.news = sum(1 for row in report.rows if row.news)
    _chart(report, now)
    return report


def _chart(report: Report, now: dt.datetime) -> None:
    """Pages by month of last change: a site whose every lastmod is the build date shows it."""
    # By the month as the date is written (`2026-11-01T00:00:00+01:00` is November's, whatever
    # UTC says), as the table beside the chart shows it.
    keys = [row.lastmod[:7] for row in report.rows if row.lastmod]
    counts = Counter(keys)
    bars: list[Bar] = []
    if counts:
        first, last = min(counts), max(counts)
        months = _months(first, last)
        if len(months) > MAX_MONTH_BARS:
            years = Counter(key[:4] for key in keys)
            bars = [
                Bar(str(year), years.get(str(year), 0)) for year in range(int(first[:4]), int(last[:4]) + 1)
            ]
        else:
            bars = [Bar(month, counts.get(month, 0)) for month in months]
    if report.without_lastmod:
        bars.append(Bar("none", report.without_lastmod, none=True))
    if not bars:
        return
    tallest = max(bar.count for bar in bars) or 1
    report.bar_width = max(6, min(56, 960 // len(bars)))
    every = -(-56 // report.bar_width)  # a label where there is room for one (about 56 px)
    for index, bar in enumerate(bars):
        bar.x = index * report.bar_width
        bar.height = max(1 if bar.count else 0, round(CHART_HEIGHT * bar.count / tallest))
        bar.tick = index % every == 0 or bar.none
        if bar.count and (report.bar_width >= 24 or bar.count == tallest):
            bar.figure = f"{bar.count:,}"
    report.chart_width = len(bars) * report.bar_width + 40
    report.months = bars
    dated = sum(counts.values())
    busiest, most = counts.most_common(1)[0] if counts else ("", 0)
    if dated and most / dated > 0.9 and len(counts) <= 2:
        report.months_note = (
            f"{most:,} of {dated:,} dated pages say {busiest}: if that is when the site was built, "
            "lastmod is not the pages' last change (search engines then ignore it); see where lastmod "
            f"comes from: {docs_page('lastmod.md')}"
        )
    else:
        report.months_note = (
            "Each bar is a month (a year on long histories); the grey bar, pages without lastmod."
        )


def _months(first: str, last: str) -> list[str]:
    year, month = int(first[:4]), int(first[5:7])
    found = []
    while f"{year:04d}-{month:02d}" <= last:
        found.append(f"{year:04d}-{month:02d}")
        month += 1
        if month == 13:
            year, month = year + 1, 1
    return found


def render_report(report: Report, renderer: Renderer) -> str:
    return renderer.report(report)


def write_report(path: Path, report: Report, renderer: Renderer, problems: Reporter) -> bool:
    """Write the report whole; a path that cannot take it is a problem naming the option, and the
    sitemaps (written already) stay."""
    if not path.parent.is_dir():
        problems(
            "option 'report'", str(path), f"its directory {path.parent} does not exist; no report written"
        )
        return False
    try:
        write_atomic(path, render_report(report, renderer).encode())
    except OutputError as error:
        problems("option 'report'", str(path), f"{str(error).removeprefix('sitemap: ')}; no report written")
        return False
    except Exception as error:  # a report.html of the user's that fails
        if not failed_in_template(error):
            raise
        problems("option 'report'", str(path), f"templates_dir: {template_failure(error)}; no report written")
        return False
    return True


def check_report(checker: Any, base_url: str) -> str:
    """The report of what `check` read: each URL with the file that lists it, and each finding."""
    base_url = base_url if base_url.endswith("/") else base_url + "/"

    rows = []
    for loc, found in {**checker.news_urls, **checker.urls}.items():
        element = found.element
        row = Row(href=relative(loc, base_url), shown=shown(loc, base_url), file=f"{found.file}:{found.line}")
        if element is not None:
            lastmod = (element.findtext(SM + "lastmod") or "").strip()
            try:  # written one way in every report: as the build's report writes it
                row.lastmod, row.lastmod_key = readable_date(parse_date(lastmod, dt.timezone.utc))
            except ValueError:
                row.lastmod, row.lastmod_key = lastmod, lastmod
            row.changefreq = (element.findtext(SM + "changefreq") or "").strip()
            row.priority = (element.findtext(SM + "priority") or "").strip()
            row.images = len(element.findall(IMAGE + "image"))
            row.videos = len(element.findall(VIDEO + "video"))
            row.news = (element.findtext(f"{NEWS}news/{NEWS}title") or "").strip()
            row.alternates = [
                (link.get("hreflang") or "", relative(link.get("href") or "", base_url))
                for link in element.iterfind(XHTML + "link")
            ]
        rows.append(row)

    def problem(f: Any) -> Problem:
        return Problem(
            f"{f.file}:{f.line}" if f.line else f.file, f.code, f"{f.url + ': ' if f.url else ''}{f.message}"
        )

    now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    report = Report(
        kind="check",
        site=base_url,
        generated=readable_date(now)[0],
        summary=checker.summary(),
        rows=rows,
        problems=[problem(f) for f in checker.findings if not f.advice],
        advice=[problem(f) for f in checker.findings if f.advice],
    )
    _totals(report, now)
    return render_report(report, Renderer(Options(base_url=base_url)))

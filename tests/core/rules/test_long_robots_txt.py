"""A long robots.txt: read as far as Google reads it (500 KiB), said when it is longer, and
judged at a cost near linear in pages plus rules, not pages times rules (50,000 lines of
`Disallow: /xN/y*z$` and 2,000 pages took 126 s against 0.5 s).  The cost is counted, not timed:
each pattern protego tries on a URL, in a real `generate` run in this process
(benchmarks/robots_txt_rules.py times it)."""

from __future__ import annotations

import random

from protego import Protego, _urlpattern
from sitemap_checks import generate_from_dir, urls

from sitemap_plugins.command.main import main
from sitemap_plugins.core.robots import AGENTS, MAX_ROBOTS_BYTES, RobotsRules

BASE = "https://example.com/"


def page(title: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
        f"<body><main><h1>{title}</h1><p>The page {title}, with words of its own.</p></main></body></html>"
    )


def test_each_url_is_tried_against_the_rules_that_can_match_it_alone(tmp_path, monkeypatch):
    """5,000 rules that match no page and 400 pages: protego tried every rule on every page,
    twice (Googlebot and `*`: 4,000,000 tries); now each page meets only the rules whose literal
    start its path has (under 10 tries a page), and what they decide is unchanged: the pages the
    real rules forbid are left out, the others listed."""
    site = tmp_path / "site"
    (site / "private").mkdir(parents=True)
    (site / "x7").mkdir()
    pages = 400
    for number in range(pages):
        (site / f"p{number}.html").write_text(page(f"P{number}"))
    (site / "private" / "a.html").write_text(page("Private"))
    (site / "x7" / "yaz").write_text("")  # a file of the site: not a page
    (site / "x7" / "y.html").write_text(page("X7"))
    rules = 5_000
    lines = [f"Disallow: /x{n}/y*z$" for n in range(rules)]
    (site / "robots.txt").write_text(
        "User-agent: *\n"
        + "\n".join(lines)
        + "\nDisallow: /private/\nDisallow: /p1*.html$\nAllow: /p10.html$\n"
    )
    tries = 0
    real_match = _urlpattern._URLPattern.match

    def counted(self, url):
        nonlocal tries
        tries += 1
        return real_match(self, url)

    monkeypatch.setattr(_urlpattern._URLPattern, "match", counted)
    code = main(["generate", "--from-dir", str(site), "--out", str(site), "--base-url", BASE])
    assert code == 0
    listed = set(urls(site / "sitemap.xml"))
    forbidden = {BASE + f"p{n}.html" for n in range(pages) if str(n).startswith("1") and n != 10}
    assert listed == {BASE + f"p{n}.html" for n in range(pages)} - forbidden | {BASE + "x7/y.html"}
    judged = pages + 2  # every page, each judged for Googlebot and for `*`
    assert tries <= 10 * judged, f"{tries:,} tries of a pattern for {judged} pages and {rules:,} rules"


def test_what_lies_past_500_kib_is_not_obeyed_and_that_is_said(tmp_path):
    """A robots.txt of more than 500 KiB: its first 500 KiB are obeyed, as Google obeys them; a
    rule past them forbids nothing (the page is listed), and one WARNING names the file."""
    site = tmp_path / "site"
    (site / "early").mkdir(parents=True)
    (site / "late").mkdir()
    (site / "index.html").write_text(page("Home"))
    (site / "early" / "a.html").write_text(page("Early"))
    (site / "late" / "b.html").write_text(page("Late"))
    filler = "".join(f"# comment line {n:08d} of no rule\n" for n in range(MAX_ROBOTS_BYTES // 30 + 10))
    text = "User-agent: *\nDisallow: /early/\n" + filler + "Disallow: /late/\n"
    assert text.encode().index(b"Disallow: /late/") > MAX_ROBOTS_BYTES
    (site / "robots.txt").write_text(text)
    done = generate_from_dir(site, BASE)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert set(urls(site / "sitemap.xml")) == {BASE, BASE + "late/b.html"}
    assert done.stderr.splitlines()[0] == (
        "sitemap: robots.txt: size: more than 500 KiB: Google reads only its first 500 KiB and obeys no "
        "rule past them, nor does this build; shorten it (a rule with `*` stands for many)"
    ), done.stderr
    assert (site / "robots.txt").read_text().startswith(text)  # the owner's bytes, all of them


def test_a_robots_txt_past_500_kib_fails_a_strict_build(tmp_path):
    """The WARNING is one the owner can act on: `--strict` fails on it, and writes nothing."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(page("Home"))
    (site / "robots.txt").write_text("User-agent: *\nDisallow: /no/\n" + "#" * MAX_ROBOTS_BYTES + "\n")
    done = generate_from_dir(site, BASE, "--strict")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "robots.txt: size: more than 500 KiB" in done.stderr
    assert not (site / "sitemap.xml").exists()


def _robots_samples(count: int) -> list[tuple[str, list[str]]]:
    """Robots.txt files of several groups (agents named once or twice, blank lines and comments
    between their lines, misspelt directives, `*`, `$`, escapes) and URLs to judge: the same on
    every run."""
    draw = random.Random(91)
    segments = ["a", "b", "x1", "x10", "api", "docs", "A", "~u", "%7Eu"]

    def pattern() -> str:
        text = "/" + "/".join(draw.choice(segments) for _ in range(draw.randint(0, 3)))
        if draw.random() < 0.3:
            text += draw.choice(["/", "*", "*.html", "$", "*z$", "/index.html"])
        if draw.random() < 0.1:
            text = draw.choice(["*", "*.pdf$", "/*x", "", "/a b", "/a?q=", "/%61/"])
        return text

    samples = []
    for _ in range(count):
        lines = []
        for _ in range(draw.randint(1, 5)):
            for _ in range(draw.randint(1, 3)):
                lines.append("User-agent: " + draw.choice(["*", "Googlebot", "otherbot", "googlebot-news"]))
                if draw.random() < 0.3:
                    lines.append(draw.choice(["", "# a comment", "  "]))
            for _ in range(draw.randint(0, 6)):
                lines.append(draw.choice(["Allow", "Disallow", "disallow", "Dissallow"]) + ": " + pattern())
                if draw.random() < 0.2:
                    lines.append(draw.choice(["", "# a comment", "Crawl-delay: 1"]))
        paths = [pattern().replace("*", "q").replace("$", "").lstrip("/") for _ in range(30)]
        samples.append(
            ("\n".join(lines) + "\n", [BASE + path + draw.choice(["", "?x=1", ".html"]) for path in paths])
        )
    return samples


def test_the_rules_a_url_can_match_decide_as_the_whole_file_does():
    """Judged by the part of robots.txt that its path can match, every URL of 150 files is
    allowed or forbidden as protego decides on the whole file (Googlebot's group or `*`'s)."""
    for text, checked in _robots_samples(150):
        whole, rules = Protego.parse(text), RobotsRules(text.encode(), "example.com")
        for url in checked:
            assert (rules.blocking(url) is None) == all(whole.can_fetch(url, agent) for agent in AGENTS), (
                url,
                text,
            )

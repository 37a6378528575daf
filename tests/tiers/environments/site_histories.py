"""Projects with a real git history, one per face, in the shapes real projects have (Hatch's docs:
Material with the blog, git-revision-date-localized, a snippet every page includes), built as CI
and reproducible builds build them: from a shallow clone, with SOURCE_DATE_EPOCH set."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml
from git_helpers import commit, git, lastmods
from pelican_helpers import PELICAN_PYTHON
from sitemap_checks import NS, parse, sitemap_files
from sphinx_helpers import sphinx

BASE = "https://docs.example.com/"
#: A history's files, commit after commit, oldest first: (date, {path: text}) each.
History = list[tuple[str, dict[str, str]]]


def make_repository(root: Path, history: History) -> Path:
    """`root`, a git repository whose commits are `history`'s, on their dates."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    for date, files in history:
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        commit(root, date)
    return root


def clone(origin: Path, target: Path, depth: int | None = None) -> Path:
    """`git clone [--depth N] file://ORIGIN TARGET`, as CI checks a repository out (actions/checkout
    fetches one commit unless told `fetch-depth: 0`)."""
    shallow = ["--depth", str(depth)] if depth else []
    subprocess.run(
        ["git", "clone", "-q", *shallow, f"file://{origin}", str(target)], check=True, capture_output=True
    )
    return target


def without(environ: dict[str, str], *names: str) -> dict[str, str]:
    return {name: value for name, value in environ.items() if name not in names}


# -- MkDocs: Hatch's docs in small -----------------------------------------------------------------


def mkdocs_history(git_revision: bool) -> History:
    """Material with the blog, pymdownx.snippets appending a links file to every page (Hatch's
    `docs/.snippets/links.txt`), and git-revision-date-localized as Hatch configures it."""
    plugins: list = ["search", {"material/blog": {"post_date_format": "short"}}]
    if git_revision:
        plugins.append(
            {
                "git-revision-date-localized": {
                    "type": "date",
                    "strict": False,
                    "fallback_to_build_date": True,
                    "exclude": ["blog/**/*"],
                }
            }
        )
    plugins.append("sitemap")
    config = {
        "site_name": "Demo",
        "site_url": BASE,
        "theme": {"name": "material"},
        "plugins": plugins,
        "markdown_extensions": [
            {
                "pymdownx.snippets": {
                    "check_paths": True,
                    "base_path": ["docs/.snippets"],
                    "auto_append": ["links.txt"],
                }
            }
        ],
    }
    # Each in a category, as Hatch's: an excerpt links to its category's listing.
    post = (
        "---\ndate: {date}\ncategories: [Release]\n---\n\n# {title}\n\n{text}\n\n<!-- more -->\n\nThe rest.\n"
    )
    return [
        (
            "2023-01-10T10:00:00+00:00",
            {
                "mkdocs.yml": yaml.safe_dump(config, sort_keys=False),
                "docs/index.md": "# Demo\n\nThe [install][install] page.\n",
                "docs/install.md": "# Install\n\n`pip install demo`\n",
                "docs/config.md": "# Configuration\n\nThe options.\n",
                "docs/about.md": "# About\n\nWho we are.\n",
                "docs/.snippets/links.txt": "[install]: install.md\n",
                "docs/blog/index.md": "# Blog\n",
                "docs/blog/posts/first.md": post.format(date="2023-01-10", title="First", text="Hello."),
                # Imported with the docs: its archive (2022) shows no post a shallow clone dates.
                "docs/blog/posts/older.md": post.format(date="2022-06-01", title="Older", text="Before."),
            },
        ),
        (
            "2023-02-14T10:00:00+00:00",
            {"docs/.snippets/links.txt": "[install]: install.md\n[about]: about.md\n"},
        ),
        (
            "2023-04-01T10:00:00+00:00",
            {
                "docs/blog/posts/first.md": post.format(
                    date="2023-01-10", title="First", text="Hello, edited."
                )
            },
        ),
        ("2023-06-15T10:00:00+00:00", {"docs/config.md": "# Configuration\n\nThe options, all of them.\n"}),
        (
            "2023-08-20T10:00:00+00:00",
            {"docs/blog/posts/second.md": post.format(date="2023-08-20", title="Second", text="Again.")},
        ),
        ("2023-10-05T10:00:00+00:00", {"docs/install.md": "# Install\n\n`pipx install demo`\n"}),
        ("2024-01-09T10:00:00+00:00", {"docs/usage.md": "# Usage\n\n`demo run`\n"}),
        (
            "2024-03-03T10:00:00+00:00",
            {
                "docs/about.md": "# About\n\nWho we are, and why.\n",
                "docs/blog/posts/third.md": post.format(date="2024-03-03", title="Third", text="Once more."),
            },
        ),
        (
            "2024-05-05T10:00:00+00:00",
            {"docs/index.md": "# Demo\n\nThe [install][install] and [about][about] pages.\n"},
        ),
    ]


def mkdocs_build(
    project: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --clean ARGS` in `project`, into `site/`, as Hatch's `hatch run docs:build` runs it."""
    environ = {
        **(env if env is not None else os.environ),
        "NO_MKDOCS_2_WARNING": "1",
        "DISABLE_MKDOCS_2_WARNING": "true",
    }
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--clean", "-d", "site", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=environ,
    )


# -- Sphinx ------------------------------------------------------------------------------------------


def sphinx_history(last_updated_by_git: bool) -> History:
    extensions = ["sitemap_plugins.sphinx"] + (["sphinx_last_updated_by_git"] if last_updated_by_git else [])
    conf = f"project = 'Demo'\nextensions = {extensions!r}\nhtml_baseurl = '{BASE}'\nsitemap_gzip = True\n"
    return [
        (
            "2023-01-10T10:00:00+00:00",
            {
                "docs/conf.py": conf,
                "docs/index.rst": "Demo\n====\n\n.. toctree::\n\n   install\n   config\n   about\n   usage\n",
                "docs/install.rst": "Install\n=======\n\nWith pip.\n\n.. literalinclude:: example.py\n",
                "docs/config.rst": "Configuration\n=============\n\nThe options.\n",
                "docs/about.rst": "About\n=====\n\nWho we are.\n",
                "docs/usage.rst": "Usage\n=====\n\nRun it.\n",
                "docs/example.py": "print('one')\n",
            },
        ),
        ("2023-02-14T10:00:00+00:00", {"docs/example.py": "print('two')\n"}),
        (
            "2023-06-15T10:00:00+00:00",
            {"docs/config.rst": "Configuration\n=============\n\nAll the options.\n"},
        ),
        ("2023-10-05T10:00:00+00:00", {"docs/usage.rst": "Usage\n=====\n\nRun it, twice.\n"}),
        (
            "2024-01-09T10:00:00+00:00",
            {"docs/install.rst": "Install\n=======\n\nWith pipx.\n\n.. literalinclude:: example.py\n"},
        ),
        ("2024-03-03T10:00:00+00:00", {"docs/about.rst": "About\n=====\n\nWho we are, and why.\n"}),
        ("2024-05-05T10:00:00+00:00", {"docs/README.txt": "Not a page.\n"}),
    ]


def sphinx_build(
    project: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`sphinx-build -b html ARGS docs _build/html`, outside Read the Docs."""
    return sphinx(project / "docs", project / "_build" / "html", *args, env=env)


# -- Pelican, with i18n_subsites ----------------------------------------------------------------------


PELICANCONF = """\
SITENAME = "Demo"
SITEURL = "https://docs.example.com"
PATH = "content"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
ARTICLE_URL = "posts/{slug}/"
ARTICLE_SAVE_AS = "posts/{slug}/index.html"
PAGE_URL = "{slug}/"
PAGE_SAVE_AS = "{slug}/index.html"
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
PLUGINS = ["pelican.plugins.i18n_subsites", "sitemap_plugins.pelican"]
I18N_SUBSITES = {"de": {"SITENAME": "Demo (de)"}}
SITEMAP = {"gzip": True}
"""


def pelican_history() -> History:
    article = "Title: {title}\nDate: {date}\nSlug: {slug}\nLang: {lang}\n\n{text}\n"
    return [
        (
            "2023-01-10T10:00:00+00:00",
            {
                "pelicanconf.py": PELICANCONF,
                "content/first.md": article.format(
                    title="First", date="2023-01-10", slug="first", lang="en", text="Hello."
                ),
                "content/first-de.md": article.format(
                    title="Erster", date="2023-01-10", slug="first", lang="de", text="Hallo."
                ),
                "content/pages/about.md": "Title: About\nSlug: about\n\nWho we are.\n",
                "content/pages/contact.md": "Title: Contact\nSlug: contact\n\nWrite to us.\n",
            },
        ),
        (
            "2023-04-01T10:00:00+00:00",
            {
                "content/first.md": article.format(
                    title="First", date="2023-01-10", slug="first", lang="en", text="Hello, edited."
                )
            },
        ),
        (
            "2023-06-15T10:00:00+00:00",
            {"content/pages/contact.md": "Title: Contact\nSlug: contact\n\nWrite to us, please.\n"},
        ),
        (
            "2023-08-20T10:00:00+00:00",
            {
                "content/second.md": article.format(
                    title="Second", date="2023-08-20", slug="second", lang="en", text="Again."
                )
            },
        ),
        (
            "2024-03-03T10:00:00+00:00",
            {"content/pages/about.md": "Title: About\nSlug: about\n\nWho we are, and why.\n"},
        ),
        ("2024-05-05T10:00:00+00:00", {"README.txt": "Not content.\n"}),
    ]


def pelican_build(
    project: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`pelican content -s pelicanconf.py -o output ARGS` in Pelican's own environment."""
    environ = {
        **(env if env is not None else without(dict(os.environ), "SOURCE_DATE_EPOCH")),
        "COLUMNS": "400",
    }
    return subprocess.run(
        [PELICAN_PYTHON, "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", *args, "content"],
        cwd=project,
        capture_output=True,
        text=True,
        env=environ,
    )


# -- Any static site: hand-written HTML in git, read with `generate --from-dir` -----------------------


def html_history() -> History:
    page = "<!doctype html><html lang='en'><head><title>{title}</title></head><body><main><h1>{title}</h1><p>{text}</p></main></body></html>\n"
    return [
        (
            "2023-01-10T10:00:00+00:00",
            {
                "site/index.html": page.format(title="Home", text="Welcome."),
                "site/install/index.html": page.format(title="Install", text="With pip."),
                "site/config/index.html": page.format(title="Configuration", text="The options."),
                "site/about/index.html": page.format(title="About", text="Who we are."),
            },
        ),
        (
            "2023-06-15T10:00:00+00:00",
            {"site/config/index.html": page.format(title="Configuration", text="All of them.")},
        ),
        (
            "2023-10-05T10:00:00+00:00",
            {"site/install/index.html": page.format(title="Install", text="With pipx.")},
        ),
        ("2024-03-03T10:00:00+00:00", {"site/about/index.html": page.format(title="About", text="Why.")}),
        ("2024-05-05T10:00:00+00:00", {"README.txt": "Not a page.\n"}),
    ]


def from_dir(site: Path, *more: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`sitemap-plugins generate --from-dir SITE --base-url BASE --out SITE MORE`."""
    command = ["generate", "--from-dir", str(site), "--base-url", BASE, "--out", str(site), *more]
    return subprocess.run(
        [sys.executable, "-m", "sitemap_plugins", *command],
        capture_output=True,
        text=True,
        env=env if env is not None else without(dict(os.environ), "SOURCE_DATE_EPOCH"),
    )


# -- Each face, built as its users build it ------------------------------------------------------------


@dataclass(frozen=True)
class Face:
    """A face's project (`history`), and its build in a checkout of it: what it printed and where
    the set is; `strict` is the face's own (`--strict`, `-W`, `--fatal warnings`)."""

    history: Callable[[], History]
    run: Callable[[Path, bool, dict[str, str]], subprocess.CompletedProcess[str]]
    output: str

    def build(self, checkout: Path, strict: bool = True, env: dict[str, str] | None = None) -> Built:
        run = self.run(
            checkout, strict, env if env is not None else without(dict(os.environ), "SOURCE_DATE_EPOCH")
        )
        return Built(run, checkout / self.output)


@dataclass(frozen=True)
class Built:
    run: subprocess.CompletedProcess[str]
    output: Path

    @property
    def said(self) -> str:
        return self.run.stdout + self.run.stderr

    def lastmods(self) -> dict[str, str | None]:
        """Each listed URL's lastmod, over every urlset of the set (the index's parts too)."""
        found: dict[str, str | None] = {}
        for path in sitemap_files(self.output):
            if not path.name.endswith(".gz") and parse(path).tag == f"{{{NS['s']}}}urlset":
                found.update(lastmods(path))
        return found

    def set_bytes(self) -> dict[str, bytes]:
        """Every file of the set (the sitemaps, gzip too, robots.txt, the manifest), by its path."""
        names = ("sitemap*", "robots.txt", ".sitemap-plugins.json")
        return {
            path.relative_to(self.output).as_posix(): path.read_bytes()
            for name in names
            for path in self.output.rglob(name)
            if path.is_file()
        }


FACES = {
    "mkdocs-material-blog-git-revision": Face(
        lambda: mkdocs_history(git_revision=True),
        lambda checkout, strict, env: mkdocs_build(checkout, *(["--strict"] if strict else []), env=env),
        "site",
    ),
    "mkdocs-material-blog": Face(
        lambda: mkdocs_history(git_revision=False),
        lambda checkout, strict, env: mkdocs_build(checkout, *(["--strict"] if strict else []), env=env),
        "site",
    ),
    "sphinx-last-updated-by-git": Face(
        lambda: sphinx_history(last_updated_by_git=True),
        lambda checkout, strict, env: sphinx_build(checkout, *(["-W"] if strict else []), env=env),
        "_build/html",
    ),
    "sphinx": Face(
        lambda: sphinx_history(last_updated_by_git=False),
        lambda checkout, strict, env: sphinx_build(checkout, *(["-W"] if strict else []), env=env),
        "_build/html",
    ),
    "pelican-i18n-subsites": Face(
        pelican_history,
        # --verbose: Pelican shows no INFO line without it (its own "Done" lines are printed).
        lambda checkout, strict, env: pelican_build(
            checkout, "--verbose", *(["--fatal", "warnings"] if strict else []), env=env
        ),
        "output",
    ),
    "from-dir": Face(
        html_history,
        lambda checkout, strict, env: from_dir(
            checkout / "site", "--gzip", *(["--strict"] if strict else []), env=env
        ),
        "site",
    ),
}

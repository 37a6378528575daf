"""The wheel carries the templates and schemas, and an installed copy finds them."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from pathlib import Path

import pytest
from places import ROOT

pytestmark = pytest.mark.slow  # builds real sites



def test_wheel_ships_templates_schemas_and_py_typed(tmp_path):
    subprocess.run(
        [sys.executable, "-c", f"from hatchling.build import build_wheel; build_wheel({str(tmp_path)!r})"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("sitemap_plugins-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    # The plugin for MkDocs 1.x and ProperDocs; never for MkDocs 2.0, which has no plugin API.
    (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
    requires = [
        line
        for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
        if "Requires-Dist" in line
    ]
    assert "Requires-Dist: mkdocs<2,>=1.5; extra == 'mkdocs'" in requires
    assert "Requires-Dist: properdocs>=1.6; extra == 'properdocs'" in requires
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    points = zipfile.ZipFile(wheel).read(entry_points).decode()
    for group in ("mkdocs.plugins", "properdocs.plugins"):
        assert f"[{group}]\nsitemap = sitemap_plugins.mkdocs.plugin:SitemapPlugin" in points
    for template in ("url.xml", "urlset.xml", "sitemapindex.xml", "sitemap.txt", "robots.txt", "sitemap.xsl"):
        assert f"sitemap_plugins/templates/{template}" in names
    assert {
        "sitemap_plugins/py.typed",
        "sitemap_plugins/core/output/schemas/all-urlset.xsd",
        "sitemap_plugins/core/output/schemas/PROVENANCE.md",
    } <= names
    installed = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(installed)
    out = tmp_path / "out"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(installed)!r})
        import sitemap_plugins as sp
        from sitemap_plugins.core.output.render import builtin_templates_dir
        assert sp.__file__.startswith({str(installed)!r}), sp.__file__
        assert str(builtin_templates_dir()).startswith({str(installed)!r})
        site = sp.Sitemap(sp.Options(base_url="https://example.com/", stylesheet=True))
        site.add(sp.Entry("https://example.com/"))
        print(site.write({str(out)!r}).summary())
    """)
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "sitemap: 1 URL in 1 file, 0 images, 0 videos"
    assert (out / "sitemap.xsl").exists()


def test_the_built_wheel_installs_and_builds_mkdocs_and_pelican_sites(tmp_path, request):
    """`python -m build` gives an sdist and a wheel that `twine check` passes; the wheel, installed
    with its extras into a fresh virtualenv, builds a MkDocs and a Pelican site (what the README's
    install commands do)."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    wheel, sdist = next(dist.glob("*.whl")), next(dist.glob("*.tar.gz"))
    from sitemap_plugins import __version__

    assert wheel.name == f"sitemap_plugins-{__version__}-py3-none-any.whl"
    assert sdist.name == f"sitemap_plugins-{__version__}.tar.gz"
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", str(wheel), str(sdist)], capture_output=True, text=True
    )
    assert checked.returncode == 0 and checked.stdout.count("PASSED") == 2, checked.stdout + checked.stderr
    assert "sitemap_plugins-" in "".join(zipfile.ZipFile(wheel).namelist()) and any(
        name.endswith("licenses/LICENSE") for name in zipfile.ZipFile(wheel).namelist()
    )

    # Outside tmp_path, whose sitemaps the schema sweep reads: MkDocs ships a sitemap.xml template.
    venv = Path(tempfile.mkdtemp(prefix="sitemap-plugins-venv-"))
    request.addfinalizer(lambda: shutil.rmtree(venv, ignore_errors=True))
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            f"{wheel}[mkdocs,pelican]",
        ],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr
    version = subprocess.run(
        [str(venv / "bin" / "sitemap-plugins"), "--version"], capture_output=True, text=True
    )
    assert version.stdout.strip() == f"sitemap-plugins {__version__}"

    docs = tmp_path / "docs-site"
    (docs / "docs").mkdir(parents=True)
    (docs / "docs" / "index.md").write_text("# Home\n\n![A photo](photo.png)\n")
    (docs / "docs" / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (docs / "mkdocs.yml").write_text("site_name: S\nsite_url: https://example.com/\nplugins: [sitemap]\n")
    run = subprocess.run([str(python), "-m", "mkdocs", "build"], cwd=docs, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "sitemap: 1 URL in 1 file, 1 image, 0 videos" in run.stderr
    assert (docs / "site" / "sitemap.xml.gz").exists()

    blog = tmp_path / "blog"
    (blog / "content").mkdir(parents=True)
    (blog / "content" / "post.md").write_text("Title: Post\nDate: 2024-01-01\n\nText.\n")
    (blog / "pelicanconf.py").write_text(
        'SITEURL = "https://blog.example.com"\nPLUGINS = ["sitemap_plugins.pelican"]\nTIMEZONE = "UTC"\n'
    )
    run = subprocess.run(
        [str(python), "-m", "pelican", "-s", "pelicanconf.py", "-o", "output", "content"],
        cwd=blog,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "https://blog.example.com/post.html" in (blog / "output" / "sitemap.xml").read_text()


def test_the_wheel_ships_the_docs_not_their_build_hook_and_properdocs_brings_its_theme(tmp_path):
    import textwrap
    import zipfile

    root = ROOT
    subprocess.run(
        [sys.executable, "-c", f"from hatchling.build import build_wheel; build_wheel({str(tmp_path)!r})"],
        cwd=root,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("sitemap_plugins-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "sitemap_plugins/docs/lastmod.md" in names
    assert not [name for name in names if name.endswith("hooks.py")]
    (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "Requires-Dist: properdocs-theme-mkdocs>=1.6; extra == 'properdocs'" in text.splitlines()
    installed = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(installed)
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(installed)!r})
        from sitemap_plugins.core.output.result import docs_page
        print(docs_page("lastmod.md"))
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert done.stdout.strip() == str(installed / "sitemap_plugins" / "docs" / "lastmod.md"), done.stderr

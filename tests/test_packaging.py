"""The wheel carries the templates and schemas, and an installed copy finds them."""

import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_templates_their_code_schemas_and_py_typed(tmp_path):
    subprocess.run(
        [sys.executable, "-c", f"from hatchling.build import build_wheel; build_wheel({str(tmp_path)!r})"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("sitemap_plugins-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for template in ("url.xml", "urlset.xml", "sitemapindex.xml", "sitemap.txt", "robots.txt", "sitemap.xsl"):
        assert f"sitemap_plugins/templates/{template}" in names
    assert {
        "sitemap_plugins/py.typed",
        "sitemap_plugins/schemas/all-urlset.xsd",
        "sitemap_plugins/schemas/PROVENANCE.md",
    } <= names
    from sitemap_plugins.render import PRECOMPILED

    shipped = {path.relative_to(ROOT).as_posix() for path in PRECOMPILED.glob("*/*.py")}
    assert shipped and shipped <= names

    installed = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(installed)
    out = tmp_path / "out"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(installed)!r})
        import jinja2
        import sitemap_plugins as sp
        from sitemap_plugins.render import PRECOMPILED_FOR, builtin_templates_dir
        assert sp.__file__.startswith({str(installed)!r}), sp.__file__
        assert str(builtin_templates_dir()).startswith({str(installed)!r})
        if PRECOMPILED_FOR.is_dir():  # made for this Jinja: the templates' code is loaded
            def compile(*args, **kwargs):
                raise AssertionError("a template compiled")
            jinja2.Environment.compile = compile
        site = sp.Sitemap(sp.Options(base_url="https://example.com/", stylesheet=True))
        site.add(sp.Entry("https://example.com/"))
        print(site.write({str(out)!r}).summary())
    """)
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "sitemap: 1 URL in 1 file, 0 images, 0 videos"
    assert (out / "sitemap.xsl").exists()

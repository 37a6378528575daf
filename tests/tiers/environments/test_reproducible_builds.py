"""Reproducible builds: SOURCE_DATE_EPOCH stands for the clock where a build writes the clock's
time (reproducible-builds.org); it never makes a true date false.  Each face, built with it set
years back (Hatch's docs: `SOURCE_DATE_EPOCH=1580601600 mkdocs build --clean --strict`), near now
and ahead, gives the lastmods it gives without it, says no WARNING, passes its strict mode, and
writes the same bytes twice (gzip too)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from site_histories import FACES, Face, make_repository, without

pytestmark = [pytest.mark.slow, pytest.mark.environment]

#: Hatch's own value (2020-02-02), an hour ago, and 2030-01-01.
EPOCHS = {"far in the past": 1580601600, "near now": -3600, "in the future": 1893456000}


def _epoch(value: int) -> str:
    return str(value if value > 0 else int(time.time()) + value)


#: Each face as a real project builds it: Hatch's docs (Material's blog, git-revision-date-localized,
#: a snippet every page includes), Sphinx with sphinx-last-updated-by-git, Pelican with
#: i18n_subsites, and any site's HTML through `generate --from-dir`.
REPRODUCED = (
    "mkdocs-material-blog-git-revision",
    "sphinx-last-updated-by-git",
    "pelican-i18n-subsites",
    "from-dir",
)


@pytest.mark.parametrize("face_name", REPRODUCED)
def test_source_date_epoch_keeps_the_true_dates_and_the_bytes(tmp_path: Path, face_name: str) -> None:
    face: Face = FACES[face_name]
    project = make_repository(tmp_path / "project", face.history())
    plain = without(dict(os.environ), "SOURCE_DATE_EPOCH")
    reference = face.build(project, env=plain)
    assert reference.run.returncode == 0, reference.said
    expected = reference.lastmods()
    assert sum(1 for date in expected.values() if date) >= 4, expected  # git dates the pages
    for when, value in EPOCHS.items():
        env = {**plain, "SOURCE_DATE_EPOCH": _epoch(value)}
        first = face.build(project, env=env)
        # `--strict`, `-W`, `--fatal warnings`: nothing to warn of, nothing fails.
        assert first.run.returncode == 0, (when, first.said)
        assert "WARNING" not in first.said and "later than the build" not in first.said, (when, first.said)
        assert first.lastmods() == expected, when
        written = first.set_bytes()
        assert any(name.endswith(".xml.gz") for name in written), sorted(written)
        again = face.build(project, env=env)
        assert again.run.returncode == 0, (when, again.said)
        assert again.set_bytes() == written, when

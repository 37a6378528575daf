"""CI's checkout: actions/checkout fetches one commit unless told `fetch-depth: 0`.  Each face
built from a shallow clone (depth 1 and 5) of a project with a real history, with and without
another plugin that reads the same git history (git-revision-date-localized,
sphinx-last-updated-by-git): every lastmod it lists is the one the same site built from a full
clone lists, and what git cannot date is said once, with the fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_histories import FACES, Face, clone, make_repository

pytestmark = [pytest.mark.slow, pytest.mark.environment]

#: The closing line, said once per build where a shallow clone leaves a page undated.
SHALLOW_LINE = "sitemap: lastmod: the git repository is a shallow clone: "
FIX = "fetch-depth: 0 (actions/checkout), git fetch --unshallow in build.jobs.post_checkout (Read the Docs)"


@pytest.mark.parametrize("depth", [1, 5])
@pytest.mark.parametrize("face_name", FACES)
def test_a_shallow_clone_lists_no_date_the_full_history_does_not(
    tmp_path: Path, face_name: str, depth: int
) -> None:
    face: Face = FACES[face_name]
    origin = make_repository(tmp_path / "origin", face.history())
    full = face.build(clone(origin, tmp_path / "full"))
    assert full.run.returncode == 0, full.said
    assert SHALLOW_LINE not in full.said  # the whole history: nothing of the kind is said
    truth = full.lastmods()

    # Not the face's strict mode: sphinx-last-updated-by-git warns of the shallow clone itself.
    shallow = face.build(clone(origin, tmp_path / "shallow", depth), strict=False)
    assert shallow.run.returncode == 0, shallow.said
    listed = shallow.lastmods()
    assert set(listed) == set(truth)
    wrong = {
        url: (date, truth[url]) for url, date in listed.items() if date is not None and date != truth[url]
    }
    assert wrong == {}, "lastmods the full history does not give (shallow, full)"
    dated = sum(1 for date in listed.values() if date)
    # Every history's last commits change pages: a clone of 5 commits dates those.
    assert dated == 0 if depth == 1 else dated >= 2, listed
    said = [line for line in shallow.said.splitlines() if SHALLOW_LINE in line]
    assert len(said) == 1 and FIX in said[0], shallow.said
    assert "WARNING" not in "\n".join(line for line in shallow.said.splitlines() if "sitemap" in line)

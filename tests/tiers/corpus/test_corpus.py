"""The corpus tier: six real sites as their own generators built them (`../shared/corpus/`), each run
through `generate --from-dir --replace-sitemaps` as its owner would, every fact held to a pin that was
read against the site's pages (`tests/tiers/corpus/pins/<site>.json`, `corpus_facts.py`).

A rule made for one site must hold on all of them at once: a change that moves a fact fails here with
the facts that moved (URL | field | pinned | now). Where the new fact is the right one, pin it again
(`.venv/bin/python tests/corpus_facts.py pin SITE`) in the same commit, saying why it is right.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus_facts import CORPUS, SITES, differences, facts, pin_path, run, table

pytestmark = [pytest.mark.slow, pytest.mark.corpus]


@pytest.mark.parametrize("name", sorted(SITES))
def test_every_fact_of_a_real_site_is_the_pinned_one(name: str, tmp_path: Path):
    if not (CORPUS / name / "site.tar.gz").is_file():
        pytest.skip(
            f"{CORPUS / name / 'site.tar.gz'} is absent: the corpus is ../shared/corpus beside the checkout"
        )
    pinned = json.loads(pin_path(name).read_text(encoding="utf-8"))
    now = facts(name, run(name, tmp_path))
    changes = differences(pinned, now)
    assert not changes, (
        f"{name}: {len(changes)} facts differ from {pin_path(name).name} "
        "(if the new ones are right, pin them again and say why in the commit):\n" + table(changes)
    )

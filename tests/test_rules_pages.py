"""Each game's own rules page sits where the developers' guide names it, ``docs/rules/<slug>.md``
(a link to the pages the package ships), and cites every decision of the shared rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import molehaven
from molehaven.docs import rules_page

ROOT = Path(__file__).resolve().parents[1]
SHARED_RULES = ROOT.parent / "shared" / "rules"
GAMES = molehaven.list_games()


@pytest.mark.parametrize("slug", GAMES)
def test_rules_page_is_at_docs_rules(slug: str) -> None:
    page = ROOT / "docs" / "rules" / f"{slug}.md"
    assert page.is_file(), f"{page} is missing"
    assert page.read_text(encoding="utf-8") == rules_page(slug)


def _decision_ids(text: str) -> list[str]:
    return sorted(set(re.findall(r"\*\*([A-Z]{2}-\d+)", text)))


@pytest.mark.parametrize("slug", GAMES)
def test_rules_page_cites_every_shared_decision(slug: str) -> None:
    shared = SHARED_RULES / f"{slug}.md"
    if not shared.is_file():
        pytest.skip(f"the shared rules are not beside this checkout ({shared})")
    ids = _decision_ids(shared.read_text(encoding="utf-8"))
    assert ids, f"no decision ids found in {shared}"
    page = rules_page(slug)
    missing = [i for i in ids if not re.search(rf"\b{re.escape(i)}\b", page)]
    assert not missing, f"docs/rules/{slug}.md does not cite {missing}"

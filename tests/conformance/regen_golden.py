"""Write the golden playthrough files: ``python -m tests.conformance.regen_golden [slug ...]``.

Run it only when a rule change is intended; the diff of the golden files shows what changed.
"""

from __future__ import annotations

import sys

import molehaven
from molehaven.core.conformance import golden_playthrough
from tests.conformance.cases import GOLDEN_DIR, GOLDEN_SEED, all_cases, dump_golden, golden_path


def main(slugs: list[str]) -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for slug, players in all_cases():
        if slugs and slug not in slugs:
            continue
        game = molehaven.make(slug, players=players)
        path = golden_path(slug, players)
        path.write_text(dump_golden(golden_playthrough(game, GOLDEN_SEED)))
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])

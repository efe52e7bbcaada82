"""The project's own rules pages, shipped inside the package (``rules/<slug>.md``).

Each page explains one game as Molehaven plays it and cites the decision ids. A page may hold a
short ``## How to play`` section, which the web table shows in its help panel.
"""

from __future__ import annotations

from importlib import resources

HOW_TO_PLAY = "How to play"


def rules_page(slug: str) -> str:
    """The whole rules page of a game, as Markdown.

    Raises:
        FileNotFoundError: no page for ``slug`` ships with this installation.
    """
    page = resources.files(__package__) / "rules" / f"{slug}.md"
    if not page.is_file():
        raise FileNotFoundError(f"no rules page for {slug!r} in this installation")
    return page.read_text(encoding="utf-8")


def section(markdown: str, heading: str) -> str:
    """The body of the ``## heading`` section of a page ('' when it has none)."""
    lines = markdown.splitlines()
    body: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("## "):
            if inside:
                break
            inside = line[3:].strip().lower() == heading.lower()
            continue
        if inside:
            body.append(line)
    return "\n".join(body).strip()


def how_to_play(slug: str) -> str:
    """The short "How to play" section of a game's rules page ('' when it has none)."""
    return section(rules_page(slug), HOW_TO_PLAY)

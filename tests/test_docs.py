"""The README stays short enough to read, and every page it leads to is there.

The README says what the app is and how to start; the rest lives beside what it
describes (the player's pages in ``resources/help/``, the code's in
``tictactoe_gui/``, the benchmarks', the packaging's). A relative link that
names no file is a page a reader cannot reach, so each one is checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
README_LIMIT = 20_000

PAGES = sorted(
    [
        README,
        *(ROOT / "resources" / "help").glob("*.md"),
        ROOT / "tictactoe_gui" / "README.md",
        ROOT / "tictactoe_gui" / "engine" / "README.md",
        ROOT / "tests" / "README.md",
        ROOT / "tests" / "benchmarks" / "README.md",
        ROOT / "packaging" / "README.md",
    ]
)


def link_targets(markdown: str) -> Iterator[str]:
    """Every link's and image's target, as a Markdown parser reads them (code is no link)."""
    for block in MarkdownIt("commonmark").parse(markdown):
        for token in block.children or ():
            if token.type == "link_open":
                yield str(token.attrs["href"])
            elif token.type == "image":
                yield str(token.attrs["src"])


def relative_file(target: str) -> str | None:
    """The file a link names, or None for a web address or a place in the same page."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    return unquote(parts.path)


def test_link_targets_reads_links_and_images_but_not_code() -> None:
    text = "[a](a.md) ![b](pics/b.png) `[c](c.md)` [d](https://example.org/d) [e](#e) [f](f.md#g)"
    files = [relative_file(target) for target in link_targets(text)]
    assert files == ["a.md", "pics/b.png", None, None, "f.md"]


def test_readme_is_short() -> None:
    size = README.stat().st_size
    assert size <= README_LIMIT, f"README.md is {size:,} bytes; keep it to {README_LIMIT:,}"


def test_every_help_page_is_linked_from_the_index() -> None:
    help_dir = ROOT / "resources" / "help"
    index = help_dir / "README.md"
    linked = {relative_file(target) for target in link_targets(index.read_text(encoding="utf-8"))}
    pages = {path.name for path in help_dir.glob("*.md")} - {"README.md"}
    assert pages, "no help pages"
    assert pages <= linked, f"not in resources/help/README.md: {sorted(pages - linked)}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_name_files_that_exist(page: Path) -> None:
    assert page.is_file(), f"{page.relative_to(ROOT)} is missing"
    broken = []
    for target in link_targets(page.read_text(encoding="utf-8")):
        path = relative_file(target)
        if path is not None and not (page.parent / path).exists():
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)} links to files that do not exist: {broken}"


def test_help_pages_link_only_to_each_other() -> None:
    # The app shows these pages where neither the README nor the code is at hand.
    help_dir = ROOT / "resources" / "help"
    outside = {
        f"{page.name}: {target}"
        for page in help_dir.glob("*.md")
        for target in link_targets(page.read_text(encoding="utf-8"))
        if (path := relative_file(target)) is not None
        and (page.parent / path).resolve().parent != help_dir
    }
    assert not outside, f"help pages linking outside resources/help/: {sorted(outside)}"

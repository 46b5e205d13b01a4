"""The art is all there, well formed, and found from a checkout, a wheel and the bundle."""

from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from tictactoe_gui import APP_NAME, DESKTOP_FILE_NAME, assets

ROOT = Path(__file__).resolve().parent.parent
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
PERSONAS = ("kitty", "cop", "sera")

EXPECTED = [
    f"icons/{APP_NAME}.svg",
    f"icons/{APP_NAME}.ico",
    f"icons/{APP_NAME}.icns",
    *(f"icons/hicolor/{n}x{n}/apps/{APP_NAME}.png" for n in ICON_SIZES),
    *(f"personas/{key}.svg" for key in PERSONAS),
    f"linux/{DESKTOP_FILE_NAME}.desktop",
    # The help pages the Help window shows (and the README links to).
    "help/README.md",
    "help/k-in-a-row.md",
    "help/row-and-column.md",
    "help/playing.md",
    # Connect Four's opening book, which the solver reads.
    "books/connect4.book",
]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("relative", EXPECTED)
def test_every_resource_is_found_from_the_checkout(relative: str) -> None:
    path = assets.asset_path(relative)
    assert path.is_file()
    assert path.stat().st_size > 0
    assert path.is_relative_to(ROOT / "resources")


def test_a_missing_resource_is_named_in_the_error() -> None:
    with pytest.raises(FileNotFoundError, match=r"icons/nope\.svg"):
        assets.asset_path("icons/nope.svg")


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_pngs_have_their_nominal_size_and_are_not_blank(size: int) -> None:
    data = assets.asset_path(f"icons/hicolor/{size}x{size}/apps/{APP_NAME}.png").read_bytes()
    assert png_size(data) == (size, size)
    # Colour type 6 is RGBA: the tile's rounded corners must stay transparent.
    assert data[25] == 6


def test_ico_holds_the_small_and_large_sizes_windows_asks_for() -> None:
    data = assets.asset_path(f"icons/{APP_NAME}.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = set()
    for index in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index : 22 + 16 * index]
        )
        image = data[offset : offset + length]
        sizes.add(png_size(image)[0])
        assert (width or 256) == png_size(image)[0]
    assert {16, 32, 48, 256} <= sizes


def test_icns_is_a_well_formed_container_with_retina_sizes() -> None:
    data = assets.asset_path(f"icons/{APP_NAME}.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    offset, kinds = 8, {}
    while offset < len(data):
        kind = data[offset : offset + 4]
        length = struct.unpack(">I", data[offset + 4 : offset + 8])[0]
        kinds[kind] = png_size(data[offset + 8 : offset + length])[0]
        offset += length
    assert offset == len(data)
    assert kinds[b"ic07"] == 128
    assert kinds[b"ic10"] == 1024


@pytest.mark.parametrize(
    "relative", [f"icons/{APP_NAME}.svg", *(f"personas/{key}.svg" for key in PERSONAS)]
)
def test_svgs_are_square_well_formed_and_render(relative: str, qapp: object) -> None:
    from PySide6.QtSvg import QSvgRenderer

    path = assets.asset_path(relative)
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert width == height
    renderer = QSvgRenderer(str(path))
    assert renderer.isValid()


def test_desktop_file_describes_the_app() -> None:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(assets.asset_path(f"linux/{DESKTOP_FILE_NAME}.desktop"), encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    for key in ("Name", "GenericName", "Comment", "Icon", "Exec"):
        assert entry[key].strip(), key
    assert entry["Categories"] == "Game;BoardGame;"
    assert entry["Icon"] == APP_NAME
    assert entry["Exec"].split()[0] == APP_NAME
    # Qt names the X11 window class after the application name.
    assert entry["StartupWMClass"] == APP_NAME
    assert entry["Terminal"] == "false"


@pytest.mark.parametrize(
    "search",
    ["tic-tac-toe", "four in a row", "gomoku", "row and column", "k-in-a-row", "connect four"],
)
def test_a_menu_search_for_any_game_finds_the_app(search: str) -> None:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(assets.asset_path(f"linux/{DESKTOP_FILE_NAME}.desktop"), encoding="utf-8")
    entry = parser["Desktop Entry"]
    keywords = [word.strip().lower() for word in entry["Keywords"].split(";") if word.strip()]
    assert search in keywords
    # The description names the game too (as "Row & Column" where the menu reads it).
    shown = search.replace(" and ", " & ")
    assert shown in entry["Comment"].lower()
    assert shown in entry["GenericName"].lower() or search == "k-in-a-row"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_desktop_file_passes_the_freedesktop_validator() -> None:
    path = assets.asset_path(f"linux/{DESKTOP_FILE_NAME}.desktop")
    result = subprocess.run(
        ["desktop-file-validate", str(path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_test_extra_holds_what_building_a_wheel_needs() -> None:
    # The wheel test below builds without fetching anything, so an install of
    # '.[test]' alone must bring the build backend's own requirements.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    test_extra = set(project["project"]["optional-dependencies"]["test"])
    assert set(project["build-system"]["requires"]) <= test_extra


def test_wheel_ships_the_resources_and_the_helper_finds_them_there(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        check=True,
        cwd=tmp_path,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("tictactoe_gui-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for relative in EXPECTED:
            assert f"tictactoe_gui/resources/{relative}" in names
        # A pure-Python wheel unpacked onto the path is what an install amounts to.
        archive.extractall(tmp_path / "site")

    probe = (
        "import tictactoe_gui, tictactoe_gui.assets as a; "
        "print(tictactoe_gui.__file__); print(a.asset_path('personas/sera.svg'))"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    result = subprocess.run(
        [sys.executable, "-c", probe],
        check=True,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    package_file, sera = (Path(line) for line in result.stdout.splitlines())
    assert package_file.is_relative_to(tmp_path / "site")
    assert sera == tmp_path / "site" / "tictactoe_gui" / "resources" / "personas" / "sera.svg"


def test_the_frozen_bundle_looks_under_meipass(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "resources" / "icons").mkdir(parents=True)
    (tmp_path / "resources" / "icons" / "x.svg").write_text("<svg/>")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assets.resources_root.cache_clear()
    try:
        assert assets.asset_path("icons/x.svg") == tmp_path / "resources" / "icons" / "x.svg"
    finally:
        monkeypatch.delattr(sys, "_MEIPASS")
        assets.resources_root.cache_clear()


@pytest.mark.parametrize("size", [16, 48, 256])
def test_committed_icon_pngs_are_rendered_from_the_current_svg(size: int, qapp: object) -> None:
    import importlib.util

    from PySide6.QtGui import QImage

    spec = importlib.util.spec_from_file_location(
        "render_icons", ROOT / "packaging" / "render_icons.py"
    )
    assert spec is not None
    assert spec.loader is not None
    render_icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render_icons)

    fresh = QImage.fromData(render_icons.render_png(render_icons.SOURCE, size))
    committed = QImage(str(render_icons.png_path(size)))
    assert (committed.width(), committed.height()) == (fresh.width(), fresh.height())
    worst = max(
        abs(a - b)
        for x in range(size)
        for y in range(size)
        for a, b in zip(
            committed.pixelColor(x, y).getRgb(), fresh.pixelColor(x, y).getRgb(), strict=True
        )
    )
    assert worst <= 2, "run `python packaging/render_icons.py` after editing the icon's SVG"

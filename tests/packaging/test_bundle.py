"""The frozen bundle, built from the spec: it runs its self-test and holds only what it uses.

Slow (it builds the bundle), so marked ``bundle``: outside the default run,
run by ``make bundle-test`` and .ci/run.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tictactoe_gui import APP_NAME, DESKTOP_FILE_NAME, __version__

pytestmark = pytest.mark.bundle

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "packaging" / "dist"
BUNDLE = DIST / APP_NAME
EXECUTABLE = BUNDLE / APP_NAME
MAX_BUNDLE_BYTES = 120 * 2**20

#: Qt libraries and Python bindings the app never uses; none may be in the bundle.
UNUSED_QT = re.compile(
    r"Qt6?(Network|Qml|Quick|Pdf|WebEngine|WebChannel|WebSockets|Multimedia|3D|Charts|"
    r"DataVisualization|Graphs|Positioning|Location|Sensors|SerialPort|Bluetooth|Nfc|Sql|"
    r"Test|Designer|Help|UiTools|PrintSupport|OpenGL|Wayland|EglFS|TextToSpeech)",
    re.IGNORECASE,
)
QT_BINDINGS_USED = {"QtCore", "QtGui", "QtWidgets", "QtSvg", "QtSvgWidgets", "QtDBus"}
PLUGINS_KEPT = {
    "platforms/libqxcb.so",
    "platforms/libqoffscreen.so",
    "imageformats/libqsvg.so",
    "imageformats/libqico.so",
    "iconengines/libqsvgicon.so",
    "platformthemes/libqxdgdesktopportal.so",
    "platforminputcontexts/libcomposeplatforminputcontextplugin.so",
    "platforminputcontexts/libibusplatforminputcontextplugin.so",
}


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    """Build once for this module, exactly as ``make bundle`` does."""
    subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py")], check=True, cwd=ROOT, timeout=1800
    )


def bare_env(tmp_path: Path) -> dict[str, str]:
    """What a double-click gives: no display here, no Python setup, no Qt platform chosen."""
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path / "home"),
        "LANG": "C.UTF-8",
        "XDG_DATA_HOME": str(tmp_path / "home" / "share"),
    }


def bundle_files() -> list[Path]:
    return [p for p in BUNDLE.rglob("*") if p.is_file() or p.is_symlink()]


def test_the_frozen_app_passes_its_self_test(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(EXECUTABLE), "--self-test"],
        cwd=tmp_path,
        env=bare_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{APP_NAME} {__version__} self-test passed: ")
    assert "offscreen platform" in result.stdout
    assert "compiled search agrees" in result.stdout
    assert "compiled Connect Four solver agrees" in result.stdout
    assert result.stderr == ""


def test_the_frozen_app_proves_connect_four_from_its_opening_book(tmp_path: Path) -> None:
    """The compiled solver and the book are in the bundle: the empty board at once."""
    result = subprocess.run(
        [str(EXECUTABLE), "solve", "--game", "connect4", "--json"],
        cwd=tmp_path,
        env=bare_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert (payload["exact"], payload["outcome"], payload["plies_to_end"]) == (True, "X", 41)
    assert payload["best_moves"] == [[5, 3]]  # d1, the centre column
    assert payload["nodes"] < 20_000_000


def test_the_bundle_holds_none_of_the_qt_it_does_not_use() -> None:
    relative = [p.relative_to(BUNDLE).as_posix() for p in bundle_files()]
    assert [name for name in relative if UNUSED_QT.search(Path(name).name)] == []
    bindings = {
        Path(name).name.split(".")[0]
        for name in relative
        if re.fullmatch(r"_internal/PySide6/Qt\w+\.abi3\.so", name)
    }
    # The other bindings come in only if the app's code imports them.
    assert {"QtCore", "QtGui", "QtWidgets"} <= bindings <= QT_BINDINGS_USED
    plugins = {name.split("/plugins/", 1)[1] for name in relative if "/Qt/plugins/" in name}
    assert plugins == PLUGINS_KEPT
    assert not [name for name in relative if name.endswith(".qm") or "/translations/" in name]
    assert not [name for name in relative if "/Qt/qml/" in name]


def test_every_bundled_library_finds_what_it_links_to() -> None:
    unresolved = {}
    for path in bundle_files():
        if path.is_symlink() or not (path.suffix == ".so" or ".so." in path.name):
            continue
        listing = subprocess.run(["ldd", str(path)], capture_output=True, text=True).stdout
        missing = [line.split()[0] for line in listing.splitlines() if "not found" in line]
        if missing:
            unresolved[path.relative_to(BUNDLE).as_posix()] = missing
        # Qt's own libraries must come from the bundle, never from elsewhere.
        for line in listing.splitlines():
            if "libQt6" in line and "=>" in line:
                assert str(BUNDLE) in line, f"{path.name}: {line.strip()}"
    assert unresolved == {}


def test_the_bundle_is_small_and_stripped() -> None:
    size = sum(p.lstat().st_size for p in bundle_files())
    assert size < MAX_BUNDLE_BYTES, f"{size / 2**20:.1f} MiB"
    core = BUNDLE / "_internal" / "PySide6" / "Qt" / "lib" / "libQt6Core.so.6"
    sections = subprocess.run(["objdump", "-h", str(core)], capture_output=True, text=True)
    assert ".symtab" not in sections.stdout


def test_the_archive_is_versioned_and_holds_the_bundle_and_install_scripts() -> None:
    import platform

    archive = DIST / f"{APP_NAME}-{__version__}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        top = f"{APP_NAME}-{__version__}"
        assert f"{top}/{APP_NAME}/{APP_NAME}" in names
        assert f"{top}/install-desktop.sh" in names
        assert f"{top}/uninstall-desktop.sh" in names
        assert f"{top}/{APP_NAME}/_internal/resources/linux/{DESKTOP_FILE_NAME}.desktop" in names
        assert f"{top}/{APP_NAME}/_internal/resources/help/k-in-a-row.md" in names
        executable = tar.getmember(f"{top}/{APP_NAME}/{APP_NAME}")
        assert executable.mode & 0o111


def test_the_unpacked_archive_installs_and_the_installed_app_runs(tmp_path: Path) -> None:
    import platform

    archive = DIST / f"{APP_NAME}-{__version__}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path / "download", filter="tar")
    env = {**bare_env(tmp_path), "BIN_DIR": str(tmp_path / "home" / "bin")}
    unpacked = tmp_path / "download" / f"{APP_NAME}-{__version__}"
    subprocess.run(["bash", str(unpacked / "install-desktop.sh")], env=env, check=True)

    launcher = tmp_path / "home" / "bin" / APP_NAME
    result = subprocess.run(
        [str(launcher), "--self-test"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    desktop = tmp_path / "home" / "share" / "applications" / f"{DESKTOP_FILE_NAME}.desktop"
    assert f'Exec="{tmp_path / "home" / "share" / APP_NAME / "app" / APP_NAME}"' in (
        desktop.read_text()
    )

    subprocess.run(["bash", str(unpacked / "uninstall-desktop.sh")], env=env, check=True)
    assert not launcher.exists()
    assert not desktop.exists()
    # The folder goes once the install's files have left it empty; only the desktop's own
    # index, rebuilt where the tool exists, may keep it.
    applications = tmp_path / "home" / "share" / "applications"
    left = set(os.listdir(applications)) if applications.exists() else set()
    assert left <= {"mimeinfo.cache"}

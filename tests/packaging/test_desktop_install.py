"""install-desktop.sh and uninstall-desktop.sh, run for real into a temporary home.

The bundle here is a stand-in with the real resources and a tiny executable,
so the scripts are tested without building; tests/packaging/test_bundle.py
installs the real bundle too.
"""

from __future__ import annotations

import configparser
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tictactoe_gui import APP_NAME, DESKTOP_FILE_NAME

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def fake_bundle(folder: Path) -> Path:
    """A one-folder bundle's shape: the executable and _internal/resources."""
    bundle = folder / APP_NAME
    shutil.copytree(ROOT / "resources", bundle / "_internal" / "resources")
    executable = bundle / APP_NAME
    executable.write_text('#!/bin/sh\necho "bundle ran with: $*"\n')
    executable.chmod(0o755)
    return bundle


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    env["HOME"] = str(tmp_path / "home")
    env["XDG_DATA_HOME"] = str(tmp_path / "home" / "share")
    env["BIN_DIR"] = str(tmp_path / "home" / "bin")
    return env


def run_script(name: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(PACKAGING / name), *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


#: Indexes that the desktop's cache tools rebuild, when installed; not the app's files.
CACHES = {"mimeinfo.cache", "icon-theme.cache"}


def files_under(path: Path) -> set[Path]:
    return {p for p in path.rglob("*") if (p.is_file() or p.is_symlink()) and p.name not in CACHES}


def test_install_then_uninstall_leaves_exactly_what_was_there(
    tmp_path: Path, home: dict[str, str]
) -> None:
    share = Path(home["XDG_DATA_HOME"])
    bin_dir = Path(home["BIN_DIR"])
    # What the user already had must survive both steps: another app's menu
    # entry, and this app's own records in its data folder.
    other_entry = share / "applications" / "other.desktop"
    other_entry.parent.mkdir(parents=True)
    other_entry.write_text("[Desktop Entry]\nName=Other\n")
    records = share / APP_NAME / "records.sqlite3"
    records.parent.mkdir(parents=True)
    records.write_bytes(b"games")
    before = files_under(tmp_path / "home")

    bundle = fake_bundle(tmp_path)
    installed = run_script("install-desktop.sh", home, str(bundle))
    assert installed.returncode == 0, installed.stderr

    app_dir = share / APP_NAME / "app"
    assert os.access(app_dir / APP_NAME, os.X_OK)
    assert (app_dir / "_internal" / "resources" / "personas" / "sera.svg").is_file()
    for size in ICON_SIZES:
        icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_NAME}.png"
        assert (
            icon.read_bytes()
            == (
                ROOT
                / "resources"
                / "icons"
                / "hicolor"
                / f"{size}x{size}"
                / "apps"
                / f"{APP_NAME}.png"
            ).read_bytes()
        )
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_NAME}.svg").is_file()

    desktop = share / "applications" / f"{DESKTOP_FILE_NAME}.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(desktop)
    entry = parser["Desktop Entry"]
    assert entry["Exec"] == f'"{app_dir / APP_NAME}"'
    assert entry["TryExec"] == str(app_dir / APP_NAME)
    assert entry["Icon"] == APP_NAME
    assert entry["Categories"] == "Game;BoardGame;"
    if shutil.which("desktop-file-validate"):
        validated = subprocess.run(
            ["desktop-file-validate", str(desktop)], capture_output=True, text=True, check=False
        )
        assert validated.returncode == 0, validated.stdout

    launcher = bin_dir / APP_NAME
    assert launcher.stat().st_mode & stat.S_IXUSR
    ran = subprocess.run([str(launcher), "--self-test"], capture_output=True, text=True, check=True)
    assert ran.stdout == "bundle ran with: --self-test\n"

    # The source bundle can go: the installed copy stands alone.
    shutil.rmtree(bundle)
    assert subprocess.run([str(launcher)], capture_output=True, check=False).returncode == 0

    removed = run_script("uninstall-desktop.sh", home)
    assert removed.returncode == 0, removed.stderr
    assert files_under(tmp_path / "home") == before
    assert records.read_bytes() == b"games"


def test_reinstall_replaces_the_previous_install(tmp_path: Path, home: dict[str, str]) -> None:
    bundle = fake_bundle(tmp_path)
    assert run_script("install-desktop.sh", home, str(bundle)).returncode == 0
    stale = Path(home["XDG_DATA_HOME"]) / APP_NAME / "app" / "_internal" / "stale.txt"
    stale.write_text("from the old version")
    again = run_script("install-desktop.sh", home, str(bundle))
    assert again.returncode == 0, again.stderr
    assert not stale.exists()
    assert (Path(home["BIN_DIR"]) / APP_NAME).is_file()


def test_a_launcher_name_taken_by_something_else_is_left_alone(
    tmp_path: Path, home: dict[str, str]
) -> None:
    theirs = Path(home["BIN_DIR"]) / APP_NAME
    theirs.parent.mkdir(parents=True)
    theirs.write_text("#!/bin/sh\necho pip-installed\n")
    installed = run_script("install-desktop.sh", home, str(fake_bundle(tmp_path)))
    assert installed.returncode == 0
    assert "leaving" in installed.stderr
    assert theirs.read_text() == "#!/bin/sh\necho pip-installed\n"
    assert run_script("uninstall-desktop.sh", home).returncode == 0
    assert theirs.read_text() == "#!/bin/sh\necho pip-installed\n"


def test_install_without_a_bundle_says_what_to_do(tmp_path: Path, home: dict[str, str]) -> None:
    result = run_script("install-desktop.sh", home, str(tmp_path / "nowhere"))
    assert result.returncode == 1
    assert "holds no tictactoe-gui executable" in result.stderr
    assert not Path(home["XDG_DATA_HOME"]).exists()


def folders_under(path: Path) -> set[Path]:
    return {p for p in path.rglob("*") if p.is_dir()}


def test_uninstall_removes_the_folders_the_install_made_and_keeps_the_others(
    tmp_path: Path, home: dict[str, str]
) -> None:
    share = Path(home["XDG_DATA_HOME"])
    # An icon folder the user already had (empty) is theirs and stays.
    (share / "icons" / "hicolor" / "48x48" / "apps").mkdir(parents=True)
    before = folders_under(tmp_path / "home")

    bundle = fake_bundle(tmp_path)
    assert run_script("install-desktop.sh", home, str(bundle)).returncode == 0
    assert (share / "icons" / "hicolor" / "512x512" / "apps").is_dir()
    assert Path(home["BIN_DIR"]).is_dir()
    assert run_script("uninstall-desktop.sh", home).returncode == 0

    assert folders_under(tmp_path / "home") == before

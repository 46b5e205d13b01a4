"""Build the desktop bundle and its versioned archive: ``make bundle`` runs this.

    python packaging/build.py

Builds the one-folder bundle from ``packaging/tictactoe-gui.spec`` into
``packaging/dist/tictactoe-gui/`` (work files in ``packaging/build/``), then
packs it with the desktop install scripts as
``packaging/dist/tictactoe-gui-VERSION-linux-ARCH.tar.gz``. Prints the
bundle's size on disk and the archive's.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "tictactoe-gui.spec"
DIST = HERE / "dist"
WORK = HERE / "build"
APP_NAME = "tictactoe-gui"
BUNDLE = DIST / APP_NAME
# PyInstaller finds shared-library dependencies with these; `strip` shrinks them.
BINUTILS = ("objdump", "strip")
# The X11 libraries Qt's xcb platform links to, by the Debian package that has
# each. Present at build time, they go into the bundle, so it runs on desktops
# that lack some of them; absent, the bundle would depend on the user's system.
XCB_LIBRARY_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from tictactoe_gui import __version__

    return __version__


def archive_path(app_version: str) -> Path:
    system = platform.system().lower()
    return DIST / f"{APP_NAME}-{app_version}-{system}-{platform.machine()}.tar.gz"


def missing_xcb_packages() -> list[str]:
    """The Debian packages of the libraries Qt's xcb platform plugin cannot find here."""
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file() or shutil.which("ldd") is None:
        return []
    listing = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True).stdout
    missing = {line.split()[0] for line in listing.splitlines() if "not found" in line}
    return sorted({XCB_LIBRARY_PACKAGES[name] for name in missing if name in XCB_LIBRARY_PACKAGES})


def ensure_system_packages() -> None:
    """Install what a fresh Debian machine may lack: binutils, and Qt's X11 libraries."""
    if not sys.platform.startswith("linux"):
        return
    packages = [] if all(shutil.which(tool) for tool in BINUTILS) else ["binutils"]
    packages += missing_xcb_packages()
    if not packages:
        return
    if shutil.which("apt-get") is None:
        print(f"build.py: please install {' '.join(packages)} first", file=sys.stderr)
        return
    print(f"Installing {' '.join(packages)}", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *packages], check=True, env=env)


def build_bundle() -> None:
    import PyInstaller.__main__

    PyInstaller.__main__.run(
        [
            str(SPEC),
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK),
            "--noconfirm",
            "--log-level",
            "WARN",
        ]
    )


def tree_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def pack(app_version: str) -> Path:
    """The bundle and the desktop install scripts, in one versioned folder."""
    target = archive_path(app_version)
    top = f"{APP_NAME}-{app_version}"
    with tarfile.open(target, "w:gz", compresslevel=9) as archive:
        archive.add(BUNDLE, arcname=f"{top}/{APP_NAME}")
        for script in ("install-desktop.sh", "uninstall-desktop.sh"):
            archive.add(HERE / script, arcname=f"{top}/{script}")
    return target


def mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def main() -> int:
    ensure_system_packages()
    app_version = version()
    started = time.monotonic()
    build_bundle()
    if not (BUNDLE / APP_NAME).is_file():
        print(f"build.py: PyInstaller left no executable at {BUNDLE / APP_NAME}", file=sys.stderr)
        return 1
    target = pack(app_version)
    print(
        f"Built {BUNDLE.relative_to(ROOT)} ({mib(tree_size(BUNDLE))} on disk) and "
        f"{target.relative_to(ROOT)} ({mib(target.stat().st_size)}) "
        f"in {time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The command line under hostile input: bytes that are not UTF-8, Ctrl-C while loading,
a closed standard output, huge quotes and ``~`` in paths."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tictactoe_gui.cli import main
from tictactoe_gui.storage import DATABASE_ENV_VAR, Repository

BAD_BATCH = b"X.O.X....\n\xff\n.........\n"


def run(*args: str, stdin: bytes | str = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    source = io.BytesIO(stdin) if isinstance(stdin, bytes) else io.StringIO(stdin)
    code = main(list(args), stdin=source, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def app(
    *args: str, env: dict[str, str] | None = None, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe_gui", *args],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.fixture(scope="session")
def strict_utf8_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment under ``en_US.UTF-8``, as on most desktops, where Python decodes
    standard input strictly (``C.UTF-8`` forgives bad bytes and would hide the problem).

    The locale is compiled into a temporary folder when the system has its
    sources; otherwise Python is told to decode strictly, which is what that
    locale makes it do.
    """
    env = {**os.environ, "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"}
    env.pop("PYTHONUTF8", None)
    localedef = shutil.which("localedef")
    folder = tmp_path_factory.mktemp("locale")
    if localedef and Path("/usr/share/i18n/locales/en_US").exists():
        subprocess.run(
            [localedef, "-i", "en_US", "-f", "UTF-8", str(folder / "en_US.UTF-8")],
            capture_output=True,
            timeout=120,
            check=False,
        )
        env["LOCPATH"] = str(folder)
    probe = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.stdin.encoding, sys.stdin.errors)"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    if probe.stdout.split() != ["utf-8", "strict"]:
        env["PYTHONIOENCODING"] = "utf-8:strict"
    return env


# -- bytes that are not UTF-8 ------------------------------------------------------------


def test_a_line_that_is_not_utf8_is_reported_by_number_and_the_good_lines_answered() -> None:
    code, out, err = run("analyse", "--json", "-", stdin=BAD_BATCH)
    assert code == 2
    assert [json.loads(line)["board"] for line in out.splitlines()] == ["X.O.X....", "........."]
    assert err == "tictactoe-gui: standard input line 2: not UTF-8 text; skipped\n"


def test_a_byte_order_mark_at_the_start_is_not_part_of_the_first_board() -> None:
    code, out, err = run("analyse", "--json", "-", stdin=b"\xef\xbb\xbfX........\n")
    assert (code, err) == (0, "")
    assert json.loads(out)["board"] == "X........"


def test_analyse_reads_bad_bytes_safely_under_a_strict_utf8_locale(
    strict_utf8_env: dict[str, str],
) -> None:
    done = app("analyse", "--json", "-", env=strict_utf8_env, stdin=BAD_BATCH)
    assert done.returncode == 2
    boards = [json.loads(line)["board"] for line in done.stdout.decode().splitlines()]
    assert boards == ["X.O.X....", "........."]
    assert done.stderr == b"tictactoe-gui: standard input line 2: not UTF-8 text; skipped\n"


def test_play_reads_bad_bytes_safely_under_a_strict_utf8_locale(
    strict_utf8_env: dict[str, str],
) -> None:
    done = app("play", "--persona", "sera", "--seed", "1", env=strict_utf8_env,
               stdin=b"\xff\xfe\n5\nq\n")  # fmt: skip
    assert (done.returncode, done.stderr) == (0, b"")
    out = done.stdout.decode()
    assert "Input line 1 is not UTF-8 text; type a cell." in out
    assert "Sera plays " in out  # the good line after it was played
    assert out.rstrip().endswith("Game abandoned; nothing was recorded. Sera waves goodbye.")


def test_nine_spaces_on_standard_input_are_the_empty_board_as_in_an_argument() -> None:
    _, from_argument, _ = run("analyse", "--json", "         ")
    code, out, err = run("analyse", "--json", "-", stdin="X........\n         \n\n")
    assert (code, err) == (0, "")
    boards = [json.loads(line)["board"] for line in out.splitlines()]
    assert boards == ["X........", "........."]
    assert json.loads(from_argument)["board"] == "........."


# -- Ctrl-C while the app loads ----------------------------------------------------------

#: Sends a real SIGINT to the process the moment it starts importing ``module``.
INTERRUPT_WHILE_IMPORTING = textwrap.dedent(
    """
    import os, runpy, signal, sys

    module = sys.argv[1]

    class InterruptOnImport:
        def find_spec(self, name, path=None, target=None):
            if name == module:
                sys.meta_path.remove(self)
                os.kill(os.getpid(), signal.SIGINT)
            return None

    sys.meta_path.insert(0, InterruptOnImport())
    sys.argv[1:2] = []
    runpy.run_module("tictactoe_gui", run_name="__main__", alter_sys=True)
    """
)


@pytest.mark.parametrize(
    ("module", "args"),
    [
        ("tictactoe_gui.cli.entry", ["analyse", "........."]),
        ("tictactoe_gui.engine.search", ["analyse", "........."]),
        ("tictactoe_gui.storage.repository", ["history"]),
        ("sqlite3", ["match", "--x", "cop", "--o", "cop"]),
        ("tictactoe_gui.gui.app", []),  # the window, offscreen in the tests
    ],
)
def test_ctrl_c_while_loading_is_one_line_and_status_130(module: str, args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT_WHILE_IMPORTING, module, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "tictactoe-gui: interrupted\n")


#: Raises KeyboardInterrupt (a real SIGINT) at the first line of one function of the app.
INTERRUPT_AT_FIRST_LINE = textwrap.dedent(
    """
    import os, runpy, signal, sys

    path, function = sys.argv[1], sys.argv[2]

    def first_line(frame, event, arg):
        if event == "line":
            sys.settrace(None)
            frame.f_trace = None
            os.kill(os.getpid(), signal.SIGINT)
        return first_line

    def calls(frame, event, arg):
        code = frame.f_code
        if code.co_name == function and code.co_filename.endswith(path):
            return first_line
        return None

    sys.settrace(calls)
    sys.argv[1:3] = []
    runpy.run_module("tictactoe_gui", run_name="__main__", alter_sys=True)
    """
)


@pytest.mark.parametrize(
    ("path", "function", "args"),
    [
        ("tictactoe_gui/cli/entry.py", "run", ["analyse", "........."]),
        ("tictactoe_gui/cli/common.py", "__init__", ["history"]),  # reading standard input
        ("tictactoe_gui/cli/entry.py", "_top_level_parser", ["--version"]),
        ("tictactoe_gui/cli/window.py", "open_default_window", []),
    ],
)
def test_ctrl_c_between_loading_and_running_is_one_line_and_status_130(
    path: str, function: str, args: list[str]
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT_AT_FIRST_LINE, path, function, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "tictactoe-gui: interrupted\n")


#: The launcher's own lines (the installed script, the bundle's entry point), with a
#: SIGINT sent while it imports ``tictactoe_gui.cli`` or just before it calls ``main``.
LAUNCHER = textwrap.dedent(
    """
    import os, signal, sys

    when = sys.argv.pop(1)

    class InterruptOnImport:
        def find_spec(self, name, path=None, target=None):
            if name == "tictactoe_gui.cli" and when == "importing":
                sys.meta_path.remove(self)
                os.kill(os.getpid(), signal.SIGINT)
            return None

    sys.meta_path.insert(0, InterruptOnImport())
    import tictactoe_gui
    from tictactoe_gui.cli import main
    if when == "before main":
        os.kill(os.getpid(), signal.SIGINT)
    sys.exit(main())
    """
)


@pytest.mark.parametrize("when", ["importing", "before main"])
def test_ctrl_c_in_the_launcher_is_one_line_and_an_interrupted_status(when: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LAUNCHER, when, "analyse", "........."],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    # Python ends a process that Ctrl-C reached at the top level by SIGINT: 130 in a shell.
    assert done.returncode in (130, -signal.SIGINT)
    assert (done.stdout, done.stderr) == ("", "tictactoe-gui: interrupted\n")


@pytest.mark.parametrize(
    ("args", "moment"),
    [
        ([], "startup-probe first-paint"),
        ([], "startup-probe ready"),
        (["--self-test"], "startup-probe ready"),  # its AI vs AI game under way
    ],
)
def test_ctrl_c_in_the_open_window_closes_it_in_one_line_and_status_130(
    args: list[str], moment: str, tmp_path: Path
) -> None:
    # Qt's event loop does not run Python's signal handler by itself: Ctrl-C used to
    # raise inside whatever slot ran next, or crash the process.
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        DATABASE_ENV_VAR: str(tmp_path / "records.sqlite3"),
        "TICTACTOE_GUI_STARTUP_PROBE": "1",  # says when the window is painted and complete
    }
    window = subprocess.Popen(
        [sys.executable, "-m", "tictactoe_gui", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert window.stdout is not None
        for line in window.stdout:
            if line.startswith(moment):
                break
        window.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, err = window.communicate(timeout=60)
        assert time.monotonic() - sent < 10  # at once; a loaded machine may take a while
    finally:
        if window.poll() is None:
            window.kill()
            window.communicate()
    assert window.returncode == 130
    assert "Traceback" not in err
    assert err.splitlines()[-1] == "tictactoe-gui: interrupted"


# -- output in an encoding that lacks a character ------------------------------------


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (["solve", "--game", "4x4k3"], b"", "4\\xd74, three in a row: X wins in 5 plies"),
        (["brain"], b"START 15\nBEGIN\nEND\n", "MESSAGE first look..."),
    ],
)
def test_output_in_ascii_escapes_what_it_cannot_show(
    args: list[str], stdin: bytes, expected: str
) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = app(*args, env=env, stdin=stdin)
    assert (done.returncode, done.stderr) == (0, b"")
    assert expected in done.stdout.decode("ascii")


# -- a closed standard output ------------------------------------------------------------


def test_a_closed_standard_output_is_reported_and_fails(tmp_path: Path) -> None:
    db = tmp_path / "records.sqlite3"
    for args in (["analyse", "........."], ["match", "--x", "cop", "--o", "kitty", "--record",
                                           "--db", str(db)]):  # fmt: skip
        done = subprocess.run(
            ["sh", "-c", 'exec "$0" -m tictactoe_gui "$@" >&-', sys.executable, *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 1
        assert done.stderr == "tictactoe-gui: standard output is closed; nothing was done\n"
    assert not db.exists()  # nothing was played or recorded for nobody to see


def test_a_closed_standard_output_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    err = io.StringIO()
    assert main(["analyse", "........."], stdin=io.StringIO(), stderr=err) == 1
    assert err.getvalue() == "tictactoe-gui: standard output is closed; nothing was done\n"


# -- long quotes of bad input ------------------------------------------------------------

HUGE = "X" * 1_000_000


@pytest.mark.parametrize(
    "args",
    [
        ["analyse", "-"],
        ["analyse", "........", "--algorithm", "m" * 100_000],
        ["match", "--x", "cop", "--o", "cop", "--games", "9" * 50_000 + "x"],
        ["analyse", ".........", "--persona", "cop", "--seed", "s" * 100_000],
        ["match", "--x", "c" * 100_000, "--o", "cop"],
        ["history", "--player", "p" * 100_000],
        ["f" * 100_000],
    ],
)
def test_a_huge_bad_input_gives_a_short_error_line(args: list[str]) -> None:
    code, out, err = run(*args, stdin=HUGE + "\n")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert len(err) < 500


def test_play_quotes_a_huge_answer_briefly() -> None:
    code, out, _ = run("play", "--persona", "sera", "--seed", "1", stdin="b" * 1_000_000 + "\nq\n")
    assert code == 0
    [complaint] = [line for line in out.splitlines() if "is not a cell" in line]
    assert complaint.startswith(
        "Your move (a cell such as b2, or a keypad digit 1-9; q to quit): 'bbbbbbbbbb"
    )
    assert "(1000000 characters)" in complaint
    assert len(complaint) < 250


def test_short_messages_and_long_paths_are_kept_whole() -> None:
    from tictactoe_gui.cli.common import error_line

    message = "a persona's move needs --persona (see 'tictactoe-gui --help')"
    assert error_line(message) == f"tictactoe-gui: {message}"
    assert error_line("bad\nthing") == "tictactoe-gui: bad thing"
    folder = "/home/someone/" + "deeply/nested/" * 12
    notice = f"cannot create the folder {folder!r}: permission denied; " * 3
    assert error_line(notice) == f"tictactoe-gui: {notice}"


def test_a_huge_quote_is_cut_and_the_rest_of_the_message_kept() -> None:
    from tictactoe_gui.cli.common import error_line

    line = error_line(f"row 1 ({'X' * 100_000!r}) has 100000 cells; a 4x4k3 row has 4")
    assert line == (
        f"tictactoe-gui: row 1 ('{'X' * 40}'… (100000 characters)) has 100000 cells; "
        "a 4x4k3 row has 4"
    )


# -- ~ in --db ---------------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv(DATABASE_ENV_VAR, str(tmp_path / "default.sqlite3"))
    return folder


def test_a_tilde_in_db_is_the_home_folder_for_every_command(home: Path) -> None:
    code, _, _ = run("match", "--x", "cop", "--o", "kitty", "--games", "2", "--seed", "1",
                     "--record", "--db", "~/t.sqlite3")  # fmt: skip
    assert code == 0
    with Repository.open(home / "t.sqlite3") as repository:
        assert repository.count_games() == 2
    code, out, _ = run("leaderboard", "--db", "~/t.sqlite3", "--json")
    assert code == 0
    assert {json.loads(line)["name"] for line in out.splitlines()} == {"cop", "kitty"}
    code, out, _ = run("--db", "~/t.sqlite3", "history", "--json")
    assert code == 0
    assert len(out.splitlines()) == 2
    code, out, _ = run("play", "--persona", "kitty", "--record", "--db", "~/t.sqlite3",
                       stdin="q\n")  # fmt: skip
    assert code == 0
    assert not Path("~").exists()


def test_the_window_gets_the_expanded_path(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tictactoe_gui.gui.app as gui_app

    calls: list[Path | None] = []

    def fake_run(
        argv: list[str] | None = None,
        *,
        db_path: Path | None = None,
        game: object = None,
        exit_process: bool = False,
    ) -> int:
        calls.append(db_path)
        return 0

    monkeypatch.setattr(gui_app, "run", fake_run)
    assert run("--db", "~/w.sqlite3")[0] == 0
    assert calls == [home / "w.sqlite3"]


@pytest.mark.parametrize("command", ["leaderboard", "history", "play", "match"])
def test_an_unknown_user_in_db_is_one_clear_line(command: str, home: Path) -> None:
    extra = ["--x", "cop", "--o", "cop", "--record"] if command == "match" else []
    code, out, err = run(command, *extra, "--db", "~no-such-user-here/x.sqlite3", stdin="q\n")
    assert (code, out) == (2, "")
    assert err.startswith("tictactoe-gui: argument --db: cannot expand '~no-such-user-here'")
    assert err.count("\n") == 1


def test_an_unknown_user_in_the_environment_variable_is_one_clear_line(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATABASE_ENV_VAR, "~no-such-user-here/x.sqlite3")
    code, out, err = run("history")
    assert (code, out) == (2, "")
    assert err == (
        f"tictactoe-gui: ${DATABASE_ENV_VAR}: cannot expand "
        "'~no-such-user-here/x.sqlite3': no such user\n"
    )

"""Run the benchmarks: ``python -m tests.benchmarks`` (or ``make bench``) runs every one;
``python -m tests.benchmarks NAME [ARGS…]`` runs one, with its own arguments."""

import importlib
import pkgutil
import sys
from pathlib import Path

NAMES = sorted(
    module.name
    for module in pkgutil.iter_modules([str(Path(__file__).parent)])
    if module.name.startswith("bench_")
)


def run(name: str) -> None:
    print(f"== {name} ==")
    importlib.import_module(f"tests.benchmarks.{name}").main()
    print()


if len(sys.argv) > 1:
    name = sys.argv[1]
    if name not in NAMES:
        sys.exit(f"no benchmark named {name!r}; choose one of {', '.join(NAMES)}")
    sys.argv = [sys.argv[0], *sys.argv[2:]]  # its own arguments, as if run alone
    run(name)
else:
    sys.argv = sys.argv[:1]
    for name in NAMES:
        run(name)

"""Run every benchmark: ``python -m tests.benchmarks`` (or ``make bench``)."""

import importlib
import pkgutil
from pathlib import Path

for module in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
    if module.name.startswith("bench_"):
        print(f"== {module.name} ==")
        importlib.import_module(f"tests.benchmarks.{module.name}").main()
        print()

"""Run every benchmark module in this folder (or the ones named) that defines `main()`."""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(names: list[str]) -> None:
    here = [str(Path(__file__).parent)]
    found = sorted(info.name for info in pkgutil.iter_modules(here)
                   if not info.name.startswith("_"))
    for name in names or found:
        module = importlib.import_module(f"bench.{name}")
        if hasattr(module, "main"):
            print(f"== bench.{name} ==", flush=True)
            module.main()


main(sys.argv[1:])

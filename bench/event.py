"""The club night as one event: an alias of ``python bench/club.py --event 25``.

python bench/event.py [--tables 25] [--seconds 60] [--threads 4]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from club import main  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    known, rest = parser.parse_known_args()
    main(["--event", str(known.tables), *rest])

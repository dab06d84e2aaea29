"""Entry script for the frozen app (PyInstaller needs a script, not a `-m` module)."""

import multiprocessing
import sys

from tmdesktop.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the computer players' worker process starts this executable too
    sys.exit(main())

"""Entry script for the frozen app (PyInstaller needs a script, not a `-m` module)."""

import sys

from tmdesktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())

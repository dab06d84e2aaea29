"""The project's own fuzzers: damaged saves, logs, ledgers and settings files, and random input
to the whole app.  `python -m tmdesktop fuzz TARGET --cases N --seed S` (see `cli`)."""

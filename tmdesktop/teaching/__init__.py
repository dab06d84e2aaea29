"""Teaching: lessons, rule pages, hints, warnings and reviews (pure Python, no pygame)."""

"""One answer a picker offers, as data: the controller builds them, the dialogs draw them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Option:
    label: str
    value: Any
    tokens: list = field(default_factory=list)  # (icon, text) pairs: what the answer costs and gives
    card: str | None = None  # a tile name: shown as a tile card
    enabled: bool = True
    swatch: str | None = None  # a terrain: shown as a small hex of that colour with its glyph
    badge: str | None = None  # on a card: the coins lying on it, in a coin at its corner
    note: str | None = None  # on a card: a last line for its tooltip (what it means for this player)
    suggested: bool = False  # the answer of the suggestion being followed ("Do it"): marked

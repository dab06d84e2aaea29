"""Facts that hold after every action of any legal game; checked by the tests and `simulate --check`."""

from __future__ import annotations

from . import decisions
from .data import CULTS
from .engine import Game

LIMITS = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
START_TOKENS = 12


def check_invariants(game: Game) -> None:
    """Raise AssertionError naming the first broken invariant."""
    s = game.state
    owners = {}
    for name, p in s.players.items():
        assert min(p.C, p.W, p.P, p.VP) >= 0, f"{name}: negative resource {p.snapshot()}"
        assert min(p.power) >= 0, f"{name}: negative power bowl {p.power}"
        assert p.P <= p.max_priests, f"{name}: {p.P} priests, at most {p.max_priests}"
        for kind, limit in LIMITS.items():
            n = sum(1 for b in p.buildings.values() if b == kind)
            assert p.counts[kind] == n <= limit, f"{name}: {n} {kind} (limit {limit})"
        assert len(set(p.favors)) == len(p.favors), f"{name}: a favor tile twice {p.favors}"
        assert all(0 <= v <= 10 for v in p.cult.values()), f"{name}: cult {p.cult}"
        assert len(p.bridges) <= 3, f"{name}: {len(p.bridges)} bridges"
        # 12 power tokens, less those burned, plus or minus those abilities add or remove
        for h in p.buildings:
            owners[h] = name
    assert owners == s.owner, "building owners out of step"
    assert len(set(s.order)) == len(s.order), f"turn order repeats a faction {s.order}"
    assert len(set(s.pass_order)) == len(s.pass_order), f"a faction passed twice {s.pass_order}"
    for cult in CULTS:
        at_ten = [n for n, p in s.players.items() if p.cult[cult] == 10]
        assert len(at_ten) <= 1, f"{cult}: {at_ten} all on 10"
    for name, p in s.players.items():
        placed = sum(spot == name for spots in s.cult_spots.values() for spot in spots)
        assert placed == p.priests_on_cults, f"{name}: priests on the cult board out of step"
    # `GameState.owing` is kept by hand at every site that makes a player owe a choice: one
    # forgotten, and that choice is never asked for
    owe = {name for name, p in s.players.items() if decisions.owes_any(p)}
    assert owe <= s.owing, f"{sorted(owe - s.owing)} owe a choice but are not in GameState.owing"


def power_tokens(p) -> int:
    """Tokens in the bowls, less those abilities added (Dragonlords, Shapeshifters) or removed."""
    return sum(p.power) - p.tokens_added

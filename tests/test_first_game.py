"""The rulebook's introductory game (seeds 000/001, "Primera partida"): its factions by player
count, fixed tiles, and starting dwellings that leave every faction room to build at once."""

import random

import pytest

from tmdesktop.rules import actions as A
from tmdesktop.rules.first_game import first_game, first_game_setup, preplaced

# The rulebook's lists (000 "Asignación de facciones", 001 "Prima partita").
RULEBOOK_FACTIONS = {
    2: ["witches", "nomads"],
    3: ["witches", "nomads", "alchemists"],
    4: ["witches", "nomads", "halflings", "mermaids"],
    5: ["witches", "nomads", "halflings", "mermaids", "giants"],
}
BONUS_COUNT = {2: 5, 3: 6, 4: 7, 5: 8}  # the rulebook's table of bonus tiles per player count


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rulebook_factions_with_their_dwellings_placed(players):
    game = first_game(players, tuple(f"P{i}" for i in range(players)))
    assert game.state.seats == RULEBOOK_FACTIONS[players]
    assert len(game.setup.bonus_tiles) == BONUS_COUNT[players]
    for f in RULEBOOK_FACTIONS[players]:
        p = game.player(f)
        assert list(p.buildings.values()) == ["D"] * (3 if f == "nomads" else 2)
        assert all(game.board.terrain(h) == p.home for h in p.buildings)
    # every placement is a logged Build, and the last player chooses the first bonus tile
    assert sum(isinstance(a, A.Build) for _f, a in game.log) == players * 2 + 1
    d = game.to_act()
    assert (d.kind, d.faction) == ("bonus", RULEBOOK_FACTIONS[players][-1])


def test_the_same_first_game_every_time():
    assert first_game(4).digest() == first_game(4).digest()


def way_to_build(game, f, depth=3):
    """The free actions (burning power, converting) after which `f` may build, or None."""
    if game.legal_actions(f, only=A.Build):
        return []
    if depth == 0:
        return None
    for a in game.legal_actions(f, only=A.Burn) + game.legal_actions(f, only=A.Convert):
        trial = game.copy()
        trial.apply(f, a)
        rest = way_to_build(trial, f, depth - 1)
        if rest is not None:
            return [a] + rest
    return None


def builder_step(game, rng):
    """Random legal play by players who build whenever they can this turn."""
    d = game.to_act()
    path = way_to_build(game, d.faction) if d.kind in ("action", "leech") else None
    if path is not None:
        for a in path:
            game.apply(d.faction, a)
        game.apply(d.faction, rng.choice(game.legal_actions(d.faction, only=A.Build)))
        return
    actions = game.legal_actions(d.faction)
    busy = [a for a in actions if not isinstance(a, (A.Pass, A.Done, A.Convert, A.Burn))]
    game.apply(d.faction, rng.choice(busy if busy and rng.random() < 0.9 else actions))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_faction_builds_in_round_one_of_random_play(players, seed):
    rng = random.Random(seed)
    game = first_game(players)
    start = {f: len(game.player(f).buildings) for f in game.state.seats}
    for _ in range(3000):
        if game.state.round >= 2:
            break
        builder_step(game, rng)
    assert game.state.round == 2
    for f in game.state.seats:
        assert len(game.player(f).buildings) > start[f], f"{f} built nothing in round 1"


def first_turn_of(game, faction):
    """Play to `faction`'s first turn of round 1: the first bonus tile listed, everyone before passes."""
    while True:
        d = game.to_act()
        if d.kind == "action" and d.faction == faction:
            return game
        ends = game.legal_actions(d.faction, only=A.Pass) or game.legal_actions(d.faction, only=A.Done)
        game.apply(d.faction, ends[0])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_faction_can_offer_power_with_its_first_upgrade(players):
    for f in RULEBOOK_FACTIONS[players]:
        game = first_turn_of(first_game(players), f)
        offers = set()
        for up in game.legal_actions(f, only=A.Upgrade):
            trial = game.copy()
            trial.apply(f, up)
            offers |= {d.faction for d in trial.decisions() if d.kind == "leech"}
        assert offers - {f}, f"{f} has no neighbour to offer power to"


def test_only_the_first_game_counts_its_dwellings_as_setup_also_after_a_save():
    from tmdesktop.rules.setup import GameSetup
    from tmdesktop.saves import setup_from_dict, setup_to_dict

    setup = first_game_setup(3, ("Ana", "Bo", "Cy"))
    assert preplaced(setup) == 7  # Witches 2, Nomads 3, Alchemists 2
    assert preplaced(setup_from_dict(setup_to_dict(setup))) == 7
    assert preplaced(GameSetup.random(3, 1, factions=("witches", "nomads", "alchemists"))) == 0

"""What the legal listing keeps between calls (the reach of a state, the narrowed listings `apply`
checks against, the listings of one kind a search asks for) equals a fresh computation; so do
one faction's decision worked out alone, the factions deciding found without their decisions and
the networks kept for area scoring."""

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tmdesktop.rules import actions as A
from tmdesktop.rules import final_scoring, legal, terrain
from tmdesktop.rules.engine import Game
from tmdesktop.rules.ledger import read_ledger, replay_ledger
from tmdesktop.rules.legal import legal_actions, target_of
from tmdesktop.rules.data import ALL_FACTIONS, faction
from tmdesktop.rules.maps import MAP_KEYS, TERRAINS
from tmdesktop.rules.resources import conversion_rates
from tmdesktop.rules.setup import GameSetup
from tmdesktop.rules.terrain import spades_to_turn
from tmdesktop.rules.random_play import random_step

from tests.conftest import CORPUS
from tests.positions import random_position
from tests.test_fast_state import FIRE_ICE

KINDS = (A.Build, A.Transform, A.Upgrade, A.UseAction, A.Dig, A.Convert, A.Burn, A.Done, A.Pass,
         A.SendPriest, A.PlaceBridge, A.Leech, A.Decline, A.TakeTile, A.CultStep, A.Advance,
         A.DiscardSpade, A.Connect, A.PickColor, A.UnlockTerrain, A.TokenForVP)


def fresh(game: Game) -> Game:
    """A copy that keeps nothing from earlier listings."""
    other = game.copy()
    other._legal_cache = {}
    return other


def check_position(game: Game, rng: random.Random) -> None:
    # the factions deciding, found without making the decisions (random play), are the decisions'
    assert fresh(game).waiting_for() == [d.faction for d in fresh(game).decisions()]
    pending = game.decisions()
    for who in [None, *game.state.players]:
        # one faction's decision worked out alone (what a legality check asks) is its first in the list
        first = next((d for d in pending if d.faction == who), None)
        alone = fresh(game).decision_of(who)
        assert (alone and (alone.kind, alone.faction, alone.why)) == (first and (first.kind, first.faction, first.why))
        full = fresh(game).legal_actions(who)
        for kind in KINDS:
            # a listing of one kind: computed alone, from a warm cache, and filtered from the full one
            alone = fresh(game).legal_actions(who, only=kind)
            assert alone == [a for a in full if type(a) is kind], (who, kind)
            assert game.legal_actions(who, only=kind) == alone
        # two kinds listed together (random play's builds and upgrades): each kind's actions in turn
        for kinds in ((A.Build, A.Upgrade), (A.Upgrade, A.Transform, A.Dig), (A.Convert, A.Done)):
            together = fresh(game).legal_actions(who, only=kinds)
            assert together == [a for kind in kinds for a in full if type(a) is kind], (who, kinds)
        # narrowed to one hex or name (what `apply` checks): exactly the full listing's actions there
        targets = {target_of(a) for a in full} - {None}
        targets |= set(rng.sample(sorted(game.board.land), 5)) | {"ACT1", "BON1", "FAV6", "ACTW", "r0"}
        for at in targets:
            for kind in (A.Build, A.Transform, A.Upgrade, A.UseAction):
                narrowed = legal_actions(fresh(game), who, kind, at)
                assert narrowed == [a for a in full if type(a) is kind and target_of(a) == at], (who, kind, at)
        assert game.legal_actions(who) == full
    # the reach kept for a state is the rule's own answer, hex by hex
    for p in game.state.players.values():
        # the spades affordable at once are the most n for which n spades' cost is affordable
        if legal._can_dig(p):
            for extra in ({}, p.faction.cost("D"), {"W": 1}, {"PW": 2}):
                n = 0
                while n < legal.MAX_SPADES and legal._affordable(p, legal._dig_cost(p.name, p.dig, n + 1), extra):
                    n += 1
                assert legal._most_spades_dug(p, extra) == n, (p.name, extra)
            # `dig N` is listed only for N whose spades are affordable (the first few) and that one
            # transformation can use with the spades held: up to three, exactly two for the Giants
            # (for a tunnel or carpet, only if the hexes reached directly or that way allow it; and
            # never where no free hex in reach can take them: tests/test_site_rules.py)
            most = 1 if p.home == "volcano" else 3 - p.spades
            affordable = [A.Dig(n) for n in range(1, most + 1)
                          if legal._affordable(p, legal._dig_cost(p.name, p.dig, n))
                          and (p.name != "giants" or p.spades + n == 2)]
            listed = list(legal._digs(game, p, [A.Done()]))
            assert listed == [d for d in affordable if d in listed]
        # the upgrades kept by the buildings and what is affordable are those of each building alone
        assert list(legal._upgrades(game, p)) == [u for h in p.buildings for u in legal._upgrades(game, p, h)], p.name
        game.legal_actions(p.name, only=A.Transform)  # (fills the kept reach of a player on turn)
        kept = game._legal_cache.get(legal._REACH_KEY[p.name])
        reach = game.reach_map(p)
        if kept is not None:
            assert kept == reach and list(kept) == sorted(reach, key=game.board.land_index.__getitem__)
        for h in game.board.land:
            reached, by_teleport = game.reach(p, h)
            assert reached == (h in reach) and (not reached or by_teleport == reach[h]), (p.name, h)
        # the networks kept by what they depend on are the rule's own answer
        assert sorted(map(sorted, final_scoring.networks(game, p))) == \
            sorted(map(sorted, final_scoring._networks(game, p))), p.name


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), map_key=st.sampled_from(MAP_KEYS),
       steps=st.integers(0, 250))  # (random games of 2-5 players end in 100-300 actions)
@example(seed=195, players=5, map_key="fjords", steps=62)  # (a turn of nobody: income unlocks first)
def test_kept_listings_and_reach_equal_a_fresh_computation(seed, players, map_key, steps):
    game = random_position(seed, players, map_key, steps, FIRE_ICE)
    rng = random.Random(seed + 1)
    for _ in range(6):  # the position and a few after it, each listed through a kept cache
        check_position(game, rng)
        if game.finished:
            break
        game.apply(*random_step(game, rng))


def pairwise_networks(game: Game, p) -> list[set[str]]:
    """The networks as the rule reads, pair by pair of buildings: linked when adjacent (bridges
    included) or joined by a river skip, within shipping range, or within tunnel or carpet range."""
    board = game.board
    rng = game.teleport_range(p) if p.faction.teleport else -1
    links = final_scoring.river_links(game, p)

    def linked(a: str, b: str) -> bool:
        if b in game.adjacent(a) or b in links.get(a, ()):
            return True
        d = board.ship_distance[a].get(b)
        if d is not None and d <= p.ship:
            return True
        return rng >= 0 and board.grid_distance[a].get(b, 99) - 1 <= rng

    return final_scoring._components(list(p.buildings), linked)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), map_key=st.sampled_from(MAP_KEYS))
def test_kept_networks_and_bridge_slots_equal_a_fresh_computation_through_a_whole_game(seed, players, map_key):
    # every position of a game: shipping, carpets, towns, bridges and river skips change the
    # networks of buildings that were kept earlier in the game
    rng = random.Random(seed)
    game = random_position(seed, players, map_key, 0, FIRE_ICE)
    while not game.finished:
        game.apply(*random_step(game, rng))
        s = game.state
        for p in game.state.players.values():
            assert sorted(map(sorted, final_scoring.networks(game, p))) == \
                sorted(map(sorted, final_scoring._networks(game, p))), p.name
            # the networks found from each building's links at once are the pairwise rule's
            assert final_scoring._networks(game, p) == pairwise_networks(game, p), p.name
            # the bridge slots looked up from the faction's buildings: any free slot touching one
            assert game.free_bridge_slot(p) == any(pair not in s.bridges and any(s.owner.get(h) == p.name for h in pair)
                                                   for pair in game.board.bridge_slots), p.name


def test_kept_river_towns_equal_a_fresh_computation_in_tournament_games():
    # the Mermaids' river skips that found a town, kept by what they depend on, at every position
    # of the corpus games where they join towns across a river (random play hardly ever does)
    paths = [p for p in sorted(CORPUS.glob("*.txt")) if "connect r" in p.read_text(encoding="utf-8")]
    assert paths
    found = 0
    for path in paths[:3]:
        full, mismatch = replay_ledger(read_ledger(path.read_text(encoding="utf-8")))
        assert mismatch is None
        game = Game(full.setup)
        for who, action in full.log[len(game.log):]:
            mermaids = game.state.players.get("mermaids")
            if mermaids is not None:
                kept = list(legal._connects(game, mermaids))
                assert kept == legal._town_connects(game, mermaids)
                found += bool(kept)
            game.apply(who, action)
    assert found  # (positions where a river skip founds a town were met)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), map_key=st.sampled_from(MAP_KEYS))
def test_kept_spades_equal_a_fresh_computation(seed, map_key):
    # the spades each faction needs per terrain and target, kept by faction, home and colour, at
    # every tenth position of a game with the factions that bend the spade rules or pick colours
    rng = random.Random(seed)
    game = Game(GameSetup.random(4, seed, map_key=map_key, options=FIRE_ICE,
                                 factions=("giants", "nomads", "icemaidens", "shapeshifters")))
    steps = 0
    while not game.finished:
        game.apply(*random_step(game, rng))
        steps += 1
        if steps % 10 == 0:
            for p in game.state.players.values():
                for current in TERRAINS:
                    for target in TERRAINS + (("ice",) if p.home == "ice" and p.color else ()):
                        assert spades_to_turn(p, current, target) == terrain._spades_to_turn(p, current, target)


def test_kept_networks_follow_a_shipping_advance_that_joins_groups():
    # tournament players advance shipping to join groups across the river; random play seldom
    # does, so the kept networks are checked right after every shipping advance of corpus games,
    # asked for both before and after it (a key without the shipping level would answer the old)
    joined = 0
    for path in sorted(CORPUS.glob("*.txt"))[:12]:
        full, mismatch = replay_ledger(read_ledger(path.read_text(encoding="utf-8")))
        assert mismatch is None
        game = Game(full.setup)
        for who, action in full.log[len(game.log):]:
            p = game.state.players.get(who) if who else None
            before = final_scoring.networks(game, p) if p is not None and action == A.Advance("ship") else None
            game.apply(who, action)
            if before is not None:
                fresh = final_scoring._networks(game, p)
                assert sorted(map(sorted, final_scoring.networks(game, p))) == sorted(map(sorted, fresh)), path.name
                joined += len(fresh) < len(before)
        if joined >= 3:
            break
    assert joined >= 3  # (advances that joined two groups were met)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(ALL_FACTIONS), C=st.integers(0, 150), W=st.integers(0, 90),
       P=st.integers(0, 7), VP=st.integers(0, 200), bowl3=st.integers(0, 80),
       max_priests=st.integers(0, 7), w_to_p=st.integers(0, 3))
def test_conversions_listed_from_made_tables_are_every_amount_affordable(name, C, W, P, VP, bowl3,
                                                                          max_priests, w_to_p):
    # the conversions sliced from tables made once per faction (and made afresh beyond them) are,
    # rate by rate in the faction's order, every amount from 1 to what the resources pay for
    have = {"C": C, "W": W, "P": P, "VP": VP, "PW": bowl3}
    locked = faction(name).special.get("locked_terrain")
    expected = []
    for (give, get), rate in conversion_rates(name).items():
        most = have[give] // rate
        if get == "P" and not locked:
            most = min(most, max_priests - P)
        expected += [A.Convert(rate * n, give, n, get) for n in range(1, most + 1)]
    expected += [A.Convert(n, "W", n, "P") for n in range(1, min(w_to_p, W) + 1)]  # (the Darklings' SH)
    # made afresh (the conversions kept by bowl III and by the other resources forgotten), then kept
    legal._power_exchanges.cache_clear()
    legal._other_exchanges.cache_clear()
    assert list(legal._exchanges(name, C, W, P, VP, bowl3, max_priests, w_to_p)) == expected
    assert list(legal._exchanges(name, C, W, P, VP, bowl3, max_priests, w_to_p)) == expected


def test_power_actions_are_the_same_listed_without_the_least_power_skip(monkeypatch):
    """A listing looks at the power actions only when bowl III holds the least power one costs
    (`legal._LEAST_POWER`, per faction): through random games (Fire & Ice factions on every map
    too), the actions listed are those listed without that skip."""
    setups = [GameSetup.random(4, seed) for seed in range(3)]
    setups += [GameSetup.random(3, seed, map_key=map_key, options=FIRE_ICE) for seed, map_key in enumerate(MAP_KEYS)]
    for setup in setups:
        rng = random.Random(setup.seed)
        game = Game(setup)
        while not game.finished:
            s = game.state
            if s.phase == "play" and s.turn.faction is not None:
                p = s.players[s.turn.faction]
                skipped = legal._special_actions(game, p)
                with monkeypatch.context() as m:
                    m.setattr(legal, "_LEAST_POWER", dict.fromkeys(legal._LEAST_POWER, 0))
                    assert legal._special_actions(game, p) == skipped
            game.apply(*random_step(game, rng))


def test_tables_per_faction_hold_every_factions_values_made_afresh():
    # (`legal._per_faction`: plain dicts filled for every faction when the module is loaded)
    assert legal._FACTION_TABLES
    for table, make in legal._FACTION_TABLES:
        assert set(table) == set(ALL_FACTIONS)
        for name in ALL_FACTIONS:
            assert table[name] == make(name), (make.__name__, name)


def test_reach_kept_with_the_players_follows_undos_and_copies():
    """The reach a player keeps from one state to the next (told apart by the counts of what only
    grows: buildings, towns, bridges) is the rule's own answer through random games whose
    actions are undone and whose copies go their own way."""
    rng = random.Random(5)
    for seed in range(3):
        game = Game(GameSetup.random(4, seed))
        steps = 0
        while not game.finished and steps < 500:
            game.apply(*random_step(game, rng))
            steps += 1
            if steps % 7 == 0 and len(game.log) > 20:
                game.undo(rng.randint(1, 4))  # (another build may follow: the same counts)
            if steps % 11 == 0:
                game = game.copy()
            if game.state.phase == "play":
                for p in game.state.players.values():
                    reach = game.reach_map(p)
                    assert legal._reach(game, p) == reach, (seed, steps, p.name)

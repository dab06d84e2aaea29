"""Fire & Ice: the worked examples of seed 004, the final scoring tiles, variable turn order,
log export/import and bad logs."""

import json

import pytest

from tmdesktop.rules import actions as A
from tmdesktop.rules import final_scoring
from tmdesktop.rules.engine import Game
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.scoring import rank_points
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup
from tmdesktop.rules.sitelog import LogError, export_log, import_log
from tmdesktop.simulate_cli import main as simulate

FI = TOURNAMENT_OPTIONS | {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
                           "fire-and-ice-factions/variable_v5"}
SCORES = ("SCORE5", "SCORE8", "SCORE4", "SCORE9", "SCORE6", "SCORE2")
BONUS = ("BON3", "BON4", "BON5", "BON6", "BON7", "BON8", "BON9")


def game_with(factions, picks=(), **kw):
    g = Game(GameSetup(players=len(factions), options=kw.pop("options", FI), score_tiles=SCORES,
                       bonus_tiles=BONUS, **kw))
    picks = dict(picks)
    for f in factions:
        g.apply(None, A.ChooseFaction(f))
        if f in picks and g.waiting_for() == [f]:
            g.apply(f, A.PickColor(picks.pop(f)))
        if g.player(f).favors_owed:  # the Ice Maidens take their favor tile with the faction
            g.apply(f, A.TakeTile("FAV11"))
    for f, color in picks.items():  # volcano factions choose after everybody
        g.apply(f, A.PickColor(color))
    return g


def hex_of(g, terrain):
    return next(h for h in g.board.land if g.state.terrain[h] == terrain and h not in g.state.owner)


def test_ice_maidens_terrain_cost_example():
    """004: ice ring on forest: 1 spade for forest, mountains or lakes; 2 for wasteland or swamp;
    3 for desert or plains."""
    g = game_with(["icemaidens", "nomads"], {"icemaidens": "green"}, options=FI)
    p = g.player("icemaidens")
    cost = {t: g.spades_needed(p, hex_of(g, t), "ice") for t in
            ("green", "gray", "blue", "red", "black", "yellow", "brown")}
    assert cost == {"green": 1, "gray": 1, "blue": 1, "red": 2, "black": 2, "yellow": 3, "brown": 3}


def test_shapeshifters_terrain_example_and_forbidden_colours():
    """004: with the witches in play, the Shapeshifters may not take forest; on wasteland they
    need 1 spade for mountains or desert, 2 for forest or plains, 3 for swamp or lakes."""
    g = game_with(["witches", "shapeshifters"])
    assert g.waiting_for() == ["shapeshifters"]
    with pytest.raises(RuleError) as err:
        g.apply("shapeshifters", A.PickColor("green"))
    assert err.value.code == "color_taken"
    assert A.PickColor("green") not in g.legal_actions("shapeshifters")
    g.apply("shapeshifters", A.PickColor("red"))
    p = g.player("shapeshifters")
    cost = {t: g.spades_needed(p, hex_of(g, t), "red") for t in ("gray", "yellow", "green", "brown", "black", "blue")}
    assert cost == {"gray": 1, "yellow": 1, "green": 2, "brown": 2, "black": 3, "blue": 3}


def test_ice_pick_forbids_that_home_terrain_to_later_factions():
    """004: Pol takes the Ice Maidens on forest, so Charlie can play neither Witches nor Auren;
    wasteland and swamp were not available to Pol (Giants, Darklings already in)."""
    g = game_with(["giants", "darklings", "icemaidens"], options=FI, players_override=None) \
        if False else Game(GameSetup(players=4, options=FI, score_tiles=SCORES, bonus_tiles=BONUS))
    for f in ("giants", "darklings", "icemaidens"):
        g.apply(None, A.ChooseFaction(f))
    for c in ("red", "black"):
        with pytest.raises(RuleError) as err:
            g.apply("icemaidens", A.PickColor(c))
        assert err.value.code == "color_taken"
    g.apply("icemaidens", A.PickColor("green"))
    with pytest.raises(RuleError) as err:  # their starting favor tile comes before the next pick
        g.apply(None, A.ChooseFaction("nomads"))
    assert err.value.code == "favor_pending" and err.value.params == {"faction": "icemaidens"}
    g.apply("icemaidens", A.TakeTile("FAV11"))
    for f in ("witches", "auren"):
        with pytest.raises(RuleError) as err:
            g.apply(None, A.ChooseFaction(f))
        assert err.value.code == "home_terrain_taken" and err.value.params == {"terrain": "green"}
    offered = {a.faction for a in g.legal_actions(None)}
    assert "nomads" in offered and not offered & {"witches", "auren"}


def test_ice_dwellings_turn_their_hexes_to_ice_and_ice_never_changes_again():
    g = game_with(["icemaidens", "witches"], {"icemaidens": "gray"})
    assert g.player("icemaidens").favors == ["FAV11"]  # their starting favor tile
    h = hex_of(g, "gray")
    g.apply("icemaidens", A.Build(h))
    assert g.state.terrain[h] == "ice"
    with pytest.raises(RuleError) as err:
        g.spades_needed(g.player("witches"), h, "green")
    assert err.value.code == "terrain_fixed"


def _board_with(buildings):
    """A finished-looking position: each faction's buildings placed directly (scoring unit tests)."""
    factions = list(buildings)
    g = Game(GameSetup(players=len(factions), score_tiles=SCORES, bonus_tiles=BONUS, factions=tuple(factions)))
    for f, placed in buildings.items():
        for h, kind in placed.items():
            g._place(g.player(f), h, kind)
    return g


def test_final_tile_settlements_7_6_4_give_18_12_6():
    assert rank_points({"fakirs": 7, "mermaids": 6, "witches": 4, "giants": 0}, (18, 12, 6)) == \
        {"fakirs": 18, "mermaids": 12, "witches": 6}


def test_final_tile_distances_12_12_8_give_15_15_6():
    assert rank_points({"mermaids": 12, "fakirs": 12, "witches": 8, "giants": 5}, (18, 12, 6)) == \
        {"mermaids": 15, "fakirs": 15, "witches": 6}


def test_final_tile_edge_3_3_3_gives_12_each():
    assert rank_points({"mermaids": 3, "fakirs": 3, "witches": 3, "giants": 1}, (18, 12, 6)) == \
        {"mermaids": 12, "fakirs": 12, "witches": 12}


def test_final_tile_stronghold_sanctuary_4_and_3_and_none():
    assert rank_points({"witches": 4, "giants": 3, "mermaids": 0, "fakirs": 0}, (18, 12, 6)) == \
        {"witches": 18, "giants": 12}


def test_final_tile_measures_on_the_map():
    # witches: a line A1..A5 (direct neighbours) plus A7, linked to A5 by shipping 1 across... no:
    # keep it on land: one network A1-A2-A3, and a separate cluster far away
    g = _board_with({"witches": {"A1": "D", "A2": "SH", "A3": "D", "I12": "SA"}, "giants": {"E5": "D"}})
    w = g.player("witches")
    assert final_scoring.network_size(g, w) == 3
    assert final_scoring.final_tile_metric(g, w, "connected-distance") == 2  # A1 to A3
    assert final_scoring.final_tile_metric(g, w, "building-on-edge") == 3  # A1 A2 A3 (row A)
    assert final_scoring.final_tile_metric(g, w, "connected-clusters") == 1
    # the sanctuary is not in the largest network: no stronghold-sanctuary distance
    assert final_scoring.final_tile_metric(g, w, "connected-sa-sh-distance") == 0
    # four separate river-bank settlements joined into one network by shipping 2
    g2 = _board_with({"mermaids": {"A3": "D", "B2": "D", "B1": "SH", "C1": "SA"}, "giants": {"F6": "D"}})
    m = g2.player("mermaids")
    m.ship = 2
    assert final_scoring.network_size(g2, m) == 4
    assert final_scoring.final_tile_metric(g2, m, "connected-clusters") == 4
    assert final_scoring.final_tile_metric(g2, m, "connected-sa-sh-distance") == g2.board.hex_distance("B1", "C1") > 0
    m.ship = 0
    assert final_scoring.network_size(g2, m) == 1
    assert final_scoring.final_tile_metric(g2, m, "connected-clusters") == 1


def _growth(g, f):
    return next(a for a in g.legal_actions(f) if isinstance(a, (A.Upgrade, A.SendPriest, A.UseAction)))


def _pass(g, f):
    for other in g.state.players:
        for offer in list(g.player(other).leech_offers):
            g.apply(other, A.Decline(offer.amount, offer.source))
    g.apply(f, next(a for a in g.legal_actions(f) if isinstance(a, A.Pass)))
    g.apply(f, A.Done())


def test_variable_turn_order_example():
    """004: Acolytes, Auren, Nomads in that order; the Auren pass first, then the Acolytes: round 2
    starts with the Auren, then the Acolytes, the Nomads still last."""
    g = Game(GameSetup(players=3, options=FI, score_tiles=SCORES, bonus_tiles=BONUS,
                       factions=("acolytes", "auren", "nomads")))
    g.apply("acolytes", A.PickColor("gray"))
    for f in ("acolytes", "auren", "nomads", "nomads", "auren", "acolytes", "nomads"):
        g.apply(f, next(a for a in g.legal_actions(f) if isinstance(a, A.Build)))
    for f in ("nomads", "auren", "acolytes"):
        g.apply(f, next(a for a in g.legal_actions(f) if isinstance(a, A.Pass)))
    assert g.state.order == ["acolytes", "auren", "nomads"]
    g.apply("acolytes", _growth(g, "acolytes"))
    g.apply("acolytes", A.Done())
    _pass(g, "auren")
    g.apply("nomads", _growth(g, "nomads"))
    g.apply("nomads", A.Done())
    _pass(g, "acolytes")
    _pass(g, "nomads")
    assert g.state.round == 2 and g.state.order == ["auren", "acolytes", "nomads"]


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_export_then_import_reproduces_every_state(tmp_path, seed, capsys):
    assert simulate(["--games", "1", "--seed", str(seed), "--factions", "all", "--export", str(tmp_path)]) == 0
    line = json.loads(capsys.readouterr().out.strip())
    text = (tmp_path / f"game-{seed}.txt").read_text()
    assert text.startswith("# map ")
    game = import_log(text)
    assert {n: p.VP for n, p in game.state.players.items()} == line["scores"]
    again = import_log(export_log(game))
    assert again.state == game.state and again.events == game.events


def test_simulate_all_factions_with_invariants(capsys):
    assert simulate(["--games", "20", "--seed", "100", "--factions", "all", "--check"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 20 and all(line["scores"] for line in lines)
    assert len({line["map"] for line in lines}) == 5


BAD_LOGS = {
    "unknown faction": "score SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\nsetup wizards\nsetup witches\n",
    "unknown map": "# map atlantis\nscore SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\nsetup witches\n",
    "unknown option": "option sudden-death\nscore SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\n",
    "illegal colour pick": "option fire-and-ice-factions/ice\nscore SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\n"
                           "player-count 2\nsetup witches\nsetup icemaidens\nicemaidens: pick-color green\n",
    "no scoring tiles": "setup witches\nsetup nomads\n",
}


#: the code, the line it names and the engine's refusal (for a rejected command)
BAD_LOG_REFUSALS = {
    "unknown faction": ("rejected", 2, "unknown_faction"),
    "unknown map": ("unknown_map", 1, None),
    "unknown option": ("unknown_option", 1, None),
    "illegal colour pick": ("rejected", 6, "color_taken"),
    "no scoring tiles": ("no_score_tiles", None, None),
}


@pytest.mark.parametrize("what", sorted(BAD_LOGS))
def test_bad_logs_get_a_clear_error(what):
    with pytest.raises(LogError) as e:
        import_log(BAD_LOGS[what])
    code, line, refusal = BAD_LOG_REFUSALS[what]
    assert e.value.code == code and e.value.params.get("line") == line
    if refusal:
        assert e.value.params["refusal"].code == refusal


def test_revised_starting_vp_and_auction_vp_survive_export_and_import():
    from tmdesktop.rules.auction import Auction, Bid, PassBid, TakeFaction

    base = GameSetup.random(2, 4, options=FI | {"revised-starting-vp"})
    a = Auction(players=2, factions=["fakirs", "witches"], starter=0)
    a.apply(0, Bid(5))
    a.apply(1, PassBid())
    a.apply(0, TakeFaction("fakirs", 1))
    a.apply(1, TakeFaction("witches", 2))
    game = Game(a.game_setup(base))
    assert game.player("fakirs").VP == 35 and game.player("witches").VP == 40
    text = export_log(game)
    assert "revised-starting-vp" not in text and text.startswith("# map original-2017 ")
    back = import_log(text)
    assert back.state == game.state


def test_revised_starting_vp_table():
    g = Game(GameSetup(players=2, options=FI | {"revised-starting-vp"}, score_tiles=SCORES,
                       bonus_tiles=BONUS, factions=("fakirs", "darklings")))
    assert (g.player("fakirs").VP, g.player("darklings").VP) == (33, 15)


def test_final_tiles_count_the_best_network_as_the_site_does():
    """Seed 004 counts only the largest area; the site (whose logs our exports must replay to the
    same scores) takes the best of all networks. Here the largest network (3 buildings inland) has
    no edge building, a smaller one (2 on row A) has two: the site, and the engine, score 2."""
    g = _board_with({"witches": {"E5": "D", "E6": "D", "E7": "D", "A1": "D", "A2": "D"}, "giants": {"I1": "D"}})
    w = g.player("witches")
    assert sorted(len(c) for c in final_scoring.networks(g, w)) == [2, 3]
    assert final_scoring.final_tile_metric(g, w, "building-on-edge") == 2

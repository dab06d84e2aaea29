"""The worked examples of the rulebooks, checked against the rules engine.

Sources (in /work/shared/seeds/): 000 = Spanish base rulebook (Devir, v1.1), 001 = Italian base
rulebook (translation with FAQ addendum), 003 = Spanish rules summary.  Page numbers are those
the rulebooks give in their cross references ("ver ..., en la página N").  Every expected number
below comes from the rulebook's text, not from the engine.

Hexes are labelled as on the original map (/work/shared/reference/maps/original.txt).
"""

from __future__ import annotations

from functools import cache

import pytest

from positions import (CORPUS, QUIET_SCORES, act, corpus_game, corpus_move, new_game, pass_to_the_end,
                       pass_turn, to_move)
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.auction import Auction, Bid, PassBid, TakeFaction
from tmdesktop.rules.data import tile
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.setup import TOURNAMENT_OPTIONS

try:  # the pure ranking function (cults, network); tested through a finished game as well
    from tmdesktop.rules.scoring import rank_points
except ImportError:  # pragma: no cover
    rank_points = None

NO_CULTS = {"FIRE": 0, "WATER": 0, "EARTH": 0, "AIR": 0}


def vp_gained(game, before):
    return {n: p.VP - before[n] for n, p in game.state.players.items()}


# ---------------------------------------------------------------------------------------------
# Final scoring: cult tracks (000 "Puntuación de culto"; 001 "Esempio: 2 giocatori ... spazio 9")


@pytest.mark.skipif(rank_points is None, reason="tmdesktop.rules.scoring.rank_points missing")
def test_cult_tie_at_9_splits_first_and_second_place_pure():
    """000 p. 16 / 001: green and yellow both at 9 on Fire share 8 + 4 = 12, so 6 each; the next
    player is third and scores 2; a player at 0 scores nothing."""
    shares = rank_points({"green": 9, "yellow": 9, "blue": 5, "red": 0}, (8, 4, 2))
    assert shares.get("green") == 6
    assert shares.get("yellow") == 6
    assert shares.get("blue") == 2
    assert shares.get("red", 0) == 0


def _places_shared(places: dict[str, int], points: tuple[int, ...]) -> dict[str, int]:
    """000 p. 16, worked by hand: the best position takes the first points, the next the second
    ...; 'En caso de empate, dividid el total de puntos de victoria que deberían llevarse los
    jugadores empatados entre el número de personas ... (redondeando hacia abajo). Los jugadores
    que estén en la casilla 0 de una escala de culto no obtienen puntos por su posición.'"""
    ranked = sorted((v for v in places.values() if v > 0), reverse=True)
    out = {}
    for name, v in places.items():
        first, tied = (ranked.index(v), ranked.count(v)) if v > 0 else (len(points), 1)
        out[name] = sum(points[first:first + tied]) // tied
    return out


def _cult_scorings():
    """(cult, each faction's position, the VP final scoring gave each for that track) on the
    final positions of the corpus's games."""
    for g, events in _corpus_final_scorings():
        for cult in NO_CULTS:
            places = {n: g.state.players[n].cult[cult] for n in g.state.order}
            yield cult, places, {n: _final_vp(events, n, E.CULT_MAJORITY, cult) for n in places}


def test_cult_tie_at_9_in_final_scoring():
    """000 p. 16: 'El jugador verde y el amarillo han llegado hasta la casilla 9 del culto del
    fuego. Hay que repartir 8 + 4 = 12 puntos ... cada uno consigue 6.'  The next player then
    takes the 2 VP of third place.  Every cult track of the corpus's final positions, with the
    8/4/2 VP of a four-player game; among them are ties for first place."""
    ties_for_first = 0
    for cult, places, got in _cult_scorings():
        assert got == _places_shared(places, (8, 4, 2)), (cult, places)
        best = max(places.values())
        if best > 0 and list(places.values()).count(best) == 2:
            ties_for_first += 1
            assert sorted(got.values(), reverse=True)[:2] == [6, 6]
    assert ties_for_first


def test_cult_track_at_zero_scores_nothing():
    """000 p. 16: 'Los jugadores que estén en la casilla 0 de una escala de culto no obtienen
    puntos por su posición.'  A two-player game played by passing to the end: the Witches stay
    on their starting Air 2, the Nomads on Fire 1 and Earth 1 (000 faction boards).  Each leads
    its tracks (8 VP); the other, at 0 there, does not take second place's 4, and on Water,
    where both are at 0, nobody scores."""
    g = new_game(("witches", "nomads"), {"witches": ["A3", "C4"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    events = pass_to_the_end(g)
    w, n = g.state.players["witches"], g.state.players["nomads"]
    assert w.cult == {**NO_CULTS, "AIR": 2} and n.cult == {**NO_CULTS, "FIRE": 1, "EARTH": 1}
    got = {(f, c): _final_vp(events, f, E.CULT_MAJORITY, c) for f in ("witches", "nomads") for c in NO_CULTS}
    assert got == {("witches", "FIRE"): 0, ("witches", "WATER"): 0, ("witches", "EARTH"): 0, ("witches", "AIR"): 8,
                   ("nomads", "FIRE"): 8, ("nomads", "WATER"): 0, ("nomads", "EARTH"): 8, ("nomads", "AIR"): 0}


# ---------------------------------------------------------------------------------------------
# Final scoring: area (000 "Uno de los jugadores tiene 10 estructuras conectadas ...")

def _largest_network(g, p, ship: int) -> int:
    """p's largest group of buildings worked out from the map (000 p. 16): sharing an edge,
    joined by one of p's bridges, or reached across at most `ship` river hexes."""
    board, hexes = g.board, set(p.buildings)
    bridges = {pair for pair, owner in g.state.bridges.items() if owner == p.name}

    def linked(a, b):
        return b in board.land_neighbours[a] or frozenset((a, b)) in bridges \
            or board.ship_distance[a].get(b, ship + 1) <= ship

    best, seen = 0, set()
    for h in hexes - seen:
        if h in seen:
            continue
        group, stack = {h}, [h]
        while stack:
            x = stack.pop()
            for y in hexes - group:
                if linked(x, y):
                    group.add(y)
                    stack.append(y)
        seen |= group
        best = max(best, len(group))
    return best


def _area_scorings():
    """(name, game before final scoring, area VP each faction got) for the corpus games whose
    factions join buildings only by edges, bridges and shipping (no tunnels, carpets or the
    Mermaids' river skips, left out of the map reading above)."""
    names = [p.name for p in sorted(CORPUS.glob("*.txt")) if isinstance(corpus_move(p.name, -1)[1], A.Done)]
    for name, (g, events) in zip(names, _corpus_final_scorings(), strict=True):
        ps = g.state.players
        if any(p.faction.teleport or n == "mermaids" for n, p in ps.items()):
            continue
        yield name, g, {n: _final_vp(events, n, E.AREA) for n in ps}


def test_area_scoring_one_with_10_three_tied_with_9():
    """000 p. 16: 'Uno de los jugadores tiene 10 estructuras conectadas, una más que sus tres
    rivales (empatados con 9). El primer jugador consigue 18 puntos de victoria. El resto
    debería conseguir 12 + 6 + 0 = 18 ... cada uno de ellos obtiene 6 puntos.'
    (001 tells the same example with 16 and 15 buildings.)  The sharing worked by hand on the
    rulebook's numbers, then every area scoring of the corpus's final positions (18/12/6 VP,
    ties among them, three players tied for first once)."""
    assert _places_shared({"a": 10, "b": 9, "c": 9, "d": 9}, (18, 12, 6)) == {"a": 18, "b": 6, "c": 6, "d": 6}
    if rank_points is not None:
        shares = rank_points({"a": 10, "b": 9, "c": 9, "d": 9}, (18, 12, 6))
        assert {n: shares.get(n, 0) for n in "abcd"} == {"a": 18, "b": 6, "c": 6, "d": 6}
    ties = three_first = 0
    for name, g, got in _area_scorings():
        sizes = {n: _largest_network(g, p, p.ship) for n, p in g.state.players.items()}
        assert got == _places_shared(sizes, (18, 12, 6)), (name, sizes)
        ranked = sorted(sizes.values(), reverse=True)
        ties += len(set(ranked)) < len(ranked)
        three_first += ranked[0] == ranked[2] != ranked[3]
    assert ties >= 10 and three_first


def test_area_scoring_counts_shipping_links_but_not_bonus_tile_shipping():
    """000 p. 16 (Puntuación de área): structures count as connected when indirectly adjacent
    with the shipping value (1 jumps one river hex; 2 adjacent river hexes need value 2).
    000 Appendix IV (BON4): 'En la sexta ronda, esta última bonificación no tiene efecto de cara
    a la puntuación final.'  On the corpus's final positions shipping joins buildings the map
    alone does not; then a two-player game where the Witches, on C3 and C4 (one river hex
    apart), hold BON4 in round 6: their area stays 1, tied with the Nomads' three lone
    dwellings, and the two share 18 + 12."""
    by_shipping = 0
    for name, g, got in _area_scorings():
        ps = g.state.players
        sizes = {n: _largest_network(g, p, p.ship) for n, p in ps.items()}
        assert got == _places_shared(sizes, (18, 12, 6)), name
        by_shipping += sum(_largest_network(g, p, 0) < sizes[n] for n, p in ps.items())
    assert by_shipping

    g = new_game(("witches", "nomads"), {"witches": ["C3", "C4"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    board = g.board
    assert "C4" not in board.land_neighbours["C3"] and board.ship_distance["C3"]["C4"] == 1
    assert all(board.ship_distance[a][b] > 1 for a, b in (("B1", "B4"), ("B4", "B6"), ("B1", "B6")))
    events = pass_to_the_end(g, {(5, "witches"): "BON4"})
    assert g.finished and g.state.players["witches"].ship == 0
    assert {n: _final_vp(events, n, E.AREA) for n in ("witches", "nomads")} == {"witches": 15, "nomads": 15}


# ---------------------------------------------------------------------------------------------
# Power bowls (000 p. 9 "Cuencos de poder"; 001 "Le polle del potere")


def test_gaining_3_power_with_2_tokens_in_bowl_I():
    """000 p. 9: 'Si este jugador consigue 3 puntos de poder, primero tendrá que mover 2
    contadores del cuenco I al cuenco II, tras lo que aún deberá mover otro contador del cuenco
    II al cuenco III.'  ... 'dispone de ... contadores para realizar una acción de poder.'
    Reached in a tournament game: the Witches, with 2/10/0, take 3 power from the Cultists;
    then they burn 2 and spend the 3 in bowl III on a power action."""
    game = "4pLeague_S61_D1L1_G5.txt"
    g = corpus_game(game, 57)
    w = g.state.players["witches"]
    assert corpus_move(game, 57) == ("witches", A.Leech(3, "cultists"))
    assert w.power == [2, 10, 0] and w.leech_offers[0].amount == 3
    g.apply("witches", A.Leech(3, "cultists"))
    assert w.power == [0, 11, 1]
    # ... and the power in bowl III pays for a power action in the Witches' turn.
    assert to_move(g) == "witches" and corpus_move(game, 58) == ("witches", A.Burn(2))
    g.apply("witches", A.Burn(2))
    assert w.power == [0, 7, 3]
    assert A.UseAction("ACT2") in g.legal_actions("witches")
    g.apply("witches", A.UseAction("ACT2"))  # (3 power)
    assert w.power == [3, 7, 0]


def test_no_power_gained_when_all_tokens_are_in_bowl_III():
    """000 p. 9 rule 3: 'Cuando todos los contadores estén en el cuenco III, ya no podrás
    conseguir más puntos de poder.'  A power gain then moves nothing (and a leech costs no VP).
    Reached in a tournament game: the Engineers, all 9 tokens in bowl III, take the Mermaids'
    offer of 2."""
    game = "4pLeague_S60_D1L1_G1.txt"
    g = corpus_game(game, 315)
    e = g.state.players["engineers"]
    assert corpus_move(game, 315) == ("engineers", A.Leech(2, "mermaids"))
    assert e.power == [0, 0, 9] and e.leech_offers[0].amount == 2
    vp = e.VP
    g.apply("engineers", A.Leech(2, "mermaids"))
    assert e.power == [0, 0, 9]
    assert e.VP == vp


# ---------------------------------------------------------------------------------------------
# Power from neighbouring buildings (000 p. 12 "Ganar puntos de poder mediante estructuras")


def test_leech_example_dwelling_plus_temple_not_trading_house():
    """000 p. 12: 'Las sirenas (azul) tienen que informar a los nómadas (amarillo) de que pueden
    ganar 3 puntos de poder gracias a la morada azul que acaban de construir: 1 punto por la
    morada amarilla y 2 puntos por el templo amarillo. Los nómadas no consiguen nada por el
    puesto de comercio, ya que no es directamente adyacente a la morada de las sirenas.'
    And p. 12 'El precio del poder': 'los nómadas pueden conseguir 3 puntos de poder si pagan 2
    puntos de victoria a cambio.'  The same situation in a tournament game: the Engineers build
    on E9, beside the Darklings' dwelling F5 and temple E10; their trading house G5 is near but
    not adjacent."""
    game = "4pLeague_S62_D1L1_G1.txt"
    g = corpus_game(game, 115)
    d = g.state.players["darklings"]
    beside = g.board.land_neighbours["E9"]
    assert corpus_move(game, 115) == ("engineers", A.Build("E9")) and not g.state.bridges
    assert {h: k for h, k in d.buildings.items() if h in beside} == {"F5": "D", "E10": "TE"}
    assert d.buildings["G5"] == "TP" and "G5" not in beside
    assert d.power == [0, 5, 1]
    g.apply("engineers", A.Build("E9"))
    g.apply("engineers", A.Done())
    assert [(o.source, o.amount) for o in d.leech_offers] == [("engineers", 3)]
    assert g.decision("darklings") == "leech"
    vp = d.VP
    g.apply("darklings", A.Leech(3, "engineers"))
    assert d.VP == vp - 2
    assert d.power == [0, 2, 4]
    assert d.leech_offers == []


def test_no_power_from_own_buildings():
    """000 p. 12: 'Solo obtienes puntos de poder por las estructuras que construyen otros
    jugadores, no por las tuyas.'"""
    g = new_game(("mermaids", "nomads"), {"mermaids": ["H2", "I10"], "nomads": ["D3", "G4", "B6"]},
                 {"mermaids": "BON3", "nomads": "BON9"})
    assert "I10" in g.board.land_neighbours["I11"]
    act(g, "mermaids", "build I11")  # beside their own dwelling I10 (and no one else's)
    assert g.state.players["mermaids"].counts["D"] == 3
    assert g.state.players["mermaids"].leech_offers == []
    assert g.state.players["nomads"].leech_offers == []


@pytest.mark.parametrize("taken, vp_cost", [(1, 0), (2, 1), (3, 2), (4, 3)])
def test_price_of_power(taken, vp_cost):
    """000 p. 12: 'conseguir 1/2/3/4... puntos de poder supone una pérdida de 0/1/2/3... puntos
    de victoria.'  The offers come from a dwelling (1), a trading house (2), a trading house plus a
    dwelling (3) and two trading houses (4) of the Nomads next to E4."""
    g = new_game(("mermaids", "nomads"), {"mermaids": ["H2", "I10"], "nomads": ["D3", "G4", "B6"]},
                 {"mermaids": "BON3", "nomads": "BON9"})
    assert g.board.land_neighbours["E4"] == {"D3", "E3", "E5"}
    # The Mermaids will build on E4, beside the Nomads' D3 and E3; the Nomads build up to it:
    # D3 a dwelling (1), a trading house (2), with a dwelling on E3 (3), and both trading houses (4).
    act(g, "mermaids", "build F2")
    act(g, "nomads", "upgrade G4 to TP" if taken == 1 else "upgrade D3 to TP")
    act(g, "mermaids", "upgrade H2 to TP")
    if taken >= 3:
        act(g, "nomads", "build E3")  # beside the Mermaids' F2: they decline its power
        g.apply("mermaids", A.Decline(1, "nomads"))
    else:
        act(g, "nomads", "upgrade B6 to TP")
    if taken == 4:  # round 2: the trading house on E3
        pass_turn(g, "mermaids")
        pass_turn(g, "nomads")
        act(g, "mermaids", "upgrade I10 to TP")
        act(g, "nomads", "upgrade E3 to TP")
    else:  # the Mermaids' worker for the dwelling: 3 power from 3 burnt
        g.apply("mermaids", A.Burn(3))
        g.apply("mermaids", A.Convert(3, "PW", 1, "W"))
    n = g.state.players["nomads"]
    bowls = list(n.power)
    assert bowls[0] >= taken  # every token comes from bowl I
    act(g, "mermaids", "build E4")
    assert n.leech_offers[0].amount == taken
    vp = n.VP
    g.apply("nomads", A.Leech(taken, "mermaids"))
    assert n.VP == vp - vp_cost
    assert n.power == [bowls[0] - taken, bowls[1] + taken, bowls[2]]


def _nomads_after_an_auction(bid: int, stronghold: bool):
    """A two-player game whose Fire & Ice faction auction (seed 004) the Nomads win with `bid`
    (starting on 40 - bid VP).  In round 1 the Nomads upgrade D3 to a trading house (and, with
    `stronghold`, then to their stronghold) while the Mermaids build elsewhere; then the
    Mermaids take BON1's spade to build on C1, which touches D3 and no other Nomad building.
    Returns the game with the Nomads' power offer pending."""
    auction = Auction(players=2, factions=["nomads", "mermaids"], starter=0)
    auction.apply(0, Bid(bid))
    auction.apply(1, PassBid())
    auction.apply(0, TakeFaction("nomads", 1))
    auction.apply(1, TakeFaction("mermaids", 2))
    # round 1 scores temples only: no VP for the Nomads' upgrades
    scores = ("SCORE9", "SCORE7", "SCORE4", "SCORE2", "SCORE8", "SCORE6")
    g = new_game(("nomads", "mermaids"), {"nomads": ["D3", "B6", "I7"], "mermaids": ["D2", "H2"]},
                 {"nomads": "BON5", "mermaids": "BON1"}, score_tiles=scores,
                 start_vp={f: vp for f, _, vp in auction.results.values()})
    assert g.state.players["nomads"].VP == 40 - bid
    act(g, "nomads", "upgrade D3 to TP")
    g.apply("mermaids", A.Decline(1, "nomads"))  # (D3 touches their D2)
    if stronghold:
        act(g, "mermaids", "dig 1. build I2")
        act(g, "nomads", "upgrade D3 to SH")
        g.apply("mermaids", A.Decline(1, "nomads"))
    nomads_near_c1 = {h for h in g.board.land_neighbours["C1"] if g.state.owner.get(h) == "nomads"}
    assert nomads_near_c1 == {"D3"}
    act(g, "mermaids", "action BON1. build C1")
    return g


def test_leech_never_takes_vp_below_zero():
    """000 p. 12 (Detalles): 'Tras realizar un pago a cambio de puntos de poder, tu número de
    puntos de victoria nunca puede ser negativo ... solo obtienes puntos de poder hasta que tus
    puntos de victoria se reducen a 0.'  With 1 VP (a bid of 39) and 3 power offered (their
    stronghold): 2 power for 1 VP."""
    g = _nomads_after_an_auction(39, stronghold=True)
    n = g.state.players["nomads"]
    assert n.VP == 1 and n.leech_offers[0].amount == 3
    bowls = list(n.power)
    assert bowls[0] == 2
    g.apply("nomads", A.Leech(3, "mermaids"))
    assert n.VP == 0
    assert n.power == [0, bowls[1] + 2, bowls[2]]


def test_leech_at_zero_vp_takes_one_power_for_free():
    """000 p. 12: at 0 VP only 1 power can be taken (it costs 0 VP).  A bid of 40 leaves the
    Nomads on 0 VP; the Mermaids offer 2 (their trading house)."""
    g = _nomads_after_an_auction(40, stronghold=False)
    n = g.state.players["nomads"]
    assert n.VP == 0 and n.leech_offers[0].amount == 2
    bowls = list(n.power)
    g.apply("nomads", A.Leech(2, "mermaids"))
    assert n.VP == 0
    assert n.power == [bowls[0] - 1, bowls[1] + 1, bowls[2]]


def test_leech_limited_by_tokens_left_in_bowls_I_and_II():
    """000 p. 12: 'si en los cuencos I y II no hay suficientes contadores, obtienes tantos puntos
    de poder como sean necesarios para mover todos los contadores al cuenco III (pierdes un
    número de puntos de victoria acorde ...)'.  Reached in a tournament game: the Nomads, tokens
    0/2/4, offered 5 by the Darklings: 2 power, 1 VP."""
    game = "4pLeague_S60_D1L1_G1.txt"
    g = corpus_game(game, 157)
    n = g.state.players["nomads"]
    assert corpus_move(game, 157) == ("nomads", A.Leech(5, "darklings"))
    assert n.power == [0, 2, 4] and n.leech_offers[0].amount == 5
    vp = n.VP
    g.apply("nomads", A.Leech(5, "darklings"))
    assert n.power == [0, 0, 6]
    assert n.VP == vp - 1


# ---------------------------------------------------------------------------------------------
# Cult tracks (000 p. 13 "Obtener puntos de poder mediante escalas de culto", "La casilla 10")


def test_advancing_3_spaces_on_air_from_4_gains_4_power():
    """000 p. 13: power 1/2/2/3 on reaching spaces 3/5/7/10; 'Los nómadas (amarillo) consiguen 4
    puntos de poder por avanzar estas 3 casillas en el culto del aire.'  The only 3-space move
    worth 4 power is 4 -> 7 (passing 5 and 7).  The same move in a tournament game: the Witches
    send their priest to the 3-space of Air from 4, with tokens 3/0/3."""
    game = "4pLeague_S61_D1L1_G3.txt"
    g = corpus_game(game, 174)
    w = g.state.players["witches"]
    assert corpus_move(game, 174) == ("witches", A.SendPriest("AIR"))
    assert w.cult["AIR"] == 4 and w.P == 1 and g.state.cult_spots["AIR"][0] is None  # the 3-space is free
    assert w.power == [3, 0, 3]
    g.apply("witches", A.SendPriest("AIR"))
    assert w.cult["AIR"] == 7
    assert w.power == [0, 2, 4]  # 4 power gained: 3 tokens from bowl I to II, then 1 from II to III
    assert w.P == 0


def test_cult_space_10_needs_a_key():
    """000 p. 13 'La casilla 10': to enter space 10 a player must have founded a town per such
    space; 001 Appendix 'Tessere Città': each town tile brings the key.  Without a key the
    marker stops at 9.  In a tournament game the Cultists, on 7 of Earth with no town yet, may
    send a priest to Earth's free 3-space (nobody is on 10): they stop at 9."""
    g = corpus_game("4pLeague_S69_D1L1_G1.txt", 108)
    c = g.state.players["cultists"]
    assert to_move(g) == "cultists" and c.P >= 1
    assert c.cult["EARTH"] == 7 and c.keys == 0 and c.towns == []
    assert g.state.cult_spots["EARTH"][0] is None
    assert all(p.cult["EARTH"] < 10 for p in g.state.players.values())
    bowls = list(c.power)
    g.apply("cultists", A.SendPriest("EARTH", 3))
    assert c.cult["EARTH"] == 9
    assert c.power == bowls  # nothing for space 10, which was not reached (7 was reached before)


def test_cult_space_10_with_a_key_gives_3_power_and_only_one_player():
    """000 p. 13: 'Solo un jugador puede avanzar hasta la casilla 10 de cada culto.'  Reaching
    10 gives 3 power.  Two tournament games: the Darklings, with a key, send a priest from 8
    to 10 of Earth; the Swarmlings, with a key, take FAV3 (+3 Earth) on 7 while the Cultists
    hold Earth's 10: they stop at 9."""
    game = "4pLeague_S60_D1L1_G1.txt"
    g = corpus_game(game, 371)
    d = g.state.players["darklings"]
    assert d.cult["EARTH"] == 8 and d.keys == 1 and d.power == [0, 4, 0]
    assert all(p.cult["EARTH"] < 10 for p in g.state.players.values())
    assert corpus_move(game, 371) == ("darklings", A.SendPriest("EARTH"))
    assert g.state.cult_spots["EARTH"][2] is None  # a 2-space is free
    g.apply("darklings", A.SendPriest("EARTH"))
    assert d.cult["EARTH"] == 10
    assert d.power == [0, 1, 3]

    game = "4pLeague_S60_D1L1_G7.txt"
    g = corpus_game(game, 505)
    sw = g.state.players["swarmlings"]
    assert sw.cult["EARTH"] == 7 and sw.keys >= 1 and sw.favors_owed
    assert g.state.players["cultists"].cult["EARTH"] == 10
    assert corpus_move(game, 505) == ("swarmlings", A.TakeTile("FAV3"))
    g.apply("swarmlings", A.TakeTile("FAV3"))
    assert sw.cult["EARTH"] == 9  # the Cultists already occupy space 10


def test_priest_returned_to_supply_advances_one_space():
    """000 p. 13 (acción 5): 'en lugar de colocarlo en las casillas circulares, puedes devolverlo
    a tu reserva ... y avanzar 1 casilla en cualquier escala de culto.'"""
    g = new_game(("nomads", "witches"), {"nomads": ["F3", "G4", "B4"], "witches": ["E9", "A3"]},
                 {"nomads": "BON8", "witches": "BON5"})  # BON8: a priest as income
    n = g.state.players["nomads"]
    assert n.P == 1 and n.cult["WATER"] == 0
    act(g, "nomads", "send p to water for 1")
    assert n.cult["WATER"] == 1
    assert n.P == 0
    assert g.state.cult_spots["WATER"] == [None, None, None, None]


# ---------------------------------------------------------------------------------------------
# Terraforming (000 p. 10 "Transformar una casilla de terreno"; ciclo de transformación)


@pytest.mark.parametrize("hex_, spades", [("E7", 1), ("G2", 2), ("F3", 3), ("E6", 3)])
def test_terraform_cost_is_the_distance_on_the_wheel(hex_, spades):
    """000 p. 10: each step on the transformation cycle costs 1 spade, at most 3 (either way
    round).  Witches (forest) next to F4: mountain E7 is 1 step, wasteland G2 is 2, desert F3 and
    plains E6 are 3.  At the start a spade costs 3 workers; the dwelling 1 worker and 2 coins."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    if hex_ == "F3":
        g = new_game(("witches", "fakirs"), {"witches": ["F4", "A3"], "fakirs": ["B1", "B4"]},
                     {"witches": "BON3", "fakirs": "BON5"})
    w = g.state.players["witches"]
    pass_turn(g, "witches")  # round 2: a second income of workers
    pass_turn(g, g.state.turn.faction)
    g.apply("witches", A.Burn(3))
    g.apply("witches", A.Convert(3, "PW", 1, "W"))
    workers, coins = w.W, w.C
    assert workers >= 10
    act(g, "witches", f"build {hex_}")
    assert g.state.terrain[hex_] == "green"
    assert w.W == workers - 3 * spades - 1
    assert w.C == coins - 2


def test_giants_always_pay_two_spades():
    """000 p. 10: 'Los gigantes tienen que pagar 2 palas para transformar cualquier otro terreno
    en su terreno nativo.'  Mountain E7 is one step from wasteland, yet costs 2 spades."""
    g = new_game(("giants", "nomads"), {"giants": ["D4", "A6"], "nomads": ["B1", "B4", "B6"]},
                 {"giants": "BON3", "nomads": "BON5"})
    gi = g.state.players["giants"]
    g.apply("giants", A.Burn(3))
    g.apply("giants", A.Convert(3, "PW", 1, "W"))  # a seventh worker
    workers = gi.W
    act(g, "giants", "build E7")
    assert gi.W == workers - 6 - 1


def test_advancing_digging_costs_and_gives_6_vp():
    """000 p. 11 (acción 3): advancing the exchange track costs 2 workers, 5 coins and 1 priest
    and gives 6 VP; afterwards a spade costs 2 workers."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON8", "nomads": "BON5"})  # BON8: a priest as income
    w = g.state.players["witches"]
    workers, coins, vp = w.W, w.C, w.VP
    assert w.P == 1
    act(g, "witches", "advance dig")
    assert (w.W, w.C, w.P, w.VP) == (workers - 2, coins - 5, 0, vp + 6)
    pass_turn(g, "nomads")
    act(g, "witches", "build E7")
    assert w.W == workers - 2 - 2 - 1


def test_transformed_hex_must_be_reachable():
    """000 p. 10: 'Incluso al transformar una casilla de terreno sin construir una morada, esa
    casilla debe ser directa o indirectamente adyacente a una de tus estructuras.'"""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.Transform("I1", "green"))
    assert err.value.code == "out_of_reach"


# ---------------------------------------------------------------------------------------------
# Shipping and indirect adjacency (000 p. 11)


def test_shipping_level_2_reaches_two_river_hexes():
    """000 p. 11: 'Para que ambas estructuras sean indirectamente adyacentes, este jugador
    necesita un valor mínimo de 2 en navegación fluvial.'  Advancing costs 1 priest and 4 coins
    and gives the VP printed on the track: 2 for level 1, 3 for level 2 ('Los auren (verde)
    obtienen 3 puntos de victoria por avanzar en su escala de navegación fluvial')."""
    g = new_game(("auren", "nomads"), {"auren": ["E9", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"auren": "BON8", "nomads": "BON3"})  # BON8: a priest as income
    au = g.state.players["auren"]
    assert g.board.ship_distance["E9"]["C4"] == 2  # C4 (forest) is two river hexes from E9
    vp, p, c = au.VP, au.P, au.C
    assert p == 1
    act(g, "auren", "advance ship")
    assert (au.ship, au.VP, au.P, au.C) == (1, vp + 2, p - 1, c - 4)
    pass_turn(g, "nomads")
    with pytest.raises(RuleError) as err:
        g.apply("auren", A.Build("C4"))
    assert err.value.code == "out_of_reach_shipping" and err.value.params == {"hex": "C4", "ship": 1, "d": 2}
    # round 2: BON5's power, burnt, buys the second priest
    g.apply("auren", A.Pass("BON5"))
    g.apply("auren", A.Done())
    assert g.state.round == 2 and to_move(g) == "nomads"
    pass_turn(g, "nomads")
    g.apply("auren", A.Burn(5))
    g.apply("auren", A.Convert(5, "PW", 1, "P"))
    act(g, "auren", "advance ship")
    assert (au.ship, au.VP) == (2, vp + 2 + 3)
    act(g, "auren", "build C4")
    assert au.buildings.get("C4") == "D"


# ---------------------------------------------------------------------------------------------
# Upgrades (000 p. 11-12 "Mejorar una estructura")


def test_trading_house_costs_3_coins_next_to_an_opponent_else_6():
    """000 p. 11: a dwelling to trading house costs 2 workers and 6 coins; 'En caso de haber al
    menos 1 estructura rival en una casilla directamente adyacente a esa morada, solo pagas 3
    monedas.'  The Witches' F4 touches no one; their C4 touches the Nomads' B4."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "C4"], "nomads": ["B4", "B1", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    w = g.state.players["witches"]
    workers, coins = w.W, w.C
    act(g, "witches", "upgrade F4 to TP")
    assert (w.W, w.C) == (workers - 2, coins - 6)
    pass_turn(g, "nomads")
    act(g, "witches", "upgrade C4 to TP")
    assert (w.W, w.C) == (workers - 4, coins - 9)


def test_temple_gives_a_favor_tile_not_one_already_held():
    """000 p. 12: a trading house to temple costs 2 workers and 5 coins and gives 1 favor tile;
    'no puedes coger una loseta de favor que ya tengas'."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    w = g.state.players["witches"]
    # round 1: a trading house and a temple on F4, FAV9 taken with it
    act(g, "witches", "upgrade F4 to TP")
    pass_turn(g, "nomads")
    g.apply("witches", A.Upgrade("F4", "TE"))
    g.apply("witches", A.TakeTile("FAV9"))
    g.apply("witches", A.Done())
    pass_turn(g, "witches")
    # round 2: a trading house on A3, then its temple
    pass_turn(g, "nomads")
    act(g, "witches", "upgrade A3 to TP")
    workers, coins = w.W, w.C
    g.apply("witches", A.Upgrade("A3", "TE"))
    assert (w.W, w.C) == (workers - 2, coins - 5)
    assert g.decision("witches") == "favor"
    assert A.TakeTile("FAV9") not in g.legal_actions("witches")
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.TakeTile("FAV9"))
    assert err.value.code == "favor_tile_held"
    w = g.state.players["witches"]  # a rejected move rebuilds the state: fetch it again
    g.apply("witches", A.TakeTile("FAV10"))
    assert w.favors == ["FAV9", "FAV10"]


# ---------------------------------------------------------------------------------------------
# Towns (000 p. 14 "Fundar una ciudad")


def _directly_joined(g, hexes, bridges=()) -> bool:
    """hexes form one group through shared edges (and the given bridges), read off the map."""
    hexes = set(hexes)
    links = {h: (g.board.land_neighbours[h] & hexes) | {b for a_, b in bridges if a_ == h}
             | {a_ for a_, b in bridges if b == h} for h in hexes}
    seen, stack = set(), [next(iter(hexes))]
    while stack:
        h = stack.pop()
        if h not in seen:
            seen.add(h)
            stack.extend(links[h] - seen)
    return seen == hexes


def _town_position(game: str, index: int, faction: str, group: dict[str, str], bridges=()):
    """The corpus game before its move `index`, checked: faction's buildings on `group` (hex:
    kind) are directly adjacent (or bridged), in no town yet, with no other building of theirs
    next to them."""
    g = corpus_game(game, index)
    p = g.state.players[faction]
    assert {h: p.buildings.get(h) for h in group} == group
    assert not set(group) & p.town_hexes and p.towns_owed == 0
    assert _directly_joined(g, group, bridges)
    assert not any(h in p.buildings for n in group for h in g.board.land_neighbours[n] if h not in group)
    assert {b for b in g.state.bridges if set(b) & set(group)} == {frozenset(b) for b in bridges}
    return g, p


def test_town_needs_four_buildings_and_power_7():
    """000 p. 14: a town is founded when at least 4 directly adjacent structures of one faction
    have a combined power of at least 7 (D 1, TP/TE 2, SH/SA 3).  In a tournament game the
    Witches' C5 (D), D7 (D), E9 (SH), F6 (D) have power 6: no town; the upgrade of D7 to a
    trading house makes 7 and founds it."""
    game = "4pLeague_S60_D1L1_G2.txt"
    g, w = _town_position(game, 351, "witches", {"C5": "D", "D7": "D", "E9": "SH", "F6": "D"})
    assert w.towns == [] and w.keys == 0 and "FAV5" not in w.favors
    assert corpus_move(game, 351) == ("witches", A.Upgrade("D7", "TP"))
    g.apply("witches", A.Upgrade("D7", "TP"))
    assert w.towns_owed == 1
    assert A.TakeTile("TW1") in g.legal_actions("witches")
    vp = w.VP
    g.apply("witches", A.TakeTile("TW1"))
    # 000 Appendix V: 5 VP and 6 coins; Witches' ability: +5 VP per town.
    assert w.towns == ["TW1"]
    assert w.VP == vp + 5 + 5
    assert w.keys == 1


def test_town_with_sanctuary_needs_only_three_buildings():
    """000 p. 14: 'si una de estas estructuras es el santuario, basta con que haya 3 estructuras
    adyacentes.'  In a tournament game the Witches upgrade their temple on F4, bridged to G3
    (TP), which touches H4 (TE), to the sanctuary: SA (3) + TE (2) + TP (2) = 7 power with 3 buildings."""
    game = "4pLeague_S62_D1L1_G2.txt"
    g, w = _town_position(game, 434, "witches", {"F4": "TE", "G3": "TP", "H4": "TE"}, [("F4", "G3")])
    assert corpus_move(game, 434) == ("witches", A.Upgrade("F4", "SA"))
    g.apply("witches", A.Upgrade("F4", "SA"))
    assert w.favors_owed == 1
    g.apply("witches", A.TakeTile("FAV6"))  # (the tile the game's player took)
    assert w.towns_owed == 1


def test_three_buildings_without_sanctuary_are_no_town():
    """000 p. 14: without the sanctuary, 3 structures are not enough even with power 7.  In a
    tournament game the Darklings upgrade B5, next to their trading houses A8 and B4, to their
    stronghold: SH + TP + TP = 7 power, 3 buildings, no town."""
    game = "4pLeague_S62_D1L1_G5.txt"
    g, d = _town_position(game, 380, "darklings", {"B5": "TP", "A8": "TP", "B4": "TP"})
    assert "FAV5" not in d.favors
    assert corpus_move(game, 380) == ("darklings", A.Upgrade("B5", "SH"))
    g.apply("darklings", A.Upgrade("B5", "SH"))
    assert d.towns_owed == 0


def test_fav5_lowers_the_town_power_to_6():
    """000 Appendix II (FAV5): 'al fundar una ciudad, tus estructuras solo necesitan un valor
    combinado de 6 puntos de poder.'  In a tournament game the Halflings, holding FAV5, upgrade
    H4 (next to I7 and I8 (TP); I7 next to I6) to a trading house: D + D + TP + TP = 6."""
    game = "4pLeague_S60_D1L1_G2.txt"
    group = {"H4": "D", "I6": "D", "I7": "D", "I8": "TP"}  # 5 power before the upgrade
    g, h = _town_position(game, 454, "halflings", group)
    assert "FAV5" in h.favors
    assert corpus_move(game, 454) == ("halflings", A.Upgrade("H4", "TP"))
    g.apply("halflings", A.Upgrade("H4", "TP"))
    assert h.towns_owed == 1


def test_shipping_does_not_join_a_town_but_a_bridge_does():
    """000 p. 14: 'La adyacencia indirecta, especialmente con casillas de río, no tiene
    relevancia a la hora de fundar una ciudad'; Appendix I: structures joined by a bridge count
    for a town.  In a tournament game the Engineers (shipping 2) have D4 (TP) - E7 (TE) - F4
    (TP) on one bank and C2 (D) one river hex away: connected for the area, no town; then the
    power action's bridge C2:D4 founds one (2 + 2 + 2 + 1 = 7)."""
    game = "4pLeague_S60_D1L1_G1.txt"
    group = {"D4": "TP", "E7": "TE", "F4": "TP", "C2": "D"}
    g = corpus_game(game, 409)
    e = g.state.players["engineers"]
    assert {x: e.buildings.get(x) for x in group} == group and not set(group) & e.town_hexes
    assert _directly_joined(g, ("D4", "E7", "F4")) and not _directly_joined(g, group)
    assert not any(x in e.buildings for n in group for x in g.board.land_neighbours[n] if x not in group)
    assert g.board.ship_distance["C2"]["D4"] == 1 and e.ship >= 1
    assert e.towns_owed == 0
    assert g.network_size(e) >= 4  # C2 counts for the area through shipping
    assert corpus_move(game, 408) == ("engineers", A.UseAction("ACT1"))
    assert corpus_move(game, 409) == ("engineers", A.PlaceBridge("C2", "D4"))
    g.apply("engineers", A.PlaceBridge("C2", "D4"))
    assert _directly_joined(g, group, [("C2", "D4")])
    assert e.towns_owed == 1  # ... but only the bridge makes them one town


def test_building_next_to_a_town_does_not_found_a_second_one():
    """000 p. 14: 'Construir nuevas estructuras directamente adyacentes a una ciudad que ya
    existe expande la ciudad en lugar de crear otra nueva.'  In a tournament game the Darklings
    build H7 next to G6 of their town E10 - F5 - F7 - G5 - G6."""
    game = "4pLeague_S60_D1L1_G1.txt"
    g = corpus_game(game, 331)
    d = g.state.players["darklings"]
    town = {"E10", "F5", "F7", "G5", "G6"}
    assert d.towns == ["TW1"] and d.town_hexes == town and d.towns_owed == 0
    assert "G6" in g.board.land_neighbours["H7"]
    assert corpus_move(game, 331) == ("darklings", A.Build("H7"))
    g.apply("darklings", A.Build("H7"))
    assert d.towns_owed == 0 and d.towns == ["TW1"]
    assert d.town_hexes == town | {"H7"}  # the town grows instead


# ---------------------------------------------------------------------------------------------
# Passing (000 p. 14 "Pasar y determinar un nuevo jugador inicial")


def test_first_to_pass_starts_next_round_then_clockwise():
    """000 p. 14: 'El primer jugador que pasa se convierte en el jugador inicial de la ronda
    siguiente', and play goes clockwise from him (base game, without the Fire & Ice
    variable turn order)."""
    options = TOURNAMENT_OPTIONS - {"variable-turn-order"}
    g = new_game(("witches", "nomads", "engineers", "cultists"),
                 {"witches": ["A3", "C4"], "nomads": ["B1", "B4", "B6"], "engineers": ["C2", "F1"],
                  "cultists": ["E6", "H3"]},
                 {"witches": "BON3", "nomads": "BON5", "engineers": "BON8", "cultists": "BON1"},
                 options=options)
    assert g.state.order == ["witches", "nomads", "engineers", "cultists"]
    act(g, "witches", "build A4")
    pass_turn(g, "nomads")  # first to pass
    act(g, "engineers", "send p to water")
    pass_turn(g, "cultists")
    pass_turn(g, "witches")
    pass_turn(g, "engineers")  # passing order: nomads, cultists, witches, engineers
    assert g.state.round == 2
    assert g.state.order == ["nomads", "engineers", "cultists", "witches"]
    assert to_move(g) == "nomads"


def test_bonus_tile_cannot_be_returned_and_taken_back():
    """000 p. 14: 'no está permitido dejar una loseta de bonificación y acto seguido volver a
    cogerla.'"""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.Pass("BON3"))
    assert err.value.code == "bonus_tile_unavailable"
    g.apply("witches", A.Pass("BON6"))
    assert g.state.players["witches"].bonus == "BON6"
    assert "BON3" in g.state.bonus_pool


def test_coins_on_unused_bonus_tiles():
    """000 p. 15 'Monedas en losetas de bonificación': 1 coin on each bonus tile left at the end
    of a round; the player who takes the tile takes its coins."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    coins = dict(g.state.bonus_pool)
    pass_turn(g, "witches")  # takes BON1
    pass_turn(g, "nomads")  # takes BON2
    assert g.state.round == 2
    for tile_, c in coins.items():
        if tile_ in g.state.bonus_pool:
            assert g.state.bonus_pool[tile_] == c + 1
    # BON4 has now lain unused in two rounds' ends; whoever takes it gets its coins.
    w = g.state.players[to_move(g)]
    have = w.C
    stock = g.state.bonus_pool["BON4"]
    g.apply(w.name, A.Pass("BON4"))
    assert w.C == have + stock


def test_pass_vp_from_bonus_tiles():
    """000 p. 14: returning the tile with dwellings gives 1 VP per dwelling (BON9), with trading
    houses 2 VP per trading house (BON7), with stronghold/sanctuary 4 VP each (BON6)."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON9", "nomads": "BON7"})
    w, n = g.state.players["witches"], g.state.players["nomads"]
    vw = w.VP
    pass_turn(g, "witches")
    assert w.VP == vw + 2
    act(g, "nomads", "upgrade B4 to TP")  # two trading houses (no VP for them in round 1)
    act(g, "nomads", "upgrade B6 to TP")
    assert n.counts["TP"] == 2
    vn = n.VP
    pass_turn(g, "nomads")
    assert n.VP == vn + 4


# ---------------------------------------------------------------------------------------------
# Cult bonuses at the end of a round (000 p. 15 "Fase III: bonificación de culto")


def test_cult_bonus_is_paid_per_full_step_count():
    """000 p. 15: 'Si un jugador estuviera en la casilla 6 del culto del aire, conseguiría 3
    trabajadores' (1 worker per 2 steps of Air: SCORE7, here in round 2); the bonus comes at the
    end of the round (before next round's income).  Air 2 -> 5 with a priest in round 1, -> 6
    with BON2's cult step in round 2."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON5", "nomads": "BON3"}, score_tiles=("SCORE4", "SCORE7", "SCORE9",
                                                                    "SCORE2", "SCORE8", "SCORE6"))
    w = g.state.players["witches"]
    g.apply("witches", A.Burn(5))
    g.apply("witches", A.Convert(5, "PW", 1, "P"))
    act(g, "witches", "send p to AIR")
    pass_turn(g, "nomads")
    g.apply("witches", A.Pass("BON2"))
    g.apply("witches", A.Done())
    pass_turn(g, "nomads")  # round 2
    g.apply("witches", A.UseAction("BON2"))
    g.apply("witches", A.CultStep("AIR", 1))
    g.apply("witches", A.Done())
    assert g.state.round == 2 and w.cult["AIR"] == 6
    workers = w.W
    pass_turn(g, "witches")
    assert g.state.round == 3
    income = g.income_of(w)["W"]  # round 3's income (buildings and the new bonus tile)
    assert w.W == workers + 3 + income


def test_no_cult_bonus_after_round_6():
    """000 p. 16: 'Recuerda que no se conceden bonificaciones de culto al final de la sexta
    ronda.'  On the corpus's final positions: players who meet the round 6 tile's cult
    requirement (read from the game data) get nothing from it when the game ends; everything
    gained then is final scoring."""
    qualified = 0
    for g, events in _corpus_final_scorings():
        sixth = tile(g.state.score_tiles[5])
        if sixth["cult"] in NO_CULTS:  # (SCORE9's bonus counts priests on the cult board instead)
            qualified += sum(p.cult[sixth["cult"]] >= sixth["req"] for p in g.state.players.values())
        gained = [e for e in events if isinstance(e, E.Gained)]
        assert gained and all(e.source.kind in E.FINAL_KINDS for e in gained)
    assert qualified


# ---------------------------------------------------------------------------------------------
# End of the game: resources (000 p. 16 "Puntuación por recursos"; 001 FAQ)


@cache
def _corpus_final_scorings():
    """(the game just before final scoring, the events of final scoring) for every corpus game
    whose last move is a turn's end (which starts final scoring and changes nothing itself)."""
    out = []
    for path in sorted(CORPUS.glob("*.txt")):
        full = corpus_game(path.name)
        if not isinstance(full.log[-1][1], A.Done):
            continue  # (a game ending with a power offer answered: its last move changes the bowls)
        before = corpus_game(path.name, len(full.log) - 1)
        after = before.copy()
        events = after.apply(*full.log[-1])
        assert after.finished
        out.append((before, events))
    return tuple(out)


def _final_vp(events, faction, kind, key=None):
    return sum(e.amount for e in E.gains(events)
               if e.faction == faction and e.source.kind == kind and (key is None or e.source.key == key))


def _final_resources(rate_of):
    """(faction, C, W, P, bowls before final scoring, the VP final scoring gave for resources)
    of the corpus's final positions; `rate_of(faction)` picks the factions."""
    return [(n, p.C, p.W, p.P, list(p.power), _final_vp(events, n, E.RESOURCES))
            for g, events in _corpus_final_scorings() for n, p in g.state.players.items() if rate_of(n)]


def test_final_resources_one_vp_per_three_coins_after_converting():
    """000 p. 16: 1 VP per 3 coins; other resources may be converted to coins first (priest,
    worker, power -> 1 coin).  001 FAQ: at the end half of bowl II may be burned to bring the
    other half to bowl III.  Checked on the final positions of the corpus's tournament games."""
    seen = _final_resources(lambda n: n != "alchemists")
    assert len(seen) > 100
    for name, c, w, p, (_, two, three), vp in seen:
        assert vp == (c + w + p + three + two // 2) // 3, name
    # the examples cover every part of the rule: workers, priests, power in bowl III, half of an
    # odd bowl II burned, and coins left over
    assert any(w for _, c, w, p, bowls, vp in seen) and any(p for _, c, w, p, bowls, vp in seen)
    assert any(bowls[2] for *_, bowls, vp in seen) and any(bowls[1] % 2 and bowls[1] > 1 for *_, bowls, vp in seen)


def test_alchemists_score_one_vp_per_two_coins():
    """000 p. 16: 'Los alquimistas consiguen 1 punto de victoria por cada 2 monedas.'  On the
    final positions of the corpus games the Alchemists played."""
    seen = _final_resources(lambda n: n == "alchemists")
    assert seen
    for name, c, w, p, (_, two, three), vp in seen:
        assert vp == (c + w + p + three + two // 2) // 2


# ---------------------------------------------------------------------------------------------
# Setup (000 p. 8 and Appendix VI)


def test_setup_order_nomads_third_dwelling_then_chaos_magicians():
    """000 Appendix VI: the Chaos Magicians place their single dwelling after everyone else, after
    the Nomads' third; the initial dwellings go in seat order then in reverse; bonus tiles are
    then chosen in reverse seat order."""
    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.setup import GameSetup
    g = Game(GameSetup(players=3, score_tiles=QUIET_SCORES,
                       bonus_tiles=("BON1", "BON2", "BON3", "BON4", "BON5", "BON6"),
                       factions=("chaosmagicians", "nomads", "witches")))
    order = []
    spots = {"nomads": ["B1", "B4", "B6"], "witches": ["A3", "C4"], "chaosmagicians": ["D4"]}
    while g.state.phase == "dwellings":
        who = g.state.setup_queue[0]
        order.append(who)
        g.apply(who, A.Build(spots[who].pop(0)))
    assert order == ["nomads", "witches", "witches", "nomads", "nomads", "chaosmagicians"]
    picks = []
    for tile_ in ("BON1", "BON2", "BON3"):
        who = g.state.setup_queue[0]
        picks.append(who)
        g.apply(who, A.Pass(tile_))
    assert picks == ["witches", "nomads", "chaosmagicians"]
    assert g.state.players["chaosmagicians"].counts["D"] == 1
    assert g.state.players["nomads"].counts["D"] == 3

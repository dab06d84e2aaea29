"""Rule cards' numbers against positions reached by legal play; the expected values are the
rulebook's (faction boards, power bowls, cult tracks), not computed by the cards module."""

import pytest
from positions import new_game

from tmdesktop.rules import actions as A
from tmdesktop.teaching.cards import card

#: The Rules screen's page ids (the shared contract).
PAGES = {"overview", "map_terrain", "spades", "building", "upgrading", "power", "leech", "power_actions",
         "conversions", "cults", "priests", "favor_tiles", "towns", "shipping", "digging_bridges",
         "special_actions", "bonus_tiles", "round_cycle", "round_scoring", "final_scoring", "factions", "fire_ice"}


@pytest.fixture
def game():
    """Witches (forest) on E9 and A3 with bonus tile 3 (6 coins); Nomads on B1, B4, B6.  Round 1
    has started: the Witches have 15 + 6 coins, 3 + 3 workers and power 5 / 7 / 0."""
    return new_game(("witches", "nomads"), {"witches": ["E9", "A3"], "nomads": ["B1", "B4", "B6"]},
                    {"witches": "BON3", "nomads": "BON5"})


def lines(c):
    return c.what + c.now


def test_power_bowls_at_the_start(game):
    """Witches' board: 5 tokens in bowl I, 7 in II.  Burning takes 2 tokens of bowl II per power
    moved to III: 7 tokens allow 3 burns.  Power gained fills I -> II first (5), then II -> III."""
    c = card(game, "witches", ("bowl", ("witches", 2)))
    assert "Tokens: 5 in I, 7 in II, 0 in III." in c.now
    assert "Burning now: at most 3 tokens, for 3 more power in bowl III." in c.now
    assert "Power to spend: 0 now, 3 after burning." in c.now
    assert "Gaining power: the next 5 move tokens from I to II, then 12 more from II to III." in c.now
    assert c.page == "power"


def test_power_action_costs_against_bowl_three(game):
    """ACT1 (bridge) costs 3 power: 3 burns make it; ACT6 (2 spades) costs 6: out of reach."""
    assert "You have 0 power in bowl III: burn 3 tokens first." in card(game, "witches", ("power", "ACT1")).now
    assert "You have 0 power in bowl III, 3 with burning: not enough." in card(game, "witches",
                                                                              ("power", "ACT6")).now


def test_after_burning_and_taking_the_priest_action(game):
    """Burn 3 (bowl II 7 -> 1, III 0 -> 3), pay 3 for ACT2: the 3 tokens go back to bowl I (5 -> 8).
    The action is then taken for the round, for everyone."""
    game.apply("witches", A.Burn(3))
    game.apply("witches", A.UseAction("ACT2"))
    game.apply("witches", A.Done())
    c = card(game, "witches", ("bowl", ("witches", 1)))
    assert "Tokens: 8 in I, 1 in II, 0 in III." in c.now
    assert "Burning now: not possible (fewer than 2 tokens in bowl II)." in c.now
    assert "Taken this round." in card(game, "nomads", ("power", "ACT2")).now
    assert "Free this round." in card(game, "nomads", ("power", "ACT3")).now


def test_income_by_source(game):
    """Witches' income: 1 worker printed on the board plus 1 per dwelling (2 built) = 3 workers;
    bonus tile 3 gives 6 coins."""
    c = card(game, "witches", ("income", "witches"))
    assert "Next round: 3 workers, 6 coins" in c.now
    assert "Dwelling (2 built, faction board included): 3 workers" in c.now
    assert "Bonus tile: 6 coins" in c.now
    assert c.page == "round_cycle"


def test_shipping_and_digging_tracks(game):
    """Witches: shipping 1 costs 1 priest + 4 coins and gives 2 VP; digging 1 costs 1 priest,
    2 workers, 5 coins and gives 6 VP; a spade costs 3 workers at digging level 0."""
    ship = card(game, "witches", ("track", ("witches", "ship")))
    nxt = next(line for line in ship.now if line.startswith("Next level 1"))
    assert "4 coins" in nxt and "1 priest" in nxt and "gives 2 VP" in nxt
    dig = card(game, "witches", ("track", ("witches", "dig")))
    assert "One spade costs 3 workers now." in dig.now
    nxt = next(line for line in dig.now if line.startswith("Next level 1"))
    assert "5 coins" in nxt and "2 workers" in nxt and "1 priest" in nxt and "gives 6 VP" in nxt
    assert (ship.page, dig.page) == ("shipping", "digging_bridges")


def test_hex_costs_and_reach(game):
    """Forest is 3 steps from desert on the terrain wheel: 3 spades of 3 workers each.  A dwelling
    costs the Witches 1 worker and 2 coins.  A hex beside E9 is in reach; B1 (the Nomads') is not
    free, and a desert hex far from the Witches is out of reach with shipping 0."""
    st = game.state
    far = next(h for h in sorted(game.board.land) if st.terrain[h] == "yellow" and h not in st.owner
               and not game.reach(st.players["witches"], h)[0])
    c = card(game, "witches", ("hex", far))
    assert any(line.startswith("3 spades") and "9 workers" in line for line in c.now)
    assert any("1 worker" in line and "2 coins" in line for line in c.now if line.startswith("A dwelling costs"))
    assert any(line.startswith("Out of your reach") for line in c.now)
    near = next(h for h in sorted(game.adjacent("E9")) if h not in st.owner)
    assert "In your reach." in card(game, "witches", ("hex", near)).now
    assert c.page == "spades"


def test_a_hex_counts_the_spades_held_first():
    """Seen playing: after the bonus tile's spade, a hex said "1 spade to turn it into your
    terrain: 3 workers" with the spade in hand. The spades held go first, as the engine uses
    them: a hex one step from forest costs nothing more, one three steps away two spades'
    workers (the Witches dig at 3 workers a spade)."""
    game = new_game(("witches", "nomads"), {"witches": ["E9", "A3"], "nomads": ["B1", "B4", "B6"]},
                    {"witches": "BON1", "nomads": "BON5"})
    game.apply("witches", A.UseAction("BON1"))
    st = game.state
    witches = st.players["witches"]
    assert witches.spades == 1
    near = sorted(h for h in game.adjacent("E9") | game.adjacent("A3") if h in game.board.land and h not in st.owner)
    one = next(h for h in near if game.spades_needed(witches, h, "green") == 1)
    three = next(h for h in near if game.spades_needed(witches, h, "green") == 3)
    assert "1 spade to turn it into your terrain: you hold it, nothing to pay" in card(game, "witches", ("hex", one)).now
    said = "3 spades to turn it into your terrain: 1 in hand, 2 more for 6 workers (digging level 0)"
    assert said in card(game, "witches", ("hex", three)).now
    for hex_, workers in ((one, 0), (three, 6)):  # what the engine takes
        played = game.copy()
        before = played.state.players["witches"].W
        played.apply("witches", A.Transform(hex_, "green"))
        assert before - played.state.players["witches"].W == workers


def test_buildings_power_value_and_upgrade(game):
    """A dwelling has power value 1, a trading house 2.  Upgrading E9 with no neighbour costs the
    Witches 2 workers and 6 coins (3 coins doubled); from a trading house a temple costs 2 workers
    and 5 coins, a stronghold 4 workers and 6 coins."""
    c = card(game, "witches", ("hex", "E9"))
    assert any(line.startswith("Power value 1:") for line in c.what)
    up = next(line for line in c.now if line.startswith("Upgrade to a trading house now"))
    assert "2 workers" in up and "6 coins" in up
    game.apply("witches", A.Upgrade("E9", "TP"))
    game.apply("witches", A.Done())
    c = card(game, "witches", ("hex", "E9"))
    assert any(line.startswith("Power value 2:") for line in c.what)
    temple = next(line for line in c.now if line.startswith("Upgrade to a temple"))
    stronghold = next(line for line in c.now if line.startswith("Upgrade to a stronghold"))
    assert "2 workers" in temple and "5 coins" in temple
    assert "4 workers" in stronghold and "6 coins" in stronghold
    assert "Trading house of the Witches (1 built): 2 coins, 1 power each round." in c.now
    seen_by_nomads = card(game, "nomads", ("hex", "E9"))
    assert seen_by_nomads.page == "leech" and c.page == "upgrading"


def test_buildings_on_the_faction_board(game):
    """Each faction has 8 dwellings (2 placed at the start); the Witches' third dwelling uncovers
    one more worker, a temple a priest, a trading house 2 coins and 1 power."""
    d = card(game, "witches", ("building", ("witches", "D")))
    assert d.now[0] == "6 of 8 left on the board (2 built)."
    assert "The next one adds 1 worker to the income." in d.now
    assert "The next one adds 1 priest to the income." in card(game, "witches", ("building", ("witches", "TE"))).now
    tp = card(game, "witches", ("building", ("witches", "TP")))
    assert "The next one adds 2 coins, 1 power to the income." in tp.now
    assert any(line.startswith("Power value 2:") for line in tp.what)
    assert (d.page, tp.page) == ("building", "upgrading")


def test_cult_track_and_tiles(game):
    """Witches start on space 2 of Air; space 3 gives 1 power.  The 3-step favor tiles exist once."""
    c = card(game, "witches", ("cult", "AIR"))
    assert c.now[:3] == ["You are on space 2.", "Next: space 3, 1 step away, gives 1 power.", "Leading at 2: Witches"]
    assert "1 left in the supply." in card(game, "witches", ("favor", "FAV1")).now
    assert "Held by: Witches" in card(game, "nomads", ("bonus", "BON3")).now
    assert "This round's tile (round 1 of 6)." in card(game, "witches", ("round", game.state.score_tiles[0])).now


def test_every_kind_has_a_card_with_a_contract_page(game):
    st = game.state
    elements = [("hex", "E9"), ("hex", "A1"), ("power", "ACT4"), ("bonus", "BON1"), ("favor", "FAV5"),
                ("town", "TW1"), ("round", st.score_tiles[2]), ("cult", "FIRE"), ("spot", ("WATER", 2, 1)),
                ("bowl", ("nomads", 3)), ("track", ("nomads", "ship")), ("income", "nomads"),
                ("player", "nomads"), ("held", ("witches", "BON3")), ("building", ("nomads", "SH"))]
    for element in elements:
        for viewer in ("witches", "nomads", None):
            c = card(game, viewer, element)
            assert c is not None and c.title and c.what, element
            assert c.page in PAGES, (element, c.page)
    assert card(game, "witches", ("button", "build")) is None  # buttons keep their short tooltips


def _elements(game):
    from tmdesktop.rules.data import FAVOR_TILES, POWER_ACTIONS, TOWN_TILES

    st = game.state
    out = [("hex", h) for h in sorted(game.board.cells)]
    out += [("power", a) for a in POWER_ACTIONS] + [("favor", t) for t in FAVOR_TILES]
    out += [("town", t) for t in TOWN_TILES] + [("bonus", b) for b in st.bonus_pool]
    out += [("round", t) for t in st.score_tiles] + [("cult", c) for c in ("FIRE", "WATER", "EARTH", "AIR")]
    out += [("spot", (c, v, i)) for c in ("FIRE", "AIR") for i, v in enumerate((3, 2, 2, 2))]
    if game.setup.final_scoring:
        out.append(("final", game.setup.final_scoring))
    for n in st.seats:
        p = st.players[n]
        out += [("bowl", (n, k)) for k in (1, 2, 3)] + [("track", (n, "ship")), ("track", (n, "dig"))]
        out += [("income", n), ("player", n)] + [("building", (n, k)) for k in ("D", "TP", "TE", "SH", "SA")]
        out += [("held", (n, t)) for t in ([p.bonus] if p.bonus else []) + p.favors + p.towns]
    return out


@pytest.mark.parametrize("seed,players,map_key,fire_ice", [
    (3, 4, "original", False), (1, 5, "fire_ice_side1", True), (3, 5, "fire_ice_side1", True),
    (5, 5, "fire_ice_side1", True), (10, 5, "fire_ice_side1", True), (11, 5, "fire_ice_side1", True),
    (21, 4, "fire_ice_side2", True), (34, 4, "loon_lakes", True)])
def test_cards_for_every_element_of_random_legal_positions(seed, players, map_key, fire_ice):
    """Every faction (the Fire & Ice ones: ice, volcano, variable, Fakirs' carpets too), every
    element, mid-game: a card with a rule and a contract page, for each player and for nobody."""
    from positions import random_position

    from tmdesktop.rules.setup import KNOWN_OPTIONS, TOURNAMENT_OPTIONS

    options = (KNOWN_OPTIONS - {"revised-starting-vp"}) if fire_ice else TOURNAMENT_OPTIONS
    game = random_position(seed, players, map_key, 160, options)
    assert game.state.seats
    for element in _elements(game):
        for viewer in (*game.state.seats, None):
            c = card(game, viewer, element)
            assert c is not None and c.title and c.what and c.page in PAGES, (element, viewer)


def test_dwarves_reach_by_tunnel():
    """Dwarves tunnel 1 hex (Appendix: 'Túnel'): a hex with one hex between it and their dwelling
    is in reach only by tunnelling; one with two hexes between is out of reach."""
    g = new_game(("dwarves", "nomads"), {"dwarves": ["A2", "C2"], "nomads": ["B1", "B4", "B6"]},
                 {"dwarves": "BON3", "nomads": "BON5"})
    st = g.state
    dist = {h: min(g.board.grid_distance[b].get(h, 99) for b in ("A2", "C2")) for h in g.board.land}
    two = next(h for h in sorted(g.board.land) if dist[h] == 2 and h not in st.owner
               and not any(st.owner.get(n) == "dwarves" for n in g.adjacent(h)))
    three = next(h for h in sorted(g.board.land) if dist[h] == 3 and h not in st.owner)
    assert "In reach only by your faction's special reach (it costs extra)." in card(g, "dwarves", ("hex", two)).now
    assert ("Out of your reach: it is not next to your buildings, and more than 1 hex lies between it and them."
            in card(g, "dwarves", ("hex", three)).now)


def test_setup_hexes_speak_of_starting_dwellings():
    """Setup (000 'Preparación'): the starting dwellings go on the home terrain, free, anywhere."""
    from positions import ALL_BONUS, QUIET_SCORES

    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.setup import TOURNAMENT_OPTIONS, GameSetup

    g = Game(GameSetup(players=2, options=frozenset(TOURNAMENT_OPTIONS), score_tiles=QUIET_SCORES,
                       bonus_tiles=ALL_BONUS, factions=("witches", "nomads")))
    assert g.state.phase == "dwellings"
    forest = next(h for h in sorted(g.board.land) if g.state.terrain[h] == "green")
    desert = next(h for h in sorted(g.board.land) if g.state.terrain[h] == "yellow")
    assert g.state.setup_queue[0] == "witches"
    assert card(g, "witches", ("hex", forest)).now == [
        "Setup: your starting dwellings go free on hexes of your home terrain.", "You may place one here."]
    assert card(g, "witches", ("hex", desert)).now[1].startswith("Not here: ")
    assert card(g, "nomads", ("hex", forest)).now[1] == "This hex is not of your home terrain."


def riverwalkers_placing_dwellings():
    """The Riverwalkers (lakes) and the Witches on the original map, the spade tile among the bonus
    tiles, at the Riverwalkers' first starting dwelling (seed 004: they choose a colour; their dwellings stand next to a river)."""
    from test_fire_ice_factions import FI, SCORES

    from tmdesktop.rules.engine import Game
    from tmdesktop.rules.setup import GameSetup

    g = Game(GameSetup(players=2, options=FI, score_tiles=SCORES, bonus_tiles=("BON1", "BON3", "BON4", "BON6", "BON7"),
                       factions=("riverwalkers", "witches")))
    g.apply("riverwalkers", A.PickColor("blue"))
    while g.state.setup_queue[0] != "riverwalkers":
        who = g.state.setup_queue[0]
        g.apply(who, g.legal_actions(who)[0])
    return g


def test_a_riverwalkers_setup_hex_away_from_rivers_says_the_engines_refusal():
    """Play-test: a lakes hex with no river beside it said 'This hex is one.' and the click was
    refused with 'The Riverwalkers' dwellings must stand next to a river.'"""
    g = riverwalkers_placing_dwellings()
    lakes = [h for h in sorted(g.board.land) if g.state.terrain[h] == "blue" and h not in g.state.owner]
    by_river = {a.hex for a in g.legal_actions("riverwalkers")}
    inland = next(h for h in lakes if h not in by_river)
    beside = next(h for h in lakes if h in by_river)
    assert card(g, "riverwalkers", ("hex", inland)).now[1] == (
        "Not here: The Riverwalkers' dwellings must stand next to a river.")
    assert card(g, "riverwalkers", ("hex", beside)).now[1] == "You may place one here."
    assert not any("spade" in line for line in lines(card(g, "riverwalkers", ("hex", inland))))


def test_the_spade_tiles_say_the_riverwalkers_cannot_use_them():
    """Seed 004 (the Riverwalkers): spades gained are lost, and the site forbids them BON1, ACT5 and
    ACT6. The bonus tile's card said 'Action, once per round: 1 spade' with no word of it."""
    g = riverwalkers_placing_dwellings()
    never = "The Riverwalkers cannot use spades, so Spade (bonus tile) is not for them."
    assert never in card(g, "riverwalkers", ("bonus", "BON1")).now
    assert never not in card(g, "witches", ("bonus", "BON1")).now
    assert ("The Riverwalkers cannot use spades, so Power action: 2 spades is not for them."
            in card(g, "riverwalkers", ("power", "ACT6")).now)


@pytest.mark.parametrize("lang, said", [("it", "Casa (in gioco: 2, Tabellone Fazione incluso): 3 lavoratori"),
                                        ("es", "Morada (en juego: 2, tablero de facción incluido): 3 trabajadores")])
def test_the_buildings_on_the_map_are_counted_without_a_participle_of_the_wrong_gender(game, lang, said):
    """Seen in Italian: 'Casa (1 costruiti, ...)' (a house is 'costruita', a temple 'costruito';
    Spanish 'construidos' for a morada). The count says how many are in play, in any gender."""
    from tmdesktop import i18n

    i18n.set_language(lang)
    try:
        assert said in card(game, "witches", ("income", "witches")).now
    finally:
        i18n.set_language("en")


def test_a_players_card_names_the_terrains_chosen_or_unlocked():
    """Play-test: the Riverwalkers' unlocked terrains and the colour a Fire & Ice faction chose
    were shown nowhere but the top bar while placing."""
    g = riverwalkers_placing_dwellings()
    assert "Terrains unlocked: lakes" in card(g, "witches", ("player", "riverwalkers")).now
    assert not any("Terrains unlocked" in line or "Chosen terrain" in line
                   for line in card(g, "riverwalkers", ("player", "witches")).now)

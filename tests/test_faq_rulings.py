"""FAQ rulings and rules details, checked against the rules engine.

Sources (in /work/shared/seeds/): 001 = Italian rulebook, whose "ADDENDA / FAQ" section (after the
faction appendix) collects answers of the authors and experienced players from BoardGameGeek;
000 = Spanish rulebook (Devir, v1.1); 003 = Spanish summary.  Every expected value below comes
from those texts, not from the engine.
"""

from __future__ import annotations

import pytest

from positions import act, corpus_game, corpus_move, new_game, pass_to_the_end, pass_turn, to_move
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.errors import RuleError


def player(g, name):
    """Fetch a player again: a rejected move rebuilds the whole state from the log."""
    return g.state.players[name]


# ---------------------------------------------------------------------------------------------
# Bridges (001 FAQ "Posso costruire un Ponte che connetta una mia Struttura a quella di un
# avversario? ... fra due strutture avversarie?"; 000 Appendix I "Construir un puente")


def _bridge_game():
    # Witches (forest) C3 and A3; Nomads (desert) B4, B1, B6.  B4:C3 is a bridge slot.
    g = new_game(("witches", "nomads"), {"witches": ["C3", "A3"], "nomads": ["B4", "B1", "B6"]},
                 {"witches": "BON5", "nomads": "BON3"})  # BON5: 3 power as income
    assert frozenset(("B4", "C3")) in g.board.bridge_slots
    g.apply("witches", A.Burn(3))  # the 3 power of the bridge action in bowl III
    return g


def test_bridge_between_two_opponent_buildings_is_illegal():
    """001 FAQ: 'Non puoi invece costruire un Ponte che connetta due strutture avversarie perché
    deve sempre connettere almeno una tua Struttura.'  F4:G3 is a bridge slot between two
    forest hexes: the Witches' initial dwellings stand on both ends."""
    g = new_game(("nomads", "witches"), {"nomads": ["B4", "B1", "B6"], "witches": ["F4", "G3"]},
                 {"nomads": "BON5", "witches": "BON3"})
    assert frozenset(("F4", "G3")) in g.board.bridge_slots
    g.apply("nomads", A.Burn(3))
    g.apply("nomads", A.UseAction("ACT1"))
    assert A.PlaceBridge("F4", "G3") not in g.legal_actions("nomads")
    with pytest.raises(RuleError) as err:
        g.apply("nomads", A.PlaceBridge("F4", "G3"))
    assert err.value.code == "bridge_not_connected"
    assert frozenset(("F4", "G3")) not in g.state.bridges


def test_bridge_from_own_building_to_an_opponents_is_legal_and_makes_them_adjacent():
    """001 FAQ: 'Puoi costruire un Ponte che connetta una tua Struttura a quella di un avversario
    (ad esempio per pagare poi di meno il miglioramento ad Emporio ...)'.  000 Appendix I: the
    bridged hexes are directly adjacent: the trading house then costs 3 coins, not 6."""
    g = _bridge_game()
    act(g, "witches", "action ACT1. bridge C3:B4")
    assert g.state.bridges.get(frozenset(("B4", "C3"))) == "witches"
    pass_turn(g, "nomads")
    w = player(g, "witches")
    c = w.C
    act(g, "witches", "upgrade C3 to TP")
    assert w.C == c - 3
    # The Nomads were offered power for the upgrade next to their dwelling across the bridge.
    assert [(o.source, o.amount) for o in player(g, "nomads").leech_offers] == [("witches", 1)]


# ---------------------------------------------------------------------------------------------
# Initial dwellings (001 FAQ "Quando piazza le Case iniziali ... può permettergli di guadagnare
# subito del Potere?  No, perché la partita non è ancora cominciata.")


def test_initial_dwellings_give_no_power():
    g = new_game(("witches", "nomads"), {"witches": ["C4", "A3"], "nomads": ["B4", "B1", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    assert "B4" in g.board.land_neighbours["C4"]  # the two initial dwellings touch
    for name in ("witches", "nomads"):
        p = player(g, name)
        assert p.leech_offers == []
        assert p.VP == 20
    assert g.decision("witches") == "action"


# ---------------------------------------------------------------------------------------------
# Passing in round 6 (001 FAQ "nell'ultimo turno le Tessere Bonus non vengono restituite, ma
# scontano ancora PV al momento di passare?  Sì! ... Lo stesso vale per le analoghe Tessere
# Favore."; 000 p. 14: no new bonus tile is taken in round 6)


def decline_offers(g, name):
    for offer in list(player(g, name).leech_offers):
        g.apply(name, A.Decline(offer.amount, offer.source))


def test_pass_vp_still_scored_when_passing_in_round_6():
    """Played to round 6: the Witches with two trading houses, FAV12 (from a temple) and BON7;
    the Nomads with their three dwellings and BON9."""
    g = new_game(("witches", "nomads"), {"witches": ["F4", "A3"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON7", "nomads": "BON9"})
    act(g, "witches", "upgrade F4 to TP")  # round 1
    g.apply("nomads", A.Pass("BON10"))
    g.apply("nomads", A.Done())
    act(g, "witches", "upgrade F4 to TE", done=False)
    g.apply("witches", A.TakeTile("FAV12"))
    g.apply("witches", A.Done())
    g.apply("witches", A.Pass("BON6"))
    g.apply("witches", A.Done())
    pass_turn(g, "nomads")  # round 2
    g.apply("witches", A.Convert(1, "W", 1, "C"))
    act(g, "witches", "upgrade A3 to TP")
    g.apply("witches", A.Pass("BON3"))
    g.apply("witches", A.Done())
    pass_turn(g, "nomads")  # round 3
    act(g, "witches", "build A2")
    decline_offers(g, "nomads")
    g.apply("witches", A.Pass("BON4"))
    g.apply("witches", A.Done())
    pass_turn(g, "nomads")  # round 4
    act(g, "witches", "upgrade A2 to TP")
    decline_offers(g, "nomads")
    g.apply("witches", A.Pass("BON5"))
    g.apply("witches", A.Done())
    g.apply("nomads", A.Pass("BON9"))  # round 5: the tiles they hold in round 6
    g.apply("nomads", A.Done())
    g.apply("witches", A.Pass("BON7"))
    g.apply("witches", A.Done())
    w, n = player(g, "witches"), player(g, "nomads")
    assert g.state.round == 6 and to_move(g) == "nomads"
    assert (w.counts["TP"], w.favors, w.bonus) == (2, ["FAV12"], "BON7")
    assert (n.counts["D"], n.bonus) == (3, "BON9")
    vp = n.VP
    g.apply("nomads", A.Pass())
    assert n.VP == vp + 3  # BON9: 1 VP per dwelling, 3 dwellings
    g.apply("nomads", A.Done())
    with pytest.raises(RuleError) as err:  # no bonus tile is taken in the last round
        g.apply("witches", A.Pass("BON1"))
    assert err.value.code == "no_bonus_last_round"
    w = player(g, "witches")
    vp = w.VP
    g.apply("witches", A.Pass())
    # BON7: 2 VP per trading house (2 TP = 4); FAV12: 2/3/3/4 VP for 1/2/3/4 TP (2 TP = 3).
    assert w.VP == vp + 4 + 3


# ---------------------------------------------------------------------------------------------
# Chaos Magicians' two favor tiles (001 FAQ "Quando i Maghi del Caos ... prendono 2 Tessere
# Favore, i loro effetti immediati si risolvono una alla volta ... la prima Tessera potrebbe
# ridurre a 6 il valore di potere necessario per costruire la Città ... Solo a questo punto, si
# risolve la seconda Tessera Favore, che ad esempio potrebbe sfruttare la Chiave appena ricevuta
# per far raggiungere al giocatore lo spazio 10")


def test_chaos_magicians_take_two_favor_tiles_one_after_the_other():
    """In a tournament game the Chaos Magicians upgrade their trading house D6, bridged to C5
    (D), which touches D7 (their sanctuary, counting as two buildings), to a temple: power
    2 + 1 + 3 = 6, no town yet.  The game's player takes FAV5 and the town it founds at once
    (TW1, a key); here the second tile is then FAV1, whose +3 Fire takes them from 8 to 10
    with that key."""
    game = "4pLeague_S61_D1L1_G7.txt"
    g = corpus_game(game, 278)
    cm = player(g, "chaosmagicians")
    group = ("D6", "C5", "D7")
    assert {h: cm.buildings.get(h) for h in group} == {"D6": "TP", "C5": "D", "D7": "SA"}
    assert "C5" in g.board.land_neighbours["D7"] and not {"C5", "D7"} & g.board.land_neighbours["D6"]
    assert frozenset(("C5", "D6")) in g.state.bridges
    assert not any(h in cm.buildings for n in group for h in g.board.land_neighbours[n] if h not in group)
    assert not set(group) & cm.town_hexes
    assert cm.keys == 0 and cm.cult["FIRE"] == 6
    assert all(p.cult["FIRE"] < 10 for p in g.state.players.values())
    assert [corpus_move(game, i) for i in (278, 279, 280)] == [
        ("chaosmagicians", A.Upgrade("D6", "TE")), ("chaosmagicians", A.TakeTile("FAV5")),
        ("chaosmagicians", A.TakeTile("TW1"))]
    g.apply("chaosmagicians", A.Upgrade("D6", "TE"))
    assert cm.favors_owed == 2  # 000 Appendix II: 'Los magos del caos siempre cogen dos losetas'
    assert cm.towns_owed == 0
    g.apply("chaosmagicians", A.TakeTile("FAV5"))  # towns need 6: the town is founded at once
    assert cm.cult["FIRE"] == 8  # (FAV5: +2 Fire)
    assert cm.towns_owed == 1
    g.apply("chaosmagicians", A.TakeTile("TW1"))  # its key ...
    assert cm.keys == 1
    g.apply("chaosmagicians", A.TakeTile("FAV1"))  # ... lets the second tile's +3 Fire reach 10
    assert cm.cult["FIRE"] == 10
    assert cm.favors[-2:] == ["FAV5", "FAV1"]
    g.apply("chaosmagicians", A.Done())


def test_chaos_magicians_cannot_take_the_same_favor_tile_twice():
    """000 Appendix II: 'nunca podrás coger una segunda copia de la misma loseta'."""
    g = new_game(("chaosmagicians", "witches"), {"chaosmagicians": ["D4"], "witches": ["A3", "C4"]},
                 {"chaosmagicians": "BON3", "witches": "BON5"})
    act(g, "chaosmagicians", "upgrade D4 to TP")
    pass_turn(g, "witches")
    g.apply("chaosmagicians", A.Upgrade("D4", "TE"))
    assert player(g, "chaosmagicians").favors_owed == 2
    g.apply("chaosmagicians", A.TakeTile("FAV9"))
    assert A.TakeTile("FAV9") not in g.legal_actions("chaosmagicians")
    with pytest.raises(RuleError) as err:
        g.apply("chaosmagicians", A.TakeTile("FAV9"))
    assert err.value.code == "favor_tile_held"
    cm = player(g, "chaosmagicians")
    assert cm.favors == ["FAV9"] and cm.favors_owed == 1


# ---------------------------------------------------------------------------------------------
# Spades from cult bonuses (000 p. 10 and p. 15 "Detalles sobre las palas obtenidas por
# bonificaciones de culto"; 001 FAQ "Le Vanghe possono essere acquisite nella Fase III ...
# c) ... NON puoi pagare Lavoratori ... il terreno viene migliorato, ma non fino a diventare il
# tuo Terreno Patrio ... d) ... puoi applicare le altre su un secondo Terreno ... f) in questa
# fase NON ti è consentito costruire Case")

AIR_SPADE_FIRST = ("SCORE8", "SCORE4", "SCORE9", "SCORE2", "SCORE7", "SCORE6")  # round 1: Air 4 -> 1 spade


def _income_spades(faction="witches", home_hexes=("F4", "A3")):
    """Round 2's income phase with one spade from Air 4: BON5's power, burnt, buys a priest that
    takes Air's 3-step space in round 1."""
    g = new_game((faction, "nomads"), {faction: list(home_hexes), "nomads": ["B1", "B4", "B6"]},
                 {faction: "BON5", "nomads": "BON1"}, score_tiles=AIR_SPADE_FIRST)
    g.apply(faction, A.Burn(5))
    g.apply(faction, A.Convert(5, "PW", 1, "P"))
    act(g, faction, "send p to AIR")
    assert 4 <= player(g, faction).cult["AIR"] < 8  # one spade
    pass_turn(g, "nomads")
    pass_turn(g, faction)
    assert g.state.round == 2
    return g


def test_cult_bonus_spades_cannot_be_topped_up_with_workers():
    g = _income_spades()
    assert g.state.phase == "income-spades"
    assert player(g, "witches").spades == 1
    # G2 (wasteland) is 2 steps from forest: one spade is not enough and no workers may be added.
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.Transform("G2", "green"))
    assert err.value.code == "not_enough_spades"
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.Dig(1))
    assert err.value.code == "not_action_phase"
    assert A.Transform("G2", "green") not in g.legal_actions("witches")
    w = player(g, "witches")
    workers = w.W
    # The spade may still improve the hex one step (wasteland -> mountain), without workers.
    g.apply("witches", A.Transform("G2"))
    assert g.state.terrain["G2"] == "gray"
    # The spade is used up: the round goes on with the other income (workers from dwellings).
    assert g.state.phase == "play"
    w = player(g, "witches")
    assert w.W == workers + g.income_of(w)["W"]
    assert w.buildings.get("G2") is None


def test_no_dwelling_with_cult_bonus_spades_but_leftover_spade_on_another_hex():
    """Two spades from a cult bonus (here Earth 8 in round 6 of a tournament game): the first
    turns one hex a step, no dwelling may be built there, the second goes on another hex."""
    game = "4pLeague_S61_D1L1_G1.txt"
    g = corpus_game(game, 411)
    w = player(g, "witches")
    assert g.state.phase == "income-spades" and w.spades == 2
    assert corpus_move(game, 411) == ("witches", A.Transform("H8", "green"))
    assert corpus_move(game, 412) == ("witches", A.Transform("I12", "green"))
    assert g.state.terrain["H8"] == "gray" and g.state.terrain["I12"] == "gray"
    g.apply("witches", A.Transform("H8", "green"))  # mountain -> forest, 1 spade
    assert g.state.terrain["H8"] == "green" and w.spades == 1
    with pytest.raises(RuleError) as err:  # 000 p. 15: 'No puedes construir moradas en la fase III.'
        g.apply("witches", A.Build("H8"))
    assert err.value.code == "not_action_phase"
    g.apply("witches", A.Transform("I12", "green"))  # the second spade on another hex
    assert g.state.terrain["I12"] == "green"
    w = player(g, "witches")
    assert w.buildings.get("H8") is None and w.buildings.get("I12") is None
    assert g.state.phase == "play"


def test_giants_lose_a_single_cult_bonus_spade():
    """000 Appendix VI (Gigantes): 'En caso de obtener una sola pala durante las bonificaciones de
    culto de la Fase III, la perderán automáticamente.'"""
    g = _income_spades("giants", ("D4", "A6"))
    assert A.Transform("E7", "red") not in g.legal_actions("giants")
    assert not any(isinstance(a, A.Transform) for a in g.legal_actions("giants"))
    with pytest.raises(RuleError) as err:
        g.apply("giants", A.Transform("E7", "red"))
    assert err.value.code == "not_enough_spades"
    if g.state.phase == "income-spades":
        assert g.legal_actions("giants") == [A.DiscardSpade(1)]  # thrown away explicitly
        g.apply("giants", A.DiscardSpade(1))
    assert g.state.phase == "play"
    assert g.state.terrain["E7"] == "gray"
    assert player(g, "giants").spades == 0


# ---------------------------------------------------------------------------------------------
# Spades from a power action (000 p. 10 and Appendix I "2 palas"; 001 FAQ "... f) solo ora
# (dopo aver usato tutte le Vanghe), puoi costruire un Casa sul primo terreno (non su quelli
# successivi) trasformato.")


def test_two_spades_of_act6_may_go_on_two_hexes_but_only_one_dwelling_is_built():
    """000 p. 10 "2 palas": the spades may be split between two hexes, and a dwelling is built on
    one of them only ('no podrás construir una morada en esta otra casilla')."""
    g = new_game(("witches", "nomads"), {"witches": ["A3", "F4"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON5", "nomads": "BON3"})  # BON5, then BON4: 3 power as income
    g.apply("witches", A.Pass("BON4"))
    g.apply("witches", A.Done())
    pass_turn(g, "nomads")  # round 2: the Witches start, power income taken again
    g.apply("witches", A.Burn(5))
    assert player(g, "witches").power[2] >= 6
    g.apply("witches", A.UseAction("ACT6"))
    g.apply("witches", A.Transform("A2", "green"))  # mountain: 1 spade
    g.apply("witches", A.Transform("A4", "green"))  # lakes: the second spade
    assert g.state.terrain["A2"] == "green" and g.state.terrain["A4"] == "green"
    g.apply("witches", A.Build("A4"))
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.Build("A2"))  # the other hex gets no dwelling
    assert err.value.code == "action_taken"
    assert player(g, "witches").buildings.get("A4") == "D" and "A2" not in player(g, "witches").buildings


# ---------------------------------------------------------------------------------------------
# Power (000 p. 13 "Sacrificio de poder"; 001 FAQ "E' lecito bruciare ... anche qualora la Polla
# I non sia completamente vuota?  Sì." and "le conversioni istantanee di potere possono essere
# realizzate solo nella Fase II, nel proprio turno")


def test_burning_power_allowed_with_tokens_in_bowl_I():
    g = new_game(("witches", "nomads"), {"witches": ["A3", "F4"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    assert player(g, "witches").power == [5, 7, 0]  # tokens still in bowl I
    g.apply("witches", A.Burn(1))  # two tokens of bowl II: one leaves the game, one goes to III
    assert player(g, "witches").power == [5, 5, 1]


def test_no_burning_with_a_single_token_in_bowl_II():
    """000 p. 13: 'si solo tienes 1 contador en el cuenco II, no podrás sacrificar puntos de
    poder.'"""
    g = new_game(("witches", "nomads"), {"witches": ["A3", "F4"], "nomads": ["B1", "B4", "B6"]},
                 {"witches": "BON3", "nomads": "BON5"})
    g.apply("witches", A.Burn(3))
    assert player(g, "witches").power == [5, 1, 3]
    with pytest.raises(RuleError) as err:
        g.apply("witches", A.Burn(1))
    assert err.value.code == "not_enough_to_burn"
    assert player(g, "witches").power == [5, 1, 3]


def test_no_conversion_while_answering_a_power_offer():
    """001 FAQ: a player offered power (there: with all tokens in bowl III) cannot first spend
    some by a conversion: conversions are made only in phase II, in one's own turn (or at the end)."""
    g = new_game(("mermaids", "nomads"), {"mermaids": ["H2", "I10"], "nomads": ["D3", "G4", "B6"]},
                 {"mermaids": "BON3", "nomads": "BON9"})
    act(g, "mermaids", "burn 1. build F2")  # a power token in bowl III to spend
    act(g, "nomads", "build E3", done=False)  # beside the Mermaids' F2; still the Nomads' turn
    mermaids = player(g, "mermaids")
    assert mermaids.leech_offers and mermaids.power[2] >= 1 and mermaids.W >= 1
    before = g.digest()
    with pytest.raises(RuleError) as err:
        g.apply("mermaids", A.Convert(1, "PW", 1, "C"))
    assert err.value.code == "convert_not_your_turn"
    with pytest.raises(RuleError) as err:
        g.apply("mermaids", A.Convert(1, "W", 1, "C"))
    assert err.value.code == "convert_not_your_turn"
    assert g.digest() == before


# ---------------------------------------------------------------------------------------------
# Area scoring (001 FAQ "a fine partita vengono premiate le 3 aree connesse più ampie oppure i 3
# giocatori ...?  la seconda che hai detto! ... in partite con 2 giocatori il terzo premio in
# punti non viene mai assegnato.")


def test_area_scoring_one_prize_per_player_no_third_prize_with_two_players():
    """A two-player game: the Witches advance shipping to 1 in round 1, which joins their
    dwellings C3 and C4 across one river hex (an area of 2); the Nomads' three dwellings stay
    apart (three areas of 1).  Then everyone passes to the end: the Witches take 18, the Nomads
    12 for their best area only, and the third prize (6) goes to nobody."""
    g = new_game(("witches", "nomads"), {"witches": ["C3", "C4"], "nomads": ["B4", "B1", "B6"]},
                 {"witches": "BON8", "nomads": "BON5"})  # BON8: the priest shipping costs
    board = g.board
    assert "C4" not in board.land_neighbours["C3"] and board.ship_distance["C3"]["C4"] == 1
    assert all(board.ship_distance[a][b] > 1 for a, b in (("B1", "B4"), ("B4", "B6"), ("B1", "B6")))
    act(g, "witches", "advance ship")
    assert player(g, "witches").ship == 1
    events = pass_to_the_end(g)
    area = {f: sum(e.amount for e in E.gains(events) if e.faction == f and e.source.kind == E.AREA)
            for f in ("witches", "nomads")}
    assert area == {"witches": 18, "nomads": 12}


# ---------------------------------------------------------------------------------------------
# Dwarves and Fakirs (001 FAQ "Posso usare l'abilità Scavare Cunicoli ... o Tappeti Volanti ...
# per costruire su un terreno adiacente ...?  No!"; 000 Appendix VI)


def test_fakirs_carpet_flight_costs_a_priest_and_gives_4_vp_but_not_next_door():
    g = new_game(("fakirs", "witches"), {"fakirs": ["F3", "B1"], "witches": ["A3", "C4"]},
                 {"fakirs": "BON8", "witches": "BON5"})  # BON8: a priest as income
    f = player(g, "fakirs")
    p, vp, w = f.P, f.VP, f.W
    assert p == 1
    # D4 (wasteland, 1 step from desert) is two hexes from F3: one hex (E6) is jumped.
    assert "D4" not in g.board.land_neighbours["F3"]
    act(g, "fakirs", "build D4")
    assert (f.P, f.VP, f.W) == (p - 1, vp + 4, w - 3 - 1)
    pass_turn(g, "witches")
    pass_turn(g, "fakirs")
    pass_turn(g, "witches")  # round 2 (no VP for dwellings on its tile), income taken
    p, vp, w = f.P, f.VP, f.W
    # E6 (plains, 1 step) touches F3: no carpet, no priest, no VP.
    act(g, "fakirs", "build E6")
    assert (f.P, f.VP, f.W) == (p, vp, w - 3 - 1)


def test_dwarves_tunnel_costs_2_workers_and_gives_4_vp():
    g = new_game(("dwarves", "witches"), {"dwarves": ["E7", "A2"], "witches": ["A3", "C4"]},
                 {"dwarves": "BON3", "witches": "BON5"})
    d = player(g, "dwarves")
    vp, w = d.VP, d.W
    # C3 (forest, 1 step from mountain) is reached from E7 across D4.
    assert "C3" not in g.board.land_neighbours["E7"]
    act(g, "dwarves", "build C3")
    assert (d.W, d.VP) == (w - 3 - 1 - 2, vp + 4)


# ---------------------------------------------------------------------------------------------
# Nomads' sandstorm (001 FAQ "i Nomadi possono impiegare l'Abilità Speciale della loro Fortezza
# per trasformare e poi non costruirvi sopra alcuna Casa.  Sì."; 000 Appendix VI: not across a
# river or a bridge)


def _nomads_with_stronghold():
    """Round 2, the Nomads' turn, their stronghold on B4 (a trading house in round 1, the
    stronghold in round 2); the Witches build far away and have not passed."""
    g = new_game(("nomads", "witches"), {"nomads": ["B4", "B1", "B6"], "witches": ["C3", "F4"]},
                 {"nomads": "BON3", "witches": "BON5"})
    act(g, "nomads", "upgrade B4 to TP")
    pass_turn(g, "witches")
    pass_turn(g, "nomads")
    act(g, "witches", "build G2")
    act(g, "nomads", "upgrade B4 to SH")
    act(g, "witches", "upgrade F4 to TP")
    assert g.state.round == 2 and to_move(g) == "nomads" and player(g, "nomads").buildings["B4"] == "SH"
    return g


def test_sandstorm_may_transform_without_building():
    g = _nomads_with_stronghold()
    n = player(g, "nomads")
    w_, c_ = n.W, n.C
    g.apply("nomads", A.UseAction("ACTN"))
    g.apply("nomads", A.Transform("A9", "yellow"))
    assert g.state.terrain["A9"] == "yellow"
    g.apply("nomads", A.Done())
    n = player(g, "nomads")
    assert n.buildings.get("A9") is None
    assert (n.W, n.C) == (w_, c_)
    assert to_move(g) == "witches"


def test_no_spade_is_dug_for_the_sandstorm():
    # The sandstorm's transformation takes no spades, so one dug in its action could never be used
    # and, being dug, never thrown away: random play once reached a turn with no end that way.
    g = _nomads_with_stronghold()
    g.apply("nomads", A.UseAction("ACTN"))
    assert not [a for a in g.legal_actions("nomads") if isinstance(a, A.Dig)]
    w = player(g, "nomads").W
    with pytest.raises(RuleError) as err:
        g.apply("nomads", A.Dig(1))
    assert err.value.code == "dig_unusable"
    assert player(g, "nomads").W == w
    g.apply("nomads", A.Transform("A9", "yellow"))
    g.apply("nomads", A.Done())
    assert to_move(g) == "witches"


def test_sandstorm_does_not_reach_across_a_bridge():
    g = _nomads_with_stronghold()
    assert frozenset(("B6", "C5")) in g.board.bridge_slots  # C5: empty mountain across the river
    g.apply("nomads", A.Burn(3))
    act(g, "nomads", "action ACT1. bridge B6:C5")
    pass_turn(g, "witches")
    assert "C5" in g.adjacent("B6")  # directly adjacent for building ...
    g.apply("nomads", A.UseAction("ACTN"))
    with pytest.raises(RuleError) as err:  # ... but not for the sandstorm
        g.apply("nomads", A.Transform("C5", "yellow"))
    assert err.value.code == "sandstorm_out_of_reach"
    assert g.state.terrain["C5"] == "gray"
    g.apply("nomads", A.Transform("A12", "yellow"))  # next to B6 across land: fine
    assert g.state.terrain["A12"] == "yellow"


# ---------------------------------------------------------------------------------------------
# Darklings (001 FAQ "gli Oscuri possono ricevere Vanghe senza pagare Sacerdoti? ... Devono
# pagare Sacerdoti solo se acquisiscono Vanghe sfruttando l'abilità di Trasformazione ... ed è
# solo in questo caso che ricevono PV.")


def test_darklings_spade_from_power_action_costs_no_priest_and_gives_no_vp():
    g = new_game(("darklings", "witches"), {"darklings": ["E5", "A13"], "witches": ["A3", "C4"]},
                 {"darklings": "BON5", "witches": "BON3"})  # BON5: 3 power as income
    d = player(g, "darklings")
    g.apply("darklings", A.Burn(4))  # 4 power in bowl III for ACT5
    p, vp = d.P, d.VP
    assert p >= 1
    act(g, "darklings", "action ACT5. build E4")  # lakes: 1 step from swamp
    assert (d.P, d.VP) == (p, vp)
    pass_turn(g, "witches")
    act(g, "darklings", "build E6")  # plains: 1 step, paid with a priest: +2 VP
    assert (d.P, d.VP) == (p - 1, vp + 2)


# ---------------------------------------------------------------------------------------------
# Cultists (000 Appendix VI: a cult step when at least one opponent takes the power, however
# many do; 1 power when nobody does)


def _cultists_next_to_witches():
    g = new_game(("cultists", "witches"), {"cultists": ["E6", "H3"], "witches": ["F4", "A3"]},
                 {"cultists": "BON3", "witches": "BON5"})
    assert player(g, "cultists").power == [5, 7, 0]
    return g


def test_cultists_advance_a_cult_when_an_opponent_takes_power():
    g = _cultists_next_to_witches()
    g.apply("cultists", A.Upgrade("E6", "TP"))
    g.apply("witches", A.Leech(1, "cultists"))
    c = player(g, "cultists")
    assert c.cult_steps == 1
    fire = c.cult["FIRE"]
    g.apply("cultists", A.CultStep("FIRE"))  # taken out of turn: the answer closed their turn
    assert c.cult["FIRE"] == fire + 1
    assert g.state.turn.faction != "cultists"


def test_cultists_gain_one_power_when_everyone_declines():
    g = _cultists_next_to_witches()
    g.apply("cultists", A.Upgrade("E6", "TP"))
    g.apply("witches", A.Decline(1, "cultists"))
    c = player(g, "cultists")
    assert c.cult_steps == 0
    assert c.power == [4, 8, 0]


def test_terrain_may_be_made_worse_as_in_tournament_play(corpus_dir):
    """Rulebook and site disagree: 001's FAQ ('non puoi peggiorare') says a terrain may only be
    transformed towards your home terrain, but tournament games on the site transform away from it
    (here the Halflings, home plains, turn B3 into forest to block it) and their scores depend on it.
    The engine follows the site, so that the 49 corpus games replay."""
    from tmdesktop.rules.ledger import read_ledger, replay_ledger

    text = (corpus_dir / "4pLeague_S63_D1L1_G1.txt").read_text(encoding="utf-8")
    ledger = read_ledger(text)
    row = next(r for r in ledger.rows if r.command == "dig 2. transform B3 to green")
    ledger.rows = [r for r in ledger.rows if r.line <= row.line]
    game, _mismatch = replay_ledger(ledger)  # (stopping mid-game: only the end differs)
    assert game.state.terrain["B3"] == "green" and game.player("halflings").faction.home == "brown"
    assert game.player("halflings").snapshot() == row.values

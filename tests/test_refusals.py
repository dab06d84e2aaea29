"""Refusals are data: every code the engine raises has words, in English, Spanish and Italian.

The codes and the params each raise site passes are read from the engine's source (ast), so a
new refusal without a template fails here; real refusals, provoked by trying actions in
positions reached by random legal play, are worded in every language.
"""

from __future__ import annotations

import ast
import random
import re
import string
from pathlib import Path

import pytest

from tmdesktop import i18n
from tmdesktop.refusals import PURCHASES, TEMPLATES, message
from tmdesktop.rules import actions as A
from tmdesktop.rules.data import ALL_FACTIONS, BONUS_TILES, CULTS, FAVOR_TILES, TOWN_TILES, faction
from tmdesktop.rules.engine import Game
from tmdesktop.rules.auction import Auction, Bid, PassBid, TakeFaction
from tmdesktop.rules.errors import CodedError, RuleError, SetupError
from tmdesktop.rules.ledger import LedgerError, read_ledger
from tmdesktop.rules.maps import TERRAINS
from tmdesktop.rules.random_play import random_step
from tmdesktop.rules.setup import FIRE_ICE_FACTION_OPTIONS, GameSetup
from tmdesktop.rules.sitelog import LogError, import_log

RULES = Path(__file__).resolve().parents[1] / "tmdesktop" / "rules"
ERRORS = {"RuleError", "SetupError", "LogError", "LedgerError"}


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def raise_sites():
    """(file:line, code, keyword names) of every coded error and `_pay` purchase in the engine."""
    errors, purchases = [], []
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.name}:{node.lineno}"
            keys = {k.arg for k in node.keywords if k.arg}
            name = _called(node)
            if name in ERRORS and node.args and isinstance(node.args[0], ast.Constant):
                errors.append((where, node.args[0].value, keys))
            elif name == "_pay" and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                purchases.append((where, node.args[2].value, keys))
    return errors, purchases


#: Placeholders worded from another param: the faction with its article after "to" and "of".
FROM_PARAM = {"to_faction": "faction", "of_faction": "faction", "held": "have"}


def placeholders(template: str) -> set[str]:
    """The params a template needs from the raise (a faction's forms need its key)."""
    return {FROM_PARAM.get(field, field) for _, field, _, _ in string.Formatter().parse(template) if field}


ERROR_SITES, PURCHASE_SITES = raise_sites()


def test_the_engine_raises_only_codes_with_words():
    assert len(ERROR_SITES) > 120 and len(PURCHASE_SITES) >= 10  # the scan sees the engine
    codes = {code for _, code, _ in ERROR_SITES}
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", c) for c in codes)
    assert codes - set(TEMPLATES) == set(), "codes without a template"
    assert set(TEMPLATES) - codes == set(), "templates no code uses any more"
    assert {what for _, what, _ in PURCHASE_SITES} == set(PURCHASES)


@pytest.mark.parametrize("where,code,keys", ERROR_SITES, ids=[w for w, _, _ in ERROR_SITES])
def test_each_raise_passes_what_its_template_names(where, code, keys):
    assert placeholders(TEMPLATES[code]) <= keys


@pytest.mark.parametrize("where,what,keys", PURCHASE_SITES, ids=[w for w, _, _ in PURCHASE_SITES])
def test_each_purchase_passes_what_its_words_name(where, what, keys):
    assert placeholders(PURCHASES[what]) <= keys


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_template_is_translated_with_the_same_placeholders(lang):
    try:
        i18n.set_language(lang)
        for code, template in {**TEMPLATES, **PURCHASES}.items():
            words = i18n._(template)
            assert words != template, f"{code} has no {lang} translation"
            assert placeholders(words) == placeholders(template), code
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- real refusals

def candidates(game: Game, rng: random.Random) -> list[tuple[str | None, A.Action]]:
    """A wide net of actions, most of them illegal in any one position, for every seat."""
    board, s = game.board, game.state
    land = sorted(board.land)
    rivers = sorted(h for h, c in board.cells.items() if c.is_river)
    seats = list(s.players)
    acts: list[A.Action] = [
        A.Dig(0), A.Dig(1), A.Burn(1), A.Burn(9), A.Convert(1, "W", 1, "P"), A.Convert(9, "W", 9, "P"),
        A.Convert(1, "C", 1, "P"), A.Convert(5, "PW", 1, "P"), A.Decline(), A.Pass(None), A.Done(),
        A.Advance("ship"), A.Advance("dig"), A.Advance("cult"), A.DiscardSpade(1), A.TokenForVP(True),
        *(A.Pass(b) for b in BONUS_TILES), *(A.TakeTile(t) for t in (*FAVOR_TILES, *TOWN_TILES, "BON1", "XX9")),
        *(A.UseAction(n) for n in ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6", "BON1", "BON2", "FAV6",
                                    "ACTW", "ACTN", "ACTG", "ACTA", "ACTC", "ACTS", "ACTE", "ACT9")),
        *(A.SendPriest(c, spot) for c in CULTS for spot in (None, 3, 2)), A.SendPriest("MUD"),
        *(A.CultStep(c, n) for c in CULTS for n in (1, 2, -1, -3)),
        *(A.PickColor(c) for c in (*TERRAINS, "pink")), *(A.UnlockTerrain(c) for c in (*TERRAINS, "pink")),
        *(A.Build(h) for h in rng.sample(land, 12)), *(A.Build(h) for h in rng.sample(rivers, 2)),
        *(A.Transform(h, c) for h in rng.sample(land, 4) for c in (None, rng.choice(TERRAINS), "volcano", "ice")),
        *(A.Upgrade(h, rng.choice(("TP", "TE", "SH", "SA", "D"))) for h in rng.sample(land, 3) + sorted(s.owner)),
        *(A.PlaceBridge(*sorted(pair)) for pair in rng.sample(sorted(board.bridge_slots), 3)),
        A.PlaceBridge(land[0], land[-1]), *(A.Connect(r) for r in rng.sample(rivers, 3)),
        *(A.Leech(1, f) for f in seats), A.Connect(land[0]),
    ]
    out = [(f, a) for f in seats for a in acts]
    out += [(None, A.ChooseFaction(f)) for f in (*ALL_FACTIONS, "wizards")]
    out += [("wizards", A.Done())]
    return out


def sample_refusals() -> list[CodedError]:
    """Refusals from positions of seeded random games (setup, early and late play, Fire & Ice),
    from an auction, and from unreadable logs and ledgers."""
    found: dict[tuple, CodedError] = {}

    def keep(err):
        found.setdefault((err.code, tuple(sorted(err.params))), err)

    fire_ice = {"options": FIRE_ICE_FACTION_OPTIONS | {"shipping-bonus", "mini-expansion-1"}}
    for players, seed, extra in [(2, 3, {}), (3, 8, fire_ice), (4, 21, fire_ice)]:
        rng = random.Random(seed)
        game = Game(GameSetup.random(players, seed, **extra))
        for step in range(181):
            if game.finished:
                break
            if step in (0, 4, 12, 60, 180):
                for who, action in candidates(game, rng):
                    try:
                        after, err = game.try_apply(who, action)
                    except Exception:  # engine faults are not refusals; other tests catch them
                        continue
                    if err is not None:
                        keep(err)
            game.apply(*random_step(game, rng))
    auction = Auction(players=3, factions=["witches", "nomads", "giants"], starter=0)
    for player, action in [(0, PassBid()), (1, Bid(1)), (0, Bid(41)), (0, TakeFaction("witches", 1)), (0, Bid(2)),
                           (1, PassBid()), (2, PassBid()), (0, Bid(5)), (0, TakeFaction("yetis", 1)),
                           (0, TakeFaction("witches", 9)), (0, TakeFaction("witches", 1)), (1, "shout")]:
        try:
            auction.apply(player, action)
        except RuleError as err:
            keep(err)
    for log in ("option sudden-death\n", "# map atlantis\nscore SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\n",
                "score SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\nsetup wizards\nsetup witches\n", "setup witches\n",
                "score SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6\nplayer-count 2\nsetup witches\nsetup nomads\n"
                "witches: build A1\n", "hello world\n",
                "score SCORE1,SCORE1,SCORE1,SCORE1,SCORE1,SCORE1\nsetup witches\n"):
        try:
            import_log(log)
        except LogError as err:
            keep(err)
    scores = ("SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6", "SCORE7")
    for setup in ({"players": 7}, {"map_key": "atlantis"}, {"options": {"sudden-death"}}, {"score_tiles": scores[:5]},
                  {"score_tiles": scores[:5] + ("SCORE1",)}, {"final_scoring": "most-coins"},
                  {"options": {"fire-and-ice-final-scoring"}}):
        try:
            GameSetup(**{"players": 3, "score_tiles": scores, **setup})
        except SetupError as err:
            keep(err)
    for ledger in ("option sudden-death\n", "Round 1 scoring: SCORE1\n", "witches\t\t20 VP\tbuild G5\n"):
        try:
            read_ledger(ledger)
        except LedgerError as err:
            keep(err)
    return list(found.values())


def test_real_refusals_carry_plain_data_and_read_as_sentences_in_each_language():
    refusals = sample_refusals()
    assert len({e.code for e in refusals}) >= 40  # the net is wide enough to mean something
    for err in refusals:
        for key, value in err.params.items():
            assert isinstance(value, (str, int, dict, list, CodedError, type(None))), (err, key)
            if key == "faction" and value is not None and err.code not in ("unknown_faction", "faction_not_playing"):
                assert value in ALL_FACTIONS, err  # a key, never a display name
            if key == "terrain" and err.code != "unknown_terrain":
                assert value in (*TERRAINS, "ice", "volcano"), err
    try:
        for lang in ("en", "es", "it"):
            i18n.set_language(lang)
            for err in refusals:
                text = message(err)
                assert text and text != str(err) and "{" not in text and err.code not in text, (lang, err, text)
                template = i18n._(TEMPLATES[err.code])
                if "{hex}" in template:
                    assert err.params["hex"] in text
                if "{faction}" in template and err.params["faction"] in ALL_FACTIONS:
                    assert i18n._(faction(err.params["faction"]).display) in text, (lang, err, text)
    finally:
        i18n.set_language("en")


def test_a_refusal_in_spanish_and_italian():
    """The rulebook's shipping example (000 p. 11): C4 is two river hexes from E9."""
    g = Game(GameSetup.random(2, seed=3, factions=("witches", "nomads")))
    err = RuleError("out_of_reach_shipping", hex="C4", ship=1, d=2)
    try:
        i18n.set_language("es")
        assert message(err) == "C4 no es alcanzable: tu navegación es 1 y está a 2 casillas de río."
        i18n.set_language("it")
        assert message(err) == "C4 non è raggiungibile: la tua Navigazione è 1 e dista 2 esagoni di fiume."
        # a refusal from a real position: the second dwelling placed out of turn names who places
        first = g.state.setup_queue[0]
        other = next(f for f in g.state.players if f != first)
        _, refused = g.try_apply(other, A.Build(next(iter(g.board.land))))
        assert refused.code == "not_your_setup_turn" and refused.params == {"faction": first}
        names = {"witches": ("a las Brujas", "alle Streghe"), "nomads": ("a los Nómadas", "ai Nomadi")}[first]
        i18n.set_language("es")
        assert message(refused) == f"Le toca colocar {names[0]}."
        i18n.set_language("it")
        assert message(refused) == f"Tocca {names[1]} piazzare."  # the faction with its article
    finally:
        i18n.set_language("en")


def test_a_cost_refused_names_the_resources_in_words():
    """Found play-testing: 'That power action costs 4 PW; you have 0 PW.' in every language. The
    Nomads start with no power in bowl III (000 p. 5: 5 in bowl I, 7 in bowl II). A conversion
    refused names its resources in words too (it read 'Cannot convert 1 P into 2 W.')."""
    from positions import new_game

    g = new_game(("nomads", "witches"), {"nomads": ["B4", "B1", "B6"], "witches": ["F4", "G3"]},
                 {"nomads": "BON5", "witches": "BON3"})
    _, refused = g.try_apply("nomads", A.UseAction("ACT4"))
    assert refused.code == "cannot_afford" and refused.params["have"] == 0
    try:
        said = {}
        for lang in ("en", "es", "it"):
            i18n.set_language(lang)
            said[lang] = message(refused)
    finally:
        i18n.set_language("en")
    assert said == {"en": "That power action costs 4 power; you have 0 power.",
                    "es": "Esa acción de poder cuesta 4 de poder; tienes 0 de poder.",
                    "it": "Quell'Azione Potere costa 4 Potere; hai 0 Potere."}
    _, refused = g.try_apply("nomads", A.Convert(1, "P", 2, "W"))  # (a priest gives one worker)
    assert refused.code == "bad_conversion"
    assert message(refused) == "Cannot convert 1 priest into 2 workers."


def test_refusal_tells_what_apply_would_raise_and_leaves_the_game_as_it_was():
    rng = random.Random(5)
    game = Game(GameSetup.random(3, 5))
    for _ in range(60):
        game.apply(*random_step(game, rng))
    who = game.decisions()[0].faction
    legal = game.legal_actions(who)[0]
    digest, log = game.digest(), list(game.log)
    assert game.refusal(who, legal) is None
    error = game.refusal(who, A.Build("Z9"))  # no such hex
    assert isinstance(error, RuleError)
    with pytest.raises(RuleError) as raised:
        game.copy().apply(who, A.Build("Z9"))
    assert (error.code, error.params) == (raised.value.code, raised.value.params)
    assert game.digest() == digest and game.log == log

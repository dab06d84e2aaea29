"""The table's controller: whose hands the laptop is in, which decision is open, what is asked
for it (`question`: the picker's title and answers, and whether the laptop changes hands), what a
click or a key means, and what the bar and the status line say.  No drawing and no pygame: the
map scene asks it and draws; overlays and tests can ask it too.

Every question about the engine's decisions (`decider`, `decision`, `can_end_turn`) goes through
here and the session, so the coming single decision model changes one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tmdesktop.i18n import _, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.data import POWER_ACTIONS
from tmdesktop.refusals import message, never_for
from tmdesktop.rules.preview import offer_terms
from tmdesktop.teaching.warnings import fewest_burns

from . import describe, legal
from .options import Option
from .session import Session

TOOLS = {"build": (A.Build,), "upgrade": (A.Upgrade,), "transform": (A.Transform,)}
HEX_ACTIONS = (A.Build, A.Upgrade, A.Transform)
#: Decisions answered in a picker (or a hand-off when they are asked out of turn).
PICKED = {"leech", "color", "unlock", "lose-cult", "p3", "cult", "favor", "town", "bonus"}


@dataclass
class Question:
    """What the table asks `faction` now, for the scene to draw.

    With `options`: a picker titled `title` (`cards`: a tile or cult-track picker, which may be
    closed to look at the board and answered there).  Without: nothing to pick, the player acts on the map.  `handoff`: the laptop changes
    hands first (the picker says so, or a notice with `subtitle`, what they are to do)."""

    faction: str
    kind: str  # the engine's decision (leech, cult, favor ...)
    title: str = ""
    options: list[Option] = field(default_factory=list)
    handoff: bool = False
    subtitle: str = ""
    cards: bool = False
    #: A line under the picker's title when the laptop stays in the same hands (a power offer:
    #: who built or upgraded next to the player; handed over, `subtitle` says it).
    note: str = ""


def tile_options(pool: dict, acts: list[A.Action]) -> list[Option]:
    """The favor or town tiles `acts` may take, as cards with how many of each are left ("×2")."""
    return [Option(f"×{pool.get(a.tile, 0)}", a, card=a.tile) for a in acts if isinstance(a, A.TakeTile)]


def settles(kind: str, a: A.Action, p) -> bool:
    """Whether `a` answers the decision `kind` (the legal list also holds the player's other
    choices: other things owed, and in their own turn the turn's actions)."""
    if kind == "leech":
        return isinstance(a, (A.Leech, A.Decline)) and a.source == p.leech_offers[0].source
    if kind in ("cult", "lose-cult"):
        return isinstance(a, A.CultStep) and (a.n > 0) == (kind == "cult")
    if kind in ("favor", "town"):
        return isinstance(a, A.TakeTile) and a.tile.startswith("FAV" if kind == "favor" else "TW")
    wanted = {"color": A.PickColor, "unlock": A.UnlockTerrain, "p3": A.TokenForVP, "bonus": A.Pass}
    return isinstance(a, wanted.get(kind, A.Action))


class TableController:
    def __init__(self, session: Session):
        self.session = session
        self.tool: str | None = None  # build, upgrade, transform: what a click on a hex means
        #: The faction whose hands the laptop is in (None: nobody yet); a change is announced.
        self.holder: str | None = None
        #: faction -> the player's name, where the table has names (a hand-off says whom to)
        self.names: dict[str, str] = {}
        self._reasons: dict = {}
        self._previews: dict = {}
        self._enabled: tuple = (None, None, {})  # (legal list, phase, buttons enabled by it)

    @property
    def game(self):
        return self.session.game

    # ------------------------------------------------------------------ decisions and targets

    def decider(self) -> str | None:
        return self.session.decider()

    def legal(self) -> list[A.Action]:
        return self.session.legal()

    def _allowed_by_tool(self, a: A.Action) -> bool:
        if self.tool is None:
            return True
        return isinstance(a, TOOLS[self.tool])

    def actions_for(self, target) -> list[A.Action]:
        if target is None:
            return []
        kind, key = target
        acts = self.legal()
        if kind == "hex":
            found = [a for a in acts if isinstance(a, HEX_ACTIONS) and a.hex == key and self._allowed_by_tool(a)]
            return found + [a for a in acts if isinstance(a, A.Connect) and a.river == key]
        if kind == "power":
            return [a for a in acts if a == A.UseAction(key)]
        if kind == "cult":
            steps = [a for a in acts if isinstance(a, A.CultStep) and a.cult == key]
            return steps or self.priest_options(acts, key)
        if kind == "spot":
            cult, value, _i = key
            return [a for a in self.priest_options(acts, cult) if a.spot == value]
        if kind == "bonus":
            return [a for a in acts if isinstance(a, A.Pass) and a.bonus == key]
        if kind in ("favor", "town"):
            return [a for a in acts if a == A.TakeTile(key)]
        if kind == "held":
            owner, name = key
            if owner != self.decider():
                return []
            return [a for a in acts if a == A.UseAction(name)]
        if kind == "bridge":
            return [a for a in acts if isinstance(a, A.PlaceBridge) and frozenset((a.a, a.b)) == key]
        return []

    def priest_options(self, acts, cult: str | None = None) -> list[A.SendPriest]:
        """The priest sends among `acts` (of `cult`), each spelled with the order space it takes
        (3, 2, or 1: one step): the plain send names the space the engine gives it."""
        sends = (a for a in acts if isinstance(a, A.SendPriest) and cult in (None, a.cult))
        out = [a if a.spot is not None else A.SendPriest(a.cult, self.game.priest_space(a.cult)) for a in sends]
        return list(dict.fromkeys(out))

    def burn_first(self, me: str | None, action: A.Action) -> int | None:
        """The fewest power tokens `me` must burn for the engine to accept power action `action`
        (None: burning does not make it so; `warnings.fewest_burns`)."""
        if me is None or not isinstance(action, A.UseAction):
            return None
        return fewest_burns(self.game, me).get(action.name)

    # ------------------------------------------------------------------ a suggestion being followed

    def same_step(self, faction: str | None, a: A.Action, b: A.Action) -> bool:
        """Whether `a` and `b` are the same move for `faction` now, by what the engine would play
        (its listed form): a priest sent to Fire's 2 space is the suggestion's plain send to the
        best free space when that space is the 2."""
        if a == b:
            return True
        if type(a) is not type(b) or faction is None:
            return False
        form = self.game.listed_form(faction, a)
        return form is not None and form == self.game.listed_form(faction, b)

    def suggestion_from_here(self, faction: str, rest: tuple[A.Action, ...]) -> tuple[A.Action, ...]:
        """The steps of a suggestion still to play, in the order the game now asks them: when a
        picker's decision is open (a cult step owed by the Acolytes' spade action while, alone in
        the round, they could already build), the step of the suggestion that answers it comes
        first; a decision the suggestion does not answer ends it (() : nothing is marked)."""
        kind = self.game.decision(faction)
        if not rest or kind not in PICKED:
            return rest
        p = self.game.state.players[faction]
        i = next((i for i, a in enumerate(rest) if settles(kind, a, p)), None)
        if i is None:
            return ()
        return (rest[i],) + rest[:i] + rest[i + 1:]

    def natural_action(self, target) -> A.Action | None:
        """The action a click on `target` most likely meant, to ask the engine why it is refused."""
        kind, key = target
        s = self.game.state
        me = self.decider()
        if kind == "hex":
            if not self.game.board.is_land(key):
                return A.Connect(key) if s.players.get(me) and s.players[me].faction.name == "mermaids" else A.Build(key)
            if self.tool == "transform":
                return A.Transform(key)
            if self.tool == "build":
                return A.Build(key)
            if (me and s.owner.get(key) == me) or self.tool == "upgrade":  # (the Upgrade tool never builds)
                kind_now = s.players[me].buildings.get(key) if me in s.players else None
                to = {None: "TP", "D": "TP", "TP": "TE", "TE": "SA"}.get(kind_now, "SH")
                return A.Upgrade(key, to)
            return A.Build(key)
        if kind == "power":
            return A.UseAction(key)
        if kind == "cult":
            return A.SendPriest(key)
        if kind == "spot":
            return A.SendPriest(key[0], key[1])
        if kind == "bonus":
            return A.Pass(key)
        if kind in ("favor", "town"):
            return A.TakeTile(key)
        if kind == "held":
            return A.UseAction(key[1])
        return None

    def highlights(self) -> list[str]:
        acts = self.legal()
        out = {a.hex for a in acts if isinstance(a, HEX_ACTIONS) and self._allowed_by_tool(a)}
        out |= {a.river for a in acts if isinstance(a, A.Connect)}
        return sorted(out)

    def glowing(self) -> frozenset:
        acts = self.legal()
        out = set()
        me = self.decider()
        for a in acts:
            if isinstance(a, A.UseAction):
                out.add(("power", a.name))
                out.add((me, a.name))
            elif isinstance(a, A.TakeTile):
                out.add(("favor" if a.tile.startswith("FAV") else "town", a.tile))
            elif isinstance(a, A.Pass) and a.bonus and self.game.state.phase == "bonus":
                out.add(("bonus", a.bonus))
        return frozenset(out)

    @staticmethod
    def _specials(acts) -> list[A.Action]:
        """Tile and stronghold actions, and the Mermaids' town across a river."""
        return [a for a in acts if (isinstance(a, A.UseAction) and a.name not in POWER_ACTIONS)
                or isinstance(a, A.Connect)]

    def _bridge_slots(self) -> list:
        return [frozenset((a.a, a.b)) for a in self.legal() if isinstance(a, A.PlaceBridge)]

    def button_enabled(self) -> dict[str, bool]:
        """Which bar buttons can do something now."""
        acts = self.legal()
        phase = self.game.state.phase
        if self._enabled[0] is not acts or self._enabled[1] != phase:  # the listing is kept until the game changes
            types = {type(a) for a in acts}
            tracks = {a.track for a in acts if type(a) is A.Advance}
            self._enabled = (acts, phase, {
                "build": A.Build in types, "upgrade": A.Upgrade in types, "transform": A.Transform in types,
                "priest": A.SendPriest in types, "ship": "ship" in tracks, "dig": "dig" in tracks,
                "special": bool(self._specials(acts)), "convert": A.Convert in types or A.Burn in types,
                "pass": A.Pass in types and phase == "play", "done": A.Done in types or A.DiscardSpade in types,
            })
        return {**self._enabled[2], "undo": self.session.can_undo()}

    def can_end_turn(self) -> bool:
        return self.game.can_end_turn(self.decider() or "")

    # ------------------------------------------------------------------ what to ask

    def question(self) -> Question | None:
        """The picker the current decision needs and whether the laptop changes hands for it;
        None when nobody decides or the answers cannot be offered."""
        g = self.game
        me = self.decider()
        if me is None:
            return None
        kind = g.decision(me)
        p = g.state.players[me]
        acts = [a for a in self.legal() if settles(kind, a, p)]
        handoff = self.holder not in (None, me)  # said first, in the question's dialog or by a notice
        if kind not in PICKED or not acts:
            return Question(me, kind, handoff=handoff, subtitle=self.status_text() if handoff else "")
        upgrade = self.offer_upgrade(me) if kind == "leech" else {}  # said in the note and the subtitle
        title, options, subtitle = self._ask(kind, me, acts, upgrade)
        if not options:
            return None
        note = ""
        if kind == "leech":
            said = (_("{the_source} upgraded {hex} to a {building} next to you.") if upgrade else
                    _("{the_source} built next to you."))
            note = describe.capitalised(said.format(the_source=describe.the_faction(p.leech_offers[0].source),
                                                    **upgrade))
        # what is also answered on the board (a glowing tile or cult track) may be closed to look at it
        return Question(me, kind, title, options, handoff, subtitle, cards=kind in ("favor", "town", "bonus", "cult"),
                        note=note)

    def offer_upgrade(self, me: str) -> dict[str, str]:
        """The upgrade behind `me`'s power offer, as its words take it ({"hex": "F4", "building":
        "trading house"}), or {} for a dwelling built: read from the events of the action that
        made the offer (the building placed before the offer, by its builder)."""
        source = self.game.state.players[me].leech_offers[0].source
        for caused in reversed(self.game.events):
            built = None
            for e in caused:
                if isinstance(e, E.Built) and e.faction == source:
                    built = e
                elif isinstance(e, E.PowerOffered) and e.faction == source and e.to == me and built is not None:
                    return ({"hex": built.hex, "building": describe.building_in_sentence(built.building)}
                            if built.replaced else {})
        return {}

    def _ask(self, kind: str, me: str, acts: list[A.Action], upgrade: dict[str, str]) -> tuple[str, list[Option], str]:
        """(title, options, subtitle) of the picker for decision `kind` (`upgrade`: a power offer's
        `offer_upgrade`)."""
        g = self.game
        s = g.state
        name = describe.faction(g, me)
        if kind == "leech":
            offer = s.players[me].leech_offers[0]
            terms = offer_terms(g, me)  # the engine's price: taken on a fork
            n, vp = (terms.power, terms.vp) if terms else (g.leech_amount(s.players[me], offer), 0)
            if vp:
                title = _("{faction}: take {n} power for {vp} VP?").format(faction=name, n=n, vp=vp)
            else:
                title = _("{faction}: take {n} power for free?").format(faction=name, n=n)
            # only the offer's two answers: the turn's other actions are the map's, not this dialog's
            opts = [Option(_("Take {n} power").format(n=n), a, [("PW", f"+{n}")] + ([("VP", f"−{vp}")] if vp else []))
                    if isinstance(a, A.Leech) else Option(_("Decline"), a)
                    for a in acts if isinstance(a, (A.Leech, A.Decline))]
            player = self.names.get(me)
            if player:
                said = (_("Hand the game to {player} ({faction}): {the_source} upgraded {hex} to a {building} next "
                          "to them") if upgrade else
                        _("Hand the game to {player} ({faction}): {the_source} built next to them"))
            else:
                said = (_("Hand the game {to_faction} ({the_source} upgraded {hex} to a {building} next to them)")
                        if upgrade else _("Hand the game {to_faction} ({the_source} built next to them)"))
            subtitle = said.format(player=player, faction=name, to_faction=describe.to_faction(me),
                                   the_source=describe.the_faction(offer.source), **upgrade)
            return title, opts, subtitle
        if kind == "cult":
            opts = [Option(describe.cult(a.cult), a, [(a.cult, f"+{a.n}")]) for a in acts]
            title = _("{faction}: advance on which cult track?")
        elif kind == "lose-cult":
            opts = [Option(describe.action(g, a), a, [(a.cult, f"−{-a.n}")]) for a in acts]
            title = _("{faction}: the volcano costs cult steps; lose them on which track?")
        elif kind == "color":
            opts = [Option(describe.terrain(a.color).capitalize(), a, swatch=a.color) for a in acts]
            title = _("{faction}: choose your colour")
        elif kind == "unlock":
            p = s.players[me]
            if p.P >= p.max_priests:  # a priest kept beyond the Riverwalkers' limit is lost
                keep, gives = _("Keep the priest (lost: no room for another priest)"), []
            else:
                keep, gives = describe.action(g, A.UnlockTerrain("gain-priest")), [("P", "+1")]
            opts = [Option(keep, a, gives) if a.color == "gain-priest" else
                    Option(describe.action(g, a), a, self.tokens(me, a), swatch=a.color) for a in acts]
            title = _("{faction}: a new priest; unlock a terrain or keep it?")
        elif kind == "p3":
            opts = [Option(describe.action(g, a), a, [("PW", "+1"), ("VP", "−1")] if a.take else []) for a in acts]
            title = _("{faction}: an opponent took your power")
        elif kind == "favor":
            opts = tile_options(s.favor_pool, acts)
            title = _("{faction}: choose a favor tile")
        elif kind == "town":
            opts = tile_options(s.town_pool, acts)
            title = _("{faction}: you founded a town; choose a town tile")
        else:  # bonus
            opts = self.bonus_options(me, acts)
            title = _("{faction}: choose a bonus tile")
        return title.format(faction=name), opts, ""

    def bonus_options(self, me: str, acts: list[A.Action]) -> list[Option]:
        """The bonus tiles `me` may take when passing, as cards: the card says what the tile does
        and a coin badge what lies on it, as on the board, and its tooltip whether `me` can use its
        action at all (the Riverwalkers may take the spade tile for its income alone); a pass
        without a tile is a plain answer."""
        pool = self.game.state.bonus_pool
        return [Option("", a, card=a.bonus, badge=str(pool[a.bonus]) if pool.get(a.bonus) else None,
                       note=never_for(me, a.bonus)) if a.bonus
                else Option(_("Pass"), a) for a in acts if isinstance(a, A.Pass)]

    def tokens(self, faction: str | None, action: A.Action) -> list:
        """What `action` costs and gives `faction`, as (icon, "+n"/"−n") pairs (the engine's
        preview on a fork, kept per position)."""
        if faction is None:
            return []
        key = (self.session.version, len(self.game.log), faction, action)
        if key not in self._previews:
            if len(self._previews) > 400:
                self._previews.clear()
            self._previews[key] = legal.preview(self.game, faction, action)
        d = self._previews[key]
        return [] if d is None else [(k, f"{'+' if n > 0 else '−'}{abs(n)}") for k, n in d.items()]

    # ------------------------------------------------------------------ words

    def disabled_reason(self, key: str) -> str:
        """Why a greyed bar button cannot be used now, in the engine's words where it has them."""
        ck = (self.session.version, key, self.tool)
        if ck not in self._reasons:
            self._reasons = {ck: self._reason(key)}
        return self._reasons[ck]

    def _reason(self, key: str) -> str:
        g = self.game
        me = self.decider()
        if key == "undo":
            return _("There is nothing to undo.")
        if me is None:
            return describe.status(self.session) or _("Nothing can be done now.")
        if g.decision(me) not in ("action", "followup", "end", "leech"):
            return self.status_text()  # a choice is owed first: say which
        if key == "convert":
            return _("Nothing to convert now: no resources for any conversion.")
        if key == "special":
            return _("No special action is available now (bonus, favor or stronghold actions).")
        probes = {
            "ship": [A.Advance("ship")], "dig": [A.Advance("dig")], "priest": [A.SendPriest("FIRE")],
            "pass": [A.Pass(b) for b in list(g.state.bonus_pool)[:1]] or [A.Pass()], "done": [A.Done()],
            "build": [A.Build(h) for h in self._reason_hexes(me, "build")],
            "upgrade": [A.Upgrade(h, {"D": "TP", "TP": "TE", "TE": "SA"}.get(k, "SH"))
                        for h, k in sorted(g.state.players[me].buildings.items())],
            "transform": [A.Transform(h) for h in self._reason_hexes(me, "transform")],
        }.get(key, [])
        try:
            refusals = [r for r in (legal.refused(g, me, a) for a in probes[:40]) if r]
        except Exception:  # an engine bug must not take the bar down
            refusals = []
        if key == "build":  # what stops the hexes in reach matters; if none is, that is said of all
            # (the play-test read "G5 is not reachable" as the only hex tried)
            refusals = [r for r in refusals if r.code not in ("out_of_reach", "out_of_reach_shipping")]
            if not refusals and probes:
                return _("No free hex of your terrain is in your reach.")
        if not refusals:
            return _("Not possible now.")
        # the engine's most frequent objection is the one that matters
        codes = [r.code for r in refusals]
        code = max(codes, key=codes.count)
        said = [message(r) for r in refusals if r.code == code]
        return max(said, key=said.count)

    def _reason_hexes(self, me: str, kind: str) -> list[str]:
        """Hexes to ask the engine about: free hexes of the player's terrain to build on, free
        hexes next to the player's buildings to transform."""
        st = self.game.state
        p = st.players[me]
        if kind == "build":
            colour = p.color or p.faction.home
            return sorted(h for h in self.game.board.land if st.terrain[h] == colour and h not in st.owner)
        near = set()
        for h in p.buildings:
            near |= set(self.game.adjacent(h))
        return sorted(h for h in near if h not in st.owner and self.game.board.is_land(h))

    def phase_text(self) -> str:
        if self.game.state.phase in ("factions", "colors"):
            return _("Setup")
        return describe.phase(self.game)

    def status_text(self) -> str:
        """What the table waits for: the Fire & Ice decisions and the double turn, then `describe.status`."""
        g = self.game
        me = self.decider()
        if me is None or g.state.phase == "finished":
            return describe.status(self.session)
        name = describe.faction(g, me)
        kind = g.decision(me)
        lines = {
            "color": _("{faction}: choose your colour"),
            "unlock": _("{faction}: unlock a terrain with the new priest, or keep it"),
            "lose-cult": _("{faction}: choose the cult track to lose steps on"),
            "p3": _("{faction}: buy a power token for 1 VP?"),
        }
        if kind in lines:
            return lines[kind].format(faction=name)
        if kind in ("leech", "favor", "town", "cult"):  # owed first: the turn cannot end before
            return describe.status(self.session)
        stage = self.session.turn_stage(me)
        if stage == "spades":
            n = g.state.players[me].spades
            return ngettext("{faction}: you hold {n} spade: click a hex to transform it (Enter loses it)",
                            "{faction}: you hold {n} spades: click a hex to transform it (Enter loses them)",
                            n).format(faction=name, n=n)
        t = g.state.turn
        if stage == "followup" and not any(n > 0 for n in t.followups.values()) and g.alone_in_round(g.state.players[me]):
            # what glows is the next action's targets: the last player in the round goes on at once
            return _("{faction}: the others have passed: take another action, or end your turn (Enter)").format(
                faction=name)
        if stage == "followup" and not g.can_end_turn(me):  # (a bridge taken must be placed)
            return _("{faction}: finish your action (highlighted targets)").format(faction=name)
        if stage == "followup":
            return _("{faction}: finish your action on a glowing target, or end your turn (Enter)").format(faction=name)
        if stage == "convert":
            return _("{faction}: convert (C), or end your turn (Enter)").format(faction=name)
        if stage == "over":  # after a pass, say: no conversion is left to offer
            return _("{faction}: end your turn (Enter)").format(faction=name)
        if kind == "action" and t.faction == me and t.extra_action and t.actions > 1:
            return _("{faction}: double turn, {n} actions to take").format(faction=name, n=t.actions)
        if kind == "action" and t.faction == me and t.extra_action:
            return _("{faction}: double turn, the second action").format(faction=name)
        return describe.status(self.session)

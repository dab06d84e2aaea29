"""Words for actions, phases and tiles, translated at the moment they are shown."""

from __future__ import annotations

from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules import actions as A
from tmdesktop.rules import events as E
from tmdesktop.rules.errors import RuleError
from tmdesktop.rules.data import POWER_ACTIONS
from tmdesktop.rules.data import faction as faction_data

from . import theme, tile_texts  # tile_texts words tiles with this module's words (used at call time)

POWER_ACTION_NAMES = {
    "ACT1": "Bridge", "ACT2": "Priest", "ACT3": "2 workers", "ACT4": "7 coins", "ACT5": "Spade",
    "ACT6": "2 spades",
}
SPECIAL_ACTION_NAMES = {
    "BON1": "Spade (bonus tile)", "BON2": "Cult step (bonus tile)", "FAV6": "Cult step (favor tile)",
    "ACTW": "Free dwelling (stronghold)", "ACTN": "Sandstorm (stronghold)", "ACTG": "2 free spades (stronghold)",
    "ACTA": "2 cult steps (stronghold)", "ACTC": "Double turn (stronghold)", "ACTS": "Free trading house (stronghold)",
    "ACTE": "Bridge for 2 workers",
}


def in_sentence(text: str) -> str:
    """A name or line as it reads inside a sentence: its first letter in lower case."""
    return text[:1].lower() + text[1:]


def amount(n: int, resource: str) -> str:
    """'1 coin', '3 coins': a number of a resource with the plural each language needs."""
    forms = {
        "C": lambda: ngettext("{n} coin", "{n} coins", n), "W": lambda: ngettext("{n} worker", "{n} workers", n),
        "P": lambda: ngettext("{n} priest", "{n} priests", n), "PW": lambda: ngettext("{n} power", "{n} power", n),
        "VP": lambda: ngettext("{n} victory point", "{n} victory points", n),
        "tokens": lambda: ngettext("{n} power token", "{n} power tokens", n),
    }
    return forms[resource]().format(n=n) if resource in forms else f"{n} {resource}"


def building(kind: str) -> str:
    return _(theme.BUILDING_NAMES.get(kind, kind))


def building_in_sentence(kind: str) -> str:
    return _(theme.BUILDING_NAMES_IN_SENTENCE.get(kind, kind))


def terrain(colour: str) -> str:
    return _(theme.TERRAIN_NAMES.get(colour, colour))


def cult(name: str) -> str:
    return _(theme.CULT_NAMES.get(name.upper(), name))


def faction(game, name: str | None) -> str:
    """A faction's name in the player's language (one not chosen yet in `game` too: the replay
    lists the moves still to come)."""
    if not name:
        return ""
    p = game.state.players.get(name)
    if p:
        return _(p.faction.display)
    try:
        return _(faction_data(name).display)
    except KeyError:
        return name


def the_faction(name: str | None) -> str:
    """A faction with its article, as a sentence's subject or object: "the Witches", Italian "le
    Streghe", "gli Alchimisti", Spanish "las Brujas" (each faction's own message)."""
    return _faction_phrase("the {}", name)


def from_faction(name: str | None) -> str:
    """Where power comes from: "from the Witches", Italian "dalle Streghe", "dai Nomadi", "dagli
    Alchimisti", Spanish "de las Brujas" (each faction's own message)."""
    return _faction_phrase("from the {}", name)


def of_faction(name: str | None) -> str:
    """Whose a thing is: "of the Witches", Italian "delle Streghe", "dei Nomadi", "degli
    Alchimisti", Spanish "de las Brujas" (each faction's own message)."""
    return _faction_phrase("of the {}", name)


def by_faction(name: str | None) -> str:
    """Who did it: "by the Witches", Italian "dalle Streghe", Spanish "por las Brujas"."""
    return _faction_phrase("by the {}", name)


def to_faction(name: str | None) -> str:
    """Whom the game goes to: "to the Witches", Italian "alle Streghe", "ai Nomadi", "agli
    Alchimisti", Spanish "a las Brujas"."""
    return _faction_phrase("to the {}", name)


def capitalised(sentence: str) -> str:
    """A sentence that begins with a faction's article ("the Witches built ..."), its first
    letter a capital."""
    return sentence[:1].upper() + sentence[1:]


def _faction_phrase(pattern: str, name: str | None) -> str:
    try:
        display = faction_data(name).display
    except (KeyError, TypeError):
        return pattern.format(name or "?")
    return _(pattern.format(display))


def player_lines(game, names: dict, name: str) -> list[str]:
    """A player as the end-of-game screens name them: their name (if the table has names) and
    their faction, to be written on one line joined by " · " or on two."""
    f = faction(game, name)
    return [names[name], f] if names.get(name) else [f]


def tile_name(name: str) -> str:
    """'Bonus tile', 'Favor tile', 'Town tile', 'Round scoring tile': the board shows no tile
    numbers, so the words beside the name say which tile it is; actions by their names."""
    for prefix, label in (("BON", N_("Bonus tile")), ("FAV", N_("Favor tile")), ("TW", N_("Town tile")),
                          ("SCORE", N_("Round scoring tile"))):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return _(label)
    return action_name(name)


def _pass(game, a: A.Pass, setup: bool | None = None) -> str:
    """A pass in words; `setup`: whether it is the setup's pick of a bonus tile (None: the pick
    if `game` is at it now)."""
    if not a.bonus:
        return _("Pass")
    if setup is None:
        setup = game is not None and game.state.phase == "bonus"
    if setup:  # the setup's pick, before the first round: no pass
        return _("Take the bonus tile ({what})").format(what=tile_texts.summary(a.bonus))
    return _("Pass and take the bonus tile ({what})").format(what=tile_texts.summary(a.bonus))


def power_action_name(name: str) -> str:
    """A power action's own name ("Priest"), as its tile on the board says it."""
    return _(POWER_ACTION_NAMES[name])


def action_name(name: str) -> str:
    if name in POWER_ACTIONS:
        return _("Power action: {what}").format(what=power_action_name(name))
    return _(SPECIAL_ACTION_NAMES.get(name, name))


def _transform(game, a: A.Transform) -> str:
    if a.color:
        return _("Transform {hex} into {terrain}").format(hex=a.hex, terrain=terrain(a.color))
    return _("Transform {hex}").format(hex=a.hex)


def _use(game, a: A.UseAction) -> str:
    if a.name == "ACTC":  # in a picker, the name alone does not say what the double turn is
        return _("Double turn: take two actions (stronghold)")
    return action_name(a.name)


def _priest(game, a: A.SendPriest) -> str:
    """A priest sent to a cult track, with the space it takes: the plain send (no space named)
    takes the best free order space, which the engine says from the position `game` (the one the
    move is played in: a move already made is worded from its events, `played`)."""
    if a.spot is None:
        if game is None:  # no position: the space is not known
            return _("Send a priest to {cult}").format(cult=cult(a.cult))
        return _priest_to(a.cult, game.priest_space(a.cult))
    return _priest_to(a.cult, a.spot)


def _priest_to(cult_name: str, space: int) -> str:
    """'Send a priest to Fire (2 steps)'; the space 1 is no order space: the priest returns."""
    if space == 1:
        return _("Send a priest to {cult} (1 step, priest returns)").format(cult=cult(cult_name))
    return ngettext("Send a priest to {cult} ({n} step)", "Send a priest to {cult} ({n} steps)",
                    space).format(cult=cult(cult_name), n=space)


def _cult_step(game, a: A.CultStep) -> str:
    if a.n < 0:  # the volcano's price
        return _("Lose {n} on {cult}").format(n=-a.n, cult=cult(a.cult))
    return _("Advance on {cult}").format(cult=cult(a.cult))


def _unlock(game, a: A.UnlockTerrain) -> str:
    if a.color == "gain-priest":
        return _("Keep the priest")
    return _("Unlock {terrain}").format(terrain=terrain(a.color))


#: How each kind of action is worded: one line saying what it does, for menus, tooltips, the log.
WORDING = {
    A.Build: lambda game, a: _("Build a dwelling on {hex}").format(hex=a.hex),
    A.Upgrade: lambda game, a: _("Upgrade {hex} to a {building}").format(hex=a.hex, building=building_in_sentence(a.to)),
    A.Transform: _transform,
    A.UseAction: _use,
    A.SendPriest: _priest,
    A.Advance: lambda game, a: _("Advance shipping") if a.track.startswith("ship") else _("Advance digging"),
    A.Pass: _pass,
    A.Convert: lambda game, a: _("Convert {what} into {into}").format(what=amount(a.give_n, a.give),
                                                                      into=amount(a.get_n, a.get)),
    A.Burn: lambda game, a: ngettext("Burn {n} power token (bowl II to III)", "Burn {n} power tokens (bowl II to III)",
                                     a.n).format(n=a.n),
    A.Leech: lambda game, a: _("Take power {from_faction}").format(from_faction=from_faction(a.source)),
    A.Decline: lambda game, a: _("Decline the power"),
    A.TakeTile: lambda game, a: (_("Take the town tile ({what})") if a.tile.startswith("TW")
                                 else _("Take the favor tile ({what})")).format(what=tile_texts.summary(a.tile)),
    A.CultStep: _cult_step,
    A.PlaceBridge: lambda game, a: _("Place a bridge between {a} and {b}").format(a=a.a, b=a.b),
    A.Connect: lambda game, a: _("Join a town across river hex {hex}").format(hex=a.river),
    A.Done: lambda game, a: _("End your turn"),
    A.DiscardSpade: lambda game, a: _("Discard the remaining spades"),
    A.Dig: lambda game, a: ngettext("Dig {n} spade", "Dig {n} spades", a.spades).format(n=a.spades),
    A.PickColor: lambda game, a: _("Take {terrain} as your colour").format(terrain=terrain(a.color)),
    A.UnlockTerrain: _unlock,
    A.TokenForVP: lambda game, a: (_("Buy a power token in bowl III for 1 VP") if a.take
                                   else _("Do not buy the token")),
}


def action(game, a: A.Action) -> str:
    """One line saying what `a` does (`WORDING`; an action it does not know, in notation)."""
    words = WORDING.get(type(a))
    return words(game, a) if words else str(a)


def question(game, a: A.Action) -> str:
    """'Pass?' asked of `a` (a language marks a question its own way: '¿Pasar?')."""
    return _("{action}?").format(action=action(game, a))


def status(session) -> str:
    """What the table is waiting for, in one line."""
    game = session.game
    s = game.state
    who = session.decider()
    name = faction(game, who)
    if s.phase == "finished":
        return _("The game is over.")
    if who is None:
        return ""
    p = s.players[who]
    if s.phase == "dwellings":
        return _("{faction}: place a starting dwelling on {terrain}").format(faction=name, terrain=terrain(p.color or p.faction.home))
    if s.phase == "bonus":
        return _("{faction}: choose a bonus tile").format(faction=name)
    if s.phase == "income-spades":
        return _("{faction}: use your income spades (or end to discard them)").format(faction=name)
    if p.leech_offers:
        return _("{faction}: answer the power offer").format(faction=name)
    if p.favors_owed:
        return _("{faction}: choose a favor tile").format(faction=name)
    if p.towns_owed:
        return _("{faction}: choose a town tile").format(faction=name)
    if p.cult_steps:
        return _("{faction}: choose a cult track to advance").format(faction=name)
    if s.turn.faction == who and s.turn.actions == 0 and p.spades:
        # Enter does not waste them: it asks first
        return _("{faction}: use your {n} spade(s) on a highlighted hex, or discard them (Enter)").format(
            faction=name, n=p.spades)
    if game.can_end_turn(who):
        return _("{faction}: end your turn (Enter), or convert first").format(faction=name)
    if s.turn.followups and any(v > 0 for v in s.turn.followups.values()):
        return _("{faction}: finish your action (highlighted targets)").format(faction=name)
    return _("{faction}: take an action").format(faction=name)


def phase(game) -> str:
    s = game.state
    if s.phase in ("factions", "dwellings", "bonus"):
        return _("Setup")
    if s.phase == "finished":
        return _("Final scores")
    return _("Round {n} of 6").format(n=s.round)


def played(game, faction: str, a: A.Action, events) -> str:
    """A move already made, in words, with what its events tell: an answered power offer says
    how much power it took (the bowls may have capped it), a priest the order space it took (the
    plain send takes the best one free at the time; the game may have moved on since), a bonus
    tile taken whether it was the setup's pick or a pass. `game` is
    the position before it, or at least a position of the same game (the factions' names)."""
    taken = E.power_gained(events, faction, E.LEECH) if isinstance(a, A.Leech) else 0
    if taken:
        return ngettext("Take {n} power {from_faction}", "Take {n} power {from_faction}",
                        taken).format(n=taken, from_faction=from_faction(a.source))
    if isinstance(a, A.SendPriest):  # (no events kept: the plain send's space is not known)
        sent = _event_of(events, E.PriestSent, faction)
        return _priest_to(a.cult, sent.space) if sent else _priest(None, a)
    if isinstance(a, A.Pass):  # the setup's pick or a pass, by the round it ended
        passed = _event_of(events, E.Passed, faction)
        if passed is not None:
            return _pass(game, a, setup=passed.round == 0)
    return action(game, a)


def _event_of(events, kind: type, faction: str):
    """The first event of class `kind` about `faction` among `events` (None: none)."""
    return next((e for e in events if isinstance(e, kind) and e.faction == faction), None)


def planned(game, faction: str, actions) -> list[str]:
    """The steps of a turn still to be played by `faction` from the position `game`, each in
    words from the position it would be played in (the earlier steps played on a copy: a second
    priest sent in the turn takes the next free space). A step the copy refuses, and those after
    it, are worded from the last position reached."""
    out: list[str] = []
    here, copied, going = game, False, game is not None
    for a in actions:
        out.append(action(here, a))
        if going:
            if not copied:
                here, copied = game.copy(), True
            try:
                here.apply(faction, a)
            except RuleError:  # (the copy is as it was: the rest is worded from there)
                going = False
    return out


def and_list(items) -> str:
    """"a", "a and b", "a, b and c" in today's language (winners of a tie, a tile's two VP)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


def faction_names(factions) -> str:
    """Faction ids as their translated names, in order."""
    from tmdesktop.rules.data import faction

    out = []
    for f in factions:
        try:
            out.append(_(faction(f).display))
        except KeyError:
            out.append(f)
    return ", ".join(out)


def save_parts(info) -> tuple[str, list[str]]:
    """A saved game in words: a note first ('From its backup (the last copy is damaged):', or ''),
    then its parts: when, how far, which factions (a damaged one: what is wrong)."""
    if info.error:
        return "", [info.error]
    when = info.when.strftime("%Y-%m-%d %H:%M")
    if info.finished:
        where = _("finished")
    elif info.round:
        where = _("round {n}").format(n=info.round)
    else:
        where = _("setup")
    note = _("From its backup (the last copy is damaged):") if info.note else ""
    return note, [when, where, faction_names(info.factions)]


def describe_save(info) -> str:
    """A saved game in one line: when, how far, which factions (the note first, so that a long
    line keeps it)."""
    note, parts = save_parts(info)
    return " ".join(filter(None, [note, " · ".join(parts)]))

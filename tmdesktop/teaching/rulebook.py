"""The Rules screen's pages: the whole rulebook in our own words, as data.

Each page is a text file in `rulebook/` named by its id (`leech.txt`): a few header lines
(`title:`, `picture:`, `see:`), a blank line, then paragraphs separated by blank lines; a line
starting with "- " is a list item.  The title and every paragraph or item are message ids, in
English, extracted into the catalogues by `tools/catalogues.py:extract_rule_pages` and
translated when shown.  Numbers the game data holds are written as `{placeholders}` filled from
`facts()`, so a page cannot drift from the rules the engine plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tmdesktop.i18n import N_, _

PAGES_DIR = Path(__file__).with_name("rulebook")

#: The contents, in reading order (Previous/Next follow it): (group id, group name, page ids).
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("basics", N_("Basics"), ("overview", "round_cycle", "map_terrain", "spades")),
    ("actions", N_("Actions"), ("building", "upgrading", "towns", "shipping", "digging_bridges",
                                "special_actions")),
    ("power", N_("Power"), ("power", "leech", "power_actions", "conversions")),
    ("cults", N_("Cults"), ("cults", "priests", "favor_tiles")),
    ("scoring", N_("Scoring"), ("bonus_tiles", "round_scoring", "final_scoring")),
    ("factions", N_("Factions"), ("factions",)),
    ("fire_ice", N_("Fire & Ice"), ("fire_ice",)),
)
PAGE_IDS: tuple[str, ...] = tuple(p for _g, _n, ids in GROUPS for p in ids)
GROUP_OF: dict[str, str] = {p: g for g, _n, ids in GROUPS for p in ids}
GROUP_NAMES: dict[str, str] = {g: n for g, n, _ids in GROUPS}


@dataclass(frozen=True)
class Block:
    kind: str  # "para" or "item"
    msgid: str
    line: int  # where it starts in the file (for the catalogue's references)


@dataclass(frozen=True)
class Page:
    id: str
    title: str  # message id
    picture: str  # the key of the picture drawn beside the text (app/views/rule_pictures.py)
    see: tuple[str, ...]  # pages linked at the end
    blocks: tuple[Block, ...]

    @property
    def group(self) -> str:
        return GROUP_OF[self.id]


class PageError(ValueError):
    """A page file that does not follow the format (a mistake in the game's own data)."""


def parse(source: str, page_id: str = "") -> Page:
    """Read one page file's text."""
    lines = source.splitlines()
    headers: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i].strip():
        key, sep, value = lines[i].partition(":")
        if not sep or key.strip() not in ("title", "picture", "see"):
            raise PageError(f"{page_id}: line {i + 1}: expected 'title:', 'picture:' or 'see:'")
        headers[key.strip()] = value.strip()
        i += 1
    if "title" not in headers or "picture" not in headers:
        raise PageError(f"{page_id}: a page needs a title and a picture")
    blocks: list[Block] = []
    current: list[str] = []
    start = 0

    def close() -> None:
        if current:
            kind = "item" if current[0].startswith("- ") else "para"
            words = " ".join(s.strip() for s in current)
            blocks.append(Block(kind, words[2:] if kind == "item" else words, start))
            current.clear()

    for n, line in enumerate(lines[i:], start=i + 1):
        s = line.strip()
        if not s or s.startswith("- "):
            close()
        if s:
            if not current:
                start = n
            current.append(s)
    close()
    return Page(page_id, headers["title"], headers["picture"], tuple(headers.get("see", "").split()),
                tuple(blocks))


@cache
def page(page_id: str) -> Page:
    """The page `page_id` (one of `PAGE_IDS`); KeyError for any other id."""
    if page_id not in GROUP_OF:
        raise KeyError(page_id)
    return parse((PAGES_DIR / f"{page_id}.txt").read_text(encoding="utf-8"), page_id)


def pages() -> list[Page]:
    return [page(p) for p in PAGE_IDS]


def neighbours(page_id: str) -> tuple[str | None, str | None]:
    """The pages before and after `page_id` in reading order."""
    i = PAGE_IDS.index(page_id)
    return (PAGE_IDS[i - 1] if i else None, PAGE_IDS[i + 1] if i + 1 < len(PAGE_IDS) else None)


# ---------------------------------------------------------------------- numbers from the game data


@cache
def facts() -> dict[str, int]:
    """The numbers the pages quote, read from the game data the engine plays by.  Building costs
    and incomes are those of the most common faction board (the Witches' is the standard one)."""
    from tmdesktop.rules import constants as K
    from tmdesktop.rules.data import action_def, faction, raw

    d = raw()["engine_defaults"]
    std = faction("witches")
    f: dict[str, int] = {"start_vp": d["start_VP"], "priests_max": d["priest_supply_max"],
                         "bridges": K.BRIDGES_PER_FACTION, "town_buildings": K.TOWN_MIN_BUILDINGS,
                         "town_power": K.TOWN_MIN_POWER, "coins_per_vp": K.COINS_PER_VP}
    for b, n in d["building_limits"].items():
        f[f"{b.lower()}_max"] = n
    for b, n in K.BUILDING_POWER.items():
        f[f"{b.lower()}_power"] = n
    for b in ("D", "TP", "TE", "SH", "SA"):
        cost = std.cost(b)
        f[f"{b.lower()}_w"], f[f"{b.lower()}_c"] = cost.get("W", 0), cost.get("C", 0)
    tp = std.buildings["TP"]["income_by_number_built"]
    f["tp_income_c"] = tp["C"][1]
    f["tp_income_pw"] = tp["PW"][1]
    f["tp_income_pw3"] = tp["PW"][3] - tp["PW"][2]
    f["d_income_max"] = std.buildings["D"]["income_by_number_built"]["W"][-1]
    for (give, get), n in K.PW_RATES.items():
        f[f"{give.lower()}_to_{get.lower()}"] = n
    for level, gain in K.CULT_POWER:
        f[f"cult{level}_power"] = gain
    f["cult_first"], f["cult_second"], f["cult_third"] = K.CULT_POINTS[:3]
    f["network_first"], f["network_second"], f["network_third"] = K.NETWORK_POINTS[:3]
    f["spot_big"], f["spot_small"] = K.CULT_SPOT_VALUES[0], K.CULT_SPOT_VALUES[1]
    for name in ("ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6"):
        f[name.lower()] = action_def(name)["cost"]["PW"]
    f["act3_w"] = action_def("ACT3")["gain"]["W"]
    f["act4_c"] = action_def("ACT4")["gain"]["C"]
    ship = std.shipping
    f["ship_c"], f["ship_p"] = ship["advance_cost"]["C"], ship["advance_cost"]["P"]
    f["ship_max"] = ship["max_level"]
    for level, vp in ship["vp_on_reaching_level"].items():
        f[f"ship{level}_vp"] = vp
    dig = std.digging
    f["dig_c"], f["dig_w"], f["dig_p"] = (dig["advance_cost"][k] for k in ("C", "W", "P"))
    f["dig_vp"] = dig["vp_on_reaching_level"]["1"]
    for level, cost in enumerate(dig["cost_per_spade_by_level"]):
        f[f"spade{level}_w"] = cost["W"]
    return f


def title(p: Page) -> str:
    return _(p.title)


def blocks(p: Page) -> list[tuple[str, str]]:
    """The page's paragraphs and list items, translated, with the numbers filled in."""
    values = facts()
    return [(b.kind, _(b.msgid).format(**values)) for b in p.blocks]


def group_name(group: str) -> str:
    return _(GROUP_NAMES[group])

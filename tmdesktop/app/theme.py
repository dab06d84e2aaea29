"""Colours and proportions of the board.  Data only: drawing lives in the views."""

from __future__ import annotations

from tmdesktop.i18n import N_

# Terrain colours, chosen to read as the printed board and to stay apart in greyscale.
TERRAIN = {
    "yellow": (232, 201, 92),
    "brown": (140, 98, 57),
    "black": (58, 56, 60),
    "blue": (66, 125, 191),
    "green": (77, 140, 68),
    "gray": (146, 146, 150),
    "red": (184, 64, 48),
    "ice": (222, 236, 244),  # Fire & Ice
    "volcano": (214, 112, 42),
}
RIVER = (170, 208, 226)
RIVER_DEEP = (140, 184, 208)
TERRAIN_NAMES = {
    "yellow": N_("desert"), "brown": N_("plains"), "black": N_("swamp"), "blue": N_("lakes"),
    "green": N_("forest"), "gray": N_("mountains"), "red": N_("wasteland"),
    "ice": N_("ice"), "volcano": N_("volcano"),
}

# Wooden pieces: the faction's colour, a little brighter than the terrain so they stand out on it.
PIECE = {
    "yellow": (246, 214, 80),
    "brown": (156, 104, 60),
    "black": (54, 52, 58),
    "blue": (60, 132, 214),
    "green": (70, 162, 70),
    "gray": (176, 176, 182),
    "red": (212, 62, 44),
    "ice": (236, 244, 250),
    "volcano": (236, 124, 40),
}

CULT_COLOURS = {
    "FIRE": (206, 72, 52),
    "WATER": (62, 122, 196),
    "EARTH": (132, 96, 58),
    "AIR": (214, 214, 220),
}
CULT_NAMES = {"FIRE": N_("Fire"), "WATER": N_("Water"), "EARTH": N_("Earth"), "AIR": N_("Air")}

BUILDING_NAMES = {
    "D": N_("Dwelling"), "TP": N_("Trading house"), "TE": N_("Temple"),
    "SH": N_("Stronghold"), "SA": N_("Sanctuary"),
}
#: The same inside a sentence ("Upgrade F6 to a temple"): lower case in English and Spanish, the
#: rulebook's capital in Italian ("Migliora F6 in Tempio").
BUILDING_NAMES_IN_SENTENCE = {
    "D": N_("dwelling"), "TP": N_("trading house"), "TE": N_("temple"),
    "SH": N_("stronghold"), "SA": N_("sanctuary"),
}
#: Counted, in the plural ("your number of trading houses")
BUILDINGS_COUNTED = {
    "D": N_("dwellings"), "TP": N_("trading houses"), "TE": N_("temples"),
    "SH": N_("strongholds"), "SA": N_("sanctuaries"),
}

# The table and its panels.
TABLE = (38, 44, 40)
PARCHMENT = (236, 226, 200)
PARCHMENT_DARK = (214, 199, 164)
PANEL = (52, 58, 54)
PANEL_LIGHT = (68, 76, 70)
PANEL_EDGE = (98, 106, 96)
INK = (40, 34, 28)
INK_SOFT = (96, 84, 70)
TEXT = (238, 234, 222)
TEXT_DIM = (170, 170, 160)
ACCENT = (246, 196, 72)
HIGHLIGHT = (255, 240, 120)
#: Selected text in a field (dark ink stays readable on it).
SELECTION = (250, 214, 120)
#: The ring and note of the computer's last move: not the yellow of what the player may do or is
#: advised to do (a hint's move and the computer's looked alike).
COMPUTER_MOVE = (150, 214, 240)
ERROR = (196, 62, 52)
NEWS = (52, 96, 120)  # a message that tells what happened, not what went wrong (white text on it)
GOOD = (96, 176, 96)
POWER = (150, 98, 196)
COIN = (230, 186, 64)
WORKER = (200, 200, 196)
PRIEST = (160, 110, 200)
VP = (88, 160, 88)


def terrain_colour(terrain: str) -> tuple[int, int, int]:
    return TERRAIN.get(terrain, (120, 120, 120))


def piece_colour(terrain: str) -> tuple[int, int, int]:
    """The colour of pieces of `terrain`; a faction that has not chosen its colour yet (ice,
    volcano, variable) shows grey ones."""
    return PIECE.get(terrain, PIECE["gray"])


def is_dark(colour: tuple[int, int, int]) -> bool:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b < 70


def edge_on_dark(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """An outline that keeps a dark piece colour (the black factions) visible on dark panels."""
    return (215, 212, 200) if is_dark(colour) else (20, 20, 20)


def text_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Ink that reads on a background of `colour`."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else TEXT

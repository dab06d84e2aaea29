"""`python -m tmdesktop`: open the table (or, with --screenshot, render one frame to a PNG)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="tmdesktop", description="Terra Mystica for the desktop")
    ap.add_argument("--players", type=int, default=None, choices=range(2, 6), metavar="N",
                    help="number of players (2-5; 4, or as many as --factions names)")
    ap.add_argument("--seed", type=int, default=None, help="seed for the setup and the demo moves")
    ap.add_argument("--factions", default="", help="comma-separated factions in seat order (Fire & Ice ones too)")
    ap.add_argument("--demo", type=int, default=0, metavar="N",
                    help="play N random legal actions first (with --players or --factions alone: none)")
    ap.add_argument("--screenshot", metavar="FILE", help="write the map view to FILE (PNG) and exit")
    ap.add_argument("--size", default="", metavar="WxH", help="window size, e.g. 1280x720")
    ap.add_argument("--lang", default="", help="language: en, es, it")
    ap.add_argument("--scene", default="", metavar="NAME",
                    help="with --screenshot: draw this menu page (title, setup, first_game, tutorial, "
                         "load, settings, replays, rules) instead of the map view; the pages that show a "
                         "game, a replay or a lesson open from those")
    return ap.parse_args(argv)


def quick_game_asked(args: argparse.Namespace) -> bool:
    """Whether the command line asks for a game at once instead of the title screen: demo moves,
    a screenshot, or the players or factions of a game (which the title screen would ignore)."""
    return bool(args.demo or args.screenshot or args.players or args.factions)


def _size(arg: str, headless: bool) -> tuple[int, int]:
    if arg:
        w, _x, h = arg.lower().partition("x")
        return max(640, int(w)), max(400, int(h))
    if headless:
        return 1920, 1080
    import pygame

    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except Exception:
        return 1600, 900
    # 90% of the desktop, keeping 16:9
    w = int(min(dw * 0.9, dh * 0.9 * 16 / 9))
    return max(1024, w), max(576, int(w * 9 / 16))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(list(sys.argv[1:] if argv is None else argv))
    t0 = time.perf_counter()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # no bitmap stretching on Windows
    if args.screenshot and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    if not getattr(pygame, "IS_CE", False):
        print("tmdesktop needs pygame-ce (pip install pygame-ce), not the upstream pygame package.", file=sys.stderr)
        return 2
    from tmdesktop import i18n
    from tmdesktop import settings as settings_mod

    # settings: the language detected at the first start, then the player's choice (--lang wins)
    try:
        prefs = pygame.system.get_pref_locales()
    except Exception:
        prefs = []
    first_start = not settings_mod.settings_path().exists()
    settings, settings_problem = settings_mod.load_checked(pref_locales=prefs)
    if first_start and not args.screenshot:
        settings_mod.save(settings)
    i18n.set_language(args.lang or settings.language)
    settings_message = settings_problem.message() if settings_problem else ""  # in the language just set
    if args.scene:
        problem = _scene_problem(args.scene, bool(args.screenshot))
        if problem:  # refused before a window opens
            print(problem, file=sys.stderr)
            return 2
    elif quick_game_asked(args):
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        game, problem = _quick_game(args.players, args.factions, seed)
        if problem:
            print(problem, file=sys.stderr)
            return 2

    pygame.display.init()
    pygame.font.init()
    from .app import App
    from .scenes.game_scene import GameScene
    from .session import Session

    headless = bool(args.screenshot)
    app = App(_size(args.size, headless), "Terra Mystica", headless=headless)
    app.settings = settings
    i18n.on_change(lambda _lang: text_cache_clear())
    if args.scene and args.screenshot:
        from .scenes.registry import make

        app.push(make(app, args.scene))  # opened through the registry, as the menus do
        app.screenshot(args.screenshot)
        _shutdown()
        return 0
    if not quick_game_asked(args):
        # the menus: title screen first (New game, Continue, Load, Replay, Settings)
        from .scenes.settings_scene import apply_display
        from .scenes.title import TitleScene

        title = TitleScene(app)
        title.message = settings_message
        app.push(title)
        apply_display(app)
        return _run(app, t0)
    session = Session(game)
    if args.demo:
        session.play_random(args.demo, random.Random(seed))
    if not args.screenshot:
        open_quick_game(app, game)
        return _run(app, t0)
    scene = GameScene(app, session)
    scene._prompted_version = session.version
    app.push(scene)
    app.screenshot(args.screenshot)
    _shutdown()
    return 0


def open_quick_game(app, game):
    """`--demo N` in a window: a game like one begun from the menus, above the title screen, with
    its menu on Esc (Main menu, Settings, Rules ...) and saved after every action; returns its scene."""
    from .scenes.load_scene import open_game
    from .scenes.settings_scene import apply_display

    scene = open_game(app, game)
    apply_display(app)
    return scene


def _run(app, t0: float) -> int:
    """Draw the first frame (its time since `t0` on stderr with TMDESKTOP_STARTUP_TIMING set), run
    the window until it closes, then let go of pygame."""
    app.render(force=True)
    if os.environ.get("TMDESKTOP_STARTUP_TIMING"):
        print(f"first frame after {1000 * (time.perf_counter() - t0):.0f} ms", file=sys.stderr, flush=True)
    app.run()
    _shutdown()
    return 0


def text_cache_clear() -> None:
    from . import text

    text.clear()


def _quick_game(players: int | None, factions_arg: str, seed: int):
    """The game `--players`/`--factions` ask for, or None and why the rules refuse it."""
    from tmdesktop.i18n import _
    from tmdesktop.refusals import message
    from tmdesktop.rules.errors import RuleError

    from .session import new_game

    factions = tuple(f.strip() for f in factions_arg.split(",") if f.strip()) or None
    players = players or (len(factions) if factions else 4)
    if factions and len(factions) != players:
        return None, _("--factions names {n} and --players {players}: give as many factions as players").format(
            n=len(factions), players=players)
    try:
        return new_game(players, seed, factions), ""
    except RuleError as exc:
        return None, _("--factions: {why}").format(why=message(exc))


def _scene_problem(name: str, screenshot: bool) -> str:
    """Why `--scene name` cannot be drawn (with the pages that can), or "" when it can."""
    from tmdesktop.i18n import _

    from .scenes.registry import SCENES, drawable_alone

    pages = drawable_alone()
    if not screenshot:
        why = _("it draws a page with --screenshot FILE")
    elif name in pages:
        return ""
    elif name in SCENES:
        why = _("the page {name!r} opens from another one, with what it shows (a game, a replay, a lesson)").format(name=name)
    else:
        why = _("there is no page {name!r}").format(name=name)
    return _("--scene: {why}; the pages it can draw: {pages}").format(why=why, pages=", ".join(pages))


def _shutdown() -> None:
    import pygame

    from . import pieces, text
    from .views import icons

    text.reset()
    pieces.clear()
    icons.clear()
    pygame.quit()

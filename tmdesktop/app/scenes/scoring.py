"""The end of the game: final scoring step by step, VP by source per player, VP over the rounds.

Everything here is a view of the events the engine recorded (`rules.events`): every VP a faction
got carries its source, so the table groups sources into rows, the final scoring steps are the
final sources in scoring order, and the chart sums the VP up to the end of each round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tmdesktop.i18n import N_, _, ngettext
from tmdesktop.rules import events as E
from tmdesktop.rules import scoring as ranked
from tmdesktop.rules.data import CULTS
from tmdesktop.rules.engine import Game

from .. import describe, pieces, text, theme
from ..source_words import KIND_NAMES, VP_KIND, tile_rounds, vp_from
from ..views import widgets
from .menu import MenuScene, make_button, title_weight
from .registry import entry, open_scene

OTHER = "other"
#: Rows of the table, in order: (row, the kinds of source it sums). Kinds not listed go to OTHER.
ROWS = (
    (E.START, (E.START,)), (E.ROUND_TILE, (E.ROUND_TILE,)), (E.TOWN, (E.TOWN,)), (E.FAVOR, (E.FAVOR,)),
    (E.BONUS_PASS, (E.BONUS_PASS,)), (E.ADVANCE, (E.ADVANCE,)),
    (E.FACTION, (E.FACTION, E.FACTION_ACTION, E.LEECH_REWARD, E.REACH)), (E.LEECH, (E.LEECH,)),
    (E.CONVERT, (E.CONVERT,)), (OTHER, ()),
    (E.CULT_MAJORITY, (E.CULT_MAJORITY,)), (E.AREA, (E.AREA,)), (E.FINAL_TILE, (E.FINAL_TILE,)),
    (E.RESOURCES, (E.RESOURCES,)),
)
ROW_OF = {kind: row for row, kinds in ROWS for kind in kinds}
ROW_OF.update({kind: ROW_OF[told_as] for kind, told_as in VP_KIND.items()})
ROW_NAMES = {**{row: KIND_NAMES[row] for row, _k in ROWS if row != OTHER}, OTHER: N_("Other")}
FINAL = E.FINAL_KINDS
STEP_NAMES = {"FIRE": N_("Fire cult"), "WATER": N_("Water cult"), "EARTH": N_("Earth cult"), "AIR": N_("Air cult"),
              "network": N_("Largest connected network"), "resources": N_("Resources into coins, coins into VP"),
              "tile": N_("Fire & Ice final scoring tile")}


def step_row(step: str) -> str:
    """The table row a final scoring step adds to (each cult track to the cult row)."""
    return {"resources": E.RESOURCES, "network": E.AREA, "tile": E.FINAL_TILE}.get(step, E.CULT_MAJORITY)


def final_step(source: E.Source) -> str:
    """The final scoring step a final source belongs to (a cult track, network, tile, resources)."""
    return {E.AREA: "network", E.FINAL_TILE: "tile", E.RESOURCES: "resources"}.get(source.kind, source.key)


@dataclass
class Breakdown:
    factions: list[str]
    sources: dict[str, dict[str, int]]  # faction -> table row -> VP
    timeline: dict[str, list[int]]  # faction -> VP when round 1 starts, after rounds 1..6, final
    steps: list[tuple[str, dict[str, int]]] = field(default_factory=list)  # final scoring: (step, faction -> VP)
    final: dict[str, int] = field(default_factory=dict)  # the engine's final scores
    details: dict[str, dict[E.Source, int]] = field(default_factory=dict)  # faction -> source -> VP

    def total(self, faction: str, upto: set[str] | None = None) -> int:
        return sum(v for k, v in self.sources[faction].items() if upto is None or k in upto)

    def row_details(self, faction: str, row: str) -> list[tuple[E.Source, int]]:
        """The sources summed in one cell, largest first."""
        items = [(s, v) for s, v in self.details.get(faction, {}).items() if v and ROW_OF.get(s.kind, OTHER) == row]
        return sorted(items, key=lambda sv: -abs(sv[1]))


def vp_breakdown(game: Game) -> Breakdown:
    """VP by source, the final scoring steps and the VP over the rounds, from `game.events`."""
    factions = list(game.state.seats)
    details = E.vp_by_source(game.events)
    sources = {f: dict.fromkeys((row for row, _k in ROWS), 0) for f in factions}
    for f, by_source in details.items():
        for source, vp in by_source.items():
            sources[f][ROW_OF.get(source.kind, OTHER)] += vp
    steps: dict[str, dict[str, int]] = {c: {} for c in CULTS}
    steps["network"] = {}
    if game.setup.final_scoring:
        steps["tile"] = {}
    steps["resources"] = {}
    for e in E.gains(E.flatten(game.events)):
        if e.source.kind in FINAL and e.amount:
            step = steps[final_step(e.source)]
            step[e.faction] = step.get(e.faction, 0) + e.amount
    final = {n: p.VP for n, p in game.state.players.items()}
    b = Breakdown(factions, sources, E.vp_timeline(game.events), list(steps.items()), final, details)
    for name in b.factions:
        if b.total(name) != final[name]:
            raise AssertionError(f"VP sources of {name} add up to {b.total(name)}, not {final[name]}")
    return b


#: The chart's legend, in pixels at 1920x1080: a swatch with its gap before the name, the gap
#: between two names, the height of a row of names
LEGEND_SWATCH, LEGEND_GAP, LEGEND_ROW = 30, 18, 24


class ScoringScene(MenuScene):
    """Full screen, over the table: the final scoring revealed one step at a time."""

    def __init__(self, app, game: Game, names: dict | None = None):
        super().__init__(app)
        self.game = game
        self.names = dict(names or {})
        self.b = vp_breakdown(game)
        self.shown = 0  # final scoring steps revealed
        self.factions = list(self.b.factions)  # seat order: the ranking is only told at the end
        self.cells: list[tuple[pygame.Rect, str, str]] = []  # the table's cells: (rect, faction, row)
        self.mouse = (0, 0)

    def hit(self, pos):
        h = super().hit(pos)
        if h is None:
            revealed = self.revealed()
            for rect, f, row in self.cells:
                if rect.collidepoint(pos) and row in revealed and self.b.row_details(f, row):
                    return ("cell", (f, row))
        return h

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        super().handle_event(event)

    def cell_lines(self, f: str, row: str) -> list[str]:
        """What a cell's VP come from, one source per line: "+3 VP from round 2 scoring tile (trading house)"."""
        rounds = tile_rounds(self.game)
        return [f"{self.label(f)} · {_(ROW_NAMES[row])}"] + [vp_from(v, s, rounds) for s, v in self.b.row_details(f, row)]

    @property
    def done(self) -> bool:
        return self.shown >= len(self.b.steps)

    def revealed(self) -> set[str]:
        out = {row for row, _k in ROWS if row not in FINAL}
        for step, _vp in self.b.steps[: self.shown]:
            out.add(step_row(step))
        return out

    def cell(self, faction: str, row: str) -> int:
        """A row's VP as far as the final scoring is revealed (the cult row grows track by track)."""
        if row not in FINAL:
            return self.b.sources[faction][row]
        return sum(vp.get(faction, 0) for step, vp in self.b.steps[: self.shown] if step_row(step) == row)

    def partial(self, faction: str) -> int:
        """The total with only the revealed final steps."""
        total = sum(v for k, v in self.b.sources[faction].items() if k not in FINAL)
        for _step, vp in self.b.steps[: self.shown]:
            total += vp.get(faction, 0)
        return total

    def layout(self) -> None:
        w, h = self.size
        px = self.px
        bw, bh = px(250), px(58)
        y = h - px(96)
        specs = [("map", N_("Back to the map"), False, "Esc"),
                 ("next", N_("Next step") if not self.done else N_("Show again"), not self.done, "Space")]
        if self.done:  # the whole score is told: the review can compare it
            specs.append(("review", N_("Review the game"), False, "R"))
        specs.append(("title", N_("Main menu"), self.done, ""))
        x = w // 2 - (len(specs) * bw + (len(specs) - 1) * px(30)) // 2
        self.buttons = [make_button(key, label, (x + i * (bw + px(30)), y, bw, bh), primary=primary, hint=hint)
                        for i, (key, label, primary, hint) in enumerate(specs)]
        self.table_area = self.table = pygame.Rect(px(40), px(130), int(w * 0.56), y - px(150))
        right = pygame.Rect(self.table.right + px(30), px(130), w - self.table.right - px(70), y - px(150))
        self.steps_rect = pygame.Rect(right.x, right.y, right.width, int(right.height * 0.42))
        self.chart_rect = pygame.Rect(right.x, self.steps_rect.bottom + px(20), right.width,
                                      right.bottom - self.steps_rect.bottom - px(20))

    def on_button(self, key: str) -> None:
        if key == "map":
            self.app.pop()
        elif key == "next":
            self.shown = 0 if self.done else self.shown + 1
            self.layout()
            self.dirty = True  # keys step too, with no mouse move to repaint
        elif key == "review":
            open_scene(self.app, "review", self.game, self.names)
        elif key == "title":
            entry("to_title")(self.app)

    def on_key(self, event) -> None:
        if event.key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.done or event.key == pygame.K_SPACE:  # once all is told, Space is "Show again"
                self.on_button("next")
        elif event.key == pygame.K_r and self.done:
            self.on_button("review")
        elif event.key == pygame.K_a:
            self.shown = len(self.b.steps)
            self.layout()
            self.dirty = True

    def label(self, f: str) -> str:
        return " · ".join(self.label_lines(f))

    def label_lines(self, f: str) -> list[str]:
        return describe.player_lines(self.game, self.names, f)

    def column_heads(self, width: int) -> dict[str, list[str]]:
        """Each column's head in full-size words: "name · faction" on one line where every one
        fits, else the name over the faction, a long faction wrapped ('Moradores de la' over
        'oscuridad' in five columns)."""
        fs = self.fs(15)
        if all(text.width(self.label(f), fs, "bold") <= width for f in self.factions):
            return {f: [self.label(f)] for f in self.factions}
        return {f: [part for line in self.label_lines(f) for part in text.lines(line, fs, width, "bold")]
                for f in self.factions}

    def heading(self) -> str:
        """'Final scoring', then the winner (or the winners of a tie) with their score."""
        if not self.done:
            return _("Final scoring")
        best = max(self.b.final.values()) if self.b.final else 0
        winners = [self.label(f) for f in self.factions if self.b.final.get(f) == best]
        return ngettext("Winner with {vp} VP: {winners}", "Winners with {vp} VP: {winners}",
                        len(winners)).format(winners=describe.and_list(winners), vp=best)

    def draw(self, surface) -> None:
        self.begin_page(surface)
        self.draw_title(surface, self.heading())
        self.draw_table(surface)
        self.draw_steps(surface)
        self.draw_chart(surface)
        self.draw_widgets(surface)
        self.draw_message(surface)
        if self.hover and self.hover[0] == "cell":
            widgets.tooltip(surface, self.cell_lines(*self.hover[1]), self.mouse, self.fs(15))

    def draw_table(self, surface) -> None:
        px = self.px
        r = self.table_area
        revealed = self.revealed()
        # Rows nobody scored on are left out, except the main ones.
        rows = [(k, ROW_NAMES[k]) for k, _kinds in ROWS
                if k not in (E.FINAL_TILE, E.LEECH_REWARD, E.CONVERT, OTHER) or any(self.b.sources[f][k] for f in self.factions)]
        self.cells = []
        n = len(self.factions)
        label_w = int(r.width * 0.34)
        col_w = (r.width - label_w - px(20)) // max(1, n)
        heads = self.column_heads(col_w - px(6))
        # the heads' lines apart by their type's height at least (px(19) alone let "Jugador 1" touch
        # "Alquimistas" under it at 1024x600, where the type is held at 11 pixels)
        head_step = max(px(19), text.font(self.fs(15), "bold").get_ascent() + px(4))
        head_h = px(70) + head_step * (max(len(lines) for lines in heads.values()) - 1)
        row_h = min(px(40), (r.height - head_h - px(60)) // (len(rows) + 1))
        r = self.table = pygame.Rect(r.x, r.y, r.width, head_h + row_h * (len(rows) + 1) + px(50))
        widgets.panel(surface, r, theme.PARCHMENT, radius=px(12), edge=theme.INK_SOFT)
        fs = self.fs(min(18, row_h * 0.55 / max(self.scale, 0.01)))
        x0 = r.x + label_w
        standing = ranked.places({g: self.b.final.get(g, 0) for g in self.factions})  # a tie shares its place
        for i, f in enumerate(self.factions):
            p = self.game.state.players[f]
            cx = x0 + i * col_w + col_w // 2
            worn = pieces.piece_terrain(p)
            pieces.draw_piece(surface, "SH", worn,
                              (cx, r.y + px(26)), px(38))
            for k, line in enumerate(reversed(heads[f])):
                text.blit(surface, line, self.fs(15), theme.INK, (cx, r.y + head_h - px(4) - k * head_step), "midbottom",
                          "bold", max_width=col_w - px(6))
            if self.done:
                place = standing[f]
                text.blit(surface, _("{n}.").format(n=place), self.fs(22), theme.ACCENT if place == 1 else theme.INK_SOFT,
                          (cx - col_w // 2 + px(10), r.y + px(8)), "topleft", "bold")
        y = r.y + head_h
        # the row names in one type, the size the longest fits at (one name alone a size smaller
        # reads as another kind of row); measured in semibold, the final rows' weight, so every row fits
        name_fs = text.fit_all([_(lab) for _key, lab in rows], fs, label_w - px(24), "semibold")
        for k, (key, lab) in enumerate(rows):
            row = pygame.Rect(r.x + px(8), y, r.width - px(16), row_h)
            if k % 2 == 0:
                pygame.draw.rect(surface, (228, 217, 188), row, border_radius=px(4))
            is_final = key in FINAL
            text.blit(surface, _(lab), name_fs, theme.INK if not is_final else (120, 60, 30), (r.x + px(18), row.centery),
                      "midleft", "semibold" if is_final else "regular", max_width=label_w - px(24))
            for i, f in enumerate(self.factions):
                cx = x0 + i * col_w + col_w // 2
                if key in revealed:
                    v = self.cell(f, key)
                    s = "—" if v == 0 else (f"{v:+d}" if key != E.START else str(v))
                    self.cells.append((pygame.Rect(cx - col_w // 2, row.y, col_w, row_h), f, key))
                    text.blit(surface, s, fs, theme.INK if v >= 0 else theme.ERROR, (cx, row.centery), "center",
                              "semibold")
                else:
                    text.blit(surface, "…", fs, theme.INK_SOFT, (cx, row.centery), "center")
            y += row_h
        pygame.draw.line(surface, theme.INK, (r.x + px(12), y + px(4)), (r.right - px(12), y + px(4)), 2)
        text.blit(surface, _("Total"), self.fs(21), theme.INK, (r.x + px(18), y + px(8) + row_h // 2), "midleft", "bold")
        for i, f in enumerate(self.factions):
            cx = x0 + i * col_w + col_w // 2
            text.blit(surface, str(self.partial(f)), self.fs(22), theme.INK, (cx, y + px(8) + row_h // 2), "center",
                      "bold")

    def draw_steps(self, surface) -> None:
        px = self.px
        r = self.steps_rect
        widgets.panel(surface, r, (46, 52, 48), radius=px(12))
        total = len(self.b.steps)
        head = _("Final scoring, step {k} of {n}").format(k=self.shown, n=total) if self.shown else _("Final scoring")
        text.blit(surface, head, self.fs(24), theme.ACCENT, (r.x + px(20), r.y + px(12)), "topleft", title_weight(head))
        if self.shown == 0:
            text.blit(surface, _("Press Next step to score the cult tracks, the networks and the resources."),
                      self.fs(17), theme.TEXT_DIM, (r.x + px(20), r.y + px(64)), "topleft", max_width=r.width - px(40))
            return
        step, vp = self.b.steps[self.shown - 1]
        name = _(STEP_NAMES.get(step, step))
        text.blit(surface, name, self.fs(21), theme.TEXT, (r.x + px(20), r.y + px(58)), "topleft", "semibold",
                  max_width=r.width - px(40))
        y = r.y + px(100)
        line_h = min(px(34), (r.bottom - y - px(8)) // max(1, len(vp) or 1))
        for f in sorted(vp, key=lambda f: -vp[f]):
            p = self.game.state.players[f]
            colour = theme.piece_colour(pieces.piece_terrain(p))
            pygame.draw.circle(surface, theme.edge_on_dark(colour), (r.x + px(32), y + line_h // 2), px(11))
            pygame.draw.circle(surface, colour, (r.x + px(32), y + line_h // 2), px(9))
            text.blit(surface, self.label(f), self.fs(18), theme.TEXT, (r.x + px(52), y + line_h // 2), "midleft",
                      max_width=r.width - px(160))
            text.blit(surface, _("+{n} VP").format(n=vp[f]), self.fs(18), theme.GOOD, (r.right - px(24), y + line_h // 2),
                      "midright", "bold")
            y += line_h
        if not vp:
            text.blit(surface, _("Nobody scores here."), self.fs(17), theme.TEXT_DIM, (r.x + px(20), y), "topleft")

    def draw_chart(self, surface) -> None:
        px = self.px
        r = self.chart_rect
        widgets.panel(surface, r, (46, 52, 48), radius=px(12))
        head = _("Victory points over the rounds")
        text.blit(surface, head, self.fs(20), theme.ACCENT, (r.x + px(20), r.y + px(10)), "topleft", title_weight(head))
        legend = self.legend_rows(r.width - px(40))
        extra = (len(legend) - 1) * px(LEGEND_ROW)  # a second row of names takes its height from the plot
        plot = pygame.Rect(r.x + px(56), r.y + px(50), r.width - px(100), r.height - px(118) - extra)
        self.draw_legend(surface, legend, r.x + px(20), r.bottom - px(34) - extra)
        series = self.b.timeline
        npts = max((len(v) for v in series.values()), default=0)
        if npts < 2:
            return
        top = max(max(v) for v in series.values())
        top = max(20, (top + 19) // 20 * 20)
        for k in range(0, top + 1, max(20, top // 5 // 10 * 10 or 20)):
            yy = plot.bottom - plot.height * k / top
            pygame.draw.line(surface, (70, 78, 72), (plot.x, yy), (plot.right, yy))
            text.blit(surface, str(k), self.fs(13), theme.TEXT_DIM, (plot.x - px(6), yy), "midright")
        labels = [_("Start")] + [str(i) for i in range(1, npts - 1)] + [_("Final")]
        for i, lab in enumerate(labels[:npts]):
            xx = plot.x + plot.width * i / (npts - 1)
            text.blit(surface, lab, self.fs(13), theme.TEXT_DIM, (xx, plot.bottom + px(6)), "midtop")
        for f in self.factions:
            values = list(series[f])
            if not self.done and len(values) == npts:
                values[-1] = self.partial(f)  # the final point grows with the revealed steps
            pts = [(plot.x + plot.width * i / (npts - 1), plot.bottom - plot.height * v / top)
                   for i, v in enumerate(values)]
            colour = theme.piece_colour(pieces.piece_terrain(self.game.state.players[f]))
            edge = theme.edge_on_dark(colour)
            if len(pts) >= 2:
                pygame.draw.lines(surface, edge, False, [(x, y + 2) for x, y in pts], max(2, px(4)))
                pygame.draw.lines(surface, colour, False, pts, max(2, px(4)))
            for x, y in pts:
                pygame.draw.circle(surface, edge, (int(x), int(y)), max(4, px(7)))
                pygame.draw.circle(surface, colour, (int(x), int(y)), max(3, px(5)))

    def legend_rows(self, width: int) -> list[list[tuple[str, str, int]]]:
        """Which line is whose, in seat order: (faction, label, item width) packed into rows of
        `width`. Full-size names, "name · faction" where all fit on one row, else the factions
        alone, on a second row where one is not enough (five Fire & Ice factions in Spanish)."""
        px = self.px
        swatch, gap = px(LEGEND_SWATCH), px(LEGEND_GAP)

        def items(labels):
            return [(f, lab, swatch + text.width(lab, self.fs(14), "regular")) for f, lab in labels]

        full = items((f, self.label(f)) for f in self.factions)
        if sum(w for *_, w in full) + gap * (len(full) - 1) <= width:
            return [full]
        rows: list[list[tuple[str, str, int]]] = [[]]
        used = 0
        for item in items((f, self.label_lines(f)[-1]) for f in self.factions):
            if rows[-1] and used + gap + item[2] > width:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + item[2]
            rows[-1].append(item)
        return rows

    def draw_legend(self, surface, rows, x0: int, y0: int) -> None:
        px = self.px
        for k, row in enumerate(rows):
            x, cy = x0, y0 + px(13) + k * px(LEGEND_ROW)
            for f, label, w in row:
                colour = theme.piece_colour(pieces.piece_terrain(self.game.state.players[f]))
                sw = pygame.Rect(x, cy - px(4), px(22), px(8))
                pygame.draw.rect(surface, theme.edge_on_dark(colour), sw.inflate(px(4), px(4)), border_radius=px(3))
                pygame.draw.rect(surface, colour, sw, border_radius=px(3))
                text.blit(surface, label, self.fs(14), theme.TEXT, (x + px(LEGEND_SWATCH), cy), "midleft",
                          max_width=w - px(LEGEND_SWATCH))
                x += w + px(LEGEND_GAP)

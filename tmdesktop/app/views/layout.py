"""Where each part of the game screen goes, for any window size.

Everything is laid out in logical units of a 1920 x 1080 screen times `scale`, so the same
screen reads the same at 1280 x 720 (scale 2/3) and on larger or hi-DPI drawables.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

REF_W, REF_H = 1920, 1080


@dataclass
class Layout:
    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    map: pygame.Rect
    supply: pygame.Rect
    cult: pygame.Rect
    pools: pygame.Rect
    players: pygame.Rect
    bar: pygame.Rect

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.scale)))


def compute(size: tuple[int, int]) -> Layout:
    w, h = size
    s = max(0.5, min(w / REF_W, h / REF_H))
    m = max(4, int(8 * s))
    top_h = int(40 * s)
    bar_h = int(62 * s)
    right_w = int(w * 0.335)
    top = pygame.Rect(0, 0, w, top_h)
    bar = pygame.Rect(0, h - bar_h, w, bar_h)
    body_top = top.bottom + m
    body_h = bar.top - m - body_top
    left_w = w - right_w - 3 * m
    map_h = min(int(left_w / 1.62), int(body_h * 0.76))
    map_rect = pygame.Rect(m, body_top, left_w, map_h)
    supply = pygame.Rect(m, map_rect.bottom + m, left_w, bar.top - m - (map_rect.bottom + m))
    right = pygame.Rect(map_rect.right + m, body_top, right_w, body_h)
    cult_h = int(body_h * 0.40)
    cult = pygame.Rect(right.x, right.y, int(right.width * 0.50), cult_h)
    pools = pygame.Rect(cult.right + m, right.y, right.right - cult.right - m, cult_h)
    players = pygame.Rect(right.x, cult.bottom + m, right.width, right.bottom - cult.bottom - m)
    return Layout((w, h), s, top, map_rect, supply, cult, pools, players, bar)

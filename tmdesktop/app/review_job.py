"""Judging a game's turns for the review off the window's thread, with progress.

The turns are sent to the computer players' worker process (`computer.worker_pool`) in chunks of
`teaching.review.judge_turns`; the review scene polls `ReviewJob.poll` every frame and shows
`done`/`total`. With `computer.USE_WORKER` off (tests), or when the worker fails, a chunk is
judged per poll in this process.
"""

from __future__ import annotations

from concurrent.futures import Future

from tmdesktop.teaching import review as R

from . import computer

CHUNK = 6  # turns per task: progress moves often, the tasks stay few


class ReviewJob:
    def __init__(self, game, factions):
        self.setup = game.setup
        self.log = list(game.log)
        self.turns = R.turns_to_judge(game, factions)
        self.total = len(self.turns)
        self.done = 0
        self.judgements: list[R.Judgement] = []
        self._chunks = [self.turns[k:k + CHUNK] for k in range(0, len(self.turns), CHUNK)]
        self._futures: list[tuple[Future, list]] = []
        if computer.USE_WORKER:
            pool = computer.worker_pool()
            self._futures = [(pool.submit(R.judge_turns, self.setup, self.log, c), c) for c in self._chunks]
            self._chunks = []

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def poll(self) -> bool:
        """Collect what is ready; True if something changed."""
        changed = False
        if self._chunks:
            chunk = self._chunks.pop(0)
            self.judgements += R.judge_turns(self.setup, self.log, chunk)
            self.done += len(chunk)
            changed = True
        keep = []
        for f, chunk in self._futures:
            if not f.done():
                keep.append((f, chunk))
                continue
            try:
                self.judgements += f.result()
                self.done += len(chunk)
            except Exception:  # noqa: BLE001 - a worker that died: judge the chunk here instead
                self._chunks.append(chunk)
            changed = True
        self._futures = keep
        return changed

    def cancel(self) -> None:
        for f, _chunk in self._futures:
            f.cancel()
        self._futures = []
        self._chunks = []

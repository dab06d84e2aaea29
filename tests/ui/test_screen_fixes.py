"""Play-test fixes outside the turn: the scoring scene's keys, the replay viewer."""

import pygame

from tmdesktop.app.scenes.replay_viewer import SAMPLES, ReplayPickScene, ReplayScene, load_replay
from tmdesktop.app.scenes.scoring import ScoringScene

from ui_events import key, play_to_the_end


def test_scoring_steps_repaint_on_keys_without_the_mouse(make_app):
    app, scene, _session = make_app(players=3, seed=4)
    play_to_the_end(app, seed=4)
    scoring = ScoringScene(app, scene.game)
    app.push(scoring)
    app.render(force=True)
    for k in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RETURN):
        shown, frames = scoring.shown, app.frames
        key(app, k)
        assert scoring.shown == shown + 1
        assert app.frames > frames, "the step advanced but no frame was drawn"


def test_replay_viewer_reads_as_a_replay_and_ends_with_the_scoring(make_app, user_dirs):
    app, _scene, _session = make_app()
    path = sorted(SAMPLES.glob("*.txt"))[0]
    pick = ReplayPickScene(app)
    names, detail = pick.labels[pick.files.index(path)]
    assert path.name not in names and names.count(",") == 3  # four factions, by name
    assert path.stem in detail
    game, log, note = load_replay(path)
    viewer = ReplayScene(app, game, log, names, note)
    app.push(viewer)
    app.render(force=True)
    key(app, pygame.K_RIGHT)
    status = viewer._status_text()
    assert status.startswith("Move 1:") and "Enter" not in status and "end your turn" not in status
    key(app, pygame.K_END)
    assert viewer.game.finished and "final scoring" in viewer._status_text()
    key(app, pygame.K_f)
    assert isinstance(app.stack.top, ScoringScene)

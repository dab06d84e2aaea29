"""Computer seats outside the window: saves remember them, undo goes back to a person's decision."""

import json
import random

import pytest

from tmdesktop import saves
from tmdesktop.ai import Player
from tmdesktop.app.computer import computers_of, move_seed
from tmdesktop.app.session import Session, new_game
from tmdesktop.rules.random_play import random_step


def play_until(session: Session, stop, limit=2000):
    """Computers play their level's choice, the person random legal moves, until `stop()`."""
    rng = random.Random(5)
    game = session.game
    for _ in range(limit):
        if stop() or game.finished:
            return
        who = session.decider()
        if who in session.computers:
            action = Player(session.computers[who], move_seed(game.setup, game.log, who)).choose(game, who)
        else:
            who, action = random_step(game, rng)
        assert session.apply(action, who).ok


def test_seat_kinds_become_the_computer_seats_by_faction():
    assert computers_of(("witches", "nomads", "giants"), ["human", "hard", "easy"]) == {"nomads": "hard",
                                                                                       "giants": "easy"}


def test_undo_takes_back_the_computers_moves_with_the_persons_last_decision():
    game = new_game(4, 9)
    me = game.state.seats[1]
    session = Session(game, {f: "easy" for f in game.state.seats if f != me})
    marks = []  # log lengths where the person decided

    def stop():
        if session.decider() == me:
            marks.append(len(game.log))
        return game.state.round == 2 and len(marks) > 3 and session.decider() == me and marks[-2] < len(game.log) - 2

    play_until(session, stop)
    assert session.decider() == me
    last = marks[-2]  # the person's decision before the present one; computers moved since
    theirs = [f for f, _a in game.log[last + 1:]]
    assert theirs and set(theirs) - {me}
    takes_back = session.undo_takes_back()  # what the undo below will take back, said before it is done
    log = list(game.log)
    assert session.undo().ok
    assert len(game.log) == last and session.decider() == me
    assert takes_back == [f for f, _a in reversed(log[last:])] and me in takes_back


def test_saves_remember_the_computer_seats_and_refuse_bad_ones(tmp_path):
    game = new_game(3, 4)
    computers = {game.state.seats[0]: "hard", game.state.seats[2]: "easy"}
    path = tmp_path / "g.tmsave"
    saves.save_game(game, path, "g", computers=computers)
    assert saves.load(path).computers == computers
    data = json.loads(path.read_text())
    del data["computers"]  # a save from before computer seats: people at every seat
    path.write_text(json.dumps(data))
    assert saves.load(path).computers == {}
    for bad in ({game.state.seats[0]: "genius"}, {"dragons": "easy"}, ["easy"]):
        data["computers"] = bad
        path.write_text(json.dumps(data))
        with pytest.raises(saves.SaveError, match="computer seats"):
            saves.load_file(path)

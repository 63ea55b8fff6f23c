"""The hard players' worker processes: answers off the event loop, a dead worker replaced,
the budget shared when searches queue."""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator

import pytest

from bot.ai import ComputerPlayer, Question, answer, computer_action, show_events
from bot.game.thinking import Thinker
from tests.ai.tables import new_table


def a_question() -> Question:
    """A hard player's first search in a two-player round, with a small budget."""
    game, computers = new_table("classic", 2, seed=9, levels=("hard", "normal"))
    hard = computers["p0"]
    hard.playouts = 16
    for _ in range(200):
        legal = game.legal_actions("p0")
        question = hard.question(game.view("p0"), legal) if legal else None
        if question is not None:
            return question
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    raise AssertionError("no search in 200 moves")


@pytest.fixture
async def thinker() -> AsyncIterator[Thinker]:
    # Generous time: the first question also starts the worker (a new Python process).
    made = Thinker(seconds=60.0, workers=1)
    try:
        yield made
    finally:
        made.close()


async def test_a_worker_answers_as_this_process_would(thinker: Thinker) -> None:
    question = a_question()
    assert await thinker.answer(question) == answer(question)


async def test_a_killed_worker_is_replaced_and_the_next_decision_still_comes(
    thinker: Thinker
) -> None:
    question = a_question()
    assert await thinker.answer(question) == answer(question)
    workers = thinker.pool.pids()
    assert workers
    for pid in workers:
        os.kill(pid, signal.SIGKILL)
    assert await thinker.answer(question) == answer(question)
    assert thinker.pool.pids() and not set(thinker.pool.pids()) & set(workers)


async def test_no_answer_in_time_is_none_and_the_player_decides_at_once() -> None:
    thinker = Thinker(seconds=1e-9, workers=1)
    try:
        question = a_question()
        assert await thinker.answer(question) is None
    finally:
        thinker.close()
    player = ComputerPlayer.from_dict({"player_id": "p0", "level": "hard", "rng": 1,
                                       "memory": question.memory})
    action = player.choose_at_once(question.view, list(question.legal))
    assert action in question.legal


def test_the_budget_shrinks_when_searches_queue() -> None:
    thinker = Thinker(seconds=1.0, workers=2)
    assert thinker.budget() == 1.0
    thinker._under_way = 1
    assert thinker.budget() == 1.0
    thinker._under_way = 3
    assert thinker.budget() == 0.5


async def test_workers_yield_the_cpu_to_the_bot(thinker: Thinker) -> None:
    """On a busy machine the bot's own process, which answers clicks, comes first."""
    assert await thinker.pool.run(os.nice, 0) > os.nice(0)

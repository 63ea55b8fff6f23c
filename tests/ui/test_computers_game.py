"""Computer players at a table end to end: a person clicks in Discord, computer players
move when the fake clock moves on, and autoplay takes over a person out of time."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from bot.ai import Question
from bot.app.client import UnoBot
from bot.engine import Action, Game, legal
from bot.engine import Phase as EnginePhase
from bot.game.clock import FakeClock
from bot.game.computers import PAUSE_SECONDS
from bot.game.table import CloseReason, TableStatus
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMember, StoredMessage
from tests.ui.game_helpers import Playing, play_any_legal_move, table_button

UPDATE_MESSAGE = 7
BOTS = ["🤖 Normal bot 1", "🤖 Easy bot 2", "🤖 Normal bot 3"]


def seat_names(levels: tuple[str, ...]) -> list[str]:
    return [f"🤖 {level.capitalize()} bot {n}" for n, level in enumerate(levels, 1)]


async def start_with_computers(
    guild: FakeGuild, bot: UnoBot, fake: FakeDiscord, clock: FakeClock,
    levels: tuple[str, ...] = ("normal", "easy", "normal"), **options: Any
) -> Playing:
    """``/uno new`` by the first member, three computer players, Start; the deals and
    the pauses come from fixed seeds, so each test plays the same game every time."""
    seeds = itertools.count(int(options.pop("seed", 1)))
    bot.manager.registry.seeds = lambda: next(seeds)
    bot.manager.computers._random.seed(0)
    person = guild.members[0]
    answer = await person.slash("uno new", **options)
    assert answer.response is not None
    lobby = answer.response
    for level in levels:
        await person.slash("uno addbot", level=level)
    assert all(name in lobby.text for name in seat_names(levels))
    started = await person.click(lobby, lobby.custom_id("uno:lobby:start:"))
    assert started.callback_type == UPDATE_MESSAGE
    session = Playing(bot, fake, guild, clock, [person])
    await bot.board.idle()
    return session


def lately(message: StoredMessage) -> str:
    """The table's last actions, one a line after a bullet."""
    return "\n".join(line for line in message.text.splitlines() if line.startswith("• "))


async def play_the_match(session: Playing, bots: list[str]) -> tuple[int, int, set[str]]:
    """The person plays any legal move, deals the next rounds as host, and the clock moves
    on for the computer players, until the match ends: the computer turns, the person's
    moves, and the computer players the table's log named."""
    bot, fake_discord, clock, table, game = (session.bot, session.fake, session.clock,
                                              session.table, session.game)
    guild, person = session.guild, session.members[0]
    me = str(person.id)
    rng = random.Random(7)
    hands: dict[str, StoredMessage] = {}
    logged: set[str] = set()
    computer_turns = person_moves = 0
    for _ in range(5000):
        if bot.manager.get(guild.channel_id) is None:
            break
        message = session.table_message()
        logged |= {name for name in bots if name in lately(message)}
        if game.round_over:
            rounds = [m for m in fake_discord.messages.values()
                      if m.content.startswith(f"**Round {game.round_number}:")]
            await session.settle()
            if me in game.hands and table.host.id == person.id and rounds \
                    and rounds[-1].enabled_ids():
                await session.click(person, rounds[-1], table_button(rounds[-1], "next"))
            else:
                await clock.advance(30)
            await session.settle()
        elif me in game.waiting_for():
            await session.settle()
            if me in game.waiting_for():
                person_moves += await play_any_legal_move(session, hands, rng)
        elif game.current in table.computers and not game.voters and not game.discards_owed:
            # A computer player's turn: nothing happens until the clock moves on.
            version = table.version
            await bot.board.idle()
            assert table.version == version
            await clock.advance(PAUSE_SECONDS[1])
            assert table.version != version, "a computer player stalled the game"
            computer_turns += 1
            await bot.board.idle()
        else:
            await clock.advance(PAUSE_SECONDS[1])
            await bot.board.idle()
    else:
        raise AssertionError("the match did not end")
    return computer_turns, person_moves, logged


async def test_a_person_and_three_computer_players_play_a_whole_match(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_with_computers(guild, bot, fake_discord, clock, target=500, seed=2)
    person = session.members[0]
    table = session.table
    game = session.game
    assert game.players == [str(person.id), "-1", "-2", "-3"]
    computer_turns, person_moves, logged = await play_the_match(session, BOTS)
    await session.settle()
    assert table.status is TableStatus.ENDED and table.close_reason is CloseReason.FINISHED
    assert game.match_over and game.match_winner is not None
    winner = game.match_winner
    shown = table.name_of(winner) if winner in table.computers else person.mention
    assert f"🏆 {shown} wins the match!" in session.table_message().content
    assert any(f"🏆 {table.name_of(winner)} wins the match!" in m.content
               for m in fake_discord.messages.values() if m.content.startswith("**Round"))
    assert computer_turns > 10 and person_moves > 5, (computer_turns, person_moves)
    assert game.round_number > 1  # several rounds, the host dealing the next ones
    assert logged, "no computer move was ever named in the table's log"
    everyone = [e for action in table.recent_actions for e in action]
    assert any(e.get("player") in table.computers for e in everyone)
    assert "<@-" not in "".join(m.text for m in fake_discord.messages.values())
    assert await bot.db.load_games() == ([], [])
    (recorded,) = await bot.db.history(guild.id)
    assert {p.user_id for p in recorded.players} == {person.id, *map(int, table.computers)}
    board = await bot.db.leaderboard(guild.id, "points", "all", 0, 10)
    assert [row.user_id for row in board.rows] == [person.id]


def record_answers(bot: UnoBot, seconds: float) -> list[Action | None]:
    """Give the hard players ``seconds`` to think; the list fills with the answers their
    searches bring back (``None``: none in time)."""
    thinker = bot.manager.computers.thinker
    thinker.seconds = seconds
    answers: list[Action | None] = []
    asked = thinker.answer

    async def answer(question: Question) -> Action | None:
        found = await asked(question)
        answers.append(found)
        return found

    thinker.answer = answer  # type: ignore[method-assign]
    return answers


async def test_hard_players_with_no_answer_in_time_play_as_normal_to_the_end(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """A busy machine: no search comes back by its deadline, and every hard decision is
    made as ``normal`` makes it, at once, so the match still ends."""
    levels = ("hard", "hard", "hard")
    answers = record_answers(bot, seconds=1e-6)
    session = await start_with_computers(guild, bot, fake_discord, clock, levels, target=60,
                                         seed=3)
    table, game = session.table, session.game
    computer_turns, person_moves, _ = await play_the_match(session, seat_names(levels))
    await session.settle()
    assert table.status is TableStatus.ENDED and game.match_over
    assert computer_turns > 10 and person_moves > 3, (computer_turns, person_moves)
    assert len(answers) > 10 and not any(answers)


async def test_a_person_and_three_hard_computer_players_play_a_whole_match(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Hard players think in the bot's worker process and play a match to its end; each
    answer found is one of the player's legal actions when it is applied."""
    levels = ("hard", "hard", "hard")
    # The first search also starts the worker process.
    answers = record_answers(bot, seconds=60.0)
    session = await start_with_computers(guild, bot, fake_discord, clock, levels, target=60,
                                         seed=3)
    table, game = session.table, session.game
    for computer in table.computers.values():
        assert computer.level == "hard"
        computer.playouts = 16  # quick: this test checks the path, not the play
    computer_turns, person_moves, logged = await play_the_match(session, seat_names(levels))
    await session.settle()
    assert table.status is TableStatus.ENDED and table.close_reason is CloseReason.FINISHED
    assert game.match_over and game.match_winner is not None
    assert computer_turns > 10 and person_moves > 3, (computer_turns, person_moves)
    assert logged
    found = [a for a in answers if a is not None]
    assert len(found) > 10 and {a.player for a in found} <= set(table.computers)
    (recorded,) = await bot.db.history(guild.id)
    assert {p.user_id for p in recorded.players} == {session.members[0].id,
                                                    *map(int, table.computers)}


async def next_move(session: Playing) -> None:
    """Move the clock on a little at a time until the next change, within one pause."""
    version, waited = session.table.version, 0.0
    while session.table.version == version:
        assert waited < PAUSE_SECONDS[1], "nothing moved within a computer player's pause"
        await session.clock.advance(0.25)
        waited += 0.25
    await session.bot.board.idle()


async def wait_for_my_turn(session: Playing, person: FakeMember) -> None:
    game = session.game
    for _ in range(200):
        if str(person.id) in game.waiting_for() and not game.round_over:
            return
        await session.clock.advance(PAUSE_SECONDS[1])
        await session.bot.board.idle()
    raise AssertionError("the person's turn never came")


async def test_autoplay_takes_over_a_person_out_of_time_until_they_click(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_with_computers(guild, bot, fake_discord, clock, autoplay=True,
                                         turn_seconds=10)
    person = session.members[0]
    me = str(person.id)
    table, game = session.table, session.game
    assert table.autoplay
    await wait_for_my_turn(session, person)
    # The person's time runs out: a computer player takes their turn instead.
    before = table.version
    await clock.advance(10)
    await bot.board.idle()
    assert table.version != before and me in table.stand_ins
    took_over = next(a for a in table.recent_actions if a[0] == {"kind": "timed_out",
                                                                    "player": me})
    assert len(took_over) > 1 and me not in game.timeouts  # it acted, not the engine
    await session.settle()
    assert "🤖 autoplay" in session.table_message().text
    # It keeps playing for them on their next turns, without waiting for their timer.
    await wait_for_my_turn(session, person)
    version = table.version
    await next_move(session)
    last = table.recent_actions[-1]
    assert table.version != version and me in table.stand_ins and me not in game.timeouts
    assert last[0]["player"] == me and last[0]["kind"] != "timed_out", last
    # The person opens their hand: they are back in control.
    await wait_for_my_turn(session, person)
    hand = await session.open_hand(person)
    assert me not in table.stand_ins
    version = table.version
    await clock.advance(PAUSE_SECONDS[1] * 2)
    await bot.board.idle()
    assert table.version == version and me in game.waiting_for()  # nobody plays for them
    await session.settle()
    assert "🤖 autoplay" not in session.table_message().text
    hands = {me: hand}
    assert await play_any_legal_move(session, hands, random.Random(1))
    assert me not in table.stand_ins


async def test_without_autoplay_the_engine_timeout_applies(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_with_computers(guild, bot, fake_discord, clock, turn_seconds=10)
    person = session.members[0]
    me = str(person.id)
    table = session.table
    await wait_for_my_turn(session, person)
    await clock.advance(10)
    await bot.board.idle()
    assert any(a[0] == {"kind": "timed_out", "player": me} for a in table.recent_actions)
    assert table.stand_ins == {}
    assert session.game.timeouts[me] == 1  # the engine acted for them: one timeout counted


async def test_each_state_works_out_a_players_legal_actions_once(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hand and its pictures, the questions a click asks, the table and the computer
    players all read the engine's list: the rules are asked at most once per state
    version and player, of the one game the table holds."""
    asked: Counter[tuple[int, int, str]] = Counter()
    games: list[Game] = []
    work_out = legal.legal_actions

    def counted(game: Game, player: str, phase: EnginePhase) -> list[Action]:
        if not any(game is seen for seen in games):
            games.append(game)
        asked[(id(game), game.version, player)] += 1
        return work_out(game, player, phase)

    monkeypatch.setattr(legal, "legal_actions", counted)
    session = await start_with_computers(guild, bot, fake_discord, clock, seed=2)
    person = session.members[0]
    me = str(person.id)
    game = session.game
    rng = random.Random(3)
    hands: dict[str, StoredMessage] = {}
    person_moves = 0
    for _ in range(300):
        if game.round_over or person_moves >= 6:
            break
        if me in game.waiting_for():
            person_moves += await play_any_legal_move(session, hands, rng)
        else:
            await clock.advance(PAUSE_SECONDS[1])
            await bot.board.idle()
    await session.settle()
    assert person_moves >= 3 or game.round_over, person_moves
    assert games == [game]
    assert asked and max(asked.values()) == 1, asked.most_common(3)
    assert {player for _, _, player in asked} == set(game.players)

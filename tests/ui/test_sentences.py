"""What the hand says agrees with its buttons and with the engine (issue 25).

Random games of every ruleset and table option, with fixed seeds, are walked action by
action; at every state each player's hand message (``hand_message``, no Discord needed)
is checked: every action a sentence names is offered as an enabled button or a menu
entry, every button offers an action the engine lists (and every listed action has a
button), and the counts and card names in the text are the engine's. Challenges are
checked in words too: the cards a challenge moves are the cards its sentence names.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from bot.engine import Action, Game, Options, Phase
from bot.engine.cards import COLORS
from bot.engine.options import HOUSE_RULE_CARDS, TABLE_OPTIONS
from bot.game.drafts import Draft
from bot.game.players import player_id
from bot.game.snapshot import TableSnapshot
from bot.game.table import Player, Table, TableStatus
from bot.i18n import speaking
from bot.ui.messages.controls import Control, Menu
from bot.ui.messages.custom_ids import PATTERN
from bot.ui.messages.table import call
from bot.ui.words.words import a_card, action_line, card_label, card_words, color_label
from tests.engine.random_play import choose_action
from tests.ui.composing import hand_message

STEPS = 300
"""Actions per game: enough for several rounds, a few seconds for all the games."""
CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("classic", {}), ("customizable", {}), ("bff", {}), ("swap", {}), ("blank", {}),
    ("seven-o", {}), ("serious", {}),
    *[("classic", dict[str, object]({name: True})) for name in TABLE_OPTIONS],
    ("classic", {"stack_draws": True, "stacking": True}),
    ("classic", {"stack_draws": True, "no_bluff": True}),
    ("serious", {"no_bluff": True, "jump_in": True}),
    ("bff", {"stack_draws": True, "force_play": True}),
    ("classic", {"force_play": True, "draw_until_playable": True, "no_bluff": True}),
    ("seven-o", {"jump_in": True, "stack_draws": True}),
    ("customizable", {"house_rules": {"wildcustom": 8}}),
    ("blank", {"house_rules": {card: 5 + n % 3 for n, card in enumerate(HOUSE_RULE_CARDS)}}),
    ("swap", {name: True for name in TABLE_OPTIONS}),
]


@dataclass(frozen=True)
class Offered:
    """A hand message's enabled buttons and menu entries, as labels and drafts."""

    labels: list[str]
    drafts: list[Draft]


def offered(rows: list[list[Control | Menu]]) -> Offered:
    labels: list[str] = []
    drafts: list[Draft] = []
    for row in rows:
        for item in row:
            if isinstance(item, Menu):
                labels += [choice.label for choice in item.choices]
                drafts += [Draft.decode(choice.what) for choice in item.choices]
            elif not item.disabled:
                labels.append(item.label)
                match = re.fullmatch(PATTERN, item.custom_id)
                assert match is not None
                if match["what"].startswith("a:"):
                    drafts.append(Draft.decode(match["what"]))
    return Offered(labels, drafts)


def table_for(game: Game) -> Table:
    players = [Player(player_id(p), f"name{p}") for p in game.players]
    table = Table(guild_id=1, channel_id=2, host=players[0], ruleset=game.ruleset,
                  options=game.options, turn_seconds=60, version=1, players=players,
                  status=TableStatus.PLAYING)
    table.game = game
    return table


def check_hand(table: Table, game: Game, player: str) -> None:
    seen = game.seat_view(player)
    hand = hand_message(table, player)
    text, shown = hand.content, offered(hand.rows)
    # Catch! is on the table message; a draw waiting on the player is taken with Take
    legal = [a for a in seen.legal
             if a.do != "catch" and not (a.do == "draw" and seen.pending_draw)]
    context = f"{player}: {text!r} {shown.labels} {legal}"
    # buttons and the engine agree both ways
    for action in legal:
        assert any(d.allows(action) for d in shown.drafts), f"no button for {action}; {context}"
    for draft in shown.drafts:
        assert any(draft.allows(a) for a in legal), f"dead button {draft}; {context}"
    # the counts and card names of the text are the engine's
    assert f"**Your hand** ({len(seen.hand)} card" in text, context
    keep = game.discards_owed.get(player)
    if seen.top is not None and keep is None:  # a hand that owes a discard plays no card
        assert f"Top card: {card_words(seen.top)} ·" in text, context
    _check_draw_on_you(game, seen.pending_draw, text, shown, context)
    _check_drawn_card(seen.legal, text, shown, context)
    _check_jump_in(game, player, seen.legal, text, shown, context)
    _check_uno(game, player, shown, context)
    if "Choose the colour of the start card." in text:
        assert all(color_label(c) in shown.labels for c in COLORS), context
    if "Did you laugh?" in text:
        assert {"😂 I laughed", "😐 Not funny"} <= set(shown.labels), context
    if keep is not None:  # the menus name the count to discard, the cards over ``keep``
        menus = [item for row in hand.rows for item in row if isinstance(item, Menu)]
        assert menus and all(f"Discard {len(seen.hand) - keep} card" in menu.placeholder
                             for menu in menus), context
    if "It is your turn." in text:
        assert any(a.do in ("play", "draw") for a in legal), context


def _check_draw_on_you(game: Game, pending: int, text: str, shown: Offered,
                       context: str) -> None:
    """"take N cards" is the draw waiting, with its Take button; "answer it" has a card
    to add or a block; "challenge it" a Challenge button and the real stakes; the card
    named on top is the table's."""
    found = re.search(r"take (\d+) cards?", text)
    if found is None:
        return
    assert int(found[1]) == pending and f"Take {pending}" in shown.labels, context
    if "answer it" in text:
        assert any(label.startswith("Add ") for label in shown.labels) \
            or "Block with BFF Power" in shown.labels, context
    if "challenge it" in text:
        assert "Challenge" in shown.labels, context
        stakes = re.search(r"takes (\d+); if not, you take (\d+)", text)
        assert stakes is not None and (int(stakes[1]), int(stakes[2])) == (pending,
                                                                           pending + 2), context
    else:
        assert "Challenge" not in shown.labels, context
    kind = "Wild Draw Four" if game.pending_kind == "wild4" else "Draw Two"
    assert f"{kind} is on you" in text or f"played a {kind} on you" in text, context
    table_call = call(TableSnapshot.take(table_for(game)))
    assert f"a {kind} is on you" in table_call, table_call


def _check_drawn_card(legal: list[Action] | tuple[Action, ...], text: str, shown: Offered,
                      context: str) -> None:
    drawn = [a.card for a in legal if a.do == "play_drawn" and a.card]
    if "you drew" not in text:
        assert not drawn, context
        return
    for card in dict.fromkeys(drawn):
        assert card_words(card) in text and f"Play it: {card_label(card)}" in shown.labels, context
    assert ("keep it" in text) == ("Keep" in shown.labels) == any(a.do == "keep" for a in legal), \
        context


def _check_jump_in(game: Game, player: str, legal: list[Action] | tuple[Action, ...],
                   text: str, shown: Offered, context: str) -> None:
    """Out of turn, the hand says which card may jump in, and that card's own button is
    the one Jump in! button; never on one's own card."""
    jumps = [a.played_cards()[0] for a in legal if a.do == "play" and player != game.current]
    said = "you may jump in with it" in text
    assert said == bool(jumps), context
    for card in jumps:
        assert card == game.top and game.top_by != player, context
        assert a_card(card) in text, context
        assert shown.labels.count(f"Jump in! {card_label(card)}") == 1, context
    assert sum(label.startswith("Jump in!") for label in shown.labels) == len(set(jumps)), context


def _check_uno(game: Game, player: str, shown: Offered, context: str) -> None:
    counts = game.uno_call_counts(player) and player not in game.uno_called
    assert ("UNO!" in shown.labels) == counts, context


def _check_challenge_words(game: Game, action: Action, events: list[dict[str, object]]) -> None:
    """A challenge's sentence names the cards that move: the total, or the total plus 2."""
    line = action_line(events, str)
    drew = [e for e in events if e["kind"] == "drew"]
    said = re.search(r"takes (\d+)", line)
    assert said is not None and drew, line
    challenged = next(e for e in events if e["kind"] == "challenged")
    assert int(said[1]) == challenged["count"], line
    if drew[0]["count"] == challenged["count"]:  # the pile had enough for all of them
        assert int(said[1]) == drew[0]["count"], line


def walk(ruleset: str, extra: dict[str, object], seed: int) -> int:
    """Play ``STEPS`` random actions, checking every hand at every state; returns the
    number of states checked."""
    rng = random.Random(seed)
    players = [str(n) for n in range(1, 2 + seed % 4)] if seed % 4 else ["1", "2", "3"]
    game = Game.new(ruleset, Options.for_ruleset(ruleset, {"target": 10_000, **extra}),
                    players, seed)
    table = table_for(game)
    checked = 0
    for _ in range(STEPS):
        if game.waiting.phase is Phase.ROUND_OVER:
            game.apply(Action(game.players[0], "next_round"))
        for player in game.players:
            check_hand(table, game, player)
            checked += 1
        movers = game.waiting_for() if rng.random() < 0.85 else game.players
        options = [a for p in movers for a in game.legal_actions(p)]
        if not options:
            continue
        action = choose_action(options, rng)
        events = [e.redact(None).to_dict() for e in game.apply(action)]
        if action.do == "challenge":
            _check_challenge_words(game, action, events)
    return checked


@pytest.mark.parametrize(("ruleset", "extra"), CONFIGS,
                         ids=[f"{r}-{'-'.join(map(str, e)) or 'plain'}" for r, e in CONFIGS])
def test_every_hand_says_what_its_buttons_do(ruleset: str, extra: dict[str, object]) -> None:
    with speaking("en"):
        checked = sum(walk(ruleset, extra, seed) for seed in (1, 2, 3))
    assert checked > STEPS * 3  # every step checked at least one hand


def test_a_wild_draw_four_on_a_stack_is_named_as_such_with_its_stakes() -> None:
    """The cases of the issue, said exactly: stacked Wild Draw Fours challenged read the
    total and the total plus 2; a Wild Draw Four laid as an answer is named, not a Draw
    Two; no bluffing offers no challenge and says none."""
    game = Game.from_position(
        "classic", Options.for_ruleset("classic", {"stack_draws": True, "stacking": True}),
        ["1", "2", "3"], hands={"1": ["wild4", "wild4", "g5"], "2": ["b1", "b2"],
                                "3": ["y9", "rdraw2"]},
        discard=["r3"], draw=["g1"] * 20, current="1")
    game.apply(Action("1", "play", cards=("wild4", "wild4"), color="b"))
    text = hand_message(table_for(game), "2").content
    assert text.splitlines()[-1] == (
        "name1 played a Wild Draw Four on you: take 8 cards, or challenge it. If name1 held a "
        "red card, name1 takes 8; if not, you take 10 and miss your turn.")
    game.apply(Action("2", "challenge"))
    assert len(game.hands["2"]) == 12
    answered = Game.from_position(
        "classic", Options.for_ruleset("classic", {"stack_draws": True, "no_bluff": True}),
        ["1", "2", "3"], hands={"1": ["g5"], "2": ["wild4", "g1"], "3": ["y9", "y8"]},
        discard=["r3", "rdraw2"], draw=["g1"] * 20, current="2", pending_draw=2)
    answered.apply(Action("2", "play", card="wild4", color="b"))
    text = hand_message(table_for(answered), "3").content
    assert text.splitlines()[-1] == "A Wild Draw Four is on you: take 6 cards."
    assert "Challenge" not in offered(hand_message(table_for(answered), "3").rows).labels


def test_house_rules_on_several_cards_are_told_once() -> None:
    from bot.game.guild_settings import GuildSettings
    from bot.ui.messages.records import settings_embed

    settings = GuildSettings(overrides={"house_rules": {
        "wildcustom": 3, "rblank": 5, "yblank": 5, "gblank": 5, "bblank": 5}})
    with speaking("en"):
        text = settings_embed(settings).description or ""
    assert text.count("5 —") == 1 and "Every Blank: 5 —" in text, text
    assert "Every Wild Customizable: 3 —" in text, text


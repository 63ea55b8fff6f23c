"""A hand fits a phone at every size (issue 25, point 4): at 400 px wide, in every
language shipped, a hand message (text, picture, buttons) is at most 450 px tall for
any number of cards, and a whole turn (the table, its ping and the hand) fits 900 px.

The messages are the bot's own (``hand_message``, ``table_message``, the ping's
``call``, the pictures it attaches), drawn as Discord's client draws them
(``docs/discord_look.py``) and measured by headless Chromium, all in one run.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from functools import cache

from bot.engine import Game
from bot.engine.cards import Card, build_deck
from bot.game.players import PlayerId
from bot.game.snapshot import Snapshot, TableSnapshot
from bot.game.table import Player, Table, TableStatus
from bot.i18n import LANGUAGES, speaking
from bot.render import render_hand, render_table
from bot.render.hand import hand_image
from bot.ui.delivery.pictures import cards_seen, table_scene
from bot.ui.messages.controls import to_view
from bot.ui.messages.hand import hand_shown
from bot.ui.messages.table import call, table_message
from docs.discord_look import PHONE, Shown, heights
from tests.ui.game_helpers import position

HAND_MOST, TURN_MOST = 450, 900
PEOPLE = [Player(PlayerId(1), "Alexandra_Moreau"), Player(PlayerId(2), "Bartholomew1987"),
          Player(PlayerId(3), "Chiara.Rossi"), Player(PlayerId(4), "Dmitri_Volkov"),
          *(Player(PlayerId(n), f"Long_Player_Name_{n}") for n in range(5, 11))]
"""Names as long as people's often are (Discord allows 32 characters)."""
SEATS = [str(p.id) for p in PEOPLE[:4]]
FILL: list[Card] = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]
OTHERS = {"2": ["y8", "y9"], "3": ["g7", "b3", "b4"], "4": ["b1"]}
DISTINCT: list[Card] = [f"{c}{v}" for v in (*range(1, 10), "skip", "reverse", "draw2")  # type: ignore[misc]
                        for c in "rygb"]
"""48 different cards, colours taking turns: a hand of the first n has every colour."""


def game(hand: list[Card], top: Card = "r9", seats: int = 4, ruleset: str = "classic",
         **kwargs: object) -> Game:
    others = {p: OTHERS.get(p, ["y5", "y6"]) for p in (str(n) for n in range(2, seats + 1))}
    return position(ruleset, [str(n) for n in range(1, seats + 1)],
                    hands={"1": hand, **others}, discard=["b9", top], draw=FILL,
                    current=kwargs.pop("current", "1"), **kwargs)  # type: ignore[arg-type]


@cache
def positions() -> dict[str, Game]:
    """The hands a phone must show, from small to huge and with the most controls."""
    drawn = game(DISTINCT[:9], top="g0")
    drawn.apply(next(a for a in drawn.legal_actions("1") if a.do == "draw"))  # a green:
    assert "keep" in {a.do for a in drawn.legal_actions("1")}  # Play it and Keep
    discard = game(DISTINCT[:38], current="4", ruleset="customizable",
                   options={"house_rules": {"wildcustom": 5}})
    discard.hands["4"] = ["wildcustom", "r1"]  # the seat before "1" lays it
    discard.apply(next(a for a in discard.legal_actions("4") if a.card == "wildcustom"))
    assert discard.discards_owed == {"1": 7}  # house rule 5: down to 7, in two menus
    return {
        **{f"{n} cards": game(DISTINCT[:n]) for n in (1, 2, 7, 10, 11, 15, 20)},
        "20 cards, 12 red": game([c for c in DISTINCT if c[0] == "r"]
                                 + [c for c in DISTINCT if c[0] != "r"][:8]),
        "60 cards": game(build_deck("classic")[:60]),
        "Wild Draw Four on you": game(DISTINCT[:10], top="wild4", color="g", pending_draw=4),
        "drew a playable card": drawn,
        "not your turn": game(DISTINCT[:10], current="2"),
        "10 players": game(DISTINCT[:7], seats=10),
        "add to a Draw Two": game(["rdraw2", "ydraw2", "gdraw2", "bdraw2", "wild4", "r1", "b7"],
                                  top="rdraw2", ruleset="serious", pending_draw=2),
        "discard 31 of 38": discard,
        "jump in": game(["r9", "y9", "g9", "b5", "r5", "y5", "g5"], current="2",
                        options={"jump_in": True}),
    }


def table_for(state: Game, language: str) -> Table:
    table = Table(guild_id=1, channel_id=10**18, host=PEOPLE[0], ruleset="classic",
                  options=state.options, turn_seconds=60, version=10**13,
                  players=PEOPLE[:len(state.players)],
                  status=TableStatus.PLAYING, language=language, turn_deadline=60.0)
    table.game = state
    table.recent_actions = [[{"kind": "played", "player": "4", "cards": ["r9"]}],
                            [{"kind": "drew", "player": "2", "count": 2},
                             {"kind": "skipped", "player": "2"}],
                            [{"kind": "played", "player": "3", "cards": ["rskip"]}]]
    return table


@dataclass(frozen=True, slots=True)
class Turn:
    table: Shown
    ping: Shown
    hand: Shown


def turn(table: Table) -> Turn:
    """The three messages of a turn, as the bot sends them, with their pictures."""
    public = TableSnapshot.take(table)
    shown = table_message(public)
    shown.show_picture("attachment://table.png")
    scene = table_scene(public)
    assert scene is not None
    seen = Snapshot.take(table, "1")
    hand = hand_shown(seen)
    cards = cards_seen(seen.view)
    assert cards is not None
    return Turn(
        Shown({"content": shown.content, "embeds": [shown.embed.to_dict()],
               "attachments": [{"filename": "table.png", "url": "https://cdn/t/table.png"}],
               "components": to_view(shown.rows).to_components()},
              {"table.png": render_table(scene)}),
        Shown({"content": call(public)}, {}),
        Shown({"content": hand.content, "flags": 64,
               "attachments": [{"filename": "hand.png", "url": "https://cdn/h/hand.png"}],
               "components": to_view(hand.rows).to_components()},
              {"hand.png": picture(tuple(cards.cards), tuple(cards.counts),
                                   frozenset(cards.playable or ()))}))


@cache
def picture(cards: tuple[Card, ...], counts: tuple[int, ...], playable: frozenset[int]) -> bytes:
    return render_hand(list(cards), set(playable), list(counts))


def name(user_id: int) -> str:
    return next(p.name for p in PEOPLE if p.id == user_id)


def test_every_hand_and_every_turn_fits_a_phone_in_every_language() -> None:
    chromium = shutil.which("chromium")
    assert chromium, "the phone test draws with Chromium: apt-get install -y chromium"
    turns: dict[tuple[str, str], Turn] = {}
    for language in LANGUAGES:
        with speaking(language):
            for label, state in positions().items():
                turns[language, label] = turn(table_for(state, language))
    groups = [[t.hand] for t in turns.values()] + [[t.table, t.ping, t.hand]
                                                    for t in turns.values()]
    measured = heights(groups, name, 0, PHONE, chromium)
    hands = dict(zip(turns, measured[:len(turns)], strict=True))
    whole = dict(zip(turns, measured[len(turns):], strict=True))
    tallest = max(hands, key=hands.__getitem__)
    print(f"tallest hand: {tallest} {hands[tallest]:.0f} px; tallest turn: "
          f"{max(whole.values()):.0f} px")
    assert {k: h for k, h in hands.items() if h > HAND_MOST} == {}
    assert {k: h for k, h in whole.items() if h > TURN_MOST} == {}


def test_a_small_hand_shows_no_bigger_cards_than_a_seven_card_hand() -> None:
    """A client scales a picture to its width: the same width shows the same card size."""
    seven = hand_image(DISTINCT[:7])
    for n in (1, 2, 5):
        assert hand_image(DISTINCT[:n]).size == seven.size


def test_hands_of_11_to_20_different_cards_show_only_their_playable_cards_as_buttons() -> None:
    for n in (11, 15, 20):
        table = table_for(positions()[f"{n} cards"], "en-US")
        with speaking("en-US"):
            rows = hand_shown(Snapshot.take(table, "1")).rows
        cards = [c for row in rows for c in row if ":a:play:" in c.custom_id]
        assert cards and not any(c.disabled for c in cards)
        assert len(cards) == len({a.card for a in table.game.legal_actions("1")  # type: ignore[union-attr]
                                  if a.do == "play"})

"""``bot.game.drafts``: a click's draft completed against the legal actions, into the
one action it names or the choice still open."""

from __future__ import annotations

from bot.engine import Action, Game, Options
from bot.engine.cards import COLORS, Card
from bot.game.drafts import Draft, Open, OpenChoice, complete


def legal(ruleset: str, hand: list[Card], **options: object) -> list[Action]:
    game = Game.from_position(
        ruleset, Options.for_ruleset(ruleset, dict(options)), ["1", "2", "3"],
        hands={"1": hand, "2": ["y1", "y2"], "3": ["b1", "b2"]},
        discard=["r5"], draw=["g7", "g8"], current="1")
    return game.legal_actions("1")


def test_a_whole_draft_is_the_engine_s_action() -> None:
    actions = legal("classic", ["r3", "wild"])
    assert complete(Draft("play", ("r3",)), actions, "1") == Action("1", "play", card="r3")
    assert complete(Draft("play", ("wild",), color="b"), actions, "1") == Action(
        "1", "play", card="wild", color="b")
    assert complete(Draft("draw"), actions, "1") == Action("1", "draw")


def test_a_draft_no_legal_action_fits_goes_to_the_engine_as_it_is() -> None:
    assert complete(Draft("play", ("b9",)), legal("classic", ["r3"]), "1") == Action(
        "1", "play", card="b9")


def test_what_the_legal_actions_still_differ_in_is_asked() -> None:
    wild = Draft("play", ("wild",))
    assert complete(wild, legal("classic", ["wild"]), "1") == OpenChoice(
        Open.COLOR, tuple(Draft("play", ("wild",), color=c) for c in COLORS))
    stacked = complete(Draft("play", ("r3",)), legal("classic", ["r3", "g3"], stacking=True), "1")
    assert stacked == OpenChoice(Open.CARDS, (Draft("play", ("r3",), exact=True),
                                              Draft("play", ("r3", "g3"), exact=True)))
    swap = Draft("play", ("wildswap",), color="r")
    assert complete(swap, legal("swap", ["wildswap", "y9"]), "1") == OpenChoice(
        Open.TARGET, (Draft("play", ("wildswap",), color="r", target="2"),
                      Draft("play", ("wildswap",), color="r", target="3")))


def test_a_draft_reads_back_as_written() -> None:
    for draft in (Draft("play", ("r3", "g3"), exact=True), Draft("vote", laughed="1"),
                  Draft("play", ("wildswap",), color="g", target="-2")):
        assert Draft.decode(draft.encode()) == draft

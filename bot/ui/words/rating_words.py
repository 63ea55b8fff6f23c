"""A rating as the messages write it: ``1043``, ``987?`` while provisional, and its change
``1043 (+12)``. Digits and signs read the same in every language we ship."""

from __future__ import annotations

from bot.game.standings import RatingChange


def rating_words(rating: int, provisional: bool) -> str:
    return f"{rating}?" if provisional else str(rating)


def change_words(change: int) -> str:
    """ "+12", "-7", "±0"."""
    return f"{change:+d}" if change else "±0"


def rating_change(change: RatingChange) -> str:
    """ "1043 (+12)": the rating after a match, and what the match did to it."""
    return (f"{rating_words(change.after, change.provisional)} "
            f"({change_words(change.after - change.before)})")

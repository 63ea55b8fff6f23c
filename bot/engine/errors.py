"""The engine's refusals: every illegal action raises ``IllegalAction`` with a stable code."""

from __future__ import annotations

ERROR_CODES: dict[str, str] = {
    "not_your_turn": "It is not your turn.",
    "not_in_hand": "You do not hold that card.",
    "does_not_match": "That card does not match the colour, number or symbol on the pile.",
    "needs_color": "Choose a colour for that card.",
    "needs_target": "Choose another player for that card.",
    "not_allowed_now": "You cannot do that right now.",
    "not_a_player": "That is not a player in this game.",
}
"""The codes of shared/vectors/FORMAT.md, each with a sentence a player can read."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game state is left exactly as it was."""

    def __init__(self, code: str, detail: str = "") -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)

    @property
    def message(self) -> str:
        """The sentence to show the player."""
        return ERROR_CODES[self.code]

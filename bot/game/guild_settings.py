"""Server settings: the table a new game starts with, chosen by the server's admins."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.options import FREE_TEXT_RULE, HOUSE_RULE_CARDS, Options, OptionsError
from bot.game.seasons import DEFAULT_SEASON_LENGTH, SEASON_LENGTHS
from bot.i18n import LANGUAGES, N_


class SettingError(OptionsError):
    """A setting no server could keep, refused with the game layer's own sentence:
    ``template``, an English message id, filled with ``params`` (as ``TableError``)."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__("setting", **params)
        self.template = template

    def __str__(self) -> str:
        return self.template.format(**self.params) if self.params else self.template


DEFAULT_RULESET = "classic"
DEFAULT_TURN_SECONDS = 60
MIN_TURN_SECONDS = 10
MAX_TURN_SECONDS = 600
DEFAULT_TABLES_PER_MEMBER = 3
MAX_TABLES_PER_MEMBER = 25


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """What a new game on this server starts with. Invalid values raise ``OptionsError``."""

    ruleset: str = DEFAULT_RULESET
    overrides: dict[str, Any] = field(default_factory=dict)
    """The options the server changed from the ruleset's defaults, in the format of
    ``Options.to_dict()``: ``{"stacking": true, "target": 300, "scoring": "alternative",
    "house_rules": {"wildcustom": 4, "rblank": "free text"}}``. Only what was changed is
    kept, so switching the ruleset later brings that ruleset's own defaults."""
    turn_seconds: int = DEFAULT_TURN_SECONDS
    images: bool = True
    threads: bool = False
    """Whether ``/uno new`` opens its game in a new thread of the channel by default."""
    language: str | None = None
    """The Discord locale of a shipped language the server's shared messages speak;
    None follows the server's own preferred locale."""
    tables_per_member: int = DEFAULT_TABLES_PER_MEMBER
    """How many open lobbies and games (in channels or threads) one member may host on
    the server at once: one member cannot fill the server with them."""
    season_length: str = DEFAULT_SEASON_LENGTH
    """How long a rating season lasts: ``none``, ``month`` or ``quarter`` (UTC)."""

    def __post_init__(self) -> None:
        if not isinstance(self.overrides, dict):
            raise SettingError(N_("option overrides must map option names to values"))
        if isinstance(self.turn_seconds, bool) or not isinstance(self.turn_seconds, int):
            raise SettingError(N_("the turn timer must be a whole number of seconds"))
        if not MIN_TURN_SECONDS <= self.turn_seconds <= MAX_TURN_SECONDS:
            raise SettingError(
                N_("the turn timer must be between {low} and {high} seconds"),
                low=MIN_TURN_SECONDS, high=MAX_TURN_SECONDS,
            )
        if not isinstance(self.images, bool) or not isinstance(self.threads, bool):
            raise SettingError(N_("images and threads must be on or off"))
        if isinstance(self.tables_per_member, bool) \
                or not isinstance(self.tables_per_member, int) \
                or not 1 <= self.tables_per_member <= MAX_TABLES_PER_MEMBER:
            raise SettingError(
                N_("the lobbies and games per member must be a whole number from 1 to {high}"),
                high=MAX_TABLES_PER_MEMBER,
            )
        if self.language is not None and self.language not in LANGUAGES:
            raise SettingError(N_("the bot does not speak the language {language}"),
                               language=self.language)
        if self.season_length not in SEASON_LENGTHS:
            raise SettingError(N_("a season lasts a month, a quarter, or there are none"))
        self.options()  # raises OptionsError for an unknown ruleset or a bad override

    def options(self) -> Options:
        return Options.for_ruleset(self.ruleset, self.overrides)

    def overridden(self, changes: dict[str, Any]) -> GuildSettings:
        """These settings with more overrides; a ``house_rules`` change replaces them all."""
        return replace(self, overrides={**self.overrides, **changes})

    @property
    def target(self) -> int:
        return self.options().target

    @property
    def scoring(self) -> str:
        return self.options().scoring

    @property
    def house_rules(self) -> dict[str, int | str]:
        """Each house-rule card's rule: its number 1-8, or for rule 9 its written text
        (9 itself when nobody wrote one)."""
        options = self.options()
        rules: dict[str, int | str] = {}
        for card in HOUSE_RULE_CARDS:
            rule = options.house_rule(card)
            text = options.house_rule_texts.get(card)
            rules[card] = text if rule == FREE_TEXT_RULE and text else rule
        return rules

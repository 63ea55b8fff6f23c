"""Leaderboards, player stats, match history and server settings as Discord messages.

Each is an answer to the person who ran the command, so it speaks their language (the
language of the moment in the command's handler)."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine.options import HOUSE_RULE_CARDS, HOUSE_RULES
from bot.game.guild_settings import GuildSettings, SettingError
from bot.game.players import PlayerId, is_computer
from bot.game.ports import Storage
from bot.i18n import LANGUAGES, N_, _, ngettext
from bot.ui.words.option_words import listed_on, stated
from bot.ui.words.rule_words import HOUSE_RULE_WORDS
from bot.ui.words.words import HOUSE_RULE_CARD_NAMES, choice_name

HOUSE_RULE_TEXT_LIMIT = 200
SEASON_LENGTH_NAMES = {"none": N_("none"), "month": N_("monthly"), "quarter": N_("quarterly")}


def mention(user_id: PlayerId) -> str:
    """A person as a mention; a computer player by what it is."""
    return _("🤖 computer player") if is_computer(user_id) else f"<@{user_id}>"


# -- history ----------------------------------------------------------------


async def show_history(interaction: discord.Interaction, db: Storage, server_wide: bool) -> None:
    assert interaction.guild_id is not None
    channel = None if server_wide else interaction.channel_id
    matches = await db.history(interaction.guild_id, channel, limit=10)
    lines = []
    for match in matches:
        scores = ", ".join(f"{mention(p.user_id)} {p.points}" for p in match.players)
        # i18n: the winner of a match that has none
        winner = mention(match.winner_id) if match.winner_id else _("nobody")
        # i18n: one finished match: when it ended ("2 hours ago"), its ruleset, its rounds
        line = ngettext("{ended} · {ruleset} · {count} round · winner {winner}",
                        "{ended} · {ruleset} · {count} rounds · winner {winner}",
                        match.rounds).format(ended=f"<t:{int(match.ended_at)}:R>",
                                             ruleset=choice_name(match.ruleset),
                                             count=match.rounds, winner=winner)
        lines.append(f"{line}\n  {scores}")
    if server_wide:
        title = _("Last matches in this server")
        body = "\n".join(lines) or _("No finished match in this server yet.")
    else:
        title = _("Last matches in this channel")
        body = "\n".join(lines) or _("No finished match in this channel yet.")
    embed = discord.Embed(title=title, description=body)
    await interaction.response.send_message(embed=embed, ephemeral=True)


# -- server settings ------------------------------------------------------------------


def on_off(flag: bool) -> str:
    # i18n: a setting's state in /uno settings: "Card images: on"
    return _("on") if flag else _("off")


def settings_embed(settings: GuildSettings) -> discord.Embed:
    options = settings.options()
    table_options = ", ".join(_(words.label) for words in listed_on(options))
    lines = [
        _("Ruleset: {ruleset}").format(ruleset=choice_name(settings.ruleset)),
        " · ".join(_(words.setting).format(on_off=on_off(on)) for words, on in stated(options)),
        # i18n: {scoring} is the scoring mode's name
        ngettext("Scoring: {scoring} to {count} point", "Scoring: {scoring} to {count} points",
                 options.target).format(scoring=choice_name(options.scoring),
                                       count=options.target),
        _("Table options: {options}").format(options=table_options) if table_options
        else _("Table options: none"),
        ngettext("Turn timer: {count} second", "Turn timer: {count} seconds",
                 settings.turn_seconds).format(count=settings.turn_seconds),
        _("Card images: {on_off}").format(on_off=on_off(settings.images)),
        _("Game threads: {on_off} (each /uno new in a new thread)").format(
            on_off=on_off(settings.threads)),
        _("Open lobbies and games per member: {count}").format(
            count=settings.tables_per_member),
        _("Language of the table, lobby and pings: {language}").format(
            language=LANGUAGES[settings.language].name) if settings.language
        else _("Language of the table, lobby and pings: the server's language on Discord"),
        # i18n: how long a rating season lasts on the server: a month, a quarter, or none
        _("Rating seasons: {length}").format(length=_(SEASON_LENGTH_NAMES[settings.season_length])),
        _("House rules:"),
    ]
    for rule, cards in _cards_by_rule(settings.house_rules).items():
        # i18n: house rule 9 with the text the server wrote for it
        said = _("9 — “{rule}”").format(rule=rule) if isinstance(rule, str) \
            else f"{rule} — {_(HOUSE_RULE_WORDS[rule])}"
        lines.append(f"  {cards}: {said}")
    return discord.Embed(title=_("UNO settings for this server"), description="\n".join(lines))


def _cards_by_rule(house_rules: dict[str, int | str]) -> dict[int | str, str]:
    """Each house rule once, with the cards that carry it ("Every Blank" when all four
    Blanks do), so a rule on several cards is not told again for each."""
    grouped: dict[int | str, list[str]] = {}
    for card, rule in house_rules.items():
        grouped.setdefault(rule, []).append(card)
    named: dict[int | str, str] = {}
    for rule, cards in grouped.items():
        blanks = [c for c in cards if c.endswith("blank")]
        names = [_(HOUSE_RULE_CARD_NAMES[c]) for c in cards if c not in blanks or len(blanks) < 4]
        if len(blanks) == 4:
            # i18n: /uno settings: all four Blank cards carry the same house rule
            names.append(_("Every Blank"))
        named[rule] = " · ".join(names)
    return named


def parse_house_rule(value: str) -> int | str:
    """A house-rule option: a rule number 1 to 9, or the free text of rule 9."""
    value = value.strip()
    if value.isdigit():
        number = int(value)
        if number not in HOUSE_RULES:
            raise SettingError(N_("a house rule is a number from 1 to 9, or a text for rule 9"))
        return number
    if not value or len(value) > HOUSE_RULE_TEXT_LIMIT:
        raise SettingError(N_("a written house rule takes 1 to {count} characters"),
                           count=HOUSE_RULE_TEXT_LIMIT)
    return value


FOLLOW_DISCORD = "discord"
"""The ``language`` setting that goes back to the server's own locale."""


def changed_settings(current: GuildSettings, changes: dict[str, Any]) -> GuildSettings:
    """``current`` with the command's ``changes`` (only options the admin gave).
    Raises ``OptionsError`` with a sentence for any value no table could play with."""
    ruleset = changes.pop("ruleset", None) or current.ruleset
    turn_seconds = changes.pop("turn_seconds", None) or current.turn_seconds
    images = changes.pop("images", None)
    threads = changes.pop("threads", None)
    language = changes.pop("language", None)
    tables_per_member = changes.pop("tables_per_member", None)
    season_length = changes.pop("seasons", None) or current.season_length
    house_rules = dict(current.overrides.get("house_rules", {}))
    for card in HOUSE_RULE_CARDS:
        value = changes.pop(card, None)
        if value is not None:
            house_rules[card] = parse_house_rule(value)
    overrides = {**current.overrides, **changes}
    if house_rules:
        overrides["house_rules"] = house_rules
    return GuildSettings(
        ruleset=ruleset,
        overrides=overrides,
        turn_seconds=turn_seconds,
        images=current.images if images is None else images,
        threads=current.threads if threads is None else threads,
        language=(current.language if language is None
                  else None if language == FOLLOW_DISCORD else language),
        tables_per_member=(current.tables_per_member if tables_per_member is None
                           else tables_per_member),
        season_length=season_length,
    )

"""Clicks and commands of a game: each is turned into an engine action (or a question)
by the manager's ``Turns``; its answer is composed under the table's lock and sent once
the lock is released.

A click on the hand message is answered by updating that message in place (callback
type 7) with the hand as it now is, or with the next question (a colour, a player,
which cards); anything else is answered with an ephemeral message. A hand whose
picture is not drawn yet is acknowledged at once (deferred) and completed when the
picture is ready, so a picture never holds an acknowledgement up. Refusals, the
engine's included, are answered in one place (:func:`bot.ui.errors.refuse`).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.engine import Action, Event, Game, IllegalAction
from bot.game.errors import CannotCatchYourself, NobodyToCatch, StaleView, TableError
from bot.game.registry import Reply
from bot.game.table import Table
from bot.game.turns import Answer
from bot.i18n import _, ngettext, pgettext, speaking
from bot.ui.again import play_again
from bot.ui.answers import acknowledge, on_hand_message, say, too_late_is_a_warning
from bot.ui.controls import Control, Rows, Style, to_view
from bot.ui.custom_ids import LEAVE, Draft, leave_id, parse
from bot.ui.errors import refusal_words, refuse
from bot.ui.hand import hand_message
from bot.ui.names import name_of, namer
from bot.ui.open_hands import HandSession
from bot.ui.prompts import Prompt, prompt_rows, resolve
from bot.ui.services import UnoClient, uno_client
from bot.ui.text import ruleset_details
from bot.ui.words import action_line, cards_words, choice_name, said_to


async def on_click(interaction: discord.Interaction, custom_id: str) -> None:
    """Every game button lands here (see ``bot.ui.custom_ids``). A busy bot acknowledges
    the click first (``bot.ui.answers``)."""
    match = parse(custom_id)
    assert match is not None  # the DynamicItem template matched it
    channel_id = int(match["channel"])
    bot = uno_client(interaction)
    with bot.clicks.click() as busy, too_late_is_a_warning(interaction), \
            bot.board.clicking(channel_id, interaction):
        if busy or bot.manager.registry.busy(channel_id):
            await acknowledge(interaction)  # too late already: nothing is applied
        await _on_click(interaction, channel_id, int(match["version"]), match["what"])


async def _on_click(interaction: discord.Interaction, channel_id: int, version: int,
                    what: str) -> None:
    try:
        if what == "hand":
            await show_hand(interaction, channel_id)
        elif what == "rules":
            await show_rules(interaction, channel_id)
        elif what == "next":
            await uno_client(interaction).manager.turns.next_round(
                channel_id, interaction.user.id, version,
                confirm(_("You dealt the next round."), interaction))
        elif what == "again":
            await play_again(interaction, channel_id, version)
        elif what.startswith("page:"):  # Back from a question (or an older hand's page)
            await show_hand(interaction, channel_id)
        elif (leaving := LEAVE.fullmatch(what)) is not None:
            await leave(interaction, channel_id, int(leaving["match"]))
        elif what == "catch":
            await catch(interaction, channel_id, version, Draft("catch"))
        else:
            draft = Draft.decode(what)
            if draft.do == "catch":
                await catch(interaction, channel_id, version, draft)
            else:
                await act(interaction, channel_id, version, draft)
    except StaleView as stale:
        if on_hand_message(interaction):
            # i18n: {refusal} says why nothing happened; the hand follows
            notice = _("{refusal} Your hand now:").format(refusal=refusal_words(stale))
            await show_hand(interaction, channel_id, notice=notice)
        else:
            await refuse(interaction, stale)
    except (TableError, IllegalAction) as error:
        await refuse(interaction, error)


def confirm(sentence: str, interaction: discord.Interaction) -> Answer:
    def answer(table: Table, events: list[Event]) -> Reply:
        return lambda: say(interaction, sentence)

    return answer


async def show_hand(
    interaction: discord.Interaction,
    channel_id: int,
    notice: str = "",
) -> None:
    """"My hand" (a fresh ephemeral message, which later changes refresh) or Back on
    the hand message (updated in place). Nothing in the game changes."""

    def answer(table: Table, events: list[Event]) -> Reply:
        player = str(interaction.user.id)
        hand = hand_message(table, player, notice)
        return _show(interaction, table, hand.content, hand.rows, hand=True)

    await uno_client(interaction).manager.turns.act(
        channel_id, interaction.user.id, None, _nothing, answer)


def _nothing(game: Game, player: str) -> None:
    return None


def _decider(bot: UnoClient, channel_id: int, draft: Draft, asked: list[Prompt]
             ) -> Callable[[Game, str], Action | None]:
    """Completes ``draft`` into the engine action it names, under the table's lock; when
    a choice is still missing, puts the question in ``asked`` and applies nothing."""

    def decide(game: Game, player: str) -> Action | None:
        table = bot.manager.get(channel_id)
        assert table is not None
        result = resolve(game, player, draft, namer(table))
        if isinstance(result, Prompt):
            asked.append(result)
            return None
        return result

    return decide


async def act(interaction: discord.Interaction, channel_id: int, version: int,
              draft: Draft) -> None:
    """A click that names an action, whole or in part: apply it, or ask what is missing."""
    bot = uno_client(interaction)
    asked: list[Prompt] = []
    decide = _decider(bot, channel_id, draft, asked)

    def answer(table: Table, events: list[Event]) -> Reply:
        player = str(interaction.user.id)
        if asked:
            rows = prompt_rows(table.channel_id, table.version, asked[0],
                               back=on_hand_message(interaction))
            return _show(interaction, table, asked[0].question, rows)
        hand = hand_message(table, player, private_news(table, events, player))
        return _show(interaction, table, hand.content, hand.rows, hand=True)

    await bot.manager.turns.act(channel_id, interaction.user.id, version, decide, answer)


async def catch(interaction: discord.Interaction, channel_id: int, version: int,
                draft: Draft) -> None:
    """Catch! on the table: the one catchable player, or a choice when several are."""
    bot = uno_client(interaction)
    asked: list[Prompt] = []
    complete = _decider(bot, channel_id, draft, asked)

    def decide(game: Game, player: str) -> Action | None:
        action = complete(game, player)
        if action is not None and not draft.target and action.target is None:
            raise CannotCatchYourself() if player in game.catchable() else NobodyToCatch()
        return action

    def answer(table: Table, events: list[Event]) -> Reply:
        if asked:
            rows = prompt_rows(table.channel_id, table.version, asked[0], back=False)
            return lambda: say(interaction, asked[0].question, view=to_view(rows))
        caught = [e for e in events if e.kind == "caught"]
        caught_name = name_of(table, caught[0].target or "") if caught else ""
        sentence = (_("You caught {player} without UNO, so {player} takes 2.").format(
            player=caught_name) if caught else refusal_words(NobodyToCatch()))
        return lambda: say(interaction, sentence)

    try:
        await bot.manager.turns.act(channel_id, interaction.user.id, version, decide, answer,
                                    catch=True)
    except StaleView:
        raise NobodyToCatch() from None


def private_news(table: Table, events: list[Event], player: str) -> str:
    """What the acting player alone learns: what their action did (said to them where it
    concerns them, like a challenge), the cards they drew, a challenged hand."""
    seen_events = [e.redact(player).to_dict() for e in events]
    own_draw = all(e.kind == "reshuffled" or (e.kind == "drew" and e.player == player)
                   for e in events)  # told below with the cards drawn, once
    lines = [said_to(seen_events, player, namer(table))
             or ("" if own_draw else action_line(seen_events, namer(table)))]
    for event in events:
        seen = event.redact(player)
        if event.kind == "drew" and seen.cards and event.player == player:
            lines.append(_("You drew: {cards}.").format(cards=cards_words(list(seen.cards))))
        if event.kind == "hand_revealed" and seen.cards:
            lines.append(_("{player}'s hand: {cards}.").format(
                player=name_of(table, event.player or ""),
                cards=cards_words(list(seen.cards))))
    return "\n".join(line for line in lines if line)


def _show(interaction: discord.Interaction, table: Table, content: str, rows: Rows,
          *, hand: bool = False) -> Reply:
    """Compose (under the table's lock) the answer with the hand or a question: in place
    on the hand message, else as a new ephemeral hand message; either way, later changes
    refresh that message through this interaction's token, the newest on it. A hand
    comes with its picture; a question leaves the message's picture as it is. The session
    learns the version shown now, so the courier does not refresh the message meanwhile
    with a hand that lacks this news."""
    client = uno_client(interaction)
    player = str(interaction.user.id)
    channel_id, version = table.channel_id, table.version
    picture = client.pictures.hand_picture(table, player) \
        if hand and client.pictures.in_answer(interaction, table) else None
    in_place = on_hand_message(interaction)
    kept = not hand  # a question leaves the message's picture as it is
    if in_place:
        session = client.board.hands.get((channel_id, player))
        if session is not None and interaction.message is not None \
                and session.message_id == interaction.message.id:
            session.version = version
            if session.shows(picture):
                picture, kept = None, True

    async def send() -> None:
        view = to_view(rows)
        ready = client.pictures.ready(picture) if picture is not None else None
        attachments = discord.utils.MISSING if kept else [ready] if ready else []
        if not interaction.response.is_done() and (picture is None or ready is not None):
            # acknowledged by nobody yet, and nothing to wait for: answer directly
            if in_place:
                await interaction.response.edit_message(content=content, view=view,
                                                        attachments=attachments)
            else:
                sent = await interaction.response.send_message(
                    content, view=view, ephemeral=True, files=attachments)
                message_id = sent.message_id or 0
        else:  # acknowledged (now, if not yet), completed once the picture is drawn
            await acknowledge(interaction)
            drawn = await client.pictures.file(picture) if picture is not None else None
            message = await interaction.edit_original_response(
                content=content, view=view,
                attachments=attachments if kept else [drawn] if drawn else [])
            message_id = message.id
        if in_place:  # this click's token, the newest, edits the hand message from now on
            assert interaction.message is not None
            message_id = interaction.message.id
        client.board.hands.open((channel_id, player), HandSession(
            interaction, client.board.clock.now(), version, message_id,
            picture.key if picture is not None else None))

    return send


async def show_rules(interaction: discord.Interaction, channel_id: int) -> None:
    table = uno_client(interaction).manager.get(channel_id)
    if table is None or table.game is None:
        await say(interaction, _("This game is over."))
        return
    body = ruleset_details(table.ruleset, table.game.options)
    body += "\n" + ngettext("Turn timer: {count} second.", "Turn timer: {count} seconds.",
                            table.turn_seconds).format(count=table.turn_seconds)
    title = _("Rules of this game: {ruleset}").format(ruleset=choice_name(table.ruleset))
    await say(interaction, embed=discord.Embed(title=title, description=body))


async def leave(interaction: discord.Interaction, channel_id: int,
                match: int | None = None) -> None:
    """``/uno leave`` during a game. One of the last two players is asked first, since
    leaving ends the match (RULES.md 10); ``match`` is set by that question's button."""
    bot = uno_client(interaction)
    table = bot.manager.get(channel_id)
    player = str(interaction.user.id)
    game = table.game if table is not None else None
    if match is None and table is not None and game is not None \
            and player in game.hands and len(game.players) == 2:
        other = next(p for p in game.players if p != player)
        # i18n: asked by /uno leave when only two players are left in the match
        question = _("Only {player} and you are left: if you leave, the match ends and "
                     "{player} wins by forfeit. Leave anyway?").format(
                         player=name_of(table, other))
        # i18n: a button that confirms leaving a two-player match, which ends it
        button = Control(leave_id(channel_id, table.version, table.match_stamp),
                         pgettext("button", "Leave and end the match"), Style.danger)
        await say(interaction, question, view=to_view([[button]]))
        return
    await bot.manager.turns.leave(
        channel_id, interaction.user.id, confirm(_("You left the game."), interaction), match)


async def kick(interaction: discord.Interaction, channel_id: int, member: discord.Member,
               may_moderate: bool) -> None:
    def answer(table: Table, events: list[Event]) -> Reply:
        with speaking(table.language):  # said in the channel
            said = _("{player} was removed from the game.").format(player=member.display_name)
        return lambda: interaction.response.send_message(said)

    await uno_client(interaction).manager.turns.kick(
        channel_id, interaction.user.id, member.id, answer, may_moderate=may_moderate)


async def end(interaction: discord.Interaction, channel_id: int, may_moderate: bool) -> None:
    def answer(table: Table, events: list[Event]) -> Reply:
        with speaking(table.language):  # said in the channel
            said = _("{player} ended the UNO game.").format(player=interaction.user.mention)
        return lambda: interaction.response.send_message(said)

    await uno_client(interaction).manager.turns.end(
        channel_id, interaction.user.id, answer, may_moderate=may_moderate)

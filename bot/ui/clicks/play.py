"""Clicks and commands of a game. One click, a card button on the hand message:

1. ``bot.app.gateway_guard`` hands its payload to ``bot.ui.clicks.early_acks``, which
   acknowledges it at once when the bot is busy;
2. discord.py matches the custom id with :class:`bot.ui.messages.controls.GameControl`'s
   template; ``from_custom_id`` reads it, once, into what it asks (a
   :class:`~bot.game.drafts.Draft`); ``admits`` (``bot.ui.clicks.stray``) takes over any early
   acknowledgement and refuses an id that makes no sense or names another channel;
   ``act`` (a menu's: with the option chosen) hands a :class:`~bot.ui.messages.custom_ids.Click`
   to the client's ``game_click`` (``bot.app.client.UnoBot``), which is :func:`on_click`;
   any exception from here on is answered "Something went wrong;
   nothing changed." (``bot.ui.clicks.failures``);
3. :func:`on_click` acknowledges first when the bot or the table is busy, and
   :func:`act` asks the table service: ``Turns.act`` takes a
   :class:`~bot.game.turns.Request` and, under the table's lock, refuses a button of
   another version, completes the draft against the legal actions
   (``bot.game.drafts.complete``), applies and saves the action, and returns a
   :class:`~bot.game.snapshot.Snapshot`; the lock released, the board is told of the
   change (``Board.changed`` only schedules the table's messages);
4. the answer is composed from the snapshot alone (the hand, or the question the click
   left open) and sent: the hand message updated in place (callback
   type 7), or completed once its picture is drawn when already acknowledged; anything
   else is answered with an ephemeral message.

Refusals, the engine's included, are answered in one place (:func:`bot.ui.clicks.errors.refuse`);
a button of an older version on the hand message is answered with the hand as it now is.
"""

from __future__ import annotations

import discord

from bot.engine import IllegalAction
from bot.game.drafts import Draft
from bot.game.errors import NobodyToCatch, StaleView, TableError
from bot.game.players import PlayerId, engine_id
from bot.game.snapshot import Snapshot
from bot.game.turns import Request
from bot.i18n import _, ngettext, pgettext, speaking
from bot.ui.clicks.again import play_again
from bot.ui.clicks.answers import acknowledge, on_hand_message, say, too_late_is_a_warning
from bot.ui.clicks.errors import refusal_words, refuse
from bot.ui.delivery.interaction_calls import edit_original
from bot.ui.delivery.open_hands import HandSession
from bot.ui.messages.controls import Control, Rows, Style, to_view
from bot.ui.messages.custom_ids import Click, Leaving, leave_id
from bot.ui.messages.hand import hand_shown
from bot.ui.messages.prompts import prompt_for, prompt_rows
from bot.ui.services import uno_client
from bot.ui.words.names import name_of, namer
from bot.ui.words.text import ruleset_details
from bot.ui.words.words import action_line, cards_words, choice_name, said_to


async def on_click(interaction: discord.Interaction, click: Click) -> None:
    """Every game button lands here (see ``bot.ui.messages.custom_ids``). A busy bot acknowledges
    the click first (``bot.ui.clicks.answers``)."""
    bot = uno_client(interaction)
    channel_id = click.channel_id
    with bot.clicks.click() as busy, too_late_is_a_warning(interaction), \
            bot.board.clicking(channel_id, interaction):
        if busy or bot.manager.busy(channel_id):
            await acknowledge(interaction)  # too late already: nothing is applied
        await _on_click(interaction, click)


async def _on_click(interaction: discord.Interaction, click: Click) -> None:
    channel_id = click.channel_id
    try:
        match click.asks:
            case "hand" | "page":  # page: Back from a question (or an older hand's page)
                await show_hand(interaction, channel_id)
            case "rules":
                await show_rules(interaction, channel_id)
            case "next":
                await uno_client(interaction).manager.turns.next_round(
                    channel_id, PlayerId(interaction.user.id), click.version)
                await say(interaction, _("You dealt the next round."))
            case "again":
                await play_again(interaction, channel_id, click.version)
            case Leaving(match=match):
                await leave(interaction, channel_id, match)
            case "catch":
                await catch(interaction, click, Draft("catch"))
            case Draft(do="catch") as draft:
                await catch(interaction, click, draft)
            case Draft() as draft:
                await act(interaction, click, draft)
    except StaleView as stale:
        if on_hand_message(interaction):
            # i18n: {refusal} says why nothing happened; the hand follows
            notice = _("{refusal} Your hand now:").format(refusal=refusal_words(stale))
            await show_hand(interaction, channel_id, notice=notice)
        else:
            await refuse(interaction, stale)
    except (TableError, IllegalAction) as error:
        await refuse(interaction, error)


async def show_hand(
    interaction: discord.Interaction,
    channel_id: int,
    notice: str = "",
) -> None:
    """"My hand" (a fresh ephemeral message, which later changes refresh) or Back on
    the hand message (updated in place). Nothing in the game changes."""
    seen = await uno_client(interaction).manager.turns.act(
        Request(channel_id, PlayerId(interaction.user.id)))
    hand = hand_shown(seen, notice)
    await _show(interaction, seen, hand.content, hand.rows, hand=True)


async def act(interaction: discord.Interaction, click: Click, draft: Draft) -> None:
    """A click that names an action, whole or in part: apply it, or ask what is missing."""
    seen = await uno_client(interaction).manager.turns.act(
        Request(click.channel_id, PlayerId(interaction.user.id), click.version, draft))
    if seen.question is not None:
        question, rows = _asked(seen, back=on_hand_message(interaction))
        await _show(interaction, seen, question, rows)
        return
    hand = hand_shown(seen, private_news(seen))
    await _show(interaction, seen, hand.content, hand.rows, hand=True)


async def catch(interaction: discord.Interaction, click: Click, draft: Draft) -> None:
    """Catch! on the table: the one catchable player, or a choice when several are."""
    seen = await uno_client(interaction).manager.turns.act(
        Request(click.channel_id, PlayerId(interaction.user.id), click.version, draft))
    if seen.question is not None:
        question, rows = _asked(seen, back=False)
        await say(interaction, question, view=to_view(rows))
        return
    caught = [e for e in seen.events if e.kind == "caught"]
    sentence = _("You caught {player} without UNO, so {player} takes 2.").format(
        player=name_of(seen, caught[0].target or "")) if caught \
        else refusal_words(NobodyToCatch())
    await say(interaction, sentence)


def _asked(seen: Snapshot, *, back: bool) -> tuple[str, Rows]:
    """The question the click left open, and its choices as buttons (with Back)."""
    assert seen.question is not None
    prompt = prompt_for(seen.question, namer(seen))
    return prompt.question, prompt_rows(seen.channel_id, seen.version, prompt, back=back)


def private_news(seen: Snapshot) -> str:
    """What the acting player alone learns: what their action did (said to them where it
    concerns them, like a challenge), the cards they drew, a challenged hand."""
    player, events, name = seen.viewer, seen.events, namer(seen)
    seen_events = [e.redact(player).to_dict() for e in events]
    own_draw = all(e.kind == "reshuffled" or (e.kind == "drew" and e.player == player)
                   for e in events)  # told below with the cards drawn, once
    lines = [said_to(seen_events, player, name)
             or ("" if own_draw else action_line(seen_events, name))]
    for event in events:
        shown = event.redact(player)
        if event.kind == "drew" and shown.cards and event.player == player:
            lines.append(_("You drew: {cards}.").format(cards=cards_words(list(shown.cards))))
        if event.kind == "hand_revealed" and shown.cards:
            lines.append(_("{player}'s hand: {cards}.").format(
                player=name(event.player or ""), cards=cards_words(list(shown.cards))))
    return "\n".join(line for line in lines if line)


async def _show(interaction: discord.Interaction, seen: Snapshot, content: str, rows: Rows,
                *, hand: bool = False) -> None:
    """Answer with the hand or a question: in place on the hand message, else as a new
    ephemeral hand message; either way, later changes refresh that message through this
    interaction's token, the newest on it. A hand comes with its picture; a question
    leaves the message's picture as it is. The hand session learns the version shown
    before anything is awaited, so the courier never refreshes the message meanwhile
    with a hand that lacks this news (a refresh of that version or older is left out)."""
    client = uno_client(interaction)
    player, channel_id, version = seen.viewer, seen.channel_id, seen.version
    picture = client.pictures.hand_picture(seen.view) \
        if hand and client.pictures.in_answer(interaction, seen) else None
    in_place = on_hand_message(interaction)
    kept = not hand  # a question leaves the message's picture as it is
    if in_place:
        session = client.board.hands.get((channel_id, player))
        if session is not None and interaction.message is not None \
                and session.message_id == interaction.message.id:
            session.version = version
            if session.shows(picture):
                picture, kept = None, True
    if not interaction.response.is_done():  # one callback answers it
        drawn = client.pictures.now(picture) if picture is not None else None
        attachments = discord.utils.MISSING if kept else [drawn] if drawn else []
        if in_place:
            await interaction.response.edit_message(content=content, view=to_view(rows),
                                                    attachments=attachments)
        else:
            sent = await interaction.response.send_message(
                content, view=to_view(rows), ephemeral=True, files=attachments)
            message_id = sent.message_id or 0
    else:  # acknowledged already (the bot is busy): completed once its picture is drawn
        drawn = await client.pictures.file(picture) if picture is not None else None
        message_id = await edit_original(
            interaction, content=content, rows=rows,
            attachments=discord.utils.MISSING if kept else [drawn] if drawn else [])
    if in_place:  # this click's token, the newest, edits the hand message from now on
        assert interaction.message is not None
        message_id = interaction.message.id
    client.board.hands.open((channel_id, player), HandSession(
        interaction, client.board.clock.now(), version, message_id,
        picture.key if picture is not None else None))


async def show_rules(interaction: discord.Interaction, channel_id: int) -> None:
    table = uno_client(interaction).manager.shown(channel_id)
    if table is None or table.view is None:
        await say(interaction, _("This game is over."))
        return
    body = ruleset_details(table.ruleset, table.view.options)
    body += "\n" + ngettext("Turn timer: {count} second.", "Turn timer: {count} seconds.",
                            table.turn_seconds).format(count=table.turn_seconds)
    title = _("Rules of this game: {ruleset}").format(ruleset=choice_name(table.ruleset))
    await say(interaction, embed=discord.Embed(title=title, description=body))


async def leave(interaction: discord.Interaction, channel_id: int,
                match: int | None = None) -> None:
    """``/uno leave`` during a game. One of the last two players is asked first, since
    leaving ends the match (RULES.md 10); ``match`` is set by that question's button."""
    bot = uno_client(interaction)
    table = bot.manager.shown(channel_id)
    player = engine_id(PlayerId(interaction.user.id))
    seats = [seat.id for seat in table.view.players] if table and table.view else []
    if match is None and table is not None and player in seats and len(seats) == 2:
        other = next(p for p in seats if p != player)
        # i18n: asked by /uno leave when only two players are left in the match
        question = _("Only {player} and you are left: if you leave, the match ends and "
                     "{player} wins by forfeit. Leave anyway?").format(
                         player=name_of(table, other))
        # i18n: a button that confirms leaving a two-player match, which ends it
        button = Control(leave_id(channel_id, table.version, table.match_stamp),
                         pgettext("button", "Leave and end the match"), Style.danger)
        await say(interaction, question, view=to_view([[button]]))
        return
    await bot.manager.turns.leave(channel_id, PlayerId(interaction.user.id), match)
    await say(interaction, _("You left the game."))


async def kick(interaction: discord.Interaction, channel_id: int, member: discord.Member,
               may_moderate: bool) -> None:
    seen = await uno_client(interaction).manager.turns.kick(
        channel_id, PlayerId(interaction.user.id), PlayerId(member.id), may_moderate=may_moderate)
    with speaking(seen.language):  # said in the channel
        said = _("{player} was removed from the game.").format(player=member.display_name)
    await interaction.response.send_message(said)


async def end(interaction: discord.Interaction, channel_id: int, may_moderate: bool) -> None:
    seen = await uno_client(interaction).manager.turns.end(
        channel_id, PlayerId(interaction.user.id), may_moderate=may_moderate)
    with speaking(seen.language):  # said in the channel
        said = _("{player} ended the UNO game.").format(player=interaction.user.mention)
    await interaction.response.send_message(said)

"""The drawing code of docs/screenshots.py: messages as Discord's client shows them."""

from __future__ import annotations

from docs.discord_look import PHONE, Shown, markdown, message_html, page_html, relative

NAMES = {1: "ana", 2: "<ben>"}.get


def name(user_id: int) -> str:
    return NAMES(user_id) or "someone"


def test_markdown_escapes_first_then_draws_bold_code_mentions_and_timestamps() -> None:
    drawn = markdown("**<@1>** <i> `/uno new` <@2> <t:160:R>", name, now=100)
    assert drawn == ('<b><span class="mention">@ana</span></b> &lt;i&gt; <code>/uno new</code> '
                     '<span class="mention">@&lt;ben&gt;</span> in a minute')


def test_relative_timestamps_read_as_the_client_says_them() -> None:
    assert [relative(s) for s in (1, 30, 59.6, 120, -30)] == [
        "in a second", "in 30 seconds", "in a minute", "in 2 minutes", "30 seconds ago"]


def test_a_message_shows_its_embed_picture_buttons_and_ephemeral_note() -> None:
    payload = {
        "content": "hi", "flags": 64,
        "embeds": [{"title": "T", "description": "d",
                    "image": {"url": "https://cdn/x/table.png"}}],
        "attachments": [{"filename": "table.png", "url": "https://cdn/x/table.png"},
                        {"filename": "hand.png", "url": "https://cdn/x/hand.png",
                         "description": "Your hand"}],
        "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "My hand"},
            {"type": 2, "style": 4, "label": "Catch!", "disabled": True}]},
            {"type": 1, "components": [{"type": 3, "custom_id": "m", "placeholder": "Discard...",
                                        "options": [{"label": "red 1", "value": "r1"}]}]}],
    }
    drawn = message_html(Shown(payload, {"table.png": b"T", "hand.png": b"H"}), name, 0)
    assert drawn.count("<img") == 2  # the embed's picture once, the other attachment
    assert 'class="picture"' in drawn and 'alt="Your hand"' in drawn
    assert 'class="button" style="background: #5865f2">My hand' in drawn
    assert 'class="button disabled" style="background: #da373c">Catch!' in drawn
    assert '<div class="select"><span>Discard...</span>' in drawn  # a menu shows its placeholder
    assert "red 1" not in drawn  # its options only once opened
    assert "Only you can see this" in drawn and 'class="message ephemeral"' in drawn


def test_a_phone_page_is_400_px_wide() -> None:
    page = page_html([Shown({"content": "x"}, {})], name, 0, PHONE)
    assert "width=400" in page and "<body class='phone'>" in page

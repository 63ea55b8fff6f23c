"""Messages drawn the way the Discord client draws them, as HTML for headless Chromium.

An approximation of Discord's dark theme good enough to judge sizes: the author line,
the content with its Markdown (bold, code, mentions as pills, relative timestamps),
an embed with its colour bar, description and picture, attachments, and the button
rows (Discord's five styles, disabled ones faded), at a desktop or a phone width.
Used by ``docs/screenshots.py``; ``tests/test_docs_look.py`` checks it, and
``tests/ui/test_phone_fit.py`` measures with :func:`heights` how tall messages are on a
phone.
"""

from __future__ import annotations

import base64
import html
import re
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DESKTOP, PHONE = 1280, 400
BUTTON_COLOURS = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}
"""Discord's button styles: primary, secondary, success, danger, link."""

BOLD = re.compile(r"\*\*(.+?)\*\*")
CODE = re.compile(r"`([^`]+)`")
MENTION = re.compile(r"&lt;@!?(\d+)&gt;")
TIMESTAMP = re.compile(r"&lt;t:(\d+):R&gt;")

STYLE = """
body { margin: 0; background: #313338; color: #dbdee1;
       font: 16px/1.375 "Noto Sans", "DejaVu Sans", sans-serif; }
.message { position: relative; padding: 8px 16px 8px 72px; }
.phone .message { padding: 8px 12px 8px 56px; font-size: 15px; }
.avatar { position: absolute; left: 16px; top: 10px; width: 40px; height: 40px;
          border-radius: 50%; background: #da373c; color: #fff; font-weight: 700;
          display: flex; align-items: center; justify-content: center; }
.phone .avatar { left: 10px; width: 36px; height: 36px; }
.author { color: #f2f3f5; font-weight: 600; }
.tag { background: #5865f2; color: #fff; font-size: 10px; border-radius: 3px;
       padding: 1px 4px; margin-left: 4px; vertical-align: 2px; }
.ephemeral { background: rgba(88, 101, 242, .08); }
.note { color: #949ba4; font-size: 12px; margin-top: 4px; }
.content { white-space: pre-wrap; overflow-wrap: anywhere; }
.mention { background: rgba(88, 101, 242, .3); color: #c9cdfb; border-radius: 3px;
           padding: 0 2px; }
code { background: #2b2d31; border-radius: 4px; padding: 0 3px; font-size: 85%; }
.embed { max-width: 432px; margin-top: 4px; background: #2b2d31; border-radius: 4px;
         border-left: 4px solid #da373c; padding: 8px 16px 16px 12px; }
.phone .embed { max-width: none; }
.embed-title { color: #f2f3f5; font-weight: 600; margin-top: 8px; }
.embed-description { white-space: pre-wrap; font-size: 14px; margin-top: 8px;
                     overflow-wrap: anywhere; }
.picture { display: block; max-width: 100%; max-height: 300px; margin-top: 16px;
           border-radius: 4px; }
.attachment { display: block; max-width: min(550px, 100%); max-height: 350px;
              margin-top: 8px; border-radius: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { color: #fff; font-size: 14px; font-weight: 500; border-radius: 3px;
          min-height: 32px; padding: 2px 16px; display: flex; align-items: center; }
.select { flex: 1; max-width: 400px; min-height: 40px; box-sizing: border-box;
          background: #1e1f22; border: 1px solid #1e1f22; border-radius: 4px;
          padding: 0 12px; display: flex; align-items: center;
          justify-content: space-between; color: #949ba4; font-size: 14px; }
.disabled { opacity: .5; }
"""


@dataclass(frozen=True, slots=True)
class Shown:
    """A message as the client has it: its payload and its attachments' bytes."""

    payload: Mapping[str, Any]
    files: Mapping[str, bytes]
    """Attachment bytes by file name."""


def markdown(text: str, name: Callable[[int], str], now: float) -> str:
    """Discord's Markdown for the bits the bot writes, as HTML (escaped first)."""
    out = html.escape(text, quote=False)
    out = BOLD.sub(r"<b>\1</b>", out)
    out = CODE.sub(r"<code>\1</code>", out)
    out = MENTION.sub(lambda m: f'<span class="mention">@{html.escape(name(int(m[1])))}</span>',
                      out)
    return TIMESTAMP.sub(lambda m: relative(int(m[1]) - now), out)


def relative(seconds: float) -> str:
    """A ``<t:…:R>`` timestamp as the client says it: "in 30 seconds", "a minute ago"."""
    whole = round(abs(seconds))
    amount = f"{whole} seconds" if whole < 60 else f"{round(whole / 60)} minutes"
    if amount in ("1 seconds", "1 minutes"):
        amount = "a second" if amount == "1 seconds" else "a minute"
    return f"in {amount}" if seconds >= 0 else f"{amount} ago"


def _picture(files: Mapping[str, bytes], url: str, css: str, alt: str = "") -> str:
    filename = url.rsplit("/", 1)[-1]
    data = files.get(filename)
    if data is None:
        return ""
    encoded = base64.b64encode(data).decode()
    return (f'<img class="{css}" alt="{html.escape(alt)}" '
            f'src="data:image/png;base64,{encoded}">')


def _embed(embed: Mapping[str, Any], files: Mapping[str, bytes],
           name: Callable[[int], str], now: float) -> str:
    parts = ['<div class="embed">']
    if embed.get("title"):
        parts.append(f'<div class="embed-title">{markdown(embed["title"], name, now)}</div>')
    if embed.get("description"):
        parts.append('<div class="embed-description">'
                     f'{markdown(embed["description"], name, now)}</div>')
    image = (embed.get("image") or {}).get("url")
    if image:
        parts.append(_picture(files, image, "picture"))
    parts.append("</div>")
    return "".join(parts)


def _component(item: Mapping[str, Any]) -> str:
    """A button, or a closed select menu: its placeholder and a chevron, the row's width."""
    faded = " disabled" if item.get("disabled") else ""
    if item.get("type") == 3:
        return (f'<div class="select{faded}"><span>{html.escape(item.get("placeholder") or "")}'
                '</span><span>⌄</span></div>')
    return (f'<div class="button{faded}" '
            f'style="background: {BUTTON_COLOURS.get(item.get("style", 2), "#4e5058")}">'
            f'{html.escape(item.get("label") or "")}</div>')


def _rows(components: list[Mapping[str, Any]]) -> str:
    return "".join(f'<div class="row">{"".join(map(_component, row.get("components", [])))}'
                   "</div>" for row in components)


def message_html(shown: Shown, name: Callable[[int], str], now: float) -> str:
    """One message as the client draws it (without the page around it)."""
    payload = shown.payload
    ephemeral = bool((payload.get("flags") or 0) & 64)
    embedded = {(e.get("image") or {}).get("url", "").rsplit("/", 1)[-1]
                for e in payload.get("embeds") or []}
    parts = [f'<div class="message{" ephemeral" if ephemeral else ""}">',
             '<div class="avatar">U</div>',
             '<div><span class="author">UNO</span><span class="tag">APP</span></div>']
    if payload.get("content"):
        parts.append(f'<div class="content">{markdown(payload["content"], name, now)}</div>')
    parts += [_embed(embed, shown.files, name, now) for embed in payload.get("embeds") or []]
    parts += [_picture(shown.files, a["url"], "attachment", a.get("description", ""))
              for a in payload.get("attachments") or [] if a["filename"] not in embedded]
    parts.append(_rows(payload.get("components") or []))
    if ephemeral:
        parts.append('<div class="note">Only you can see this · Dismiss message</div>')
    parts.append("</div>")
    return "".join(parts)


def page_html(messages: list[Shown], name: Callable[[int], str], now: float,
              width: int) -> str:
    """A page of messages at ``width`` px (``DESKTOP`` or ``PHONE``)."""
    body = "".join(message_html(m, name, now) for m in messages)
    kind = "phone" if width <= PHONE else "desktop"
    return (f"<!doctype html><html><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width={width}'><style>{STYLE}</style>"
            f"</head><body class='{kind}'>{body}</body></html>")


MEASURE = """<pre id="heights"></pre><script>
addEventListener("load", () => { document.getElementById("heights").textContent =
  [...document.querySelectorAll("section")].map(s => s.getBoundingClientRect().height)
  .join(" "); });
</script>"""
"""Writes, once the pictures are in, each section's height into the page."""
HEIGHTS = re.compile(r'<pre id="heights">([0-9. ]*)</pre>')


def heights(groups: Sequence[Sequence[Shown]], name: Callable[[int], str], now: float,
            width: int, chromium: str) -> list[float]:
    """How tall each group of messages is in px, one after another as the channel shows
    them (a table, its ping and a hand: a whole turn), drawn ``width`` px wide by
    headless Chromium (``chromium``: its path) in one run."""
    sections = "".join(
        f"<section>{''.join(message_html(m, name, now) for m in group)}</section>"
        for group in groups)
    page = page_html([], name, now, width).replace("</body>", f"{sections}{MEASURE}</body>")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.html"
        path.write_text(page, encoding="utf-8")
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--force-device-scale-factor=1", f"--window-size={width},3000",
             "--virtual-time-budget=10000", "--dump-dom", path.as_uri()],
            check=True, capture_output=True, text=True, timeout=120).stdout
    found = HEIGHTS.search(dom)
    assert found is not None and found[1], "Chromium measured nothing"
    return [float(h) for h in found[1].split()]

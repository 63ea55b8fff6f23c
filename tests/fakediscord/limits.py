"""The message limits Discord checks, as a list of problems (empty: the message is fine).

Only the limits a bot can trip over with ordinary messages: content length, embeds,
and classic components (action rows holding buttons or one select menu).
"""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
"""An option's label, value and description."""
MAX_PLACEHOLDER = 150
MAX_SELECT_VALUES = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096

ACTION_ROW, BUTTON = 1, 2
SELECTS = {3, 5, 6, 7, 8}


def message_problems(data: dict[str, Any]) -> dict[str, str]:
    """Field path -> what is wrong, in the spirit of Discord's 50035 ``errors`` body."""
    problems: dict[str, str] = {}
    content = data.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems["content"] = f"Must be {MAX_CONTENT} or fewer in length ({len(content)})."
    embeds = data.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems["embeds"] = f"Must be {MAX_EMBEDS} or fewer in length."
    for i, embed in enumerate(embeds):
        if len(embed.get("title") or "") > MAX_EMBED_TITLE:
            problems[f"embeds.{i}.title"] = f"Must be {MAX_EMBED_TITLE} or fewer in length."
        if len(embed.get("description") or "") > MAX_EMBED_DESCRIPTION:
            problems[f"embeds.{i}.description"] = (
                f"Must be {MAX_EMBED_DESCRIPTION} or fewer in length."
            )
    rows = data.get("components") or []
    if len(rows) > MAX_ROWS:
        problems["components"] = f"Must be {MAX_ROWS} or fewer in length ({len(rows)})."
    for r, row in enumerate(rows):
        problems.update(_row_problems(f"components.{r}", row))
    ids = [c.get("custom_id") for row in rows for c in row.get("components") or []
           if c.get("custom_id") is not None]
    if len(ids) != len(set(ids)):
        problems["components"] = "Component custom id cannot be duplicated."
    return problems


def _row_problems(path: str, row: dict[str, Any]) -> dict[str, str]:
    if row.get("type") != ACTION_ROW:
        return {f"{path}.type": "Top-level components must be action rows."}
    problems: dict[str, str] = {}
    children = row.get("components") or []
    buttons = [c for c in children if c.get("type") == BUTTON]
    selects = [c for c in children if c.get("type") in SELECTS]
    if len(buttons) > MAX_BUTTONS_PER_ROW:
        problems[f"{path}.components"] = (
            f"Must be {MAX_BUTTONS_PER_ROW} or fewer in length ({len(buttons)})."
        )
    if selects and len(children) > 1:
        problems[f"{path}.components"] = "A select menu must be alone in its action row."
    for c, child in enumerate(children):
        where = f"{path}.components.{c}"
        custom_id = child.get("custom_id")
        if custom_id is not None and len(custom_id) > MAX_CUSTOM_ID:
            problems[f"{where}.custom_id"] = f"Must be {MAX_CUSTOM_ID} or fewer in length."
        label = child.get("label")
        if label is not None and len(label) > MAX_BUTTON_LABEL:
            problems[f"{where}.label"] = f"Must be {MAX_BUTTON_LABEL} or fewer in length."
        if child.get("type") in SELECTS:
            problems.update(_select_problems(where, child))
    return problems


def _select_problems(where: str, menu: dict[str, Any]) -> dict[str, str]:
    """A select menu's limits: a string select (type 3) has 1 to 25 options, each with a
    label and a value of at most 100 characters (a description too); a placeholder of
    at most 150; min_values 0 to 25, max_values 1 to 25 and no more than the options."""
    problems: dict[str, str] = {}
    if len(menu.get("placeholder") or "") > MAX_PLACEHOLDER:
        problems[f"{where}.placeholder"] = f"Must be {MAX_PLACEHOLDER} or fewer in length."
    options = menu.get("options") or []
    if menu.get("type") == 3 and not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        problems[f"{where}.options"] = (
            f"Must be between 1 and {MAX_SELECT_OPTIONS} in length ({len(options)}).")
    for o, option in enumerate(options):
        for key in ("label", "value", "description"):
            text = option.get(key)
            if key != "description" and not text:
                problems[f"{where}.options.{o}.{key}"] = "This field is required"
            elif text is not None and len(text) > MAX_OPTION_TEXT:
                problems[f"{where}.options.{o}.{key}"] = (
                    f"Must be {MAX_OPTION_TEXT} or fewer in length.")
    low, high = menu.get("min_values", 1), menu.get("max_values", 1)
    if not 0 <= low <= MAX_SELECT_VALUES:
        problems[f"{where}.min_values"] = f"Must be between 0 and {MAX_SELECT_VALUES}."
    if not 1 <= high <= MAX_SELECT_VALUES or (menu.get("type") == 3 and high > len(options)):
        problems[f"{where}.max_values"] = (
            f"Must be between 1 and {MAX_SELECT_VALUES}, and no more than the options.")
    return problems

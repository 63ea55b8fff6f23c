"""The message limits Discord checks, as a list of problems (empty: the message is fine).

The limits a bot can trip over: content length, embeds, classic components (action rows
holding buttons or one select menu), and Components V2 messages (flag
``IS_COMPONENTS_V2``: no content or embeds; sections, text displays, containers...; at
most 40 components in all, nested ones counted, and 4,000 characters of text).
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
MAX_NONCE = 25
"""A new message's ``nonce``: an integer or a string of at most 25 characters."""
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096

ACTION_ROW, BUTTON = 1, 2
SELECTS = {3, 5, 6, 7, 8}

IS_COMPONENTS_V2 = 1 << 15
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9, 10, 11, 12, 13, 14, 17)
V2_TOP_LEVEL = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
V2_IN_CONTAINER = V2_TOP_LEVEL - {CONTAINER}
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_V2_TOP_LEVEL = 10
MAX_SECTION_TEXTS = 3
MAX_GALLERY_ITEMS = 10


def message_problems(data: dict[str, Any]) -> dict[str, str]:
    """Field path -> what is wrong, in the spirit of Discord's 50035 ``errors`` body."""
    problems: dict[str, str] = {}
    content = data.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems["content"] = f"Must be {MAX_CONTENT} or fewer in length ({len(content)})."
    nonce = data.get("nonce")
    if nonce is not None and len(str(nonce)) > MAX_NONCE:
        problems["nonce"] = f"Must be {MAX_NONCE} or fewer in length."
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
    if (data.get("flags") or 0) & IS_COMPONENTS_V2:
        return problems | v2_problems(data)
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


def v2_problems(data: dict[str, Any]) -> dict[str, str]:
    """A Components V2 message: no content or embeds; up to 10 top-level components of
    the layout kinds; each container, section and row as Discord nests them; at most 40
    components in all and 4,000 characters across its text displays."""
    problems: dict[str, str] = {}
    if data.get("content"):
        problems["content"] = "Cannot be used with the IS_COMPONENTS_V2 flag."
    if data.get("embeds"):
        problems["embeds"] = "Cannot be used with the IS_COMPONENTS_V2 flag."
    top = data.get("components") or []
    if "components" in data and not 1 <= len(top) <= MAX_V2_TOP_LEVEL:  # edits may omit it
        problems["components"] = f"Must be between 1 and {MAX_V2_TOP_LEVEL} in length."
    totals = {"components": 0, "text": 0}
    for i, component in enumerate(top):
        problems.update(_v2_component(f"components.{i}", component, V2_TOP_LEVEL, totals))
    if totals["components"] > MAX_V2_COMPONENTS:
        problems["components"] = (
            f"A message may have at most {MAX_V2_COMPONENTS} components "
            f"({totals['components']}).")
    if totals["text"] > MAX_V2_TEXT:
        problems["components"] = (
            f"The text of a message must be {MAX_V2_TEXT} or fewer in length "
            f"({totals['text']}).")
    return problems


def _v2_component(path: str, component: dict[str, Any], allowed: set[int],
                  totals: dict[str, int]) -> dict[str, str]:
    kind = component.get("type")
    if kind not in allowed:
        return {f"{path}.type": f"Component type {kind} is not allowed here."}
    totals["components"] += 1
    children = component.get("components") or []
    problems: dict[str, str] = {}
    if kind == ACTION_ROW:
        totals["components"] += len(children)
        return _row_problems(path, component)
    if kind == TEXT_DISPLAY:
        content = component.get("content")
        if not isinstance(content, str) or not content:
            return {f"{path}.content": "This field is required"}
        totals["text"] += len(content)
    elif kind == SECTION:
        if not 1 <= len(children) <= MAX_SECTION_TEXTS:
            problems[f"{path}.components"] = (
                f"Must be between 1 and {MAX_SECTION_TEXTS} in length.")
        for c, child in enumerate(children):
            problems.update(_v2_component(f"{path}.components.{c}", child, {TEXT_DISPLAY},
                                          totals))
        accessory = component.get("accessory")
        if not isinstance(accessory, dict):
            problems[f"{path}.accessory"] = "This field is required"
        elif accessory.get("type") == BUTTON:
            totals["components"] += 1
            problems.update(_row_problems(f"{path}.accessory", {
                "type": ACTION_ROW, "components": [accessory]}))
        elif accessory.get("type") == THUMBNAIL:
            totals["components"] += 1
        else:
            problems[f"{path}.accessory.type"] = "Must be a button or a thumbnail."
    elif kind == CONTAINER:
        if not children:
            problems[f"{path}.components"] = "Must be 1 or more in length."
        for c, child in enumerate(children):
            problems.update(_v2_component(f"{path}.components.{c}", child, V2_IN_CONTAINER,
                                          totals))
    elif kind == MEDIA_GALLERY:
        items = component.get("items") or []
        if not 1 <= len(items) <= MAX_GALLERY_ITEMS:
            problems[f"{path}.items"] = f"Must be between 1 and {MAX_GALLERY_ITEMS} in length."
    return problems

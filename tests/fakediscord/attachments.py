"""Files sent with messages: multipart bodies, the attachments they make, Discord's limits.

discord.py sends a message with files as ``multipart/form-data``: a ``payload_json``
part (the JSON body, whose ``attachments`` list names each new file by its index) and
one ``files[n]`` part per file. Creating a message attaches every file sent; an edit
whose body has ``attachments`` leaves exactly those on the message (old ones by id, new
ones by index), and one without it keeps the old attachments and adds the new files.
An embed's ``attachment://name`` image then points at the attachment of that name.
"""

from __future__ import annotations

import json
import mimetypes
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web
from aiohttp.hdrs import CONTENT_DISPOSITION
from aiohttp.multipart import parse_content_disposition

from tests.fakediscord import payloads

MAX_FILES = 10
MAX_DESCRIPTION = 1024
"""An attachment's description (its alt text) holds at most 1,024 characters."""
DEFAULT_SIZE_LIMIT = 10 * 1024 * 1024
"""``attachment_size_limit`` of a bot without boosts (sent in every interaction)."""
CDN = "https://cdn.discordapp.com/attachments"
FILE_PART = re.compile(r"files\[(\d+)\]")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True, slots=True)
class Upload:
    """One ``files[n]`` part of a request."""

    index: int
    filename: str
    content_type: str
    data: bytes = field(repr=False)


@dataclass(frozen=True, slots=True)
class StoredAttachment:
    """An attachment on a stored message, with its bytes, for tests to read."""

    id: int
    filename: str
    content_type: str
    data: bytes = field(repr=False)
    description: str = ""
    """The alt text a screen reader says for the picture."""

    @property
    def size(self) -> int:
        return len(self.data)


class AttachmentError(Exception):
    """A breach: (rule, status, code, message, errors) for the server to answer."""

    def __init__(self, rule: str, status: int, code: int, message: str, detail: str) -> None:
        super().__init__(detail)
        self.rule, self.status, self.code, self.message, self.detail = (
            rule, status, code, message, detail)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body (also from ``payload_json``) and the uploaded files, in index order."""
    if not request.can_read_body:
        return None, []
    if not request.content_type.startswith("multipart/"):
        text = await request.text()
        return (json.loads(text) if text else None), []
    body: Any = None
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            continue
        # parsed once: BodyPartReader's name and filename parse the header on each use
        _, params = parse_content_disposition(part.headers.get(CONTENT_DISPOSITION))
        name = params.get("name", "")
        data = bytes(await part.read())
        if name == "payload_json":
            body = json.loads(data)
            continue
        index = FILE_PART.fullmatch(name)
        if index is None:
            continue
        filename = params.get("filename") or f"file{index.group(1)}"
        uploads.append(Upload(int(index.group(1)), filename, _content_type(filename), data))
    return body, sorted(uploads, key=lambda u: u.index)


def _content_type(filename: str) -> str:
    """Discord names the type from the file name (discord.py sends every part as
    ``application/octet-stream``)."""
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def check_uploads(uploads: list[Upload], size_limit: int, may_attach: bool) -> None:
    if not uploads:
        return
    if not may_attach:
        raise AttachmentError("missing permission", 403, 50013, "Missing Permissions",
                              "files sent without the Attach Files permission")
    if len(uploads) > MAX_FILES:
        raise AttachmentError("invalid form body", 400, 50035, "Invalid Form Body",
                              f"{len(uploads)} files; at most {MAX_FILES}")
    for upload in uploads:
        if len(upload.data) > size_limit:
            raise AttachmentError("attachment too large", 413, 40005,
                                  "Request entity too large",
                                  f"{upload.filename} is {len(upload.data)} bytes, "
                                  f"over {size_limit}")


def attach(
    message: dict[str, Any],
    stored: dict[int, StoredAttachment],
    body: dict[str, Any],
    uploads: list[Upload],
    *,
    editing: bool,
) -> dict[int, StoredAttachment]:
    """The message's attachments after this create or edit (``stored`` is what it had);
    updates the payload's ``attachments`` and resolves ``attachment://`` embed images."""
    by_index = {u.index: u for u in uploads}
    listed = body.get("attachments")
    result: dict[int, StoredAttachment] = {}
    if listed is None:
        if editing:
            result.update(stored)
        for upload in uploads:
            _add(result, upload, upload.filename)
    else:
        for entry in listed:
            ref = int(entry["id"])
            if ref in by_index:
                _add(result, by_index[ref], entry.get("filename") or by_index[ref].filename,
                     _description(entry))
            elif editing and ref in stored:
                result[ref] = stored[ref]
            else:
                raise AttachmentError("invalid form body", 400, 50035, "Invalid Form Body",
                                      f"attachments: no file or attachment {ref}")
    if len(result) > MAX_FILES:
        raise AttachmentError("invalid form body", 400, 50035, "Invalid Form Body",
                              f"{len(result)} attachments; at most {MAX_FILES}")
    channel_id = int(message["channel_id"])
    message["attachments"] = [_payload(a, channel_id) for a in result.values()]
    return result


def _description(entry: dict[str, Any]) -> str:
    description = str(entry.get("description") or "")
    if len(description) > MAX_DESCRIPTION:
        raise AttachmentError("invalid form body", 400, 50035, "Invalid Form Body",
                              f"attachment description of {len(description)} characters; "
                              f"at most {MAX_DESCRIPTION}")
    return description


def _add(result: dict[int, StoredAttachment], upload: Upload, filename: str,
         description: str = "") -> None:
    attachment_id = payloads.snowflake()
    result[attachment_id] = StoredAttachment(attachment_id, filename, _content_type(filename),
                                             upload.data, description)


def _payload(attachment: StoredAttachment, channel_id: int) -> dict[str, Any]:
    url = f"{CDN}/{channel_id}/{attachment.id}/{attachment.filename}"
    data: dict[str, Any] = {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "size": attachment.size,
        "url": url,
        "proxy_url": url,
        "content_type": attachment.content_type,
    }
    if attachment.description:
        data["description"] = attachment.description
    size = png_size(attachment.data)
    if size is not None:
        data["width"], data["height"] = size
    return data


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR chunk; ``None`` if it is not a PNG."""
    if not data.startswith(PNG_SIGNATURE) or len(data) < 24:
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def dangling_images(message: dict[str, Any]) -> list[str]:
    """Point ``attachment://name`` embed images at the attachment of that name; return the
    names that match none (Discord accepts those and shows a broken picture)."""
    urls = {a["filename"]: a for a in message.get("attachments") or []}
    missing: list[str] = []
    for embed in message.get("embeds") or []:
        for slot in ("image", "thumbnail"):
            picture = embed.get(slot)
            url = (picture or {}).get("url") or ""
            if not url.startswith("attachment://"):
                continue
            found = urls.get(url.removeprefix("attachment://"))
            if found is None:
                missing.append(url)
                continue
            picture.update(url=found["url"], proxy_url=found["proxy_url"],
                           width=found.get("width", 0), height=found.get("height", 0))
    return missing

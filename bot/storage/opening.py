"""What ``open`` returns for either database: await it, or use it in ``async with``."""

from __future__ import annotations

from collections.abc import Coroutine, Generator
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar


class Closable(Protocol):
    async def close(self) -> None: ...


Opened = TypeVar("Opened", bound=Closable, covariant=True)


class Opening(Generic[Opened]):
    def __init__(self, opening: Coroutine[Any, Any, Opened]) -> None:
        self._open = opening
        self._opened: Opened | None = None

    def __await__(self) -> Generator[Any, None, Opened]:
        return self._open.__await__()

    async def __aenter__(self) -> Opened:
        self._opened = await self._open
        return self._opened

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._opened is not None:
            await self._opened.close()

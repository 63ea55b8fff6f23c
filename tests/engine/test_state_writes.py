"""Helpers read the game's state, transitions write it (``bot/engine/state.py``).

Every engine module but ``state.py`` (the state and its named transitions),
``dealing.py`` and ``scoring.py`` (the transitions of the deal and of a round's end) and
``game.py`` (``apply``, dispatch, caches) only reads a ``GameState``: no assignment,
augmented assignment or ``del`` of anything reached from it, and no mutating method
called on anything reached from it, through a local alias included
(``hand = state.hands[p]; hand.remove(c)``). The random generator is part of the state:
a shuffle or a sample moves its counter on.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "bot" / "engine"
WRITERS = ("state.py", "dealing.py", "scoring.py", "game.py")
STATE_NAMES = frozenset({"state", "game"})
STATE_TYPES = frozenset({"GameState", "Game"})
MUTATORS = frozenset({
    "append", "extend", "remove", "pop", "insert", "clear", "add", "discard", "update",
    "setdefault", "sort", "reverse", "popitem", "shuffle", "sample", "setstate",
})
ACCESSORS = frozenset({"get", "values", "items"})
"""Methods whose result still holds the state's own objects (an alias through them)."""

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _root(node: ast.expr) -> str | None:
    """The name an attribute / subscript chain (or an accessor call on one) starts from."""
    while True:
        if isinstance(node, ast.Attribute | ast.Subscript | ast.Starred):
            node = node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ACCESSORS):
            node = node.func.value
        else:
            return node.id if isinstance(node, ast.Name) else None


def _bound_to_state(function: Function) -> set[str]:
    """The parameters that hold a state: named ``state``/``game`` or annotated so."""
    args = function.args
    names = set()
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        note = arg.annotation
        typed = (isinstance(note, ast.Name) and note.id in STATE_TYPES) or (
            isinstance(note, ast.Constant) and note.value in STATE_TYPES)
        if arg.arg in STATE_NAMES or typed:
            names.add(arg.arg)
    return names


def _bindings(function: Function) -> Iterator[tuple[ast.expr, ast.expr]]:
    """Each (target, value) a plain assignment, walrus or ``for`` binds in ``function``;
    a ``for`` binds its target to every item of a literal tuple or list."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                yield from _pairs(target, node.value)
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
            yield node.target, node.value
        elif isinstance(node, ast.For | ast.comprehension):
            items = node.iter.elts if isinstance(node.iter, ast.Tuple | ast.List) else [node.iter]
            for item in items:
                yield from _pairs(node.target, item)


def _pairs(target: ast.expr, value: ast.expr) -> Iterator[tuple[ast.expr, ast.expr]]:
    if isinstance(target, ast.Tuple | ast.List):
        if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
            for inner, part in zip(target.elts, value.elts, strict=True):
                yield from _pairs(inner, part)
        else:
            for inner in target.elts:
                yield from _pairs(inner, value)
    else:
        yield target, value


def _state_names(function: Function, inherited: set[str]) -> set[str]:
    """The state's names in ``function`` and every local alias of something in it."""
    names = inherited | _bound_to_state(function)
    pairs = list(_bindings(function))
    while True:
        more = {target.id for target, value in pairs if isinstance(target, ast.Name)
                and target.id not in names and _root(value) in names}
        if not more:
            return names
        names |= more


def _written(node: ast.AST) -> Iterator[ast.expr]:
    """What ``node`` writes into (attribute / subscript targets, mutating calls' objects)."""
    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
        targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute | ast.Subscript) and isinstance(
                        part.ctx, ast.Store | ast.Del):
                    yield part
    elif isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in MUTATORS:
            yield func.value
        elif isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
            yield node.args[0]


def state_writes(source: str, filename: str = "<source>") -> list[str]:
    """Each place in ``source`` that writes a state, as ``file:line: code``."""
    tree = ast.parse(source)
    found: dict[int, str] = {}

    def visit(function: Function, inherited: set[str]) -> None:
        names = _state_names(function, inherited)
        for node in ast.walk(function):
            if any(_root(target) in names for target in _written(node)):
                line = getattr(node, "lineno", function.lineno)
                found[line] = f"{filename}:{line}: {ast.unparse(node).splitlines()[0]}"
            if node is not function and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(node, names)

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            visit(node, set())
    return [found[line] for line in sorted(found)]


def test_no_engine_module_but_the_state_and_the_game_writes_the_state() -> None:
    readers = sorted(p for p in ENGINE.glob("*.py") if p.name not in WRITERS)
    assert any(p.name == "effects.py" for p in readers)  # the check reads the rule modules
    writes = [w for path in readers for w in state_writes(path.read_text(), path.name)]
    assert writes == []


def test_the_check_sees_each_kind_of_write() -> None:
    source = '''
def f(state, other: GameState, game: "Game", events):
    state.color = "red"
    other.pending_draw += 2
    del game.discards_owed["a"]
    state.hands["a"], x = [], 1
    state.uno_called.add("a")
    hand = state.hands["a"]
    hand.remove("red1")
    pile = hand
    pile[:] = []
    for seen in (events, state.catch_window):
        seen.clear()
    for player, cards in state.hands.items():
        cards.append("red2")
    setattr(state, "color", "blue")
    state.rng.shuffle(events)
    def inner():
        state.voters.pop()
'''
    lines = [int(w.split(":")[1]) for w in state_writes(source)]
    assert lines == [3, 4, 5, 6, 7, 9, 11, 13, 15, 16, 17, 19]


def test_the_check_lets_reads_and_local_values_be() -> None:
    source = '''
def f(state, events, hand):
    events.append(state.color)
    mine = list(state.hands["a"])
    mine.remove("red1")
    hand.append("red2")
    taken = state.draw_cards("a", 2, events, "turn")
    state.pass_turn("a", 0, events)
    size = len(state.hands["a"])
    size += 1
'''
    assert state_writes(source) == []

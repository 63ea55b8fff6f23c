"""Helpers read the game's state, transitions write it (``bot/engine/state.py``).

Every engine module but ``state.py`` (the state and its named transitions),
``dealing.py`` and ``scoring.py`` (the transitions of the deal and of a round's end) and
``game.py`` (``apply``, dispatch, caches) only reads a ``GameState``: no assignment,
augmented assignment or ``del`` of anything reached from it, and no mutating method
called on anything reached from it, through a local alias included
(``hand = state.hands[p]; hand.remove(c)``). The random generator is part of the state:
a shuffle or a sample moves its counter on.

Outside the engine (``bot``, ``cogs``, ``benchmarks``, ``tools``) nothing writes a state
at all: a position is built by ``Game.from_position`` and changed by ``Game.apply``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "bot" / "engine"
WRITERS = ("state.py", "dealing.py", "scoring.py", "game.py")
STATE_NAMES = frozenset({"state", "game"})
OUTSIDE = ("bot", "cogs", "benchmarks", "tools")
"""The code outside the engine: it builds positions with ``Game.from_position`` and
changes them with ``apply``, never by writing a state's fields."""
OUTSIDE_STATE_NAMES = frozenset({"game"})
"""Outside the engine a ``state`` may be another thing (discord.py's ``ConnectionState``);
a game state there is a ``game``, or built or annotated as one."""
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


def _bound_to_state(function: Function, state_names: frozenset[str]) -> set[str]:
    """The parameters that hold a state: named as one (``state_names``) or annotated so."""
    args = function.args
    names = set()
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        if arg.arg in state_names or _is_state_type(arg.annotation):
            names.add(arg.arg)
    return names


def _is_state_type(note: ast.expr | None) -> bool:
    return (isinstance(note, ast.Name) and note.id in STATE_TYPES) or (
        isinstance(note, ast.Constant) and note.value in STATE_TYPES)


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


def _makes_state(value: ast.expr, state_names: frozenset[str]) -> bool:
    """Whether ``value`` is a state: one built (``Game(...)``, ``Game.from_position(...)``
    and the other constructors) or one named so (``table.game``)."""
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Attribute):
            func = func.value
        return isinstance(func, ast.Name) and func.id in STATE_TYPES
    return isinstance(value, ast.Attribute) and value.attr in state_names


def _state_names(
    function: Function, inherited: set[str], state_names: frozenset[str]
) -> set[str]:
    """The state's names in ``function`` (a local annotated or built as a state
    included) and every local alias of something in it."""
    pairs = list(_bindings(function))
    annotated = {node.target.id for node in ast.walk(function) if isinstance(node, ast.AnnAssign)
                 and isinstance(node.target, ast.Name) and _is_state_type(node.annotation)}
    names = inherited | _bound_to_state(function, state_names) | annotated | {
        target.id for target, value in pairs if isinstance(target, ast.Name)
        and _makes_state(value, state_names)}
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


def state_writes(
    source: str, filename: str = "<source>", state_names: frozenset[str] = STATE_NAMES
) -> list[str]:
    """Each place in ``source`` that writes a state, as ``file:line: code``; a name in
    ``state_names`` holds a state."""
    tree = ast.parse(source)
    found: dict[int, str] = {}

    def visit(function: Function, inherited: set[str]) -> None:
        names = _state_names(function, inherited, state_names)
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


def test_nothing_outside_the_engine_writes_a_state() -> None:
    """Positions are built by ``Game.from_position`` (the computer players' possible
    worlds among them) and changed by ``Game.apply``, so no field write builds one."""
    sources = [p for top in OUTSIDE for p in sorted((ROOT / top).rglob("*.py"))
               if ENGINE not in p.parents]
    assert any(p.name == "determinize.py" for p in sources)  # bot/ai is read
    writes = [w for path in sources for w in state_writes(
        path.read_text(), str(path.relative_to(ROOT)), OUTSIDE_STATE_NAMES)]
    assert writes == []


def test_the_check_sees_a_position_built_by_field_writes() -> None:
    source = '''
def world(view, table, seed):
    game = Game(view["ruleset"], options, players, seed)
    game.hands = {}
    built = Game.from_position("classic", options, ["a"], hands={}, discard=["r1"], draw=[],
                               current="a")
    built.uno_called.add("a")
    mine = table.game
    mine.scores["a"] = 5
    pile = mine.draw_pile
    pile.append("r2")
    typed: Game = make()
    typed.color = "r"
    state = other()
    state.parsers["x"] = 1
'''
    lines = [int(w.split(":")[1]) for w in state_writes(source, state_names=OUTSIDE_STATE_NAMES)]
    assert lines == [4, 7, 9, 11, 13]


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

"""The shape of the package: the import graph of ``certirag`` has no cycles, and no module
uses another module's private names.

Every module under ``certirag/`` is parsed (nothing is imported). An edge ``a -> b`` is any
import of ``b`` by ``a``, at module level or inside a function; importing ``p.q.m`` also
runs ``p.q/__init__.py``, so it is an edge to the package ``p.q`` too, unless ``a`` is
inside ``p.q`` itself. Imports under ``if TYPE_CHECKING:`` never run and are no edges.

A private name starts with one underscore (``_x``; ``__x__`` is not private). No module
may import one from another module (``from certirag.m import _x``, ``certirag.m._x``,
``import certirag.m as m; m._x``), type-checking imports included. A private module
(``certirag/p/_m.py``) may be imported only from inside its package ``p``.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import certirag

PACKAGE = Path(certirag.__file__).parent
ROOT_NAME = "certirag"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _existing(dotted: str) -> str:
    """The longest prefix of ``dotted`` that is a module of the package."""
    while dotted not in MODULES:
        dotted = dotted.rpartition(".")[0]
    return dotted


def _type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int


class _Reader(ast.NodeVisitor):
    """The import edges and private-name uses of one module."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.is_package = MODULES[module].name == "__init__.py"
        self.edges: list[Edge] = []
        self.private: list[str] = []
        self.bound: dict[str, str] = {}  # local name -> certirag module it stands for
        self.type_checking = 0

    # ------------------------------------------------------------------ plumbing
    def _where(self, node: ast.AST) -> str:
        path = MODULES[self.module].relative_to(PACKAGE.parent)
        return f"{path}:{getattr(node, 'lineno', 0)}"

    def _edge(self, target: str, node: ast.stmt) -> None:
        if self.type_checking:
            return
        parts = target.split(".")
        for i in range(1, len(parts) + 1):
            step = ".".join(parts[:i])
            if step != self.module and (i == len(parts) or not _inside(self.module, step)):
                self.edges.append(Edge(self.module, step, node.lineno))

    def _check_module_path(self, dotted: str, node: ast.AST) -> None:
        """A private module may be imported only from inside its own package."""
        parts = dotted.split(".")
        for i, part in enumerate(parts):
            if _private(part):
                owner = ".".join(parts[:i])
                if not _inside(self.module, owner):
                    self.private.append(f"{self._where(node)}: imports the private module "
                                        f"{'.'.join(parts[:i + 1])} from outside {owner}")
                return

    # ------------------------------------------------------------------- visitors
    def visit_If(self, node: ast.If) -> None:
        if _type_checking(node.test):
            self.type_checking += 1
            for child in node.body:
                self.visit(child)
            self.type_checking -= 1
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if not _inside(alias.name, ROOT_NAME):
                continue
            self._check_module_path(alias.name, node)
            target = _existing(alias.name)
            self._edge(target, node)
            if alias.asname:
                self.bound[alias.asname] = target
            else:
                self.bound[ROOT_NAME] = ROOT_NAME

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.module.split(".")
            if not self.is_package:
                base = base[:-1]
            base = base[: len(base) - node.level + 1]
            source = ".".join([*base, node.module] if node.module else base)
        else:
            source = node.module or ""
        if not _inside(source, ROOT_NAME):
            return
        self._check_module_path(source, node)
        for alias in node.names:
            full = f"{source}.{alias.name}"
            if full in MODULES:  # a submodule
                self._check_module_path(full, node)
                self._edge(full, node)
                self.bound[alias.asname or alias.name] = full
            else:
                owner = _existing(source)
                self._edge(owner, node)
                if _private(alias.name) and owner != self.module:
                    self.private.append(f"{self._where(node)}: from {source} import "
                                        f"{alias.name}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        chain: list[str] = []
        value: ast.expr = node
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if not (isinstance(value, ast.Name) and value.id in self.bound):
            self.generic_visit(node)
            return
        owner = self.bound[value.id]
        for attr in reversed(chain):
            if f"{owner}.{attr}" in MODULES:
                owner = f"{owner}.{attr}"
                self._check_module_path(owner, node)
                continue
            if _private(attr) and owner != self.module:
                self.private.append(f"{self._where(node)}: uses {owner}.{attr}")
            break


def _read_all() -> tuple[list[Edge], list[str]]:
    edges: list[Edge] = []
    private: list[str] = []
    for module, path in MODULES.items():
        reader = _Reader(module)
        reader.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        edges += reader.edges
        private += reader.private
    return edges, private


def _components(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    yield sorted(component)


def _cycle_through(start: str, members: set[str], lines: dict[tuple[str, str], int]
                   ) -> list[str]:
    """A shortest cycle from ``start`` back to it inside one component, with lines."""
    previous: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for (a, b) in sorted(lines):
            if a != node or b not in members:
                continue
            if b == start:
                path = [node]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                path.reverse()
                path.append(start)
                return [f"{a} (line {lines[(a, b)]})" for a, b in pairwise(path)] + [start]
            if b not in previous and b != start:
                previous[b] = node
                queue.append(b)
    return [start]


def _read(module: str, source: str) -> _Reader:
    reader = _Reader(module)
    reader.visit(ast.parse(source))
    return reader


def test_the_reader_sees_edges_and_private_uses() -> None:
    edges, _ = _read_all()
    assert any(e.source == "certirag.pipeline" and e.target == "certirag.policy" for e in edges)
    reader = _read("certirag.policy", """
from typing import TYPE_CHECKING
import certirag.render
import certirag.verifiers.cache as cache
from certirag import verifiers
from certirag.checks import _text
from .schemas import _Hidden
if TYPE_CHECKING:
    from certirag.pipeline import _Typed
def f():
    from certirag.certify.issue import build_certificate
    return cache._cache, verifiers.base._REGISTRY, certirag.render._split
""")
    targets = {e.target for e in reader.edges}
    assert {"certirag.verifiers", "certirag.verifiers.cache", "certirag.checks",
            "certirag.checks._text", "certirag.schemas", "certirag.certify",
            "certirag.certify.issue"} <= targets
    assert "certirag.pipeline" not in targets  # a type-checking import never runs
    found = "\n".join(reader.private)
    for name in ("certirag.checks._text", "_Hidden", "_Typed", "certirag.verifiers.cache._cache",
                 "certirag.verifiers.base._REGISTRY", "certirag.render._split"):
        assert name in found, name
    assert _read("certirag.checks.check", "from certirag.checks._text import stem").private == []


def test_the_import_graph_has_no_cycles() -> None:
    edges, _ = _read_all()
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    lines: dict[tuple[str, str], int] = {}
    for e in edges:
        graph[e.source].add(e.target)
        lines.setdefault((e.source, e.target), e.line)
    problems = []
    for component in _components(graph):
        cycle = _cycle_through(component[0], set(component), lines)
        problems.append(f"cycle among {', '.join(component)}:\n    " + "\n -> ".join(cycle))
    assert not problems, "import cycles in certirag:\n" + "\n".join(problems)


def test_no_module_uses_another_modules_private_names() -> None:
    _, private = _read_all()
    assert not private, "private names used across modules:\n" + "\n".join(private)

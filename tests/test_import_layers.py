"""The apps import one way (`scoring` -> `tournaments` -> `games`), reads never import
writes, and no module imports itself back through others.

Read from the source with `ast`, so a deferred import inside a function counts as much
as one at the top of a module: a circle hidden in a function is still a circle.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("games", "tournaments", "scoring", "config")
# Which apps each app may import: the design's one direction.
MAY_IMPORT = {
    "games": {"games"},
    "tournaments": {"games", "tournaments", "config"},
    "scoring": {"games", "tournaments", "scoring", "config"},
    "config": {"games", "tournaments", "scoring", "config"},
}
READS = ("tournaments.selectors", "scoring.selectors")
WRITES = ("tournaments.services", "scoring.services", "tournaments.views", "scoring.views")


def module_files() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = module_files()


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def imported(name: str) -> set[str]:
    """Return every first-party module `name` imports, at its top or inside a function."""
    tree = ast.parse(MODULES[name].read_text(), filename=str(MODULES[name]))
    here = name if is_package(name) else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = here.split(".")
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in MODULES else base)
    found = set()
    for target in targets:
        # `import a.b.c` names a module; keep the longest first-party one it names.
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


GRAPH = {name: imported(name) for name in MODULES}


def within(name: str, prefixes) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def test_the_module_list_is_read():
    assert "tournaments.selectors" in MODULES and "scoring.services.hands" in MODULES
    assert "tournaments.models" in GRAPH["tournaments.selectors.seating"]


def test_apps_import_one_way():
    wrong = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        for target in targets
        if target.split(".")[0] not in MAY_IMPORT[name.split(".")[0]]
    ]
    assert wrong == []


def test_games_import_no_django():
    wrong = []
    for name, path in MODULES.items():
        if not name.startswith("games"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                heads = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                heads = [node.module or ""]
            else:
                continue
            wrong += [f"{name} imports {head}" for head in heads if head.split(".")[0] == "django"]
    assert wrong == []


def test_reads_never_import_writes():
    wrong = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        if within(name, READS)
        for target in targets
        if within(target, WRITES)
    ]
    assert wrong == []


def cycles() -> list[list[str]]:
    """Return the import graph's strongly connected parts of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(name):
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for target in sorted(GRAPH[name]):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in on_stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == name:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for name in sorted(GRAPH):
        if name not in index:
            visit(name)
    return found


def test_no_module_imports_itself_back():
    assert cycles() == []


def test_a_circle_is_found():
    saved = dict(GRAPH)
    try:
        GRAPH["games.engine"] = saved["games.engine"] | {"games.registry"}
        GRAPH["games.registry"] = saved["games.registry"] | {"games.engine"}
        assert any({"games.engine", "games.registry"} <= set(part) for part in cycles())
    finally:
        GRAPH.clear()
        GRAPH.update(saved)

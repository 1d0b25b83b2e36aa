"""The papers' section pages (``notebooks/<paper>/<section>.md``): every claim anchor on exactly one page, each
page mirroring whole claims modules, the redirect table of the old addresses, and a paper page that loads its
own paper only."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rfsym.claims import registry
from rfsym.claims.model import PAPERS

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"
LABEL = re.compile(r"^\(([\w.-]+)\)=$", re.M)
SHOWN = re.compile(r"""show_claim\(\s*["']([^"']+)["']""")


def _pages():
    """``{name: text}`` of every MyST notebook, ``crt`` and ``crt/sec5`` alike."""
    return {p.relative_to(NB).with_suffix("").as_posix(): p.read_text() for p in sorted(NB.rglob("*.md"))}


def _module_of():
    """``{claim id: (paper key, claims module name)}`` from each paper's ``claims`` package."""
    import importlib
    import pkgutil

    out = {}
    for key in PAPERS.values():
        pkg = importlib.import_module(f"rfsym.{key}.claims")
        for info in pkgutil.iter_modules(pkg.__path__):
            mod = importlib.import_module(f"rfsym.{key}.claims.{info.name}")
            for c in getattr(mod, "CLAIMS", ()) or ():
                out[c.id] = (key, info.name)
    return out


def _redirects():
    js = (ROOT / "book" / "_static" / "rfsym-redirects.js").read_text()
    body = js[js.index("var MOVED = ") + len("var MOVED = "):]
    return json.loads(body[: body.index("};") + 1])


def test_every_claim_anchor_is_on_exactly_one_page_the_one_that_shows_it():
    pages = _pages()
    where = {}
    for name, text in pages.items():
        for label in LABEL.findall(text):
            where.setdefault(label, []).append(name)
    shown = {}
    for name, text in pages.items():
        for cid in SHOWN.findall(text):
            shown.setdefault(cid, []).append(name)
    for c in registry().values():
        assert len(where.get(c.label, [])) == 1, f"{c.id}: anchor ({c.label})= on {where.get(c.label)}"
        if c.id in shown:                   # a few are shown twice (a paper's section and the real-data page)
            assert where[c.label][0] in shown[c.id], f"{c.id}: shown on {shown[c.id]}, anchored on {where[c.label]}"
    assert all(len(v) == 1 for v in where.values()), {k: v for k, v in where.items() if len(v) > 1}


def test_section_pages_mirror_whole_claims_modules():
    """A paper's claims are shown on its section pages only (not on its index page); every claims module's
    claims are on one page, and each page is named after the first module it holds."""
    pages, mod_of = _pages(), _module_of()
    for key in PAPERS.values():
        assert not SHOWN.findall(pages[key]), f"notebooks/{key}.md shows claims; its section pages do"
        page_of_module = {}
        for name, text in pages.items():
            if not name.startswith(f"{key}/"):
                continue
            mods = [mod_of[cid][1] for cid in SHOWN.findall(text) if mod_of[cid][0] == key]
            assert mods, f"{name} shows no claim of its paper"
            assert name.split("/", 1)[1] in mods, f"{name} is not named after a module it holds ({set(mods)})"
            for m in mods:
                page_of_module.setdefault(m, set()).add(name)
        split = {m: p for m, p in page_of_module.items() if len(p) > 1}
        assert not split, f"claims modules spread over several pages: {split}"
        toc = (ROOT / "_toc.yml").read_text()
        for name in (n for n in pages if n.startswith(f"{key}/")):
            assert f"file: notebooks/{name}\n" in toc and f"{{doc}}`" in pages[key] and f"<{name}>`" in pages[key], \
                f"{name}: listed in _toc.yml and linked from notebooks/{key}.md"


def test_redirect_table_covers_every_anchor_that_moved():
    """The old address notebooks/<paper>.html#<anchor> of every label now on a section page goes there, and the
    table names nothing else."""
    pages, table = _pages(), _redirects()
    assert set(table) == set(PAPERS.values()) | {"realdata"}
    uci = {label: "uci" for label in LABEL.findall(pages["realdata/uci"])}      # the real-data page's UCI half
    assert uci and table["realdata"] == uci and not set(LABEL.findall(pages["realdata"])) & set(uci)
    for key in PAPERS.values():
        moved = {label: name.split("/", 1)[1] for name, text in pages.items() if name.startswith(f"{key}/")
                 for label in LABEL.findall(text)}
        assert table[key] == moved
        assert not set(LABEL.findall(pages[key])) & set(moved)
    claims_moved = [c for c in registry().values() if c.notebook in PAPERS.values()]
    # a paper page's claims are that paper's: its verdict table (paper and notebook) loads that paper only
    assert all(PAPERS[c.paper] == c.notebook for c in claims_moved)
    for key in PAPERS.values():
        assert re.search(r'verdict_table\("\w+"', pages[key]), f"notebooks/{key}.md: verdict_table names its paper"
    assert claims_moved and all(c.label in table[c.notebook] for c in claims_moved)
    assert "rfsym-redirects.js" in (ROOT / "_config.yml").read_text()


def test_every_section_page_has_its_own_setup_and_no_cell_uses_a_name_it_does_not_define():
    """Each page runs on its own (nbval runs it alone): the names its cells load are defined on the page."""
    import builtins

    cell = re.compile(r"```\{code-cell\}[^\n]*\n(.*?)\n```", re.S)
    for name, text in _pages().items():
        if "/" not in name:
            continue
        defined = set(dir(builtins))
        for src in cell.findall(text):
            tree = ast.parse("\n".join(l for l in src.splitlines() if not l.startswith(":")))
            stores = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
            stores |= {(a.asname or a.name).split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                       for a in n.names}
            stores |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
            stores |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args + n.kwonlyargs}
            loads = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            missing = loads - defined - stores
            assert not missing, f"{name}: {sorted(missing)} used but not defined on the page"
            defined |= stores


def _imports(path: Path, modname: str) -> set:
    """The ``rfsym`` modules a file imports anywhere (function-level imports included)."""
    pkg = modname if path.name == "__init__.py" else modname.rsplit(".", 1)[0]
    out = set()
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.Import):
            out |= {a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            base = n.module or ""
            if n.level:
                parts = pkg.split(".")[: len(pkg.split(".")) - n.level + 1]
                base = ".".join(parts + ([n.module] if n.module else []))
            out |= {base} | {f"{base}.{a.name}" for a in n.names}
    return {m for m in out if m == "rfsym" or m.startswith("rfsym.")}


def test_no_paper_claims_import_another_papers_claims():
    """What makes the per-paper claims cache key (rfsym.claims.runner.cache_key(paper=...)) safe: outside the
    claim machinery (rfsym/claims/), no module imports a paper's claims package except that package itself, and
    no module a paper's claims can reach loads the registry of every paper."""
    base = ROOT / "rfsym"
    for path in base.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        modname = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        if modname.startswith("rfsym.claims") or modname == "rfsym.__main__":
            continue
        own = next((k for k in PAPERS.values() if modname.startswith(f"rfsym.{k}.claims")), None)
        for m in _imports(path, modname):
            for key in PAPERS.values():
                if m.startswith(f"rfsym.{key}.claims") and key != own:
                    assert modname in ("rfsym.atlas", "rfsym.reference"), f"{modname} imports {m}"
        if own is not None:
            text = path.read_text()
            assert not re.search(r"\b(registry|load_conventions)\(\)", text), f"{modname} loads every paper"


@pytest.mark.parametrize("paper,claim", [("CRT", "CRT-Sec2.1"), ("HRF", "HRF-Eq2")])
def test_a_paper_page_reads_its_own_papers_claims_only(tmp_path, paper, claim):
    """What a paper's page runs (a claim shown through the claims cache, the verdict table's lookups) opens and
    imports no file of another paper's claims package: a change there leaves the page's execution-cache entry
    fresh (tools/build_book.py keys a notebook on the files its kernel read)."""
    code = f"""
import os, sys, json
seen = set()
sys.addaudithook(lambda e, a: seen.add(os.path.abspath(os.fsdecode(a[0])))
                 if e == "open" and a and isinstance(a[0], (str, bytes, os.PathLike)) else None)
from rfsym.claims import claims_for, run
from rfsym.claims.pages import claim_markdown
claim_markdown(run({claim!r}))
claim_markdown(run({claim!r}))        # the second time from the disk cache
ids = [c.id for c in claims_for({paper!r})]
files = seen | {{os.path.abspath(m.__file__) for m in list(sys.modules.values())
                 if isinstance(getattr(m, "__file__", None), str)}}
print(json.dumps(sorted(files)))
"""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "RFSYM_CACHE": str(tmp_path), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    files = json.loads(out.stdout.strip().splitlines()[-1])
    others = [k for k in PAPERS.values() if k != PAPERS[paper]]
    foreign = [f for f in files for k in others if f"{ROOT}/rfsym/{k}/claims/" in f]
    assert not foreign, foreign
    assert any(f"{ROOT}/rfsym/{PAPERS[paper]}/claims/" in f for f in files)
    assert any(Path(tmp_path).rglob(f"{claim}.json"))

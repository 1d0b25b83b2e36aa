"""The book's API pages follow the package layout: every public module is documented on one page."""

import importlib.util
import pkgutil
from pathlib import Path

import rfsym

ROOT = Path(__file__).resolve().parents[1]


def _ext():
    spec = importlib.util.spec_from_file_location("rfsym_book_pages", ROOT / "book" / "_ext" / "rfsym_book_pages.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _public_modules():
    out = []
    for m in pkgutil.walk_packages(rfsym.__path__, "rfsym."):
        parts = m.name.split(".")
        if any(p.startswith("_") for p in parts) or "claims" in parts[2:] or parts[-1] == "claims" and len(parts) > 2:
            continue
        out.append(m.name)
    return out


def test_every_public_module_has_an_api_section():
    pages = _ext().api_pages()
    text = "\n".join(pages.values())
    missing = [m for m in _public_modules() if f".. automodule:: {m}\n" not in text]
    assert not missing, f"modules without an API section: {missing}"


def test_api_pages_are_in_the_toc():
    toc = (ROOT / "_toc.yml").read_text()
    for page in _ext().api_pages():
        assert f"book/api/{page}" in toc

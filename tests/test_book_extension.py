"""book/_ext/rfsym_book_pages.py: the extensions it marks safe for Sphinx's parallel read do what was read."""

import importlib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: what each marked extension registers, as read (see PARALLEL_READ_SAFE_FOR_HTML): events connected and
#: transforms added (``add_transform`` runs while a document is read)
EXPECTED = {
    "sphinx_multitoc_numbering": {"events": {"builder-inited"}, "transforms": set()},
    "sphinx-mathjax-offline": {"events": {"build-finished"}, "transforms": set()},
    "sphinx_jupyterbook_latex": {"events": {"config-inited", "builder-inited"},
                                 "transforms": {"LatexRootDocTransforms", "LatexToctreeNodeInterpret"}},
}


def _ext():
    spec = importlib.util.spec_from_file_location("rfsym_book_pages", ROOT / "book" / "_ext" / "rfsym_book_pages.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class _Recorder:
    """Stands in for the Sphinx application: records what an extension's setup registers."""

    def __init__(self):
        self.events, self.transforms = set(), set()
        self.config = type("Config", (), {})()

    def connect(self, event, handler, priority=500):
        self.events.add(event)

    def add_transform(self, cls):
        self.transforms.add(cls.__name__)

    def __getattr__(self, name):              # add_node, add_config_value, add_post_transform, ...: not read-time work
        return lambda *a, **k: None


def test_the_marked_extensions_register_only_what_was_read():
    assert set(_ext().PARALLEL_READ_SAFE_FOR_HTML) == set(EXPECTED)
    for name, expected in EXPECTED.items():
        mod = importlib.import_module(name)
        app = _Recorder()
        declared = mod.setup(app)
        assert not (isinstance(declared, dict) and "parallel_read_safe" in declared), \
            f"{name} now declares its parallel safety itself: drop it from PARALLEL_READ_SAFE_FOR_HTML"
        assert app.events == expected["events"], f"{name} connects to {app.events}: read it again"
        assert app.transforms == expected["transforms"], f"{name} adds transforms {app.transforms}: read it again"


class _Ext:
    def __init__(self, safe):
        self.parallel_read_safe = safe


@pytest.mark.parametrize("fmt, marked", [("html", True), ("latex", None)])
def test_marks_only_undeclared_extensions_and_only_for_html(fmt, marked):
    app = type("App", (), {})()
    app.builder = type("Builder", (), {"format": fmt})()
    app.extensions = {"sphinx_multitoc_numbering": _Ext(None), "sphinx-mathjax-offline": _Ext(False),
                      "other": _Ext(None)}
    _ext().mark_parallel_read_safe(app)
    assert app.extensions["sphinx_multitoc_numbering"].parallel_read_safe is marked
    assert app.extensions["sphinx-mathjax-offline"].parallel_read_safe is False       # declared: kept
    assert app.extensions["other"].parallel_read_safe is None                         # not listed: untouched


def test_the_sidebar_depth_covers_every_document_of_the_toc():
    # shallow_sidebar resolves the sidebar two levels deep: every document of _toc.yml must sit within them
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())

    def depth(entries):
        return max((1 + depth(e.get("sections", [])) for e in entries), default=0)

    assert max(depth(part["chapters"]) for part in toc["parts"]) <= 2
    config = type("Config", (), {"html_theme_options": {"search_bar_text": "x"}})()
    _ext().shallow_sidebar(None, config)
    assert config.html_theme_options == {"search_bar_text": "x", "max_navbar_depth": 2}

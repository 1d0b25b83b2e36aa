"""Every module of the package compiles without warnings (an invalid escape such as '\\l' in a LaTeX
string is a DeprecationWarning today and a silent change of text when it is a valid one, e.g. '\\t')."""
import warnings
from pathlib import Path

import pytest

import rfsym

SOURCES = sorted(Path(rfsym.__file__).parent.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(Path(rfsym.__file__).parent)))
def test_compiles_without_warnings(path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile(path.read_text(encoding="utf-8"), str(path), "exec")


def test_old_module_paths_name_their_new_home():
    import importlib

    import pytest

    import rfsym

    for old, new in rfsym._MOVED.items():
        with pytest.raises(ImportError, match="has moved") as exc:
            importlib.import_module(old)
        assert new.split()[0] in str(exc.value)

"""Write runnable ``.ipynb`` copies of the MyST notebooks (``notebooks/*.md`` and the papers' section pages
``notebooks/<paper>/*.md``, into the same subfolders) into a folder, in one process.

Usage: ``python tools/notebooks_to_ipynb.py OUTDIR`` (``make test-notebooks``, ``make notebooks``). One
interpreter for all notebooks instead of one ``jupytext`` command each (about 0.7 s of start-up apiece).
"""

import sys
from pathlib import Path

import jupytext

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(next(l for l in __doc__.splitlines() if l.startswith("Usage")), file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    base = ROOT / "notebooks"
    for src in sorted(base.rglob("*.md")):
        rel = src.relative_to(base)
        if any(part.startswith((".", "_")) for part in rel.parts):
            continue
        dst = out / rel.with_suffix(".ipynb")
        dst.parent.mkdir(parents=True, exist_ok=True)
        jupytext.write(jupytext.read(src), dst)
        print(f"wrote {dst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

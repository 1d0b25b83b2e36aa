"""Rebuild the derived data arrays of ``rfsym/data`` from the raw files.

Usage::

    python tools/build_datasets.py [RAW_ROOT] [--out DIR] [--check]

``RAW_ROOT`` defaults to ``../shared/data`` (relative to the repository) and must hold ``mnist/``,
``cifar10/`` and ``uci/`` as described in ``rfsym/data/PROVENANCE.md``.  Writes ``mnist_area.npz``,
``mnist_bilinear.npz``, ``mnist_triangle.npz``, ``cifar10_*.npz`` (same three methods), ``uci.npz`` and
``MANIFEST.json`` (SHA-256 of every array and of every raw input file).  With ``--check`` nothing is
written; the rebuild is compared with the committed arrays and the exit status is 1 on a difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rfsym import datasets as ds  # noqa: E402


def raw_files(root: Path) -> list[Path]:
    return ([root / "mnist" / "t10k-images-idx3-ubyte.gz", root / "mnist" / "t10k-labels-idx1-ubyte.gz",
             root / "cifar10" / "cifar10_test_first1017.npz"]
            + [ds.raw_uci_path(root, n) for n in ds.UCI_SETS])


def build(root) -> dict[str, dict[str, np.ndarray]]:
    """All derived arrays, as ``{file name: {array name: array}}``."""
    root = Path(root)
    out = {}
    Xm, ym = ds.raw_mnist(root)
    Xc, yc = ds.raw_cifar10(root)
    for method in ds.RESIZE_METHODS:
        out[f"mnist_{method}.npz"] = {
            "images": ds.resize_exact(Xm, method, ds.image_denominator("mnist", method)),
            "labels": ym.astype(np.uint8)}
        out[f"cifar10_{method}.npz"] = {
            "images": ds.resize_exact(Xc, method, ds.image_denominator("cifar10", method)),
            "labels": yc.astype(np.uint8)}
    uci = {}
    for name in ds.UCI_SETS:
        X, y = ds.parse_uci(name, ds.raw_uci_path(root, name))
        uci[f"{name}_X"], uci[f"{name}_y"] = X, y
    out["uci.npz"] = uci
    return out


def sha256_file(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(REPO.parent / "shared" / "data"))
    ap.add_argument("--out", default=str(REPO / "rfsym" / "data"))
    ap.add_argument("--check", action="store_true", help="compare with the committed arrays, write nothing")
    a = ap.parse_args(argv)
    root, outdir = Path(a.root), Path(a.out)
    arrays = build(root)
    if a.check:
        bad = 0
        for fname, group in arrays.items():
            with np.load(outdir / fname) as z:
                for k, v in group.items():
                    same = k in z.files and z[k].dtype == v.dtype and np.array_equal(z[k], v)
                    print(f"{fname}:{k}: {'equal' if same else 'DIFFERENT'}")
                    bad += not same
        return 1 if bad else 0
    outdir.mkdir(parents=True, exist_ok=True)
    man = {"arrays": {}, "raw_files": {}}
    for fname, group in arrays.items():
        np.savez_compressed(outdir / fname, **group)
        for k, v in group.items():
            man["arrays"][f"{fname}:{k}"] = ds.sha256_array(v)
        print(f"wrote {outdir / fname} ({(outdir / fname).stat().st_size} bytes)")
    for p in raw_files(root):
        man["raw_files"][p.relative_to(root).as_posix()] = sha256_file(p)
    (outdir / "MANIFEST.json").write_text(json.dumps(man, indent=1, sort_keys=True) + "\n")
    print(f"wrote {outdir / 'MANIFEST.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

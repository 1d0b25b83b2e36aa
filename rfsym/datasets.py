"""The real data of the papers' experiments: 8x8 MNIST, 8x8 grayscale CIFAR-10 and eight UCI sets.

The arrays are the project's own copies committed under ``rfsym/data/`` (package data; nothing is
downloaded).  ``rfsym/data/PROVENANCE.md`` names the sources, licences and the exact derivation;
``tools/build_datasets.py`` rebuilds every derived array from the raw files (by default
``../shared/data``) with the functions of this module, so the committed arrays and a rebuild are
compared bit for bit by ``tests/test_datasets.py``.

Images (CRT Sec. 5.1, DERF Sec. 5.1: "random images from MNIST or CIFAR10, resized to 8x8, scaled by
sigma and flattened").  The papers state neither the resize method, nor the pixel scaling, nor (for
CIFAR-10, whose d = 64 implies one channel) the grayscale weights; all three are parameters of
:func:`load_images`:

``resize``
    ``"area"`` -- exact box (area) averaging, every output pixel the mean of the input square it
    covers, partial pixels weighted by the covered length (28/8 = 3.5 input pixels per output
    pixel for MNIST, 4 for CIFAR-10; OpenCV's ``INTER_AREA``; for CIFAR-10's integer factor also
    ``PIL.Image.resize(..., BOX)``, which for MNIST's factor 3.5 takes whole pixels instead);
    ``"bilinear"`` -- bilinear interpolation at the output pixel centres (half-pixel convention)
    without antialiasing (``tf.image.resize`` default, OpenCV ``INTER_LINEAR``);
    ``"triangle"`` -- antialiased bilinear: a triangle filter whose support is stretched by the
    scale factor, normalised over the taps inside the image (``PIL.Image.resize(..., BILINEAR)``,
    ``tf.image.resize(..., antialias=True)``).
    All are linear maps with rational weights, so the 8x8 results are stored *exactly* as integers
    ``denominator * value`` (no rounding happens: see :func:`image_denominator`).
``scale``
    ``"unit"`` -- pixel / 255 in [0, 1] (default); ``"sym"`` -- 2 pixel / 255 - 1 in [-1, 1];
    ``"raw"`` -- pixel values 0..255 (what ``tf.image.resize`` returns for uint8 input).
``gray``
    CIFAR-10 only: ``"bt601"`` -- 0.299 R + 0.587 G + 0.114 B (the ITU-R BT.601 luma of PIL's ``"L"``
    mode and ``tf.image.rgb_to_grayscale``); ``"mean"`` -- (R + G + B)/3.

UCI sets (CRT Sec. 5.2 / App. 9.10.2, DERF Sec. 5.2 / App. B.3, SimRF Sec. 5.3): every column of the
raw file except the class (and yeast's sequence name) becomes a feature; categorical attributes get
ordinal integer codes in the order of the UCI attribute description (documented in
:data:`UCI_CATEGORIES` and PROVENANCE.md); classes are coded 0..n-1 in the order of
:data:`UCI_CLASSES`.  The papers do not say how they encoded categorical attributes or whether they
standardised features; these are stated assumptions.

References
----------
* CRT: Likhosherstov et al., Chefs' Random Tables, Sec. 5 and App. 9.10.
* DERF: Likhosherstov et al., Dense-Exponential Random Features, Sec. 5 and App. B.
* SimRF: Reid et al., Simplex Random Features, Sec. 5.3 and App. B.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
from importlib import resources
from pathlib import Path

import numpy as np

__all__ = ["DataError", "IMAGE_SETS", "RESIZE_METHODS", "SCALINGS", "GRAY_WEIGHTS", "image_denominator", "row_denominators",
           "UCI_SETS", "UCI_CLASSES", "UCI_CLASS_COUNTS", "UCI_CATEGORIES", "UCI_SHAPES", "MNIST_TEST_CLASS_COUNTS",
           "load_images", "load_uci", "data_dir", "manifest", "resize_matrix", "resize_exact",
           "read_idx", "parse_uci", "raw_mnist", "raw_cifar10", "sha256_array"]


class DataError(RuntimeError):
    """A data file of ``rfsym/data`` (or a raw file) is missing, corrupt or fails validation."""


IMAGE_SETS = ("mnist", "cifar10")
RESIZE_METHODS = ("area", "bilinear", "triangle")
SCALINGS = ("unit", "sym", "raw")
GRAY_WEIGHTS = {"bt601": (0.299, 0.587, 0.114), "mean": (1 / 3, 1 / 3, 1 / 3)}


#: class counts of the MNIST test set (LeCun et al.), digits 0..9
MNIST_TEST_CLASS_COUNTS = (980, 1135, 1032, 1010, 982, 892, 958, 1028, 974, 1009)
#: class counts of the first 1,017 CIFAR-10 test images (airplane..truck)
CIFAR10_FIRST1017_CLASS_COUNTS = (105, 93, 100, 104, 92, 87, 114, 102, 110, 110)

UCI_SETS = ("abalone", "banknote", "car", "yeast", "cmc", "nursery", "wifi", "chess")

_BUY = ("vhigh", "high", "med", "low")
_FILES = ("a", "b", "c", "d", "e", "f", "g", "h")
#: ordinal codes (0, 1, ...) of the categorical attributes, in the order of the UCI descriptions
UCI_CATEGORIES = {
    "abalone": {0: ("M", "F", "I")},
    "car": {0: _BUY, 1: _BUY, 2: ("2", "3", "4", "5more"), 3: ("2", "4", "more"),
            4: ("small", "med", "big"), 5: ("low", "med", "high")},
    "nursery": {0: ("usual", "pretentious", "great_pret"),
                1: ("proper", "less_proper", "improper", "critical", "very_crit"),
                2: ("complete", "completed", "incomplete", "foster"),
                3: ("1", "2", "3", "more"),
                4: ("convenient", "less_conv", "critical"),
                5: ("convenient", "inconv"),
                6: ("nonprob", "slightly_prob", "problematic"),
                7: ("recommended", "priority", "not_recom")},
    # files a..h are coded 1..8 so that they share the scale of the ranks 1..8
    "chess": {0: _FILES, 2: _FILES, 4: _FILES},
}
_CHESS_CLASSES = ("draw", "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                  "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
UCI_CLASSES = {
    "abalone": tuple(str(r) for r in range(1, 30)),   # rings 1..29 (the class of Table 1: 28 occur)
    "banknote": ("0", "1"),
    "car": ("unacc", "acc", "good", "vgood"),
    "yeast": ("CYT", "NUC", "MIT", "ME3", "ME2", "ME1", "EXC", "VAC", "POX", "ERL"),
    "cmc": ("1", "2", "3"),
    "nursery": ("not_recom", "recommend", "very_recom", "priority", "spec_prior"),
    "wifi": ("1", "2", "3", "4"),
    "chess": _CHESS_CLASSES,
}
#: class counts of each UCI set (as in the UCI descriptions; abalone: rings 1..29, 28 absent)
UCI_CLASS_COUNTS = {
    "abalone": (1, 1, 15, 57, 115, 259, 391, 568, 689, 634, 487, 267, 203, 126, 103, 67, 58, 42, 32, 26, 14,
                6, 9, 2, 1, 1, 2, 0, 1),
    "banknote": (762, 610), "car": (1210, 384, 69, 65),
    "yeast": (463, 429, 244, 163, 51, 44, 35, 30, 20, 5), "cmc": (629, 333, 511),
    "nursery": (4320, 2, 328, 4266, 4044), "wifi": (500, 500, 500, 500),
    "chess": (2796, 27, 78, 246, 81, 198, 471, 592, 683, 1433, 1712, 1985, 2854, 3597, 4194, 4553, 2166, 390),
}
#: (objects, features) of each UCI set
UCI_SHAPES = {"abalone": (4177, 8), "banknote": (1372, 4), "car": (1728, 6), "yeast": (1484, 8),
              "cmc": (1473, 9), "nursery": (12960, 8), "wifi": (2000, 7), "chess": (28056, 6)}
_UCI_FILES = {"abalone": "abalone.data", "banknote": "banknote.txt", "car": "car.data",
              "yeast": "yeast.data", "cmc": "cmc.data", "nursery": "nursery.data", "wifi": "wifi.txt",
              "chess": "chess.data"}


def data_dir() -> Path:
    """Directory of the package data (``rfsym/data``).

    Examples
    --------
    >>> (data_dir() / "PROVENANCE.md").is_file()
    True
    """
    return Path(str(resources.files("rfsym") / "data"))


def sha256_array(a) -> str:
    """SHA-256 of an array's dtype, shape and C-ordered bytes (what the manifest records).

    Examples
    --------
    >>> sha256_array(np.zeros(2, np.uint8))[:12]
    '11170b972242'
    """
    a = np.ascontiguousarray(a)
    h = hashlib.sha256(f"{a.dtype.str}{a.shape}".encode())
    h.update(a.tobytes())
    return h.hexdigest()


@functools.lru_cache(maxsize=None)
def manifest() -> dict:
    """The checksum manifest ``rfsym/data/MANIFEST.json`` written by ``tools/build_datasets.py``.

    Examples
    --------
    >>> sorted(manifest()["arrays"])[:2]
    ['cifar10_area.npz:images', 'cifar10_area.npz:labels']
    """
    path = data_dir() / "MANIFEST.json"
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise DataError(f"missing data manifest {path}; rebuild with tools/build_datasets.py") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"corrupt data manifest {path}: {exc}") from None


@functools.lru_cache(maxsize=None)
def _read_npz(name: str) -> dict:
    path = data_dir() / name
    if not path.is_file():
        raise DataError(f"missing data file {path}; rebuild with tools/build_datasets.py")
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except Exception as exc:        # zipfile.BadZipFile, ValueError, OSError, ...
        raise DataError(f"corrupt data file {path}: {type(exc).__name__}: {exc}") from None
    expected = {k.split(":", 1)[1]: v for k, v in manifest()["arrays"].items() if k.split(":", 1)[0] == name}
    if set(expected) != set(arrays):
        raise DataError(f"data file {path} holds arrays {sorted(arrays)}, the manifest expects {sorted(expected)}")
    for k, a in arrays.items():
        if sha256_array(a) != expected[k]:
            raise DataError(f"data file {path}: array {k!r} fails its SHA-256 check (corrupt or stale; "
                            "rebuild with tools/build_datasets.py)")
    for a in arrays.values():
        a.setflags(write=False)
    return arrays


def _check_choice(value, name, allowed):
    if value not in allowed:
        raise ValueError(f"{name} must be one of {tuple(allowed)}, got {name}={value!r}")


def load_images(name: str, *, resize: str = "area", scale: str = "unit", gray: str = "bt601",
                flatten: bool = True):
    """Load 8x8 MNIST test images or 8x8 grayscale CIFAR-10 test images (first 1,017).

    Parameters
    ----------
    name : {"mnist", "cifar10"}
    resize : {"area", "bilinear"}
        28x28 (32x32) -> 8x8 resize method; not stated in CRT Sec. 5.1 / DERF Sec. 5.1.
    scale : {"unit", "sym", "raw"}
        Pixel scaling before the experiments' sigma: ``"unit"`` divides by 255 (values in [0, 1]),
        ``"sym"`` maps to [-1, 1] (2 p / 255 - 1), ``"raw"`` keeps 0..255.
    gray : {"bt601", "mean"}
        Grayscale weights for CIFAR-10 (ignored for MNIST).
    flatten : bool
        Return ``(n, 64)`` rows (default) or ``(n, 8, 8)`` images.

    Returns
    -------
    images : ndarray of float64, shape (n, 64) or (n, 8, 8)
        n = 10,000 (MNIST) or 1,017 (CIFAR-10).
    labels : ndarray of int64, shape (n,)

    Raises
    ------
    DataError
        If the file is missing, its arrays fail the manifest's SHA-256, or shape / class counts differ.

    Notes
    -----
    The stored arrays hold ``q = D * r`` exactly (integers), where ``r`` is the resized image in raw
    pixel units and ``D`` = :func:`image_denominator` ``(name, resize)`` (per pixel); the loader returns
    ``q / D`` (``raw``), ``q / (255 D)`` (``unit``) or ``2 q / (255 D) - 1`` (``sym``), grayscale as
    :math:`w_R R + w_G G + w_B B` applied to the resized RGB channels (resizing is linear, so the
    order of grayscale conversion and resizing does not matter).

    Examples
    --------
    >>> X, y = load_images("mnist")
    >>> X.shape, float(X.max()) <= 1.0, int(y[0])
    ((10000, 64), True, 7)
    >>> X, y = load_images("cifar10", resize="bilinear", scale="raw", gray="mean")
    >>> X.shape, y[:4].tolist()
    ((1017, 64), [3, 8, 8, 0])
    """
    _check_choice(name, "name", IMAGE_SETS)
    _check_choice(resize, "resize", RESIZE_METHODS)
    _check_choice(scale, "scale", SCALINGS)
    _check_choice(gray, "gray", GRAY_WEIGHTS)
    fname = f"{name}_{resize}.npz"
    z = _read_npz(fname)
    q, labels = z["images"], z["labels"]
    path = data_dir() / fname
    n, counts = (10000, MNIST_TEST_CLASS_COUNTS) if name == "mnist" else (1017, CIFAR10_FIRST1017_CLASS_COUNTS)
    shape = (n, 8, 8) if name == "mnist" else (n, 8, 8, 3)
    D = image_denominator(name, resize)
    dtype = _stored_dtype(D)
    if q.shape != shape or q.dtype != dtype or labels.shape != (n,) or labels.dtype != np.uint8:
        raise DataError(f"data file {path}: images {q.shape} {q.dtype}, labels {labels.shape} {labels.dtype}; "
                        f"expected images {shape} {np.dtype(dtype).name} and labels ({n},) uint8")
    if tuple(np.bincount(labels, minlength=10)) != counts:
        raise DataError(f"data file {path}: class counts {np.bincount(labels).tolist()} differ from {list(counts)}")
    if name == "cifar10":
        D = D[:, :, None]
    if np.any(q > 255 * D):
        raise DataError(f"data file {path}: a stored value exceeds 255 times its denominator")
    X = q.astype(np.float64) / D
    if name == "cifar10":
        X = X @ np.asarray(GRAY_WEIGHTS[gray])
    if scale == "unit":
        X = X / 255.0
    elif scale == "sym":
        X = 2.0 * X / 255.0 - 1.0
    if flatten:
        X = X.reshape(n, 64)
    return X, labels.astype(np.int64)


def load_uci(name: str):
    """Load one of the eight UCI classification sets (CRT Table 1, DERF Fig. 3, SimRF Fig. 8).

    Parameters
    ----------
    name : str
        One of :data:`UCI_SETS`.

    Returns
    -------
    X : ndarray of float64, shape :data:`UCI_SHAPES` ``[name]``
        Features in the raw units of the UCI file; categorical attributes as ordinal codes
        (:data:`UCI_CATEGORIES`).
    y : ndarray of int64
        Class codes 0..n-1 in the order of :data:`UCI_CLASSES` ``[name]``.

    Raises
    ------
    DataError
        Missing or corrupt file, checksum mismatch, wrong shape or a class code out of range.

    Examples
    --------
    >>> X, y = load_uci("banknote")
    >>> X.shape, np.bincount(y).tolist()
    ((1372, 4), [762, 610])
    """
    _check_choice(name, "name", UCI_SETS)
    z = _read_npz("uci.npz")
    X, y = z[f"{name}_X"], z[f"{name}_y"]
    path = data_dir() / "uci.npz"
    if X.shape != UCI_SHAPES[name] or X.dtype != np.float64 or y.shape != (X.shape[0],) or y.dtype != np.uint8:
        raise DataError(f"data file {path}: {name} has X {X.shape} {X.dtype}, y {y.shape} {y.dtype}; "
                        f"expected X {UCI_SHAPES[name]} float64 and y uint8")
    if int(y.max()) >= len(UCI_CLASSES[name]) or not np.all(np.isfinite(X)):
        raise DataError(f"data file {path}: {name} has a class code >= {len(UCI_CLASSES[name])} or non-finite features")
    if tuple(np.bincount(y, minlength=len(UCI_CLASSES[name]))) != UCI_CLASS_COUNTS[name]:
        raise DataError(f"data file {path}: {name} class counts {np.bincount(y).tolist()} differ from "
                        f"{list(UCI_CLASS_COUNTS[name])}")
    return X.copy(), y.astype(np.int64)


# ------------------------------------------------------------------------------ derivation (build)

def resize_matrix(n_in: int, n_out: int, method: str) -> np.ndarray:
    """The ``(n_out, n_in)`` matrix of a 1-D resize; a 2-D image resizes as ``R @ img @ R.T``.

    ``"area"``: row ``i`` averages the input interval ``[i s, (i+1) s)`` with ``s = n_in / n_out``
    (fractional pixels weighted by their covered length).  ``"bilinear"``: linear interpolation at
    the source coordinate ``(i + 1/2) s - 1/2`` (half-pixel centres, clamped at the border), no
    antialiasing.  ``"triangle"``: weights ``max(0, 1 - |j + 1/2 - (i + 1/2) s| / s)`` over the
    input pixels ``j``, normalised to sum 1 (Pillow's antialiased BILINEAR for downscaling).

    Examples
    --------
    >>> resize_matrix(28, 8, "area")[0, :5].tolist()
    [0.2857142857142857, 0.2857142857142857, 0.2857142857142857, 0.14285714285714285, 0.0]
    >>> resize_matrix(28, 8, "bilinear")[0, :4].tolist()
    [0.0, 0.75, 0.25, 0.0]
    >>> (resize_matrix(32, 8, "triangle")[0, :7] * 28).round(12).tolist()
    [5.0, 7.0, 7.0, 5.0, 3.0, 1.0, 0.0]
    """
    _check_choice(method, "method", RESIZE_METHODS)
    s = n_in / n_out
    R = np.zeros((n_out, n_in))
    for i in range(n_out):
        if method == "area":
            lo, hi = i * s, (i + 1) * s
            for j in range(int(np.floor(lo)), int(np.ceil(hi))):
                R[i, j] = (min(hi, j + 1) - max(lo, j)) / s
        elif method == "triangle":
            c = (i + 0.5) * s
            for j in range(max(0, int(np.floor(c - s))), min(n_in, int(np.ceil(c + s)) + 1)):
                R[i, j] = max(0.0, 1.0 - abs((j + 0.5 - c) / s))
            R[i] /= R[i].sum()
        else:
            c = min(max((i + 0.5) * s - 0.5, 0.0), n_in - 1.0)
            j0 = int(np.floor(c))
            f = c - j0
            R[i, j0] += 1 - f
            if f > 0:
                R[i, j0 + 1] += f
    return R


def row_denominators(n_in: int, method: str) -> np.ndarray:
    """Smallest integers ``D_i`` with ``D_i * resize_matrix(n_in, 8, method)[i]`` integral.

    Examples
    --------
    >>> row_denominators(28, "area").tolist(), row_denominators(32, "bilinear").tolist()[:2]
    ([7, 7, 7, 7, 7, 7, 7, 7], [2, 2])
    """
    R = resize_matrix(n_in, 8, method)
    out = []
    for row in R:
        for D in range(1, 100001):
            if np.max(np.abs(row * D - np.rint(row * D))) < 1e-9:
                out.append(D)
                break
        else:                                   # pragma: no cover - the weights above are rational
            raise ValueError(f"no integer denominator <= 100000 for the {method} weights")
    return np.array(out, dtype=np.int64)


def image_denominator(name: str, method: str) -> np.ndarray:
    """Per-pixel integer denominators ``(8, 8)`` of the stored 8x8 images: ``outer(D_rows, D_cols)``.

    MNIST (28 -> 8): area 49, bilinear 16; CIFAR-10 (32 -> 8): area 16, bilinear 4; triangle: varies
    per pixel (border rows have fewer taps).

    Examples
    --------
    >>> int(image_denominator("mnist", "area")[0, 0]), int(image_denominator("cifar10", "bilinear")[3, 3])
    (49, 4)
    """
    _check_choice(name, "name", IMAGE_SETS)
    n_in = 28 if name == "mnist" else 32
    D = row_denominators(n_in, method)
    return np.outer(D, D)


def _stored_dtype(D):
    return np.uint16 if 255 * int(np.max(D)) < 2 ** 16 else np.uint32


def resize_exact(images, method: str, denominator) -> np.ndarray:
    """Resize uint8 images ``(n, h, w[, c])`` to 8x8 and return ``denominator * result`` as integers.

    ``denominator`` is a scalar or an ``(8, 8)`` array (:func:`image_denominator`); the result is
    ``uint16`` when ``255 * max(denominator)`` fits, else ``uint32``.  Raises ``ValueError`` if the
    scaled result is not an integer (the denominator would round).

    Examples
    --------
    >>> img = np.arange(28 * 28, dtype=np.uint8).reshape(1, 28, 28) % 7
    >>> resize_exact(img, "bilinear", 16).shape
    (1, 8, 8)
    """
    images = np.asarray(images)
    R = resize_matrix(images.shape[1], 8, method)
    C = resize_matrix(images.shape[2], 8, method)
    out = np.einsum("ik,nkl...,ml->nim...", R, images.astype(np.float64), C, optimize=True)
    den = np.asarray(denominator, dtype=np.float64)
    if den.ndim == 2 and out.ndim == 4:
        den = den[:, :, None]
    q = out * den
    qi = np.rint(q)
    if qi.min() < 0 or np.any(qi > 255 * den):
        raise ValueError("resized values outside [0, 255]")
    if np.max(np.abs(q - qi)) > 1e-6:
        raise ValueError(f"denominator={denominator} does not make the {method} resize exact "
                         f"(max fractional part {np.max(np.abs(q - qi)):.3g})")
    return qi.astype(_stored_dtype(den))


def read_idx(path) -> np.ndarray:
    """Read a (gzipped) IDX file of unsigned bytes (MNIST images ``0x803`` or labels ``0x801``).

    Examples
    --------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "x.idx")
    >>> _ = open(p, "wb").write(bytes([0, 0, 8, 1, 0, 0, 0, 2, 7, 9]))
    >>> read_idx(p).tolist()
    [7, 9]
    """
    path = Path(path)
    try:
        raw = (gzip.open if path.suffix == ".gz" else open)(path, "rb").read()
    except FileNotFoundError:
        raise DataError(f"missing raw file {path}") from None
    except OSError as exc:
        raise DataError(f"unreadable raw file {path}: {exc}") from None
    if len(raw) < 4 or raw[0] != 0 or raw[1] != 0 or raw[2] != 8:
        raise DataError(f"raw file {path} is not an unsigned-byte IDX file")
    ndim = raw[3]
    dims = [int.from_bytes(raw[4 + 4 * k: 8 + 4 * k], "big") for k in range(ndim)]
    data = np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim)
    if data.size != int(np.prod(dims)):
        raise DataError(f"raw file {path}: header says {dims}, payload has {data.size} bytes")
    return data.reshape(dims)


def raw_mnist(root) -> tuple[np.ndarray, np.ndarray]:
    """MNIST test images ``(10000, 28, 28)`` and labels from ``root/mnist`` (IDX, gzip).

    Examples
    --------
    >>> raw_mnist("/nonexistent")
    Traceback (most recent call last):
    ...
    rfsym.datasets.DataError: missing raw file /nonexistent/mnist/t10k-images-idx3-ubyte.gz
    """
    root = Path(root)
    X = read_idx(root / "mnist" / "t10k-images-idx3-ubyte.gz")
    y = read_idx(root / "mnist" / "t10k-labels-idx1-ubyte.gz")
    if X.shape != (10000, 28, 28) or y.shape != (10000,) or tuple(np.bincount(y)) != MNIST_TEST_CLASS_COUNTS:
        raise DataError(f"raw MNIST under {root / 'mnist'} is not the 10,000-image test set")
    return X, y


def raw_cifar10(root) -> tuple[np.ndarray, np.ndarray]:
    """The first 1,017 CIFAR-10 test images ``(1017, 32, 32, 3)`` and labels from ``root/cifar10``.

    Examples
    --------
    >>> raw_cifar10("/nonexistent")
    Traceback (most recent call last):
    ...
    rfsym.datasets.DataError: missing raw file /nonexistent/cifar10/cifar10_test_first1017.npz
    """
    path = Path(root) / "cifar10" / "cifar10_test_first1017.npz"
    if not path.is_file():
        raise DataError(f"missing raw file {path}")
    with np.load(path, allow_pickle=False) as z:
        X, y = z["images"], z["labels"]
    if X.shape != (1017, 32, 32, 3) or X.dtype != np.uint8 or tuple(np.bincount(y)) != CIFAR10_FIRST1017_CLASS_COUNTS:
        raise DataError(f"raw file {path} is not the first 1,017 CIFAR-10 test images")
    return X, y


def parse_uci(name: str, path, *, check_size: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Parse a raw UCI file into ``(X float64, y uint8)`` with the documented encoding.

    Blank lines are skipped (nursery.data ends with one); every other line must parse, and with
    ``check_size`` the number of objects must be that of :data:`UCI_SHAPES`.

    Examples
    --------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "car.data")
    >>> _ = open(p, "w").write("vhigh,low,5more,more,big,high,vgood\\n")
    >>> X, y = parse_uci("car", p, check_size=False)
    >>> X.tolist(), y.tolist()
    ([[0.0, 3.0, 3.0, 2.0, 2.0, 2.0]], [3])
    """
    _check_choice(name, "name", UCI_SETS)
    path = Path(path)
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        raise DataError(f"missing raw file {path}") from None
    cats = UCI_CATEGORIES.get(name, {})
    classes = UCI_CLASSES[name]
    rows, ys = [], []
    for k, line in enumerate(lines, 1):
        if not line.strip():
            continue
        f = line.split() if name in ("yeast", "wifi") else line.strip().split(",")
        if name == "yeast":
            f = f[1:]                                  # drop the sequence name
        feats, cls = f[:-1], f[-1]
        if len(feats) != UCI_SHAPES[name][1]:
            raise DataError(f"raw file {path}, line {k}: {len(feats)} features, expected {UCI_SHAPES[name][1]}")
        try:
            row = [float(cats[j].index(v) + (1 if name == "chess" else 0)) if j in cats else float(v)
                   for j, v in enumerate(feats)]
            label = classes.index(cls)
        except ValueError:
            raise DataError(f"raw file {path}, line {k}: cannot parse {line!r}") from None
        rows.append(row)
        ys.append(label)
    X = np.array(rows, dtype=np.float64)
    y = np.array(ys, dtype=np.uint8)
    if check_size and X.shape != UCI_SHAPES[name]:
        raise DataError(f"raw file {path}: {X.shape[0]} objects, expected {UCI_SHAPES[name][0]}")
    return X, y


def raw_uci_path(root, name) -> Path:
    """Path of the raw UCI file of ``name`` under ``root/uci``.

    Examples
    --------
    >>> raw_uci_path("/d", "wifi").as_posix()
    '/d/uci/wifi.txt'
    """
    _check_choice(name, "name", UCI_SETS)
    return Path(root) / "uci" / _UCI_FILES[name]

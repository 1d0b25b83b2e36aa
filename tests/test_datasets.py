"""Tests of rfsym.datasets: committed arrays, validation, exact resizing, rebuild from the raw files."""

import importlib.util
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from rfsym import datasets as ds

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"


def _load_build_tool():
    spec = importlib.util.spec_from_file_location("build_datasets", REPO / "tools" / "build_datasets.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", ds.IMAGE_SETS)
@pytest.mark.parametrize("resize", ds.RESIZE_METHODS)
def test_images_shapes_ranges(name, resize):
    X, y = ds.load_images(name, resize=resize)
    n = 10000 if name == "mnist" else 1017
    assert X.shape == (n, 64) and X.dtype == np.float64 and y.shape == (n,)
    assert 0.0 <= X.min() and X.max() <= 1.0
    Xr, _ = ds.load_images(name, resize=resize, scale="raw")
    np.testing.assert_array_equal(Xr / 255.0, X)
    assert ds.load_images(name, resize=resize, flatten=False)[0].shape == (n, 8, 8)


def test_mnist_mean_pixel_preserved_by_area():
    # box averaging preserves the mean exactly: the raw test set has mean pixel 33.79 (README check);
    # the 28 -> 8 area weights cover every input pixel with total weight (8/28)^2
    X, _ = ds.load_images("mnist", resize="area", scale="raw")
    assert abs(X.mean() - 33.79) < 0.005
    Xb, _ = ds.load_images("mnist", resize="bilinear", scale="raw")
    assert abs(Xb.mean() - 33.79) > 0.05          # bilinear samples centres: not mean-preserving


def test_zero_pixels_by_resize_method():
    # pixels that are 0 in every MNIST test image: they make DERF's second-moment matrix singular
    zeros = {m: int((ds.load_images("mnist", resize=m)[0] == 0).all(0).sum()) for m in ds.RESIZE_METHODS}
    assert zeros == {"area": 1, "bilinear": 3, "triangle": 0}


def test_sym_scaling():
    X, _ = ds.load_images("cifar10", scale="sym")
    U, _ = ds.load_images("cifar10", scale="unit")
    np.testing.assert_allclose(X, 2 * U - 1, atol=1e-15)
    assert -1 <= X.min() and X.max() <= 1


def test_cifar_gray_weights_differ_and_labels():
    Xa, y = ds.load_images("cifar10", gray="bt601")
    Xb, _ = ds.load_images("cifar10", gray="mean")
    assert y[:8].tolist() == [3, 8, 8, 0, 6, 6, 1, 6]
    assert not np.allclose(Xa, Xb)
    assert np.max(np.abs(Xa - Xb)) < 0.5


def test_resize_matrices_are_averaging_and_exact():
    for n in (28, 32):
        for m in ds.RESIZE_METHODS:
            R = ds.resize_matrix(n, 8, m)
            np.testing.assert_allclose(R.sum(1), 1.0, rtol=0, atol=1e-15)
            assert (R >= 0).all()
    # area columns: each input pixel contributes total weight 8/n
    np.testing.assert_allclose(ds.resize_matrix(28, 8, "area").sum(0), 8 / 28, atol=1e-15)
    img = np.random.default_rng(0).integers(0, 256, (3, 28, 28), dtype=np.uint8)
    q = ds.resize_exact(img, "area", 49)
    ref = np.array([ds.resize_matrix(28, 8, "area") @ im @ ds.resize_matrix(28, 8, "area").T for im in img.astype(float)])
    np.testing.assert_allclose(q / 49, ref, atol=1e-9)
    with pytest.raises(ValueError, match="denominator=7"):
        ds.resize_exact(img, "area", 7)            # 7 does not clear the 1/49 weights


@pytest.mark.parametrize("name", ds.UCI_SETS)
def test_uci_shapes_and_counts(name):
    X, y = ds.load_uci(name)
    assert X.shape == ds.UCI_SHAPES[name]
    assert tuple(np.bincount(y, minlength=len(ds.UCI_CLASSES[name]))) == ds.UCI_CLASS_COUNTS[name]
    assert np.isfinite(X).all()


def test_uci_encoding_examples():
    X, y = ds.load_uci("car")
    assert X[0].tolist() == [0, 0, 0, 0, 0, 0] and ds.UCI_CLASSES["car"][y[0]] == "unacc"
    X, y = ds.load_uci("chess")
    assert X[0].tolist() == [1, 1, 2, 3, 3, 2] and ds.UCI_CLASSES["chess"][y[0]] == "draw"
    X, y = ds.load_uci("yeast")
    assert X[0].tolist() == [0.58, 0.61, 0.47, 0.13, 0.50, 0.00, 0.48, 0.22] and ds.UCI_CLASSES["yeast"][y[0]] == "MIT"


def test_bad_parameters_named():
    with pytest.raises(ValueError, match="resize must be one of"):
        ds.load_images("mnist", resize="nearest")
    with pytest.raises(ValueError, match="name must be one of"):
        ds.load_uci("iris")
    with pytest.raises(ValueError, match="gray must be one of"):
        ds.load_images("cifar10", gray="luma")


@pytest.fixture
def copied_data(tmp_path, monkeypatch):
    """A private copy of rfsym/data that a test may damage."""
    d = tmp_path / "data"
    shutil.copytree(ds.data_dir(), d)
    monkeypatch.setattr(ds, "data_dir", lambda: d)
    ds._read_npz.cache_clear()
    ds.manifest.cache_clear()
    yield d
    ds._read_npz.cache_clear()
    ds.manifest.cache_clear()


def test_missing_file_named(copied_data):
    (copied_data / "mnist_area.npz").unlink()
    with pytest.raises(ds.DataError, match="missing data file .*mnist_area.npz"):
        ds.load_images("mnist")


def test_corrupt_file_named(copied_data):
    p = copied_data / "uci.npz"
    p.write_bytes(p.read_bytes()[:1000])
    with pytest.raises(ds.DataError, match="corrupt data file .*uci.npz"):
        ds.load_uci("car")


def test_altered_array_fails_checksum(copied_data):
    p = copied_data / "cifar10_area.npz"
    with np.load(p) as z:
        arrs = {k: z[k].copy() for k in z.files}
    arrs["images"][0, 0, 0, 0] += 1
    np.savez_compressed(p, **arrs)
    with pytest.raises(ds.DataError, match="cifar10_area.npz: array 'images' fails its SHA-256"):
        ds.load_images("cifar10")


def test_wrong_class_counts_detected(copied_data):
    # a consistent manifest for a tampered label array: the class-count validation must still catch it
    p = copied_data / "mnist_bilinear.npz"
    with np.load(p) as z:
        arrs = {k: z[k].copy() for k in z.files}
    arrs["labels"][0] = (arrs["labels"][0] + 1) % 10
    np.savez_compressed(p, **arrs)
    man = json.loads((copied_data / "MANIFEST.json").read_text())
    man["arrays"]["mnist_bilinear.npz:labels"] = ds.sha256_array(arrs["labels"])
    (copied_data / "MANIFEST.json").write_text(json.dumps(man))
    with pytest.raises(ds.DataError, match="class counts"):
        ds.load_images("mnist", resize="bilinear")


def test_raw_missing_named(tmp_path):
    with pytest.raises(ds.DataError, match="missing raw file"):
        ds.raw_mnist(tmp_path)
    with pytest.raises(ds.DataError, match="missing raw file .*car.data"):
        ds.parse_uci("car", tmp_path / "car.data")
    (tmp_path / "car.data").write_text("vhigh,vhigh,2,2,small,low,unacc\nvhigh,vhigh,9,2,small,low,unacc\n")
    with pytest.raises(ds.DataError, match="line 2: cannot parse"):
        ds.parse_uci("car", tmp_path / "car.data")


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data not present at {RAW} (the committed arrays are still "
                                             "validated by their SHA-256 manifest)")
def test_committed_arrays_equal_a_rebuild():
    tool = _load_build_tool()
    built = tool.build(RAW)
    for fname, group in built.items():
        with np.load(ds.data_dir() / fname) as z:
            assert sorted(z.files) == sorted(group)
            for k, v in group.items():
                assert z[k].dtype == v.dtype and np.array_equal(z[k], v), f"{fname}:{k} differs from a rebuild"
    man = ds.manifest()
    for p in tool.raw_files(RAW):
        assert man["raw_files"][p.relative_to(RAW).as_posix()] == tool.sha256_file(p), f"raw file {p} changed"

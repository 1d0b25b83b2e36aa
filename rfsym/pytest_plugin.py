"""pytest fixtures for random-feature tests: a seeded generator and a replicate budget.

Registered as the pytest plugin ``rfsym`` (entry point ``pytest11`` in ``pyproject.toml``), so the
fixtures are available in any project that installs rfsym:

* ``rfsym_rng`` -- a :class:`numpy.random.Generator` seeded from the test's node id and the
  ``--rfsym-seed`` option (default 0): deterministic per test, different between tests;
* ``rfsym_budget`` -- the number of replicates a sampled check may draw (``--rfsym-budget``, default
  20000): pass it as ``n=`` to :func:`rfsym.testing.assert_unbiased` and friends;
* ``rfsym_seed`` -- the integer seed behind ``rfsym_rng`` (for the ``seed=`` of the assertions).

Examples
--------
.. code-block:: python

    def test_my_favor(rfsym_seed, rfsym_budget):
        testing.assert_unbiased(my_favor, x, y, mechanism="FAVOR+", n=rfsym_budget, seed=rfsym_seed)
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest


def pytest_addoption(parser):
    group = parser.getgroup("rfsym", "rfsym random-feature tests")
    group.addoption("--rfsym-seed", type=int, default=0, help="base seed of the rfsym_rng fixture (default 0)")
    group.addoption("--rfsym-budget", type=int, default=20_000,
                    help="replicates per sampled rfsym check (rfsym_budget fixture; default 20000)")


def node_seed(nodeid: str, base: int = 0) -> int:
    """The seed of a test: CRC-32 of its node id, plus the base seed.

    Examples
    --------
    >>> node_seed("tests/test_x.py::test_a") == node_seed("tests/test_x.py::test_a")
    True
    """
    return (zlib.crc32(nodeid.encode()) + int(base)) % (2 ** 32)


@pytest.fixture
def rfsym_seed(request) -> int:
    """The integer seed of this test (from its node id and ``--rfsym-seed``)."""
    return node_seed(request.node.nodeid, request.config.getoption("--rfsym-seed", default=0))


@pytest.fixture
def rfsym_rng(rfsym_seed) -> np.random.Generator:
    """A :class:`numpy.random.Generator` seeded per test."""
    return np.random.default_rng(rfsym_seed)


@pytest.fixture
def rfsym_budget(request) -> int:
    """Replicates a sampled check may draw (``--rfsym-budget``)."""
    n = int(request.config.getoption("--rfsym-budget", default=20_000))
    if n < 100:
        raise pytest.UsageError(f"--rfsym-budget must be at least 100, got {n}")
    return n

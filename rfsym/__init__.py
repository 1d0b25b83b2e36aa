"""rfsym: claim-by-claim verification of four random-feature papers.

Symbolic derivations (sympy), verified high-precision values (mpmath), float64 curves (numpy) and
Monte Carlo witnesses (numpy samplers) for the Gaussian and softmax kernels, as used by the papers
Chefs' Random Tables (CRT), Dense-Exponential Random Features (DERF), Hybrid Random Features (HRF)
and Simplex Random Features (SimRF).

Submodules are imported on first use (``rfsym.crt``, ``rfsym.couplings`` ...), so ``import rfsym``
stays fast.
"""

from importlib import import_module as _import_module

__version__ = "0.1.0"

_SUBMODULES = {
    "precision", "kernels", "couplings", "montecarlo", "claims", "foundations",
    "crt", "derf", "hrf", "simrf",
}

__all__ = sorted(_SUBMODULES) + ["__version__"]


def __getattr__(name):
    if name in _SUBMODULES:
        return _import_module(f"rfsym.{name}")
    raise AttributeError(f"module 'rfsym' has no attribute {name!r}")

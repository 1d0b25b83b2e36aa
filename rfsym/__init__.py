"""rfsym: claim-by-claim verification of four random-feature papers.

Symbolic derivations (sympy), verified high-precision values (mpmath), float64 curves (numpy) and
Monte Carlo witnesses (numpy samplers) for the Gaussian and softmax kernels, as used by the papers
Chefs' Random Tables (CRT), Dense-Exponential Random Features (DERF), Hybrid Random Features (HRF)
and Simplex Random Features (SimRF).

Submodules are imported on first use (``rfsym.crt``, ``rfsym.couplings`` ...), so ``import rfsym``
stays fast.
"""

import sys as _sys
from importlib import import_module as _import_module

__version__ = "0.1.0"

_SUBMODULES = {
    "precision", "kernels", "couplings", "montecarlo", "claims", "foundations", "certified", "datasets",
    "crt", "derf", "hrf", "simrf", "estimators", "testing", "atlas", "reference",
}

__all__ = sorted(_SUBMODULES) + ["__version__"]


def __getattr__(name):
    if name in _SUBMODULES:
        return _import_module(f"rfsym.{name}")
    raise AttributeError(f"module 'rfsym' has no attribute {name!r}")


#: Module paths that moved when the package took its layout (one paper, one package); importing an old
#: path raises an ImportError that names the new one.
_MOVED = {
    "rfsym.audit": "rfsym.claims.audit",
    "rfsym._bookpages": "rfsym.claims.pages",
    "rfsym._claimpage": "rfsym.claims.pages",
    "rfsym.registry": "rfsym.<paper>.claims (rfsym.crt.claims, rfsym.derf.claims, rfsym.hrf.claims, rfsym.simrf.claims)",
    "rfsym.crt_experiments": "rfsym.crt.experiments",
    "rfsym.crt_witnesses": "rfsym.crt.witnesses",
    "rfsym.crt_thm91_witness": "rfsym.crt.witnesses",
    "rfsym.derf_experiments": "rfsym.derf.experiments",
    "rfsym.derf_witnesses": "rfsym.derf.witnesses",
    "rfsym.derf_verify": "rfsym.derf (its functions are re-exported there; modules rfsym.derf.search, rfsym.derf.sampling)",
    "rfsym.hrf_experiments": "rfsym.hrf.experiments",
    "rfsym.hrf_witnesses": "rfsym.hrf.witnesses",
    "rfsym.simrf_experiments": "rfsym.simrf.experiments",
    "rfsym.simrf_witnesses": "rfsym.simrf.witnesses",
    "rfsym.simrf_nonisotropic": "rfsym.simrf.nonisotropic",
    "rfsym.realdata_run": "rfsym.realdata (cache, driver) and rfsym.crt.realdata / rfsym.derf.realdata / "
                          "rfsym.simrf.realdata (parts, run functions); `python -m rfsym experiments` runs them",
    "rfsym.realdata_claims": "rfsym.realdata (Z_MAX, about, z_score, classification_summary) and "
                             "rfsym.crt.realdata / rfsym.derf.realdata / rfsym.simrf.realdata (tables, checks, evidence)",
}


class _MovedModuleFinder:
    """Meta-path finder that answers an import of a moved module path with where it went."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        new = _MOVED.get(fullname)
        if new is not None:
            raise ImportError(f"{fullname} has moved: import {new} instead (see CONTRIBUTING.md, 'Where things live')",
                              name=fullname)
        return None


if not any(isinstance(f, _MovedModuleFinder) for f in _sys.meta_path):
    _sys.meta_path.insert(0, _MovedModuleFinder())

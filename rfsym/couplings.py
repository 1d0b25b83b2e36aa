"""Samplers of random projection matrices: iid, orthogonal (Haar), simplex and simplex+.

``sample(coupling, d, m, rng)`` returns an ``(m, d)`` float64 array whose rows :math:`w_i` are each
marginally :math:`\\mathcal{N}(0, I_d)`; the coupling decides how rows *within a block of d rows* are
correlated. For ``m > d`` independent blocks are stacked and the last block is truncated.

* ``"iid"``: independent Gaussian rows.
* ``"orthogonal"``: ORFs. Directions are the rows of a Haar-distributed orthogonal matrix, obtained
  from the QR decomposition of a Gaussian matrix *with the sign correction* :math:`Q\\,
  \\mathrm{diag}(\\mathrm{sign}\\,\\mathrm{diag} R)`; norms are independent :math:`\\chi_d` draws.
  (Plain LAPACK QR is not Haar: :func:`plain_qr_orthogonal` keeps that biased version for
  demonstrations only.)
* ``"simplex"``: SimRFs, :math:`W = D S R` (SimRF Eq. (8)) with the simplex rows :math:`s_i` of SimRF
  Eq. (9), :math:`R` Haar on :math:`O(d)` and :math:`D = \\mathrm{diag}(w_i)`,
  :math:`w_i \\sim \\chi_d` i.i.d. :math:`S R` is formed with the :math:`O(d)` product of SimRF
  Algorithm 1 applied to the columns of :math:`R`.
* ``"simplex+"``: SimRFs+ (SimRF Sec. 3.2). Starting from the simplex geometry with norms
  :math:`w_i`, each vector is repeatedly replaced by
  :math:`w_i \\leftarrow -w_i \\sum_{j\\ne i} w_j / \\|\\sum_{j\\ne i} w_j\\|` (SimRF Eq. (17)),
  sweeping through the block until the directions stop changing, and the block is then rotated by a
  Haar :math:`R`.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.linalg import lapack as _lapack

from .precision import require_int

_geqrf, _orgqr = _lapack.dgeqrf, _lapack.dorgqr

__all__ = [
    "COUPLINGS", "sample", "haar_orthogonal", "chi_norms", "simplex_matrix", "simplex_apply",
    "simplex_plus_directions", "plain_qr_orthogonal",
]

_CHUNK_ELEMENTS = 64 * 64 * 64

#: Couplings accepted by :func:`sample`.
COUPLINGS = ("iid", "orthogonal", "simplex", "simplex+")


def _check_rng(rng):
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got rng={rng!r}")
    return rng


def chi_norms(d: int, size, rng: np.random.Generator) -> np.ndarray:
    """Draw independent :math:`\\chi_d` norms (the lengths of d-dimensional standard Gaussians).

    Parameters
    ----------
    d : int
        Degrees of freedom, ``d >= 1``.
    size : int or tuple
        Output shape.
    rng : numpy.random.Generator

    Returns
    -------
    ndarray

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> r = chi_norms(3, 100_000, rng)
    >>> bool(abs(np.mean(r**2) - 3) < 0.05)
    True
    """
    d = require_int(d, "d", minimum=1)
    return np.sqrt(_check_rng(rng).chisquare(d, size=size))


def haar_orthogonal(d: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """Draw ``n`` independent Haar-distributed orthogonal ``d x d`` matrices, shape ``(n, d, d)``.

    Notes
    -----
    QR of a Gaussian matrix (LAPACK ``dgeqrf``/``dorgqr``), :math:`G = QR`, then :math:`Q \\leftarrow Q\\,\\mathrm{diag}(\\mathrm{sign}
    (R_{ii}))`. Without the sign fix the distribution of :math:`Q` depends on LAPACK's sign convention
    and is not Haar (Mezzadri, 2007).

    Examples
    --------
    >>> Q = haar_orthogonal(4, 2, np.random.default_rng(1))
    >>> bool(np.allclose(Q[0] @ Q[0].T, np.eye(4)))
    True
    """
    d = require_int(d, "d", minimum=1)
    n = require_int(n, "n", minimum=0)
    _check_rng(rng)
    out = np.empty((n, d, d))
    _haar_into(out, rng.standard_normal((n, d, d)))
    return out


#: Below this dimension :func:`_haar_into` factorises whole batches with NumPy's stacked QR (per-block LAPACK
#: calls cost ~9 us of overhead each, 5-15x the work at d <= 8); from it on, one LAPACK call per block
#: (~3x faster than the stacked QR at d = 64). Both run dgeqrf/dorgqr on the same matrices: bit-identical Q.
_BATCHED_QR_BELOW = 20


def _haar_into(out: np.ndarray, g: np.ndarray, row_scale: np.ndarray | None = None) -> None:
    """Write sign-corrected Q factors of the Gaussian blocks ``g`` into ``out`` (rows scaled)."""
    if g.shape[1] < _BATCHED_QR_BELOW:
        step = max(1, 2 ** 22 // max(1, g.shape[1] * g.shape[2]))            # bounded memory per batch
        for a in range(0, g.shape[0], step):
            q, r = np.linalg.qr(np.swapaxes(g[a:a + step], 1, 2))
            signs = np.sign(np.diagonal(r, axis1=1, axis2=2))
            signs[signs == 0] = 1.0
            scale = signs[:, None, :] if row_scale is None else row_scale[a:a + step, :, None] * signs[:, None, :]
            np.multiply(q, scale, out=out[a:a + step])
        return
    # LAPACK geqrf/orgqr per block; g[i].T is Fortran-contiguous, so no copy is made before the factorisation
    for i in range(g.shape[0]):
        h, tau, _, info = _geqrf(g[i].T)
        if info != 0:  # pragma: no cover - LAPACK argument error
            raise RuntimeError(f"LAPACK dgeqrf failed with info={info}")
        signs = np.sign(np.diagonal(h))
        signs[signs == 0] = 1.0
        q, _, info = _orgqr(h, tau, overwrite_a=1)
        if info != 0:  # pragma: no cover
            raise RuntimeError(f"LAPACK dorgqr failed with info={info}")
        scale = signs[None, :] if row_scale is None else row_scale[i][:, None] * signs[None, :]
        np.multiply(q, scale, out=out[i])


def plain_qr_orthogonal(d: int, m: int, rng: np.random.Generator) -> np.ndarray:
    """Orthogonal rows from plain ``numpy.linalg.qr`` *without* the sign fix (NOT Haar).

    Kept only to demonstrate the bias it causes in one-sided estimators (foundations notebook);
    use :func:`sample` with ``"orthogonal"`` for real work.

    Examples
    --------
    >>> w = plain_qr_orthogonal(3, 3, np.random.default_rng(0))
    >>> w.shape
    (3, 3)
    """
    d = require_int(d, "d", minimum=1)
    m = require_int(m, "m", minimum=1)
    nb = -(-m // d)
    q, _ = np.linalg.qr(_check_rng(rng).standard_normal((nb, d, d)))
    rows = q * chi_norms(d, (nb, d, 1), rng)
    return rows.reshape(nb * d, d)[:m]


def simplex_matrix(d: int) -> np.ndarray:
    """The simplex projection matrix :math:`S` of SimRF Eq. (9) as a dense ``(d, d)`` array.

    Notes
    -----
    .. math::
        s_i = \\sqrt{\\tfrac{d}{d-1}}\\, e_i - \\frac{\\sqrt d + 1}{(d-1)^{3/2}}(1,\\dots,1,0)^\\top
        \\quad (i<d), \\qquad s_d = \\frac{1}{\\sqrt{d-1}}(1,\\dots,1,0)^\\top.

    Rows are unit vectors with pairwise inner products :math:`-1/(d-1)`.

    Examples
    --------
    >>> S = simplex_matrix(3)
    >>> np.round(S @ S.T, 12).tolist()
    [[1.0, -0.5, -0.5], [-0.5, 1.0, -0.5], [-0.5, -0.5, 1.0]]
    """
    d = require_int(d, "d", minimum=2)
    ones = np.ones(d)
    ones[-1] = 0.0
    s = math.sqrt(d / (d - 1)) * np.eye(d) - (math.sqrt(d) + 1) / (d - 1) ** 1.5 * ones[None, :]
    s[-1] = ones / math.sqrt(d - 1)
    return s


def simplex_apply(x) -> np.ndarray:
    """Compute :math:`S x` in :math:`O(d)` (SimRF Algorithm 1), applied to vectors or to the columns of a matrix.

    ``x`` has shape ``(d,)`` or ``(..., d, k)``: the product is taken along axis ``-2`` for arrays of
    two or more dimensions (columns are vectors), so ``simplex_apply(R)`` is :math:`S R`.

    Notes
    -----
    .. math::
        y_d = \\frac{1}{\\sqrt{d-1}}\\sum_{i=1}^{d-1} x_i, \\qquad
        y_i = \\sqrt{\\tfrac{d}{d-1}}\\,x_i - \\frac{\\sqrt d+1}{d-1}\\,y_d \\quad (i<d).

    Examples
    --------
    >>> x = np.array([1.0, 2.0, 3.0, 4.0])
    >>> bool(np.allclose(simplex_apply(x), simplex_matrix(4) @ x))
    True
    """
    y = np.array(x, dtype=float)  # a copy: the product is formed in place
    vec = y.ndim == 1
    if vec:
        y = y[:, None]
    d = y.shape[-2]
    if d < 2:
        raise ValueError(f"the simplex needs d >= 2, got d={d}")
    shape = y.shape
    blocks = y.reshape((-1,) + shape[-2:])
    _simplex_rows_inplace(blocks)
    y = blocks.reshape(shape)
    return y[:, 0] if vec else y


def _simplex_rows_inplace(r: np.ndarray) -> None:
    """Overwrite each block ``r[b]`` (shape ``(n, d, k)``) by ``S r[b]``: SimRF Algorithm 1 on its
    columns, without temporaries of the block's size. The one implementation of Algorithm 1."""
    d = r.shape[-2]
    total = r[:, :-1, :].sum(axis=1)  # sum of the first d-1 rows, shape (n, d)
    r[:, :-1, :] *= math.sqrt(d / (d - 1))
    total *= (math.sqrt(d) + 1) / (d - 1) ** 1.5
    r[:, :-1, :] -= total[:, None, :]
    r[:, -1, :] = total * ((d - 1) / (math.sqrt(d) + 1))


def simplex_plus_directions(norms: np.ndarray, *, max_passes: int = 50, tol: float = 1e-12):
    """Arrange vectors of given norms by the SimRF+ update (SimRF Eq. (17)).

    Parameters
    ----------
    norms : ndarray, shape ``(n, d)``
        Norms :math:`w_i` of each block (one block per row).
    max_passes : int
        Maximum number of sweeps through the ``d`` vectors.
    tol : float
        Stop when no vector moves by more than ``tol`` (relative) in a sweep.

    Returns
    -------
    V : ndarray, shape ``(n, d, d)``
        Vectors (rows) with ``|V[b, i]| = norms[b, i]``, unrotated.
    passes : int
        Number of sweeps performed.

    Notes
    -----
    Initialised in the simplex geometry :math:`w_i s_i`; each update sets
    :math:`w_i \\leftarrow -w_i \\frac{\\sum_{j\\neq i} w_j}{\\|\\sum_{j\\neq i} w_j\\|_2}`.

    Examples
    --------
    >>> V, p = simplex_plus_directions(np.array([[1.0, 1.0, 1.0]]))
    >>> bool(np.allclose(V[0] @ V[0].T, [[1, -.5, -.5], [-.5, 1, -.5], [-.5, -.5, 1]]))
    True
    """
    norms = np.asarray(norms, dtype=float)
    if norms.ndim != 2 or norms.shape[1] < 2:
        raise ValueError(f"norms must have shape (n, d) with d >= 2, got shape {norms.shape}")
    if not np.all(np.isfinite(norms)) or np.any(norms <= 0):
        raise ValueError("norms must be finite and positive")
    d = norms.shape[1]
    v = simplex_matrix(d)[None, :, :] * norms[:, :, None]
    total = v.sum(axis=1)
    passes = 0
    for passes in range(1, max_passes + 1):
        moved = 0.0
        for i in range(d):
            rest = total - v[:, i, :]
            rn = np.linalg.norm(rest, axis=1)
            new = -rest / np.where(rn > 0, rn, 1.0)[:, None] * norms[:, i, None]
            moved = max(moved, float(np.max(np.linalg.norm(new - v[:, i, :], axis=1) / norms[:, i])))
            total = rest + new
            v[:, i, :] = new
        if moved <= tol:
            break
    return v, passes


def sample(coupling: str, d: int, m: int, rng: np.random.Generator, *, max_passes: int = 50) -> np.ndarray:
    """Draw ``m`` random projection rows in dimension ``d`` with the given coupling.

    Parameters
    ----------
    coupling : {"iid", "orthogonal", "simplex", "simplex+"}
        Geometric coupling within each block of ``d`` rows (see the module docstring).
    d : int
        Dimension (``d >= 1``; ``d >= 2`` for the simplex couplings).
    m : int
        Number of rows, ``m >= 1``. For ``m > d`` independent blocks are stacked.
    rng : numpy.random.Generator
        Source of randomness (explicit, for reproducibility).
    max_passes : int
        Sweeps of the SimRF+ update (``"simplex+"`` only).

    Returns
    -------
    ndarray, shape ``(m, d)``

    Raises
    ------
    ValueError
        Unknown coupling, ``d`` or ``m`` out of range.
    TypeError
        Non-integer ``d``/``m`` or ``rng`` not a Generator.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> sample("simplex", 3, 7, rng).shape
    (7, 3)
    >>> W = sample("orthogonal", 4, 4, rng)
    >>> G = W @ W.T
    >>> bool(np.allclose(G - np.diag(np.diag(G)), 0))
    True
    """
    if coupling not in COUPLINGS:
        raise ValueError(f"coupling must be one of {COUPLINGS}, got coupling={coupling!r}")
    d = require_int(d, "d", minimum=2 if coupling.startswith("simplex") else 1)
    m = require_int(m, "m", minimum=1)
    _check_rng(rng)
    if coupling == "iid":
        return rng.standard_normal((m, d))
    nb = -(-m // d)
    out = np.empty((nb, d, d))
    chunk = max(1, _CHUNK_ELEMENTS // (d * d))
    for start in range(0, nb, chunk):
        k = min(chunk, nb - start)
        g = rng.standard_normal((k, d, d))
        norms = chi_norms(d, (k, d), rng)
        blk = out[start:start + k]
        if coupling == "orthogonal":
            _haar_into(blk, g, norms)
        elif coupling == "simplex":
            _haar_into(blk, g)
            _simplex_rows_inplace(blk)
            blk *= norms[:, :, None]
        else:
            _haar_into(blk, g)
            v, _ = simplex_plus_directions(norms, max_passes=max_passes)
            blk[:] = v @ blk
    return out.reshape(nb * d, d)[:m]

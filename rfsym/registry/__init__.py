"""Claim lists, one module per notebook (``foundations``, ``crt``, ``derf``, ``hrf``, ``simrf``).

Each module defines ``CLAIMS``, a list of :class:`rfsym.claims.Claim`. Importing a module must be
cheap: checks are functions, run only by :func:`rfsym.claims.run`.
"""

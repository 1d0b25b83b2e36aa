"""Sphinx extension: regenerate book/claims.md and book/errata.md from the rfsym registry."""

from pathlib import Path


def _generate(app, config):
    from rfsym.claims.pages import write_pages

    write_pages(Path(app.srcdir) / "book")


def setup(app):
    # before sphinx-external-toc reads the table of contents (priority 900)
    app.connect("config-inited", _generate, priority=100)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""Sphinx extension: generate the book's registry pages and API pages before the build reads them.

* ``book/claims.md``, ``book/errata.md``, ``book/audit.md``, ``book/headlines.md``, ``book/rulebook.md`` and
  ``book/glance.md`` (the landing page's results, included by ``book/intro.md``) from the claims registry
  (:func:`rfsym.claims.pages.write_pages`);
* ``book/api/*.md``: one API page per part of the package, following its layout (the toolbox, the
  claim machinery, one page per paper with a section per topic module, the cross-paper tools), so that
  a new topic module appears without editing the book and no page is one endless scroll.
"""

import importlib
import os
import pkgutil
import re
from pathlib import Path

#: page -> (title, intro, modules or a paper package to expand)
API_PAGES = {
    "index": ("API reference", None, ()),
    "toolbox": ("The toolbox", "Exact inputs, precision control, kernels, samplers and Monte Carlo statistics: what every "
                "paper package uses.",
                ("rfsym.precision", "rfsym.kernels", "rfsym.couplings", "rfsym.montecarlo", "rfsym.foundations",
                 "rfsym.datasets", "rfsym.realdata")),
    "claims": ("The claim machinery", "The claim model, the runner behind `python -m rfsym verify`, the evidence lint, the "
               "generated pages and the mutation audit.",
               ("rfsym.claims", "rfsym.claims.model", "rfsym.claims.rules", "rfsym.claims.runner", "rfsym.claims.tables",
                "rfsym.claims.lint", "rfsym.claims.rulelint", "rfsym.claims.inventory", "rfsym.claims.pages",
                "rfsym.claims.rulepage", "rfsym.claims.headlines", "rfsym.claims.audit", "rfsym.claims.tailaudit")),
    "crt": ("CRT: Chefs' Random Tables", None, "rfsym.crt"),
    "derf": ("DERF: Dense-Exponential Random Features", None, "rfsym.derf"),
    "hrf": ("HRF: Hybrid Random Features", None, "rfsym.hrf"),
    "simrf": ("SimRF: Simplex Random Features", None, "rfsym.simrf"),
    "estimators": ("Estimators and certified values",
                   "One estimator interface over every mechanism, and certified reference values.",
                   ("rfsym.estimators", "rfsym.certified")),
    "testing": ("Testing your own random features",
                "Assertions for your own feature maps, with proven false-alarm rates, and the bounds behind them.",
                ("rfsym.testing", "rfsym.pytest_plugin", "rfsym.tailbounds")),
    "tools": ("Cross-paper tools",
              "The reference table, the estimator atlas and the checks of installed packages.",
              ("rfsym.reference", "rfsym.atlas", "rfsym.wild")),
}


def _exists(name):
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _paper_modules(pkg_name):
    """The paper package, then its public topic modules, experiments, real data and witnesses (not its claims)."""
    pkg = importlib.import_module(pkg_name)
    if not hasattr(pkg, "__path__"):
        return [pkg_name]
    subs = [m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_") and m.name != "claims"]
    order = {"experiments": 1, "realdata": 2, "witnesses": 3, "nonisotropic": 4}
    return [pkg_name] + [f"{pkg_name}.{s}" for s in sorted(subs, key=lambda s: (order.get(s, 0), s))]


_MATH_ROLE = re.compile(r":math:`([^`]*)`")
_ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const|ref|doc):`~?([^`<]*?)(?:\s*<[^`]*>)?`")


def plain_heading(text):
    """A docstring's first line as a Markdown heading: Sphinx roles (``:func:`x```, ``:class:`~a.B```) become
    code spans (a heading and the side menu show them verbatim otherwise), ``*`` and ``$`` stay literal.

    >>> plain_heading("Exact values (:func:`rfsym.crt.oprf_rho_star`, :class:`~rfsym.x.Y`)")
    'Exact values (`rfsym.crt.oprf_rho_star`, `rfsym.x.Y`)'
    >>> plain_heading("The variance :math:`L^{-2}` of (8)")
    'The variance $L^{-2}$ of (8)'
    """
    text = _MATH_ROLE.sub(lambda m: f"${m.group(1)}$", text)
    return _ROLE.sub(lambda m: f"`{m.group(1).strip()}`", text)


def _module_section(name, first):
    mod = importlib.import_module(name)
    doc = (mod.__doc__ or "").strip().splitlines()
    head = f"`{name}`" + (f": {plain_heading(doc[0].rstrip('.'))}" if doc and doc[0] else "")
    opts = "   :no-members:\n" if first else "   :members:\n"
    return [f"## {head}", "", "```{eval-rst}", f".. automodule:: {name}", opts.rstrip("\n"), "```", ""]


def api_pages():
    """``{page: Markdown}`` of the API pages."""
    out = {}
    for page, (title, intro, mods) in API_PAGES.items():
        if page == "index":
            continue
        lines = [f"# {title}", ""]
        if intro:
            lines += [intro, ""]
        if isinstance(mods, str):          # a paper package: its docstring, then one section per module
            names = _paper_modules(mods)
            lines += ["```{eval-rst}", f".. automodule:: {mods}", "   :no-members:", "```", ""]
            for name in names[1:]:
                lines += _module_section(name, first=False)
        else:
            for name in mods:
                if not _exists(name):
                    continue
                # a package whose modules are not listed (rfsym.estimators, rfsym.certified): its
                # docstring, then one section per module, as for a paper package
                subs = [] if any(m.startswith(name + ".") for m in mods) else _paper_modules(name)[1:]
                lines += _module_section(name, first=name == "rfsym.claims" or bool(subs))
                for sub in subs:
                    lines += _module_section(sub, first=False)
        out[page] = "\n".join(lines)
    index = ["# API reference", "",
             "Generated from the docstrings. High-precision functions take exact inputs (decimal strings, "
             "Fractions, sympy Rationals) and a `dps` keyword and return mpmath numbers verified to `dps` "
             "significant digits; float64 paths are vectorised with numpy. The layout of the package is "
             "described in `CONTRIBUTING.md`.", ""]
    for page, (title, intro, _) in API_PAGES.items():
        if page != "index":
            index.append(f"- [{title}]({page}.md)" + (f": {intro}" if intro else ""))
    out["index"] = "\n".join(index) + "\n"
    return out


def _generate(app, config):
    from rfsym.claims.pages import write_pages

    book = Path(app.srcdir) / "book"
    if os.environ.get("RFSYM_PAGES_PREBUILT") != "1":      # tools/build_book.py wrote them while notebooks ran
        write_pages(book)
    api = book / "api"
    api.mkdir(exist_ok=True)
    for page, text in api_pages().items():
        path = api / f"{page}.md"
        if not path.exists() or path.read_text() != text:
            path.write_text(text)


_UNDERLINE = re.compile(r"^([-=~^\"'`#*+])\1{2,}\s*$")


def module_sections_to_rubrics(app, what, name, obj, options, lines):
    """A section title left in a module docstring after napoleon (``Conventions`` over a dashed line)
    becomes a rubric: a section there would register a label global to the book, and two modules with the
    same title on two API pages collide ("duplicate label"); a rubric reads the same and registers none."""
    if what != "module":
        return
    for i in range(len(lines) - 1):
        title, under = lines[i].strip(), lines[i + 1].strip()
        if title and not title.startswith(".. ") and _UNDERLINE.match(under) and len(under) >= len(title):
            lines[i] = lines[i][:len(lines[i]) - len(lines[i].lstrip())] + ".. rubric:: " + title
            lines[i + 1] = ""


#: Extensions Jupyter Book loads that do not declare whether Sphinx may read sources in parallel (Sphinx then reads
#: the whole book serially, about 15 s of the build). Each was read for what it does while sources are read:
#: nothing (they act only in the main process, after the read or for another builder), so they are marked safe
#: for the HTML build (``tools/build_book.py`` builds with two processes; the HTML is byte-identical to a serial
#: build's, a test checks the marks and the build compares):
#:
#: * ``sphinx_multitoc_numbering``: replaces the section numbering of the toctree collector at ``builder-inited``;
#:   Sphinx calls it in the main process after the parallel read has merged the environments;
#: * ``sphinx-mathjax-offline``: copies MathJax into the output at ``build-finished``;
#: * ``sphinx_jupyterbook_latex``: its ``builder-inited`` handler returns at once for HTML; its two read-time
#:   transforms only set attributes on, and insert nodes into, the document being read (the per-document state a
#:   parallel read keeps); its post-transforms act on the LaTeX builder only.
#:
#: ``tests/test_book_extension.py`` fails if a new version of one of them connects to another event or still
#: declares nothing while adding read-time work of another kind.
PARALLEL_READ_SAFE_FOR_HTML = ("sphinx_multitoc_numbering", "sphinx-mathjax-offline", "sphinx_jupyterbook_latex")


def mark_parallel_read_safe(app):
    """Mark the extensions of :data:`PARALLEL_READ_SAFE_FOR_HTML` safe for a parallel read, for the HTML builder
    only and only where they declared nothing (a version that declares keeps its own answer)."""
    if app.builder.format != "html":
        return
    for name in PARALLEL_READ_SAFE_FOR_HTML:
        ext = app.extensions.get(name)
        if ext is not None and ext.parallel_read_safe is None:
            ext.parallel_read_safe = True


def shallow_sidebar(app, config):
    """Resolve the sidebar's table of contents two levels deep (the theme's default is 4).

    The book nests documents two deep (a part's chapters and their section pages); the levels below are the
    headings inside pages, which the theme resolves on every page and then deletes from the sidebar (it
    drops every link with a ``#``). Resolving them cost about 2 s of the build; the HTML is byte-identical.
    """
    opts = dict(config.html_theme_options or {})
    opts.setdefault("max_navbar_depth", 2)
    config.html_theme_options = opts


def setup(app):
    app.connect("builder-inited", mark_parallel_read_safe)
    app.connect("config-inited", shallow_sidebar)
    # after napoleon (priority 500), which turns the numpydoc sections it knows into rubrics itself
    app.connect("autodoc-process-docstring", module_sections_to_rubrics, priority=600)
    # before sphinx-external-toc reads the table of contents (priority 900)
    app.connect("config-inited", _generate, priority=100)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""Check every page of the built book in headless Chromium, offline, as a reader would see it.

For every HTML page under the build (the notebook pages, the generated claims, errata and audit pages,
the API page, the introduction): load a copy of it from ``file://`` with all host resolution blocked
and a desktop window (1400 x 1000), wait for MathJax, then measure in the page itself and fail on

1. a MathJax error (``mjx-merror``) or, on a page with math, no typeset math at all;
2. literal TeX left in the prose, outside formulas and code: ``\\vert``, ``\\Vert``, ``\\|``, ``\\frac``,
   ``\\mathrm``, a ``$`` that opens an untypeset formula, and the text "vertxvert" that a doubled
   backslash leaves;
3. a table or a display formula wider than the content column (a table that would scroll sideways);
4. an image that does not load;
5. a curly quote inside code (pasting it gives a SyntaxError);
6. a script or stylesheet loaded from the network.

Needs Debian's ``chromium`` (``apt-get install chromium``); exits 2 if it is missing.

Usage: ``python tools/check_book_offline.py [_build/html] [--page GLOB]``
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--allow-file-access-from-files",
         "--window-size=1400,1000", "--virtual-time-budget=30000", "--dump-dom"]

#: Measured in the page after MathJax has typeset it; the result is written into a <pre id="rfsym-check">.
_PROBE = r"""
<script>
(function () {
  function contentWidth() {
    const el = document.querySelector("article.bd-article") || document.querySelector("main") || document.body;
    const cs = getComputedStyle(el);
    return el.clientWidth - parseFloat(cs.paddingLeft || 0) - parseFloat(cs.paddingRight || 0);
  }
  function label(el) {
    let sec = el.closest("section");
    const h = sec ? sec.querySelector("h1, h2, h3, h4") : null;
    return (h ? h.textContent.replace(/[#¶]/g, "").trim().slice(0, 60) : "page") + ": "
      + (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 60);
  }
  function scrolls(el) {   // inside a box of the column that scrolls on its own (a table cell, an erratum line)
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if ((o === "auto" || o === "scroll") && p.getBoundingClientRect().width <= contentWidth() + 2) return true;
    }
    return false;
  }
  function prose() {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode(n) {
        const p = n.parentElement;
        if (!p || p.closest("script, style, pre, code, mjx-container, .MathJax, #rfsym-check, .highlight, textarea"))
          return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      }});
    let n;
    while ((n = walker.nextNode())) out.push(n);
    return out;
  }
  async function check() {
    try { if (window.MathJax && MathJax.startup && MathJax.startup.promise) await MathJax.startup.promise; } catch (e) {}
    await new Promise(r => setTimeout(r, 1500));
    const width = contentWidth();
    const res = {width: width, problems: [], math: document.querySelectorAll("mjx-container").length,
                 images: document.images.length, tables: document.querySelectorAll("table").length};
    document.querySelectorAll("mjx-merror, [data-mjx-error]").forEach(e =>
      res.problems.push("MathJax error: " + (e.getAttribute("data-mjx-error") || label(e))));
    const tex = /\\(vert|Vert|\||frac|mathrm|mathbb|sqrt|top|left|right)\b|vertxvert|\$[^$\s][^$]*\$/;
    prose().forEach(n => { const m = n.textContent.match(tex);
      if (m) res.problems.push("literal TeX in the text (" + m[0].slice(0, 30) + "): " + label(n.parentElement)); });
    document.querySelectorAll("article table").forEach(t => {
      const w = t.getBoundingClientRect().width;
      if (w > width + 2) res.problems.push(`table ${Math.round(w)} px wide in a ${Math.round(width)} px column: ` + label(t));
    });
    const art = (document.querySelector("article.bd-article") || document.body).getBoundingClientRect();
    const right = art.left + (art.width + width) / 2 + 2;
    document.querySelectorAll("article mjx-container:not([display='true'])").forEach(m => {
      const r = m.getBoundingClientRect();
      if (r.width > 0 && r.right > right && !scrolls(m))
        res.problems.push(`inline formula ends ${Math.round(r.right - right)} px right of the column: ` + label(m));
    });
    document.querySelectorAll("article mjx-container[display='true']").forEach(m => {
      const w = m.getBoundingClientRect().width;
      const inner = m.firstElementChild ? m.firstElementChild.getBoundingClientRect().width : w;
      if ((w > width + 2 || inner > width + 2) && !scrolls(m))
        res.problems.push(`formula ${Math.round(Math.max(w, inner))} px wide in a ${Math.round(width)} px column: ` + label(m));
    });
    document.querySelectorAll("article pre, article .highlight").forEach(p => {
      if (p.scrollWidth > Math.max(p.clientWidth, width) + 2 && !p.closest(".output, .cell_output"))
        res.problems.push(`code block ${p.scrollWidth} px wide (scrolls): ` + label(p));
    });
    for (const img of document.images) {
      if (!img.complete || img.naturalWidth === 0) res.problems.push("image does not load: " + img.getAttribute("src"));
    }
    document.querySelectorAll("code, pre").forEach(c => {
      if (/[\u201c\u201d\u2018\u2019]/.test(c.textContent) && !c.closest(".cell_output, .output"))
        res.problems.push("curly quote in code: " + c.textContent.trim().slice(0, 60));
    });
    const pre = document.createElement("pre");
    pre.id = "rfsym-check";
    pre.textContent = JSON.stringify(res);
    document.body.appendChild(pre);
  }
  window.addEventListener("load", () => { check(); });
})();
</script>
"""


def check_page(chromium: str, page: Path) -> tuple:
    """``(problems, stats)`` of one built page (see the module docstring)."""
    html = page.read_text(encoding="utf-8")
    problems = [f"network resource: {src}"
                for src in re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?://[^"]+)"', html)]
    probe = page.with_name(page.stem + ".rfsym-check.html")
    probe.write_text(html.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    try:
        with tempfile.TemporaryDirectory() as profile:
            out = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", probe.as_uri()],
                                 capture_output=True, text=True, timeout=240)
    finally:
        probe.unlink(missing_ok=True)
    m = re.search(r'<pre id="rfsym-check">(.*?)</pre>', out.stdout, re.S)
    if not m:
        return problems + ["the page did not finish loading (no probe result)"], {}
    import html as _html

    res = json.loads(_html.unescape(m.group(1)))
    problems += res.pop("problems")
    has_tex = "math notranslate" in html or "\\(" in html
    if has_tex and res["math"] == 0:
        problems.append("no typeset math (mjx-container) found")
    return problems, res


def pages_of(root: Path) -> list:
    """Every content page of the build (not the search page, the index redirect or the genindex)."""
    skip = {"search.html", "genindex.html", "py-modindex.html"}
    return sorted(p for p in root.rglob("*.html")
                  if p.name not in skip and not p.name.endswith(".rfsym-check.html")
                  and not any(part.startswith(("_", ".")) for part in p.relative_to(root).parts)
                  and not (p.parent == root and p.name == "index.html"))


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = None
    if "--page" in argv:
        i = argv.index("--page")
        only = argv[i + 1]
        del argv[i:i + 2]
    root = Path(argv[0] if argv else "_build/html").resolve()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    pages = [p for p in pages_of(root) if only is None or p.match(only)]
    if not pages:
        print(f"no pages under {root}", file=sys.stderr)
        return 1
    with ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(lambda p: check_page(chromium, p), pages))
    bad = 0
    for page, (problems, st) in zip(pages, results):
        status = "ok" if not problems else "FAIL"
        print(f"{status:4s} {page.relative_to(root)}: {st.get('math', 0)} formulas, {st.get('images', 0)} images, "
              f"{st.get('tables', 0)} tables, content column {round(st.get('width', 0))} px")
        for p in problems[:25]:
            print(f"     - {p}")
        if len(problems) > 25:
            print(f"     - ... and {len(problems) - 25} more")
        bad += bool(problems)
    print(f"{len(pages) - bad}/{len(pages)} pages pass")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Check every page of the built book in headless Chromium, offline, at the widths people read.

For every HTML page under the build (the notebook pages, the generated claims, errata, rules and audit
pages, the API pages, the introduction): load a copy of it from ``file://`` with all host resolution
blocked, once in a desktop window (1280 x 2000) and once at a phone's width (390 px), wait for MathJax,
then measure in the page itself and fail on

1. a MathJax error (``mjx-merror``) or, on a page with math, no typeset math at all;
2. literal TeX left in the text, outside formulas and code (``\\vert``, ``\\frac``, a ``$`` that opens an
   untypeset formula, ...) and literal Sphinx or MyST role markup (``:func:`x```, ``{ref}`x```), anywhere
   on the page, the side menus included;
3. any element whose content is clipped or scrolls sideways (tables, code, formulas, values; an element
   with ``overflow: hidden|auto|scroll`` whose content is wider than its box), any element that sticks out
   of the content column, and a page that scrolls sideways;
4. a word broken in the middle (not after ``.``, ``_``, ``/``, ``-``, ``,``, ``(``) in a table cell;
5. a page longer than ``--max-screens`` screens (default 25) at 1280 x 2000;
6. an image that does not load; a curly quote inside code (pasting it gives a SyntaxError); a script or
   stylesheet loaded from the network.

Needs Debian's ``chromium`` (``apt-get install chromium``); exits 2 if it is missing.

Usage: ``python tools/check_book_offline.py [_build/html] [--page GLOB] [--max-screens N] [--width W ...]``
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
         "--host-resolver-rules=MAP * ~NOTFOUND", "--allow-file-access-from-files", "--hide-scrollbars",
         "--virtual-time-budget=30000", "--dump-dom"]
#: (width, height) of the windows every page is checked in: a desktop and a phone.
WINDOWS = ((1280, 2000), (390, 844))
MAX_SCREENS = 25

#: Measured in the page after MathJax has typeset it; the result is written into a <pre id="rfsym-check">.
_PROBE = r"""
<script>
(function () {
  function column() {
    return document.querySelector("article.bd-article") || document.querySelector("main") || document.body;
  }
  function contentBox() {
    const el = column(), cs = getComputedStyle(el), r = el.getBoundingClientRect();
    return {left: r.left + parseFloat(cs.paddingLeft || 0), right: r.right - parseFloat(cs.paddingRight || 0)};
  }
  function label(el) {
    let sec = el.closest("section");
    const h = sec ? sec.querySelector("h1, h2, h3, h4") : null;
    return (h ? h.textContent.replace(/[#¶]/g, "").trim().slice(0, 50) : "page") + ": <" + el.tagName.toLowerCase()
      + (el.className && typeof el.className === "string" ? "." + el.className.split(/\s+/)[0] : "") + "> "
      + (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 60);
  }
  function visible(el) {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  }
  function textNodes(root, skip) {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode(n) {
        const p = n.parentElement;
        if (!p || p.closest(skip)) return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      }});
    let n;
    while ((n = walker.nextNode())) out.push(n);
    return out;
  }
  function brokenWords(cell, out) {      // words of a table cell laid out on two lines, split mid-word
    textNodes(cell, "script, style, mjx-container, .MathJax").forEach(n => {
      const re = /\S{3,}/g; let m;
      while ((m = re.exec(n.textContent))) {
        const range = document.createRange();
        range.setStart(n, m.index); range.setEnd(n, m.index + m[0].length);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
        if (rects.length < 2 || Math.abs(rects[rects.length - 1].top - rects[0].top) < 2) continue;
        const top0 = rects[0].top;
        for (let i = 1; i < m[0].length; i++) {       // where the line breaks inside the word
          const r2 = document.createRange();
          r2.setStart(n, m.index + i); r2.setEnd(n, m.index + i + 1);
          const rr = r2.getClientRects()[0];
          if (rr && Math.abs(rr.top - top0) >= 2) {
            if (!/[._\/\-,(=:;\u2013\u2014\]\)+*]/.test(m[0][i - 1]) && !/[\/(\[]/.test(m[0][i]))
              out.push(`word broken mid-word in a table ("${m[0].slice(0, i)}|${m[0].slice(i, i + 20)}"): ` + label(cell));
            break;
          }
        }
        if (out.length > 40) return;
      }
    });
  }
  async function check() {
    try { if (window.MathJax && MathJax.startup && MathJax.startup.promise) await MathJax.startup.promise; } catch (e) {}
    await new Promise(r => setTimeout(r, 1500));
    const box = contentBox(), vw = document.documentElement.clientWidth;
    const res = {width: box.right - box.left, problems: [], math: document.querySelectorAll("mjx-container").length,
                 images: document.images.length, tables: document.querySelectorAll("table").length,
                 height: document.documentElement.scrollHeight, viewport: [window.innerWidth, window.innerHeight]};
    document.querySelectorAll("mjx-merror, [data-mjx-error]").forEach(e =>
      res.problems.push("MathJax error: " + (e.getAttribute("data-mjx-error") || label(e))));
    const tex = /\\(vert|Vert|\||frac|mathrm|mathbb|sqrt|top|left|right|hat|tilde|le|ge)\b|vertxvert|\$[^$\s][^$]*\$/;
    // a role whose argument became a code span leaves ":func:" at the end of a text node
    const role = /:(py:)?(func|class|mod|meth|attr|data|exc|obj|ref|doc|math|numref|eq|term):(`|\s*$)|\{(ref|doc|eq|numref|math|term)\}(`|\s*$)/;
    textNodes(document.body, "script, style, pre, code, mjx-container, .MathJax, #rfsym-check, .highlight, textarea").forEach(n => {
      const m = n.textContent.match(tex);
      if (m) res.problems.push("literal TeX in the text (" + m[0].slice(0, 30) + "): " + label(n.parentElement));
    });
    textNodes(document.body, "script, style, #rfsym-check, textarea").forEach(n => {
      const m = n.textContent.match(role);
      if (m) res.problems.push("literal role markup (" + m[0] + "): " + label(n.parentElement));
    });
    // clipped or sideways-scrolling content, and content that sticks out of the column
    const reported = [];
    const inReported = el => reported.some(r => r.contains(el));
    column().querySelectorAll("*").forEach(el => {
      if (el.closest("mjx-container") && el.tagName.toLowerCase() !== "mjx-container") return;
      if (el.closest("#rfsym-check, .headerlink, script, style") || inReported(el) || !visible(el)) return;
      const cs = getComputedStyle(el);
      if (["auto", "scroll", "hidden", "clip"].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 2) {
        reported.push(el);
        res.problems.push(`content ${cs.overflowX === "hidden" || cs.overflowX === "clip" ? "clipped" : "scrolls sideways"}`
          + ` (${el.scrollWidth} px in a ${el.clientWidth} px box): ` + label(el));
        return;
      }
      let r = el.getBoundingClientRect();
      const inner = el.tagName.toLowerCase() === "mjx-container" ? el.querySelector("mjx-math") : null;
      if (inner) {                 // a formula can overflow its own container: measure what is drawn
        const q = inner.getBoundingClientRect();
        r = {left: Math.min(r.left, q.left), right: Math.max(r.right, q.right)};
      }
      if (r.right > box.right + 2 || r.left < box.left - 2) {
        reported.push(el);
        res.problems.push(`sticks out of the ${Math.round(box.right - box.left)} px column by `
          + `${Math.round(Math.max(r.right - box.right, box.left - r.left))} px: ` + label(el));
      }
    });
    if (document.documentElement.scrollWidth > vw + 2)
      res.problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px in a ${vw} px window)`);
    const broken = [];
    column().querySelectorAll("td, th").forEach(c => { if (broken.length <= 40) brokenWords(c, broken); });
    res.problems.push(...broken.slice(0, 40));
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
    if (window.parent !== window) window.parent.postMessage(JSON.stringify(res), "*");
  }
  window.addEventListener("load", () => { check(); });
})();
</script>
"""


_WRAPPER = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="{src}" style="width:{w}px;height:{h}px;border:0"></iframe>
<script>window.addEventListener("message", e => {{
  const pre = document.createElement("pre"); pre.id = "rfsym-check"; pre.textContent = e.data;
  document.body.appendChild(pre); }});</script></body></html>
"""


def check_page(chromium: str, page: Path, window=WINDOWS[0], max_screens: float = MAX_SCREENS) -> tuple:
    """``(problems, stats)`` of one built page in one window ``(width, height)`` (see the module docstring);
    the length budget applies in the desktop window (height >= 1000)."""
    html = page.read_text(encoding="utf-8")
    problems = [f"network resource: {src}"
                for src in re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?://[^"]+)"', html)]
    probe = page.with_name(f"{page.stem}.rfsym-check-{window[0]}.html")
    probe.write_text(html.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    # headless Chromium's window is at least 500 px wide: a phone's width is an iframe of that width
    wrap = page.with_name(f"{page.stem}.rfsym-check-wrap-{window[0]}.html")
    wrap.write_text(_WRAPPER.format(src=probe.name, w=window[0], h=window[1]), encoding="utf-8")
    target, size = (wrap, (max(window[0], 500) + 20, window[1])) if window[0] < 500 else (probe, window)
    try:
        with tempfile.TemporaryDirectory() as profile:
            out = subprocess.run([chromium, *FLAGS, f"--window-size={size[0]},{size[1]}",
                                  f"--user-data-dir={profile}", target.as_uri()],
                                 capture_output=True, text=True, timeout=240)
    finally:
        probe.unlink(missing_ok=True)
        wrap.unlink(missing_ok=True)
    m = re.search(r'<pre id="rfsym-check">(.*?)</pre>', out.stdout, re.S)
    if not m:
        return problems + ["the page did not finish loading (no probe result)"], {}
    import html as _html

    res = json.loads(_html.unescape(m.group(1)))
    problems += res.pop("problems")
    has_tex = "math notranslate" in html or "\\(" in html
    if has_tex and res["math"] == 0:
        problems.append("no typeset math (mjx-container) found")
    screens = res.get("height", 0) / window[1]
    res["screens"] = round(screens, 1)
    if window[1] >= 1000 and screens > max_screens:
        problems.append(f"page is {screens:.0f} screens long at {window[0]} x {window[1]} (budget {max_screens:g})")
    return [f"[{window[0]} px] {p}" for p in problems], res


def pages_of(root: Path) -> list:
    """Every content page of the build (not the search page, the index redirect or the genindex)."""
    skip = {"search.html", "genindex.html", "py-modindex.html"}
    return sorted(p for p in root.rglob("*.html")
                  if p.name not in skip and ".rfsym-check" not in p.name
                  and not any(part.startswith(("_", ".")) for part in p.relative_to(root).parts)
                  and not (p.parent == root and p.name == "index.html"))


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="_build/html")
    ap.add_argument("--page", help="only the pages matching this glob (e.g. '*errata*')")
    ap.add_argument("--max-screens", type=float, default=MAX_SCREENS, help="length budget at 1280 x 2000 (default 25)")
    ap.add_argument("--width", type=int, action="append", help="check only these window widths (default 1280 and 390)")
    ap.add_argument("--jobs", type=int, default=2, help="pages checked at once (default 2)")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    pages = [p for p in pages_of(root) if args.page is None or p.match(args.page)]
    if not pages:
        print(f"no pages under {root}", file=sys.stderr)
        return 1
    windows = [w for w in WINDOWS if not args.width or w[0] in args.width]
    jobs = [(p, w) for p in pages for w in windows]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        results = list(ex.map(lambda pw: check_page(chromium, pw[0], pw[1], args.max_screens), jobs))
    bad = set()
    by_page = {}
    for (page, w), (problems, st) in zip(jobs, results):
        by_page.setdefault(page, []).append((w, problems, st))
    for page, runs in by_page.items():
        problems = [p for _, ps, _ in runs for p in ps]
        st = runs[0][2]
        status = "ok" if not problems else "FAIL"
        print(f"{status:4s} {page.relative_to(root)}: {st.get('math', 0)} formulas, {st.get('tables', 0)} tables, "
              f"{st.get('screens', 0)} screens at {runs[0][0][0]} x {runs[0][0][1]}, widths "
              + ", ".join(str(w[0]) for w, _, _ in runs), flush=True)
        for p in problems[:25]:
            print(f"     - {p}")
        if len(problems) > 25:
            print(f"     - ... and {len(problems) - 25} more")
        if problems:
            bad.add(page)
    print(f"{len(pages) - len(bad)}/{len(pages)} pages pass at " + " and ".join(f"{w[0]} px" for w in windows))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

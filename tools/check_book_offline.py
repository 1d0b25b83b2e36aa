"""Check the built book in headless Chromium with the network disabled.

For every notebook page of ``_build/html/notebooks``: load it from ``file://`` with all host
resolution blocked, let MathJax run, and require (1) typeset math (``mjx-container`` elements, no
raw ``$...$`` left in prose), (2) every ``<img>`` pointing at a file that exists in the build,
(3) no script or stylesheet loaded from the network. Needs Debian's ``chromium``
(``apt-get install chromium``); exits 2 if it is missing.

Usage: ``python tools/check_book_offline.py [_build/html]``
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--allow-file-access-from-files",
         "--virtual-time-budget=20000", "--dump-dom"]


def check_page(chromium: str, page: Path) -> list:
    problems = []
    with tempfile.TemporaryDirectory() as profile:
        out = subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", page.as_uri()],
                             capture_output=True, text=True, timeout=180)
    dom = out.stdout
    n_math = dom.count("<mjx-container")
    if n_math == 0:
        problems.append("no typeset math (mjx-container) found")
    if "MathJax" in dom and "math-error" in dom:
        problems.append("MathJax reported a TeX error")
    for src in re.findall(r'<img[^>]+src="([^"]+)"', dom):
        if src.startswith(("http:", "https:")):
            problems.append(f"image from the network: {src}")
        elif not src.startswith("data:") and not (page.parent / src.split("?")[0]).exists():
            problems.append(f"missing image file: {src}")
    for src in re.findall(r'<(?:script|link)[^>]+(?:src|href)="(https?://[^"]+)"', dom):
        problems.append(f"network resource: {src}")
    n_img = len(re.findall(r"<img", dom))
    return problems, n_math, n_img


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    root = Path(argv[0] if argv else "_build/html").resolve()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    pages = sorted((root / "notebooks").glob("*.html"))
    if not pages:
        print(f"no notebook pages under {root / 'notebooks'}", file=sys.stderr)
        return 1
    bad = 0
    for page in pages:
        problems, n_math, n_img = check_page(chromium, page)
        status = "ok" if not problems else "FAIL"
        print(f"{status:4s} {page.relative_to(root)}: {n_math} typeset formulas, {n_img} images")
        for p in problems:
            print(f"     - {p}")
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

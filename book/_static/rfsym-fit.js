// rfsym book: small layout helpers (checked by tools/check_book_offline.py).
// 1. every table cell gets data-label = its column's header (the phone layout shows it before the value);
// 2. code in table cells gets break opportunities after . _ / (an identifier may wrap there, never mid-word);
// 3. the reference table's values get a copy button (all digits are shown and copied);
// 4. a formula wider than its box after MathJax typesets it is scaled down to fit (down to 30 %).
(function () {
  function labels() {
    document.querySelectorAll(".bd-article table").forEach(t => {
      const heads = Array.from(t.querySelectorAll("thead th")).map(th => th.textContent.trim());
      if (!heads.length) return;
      t.querySelectorAll("tbody tr").forEach(tr => {
        Array.from(tr.children).forEach((td, i) => { if (heads[i]) td.setAttribute("data-label", heads[i]); });
      });
    });
  }
  function breakHints() {
    // in table cells: code, and long plain-text tokens (paths, dotted names, test ids), may wrap after . _ / : ( , =
    document.querySelectorAll(".bd-article td, .bd-article th").forEach(cell => {
      if (cell.closest(".rfsym-reference-table") && cell.querySelector("code.rfsym-value")) return;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, {acceptNode(n) {
        return n.parentElement.closest("mjx-container, .math, script, style, button") || /\\[(\[]|\$/.test(n.textContent)
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT; }});
      const nodes = []; let n;
      while ((n = walker.nextNode())) nodes.push(n);
      nodes.forEach(t => {
        const inCode = !!t.parentElement.closest("code");
        if (!inCode && !/\S{18,}/.test(t.textContent)) return;
        const parts = t.textContent.split(/(?<=[._\/(,=:])(?=[^\s])/);
        if (parts.length < 2) return;
        const frag = document.createDocumentFragment();
        parts.forEach((p, i) => { if (i) frag.appendChild(document.createElement("wbr")); frag.appendChild(document.createTextNode(p)); });
        t.parentNode.replaceChild(frag, t);
      });
    });
  }
  function copyButtons() {
    document.querySelectorAll(".rfsym-reference-table table").forEach(t => {
      const heads = Array.from(t.querySelectorAll("thead th")).map(th => th.textContent.trim());
      const col = heads.indexOf("value");
      if (col < 0) return;
      t.querySelectorAll("tbody tr").forEach(tr => {
        const td = tr.children[col];
        const code = td && td.querySelector("code");
        if (!code) return;
        code.classList.add("rfsym-value");
        const b = document.createElement("button");
        b.className = "rfsym-copy"; b.type = "button"; b.textContent = "copy"; b.title = "copy all digits";
        b.addEventListener("click", () => {
          const text = code.textContent;
          (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject()).then(
            () => { b.textContent = "copied"; setTimeout(() => { b.textContent = "copy"; }, 1200); },
            () => { const r = document.createRange(); r.selectNodeContents(code);
                    const s = getSelection(); s.removeAllRanges(); s.addRange(r); });
        });
        td.appendChild(document.createTextNode(" "));
        td.appendChild(b);
      });
    });
  }
  function fitMath() {
    document.querySelectorAll(".bd-article mjx-container").forEach(m => {
      m.style.fontSize = "";
      const host = m.parentElement && m.parentElement.closest("p, li, dd, dt, td, th, div, section");
      if (!host) return;
      const cs = getComputedStyle(host);
      const avail = host.clientWidth - parseFloat(cs.paddingLeft || 0) - parseFloat(cs.paddingRight || 0);
      const need = Math.max(m.getBoundingClientRect().width, m.scrollWidth);
      if (avail > 0 && need > avail + 1) {
        const scale = Math.max(0.3, avail / need * 0.97);
        m.style.fontSize = (scale * 100).toFixed(0) + "%";
      }
    });
  }
  function run() {
    labels(); copyButtons();
    // after MathJax has typeset the page: a hint inside a \( ... \) would hide the formula from MathJax
    const done = () => { breakHints(); fitMath(); window.addEventListener("resize", fitMath); };
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) MathJax.startup.promise.then(done); else done();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run); else run();
})();

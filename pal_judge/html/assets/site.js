/* Page behaviour: language toggle (EN, 中文, both), the search box and its results, the contents panel. */
(function () {
  "use strict";
  var root = document.documentElement;
  var LANGS = ["en", "zh", "both"];

  function storedLang() {
    try { return window.localStorage.getItem("pal-lang"); } catch (e) { return null; }
  }

  function setLang(lang) {
    if (LANGS.indexOf(lang) < 0) lang = "both";
    LANGS.forEach(function (l) { root.classList.toggle("show-" + l, l === lang); });
    root.setAttribute("lang", lang === "zh" ? "zh" : "en");
    document.querySelectorAll(".langs button").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-lang") === lang));
    });
    try { window.localStorage.setItem("pal-lang", lang); } catch (e) { /* file:// storage may be off */ }
  }

  document.querySelectorAll(".langs button").forEach(function (button) {
    button.addEventListener("click", function () { setLang(button.getAttribute("data-lang")); });
  });
  setLang(storedLang() || "both");

  /* A table wider than the screen scrolls sideways; the class "scrolls" shows that it does (a shaded edge). */
  function markScrollingTables() {
    document.querySelectorAll("table").forEach(function (table) {
      table.classList.toggle("scrolls", table.scrollWidth > table.clientWidth + 1);
    });
  }
  window.addEventListener("resize", markScrollingTables);
  document.addEventListener("toggle", markScrollingTables, true);  /* a board opened in a <details> */
  markScrollingTables();

  var contents = document.getElementById("contents");
  if (contents && window.matchMedia && window.matchMedia("(min-width: 1100px)").matches) contents.open = true;

  function snippet(text, terms) {
    var lower = text.toLowerCase();
    var at = -1, length = 0;
    terms.forEach(function (t) {
      var i = lower.indexOf(t.toLowerCase());
      if (i >= 0 && (at < 0 || i < at)) { at = i; length = t.length; }
    });
    var start = Math.max(0, at - 50);
    var piece = text.slice(start, start + 160);
    var span = document.createElement("span");
    span.className = "snip";
    if (start > 0) span.appendChild(document.createTextNode("…"));
    var rest = piece;
    while (rest.length) {
      var best = -1, bestLen = 0;
      terms.forEach(function (t) {
        var i = rest.toLowerCase().indexOf(t.toLowerCase());
        if (i >= 0 && (best < 0 || i < best)) { best = i; bestLen = t.length; }
      });
      if (best < 0) { span.appendChild(document.createTextNode(rest)); break; }
      span.appendChild(document.createTextNode(rest.slice(0, best)));
      var mark = document.createElement("mark");
      mark.textContent = rest.slice(best, best + bestLen);
      span.appendChild(mark);
      rest = rest.slice(best + bestLen);
    }
    return span;
  }

  function currentLang() {
    return root.classList.contains("show-zh") ? "zh" : root.classList.contains("show-en") ? "en" : "both";
  }

  var input = document.getElementById("q");
  var results = document.getElementById("results");

  function render(query) {
    results.textContent = "";
    var hits = window.PalSearch && window.PAL_INDEX ? window.PalSearch.search(window.PAL_INDEX, query, 20) : [];
    if (!query.trim()) { results.hidden = true; return; }
    if (!hits.length) {
      var none = document.createElement("li");
      none.className = "none";
      none.textContent = "No match · 无结果";
      results.appendChild(none);
    }
    var terms = window.PalSearch ? window.PalSearch.markTerms(window.PAL_INDEX, query) : [];
    var lang = currentLang();
    hits.forEach(function (hit) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = hit.href;
      a.className = "hit";
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = hit.label;
      var title = document.createElement("span");
      title.className = "title";
      var useZh = lang === "zh" || (lang === "both" && /[\u3400-\u9fff]/.test(query));
      title.textContent = useZh ? hit.title_zh : hit.title_en;
      a.appendChild(label);
      a.appendChild(title);
      var text = useZh ? (hit.zh || hit.en) : (hit.en || hit.zh);
      a.appendChild(snippet(text, terms));
      a.addEventListener("click", function () { results.hidden = true; });
      li.appendChild(a);
      results.appendChild(li);
    });
    results.hidden = false;
  }

  if (input && results) {
    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { render(input.value); }, 60);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        render(input.value);
        var first = results.querySelector("a.hit");
        if (first) { results.hidden = true; window.location.href = first.getAttribute("href"); }
      } else if (event.key === "Escape") {
        results.hidden = true;
      } else if (event.key === "ArrowDown") {
        /* ArrowDown moves from the box into the results */
        if (results.hidden && input.value.trim()) render(input.value);
        var hit = results.querySelector("a.hit");
        if (hit) { event.preventDefault(); hit.focus(); }
      }
    });
    results.addEventListener("keydown", function (event) {
      var hits = Array.prototype.slice.call(results.querySelectorAll("a.hit"));
      var at = hits.indexOf(document.activeElement);
      if (at < 0) return;
      if (event.key === "ArrowDown" && at + 1 < hits.length) { event.preventDefault(); hits[at + 1].focus(); }
      else if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? hits[at - 1] : input).focus(); }
      else if (event.key === "Escape") { results.hidden = true; input.focus(); }
    });
    document.addEventListener("keydown", function (event) {
      /* "/" focuses the search box, as on most reference sites */
      if (event.key === "/" && document.activeElement !== input) { event.preventDefault(); input.focus(); input.select(); }
    });
    document.addEventListener("click", function (event) {
      if (!event.target.closest || !event.target.closest(".search")) results.hidden = true;
    });
    var params = new URLSearchParams(window.location.search);
    if (params.get("q")) { input.value = params.get("q"); render(input.value); }
  }

  /* findings.html: the summary's checkboxes show or hide findings by severity and by check;
     a chapter with nothing left to show is hidden too. */
  var filter = document.querySelector(".finding-filter");
  function applyFindingFilter() {
    var wanted = { severity: {}, check: {} };
    filter.querySelectorAll("input[data-filter]").forEach(function (box) {
      wanted[box.getAttribute("data-filter")][box.value] = box.checked;
    });
    var shown = 0;
    document.querySelectorAll("section.finding-chapter").forEach(function (chapter) {
      var left = 0;
      chapter.querySelectorAll("li.finding").forEach(function (item) {
        var visible = wanted.severity[item.getAttribute("data-severity")] !== false &&
          wanted.check[item.getAttribute("data-check")] !== false;
        item.hidden = !visible;
        if (visible) left += 1;
      });
      chapter.hidden = left === 0;
      shown += left;
    });
    var count = document.getElementById("finding-count");
    if (count) count.textContent = String(shown);
  }
  if (filter) {
    filter.addEventListener("change", applyFindingFilter);
    applyFindingFilter();
  }
})();

/* crkb embed: <script src="https://<crkb>/embed.js" data-lang="en" defer></script>
   Turns rule mentions in the page ("rule 702.19b", "CR 704.5j", "702.19b", "규칙 702.19b",
   "ルール702.19b", "規則 702.19b", "规则 702.19b", ranges "601.2a–d") into links to crkb, with a
   hover/focus preview read from crkb's public API. Only the numbers the newest edition of data-lang
   holds are linked, read in one request (/api/v1/numbers/<lang>): 999.99 stays text, and without
   the list nothing is linked. Never touches text inside a, code, pre, kbd, samp, textarea, input,
   select, button, script, style or contenteditable elements. No eval, no inline style or style
   element: the preview box is styled through CSSOM (element.style), which a
   Content-Security-Policy does not forbid. Options: data-lang (en, ko, ja, zh; default en). */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) { return; }
  var base = script.src.replace(/\/embed\.js(?:[?#].*)?$/, "");
  var lang = (script.getAttribute("data-lang") || "en").toLowerCase();
  var SKIP = /^(A|CODE|PRE|KBD|SAMP|TEXTAREA|INPUT|SELECT|OPTION|BUTTON|SCRIPT|STYLE|NOSCRIPT|TEMPLATE|SVG|MATH)$/;
  var L = "[a-km-np-z]";  /* subrule letters skip l and o */
  var NUM = "[1-9]\\d{2}(?:\\.\\d{1,3}" + L + "?)?";
  var DOTTED = "[1-9]\\d{2}\\.\\d{1,3}" + L + "?";
  var RANGE = "(?:\\s?[–—-]\\s?(?:" + DOTTED + "|" + L + "(?![a-z])))?";
  var PREFIX = "(?:[Rr]ules?|CR|규칙|ルール|規則|规则)";
  /* a prefixed number (a three-digit rule too), or a bare dotted number; never inside a longer number */
  var MENTION = new RegExp("(?:(" + PREFIX + ")\\s?(" + NUM + ")|(" + DOTTED + "))(" + RANGE + ")(?![\\d.]\\d|\\w)", "g");
  var cache = {};
  var known = null;  /* number -> true: the rule numbers crkb holds, read once (start) */
  var tip = null;
  var current = null;
  var timer = 0;

  function ruleUrl(number) { return base + "/" + encodeURIComponent(lang) + "/cr/" + number; }

  function link(text, number) {
    var a = document.createElement("a");
    a.className = "crkb-rule";
    a.href = ruleUrl(number);
    a.setAttribute("data-crkb-number", number);
    a.textContent = text;
    return a;
  }

  function skipped(node) {
    for (var el = node.parentNode; el && el.nodeType === 1; el = el.parentNode) {
      if (SKIP.test(el.nodeName.toUpperCase()) || el.isContentEditable || el === tip) { return true; }
    }
    return false;
  }

  function linkify(node) {
    var text = node.nodeValue;
    MENTION.lastIndex = 0;
    var match, last = 0, out = null;
    while ((match = MENTION.exec(text))) {
      var before = match.index > 0 ? text.charAt(match.index - 1) : "";
      if (/[\w.]/.test(before) || !known[match[2] || match[3]]) { continue; }
      out = out || document.createDocumentFragment();
      out.appendChild(document.createTextNode(text.slice(last, match.index)));
      out.appendChild(link(match[0], match[2] || match[3]));
      last = match.index + match[0].length;
    }
    if (!out) { return; }
    out.appendChild(document.createTextNode(text.slice(last)));
    node.parentNode.replaceChild(out, node);
  }

  function scan(root) {
    if (skipped({ parentNode: root }) || SKIP.test(root.nodeName.toUpperCase())) { return; }
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
    var found = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/\d{3}/.test(node.nodeValue) && !skipped(node)) { found.push(node); }
    }
    found.forEach(linkify);
  }

  function load(number) {
    var url = base + "/api/v1/preview/" + encodeURIComponent(lang) + "/" + number;
    if (!cache[url]) {
      cache[url] = fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.json();
      });
    }
    return cache[url];
  }

  function style(el, props) { for (var key in props) { el.style[key] = props[key]; } }

  function tooltip() {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "crkb-preview";
      tip.className = "crkb-preview";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      style(tip, { position: "absolute", zIndex: "2147483000", maxWidth: "28rem", padding: ".5rem .7rem",
        background: "#fff", color: "#1d1d1f", border: "1px solid #dadce0", borderRadius: "6px",
        boxShadow: "0 2px 8px rgba(0,0,0,.2)", font: "14px/1.45 system-ui, sans-serif", textAlign: "left" });
      document.body.appendChild(tip);
    }
    return tip;
  }

  function fill(box, rule) {
    box.textContent = "";
    var head = document.createElement("strong");
    head.textContent = rule.number + (rule.title ? " " + rule.title : "");
    var body = document.createElement("p");
    style(body, { margin: ".25rem 0" });
    body.textContent = rule.title && rule.text === rule.title ? "" : rule.text;
    var when = document.createElement("small");
    when.textContent = "CR " + rule.number + " (" + rule.effective_date + ") · crkb";
    box.append(head, body, when);
  }

  function place(box, a) {
    var r = a.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    box.style.left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + width - box.offsetWidth - 8)) + "px";
    box.style.top = (window.scrollY + r.bottom + 6) + "px";
  }

  function show(a) {
    current = a;
    load(a.getAttribute("data-crkb-number")).then(function (rule) {
      if (current !== a) { return; }
      var box = tooltip();
      fill(box, rule);
      box.hidden = false;
      place(box, a);
      a.setAttribute("aria-describedby", box.id);
    }).catch(function () { /* no preview: the link still works */ });
  }

  function hide() {
    clearTimeout(timer);
    if (current) { current.removeAttribute("aria-describedby"); }
    current = null;
    if (tip) { tip.hidden = true; }
  }

  function ruleLink(event) {
    var el = event.target;
    return el && el.closest ? el.closest("a.crkb-rule") : null;
  }

  function enter(event) {
    var a = ruleLink(event);
    if (!a || a === current) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { show(a); }, event.type === "focusin" ? 0 : 120);
  }

  function watch() {
    /* text a page adds later (comments loaded by a script) is linked too; our own changes are not watched */
    if (!window.MutationObserver) { return; }
    var observer = new MutationObserver(function (records) {
      observer.disconnect();
      records.forEach(function (record) {
        record.addedNodes.forEach(function (node) {
          if (node === tip || !node.isConnected) { return; }
          if (node.nodeType === 3) { if (!skipped(node)) { linkify(node); } } else if (node.nodeType === 1 && !SKIP.test(node.nodeName.toUpperCase())) { scan(node); }
        });
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }

  function start() {
    fetch(base + "/api/v1/numbers/" + encodeURIComponent(lang), { headers: { Accept: "application/json" } })
      .then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.json();
      })
      .then(function (body) {
        known = Object.create(null);
        body.numbers.forEach(function (number) { known[number] = true; });
        scan(document.body);
        watch();
      })
      .catch(function () { /* no list of numbers: no link that may lead nowhere */ });
    document.addEventListener("mouseover", enter);
    document.addEventListener("focusin", enter);
    document.addEventListener("mouseout", function (event) { if (ruleLink(event)) { hide(); } });
    document.addEventListener("focusout", function (event) { if (ruleLink(event)) { hide(); } });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") { hide(); } });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();

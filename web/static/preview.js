// Previews of referenced rules: hover or keyboard focus on a rule link (a.ref[data-preview])
// fetches the rule's plain text from the JSON API and shows it in a tooltip. Text is set with
// textContent, never as HTML. The site works without this script. The script element's
// data-effective is "effective {date}" in the page's language (base.html), e.g. "{date} 시행".
(function () {
  "use strict";
  var script = document.currentScript;
  var effective = (script && script.getAttribute("data-effective")) || "effective {date}";
  var cache = new Map();
  var tip = null;
  var current = null;
  var timer = 0;

  function tooltip() {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "rule-preview";
      tip.className = "preview";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      document.body.appendChild(tip);
    }
    return tip;
  }

  function load(url) {
    if (!cache.has(url)) {
      cache.set(url, fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.json();
      }));
    }
    return cache.get(url);
  }

  function fill(box, rule) {
    box.textContent = "";
    var head = document.createElement("strong");
    head.textContent = rule.number + (rule.title ? " " + rule.title : "");
    var body = document.createElement("p");
    body.textContent = rule.title && rule.text === rule.title ? "" : rule.text;
    box.append(head, body);
    if (rule.effective_date) {
      var when = document.createElement("small");
      when.textContent = effective.replace("{date}", rule.effective_date);
      box.append(when);
    }
  }

  function place(box, link) {
    var r = link.getBoundingClientRect();
    box.style.left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - box.offsetWidth - 8)) + "px";
    box.style.top = (window.scrollY + r.bottom + 6) + "px";
  }

  function show(link) {
    current = link;
    var box = tooltip();
    load(link.dataset.preview).then(function (rule) {
      if (current !== link) { return; }
      fill(box, rule);
      box.hidden = false;
      place(box, link);
      link.setAttribute("aria-describedby", box.id);
    }).catch(function () { /* no preview: the link still works */ });
  }

  function hide() {
    clearTimeout(timer);
    if (current) { current.removeAttribute("aria-describedby"); }
    current = null;
    if (tip) { tip.hidden = true; }
  }

  function refLink(event) {
    var el = event.target;
    return el && el.closest ? el.closest("a.ref[data-preview]") : null;
  }

  function enter(event) {
    var link = refLink(event);
    if (!link || link === current) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { show(link); }, event.type === "focusin" ? 0 : 120);
  }

  function leave(event) {
    if (refLink(event)) { hide(); }
  }

  document.addEventListener("mouseover", enter);
  document.addEventListener("focusin", enter);
  document.addEventListener("mouseout", leave);
  document.addEventListener("focusout", leave);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { hide(); }
  });
})();

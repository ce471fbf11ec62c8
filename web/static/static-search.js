// The static export's search (crkb export --format site): the search page of an exported site
// has no server behind it, so this script reads ?q= and ?lang= from the address, loads the
// Pagefind index of the query's language (/pagefind/) and lists the hits. Text is set with
// textContent, never as HTML.
(function () {
  "use strict";
  var box = document.getElementById("static-search");
  if (!box) { return; }
  var params = new URLSearchParams(window.location.search);
  var query = (params.get("q") || "").trim();
  var input = document.getElementById("q");
  if (input) { input.value = query; }
  if (!query) { return; }

  function languageOf(text, chosen) {
    if (chosen && chosen !== "all") { return chosen; }
    if (/[\uac00-\ud7af\u1100-\u11ff]/.test(text)) { return "ko"; }
    if (/[\u3040-\u30ff]/.test(text)) { return "ja"; }
    if (/[\u4e00-\u9fff]/.test(text)) { return "zh"; }
    return "en";
  }

  function show(results) {
    box.textContent = "";
    if (!results.length) {
      var none = document.createElement("p");
      none.className = "no-hits";
      none.textContent = "No rule matches “" + query + "”.";
      box.appendChild(none);
      return;
    }
    var list = document.createElement("ol");
    list.className = "hits";
    results.forEach(function (hit) {
      var item = document.createElement("li");
      item.className = "hit";
      var link = document.createElement("a");
      link.className = "hit-title";
      link.href = hit.url;
      link.textContent = (hit.meta && hit.meta.title) || hit.url;
      var snippet = document.createElement("p");
      snippet.className = "snippet";
      var scratch = document.createElement("template");
      scratch.innerHTML = hit.excerpt || "";
      snippet.textContent = scratch.content.textContent;
      item.append(link, snippet);
      list.appendChild(item);
    });
    box.appendChild(list);
  }

  var root = box.dataset.bundle || "/pagefind/";
  document.documentElement.lang = languageOf(query, params.get("lang"));
  import(root + "pagefind.js").then(function (pagefind) {
    return pagefind.options({ bundlePath: root }).then(function () { return pagefind.search(query); });
  }).then(function (search) {
    return Promise.all(search.results.slice(0, 20).map(function (r) { return r.data(); }));
  }).then(show).catch(function (error) {
    box.textContent = "Search is unavailable: " + error;
  });
})();

// "cite" buttons of rule pages: copy "CR 702.19b (2026-01-16) <permalink>" to the clipboard and say
// so on the button for two seconds. Where the page may not write the clipboard (plain http on a
// LAN, a refused permission), the citation is shown selected in a prompt to copy by hand. The
// site works without this script (the buttons stay inert).
(function () {
  "use strict";
  function byHand(text) { window.prompt("", text); }
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.cite[data-cite]") : null;
    if (!button) { return; }
    var text = button.getAttribute("data-cite");
    if (!navigator.clipboard || !navigator.clipboard.writeText) { byHand(text); return; }
    var label = button.textContent;
    navigator.clipboard.writeText(text).then(function () {
      button.textContent = "✓";
      button.setAttribute("aria-live", "polite");
      setTimeout(function () { button.textContent = label; }, 2000);
    }, function () { byHand(text); });
  });
})();

// "cite" buttons of rule pages: copy "CR 702.19b (2026-01-16) <permalink>" to the clipboard and say
// so on the button for two seconds. The site works without this script (the buttons stay inert).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.cite[data-cite]") : null;
    if (!button || !navigator.clipboard) { return; }
    var label = button.textContent;
    navigator.clipboard.writeText(button.getAttribute("data-cite")).then(function () {
      button.textContent = "✓";
      button.setAttribute("aria-live", "polite");
      setTimeout(function () { button.textContent = label; }, 2000);
    });
  });
})();

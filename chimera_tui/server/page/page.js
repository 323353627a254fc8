// The page's own script: its buttons start a new session (no inline handlers, so the page's
// Content-Security-Policy can forbid inline scripts).
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button.restart")) {
    button.addEventListener("click", () => {
      window.location.href = window.location.pathname;
    });
  }
});

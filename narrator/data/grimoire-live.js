// The live grimoire: each picture the narrator sends replaces the one shown.
"use strict";
const square = document.getElementById("square");
const status = document.getElementById("status");
const events = new EventSource("/events");
events.addEventListener("picture", (e) => {
  const doc = new DOMParser().parseFromString(e.data, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return;
  square.replaceChildren(document.importNode(svg, true));
  document.body.dataset.version = e.lastEventId;
  status.textContent = "live";
});
// The browser retries a stream that dropped; one the narrator refused stays closed. A
// narrator started again has a new code, and this page's pairing is gone with the old one.
events.addEventListener("error", () => {
  status.textContent = "reconnecting";
  if (events.readyState !== EventSource.CLOSED) return;
  fetch("/live.css", {cache: "no-store"}).then((r) => {
    status.textContent = r.status === 401
      ? "The narrator restarted: reload this page and give the new code."
      : "The narrator stopped answering: reload this page.";
  }).catch(() => {
    status.textContent = "The narrator stopped answering: reload this page.";
  });
});

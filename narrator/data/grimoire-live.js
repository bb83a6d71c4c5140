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
events.addEventListener("error", () => {
  status.textContent = "reconnecting";
});

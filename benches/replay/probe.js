// Timing probe for replay pages (benches/replay/measure.sh injects it at the top of a copy of
// a page). After the page has loaded it plays the whole recording forward the way the play
// button does at 10,000 events a second and 60 frames a second (one `seek` of 170 events a
// frame), then seeks to the end and one step back, and writes what it measured as JSON into
// <pre id="probe-results">. After each seek it reads one pixel of every canvas, so that the
// drawing is rasterised inside the measured time, not deferred past it.
"use strict";
(function () {
  function flush() {
    for (const c of document.querySelectorAll("canvas")) {
      if (c.width > 0 && c.height > 0) c.getContext("2d").getImageData(0, 0, 1, 1);
    }
  }
  function timed(f) {
    const t0 = performance.now();
    f();
    flush();
    return performance.now() - t0;
  }
  window.addEventListener("load", () => {
    const out = { loadMs: window.replayLoadMs, bytes: document.documentElement.outerHTML.length };
    try {
      const c = window.replayControls;
      out.events = c.length;
      c.seek(0);
      flush();
      const frames = [];
      for (let s = 170; s <= c.length; s += 170) frames.push(timed(() => c.seek(s)));
      frames.sort((a, b) => a - b);
      const sum = frames.reduce((a, b) => a + b, 0);
      out.frames = frames.length;
      out.frameMeanMs = sum / Math.max(1, frames.length);
      out.frameP95Ms = frames[Math.floor(0.95 * (frames.length - 1))];
      out.frameWorstMs = frames[frames.length - 1];
      out.seekEndMs = timed(() => c.seek(0)) >= 0 ? timed(() => c.seek(c.length)) : 0;
      out.backOneMs = timed(() => c.seek(c.length - 1));
    } catch (e) {
      out.error = String(e) + " " + (e.stack || "");
    }
    const pre = document.createElement("pre");
    pre.id = "probe-results";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  });
})();

// Test harness for replay pages (crates/cli/tests/replay_browser.rs): injected at the top
// of a copy of a page, it records errors, then drives the page's contract and writes what
// it saw into the element #test-results for the test to read from the dumped DOM.
"use strict";
(function () {
  const out = { errors: [], runs: [], controls: null };
  window.addEventListener("error", (e) => out.errors.push("error: " + e.message));
  window.addEventListener("unhandledrejection", (e) => out.errors.push("rejection: " + e.reason));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { out.errors.push("console.error: " + args.join(" ")); consoleError(...args); };
  const consoleWarn = console.warn.bind(console);
  console.warn = (...args) => { out.errors.push("console.warn: " + args.join(" ")); consoleWarn(...args); };

  function check() {
    const list = window.replays || [];
    out.single = window.replay === list[0];
    out.loadMs = window.replayLoadMs;
    for (const r of list) {
      const n = r.length;
      const res = { length: n, label: r.label, stats: r.stats };
      const t0 = performance.now();
      res.end = r.seek(n);
      res.seekEndMs = performance.now() - t0;
      // Stepping forward one event at a time, then back: the same states at every sampled
      // step; and jumps straight to those steps agree with both.
      const stride = Math.max(1, Math.floor(n / 300));
      const forward = new Map(), mismatches = [];
      r.seek(0);
      for (let i = 0; i <= n; i++) {
        const s = JSON.stringify(r.seek(i));
        if (i % stride === 0 || i === n) forward.set(i, s);
      }
      for (let i = n; i >= 0; i--) {
        const s = JSON.stringify(r.seek(i));
        if (forward.has(i) && forward.get(i) !== s) mismatches.push(["back", i, forward.get(i), s]);
      }
      let x = 12345;
      for (let k = 0; k < 60; k++) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const i = [...forward.keys()][x % forward.size];
        const s = JSON.stringify(r.seek(i));
        if (forward.get(i) !== s) mismatches.push(["jump", i, forward.get(i), s]);
      }
      res.start = r.seek(0);
      res.mismatches = mismatches.slice(0, 5);
      res.compared = forward.size;
      // The counters never go down when stepping forward.
      let monotone = true, prev = r.seek(0);
      for (let i = 1; i <= n; i += stride) {
        const s = r.seek(i);
        monotone = monotone && s.expanded >= prev.expanded && s.generated >= prev.generated;
        prev = s;
      }
      res.monotone = monotone;
      out.runs.push(res);
    }
    // The buttons drive every run.
    const c = window.replayControls;
    if (c) {
      const click = (id) => document.getElementById(id).click();
      click("to-start");
      click("forward");
      click("forward");
      const two = c.step;
      click("back");
      const one = c.step;
      click("to-end");
      out.controls = { two, one, end: c.step, length: c.length, runs: list.map((r) => r.state().step) };
    }
  }

  window.addEventListener("load", () => {
    try { check(); } catch (e) { out.errors.push("harness: " + e + " " + (e.stack || "")); }
    const pre = document.createElement("pre");
    pre.id = "test-results";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  });
})();

// The replay page: reads the recorded events from #replay-data and plays them.
//
// Each run becomes a Replay with `length`, `seek(i)` (show the state after event i; 0 is
// before the first, `length` the end) and `state()`; `window.replays` lists them in the
// order of the runs and `window.replay` is the first. Counters are prefix sums over the
// events, so any step is reached in one pass and stepping back is as exact as forward.
"use strict";

(function () {
  const started = performance.now();
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const K = {};
  data.kinds.forEach((name, i) => { K[name] = i; });
  const DEPTH_FIRST = ["idastar", "iddfs", "rbfs", "dfbnb"];

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function gameValue(v) {
    return v === "inf" ? Infinity : v === "-inf" ? -Infinity : v;
  }
  function showValue(v) {
    return v === Infinity ? "inf" : v === -Infinity ? "-inf" : String(v);
  }
  function showCost(x) {
    if (x === null || x === undefined) return "-";
    return Number.isInteger(x) ? String(x) : x.toFixed(4).replace(/0+$/, "");
  }

  // One event, decoded: [kind, state, depth, counted, ...] (see page.rs, event_json).
  function decode(row, game) {
    const e = { kind: row[0], state: row[1], depth: row[2], counted: row[3] === 1 };
    switch (row[0]) {
      case K["new-bound"]:
        e.iteration = row[4]; e.bound = row[5];
        e.alpha = gameValue(row[6]); e.beta = gameValue(row[7]);
        break;
      case K.leaf: case K.value:
        e.value = gameValue(row[4]);
        break;
      case K["table-hit"]:
        e.value = gameValue(row[4]); e.reason = data.reasons[row[5]];
        break;
      case K.cutoff:
        e.alpha = gameValue(row[4]); e.beta = gameValue(row[5]); e.value = gameValue(row[6]);
        e.move = row[7]; e.skipped = row[8];
        break;
      default:
        if (game && row[0] === K.expand) {
          e.alpha = gameValue(row[4]); e.beta = gameValue(row[5]);
        } else {
          e.g = row[4]; e.h = row[5]; e.reason = row.length > 6 ? data.reasons[row[6]] : undefined;
        }
    }
    return e;
  }

  class Replay {
    constructor(run, index, root) {
      this.run = run;
      this.index = index;
      this.events = run.events.map((row) => decode(row, run.game));
      this.length = this.events.length;
      this.step = 0;
      this.count();
      this.panel = el("section", "run");
      root.appendChild(this.panel);
      this.panel.appendChild(el("h2", null, run.label));
      this.counters = el("div", "counters");
      this.panel.appendChild(this.counters);
      this.line = el("div", "event");
      this.panel.appendChild(this.line);
      if (data.scene === "grid") this.view = new GridView(this);
      else if (data.scene === "graph") this.view = new GraphView(this);
      else if (data.scene === "game") this.view = new GameView(this);
      else this.view = new BoardView(this);
      this.answer = el("pre", "answer");
      this.answer.textContent = run.text;
      this.check = el("div", "check");
      this.panel.appendChild(this.check);
      this.panel.appendChild(this.answer);
    }

    // Prefix sums: expanded, generated, frontier, its largest size, depth and bound after
    // each event. A best-first search's frontier is the set of states opened (roots, kept
    // children, reopened) and not yet expanded, per side of a bidirectional search (a child
    // that improves an open node is counted as generated but opens nothing new); its largest
    // size is taken where the searches take theirs, after an expansion's children, that is
    // before the next expansion or the goal. A depth-first search's frontier is its path.
    count() {
      const n = this.length;
      this.expanded = new Int32Array(n + 1);
      this.generated = new Int32Array(n + 1);
      this.frontier = new Int32Array(n + 1);
      this.maxFrontier = new Int32Array(n + 1);
      this.bound = new Array(n + 1);
      const depthFirst = this.run.game || DEPTH_FIRST.includes(this.run.algorithm);
      let open = 0, path = 0, bound = null, most = 0;
      const opened = new Set();
      this.bound[0] = null;
      for (let i = 0; i < n; i++) {
        const e = this.events[i];
        this.expanded[i + 1] = this.expanded[i] + (e.kind === K.expand ? 1 : 0);
        this.generated[i + 1] = this.generated[i] + (e.counted ? 1 : 0);
        if (depthFirst) {
          if (e.kind === K.expand) path = e.depth + 1;
          most = Math.max(most, path);
        } else if (e.state >= 0) {
          if (e.kind === K.expand || e.kind === K.goal) most = Math.max(most, open);
          const key = e.reason === "backward" ? -1 - e.state : e.state;
          const opens = (e.counted && e.kind !== K.prune) || e.kind === K.reopen;
          if (opens && !opened.has(key)) { opened.add(key); open += 1; }
          if (e.kind === K.expand && opened.delete(key)) open -= 1;
        }
        if (e.kind === K["new-bound"]) bound = e.bound;
        this.frontier[i + 1] = depthFirst ? path : open;
        this.maxFrontier[i + 1] = most;
        this.bound[i + 1] = bound;
      }
      this.depthFirst = depthFirst;
    }

    // The bounds of the iterations, as the statistics list them (single-agent searches).
    boundList() {
      if (this.run.game) return [];
      return this.events.filter((e) => e.kind === K["new-bound"] && e.iteration > 0 && e.bound !== null).map((e) => e.bound);
    }

    seek(i) {
      i = Math.max(0, Math.min(this.length, Math.floor(Number(i) || 0)));
      this.view.seek(i);
      this.step = i;
      this.render();
      return this.state();
    }

    state() {
      const i = this.step;
      const e = i > 0 ? this.events[i - 1] : null;
      return {
        step: i,
        expanded: this.expanded[i],
        generated: this.generated[i],
        frontier: this.frontier[i],
        max_frontier: this.maxFrontier[i],
        bound: this.bound[i],
        depth: e && e.depth >= 0 ? e.depth : null,
        event: e ? data.kinds[e.kind] : null,
        state: e && e.state >= 0 ? (this.run.states ? this.run.states[e.state] : data.names ? data.names[e.state] : null) : null,
        view: this.view.summary(),
      };
    }

    render() {
      const s = this.state();
      const st = this.run.stats;
      const rows = [
        ["event", s.step + " / " + this.length],
        ["expanded", s.expanded],
        ["generated", s.generated],
        [this.depthFirst ? (this.run.game ? "ply + 1" : "path") : "open", s.frontier],
        ["max frontier", s.max_frontier],
      ];
      if (s.bound !== null && s.bound !== undefined) rows.push(["bound", showCost(s.bound)]);
      if (this.run.game) rows.push(["cutoffs", this.view.cutoffs(s.step)]);
      this.counters.replaceChildren(...rows.map(([k, v]) => {
        const d = el("div");
        d.append(k + " ", el("b", null, String(v)));
        return d;
      }));
      const e = s.step > 0 ? this.events[s.step - 1] : null;
      this.line.textContent = e ? describe(e, this.run) : "before the first event";
      if (s.step === this.length) {
        const same = s.expanded === st.expanded && s.generated === st.generated;
        if (this.run.truncated) {
          this.check.className = "check differ";
          this.check.textContent = "the recording stops after " + this.length + " of " + this.run.total +
            " events (--trace-limit): the statistics below count the whole search";
        } else {
          this.check.className = same ? "check ok" : "check differ";
          this.check.textContent = same
            ? "counters equal the printed statistics: expanded " + st.expanded + ", generated " + st.generated
            : "the events count expanded " + s.expanded + ", generated " + s.generated +
              "; the search counted expanded " + st.expanded + ", generated " + st.generated +
              " (this algorithm counts some nodes it reports no event for, or the reverse)";
          const notes = [];
          if (s.max_frontier === st.max_frontier) notes.push("max frontier " + st.max_frontier);
          else notes.push("max frontier: the events give " + s.max_frontier + ", the search measured " + st.max_frontier +
            " (it measures its frontier at other moments or as another set: a beam's layer, a BFS queue with the goal)");
          const bounds = this.boundList();
          // The iterations' bounds, where the statistics list them (games list theirs apart).
          if (!this.run.game && st.bounds.length > 0) {
            const b = bounds.map(showCost).join(",");
            notes.push(b === st.bounds.map(showCost).join(",") ? "bounds " + b
              : "bounds: the events give " + (b || "none") + ", the search printed " + st.bounds.join(","));
          }
          this.check.textContent += "; " + notes.join("; ");
        }
      } else {
        this.check.textContent = "";
      }
    }
  }

  function describe(e, run) {
    const name = data.kinds[e.kind];
    const cell = (k) => data.scene === "graph" ? " " + data.names[k]
      : " (" + (k % data.width) + "," + Math.floor(k / data.width) + ")";
    const state = e.state >= 0 && run.states ? " " + run.states[e.state] : e.state >= 0 ? cell(e.state) : "";
    if (e.kind === K["new-bound"]) {
      if (run.game) return "search " + e.iteration + ": depth " + (e.bound === null ? "none" : e.bound) +
        ", window [" + showValue(e.alpha) + ", " + showValue(e.beta) + "]";
      return e.iteration === 0 ? "limit " + showCost(e.bound) : "iteration " + e.iteration + ": bound " + showCost(e.bound);
    }
    let s = name + state + " (depth " + e.depth + ")";
    if (e.g !== undefined) s += "  g=" + showCost(e.g) + " h=" + showCost(e.h) + " f=" + showCost(e.g + e.h);
    if (e.alpha !== undefined) s += "  window [" + showValue(e.alpha) + ", " + showValue(e.beta) + "]";
    if (e.value !== undefined) s += "  value " + showValue(e.value);
    if (e.kind === K.cutoff) s += " after move " + (e.move + 1) + ": " + e.skipped + " skipped";
    if (e.reason) s += " (" + e.reason + ")";
    return s;
  }

  // ----- Grids: the map, cells open (generated) and closed (expanded), the path at the end.
  class GridView {
    constructor(replay) {
      this.r = replay;
      const w = (this.w = data.width), h = (this.h = data.height);
      const zoomBar = el("div", "zoom");
      // The whole map in the panel's width at first (at least a pixel a cell).
      const room = Math.max(200, replay.panel.clientWidth - 24);
      const fit = Math.max(1, Math.min(16, Math.floor(Math.min(room, 560) / Math.max(w, h))));
      this.zoom = fit;
      const zoom = el("input");
      Object.assign(zoom, { type: "range", min: 1, max: 24, value: fit });
      zoom.setAttribute("aria-label", "zoom");
      zoom.addEventListener("input", () => { this.zoom = Number(zoom.value); this.draw(); });
      zoomBar.append("zoom ", zoom);
      const legend = el("span", "legend");
      legend.innerHTML = '<i style="background:var(--open)"></i>open<i style="background:var(--closed)"></i>closed' +
        '<i style="background:var(--current)"></i>current<i style="background:var(--path)"></i>path';
      zoomBar.append(legend);
      replay.panel.appendChild(zoomBar);
      this.box = el("div", "view");
      this.canvas = el("canvas");
      this.box.appendChild(this.canvas);
      replay.panel.appendChild(this.box);
      // One pixel per cell, drawn scaled.
      this.small = document.createElement("canvas");
      this.small.width = w; this.small.height = h;
      this.image = this.small.getContext("2d").createImageData(w, h);
      this.pixels = new Uint32Array(this.image.data.buffer);
      this.base = new Uint32Array(w * h);
      // As the Uint32Array holds them (little-endian RGBA, unsigned).
      const rgba = (r, g, b) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
      this.colors = [rgba(124, 196, 127), rgba(109, 143, 199)];
      for (let i = 0; i < w * h; i++) {
        const c = data.cells[i];
        this.base[i] = c === "." || c === "G" ? rgba(255, 255, 255) : c === "S" ? rgba(214, 226, 204)
          : c === "W" ? rgba(160, 196, 230) : rgba(60, 64, 72);
      }
      // Stepping back undoes events: each event's cell and the colour it replaced.
      this.undo = new Uint32Array(replay.length);
      this.resets = [];
      replay.events.forEach((e, j) => { if (e.kind === K["new-bound"] && e.iteration > 0) this.resets.push(j); });
      this.at = 0;
      this.pixels.set(this.base);
      // Cells open and closed, kept as they change (a frame must not count the map).
      this.counts = [0, 0];
    }
    // Sets cell k's colour, keeping the counts.
    paint(k, c) {
      const old = this.pixels[k];
      if (old === this.colors[0]) this.counts[0]--; else if (old === this.colors[1]) this.counts[1]--;
      if (c === this.colors[0]) this.counts[0]++; else if (c === this.colors[1]) this.counts[1]++;
      this.pixels[k] = c;
    }
    wipe() {
      this.pixels.set(this.base);
      this.counts = [0, 0];
    }
    apply(j) {
      const e = this.r.events[j];
      if (e.kind === K["new-bound"] && e.iteration > 0) {
        // A new iteration starts from nothing: its marks alone show.
        this.wipe();
        return;
      }
      if (e.state < 0) return;
      this.undo[j] = this.pixels[e.state];
      if (e.kind === K.generate || e.kind === K.reopen) {
        if (this.pixels[e.state] === this.base[e.state]) this.paint(e.state, this.colors[0]);
      } else if (e.kind === K.expand || e.kind === K.goal) {
        this.paint(e.state, this.colors[1]);
      }
    }
    seek(i) {
      if (i < this.at) {
        // Back: undo down to i, unless an iteration's start lies between (its wipe cannot
        // be undone): then replay from the last start before i.
        let reset = -1;
        for (const j of this.resets) if (j >= i && j < this.at) { reset = j; break; }
        if (reset < 0) {
          for (let j = this.at - 1; j >= i; j--) {
            const e = this.r.events[j];
            if (e.state >= 0 && e.kind !== K["new-bound"]) this.paint(e.state, this.undo[j]);
          }
          this.at = i;
        } else {
          let from = 0;
          for (const j of this.resets) if (j < i) from = j;
          this.wipe();
          this.at = from;
        }
      }
      for (let j = this.at; j < i; j++) this.apply(j);
      this.at = i;
      this.draw();
    }
    // What the map shows: cells open and closed.
    summary() {
      const [open, closed] = this.counts;
      return { open, closed, path: this.at === this.r.length && this.r.run.path.length > 0 };
    }
    draw() {
      const z = this.zoom, c = this.canvas;
      if (c.width !== this.w * z || c.height !== this.h * z) { c.width = this.w * z; c.height = this.h * z; }
      this.small.getContext("2d").putImageData(this.image, 0, 0);
      const g = c.getContext("2d");
      g.imageSmoothingEnabled = false;
      g.drawImage(this.small, 0, 0, this.w * z, this.h * z);
      const i = this.at;
      const e = i > 0 ? this.r.events[i - 1] : null;
      const path = this.r.run.path;
      if (i === this.r.length && path.length > 0) {
        g.strokeStyle = "#f39c12";
        g.lineWidth = Math.max(2, z * 0.6);
        g.lineJoin = "round";
        g.beginPath();
        path.forEach(([x, y], k) => {
          const px = (x + 0.5) * z, py = (y + 0.5) * z;
          if (k === 0) g.moveTo(px, py); else g.lineTo(px, py);
        });
        g.stroke();
      }
      if (e && e.state >= 0) {
        const x = e.state % this.w, y = Math.floor(e.state / this.w);
        const r = Math.max(3, z);
        g.fillStyle = "#e0433a";
        g.fillRect(x * z + z / 2 - r / 2, y * z + z / 2 - r / 2, r, r);
      }
    }
  }

  // ----- Graphs with coordinates: nodes where their coordinates put them, arcs as lines,
  // nodes turning open (generated) and closed (expanded), the current node, the path at the
  // end. The graph is drawn once into a canvas of its own; the marks go into another as the
  // events come (a step back repaints them from the nodes' status); a frame copies both.
  class GraphView {
    constructor(replay) {
      this.r = replay;
      const xy = data.nodes, n = (this.n = xy.length / 2);
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (let v = 0; v < n; v++) {
        x0 = Math.min(x0, xy[2 * v]); x1 = Math.max(x1, xy[2 * v]);
        y0 = Math.min(y0, xy[2 * v + 1]); y1 = Math.max(y1, xy[2 * v + 1]);
      }
      if (n === 0) { x0 = y0 = 0; x1 = y1 = 1; }
      this.box0 = { x0, y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
      const zoomBar = el("div", "zoom");
      this.zoom = 1;
      const zoom = el("input");
      Object.assign(zoom, { type: "range", min: 1, max: 16, value: 1 });
      zoom.setAttribute("aria-label", "zoom");
      zoom.addEventListener("input", () => { this.zoom = Number(zoom.value); this.layout(); this.draw(); });
      zoomBar.append("zoom ", zoom);
      const legend = el("span", "legend");
      legend.innerHTML = '<i style="background:var(--open)"></i>open<i style="background:var(--closed)"></i>closed' +
        '<i style="background:var(--current)"></i>current<i style="background:var(--path)"></i>path' +
        (data.whole ? "" : " (a large graph: only the nodes the searches touched)");
      zoomBar.append(legend);
      replay.panel.appendChild(zoomBar);
      this.box = el("div", "view");
      this.canvas = el("canvas");
      this.box.appendChild(this.canvas);
      replay.panel.appendChild(this.box);
      this.status = new Uint8Array(n);
      this.counts = [n, 0, 0];
      this.undo = new Uint8Array(replay.length);
      this.resets = [];
      replay.events.forEach((e, j) => { if (e.kind === K["new-bound"] && e.iteration > 0) this.resets.push(j); });
      this.at = 0;
      // Laid out at the first seek, when every run's panel is on the page and has its width.
      this.base = null;
    }
    // The canvases at the zoom: the graph's width fits the panel at zoom 1; y grows upwards
    // (a map's north is up).
    layout() {
      const room = Math.max(260, Math.min(760, this.r.panel.clientWidth - 24));
      const b = this.box0, pad = 14;
      // Room for the names of a small graph's nodes (right of and above each node).
      this.labels = this.n <= 60;
      const right = this.labels ? 90 : pad, top = this.labels ? 26 : pad;
      const scale = (this.scale = ((room - pad - right) * this.zoom) / Math.max(b.w, b.h));
      const W = Math.ceil(b.w * scale + pad + right), H = Math.ceil(b.h * scale + pad + top);
      this.X = (v) => pad + (data.nodes[2 * v] - b.x0) * scale;
      this.Y = (v) => top + (b.y0 + b.h - data.nodes[2 * v + 1]) * scale;
      this.radius = Math.max(1.5, Math.min(6, (0.35 * Math.min(W, H)) / Math.sqrt(Math.max(1, this.n))));
      const base = (this.base = document.createElement("canvas"));
      base.width = W; base.height = H;
      const g = base.getContext("2d");
      g.fillStyle = "#ffffff"; g.fillRect(0, 0, W, H);
      g.strokeStyle = "#c3c9d4"; g.lineWidth = this.n > 5000 ? 0.6 : 1.2;
      g.beginPath();
      const arcs = data.arcs;
      for (let k = 0; k < arcs.length; k += 2) {
        g.moveTo(this.X(arcs[k]), this.Y(arcs[k])); g.lineTo(this.X(arcs[k + 1]), this.Y(arcs[k + 1]));
      }
      g.stroke();
      g.fillStyle = "#8a93a3";
      const r = this.radius;
      for (let v = 0; v < this.n; v++) g.fillRect(this.X(v) - r / 2, this.Y(v) - r / 2, r, r);
      if (this.labels) {
        g.font = "11px system-ui, sans-serif"; g.fillStyle = "#5b6475";
        for (let v = 0; v < this.n; v++) g.fillText(data.names[v], this.X(v) + r + 3, this.Y(v) - r - 2);
      }
      this.marks = document.createElement("canvas");
      this.marks.width = W; this.marks.height = H;
      this.repaint();
    }
    paint(g, v) {
      const r = this.radius;
      g.fillStyle = this.status[v] === 1 ? "#7cc47f" : "#6d8fc7";
      g.beginPath(); g.arc(this.X(v), this.Y(v), r, 0, 2 * Math.PI); g.fill();
    }
    repaint() {
      const g = this.marks.getContext("2d");
      g.clearRect(0, 0, this.marks.width, this.marks.height);
      for (let v = 0; v < this.n; v++) if (this.status[v] > 0) this.paint(g, v);
    }
    set(v, s) {
      this.counts[this.status[v]]--;
      this.status[v] = s;
      this.counts[s]++;
    }
    apply(j, g) {
      const e = this.r.events[j];
      if (e.kind === K["new-bound"] && e.iteration > 0) {
        // A new iteration starts from nothing: its marks alone show.
        for (let v = 0; v < this.n; v++) this.status[v] = 0;
        this.counts = [this.n, 0, 0];
        this.dirty = true;
        return;
      }
      if (e.state < 0) return;
      const before = (this.undo[j] = this.status[e.state]);
      if ((e.kind === K.generate || e.kind === K.reopen) && before === 0) this.set(e.state, 1);
      else if (e.kind === K.expand || e.kind === K.goal) this.set(e.state, 2);
      if (this.status[e.state] !== before && !this.dirty) this.paint(g, e.state);
    }
    seek(i) {
      if (this.base === null) this.layout();
      this.dirty = false;
      if (i < this.at) {
        // Back: undo down to i, unless an iteration's start lies between (its wipe cannot be
        // undone): then replay from the last start before i.
        let reset = -1;
        for (const j of this.resets) if (j >= i && j < this.at) { reset = j; break; }
        if (reset < 0) {
          for (let j = this.at - 1; j >= i; j--) {
            const e = this.r.events[j];
            if (e.state >= 0 && e.kind !== K["new-bound"]) this.set(e.state, this.undo[j]);
          }
          this.at = i;
        } else {
          let from = 0;
          for (const j of this.resets) if (j < i) from = j;
          for (let v = 0; v < this.n; v++) this.status[v] = 0;
          this.counts = [this.n, 0, 0];
          this.at = from;
        }
        this.dirty = true;
      }
      const g = this.marks.getContext("2d");
      for (let j = this.at; j < i; j++) this.apply(j, g);
      this.at = i;
      if (this.dirty) this.repaint();
      this.draw();
    }
    // What the drawing shows: nodes open and closed, the path.
    summary() {
      return { open: this.counts[1], closed: this.counts[2], path: this.at === this.r.length && this.r.run.path.length > 0 };
    }
    draw() {
      const c = this.canvas;
      if (c.width !== this.base.width || c.height !== this.base.height) { c.width = this.base.width; c.height = this.base.height; }
      const g = c.getContext("2d");
      g.drawImage(this.base, 0, 0);
      g.drawImage(this.marks, 0, 0);
      const i = this.at, path = this.r.run.path;
      if (i === this.r.length && path.length > 0) {
        g.strokeStyle = "#f39c12";
        g.lineWidth = Math.max(3, this.radius);
        g.lineJoin = "round";
        g.beginPath();
        path.forEach((v, k) => { if (k === 0) g.moveTo(this.X(v), this.Y(v)); else g.lineTo(this.X(v), this.Y(v)); });
        g.stroke();
      }
      const e = i > 0 ? this.r.events[i - 1] : null;
      if (e && e.state >= 0) {
        g.strokeStyle = "#e0433a"; g.lineWidth = 3;
        g.beginPath(); g.arc(this.X(e.state), this.Y(e.state), this.radius + 4, 0, 2 * Math.PI); g.stroke();
      }
    }
  }

  // ----- Boards: the current state, its costs, a chart, IDA*'s bounds, A*'s f-layers.
  class BoardView {
    constructor(replay) {
      this.r = replay;
      this.board = el("div", "view");
      replay.panel.appendChild(this.board);
      this.chart = el("canvas", "chart");
      replay.panel.appendChild(this.chart);
      const legend = el("div", "legend");
      legend.innerHTML = '<i style="background:#6d8fc7"></i>expanded<i style="background:#7cc47f"></i>' +
        (replay.depthFirst ? "path length" : "open nodes") + " (each scaled to its largest)";
      replay.panel.appendChild(legend);
      this.bounds = el("div", "bounds");
      replay.panel.appendChild(this.bounds);
      this.layers = el("div", "layers");
      replay.panel.appendChild(this.layers);
      this.boundEvents = [];
      replay.events.forEach((e, j) => { if (e.kind === K["new-bound"] && e.iteration > 0) this.boundEvents.push(j); });
      this.hasF = replay.events.some((e) => e.kind === K.expand && e.h !== undefined && e.h !== null);
      this.layerAt = 0;
      this.layerCounts = new Map();
    }
    seek(i) {
      const r = this.r;
      let j = i - 1;
      while (j >= 0 && r.events[j].state < 0) j--;
      const e = j >= 0 ? r.events[j] : null;
      this.drawState(e ? r.run.states[e.state] : null, e);
      this.drawChart(i);
      this.drawBounds(i);
      this.drawLayers(i);
    }
    // What the panel shows: the board's text, the bound, the f-layers.
    summary() {
      const layers = [...this.layerCounts.entries()].sort((a, b) => a[0] - b[0]);
      return { board: this.board.textContent, bounds: this.bounds.textContent, layers: JSON.stringify(layers) };
    }
    drawState(text, e) {
      const view = this.board;
      view.replaceChildren();
      if (text === null) { view.appendChild(el("pre", "state", "(no state yet)")); return; }
      const numbers = text.match(/-?\d+|x/g) || [];
      if (data.scene === "tiles") {
        const side = Math.round(Math.sqrt(numbers.length));
        const b = el("div", "board");
        b.style.gridTemplateColumns = "repeat(" + side + ", 44px)";
        numbers.forEach((t) => b.appendChild(el("div", t === "x" || t === "0" ? "tile blank" : "tile", t === "x" || t === "0" ? "" : t)));
        view.appendChild(b);
      } else if (data.scene === "rotation" && numbers.length === 24) {
        // POJ 2286's order: the # shape read row by row.
        const at = [2, 4, 9, 11, 14, 15, 16, 17, 18, 19, 20, 23, 25, 28, 29, 30, 31, 32, 33, 34, 37, 39, 44, 46];
        const b = el("div", "board");
        b.style.gridTemplateColumns = "repeat(7, 44px)";
        const cells = new Array(49).fill(null);
        at.forEach((p, k) => { cells[p] = numbers[k]; });
        cells.forEach((t, p) => {
          const centre = [16, 17, 18, 23, 25, 30, 31, 32].includes(p);
          const tile = el("div", t === null ? "tile none" : "tile c" + t, t === null ? "" : t);
          if (centre) tile.style.outline = "2px solid #1d2433";
          b.appendChild(tile);
        });
        view.appendChild(b);
      } else if (data.scene === "jugs") {
        const caps = data.capacities, most = Math.max(1, ...caps);
        const b = el("div", "jugs");
        numbers.forEach((t, k) => {
          const cap = caps[k] || most;
          const jug = el("div", "jug");
          jug.style.height = Math.round((120 * cap) / most) + "px";
          const water = el("div", "water");
          water.style.height = Math.round((100 * Number(t)) / cap) + "%";
          jug.append(water, el("span", null, t + "/" + cap));
          b.appendChild(jug);
        });
        view.appendChild(b);
      } else {
        view.appendChild(el("pre", "state", text));
      }
      if (e && e.g !== undefined) {
        view.appendChild(el("pre", "state", "depth " + e.depth + "   g " + showCost(e.g) + "   h " + showCost(e.h) +
          "   f " + showCost(e.g + e.h) + "   (" + data.kinds[e.kind] + ")"));
      }
    }
    drawChart(i) {
      const c = this.chart, r = this.r, n = r.length;
      // The chart's width read once (and again on a resize): reading it every frame would
      // force a layout of the page after the board's change.
      if (!this.chartWidth) {
        this.chartWidth = c.clientWidth || 400;
        window.addEventListener("resize", () => { this.chartWidth = 0; });
      }
      const w = this.chartWidth, h = 90;
      if (c.width !== w || c.height !== h) { c.width = w; c.height = h; }
      const g = c.getContext("2d");
      g.clearRect(0, 0, w, h);
      if (n === 0) return;
      // Each series' largest value, once (a frame must not walk every event).
      if (!this.most) {
        this.most = [r.expanded, r.frontier].map((values) => {
          let most = 1;
          for (let k = 0; k <= n; k++) most = Math.max(most, values[k]);
          return most;
        });
      }
      const series = [[r.expanded, "#6d8fc7", this.most[0]], [r.frontier, "#7cc47f", this.most[1]]];
      for (const [values, color, most] of series) {
        g.strokeStyle = color;
        g.lineWidth = 1.5;
        g.beginPath();
        for (let px = 0; px <= w; px++) {
          const k = Math.round((px / w) * n);
          const y = h - 4 - ((h - 8) * values[k]) / most;
          if (px === 0) g.moveTo(px, y); else g.lineTo(px, y);
        }
        g.stroke();
      }
      // Each iteration's start.
      g.strokeStyle = "#d4d8e0";
      for (const j of this.boundEvents) {
        const bx = Math.round((j / n) * w) + 0.5;
        g.beginPath(); g.moveTo(bx, 0); g.lineTo(bx, h); g.stroke();
      }
      const x = (i / n) * w;
      g.strokeStyle = "#e0433a";
      g.beginPath(); g.moveTo(x, 0); g.lineTo(x, h); g.stroke();
    }
    drawBounds(i) {
      const b = this.bounds;
      b.replaceChildren();
      if (this.boundEvents.length === 0) return;
      b.appendChild(el("span", null, "bounds"));
      b.lastChild.style.border = "none";
      let now = -1;
      this.boundEvents.forEach((j, k) => { if (j < i) now = k; });
      this.boundEvents.forEach((j, k) => {
        const e = this.r.events[j];
        b.appendChild(el("span", k === now ? "now" : "", showCost(e.bound)));
      });
    }
    drawLayers(i) {
      if (!this.hasF || this.r.depthFirst) { this.layers.replaceChildren(); return; }
      const layer = (j, by) => {
        const e = this.r.events[j];
        if (e.kind !== K.expand || e.g === undefined) return;
        const f = Math.round((e.g + e.h) * 1e6) / 1e6;
        const n = (this.layerCounts.get(f) || 0) + by;
        if (n === 0) this.layerCounts.delete(f); else this.layerCounts.set(f, n);
      };
      for (let j = this.layerAt - 1; j >= i; j--) layer(j, -1);
      for (let j = this.layerAt; j < i; j++) layer(j, 1);
      this.layerAt = i;
      const fs = [...this.layerCounts.keys()].sort((a, b) => a - b).slice(-24);
      const most = Math.max(1, ...fs.map((f) => this.layerCounts.get(f)));
      const L = this.layers;
      L.replaceChildren(el("span", "title", "expanded per f:"));
      for (const f of fs) {
        const col = el("div");
        const bar = el("i");
        bar.style.height = Math.max(1, Math.round((40 * this.layerCounts.get(f)) / most)) + "px";
        col.title = "f " + showCost(f) + ": " + this.layerCounts.get(f) + " expanded";
        col.append(bar, el("span", null, showCost(f)));
        L.appendChild(col);
      }
    }
  }

  // ----- Games: the tree as the search grows it, windows, cutoffs, values, the PV.
  class GameView {
    constructor(replay) {
      this.r = replay;
      this.build();
      this.box = el("div", "view");
      // Two layers: the tree, painted as events come (what changed only), and over it the
      // marks of the moment (the current node, the windows on its path, the principal
      // variation), cleared where they were drawn: a frame costs what changed, not the tree.
      const layers = el("div", "tree-layers");
      layers.style.position = "relative";
      this.canvas = el("canvas");
      this.overlay = el("canvas");
      this.overlay.style.position = "absolute";
      this.overlay.style.left = "0";
      this.overlay.style.top = "0";
      layers.append(this.canvas, this.overlay);
      this.box.appendChild(layers);
      replay.panel.appendChild(this.box);
      this.painted = { pass: -1, at: 0 };
      this.marked = [];
      const legend = el("div", "legend");
      legend.innerHTML = '<i style="background:#6d8fc7"></i>searched<i style="background:#fff;border:1px solid #333"></i>being searched' +
        '<i style="background:#7cc47f"></i>leaf<i style="background:#8e6cc7"></i>table hit<i style="background:#c0392b"></i>cutoff' +
        '<i style="background:#f39c12"></i>principal variation';
      replay.panel.appendChild(legend);
      this.stack = el("div", "stack");
      replay.panel.appendChild(this.stack);
      this.board = el("pre", "state");
      replay.panel.appendChild(this.board);
    }
    // Nodes from the events: a position's search starts with expand, leaf or table-hit at
    // its ply (a child of the position open one ply up) and ends with its value.
    build() {
      const ev = this.r.events;
      const nodes = (this.nodes = []);
      this.nodeOf = new Int32Array(ev.length).fill(-1);
      this.cutCount = new Int32Array(ev.length + 1);
      const open = [];
      let pass = -1;
      ev.forEach((e, j) => {
        this.cutCount[j + 1] = this.cutCount[j] + (e.kind === K.cutoff ? 1 : 0);
        if (e.kind === K["new-bound"]) return;
        const starts = e.kind === K.expand || e.kind === K.leaf || e.kind === K["table-hit"];
        let id = open[e.depth];
        if (starts && (e.counted || id === undefined || nodes[id].state !== e.state)) {
          if (e.depth === 0) pass += 1;
          const parent = e.depth > 0 && open[e.depth - 1] !== undefined ? open[e.depth - 1] : -1;
          id = nodes.length;
          nodes.push({ parent, ply: e.depth, state: e.state, born: j, pass, children: [],
            value: null, valued: -1, cut: -1, skipped: 0, hit: -1, leaf: e.kind === K.leaf, windows: [] });
          if (parent >= 0) nodes[parent].children.push(id);
          open[e.depth] = id;
          open.length = e.depth + 1;
        }
        if (id === undefined) return;
        const node = nodes[id];
        this.nodeOf[j] = id;
        if (e.kind === K.expand) node.windows.push([j, e.alpha, e.beta]);
        if (e.kind === K.leaf || e.kind === K.value) { node.value = e.value; node.valued = j; }
        // A table hit values the position (exactly, or as a bound that answered it); a
        // search that goes on after it values it again.
        if (e.kind === K["table-hit"]) { node.hit = j; node.value = e.value; node.valued = j; }
        if (e.kind === K.cutoff) { node.cut = j; node.skipped = e.skipped; node.windows.push([j, e.alpha, e.beta]); }
      });
      // Counts by step, and the nodes whose look changes with each event (born, valued, a
      // table hit, a cutoff): what an incremental frame repaints.
      // (Flat arrays: the nodes touched by event j are touchIds[touchAt[j] .. touchAt[j + 1]].)
      const ne = ev.length;
      const by = () => new Int32Array(ne + 1);
      this.bornBy = by(); this.valuedBy = by(); this.cutBy = by();
      const at = (this.touchAt = by());
      this.passFirst = [];
      for (let id = 0; id < nodes.length; id++) {
        const n = nodes[id];
        if (this.passFirst[n.pass] === undefined) this.passFirst[n.pass] = id;
        this.bornBy[n.born + 1]++;
        at[n.born + 1]++;
        if (n.valued >= 0) { this.valuedBy[n.valued + 1]++; at[n.valued + 1]++; }
        if (n.hit >= 0) at[n.hit + 1]++;
        if (n.cut >= 0) { this.cutBy[n.cut + 1]++; at[n.cut + 1]++; }
      }
      for (let j = 0; j < ne; j++) {
        this.bornBy[j + 1] += this.bornBy[j];
        this.valuedBy[j + 1] += this.valuedBy[j];
        this.cutBy[j + 1] += this.cutBy[j];
        at[j + 1] += at[j];
      }
      const ids = (this.touchIds = new Int32Array(at[ne]));
      const fill = at.slice(0, ne);
      for (let id = 0; id < nodes.length; id++) {
        const n = nodes[id];
        ids[fill[n.born]++] = id;
        if (n.valued >= 0) ids[fill[n.valued]++] = id;
        if (n.hit >= 0) ids[fill[n.hit]++] = id;
        if (n.cut >= 0) ids[fill[n.cut]++] = id;
      }
      // Layout per pass: leaves in the order they were reached, parents over their children.
      this.passes = [];
      nodes.forEach((n, id) => { if (n.parent < 0) this.passes.push(id); });
      this.maxPly = 0;
      let col = 0;
      const place = (id) => {
        const n = nodes[id];
        this.maxPly = Math.max(this.maxPly, n.ply);
        if (n.children.length === 0) { n.x = col++; return; }
        n.children.forEach(place);
        n.x = (nodes[n.children[0]].x + nodes[n.children[n.children.length - 1]].x) / 2;
      };
      this.columns = [];
      this.passes.forEach((root) => { col = 0; place(root); this.columns.push(col); });
    }
    cutoffs(i) { return this.cutCount[i]; }
    // What the tree shows: nodes born, valued and cut so far, the current one, the windows.
    summary() {
      const i = this.at;
      return { born: this.bornBy[i], valued: this.valuedBy[i], cut: this.cutBy[i], stack: this.stack.textContent };
    }
    seek(i) { this.at = i; this.draw(); }
    // The geometry of pass `pass`'s tree: one column per leaf, one row per ply.
    geometry(pass) {
      const cols = Math.max(1, this.columns[pass]);
      const gap = Math.max(3, Math.min(46, Math.floor(4000 / cols)));
      const levelH = 54, r = Math.max(1.5, Math.min(11, gap / 2.6));
      this.geo = { gap, r, labels: gap >= 18, small: r < 4, W: Math.max(200, cols * gap + 20), H: (this.maxPly + 1) * levelH + 28 };
      this.X = (n) => 10 + n.x * gap + gap / 2;
      this.Y = (n) => 26 + n.ply * levelH;
    }
    fill(n, i) {
      const valued = n.valued >= 0 && n.valued < i;
      const hit = n.hit >= 0 && n.hit < i;
      return !valued ? "#ffffff" : n.leaf ? "#7cc47f" : hit ? "#8e6cc7" : "#6d8fc7";
    }
    shape(g, n, fill, stroke, width) {
      const r = this.geo.r, x = this.X(n), y = this.Y(n);
      g.fillStyle = fill; g.strokeStyle = stroke; g.lineWidth = width;
      g.beginPath();
      if (n.leaf) g.rect(x - r, y - r, 2 * r, 2 * r); else g.arc(x, y, r, 0, 2 * Math.PI);
      g.fill(); g.stroke();
    }
    // A node as the tree layer shows it at step i; `marks` adds its cutoff and value labels
    // (drawn once, when they appear).
    look(g, id, i, marks) {
      const n = this.nodes[id], G = this.geo, r = G.r, x = this.X(n), y = this.Y(n);
      const fill = this.fill(n, i);
      const cut = n.cut >= 0 && n.cut < i;
      if (G.small) {
        // Dots: a square by colour (dark while being searched), a red corner for a cutoff.
        g.fillStyle = fill === "#ffffff" ? "#1d2433" : fill;
        g.fillRect(x - r, y - r, 2 * r, 2 * r);
        if (cut) { g.fillStyle = "#c0392b"; g.fillRect(x + r, y + r, 3, 3); }
        return;
      }
      this.shape(g, n, fill, "#1d2433", 1);
      if (!marks) return;
      if (cut) {
        g.strokeStyle = "#c0392b"; g.lineWidth = 3;
        g.beginPath(); g.moveTo(x + r + 2, y + r + 2); g.lineTo(x + r + 9, y + r + 9); g.stroke();
        if (G.labels) { g.fillStyle = "#c0392b"; g.fillText(n.skipped + " cut", x + r + 18, y + r + 18); }
      }
      if (G.labels && n.valued >= 0 && n.valued < i) {
        g.fillStyle = "#1d2433";
        g.fillText(showValue(n.value), x, y + r + 13);
      }
    }
    edge(g, n) {
      const p = this.nodes[n.parent];
      g.strokeStyle = "#b5bcc8"; g.lineWidth = 1;
      g.beginPath(); g.moveTo(this.X(p), this.Y(p)); g.lineTo(this.X(n), this.Y(n)); g.stroke();
    }
    // The tree layer of pass `pass` at step i, from nothing: edges, then nodes.
    repaint(pass, i) {
      const c = this.canvas, G = this.geo;
      if (c.width !== G.W || c.height !== G.H) { c.width = G.W; c.height = G.H; }
      const g = c.getContext("2d");
      g.clearRect(0, 0, c.width, c.height);
      g.font = "11px system-ui, sans-serif";
      g.textAlign = "center";
      const first = this.passFirst[pass], end = pass + 1 < this.passFirst.length ? this.passFirst[pass + 1] : this.nodes.length;
      const nodes = this.nodes;
      g.strokeStyle = "#b5bcc8"; g.lineWidth = 1;
      g.beginPath();
      for (let id = first; id < end && nodes[id].born < i; id++) {
        const n = nodes[id];
        if (n.parent < 0) continue;
        const p = nodes[n.parent];
        g.moveTo(this.X(p), this.Y(p)); g.lineTo(this.X(n), this.Y(n));
      }
      g.stroke();
      for (let id = first; id < end && nodes[id].born < i; id++) this.look(g, id, i, true);
      this.painted = { pass, at: i };
    }
    // The tree layer brought forward from its step to i: only the nodes events touched.
    advance(i) {
      const g = this.canvas.getContext("2d");
      g.font = "11px system-ui, sans-serif";
      g.textAlign = "center";
      for (let j = this.painted.at; j < i; j++) {
        for (let k = this.touchAt[j]; k < this.touchAt[j + 1]; k++) {
          const id = this.touchIds[k];
          const n = this.nodes[id];
          if (n.born === j && n.parent >= 0) {
            // A new child: its edge, under its parent's shape again and its own.
            this.edge(g, n);
            this.look(g, n.parent, i, false);
          }
          this.look(g, id, i, true);
        }
      }
      this.painted.at = i;
    }
    // Clears the overlay's marks of the last frame, where they were.
    unmark() {
      const g = this.overlay.getContext("2d");
      for (const [x, y, w, h] of this.marked) g.clearRect(x, y, w, h);
      this.marked = [];
    }
    draw() {
      const i = this.at, nodes = this.nodes;
      let cur = -1;
      for (let j = i - 1; j >= 0 && cur < 0; j--) cur = this.nodeOf[j];
      if (cur < 0) {
        // Nothing searched yet.
        this.canvas.width = 10; this.canvas.height = 10;
        this.overlay.width = 10; this.overlay.height = 10;
        this.painted = { pass: -1, at: 0 };
        this.marked = [];
        this.stack.textContent = ""; this.board.textContent = "";
        return;
      }
      const pass = nodes[cur].pass;
      const root = this.passes[pass];
      if (pass !== this.painted.pass || i < this.painted.at) {
        this.geometry(pass);
        this.repaint(pass, i);
        const o = this.overlay;
        if (o.width !== this.geo.W || o.height !== this.geo.H) { o.width = this.geo.W; o.height = this.geo.H; }
        else o.getContext("2d").clearRect(0, 0, o.width, o.height);
        this.marked = [];
      } else {
        this.advance(i);
        this.unmark();
      }
      const G = this.geo, r = G.r, X = this.X, Y = this.Y;
      const g = this.overlay.getContext("2d");
      g.font = "11px system-ui, sans-serif";
      const mark = (x0, y0, x1, y1) => this.marked.push([Math.floor(Math.min(x0, x1)) - 6, Math.floor(Math.min(y0, y1)) - 6,
        Math.ceil(Math.abs(x1 - x0)) + 12, Math.ceil(Math.abs(y1 - y0)) + 12]);
      if (i === this.r.length) {
        // The principal variation: from the root, the first child whose value is its parent's.
        const pv = [];
        let id = root;
        while (id >= 0) {
          pv.push(id);
          const n = nodes[id];
          const next = n.children.find((k) => nodes[k].value === n.value && nodes[k].valued >= 0);
          id = next === undefined ? -1 : next;
        }
        g.strokeStyle = "#f39c12"; g.lineWidth = 3;
        g.beginPath();
        for (const k of pv) {
          const n = nodes[k];
          if (n.parent < 0) continue;
          const p = nodes[n.parent];
          g.moveTo(X(p), Y(p)); g.lineTo(X(n), Y(n));
          mark(X(p), Y(p), X(n), Y(n));
        }
        g.stroke();
        for (const k of pv) {
          const n = nodes[k];
          this.shape(g, n, this.fill(n, i), "#f39c12", 3);
          mark(X(n) - r, Y(n) - r, X(n) + r, Y(n) + r);
        }
      }
      // The positions being searched, from the current one up: their windows.
      const path = [];
      for (let id = cur; id >= 0; id = nodes[id].parent) path.push(id);
      const windowOf = (n) => {
        let w = null;
        for (const [j, a, b] of n.windows) if (j < i) w = [a, b]; else break;
        return w;
      };
      if (G.labels) {
        g.fillStyle = "#5b6475";
        g.textAlign = "left";
        for (const id of path) {
          const n = nodes[id];
          if (n.valued >= 0 && n.valued < i) continue;
          const w = windowOf(n);
          if (!w) continue;
          const text = "[" + showValue(w[0]) + ", " + showValue(w[1]) + "]";
          g.fillText(text, X(n) + r + 4, Y(n) - r);
          mark(X(n) + r + 4, Y(n) - r - 12, X(n) + r + 8 + g.measureText(text).width, Y(n) - r + 3);
        }
        g.textAlign = "center";
      }
      const n = nodes[cur];
      this.shape(g, n, this.fill(n, i), "#e0433a", 3);
      mark(X(n) - r, Y(n) - r, X(n) + r, Y(n) + r);
      // The windows of the positions being searched, from the root down.
      const lines = [];
      for (let k = path.length - 1; k >= 0; k--) {
        const p = nodes[path[k]];
        const w = windowOf(p);
        const v = p.valued >= 0 && p.valued < i ? " = " + showValue(p.value) : "";
        const name = this.r.run.states[p.state];
        lines.push("ply " + p.ply + "  " + name + (w ? "  [" + showValue(w[0]) + ", " + showValue(w[1]) + "]" : "") + v);
      }
      this.stack.textContent = lines.join("\n");
      this.stack.style.whiteSpace = "pre";
      const st = this.r.run.states[n.state];
      this.board.textContent = st.includes("/") ? st.split("/").join("\n") : "";
      const x = X(n) - this.box.clientWidth / 2;
      if (x < this.box.scrollLeft || x > this.box.scrollLeft + this.box.clientWidth / 2) this.box.scrollLeft = Math.max(0, x);
    }
  }

  // ----- The controls: one bar drives every run in step.
  const root = document.getElementById("runs");
  const replays = data.runs.map((run, k) => new Replay(run, k, root));
  const length = Math.max(0, ...replays.map((r) => r.length));
  const $ = (id) => document.getElementById(id);
  const scrub = $("scrub");
  scrub.max = length;
  $("jump-to").max = length;
  let step = 0, timer = null, carry = 0, last = 0;
  function seekAll(i) {
    step = Math.max(0, Math.min(length, Math.floor(Number(i) || 0)));
    replays.forEach((r) => r.seek(step));
    scrub.value = step;
    $("position").textContent = step + " / " + length;
  }
  function frame(now) {
    if (timer === null) return;
    carry += ((now - last) / 1000) * Number($("speed").value);
    last = now;
    const n = Math.floor(carry);
    if (n > 0) { carry -= n; seekAll(step + n); }
    if (step >= length) { pause(); return; }
    timer = requestAnimationFrame(frame);
  }
  function play() {
    if (step >= length) seekAll(0);
    $("play").textContent = "pause";
    carry = 0; last = performance.now();
    timer = requestAnimationFrame(frame);
  }
  function pause() {
    if (timer !== null) cancelAnimationFrame(timer);
    timer = null;
    $("play").textContent = "play";
  }
  $("play").addEventListener("click", () => (timer === null ? play() : pause()));
  $("back").addEventListener("click", () => { pause(); seekAll(step - 1); });
  $("forward").addEventListener("click", () => { pause(); seekAll(step + 1); });
  $("to-start").addEventListener("click", () => { pause(); seekAll(0); });
  $("to-end").addEventListener("click", () => { pause(); seekAll(length); });
  scrub.addEventListener("input", () => { pause(); seekAll(scrub.value); });
  $("jump-to").addEventListener("change", () => { pause(); seekAll($("jump-to").value); });
  const kinds = new Set();
  replays.forEach((r) => r.events.forEach((e) => kinds.add(e.kind)));
  [...kinds].sort((a, b) => a - b).forEach((k) => {
    const o = el("option", null, data.kinds[k]);
    o.value = k;
    $("jump-kind").appendChild(o);
  });
  $("jump").addEventListener("click", () => {
    pause();
    const k = Number($("jump-kind").value);
    let next = length;
    for (const r of replays) {
      for (let j = step; j < r.length; j++) if (r.events[j].kind === k) { next = Math.min(next, j + 1); break; }
    }
    seekAll(next);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const keys = { " ": () => (timer === null ? play() : pause()), ArrowLeft: () => $("back").click(),
      ArrowRight: () => $("forward").click(), Home: () => $("to-start").click(), End: () => $("to-end").click() };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  const cut = data.runs.filter((r) => r.truncated);
  if (cut.length > 0) {
    const n = $("notice");
    n.hidden = false;
    n.textContent = "The recording was cut by the trace limit: " + cut.map((r) => r.label + " kept " +
      r.events.length + " of " + r.total + " events").join("; ") + ". Counters cover the kept events; " +
      "the printed statistics cover the whole search (raise --trace-limit to record more).";
  }

  // The contract: each run's length, seek(i) and state(); the first as window.replay.
  const api = replays.map((r) => ({
    get length() { return r.length; },
    seek: (i) => { r.seek(i); return r.state(); },
    state: () => r.state(),
    label: r.run.label,
    stats: r.run.stats,
  }));
  window.replays = api;
  window.replay = api[0];
  window.replayControls = { seek: seekAll, play, pause, get step() { return step; }, length };
  const params = new URLSearchParams(location.search);
  const at = params.get("step");
  seekAll(at === "end" ? length : at !== null ? Number(at) : 0);
  window.replayLoadMs = performance.now() - started;
})();

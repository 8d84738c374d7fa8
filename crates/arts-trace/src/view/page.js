// arts trace view: draws the time profile (all PEs or one) and the
// zoomable timeline from the binned data in #view-data, then marks the
// page ready (body data-ready="1") and lists where each view was drawn
// (body data-boxes="id:x,y,w,h;...", page coordinates) for tests, and
// the time it took (data-ready-ms).
"use strict";
(function () {
  const V = JSON.parse(document.getElementById("view-data").textContent);
  const SVGNS = "http://www.w3.org/2000/svg";
  const NCAT = V.groups.length + 2;
  const names = V.groups.concat(["idle", "overhead (untraced)"]);

  function fmt(t) {
    const a = Math.abs(t);
    if (a === 0) return "0";
    if (a < 1e-3) return (t * 1e6).toFixed(1) + " µs";
    if (a < 1) return (t * 1e3).toFixed(2) + " ms";
    return t.toFixed(3) + " s";
  }
  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // ---- Time profile ----
  function drawProfile(pe) {
    const host = document.getElementById("profile-chart");
    host.textContent = "";
    const W = 960, L = 70, R = 20, T = 20, PH = 300;
    const rows = pe === "all" ? V.profile_all : V.profile_pe[pe];
    const cap = pe === "all" ? V.pes : 1;
    const legendRows = Math.ceil(NCAT / 5);
    const H = T + PH + 50 + 16 * legendRows;
    const svg = el("svg", { width: W, height: H, viewBox: "0 0 " + W + " " + H, "font-family": "sans-serif", "font-size": 11 }, host);
    el("rect", { width: W, height: H, fill: "white" }, svg);
    const pw = W - L - R, cw = pw / V.bins;
    for (let b = 0; b < V.bins; b++) {
      let y = T + PH;
      for (let c = 0; c < NCAT; c++) {
        const h = rows[c][b] / cap * PH;
        if (h <= 0) continue;
        y -= h;
        const r = el("rect", { x: (L + b * cw).toFixed(2), y: y.toFixed(2), width: (cw + 0.05).toFixed(2), height: h.toFixed(2), fill: COLOURS[c] }, svg);
        el("title", {}, r).textContent = names[c] + ": " + (100 * rows[c][b] / cap).toFixed(1) + "% at " + fmt(V.t0_s + b * V.bin_s);
      }
    }
    for (let i = 0; i <= 4; i++) {
      const t = el("text", { x: L - 6, y: T + PH - PH * i / 4 + 4, "text-anchor": "end" }, svg);
      t.textContent = (25 * i) + "%";
    }
    el("line", { x1: L, y1: T + PH, x2: W - R, y2: T + PH, stroke: "#333" }, svg);
    for (let i = 0; i <= 5; i++) {
      const t = el("text", { x: L + pw * i / 5, y: T + PH + 16, "text-anchor": "middle" }, svg);
      t.textContent = fmt(V.t0_s + (V.t1_s - V.t0_s) * i / 5);
    }
    let x = L, y = T + PH + 40;
    for (let c = 0; c < NCAT; c++) {
      const w = 24 + 6.5 * Math.min(names[c].length, 40);
      if (x + w > W - R) { x = L; y += 16; }
      el("rect", { x: x, y: y - 9, width: 12, height: 10, fill: COLOURS[c], stroke: "#666", "stroke-width": 0.5 }, svg);
      el("text", { x: x + 16, y: y }, svg).textContent = names[c];
      x += w;
    }
  }
  const sel = document.getElementById("profile-pe");
  if (V.profile_pe) {
    for (let p = 0; p < V.pes; p++) {
      const o = document.createElement("option");
      o.value = String(p);
      o.textContent = "PE " + p;
      sel.appendChild(o);
    }
  } else {
    sel.disabled = true;
    sel.title = "too many PEs to send each one's profile";
  }
  sel.addEventListener("change", () => drawProfile(sel.value === "all" ? "all" : Number(sel.value)));
  drawProfile("all");

  // ---- Timeline ----
  const TL = V.timeline;
  const canvas = document.getElementById("tl-canvas");
  const tip = document.getElementById("tl-tip");
  const msgs = document.getElementById("tl-msgs");
  const CW = 960, LM = 60, AX = 30;
  const rowH = Math.max(3, Math.min(22, 480 / V.pes));
  const CH = V.pes * rowH + AX;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = CW * dpr;
  canvas.height = CH * dpr;
  canvas.style.height = CH + "px";
  const ctx = canvas.getContext("2d");
  let view = [TL.from_s, Math.max(TL.to_s, TL.from_s + 1e-9)];
  const xOf = (t) => LM + (t - view[0]) / (view[1] - view[0]) * (CW - LM);
  function drawTimeline() {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "white";
    ctx.fillRect(0, 0, CW, CH);
    const lo = view[0], hi = view[1];
    for (const b of TL.boxes) {
      const s = b[2], e = b[2] + b[3];
      if (e < lo || s > hi) continue;
      const x0 = Math.max(LM, xOf(s)), x1 = Math.min(CW, xOf(e));
      const y = b[0] * rowH;
      if (b[1] < 0) {
        ctx.fillStyle = COLOURS[NCAT - 2];
        ctx.fillRect(x0, y + rowH * 0.3, Math.max(0.5, x1 - x0), Math.max(1, rowH * 0.4 - 1));
      } else {
        ctx.fillStyle = COLOURS[b[1]];
        ctx.fillRect(x0, y, Math.max(0.5, x1 - x0), Math.max(1, rowH - 1));
      }
    }
    if (msgs.checked) {
      ctx.strokeStyle = "rgba(0,0,0,0.55)";
      ctx.lineWidth = 0.7;
      for (const m of TL.sends) {
        if (m[2] < lo || m[2] > hi || m[0] === m[1]) continue;
        const x = xOf(m[2]), y0 = (m[0] + 0.5) * rowH, y1 = (m[1] + 0.5) * rowH;
        ctx.beginPath();
        ctx.moveTo(x, y0);
        ctx.lineTo(x + 4, y1);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(x + 4, y1, 1.5, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    ctx.fillStyle = "white";
    ctx.fillRect(0, 0, LM, CH);
    ctx.fillStyle = "#222";
    ctx.font = "11px sans-serif";
    ctx.textAlign = "right";
    const every = Math.max(1, Math.ceil(12 / rowH));
    for (let p = 0; p < V.pes; p += every) ctx.fillText("PE " + p, LM - 5, (p + 0.5) * rowH + 4);
    const ay = V.pes * rowH;
    ctx.strokeStyle = "#333";
    ctx.beginPath();
    ctx.moveTo(LM, ay + 0.5);
    ctx.lineTo(CW, ay + 0.5);
    ctx.stroke();
    ctx.textAlign = "center";
    for (let i = 0; i <= 5; i++) {
      const x = LM + (CW - LM - 30) * i / 5;
      ctx.fillText(fmt(lo + (hi - lo) * (x - LM) / (CW - LM)), x, ay + 16);
    }
  }
  canvas.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = canvas.getBoundingClientRect();
    const x = ev.clientX - r.left;
    const t = view[0] + (x - LM) / (CW - LM) * (view[1] - view[0]);
    const k = ev.deltaY > 0 ? 1.25 : 0.8;
    const span = Math.max(1e-9, (view[1] - view[0]) * k);
    const f = (t - view[0]) / (view[1] - view[0]);
    view = [t - f * span, t + (1 - f) * span];
    drawTimeline();
  }, { passive: false });
  let drag = null;
  canvas.addEventListener("mousedown", (ev) => { drag = { x: ev.clientX, v: view.slice() }; });
  window.addEventListener("mouseup", () => { drag = null; });
  canvas.addEventListener("mousemove", (ev) => {
    const r = canvas.getBoundingClientRect();
    const x = ev.clientX - r.left, y = ev.clientY - r.top;
    if (drag) {
      const dt = (ev.clientX - drag.x) / (CW - LM) * (drag.v[1] - drag.v[0]);
      view = [drag.v[0] - dt, drag.v[1] - dt];
      drawTimeline();
      tip.style.display = "none";
      return;
    }
    const pe = Math.floor(y / rowH), t = view[0] + (x - LM) / (CW - LM) * (view[1] - view[0]);
    let hit = null;
    for (const b of TL.boxes) {
      if (b[0] === pe && b[2] <= t && t <= b[2] + b[3]) { hit = b; break; }
    }
    if (!hit) { tip.style.display = "none"; return; }
    tip.textContent = "PE " + pe + ": " + (hit[1] < 0 ? "idle" : names[hit[1]]) + ", " + fmt(hit[3]) + " at " + fmt(hit[2]);
    tip.style.left = (x + 12) + "px";
    tip.style.top = (y + 8) + "px";
    tip.style.display = "block";
  });
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  document.getElementById("tl-reset").addEventListener("click", () => {
    view = [TL.from_s, Math.max(TL.to_s, TL.from_s + 1e-9)];
    drawTimeline();
  });
  msgs.addEventListener("change", drawTimeline);
  drawTimeline();

  // ---- Ready ----
  const boxes = [];
  for (const c of document.querySelectorAll(".chart")) {
    const r = c.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) {
      boxes.push(c.id + ":" + Math.round(r.left + window.scrollX) + "," + Math.round(r.top + window.scrollY) + "," + Math.round(r.width) + "," + Math.round(r.height));
    }
  }
  document.body.dataset.boxes = boxes.join(";");
  // Milliseconds from the start of navigation until every view was drawn.
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = "1";
})();

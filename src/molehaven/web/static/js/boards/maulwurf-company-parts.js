// Drawing pieces of the Die Maulwurf Company table shared by the board and its side panels:
// SVG helpers and the board's geometry (all from the game's public data), the players' discs,
// the stack of layers and the legend.
import { el, freeSeat, freeSeatLabel, notStarted, seatLabel, seatNumber } from "../util.js";

const NS = "http://www.w3.org/2000/svg";
export const S = 100; // SVG units per lattice step

export function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  return node;
}

export function pointName(q, r) {
  const sign = (n) => (n >= 0 ? `+${n}` : `${n}`);
  return sign(q) + sign(r);
}

// The board's geometry, from the game's public data.
export function geometry(data) {
  const layerIndex = new Map(data.layers.map((layer, index) => [layer.name, index]));
  const steps = new Map(data.directions.map((d) => [d.name, d.step]));
  return { data, points: data.points, layers: data.layers, layerIndex, steps };
}

// Where each of a layer's points is as a sighted player says it: its row from the top and its
// place in that row from the left ({row, place}, both from 1), from the game's own screen
// coordinates. The notation's "-5+0" is for typing; "row 6, point 1 from the left" can be
// pictured.
export function rowPlaces(geo, layer) {
  const rows = new Map();
  for (const name of layer.points) {
    const at = Math.round(geo.points[name].y * 1000);
    if (!rows.has(at)) rows.set(at, []);
    rows.get(at).push(name);
  }
  const places = new Map();
  [...rows.keys()].sort((a, b) => a - b).forEach((at, index) => {
    rows.get(at).sort((a, b) => geo.points[a].x - geo.points[b].x)
      .forEach((name, place) => places.set(name, { row: index + 1, place: place + 1 }));
  });
  return places;
}

// The points one step from ``name`` in each of the six directions that are on ``layer``.
export function neighbours(geo, layer, name) {
  const point = geo.points[name];
  if (!point) return [];
  const on = new Set(layer.points);
  return [...geo.steps.values()].map(([dq, dr]) => pointName(point.q + dq, point.r + dr)).filter((next) => on.has(next));
}

export function xy(geo, name) {
  const point = geo.points[name];
  return { x: point.x * S, y: point.y * S };
}

// Where the notation ``move <point> <dir>`` takes a mole with the kept disc ``value``:
// ``value`` steps along ``dir`` (rules section 8). Legality is the engine's: only legal moves
// are drawn.
export function landing(geo, from, direction, value) {
  const point = geo.points[from];
  const step = geo.steps.get(direction);
  if (!point || !step || !value) return null;
  const name = pointName(point.q + value * step[0], point.r + value * step[1]);
  return geo.points[name] ? name : null;
}

export function layerHoles(geo, obs, layerName) {
  const index = geo.layerIndex.get(layerName);
  const rotation = obs.rotations ? obs.rotations[layerName] : null;
  if (index === undefined || rotation === null || rotation === undefined) return { holes: [], specials: [] };
  const layer = geo.layers[index];
  return { holes: layer.holes[rotation], specials: layer.specials[rotation] };
}

export function seatColour(geo, seat) {
  return geo.data.seat_colours[seat] || "grey";
}

export function layerShape(geo, layer, className) {
  const corners = layer.outline.map((name) => xy(geo, name));
  if (layer.shape === "star") {
    const group = svg("g", { class: className });
    for (const corner of corners) group.append(svg("line", { x1: 0, y1: 0, x2: corner.x, y2: corner.y }));
    return group;
  }
  return svg("polygon", { points: corners.map((c) => `${c.x},${c.y}`).join(" "), class: className });
}

// Draw one layer with its moles. ``marks`` says which points are targets, which moles may be
// selected, and which moles are leaving or dropping.
export function shovel(x, y) {
  // A small golden shovel: a blade and a handle.
  const group = svg("g", { class: "mc-shovel", transform: `translate(${x} ${y}) rotate(-35)` });
  group.append(svg("rect", { x: -4, y: -30, width: 8, height: 30, rx: 3 }));
  group.append(svg("path", { d: "M -14 0 L 14 0 L 10 20 Q 0 30 -10 20 Z" }));
  return group;
}

// Where a mole may go (or be placed): a white disc with a black rim and a black centre, a
// bullseye. No seat is white or black (red, blue, green, yellow), so a target never reads as a
// mole, on any layer's ground, a hole or a special field.
export function targetMarks(x, y, r) {
  return [
    svg("circle", { cx: x, cy: y, r, class: "mc-target-mark" }),
    svg("circle", { cx: x, cy: y, r: Math.max(6, r * 0.28), class: "mc-target-dot" }),
  ];
}

// The ring the keyboard's focus shows around a target or a mole (the CSS shows it on
// :focus-visible): dark blue on a white edge, clear of the target's own black and white rings.
export function focusRing(x, y, r) {
  const ring = svg("g", { class: "mc-focus-ring", "aria-hidden": "true" });
  ring.append(svg("circle", { cx: x, cy: y, r, class: "mc-focus-halo" }), svg("circle", { cx: x, cy: y, r, class: "mc-focus-line" }));
  return ring;
}

// The ring around a mole that may move: a black band with a white line on it, dashed while the
// mole can be chosen, solid and thicker once it is the selected one. Black and white together
// stand out against every seat's colour and every ground (white alone vanishes on yellow,
// black alone on blue).
export function moleRing(x, y, selected) {
  const kind = selected ? "mc-ring selected" : "mc-ring";
  return [
    svg("circle", { cx: x, cy: y, r: selected ? 42 : 40, class: `${kind} mc-ring-dark` }),
    svg("circle", { cx: x, cy: y, r: selected ? 42 : 40, class: `${kind} mc-ring-light` }),
  ];
}

// A mole: its body and its seat's number. One in a hole sits low in it, behind the hole's near
// lip, drawn over its lower part. It showed only as a mole with a thin white rim on the dark
// hole, and the ring of a mole that may move covers the hole's edge: ringed, it looked like
// any other mole. The lip stays inside the ring, the selected mole's thick one too.
export function moleFigure(x, y, seat, inHole) {
  const label = svg("text", { x, y: inHole ? y - 8 : y, class: "mc-mole-label" });
  label.textContent = String(seatNumber(seat));
  if (!inHole) return [svg("circle", { cx: x, cy: y, r: 30, class: "mc-mole-body" }), label];
  // Within 29 units of the point: the selected mole's ring begins at 30.
  const lip = `M ${x - 28.7} ${y + 4} A 29 29 0 0 0 ${x + 28.7} ${y + 4} Q ${x} ${y + 16} ${x - 28.7} ${y + 4} Z`;
  return [
    svg("circle", { cx: x, cy: y - 6, r: 23, class: "mc-mole-body" }),
    label,
    svg("path", { d: lip, class: "mc-hole-lip" }),
    svg("path", { d: `M ${x - 28.7} ${y + 4} Q ${x} ${y + 16} ${x + 28.7} ${y + 4}`, class: "mc-hole-lip-edge" }),
  ];
}

// ------------------------------------------------------------------------ panels

export function disc(value, className) {
  return el("span", { class: `mc-disc ${className}`, text: value === null ? "" : String(value), "aria-hidden": "true" });
}

export function seatsPanel(geo, context, obs) {
  const rows = [];
  const holes = new Set(obs.holes || []);
  for (let seat = 0; seat < (obs.players || 0); seat += 1) {
    const faceUp = (obs.face_up || [])[seat] || [];
    const faceDown = (obs.face_down || [])[seat] || {};
    const downCount = Object.values(faceDown).reduce((a, b) => a + b, 0);
    const inHoles = Object.entries(obs.moles || {}).filter(([name, owner]) => owner === seat && holes.has(name)).length;
    const left = (obs.moles_left || [])[seat] ?? 0;
    const toPlace = (obs.moles_to_place || [])[seat] ?? 0;
    const current = obs.current === seat && obs.phase !== "over";
    const remaining = Object.entries(faceDown).filter(([, n]) => n > 0).map(([v, n]) => `${n}× ${v}`).join(", ");
    const discs = el("span", { class: "mc-discs", title: `Face down: ${downCount} (${remaining || "none"}). Face up, in order: ${faceUp.join(", ") || "none"}` },
      faceUp.map((value, index) => disc(value, `up${current && obs.value !== null && index === faceUp.length - 1 ? " kept" : ""}`)),
      Array.from({ length: downCount }, () => disc(null, "down")));
    const facts = [];
    // Before the start "0 moles · 10 to place" read as a game under way with nobody's mole
    // placed yet: what a table being gathered learns is how many each places.
    if (notStarted(context.table)) facts.push(`${toPlace} mole${toPlace === 1 ? "" : "s"} to place`);
    else {
      facts.push(`${left} mole${left === 1 ? "" : "s"}`);
      if (toPlace) facts.push(`${toPlace} to place`);
      else facts.push(`${inHoles} in holes`);
    }
    const free = freeSeat(context.table, seat);
    rows.push(el("li", { class: `mc-seat${current ? " current" : ""}${(obs.out || [])[seat] ? " out" : ""}${seat === context.you ? " you" : ""}${free ? " free" : ""}`, "data-seat": seat },
      el("span", { class: `mc-swatch seat-${seatColour(geo, seat)}`, "aria-hidden": "true", text: String(seatNumber(seat)) }),
      el("span", { class: "mc-seat-name", text: free ? freeSeatLabel(seat) : seatLabel(context.table, seat, context.you) }),
      (obs.out || [])[seat] ? el("span", { class: "mc-badge", text: "out" }) : null,
      el("span", { class: "mc-seat-facts", text: facts.join(" · ") }),
      el("span", { class: "mc-seat-discs" }, el("span", { class: "sr-only", text: `discs face up ${faceUp.join(" ") || "none"}, ${downCount} face down` }), discs)));
  }
  return el("section", { class: "mc-panel mc-seats", "aria-label": "Players and discs" }, el("h3", { text: "Players · discs" }), el("ul", {}, rows));
}

// Whether this table plays with special fields (MC-19): its ``special_fields`` option. The
// observation names only the current layer's (none on green, whatever the option), and the
// public data every layer's printed ones; a table without options (a board drawn alone) plays
// the standard game, with them.
export function specialFieldsInPlay(table) {
  return !(table && table.options && table.options.special_fields === false);
}

function miniLayer(geo, obs, layer, state, specialsOn) {
  const radius = 5.6;
  const box = svg("svg", { viewBox: `${-radius * S} ${-radius * S * 0.9} ${2 * radius * S} ${2 * radius * S * 0.9}`, class: "mc-mini", "aria-hidden": "true" });
  box.append(layerShape(geo, layer, `mc-ground mc-ground-${layer.name}`));
  const { holes, specials } = layerHoles(geo, obs, layer.name);
  for (const name of specialsOn ? specials : []) {
    const { x, y } = xy(geo, name);
    box.append(svg("circle", { cx: x, cy: y, r: 40, class: "mc-special" }));
  }
  for (const name of holes) {
    const { x, y } = xy(geo, name);
    box.append(svg("circle", { cx: x, cy: y, r: 48, class: layer.name === "blue" ? "mc-hole mc-golden" : "mc-hole" }));
  }
  return el("li", { class: `mc-stack-layer ${state}`, "data-layer": layer.name }, box, el("span", { text: `${layer.name}${state === "now" ? " (now)" : state === "gone" ? " (lifted)" : ""}` }));
}

// ``specialsOn``: whether the table plays with special fields (``specialFieldsInPlay``).
export function layersPanel(geo, obs, specialsOn = true) {
  const current = geo.layerIndex.get(obs.layer);
  const items = geo.layers.map((layer, index) => miniLayer(geo, obs, layer, index < current ? "gone" : index === current ? "now" : "below", specialsOn));
  return el("section", { class: "mc-panel mc-stack", "aria-label": "The four layers" }, el("h3", { text: "Layers, top to bottom" }), el("ol", {}, items));
}

function legendIcon(draw) {
  const box = svg("svg", { viewBox: "-50 -50 100 100", class: "mc-icon", "aria-hidden": "true" });
  draw(box);
  return box;
}

// ``you``: the page's seat, whose colour and number the legend's moles wear ("your mole"); a
// spectator's legend shows the first seat's. ``specialsOn``: whether the table plays with
// special fields (MC-19); without them the legend has no line for one.
export function legendPanel(geo, obs, you = null, specialsOn = true) {
  const item = (draw, text) => el("li", {}, legendIcon(draw), el("span", { text }));
  const circle = (cls, r, extra = {}) => (box) => box.append(svg("circle", { cx: 0, cy: 0, r, class: cls, ...extra }));
  const own = Number.isInteger(you) && you >= 0 ? you : 0;
  const mole = (inHole, extra = "") => (box) => {
    if (inHole) box.append(svg("circle", { cx: 0, cy: 0, r: 34, class: "mc-hole" }));
    const group = svg("g", { class: `mc-mole seat-${seatColour(geo, own)}${inHole ? " in-hole" : ""}${extra}` });
    group.append(...moleFigure(0, 0, own, inHole));
    if (extra.includes("movable")) group.append(...moleRing(0, 0, extra.includes("selected")));
    box.append(group);
  };
  const items = [
    item(circle("mc-point", 10), "point (moles stand where lines cross)"),
    item(circle("mc-hole", 40), "hole: get your moles into these"),
    item(mole(true), "mole in a hole (sunk behind the hole's lip): saved when the layer is lifted"),
    specialsOn ? item(circle("mc-special", 30), "special field: landing here offers a bonus disc") : null,
    item((box) => { box.append(svg("circle", { cx: 0, cy: 0, r: 40, class: "mc-hole mc-golden" })); box.append(shovel(0, 0)); }, "golden shovel (blue layer): first mole in wins"),
    item(mole(false, " movable"), "your mole that can move now: dashed ring (click it)"),
    item(mole(true, " movable"), "your mole in a hole that can move now"),
    item(mole(false, " movable selected"), "the selected mole: solid black and white ring"),
    item((box) => {
      const target = svg("g", { class: "mc-target mc-legend-target" });
      target.append(...targetMarks(0, 0, 34));
      box.append(target);
    }, "where it may go: white target, click to move (or place)"),
    item((box) => { box.append(svg("line", { x1: -40, y1: 20, x2: 40, y2: -20, class: "mc-last-path" })); box.append(svg("circle", { cx: -40, cy: 20, r: 14, class: "mc-last-from" })); }, "the last move"),
    item((box) => box.append(svg("polygon", { points: "-50,50 -50,-10 0,-40 50,-10 50,50", class: "mc-below mc-ground-red" })), "tinted: where the next layer down lies"),
  ];
  const seats = (obs.players ? Array.from({ length: obs.players }, (_, seat) => seat) : []).map((seat) =>
    el("li", {}, el("span", { class: `mc-swatch seat-${seatColour(geo, seat)}`, text: String(seatNumber(seat)) }), el("span", { text: `seat ${seatNumber(seat)}: ${seatColour(geo, seat)}` })));
  const discs = [
    el("li", {}, disc(3, "up"), el("span", { text: "disc turned face up (its value)" })),
    el("li", {}, disc(3, "up kept"), el("span", { text: "the disc being played now" })),
    el("li", {}, disc(null, "down"), el("span", { text: "disc still face down (nobody knows which)" })),
  ];
  return el("details", { class: "mc-panel mc-legend" }, el("summary", { text: "Legend", "data-focus-key": "mc-legend" }), el("ul", {}, items, seats, discs));
}

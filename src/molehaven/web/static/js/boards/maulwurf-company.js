// The drawn Die Maulwurf Company table: the current layer as its lattice (SVG), the layers
// below as a hint, every seat's discs, and a prompt for each choice. The board's geometry is
// the game's own (``guide.data`` is ``MaulwurfCompanyGame.public_data()``); what may be
// clicked is exactly the seat's legal actions. A move is two clicks: a mole (which only
// selects) and then a destination, which carries the full legal action.
import { arrowTarget, focusPlace, keepFocus, readingOrder } from "../focus.js";
import { capitalize, el, markScrollEdges, notStarted, seatLabel } from "../util.js";
import { renderObservation } from "../observation.js";
import { S, disc, focusRing, geometry, landing, layerShape, layersPanel, legendPanel, moleFigure, moleRing, neighbours, rowPlaces, seatColour, seatsPanel, shovel, specialFieldsInPlay, svg, targetMarks, xy } from "./maulwurf-company-parts.js";

export const stylesheet = "css/boards/maulwurf-company.css";
// Shown where other games show their scores (MC-30: a winner scores 1, everyone else 0): how
// this table's game is won, by its options (``render`` sets it; the page reads it after).
export let noScores = howItIsWon(null, null);

// MC-22: the golden shovel; MC-23: the last player with moles wins at once, or plays on alone
// to the shovel (``sole_survivor``); MC-25: after ``max_turns`` turns everyone still in wins
// together, said where a table sets its own limit (the standard 5,000 only stops a game that
// loops; the turn count names it once it comes near). ``guide``: the game's guide, whose
// ``options`` give the standard values. A table without options (a board drawn alone) plays
// the standard game.
function howItIsWon(options, guide) {
  const shovelWins = "No points in this game: the first mole to reach the golden shovel wins";
  const words = options && options.sole_survivor === "plays_on"
    ? `${shovelWins}; a player left alone with moles plays on to reach it.`
    : `${shovelWins}; a player left alone with moles wins at once.`;
  const limit = options && options.max_turns;
  const standard = ((guide && guide.options) || []).find((option) => option.name === "max_turns");
  if (!Number.isInteger(limit) || !standard || limit === standard.default) return words;
  const turns = `${limit.toLocaleString("en")} turn${limit === 1 ? "" : "s"}`;
  return `${words} After ${turns}, everyone still in wins together.`;
}

const MARGIN = 0.48; // lattice steps around the current layer
const LEAVING_MS = 1600; // how long a lifted layer stays on screen with its moles leaving
const DROPPED_MS = 2600; // how long dropped moles stay marked on the new layer
const EVENTS_KEPT = 6;
const LAYER_WORDS = { green: "Green", red: "Red", brown: "Brown", blue: "Blue" };
// A point's touch area (a target's or a movable mole's), in lattice steps from its centre:
// short of half a step, so that neighbouring points' areas never overlap. On a phone the
// layer is drawn at a scale that makes it 40 px across (the CSS, --mc-units).
const TOUCH = 0.48;
// The radii of the targets, and of the keyboard's focus ring around a mole and around a target.
const DESTINATION = 36;
const PLACE = 24;
const MOLE_RING = 58;
const RING_GAP = 14;

// What this page remembers between renders: the observation drawn last (to notice a layer
// being lifted), the selected mole, and the lifted layer being shown.
const memory = {
  table: null,
  previous: null,
  previousValue: null,
  selected: null,
  lifting: null,
  dropped: null,
  // The board's geometry (the game's data, the same all game), for a lift asked about before
  // the board is drawn (stillShowing); whether the last drawing was a replay's step.
  geo: null,
  replaying: false,
  lastMove: null,
  timer: null,
  root: null,
  context: null,
  legendOpen: false,
  // On a phone: the layer drawn large in a window that scrolls ("near"), or whole ("whole"),
  // before the start and once it has started (zoomNow); where the window was scrolled, and
  // what it last brought into view. Before the start nothing is tapped and the green layer
  // is empty: it opens whole (drawn near, a phone showed a corner of it). So does a finished
  // game's last layer (also a replay's last step), the position a player then looks at, as
  // Mole Majority's meadow does.
  zoomBy: { gathering: "whole", playing: "near", over: "whole" },
  scrolled: null,
  focusKey: null,
  watch: null,
  // The keyboard: the layer is one Tab stop, the arrows move between what it offers. ``current``
  // is the target or mole the Tab stop is on (its focus key), kept while it is offered;
  // ``currentAt`` where it was, so that the next turn's Tab stop starts near it; ``column`` the
  // x that Up and Down keep to while they are pressed in a row, as a text editor keeps its column.
  current: null,
  currentAt: null,
  column: null,
  // The move log's line pointed at (highlightMove): where its move was, and whether the
  // layer shows each point's name (the legend's switch), as the log names them.
  pointed: null,
  pointNames: false,
  // The line of the move log whose move was brought into view, to go back to ({list, n};
  // offerBack).
  back: null,
};

function nameOf(context, seat) {
  return seat === context.you ? "You" : seatLabel(context.table, seat);
}

function activate(node, action, onAction, label) {
  node.setAttribute("data-action", action);
  node.setAttribute("tabindex", "-1"); // the layer's one Tab stop is set by keyboard()
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label || action);
  node.classList.add("legal");
  node.addEventListener("click", () => onAction(action));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onAction(action);
    }
  });
}

function selectable(node, point, label, selected) {
  node.setAttribute("data-mole", point);
  // Named for keepFocus: the mole keeps the keyboard's focus when the board is drawn again.
  node.setAttribute("data-focus-key", `mole:${point}`);
  node.setAttribute("tabindex", "-1");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.setAttribute("aria-pressed", String(selected));
  const choose = () => {
    memory.selected = point;
    draw();
    const again = memory.root && memory.root.querySelector(`[data-mole="${point}"]`);
    if (again) again.focus({ preventScroll: true });
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose();
    }
  });
}

// ------------------------------------------------------------------------ the layer

function drawLayer(geo, obs, layerName, moles, marks) {
  const layer = geo.layers[geo.layerIndex.get(layerName)];
  const radius = layer.radius + MARGIN;
  const width = 2 * radius * S;
  // A phone on its side (the CSS) takes the layer's width from the screen's height by this ratio.
  const height = 2 * radius * S * 0.92;
  const board = svg("svg", {
    viewBox: `${-width / 2} ${-height / 2} ${width} ${height}`,
    class: `mc-layer mc-${layerName}`,
    // A group, not an image: an image's parts are hidden from a screen reader, and the
    // targets and moles in it are buttons to be found.
    role: "group",
    "aria-label": `The ${layerName} layer`,
    // Not a Tab stop of its own: Chromium made the layer one (a scroller, to its eyes) once its
    // targets were not, an empty stop before the one that is.
    tabindex: "-1",
  });
  board.append(layerShape(geo, layer, `mc-ground mc-ground-${layerName}`));
  // The hint of the layer below: its ground, showing through.
  const below = geo.layers[geo.layerIndex.get(layerName) + 1];
  if (below) board.append(layerShape(geo, below, `mc-below mc-ground-${below.name}`));
  const lines = svg("g", { class: "mc-lines" });
  for (const [a, b] of layer.lines) {
    const p = xy(geo, a);
    const q = xy(geo, b);
    lines.append(svg("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
  }
  board.append(lines);

  const holes = new Set(marks.holes);
  const specials = new Set(marks.specials);
  const golden = layerName === "blue";
  // Each point is named as the move log names it ("from -4+0 to -2-2"), on hover.
  // Hidden from a screen reader, which would say all 91 of them: a target or a mole offered
  // says what is on its point (whatIsThere).
  const named = (node, words) => {
    const title = svg("title");
    title.textContent = words;
    node.append(title);
    node.setAttribute("aria-hidden", "true");
    return node;
  };
  for (const name of layer.points) {
    const { x, y } = xy(geo, name);
    if (holes.has(name)) {
      board.append(named(svg("circle", { cx: x, cy: y, r: 34, class: golden ? "mc-hole mc-golden" : "mc-hole", "data-point": name, "data-hole": "" }), `${golden ? "golden shovel hole" : "hole"} ${name}`));
      if (golden) board.append(shovel(x, y));
    } else if (specials.has(name)) {
      board.append(named(svg("circle", { cx: x, cy: y, r: 24, class: "mc-special", "data-point": name, "data-special": "" }), `special field ${name}`));
    } else {
      board.append(named(svg("circle", { cx: x, cy: y, r: 8, class: "mc-point", "data-point": name }), `point ${name}`));
    }
  }

  if (memory.pointNames) {
    // Under each point, between the rows, where no mole covers it.
    const names = svg("g", { class: "mc-point-names", "aria-hidden": "true" });
    for (const name of layer.points) {
      const { x, y } = xy(geo, name);
      const label = svg("text", { x, y: y + 47 });
      label.textContent = name;
      names.append(label);
    }
    board.append(names);
  }

  if (marks.lastMove) {
    const a = xy(geo, marks.lastMove.from);
    const b = marks.lastMove.to ? xy(geo, marks.lastMove.to) : null;
    board.append(svg("circle", { cx: a.x, cy: a.y, r: 18, class: "mc-last-from" }));
    if (b) board.append(svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "mc-last-path" }));
  }

  // Paths of the selected mole's moves, under the moles.
  for (const target of marks.destinations) {
    const a = xy(geo, target.from);
    const b = xy(geo, target.to);
    board.append(svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "mc-path", "data-path": target.to }));
  }

  // What the keyboard may reach on the layer (keyboard()), and where each is said to be.
  const offered = [];
  const places = rowPlaces(geo, layer);
  const where = (name) => {
    const place = places.get(name);
    return place ? `row ${place.row}, point ${place.place} from the left` : "";
  };
  // ``ring``: the radius of the keyboard's focus ring around it (focusOn).
  const reach = (node, key, name, ring, mole = false) => offered.push({ node, key, mole, ring, ...xy(geo, name) });
  for (const [name, seat] of Object.entries(moles)) {
    if (!geo.points[name]) continue;
    const { x, y } = xy(geo, name);
    const inHole = holes.has(name);
    const group = svg("g", { class: `mc-mole seat-${seatColour(geo, seat)}${inHole ? " in-hole" : ""}`, "data-seat": seat, "data-at": name });
    if (marks.leaving.has(name)) group.classList.add("leaving");
    if (marks.saved.has(name)) group.classList.add("saved");
    // No ring: every mole on a layer just reached has dropped through, so a ring told nothing
    // and read as the ring of a mole that may move. They arrive in motion (the CSS).
    if (marks.dropped.has(name)) group.classList.add("dropped");
    if (marks.lastMove && marks.lastMove.to === name) group.classList.add("last");
    group.append(...moleFigure(x, y, seat, inHole));
    if (marks.movable.has(name)) {
      const selected = name === marks.selected;
      group.classList.add("movable");
      if (selected) group.classList.add("selected");
      group.append(...moleRing(x, y, selected));
      group.prepend(svg("circle", { cx: x, cy: y, r: S * TOUCH, class: "mc-hit" }));
      const ground = groundWords(name, holes, specials, golden);
      selectable(group, name, `select your mole on ${name}: ${where(name)}${ground ? `, ${ground.on}` : ""}`, selected);
      reach(group, `mole:${name}`, name, MOLE_RING, true);
    } else {
      // Said by the targets and the moles offered (whatIsThere), not as a bare seat number.
      group.setAttribute("aria-hidden", "true");
    }
    board.append(group);
  }

  // Targets last, so that they take the clicks.
  for (const target of marks.destinations) {
    const { x, y } = xy(geo, target.to);
    const node = targetMark(x, y, DESTINATION, "mc-target mc-destination", target.to);
    if (holes.has(target.to)) node.setAttribute("data-hole", "");
    if (specials.has(target.to)) node.setAttribute("data-special", "");
    const there = whatIsThere(target.to, holes, specials, golden, moles, marks.whose);
    activate(node, target.action, marks.onAction, `move the mole on ${target.from} to ${target.to}: ${where(target.to)}, ${there}`);
    reach(node, `action:${target.action}`, target.to, DESTINATION + RING_GAP);
    board.append(node);
  }
  for (const target of marks.places) {
    const { x, y } = xy(geo, target.point);
    const node = targetMark(x, y, PLACE, "mc-target mc-place", target.point);
    // Where to place a mole is weighed by the holes beside it, which a sighted player sees.
    const beside = neighbours(geo, layer, target.point).filter((next) => holes.has(next)).length;
    const there = `${whatIsThere(target.point, holes, specials, golden, moles, marks.whose)}${beside ? ` next to ${beside === 1 ? "a hole" : `${beside} holes`}` : ""}`;
    activate(node, target.action, marks.onAction, `place a mole on ${target.point}: ${where(target.point)}, ${there}`);
    reach(node, `action:${target.action}`, target.point, PLACE + RING_GAP);
    board.append(node);
  }
  if (offered.length) {
    board.setAttribute("aria-describedby", "mc-keys");
    // The keyboard's focus ring, last, over every mole, target and mark: drawn inside the mole
    // it was partly covered by the targets around it and by the moles drawn after it.
    board.append(focusRing(0, 0, 0));
    keyboard(board, offered);
  }
  return board;
}

// What is on a point, as a sighted player sees it: its ground (a hole, a special field) and a
// mole on it, whose. ``whose(seat)`` names a seat's mole ("your mole", "Bea's mole").
function groundWords(name, holes, specials, golden) {
  if (holes.has(name)) return golden ? { is: "the golden shovel's hole", on: "in the golden shovel's hole" } : { is: "a hole", on: "in a hole" };
  if (specials.has(name)) return { is: "a special field", on: "on a special field" };
  return null;
}

function whatIsThere(name, holes, specials, golden, moles, whose) {
  const ground = groundWords(name, holes, specials, golden);
  const seat = moles[name];
  if (seat === undefined || seat === null) return ground ? ground.is : "an empty point";
  const mole = whose ? whose(seat) : `seat ${seat + 1}'s mole`;
  return ground ? `${mole} ${ground.on}` : mole;
}

// Where an arrow key goes (focus.js, arrowTarget): the lattice is triangular, a row is a line
// of points across the screen; Up and Down keep to ``column`` while pressed in a row, and a
// tie goes left going up, right going down, so that Up then Down comes back.
function step(targets, from, key, column) {
  return arrowTarget(targets, from, key, { column, lean: (t, updown) => -(t.x * updown) / 1e4 });
}

// The layer's one Tab stop and its arrow keys (before, each of a placement's targets was a Tab
// stop of its own, about 100 before the side panels, in the order of the game's point list).
// ``targets``: {node, key, mole, x, y}. The Tab stop is the one the person left it on while it
// is offered; else the selected mole; else the one nearest where they were (the next placement
// starts beside the last); else the first in reading order.
function keyboard(board, targets) {
  const keyed = new Map(targets.map((t) => [t.key, t]));
  let start = keyed.get(memory.current) || targets.find((t) => t.mole && t.node.classList.contains("selected")) || null;
  if (!start && memory.currentAt) {
    const { x, y } = memory.currentAt;
    start = targets.reduce((best, t) => (Math.hypot(t.x - x, t.y - y) < Math.hypot(best.x - x, best.y - y) ? t : best));
  }
  if (!start) start = readingOrder(targets)[0];
  start.node.setAttribute("tabindex", "0");
  const targetOf = (node) => targets.find((t) => t.node === node) || null;
  board.addEventListener("focusin", (event) => {
    const target = targetOf(event.target);
    if (!target) return;
    focusOn(board, target);
    memory.current = target.key;
    memory.currentAt = { x: target.x, y: target.y };
    for (const t of targets) t.node.setAttribute("tabindex", t === target ? "0" : "-1");
  });
  board.addEventListener("keydown", (event) => {
    const from = targetOf(event.target);
    if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      // Back from the selected mole's targets to the mole, to choose another.
      const mole = targets.find((t) => t.mole && t.node.classList.contains("selected"));
      if (from.mole || !mole) return;
      event.preventDefault();
      mole.node.focus();
      return;
    }
    const arrow = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key);
    if (!arrow && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault(); // the page does not scroll under an arrow that found nothing
    const vertical = event.key === "ArrowUp" || event.key === "ArrowDown";
    const column = vertical && memory.column && memory.column.key === from.key ? memory.column.x : from.x;
    const next = step(targets, from, event.key, column);
    if (!next) return;
    next.node.focus();
    memory.column = vertical ? { key: next.key, x: column } : null;
  });
}

// The layer's one focus ring (drawLayer) goes round what has the focus; the CSS shows it while
// that has the keyboard's focus (:focus-visible).
function focusOn(board, target) {
  const ring = board.querySelector(":scope > .mc-focus-ring");
  if (!ring) return;
  for (const circle of ring.children) {
    circle.setAttribute("cx", String(target.x));
    circle.setAttribute("cy", String(target.y));
    circle.setAttribute("r", String(target.ring));
  }
}

// A target is drawn at ``r`` but takes taps almost half a lattice step around its point (short
// of a neighbouring target's or mole's own): the drawn circles are too small for a finger.
function targetMark(x, y, r, cls, point) {
  const group = svg("g", { class: cls, "data-to": point });
  group.append(svg("circle", { cx: x, cy: y, r: S * TOUCH, class: "mc-tap-area" }), ...targetMarks(x, y, r));
  return group;
}

// ------------------------------------------------------------------------ what to draw now

function emptyMarks(onAction) {
  return { holes: [], specials: [], movable: new Set(), selected: null, destinations: [], places: [], leaving: new Set(), saved: new Set(), dropped: new Set(), lastMove: null, onAction };
}

function liveMarks(geo, context, obs) {
  const marks = emptyMarks(context.onAction);
  marks.holes = obs.holes || [];
  marks.specials = obs.specials || [];
  // How a target's words name a mole's owner: the page's own seat as "your".
  marks.whose = (seat) => (seat === context.you ? "your mole" : `${seatLabel(context.table, seat)}'s mole`);
  const moves = new Map(); // from point -> [{action, to}]
  for (const action of context.legal || []) {
    const [verb, point, direction] = action.split(" ");
    if (verb === "place") marks.places.push({ point, action });
    else if (verb === "move") {
      const to = landing(geo, point, direction, obs.value);
      if (!to) continue;
      if (!moves.has(point)) moves.set(point, []);
      moves.get(point).push({ action, from: point, to });
    }
  }
  marks.movable = new Set(moves.keys());
  if (moves.size) {
    if (!moves.has(memory.selected)) memory.selected = moves.keys().next().value;
    marks.selected = memory.selected;
    marks.destinations = moves.get(memory.selected);
  }
  const now = performance.now();
  if (memory.dropped && memory.dropped.until > now && memory.dropped.layer === obs.layer) marks.dropped = memory.dropped.points;
  if (memory.lastMove && memory.lastMove.layer === obs.layer) marks.lastMove = memory.lastMove;
  return marks;
}

// The layer being lifted: the position just before it went (the last move applied), with
// the moles in holes marked as saved and the others as leaving.
function liftingMarks(geo, lifting, onAction) {
  const marks = emptyMarks(onAction);
  marks.holes = lifting.holes;
  marks.specials = lifting.specials;
  const holes = new Set(lifting.holes);
  for (const name of Object.keys(lifting.moles)) (holes.has(name) ? marks.saved : marks.leaving).add(name);
  if (lifting.move) marks.lastMove = lifting.move;
  return marks;
}

function noticeChanges(geo, context, obs) {
  const tableId = context.table ? context.table.id : null;
  if (memory.table !== tableId) {
    Object.assign(memory, { table: tableId, previous: null, selected: null, lifting: null, dropped: null, lastMove: null, scrolled: null, focusKey: null, current: null, currentAt: null, column: null, back: null });
  }
  const before = memory.previous;
  const beforeValue = memory.previousValue;
  memory.previous = obs;
  memory.previousValue = obs.value;
  // Into a replay or out of it the position jumps: no lift was seen happen. A replay's step
  // is read from its log, which says the disc the move used; the position drawn before it
  // did not when the replay jumped there (its first step, a step chosen from afar).
  const replaying = Boolean(context.replaying);
  const replayed = replaying ? replayedMove(geo, context) : null;
  if (replaying !== memory.replaying) {
    Object.assign(memory, { replaying, lifting: null, dropped: null, lastMove: replayed });
    return;
  }
  if (replaying) memory.lastMove = replayed;
  if (!before || before === obs) return;
  const lastMove = replaying ? replayed : parseLastMove(geo, context.lastAction, before, beforeValue);
  if (lastMove) memory.lastMove = { layer: before.layer, ...lastMove };
  if (!lifted(geo, before, obs)) return;
  // A layer was lifted between the two observations we saw.
  const moles = { ...(before.moles || {}) };
  if (lastMove && lastMove.to && moles[lastMove.from] !== undefined) {
    moles[lastMove.to] = moles[lastMove.from];
    delete moles[lastMove.from];
  }
  const holes = before.holes || [];
  memory.lifting = { before, layer: before.layer, holes, specials: before.specials || [], moles, move: lastMove && lastMove.to ? lastMove : null, until: performance.now() + LEAVING_MS };
  const dropped = new Set(Object.keys(obs.moles || {}));
  memory.dropped = { layer: obs.layer, from: before.layer, points: dropped, until: performance.now() + LEAVING_MS + DROPPED_MS };
  memory.lastMove = null;
}

// The layer of ``before`` was lifted on the way to ``obs`` (the next one down is in play).
function lifted(geo, before, obs) {
  return geo.layerIndex.get(obs.layer) === geo.layerIndex.get(before.layer) + 1;
}

// The observation from before a layer was lifted while the board still shows that layer going,
// else null. Asked before the board is drawn (table.js asks first), a lift the board has not
// noticed yet counts too: the board notices it as it is drawn, and starts showing it.
function liftShown(obs) {
  if (!obs || memory.replaying) return null;
  if (memory.lifting && memory.lifting.until > performance.now()) return memory.lifting.before;
  const before = memory.previous;
  if (before && before !== obs && memory.geo && lifted(memory.geo, before, obs)) return before;
  return null;
}

// While a lifted layer is shown (LEAVING_MS), the page around the board waits (table.js): the
// result box, the winners, the move log's new entries and the moves as buttons. A game that
// ended as a layer was lifted (the last player with moles, MC-23; the turn limit, MC-25) showed
// its result above "Brown is being lifted away… drop to blue", then blue and "Game over.".
export function stillShowing({ observation: obs }) {
  return liftShown(obs);
}

// The last move a replay's step shows (the last placement or move in the log up to it, a
// disc turned since or not), with its layer.
function replayedMove(geo, context) {
  const log = context.log || [];
  const line = [...log].reverse().find((entry) => /^(place|move) /.test(entry.text || ""));
  const at = line ? whereLogged(geo, line, log) : null;
  return at ? { from: at.from, to: at.to, layer: at.layer } : null;
}

function parseLastMove(geo, lastAction, before, value) {
  if (!lastAction) return null;
  const [verb, point, direction] = lastAction.split(" ");
  if (verb === "place") return { from: point, to: null };
  if (verb !== "move" || !value || !before.moles || before.moles[point] === undefined) return null;
  return { from: point, to: landing(geo, point, direction, value) };
}

// The layers lifted so far, in the move log's own words (the engine tells each lift with the
// move that filled the last hole, MC-15 … MC-17): a replay shows those up to its step, and a
// page opened late, or a spectator's, shows them all.
const LIFTED = " layer is full and lifted away";

function eventsPanel(context) {
  const lifts = [];
  for (const entry of context.log || []) {
    const words = context.describe(entry);
    const at = words.indexOf(LIFTED);
    if (at < 0) continue;
    const told = words.slice(words.lastIndexOf("the ", at));
    lifts.push(`${capitalize(told)}.`);
  }
  if (!lifts.length) return null;
  return el("section", { class: "mc-panel mc-events", "aria-label": "Layer events" }, el("h3", { text: "Layers lifted" }),
    el("ol", { "aria-live": "polite" }, lifts.slice(-EVENTS_KEPT).map((text) => el("li", { text }))));
}

// ------------------------------------------------------------------------ the prompt

// The turn line above the table (table.js): what is asked of this seat, in a few words (the
// prompt on the board says it in full); null leaves the page's own line.
export function turn({ observation: obs, legal }) {
  const earlier = liftShown(obs);
  // Like the board's prompt, the line above it offers nothing until the lift has been shown.
  if (earlier) return { you: false, text: `${LAYER_WORDS[earlier.layer]} is being lifted away…`, asked: "" };
  if (!obs || !legal || !legal.length) return null;
  const steps = `${obs.value} step${obs.value === 1 ? "" : "s"}`;
  const asked = {
    place: "Place a mole on a white target.",
    keep: "Keep one of the two discs you turned.",
    move: outOfHoles(obs, legal)
      ? `${obs.bonus_move ? "Bonus move" : "Move"}: no mole outside a hole can go ${steps}, so one must leave its hole.`
      : obs.bonus_move ? `Bonus move: a mole ${steps}, not onto a special field.` : `Move one of your moles ${steps} in a straight line.`,
    bonus: bonusAsked(legal).asked,
  }[obs.phase];
  return asked ? { you: true, text: "Your move", asked } : null;
}

// Every move offered takes a mole out of a hole: the seat's moles outside holes have none
// (MC-11, a hole is left only as a last resort, and MC-12, the disc must be used). A person
// who saw a saved mole ringed, and nothing else, took it for a fault of the page.
function outOfHoles(obs, legal) {
  const holes = new Set(obs.holes || []);
  const moves = legal.filter((action) => action.startsWith("move "));
  return moves.length > 0 && moves.every((action) => holes.has(action.split(" ")[1]));
}

// The bonus question, worded from what is offered: the choice to take the bonus disc or end the
// turn (MC-20), and what taking it binds the seat to, which the question did not say: its move
// is compulsory if one is possible (MC-21, MC-12), and ends on no special field. Where only one
// answer is offered, it is said as what must be done. The choice is three lines on a phone
// (it was five): "No, end my turn" below it says the other answer.
const BONUS_MOVE = "a mole must then move by it if any can, not onto a special field";

function bonusAsked(legal) {
  const take = legal.includes("bonus");
  const end = legal.includes("decline");
  if (take && end) {
    return { either: true, prompt: `On a special field: turn a bonus disc? ${capitalize(BONUS_MOVE)}.`, asked: "Take a bonus disc (its move is then compulsory), or end your turn." };
  }
  const landed = "Your mole landed on a special field:";
  if (take) return { either: false, prompt: `${landed} you must turn another disc for a bonus move; ${BONUS_MOVE}.`, asked: "Turn your bonus disc: its move is compulsory." };
  return { either: false, prompt: `${landed} your turn ends here.`, asked: "End your turn." };
}

function button(action, text, onAction, primary = false, short = null) {
  const attrs = { type: "button", class: primary ? "primary" : "", "data-action": action, onclick: () => onAction(action) };
  return labelled(attrs, text, short);
}

// A button with its words, and shorter ones for a narrow column (the CSS picks): a phone on its
// side below 700 px wide leaves the prompt 11 to 14rem, where "Yes, turn a bonus disc" and
// "Show the whole layer" broke over two lines. A screen reader always says the full words.
function labelled(attrs, text, short) {
  if (!short) return el("button", { ...attrs, text });
  return el("button", { ...attrs, "aria-label": text }, el("span", { class: "mc-long", text }), el("span", { class: "mc-short", "aria-hidden": "true", text: short }));
}

function prompt(geo, context, obs) {
  const legal = context.legal || [];
  const mine = legal.length > 0;
  const who = obs.current === null || obs.current === undefined ? "" : nameOf(context, obs.current);
  // The disc to move by; not at the bonus question, where the one just used, shown big beside
  // "turn another disc?", read as the bonus disc's value.
  const shown = obs.phase === "bonus" ? [] : obs.value ? [obs.value] : obs.phase === "keep" ? obs.pending || [] : [];
  const turnDisc = shown.length ? el("span", { class: "mc-prompt-disc" }, shown.map((value) => disc(value, "up kept big"))) : null;
  const parts = [];
  const buttons = [];
  let tone = mine ? "yours" : "theirs";
  const phase = notStarted(context.table) ? "waiting" : obs.phase;
  switch (phase) {
    case "waiting":
      // Who is awaited (a free seat, the host's Start) is the table's line just above, which
      // follows the seats; "once every seat is taken, the host starts it" stayed after every
      // seat was taken. The board says what the start brings.
      parts.push("Not started yet. At the start a first player is drawn, then everyone places their moles on the green layer, one at a time.");
      break;
    case "orient":
    case "start":
      parts.push("Setting up: the layers are turned and a start player is drawn.");
      break;
    case "place": {
      const left = (obs.moles_to_place || [])[obs.current] ?? 0;
      if (mine) parts.push(`Place a mole: click any white target on the green layer (not a hole). ${left} left to place.`);
      else parts.push(`${who} ${who === "You" ? "are" : "is"} placing a mole (${left} left).`);
      break;
    }
    case "flip":
    case "flip2":
      parts.push(`${who} ${who === "You" ? "turn" : "turns"} a disc${obs.bonus_move ? " for a bonus move" : ""}…`);
      break;
    case "keep":
      if (mine) {
        parts.push(`You turned ${obs.pending.join(" and ")}: keep which disc? The other goes back face down.`);
        for (const action of legal) if (action.startsWith("keep ")) buttons.push(button(action, `Keep the ${action.split(" ")[1]}`, context.onAction, true));
      } else parts.push(`${who} turned ${obs.pending.join(" and ")} and keeps one.`);
      break;
    case "move":
      if (mine) {
        const steps = `${obs.value} step${obs.value === 1 ? "" : "s"}`;
        parts.push(`${obs.bonus_move ? "Bonus move: your disc" : "Your disc"} shows ${obs.value}.`);
        // A disc is always used in full (MC-12): the move is not a choice to refuse.
        if (outOfHoles(obs, legal)) parts.push(`No mole of yours outside a hole can go ${steps}, so one must leave its hole: click a ringed mole, then a white target ${steps} away.`);
        else parts.push(`Click one of your ringed moles, then a white target ${steps} away in a straight line.`);
        if (obs.bonus_move) parts.push("A bonus move may not end on a special field.");
      } else parts.push(`${who} ${who === "You" ? "move" : "moves"} a mole ${obs.value} step${obs.value === 1 ? "" : "s"}${obs.bonus_move ? " (bonus move)" : ""}.`);
      break;
    case "bonus":
      if (mine) {
        const asked = bonusAsked(legal);
        parts.push(asked.prompt);
        const labels = asked.either
          ? { bonus: ["Yes, turn a bonus disc", "Yes, bonus disc"], decline: ["No, end my turn", "No, end turn"] }
          : { bonus: ["Turn the bonus disc", "Bonus disc"], decline: ["End my turn", "End turn"] };
        for (const action of legal) if (labels[action]) buttons.push(button(action, labels[action][0], context.onAction, action === "bonus", labels[action][1]));
      } else parts.push(`${who} landed on a special field and may take a bonus disc.`);
      break;
    case "over":
      // Who won and why are said once, by the table's result box above the board.
      tone = "over";
      parts.push("Game over.");
      break;
    default:
      parts.push(obs.phase || "");
  }
  // Anything legal that the board does not draw gets a plain button, so no choice is hidden.
  const drawn = new Set(["place", "move", "keep", "bonus", "decline"]);
  for (const action of legal) if (!drawn.has(action.split(" ")[0])) buttons.push(button(action, action, context.onAction));
  if (context.replaying) tone = "replay";
  if (memory.lifting) {
    // The board still shows the lifted layer: say what is happening, offer nothing yet.
    const lifted = LAYER_WORDS[memory.lifting.layer];
    return el("div", { class: "mc-prompt lifting", "aria-live": "polite" }, el("p", { text: `${lifted} is full and is being lifted away: moles outside holes (dashed rims) leave the game, moles in holes (pulsing rims) drop to ${obs.layer}.` }));
  }
  return el("div", { class: `mc-prompt ${tone}`, "aria-live": "polite" }, turnDisc, el("p", { text: parts.join(" ") }), buttons.length ? el("div", { class: "mc-choices" }, buttons) : null);
}

// ------------------------------------------------------------------------ render

// The lift has been shown: the page draws again, with what it held back (stillShowing).
function liftShownWhole() {
  const context = memory.context;
  if (context && typeof context.redraw === "function") context.redraw();
  else draw();
}

function draw() {
  const root = memory.root;
  const context = memory.context;
  if (!root || !context || !root.isConnected) return;
  clearTimeout(memory.timer);
  const obs = context.observation || {};
  const geo = geometry(context.guide.data);
  const now = performance.now();
  let board;
  let caption = null;
  if (memory.lifting && memory.lifting.until > now) {
    const lifting = memory.lifting;
    board = drawLayer(geo, obs, lifting.layer, lifting.moles, liftingMarks(geo, lifting, context.onAction));
    board.classList.add("lifting");
    caption = el("span", { class: "mc-caption", text: `${LAYER_WORDS[lifting.layer]}: lifting away…` });
    memory.timer = setTimeout(liftShownWhole, lifting.until - now + 5);
  } else {
    memory.lifting = null;
    const marks = liveMarks(geo, context, obs);
    board = drawLayer(geo, obs, obs.layer, obs.moles || {}, marks);
    if (marks.dropped.size) {
      const { from, points } = memory.dropped;
      const saved = `${points.size} mole${points.size === 1 ? "" : "s"}`;
      caption = el("span", { class: "mc-caption soft", role: "status", text: `Now on ${obs.layer}: the ${saved} saved in ${from}'s holes dropped to the same points.` });
      memory.timer = setTimeout(draw, memory.dropped.until - now + 5);
    }
  }
  if (context.pending) board.classList.add("pending");
  const view = el("div", { class: "mc-window" }, board);
  // The zoom's button under the window, where it does not push the layer down the screen.
  const frame = el("div", { class: "mc-frame" }, view, edgeCue("left"), edgeCue("right"));
  // The layer's width in SVG units, for the CSS: on a phone the layer is drawn at a fixed
  // scale, and on a phone on its side the frame's sticky top follows the layer's height.
  frame.style.setProperty("--mc-units", String(board.viewBox.baseVal.width));
  const stage = el("div", { class: `mc-stage ${zoomNow()}` }, frame, el("div", { class: "mc-zoom-bar" }, zoomButton()), keysLine(board));
  // A lifted layer is shown for a moment, with nothing to do on it: its zoom is not offered
  // either (the CSS). On a phone on its side the button, there for green, stood beside "drop
  // to red" and the layer the page said was in play (data-layer), where it changes nothing.
  if (memory.lifting) stage.classList.add("lifting");
  // Every update redraws the panels: the legend stays as open as the person left it.
  const specialsOn = specialFieldsInPlay(context.table);
  const legend = legendPanel(geo, obs, context.you, specialsOn);
  legend.querySelector("ul").before(pointNamesSwitch());
  legend.open = memory.legendOpen;
  legend.addEventListener("toggle", () => {
    memory.legendOpen = legend.open;
  });
  // The layer drawn, which while a lifted one is shown is not yet the observation's: the
  // layers' strip and data-layer name it, and switch as the next one is drawn. So do the
  // players' counts: beside the lifted layer's moles, in holes and out, they read the next
  // layer's already ("2 moles · 0 in holes" beside eight moles, three in holes).
  const shownLayer = memory.lifting ? memory.lifting.layer : obs.layer;
  const shownSeats = memory.lifting ? { ...memory.lifting.before, moles: memory.lifting.moles } : obs;
  const side = el("div", { class: "mc-side" }, seatsPanel(geo, context, shownSeats), layersPanel(geo, { ...obs, layer: shownLayer }, specialsOn), eventsPanel(context), legend);
  const holes = obs.holes || [];
  const info = el("div", { class: "board-info mc-info" },
    el("span", { text: `Layer: ${obs.layer}` }),
    // Before chance has laid the layers (a replay's first steps) there are no holes yet.
    holes.length ? el("span", { text: `Holes filled: ${Object.keys(obs.moles || {}).filter((name) => holes.includes(name)).length} / ${holes.length}` }) : null,
    // Before the start the engine's state is already "placing the moles": no step yet.
    notStarted(context.table) ? null : el("span", { text: turnCount(obs) }));
  if (caption) info.replaceChildren(caption);
  root.dataset.layer = shownLayer || "";
  root.dataset.phase = obs.phase || "";
  root.dataset.lifting = memory.lifting ? memory.lifting.layer : "";
  keepScroll(root);
  const content = [prompt(geo, context, obs), el("div", { class: "mc-body" }, el("div", { class: "mc-main" }, info, stage), side)];
  keepFocus(root, () => root.replaceChildren(...content), () => focusAfter(root));
  placeWindow(view);
  paintPointed(false);
}

// The legend's switch for the points' names, which the move log gives ("from -2+0 to +2+0").
function pointNamesSwitch() {
  const box = el("input", { type: "checkbox", "data-focus-key": "mc-point-names" });
  box.checked = memory.pointNames;
  box.addEventListener("change", () => {
    memory.pointNames = box.checked;
    draw();
  });
  return el("label", { class: "mc-names-switch" }, box, el("span", { text: "Show the points' names, as the move log gives them" }));
}

// ------------------------------------------------------------------------ the move log's lines

// Where the move log's line ``entry`` happened, from its notation: a placement's point (on
// green), or a move's path, ``value`` steps from its point (the disc turned or kept last
// before it, in the log); on the layer in play then (the lifts before it, which the log
// tells, MC-15). Null for a line that is not a placement or a move.
function whereLogged(geo, entry, log) {
  if (!entry || !entry.text) return null;
  const [verb, point, direction] = entry.text.split(" ");
  if (!geo.points[point] || (verb !== "place" && verb !== "move")) return null;
  const earlier = log.slice(0, entry.n);
  const lifts = earlier.filter((line) => (line.describe || "").includes(LIFTED)).length;
  const layer = geo.layers[lifts] ? geo.layers[lifts].name : null;
  if (verb === "place") return { n: entry.n, layer: "green", from: point, to: null };
  const disc = [...earlier].reverse().find((line) => /^(flip|keep) \d$/.test(line.text || ""));
  const to = disc ? landing(geo, point, direction, Number(disc.text.split(" ")[1])) : null;
  return to ? { n: entry.n, layer, from: point, to } : null;
}

// The page's move log points at its line ``entry`` (hovered, focused or tapped; null: none):
// the layer marks where that move was, if it is the layer shown, and the line above the layer
// says so or where it was. The log named points ("from -2+0 to +2+0") the layer never showed.
// ``reveal`` (a tap, a click) brings the mark into view: on a phone the log is a few screens
// below the layer. ``log``: the whole log, as the page has it.
export function highlightMove(entry, { log = [], reveal = false } = {}) {
  const geo = memory.geo;
  memory.pointed = geo && entry ? whereLogged(geo, entry, log) : null;
  if (memory.back && (!memory.pointed || memory.pointed.n !== memory.back.n)) memory.back = null;
  paintPointed(reveal);
}

function paintPointed(reveal) {
  const root = memory.root;
  if (!root || !root.isConnected) return;
  const board = root.querySelector("svg.mc-layer");
  const info = root.querySelector(".mc-info");
  for (const node of root.querySelectorAll(".mc-pointed, .mc-pointed-under, .mc-pointed-note, .mc-back")) node.remove();
  const pointed = memory.pointed;
  if (!pointed || !board || !info || !memory.geo) {
    if (info) info.classList.remove("pointing");
    return;
  }
  const shown = root.dataset.layer;
  const number = `Move ${pointed.n + 1}`;
  let words;
  if (pointed.layer !== shown) {
    const gone = memory.geo.layerIndex.get(pointed.layer) < memory.geo.layerIndex.get(shown);
    words = `${number} was on the ${pointed.layer} layer${gone ? ", lifted since" : ""}.`;
  } else {
    words = `${number} is marked on the layer.`;
    const a = xy(memory.geo, pointed.from);
    const mark = svg("g", { class: "mc-pointed", "data-from": pointed.from, "data-to": pointed.to || "" });
    // The path and where the mole was under the moles (the band went over the mole that moved,
    // its number purple); where it went, the thick ring, over them and under the targets, which
    // still take the clicks, and under the keyboard's focus ring.
    const under = svg("g", { class: "mc-pointed-under" });
    if (pointed.to) {
      const b = xy(memory.geo, pointed.to);
      under.append(svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "mc-pointed-path" }));
      under.append(svg("circle", { cx: a.x, cy: a.y, r: 22, class: "mc-pointed-from" }));
      mark.append(svg("circle", { cx: b.x, cy: b.y, r: 52, class: "mc-pointed-to" }));
    } else mark.append(svg("circle", { cx: a.x, cy: a.y, r: 52, class: "mc-pointed-to" }));
    board.insertBefore(mark, board.querySelector(":scope > :is(.mc-target, .mc-focus-ring)"));
    board.insertBefore(under, board.querySelector(":scope > :is(.mc-mole, .mc-pointed)"));
  }
  info.classList.add("pointing");
  info.append(el("span", { class: "mc-pointed-note", role: "status", text: words }));
  const mark = board.querySelector(":scope > .mc-pointed");
  const aim = reveal && mark ? revealMark(mark, board) : null;
  const back = memory.back && memory.back.n === pointed.n ? backButton() : null;
  if (back) {
    // Short words beside it, on a phone's one line: the layer just below shows where.
    info.querySelector(".mc-pointed-note").textContent = `${number} is marked.`;
    info.append(back);
    // The button makes the line a finger high, which pushed the layer down after it was
    // brought into view: its bottom row ended 15 px below a phone's screen.
    if (aim) centreOn(aim());
  }
}

// Brings the mark of a line tapped (or clicked, or Entered) in the move log into view: on a
// phone the log is screens below the layer. With it, where they fit, the layer down to its
// bottom row and the line tapped (the last moves' strip, just above the layer), else the
// prompt, where the player's choices are (revealAim). The page scrolled away from a line of
// the log: a button leads back to it (offerBack). Returns how to measure what it aimed at
// again, once it has scrolled; null when it did not scroll.
const REVEAL_MARGIN = 16; // px kept clear at the screen's top and foot

function revealMark(mark, board) {
  const active = document.activeElement;
  const line = active && active.closest && !board.contains(active) ? active.closest("li[data-n]") : null;
  const view = board.closest(".mc-window");
  const frame = view.getBoundingClientRect();
  const box = mark.getBoundingClientRect();
  if (box.left < frame.left || box.right > frame.right) {
    view.scrollLeft += (box.left + box.right) / 2 - (frame.left + frame.right) / 2;
  }
  if (wholeOnScreen(mark.getBoundingClientRect())) return null;
  const aim = () => revealAim(mark, view, line);
  const before = window.scrollY;
  centreOn(aim());
  if (line && window.scrollY !== before && !lineInView(line)) offerBack(line);
  return aim;
}

function wholeOnScreen(box) {
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

// The stretch of the page to show with the mark, the most that fits the screen: the mark with
// the line tapped, or else with the prompt, each with the layer down to its bottom row (a
// phone's layer ended 15 px below the screen, its bottom row cut, with the prompt above it);
// else without it; else the mark and the layer; else the mark alone.
function revealAim(mark, view, line) {
  const room = window.innerHeight - 2 * REVEAL_MARGIN;
  const box = mark.getBoundingClientRect();
  const bottom = view.getBoundingClientRect().bottom;
  const prompt = memory.root.querySelector(".mc-prompt");
  const tries = [];
  for (const other of [line, prompt, mark].filter(Boolean)) {
    const near = other.getBoundingClientRect();
    const top = Math.min(box.top, near.top);
    tries.push({ top, bottom: Math.max(box.bottom, near.bottom, bottom) }, { top, bottom: Math.max(box.bottom, near.bottom) });
  }
  return tries.find((aim) => aim.bottom - aim.top <= room) || box;
}

function centreOn(aim) {
  window.scrollBy({ top: (aim.top + aim.bottom - window.innerHeight) / 2, behavior: "instant" });
}

// Whether half of ``line`` at least is on the screen, within its list, which may scroll.
function lineInView(line) {
  const box = line.getBoundingClientRect();
  const list = line.parentElement.getBoundingClientRect();
  const top = Math.max(box.top, list.top, 0);
  const bottom = Math.min(box.bottom, list.bottom, window.innerHeight);
  return box.height > 0 && bottom - top >= box.height / 2;
}

// ------------------------------------------------------------------------ back to the moves

// After a line of the move log brought its move into view (revealMark), a phone player was on
// the layer with nothing leading back to the log, screens below, to read on or to tap the next
// line: beside the words saying which move is marked, a button goes back to that line. In the
// page, not over it (a button over the screen's foot hid the layer's bottom row and took taps
// meant for it). It stays while that move is marked: the line keeps the focus, which the
// button does not take (mousedown), and goes when another line, or nothing, is pointed at (a
// tap on the layer). Not a Tab stop: the keyboard's focus stays on the line, and the arrows
// there bring it back into view.
function offerBack(line) {
  memory.back = { list: line.parentElement, n: Number(line.dataset.n) };
}

function backButton() {
  const back = memory.back;
  const line = back.list.querySelector(`li[data-n="${back.n}"]`);
  if (!line) return null;
  const below = line.getBoundingClientRect().top > window.innerHeight / 2;
  const strip = Boolean(line.closest("#recent"));
  return el("button", {
    type: "button",
    class: "mc-back",
    tabindex: "-1",
    onmousedown: (event) => event.preventDefault(),
    onclick: () => goBack(back),
  }, el("span", { class: "mc-back-arrow", "aria-hidden": "true", text: below ? "↓" : "↑" }), el("span", { text: strip ? "Back to last moves" : "Back to moves" }));
}

function goBack(back) {
  const line = back.list.querySelector(`li[data-n="${back.n}"]`);
  if (!line) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  line.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  if (document.activeElement !== line) line.focus({ preventScroll: true });
  // On the way the layer's moles leave the screen and the page's turn bar comes up at its
  // foot, with room under the page to scroll past it: the log's newest line, at the page's
  // end, lay under the bar. Once there, the line is brought out from under whatever covers it.
  let done = false;
  const uncover = () => {
    if (done || !line.isConnected) return;
    done = true;
    const box = line.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, Math.min(box.top + box.height / 2, window.innerHeight - 1));
    if (!seen || !line.contains(seen)) line.scrollIntoView({ block: "center" });
  };
  window.addEventListener("scrollend", uncover, { once: true });
  setTimeout(uncover, 1200);
}

// The keys, said to a screen reader on the layer (its aria-describedby) and shown under it
// while the keyboard is there (the CSS: :focus-visible only, a tap shows none).
function keysLine(board) {
  if (!board.hasAttribute("aria-describedby")) return null;
  const moving = board.querySelector("[data-mole]");
  const text = moving
    ? "Keys: the arrows move between your ringed moles and the white targets; Enter or Space selects a mole, or moves the selected one to a target; Escape goes back to the selected mole."
    : "Keys: the arrows move between the white targets (Home and End: the first and the last); Enter or Space places a mole on the one marked.";
  return el("p", { id: "mc-keys", class: "mc-keys", text });
}

// ------------------------------------------------------------------------ the phone's window

// On a phone the whole green layer put its points 32 px apart and took taps 29 px across, too
// small for a finger: there (the CSS, below 700 px) the layer is drawn with its points 43 px
// apart in a window that scrolls, unless the person asks to see it whole. Wider screens
// always show it whole, and the button is hidden (the CSS), as it is where the layer is
// drawn the same size either way (offerZoom).
function zoomFor() {
  const context = memory.context;
  if (notStarted(context && context.table)) return "gathering";
  return context && context.observation && context.observation.phase === "over" ? "over" : "playing";
}

function zoomNow() {
  return memory.zoomBy[zoomFor()];
}

function zoomButton() {
  const near = zoomNow() === "near";
  const attrs = {
    type: "button",
    class: "mc-zoom",
    "data-focus-key": "mc-zoom",
    onclick: () => {
      memory.zoomBy[zoomFor()] = near ? "whole" : "near";
      memory.scrolled = null;
      memory.focusKey = null;
      draw();
    },
  };
  return near ? labelled(attrs, "Show the whole layer", "Whole layer") : labelled(attrs, "Zoom in on the layer", "Zoom in");
}

// Where the window was scrolled, before a redraw replaces it.
function keepScroll(scope) {
  const view = scope && scope.querySelector(".mc-window");
  // Not a window that had nothing to scroll when it was drawn (before the stylesheet came).
  if (!view || !view.isConnected || !view.hasAttribute("data-placed")) return;
  memory.scrolled = { left: view.scrollLeft, top: view.scrollTop };
}

function boxAround(nodes) {
  const boxes = nodes.map((node) => node.getBoundingClientRect());
  return {
    left: Math.min(...boxes.map((b) => b.left)),
    right: Math.max(...boxes.map((b) => b.right)),
    top: Math.min(...boxes.map((b) => b.top)),
    bottom: Math.max(...boxes.map((b) => b.bottom)),
  };
}

// After a redraw the window stays where the person left it (the middle of the layer at
// first). When what may be touched changes (a new turn, another mole selected) and part of
// it is out of view, the window turns to it: all your movable moles and the selected one's
// targets if they fit in the window, else the selected mole and its targets; while placing,
// when every point is a target, it moves only if none is in view.
function placeWindow(view) {
  if (memory.watch) memory.watch.disconnect();
  view.addEventListener("scroll", () => markEdges(view), { passive: true });
  // Sizes change once the stylesheet has come, and when the screen turns.
  const measure = () => {
    if (!view.isConnected) return;
    if (!view.hasAttribute("data-placed")) placeView(view);
    offerZoom(view);
    markEdges(view);
  };
  memory.watch = new ResizeObserver(measure);
  memory.watch.observe(view);
  memory.watch.observe(view.firstElementChild);
  placeView(view);
  offerZoom(view);
  markEdges(view);
  // Before the stylesheet has come both views draw the layer alike, and the button is hidden;
  // drawn whole (before the start) the window may keep its size once it comes, with no resize
  // to measure it again: the button stayed hidden on a phone. Measured again when it comes.
  const sheet = document.querySelector(`link[rel="stylesheet"][href$="/${stylesheet}"]`);
  if (sheet && !sheet.sheet) sheet.addEventListener("load", measure, { once: true });
}

// The other view changes the layer's scale by less than this part: no zoom to the eye.
const SAME_SIZE = 0.05;

// The zoom's button only where the other view draws the layer at another size: on a phone
// upright brown and blue fit the screen at the phone's scale, and on its side red does too,
// so "Show the whole layer" changed nothing there. Measured, not ruled: the stage is drawn in
// the other view for a moment (no paint between) and put back where it was scrolled.
function offerZoom(view) {
  const stage = view.closest(".mc-stage");
  const bar = stage && stage.querySelector(".mc-zoom-bar");
  if (!bar) return;
  const layer = view.firstElementChild;
  const page = document.scrollingElement;
  const scrolled = [view.scrollLeft, view.scrollTop, page.scrollLeft, page.scrollTop];
  const drawn = scaleOf(layer);
  const zoom = zoomNow();
  const other = zoom === "near" ? "whole" : "near";
  stage.classList.replace(zoom, other);
  const then = scaleOf(layer);
  stage.classList.replace(other, zoom);
  [view.scrollLeft, view.scrollTop, page.scrollLeft, page.scrollTop] = scrolled;
  bar.hidden = Math.abs(then - drawn) <= SAME_SIZE * Math.max(then, drawn);
}

// Screen pixels a unit of the layer: its box's, or less where a maximum height made the box
// wider than what is drawn in it.
function scaleOf(layer) {
  const box = layer.getBoundingClientRect();
  const units = layer.viewBox.baseVal;
  return Math.min(box.width / units.width, box.height / units.height);
}

function placeView(view) {
  if (view.scrollWidth <= view.clientWidth && view.scrollHeight <= view.clientHeight) return;
  view.setAttribute("data-placed", "");
  if (memory.scrolled) {
    view.scrollLeft = memory.scrolled.left;
    view.scrollTop = memory.scrolled.top;
  } else {
    view.scrollLeft = (view.scrollWidth - view.clientWidth) / 2;
    view.scrollTop = (view.scrollHeight - view.clientHeight) / 2;
  }
  const offered = [...view.querySelectorAll("[data-action], [data-mole]")];
  const key = offered.map((node) => node.dataset.action || `${node.dataset.mole}${node.classList.contains("selected") ? "*" : ""}`).join("|");
  if (key === memory.focusKey) return;
  memory.focusKey = key;
  if (!offered.length) return;
  const frame = view.getBoundingClientRect();
  const fits = (box) => box.right - box.left <= frame.width && box.bottom - box.top <= frame.height;
  const seen = (box) => box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
  const selected = view.querySelector(".mc-mole.selected");
  const groups = [offered];
  if (selected) groups.push([selected, ...view.querySelectorAll(".mc-destination")]);
  let aim = groups.map(boxAround).find(fits);
  const moles = [...view.querySelectorAll("[data-mole]")].map((node) => node.querySelector(".mc-mole-body").getBoundingClientRect());
  if (aim && seen(aim) && moles.every(seen)) return;
  if (!aim) {
    if (offered.some((node) => seen(node.getBoundingClientRect()))) return;
    aim = offered[0].getBoundingClientRect();
  }
  // The selected mole and its targets in view, and as many of the other moles that may move
  // as can be with them: centred on the selected mole alone, the window cut movable moles in
  // half at its edge, where a phone player missed them.
  view.scrollLeft += shift(aim.left, aim.right, frame.left, frame.right, moles.map((b) => [b.left, b.right]), -view.scrollLeft, view.scrollWidth - view.clientWidth - view.scrollLeft);
  view.scrollTop += shift(aim.top, aim.bottom, frame.top, frame.bottom, moles.map((b) => [b.top, b.bottom]), -view.scrollTop, view.scrollHeight - view.clientHeight - view.scrollTop);
}

// How far to scroll along one axis (screen pixels, within ``least`` … ``most``) so that the
// span ``a0``…``a1`` lies in the window's ``f0``…``f1``, with as many of the ``spans`` wholly
// in it as can be; of those, the least move from centring the span (none if it is in view
// and no more can be shown).
function shift(a0, a1, f0, f1, spans, least, most) {
  const low = Math.max(least, a1 - f1);
  const high = Math.min(most, a0 - f0);
  const centre = Math.min(high, Math.max(low, (a0 + a1) / 2 - (f0 + f1) / 2));
  if (low > high) return centre;
  const shown = (d) => spans.filter(([s0, s1]) => s0 - d >= f0 - 1 && s1 - d <= f1 + 1).length;
  const candidates = [centre, ...spans.flatMap(([s0, s1]) => [s0 - f0, s1 - f1])].filter((d) => d >= low && d <= high);
  const here = a0 >= f0 - 1 && a1 <= f1 + 1 ? shown(0) : -1;
  let best = null;
  for (const d of candidates) {
    const score = shown(d);
    if (!best || score > best.score || (score === best.score && Math.abs(d - centre) < Math.abs(best.d - centre))) best = { d, score };
  }
  return best.score > here ? best.d : 0;
}

// A cue at each side of a phone's window with more of the layer beyond it (the CSS shows it
// beside the shade markScrollEdges asks for): an arrow, and how many of your moles that may
// move lie cut or hidden that way, ringed as they are. A shade alone was missed, and movable
// moles cut in half at the window's edge with it.
function edgeCue(side) {
  return el("div", { class: `mc-edge mc-edge-${side}`, "aria-hidden": "true" },
    el("span", { class: "mc-edge-arrow", text: side === "left" ? "‹" : "›" }),
    el("span", { class: "mc-edge-count" }));
}

function markEdges(view) {
  markScrollEdges(view);
  const frame = view.parentElement;
  const box = view.getBoundingClientRect();
  const counts = { left: 0, right: 0 };
  for (const node of view.querySelectorAll("[data-mole]")) {
    const body = node.querySelector(".mc-mole-body").getBoundingClientRect();
    if (body.left < box.left - 1) counts.left += 1;
    else if (body.right > box.right + 1) counts.right += 1;
  }
  const marks = [...view.querySelectorAll(".mc-mole-body, .mc-target-mark")].map((node) => node.getBoundingClientRect());
  for (const side of ["left", "right"]) {
    const cue = frame.querySelector(`.mc-edge-${side}`);
    if (!cue) continue;
    const n = frame.classList.contains(`more-${side}`) ? counts[side] : 0;
    cue.classList.toggle("offered", n > 0);
    cue.querySelector(".mc-edge-count").textContent = n ? String(n) : "";
    cue.title = n ? `${n} of your moles that may move ${n === 1 ? "is" : "are"} further ${side}: scroll the layer` : `More of the layer to the ${side}: scroll it`;
    if (cue.offsetWidth) cue.style.top = `${clearTop(cue, side, box, marks)}px`;
  }
}

// Where along the window's edge the cue hides no mole and no target: in the tallest gap
// between those under it, nearest the top. A cue at a fixed height hid the mole cut by the
// edge that it pointed to, or the top corner's mole when the window was scrolled to its end.
function clearTop(cue, side, box, marks) {
  const reach = cue.offsetWidth + 8;
  const under = marks
    .filter((b) => (side === "left" ? b.left < box.left + reach : b.right > box.right - reach))
    .map((b) => [b.top - box.top, b.bottom - box.top])
    .sort((a, b) => a[0] - b[0]);
  const tall = cue.offsetHeight + 4;
  let from = 2;
  for (const [top, bottom] of under) {
    if (top - from >= tall) break;
    from = Math.max(from, bottom + 2);
  }
  return Math.min(from, Math.max(2, box.height - tall));
}

// What this seat may click now, for the page's turn bar: the prompt's buttons, the offered
// targets and the moles that may move. The board is too tall to judge as a whole: in a phone's
// window the layer and the prompt above it fill more than the screen, and half of the board in
// view may be the discs and the seats below, with nothing to click.
export function offeredControls(container) {
  const board = container.querySelector("[data-board='maulwurf-company']");
  if (!board) return [];
  const offered = [...board.querySelectorAll("[data-action]:not([disabled]), [data-mole]")];
  // The layer's Tab stop before its other targets: "Go to your move" goes to the first.
  const stop = board.querySelector(".mc-window [tabindex='0']");
  const prompt = offered.filter((node) => node.closest(".mc-prompt"));
  return stop ? [...prompt, stop, ...offered.filter((node) => node !== stop && !prompt.includes(node))] : offered;
}

// Where the keyboard's focus goes when what it was on is gone (the mole was placed or moved, a
// layer is being lifted): the prompt's first choice, else the layer's Tab stop (keyboard()),
// else the prompt, which says what the table waits for.
function focusAfter(root) {
  if (!root) return null;
  const offered = root.querySelector(".mc-prompt [data-action]") || root.querySelector(".mc-window [tabindex='0']");
  if (offered) return offered;
  return focusPlace(root.querySelector(".mc-prompt"));
}

// From 1200 px wide, once the game has started, the page's Moves panel heads the column
// beside the board (the CSS lays the columns out), as a game's log stands beside the board on
// Board Game Arena. It is moved there in the page, not only drawn there: drawn first by a CSS
// order, it came last to the keyboard, after the seats, the invite link and the chat. So the
// Tab key goes from the board to the moves, then to the seats, as they are seen. On a
// narrower screen, and before the start (the seats first), it is back in its own place.
const LOG_BESIDE = window.matchMedia("(min-width: 1200px)");
let logHome = null; // {side, next}: where the page put the Moves panel

function placeLogPanel() {
  const log = document.getElementById("log");
  const panel = log && log.closest(".side > .panel");
  if (!panel) return;
  if (!logHome) logHome = { side: panel.parentElement, next: panel.nextElementSibling };
  const table = memory.context && memory.context.table;
  const first = LOG_BESIDE.matches && Boolean(table) && table.status !== "open";
  const { side, next } = logHome;
  if (first ? side.firstElementChild === panel : panel.nextElementSibling === next) return;
  // Moved, the log would start again at its top, and lose the focus on its line.
  const scrolled = log.scrollTop;
  const focused = panel.contains(document.activeElement) ? document.activeElement : null;
  side.insertBefore(panel, first ? side.firstElementChild : next);
  log.scrollTop = scrolled;
  if (focused) focused.focus({ preventScroll: true });
}
LOG_BESIDE.addEventListener("change", placeLogPanel);

export function render(container, context) {
  noScores = howItIsWon(context.table && context.table.options, context.guide);
  const data = context.guide && context.guide.data;
  if (!data || !data.layers || !data.points) {
    // Without the game's board data (the guide did not load) only the generic view is honest.
    container.replaceChildren(renderObservation(context.observation, context.table));
    return { handlesActions: false };
  }
  // Our own root: table.js appends its raw view after it, and timed redraws (a layer being
  // lifted) replace only what is inside.
  keepScroll(container);
  keepFocus(container, () => {
    memory.root = el("div", { class: "mc-table", "data-board": "maulwurf-company" });
    container.replaceChildren(memory.root);
    // A seat may be sent its legal actions before the host starts the game: offer none until then.
    const running = !context.table || context.table.status === "running";
    memory.context = running ? context : { ...context, legal: [] };
    memory.geo = geometry(data);
    noticeChanges(memory.geo, context, context.observation || {});
    draw();
  }, () => focusAfter(memory.root));
  placeLogPanel();
  return { handlesActions: true };
}

// The turn being played (the view counts the turns played, MC-25), or the turns a finished
// game took; the moles are placed before the first turn. The turn limit only ends games
// nobody is finishing: mention it once it is close.
function turnCount(obs) {
  if (["orient", "start", "place"].includes(obs.phase)) return "Placing the moles";
  const turns = obs.turns ?? 0;
  if (obs.phase === "over") return `${turns} turn${turns === 1 ? "" : "s"} played`;
  const limit = obs.max_turns;
  return limit && turns + 1 >= 0.8 * limit ? `Turn ${turns + 1} of at most ${limit}` : `Turn ${turns + 1}`;
}

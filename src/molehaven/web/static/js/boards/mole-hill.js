// The drawn Mole Hill board (SVG): click a square to place or move the mole, click an edge to
// lay a rod. Legal targets are highlighted, the last move is marked. It draws from the
// observation and the seat's own legal actions only.
import { arrowTarget, keepFocus } from "../focus.js";
import { el, freeSeat, freeSeatLabel, notStarted, seatLabel } from "../util.js";

const NS = "http://www.w3.org/2000/svg";
const FILES = "abcdefghi";
const RANKS = 7;
const SIZE = 56;
const MARGIN = 22;
const PAD = 4;
const RED = new Set(["e7", "a4", "i4", "e1"]);
const WHITE = new Set(["b6", "h6", "b2", "h2"]);
const CENTRE = "e4";
const LIGHT_PIECES = 10;
const PHASE_WORDS = { place: "the mole places its stack", move: "the mole digs", rod: "the gardener lays a rod", over: "the game is over" };

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function square(name) {
  const file = FILES.indexOf(name[0]);
  const rank = Number.parseInt(name.slice(1), 10) - 1;
  return { file, rank, x: MARGIN + file * SIZE, y: PAD + (RANKS - 1 - rank) * SIZE };
}

// A rod between two squares: a segment on their shared side, and a hit area around it: the
// two triangles of the squares nearest that side (a diamond), so that the edges' areas tile
// the lawn and a finger anywhere picks the nearest edge (a thin strip was 11 px wide on a
// phone).
function edgeGeometry(text) {
  const [first, second] = text.split(" ");
  const a = square(first);
  const b = square(second);
  const half = SIZE / 2;
  if (a.rank === b.rank) {
    const x = a.x + SIZE;
    const middle = a.y + half;
    return { line: [x, a.y + 3, x, a.y + SIZE - 3], hit: [[x - half, middle], [x, a.y], [x + half, middle], [x, a.y + SIZE]] };
  }
  const y = a.y; // ``b`` is the square above ``a``: their shared side is a's top
  const middle = a.x + half;
  return { line: [a.x + 3, y, a.x + SIZE - 3, y], hit: [[middle, y - half], [a.x + SIZE, y], [middle, y + half], [a.x, y]] };
}

// The move this seat clicked, marked on the board while it is on its way to the table (the
// page's ``pending``): the board no longer offers targets then, since the page drops a second
// click in silence, and without a mark the click seemed not to have been taken.
let chosen = null;

// The keyboard: one Tab stop on the board, the arrow keys between its targets (before, each of
// the 63 squares of a placement was a Tab stop of its own, and the side panels 64 presses
// away). ``current`` is the target the board's Tab stop is on, kept across redraws while
// it is legal, as the person left it.
let current = null;

// What a screen reader says for a target: the square ("e4", "e7, red flower"), the rod's
// place ("rod between e4 and f4"), not the notation ("move e4", "rod e4 f4").
function targetName(action) {
  const [verb, first, second] = action.split(" ");
  if (verb === "rod") return `rod between ${first} and ${second}`;
  const mark = RED.has(first) ? ", red flower" : WHITE.has(first) ? ", white flower" : first === CENTRE ? ", the centre" : "";
  return `${first}${mark}`;
}

function activate(node, action, onAction) {
  node.setAttribute("data-action", action);
  node.setAttribute("tabindex", "-1");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", targetName(action));
  node.classList.add("legal");
  const play = () => {
    chosen = action;
    onAction(action);
  };
  node.addEventListener("click", play);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      play();
    }
  });
}

// A target's centre on the board: a square's middle, a rod's middle.
function centreOf(action) {
  const [verb, first] = action.split(" ");
  if (verb === "rod") {
    const [x1, y1, x2, y2] = edgeGeometry(action.slice(4)).line;
    return { x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
  }
  const { x, y } = square(first);
  return { x: x + SIZE / 2, y: y + SIZE / 2 };
}

// Where an arrow key goes (focus.js, arrowTarget): Left and Right along a row (a rank of
// squares; the rods of one row of sides); Up and Down to the nearest row that way (for rods the
// rows of upright and lying rods alternate, so every rod is reached), a tie going left.
function step(targets, from, key) {
  return arrowTarget(targets, from, key, { lean: (t) => t.x / 1000 });
}

// The ring around the target with the keyboard's focus, drawn over every square (a square's own
// outline was half covered by its neighbours drawn after it, a thin dark line on yellow).
function showRing(ring, action) {
  const parts = [...ring.children];
  if (!action) {
    ring.setAttribute("visibility", "hidden");
    return;
  }
  if (action.startsWith("rod ")) {
    const [x1, y1, x2, y2] = edgeGeometry(action.slice(4)).line;
    for (const part of parts) part.replaceWith(svg("line", { x1, y1, x2, y2, class: part.getAttribute("class") }));
  } else {
    const { x, y } = square(action.split(" ")[1]);
    for (const part of parts) {
      part.replaceWith(svg("rect", { x: x + 3, y: y + 3, width: SIZE - 6, height: SIZE - 6, rx: 3, class: part.getAttribute("class") }));
    }
  }
  ring.setAttribute("visibility", "visible");
}

function keyboard(board, ring, targets) {
  const nodes = new Map(targets.map((t) => [t.action, t.node]));
  let start = targets.find((t) => t.action === current) || null;
  if (!start && targets.length) {
    // Next to the mole (the gardener blocks it there), or at the centre before it is placed.
    const anchor = centreOf(`move ${/^[a-i][1-7]$/.test(board.dataset.stack || "") ? board.dataset.stack : CENTRE}`);
    const away = (t) => Math.hypot(t.x - anchor.x, t.y - anchor.y);
    start = targets.reduce((best, t) => (away(t) < away(best) ? t : best));
  }
  if (start) start.node.setAttribute("tabindex", "0");
  board.addEventListener("focusin", (event) => {
    const action = event.target.dataset ? event.target.dataset.action : undefined;
    if (!action || !nodes.has(action)) {
      showRing(ring, null);
      return;
    }
    current = action;
    for (const node of nodes.values()) node.setAttribute("tabindex", node === event.target ? "0" : "-1");
    showRing(ring, event.target.matches(":focus-visible") ? action : null);
  });
  board.addEventListener("focusout", () => showRing(ring, null));
  board.addEventListener("keydown", (event) => {
    const action = event.target.dataset ? event.target.dataset.action : undefined;
    if (!action || !nodes.has(action) || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = step(targets, targets.find((t) => t.action === action), event.key);
    if (next === null && !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
    event.preventDefault(); // the page does not scroll under an arrow that found nothing
    if (next) next.node.focus();
  });
}

// The turn line above the board (table.js): whose move, and in one short line what is asked.
export function turn({ observation: obs, legal, table, you }) {
  if (!obs || you === null || you === undefined) return null;
  const mine = (legal || []).length > 0;
  const role = you === obs.mole ? "mole" : "gardener";
  if (!mine) {
    const other = you === obs.mole ? obs.gardener : obs.mole;
    return { you: false, text: `Waiting for ${seatLabel(table, other, you)} (the ${role === "mole" ? "gardener" : "mole"})`, asked: "" };
  }
  const asked = role === "gardener" ? "You are the gardener: lay a rod on a yellow side."
    : obs.phase === "place" ? "You are the mole: place your stack on any square."
    : obs.jump ? "You are the mole: jump to any yellow square."
    : "You are the mole: dig to a yellow square.";
  return { you: true, text: "Your move", asked };
}

// The legend draws its marks with classes of its own (styled like the board's), so that no
// selector for the board's squares, pieces or rods finds them.
function legendIcon(...shapes) {
  const icon = svg("svg", { viewBox: "0 0 24 24", class: "mh-icon", "aria-hidden": "true" });
  icon.append(svg("rect", { x: 0, y: 0, width: 24, height: 24, class: "mh-key-lawn" }), ...shapes);
  return icon;
}

function legend() {
  const item = (icon, text) => el("li", {}, icon, el("span", { text }));
  return el("details", { class: "mh-legend" }, el("summary", { text: "Legend", "data-focus-key": "mh-legend" }),
    el("ul", {},
      item(legendIcon(svg("circle", { cx: 12, cy: 12, r: 7, class: "mh-key-flower-red" })), "red flower: 2 points for the mole who visits it"),
      item(legendIcon(svg("circle", { cx: 12, cy: 12, r: 6, class: "mh-key-flower-white" })), "white flower: 1 point"),
      item(legendIcon(svg("circle", { cx: 12, cy: 12, r: 9, class: "mh-key-centre" })), "the centre: from it the mole may jump to any unvisited square"),
      item(legendIcon(svg("circle", { cx: 12, cy: 12, r: 9, class: "mh-key-piece" })), "the mole's path, numbered: pieces 1-10 are light and score nothing"),
      item(legendIcon(svg("circle", { cx: 12, cy: 12, r: 9, class: "mh-key-piece dark" })), "pieces 11-22 are dark: 1 point each"),
      item(legendIcon(svg("circle", { cx: 12, cy: 12, r: 10, class: "mh-key-stack" })), "the stack: where the mole is now"),
      item(legendIcon(svg("line", { x1: 12, y1: 2, x2: 12, y2: 22, class: "mh-key-rod" })), "a rod: the mole cannot cross it"),
      item(legendIcon(svg("rect", { x: 3, y: 3, width: 18, height: 18, class: "mh-key-square legal" })), "yellow: where you may play now"),
      item(legendIcon(svg("rect", { x: 3, y: 3, width: 18, height: 18, class: "mh-key-square last" })), "outlined: the last move")));
}

// Before the start the engine's first round is already there: "Round 1 of 2 · Now: the mole
// places its stack · Mole's score: round 1: 0", and the free seat as "Gardener: seat 1", read
// as a game under way. A table being gathered is told the match's length and who takes which
// part in its first round, a free seat said to be free, and a seated player their own part
// ("(you)": no turn line tells it before the start).
function openInfo(obs, table, you) {
  const who = (seat) => (freeSeat(table, seat) ? freeSeatLabel(seat) : seatLabel(table, seat, you));
  const rounds = obs.rounds ?? "?";
  return el("div", { class: "board-info", "data-open": "" },
    el("span", {}, el("strong", { text: "Not started yet" }), ` · ${rounds} round${rounds === 1 ? "" : "s"}`),
    el("span", { text: `Mole in round ${obs.round ?? 1}: ${who(obs.mole)}` }),
    el("span", { text: `Gardener in round ${obs.round ?? 1}: ${who(obs.gardener)}` }));
}

let legendOpen = false; // kept across redraws, as the person left it

export function render(container, { observation, legal, lastAction, onAction, table, you, pending, replaying }) {
  const obs = observation || {};
  const sending = Boolean(pending) && !replaying;
  if (!sending || !(legal || []).includes(chosen)) chosen = null;
  const legalSquares = new Map();
  const legalRods = [];
  for (const action of legal || []) {
    const [verb, ...rest] = action.split(" ");
    if (verb === "place" || verb === "move") legalSquares.set(rest[0], action);
    else if (verb === "rod") legalRods.push(rest.join(" "));
  }
  const [lastVerb, ...lastRest] = (lastAction || "").split(" ");
  const lastSquare = lastVerb === "place" || lastVerb === "move" ? lastRest[0] : null;
  const lastRod = lastVerb === "rod" ? lastRest.join(" ") : null;
  const visited = obs.visited || [];
  const order = new Map(visited.map((name, index) => [name, index + 1]));

  const width = MARGIN + FILES.length * SIZE + PAD;
  const height = PAD + RANKS * SIZE + MARGIN;
  // A group, not an image: an image's parts are hidden from screen readers, and its targets
  // are buttons to be found. ``tabindex=-1``: where the focus waits while nothing is offered.
  const board = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "Mole Hill board", "aria-describedby": "mh-keys", tabindex: "-1", "data-board": "mole-hill", "data-stack": obs.stack || "" });
  if (sending) board.classList.add("pending");
  const targets = [];
  board.append(svg("rect", { x: MARGIN, y: PAD, width: FILES.length * SIZE, height: RANKS * SIZE, class: "mh-lawn" }));

  for (let rank = 0; rank < RANKS; rank += 1) {
    for (let file = 0; file < FILES.length; file += 1) {
      const name = FILES[file] + (rank + 1);
      const { x, y } = square(name);
      const cell = svg("rect", { x, y, width: SIZE, height: SIZE, class: "mh-square", "data-square": name });
      if (order.has(name)) cell.classList.add("visited");
      if (name === lastSquare) cell.classList.add("last");
      const action = legalSquares.get(name);
      if (action && !sending) {
        activate(cell, action, onAction);
        targets.push({ action, node: cell, ...centreOf(action) });
      }
      if (action && action === chosen) cell.classList.add("chosen");
      board.append(cell);
      const cx = x + SIZE / 2;
      const cy = y + SIZE / 2;
      if (RED.has(name)) board.append(svg("circle", { cx: x + 12, cy: y + 12, r: 7, class: "mh-flower-red", "pointer-events": "none" }));
      if (WHITE.has(name)) board.append(svg("circle", { cx: x + 12, cy: y + 12, r: 6, class: "mh-flower-white", "pointer-events": "none" }));
      if (name === CENTRE) board.append(svg("circle", { cx, cy, r: SIZE / 2 - 6, class: "mh-centre", "pointer-events": "none" }));
      if (order.has(name)) {
        const number = order.get(name);
        const piece = svg("circle", { cx, cy, r: 15, class: `mh-piece${number > LIGHT_PIECES ? " dark" : ""}`, "pointer-events": "none" });
        const label = svg("text", { x: cx, y: cy, class: "mh-piece-number", "aria-hidden": "true" });
        label.textContent = String(number);
        board.append(piece, label);
        if (name === obs.stack) board.append(svg("circle", { cx, cy, r: 20, class: "mh-stack", "pointer-events": "none" }));
      }
    }
  }
  if (lastSquare && /^[a-i][1-7]$/.test(lastSquare)) {
    // The last move's outline on top of every square: drawn with its own square, the squares
    // drawn after it covered half its edge.
    const { x, y } = square(lastSquare);
    board.append(svg("rect", { x, y, width: SIZE, height: SIZE, class: "mh-last-outline", "pointer-events": "none" }));
  }
  const chosenSquare = chosen && !chosen.startsWith("rod ") ? chosen.split(" ")[1] : null;
  if (chosenSquare && /^[a-i][1-7]$/.test(chosenSquare)) {
    const { x, y } = square(chosenSquare);
    board.append(svg("rect", { x, y, width: SIZE, height: SIZE, class: "mh-chosen-outline", "pointer-events": "none" }));
  }
  for (let file = 0; file < FILES.length; file += 1) {
    const label = svg("text", { x: MARGIN + file * SIZE + SIZE / 2, y: PAD + RANKS * SIZE + MARGIN / 2 + 2, class: "mh-label", "aria-hidden": "true" });
    label.textContent = FILES[file];
    board.append(label);
  }
  for (let rank = 0; rank < RANKS; rank += 1) {
    const label = svg("text", { x: MARGIN / 2, y: PAD + (RANKS - 1 - rank) * SIZE + SIZE / 2, class: "mh-label", "aria-hidden": "true" });
    label.textContent = String(rank + 1);
    board.append(label);
  }
  for (const rod of obs.rods || []) {
    const [x1, y1, x2, y2] = edgeGeometry(rod).line;
    board.append(svg("line", { x1, y1, x2, y2, class: `mh-rod${rod === lastRod ? " last" : ""}`, "data-rod": rod }));
  }
  if (chosen && chosen.startsWith("rod ")) {
    const [x1, y1, x2, y2] = edgeGeometry(chosen.slice(4)).line;
    board.append(svg("line", { x1, y1, x2, y2, class: "mh-rod chosen", "data-rod": chosen.slice(4) }));
  }
  for (const rod of sending ? [] : legalRods) {
    const { line, hit } = edgeGeometry(rod);
    const area = svg("polygon", { points: hit.map(([x, y]) => `${x},${y}`).join(" "), class: "mh-edge-hit" });
    activate(area, `rod ${rod}`, onAction);
    targets.push({ action: `rod ${rod}`, node: area, ...centreOf(`rod ${rod}`) });
    const [x1, y1, x2, y2] = line;
    board.append(area, svg("line", { x1, y1, x2, y2, class: "mh-edge-hint" }));
  }

  const info = notStarted(table) ? openInfo(obs, table, you) : el("div", { class: "board-info" },
    el("span", { text: `Round ${obs.round ?? "?"} of ${obs.rounds ?? "?"}` }),
    el("span", { text: `Mole: ${seatLabel(table, obs.mole)}` }),
    el("span", { text: `Gardener: ${seatLabel(table, obs.gardener)}` }),
    el("span", { text: `Now: ${PHASE_WORDS[obs.phase] ?? obs.phase ?? ""}` }),
    el("span", { text: `Pieces left: ${obs.pieces_left ?? ""}` }),
    el("span", { text: `Rods left: ${obs.rods_left ?? ""}` }),
    obs.jump ? el("span", { text: "Centre jump available" }) : null,
    sending ? el("span", { class: "mh-sending", role: "status", text: "Sending your move…" }) : null,
    // Each finished round's mole score (MH-22), so the end shows more than the last board.
    (obs.round_scores || []).length ? el("span", { class: "mh-round-scores", text: `Mole's score: ${obs.round_scores.map((score, index) => `round ${index + 1}: ${score}`).join(", ")}` }) : null);
  const ring = svg("g", { class: "mh-focus-ring", visibility: "hidden", "aria-hidden": "true" });
  ring.append(svg("rect", { class: "mh-focus-halo" }), svg("rect", { class: "mh-focus-line" }));
  board.append(ring);
  keyboard(board, ring, targets);
  // Said to a screen reader on the board, and shown while the keyboard is there.
  const keys = el("p", { id: "mh-keys", class: "mh-keys", text: "Keys: the arrows move between the yellow targets, Enter or Space plays the one marked." });
  const key = legend();
  key.open = legendOpen;
  key.addEventListener("toggle", () => { legendOpen = key.open; });
  // The focus stays where it was across a redraw: on the same target, else (the move was made,
  // or the other side's move came) on the board's Tab stop, or the board itself while it
  // offers nothing.
  keepFocus(container, () => container.replaceChildren(info, board, keys, key),
    () => board.querySelector("[data-action][tabindex='0']") || board);
  return { handlesActions: true };
}

// The drawn Mole Majority table: the hex meadow (SVG) with every tile, space, mole, claim,
// Cave-In and Home Token; your hand as cards; every seat's supplies; and a turn built by
// clicking. A click on the board is always one of this seat's legal actions: an action whose
// text names two places ("move b1 e2", "cave b-e b-f") is picked one place at a time, and only
// the last click, filtered from ``legal`` by what was picked so far, carries the whole action.
// A Groundskeeper offers its roll numbers as named buttons on the card; a roll starts from the
// clicked mole in the direction chosen by a toggle (clockwise unless changed). Nothing here
// decides a rule: the cards' words and the positions of the hexes come from the game's guide
// data (``public_data()``), what a click would do from the server (a hover preview).
import { api, el, seatLabel, store } from "../util.js";

export const stylesheet = "css/boards/mole-majority.css";

const NS = "http://www.w3.org/2000/svg";
const SIZE = 50; // a hex's circumradius (pointy top)
const ROOT3 = Math.sqrt(3);
const SPACE_RING = 0.6 * SIZE;
const HOLE = 8.5;
const EVENTS_KEPT = 6;
const SEAT_NAMES = ["red", "blue", "purple", "black"];
const SETUP_PHASES = new Set(["setup-hex", "base", "extra-hex", "place"]);

// What this seat has picked so far on its way to a multi-part action; kept between renders
// and dropped as soon as the legal actions no longer allow it.
let picked = null; // {kind: "mole"|"edge", value}
let rollDirection = "cw";
let lastContext = null;
let lastContainer = null;
let previous = null; // the observation drawn last time, to announce what changed
const events = [];
// Hover previews: the server applies the action to a copy of the game (chance not applied)
// and sends back this seat's view of it; cached until the observation changes.
const PREVIEW_DELAY_MS = 120;
let previews = new Map();
let previewsFor = null;
let previewTimer = null;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function titled(node, text) {
  node.append(svg("title"));
  node.lastChild.textContent = text;
  return node;
}

function redraw() {
  if (lastContainer && lastContext) render(lastContainer, lastContext);
}

function pick(kind, value) {
  picked = picked && picked.kind === kind && picked.value === value ? null : { kind, value };
  redraw();
}

// A clickable element that plays ``action``, which is one of the seat's legal actions.
function activate(node, action, onAction, label = action) {
  node.setAttribute("data-action", action);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("legal");
  const go = () => {
    picked = null;
    onAction(action);
  };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
    }
  });
  node.addEventListener("mouseenter", () => schedulePreview(action));
  node.addEventListener("focus", () => schedulePreview(action));
  node.addEventListener("mouseleave", () => schedulePreview(null));
  node.addEventListener("blur", () => schedulePreview(null));
}

// A clickable element that picks the first part of a multi-part action (no action yet).
function pickable(node, kind, value, label) {
  node.setAttribute("data-pick", `${kind}:${value}`);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add(picked && picked.kind === kind && picked.value === value ? "picked" : "pickable");
  node.addEventListener("click", () => pick(kind, value));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(kind, value);
    }
  });
}

// ------------------------------------------------------------------ hover previews

function schedulePreview(action) {
  clearTimeout(previewTimer);
  if (action === null) {
    showPreview(null, null);
    return;
  }
  previewTimer = setTimeout(() => loadPreview(action), PREVIEW_DELAY_MS);
}

async function loadPreview(action) {
  const context = lastContext;
  if (!context || !context.table) return;
  const mine = store.seat(context.table.id);
  if (!mine) return;
  if (previewsFor !== context.observation) {
    previews = new Map();
    previewsFor = context.observation;
  }
  if (!previews.has(action)) {
    previews.set(action, api("POST", `/api/tables/${encodeURIComponent(context.table.id)}/preview`, { action }, { "X-Seat-Token": mine.token }).catch(() => null));
  }
  const preview = await previews.get(action);
  if (lastContext !== context || previewsFor !== context.observation) return; // the game moved on
  showPreview(action, preview);
}

// What the action would change, in words, and marks on the affected spaces.
function previewWords(now, after, table) {
  const words = [];
  const who = (seat) => seatName(table, seat);
  const gone = [];
  const turned = [];
  for (const [label, tile] of Object.entries(after.board || {})) {
    const old = (now.board || {})[label];
    if (!old) continue;
    tile.spaces.forEach((owner, index) => {
      const before = old.spaces[index];
      if (before !== null && owner === null) gone.push(`${label}${index + 1}`);
      else if (before !== null && owner !== null && before !== owner) turned.push(`${label}${index + 1}`);
    });
    if (old.spaces.includes(null) && !tile.spaces.includes(null)) words.push(`fills ${label}`);
    if (old.claim !== tile.claim) {
      if (tile.claim === null) words.push(`${who(old.claim)} loses the claim on ${label}`);
      else words.push(`${who(tile.claim)} claims ${label} (${tile.value})`);
    }
  }
  (after.seats || []).forEach((entry, seat) => {
    const old = (now.seats || [])[seat];
    if (old && !old.eliminated && entry.eliminated) words.push(`${who(seat)} is eliminated`);
  });
  return { words, gone, turned };
}

function showPreview(action, preview) {
  const box = lastContainer && lastContainer.querySelector(".mm-preview");
  const meadow = lastContainer && lastContainer.querySelector("svg.mm-meadow");
  if (!box || !meadow) return;
  for (const node of meadow.querySelectorAll(".would-go, .would-turn")) node.classList.remove("would-go", "would-turn");
  if (!action || !preview) {
    box.textContent = "";
    return;
  }
  if (preview.ends) {
    box.textContent = `${action}: ends the game.`;
    return;
  }
  const { words, gone, turned } = previewWords(lastContext.observation, preview.observation, lastContext.table);
  const moved = action.split(" ")[0] === "move" ? action.split(" ")[1] : null;
  for (const space of gone) {
    if (space === moved) continue;
    const node = meadow.querySelector(`[data-space="${space}"]`);
    if (node) node.classList.add("would-go");
  }
  for (const space of turned) {
    const node = meadow.querySelector(`[data-space="${space}"]`);
    if (node) node.classList.add("would-turn");
  }
  const removed = gone.filter((space) => space !== moved);
  if (removed.length) words.unshift(`takes ${removed.length} mole${removed.length > 1 ? "s" : ""} off (${removed.join(" ")})`);
  if (turned.length) words.unshift(`converts ${turned.join(" ")}`);
  box.textContent = `${action}: ${words.length ? words.join("; ") : "no claim changes"}.`;
}

// ------------------------------------------------------------------ the legal actions, sorted

function addTo(map, key, inner, action) {
  if (!map.has(key)) map.set(key, new Map());
  map.get(key).set(inner, action);
}

function sortLegal(legal) {
  const offer = {
    plays: new Map(), keeperPlays: new Map(), stacks: new Map(), convertStacks: new Map(),
    moves: new Map(), breeds: new Map(), converts: new Map(), rolls: new Map(),
    caves: [], homes: new Map(), places: new Map(), simple: new Map(),
  };
  for (const action of legal) {
    const words = action.split(" ");
    const [verb] = words;
    if (verb === "play" && words.length === 3) addTo(offer.keeperPlays, words[1], words[2], action);
    else if (verb === "play") offer.plays.set(words[1], action);
    else if (verb === "stack" && words[1] === "convert") offer.convertStacks.set(words[2], action);
    else if (verb === "stack") offer.stacks.set(words[1], action);
    else if (verb === "move") addTo(offer.moves, words[1], words[2], action);
    else if (verb === "breed") offer.breeds.set(words[1], action);
    else if (verb === "convert") offer.converts.set(words[1], action);
    else if (verb === "roll") addTo(offer.rolls, words[1], words[2], action);
    else if (verb === "cave") offer.caves.push({ edges: [words[1], words[2]], action });
    else if (verb === "home") offer.homes.set(words[1], action);
    else if (verb === "base" || verb === "place") offer.places.set(words[1], action);
    else offer.simple.set(verb, action);
  }
  return offer;
}

function pickStillOffered(offer) {
  if (!picked) return;
  const { kind, value } = picked;
  const ok = kind === "mole" ? offer.moves.has(value) || offer.rolls.has(value)
      : kind === "edge" ? offer.caves.some((cave) => cave.edges.includes(value))
        : false;
  if (!ok) picked = null;
}

// ------------------------------------------------------------------ geometry

function centre(q, r) {
  return { x: SIZE * ROOT3 * (q + r / 2), y: SIZE * 1.5 * r };
}

function corners(x, y, scale = 1) {
  const points = [];
  for (let k = 0; k < 6; k += 1) {
    const angle = (Math.PI / 180) * (60 * k - 90);
    points.push(`${(x + scale * SIZE * Math.cos(angle)).toFixed(1)},${(y + scale * SIZE * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

// Space i (0-based) of a hex with ``count`` spaces: clockwise from the top (rules 2.6).
function spacePoint(x, y, index, count) {
  const angle = (Math.PI / 180) * (-90 + (index * 360) / count);
  return { x: x + SPACE_RING * Math.cos(angle), y: y + SPACE_RING * Math.sin(angle) };
}

// A point in the gap between two spaces, nearest the wanted angle (0 = right, 180 = left).
function gapPoint(x, y, count, wanted, radius) {
  let best = null;
  for (let index = 0; index < count; index += 1) {
    const angle = -90 + ((index + 0.5) * 360) / count;
    const off = Math.abs(((angle - wanted + 540) % 360) - 180);
    if (best === null || off < best.off) best = { angle, off };
  }
  const rad = (Math.PI / 180) * best.angle;
  return { x: x + radius * Math.cos(rad), y: y + radius * Math.sin(rad) };
}

function edgeLine(a, b) {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const px = (-(b.y - a.y) / length) * (SIZE / 2);
  const py = ((b.x - a.x) / length) * (SIZE / 2);
  return { x1: mx + px, y1: my + py, x2: mx - px, y2: my - py };
}

// ------------------------------------------------------------------ words

function seatName(table, seat) {
  return seatLabel(table, seat);
}

// A seat's name alone, for the narrow seats table (the colour swatch tells seats apart).
function shortName(table, seat, you) {
  const slot = table && table.seats[seat];
  const name = slot && slot.kind !== "empty" ? slot.name : `seat ${seat}`;
  return seat === you ? `${name} (you)` : name;
}

function cardInfo(guide) {
  const cards = new Map();
  for (const card of (guide && guide.data && guide.data.cards) || []) cards.set(card.name, card);
  return cards;
}

function cardTitle(cards, name) {
  return cards.has(name) ? cards.get(name).title : name;
}

// The seats whose count of ``key`` went down (or up) between two observations.
function seatsChanged(before, now, key, sign) {
  return (now.seats || []).map((entry, seat) => ((entry[key] - ((before.seats || [])[seat] || entry)[key]) * sign > 0 ? seat : null)).filter((seat) => seat !== null);
}

// What changed since the last drawing, in words, read off the two observations. Several
// actions may lie between two drawings, so who did something is read off the supplies that
// changed, not off whose turn it is now.
function announce(before, now, table) {
  if (!before || !now || !before.board || !now.board) return;
  const said = [];
  const who = (seat) => seatName(table, seat);
  const whom = (seats) => (seats.length ? ` by ${seats.map(who).join(" and ")}` : "");
  for (const [label, tile] of Object.entries(now.board)) {
    const old = before.board[label];
    if (!old || old.claim === tile.claim) continue;
    if (old.claim === null) said.push(`${who(tile.claim)} claims ${label} (${tile.value} points).`);
    else if (tile.claim === null) said.push(`${who(old.claim)}'s claim on ${label} returns: the tile is empty.`);
    else said.push(`${who(tile.claim)} takes ${label} (${tile.value}) from ${who(old.claim)}.`);
  }
  const homes = Object.entries(now.board)
    .filter(([label, tile]) => before.board[label] && before.board[label].token !== "none" && tile.token === "none")
    .map(([label]) => label);
  if (homes.length) said.push(`Home made on ${homes.join(", ")}${whom(seatsChanged(before, now, "home_tokens", 1))}: its Home Token is taken.`);
  const caved = (now.cave_ins || []).filter((edge) => !(before.cave_ins || []).includes(edge));
  if (caved.length) said.push(`Cave-In on ${caved.join(" and ")}${whom(seatsChanged(before, now, "cave_ins", -1))}.`);
  (now.seats || []).forEach((entry, seat) => {
    const old = (before.seats || [])[seat];
    if (old && !old.eliminated && entry.eliminated) said.push(`${who(seat)} has no claim left and is eliminated.`);
  });
  if (before.phase !== "over" && now.phase === "over") said.push(`Game over: ${now.end_reason || "the end"}.`);
  for (const text of said) events.push(text);
  events.splice(0, Math.max(0, events.length - EVENTS_KEPT));
}

function prompt(obs, offer, mine, context) {
  const { table } = context;
  if (obs.phase === "over") {
    const winners = (obs.winners || []).map((seat) => seatName(table, seat)).join(" and ");
    return `The game is over${obs.end_reason ? `: ${obs.end_reason}` : ""}.${winners ? ` Won by ${winners}.` : ""}`;
  }
  if (context.pending) return "Sending your move…";
  if (context.replaying) return "Replay: the game as it stood after this step.";
  if (!mine) {
    const waiting = (obs.to_move || []).map((seat) => seatName(table, seat)).join(", ");
    return waiting ? `Waiting for ${waiting}.` : "Waiting…";
  }
  if (obs.phase === "base") return "Choose your Home Base: click a highlighted free place.";
  if (obs.phase === "place") return `Place the drawn ${obs.pending_hex}-space tile: click a highlighted free place.`;
  if (picked && picked.kind === "mole") {
    const parts = [];
    if (offer.moves.has(picked.value)) parts.push("click a highlighted space to move it there");
    if (offer.rolls.has(picked.value)) parts.push("choose the roll direction below");
    return `Mole ${picked.value}: ${parts.join(", or ")}. Click it again to cancel.`;
  }
  if (picked && picked.kind === "edge") return `Cave-In on ${picked.value}: click a second highlighted border.`;
  if (obs.phase === "start") return "Play a card from your hand (a Groundskeeper: click the roll number on it), or discard your hand.";
  const parts = [];
  if (offer.moves.size) parts.push("click one of your moles, then where it goes");
  if (offer.breeds.size) parts.push("click a highlighted empty space to breed");
  if (offer.converts.size) parts.push("click a highlighted rival mole to convert it");
  if (offer.rolls.size) parts.push(`click the mole where the Groundskeeper starts (rolling ${rollDirection === "cw" ? "clockwise" : "counter-clockwise"})`);
  if (offer.caves.length) parts.push("click two borders for the Cave-In");
  if (offer.homes.size) parts.push("click a green Home Token to Make A Home");
  if (offer.stacks.size || offer.convertStacks.size) parts.push("stack a card");
  parts.push("end your turn");
  const text = parts.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}

function turnLine(obs, cards, table) {
  const current = obs.current || {};
  if (!current.action || !["main", "bonus"].includes(obs.phase)) return null;
  const bits = [`${seatName(table, obs.active)} played ${cardTitle(cards, current.action)}`];
  if (current.number) bits[0] += ` with ${cardTitle(cards, current.number)} (roll ${current.roll_number}${current.roll_done ? ", rolled" : ""})`;
  bits.push(`steps ${current.steps}`, `bonus breeds ${current.bonus}`);
  if (current.converts) bits.push(`conversions ${current.converts}`);
  if (current.effect === "available") bits.push("Cave-In / Make A Home available");
  if ((current.stacked || []).length) bits.push(`stacked: ${current.stacked.map((s) => s.replace("stack ", "")).join(", ")}`);
  if (obs.phase === "bonus") bits.push("bonus breeds only now");
  return bits.join(" · ");
}

// ------------------------------------------------------------------ the meadow (SVG)

function lastPlaces(lastAction) {
  const places = new Set();
  for (const word of (lastAction || "").split(" ").slice(1)) {
    if (/^[a-s][1-6]?$/.test(word) || /^[a-s]-[a-s]$/.test(word)) places.add(word);
  }
  return places;
}

function drawMeadow(obs, offer, context, positions) {
  const { onAction, lastAction } = context;
  const board = obs.board || {};
  const last = lastPlaces(lastAction);
  const centres = {};
  for (const [label, [q, r]] of Object.entries(positions)) centres[label] = centre(q, r);
  // Free places are drawn while tiles are still being laid; afterwards only the tiles, as
  // large as the box allows.
  const laying = SETUP_PHASES.has(obs.phase) || !Object.keys(board).length;
  const shown = Object.keys(centres).filter((label) => board[label] || laying);
  const xs = shown.map((label) => centres[label].x);
  const ys = shown.map((label) => centres[label].y);
  const halfWidth = (ROOT3 / 2) * SIZE + 4;
  const left = Math.min(...xs) - halfWidth;
  const top = Math.min(...ys) - SIZE - 4;
  const root = svg("svg", {
    viewBox: `${left.toFixed(1)} ${top.toFixed(1)} ${(Math.max(...xs) + halfWidth - left).toFixed(1)} ${(Math.max(...ys) + SIZE + 4 - top).toFixed(1)}`,
    role: "img",
    "aria-label": "Mole Majority meadow",
    class: "mm-meadow",
  });
  const tiles = svg("g");
  const marks = svg("g");
  const edges = svg("g");
  root.append(tiles, edges, marks);

  for (const [label, at] of Object.entries(centres)) {
    const tile = board[label];
    if (!tile) {
      if (!laying) continue;
      const slot = svg("polygon", { points: corners(at.x, at.y, 0.94), class: "mm-slot", "data-place": label });
      const text = svg("text", { x: at.x, y: at.y, class: "mm-slot-label" });
      text.textContent = label;
      const action = offer.places.get(label);
      if (action) {
        const verb = action.split(" ")[0] === "base" ? "your Home Base" : `the ${obs.pending_hex}-space tile`;
        activate(slot, action, onAction, `put ${verb} on ${label}`);
      }
      tiles.append(slot, text);
      continue;
    }
    drawTile(tiles, marks, label, tile, at, offer, context, last);
  }
  for (const edge of obs.cave_ins || []) {
    const [a, b] = edge.split("-");
    if (!centres[a] || !centres[b]) continue;
    edges.append(titled(svg("line", { ...edgeLine(centres[a], centres[b]), class: `mm-cave${last.has(edge) ? " last" : ""}`, "data-cave": edge }), `Cave-In on ${edge}`));
  }
  drawCaveChoices(edges, centres, offer, onAction);
  return root;
}

function drawTile(tiles, marks, label, tile, at, offer, context, last) {
  const { onAction, table } = context;
  const group = svg("g", { class: "mm-tile", "data-hex": label });
  const hex = svg("polygon", { points: corners(at.x, at.y, 0.97), class: `mm-hex v${tile.value}${last.has(label) ? " last" : ""}` });
  const claimText = tile.claim === null ? "unclaimed" : `claimed by ${seatName(table, tile.claim)}`;
  titled(hex, `${label}: ${tile.value} spaces, ${tile.value} points, ${claimText}` + (tile.last_entrant === null ? "" : `; last in: ${seatName(table, tile.last_entrant)}`));
  group.append(hex);
  if (tile.home_base_of !== null) {
    group.append(svg("polygon", { points: corners(at.x, at.y, 0.86), class: `mm-home-base mm-stroke-${tile.home_base_of}` }));
  }
  // The centre: the value, on the claimant's colour.
  const disc = svg("circle", { cx: at.x, cy: at.y, r: 13, class: tile.claim === null ? "mm-value" : `mm-claim mm-seat-${tile.claim}` });
  titled(disc, tile.claim === null ? `${tile.value} points, unclaimed` : `claimed by ${seatName(table, tile.claim)}`);
  const value = svg("text", { x: at.x, y: at.y, class: `mm-value-text${tile.claim === null ? "" : ` on-${tile.claim}`}` });
  value.textContent = String(tile.value);
  group.append(disc, value);
  if (tile.last_entrant !== null) {
    group.append(titled(svg("circle", { cx: at.x + 11, cy: at.y + 11, r: 4, class: `mm-entrant mm-seat-${tile.last_entrant}` }), `last mole in: ${seatName(table, tile.last_entrant)}`));
  }
  const spot = gapPoint(at.x, at.y, tile.value, 180, 39);
  const name = svg("text", { x: spot.x, y: spot.y, class: "mm-hex-label" });
  name.textContent = label;
  group.append(name);
  if (tile.token !== "none") {
    const where = gapPoint(at.x, at.y, tile.value, 0, 35);
    const token = svg("rect", { x: where.x - 7, y: where.y - 7, width: 14, height: 14, rx: 3, class: "mm-token" });
    titled(token, tile.token === "hidden" ? "a face-down Home Token" : `a Home Token worth ${tile.token}`);
    const text = svg("text", { x: where.x, y: where.y, class: "mm-token-text" });
    text.textContent = tile.token === "hidden" ? "?" : String(tile.token);
    const action = offer.homes.get(label);
    if (action) activate(token, action, onAction, `Make A Home: take the Home Token of ${label}`);
    group.append(token, text);
  }
  tiles.append(group);
  tile.spaces.forEach((owner, index) => {
    const space = `${label}${index + 1}`;
    const point = spacePoint(at.x, at.y, index, tile.value);
    const node = svg("circle", { cx: point.x, cy: point.y, r: HOLE, "data-space": space, class: owner === null ? "mm-hole" : `mm-mole mm-seat-${owner}` });
    if (last.has(space)) node.classList.add("last");
    titled(node, owner === null ? `${space}: empty` : `${space}: ${seatName(table, owner)}'s mole`);
    offerSpace(node, space, offer, onAction);
    marks.append(node);
  });
}

function offerSpace(node, space, offer, onAction) {
  if (picked && picked.kind === "mole") {
    if (picked.value === space) pickable(node, "mole", space, `${space}: picked; click again to cancel`);
    else {
      const move = offer.moves.get(picked.value);
      if (move && move.has(space)) activate(node, move.get(space), onAction, `move ${picked.value} to ${space}`);
    }
    return;
  }
  if (picked) return;
  if (offer.breeds.has(space)) activate(node, offer.breeds.get(space), onAction, `breed on ${space}`);
  else if (offer.converts.has(space)) activate(node, offer.converts.get(space), onAction, `convert the mole on ${space}`);
  else if (offer.moves.has(space)) pickable(node, "mole", space, `move the mole on ${space}`);
  else if (offer.rolls.has(space) && offer.rolls.get(space).has(rollDirection)) {
    activate(node, offer.rolls.get(space).get(rollDirection), onAction, `roll ${rollDirection === "cw" ? "clockwise" : "counter-clockwise"} from ${space}`);
  }
}

function drawCaveChoices(layer, centres, offer, onAction) {
  if (!offer.caves.length) return;
  const chosen = picked && picked.kind === "edge" ? picked.value : null;
  const shown = new Map(); // edge -> the full action (second click) or null (first click)
  for (const cave of offer.caves) {
    if (chosen === null) for (const edge of cave.edges) shown.set(edge, null);
    else if (cave.edges.includes(chosen)) {
      const other = cave.edges[0] === chosen ? cave.edges[1] : cave.edges[0];
      shown.set(other, cave.action);
    }
  }
  if (chosen !== null) shown.set(chosen, null);
  for (const [edge, action] of shown) {
    const [a, b] = edge.split("-");
    const line = edgeLine(centres[a], centres[b]);
    const hint = svg("line", { ...line, class: `mm-edge-hint${edge === chosen ? " chosen" : ""}` });
    const hit = svg("line", { ...line, class: "mm-edge-hit" });
    if (action) activate(hit, action, onAction, `Cave-Ins on ${chosen} and ${edge}`);
    else pickable(hit, "edge", edge, edge === chosen ? `border ${edge}: picked; click again to cancel` : `Cave-In on border ${edge}`);
    layer.append(hint, hit);
  }
}

// ------------------------------------------------------------------ the panel

function button(text, action, onAction, extra = "") {
  const node = el("button", { type: "button", class: `mm-button ${extra}`.trim(), text });
  activate(node, action, onAction, text);
  return node;
}

function drawControls(obs, offer, context, cards) {
  const { onAction } = context;
  const row = [];
  if (picked && picked.kind === "mole" && offer.rolls.has(picked.value)) {
    const rolls = offer.rolls.get(picked.value);
    if (rolls.has("cw")) row.push(button(`Roll clockwise from ${picked.value} ↻`, rolls.get("cw"), onAction));
    if (rolls.has("ccw")) row.push(button(`Roll counter-clockwise from ${picked.value} ↺`, rolls.get("ccw"), onAction));
  }
  if (!picked && offer.rolls.size) {
    const toggle = (direction, text) => {
      const node = el("button", { type: "button", class: "mm-button mm-direction", text, "aria-pressed": String(rollDirection === direction) });
      node.setAttribute("data-pick", `dir:${direction}`);
      node.classList.add(rollDirection === direction ? "picked" : "pickable");
      node.addEventListener("click", () => {
        rollDirection = direction;
        redraw();
      });
      return node;
    };
    row.push(el("span", { class: "mm-direction-box" }, "Roll:", toggle("cw", "↻ clockwise"), toggle("ccw", "↺ counter-clockwise")));
  }
  for (const [choice, action] of offer.convertStacks) {
    const words = (context.guide && context.guide.data && context.guide.data.convert_stacks) || {};
    row.push(button(`Stack Convert: ${words[choice] || choice}`, action, onAction));
  }
  for (const [name, action] of offer.stacks) {
    const card = cards.get(name);
    row.push(button(`Stack ${cardTitle(cards, name)}${card && card.stack ? `: ${card.stack}` : ""}`, action, onAction));
  }
  if (offer.simple.has("discard")) row.push(button("Discard hand, draw 5", offer.simple.get("discard"), onAction));
  if (offer.simple.has("pass")) row.push(button("Pass", offer.simple.get("pass"), onAction));
  if (picked) {
    row.push(el("button", { type: "button", class: "mm-button", text: "Cancel", onclick: () => { picked = null; redraw(); } }));
  }
  if (offer.simple.has("end")) row.push(button("End turn", offer.simple.get("end"), onAction, "primary mm-end"));
  return row.length ? el("div", { class: "mm-controls" }, row) : null;
}

function drawHand(obs, offer, context, cards) {
  const hand = obs.hand;
  if (!Array.isArray(hand) || (!hand.length && SETUP_PHASES.has(obs.phase))) return null;
  const counts = new Map();
  for (const name of hand) counts.set(name, (counts.get(name) || 0) + 1);
  const items = [...counts.entries()].map(([name, count]) => {
    const card = cards.get(name) || { title: name, effect: "", stack: null };
    const node = el("div", { class: "mm-card", "data-card": name },
      el("span", { class: "mm-card-title", text: card.title }),
      count > 1 ? el("span", { class: "mm-card-count", text: `×${count}` }) : null,
      el("span", { class: "mm-card-effect", text: card.effect }),
      card.stack ? el("span", { class: "mm-card-stack", text: `Stack: ${card.stack}` }) : null);
    if (offer.keeperPlays.has(name)) {
      const choices = [...offer.keeperPlays.get(name)].map(([number, action]) => {
        const value = cards.has(number) ? cards.get(number).number_value : number;
        return button(`Roll ${value} (${cardTitle(cards, number)})`, action, context.onAction, "mm-card-choice");
      });
      node.append(el("span", { class: "mm-card-choices" }, choices));
    } else if (!picked) {
      if (offer.plays.has(name)) activate(node, offer.plays.get(name), context.onAction, `play ${card.title}`);
      else if (offer.stacks.has(name)) activate(node, offer.stacks.get(name), context.onAction, `stack ${card.title}`);
    }
    return node;
  });
  return el("div", { class: "mm-hand-box" },
    el("h3", { text: `Your hand (${hand.length})` }),
    items.length ? el("div", { class: "mm-hand" }, items) : el("p", { class: "muted", text: "No cards in hand." }));
}

function drawSeats(obs, context) {
  const { table, you } = context;
  const rows = (obs.seats || []).map((entry, seat) => {
    const active = obs.active === seat;
    // Token values: your own always, everyone's once the game is over.
    const values = Array.isArray(obs.home_token_values) ? obs.home_token_values[seat]
      : seat === you && Array.isArray(obs.my_home_tokens) ? obs.my_home_tokens : [];
    const tokens = values.length ? `${entry.home_tokens} (${values.join("+")})` : String(entry.home_tokens);
    return el("tr", { class: `${seat === you ? "you" : ""}${entry.eliminated ? " out" : ""}${active ? " active" : ""}`, "data-seat-row": seat },
      el("th", {}, el("span", { class: `mm-swatch mm-seat-${seat}`, title: SEAT_NAMES[seat] }), `${shortName(table, seat, you)}${entry.eliminated ? " (out)" : ""}`),
      el("td", { text: `${entry.moles_on_board}/${entry.moles}` }),
      el("td", { text: String(entry.claims) }),
      el("td", { text: String(entry.cave_ins) }),
      el("td", { text: `${entry.hand_size}/${entry.deck_size}` }),
      el("td", { text: tokens }),
      el("td", { text: String((obs.scores || [])[seat] ?? "") }));
  });
  const head = el("tr", {},
    el("th", { text: "Player" }),
    el("th", { text: "Moles", title: "moles on the board / in supply" }),
    el("th", { text: "Claim", title: "Claim Tokens left in supply" }),
    el("th", { text: "Cave", title: "Cave-In tokens left" }),
    el("th", { text: "Cards", title: "cards in hand / in deck" }),
    el("th", { text: "Home", title: "Home Tokens collected (yours: their values)" }),
    el("th", { text: "Pts", title: "points of claimed tiles (Home Tokens count at the end)" }));
  return el("div", { class: "mm-seats-box" },
    el("table", { class: "mm-seats data" }, el("thead", {}, head), el("tbody", {}, rows)),
    el("p", { class: "muted mm-seats-key", text: "Moles: on the board/in supply · Claim, Cave: tokens left · Cards: hand/deck · Home: Home Tokens taken · Pts: claimed tiles (Home Tokens added at the end) · highlighted: whose turn it is" }));
}

// Once the game is over every hand is shown (its Number cards can break a tie, MM-42).
function drawEndHands(obs, context) {
  if (!Array.isArray(obs.hands)) return null;
  const cards = cardInfo(context.guide);
  return el("div", { class: "mm-end-hands" },
    el("h3", { text: "Hands at the end" }),
    el("ul", {}, obs.hands.map((hand, seat) => el("li", {},
      el("span", { class: `mm-swatch mm-seat-${seat}` }),
      `${seatName(context.table, seat)}: ${hand.length ? hand.map((name) => cardTitle(cards, name)).join(", ") : "no cards"}`))));
}

function drawPile(obs) {
  const pile = obs.pile || {};
  const tiles = Object.entries(pile).map(([value, count]) => el("span", { class: "mm-pile-item", title: `${count} tile(s) of ${value} spaces` }, el("span", { class: "mm-mini-hex", text: value }), `×${count}`));
  return el("div", { class: "mm-pile" },
    el("span", { text: "Tile pile:" }), tiles,
    el("span", { class: "mm-pile-item", title: "face-down Home Tokens in the pool" }, el("span", { class: "mm-mini-token", text: "?" }), `×${obs.pool ?? 0}`),
    obs.pending_hex ? el("span", { class: "mm-pending", text: `Drawn tile: ${obs.pending_hex} spaces` }) : null);
}

function drawLegend() {
  const item = (mark, text) => el("li", {}, mark, text);
  return el("details", { class: "mm-legend" },
    el("summary", { text: "Legend" }),
    el("ul", {},
      item(el("span", { class: "mm-key mm-key-hole" }), "an empty Mole Space (numbered 1, 2 … clockwise from the top)"),
      item(el("span", { class: "mm-key mm-seat-0" }), "a mole, in its player's colour (red, blue, purple, black for seats 0–3)"),
      item(el("span", { class: "mm-key mm-key-value", text: "5" }), "the tile's spaces and points; on a player's colour when that player has claimed it"),
      item(el("span", { class: "mm-key mm-key-entrant mm-seat-1" }), "small dot: whose mole entered the tile last (wins a tied Majority)"),
      item(el("span", { class: "mm-key mm-key-token", text: "?" }), "a Home Token (face down ?, or its value)"),
      item(el("span", { class: "mm-key mm-key-base" }), "coloured inner border: that player's Home Base"),
      item(el("span", { class: "mm-key mm-key-cave" }), "a Cave-In: no mole moves across that border"),
      item(el("span", { class: "mm-key mm-key-legal" }), "yellow: you can click it now; dashed: click to pick, then finish the move"),
      item(el("span", { class: "mm-key mm-key-last" }), "orange ring: the last action's places"),
      item(el("span", { class: "mm-key mm-key-slot" }), "dashed outline: a free place of the meadow (a–s)"),
      item(el("span", { class: "mm-key mm-key-gone mm-seat-2" }), "faded, red dashes: the mole the pointed-at action would take off the board")));
}

// ------------------------------------------------------------------ render

export function render(container, context) {
  lastContainer = container;
  lastContext = context;
  const obs = context.observation || {};
  const table = context.table;
  const legal = context.replaying || context.pending ? [] : context.legal || [];
  const offer = sortLegal(legal);
  pickStillOffered(offer);
  if (!context.replaying && previous !== obs) {
    announce(previous, obs, table);
    previous = obs;
  }
  const cards = cardInfo(context.guide);
  const positions = (context.guide && context.guide.data && context.guide.data.positions) || null;
  const mine = legal.length > 0;

  const meadow = positions
    ? drawMeadow(obs, offer, context, positions)
    : el("p", { class: "muted", text: "Loading the meadow…" });
  const line = turnLine(obs, cards, table);
  const panel = el("div", { class: "mm-panel" },
    el("p", { class: `mm-prompt${mine ? " yours" : ""}`, "aria-live": "polite", text: prompt(obs, offer, mine, context) }),
    line ? el("p", { class: "mm-turn-line", text: line }) : null,
    el("p", { class: "mm-preview", "aria-live": "polite" }),
    drawControls(obs, offer, context, cards),
    drawHand(obs, offer, context, cards));
  const info = el("div", { class: "mm-info" },
    drawSeats(obs, context),
    drawEndHands(obs, context),
    drawPile(obs),
    events.length
      ? el("div", { class: "mm-events" }, el("h3", { text: "Just happened" }), el("ul", { "aria-live": "polite" }, events.slice().reverse().map((text) => el("li", { text }))))
      : null,
    drawLegend());
  const root = el("div", { class: "mm-table", "data-board": "mole-majority" },
    el("div", { class: "mm-board-box" }, meadow), panel, info);
  container.replaceChildren(root);
  return { handlesActions: true };
}

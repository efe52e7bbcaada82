// The Mole Majority meadow in SVG: tiles where the rules place them (axial coordinates from the
// guide data), their spaces clockwise from the top (rules 2.6), moles, claims, Home Tokens,
// Home Bases and Cave-Ins. Clickable parts come from the table's ``ui`` (``activate`` for a
// whole legal action, ``pickable`` for the first part of one, and what is picked now).
import { seatLabel } from "../util.js";

const NS = "http://www.w3.org/2000/svg";
const SIZE = 50; // a hex's circumradius (pointy top)
const ROOT3 = Math.sqrt(3);
const SPACE_RING = 0.6 * SIZE;
const HOLE = 8.5;
// Where the marks in the middle of a tile go, in units from its centre (y grows downwards).
const CORE = {
  value: { y: 2, r: 12 },
  letter: { x: -11, y: -13, size: 12 },
  token: { x: 11, y: -13, size: 12 },
  entrant: { x: 11, y: 12, r: 3.5 },
};
export const SETUP_PHASES = new Set(["setup-hex", "base", "extra-hex", "place"]);

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

function edgeLine(a, b) {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const px = (-(b.y - a.y) / length) * (SIZE / 2);
  const py = ((b.x - a.x) / length) * (SIZE / 2);
  return { x1: mx + px, y1: my + py, x2: mx - px, y2: my - py };
}

function lastPlaces(lastAction) {
  const places = new Set();
  for (const word of (lastAction || "").split(" ").slice(1)) {
    if (/^[a-s][1-6]?$/.test(word) || /^[a-s]-[a-s]$/.test(word)) places.add(word);
  }
  return places;
}

export function drawMeadow(obs, offer, context, positions, ui) {
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
  const width = Math.max(...xs) + halfWidth - left;
  const height = Math.max(...ys) + SIZE + 4 - top;
  const root = svg("svg", {
    viewBox: `${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
    // A group, not an image: its spaces and moles are buttons (an image's parts are not read).
    role: "group",
    "aria-label": "Mole Majority meadow",
    class: "mm-meadow",
  });
  // Its size in SVG units, for the CSS, which draws it at a fixed scale (px per unit) that
  // a short screen lowers to fit its height.
  root.style.setProperty("--mm-units", width.toFixed(1));
  root.style.setProperty("--mm-height", height.toFixed(1));
  // How many tiles across it is, in half tiles (rows are offset by half a tile), for the CSS:
  // a meadow laid wide leaves the panel beside it too narrow for the hand (see the CSS).
  root.dataset.across = String(Math.round(((Math.max(...xs) - Math.min(...xs)) / (ROOT3 * SIZE) + 1) * 2) / 2);
  const tiles = svg("g");
  const marks = svg("g");
  const edges = svg("g");
  // Home Tokens that may be taken lie above the spaces' touch rings, which would take their taps.
  const homes = svg("g");
  root.append(tiles, edges, marks, homes);

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
        ui.activate(slot, action, onAction, `put ${verb} on ${label}`);
      }
      tiles.append(slot, text);
      continue;
    }
    drawTile({ tiles, marks, homes }, label, tile, at, offer, context, last, ui);
  }
  for (const edge of obs.cave_ins || []) {
    const [a, b] = edge.split("-");
    if (!centres[a] || !centres[b]) continue;
    edges.append(titled(svg("line", { ...edgeLine(centres[a], centres[b]), class: `mm-cave${last.has(edge) ? " last" : ""}`, "data-cave": edge }), `Cave-In on ${edge}`));
  }
  drawCaveChoices(edges, centres, offer, onAction, ui);
  return root;
}

function drawTile({ tiles, marks, homes }, label, tile, at, offer, context, last, ui) {
  const { onAction, table } = context;
  const group = svg("g", { class: "mm-tile", "data-hex": label });
  const hex = svg("polygon", { points: corners(at.x, at.y, 0.97), class: `mm-hex v${tile.value}${last.has(label) ? " last" : ""}` });
  const claimText = tile.claim === null ? "unclaimed" : `claimed by ${seatLabel(table, tile.claim)}`;
  const about = `${label}: ${tile.value} spaces, ${tile.value} points, ${claimText}` + (tile.last_entrant === null ? "" : `; last in: ${seatLabel(table, tile.last_entrant)}`);
  titled(hex, about);
  group.append(hex);
  if (tile.home_base_of !== null) {
    group.append(svg("polygon", { points: corners(at.x, at.y, 0.86), class: `mm-home-base mm-stroke-${tile.home_base_of}` }));
  }
  // The middle of the tile, where no space reaches (the nearest space's edge is 21.5 units
  // from the centre): the value on the claimant's colour, the tile's letter on a tag at its
  // upper left, the Home Token at its upper right and the last entrant's dot at its lower
  // right, the same on every tile. The letter and the token stood in gaps of the ring of
  // spaces by the tile's edge, half under a mole, a Home Base's border or a Cave-In.
  const disc = svg("circle", { cx: at.x, cy: at.y + CORE.value.y, r: CORE.value.r, class: tile.claim === null ? "mm-value" : `mm-claim mm-seat-${tile.claim}` });
  titled(disc, tile.claim === null ? `${tile.value} points, unclaimed` : `claimed by ${seatLabel(table, tile.claim)}`);
  const value = svg("text", { x: at.x, y: at.y + CORE.value.y, class: `mm-value-text${tile.claim === null ? "" : ` on-${tile.claim}`}` });
  value.textContent = String(tile.value);
  group.append(disc, value);
  if (tile.last_entrant !== null) {
    group.append(titled(svg("circle", { cx: at.x + CORE.entrant.x, cy: at.y + CORE.entrant.y, r: CORE.entrant.r, class: `mm-entrant mm-seat-${tile.last_entrant}` }), `last mole in: ${seatLabel(table, tile.last_entrant)}`));
  }
  const tag = CORE.letter;
  group.append(titled(svg("rect", { x: at.x + tag.x - tag.size / 2, y: at.y + tag.y - tag.size / 2, width: tag.size, height: tag.size, rx: 3, class: "mm-hex-tag" }), about));
  const name = svg("text", { x: at.x + tag.x, y: at.y + tag.y, class: "mm-hex-label" });
  name.textContent = label;
  group.append(name);
  if (tile.token !== "none") {
    const where = CORE.token;
    const token = svg("rect", { x: at.x + where.x - where.size / 2, y: at.y + where.y - where.size / 2, width: where.size, height: where.size, rx: 3, class: "mm-token" });
    titled(token, tile.token === "hidden" ? "a face-down Home Token" : `a Home Token worth ${tile.token}`);
    const text = svg("text", { x: at.x + where.x, y: at.y + where.y, class: "mm-token-text" });
    text.textContent = tile.token === "hidden" ? "?" : String(tile.token);
    const action = offer.homes.get(label);
    if (action) {
      ui.activate(token, action, onAction, `Make A Home: take the Home Token of ${label}`);
      homes.append(token, text);
    } else group.append(token, text);
  }
  tiles.append(group);
  tile.spaces.forEach((owner, index) => {
    const space = `${label}${index + 1}`;
    const point = spacePoint(at.x, at.y, index, tile.value);
    const node = svg("circle", { cx: point.x, cy: point.y, r: HOLE, "data-space": space, class: owner === null ? "mm-hole" : `mm-mole mm-seat-${owner}` });
    if (last.has(space)) node.classList.add("last");
    titled(node, owner === null ? `${space}: empty` : `${space}: ${seatLabel(table, owner)}'s mole`);
    offerSpace(node, space, offer, onAction, ui);
    if (node.hasAttribute("tabindex")) marks.append(touchArea(point, node));
    marks.append(node);
  });
}

// A clickable space is 17 units wide: a transparent ring around it, short of the next space
// (30 units away), passes a finger's tap and hover on to it; on a phone, where the meadow is
// drawn at 1.45 px a unit, that is 40 px across.
const TOUCH = 14;

function touchArea(point, node) {
  const area = svg("circle", { cx: point.x, cy: point.y, r: TOUCH, class: "mm-touch", "aria-hidden": "true" });
  for (const type of ["click", "mouseenter", "mouseleave"]) {
    area.addEventListener(type, () => node.dispatchEvent(new MouseEvent(type)));
  }
  return area;
}

function offerSpace(node, space, offer, onAction, ui) {
  const { picked, rollDirection } = ui;
  if (picked && picked.kind === "mole") {
    if (picked.value === space) ui.pickable(node, "mole", space, `${space}: picked; click again to cancel`);
    else {
      const move = offer.moves.get(picked.value);
      if (move && move.has(space)) ui.activate(node, move.get(space), onAction, `move ${picked.value} to ${space}`);
    }
    return;
  }
  if (picked) return;
  if (offer.breeds.has(space)) ui.activate(node, offer.breeds.get(space), onAction, `breed on ${space}`);
  else if (offer.converts.has(space)) ui.activate(node, offer.converts.get(space), onAction, `convert the mole on ${space}`);
  else if (offer.moves.has(space)) ui.pickable(node, "mole", space, `move the mole on ${space}`);
  else if (offer.rolls.has(space) && offer.rolls.get(space).has(rollDirection)) {
    ui.activate(node, offer.rolls.get(space).get(rollDirection), onAction, `roll ${rollDirection === "cw" ? "clockwise" : "counter-clockwise"} from ${space}`);
  }
}

function drawCaveChoices(layer, centres, offer, onAction, ui) {
  const { picked } = ui;
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
    if (action) ui.activate(hit, action, onAction, `Cave-Ins on ${chosen} and ${edge}`);
    else ui.pickable(hit, "edge", edge, edge === chosen ? `border ${edge}: picked; click again to cancel` : `Cave-In on border ${edge}`);
    layer.append(hint, hit);
  }
}

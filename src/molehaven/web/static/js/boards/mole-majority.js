// The drawn Mole Majority table: the hex meadow (SVG) with every tile, space, mole, claim,
// Cave-In and Home Token; your hand as cards; every seat's supplies; and a turn built by
// clicking. A click on the board is always one of this seat's legal actions: an action whose
// text names two places ("move b1 e2", "cave b-e b-f") is picked one place at a time, and only
// the last click, filtered from ``legal`` by what was picked so far, carries the whole action.
// A Groundskeeper offers its roll numbers as named buttons on the card; a roll starts from the
// clicked mole in the direction chosen by a toggle (clockwise unless changed). Nothing here
// decides a rule: the cards' words and the positions of the hexes come from the game's guide
// data (``public_data()``), what a click would do from the server (a hover preview).
import { focusPlace, keepFocus } from "../focus.js";
import { andList, api, capitalize, counted, el, freeSeat, freeSeatLabel, layoutWatcher, markScrollEdges, notStarted, seatLabel, store, tabStopWhileScrolling } from "../util.js";
import { SETUP_PHASES, drawMeadow } from "./mole-majority-meadow.js";
import { cardInfo, cardTitle, changes, previewWords, sortLegal, turnLine } from "./mole-majority-read.js";

export const stylesheet = "css/boards/mole-majority.css";
// The players' boards in the panel show every player's points, by the colour of their moles,
// whose turn it is and, at the end, who won: the page's Scores list beside the board repeated
// the numbers alone (at 1280 x 800 both were on the screen).
export const scoresOnBoard = true;
// Its "Just happened" box tells the others' last moves beside the meadow: the page draws no
// strip of its own (table.js ``renderRecent``).
export const ownRecentMoves = true;

const EVENTS_KEPT = 6;
const SEAT_NAMES = ["red", "blue", "purple", "black"];

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
// The observation an action was played from: it is not previewed any more.
let playedFrom = null;
let previews = new Map();
let previewsFor = null;
let previewTimer = null;
// On a narrow screen the meadow is drawn large in a window that scrolls ("near"), or squeezed
// whole into the screen on request ("whole"); a wide screen always shows it whole (the CSS).
// Once the game is over (also at a replay's last step) nothing is tapped and the final
// position is what a player looks at: it opens whole, unless the person zooms in. Drawn near,
// a finished game showed a corner of its meadow until "Show the whole meadow" was tapped.
// Before the start the meadow is empty and nothing is tapped: it opens whole too (drawn near,
// a phone showed a few empty places of it).
const zoomBy = { gathering: "whole", playing: "near", over: "whole" };
let zoomFor = "playing";
// What the meadow window offered last time it was placed, to bring new choices into view once.
let offeredInView = null;
// Whether the legend is unfolded: every move at the table draws the board anew, which folded
// it again under the eyes of the person reading it.
let legendOpen = false;

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
    // The server applies the action before a preview still waiting to be sent would reach
    // it, and would refuse that preview as illegal: none is asked of this position now.
    clearTimeout(previewTimer);
    playedFrom = lastContext && lastContext.observation;
    onAction(action);
  };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go();
    }
  });
  node.addEventListener("mouseenter", () => schedulePreview(action, label));
  node.addEventListener("focus", () => schedulePreview(action, label));
  node.addEventListener("mouseleave", () => schedulePreview(null));
  node.addEventListener("blur", () => schedulePreview(null));
}

// A clickable element that picks the first part of a multi-part action (no action yet).
function pickable(node, kind, value, label) {
  node.setAttribute("data-pick", `${kind}:${value}`);
  // Named for keepFocus: a picked mole stays focused when the board is drawn again.
  node.setAttribute("data-focus-key", `pick:${kind}:${value}`);
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

// ``label`` names the action as its button or space does ("Move b1 to c2"): the preview
// said "move b1 c2: …", the notation, which reads as code.
function schedulePreview(action, label = action) {
  clearTimeout(previewTimer);
  if (action === null) {
    showPreview(null, null);
    return;
  }
  previewTimer = setTimeout(() => loadPreview(action, label), PREVIEW_DELAY_MS);
}

async function loadPreview(action, label) {
  const context = lastContext;
  if (!context || !context.table || context.observation === playedFrom) return;
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
  showPreview(action, preview, label);
}

function showPreview(action, preview, label = action) {
  const box = lastContainer && lastContainer.querySelector(".mm-preview");
  const meadow = lastContainer && lastContainer.querySelector("svg.mm-meadow");
  if (!box || !meadow) return;
  for (const node of meadow.querySelectorAll(".would-go, .would-turn")) node.classList.remove("would-go", "would-turn");
  if (!action || !preview) {
    box.textContent = "";
    return;
  }
  if (preview.ends) {
    box.textContent = `${capitalize(label)}: ends the game.`;
    return;
  }
  const { words, gone, turned, converted } = previewWords(lastContext.observation, preview.observation, lastContext.table, lastContext.you);
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
  // What the action does to the moles, then to the claims: "convert k1: converts Bea's mole on
  // k1; no claim changes" (it said "converts k1", as if the space were taken, not the mole).
  const removed = gone.filter((space) => space !== moved);
  const said = [];
  if (converted.length) said.push(`converts ${andList(converted)}`);
  if (removed.length) said.push(`takes ${removed.length} mole${removed.length > 1 ? "s" : ""} off (${removed.join(" ")})`);
  said.push(...(words.length ? words : ["no claim changes"]));
  box.textContent = `${capitalize(label)}: ${said.join("; ")}.`;
}

// ------------------------------------------------------------------ picks

function pickStillOffered(offer) {
  if (!picked) return;
  const { kind, value } = picked;
  const ok = kind === "mole" ? offer.moves.has(value) || offer.rolls.has(value)
      : kind === "edge" ? offer.caves.some((cave) => cave.edges.includes(value))
        : false;
  if (!ok) picked = null;
}

// Why a seat is out (MM-38, the only way out); the observation says only that it is.
const OUT_BECAUSE = "none of your Claim Tokens is left on the board";

function isOut(obs, you) {
  return you !== null && you !== undefined && obs.phase !== "over" && Boolean(((obs.seats || [])[you] || {}).eliminated);
}

// The turn line above the table (table.js): what is asked of this seat, in a few words (the
// prompt under the meadow says it in full). A seat that is out is told so for the rest of the
// game rather than "Waiting for …", which would never be its turn again.
export function turn({ observation: obs, legal, you }) {
  if (obs && isOut(obs, you)) return { you: false, text: "You are out of the game", asked: `${capitalize(OUT_BECAUSE)}.` };
  if (!obs || !legal || !legal.length) return null;
  const asked = obs.phase === "base" ? "Choose your Home Base."
    : obs.phase === "place" ? `Place the drawn ${obs.pending_hex}-space tile.`
      : obs.phase === "start" ? (legal.some((action) => action.startsWith("play ")) ? "Play a card, or discard your hand." : "Pass, or discard your hand.")
        : obs.phase === "bonus" ? "Breed your bonus moles, or end your turn."
          : "Use your card, then end your turn.";
  return { you: true, text: "Your move", asked };
}

// The start of a turn in the words of what is offered: a Groundskeeper is named only when one
// may be played (it needs a Number card beside it), and a hand with nothing to play is told
// so, with the pass it is offered.
function startPrompt(offer) {
  const playable = offer.plays.size > 0 || offer.keeperPlays.size > 0;
  const choices = [];
  if (playable) choices.push(`play a card from your hand${offer.keeperPlays.size ? " (a Groundskeeper: click a roll number on it)" : ""}`);
  if (offer.simple.has("pass")) choices.push("pass");
  if (offer.simple.has("discard")) choices.push("discard your hand and draw 5");
  const said = choices.length > 1 ? `${choices.slice(0, -1).join(", ")}, or ${choices[choices.length - 1]}` : choices.join("");
  if (!playable) return `No card in your hand can be played now: ${said}.`;
  return `${capitalize(said)}.`;
}

// Another seat is to move: the page's turn line above the board names whom the table waits
// for ("Hard bot 2 is thinking… 12 s"), and said again here ("Waiting for hard bot 2.") it
// was the same news twice, the older one without the seconds. The prompt says what that turn
// is about instead, which the turn line does not; in the card's steps the line under the
// prompt says what was played.
function othersPrompt(obs) {
  if (!(obs.to_move || []).length) return "Waiting…";
  const doing = obs.phase === "base" ? "a Home Base is being chosen"
    : obs.phase === "place" ? (obs.pending_hex ? `the drawn ${obs.pending_hex}-space tile is being placed` : "a tile is being placed")
      : obs.phase === "start" ? "a card is being chosen"
        : obs.phase === "bonus" ? "bonus moles are being bred"
          : obs.phase === "main" ? "the card played is being used"
            : "";
  return doing ? `Not your turn: ${doing}.` : "Not your turn.";
}

function prompt(obs, offer, mine, context) {
  const { table } = context;
  // Who won and why are said once, by the table's result box above the board.
  if (obs.phase === "over") return "The game is over.";
  // Before the start nobody is to move yet ("Waiting…" said nothing of what for): a table
  // being gathered is told how long the game may last (MM-40's turn limit).
  if (notStarted(table)) return obs.turn_limit ? `Not started yet · up to ${counted(obs.turn_limit, "turn")}.` : "Not started yet.";
  if (context.pending) return "Sending your move…";
  if (context.replaying) return "Replay: the game as it stood after this step.";
  if (isOut(obs, context.you)) return `You are out of the game (${OUT_BECAUSE}): you take no more turns and cannot win; the others play on.`;
  if (!mine) return othersPrompt(obs);
  if (obs.phase === "base") return "Choose your Home Base: click a highlighted free place.";
  if (obs.phase === "place") return `Place the drawn ${obs.pending_hex}-space tile: click a highlighted free place.`;
  if (picked && picked.kind === "mole") {
    const parts = [];
    if (offer.moves.has(picked.value)) parts.push("click a highlighted space to move it there");
    if (offer.rolls.has(picked.value)) parts.push("choose the roll direction below");
    return `Mole ${picked.value}: ${parts.join(", or ")}. Click it again to cancel.`;
  }
  if (picked && picked.kind === "edge") return `Cave-In on ${picked.value}: click a second highlighted border.`;
  if (obs.phase === "start") return startPrompt(offer);
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
  return `${capitalize(text)}.`;
}

// ------------------------------------------------------------------ the panel

function button(text, action, onAction, extra = "") {
  const node = el("button", { type: "button", class: `mm-button ${extra}`.trim(), text });
  activate(node, action, onAction, text);
  return node;
}

function drawControls(obs, offer, context) {
  const { onAction } = context;
  const row = [];
  if (picked && picked.kind === "mole" && offer.rolls.has(picked.value)) {
    const rolls = offer.rolls.get(picked.value);
    // The mole is named by the prompt above them ("Mole b1: … choose the roll direction"):
    // on the buttons it made "Roll counter-clockwise from b1 ↺" two lines of a 16rem column.
    const roll = (direction, text) => {
      const node = button(text, rolls.get(direction), onAction);
      node.setAttribute("aria-label", `${text.slice(2)} from ${picked.value}`);
      return node;
    };
    if (rolls.has("cw")) row.push(roll("cw", "↻ Roll clockwise"));
    if (rolls.has("ccw")) row.push(roll("ccw", "↺ Roll counter-clockwise"));
  }
  if (!picked && offer.rolls.size) {
    const toggle = (direction, text) => {
      const node = el("button", { type: "button", class: "mm-button mm-direction", text, "aria-pressed": String(rollDirection === direction) });
      node.setAttribute("data-pick", `dir:${direction}`);
      node.setAttribute("data-focus-key", `dir:${direction}`);
      node.classList.add(rollDirection === direction ? "picked" : "pickable");
      node.addEventListener("click", () => {
        rollDirection = direction;
        redraw();
      });
      return node;
    };
    // Named above its two buttons, not before them: "Roll:" and both on one line were wider
    // than the 16rem column beside a meadow laid wide, and the second button went under.
    row.push(el("span", { class: "mm-direction-box", role: "group", "aria-label": "Roll direction" },
      el("span", { class: "mm-direction-label", text: "Roll direction:" }), toggle("cw", "↻ clockwise"), toggle("ccw", "↺ counter-clockwise")));
  }
  if (offer.simple.has("discard")) row.push(button("Discard hand, draw 5", offer.simple.get("discard"), onAction));
  if (offer.simple.has("pass")) row.push(button("Pass", offer.simple.get("pass"), onAction));
  if (picked) {
    row.push(el("button", { type: "button", class: "mm-button", text: "Cancel", "data-focus-key": "mm-cancel", onclick: () => { picked = null; redraw(); } }));
  }
  if (offer.simple.has("end")) row.push(button("End turn", offer.simple.get("end"), onAction, "primary mm-end"));
  return row.length ? el("div", { class: "mm-controls" }, row) : null;
}

// The stacks a card offers, as buttons on it named by what each adds. They were buttons of
// their own over the hand ("Stack Convert: +1 to the Groundskeeper's roll number"), each a
// line or two of the 16rem column beside a meadow laid wide, which pushed the hand's last card
// below a laptop's screen; on the card, what a stack adds is read where the card is.
function stackChoices(name, card, offer, context) {
  const { onAction } = context;
  const chip = (words, action) => {
    const node = button(words, action, onAction, "mm-card-choice");
    node.setAttribute("aria-label", `Stack ${card.title}: ${words}`);
    return node;
  };
  const choices = [];
  if (offer.stacks.has(name)) choices.push(chip(card.stack || "stack", offer.stacks.get(name)));
  // "stack convert <what>": the Convert card's stacks, by what each adds (the guide's words).
  if (name === "convert") {
    const words = (context.guide && context.guide.data && context.guide.data.convert_stacks) || {};
    for (const [choice, action] of offer.convertStacks) choices.push(chip(words[choice] || choice, action));
  }
  return choices;
}

function drawHand(obs, offer, context, cards) {
  const hand = obs.hand;
  if (!Array.isArray(hand) || (!hand.length && SETUP_PHASES.has(obs.phase))) return null;
  // Once every hand is shown (the end), yours is among them: drawn here as well it was
  // shown twice, as cards and again in words.
  if (Array.isArray(obs.hands)) return null;
  const counts = new Map();
  for (const name of hand) counts.set(name, (counts.get(name) || 0) + 1);
  const items = [...counts.entries()].map(([name, count]) => {
    const card = cards.get(name) || { title: name, effect: "", stack: null };
    const stacks = stackChoices(name, card, offer, context);
    const node = el("div", { class: "mm-card", "data-card": name },
      el("span", { class: "mm-card-title", text: card.title }),
      count > 1 ? el("span", { class: "mm-card-count", text: `×${count}` }) : null,
      el("span", { class: "mm-card-effect", text: card.effect }),
      // Offered, the stack is chosen on the card, by what it adds (Convert: one of its three).
      stacks.length ? el("span", { class: "mm-card-stack mm-card-choices" }, el("span", { text: "Stack:" }), stacks)
        : card.stack ? el("span", { class: "mm-card-stack", text: `Stack: ${card.stack}` }) : null);
    if (offer.keeperPlays.has(name)) {
      const choices = [...offer.keeperPlays.get(name)].map(([number, action]) => {
        const value = cards.has(number) ? cards.get(number).number_value : number;
        return button(`Roll ${value} (${cardTitle(cards, number)})`, action, context.onAction, "mm-card-choice");
      });
      node.append(el("span", { class: "mm-card-choices" }, choices));
    } else if (!picked && offer.plays.has(name)) {
      activate(node, offer.plays.get(name), context.onAction, `play ${card.title}`);
    }
    return node;
  });
  return el("div", { class: "mm-hand-box" },
    el("h3", { text: `Your hand (${hand.length})` }),
    items.length ? el("div", { class: "mm-hand", role: "group", "aria-label": "Your hand", "data-focus-key": "hand" }, items) : el("p", { class: "muted", text: "No cards in hand." }));
}

// Every player's board, as compact as a game's player panels are, for the narrow column beside
// the meadow: name and points on one line, then what each has left.
function drawSeats(obs, context) {
  const { table, you } = context;
  // Each count with its words ("6 on board, 24 in supply"): two counts behind one name with a
  // slash between them ("Moles 6/24") read as a fraction.
  const stat = (name, title, ...counts) => el("span", { class: "mm-stat", title },
    `${name} `, counts.flatMap(([value, words], index) => [index ? ", " : "", el("span", { class: "mm-count" }, el("b", { text: String(value) }), words ? ` ${words}` : "")]));
  // Before the start "0 pts", "0 on board", "Hand 0" and "Home Tokens 0" on every board read
  // as a game under way with nobody ahead: each board then says who sits there and what they
  // start with (the supplies, which the table's options set).
  const open = notStarted(table);
  const boards = (obs.seats || []).map((entry, seat) => {
    const score = open ? undefined : (obs.scores || [])[seat];
    const free = freeSeat(table, seat);
    // Once the game is over the scores are the final ones and the observation names the winners.
    const over = obs.phase === "over";
    const won = over && Array.isArray(obs.winners) && obs.winners.includes(seat);
    return el("li", { class: `${seat === you ? "you" : ""}${entry.eliminated ? " out" : ""}${obs.active === seat ? " active" : ""}${won ? " won" : ""}${free ? " free" : ""}`, "data-seat-row": seat },
      el("span", { class: "mm-seat-name" },
        el("span", { class: `mm-swatch mm-seat-${seat}`, title: SEAT_NAMES[seat] }),
        free ? freeSeatLabel(seat) : `${seatLabel(table, seat, you)}${entry.eliminated ? " (out)" : ""}`,
        won ? el("span", { class: "won-mark", text: " won" }) : null),
      el("span", {
        class: "mm-seat-score",
        title: over ? "final points: claimed tiles and Home Tokens" : "points of claimed tiles (Home Tokens count at the end)",
        text: score === undefined ? "" : counted(score, "pt"),
      }),
      open ? el("span", { class: "mm-seat-stats" },
        stat("Moles", "moles in supply to breed", [entry.moles]),
        stat("Claims", "Claim Tokens in supply", [entry.claims]),
        stat("Cave-Ins", "Cave-In tokens", [entry.cave_ins]),
        stat("Deck", "cards in the deck", [entry.deck_size])) : el("span", { class: "mm-seat-stats" },
        stat("Moles", "moles on the board, and left in supply to breed", [entry.moles_on_board, "on board"], [entry.moles, "in supply"]),
        stat("Claims left", "Claim Tokens left in supply", [entry.claims]),
        stat("Cave-Ins left", "Cave-In tokens left", [entry.cave_ins]),
        stat("Hand", "cards in hand", [entry.hand_size]),
        stat("Deck", "cards left in the deck", [entry.deck_size]),
        // Their count alone: the values of yours are under your hand, everyone's at the end
        // under the hands. "Home Tokens 2 (1+3)" took a fourth line on a board 212 px wide
        // (four players on a laptop), pushing the meadow's foot below the screen.
        stat("Home Tokens", "Home Tokens collected", [entry.home_tokens])));
  });
  return el("div", { class: "mm-seats-box" }, el("h3", { text: "Players" }), el("ul", { class: "mm-seats" }, boards));
}

// Home Tokens by their values, as the meadow draws them (green, the value on them).
function tokenMarks(values) {
  return values.map((value) => el("span", { class: "mm-mini-token", text: String(value) }));
}

// The values of this seat's own Home Tokens, secret as its hand is, under the hand while the
// game goes on (at the end they are with everyone's, under the hands).
function drawMyTokens(obs) {
  const values = obs.my_home_tokens;
  if (!Array.isArray(values) || !values.length || Array.isArray(obs.home_token_values)) return null;
  const sum = values.reduce((total, value) => total + value, 0);
  return el("p", { class: "mm-my-tokens" },
    el("span", { text: "Your Home Tokens:" }), tokenMarks(values),
    el("span", { class: "muted", text: `${sum} point${sum === 1 ? "" : "s"} at the end` }));
}

// Once the game is over every hand is shown (its Number cards can break a tie, MM-42), and
// every seat's Home Tokens by value (they are in its final points). An empty hand was played
// out or discarded whole (MM-34): "no cards left", which "no cards" alone did not say.
function drawEndHands(obs, context) {
  if (!Array.isArray(obs.hands)) return null;
  const cards = cardInfo(context.guide);
  const values = Array.isArray(obs.home_token_values) ? obs.home_token_values : [];
  return el("div", { class: "mm-end-hands" },
    el("h3", { text: "Hands at the end" }),
    el("ul", {}, obs.hands.map((hand, seat) => el("li", { "data-seat-hand": seat },
      el("span", { class: `mm-swatch mm-seat-${seat}` }),
      `${seatLabel(context.table, seat, context.you)}: ${hand.length ? hand.map((name) => cardTitle(cards, name)).join(", ") : "no cards left"}`,
      // The separator outside the flex box, which would drop its leading space.
      (values[seat] || []).length ? [" · ", el("span", { class: "mm-end-tokens" }, "Home Tokens", tokenMarks(values[seat]))] : null))));
}

function drawPile(obs) {
  // The tiles still to come, while the meadow is laid (the phases in which tiles are drawn
  // and placed, as the observation names them); afterwards nothing is drawn from the pile,
  // and its leftovers ("3 ×0 4 ×0 5 ×3 6 ×2" for the rest of the game) only took room.
  const pile = SETUP_PHASES.has(obs.phase) ? Object.entries(obs.pile || {}).filter(([, count]) => count > 0) : [];
  const tiles = pile.map(([value, count]) => el("span", { class: "mm-pile-item", title: `${counted(count, "tile")} of ${value} spaces` }, el("span", { class: "mm-mini-hex", text: value }), `×${count}`));
  // The Home Tokens' pool (a Cave-In takes one from it) has a name of its own: a green "?"
  // after the tiles under "Tile pile:" read as that many face-down tiles.
  return el("div", { class: "mm-pile" },
    tiles.length ? el("span", { class: "mm-pile-group" }, el("span", { text: "Tile pile:" }), tiles) : null,
    el("span", { class: "mm-pile-group mm-pool" },
      el("span", { text: "Home Tokens in the pool:" }),
      el("span", { class: "mm-pile-item", title: "face-down Home Tokens in the pool" }, el("span", { class: "mm-mini-token", text: "?" }), `×${obs.pool ?? 0}`)),
    obs.pending_hex ? el("span", { class: "mm-pending", text: `Drawn tile: ${obs.pending_hex} spaces` }) : null);
}

function drawLegend() {
  const item = (mark, text) => el("li", {}, mark, text);
  const legend = el("details", { class: "mm-legend", open: legendOpen },
    el("summary", { text: "Legend", "data-focus-key": "mm-legend" }),
    el("ul", {},
      item(el("span", { class: "mm-key mm-key-hole" }), "an empty Mole Space (numbered 1, 2 … clockwise from the top)"),
      item(el("span", { class: "mm-key mm-seat-0" }), "a mole, in its player's colour (red, blue, purple, black for seats 0–3)"),
      item(el("span", { class: "mm-key mm-key-value", text: "5" }), "the tile's spaces and points; on a player's colour when that player has claimed it"),
      item(el("span", { class: "mm-key mm-key-tag", text: "k" }), "the tile's place (a–s), which names its spaces: k1, k2 …"),
      item(el("span", { class: "mm-key mm-key-entrant mm-seat-1" }), "small dot: whose mole entered the tile last (wins a tied Majority)"),
      item(el("span", { class: "mm-key mm-key-token", text: "?" }), "a Home Token (face down ?, or its value)"),
      item(el("span", { class: "mm-key mm-key-base" }), "coloured inner border: that player's Home Base"),
      item(el("span", { class: "mm-key mm-key-cave" }), "a Cave-In: no mole moves across that border"),
      item(el("span", { class: "mm-key mm-key-legal" }), "yellow: you can click it now; dashed: click to pick, then finish the move"),
      item(el("span", { class: "mm-key mm-key-last" }), "orange ring: the last action's places"),
      item(el("span", { class: "mm-key mm-key-slot" }), "dashed outline: a free place of the meadow (a–s)"),
      item(el("span", { class: "mm-key mm-key-gone mm-seat-2" }), "faded, red dashes: the mole the pointed-at action would take off the board"),
      item(el("span", { class: "mm-key-word", text: "Players:" }), "points of claimed tiles (Home Tokens are added at the end) · Claims left, Cave-Ins left: tokens still to place · Home Tokens: taken so far · highlighted: whose turn it is")));
  legend.addEventListener("toggle", () => { legendOpen = legend.open; });
  return legend;
}

// ------------------------------------------------------------------ the meadow's window

function zoomButton() {
  const near = zoomBy[zoomFor] === "near";
  return el("button", {
    type: "button",
    class: "mm-button mm-zoom",
    "data-focus-key": "mm-zoom",
    text: near ? "Show the whole meadow" : "Zoom in on the meadow",
    onclick: () => {
      zoomBy[zoomFor] = near ? "whole" : "near";
      offeredInView = null;
      redraw();
    },
  });
}

function centreOf(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// After a redraw the window keeps where the person had scrolled it; when what may be clicked
// changes (a new turn, a mole picked) and none of it is in view, it scrolls to the first one
// (a picked mole, offered again only to cancel the pick, does not count).
function placeWindow(view, scrolled) {
  if (view.scrollWidth <= view.clientWidth && view.scrollHeight <= view.clientHeight) return;
  if (scrolled) {
    view.scrollLeft = scrolled.left;
    view.scrollTop = scrolled.top;
  }
  const offered = [...view.querySelectorAll("[data-action], [data-pick]:not(.picked)")];
  const key = offered.map((node) => node.dataset.action || node.dataset.pick).join("|");
  if (scrolled && key === offeredInView) return;
  offeredInView = key;
  const frame = view.getBoundingClientRect();
  const inView = (node) => {
    const { x, y } = centreOf(node);
    return x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom;
  };
  if (scrolled && (!offered.length || offered.some(inView))) return;
  // The first choice, or the middle of the meadow when there is none.
  const aim = offered.length ? centreOf(offered[0]) : centreOf(view.querySelector("svg"));
  view.scrollLeft += aim.x - (frame.left + frame.width / 2);
  view.scrollTop += aim.y - (frame.top + frame.height / 2);
}

// How far down the page the meadow starts, for the CSS, which draws it no taller than the first
// screen below that point: above it lie the table's head, the turn lines and, once the game is
// over, its result. Measured again when the window changes size (a tablet turned round), and
// when the page changes height: the result box unfolds over a moment after the board is drawn
// (table.js), and a top measured before it left the final meadow taller than the screen.
// Also how tall what is asked and the hand are (--mm-below): on a tablet upright they lie under
// the meadow, which leaves them room on the first screen (the CSS). Not while a move is on its
// way, which offers nothing for a moment (the meadow would grow and shrink back at every
// move), and with the preview at its one line: a longer one, shown while a card is pointed at,
// would shrink the meadow and move the card from under the pointer, taking the preview away.
function markMeadowTop() {
  const table = lastContainer && lastContainer.querySelector(".mm-table");
  const meadow = table && table.querySelector("svg.mm-meadow");
  if (!meadow) return;
  // Every size is read before any is written: a write between two reads laid the page out again.
  const sizes = [["--mm-top", `${Math.round(meadow.getBoundingClientRect().top + window.scrollY)}px`]];
  const play = table.querySelector(".mm-play-box");
  const preview = play && play.querySelector(".mm-preview");
  if (play && preview && !(lastContext && lastContext.pending)) {
    // Docked at the screen's foot (a phone), the meadow's window leaves the bar its height, so
    // that the window and the bar fit on one screen together.
    const height = play.getBoundingClientRect().height;
    const longer = preview.getBoundingClientRect().height - parseFloat(getComputedStyle(preview).minHeight);
    sizes.push(["--mm-dock", `${Math.ceil(height)}px`], ["--mm-below", `${Math.ceil(height - Math.max(0, longer))}px`]);
  }
  for (const [name, value] of sizes) setMeasured(table, name, value);
}

// The sizes measured last, which the next drawing starts with: drawn without them, a new board
// was laid out with the CSS's defaults, measured, and laid out again with the sizes set (twice
// the work at every update), and while a move was on its way (which measures nothing) the
// meadow took the defaults' size for a moment. Each is set on the element whose CSS uses it,
// where the CSS registers it as not inherited: the hand's height changes at nearly every
// update, and a new value on the table restyled every element of the board.
const measured = new Map();
const MEASURED_ON = { "--mm-top": "svg.mm-meadow", "--mm-below": "svg.mm-meadow", "--mm-dock": ".mm-meadow-window" };

function setMeasured(table, name, value) {
  measured.set(name, value);
  const node = table.querySelector(MEASURED_ON[name]);
  if (node && node.style.getPropertyValue(name) !== value) node.style.setProperty(name, value);
}

// The meadow's window scrolls sideways on a phone, upright or on its side narrower than 800
// px: a shade on each side with more of the meadow beyond it (the CSS draws it there).
// The window and the hand (a row on a phone) scroll on their own: Tab stops while they do.
function markEdges() {
  const view = lastContainer && lastContainer.querySelector(".mm-meadow-window");
  if (!view) return;
  markScrollEdges(view);
  tabStopWhileScrolling(view);
  const hand = lastContainer.querySelector(".mm-hand");
  if (hand) tabStopWhileScrolling(hand);
}

function markLayout() {
  markMeadowTop();
  markEdges();
}
window.addEventListener("resize", markLayout);
// The meadow's top moves with what lies above the board (the result box unfolding at the end).
const watchAbove = layoutWatcher(markLayout);

// ------------------------------------------------------------------ render

// What this seat may click now, for the page's turn bar, at every step of a turn: the
// meadow's offered spaces and moles, the hand's cards, the choices (a direction), End turn.
// On a phone they lie far apart (the panel with the hand and End turn starts about 900 px
// down), so half of the board in view says nothing of whether one of them is.
export function offeredControls(container) {
  const board = container.querySelector("[data-board='mole-majority']");
  return board ? [...board.querySelectorAll("[data-action]:not([disabled]), [data-pick]:not(.picked)")] : [];
}

// Where the keyboard's focus goes when what it was on is gone (the move was played, the mole
// picked went): the first thing offered now, or the prompt, which says what the table waits for.
function focusAfter(root) {
  const offered = root.querySelector("[data-action], [data-pick]:not(.picked)");
  if (offered) return offered;
  return focusPlace(root.querySelector(".mm-prompt"));
}

export function render(container, context) {
  lastContainer = container;
  watchAbove(container);
  lastContext = context;
  const obs = context.observation || {};
  const table = context.table;
  const legal = context.replaying || context.pending ? [] : context.legal || [];
  const offer = sortLegal(legal);
  pickStillOffered(offer);
  if (!context.replaying && previous !== obs) {
    events.push(...changes(previous, obs, table, context.you));
    events.splice(0, Math.max(0, events.length - EVENTS_KEPT));
    previous = obs;
  }
  const cards = cardInfo(context.guide);
  const positions = (context.guide && context.guide.data && context.guide.data.positions) || null;
  const mine = legal.length > 0;
  zoomFor = notStarted(table) ? "gathering" : obs.phase === "over" ? "over" : "playing";

  const meadow = positions
    ? drawMeadow(obs, offer, context, positions, { picked, rollDirection, activate, pickable })
    : el("p", { class: "muted", text: "Loading the meadow…" });
  const line = turnLine(obs, cards, table, (context.guide && context.guide.data && context.guide.data.convert_stacks) || {}, context.you);
  // What is asked and the hand in a box of their own, apart from the players' boards, so that
  // the CSS may set the boards across the top of the board instead (3 or 4 players on a laptop).
  const panel = el("div", { class: "mm-panel" },
    el("div", { class: "mm-play-box" },
      el("p", { class: `mm-prompt${mine ? " yours" : ""}`, "aria-live": "polite", text: prompt(obs, offer, mine, context) }),
      line ? el("p", { class: "mm-turn-line", text: line }) : null,
      el("p", { class: "mm-preview", "aria-live": "polite" }),
      drawControls(obs, offer, context),
      drawHand(obs, offer, context, cards),
      drawMyTokens(obs)),
    drawSeats(obs, context));
  const info = el("div", { class: "mm-info" },
    drawEndHands(obs, context),
    drawPile(obs),
    events.length
      ? el("div", { class: "mm-events" }, el("h3", { text: "Just happened" }), el("ul", { "aria-live": "polite" }, events.slice().reverse().map((text) => el("li", { text }))))
      : null,
    drawLegend());
  const before = container.querySelector(".mm-meadow-window");
  const scrolled = before && offeredInView !== null ? { left: before.scrollLeft, top: before.scrollTop } : null;
  const view = el("div", { class: "mm-meadow-window", role: "region", "aria-label": "The meadow", "data-focus-key": "meadow-window" }, meadow);
  // The layout inside a box of its own: the CSS asks the box how wide the board is. The window
  // is framed alone (the zoom button outside), for the shades markScrollEdges() asks of the
  // frame to cover the window only.
  const players = (obs.seats || []).length || (table && table.players) || 0;
  // A meadow laid more than four tiles across leaves the panel beside it too narrow for the
  // hand under the players' boards: the CSS moves the boards (data-wide).
  const wide = Number(meadow.dataset.across) > 4;
  // While this seat plays its turn (its move on its way included, which offers nothing for a
  // moment: the bar would leave the screen's foot and come back at every click), a phone keeps
  // what is asked, the buttons and the hand at the foot of the screen (the CSS): they lay under
  // the meadow's window, and each card played and turn ended was a scroll down and back up.
  const docked = !context.replaying && obs.phase !== "over" && (mine || Boolean(context.pending));
  const root = el("div", { class: "mm-table", "data-board": "mole-majority", "data-players": players, "data-wide": wide, "data-dock": docked },
    el("div", { class: "mm-layout" },
      el("div", { class: `mm-board-box ${zoomBy[zoomFor]}` },
        el("div", { class: "mm-zoom-bar" }, zoomButton()),
        el("div", { class: "mm-meadow-frame" }, view)),
      panel, info));
  for (const [name, value] of measured) root.querySelector(MEASURED_ON[name])?.style.setProperty(name, value);
  keepFocus(container, () => container.replaceChildren(root), () => focusAfter(root));
  markMeadowTop();
  placeWindow(view, scrolled);
  markEdges();
  view.addEventListener("scroll", markEdges, { passive: true });
  return { handlesActions: true };
}

// A table: seats, the live game over a WebSocket, the move log, the clock, and replay.
// The server sends this browser only what its seat may see; this page only draws it.
import { andList, api, capitalize, changedOptions, decisionLinks, el, formatValue, humanize, seatLabel, seatNumber, store } from "./util.js";
import { focusPlace, keepFocus, keyOf } from "./focus.js";
import { renderObservation } from "./observation.js";

// Each game with a drawn table has a module ``boards/<slug>.js`` exporting
// ``render(container, context)`` (see ``renderBoard`` for the context) and, optionally,
// ``stylesheet`` (a path under /static/ loaded once). A game without one gets the generic view.
const DRAWN = new Set(["mole-hill", "the-mole", "mole-park", "mole-majority", "maulwurf-company"]);
const BOARDS = {};
let boardLoading = null;
const boardMissing = new Set(); // drawn games whose board module failed to load
let guide = null; // the game's guide: how to play, the rules page and its public data
const BUTTONS_PER_GROUP = 150;

const root = document.getElementById("table");
const tableId = root.dataset.tableId;
const $ = (id) => document.getElementById(id);

let view = null; // the last state message's data
let version = 0;
let log = [];
let logDrawn = 0; // entries of ``log`` already in the page
// Entries of ``log`` the board had caught up with: while it still shows an earlier observation
// (``boardStillShowing``), the entries since wait, as they would tell what it has not yet.
let logSettled = 0;
let socket = null;
let attempts = 0;
let pending = false;
// Whether this page hears the table now: from a snapshot until its socket closes. Meanwhile
// what it shows is the last it heard (who is connected, the position) and a move sent would
// be lost, so the page says so instead of seeming live.
let live = false;
let clockBase = null;
let agents = [];
let gone = false;
let revokedSaying = null; // why this tab's seat was taken, until the next snapshot says how
let leftHere = false; // this tab pressed its own seat's "Leave" (``settleRevocation``)
let renderQueued = false;
let actionsDrawn = null; // what the action buttons were last drawn from
let movesFoldOpen = false; // whether the person unfolded the moves as buttons or notation
let movesFold = null; // that fold, kept from drawing to drawing (``renderActions``)
let movesParked = null; // where the focus was in the moves when they were hidden (``renderActions``)
let rawOpen = false; // whether the person opened "Everything this seat sees"
let refusal = null; // why this seat's last action was refused, until it acts again
let unmade = null; // the action the page gave up sending (``notMade``), until it acts again
let boardDrawnAt = -1; // the version the board was last drawn for
let chat = []; // the table chat's lines, oldest first (the last 100 and what came since)
let chatDrawn = 0; // lines of ``chat`` already in the page
// Each line sent carries its own ref ("chat-3"), which a refusal echoes: the page knows which
// line was refused, whatever the order of the answers.
let chatRefs = 0;
const chatSent = new Map(); // ref → a line sent and not yet heard back or refused
// ``step``/``seat``/``data``: what the page shows; ``wanted``: the step last asked for;
// ``open``: from the first step asked for until the person closes the replay.
const replay = { active: false, open: false, step: 0, wanted: 0, total: 0, seat: "", data: null };

// ------------------------------------------------------------------------ the connection

function setConnection(text, down = false) {
  const node = $("connection");
  node.textContent = text;
  node.classList.toggle("down", down);
  root.dataset.connection = down ? "down" : text === "live" ? "live" : "connecting";
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  setConnection(attempts ? "reconnecting…" : "connecting…", attempts > 0);
  socket.addEventListener("open", () => {
    const mine = store.seat(tableId);
    socket.send(JSON.stringify({ type: "hello", data: { token: mine ? mine.token : null } }));
  });
  socket.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    live = false;
    // A move sent just before the drop may or may not have reached the table: the position
    // that comes on reconnecting tells, and the person is told to look there.
    if (pending && sent) {
      showError(`The connection dropped as your move “${sent.action}” was sent: once it is back, the board shows whether it was made.`);
      sent = null;
    }
    pending = false;
    // Lines unanswered when the connection dropped may or may not have been said: the last
    // one comes back to the box (if it is empty), so it can be checked and sent again.
    const unanswered = [...chatSent.values()];
    chatSent.clear();
    if (unanswered.length && !$("chat-text").value) {
      $("chat-text").value = unanswered[unanswered.length - 1];
      $("chat-error").textContent = "The connection dropped: your last line may not have been said.";
    }
    if (event.code === 4404) {
      gone = true;
      setConnection("no such table", true);
      $("turn").textContent = "This table no longer exists.";
      return;
    }
    if (event.code === 4429) $("error").textContent = "Too many people are watching this table; trying again…";
    if (event.code === 4430) $("error").textContent = "Too many connections from your network; trying again…";
    attempts += 1;
    setConnection("reconnecting…", true);
    if (view) scheduleRender();
    const delay = Math.min(4000, 250 * 2 ** Math.min(attempts, 5));
    setTimeout(connect, delay);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// A board is redrawn in the next frame after an update: a click that lands on it in between
// would send an action of the previous position with the new version. Such a click is
// not sent unless the action is still legal now (the board is about to show what may be
// done), and the page says it was not made rather than drop it in silence.
function actFromBoard(action) {
  if (boardDrawnAt !== version && !(view && view.legal.includes(action))) {
    notMade(action);
    return;
  }
  act(action);
}

// The move last sent, with its ref (echoed by a refusal, so an answer about an earlier move is
// not taken for this one) and the version it was sent from. A move the table refuses as stale
// (the game moved on while it travelled: another seat's die, a bot's question) is settled
// against the newer position once that is here (``settleStale``).
let sent = null;
let staleMove = null;
let actRefs = 0;

function act(action, again = false) {
  if (!view || !view.legal.length) return;
  if (!live || !socket || socket.readyState !== WebSocket.OPEN) {
    // Before, the move went nowhere in silence and the buttons stayed disabled until the
    // reconnection, which then offered the same move again without a word.
    showError(`Not connected: your move “${action}” was not sent. Make it again once the connection is back (“live” at the top).`);
    return;
  }
  if (pending) return;
  pending = true;
  refusal = null;
  unmade = null;
  showError("");
  actRefs += 1;
  sent = { action, version, again, ref: `act-${actRefs}` };
  staleMove = null;
  send({ type: "act", version, ref: sent.ref, data: { action } });
  // Drawn at once: the board and the buttons show the move on its way and offer no other,
  // since a second click meanwhile is dropped here. Before, nothing was drawn until the
  // table's answer (unless another seat happened to move), so the click seemed not taken.
  scheduleRender();
}

// A stale move still legal in the position now shown is sent again, once: what the person
// chose still means the same (the rule ``actFromBoard`` follows for a click between an update
// and its drawing). No longer legal, or stale twice, it is said not made. Before, the page
// dropped it in silence and the person waited for a move that never came.
function settleStale() {
  if (!staleMove || version <= staleMove.version) return; // the newer position is on its way
  const { action, again } = staleMove;
  staleMove = null;
  if (!again && view && view.legal.includes(action)) act(action, true);
  else notMade(action);
}

// The engine's refusal of an illegal move is worded for programs ("pan is not legal for seat 0
// now; legal: glove, mallet"): a player is told it in a player's words. Every other refusal
// (an empty answer, text that does not read cleanly) already speaks to the player.
const NOT_LEGAL = /^(.+) is not legal for seat \d+ now; legal: /;
const NONE_LEGAL = /^seat \d+ cannot play (.+) now: no action is legal for seat \d+$/;

function refusalWords({ code, message }) {
  if (code !== "illegal") return message;
  const notLegal = NOT_LEGAL.exec(message) || NONE_LEGAL.exec(message);
  return notLegal ? `“${notLegal[1]}” is not a move you can make now. Look at the board again.` : message;
}

// A board that exports ``saysUnmadeMoves`` (The Mole's: "Your guess (Farm) was not made: time
// ran out before it arrived") tells it above its prompt, in the game's words: the page does not
// say it a second time.
function notMade(action) {
  if (view && finished(view.table)) {
    gameEnded(true);
    return;
  }
  unmade = action;
  refusal = `Your move “${action}” was not made: the game moved on before it reached the table. Look at the board again.`;
  const board = view && BOARDS[view.table.game];
  if (!(board && board.saysUnmadeMoves)) showError(refusal);
  scheduleRender();
}

// A move that reached the table after the game's end (the round's clock ran out, the last vote
// or another seat's move ended it as the person clicked): the Game over box above the board
// already says the game ended. Before, the server's "the game is not running" lay over the
// board in the note at the screen's foot, stood again under the board, and The Mole's board
// said a third time that the move was not made. It is said once, quietly, under the board,
// and no board is given it as a refusal to show beside the move.
function gameEnded(move) {
  refusal = null;
  unmade = null;
  showError(move ? "The game ended before your move arrived." : "The game has ended.", { quiet: true });
  scheduleRender();
}

// The refusal of a move, under the board (read out by screen readers) and, while that line is
// out of view (a phone's board is taller than its screen), in a note at the screen's foot for
// a few seconds: the person looks at the board they clicked, not at the page's bottom. A
// ``quiet`` line (the game's end) stays under the board, in plain colour.
const ERROR_TOAST_MS = 6000;
let errorToastTimer = null;

function showError(text, { quiet = false } = {}) {
  $("error").textContent = text;
  $("error").classList.toggle("quiet", quiet && Boolean(text));
  const toast = $("error-toast");
  clearTimeout(errorToastTimer);
  if (quiet) {
    toast.hidden = true;
    return;
  }
  const box = $("error").getBoundingClientRect();
  // A replay's controls stuck at the screen's foot hide what lies under them.
  const foot = root.dataset.replaying ? Math.min(window.innerHeight, $("replay").getBoundingClientRect().top) : window.innerHeight;
  const inView = box.top >= 0 && box.bottom <= foot;
  toast.hidden = !text || inView;
  toast.textContent = text;
  if (toast.hidden) return;
  // One note at a time at the screen's foot (on a phone each is nearly as wide as the screen,
  // and the two overlapped): the refusal for its few seconds; the chat line is in the chat.
  $("chat-toast").hidden = true;
  errorToastTimer = setTimeout(() => { toast.hidden = true; }, ERROR_TOAST_MS);
}

function handle(message) {
  if (message.type === "snapshot" || message.type === "update") {
    attempts = 0;
    live = true;
    setConnection("live");
    const data = message.data;
    if (data.log_from === 0) {
      log = data.log;
      logDrawn = 0;
    }
    if (data.chat) {
      chat = data.chat;
      chatDrawn = 0;
    }
    else for (const entry of data.log) if (entry.n === log.length) log.push(entry);
    view = data;
    version = message.version;
    pending = false;
    settleStale();
    if (revokedSaying !== null) settleRevocation();
    if (data.clock) clockBase = { remaining: data.clock.remaining, at: performance.now() };
    else clockBase = null;
    scheduleRender();
  } else if (message.type === "chat") {
    const number = message.data.number;
    if (chat.some((line) => line.number === number)) return;
    chat.push(message.data);
    if (chat.length > 1 && number < chat[chat.length - 2].number) {
      // Lines said at once through two server processes can arrive crossed: put them in
      // order and draw the chat again (rare, so a whole redraw is fine).
      chat.sort((a, b) => a.number - b.number);
      $("chat").replaceChildren();
      chatDrawn = 0;
    }
    if (!view) return;
    renderChat();
    if (message.data.seat !== view.you) toastChat(message.data);
    else {
      const ref = [...chatSent].find(([, text]) => text === message.data.text)?.[0];
      if (ref) {
        chatSent.delete(ref);
        $("chat-error").textContent = ""; // it was said: an earlier refusal no longer stands
      }
    }
  } else if (message.type === "error" && chatSent.has(message.data.ref)) {
    $("chat-error").textContent = message.data.message;
    // The refused line comes back to the box, to be said again, unless something new is
    // being typed there.
    const refused = chatSent.get(message.data.ref);
    chatSent.delete(message.data.ref);
    if (!$("chat-text").value) $("chat-text").value = refused;
  } else if (message.type === "error") {
    pending = false;
    if (message.data.code === "unknown-token") store.forgetSeat(tableId);
    // The seat's token no longer holds it: the spectator's snapshot that follows tells
    // whether it was resigned (the token may still ask to play again) or lost.
    if (message.data.code === "seat-revoked") revokedSaying = message.data.message;
    const move = sent && message.data.ref === sent.ref ? sent : null;
    if (move) sent = null;
    if (message.data.code === "stale") {
      staleMove = move; // a stale answer about an older move: a newer one is on its way
      settleStale();
    } else if (message.data.code === "not-running") {
      gameEnded(Boolean(move));
    } else if (message.data.code !== "seat-revoked") {
      refusal = refusalWords(message.data);
      showError(refusal); // also for the board to show beside what was refused
    }
    // With the board, in the next frame: a refusal often follows an update whose drawing
    // is queued, and buttons drawn now from it would stand beside the old board.
    scheduleRender();
  }
}

// ------------------------------------------------------------------------ drawing

function describe(entry) {
  const table = view && view.table;
  if (entry.describe) return capitalize(entry.describe);
  if (entry.seat === -1) return entry.text ? `Chance: ${entry.text}` : "Chance (hidden)";
  if (entry.seat === -2) return `Clock: ${entry.text}`;
  const who = seatLabel(table, entry.seat);
  return entry.text ? `${who}: ${entry.text}` : `${who} acted`;
}

function lastVisibleAction() {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    if (log[index].seat >= 0) return log[index].text;
  }
  return null;
}

// Bots can send several updates within one frame: draw once per frame, and a moment later at
// the latest, since a hidden tab gets no frames.
function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(flushRender);
  setTimeout(flushRender, 100);
}

function flushRender() {
  if (!renderQueued) return;
  renderQueued = false;
  render();
}

function render() {
  // Read the log's scroll position before anything changes the page, so that reading it
  // costs no extra layout.
  const logAtBottom = isScrolledToBottom($("log"));
  // "Start" pressed from the keyboard goes away with the host's box as the game starts: the
  // focus fell back to the page's top.
  const startedHere = !$("host").hidden && $("host").contains(document.activeElement);
  // The focus on a move, or waiting for one (see ``focusTheEnd``).
  const focusBefore = document.activeElement;
  const atPlay = Boolean(focusBefore) && (focusBefore === $("turn") || $("board").contains(focusBefore) || $("actions").contains(focusBefore));
  const outcomeShown = !$("outcome").hidden;
  const table = view.table;
  const told = boardTurn();
  const earlier = boardStillShowing();
  const myTurn = table.status === "running" && view.legal.length > 0 && !replay.active && (!told || told.you);
  document.title = `${myTurn ? "Your move · " : ""}${table.title} · Molehaven`;
  setFavicon(myTurn);
  if (myTurn && !wasMyTurn) chime();
  wasMyTurn = myTurn;
  // The game's name is the heading; the table's id (which players may quote to each other)
  // follows it small, as a site shows a reference, not as part of the title.
  $("table-title").replaceChildren(table.title, el("span", { class: "table-ref", text: ` · table ${table.id}` }));
  // The pill would tell the end before the board has shown it (Mole Park's last reveal).
  $("status").textContent = earlier && finished(table) ? "running" : table.status;
  root.dataset.status = table.status;
  root.dataset.game = table.game; // a board's stylesheet may lay the page out for its game
  root.dataset.version = String(version);
  root.dataset.you = view.you === null ? "" : String(view.you);
  root.dataset.live = live ? "true" : "false";
  settleSeated();
  renderSeats();
  renderTableRules();
  renderTurn();
  renderOutcome(earlier);
  renderRematch();
  renderBoard();
  renderActions(earlier);
  renderScores(earlier);
  if (!earlier) logSettled = log.length;
  const logShown = earlier ? Math.min(logSettled, log.length) : log.length;
  renderLog(logAtBottom, logShown);
  renderRecent(logShown);
  renderChat();
  renderReplay(earlier);
  renderClock();
  // While the board still shows an earlier observation, this seat's moves wait for it.
  // Nor while the connection is down: the bar would lead to moves that cannot be sent.
  renderTurnBar(myTurn && !earlier && live);
  if (startedHere && $("host").hidden) {
    // The turn line says whose move it is; the next Tab reaches the board.
    focusPlace($("turn")).focus({ preventScroll: true });
  }
  if (atPlay && !outcomeShown && !$("outcome").hidden) focusTheEnd(focusBefore);
}

// The game ends while the focus is on a move (on the board, in the moves below it) or waits
// for one (the turn line, a board's place for it): the moves are gone, and the focus fell
// to a board's waiting place or the page's top. It goes to the box that says how the game
// ended, which a screen reader then reads. A control still there (a legend, a note) keeps it.
function focusTheEnd(before) {
  const now = document.activeElement;
  const key = keyOf(before);
  const kept = now && now !== document.body && now !== $("turn") && now.isConnected
    && (now === before || (key !== null && keyOf(now) === key));
  if (kept) return;
  focusPlace($("outcome-title")).focus({ preventScroll: true });
}

// ------------------------------------------------------------------------ turn awareness

let wasMyTurn = false;
const FAVICONS = { idle: "/static/img/mole.svg", turn: "/static/img/mole-turn.svg" };

function setFavicon(myTurn) {
  const link = document.querySelector("link[rel=icon]");
  const wanted = myTurn ? FAVICONS.turn : FAVICONS.idle;
  if (link && link.getAttribute("href") !== wanted) link.setAttribute("href", wanted);
  root.dataset.myTurn = myTurn ? "true" : "false";
}

function chime() {
  if (!$("sound").checked) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch {
    // no audio in this browser: the title and the icon still tell
  }
}

// What is asked of this seat, from its legal actions' verbs (the engine's notation): "you may
// ask or vote". No rule is decided here: the words only name what the server offers.
// The legal moves by their notation verb ("Legal moves: stack (2), move (150), end"); the
// board says in words what to do, this line what the notation box accepts.
function askedText(legal) {
  if (legal.length === 1) return `Legal move: ${legal[0]}`;
  const counts = new Map();
  for (const action of legal) {
    const verb = humanize(action.split(" ")[0]);
    counts.set(verb, (counts.get(verb) || 0) + 1);
  }
  if (!counts.size) return "";
  const listed = [...counts].map(([verb, count]) => (count > 1 ? `${verb} (${count})` : verb));
  return `Legal moves: ${listed.join(", ")}`;
}

// Bots move several times a second. A part of the page rebuilt between a press and its
// release swallows the click (the press lands on one button, the release on its replacement,
// and the click goes to neither). ``pressHold(element, redraw, longest)`` watches presses on
// ``element`` and gives ``held()``: true while a pointer pressed there is down (for at most
// ``longest`` ms), and then the drawing asked for waits; on the release, ``redraw`` runs once
// if a drawing waited, on the next task, after the click that the release makes.
function pressHold(element, redraw, longest) {
  let pressedAt = null;
  let waited = false;
  element.addEventListener("pointerdown", () => { pressedAt = performance.now(); });
  for (const type of ["pointerup", "pointercancel"]) {
    window.addEventListener(type, () => {
      if (pressedAt === null) return;
      pressedAt = null;
      if (!waited) return;
      waited = false;
      setTimeout(() => { if (view) redraw(); }, 0);
    });
  }
  return () => {
    const held = pressedAt !== null && performance.now() - pressedAt < longest;
    if (held) waited = true;
    return held;
  };
}

// ------------------------------------------------------------------------ the turn bar

// On a phone the place to act can lie below the first screen (The Mole with 8 players drew
// its vote buttons 900 px down the page, under the list of players), and a person may be
// reading the chat or the moves further down when their move comes. While it is this seat's
// move and that place is out of view, a bar at the bottom of the screen says what is asked and
// offers to go there. The page never scrolls by itself: the person may be reading or typing.
// A board module may export ``promptElement(container)``: the element holding what this seat
// is asked now (The Mole's prompt), where the board as a whole is too tall to tell; the page
// then watches that prompt's first control. A board may also export
// ``offeredControls(container)``: every control it offers now, scattered over a tall board
// (Die Maulwurf Company's layer, Mole Majority's meadow, hand and End turn, The Mole's
// Guess buttons while they show); when it names any, the page watches them instead, counts
// the place in view while any one of them shows (OFFERED_SHOWS_PX of it), and goes to the
// first: the bar then never lies over one of them (it did over one less than half on the
// screen; a sliver of a mole's box at the screen's edge shows nothing of it). Otherwise
// it watches the whole board, and counts it in view when it fills half the screen (or shows whole).
const turnBar = { wanted: false, watched: [], anyPart: false, seen: new Map(), inView: true, typing: false };
const OFFERED_SHOWS_PX = 4;
const IN_VIEW_STEPS = Array.from({ length: 51 }, (_, step) => step / 50);
const turnBarObserver = new IntersectionObserver((entries) => {
  const seenNow = entries.filter((seen) => turnBar.watched.includes(seen.target));
  if (!seenNow.length) return; // elements drawn over since (the board's observer below)
  for (const entry of seenNow) {
    const screen = entry.rootBounds ? entry.rootBounds.height : window.innerHeight;
    const tall = Math.min(entry.boundingClientRect.height, screen);
    const enough = turnBar.anyPart ? Math.min(tall, OFFERED_SHOWS_PX) : tall / 2;
    turnBar.seen.set(entry.target, entry.isIntersecting && entry.intersectionRect.height >= Math.max(1, enough));
  }
  // Several watched controls (a board's offered moves): in view when any one is.
  turnBar.inView = [...turnBar.seen.values()].some(Boolean);
  showTurnBar();
}, { threshold: IN_VIEW_STEPS });

// Where this seat's move is made: the element watched, the one scrolled to, the first control.
function turnPlace() {
  const container = $("board");
  const board = view && BOARDS[view.table.game];
  const offered = board && typeof board.offeredControls === "function" ? board.offeredControls(container) : [];
  if (offered.length) return { watched: offered, anyPart: true, scrollTo: offered[0], control: offered[0], block: "center" };
  const prompt = board && typeof board.promptElement === "function" ? board.promptElement(container) : null;
  if (prompt) {
    const control = firstControl(prompt);
    return { watched: [control || prompt], scrollTo: prompt, control };
  }
  // The turn line and what is asked sit just above the board: going there shows them too.
  const control = container.querySelector("[data-action]:is(button, [tabindex='0']):not([disabled])") || firstControl(container);
  return { watched: [container], scrollTo: $("turn"), control };
}

function firstControl(within) {
  return within.querySelector("button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex='0']");
}

function renderTurnBar(myTurn) {
  // A new move starts unmeasured: no bar until the observer has looked (in the next frame),
  // rather than one frame of a bar from what was seen at the end of the last move.
  if (myTurn && !turnBar.wanted) turnBar.inView = true;
  turnBar.wanted = myTurn;
  watchTurnPlace();
  $("turn-bar-turn").textContent = $("turn").textContent;
  $("turn-bar-asked").textContent = $("asked").textContent;
  showTurnBar();
}

function watchTurnPlace() {
  const place = turnBar.wanted ? turnPlace() : null;
  const watched = place ? place.watched : [];
  if (watched.length === turnBar.watched.length && watched.every((node, at) => node === turnBar.watched[at])) return;
  turnBarObserver.disconnect();
  turnBar.watched = watched;
  turnBar.anyPart = Boolean(place && place.anyPart);
  turnBar.seen = new Map();
  // Until the observer has measured the new elements (in the next frame), the bar stays as
  // it was: a redraw of the same prompt would otherwise make it blink.
  for (const node of watched) turnBarObserver.observe(node);
}

// A board that redraws itself (Die Maulwurf Company's zoom, The Mole's chip for whom to ask)
// replaces the controls watched: the observer reports nothing of an element that leaves the
// page unseen, so the page looks again after any change to the board, at once (a redraw of
// the same controls changes nothing), and the bar stays as it was until the new ones are seen.
new MutationObserver(() => {
  if (turnBar.wanted) watchTurnPlace();
}).observe($("board"), { childList: true, subtree: true });

function showTurnBar() {
  const shown = turnBar.wanted && !turnBar.inView && !turnBar.typing;
  $("turn-bar").hidden = !shown;
  root.dataset.turnBar = shown ? "shown" : "hidden";
}

$("turn-bar-go").addEventListener("click", () => {
  if (!view || !turnBar.wanted) return;
  const place = turnPlace();
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const where = { block: place.block || "start", inline: "nearest" };
  place.scrollTo.scrollIntoView({ behavior: still ? "auto" : "smooth", ...where });
  // The focus follows without a scroll of its own (which would cut the smooth one short).
  (place.control || focusPlace(place.scrollTo)).focus({ preventScroll: true });
  if (!still) finishTheWay(place.scrollTo, where);
});

// A scroll of the page's own under a smooth one cuts it short: The Mole's prompt head keeps
// its choices in place as its line of facts comes or goes by scrolling the page as far, and
// twice in whole test runs the page stopped halfway, the move off the screen and the bar
// standing. Once the page stops, the rest of the way is gone at once, unless the person
// scrolled, pressed or typed meanwhile (they took over) or a few seconds passed.
const FINISH_THE_WAY_MS = 3000;
function finishTheWay(target, where) {
  const done = new AbortController();
  const options = { signal: done.signal, passive: true };
  const arrived = () => {
    const box = target.getBoundingClientRect();
    const seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    return seen >= Math.min(box.height, window.innerHeight) / 2;
  };
  const finish = () => {
    if (done.signal.aborted) return;
    done.abort();
    if (target.isConnected && turnBar.wanted && !arrived()) target.scrollIntoView({ behavior: "auto", ...where });
  };
  for (const type of ["wheel", "touchstart", "pointerdown", "keydown"]) window.addEventListener(type, () => done.abort(), options);
  // Browsers without ``scrollend`` look once the smooth scroll has surely ended.
  if ("onscrollend" in window) window.addEventListener("scrollend", finish, options);
  setTimeout(() => ("onscrollend" in window ? done.abort() : finish()), FINISH_THE_WAY_MS);
}

// Someone typing (in the chat, the notation box) is not interrupted by a bar over the box;
// the turn line, the title and the tab's icon still tell them. A field inside the watched
// prompt (The Mole's own words) is the move itself and in view anyway.
document.addEventListener("focusin", (event) => {
  turnBar.typing = event.target.matches("input:not([type=checkbox]):not([type=radio]), textarea, select")
    && !$("board").contains(event.target);
  showTurnBar();
});
document.addEventListener("focusout", () => {
  turnBar.typing = false;
  // The next focusin (if the focus moved to another field) sets it again in the same task.
  setTimeout(showTurnBar, 0);
});

// The seats list is rebuilt only when what it shows changes, and never under a pressed
// button ("Sit here" is pressed while presence changes arrive).
let seatsDrawn = null;
const seatsHeld = pressHold($("seats"), () => renderSeats(), Infinity);

function renderSeats() {
  const table = view.table;
  const mine = store.seat(tableId);
  const watching = table.status === "open" && view.you === null && !mine;
  // The name is asked only while there is a seat to take it to: at a full table the visitor
  // is told they watch, not asked for a name that no "Sit here" would use.
  const free = table.seats.some((slot) => slot.kind === "empty");
  const canJoin = watching && free;
  const host = store.host(tableId);
  const drawn = JSON.stringify([table.seats, table.status, table.host_seat, view.you, canJoin, Boolean(host), live]);
  if (drawn !== seatsDrawn && !seatsHeld()) {
    seatsDrawn = drawn;
    drawSeats(table, canJoin, host);
  }
  $("join").hidden = !canJoin;
  $("full").hidden = !(watching && !free);
  if (table.status !== "open") seatError(""); // seats no longer change: nothing there to fix
  $("host").hidden = !(host && table.status === "open");
  const cap = table.status === "open" ? table.length_cap : null;
  $("length-note").hidden = !cap;
  if (cap) {
    const words = `These options allow a game longer than this server plays: one still going after ${cap.toLocaleString("en")} actions ends there, abandoned, with no winner.`;
    if ($("length-note").textContent !== words) $("length-note").textContent = words;
  }
  $("start").disabled = table.seats.some((s) => s.kind === "empty");
  $("share").value = `${window.location.origin}/tables/${table.id}`;
  $("resign-box").hidden = !(table.status === "running" && view.you !== null);
  // A spectator has no move to hear of, and nobody has once the game has ended.
  $("sound").closest("label").hidden = view.you === null || finished(table);
}

function drawSeats(table, canJoin, host) {
  const items = table.seats.map((slot) => {
    const you = slot.seat === view.you;
    const parts = [];
    if (slot.kind === "empty") parts.push(el("span", { class: "muted", text: "empty" }));
    else {
      // "(bot)" unless the name says so already ("easy bot", not "easy bot (bot)").
      const label = seatLabel(table, slot.seat, view.you);
      const isBot = slot.kind === "bot" && !/\bbot\b/i.test(label);
      parts.push(el("span", { text: label + (slot.resigned ? " (resigned: a bot plays)" : isBot ? " (bot)" : "") }));
    }
    // Who fills the seats and starts: the others would otherwise wait for someone unnamed.
    // Only before the start, the one time the host has something to do.
    if (table.status === "open" && slot.seat === table.host_seat) {
      parts.push(el("span", { class: "host-mark", "data-host": "", text: "host", title: "fills the seats and starts the game" }));
    }
    if (slot.kind === "human" && !live) {
      // What was last heard may no longer hold: who is here is not claimed until it is heard again.
      const presence = "not known while reconnecting";
      parts.push(el("span", { class: "dot unknown", title: presence }));
      parts.push(el("span", { class: "presence muted", "data-presence": "unknown", text: presence }));
    } else if (slot.kind === "human" || (slot.resigned && slot.at_rematch)) {
      // A finished table's player who went on to the rematch has not left their friends:
      // the server says so (connected there, or on their way), and the rematch box above
      // already offers to join them.
      const state = slot.connected ? "connected" : slot.at_rematch ? "at-rematch" : slot.stand_in ? "stand-in" : "away";
      const presence = { connected: "connected", "at-rematch": "at the rematch", "stand-in": "away: a bot plays for now", away: "away" }[state];
      parts.push(el("span", { class: `dot${state === "connected" || state === "at-rematch" ? " on" : ""}`, title: presence }));
      parts.push(el("span", { class: "presence muted", "data-presence": state, text: presence }));
    }
    if (slot.kind === "empty" && canJoin) {
      parts.push(el("button", { type: "button", "data-sit": slot.seat, text: "Sit here", onclick: () => sit(slot.seat) }));
    }
    if (table.status === "open" && (you || (host && slot.kind !== "empty"))) {
      parts.push(el("button", { type: "button", text: you ? "Leave" : "Remove", onclick: () => leave(slot.seat) }));
    }
    return el("li", { class: you ? "you" : "", "data-seat": slot.seat, "data-kind": slot.kind }, parts);
  });
  $("seats").replaceChildren(...items);
}

function renderTurn() {
  const table = view.table;
  const node = $("turn");
  node.classList.remove("you");
  // After the end the outcome box says how the game ended: the turn line only follows a replay.
  node.hidden = finished(table) && !(replay.active && replay.data);
  let asked = "";
  let boardWords = null; // the board's own words for a wait (``thinkingLine``)
  const bots = waitedBots(table);
  noteBotWait(bots);
  if (table.status === "open") {
    node.textContent = gatheringText(table);
  } else if (replay.active && replay.data) {
    node.textContent = `Replay: step ${replay.step} of ${replay.total}`;
  } else if (finished(table)) {
    node.textContent = "";
  } else if (boardTurn()) {
    // The game's board knows what is asked (The Mole: a vote may always be called, yet
    // nothing is asked of you): it words the turn line and whether it is yours.
    const told = boardTurn();
    node.textContent = told.text;
    asked = told.asked || "";
    if (told.you) node.classList.add("you");
    else boardWords = told.text;
  } else if (view.waiting && view.waiting.you) {
    node.textContent = view.waiting.seats && view.waiting.seats.length > 1 ? "Your move (others may act too)" : "Your move";
    asked = askedText(view.legal);
    node.classList.add("you");
  } else if (view.waiting && view.waiting.seats) {
    const names = view.waiting.seats.map((s) => seatLabel(table, s)).join(", ");
    node.textContent = view.you === null ? `Watching: ${names} to move` : `Waiting for ${names}`;
  } else {
    // Who may act is secret in The Mole (TM-25).
    node.textContent = view.you === null ? "Watching the players" : "Waiting for the other players";
  }
  // This seat's move on its way to the table: the line above the board says so, as the board
  // does (Mole Hill's "Sending your move…"), in every game, rather than still "Your move".
  if (pending && table.status === "running" && !replay.active) {
    node.textContent = "Sending your move…";
    node.classList.remove("you");
  }
  // Not while the board still shows an earlier moment (Mole Park's reveal, a lifted layer):
  // its own words stand for it.
  thinkingShown = null;
  if (bots && !node.classList.contains("you") && !boardStillShowing()) thinkingLine(node, bots, boardWords);
  // When nothing is asked of this seat, that line says whether the wait is for someone away.
  if (!asked && table.status === "running" && !replay.active && live) asked = awayText(table);
  // While the connection is down, that line says what it means for this seat's moves, in
  // place of what is asked (the turn line above still says whose move it was).
  const offline = !live && table.status === "running";
  if (offline) {
    asked = view.you === null
      ? "Reconnecting: the board shows the last position received."
      : "Reconnecting: your moves cannot be sent until the connection is back.";
  }
  $("asked").classList.toggle("offline", offline);
  // What is asked sits on its own line, one line high and kept while the game runs, empty
  // or not, so the board below does not jump when the turn passes to someone else.
  $("asked").textContent = asked;
  $("asked").title = asked;
  $("asked").hidden = table.status !== "running";
}

// A player the game waits for who has closed their tab (or lost their connection): the
// others, told only "Waiting for Bea", would wait without knowing that she is gone, or for
// how long. After the table's away time a bot plays the seat until she comes back.
function awayText(table) {
  const waitedFor = view.waiting && view.waiting.seats ? view.waiting.seats : [];
  for (const seat of waitedFor) {
    const slot = table.seats[seat];
    if (!slot || slot.kind !== "human" || slot.connected) continue;
    const who = seatLabel(table, seat);
    if (slot.stand_in) return `${who} is away: a bot plays for them until they come back.`;
    return `${who} is away: a bot plays for them after ${duration(table.away_seconds)} away.`;
  }
  return "";
}

// A bot's turn may be many decisions of a second or so each (Mole Majority's card and moles,
// Die Maulwurf Company's discs and moves): 10-30 s on a busy server, while "Waiting for hard
// bot 2" looked frozen. The turn line says that the bot is thinking, with a moving mark, and
// for how long, counted by this page from the update that made it the bot's turn (the server
// does not say when a turn began: a page opened meanwhile counts from its opening). A person's
// wait keeps its words: how long someone takes is theirs, and ``awayText`` tells of absence.
const THINKING_LONG_MS = 20_000; // from then on "still thinking": the page did not freeze
let botWait = null; // {key, since}: the bot seats the table waits for, since when (page's clock)
let thinkingShown = null; // the turn line's seconds while it says bots are thinking

// The seats the game waits for, if all are bots and none is this page's, while it runs.
function waitedBots(table) {
  const waiting = view.waiting;
  if (table.status !== "running" || replay.active || pending || !live || !waiting || waiting.you) return null;
  const seats = Array.isArray(waiting.seats) ? waiting.seats : [];
  const bots = seats.length > 0 && seats.every((seat) => table.seats[seat] && table.seats[seat].kind === "bot");
  return bots ? seats : null;
}

// The count runs on across the updates of one turn (a bot's every card and move) and starts
// again when the table waits for someone else.
function noteBotWait(bots) {
  const key = bots ? bots.join(",") : null;
  if (key === null) botWait = null;
  else if (!botWait || botWait.key !== key) botWait = { key, since: performance.now() };
}

// "Hard bot 2 is thinking… 12 s" in place of the page's own "Waiting for hard bot 2"; a board's
// own words for the wait (Mole Hill's "Waiting for hard bot 1 (the gardener)") are kept, and
// "thinking…" follows them. One span, as a phone lays the line's children out in a column.
// The seconds are hidden from screen readers: the line is a live region, read once, not every
// second.
function thinkingLine(node, bots, boardWords) {
  const table = view.table;
  const names = bots.map((seat) => seatLabel(table, seat));
  const named = boardWords !== null && names.every((name) => boardWords.includes(name));
  const who = `${andList(names)} ${bots.length > 1 ? "are" : "is"}`;
  const words = boardWords === null ? `${capitalize(who)} ` : named ? `${boardWords} · ` : `${boardWords} · ${who} `;
  const still = el("span", { class: "thinking-still" });
  const seconds = el("span", { class: "thinking-seconds", "aria-hidden": "true" });
  node.replaceChildren(el("span", { class: "thinking" }, el("span", { class: "thinking-mark", "aria-hidden": "true" }), words, still, "thinking…", seconds));
  thinkingShown = { still, seconds };
  tickThinking();
}

function tickThinking() {
  if (!thinkingShown || !botWait) return;
  const waited = performance.now() - botWait.since;
  const seconds = Math.floor(waited / 1000);
  const said = seconds >= 1 ? ` ${seconds} s` : "";
  if (thinkingShown.seconds.textContent !== said) thinkingShown.seconds.textContent = said;
  const still = waited >= THINKING_LONG_MS ? "still " : "";
  if (thinkingShown.still.textContent !== still) thinkingShown.still.textContent = still;
}
setInterval(tickThinking, 250);

function duration(seconds) {
  return seconds < 90 ? `${Math.round(seconds)} seconds` : `${Math.round(seconds / 60)} minutes`;
}

// Before the start, who or what the table waits for, said to the host as what they may do
// (they alone can fill seats and start) and to the others as who they wait for, the host
// by name when they sit at the table. A person seated and away (a rematch's player who has
// not come over yet) is named: a start now begins before they are here.
function gatheringText(table) {
  const host = Boolean(store.host(tableId));
  const free = table.seats.filter((s) => s.kind === "empty").length;
  // Who is away is not known while this page itself is reconnecting.
  const awaySeats = live ? table.seats.filter((s) => s.kind === "human" && !s.connected).map((s) => s.seat) : [];
  const hostSlot = table.host_seat === null || table.host_seat === undefined ? null : table.seats[table.host_seat];
  const hostAway = Boolean(hostSlot && awaySeats.includes(hostSlot.seat));
  const hostName = hostSlot ? `${seatLabel(table, hostSlot.seat)} (host${hostAway ? ", away" : ""})` : "the host";
  if (free) {
    const seats = `${free} seat${free > 1 ? "s" : ""} free`;
    if (host) return `Waiting for players: ${seats}. Send the invite link, or fill ${free > 1 ? "them" : "it"} with bots.`;
    // Named where they sit: the others learn whom to ask for a bot or the start. "The host
    // starts …" would only repeat what anyone can guess.
    return hostSlot ? `Waiting for players: ${seats}. ${capitalize(hostName)} starts once every seat is taken.` : `Waiting for players: ${seats}`;
  }
  if (host) {
    const away = awaySeats.map((seat) => seatLabel(table, seat));
    return away.length
      ? `Every seat is taken, but ${andList(away)} ${away.length > 1 ? "are" : "is"} away: wait, or start (a bot plays for them if they stay away).`
      : "Every seat is taken: press Start when you are ready.";
  }
  const away = awaySeats.filter((seat) => !hostSlot || seat !== hostSlot.seat).map((seat) => seatLabel(table, seat));
  return away.length
    ? `Every seat is taken; waiting for ${andList(away)} and for ${hostName} to start.`
    : `Every seat is taken; waiting for ${hostName} to start.`;
}

// A seat taken from this tab: after a resignation (in this tab or another of this browser)
// a bot plays it and the token is kept, to play again afterwards; otherwise (left, removed)
// the token is forgotten and the tab only watches. A seat this tab left by its own "Leave"
// is not news: the join box that comes back says what to do.
function settleRevocation() {
  const mine = store.seat(tableId);
  const slot = mine && view.table.seats[mine.seat];
  const notice = $("notice");
  if (slot && slot.resigned) {
    root.dataset.resigned = "true";
    notice.textContent = "You resigned: a bot plays your seat to the end. You may still play again afterwards.";
    notice.hidden = false;
  } else {
    store.forgetSeat(tableId);
    root.dataset.demoted = "true";
    const seat = mine ? `Seat ${seatNumber(mine.seat)}` : "Your seat";
    notice.textContent = view.table.status === "open"
      ? `${seat} is no longer yours: the host removed you, or you left it in another tab. You are watching; pick a free seat to play.`
      : capitalize(revokedSaying);
    notice.hidden = leftHere;
  }
  leftHere = false;
  revokedSaying = null;
}

// Seated again (after a removal, in the same tab): "you are watching" no longer holds.
function settleSeated() {
  if (view.you === null || root.dataset.demoted !== "true") return;
  delete root.dataset.demoted;
  $("notice").hidden = true;
}

// Whether the table's game has ended, played out or abandoned.
function finished(table) {
  return table.status === "over" || table.status === "abandoned";
}

// After the end, one box above the board says how the game ended, in the server's words (the
// lobby shows the same), then what may follow: play again, the replay. A replay's earlier step
// has no result yet: the box keeps only the way to play again. While the board still shows an
// ``earlier`` observation (Mole Park's last reveal), the box waits: it would tell the end first.
let outcomeWasHidden = false; // at the last drawing: so false before the first
$("outcome").addEventListener("animationend", (event) => event.currentTarget.classList.remove("arrives"));

function renderOutcome(earlier) {
  const table = view.table;
  const over = finished(table) && !earlier;
  const box = $("outcome");
  // A game that ends while this page watches: the box unfolds (``arrives``) instead of pushing
  // the board down in one jump while the person looks at it. A page opened on a finished game
  // shows it at once.
  if (over && outcomeWasHidden) box.classList.add("arrives");
  outcomeWasHidden = !over;
  box.hidden = !over;
  if (!over) return;
  $("outcome-title").textContent = table.status === "abandoned" ? "Game abandoned" : "Game over";
  const showing = replay.active && replay.data ? replay.data : null;
  const result = showing ? showing.result : view.result;
  const words = result ? winnersText(result) : "";
  const node = $("result");
  node.hidden = !words;
  if (node.dataset.words === words) return; // a screen reader hears it once, not on every redraw
  node.dataset.words = words;
  node.replaceChildren(...resultParts(result, words));
}

// The server gives the summary's sentences apart (``lines``: who won, why, the final scores):
// who won stands out. A result without them (an abandoned game) is shown as it is.
function resultParts(result, words) {
  const lines = result && Array.isArray(result.lines) ? result.lines : [];
  if (lines.length < 2) return [words];
  const [headline, why, scores] = lines;
  const parts = [el("strong", { class: "result-headline", text: headline }), " ", el("span", { class: "result-why", text: why })];
  return scores ? [...parts, " ", el("span", { class: "result-scores", text: scores })] : parts;
}

// After the end: the players may play again at a new table with the same seats (the server's
// rematch keeps each person's seat token), and anyone may follow them there to watch.
let rematchDrawn = null;

function renderRematch() {
  const table = view.table;
  const box = $("rematch");
  const over = finished(table);
  const mine = store.seat(tableId);
  // A player who resigned watches (a bot plays their seat) but may still play again.
  const resignedHere = mine !== null && Boolean(table.seats[mine.seat] && table.seats[mine.seat].resigned);
  const player = mine !== null && (view.you !== null || resignedHere);
  // "A bot plays your seat to the end" is stale once the end has come.
  if (over && root.dataset.resigned === "true") $("notice").hidden = true;
  const drawn = JSON.stringify([over, player, table.rematch]);
  if (drawn === rematchDrawn) return; // the button keeps its focus between redraws
  rematchDrawn = drawn;
  $("rematch-error").textContent = ""; // about a button no longer there ("Play again" is now "Join")
  if (!over || (!player && !table.rematch)) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  if (!player) {
    box.replaceChildren(el("a", { class: "button", href: `/tables/${table.rematch}`, text: "Watch the rematch" }));
    return;
  }
  const label = table.rematch ? "Join the rematch" : "Play again";
  const note = table.rematch
    ? "A player asked to play again: your seat at the new table is waiting."
    : "Same game, options and seats; bots stay.";
  const button = el("button", { type: "button", class: "primary", "data-rematch": "", text: label, onclick: () => playAgain(button) });
  const focused = box.contains(document.activeElement); // "Play again" became "Join the rematch"
  box.replaceChildren(button, el("span", { class: "muted", text: ` ${note}` }));
  if (!table.rematch) {
    // The one who creates the rematch may pass the start on, as players at a real table
    // would let the next one begin.
    const pass = el("input", { type: "checkbox", id: "pass-first-seat" });
    box.append(el("label", { class: "pass-first" }, [pass, el("span", { text: "the next player begins (everyone moves one seat down)" })]));
  }
  if (focused) button.focus();
}

async function playAgain(button) {
  const mine = store.seat(tableId);
  if (!mine) return;
  button.disabled = true;
  $("rematch-error").textContent = "";
  try {
    const pass = $("pass-first-seat");
    const asked = pass && pass.checked ? { pass_first_seat: true } : undefined;
    const joined = await api("POST", `/api/tables/${tableId}/rematch`, asked, { "X-Seat-Token": mine.token });
    // The same token holds a seat there: the same one, or one down if the start passed on
    // (none if its host removed this player: then the page there only watches).
    if (joined.seat !== null) store.setSeat(joined.table_id, joined.seat, mine.token);
    if (joined.host_token) store.setHost(joined.table_id, joined.host_token);
    gone = true;
    window.location.assign(`/tables/${joined.table_id}`);
  } catch (error) {
    button.disabled = false;
    // Beside the button pressed: the error line under the board is a screen away on a phone.
    $("rematch-error").textContent = error.status ? capitalize(error.message) : "The server is out of reach: try again.";
  }
}

// A board module may export ``stillShowing({observation, legal, you})``: the earlier
// observation its table still shows while it plays out what came since (Mole Park's reveal of a
// round's dice), else null. Meanwhile this page holds back what would tell it first: the result
// box, the scores and winners beside the board, the move log's new entries, and this seat's
// moves as buttons. The board
// redraws the page (``redraw``) when it has caught up. A replay shows every step as it is.
function boardStillShowing() {
  const board = BOARDS[view.table.game];
  if (!board || typeof board.stillShowing !== "function" || replay.active) return null;
  return board.stillShowing({ observation: view.observation, legal: view.legal, you: view.you });
}

// A board module may export ``turn({observation, legal, table, you})`` returning
// ``{you, text, asked}`` (or null to leave the turn line to this page) while a game runs.
function boardTurn() {
  const board = BOARDS[view.table.game];
  if (!board || typeof board.turn !== "function" || view.table.status !== "running" || replay.active) return null;
  return board.turn({ observation: view.observation, legal: view.legal, table: view.table, you: view.you });
}

function winnersText(result = view.result) {
  if (result && result.summary) return result.summary; // the same words as the lobby's
  if (!result) return "";
  const best = Math.max(...result.returns);
  const winners = result.returns.map((r, seat) => (r === best && best > 0 ? seat : null)).filter((s) => s !== null);
  if (!winners.length) return "Nobody won.";
  if (winners.length === view.table.players) return "A draw.";
  return `Won by ${winners.map((s) => seatLabel(view.table, s)).join(" and ")}.`;
}

// Load the game's board module and guide once; draw again when both are in.
function loadBoard(slug) {
  if (boardLoading) return;
  const loadModule = DRAWN.has(slug)
    ? import(`./boards/${slug}.js`)
        .then((module) => {
          if (module.stylesheet) {
            document.head.append(el("link", { rel: "stylesheet", href: `/static/${module.stylesheet}` }));
          }
          BOARDS[slug] = module;
        })
        .catch(() => { boardMissing.add(slug); }) // the generic view, then
    : Promise.resolve();
  const loadGuide = api("GET", `/api/games/${encodeURIComponent(slug)}/guide`)
    .then((data) => {
      guide = data;
      renderGuide();
    })
    .catch(() => {});
  boardLoading = Promise.all([loadModule, loadGuide]).then(() => {
    if (view) scheduleRender();
  });
}

function renderGuide() {
  const panel = $("how-to-play");
  if (!guide || !guide.how_to_play_html) return;
  // The guide's HTML is rendered on the server from our own rules page with raw HTML escaped.
  $("how-to-play-body").innerHTML = guide.how_to_play_html;
  panel.hidden = false;
  tableRulesDrawn = null;
  if (view) renderTableRules();
}

// The options this table changes from the standard game, named as the lobby's form names
// them with what each does, the standard value and its rules: "How to play" tells the
// standard game, so a player at a table with a house rule reads it here (and is sent here from
// there). Drawn again only when the options or the guide change.
let tableRulesDrawn = null;
function renderTableRules() {
  const changed = guide ? changedOptions(guide.options, view.table.options) : [];
  const drawn = JSON.stringify(changed.map(({ option, value }) => [option.name, value]));
  if (drawn === tableRulesDrawn) return;
  tableRulesDrawn = drawn;
  $("table-rules").hidden = !changed.length;
  $("table-rules-list").replaceChildren(...changed.map(({ option, value }) => {
    return el("li", { "data-option": option.name },
      el("strong", { text: `${option.label}: ${formatValue(value)}.` }),
      ` ${option.summary.replace(/\.?$/, ".")} Standard: ${formatValue(option.default)}.`,
      decisionLinks(option));
  }));
  const note = $("how-to-play-note");
  note.hidden = !changed.length;
  note.textContent = changed.length === 1
    ? "This table changes one rule (see “This table's rules” above); the steps below are the standard game."
    : `This table changes ${changed.length} rules (see “This table's rules” above); the steps below are the standard game.`;
}

// The board waits for a pressed pointer's release too (see ``pressHold``); a long press holds
// it at most this long, so that a finger resting on the board does not freeze the game.
const BOARD_PRESS_HOLDS_MS = 1500;
const boardHeld = pressHold($("board"), () => renderBoard(), BOARD_PRESS_HOLDS_MS);

function renderBoard() {
  const container = $("board");
  if (container.firstElementChild && boardHeld()) return;
  const table = view.table;
  loadBoard(table.game);
  const showing = replay.active && replay.data ? replay.data : null;
  const observation = showing ? showing.observation : view.observation;
  const legal = showing ? [] : view.legal;
  const lastAction = showing ? (showing.action ? showing.action.text : null) : lastVisibleAction();
  const board = BOARDS[table.game];
  if (board) {
    // What a board may draw: the seat's observation and legal actions (empty in a replay),
    // ``refusal`` (why the seat's last action was refused: a board may show it where the
    // action was made, as the page's own line sits below a long board), ``unmade`` (the
    // action the page gave up sending as the game moved on: then ``refusal`` is the page's
    // own sentence, for a board that words it in its game's terms instead),
    // the table (seats, names, status), who this page is, the move log as this seat may read
    // it (entries with ``text``) with ``describe(entry)`` giving its words, the game's guide
    // (``guide.data`` is its public content), ``onAction(text)`` to play a legal action, and
    // ``redraw()`` for a board whose drawing changes with time (a reveal that has played out).
    // The summary below the board keeps the keyboard's focus across the redraw (it fell back
    // to the page's top, where the next Tab started again).
    const rawFocused = Boolean(document.activeElement && document.activeElement.closest && document.activeElement.closest("#board > details.raw"));
    board.render(container, {
      observation,
      legal,
      lastAction,
      onAction: actFromBoard,
      table,
      you: view.you,
      log: showing ? log.slice(0, replay.step) : log,
      describe,
      guide,
      replaying: Boolean(showing),
      pending,
      refusal,
      unmade,
      redraw: scheduleRender,
    });
    boardDrawnAt = version;
    // Redrawn with every move: it stays open or closed as the person left it. It shows what the
    // board shows: the earlier observation while the board still shows one, lest it tell first.
    const rawObservation = showing ? observation : boardStillShowing() || observation;
    const note = el("p", { class: "muted raw-note", text: "The game's own data: seats count from 0 here, as in the notation (the Seats list counts from 1)." });
    const raw = el("details", { class: "raw", open: rawOpen }, el("summary", { text: "Everything this seat sees", "data-focus-key": "raw" }), note, renderObservation(rawObservation, table));
    raw.addEventListener("toggle", () => { rawOpen = raw.open; });
    container.append(raw);
    if (rawFocused) raw.querySelector("summary").focus({ preventScroll: true });
  } else if (DRAWN.has(table.game) && !boardMissing.has(table.game)) {
    // The board's module is on its way: a line says so. The generic data view drawn meanwhile
    // flashed a table of raw data, wider than a narrow column, for the moment it took.
    if (!container.querySelector(".board-coming")) {
      container.replaceChildren(el("p", { class: "muted board-coming", text: "Setting out the board…" }));
    }
  } else {
    container.replaceChildren(renderObservation(observation, table));
  }
}

// The notation's words that take a seat number, by game (Mole Park's "order 2 0 3" and "crown 1",
// The Mole's "ask 2 q17", "nominate 0" and "point 4"). The notation counts seats from 0, the
// page from 1: while such a move may be typed, the box says which number is whose.
const SEAT_WORDS = { "mole-park": ["order", "crown"], "the-mole": ["ask", "nominate", "point"] };

function notationSeatsHelp(table, legal) {
  const words = SEAT_WORDS[table.game] || [];
  if (!legal.some((action) => words.includes(action.split(" ")[0]))) return "";
  const seats = table.seats.map((slot) => `${slot.seat} = ${seatLabel(table, slot.seat, view.you)}`);
  return `In typed moves seats count from 0: ${seats.join(", ")}.`;
}

function actionGroup(verb, actions) {
  const shown = actions.slice(0, BUTTONS_PER_GROUP);
  const buttons = shown.map((action) => el("button", { type: "button", "data-action": action, text: action, disabled: pending, onclick: () => act(action) }));
  const more = actions.length > shown.length ? el("p", { class: "muted", text: `…and ${actions.length - shown.length} more: type them in the action box.` }) : null;
  return el("div", { class: "action-group" }, el("h3", { text: `${humanize(verb)} (${actions.length})` }), el("div", { class: "buttons" }, buttons), more);
}

// ``earlier``: the board still shows an earlier observation (see ``boardStillShowing``), and
// this seat's moves wait for it here as they do on the board.
function renderActions(earlier) {
  if (!view) return;
  const legal = view.table.status === "running" ? view.legal : [];
  const waiting = Boolean(earlier) && legal.length > 0;
  // A drawn board's module comes in after the first view is drawn (on opening the page on one's
  // move): the moves listed as buttons then fold away under it, though they are the same.
  const drawn = BOARDS[view.table.game] !== undefined;
  const seatsHelp = waiting ? "" : notationSeatsHelp(view.table, legal);
  const drawing = `${pending}\n${waiting}\n${drawn}\n${seatsHelp}\n${legal.join("\n")}`;
  if (drawing === actionsDrawn) return; // bots' moves leave this seat's buttons as they were
  actionsDrawn = drawing;
  const section = $("actions");
  const form = $("notation-form");
  const groups = new Map();
  for (const action of legal) {
    const verb = action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  const blocks = waiting
    ? [el("p", { class: "muted moves-wait", text: "Your moves come once the board has shown what just happened." })]
    : [...groups.entries()].map(([verb, actions]) => actionGroup(verb, actions));
  const box = $("action-buttons");
  // Only the buttons are drawn anew: the fold and the notation box stay, so a move typed and
  // sent with Enter leaves the focus (and the next move's text) in the box; moved into a new
  // fold at each drawing, the box lost the focus to the page's top. A button pressed gives
  // the focus to the same move drawn again, else to the fold's summary.
  keepFocus(section, () => {
    if (drawn) {
      // The board offers every move; buttons and the notation box are for those who prefer
      // them, folded away (and left as open as the person left them).
      if (!movesFold) {
        movesFold = el("details", { class: "moves-fold" }, el("summary", { text: "Moves as buttons or notation" }), el("div", { class: "moves-buttons" }));
        movesFold.addEventListener("toggle", () => { movesFoldOpen = movesFold.open; });
      }
      movesFold.open = movesFoldOpen;
      movesFold.querySelector(".moves-buttons").replaceChildren(...blocks);
      if (form.parentNode !== movesFold) movesFold.append(form);
      if (movesFold.parentNode !== box) box.replaceChildren(movesFold);
    } else {
      box.replaceChildren(...blocks);
      if (box.nextElementSibling !== form) box.after(form);
    }
  }, () => (movesFold ? movesFold.querySelector("summary") : $("notation")));
  // Nothing to play (the others' turn): the moves hide, and the focus in them waits on the turn
  // line, which says whom the table waits for, and comes back to them with this seat's move.
  const focused = section.contains(document.activeElement) ? document.activeElement : null;
  section.hidden = !legal.length;
  if (focused && section.hidden) {
    movesParked = focused === $("notation") || !movesFold ? $("notation") : movesFold.querySelector("summary");
    focusPlace($("turn")).focus({ preventScroll: true });
  } else if (!section.hidden && movesParked) {
    if (document.activeElement === $("turn")) movesParked.focus({ preventScroll: true });
    movesParked = null;
  }
  // Typed moves wait too: a form whose button is disabled is not sent by Enter.
  $("notation-form").querySelector("button[type=submit]").disabled = waiting;
  $("notation-seats").textContent = seatsHelp;
  $("notation-seats").hidden = !seatsHelp;
  $("legal-list").replaceChildren(...(waiting ? [] : legal.slice(0, 400)).map((action) => el("option", { value: action })));
}

// ``earlier``: the board still shows an earlier observation; its scores are shown, and the
// winners wait for the board too.
function renderScores(earlier) {
  const table = view.table;
  const showing = replay.active && replay.data ? replay.data : null;
  const observation = earlier || view.observation;
  let scores = Array.isArray(observation.scores) ? observation.scores : view.result ? view.result.scores : null;
  if (showing) scores = showing.scores; // the replay's step, not the final scores
  const result = showing ? showing.result : table.status === "running" || table.status === "open" || earlier ? null : view.result;
  const board = BOARDS[table.game];
  // A board module may export ``scoresOnBoard``: its table shows every player's points itself,
  // beside the board (Mole Majority's players' boards, with their colours, whose turn it is and,
  // at the end, who won); a second list of the same numbers only had the reader compare two.
  $("scores").closest(".panel").hidden = Boolean(board && board.scoresOnBoard);
  if (board && board.noScores) {
    // A game of no points (its scores only mark the winners at the end): say how it is won.
    $("scores").replaceChildren(el("p", { class: "muted", text: board.noScores }));
  } else if (table.status === "open") {
    // A table still gathering its players: a 0 against every seat, empty ones included, read
    // as a game under way with nobody ahead.
    $("scores").replaceChildren(el("p", { class: "muted", text: "Scores appear once the game starts." }));
  } else if (!scores) {
    $("scores").replaceChildren(el("p", { class: "muted", text: "No scores yet." }));
  } else {
    // The winners are marked beside their scores: the outcome box above says why they won.
    const winners = new Set(result && Array.isArray(result.winners) ? result.winners : []);
    const rows = scores.map((score, seat) => el("tr", { class: `${seat === view.you ? "you" : ""}${winners.has(seat) ? " won" : ""}`.trim() },
      el("th", {}, seatLabel(table, seat), winners.has(seat) ? el("span", { class: "won-mark", text: " won" }) : null),
      el("td", { text: String(score) })));
    $("scores").replaceChildren(el("table", { class: "data" }, el("tbody", {}, rows)));
  }
}

// The chat only appends, and stays at its newest line unless the reader scrolled up.
function renderChat() {
  // Only seated people speak (under their seat's name); everyone reads.
  $("chat-form").hidden = view.you === null;
  $("chat-readonly").hidden = view.you !== null;
  const list = $("chat");
  // Most redraws are moves, not talk: then nothing here reads the layout (the move log keeps
  // an update under 2 ms; a forced layout would cost more than that).
  if (chatDrawn >= chat.length && list.firstElementChild) return;
  const atBottom = isScrolledToBottom(list);
  // After a reconnection the whole chat comes again: the lines already in the page stay put
  // (a screen reader would read every one out again, and the reader's place would be lost).
  const lastDrawn = Number(list.lastElementChild?.dataset.number ?? -1);
  const table = view.table;
  for (const line of chat.slice(chatDrawn)) {
    if (line.number <= lastDrawn) continue;
    const said = new Date(line.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    // The seat's label tells two people of one name apart, while the seat is still theirs;
    // a line said from this seat by someone before (who left it) is not this viewer's own.
    const slot = table.seats[line.seat];
    const mine = line.seat === view.you && (!slot || slot.name === line.name);
    const who = slot && slot.name === line.name ? seatLabel(table, line.seat) : line.name;
    // The time shows on every line, not on hover alone: a phone has no hover.
    const at = new Date(line.at * 1000).toISOString();
    list.append(el("li", { class: mine ? "you" : "", "data-number": line.number },
      el("time", { class: "chat-time", datetime: at, text: said }), " ",
      el("span", { class: "chat-name", text: who }), ": ", line.text));
  }
  chatDrawn = chat.length;
  if (!chat.length && !list.firstElementChild) list.append(el("li", { class: "muted empty", text: "Nothing said yet." }));
  if (chat.length) list.querySelector(".empty")?.remove();
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// On a phone the chat sits far below the board: a line from someone else, said while the
// chat is out of view, shows for a few seconds at the bottom of the screen; a tap goes there.
// The toast lies over the game for a moment, where a tap meant for a card may land: a tap in
// its first moments is not taken as one for the chat, and on a touch screen going to the chat
// does not also open the keyboard (a tap in the box does that).
const TOAST_SHOWN_MS = 6000;
const TOAST_DEAF_MS = 600;
let toastTimer = null;
let toastShownAt = 0;

function toastChat(line) {
  const box = $("chat").getBoundingClientRect();
  if (box.top < window.innerHeight && box.bottom > 0) return; // the chat is in view
  if (!$("error-toast").hidden) return; // a refusal is being told there (``showError``)
  const toast = $("chat-toast");
  toast.textContent = `${line.name}: ${line.text}`;
  if (toast.hidden) toastShownAt = performance.now();
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, TOAST_SHOWN_MS);
}

$("chat-toast").addEventListener("click", () => {
  if (performance.now() - toastShownAt < TOAST_DEAF_MS) return;
  $("chat-toast").hidden = true;
  $("chat-text").closest("section").scrollIntoView({ behavior: "smooth", block: "center" });
  const touch = window.matchMedia("(pointer: coarse)").matches;
  if (!touch && !$("chat-form").hidden) $("chat-text").focus({ preventScroll: true });
});

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-text");
  input.focus(); // after a click on "Say" too: the next line is typed where the last was
  const text = input.value.trim();
  if (!text) return;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    $("chat-error").textContent = "Not connected: your line was not sent. Try again when the page is live.";
    return; // the line stays in the box
  }
  $("chat-error").textContent = "";
  chatRefs += 1;
  const ref = `chat-${chatRefs}`;
  send({ type: "say", data: { text }, ref });
  chatSent.set(ref, text.replace(/\s+/g, " ")); // as the server writes it down: one space a run
  input.value = "";
});

function isScrolledToBottom(list) {
  return list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
}

// ``upTo``: how many entries to show (the rest wait for the board, see ``logSettled``).
function renderLog(atBottom, upTo) {
  const list = $("log");
  // The notation, where the viewer may read it, shows on hover (after the end: what a
  // secret outcome was, "location bowling-alley").
  const pointing = Boolean(pointingBoard());
  const item = (entry) => el("li", { class: entry.text === null ? "secret" : "", "data-seat": entry.seat, "data-n": entry.n, tabindex: pointing ? "-1" : null, title: entry.text && entry.describe ? entry.text : null }, el("span", { class: "n", text: `${entry.n + 1}.` }), describe(entry));
  if (logDrawn === 0) list.replaceChildren(...log.slice(0, upTo).map(item));
  else if (upTo > logDrawn) list.append(...log.slice(logDrawn, upTo).map(item));
  logDrawn = upTo;
  if (pointing) logStop(list);
  foldChanceRuns(list);
  if (replay.active) {
    // The log follows the replay: the steps after it are dimmed, the current one marked
    // and scrolled to the middle of the list.
    [...list.children].forEach((entry, index) => {
      entry.classList.toggle("future", index >= replay.step);
      entry.classList.toggle("current", index === replay.step - 1);
    });
    const current = list.children[Math.max(0, replay.step - 1)];
    if (current) {
      // Measured on the screen, not by offsetTop: whose offset that is depends on the CSS
      // (the list's own containment made it the list's, and the current step sat far below).
      const off = current.getBoundingClientRect().top - list.getBoundingClientRect().top;
      list.scrollTop += off - (list.clientHeight - current.offsetHeight) / 2;
    }
  } else {
    // A replay just closed leaves none of its marks.
    for (const entry of list.querySelectorAll(".future, .current")) entry.classList.remove("future", "current");
    if (atBottom) list.scrollTop = list.scrollHeight;
  }
}

// A board module may export ``highlightMove(entry, {log, reveal})``: it marks on its table
// where the move log's line ``entry`` happened (null: nothing), and with ``reveal`` (a tap or
// a click on the line) brings the mark into view. The log's lines then point at the board
// while hovered or focused; they are one Tab stop, the arrows going from line to line.
function pointingBoard() {
  const board = view && BOARDS[view.table.game];
  return board && typeof board.highlightMove === "function" ? board : null;
}

// The log's one Tab stop: the line last focused while it is there, else the newest.
function logStop(list) {
  const lines = [...list.querySelectorAll("li[data-n]")];
  const stop = lines.find((line) => line.tabIndex === 0) || lines[lines.length - 1];
  for (const line of lines) {
    // Compared as the attribute: a line drawn before its board's module came has none, and
    // reads as -1 all the same, yet is no focus place until it is set.
    const index = line === stop ? "0" : "-1";
    if (line.getAttribute("tabindex") !== index) line.setAttribute("tabindex", index);
  }
}

// Wires a list of the log's lines (``li[data-n]``: the Moves panel's, the strip's above the
// board) to point at the board while hovered or focused; a tap, a click or Enter brings the
// mark into view, and the arrows go from line to line.
function pointingLines(list) {
  let hovered = null;
  const point = (reveal = false) => {
    const board = pointingBoard();
    if (!board) return;
    const active = document.activeElement;
    const focused = active && active.closest && list.contains(active) ? active.closest("li[data-n]") : null;
    const line = hovered || focused;
    board.highlightMove(line ? log[Number(line.dataset.n)] || null : null, { log, reveal });
  };
  const lineOf = (event) => (event.target.closest && !event.target.closest("button") ? event.target.closest("li[data-n]") : null);
  list.addEventListener("mouseover", (event) => {
    const line = lineOf(event);
    if (line === hovered) return;
    hovered = line;
    point();
  });
  list.addEventListener("mouseleave", () => {
    hovered = null;
    point();
  });
  list.addEventListener("focusin", (event) => {
    const line = lineOf(event);
    if (line && pointingBoard()) for (const other of list.querySelectorAll("li[data-n]")) other.tabIndex = other === line ? 0 : -1;
    point();
  });
  list.addEventListener("focusout", () => point());
  list.addEventListener("click", (event) => {
    const line = lineOf(event);
    if (!line || !pointingBoard()) return;
    line.focus({ preventScroll: true });
    point(true);
  });
  list.addEventListener("keydown", (event) => {
    const line = lineOf(event);
    if (!line || !pointingBoard() || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      point(true);
      return;
    }
    const lines = [...list.querySelectorAll("li[data-n]")].filter((other) => other.offsetParent !== null);
    const at = lines.indexOf(line);
    const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: lines.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (lines[to]) lines[to].focus();
  });
}
pointingLines($("log"));

// A log at its end stays there when its box changes: a game's stylesheet that comes after
// the log was filled (Die Maulwurf Company's narrows its column from 1200 px) or a resized
// window wraps its lines again, and a log left short of its newest lines no longer followed
// new ones (``renderLog`` follows a log at its end). Whether it is at its end is noted as it
// scrolls at the size last seen: the browser's own scrolling as the box changes (scroll
// anchoring, a clamped position), before the observer is told, would note it away from its
// end.
let logFollowing = true;
let logSize = null; // the log's box as the observer last saw it
const sizeOf = (list) => `${list.clientWidth}x${list.clientHeight}`;
$("log").addEventListener("scroll", () => {
  const list = $("log");
  if (sizeOf(list) === logSize) logFollowing = isScrolledToBottom(list);
}, { passive: true });
new ResizeObserver(() => {
  const list = $("log");
  logSize = sizeOf(list);
  if (logFollowing && !replay.active) list.scrollTop = list.scrollHeight;
}).observe($("log"));

// A run of chance entries (The Mole deals 20 question cards a round, Mole Park a mole into
// each hole) folds behind its first entry, which offers to show the rest; a replay shows all.
// Every drawing runs this over the whole log, so it changes only the lines whose fold changed:
// taking the fold off every line and putting it back cost a style pass over a thousand lines
// or more at each update of a long game, and each pass left a space behind on a run's first line.
const FOLD_FROM = 4;
const unfolded = new Set(); // the first entry numbers of the runs a person opened

function foldChanceRuns(list) {
  const items = [...list.children];
  const folded = new Set();
  const toggles = new Map(); // a run's first line -> the words of its toggle
  let start = 0;
  while (!replay.active && start < items.length) {
    let end = start;
    while (end < items.length && items[end].dataset.seat === "-1") end += 1;
    if (end - start >= FOLD_FROM) {
      const open = unfolded.has(items[start].dataset.n);
      if (!open) items.slice(start + 1, end).forEach((entry) => folded.add(entry));
      toggles.set(items[start], open ? "hide the chance events" : `+${end - start - 1} more chance events`);
    }
    start = Math.max(end, start + 1);
  }
  for (const item of items) {
    if (item.classList.contains("folded") !== folded.has(item)) item.classList.toggle("folded", folded.has(item));
  }
  // A toggle stays while its run does, its words changed in place: pressed from the keyboard,
  // it keeps the focus.
  for (const toggle of list.querySelectorAll(".fold-toggle")) {
    const first = toggle.closest("li");
    const words = toggles.get(first);
    if (words === undefined) toggle.remove();
    else if (toggle.textContent !== words) toggle.textContent = words;
    toggles.delete(first);
  }
  for (const [first, words] of toggles) {
    const key = first.dataset.n;
    first.append(el("button", {
      type: "button", class: "fold-toggle", text: words,
      onclick: () => { if (unfolded.has(key)) unfolded.delete(key); else unfolded.add(key); foldChanceRuns(list); },
    }));
  }
}

// ------------------------------------------------------------------------ the last moves

// The Moves panel lies under the seats, the chat and the scores: below the first screen on a
// laptop, far below the board on a phone, and the others' moves between this seat's turns
// happened out of sight. A strip above the board shows the log's newest moves by the players
// (chance and the clock are left to the board and the log), as many as there are other players
// (at most three): those since this seat's last move in full ink, its own and the ones before
// dimmed. It keeps its height while the game runs: the board below does not jump as moves come. A board module exporting ``ownRecentMoves`` tells
// what just happened itself (Mole Majority's "Just happened", The Mole's thread, Mole Park's
// reveal and round so far): no strip then. ``upTo``: the log's entries the board has shown.
const RECENT_LINES = 3;
let recentDrawn = null; // what the strip was last drawn from

function recentWanted() {
  const table = view.table;
  if (table.status !== "running" || replay.active) return false;
  // Until its module is in, whether the board tells it is not known: no strip that then goes.
  if (DRAWN.has(table.game) && !BOARDS[table.game]) return false;
  const board = BOARDS[table.game];
  return !(board && board.ownRecentMoves);
}

function renderRecent(upTo) {
  const box = $("recent");
  box.hidden = !recentWanted();
  if (box.hidden) {
    recentDrawn = null;
    return;
  }
  // A line for each other player (at most three): when this seat's move comes, their moves
  // since its own; just after it, that move of its own, dimmed, and the ones before.
  const count = Math.max(1, Math.min(RECENT_LINES, view.table.players - 1));
  const shown = log.slice(0, upTo);
  const moves = shown.filter((entry) => entry.seat >= 0).slice(-count);
  const mine = view.you === null ? -1 : shown.findLastIndex((entry) => entry.seat === view.you);
  const pointing = Boolean(pointingBoard());
  const drawing = JSON.stringify([count, mine, pointing, moves.map((entry) => entry.n)]);
  if (drawing === recentDrawn) return;
  recentDrawn = drawing;
  box.style.setProperty("--recent-lines", String(count));
  const list = $("recent-list");
  keepFocus(list, () => {
    const lines = moves.map((entry, at) => {
      const words = describe(entry);
      return el("li", {
        class: entry.n <= mine ? "earlier" : "since",
        "data-n": entry.n,
        "data-seat": entry.seat,
        "data-focus-key": `recent:${entry.n}`,
        // Lines that mark their move on the board are one Tab stop, the newest (``logStop``).
        tabindex: pointing ? (at === moves.length - 1 ? "0" : "-1") : null,
        title: words,
      }, words);
    });
    list.replaceChildren(...(lines.length ? lines : [el("li", { class: "muted", text: "No moves yet." })]));
  });
}

// Its lines point at the board as the Moves panel's do (``highlightMove``).
pointingLines($("recent-list"));

// The clock sits above the buttons, so only a render shows or hides it, in the frame that
// redraws them: else they jump a line under a person's finger. The timer only counts down.
function renderClock() {
  $("clock").hidden = !clockBase || !view || view.table.status !== "running";
  tickClock();
}

function tickClock() {
  const node = $("clock");
  if (node.hidden || !clockBase) return;
  const left = Math.max(0, clockBase.remaining - (performance.now() - clockBase.at) / 1000);
  const minutes = Math.floor(left / 60);
  const seconds = Math.floor(left % 60);
  node.textContent = `Time left this round: ${minutes}:${String(seconds).padStart(2, "0")}`;
  node.classList.toggle("low", left < 30);
}

// ------------------------------------------------------------------------ replay

// The controls come with the outcome box, not before: while the board still shows an
// ``earlier`` moment (Mole Park's last reveal, Maulwurf's last lifted layer) "144 / 144" under
// it told the end that the board and the status pill did not yet.
function renderReplay(earlier) {
  const over = finished(view.table) && !earlier;
  $("replay").hidden = !over;
  if (!over) return;
  $("download").href = `/api/tables/${tableId}/record`;
  $("download").setAttribute("download", `${view.table.game}-${tableId}.json`);
  const select = $("replay-seat");
  if (!select.options.length) {
    select.append(el("option", { value: "", text: "a spectator" }));
    view.table.seats.forEach((slot) => select.append(el("option", { value: String(slot.seat), text: seatLabel(view.table, slot.seat) })));
  }
  // Close goes back from a step shown to the game's end: before the first step is shown there
  // is nothing to close (a first step that failed to load leaves only its error).
  $("replay-close").hidden = !replay.active;
  if (!replay.open) {
    replay.total = log.length;
    replay.step = replay.wanted = log.length;
    $("replay-step").textContent = `${replay.step} / ${replay.total}`;
  }
}

// Steps are fetched one at a time, the step last asked for next: clicks faster than the
// answers skip the steps in between instead of queueing a request each (which the server's
// pace refused, and whose late answers drew an older step over a newer one). The counter
// follows the clicks at once; the board follows when its step arrives.
let replayFetching = false;
const REPLAY_PACED_MS = 1000;
// Set by "Replay the game": the board comes into view once its first step is drawn (the turn
// line above it appears with that step and would push an earlier scroll's board down).
let replayBringsBoard = false;

function showStep(step) {
  replay.open = true;
  replay.wanted = Math.max(0, Math.min(step, log.length));
  $("replay-step").textContent = `${replay.wanted} / ${replay.total || log.length}`;
  if (!replayFetching) fetchWantedSteps();
}

async function fetchWantedSteps() {
  replayFetching = true;
  try {
    for (;;) {
      if (!replay.open) return;
      const step = replay.wanted;
      const seat = $("replay-seat").value;
      if (replay.active && step === replay.step && seat === replay.seat) return;
      const query = seat === "" ? "" : `?seat=${seat}`;
      let data;
      try {
        data = await api("GET", `/api/tables/${tableId}/replay/${step}${query}`);
      } catch (error) {
        if (!replay.open) return; // closed meanwhile: nothing to tell
        if (error.status === 429) { // paced by the server: wait, then ask for the newest step
          await new Promise((resolve) => setTimeout(resolve, REPLAY_PACED_MS));
          continue;
        }
        // No status: the request never reached the server (the browser's own words for that,
        // "Failed to fetch", tell a player nothing).
        const why = error.status ? error.message.replace(/\.$/, "") : "the server is out of reach";
        $("replay-error").textContent = `Step ${step} could not be shown: ${why}. Try again.`;
        replay.wanted = replay.step; // the counter goes back to what the board shows
        $("replay-step").textContent = `${replay.step} / ${replay.total}`;
        // No step was shown yet: the replay has not started (the arrow keys scroll the page
        // again), and the board still shows the game's end.
        if (!replay.active) replay.open = false;
        // Asked for from the outcome box, a screen above the controls on a phone: the error
        // comes into view there, or nothing seemed to happen.
        if (replayBringsBoard) $("replay").scrollIntoView({ block: "nearest" });
        replayBringsBoard = false;
        return;
      }
      if (!replay.open) return; // closed while the step was on its way: the end stays shown
      Object.assign(replay, { data, step, seat, active: true, total: data.total });
      $("replay-error").textContent = "";
      $("replay-step").textContent = `${replay.wanted} / ${replay.total}`;
      $("replay-action").textContent = data.action ? `Step ${step}: ${describe(data.action)}` : "The start of the game";
      root.dataset.replayStep = String(step);
      root.dataset.replaying = "true"; // the controls stay at the screen's foot (app.css)
      render(); // every panel follows the step: board, scores, result, log, turn
      if (replayBringsBoard) {
        replayBringsBoard = false;
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        $("board").scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
      }
    }
  } finally {
    replayFetching = false;
  }
}

$("replay-first").addEventListener("click", () => showStep(0));
$("replay-prev").addEventListener("click", () => showStep(replay.wanted - 1));
$("replay-next").addEventListener("click", () => showStep(replay.wanted + 1));
$("replay-last").addEventListener("click", () => showStep(log.length));
$("replay-seat").addEventListener("change", () => showStep(replay.wanted));
$("replay-close").addEventListener("click", closeReplay);

// "Replay the game" in the outcome box starts the replay at its first step, as a player pressing
// it expects; before, it only scrolled to the controls below the board, and nothing stepped.
// The board comes to the screen's top, the controls stuck at its foot below it, and the focus
// goes to the next step's button, for Enter or Space to step on.
$("outcome-replay").addEventListener("click", (event) => {
  if (!view || !finished(view.table)) return;
  event.preventDefault();
  replayBringsBoard = true;
  showStep(0);
  $("replay-next").focus({ preventScroll: true });
});

// The notes at the screen's foot (the chat's line, a refusal) rise above the replay's controls
// stuck there, whose height changes with the screen's width and the step's words (app.css).
new ResizeObserver(() => {
  root.style.setProperty("--replay-height", `${$("replay").getBoundingClientRect().height}px`);
}).observe($("replay"));

// Back to the game's end as it was before the replay: every panel follows, the controls no
// longer stick to the screen's foot, and the moves' list scrolls to its last entry again.
function closeReplay() {
  if (!replay.open) return;
  const hadFocus = $("replay").contains(document.activeElement);
  Object.assign(replay, { open: false, active: false, data: null, seat: "" });
  replayBringsBoard = false;
  delete root.dataset.replaying;
  delete root.dataset.replayStep;
  $("replay-action").textContent = "";
  $("replay-error").textContent = "";
  render();
  $("log").scrollTop = $("log").scrollHeight;
  // The close button is gone: the focus stays among the controls, where it was, without the
  // page jumping to them.
  if (hadFocus) $("replay-first").focus({ preventScroll: true });
}

// The arrow keys step the replay once it has started, wherever the focus is, except in a field
// (where they move the caret) and with a modifier (the browser's own shortcuts). Before it has
// started, or once closed, they scroll the page as usual: before, any arrow press after the
// end opened the replay at the step before the last, unasked.
document.addEventListener("keydown", (event) => {
  if ($("replay").hidden || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const inField = (fields) => Boolean(event.target.closest && event.target.closest(fields));
  // Escape closes the replay, also from the seat picker beside the controls (its open list
  // takes the key itself), but not from the chat's box.
  if (event.key === "Escape" && replay.open && !inField("input, textarea, [contenteditable]")) {
    event.preventDefault();
    closeReplay();
    return;
  }
  if (inField("input, textarea, select, [contenteditable]")) return;
  const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (!by || !replay.open) return;
  event.preventDefault();
  showStep(replay.wanted + by);
});

// ------------------------------------------------------------------------ seats and host

function seatError(text) {
  $("seat-error").textContent = text;
}

// A double press on "Sit here" sent two requests: the second found the seat taken (by this
// very person) and told them someone else had taken it.
let sitting = false;

async function sit(seat) {
  if (sitting || store.seat(tableId)?.seat === seat) return;
  const name = $("join-name").value.trim();
  if (!name) {
    seatError("Type your name first, then pick a seat.");
    $("join-name").focus();
    return;
  }
  // The host sits as the host: the table then names their seat, for the others to know
  // who fills the seats and starts.
  const host = store.host(tableId);
  sitting = true;
  try {
    const joined = await api("POST", `/api/tables/${tableId}/seats/${seat}`, { name }, host ? { "X-Host-Token": host } : {});
    store.setName(name);
    store.setSeat(tableId, joined.seat, joined.token);
    leftHere = false; // a "Leave" whose revocation never came (the socket closed first)
    seatError("");
    if (socket) socket.close(); // reconnect with the new token
  } catch (error) {
    // Two people pressed "Sit here" at one seat: the other was first.
    seatError(error.code === "seat-taken" ? `Someone else just took seat ${seatNumber(seat)}: pick another one.` : capitalize(error.message));
  } finally {
    sitting = false;
  }
}

async function leave(seat) {
  const mine = store.seat(tableId);
  const headers = {};
  if (mine && mine.seat === seat) headers["X-Seat-Token"] = mine.token;
  // The server may tell this tab its seat is gone before this request's answer is here.
  leftHere = Boolean(mine && mine.seat === seat);
  const host = store.host(tableId);
  if (host) headers["X-Host-Token"] = host;
  try {
    await api("DELETE", `/api/tables/${tableId}/seats/${seat}`, undefined, headers);
    if (mine && mine.seat === seat) {
      store.forgetSeat(tableId);
      if (socket) socket.close();
    }
  } catch (error) {
    leftHere = false;
    seatError(capitalize(error.message));
  }
}

// The clipboard API needs a secure page (https or localhost); on a LAN address the link is
// selected instead, for the person to copy.
$("copy-share").addEventListener("click", async () => {
  const link = $("share");
  try {
    await navigator.clipboard.writeText(link.value);
    $("copy-said").textContent = "Copied: send it to your friends.";
  } catch {
    link.focus();
    link.select();
    $("copy-said").textContent = "Selected: copy it with Ctrl+C (or your phone's menu).";
  }
});

$("resign").addEventListener("click", () => {
  $("resign-confirm").hidden = false;
});

$("resign-confirm").addEventListener("click", () => {
  $("resign-confirm").hidden = true;
  send({ type: "resign" });
});

$("sound").checked = localStorage.getItem("molehaven.sound") === "on";
$("sound").addEventListener("change", () => localStorage.setItem("molehaven.sound", $("sound").checked ? "on" : "off"));

$("fill-bots").addEventListener("click", async () => {
  try {
    // With no agent picked (the list did not load), the server's default level plays.
    const agent = $("bot-agent").value;
    await api("POST", `/api/tables/${tableId}/bots`, agent ? { agent } : {}, { "X-Host-Token": store.host(tableId) });
    seatError("");
  } catch (error) {
    seatError(capitalize(error.message));
  }
});

$("start").addEventListener("click", async () => {
  try {
    await api("POST", `/api/tables/${tableId}/start`, undefined, { "X-Host-Token": store.host(tableId) });
    seatError("");
  } catch (error) {
    seatError(capitalize(error.message));
  }
});

$("notation-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (!text) return;
  act(text);
  $("notation").value = "";
});

// What each agent of the list does, in a few words (docs/agents.md says more).
const AGENT_WORDS = {
  random: "any legal move",
  greedy: "the best-looking move, one step ahead",
  flat: "greedy's weighing over many guessed hands",
  mcts: "tree search with random play-outs",
  informed: "tree search with the game's own evaluation",
  alphabeta: "Mole Hill's deep search (elsewhere: mcts)",
  belief: "The Mole's deducer (elsewhere: mcts)",
};

async function loadAgents() {
  try {
    agents = (await api("GET", "/api/games")).agents;
  } catch {
    agents = ["random"];
  }
  // The levels first, hard preselected: bots worth playing against unless the host asks
  // for something else (docs/agents.md says what each agent is).
  const levels = ["hard", "medium", "easy"].filter((name) => agents.includes(name));
  const others = agents.filter((name) => !levels.includes(name));
  const label = { hard: "hard (strongest)", medium: "medium", easy: "easy" };
  const study = el("optgroup", { label: "The agents behind the levels (for study)" },
    others.map((name) => el("option", { value: name, text: AGENT_WORDS[name] ? `${name}: ${AGENT_WORDS[name]}` : name })));
  $("bot-agent").replaceChildren(...levels.map((name) => el("option", { value: name, text: label[name] })), ...(others.length ? [study] : []));
  if (levels.length) $("bot-agent").value = levels[0];
}

$("join-name").value = store.name();
loadAgents();
connect();
setInterval(() => {
  if (!gone) tickClock();
}, 250);

// The lobby: create a table (game, players, options with their defaults explained) and list
// open, running and finished tables.
import { api, capitalize, changedOptions, decisionLinks, el, formatValue, store } from "./util.js";

const gameSelect = document.getElementById("game");
const playersSelect = document.getElementById("players");
const optionsBox = document.getElementById("options");
const summary = document.getElementById("game-summary");
const form = document.getElementById("create-form");
const nameInput = document.getElementById("name");
const takeSeat = document.getElementById("take-seat");
const createError = document.getElementById("create-error");

let catalogue = { games: [], agents: [] };

// The away time sits in a closed fold: a value the browser refuses there opens the fold, so
// that its message shows beside the field rather than nowhere.
document.getElementById("away-seconds").addEventListener("invalid", (event) => {
  event.target.closest("details").open = true;
});

function currentGame() {
  return catalogue.games.find((g) => g.slug === gameSelect.value);
}

// An option as people read it: its label, what it does (no rule ids), its default and allowed
// values, and the rules it follows as links into the game's rules page.
function optionHelp(option) {
  // A list or a checkbox shows its values itself; a number field is told its range.
  const shown = option.choices || option.type === "bool" ? "" : `; ${rangeText(option)}`;
  return el("span", { class: "help" },
    `${option.summary} (default: ${formatValue(option.default)}${shown})`,
    decisionLinks(option));
}

function optionInput(option) {
  const id = `option-${option.name}`;
  const help = optionHelp(option);
  if (option.type === "bool") {
    const box = el("input", { type: "checkbox", id, "data-option": option.name, "data-type": "bool" });
    box.checked = Boolean(option.default);
    return el("div", { class: "option" }, el("label", { class: "inline", for: id }, box, option.label), help);
  }
  let input;
  if (option.choices) {
    input = el("select", { id, "data-option": option.name, "data-type": option.type },
      option.choices.map((c) => el("option", { value: String(c), text: formatValue(c), selected: c === option.default })));
  } else {
    const numeric = option.type === "int" || option.type === "float";
    input = el("input", {
      id, "data-option": option.name, "data-type": option.type,
      type: numeric ? "number" : "text",
      step: option.type === "int" ? "1" : option.type === "float" ? "any" : undefined,
      min: option.minimum ?? undefined, max: option.maximum ?? undefined,
      value: String(option.default),
    });
  }
  return el("div", { class: "option" }, el("label", { for: id }, option.label, input), help);
}

// A number field's allowed values in words ("1 to 50", "a whole number of at least 1").
function rangeText(option) {
  const whole = option.type === "int" ? "a whole number" : "a number";
  const [low, high] = [option.minimum, option.maximum].map((bound) => (bound === null || bound === undefined ? null : Number(bound).toLocaleString("en")));
  if (low !== null && high !== null) return `${low} to ${high}`;
  if (low !== null) return `${whole} of at least ${low}`;
  if (high !== null) return `${whole} of at most ${high}`;
  return option.allowed;
}

function showGame() {
  const game = currentGame();
  if (!game) return;
  summary.replaceChildren(game.summary, " ", el("a", { href: `/rules/${game.slug}`, target: "_blank", rel: "noopener", text: "Rules" }));
  playersSelect.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n += 1) {
    playersSelect.append(el("option", { value: String(n), text: String(n) }));
  }
  optionsBox.replaceChildren(el("legend", { text: "Options" }));
  if (!game.options.length) optionsBox.append(el("p", { class: "muted", text: "This game has no options." }));
  for (const option of game.options) optionsBox.append(optionInput(option));
}

function readOptions() {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    const name = input.dataset.option;
    if (type === "bool") options[name] = input.checked;
    else if (type === "int") options[name] = Number.parseInt(input.value, 10);
    else if (type === "float") options[name] = Number.parseFloat(input.value);
    else options[name] = input.value;
  }
  return options;
}

// A second press while the first request is on its way would make a second table: one the
// person never sees, left open in the lobby for others to sit at and wait.
let creating = false;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (creating) return;
  createError.textContent = "";
  const name = nameInput.value.trim();
  if (takeSeat.checked && !name) {
    createError.textContent = "Give your name to take a seat (or untick 'sit at the table myself').";
    return;
  }
  const submit = form.querySelector('button[type="submit"]');
  creating = true;
  if (submit) submit.disabled = true;
  try {
    const created = await api("POST", "/api/tables", {
      game: gameSelect.value,
      players: Number.parseInt(playersSelect.value, 10),
      options: readOptions(),
      away_seconds: Number.parseFloat(document.getElementById("away-seconds").value) || 180,
      listed: !document.getElementById("invite-only").checked,
      // The first seat is taken in the same request: nobody reading the lobby can take it first.
      sit: takeSeat.checked ? { name } : null,
    });
    const tableId = created.table.id;
    store.setHost(tableId, created.host_token);
    if (created.seat) {
      store.setName(name);
      store.setSeat(tableId, created.seat.seat, created.seat.token);
    }
    window.location.href = `/tables/${tableId}`;
  } catch (error) {
    createError.textContent = capitalize(error.message);
    creating = false;
    if (submit) submit.disabled = false;
  }
});

// A table that is still gathering players or being played.
const isLive = (table) => table.status === "open" || table.status === "running";

// Who a full table waits for: the host by name where they sit (friends know one another by
// name, not as "the host"), else as "the host".
function hostName(summary) {
  const slot = summary.host_seat === null || summary.host_seat === undefined ? null : summary.seats[summary.host_seat];
  return slot && slot.kind !== "empty" ? slot.label || slot.name : "the host";
}

// How long ago, in the words of a lobby line: "just now", "12 min ago", "3 h ago".
function ago(seconds) {
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

// A seat as the lobby names it: at a live table, a person says whether they are here now (a
// green dot, as on the table page), so nobody joins a table whose people have gone.
function seatWho(summary, slot) {
  if (slot.kind === "empty") return el("span", { class: "seat-who", text: "—" });
  const name = slot.label || slot.name;
  if (slot.kind !== "human" || !isLive(summary)) return el("span", { class: "seat-who", text: name });
  const notes = [];
  if (summary.status === "open" && slot.seat === summary.host_seat) notes.push("host");
  notes.push(slot.connected ? "here" : "away");
  return el("span", { class: "seat-who", "data-presence": slot.connected ? "here" : "away" },
    el("span", { class: `dot${slot.connected ? " on" : ""}`, "aria-hidden": "true" }),
    `${name} (${notes.join(", ")})`);
}

// Whether anyone is at a live table, in words: said when nobody is (someone being here shows
// on their name, a host who sits nowhere in the line below).
function nobodyHere(summary) {
  const people = summary.seats.filter((s) => s.kind === "human");
  if (!people.length || people.some((s) => s.connected) || summary.host_here) return null;
  const since = summary.seen_ago;
  return since === null || since === undefined || since < 60 ? "nobody here now" : `nobody here for ${Math.floor(since / 60)} min`;
}

// The options a table plays with that are not its game's defaults ("Rounds: 1"), as the
// create form names them: a player choosing a table reads what kind of game it is.
function changedOptionsText(summary) {
  const game = catalogue.games.find((g) => g.slug === summary.game);
  return changedOptions(game?.options, summary.options)
    .map(({ option, value }) => `${option.label}: ${formatValue(value)}`)
    .join(", ");
}

// A finished row's seats in words: people by name, and several bots of one level as "3 easy
// bots" (their seat numbers, "easy bot 4", tell a reader of the lobby nothing); one bot keeps
// its label, which tells it from another of its level at the table.
function seatsInWords(summary, seats) {
  const groups = [];
  const bots = new Map(); // a bot's name ("easy bot") -> its group
  for (const seat of seats) {
    const slot = summary.seats[seat];
    const label = slot?.label || slot?.name || `seat ${seat + 1}`;
    // A resigned person's seat is a bot's that keeps their name: not grouped.
    if (slot?.kind === "bot" && !slot.resigned && slot.name) {
      const group = bots.get(slot.name);
      if (group) {
        group.count += 1;
        continue;
      }
      const fresh = { label, name: slot.name, count: 1 };
      bots.set(slot.name, fresh);
      groups.push(fresh);
    } else {
      groups.push({ label, count: 1 });
    }
  }
  const words = groups.map((g) => (g.count === 1 ? g.label : `${g.count} ${g.name}s`));
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

// A finished game in one line that names each player once, as a player tells it: "Ann beat
// Bob", "Bob beat Ann, Cy and 5 easy bots", "a draw between Eve and Flo", "abandoned: Gil and
// hard bot" (the row listed its players beside "won by Ann", naming her twice). The server's
// winners; a result stored before the server gave them says them by its returns; one with
// neither, null.
function outcome(summary) {
  const { result } = summary;
  let winners = result.winners;
  if (!Array.isArray(winners) && Array.isArray(result.returns) && result.returns.length) {
    const best = Math.max(...result.returns);
    winners = result.returns.flatMap((value, seat) => (value === best && best > 0 ? [seat] : []));
  }
  if (!Array.isArray(winners)) return null;
  const everyone = summary.seats.map((slot, seat) => seat);
  if (summary.status === "abandoned") return `abandoned: ${seatsInWords(summary, everyone)}`;
  if (!winners.length) return `nobody won: ${seatsInWords(summary, everyone)}`;
  // every seat shares the win
  if (winners.length === everyone.length) return `a draw between ${seatsInWords(summary, everyone)}`;
  const losers = everyone.filter((seat) => !winners.includes(seat));
  return `${seatsInWords(summary, winners)} beat ${seatsInWords(summary, losers)}`;
}

// The finished rows whose result fold is open (by table id): the lobby redraws a list when
// what it shows changes, and a fold someone opened to read must stay open.
const openFolds = new Set();

// A finished game's result: who played and who won on the row; folded under it the rest of
// the table's own words (why, the final scores), its options that differ from the defaults
// and its length. The whole summary made each row two or three lines, and a list of finished
// games no longer read at a glance.
function resultFold(summary, short) {
  const { result } = summary;
  if (!result) return null;
  const whole = result.summary || "";
  if (!short) return whole ? el("span", { class: "ending", text: whole }) : null;
  const why = Array.isArray(result.lines) ? result.lines.slice(1).join(" ") : whole;
  // What kind of game it was: on the row, beside who won, it made the row two lines.
  const facts = [changedOptionsText(summary), summary.version === 1 ? "1 move" : `${summary.version} moves`];
  const fold = el("details", { class: "ending" },
    el("summary", { text: short, title: whole || undefined }),
    why ? el("p", { text: why }) : null,
    el("p", { class: "facts", text: facts.filter(Boolean).join(" · ") }));
  fold.addEventListener("toggle", () => {
    if (fold.open) openFolds.add(summary.id);
    else openFolds.delete(summary.id);
  });
  return fold;
}

function tableItem(summary, mineList = false) {
  const free = summary.seats.filter((s) => s.kind === "empty").length;
  let action = "Watch"; // a running game, or a full table waiting for its host to start it
  if (summary.status === "open" && free) action = "Join";
  if (summary.status === "over" || summary.status === "abandoned") action = "Replay";
  const seated = store.seat(summary.id) !== null;
  // A host who sits nowhere comes back to press Start, not to watch.
  const hosting = store.host(summary.id) !== null;
  if (mineList || ((seated || hosting) && isLive(summary))) action = "Return";
  const mine = seated ? " (your seat)" : "";
  let detail = `${summary.players} players · ${summary.version} moves`;
  if (summary.status === "running" && summary.moved_ago !== null && summary.moved_ago !== undefined) {
    // A game nobody has moved in for long is not one to sit down and watch.
    detail += summary.version ? ` · last move ${ago(summary.moved_ago)}` : ` · started ${ago(summary.moved_ago)}`;
  }
  if (summary.status === "open") {
    const starter = hosting && !seated ? "you" : hostName(summary);
    detail = `${summary.players} players · ${free ? `${free} free` : `full, waiting for ${starter} to start`}`;
    // A host who has not sat down waits at the table for players: a seat taken there is a
    // game soon, though no name shows anyone here.
    const hostSeated = summary.host_seat !== null && summary.host_seat !== undefined;
    if (summary.host_here && !hostSeated) detail += " · the host is here";
  }
  const changed = changedOptionsText(summary);
  if (changed) detail += ` · ${changed}`;
  const nobody = isLive(summary) ? nobodyHere(summary) : null;
  if (nobody) detail += ` · ${nobody}`;
  // A finished game's result names (and so counts) its players: they are not listed again
  // beside it, and its options and length go in its fold, which keeps the row to one line.
  const short = summary.result ? outcome(summary) : null;
  if (short) detail = "";
  // Seats nobody holds yet are dashes beside those taken; a table of empty seats alone has
  // nothing to show there that "4 free" did not say.
  const anyone = !short && summary.seats.some((slot) => slot.kind !== "empty");
  const who = summary.seats.flatMap((slot, i) => (i ? [", ", seatWho(summary, slot)] : [seatWho(summary, slot)]));
  // The button stands apart from the words: on a phone a long title wraps beside it, not
  // below it.
  return el("li", { "data-table": summary.id },
    el("a", { href: `/tables/${summary.id}`, class: "button", text: action }),
    el("div", { class: "about" },
      el("strong", { text: summary.title + mine }),
      detail ? el("span", { class: "muted", text: detail }) : null,
      resultFold(summary, short),
      anyone ? el("span", { class: "who" }, ...who) : null));
}

// Open tables are all shown (seats to take); running and finished ones, the most recent first,
// up to a few each, with a button for the rest: a busy server lists 50 finished games, a long
// scroll on a phone to reach anything below. Open tables nobody has been at for a few minutes
// (the server says which) are listed apart, folded: a newcomer who sat there would wait for
// people who may not come back.
const SHOWN = { open: Infinity, deserted: Infinity, running: 10, over: 6 };
// An empty list says what it would hold and what to do, not just "none": on a new server all
// three are empty, and a newcomer should see how to start.
const EMPTY = {
  open: "No open table. Create one, then send friends its link or let bots take the empty seats.",
  deserted: "none",
  running: "No game is being played now.",
  over: "No finished game to show yet.",
};
const expanded = { open: false, deserted: false, running: false, over: false };
const drawnLists = {}; // what each list shows now: redrawn only when that changes

function drawList(status, summaries) {
  const cut = expanded[status] ? Infinity : SHOWN[status];
  const items = summaries.slice(0, cut).map((summary) => tableItem(summary));
  const hidden = summaries.length - items.length;
  // Compared as drawn, not as sent: the ages in seconds change at every refresh, their
  // minutes seldom, and a list redrawn under the keyboard's focus would lose it.
  const key = JSON.stringify([items.map((item) => item.outerHTML), hidden]);
  if (drawnLists[status] === key) return; // the 4-second refresh leaves an unchanged list alone
  drawnLists[status] = key;
  if (hidden > 0) {
    const more = el("button", { type: "button", class: "more", text: `Show ${hidden} more` });
    more.addEventListener("click", () => {
      expanded[status] = true;
      drawList(status, summaries);
    });
    items.push(el("li", { class: "more-row" }, more));
  }
  const list = document.getElementById(`${status}-tables`);
  const focused = focusedControl(list);
  const shown = items.length ? items : [el("li", { class: "muted empty", text: EMPTY[status] })];
  list.replaceChildren(...shown);
  // Opened after the comparison above: a fold someone opens does not make the list differ.
  for (const fold of list.querySelectorAll("li[data-table] details.ending")) {
    fold.open = openFolds.has(fold.closest("li").dataset.table);
  }
  if (focused) list.querySelector(`li[data-table="${CSS.escape(focused.table)}"] ${focused.control}`)?.focus();
}

// Which control of a list's row has the keyboard's focus (its Join or Replay, its result's
// fold), to give it back to the same row's once the list is redrawn.
function focusedControl(list) {
  const active = document.activeElement;
  const row = active && list.contains(active) ? active.closest("li[data-table]") : null;
  if (!row) return null;
  return { table: row.dataset.table, control: active.matches("summary") ? "summary" : "a.button" };
}

async function refreshTables() {
  try {
    const lists = await api("GET", "/api/tables");
    const deserted = lists.open.filter((summary) => summary.deserted);
    drawList("open", lists.open.filter((summary) => !summary.deserted));
    drawList("deserted", deserted);
    const fold = document.getElementById("deserted");
    fold.hidden = deserted.length === 0;
    document.getElementById("deserted-count").textContent = deserted.length === 1
      ? "1 open table nobody has been at for a few minutes"
      : `${deserted.length} open tables nobody has been at for a few minutes`;
    for (const status of ["running", "over"]) drawList(status, lists[status]);
    const joinable = lists.open.filter((summary) => !summary.deserted && summary.seats.some((s) => s.kind === "empty")).length;
    const toTables = document.getElementById("to-tables");
    toTables.hidden = joinable === 0;
    toTables.firstElementChild.textContent = joinable === 1 ? "1 open table has a free seat ↓" : `${joinable} open tables have free seats ↓`;
  } catch (error) {
    // The server may be restarting; the next refresh will tell.
  }
}

// Tables this browser sits at or hosts, open or running, with a way back to each: a closed
// tab is not a lost game. Read from the tokens kept here, each table asked for by id (so
// invite-only ones too); a table the server no longer has is forgotten.
const MINE_SHOWN = 12;
const MINE_ASKED = 40; // tables asked about at most, per look
const MINE_EVERY_MS = 30_000;
// A finished table's seat token is kept a while ("Play again" needs it), then let go.
const FINISHED_KEPT_MS = 3 * 24 * 3600 * 1000;

function finishedLongAgo(table) {
  if (isLive(table)) return false;
  const seat = store.seat(table.id);
  return !seat || !seat.since || Date.now() - seat.since > FINISHED_KEPT_MS;
}

const finished = new Set(); // tables found over: not asked about again while this page lives

async function refreshMine() {
  const ids = store.tables().filter((id) => !finished.has(id)).slice(0, MINE_ASKED);
  const found = await Promise.all(ids.map(async (id) => {
    try {
      const table = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
      if (!isLive(table)) finished.add(id);
      if (finishedLongAgo(table)) store.forgetTable(id);
      return table;
    } catch (error) {
      if (error.status === 404) store.forgetTable(id); // expired, or never was
      return null;
    }
  }));
  const live = found
    .filter((table) => table && isLive(table))
    .sort((a, b) => (a.status === b.status ? b.version - a.version : a.status === "running" ? -1 : 1))
    .slice(0, MINE_SHOWN);
  document.getElementById("my-tables").replaceChildren(...live.map((table) => tableItem(table, true)));
  document.getElementById("mine").hidden = live.length === 0;
}

async function main() {
  nameInput.value = store.name();
  catalogue = await api("GET", "/api/games");
  for (const game of catalogue.games) {
    const counts = game.min_players === game.max_players
      ? `${game.min_players}` : `${game.min_players}–${game.max_players}`;
    gameSelect.append(el("option", { value: game.slug, text: `${game.title} (${counts} players)` }));
  }
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && catalogue.games.some((g) => g.slug === wanted)) gameSelect.value = wanted;
  gameSelect.addEventListener("change", showGame);
  showGame();
  await Promise.all([refreshTables(), refreshMine()]);
  setInterval(refreshTables, 4000);
  setInterval(refreshMine, MINE_EVERY_MS);
}

main();

// Small helpers shared by the pages: DOM building (text only, never HTML), the JSON API,
// and the secrets kept in this browser (seat and host tokens, per table).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function api(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(describeProblem(data) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.code = data && data.code; // the server's stable name for a refusal ("seat-taken")
    throw error;
  }
  return data;
}

function describeProblem(data) {
  if (!data) return "";
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) {
    return data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return "";
}

const PREFIX = "molehaven.";

export const store = {
  seat(tableId) {
    try {
      return JSON.parse(localStorage.getItem(`${PREFIX}seat.${tableId}`) || "null");
    } catch {
      return null;
    }
  },
  setSeat(tableId, seat, token) {
    // ``since``: when this browser sat down, so the lobby can let go of old finished tables.
    localStorage.setItem(`${PREFIX}seat.${tableId}`, JSON.stringify({ seat, token, since: Date.now() }));
  },
  forgetSeat(tableId) {
    localStorage.removeItem(`${PREFIX}seat.${tableId}`);
  },
  host(tableId) {
    return localStorage.getItem(`${PREFIX}host.${tableId}`);
  },
  setHost(tableId, token) {
    localStorage.setItem(`${PREFIX}host.${tableId}`, token);
  },
  // The tables this browser holds a seat or the host's token for, by id.
  tables() {
    const ids = new Set();
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) || "";
      for (const kind of ["seat.", "host."]) {
        if (key.startsWith(PREFIX + kind)) ids.add(key.slice(PREFIX.length + kind.length));
      }
    }
    return [...ids];
  },
  forgetTable(tableId) {
    localStorage.removeItem(`${PREFIX}seat.${tableId}`);
    localStorage.removeItem(`${PREFIX}host.${tableId}`);
  },
  name() {
    return localStorage.getItem(`${PREFIX}name`) || "";
  },
  setName(name) {
    localStorage.setItem(`${PREFIX}name`, name);
  },
};

// What every part of the page calls a seat: the server's label, which adds the seat's number
// to a name several seats share ("easy bot 3" at the third seat), so the seats list, the board,
// the log and the scores all name a player alike. Given the viewer's seat ``you``, that seat
// reads "… (you)". Seats are indices from 0 in the API and the notation; people count from 1.
export function seatNumber(seat) {
  return seat + 1;
}

export function seatLabel(table, seat, you = null) {
  if (seat === -1) return "Chance";
  if (seat === -2) return "Clock";
  const slot = table && table.seats[seat];
  const unnamed = `seat ${seatNumber(seat)}`;
  const name = !slot || slot.kind === "empty" ? unnamed : slot.label || slot.name || unnamed;
  return you !== null && you !== undefined && seat === you ? `${name} (you)` : name;
}

// Seat names in a sentence that this seat's own player reads: "You claim c", "Bea takes n from
// you", "You, King Mole, pick Lee", not "Ann (you) claims c". ``name(seat)`` names any other
// seat; ``subject`` starts a sentence, ``said`` stands inside one, ``verb`` agrees with the
// seat (``verb(seat, "claim", "claims")``), ``whose`` owns something.
export function sentenceNames(you, name) {
  const yours = (seat) => you !== null && you !== undefined && seat === you;
  return {
    subject: (seat) => (yours(seat) ? "You" : name(seat)),
    said: (seat) => (yours(seat) ? "you" : name(seat)),
    verb: (seat, mine, theirs) => (yours(seat) ? mine : theirs),
    whose: (seat) => (yours(seat) ? "Your" : `${name(seat)}'s`),
  };
}

// A table still gathering its players (before the host presses Start): the engine's state is
// already there (scores of 0, full supplies, a first round), but said as it stands it reads
// as a game under way.
export function notStarted(table) {
  return Boolean(table && table.status === "open");
}

// A seat nobody has taken yet at such a table: named "seat 1" as a player would be, it read as
// a player called that. It is said to be free, with the number the Seats list gives it.
export function freeSeat(table, seat) {
  const slot = notStarted(table) && table.seats && table.seats[seat];
  return Boolean(slot && slot.kind === "empty");
}

export function freeSeatLabel(seat) {
  return `Seat ${seatNumber(seat)} · free`;
}

// A sentence built from parts may start with a name or a lower-case line ("random bot goes
// for the Crown"): its first letter is a capital; the rest stays as it is.
export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// "1 turn", "20 turns": a count with its noun, as people read it (regular plurals).
export function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

// Names as a sentence lists them: "Ann", "Ann and Bea", "Ann, Bea and Cal".
export function andList(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
}

// An option's value as people read it: "on", "off", "last resort", "20".
export function formatValue(value) {
  if (value === true) return "on";
  if (value === false) return "off";
  return typeof value === "string" ? value.replaceAll("_", " ") : String(value);
}

// Of a game's ``options`` (its catalogue or guide entry's), those that ``chosen`` (a table's
// options) sets away from their defaults, in the game's order, each with its value: what makes
// a table's game its own.
export function changedOptions(options, chosen) {
  if (!options || !chosen) return [];
  return options
    .filter((option) => option.name in chosen && chosen[option.name] !== option.default)
    .map((option) => ({ option, value: chosen[option.name] }));
}

// "Rules: MC-11": the rules an option follows, as links into the game's rules page (null if
// it names none).
export function decisionLinks(option) {
  if (!option.decisions.length) return null;
  const links = option.decisions.map((id) => el("a", { href: `${option.rules_url}#${id}`, target: "_blank", rel: "noopener", text: id }));
  return el("span", { class: "decisions" }, " Rules:", ...links);
}

export function humanize(key) {
  return String(key).replace(/_/g, " ");
}

// A board drawn in a window that scrolls sideways (Die Maulwurf Company's layer, Mole
// Majority's meadow) marks the window's parent ``more-left`` / ``more-right`` while more of the
// board lies beyond that side, and its CSS draws a shade there: a board cut by the window's
// edge then reads as one to scroll rather than as the board's end.
// A box that scrolls on its own and holds nothing the keyboard reaches (the others' turn) is a
// Tab stop, so that a keyboard scrolls it too; one that does not scroll, or whose buttons take
// the focus (and scroll it into view), is none.
const REACHABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

export function tabStopWhileScrolling(node) {
  const scrolls = node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1;
  const stop = scrolls && !node.querySelector(REACHABLE);
  if (stop && node.tabIndex !== 0) node.tabIndex = 0;
  else if (!stop && node.hasAttribute("tabindex")) node.removeAttribute("tabindex");
}

export function markScrollEdges(view) {
  const more = view.scrollWidth - view.clientWidth;
  view.parentElement.classList.toggle("more-left", more > 1 && view.scrollLeft > 1);
  view.parentElement.classList.toggle("more-right", more > 1 && view.scrollLeft < more - 1);
}

// A board sized to the screen below its top (Mole Majority's meadow, The Mole's evidence
// column) must measure again whenever that top moves. The page's size tells most of it; not
// when a column beside the board is the longer one (a whole game's moves): the page then keeps
// its height while the result box unfolds above the board at the game's end, and the board kept
// the top measured before (its foot below the screen). So ``layoutWatcher(remeasure)`` calls
// ``remeasure`` when the page's body, or anything before the board or before one of its
// ancestors (padding and border included), changes size, and when any animation ends (the
// box's margin unfolds to its last frame after its size has stopped changing). It returns the
// function to call with the board's container on every drawing: it watches what lies above
// that container, once per container.
export function layoutWatcher(remeasure) {
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(() => remeasure()) : null;
  if (watch) watch.observe(document.body);
  document.addEventListener("animationend", () => remeasure());
  let watched = null;
  return (container) => {
    if (!watch || watched === container) return;
    watched = container;
    for (let node = container; node && node !== document.body; node = node.parentElement) {
      for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
        watch.observe(before, { box: "border-box" });
      }
    }
  };
}

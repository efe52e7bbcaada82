// A board drawn anew on every update (bots move several times a second) replaces the element
// a keyboard's focus was on: the focus fell back to the page's <body>, a screen reader went
// back to the page's top, and the next Tab started from there. ``keepFocus`` puts it back.

// What an element is for, the same in the next drawing: the move it plays (``data-action``), or
// a name its board gives it (``data-focus-key``: a legend's summary, a "Skip" button).
export function keyOf(node) {
  if (!node || !node.dataset) return null;
  if (node.dataset.action) return `action:${node.dataset.action}`;
  if (node.dataset.focusKey) return `key:${node.dataset.focusKey}`;
  return null;
}

function findKey(container, key) {
  for (const node of container.querySelectorAll("[data-action], [data-focus-key]")) {
    if (keyOf(node) === key) return node;
  }
  return null;
}

function focusable(node) {
  return Boolean(node) && !node.disabled && node.getAttribute("aria-disabled") !== "true" && node.isConnected
    && (node.tabIndex >= 0 || node.hasAttribute("tabindex"));
}

// Runs ``draw()`` (which replaces what ``container`` holds) and, if the focus was inside
// ``container``, puts it on the new element of the same key; when that is gone (the move was
// made, the prompt went away), on ``fallback(key)``'s element, a place in the board that says
// where the person is (a board waiting for the others). Returns what ``draw`` returned.
export function keepFocus(container, draw, fallback = () => null) {
  const active = document.activeElement;
  const inside = Boolean(active) && active !== container && container.contains(active);
  const key = inside ? keyOf(active) : null;
  const drawn = draw();
  const now = document.activeElement;
  if (!inside || (now && now !== document.body && now.isConnected)) return drawn;
  const same = key ? findKey(container, key) : null;
  const target = focusable(same) ? same : fallback(key);
  if (target && target.isConnected) target.focus({ preventScroll: true });
  return drawn;
}

// An element the focus may rest on that is no Tab stop (a prompt, a heading, the turn line):
// where it waits while nothing is offered, and what a screen reader then reads. Returns it.
export function focusPlace(node) {
  if (node && !node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
  return node;
}

// A board drawn as rows of targets (Mole Hill's squares and rods, Die Maulwurf Company's
// lattice) is one Tab stop moved with the arrow keys. ``targets`` are {x, y} on screen;
// ``readingOrder`` sorts them row by row from the top, each from the left.
export function readingOrder(targets) {
  return [...targets].sort((a, b) => a.y - b.y || a.x - b.x);
}

const SAME_ROW = 1; // screen units: the targets of one row share their y

// The target an arrow key goes to from ``from``: Left and Right along its row, else the nearest
// that way; Up and Down to the nearest row that way, to its target nearest ``column`` across
// (``lean(t, updown)``, a small amount, settles a tie); Home and End: the first and the last in
// reading order; null: none that way.
export function arrowTarget(targets, from, key, { column = from.x, lean = () => 0 } = {}) {
  const ordered = readingOrder(targets);
  if (key === "Home") return ordered[0];
  if (key === "End") return ordered[ordered.length - 1];
  const sideways = { ArrowLeft: -1, ArrowRight: 1 }[key];
  const updown = { ArrowUp: -1, ArrowDown: 1 }[key];
  const nearest = (list, score) => list.reduce((best, t) => (best === null || score(t) < score(best) ? t : best), null);
  if (sideways) {
    const ahead = targets.filter((t) => (t.x - from.x) * sideways > SAME_ROW);
    return nearest(ahead.filter((t) => Math.abs(t.y - from.y) < SAME_ROW), (t) => Math.abs(t.x - from.x))
      || nearest(ahead, (t) => Math.abs(t.x - from.x) + 3 * Math.abs(t.y - from.y));
  }
  if (updown) {
    const ahead = targets.filter((t) => (t.y - from.y) * updown > SAME_ROW);
    const row = nearest(ahead, (t) => Math.abs(t.y - from.y));
    if (!row) return null;
    return nearest(ahead.filter((t) => Math.abs(t.y - row.y) < SAME_ROW), (t) => Math.abs(t.x - column) + lean(t, updown));
  }
  return null;
}

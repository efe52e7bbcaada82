// The generic table view: any game's observation rendered readably from its JSON alone.
// Objects become definition lists, lists of records become tables, short lists a line of text.
import { el, humanize, seatLabel } from "./util.js";

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

function scalarText(value) {
  if (value === null) return "—";
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

export function renderValue(value, key, table, depth = 0) {
  if (isScalar(value)) {
    return value === null ? el("span", { class: "muted", text: "—" }) : document.createTextNode(scalarText(value));
  }
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted", text: "none" });
    if (value.every(isScalar)) return document.createTextNode(value.map(scalarText).join(", "));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      return recordTable(value, key, table, depth);
    }
    return el("ol", { start: "0" }, value.map((v) => el("li", {}, renderValue(v, key, table, depth + 1))));
  }
  const list = el("dl", { class: "obs" });
  const entries = Object.entries(value);
  if (!entries.length) return el("span", { class: "muted", text: "none" });
  for (const [name, inner] of entries) {
    list.append(el("dt", { text: humanize(name) }), el("dd", {}, renderValue(inner, name, table, depth + 1)));
  }
  return list;
}

function recordTable(rows, key, table, depth) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const perSeat = key === "seats" && table && rows.length === table.players;
  const head = el("tr", {}, el("th", { text: perSeat ? "seat" : "#" }), columns.map((c) => el("th", { text: humanize(c) })));
  const body = rows.map((row, index) =>
    el("tr", {},
      el("th", { text: perSeat ? seatLabel(table, index) : String(index) }),
      columns.map((c) => el("td", {}, c in row ? renderValue(row[c], c, table, depth + 1) : ""))));
  return el("div", { class: "scroll-x" }, el("table", { class: "data" }, el("thead", {}, head), el("tbody", {}, body)));
}

export function renderObservation(observation, table) {
  const list = el("dl", { class: "obs", "data-view": "observation" });
  for (const [key, value] of Object.entries(observation || {})) {
    if (key === "game") continue;
    list.append(el("dt", { text: humanize(key) }), el("dd", { "data-key": key }, renderValue(value, key, table)));
  }
  return list;
}

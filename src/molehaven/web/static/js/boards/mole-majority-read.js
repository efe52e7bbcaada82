// Reading Mole Majority's observations and legal actions for the drawn table: card words, the
// legal actions sorted by what a click does, and what changed between two observations, in
// words. Pure functions: no page, no rules.
import { seatLabel, sentenceNames } from "../util.js";

export function cardInfo(guide) {
  const cards = new Map();
  for (const card of (guide && guide.data && guide.data.cards) || []) cards.set(card.name, card);
  return cards;
}

export function cardTitle(cards, name) {
  return cards.has(name) ? cards.get(name).title : name;
}

// The seats whose count of ``key`` went down (or up) between two observations.
function seatsChanged(before, now, key, sign) {
  return (now.seats || []).map((entry, seat) => ((entry[key] - ((before.seats || [])[seat] || entry)[key]) * sign > 0 ? seat : null)).filter((seat) => seat !== null);
}

// Seat names in a sentence, this seat said to its own player: "You claim c", not "Ann
// claims c" to Ann; the others by their names, without "(you)".
function namer(table, you) {
  return sentenceNames(you, (seat) => seatLabel(table, seat));
}

// What changed since the last drawing, in words, read off the two observations. Several
// actions may lie between two drawings, so who did something is read off the supplies that
// changed, not off whose turn it is now.
export function changes(before, now, table, you = null) {
  if (!before || !now || !before.board || !now.board) return [];
  const said = [];
  const who = namer(table, you);
  const whom = (seats) => (seats.length ? ` by ${seats.map(who.said).join(" and ")}` : "");
  for (const [label, tile] of Object.entries(now.board)) {
    const old = before.board[label];
    if (!old || old.claim === tile.claim) continue;
    const claimant = tile.claim;
    const claims = claimant === null ? "" : `${who.subject(claimant)} ${who.verb(claimant, "claim", "claims")}`;
    if (old.claim === null) said.push(`${claims} ${label} (${tile.value} points).`);
    else if (claimant === null) said.push(`${who.whose(old.claim)} claim on ${label} returns: the tile is empty.`);
    else said.push(`${who.subject(claimant)} ${who.verb(claimant, "take", "takes")} ${label} (${tile.value}) from ${who.said(old.claim)}.`);
  }
  const homes = Object.entries(now.board)
    .filter(([label, tile]) => before.board[label] && before.board[label].token !== "none" && tile.token === "none")
    .map(([label]) => label);
  if (homes.length) said.push(`Home made on ${homes.join(", ")}${whom(seatsChanged(before, now, "home_tokens", 1))}: its Home Token is taken.`);
  const caved = (now.cave_ins || []).filter((edge) => !(before.cave_ins || []).includes(edge));
  if (caved.length) said.push(`Cave-In on ${caved.join(" and ")}${whom(seatsChanged(before, now, "cave_ins", -1))}.`);
  (now.seats || []).forEach((entry, seat) => {
    const old = (before.seats || [])[seat];
    if (old && !old.eliminated && entry.eliminated) said.push(`${who.subject(seat)} ${who.verb(seat, "have", "has")} no claim left and ${who.verb(seat, "are", "is")} eliminated.`);
  });
  return said;
}

function addTo(map, key, inner, action) {
  if (!map.has(key)) map.set(key, new Map());
  map.get(key).set(inner, action);
}

export function sortLegal(legal) {
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

// What the action would change, in words, and marks on the affected spaces.
export function previewWords(now, after, table, you = null) {
  const words = [];
  const who = namer(table, you);
  const gone = [];
  const turned = [];
  const converted = []; // whose mole each turned one was: a Convert takes a rival's
  for (const [label, tile] of Object.entries(after.board || {})) {
    const old = (now.board || {})[label];
    if (!old) continue;
    tile.spaces.forEach((owner, index) => {
      const before = old.spaces[index];
      if (before !== null && owner === null) gone.push(`${label}${index + 1}`);
      else if (before !== null && owner !== null && before !== owner) {
        turned.push(`${label}${index + 1}`);
        converted.push(`${who.whose(before)} mole on ${label}${index + 1}`);
      }
    });
    if (old.spaces.includes(null) && !tile.spaces.includes(null)) words.push(`fills ${label}`);
    if (old.claim !== tile.claim) {
      if (tile.claim === null) words.push(`${who.said(old.claim)} ${who.verb(old.claim, "lose", "loses")} the claim on ${label}`);
      else words.push(`${who.said(tile.claim)} ${who.verb(tile.claim, "claim", "claims")} ${label} (${tile.value})`);
    }
  }
  (after.seats || []).forEach((entry, seat) => {
    const old = (now.seats || [])[seat];
    if (old && !old.eliminated && entry.eliminated) words.push(`${who.said(seat)} ${who.verb(seat, "are", "is")} eliminated`);
  });
  return { words, gone, turned, converted };
}

// A stack as the buttons offered it: "stack twoplus" is "Number 2 +1", "stack convert step" is
// "Convert (+1 move or breed)", in the guide's words.
function stackTitle(stack, cards, convertStacks) {
  const [, name, mode] = stack.split(" ");
  const title = cardTitle(cards, name);
  return mode ? `${title} (${convertStacks[mode] || mode})` : title;
}

export function turnLine(obs, cards, table, convertStacks = {}, you = null) {
  const current = obs.current || {};
  if (!current.action || !["main", "bonus"].includes(obs.phase)) return null;
  const bits = [`${namer(table, you).subject(obs.active)} played ${cardTitle(cards, current.action)}`];
  if (current.number) bits[0] += ` with ${cardTitle(cards, current.number)} (roll ${current.roll_number}${current.roll_done ? ", rolled" : ""})`;
  bits.push(`steps ${current.steps}`, `bonus breeds ${current.bonus}`);
  if (current.converts) bits.push(`conversions ${current.converts}`);
  if (current.effect === "available") bits.push("Cave-In / Make A Home available");
  if ((current.stacked || []).length) bits.push(`stacked: ${current.stacked.map((stack) => stackTitle(stack, cards, convertStacks)).join(", ")}`);
  if (obs.phase === "bonus") bits.push("bonus breeds only now");
  return bits.join(" · ");
}

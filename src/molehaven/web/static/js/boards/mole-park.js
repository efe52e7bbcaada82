// The drawn Mole Park table (HTML and small SVG icons): the five holes, the prize stands, every
// player, your own hand, and one prompt for whatever you may do now. Every button carries one
// of this seat's legal actions; the words about dice and stands come from the game's guide
// (``public_data``) and what happened from the engine's own event sentences.
import { focusPlace, keepFocus } from "../focus.js";
import { andList, capitalize, counted, el, freeSeat, freeSeatLabel, notStarted, seatLabel, sentenceNames } from "../util.js";

export const stylesheet = "css/boards/mole-park.css";
// Each round's dice and whacks are told on the board (the reveal, then the round so far and the
// last round): the page draws no strip of the last moves (table.js ``renderRecent``).
export const ownRecentMoves = true;

const NS = "http://www.w3.org/2000/svg";
// A reveal shows its lines one after another, yet never far behind the game: lines that arrive
// together are all shown within REVEAL_MS (closer together when there are many), and this seat's
// next decision waits until they are (a prompt beside a reveal still under way would ask about
// what the reveal has not said yet). Lines that come while a decision is already asked are shown
// at once (the prompt does not go away under a finger). A click on the reveal shows it all.
const STEP_MS = 250; // between two lines of a reveal, at most
const REVEAL_MS = 1200; // lines that arrive together are all shown within this
const LINE_MS = 1600; // a line's highlight (the CSS animation mp-step)
const FADE_MS = 240; // a line's fading in: the first 15% of mp-step
const DICE_MS = 500; // a die rolling into view (mp-roll)
const STEP_WORDS = {
  setup: "Choosing King Mole",
  deal: "Dealing moles into the holes",
  declare: "Going for the Crown?",
  choose: "Everyone picks a die in secret",
  roll: "Rolling",
  whack: "Whacking",
  discard: "Discarding down to the hand limit",
  order: "King Mole orders a tie",
  take: "Prize draft",
  crown: "King Mole settles the Showdown",
  over: "Game over",
};
const WAITING_FOR = {
  declare: "to say whether they go for the Crown",
  choose: "to pick a die",
  discard: "to discard down to the hand limit",
  order: "to order the tied players",
  take: "to take a prize",
  crown: "to crown the Showdown's winner",
};

// The reveal on the table: its dice, when each line lights up, and whether it is still under
// way (``held``, until ``heldUntil``): meanwhile the table stands as it did before the dice came
// out (``before``, the observation drawn then) and this seat's next decision waits. The holes,
// hands, prizes and scores of the new observation already hold the round's outcome, which the
// reveal is about to tell line by line.
let revealShown = null;
let observationNow = null; // the latest observation given to this board
let observationBefore = null; // the one given before it
let decisionShown = null; // the decision whose prompt is on the table (``decisionKey``)
let holdTimer = null;
let holdTimerAt = null;
let redrawBoard = null; // draws the board again (the page's whole redraw, with the turn line)
let legendOpen = false;

// ------------------------------------------------------------------------ small drawings

// Sizes go through the CSSOM: the page's CSP refuses ``style`` attributes.
function sized(node, width, height) {
  node.style.width = `${width}px`;
  node.style.height = `${height}px`;
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

// One icon per die, drawn rather than typed: the machine may have no emoji font.
function dieIcon(key, size = 28) {
  const box = svg("svg", { viewBox: "0 0 32 32", width: size, height: size, class: `mp-icon mp-icon-${key}`, "aria-hidden": "true" });
  if (key === "glove") {
    box.append(
      svg("rect", { x: 6, y: 6, width: 20, height: 16, rx: 8, class: "mp-fill" }),
      svg("rect", { x: 3, y: 10, width: 7, height: 8, rx: 3.5, class: "mp-fill" }),
      svg("rect", { x: 10, y: 21, width: 13, height: 7, rx: 2, class: "mp-cuff" }),
    );
  } else if (key === "pan") {
    box.append(svg("circle", { cx: 13, cy: 14, r: 10, class: "mp-fill" }), svg("circle", { cx: 13, cy: 14, r: 6.5, class: "mp-inner" }), svg("rect", { x: 21, y: 20, width: 10, height: 4, rx: 2, transform: "rotate(35 21 20)", class: "mp-cuff" }));
  } else if (key === "mallet") {
    box.append(svg("rect", { x: 4, y: 4, width: 24, height: 11, rx: 3, class: "mp-fill" }), svg("rect", { x: 14, y: 14, width: 4, height: 16, rx: 2, class: "mp-cuff" }));
  } else {
    box.append(svg("polygon", { points: "16,2 20,12 31,12 22,19 25,30 16,23 7,30 10,19 1,12 12,12", class: "mp-fill" }));
  }
  return sized(box, size, size);
}

function crownIcon(size = 18) {
  return sized(svg("svg", { viewBox: "0 0 32 24", width: size, height: (size * 3) / 4, class: "mp-crown", "aria-hidden": "true" },
    svg("polygon", { points: "2,22 4,6 11,13 16,2 21,13 28,6 30,22" })), size, (size * 3) / 4);
}

function moleBack(small = false) {
  return el("span", { class: `mp-mole-back${small ? " small" : ""}`, "aria-hidden": "true" });
}

function moleCard(value) {
  return el("span", { class: `mp-mole v${value}`, title: `a ${value}-star mole` }, el("span", { class: "mp-mole-stars", text: `${value}★` }));
}

function face(text, small = false) {
  return el("span", { class: `mp-face${text === "x" ? " miss" : ""}${small ? " small" : ""}`, text });
}

// ------------------------------------------------------------------------ words

// Up to eight players: a colour per seat lets the eye follow one across holes, dice and cards.
function seatDot(seat) {
  return el("span", { class: `mp-seat-dot seat-${seat}`, "aria-hidden": "true" });
}

// The engine writes seats as "seat 3" (or "{s3}"); a person reads names.
function withNames(text, table, you) {
  return text
    .replace(/\{s(\d+)\}/g, (_, seat) => seatLabel(table, Number(seat), you))
    .replace(/\bseat (\d+)/g, (_, seat) => seatLabel(table, Number(seat), you))
    .replace(/pick order ([\d, ]+)$/, (_, seats) => `pick order: ${seats.split(", ").map((seat) => seatLabel(table, Number(seat), you)).join(", ")}`);
}

function listNames(seats, table, you) {
  return seats.map((seat) => seatLabel(table, seat, you)).join(", ");
}

function seatsList(seats, table, you) {
  return andList(seats.map((seat) => seatLabel(table, seat, you)));
}

// A tied Showdown (MP-33) as the engine tells it, from the tie to the end: every tied seat
// (``seats``), their score (``total``), the King Mole who settles it (``king``; the Crown then
// makes its winner King Mole), whether he was tied himself and so lost (``king_loses``), the
// seats he picks among (``finalists``) and his ``pick``. Null when the Showdown was not tied.
function tiedShowdown(obs) {
  const tie = obs.showdown_tie;
  return tie && Array.isArray(tie.seats) ? tie : null;
}

// The tie King Mole is asked to settle now: null once he has, or when he need not.
function tieToSettle(obs) {
  const tie = tiedShowdown(obs);
  return obs.step === "crown" && tie && tie.finalists.length ? tie : null;
}

// A die's title, faces and words from the game's data; the prize die's words name what a table's
// prizes add (MP-8: all of them, or the best one only), as its observation says.
function dieInfo(guide, key, obs) {
  const data = (guide && guide.data) || {};
  const die = (data.dice || []).find((entry) => entry.key === key) || { key, title: key, faces: [], hint: "" };
  const hint = key === "prize" && data.prize_hints && obs && data.prize_hints[obs.prize_value];
  return hint ? { ...die, hint } : die;
}

// What a player's won prizes add to a total, in words: all of them, or the best one (MP-8).
function prizesWord(obs, whose) {
  return obs.prize_value === "highest" ? `${whose} best prize` : "prizes";
}

function standInfo(guide, key, value) {
  const stands = (guide && guide.data && guide.data.stands) || [];
  return stands.find((stand) => stand.key === key) || { key, name: key, alias: "", value };
}

function stars(values) {
  return values.reduce((sum, value) => sum + value, 0);
}

// ------------------------------------------------------------------------ buttons

function actionButton(action, context, className, ...children) {
  return el("button", {
    type: "button",
    class: `mp-choice ${className || ""}`.trim(),
    "data-action": action,
    disabled: context.pending,
    onclick: () => context.onAction(action),
  }, ...children);
}

// ------------------------------------------------------------------------ the prompt

// What is asked of this seat, in a few words: the prompt's title, and the turn line above the
// table (``turn``).
function promptTitle(verbs, obs, me) {
  if (verbs.has("declare")) return "Go for King Mole's Crown?";
  if (verbs.has("glove") || verbs.has("prize")) return "Pick your die for this round — in secret";
  if (verbs.has("discard")) return `Discard down to ${counted(obs.hand_limit, "mole")}`;
  if (verbs.has("order")) return "A tie in the prize draft: you decide";
  if (verbs.has("take")) return `Take a prize worth up to ${obs.draft ? obs.draft.total : me.total}★`;
  if (verbs.has("crown")) return "The Showdown is tied: crown the winner";
  return "Your move";
}

export function turn({ observation: obs, legal, you }) {
  if (!obs || !Array.isArray(obs.seats)) return null;
  // Asked before the board is drawn: the reveal is brought up to date here too. While it plays,
  // the line above the table says no more than the table does (not who is to move next).
  if (staged(obs, legal, false, performance.now()).shown.held) return { you: false, text: "The dice are out…", asked: "" };
  if (!legal || !legal.length || you === null || you === undefined) return null;
  const title = promptTitle(new Set(legal.map((action) => action.split(" ")[0])), obs, obs.seats[you] || {});
  return { you: true, text: "Your move", asked: title.endsWith("?") ? title : `${title}.` };
}

// The table as it stood before the dice while a reveal plays, else null: the page holds back
// what would tell the round's outcome before the reveal does (the result box, the scores, the
// moves as buttons) until the board has caught up and redraws the page.
export function stillShowing({ observation: obs, legal }) {
  if (!obs || !Array.isArray(obs.seats)) return null;
  const { shown, table } = staged(obs, legal, false, performance.now());
  return shown.held ? table : null;
}

function promptFor(context, obs) {
  const { legal, table, you, guide } = context;
  if (!legal || !legal.length) return null;
  const verbs = new Set(legal.map((action) => action.split(" ")[0]));
  const me = obs.seats[you] || {};
  const hand = obs.hand || [];
  const box = (title, text, ...choices) => el("section", { class: "mp-prompt", "aria-label": "Your move" },
    el("h3", { text: title }), text ? el("p", { text }) : null, ...choices);

  if (verbs.has("declare")) {
    const base = stars(hand) + me.prize_stars;
    const crown = (guide && guide.data && guide.data.crown_stars) || 40;
    // MP-13 offers the Crown on what everyone sees (5 stars a mole); your own hand may fall
    // short even with a 6. Said as a fact on the button; the choice stays yours.
    const shortfall = base + 6 < crown
      ? el("span", { class: "mp-note", text: `Even a 6 gives ${base + 6}★; the Crown needs ${crown}★.` })
      : null;
    return box(promptTitle(verbs, obs, me),
      `Your moles (${stars(hand)}★) and ${prizesWord(obs, "your")} (${me.prize_stars}★) plus the prize die (1–6) give between ${base + 1} and ${base + 6} stars. ` +
      "Declare and you must roll the prize die this round: reach 40 and you win the Crown (if another declarer reaches 40 too, you play a Showdown); " +
      "miss and you get nothing and your moles are gone. Declarations are public and final.",
      el("div", { class: "mp-choices two" },
        actionButton("declare", context, "mp-declare", el("strong", { text: "Go for the Crown!" }), el("span", { text: "declare: roll the prize die for 40" }), shortfall),
        actionButton("pass", context, "mp-pass", el("strong", { text: "Not this round" }), el("span", { text: "pass: pick a die as usual" }))));
  }
  if (verbs.has("glove") || verbs.has("prize")) {
    const cards = ["glove", "pan", "mallet", "prize"].map((key) => {
      const die = dieInfo(guide, key, obs);
      const body = [
        el("span", { class: "mp-choice-head" }, dieIcon(key, 34), el("strong", { text: die.title })),
        el("span", { class: "mp-faces" }, die.faces.map((f) => face(f, true))),
        el("span", { class: "mp-hint", text: die.hint }),
      ];
      if (legal.includes(key)) return actionButton(key, context, `mp-die mp-die-${key}`, ...body);
      return el("div", { class: `mp-choice mp-die mp-die-${key} unavailable`, "aria-disabled": "true" }, ...body,
        el("span", { class: "mp-note", text: "Not now: you hold no mole." }));
    });
    return box(promptTitle(verbs, obs, me),
      "The others see only “chosen” until everyone has picked; then all dice are rolled together. A number is the hole the die whacks; x misses.",
      el("div", { class: "mp-choices dice" }, cards));
  }
  if (verbs.has("discard")) {
    const limit = obs.hand_limit;
    const values = legal.map((action) => Number(action.split(" ")[1]));
    return box(promptTitle(verbs, obs, me),
      `You hold ${hand.length} moles; the hand limit is ${limit}. Discard ${hand.length - limit} of your choice, one at a time: the others only learn that you discarded a mole.`,
      el("div", { class: "mp-choices" }, values.map((value) =>
        actionButton(`discard ${value}`, context, "mp-discard", moleCard(value),
          el("span", { text: `Discard a ${value}★ (you hold ${hand.filter((v) => v === value).length})` })))));
  }
  if (verbs.has("order")) {
    const draft = obs.draft || { pickers: [], total: 0 };
    const last = draft.king_picks_last ? " You, King Mole, tied with them too and pick after them." : "";
    return box(promptTitle(verbs, obs, me),
      `${capitalize(listNames(draft.pickers, table, you))} all have ${draft.total}★. As King Mole, choose the order in which they pick.${last}`,
      el("div", { class: "mp-choices list" }, legal.map((action) => {
        const order = action.split(" ").slice(1).map(Number);
        return actionButton(action, context, "mp-order", el("span", { text: order.map((seat) => seatLabel(table, seat, you)).join(" → ") }));
      })));
  }
  if (verbs.has("take")) {
    const total = obs.draft ? obs.draft.total : me.total;
    return box(promptTitle(verbs, obs, me),
      `Your total this round is ${total}★. Take one face-up prize within reach; its stars add to your future totals. The card under it stays face down until the round ends.`,
      el("div", { class: "mp-choices list" }, legal.map((action) => {
        const key = action.split(" ")[1];
        const stand = standInfo(guide, key, obs.stands[key] && obs.stands[key].value);
        return actionButton(action, context, `mp-take stand-${key}`, el("strong", { text: `${stand.value}★` }), el("span", { text: stand.name }));
      })));
  }
  if (verbs.has("crown")) {
    const tie = tieToSettle(obs);
    const tied = tie ? `${capitalize(seatsList(tie.finalists, table, you))} are tied at ${tie.total}★ in the Showdown. ` : "";
    return box(promptTitle(verbs, obs, me),
      `${tied}As King Mole you decide which of them wins King Mole's Crown and the game.`,
      el("div", { class: "mp-choices list" }, legal.map((action) =>
        actionButton(action, context, "mp-crown-pick", crownIcon(), el("span", { text: seatLabel(table, Number(action.split(" ")[1]), you) })))));
  }
  // An action this page does not know yet still gets a plain button.
  return box(promptTitle(verbs, obs, me), null, el("div", { class: "mp-choices list" }, legal.map((action) => actionButton(action, context, "", action))));
}

// In the prompt's place while the reveal plays: this seat acts next, once it has been shown.
function holdingLine(reveal) {
  return el("div", { class: "mp-holding", role: "status" },
    el("span", { text: `${revealTitle(reveal, true)}. Your move comes after the reveal below.` }),
    el("button", { type: "button", class: "mp-skip", "data-skip-reveal": "", "data-focus-key": "mp-skip", text: "Skip ▸", onclick: skipReveal }));
}

function waitingLine(context, obs) {
  const { table, you } = context;
  // After the end the page says who won and why, above the board (the server's words); the
  // board marks the winners among the players.
  if (obs.step === "over") return null;
  const movers = (obs.to_move || []).filter((seat) => seat !== you);
  if (!movers.length || context.legal.length) return null;
  const tie = tieToSettle(obs);
  if (tie) {
    const whom = tie.finalists.map(sentenceNames(you, (seat) => seatLabel(table, seat, you)).said).join(" or ");
    return el("p", { class: "mp-waiting mp-waiting-crown" }, crownIcon(),
      ` The Showdown is tied at ${tie.total}★. King Mole ${seatLabel(table, tie.king, you)} picks the winner of the Crown and the game: ${whom}.`);
  }
  return el("div", { class: "mp-waiting-box" }, ownPick(context, obs),
    el("p", { class: "mp-waiting", text: `Waiting for ${listNames(movers, table, you)} ${WAITING_FOR[obs.step] || ""}`.trim() }));
}

// This seat's own die while the others still pick, said where it waits: the prompt is gone,
// and the only other sign of the pick is a small icon far down among the players (a phone's
// screen away), so a player could not check the die it picked in secret.
function ownPick(context, obs) {
  const { you, guide } = context;
  const me = you === null || you === undefined ? null : obs.seats[you];
  if (obs.step !== "choose" || !me || !me.die || me.die === "not yet" || me.die === "chosen") return null;
  if (me.declared) {
    return el("p", { class: "mp-your-pick" }, dieIcon("prize", 22), " You go for the Crown: you roll the prize die this round.");
  }
  return el("p", { class: "mp-your-pick" }, dieIcon(me.die, 22), ` You picked the ${dieInfo(guide, me.die).title}. The others see only “chosen” until everyone has picked.`);
}

// ------------------------------------------------------------------------ the table

function statusBar(context, obs, playing) {
  const { table, you } = context;
  // Before the start, what a table being set up has is the game's length.
  if (notStarted(table)) {
    return el("div", { class: "mp-status board-info", "data-open": "" },
      el("span", {}, el("strong", { text: "Not started yet" }), ` · up to ${counted(obs.round_limit, "round")}`),
      el("span", { class: "mp-step", text: "King Mole is drawn at the start" }),
      el("span", { text: `Deck ${obs.deck}` }));
  }
  return el("div", { class: "mp-status board-info" },
    el("span", {}, el("strong", { text: `Round ${obs.round}` }), ` of ${obs.round_limit}`),
    el("span", { class: "mp-step", text: playing ? STEP_WORDS.roll : STEP_WORDS[obs.step] || obs.step }),
    obs.king === null ? null : el("span", { class: "mp-king" }, crownIcon(), ` King Mole: ${seatLabel(table, obs.king, you)}`),
    el("span", { text: `Deck ${obs.deck} · Discard pile ${obs.discard}` }));
}

// The round whose dice are face up now: this one once rolled, else the one before. In a Showdown
// the dice face up are the competitors' four each (``showdown``; the round's own rolls are
// gone from the observation). Its ``lines`` are the round's events, each keyed by its place in
// the round (``e3``): lines told later, as King Mole's pick after a tie, light up on their own.
function revealedRound(obs) {
  const dice = obs.seats.map((seat) => ({ die: seat.die, roll: seat.roll }));
  if (obs.showdown) return { round: obs.round, dice, showdown: obs.showdown, lines: eventLines(obs.events), current: true };
  const rolled = obs.seats.some((seat) => seat.roll !== null);
  if (rolled || obs.step === "over") return { round: obs.round, dice, lines: eventLines(obs.events), current: true };
  const last = obs.last_round_dice || [];
  if (!last.some((entry) => entry.die)) return null;
  return { round: obs.round - 1, dice: last, lines: eventLines(obs.last_round_events || []), current: false };
}

// A round's events as the table lists them: the declarations worded by pass (``readDeclarations``),
// then a run of identical lines as one (``groupLines``). Each line is keyed by the events it
// stands for (``e3``, ``e3-e5``): a run that grows is a new line, lit up as such.
function eventLines(events) {
  return groupLines(readDeclarations(events));
}

// The declarations come in two passes (MP-14): the opening pass stops at the first declaration,
// after which every other eligible seat answers once, those that passed already included. The
// engine says "does not go for the Crown" in both, so a seat that passed twice read as a line
// written twice: an answer in the response pass says whose declaration it answers. Read from the
// order of the engine's own lines; a sentence this does not know is left as it is.
function readDeclarations(events) {
  const passed = new Set();
  let bidder = null;
  return events.map((text) => {
    const declared = /^seat (\d+) goes for the Crown!$/.exec(text);
    if (declared && bidder === null) bidder = declared[1];
    const pass = /^seat (\d+) does not go for the Crown$/.exec(text);
    if (!pass) return text;
    const seat = pass[1];
    if (bidder === null) {
      passed.add(seat);
      return text;
    }
    return passed.has(seat)
      ? `seat ${seat}, asked again once seat ${bidder} went for it, still does not go for the Crown`
      : `seat ${seat}, asked once seat ${bidder} went for it, does not go for the Crown`;
  });
}

// "Random bot 4 discarded a mole" three times over says no more than once with a count.
function groupLines(texts) {
  const lines = [];
  texts.forEach((text, index) => {
    const last = lines[lines.length - 1];
    if (last && last.text === text) {
      last.last = index;
      last.count += 1;
    } else {
      lines.push({ first: index, last: index, count: 1, text });
    }
  });
  return lines.map(({ first, last, count, text }) => ({
    key: count > 1 ? `e${first}-e${last}` : `e${first}`,
    text: count > 1 ? repeatedLine(text, count) : text,
  }));
}

// A repeated line with its count: "discarded 3 moles" where the engine said "discarded a mole",
// else the line with "×3" after it.
function repeatedLine(text, count) {
  return / discarded a mole$/.test(text) ? text.replace(/ a mole$/, ` ${count} moles`) : `${text} ×${count}`;
}

// What identifies a reveal's dice: a new key is a new reveal, played from its dice.
function revealKey(reveal) {
  if (!reveal) return "";
  const dice = reveal.showdown
    ? reveal.showdown.map((entry) => `${entry.seat}:${Object.values(entry.rolls).join("")}`)
    : reveal.dice.map((d) => `${d.die}${d.roll}`);
  return `${reveal.round}:${reveal.showdown ? "showdown:" : ""}${dice.join(",")}`;
}

function revealTitle(reveal, playing) {
  if (reveal.showdown) return `Round ${reveal.round}: Showdown for the Crown`;
  return reveal.current || playing ? `Round ${reveal.round}: the dice are out` : `Last round (${reveal.round})`;
}

// ``playing``: the reveal is under way and ``obs`` is the table from before its dice, on
// which they land.
function holesView(context, obs, reveal, playing) {
  const { guide, table, you } = context;
  const dice = (guide && guide.data && guide.data.dice) || [];
  const landed = new Map(); // hole number → the dice that rolled it, this round
  if (reveal && (reveal.current || playing) && !obs.showdown) {
    reveal.dice.forEach((entry, seat) => {
      if (entry.die && entry.die !== "prize" && entry.roll && entry.roll !== "x") {
        const key = Number(entry.roll);
        if (!landed.has(key)) landed.set(key, []);
        landed.get(key).push({ seat, die: entry.die });
      }
    });
  }
  const holes = obs.holes.map((count, index) => {
    const number = index + 1;
    const backs = Array.from({ length: Math.min(count, 8) }, () => moleBack());
    const hitBy = dice.filter((die) => die.key !== "prize" && die.faces.includes(String(number)));
    // Which dice can reach the hole is a fact about the hole, like its number, and sits with it,
    // worded and faint; the dice that landed there this round are players' picks, in white tiles
    // framed in their players' colours under the moles. Right above those tiles, the same icons
    // in the same white read as more dice that landed.
    const reach = hitBy.map((die) => dieInfo(guide, die.key).title).join(", ");
    return el("li", { class: "mp-hole", "data-hole": number },
      el("span", { class: "mp-hole-number", text: `Hole ${number}` }),
      el("span", { class: "mp-hit-by", role: "img", title: `Dice with a ${number} on a face: ${reach}`, "aria-label": `reached by ${reach}` },
        el("span", { class: "mp-hit-by-label", "aria-hidden": "true", text: "reached by" }),
        el("span", { class: "mp-hit-by-icons" }, hitBy.map((die) => dieIcon(die.key, 14)))),
      el("span", { class: "mp-mound" }, backs, count > 8 ? el("span", { class: "mp-more", text: `+${count - 8}` }) : null),
      // Before the start no mole is dealt yet: "0 moles" in every hole read as a game under way.
      notStarted(table) && !count
        ? el("span", { class: "mp-count empty", text: "empty" })
        : el("span", { class: "mp-count", text: `${count} mole${count === 1 ? "" : "s"}` }),
      (landed.get(number) || []).length
        ? el("span", { class: "mp-landed" }, landed.get(number).map((hit) => {
          const name = seatLabel(table, hit.seat, you);
          const die = dieInfo(guide, hit.die).title;
          return el("span", { class: `mp-landed-die seat-${hit.seat}`, title: `${name}: ${die}`, "aria-label": `${name}: ${die}`, "data-seat": hit.seat },
            dieIcon(hit.die, 16), seatDot(hit.seat),
            el("span", { class: "mp-landed-name", text: name }),
            el("span", { class: "mp-landed-short", "aria-hidden": "true", text: shortName(name, you !== null && you !== undefined && hit.seat === you) }));
        }))
        : null);
  });
  // With many players a hole may hold four dice or more: on a phone each die then shows a short
  // tag in its player's colour, not a full name (four names stacked made every hole about 280 px
  // tall). The full names are in the reveal's list of dice just above, and in each tag's title.
  const most = Math.max(0, ...[...landed.values()].map((hits) => hits.length));
  const crowded = obs.seats.length >= 6 || most >= 3;
  return el("section", { class: "mp-area", "aria-label": "Mole holes" },
    el("h3", { text: "Mole holes" }),
    el("ol", { class: `mp-holes${crowded ? " crowded" : ""}` }, holes));
}

// A tag a few letters wide for a die on a crowded hole: "you" for this seat, else the first
// letter of each word and any number whole ("random bot 4" → "rb4"), or the first three
// letters of a one-word name ("Jasper" → "Jas"). Tags may clash; the colour and the title tell.
function shortName(name, mine) {
  if (mine) return "you";
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 1) return /^\d+$/.test(words[0]) ? words[0] : words[0].slice(0, 3);
  return words.map((word) => (/^\d+$/.test(word) ? word : word.charAt(0))).join("");
}

function standsView(context, obs) {
  const { guide } = context;
  const cards = Object.entries(obs.stands).map(([key, stand]) => {
    const info = standInfo(guide, key, stand.value);
    let top;
    if (stand.face_up) top = el("span", { class: "mp-prize-card", text: `${stand.value}★` });
    else if (stand.face_down) top = el("span", { class: "mp-prize-card taken", text: "taken" });
    else top = el("span", { class: "mp-prize-card gone", text: "empty" });
    return el("li", { class: `mp-stand stand-${key}${stand.face_up ? "" : " down"}`, "data-stand": key },
      el("span", { class: "mp-stand-name", text: info.name }),
      top,
      el("span", { class: "mp-band", text: `total ${stand.value}+` }),
      el("span", { class: "mp-left", text: `${stand.face_down} face down` }));
  });
  return el("section", { class: "mp-area", "aria-label": "Prize stands" }, el("h3", { text: "Prize stands" }), el("ol", { class: "mp-stands" }, cards));
}

function dieStatus(entry) {
  if (entry.die === null) return null;
  if (entry.die === "not yet") return el("span", { class: "mp-die-status waiting", text: "choosing…" });
  if (entry.die === "chosen") return el("span", { class: "mp-die-status chosen", text: "chosen ✓" });
  return el("span", { class: "mp-die-status shown" }, dieIcon(entry.die, 18), entry.roll === null ? " to roll" : null, entry.roll !== null ? face(entry.roll, true) : null);
}

// After the end, the winners' own mark on their places at the table (who won and why is said
// once, above the board): the Crown, which the final scores count as a 40★ prize (MP-36), or
// the win on prize stars. The engine names the Crown's winner (``crowned``): its event
// sentences are words for people, which may change.
function wonMark(obs, seat) {
  const winners = obs.step === "over" ? obs.winners || [] : [];
  if (!winners.includes(seat)) return null;
  // (The crown beside the name already marks King Mole: the badge says it in words.)
  if (obs.crowned === seat) return el("span", { class: "mp-badge won crowned", title: "The Crown counts as a 40★ prize in the final scores.", text: "won King Mole's Crown (+40★)" });
  return el("span", { class: "mp-badge won", text: winners.length > 1 ? "shares the win" : "wins" });
}

// Where a seat's bid for the Crown stands, from the engine's own facts (declared, cashed in, a
// Showdown competitor, crowned): "going for the Crown!" only until the dice have told. Kept
// after that, it would leave a finished table reading as if the Crown were still to be played
// for. Null for a seat that did not declare.
function bidStage(obs, seat, entry) {
  if (!entry.declared) return null;
  if (entry.total === null) return "bidding";
  if (obs.crowned === seat) return "crowned";
  if ((obs.showdown || []).some((row) => row.seat === seat)) return obs.step === "over" ? "lost" : "showdown";
  return "missed";
}

// The badge of a seat's bid; none once crowned (its won mark says so).
function crownMark(obs, seat, entry) {
  // Who may declare is fixed as the declarations open; once they are over it is history.
  if (!entry.declared) return entry.may_declare && obs.step === "declare" ? el("span", { class: "mp-badge", text: "may go for the Crown" }) : null;
  const stage = bidStage(obs, seat, entry);
  const words = {
    bidding: "going for the Crown!",
    showdown: "in the Showdown for the Crown",
    lost: "lost the Showdown",
    missed: "missed the Crown",
  }[stage];
  return words ? el("span", { class: `mp-badge crown-bid ${stage}`, text: words }) : null;
}

// What a declarer's cash-in led to, after its total.
function bidOutcome(obs, seat, entry) {
  return {
    crowned: obs.showdown ? ", into the Showdown" : ", enough for the Crown",
    showdown: ", into the Showdown",
    lost: ", into the Showdown",
    missed: ", short of the Crown",
  }[bidStage(obs, seat, entry)] || "";
}

// ``diceOut``: while a reveal plays, its dice, shown beside their players (the first thing it
// shows) on the table from before them, where nobody is to move meanwhile.
function playersView(context, obs, diceOut) {
  const { table, you, guide } = context;
  const movers = new Set(diceOut ? [] : obs.to_move || []);
  const cards = obs.seats.map((entry, seat) => {
    const prizes = entry.prizes.map((key) => el("span", { class: `mp-chip stand-${key}`, title: standInfo(guide, key).name, text: `${(obs.stands[key] || {}).value}★` }));
    const won = wonMark(obs, seat);
    // Before the start "0 moles in hand · 0★ from prizes" on every card read as a game under
    // way with nobody ahead: a card then names who sits there, nothing more.
    const open = notStarted(table);
    const free = freeSeat(table, seat);
    return el("li", { class: `mp-player${seat === you ? " you" : ""}${movers.has(seat) ? " to-move" : ""}${won ? " won" : ""}${free ? " free" : ""}`, "data-seat": seat },
      el("span", { class: "mp-player-name" }, seatDot(seat), seat === obs.king ? crownIcon(16) : null, free ? freeSeatLabel(seat) : seatLabel(table, seat, you)),
      won,
      open ? null : el("span", { class: "mp-player-hand", title: "moles in hand (face down)" },
        el("span", { class: "mp-backs" }, Array.from({ length: Math.min(entry.hand_size, 8) }, () => moleBack(true))),
        el("span", { text: `${entry.hand_size} mole${entry.hand_size === 1 ? "" : "s"} in hand` })),
      open ? null : el("span", { class: "mp-player-stars", text: `${entry.prize_stars}★ from ${prizesWord(obs, "the")}` }),
      prizes.length ? el("span", { class: "mp-chips" }, prizes) : null,
      obs.showdown ? null : dieStatus(diceOut ? diceOut[seat] : entry), // the Showdown panel shows its own dice
      crownMark(obs, seat, entry),
      entry.total !== null ? el("span", { class: "mp-total", text: `cashed in ${entry.laid_down.length ? `moles ${entry.laid_down.join(" ")}` : "no moles"}: total ${entry.total}★${bidOutcome(obs, seat, entry)}` }) : null);
  });
  return el("section", { class: "mp-area", "aria-label": "Players" }, el("h3", { text: "Players" }), el("ol", { class: "mp-players" }, cards));
}

function handView(obs, table) {
  if (!Array.isArray(obs.hand)) return null;
  const hand = obs.hand;
  // Before the start, "0 moles · you must whack before you win" read as a game under way with
  // this seat already behind: what a seated player learns then is how a hand fills.
  if (notStarted(table)) {
    return el("section", { class: "mp-area mp-your-hand", "aria-label": "Your hand", "data-open": "" },
      el("h3", { text: "Your hand" }),
      el("p", { class: "muted", text: `Empty at the start: the moles you whack come into it, and you keep up to ${obs.hand_limit}.` }));
  }
  const over = obs.step === "over";
  if (over && !hand.length) return null;
  const moles = `${hand.length} mole${hand.length === 1 ? "" : "s"}, ${stars(hand)}★`;
  return el("section", { class: `mp-area mp-your-hand${over ? " over" : ""}`, "aria-label": "Your hand" },
    el("h3", { text: over ? `Left in your hand at the end: ${moles}` : `Your hand: ${moles} (limit ${obs.hand_limit})` }),
    hand.length ? el("div", { class: "mp-hand" }, hand.map(moleCard)) : el("p", { class: "muted", text: "No moles in hand: you must whack before you win." }));
}

function showdownView(context, obs) {
  if (!obs.showdown) return null;
  const { table, you } = context;
  const tie = tiedShowdown(obs);
  const settling = tieToSettle(obs);
  const mark = (seat) => {
    if (obs.crowned === seat) return el("span", { class: "mp-badge showdown-won", text: tie && tie.pick === seat ? "King Mole's pick: wins the Crown" : "wins the Crown" });
    if (!tie || !tie.seats.includes(seat)) return null;
    if (tie.king_loses && seat === tie.king) return el("span", { class: "mp-badge tied lost", text: "tied: King Mole loses ties" });
    if (settling) return el("span", { class: "mp-badge tied", text: "tied: King Mole picks" });
    return el("span", { class: "mp-badge tied lost", text: "tied: not picked" });
  };
  // Every tied seat the Crown did not go to stays marked, after the end too: the scores alone
  // would not say why the others lost.
  const tied = (seat) => tie !== null && tie.seats.includes(seat) && obs.crowned !== seat;
  const rows = obs.showdown.map((entry) => el("li", { class: `mp-showdown-row${tied(entry.seat) ? " tied" : ""}${obs.crowned === entry.seat ? " crowned" : ""}`, "data-seat": entry.seat },
    el("strong", {}, seatDot(entry.seat), seatLabel(table, entry.seat, you)),
    el("span", { class: "mp-showdown-dice" }, Object.entries(entry.rolls).map(([key, roll]) => el("span", { class: "mp-landed-die" }, dieIcon(key, 16), roll === null ? "…" : face(roll, true)))),
    el("span", { text: `moles ${entry.moles.join(" ") || "none"}` }),
    el("span", { class: "mp-total", text: entry.total === null ? "" : `score ${entry.total}` }),
    mark(entry.seat)));
  return el("section", { class: "mp-area mp-showdown", "aria-label": "Showdown for the Crown" },
    el("h3", { text: "Showdown for the Crown" }),
    el("p", { class: "muted", text: "Each competitor rolls all four dice; every whacking die claims its hole on its own. Showdown score = moles whacked now + prize die; the best takes the Crown." }),
    el("ol", {}, rows));
}

// Each redraw (bots move many times a second) rebuilds the page: an animation under way is
// resumed where it was by a negative delay, from the time it started.
function animateFrom(node, start, now, duration) {
  if (now >= start + duration) return;
  node.classList.add("animate");
  node.style.animationDelay = `${(start - now) / 1000}s`;
}

// Whether the reveal is shown at rest, all at once: in a replay, on a page opened after it came,
// in a tab nobody looks at, and for a person who asked their system for less motion.
function revealAtRest(replaying) {
  return replaying || document.hidden || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// One decision of this seat: the same one while its prompt stays (others' moves come and go).
function decisionKey(obs, legal) {
  return legal && legal.length ? `${obs.round}|${obs.step}|${legal.join(",")}` : null;
}

// Brings the reveal up to date with ``obs`` (``stageReveal``), and says which observation the
// table shows: the one from before the dice while the reveal plays, else ``obs``. Called by
// ``turn`` and ``render`` for the same observation, so the turn line, the prompt and the table
// agree on whether the reveal still plays.
function staged(obs, legal, replaying, now) {
  if (obs !== observationNow) {
    observationBefore = observationNow;
    observationNow = obs;
  }
  const decision = decisionKey(obs, legal);
  const shown = stageReveal(revealedRound(obs), replaying, decision !== null && decision === decisionShown, now, observationBefore);
  return { shown, decision, table: shown.held && shown.before ? shown.before : obs };
}

// Brings ``revealShown`` up to date with the round's dice and lines: a new line lights up after
// the one before, yet within REVEAL_MS of its arrival, unless this seat is already ``asking``
// (its prompt is on the table: the line is shown at once). ``starts`` holds each line's start
// by its key, so that lines told after the others (King Mole's pick) light up on their own.
// The reveal keeps ``before``, the observation drawn before what it is about to tell: before its
// dice came out, or before lines that come once it has been shown (the pick after the tie).
function stageReveal(reveal, replaying, asking, now, before) {
  if (!reveal) {
    // Nothing face up (the page opened before the first roll): the next reveal is played.
    revealShown = revealShown || { diceKey: "", diceStart: -Infinity, starts: new Map(), held: false, heldUntil: -Infinity };
    return revealShown;
  }
  const diceKey = revealKey(reveal);
  const still = revealAtRest(replaying);
  if (!revealShown || revealShown.diceKey !== diceKey) {
    // A reveal already on the table when the page opens is shown at rest, and so is one that
    // comes while this seat's prompt is up.
    const atRest = still || asking || revealShown === null;
    const starts = new Map(atRest ? reveal.lines.map((line) => [line.key, -Infinity]) : []);
    revealShown = { diceKey, diceStart: atRest ? -Infinity : now, starts, held: false, heldUntil: -Infinity, before };
  }
  const shown = revealShown;
  const fresh = reveal.lines.filter((line) => !shown.starts.has(line.key));
  if (fresh.length) {
    if (shown.heldUntil <= now) shown.before = before;
    const first = Math.max(now, Math.max(shown.diceStart, ...shown.starts.values()) + STEP_MS);
    fresh.forEach((line, index) => {
      shown.starts.set(line.key, still || asking ? -Infinity : Math.min(first + index * STEP_MS, now + ((index + 1) * REVEAL_MS) / fresh.length));
    });
  }
  if (still) {
    // A reveal under way when the tab is hidden or a replay begins is shown at rest too: the
    // table and the decision it held need not wait for what nobody watches.
    shown.diceStart = -Infinity;
    for (const key of shown.starts.keys()) shown.starts.set(key, -Infinity);
    shown.held = false;
  }
  const until = Math.max(shown.diceStart + DICE_MS, ...reveal.lines.map((line) => shown.starts.get(line.key) + FADE_MS));
  if (until > now && until > shown.heldUntil) {
    shown.held = true;
    shown.heldUntil = until;
  }
  return shown;
}

// The reveal all at once (a click on it): lines, dice, and the decision it held.
function skipReveal() {
  if (!revealShown) return;
  revealShown.diceStart = -Infinity;
  for (const key of revealShown.starts.keys()) revealShown.starts.set(key, -Infinity);
  revealShown.held = false;
  if (redrawBoard) redrawBoard();
}

// The decision waits until the last line of the reveal is in: then the page draws it again.
function releaseHoldLater(shown, now) {
  if (!shown.held) {
    clearTimeout(holdTimer);
    holdTimerAt = null;
    return;
  }
  if (holdTimerAt === shown.heldUntil) return;
  clearTimeout(holdTimer);
  holdTimerAt = shown.heldUntil;
  holdTimer = setTimeout(() => {
    holdTimerAt = null;
    if (revealShown === shown) shown.held = false;
    if (redrawBoard) redrawBoard();
  }, shown.heldUntil - now);
}

// ``holding``: the prompt's place offers the skip already, so the reveal's own title does not.
function revealView(context, reveal, shown, holding) {
  if (!reveal) return null;
  const { table, you } = context;
  const now = performance.now();
  const rolled = (roll) => {
    if (roll === null) return null;
    const node = face(roll);
    animateFrom(node, shown.diceStart, now, DICE_MS);
    return node;
  };
  const name = (seat) => el("span", { class: "mp-reveal-name" }, seatDot(seat), seatLabel(table, seat, you));
  const dice = reveal.showdown
    ? reveal.showdown.map((entry) => el("li", { class: "mp-reveal-die mp-reveal-showdown" }, name(entry.seat),
      el("span", { class: "mp-reveal-four" }, Object.entries(entry.rolls).map(([key, roll]) => el("span", { class: "mp-reveal-one" }, dieIcon(key, 20), rolled(roll))))))
    : reveal.dice.map((entry, seat) => (entry.die
      ? el("li", { class: "mp-reveal-die" }, name(seat), dieIcon(entry.die, 22), el("span", { class: "mp-reveal-title", text: entry.die }), rolled(entry.roll))
      : null));
  const steps = reveal.lines.map((entry) => {
    const line = lineView(entry, table, you);
    animateFrom(line, shown.starts.get(entry.key), now, LINE_MS);
    return line;
  });
  // The round the reveal tells is "last round" only once the table has moved on to the next.
  const title = revealTitle(reveal, shown.held);
  const playing = shown.held || [...shown.starts.values()].some((start) => start + FADE_MS > now);
  return el("section", { class: `mp-area mp-reveal${playing ? " playing" : ""}`, "aria-label": "Reveal", "data-round": reveal.round, onclick: playing ? skipReveal : null },
    el("h3", {}, title, playing && !holding ? el("button", { type: "button", class: "mp-skip", "data-skip-reveal": "", "data-focus-key": "mp-skip", text: "Skip ▸" }) : null),
    el("ol", { class: "mp-reveal-dice" }, dice),
    steps.length ? el("ol", { class: "mp-events" }, steps) : el("p", { class: "muted", text: "Nobody whacked or won anything." }));
}

function lineView(entry, table, you) {
  return el("li", { class: "mp-event" }, capitalize(withNames(yourWords(entry.text, you), table, you)));
}

// The engine's verbs after a seat that starts a line ("seat 2 goes for the Crown!"), as said
// to that seat's own player.
const SECOND_PERSON = [
  ["goes", "go"], ["does not go", "do not go"], ["cashes in", "cash in"], ["reaches", "reach"],
  ["misses", "miss"], ["wins", "win"], ["scores", "score"],
  ["took", "took"], ["drew", "drew"], ["discarded", "discarded"],
];

// A line about this seat's own player, said to them: "You go for the Crown!", not "Ann (you)
// goes for the Crown!". The engine's events are sentences (rules/notation tests read them, so
// they stay as they are); the page knows only the seat number at their start and the verbs
// above, and leaves a line it does not know as it is, "Ann (you) …" by ``withNames``. Also
// the second declaration pass as ``readDeclarations`` words it.
function yourWords(text, you) {
  if (you === null || you === undefined) return text;
  if (TIE_LINE.test(text)) return yourTieWords(text, you);
  const seat = `seat ${you}`;
  const words = text.replace(`once ${seat} went for it`, "once you went for it");
  if (!words.startsWith(`${seat} `) && !words.startsWith(`${seat},`)) return words;
  const rest = words.slice(seat.length);
  const asked = /^, (asked (?:again )?once .+ went for it), (still )?does not go for the Crown$/.exec(rest);
  if (asked) return `you, ${asked[1]}, ${asked[2] || ""}do not go for the Crown`;
  for (const [theirs, yours] of SECOND_PERSON) {
    if (rest.startsWith(` ${theirs} `) || rest === ` ${theirs}`) return `you ${yours}${rest.slice(theirs.length + 1)}`;
  }
  return words;
}

// A tied Showdown's lines (MP-33) may name this seat anywhere: as the King Mole who loses his
// own tie or picks the winner, among the tied, or as the one picked. Each "seat N" of this
// seat is "you", and the verbs it is the subject of are said to it: "you, King Mole, pick
// Sam from the tie between Lee and Sam", "Lee and you tie for the best score (4): …".
const TIE_LINE = /\bties? for the best score\b|\bfrom the tie between\b/;

function yourTieWords(text, you) {
  return text
    .replace(new RegExp(`\\bseat ${you}\\b`, "g"), "you")
    .replace(/^you ties for the best score (.*) but, as King Mole, loses the tie$/, "you tie for the best score $1 but, as King Mole, lose the tie")
    .replace(/\byou, King Mole, picks\b/, "you, King Mole, pick");
}

// How a tied Showdown was settled (MP-33), in a sentence: King Mole's pick, and why King Mole,
// if tied, did not win. Null while nothing is settled yet.
// Said to this seat's own player where it is in the sentence: "You, King Mole, pick Sam over
// Lee:", "King Mole Jo picks you over Lee: you win the Crown and the game."
function tieVerdict(obs, table, you) {
  const tie = tiedShowdown(obs);
  if (!tie || obs.crowned === null || obs.crowned === undefined) return null;
  const { said: name, verb: mine } = sentenceNames(you, (seat) => seatLabel(table, seat, you));
  const others = tie.finalists.filter((seat) => seat !== tie.pick);
  const parts = [];
  if (tie.king_loses) parts.push(`${name(tie.king)} tied at ${tie.total}★ but, as King Mole, ${mine(tie.king, "lose", "loses")} the tie.`);
  if (tie.pick !== null) {
    const king = mine(tie.king, "you, King Mole, pick", `King Mole ${name(tie.king)} picks`);
    parts.push(`${king} ${name(tie.pick)} over ${andList(others.map(name))}:`);
  }
  parts.push(`${name(obs.crowned)} ${mine(obs.crowned, "win", "wins")} the Crown${(obs.winners || []).includes(obs.crowned) ? " and the game" : ""}.`);
  // A part after a colon goes on the sentence before it; the others start one.
  return parts.map((part, index) => (index && parts[index - 1].endsWith(":") ? part : capitalize(part))).join(" ");
}

// How the tied Showdown ended, above the board as its last line lights up in the reveal: on a
// phone the reveal's last lines are below the fold, and they are the ones that end the game.
function pickBanner(context, obs, reveal, shown, now) {
  const verdict = reveal && reveal.showdown ? tieVerdict(obs, context.table, context.you) : null;
  if (!verdict) return null;
  const banner = el("p", { class: "mp-verdict-banner", role: "status" }, crownIcon(), ` ${verdict}`);
  const last = reveal.lines[reveal.lines.length - 1];
  if (last) animateFrom(banner, shown.starts.get(last.key), now, LINE_MS);
  return banner;
}

function thisRoundView(context, obs, reveal, playing) {
  if (playing || (reveal && reveal.current)) return null;
  if (!obs.events.length) return null;
  const { table, you } = context;
  return el("section", { class: "mp-area", "aria-label": "This round" }, el("h3", { text: `Round ${obs.round} so far` }),
    el("ol", { class: "mp-events" }, eventLines(obs.events).map((line) => lineView(line, table, you))));
}

function legendView() {
  const item = (mark, words) => el("li", {}, mark, el("span", { text: words }));
  const legend = el("details", { class: "mp-legend", open: legendOpen },
    el("summary", { text: "Legend", "data-focus-key": "mp-legend" }),
    el("ul", {},
      item(el("span", { class: "mp-legend-mark" }, dieIcon("glove", 18), dieIcon("pan", 18), dieIcon("mallet", 18)), "Boxing Glove, Frying Pan, Giant Mallet: the whacking dice. Each face is a hole number 1–5; x is a miss. A die alone on a hole takes all its moles; dice on the same hole share them evenly and leave the rest."),
      item(el("span", { class: "mp-legend-mark" }, dieIcon("prize", 18)), "Prize die (1–6 stars): cashes in every mole in your hand for a prize."),
      item(el("span", { class: "mp-legend-mark" }, moleBack(), moleBack()), "Face-down moles. Each hole shows how many it holds: “holes 4, 2, 2, 4, 1” means 4 moles in hole 1, 2 in hole 2, and so on. Nobody knows their values. “Reached by” under a hole's number: the dice with that number on a face. The white tiles lower down, framed in a player's colour: the dice players rolled onto that hole this round."),
      item(el("span", { class: "mp-legend-mark" }, moleCard(3)), "A mole you hold, worth 1 to 5 stars (★). Only you see your own."),
      item(el("span", { class: "mp-legend-mark" }, el("span", { class: "mp-prize-card small", text: "20★" })), "A face-up prize. “total 20+” is its band: a cash-in total of 20 or more may take it (totals 20–24 reach this stand and the cheaper ones). “9 face down” cards wait under it."),
      item(el("span", { class: "mp-legend-mark" }, crownIcon()), "King Mole: asks first about the Crown, orders ties in the draft and loses his own ties."),
      item(el("span", { class: "mp-legend-mark" }, el("span", { class: "mp-die-status chosen", text: "chosen ✓" })), "That player has picked a die in secret; all dice show once everyone has."),
      item(el("span", { class: "mp-legend-mark" }, el("span", { class: "mp-badge", text: "may go…" })), "Could reach 40 stars this round, so may declare for the Crown."),
    ));
  legend.addEventListener("toggle", () => {
    legendOpen = legend.open;
  });
  return legend;
}

export function render(container, context) {
  const obs = context.observation || {};
  if (!Array.isArray(obs.seats)) {
    container.replaceChildren(el("p", { class: "muted", text: "The game is about to start." }));
    return { handlesActions: true };
  }
  const reveal = revealedRound(obs);
  const now = performance.now();
  const { shown, decision, table: tableObs } = staged(obs, context.legal, context.replaying, now);
  redrawBoard = context.redraw || (() => render(container, context));
  releaseHoldLater(shown, now);
  const holding = shown.held && decision !== null;
  decisionShown = holding ? null : decision;
  // While the reveal plays (``playing``) the table is ``tableObs``, as it stood before the dice;
  // the prompt, which waits meanwhile, and the reveal itself read the new observation.
  const playing = shown.held && reveal !== null;
  // "Rolling" while the dice the reveal tells are not yet on the table it stands on; lines told
  // after them (King Mole's pick) keep that table's own step.
  const rolling = playing && revealKey(revealedRound(tableObs)) !== revealKey(reveal);
  const over = tableObs.step === "over";
  const board = el("div", { class: "mp", "data-board": "mole-park" },
    statusBar(context, tableObs, rolling),
    holding ? holdingLine(reveal) : promptFor(context, obs),
    playing ? null : waitingLine(context, obs),
    pickBanner(context, obs, reveal, shown, now),
    // Once the game is over, moles left in hand count for nothing: the hand steps aside,
    // after the reveal, the result and the players. Not before the reveal that ends the game
    // has told it: until then the hand stays where and as it was before the dice.
    over ? null : handView(tableObs, context.table),
    revealView(context, reveal, shown, holding),
    thisRoundView(context, obs, reveal, playing),
    showdownView(context, tableObs),
    holesView(context, tableObs, reveal, playing),
    standsView(context, tableObs),
    playersView(context, tableObs, playing ? reveal.dice : null),
    over ? handView(tableObs, context.table) : null,
    legendView());
  // The focus stays where it was across a redraw (bots move many times a second, and the whole
  // table is drawn anew): on the same choice, else (the move was made, the prompt came or went)
  // on the first choice offered, else on what the table waits for now, said to a screen reader.
  keepFocus(container, () => container.replaceChildren(board), () => parkFocus(board));
  return { handlesActions: true };
}

function parkFocus(board) {
  const choice = board.querySelector(".mp-prompt button[data-action]:not(:disabled)");
  if (choice) return choice;
  return focusPlace(board.querySelector(".mp-holding, .mp-waiting-box, .mp-waiting") || board);
}

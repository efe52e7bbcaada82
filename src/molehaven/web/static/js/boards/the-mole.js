// The Mole's table: your card, the 16 places as a private notepad, the round's questions and
// answers as a conversation, and a prompt saying what is asked of you now. It draws the
// observation with the words from the game's public data (``guide.data``) and offers only the
// seat's legal actions; the one exception is a free-text answer, which the engine judges.
import { focusPlace, keepFocus, keyOf } from "../focus.js";
import { andList, counted, el, freeSeat, freeSeatLabel, layoutWatcher, notStarted, seatLabel, sentenceNames, tabStopWhileScrolling } from "../util.js";

export const stylesheet = "css/boards/the-mole.css";
// The thread tells every question, answer and vote as it comes: the page draws no strip of
// the last moves (table.js ``renderRecent``).
export const ownRecentMoves = true;

// What this page remembers between draws (one table per page): choices a person is making.
const ui = {
  askTarget: null, accusing: false, guessing: false, recapOpen: false, answerBox: null, sentOwnWords: false, refusalShown: null, roundSeen: null,
  sent: null, notice: null, noticeShown: null, // see ``checkSent``
  drawn: null, // see ``render``
  room: null, watchAbove: null, talkAtEnd: true, // see ``fitEvidence``
  sending: false, focusAfterSending: null, // see ``showSending`` and ``draw``
  legendOpen: false,
};

function words(guide) {
  const data = (guide && guide.data) || {};
  const places = data.locations || [];
  return {
    places,
    place: new Map(places.map((p) => [p.id, p])),
    questions: data.questions || {},
  };
}

function placeName(content, id) {
  const place = content.place.get(id);
  return place ? place.name : id;
}

function roleName(content, placeId, roleId) {
  const place = content.place.get(placeId);
  const role = place && place.roles.find((r) => r.id === roleId);
  return role ? role.name : roleId;
}

function questionText(content, id) {
  const question = content.questions[id];
  return question ? question.text : id;
}

function cannedText(content, questionId, answerId) {
  const question = content.questions[questionId];
  const answer = question && question.answers.find((a) => a.id === answerId);
  return answer ? answer.text : answerId;
}

// ------------------------------------------------------------------ the private notepad

function notesKey(table, you) {
  return `molehaven.the-mole.notes.${table.id}.${you === null ? "watching" : you}`;
}

function readNotes(table, you, round) {
  try {
    const saved = JSON.parse(localStorage.getItem(notesKey(table, you)) || "null");
    if (saved && saved.round === round && Array.isArray(saved.crossed)) return new Set(saved.crossed);
  } catch {
    // a damaged note is simply started afresh
  }
  return new Set();
}

function writeNotes(table, you, round, crossed) {
  localStorage.setItem(notesKey(table, you), JSON.stringify({ round, crossed: [...crossed] }));
}

// ------------------------------------------------------------------ the answer being typed

// An answer typed in the player's own words outlives a reload of the tab (sessionStorage,
// for this table and seat, with the question it answers) until its question is gone: answered
// (a refused answer stays, to be corrected), or the round over. A vote called meanwhile keeps
// it, as a failed vote goes back to the question; before, a reload or such a vote emptied
// the box. ``ui.draft`` is the question being answered now, if any.
function draftKey(table, you) {
  return `molehaven.the-mole.draft.${table.id}.${you}`;
}

function readDraft(key) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) || "null");
    return saved && typeof saved.text === "string" ? saved : null;
  } catch {
    return null; // a damaged draft is dropped
  }
}

function settleDraft(context, parts) {
  const { table, you, observation: obs } = context;
  ui.draft = null;
  if (you === null || you === undefined || !table || !obs || context.replaying) return;
  const key = draftKey(table, you);
  // The round, how many answers were given in it, who asks and what: one asking of a question.
  const question = `${obs.round}/${obs.answers_given}/${obs.asker}/${obs.question}`;
  if (parts.answer.length) ui.draft = { key, question, round: obs.round };
  const saved = readDraft(key);
  if (!saved) return;
  const stands = ui.draft ? saved.question === question : obs.phase === "vote" && saved.round === obs.round;
  if (!stands) sessionStorage.removeItem(key);
}

function writeDraft(text) {
  const draft = ui.draft;
  if (!draft) return;
  try {
    if (text) sessionStorage.setItem(draft.key, JSON.stringify({ question: draft.question, round: draft.round, text }));
    else sessionStorage.removeItem(draft.key);
  } catch {
    // storage full or refused: the box still holds the text
  }
}

// ------------------------------------------------------------------ small pieces

function actionButton(action, onAction, attrs, ...children) {
  return el("button", { type: "button", "data-action": action, onclick: () => onAction(action), ...attrs }, ...children);
}

function legalParts(legal) {
  const parts = { ask: new Map(), answer: [], nominate: [], vote: [], point: [], guess: new Map() };
  for (const action of legal || []) {
    const [verb, first, second] = action.split(" ");
    if (verb === "ask") {
      if (!parts.ask.has(Number(first))) parts.ask.set(Number(first), new Map());
      parts.ask.get(Number(first)).set(second, action);
    } else if (verb === "answer") parts.answer.push({ id: first, action });
    else if (verb === "nominate") parts.nominate.push({ seat: Number(first), action });
    else if (verb === "vote") parts.vote.push({ ballot: first, action });
    else if (verb === "point") parts.point.push({ seat: Number(first), action });
    else if (verb === "guess") parts.guess.set(first, action);
  }
  return parts;
}

// The turn line: a vote may be called nearly any time, so "Your move" would be lit all
// round; it is lit only when the game waits on this seat (ask, answer, vote, point).
export function turn({ observation: obs, legal, table, you }) {
  if (you === null || !obs) return null;
  const parts = legalParts(legal);
  const waitsOnYou = (obs.phase === "ask" && parts.ask.size > 0)
    || (obs.phase === "answer" && parts.answer.length > 0)
    || (obs.phase === "vote" && parts.vote.length > 0)
    || (obs.phase === "final-vote" && parts.point.length > 0);
  if (waitsOnYou) {
    const asked = { ask: "ask a question", answer: "answer the question", vote: "vote", "final-vote": "point at the Mole" }[obs.phase];
    return { you: true, text: "Your move", asked: `You ${asked}.` };
  }
  const name = makeNamer(table, you);
  const waitingFor = obs.phase === "ask" ? obs.asker : obs.phase === "answer" ? obs.answerer : null;
  const waiting = waitingFor === null || waitingFor === undefined ? "Waiting for the other players" : `Waiting for ${name(waitingFor)}`;
  const extra = parts.nominate.length && parts.guess.size ? " (you may call a vote or guess the place)"
    : parts.nominate.length ? " (you may call a vote)" : parts.guess.size ? " (you may guess the place)" : "";
  return { you: false, text: `${waiting}${extra}`, asked: "" };
}

// Where this seat's move is made, for the page's turn bar: the prompt, when it asks something
// of this seat. The board as a whole is too tall to tell: with 8 players it is 1,400 px high
// or more on a phone, and half of it in view may be the notes and the talk, not the prompt.
export function promptElement(container) {
  return container.querySelector("[data-board='the-mole'] .tm-prompt.task");
}

// Every control of the prompt that asks something of this seat, for the page's turn bar: it
// stays away while any one of them is on the screen. The page watched the prompt's first
// control, and the prompt's head sticks to the screen's top while its many answers, question
// cards or ballots scroll under it: with that first control scrolled off the top the bar came
// up over the answers still on the screen. The Mole may also guess instead of making the move
// asked of it (a question it cannot answer is the moment to): while it picks one on the list
// of places, which pushes the prompt off the screen, the 16 Guess buttons are moves too (the
// bar lay over the places' last row at 768 px wide, over the latest question at 1024 px).
// "Go to your move" goes to the first: the first move of the prompt (the way to the answer box
// is no move: the first ready-made answer is). While a move is on its way nothing is offered,
// and the page watches the prompt.
export function offeredControls(container) {
  const prompt = promptElement(container);
  if (!prompt) return [];
  const controls = [...prompt.querySelectorAll("button:not([disabled]), textarea")];
  const guesses = [...container.querySelectorAll("[data-board='the-mole'] .tm-guess:not([disabled])")];
  if (!controls.length && !guesses.length) return [];
  const first = prompt.querySelector("button:not([disabled]):not([data-open]), textarea") || controls[0] || guesses[0];
  return [first, ...controls.filter((node) => node !== first), ...guesses.filter((node) => node !== first)];
}

// Seat names as people read them (two bots of one kind carry their seat numbers).
// In a sentence this seat is said to its own player: "You point at Bea", "Bea accuses you",
// not "Ann (you) points at Bea" (``subject`` to start one, ``said`` inside it, ``verb`` agreeing).
function makeNamer(table, you) {
  const name = (seat) => (seat === null || seat === undefined ? "nobody" : seatLabel(table, seat, you));
  return Object.assign(name, sentenceNames(you, name));
}

// ------------------------------------------------------------------ sections

function cardSection(obs, content, you, table) {
  const card = obs.card;
  const open = table && table.status === "open";
  // A spectator is dealt nothing, before the start too ("Your card" told them one was coming).
  if (you === null) {
    const free = open && table.seats.some((slot) => slot.kind === "empty");
    const words = free ? "Spectators see no card: sit at a free seat to be dealt one." : "Spectators see no card.";
    return el("div", { class: "tm-card watching" }, el("strong", { text: "Watching" }), el("span", { text: words }));
  }
  if (!card) return el("div", { class: "tm-card dealing" }, el("strong", { text: "Your card" }), el("span", { text: open ? "Dealt when the game starts." : "Being dealt…" }));
  // At the game's end the card is the last round's: its advice for play would be stale.
  const over = obs.phase === "over";
  if (card.mole) {
    return el("div", { class: "tm-card mole", "data-card": "mole" },
      el("span", { class: "tm-card-label", text: over ? "Your card in the last round" : "Your card" }),
      el("strong", { class: "tm-card-title", text: over ? "You were the Mole" : "You are the Mole" }),
      el("span", { text: over ? "The game is over." : "You do not know the place. Blend in, and work it out from the answers." }));
  }
  return el("div", { class: "tm-card spy", "data-card": card.location },
    el("span", { class: "tm-card-label", text: over ? "Your card in the last round: a spy at" : "Your card: you are a spy at" }),
    el("strong", { class: "tm-card-title", text: placeName(content, card.location) }),
    el("span", { text: `as the ${roleName(content, card.location, card.role)}` }));
}

// Before the start "Round 1 · Answers: 0 of 20 before time runs out" read as a round under
// way: a table being gathered is told how long a game and its rounds last (its options).
function openStatus(obs, table) {
  const target = table.options && table.options.target_score;
  const seconds = obs.timer && obs.timer.seconds;
  const clock = seconds ? (seconds % 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? "" : "s"}`) : null;
  const rounds = [clock, obs.question_limit ? counted(obs.question_limit, "answer") : null].filter(Boolean);
  return el("div", { class: "tm-status", "data-open": "" },
    el("span", {}, el("span", { class: "tm-round", text: "Not started yet" }), target ? ` · game to ${counted(target, "point")}` : null),
    rounds.length ? el("span", { text: `Rounds of up to ${rounds.join(" or ")}` }) : null,
    table.options && table.options.free_text === false ? el("span", { text: "Ready-made answers only" }) : null);
}

function statusSection(obs, table) {
  if (notStarted(table)) return openStatus(obs, table);
  const facts = [el("span", { class: "tm-round", text: `Round ${obs.round}` })];
  if (obs.phase === "over") facts.push(el("span", { text: "Game over" }));
  else if (obs.timer && obs.timer.time_up) facts.push(el("span", { class: "tm-time-up", text: "Time is up" }));
  else if (obs.question_limit) facts.push(el("span", { class: "tm-answers-given", text: `Answers: ${obs.answers_given} of ${obs.question_limit} before time runs out` }));
  else facts.push(el("span", { text: `Answers so far: ${obs.answers_given}` }));
  return el("div", { class: "tm-status" }, facts);
}

function playersSection(obs, table, you, name) {
  const seats = [];
  // Before the start a player's points (0), cards (0) and the dealer's mark read as a round
  // under way: each then names who sits there, a seat nobody has taken said to be free.
  if (notStarted(table)) {
    for (let seat = 0; seat < obs.players; seat += 1) {
      const free = freeSeat(table, seat);
      seats.push(el("li", { class: `${seat === you ? "you" : ""}${free ? " free" : ""}`.trim(), "data-seat": seat },
        el("span", { class: "tm-name", text: free ? freeSeatLabel(seat) : name(seat) })));
    }
    return el("ul", { class: "tm-players", "aria-label": "Players" }, seats);
  }
  for (let seat = 0; seat < obs.players; seat += 1) {
    const marks = [];
    if (obs.phase !== "over" && seat === obs.dealer) marks.push(el("span", { class: "tm-mark dealer", title: "dealer this round", text: "D" }));
    if (obs.phase !== "over" && seat === obs.asker) marks.push(el("span", { class: "tm-mark asking", title: "asks the next question", text: "asks" }));
    if (obs.phase !== "over" && seat === obs.answerer) marks.push(el("span", { class: "tm-mark answering", title: "must answer", text: "answers" }));
    if (obs.phase !== "over" && obs.nominated && obs.nominated[seat]) marks.push(el("span", { class: "tm-mark voted", title: "has called their one vote this round", text: "vote called" }));
    seats.push(el("li", { class: seat === you ? "you" : "", "data-seat": seat },
      el("span", { class: "tm-name", text: name(seat) }),
      el("span", { class: "tm-score", title: "points", text: String(obs.scores[seat]) }),
      el("span", { class: "tm-facts" },
        el("span", { class: "tm-hand", title: "question cards in hand", text: String(obs.hand_sizes[seat]) }),
        marks)));
  }
  return el("ul", { class: "tm-players", "aria-label": "Players: points, cards, marks" }, seats);
}

// The prompt: what is asked of this seat now, or what the table is waiting for.
function promptSection(obs, content, parts, ctx, name) {
  const { onAction, you, table } = ctx;
  // A prompt that asks something of this seat keeps its head (what is asked) in view: see
  // ``taskHead``.
  const box = (task, title, ...body) => el("section", { class: `tm-prompt${task ? " task" : ""}`, "data-task": task ? "yes" : "no", "aria-live": "polite" },
    task ? taskHead(title) : el("h3", { text: title }), ...body);

  if (obs.phase === "setup" && table && table.status === "open") {
    return box(false, "Waiting for the game to start", el("p", { text: "When the host starts it, everyone gets a card and five question cards." }));
  }
  if (obs.phase === "setup") return box(false, "Dealing the cards…", el("p", { text: "Everyone gets a card and five question cards." }));
  // The winners and the final points are said once, by the table's result box above the board.
  if (obs.phase === "over") return box(false, "The game is over", el("p", { text: "Every round is in the table below." }));

  if (obs.phase === "ask") {
    if (parts.ask.size) {
      const targets = [...parts.ask.keys()];
      if (!targets.includes(ui.askTarget)) ui.askTarget = targets.find((s) => s > you) ?? targets[0];
      const chips = targets.map((seat) => el("button", {
        type: "button", class: `tm-chip${seat === ui.askTarget ? " picked" : ""}`, "aria-pressed": String(seat === ui.askTarget),
        "data-ask-target": seat, "data-focus-key": `ask-${seat}`, onclick: () => { ui.askTarget = seat; ctx.redraw(); },
      }, name(seat)));
      const questions = parts.ask.get(ui.askTarget);
      const cards = (obs.hand || []).filter((q) => questions.has(q)).map((q) =>
        actionButton(questions.get(q), onAction, { class: "tm-question-card", "data-question": q }, el("span", { class: "tm-q-text", text: questionText(content, q) })));
      return box(true, ["Your turn to ask a question", promptFacts(obs, content, `Asking ${name(ui.askTarget)}`)],
        // The chips name only a player and the cards only a question: each group says what
        // its buttons choose, for a screen reader reaching a button without the step above.
        el("p", { class: "tm-step", text: "1. Whom do you ask?" }), el("div", { class: "tm-chips", role: "group", "aria-label": "Whom do you ask?" }, chips),
        el("p", { class: "tm-step", text: `2. Pick a question card to ask ${name(ui.askTarget)}. It is read out to everyone; you then draw a new card.` }),
        el("div", { class: "tm-cards", role: "group", "aria-label": `Questions to ask ${name(ui.askTarget)}` }, cards));
    }
    return box(false, `Waiting for ${name(obs.asker)} to ask a question`, el("p", { class: "muted", text: "Nothing is asked of you now. You may call a vote below if you suspect someone." }));
  }

  if (obs.phase === "answer") {
    const asked = el("blockquote", { class: "tm-asked", text: questionText(content, obs.question) });
    if (parts.answer.length) {
      const canned = parts.answer.map(({ id, action }) =>
        actionButton(action, onAction, { class: "tm-answer", "data-answer": id }, cannedText(content, obs.question, id)));
      const freeText = !table.options || table.options.free_text !== false;
      const own = freeText ? ownWordsForm(onAction, ownWordsRefusal(ctx)) : null;
      // The Mole does not know the place: a spy's advice ("without naming the place") is not its.
      const why = obs.card && obs.card.mole
        ? "you are the Mole: bluff with one that could be said at many places"
        : "a spy wants to sound right without naming the place";
      // Up to 12 ready-made answers put the answer box below the first screen (a tablet
      // upright, a phone, a laptop with a long list): a way to it stands above them, in a
      // line, so the answers stay on that screen too.
      const toOwn = own ? el("button", {
        type: "button", class: "tm-toggle tm-to-own", "data-open": "own-words", "data-focus-key": "to-own-words",
        onclick: () => {
          own.scrollIntoView({ block: "nearest" });
          ui.answerBox.focus({ preventScroll: true });
        },
      }, el("span", { "aria-hidden": "true", text: "✎ " }), "Answer in my own words") : null;
      return box(true, [`${name(obs.asker)} asks you`, asked, promptFacts(obs, content)],
        el("div", { class: "tm-answer-ways" },
          el("p", { class: "tm-step", text: `Pick a ready-made answer (${why})${own ? ", or:" : ":"}` }), toOwn),
        el("div", { class: "tm-answers" }, canned),
        own);
    }
    return box(false, `${name.subject(obs.asker)} asked ${name.said(obs.answerer)}`, asked, el("p", { class: "muted", text: `Waiting for ${name(obs.answerer)} to answer.` }));
  }

  if (obs.phase === "vote" && obs.vote) {
    const { nominator, nominee } = obs.vote;
    const ballots = ballotList(obs.vote.ballots, name);
    const accused = nominee === you
      ? "If everyone else votes yes, you show your card"
      : `If everyone but ${name(nominee)} votes yes, ${name(nominee)} shows their card`;
    const stakes = el("p", { class: "tm-stakes", text: `${accused}: the Mole caught means every spy scores 1; a spy caught means the Mole scores 2. The round ends either way. One "no" and play carries on where it stopped.` });
    const title = `${name.subject(nominator)} ${name.verb(nominator, "accuse", "accuses")} ${name.said(nominee)} of being the Mole`;
    if (parts.vote.length) {
      const buttons = parts.vote.map(({ ballot, action }) => actionButton(action, onAction, { class: `tm-ballot ${ballot}` },
        ballot === "yes" ? `Yes — ${name(nominee)} is the Mole` : `No — not convinced`));
      return box(true, `${title}: your vote`, stakes, el("div", { class: "tm-ballots" }, buttons), ballots);
    }
    const why = nominee === you ? "You are accused: you do not vote. Wait for the others." : "Waiting for the other votes; they show once everyone has voted.";
    return box(false, title, stakes, el("p", { class: "muted", text: why }), ballots);
  }

  if (obs.phase === "final-vote") {
    const stakes = el("p", { class: "tm-stakes", text: "The round ran out of time without anyone convicted. Everyone now points at the player they think is the Mole. If all the other players point at the same player, that player is accused (the Mole caught: each spy scores 1; a spy: the Mole scores 2). If the table does not agree, the Mole scores 2." });
    const status = pointingList(obs.pointing, name);
    if (parts.point.length) {
      const buttons = parts.point.map(({ seat, action }) => actionButton(action, onAction, { class: "tm-point" }, `Point at ${name(seat)}`));
      return box(true, "Time is up: point at the Mole", stakes, el("div", { class: "tm-ballots" }, buttons), status);
    }
    const waiting = you === null ? "Waiting for the players to point; all pointings show together." : "You have pointed. Waiting for the others; all pointings show together.";
    return box(false, "Time is up: the final vote", stakes, el("p", { class: "muted", text: waiting }), status);
  }
  return box(false, obs.phase, null);
}

// The head of a prompt that asks something of this seat: its title, and (``title`` a list)
// what else the choice is made from. On a phone the prompt with 12 ready-made answers is twice
// the screen's height, and the page stays where the person left it (it never scrolls by
// itself): when a question came, the screen showed the middle of the answers, the question,
// who asked it, the time left and the card scrolled away above. The head sticks to the
// screen's top while any of the prompt is in view (the CSS), the answers passing under it.
function taskHead(title) {
  const [words, ...more] = Array.isArray(title) ? title : [title];
  return el("div", { class: "tm-prompt-head" }, el("h3", { text: words }), ...more);
}

// What an answer or a question is chosen from, in one short line under the prompt's title:
// the time left (the page's round clock, and the answers left before time runs out) and the
// seat's card, both above the prompt, off the screen with its top. Each of these copies says
// what is drawn elsewhere (``data-copies``, see ``settleFacts``), and shows only while that is
// off the screen.
function promptFacts(obs, content, first = null) {
  const card = obs.card;
  return el("p", { class: "tm-prompt-facts" },
    first ? el("span", { text: first }) : null,
    clockCopy(),
    obs.question_limit ? el("span", { "data-copies": ".tm-answers-given", text: `Answers: ${obs.answers_given} of ${obs.question_limit}` }) : null,
    card ? el("span", { class: "tm-prompt-card", "data-copies": ".tm-card-title", text: card.mole ? "You are the Mole" : `You are a spy at the ${placeName(content, card.location)}` }) : null);
}

// The head's copies of the clock, the answers given and the card said everything twice when
// the originals were on the screen too: always on a laptop with the page at its top (the clock
// right above the card, the answers beside in the round's facts), on a phone until the card
// scrolled away. A copy shows only while its original (of the card, its title: the place, or
// that you are the Mole) is not whole on the screen; the line goes when none shows. The
// originals lie above the prompt, beside it (a laptop's round facts) or below it (a phone's),
// never under the head. Looked at when the board is drawn, the page scrolled or resized, and
// the clock ticks.
// A line that came or went as the page was scrolled pushed the choices under it (the
// answers, the question cards) a line down the screen, or pulled them up: with ``keep`` the
// page then scrolls as far, so that the choices stay where they were on the screen and the
// head grows or shrinks above them (stuck at the screen's top, over what passes under it).
// A copy shown or hidden stays so: its original moves with the choices, or away from the
// screen's edge with what is above them. Not when the board is drawn: there was no line on
// the screen before, only the new drawing's, and the choices were not there either.
function settleFacts(board, keep = false) {
  const line = board && board.querySelector(".tm-prompt-facts");
  if (!line) return;
  const head = line.parentElement;
  const choices = keep && head.getBoundingClientRect().top < window.innerHeight ? head.nextElementSibling : null;
  const before = choices ? choices.getBoundingClientRect().top : null;
  let any = false;
  for (const fact of line.children) {
    const selector = fact.dataset.copies;
    const original = selector === "#clock" ? document.getElementById("clock") : selector ? board.querySelector(selector) : null;
    const said = Boolean(original) && !original.hidden && wholeOnScreen(original);
    fact.toggleAttribute("data-said", said);
    any = any || (!said && !fact.hidden);
  }
  line.hidden = !any;
  if (choices) {
    const moved = choices.getBoundingClientRect().top - before;
    if (Math.abs(moved) >= 0.5) window.scrollBy({ top: moved, behavior: "instant" });
  }
}

function wholeOnScreen(node) {
  const box = node.getBoundingClientRect();
  return box.height > 0 && box.top >= -1 && box.bottom <= window.innerHeight + 1;
}

// The page's round clock (table.js ticks it above the board, each second) copied into the
// prompt's head, and kept ticking with it; nothing while the page shows no clock. Hidden from
// screen readers: the prompt is a live region, and the page's clock is theirs to read.
let clockWatched = null;

function clockCopy() {
  const clock = document.getElementById("clock");
  if (!clock || clock.hidden) return null;
  if (clockWatched !== clock) {
    clockWatched = clock;
    new MutationObserver(copyClock).observe(clock, { childList: true, characterData: true, subtree: true, attributes: true });
  }
  const copy = el("span", { class: "tm-clock-copy", "data-copies": "#clock", "aria-hidden": "true" });
  copyClock([], null, copy);
  return copy;
}

function copyClock(_records, _observer, only = null) {
  const clock = document.getElementById("clock");
  const left = clock && !clock.hidden ? /\d+:\d\d/.exec(clock.textContent) : null;
  const copies = only ? [only] : document.querySelectorAll("[data-board='the-mole'] .tm-clock-copy");
  for (const copy of copies) {
    copy.textContent = left ? `${left[0]} left` : "";
    copy.hidden = !left;
    copy.classList.toggle("low", Boolean(left) && clock.classList.contains("low"));
  }
  if (!only) settleFacts(document.querySelector("[data-board='the-mole']"), true);
}

// No maxlength on the box: the engine judges the text (TM-13), and a pasted answer cut short
// without a word is worse than one refused with the reason, shown here under the button
// (the page's own error line sits below the whole board, off a phone's screen).
function ownWordsForm(onAction, refusal) {
  if (!ui.answerBox) {
    // An answer is one line (the engine turns a line break into a space): Enter sends it,
    // as in a chat box, and Shift+Enter adds no line break either. The box wraps a long
    // answer over two lines, which a one-line input would hide.
    ui.answerBox = el("textarea", {
      id: "tm-own-words", rows: "2", enterkeyhint: "send", "aria-describedby": "tm-own-words-hint",
      placeholder: "Type your answer (up to 200 characters)",
      oninput: (event) => writeDraft(event.currentTarget.value),
      onkeydown: (event) => {
        if (event.key !== "Enter" || event.isComposing) return; // Enter ends an IME's word
        event.preventDefault();
        if (!event.shiftKey) event.currentTarget.form?.requestSubmit();
      },
    });
  }
  const input = ui.answerBox;
  if (!input.value && ui.draft) input.value = readDraft(ui.draft.key)?.text || "";
  const form = el("form", { class: "tm-own", onsubmit: (event) => {
    event.preventDefault();
    if (ui.sending) return; // Enter in the box while a move is on its way: the page drops it
    ui.sentOwnWords = true;
    ui.refusalShown = null; // each refusal of a sent answer is brought into view
    // The engine's notation for a free-text answer: the word answer and a JSON string.
    onAction(`answer ${JSON.stringify(input.value)}`);
  } },
  el("label", { for: "tm-own-words", text: "…or answer in your own words:" }), input,
  el("div", { class: "tm-own-send" },
    el("button", { type: "submit", class: "primary", "data-own-answer": "", "data-focus-key": "own-answer" }, "Send my answer"),
    el("span", { id: "tm-own-words-hint", class: "muted", text: "or press Enter" })));
  if (ui.sentOwnWords && refusal) {
    const line = el("p", { class: "tm-refused", role: "alert", text: refusal });
    form.append(line);
    // The button is often at the screen's bottom edge: bring a new reason into view.
    if (ui.refusalShown !== refusal) requestAnimationFrame(() => line.scrollIntoView({ block: "nearest" }));
  }
  ui.refusalShown = ui.sentOwnWords ? refusal : null;
  return form;
}

// Who has voted and who has not, a line for each (with 8 players a line for each seat, all
// "not yet voted", pushed the places half a phone's screen down).
function ballotList(ballots, name) {
  const said = { yes: "Voted yes", no: "Voted no", cast: "Voted", waiting: "Not yet voted" };
  const groups = new Map(Object.keys(said).map((ballot) => [ballot, []]));
  ballots.forEach((ballot, seat) => {
    if (ballot !== null && groups.has(ballot)) groups.get(ballot).push(name(seat));
  });
  return el("ul", { class: "tm-tally" }, [...groups].filter(([, names]) => names.length).map(([ballot, names]) =>
    el("li", { class: `tm-ballot-${ballot}` }, `${said[ballot]}: ${names.join(", ")}`)));
}

// The pointings are shown together once all are in: until then, who has pointed and who not.
function pointingList(pointing, name) {
  if (!pointing) return null;
  const waiting = [];
  const cast = [];
  const shown = [];
  pointing.forEach((target, seat) => {
    if (target === "waiting") waiting.push(name(seat));
    else if (target === "cast") cast.push(name(seat));
    else shown.push(el("li", {}, `${name.subject(seat)} ${name.verb(seat, "point", "points")} at ${name.said(target)}`));
  });
  return el("ul", { class: "tm-tally" },
    cast.length ? el("li", {}, `Pointed: ${cast.join(", ")}`) : null,
    waiting.length ? el("li", {}, `Not yet pointed: ${waiting.join(", ")}`) : null,
    shown);
}

// Calling a vote and the Mole's guess: open to a player at (nearly) any time, never required.
function interjectSection(obs, parts, ctx, name) {
  const blocks = [];
  if (parts.nominate.length) {
    const body = [el("p", { text: "Accuse a player of being the Mole. Everyone else then votes; it passes only if all of them vote yes. You may call one vote per round, whether it passes or not." })];
    if (ui.accusing) {
      body.push(el("div", { class: "tm-chips" }, parts.nominate.map(({ seat, action }) =>
        actionButton(action, ctx.onAction, { class: "tm-accuse" }, `Accuse ${name(seat)}`))));
      body.push(el("button", { type: "button", class: "tm-toggle", "aria-label": "Not now: call no vote", "data-focus-key": "close-accuse", onclick: () => { ui.accusing = false; ctx.redraw(); } }, "Not now"));
    } else {
      body.push(el("button", { type: "button", class: "tm-toggle", "data-open": "accuse", "data-focus-key": "open-accuse", onclick: () => { ui.accusing = true; ctx.redraw(); } }, "Call a vote…"));
    }
    blocks.push(el("div", { class: "tm-interject" }, el("h3", { text: "Call a vote" }), body));
  }
  if (parts.guess.size) {
    const body = [el("p", { text: "Reveal that you are the Mole and name the place. Right: you score 2. Wrong: every spy scores 1. The round ends either way." })];
    body.push(ui.guessing
      ? el("p", { class: "tm-step", text: `Pick your guess on the list of places: press its “Guess” button.${(obs.locations_used || []).length ? " The places played in earlier rounds come last: none of them is this round's place." : ""}` })
      : el("button", { type: "button", class: "tm-toggle", "data-open": "guess", "data-focus-key": "open-guess", onclick: () => { ui.guessing = true; ctx.redraw(); showGuesses(); } }, "Guess the place…"));
    if (ui.guessing) body.push(el("button", { type: "button", class: "tm-toggle", "aria-label": "Not now: make no guess", "data-focus-key": "close-guess", onclick: () => { ui.guessing = false; ctx.redraw(); } }, "Not now"));
    blocks.push(el("div", { class: "tm-interject mole" }, el("h3", { text: "The Mole's guess" }), body));
  }
  return blocks.length ? el("section", { class: "tm-interjections" }, blocks) : null;
}

// The guesses are made on the list of places, below the prompt: opening them (a click) brings
// the list into view, the questions and answers staying beside it on a wide screen. On a
// phone the places then come right under the Mole's guess (the CSS), before the round's
// questions and answers: they were a screen further down, and brought into view there they
// left the words above them ("Pick your guess…", "Not now") off the screen. The guess's
// words go to the screen's top, the places under them.
function showGuesses() {
  const board = document.querySelector("[data-board='the-mole']");
  if (!board) return;
  if (window.matchMedia("(max-width: 699px)").matches) board.querySelector(".tm-interject.mole")?.scrollIntoView({ block: "start" });
  else board.querySelector(".tm-places")?.scrollIntoView({ block: "nearest" });
}

// The places played in earlier rounds of this cycle (TM-5: a round's place is drawn from
// those not yet played; the view lists them without the round's own, until the game's end)
// cannot be this round's: they come last, under their own heading and
// muted, so the places still possible read at a glance. Their Guess buttons stay (the engine
// offers them; a guess of one is legal, only sure to be wrong), drawn light and apart from the
// others so a finger aimed at a possible place does not land on one of them.
function placesSection(obs, content, parts, ctx) {
  const { table, you } = ctx;
  // Before the start there is no round to take notes on: a place crossed off then was kept
  // as round 1's and stood crossed off when the cards were dealt. The places are listed to be
  // read, the notes offered once the game starts.
  const gathering = notStarted(table);
  const crossed = gathering ? new Set() : readNotes(table, you, obs.round);
  const here = obs.card && !obs.card.mole ? obs.card.location : null;
  const played = new Set(obs.locations_used || []);
  const cell = (place) => {
    const classes = ["tm-place"];
    if (crossed.has(place.id)) classes.push("crossed");
    if (place.id === here) classes.push("here");
    if (played.has(place.id)) classes.push("played");
    // Named for what pressing does (the pressed state says whether it is crossed off), with
    // the marks it shows.
    const marks = (place.id === here ? ", you are here" : "") + (played.has(place.id) ? ", played" : "");
    if (gathering) return el("li", { class: classes.join(" ") }, el("div", { class: "tm-note" }, el("span", { class: "tm-place-name", text: place.name })));
    const toggle = el("button", {
      type: "button", class: "tm-note", "aria-pressed": String(crossed.has(place.id)), "data-place": place.id, "data-focus-key": `place-${place.id}`,
      "aria-label": `Cross off ${place.name}${marks}`,
      title: crossed.has(place.id) ? "crossed off in your notes: press to restore" : "press to cross off in your notes",
      onclick: () => {
        if (crossed.has(place.id)) crossed.delete(place.id);
        else crossed.add(place.id);
        writeNotes(table, you, obs.round, crossed);
        ctx.redraw();
      },
    }, el("span", { class: "tm-place-name", text: place.name }),
    place.id === here ? el("span", { class: "tm-tag here", text: "★ you are here" }) : null,
    played.has(place.id) ? el("span", { class: "tm-tag played", text: "played" }) : null);
    // Sixteen buttons read "Guess": each says to a screen reader which place it names (the
    // visible word first, as it is what a person using voice control says).
    const guess = ui.guessing && parts.guess.has(place.id)
      ? actionButton(parts.guess.get(place.id), ctx.onAction, {
        class: "tm-guess", "aria-label": `Guess that the place is ${place.name}${played.has(place.id) ? " (played in an earlier round)" : ""}`,
      }, "Guess")
      : null;
    return el("li", { class: classes.join(" ") }, toggle, guess);
  };
  // Once the game is over the last round's place is among those played: none is set apart.
  const apart = obs.phase !== "over";
  const open = content.places.filter((place) => !(apart && played.has(place.id)));
  const done = content.places.filter((place) => apart && played.has(place.id));
  const recap = guessRecap(obs, content, ctx);
  return el("section", { class: "tm-places" },
    el("div", { class: "tm-places-head" }, el("h3", { text: "Places" }), recap && recap.toggle),
    recap && recap.panel,
    el("p", { class: "muted tm-places-hint", text: gathering
      ? "The places a round may be at. Once the game starts, press a place to cross it off in your private notes."
      : "Your private notes: press a place to cross it off. Only this browser sees them." }),
    el("ul", { class: "tm-grid", "aria-label": done.length ? "Places not played yet" : "Places" }, open.map(cell)),
    done.length ? el("div", { class: "tm-played-places" },
      el("h4", { text: `Played in earlier rounds (${done.length}): not this round's place` }),
      el("ul", { class: "tm-grid", "aria-label": "Places played in earlier rounds" }, done.map(cell))) : null);
}

// On a phone the Mole picks its guess with the places right under the guess's words, the
// round's questions and answers below all 16 (the CSS): rereading them, which is what a guess
// is made from, meant scrolling past the places and back to the right Guess button. Beside
// the places' heading a toggle opens the answers, in short, above the places; it is closed
// at first, so that every Guess button stays on the first screen with the guess's words.
// (A wider screen shows the questions and answers in a column beside the places: no toggle.)
function guessRecap(obs, content, ctx) {
  const exchanges = obs.exchanges || [];
  if (!ui.guessing || !exchanges.length) return null;
  const name = makeNamer(ctx.table, ctx.you);
  const open = ui.recapOpen;
  const toggle = el("button", {
    type: "button", class: "tm-toggle tm-recap-toggle", "data-open": "recap", "data-focus-key": "recap", "aria-expanded": String(open),
    "aria-controls": open ? "tm-recap" : null, onclick: () => { ui.recapOpen = !ui.recapOpen; ctx.redraw(); },
  }, el("span", { "aria-hidden": "true", text: open ? "▾ " : "▸ " }), `This round's answers (${exchanges.length})`);
  const panel = open ? el("ol", { class: "tm-recap", id: "tm-recap", "aria-label": "This round's questions and answers" },
    exchanges.map((exchange) => {
      const { text, own } = answerWords(exchange);
      return el("li", {},
        el("span", { class: "tm-recap-q", text: `${name(exchange.asker)} → ${name(exchange.answerer)}: ${questionText(content, exchange.question)}` }),
        el("span", { class: "tm-recap-a" }, el("span", { class: "tm-a-text", text }),
          own ? ownWordsTag(name, exchange.answerer) : null));
    })) : null;
  return { toggle, panel };
}

// The tag on an answer typed by its player (TM-13): "your own words" when it is this page's
// seat's, as the move log says it to you.
function ownWordsTag(name, seat) {
  const title = name.verb(seat, "you answered in your own words", `${name(seat)} answered in their own words`);
  return el("span", { class: "tm-tag", title, text: "own words" });
}

// The view gives each answer's words; a free-text answer's notation is a quoted string.
function answerWords(exchange) {
  return { text: exchange.text, own: exchange.answer.startsWith('answer "') };
}

function talkSection(obs, content, name, table) {
  // Before the start, "No question asked yet this round" spoke of a round under way.
  if (notStarted(table)) {
    return el("section", { class: "tm-talk" }, el("h3", { text: "Questions and answers" }),
      el("p", { class: "muted", text: "Each round's questions and answers show here once the game starts." }));
  }
  const lines = (obs.exchanges || []).map((exchange) => {
    const { text, own } = answerWords(exchange);
    return el("li", { class: "tm-exchange" },
      el("div", { class: "tm-q" }, el("span", { class: "tm-who", text: `${name(exchange.asker)} → ${name(exchange.answerer)}` }), el("span", { class: "tm-q-text", text: questionText(content, exchange.question) })),
      el("div", { class: `tm-a${own ? " own" : ""}` }, el("span", { class: "tm-who", text: name(exchange.answerer) }), el("span", { class: "tm-a-text", text }),
        own ? ownWordsTag(name, exchange.answerer) : null));
  });
  if (obs.phase === "answer" && obs.question) {
    lines.push(el("li", { class: "tm-exchange pending" },
      el("div", { class: "tm-q" }, el("span", { class: "tm-who", text: `${name(obs.asker)} → ${name(obs.answerer)}` }), el("span", { class: "tm-q-text", text: questionText(content, obs.question) })),
      el("div", { class: "tm-a" }, el("span", { class: "tm-who", text: name(obs.answerer) }), el("span", { class: "muted", text: "thinking…" }))));
  }
  const votes = (obs.votes || []).map((vote) => {
    const yes = vote.ballots.filter((b) => b === "yes").length;
    const no = vote.ballots.filter((b) => b === "no").length;
    return el("li", {}, `${name.subject(vote.nominator)} accused ${name.said(vote.nominee)}: ${vote.passed ? "passed" : "failed"} (${yes} yes, ${no} no)`);
  });
  // At the game's end they are the last round's (a round's are kept until the next one).
  const over = obs.phase === "over";
  // The votes first: the box scrolls to its end, the latest question and answer (8 random
  // bots' votes at its end filled it).
  return el("section", { class: "tm-talk", "aria-label": "Questions and answers", "data-focus-key": "talk" },
    votes.length ? el("div", { class: "tm-votes" }, el("h4", { text: over ? "Votes in the last round" : "Votes this round" }), el("ul", {}, votes)) : null,
    el("h3", { text: `Questions and answers ${over ? "in the last round" : "this round"}` }),
    lines.length ? el("ol", { class: "tm-conversation", "aria-label": "Questions and answers", "data-focus-key": "talk-list" }, lines) : el("p", { class: "muted", text: over ? "No question was asked in the last round." : "No question asked yet this round." }));
}

function roundEnding(result, content, name) {
  const mole = name.subject(result.mole);
  const moleScored = result.points[result.mole] > 0;
  if (result.end === "guess") {
    return `${mole}, the Mole, guessed ${placeName(content, result.guess)}: ${moleScored ? "right" : "wrong"}.`;
  }
  const how = result.end === "vote" ? "A vote" : "The final vote";
  if (result.accused === null) return `${how} did not agree on anyone.`;
  const caught = result.accused === result.mole ? "the Mole" : `a spy (${roleName(content, result.location, result.roles[result.accused])})`;
  return `${how} accused ${name.said(result.accused)}: ${caught}.`;
}

// Seats that scored alike are named once: "+1 to everyone but Ann" instead of seven names,
// each followed by "+1", which filled a phone's screen per round.
function pointsText(result, name) {
  const bySize = new Map();
  result.points.forEach((points, seat) => {
    if (points > 0) bySize.set(points, [...(bySize.get(points) || []), seat]);
  });
  if (!bySize.size) return "—";
  const everyone = result.points.length;
  return [...bySize].map(([points, seats]) => `+${points} to ${whoText(seats, everyone, name)}`).join("; ");
}

function whoText(seats, everyone, name) {
  if (seats.length === everyone) return "everyone";
  if (seats.length >= 3 && seats.length === everyone - 1) {
    const other = [...Array(everyone).keys()].find((seat) => !seats.includes(seat));
    return `everyone but ${name.said(other)}`;
  }
  return andList(seats.map(name.said));
}

function historySection(obs, content, name) {
  const history = obs.history || [];
  if (!history.length) return null;
  // The labels name the cells where a phone shows each round as a card without the header.
  const rows = history.map((result) => el("tr", {},
    el("td", { text: String(result.round) }),
    el("td", { class: "tm-history-place", text: placeName(content, result.location) }),
    el("td", { "data-label": "Mole", text: name(result.mole) }),
    el("td", { text: roundEnding(result, content, name) }),
    el("td", { "data-label": "Points", text: pointsText(result, name) })));
  return el("section", { class: "tm-history" },
    el("h3", { text: "Rounds played" }),
    el("table", { class: "data tm-history-table" },
      el("thead", {}, el("tr", {}, ["#", "Place", "Mole", "How it ended", "Points"].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows)));
}

function lastRoundBanner(obs, content, name) {
  const history = obs.history || [];
  const last = history[history.length - 1];
  const fresh = obs.answers_given === 0 && !(obs.votes || []).length && obs.phase !== "over";
  if (!last || !(fresh || obs.phase === "over")) return null;
  return el("p", { class: "tm-banner", "data-round-ended": last.round },
    `Round ${last.round} was at the ${placeName(content, last.location)}. ${roundEnding(last, content, name)} Points: ${pointsText(last, name)}.`);
}

function legendSection(table) {
  const target = (table && table.options && table.options.target_score) || 5;
  const item = (mark, text) => el("li", {}, mark, ` ${text}`);
  // Left open or closed as the person left it (each move at the table draws it anew).
  const legend = el("details", { class: "tm-legend", open: ui.legendOpen }, el("summary", { text: "Legend", "data-focus-key": "tm-legend" }), el("ul", {},
    item(el("span", { class: "tm-mark dealer", text: "D" }), "dealer this round (the player on the dealer's left asks first)"),
    item(el("span", { class: "tm-mark asking", text: "asks" }), "asks the next question"),
    item(el("span", { class: "tm-mark answering", text: "answers" }), "must answer the question on the table"),
    item(el("span", { class: "tm-mark voted", text: "vote called" }), "has called their one vote this round"),
    item(el("span", { class: "tm-hand", text: "5" }), "question cards in hand"),
    item(el("span", { class: "tm-score", text: "3" }), `points (${target} wins at the end of a round)`),
    item(el("span", { class: "tm-tag here", text: "★ you are here" }), "this round's place, from your card (spies only)"),
    item(el("span", { class: "tm-tag played", text: "played" }), "played in an earlier round, so not this round's place (no place repeats until all 16 have been played); listed last"),
    item(el("span", { class: "tm-legend-crossed", text: "Farm" }), "crossed off in your private notes"),
    item(el("span", { class: "tm-tag", text: "own words" }), "an answer typed by the player, not one of the ready-made ones")));
  legend.addEventListener("toggle", () => { ui.legendOpen = legend.open; });
  return legend;
}

// ------------------------------------------------------------------ a move that was not made

// Read by table.js: this board says itself when a move it sent was not made (``checkSent``).
export const saysUnmadeMoves = true;

// A move sent from the board can fail to reach the game: the table moved on between the
// drawing and the click (a guess as the round's last answer ran the time out), and the server
// refuses it, or the page drops it, without a word near the board (the page's error line,
// when there is one, sits below the board, off a phone's screen). The board remembers what it
// sent and, when a later drawing shows it neither made (no entry of this seat in the log
// since) nor still to be made, says so above the prompt until this seat's next move or the
// next round.
function send(context, action) {
  const log = context.log || [];
  ui.sent = {
    action, round: context.observation && context.observation.round,
    from: log.length ? log[log.length - 1].n + 1 : 0, names: makeNamer(context.table, context.you),
  };
  ui.notice = null;
  context.onAction(action);
}

function checkSent(context) {
  const obs = context.observation || {};
  // The game's end ends the round too: what was said of a move in it goes.
  if (ui.notice && (ui.notice.round !== obs.round || obs.phase === "over")) ui.notice = null;
  const sent = ui.sent;
  if (!sent || context.replaying) return;
  if ((context.log || []).some((entry) => entry.n >= sent.from && entry.seat === context.you)) {
    ui.sent = null; // it was made
    return;
  }
  if (context.pending) return; // no answer yet
  // A move overtaken by the game's end is said once, by the page under the board (table.js
  // ``gameEnded``); the Game over box says the game ended. Here it was a third red box.
  if (obs.phase === "over") {
    ui.sent = null;
    return;
  }
  const parts = legalParts(context.legal);
  const freeText = sent.action.startsWith('answer "');
  const offered = freeText ? parts.answer.length > 0 : (context.legal || []).includes(sent.action);
  const gaveUp = context.unmade === sent.action;
  // Still offered with no reason given: on its way (a refused answer in the player's own
  // words is explained under its box instead).
  if (offered && (freeText || (!gaveUp && !context.refusal))) return;
  ui.sent = null;
  // Given up by the page while still offered, the page's own sentence as the refusal would
  // read nested inside this one: it is said in one plain sentence instead.
  const reason = !offered ? movedOn(obs, sent) : gaveUp ? OVERTAKEN : `the table refused it (${context.refusal})`;
  ui.notice = { text: `${unmadeMove(sent, context.guide)}: ${reason}.`, round: obs.round };
}

// The page sends a move refused as stale once more, then gives up on it (table.js).
const OVERTAKEN = "other moves reached the table first; you can try again";

function ownWordsRefusal(ctx) {
  const { unmade, refusal } = ctx;
  return unmade && unmade.startsWith('answer "') ? `Your answer was not given: ${OVERTAKEN}.` : refusal;
}

function unmadeMove(sent, guide) {
  const [verb, first] = sent.action.split(" ");
  const name = sent.names;
  if (verb === "guess") return `Your guess (${placeName(words(guide), first)}) was not made`;
  if (verb === "ask") return `Your question to ${name(Number(first))} was not asked`;
  if (verb === "answer") return "Your answer was not given";
  if (verb === "nominate") return `Your vote against ${name(Number(first))} was not called`;
  if (verb === "vote") return "Your vote was not counted";
  if (verb === "point") return `Your pointing at ${name(Number(first))} was not counted`;
  return `Your move (${sent.action}) was not made`;
}

// What the observation shows came first (the page is not told why a move was dropped).
function movedOn(obs, sent) {
  if (obs.round !== sent.round) return "the round ended before it arrived";
  if (obs.timer && obs.timer.time_up) {
    const used = obs.question_limit && obs.answers_given >= obs.question_limit;
    return used ? `time ran out before it arrived (the round's ${counted(obs.question_limit, "answer")} ${obs.question_limit === 1 ? "was" : "were"} given)` : "time ran out before it arrived";
  }
  if (obs.phase === "vote") return "a vote was called before it arrived";
  return "the table moved on before it arrived";
}

function noticeLine() {
  if (!ui.notice) return null;
  const line = el("p", { class: "tm-notice", role: "alert", text: ui.notice.text });
  // Said where the move was made, often far down a phone's page (the places): brought in view.
  if (ui.noticeShown !== ui.notice) {
    ui.noticeShown = ui.notice;
    requestAnimationFrame(() => line.scrollIntoView({ block: "nearest" }));
  }
  return line;
}

// Bots move several times a second and most of their moves change nothing on this board
// (table.js holds a drawing while a pointer is pressed on it): a drawing that would change
// nothing is skipped, which also keeps a half-typed answer, its caret and the page's scroll.
function drawSignature(context) {
  const seats = context.table ? context.table.seats.map((slot) => [slot.name, slot.kind]) : [];
  return JSON.stringify([context.observation, context.legal, seats, context.table && context.table.options,
    context.table && context.table.status, Boolean(context.guide), context.replaying, context.refusal, context.unmade,
    sendingNow(context), ui.askTarget, ui.accusing, ui.guessing, ui.recapOpen, ui.notice]);
}

// What the page put after the board last time (the raw observation) goes: it adds it again.
function dropExtras(container) {
  while (container.children.length > 1) container.lastElementChild.remove();
}

export function render(container, context) {
  checkSent(context);
  if (container.firstElementChild && drawSignature(context) === ui.drawn) {
    dropExtras(container);
    return;
  }
  draw(container, context);
  ui.drawn = drawSignature(context); // drawing may reset a choice (a new round ends accusing)
}

function draw(container, context) {
  const obs = context.observation || {};
  const content = words(context.guide);
  const name = makeNamer(context.table, context.you);
  // The round ended while this seat was picking a guess (its own guess, or a vote that
  // passed meanwhile): see ``showRoundEnd``.
  const endedWhileGuessing = ui.guessing && ui.roundSeen !== null && ui.roundSeen !== obs.round && obs.phase !== "over";
  if (ui.roundSeen !== obs.round) {
    ui.roundSeen = obs.round;
    ui.accusing = false;
    ui.guessing = false;
    ui.recapOpen = false;
  }
  const parts = legalParts(context.legal);
  if (!parts.nominate.length) ui.accusing = false;
  if (!parts.guess.size) ui.guessing = false;
  // The typed answer stays while it may still be sent (a refused one can be corrected).
  if (!parts.answer.length && ui.answerBox) ui.answerBox.value = "";
  if (!parts.answer.length) ui.sentOwnWords = false;
  settleDraft(context, parts);
  // A redraw for choices made on this board only (no new state): the page's own additions
  // below the board (the raw observation) stay. (The page sees the board change and looks
  // again at where this seat's move is made: the Mole's guesses may have opened or closed.)
  const redraw = () => {
    const extras = [...container.children].slice(1);
    draw(container, context);
    ui.drawn = drawSignature(context);
    container.append(...extras);
  };
  const ctx = { ...context, redraw, onAction: (action) => send(context, action) };
  if (!content.places.length) {
    container.replaceChildren(el("p", { class: "muted", "data-board": "the-mole", text: "Loading the game's cards…" }));
    return;
  }
  // Keep a half-typed answer and its caret through redraws caused by other players' moves.
  const typing = ui.answerBox && document.activeElement === ui.answerBox ? [ui.answerBox.selectionStart, ui.answerBox.selectionEnd] : null;
  // The button pressed is disabled while its move is on its way, and loses the focus: it
  // gets it back once the move is answered, if it is still there (a move refused).
  ui.sending = sendingNow(context);
  let sentFrom = null;
  if (ui.sending) ui.focusAfterSending = focusKeyOf(container) || ui.focusAfterSending;
  else {
    sentFrom = ui.focusAfterSending;
    ui.focusAfterSending = null;
  }
  const talkScroll = conversationScroll(container);
  const placesBefore = ui.guessing ? placesInView(container) : null;
  // Two groups: what a decision is made from (your card, the prompt, calling a vote or
  // guessing) and the evidence (the round, the players, the questions and answers). A laptop
  // or a tablet shows them side by side, the evidence in a column that stays in view beside
  // the prompt and the places (the CSS; .tm-play holds what it stays beside); narrower screens
  // show the pieces one under another (the groups vanish).
  const board = el("div", {
    class: "tm", "data-board": "the-mole", "data-phase": obs.phase || "", "data-round": obs.round ?? "",
    "data-guessing": ui.guessing ? "yes" : null,
  },
    el("div", { class: "tm-play" },
      el("div", { class: "tm-decide" },
        cardSection(obs, content, context.you, context.table),
        lastRoundBanner(obs, content, name),
        noticeLine(),
        promptSection(obs, content, parts, ctx, name),
        interjectSection(obs, parts, ctx, name)),
      el("div", { class: "tm-evidence" },
        statusSection(obs, context.table), playersSection(obs, context.table, context.you, name), talkSection(obs, content, name, context.table)),
      placesSection(obs, content, parts, ctx)),
    historySection(obs, content, name),
    legendSection(context.table));
  if (ui.sending) showSending(board);
  // Every move at the table (a bot's ballot) draws the board anew: the control that had the
  // focus (reached by the keyboard, or by the page's "Go to your move") gets it back, or,
  // gone (the move was made, the prompt moved on), the prompt's next control or its heading,
  // instead of the focus falling back to the page's top.
  keepFocus(container, () => {
    container.replaceChildren(board);
    keepPlacesInPlace(board, placesBefore);
    if (endedWhileGuessing) showRoundEnd(board);
    fitEvidence(container);
    settleFacts(board);
    keepConversationScroll(board, talkScroll);
    if (typing && ui.answerBox.isConnected) {
      ui.answerBox.focus();
      ui.answerBox.setSelectionRange(typing[0], typing[1]);
    }
  }, (key) => nextFocus(board, key, sentFrom));
}

// This seat's move on its way to the table (the page's ``pending``, not in a replay).
function sendingNow(context) {
  return Boolean(context.pending) && !context.replaying;
}

// Meanwhile the page drops a second move, and a prompt still offering the task read as if the
// click had not been taken: every move's button is disabled, the one sent marked, and the
// prompt says it is on its way. The answer box is left as it is, a half-typed answer in it
// kept (Enter there sends nothing meanwhile); so are the private notes, which are no moves.
// "Call a vote…" and "Guess the place…" are disabled too: they opened a choice whose every
// button was disabled.
function showSending(board) {
  const chosen = ui.sent ? ui.sent.action : null;
  const ownWords = Boolean(chosen && chosen.startsWith('answer "'));
  const moves = "button[data-action], button[data-ask-target], button[data-own-answer], button[data-open='accuse'], button[data-open='guess']";
  for (const button of board.querySelectorAll(moves)) {
    button.disabled = true;
    if (ownWords ? button.hasAttribute("data-own-answer") : button.dataset.action === chosen) button.classList.add("chosen");
  }
  board.dataset.sending = "";
  const title = board.querySelector(".tm-prompt h3");
  if (title) title.after(el("p", { class: "tm-sending", role: "status", text: "Sending your move…" }));
}

// While the Mole picks a guess the Guess buttons stay where they are on the screen. Each move
// at the table draws the board anew, and what stands above the places grows: a new question
// and answer (on a phone the talk comes before the places), the prompt with up to 12 answers
// when the Mole is asked. The places slid down under a finger aimed at a Guess button, which
// could then land on another place's: the page is scrolled back by as much.
function placesInView(container) {
  const places = container.querySelector(".tm-places");
  const top = places ? places.getBoundingClientRect().top : null;
  return top !== null && top < window.innerHeight ? top : null;
}

function keepPlacesInPlace(board, before) {
  if (before === null) return;
  const now = board.querySelector(".tm-places")?.getBoundingClientRect().top;
  if (now !== undefined && Math.abs(now - before) >= 1) window.scrollBy(0, now - before);
}

// After the Mole's guess the next round is dealt, and the page stayed where the guess was
// made, far down a phone's page (with 8 players 1,100 px): what came of the guess (the
// banner "Round 1 was at the Bakery…") and the Mole's new card, which says whether it is a
// spy now and where, were off the screen above it, the new round's notes or the rounds
// played in view instead. The card and the banner under it are brought into view.
function showRoundEnd(board) {
  const card = board.querySelector(".tm-card");
  if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: "start" });
}

// The questions and answers scroll in their own box (on a laptop with the round's votes): it
// shows the latest ones, and stays where a person scrolled it to read older ones while others
// play on (each draw makes a new box). ``ui.talkAtEnd`` follows the person's scrolling.
// The questions and answers scroll on their own (the section beside the prompt, the list on a
// phone): a Tab stop while they do.
function markTalkFocusable(root) {
  const talk = root.querySelector(".tm-talk");
  if (!talk) return;
  for (const node of [talk, talk.querySelector(".tm-conversation")]) if (node) tabStopWhileScrolling(node);
}

function talkScroller(root) {
  const talk = root.querySelector(".tm-talk");
  if (!talk) return null;
  return getComputedStyle(talk).overflowY === "auto" ? talk : talk.querySelector(".tm-conversation");
}

function conversationScroll(container) {
  const box = talkScroller(container);
  return box ? { top: box.scrollTop, round: container.firstElementChild?.dataset.round } : null;
}

function keepConversationScroll(board, before) {
  const box = talkScroller(board);
  if (!box) return;
  const keep = before && !ui.talkAtEnd && before.round === board.dataset.round;
  if (!keep) ui.talkAtEnd = true;
  box.scrollTop = keep ? before.top : box.scrollHeight;
  box.addEventListener("scroll", () => {
    ui.talkAtEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 4;
  }, { passive: true });
}

// Beside the prompt (a screen 700 px wide or more) the evidence column is as tall as the
// screen below its top, so the latest question and answer show with the page at its top (the
// box of questions and answers scrolls inside it); it sticks to the screen's top while the
// page scrolls to the places. The room is measured when the board is drawn, the window
// resized or the page scrolled, and when what lies above the board changes size (the result
// box unfolding at the game's end: ``layoutWatcher``); then too the prompt's facts are settled
// (``settleFacts``).
const EVIDENCE_MARGIN = 8;

function fitEvidence(container) {
  markTalkFocusable(container);
  const column = container.querySelector(".tm-evidence");
  if (!column) return;
  const top = Math.max(column.getBoundingClientRect().top, EVIDENCE_MARGIN);
  const room = Math.max(260, Math.floor(window.innerHeight - top - EVIDENCE_MARGIN));
  if (ui.room !== room) {
    ui.room = room;
    container.style.setProperty("--tm-room", `${room}px`);
  }
  const box = ui.talkAtEnd && talkScroller(container);
  if (box) box.scrollTop = box.scrollHeight; // a resized box keeps showing the latest
  if (!ui.watchAbove) {
    ui.watchAbove = layoutWatcher(refitLater);
    window.addEventListener("resize", refitLater);
    window.addEventListener("scroll", refitLater, { passive: true });
  }
  ui.watchAbove(container);
}

let refitPending = false;

function refitLater() {
  if (refitPending) return;
  refitPending = true;
  requestAnimationFrame(() => {
    refitPending = false;
    const board = document.querySelector("[data-board='the-mole']");
    if (board) {
      fitEvidence(board.parentElement);
      settleFacts(board, true);
    }
  });
}

// The focus's control in the board, named as ``keepFocus`` names it.
function focusKeyOf(container) {
  const node = document.activeElement;
  return node && node !== container && container.contains(node) ? keyOf(node) : null;
}

function keyed(board, key) {
  const [kind, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const attribute = kind === "action" ? "data-action" : "data-focus-key";
  return board.querySelector(`[${attribute}="${CSS.escape(name)}"]`);
}

// A choice opened or closed on the board ("Call a vote…", "Not now") takes its button away:
// the focus goes to what it opened, or back to what opens it again.
const LEADS_TO = {
  "key:open-accuse": ".tm-accuse", "key:close-accuse": "[data-open='accuse']",
  "key:open-guess": ".tm-guess", "key:close-guess": "[data-open='guess']",
};

// Where the focus goes when its control is gone: the move sent, if it is offered again (it was
// refused); what a choice opened or closed leads to; else the prompt's first control (what is
// asked now), or its heading (what the table waits for, or that the move is on its way).
function nextFocus(board, key, sentFrom) {
  const live = (node) => (node && !node.disabled ? node : null);
  const found = live(sentFrom && keyed(board, sentFrom)) || live(LEADS_TO[key] && board.querySelector(LEADS_TO[key]));
  if (found) return found;
  const prompt = board.querySelector(".tm-prompt");
  if (!prompt) return null;
  // (While a move is on its way its heading: the answer box, still open, is no place to wait.)
  const control = ui.sending ? null : prompt.querySelector("button:not([disabled]), textarea");
  if (control) return control;
  return focusPlace(prompt.querySelector("h3"));
}

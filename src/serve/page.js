// gamesolve serve's page: asks the server's JSON API (README, "Exploring tables in a browser")
// and draws what it answers. Every value shown is the server's; the page only keeps the game
// played so far (for undo, redo and the chart) and who took which box in dots and boxes, which
// a position alone does not say. Plain script, no library: it is served as it is written.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const state = {
  games: [],
  game: null,
  // The game played so far: {position, mover (0 first, 1 second; null if unknown), move (the
  // move that led here), owners ({box: player} in dots and boxes), answer (the server's)}.
  history: [],
  at: 0,
  // Answers that arrive after the page moved on are dropped.
  asked: 0,
};

// A GET of the API; a failure throws the server's error message.
async function api(path, params) {
  const response = await fetch(`${path}?${new URLSearchParams(params)}`);
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new Error(`${path}: ${response.status} ${response.statusText}`);
  }
  if (!response.ok) throw new Error(body.error || `${path}: ${response.status}`);
  return body;
}

function showError(error) {
  const box = $("error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function svgElement(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// The colour of a value: "win", "tie" (ties and draws), "loss" or "unknown" (a live search
// past its budget), for the player the value is for. A move's value in an impartial game is
// the option's nimber: 0 wins for its mover.
function tone(value, isMove) {
  switch (value.kind) {
    case "win": return "win";
    case "loss": return "loss";
    case "unknown": return "unknown";
    case "score": return value.score > 0 ? "win" : value.score < 0 ? "loss" : "tie";
    case "nimber": return (value.nimber === 0) === isMove ? "win" : "loss";
    default: return "tie";
  }
}

function flip(t) {
  return t === "win" ? "loss" : t === "loss" ? "win" : t;
}

function moveLabel(move) {
  let text = move.value.words;
  if (move.remoteness_change !== null && move.remoteness_change !== 0) {
    text += ` (${move.remoteness_change > 0 ? "+" : ""}${move.remoteness_change})`;
  }
  return text;
}

const current = () => state.history[state.at];

// --- The address: #game=ID&position=TEXT, kept up to date, read at start and when changed.

function writeAddress() {
  const hash = "#" + new URLSearchParams({ game: state.game.id, position: current().position });
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { game: params.get("game"), position: params.get("position") };
}

// --- Playing.

function startAt(game, position) {
  state.game = game;
  $("game").value = game.id;
  $("source").textContent = `${game.title} (${game.source})`;
  const fromStart = position === game.start;
  state.history = [{ position, mover: fromStart ? 0 : null, move: null, owners: {}, answer: null }];
  state.at = 0;
  loadStats();
  show();
}

function play(move) {
  const here = current();
  if (move.position === null) return;
  const again = move.again === true;
  const mover = here.mover === null ? null : again ? here.mover : 1 - here.mover;
  const owners = { ...here.owners };
  if (state.game.game === "dots-and-boxes") {
    const before = dotsBoxes(state.game, here.position);
    for (const box of dotsBoxes(state.game, move.position)) {
      if (!before.includes(box)) owners[box] = here.mover;
    }
  }
  state.history = state.history.slice(0, state.at + 1);
  state.history.push({ position: move.position, mover, move: move.move, owners, answer: null });
  state.at += 1;
  show();
}

async function show() {
  const entry = current();
  writeAddress();
  const asked = ++state.asked;
  try {
    const answer = entry.answer || await api("/api/position", { game: state.game.id, position: entry.position });
    if (asked !== state.asked) return;
    entry.answer = answer;
    showError(null);
    draw(answer);
  } catch (error) {
    if (asked === state.asked) showError(error);
  }
}

function draw(answer) {
  const entry = current();
  const who = entry.mover === null ? "the player to move" : entry.mover === 0 ? "the first player" : "the second player";
  const valueBox = $("value");
  valueBox.className = `value ${tone(answer.value, false)}`;
  const toMove = entry.mover === null ? "" : " (to move)";
  valueBox.textContent = answer.value.kind === "unknown"
    ? `${answer.value.words} for ${who}${toMove}: past the live search's budget`
    : `${answer.finished ? "Finished: " : ""}${answer.value.words} for ${who}${toMove}`;
  const notation = $("notation");
  notation.textContent = answer.position === "" ? "(the start: nothing played)" : answer.position;
  // What a test waits for: the position drawn, as the server wrote it.
  notation.dataset.position = answer.position;
  drawPicture(answer);
  drawMoves(answer);
  drawChart();
  $("undo").disabled = state.at === 0;
  $("redo").disabled = state.at >= state.history.length - 1;
  const first = answer.moves[0];
  $("computer").disabled = !first || first.position === null || first.value.kind === "unknown";
}

function drawMoves(answer) {
  const list = $("moves");
  list.replaceChildren();
  if (answer.moves.length === 0) list.append(element("li", {}, "No moves: the game is over."));
  if (answer.searched) {
    const note = `Searched live, the moves sharing ${answer.node_budget.toLocaleString("en")} positions: a move past its share is unknown. A move provably no better than one listed may be left out.`;
    list.append(element("li", { class: "muted" }, note));
  }
  if (answer.moves.some((m) => m.position === null)) {
    const note = "Greyed moves leave a sum of several games (or nothing): their values are the table's, but the page plays only moves that lead to one position.";
    list.append(element("li", { class: "muted" }, note));
  }
  for (const move of answer.moves) {
    const button = element("button", { type: "button", class: tone(move.value, true) });
    button.append(element("span", {}, move.move), element("span", {}, moveLabel(move)));
    button.disabled = move.position === null;
    button.title = move.position === null ? "leaves a sum of positions" : `play ${move.move}: leads to ${move.position || "the start"}`;
    button.addEventListener("click", () => play(move));
    const item = element("li");
    item.append(button);
    list.append(item);
  }
}

// --- Pictures: each game's own where it has one; the notation above is the text for all.

function drawPicture(answer) {
  const picture = $("picture");
  picture.replaceChildren();
  const game = state.game.game;
  if (game === "mnk") picture.append(mnkPicture(answer));
  else if (game === "dots-and-boxes") picture.append(dotsPicture(answer));
  else if (game === "connect-four") picture.append(connectFourPicture(answer));
  else if (game === "chomp") picture.append(chompPicture(answer));
  else if (game === "chopsticks") picture.append(chopsticksPicture(answer));
  else if (game === "cards") picture.append(cardsPicture(answer));
  else if (game === "octal" || game === "subtraction") picture.append(heapsPicture(answer));
  else if (game === "xiangqi") picture.append(xiangqiPicture(answer));
}

// A move button on a picture: coloured by its value, labelled by it, playing it.
function moveButton(move, className, text) {
  const button = element("button", { type: "button", class: `${className} ${tone(move.value, true)}` }, text);
  button.title = `${move.move}: ${move.value.words}`;
  button.setAttribute("aria-label", `play ${move.move}, ${move.value.words}`);
  button.addEventListener("click", () => play(move));
  return button;
}

// m,n,k: rows of X, O and . separated by /; a move's cell is the one its position changes.
function mnkPicture(answer) {
  const rows = answer.position.split("/");
  const width = Math.max(...rows.map((r) => r.length));
  const grid = element("div", { class: "grid", role: "grid", "aria-label": "the board" });
  grid.style.gridTemplateColumns = `repeat(${width}, auto)`;
  const byCell = new Map();
  for (const move of answer.moves) {
    if (move.position === null) continue;
    const after = move.position.split("/").join("");
    const before = rows.join("");
    for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) byCell.set(i, move);
  }
  rows.join("").split("").forEach((mark, i) => {
    const move = byCell.get(i);
    if (move) {
      const remoteness = move.value.remoteness === null ? "" : move.value.remoteness;
      grid.append(moveButton(move, "cell", String(remoteness)));
    } else {
      grid.append(element("div", { class: "cell", role: "gridcell" }, mark === "." ? "" : mark));
    }
  });
  return grid;
}

// Connect Four: the columns played, 1-based, in order; the first player's discs red.
function connectFourPicture(answer) {
  const width = Number(state.game.params.width);
  const height = Number(state.game.params.height);
  const columns = Array.from({ length: width }, () => []);
  answer.position.split("").forEach((c, ply) => {
    const column = columns[Number(c) - 1];
    if (column) column.push(ply % 2);
  });
  const grid = element("div", { class: "grid c4", "aria-label": "the board" });
  grid.style.gridTemplateColumns = `repeat(${width}, auto)`;
  for (let c = 0; c < width; c++) {
    const move = answer.moves.find((m) => m.move === String(c + 1));
    if (move) {
      const remoteness = move.value.kind === "unknown" ? "?" : move.value.remoteness === null ? "" : move.value.remoteness;
      grid.append(moveButton(move, "drop", `${c + 1}: ${remoteness}`));
    } else grid.append(element("div", { class: "drop" }));
  }
  for (let r = height - 1; r >= 0; r--) {
    for (let c = 0; c < width; c++) {
      const disc = columns[c][r];
      grid.append(element("div", { class: `cell${disc === undefined ? "" : ` p${disc}`}` }));
    }
  }
  return grid;
}

// Chomp: the height of each column, left to right (a, b, ...); a move names the square eaten
// (column letter, row from 1 at the bottom), which takes everything above and right of it.
// The poisoned a1 is dark.
function chompPicture(answer) {
  const heights = answer.position.split(" ").map(Number);
  const rows = Number(state.game.params.rows);
  const grid = element("div", { class: "grid chomp", "aria-label": "the bar" });
  grid.style.gridTemplateColumns = `repeat(${heights.length}, auto)`;
  for (let row = rows; row >= 1; row--) {
    heights.forEach((height, column) => {
      const name = `${String.fromCharCode(97 + column)}${row}`;
      const move = answer.moves.find((m) => m.move === name);
      if (move) grid.append(moveButton(move, "cell", name));
      else if (height >= row) grid.append(element("div", { class: `cell${name === "a1" ? " poison" : " square"}` }, name === "a1" ? "☠" : ""));
      else grid.append(element("div", { class: "cell eaten" }));
    });
  }
  return grid;
}

// Chopsticks: the fingers on each hand, the player to move's first ("1 1 / 1 1"); a hand
// with none is out.
function chopsticksPicture(answer) {
  const sides = answer.position.split("/").map((side) => side.trim().split(/\s+/));
  const box = element("div", { class: "hands" });
  sides.forEach((hands, i) => {
    const row = element("div", { class: "hand-row" });
    row.append(element("span", { class: "muted" }, i === 0 ? "to move" : "waiting"));
    for (const fingers of hands) {
      row.append(element("div", { class: `cell hand${fingers === "0" ? " out" : ""}`, "aria-label": `${fingers} fingers` }, fingers));
    }
    box.append(row);
  });
  return box;
}

// The card game: "mover [a b], opponent [c d]", each hand's card values; a card at 0 is
// spent (a hand of zeros has won).
function cardsPicture(answer) {
  const hands = [...answer.position.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/));
  const box = element("div", { class: "hands" });
  hands.forEach((cards, i) => {
    const row = element("div", { class: "hand-row" });
    row.append(element("span", { class: "muted" }, i === 0 ? "to move" : "waiting"));
    for (const card of cards) {
      row.append(element("div", { class: `cell hand card${card === "0" ? " out" : ""}`, "aria-label": `a card of ${card}` }, card));
    }
    box.append(row);
  });
  return box;
}

// Heaps of tokens (octal and subtraction games): a sum "a + b + c" of heaps, each its count
// ("nothing": none left); each heap a bar, its length to scale with the largest.
function heapsPicture(answer) {
  const heaps = answer.position === "nothing" ? [] : answer.position.split("+").map((h) => Number(h.trim()));
  const box = element("div", { class: "heaps", "aria-label": "the heaps" });
  const most = Math.max(1, ...heaps);
  heaps.forEach((heap) => {
    const row = element("div", { class: "heap-row" });
    const bar = element("div", { class: "heap", title: `${heap} tokens` });
    bar.style.width = `${Math.max(2, (heap / most) * 100)}%`;
    row.append(element("span", { class: "heap-count" }, String(heap)), bar);
    box.append(row);
  });
  if (heaps.length === 0) box.append(element("p", { class: "muted" }, "No heap left."));
  return box;
}

// Xiangqi's endgame: "hx hy bx by ax ay p", Bob's Horse (or "- -" once taken), Bob's
// General, Alice's General, each row (0 to 9) and column (0 to 8), then 0 when Alice is to
// move and 1 when Bob is; a finished game is a sentence. Pieces stand on the points; a move's
// point is where the piece it moves lands.
function xiangqiPieces(position) {
  const w = position.split(/\s+/);
  if (w.length !== 7) return null;
  const at = (x, y) => (x === "-" ? null : [Number(x), Number(y)]);
  return { horse: at(w[0], w[1]), bob: at(w[2], w[3]), alice: at(w[4], w[5]) };
}

function xiangqiPicture(answer) {
  const pieces = xiangqiPieces(answer.position);
  const step = 40;
  const point = ([row, column]) => [30 + column * step, 30 + row * step];
  const svg = svgElement("svg", { viewBox: `0 0 ${8 * step + 60} ${9 * step + 60}`, role: "img", "aria-label": "the board" });
  const line = (a, b) => {
    const [x1, y1] = point(a);
    const [x2, y2] = point(b);
    svg.append(svgElement("line", { x1, y1, x2, y2, class: "axis" }));
  };
  for (let row = 0; row <= 9; row++) line([row, 0], [row, 8]);
  for (let column = 0; column <= 8; column++) {
    // The river between rows 4 and 5 crosses every file but the two edges.
    if (column === 0 || column === 8) line([0, column], [9, column]);
    else {
      line([0, column], [4, column]);
      line([5, column], [9, column]);
    }
  }
  for (const [top, bottom] of [[0, 2], [7, 9]]) {
    line([top, 3], [bottom, 5]);
    line([top, 5], [bottom, 3]);
  }
  if (pieces) {
    // Letters, not the pieces' characters: a machine without CJK fonts would show boxes.
    const names = { horse: ["H", "bob"], bob: ["G", "bob"], alice: ["G", "alice"] };
    for (const [piece, [mark, side]] of Object.entries(names)) {
      if (!pieces[piece]) continue;
      const [cx, cy] = point(pieces[piece]);
      svg.append(svgElement("circle", { cx, cy, r: 16, class: `piece ${side}` }));
      const label = svgElement("text", { x: cx, y: cy, class: "piece-label" });
      label.textContent = mark;
      svg.append(label);
    }
    for (const move of answer.moves) {
      const after = move.position === null ? null : xiangqiPieces(move.position);
      if (!after) continue;
      const moved = ["horse", "bob", "alice"].find((p) => String(after[p]) !== String(pieces[p]) && after[p]);
      if (!moved) continue;
      const [cx, cy] = point(after[moved]);
      const target = svgElement("circle", { cx, cy, r: 9, class: `target ${tone(move.value, true)}` });
      const title = svgElement("title");
      title.textContent = `${move.move}: ${move.value.words}`;
      target.append(title);
      target.addEventListener("click", () => play(move));
      svg.append(target);
    }
  }
  const wrapper = element("div");
  wrapper.append(svg, element("p", { class: "muted" }, "Alice's General (black G) in the top palace; Bob's General (red G) in the bottom one, his Horse (red H) anywhere."));
  return wrapper;
}

// Dots and boxes: dots numbered from 1, row by row, (rows + 1) x (cols + 1); a line is two
// dots joined by "-", a position its lines ("empty" for none).
function dotsLines(position) {
  return position === "empty" ? [] : position.split(" ").filter((w) => w.includes("-"));
}

// The boxes (numbered row by row from 0) whose four sides are drawn.
function dotsBoxes(game, position) {
  const rows = Number(game.params.rows);
  const cols = Number(game.params.cols);
  const lines = new Set(dotsLines(position));
  const boxes = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const d = r * (cols + 1) + c + 1;
      const sides = [`${d}-${d + 1}`, `${d + cols + 1}-${d + cols + 2}`, `${d}-${d + cols + 1}`, `${d + 1}-${d + cols + 2}`];
      if (sides.every((s) => lines.has(s))) boxes.push(r * cols + c);
    }
  }
  return boxes;
}

function dotsPicture(answer) {
  const rows = Number(state.game.params.rows);
  const cols = Number(state.game.params.cols);
  const step = 70;
  const at = (dot) => [30 + ((dot - 1) % (cols + 1)) * step, 30 + Math.floor((dot - 1) / (cols + 1)) * step];
  const svg = svgElement("svg", { viewBox: `0 0 ${cols * step + 60} ${rows * step + 60}`, role: "img", "aria-label": "the grid" });
  const owners = current().owners;
  for (const box of dotsBoxes(state.game, answer.position)) {
    const [x, y] = at(Math.floor(box / cols) * (cols + 1) + (box % cols) + 1);
    const owner = owners[box];
    const name = owner === 0 ? "a" : owner === 1 ? "b" : "taken";
    svg.append(svgElement("rect", { x, y, width: step, height: step, class: `box-${name}` }));
    if (owner === 0 || owner === 1) {
      const label = svgElement("text", { x: x + step / 2, y: y + step / 2, class: "box-label" });
      label.textContent = owner === 0 ? "A" : "B";
      svg.append(label);
    }
  }
  const segment = (line) => {
    const [a, b] = line.split("-").map(Number);
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    return { x1, y1, x2, y2 };
  };
  for (const line of dotsLines(answer.position)) svg.append(svgElement("line", { ...segment(line), class: "drawn" }));
  for (const move of answer.moves) {
    if (!/^\d+-\d+$/.test(move.move)) continue;
    const line = svgElement("line", { ...segment(move.move), class: `open ${tone(move.value, true)}`, tabindex: "-1" });
    const title = svgElement("title");
    title.textContent = `${move.move}: ${move.value.words}`;
    line.append(title);
    line.addEventListener("click", () => play(move));
    svg.append(line);
  }
  for (let dot = 1; dot <= (rows + 1) * (cols + 1); dot++) {
    const [cx, cy] = at(dot);
    svg.append(svgElement("circle", { cx, cy, r: 6, class: "dot" }));
  }
  const wrapper = element("div");
  const mover = current().mover;
  const taken = Object.values(owners);
  const count = (player) => taken.filter((o) => o === player).length;
  const said = mover === null
    ? "Who took the grey boxes is not known: this game was opened in the middle."
    : `Boxes: A ${count(0)}, B ${count(1)}; ${mover === 0 ? "A" : "B"} to move.`;
  wrapper.append(svg, element("p", { class: "muted" }, said));
  return wrapper;
}

// --- The chart: one point a ply, its value for the first player (the player to move's,
// flipped when the second is to move): the remoteness for loopy games, the score for scoring
// games, the nimber for impartial ones; coloured by who is winning (grey on the axis where a
// live search left the value unknown).

function forFirst(entry) {
  const value = entry.answer.value;
  const second = entry.mover === 1;
  const t = second ? flip(tone(value, false)) : tone(value, false);
  let y = 0;
  if (value.kind === "score") y = second ? -value.score : value.score;
  else if (value.nimber !== null) y = value.nimber;
  else if (value.remoteness !== null) y = value.remoteness;
  return { y, tone: t, words: value.words };
}

function drawChart() {
  const chart = $("chart");
  chart.replaceChildren();
  const points = state.history.slice(0, state.at + 1).map((entry, ply) => (entry.answer ? { ply, ...forFirst(entry) } : null)).filter(Boolean);
  const width = 400;
  const height = 160;
  const pad = 24;
  const plies = Math.max(state.at, 1);
  const ys = points.map((p) => p.y).concat([0]);
  const low = Math.min(...ys);
  const high = Math.max(...ys, low + 1);
  const x = (ply) => pad + (ply / plies) * (width - 2 * pad);
  const y = (v) => height - pad - ((v - low) / (high - low)) * (height - 2 * pad);
  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "the value after each ply" });
  svg.append(svgElement("line", { x1: pad, y1: y(0), x2: width - pad, y2: y(0), class: "axis" }));
  svg.append(svgElement("line", { x1: pad, y1: pad, x2: pad, y2: height - pad, class: "axis" }));
  const axisName = state.game.kind === "score" ? "score for the first player" : state.game.kind === "nimber" ? "nimber" : "remoteness";
  for (const [text, tx, ty] of [[String(high), 2, pad], [String(low), 2, height - pad], ["ply", width - pad - 14, height - 6], [axisName, pad + 4, 12]]) {
    const label = svgElement("text", { x: tx, y: ty, class: "tick" });
    label.textContent = text;
    svg.append(label);
  }
  if (points.length > 1) {
    svg.append(svgElement("polyline", { points: points.map((p) => `${x(p.ply)},${y(p.y)}`).join(" "), class: "path" }));
  }
  for (const p of points) {
    const dot = svgElement("circle", { cx: x(p.ply), cy: y(p.y), r: 5, class: p.tone });
    const title = svgElement("title");
    title.textContent = `ply ${p.ply}: ${p.words}`;
    dot.append(title);
    svg.append(dot);
  }
  chart.append(svg);
  const played = $("played");
  played.replaceChildren();
  state.history.forEach((entry, ply) => {
    if (ply === 0) return;
    const item = element("li", { class: ply === state.at ? "current" : "" }, `${ply}. ${entry.move}`);
    played.append(item);
  });
}

// --- The table's statistics.

async function loadStats() {
  const box = $("stats");
  const game = state.game;
  if (game.searched) {
    const said = `No table: each position is searched when asked, within ${game.node_budget.toLocaleString("en")} positions.`;
    box.replaceChildren(element("p", { class: "muted" }, said));
    return;
  }
  box.replaceChildren(element("p", { class: "muted" }, "Counting every position..."));
  try {
    const stats = await api("/api/stats", { game: game.id });
    if (state.game !== game) return;
    box.replaceChildren();
    const counts = element("table", { class: "counts" });
    for (const [kind, n] of Object.entries(stats.by_kind)) {
      const row = element("tr");
      row.append(element("th", {}, kind), element("td", { class: "n" }, n.toLocaleString("en")));
      counts.append(row);
    }
    box.append(
      element("p", {}, `${stats.positions.toLocaleString("en")} positions, solved by ${stats.engine}; checksum ${stats.checksum}.`),
      counts,
    );
    if (stats.extreme) {
      const line = element("p", {}, `${stats.extreme.what[0].toUpperCase()}${stats.extreme.what.slice(1)}: ${stats.extreme.value.words} at `);
      const go = element("button", { type: "button" }, stats.extreme.position || "the start");
      go.addEventListener("click", () => startAt(game, stats.extreme.position));
      line.append(go);
      box.append(line);
    }
    box.append(histogram(stats.histogram));
  } catch (error) {
    if (state.game === game) box.replaceChildren(element("p", { role: "alert" }, String(error.message || error)));
  }
}

// A value in a few characters, under a bar: W3 (win in 3), L2, T9, D, +2, *1.
function shortWords(value) {
  switch (value.kind) {
    case "score": return String(value.score);
    case "nimber": return value.words;
    default: return value.kind[0].toUpperCase() + (value.remoteness === null ? "" : value.remoteness);
  }
}

function histogram(bars) {
  const width = 400;
  const height = 150;
  const most = Math.max(1, ...bars.map((b) => b.count));
  const step = (width - 20) / Math.max(bars.length, 1);
  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "positions by value" });
  bars.forEach((bar, i) => {
    const h = Math.max(1, (bar.count / most) * (height - 24));
    const rect = svgElement("rect", { x: 10 + i * step, y: height - 14 - h, width: Math.max(1, step - 1), height: h, class: tone(bar.value, false) });
    const title = svgElement("title");
    title.textContent = `${bar.value.words}: ${bar.count.toLocaleString("en")}`;
    rect.append(title);
    svg.append(rect);
    // Labelled where the labels fit: every bar up to 24 bars, else every fourth.
    if (bars.length <= 24 || i % 4 === 0) {
      const label = svgElement("text", { x: 10 + i * step + step / 2, y: height - 1, class: "bar-label" });
      label.textContent = shortWords(bar.value);
      svg.append(label);
    }
  });
  return svg;
}

// --- Start-up and controls.

// Plays the first move, the best, unless its value is unknown (a live search past its
// budget): then no move is known to be best.
function computerMoves() {
  const answer = current().answer;
  const first = answer && answer.moves[0];
  if (first && first.position !== null && first.value.kind !== "unknown") play(first);
}

function undo() {
  if (state.at > 0) {
    state.at -= 1;
    show();
  }
}

function redo() {
  if (state.at < state.history.length - 1) {
    state.at += 1;
    show();
  }
}

function followAddress() {
  const wanted = readAddress();
  const game = state.games.find((g) => g.id === wanted.game) || state.games[0];
  if (!game) return;
  const position = wanted.position === null ? game.start : wanted.position;
  if (state.game === game && current() && current().position === position) return;
  startAt(game, position);
}

async function main() {
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", () => startAt(state.game, state.game.start));
  $("computer").addEventListener("click", computerMoves);
  $("game").addEventListener("change", (event) => {
    const game = state.games.find((g) => g.id === event.target.value);
    if (game) startAt(game, game.start);
  });
  window.addEventListener("hashchange", followAddress);
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") undo();
    else if (event.key === "ArrowRight") redo();
    else if (event.key === "c") computerMoves();
  });
  try {
    state.games = (await api("/api/games", {})).games;
  } catch (error) {
    showError(error);
    return;
  }
  for (const game of state.games) $("game").append(element("option", { value: game.id }, game.title));
  followAddress();
}

main();

// The page of `ludeme serve`: draws the state the server sends and turns clicks into moves.
// A move is made by clicking its sites: where it starts, then where it goes (a placement:
// just its site). Where several moves share those sites, a list asks which, in words.
"use strict";

const ludeme = { state: null, selected: null, busy: false };
window.ludeme = ludeme;

const $ = (id) => document.getElementById(id);

async function call(path, body) {
  ludeme.busy = true;
  try {
    const init = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    const r = await fetch(path, init);
    const text = await r.text();
    if (!r.ok) { showError(text); return; }
    draw(JSON.parse(text));
  } catch (e) {
    showError(String(e));
  } finally {
    ludeme.busy = false;
  }
  agentTurn();
}

function showError(text) {
  const e = $("error");
  e.textContent = text || "";
  e.hidden = !text;
}

// While an agent is to move, ask it to play, one move at a time (so the board is drawn
// between moves).
function agentTurn() {
  const s = ludeme.state;
  if (!s || s.over || s.still || s.human || ludeme.busy) return;
  setTimeout(() => { if (!ludeme.busy) call("/api/agent", {}); }, 150);
}

function draw(s) {
  ludeme.state = s;
  ludeme.selected = null;
  document.title = s.name + " — ludeme";
  $("name").textContent = s.name;
  let status = s.over ? "Game over: " + s.result : s.status;
  $("status").textContent = status + (!s.over && s.human ? " — your move" : "");
  showError(s.error);
  $("board").innerHTML = s.svg;
  for (const g of $("board").querySelectorAll("g.site")) {
    g.addEventListener("click", () => clickSite(Number(g.dataset.site)));
  }
  drawKey(s);
  drawGame(s);
  const h = $("history");
  h.innerHTML = "";
  for (const m of s.history) {
    const li = document.createElement("li");
    li.textContent = m;
    h.appendChild(li);
  }
  h.scrollTop = h.scrollHeight;
  hideChoices();
  drawOtherMoves(s);
  mark();
}

function drawKey(s) {
  const t = $("key");
  t.innerHTML = "";
  for (const k of s.key) {
    const tr = document.createElement("tr");
    if (!s.over && s.mover === k.player) tr.className = "to-move";
    const sw = document.createElement("td");
    sw.innerHTML = `<span class="swatch" style="background:${k.colour}"></span>`;
    tr.appendChild(sw);
    const name = document.createElement("td");
    name.textContent = "Player " + k.player + (s.scores ? " (" + s.scores[k.player - 1] + ")" : "");
    tr.appendChild(name);
    const seat = s.seats[k.player - 1] || { kind: "mcts", think: null };
    const kind = document.createElement("select");
    kind.id = "seat-" + k.player;
    for (const v of ["human", "random", "mcts"]) kind.add(new Option(v, v, false, v === seat.kind));
    const think = document.createElement("input");
    think.type = "number"; think.min = "0.1"; think.max = "600"; think.step = "0.1";
    think.placeholder = "1000 it."; think.title = "MCTS thinking time per move (seconds)";
    think.id = "think-" + k.player;
    think.size = 5;
    think.value = seat.think ?? "";
    think.hidden = seat.kind !== "mcts";
    kind.addEventListener("change", setSeats);
    think.addEventListener("change", setSeats);
    const td = document.createElement("td");
    td.appendChild(kind);
    td.appendChild(think);
    tr.appendChild(td);
    t.appendChild(tr);
  }
}

function setSeats() {
  const s = ludeme.state;
  const seats = s.key.map((k) => {
    const think = $("think-" + k.player).value;
    return { kind: $("seat-" + k.player).value, think: think === "" ? null : Number(think) };
  });
  call("/api/seats", { seats });
}

function drawGame(s) {
  const o = $("options");
  o.innerHTML = "";
  for (const opt of s.options) {
    const label = document.createElement("label");
    label.className = "row";
    label.style.display = "block";
    label.textContent = opt.heading + " ";
    const sel = document.createElement("select");
    sel.dataset.heading = opt.heading;
    opt.items.forEach((it, i) => sel.add(new Option(it, it, false, i === opt.selected)));
    label.appendChild(sel);
    o.appendChild(label);
  }
  const r = $("ruleset");
  r.innerHTML = "";
  r.add(new Option("(by the options)", ""));
  for (const name of s.rulesets) r.add(new Option(name, name, false, name === s.ruleset));
  r.parentElement.hidden = s.rulesets.length === 0;
  const b = $("builtin");
  b.innerHTML = "";
  b.add(new Option(s.file, "", true, true));
  for (const f of s.builtin) if (f !== s.file) b.add(new Option(f, f));
}

function drawOtherMoves(s) {
  const d = $("other-moves");
  d.innerHTML = "";
  if (!s.human) return;
  for (const m of s.moves) {
    if (m.to >= 0) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.text;
    b.title = m.words;
    b.dataset.move = m.text;
    b.addEventListener("click", () => play(m.text));
    d.appendChild(b);
  }
}

function movesAt(site) {
  const s = ludeme.state;
  if (!s || !s.human) return { from: [], at: [] };
  return {
    from: s.moves.filter((m) => m.from === site && m.to >= 0),
    at: s.moves.filter((m) => m.from < 0 && m.to === site),
  };
}

// Marks the sites a click can use: where moves start or land, the selected one, its targets.
function mark() {
  const s = ludeme.state;
  const sel = ludeme.selected;
  const movable = new Set();
  const targets = new Set();
  if (s && s.human) {
    for (const m of s.moves) {
      if (m.from >= 0) movable.add(m.from);
      else if (m.to >= 0) movable.add(m.to);
      if (sel !== null && m.from === sel && m.to >= 0) targets.add(m.to);
    }
  }
  for (const g of $("board").querySelectorAll("g.site")) {
    const i = Number(g.dataset.site);
    g.classList.toggle("movable", movable.has(i));
    g.classList.toggle("selected", i === sel);
    g.classList.toggle("target", targets.has(i));
  }
}

function clickSite(site) {
  const s = ludeme.state;
  if (!s || s.over || !s.human || ludeme.busy) return;
  const sel = ludeme.selected;
  if (sel !== null) {
    const hits = s.moves.filter((m) => m.from === sel && m.to === site);
    if (hits.length) { choose(hits, "from " + label(sel) + " to " + label(site)); return; }
  }
  const { from, at } = movesAt(site);
  if (from.length) {
    ludeme.selected = site === sel ? null : site;
    hideChoices();
    mark();
    if (ludeme.selected !== null && at.length) choose(at, "at " + label(site), true);
    return;
  }
  ludeme.selected = null;
  mark();
  if (at.length) choose(at, "at " + label(site));
  else hideChoices();
}

function label(site) {
  const g = $("board").querySelector(`g.site[data-site="${site}"] text`);
  return g ? g.textContent : "site";
}

// One move: play it; several: ask which.
function choose(list, where, alwaysAsk) {
  if (list.length === 1 && !alwaysAsk) { play(list[0].text); return; }
  $("choices-title").textContent = "Moves " + where + ":";
  const l = $("choices-list");
  l.innerHTML = "";
  for (const m of list) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.move = m.text;
    b.textContent = m.text + " — " + m.words;
    b.addEventListener("click", () => play(m.text));
    l.appendChild(b);
  }
  $("choices").hidden = false;
}

function hideChoices() { $("choices").hidden = true; }

function play(text) {
  hideChoices();
  call("/api/move", { text });
}

function readFile(input, then) {
  const f = input.files[0];
  if (!f) return;
  const r = new FileReader();
  r.onload = () => { then(f.name, String(r.result)); input.value = ""; };
  r.readAsText(f);
}

$("choices-cancel").addEventListener("click", () => { ludeme.selected = null; hideChoices(); mark(); });
$("undo").addEventListener("click", () => call("/api/undo", {}));
$("restart").addEventListener("click", () => call("/api/restart", {}));
$("apply").addEventListener("click", () => {
  const options = [...$("options").querySelectorAll("select")].map((s) => s.dataset.heading + "/" + s.value);
  call("/api/new", { options, ruleset: $("ruleset").value || null });
});
$("builtin").addEventListener("change", (e) => { if (e.target.value) call("/api/open", { builtin: e.target.value }); });
$("open-file").addEventListener("change", (e) => readFile(e.target, (name, text) => call("/api/open", { name, text })));
$("load-record").addEventListener("change", (e) => readFile(e.target, (_, text) => {
  let rec;
  try { rec = JSON.parse(text); } catch (err) { showError("not a game record: " + err); return; }
  call("/api/record", rec);
}));

call("/api/state");

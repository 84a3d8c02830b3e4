// Answers you can read: under the stage, the answer best-of-n keeps at n and one the KL optimum
// writes at β (each cloud's point nearest its mean, chosen by Python per stop); over the plane,
// a dot's answer on hover or tap, and a click or tap writes it out in full below.
// The texts are written here from the banks (answer_writer.js, fetched once as answers.json);
// the scores of the two cards come with the world, a dot's are read off the world's fields.

import { answerSentences, hundredths } from "./answer_writer.js";
import { showTooltip } from "./controls.js";
import { fieldSampler } from "./field.js";
import { pointText, signedText } from "./format.js";
import { planeHoverText } from "./plane.js";
import { placeCard } from "./sizes.js";
import { el, setText } from "./svg.js";
import { t } from "./words.js";

const note = () =>
  t(
    "Illustrations of what an answer at that point might read like, put together from fixed sentences written for this demo; the numbers are the model's: each card's are its own answer's scores, where the readouts above are average gains. Grey: padding. Struck through: wrong claims.",
  );
// How a careful reader counts each kind (core/answer_text.py's GOOD_KINDS, WRONG_KINDS, PADDING_KINDS).
const READ_AS = { content: "good", why: "good", wrong: "wrong", padding: "padding" };
const TIP_SENTENCES = 3; // a hover shows the first sentences; a click writes the whole answer below
const CARDS = [
  ["n", (stop) => t("Best-of-n keeps (n = {stop})", { stop })],
  ["beta", (stop) => t("The KL optimum writes (β = {stop})", { stop })],
  ["picked", () => t("The dot you picked")],
];

// The panel, at the end of the stage's root; returns its parts (the banks arrive later).
export function buildAnswerPanel(stage, root) {
  const panel = el(
    "section",
    { class: "answers", "data-testid": "answers", "aria-label": t("Read the answers") },
    root,
  );
  const head = el("div", { class: "answers-head" }, panel);
  el("h2", {}, head, t("Read the answers"));
  const label = el("label", {}, head, t("Question: "));
  const select = el("select", { "data-answers": "question" }, label);
  el("p", { class: "answers-note" }, panel, note());
  const status = el("p", { class: "answers-status" }, panel, t("Loading the answers…"));
  const grid = el("div", { class: "answer-cards" }, panel);
  const cards = {};
  for (const [key] of CARDS) {
    const card = el("article", { "data-answer": key }, grid);
    cards[key] = {
      card,
      heading: el("h3", {}, card),
      numbers: el("p", { class: "answer-numbers" }, card),
      text: el("p", { class: "answer-text" }, card),
    };
  }
  cards.picked.card.hidden = true;
  select.addEventListener("change", () => showAnswers(stage));
  stage.planeSvg.addEventListener("click", (event) => pickAt(stage, event));
  return { panel, select, status, cards, tables: null, address: null, picked: null };
}

// Fetch the banks once (the address names this code's version, so the browser caches it).
export function loadAnswerTables(stage, address) {
  const answers = stage.answers;
  if (!address || answers.address === address) return;
  answers.address = address;
  fetch(address)
    .then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
    )
    .then((tables) => {
      answers.tables = tables;
      answers.select.replaceChildren(
        ...tables.questions.map((q) => el("option", { value: q.id }, null, q.question)),
      );
      answers.status.hidden = true;
      showAnswers(stage);
    })
    .catch(() => {
      answers.address = null; // the next run tries again
      setText(
        answers.status,
        t("The answers could not be loaded; they come back with the next change."),
      );
    });
}

// Both cards at the current stops (and the picked dot's): on every stop, world and reveal.
export function showAnswers(stage) {
  const { tables, cards } = stage.answers;
  if (!tables || !stage.world || !stage.world.answers) return;
  for (const [key, title] of CARDS.slice(0, 2)) {
    const stop = stage.stopIndex(key);
    const method = stage.world[key];
    const chosen = stage.world.answers[key];
    const at = 2 * chosen.index[stop];
    const point = [method.cloud[stop][at], method.cloud[stop][at + 1]].map((value) =>
      hundredths(value / stage.world.scale),
    );
    fillCard(stage, cards[key], title(method.stops[stop]), point, {
      proxy: chosen.proxy[stop],
      gold: chosen.gold[stop],
    });
  }
  const picked = stage.answers.picked;
  cards.picked.card.hidden = !picked;
  if (picked)
    fillCard(stage, cards.picked, CARDS[2][1](), picked, scoresAt(stage.world, picked), "≈ ");
  stage.root.dataset.answers = `${stage.stopIndex("n")},${stage.stopIndex("beta")}`;
}

function fillCard(stage, card, heading, [length, substance], { proxy, gold }, about = "") {
  const sentences = answerSentences(
    stage.answers.tables,
    stage.answers.select.value,
    length,
    substance,
  );
  const counts = { good: 0, wrong: 0, padding: 0 };
  for (const { kind } of sentences) counts[READ_AS[kind]] += 1;
  setText(card.heading, heading);
  const truth = stage.hidingTruth() ? "?" : about + signedText(gold);
  const said = t("{count} sentences: {good} good points, {wrong} wrong, {padding} padding", {
    count: sentences.length,
    ...counts,
  });
  // "this answer": its own scores, beside readouts of average gains (+1.18 here, +0.00 there at n = 1).
  setText(
    card.numbers,
    t("{point} · this answer: reward model {proxy}, true quality {truth} · {said}", {
      point: pointText(length / 100, substance / 100),
      proxy: about + signedText(proxy),
      truth,
      said,
    }),
  );
  card.text.replaceChildren(
    ...sentences.map(({ kind, text }) =>
      el("span", { class: `sentence ${kind}`, "data-kind": kind }, null, `${text} `),
    ),
  );
}

function scoresAt(world, [length, substance]) {
  const read = (field) =>
    fieldSampler(world.plane.grid, world.plane[field], world.scale)(length / 100, substance / 100);
  return { proxy: read("proxy"), gold: read("gold") };
}

// The dot under pixel (px, py) of the plane, in hundredths, or null: the clouds at their
// current stops first (drawn on top), then the 600 answers.
export function dotAt(stage, px, py) {
  if (!stage.planeScale || !stage.world) return null;
  const { x, y } = stage.planeScale;
  const { world } = stage;
  const reach = Math.max(12, 0.7 * stage.size.fontPx); // a finger's tap lands within ~12 px
  let best = null;
  const consider = (values, kind) => {
    for (let i = 0; i + 1 < values.length; i += 2) {
      const distance = Math.hypot(
        x(values[i] / world.scale) - px,
        y(values[i + 1] / world.scale) - py,
      );
      if (distance <= reach && (!best || distance < best.distance - 2))
        best = {
          distance,
          kind,
          point: [values[i], values[i + 1]].map((v) => hundredths(v / world.scale)),
        };
    }
  };
  consider(world.beta.cloud[stage.stopIndex("beta")], "beta");
  consider(world.n.cloud[stage.stopIndex("n")], "n");
  consider(world.plane.answers, "answer");
  return best;
}

const dotNames = () => ({
  beta: t("a sample of the KL optimum"),
  n: t("an answer best-of-n keeps"),
  answer: t("one of the base model's 600 answers"),
});

// The plane's hover or tap: a dot's answer, or else the point's numbers (plane.js).
export function planeTip(stage, px, py, event) {
  if (!showAnswerTip(stage, px, py, event))
    showTooltip(
      stage.root,
      stage.tooltip,
      planeHoverText(stage.world, stage.planeScale, px, py),
      event,
    );
}

// The hover (or a tap's) text for a dot: whose it is, its numbers, its first sentences.
function showAnswerTip(stage, px, py, event) {
  const dot = stage.answers.tables && dotAt(stage, px, py);
  const { tooltip } = stage;
  tooltip.classList.toggle("answer-tip", Boolean(dot));
  if (!dot) return false;
  const sentences = answerSentences(stage.answers.tables, stage.answers.select.value, ...dot.point);
  const { proxy, gold } = scoresAt(stage.world, dot.point);
  const truth = stage.hidingTruth() ? "?" : `≈ ${signedText(gold)}`;
  const rest = sentences.length - TIP_SENTENCES;
  tooltip.replaceChildren(
    el(
      "strong",
      {},
      null,
      `${dotNames()[dot.kind]}: ${pointText(dot.point[0] / 100, dot.point[1] / 100)}`,
    ),
    el(
      "span",
      { class: "tip-numbers" },
      null,
      t("this answer: reward model ≈ {proxy}, true quality {truth}", {
        proxy: signedText(proxy),
        truth,
      }),
    ),
    el(
      "span",
      { class: "tip-text", "data-answer": "tip" },
      null,
      sentences
        .slice(0, TIP_SENTENCES)
        .map((s) => s.text)
        .join(" ") +
        (rest > 0
          ? ` … ${t("({rest} more sentences: click or tap to read it all below)", { rest })}`
          : ""),
    ),
  );
  tooltip.style.display = "block";
  placeCard(stage.root, tooltip, event);
  return true;
}

function pickAt(stage, event) {
  const bounds = stage.planeSvg.getBoundingClientRect();
  const dot =
    stage.answers.tables && dotAt(stage, event.clientX - bounds.left, event.clientY - bounds.top);
  if (!dot) return;
  stage.answers.picked = dot.point;
  showAnswers(stage);
}

// The answer writer's twin: what an answer at a point (length, substance) might say, written
// from the banks core/answer_text.py ships (writer_tables, fetched once as answers.json).
// Step for step the Python: the same counts (integer steps), the same generator (FNV-1a,
// then mulberry32) and the same draws, so both write the very same text for a point
// (tests/js/answer_writer.test.mjs checks it on Python's cases).

const MULBERRY_STEP = 0x6d2b79f5;
const UTF8 = new TextEncoder();
const templatesOf = new WeakMap(); // tables -> every padding template as [place, text], in order

// FNV-1a over a string's UTF-8 bytes, as an unsigned 32-bit number.
export function fnv1a(text) {
  let value = 0x811c9dc5;
  for (const byte of UTF8.encode(text)) value = Math.imul(value ^ byte, 0x01000193) >>> 0;
  return value;
}

// mulberry32: a function giving floats in [0, 1), seeded by a 32-bit number.
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + MULBERRY_STEP) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
    t = ((t + (Math.imul(t ^ (t >>> 7), t | 61) >>> 0)) >>> 0) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(count, next) {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// How many of `steps` (sorted integers) are at most `point`.
function stepsAtMost(steps, point) {
  let count = 0;
  while (count < steps.length && steps[count] <= point) count += 1;
  return count;
}

// Sentence counts at a point given in hundredths: {sentences, content, wrong, padding}.
export function sentenceCounts(tables, lengthHundredths, substanceHundredths) {
  const sentences = 1 + stepsAtMost(tables.length_steps, lengthHundredths);
  const score = tables.first_score + stepsAtMost(tables.substance_steps, substanceHundredths);
  const content = Math.min(Math.max(score, 0), sentences);
  const wrong = Math.min(Math.max(-score, 0), sentences);
  return { sentences, content, wrong, padding: sentences - content - wrong };
}

// A point in units, read to the hundredth (halves up), as Python's _hundredths.
export function hundredths(value, scale = 100) {
  return Math.floor(value * scale + 0.5);
}

const PLACES = ["opening", "middle", "closing"];

// The answer to question `id` at a point in hundredths: [{kind, text}, ...] in order.
export function answerSentences(tables, id, lengthHundredths, substanceHundredths, seed = 0) {
  const question = tables.questions.find((item) => item.id === id) || tables.questions[0];
  const counts = sentenceCounts(tables, lengthHundredths, substanceHundredths);
  const next = mulberry32(fnv1a(`${question.id}:${lengthHundredths}:${substanceHundredths}:${seed}`));
  const fill = (text) => text.replaceAll("{topic}", question.topic).replaceAll("{question}", question.question);
  const wrongOrder = shuffled(question.wrong.length, next);
  if (!templatesOf.has(tables)) templatesOf.set(tables, PLACES.flatMap((place) => tables.padding[place].map((text) => [place, text])));
  const templates = templatesOf.get(tables);
  const picked = shuffled(templates.length, next).slice(0, counts.padding);
  picked.sort((a, b) => PLACES.indexOf(templates[a][0]) - PLACES.indexOf(templates[b][0])); // stable
  const chosen = picked.map((index) => templates[index]);
  const body = question.content.slice(0, counts.content).map((text) => ({ kind: "content", text }));
  for (const index of wrongOrder.slice(0, counts.wrong)) body.push({ kind: "wrong", text: question.wrong[index] });
  for (const [place, text] of chosen) {
    if (place === "middle") body.splice(Math.floor(next() * (body.length + 1)), 0, { kind: "padding", text: fill(text) });
  }
  const around = (where) => chosen.filter(([place]) => place === where).map(([, text]) => ({ kind: "padding", text: fill(text) }));
  return [...around("opening"), ...body, ...around("closing")];
}

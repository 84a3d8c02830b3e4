// The answer writer's twin: what an answer at a point (length, substance) might say, written
// from the banks core/answer_text.py ships (writer_tables, fetched once as answers.json).
// Step for step the Python: the same counts (integer arithmetic on hundredths), the same generator (FNV-1a,
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

// Net good points at a point in hundredths: one per 1.5 of true quality (in ten-thousandths,
// 100·s + 100·l - l² + 10,000, an exact integer), as Python's _net_good_points.
function netGoodPoints(net, length, substance) {
  const gold = 100 * (substance + length) - length * length + 10000;
  return net.at + Math.floor((gold - net.from) / net.step);
}

// [good, wrong] sentences: good - wrong = net (clipped to the room), as Python's _said.
function said(net, wanted, room) {
  const clipped = Math.min(Math.max(wanted, -room), room);
  const pairs = Math.floor((Math.max(room - Math.abs(clipped) - net.room, 0) + 1) / 2);
  const good = Math.max(clipped, 0) + pairs;
  const wrong = Math.max(-clipped, 0) + pairs;
  const silent = good + wrong === 0 ? 1 : 0;
  return [good + silent, wrong + silent];
}

// Sentence counts at a point given in hundredths: {sentences, content, why, wrong, undo, padding}.
export function sentenceCounts(tables, lengthHundredths, substanceHundredths) {
  const length = Math.min(Math.max(lengthHundredths, -tables.range), tables.range);
  const substance = Math.min(Math.max(substanceHundredths, -tables.range), tables.range);
  const sentences = 1 + stepsAtMost(tables.length_steps, length);
  const full = 1 + stepsAtMost(tables.length_steps, tables.best_length);
  const room = Math.min(sentences, full);
  const [good, wrong] = said(tables.net, netGoodPoints(tables.net, length, substance), room);
  const why = Math.min(Math.floor(good / 2), stepsAtMost(tables.why_steps, length));
  const content = good - why;
  const [, wrongAtBest] = said(
    tables.net,
    netGoodPoints(tables.net, tables.best_length, substance),
    full,
  );
  const undo =
    length > tables.best_length ? Math.min(Math.max(wrong - wrongAtBest, 0), content) : 0;
  const padding = sentences - room;
  return {
    sentences: content + why + wrong + padding,
    content,
    why,
    wrong: wrong - undo,
    undo,
    padding,
  };
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
  const next = mulberry32(
    fnv1a(`${question.id}:${lengthHundredths}:${substanceHundredths}:${seed}`),
  );
  const fill = (text) =>
    text.replaceAll("{topic}", question.topic).replaceAll("{question}", question.question);
  const wrongOrder = shuffled(question.wrong.length, next);
  if (!templatesOf.has(tables))
    templatesOf.set(
      tables,
      PLACES.flatMap((place) => tables.padding[place].map((text) => [place, text])),
    );
  const templates = templatesOf.get(tables);
  const picked = shuffled(templates.length, next).slice(0, counts.padding);
  picked.sort((a, b) => PLACES.indexOf(templates[a][0]) - PLACES.indexOf(templates[b][0])); // stable
  const chosen = picked.map((index) => templates[index]);
  // The body in units, so that middle padding never comes between a tip and its why.
  const body = [];
  for (let tip = 0; tip < counts.content; tip += 1) {
    const unit = [{ kind: "content", text: question.content[tip] }];
    if (tip < counts.why) unit.push({ kind: "why", text: question.why[tip] });
    body.push(unit);
  }
  for (const text of question.undo.slice(0, counts.undo)) body.push([{ kind: "undo", text }]);
  for (const index of wrongOrder.slice(0, counts.wrong))
    body.push([{ kind: "wrong", text: question.wrong[index] }]);
  for (const [place, text] of chosen) {
    if (place === "middle")
      body.splice(Math.floor(next() * (body.length + 1)), 0, [
        { kind: "padding", text: fill(text) },
      ]);
  }
  const around = (where) =>
    chosen
      .filter(([place]) => place === where)
      .map(([, text]) => ({ kind: "padding", text: fill(text) }));
  return [...around("opening"), ...body.flat(), ...around("closing")];
}

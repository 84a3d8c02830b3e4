// The answer writer's twin: what an answer at a point (length, substance) might say, written
// from the banks core/answer_text.py ships (writer_tables, fetched once as answers.json).
// Step for step the Python: the same counts (integer arithmetic on hundredths), the same generator (FNV-1a,
// then mulberry32) and the same draws, so both write the very same text for a point
// (tests/js/answer_writer.test.mjs checks it on Python's cases).

const MULBERRY_STEP = 0x6d2b79f5;
const UTF8 = new TextEncoder();

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

// Sentence counts at a point in hundredths, as Python's counts_in_hundredths (integer arithmetic):
// {sentences, content, why, wrong, padding}.
export function sentenceCounts(tables, lengthHundredths, substanceHundredths) {
  const c = tables.counts;
  const clip = (value, low, high) => Math.min(Math.max(value, low), high);
  const length = clip(lengthHundredths, -c.range, c.range);
  const substance = clip(substanceHundredths, -c.range, c.range);
  const offBest = (length - c.best_length) ** 2;
  const deficit = length < c.best_length ? offBest : 0;
  const said = Math.floor((c.tip_at + 100 * substance - deficit) / c.tip_step);
  const curt = said <= 0; // nothing left to say: a bare tip from s = 0.5, else a myth
  const content = Math.max(clip(said, 0, c.most_content), curt && substance >= c.wrong_at ? 1 : 0);
  const whys = Math.floor((c.why_at + c.why_per_length * Math.min(length, c.best_length)) / 100);
  const why = Math.min(content, Math.max(whys, 0));
  const wrong = Math.min(
    Math.max(Math.floor((c.wrong_at - substance) / 100), 0) +
      (curt && substance < c.wrong_at ? 1 : 0),
    c.most_wrong,
  );
  const padding =
    length > c.best_length
      ? Math.min(Math.floor((c.padding_per_square * offBest) / c.square), c.most_padding)
      : 0;
  return { sentences: content + why + wrong + padding, content, why, wrong, padding };
}

// A point in units, read to the hundredth (halves up), as Python's _hundredths.
export function hundredths(value, scale = 100) {
  return Math.floor(value * scale + 0.5);
}

const PLACES = ["opening", "middle", "closing"];

// The padding one answer may use, as [place, template]: as Python's _padding_pool.
function paddingPool(tables, next) {
  const { padding } = tables;
  const pool = shuffled(padding.opening.length, next)
    .slice(0, padding.most_openings)
    .map((i) => ["opening", padding.opening[i]]);
  for (const text of padding.middle) pool.push(["middle", text]);
  for (const kind of tables.closing_kinds) {
    const closings = padding.closing[kind];
    pool.push(["closing", closings[Math.floor(next() * closings.length)]]);
  }
  return pool;
}

// The answer to question `id` at a point in hundredths: [{kind, text}, ...] in order.
export function answerSentences(tables, id, lengthHundredths, substanceHundredths, seed = 0) {
  const question = tables.questions.find((item) => item.id === id) || tables.questions[0];
  const counts = sentenceCounts(tables, lengthHundredths, substanceHundredths);
  const next = mulberry32(
    fnv1a(`${question.id}:${lengthHundredths}:${substanceHundredths}:${seed}`),
  );
  const fill = (text) =>
    text.replaceAll("{topic}", question.topic).replaceAll("{question}", question.question);
  const choice = counts.content
    ? Math.min(counts.content + tables.tip_choice, question.content.length)
    : 0;
  const tips = shuffled(choice, next).slice(0, counts.content); // drawn order: openings vary
  const myths = shuffled(question.wrong.length, next)
    .filter((i) => !question.against[i].some((tip) => tips.includes(tip)))
    .slice(0, counts.wrong);
  const pool = paddingPool(tables, next);
  const picked = shuffled(pool.length, next).slice(0, counts.padding);
  picked.sort((a, b) => PLACES.indexOf(pool[a][0]) - PLACES.indexOf(pool[b][0])); // stable
  const chosen = picked.map((index) => pool[index]);
  // The body in units, so that middle padding never comes between a tip and its why.
  const body = tips.map((tip, place) => [
    { kind: "content", text: question.content[tip] },
    ...(place < counts.why ? [{ kind: "why", text: question.why[tip] }] : []),
  ]);
  for (const index of myths) body.push([{ kind: "wrong", text: question.wrong[index] }]);
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

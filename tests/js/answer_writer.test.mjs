// The answer writer's twin (answer_writer.js) against core/answer_text.py, on cases Python wrote
// (scripts/js_fixtures.py; python -m scripts.js_fixtures rewrites tests/js/fixtures/).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  answerSentences,
  fnv1a,
  hundredths,
  mulberry32,
  sentenceCounts,
} from "../../ui/playground/stage_assets/answer_writer.js";

const {
  tables,
  cases,
  hundredths: rounding,
} = JSON.parse(readFileSync(new URL("./fixtures/answer_writer.json", import.meta.url), "utf8"));

test("the browser writes every case's answer as Python does, sentence for sentence", () => {
  assert.ok(cases.length >= 80);
  for (const [id, length, substance, seed, expected] of cases) {
    const written = answerSentences(tables, id, length, substance, seed).map(({ kind, text }) => [
      kind,
      text,
    ]);
    assert.deepEqual(written, expected, `${id} at (${length}, ${substance}), seed ${seed}`);
  }
  const kinds = new Set(cases.flatMap(([, , , , sentences]) => sentences.map(([kind]) => kind)));
  assert.deepEqual([...kinds].sort(), ["content", "padding", "undo", "why", "wrong"]); // the cases reach every kind
});

test("counts: two tips with their whys at the origin; padding only past l = 0.5; one sentence at the short end", () => {
  assert.deepEqual(sentenceCounts(tables, 0, 0), {
    sentences: 4,
    content: 2,
    why: 2,
    wrong: 0,
    undo: 0,
    padding: 0,
  });
  assert.equal(sentenceCounts(tables, 50, 0).padding, 0);
  assert.ok(
    sentenceCounts(tables, 51, 0).padding >= 0 && sentenceCounts(tables, 150, 0).padding > 0,
  );
  // The longest answer: every sentence the length steps allow, 7 of them said (here all wrong).
  assert.deepEqual(sentenceCounts(tables, 600, -1000), {
    sentences: tables.length_steps.length + 1,
    content: 0,
    why: 0,
    wrong: 7,
    undo: 0,
    padding: tables.length_steps.length + 1 - 7,
  });
  assert.equal(sentenceCounts(tables, -600, 600).sentences, 1);
  // Far past the best length, a strong answer takes its own tips back.
  const overlong = sentenceCounts(tables, 337, 319);
  assert.ok(overlong.undo > 0 && overlong.padding > 10, JSON.stringify(overlong));
});

test("points are read to the hundredth as Python reads them", () => {
  for (const [value, expected] of rounding) assert.equal(hundredths(value), expected, `${value}`);
});

test("the generator is FNV-1a then mulberry32 (their published values)", () => {
  assert.equal(fnv1a(""), 0x811c9dc5);
  assert.equal(fnv1a("a"), 0xe40c292c); // FNV-1a 32's test vector for "a"
  const next = mulberry32(0);
  const first = next();
  assert.ok(first >= 0 && first < 1);
  assert.notEqual(next(), first);
});

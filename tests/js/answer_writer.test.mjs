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
  assert.deepEqual([...kinds].sort(), ["content", "padding", "why", "wrong"]); // the cases reach every kind
});

test("counts: three tips at the origin, two with their whys; padding only past l = 0.5; short answers thin", () => {
  assert.deepEqual(sentenceCounts(tables, 0, 0), {
    sentences: 5,
    content: 3,
    why: 2,
    wrong: 0,
    padding: 0,
  });
  assert.equal(sentenceCounts(tables, 50, 0).padding, 0);
  assert.equal(sentenceCounts(tables, 150, 0).padding, 2); // 2·(l - 0.5)²
  // Substance is content at every length: the longest, strongest answer keeps all nine tips.
  const longest = sentenceCounts(tables, 600, 600);
  assert.equal(longest.content, 9);
  assert.equal(longest.padding, tables.counts.most_padding);
  // A very short answer says one thing: a bare tip at high substance, a myth at low.
  assert.deepEqual(sentenceCounts(tables, -600, 600), {
    sentences: 1,
    content: 1,
    why: 0,
    wrong: 0,
    padding: 0,
  });
  assert.equal(sentenceCounts(tables, -600, 0).wrong, 1);
  assert.equal(sentenceCounts(tables, -600, 0).sentences, 1);
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

// The stage's words in the reader's language: every visible string is written in English and
// wrapped, t("Reveal the truth"); Python sends the reader's catalogue entries these scripts
// name (ui/playground/stage_words.py), and t() looks the English up there, else keeps it.
// Placeholders are Python's, {name}, filled from numbers already written (format.js).

let words = {};

export function setWords(table) {
  words = table && typeof table === "object" ? table : {};
}

export function t(text, values) {
  const said = Object.hasOwn(words, text) ? words[text] : text;
  if (!values) return said;
  return said.replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole,
  );
}

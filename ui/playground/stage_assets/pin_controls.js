// The pin's buttons (Pin, Clear) and label on the stage's toolbar, and the pin Python sends
// when the address sets it (a link opened, Back or Forward). The picture itself is pin.js's.

import { pinLabel, pinText, snapshotOf } from "./pin.js";
import { t } from "./words.js";

// The Pin and Clear buttons and the pin's label, in `parent`; `onChange()` after each press.
export function buildPinControls(stage, parent, onChange) {
  const box = (stage.pinControls = {});
  box.pin = button(
    parent,
    t("📌 Pin this picture"),
    "pin",
    t("Keep this picture, faded, while you change the settings"),
  );
  box.clear = button(parent, t("Clear pin"), "clear", t("Remove the pinned picture"));
  box.label = document.createElement("span");
  box.label.className = "pin-label";
  box.label.dataset.pinLabel = "";
  parent.appendChild(box.label);
  box.pin.addEventListener("click", () => {
    const indices = { beta: stage.stopIndex("beta"), n: stage.stopIndex("n") };
    const picture = snapshotOf(stage.world, indices);
    stage.pin = { text: pinText(picture), picture };
    onChange();
  });
  box.clear.addEventListener("click", () => {
    stage.pin = null;
    onChange();
  });
  showPinControls(stage);
}

function button(parent, text, kind, title) {
  const node = document.createElement("button");
  Object.assign(node, {
    type: "button",
    className: `play tool pin-${kind}`,
    textContent: text,
    title,
  });
  node.dataset.pinAction = kind;
  parent.appendChild(node);
  return node;
}

export function showPinControls(stage) {
  const box = stage.pinControls;
  if (!box) return;
  box.clear.disabled = !stage.pin;
  box.label.textContent = stage.pin
    ? t("Pinned (faded, dashed): {pin}", { pin: pinLabel(stage.pin.picture) })
    : "";
  stage.root.dataset.pin = stage.pin ? stage.pin.text : "";
}

// Python's pin ({id, text, snapshot}); taken when the address set it (a new id). True if taken.
export function receivePin(stage, sent) {
  if (!sent || sent.id === stage.pinRequestId) return false;
  stage.pinRequestId = sent.id;
  stage.pin = sent.text && sent.snapshot ? { text: sent.text, picture: sent.snapshot } : null;
  showPinControls(stage);
  return true;
}

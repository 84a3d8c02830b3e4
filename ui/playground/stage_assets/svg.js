// SVG and HTML element helpers: no state, no drawing of their own.

const SVG = "http://www.w3.org/2000/svg";

// An element ("svg:circle" for SVG) with attributes, appended to parent, with text if given.
export function el(tag, attributes = {}, parent = null, text = null) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS(SVG, tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// node's text set to text, unless it already is (a write, even of the same text, is a layout).
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// An SVG of width x height px whose units are pixels.
export function sizeLike(svg, width, height) {
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
}

// A five-pointed star's path around (cx, cy): the curves' peak of true quality.
export function starPath(cx, cy, radius) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? radius : radius * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return `M${points.join("L")}Z`;
}

// A small stand-in for the browser, for the stage modules that touch the page (node has no DOM,
// and the tests take no npm package): elements with attributes, children, text, dataset,
// classList, listeners and simple selectors; a clock for timers and animation frames; and the
// few globals the stage reads (window, getComputedStyle, ResizeObserver, XMLSerializer).
// Layout is whatever a test says: `node.clientWidth = 560`, `node.rect = {top: 80, ...}`.
//
//   const dom = installDom();   // globals in place
//   ...
//   dom.restore();              // globals as they were
//
// Selectors are compound ones only: `svg.chart`, `[data-readout="beta-gold"]`, `[data-mark$="gold_gain"]`.

const HTML_NS = "http://www.w3.org/1999/xhtml";
const FRAME_MS = 16; // the clock's animation frame: ~60 per second, as a browser's

class FakeText {
  constructor(text) {
    this.nodeType = 3;
    this.data = String(text);
    this.parentNode = null;
  }

  get textContent() {
    return this.data;
  }

  cloneNode() {
    return new FakeText(this.data);
  }
}

// A node out of its parent's children, if it has one.
function detach(node) {
  const siblings = node.parentNode?.childNodes;
  if (siblings?.includes(node)) siblings.splice(siblings.indexOf(node), 1);
  node.parentNode = null;
}

// data-* attributes as camelCase properties, as element.dataset is.
function datasetOf(node) {
  const attribute = (name) =>
    `data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return new Proxy(
    {},
    {
      get: (_, name) =>
        typeof name === "string" ? (node.getAttribute(attribute(name)) ?? undefined) : undefined,
      set: (_, name, value) => {
        node.setAttribute(attribute(name), value);
        return true;
      },
      deleteProperty: (_, name) => {
        node.removeAttribute(attribute(name));
        return true;
      },
      has: (_, name) => node.hasAttribute(attribute(name)),
    },
  );
}

export class FakeElement {
  constructor(ownerDocument, tagName, namespaceURI = HTML_NS) {
    this.nodeType = 1;
    this.ownerDocument = ownerDocument;
    this.localName = tagName;
    this.namespaceURI = namespaceURI;
    this.attributes = new Map();
    this.childNodes = [];
    this.parentNode = null;
    this.listeners = {};
    this.style = {};
    this.dataset = datasetOf(this);
    this.classList = {
      contains: (name) => this.classNames().includes(name),
      add: (name) => this.classList.toggle(name, true),
      remove: (name) => this.classList.toggle(name, false),
      toggle: (name, force = !this.classList.contains(name)) => {
        const others = this.classNames().filter((item) => item !== name);
        this.setAttribute("class", (force ? [...others, name] : others).join(" "));
        return force;
      },
    };
    // Layout, as a test sets it.
    this.clientWidth = 0;
    this.offsetWidth = 0;
    this.offsetHeight = 0;
    this.scrollTop = 0;
    this.rect = null;
    this.computed = {}; // getComputedStyle's answers for this element: {fontSize: "18px", ...}
  }

  get tagName() {
    return this.localName.toUpperCase();
  }

  classNames() {
    return (this.getAttribute("class") || "").split(/\s+/).filter(Boolean);
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  removeAttribute(name) {
    this.attributes.delete(name);
  }

  hasAttribute(name) {
    return this.attributes.has(name);
  }

  get children() {
    return this.childNodes.filter((node) => node.nodeType === 1);
  }

  get parentElement() {
    return this.parentNode instanceof FakeElement ? this.parentNode : null;
  }

  appendChild(node) {
    detach(node);
    node.parentNode = this;
    this.childNodes.push(node);
    return node;
  }

  append(...nodes) {
    for (const node of nodes)
      this.appendChild(typeof node === "string" ? new FakeText(node) : node);
  }

  prepend(...nodes) {
    const after = this.childNodes.splice(0);
    for (const node of after) node.parentNode = null;
    this.append(...nodes);
    for (const node of after) this.appendChild(node);
  }

  replaceChildren(...nodes) {
    for (const node of this.childNodes.splice(0)) node.parentNode = null;
    this.append(...nodes);
  }

  remove() {
    detach(this);
  }

  cloneNode(deep = false) {
    const copy = new FakeElement(this.ownerDocument, this.localName, this.namespaceURI);
    for (const [name, value] of this.attributes) copy.setAttribute(name, value);
    if (deep) for (const node of this.childNodes) copy.appendChild(node.cloneNode(true));
    return copy;
  }

  get textContent() {
    return this.childNodes.map((node) => node.textContent).join("");
  }

  set textContent(text) {
    this.replaceChildren(...(String(text) === "" ? [] : [new FakeText(text)]));
  }

  get innerHTML() {
    return this.childNodes.map(serialize).join("");
  }

  set innerHTML(markup) {
    this.replaceChildren(...parseMarkup(this.ownerDocument, markup, this.namespaceURI));
  }

  // Boolean and plain attributes that are also properties.
  get hidden() {
    return this.hasAttribute("hidden");
  }
  set hidden(on) {
    if (on) this.setAttribute("hidden", "");
    else this.removeAttribute("hidden");
  }
  get disabled() {
    return this.hasAttribute("disabled");
  }
  set disabled(on) {
    if (on) this.setAttribute("disabled", "");
    else this.removeAttribute("disabled");
  }
  get className() {
    return this.getAttribute("class") || "";
  }
  set className(text) {
    this.setAttribute("class", text);
  }
  get value() {
    return this.currentValue ?? this.getAttribute("value") ?? "";
  }
  set value(text) {
    this.currentValue = String(text);
  }

  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }

  // A test's event: {type, target: this, ...fields}, to this element's listeners and up.
  dispatch(type, fields = {}) {
    const event = { type, target: this, ...fields };
    for (let node = this; node; node = node.parentNode) {
      for (const listener of node.listeners?.[type] || []) listener(event);
    }
    return event;
  }

  click() {
    this.dispatch("click", { pointerType: "mouse" });
  }

  getBoundingClientRect() {
    const { left = 0, top = 0, width = this.clientWidth, height = 0 } = this.rect || {};
    return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top };
  }

  getRootNode() {
    let node = this;
    while (node.parentNode) node = node.parentNode;
    return node;
  }

  get isConnected() {
    return Boolean(this.getRootNode().connected);
  }

  matches(selector) {
    return matchesCompound(this, selector);
  }

  closest(selector) {
    for (let node = this; node instanceof FakeElement; node = node.parentNode) {
      if (node.matches(selector)) return node;
    }
    return null;
  }

  querySelectorAll(selector) {
    const found = [];
    const visit = (node) => {
      for (const child of node.children) {
        if (child.matches(selector)) found.push(child);
        visit(child);
      }
    };
    visit(this);
    return found;
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
}

// One compound selector: an optional tag, then .class, [name], [name="value"] or [name$="value"].
function matchesCompound(node, selector) {
  const parts = selector.match(/^[\w-]+|\.[\w-]+|\[[^\]]+\]/g) || [];
  if (parts.join("") !== selector)
    throw new Error(`fake DOM: cannot read the selector ${selector}`);
  return parts.every((part) => {
    if (part.startsWith(".")) return node.classList.contains(part.slice(1));
    if (!part.startsWith("[")) return node.localName.toLowerCase() === part.toLowerCase();
    const [, name, operator, value] = part.match(/^\[([\w-]+)(?:(\$?=)"([^"]*)")?\]$/);
    const actual = node.getAttribute(name);
    if (operator === undefined) return actual !== null;
    return operator === "=" ? actual === value : actual !== null && actual.endsWith(value);
  });
}

// Markup as the stage writes it (well formed, attributes in double quotes) into nodes.
function parseMarkup(document, markup, namespaceURI) {
  const root = new FakeElement(document, "root", namespaceURI);
  let open = root;
  for (const [, closing, tag, attributes, selfClosing, text] of markup.matchAll(
    /<(\/?)([\w:-]+)([^>]*?)(\/?)>|([^<]+)/g,
  )) {
    if (text !== undefined) open.appendChild(new FakeText(text));
    else if (closing) open = open.parentNode;
    else {
      const node = new FakeElement(
        document,
        tag,
        tag === "svg" ? "http://www.w3.org/2000/svg" : open.namespaceURI,
      );
      for (const [, name, value] of attributes.matchAll(/([\w:-]+)="([^"]*)"/g))
        node.setAttribute(name, value);
      open.appendChild(node);
      if (!selfClosing) open = node;
    }
  }
  return root.childNodes.splice(0).map((node) => Object.assign(node, { parentNode: null }));
}

const escapeText = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// A node as XMLSerializer writes it.
export function serialize(node) {
  if (node.nodeType === 3) return escapeText(node.data);
  const attributes = [...node.attributes]
    .map(([name, value]) => ` ${name}="${escapeText(value).replace(/"/g, "&quot;")}"`)
    .join("");
  const inner = node.childNodes.map(serialize).join("");
  return inner
    ? `<${node.localName}${attributes}>${inner}</${node.localName}>`
    : `<${node.localName}${attributes}/>`;
}

export class FakeDocument {
  constructor() {
    this.documentElement = new FakeElement(this, "html");
    this.documentElement.connected = true;
    this.body = this.documentElement.appendChild(new FakeElement(this, "body"));
    this.scrollingElement = { scrollTop: 0 };
  }

  createElement(tag) {
    const node = new FakeElement(this, tag);
    if (tag === "canvas") node.getContext = () => fakeContext();
    if (tag === "canvas") node.toDataURL = () => "data:image/png;base64,";
    return node;
  }

  createElementNS(namespaceURI, tag) {
    return new FakeElement(this, tag, namespaceURI);
  }

  querySelector(selector) {
    return this.documentElement.matches(selector)
      ? this.documentElement
      : this.documentElement.querySelector(selector);
  }
}

function fakeContext() {
  return {
    createImageData: (width, height) => ({
      width,
      height,
      data: new Uint8ClampedArray(4 * width * height),
    }),
    putImageData() {},
    scale() {},
    drawImage() {},
  };
}

// Timers and animation frames on a clock that moves only when a test says so.
export class FakeClock {
  constructor() {
    this.now = 0;
    this.timers = new Map(); // id -> {at, callback}
    this.frames = new Map(); // id -> callback
    this.nextId = 1;
  }

  setTimeout = (callback, ms = 0) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + Math.max(0, Number(ms) || 0), callback });
    return id;
  };

  clearTimeout = (id) => {
    this.timers.delete(id);
  };

  requestAnimationFrame = (callback) => {
    const id = this.nextId++;
    this.frames.set(id, callback);
    return id;
  };

  cancelAnimationFrame = (id) => {
    this.frames.delete(id);
  };

  // Moves the clock on by ms, frame by frame: due timers in their order, then that frame's callbacks.
  tick(ms) {
    const end = this.now + ms;
    while (this.now < end) {
      this.now = Math.min(end, this.now + FRAME_MS);
      for (;;) {
        const due = [...this.timers]
          .filter(([, timer]) => timer.at <= this.now)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        this.timers.delete(due[0]);
        due[1].callback();
      }
      const frames = [...this.frames.values()];
      this.frames.clear();
      for (const callback of frames) callback(this.now);
    }
  }
}

// matchMedia for the media features a test names true, e.g.
// {"(prefers-reduced-motion: reduce)": true}: each query a live list whose change listeners
// setMedia(query, matches) calls; `asked` counts the reads.
export class FakeMedia {
  constructor(features = {}) {
    this.features = { ...features };
    this.lists = [];
    this.asked = 0;
  }

  matchMedia = (query) => {
    this.asked += 1;
    const media = this;
    const list = {
      media: query,
      listeners: [],
      get matches() {
        return Boolean(media.features[query]);
      },
      addEventListener(type, listener) {
        if (type === "change") this.listeners.push(listener);
      },
    };
    this.lists.push(list);
    return list;
  };

  setMedia(query, matches) {
    this.features[query] = matches;
    for (const list of this.lists.filter((each) => each.media === query)) {
      for (const listener of list.listeners) listener({ media: query, matches });
    }
  }
}

// The globals a stage module reads, in place until restore(): {document, window, clock, media,
// restore}; `media` names the media features that match (none by default).
export function installDom({ innerWidth = 1280, innerHeight = 720, media: features = {} } = {}) {
  const document = new FakeDocument();
  const clock = new FakeClock();
  const media = new FakeMedia(features);
  const window = {
    innerWidth,
    innerHeight,
    listeners: {},
    addEventListener(type, listener) {
      (this.listeners[type] ||= []).push(listener);
    },
    removeEventListener(type, listener) {
      this.listeners[type] = (this.listeners[type] || []).filter((each) => each !== listener);
    },
  };
  const observed = [];
  const globals = {
    document,
    window,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    requestAnimationFrame: clock.requestAnimationFrame,
    cancelAnimationFrame: clock.cancelAnimationFrame,
    performance: { now: () => clock.now, measure() {} },
    matchMedia: media.matchMedia,
    getComputedStyle: (node) => ({
      fontSize: "16px",
      fontFamily: "sans-serif",
      display: node.style.display || "inline",
      ...node.computed,
      getPropertyValue: (name) => (node.computed.properties || {})[name] ?? "",
    }),
    ResizeObserver: class {
      constructor(callback) {
        this.callback = callback;
      }
      observe(node) {
        observed.push({ node, observer: this });
      }
      disconnect() {
        observed.splice(0, observed.length, ...observed.filter((o) => o.observer !== this));
      }
    },
    XMLSerializer: class {
      serializeToString(node) {
        return serialize(node);
      }
    },
  };
  const before = {};
  for (const [name, value] of Object.entries(globals)) {
    before[name] = Object.getOwnPropertyDescriptor(globalThis, name);
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
  }
  const restore = () => {
    for (const [name, descriptor] of Object.entries(before)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete globalThis[name];
    }
  };
  return { document, window, clock, media, observed, restore };
}

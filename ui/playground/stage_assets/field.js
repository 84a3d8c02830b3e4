// Reading the world's numbers between the points Python sent: curves, fields, colour scales.

export const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
export const lerp = (a, b, t) => a + (b - a) * t;

// ys at x on a curve whose xs are monotonic (rising or falling), and the nearer point's index.
export function interpolateAt(xs, ys, x) {
  const rising = xs[xs.length - 1] > xs[0];
  let low = 0;
  let high = xs.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (xs[middle] > x === rising) high = middle;
    else low = middle;
  }
  const t = clamp((x - xs[low]) / (xs[high] - xs[low] || 1), 0, 1);
  return { index: t < 0.5 ? low : high, value: lerp(ys[low], ys[high], t) };
}

// Bilinear reading of a field shipped on a regular grid, [substance][length], in 1/scale.
export function fieldSampler(grid, values, scale) {
  const size = grid.length;
  const step = grid[1] - grid[0];
  return (length, substance) => {
    const u = clamp((length - grid[0]) / step, 0, size - 1.001);
    const v = clamp((substance - grid[0]) / step, 0, size - 1.001);
    const column = Math.floor(u);
    const row = Math.floor(v);
    const fu = u - column;
    const fv = v - row;
    const at = (r, c) => values[r * size + c];
    const top = lerp(at(row, column), at(row, column + 1), fu);
    const bottom = lerp(at(row + 1, column), at(row + 1, column + 1), fu);
    return lerp(top, bottom, fv) / scale;
  };
}

// A colour scale [[position, "#rrggbb"], ...] read at t in [0, 1], as [r, g, b].
export function colourAt(stops, t) {
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let i = 1; i < stops.length; i += 1) {
    if (t <= stops[i][0]) {
      const local = (t - stops[i - 1][0]) / (stops[i][0] - stops[i - 1][0]);
      const [a, b] = [rgb(stops[i - 1][1]), rgb(stops[i][1])];
      return a.map((value, k) => Math.round(lerp(value, b[k], local)));
    }
  }
  return rgb(stops[stops.length - 1][1]);
}

// The stage's steps timed as performance.measure("stage:<step>") entries, only when a
// benchmark asks (window.__stageProfile = true: bench.stage_profile); otherwise a plain call.

export function timed(step, work) {
  if (!globalThis.__stageProfile) return work();
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure(`stage:${step}`, { start });
  }
}

// One entry in the browser's history per action of the reader.
//
// Streamlit 1.67's frontend pushes a history entry for every URL update the server sends
// (each st.query_params write, and each bound slider that Python moves), and only replaces
// the entry for a bound slider the reader moves: a story step that changed b and σ made three
// entries, a b or σ drag none. Here every URL change made after one press of a key or a
// pointer (a step, a stage move, a b/σ drag, a page switch) goes into one entry, and the
// changes a run makes after Back or Forward (the browser's popstate) replace that entry.
//
// server/serving.py puts this file in the page itself, run before Streamlit's bundle: mounted
// as a component, it came only with the first run's elements, and a deep link whose first run
// corrects the address (?beta=abc, a page that adds its opening σ) had pushed an entry by
// then, so Back from the first page did not leave the app. It installs itself once.

const KEEPER = "__oneEntryPerAction";

export default function keepOneEntryPerAction() {
  if (window[KEEPER]) return; // installed once per document; pages come and go inside it
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  // open: the current entry still belongs to the latest action and takes its URL changes.
  const keeper = { open: true, pushed: 0, replaced: 0 };
  window[KEEPER] = keeper;
  const actionStarts = () => {
    keeper.open = false;
  };
  window.addEventListener("pointerdown", actionStarts, true);
  window.addEventListener("keydown", actionStarts, true);
  // Back or Forward: the run that follows the new URL corrects it in place.
  window.addEventListener("popstate", () => (keeper.open = true), true);

  const write = (state, title, url) => {
    const same =
      url === undefined || url === null || new URL(url, location.href).href === location.href;
    if (keeper.open || same) {
      keeper.replaced += 1;
      replace(state, title, url);
    } else {
      keeper.pushed += 1;
      keeper.open = true;
      push(state, title, url);
    }
  };
  history.pushState = write;
  history.replaceState = write;
}

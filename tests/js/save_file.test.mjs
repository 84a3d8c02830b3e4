// The downloads' shared saving (ui/shared_assets/save_file.js), which the stage's export.js and
// the class poll's downloads.js both import: a Blob saved under its name by a link clicked once
// and taken away, its URL let go a minute later. svgToPng needs a real image decoder: the
// browser tests take the PNGs.
import assert from "node:assert/strict";
import { resolveObjectURL } from "node:buffer";
import { test } from "node:test";

import { save } from "../../ui/shared_assets/save_file.js";
import { installDom } from "./fake_dom.mjs";

test("a blob is saved by one click on a link to it, named, which leaves the page at once", async () => {
  const dom = installDom();
  try {
    const clicks = [];
    dom.document.body.addEventListener("click", (event) =>
      clicks.push({
        href: event.target.href,
        download: event.target.download,
        inPage: event.target.parentNode === dom.document.body,
      }),
    );
    save(new Blob(["a,b\n1,2\n"], { type: "text/csv" }), "counts.csv");
    assert.equal(clicks.length, 1);
    const [{ href, download, inPage }] = clicks;
    assert.deepEqual([download, inPage], ["counts.csv", true]);
    assert.equal(await resolveObjectURL(href).text(), "a,b\n1,2\n");
    assert.equal(dom.document.body.childNodes.length, 0); // the link is gone
    dom.clock.tick(59_000);
    assert.ok(resolveObjectURL(href), "the file's URL held while the save may still read it");
    dom.clock.tick(1_000);
    assert.equal(resolveObjectURL(href), undefined); // let go after a minute
  } finally {
    dom.restore();
  }
});

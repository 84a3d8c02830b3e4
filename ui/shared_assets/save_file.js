// A file to take away, built in the browser: an SVG drawn into a PNG, and a Blob saved under a
// name. Shared by the pages' downloads (the Playground's stage, export.js; the class poll's
// histogram, downloads.js), so it sits below both pages' folders.

const PNG_SCALE = 2; // a PNG at twice the screen's pixels: sharp on a slide

export const svgToPng = async (text, width, height) => {
  const image = new Image();
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * PNG_SCALE);
    canvas.height = Math.round(height * PNG_SCALE);
    const context = canvas.getContext("2d");
    context.scale(PNG_SCALE, PNG_SCALE);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
};

export function save(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

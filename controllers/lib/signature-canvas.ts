import { DirectUpload } from "@rails/activestorage";
import { DIRECT_UPLOADS_PATH } from "#domain/files/uploads.ts";
import type SignaturePad from "signature_pad";

// A drawn signature: the canvas kept at the screen's pixel density, and its upload as a PNG through
// the same direct-upload path as photos (use=signature).

const SIGNATURE_UPLOAD_URL = `${DIRECT_UPLOADS_PATH}?use=signature`;

/** Draws the canvas at the screen's pixel density, as wide as it is shown, keeping what is drawn. */
export function fitSignatureCanvas(canvas: HTMLCanvasElement, pad: SignaturePad | undefined): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const drawing = pad?.toData() ?? [];
  canvas.width = (canvas.offsetWidth || 600) * ratio;
  canvas.height = (canvas.offsetHeight || 200) * ratio;
  canvas.getContext("2d")?.scale(ratio, ratio);
  pad?.fromData(drawing);
}

/** Uploads the canvas as signature.png; resolves with the blob's signed id. */
export function uploadSignature(canvas: HTMLCanvasElement): Promise<string> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((png) => {
      if (!png) return reject(new Error("The signature could not be read"));
      new DirectUpload(new File([png], "signature.png", { type: "image/png" }), SIGNATURE_UPLOAD_URL).create((error, blob) =>
        error || !blob ? reject(new Error(typeof error === "string" ? error : "The signature could not be saved")) : resolve(blob.signed_id),
      );
    }, "image/png");
  });
}

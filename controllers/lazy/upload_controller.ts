import { Controller } from "@hotwired/stimulus";
import { DirectUploadController } from "@rails/activestorage";
import { renderStreamMessage } from "@hotwired/turbo";
import { csrfToken } from "../lib/http.ts";

const TURBO_STREAM = "text/vnd.turbo-stream.html";
// A stream when it works, the reason as JSON ({ error }) when it is refused.
const STREAM_OR_REASON = `${TURBO_STREAM}, application/json`;
/** Where an upload is handed over unless a path is configured; `:signed_id` stands for the blob's signed id. */
export const DEFAULT_HANDOVER_PATH = "/file_attachments/:signed_id";
/** The hidden field the form-submit mode adds for each upload before it sends the form. */
export const SIGNED_ID_FIELD = "blob_signed_id";

// Uploads files the moment they are dropped on the area or chosen, each through ActiveStorage's own
// DirectUploadController (announce, PUT, progress to 90 % while sending, then simulated to 99 % until
// the answer). Then each upload is handed over, by mode:
// - "request" (the default): a request answered with a Turbo Stream, which is rendered. By default
//   GET /file_attachments/:signed_id?list_id= (the file as a pending item of a form's list, which the
//   form sends); with a configured method and path (data-upload-method-value, data-upload-url-value),
//   any other method sends JSON {blob_signed_id, list_id} with the CSRF header (POST to a job's or a
//   load's attachments attaches it at once).
// - "submit": a hidden blob_signed_id field is added to the form around it, and once every file has
//   uploaded the form is sent.
// While files upload the input is disabled and "Uploading…" shows, and a form sent meanwhile is held
// back (flagged data-processing) and sent once they are done; on any error the input is enabled
// again and the form is not sent. A file PUT straight to a storage bucket is checked by the server
// only when it is handed over: a refusal then is shown as an upload error is.

type UploadEvent = CustomEvent<{ id: number; file: File; progress?: number; error?: string }>;

export default class UploadController extends Controller<HTMLElement> {
  static targets = ["input", "area", "loading", "progress"];
  static values = { url: String, method: { type: String, default: "get" }, listId: String, mode: { type: String, default: "request" }, field: String };

  declare readonly inputTarget: HTMLInputElement;
  declare readonly areaTarget: HTMLElement;
  declare readonly loadingTarget: HTMLElement;
  declare readonly progressTarget: HTMLOListElement;
  declare readonly urlValue: string;
  declare readonly methodValue: string;
  declare readonly listIdValue: string;
  declare readonly modeValue: "request" | "submit";
  declare readonly fieldValue: string;

  private uploading = 0;
  private heldSubmitter: HTMLElement | null | undefined;
  private form: HTMLFormElement | null = null;

  connect() {
    this.form = this.element.closest("form");
    this.form?.addEventListener("submit", this.holdWhileUploading);
  }

  disconnect() {
    this.form?.removeEventListener("submit", this.holdWhileUploading);
  }

  private holdWhileUploading = (event: SubmitEvent) => {
    if (!this.uploading) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.heldSubmitter = event.submitter;
    this.form!.dataset.processing = "";
  };

  over(event: DragEvent) {
    event.preventDefault();
    this.areaTarget.classList.add("drag-over");
  }

  leave() {
    this.areaTarget.classList.remove("drag-over");
  }

  /** Dropped files go into the file input, exactly as if they had been chosen, then upload. */
  drop(event: DragEvent) {
    event.preventDefault();
    this.leave();
    if (!event.dataTransfer?.files.length) return;
    this.inputTarget.files = event.dataTransfer.files;
    void this.upload();
  }

  async upload() {
    const files = Array.from(this.inputTarget.files ?? []);
    if (!files.length) return;
    this.inputTarget.disabled = true;
    this.loadingTarget.hidden = false;
    this.uploading += 1;
    let handedOver: boolean[] = [];
    try {
      handedOver = await Promise.all(files.map((file) => this.send(file)));
    } finally {
      this.uploading -= 1;
      this.inputTarget.disabled = false;
      this.inputTarget.value = "";
      this.loadingTarget.hidden = true;
      if (this.modeValue === "submit") this.submitWithUploads(handedOver);
      else this.releaseHeldForm();
    }
  }

  progress(event: UploadEvent) {
    this.bar(event.detail.id)?.setAttribute("value", String(Math.round(event.detail.progress ?? 0)));
  }

  failed(event: UploadEvent) {
    // Logged here; ActiveStorage then shows it by alert, unless another handler took care of it.
    console.error(event.detail.error);
    this.row(event.detail.id)?.classList.add("upload-failed");
  }

  ended(event: UploadEvent) {
    const row = this.row(event.detail.id);
    if (row && !row.classList.contains("upload-failed")) this.bar(event.detail.id)?.setAttribute("value", "100");
  }

  /** One file: a slot input of its own carries it through DirectUploadController, which leaves the signed id beside it. True once handed over. */
  private send(file: File): Promise<boolean> {
    const slot = document.createElement("input");
    slot.type = "file";
    slot.hidden = true;
    slot.name = "upload";
    slot.dataset.directUploadUrl = this.inputTarget.dataset.directUploadUrl;
    this.element.append(slot);
    const upload = new DirectUploadController(slot, file);
    this.progressTarget.append(this.progressRow(upload.directUpload.id, file.name));
    return new Promise((resolve) => {
      upload.start(async (error) => {
        const signedId = (slot.previousElementSibling as HTMLInputElement | null)?.value;
        slot.previousElementSibling?.remove();
        slot.remove();
        if (error || !signedId) return resolve(false);
        const refusal = this.modeValue === "submit" ? this.addSignedIdField(signedId) : await this.handOver(signedId);
        if (refusal) this.refused(upload.directUpload.id, file.name, refusal);
        resolve(!refusal);
      });
    });
  }

  /** Form-submit mode: the form gets the upload as a hidden blob_signed_id field (sent by submitWithUploads). */
  private addSignedIdField(signedId: string): string | null {
    if (!this.form) return "This upload has no form to send it with";
    const field = document.createElement("input");
    field.type = "hidden";
    field.name = SIGNED_ID_FIELD;
    field.value = signedId;
    this.element.append(field);
    return null;
  }

  /** Form-submit mode: once every upload is done and each was added, the form is sent (with the button pressed meanwhile, if any). */
  private submitWithUploads(handedOver: boolean[]) {
    if (this.uploading || !this.form) return;
    const held = "processing" in this.form.dataset;
    delete this.form.dataset.processing;
    if (!handedOver.length || !handedOver.every(Boolean)) return;
    this.form.requestSubmit(held && this.heldSubmitter instanceof HTMLButtonElement ? this.heldSubmitter : undefined);
  }

  /** A held form goes on once every upload has finished (if one failed, the person decides again). */
  private releaseHeldForm() {
    if (this.uploading || !this.form || !("processing" in this.form.dataset)) return;
    delete this.form.dataset.processing;
    const failed = this.progressTarget.querySelector(".upload-failed");
    if (!failed) this.form.requestSubmit(this.heldSubmitter instanceof HTMLButtonElement ? this.heldSubmitter : undefined);
  }

  /** Failed as an upload fails (the form is not sent with it), saying why as ActiveStorage says its errors. */
  private refused(id: number, name: string, reason: string) {
    const message = `Error storing "${name}". ${reason}`;
    console.error(message);
    this.row(id)?.classList.add("upload-failed");
    alert(message);
  }

  /**
   * Request mode: asks the configured method and path (GET /file_attachments/:signed_id by default)
   * for a Turbo Stream and renders it; the reason when the server refuses it. A GET names the list
   * (and the form field, if configured) in its query; any other method sends them as JSON with the
   * CSRF header.
   */
  private async handOver(signedId: string): Promise<string | null> {
    const method = this.methodValue.toUpperCase() || "GET";
    const path = (this.urlValue || DEFAULT_HANDOVER_PATH).replace(":signed_id", encodeURIComponent(signedId));
    if (method === "GET") {
      const query = new URLSearchParams({ list_id: this.listIdValue, ...(this.fieldValue ? { field: this.fieldValue } : {}) });
      return this.streamed(await fetch(`${path}${path.includes("?") ? "&" : "?"}${query}`, { headers: { Accept: STREAM_OR_REASON }, credentials: "same-origin" }));
    }
    const response = await fetch(path, {
      method,
      headers: { Accept: STREAM_OR_REASON, "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
      body: JSON.stringify({ [SIGNED_ID_FIELD]: signedId, list_id: this.listIdValue }),
    });
    return this.streamed(response);
  }

  private async streamed(response: Response): Promise<string | null> {
    if (response.ok) {
      renderStreamMessage(await response.text());
      return null;
    }
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
    return typeof answer.error === "string" ? answer.error : `Status: ${response.status}`;
  }

  private progressRow(id: number, name: string): HTMLLIElement {
    const row = document.createElement("li");
    row.id = `${this.element.id || "upload"}_${id}`;
    row.dataset.uploadId = String(id);
    const label = document.createElement("span");
    label.textContent = name;
    const bar = document.createElement("progress");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-label", `Uploading ${name}`);
    row.append(label, bar);
    return row;
  }

  private row(id: number): HTMLElement | null {
    return this.progressTarget.querySelector(`[data-upload-id="${id}"]`);
  }

  private bar(id: number): HTMLProgressElement | null {
    return this.row(id)?.querySelector("progress") ?? null;
  }
}

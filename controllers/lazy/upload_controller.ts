import { Controller } from "@hotwired/stimulus";
import { DirectUploadController } from "@rails/activestorage";
import { renderStreamMessage } from "@hotwired/turbo";
import { csrfToken } from "../lib/http.ts";

const TURBO_STREAM = "text/vnd.turbo-stream.html";
// A stream when it works, the reason as JSON ({ error }) when it is refused.
const STREAM_OR_REASON = `${TURBO_STREAM}, application/json`;

// Uploads files the moment they are dropped on the area or chosen, each through ActiveStorage's own
// DirectUploadController (announce, PUT, progress to 90 % while sending, then simulated to 99 % until
// the answer). Then, by mode, attaches it at once (a POST answered with a Turbo Stream adding it to
// its list) or, in a form, adds it to the form's list as a pending file the form will send. While
// files upload the input is disabled and "Uploading…" shows, and a form sent meanwhile is held back
// (flagged data-processing) and sent once they are done; on any error the input is enabled again.
// A file PUT straight to a storage bucket is checked by the server only when it is added: a refusal
// then is shown as an upload error is.

type UploadEvent = CustomEvent<{ id: number; file: File; progress?: number; error?: string }>;

export default class UploadController extends Controller<HTMLElement> {
  static targets = ["input", "area", "loading", "progress"];
  static values = { attachUrl: String, listId: String, mode: { type: String, default: "attach" }, field: String };

  declare readonly inputTarget: HTMLInputElement;
  declare readonly areaTarget: HTMLElement;
  declare readonly loadingTarget: HTMLElement;
  declare readonly progressTarget: HTMLOListElement;
  declare readonly attachUrlValue: string;
  declare readonly listIdValue: string;
  declare readonly modeValue: "attach" | "form";
  declare readonly fieldValue: string;

  private uploading = 0;
  private heldSubmitter: HTMLElement | null | undefined;
  private form: HTMLFormElement | null = null;

  connect() {
    this.form = this.modeValue === "form" ? this.element.closest("form") : null;
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
    try {
      await Promise.all(files.map((file) => this.send(file)));
    } finally {
      this.uploading -= 1;
      this.inputTarget.disabled = false;
      this.inputTarget.value = "";
      this.loadingTarget.hidden = true;
      this.releaseHeldForm();
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

  /** One file: a slot input of its own carries it through DirectUploadController, which leaves the signed id beside it. */
  private send(file: File): Promise<void> {
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
        const refusal = !error && signedId ? await (this.modeValue === "form" ? this.addPending(signedId) : this.attach(signedId)) : null;
        if (refusal) this.refused(upload.directUpload.id, file.name, refusal);
        resolve();
      });
    });
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

  /** Adds the file to the form's list; the reason when the server refuses it. */
  private async addPending(signedId: string): Promise<string | null> {
    const query = new URLSearchParams({ list_id: this.listIdValue, ...(this.fieldValue ? { field: this.fieldValue } : {}) });
    const url = `/file_attachments/${encodeURIComponent(signedId)}?${query}`;
    return this.streamed(await fetch(url, { headers: { Accept: STREAM_OR_REASON }, credentials: "same-origin" }));
  }

  /** Attaches the file; the reason when the server refuses it. */
  private async attach(signedId: string): Promise<string | null> {
    const response = await fetch(this.attachUrlValue, {
      method: "POST",
      headers: { Accept: STREAM_OR_REASON, "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
      body: JSON.stringify({ blob_signed_id: signedId, list_id: this.listIdValue }),
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
